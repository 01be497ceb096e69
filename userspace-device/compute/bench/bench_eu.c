// SPDX-License-Identifier: MIT
/*
 * EU array throughput (hw-spec-compute "Performance", eu-interpreter.rst
 * "Performance").  Each benchmark is a dispatch through gs_eu_dispatch()
 * on 1, 2 and N workers (N: the host's online cores), beside the same
 * computation as plain C in this process; every figure is measured over
 * 7 rounds (-r) with the native C run interleaved (native, 1 worker, 2
 * workers, N workers, native, ...) so that load from other processes
 * hits all of them alike, and printed as median [min - max].  Higher is
 * better for every rate; the ratios are ratios of medians.
 *
 *   alu         an ALU-bound SIMD16 float kernel (a loop of 8 dependent
 *               mul/add operations on 16 channels, and 3 instructions of
 *               loop control, not counted as channel-ops): EU
 *               instructions/s and channel-ops/s against the C loop's
 *               channel-ops/s; the C loop also runs split over 2 (and N)
 *               host threads, to show what the host gives that many
 *               threads at that moment (the workers' yardstick)
 *   -i          the same loop on the interpreter alone, no device
 *   vector_add, saxpy, matmul, prefix_sum_slm, histogram
 *               the kernels of userspace-device/examples/ (thread groups,
 *               barriers, SLM, atomics): EU instructions/s and elements/s
 *               against C's elements/s
 *
 * Prints only; asserts nothing about speed, but checks that every kernel
 * computed what C computed.
 *
 *   bench_eu [-i] [-r rounds] [-e examples-dir] [-k name] [iterations [groups]]
 */
#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "compute_env.h"
#include "gseu/eu.h"
#include "tap.h"

#define THREADS_PER_GROUP	4
#define OPS_PER_ITER		8	/* SIMD16 ALU instructions in the loop body */
#define MAX_ROUNDS		31

static unsigned int g_iters = 20000, g_groups = 32, g_rounds = 7;
static const char *g_examples, *g_only;
static bool g_interp;

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* ------------------------------------------------------------------ */
/* Figures: one value per round, median [min - max].                   */

struct fig {
	double v[MAX_ROUNDS];
	unsigned int n;
};

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static double median(const struct fig *f)
{
	double s[MAX_ROUNDS];

	memcpy(s, f->v, f->n * sizeof(double));
	qsort(s, f->n, sizeof(double), cmp_double);
	return f->n % 2 ? s[f->n / 2] : (s[f->n / 2 - 1] + s[f->n / 2]) / 2;
}

static void fig_print(const char *what, const struct fig *f)
{
	double lo = f->v[0], hi = f->v[0];

	for (unsigned int i = 1; i < f->n; i++) {
		lo = f->v[i] < lo ? f->v[i] : lo;
		hi = f->v[i] > hi ? f->v[i] : hi;
	}
	printf(" %s %9.3g [%.3g - %.3g]", what, median(f), lo, hi);
}

/* ------------------------------------------------------------------ */
/* One benchmark: how to set it up, run C and check the result.        */

struct bench {
	const char *name;
	const char *what;	/* what an element is */
	/* the kernel text (malloc'd) and the dispatch around it */
	char *text;
	unsigned int nbuf;
	uint32_t buf_bytes[3];
	void *init[3];		/* initial contents, or NULL: zero */
	unsigned int out;	/* the buffer checked against C */
	uint32_t curbe[64 * 8 + 8];
	unsigned int cross;	/* cross-thread registers (0 or 1) */
	unsigned int tpg;	/* threads per group */
	unsigned int groups;
	bool barrier;
	uint32_t slm;
	double elements;	/* elements (or channel-ops) per dispatch */
	double chops;		/* channel-ops per dispatch, 0: not counted */
	void (*native)(struct bench *b, void *out);
	/* optional: part @part of @nparts of it, so that C runs on as many
	 * host threads as the EU array has workers: what the host gives two
	 * threads at that moment, beside what the array gets */
	void (*native_part)(struct bench *b, void *out, unsigned int part,
			    unsigned int nparts);
	void *want;		/* C's result (buf_bytes[out] bytes) */
	void *scratch;		/* C's output, each run */
};

