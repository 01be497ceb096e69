// SPDX-License-Identifier: MIT
/*
 * The MI commands one by one, through the loopback as a driver submits
 * them (hw-spec-commands; PRM Vol. 6 Command Stream Programming
 * (Cherryview 2015), "Graphics Command Formats", "Memory Interface
 * Commands", "3D Commands", "Render Engine Command Streamer (RCS)", "User
 * Mode Privileged Commands", "Command Streamer (CS) ALU Programming",
 * "Interrupt Control Registers"): each test builds a ring (and batches),
 * runs the context to ACTIVE_TO_IDLE and checks memory and registers
 * against values written out by hand.
 */
#include <string.h>
#include <time.h>

#include "channel/chan.h"
#include "engine_env.h"
#include "tap.h"

static void sleep_ms(int ms)
{
	struct timespec ts = { ms / 1000, (long)(ms % 1000) * 1000000 };

	nanosleep(&ts, NULL);
}

static struct eng_ctx *start(struct eng_env *env, int engine)
{
	ee_start(env, NULL);
	ee_engine_init(env, engine);
	return ee_ctx(env, engine, 4, 0x100 + engine);
}

static void stop(struct eng_env *env, struct eng_ctx *ctx)
{
	CHECK_EQ(ee_read(env, RING_EIR(ee_base(ctx->engine))), 0);
	ee_ctx_free(ctx);
	ee_stop(env);
}

/* MI_STORE_DATA_IMM (dword, qword, several dwords; GGTT and PPGTT), MI_NOOP's ID. */
static void t_store_data_imm(void)
{
	struct eng_env env;
	struct eng_ctx *ctx = start(&env, GS_RCS);
	struct ee_buf g = ee_buf_ggtt(&env, 1), p = ee_buf_ppgtt(&env, 1);
	uint32_t base = ee_base(GS_RCS);

	EMIT(ctx, SDI_GGTT(LO(BADDR(g, 0)), 0x11111111));
	EMIT(ctx, (MI_STORE_DATA_IMM + 1) | MI_SDI_USE_GGTT | MI_SDI_QWORD, LO(BADDR(g, 2)), 0,
	     0x22222222, 0x33333333);
	EMIT(ctx, (MI_STORE_DATA_IMM + 2) | MI_SDI_USE_GGTT, LO(BADDR(g, 5)), 0, 0x44, 0x55, 0x66);
	EMIT(ctx, SDI_PPGTT(BADDR(p, 1), 0x77));
	EMIT(ctx, MI_NOOP | MI_NOOP_WRITE_ID | 0x1234, MI_NOOP | 0x3fffff);
	ee_run(&env, ctx);
	CHECK_EQ(rd32(&g.cpu[0]), 0x11111111);
	CHECK_EQ(rd32(&g.cpu[1]), 0);
	CHECK_EQ(rd32(&g.cpu[2]), 0x22222222);
	CHECK_EQ(rd32(&g.cpu[3]), 0x33333333);
	CHECK_EQ(rd32(&g.cpu[5]), 0x44);
	CHECK_EQ(rd32(&g.cpu[6]), 0x55);
	CHECK_EQ(rd32(&g.cpu[7]), 0x66);
	CHECK_EQ(rd32(&p.cpu[1]), 0x77);
	CHECK_EQ(ee_read(&env, RING_NOPID(base)), 0x1234);
	/* The head advanced over every command; ACTHD names the next one. */
	CHECK_EQ(ee_read(&env, RING_HEAD(base)), ctx->tail);
	CHECK_EQ(ee_read(&env, RING_ACTHD(base)), ctx->ring + ctx->tail);
	CHECK_EQ(ee_read(&env, RING_ACTHD_UDW(base)), 0);
	stop(&env, ctx);
}

/* MI_STORE_DATA_INDEX: the engine's status page, and the context's own. */
static void t_store_data_index(void)
{
	struct eng_env env;
	struct eng_ctx *ctx = start(&env, GS_VCS);
	uint32_t *hwsp = env.e[GS_VCS].hwsp_cpu;

	EMIT(ctx, MI_STORE_DATA_INDEX, 0x100, 0xabc);
	EMIT(ctx, MI_STORE_DATA_INDEX + 1, 0x108, 0x1, 0x2);
	EMIT(ctx, MI_STORE_DATA_INDEX | MI_SDI_USE_PPHWSP, 0x200, 0xdef);
	ee_run(&env, ctx);
	CHECK_EQ(rd32(&hwsp[0x40]), 0xabc);
	CHECK_EQ(rd32(&hwsp[0x42]), 1);
	CHECK_EQ(rd32(&hwsp[0x43]), 2);
	CHECK_EQ(rd32(&ctx->pphwsp[0x80]), 0xdef);
	CHECK_EQ(rd32(&hwsp[0x80]), 0);
	stop(&env, ctx);
}

