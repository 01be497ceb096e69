// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The gensim authors
 */

/**
 * DOC: The global GTT
 *
 * The GGTT is the address space of the driver's own objects: hardware
 * status pages, rings and context images.  Its page table is the array of
 * 64-bit PTEs in the upper half of BAR0 (gensim hw-spec, "BAR0"): entry i
 * maps GGTT address i * 4 KiB.  The driver writes PTEs directly, as Gen8
 * drivers write them through the GSM mapping, then writes GFX_FLSH_CNTL to
 * invalidate the device's TLBs (EXT i915 gen8_ggtt_invalidate).
 *
 * Every entry that maps nothing points at a scratch page (EXT i915), so a
 * stray device access reads harmless memory.  Addresses are allocated
 * with a drm_mm over [64 KiB, size - 4 KiB): the first 64 KiB stay unused
 * (i915 never uses GGTT offset 0) and the last page stays on scratch
 * because the command streamer prefetches past the end of objects.
 *
 * Locking: &gensim_ggtt.lock protects the allocator and the PTEs.
 *
 * Called from: gensim_device.c (init, the status pages), debugfs.  Calls:
 * gensim_gem.c (window get/put), gensim_mmio.c (the flush).
 */

#include <linux/seq_file.h>

#include <drm/drm_print.h>

#include "gensim_drv.h"
#include "gensim_gem.h"
#include "gensim_ggtt.h"
#include "gensim_trace.h"

#define GGTT_RESERVED_START	SZ_64K

static u64 *ggtt_ptes(struct gensim_device *gdev)
{
	return (u64 *)((u8 *)gdev->chan->bar0 + GENSIM_BAR0_GGTT_OFFSET);
}

static u64 ggtt_pte(u64 addr)
{
	return (addr & GEN8_PTE_ADDR_MASK) | GEN8_PAGE_PRESENT;
}

/**
 * gensim_tlb_invalidate - invalidate every TLB of the device, and wait
 * @gdev: the device
 *
 * gensim's GFX_FLSH_CNTL invalidates the GGTT and PPGTT TLBs alike; the
 * posting flush returns once the device has applied it.
 */
void gensim_tlb_invalidate(struct gensim_device *gdev)
{
	gensim_write(gdev, GFX_FLSH_CNTL_GEN6, GFX_FLSH_CNTL_EN);
	gensim_channel_flush(gdev->chan);
}

static void write_ptes(struct gensim_device *gdev, u64 start, u64 size, u64 addr, bool scratch)
{
	u64 *ptes = ggtt_ptes(gdev);
	u64 i, first = start >> PAGE_SHIFT, n = size >> PAGE_SHIFT;

	for (i = 0; i < n; i++)
		WRITE_ONCE(ptes[first + i],
			   ggtt_pte(scratch ? gdev->ggtt.scratch_addr : addr + (i << PAGE_SHIFT)));
}

/**
 * gensim_ggtt_init - point every GGTT entry at the scratch page
 * @gdev: the device, with its scratch page mapped in the DMA window
 * @scratch_addr: the scratch page's DMA address
 */
void gensim_ggtt_init(struct gensim_device *gdev, u64 scratch_addr)
{
	struct gensim_ggtt *ggtt = &gdev->ggtt;

	mutex_init(&ggtt->lock);
	ggtt->size = gdev->info.ggtt_size;
	ggtt->scratch_addr = scratch_addr;
	drm_mm_init(&ggtt->mm, GGTT_RESERVED_START, ggtt->size - GGTT_RESERVED_START - SZ_4K);
	write_ptes(gdev, 0, ggtt->size, 0, true);
	gensim_tlb_invalidate(gdev);
}

/**
 * gensim_ggtt_fini - the GGTT holds nothing any more
 * @gdev: the device
 */
void gensim_ggtt_fini(struct gensim_device *gdev)
{
	drm_mm_takedown(&gdev->ggtt.mm);
	mutex_destroy(&gdev->ggtt.lock);
}

/**
 * gensim_ggtt_insert_bo - bind a kernel buffer into the GGTT
 * @gdev: the device
 * @bo: the buffer
 * @node: zeroed; on success its start is the buffer's GGTT address
 *
 * Returns: 0 or a negative errno.
 */
int gensim_ggtt_insert_bo(struct gensim_device *gdev, struct gensim_bo *bo,
			  struct drm_mm_node *node)
{
	struct gensim_ggtt *ggtt = &gdev->ggtt;
	u64 size = bo->base.base.size, window;
	int err;

	err = gensim_bo_window_get(bo, gdev->chan, &window);
	if (err)
		return err;

	mutex_lock(&ggtt->lock);
	err = drm_mm_insert_node(&ggtt->mm, node, size);
	if (!err) {
		write_ptes(gdev, node->start, size, window, false);
		trace_gensim_gtt_map(gdev, 0, node->start, size, window);
	}
	mutex_unlock(&ggtt->lock);
	if (err) {
		gensim_bo_window_put(bo);
		return err;
	}
	gensim_tlb_invalidate(gdev);
	return 0;
}

/**
 * gensim_ggtt_remove_bo - unbind a buffer from the GGTT
 * @gdev: the device
 * @bo: the buffer
 * @node: what gensim_ggtt_insert_bo() filled in
 */
void gensim_ggtt_remove_bo(struct gensim_device *gdev, struct gensim_bo *bo,
			   struct drm_mm_node *node)
{
	struct gensim_ggtt *ggtt = &gdev->ggtt;

	mutex_lock(&ggtt->lock);
	write_ptes(gdev, node->start, node->size, 0, true);
	trace_gensim_gtt_unmap(gdev, 0, node->start, node->size, 0);
	drm_mm_remove_node(node);
	mutex_unlock(&ggtt->lock);
	gensim_tlb_invalidate(gdev);
	gensim_bo_window_put(bo);
}

/**
 * gensim_ggtt_show - debugfs: what is bound where
 * @gdev: the device
 * @m: the seq_file
 */
void gensim_ggtt_show(struct gensim_device *gdev, struct seq_file *m)
{
	struct gensim_ggtt *ggtt = &gdev->ggtt;
	struct drm_printer p = drm_seq_file_printer(m);
	u64 *ptes = ggtt_ptes(gdev);
	struct drm_mm_node *node;

	seq_printf(m, "ggtt: %llu MiB, scratch page at DMA %#llx\n", ggtt->size >> 20,
		   ggtt->scratch_addr);
	mutex_lock(&ggtt->lock);
	drm_mm_for_each_node(node, &ggtt->mm)
		seq_printf(m, "  [%#010llx, %#010llx) %llu KiB -> DMA %#llx\n", node->start,
			   node->start + node->size, node->size >> 10,
			   READ_ONCE(ptes[node->start >> PAGE_SHIFT]) & GEN8_PTE_ADDR_MASK);
	drm_mm_print(&ggtt->mm, &p);
	mutex_unlock(&ggtt->lock);
}
