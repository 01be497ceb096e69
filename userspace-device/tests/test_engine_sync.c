// SPDX-License-Identifier: MIT
/*
 * Synchronisation commands (hw-spec-commands "Semaphores", "Atomics",
 * "Predicates"): MI_SEMAPHORE_WAIT with every compare operation in poll
 * and signal mode, across engines, in the GGTT and the PPGTT;
 * MI_SEMAPHORE_SIGNAL and its context match; MI_ATOMIC's operations in
 * both sizes, inline and from GPRs, with return data, and concurrently
 * from four engines; MI_PREDICATE, predicated MI_BATCH_BUFFER_START and
 * MI_STORE_REGISTER_MEM, MI_SET_PREDICATE.
 */
#include <time.h>

#include "engine_env.h"
#include "tap.h"

static void sleep_ms(int ms)
{
	struct timespec ts = { ms / 1000, (long)(ms % 1000) * 1000000 };

	nanosleep(&ts, NULL);
}

static bool completes(struct eng_env *env, int e, int ms)
{
	uint32_t st, id;

	return ee_csb(env, e, 1, &st, &id, ms) == 1 &&
	       st == (CSB_ACTIVE_TO_IDLE | CSB_CONTEXT_COMPLETE);
}

static void started(struct eng_env *env, int e)
{
	uint32_t st, id;

	CHECK_EQ(ee_csb(env, e, 1, &st, &id, WAIT_MS), 1);
	CHECK_EQ(st, CSB_IDLE_TO_ACTIVE);
}

/* Each compare operation, satisfied at once, and unsatisfied until memory changes. */
static void t_compare_operations(void)
{
	static const struct {
		unsigned int op;
		uint32_t mem, pass_sdd, wait_sdd, release;
	} ops[] = {
		{ MI_SEMAPHORE_SAD_GT_SDD, 5, 4, 5, 6 },
		{ MI_SEMAPHORE_SAD_GTE_SDD, 5, 5, 6, 6 },
		{ MI_SEMAPHORE_SAD_LT_SDD, 5, 6, 5, 4 },
		{ MI_SEMAPHORE_SAD_LTE_SDD, 5, 5, 4, 4 },
		{ MI_SEMAPHORE_SAD_EQ_SDD, 5, 5, 7, 7 },
		{ MI_SEMAPHORE_SAD_NEQ_SDD, 5, 6, 5, 9 },
		{ MI_SEMAPHORE_SAD_LT_SDD, 0x80000000, 0x80000001, 1, 0 },	/* unsigned */
	};
	struct eng_env env;
	struct ee_buf d, p;

	ee_start(&env, NULL);
	d = ee_buf_ggtt(&env, 1);
	p = ee_buf_ppgtt(&env, 1);
	for (int e = 0; e < GS_NUM_ENGINES; e++)
		ee_engine_init(&env, e);
	for (size_t i = 0; i < sizeof(ops) / sizeof(ops[0]); i++) {
		int e = (int)(i % GS_NUM_ENGINES);
		bool ppgtt = i & 1;
		struct ee_buf *m = ppgtt ? &p : &d;
		uint32_t base = ee_base(e), wait_dw0 = MI_SEMAPHORE_WAIT | MI_SEMAPHORE_POLL |
			(ppgtt ? 0 : MI_SEMAPHORE_GLOBAL_GTT) | FIELD_PREP(MI_SEMAPHORE_COMPARE, ops[i].op);
		struct eng_ctx *ctx = ee_ctx(&env, e, 1, 0x60 + (uint32_t)i);

		wr32(&m->cpu[0], ops[i].mem);
		ee_ack_irqs(&env);
		EMIT(ctx, wait_dw0, ops[i].pass_sdd, LO(m->addr), HI(m->addr),
		     SDI_GGTT(LO(BADDR(d, 16 + i)), 1));
		EMIT(ctx, wait_dw0, ops[i].wait_sdd, LO(m->addr), HI(m->addr),
		     SDI_GGTT(LO(BADDR(d, 32 + i)), 2));
		ee_submit(&env, ctx, NULL);
		started(&env, e);
		CHECK(ee_poll(&env, RING_CTL(base), RING_WAIT_SEMAPHORE, RING_WAIT_SEMAPHORE, WAIT_MS));
		CHECK_MSG(rd32(&d.cpu[16 + i]) == 1, "op %u: a satisfied wait waited", ops[i].op);
		CHECK_MSG(!completes(&env, e, 30), "op %u: an unsatisfied wait went on", ops[i].op);
		CHECK(ee_engine_iir(&env, e) & GT_WAIT_SEMAPHORE_INTERRUPT);
		wr32(&m->cpu[0], ops[i].release);
		CHECK_MSG(completes(&env, e, WAIT_MS), "op %u: not released", ops[i].op);
		CHECK_EQ(rd32(&d.cpu[32 + i]), 2);
		CHECK_EQ(ee_read(&env, RING_CTL(base)) & RING_WAIT_SEMAPHORE, 0);
		ee_ctx_free(ctx);
	}
	ee_stop(&env);
}

