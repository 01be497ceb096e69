// SPDX-License-Identifier: MIT
/*
 * Translating many pages for one unit of work (hw-spec-memory "TLB and
 * invalidation", "Translating in batches"): the blitter's fast paths
 * translate every page of up to 4 MiB of source and destination before
 * they move a byte, and one gs_mem_translate() a page (a TLB lookup with
 * its shared counters, a walk through guarded loads, a fill) cost them a
 * fifth of a linear copy's time.
 *
 * A batch gives every translation the result gs_mem_translate() would
 * give at that point of the sequence, and leaves the TLB as that sequence
 * would:
 * - The TLB is direct mapped, so a translation looks at one entry.  The
 *   batch reads an entry (gs_tlb_peek()) the first time it needs it and
 *   from then on works on its copy in @slot: a hit is a hit of the copy, a
 *   miss walks and replaces the copy, as gs_tlb_fill() would replace the
 *   entry.  gs_mem_batch_end() writes back the copies the batch filled:
 *   each entry ends with the last translation that went through it, as
 *   the one-by-one sequence would leave it, and the hit and miss counts
 *   are added at once.  Exact because the batch runs on the thread that
 *   owns the TLB (the engine's), the only one that fills or flushes it;
 *   the generation is sampled once, at the start: an invalidation made
 *   meanwhile (GFX_FLSH_CNTL_GEN6 from the driver) is a race with the
 *   command that hardware does not order either, and the next batch sees
 *   it.
 * - A PPGTT walk that reaches a page table through a PDE keeps it (up to
 *   GS_MEM_BATCH_PTS of them, the oldest replaced), as the paging-structure
 *   caches of hardware do (EXT Intel SDM Vol. 3A, 4.10.3
 *   "Paging-Structure Caches"); a later walk of an address that table
 *   maps reads only its PTE, and PTEs are read 64 at a time (one guarded
 *   block of 512 bytes, each entry one atomic 64-bit load), then used from
 *   the copy.  The walk and the PTE's checks are ppgtt.c's, shared with
 *   every other walk (gs_ppgtt_use_pte()), so the faults are the same.
 * - Whole ranges (gs_mem_batch_translate_range()) and pairs of streams
 *   span by span (gs_mem_batch_translate_spans(), a blit row's source and
 *   destination) go through the same per-page step, in the same order,
 *   so they leave the same state; what they save is the call a page, and
 *   a miss whose page table and PTE block the batch holds and whose PTE
 *   passes every check is answered inline (quick_pte(); anything else,
 *   a fault included, takes the walk above).  Their pages come back as
 *   runs: consecutive window pages merge into one.  A run list that
 *   fills stops before the next page is translated, never after, so the
 *   caller can go on from there without translating a page twice.
 */
#include <errno.h>

#include "channel/chan.h"
#include "core/device.h"
#include "mem/mem.h"

_Static_assert(GS_MEM_PT_ENTRIES == GEN8_PTES_PER_TABLE, "a page table holds 512 entries");
_Static_assert(GS_MEM_PT_ENTRIES / GS_MEM_PTE_BLOCK <= 8, "blocks fit the bitmap");
_Static_assert(GS_TLB_ENTRIES <= 64, "slots fit the bitmap");

void gs_mem_batch_begin(struct gs_mem_batch *b, struct gs_device *dev, struct gs_tlb *tlb)
{
	b->dev = dev;
	b->tlb = tlb;
	b->gen = gs_tlb_generation(dev);
	b->dma_size = dev->chan->dma_size;
	b->loaded = 0;
	b->hits = 0;
	b->misses = 0;
	b->next_pt = 0;
	b->last_pt = 0;
	for (unsigned int i = 0; i < GS_MEM_BATCH_PTS; i++)
		b->pt[i].pc.valid = false;
}

static bool pt_maps(const struct gs_mem_batch_pt *p, uint64_t root, uint64_t va)
{
	return p->pc.valid && p->pc.root == root && p->pc.va_2m == va >> 21;
}

/* find_pt() past the last one used: kept out of line, the common case is inlined. */
static struct gs_mem_batch_pt *find_other_pt(struct gs_mem_batch *b, uint64_t root, uint64_t va)
{
	for (unsigned int i = 0; i < GS_MEM_BATCH_PTS; i++) {
		if (pt_maps(&b->pt[i], root, va)) {
			b->last_pt = i;
			return &b->pt[i];
		}
	}
	return NULL;
}

/* The page table kept for @va under @root, or NULL; the last one used first. */
static inline struct gs_mem_batch_pt *find_pt(struct gs_mem_batch *b, uint64_t root, uint64_t va)
{
	if (pt_maps(&b->pt[b->last_pt], root, va))
		return &b->pt[b->last_pt];
	return find_other_pt(b, root, va);
}

