// SPDX-License-Identifier: MIT
/*
 * Errors, faults, stop and reset (hw-spec-engines "Errors", "Stopping and
 * resetting"; PRM Vol. 6 Command Stream Programming (Cherryview 2015),
 * "Blitter Command Header Format", "Render Command Header Format",
 * "Memory Interface Commands for RCP", "Hardware-Detected Error Bit
 * Definitions (for EIR EMR ESR)" (RCS)): bad commands stop the context
 * with EIR bit 0 and IPEHR/ACTHD naming them; a fault in a batch is
 * reported with source CS and EIR bit 4; EMR masking; the HWSP ISR
 * mirror; STOP_RING; the RESET_CTL handshake; engine and full GDRST mid
 * batch; garbage rings and destruction of a busy device.
 */
#include <stdlib.h>
#include <time.h>

#include "engine_env.h"
#include "cs/cs.h"
#include "tap.h"

static void sleep_ms(int ms)
{
	struct timespec ts = { ms / 1000, (long)(ms % 1000) * 1000000 };

	nanosleep(&ts, NULL);
}

/* An unknown opcode: marker before it, none after; every error register. */
static void t_unknown_opcode(void)
{
	struct eng_env env;
	struct eng_ctx *ctx;
	struct ee_buf d;
	uint32_t base = ee_base(GS_RCS), st[1], id[1];

	ee_start(&env, NULL);
	ee_engine_init(&env, GS_RCS);
	d = ee_buf_ggtt(&env, 1);
	ctx = ee_ctx(&env, GS_RCS, 1, 0x5);
	ee_ack_irqs(&env);
	EMIT(ctx, SDI_GGTT(LO(BADDR(d, 0)), 1), 0x0f800000, MI_NOOP, SDI_GGTT(LO(BADDR(d, 1)), 2));
	ee_submit(&env, ctx, NULL);
	CHECK_EQ(ee_csb(&env, GS_RCS, 1, st, id, WAIT_MS), 1);
	CHECK(ee_poll(&env, RING_EIR(base), ~0u, EIR_INSTRUCTION_ERROR, WAIT_MS));
	CHECK_EQ(ee_read(&env, RING_ESR(base)), EIR_INSTRUCTION_ERROR);
	CHECK_EQ(ee_read(&env, RING_IPEIR(base)), EIR_INSTRUCTION_ERROR);
	CHECK_EQ(ee_read(&env, RING_IPEHR(base)), 0x0f800000);
	CHECK_EQ(ee_read(&env, RING_ACTHD(base)), ctx->ring + 16);
	CHECK_EQ(ee_read(&env, RING_HEAD(base)), 16);
	CHECK_EQ(rd32(&d.cpu[0]), 1);
	CHECK_EQ(rd32(&d.cpu[1]), 0);
	CHECK(ee_engine_iir(&env, GS_RCS) & GT_CS_MASTER_ERROR_INTERRUPT);
	/* Hung: busy on the context, no completion, until the driver resets it. */
	CHECK_EQ(ee_read(&env, RING_MI_MODE(base)) & MODE_IDLE, 0);
	CHECK_EQ(ee_read(&env, RING_EXECLIST_STATUS_HI(base)), 0x5);
	CHECK(ee_no_csb(&env, GS_RCS, 50));
	ee_engine_reset(&env, GS_RCS);
	CHECK_EQ(ee_read(&env, RING_EIR(base)), 0);
	CHECK_EQ(ee_read(&env, RING_ESR(base)), 0);
	CHECK_EQ(ee_read(&env, RING_EXECLIST_STATUS_HI(base)), 0);
	CHECK_EQ(ee_read(&env, RING_CONTEXT_STATUS_PTR(base)), CSB_PTR_RESET);
	ee_ctx_free(ctx);
	ee_stop(&env);
}

