// SPDX-License-Identifier: MIT
/*
 * The TLB (hw-spec-memory "TLB and invalidation"; Linux i915
 * gt/intel_ggtt.c (gen8_ggtt_pte_encode(), gen8_ggtt_invalidate()) for
 * GFX_FLSH_CNTL_GEN6, Linux i915 gt/gen8_ppgtt.c for PPGTT invalidation).
 *
 * Each unit that translates owns a struct gs_tlb: 64 entries, direct
 * mapped by page number and space, each caching one 4 KiB translation
 * (a 2 MiB or 1 GiB page fills one entry per 4 KiB page used).  Only
 * successful translations are cached; a fault walks the tables every time.
 *
 * Invalidation is a device-wide generation counter: every entry records
 * the generation it was filled under and only an entry of the current
 * generation hits.  GFX_FLSH_CNTL_GEN6 bit 0, a full reset and (later) a
 * context switch bump it, which drops every entry of every TLB at once,
 * without touching them and without reg_lock.  Until then a stale entry
 * is used, as on hardware: a driver that rewrites a GTT entry and does
 * not flush sees the old translation.
 *
 * Engines will translate on their own threads and may share a TLB, so an
 * entry is a sequence lock built only of atomics: a fill makes seq odd,
 * stores the fields, makes seq even again; a lookup that sees seq odd or
 * changed while it read the fields treats the entry as a miss.  A fill
 * that finds the entry being filled by another thread gives up: this is
 * a cache, and the other fill is as good.  All fields are atomics, so
 * there is no data race for ThreadSanitizer to see.
 */
#include <stdlib.h>

#include "core/device.h"
#include "core/log.h"
#include "mem/mem.h"

#define TLB_V		BIT(0)		/* the entry holds a translation */
#define TLB_W		BIT(1)		/* writes may use it */

struct gs_tlb *gs_tlb_create(void)
{
	struct gs_tlb *tlb = malloc(sizeof(*tlb));

	if (!tlb)
		return NULL;
	for (size_t i = 0; i < GS_TLB_ENTRIES; i++) {
		atomic_init(&tlb->e[i].seq, 0);
		atomic_init(&tlb->e[i].gen, 0);
		atomic_init(&tlb->e[i].key, 0);
		atomic_init(&tlb->e[i].vpn, 0);
		atomic_init(&tlb->e[i].val, 0);
	}
	for (size_t i = 0; i < GS_TLB_STRIPES; i++) {
		atomic_init(&tlb->count[i].hits, 0);
		atomic_init(&tlb->count[i].misses, 0);
	}
	return tlb;
}

void gs_tlb_destroy(struct gs_tlb *tlb)
{
	free(tlb);
}

/*
 * Acquire pairs with the release in gs_tlb_invalidate_all(): a unit that
 * sees the new generation also sees every GTT write the driver made before
 * the flush (they reached the device before the flush's record).
 */
uint64_t gs_tlb_generation(struct gs_device *dev)
{
	return atomic_load_explicit(&dev->tlb_gen, memory_order_acquire);
}

void gs_tlb_invalidate_all(struct gs_device *dev)
{
	atomic_fetch_add_explicit(&dev->tlb_gen, 1, memory_order_acq_rel);
}

static struct gs_tlb_entry *slot(struct gs_tlb *tlb, uint64_t key, uint64_t vpn)
{
	return &tlb->e[gs_tlb_index(key, vpn)];
}

/* The calling thread's stripe of the statistics (struct gs_tlb): given out in turn. */
static struct gs_tlb_stripe *stripe(struct gs_tlb *tlb)
{
	static atomic_uint next;
	static _Thread_local unsigned int mine = ~0u;

	if (mine == ~0u)
		mine = atomic_fetch_add_explicit(&next, 1, memory_order_relaxed) %
		       GS_TLB_STRIPES;
	return &tlb->count[mine];
}

