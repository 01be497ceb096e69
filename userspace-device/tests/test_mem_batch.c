// SPDX-License-Identifier: MIT
/*
 * Translating in batches (hw-spec-memory "Translating in batches",
 * mem/batch.c) against one translation at a time: two TLBs start alike,
 * one serves gs_mem_translate() and the other gs_mem_batch_translate(),
 * for the same random sequences of addresses, spaces and accesses, and
 * every translation must agree (DMA address, or fault type, space, access,
 * level and address), and after every batch both TLBs must hold the same
 * entries and have counted the same hits and misses.
 *
 * The tables (a fixed seed; GS_SEED=n to replay another): a PPGTT whose
 * pages are present, read-only, absent or pointing outside the window, a
 * 2 MiB page, a PDE not present, a page table in window memory the driver
 * never mapped, and a GGTT beside it.  Between batches entries change
 * without a flush (so both TLBs hold stale entries, which must hit alike)
 * and sometimes with one.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "channel/chan.h"
#include "gtt_env.h"
#include "tap.h"

#define RO		GEN8_PAGE_PRESENT
#define RW		(GEN8_PAGE_PRESENT | GEN8_PAGE_RW)
#define BASE		0x40000000ull		/* the PPGTT region tested */
#define REGION_PAGES	(3 * 512u)		/* three page tables' worth */
#define HUGE_VA		(BASE + 4 * SZ_2M)	/* a 2 MiB page */
#define NOPDE_VA	(BASE + 5 * SZ_2M)	/* a PDE not present */
#define LOSTPT_VA	(BASE + 6 * SZ_2M)	/* a page table in unmapped window memory */
#define GGTT_PAGES	256u
#define UNBACKED_DMA	0x800000000ull		/* a window address never mapped */

#define diag(...) do { printf("# " __VA_ARGS__); printf("\n"); } while (0)

static uint64_t rng;

static uint32_t rnd(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (uint32_t)(rng >> 16);
}

static uint64_t random_pte(struct gtt_env *env)
{
	switch (rnd() % 8) {
	case 0:
		return 0;				/* not present */
	case 1:
		return env_page(env) | RO;
	case 2:
		return (GEN8_PTE_ADDR_MASK & ~0xfffull) | RW;	/* outside the window */
	default:
		return env_page(env) | RW;
	}
}

static void map_tables(struct gtt_env *env, uint64_t pml4)
{
	uint64_t pd;

	for (unsigned int i = 0; i < REGION_PAGES; i++)
		ppgtt_set(env, pml4, BASE + (uint64_t)i * PG, 12, random_pte(env));
	ppgtt_set(env, pml4, HUGE_VA, 21, (env_page(env) & ~(SZ_2M - 1)) | RW | GEN8_PDE_PS_2M);
	/* A page table made, then its PDE cleared. */
	ppgtt_set(env, pml4, NOPDE_VA, 12, env_page(env) | RW);
	pd = ppgtt_table_of(env, pml4, NOPDE_VA, 21);
	entry_set(env, pd, (unsigned int)(NOPDE_VA >> 21) & 511, 0);
	/* A PDE to a page table the window does not have. */
	entry_set(env, pd, (unsigned int)(LOSTPT_VA >> 21) & 511, UNBACKED_DMA | RW);
	for (unsigned int i = 0; i < GGTT_PAGES; i++)
		ggtt_set(env, i, rnd() % 4 ? env_page(env) | RO : 0);
}

/* One address of the kinds above; @prev the last one, to walk on from it. */
static uint64_t random_va(bool ggtt, uint64_t prev)
{
	unsigned int k = rnd() % 16;

	if (ggtt)
		return k < 10 ? prev + PG : (uint64_t)(rnd() % (GGTT_PAGES + 4)) * PG + rnd() % PG;
	if (k < 9)
		return prev + (rnd() % 3 ? PG : rnd() % (2 * PG));	/* a run of pages */
	switch (k) {
	case 9:
		return HUGE_VA + (uint64_t)(rnd() % 512) * PG;
	case 10:
		return NOPDE_VA + (uint64_t)(rnd() % 512) * PG;
	case 11:
		return LOSTPT_VA + (uint64_t)(rnd() % 512) * PG;
	case 12:
		return (1ull << 48) - PG + rnd() % (2 * PG);	/* the end of the space */
	case 13:
	case 14:
		return prev - (uint64_t)(rnd() % 4) * PG;	/* back: what the TLB may hold */
	default:
		return BASE + (uint64_t)(rnd() % REGION_PAGES) * PG + rnd() % PG;
	}
}

