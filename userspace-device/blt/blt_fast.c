// SPDX-License-Identifier: MIT
/*
 * The blitter's fast paths (hw-spec-blitter "Fast paths").
 *
 * Two kinds of blit need no per-pixel work at all:
 * - COPY: ROP 0xcc (SRCCOPY) with every byte written: D = S;
 * - FILL: a ROP whose result depends on neither S nor D, with every byte
 *   written and a pattern that is one colour or unused (0xf0 PATCOPY with
 *   XY_COLOR_BLT's colour, 0x00, 0xff, 0x0f...): D = one constant pixel.
 * They are run as memcpy()/memset() of whole translated ranges of the DMA
 * window; everything else, and any part of these the argument below does
 * not cover, goes through the reference path (blt_exec.c), span by span.
 *
 * Why the result is the reference path's, byte for byte.  The reference
 * executes a fixed sequence of spans (blt_priv.h); for each, it reads
 * the source span page by page (translate, then touch the window), then
 * writes the destination span page by page, and stops at the first page
 * that faults, reporting it.  A fast path takes a run of consecutive spans
 * (a "unit": up to UNIT_SPANS spans of at most STEP_BYTES, never past the
 * rows of one step) and:
 * 1. walks them in that same order, translating every page chunk the
 *    reference would access with the same address, space and access type
 *    (gs_blt_addr(), then a batch of the engine's TLB, mem/batch.c: each
 *    translation the one the reference would get, the TLB left as it
 *    would leave it; a row of linear surfaces walked left to right is
 *    one gs_mem_batch_translate_spans() call, source and destination span
 *    by span in the same order, rather than two walks a span, and so are
 *    consecutive rows that follow one another in both surfaces and fill
 *    their spans: rows_together()), then
 *    touches every window page the walk landed on,
 *    run by run (gs_dma_probe_list()), except pages this engine found
 *    present since the driver last removed window pages (mem/present.c,
 *    GENSIM_DMAWIN_INVALIDATE: a page that is there needs no touch to
 *    fault where the reference faults); of a translation fault and a
 *    missing page the one the reference would meet first wins, so the
 *    fault is found at the same place, with the same struct gs_fault;
 *    nothing is written yet;
 * 2. if no window byte the unit reads is a byte it writes, the order of
 *    its accesses cannot matter: it copies (or fills) every chunk before
 *    the fault, as few calls as contiguity allows, in execution order (so
 *    that two destination chunks aliasing one page end as the reference
 *    leaves them).  A destination fault keeps the chunks of its span
 *    before it; a source fault keeps nothing of its span, as the reference
 *    reads a whole span before writing it;
 * 3. if they do share bytes (an overlapping copy within a surface, a
 *    source with pitch 0 under its destination, two mappings of one
 *    page), it goes span by span instead: a span whose own source and
 *    destination are disjoint is copied at once; any other goes through
 *    the reference path, which redoes its reads;
 * 4. then reports the fault found in step 1, if any, as gs_cs_read() or
 *    gs_cs_write() would have.
 * A unit never holds the engine: steps are whole rows, and gs_blt_run()
 * looks for a stop request between steps and saves the rows done.  Bands
 * of tiled rows may then be moved as whole tiles (band(), below).
 *
 * What is not preserved: a blit that rewrites the page tables it is being
 * translated through sees them as they were when the unit (or the first
 * two rows of a band) was walked
 * (hardware gives no order there either: nothing invalidates the TLB
 * within a command); a window page the driver removes while the unit
 * copies (or before the next unit, if the driver forgets
 * GENSIM_DMAWIN_INVALIDATE) faults as a RANGE fault at the chunk being
 * copied, after part of the unit landed; and a thread polling a dword of a destination mid-blit
 * may see it half written (gs_dma_copy_list()).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "blt/blt_priv.h"
#include "core/hw.h"
#include "cs/cs.h"
#include "cs/engine.h"
#include "mem/mem.h"

/*
 * Most bytes one step moves: rows are grouped up to it.  It bounds how
 * long a stop waits (a few hundred microseconds, as one row of the
 * reference path), and is large enough that the C library streams (a
 * memset() of 4 MiB runs as fast as one of 64 MiB; of 4 KiB, at half).
 */
#define STEP_BYTES	(4u << 20)
/* Spans of a unit; runs of a stream (a Y-tiled span alone has up to 257). */
#define UNIT_SPANS	(STEP_BYTES / GS_BLT_SPAN_BYTES)
#define MAX_RUNS	520u
#define SPAN_CHUNKS_Y	(GS_BLT_SPAN_BYTES / 16 + 1)
#define SPAN_CHUNKS_X	(GS_BLT_SPAN_BYTES / 512 + 1)
#define SPAN_CHUNKS_LIN	2u
/* Pieces handed to mem/dma.c's list calls at once. */
#define MOVE_OPS	128u
/* shares_pages()'s set: twice the pages a unit's source can touch, a power of two. */
#define PAGE_SET	4096u

struct gs_blt_fast_counts gs_blt_fast_counts;

/* Window-contiguous bytes of one stream (source or destination), in execution order. */
struct run {
	uint64_t dma;		/* window address of the first byte */
	uint64_t va;		/* its GPU address, for a late fault's report */
	uint32_t off;		/* stream offset of the first byte */
	uint32_t len;
};

struct tile_rec;

struct stream {
	struct run run[MAX_RUNS];
	unsigned int n;
	unsigned int max_chunks;	/* the most chunks one span can add */
	struct tile_rec *rec;		/* whole tiles: noting the pages of a row, or NULL */
};

struct span_ref {
	uint32_t r, k;		/* row and span, execution order */
	uint32_t off, bytes;	/* where in the stream */
};

struct ival {
	uint64_t lo, hi;
};

