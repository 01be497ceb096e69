// SPDX-License-Identifier: MIT
/*
 * EU array throughput (hw-spec-compute "Performance"): an ALU-bound SIMD16
 * float kernel (a loop of 8 dependent mul/add/mad-like operations on 16
 * channels) dispatched as many threads through gs_eu_dispatch(), measured
 * in channel-operations per second, beside the same arithmetic as a plain
 * C loop in this process; then the same dispatch on 1, 2, 4 ... workers
 * with the speedup over one.  Prints only; asserts nothing about speed
 * (it does check that the kernel computed what C computed).
 *
 *   bench_eu [iterations [groups]]
 */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "compute_env.h"
#include "tap.h"

#define THREADS_PER_GROUP	4
#define OPS_PER_ITER		8	/* SIMD16 ALU instructions in the loop body */

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/*
 * x = lane * 0.001 + 1, y = 0.5; per iteration:
 *   x = x * 0.999; y = y + x; x = x + 0.0001; y = y * 0.5;
 *   x = x * 1.0003; y = y + x; x = x - y * 0.0001 (mul, add); -> 8 ops
 * The thread stores y.
 */
static void native(unsigned int iters, float *y_out)
{
	for (unsigned int k = 0; k < 16; k++) {
		float x = (float)k * 0.001f + 1.0f, y = 0.5f, t;

		for (unsigned int i = 0; i < iters; i++) {
			x = x * 0.999f;
			y = y + x;
			x = x + 0.0001f;
			y = y * 0.5f;
			x = x * 1.0003f;
			y = y + x;
			t = y * 0.0001f;
			x = x - t;
		}
		y_out[k] = y;
	}
}

static const char *kernel_text(unsigned int iters, unsigned int bti)
{
	static char text[4096];

	snprintf(text, sizeof(text),
		 "mov(8) g10<1>UW 0x76543210V { align1 1Q NoMask }\n"
		 "add(8) g10.8<1>UW g10<8,8,1>UW 8UW { align1 1Q NoMask }\n"
		 "mov(16) g20<1>F g10<8,8,1>UW { align1 1H NoMask }\n"
		 "mul(16) g20<1>F g20<8,8,1>F 0.001F { align1 1H NoMask }\n"
		 "add(16) g20<1>F g20<8,8,1>F 1.0F { align1 1H NoMask }\n"
		 "mov(16) g22<1>F 0.5F { align1 1H NoMask }\n"
		 "mov(1) g50<1>UD 0UD { align1 1N NoMask }\n"
		 "loop: mul(16) g20<1>F g20<8,8,1>F 0.999F { align1 1H }\n"
		 "add(16) g22<1>F g22<8,8,1>F g20<8,8,1>F { align1 1H }\n"
		 "add(16) g20<1>F g20<8,8,1>F 0.0001F { align1 1H }\n"
		 "mul(16) g22<1>F g22<8,8,1>F 0.5F { align1 1H }\n"
		 "mul(16) g20<1>F g20<8,8,1>F 1.0003F { align1 1H }\n"
		 "add(16) g22<1>F g22<8,8,1>F g20<8,8,1>F { align1 1H }\n"
		 "mul(16) g24<1>F g22<8,8,1>F 0.0001F { align1 1H }\n"
		 "add(16) g20<1>F g20<8,8,1>F -g24<8,8,1>F { align1 1H }\n"
		 "add(1) g50<1>UD g50<0,1,0>UD 1UD { align1 1N NoMask }\n"
		 "cmp.l.f0.0(1) null<1>UD g50<0,1,0>UD %uUD { align1 1N NoMask }\n"
		 "(+f0.0) jmpi(1) loop { align1 1N NoMask }\n"
		 "mul(16) g30<1>UD g10<8,8,1>UW 4UW { align1 1H NoMask }\n"
		 "mov(16) g32<1>UD g22<8,8,1>UD { align1 1H NoMask }\n"
		 "send(16) null<1>UD g30<8,8,1>UD dp_data1 0x%08xUD { align1 1H }\n"
		 CSE_EOT, iters, 4u << 25 | 9u << 14 | (1u << 4 | 0xe) << 8 | bti);
	return text;
}