/* One dispatch; returns seconds, the instructions retired, checks the output. */
static double run_eu(struct bench *b, unsigned int workers, uint64_t *insns)
{
	struct compute_env e;
	struct gs_eu_dispatch d;
	struct gs_eu_result res;
	uint64_t va[3];
	uint8_t *got;
	double t0, t;

	cse_start(&e, workers);
	for (unsigned int i = 0; i < b->nbuf; i++) {
		va[i] = cse_alloc(&e, b->buf_bytes[i]);
		if (b->init[i])
			cse_write(&e, va[i], b->init[i], b->buf_bytes[i]);
		CHECK_EQ(cse_buffer(&e, va[i], b->buf_bytes[i]), i);
	}
	cse_desc(&e, &d, cse_kernel(&e, b->text));
	d.thread_width = b->tpg;
	d.dim[0] = b->groups;
	d.curbe = b->curbe;
	d.curbe_size = (b->cross + b->tpg) * 32;
	d.cross_thread_length = (uint8_t)b->cross;
	d.curbe_read_length = 1;
	if (b->barrier) {
		d.barrier_enable = true;
		d.threads_in_group = (uint16_t)b->tpg;
	}
	d.slm_size = b->slm;
	d.max_thread_insns = ~0ull;
	d.timeout_ms = 600000;
	t0 = now();
	CHECK_MSG(cse_run(&e, &d, &res) == GS_EU_OK, "%s: %s: %s", b->name,
		  gs_eu_status_name(res.status), res.msg);
	t = now() - t0;
	*insns = res.instructions;
	got = malloc(b->buf_bytes[b->out]);
	CHECK(got);
	cse_read(&e, va[b->out], got, b->buf_bytes[b->out]);
	if (memcmp(got, b->want, b->buf_bytes[b->out]))
		printf("# MISMATCH: %s on %u workers computed other bytes than C\n", b->name,
		       workers);
	free(got);
	cse_stop(&e);
	return t;
}

/* C, repeated until it takes 20 ms; seconds per run. */
static double run_native(struct bench *b)
{
	unsigned int reps = 0;
	double t0 = now(), t;

	do {
		b->native(b, b->scratch);
		reps++;
		t = now() - t0;
	} while (t < 0.02);
	return t / reps;
}

struct part_arg {
	struct bench *b;
	unsigned int part, nparts;
	double reps;
};

static void *part_main(void *arg)
{
	struct part_arg *p = arg;
	double t0 = now();

	do {
		p->b->native_part(p->b, p->b->scratch, p->part, p->nparts);
		p->reps++;
	} while (now() - t0 < 0.02);
	return NULL;
}

/* C on @n host threads, each repeating its part for 20 ms; elements/s. */
static double run_native_par(struct bench *b, unsigned int n)
{
	struct part_arg args[8];
	pthread_t th[8];
	double t0 = now(), rate = 0;

	for (unsigned int i = 0; i < n; i++) {
		args[i] = (struct part_arg){ .b = b, .part = i, .nparts = n };
		CHECK(!pthread_create(&th[i], NULL, part_main, &args[i]));
	}
	for (unsigned int i = 0; i < n; i++)
		pthread_join(th[i], NULL);
	t0 = now() - t0;
	for (unsigned int i = 0; i < n; i++)
		rate += args[i].reps / n;	/* runs of the whole computation */
	return b->elements * rate / t0;
}

