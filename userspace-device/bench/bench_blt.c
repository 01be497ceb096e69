// SPDX-License-Identifier: MIT
/*
 * bench_blt: blitter bandwidth over the loopback transport (hw-spec-blitter
 * "Fast paths"), beside the C library doing the same work on the same
 * buffers in the same process.
 *
 * XY_SRC_COPY_BLT and XY_COLOR_BLT of a 4096x4096 32 bpp surface (64 MiB)
 * in a context's PPGTT, submitted and waited for like the tests' driver
 * does (tests/engine_env.c), against memcpy() / memset() of the same 64
 * MiB of the DMA window.  Surfaces are linear with their pages contiguous
 * in the window, linear with their pages scattered (as a driver's shmem
 * pages are), X-tiled and Y-tiled.  Every figure is measured ROUNDS times,
 * the blit and its baseline interleaved (alternating which goes first), and
 * printed as the median with the min-max range; ratios are of medians.
 * The reference path (every span through the per-pixel code) is measured
 * for a few cases too, with fewer rounds.  Every thread runs on one CPU,
 * the idlest (bench_util.c says why; GENSIM_BENCH_NO_PIN=1: not).  Asserts
 * nothing about speed; it does check every blit's result once.
 *
 *   bench_blt [rounds [filter]]   (filter: run only the cases whose name has it)
 *   bench_blt --blits n [filter]  (for a profiler: n blits of each case, nothing else)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench_util.h"
#include "blt/blt.h"
#include "engine_env.h"
#include "tap.h"

#define W		4096u
#define H		4096u
#define CPP		4u
#define PITCH		(W * CPP)
#define SIZE		((size_t)PITCH * H)
#define PAGES		(unsigned int)(SIZE / PG)
#define MAX_ROUNDS	31
#define REF_ROUNDS	5
#define MIN_SAMPLE_S	0.02	/* a sample repeats its operation until this long */

#define BLT(op, len)	(2u << 29 | (uint32_t)(op) << 22 | ((len) - 2))
#define OP_XY_COLOR	0x50
#define OP_XY_SRC_COPY	0x53
#define W_ARGB		(3u << 20)
#define SRC_TILED	(1u << 15)
#define DST_TILED	(1u << 11)
#define BR13(rop, pitch) (3u << 24 | (uint32_t)(rop) << 16 | ((pitch) & 0xffff))
#define SWCTRL		0x22200

enum { LIN, TX, TY };

struct surf {
	uint64_t va;		/* PPGTT */
	uint64_t dma;		/* first window page of its pool */
	uint8_t *cpu;		/* the pool, PAGES pages */
	unsigned int *perm;	/* VA page i is pool page perm[i] */
	int tiling;
};

static struct eng_env env;
static uint32_t next_id = 0x100;
static unsigned int rounds = 7;
static const char *filter;
static unsigned int profile_blits;	/* --blits: only this many blits of each case */
static int pinned_cpu = -1;

static uint64_t rng = 0x9e3779b97f4a7c15ull;