static int ppgtt_walk(struct gs_mem_batch *b, uint64_t pml4, uint64_t va,
		      enum gs_mem_access access, struct gs_xlate *x, struct gs_fault *fault)
{
	struct gs_mem_batch_pt *p = NULL;
	struct gs_ppgtt_cache pc = { .valid = false };
	int ret;

	/* An address past 2^48 has no page table: the walk itself faults it. */
	if (!(va >> GEN8_PPGTT_VA_BITS))
		p = find_pt(b, pml4 & GEN8_PTE_ADDR_MASK, va);
	if (p) {
		unsigned int idx = (unsigned int)(va >> GS_PAGE_SHIFT) & (GS_MEM_PT_ENTRIES - 1);
		unsigned int blk = idx / GS_MEM_PTE_BLOCK;

		if (!(p->blocks & (1u << blk))) {
			/*
			 * The page table is one window page: the block reads
			 * whenever its entry would, and faults when it would.
			 */
			if (gs_dma_read_qwords(b->dev, p->pc.pt + blk * GS_MEM_PTE_BLOCK * 8,
					       &p->pte[blk * GS_MEM_PTE_BLOCK], GS_MEM_PTE_BLOCK)) {
				gs_fault_set(fault, FAULT_TYPE_RANGE, false, access, GS_LEVEL_PTE,
					     va);
				return -EFAULT;
			}
			p->blocks |= (uint8_t)(1u << blk);
		}
		return gs_ppgtt_use_pte(b->dev, p->pte[idx], p->pc.writable, va, access, x, fault);
	}
	ret = gs_ppgtt_walk_cached(b->dev, pml4, va, access, x, fault, &pc);
	if (pc.valid) {
		b->last_pt = b->next_pt++ % GS_MEM_BATCH_PTS;
		p = &b->pt[b->last_pt];
		p->pc = pc;
		p->blocks = 0;
	}
	return ret;
}

/* The batch's copy of TLB entry @i, read from the TLB the first time it is needed. */
static inline struct gs_mem_batch_slot *slot_get(struct gs_mem_batch *b, unsigned int i)
{
	struct gs_mem_batch_slot *s = &b->slot[i];

	if (!(b->loaded & (1ull << i))) {
		s->valid = gs_tlb_peek(b->tlb, i, b->gen, &s->key, &s->vpn, &s->x);
		s->dirty = false;
		b->loaded |= 1ull << i;
	}
	return s;
}

/* gs_tlb_lookup()'s rule: a write through a read-only entry misses. */
static inline bool slot_hits(const struct gs_mem_batch_slot *s, uint64_t key, uint64_t vpn,
			     enum gs_mem_access access)
{
	return s->valid && s->key == key && s->vpn == vpn &&
	       (access == GS_MEM_READ || s->x.writable);
}

/*
 * A PPGTT miss the batch can answer from a page table it holds, whose
 * block of PTEs it has read, with a PTE that passes every check of
 * gs_ppgtt_use_pte(): the translation that call would give, without the
 * call.  false for anything else (no such table, a block not read yet, a
 * PTE that faults): ppgtt_walk() then does it the usual way, so a fault
 * is always ppgtt.c's.
 */
static inline bool quick_pte(struct gs_mem_batch *b, const struct gs_mem_space *space, uint64_t va,
			     enum gs_mem_access access, uint64_t *dma_page, bool *writable)
{
	const struct gs_mem_batch_pt *p;
	unsigned int idx = (unsigned int)(va >> GS_PAGE_SHIFT) & (GS_MEM_PT_ENTRIES - 1);
	uint64_t e, page;
	bool w;

	if (space->kind != GS_MEM_PPGTT || (va >> GEN8_PPGTT_VA_BITS))
		return false;
	p = find_pt(b, space->pml4 & GEN8_PTE_ADDR_MASK, va);
	if (!p || !(p->blocks & (1u << (idx / GS_MEM_PTE_BLOCK))))
		return false;
	e = p->pte[idx];
	page = e & GEN8_PTE_ADDR_MASK;
	w = p->pc.writable && (e & GEN8_PAGE_RW);
	if (!(e & GEN8_PAGE_PRESENT) || (access == GS_MEM_WRITE && !w) || page >= b->dma_size)
		return false;
	*dma_page = page;
	*writable = w;
	return true;
}

/*
 * One page of either entry point: the DMA page of @va in @space (whose
 * TLB must be the batch's), @key its TLB tag; or -EFAULT with @fault
 * filled.  Inlined into both so that a range costs no call a page.
 */