/* Commands that must each stop the context with EIR bit 0, and nothing worse. */
static void t_instruction_errors(void)
{
	static const struct {
		const char *what;
		int engine;
		unsigned int n;
		uint32_t dw[8];
	} bad[] = {
		{ "MI_BATCH_BUFFER_START, length 4", GS_VCS, 4, { MI_INSTR(0x31, 2), 0x1000, 0, 0 } },
		{ "2D XY_COLOR_BLT on rcs0", GS_RCS, 6, { 2u << 29 | 0x50u << 22 | 4 } },
		{ "a reserved 2D opcode on rcs0", GS_RCS, 2, { 2u << 29 | 0x7fu << 22 } },
		{ "MI_FLUSH_DW on rcs0", GS_RCS, 4, { MI_FLUSH_DW } },
		{ "PIPE_CONTROL on bcs0", GS_BCS, 6, { PIPE_CONTROL } },
		{ "client 7 on vecs0", GS_VECS, 2, { 0xe0000000 } },
		{ "client 1 on vcs0", GS_VCS, 2, { 0x20000000 } },
		{ "XY_COLOR_BLT with its pre-Gen8 length", GS_BCS, 6, { 2u << 29 | 0x50u << 22 | 4 } },
		{ "XY_FULL_BLT not implemented on bcs0", GS_BCS, 2, { 2u << 29 | 0x55u << 22 } },
		{ "a reserved 3DSTATE on rcs0", GS_RCS, 2, { GFXPIPE(3, 0, 0x70) } },
		{ "3DSTATE_VS not implemented", GS_RCS, 2, { GFXPIPE(3, 0, 0x10) } },
		{ "MI_WAIT_FOR_EVENT not implemented", GS_BCS, 2, { MI_WAIT_FOR_EVENT, MI_NOOP } },
		{ "MI_SET_CONTEXT (legacy) in the ring", GS_RCS, 2, { MI_INSTR(0x18, 0), 0 } },
		{ "MI_SEMAPHORE_MBOX (Gen6/7)", GS_VCS, 4, { MI_INSTR(0x16, 2) } },
		{ "past RING_TAIL", GS_VECS, 2, { MI_STORE_DATA_IMM, MI_NOOP } },
		{ "MI_BATCH_BUFFER_END in the ring", GS_BCS, 2, { MI_BATCH_BUFFER_END, MI_NOOP } },
		{ "MI_CONDITIONAL_BATCH_BUFFER_END in the ring", GS_VCS, 4,
		  { MI_CONDITIONAL_BATCH_BUFFER_END | MI_CBBE_COMPARE_SEMAPHORE } },
		{ "semaphore compare 7", GS_RCS, 4, { MI_SEMAPHORE_WAIT | 7 << 12 } },
		{ "octword atomic", GS_BCS, 4, { MI_ATOMIC | FIELD_PREP(MI_ATOMIC_SIZE, 2) |
						 FIELD_PREP(MI_ATOMIC_OPCODE, 0x4e), 0x1000 } },
		{ "atomic opcode for the other size", GS_VCS, 4,
		  { MI_ATOMIC | FIELD_PREP(MI_ATOMIC_SIZE, 1) | FIELD_PREP(MI_ATOMIC_OPCODE, 5),
		    0x1000 } },
		{ "MI_SET_PREDICATE reserved mode", GS_RCS, 2, { MI_SET_PREDICATE | 9, MI_NOOP } },
		{ "MI_PREDICATE load 1", GS_RCS, 2, { MI_PREDICATE | 1 << 6, MI_NOOP } },
		{ "MI_UPDATE_GTT beyond the GGTT", GS_VECS, 6,
		  { MI_UPDATE_GTT | MI_UPDATE_GTT_ENTRIES(2), 0xfffff000, 1, 0, 1, 0 } },
		{ "LRI without whole pairs", GS_VCS, 4, { MI_INSTR(0x22, 2), 0x12600, 0, 0 } },
		{ "qword MI_STORE_DATA_IMM with one data dword", GS_RCS, 4,
		  { MI_STORE_DATA_IMM | MI_SDI_QWORD | MI_SDI_USE_GGTT, 0x100000, 0, 0 } },
		{ "MI_FLUSH_DW post-sync 2", GS_BCS, 4, { MI_FLUSH_DW | 2 << 14 } },
		{ "bad ALU operand", GS_VECS, 2, { MI_MATH(1), MI_MATH_INSTR(MI_ALU_STORE, 0x20, 0x31) } },
		{ "predicated BB_START off rcs0", GS_BCS, 4,
		  { MI_BATCH_BUFFER_START | MI_BB_PREDICATE, 0x1000, 0, MI_NOOP } },
	};
	struct eng_env env;

	ee_start(&env, NULL);
	for (int e = 0; e < GS_NUM_ENGINES; e++)
		ee_engine_init(&env, e);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		ee_expect_instruction_error(&env, bad[i].engine, 0x40 + (uint32_t)i, bad[i].dw,
					    bad[i].n, bad[i].what);
	ee_stop(&env);
}

