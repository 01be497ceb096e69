// SPDX-License-Identifier: MIT
/*
 * The command streamer tests' driver (engine_env.h).  Everything here is
 * written from the spec (hw-spec-engines.rst), the way the kernel driver
 * does it: context images in the spec's layout with i915's first-use
 * CONTEXT_CONTROL, ELSP element 1 high/low then element 0 high/low, CSB
 * entries read from the status page after its write pointer.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "engine_env.h"
#include "core/log.h"
#include "tap.h"

#define GGTT_BASE	0x00100000u	/* never 0: a zero address must fault */
#define PPGTT_BASE	0x0000100000000000ull

void ee_start(struct eng_env *env, const struct gs_config *cfg)
{
	const char *v = getenv("GS_VERBOSE");

	/* Before any device thread runs: they read it unlocked. */
	gs_log_verbosity = v ? atoi(v) : 0;
	memset(env, 0, sizeof(*env));
	env_start(&env->g, cfg);
	env->ggtt_next = GGTT_BASE;
	env->pml4 = env_page(&env->g);
	env->ppgtt_next = PPGTT_BASE;
}

void ee_stop(struct eng_env *env)
{
	env_stop(&env->g);
}

uint32_t ee_base(int engine)
{
	return gs_engine_mmio_base[engine];
}

uint32_t ee_read(struct eng_env *env, uint32_t reg)
{
	return gs_loop_read(env->g.loop, reg);
}

void ee_write(struct eng_env *env, uint32_t reg, uint32_t val)
{
	gs_loop_write(env->g.loop, reg, val);
}

/* Poll (posting reads) until (reg & mask) == val; false on timeout. */
bool ee_poll(struct eng_env *env, uint32_t reg, uint32_t mask, uint32_t val, int ms)
{
	struct timespec d = { 0, 200000 };

	for (int i = 0; i < ms * 5; i++) {
		if ((ee_read(env, reg) & mask) == val)
			return true;
		nanosleep(&d, NULL);
	}
	return (ee_read(env, reg) & mask) == val;
}

/* @pages GGTT pages backed by contiguous window pages; a hole after them. */
uint32_t ee_ggtt_alloc(struct eng_env *env, unsigned int pages, uint32_t **cpu)
{
	uint32_t ggtt = env->ggtt_next;
	uint64_t dma = 0;

	for (unsigned int i = 0; i < pages; i++) {
		uint64_t p = env_page(&env->g);

		if (!i)
			dma = p;
		CHECK_EQ(p, dma + (uint64_t)i * PG);
		ggtt_set(&env->g, (ggtt >> 12) + i, p | GEN8_PAGE_PRESENT);
	}
	env->ggtt_next += (pages + 1) * PG;
	if (cpu)
		*cpu = gs_loop_dma(env->g.loop, dma);
	return ggtt;
}

/* @pages PPGTT pages (read-write), contiguous in the window; a hole after them. */
uint64_t ee_ppgtt_alloc(struct eng_env *env, unsigned int pages, uint32_t **cpu)
{
	uint64_t va = env->ppgtt_next, dma = 0;

	for (unsigned int i = 0; i < pages; i++) {
		uint64_t p = env_page(&env->g);

		if (!i)
			dma = p;
		CHECK_EQ(p, dma + (uint64_t)i * PG);
		ppgtt_set(&env->g, env->pml4, va + i * PG, 12, p | PDE_FLAGS);
	}
	env->ppgtt_next += (pages + 1) * PG;
	if (cpu)
		*cpu = gs_loop_dma(env->g.loop, dma);
	return va;
}

/* The engine's interrupt bits we listen to, through IMR, the GT bank and the master. */
#define ENGINE_IRQS	(GT_RENDER_USER_INTERRUPT | GT_CS_MASTER_ERROR_INTERRUPT | \
			 GT_FLUSH_NOTIFY_INTERRUPT | GT_PAGE_FAULT_INTERRUPT | \
			 GT_CONTEXT_SWITCH_INTERRUPT | GT_WAIT_SEMAPHORE_INTERRUPT)