/* LRI (pairs, byte disables), SRM, LRM, LRR; registers through the table. */
static void t_registers(void)
{
	struct eng_env env;
	struct eng_ctx *ctx = start(&env, GS_RCS);
	struct ee_buf g = ee_buf_ggtt(&env, 1);
	uint32_t base = ee_base(GS_RCS);

	wr32(&g.cpu[8], 0xfeedbeef);
	EMIT(ctx, MI_LOAD_REGISTER_IMM(3), RING_GPR(base, 0), 0x01020304,
	     RING_GPR_UDW(base, 0), 0x05060708, RING_GPR(base, 1), 0xaaaa5555);
	/* Bytes 0 and 1 disabled: they keep 0x5555. */
	EMIT(ctx, MI_LOAD_REGISTER_IMM(1) | FIELD_PREP(MI_LRI_BYTE_DISABLE, 0x3),
	     RING_GPR(base, 1), 0x1234ffff);
	EMIT(ctx, SRM_GGTT(RING_GPR(base, 0), BADDR(g, 0)));
	EMIT(ctx, SRM_GGTT(RING_GPR_UDW(base, 0), BADDR(g, 1)));
	EMIT(ctx, MI_LOAD_REGISTER_MEM | MI_LRM_USE_GGTT, RING_GPR(base, 2), LO(BADDR(g, 8)), 0);
	EMIT(ctx, MI_LOAD_REGISTER_REG, RING_GPR(base, 2), RING_GPR(base, 3));
	EMIT(ctx, LRI1(GENSIM_SCRATCH, 0x5a5a));
	EMIT(ctx, SRM_GGTT(RING_TIMESTAMP(base), BADDR(g, 2)));
	EMIT(ctx, SRM_GGTT(GENSIM_MAGIC, BADDR(g, 3)));
	ee_run(&env, ctx);
	CHECK_EQ(ee_gpr64(&env, GS_RCS, 0), 0x0506070801020304ull);
	CHECK_EQ(ee_gpr(&env, GS_RCS, 2), 0x12345555);
	CHECK_EQ(rd32(&g.cpu[0]), 0x01020304);
	CHECK_EQ(rd32(&g.cpu[1]), 0x05060708);
	CHECK_EQ(ee_gpr64(&env, GS_RCS, 2), 0xfeedbeef);
	CHECK_EQ(ee_gpr64(&env, GS_RCS, 3), 0xfeedbeef);
	CHECK_EQ(ee_read(&env, GENSIM_SCRATCH), 0x5a5a);
	CHECK(rd32(&g.cpu[2]) != 0);
	CHECK_EQ(rd32(&g.cpu[3]), GENSIM_MAGIC_VALUE);
	CHECK_EQ(ee_read(&env, FPGA_DBG), 0);
	stop(&env, ctx);
}

/* A command's register write has the driver's side effects: rcs0 submits to bcs0. */
static void t_register_side_effects(void)
{
	struct eng_env env;
	struct eng_ctx *ctx = start(&env, GS_RCS), *b;
	struct ee_buf g = ee_buf_ggtt(&env, 1);
	uint32_t elsp = RING_ELSP(ee_base(GS_BCS)), st[2], id[2];

	ee_engine_init(&env, GS_BCS);
	b = ee_ctx(&env, GS_BCS, 1, 0xb0b);
	EMIT(b, SDI_GGTT(LO(BADDR(g, 0)), 0xb1));
	ee_pad(b);
	wr32(&b->state[CTX_RING_TAIL + 1], b->tail);
	EMIT(ctx, MI_LOAD_REGISTER_IMM(4), elsp, 0, elsp, 0, elsp, HI(b->desc), elsp, LO(b->desc));
	ee_run(&env, ctx);
	CHECK_EQ(ee_csb(&env, GS_BCS, 2, st, id, WAIT_MS), 2);
	CHECK_EQ(st[1], CSB_ACTIVE_TO_IDLE | CSB_CONTEXT_COMPLETE);
	CHECK_EQ(rd32(&g.cpu[0]), 0xb1);
	ee_ctx_free(b);
	stop(&env, ctx);
}

