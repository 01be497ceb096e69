/* SPDX-License-Identifier: GPL-2.0 */
/* The global GTT: see the DOC block of gensim_ggtt.c. */
#ifndef _GENSIM_GGTT_H_
#define _GENSIM_GGTT_H_

#include <linux/mutex.h>

#include <drm/drm_mm.h>

struct gensim_bo;
struct gensim_device;
struct seq_file;

/**
 * struct gensim_ggtt - the global GTT
 */
struct gensim_ggtt {
	/** @lock: Protects @mm and the PTEs */
	struct mutex lock;
	/** @mm: the address allocator, in bytes */
	struct drm_mm mm;
	/** @size: bytes of GGTT address space */
	u64 size;
	/** @scratch_addr: DMA address every unused entry points at */
	u64 scratch_addr;
};

void gensim_tlb_invalidate(struct gensim_device *gdev);
void gensim_ggtt_init(struct gensim_device *gdev, u64 scratch_addr);
void gensim_ggtt_fini(struct gensim_device *gdev);
int gensim_ggtt_insert_bo(struct gensim_device *gdev, struct gensim_bo *bo,
			  struct drm_mm_node *node);
void gensim_ggtt_remove_bo(struct gensim_device *gdev, struct gensim_bo *bo,
			   struct drm_mm_node *node);
void gensim_ggtt_show(struct gensim_device *gdev, struct seq_file *m);

#endif /* _GENSIM_GGTT_H_ */
