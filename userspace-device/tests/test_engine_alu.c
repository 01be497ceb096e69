// SPDX-License-Identifier: MIT
/*
 * MI_MATH and the command streamer ALU (hw-spec-commands "The ALU";
 * PRM Vol. 6 Command Stream Programming (Cherryview 2015), "Command
 * Streamer (CS) ALU Programming"; testable 54): every operation, both
 * flags, 64-bit carries, the per-command reset of the ALU state, and the
 * errors. Expected results are computed by hand in the test, not by the
 * device's code.
 */
#include "engine_env.h"
#include "tap.h"

#define ALU(op, a, b)	MI_MATH_INSTR(MI_ALU_##op, a, b)
#define R(n)		MI_ALU_R(n)
#define SRCA		MI_ALU_SRCA
#define SRCB		MI_ALU_SRCB
#define ACCU		MI_ALU_ACCU
#define ZF		MI_ALU_ZF
#define CF		MI_ALU_CF
#define T		(~0ull)		/* a set flag reads all ones */

static void set_gpr(struct eng_ctx *ctx, unsigned int n, uint64_t v)
{
	uint32_t base = ee_base(ctx->engine);

	EMIT(ctx, MI_LOAD_REGISTER_IMM(2), RING_GPR(base, n), LO(v), RING_GPR_UDW(base, n), HI(v));
}

/* R0 op R1 -> R2 = ACCU, R3 = ZF, R4 = CF. */
static void binop(struct eng_ctx *ctx, unsigned int op, uint64_t a, uint64_t b)
{
	set_gpr(ctx, 0, a);
	set_gpr(ctx, 1, b);
	EMIT(ctx, MI_MATH(6), ALU(LOAD, SRCA, R(0)), ALU(LOAD, SRCB, R(1)),
	     MI_MATH_INSTR(op, 0, 0), ALU(STORE, R(2), ACCU), ALU(STORE, R(3), ZF),
	     ALU(STORE, R(4), CF));
}

static void check(struct eng_env *env, int e, uint64_t accu, uint64_t zf, uint64_t cf)
{
	CHECK_EQ(ee_gpr64(env, e, 2), accu);
	CHECK_EQ(ee_gpr64(env, e, 3), zf);
	CHECK_EQ(ee_gpr64(env, e, 4), cf);
}

static const struct {
	const char *what;
	unsigned int op;
	uint64_t a, b, accu, zf, cf;
} cases[] = {
	{ "add", MI_ALU_ADD, 5, 7, 12, 0, 0 },
	{ "add, carry and zero", MI_ALU_ADD, ~0ull, 1, 0, T, T },
	{ "add, carry", MI_ALU_ADD, ~0ull, 2, 1, 0, T },
	{ "add across the halves", MI_ALU_ADD, 0x1ffffffffull, 1, 0x200000000ull, 0, 0 },
	{ "add, zero", MI_ALU_ADD, 0, 0, 0, T, 0 },
	{ "sub", MI_ALU_SUB, 7, 5, 2, 0, 0 },
	{ "sub, borrow", MI_ALU_SUB, 5, 7, 0xfffffffffffffffeull, 0, T },
	{ "sub, zero", MI_ALU_SUB, 5, 5, 0, T, 0 },
	{ "sub across the halves", MI_ALU_SUB, 0x100000000ull, 1, 0xffffffffull, 0, 0 },
	{ "sub, borrow at the top", MI_ALU_SUB, 0, 0x8000000000000000ull,
	  0x8000000000000000ull, 0, T },
	{ "and", MI_ALU_AND, 0xff00ff00ff00ff00ull, 0xf0f0f0f0f0f0f0f0ull,
	  0xf000f000f000f000ull, 0, 0 },
	{ "and, zero", MI_ALU_AND, 0xff00, 0x00ff, 0, T, 0 },
	{ "or", MI_ALU_OR, 0xff00000000000000ull, 0x1, 0xff00000000000001ull, 0, 0 },
	{ "or, zero", MI_ALU_OR, 0, 0, 0, T, 0 },
	{ "xor", MI_ALU_XOR, 0xffff0000ffff0000ull, 0xff00ff00ff00ff00ull,
	  0x00ffff0000ffff00ull, 0, 0 },
	{ "xor, zero", MI_ALU_XOR, 0x1234567890abcdefull, 0x1234567890abcdefull, 0, T, 0 },
};