static inline __attribute__((always_inline)) int
translate_page(struct gs_mem_batch *b, const struct gs_mem_space *space, uint64_t key,
	       uint64_t va, enum gs_mem_access access, uint64_t *page, struct gs_fault *fault)
{
	uint64_t vpn = va >> GS_PAGE_SHIFT, pg;
	struct gs_mem_batch_slot *s = NULL;
	bool w;

	if (b->tlb) {
		s = slot_get(b, gs_tlb_index(key, vpn));
		if (slot_hits(s, key, vpn, access)) {
			b->hits++;
			*page = s->x.dma_page;
			return 0;
		}
		b->misses++;
	}
	/* Page and RW in registers: a struct gs_xlate in memory made a store-forwarding stall (perf). */
	if (!quick_pte(b, space, va, access, &pg, &w)) {
		struct gs_xlate x;
		int ret;

		if (space->kind == GS_MEM_PPGTT)
			ret = ppgtt_walk(b, space->pml4, va, access, &x, fault);
		else
			ret = gs_mem_walk(b->dev, space, va, access, &x, fault, NULL);
		if (ret)
			return ret;	/* only translations are cached, never a fault */
		pg = x.dma_page;
		w = x.writable;
	}
	if (s) {
		/* Field by field: a struct copy made a store-forwarding stall (perf). */
		s->valid = true;
		s->dirty = true;
		s->key = key;
		s->vpn = vpn;
		s->x.dma_page = pg;
		s->x.writable = w;
	}
	*page = pg;
	return 0;
}

/*
 * The DMA address of @va in @space (whose TLB must be the batch's), or
 * -EFAULT with @fault filled: what gs_mem_translate() would return here.
 */
int gs_mem_batch_translate(struct gs_mem_batch *b, const struct gs_mem_space *space,
			   uint64_t va, enum gs_mem_access access, uint64_t *dma,
			   struct gs_fault *fault)
{
	uint64_t page;
	int ret = translate_page(b, space, gs_mem_space_key(space), va, access, &page, fault);

	if (!ret)
		*dma = page | (va & (GS_PAGE_SIZE - 1));
	return ret;
}

/*
 * Translate bytes [@va, @va + @len) of @space page by page in address
 * order, appending to @run[*@n ..] (merged with the run before when the
 * window is contiguous) and adding to *@done; stops before a page when
 * @max runs are filled (-ENOSPC) and at a fault (-EFAULT).  A full list
 * ends before the next page is translated, even one that would have
 * merged: a page translated and not handed back would be translated
 * again by the caller, one hit too many.
 */
static inline __attribute__((always_inline)) int
translate_into(struct gs_mem_batch *b, const struct gs_mem_space *space, uint64_t key, uint64_t va,
	       uint64_t len, enum gs_mem_access access, struct gs_mem_run *run, unsigned int max,
	       unsigned int *n, uint64_t *done, struct gs_fault *fault)
{
	unsigned int k = *n;
	uint64_t o = 0;
	int ret = 0;

	while (o < len) {
		uint64_t a = va + o, page, dma;
		uint64_t c = GS_PAGE_SIZE - (a & (GS_PAGE_SIZE - 1));

		if (c > len - o)
			c = len - o;
		if (k == max) {
			ret = -ENOSPC;
			break;
		}
		ret = translate_page(b, space, key, a, access, &page, fault);
		if (ret)
			break;
		dma = page | (a & (GS_PAGE_SIZE - 1));
		if (k && run[k - 1].dma + run[k - 1].len == dma)
			run[k - 1].len += c;
		else
			run[k++] = (struct gs_mem_run){ .dma = dma, .len = c };
		o += c;
	}
	*n = k;
	*done += o;
	return ret;
}

/*
 * Bytes [@va, @va + @len) of @space, translated page by page in address
 * order, each page exactly as gs_mem_batch_translate() would translate it
 * at that point (the same state, the same order: the TLB copies, the
 * counts and the fault cannot differ), and handed back as runs of
 * window-contiguous bytes: @run[0] starts at @va, each next run where the
 * one before ends, consecutive window pages merged into one run.  The
 * gain is the per-page cost: no call, and one run for many pages instead
 * of one piece each.
 *
 * 0 with every byte translated; -EFAULT with *@fault what
 * gs_mem_batch_translate() would give for the first page that does not
 * translate; -ENOSPC when @max runs are filled and bytes remain.  In
 * every case *@n runs are filled and *@done bytes translated (the runs'
 * total): the caller may go on from @va + *@done.
 */