/* @n more in a statistics counter: not a locked add (struct gs_tlb). */
static inline void count_add(atomic_uint_fast64_t *c, uint64_t n)
{
	atomic_store_explicit(c, atomic_load_explicit(c, memory_order_relaxed) + n,
			      memory_order_relaxed);
}

/*
 * A hit needs the right space, page and generation, and for a write a
 * writable entry: a write through a read-only entry misses and walks, so
 * the fault comes from the tables as they are now.
 */
bool gs_tlb_lookup(struct gs_device *dev, struct gs_tlb *tlb, uint64_t key, uint64_t va,
		   enum gs_mem_access access, struct gs_xlate *out)
{
	uint64_t vpn = va >> GS_PAGE_SHIFT, gen = gs_tlb_generation(dev);
	struct gs_tlb_entry *e = slot(tlb, key, vpn);
	uint64_t egen, ekey, evpn, val;
	unsigned int s1, s2;

	s1 = atomic_load_explicit(&e->seq, memory_order_acquire);
	if (s1 & 1)
		goto miss;
	egen = atomic_load_explicit(&e->gen, memory_order_relaxed);
	ekey = atomic_load_explicit(&e->key, memory_order_relaxed);
	evpn = atomic_load_explicit(&e->vpn, memory_order_relaxed);
	val = atomic_load_explicit(&e->val, memory_order_relaxed);
	/* Orders the field loads before the second seq load (seqlock reader). */
	atomic_thread_fence(memory_order_acquire);
	s2 = atomic_load_explicit(&e->seq, memory_order_relaxed);
	if (s1 != s2 || !(val & TLB_V) || egen != gen || ekey != key || evpn != vpn)
		goto miss;
	if (access == GS_MEM_WRITE && !(val & TLB_W))
		goto miss;
	out->dma_page = val & ~(uint64_t)(GS_PAGE_SIZE - 1);
	out->writable = val & TLB_W;
	count_add(&stripe(tlb)->hits, 1);
	return true;
miss:
	count_add(&stripe(tlb)->misses, 1);
	return false;
}

/*
 * Entry @i as a lookup under generation @gen would find it: true with its
 * space, page number and translation if it holds one of that generation
 * (mem/batch.c reads the entries it will use once, then works on a copy).
 */
bool gs_tlb_peek(struct gs_tlb *tlb, unsigned int i, uint64_t gen, uint64_t *key,
		 uint64_t *vpn, struct gs_xlate *out)
{
	struct gs_tlb_entry *e = &tlb->e[i & (GS_TLB_ENTRIES - 1)];
	uint64_t egen, ekey, evpn, val;
	unsigned int s1, s2;

	s1 = atomic_load_explicit(&e->seq, memory_order_acquire);
	if (s1 & 1)
		return false;
	egen = atomic_load_explicit(&e->gen, memory_order_relaxed);
	ekey = atomic_load_explicit(&e->key, memory_order_relaxed);
	evpn = atomic_load_explicit(&e->vpn, memory_order_relaxed);
	val = atomic_load_explicit(&e->val, memory_order_relaxed);
	atomic_thread_fence(memory_order_acquire);
	s2 = atomic_load_explicit(&e->seq, memory_order_relaxed);
	if (s1 != s2 || !(val & TLB_V) || egen != gen)
		return false;
	*key = ekey;
	*vpn = evpn;
	out->dma_page = val & ~(uint64_t)(GS_PAGE_SIZE - 1);
	out->writable = val & TLB_W;
	return true;
}

/* Add lookups made on a copy of the entries (mem/batch.c) to the statistics. */
void gs_tlb_count(struct gs_tlb *tlb, uint64_t hits, uint64_t misses)
{
	struct gs_tlb_stripe *c = stripe(tlb);

	if (hits)
		count_add(&c->hits, hits);
	if (misses)
		count_add(&c->misses, misses);
}