static void t_operations(void)
{
	struct eng_env env;

	ee_start(&env, NULL);
	for (int e = 0; e < GS_NUM_ENGINES; e++)
		ee_engine_init(&env, e);
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		int e = (int)(i % GS_NUM_ENGINES);	/* the same ALU on every engine */
		struct eng_ctx *ctx = ee_ctx(&env, e, 1, 0x10 + (uint32_t)i);

		binop(ctx, cases[i].op, cases[i].a, cases[i].b);
		ee_run(&env, ctx);
		CHECK_MSG(ee_gpr64(&env, e, 2) == cases[i].accu && ee_gpr64(&env, e, 3) == cases[i].zf &&
			  ee_gpr64(&env, e, 4) == cases[i].cf,
			  "%s on %s: accu %#llx zf %#llx cf %#llx", cases[i].what,
			  gs_engine_names[e], (unsigned long long)ee_gpr64(&env, e, 2),
			  (unsigned long long)ee_gpr64(&env, e, 3),
			  (unsigned long long)ee_gpr64(&env, e, 4));
		CHECK_EQ(ee_read(&env, RING_EIR(ee_base(e))), 0);
		ee_ctx_free(ctx);
	}
	ee_stop(&env);
}

/* LOADINV, LOAD0, LOAD1, STOREINV, NOOP; chaining through ACCU; flags reset by logic ops. */
static void t_loads_and_stores(void)
{
	struct eng_env env;
	struct eng_ctx *ctx;
	const int e = GS_RCS;

	ee_start(&env, NULL);
	ee_engine_init(&env, e);
	ctx = ee_ctx(&env, e, 1, 1);
	set_gpr(ctx, 0, 0x00000000ffff0000ull);
	set_gpr(ctx, 9, 0x5a5a5a5a5a5a5a5aull);
	EMIT(ctx, MI_MATH(16),
	     ALU(LOADINV, SRCA, R(0)), ALU(LOAD0, SRCB, 0), ALU(ADD, 0, 0),
	     ALU(STORE, R(5), ACCU),			/* ~R0 + 0 */
	     ALU(LOAD1, SRCA, 0), ALU(LOAD1, SRCB, 0), ALU(ADD, 0, 0),
	     ALU(STORE, R(6), ACCU), ALU(STORE, R(7), CF),	/* ~0 + ~0 = ~1, carry */
	     ALU(LOAD, SRCA, ACCU), ALU(LOAD0, SRCB, 0), ALU(OR, 0, 0),
	     ALU(STORE, R(8), CF),				/* OR clears CF */
	     ALU(NOOP, 0x3ff, 0x3ff),
	     ALU(STOREINV, R(9), ACCU),			/* ~(~1) */
	     ALU(STOREINV, R(10), ZF));
	/* STOREINV of CF after SUB: "not below" (a >= b). */
	set_gpr(ctx, 0, 3);
	set_gpr(ctx, 1, 9);
	EMIT(ctx, MI_MATH(5), ALU(LOAD, SRCA, R(0)), ALU(LOAD, SRCB, R(1)), ALU(SUB, 0, 0),
	     ALU(STOREINV, R(11), CF), ALU(STORE, R(12), CF));
	ee_run(&env, ctx);
	CHECK_EQ(ee_gpr64(&env, e, 5), 0xffffffff0000ffffull);
	CHECK_EQ(ee_gpr64(&env, e, 6), 0xfffffffffffffffeull);
	CHECK_EQ(ee_gpr64(&env, e, 7), T);
	CHECK_EQ(ee_gpr64(&env, e, 8), 0);
	CHECK_EQ(ee_gpr64(&env, e, 9), 1);
	CHECK_EQ(ee_gpr64(&env, e, 10), T);
	CHECK_EQ(ee_gpr64(&env, e, 11), 0);
	CHECK_EQ(ee_gpr64(&env, e, 12), T);
	CHECK_EQ(ee_read(&env, RING_EIR(ee_base(e))), 0);
	ee_ctx_free(ctx);
	ee_stop(&env);
}

