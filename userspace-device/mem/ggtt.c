// SPDX-License-Identifier: MIT
/*
 * The GGTT walker (hw-spec-memory "The GGTT"; Linux i915
 * gt/intel_ggtt.c (gen8_ggtt_pte_encode(), gen8_ggtt_invalidate())).
 *
 * The GGTT is one level: entry i, the 64-bit PTE at BAR0
 * GENSIM_BAR0_GGTT_OFFSET + 8 * i, maps GGTT page i.  GMCH_CTRL's GGMS
 * gives the size: 2^GGMS MiB of PTEs, so 2^(GGMS + 17) entries and a GGTT
 * of 2^(GGMS + 29) bytes (GGMS 3: 4 GiB).  A PTE holds the page's DMA
 * address in bits 38:12 and PRESENT in bit 0; the GGTT ignores RW, as
 * Gen8 does (i915 never sets it), so every present page is writable.
 *
 * The driver writes PTEs straight into BAR0 while the device runs, so
 * each PTE is read with one 64-bit atomic load: a translation sees the old
 * entry or the new one, never half of each.
 */
#include <errno.h>

#include "channel/chan.h"
#include "core/device.h"
#include "mem/mem.h"

uint64_t gs_ggtt_size(const struct gs_device *dev)
{
	uint64_t entries = ((uint64_t)1 << dev->cfg.ggms << 20) / sizeof(uint64_t);

	/* GGMS is validated to 1..3; never index past BAR0 whatever it holds. */
	if (entries > GENSIM_BAR0_GGTT_SIZE / sizeof(uint64_t))
		entries = GENSIM_BAR0_GGTT_SIZE / sizeof(uint64_t);
	return entries << GS_PAGE_SHIFT;
}

static uint64_t ggtt_pte(struct gs_device *dev, uint64_t index)
{
	_Atomic uint64_t *ptes =
		(_Atomic uint64_t *)((uint8_t *)dev->chan->bar0 + GENSIM_BAR0_GGTT_OFFSET);

	return atomic_load_explicit(&ptes[index], memory_order_relaxed);
}

/*
 * Translate one GGTT address.  Faults: RANGE for an address beyond the
 * GGTT's size or a PTE whose address is outside the DMA window; PTE for a
 * PTE without PRESENT.  Unmapped window pages are found by the access.
 */
int gs_ggtt_walk(struct gs_device *dev, uint64_t va, enum gs_mem_access access,
		 struct gs_xlate *out, struct gs_fault *fault)
{
	uint64_t pte, page;

	if (va >= gs_ggtt_size(dev)) {
		gs_fault_set(fault, FAULT_TYPE_RANGE, true, access, GS_LEVEL_NONE, va);
		return -EFAULT;
	}
	pte = ggtt_pte(dev, va >> GS_PAGE_SHIFT);
	if (!(pte & GEN8_PAGE_PRESENT)) {
		gs_fault_set(fault, FAULT_TYPE_PTE, true, access, GS_LEVEL_PTE, va);
		return -EFAULT;
	}
	page = pte & GEN8_PTE_ADDR_MASK;
	if (page >= dev->chan->dma_size) {
		gs_fault_set(fault, FAULT_TYPE_RANGE, true, access, GS_LEVEL_PTE, va);
		return -EFAULT;
	}
	out->dma_page = page;
	out->writable = true;
	return 0;
}
