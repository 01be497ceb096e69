// SPDX-License-Identifier: MIT
/*
 * Compute kernels through the render command streamer (hw-spec-compute
 * "GPGPU commands"): each test assembles a kernel from text (vector add,
 * matmul, prefix sum and histogram are the examples/ kernels gensim-run
 * ships and the IGT compute test runs through the driver), lays the job
 * out with libgensim's gsim_dispatch_build(), as gensim-run does
 * (PIPELINE_SELECT, STATE_BASE_ADDRESS, MEDIA_VFE_STATE, MEDIA_CURBE_LOAD,
 * MEDIA_INTERFACE_DESCRIPTOR_LOAD,
 * GPGPU_WALKER, MEDIA_STATE_FLUSH, PIPE_CONTROL) in a PPGTT, runs the
 * batch in a render context through ELSP, and checks the buffers against
 * the same computation in C: vector add, saxpy at SIMD8, a 32x32 matrix
 * multiply, a prefix sum through SLM with a barrier, a histogram with
 * atomics; and the walker's group order, start, masks and 2D groups
 * through the lanes that wrote.  The results must not depend on the
 * number of EU workers.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpgpu_env.h"
#include "tap.h"

#define MANY_WORKERS	3

/* Run @text as @job on @workers workers; copy buffer @out_bti's bytes to @out. */
static void run_job(struct gsim_dispatch *job, const char *text, unsigned int workers,
		    unsigned int out_bti, void *out)
{
	struct eng_env env;
	struct gseu_asm_result res;
	struct gsim_dispatch_layout b;
	uint64_t before;

	gp_start(&env, workers);
	gp_job_kernel(job, text, &res);
	gp_build(&env, job, &b);
	before = gp_retired(&env);
	gp_run(&env, b.batch_va, 0x10);
	CHECK(gsim_dispatch_done(&b));
	/* The progress register counts what the array retired for this job. */
	CHECK(gp_retired(&env) > before);
	for (unsigned int i = 0; i < job->nbuf; i++)
		if (job->buf[i].bti == out_bti)
			memcpy(out, job->buf[i].cpu, job->buf[i].size);
	gseu_asm_free(&res);
	ee_stop(&env);
}

/* @job on 1 and on MANY_WORKERS workers: the same bytes, returned in @out. */
static void run_both(struct gsim_dispatch *job, const char *text, unsigned int out_bti, void *out,
		     size_t bytes)
{
	void *other = malloc(bytes);

	CHECK(other);
	run_job(job, text, 1, out_bti, out);
	run_job(job, text, MANY_WORKERS, out_bti, other);
	CHECK(!memcmp(out, other, bytes));
	free(other);
}

static void add_buffer(struct gsim_dispatch *job, unsigned int bti, uint64_t size, const void *init)
{
	CHECK(!gsim_dispatch_add_buffer(job, bti, size, init, NULL));
}

static float frand(unsigned int i, unsigned int seed)
{
	return (float)((i * seed + 7) % 1013) * 0.37f - 150.0f;
}

static void t_vector_add(void)
{
	enum { N = 227 };	/* not a multiple of the 16 x 3 lanes of a group */
	static float a[N], b[N], c[256];
	struct gsim_dispatch job = { .simd = 16, .groups = { 5, 1, 1 },
				     .group_size = { 3, 1, 1 }, .curbe = { N }, .ncurbe = 1 };
	char *text = gp_example("vector_add.s");

	for (unsigned int i = 0; i < N; i++) {
		a[i] = frand(i, 31);
		b[i] = frand(i, 57);
	}
	add_buffer(&job, 0, sizeof(a), a);
	add_buffer(&job, 1, sizeof(b), b);
	add_buffer(&job, 2, sizeof(c), NULL);
	run_both(&job, text, 2, c, sizeof(c));
	for (unsigned int i = 0; i < 256; i++)
		CHECK_MSG(i < N ? c[i] == a[i] + b[i] : c[i] == 0.0f, "c[%u] = %g", i, c[i]);
	free(text);
}