/* One engine waits (poll mode) for a value another engine's command writes. */
static void t_across_engines(void)
{
	struct eng_env env;
	struct eng_ctx *w, *s;
	struct ee_buf d;

	ee_start(&env, NULL);
	ee_engine_init(&env, GS_VCS);
	ee_engine_init(&env, GS_BCS);
	d = ee_buf_ggtt(&env, 1);
	w = ee_ctx(&env, GS_VCS, 1, 0x71);
	s = ee_ctx(&env, GS_BCS, 1, 0x72);
	EMIT(w, SEM_POLL_GGTT(BADDR(d, 0), 0x1234, MI_SEMAPHORE_SAD_EQ_SDD),
	     SDI_GGTT(LO(BADDR(d, 1)), 1));
	EMIT(s, SDI_GGTT(LO(BADDR(d, 0)), 0x1234));
	ee_submit(&env, w, NULL);
	started(&env, GS_VCS);
	CHECK(!completes(&env, GS_VCS, 30));
	ee_run(&env, s);
	CHECK(completes(&env, GS_VCS, WAIT_MS));
	CHECK_EQ(rd32(&d.cpu[1]), 1);
	ee_ctx_free(w);
	ee_ctx_free(s);
	ee_stop(&env);
}

/*
 * Signal mode: memory alone does not wake the wait, nor a signal for
 * another context; a signal for the waiting context does.
 */
static void t_signal_mode(void)
{
	struct eng_env env;
	struct eng_ctx *w, *s1, *s2;
	struct ee_buf d;
	const uint32_t to_rcs = MI_SEMAPHORE_SIGNAL |
				FIELD_PREP(MI_SEMAPHORE_SIGNAL_TARGET, MI_SEMAPHORE_TARGET_RCS);

	ee_start(&env, NULL);
	ee_engine_init(&env, GS_RCS);
	ee_engine_init(&env, GS_VECS);
	d = ee_buf_ggtt(&env, 1);
	w = ee_ctx(&env, GS_RCS, 1, 0x51);
	s1 = ee_ctx(&env, GS_VECS, 1, 0x52);
	s2 = ee_ctx(&env, GS_VECS, 1, 0x53);
	EMIT(w, SEM_SIGNAL_GGTT(BADDR(d, 0), 1, MI_SEMAPHORE_SAD_EQ_SDD),
	     SDI_GGTT(LO(BADDR(d, 1)), 1));
	EMIT(s1, to_rcs, 0x999);
	EMIT(s2, to_rcs, 0x51);
	ee_submit(&env, w, NULL);
	started(&env, GS_RCS);
	CHECK(ee_poll(&env, RING_CTL(ee_base(GS_RCS)), RING_WAIT_SEMAPHORE, RING_WAIT_SEMAPHORE,
		      WAIT_MS));
	wr32(&d.cpu[0], 1);
	CHECK(!completes(&env, GS_RCS, 150));
	ee_run(&env, s1);
	CHECK(!completes(&env, GS_RCS, 50));
	ee_run(&env, s2);
	CHECK(completes(&env, GS_RCS, WAIT_MS));
	CHECK_EQ(rd32(&d.cpu[1]), 1);
	ee_ctx_free(w);
	ee_ctx_free(s1);
	ee_ctx_free(s2);
	ee_stop(&env);
}

#define ATOMIC(op)	(MI_ATOMIC | MI_ATOMIC_GGTT | MI_ATOMIC_RETURN_DATA | \
			 FIELD_PREP(MI_ATOMIC_OPCODE, op))
#define ATOMIC_INLINE_DW(op)	((ATOMIC(op) | MI_ATOMIC_INLINE_DATA) + 2)
#define ATOMIC_INLINE_QW(op)	((ATOMIC((op) | MI_ATOMIC_OP_QWORD) | MI_ATOMIC_INLINE_DATA | \
				  FIELD_PREP(MI_ATOMIC_SIZE, 1)) + 4)

