// SPDX-License-Identifier: MIT
/*
 * Interpreter: the float rules of 965/G35 PRM Vol. 4 Subsystem and Cores
 * (2008), 10 "EU Data Types"; PRM Vol. 6 Command Stream Programming
 * (Cherryview 2015), "Graphics Command Formats", "Memory Interface
 * Commands", "Execlists", "Context Status", "ExecList Scheduling", "User
 * Mode Privileged Commands": IEEE specials, denormal flushing and its cr0
 * preserve bit, raw moves, rounding modes from cr0, ALT mode, int -> float
 * rounding, .sat of floats, HF and DF conversions.
 */
#include <math.h>
#include <string.h>

#include <stdio.h>

#include "it_util.h"

static void t_ieee(void)
{
	struct gseu_hw_thread *t = it_thread(0xff);

	t->grf[1].f[0] = INFINITY;
	t->grf[1].f[1] = -0.0f;
	t->grf[1].f[2] = 3.5f;
	t->grf[1].f[3] = 0.0f;
	t->grf[2].f[0] = -INFINITY;
	t->grf[2].f[1] = 0.0f;
	t->grf[2].f[2] = 0.0f;
	t->grf[2].f[3] = INFINITY;
	it_ok(t, "add(4) g3<1>F g1<4,4,1>F g2<4,4,1>F\n"
		 "mul(4) g4<1>F g1<4,4,1>F g2<4,4,1>F\n"
		 "mul(1) g5<1>F g1.2<0,1,0>F 1.0F\n");
	CHECK(isnan(t->grf[3].f[0]));				/* #1 */
	CHECK_EQ(it_fbits(t->grf[3].f[1]), 0);			/* #14 -0 + +0 = +0 */
	CHECK(t->grf[3].f[2] == 3.5f);				/* #15 */
	CHECK(isnan(t->grf[4].f[3]));				/* #2 0 * inf */
	CHECK(t->grf[5].f[0] == 3.5f);
	gseu_thread_free(t);
}

/* #12 #13: raw mov keeps denormals, arithmetic flushes (sign kept) */
static void t_denorm(void)
{
	struct gseu_hw_thread *t = it_thread(0xff);

	t->grf[1].d[0] = 0x00000001;
	t->grf[1].d[1] = 0x80000001;
	t->grf[1].d[2] = 0x7fc12345;	/* NaN payload */
	it_ok(t, "mov(4) g2<1>F g1<4,4,1>F\n"
		 "mul(4) g3<1>F g1<4,4,1>F 1.0F\n"
		 "mov(4) g4<1>F -g1<4,4,1>F\n"
		 "add(1) g5<1>F g1<0,1,0>F g1<0,1,0>F\n");
	CHECK_EQ(t->grf[2].d[0], 0x00000001);
	CHECK_EQ(t->grf[2].d[1], 0x80000001);
	CHECK_EQ(t->grf[2].d[2], 0x7fc12345);
	CHECK_EQ(t->grf[3].d[0], 0);
	CHECK_EQ(t->grf[3].d[1], 0x80000000u);
	CHECK_EQ(t->grf[4].d[0], 0x80000000u);
	CHECK_EQ(t->grf[5].d[0], 0);		/* denorm + denorm flushed first */
	/* cr0.0 bit 7 keeps F denormals */
	gseu_thread_reset(t, 0xff);
	t->grf[1].d[0] = 0x00000001;
	it_ok(t, "mov(1) cr0<1>UD 0x00000080UD { NoMask }\n"
		 "add(1) g5<1>F g1<0,1,0>F g1<0,1,0>F\n");
	CHECK_EQ(t->grf[5].d[0], 2);
	gseu_thread_free(t);
}