/* Stream offsets: byte o of a unit is byte o of its source and of its destination streams. */
struct unit {
	struct stream s, d;
	struct span_ref span[UNIT_SPANS];
	unsigned int nspans;
	uint32_t bytes;		/* walked */
	uint32_t limit;		/* bytes to move: all of them, or up to the fault */
	bool faulted, fault_write;
	unsigned int fault_span;
	uint32_t fault_at;	/* the stream byte the faulting access started at */
	struct gs_fault fault;
	struct gs_mem_batch xl;		/* the unit's translations (mem/batch.c) */
	struct ival iv_s[MAX_RUNS], iv_d[MAX_RUNS];	/* shares_bytes()'s scratch */
	struct gs_mem_run rr[2][MAX_RUNS];		/* unit_add_rows()'s */
	uint64_t pages[PAGE_SET];			/* shares_pages()'s */
};

static unsigned int max_chunks(const struct gs_blt_surf *s)
{
	switch (s->tiling) {
	case GS_BLT_TILE_X:
		return SPAN_CHUNKS_X;
	case GS_BLT_TILE_Y:
		return SPAN_CHUNKS_Y;
	default:
		return SPAN_CHUNKS_LIN;
	}
}

/*
 * Pick the fast path for a blit gs_blt_run() has planned, or leave
 * GS_BLT_FAST_NONE.  Both surfaces may be tiled: the walk follows the
 * layout chunk by chunk, as gs_blt_span_io() does.
 */
void gs_blt_fast_plan(struct gs_blt_plan *p)
{
	const struct gs_blt_op *op = p->op;
	uint64_t d = 0, pp = 0;
	static const uint64_t zero;

	if (p->partial)
		return;
	if (op->rop == 0xcc && p->need_s) {
		p->fast = GS_BLT_FAST_COPY;
		return;
	}
	if (p->need_s || p->need_d || (p->need_p && op->pat != GS_BLT_PAT_SOLID))
		return;
	/* The constant: the ROP of the solid colour (or of 0), S and D being irrelevant. */
	if (p->need_p)
		memcpy(&pp, p->pbuf, sizeof(pp));
	gs_rop_apply(op->rop, &d, &zero, &pp, 1);
	/* 1, 2 or 4 divides 4: byte i of any row is byte i % 4 of these. */
	p->fill = (uint32_t)d;
	p->fast = GS_BLT_FAST_FILL;
}

/* Rows per step: STEP_BYTES of them, whole, at least one; never more spans than a unit holds. */
uint32_t gs_blt_fast_rows_per_step(const struct gs_blt_plan *p)
{
	uint64_t row = (uint64_t)p->w * p->op->cpp;
	uint64_t n = STEP_BYTES / row;

	if (n > UNIT_SPANS / p->nspans)
		n = UNIT_SPANS / p->nspans;
	return n ? (uint32_t)n : 1;
}

/* As cs_mem.c: the command's address space, through the engine's own TLB. */
static struct gs_mem_space space(const struct gs_cs *cs, bool ggtt)
{
	return (struct gs_mem_space){
		.kind = ggtt ? GS_MEM_GGTT : GS_MEM_PPGTT,
		.pml4 = cs->pml4,
		.tlb = cs->eng->tlb,
	};
}

static void stream_reset(struct stream *st, const struct gs_blt_surf *s)
{
	st->n = 0;
	st->max_chunks = max_chunks(s);
}

static void tile_note(struct tile_rec *t, uint64_t va, uint64_t dma);

static void append(struct stream *st, uint64_t dma, uint64_t va, uint32_t off, uint32_t len)
{
	struct run *last = st->n ? &st->run[st->n - 1] : NULL;

	if (last && last->dma + last->len == dma && last->va + last->len == va &&
	    last->off + last->len == off) {
		last->len += len;
		return;
	}
	st->run[st->n++] = (struct run){ .dma = dma, .va = va, .off = off, .len = len };
}

/* Runs one translate call hands back: a linear span is at most 2. */
#define WALK_RUNS	8u

/* Translated run @r at GPU address @va, stream offset @off, into @st (and its pages into a band's record). */
static void add_run(struct stream *st, const struct gs_mem_run *r, uint64_t va, uint32_t off)
{
	/* The record wants each page once, as the per-page walk noted it. */
	for (uint64_t x = 0; st->rec && x < r->len;
	     x += GS_PAGE_SIZE - ((va + x) & (GS_PAGE_SIZE - 1)))
		tile_note(st->rec, va + x, r->dma + x);
	append(st, r->dma, va, off, (uint32_t)r->len);
}

/*
 * Add bytes [@xbyte, @xbyte + @len) of row @y of @s to @st at stream
 * offset @off: chunk by chunk as gs_blt_span_io() accesses them, and page
 * by page within a chunk as gs_mem_read() translates them (a chunk at a
 * time through gs_mem_batch_translate_range(), which translates its pages
 * in that order and hands back window runs).  0; or -EFAULT
 * with *@f what gs_mem_read()/gs_mem_write() would have filled in and *@at
 * the stream offset of the first byte it could not translate.  Whether
 * the window has the pages is found later, for whole runs at once
 * (first_missing()).
 */
static int walk(struct gs_cs *cs, struct gs_mem_batch *xl, struct stream *st,
		const struct gs_blt_surf *s, int64_t xbyte, int64_t y, uint32_t len, uint32_t off,
		enum gs_mem_access acc, struct gs_fault *f, uint32_t *at)
{
	struct gs_mem_space ms = space(cs, s->ggtt);
	uint32_t o = 0, c = 0;

	while (o < len) {
		uint64_t run, va = gs_blt_addr(s, xbyte + o, y, &run);
		uint32_t chunk = run < len - o ? (uint32_t)run : len - o;

		/* Within a chunk the address is not wrapped: past 2^48 it faults. */
		for (c = 0; c < chunk;) {
			struct gs_mem_run r[WALK_RUNS];
			unsigned int nr;
			uint64_t done;
			int ret = gs_mem_batch_translate_range(xl, &ms, va + c, chunk - c, acc, r,
							       WALK_RUNS, &nr, &done, f);

			for (unsigned int i = 0; i < nr; i++) {
				add_run(st, &r[i], va + c, off + o + c);
				c += (uint32_t)r[i].len;
			}
			if (ret == -EFAULT)
				goto fault;
		}
		o += chunk;
	}
	return 0;
fault:
	*at = off + o + c;
	return -EFAULT;
}