/*
 * A fault while fetching a PPGTT batch and a fault of a command's GGTT
 * store: the engine's fault register with source CS, FAULT_TLB_DATA0, the
 * page-fault and master-error interrupts, EIR bit 4, a hung context.
 */
static void t_page_faults(void)
{
	struct eng_env env;
	struct eng_ctx *ctx;
	uint32_t base = ee_base(GS_RCS), st[1], id[1];
	const uint64_t va = 0x0000700000123000ull;

	ee_start(&env, NULL);
	ee_engine_init(&env, GS_RCS);
	ee_engine_init(&env, GS_BCS);
	ctx = ee_ctx(&env, GS_RCS, 1, 0x6);
	ee_ack_irqs(&env);
	EMIT(ctx, BB_START_PPGTT(va));
	ee_submit(&env, ctx, NULL);
	CHECK_EQ(ee_csb(&env, GS_RCS, 1, st, id, WAIT_MS), 1);
	CHECK(ee_poll(&env, RING_EIR(base), ~0u, EIR_PAGE_TABLE_ERROR, WAIT_MS));
	/* VA[31:12] | PPGTT | SRCID CS | DIRECTORY (no PDP table) | VALID */
	CHECK_EQ(ee_read(&env, RING_FAULT_REG_RCS), 0x00123000 | FAULT_TYPE_DIRECTORY << 1 | 1);
	CHECK_EQ(ee_read(&env, GEN8_FAULT_TLB_DATA0), (uint32_t)(va >> 12));
	CHECK_EQ(ee_read(&env, GEN8_FAULT_TLB_DATA1), 0x7);
	CHECK_EQ(ee_engine_iir(&env, GS_RCS) & (GT_PAGE_FAULT_INTERRUPT | GT_CS_MASTER_ERROR_INTERRUPT),
		 GT_PAGE_FAULT_INTERRUPT | GT_CS_MASTER_ERROR_INTERRUPT);
	CHECK_EQ(ee_read(&env, RING_ACTHD(base)), LO(va));
	CHECK_EQ(ee_read(&env, RING_ACTHD_UDW(base)), HI(va));
	CHECK(ee_no_csb(&env, GS_RCS, 30));
	ee_engine_reset(&env, GS_RCS);
	ee_ctx_free(ctx);

	/* A GGTT store to a page with no PTE, on bcs0. */
	base = ee_base(GS_BCS);
	ctx = ee_ctx(&env, GS_BCS, 1, 0x7);
	EMIT(ctx, SDI_GGTT(0x7fff0010u, 1));
	ee_submit(&env, ctx, NULL);
	CHECK_EQ(ee_csb(&env, GS_BCS, 1, st, id, WAIT_MS), 1);
	CHECK(ee_poll(&env, RING_EIR(base), ~0u, EIR_PAGE_TABLE_ERROR, WAIT_MS));
	CHECK_EQ(ee_read(&env, RING_FAULT_REG_BCS), 0x7fff0000u | RING_FAULT_GTTSEL |
		 FAULT_TYPE_PTE << 1 | 1);
	CHECK_EQ(ee_read(&env, RING_IPEHR(base)), MI_STORE_DATA_IMM | MI_SDI_USE_GGTT);
	CHECK_EQ(ee_read(&env, RING_ACTHD(base)), ctx->ring);
	ee_engine_reset(&env, GS_BCS);
	ee_ctx_free(ctx);
	ee_stop(&env);
}

/* EMR masks an error out of EIR and the interrupt; ESR still shows it (testable 47). */
static void t_emr_masking(void)
{
	struct eng_env env;
	struct eng_ctx *ctx;
	struct ee_buf pb, d;
	uint32_t base = ee_base(GS_VCS);

	ee_start(&env, NULL);
	ee_engine_init(&env, GS_VCS);
	d = ee_buf_ggtt(&env, 1);
	pb = ee_buf_ppgtt(&env, 1);
	ctx = ee_ctx(&env, GS_VCS, 1, 0x8);
	ee_write(&env, RING_EMR(base), ~(uint32_t)EIR_INSTRUCTION_ERROR);
	ee_ack_irqs(&env);
	BEMIT(&pb, SDI_GGTT(LO(BADDR(d, 0)), 1), MI_BATCH_BUFFER_END);
	EMIT(ctx, BB_START_PPGTT(pb.addr));
	ee_run(&env, ctx);
	CHECK_EQ(rd32(&d.cpu[0]), 0);
	CHECK_EQ(ee_read(&env, RING_ESR(base)), EIR_PRIVILEGE_VIOLATION);
	CHECK_EQ(ee_read(&env, RING_EIR(base)), 0);
	CHECK_EQ(ee_engine_iir(&env, GS_VCS) & GT_CS_MASTER_ERROR_INTERRUPT, 0);
	ee_ctx_free(ctx);
	ee_stop(&env);
}

