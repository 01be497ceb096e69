// SPDX-License-Identifier: MIT
/*
 * Interpreter: whole small kernels assembled from text, compared with the
 * same computation in C: a SIMD16 vector add, a divergent counted loop,
 * min/max by the cmpn + sel recipe (965/G35 PRM Vol. 4 Subsystem and
 * Cores (2008), 10.3.1.4 "Min/Max of Floating Point Numbers"), a
 * compacted build of the same kernel, and a kernel that reads its input
 * through a send.  Also prints (as a TAP comment, not a pass/fail
 * criterion) the channel-operations per second of a long SIMD16 loop
 * against a C loop.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "it_util.h"

static const char vadd_src[] =
	"add(16) g10<1>F g2<8,8,1>F g4<8,8,1>F\n"
	"mul(16) g12<1>F g10<8,8,1>F g6<0,1,0>F\n"
	"mad(8) g14<1>F g12<4,4,1>F g2<4,4,1>F g4<4,4,1>F { align16 1Q }\n"
	"mad(8) g15<1>F g13<4,4,1>F g3<4,4,1>F g5<4,4,1>F { align16 2Q }\n"
	"send(8) null<1>UD g127<8,8,1>UD ts 0x02000010UD { NoMask EOT }\n";

static void vadd_check(struct gseu_hw_thread *t, const float *a, const float *b)
{
	for (unsigned k = 0; k < 16; k++) {
		float s = a[k] + b[k], m = s * 3.0f;

		CHECK_MSG(t->grf[10 + k / 8].f[k % 8] == s, "add lane %u", k);
		CHECK_MSG(t->grf[12 + k / 8].f[k % 8] == m, "mul lane %u", k);
		CHECK_MSG(t->grf[14 + k / 8].f[k % 8] == fmaf(a[k], b[k], m), "mad lane %u", k);
	}
}

static void vadd_setup(struct gseu_hw_thread *t, float *a, float *b)
{
	for (unsigned k = 0; k < 16; k++) {
		a[k] = (float)k * 1.25f - 3.0f;
		b[k] = 100.0f / (float)(k + 1);
		t->grf[2 + k / 8].f[k % 8] = a[k];
		t->grf[4 + k / 8].f[k % 8] = b[k];
	}
	t->grf[6].f[0] = 3.0f;
}

static void t_vadd(void)
{
	struct gseu_hw_thread *t = it_thread(0xffff);
	struct gseu_program *p = it_prog(vadd_src);
	float a[16], b[16];

	vadd_setup(t, a, b);
	CHECK_EQ(gseu_thread_run(t, p, 100), GSEU_RUN_EOT);
	vadd_check(t, a, b);
	gseu_program_free(p);
	gseu_thread_free(t);
}

/* the same kernel stored compacted where possible */
static void t_vadd_compact(void)
{
	struct gseu_hw_thread *t = it_thread(0xffff);
	struct gseu_asm_options opt = { .compact = true };
	struct gseu_asm_result res;
	struct gseu_error err;
	struct gseu_program *p;
	float a[16], b[16];

	CHECK_EQ(gseu_assemble(vadd_src, &opt, &res, &err), 0);
	CHECK(res.size < 5 * 16);		/* something did compact */
	CHECK_EQ(gseu_program_create(res.code, res.size, &p, &err), 0);
	vadd_setup(t, a, b);
	CHECK_EQ(gseu_thread_run(t, p, 100), GSEU_RUN_EOT);
	vadd_check(t, a, b);
	gseu_program_free(p);
	gseu_asm_free(&res);
	gseu_thread_free(t);
}

/* per-channel sum 1..n[k] and factorial-ish product, divergent trip counts */
static void t_loop_kernel(void)
{
	struct gseu_hw_thread *t = it_thread(0xff);
	static const uint32_t n[8] = { 0, 1, 5, 10, 3, 7, 31, 2 };

	memcpy(t->grf[1].d, n, sizeof(n));
	it_ok(t,
	      "        mov(8) g2<1>UD 0UD\n"		/* i */
	      "        mov(8) g3<1>UD 0UD\n"		/* sum */
	      "        mov(8) g4<1>UD 1UD\n"		/* xor-shift mix */
	      "        cmp.nz.f0.0(8) null<1>UD g1<8,8,1>UD 0UD\n"
	      "        (+f0.0) if(8) JIP: endif1 UIP: endif1\n"
	      "loop:   add(8) g2<1>UD g2<8,8,1>UD 1UD\n"
	      "        add(8) g3<1>UD g3<8,8,1>UD g2<8,8,1>UD\n"
	      "        shl(8) g5<1>UD g4<8,8,1>UD 3UD\n"
	      "        xor(8) g4<1>UD g4<8,8,1>UD g5<8,8,1>UD\n"
	      "        add(8) g4<1>UD g4<8,8,1>UD g2<8,8,1>UD\n"
	      "        cmp.l.f0.0(8) null<1>UD g2<8,8,1>UD g1<8,8,1>UD\n"
	      "        (+f0.0) while(8) JIP: loop\n"
	      "endif1: endif(8) JIP: done\n"
	      "done:   nop\n");
	for (unsigned k = 0; k < 8; k++) {
		uint32_t sum = 0, x = 1;

		for (uint32_t i = 1; i <= n[k]; i++) {
			sum += i;
			x = (x ^ (x << 3)) + i;
		}
		CHECK_EQ(t->grf[3].d[k], sum);
		CHECK_EQ(t->grf[4].d[k], x);
	}
	gseu_thread_free(t);
}

