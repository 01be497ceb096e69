/* SPDX-License-Identifier: MIT */
/*
 * The in-process backend (inproc_*.c): the device model behind a loopback
 * channel (device/loopback.h) and, in this library, what the kernel
 * driver would do for it, written from the spec like the driver is:
 * window pages for buffers and page tables (hw-spec-memory "PPGTT"),
 * GGTT pages for status pages, context images and rings (hw-spec-engines
 * "The context image"), ELSP submission and the CSB ("Submission", "The
 * context status buffer"), engine resets ("Stopping and resetting").
 *
 * Object ids mirror the uapi's, so a program sees the same API.  What
 * differs, because there is no kernel and no scheduler: EXEC runs the
 * batch to its end (or its timeout) before it returns, so syncobjs are
 * signalled when EXEC returns and queues never run concurrently; there
 * is no implicit sync and no sync_file.  One lock serializes the calls.
 *
 * Memory the device may touch while it runs (page tables, the status
 * page, context images, rings) is written with relaxed atomics as the
 * device reads it; everything is written before the ELSP write, which
 * the write log orders before the device's reads.
 */
#ifndef LGSIM_INPROC_H
#define LGSIM_INPROC_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include "core/hw.h"
#include "priv.h"

struct gs_loop;
struct gs_device;

/* A range allocator (bytes, page granular) with a first-fit free list. */
struct ip_ranges {
	uint64_t next, end;
	struct ip_run {
		uint64_t start, size;
	} *free;
	uint32_t nfree, cap;
};

struct ip_bo {
	uint32_t refs;			/* the handle and each mapping of it */
	uint32_t vm_id;			/* private to that VM, or 0 */
	uint64_t dma;			/* window pages, contiguous */
	uint64_t size;
};

/* One VM_BIND mapping: @range bytes at @addr, from @offset of @bo. */
struct ip_map {
	uint64_t addr, range, offset;
	struct ip_bo *bo;
	bool readonly;
};

struct ip_vm {
	uint32_t refs;			/* the id and each queue on it */
	uint32_t id;
	uint32_t flags;
	uint64_t pml4;
	/* GSIM_VM_SCRATCH_PAGE: the tables every unbound address reaches, leaf last. */
	uint64_t scratch[4];
	uint64_t *tables;		/* every table page, to free */
	uint32_t ntables, tables_cap;
	struct ip_map *maps;		/* sorted by address, not overlapping */
	uint32_t nmaps, maps_cap;
};

/* A queue: one logical ring context, its image and ring kept across batches. */
struct ip_queue {
	int engine;
	struct ip_vm *vm;
	uint32_t lrca, lrc_pages, ring;	/* GGTT */
	uint32_t *state, *ring_cpu;	/* the register-state page, the ring */
	uint32_t tail;
	uint32_t ctx_id;
	struct gsim_queue_state st;
};

struct ip_syncobj {
	bool signalled;
	int error;
};

/* Objects by id: slot i is id i + 1. */
struct ip_table {
	void **slot;
	uint32_t n;
};

struct ip_engine {
	uint32_t hwsp;			/* GGTT address of the status page */
	uint32_t *hwsp_cpu;
	unsigned int csb_head;		/* last CSB entry consumed */
	bool ready;
};

struct inproc {
	struct gs_loop *loop;
	struct gs_device *dev;
	pthread_mutex_t lock;
	uint32_t engine_mask;		/* bit per enum gs_engine_id */
	uint32_t job_timeout_ms;
	struct ip_ranges window, ggtt;
	struct ip_engine eng[GS_NUM_ENGINES];
	struct ip_table bos, vms, queues, syncobjs;
	uint32_t next_ctx_id;
};

static inline struct inproc *ip_of(struct gsim_device *dev)
{
	return dev->priv;
}

/* The uapi's limits, which the in-process backend keeps too. */
#define IP_VA_START		0x10000ull			/* GENSIM_VA_START */
#define IP_VA_END		((1ull << 48) - (1ull << 32))	/* GENSIM_VA_END */
#define IP_BO_MAX_SIZE		(1ull << 35)
#define IP_BIND_MAX_OPS		1024
#define IP_EXEC_MAX_SYNCS	1024