static void bench_run(struct bench *b)
{
	if (g_only && strcmp(g_only, b->name)) {
		free(b->text);
		for (unsigned int i = 0; i < b->nbuf; i++)
			free(b->init[i]);
		return;
	}

	long cores = sysconf(_SC_NPROCESSORS_ONLN);
	unsigned int ws[3] = { 1, 2, cores > 2 ? (unsigned int)cores : 0 }, nw = ws[2] ? 3 : 2;
	struct fig nat = { .n = g_rounds }, ips[3], eps[3], cps[3], npar[3];
	uint64_t insns = 0;

	b->want = calloc(1, b->buf_bytes[b->out]);
	b->scratch = calloc(1, b->buf_bytes[b->out]);
	CHECK(b->want && b->scratch);
	b->native(b, b->want);
	for (unsigned int w = 0; w < nw; w++)
		ips[w].n = eps[w].n = cps[w].n = npar[w].n = g_rounds;
	for (unsigned int r = 0; r < g_rounds; r++) {
		nat.v[r] = b->elements / run_native(b);
		for (unsigned int w = 1; w < nw && b->native_part && ws[w] <= 8; w++)
			npar[w].v[r] = run_native_par(b, ws[w]);
		for (unsigned int w = 0; w < nw; w++) {
			double t = run_eu(b, ws[w], &insns);

			ips[w].v[r] = (double)insns / t;
			eps[w].v[r] = b->elements / t;
			cps[w].v[r] = b->chops / t;
		}
	}
	printf("# %s: %u groups x %u threads, %.3g %s, %llu EU instructions per dispatch\n",
	       b->name, b->groups, b->tpg, b->elements, b->what, (unsigned long long)insns);
	printf("#   %-22s", "native C, 1 thread");
	fig_print(b->chops ? "channel-ops/s" : "elements/s", &nat);
	printf("\n");
	for (unsigned int w = 1; w < nw && b->native_part && ws[w] <= 8; w++) {
		printf("#   native C, %u threads   ", ws[w]);
		fig_print(b->chops ? "channel-ops/s" : "elements/s", &npar[w]);
		printf("\n#   %-22s what the host gives %u threads now: %.2fx one\n", "", ws[w],
		       median(&npar[w]) / median(&nat));
	}
	for (unsigned int w = 0; w < nw; w++) {
		printf("#   EU array, %2u worker%s  ", ws[w], ws[w] == 1 ? " " : "s");
		fig_print("EU insns/s", &ips[w]);
		fig_print(b->chops ? "channel-ops/s" : "elements/s", b->chops ? &cps[w] : &eps[w]);
		printf("\n#   %-22s EU/native %.3gx", "", median(b->chops ? &cps[w] : &eps[w]) /
		       median(&nat));
		if (w)
			printf("  speedup over 1 worker %.2fx", median(&ips[w]) / median(&ips[0]));
		printf("\n");
	}
	fflush(stdout);
	free(b->want);
	free(b->scratch);
	free(b->text);
	for (unsigned int i = 0; i < b->nbuf; i++)
		free(b->init[i]);
}

/* ------------------------------------------------------------------ */
/* The ALU-bound kernel.                                               */

/*
 * x = lane * 0.001 + 1, y = 0.5; per iteration:
 *   x = x * 0.999; y = y + x; x = x + 0.0001; y = y * 0.5;
 *   x = x * 1.0003; y = y + x; x = x - y * 0.0001 (mul, add); -> 8 ops
 * Every thread stores its y at its own 64 bytes.
 */
static void alu_native_part(struct bench *b, void *out, unsigned int part,
			    unsigned int nparts)
{
	unsigned int threads = b->groups * b->tpg;
	float *y_out = out;

	for (unsigned int th = part; th < threads; th += nparts)
		for (unsigned int k = 0; k < 16; k++) {
			float x = (float)k * 0.001f + 1.0f, y = 0.5f, t;

			for (unsigned int i = 0; i < g_iters; i++) {
				x = x * 0.999f;
				y = y + x;
				x = x + 0.0001f;
				y = y * 0.5f;
				x = x * 1.0003f;
				y = y + x;
				t = y * 0.0001f;
				x = x - t;
			}
			y_out[th * 16 + k] = y;
		}
}

static void alu_native(struct bench *b, void *out)
{
	alu_native_part(b, out, 0, 1);
}

