// SPDX-License-Identifier: MIT
/*
 * Interpreter: the channel-parallel opcodes across types and modifiers,
 * with expected values computed by hand from 965/G35 PRM Vol. 4
 * Subsystem and Cores (2008), 10.4 "Type Conversion", 14.2 "Instruction
 * Description" and the testable behaviours of section 8 (numbers in
 * comments).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "it_util.h"

static struct gseu_hw_thread *T;

static void fresh(void)
{
	if (T)
		gseu_thread_free(T);
	T = it_thread(0xff);
}

/* #19-#23: float -> integer conversions */
static void t_mov_f2i(void)
{
	static const float in[8] = { 2.7f, -2.7f, NAN, -0.0f, INFINITY, -INFINITY,
				     3.0e9f, 0x1p-140f };
	static const int32_t want_d[8] = { 2, -2, 0, 0, 0x7fffffff, INT32_MIN,
					   0x7fffffff, 0 };

	fresh();
	for (unsigned k = 0; k < 8; k++)
		T->grf[1].f[k] = in[k];
	T->grf[2].f[0] = -5.0f;
	T->grf[2].f[1] = INFINITY;
	T->grf[2].f[2] = 40000.0f;
	T->grf[2].f[3] = 300.0f;
	T->grf[2].f[4] = -200.0f;
	it_ok(T, "mov(8) g3<1>D g1<8,8,1>F\n"
		 "mov(2) g4<1>UD g2<2,2,1>F\n"
		 "mov(1) g5<1>W g2.2<0,1,0>F\n"
		 "mov(1) g5.2<1>UB g2.3<0,1,0>F\n"
		 "mov(1) g5.3<1>B g2.4<0,1,0>F\n");
	for (unsigned k = 0; k < 8; k++)
		CHECK_EQ((uint32_t)T->grf[3].d[k], (uint32_t)want_d[k]);
	CHECK_EQ(T->grf[4].d[0], 0);
	CHECK_EQ(T->grf[4].d[1], 0xffffffffu);
	CHECK_EQ(T->grf[5].w[0], 0x7fff);
	CHECK_EQ(T->grf[5].b[2], 0xff);
	CHECK_EQ(T->grf[5].b[3], 0x80);
}

/* #24-#27: integer conversions with and without .sat */
static void t_mov_int(void)
{
	fresh();
	T->grf[1].d[0] = 0xffffffffu;
	T->grf[1].d[1] = 0x00012345;
	T->grf[1].d[2] = (uint32_t)-70000;
	T->grf[1].d[3] = (uint32_t)-1;
	T->grf[1].w[8] = 0xffff;
	T->grf[1].w[9] = 0xfffe;
	it_ok(T, "mov(1) g2<1>D g1<0,1,0>UD\n"
		 "mov.sat(1) g2.1<1>D g1<0,1,0>UD\n"
		 "mov.sat(1) g2.2<1>UD g1.3<0,1,0>D\n"
		 "mov(1) g2.3<1>D g1.8<0,1,0>UW\n"
		 "mov(1) g2.4<1>D g1.9<0,1,0>W\n"
		 "mov(1) g3<1>W g1.1<0,1,0>D\n"
		 "mov.sat(1) g3.1<1>W g1.1<0,1,0>D\n"
		 "mov.sat(1) g3.2<1>W g1.2<0,1,0>D\n"
		 "mov(1) g3.2<1>UD g1.3<0,1,0>B\n");
	CHECK_EQ(T->grf[2].d[0], 0xffffffffu);
	CHECK_EQ(T->grf[2].d[1], 0x7fffffffu);
	CHECK_EQ(T->grf[2].d[2], 0);
	CHECK_EQ(T->grf[2].d[3], 65535);
	CHECK_EQ(T->grf[2].d[4], (uint32_t)-2);
	CHECK_EQ(T->grf[3].w[0], 0x2345);
	CHECK_EQ(T->grf[3].w[1], 0x7fff);
	CHECK_EQ(T->grf[3].d[2], 0xffffffffu);	/* B -1 -> UD sign-extends */
}

/* #30-#33: vector and 16-bit immediates */
static void t_imm(void)
{
	static const float vf[4] = { 0.5f, 1.0f, 1.5f, 1.9375f };

	fresh();
	gseu_thread_reset(T, 0xffff);
	it_ok(T, "mov(8) g2<1>W 0x76543210V\n"
		 "mov(8) g3<1>W 0xFEDCBA98V\n"
		 "mov(8) g4<1>UW 0xFEDCBA98UV\n"
		 "mov(4) g5<1>F 0x3f383020VF\n"
		 "mov(4) g6<1>F 0x80017f30VF\n"
		 "mov(8) g7<1>W -5W\n"
		 "mov(16) g8<1>D 0x76543210V\n"
		 "mov(4) g10<1>UD 0x0C080400UV\n"
		 "mov(4) g11<1>D 0x000F000EV\n"
		 "mov(4) g12<2>UW 0x76543210UV\n");
	for (unsigned k = 0; k < 8; k++) {
		CHECK_EQ(T->grf[2].w[k], k);
		CHECK_EQ((int16_t)T->grf[3].w[k], (int)k - 8);
		CHECK_EQ(T->grf[4].w[k], k + 8);
		CHECK_EQ((int16_t)T->grf[7].w[k], -5);
	}
	for (unsigned k = 0; k < 4; k++)
		CHECK(T->grf[5].f[k] == vf[k]);
	CHECK(T->grf[6].f[0] == 1.0f);
	CHECK(T->grf[6].f[1] == 31.0f);
	CHECK(T->grf[6].f[2] == 0.1328125f);
	CHECK_EQ(it_fbits(T->grf[6].f[3]), 0x80000000u);
	/*
	 * The 8 words lie over the destination's bytes: lane k of a dword
	 * destination takes word 2k mod 8 (IGC's "mov (4) r:ud 0xC080400:uv"
	 * for 0, 4, 8, 12), a word destination at stride 2 word 2k.
	 */
	for (unsigned k = 0; k < 16; k++)
		CHECK_EQ(T->grf[8 + k / 8].d[k % 8], (2 * k) % 8);
	for (unsigned k = 0; k < 4; k++) {
		static const int32_t v[4] = { -2, 0, -1, 0 };

		CHECK_EQ(T->grf[10].d[k], 4 * k);
		CHECK_EQ((int32_t)T->grf[11].d[k], v[k]);
		CHECK_EQ(T->grf[12].w[2 * k], 2 * k);
	}
}

