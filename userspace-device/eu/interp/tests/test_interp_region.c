// SPDX-License-Identifier: MIT
/*
 * Interpreter: regions and addressing (965/G35 PRM Vol. 4 Subsystem and
 * Cores (2008), 11.3.6 "Region Parameters", 11.3.7 "Region Addressing
 * Modes", 11.3.8 "Access Modes"; PRM Vol. 6 3D-Media-GPGPU
 * (Broxton 2017), "Register Region Restrictions"; PRM Vol. 6 Command
 * Stream Programming (Cherryview 2015), "Watchdog Timer Registers"
 * (RCS), "Interrupt Control Registers", "Ring Buffer Scheduling",
 * "ExecList Scheduling"), register-indirect 1x1 / Vx1 / VxH sources and
 * indirect destinations, Align16 swizzles and write masks, SIMD16 and
 * SIMD32 spanning registers, QtrCtrl halves (5.4), ARF reads, and region
 * faults.
 */
#include <stdio.h>
#include <string.h>

#include "it_util.h"

static struct gseu_hw_thread *numbered(uint32_t mask)
{
	struct gseu_hw_thread *t = it_thread(mask);

	for (unsigned r = 1; r < 4; r++)
		for (unsigned d = 0; d < 8; d++)
			t->grf[r].d[d] = (r - 1) * 8 + d;	/* dword index */
	return t;
}

/* #49 #53 */
static void t_regions(void)
{
	struct gseu_hw_thread *t = numbered(0xff);

	it_ok(t, "mov(8) g10<1>UD g1<8,4,2>UD\n"
		 "mov(8) g11<1>UD g1<4,4,0>UD\n"
		 "mov(8) g12<1>UD g1.2<0,1,0>UD\n"
		 "mov(8) g13<1>UD g1.3<8,8,1>UD\n"
		 "mov(4) g14<2>UD g1<1,2,0>UD\n"
		 "mov(8) g15<1>UW g1<16,8,2>UW\n");
	for (unsigned k = 0; k < 8; k++) {
		CHECK_EQ(t->grf[10].d[k], 2 * k + (k >= 4 ? 0 : 0));
		CHECK_EQ(t->grf[11].d[k], k < 4 ? 0 : 4);
		CHECK_EQ(t->grf[12].d[k], 2);
		CHECK_EQ(t->grf[13].d[k], k + 3);
		CHECK_EQ(t->grf[15].w[k], k);		/* low words of dwords */
	}
	/* <1;2,0>: rows overlap: 0,0,1,1 at dst stride 2 */
	CHECK_EQ(t->grf[14].d[0], 0);
	CHECK_EQ(t->grf[14].d[2], 0);
	CHECK_EQ(t->grf[14].d[4], 1);
	CHECK_EQ(t->grf[14].d[6], 1);
	CHECK_EQ(t->grf[14].d[1], 0);
	gseu_thread_free(t);
}

/* #50: Align16 swizzle and write mask */
static void t_align16(void)
{
	struct gseu_hw_thread *t = it_thread(0xff);

	for (unsigned k = 0; k < 8; k++) {
		t->grf[1].f[k] = (float)(k + 1);
		t->grf[2].f[k] = -1.0f;
	}
	it_ok(t, "mov(8) g2<1>.xz:F g1<4,4,1>.yzwxF { align16 }\n"
		 "mov(8) g3<1>F g1<0,4,1>.wF { align16 }\n"
		 "add(8) g4<1>.yw:F g1<4,4,1>F g1.4<0,4,1>.xyxyF { align16 }\n");
	static const float want2[8] = { 2, -1, 4, -1, 6, -1, 8, -1 };
	for (unsigned k = 0; k < 8; k++) {
		CHECK(t->grf[2].f[k] == want2[k]);
		CHECK(t->grf[3].f[k] == 4.0f);
		CHECK(t->grf[4].f[k] == ((k & 1) ? (float)(k + 1) + 6.0f : 0.0f));
	}
	gseu_thread_free(t);
}