uint32_t ee_engine_iir(struct eng_env *env, int engine)
{
	const struct fault_irq_bit *b = &fault_irq_bits[engine];

	return (ee_read(env, GEN8_GT_IIR(b->bank)) >> b->shift) & 0xffff;
}

void ee_ack_irqs(struct eng_env *env)
{
	/*
	 * Twice: an event that recurred while its IIR bit was set waits in
	 * the IIR's second stage and is latched again by the first clear
	 * (hw-spec "Interrupts").  Clearing once would leave that bit set
	 * with its message consumed below, and a later wait would never be
	 * woken for it.
	 */
	for (int pass = 0; pass < 2; pass++)
		for (int b = 0; b < GEN8_GT_NR_BANKS; b++)
			ee_write(env, GEN8_GT_IIR(b), ~0u);
	CHECK_EQ(gs_loop_flush(env->g.loop, WAIT_MS), 0);
	gs_loop_wait_msgs(env->g.loop, GENSIM_MSG_IRQ, 0);
}

/*
 * What the driver does at engine bring-up (Linux i915 intel_lrc.c (v4.x),
 * enable_execlists(); gt/intel_reset.c).
 */
void ee_engine_init(struct eng_env *env, int engine)
{
	const struct fault_irq_bit *b = &fault_irq_bits[engine];
	uint32_t base = ee_base(engine);

	if (!env->e[engine].hwsp)
		env->e[engine].hwsp = ee_ggtt_alloc(env, 1, &env->e[engine].hwsp_cpu);
	/* As i915 after reset: nothing consumed, the device's pointer reads 7. */
	wr32(&env->e[engine].hwsp_cpu[HWSP_CSB_WRITE_PTR], GEN8_CSB_ENTRIES - 1);
	env->e[engine].csb_head = GEN8_CSB_ENTRIES - 1;
	ee_write(env, RING_HWS_PGA(base), env->e[engine].hwsp);
	ee_write(env, RING_MODE(base), MASKED_ON(GFX_RUN_LIST_ENABLE));
	ee_write(env, RING_MI_MODE(base), MASKED_OFF(STOP_RING));
	ee_write(env, RING_IMR(base), ~ENGINE_IRQS);
	ee_write(env, RING_EMR(base),
		 ~(EIR_INSTRUCTION_ERROR | EIR_PAGE_TABLE_ERROR | EIR_PRIVILEGE_VIOLATION));
	ee_write(env, GEN8_GT_IER(b->bank), ee_read(env, GEN8_GT_IER(b->bank)) |
		 ENGINE_IRQS << b->shift);
	ee_write(env, GEN8_GT_IMR(b->bank), ee_read(env, GEN8_GT_IMR(b->bank)) &
		 ~(ENGINE_IRQS << b->shift));
	ee_write(env, GEN8_MASTER_IRQ, GEN8_MASTER_IRQ_CONTROL);
	CHECK_EQ(ee_read(env, RING_HWS_PGA(base)), env->e[engine].hwsp);
}

/* i915's engine reset: stop, handshake, GDRST, program the engine again. */
void ee_engine_reset(struct eng_env *env, int engine)
{
	static const uint32_t domain[GS_NUM_ENGINES] = {
		[GS_RCS] = GEN6_GRDOM_RENDER, [GS_BCS] = GEN6_GRDOM_BLT,
		[GS_VCS] = GEN6_GRDOM_MEDIA, [GS_VECS] = GEN6_GRDOM_VECS,
	};
	uint32_t base = ee_base(engine);

	ee_write(env, RING_MI_MODE(base), MASKED_ON(STOP_RING));
	CHECK(ee_poll(env, RING_MI_MODE(base), MODE_IDLE, MODE_IDLE, WAIT_MS));
	ee_write(env, RING_RESET_CTL(base), MASKED_ON(RESET_CTL_REQUEST_RESET));
	CHECK(ee_poll(env, RING_RESET_CTL(base), RESET_CTL_READY_TO_RESET,
		      RESET_CTL_READY_TO_RESET, WAIT_MS));
	ee_write(env, GEN6_GDRST, domain[engine]);
	CHECK(ee_poll(env, GEN6_GDRST, ~0u, 0, WAIT_MS));
	ee_engine_init(env, engine);
}