/* sel: predicate selects; sel.l/.ge = min/max with the non-NaN rule (#9) */
static void t_sel(void)
{
	fresh();
	for (unsigned k = 0; k < 8; k++) {
		T->grf[1].f[k] = (float)k;
		T->grf[2].f[k] = 10.0f + k;
	}
	T->grf[1].f[1] = NAN;
	T->grf[2].f[2] = NAN;
	T->f.d[0] = 0x0f;
	it_ok(T, "(+f0.0) sel(8) g3<1>F g1<8,8,1>F g2<8,8,1>F\n"
		 "sel.l(8) g4<1>F g1<8,8,1>F g2<8,8,1>F\n"
		 "sel.ge(8) g5<1>F g1<8,8,1>F 4.0F\n"
		 "sel.l(8) g6<1>D g1<8,8,1>D -1D\n");
	for (unsigned k = 4; k < 8; k++) {
		CHECK(T->grf[3].f[k] == 10.0f + k);	/* flag 0: src1 */
		CHECK(T->grf[4].f[k] == (float)k);
		CHECK(T->grf[5].f[k] == (float)k);
	}
	CHECK(T->grf[3].f[0] == 0.0f);
	CHECK(isnan(T->grf[3].f[1]));			/* raw select keeps NaN */
	CHECK(T->grf[4].f[1] == 11.0f);			/* min(NaN, 11) = 11 */
	CHECK(T->grf[4].f[2] == 2.0f);			/* min(2, NaN) = 2 */
	CHECK(T->grf[5].f[0] == 4.0f && T->grf[5].f[1] == 4.0f);
	CHECK_EQ(T->f.d[0], 0x0f);			/* sel.cmod writes no flag */
	CHECK_EQ(T->grf[6].d[0], (uint32_t)-1);		/* bits of 0.0f are 0 > -1 */
}

/* logic, negate = bitwise not (#55 for the cmod) */
static void t_logic(void)
{
	fresh();
	for (unsigned k = 0; k < 8; k++) {
		T->grf[1].d[k] = 0xf0f0f0f0u + k;
		T->grf[2].d[k] = 1u << k;
	}
	it_ok(T, "not(8) g3<1>UD g1<8,8,1>UD\n"
		 "and(8) g4<1>UD g1<8,8,1>UD 0x0000ff00UD\n"
		 "or(8) g5<1>UD g1<8,8,1>UD g2<8,8,1>UD\n"
		 "xor(8) g6<1>D g1<8,8,1>D -1D\n"
		 "and(8) g7<1>UD -g1<8,8,1>UD g2<8,8,1>UD\n"
		 "and.nz.f0.0(8) null<1>D g1<8,8,1>D g2<8,8,1>D\n"
		 "not(8) g8<1>UW g1<16,8,2>UW\n");
	for (unsigned k = 0; k < 8; k++) {
		uint32_t a = 0xf0f0f0f0u + k;

		CHECK_EQ(T->grf[3].d[k], ~a);
		CHECK_EQ(T->grf[4].d[k], a & 0xff00);
		CHECK_EQ(T->grf[5].d[k], a | (1u << k));
		CHECK_EQ(T->grf[6].d[k], ~a);
		CHECK_EQ(T->grf[7].d[k], ~a & (1u << k));
		CHECK_EQ(T->grf[8].w[k], (uint16_t)~a);
	}
	/* a & (1<<k) != 0: k=0 (bit0 of f0f0f0f0 is 0) ... */
	{
		uint32_t want = 0;

		for (unsigned k = 0; k < 8; k++)
			if ((0xf0f0f0f0u + k) & (1u << k))
				want |= 1u << k;
		CHECK_EQ(T->f.d[0] & 0xff, want);
	}
}

/* #43: shifts use count & 31 */
static void t_shift(void)
{
	fresh();
	T->grf[1].d[0] = 1;
	T->grf[1].d[1] = 0x80000000u;
	T->grf[1].d[2] = 0xfffffff8u;
	T->grf[1].w[8] = 0xfff8;
	it_ok(T, "shl(1) g2<1>UD g1<0,1,0>UD 33UD\n"
		 "shr(1) g2.1<1>UD g1.1<0,1,0>UD 31UD\n"
		 "asr(1) g2.2<1>D g1.1<0,1,0>D 31D\n"
		 "shr(1) g2.3<1>D g1.2<0,1,0>D 1D\n"
		 "asr(1) g2.4<1>D g1.2<0,1,0>D 1D\n"
		 "shl(1) g2.5<1>UD g1<0,1,0>UD 31UD\n"
		 "shl(1) g2.6<1>UD g1<0,1,0>UD 32UD\n"
		 "shr(1) g3<1>UW g1.8<0,1,0>UW 1UW\n"
		 "asr(1) g3.1<1>W g1.8<0,1,0>W 1W\n"
		 "asr.sat(1) g3.2<1>UW g1.8<0,1,0>W 1W\n");
	CHECK_EQ(T->grf[2].d[0], 2);
	CHECK_EQ(T->grf[2].d[1], 1);
	CHECK_EQ(T->grf[2].d[2], 0xffffffffu);
	CHECK_EQ(T->grf[2].d[3], 0x7ffffffcu);
	CHECK_EQ(T->grf[2].d[4], 0xfffffffcu);
	CHECK_EQ(T->grf[2].d[5], 0x80000000u);
	CHECK_EQ(T->grf[2].d[6], 1);
	CHECK_EQ(T->grf[3].w[0], 0x7ffc);
	CHECK_EQ(T->grf[3].w[1], 0xfffc);
	CHECK_EQ(T->grf[3].w[2], 0);		/* -4 saturated to UW */
}

/*
 * shl with a QWord destination shifts at 64 bits: the D/UD source is
 * extended first, the count has 6 bits (IGC's (long)x << n, a_long).
 */
