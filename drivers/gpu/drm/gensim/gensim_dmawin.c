// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The gensim authors
 */

/**
 * DOC: The DMA window
 *
 * The device process sees memory only through map 2 of the channel, the
 * DMA window: GENSIM_DMA_WINDOW_SIZE bytes whose offsets are the device's
 * physical addresses, the values GGTT and PPGTT entries hold.  A page of
 * the window is present only while the driver has mapped a page there with
 * gensim_dmawin_map(); the window's fault handler then inserts that page's
 * PFN into the device process.  Any other access (a page never mapped, or
 * unmapped since) gets SIGBUS, which the device process turns into a device
 * error.  Kernel memory the driver did not hand over is never reachable.
 *
 * Window addresses are allocated from a drm_mm in page units;
 * the first GENSIM_DMA_WINDOW_RESERVED bytes are never handed out so that a
 * zero address is always a fault.  Unmapping erases the pages from the
 * lookup and zaps them from the device process's page tables before the
 * caller may free them.
 *
 * Called from: gensim_uif.c (mmap, attach/detach), the GGTT, PPGTT and
 * self-test code (map/unmap).
 */

#include <linux/mm.h>
#include <linux/pagemap.h>
#include <linux/slab.h>

#include "gensim_drv.h"

#define WINDOW_PAGES		(GENSIM_DMA_WINDOW_SIZE >> PAGE_SHIFT)
#define WINDOW_FIRST_PAGE	(GENSIM_DMA_WINDOW_RESERVED >> PAGE_SHIFT)
/*
 * The window's place in the UIO file, in pages.  UIO names map N by the
 * mmap offset N pages, so in the file's page space map 0 (BAR0, 4096
 * pages from 0), map 1 (from 1) and map 2 (from 2) would overlap, and
 * unmap_mapping_range() on window pages would also zap BAR0 pages out of
 * the device process: its next register or GGTT read gets SIGBUS.  The
 * window's VMA is therefore moved to a file range of its own, above every
 * other map, when it is mapped.
 */
#define WINDOW_PGOFF		WINDOW_PAGES

void gensim_dmawin_init(struct gensim_channel *chan)
{
	mutex_init(&chan->window_lock);
	xa_init(&chan->window_pages);
	drm_mm_init(&chan->window_mm, WINDOW_FIRST_PAGE, WINDOW_PAGES - WINDOW_FIRST_PAGE);
}

void gensim_dmawin_fini(struct gensim_channel *chan)
{
	/* Every mapping's owner unmapped it before dropping its reference. */
	WARN_ON(!xa_empty(&chan->window_pages));
	xa_destroy(&chan->window_pages);
	drm_mm_takedown(&chan->window_mm);
	mutex_destroy(&chan->window_lock);
}

/* Called on release: the device's file and its mappings are gone. */
void gensim_dmawin_detach(struct gensim_channel *chan)
{
	mutex_lock(&chan->window_lock);
	chan->mapping = NULL;
	mutex_unlock(&chan->window_lock);
}

static vm_fault_t gensim_dmawin_fault(struct vm_fault *vmf)
{
	struct gensim_channel *chan = vmf->vma->vm_private_data;
	/* gensim_dmawin_mmap() placed the window at WINDOW_PGOFF. */
	unsigned long idx = vmf->pgoff - WINDOW_PGOFF;
	void *entry;
	vm_fault_t ret;

	mutex_lock(&chan->window_lock);
	entry = xa_load(&chan->window_pages, idx);
	if (xa_is_value(entry))
		ret = vmf_insert_pfn(vmf->vma, vmf->address, xa_to_value(entry));
	else
		ret = VM_FAULT_SIGBUS;
	mutex_unlock(&chan->window_lock);
	return ret;
}

static const struct vm_operations_struct gensim_dmawin_vm_ops = {
	.fault = gensim_dmawin_fault,
};

int gensim_dmawin_mmap(struct gensim_channel *chan, struct vm_area_struct *vma)
{
	if (!(vma->vm_flags & VM_SHARED))
		return -EINVAL;

	vm_flags_set(vma, VM_PFNMAP | VM_IO);
	/* Before the VMA joins the file's rmap tree: see WINDOW_PGOFF. */
	vma->vm_pgoff = WINDOW_PGOFF;
	vma->vm_ops = &gensim_dmawin_vm_ops;
	vma->vm_private_data = chan;
	return 0;
}