/* #16: RNE by default, RTZ (and the directed modes) from cr0.0 5:4 */
static void t_rounding(void)
{
	struct gseu_hw_thread *t = it_thread(0xff);

	t->grf[1].d[0] = 0x33c00000;	/* 1.5 * 2^-24 */
	t->grf[1].d[1] = 16777219;
	t->grf[1].d[2] = 16777217;
	it_ok(t, "add(1) g2<1>F g1<0,1,0>F 1.0F\n"
		 "mov(1) g2.1<1>F g1.1<0,1,0>D\n"
		 "mov(1) g2.2<1>F g1.2<0,1,0>D\n"
		 "mov(1) cr0<1>UD 0x00000030UD { NoMask }\n"
		 "add(1) g3<1>F g1<0,1,0>F 1.0F\n"
		 "mov(1) g3.1<1>F g1.1<0,1,0>D\n"
		 "mov(1) cr0<1>UD 0x00000010UD { NoMask }\n"
		 "add(1) g3.2<1>F g1<0,1,0>F 1.0F\n"
		 "mov(1) cr0<1>UD 0x00000020UD { NoMask }\n"
		 "add(1) g3.3<1>F -g1<0,1,0>F -1.0F\n"
		 "mov(1) cr0<1>UD 0x00000000UD { NoMask }\n"
		 "add(1) g3.4<1>F g1<0,1,0>F 1.0F\n");
	CHECK_EQ(t->grf[2].d[0], 0x3f800001);	/* RNE */
	CHECK(t->grf[2].f[1] == 16777220.0f);	/* #29 RNE */
	CHECK(t->grf[2].f[2] == 16777216.0f);
	CHECK_EQ(t->grf[3].d[0], 0x3f800000);	/* RTZ */
	CHECK(t->grf[3].f[1] == 16777218.0f);	/* RTZ int -> float */
	CHECK_EQ(t->grf[3].d[2], 0x3f800001);	/* toward +inf */
	CHECK_EQ(t->grf[3].d[3], 0xbf800001);	/* toward -inf */
	CHECK_EQ(t->grf[3].d[4], 0x3f800001);
	gseu_thread_free(t);
}

/* #17: ALT mode turns overflow into FLT_MAX */
static void t_alt(void)
{
	struct gseu_hw_thread *t = it_thread(0xff);

	t->cr0.d[0] = GSEU_CR0_ALT_MODE;
	t->grf[1].f[0] = 3e38f;
	it_ok(t, "mul(1) g2<1>F g1<0,1,0>F 10.0F\n"
		 "mul(1) g2.1<1>F g1<0,1,0>F -10.0F\n");
	CHECK_EQ(t->grf[2].d[0], 0x7f7fffff);
	CHECK_EQ(t->grf[2].d[1], 0xff7fffff);
	gseu_thread_free(t);
}

/* #44: float .sat clamps to [0, 1], NaN -> 0 */
static void t_sat(void)
{
	struct gseu_hw_thread *t = it_thread(0xff);

	t->grf[1].f[0] = 1.5f;
	t->grf[1].f[1] = -0.5f;
	t->grf[1].f[2] = 0.25f;
	t->grf[1].f[3] = NAN;
	it_ok(t, "mov.sat(4) g2<1>F g1<4,4,1>F\n"
		 "add.sat.g.f0.0(4) g3<1>F g1<4,4,1>F 0.0F\n");
	CHECK(t->grf[2].f[0] == 1.0f);
	CHECK_EQ(it_fbits(t->grf[2].f[1]), 0);
	CHECK(t->grf[2].f[2] == 0.25f);
	CHECK_EQ(it_fbits(t->grf[2].f[3]), 0);
	/* the condition sees the result before saturation */
	CHECK_EQ(t->f.d[0] & 0xf, 0x5);
	gseu_thread_free(t);
}