uint64_t gs_tlb_hits(const struct gs_tlb *tlb)
{
	uint64_t n = 0;

	for (size_t i = 0; i < GS_TLB_STRIPES; i++)
		n += atomic_load_explicit(&tlb->count[i].hits, memory_order_relaxed);
	return n;
}

uint64_t gs_tlb_misses(const struct gs_tlb *tlb)
{
	uint64_t n = 0;

	for (size_t i = 0; i < GS_TLB_STRIPES; i++)
		n += atomic_load_explicit(&tlb->count[i].misses, memory_order_relaxed);
	return n;
}

/* Cache the translation of @va's page, walked under generation @gen. */
void gs_tlb_fill(struct gs_tlb *tlb, uint64_t gen, uint64_t key, uint64_t va,
		 const struct gs_xlate *x)
{
	uint64_t vpn = va >> GS_PAGE_SHIFT;
	struct gs_tlb_entry *e = slot(tlb, key, vpn);
	unsigned int s = atomic_load_explicit(&e->seq, memory_order_relaxed);

	if ((s & 1) || !atomic_compare_exchange_strong_explicit(&e->seq, &s, s + 1,
								 memory_order_relaxed,
								 memory_order_relaxed))
		return;
	/* Orders seq odd before the field stores (seqlock writer). */
	atomic_thread_fence(memory_order_release);
	atomic_store_explicit(&e->gen, gen, memory_order_relaxed);
	atomic_store_explicit(&e->key, key, memory_order_relaxed);
	atomic_store_explicit(&e->vpn, vpn, memory_order_relaxed);
	atomic_store_explicit(&e->val, x->dma_page | TLB_V | (x->writable ? TLB_W : 0),
			      memory_order_relaxed);
	atomic_store_explicit(&e->seq, s + 2, memory_order_release);
}

/*
 * Drop every entry of one TLB: a command streamer's own invalidation
 * (context switch, MI_FLUSH_DW or PIPE_CONTROL with TLB invalidate), called
 * by the unit that owns the TLB.  Each
 * entry is emptied with the same sequence protocol as a fill, so a lookup
 * on another thread never sees half an entry.
 */
void gs_tlb_flush(struct gs_tlb *tlb)
{
	for (size_t i = 0; i < GS_TLB_ENTRIES; i++) {
		struct gs_tlb_entry *e = &tlb->e[i];
		unsigned int s = atomic_load_explicit(&e->seq, memory_order_relaxed);

		if ((s & 1) || !atomic_compare_exchange_strong_explicit(&e->seq, &s, s + 1,
									 memory_order_relaxed,
									 memory_order_relaxed)) {
			/*
			 * Only the unit that owns the TLB fills it, and it is the
			 * one flushing: no fill can be in progress.
			 */
			continue;
		}
		atomic_thread_fence(memory_order_release);
		atomic_store_explicit(&e->val, 0, memory_order_relaxed);
		atomic_store_explicit(&e->seq, s + 2, memory_order_release);
	}
}

/*
 * GFX_FLSH_CNTL_GEN6 (EXT i915: written with 1 after GGTT PTE updates).
 * gensim: bit 0 invalidates every TLB of the device, GGTT and PPGTT.
 */
void gfx_flsh_cntl_write(struct gs_device *dev, const struct gs_reg *reg, uint32_t val)
{
	(void)reg;
	if (val & ~GFX_FLSH_CNTL_EN)
		gs_err("GFX_FLSH_CNTL_GEN6 = %#x: bits %#x are reserved (only bit 0 invalidates)",
		       val, val & ~GFX_FLSH_CNTL_EN);
	if (!(val & GFX_FLSH_CNTL_EN)) {
		gs_info("GFX_FLSH_CNTL_GEN6 = %#x: bit 0 clear, no TLB invalidation", val);
		return;
	}
	gs_tlb_invalidate_all(dev);
	gs_trace("GFX_FLSH_CNTL_GEN6: every TLB invalidated");
}