/*
 * A context: the two-page image in the spec's layout (hw-spec-engines
 * "The context image") and a ring of @ring_pages, as i915 builds a new
 * one: restore inhibit on first use, BB_STATE's PPGTT bit, PDP0 = PML4.
 */
struct eng_ctx *ee_ctx(struct eng_env *env, int engine, unsigned int ring_pages, uint32_t id)
{
	static const uint16_t ring_regs[] = { 0x244, 0x34, 0x30, 0x38, 0x3c, 0x168, 0x140,
					      0x110, 0x11c, 0x114, 0x118 };
	static const uint16_t pdp_regs[] = { 0x3a8, 0x28c, 0x288, 0x284, 0x280, 0x27c, 0x278,
					     0x274, 0x270 };
	struct eng_ctx *ctx = calloc(1, sizeof(*ctx));
	uint32_t base = ee_base(engine), *img;

	CHECK(ctx);
	ctx->env = env;
	ctx->engine = engine;
	ctx->ctx_id = id;
	/* rcs0 images have the GPGPU state pages (hw-spec-engines). */
	ctx->lrca = ee_ggtt_alloc(env, engine == GS_RCS ? LRC_RENDER_PAGES : 2, &img);
	ctx->pphwsp = img;
	ctx->state = img + 1024;
	ctx->ring_size = ring_pages * PG;
	ctx->ring = ee_ggtt_alloc(env, ring_pages, &ctx->ring_cpu);

	for (int i = 0; i < 1024; i++)
		wr32(&ctx->state[i], MI_NOOP);
	wr32(&ctx->state[CTX_LRI_HEADER_0], MI_LOAD_REGISTER_IMM(11));
	for (int i = 0; i < 11; i++)
		wr32(&ctx->state[CTX_CONTEXT_CONTROL + 2 * i], base + ring_regs[i]);
	wr32(&ctx->state[CTX_LRI_HEADER_1], MI_LOAD_REGISTER_IMM(9));
	for (int i = 0; i < 9; i++)
		wr32(&ctx->state[CTX_CTX_TIMESTAMP + 2 * i], base + pdp_regs[i]);
	wr32(&ctx->state[CTX_LRI_HEADER_2], MI_LOAD_REGISTER_IMM(CTX_GPR_PAIRS));
	for (int i = 0; i < CTX_GPR_PAIRS; i++)
		wr32(&ctx->state[CTX_GPR0 + 2 * i], RING_GPR(base, 0) + 4 * i);
	wr32(&ctx->state[CTX_END], MI_BATCH_BUFFER_END);

	wr32(&ctx->state[CTX_CONTEXT_CONTROL + 1],
	     MASKED_ON(CTX_CTRL_INHIBIT_SYN_CTX_SWITCH | CTX_CTRL_RESTORE_INHIBIT) |
	     MASKED_OFF(CTX_CTRL_SAVE_INHIBIT));
	wr32(&ctx->state[CTX_RING_START + 1], ctx->ring);
	wr32(&ctx->state[CTX_RING_CTL + 1], (ring_pages - 1) << 12 | RING_VALID);
	wr32(&ctx->state[CTX_BB_STATE + 1], BBSTATE_PPGTT);
	wr32(&ctx->state[CTX_PDP0_UDW + 1], (uint32_t)(env->pml4 >> 32));
	wr32(&ctx->state[CTX_PDP0_LDW + 1], (uint32_t)env->pml4);
	ctx->desc = CTX_DESC_VALID | (CTX_ADDRESSING_LEGACY_64B << 3) | CTX_DESC_PRIVILEGE |
		    ctx->lrca | (uint64_t)id << 32;
	return ctx;
}

