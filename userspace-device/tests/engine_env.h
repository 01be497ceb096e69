/* SPDX-License-Identifier: MIT */
/*
 * A small in-test "driver" for the command streamer tests: it builds what
 * the kernel driver builds, following Documentation/gpu/gensim/
 * hw-spec-engines.rst and not the device code - GGTT buffers, a PPGTT,
 * rings, context images in the spec's layout, each engine's status page
 * and interrupt setup - and talks to the device only through the loopback
 * channel: register writes in the write log (ELSP included), posting
 * reads, interrupts, and memory in the DMA window.
 *
 * Window memory the device may touch is read and written with relaxed
 * atomics (rd32/wr32), as the device does, so ThreadSanitizer sees no
 * race between the test and the engine threads.
 */
#ifndef GS_ENGINE_ENV_H
#define GS_ENGINE_ENV_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "gtt_env.h"

#define WAIT_MS		5000	/* every wait is bounded */

struct eng_env {
	struct gtt_env g;
	uint32_t ggtt_next;		/* next free GGTT address */
	uint64_t pml4;			/* the PPGTT of every context */
	uint64_t ppgtt_next;		/* next free PPGTT address */
	struct {
		uint32_t hwsp;		/* GGTT address of the status page */
		uint32_t *hwsp_cpu;
		unsigned int csb_head;	/* last CSB entry consumed */
	} e[GS_NUM_ENGINES];
};

struct eng_ctx {
	struct eng_env *env;
	int engine;
	uint32_t lrca;
	uint32_t *pphwsp;		/* CPU view of the LRCA's first page */
	uint32_t *state;		/* CPU view of the register-state page */
	uint32_t ring;			/* GGTT address */
	uint32_t *ring_cpu;
	uint32_t ring_size;
	uint32_t tail;			/* where the next command goes */
	uint32_t ctx_id;
	uint64_t desc;
};

/* A batch or data buffer: GGTT or PPGTT, with its CPU view. */
struct ee_buf {
	uint64_t addr;
	uint32_t *cpu;
	unsigned int n;			/* dwords emitted */
	bool ppgtt;
};

static inline uint32_t rd32(const void *p)
{
	return atomic_load_explicit((const _Atomic uint32_t *)p, memory_order_relaxed);
}

static inline void wr32(void *p, uint32_t v)
{
	atomic_store_explicit((_Atomic uint32_t *)p, v, memory_order_relaxed);
}

static inline uint64_t rd64(const void *p)
{
	return (uint64_t)rd32((const uint32_t *)p + 1) << 32 | rd32(p);
}

void ee_start(struct eng_env *env, const struct gs_config *cfg);
void ee_stop(struct eng_env *env);
uint32_t ee_ggtt_alloc(struct eng_env *env, unsigned int pages, uint32_t **cpu);
uint64_t ee_ppgtt_alloc(struct eng_env *env, unsigned int pages, uint32_t **cpu);
void ee_engine_init(struct eng_env *env, int engine);
void ee_engine_reset(struct eng_env *env, int engine);
uint32_t ee_base(int engine);
uint32_t ee_read(struct eng_env *env, uint32_t reg);
void ee_write(struct eng_env *env, uint32_t reg, uint32_t val);
bool ee_poll(struct eng_env *env, uint32_t reg, uint32_t mask, uint32_t val, int ms);
void ee_ack_irqs(struct eng_env *env);
uint32_t ee_engine_iir(struct eng_env *env, int engine);

struct eng_ctx *ee_ctx(struct eng_env *env, int engine, unsigned int ring_pages, uint32_t id);
void ee_ctx_free(struct eng_ctx *ctx);
void ee_emit(struct eng_ctx *ctx, const uint32_t *dw, unsigned int n);
#define EMIT(ctx, ...) do {						\
	const uint32_t dw_[] = { __VA_ARGS__ };				\
	ee_emit(ctx, dw_, sizeof(dw_) / sizeof(dw_[0]));		\
} while (0)
void ee_pad(struct eng_ctx *ctx);
void ee_submit(struct eng_env *env, struct eng_ctx *c0, struct eng_ctx *c1);
void ee_submit_desc(struct eng_env *env, int engine, uint64_t d0, uint64_t d1);
int ee_csb(struct eng_env *env, int engine, unsigned int want, uint32_t *status, uint32_t *id,
	   int ms);
void ee_run(struct eng_env *env, struct eng_ctx *ctx);
bool ee_no_csb(struct eng_env *env, int engine, int ms);
void ee_expect_instruction_error(struct eng_env *env, int engine, uint32_t ctx_id,
				 const uint32_t *dw, unsigned int n, const char *what);
bool ee_wait_idle(struct eng_env *env, int engine, int ms);
uint32_t ee_gpr(struct eng_env *env, int engine, unsigned int n);
uint64_t ee_gpr64(struct eng_env *env, int engine, unsigned int n);
void ee_sync(struct eng_env *env);
struct ee_buf ee_buf_ggtt(struct eng_env *env, unsigned int pages);
struct ee_buf ee_buf_ppgtt(struct eng_env *env, unsigned int pages);
void ee_buf_emit(struct ee_buf *b, const uint32_t *dw, unsigned int n);
#define BEMIT(b, ...) do {						\
	const uint32_t dw_[] = { __VA_ARGS__ };				\
	ee_buf_emit(b, dw_, sizeof(dw_) / sizeof(dw_[0]));		\
} while (0)
/* The address of dword @i of @b, for commands. */
#define BADDR(b, i)		((b).addr + 4ull * (i))
#define LO(a)			((uint32_t)(a))
#define HI(a)			((uint32_t)((uint64_t)(a) >> 32))

/* Commands the tests build often. */
#define SDI_GGTT(addr, v)	MI_STORE_DATA_IMM | MI_SDI_USE_GGTT, (addr), 0, (v)
#define SDI_PPGTT(addr, v)	MI_STORE_DATA_IMM, (uint32_t)(addr), (uint32_t)((addr) >> 32), (v)
#define BB_START_GGTT(addr)	MI_BATCH_BUFFER_START, (addr), 0
#define BB_START_PPGTT(addr)	MI_BATCH_BUFFER_START | MI_BB_PPGTT, (uint32_t)(addr), \
				(uint32_t)((addr) >> 32)
#define LRI1(reg, v)		MI_LOAD_REGISTER_IMM(1), (reg), (v)
#define SRM_GGTT(reg, addr)	MI_STORE_REGISTER_MEM | MI_SRM_USE_GGTT, (reg), (uint32_t)(addr), 0
/* Poll-mode wait in the GGTT until the dword at @addr compares @op with @v. */
#define SEM_POLL_GGTT(addr, v, op) \
	MI_SEMAPHORE_WAIT | MI_SEMAPHORE_GLOBAL_GTT | MI_SEMAPHORE_POLL | \
	FIELD_PREP(MI_SEMAPHORE_COMPARE, op), (v), (uint32_t)(addr), 0
#define SEM_SIGNAL_GGTT(addr, v, op) \
	MI_SEMAPHORE_WAIT | MI_SEMAPHORE_GLOBAL_GTT | FIELD_PREP(MI_SEMAPHORE_COMPARE, op), \
	(v), (uint32_t)(addr), 0
#define MASKED_ON(bit)		((bit) << 16 | (bit))
#define MASKED_OFF(bit)		((bit) << 16)

#endif