/* SIMD8: i = (group * W + w) * 8 + lane; y = a * x + y in place. */
static void t_saxpy_simd8(void)
{
	enum { N = 300 };
	static float x[N], y[N], out[N];
	const float alpha = -1.75f;
	struct gsim_dispatch job = { .simd = 8, .groups = { 10, 1, 1 },
				     .group_size = { 4, 1, 1 }, .curbe = { N }, .ncurbe = 2 };
	char text[4096];

	memcpy(&job.curbe[1], &alpha, 4);
	for (unsigned int i = 0; i < N; i++) {
		x[i] = frand(i, 13);
		y[i] = frand(i, 101);
	}
	add_buffer(&job, 0, sizeof(x), x);
	add_buffer(&job, 1, sizeof(y), y);
	snprintf(text, sizeof(text),
		 "mov(8) g10<1>UW 0x76543210V { align1 1Q NoMask }\n"
		 "mov(8) g12<1>UD g10<8,8,1>UW { align1 1Q NoMask }\n"
		 "mul(1) g14<1>UD g0.1<0,1,0>UD g2.4<0,1,0>UD { align1 1N NoMask }\n"
		 "add(1) g14<1>UD g14<0,1,0>UD g2.1<0,1,0>UD { align1 1N NoMask }\n"
		 "shl(1) g14<1>UD g14<0,1,0>UD 3UD { align1 1N NoMask }\n"
		 "add(8) g16<1>UD g12<8,8,1>UD g14<0,1,0>UD { align1 1Q NoMask }\n"
		 "cmp.l.f0.0(8) null<1>UD g16<8,8,1>UD g1<0,1,0>UD { align1 1Q }\n"
		 "shl(8) g18<1>UD g16<8,8,1>UD 2UD { align1 1Q NoMask }\n"
		 "(+f0.0) send(8) g20<1>UD g18<8,8,1>UD dp_data1 0x%08xUD { align1 1Q }\n"
		 "(+f0.0) send(8) g22<1>UD g18<8,8,1>UD dp_data1 0x%08xUD { align1 1Q }\n"
		 "mul(8) g24<1>F g20<8,8,1>F g1.1<0,1,0>F { align1 1Q }\n"
		 "add(8) g26<1>F g24<8,8,1>F g22<8,8,1>F { align1 1Q }\n"
		 "mov(8) g30<1>UD g18<8,8,1>UD { align1 1Q NoMask }\n"
		 "mov(8) g31<1>UD g26<8,8,1>UD { align1 1Q NoMask }\n"
		 "(+f0.0) send(8) null<1>UD g30<8,8,1>UD dp_data1 0x%08xUD { align1 1Q }\n"
		 GP_EOT, DP_READ8(0), DP_READ8(1), DP_WRITE8(1));
	run_both(&job, text, 1, out, sizeof(out));
	for (unsigned int i = 0; i < N; i++) {
		volatile float p = alpha * x[i];	/* two roundings: mul, then add */

		CHECK_MSG(out[i] == p + y[i], "y[%u] = %g, want %g", i, out[i], p + y[i]);
	}
}

/*
 * C = A x B, 32x32 floats.  Group i computes row i with 2 threads of 16
 * columns each (w = r2.1); a jmpi loop over k: a broadcast read of
 * A[i][k], a vector read of B[k][j..j+15], mul, add.
 */
#define MN 32