/* MI_COPY_MEM_MEM: GGTT and PPGTT on either side. */
static void t_copy_mem_mem(void)
{
	struct eng_env env;
	struct eng_ctx *ctx = start(&env, GS_VECS);
	struct ee_buf g = ee_buf_ggtt(&env, 1), p = ee_buf_ppgtt(&env, 1);

	wr32(&g.cpu[0], 0x1357);
	wr32(&p.cpu[0], 0x2468);
	EMIT(ctx, MI_COPY_MEM_MEM | MI_COPY_MEM_MEM_SRC_GGTT | MI_COPY_MEM_MEM_DST_GGTT,
	     LO(BADDR(g, 1)), 0, LO(BADDR(g, 0)), 0);
	EMIT(ctx, MI_COPY_MEM_MEM | MI_COPY_MEM_MEM_DST_GGTT, LO(BADDR(g, 2)), 0,
	     LO(BADDR(p, 0)), HI(BADDR(p, 0)));
	EMIT(ctx, MI_COPY_MEM_MEM | MI_COPY_MEM_MEM_SRC_GGTT, LO(BADDR(p, 1)), HI(BADDR(p, 1)),
	     LO(BADDR(g, 0)), 0);
	ee_run(&env, ctx);
	CHECK_EQ(rd32(&g.cpu[1]), 0x1357);
	CHECK_EQ(rd32(&g.cpu[2]), 0x2468);
	CHECK_EQ(rd32(&p.cpu[1]), 0x1357);
	stop(&env, ctx);
}

/* MI_UPDATE_GTT maps a GGTT page; the next command uses the mapping. */
static void t_update_gtt(void)
{
	struct eng_env env;
	struct eng_ctx *ctx = start(&env, GS_BCS);
	uint32_t ggtt = env.ggtt_next, *cpu;
	uint64_t dma = env_page(&env.g), pte;
	_Atomic uint64_t *ptes = (_Atomic uint64_t *)((uint8_t *)env.g.dev->chan->bar0 +
						      GENSIM_BAR0_GGTT_OFFSET);

	env.ggtt_next += 4 * PG;
	cpu = gs_loop_dma(env.g.loop, dma);
	EMIT(ctx, MI_UPDATE_GTT | MI_UPDATE_GTT_ENTRIES(2), ggtt,
	     LO(dma | GEN8_PAGE_PRESENT), HI(dma), LO(dma | GEN8_PAGE_PRESENT), HI(dma));
	EMIT(ctx, SDI_GGTT(ggtt + 16, 0x99));
	EMIT(ctx, SDI_GGTT(ggtt + PG + 20, 0x98));
	ee_run(&env, ctx);
	CHECK_EQ(rd32(&cpu[4]), 0x99);
	CHECK_EQ(rd32(&cpu[5]), 0x98);
	pte = atomic_load(&ptes[ggtt >> 12]);
	CHECK_EQ(pte, dma | GEN8_PAGE_PRESENT);
	stop(&env, ctx);
}

/*
 * MI_REPORT_HEAD into status page dword 4, MI_USER_INTERRUPT on bit 0;
 * with HWSTAM unmasking them the ISR mirror reports 0 for user interrupt
 * and context switch (PRM Vol. 6 Command Stream Programming
 * (Cherryview 2015), "Interrupt Control Registers"; testable 56).
 */
static void t_report_head_user_interrupt(void)
{
	struct eng_env env;
	struct eng_ctx *ctx = start(&env, GS_RCS);
	uint32_t base = ee_base(GS_RCS), *hwsp = env.e[GS_RCS].hwsp_cpu;

	ee_write(&env, RING_HWSTAM(base), ~(GT_RENDER_USER_INTERRUPT | GT_CONTEXT_SWITCH_INTERRUPT));
	ee_ack_irqs(&env);
	EMIT(ctx, MI_NOOP, MI_NOOP, MI_REPORT_HEAD, MI_USER_INTERRUPT);
	ee_run(&env, ctx);
	CHECK_EQ(rd32(&hwsp[HWSP_RING_HEAD]), 8);
	CHECK_EQ(ee_engine_iir(&env, GS_RCS) & (GT_RENDER_USER_INTERRUPT | GT_CONTEXT_SWITCH_INTERRUPT),
		 GT_RENDER_USER_INTERRUPT | GT_CONTEXT_SWITCH_INTERRUPT);
	CHECK_EQ(gs_loop_wait_msgs(env.g.loop, GENSIM_MSG_IRQ, WAIT_MS), GENSIM_MSG_IRQ);
	ee_sync(&env);
	CHECK_EQ(rd32(&hwsp[HWSP_ISR]), 0);

	/* RING_IMR masks the user interrupt: it never reaches IIR. */
	ee_ack_irqs(&env);
	ee_write(&env, RING_IMR(base), ee_read(&env, RING_IMR(base)) | GT_RENDER_USER_INTERRUPT);
	EMIT(ctx, MI_USER_INTERRUPT);
	ee_run(&env, ctx);
	CHECK_EQ(ee_engine_iir(&env, GS_RCS) & GT_RENDER_USER_INTERRUPT, 0);
	stop(&env, ctx);
}

