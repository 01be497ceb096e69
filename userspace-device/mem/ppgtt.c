// SPDX-License-Identifier: MIT
/*
 * The PPGTT walker (hw-spec-memory "The PPGTT"; Linux i915
 * gt/gen8_ppgtt.c, PRM Vol. 6 Command Stream Programming
 * (Cherryview 2015), "Virtual Memory Control"): Broadwell's 48-bit,
 * 4-level page tables.
 *
 *   PML4 index VA[47:39] -> PDP index VA[38:30] -> PD index VA[29:21]
 *   -> PT index VA[20:12] -> offset VA[11:0]
 *
 * Every table is one 4 KiB page of the DMA window holding 512 64-bit
 * entries: DMA address of the next table (or page) in bits 38:12, PRESENT
 * in bit 0, RW in bit 1.  PS (bit 7) in a PDPE maps a 1 GiB page, in a PDE
 * a 2 MiB page; in a PML4E it means nothing (Gen8 has no 512 GiB pages)
 * and is ignored, as are the other bits a Gen8 driver uses for caching.
 *
 * gensim choices, each written down in the spec chapter:
 * - A write needs RW in the entry of every level it went through, like
 *   x86 paging; a read needs only PRESENT.  A not-present entry anywhere
 *   wins over a missing RW, and both win over an address outside the
 *   window, so the fault type depends on the tables before it depends on
 *   memory.
 * - The address bits below a huge page's size (29:12 of a 1 GiB PDPE,
 *   20:12 of a 2 MiB PDE) are ignored: the page is naturally aligned.
 * - Only the lower half of the 48-bit space exists: an address at or
 *   above 2^48 (the canonical upper half included) is a RANGE fault.
 * - The root is used like an entry's address: bits 38:12 of the PML4
 *   address.
 *
 * Table entries are read with guarded 64-bit loads (dma.c), so a table in
 * memory the driver never mapped, or garbage anywhere in the tables,
 * yields a RANGE fault, never a crash.  Four levels cannot loop.
 */
#include <errno.h>

#include "channel/chan.h"
#include "core/device.h"
#include "mem/mem.h"

#define PPGTT_INDEX_MASK	(GEN8_PTES_PER_TABLE - 1)

static const struct {
	unsigned int shift;		/* the VA bit this level's index starts at */
	enum gs_fault_level level;
	uint64_t huge;			/* the PS bit, if this level can map a page */
} levels[] = {
	{ 39, GS_LEVEL_PML4E, 0 },
	{ 30, GS_LEVEL_PDPE, GEN8_PDPE_PS_1G },
	{ 21, GS_LEVEL_PDE, GEN8_PDE_PS_2M },
	{ 12, GS_LEVEL_PTE, 0 },
};

#define NR_LEVELS	(sizeof(levels) / sizeof(levels[0]))

/*
 * The end of every walk: the page the entry at @level maps, with the RW
 * of every entry on the way (@writable).  A write needs RW; the page must
 * be inside the window.
 */
static int use_page(struct gs_device *dev, uint64_t page, bool writable,
		    enum gs_fault_level level, uint64_t va, enum gs_mem_access access,
		    struct gs_xlate *out, struct gs_fault *fault)
{
	if (access == GS_MEM_WRITE && !writable) {
		gs_fault_set(fault, FAULT_TYPE_WRITE, false, access, level, va);
		return -EFAULT;
	}
	if (page >= dev->chan->dma_size) {
		gs_fault_set(fault, FAULT_TYPE_RANGE, false, access, level, va);
		return -EFAULT;
	}
	out->dma_page = page;
	out->writable = writable;
	return 0;
}

/*
 * The last step of a walk: PTE @e, reached through entries whose RW bits
 * all set is @writable.  A walk that found its page table in a
 * paging-structure cache (batch.c) ends here too.
 */