static void t_shift_q(void)
{
	static const uint32_t x[8] = { 1, 0x80000000u, 0xfffffff8u, 0x12345678u,
				       0x7fffffffu, 0, 0xdeadbeefu, 3 };
	static const uint32_t n[8] = { 20, 1, 4, 32, 33, 63, 12, 62 };

	fresh();
	for (unsigned k = 0; k < 8; k++) {
		T->grf[1].d[k] = x[k];
		T->grf[2].d[k] = n[k] | 0x40;	/* count bits above 6 ignored */
	}
	it_ok(T, "shl(8) g4<1>Q g1<8,8,1>D g2<8,8,1>UD\n"
		 "shl(8) g6<1>UQ g1<8,8,1>UD g2<8,8,1>UD\n"
		 "shl(8) g8<1>Q g1<8,8,1>D 20W\n"
		 "shl(8) g10<1>D g1<8,8,1>D g2<8,8,1>UD\n");
	for (unsigned k = 0; k < 8; k++) {
		uint64_t sx = (uint64_t)(int64_t)(int32_t)x[k], zx = x[k];

		CHECK_MSG(T->grf[4 + k / 4].q[k % 4] == sx << n[k], "D lane %u: %#llx", k,
			  (unsigned long long)T->grf[4 + k / 4].q[k % 4]);
		CHECK_EQ(T->grf[6 + k / 4].q[k % 4], zx << n[k]);
		CHECK_EQ(T->grf[8 + k / 4].q[k % 4], sx << 20);
		/* a D destination keeps the 32-bit shift, count & 31 */
		CHECK_EQ(T->grf[10].d[k], x[k] << (n[k] & 31));
	}
}

/*
 * shl with a DWord destination and word sources shifts at 32 bits: IGC's
 * (uint)s.y << 8 for a short s.y is "shl (16) r:d r:w 8:w".  A word
 * destination keeps the 16-bit result.
 */
static void t_shift_d_from_w(void)
{
	static const uint16_t x[8] = { 0x3f40, 0x3fc0, 0xffc0, 0x8000, 1, 0x7fff, 0xffff, 0x1234 };
	static const unsigned n[8] = { 8, 8, 8, 1, 31, 16, 4, 36 };

	fresh();
	for (unsigned k = 0; k < 8; k++) {
		T->grf[1].w[k] = x[k];
		T->grf[2].w[k] = (uint16_t)n[k];
	}
	it_ok(T, "shl(8) g4<1>D g1<8,8,1>W g2<8,8,1>UW\n"
		 "shl(8) g5<1>UD g1<8,8,1>UW g2<8,8,1>UW\n"
		 "shl(8) g6<1>W g1<8,8,1>W g2<8,8,1>UW\n"
		 "shl(8) g7<1>D g1<8,8,1>W 8W\n");
	for (unsigned k = 0; k < 8; k++) {
		uint32_t sx = (uint32_t)(int32_t)(int16_t)x[k], zx = x[k], c = n[k] & 31;

		CHECK_MSG(T->grf[4].d[k] == sx << c, "D from W lane %u: %#x", k, T->grf[4].d[k]);
		CHECK_EQ(T->grf[5].d[k], zx << c);
		CHECK_EQ(T->grf[6].w[k], (uint16_t)((uint32_t)x[k] << c));
		CHECK_EQ(T->grf[7].d[k], sx << 8);
	}
}

/* #7 #8 #10 #11 #35 #36 #48: compares */
static void t_cmp(void)
{
	static const float a[8] = { 1.0f, NAN, 3.0f, NAN, -0.0f, 0x1p-140f, INFINITY, -INFINITY };
	static const float b[8] = { 2.0f, 3.0f, NAN, NAN, 0.0f, 0.0f, INFINITY, -INFINITY };

	fresh();
	for (unsigned k = 0; k < 8; k++) {
		T->grf[1].f[k] = a[k];
		T->grf[2].f[k] = b[k];
	}
	T->f.d[1] = 0xffffffffu;
	it_ok(T, "cmp.l.f0.0(8) g3<1>D g1<8,8,1>F g2<8,8,1>F\n"
		 "cmp.z.f0.1(8) null<1>F g1<8,8,1>F g2<8,8,1>F\n"
		 "cmp.nz.f1.0(8) g4<1>F g1<8,8,1>F g2<8,8,1>F\n"
		 "cmpn.l.f1.1(8) null<1>F g1<8,8,1>F g2<8,8,1>F\n"
		 "cmp.ge(8) g5<1>W g1<8,8,1>F g2<8,8,1>F\n");
	/* .l: 1<2 yes; NaN no; 3<NaN no; NaN no; -0<0 no; denorm<0 no; inf<inf no */
	for (unsigned k = 0; k < 8; k++)
		CHECK_EQ(T->grf[3].d[k], k == 0 ? 0xffffffffu : 0);
	/* .z: -0 == 0, denorm == 0, inf == inf, -inf == -inf */
	CHECK_EQ(T->f.d[0] >> 16, 0xf0);
	/* .nz: NaN lanes true, lane 0 true */
	CHECK_EQ(T->f.d[1] & 0xffff, 0xff0f);	/* bits 8-15 untouched */
	CHECK_EQ(it_fbits(T->grf[4].f[1]), 0xffffffffu);	/* all ones, even for F */
	CHECK_EQ(it_fbits(T->grf[4].f[4]), 0);
	/* cmpn.l: src1 NaN -> true (lanes 2, 3); src0 NaN only -> false */
	CHECK_EQ(T->f.d[1] >> 16, 0xff0d);
	/* cmp.ge, flag f0.0 again (no .fN given means f0.0) */
	CHECK_EQ(T->f.d[0] & 0xffff, 0xf0);
	CHECK_EQ(T->grf[5].w[0], 0);
	CHECK_EQ(T->grf[5].w[4], 0xffff);
	CHECK_EQ(T->grf[5].w[6], 0xffff);
}