/* MI_FLUSH_DW on the three engines that have it: every post-sync form, notify. */
static void t_flush_dw(void)
{
	static const int engines[] = { GS_BCS, GS_VCS, GS_VECS };

	for (unsigned int i = 0; i < 3; i++) {
		struct eng_env env;
		struct eng_ctx *ctx = start(&env, engines[i]);
		struct ee_buf g = ee_buf_ggtt(&env, 1), p = ee_buf_ppgtt(&env, 1);
		uint32_t *hwsp = env.e[engines[i]].hwsp_cpu;
		uint64_t ts;

		ee_ack_irqs(&env);
		EMIT(ctx, MI_FLUSH_DW | MI_FLUSH_DW_OP_STOREDW, LO(BADDR(g, 0)) | MI_FLUSH_DW_USE_GGTT,
		     0, 0xd0d0);
		EMIT(ctx, (MI_FLUSH_DW + 1) | MI_FLUSH_DW_OP_STOREDW,
		     LO(BADDR(g, 2)) | MI_FLUSH_DW_USE_GGTT, 0, 0x11, 0x22);
		EMIT(ctx, MI_FLUSH_DW | MI_FLUSH_DW_OP_STOREDW | MI_FLUSH_DW_STORE_INDEX, 0x180, 0,
		     0xe0e0);
		EMIT(ctx, (MI_FLUSH_DW + 1) | MI_FLUSH_DW_OP_TIMESTAMP,
		     LO(BADDR(g, 4)) | MI_FLUSH_DW_USE_GGTT, 0, 0, 0);
		EMIT(ctx, MI_FLUSH_DW | MI_FLUSH_DW_OP_STOREDW, LO(BADDR(p, 0)), HI(BADDR(p, 0)),
		     0x5151);
		EMIT(ctx, MI_FLUSH_DW | MI_FLUSH_DW_NOTIFY | MI_FLUSH_DW_INVALIDATE_TLB, 0, 0, 0);
		ee_run(&env, ctx);
		CHECK_EQ(rd32(&g.cpu[0]), 0xd0d0);
		CHECK_EQ(rd32(&g.cpu[1]), 0);
		CHECK_EQ(rd32(&g.cpu[2]), 0x11);
		CHECK_EQ(rd32(&g.cpu[3]), 0x22);
		CHECK_EQ(rd32(&hwsp[0x60]), 0xe0e0);
		ts = rd64(&g.cpu[4]);
		CHECK(ts != 0 && ts < (1ull << 36));
		CHECK_EQ(rd32(&p.cpu[0]), 0x5151);
		CHECK(ee_engine_iir(&env, engines[i]) & GT_FLUSH_NOTIFY_INTERRUPT);
		stop(&env, ctx);
	}
}

/* The TLB slot of a page (hw-spec-memory's TLB: direct mapped by page and space). */
static unsigned int tlb_slot(uint64_t key, uint64_t va)
{
	return ((va >> 12) ^ (key >> 12)) & (GS_TLB_ENTRIES - 1);
}

/*
 * The engine's TLB keeps a translation until an invalidation: a PPGTT
 * remap is not seen until MI_FLUSH_DW with TLB invalidate.
 */
