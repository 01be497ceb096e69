// SPDX-License-Identifier: MIT
/*
 * Memory access through a GTT (hw-spec-memory "The walk" and "TLB and
 * invalidation"): translate a GPU address with the unit's TLB or, on a
 * miss, with the GGTT or PPGTT walker, then touch the DMA window with the
 * guarded accessors of dma.c.
 *
 * An access is split at 4 KiB page boundaries and each page is translated
 * on its own, as the hardware does, so a range may cross from one mapping
 * into another, or into a hole.  Pages are accessed in address order and
 * the access stops at the first page that faults: the pages before it
 * were read or written (a write that faults part way has landed up to the
 * fault), and fault->va is the first byte that was not, so the number of
 * bytes done is fault->va - va.
 */
#include <errno.h>

#include "core/device.h"
#include "core/log.h"
#include "mem/mem.h"

/* The walk of @space's tables, with a paging-structure cache @pc (may be NULL). */
int gs_mem_walk(struct gs_device *dev, const struct gs_mem_space *space, uint64_t va,
		enum gs_mem_access access, struct gs_xlate *x, struct gs_fault *fault,
		struct gs_ppgtt_cache *pc)
{
	switch (space->kind) {
	case GS_MEM_GGTT:
		return gs_ggtt_walk(dev, va, access, x, fault);
	case GS_MEM_PPGTT:
		return gs_ppgtt_walk_cached(dev, space->pml4, va, access, x, fault, pc);
	}
	/* A device bug, not a driver one: say so, and fail the access. */
	gs_err("memory access in unknown address space kind %d at %#llx", (int)space->kind,
	       (unsigned long long)va);
	gs_fault_set(fault, FAULT_TYPE_RANGE, false, access, GS_LEVEL_NONE, va);
	return -EFAULT;
}

/*
 * The generation is sampled before the walk: if an invalidation lands
 * while the walk reads the tables, the entry is filled already stale and
 * the next lookup walks again.
 */
static int translate_page(struct gs_device *dev, const struct gs_mem_space *space, uint64_t va,
			  enum gs_mem_access access, struct gs_xlate *x, struct gs_fault *fault)
{
	uint64_t key = gs_mem_space_key(space), gen;

	if (space->tlb && gs_tlb_lookup(dev, space->tlb, key, va, access, x))
		return 0;
	gen = gs_tlb_generation(dev);
	if (gs_mem_walk(dev, space, va, access, x, fault, NULL))
		return -EFAULT;
	if (space->tlb)
		gs_tlb_fill(space->tlb, gen, key, va, x);
	return 0;
}

/* The DMA address of @va, or -EFAULT with @fault filled. */
int gs_mem_translate(struct gs_device *dev, const struct gs_mem_space *space, uint64_t va,
		     enum gs_mem_access access, uint64_t *dma, struct gs_fault *fault)
{
	struct gs_fault local;
	struct gs_xlate x;

	if (translate_page(dev, space, va, access, &x, fault ? fault : &local))
		return -EFAULT;
	*dma = x.dma_page | (va & (GS_PAGE_SIZE - 1));
	return 0;
}

/*
 * Addresses cannot wrap: every space ends below 2^48 and the walk of the
 * first page past its end faults, so the loop stops there.
 */
static int mem_access(struct gs_device *dev, const struct gs_mem_space *space, uint64_t va,
		      uint8_t *buf, size_t len, enum gs_mem_access access, struct gs_fault *fault)
{
	struct gs_fault local;

	if (!fault)
		fault = &local;
	while (len) {
		size_t n = GS_PAGE_SIZE - (va & (GS_PAGE_SIZE - 1));
		struct gs_xlate x;
		uint64_t dma;
		int ret;

		if (n > len)
			n = len;
		if (translate_page(dev, space, va, access, &x, fault))
			return -EFAULT;
		dma = x.dma_page | (va & (GS_PAGE_SIZE - 1));
		ret = access == GS_MEM_WRITE ? gs_dma_write(dev, dma, buf, n) :
					       gs_dma_read(dev, dma, buf, n);
		if (ret) {
			/* The entry is good but no memory is there: the driver never mapped it. */
			gs_fault_set(fault, FAULT_TYPE_RANGE, space->kind == GS_MEM_GGTT, access,
				     GS_LEVEL_PAGE, va);
			return -EFAULT;
		}
		buf += n;
		va += n;
		len -= n;
	}
	return 0;
}

/* Read @len bytes at @va; 0, or -EFAULT with @fault (may be NULL) filled. */
int gs_mem_read(struct gs_device *dev, const struct gs_mem_space *space, uint64_t va,
		void *buf, size_t len, struct gs_fault *fault)
{
	return mem_access(dev, space, va, buf, len, GS_MEM_READ, fault);
}

int gs_mem_write(struct gs_device *dev, const struct gs_mem_space *space, uint64_t va,
		 const void *buf, size_t len, struct gs_fault *fault)
{
	/* mem_access only reads from @buf on a write. */
	return mem_access(dev, space, va, (uint8_t *)buf, len, GS_MEM_WRITE, fault);
}

const char *gs_fault_type_name(unsigned int type)
{
	static const char *const names[] = {
		[FAULT_TYPE_PTE] = "page not present",
		[FAULT_TYPE_DIRECTORY] = "directory entry not present",
		[FAULT_TYPE_WRITE] = "write to a read-only page",
		[FAULT_TYPE_RANGE] = "no memory at this address",
	};

	return type < sizeof(names) / sizeof(names[0]) ? names[type] : "unknown fault type";
}

const char *gs_fault_level_name(unsigned int level)
{
	static const char *const names[] = {
		[GS_LEVEL_PAGE] = "page", [GS_LEVEL_PTE] = "PTE", [GS_LEVEL_PDE] = "PDE",
		[GS_LEVEL_PDPE] = "PDPE", [GS_LEVEL_PML4E] = "PML4E", [GS_LEVEL_NONE] = "address",
	};

	return level < sizeof(names) / sizeof(names[0]) ? names[level] : "?";
}