static void unit_reset(struct unit *u, const struct gs_blt_plan *p)
{
	stream_reset(&u->s, &p->op->src);
	stream_reset(&u->d, &p->op->dst);
	gs_mem_batch_begin(&u->xl, p->cs->dev, p->cs->eng->tlb);
	u->nspans = 0;
	u->bytes = 0;
	u->limit = 0;
	u->faulted = false;
}

static bool unit_full(const struct unit *u, const struct gs_blt_plan *p)
{
	return u->nspans == UNIT_SPANS || u->d.n + u->d.max_chunks > MAX_RUNS ||
	       (p->fast == GS_BLT_FAST_COPY && u->s.n + u->s.max_chunks > MAX_RUNS);
}

/*
 * Walk span @k of row @r into @u.  -EFAULT when it would fault: the fault
 * is recorded and the unit ends there.
 */
static int unit_add(struct unit *u, struct gs_blt_plan *p, uint32_t r, uint32_t k)
{
	const struct gs_blt_op *op = p->op;
	int64_t y = gs_blt_row_y(p, r), x = gs_blt_span_x(p, k);
	uint32_t bytes = gs_blt_span_len(p, x) * op->cpp, at;
	unsigned int i = u->nspans++;

	u->span[i] = (struct span_ref){ .r = r, .k = k, .off = u->bytes, .bytes = bytes };
	if (p->fast == GS_BLT_FAST_COPY &&
	    walk(p->cs, &u->xl, &u->s, &op->src, (x - p->x1 + p->sx) * op->cpp, y - p->y1 + p->sy, bytes,
		 u->bytes, GS_MEM_READ, &u->fault, &at)) {
		/* The reference reads the whole span first: none of it is written. */
		u->faulted = true;
		u->fault_write = false;
		u->fault_span = i;
		u->fault_at = at;
		return -EFAULT;
	}
	if (walk(p->cs, &u->xl, &u->d, &op->dst, x * op->cpp, y, bytes, u->bytes, GS_MEM_WRITE, &u->fault,
		 &at)) {
		/* The pages before the fault were written. */
		u->faulted = true;
		u->fault_write = true;
		u->fault_span = i;
		u->fault_at = at;
		u->limit = at;
		return -EFAULT;
	}
	u->bytes += bytes;
	u->limit = u->bytes;
	return 0;
}

/* The window interval of the part of @r inside stream bytes [@o0, @o1), if any. */
static bool clip_run(const struct run *r, uint32_t o0, uint32_t o1, uint64_t *lo, uint64_t *hi)
{
	uint32_t a = r->off > o0 ? r->off : o0;
	uint32_t b = r->off + r->len < o1 ? r->off + r->len : o1;

	if (a >= b)
		return false;
	*lo = r->dma + (a - r->off);
	*hi = r->dma + (b - r->off);
	return true;
}

static int ival_cmp(const void *a, const void *b)
{
	const struct ival *x = a, *y = b;

	return x->lo < y->lo ? -1 : x->lo > y->lo;
}

/* @st's runs inside stream bytes [@o0, @o1) as window intervals; how many. */
static unsigned int collect(const struct stream *st, uint32_t o0, uint32_t o1, struct ival *iv,
			    uint64_t *lo, uint64_t *hi)
{
	unsigned int n = 0;

	*lo = UINT64_MAX;
	*hi = 0;
	for (unsigned int i = 0; i < st->n; i++) {
		if (!clip_run(&st->run[i], o0, o1, &iv[n].lo, &iv[n].hi))
			continue;
		*lo = iv[n].lo < *lo ? iv[n].lo : *lo;
		*hi = iv[n].hi > *hi ? iv[n].hi : *hi;
		n++;
	}
	return n;
}

/*
 * Does any destination interval lie on a window page a source interval
 * touches?  A set of the source's pages (open addressing, rebuilt per
 * question): linear in the pages, where sorting is not.  Only a "yes" needs
 * the exact answer.
 */
static bool shares_pages(struct unit *u, const struct ival *s, unsigned int ns,
			 const struct ival *d, unsigned int nd)
{
	uint64_t *set = u->pages;
	unsigned int used = 0;

	memset(set, 0, sizeof(u->pages));
	for (unsigned int i = 0; i < ns; i++) {
		for (uint64_t pg = s[i].lo >> GS_PAGE_SHIFT; pg <= (s[i].hi - 1) >> GS_PAGE_SHIFT;
		     pg++) {
			unsigned int h = (unsigned int)(pg * 0x9e3779b97f4a7c15ull >> 52);

			if (++used > PAGE_SET / 2)
				return true;	/* too many to tell cheaply: ask exactly */
			while (set[h] && set[h] != pg + 1)
				h = (h + 1) & (PAGE_SET - 1);
			set[h] = pg + 1;
		}
	}
	for (unsigned int j = 0; j < nd; j++) {
		for (uint64_t pg = d[j].lo >> GS_PAGE_SHIFT; pg <= (d[j].hi - 1) >> GS_PAGE_SHIFT;
		     pg++) {
			unsigned int h = (unsigned int)(pg * 0x9e3779b97f4a7c15ull >> 52);

			while (set[h] && set[h] != pg + 1)
				h = (h + 1) & (PAGE_SET - 1);
			if (set[h])
				return true;
		}
	}
	return false;
}

/*
 * Does a source byte of stream bytes [@o0, @o1) share a window byte with a
 * destination byte?  The bounding intervals settle two buffers apart; the
 * pages settle two buffers interleaved page by page (a driver's scattered
 * pages); else both lists are sorted and swept: an interval that ends
 * before the other list's current one starts cannot meet any later one.
 */