/*
 * EIR is write-1-to-clear; the HWSP ISR mirror follows: master error while
 * EIR has a bit, page fault until the driver acknowledges it (testable
 * 48, PRM Vol. 6 Command Stream Programming (Cherryview 2015), "Interrupt
 * Control Registers").
 */
static void t_eir_and_isr_mirror(void)
{
	struct eng_env env;
	struct eng_ctx *ctx;
	uint32_t base = ee_base(GS_BCS), *hwsp, st[1], id[1];

	ee_start(&env, NULL);
	ee_engine_init(&env, GS_BCS);
	hwsp = env.e[GS_BCS].hwsp_cpu;
	ee_write(&env, RING_HWSTAM(base),
		 ~(GT_CS_MASTER_ERROR_INTERRUPT | GT_PAGE_FAULT_INTERRUPT | GT_RENDER_USER_INTERRUPT));
	ctx = ee_ctx(&env, GS_BCS, 1, 0x9);
	ee_ack_irqs(&env);
	EMIT(ctx, MI_USER_INTERRUPT, SDI_GGTT(0x7fff0000u, 1));	/* a fault: EIR bit 4 */
	ee_submit(&env, ctx, NULL);
	CHECK_EQ(ee_csb(&env, GS_BCS, 1, st, id, WAIT_MS), 1);
	CHECK(ee_poll(&env, RING_EIR(base), ~0u, EIR_PAGE_TABLE_ERROR, WAIT_MS));
	for (int t = 0; t < WAIT_MS && rd32(&hwsp[HWSP_ISR]) !=
	     (GT_CS_MASTER_ERROR_INTERRUPT | GT_PAGE_FAULT_INTERRUPT); t++)
		sleep_ms(1);
	CHECK_EQ(rd32(&hwsp[HWSP_ISR]), GT_CS_MASTER_ERROR_INTERRUPT | GT_PAGE_FAULT_INTERRUPT);
	/* Writing 0 clears nothing; writing the bit clears it, and the mirror's bit 3. */
	ee_write(&env, RING_EIR(base), 0);
	CHECK_EQ(ee_read(&env, RING_EIR(base)), EIR_PAGE_TABLE_ERROR);
	ee_write(&env, RING_EIR(base), EIR_PAGE_TABLE_ERROR);
	CHECK_EQ(ee_read(&env, RING_EIR(base)), 0);
	for (int t = 0; t < WAIT_MS && rd32(&hwsp[HWSP_ISR]) != GT_PAGE_FAULT_INTERRUPT; t++)
		sleep_ms(1);
	CHECK_EQ(rd32(&hwsp[HWSP_ISR]), GT_PAGE_FAULT_INTERRUPT);
	/* Acknowledging the interrupts drops the page-fault bit. */
	ee_ack_irqs(&env);
	for (int t = 0; t < WAIT_MS && rd32(&hwsp[HWSP_ISR]) != 0; t++)
		sleep_ms(1);
	CHECK_EQ(rd32(&hwsp[HWSP_ISR]), 0);
	ee_engine_reset(&env, GS_BCS);
	ee_ctx_free(ctx);
	ee_stop(&env);
}

/* Commands touching offsets with no register: unclaimed, as for the driver. */
static void t_unclaimed(void)
{
	struct eng_env env;
	struct eng_ctx *ctx;
	struct ee_buf d;

	ee_start(&env, NULL);
	ee_engine_init(&env, GS_VECS);
	d = ee_buf_ggtt(&env, 1);
	ctx = ee_ctx(&env, GS_VECS, 1, 0xa);
	wr32(&d.cpu[0], 0xffff);
	EMIT(ctx, LRI1(0x4, 1));
	ee_run(&env, ctx);
	CHECK_EQ(ee_read(&env, FPGA_DBG), FPGA_DBG_RM_NOCLAIM);
	CHECK_EQ(ee_read(&env, GENSIM_UNCLAIMED_OFFSET), 0x4);
	ee_write(&env, FPGA_DBG, FPGA_DBG_RM_NOCLAIM);
	EMIT(ctx, SRM_GGTT(0x8, BADDR(d, 0)));
	ee_run(&env, ctx);
	CHECK_EQ(rd32(&d.cpu[0]), 0);
	CHECK_EQ(ee_read(&env, FPGA_DBG), FPGA_DBG_RM_NOCLAIM);
	CHECK_EQ(ee_read(&env, GENSIM_UNCLAIMED_OFFSET), 0x8);
	CHECK_EQ(ee_read(&env, RING_EIR(ee_base(GS_VECS))), 0);
	ee_ctx_free(ctx);
	ee_stop(&env);
}