static void t_matrix_multiply(void)
{
	static float a[MN * MN], b[MN * MN], c[MN * MN];
	struct gsim_dispatch job = { .simd = 16, .groups = { MN, 1, 1 },
				     .group_size = { 2, 1, 1 }, .curbe = { MN }, .ncurbe = 1 };
	char *text = gp_example("matmul.s");

	for (unsigned int i = 0; i < MN; i++)
		for (unsigned int k = 0; k < MN; k++) {
			a[i * MN + k] = (float)((int)((i * 7 + k * 3) % 17) - 8) * 0.25f;
			b[i * MN + k] = (float)((int)((i * 5 + k * 11) % 13) - 6) * 0.5f + 0.1f;
		}
	add_buffer(&job, 0, sizeof(a), a);
	add_buffer(&job, 1, sizeof(b), b);
	add_buffer(&job, 2, sizeof(c), NULL);
	run_both(&job, text, 2, c, sizeof(c));
	for (unsigned int i = 0; i < MN; i++)
		for (unsigned int j = 0; j < MN; j++) {
			float acc = 0.0f;

			for (unsigned int k = 0; k < MN; k++) {
				volatile float p = a[i * MN + k] * b[k * MN + j];

				acc = acc + p;
			}
			CHECK_MSG(c[i * MN + j] == acc, "C[%u][%u] = %g, want %g", i, j,
				  c[i * MN + j], acc);
		}
	free(text);
}

/*
 * An inclusive prefix sum within each group of W = 4 SIMD16 threads (64
 * elements): every thread stores its values in SLM, waits on the group's
 * barrier, then each lane adds the SLM entries up to its own.
 */
static void t_prefix_sum_slm(void)
{
	enum { W = 4, GROUPS = 6, N = W * 16 * GROUPS };
	static uint32_t in[N], out[N];
	struct gsim_dispatch job = { .simd = 16, .groups = { GROUPS, 1, 1 },
				     .group_size = { W, 1, 1 }, .slm = W * 16 * 4,
				     .barrier = true };
	char *text = gp_example("prefix_sum_slm.s");

	for (unsigned int i = 0; i < N; i++)
		in[i] = (i * 2654435761u) >> 20;
	add_buffer(&job, 0, sizeof(in), in);
	add_buffer(&job, 1, sizeof(out), NULL);
	run_both(&job, text, 1, out, sizeof(out));
	for (unsigned int g = 0; g < GROUPS; g++) {
		uint32_t sum = 0;

		for (unsigned int k = 0; k < W * 16; k++) {
			unsigned int i = g * W * 16 + k;

			sum += in[i];
			CHECK_MSG(out[i] == sum, "out[%u] = %u, want %u", i, out[i], sum);
		}
	}
	free(text);
}

/* A histogram of 4096 values into 64 bins with untyped atomic increments. */
static void t_histogram_atomics(void)
{
	enum { VALUES = 4096, BINS = 64 };
	static uint32_t in[VALUES], bins[BINS];
	uint32_t want[BINS] = { 0 };
	struct gsim_dispatch job = { .simd = 16, .groups = { 16, 1, 1 },
				     .group_size = { 16, 1, 1 }, .curbe = { VALUES }, .ncurbe = 1 };
	char *text = gp_example("histogram.s");

	for (unsigned int i = 0; i < VALUES; i++) {
		in[i] = (i * 2654435761u) >> 7;
		want[in[i] % BINS]++;
	}
	add_buffer(&job, 0, sizeof(in), in);
	add_buffer(&job, 1, sizeof(bins), NULL);
	run_both(&job, text, 1, bins, sizeof(bins));
	for (unsigned int k = 0; k < BINS; k++)
		CHECK_MSG(bins[k] == want[k], "bin %u = %u, want %u", k, bins[k], want[k]);
	free(text);
}

/*
 * The walker through its dwords: groups (3, 2, 1) from start X 1, 2x2
 * threads a group (width and height counters), SIMD8, right mask 0x0f and
 * bottom mask 0x3c.  Every enabled lane of thread t of group (x, y)
 * writes lane + 1 at ((y * 3 + x) * 4 + t) * 8 + lane: group (0, 0) never
 * runs (the start X applies to the first row only), and the masks show
 * exactly in the lanes that wrote.
 */