/* register-indirect sources and destinations */
static void t_indirect(void)
{
	struct gseu_hw_thread *t = numbered(0xff);

	t->a0.w[0] = 32;		/* g1 */
	t->a0.w[1] = 64 + 8;		/* g2.2 */
	for (unsigned i = 0; i < 8; i++)
		t->a0.w[4 + i] = (uint16_t)(32 + 12 * i);
	it_ok(t, "mov(8) g10<1>UD g[a0.0,32]<8,8,1>UD\n"
		 "mov(8) g11<1>UD g[a0.0]<2,1>UD\n"
		 "mov(8) g12<1>UD g[a0.4]<1,0>UD\n"
		 "mov(8) g[a0.1,-8]<1>UD g1<8,8,1>UD\n"
		 "mov(4) g13<1>UD g[a0.1]<4,4,1>UD\n");
	for (unsigned k = 0; k < 8; k++) {
		CHECK_EQ(t->grf[10].d[k], 8 + k);		/* g2 */
		/* Vx1: row r from a0.(0+r): rows 0..3 = a0.0..a0.3 */
		CHECK_EQ(t->grf[12].d[k], 3 * k);		/* VxH */
		CHECK_EQ(t->grf[2].d[k], k);			/* dst g2 = g1 */
	}
	CHECK_EQ(t->grf[11].d[0], 0);	/* a0.0 = g1.0 */
	CHECK_EQ(t->grf[11].d[1], 1);
	CHECK_EQ(t->grf[11].d[2], 10);	/* a0.1 = g2.2 (=dword 10) */
	CHECK_EQ(t->grf[11].d[3], 11);
	CHECK_EQ(t->grf[13].d[0], 2);	/* g2.2 after the dst write */
	/* an indirect address past r127 faults */
	gseu_thread_reset(t, 0xff);
	t->a0.w[0] = 4090;
	CHECK_EQ(it_run(t, "mov(8) g10<1>UD g[a0.0]<8,8,1>UD\n"), GSEU_RUN_EXCEPTION);
	CHECK_EQ(t->exc, GSEU_EXC_REGION);
	gseu_thread_free(t);
}

/* SIMD16/SIMD32 span registers; 2H selects channels 16-31 */
static void t_wide(void)
{
	struct gseu_hw_thread *t = it_thread(0xffff00ffu);

	for (unsigned r = 1; r < 5; r++)
		for (unsigned d = 0; d < 8; d++)
			t->grf[r].d[d] = (r - 1) * 8 + d;
	it_ok(t, "add(16) g10<1>D g1<8,8,1>D 100D\n"
		 "add(16) g12<1>D g3<8,8,1>D 100D { 2H }\n"
		 "mov(32) g20<1>UW g1<16,16,1>UW\n"
		 "mov(16) g14<1>D g1<8,8,1>D { NoMask }\n");
	for (unsigned k = 0; k < 16; k++) {
		CHECK_EQ(t->grf[10 + k / 8].d[k % 8], k < 8 ? k + 100 : 0);
		CHECK_EQ(t->grf[12 + k / 8].d[k % 8], 16 + k + 100);
		CHECK_EQ(t->grf[14 + k / 8].d[k % 8], k);
	}
	for (unsigned k = 0; k < 32; k++)
		CHECK_EQ(t->grf[20 + k / 16].w[k % 16], (k >= 8 && k < 16) ? 0 :
			 t->grf[1 + k / 16].w[k % 16]);
	gseu_thread_free(t);
}