void ee_ctx_free(struct eng_ctx *ctx)
{
	free(ctx);
}

void ee_emit(struct eng_ctx *ctx, const uint32_t *dw, unsigned int n)
{
	for (unsigned int i = 0; i < n; i++) {
		wr32(&ctx->ring_cpu[ctx->tail / 4], dw[i]);
		ctx->tail = (ctx->tail + 4) % ctx->ring_size;
	}
}

/*
 * Submissions are qword multiples (PRM Vol. 6 Command Stream Programming
 * (Cherryview 2015), "Graphics Command Formats").
 */
void ee_pad(struct eng_ctx *ctx)
{
	if (ctx->tail & 7)
		EMIT(ctx, MI_NOOP);
}

void ee_submit_desc(struct eng_env *env, int engine, uint64_t d0, uint64_t d1)
{
	uint32_t elsp = RING_ELSP(ee_base(engine));

	ee_write(env, elsp, (uint32_t)(d1 >> 32));
	ee_write(env, elsp, (uint32_t)d1);
	ee_write(env, elsp, (uint32_t)(d0 >> 32));
	ee_write(env, elsp, (uint32_t)d0);
	/* i915's posting read: the submission is in the device when this returns. */
	ee_read(env, RING_EXECLIST_STATUS_LO(ee_base(engine)));
}

/* As the kernel does: each context's RING_TAIL into its image, then ELSP. */
void ee_submit(struct eng_env *env, struct eng_ctx *c0, struct eng_ctx *c1)
{
	ee_pad(c0);
	wr32(&c0->state[CTX_RING_TAIL + 1], c0->tail);
	if (c1) {
		ee_pad(c1);
		wr32(&c1->state[CTX_RING_TAIL + 1], c1->tail);
	}
	ee_submit_desc(env, c0->engine, c0->desc, c1 ? c1->desc : 0);
}

/*
 * Wait for @want new CSB entries and consume them: status and Context ID
 * from the status page, checked against the MMIO copy; the read pointer
 * goes back to the device.  Returns how many arrived within @ms.
 */
int ee_csb(struct eng_env *env, int engine, unsigned int want, uint32_t *status, uint32_t *id,
	   int ms)
{
	uint32_t *hwsp = env->e[engine].hwsp_cpu, base = ee_base(engine);
	unsigned int got = 0, head = env->e[engine].csb_head;
	struct timespec d = { 0, 200000 };

	for (int t = 0; got < want && t <= ms * 5; t++) {
		unsigned int tail = rd32(&hwsp[HWSP_CSB_WRITE_PTR]) & 7;

		if (tail >= GEN8_CSB_ENTRIES || tail == head) {
			nanosleep(&d, NULL);
			continue;
		}
		atomic_thread_fence(memory_order_acquire);
		while (head != tail && got < want) {
			head = (head + 1) % GEN8_CSB_ENTRIES;
			status[got] = rd32(&hwsp[HWSP_CSB_ENTRY0 + 2 * head]);
			id[got] = rd32(&hwsp[HWSP_CSB_ENTRY0 + 2 * head + 1]);
			CHECK_EQ(ee_read(env, RING_CONTEXT_STATUS_BUF_LO(base, head)), status[got]);
			CHECK_EQ(ee_read(env, RING_CONTEXT_STATUS_BUF_HI(base, head)), id[got]);
			got++;
		}
	}
	env->e[engine].csb_head = head;
	ee_write(env, RING_CONTEXT_STATUS_PTR(base),
		 CSB_READ_PTR << 16 | FIELD_PREP(CSB_READ_PTR, head));
	return (int)got;
}