static void alu_setup(struct bench *b)
{
	char *text = malloc(4096);

	CHECK(text);
	snprintf(text, 4096,
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
		 /* out[(g * W + w) * 16 + lane] = y */
		 "mul(1) g14<1>UD g0.1<0,1,0>UD %uUD { align1 1N NoMask }\n"
		 "add(1) g14<1>UD g14<0,1,0>UD g1<0,1,0>UD { align1 1N NoMask }\n"
		 "shl(1) g14<1>UD g14<0,1,0>UD 6UD { align1 1N NoMask }\n"
		 "mul(16) g30<1>UD g10<8,8,1>UW 4UW { align1 1H NoMask }\n"
		 "add(16) g30<1>UD g30<8,8,1>UD g14<0,1,0>UD { align1 1H NoMask }\n"
		 "mov(16) g32<1>UD g22<8,8,1>UD { align1 1H NoMask }\n"
		 "send(16) null<1>UD g30<8,8,1>UD dp_data1 0x%08xUD { align1 1H }\n"
		 CSE_EOT, g_iters, THREADS_PER_GROUP,
		 4u << 25 | 9u << 14 | (1u << 4 | 0xe) << 8 | 0);
	b->name = "alu";
	b->what = "channel-ops";
	b->text = text;
	b->tpg = THREADS_PER_GROUP;
	b->groups = g_groups;
	b->nbuf = 1;
	b->buf_bytes[0] = g_groups * THREADS_PER_GROUP * 64;
	b->out = 0;
	for (unsigned int t = 0; t < b->tpg; t++)
		b->curbe[8 * t] = t;	/* r1.0: the thread in its group */
	b->chops = b->elements = (double)g_groups * THREADS_PER_GROUP * g_iters * OPS_PER_ITER * 16;
	b->native = alu_native;
	b->native_part = alu_native_part;
}

/*
 * -i: the interpreter alone, one hardware thread on this host thread, no
 * device (the loop above without its store): the figure to take with
 * valgrind --tool=callgrind, which counts instructions whatever the load.
 */
static enum gseu_send_result eot_ok(void *ctx, struct gseu_hw_thread *t,
				    const struct gseu_send_msg *m)
{
	(void)ctx;
	(void)t;
	(void)m;
	return GSEU_SEND_DONE;
}

static void t_interp(void)
{
	static const struct gseu_sfid_table sfids = { .fn = { [GSEU_SFID_TS] = eot_ok } };
	struct bench b = { 0 };
	struct gseu_asm_result res;
	struct gseu_program *p;
	struct gseu_hw_thread *t = gseu_thread_new();
	struct gseu_error err;
	struct fig nat = { .n = g_rounds }, ips = { .n = g_rounds }, cps = { .n = g_rounds };
	char *text, *cut;

	alu_setup(&b);
	b.groups = 1;
	b.tpg = 1;
	b.chops = b.elements = (double)g_iters * OPS_PER_ITER * 16;
	text = b.text;
	cut = strstr(text, "mul(1) g14");
	CHECK(cut && t);
	strcpy(cut, CSE_EOT);
	CHECK_MSG(!gseu_assemble(text, NULL, &res, &err), "%s", err.msg);
	CHECK(!gseu_program_create(res.code, res.size, &p, &err));
	b.want = malloc(64);
	b.scratch = b.want;
	for (unsigned int r = 0; r < g_rounds; r++) {
		double t0;

		unsigned int reps = 0;
		double dt;

		nat.v[r] = b.chops / run_native(&b);
		t0 = now();
		do {	/* as long as the C run: 20 ms */
			t->sfids = &sfids;
			gseu_thread_reset(t, 0xffff);
			CHECK(gseu_thread_run(t, p, ~0ull) == GSEU_RUN_EOT);
			reps++;
			dt = now() - t0;
		} while (dt < 0.02);
		ips.v[r] = (double)t->retired * reps / dt;
		cps.v[r] = b.chops * reps / dt;
	}
	CHECK(!memcmp(t->grf[22].f, b.want, 64));
	printf("# interpreter alone: 1 thread x %u iterations, %llu EU instructions\n", g_iters,
	       (unsigned long long)t->retired);
	printf("#   %-22s", "native C, 1 thread");
	fig_print("channel-ops/s", &nat);
	printf("\n#   %-22s", "gseu_thread_run");
	fig_print("EU insns/s", &ips);
	fig_print("channel-ops/s", &cps);
	printf("\n#   %-22s EU/native %.3gx\n", "", median(&cps) / median(&nat));
	free(b.want);
	free(text);
	gseu_program_free(p);
	gseu_asm_free(&res);
	gseu_thread_free(t);
}

