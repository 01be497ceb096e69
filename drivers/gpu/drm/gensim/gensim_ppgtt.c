// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The gensim authors
 */

/**
 * DOC: Per-process page tables (PPGTT)
 *
 * Gen8's 48-bit PPGTT has four levels of 4 KiB tables of 512 64-bit
 * entries: PML4 (VA bits 47:39), PDP (38:30), PD (29:21) and PT (20:12),
 * with the format of gensim_regs.h (present, RW, address in 38:12).  Here
 * level 3 is the PML4 and level 0 the PT.  Every table page is itself
 * mapped into the DMA window, because the device walks the tables there.
 *
 * Unused entries are empty: zero (not present, so the device faults), or,
 * in a VM created with a scratch page, an entry pointing at a shared scratch
 * hierarchy: a scratch PDP, PD and PT whose every entry leads on down to one
 * zeroed scratch page mapped read-only.  Reads of unbound addresses then
 * return zeros and writes still fault.
 *
 * Updates come in three steps so that a VM_BIND operation cannot fail half
 * way: gensim_ppgtt_alloc() makes every table a range needs (the only step
 * that allocates), gensim_ppgtt_insert() and gensim_ppgtt_clear() write
 * leaf entries, and gensim_ppgtt_prune() frees the tables of a range that
 * no longer map anything, bottom up.  Entries are written with WRITE_ONCE:
 * the device may walk concurrently.  The caller invalidates the device's
 * TLBs afterwards.
 *
 * Locking: the caller serialises all calls on one ppgtt (gensim_vm.c holds
 * the device's bind lock).
 *
 * Called from: gensim_vm.c.  Calls: gensim_dmawin.c.
 */

#include <linux/highmem.h>
#include <linux/slab.h>

#include "gensim_drv.h"
#include "gensim_ppgtt.h"
#include "gensim_trace.h"

#define PT_LEVELS	4
#define PML4_LEVEL	3

static unsigned int pt_shift(int level)
{
	return PAGE_SHIFT + 9 * level;
}

static unsigned int pt_index(u64 va, int level)
{
	return (va >> pt_shift(level)) & (GEN8_PTES_PER_TABLE - 1);
}

/* The end of the entry of @level that covers @va, clamped to @end. */
static u64 entry_end(u64 va, u64 end, int level)
{
	u64 next = (va | (BIT_ULL(pt_shift(level)) - 1)) + 1;

	return next && next < end ? next : end;
}

static u64 pt_addr(const struct gensim_pt *pt)
{
	return pt->node.start << PAGE_SHIFT;
}

static u64 dir_entry(const struct gensim_pt *child)
{
	return pt_addr(child) | GEN8_PAGE_RW | GEN8_PAGE_PRESENT;
}

/* What an unused entry of a table at @level holds in @ppgtt. */
static u64 empty_entry(const struct gensim_ppgtt *ppgtt, int level)
{
	const struct gensim_ppgtt_scratch *s = &ppgtt->gdev->ppgtt_scratch;

	if (!ppgtt->scratch)
		return 0;
	if (!level)
		return (s->page_node.start << PAGE_SHIFT) | GEN8_PAGE_PRESENT;
	return dir_entry(s->table[level - 1]);
}

static void write_entry(struct gensim_pt *pt, unsigned int idx, u64 val)
{
	u64 *vaddr = kmap_local_page(pt->page);

	WRITE_ONCE(vaddr[idx], val);
	kunmap_local(vaddr);
}

static void fill_table(struct gensim_pt *pt, u64 val)
{
	u64 *vaddr = kmap_local_page(pt->page);
	int i;

	for (i = 0; i < GEN8_PTES_PER_TABLE; i++)
		WRITE_ONCE(vaddr[i], val);
	kunmap_local(vaddr);
}

/*
 * @owner is the VM's page tables a table belongs to, whose count it is in
 * (debugfs client_mem); NULL for the device's scratch tables.
 */
/* What a table of @level costs the kernel: its page and its struct gensim_pt. */
static size_t table_bytes(int level)
{
	return PAGE_SIZE + struct_size_t(struct gensim_pt, child,
					 level ? GEN8_PTES_PER_TABLE : 0);
}

static void free_table(struct gensim_device *gdev, struct gensim_pt *pt, int level,
		       struct gensim_ppgtt *owner)
{
	if (drm_mm_node_allocated(&pt->node))
		gensim_dmawin_unmap(gdev->chan, &pt->node);
	if (pt->page)
		__free_page(pt->page);
	kfree(pt);
	if (owner) {
		atomic_dec(&owner->tables);
		atomic_long_sub(table_bytes(level), &owner->bytes);
		atomic_dec(&gdev->mem_stats.page_tables);
		atomic_dec(&gensim_objects.page_tables);
	}
}

/* A table for @level, every entry @fill, mapped for the device. */
static struct gensim_pt *alloc_table(struct gensim_device *gdev, int level, u64 fill,
				     struct gensim_ppgtt *owner)
{
	struct gensim_pt *pt;
	int err;

