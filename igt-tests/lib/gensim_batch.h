/* SPDX-License-Identifier: MIT */
/*
 * Batches for tests: a buffer bound in a VM that commands are written to
 * through its CPU mapping, and queues and EXEC with syncobjs - libgensim's
 * struct gsim_buffer, emitter and EXEC (gensim_batch.c) with asserts.
 * Tests that write raw dwords take their encodings from the driver's
 * gensim_cmds.h.
 */
#ifndef GENSIM_BATCH_H
#define GENSIM_BATCH_H

#include <stdint.h>

#include "gensim_ioctl.h"
#include "gensim_regs_user.h"
#include "gensim_cmds.h"

/* A buffer bound at @va in @vm, mapped for the CPU. */
struct gensim_buf {
	int fd;
	uint32_t vm, handle;
	uint64_t va, size;
	uint32_t *map;
};

struct gensim_buf gensim_buf_new(int fd, uint32_t vm, uint64_t va, uint64_t size);
void gensim_buf_free(struct gensim_buf *b);

/*
 * Memory for a libgensim dispatch (gsim_dispatch_build()) in a new VM of
 * @fd: gensim_dispatch_mem_map() is a struct gsim_va_space map callback
 * (ctx: the struct) that backs each mapping with a GEM buffer bound at its
 * address and hands back the buffer's CPU map.
 */
#define GENSIM_DISPATCH_MEM_BUFS	32
struct gensim_dispatch_mem {
	int fd;
	uint32_t vm;
	struct gensim_buf bufs[GENSIM_DISPATCH_MEM_BUFS];
	unsigned int n;
};

void gensim_dispatch_mem_init(struct gensim_dispatch_mem *m, int fd);
int gensim_dispatch_mem_map(void *ctx, uint64_t va, uint64_t size, void **cpu);
/* The CPU view of the dword at @va (fails the test if nothing is mapped there). */
uint32_t *gensim_dispatch_mem_cpu(struct gensim_dispatch_mem *m, uint64_t va);
/* Frees the buffers and destroys the VM. */
void gensim_dispatch_mem_fini(struct gensim_dispatch_mem *m);

/* A batch: commands appended at @len dwords. */
struct gensim_bb {
	struct gensim_buf buf;
	uint32_t len;
};

struct gensim_bb gensim_bb_new(int fd, uint32_t vm, uint64_t va);
void gensim_bb_emit(struct gensim_bb *bb, uint32_t dw);
void gensim_bb_end(struct gensim_bb *bb);
void gensim_bb_free(struct gensim_bb *bb);
void gensim_bb_store_dword(struct gensim_bb *bb, uint64_t va, uint32_t value);
void gensim_bb_semaphore_wait(struct gensim_bb *bb, uint64_t va, uint32_t value,
			      uint32_t compare);
void gensim_bb_lri(struct gensim_bb *bb, uint32_t reg, uint32_t value);
void gensim_bb_srm(struct gensim_bb *bb, uint32_t reg, uint64_t va);
void gensim_bb_start(struct gensim_bb *bb, uint64_t va, int second_level);

uint32_t gensim_queue_create(int fd, int engine_class, uint32_t vm);
int __gensim_exec(int fd, uint32_t queue, uint64_t batch, struct drm_gensim_sync *syncs,
		  uint32_t n);
/* EXEC signalling a new binary syncobj; returns it. */
uint32_t gensim_exec_sync(int fd, uint32_t queue, uint64_t batch);
/* Wait for a syncobj (bounded); 0, -ETIME, or the fence's error. */
int gensim_syncobj_wait(int fd, uint32_t syncobj, int64_t timeout_ms);
/* 1 signalled, 0 pending, or the error the fence carries. */
int gensim_syncobj_status(int fd, uint32_t syncobj);

#define SEMA_SAD_EQ_SDD		(4 << 12)
#define SEMA_SAD_GTE_SDD	(1 << 12)
#define SEMA_POLL		(1 << 15)

#endif