/* ------------------------------------------------------------------ */
/* The examples (userspace-device/examples, their dispatch ABI).       */

static char *example(const char *name)
{
	char path[4096];
	FILE *f;
	char *buf;
	long n;

	snprintf(path, sizeof(path), "%s/%s", g_examples, name);
	f = fopen(path, "r");
	CHECK_MSG(f, "%s: cannot open", path);
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	buf = malloc((size_t)n + 1);
	CHECK(buf && fread(buf, 1, (size_t)n, f) == (size_t)n);
	buf[n] = 0;
	fclose(f);
	return buf;
}

/* r1: the constants; r2 per thread: [index, w, h, d, W, H, D, SIMD] */
static void abi_curbe(struct bench *b, const uint32_t *consts, unsigned int nconst)
{
	memset(b->curbe, 0, sizeof(b->curbe));
	if (nconst)
		memcpy(b->curbe, consts, nconst * 4);
	b->cross = 1;
	for (unsigned int t = 0; t < b->tpg; t++) {
		uint32_t *r = b->curbe + 8 * (1 + t);

		r[0] = t;
		r[1] = t;
		r[4] = b->tpg;
		r[5] = r[6] = 1;
		r[7] = 16;
	}
}

static uint32_t lcg(uint32_t *s)
{
	*s = *s * 1664525u + 1013904223u;
	return *s >> 8;
}

static float *fdata(unsigned int n, uint32_t seed)
{
	float *v = malloc(n * 4);

	CHECK(v);
	for (unsigned int i = 0; i < n; i++)
		v[i] = (float)(lcg(&seed) % 2000) / 64.0f - 15.0f;
	return v;
}

static void vadd_native(struct bench *b, void *out)
{
	const float *x = b->init[0], *y = b->init[1];
	float *c = out;
	unsigned int n = (unsigned int)b->elements;

	for (unsigned int i = 0; i < n; i++)
		c[i] = x[i] + y[i];
}

static void vadd_setup(struct bench *b)
{
	unsigned int n = 1024 * 16 * 16;
	uint32_t consts[1] = { n };

	b->name = "vector_add";
	b->what = "elements";
	b->text = example("vector_add.s");
	b->tpg = 16;
	b->groups = n / (16 * b->tpg);
	b->nbuf = 3;
	for (unsigned int i = 0; i < 3; i++)
		b->buf_bytes[i] = n * 4;
	b->init[0] = fdata(n, 1);
	b->init[1] = fdata(n, 2);
	b->out = 2;
	b->elements = n;
	abi_curbe(b, consts, 1);
	b->native = vadd_native;
}

static void saxpy_native(struct bench *b, void *out)
{
	const float *x = b->init[0], *y0 = b->init[1];
	float *y = out, a;
	unsigned int n = (unsigned int)b->elements;

	memcpy(&a, &b->curbe[1], 4);
	for (unsigned int i = 0; i < n; i++) {
		float p = a * x[i];

		y[i] = p + y0[i];
	}
}

static void saxpy_setup(struct bench *b)
{
	unsigned int n = 1024 * 16 * 16;
	float a = 2.5f;
	uint32_t consts[2] = { n, 0 };

	memcpy(&consts[1], &a, 4);
	b->name = "saxpy";
	b->what = "elements";
	b->text = example("saxpy.s");
	b->tpg = 16;
	b->groups = n / (16 * b->tpg);
	b->nbuf = 2;
	b->buf_bytes[0] = b->buf_bytes[1] = n * 4;
	b->init[0] = fdata(n, 3);
	b->init[1] = fdata(n, 4);
	b->out = 1;
	b->elements = n;
	abi_curbe(b, consts, 2);
	b->native = saxpy_native;
}