	pt = kzalloc(struct_size(pt, child, level ? GEN8_PTES_PER_TABLE : 0), GFP_KERNEL);
	if (!pt)
		return ERR_PTR(-ENOMEM);
	pt->page = alloc_page(GFP_KERNEL);
	if (!pt->page) {
		kfree(pt);
		return ERR_PTR(-ENOMEM);
	}
	fill_table(pt, fill);
	err = gensim_dmawin_map(gdev->chan, &pt->node, &pt->page, 1);
	if (err) {
		free_table(gdev, pt, level, NULL);
		return ERR_PTR(err);
	}
	if (owner) {
		atomic_inc(&owner->tables);
		atomic_long_add(table_bytes(level), &owner->bytes);
		atomic_inc(&gdev->mem_stats.page_tables);
		atomic_inc(&gensim_objects.page_tables);
	}
	return pt;
}

/**
 * gensim_ppgtt_scratch_init - the device's scratch page and scratch tables
 * @gdev: the device
 *
 * Returns: 0 or a negative errno.
 */
int gensim_ppgtt_scratch_init(struct gensim_device *gdev)
{
	struct gensim_ppgtt_scratch *s = &gdev->ppgtt_scratch;
	u64 fill;
	int level, err;

	s->page = alloc_page(GFP_KERNEL | __GFP_ZERO);
	if (!s->page)
		return -ENOMEM;
	err = gensim_dmawin_map(gdev->chan, &s->page_node, &s->page, 1);
	if (err)
		return err;

	/* Read-only all the way: a write to an unbound address still faults. */
	fill = (s->page_node.start << PAGE_SHIFT) | GEN8_PAGE_PRESENT;
	for (level = 0; level < PML4_LEVEL; level++) {
		s->table[level] = alloc_table(gdev, level, fill, NULL);
		if (IS_ERR(s->table[level])) {
			err = PTR_ERR(s->table[level]);
			s->table[level] = NULL;
			return err;
		}
		fill = dir_entry(s->table[level]);
	}
	return 0;
}

/**
 * gensim_ppgtt_scratch_fini - undo gensim_ppgtt_scratch_init()
 * @gdev: the device
 */
void gensim_ppgtt_scratch_fini(struct gensim_device *gdev)
{
	struct gensim_ppgtt_scratch *s = &gdev->ppgtt_scratch;
	int level;

	for (level = 0; level < PML4_LEVEL; level++)
		if (s->table[level])
			free_table(gdev, s->table[level], level, NULL);
	if (drm_mm_node_allocated(&s->page_node))
		gensim_dmawin_unmap(gdev->chan, &s->page_node);
	if (s->page)
		__free_page(s->page);
	memset(s, 0, sizeof(*s));
}

/**
 * gensim_ppgtt_init - an empty PPGTT: one PML4 of empty entries
 * @ppgtt: the page tables to set up
 * @gdev: the device
 * @scratch: unused entries lead to the scratch page instead of faulting
 *
 * Returns: 0 or a negative errno.
 */
int gensim_ppgtt_init(struct gensim_ppgtt *ppgtt, struct gensim_device *gdev, bool scratch)
{
	ppgtt->gdev = gdev;
	ppgtt->scratch = scratch;
	atomic_set(&ppgtt->tables, 0);
	atomic_long_set(&ppgtt->bytes, 0);
	ppgtt->pml4 = alloc_table(gdev, PML4_LEVEL, empty_entry(ppgtt, PML4_LEVEL), ppgtt);
	if (IS_ERR(ppgtt->pml4)) {
		int err = PTR_ERR(ppgtt->pml4);

		ppgtt->pml4 = NULL;
		return err;
	}
	return 0;
}

/* Tables for [va, end) below @pt (a table of @level), allocating as needed. */
static int alloc_below(struct gensim_ppgtt *ppgtt, struct gensim_pt *pt, int level,
		       u64 va, u64 end)
{
	while (va < end) {
		u64 next = entry_end(va, end, level);
		unsigned int idx = pt_index(va, level);
		struct gensim_pt *child = pt->child[idx];
		int err;

		if (!child) {
			child = alloc_table(ppgtt->gdev, level - 1, empty_entry(ppgtt, level - 1),
					    ppgtt);
			if (IS_ERR(child))
				return PTR_ERR(child);
			pt->child[idx] = child;
			pt->used++;
			write_entry(pt, idx, dir_entry(child));
		}
		if (level > 1) {
			err = alloc_below(ppgtt, child, level - 1, va, next);
			if (err)
				return err;
		}
		va = next;
	}
	return 0;
}

/**
 * gensim_ppgtt_alloc - make every table [@start, @start + @length) needs
 * @ppgtt: the page tables
 * @start: first address, page aligned
 * @length: bytes, page aligned
 *
 * On failure the tables made so far stay, empty; gensim_ppgtt_prune()
 * frees them.
 *
 * Returns: 0 or -ENOMEM/-ENOSPC.
 */
int gensim_ppgtt_alloc(struct gensim_ppgtt *ppgtt, u64 start, u64 length)
{
	return alloc_below(ppgtt, ppgtt->pml4, PML4_LEVEL, start, start + length);
}