static void same_tlbs(struct gs_device *dev, struct gs_tlb *a, struct gs_tlb *b)
{
	uint64_t gen = gs_tlb_generation(dev);

	for (unsigned int i = 0; i < GS_TLB_ENTRIES; i++) {
		uint64_t ka = 0, kb = 0, va = 0, vb = 0;
		struct gs_xlate xa = { 0 }, xb = { 0 };
		bool ha = gs_tlb_peek(a, i, gen, &ka, &va, &xa);
		bool hb = gs_tlb_peek(b, i, gen, &kb, &vb, &xb);

		CHECK_EQ(ha, hb);
		if (ha && hb) {
			CHECK_EQ(ka, kb);
			CHECK_EQ(va, vb);
			CHECK_EQ(xa.dma_page, xb.dma_page);
			CHECK_EQ(xa.writable, xb.writable);
		}
	}
	CHECK_EQ(gs_tlb_hits(a), gs_tlb_hits(b));
	CHECK_EQ(gs_tlb_misses(a), gs_tlb_misses(b));
}

/*
 * After a batch: both TLBs must agree; then change a few entries of the
 * region and flush sometimes, so the next batch meets stale and new ones.
 */
static void between_batches(struct gtt_env *env, uint64_t pml4, struct gs_tlb *ta,
			    struct gs_tlb *tb)
{
	same_tlbs(env->dev, ta, tb);
	for (unsigned int i = rnd() % 4; i; i--)
		ppgtt_set(env, pml4, BASE + (uint64_t)(rnd() % REGION_PAGES) * PG, 12,
			  random_pte(env));
	if (rnd() % 8 == 0)
		env_flush_tlbs(env);
}

static void t_batch_equals_one_by_one(void)
{
	struct gs_tlb *ta = gs_tlb_create(), *tb = gs_tlb_create();
	struct gs_mem_batch *b = malloc(sizeof(*b));
	unsigned long checked = 0, faults = 0, hits;
	struct gtt_env env;
	uint64_t pml4;
	const char *seed = getenv("GS_SEED");

	CHECK(ta && tb && b);
	rng = seed ? strtoull(seed, NULL, 0) | 1 : 0x2545f4914f6cdd1dull;
	diag("seed %#llx (GS_SEED to replay)", (unsigned long long)rng);
	env_start(&env, NULL);
	pml4 = env_page(&env);
	map_tables(&env, pml4);

	for (int round = 0; round < 400; round++) {
		unsigned int n = 1 + rnd() % 300;
		uint64_t prev_p = BASE, prev_g = 0;

		gs_mem_batch_begin(b, env.dev, tb);
		for (unsigned int i = 0; i < n; i++) {
			bool ggtt = rnd() % 8 == 0;
			uint64_t va = random_va(ggtt, ggtt ? prev_g : prev_p), da = 0, db = 0;
			enum gs_mem_access acc = rnd() % 2 ? GS_MEM_WRITE : GS_MEM_READ;
			struct gs_mem_space sa = { .kind = ggtt ? GS_MEM_GGTT : GS_MEM_PPGTT,
						   .pml4 = pml4, .tlb = ta };
			struct gs_mem_space sb = sa;
			struct gs_fault fa = { 0 }, fb = { 0 };
			int ra, rb;

			sb.tlb = tb;
			if (ggtt)
				prev_g = va;
			else
				prev_p = va;
			ra = gs_mem_translate(env.dev, &sa, va, acc, &da, &fa);
			rb = gs_mem_batch_translate(b, &sb, va, acc, &db, &fb);
			CHECK_MSG(ra == rb, "round %d, %s %#llx: %d one by one, %d in a batch", round,
				  acc == GS_MEM_WRITE ? "write" : "read", (unsigned long long)va, ra,
				  rb);
			if (ra) {
				CHECK_EQ(fa.type, fb.type);
				CHECK_EQ(fa.ggtt, fb.ggtt);
				CHECK_EQ(fa.write, fb.write);
				CHECK_EQ(fa.level, fb.level);
				CHECK_EQ(fa.va, fb.va);
				faults++;
			} else {
				CHECK_EQ(da, db);
			}
			checked++;
		}
		gs_mem_batch_end(b);
		between_batches(&env, pml4, ta, tb);
	}
	hits = (unsigned long)gs_tlb_hits(tb);
	diag("%lu translations, %lu faults, %lu TLB hits", checked, faults, hits);
	/* The sequences exercised both outcomes and the TLB. */
	CHECK(faults > checked / 20 && faults < checked - checked / 20);
	CHECK(hits > checked / 20);
	env_stop(&env);
	free(b);
	gs_tlb_destroy(ta);
	gs_tlb_destroy(tb);
}