/*
 * STOP_RING: an engine waiting on a semaphore stops at its next poll (MODE_IDLE), executes nothing
 * while stopped, and goes on when the bit clears; a stopped idle engine
 * starts nothing.
 */
static void t_stop_ring(void)
{
	struct eng_env env;
	struct eng_ctx *ctx;
	struct ee_buf d;
	uint32_t base = ee_base(GS_VCS), st[2], id[2];

	ee_start(&env, NULL);
	ee_engine_init(&env, GS_VCS);
	d = ee_buf_ggtt(&env, 1);
	ctx = ee_ctx(&env, GS_VCS, 1, 0xb);
	EMIT(ctx, SEM_POLL_GGTT(BADDR(d, 8), 1, MI_SEMAPHORE_SAD_EQ_SDD),
	     SDI_GGTT(LO(BADDR(d, 0)), 1));
	ee_submit(&env, ctx, NULL);
	CHECK_EQ(ee_csb(&env, GS_VCS, 1, st, id, WAIT_MS), 1);
	CHECK(ee_poll(&env, RING_CTL(base), RING_WAIT_SEMAPHORE, RING_WAIT_SEMAPHORE, WAIT_MS));
	CHECK_EQ(ee_read(&env, RING_MI_MODE(base)) & MODE_IDLE, 0);
	ee_write(&env, RING_MI_MODE(base), MASKED_ON(STOP_RING));
	/* The engine stops at its next command boundary, not at the write. */
	CHECK(ee_poll(&env, RING_MI_MODE(base), MODE_IDLE, MODE_IDLE, WAIT_MS));
	CHECK_EQ(ee_read(&env, RING_MI_MODE(base)), STOP_RING | MODE_IDLE);
	wr32(&d.cpu[8], 1);
	sleep_ms(50);
	CHECK_EQ(rd32(&d.cpu[0]), 0);
	CHECK(ee_no_csb(&env, GS_VCS, 1));
	ee_write(&env, RING_MI_MODE(base), MASKED_OFF(STOP_RING));
	CHECK_EQ(ee_csb(&env, GS_VCS, 1, st, id, WAIT_MS), 1);
	CHECK_EQ(st[0], CSB_ACTIVE_TO_IDLE | CSB_CONTEXT_COMPLETE);
	CHECK_EQ(rd32(&d.cpu[0]), 1);

	/* Stopped while idle: a submission waits for the bit to clear. */
	ee_write(&env, RING_MI_MODE(base), MASKED_ON(STOP_RING));
	EMIT(ctx, SDI_GGTT(LO(BADDR(d, 1)), 2));
	ee_submit(&env, ctx, NULL);
	CHECK(ee_no_csb(&env, GS_VCS, 50));
	CHECK_EQ(rd32(&d.cpu[1]), 0);
	ee_write(&env, RING_MI_MODE(base), MASKED_OFF(STOP_RING));
	CHECK_EQ(ee_csb(&env, GS_VCS, 2, st, id, WAIT_MS), 2);
	CHECK_EQ(rd32(&d.cpu[1]), 2);
	ee_ctx_free(ctx);
	ee_stop(&env);
}

/* A batch that chains to itself forever: the engine never completes, but stays responsive. */
static struct eng_ctx *loop_ctx(struct eng_env *env, int e, struct ee_buf *lb)
{
	struct eng_ctx *ctx = ee_ctx(env, e, 1, 0xc0 + e);

	*lb = ee_buf_ggtt(env, 1);
	BEMIT(lb, MI_ATOMIC | MI_ATOMIC_GGTT | FIELD_PREP(MI_ATOMIC_OPCODE, MI_ATOMIC_OP_INC),
	      LO(BADDR(*lb, 64)), 0);
	BEMIT(lb, BB_START_GGTT(LO(lb->addr)));
	EMIT(ctx, BB_START_GGTT(LO(lb->addr)));
	return ctx;
}