/* #36: a condition writes only enabled channels' flag bits */
static void t_cmod_mask(void)
{
	struct gseu_hw_thread *t = it_thread(0x0f);

	t->f.d[0] = 0xa0;
	it_ok(t, "cmp.z.f0.0(8) null<1>D g1<8,8,1>D 0D\n"
		 "add.g.f1.0(8) g2<1>D g1<8,8,1>D 1D\n"
		 "add.le.f1.1(8) null<1>D g1<8,8,1>D -1D\n"
		 "add.z.f0.1(8) null<1>UD g1<8,8,1>UD 0xffffffffUD\n");
	CHECK_EQ(t->f.d[0] & 0xffff, 0xaf);
	CHECK_EQ(t->f.d[1] & 0xffff, 0x0f);	/* 0 + 1 > 0 */
	CHECK_EQ(t->f.d[1] >> 16, 0x0f);	/* 0 - 1 <= 0 */
	/* exact result 0xffffffff is not zero even though... it is not 0 */
	CHECK_EQ(t->f.d[0] >> 16, 0);
	CHECK_EQ(t->grf[2].d[4], 0);		/* disabled channels unwritten */
	CHECK_EQ(t->grf[2].d[0], 1);
	gseu_thread_free(t);
}

/* #28 #38 #42: add/mul/avg and saturation */
static void t_arith_int(void)
{
	fresh();
	T->grf[1].b[0] = 200;
	T->grf[1].b[4] = 100;
	T->grf[2].w[0] = 300;
	T->grf[2].w[1] = 1;
	T->grf[2].w[2] = (uint16_t)-1;
	T->grf[2].w[3] = (uint16_t)-2;
	T->grf[3].d[0] = 0xffffffffu;
	T->grf[3].d[1] = 0x7fffffff;
	T->grf[3].d[2] = 0xfffffff0u;
	it_ok(T, "add.sat(1) g4<1>UB g1<0,1,0>UB g1.4<0,1,0>UB\n"
		 "add(1) g4.1<1>UB g1<0,1,0>UB g1.4<0,1,0>UB\n"
		 "mul(1) g5<1>D g2<0,1,0>W g2<0,1,0>W\n"
		 "mul(1) g5.2<1>W g2<0,1,0>W g2<0,1,0>W\n"
		 "mul.sat(1) g5.3<1>W g2<0,1,0>W g2<0,1,0>W\n"
		 "avg(1) g6<1>UB g2.1<0,1,0>UB g2.1<0,1,0>UB\n"
		 "avg(1) g6.1<1>W g2.2<0,1,0>W g2.3<0,1,0>W\n"
		 "avg(1) g6.1<1>UD g3<0,1,0>UD g3<0,1,0>UD\n"
		 "add.sat(1) g7<1>D g3.1<0,1,0>D 1D\n"
		 "add.sat(1) g7.1<1>UD g3.2<0,1,0>UD 0x20UD\n"
		 "add(1) g7.2<1>D g3.1<0,1,0>D 1D\n"
		 "mul(1) g7.3<1>D g3<0,1,0>D g3<0,1,0>D\n"
		 "mul(1) g7.4<1>UD g3<0,1,0>UD g3<0,1,0>UD\n"
		 "mul.sat(1) g7.5<1>UD g3<0,1,0>UD 2UD\n"
		 "add(1) g7.6<1>D -g3.1<0,1,0>D -(abs)g3.2<0,1,0>D\n");
	CHECK_EQ(T->grf[4].b[0], 255);
	CHECK_EQ(T->grf[4].b[1], 44);
	CHECK_EQ(T->grf[5].d[0], 90000);
	CHECK_EQ(T->grf[5].w[2], 0x5f90);
	CHECK_EQ(T->grf[5].w[3], 0x7fff);
	CHECK_EQ(T->grf[6].b[0], 1);		/* avg(1, 1) */
	CHECK_EQ(T->grf[6].d[1], 0xffffffffu);	/* avg UD max max, no overflow */
	CHECK_EQ(T->grf[7].d[0], 0x7fffffffu);
	CHECK_EQ(T->grf[7].d[1], 0xffffffffu);
	CHECK_EQ(T->grf[7].d[2], 0x80000000u);	/* wraps without .sat */
	CHECK_EQ(T->grf[7].d[3], 1);		/* -1 * -1 */
	CHECK_EQ(T->grf[7].d[4], 1);		/* low bits of (2^32-1)^2 */
	CHECK_EQ(T->grf[7].d[5], 0xffffffffu);
	CHECK_EQ(T->grf[7].d[6], (uint32_t)(-0x7fffffffLL - 16));
	/* avg W (-1, -2) -> -1 (#42): written then overwritten at dword 1,
	 * check the W result through a fresh run */
	fresh();
	T->grf[2].w[2] = (uint16_t)-1;
	T->grf[2].w[3] = (uint16_t)-2;
	T->grf[2].b[8] = 1;
	T->grf[2].b[9] = 2;
	it_ok(T, "avg(1) g6<1>W g2.2<0,1,0>W g2.3<0,1,0>W\n"
		 "avg(1) g6.2<1>UB g2.8<0,1,0>UB g2.9<0,1,0>UB\n");
	CHECK_EQ(T->grf[6].w[0], 0xffff);
	CHECK_EQ(T->grf[6].b[2], 2);
}

/* #37: 64-bit product through mul/mach; mac; acc explicit */
static void t_mach(void)
{
	fresh();
	for (unsigned k = 0; k < 8; k++) {
		T->grf[1].d[k] = 0xffffffffu - k;
		T->grf[2].d[k] = 2 + 0x10000 * k;
	}
	it_ok(T, "mul(8) acc0<1>UD g1<8,8,1>UD g2<16,8,2>UW\n"
		 "mach(8) g3<1>UD g1<8,8,1>UD g2<8,8,1>UD { AccWrEnable }\n"
		 "mov(8) g4<1>UD acc0<8,8,1>UD\n");
	for (unsigned k = 0; k < 8; k++) {
		uint64_t p = (uint64_t)(0xffffffffu - k) * (2 + 0x10000 * k);

		CHECK_EQ(T->grf[3].d[k], (uint32_t)(p >> 32));
		CHECK_EQ(T->grf[4].d[k], (uint32_t)p);
	}
	/* signed: -3 * 5 = -15: hi = 0xffffffff, lo = 0xfffffff1 */
	fresh();
	T->grf[1].d[0] = (uint32_t)-3;
	T->grf[2].d[0] = 5;
	it_ok(T, "mul(1) acc0<1>D g1<0,1,0>D g2<0,1,0>UW\n"
		 "mach(1) g3<1>D g1<0,1,0>D g2<0,1,0>D\n"
		 "mov(1) g4<1>D acc0<0,1,0>D\n");
	CHECK_EQ(T->grf[3].d[0], 0xffffffffu);
	CHECK_EQ(T->grf[4].d[0], 0xfffffff1u);
	/* mac: acc + a*b; acc from an AccWrEnable add */
	fresh();
	for (unsigned k = 0; k < 8; k++) {
		T->grf[1].f[k] = (float)k;
		T->grf[2].f[k] = 2.0f;
	}
	it_ok(T, "add(8) null<1>F g1<8,8,1>F 100.0F { AccWrEnable }\n"
		 "mac(8) g3<1>F g1<8,8,1>F g2<8,8,1>F\n"
		 "mov(8) acc0<1>D 7D\n"
		 "mac(8) g4<1>D g1<8,8,1>D 3D\n");
	for (unsigned k = 0; k < 8; k++) {
		CHECK(T->grf[3].f[k] == 100.0f + 3.0f * k);
		CHECK_EQ(T->grf[4].d[k], 7 + 3 * it_fbits((float)k));
	}
}

