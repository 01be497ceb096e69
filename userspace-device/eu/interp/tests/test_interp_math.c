// SPDX-License-Identifier: MIT
/*
 * Interpreter: the math instruction, every function, with the special
 * values of 965/G35 PRM Vol. 4 Subsystem and Cores (2008), 6 "Extended
 * Math" / testable 47-62 and PRM Vol. 6 Command Stream Programming
 * (Cherryview 2015), "Blitter Command Header Format", "Render Command
 * Header Format", "3D Command Map", "Memory Interface Commands for RCP"
 * and 18, integer divide including divide by zero, ALT mode, saturation.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "it_util.h"

static struct gseu_hw_thread *run1(const char *fn, const float in[8], bool alt)
{
	struct gseu_hw_thread *t = it_thread(0xff);
	char src[160];

	memcpy(t->grf[1].f, in, 32);
	if (alt)
		t->cr0.d[0] = GSEU_CR0_ALT_MODE;
	snprintf(src, sizeof(src), "math %s(8) g2<1>F g1<8,8,1>F null<8,8,1>F\n", fn);
	it_ok(t, src);
	return t;
}

#define BITS(t, k) it_fbits((t)->grf[2].f[k])

static void t_inv_log_exp(void)
{
	static const float in[8] = { INFINITY, -INFINITY, 0.0f, -0.0f, 0x1p-140f, 4.0f, -2.0f, NAN };
	struct gseu_hw_thread *t = run1("inv", in, false);

	CHECK_EQ(BITS(t, 0), 0);			/* #3 */
	CHECK_EQ(BITS(t, 1), 0x80000000u);
	CHECK(t->grf[2].f[2] == INFINITY);		/* #4 */
	CHECK(t->grf[2].f[3] == -INFINITY);
	CHECK(t->grf[2].f[4] == INFINITY);		/* #48: denormal is +0 */
	CHECK(t->grf[2].f[5] == 0.25f);
	CHECK(isnan(t->grf[2].f[7]));
	gseu_thread_free(t);
	t = run1("log", in, false);
	CHECK(t->grf[2].f[0] == INFINITY);
	CHECK(isnan(t->grf[2].f[1]));			/* #6 */
	CHECK(t->grf[2].f[2] == -INFINITY);
	CHECK(t->grf[2].f[3] == -INFINITY);
	CHECK(t->grf[2].f[5] == 2.0f);
	CHECK(isnan(t->grf[2].f[6]));
	gseu_thread_free(t);
	t = run1("log", in, true);			/* #49 ALT: log2|x| */
	CHECK(t->grf[2].f[6] == 1.0f);
	CHECK_EQ(BITS(t, 2), 0xff7fffffu);		/* -INF -> -FLT_MAX */
	gseu_thread_free(t);
	t = run1("exp", in, false);			/* #50 */
	CHECK(t->grf[2].f[0] == INFINITY);
	CHECK_EQ(BITS(t, 1), 0);
	CHECK(t->grf[2].f[2] == 1.0f);
	CHECK(t->grf[2].f[3] == 1.0f);
	CHECK(t->grf[2].f[5] == 16.0f);
	CHECK(t->grf[2].f[6] == 0.25f);
	gseu_thread_free(t);
}

static void t_sqrt_rsq(void)
{
	static const float in[8] = { INFINITY, -INFINITY, 0.0f, -0.0f, -4.0f, 4.0f, 0x1p-140f, NAN };
	struct gseu_hw_thread *t = run1("sqrt", in, false);

	CHECK(t->grf[2].f[0] == INFINITY);
	CHECK(isnan(t->grf[2].f[1]));
	CHECK_EQ(BITS(t, 3), 0x80000000u);		/* #4 sqrt(-0) = -0 */
	CHECK(isnan(t->grf[2].f[4]));			/* #5 */
	CHECK(t->grf[2].f[5] == 2.0f);
	gseu_thread_free(t);
	t = run1("rsq", in, false);
	CHECK_EQ(BITS(t, 0), 0);
	CHECK(t->grf[2].f[2] == INFINITY);		/* #52 */
	CHECK(t->grf[2].f[3] == -INFINITY);
	CHECK(isnan(t->grf[2].f[4]));
	CHECK(t->grf[2].f[5] == 0.5f);
	CHECK(t->grf[2].f[6] == INFINITY);
	gseu_thread_free(t);
	t = run1("sqrt", in, true);			/* #18 ALT */
	CHECK(t->grf[2].f[4] == 2.0f);
	gseu_thread_free(t);
	t = run1("rsq", in, true);
	CHECK(t->grf[2].f[4] == 0.5f);
	CHECK_EQ(BITS(t, 2), 0x7f7fffffu);
	gseu_thread_free(t);
}

static void t_trig(void)
{
	static const float in[8] = { INFINITY, -0.0f, 1.0f, 0.0f, 3.14159265f, -1.0f, NAN, 100.0f };
	struct gseu_hw_thread *t = run1("sin", in, false);

	CHECK(isnan(t->grf[2].f[0]));			/* #53 */
	CHECK_EQ(BITS(t, 1), 0x80000000u);
	CHECK(fabsf(t->grf[2].f[2] - 0.841471f) <= 0.0008f);
	CHECK(fabsf(t->grf[2].f[4]) <= 0.0008f);
	CHECK(isnan(t->grf[2].f[6]));
	gseu_thread_free(t);
	t = run1("cos", in, false);
	CHECK(t->grf[2].f[1] == 1.0f);
	CHECK(fabsf(t->grf[2].f[4] + 1.0f) <= 0.0008f);
	CHECK(fabsf(t->grf[2].f[7] - 0.862319f) <= 0.0008f);
	gseu_thread_free(t);
}