/**
 * gensim_dmawin_map_pfns - give the device a run of page frames
 * @chan: the channel
 * @node: out: the window range, in pages (zeroed by the caller)
 * @pfns: the frames, in the order the device sees them
 * @count: how many
 *
 * The device's view of memory is by frame: an imported dma-buf reaches it
 * through the DMA addresses the exporter mapped for the driver's device,
 * never through the exporter's struct pages.
 *
 * Returns: 0, -ENODEV once the device process is gone, -ENOSPC if the
 * window is full, -ENOMEM.
 */
int gensim_dmawin_map_pfns(struct gensim_channel *chan, struct drm_mm_node *node,
			   const unsigned long *pfns, unsigned int count)
{
	unsigned int i;
	int err;

	if (gensim_channel_dead(chan))
		return -ENODEV;

	mutex_lock(&chan->window_lock);
	err = drm_mm_insert_node(&chan->window_mm, node, count);
	if (err)
		goto out;

	for (i = 0; i < count; i++) {
		err = xa_err(xa_store(&chan->window_pages, node->start + i,
				      xa_mk_value(pfns[i]), GFP_KERNEL));
		if (err) {
			while (i--)
				xa_erase(&chan->window_pages, node->start + i);
			drm_mm_remove_node(node);
			goto out;
		}
	}
out:
	mutex_unlock(&chan->window_lock);
	return err;
}

/**
 * gensim_dmawin_map - give the device a run of the driver's own pages
 * @chan: the channel
 * @node: out: the window range, in pages (zeroed by the caller)
 * @pages: the pages, in the order the device sees them
 * @count: how many
 *
 * Returns: as gensim_dmawin_map_pfns().
 */
int gensim_dmawin_map(struct gensim_channel *chan, struct drm_mm_node *node,
		      struct page **pages, unsigned int count)
{
	unsigned long *pfns;
	unsigned int i;
	int err;

	pfns = kvmalloc_array(count, sizeof(*pfns), GFP_KERNEL);
	if (!pfns)
		return -ENOMEM;
	for (i = 0; i < count; i++)
		pfns[i] = page_to_pfn(pages[i]);
	err = gensim_dmawin_map_pfns(chan, node, pfns, count);
	kvfree(pfns);
	return err;
}

/**
 * gensim_dmawin_unmap - take pages back from the device
 * @chan: the channel
 * @node: the range gensim_dmawin_map() filled in
 *
 * On return the device process can no longer reach the pages.  The device
 * is then told with a posted write of GENSIM_DMAWIN_INVALIDATE that pages
 * left the window: its blitter remembers which pages it found present and
 * skips probing them again (hw-spec-blitter "Fast paths").  The write
 * follows the zap and the device applies writes in order, so a command
 * submitted after this returns finds the pages missing where the
 * reference path would.  The write is made after window_lock is dropped:
 * it may wait for room in the write log, which the device drains, and the
 * device may be waiting for window_lock in gensim_dmawin_fault().  Not
 * under drm_dev_enter(): the window belongs to the channel, which outlives
 * an unplugged DRM device, and gensim_channel_write() drops writes to a
 * device process that is gone.
 *
 * Context: process; sleeps.
 */
void gensim_dmawin_unmap(struct gensim_channel *chan, struct drm_mm_node *node)
{
	bool attached;
	u64 i;

	mutex_lock(&chan->window_lock);
	for (i = 0; i < node->size; i++)
		xa_erase(&chan->window_pages, node->start + i);
	attached = chan->mapping;
	if (attached)
		unmap_mapping_range(chan->mapping,
				    (loff_t)(WINDOW_PGOFF + node->start) << PAGE_SHIFT,
				    (loff_t)node->size << PAGE_SHIFT, 1);
	drm_mm_remove_node(node);
	mutex_unlock(&chan->window_lock);
	/* No device process attached: the next one starts knowing no page. */
	if (attached)
		gensim_channel_write(chan, GENSIM_DMAWIN_INVALIDATE, 1);
}