/*
 * 64-bit products per lane as Intel's compiler (IGC, Broadwell) emits them
 * for SIMD16 and SIMD32: per quarter, a NoMask 1Q mul writes acc0, and the
 * quarter's mach (8|M8, M16, M24) must read that acc0 (so must Mesa's form,
 * mul and mach both in the quarter: brw_lower_mulh_inst puts the product at
 * acc0 + group % 8).  Signed and unsigned; lanes 8-15 and 24-31 are the
 * ones a quarter-indexed accumulator got wrong.
 */
static void mach_quarters(unsigned simd, bool sgn, bool mesa)
{
	char text[4096];
	size_t len = 0;
	const char *t = sgn ? "D" : "UD";

	if (T)
		gseu_thread_free(T);
	T = it_thread(0xffffffffu);
	for (unsigned k = 0; k < 32; k++) {
		T->grf[10 + k / 8].d[k % 8] = 0xfedcba98u - 0x01234567u * k;
		T->grf[14 + k / 8].d[k % 8] = 0x9abcdef0u + 0x07654321u * k;
	}
	for (unsigned q = 0; q < simd / 8; q++) {
		len += (size_t)snprintf(text + len, sizeof(text) - len,
			"mul(8) acc0<1>%s g%u<8,8,1>%s g%u<16,8,2>UW { align1 %uQ%s }\n"
			"mach(8) g%u<1>%s g%u<8,8,1>%s g%u<8,8,1>%s { align1 %uQ AccWrEnable }\n"
			"mov(8) g%u<1>UD acc0<8,8,1>UD { align1 %uQ }\n",
			t, 10 + q, t, 14 + q, mesa ? q + 1 : 1, mesa ? "" : " NoMask",
			20 + q, t, 10 + q, t, 14 + q, t, q + 1, 24 + q, q + 1);
	}
	it_ok(T, text);
	for (unsigned k = 0; k < simd; k++) {
		uint32_t a = T->grf[10 + k / 8].d[k % 8], b = T->grf[14 + k / 8].d[k % 8];
		uint64_t p = sgn ? (uint64_t)((int64_t)(int32_t)a * (int32_t)b)
				 : (uint64_t)a * b;

		CHECK_MSG(T->grf[20 + k / 8].d[k % 8] == (uint32_t)(p >> 32),
			  "SIMD%u %s%s lane %u: high dword %#x, want %#x", simd, t,
			  mesa ? " (Mesa form)" : "", k, T->grf[20 + k / 8].d[k % 8],
			  (uint32_t)(p >> 32));
		CHECK_MSG(T->grf[24 + k / 8].d[k % 8] == (uint32_t)p,
			  "SIMD%u %s lane %u: acc low dword %#x, want %#x", simd, t, k,
			  T->grf[24 + k / 8].d[k % 8], (uint32_t)p);
	}
}

static void t_mach_quarters(void)
{
	for (unsigned m = 0; m < 2; m++)
		for (unsigned s = 0; s < 2; s++) {
			mach_quarters(16, s, m);
			mach_quarters(32, s, m);
		}
}

/* #41 and the Gen7+ bit instructions */
static void t_bits(void)
{
	static const uint32_t v[8] = { 0, 1, 0x80000000u, 0x0000ffffu, 0xfffffffeu,
				       0x00f00000u, 0x12345678u, 0xffffffffu };

	fresh();
	memcpy(T->grf[1].d, v, sizeof(v));
	it_ok(T, "lzd(8) g2<1>UD g1<8,8,1>UD\n"
		 "fbh(8) g3<1>UD g1<8,8,1>UD\n"
		 "fbh(8) g4<1>UD g1<8,8,1>D\n"
		 "fbl(8) g5<1>UD g1<8,8,1>UD\n"
		 "cbit(8) g6<1>UD g1<8,8,1>UD\n"
		 "bfrev(8) g7<1>UD g1<8,8,1>UD\n");
	{
		static const uint32_t lzd[8] = { 32, 31, 0, 16, 0, 8, 3, 0 };
		static const uint32_t fbhu[8] = { ~0u, 31, 0, 16, 0, 8, 3, 0 };
		static const uint32_t fbhd[8] = { ~0u, 31, 1, 16, 31, 8, 3, ~0u };
		static const uint32_t fbl[8] = { ~0u, 0, 31, 0, 1, 20, 3, 0 };
		static const uint32_t cbit[8] = { 0, 1, 1, 16, 31, 4, 13, 32 };
		static const uint32_t rev[8] = { 0, 0x80000000u, 1, 0xffff0000u,
						 0x7fffffffu, 0x00000f00u, 0x1e6a2c48u,
						 0xffffffffu };

		for (unsigned k = 0; k < 8; k++) {
			CHECK_EQ(T->grf[2].d[k], lzd[k]);
			CHECK_EQ(T->grf[3].d[k], fbhu[k]);
			CHECK_EQ(T->grf[4].d[k], fbhd[k]);
			CHECK_EQ(T->grf[5].d[k], fbl[k]);
			CHECK_EQ(T->grf[6].d[k], cbit[k]);
			CHECK_EQ(T->grf[7].d[k], rev[k]);
		}
	}
}