/*
 * The RESET_CTL handshake and an engine GDRST in the middle of an endless
 * batch: READY_TO_RESET, then every register back at its reset value, no
 * CSB entry, the context not saved; the engine then runs new work.
 */
static void t_engine_reset_mid_batch(void)
{
	struct eng_env env;
	struct eng_ctx *ctx, *good;
	struct ee_buf lb, d;
	uint32_t base = ee_base(GS_RCS), st[2], id[2], count;

	ee_start(&env, NULL);
	ee_engine_init(&env, GS_RCS);
	d = ee_buf_ggtt(&env, 1);
	ctx = loop_ctx(&env, GS_RCS, &lb);
	ee_submit(&env, ctx, NULL);
	CHECK_EQ(ee_csb(&env, GS_RCS, 1, st, id, WAIT_MS), 1);
	for (int t = 0; t < WAIT_MS && rd32(&lb.cpu[64]) < 1000; t++)
		sleep_ms(1);
	CHECK(rd32(&lb.cpu[64]) >= 1000);
	CHECK_EQ(ee_read(&env, RING_BBSTATE(base)) & BBSTATE_ACTIVE, BBSTATE_ACTIVE);

	ee_write(&env, RING_RESET_CTL(base), MASKED_ON(RESET_CTL_REQUEST_RESET));
	CHECK(ee_poll(&env, RING_RESET_CTL(base), RESET_CTL_READY_TO_RESET,
		      RESET_CTL_READY_TO_RESET, WAIT_MS));
	CHECK(ee_poll(&env, RING_MI_MODE(base), MODE_IDLE, MODE_IDLE, WAIT_MS));
	count = rd32(&lb.cpu[64]);
	sleep_ms(20);
	CHECK_EQ(rd32(&lb.cpu[64]), count);		/* stopped */
	ee_write(&env, GEN6_GDRST, GEN6_GRDOM_RENDER);
	CHECK_EQ(ee_read(&env, GEN6_GDRST), 0);
	CHECK_EQ(ee_read(&env, RING_RESET_CTL(base)), 0);
	CHECK_EQ(ee_read(&env, RING_MI_MODE(base)), MODE_IDLE);
	CHECK_EQ(ee_read(&env, RING_EXECLIST_STATUS_LO(base)), 0);
	CHECK_EQ(ee_read(&env, RING_CONTEXT_STATUS_PTR(base)), CSB_PTR_RESET);
	CHECK_EQ(ee_read(&env, RING_MODE(base)), 0);
	CHECK_EQ(ee_read(&env, RING_HEAD(base)), 0);
	CHECK_EQ(ee_read(&env, RING_BBSTATE(base)), 0);
	CHECK_EQ(ee_read(&env, RING_HWS_PGA(base)), 0);
	CHECK(ee_no_csb(&env, GS_RCS, 30));
	CHECK_EQ(rd32(&lb.cpu[64]), count);
	CHECK_EQ(rd32(&ctx->state[CTX_RING_HEAD + 1]), 0);	/* not saved */

	ee_engine_init(&env, GS_RCS);
	good = ee_ctx(&env, GS_RCS, 1, 0x77);
	EMIT(good, SDI_GGTT(LO(BADDR(d, 0)), 0x77));
	ee_run(&env, good);
	CHECK_EQ(rd32(&d.cpu[0]), 0x77);
	/* After a reset the first entry is CSB[0] again. */
	CHECK_EQ(FIELD_GET(CSB_WRITE_PTR, ee_read(&env, RING_CONTEXT_STATUS_PTR(base))), 1);
	ee_ctx_free(ctx);
	ee_ctx_free(good);
	ee_stop(&env);
}