#define MM_N 128u

static void matmul_native(struct bench *b, void *out)
{
	const float *A = b->init[0], *B = b->init[1];
	float *C = out;

	for (unsigned int i = 0; i < MM_N; i++)
		for (unsigned int j = 0; j < MM_N; j++) {
			float s = 0.0f;

			for (unsigned int k = 0; k < MM_N; k++) {
				float p = A[i * MM_N + k] * B[k * MM_N + j];

				s = s + p;
			}
			C[i * MM_N + j] = s;
		}
}

static void matmul_setup(struct bench *b)
{
	uint32_t consts[1] = { MM_N };

	b->name = "matmul";
	b->what = "multiply-adds";
	b->text = example("matmul.s");
	b->tpg = MM_N / 16;
	b->groups = MM_N;
	b->nbuf = 3;
	for (unsigned int i = 0; i < 3; i++)
		b->buf_bytes[i] = MM_N * MM_N * 4;
	b->init[0] = fdata(MM_N * MM_N, 5);
	b->init[1] = fdata(MM_N * MM_N, 6);
	b->out = 2;
	b->elements = (double)MM_N * MM_N * MM_N;
	abi_curbe(b, consts, 1);
	b->native = matmul_native;
}

static void prefix_native(struct bench *b, void *out)
{
	const uint32_t *in = b->init[0];
	uint32_t *o = out, group = 16 * b->tpg;

	for (unsigned int g = 0; g < b->groups; g++) {
		uint32_t s = 0;

		for (unsigned int i = 0; i < group; i++) {
			s += in[g * group + i];
			o[g * group + i] = s;
		}
	}
}

static void prefix_setup(struct bench *b)
{
	uint32_t *in, seed = 7;
	unsigned int n;

	b->name = "prefix_sum_slm";
	b->what = "elements";
	b->text = example("prefix_sum_slm.s");
	b->tpg = 4;
	b->groups = 256;
	n = 16 * b->tpg * b->groups;
	b->nbuf = 2;
	b->buf_bytes[0] = b->buf_bytes[1] = n * 4;
	in = malloc(n * 4);
	CHECK(in);
	for (unsigned int i = 0; i < n; i++)
		in[i] = lcg(&seed) & 0xffff;
	b->init[0] = in;
	b->out = 1;
	b->barrier = true;
	b->slm = 4096;
	b->elements = n;
	abi_curbe(b, NULL, 0);
	b->native = prefix_native;
}

static void hist_native(struct bench *b, void *out)
{
	const uint32_t *in = b->init[0];
	uint32_t *bins = out;
	unsigned int n = (unsigned int)b->elements;

	memset(bins, 0, 256);
	for (unsigned int i = 0; i < n; i++)
		bins[in[i] % 64]++;
}

static void hist_setup(struct bench *b)
{
	unsigned int n = 1024 * 16 * 16;
	uint32_t *in, seed = 9, consts[1] = { n };

	b->name = "histogram";
	b->what = "elements";
	b->text = example("histogram.s");
	b->tpg = 16;
	b->groups = n / (16 * b->tpg);
	b->nbuf = 2;
	b->buf_bytes[0] = n * 4;
	b->buf_bytes[1] = 256;
	in = malloc(n * 4);
	CHECK(in);
	for (unsigned int i = 0; i < n; i++)
		in[i] = lcg(&seed);
	b->init[0] = in;
	b->out = 1;
	b->elements = n;
	abi_curbe(b, consts, 1);
	b->native = hist_native;
}

/* ------------------------------------------------------------------ */