/* addc/subb: carry and borrow go to the accumulator */
static void t_carry(void)
{
	fresh();
	T->grf[1].d[0] = 0xffffffffu;
	T->grf[1].d[1] = 5;
	T->grf[1].d[2] = 0x80000000u;
	T->grf[2].d[0] = 1;
	T->grf[2].d[1] = 6;
	T->grf[2].d[2] = 0x80000000u;
	it_ok(T, "addc(4) g3<1>UD g1<4,4,1>UD g2<4,4,1>UD { AccWrEnable }\n"
		 "mov(4) g4<1>UD acc0<4,4,1>UD\n"
		 "subb(4) g5<1>UD g1<4,4,1>UD g2<4,4,1>UD { AccWrEnable }\n"
		 "mov(4) g6<1>UD acc0<4,4,1>UD\n");
	CHECK_EQ(T->grf[3].d[0], 0);
	CHECK_EQ(T->grf[4].d[0], 1);
	CHECK_EQ(T->grf[3].d[1], 11);
	CHECK_EQ(T->grf[4].d[1], 0);
	CHECK_EQ(T->grf[3].d[2], 0);
	CHECK_EQ(T->grf[4].d[2], 1);
	CHECK_EQ(T->grf[5].d[0], 0xfffffffeu);
	CHECK_EQ(T->grf[6].d[0], 0);
	CHECK_EQ(T->grf[5].d[1], 0xffffffffu);
	CHECK_EQ(T->grf[6].d[1], 1);
	CHECK_EQ(T->grf[6].d[3], 0);
}

/* bfe / bfi1 / bfi2 (three-source, Align16) with edge widths */
static void t_bitfield(void)
{
	fresh();
	/* lane k: width g1, offset g2, value g3 */
	static const uint32_t w[8] = { 0, 4, 8, 31, 16, 1, 5, 32 };
	static const uint32_t o[8] = { 3, 4, 28, 1, 16, 31, 0, 3 };
	for (unsigned k = 0; k < 8; k++) {
		T->grf[1].d[k] = w[k];
		T->grf[2].d[k] = o[k];
		T->grf[3].d[k] = 0xf00dfaceu;
	}
	it_ok(T, "bfe(8) g4<1>UD g1<4,4,1>UD g2<4,4,1>UD g3<4,4,1>UD { align16 }\n"
		 "bfe(8) g5<1>D g1<4,4,1>D g2<4,4,1>D g3<4,4,1>D { align16 }\n"
		 "bfi1(8) g6<1>UD g1<8,8,1>UD g2<8,8,1>UD\n");
	/* UD: 0; (face>>4)&f = c; (f00dface>>28)&ff (w+o>=32) = f; >>1 (w+o=32);
	 * (>>16)&ffff = f00d; >>31 = 1; &1f = e; width 32&31 = 0 -> 0 */
	{
		static const uint32_t ud[8] = { 0, 0xc, 0xf, 0x7806fd67, 0xf00d, 1, 0xe, 0 };
		static const uint32_t sd[8] = { 0, 0xfffffffcu, 0xffffffffu, 0xf806fd67u,
						0xfffff00du, 0xffffffffu, 0xe, 0 };
		static const uint32_t b1[8] = { 0, 0xf0, 0xf0000000u, 0xfffffffeu,
						0xffff0000u, 0x80000000u, 0x1f, 0 };

		for (unsigned k = 0; k < 8; k++) {
			CHECK_EQ(T->grf[4].d[k], ud[k]);
			CHECK_EQ(T->grf[5].d[k], sd[k]);
			CHECK_EQ(T->grf[6].d[k], b1[k]);
		}
	}
	/* bfi2(mask, insert, base): insert shifted to the mask's low bit */
	fresh();
	for (unsigned k = 0; k < 8; k++) {
		T->grf[1].d[k] = k == 0 ? 0 : 0xf0u << k;
		T->grf[2].d[k] = 0x5;
		T->grf[3].d[k] = 0xaaaaaaaau;
	}
	it_ok(T, "bfi2(8) g4<1>UD g1<4,4,1>UD g2<4,4,1>UD g3<4,4,1>UD { align16 }\n");
	CHECK_EQ(T->grf[4].d[0], 0xaaaaaaaau);
	for (unsigned k = 1; k < 8; k++) {
		uint32_t m = 0xf0u << k;

		CHECK_EQ(T->grf[4].d[k], ((0x5u << (4 + k)) & m) | (0xaaaaaaaau & ~m));
	}
}

/* mad / lrp / csel (Align16), with a replicated scalar */
static void t_three_src(void)
{
	fresh();
	for (unsigned k = 0; k < 8; k++) {
		T->grf[1].f[k] = (float)k;
		T->grf[2].f[k] = 2.0f;
		T->grf[3].f[k] = 0.5f * k - 1.0f;
	}
	T->grf[4].f[1] = 0.25f;
	it_ok(T, "mad(8) g5<1>F g1<4,4,1>F g2<4,4,1>F g3<4,4,1>F { align16 }\n"
		 "lrp(8) g6<1>F g4.1<0,1,0>F g1<4,4,1>F g2<4,4,1>F { align16 }\n"
		 "csel.l(8) g7<1>F g1<4,4,1>F g2<4,4,1>F g3<4,4,1>F { align16 }\n"
		 "mad(8) g8<1>.xz:F -g1<4,4,1>F g2<4,4,1>.wzyxF g3<4,4,1>F { align16 }\n");
	for (unsigned k = 0; k < 8; k++) {
		CHECK(T->grf[5].f[k] == k + 2.0f * (0.5f * k - 1.0f));
		CHECK(T->grf[6].f[k] == 0.25f * k + 0.75f * 2.0f);
		CHECK(T->grf[7].f[k] == ((0.5f * k - 1.0f) < 0 ? (float)k : 2.0f));
		if (k & 1)
			CHECK(T->grf[8].f[k] == 0.0f);
		else
			CHECK(T->grf[8].f[k] == -(float)k + 2.0f * (0.5f * k - 1.0f));
	}
}