static bool shares_bytes(struct unit *u, uint32_t o0, uint32_t o1)
{
	struct ival *s = u->iv_s, *d = u->iv_d;
	uint64_t slo, shi, dlo, dhi;
	unsigned int ns, nd, i = 0, j = 0;

	ns = collect(&u->s, o0, o1, s, &slo, &shi);
	nd = collect(&u->d, o0, o1, d, &dlo, &dhi);
	if (!ns || !nd || shi <= dlo || dhi <= slo)
		return false;
	if (!shares_pages(u, s, ns, d, nd))
		return false;
	qsort(s, ns, sizeof(*s), ival_cmp);
	qsort(d, nd, sizeof(*d), ival_cmp);
	while (i < ns && j < nd) {
		if (s[i].hi <= d[j].lo)
			i++;
		else if (d[j].hi <= s[i].lo)
			j++;
		else
			return true;
	}
	return false;
}

/*
 * The gs_dma_fill_list() pattern that puts byte o % 4 of @q at stream byte o,
 * for a piece whose window address @dma is stream byte @off: the byte at
 * window address a is stream byte a - dma + off, so byte a % 4 of the
 * pattern is byte (a + off - dma) % 4 of @q: @q rotated right.
 */
static uint32_t fill_at(uint32_t q, uint64_t dma, uint32_t off)
{
	unsigned int d = (unsigned int)((off - dma) & 3);

	return d ? q >> (8 * d) | q << (32 - 8 * d) : q;
}

/* A late fault: piece @va's page left the window after the walk probed it. */
static int lost_page(struct gs_blt_plan *p, uint64_t va)
{
	struct gs_fault f;

	gs_fault_set(&f, FAULT_TYPE_RANGE, p->op->dst.ggtt, GS_MEM_WRITE, GS_LEVEL_PAGE, va);
	gs_cs_fault_error(p->cs, &f, "a command's write");
	return -EFAULT;
}

/*
 * Copy or fill stream bytes [@o0, @o1), in execution order, MOVE_OPS
 * pieces to a call (one guard for all: a tiled surface's pieces are 16 or
 * 512 bytes).  0, or -EFAULT after reporting a page the window lost since
 * the walk probed it.
 */
static int move(struct gs_blt_plan *p, const struct unit *u, uint32_t o0, uint32_t o1)
{
	const struct run *sr = u->s.run, *dr = u->d.run;
	struct gs_dma_op ops[MOVE_OPS];
	uint64_t va[MOVE_OPS];
	unsigned int i = 0, j = 0, k = 0;
	uint32_t o = o0;
	size_t done;

	while (o < o1) {
		uint32_t n;
		uint64_t dma;

		while (dr[j].off + dr[j].len <= o)
			j++;
		n = dr[j].off + dr[j].len - o;
		if (n > o1 - o)
			n = o1 - o;
		dma = dr[j].dma + (o - dr[j].off);
		if (p->fast == GS_BLT_FAST_COPY) {
			while (sr[i].off + sr[i].len <= o)
				i++;
			if (n > sr[i].off + sr[i].len - o)
				n = sr[i].off + sr[i].len - o;
			ops[k] = (struct gs_dma_op){ .dst = dma, .src = sr[i].dma + (o - sr[i].off),
						     .len = n };
		} else {
			ops[k] = (struct gs_dma_op){ .dst = dma, .pattern = fill_at(p->fill, dma, o),
						     .len = n };
		}
		va[k++] = dr[j].va + (o - dr[j].off);
		o += n;
		if (k == MOVE_OPS || o >= o1) {
			int ret = p->fast == GS_BLT_FAST_COPY ?
					  gs_dma_copy_list(p->cs->dev, ops, k, &done) :
					  gs_dma_fill_list(p->cs->dev, ops, k, &done);

			if (ret)
				return lost_page(p, va[done]);
			k = 0;
		}
	}
	return 0;
}

/* The unit's spans one at a time: those whose bytes overlap go through the reference path. */
static int move_by_span(struct gs_blt_plan *p, struct unit *u)
{
	for (unsigned int i = 0; i < u->nspans; i++) {
		const struct span_ref *sp = &u->span[i];
		uint32_t end = sp->off + sp->bytes < u->limit ? sp->off + sp->bytes : u->limit;
		int ret;

		if (sp->off >= u->limit)
			break;
		if (!shares_bytes(u, sp->off, end)) {
			ret = move(p, u, sp->off, end);
		} else {
			atomic_fetch_add_explicit(&gs_blt_fast_counts.ref_spans, 1, memory_order_relaxed);
			ret = gs_blt_ref_span(p, sp->r, sp->k);
			/* It faults where the walk did (unless the tables changed meanwhile). */
			if (!ret && u->faulted && i == u->fault_span)
				break;
		}
		if (ret)
			return ret;
	}
	return 0;
}

/* Pieces queued for one gs_dma_probe_list() call, and the run each belongs to. */
struct probe_batch {
	struct gs_dma_op ops[MOVE_OPS];
	unsigned int run[MOVE_OPS];
	unsigned int n;
};

/*
 * Probe @q's pieces; on success remember them present under @gen.  The
 * stream offset of the first missing byte (and its GPU address in *@va),
 * or UINT32_MAX.
 */
static uint32_t probe_batch(struct gs_cs *cs, struct probe_batch *q, const struct stream *st,
			    uint64_t gen, uint64_t *va)
{
	uint64_t bad;
	size_t done;

	if (gs_dma_probe_list(cs->dev, q->ops, q->n, &done, &bad)) {
		const struct run *r = &st->run[q->run[done]];

		*va = r->va + (bad - r->dma);
		return r->off + (uint32_t)(bad - r->dma);
	}
	if (cs->blt->present) {
		for (unsigned int i = 0; i < q->n; i++)
			gs_dma_present_note(cs->blt->present, gen, q->ops[i].dst,
					    q->ops[i].dst + q->ops[i].len);
	}
	q->n = 0;
	return UINT32_MAX;
}

