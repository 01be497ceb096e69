// SPDX-License-Identifier: MIT
/*
 * Memory as the command streamer sees it (hw-spec-engines "Execution";
 * hw-spec-memory "The walk", "TLB and invalidation", "Fault reporting").
 *
 * A command names an address space with a GGTT bit ("Use Global GTT",
 * "Address Space Indicator"...): the GGTT, or the running context's PPGTT,
 * whose PML4 is PDP0 (descriptor addressing mode 3).  Every translation
 * goes through the engine's own TLB.  A command access that faults is
 * reported the Gen8 way with source FAULT_SRC_CS, sets EIR bit 4 and
 * stops the context (gs_cs_fault_error()); the accesses that are not a
 * command's (CSB entries, the image) report the fault and go on.
 *
 * Addresses in commands are 48 bits: a low dword whose low bits are
 * reserved and a high dword of which 15:0 count.
 */
#include <errno.h>

#include "cs/cs.h"
#include "core/device.h"
#include "cs/engine.h"
#include "core/log.h"

uint64_t gs_cs_addr48(uint32_t lo, uint32_t hi, uint32_t lo_mask)
{
	return (uint64_t)(hi & 0xffff) << 32 | (lo & lo_mask);
}

static struct gs_mem_space space(struct gs_cs *cs, bool ggtt)
{
	return (struct gs_mem_space){
		.kind = ggtt ? GS_MEM_GGTT : GS_MEM_PPGTT,
		.pml4 = cs->pml4,
		.tlb = cs->eng->tlb,
	};
}

/* Read or write without reporting: 0, or -EFAULT with @fault filled. */
int gs_cs_mem(struct gs_cs *cs, bool ggtt, uint64_t va, void *buf, size_t len, bool write,
	      struct gs_fault *fault)
{
	struct gs_mem_space ms = space(cs, ggtt);

	return write ? gs_mem_write(cs->dev, &ms, va, buf, len, fault) :
		       gs_mem_read(cs->dev, &ms, va, buf, len, fault);
}

/* A command reads: 0, or -EFAULT after a page-table error stopped the context. */
int gs_cs_read(struct gs_cs *cs, bool ggtt, uint64_t va, void *buf, size_t len)
{
	struct gs_fault f;

	if (!gs_cs_mem(cs, ggtt, va, buf, len, false, &f))
		return 0;
	gs_cs_fault_error(cs, &f, "a command's read");
	return -EFAULT;
}

int gs_cs_write(struct gs_cs *cs, bool ggtt, uint64_t va, const void *buf, size_t len)
{
	struct gs_fault f;

	if (!gs_cs_mem(cs, ggtt, va, (void *)buf, len, true, &f))
		return 0;
	gs_cs_fault_error(cs, &f, "a command's write");
	return -EFAULT;
}

/*
 * An atomic read-modify-write of @size bytes at @va (MI_ATOMIC): translate
 * for a write, then a guarded compare-exchange on the page.  0 with *@old
 * set, or -EFAULT after a page-table error.
 */
int gs_cs_atomic(struct gs_cs *cs, bool ggtt, uint64_t va, unsigned int size,
		 uint64_t (*op)(uint64_t old, void *arg), void *arg, uint64_t *old)
{
	struct gs_mem_space ms = space(cs, ggtt);
	struct gs_fault f;
	uint64_t dma;

	if (gs_mem_translate(cs->dev, &ms, va, GS_MEM_WRITE, &dma, &f)) {
		gs_cs_fault_error(cs, &f, "an atomic");
		return -EFAULT;
	}
	if (gs_dma_atomic(cs->dev, dma, size, op, arg, old)) {
		/* The entry is good but no memory is there (hw-spec-memory rule 6). */
		gs_fault_set(&f, FAULT_TYPE_RANGE, ggtt, GS_MEM_WRITE, GS_LEVEL_PAGE, va);
		gs_cs_fault_error(cs, &f, "an atomic");
		return -EFAULT;
	}
	return 0;
}

/*
 * Write into a status page: the engine's (RING_HWS_PGA) or, with
 * @pphwsp, the running context's per-process one (its LRCA's first page).
 * @offset is a byte offset in the page.  A fault stops the context.
 */
int gs_cs_hwsp_write(struct gs_cs *cs, bool pphwsp, uint32_t offset, const void *buf,
		     size_t len)
{
	uint64_t page = pphwsp ? cs->lrca :
			gs_reg_read(cs->dev, RING_HWS_PGA(cs->eng->base)) & ~0xfffu;

	if (offset + len > GS_PAGE_SIZE) {
		gs_cs_instruction_error(cs, "status page offset %#x + %zu is outside the page",
					offset, len);
		return -EINVAL;
	}
	return gs_cs_write(cs, true, page + offset, buf, len);
}