static uint32_t rnd(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (uint32_t)(rng >> 16);
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/*
 * PAGES window pages, contiguous, mapped at a fresh PPGTT range in order or
 * shuffled.  The data pages come first so the page tables land after them.
 */
static struct surf surface(int tiling, bool scattered)
{
	struct surf s = { .tiling = tiling, .va = env.ppgtt_next };

	s.perm = malloc(PAGES * sizeof(*s.perm));
	CHECK(s.perm);
	s.dma = env_page(&env.g);
	for (unsigned int i = 1; i < PAGES; i++)
		CHECK_EQ(env_page(&env.g), s.dma + (uint64_t)i * PG);
	for (unsigned int i = 0; i < PAGES; i++)
		s.perm[i] = i;
	for (unsigned int i = PAGES - 1; scattered && i > 0; i--) {
		unsigned int j = rnd() % (i + 1), t = s.perm[i];

		s.perm[i] = s.perm[j];
		s.perm[j] = t;
	}
	for (unsigned int i = 0; i < PAGES; i++)
		ppgtt_set(&env.g, env.pml4, s.va + i * PG, 12,
			  (s.dma + (uint64_t)s.perm[i] * PG) | PDE_FLAGS);
	env.ppgtt_next += (PAGES + 16) * PG;
	s.cpu = gs_loop_dma(env.g.loop, s.dma);
	return s;
}

static uint32_t pitch_field(const struct surf *s)
{
	return s->tiling == LIN ? PITCH : PITCH / 4;
}

/*
 * Acknowledge every GT interrupt, keeping any message that arrives
 * meanwhile (ee_ack_irqs() drops it: an event latched just after the
 * acknowledgement would then wait behind its IIR bit with no new message).
 */
static void ack_irqs(void)
{
	for (int b = 0; b < GEN8_GT_NR_BANKS; b++)
		ee_write(&env, GEN8_GT_IIR(b), ~0u);
	CHECK_EQ(gs_loop_flush(env.g.loop, WAIT_MS), 0);
}

/*
 * Run one blit of @w x @h pixels in a new context; seconds from submission
 * to its completion.
 */
static double blit_wh(const struct surf *d, const struct surf *s, uint32_t color, uint32_t w,
		      uint32_t h)
{
	struct ee_buf bb = ee_buf_ppgtt(&env, 1);
	struct eng_ctx *ctx = ee_ctx(&env, GS_BCS, 1, next_id++);
	uint32_t swctrl = 3u << 16 | (s && s->tiling == TY ? 1u : 0) | (d->tiling == TY ? 2u : 0);
	uint32_t dt = d->tiling == LIN ? 0 : DST_TILED, st[2], id[2];
	uint32_t *hwsp = env.e[GS_BCS].hwsp_cpu;
	unsigned int head = env.e[GS_BCS].csb_head;
	double t;

	BEMIT(&bb, LRI1(SWCTRL, swctrl), MI_FLUSH_DW, 0, 0, 0);
	if (s)
		BEMIT(&bb, BLT(OP_XY_SRC_COPY, 10) | W_ARGB | dt | (s->tiling == LIN ? 0 : SRC_TILED),
		      BR13(0xcc, pitch_field(d)), 0, h << 16 | w, LO(d->va), HI(d->va), 0,
		      pitch_field(s), LO(s->va), HI(s->va));
	else
		BEMIT(&bb, BLT(OP_XY_COLOR, 7) | W_ARGB | dt, BR13(0xf0, pitch_field(d)), 0,
		      h << 16 | w, LO(d->va), HI(d->va), color);
	BEMIT(&bb, MI_BATCH_BUFFER_END, MI_NOOP);
	EMIT(ctx, BB_START_PPGTT(bb.addr));
	/*
	 * IIR holds an event and queues one more behind it (channel/irq.c):
	 * clear twice, then forget the messages, so that this blit's
	 * interrupts are new edges.
	 */
	ack_irqs();
	ack_irqs();
	gs_loop_wait_msgs(env.g.loop, GENSIM_MSG_IRQ, 0);
	t = now();
	ee_submit(&env, ctx, NULL);
	/*
	 * Sleep until the context-switch interrupt of the completion (the
	 * second CSB entry), as a driver does.  Not ee_csb(): it looks every
	 * 200 us, a lot beside a few milliseconds; and not a polling loop,
	 * which on a 2-core machine slows the engine thread it waits for.
	 */
	while ((rd32(&hwsp[HWSP_CSB_WRITE_PTR]) & 7) != (head + 2) % GEN8_CSB_ENTRIES) {
		gs_loop_wait_msgs(env.g.loop, GENSIM_MSG_IRQ, WAIT_MS);
		ack_irqs();
	}
	t = now() - t;
	CHECK_EQ(ee_csb(&env, GS_BCS, 2, st, id, WAIT_MS), 2);
	CHECK_EQ(st[1], CSB_ACTIVE_TO_IDLE | CSB_CONTEXT_COMPLETE);
	CHECK_EQ(ee_read(&env, RING_EIR(ee_base(GS_BCS))), 0);
	ee_sync(&env);
	ee_ctx_free(ctx);
	return t;
}

static double blit(const struct surf *d, const struct surf *s, uint32_t color)
{
	return blit_wh(d, s, color, W, H);
}

/* The pools hold the same bytes at the same VA pages (the layouts match). */
static void check_copy(const struct surf *d, const struct surf *s)
{
	for (unsigned int i = 0; i < PAGES; i++)
		CHECK_MSG(!memcmp(d->cpu + (size_t)d->perm[i] * PG, s->cpu + (size_t)s->perm[i] * PG,
				  PG), "copy: page %u differs", i);
}

static void check_fill(const struct surf *d, uint32_t color)
{
	for (size_t i = 0; i < SIZE / 4; i++)
		if (rd32(d->cpu + 4 * i) != color)
			CHECK_MSG(false, "fill: dword %zu is %#x, not %#x", i, rd32(d->cpu + 4 * i),
				  color);
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

struct fig {
	double med, min, max;	/* MB/s */
};

static struct fig figure(double *mbs, unsigned int n)
{
	qsort(mbs, n, sizeof(*mbs), cmp_double);
	return (struct fig){ .med = n % 2 ? mbs[n / 2] : (mbs[n / 2 - 1] + mbs[n / 2]) / 2,
			     .min = mbs[0], .max = mbs[n - 1] };
}

static void print_line(const char *what, struct fig b, const char *base_name, struct fig base)
{
	printf("  %-38s %6.0f MB/s [%6.0f-%6.0f]  %-6s %6.0f MB/s [%6.0f-%6.0f]  ratio %.3f "
	       "(higher is better)\n", what, b.med, b.min, b.max, base_name, base.med, base.min,
	       base.max, b.med / base.med);
}

/*
 * @n rounds of the blit (a copy from @s, or a fill of @color) and of its
 * baseline, interleaved; the figures of each.  Each sample repeats its
 * operation until it lasted MIN_SAMPLE_S: a 64 MiB memset() takes 1.5 ms
 * and a Y-tiled blit 100 times that, and on a busy machine the short one
 * could fit between two preemptions while the long one pays for them;
 * samples of the same length share the CPU alike.
 */
static void measure(const struct surf *d, const struct surf *s, uint32_t color, unsigned int n,
		    struct fig *fb, struct fig *fbase)
{
	double mb = SIZE / 1e6, tb[MAX_ROUNDS], tbase[MAX_ROUNDS];

	for (unsigned int r = 0; r < n; r++) {
		for (int half = 0; half < 2; half++) {
			unsigned int k = 0;
			double t = 0;

			if ((half == 0) == (r % 2 == 0)) {
				do {
					double t0 = now();

					if (s)
						memcpy(d->cpu, s->cpu, SIZE);
					else
						memset(d->cpu, color & 0xff, SIZE);
					t += now() - t0;
					k++;
				} while (t < MIN_SAMPLE_S);
				tbase[r] = mb * k / t;
			} else {
				do {
					t += blit(d, s, color);
					k++;
				} while (t < MIN_SAMPLE_S);
				tb[r] = mb * k / t;
			}
		}
	}
	*fb = figure(tb, n);
	*fbase = figure(tbase, n);
}

static void bench(const char *what, const struct surf *d, const struct surf *s, uint32_t color,
		  bool reference)
{
	struct fig fb, fbase;

	if (filter && !strstr(what, filter))
		return;
	/* Warm up (and check): one blit, its result, before anything is timed. */
	memset(d->cpu, 0, SIZE);
	blit(d, s, color);
	if (s)
		check_copy(d, s);
	else
		check_fill(d, color);
	if (profile_blits) {
		/* Only the blits, so that a profile of the process is theirs (and the setup's). */
		double t = 0;

		for (unsigned int i = 0; i < profile_blits; i++)
			t += blit(d, s, color);
		printf("  %-38s %6.0f MB/s, the mean of %u blits (no baseline)\n", what,
		       SIZE / 1e6 * profile_blits / t, profile_blits);
		return;
	}
	measure(d, s, color, rounds, &fb, &fbase);
	print_line(what, fb, s ? "memcpy" : "memset", fbase);
	if (reference) {
		char line[96];

		atomic_store(&gs_blt_reference_only, true);
		measure(d, s, color, REF_ROUNDS, &fb, &fbase);
		atomic_store(&gs_blt_reference_only, false);
		snprintf(line, sizeof(line), "  the same, reference path (%u rounds)", REF_ROUNDS);
		print_line(line, fb, s ? "memcpy" : "memset", fbase);
	}
}

static void body(void)
{
	struct surf src, dst, ssrc, sdst, xsrc, xdst, ysrc, ydst;
	struct bench_load load;

	ee_start(&env, NULL);
	ee_engine_init(&env, GS_BCS);
	src = surface(LIN, false);
	dst = surface(LIN, false);
	ssrc = surface(LIN, true);
	sdst = surface(LIN, true);
	xsrc = surface(TX, false);
	xdst = surface(TX, false);
	ysrc = surface(TY, false);
	ydst = surface(TY, false);
	for (size_t i = 0; i < SIZE / 4; i++) {
		uint32_t v = rnd();

		wr32(src.cpu + 4 * i, v);
		wr32(ssrc.cpu + 4 * i, v);
		wr32(xsrc.cpu + 4 * i, v);
		wr32(ysrc.cpu + 4 * i, v);
	}

	bench_load_start(&load);
	if (pinned_cpu >= 0)
		printf("bench_blt: every thread on CPU %d (the idlest; GENSIM_BENCH_NO_PIN=1: not)\n",
		       pinned_cpu);
	printf("bench_blt: loopback, %ux%u 32 bpp surfaces (%zu MiB) in a PPGTT, %u rounds\n", W,
	       H, SIZE >> 20, rounds);
	printf("  every figure: median MB/s [min-max] over the rounds, higher is better;\n"
	       "  the baseline (memcpy/memset of the same 64 MiB of the same window buffers) is\n"
	       "  measured interleaved with the blit in this process; ratio = blit median /\n"
	       "  baseline median, higher is better, 1.00 is as fast as the C library\n");
	if (!profile_blits) {
		double us[MAX_ROUNDS];
		struct fig f;

		/* A sample is the mean of as many blits as fill MIN_SAMPLE_S, not one. */
		blit_wh(&dst, &src, 0, 1, 1);
		for (unsigned int r = 0; r < rounds; r++) {
			unsigned int k = 0;
			double t = 0;

			do {
				t += blit_wh(&dst, &src, 0, 1, 1);
				k++;
			} while (t < MIN_SAMPLE_S);
			us[r] = t / k * 1e6;
		}
		f = figure(us, rounds);
		printf("  %-38s %6.0f us   [%6.0f-%6.0f]  (part of every blit above: lower is "
		       "better)\n", "submission to completion, 1x1 blit", f.med, f.min, f.max);
	}
	bench("XY_SRC_COPY_BLT linear, pages in order", &dst, &src, 0, true);
	bench("XY_SRC_COPY_BLT linear, pages scattered", &sdst, &ssrc, 0, false);
	bench("XY_SRC_COPY_BLT X-tiled -> X-tiled", &xdst, &xsrc, 0, false);
	bench("XY_SRC_COPY_BLT Y-tiled -> Y-tiled", &ydst, &ysrc, 0, true);
	bench("XY_COLOR_BLT linear, pages in order", &dst, NULL, 0x5a5a5a5a, true);
	bench("XY_COLOR_BLT linear, 0x12345678", &dst, NULL, 0x12345678, false);
	bench("XY_COLOR_BLT linear, pages scattered", &sdst, NULL, 0x5a5a5a5a, false);
	bench("XY_COLOR_BLT X-tiled", &xdst, NULL, 0x5a5a5a5a, false);
	bench("XY_COLOR_BLT Y-tiled", &ydst, NULL, 0x5a5a5a5a, true);
	ee_stop(&env);
	bench_load_report("bench_blt", &load);
}

static int usage(FILE *f, int ret)
{
	fprintf(f, "usage: bench_blt [rounds [filter]]\n"
		   "       bench_blt --blits n [filter]\n"
		   "Blit bandwidth over the loopback beside memcpy/memset; prints only.\n"
		   "  rounds  1..%d, default 7\n"
		   "  filter  run only the cases whose name contains it\n"
		   "  --blits n  only n blits of each case (1..100000), no baseline, no\n"
		   "             reference path: a run for a profiler\n", MAX_ROUNDS);
	return ret;
}

int main(int argc, char **argv)
{
	if (argc > 4 || (argc == 4 && strcmp(argv[1], "--blits")))
		return usage(stderr, 2);
	if (argc >= 3 && !strcmp(argv[1], "--blits")) {
		char *end;
		unsigned long n = strtoul(argv[2], &end, 10);

		if (*end || !n || n > 100000 || argc > 4)
			return usage(stderr, 2);
		profile_blits = (unsigned int)n;
		filter = argc == 4 ? argv[3] : NULL;
	} else if (argc >= 2) {
		char *end;
		unsigned long n = strtoul(argv[1], &end, 10);

		if (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"))
			return usage(stdout, 0);
		if (*end || !n || n > MAX_ROUNDS)
			return usage(stderr, 2);
		rounds = (unsigned int)n;
	}
	if (argc == 3 && !profile_blits)
		filter = argv[2];
	/* Before the device's threads exist: they inherit the CPU. */
	pinned_cpu = bench_pin();
	tap_run("bench_blt", body);
	return tap_done();
}