/* inproc.c: ids */
int ip_table_add(struct ip_table *t, void *obj, uint32_t *id);
void *ip_table_get(const struct ip_table *t, uint32_t id);
void *ip_table_remove(struct ip_table *t, uint32_t id);

/* inproc_mem.c: window pages, buffers, address spaces */
uint64_t ip_range_get(struct ip_ranges *r, uint64_t size);
void ip_range_put(struct ip_ranges *r, uint64_t start, uint64_t size);
uint64_t ip_pages(struct inproc *ip, uint64_t size);
void ip_pages_free(struct inproc *ip, uint64_t dma, uint64_t size);
void *ip_cpu(struct inproc *ip, uint64_t dma);
void ip_flush_tlbs(struct inproc *ip);
void ip_bo_put(struct inproc *ip, struct ip_bo *bo);
void ip_vm_put(struct inproc *ip, struct ip_vm *vm);
int ip_bo_create(struct gsim_device *dev, uint64_t size, uint32_t flags, uint32_t vm_id,
		 uint32_t *handle);
int ip_bo_mmap(struct gsim_device *dev, uint32_t handle, uint64_t size, void **cpu);
int ip_bo_munmap(struct gsim_device *dev, void *cpu, uint64_t size);
int ip_bo_close(struct gsim_device *dev, uint32_t handle);
int ip_vm_create(struct gsim_device *dev, uint32_t flags, uint32_t *vm);
int ip_vm_destroy(struct gsim_device *dev, uint32_t vm);
int ip_vm_bind(struct gsim_device *dev, uint32_t vm, const struct gsim_bind_op *ops, uint32_t n);

/* inproc_engine.c: the GGTT, engines and contexts */
uint32_t ip_ggtt_alloc(struct inproc *ip, uint32_t pages, uint32_t **cpu);
void ip_ggtt_free(struct inproc *ip, uint32_t ggtt, uint32_t pages);
int ip_engine_ready(struct inproc *ip, int engine);
void ip_engine_reset(struct inproc *ip, int engine);
int ip_context_init(struct inproc *ip, struct ip_queue *q);
void ip_context_fini(struct inproc *ip, struct ip_queue *q);
void ip_submit(struct inproc *ip, struct ip_queue *q, uint64_t batch_va);
bool ip_went_idle(struct inproc *ip, int engine);
uint32_t ip_read(struct inproc *ip, uint32_t reg);
void ip_write(struct inproc *ip, uint32_t reg, uint32_t val);
extern const char *const ip_engine_name[GS_NUM_ENGINES];

/* inproc_exec.c: queues, EXEC */
int ip_queue_create(struct gsim_device *dev, uint32_t engine_class, uint32_t engine_instance,
		    uint32_t vm, uint32_t priority, uint32_t *queue);
int ip_queue_destroy(struct gsim_device *dev, uint32_t queue);
int ip_queue_get_state(struct gsim_device *dev, uint32_t queue, struct gsim_queue_state *st);
void ip_queue_free(struct inproc *ip, struct ip_queue *q);
int ip_exec(struct gsim_device *dev, uint32_t queue, uint64_t batch_va,
	    const struct gsim_sync *syncs, uint32_t n);
int ip_exec_wait(struct gsim_device *dev, uint32_t queue, uint64_t batch_va, int timeout_ms,
		 struct gsim_exec_stats *stats);

/* inproc_sync.c: syncobjs */
int ip_syncobj_create(struct gsim_device *dev, uint32_t flags, uint32_t *syncobj);
int ip_syncobj_destroy(struct gsim_device *dev, uint32_t syncobj);
int ip_syncobj_wait(struct gsim_device *dev, const uint32_t *syncobjs, uint32_t n,
		    int64_t timeout_ms, uint32_t flags);
int ip_syncobj_status(struct gsim_device *dev, uint32_t syncobj, int *status);
int ip_syncobj_export(struct gsim_device *dev, uint32_t syncobj, int *sync_fd);

#endif