/* Every operation, dword and qword, with return data (GPR4), inline and from GPRs. */
static void t_atomics(void)
{
	static const struct {
		unsigned int op;
		uint64_t mem, op1, op2, result, ret;
	} dw[] = {
		{ MI_ATOMIC_OP_AND, 0xff00ff00, 0x0ff00ff0, 0, 0x0f000f00, 0xff00ff00 },
		{ MI_ATOMIC_OP_OR, 0xff00ff00, 0x0ff00ff0, 0, 0xfff0fff0, 0xff00ff00 },
		{ MI_ATOMIC_OP_XOR, 0xff00ff00, 0x0ff00ff0, 0, 0xf0f0f0f0, 0xff00ff00 },
		{ MI_ATOMIC_OP_MOVE, 0x1111, 0x2222, 0, 0x2222, 0x1111 },
		{ MI_ATOMIC_OP_INC, 0xffffffff, 0, 0, 0, 0xffffffff },
		{ MI_ATOMIC_OP_DEC, 0, 0, 0, 0xffffffff, 0 },
		{ MI_ATOMIC_OP_ADD, 0xfffffff0, 0x20, 0, 0x10, 0xfffffff0 },
		{ MI_ATOMIC_OP_SUB, 10, 3, 0, 7, 10 },
		{ MI_ATOMIC_OP_RSUB, 10, 3, 0, 0xfffffff9, 10 },
		{ MI_ATOMIC_OP_IMAX, 0xfffffffe, 1, 0, 1, 0xfffffffe },		/* -2 < 1 */
		{ MI_ATOMIC_OP_IMIN, 0xfffffffe, 1, 0, 0xfffffffe, 0xfffffffe },
		{ MI_ATOMIC_OP_UMAX, 0xfffffffe, 1, 0, 0xfffffffe, 0xfffffffe },
		{ MI_ATOMIC_OP_UMIN, 0xfffffffe, 1, 0, 1, 0xfffffffe },
		{ MI_ATOMIC_OP_CMP_WR, 5, 5, 9, 9, 5 },				/* equal: written */
		{ MI_ATOMIC_OP_CMP_WR, 5, 6, 9, 5, 5 },				/* not: kept */
		{ MI_ATOMIC_OP_PREDEC, 5, 0, 0, 4, 4 },				/* returns the new */
	};
	struct eng_env env;
	struct eng_ctx *ctx;
	struct ee_buf d;
	const int e = GS_BCS;
	uint32_t base = ee_base(e);
	size_t n = sizeof(dw) / sizeof(dw[0]);

	ee_start(&env, NULL);
	ee_engine_init(&env, e);
	d = ee_buf_ggtt(&env, 2);
	ctx = ee_ctx(&env, e, 4, 0x80);
	for (size_t i = 0; i < n; i++) {
		uint64_t q = (uint64_t)0xa5a5a5a5u << 32;
		unsigned int m = 8 * i, r = 512 + 8 * i;

		/* Dword, inline. */
		wr32(&d.cpu[m], (uint32_t)dw[i].mem);
		EMIT(ctx, ATOMIC_INLINE_DW(dw[i].op), LO(BADDR(d, m)), 0, (uint32_t)dw[i].op1,
		     (uint32_t)dw[i].op2);
		EMIT(ctx, SRM_GGTT(RING_GPR(base, 4), BADDR(d, r)),
		     SRM_GGTT(RING_GPR_UDW(base, 4), BADDR(d, r + 1)));
		/* Qword, inline: the same values in the high dword too, 0xa5.. above. */
		wr32(&d.cpu[m + 2], (uint32_t)dw[i].mem);
		wr32(&d.cpu[m + 3], (uint32_t)(q >> 32));
		EMIT(ctx, ATOMIC_INLINE_QW(dw[i].op), LO(BADDR(d, m + 2)), 0, (uint32_t)dw[i].op1,
		     (uint32_t)dw[i].op2, 0, 0);
		EMIT(ctx, SRM_GGTT(RING_GPR(base, 4), BADDR(d, r + 2)),
		     SRM_GGTT(RING_GPR_UDW(base, 4), BADDR(d, r + 3)));
		/* Dword, operands from GPR0 and GPR2. */
		wr32(&d.cpu[m + 4], (uint32_t)dw[i].mem);
		EMIT(ctx, MI_LOAD_REGISTER_IMM(2), RING_GPR(base, 0), (uint32_t)dw[i].op1,
		     RING_GPR(base, 2), (uint32_t)dw[i].op2);
		EMIT(ctx, ATOMIC(dw[i].op), LO(BADDR(d, m + 4)), 0);
	}
	ee_run(&env, ctx);
	for (size_t i = 0; i < n; i++) {
		unsigned int m = 8 * i, r = 512 + 8 * i;
		uint64_t qmem = 0xa5a5a5a500000000ull | dw[i].mem, qres, qret;

		CHECK_MSG(rd32(&d.cpu[m]) == (uint32_t)dw[i].result, "dword op %#x: %#x", dw[i].op,
			  rd32(&d.cpu[m]));
		CHECK_MSG(rd64(&d.cpu[r]) == dw[i].ret, "dword op %#x returned %#llx", dw[i].op,
			  (unsigned long long)rd64(&d.cpu[r]));
		CHECK_MSG(rd32(&d.cpu[m + 4]) == (uint32_t)dw[i].result, "GPR operands op %#x: %#x",
			  dw[i].op, rd32(&d.cpu[m + 4]));
		/* The qword forms on 0xa5a5a5a5_xxxxxxxx with 32-bit operands. */
		switch (dw[i].op) {
		case MI_ATOMIC_OP_AND: qres = qmem & dw[i].op1; break;
		case MI_ATOMIC_OP_OR: qres = qmem | dw[i].op1; break;
		case MI_ATOMIC_OP_XOR: qres = qmem ^ dw[i].op1; break;
		case MI_ATOMIC_OP_MOVE: qres = dw[i].op1; break;
		case MI_ATOMIC_OP_INC: qres = qmem + 1; break;
		case MI_ATOMIC_OP_DEC: case MI_ATOMIC_OP_PREDEC: qres = qmem - 1; break;
		case MI_ATOMIC_OP_ADD: qres = qmem + dw[i].op1; break;
		case MI_ATOMIC_OP_SUB: qres = qmem - dw[i].op1; break;
		case MI_ATOMIC_OP_RSUB: qres = dw[i].op1 - qmem; break;
		case MI_ATOMIC_OP_IMAX: qres = (int64_t)qmem > (int64_t)dw[i].op1 ? qmem : dw[i].op1;
			break;
		case MI_ATOMIC_OP_IMIN: qres = (int64_t)qmem < (int64_t)dw[i].op1 ? qmem : dw[i].op1;
			break;
		case MI_ATOMIC_OP_UMAX: qres = qmem > dw[i].op1 ? qmem : dw[i].op1; break;
		case MI_ATOMIC_OP_UMIN: qres = qmem < dw[i].op1 ? qmem : dw[i].op1; break;
		default: qres = qmem == dw[i].op1 ? dw[i].op2 : qmem; break;
		}
		qret = dw[i].op == MI_ATOMIC_OP_PREDEC ? qres : qmem;
		CHECK_MSG(rd64(&d.cpu[m + 2]) == qres, "qword op %#x: %#llx, expected %#llx",
			  dw[i].op, (unsigned long long)rd64(&d.cpu[m + 2]), (unsigned long long)qres);
		CHECK_MSG(rd64(&d.cpu[r + 2]) == qret, "qword op %#x returned %#llx", dw[i].op,
			  (unsigned long long)rd64(&d.cpu[r + 2]));
	}
	CHECK_EQ(ee_read(&env, RING_EIR(base)), 0);
	ee_ctx_free(ctx);
	ee_stop(&env);
}