/* Run one context to completion: IDLE_TO_ACTIVE, then ACTIVE_TO_IDLE | COMPLETE. */
void ee_run(struct eng_env *env, struct eng_ctx *ctx)
{
	uint32_t st[2], id[2];

	ee_submit(env, ctx, NULL);
	CHECK_EQ(ee_csb(env, ctx->engine, 2, st, id, WAIT_MS), 2);
	CHECK_EQ(st[0], CSB_IDLE_TO_ACTIVE);
	CHECK_EQ(st[1], CSB_ACTIVE_TO_IDLE | CSB_CONTEXT_COMPLETE);
	CHECK_EQ(id[1], ctx->ctx_id);
}

/* No new CSB entry on @engine within @ms: the context did not go on. */
bool ee_no_csb(struct eng_env *env, int engine, int ms)
{
	uint32_t st, id;

	return ee_csb(env, engine, 1, &st, &id, ms) == 0;
}

/*
 * Run @n dwords in the ring of a new context on @engine; they must stop it
 * with an instruction error (EIR bit 0) whose IPEHR is @dw[0], and no
 * completion (hw-spec-engines "Errors").  Then the engine is reset, as the
 * driver would.  @what names the case in a failure.
 */
void ee_expect_instruction_error(struct eng_env *env, int engine, uint32_t ctx_id,
				 const uint32_t *dw, unsigned int n, const char *what)
{
	uint32_t base = ee_base(engine), st[1], id[1];
	struct eng_ctx *ctx = ee_ctx(env, engine, 1, ctx_id);

	ee_emit(ctx, dw, n);
	ee_submit(env, ctx, NULL);
	CHECK_EQ(ee_csb(env, engine, 1, st, id, WAIT_MS), 1);
	CHECK_MSG(ee_poll(env, RING_EIR(base), ~0u, EIR_INSTRUCTION_ERROR, WAIT_MS),
		  "%s: EIR %#x", what, ee_read(env, RING_EIR(base)));
	CHECK_MSG(ee_read(env, RING_IPEHR(base)) == dw[0], "%s: IPEHR %#x", what,
		  ee_read(env, RING_IPEHR(base)));
	CHECK_MSG(ee_no_csb(env, engine, 20), "%s: the context went on", what);
	ee_engine_reset(env, engine);
	ee_ctx_free(ctx);
}

bool ee_wait_idle(struct eng_env *env, int engine, int ms)
{
	uint32_t base = ee_base(engine);

	return ee_poll(env, RING_EXECLIST_STATUS_LO(base), ~0u, 0, ms) &&
	       ee_poll(env, RING_MI_MODE(base), MODE_IDLE, MODE_IDLE, ms);
}

uint32_t ee_gpr(struct eng_env *env, int engine, unsigned int n)
{
	return ee_read(env, RING_GPR(ee_base(engine), 0) + 4 * n);
}

uint64_t ee_gpr64(struct eng_env *env, int engine, unsigned int n)
{
	return (uint64_t)ee_read(env, RING_GPR_UDW(ee_base(engine), n)) << 32 |
	       ee_read(env, RING_GPR(ee_base(engine), n));
}

/* Order the test after everything the device did under reg_lock. */
void ee_sync(struct eng_env *env)
{
	pthread_mutex_lock(&env->g.dev->reg_lock);
	pthread_mutex_unlock(&env->g.dev->reg_lock);
}

struct ee_buf ee_buf_ggtt(struct eng_env *env, unsigned int pages)
{
	struct ee_buf b = { 0 };

	b.addr = ee_ggtt_alloc(env, pages, &b.cpu);
	return b;
}

struct ee_buf ee_buf_ppgtt(struct eng_env *env, unsigned int pages)
{
	struct ee_buf b = { .ppgtt = true };

	b.addr = ee_ppgtt_alloc(env, pages, &b.cpu);
	return b;
}

void ee_buf_emit(struct ee_buf *b, const uint32_t *dw, unsigned int n)
{
	for (unsigned int i = 0; i < n; i++)
		wr32(&b->cpu[b->n++], dw[i]);
}