static void t_flush_dw_tlb_invalidate(void)
{
	struct eng_env env;
	struct eng_ctx *ctx = start(&env, GS_BCS);
	struct ee_buf sem = ee_buf_ggtt(&env, 1), a;
	uint64_t b_dma, pml4 = env.pml4 & GEN8_PTE_ADDR_MASK;
	uint32_t *b;

	/* A data page whose TLB slot no GGTT page of the test shares. */
	do {
		a = ee_buf_ppgtt(&env, 1);
	} while (tlb_slot(pml4, a.addr) == tlb_slot(0, sem.addr) ||
		 tlb_slot(pml4, a.addr) == tlb_slot(0, ctx->ring) ||
		 tlb_slot(pml4, a.addr) == tlb_slot(0, ctx->ring + PG));
	b_dma = env_page(&env.g);
	b = gs_loop_dma(env.g.loop, b_dma);

	EMIT(ctx, SDI_PPGTT(BADDR(a, 0), 1));
	EMIT(ctx, SEM_POLL_GGTT(sem.addr, 1, MI_SEMAPHORE_SAD_EQ_SDD));
	EMIT(ctx, SDI_PPGTT(BADDR(a, 1), 2));
	EMIT(ctx, MI_FLUSH_DW | MI_FLUSH_DW_INVALIDATE_TLB, 0, 0, 0);
	EMIT(ctx, SDI_PPGTT(BADDR(a, 2), 3));
	ee_submit(&env, ctx, NULL);
	for (int t = 0; t < WAIT_MS && rd32(&a.cpu[0]) != 1; t++)
		sleep_ms(1);
	CHECK_EQ(rd32(&a.cpu[0]), 1);
	ppgtt_set(&env.g, env.pml4, a.addr, 12, b_dma | PDE_FLAGS);
	wr32(&sem.cpu[0], 1);
	CHECK(ee_wait_idle(&env, GS_BCS, WAIT_MS));
	CHECK_EQ(rd32(&a.cpu[1]), 2);		/* the old page: the TLB's */
	CHECK_EQ(rd32(&a.cpu[2]), 0);
	CHECK_EQ(rd32(&b[2]), 3);		/* after the invalidation: the new one */
	CHECK_EQ(rd32(&b[1]), 0);
	stop(&env, ctx);
}

/* PIPE_CONTROL on rcs0: immediate, timestamp, depth count, index, PPGTT, LRI, notify. */
static void t_pipe_control(void)
{
	struct eng_env env;
	struct eng_ctx *ctx = start(&env, GS_RCS);
	struct ee_buf g = ee_buf_ggtt(&env, 1), p = ee_buf_ppgtt(&env, 1);
	uint32_t *hwsp = env.e[GS_RCS].hwsp_cpu, base = ee_base(GS_RCS);

	ee_ack_irqs(&env);
	wr32(&g.cpu[4], 0xffffffff);
	wr32(&g.cpu[5], 0xffffffff);
	EMIT(ctx, PIPE_CONTROL, PIPE_CONTROL_WRITE_IMM | PIPE_CONTROL_GLOBAL_GTT,
	     LO(BADDR(g, 0)), 0, 0xa1, 0xa2);
	EMIT(ctx, PIPE_CONTROL, PIPE_CONTROL_WRITE_TIMESTAMP | PIPE_CONTROL_GLOBAL_GTT,
	     LO(BADDR(g, 2)), 0, 0, 0);
	EMIT(ctx, PIPE_CONTROL, PIPE_CONTROL_WRITE_IMM | PIPE_CONTROL_STORE_DATA_INDEX, 0x140, 0,
	     0xb1, 0xb2);
	EMIT(ctx, PIPE_CONTROL, PIPE_CONTROL_WRITE_IMM, LO(BADDR(p, 0)), HI(BADDR(p, 0)), 0xc1,
	     0xc2);
	EMIT(ctx, PIPE_CONTROL, PIPE_CONTROL_WRITE_DEPTH_COUNT | PIPE_CONTROL_GLOBAL_GTT,
	     LO(BADDR(g, 4)), 0, 0, 0);
	EMIT(ctx, PIPE_CONTROL, PIPE_CONTROL_LRI_POST_SYNC, RING_GPR(base, 5), 0, 0x5555, 0);
	EMIT(ctx, PIPE_CONTROL, PIPE_CONTROL_NOTIFY | PIPE_CONTROL_CS_STALL |
	     PIPE_CONTROL_TLB_INVALIDATE, 0, 0, 0, 0);
	ee_run(&env, ctx);
	CHECK_EQ(rd32(&g.cpu[0]), 0xa1);
	CHECK_EQ(rd32(&g.cpu[1]), 0xa2);
	CHECK(rd64(&g.cpu[2]) != 0);
	CHECK_EQ(rd32(&hwsp[0x50]), 0xb1);
	CHECK_EQ(rd32(&hwsp[0x51]), 0xb2);
	CHECK_EQ(rd32(&p.cpu[0]), 0xc1);
	CHECK_EQ(rd32(&p.cpu[1]), 0xc2);
	CHECK_EQ(rd64(&g.cpu[4]), 0);
	CHECK_EQ(ee_gpr(&env, GS_RCS, 10), 0x5555);
	CHECK(ee_engine_iir(&env, GS_RCS) & GT_FLUSH_NOTIFY_INTERRUPT);
	stop(&env, ctx);
}