/*
 * The first byte of @st's runs that lies on a page the window does not
 * have: its stream offset (UINT32_MAX if none) and GPU address.  The runs
 * are probed in stream order, MOVE_OPS pieces to a call, so the pages'
 * first lines are fetched in parallel rather than one miss at a time;
 * pages this engine already probed present since the driver last removed
 * window pages are skipped (mem/present.c: skipping a page that is there
 * changes nothing, and the generation is sampled before any probe).
 */
static uint32_t first_missing(struct gs_cs *cs, const struct stream *st, uint64_t *va)
{
	uint64_t gen = gs_dma_window_generation(cs->dev);
	struct gs_dma_present *known = cs->blt->present;
	struct probe_batch q;
	uint32_t off;

	if (!known)
		known = cs->blt->present = gs_dma_present_new();	/* NULL: probe everything */
	q.n = 0;
	for (unsigned int i = 0; i < st->n; i++) {
		uint64_t a = st->run[i].dma, hi = a + st->run[i].len, end = hi;

		while (a < hi) {
			if (known && gs_dma_present_span(known, gen, a, hi, &end)) {
				a = end;
				continue;
			}
			end = known ? end : hi;
			q.ops[q.n] = (struct gs_dma_op){ .dst = a, .len = (uint32_t)(end - a) };
			q.run[q.n++] = i;
			a = end;
			if (q.n == MOVE_OPS && (off = probe_batch(cs, &q, st, gen, va)) != UINT32_MAX)
				return off;
		}
	}
	return q.n ? probe_batch(cs, &q, st, gen, va) : UINT32_MAX;
}

/* The span of @u holding stream byte @off. */
static unsigned int span_of(const struct unit *u, uint32_t off)
{
	unsigned int lo = 0, hi = u->nspans;

	while (hi - lo > 1) {
		unsigned int mid = (lo + hi) / 2;

		if (u->span[mid].off <= off)
			lo = mid;
		else
			hi = mid;
	}
	return lo;
}

/*
 * Where an access happens in execution order: span by span, a span's
 * source before its destination, each byte by byte.
 */
struct event {
	unsigned int span;
	bool write;
	uint32_t off;
};

static bool earlier(struct event a, struct event b)
{
	if (a.span != b.span)
		return a.span < b.span;
	if (a.write != b.write)
		return !a.write;
	return a.off < b.off;
}

/*
 * A page missing from the window at stream byte @off of the source
 * (@write false) or destination stream: the access there would have
 * faulted with FAULT_TYPE_RANGE (gs_mem_read()).  If that comes before
 * the fault the walk found, it is the unit's fault.
 */
static void missing_page(struct unit *u, const struct gs_blt_plan *p, bool write, uint32_t off,
			 uint64_t va)
{
	unsigned int i = span_of(u, off);
	struct event e = { .span = i, .write = write, .off = off };
	const struct gs_blt_surf *s = write ? &p->op->dst : &p->op->src;

	if (u->faulted && !earlier(e, (struct event){ .span = u->fault_span,
						       .write = u->fault_write,
						       .off = u->fault_at }))
		return;
	gs_fault_set(&u->fault, FAULT_TYPE_RANGE, s->ggtt, write ? GS_MEM_WRITE : GS_MEM_READ,
		     GS_LEVEL_PAGE, va);
	u->faulted = true;
	u->fault_write = write;
	u->fault_span = i;
	u->fault_at = off;
	/* A source fault loses its whole span: the reference reads it before writing. */
	u->limit = write ? off : u->span[i].off;
}

/* Execute @u and report its fault, if any; then empty it. */
static int unit_flush(struct unit *u, struct gs_blt_plan *p)
{
	uint32_t off;
	uint64_t va;
	int ret = 0;

	/* The TLB as the unit's translations one by one leave it, before anything moves. */
	gs_mem_batch_end(&u->xl);
	if (p->fast == GS_BLT_FAST_COPY) {
		off = first_missing(p->cs, &u->s, &va);
		if (off != UINT32_MAX)
			missing_page(u, p, false, off, va);
	}
	off = first_missing(p->cs, &u->d, &va);
	if (off != UINT32_MAX)
		missing_page(u, p, true, off, va);
	if (u->limit) {
		atomic_fetch_add_explicit(&gs_blt_fast_counts.units, 1, memory_order_relaxed);
		if (p->fast == GS_BLT_FAST_FILL || !shares_bytes(u, 0, u->limit))
			ret = move(p, u, 0, u->limit);
		else
			ret = move_by_span(p, u);
	}
	if (!ret && u->faulted) {
		gs_cs_fault_error(p->cs, &u->fault,
				  u->fault_write ? "a command's write" : "a command's read");
		ret = -EFAULT;
	}
	unit_reset(u, p);
	return ret;
}

/*
 * Whole tiles (hw-spec-blitter "Fast paths").  Rows in the same band of
 * tiles (8 rows X-major, 32 Y-major) touch the same pages in the same
 * order: a row of a tiled surface is a slice of every tile it crosses.
 * When the blit covers whole tiles of both surfaces in the band, its rows
 * are the same sequence of translations again and again, and:
 * - the TLB is direct mapped, so a sequence run twice from any state ends
 *   where it ended the first time (each entry holds the last page of the
 *   sequence that maps to it, or what it held), and every later run starts
 *   from there: the second row's translations, hits and misses are those
 *   of every row after it;
 * - so when the first two rows of a band translate alike (no stale TLB
 *   entry met in one and refilled for the other) and raised no fault, the
 *   other rows would translate alike too, raise no fault (every page was
 *   just translated and probed) and leave the TLB as the second row left
 *   it: they need no walk, only their hits and misses counted;
 * - and when no source page is a destination page, the order of the
 *   band's accesses cannot matter (two destination tiles on one page are
 *   written in the same order either way: a byte of a page is the same
 *   byte of every tile mapped there, written once per tile in tile order
 *   by both): the band moves as whole 4 KiB tiles.
 * The first two rows run as every other row does (their bytes are written
 * again by the tile copy, with the same values); anything else (a fault,
 * rows that translate differently, an invalidation meanwhile, shared
 * pages) sends the rest of the band down the ordinary path.
 */