/* ARF reads and writes: sr0 (read-only), ip, ce0, f0 as an operand, a0 */
static void t_arf(void)
{
	struct gseu_hw_thread *t = it_thread(0x0f);

	t->sr0.d[0] = 0x1234;
	t->f.d[1] = 0xbeef;
	it_ok(t, "mov(1) g2<1>UD sr0<0,1,0>UD { NoMask }\n"
		 "mov(1) g2.1<1>UD sr0.2<0,1,0>UD { NoMask }\n"
		 "mov(1) g2.2<1>UD ip<0,1,0>UD { NoMask }\n"
		 "mov(1) g2.3<1>UD ce<0,1,0>UD { NoMask }\n"
		 "mov(1) g4<1>UW f1<0,1,0>UW { NoMask }\n"
		 "mov(1) f0<1>UD 0x00000005UD { NoMask }\n"
		 "(+f0.0) mov(4) g3<1>UD 1UD\n"
		 "mov(1) sr0<1>UD 0UD { NoMask }\n"
		 "mov(2) a0<1>UW 0x0040UW { NoMask }\n"
		 "mov(1) g2.5<1>UD a0<0,1,0>UD { NoMask }\n");
	CHECK_EQ(t->grf[2].d[0], 0x1234);
	CHECK_EQ(t->grf[2].d[1], 0x0f);
	CHECK_EQ(t->grf[2].d[2], 32);
	CHECK_EQ(t->grf[2].d[3], 0x0f);
	CHECK_EQ(t->grf[4].w[0], 0xbeef);
	CHECK_EQ(t->grf[3].d[0], 1);
	CHECK_EQ(t->grf[3].d[1], 0);
	CHECK_EQ(t->grf[3].d[2], 1);
	CHECK_EQ(t->sr0.d[0], 0x1234);		/* write dropped */
	CHECK_EQ(t->grf[2].d[5], 0x00400040u);
	gseu_thread_free(t);
}

/* static region faults are raised when the instruction executes */
static void t_region_faults(void)
{
	struct gseu_hw_thread *t = it_thread(0xff);

	CHECK_EQ(it_run(t, "mov(16) g2<1>UD g127<8,8,1>UD\n"), GSEU_RUN_EXCEPTION);
	CHECK_EQ(t->exc, GSEU_EXC_REGION);
	gseu_thread_reset(t, 0xff);
	CHECK_EQ(it_run(t, "mov(8) g2<1>UD f0<8,8,1>UD\n"), GSEU_RUN_EXCEPTION);
	CHECK_EQ(t->exc, GSEU_EXC_REGION);
	gseu_thread_free(t);
}

/*
 * smov, IGC's store to a private array at a per-lane index (ocl kernels
 * with "int h[16]; h[x & 15] += ..."): one smov a channel, channel k
 * through a0.k, written only where bit k of the src1 immediate is set.
 * The array is SoA: element i of lane k at g10 + 32 * i + 4 * k (SIMD8),
 * g20 + 64 * i + 4 * k (SIMD16).
 */
static void t_smov(void)
{
	static const unsigned idx[16] = { 3, 0, 5, 3, 1, 7, 2, 2, 0, 1, 1, 0, 1, 0, 1, 1 };
	struct gseu_hw_thread *t = it_thread(0xffff);
	char text[2048];
	size_t len = 0;

	for (unsigned r = 10; r < 40; r++)
		for (unsigned d = 0; d < 8; d++)
			t->grf[r].d[d] = 0xdead0000u + r * 8 + d;
	for (unsigned k = 0; k < 16; k++)
		t->grf[3 + k / 8].d[k % 8] = 100 + k;
	/* SIMD8: a0.k = &g10 + 32 * idx[k]; one smov a channel */
	for (unsigned k = 0; k < 8; k++) {
		t->a0.w[k] = (uint16_t)(10 * 32 + 32 * idx[k]);
		len += (size_t)snprintf(text + len, sizeof(text) - len,
					"smov(8) g[a0.%u]<1>D g3.%u<0,1,0>D 0x%xUW\n", k, k, 1u << k);
	}
	it_ok(t, text);
	for (unsigned i = 0; i < 8; i++)
		for (unsigned k = 0; k < 8; k++) {
			uint32_t want = idx[k] == i ? 100 + k : 0xdead0000u + (10 + i) * 8 + k;

			CHECK_MSG(t->grf[10 + i].d[k] == want, "element %u lane %u: %#x", i, k,
				  t->grf[10 + i].d[k]);
		}
	/* SIMD16, a scalar W source converted to D: a0.k = &g20 + 64 * idx[k] */
	gseu_thread_free(t);
	t = it_thread(0xffff);
	for (unsigned r = 10; r < 40; r++)
		for (unsigned d = 0; d < 8; d++)
			t->grf[r].d[d] = 0xdead0000u + r * 8 + d;
	len = 0;
	for (unsigned k = 0; k < 16; k++) {
		t->a0.w[k] = (uint16_t)(20 * 32 + 64 * idx[k]);
		len += (size_t)snprintf(text + len, sizeof(text) - len,
					"smov(16) g[a0.%u]<1>D g5<0,1,0>W 0x%xUW\n", k, 1u << k);
	}
	t->grf[5].w[0] = 0xfffe;	/* -2 */
	it_ok(t, text);
	for (unsigned i = 0; i < 8; i++)
		for (unsigned k = 0; k < 16; k++) {
			unsigned r = 20 + 2 * i + k / 8;
			uint32_t want = idx[k] == i ? 0xfffffffeu : 0xdead0000u + r * 8 + k % 8;

			CHECK_MSG(t->grf[r].d[k % 8] == want, "SIMD16 element %u lane %u: %#x", i, k,
				  t->grf[r].d[k % 8]);
		}
	/* disabled channels stay unwritten whatever the mask says */
	gseu_thread_free(t);
	t = it_thread(0x0f);
	t->grf[12].d[5] = 7;
	t->a0.w[5] = 12 * 32;
	t->grf[3].d[5] = 55;
	it_ok(t, "smov(8) g[a0.5]<1>D g3.5<0,1,0>D 0x20UW\n");
	CHECK_EQ(t->grf[12].d[5], 7);
	/* src1 must be the immediate mask */
	gseu_thread_free(t);
	t = it_thread(0xff);
	CHECK_EQ(it_run(t, "smov(8) g[a0.5]<1>D g3.5<0,1,0>D g4<8,8,1>UW\n"), GSEU_RUN_EXCEPTION);
	CHECK(strstr(t->exc_msg, "smov: src1 is not an immediate channel mask") != NULL);
	gseu_thread_free(t);
}