static int usage(FILE *f, int ret)
{
	fprintf(f, "usage: bench_eu [-i] [-r rounds] [-e examples-dir] [-k name] [iterations [groups]]\n"
		   "EU array throughput beside native C, median [min - max] of the rounds,\n"
		   "higher is better; prints only.\n"
		   "  -i            the interpreter alone on one thread, no device (for\n"
		   "                valgrind --tool=callgrind)\n"
		   "  -r rounds     rounds per figure, 1..%u (default 7)\n"
		   "  -e dir        userspace-device/examples (default: found from the\n"
		   "                binary or the current directory)\n"
		   "  -k name       run only this benchmark (alu, vector_add, saxpy, matmul,\n"
		   "                prefix_sum_slm, histogram)\n"
		   "  iterations    ALU loop iterations per thread, at least 1 (default 20000)\n"
		   "  groups        ALU thread groups of %u threads, at least 1 (default 32)\n",
		MAX_ROUNDS, THREADS_PER_GROUP);
	return ret;
}

/* A positive count, all of @s: else 0 (strtoul() would take "--help" as 0). */
static unsigned int count(const char *s)
{
	char *end;
	unsigned long v = strtoul(s, &end, 0);

	return *s && !*end && v && v <= UINT_MAX ? (unsigned int)v : 0;
}

/* The examples: -e, else next to the source tree the binary was built in. */
static const char *find_examples(void)
{
	static char path[4096];
	static const char *const rel[] = {
		"/../../../userspace-device/examples",	/* build/<variant>/bin */
		"/../../userspace-device/examples",
	};
	char exe[2048];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);

	if (n > 0) {
		char *slash;

		exe[n] = 0;
		slash = strrchr(exe, '/');
		if (slash)
			*slash = 0;
		for (unsigned int i = 0; i < 2; i++) {
			snprintf(path, sizeof(path), "%s%s/matmul.s", exe, rel[i]);
			if (!access(path, R_OK)) {
				*strrchr(path, '/') = 0;
				return path;
			}
		}
	}
	if (!access("examples/matmul.s", R_OK))
		return "examples";
	if (!access("userspace-device/examples/matmul.s", R_OK))
		return "userspace-device/examples";
	return NULL;
}

static void t_alu(void)
{
	struct bench b = { 0 };

	alu_setup(&b);
	bench_run(&b);
}

static void t_examples(void)
{
	static void (*const setups[])(struct bench *) = {
		vadd_setup, saxpy_setup, matmul_setup, prefix_setup, hist_setup,
	};

	for (unsigned int i = 0; i < sizeof(setups) / sizeof(setups[0]); i++) {
		struct bench b = { 0 };

		setups[i](&b);
		bench_run(&b);
	}
}

int main(int argc, char **argv)
{
	int a = 1;

	if (argc > 1 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")))
		return usage(stdout, 0);
	while (a < argc && argv[a][0] == '-') {
		if (!strcmp(argv[a], "-i")) {
			g_interp = true;
			a++;
			continue;
		}
		if (a + 1 >= argc)
			return usage(stderr, 2);
		if (!strcmp(argv[a], "-r") && count(argv[a + 1]) && count(argv[a + 1]) <= MAX_ROUNDS)
			g_rounds = count(argv[a + 1]);
		else if (!strcmp(argv[a], "-e"))
			g_examples = argv[a + 1];
		else if (!strcmp(argv[a], "-k"))
			g_only = argv[a + 1];
		else
			return usage(stderr, 2);
		a += 2;
	}
	if (argc - a > 2 || (argc > a && !(g_iters = count(argv[a]))) ||
	    (argc > a + 1 && !(g_groups = count(argv[a + 1]))))
		return usage(stderr, 2);
	if (!g_examples)
		g_examples = find_examples();
	printf("# %u rounds per figure, native C interleaved; median [min - max], "
	       "higher is better; host cores: %ld\n", g_rounds, sysconf(_SC_NPROCESSORS_ONLN));
	if (g_interp) {
		tap_run("the interpreter alone (ALU-bound SIMD16 float loop)", t_interp);
		return tap_done();
	}
	tap_run("ALU-bound SIMD16 float kernel", t_alu);
	if (g_examples)
		tap_run("the examples: vector_add saxpy matmul prefix_sum_slm histogram",
			t_examples);
	else
		tap_skip("the examples", "examples/ not found (-e dir)");
	return tap_done();
}