/* #39 #40: frc and rounding */
static void t_round(void)
{
	static const float in[8] = { -1.25f, 1.25f, 2.0f, -1.5f, 2.5f, 3.5f, 1.2f, -0.5f };

	fresh();
	memcpy(T->grf[1].f, in, sizeof(in));
	it_ok(T, "frc(8) g2<1>F g1<8,8,1>F\n"
		 "rndd(8) g3<1>F g1<8,8,1>F\n"
		 "rndu(8) g4<1>F g1<8,8,1>F\n"
		 "rnde(8) g5<1>F g1<8,8,1>F\n"
		 "rndz(8) g6<1>F g1<8,8,1>F\n");
	{
		static const float frc[8] = { 0.75f, 0.25f, 0, 0.5f, 0.5f, 0.5f, 0.2f, 0.5f };
		static const float dn[8] = { -2, 1, 2, -2, 2, 3, 1, -1 };
		static const float up[8] = { -1, 2, 2, -1, 3, 4, 2, -0.0f };
		static const float ev[8] = { -1, 1, 2, -2, 2, 4, 1, -0.0f };
		static const float tz[8] = { -1, 1, 2, -1, 2, 3, 1, -0.0f };

		for (unsigned k = 0; k < 8; k++) {
			CHECK_MSG(fabsf(T->grf[2].f[k] - frc[k]) < 1e-6f, "frc lane %u", k);
			CHECK(T->grf[3].f[k] == dn[k]);
			CHECK(T->grf[4].f[k] == up[k]);
			CHECK(T->grf[5].f[k] == ev[k]);
			CHECK(T->grf[6].f[k] == tz[k]);
		}
		CHECK_EQ(it_fbits(T->grf[4].f[7]), 0x80000000u);	/* ceil(-0.5) = -0 */
	}
}

/* #45 #46 #47: dp*, line, pln, sad2/sada2 */
static void t_vector(void)
{
	fresh();
	for (unsigned k = 0; k < 8; k++) {
		T->grf[1].f[k] = (float)(k % 4 + 1);
		T->grf[2].f[k] = (float)(k % 4 + 5);
	}
	it_ok(T, "dp4(8) g3<1>F g1<4,4,1>F g2<4,4,1>F { align16 }\n"
		 "dph(8) g4<1>F g1<4,4,1>F g2<4,4,1>F { align16 }\n"
		 "dp3(8) g5<1>F g1<4,4,1>F g2<4,4,1>F { align16 }\n"
		 "dp2(8) g6<1>.xyF g1<4,4,1>F g2<4,4,1>F { align16 }\n");
	for (unsigned k = 0; k < 8; k++) {
		CHECK(T->grf[3].f[k] == 70.0f);
		CHECK(T->grf[4].f[k] == 46.0f);
		CHECK(T->grf[5].f[k] == 38.0f);
		CHECK(T->grf[6].f[k] == ((k & 3) < 2 ? 17.0f : 0.0f));
	}
	fresh();
	T->grf[1].f[0] = 2.0f;
	T->grf[1].f[1] = 3.0f;
	T->grf[1].f[3] = 1.0f;
	for (unsigned k = 0; k < 8; k++) {
		T->grf[4].f[k] = 4.0f + k;
		T->grf[5].f[k] = 5.0f;
		T->grf[6].f[k] = 3.0f;
	}
	it_ok(T, "line(8) g10<1>F g1<0,1,0>F g6<8,8,1>F\n"
		 "pln(8) g11<1>F g1<0,1,0>F g4<8,8,1>F\n");
	for (unsigned k = 0; k < 8; k++) {
		CHECK(T->grf[10].f[k] == 7.0f);
		CHECK(T->grf[11].f[k] == 2.0f * (4.0f + k) + 15.0f + 1.0f);
	}
	/*
	 * SIMD16: (u 0-7)(v 0-7)(u 8-15)(v 8-15) from src1, Mesa
	 * generate_linterp() (lane k: u = 4 + k, v = 100 + 2k)
	 */
	fresh();
	gseu_thread_reset(T, 0xffff);
	T->grf[1].f[0] = 2.0f;
	T->grf[1].f[1] = 3.0f;
	T->grf[1].f[3] = 1.0f;
	for (unsigned k = 0; k < 16; k++) {
		T->grf[4 + (k / 8) * 2].f[k % 8] = 4.0f + k;
		T->grf[5 + (k / 8) * 2].f[k % 8] = 100.0f + 2 * k;
	}
	it_ok(T, "pln(16) g12<1>F g1<0,1,0>F g4<8,8,1>F\n");
	for (unsigned k = 0; k < 16; k++)
		CHECK_MSG(T->grf[12 + k / 8].f[k % 8] == 2.0f * (4.0f + k) +
			  3.0f * (100.0f + 2 * k) + 1.0f, "lane %u: %g", k,
			  (double)T->grf[12 + k / 8].f[k % 8]);
	fresh();
	T->grf[1].b[0] = 10;
	T->grf[1].b[4] = 20;
	T->grf[2].b[0] = 13;
	T->grf[2].b[4] = 15;
	T->acc[0].w[0] = 100;
	it_ok(T, "sad2(2) g3<1>UW g1<8,2,4>UB g2<8,2,4>UB\n"
		 "sada2(2) g4<1>UW g1<8,2,4>UB g2<8,2,4>UB\n");
	CHECK_EQ(T->grf[3].w[0], 8);
	CHECK_EQ(T->grf[4].w[0], 108);
}