/* A full GDRST with every engine busy (loops and waits): all of them reset. */
static void t_full_reset(void)
{
	struct eng_env env;
	struct ee_buf lb[GS_NUM_ENGINES], d;
	struct eng_ctx *ctx[GS_NUM_ENGINES];

	ee_start(&env, NULL);
	d = ee_buf_ggtt(&env, 1);
	for (int e = 0; e < GS_NUM_ENGINES; e++) {
		uint32_t st[1], id[1];

		ee_engine_init(&env, e);
		if (e & 1) {
			ctx[e] = ee_ctx(&env, e, 1, 0xd0 + e);
			EMIT(ctx[e], SEM_SIGNAL_GGTT(BADDR(d, 8), 1, MI_SEMAPHORE_SAD_EQ_SDD));
		} else {
			ctx[e] = loop_ctx(&env, e, &lb[e]);
		}
		ee_submit(&env, ctx[e], NULL);
		CHECK_EQ(ee_csb(&env, e, 1, st, id, WAIT_MS), 1);
	}
	ee_write(&env, GEN6_GDRST, GEN6_GRDOM_FULL);
	CHECK_EQ(ee_read(&env, GEN6_GDRST), 0);
	for (int e = 0; e < GS_NUM_ENGINES; e++) {
		uint32_t base = ee_base(e);

		CHECK_EQ(ee_read(&env, RING_EXECLIST_STATUS_LO(base)), 0);
		CHECK_EQ(ee_read(&env, RING_MI_MODE(base)), MODE_IDLE);
		CHECK_EQ(ee_read(&env, RING_CTL(base)), 0);
	}
	CHECK_EQ(ee_read(&env, GEN8_MASTER_IRQ), 0);
	for (int e = 0; e < GS_NUM_ENGINES; e++) {
		struct eng_ctx *good;

		ee_engine_init(&env, e);
		good = ee_ctx(&env, e, 1, 0xe0 + e);
		EMIT(good, SDI_GGTT(LO(BADDR(d, e)), 0xe0 + e));
		ee_run(&env, good);
		CHECK_EQ(rd32(&d.cpu[e]), 0xe0u + e);
		ee_ctx_free(good);
		ee_ctx_free(ctx[e]);
	}
	ee_stop(&env);
}

static uint32_t xorshift(uint32_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 17;
	*s ^= *s << 5;
	return *s;
}

/*
 * A plausible command for @e: a row of the command table with a handler,
 * its header's free bits random, a valid length, and a body of dwords
 * that are often addresses the test mapped, register offsets or small
 * numbers, so the handlers run deep rather than fail on the header.
 */
static unsigned int fuzz_command(uint32_t *seed, int e, uint32_t *dw, unsigned int room,
				 const uint64_t *addrs, unsigned int nr_addrs)
{
	const struct gs_cmd_desc *d;
	unsigned int len, span;

	do {
		d = &gs_cmd_table[xorshift(seed) % gs_cmd_table_len];
	} while (!d->handler || !(d->engines & (1u << e)));
	span = d->max_len - d->min_len + 1;
	len = d->min_len + xorshift(seed) % (span < 8 ? span : 8);
	if (len > room)
		return 0;
	dw[0] = d->value | (xorshift(seed) & ~d->mask & ~d->len_mask);
	if (d->len_mask)
		dw[0] |= (len - d->len_bias) << __builtin_ctz(d->len_mask);
	for (unsigned int i = 1; i < len; i++) {
		uint64_t a = addrs[xorshift(seed) % nr_addrs] + (xorshift(seed) % 64) * 4;

		switch (xorshift(seed) % 6) {
		case 0:
			dw[i] = xorshift(seed);
			break;
		case 1:
			dw[i] = xorshift(seed) % 0x40;
			break;
		case 2:
			dw[i] = RING_GPR(ee_base(e), xorshift(seed) % 16);
			break;
		case 3:
			dw[i] = HI(a);
			break;
		default:
			dw[i] = LO(a);
			break;
		}
	}
	return len;
}

/*
 * Garbage: non-privileged batches of fuzzed commands on every engine,
 * then privileged rings of them on a fresh device each time, then pure
 * noise.  The device must neither crash nor hang: the engine resets, and
 * a known-good context runs afterwards; destroying the device joins every
 * thread whatever they do.
 */