int gs_ppgtt_use_pte(struct gs_device *dev, uint64_t e, bool writable, uint64_t va,
		     enum gs_mem_access access, struct gs_xlate *out, struct gs_fault *fault)
{
	if (!(e & GEN8_PAGE_PRESENT)) {
		gs_fault_set(fault, FAULT_TYPE_PTE, false, access, GS_LEVEL_PTE, va);
		return -EFAULT;
	}
	return use_page(dev, e & GEN8_PTE_ADDR_MASK, writable && (e & GEN8_PAGE_RW), GS_LEVEL_PTE,
			va, access, out, fault);
}

int gs_ppgtt_walk(struct gs_device *dev, uint64_t pml4, uint64_t va, enum gs_mem_access access,
		  struct gs_xlate *out, struct gs_fault *fault)
{
	return gs_ppgtt_walk_cached(dev, pml4, va, access, out, fault, NULL);
}

/*
 * The walk, with an optional paging-structure cache @pc (NULL: none): the
 * page table the last walk through @pc reached by a PDE, with the RW of
 * the three entries above it.  A walk for an address that table maps
 * starts at its PTE, reading nothing above; any other walk reads every
 * level and, if it reaches a page table, fills @pc.  This is the Gen8 GTT
 * counterpart of the x86 paging-structure caches (EXT Intel SDM Vol. 3A
 * section 4.10.3): entries above a PTE may be used as read earlier until
 * an invalidation; the caller drops @pc when the TLBs are invalidated
 * (gs_mem_translate_cached()).
 */
int gs_ppgtt_walk_cached(struct gs_device *dev, uint64_t pml4, uint64_t va,
			 enum gs_mem_access access, struct gs_xlate *out, struct gs_fault *fault,
			 struct gs_ppgtt_cache *pc)
{
	uint64_t root = pml4 & GEN8_PTE_ADDR_MASK, table = root;
	bool writable = true;
	size_t i = 0;

	if (va >> GEN8_PPGTT_VA_BITS) {
		gs_fault_set(fault, FAULT_TYPE_RANGE, false, access, GS_LEVEL_NONE, va);
		return -EFAULT;
	}
	if (pc && pc->valid && pc->root == root && pc->va_2m == va >> 21) {
		i = NR_LEVELS - 1;
		table = pc->pt;
		writable = pc->writable;
	}
	for (; i < NR_LEVELS; i++) {
		uint64_t idx = (va >> levels[i].shift) & PPGTT_INDEX_MASK, e, addr;

		if (gs_dma_read_qword(dev, table + idx * sizeof(e), &e)) {
			gs_fault_set(fault, FAULT_TYPE_RANGE, false, access, levels[i].level, va);
			return -EFAULT;
		}
		if (i == NR_LEVELS - 1)
			return gs_ppgtt_use_pte(dev, e, writable, va, access, out, fault);
		if (!(e & GEN8_PAGE_PRESENT)) {
			gs_fault_set(fault, FAULT_TYPE_DIRECTORY, false, access, levels[i].level, va);
			return -EFAULT;
		}
		writable = writable && (e & GEN8_PAGE_RW);
		addr = e & GEN8_PTE_ADDR_MASK;
		if (levels[i].huge && (e & levels[i].huge)) {
			uint64_t size = (uint64_t)1 << levels[i].shift;

			return use_page(dev, (addr & ~(size - 1)) +
					     (va & (size - 1) & ~(uint64_t)(GS_PAGE_SIZE - 1)),
					writable, levels[i].level, va, access, out, fault);
		}
		table = addr;
		if (pc && i == NR_LEVELS - 2) {
			/* A PDE to a page table: what the next walk of its 2 MiB may skip. */
			*pc = (struct gs_ppgtt_cache){ .valid = true, .root = root,
						       .va_2m = va >> 21, .pt = table,
						       .writable = writable };
		}
	}
	/* Not reached: the last level returns. */
	gs_fault_set(fault, FAULT_TYPE_RANGE, false, access, GS_LEVEL_NONE, va);
	return -EFAULT;
}