/*
 * Batches: first level from the ring, a second level, a chain at the
 * second level into a PPGTT batch, the return to the first level, a chain
 * at the first level, the return to the ring (hw-spec-engines "Execution").
 */
static void t_batches(void)
{
	struct eng_env env;
	struct eng_ctx *ctx = start(&env, GS_RCS);
	struct ee_buf d = ee_buf_ggtt(&env, 1), pd = ee_buf_ppgtt(&env, 1);
	struct ee_buf b1 = ee_buf_ggtt(&env, 1), b2 = ee_buf_ggtt(&env, 1), b3 = ee_buf_ggtt(&env, 1);
	struct ee_buf pb = ee_buf_ppgtt(&env, 1);
	uint32_t base = ee_base(GS_RCS);

	BEMIT(&b1, SDI_GGTT(LO(BADDR(d, 0)), 1));
	BEMIT(&b1, MI_BATCH_BUFFER_START | MI_BB_SECOND_LEVEL, LO(b2.addr), 0);
	BEMIT(&b1, SDI_GGTT(LO(BADDR(d, 2)), 3));
	BEMIT(&b1, BB_START_GGTT(LO(b3.addr)));		/* a chain: never returns here */
	BEMIT(&b1, SDI_GGTT(LO(BADDR(d, 7)), 0xbad));
	BEMIT(&b2, SDI_GGTT(LO(BADDR(d, 1)), 2));
	BEMIT(&b2, BB_START_PPGTT(pb.addr));		/* a chain at the second level */
	BEMIT(&b2, SDI_GGTT(LO(BADDR(d, 7)), 0xbad));
	BEMIT(&pb, SDI_PPGTT(BADDR(pd, 0), 4));
	BEMIT(&pb, MI_BATCH_BUFFER_END);
	BEMIT(&b3, SDI_GGTT(LO(BADDR(d, 3)), 5));
	BEMIT(&b3, MI_BATCH_BUFFER_END);
	EMIT(ctx, BB_START_GGTT(LO(b1.addr)));
	EMIT(ctx, SDI_GGTT(LO(BADDR(d, 4)), 6));
	ee_run(&env, ctx);
	for (unsigned int i = 0; i < 3; i++)
		CHECK_EQ(rd32(&d.cpu[i]), i + 1);
	CHECK_EQ(rd32(&pd.cpu[0]), 4);
	CHECK_EQ(rd32(&d.cpu[3]), 5);
	CHECK_EQ(rd32(&d.cpu[4]), 6);
	CHECK_EQ(rd32(&d.cpu[7]), 0);
	CHECK_EQ(ee_read(&env, RING_BBSTATE(base)) & BBSTATE_ACTIVE, 0);
	CHECK_EQ(ee_read(&env, RING_SBBSTATE(base)) & BBSTATE_ACTIVE, 0);
	stop(&env, ctx);
}