#define BAND_TILES	2048u

struct tile_rec {
	unsigned int n;		/* tiles noted in this row */
	bool second;		/* the second row: compare instead of noting */
	bool bad;		/* the rows differ, or too many tiles */
	bool have_last;
	uint64_t last_vp, last_dp;
	uint64_t vp[BAND_TILES], dp[BAND_TILES];	/* each tile's page: GPU, window */
};

/* A translated page of a tiled row: consecutive chunks of one tile are noted once. */
static void tile_note(struct tile_rec *t, uint64_t va, uint64_t dma)
{
	uint64_t vp = va >> GS_PAGE_SHIFT, dp = dma >> GS_PAGE_SHIFT;

	if (t->have_last && t->last_vp == vp) {
		if (t->last_dp != dp)
			t->bad = true;
		return;
	}
	t->have_last = true;
	t->last_vp = vp;
	t->last_dp = dp;
	if (t->n >= BAND_TILES) {
		t->bad = true;
		return;
	}
	if (!t->second) {
		t->vp[t->n] = vp;
		t->dp[t->n] = dp;
	} else if (t->vp[t->n] != vp || t->dp[t->n] != dp) {
		t->bad = true;
	}
	t->n++;
}

/* Rows per band when whole tiles apply to the blit, else 0. */
static uint32_t band_rows(const struct gs_blt_plan *p)
{
	const struct gs_blt_op *op = p->op;
	uint32_t tw, th;
	int64_t xb1 = (int64_t)p->x1 * op->cpp, xb2 = (int64_t)p->x2 * op->cpp;

	if (p->rev_x || p->rev_y)
		return 0;
	switch (op->dst.tiling) {
	case GS_BLT_TILE_X:
		tw = 512;
		th = 8;
		break;
	case GS_BLT_TILE_Y:
		tw = 128;
		th = 32;
		break;
	default:
		return 0;
	}
	if (xb1 % tw || xb2 % tw || (xb2 - xb1) / tw > BAND_TILES)
		return 0;
	if (p->fast == GS_BLT_FAST_COPY &&
	    (op->src.tiling != op->dst.tiling || ((int64_t)p->sx * op->cpp) % tw ||
	     ((int64_t)p->y1 - p->sy) % th))
		return 0;
	return th;
}

/* Do any of @a's pages appear in @b?  A set in u->pages (shares_pages()'s). */
static bool pages_shared(struct unit *u, const uint64_t *a, unsigned int na, const uint64_t *b,
			 unsigned int nb)
{
	uint64_t *set = u->pages;

	if (na > PAGE_SET / 2)
		return true;
	memset(set, 0, sizeof(u->pages));
	for (unsigned int i = 0; i < na; i++) {
		unsigned int h = (unsigned int)(a[i] * 0x9e3779b97f4a7c15ull >> 52);

		while (set[h] && set[h] != a[i] + 1)
			h = (h + 1) & (PAGE_SET - 1);
		set[h] = a[i] + 1;
	}
	for (unsigned int j = 0; j < nb; j++) {
		unsigned int h = (unsigned int)(b[j] * 0x9e3779b97f4a7c15ull >> 52);

		while (set[h] && set[h] != b[j] + 1)
			h = (h + 1) & (PAGE_SET - 1);
		if (set[h])
			return true;
	}
	return false;
}

/*
 * Whole rows at once.  A row of linear surfaces walked left to right is,
 * span after span, consecutive bytes of each surface (unless an address
 * wraps at 2^48, where gs_blt_addr() masks each span's start), so the
 * translations the per-span walk makes are those of
 * gs_mem_batch_translate_spans() over the row: the same pages, in the
 * same order (a span's source, then its destination), one call instead
 * of two walks a span.
 */
static bool row_linear(const struct gs_blt_plan *p, const struct gs_blt_surf *s, int64_t xbyte,
		       int64_t y, uint64_t *va)
{
	uint64_t run;

	if (s->tiling != GS_BLT_LINEAR)
		return false;
	*va = gs_blt_addr(s, xbyte, y, &run);
	return *va + (uint64_t)p->w * p->op->cpp <= 1ull << 48;
}

/* The runs one stream of a row translated, from GPU address @va, into @st. */
static void add_runs(struct stream *st, const struct gs_mem_stream *ms, uint32_t off)
{
	uint64_t va = ms->va;

	for (unsigned int i = 0; i < ms->n; i++) {
		append(st, ms->run[i].dma, va, off, (uint32_t)ms->run[i].len);
		va += ms->run[i].len;
		off += (uint32_t)ms->run[i].len;
	}
}

/*
 * Rows [@r, @r + @m) into @u as unit_add() span by span would add them,
 * given that they follow one another in both surfaces and fill their
 * spans (rows_together()) when @m > 1.  *@k: the spans added whole, all
 * @m rows' or fewer when the unit's lists or spans filled (-ENOSPC; the
 * caller flushes and goes on).  -EFAULT as unit_add(): the fault
 * recorded, span *@k (counted over the rows) the one that faulted.
 */