/* HF and DF conversions and arithmetic */
static void t_hf_df(void)
{
	struct gseu_hw_thread *t = it_thread(0xff);

	t->grf[1].f[0] = 1.0f;
	t->grf[1].f[1] = 65504.0f;
	t->grf[1].f[2] = 1e6f;
	t->grf[1].f[3] = 0x1p-24f;
	t->grf[2].df[0] = 0.1;
	t->grf[2].df[1] = -2.5;
	it_ok(t, "mov(4) g3<1>HF g1<4,4,1>F\n"
		 "mov(4) g4<1>F g3<4,4,1>HF\n"
		 "add(2) g5<1>DF g2<2,2,1>DF g2<2,2,1>DF\n"
		 "mov(2) g6<1>F g2<2,2,1>DF\n"
		 "mov(2) g7<1>D g2<2,2,1>DF\n");
	CHECK_EQ(t->grf[3].w[0], 0x3c00);
	CHECK_EQ(t->grf[3].w[1], 0x7bff);
	CHECK_EQ(t->grf[3].w[2], 0x7c00);
	CHECK_EQ(t->grf[3].w[3], 0x0001);
	CHECK(t->grf[4].f[1] == 65504.0f);
	CHECK(t->grf[5].df[0] == 0.2);
	CHECK(t->grf[5].df[1] == -5.0);
	CHECK(t->grf[6].f[0] == 0.1f);
	CHECK_EQ(t->grf[7].d[1], (uint32_t)-2);
	gseu_thread_free(t);
}

/* F -> HF in cr0.0's rounding mode (vstore_half_rtz/rtp/rtn) */
static void t_hf_rounding(void)
{
	static const char *const modes[4] = { "0x00000000UD", "0x00000010UD",
					      "0x00000020UD", "0x00000030UD" };
	/* 1 + 2^-11 + 2^-20: just above a half ulp; 70000 past the range;
	 * 1.5 * 2^-24 between the two smallest denormals */
	static const float in[4] = { 1.0f + 0x1p-11f + 0x1p-20f, 70000.0f,
				     0x1.8p-24f, 1.0f + 0x1p-20f };
	/* per mode (RNE, +inf, -inf, RTZ): the positive, then the negative */
	static const uint16_t want[4][4][2] = {
		{ { 0x3c01, 0xbc01 }, { 0x7c00, 0xfc00 }, { 0x0002, 0x8002 }, { 0x3c00, 0xbc00 } },
		{ { 0x3c01, 0xbc00 }, { 0x7c00, 0xfbff }, { 0x0002, 0x8001 }, { 0x3c01, 0xbc00 } },
		{ { 0x3c00, 0xbc01 }, { 0x7bff, 0xfc00 }, { 0x0001, 0x8002 }, { 0x3c00, 0xbc01 } },
		{ { 0x3c00, 0xbc00 }, { 0x7bff, 0xfbff }, { 0x0001, 0x8001 }, { 0x3c00, 0xbc00 } },
	};

	for (unsigned m = 0; m < 4; m++) {
		struct gseu_hw_thread *t = it_thread(0xff);
		char prog[256];

		for (unsigned k = 0; k < 4; k++) {
			t->grf[1].f[k] = in[k];
			t->grf[1].f[4 + k] = -in[k];
		}
		snprintf(prog, sizeof(prog),
			 "mov(1) cr0<1>UD %s { NoMask }\n"
			 "mov(8) g3<1>HF g1<8,8,1>F\n"
			 "mov(1) cr0<1>UD 0x00000000UD { NoMask }\n", modes[m]);
		it_ok(t, prog);
		for (unsigned k = 0; k < 4; k++) {
			CHECK_EQ(t->grf[3].w[k], want[m][k][0]);
			CHECK_EQ(t->grf[3].w[4 + k], want[m][k][1]);
		}
		gseu_thread_free(t);
	}
}

int main(void)
{
	tap_run("IEEE specials (#1 #2 #14 #15)", t_ieee);
	tap_run("denormals: raw mov keeps, arithmetic flushes, cr0 bit 7 (#12 #13)", t_denorm);
	tap_run("rounding modes from cr0, int->float RNE (#16 #29)", t_rounding);
	tap_run("ALT mode FLT_MAX (#17)", t_alt);
	tap_run("float .sat and conditions (#44)", t_sat);
	tap_run("HF and DF", t_hf_df);
	tap_run("F -> HF in cr0.0's rounding mode", t_hf_rounding);
	return tap_done();
}