/*
 * Ranges and interleaved spans (gs_mem_batch_translate_range(),
 * gs_mem_batch_translate_spans()) against gs_mem_translate() page by page
 * on the same sequence: the same window runs (compared merged), the same
 * stopping byte and fault, and after every batch the same TLB entries and
 * counts.  The tables of t_batch_equals_one_by_one() (contiguous window
 * pages with gaps, absent, read-only and outside-window PTEs, a 2 MiB
 * page, a missing PDE, a page table outside the window, the GGTT), plus
 * pages mapped twice; the streams of a span pair are often 64 pages
 * apart, so that they meet in the same TLB entries.
 */
#define MAX_XRUNS	4096u
#define RUNS_VA		(BASE + 8 * SZ_2M)	/* mostly contiguous window pages */
#define RUNS_PAGES	(2 * 512u)
#define SCATTER_VA	(BASE + 10 * SZ_2M)	/* every page its own run */
#define SCATTER_PAGES	512u

struct xrange {
	struct gs_mem_run run[MAX_XRUNS];
	unsigned int n;
	uint64_t done;
	int ret;
	struct gs_fault f;
};

/* One page at a time through gs_mem_translate(), appended to @x as the batch would. */
static int ref_into(struct gs_device *dev, const struct gs_mem_space *sp, uint64_t va, uint64_t len,
		    enum gs_mem_access acc, struct xrange *x)
{
	for (uint64_t o = 0; o < len;) {
		uint64_t a = va + o, c = PG - (a & (PG - 1)), dma;
		int ret;

		c = c < len - o ? c : len - o;
		ret = gs_mem_translate(dev, sp, a, acc, &dma, &x->f);
		if (ret)
			return ret;
		if (x->n && x->run[x->n - 1].dma + x->run[x->n - 1].len == dma)
			x->run[x->n - 1].len += c;
		else
			x->run[x->n++] = (struct gs_mem_run){ .dma = dma, .len = c };
		o += c;
		x->done += c;
	}
	return 0;
}

/* Merge runs that continue one another (the batch may end a list early). */
static void merge_runs(struct xrange *x)
{
	unsigned int k = 0;

	for (unsigned int i = 0; i < x->n; i++) {
		if (k && x->run[k - 1].dma + x->run[k - 1].len == x->run[i].dma)
			x->run[k - 1].len += x->run[i].len;
		else
			x->run[k++] = x->run[i];
	}
	x->n = k;
}

static bool same_xrange(struct xrange *a, struct xrange *b)
{
	merge_runs(a);
	merge_runs(b);
	if (a->ret != b->ret || a->done != b->done || a->n != b->n)
		return false;
	for (unsigned int i = 0; i < a->n; i++) {
		if (a->run[i].dma != b->run[i].dma || a->run[i].len != b->run[i].len)
			return false;
	}
	return !a->ret || (a->f.type == b->f.type && a->f.ggtt == b->f.ggtt &&
			   a->f.write == b->f.write && a->f.level == b->f.level && a->f.va == b->f.va);
}