static int unit_add_rows(struct unit *u, struct gs_blt_plan *p, uint32_t r, uint32_t m, uint32_t *k)
{
	const struct gs_blt_op *op = p->op;
	bool copy = p->fast == GS_BLT_FAST_COPY;
	int64_t y = gs_blt_row_y(p, r);
	uint32_t span = p->span_px * op->cpp, bytes, done;
	struct gs_mem_space ms_s = space(p->cs, op->src.ggtt), ms_d = space(p->cs, op->dst.ggtt);
	struct gs_mem_stream st[2];
	unsigned int nst = 0, which = 0;
	uint64_t va_s = 0, va_d = 0;
	int ret;

	/* No more spans than the unit has records for. */
	if (m > (UNIT_SPANS - u->nspans) / p->nspans)
		m = (UNIT_SPANS - u->nspans) / p->nspans;
	if (!m) {
		*k = 0;
		return -ENOSPC;
	}
	bytes = m * p->w * op->cpp;
	(void)row_linear(p, &op->dst, (int64_t)p->x1 * op->cpp, y, &va_d);
	if (copy) {
		(void)row_linear(p, &op->src, (int64_t)p->sx * op->cpp, y - p->y1 + p->sy, &va_s);
		st[nst++] = (struct gs_mem_stream){ .space = &ms_s, .va = va_s, .access = GS_MEM_READ,
						    .run = u->rr[0], .max = MAX_RUNS - u->s.n };
	}
	st[nst++] = (struct gs_mem_stream){ .space = &ms_d, .va = va_d, .access = GS_MEM_WRITE,
					    .run = u->rr[1], .max = MAX_RUNS - u->d.n };
	ret = gs_mem_batch_translate_spans(&u->xl, st, nst, bytes, span, &which, &u->fault);
	if (copy)
		add_runs(&u->s, &st[0], u->bytes);
	add_runs(&u->d, &st[nst - 1], u->bytes);
	/* The spans translated whole: every one, or those before the stop. */
	*k = ret ? (uint32_t)(st[ret == -EFAULT ? which : nst - 1].done / span) : m * p->nspans;
	/* Row and span counted along, not divided out: this loop runs once a span. */
	for (uint32_t j = 0, rr = r, kk = 0; j < *k; j++) {
		uint32_t n = bytes - j * span < span ? bytes - j * span : span;

		u->span[u->nspans++] = (struct span_ref){ .r = rr, .k = kk, .off = u->bytes, .bytes = n };
		u->bytes += n;
		if (++kk == p->nspans) {
			kk = 0;
			rr++;
		}
	}
	u->limit = u->bytes;
	if (ret != -EFAULT)
		return ret;
	/* As unit_add(): the faulting span recorded, not counted in u->bytes. */
	done = (uint32_t)st[which].done - *k * span;
	u->span[u->nspans] = (struct span_ref){ .r = r + *k / p->nspans, .k = *k % p->nspans,
						.off = u->bytes,
						.bytes = bytes - *k * span < span ? bytes - *k * span : span };
	u->faulted = true;
	u->fault_write = which == nst - 1;
	u->fault_span = u->nspans++;
	u->fault_at = u->bytes + done;
	if (u->fault_write)
		u->limit = u->fault_at;
	return -EFAULT;
}

/* Can row @r of @p go through unit_add_rows()? */
static bool row_at_once(const struct gs_blt_plan *p, uint32_t r)
{
	const struct gs_blt_op *op = p->op;
	int64_t y = gs_blt_row_y(p, r);
	uint64_t va;

	if (p->rev_x || p->nspans > UNIT_SPANS ||
	    !row_linear(p, &op->dst, (int64_t)p->x1 * op->cpp, y, &va))
		return false;
	return p->fast != GS_BLT_FAST_COPY ||
	       row_linear(p, &op->src, (int64_t)p->sx * op->cpp, y - p->y1 + p->sy, &va);
}

/*
 * How many rows from @r (at most @n) unit_add_rows() can take as one:
 * rows that fill their spans (so that the spans of the rows together are
 * the rows' spans), each starting where the one before ends in both
 * surfaces, in increasing addresses, with no wrap at 2^48 in all of them.
 */
static uint32_t rows_together(const struct gs_blt_plan *p, uint32_t r, uint32_t n)
{
	const struct gs_blt_op *op = p->op;
	uint64_t row = (uint64_t)p->w * op->cpp, va, lim;

	if (n <= 1 || p->rev_y || row % ((uint64_t)p->span_px * op->cpp) || op->dst.pitch != (int64_t)row ||
	    (p->fast == GS_BLT_FAST_COPY && op->src.pitch != (int64_t)row))
		return 1;
	/* The first row's start is checked by row_at_once(); the last row's end here. */
	lim = (1ull << 48) / row;
	if (n > lim)
		n = (uint32_t)lim;
	if (!row_linear(p, &op->dst, (int64_t)p->x1 * op->cpp, gs_blt_row_y(p, r), &va) ||
	    va + n * row > 1ull << 48)
		return 1;
	if (p->fast == GS_BLT_FAST_COPY &&
	    (!row_linear(p, &op->src, (int64_t)p->sx * op->cpp, gs_blt_row_y(p, r) - p->y1 + p->sy,
			 &va) || va + n * row > 1ull << 48))
		return 1;
	return n;
}

/* Spans from span @k of row @row to the row's end, one at a time.  0, or what unit_flush() returned. */
static int add_spans(struct unit *u, struct gs_blt_plan *p, uint32_t row, uint32_t k)
{
	int ret;

	for (; k < p->nspans; k++) {
		if (unit_full(u, p)) {
			ret = unit_flush(u, p);
			if (ret)
				return ret;
		}
		if (unit_add(u, p, row, k)) {
			ret = unit_flush(u, p);
			return ret ? ret : -EFAULT;
		}
	}
	return 0;
}

/*
 * Rows [@row, @row + @m) into @u, as many at once as unit_add_rows()
 * takes, flushing the unit when it fills; a row cut by a full unit ends
 * span by span.  0, or what unit_flush() returned.
 */
