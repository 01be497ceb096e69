/* SPDX-License-Identifier: GPL-2.0 */
/* Buffer objects: see the DOC block of gensim_gem.c. */
#ifndef _GENSIM_GEM_H_
#define _GENSIM_GEM_H_

#include <linux/mutex.h>

#include <drm/drm_gem_shmem_helper.h>
#include <drm/drm_mm.h>

struct dma_buf_attachment;
struct drm_device;
struct sg_table;
struct drm_file;
struct gensim_channel;

/**
 * struct gensim_bo - a gensim buffer object
 */
struct gensim_bo {
	/** @base: the shmem object */
	struct drm_gem_shmem_object base;
	/** @window_lock: Protects @window, @window_users and @window_chan */
	struct mutex window_lock;
	/** @window: the object's pages in the DMA window while @window_users > 0 */
	struct drm_mm_node window;
	/** @window_users: bindings (VM mappings, GGTT nodes) that need @window */
	unsigned int window_users;
	/** @window_chan: the channel whose window holds the pages */
	struct gensim_channel *window_chan;
	/**
	 * @vm_root: for a buffer private to one VM (GEM_CREATE with a vm_id),
	 * that VM's resv object, whose reservation the buffer shares (a
	 * reference); NULL for a buffer any VM may bind and PRIME may share
	 */
	struct drm_gem_object *vm_root;
	/** @counted: in the object counts (created to the end) */
	bool counted;
};

static inline struct gensim_bo *to_gensim_bo(struct drm_gem_object *obj)
{
	return container_of(to_drm_gem_shmem_obj(obj), struct gensim_bo, base);
}

struct drm_gem_object *gensim_gem_create_object(struct drm_device *drm, size_t size);
struct drm_gem_shmem_object *gensim_bo_create(struct drm_device *drm, size_t size);
struct drm_gem_object *
gensim_gem_prime_import_sg_table(struct drm_device *drm, struct dma_buf_attachment *attach,
				 struct sg_table *sgt);
int gensim_bo_populate(struct gensim_bo *bo);
int gensim_bo_window_get(struct gensim_bo *bo, struct gensim_channel *chan, u64 *base);
void gensim_bo_window_put(struct gensim_bo *bo);
int gensim_ioctl_gem_create(struct drm_device *drm, void *data, struct drm_file *file);
int gensim_ioctl_gem_mmap_offset(struct drm_device *drm, void *data, struct drm_file *file);

#endif /* _GENSIM_GEM_H_ */