/* A range in a batch, resumed after a full list (small @max lists end often). */
static void batch_range(struct gs_mem_batch *b, const struct gs_mem_space *sp, uint64_t va,
			uint64_t len, enum gs_mem_access acc, unsigned int max, struct xrange *x)
{
	do {
		unsigned int n;
		uint64_t done;

		x->ret = gs_mem_batch_translate_range(b, sp, va + x->done, len - x->done, acc,
						      x->run + x->n, max, &n, &done, &x->f);
		CHECK(x->ret != -ENOSPC || n == max);
		x->n += n;
		x->done += done;
	} while (x->ret == -ENOSPC && x->n + max <= MAX_XRUNS);
}

/* Where a stream starts: a run of the region, the other stream 64 pages on, or anywhere. */
static uint64_t stream_va(bool ggtt, uint64_t other)
{
	unsigned int k = rnd() % 10;

	if (ggtt)
		return (uint64_t)(rnd() % (GGTT_PAGES + 4)) * PG + (rnd() % 2 ? 0 : rnd() % PG);
	if (other && k < 3)
		return other + (uint64_t)(1 + rnd() % 4) * 64 * PG;	/* the same TLB entries */
	if (k == 3)
		return random_va(false, BASE);
	if (k < 6)
		return RUNS_VA + (uint64_t)(rnd() % RUNS_PAGES) * PG + (rnd() % 2 ? 0 : rnd() % PG);
	if (k < 8)
		return SCATTER_VA + (uint64_t)(rnd() % SCATTER_PAGES) * PG +
		       (rnd() % 2 ? 0 : rnd() % PG);
	return BASE + (uint64_t)(rnd() % REGION_PAGES) * PG + (rnd() % 2 ? 0 : rnd() % PG);
}


/* RUNS_VA: runs of consecutive window pages, broken now and then by a gap or a PTE that faults. */
static void map_runs(struct gtt_env *env, uint64_t pml4)
{
	for (unsigned int i = 0; i < RUNS_PAGES; i++) {
		unsigned int k = rnd() % 64;
		uint64_t pte = env_page(env) | RW;

		if (k == 0)
			pte = 0;
		else if (k == 1)
			pte = (pte & ~(uint64_t)RW) | RO;
		else if (k < 4)
			env_page(env);	/* a gap in the window after this page */
		ppgtt_set(env, pml4, RUNS_VA + (uint64_t)i * PG, 12, pte);
	}
}

/*
 * SCATTER_VA: window pages in descending order, so that no two pages make
 * one run and a short run list fills a page at a time (the room a group
 * of spans needs is then exact).
 */
static void map_scattered(struct gtt_env *env, uint64_t pml4)
{
	uint64_t first = env_page(env);

	for (unsigned int i = 1; i < SCATTER_PAGES; i++)
		env_page(env);
	for (unsigned int i = 0; i < SCATTER_PAGES; i++)
		ppgtt_set(env, pml4, SCATTER_VA + (uint64_t)i * PG, 12,
			  (first + (uint64_t)(SCATTER_PAGES - 1 - i) * PG) | RW);
}

/* Some pages of the region mapped a second time, at other addresses. */
static void map_twice(struct gtt_env *env, uint64_t pml4)
{
	for (unsigned int i = 0; i < 64; i++) {
		uint64_t from = BASE + (uint64_t)(rnd() % REGION_PAGES) * PG;
		uint64_t to = (rnd() % 2 ? BASE : RUNS_VA) + (uint64_t)(rnd() % REGION_PAGES) * PG;
		uint64_t pt = ppgtt_table_of(env, pml4, from, 12);

		ppgtt_set(env, pml4, to, 12, entry_get(env, pt, (unsigned int)(from >> 12) & 511));
		if (rnd() % 2)	/* and the page after it, so runs continue through it */
			ppgtt_set(env, pml4, to + PG, 12,
				  entry_get(env, pt, (unsigned int)((from >> 12) + 1) & 511));
	}
}