static int add_rows(struct unit *u, struct gs_blt_plan *p, uint32_t row, uint32_t m)
{
	uint32_t k;
	int ret;

	while (m) {
		ret = unit_add_rows(u, p, row, m, &k);
		if (ret == -EFAULT) {
			ret = unit_flush(u, p);
			return ret ? ret : -EFAULT;
		}
		row += k / p->nspans;
		m -= k / p->nspans;
		if (ret == -ENOSPC) {
			if (k % p->nspans) {
				ret = add_spans(u, p, row, k % p->nspans);
				if (ret)
					return ret;
				row++;
				m--;
			}
			if (m) {
				ret = unit_flush(u, p);
				if (ret)
					return ret;
			}
		}
	}
	return 0;
}

/* Row @row into @u: whole when it can be, else span by span. */
static int add_row(struct unit *u, struct gs_blt_plan *p, uint32_t row)
{
	return row_at_once(p, row) ? add_rows(u, p, row, 1) : add_spans(u, p, row, 0);
}

static uint64_t tlb_hits(const struct unit *u)
{
	return gs_tlb_hits(u->xl.tlb) + u->xl.hits;
}

static uint64_t tlb_misses(const struct unit *u)
{
	return gs_tlb_misses(u->xl.tlb) + u->xl.misses;
}

/* The band's tiles in tile order, whole 4 KiB pages, MOVE_OPS to a call. */
static int move_tiles(struct gs_blt_plan *p, const struct tile_rec *src, const struct tile_rec *dst)
{
	struct gs_dma_op ops[MOVE_OPS];
	uint64_t va[MOVE_OPS];
	unsigned int k = 0;
	size_t done;

	for (unsigned int i = 0; i < dst->n; i++) {
		uint64_t d = dst->dp[i] << GS_PAGE_SHIFT, s = src ? src->dp[i] << GS_PAGE_SHIFT : 0;
		struct gs_dma_op *last = k ? &ops[k - 1] : NULL;

		if (last && last->len < (1u << 30) && last->dst + last->len == d &&
		    (!src || last->src + last->len == s)) {
			last->len += GS_PAGE_SIZE;
		} else {
			ops[k] = (struct gs_dma_op){ .dst = d, .src = s, .pattern = p->fill,
						     .len = GS_PAGE_SIZE };
			va[k++] = dst->vp[i] << GS_PAGE_SHIFT;
		}
		if (k == MOVE_OPS || i + 1 == dst->n) {
			int ret = src ? gs_dma_copy_list(p->cs->dev, ops, k, &done) :
					gs_dma_fill_list(p->cs->dev, ops, k, &done);

			if (ret)
				return lost_page(p, va[done]);
			k = 0;
		}
	}
	return 0;
}

/*
 * The band of @th rows from @row: its first two rows as always, then the
 * rest as whole tiles if the rules above allow, else row by row.
 */
static int band(struct unit *u, struct gs_blt_plan *p, struct tile_rec rec[2], uint32_t row,
		uint32_t th)
{
	bool copy = p->fast == GS_BLT_FAST_COPY;
	uint32_t tiles = (uint32_t)(((int64_t)p->x2 - p->x1) * p->op->cpp / (th == 8 ? 512 : 128));
	uint64_t gen = gs_tlb_generation(p->cs->dev), h = 0, m = 0;
	bool ok;
	int ret;

	for (uint32_t i = 0; i < 2; i++) {
		for (int s = 0; s < 2; s++) {
			rec[s].n = 0;
			rec[s].second = i == 1;
			rec[s].have_last = false;
			if (!i)
				rec[s].bad = false;
		}
		if (i == 1) {
			h = tlb_hits(u);
			m = tlb_misses(u);
		}
		u->s.rec = copy ? &rec[0] : NULL;
		u->d.rec = &rec[1];
		ret = add_row(u, p, row + i);
		u->s.rec = u->d.rec = NULL;
		if (ret)
			return ret;
		for (int s = 0; s < 2; s++) {
			/* Every tile of the row once, the same in both rows. */
			rec[s].bad |= rec[s].n != tiles;
		}
	}
	h = tlb_hits(u) - h;
	m = tlb_misses(u) - m;
	ok = !rec[1].bad && (!copy || !rec[0].bad) && gs_tlb_generation(p->cs->dev) == gen &&
	     (!copy || !pages_shared(u, rec[0].dp, rec[0].n, rec[1].dp, rec[1].n));
	if (!ok) {
		for (uint32_t i = 2; i < th; i++) {
			ret = add_row(u, p, row + i);
			if (ret)
				return ret;
		}
		return 0;
	}
	/* Rows 0 and 1 land first, then the whole band; the other rows' lookups are counted. */
	ret = unit_flush(u, p);
	if (ret)
		return ret;
	u->xl.hits += h * (th - 2);
	u->xl.misses += m * (th - 2);
	atomic_fetch_add_explicit(&gs_blt_fast_counts.bands, 1, memory_order_relaxed);
	return move_tiles(p, copy ? &rec[0] : NULL, &rec[1]);
}

/*
 * Rows [@r, @r + @n) (execution order) of a blit with a fast path.  0, or
 * -EFAULT after a fault was reported and the context stopped.
 */
int gs_blt_fast_rows(struct gs_blt_plan *p, uint32_t r, uint32_t n)
{
	struct tile_rec rec[2];
	uint32_t th = band_rows(p);
	struct unit u;
	int ret;

	unit_reset(&u, p);
	u.s.rec = u.d.rec = NULL;	/* band() sets them for the rows it notes */
	for (uint32_t row = r; row < r + n;) {
		if (th && gs_blt_row_y(p, row) % th == 0 && n - (row - r) >= th) {
			ret = band(&u, p, rec, row, th);
			row += th;
		} else if (row_at_once(p, row)) {
			uint32_t m = rows_together(p, row, r + n - row);

			if (m > 1)
				atomic_fetch_add_explicit(&gs_blt_fast_counts.row_groups, 1,
							  memory_order_relaxed);
			ret = add_rows(&u, p, row, m);
			row += m;
		} else {
			ret = add_spans(&u, p, row, 0);
			row++;
		}
		if (ret)
			return ret;
	}
	return unit_flush(&u, p);
}