static void t_pow_fdiv(void)
{
	struct gseu_hw_thread *t = it_thread(0xff);
	static const float a[8] = { -2.0f, 0.0f, 2.0f, 0.5f, 1.0f, 9.0f, 1.0f, 6.0f };
	static const float b[8] = { 2.0f, 0.0f, INFINITY, INFINITY, INFINITY, 0.5f, 0.0f, 3.0f };

	memcpy(t->grf[1].f, a, 32);
	memcpy(t->grf[2].f, b, 32);
	it_ok(t, "math pow(8) g3<1>F g1<8,8,1>F g2<8,8,1>F\n"
		 "math fdiv(8) g4<1>F g1<8,8,1>F g2<8,8,1>F\n"
		 "math.sat inv(8) g5<1>F g2<8,8,1>F null<8,8,1>F\n");
	CHECK(t->grf[3].f[0] == 4.0f);			/* #62 |base| */
	CHECK(isnan(t->grf[3].f[1]));			/* pow(0, 0) = NaN */
	CHECK(t->grf[3].f[2] == INFINITY);
	CHECK_EQ(it_fbits(t->grf[3].f[3]), 0);
	CHECK(isnan(t->grf[3].f[4]));			/* 1^inf */
	CHECK(fabsf(t->grf[3].f[5] - 3.0f) < 1e-5f);
	CHECK(t->grf[3].f[6] == 1.0f);
	CHECK(t->grf[4].f[7] == 2.0f);
	CHECK(isnan(t->grf[4].f[1]));			/* 0/0 */
	CHECK_EQ(it_fbits(t->grf[4].f[2]), 0);		/* 2/inf */
	CHECK(t->grf[5].f[0] == 0.5f);
	CHECK(t->grf[5].f[5] == 1.0f);			/* #60: inv(0.5) = 2 -> 1 */
	gseu_thread_free(t);
}

/* #55-#57: truncating divide, remainder with the numerator's sign, /0 */
static void t_idiv(void)
{
	struct gseu_hw_thread *t = it_thread(0xff);
	static const int32_t n[8] = { -7, 7, 5, -5, 0, INT32_MIN, 100, 9 };
	static const int32_t d[8] = { 2, -2, 0, 0, 0, -1, 7, 3 };
	static const int32_t q[8] = { -3, -3, 0x7fffffff, INT32_MIN, 0x7fffffff, INT32_MIN, 14, 3 };
	static const int32_t r[8] = { -1, 1, 0x7fffffff, INT32_MIN, 0x7fffffff, 0, 2, 0 };

	memcpy(t->grf[1].d, n, 32);
	memcpy(t->grf[2].d, d, 32);
	it_ok(t, "math intdiv(8) g3<1>D g1<8,8,1>D g2<8,8,1>D\n"
		 "math intmod(8) g4<1>D g1<8,8,1>D g2<8,8,1>D\n"
		 "math intdivmod(8) g5<1>D g1<8,8,1>D g2<8,8,1>D\n"
		 "math intdiv(8) g7<1>UD g1<8,8,1>UD g2<8,8,1>UD\n"
		 "math intmod(8) g8<1>UD g1<8,8,1>UD g2<8,8,1>UD\n");
	for (unsigned k = 0; k < 8; k++) {
		CHECK_MSG(t->grf[3].d[k] == (uint32_t)q[k], "q lane %u", k);
		CHECK_MSG(t->grf[4].d[k] == (uint32_t)r[k], "r lane %u", k);
		CHECK_EQ(t->grf[5].d[k], (uint32_t)q[k]);
		CHECK_EQ(t->grf[6].d[k], (uint32_t)r[k]);
		if (d[k]) {
			CHECK_EQ(t->grf[7].d[k], (uint32_t)n[k] / (uint32_t)d[k]);
			CHECK_EQ(t->grf[8].d[k], (uint32_t)n[k] % (uint32_t)d[k]);
		} else {
			CHECK_EQ(t->grf[7].d[k], 0xffffffffu);	/* #57 */
			CHECK_EQ(t->grf[8].d[k], 0xffffffffu);
		}
	}
	gseu_thread_free(t);
}

static void t_math_errors(void)
{
	struct gseu_hw_thread *t = it_thread(0xff);

	CHECK_EQ(it_run(t, "math invm(8) g3<1>F g1<8,8,1>F null<8,8,1>F\n"), GSEU_RUN_EXCEPTION);
	CHECK_EQ(t->exc, GSEU_EXC_UNSUPPORTED);
	gseu_thread_reset(t, 0xff);
	CHECK_EQ(it_run(t, "math intdiv(8) g3<1>F g1<8,8,1>F g2<8,8,1>F\n"), GSEU_RUN_EXCEPTION);
	CHECK_EQ(t->exc, GSEU_EXC_OPERAND);
	gseu_thread_free(t);
}

int main(void)
{
	tap_run("inv log exp specials, ALT (#3 #4 #6 #47-50)", t_inv_log_exp);
	tap_run("sqrt rsq specials, ALT (#4 #5 #18 #51 #52)", t_sqrt_rsq);
	tap_run("sin cos (#53)", t_trig);
	tap_run("pow fdiv, math.sat (#60 #62)", t_pow_fdiv);
	tap_run("integer divide and divide by zero (#55-57)", t_idiv);
	tap_run("invm/rsqrtm and bad types are named exceptions", t_math_errors);
	return tap_done();
}