/* Every MI_MATH starts from SRCA = SRCB = ACCU = 0 and clear flags (gensim). */
static void t_state_per_command(void)
{
	struct eng_env env;
	struct eng_ctx *ctx;
	const int e = GS_VECS;

	ee_start(&env, NULL);
	ee_engine_init(&env, e);
	ctx = ee_ctx(&env, e, 1, 1);
	binop(ctx, MI_ALU_ADD, ~0ull, 2);		/* leaves ACCU 1, CF set */
	EMIT(ctx, MI_MATH(4), ALU(STORE, R(5), ACCU), ALU(STORE, R(6), CF), ALU(STORE, R(7), ZF),
	     ALU(STORE, R(8), ACCU));
	EMIT(ctx, MI_MATH(3), ALU(ADD, 0, 0), ALU(STORE, R(9), ZF), ALU(STORE, R(10), ACCU));
	ee_run(&env, ctx);
	check(&env, e, 1, 0, T);
	CHECK_EQ(ee_gpr64(&env, e, 5), 0);
	CHECK_EQ(ee_gpr64(&env, e, 6), 0);
	CHECK_EQ(ee_gpr64(&env, e, 7), 0);
	CHECK_EQ(ee_gpr64(&env, e, 9), T);
	CHECK_EQ(ee_gpr64(&env, e, 10), 0);
	ee_ctx_free(ctx);
	ee_stop(&env);
}

/* Bad ALU dwords: an instruction error naming them; no GPR of the command changes. */
static void t_errors(void)
{
	static const uint32_t bad[][2] = {
		{ MI_MATH_INSTR(0x105, 0, 0), 0 },		/* no such opcode */
		{ ALU(LOAD, R(1), R(2)), 0 },			/* LOAD into a GPR */
		{ ALU(STORE, SRCA, ACCU), 0 },			/* STORE into SRCA */
		{ ALU(LOAD, SRCA, 0x10), 0 },			/* no register 0x10 */
		{ ALU(STORE, R(3), SRCB), 0 },			/* SRCB is not a source */
		{ ALU(LOAD0, ACCU, 0), 0 },
	};
	struct eng_env env;
	const int e = GS_BCS;
	uint32_t base = ee_base(e);

	ee_start(&env, NULL);
	ee_engine_init(&env, e);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct eng_ctx *ctx = ee_ctx(&env, e, 1, 0x20 + (uint32_t)i);
		uint32_t st[2], id[2];

		set_gpr(ctx, 5, 0x55);
		EMIT(ctx, MI_MATH(3), ALU(LOAD0, SRCA, 0), ALU(STORE, R(5), ACCU),
		     bad[i][0]);
		ee_submit(&env, ctx, NULL);
		CHECK_EQ(ee_csb(&env, e, 1, st, id, WAIT_MS), 1);
		CHECK(ee_poll(&env, RING_EIR(base), EIR_INSTRUCTION_ERROR, EIR_INSTRUCTION_ERROR,
			      WAIT_MS));
		CHECK_EQ(ee_read(&env, RING_IPEHR(base)), MI_MATH(3));
		CHECK_EQ(ee_gpr64(&env, e, 5), 0x55);		/* the store before it did not land */
		CHECK_EQ(ee_csb(&env, e, 1, st, id, 100), 0);	/* hung: no completion */
		ee_engine_reset(&env, e);
		CHECK_EQ(ee_read(&env, RING_EIR(base)), 0);
		ee_ctx_free(ctx);
	}
	ee_stop(&env);
}

int main(void)
{
	tap_run("ADD, SUB, AND, OR, XOR with ZF and CF, on every engine", t_operations);
	tap_run("LOADINV, LOAD0, LOAD1, STOREINV, NOOP, chaining", t_loads_and_stores);
	tap_run("the ALU state starts clear in every MI_MATH", t_state_per_command);
	tap_run("bad ALU opcodes and operands are instruction errors", t_errors);
	return tap_done();
}