/* predication modes (#51 #52), NoMask, Q2 flags */
static void t_pred(void)
{
	static const struct { const char *pred; uint32_t f0, f1, want; } c[] = {
		{ "(+f0.0)", 0x5a, 0, 0x5a },
		{ "(-f0.0)", 0x0f, 0, 0xf0 },
		{ "(+f0.0.any4h)", 0x02, 0, 0x0f },
		{ "(+f0.0.all4h)", 0x0f, 0, 0x0f },
		{ "(+f0.0.all4h)", 0x7f, 0, 0x0f },
		{ "(+f0.0.any2h)", 0x41, 0, 0xc3 },
		{ "(+f0.0.all2h)", 0xc1, 0, 0xc0 },
		{ "(+f0.0.any8h)", 0x80, 0, 0xff },
		{ "(+f0.0.all8h)", 0xfe, 0, 0x00 },
		{ "(+f0.0.any16h)", 0x8000, 0, 0xff },
		{ "(+f0.0.all16h)", 0xffff, 0, 0xff },
		{ "(+f0.0.any32h)", 0x80000000u, 0, 0xff },
		{ "(+f0.0.anyv)", 0x03, 0x30, 0x33 },
		{ "(+f0.0.allv)", 0x0f, 0x3c, 0x0c },
		{ "(+f1.1)", 0, 0x00a50000, 0xa5 },
		{ "(-f0.0.any4h)", 0xf1, 0, 0x0f },
	};

	for (unsigned i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		char src[128];

		fresh();
		T->f.d[0] = c[i].f0;
		T->f.d[1] = c[i].f1;
		snprintf(src, sizeof(src), "%s mov(8) g2<1>UD 1UD\n", c[i].pred);
		it_ok(T, src);
		for (unsigned k = 0; k < 8; k++)
			CHECK_MSG(T->grf[2].d[k] == ((c[i].want >> k) & 1), "case %u %s lane %u",
				  i, c[i].pred, k);
	}
	/* Q2 uses flag bits 8-15 and channel enables 8-15 */
	{
		struct gseu_hw_thread *t = it_thread(0x0f00);

		t->f.d[0] = 0x0300;
		it_ok(t, "(+f0.0) mov(8) g2<1>UD 1UD { 2Q }\n"
			 "mov(8) g3<1>UD 1UD { 2Q }\n"
			 "mov(8) g4<1>UD 1UD { 2Q NoMask }\n"
			 "cmp.z.f1.0(8) null<1>UD g3<8,8,1>UD 1UD { 2Q }\n");
		CHECK_EQ(t->grf[2].d[0], 1);
		CHECK_EQ(t->grf[2].d[1], 1);
		CHECK_EQ(t->grf[2].d[2], 0);
		CHECK_EQ(t->grf[3].d[3], 1);
		CHECK_EQ(t->grf[3].d[4], 0);
		CHECK_EQ(t->grf[4].d[7], 1);
		CHECK_EQ(t->f.d[1], 0x0f00);
		gseu_thread_free(t);
	}
	/* Align16 .x/.y replicate one component's flag per group */
	fresh();
	T->f.d[0] = 0x24;	/* group 0: z; group 1: y */
	it_ok(T, "(+f0.0.z) mov(8) g2<1>F 1.0F { align16 }\n"
		 "(+f0.0.y) mov(8) g3<1>F 1.0F { align16 }\n");
	for (unsigned k = 0; k < 8; k++) {
		CHECK(T->grf[2].f[k] == (k < 4 ? 1.0f : 0.0f));
		CHECK(T->grf[3].f[k] == (k < 4 ? 0.0f : 1.0f));
	}
}

/* operand errors are named exceptions, not silence */
static void t_errors(void)
{
	enum gseu_run_status st;

	fresh();
	st = it_run(T, "frc(8) g2<1>D g1<8,8,1>D\n");
	CHECK_EQ(st, GSEU_RUN_EXCEPTION);
	CHECK_EQ(T->exc, GSEU_EXC_OPERAND);
	CHECK_EQ(T->exc_ip, 0);
	fresh();
	st = it_run(T, "nop\nshl(8) g2<1>F g1<8,8,1>F 1F\n");
	CHECK_EQ(st, GSEU_RUN_EXCEPTION);
	CHECK_EQ(T->exc, GSEU_EXC_OPERAND);
	CHECK_EQ(T->exc_ip, 16);
	fresh();
	st = it_run(T, "sel.z(8) g2<1>F g1<8,8,1>F 1F\n");
	CHECK_EQ(T->exc, GSEU_EXC_UNSUPPORTED);
	fresh();
	st = it_run(T, "mov(8) g2<1>UD msg7<0,1,0>UD\n");
	CHECK_EQ(T->exc, GSEU_EXC_UNSUPPORTED);
	CHECK(strstr(T->exc_msg, "msg") != NULL);
	/* a second run reports the same exception */
	CHECK_EQ(gseu_thread_run(T, NULL, 1), GSEU_RUN_EXCEPTION);
	fresh();
	st = it_run(T, "mov(8) g2<1>F g1<8,8,1>F { Breakpoint }\n");
	CHECK_EQ(T->exc, GSEU_EXC_BREAKPOINT);
}

int main(void)
{
	tap_run("mov float->int conversions (#19-23)", t_mov_f2i);
	tap_run("mov int conversions and .sat (#24-27)", t_mov_int);
	tap_run("V UV VF W immediates (#30-33)", t_imm);
	tap_run("sel predicate, sel.l/.ge min/max (#9)", t_sel);
	tap_run("not and or xor, negate is not", t_logic);
	tap_run("shl shr asr, counts & 31 (#43)", t_shift);
	tap_run("shl to a :q from :d shifts at 64 bits", t_shift_q);
	tap_run("shl to a :d from :w shifts at 32 bits", t_shift_d_from_w);
	tap_run("cmp cmpn NaN/denorm/inf tables (#7 #8 #10 #11 #48)", t_cmp);
	tap_run("cmod writes enabled flag bits only (#35 #36)", t_cmod_mask);
	tap_run("add mul avg saturation overflow (#28 #38 #42)", t_arith_int);
	tap_run("mul/mach 64-bit product, mac (#37)", t_mach);
	tap_run("mul/mach per quarter, SIMD16/32, as IGC and Mesa emit them", t_mach_quarters);
	tap_run("lzd fbh fbl cbit bfrev (#41)", t_bits);
	tap_run("addc subb carry/borrow", t_carry);
	tap_run("bfe bfi1 bfi2 edge widths", t_bitfield);
	tap_run("mad lrp csel, Align16 3-src", t_three_src);
	tap_run("frc rndd rndu rnde rndz (#39 #40)", t_round);
	tap_run("dp4 dph dp3 dp2 line pln sad2 sada2 (#45-47)", t_vector);
	tap_run("predication modes (#51 #52), Q2, Align16 .x-.w", t_pred);
	tap_run("operand errors raise named exceptions", t_errors);
	if (T)
		gseu_thread_free(T);
	return tap_done();
}