/* MI_CONDITIONAL_BATCH_BUFFER_END: continue, end, end from the second level, no compare. */
static void t_cond_bb_end(void)
{
	struct eng_env env;
	struct eng_ctx *ctx = start(&env, GS_VCS);
	struct ee_buf d = ee_buf_ggtt(&env, 1), c1 = ee_buf_ggtt(&env, 1), c2 = ee_buf_ggtt(&env, 1);
	struct ee_buf c3 = ee_buf_ggtt(&env, 1);
	uint32_t m = LO(BADDR(d, 16));

	wr32(&d.cpu[16], 5);
	BEMIT(&c1, MI_CONDITIONAL_BATCH_BUFFER_END | MI_CBBE_USE_GGTT | MI_CBBE_COMPARE_SEMAPHORE,
	      4, m, 0);					/* 5 > 4: go on */
	BEMIT(&c1, SDI_GGTT(LO(BADDR(d, 0)), 1));
	BEMIT(&c1, MI_CONDITIONAL_BATCH_BUFFER_END | MI_CBBE_USE_GGTT, 9, m, 0);	/* no compare */
	BEMIT(&c1, SDI_GGTT(LO(BADDR(d, 1)), 1));
	BEMIT(&c1, MI_CONDITIONAL_BATCH_BUFFER_END | MI_CBBE_USE_GGTT | MI_CBBE_COMPARE_SEMAPHORE,
	      5, m, 0);					/* 5 <= 5: end */
	BEMIT(&c1, SDI_GGTT(LO(BADDR(d, 2)), 0xbad));
	BEMIT(&c1, MI_BATCH_BUFFER_END);
	BEMIT(&c3, MI_BATCH_BUFFER_START | MI_BB_SECOND_LEVEL, LO(c2.addr), 0);
	BEMIT(&c3, SDI_GGTT(LO(BADDR(d, 3)), 0xbad));
	BEMIT(&c3, MI_BATCH_BUFFER_END);
	BEMIT(&c2, MI_CONDITIONAL_BATCH_BUFFER_END | MI_CBBE_USE_GGTT | MI_CBBE_COMPARE_SEMAPHORE,
	      100, m, 0);				/* ends both levels */
	BEMIT(&c2, SDI_GGTT(LO(BADDR(d, 4)), 0xbad));
	BEMIT(&c2, MI_BATCH_BUFFER_END);
	EMIT(ctx, BB_START_GGTT(LO(c1.addr)), SDI_GGTT(LO(BADDR(d, 5)), 1));
	EMIT(ctx, BB_START_GGTT(LO(c3.addr)), SDI_GGTT(LO(BADDR(d, 6)), 1));
	ee_run(&env, ctx);
	CHECK_EQ(rd32(&d.cpu[0]), 1);
	CHECK_EQ(rd32(&d.cpu[1]), 1);
	CHECK_EQ(rd32(&d.cpu[2]), 0);
	CHECK_EQ(rd32(&d.cpu[3]), 0);
	CHECK_EQ(rd32(&d.cpu[4]), 0);
	CHECK_EQ(rd32(&d.cpu[5]), 1);
	CHECK_EQ(rd32(&d.cpu[6]), 1);
	stop(&env, ctx);
}

/* A command that straddles the end of the ring, and RING_HEAD's wrap count. */
static void t_ring_wrap(void)
{
	struct eng_env env;
	struct eng_ctx *ctx;
	struct ee_buf d;
	uint32_t base = ee_base(GS_BCS);

	ee_start(&env, NULL);
	ee_engine_init(&env, GS_BCS);
	d = ee_buf_ggtt(&env, 1);
	ctx = ee_ctx(&env, GS_BCS, 1, 7);
	ctx->tail = PG - 8;
	wr32(&ctx->state[CTX_RING_HEAD + 1], PG - 8);
	EMIT(ctx, SDI_GGTT(LO(BADDR(d, 0)), 1));	/* dwords at 4088, 4092, 0, 4 */
	EMIT(ctx, SDI_GGTT(LO(BADDR(d, 1)), 2));
	ee_run(&env, ctx);
	CHECK_EQ(rd32(&d.cpu[0]), 1);
	CHECK_EQ(rd32(&d.cpu[1]), 2);
	CHECK_EQ(ctx->tail, 24);
	CHECK_EQ(ee_read(&env, RING_HEAD(base)), FIELD_PREP(HEAD_WRAP_COUNT, 1) | 24);
	/* Saved with the context. */
	CHECK_EQ(rd32(&ctx->state[CTX_RING_HEAD + 1]), FIELD_PREP(HEAD_WRAP_COUNT, 1) | 24);
	stop(&env, ctx);
}

/* RING_TIMESTAMP runs at 12.5 MHz; CTX_TIMESTAMP counts the context's time and is saved. */
static void t_timestamps(void)
{
	struct eng_env env;
	struct eng_ctx *ctx = start(&env, GS_RCS);
	struct ee_buf d = ee_buf_ggtt(&env, 1);
	uint32_t base = ee_base(GS_RCS), t1, t2, c1, c2;

	t1 = ee_read(&env, RING_TIMESTAMP(base));
	sleep_ms(50);
	ee_write(&env, GENSIM_SCRATCH, 0);	/* any applied write refreshes the clocks */
	t2 = ee_read(&env, RING_TIMESTAMP(base));
	/* 50 ms is 625000 ticks; a loaded host may stretch the sleep. */
	CHECK_MSG(t2 - t1 >= 600000 && t2 - t1 < 625000 * 20, "%u ticks in 50 ms", t2 - t1);
	CHECK_EQ(ee_read(&env, RING_TIMESTAMP_UDW(base)), 0);

	EMIT(ctx, SEM_POLL_GGTT(BADDR(d, 8), 1, MI_SEMAPHORE_SAD_EQ_SDD));
	EMIT(ctx, SRM_GGTT(RING_CTX_TIMESTAMP(base), BADDR(d, 0)));
	ee_submit(&env, ctx, NULL);
	/* Wait until it runs: the clock counts from the restore. */
	CHECK(ee_poll(&env, RING_CTL(base), RING_WAIT_SEMAPHORE, RING_WAIT_SEMAPHORE, WAIT_MS));
	sleep_ms(30);
	wr32(&d.cpu[8], 1);
	CHECK(ee_wait_idle(&env, GS_RCS, WAIT_MS));
	c1 = rd32(&d.cpu[0]);
	CHECK_MSG(c1 >= 30 * 12500, "CTX_TIMESTAMP %u after 30 ms", c1);
	CHECK(rd32(&ctx->state[CTX_CTX_TIMESTAMP + 1]) >= c1);
	/* Accumulated over runs of the same context. */
	EMIT(ctx, SRM_GGTT(RING_CTX_TIMESTAMP(base), BADDR(d, 1)));
	ee_submit(&env, ctx, NULL);
	CHECK(ee_wait_idle(&env, GS_RCS, WAIT_MS));
	c2 = rd32(&d.cpu[1]);
	CHECK_MSG(c2 >= c1, "CTX_TIMESTAMP went from %u to %u", c1, c2);
	stop(&env, ctx);
}