/* One dispatch of @groups x 4 threads; returns seconds, checks the result. */
static double run(unsigned int workers, unsigned int iters, unsigned int groups,
		  const float *want)
{
	struct compute_env e;
	struct gs_eu_dispatch d;
	uint64_t out;
	float got[16];
	double t0, t;

	cse_start(&e, workers);
	out = cse_alloc(&e, 4096);
	cse_desc(&e, &d, cse_kernel(&e, kernel_text(iters, cse_buffer(&e, out, 4096))));
	d.thread_width = THREADS_PER_GROUP;
	d.dim[0] = groups;
	d.max_thread_insns = ~0ull;
	d.timeout_ms = 600000;
	t0 = now();
	cse_ok(&e, &d);
	t = now() - t0;
	cse_read(&e, out, got, sizeof(got));
	if (memcmp(got, want, sizeof(got)))
		printf("# MISMATCH: the kernel's y[0] = %.9g, C's = %.9g\n", got[0], want[0]);
	cse_stop(&e);
	return t;
}

static void body(void);
static unsigned int g_iters = 20000, g_groups = 32;

static int usage(FILE *f, int ret)
{
	fprintf(f, "usage: bench_eu [iterations [groups]]\n"
		   "EU array throughput beside a native C loop; prints only.\n"
		   "  iterations  loop iterations per thread, at least 1 (default 20000)\n"
		   "  groups      thread groups of %u threads, at least 1 (default 32)\n",
		THREADS_PER_GROUP);
	return ret;
}

/* A positive count, all of @s: else 0 (strtoul() would take "--help" as 0). */
static unsigned int count(const char *s)
{
	char *end;
	unsigned long v = strtoul(s, &end, 0);

	return *s && !*end && v && v <= UINT_MAX ? (unsigned int)v : 0;
}

int main(int argc, char **argv)
{
	if (argc > 1 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")))
		return usage(stdout, 0);
	if (argc > 3 || (argc > 1 && !(g_iters = count(argv[1]))) ||
	    (argc > 2 && !(g_groups = count(argv[2]))))
		return usage(stderr, 2);
	tap_run("bench", body);
	return tap_done();
}

static void body(void)
{
	unsigned int threads = g_groups * THREADS_PER_GROUP;
	double chops = (double)threads * g_iters * OPS_PER_ITER * 16, tn, t1 = 0;
	long cores = sysconf(_SC_NPROCESSORS_ONLN);
	unsigned int maxw = cores > 4 ? (unsigned int)cores : 4;
	volatile float sink = 0;
	float want[16];

	printf("# ALU-bound SIMD16 float kernel: %u threads x %u iterations x %u ops x 16 "
	       "channels = %.3g channel-ops\n", threads, g_iters, OPS_PER_ITER, chops);
	tn = now();
	for (unsigned int t = 0; t < threads; t++) {
		native(g_iters, want);
		sink += want[t % 16];
	}
	tn = now() - tn;
	(void)sink;
	printf("# native C loop, 1 host thread:  %8.3f s  %10.3g channel-ops/s\n", tn, chops / tn);
	for (unsigned int w = 1; w <= maxw; w *= 2) {
		double t = run(w, g_iters, g_groups, want);

		if (w == 1)
			t1 = t;
		printf("# EU array, %2u worker%s:         %8.3f s  %10.3g channel-ops/s  "
		       "speedup %.2fx  native/EU %.1fx\n", w, w == 1 ? " " : "s", t, chops / t,
		       t1 / t, (chops / tn) / (chops / t));
	}
	printf("# host cores: %ld\n", cores);
}