static void t_walker_masks_and_groups(void)
{
	enum { DX = 3, DY = 2, T = 4, SLOTS = DX * DY * T * 8 };
	static uint32_t out[SLOTS];
	struct gsim_dispatch job = { .simd = 8, .groups = { DX, DY, 1 },
				     .group_size = { 2, 2, 1 }, .curbe = { DX }, .ncurbe = 1 };
	const uint32_t right = 0x0f, bottom = 0x3c;
	struct eng_env env;
	struct gseu_asm_result res;
	struct gsim_dispatch_layout b;
	uint32_t *w = NULL;
	char text[4096];

	add_buffer(&job, 0, sizeof(out), NULL);
	snprintf(text, sizeof(text),
		 "mov(8) g10<1>UW 0x76543210V { align1 1Q NoMask }\n"
		 "mov(8) g12<1>UD g10<8,8,1>UW { align1 1Q NoMask }\n"
		 "mul(1) g14<1>UD g0.6<0,1,0>UD g1<0,1,0>UD { align1 1N NoMask }\n"
		 "add(1) g14<1>UD g14<0,1,0>UD g0.1<0,1,0>UD { align1 1N NoMask }\n"
		 "shl(1) g14<1>UD g14<0,1,0>UD 2UD { align1 1N NoMask }\n"
		 "add(1) g14<1>UD g14<0,1,0>UD g2<0,1,0>UD { align1 1N NoMask }\n"
		 "shl(1) g14<1>UD g14<0,1,0>UD 3UD { align1 1N NoMask }\n"
		 "add(8) g16<1>UD g12<8,8,1>UD g14<0,1,0>UD { align1 1Q NoMask }\n"
		 "shl(8) g30<1>UD g16<8,8,1>UD 2UD { align1 1Q NoMask }\n"
		 "add(8) g31<1>UD g12<8,8,1>UD 1UD { align1 1Q NoMask }\n"
		 "send(8) null<1>UD g30<8,8,1>UD dp_data1 0x%08xUD { align1 1Q }\n"
		 GP_EOT, DP_WRITE8(0));
	gp_start(&env, 2);
	gp_job_kernel(&job, text, &res);
	gp_build(&env, &job, &b);
	/* Patch the walker's Starting X and masks (DW5, DW13, DW14). */
	for (unsigned int i = 0; i < b.batch_dwords && !w; i++)
		if (b.batch[i] == GPGPU_WALKER)
			w = &b.batch[i];
	CHECK(w);
	w[5] = 1;
	w[13] = right;
	w[14] = bottom;
	gp_run(&env, b.batch_va, 0x20);
	memcpy(out, job.buf[0].cpu, sizeof(out));
	for (unsigned int y = 0; y < DY; y++)
		for (unsigned int x = 0; x < DX; x++)
			for (unsigned int t = 0; t < T; t++) {
				bool ran = !(x == 0 && y == 0);
				uint32_t mask = 0xff;

				if (t % 2 == 1)
					mask &= right;
				if (t / 2 == 1)
					mask &= bottom;
				for (unsigned int l = 0; l < 8; l++) {
					uint32_t got = out[((y * DX + x) * T + t) * 8 + l];
					uint32_t want = ran && (mask >> l & 1) ? l + 1 : 0;

					CHECK_MSG(got == want, "group (%u,%u) thread %u lane %u: %u, "
						  "want %u", x, y, t, l, got, want);
				}
			}
	gseu_asm_free(&res);
	ee_stop(&env);
}

int main(void)
{
	tap_run("vector add with a bounds check, 1 vs 3 workers", t_vector_add);
	tap_run("saxpy at SIMD8, in place", t_saxpy_simd8);
	tap_run("32x32 matrix multiply with a loop", t_matrix_multiply);
	tap_run("prefix sum through SLM and a barrier", t_prefix_sum_slm);
	tap_run("histogram with untyped atomics", t_histogram_atomics);
	tap_run("walker: groups, start X, 2D groups, right and bottom masks",
		t_walker_masks_and_groups);
	return tap_done();
}