/* The PT that maps @va; gensim_ppgtt_alloc() made it. */
static struct gensim_pt *leaf_table(struct gensim_ppgtt *ppgtt, u64 va)
{
	struct gensim_pt *pt = ppgtt->pml4;
	int level;

	for (level = PML4_LEVEL; pt && level > 0; level--)
		pt = pt->child[pt_index(va, level)];
	return pt;
}

/* Write @count leaf entries from @va: @addr onwards, or empty if @clear. */
static void write_leaves(struct gensim_ppgtt *ppgtt, u64 va, u64 end, u64 addr, u64 flags,
			 bool clear)
{
	u64 empty = empty_entry(ppgtt, 0);

	while (va < end) {
		u64 next = entry_end(va, end, 1);
		struct gensim_pt *pt = leaf_table(ppgtt, va);
		u64 *vaddr;

		if (!pt) {
			/* Nothing was ever mapped here; only clearing may find that. */
			WARN_ON_ONCE(!clear);
			addr += next - va;
			va = next;
			continue;
		}
		vaddr = kmap_local_page(pt->page);
		for (; va < next; va += PAGE_SIZE, addr += PAGE_SIZE) {
			unsigned int idx = pt_index(va, 0);
			bool was_used = READ_ONCE(vaddr[idx]) != empty;

			if (clear) {
				WRITE_ONCE(vaddr[idx], empty);
				pt->used -= was_used;
			} else {
				WRITE_ONCE(vaddr[idx], addr | flags);
				pt->used += !was_used;
			}
		}
		kunmap_local(vaddr);
	}
}

/**
 * gensim_ppgtt_insert - map [@start, @start + @length) to device addresses
 * @ppgtt: the page tables, with gensim_ppgtt_alloc() done for the range
 * @start: first GPU virtual address, page aligned
 * @length: bytes, page aligned
 * @addr: the DMA window address @start maps to; the rest follow linearly
 * @readonly: leave RW clear, so that device writes fault
 */
void gensim_ppgtt_insert(struct gensim_ppgtt *ppgtt, u64 start, u64 length, u64 addr,
			 bool readonly)
{
	u64 flags = GEN8_PAGE_PRESENT | (readonly ? 0 : GEN8_PAGE_RW);

	write_leaves(ppgtt, start, start + length, addr, flags, false);
	trace_gensim_gtt_map(ppgtt->gdev, gensim_ppgtt_root(ppgtt), start, length, addr);
}

/**
 * gensim_ppgtt_clear - make [@start, @start + @length) unmapped again
 * @ppgtt: the page tables
 * @start: first GPU virtual address, page aligned
 * @length: bytes, page aligned
 *
 * Leaves the emptied tables in place for gensim_ppgtt_prune().
 */
void gensim_ppgtt_clear(struct gensim_ppgtt *ppgtt, u64 start, u64 length)
{
	write_leaves(ppgtt, start, start + length, 0, 0, true);
	trace_gensim_gtt_unmap(ppgtt->gdev, gensim_ppgtt_root(ppgtt), start, length, 0);
}

static void prune_below(struct gensim_ppgtt *ppgtt, struct gensim_pt *pt, int level,
			u64 va, u64 end)
{
	while (va < end) {
		u64 next = entry_end(va, end, level);
		unsigned int idx = pt_index(va, level);
		struct gensim_pt *child = pt->child[idx];

		if (child) {
			if (level > 1)
				prune_below(ppgtt, child, level - 1, va, next);
			if (!child->used) {
				/* Unlink before freeing: the device may be walking. */
				write_entry(pt, idx, empty_entry(ppgtt, level));
				pt->child[idx] = NULL;
				pt->used--;
				free_table(ppgtt->gdev, child, level - 1, ppgtt);
			}
		}
		va = next;
	}
}

/**
 * gensim_ppgtt_prune - free the tables of a range that map nothing
 * @ppgtt: the page tables
 * @start: first GPU virtual address
 * @length: bytes
 */
void gensim_ppgtt_prune(struct gensim_ppgtt *ppgtt, u64 start, u64 length)
{
	prune_below(ppgtt, ppgtt->pml4, PML4_LEVEL, start, start + length);
}

/**
 * gensim_ppgtt_fini - free every table
 * @ppgtt: the page tables; every mapping was cleared
 */
void gensim_ppgtt_fini(struct gensim_ppgtt *ppgtt)
{
	if (!ppgtt->pml4)
		return;
	prune_below(ppgtt, ppgtt->pml4, PML4_LEVEL, 0, BIT_ULL(GEN8_PPGTT_VA_BITS));
	WARN_ON(ppgtt->pml4->used);
	free_table(ppgtt->gdev, ppgtt->pml4, PML4_LEVEL, ppgtt);
	ppgtt->pml4 = NULL;
}

/**
 * gensim_ppgtt_root - the PML4's DMA window address, for PDP0 of a context
 * @ppgtt: the page tables
 *
 * Returns: the address.
 */
u64 gensim_ppgtt_root(const struct gensim_ppgtt *ppgtt)
{
	return pt_addr(ppgtt->pml4);
}