static void t_garbage(void)
{
	/* room for the longest command fuzz_command() makes: 8 past a row's minimum */
	uint32_t seed = 0x12345678, cmd[32];
	struct eng_env env;

	ee_start(&env, NULL);
	for (int e = 0; e < GS_NUM_ENGINES; e++)
		ee_engine_init(&env, e);
	for (int i = 0; i < 60; i++) {
		int e = i % GS_NUM_ENGINES;
		struct eng_ctx *ctx = ee_ctx(&env, e, 1, 0x1000 + i), *good;
		struct ee_buf pb = ee_buf_ppgtt(&env, 1), pd = ee_buf_ppgtt(&env, 1);
		struct ee_buf d = ee_buf_ggtt(&env, 1);
		const uint64_t addrs[] = { pd.addr, pb.addr, d.addr };
		unsigned int n;

		for (unsigned int k = 0;
		     (n = fuzz_command(&seed, e, cmd, 1024 - k - 1 < 32 ? 1024 - k - 1 : 32,
				       addrs, 3));
		     k += n)
			ee_buf_emit(&pb, cmd, n);
		BEMIT(&pb, MI_BATCH_BUFFER_END);
		EMIT(ctx, BB_START_PPGTT(pb.addr));
		ee_submit(&env, ctx, NULL);
		sleep_ms(3);
		ee_engine_reset(&env, e);
		good = ee_ctx(&env, e, 1, 0x2000 + i);
		EMIT(good, SDI_GGTT(LO(BADDR(d, 100)), i + 1));
		ee_run(&env, good);
		CHECK_EQ(rd32(&d.cpu[100]), (uint32_t)i + 1);
		ee_ctx_free(ctx);
		ee_ctx_free(good);
	}
	ee_stop(&env);

	for (int i = 0; i < 16; i++) {
		int e = i % GS_NUM_ENGINES;
		struct eng_ctx *ctx;
		struct ee_buf d, pd;
		uint64_t addrs[2];
		unsigned int n;

		ee_start(&env, NULL);
		ee_engine_init(&env, e);
		d = ee_buf_ggtt(&env, 1);
		pd = ee_buf_ppgtt(&env, 1);
		addrs[0] = d.addr;
		addrs[1] = pd.addr;
		ctx = ee_ctx(&env, e, 2, 0x3000 + i);
		for (unsigned int k = 0; k < 2 * 1024 - 32; k += n) {
			if (i >= 12) {		/* pure noise */
				cmd[0] = xorshift(&seed) & (k % 2 ? ~0u : ~CMD_CLIENT);
				n = 1;
			} else if (!(n = fuzz_command(&seed, e, cmd, 16, addrs, 2))) {
				continue;
			}
			ee_emit(ctx, cmd, n);
		}
		ee_submit(&env, ctx, NULL);
		sleep_ms(10);
		ee_stop(&env);
		ee_ctx_free(ctx);
	}
}

/* Destroying a device whose engines loop and wait returns at once. */
static void t_destroy_busy(void)
{
	struct eng_env env;
	struct ee_buf lb, d;
	struct eng_ctx *a, *b;
	uint32_t st[1], id[1];

	ee_start(&env, NULL);
	ee_engine_init(&env, GS_RCS);
	ee_engine_init(&env, GS_VECS);
	d = ee_buf_ggtt(&env, 1);
	a = loop_ctx(&env, GS_RCS, &lb);
	b = ee_ctx(&env, GS_VECS, 1, 0xf);
	EMIT(b, SEM_SIGNAL_GGTT(BADDR(d, 0), 1, MI_SEMAPHORE_SAD_EQ_SDD));
	ee_submit(&env, a, NULL);
	ee_submit(&env, b, NULL);
	CHECK_EQ(ee_csb(&env, GS_RCS, 1, st, id, WAIT_MS), 1);
	CHECK_EQ(ee_csb(&env, GS_VECS, 1, st, id, WAIT_MS), 1);
	ee_stop(&env);
	ee_ctx_free(a);
	ee_ctx_free(b);
}

int main(void)
{
	tap_run("an unknown opcode: EIR, ESR, IPEIR, IPEHR, ACTHD, a hung context",
		t_unknown_opcode);
	tap_run("instruction errors: lengths, engines, clients, fields, not implemented",
		t_instruction_errors);
	tap_run("page faults in a batch fetch and a store: fault register, EIR bit 4",
		t_page_faults);
	tap_run("EMR masks EIR and the interrupt, not ESR", t_emr_masking);
	tap_run("EIR write-1-to-clear; the HWSP ISR mirror", t_eir_and_isr_mirror);
	tap_run("unclaimed register accesses from commands", t_unclaimed);
	tap_run("STOP_RING", t_stop_ring);
	tap_run("RESET_CTL handshake and engine GDRST mid batch", t_engine_reset_mid_batch);
	tap_run("full GDRST with every engine busy", t_full_reset);
	tap_run("garbage batches and rings: no crash, no hang", t_garbage);
	tap_run("destroying a busy device", t_destroy_busy);
	return tap_done();
}
