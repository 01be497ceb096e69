// SPDX-License-Identifier: MIT
/*
 * Which window pages a user of the bulk calls has seen present
 * (hw-spec-blitter "Fast paths", hw-spec "The DMA window"): the blitter's
 * fast paths touch every window page of a unit before they write a byte,
 * so that a missing page faults where the reference path would; at one
 * byte read per page of both streams that probe was a tenth of a linear
 * copy's time.  A page that was there and has not been removed since is
 * still there, so a successful probe is remembered here and later units
 * skip the pages it covered.
 *
 * Removal is what the driver announces: after it zaps window pages it
 * writes GENSIM_DMAWIN_INVALIDATE (as it writes GFX_FLSH_CNTL after GTT
 * updates), which bumps dev->win_gen.  A cache holds the generation its
 * bits were gathered under; a user samples the generation once per unit,
 * before it probes, and a cache of another generation knows nothing.
 * The device applies channel writes in order, so a command submitted
 * after the driver's unmap sees the new generation: only a unit already
 * running when a page goes races with it, as it did before (the page
 * faults at the chunk being copied).  Sampling before the probe matters:
 * an invalidation during the probe leaves bits tagged with the old
 * generation, which the next unit discards.
 *
 * The cache never lets the device reach a zapped page (the MMU still
 * faults, the guard still catches it); it only decides whether a page is
 * touched before the copy or by the copy.  One cache per thread (the
 * blitter's engine owns its own), so its bits are plain memory.  A 64 GiB
 * window has 16 Mi pages: bits are kept in chunks allocated on first use.
 */
#include <stdlib.h>
#include <string.h>

#include "core/device.h"
#include "channel/chan.h"
#include "mem/mem.h"

#define CHUNK_PAGES	32768u		/* 128 MiB of window, 4 KiB of bits */
#define CHUNK_WORDS	(CHUNK_PAGES / 64)
#define MAX_CHUNKS	((GENSIM_DMA_WINDOW_SIZE >> GS_PAGE_SHIFT) / CHUNK_PAGES)

struct present_chunk {
	uint64_t gen;			/* the generation the bits belong to */
	uint64_t bits[CHUNK_WORDS];
};

struct gs_dma_present {
	struct present_chunk *chunk[MAX_CHUNKS];
};

uint64_t gs_dma_window_generation(struct gs_device *dev)
{
	return atomic_load_explicit(&dev->win_gen, memory_order_acquire);
}

/* GENSIM_DMAWIN_INVALIDATE: any value; every cache's bits are stale from now on. */
void dmawin_invalidate_write(struct gs_device *dev, const struct gs_reg *reg, uint32_t val)
{
	(void)reg;
	(void)val;
	atomic_fetch_add_explicit(&dev->win_gen, 1, memory_order_acq_rel);
}

struct gs_dma_present *gs_dma_present_new(void)
{
	return calloc(1, sizeof(struct gs_dma_present));
}

void gs_dma_present_free(struct gs_dma_present *c)
{
	if (!c)
		return;
	for (size_t i = 0; i < MAX_CHUNKS; i++)
		free(c->chunk[i]);
	free(c);
}

/* Is window page @pg known present under generation @gen? */
static bool known(const struct gs_dma_present *c, uint64_t gen, uint64_t pg)
{
	const struct present_chunk *k;

	if (pg >= MAX_CHUNKS * (uint64_t)CHUNK_PAGES)
		return false;
	k = c->chunk[pg / CHUNK_PAGES];
	pg %= CHUNK_PAGES;
	return k && k->gen == gen && (k->bits[pg / 64] >> (pg % 64) & 1);
}

/*
 * Split [@lo, @hi) at the first page boundary where knowledge changes:
 * *@end is that boundary (or @hi); true when [@lo, *@end) is all on pages
 * known present.
 */
bool gs_dma_present_span(const struct gs_dma_present *c, uint64_t gen, uint64_t lo, uint64_t hi,
			 uint64_t *end)
{
	uint64_t pg = lo >> GS_PAGE_SHIFT, last = (hi - 1) >> GS_PAGE_SHIFT;
	bool k = known(c, gen, pg);

	while (pg < last && known(c, gen, pg + 1) == k)
		pg++;
	*end = pg < last ? (pg + 1) << GS_PAGE_SHIFT : hi;
	return k;
}

/* The chunk of page @pg for generation @gen, emptied if it was another's; NULL without memory. */
static struct present_chunk *chunk_for(struct gs_dma_present *c, uint64_t gen, uint64_t pg)
{
	struct present_chunk **k = &c->chunk[pg / CHUNK_PAGES];

	if (!*k) {
		*k = calloc(1, sizeof(**k));
		if (!*k)
			return NULL;	/* nothing remembered: every unit probes */
		(*k)->gen = gen;
	}
	if ((*k)->gen != gen) {
		memset((*k)->bits, 0, sizeof((*k)->bits));
		(*k)->gen = gen;
	}
	return *k;
}

/* Every page of [@lo, @hi) was just probed present, under generation @gen. */
void gs_dma_present_note(struct gs_dma_present *c, uint64_t gen, uint64_t lo, uint64_t hi)
{
	uint64_t last = (hi - 1) >> GS_PAGE_SHIFT;

	for (uint64_t pg = lo >> GS_PAGE_SHIFT; pg <= last && pg < MAX_CHUNKS * (uint64_t)CHUNK_PAGES;
	     pg++) {
		struct present_chunk *k = chunk_for(c, gen, pg);

		if (k)
			k->bits[pg % CHUNK_PAGES / 64] |= 1ull << (pg % 64);
	}
}