/* #9: min/max through cmpn + predicated sel, against fminf/fmaxf */
static void t_minmax(void)
{
	struct gseu_hw_thread *t = it_thread(0xff);
	static const float a[8] = { 3.0f, NAN, -1.0f, 0.0f, INFINITY, 2.0f, NAN, -0.5f };
	static const float b[8] = { NAN, 3.0f, -2.0f, 5.0f, 1.0f, 2.0f, NAN, -INFINITY };

	memcpy(t->grf[1].f, a, 32);
	memcpy(t->grf[2].f, b, 32);
	it_ok(t, "cmpn.l.f0.0(8) null<1>F g1<8,8,1>F g2<8,8,1>F\n"
		 "(+f0.0) sel(8) g3<1>F g1<8,8,1>F g2<8,8,1>F\n"
		 "cmpn.ge.f0.1(8) null<1>F g1<8,8,1>F g2<8,8,1>F\n"
		 "(+f0.1) sel(8) g4<1>F g1<8,8,1>F g2<8,8,1>F\n");
	for (unsigned k = 0; k < 8; k++) {
		if (k == 6) {
			CHECK(isnan(t->grf[3].f[k]) && isnan(t->grf[4].f[k]));
			continue;
		}
		CHECK_MSG(t->grf[3].f[k] == fminf(a[k], b[k]), "min lane %u", k);
		CHECK_MSG(t->grf[4].f[k] == fmaxf(a[k], b[k]), "max lane %u", k);
	}
	gseu_thread_free(t);
}

/* input arrives through a send (the recording handler fills the reply) */
static void t_send_kernel(void)
{
	struct gseu_hw_thread *t = it_thread(0xff);

	it_sent.fill = 1000;
	it_ok(t, "mov(8) g4<1>UD g0<8,8,1>UD { NoMask }\n"
		 "send(8) g20<1>UD g4<8,8,1>UD dp_data 0x02200000UD\n"
		 "add(8) g30<1>UD g20<8,8,1>UD g21<8,8,1>UD\n");
	for (unsigned k = 0; k < 8; k++)
		CHECK_EQ(t->grf[30].d[k], (1000 + k) + (1000 + 8 + k));
	gseu_thread_free(t);
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Not a pass/fail criterion: prints the rates as a TAP comment. */
static void t_rate(void)
{
	struct gseu_hw_thread *t = it_thread(0xffff);
	struct gseu_program *p = it_prog(
		"        mov(16) g2<1>D 0D\n"
		"loop:   add(16) g4<1>F g4<8,8,1>F g6<8,8,1>F\n"
		"        mul(16) g8<1>F g4<8,8,1>F g6<8,8,1>F\n"
		"        add(16) g2<1>D g2<8,8,1>D 1D\n"
		"        cmp.l.f0.0(16) null<1>D g2<8,8,1>D 20000D\n"
		"        (+f0.0) while(16) JIP: loop\n"
		"        send(8) null<1>UD g127<8,8,1>UD ts 0x02000010UD { NoMask EOT }\n");
	static float x[16], y[16], z[16];
	volatile float sink;
	double t0, ti, tn;
	uint64_t ops;

	for (unsigned k = 0; k < 16; k++)
		t->grf[6 + k / 8].f[k % 8] = y[k] = 1e-3f * k;
	t0 = now();
	CHECK_EQ(gseu_thread_run(t, p, 1u << 30), GSEU_RUN_EOT);
	ti = now() - t0;
	ops = 20000ull * 5 * 16;
	t0 = now();
	for (int it = 0; it < 20000; it++)
		for (unsigned k = 0; k < 16; k++) {
			x[k] += y[k];
			z[k] = x[k] * y[k];
		}
	tn = now() - t0;
	sink = z[3] + x[5];
	(void)sink;
	printf("# interp: %.1f M channel-ops/s (%llu insns in %.3f s); native loop: %.1f M/s\n",
	       ops / ti / 1e6, (unsigned long long)t->retired, ti,
	       20000.0 * 16 * 5 / (tn > 0 ? tn : 1e-9) / 1e6);
	CHECK(t->grf[4].f[1] > 0.0f);
	gseu_program_free(p);
	gseu_thread_free(t);
}

int main(void)
{
	tap_run("SIMD16 vector add/mul/mad vs C", t_vadd);
	tap_run("the same kernel compacted", t_vadd_compact);
	tap_run("divergent counted loop vs C", t_loop_kernel);
	tap_run("min/max by cmpn + sel vs fminf/fmaxf (#9)", t_minmax);
	tap_run("input through a send", t_send_kernel);
	tap_run("channel-operation rate (report only)", t_rate);
	return tap_done();
}