/*
 * A raw move (mov, sel: a bit copy) reads its whole source before it
 * writes: IGC's "mov (8|M0) r4.0<1>:d r3.1<2;1,0>:d" (the high dwords of
 * the qwords in r3-r4, into r4) has lane 1 write r4.1, which lane 4
 * reads; copied lane by lane, lanes 4-6 got other lanes' values (a
 * 64-bit h = h * 31 + a[i] over a private array, p_bigpriv at SIMD8).
 */
static void t_raw_overlap(void)
{
	struct gseu_hw_thread *t = it_thread(0xff);
	uint32_t orig[8 * 8];

	for (unsigned r = 3; r < 8; r++)
		for (unsigned d = 0; d < 8; d++)
			t->grf[r].d[d] = orig[r * 8 + d] = (r << 28) + d;
	t->f.d[0] = 0x55;	/* f0.0: lanes 0, 2, 4, 6 */
	it_ok(t, "mov(8) g4<1>D g3.1<2,1,0>D\n"
		 "(+f0.0) sel(8) g6<1>UD g5.1<2,1,0>UD g6<2,1,0>UD\n");
	for (unsigned k = 0; k < 8; k++) {
		uint32_t want = orig[3 * 8 + 1 + 2 * k];
		uint32_t sel = (k & 1) ? orig[6 * 8 + 2 * k] : orig[5 * 8 + 1 + 2 * k];

		CHECK_MSG(t->grf[4].d[k] == want, "mov lane %u: %#x, want %#x", k,
			  t->grf[4].d[k], want);
		CHECK_MSG(t->grf[6].d[k] == sel, "sel lane %u: %#x, want %#x", k,
			  t->grf[6].d[k], sel);
	}
	gseu_thread_free(t);
}

int main(void)
{
	tap_run("Align1 regions (#49 #53)", t_regions);
	tap_run("Align16 swizzles and write masks (#50)", t_align16);
	tap_run("indirect 1x1, Vx1, VxH, indirect dst", t_indirect);
	tap_run("smov: a channel mask in src1, IGC's private-array store", t_smov);
	tap_run("raw mov/sel: a source overlapping its dst is read first", t_raw_overlap);
	tap_run("SIMD16/32 spanning registers, 2H, dispatch mask", t_wide);
	tap_run("ARF operands: sr0 ip ce f a0, read-only drop", t_arf);
	tap_run("region faults", t_region_faults);
	return tap_done();
}