int gs_mem_batch_translate_range(struct gs_mem_batch *b, const struct gs_mem_space *space,
				 uint64_t va, uint64_t len, enum gs_mem_access access,
				 struct gs_mem_run *run, unsigned int max, unsigned int *n,
				 uint64_t *done, struct gs_fault *fault)
{
	*n = 0;
	*done = 0;
	return translate_into(b, space, gs_mem_space_key(space), va, len, access, run, max, n, done,
			      fault);
}

/*
 * gs_mem_batch_translate_spans() of one stream whose spans start on page
 * boundaries: no page lies in two spans, so the spans one after another
 * are one range, translated as many spans at a time as the run list
 * surely holds (a run a page at most), with the same -ENOSPC rule.
 */
static int one_stream(struct gs_mem_batch *b, struct gs_mem_stream *st, uint64_t key, uint64_t len,
		      uint64_t span, unsigned int *which, struct gs_fault *fault)
{
	uint64_t pages = span / GS_PAGE_SIZE;

	*which = 0;
	for (uint64_t o = 0; o < len;) {
		uint64_t free = st->max - st->n, n;
		int ret;

		/* The room test of the general loop, for the first span of the group. */
		if (free < pages + 2)
			return -ENOSPC;
		n = (free - 2) / pages * span;
		n = n < len - o ? n : len - o;
		ret = translate_into(b, st->space, key, st->va + o, n, st->access, st->run, st->max,
				     &st->n, &st->done, fault);
		if (ret)
			return ret;
		o += n;
	}
	return 0;
}

/*
 * Streams translated in turn, @span bytes of each at a time, for @len
 * bytes: span 0 of stream 0, span 0 of stream 1, ..., span 1 of stream 0,
 * ... - the order in which the blitter's reference path reads a span's
 * source and then writes its destination - each span's pages as
 * gs_mem_batch_translate_range() does them, into the stream's runs
 * (@run[@n ..], merged across spans when the window is contiguous, *@done
 * counting the bytes).  One call for a whole row of a blit instead of two
 * a span.
 *
 * 0; -EFAULT with *@which the stream that faulted and *@fault its fault
 * (the streams' @done say where each stopped); -ENOSPC before a span that
 * a stream might have no room for (two runs a page it touches, at least):
 * every span before it is translated whole, none of it or after it is.
 */
int gs_mem_batch_translate_spans(struct gs_mem_batch *b, struct gs_mem_stream *st, unsigned int nst,
				 uint64_t len, uint64_t span, unsigned int *which,
				 struct gs_fault *fault)
{
	uint64_t key[GS_MEM_STREAMS], room;

	if (nst > GS_MEM_STREAMS)
		return -EINVAL;
	for (unsigned int i = 0; i < nst; i++)
		key[i] = gs_mem_space_key(st[i].space);
	if (nst == 1 && !(st->va % GS_PAGE_SIZE) && !(span % GS_PAGE_SIZE))
		return one_stream(b, st, key[0], len, span, which, fault);
	/* The pages a span can touch, plus one: the room a span needs in each list. */
	room = (span + GS_PAGE_SIZE - 1) / GS_PAGE_SIZE + 2;
	for (uint64_t o = 0; o < len;) {
		/*
		 * As many spans as every list surely has room for, checked
		 * once: a span adds at most room - 1 runs, so none of them
		 * would have failed the test a span at a time either.
		 */
		uint64_t g = UINT64_MAX;

		for (unsigned int i = 0; i < nst; i++) {
			uint64_t fit = (st[i].max - st[i].n) / room;

			g = fit < g ? fit : g;
		}
		if (!g)
			return -ENOSPC;
		for (; g && o < len; g--, o += span) {
			uint64_t n = span < len - o ? span : len - o;

			for (unsigned int i = 0; i < nst; i++) {
				int ret = translate_into(b, st[i].space, key[i], st[i].va + o, n,
							 st[i].access, st[i].run, st[i].max,
							 &st[i].n, &st[i].done, fault);

				if (ret) {
					*which = i;
					return ret;
				}
			}
		}
	}
	return 0;
}

/* Write the entries the batch filled back to its TLB, and its counts. */
void gs_mem_batch_end(struct gs_mem_batch *b)
{
	if (!b->tlb)
		return;
	for (uint64_t m = b->loaded; m; m &= m - 1) {
		const struct gs_mem_batch_slot *s = &b->slot[__builtin_ctzll(m)];

		if (s->dirty)
			gs_tlb_fill(b->tlb, b->gen, s->key, s->vpn << GS_PAGE_SHIFT, &s->x);
	}
	gs_tlb_count(b->tlb, b->hits, b->misses);
	b->loaded = 0;
	b->hits = 0;
	b->misses = 0;
}
