/* SPDX-License-Identifier: GPL-2.0 */
/* Per-process page tables: see the DOC block of gensim_ppgtt.c. */
#ifndef _GENSIM_PPGTT_H_
#define _GENSIM_PPGTT_H_

#include <linux/types.h>

#include <drm/drm_mm.h>

struct gensim_device;
struct page;

/**
 * struct gensim_pt - one page-table page, at any level
 * @page: the table, 512 entries
 * @node: its place in the DMA window
 * @used: entries that map something (PT) or lead to a table (directories)
 * @child: directories only: the tables the entries lead to
 */
struct gensim_pt {
	struct page *page;
	struct drm_mm_node node;
	unsigned int used;
	struct gensim_pt *child[];
};

/**
 * struct gensim_ppgtt_scratch - what unused entries of scratch VMs lead to
 * @page: a zeroed page, mapped read-only
 * @page_node: its place in the DMA window
 * @table: the scratch PT, PD and PDP (levels 0 to 2)
 */
struct gensim_ppgtt_scratch {
	struct page *page;
	struct drm_mm_node page_node;
	struct gensim_pt *table[3];
};

/**
 * struct gensim_ppgtt - the page tables of one VM
 * @gdev: the device
 * @pml4: the root
 * @scratch: unused entries lead to the scratch page instead of faulting
 * @tables: table pages allocated for this VM, the PML4 included
 * @bytes: kernel memory of those tables: the pages and their bookkeeping
 *
 * @tables and @bytes change where the tables do (under the device's
 * bind_lock, or at init and fini) and are read without a lock by debugfs
 * client_mem, hence atomic.
 */
struct gensim_ppgtt {
	struct gensim_device *gdev;
	struct gensim_pt *pml4;
	bool scratch;
	atomic_t tables;
	atomic_long_t bytes;
};

int gensim_ppgtt_scratch_init(struct gensim_device *gdev);
void gensim_ppgtt_scratch_fini(struct gensim_device *gdev);
int gensim_ppgtt_init(struct gensim_ppgtt *ppgtt, struct gensim_device *gdev, bool scratch);
void gensim_ppgtt_fini(struct gensim_ppgtt *ppgtt);
int gensim_ppgtt_alloc(struct gensim_ppgtt *ppgtt, u64 start, u64 length);
void gensim_ppgtt_insert(struct gensim_ppgtt *ppgtt, u64 start, u64 length, u64 addr,
			 bool readonly);
void gensim_ppgtt_clear(struct gensim_ppgtt *ppgtt, u64 start, u64 length);
void gensim_ppgtt_prune(struct gensim_ppgtt *ppgtt, u64 start, u64 length);
u64 gensim_ppgtt_root(const struct gensim_ppgtt *ppgtt);

#endif /* _GENSIM_PPGTT_H_ */