/* Every engine runs MI commands; bcs0's GPRs are at 0x22600 (testable 55). */
static void t_every_engine(void)
{
	struct eng_env env;
	struct ee_buf d;

	ee_start(&env, NULL);
	d = ee_buf_ggtt(&env, 1);
	for (int e = 0; e < GS_NUM_ENGINES; e++) {
		struct eng_ctx *ctx;
		uint32_t base = ee_base(e);

		ee_engine_init(&env, e);
		ctx = ee_ctx(&env, e, 1, 0x700 + e);
		EMIT(ctx, MI_LOAD_REGISTER_IMM(2), RING_GPR(base, 0), 40, RING_GPR(base, 1), 2);
		EMIT(ctx, MI_MATH(4), MI_MATH_INSTR(MI_ALU_LOAD, MI_ALU_SRCA, MI_ALU_R(0)),
		     MI_MATH_INSTR(MI_ALU_LOAD, MI_ALU_SRCB, MI_ALU_R(1)),
		     MI_MATH_INSTR(MI_ALU_ADD, 0, 0),
		     MI_MATH_INSTR(MI_ALU_STORE, MI_ALU_R(2), MI_ALU_ACCU));
		EMIT(ctx, SRM_GGTT(RING_GPR(base, 2), BADDR(d, e)));
		ee_run(&env, ctx);
		CHECK_EQ(rd32(&d.cpu[e]), 42);
		CHECK_EQ(ee_read(&env, RING_EIR(base)), 0);
		ee_ctx_free(ctx);
	}
	CHECK_EQ(RING_GPR(ee_base(GS_BCS), 0), 0x22600);
	ee_stop(&env);
}

int main(void)
{
	tap_run("MI_STORE_DATA_IMM dword, qword, several; MI_NOOP identification", t_store_data_imm);
	tap_run("MI_STORE_DATA_INDEX: engine and per-process status pages", t_store_data_index);
	tap_run("LRI pairs and byte disables, SRM, LRM, LRR through the table", t_registers);
	tap_run("a command's register write has side effects: LRI to another ELSP",
		t_register_side_effects);
	tap_run("MI_COPY_MEM_MEM across GGTT and PPGTT", t_copy_mem_mem);
	tap_run("MI_UPDATE_GTT maps pages the next command uses", t_update_gtt);
	tap_run("MI_REPORT_HEAD, MI_USER_INTERRUPT, HWSP ISR reports 0",
		t_report_head_user_interrupt);
	tap_run("MI_FLUSH_DW post-sync forms and notify on bcs0, vcs0, vecs0", t_flush_dw);
	tap_run("MI_FLUSH_DW TLB invalidate: stale until flushed", t_flush_dw_tlb_invalidate);
	tap_run("PIPE_CONTROL post-sync forms, LRI, notify", t_pipe_control);
	tap_run("batches: first, second level, chains, PPGTT, return", t_batches);
	tap_run("MI_CONDITIONAL_BATCH_BUFFER_END", t_cond_bb_end);
	tap_run("a command across the ring's wrap; wrap count", t_ring_wrap);
	tap_run("RING_TIMESTAMP at 12.5 MHz; CTX_TIMESTAMP accumulates", t_timestamps);
	tap_run("every engine executes; MI_MATH on every engine", t_every_engine);
	return tap_done();
}