/*
 * Span pairs in a batch; half the time with short run lists, drained and
 * resumed after each -ENOSPC (which must stop at a span boundary of every
 * stream) as a caller would.  The streams' @va are left as given.
 */
static int spans_resumed(struct gs_mem_batch *b, struct gs_mem_stream *st, unsigned int nst,
			 uint64_t len, uint64_t span, unsigned int *which, struct gs_fault *f)
{
	unsigned int step = rnd() % 2 ? MAX_XRUNS : 4 + rnd() % 8;
	uint64_t va[2], o = 0;
	int ret;

	for (unsigned int i = 0; i < nst; i++) {
		va[i] = st[i].va;
		st[i].max = step;
	}
	while ((ret = gs_mem_batch_translate_spans(b, st, nst, len - o, span, which, f)) == -ENOSPC) {
		o = st[0].done;
		CHECK(o % span == 0 && o < len);
		for (unsigned int i = 0; i < nst; i++) {
			CHECK_EQ(st[i].done, o);
			st[i].va = va[i] + o;
			st[i].max = st[i].max + step < MAX_XRUNS ? st[i].max + step : MAX_XRUNS;
		}
	}
	for (unsigned int i = 0; i < nst; i++)
		st[i].va = va[i];
	return ret;
}

static void t_ranges_equal_pages(void)
{
	struct gs_tlb *ta = gs_tlb_create(), *tb = gs_tlb_create();
	struct gs_mem_batch *b = malloc(sizeof(*b));
	struct xrange *xa = malloc(2 * sizeof(*xa)), *xb = malloc(2 * sizeof(*xb));
	unsigned long ops = 0, faults = 0, multi = 0;
	struct gtt_env env;
	uint64_t pml4;
	const char *seed = getenv("GS_SEED");

	CHECK(ta && tb && b && xa && xb);
	rng = seed ? strtoull(seed, NULL, 0) | 1 : 0x9e3779b97f4a7c15ull;
	diag("seed %#llx (GS_SEED to replay)", (unsigned long long)rng);
	env_start(&env, NULL);
	pml4 = env_page(&env);
	map_tables(&env, pml4);
	map_twice(&env, pml4);
	map_runs(&env, pml4);
	map_scattered(&env, pml4);

	for (int round = 0; round < 1500; round++) {
		gs_mem_batch_begin(b, env.dev, tb);
		for (unsigned int op = 1 + rnd() % 8; op; op--) {
			unsigned int nst = 1 + rnd() % 2, which = 0;
			uint64_t len = 1 + rnd() % (12 * PG);
			uint64_t span = rnd() % 2 ? PG * (1 + rnd() % 2) : 1 + rnd() % (3 * PG);
			struct gs_mem_space sa[2], sb[2];
			struct gs_mem_stream st[2];
			struct gs_fault fb = { 0 };
			enum gs_mem_access acc[2] = { GS_MEM_READ, GS_MEM_WRITE };
			int ra = 0, rb;

			for (unsigned int i = 0; i < nst; i++) {
				bool ggtt = rnd() % 8 == 0;

				sa[i] = (struct gs_mem_space){ .kind = ggtt ? GS_MEM_GGTT : GS_MEM_PPGTT,
							       .pml4 = pml4, .tlb = ta };
				sb[i] = sa[i];
				sb[i].tlb = tb;
				memset(&xa[i], 0, sizeof(xa[i]));
				memset(&xb[i], 0, sizeof(xb[i]));
				st[i] = (struct gs_mem_stream){
					.space = &sb[i], .va = stream_va(ggtt, i ? st[0].va : 0),
					.access = nst == 1 && rnd() % 2 ? GS_MEM_WRITE : acc[i],
					.run = xb[i].run, .max = MAX_XRUNS };
			}
			if (nst == 1 && rnd() % 2) {
				batch_range(b, &sb[0], st[0].va, len, st[0].access, 1 + rnd() % 4, &xb[0]);
				xa[0].ret = ref_into(env.dev, &sa[0], st[0].va, len, st[0].access, &xa[0]);
				CHECK_MSG(same_xrange(&xa[0], &xb[0]), "round %d: range %#llx + %llu differs",
					  round, (unsigned long long)st[0].va, (unsigned long long)len);
				faults += xa[0].ret != 0;
				ops++;
				continue;
			}
			rb = spans_resumed(b, st, nst, len, span, &which, &fb);
			for (uint64_t o = 0; o < len && !ra; o += span) {
				uint64_t n = span < len - o ? span : len - o;

				for (unsigned int i = 0; i < nst && !ra; i++) {
					ra = ref_into(env.dev, &sa[i], st[i].va + o, n, st[i].access,
						      &xa[i]);
					if (ra) {
						xa[i].ret = ra;
						CHECK_EQ(which, i);
					}
				}
			}
			CHECK_EQ(ra, rb);
			for (unsigned int i = 0; i < nst; i++) {
				xb[i].n = st[i].n;
				xb[i].done = st[i].done;
				xb[i].ret = rb && which == i ? rb : 0;
				xb[i].f = fb;
				CHECK_MSG(same_xrange(&xa[i], &xb[i]),
					  "round %d: stream %u of spans %#llx/%#llx + %llu by %llu differs",
					  round, i, (unsigned long long)st[0].va,
					  (unsigned long long)st[1].va, (unsigned long long)len,
					  (unsigned long long)span);
			}
			faults += ra != 0;
			multi++;
			ops++;
		}
		gs_mem_batch_end(b);
		between_batches(&env, pml4, ta, tb);
	}
	diag("%lu ranges (%lu through spans), %lu faults, %llu TLB hits", ops, multi, faults,
	     (unsigned long long)gs_tlb_hits(tb));
	CHECK(faults > ops / 20 && faults < ops - ops / 20);
	CHECK(gs_tlb_hits(tb) > ops);
	env_stop(&env);
	free(xa);
	free(xb);
	free(b);
	gs_tlb_destroy(ta);
	gs_tlb_destroy(tb);
}