/* Four engines increment one dword 300 times each, concurrently: 1200. */
static void t_atomics_concurrent(void)
{
	struct eng_env env;
	struct eng_ctx *c[GS_NUM_ENGINES];
	struct ee_buf d;

	ee_start(&env, NULL);
	d = ee_buf_ggtt(&env, 1);
	for (int e = 0; e < GS_NUM_ENGINES; e++) {
		ee_engine_init(&env, e);
		c[e] = ee_ctx(&env, e, 4, 0x90 + e);
		for (int i = 0; i < 300; i++)
			EMIT(c[e], MI_ATOMIC | MI_ATOMIC_GGTT |
			     FIELD_PREP(MI_ATOMIC_OPCODE, MI_ATOMIC_OP_INC), LO(d.addr), 0);
	}
	for (int e = 0; e < GS_NUM_ENGINES; e++)
		ee_submit(&env, c[e], NULL);
	for (int e = 0; e < GS_NUM_ENGINES; e++) {
		started(&env, e);
		CHECK(completes(&env, e, WAIT_MS));
		ee_ctx_free(c[e]);
	}
	CHECK_EQ(rd32(&d.cpu[0]), 4 * 300);
	ee_stop(&env);
}

#define PRED(load, combine, compare)						\
	(MI_PREDICATE | FIELD_PREP(MI_PREDICATE_LOADOP, MI_PREDICATE_LOADOP_##load) |	\
	 FIELD_PREP(MI_PREDICATE_COMBINEOP, MI_PREDICATE_COMBINEOP_##combine) |	\
	 FIELD_PREP(MI_PREDICATE_COMPAREOP, MI_PREDICATE_COMPARE_##compare))

/* MI_PREDICATE's compare, combine and load operations; predicated commands. */
static void t_predicate(void)
{
	struct eng_env env;
	struct eng_ctx *ctx;
	struct ee_buf d, bb;
	static const struct {
		uint32_t src0, src1, data, cmd, expect;
	} steps[] = {
		{ 5, 5, 0x77, PRED(LOAD, SET, SRCS_EQUAL), 1 },
		{ 7, 5, 0x77, PRED(LOAD, SET, SRCS_EQUAL), 0 },
		{ 7, 5, 2, PRED(LOAD, SET, DELTAS_EQUAL), 1 },
		{ 7, 5, 3, PRED(LOAD, SET, DELTAS_EQUAL), 0 },
		{ 0, 0, 0, PRED(LOADINV, SET, TRUE), 0 },
		{ 0, 0, 0, PRED(LOAD, OR, FALSE), 0 },
		{ 0, 0, 0, PRED(LOAD, OR, TRUE), 1 },
		{ 0, 0, 0, PRED(LOAD, AND, FALSE), 0 },
		{ 0, 0, 0, PRED(LOAD, XOR, TRUE), 1 },
		{ 0, 0, 0, PRED(KEEP, SET, FALSE), 1 },
		{ 0, 0, 0, PRED(LOAD, XOR, TRUE), 0 },
		{ 0, 0, 0, PRED(LOADINV, AND, TRUE), 1 },
	};

	ee_start(&env, NULL);
	ee_engine_init(&env, GS_RCS);
	d = ee_buf_ggtt(&env, 1);
	bb = ee_buf_ggtt(&env, 1);
	ctx = ee_ctx(&env, GS_RCS, 2, 0xa0);
	for (size_t i = 0; i < sizeof(steps) / sizeof(steps[0]); i++) {
		EMIT(ctx, MI_LOAD_REGISTER_IMM(3), MI_PREDICATE_SRC0, steps[i].src0,
		     MI_PREDICATE_SRC1, steps[i].src1, MI_PREDICATE_DATA, steps[i].data);
		EMIT(ctx, steps[i].cmd, SRM_GGTT(MI_PREDICATE_RESULT, BADDR(d, i)));
	}
	/* SRCS_EQUAL loads DATA with SRC0 - SRC1. */
	EMIT(ctx, MI_LOAD_REGISTER_IMM(2), MI_PREDICATE_SRC0, 9, MI_PREDICATE_SRC1, 4,
	     PRED(KEEP, SET, SRCS_EQUAL), SRM_GGTT(MI_PREDICATE_DATA, BADDR(d, 100)));
	/* Predicated batch start and register store, with RESULT 1 then 0. */
	BEMIT(&bb, SDI_GGTT(LO(BADDR(d, 200)), 0), MI_ATOMIC | MI_ATOMIC_GGTT |
	      FIELD_PREP(MI_ATOMIC_OPCODE, MI_ATOMIC_OP_INC), LO(BADDR(d, 201)), 0,
	      MI_BATCH_BUFFER_END);
	for (uint32_t r = 0; r < 2; r++) {
		EMIT(ctx, LRI1(MI_PREDICATE_RESULT, 1 - r), LRI1(RING_GPR(0x2000, 0), 0x40 + r));
		EMIT(ctx, MI_BATCH_BUFFER_START | MI_BB_PREDICATE, LO(bb.addr), 0);
		EMIT(ctx, MI_STORE_REGISTER_MEM | MI_SRM_USE_GGTT | MI_SRM_PREDICATE,
		     RING_GPR(0x2000, 0), LO(BADDR(d, 210 + r)), 0);
	}
	ee_run(&env, ctx);
	for (size_t i = 0; i < sizeof(steps) / sizeof(steps[0]); i++)
		CHECK_MSG(rd32(&d.cpu[i]) == steps[i].expect, "step %zu: MI_PREDICATE_RESULT %u",
			  i, rd32(&d.cpu[i]));
	CHECK_EQ(rd32(&d.cpu[100]), 5);
	CHECK_EQ(rd32(&d.cpu[201]), 1);		/* the batch ran once */
	CHECK_EQ(rd32(&d.cpu[210]), 0x40);
	CHECK_EQ(rd32(&d.cpu[211]), 0);
	CHECK_EQ(ee_read(&env, RING_EIR(ee_base(GS_RCS))), 0);
	ee_ctx_free(ctx);
	ee_stop(&env);
}

/* MI_SET_PREDICATE's modes; the mode does not survive the context. */
static void t_set_predicate(void)
{
	static const struct {
		uint32_t result, result2, mode;
		bool runs;
	} steps[] = {
		{ 0, 0, MI_SET_PREDICATE_NOOP_NEVER, true },
		{ 0, 0, MI_SET_PREDICATE_NOOP_RESULT_CLEAR, false },
		{ 1, 0, MI_SET_PREDICATE_NOOP_RESULT_CLEAR, true },
		{ 1, 0, MI_SET_PREDICATE_NOOP_RESULT_SET, false },
		{ 0, 0, MI_SET_PREDICATE_NOOP_RESULT_SET, true },
		{ 0, 0, MI_SET_PREDICATE_NOOP_RESULT2_CLEAR, false },
		{ 0, 1, MI_SET_PREDICATE_NOOP_RESULT2_CLEAR, true },
		{ 0, 1, MI_SET_PREDICATE_NOOP_RESULT2_SET, false },
		{ 0, 0, MI_SET_PREDICATE_NOOP_RESULT2_SET, true },
		{ 0, 0, MI_SET_PREDICATE_ONE_SLICE, true },	/* the default configuration */
		{ 0, 0, MI_SET_PREDICATE_TWO_SLICES, false },
		{ 0, 0, MI_SET_PREDICATE_THREE_SLICES, false },
		{ 0, 0, MI_SET_PREDICATE_NOOP_ALWAYS, false },
	};
	struct eng_env env;
	struct eng_ctx *ctx;
	struct ee_buf d;
	size_t n = sizeof(steps) / sizeof(steps[0]);

	ee_start(&env, NULL);
	ee_engine_init(&env, GS_RCS);
	d = ee_buf_ggtt(&env, 1);
	ctx = ee_ctx(&env, GS_RCS, 2, 0xb0);
	for (size_t i = 0; i < n; i++) {
		EMIT(ctx, MI_SET_PREDICATE | MI_SET_PREDICATE_NOOP_NEVER);
		EMIT(ctx, MI_LOAD_REGISTER_IMM(2), MI_PREDICATE_RESULT, steps[i].result,
		     MI_PREDICATE_RESULT_2, steps[i].result2);
		EMIT(ctx, MI_SET_PREDICATE | steps[i].mode, SDI_GGTT(LO(BADDR(d, i)), 1));
	}
	/* Still NOOP-always at the end of the context. */
	ee_run(&env, ctx);
	for (size_t i = 0; i < n; i++)
		CHECK_MSG(rd32(&d.cpu[i]) == steps[i].runs, "step %zu (mode %u): %u", i,
			  steps[i].mode, rd32(&d.cpu[i]));
	EMIT(ctx, SDI_GGTT(LO(BADDR(d, 64)), 1));
	ee_run(&env, ctx);
	CHECK_EQ(rd32(&d.cpu[64]), 1);
	CHECK_EQ(ee_read(&env, RING_EIR(ee_base(GS_RCS))), 0);
	ee_ctx_free(ctx);
	ee_stop(&env);
	sleep_ms(0);
}

int main(void)
{
	tap_run("MI_SEMAPHORE_WAIT: every compare operation, GGTT and PPGTT",
		t_compare_operations);
	tap_run("a semaphore across engines (poll mode)", t_across_engines);
	tap_run("signal mode: woken by a signal for its context only", t_signal_mode);
	tap_run("MI_ATOMIC: every operation, dword and qword, inline and GPRs, return data",
		t_atomics);
	tap_run("MI_ATOMIC from four engines at once", t_atomics_concurrent);
	tap_run("MI_PREDICATE; predicated BB_START and SRM", t_predicate);
	tap_run("MI_SET_PREDICATE modes", t_set_predicate);
	return tap_done();
}