/*
 * The DMA lists the fast paths move and probe with (mem/dma.c): pieces in
 * order under one guard, stopping at the first that fails, which is named,
 * the pieces before it done whole and none after it touched.
 */
static void t_dma_lists(void)
{
	struct gtt_env env;
	uint64_t a, b, hole, c, size, bad = 0;
	uint8_t *pa, *pb;
	size_t done = 99;

	env_start(&env, NULL);
	size = env.dev->chan->dma_size;
	a = env_data_page(&env, 0xa);
	b = env_data_page(&env, 0xb);
	hole = env.next;		/* never mapped */
	env.next += PG;
	c = env_data_page(&env, 0xc);
	pa = gs_loop_dma(env.loop, a);
	pb = gs_loop_dma(env.loop, b);

	/* Copies: the third piece reads the hole; the fourth is never made. */
	{
		struct gs_dma_op ops[] = {
			{ .dst = b, .src = a, .len = 100 },
			{ .dst = b + 200, .src = a + 8, .len = 8 },
			{ .dst = c, .src = hole + 16, .len = 16 },
			{ .dst = c + 64, .src = a, .len = 64 },
		};

		CHECK_EQ(gs_dma_copy_list(env.dev, ops, 2, &done), 0);
		CHECK(!memcmp(pb, pa, 100) && !memcmp(pb + 200, pa + 8, 8));
		CHECK_EQ(gs_dma_copy_list(env.dev, ops, 4, &done), -EFAULT);
		CHECK_EQ(done, 2);
		CHECK_EQ(env_dword(&env, c + 64), 0xc0010u);
		/* A piece past the window's end fails without an access. */
		ops[0].src = size - 8;
		CHECK_EQ(gs_dma_copy_list(env.dev, ops, 1, &done), -EFAULT);
		CHECK_EQ(done, 0);
	}
	/*
	 * Large copies, whole and in mem/dma.c's pieces of 256 KiB (both
	 * ways, as its calibration may choose either): 150 pages and 12
	 * bytes, disjoint, then moved up by a page and 4 bytes over
	 * themselves (memmove()).
	 */
	for (int pieces = 0; pieces < 2; pieces++) {
		const uint32_t np = 151, len = 150 * PG + 12;
		uint64_t src = env.next;
		uint8_t *ps, *want = malloc(2 * (size_t)np * PG);
		struct gs_dma_op op = { .dst = src + (uint64_t)np * PG + 3, .src = src + 5,
					.len = len };

		CHECK(want != NULL);
		atomic_store(&gs_dma_copy_pieces, pieces);
		for (uint32_t i = 0; i < 2 * np; i++)
			env_data_page(&env, 0x100 + 2 * np * (uint32_t)pieces + i);
		ps = gs_loop_dma(env.loop, src);
		memcpy(want, ps, 2 * (size_t)np * PG);
		memcpy(want + np * PG + 3, ps + 5, len);
		CHECK_EQ(gs_dma_copy_list(env.dev, &op, 1, &done), 0);
		CHECK_MSG(!memcmp(ps, want, 2 * (size_t)np * PG), "disjoint copy, pieces %d", pieces);
		memmove(want + PG + 4, want, len);
		op = (struct gs_dma_op){ .dst = src + PG + 4, .src = src, .len = len };
		CHECK_EQ(gs_dma_copy_list(env.dev, &op, 1, &done), 0);
		CHECK_MSG(!memcmp(ps, want, 2 * (size_t)np * PG), "overlapping copy, pieces %d",
			  pieces);
		free(want);
	}
	atomic_store(&gs_dma_copy_pieces, -1);
	/* Fills: the pattern by address; the second piece writes into the hole. */
	{
		struct gs_dma_op ops[] = {
			{ .dst = a + 1, .pattern = 0x44332211, .len = 6 },
			{ .dst = hole + 4000, .pattern = 0x55555555, .len = 200 },
			{ .dst = c, .pattern = 0x66666666, .len = 4 },
		};

		CHECK_EQ(gs_dma_fill_list(env.dev, ops, 3, &done), -EFAULT);
		CHECK_EQ(done, 1);
		CHECK(pa[0] == 0x00 && pa[1] == 0x22 && pa[2] == 0x33 && pa[3] == 0x44 &&
		      pa[4] == 0x11 && pa[6] == 0x33 && pa[7] == 0x00);
		CHECK_EQ(env_dword(&env, c), 0xc0000u);
	}
	/* Probes: the first byte that is not there, in the piece that has it. */
	{
		struct gs_dma_op ops[] = {
			{ .dst = a + 5, .len = 2 * PG - 5 },	/* a and b */
			{ .dst = b + 100, .len = 2 * PG },	/* b, the hole */
			{ .dst = c, .len = 8 },
		};

		CHECK_EQ(gs_dma_probe_list(env.dev, ops, 1, &done, &bad), 0);
		CHECK_EQ(gs_dma_probe_list(env.dev, ops, 3, &done, &bad), -EFAULT);
		CHECK_EQ(done, 1);
		CHECK_EQ(bad, hole);
		/* Partly past the end: the window's last page is there, then nothing. */
		env_map_at(&env, size - PG);
		ops[0] = (struct gs_dma_op){ .dst = size - PG, .len = 2 * PG };
		CHECK_EQ(gs_dma_probe_list(env.dev, ops, 1, &done, &bad), -EFAULT);
		CHECK_EQ(bad, size);
		ops[0] = (struct gs_dma_op){ .dst = size + PG, .len = 4 };
		CHECK_EQ(gs_dma_probe_list(env.dev, ops, 1, &done, &bad), -EFAULT);
		CHECK_EQ(bad, size + PG);
	}
	env_stop(&env);
}

int main(void)
{
	tap_run("batch translations = one at a time: results, faults, TLB contents, counts",
		t_batch_equals_one_by_one);
	tap_run("ranges and span pairs in a batch = page by page: runs, faults, TLB contents, counts",
		t_ranges_equal_pages);
	tap_run("DMA lists: in order, stopping at the first piece that fails", t_dma_lists);
	return tap_done();
}
