// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The gensim authors
 */

/**
 * DOC: Buffer objects
 *
 * A gensim buffer is a drm_gem_shmem object (&struct gensim_bo): shmem
 * pages, mapped into userspace cached or write-combined, exported and
 * imported through PRIME by the shmem helpers.  What gensim adds is the
 * device's view: while a buffer is bound anywhere (a VM or the GGTT), its
 * pages are pinned and mapped, in order, into one range of the DMA window,
 * so that page i of the buffer is at device address window_base + i * 4 KiB
 * and GTT entries can point at it.  The first binding maps the range
 * (gensim_bo_window_get()), the last unbinding unmaps it
 * (gensim_bo_window_put()); the device cannot reach a buffer that is not
 * bound.
 *
 * Imported buffers (from vgem or any dma-buf exporter) have no shmem pages;
 * their pages come from the exporter's scatter-gather table.
 *
 * Called from: gensim_drv.c (ioctls, fdinfo), gensim_vm.c and gensim_ggtt.c
 * (window get/put).
 */

#include <linux/dma-buf.h>
#include <linux/scatterlist.h>
#include <linux/slab.h>

#include <drm/drm_file.h>
#include <drm/drm_gem_shmem_helper.h>
#include <drm/drm_print.h>

#include "gensim_drm.h"
#include "gensim_drv.h"
#include "gensim_gem.h"

static enum drm_gem_object_status gensim_bo_status(struct drm_gem_object *obj)
{
	struct drm_gem_shmem_object *shmem = to_drm_gem_shmem_obj(obj);

	/* Called under the file's table spinlock: a racy look, as panfrost does. */
	return READ_ONCE(shmem->pages) || obj->import_attach ? DRM_GEM_OBJECT_RESIDENT : 0;
}

static size_t gensim_bo_rss(struct drm_gem_object *obj)
{
	return gensim_bo_status(obj) ? obj->size : 0;
}

static void gensim_bo_free(struct drm_gem_object *obj)
{
	struct gensim_bo *bo = to_gensim_bo(obj);

	/* Every binding holds a reference, so none is left. */
	drm_WARN_ON(obj->dev, bo->window_users);
	atomic_dec(&to_gensim(obj->dev)->mem_stats.bos);
	mutex_destroy(&bo->window_lock);
	drm_gem_shmem_free(&bo->base);
}

static const struct drm_gem_object_funcs gensim_bo_funcs = {
	.free = gensim_bo_free,
	.print_info = drm_gem_shmem_object_print_info,
	.pin = drm_gem_shmem_object_pin,
	.unpin = drm_gem_shmem_object_unpin,
	.get_sg_table = drm_gem_shmem_object_get_sg_table,
	.vmap = drm_gem_shmem_object_vmap,
	.vunmap = drm_gem_shmem_object_vunmap,
	.mmap = drm_gem_shmem_object_mmap,
	.status = gensim_bo_status,
	.rss = gensim_bo_rss,
	.vm_ops = &drm_gem_shmem_vm_ops,
};

/**
 * gensim_gem_create_object - &drm_driver.gem_create_object
 * @drm: the device
 * @size: the object's size
 *
 * Every shmem object of the driver, created or imported, is a gensim_bo.
 *
 * Returns: the embedded GEM object or an ERR_PTR.
 */
struct drm_gem_object *gensim_gem_create_object(struct drm_device *drm, size_t size)
{
	struct gensim_bo *bo = kzalloc(sizeof(*bo), GFP_KERNEL);

	if (!bo)
		return ERR_PTR(-ENOMEM);
	mutex_init(&bo->window_lock);
	/* drm_gpuvm keeps the buffer's mappings on this list. */
	drm_gem_gpuva_init(&bo->base.base);
	bo->base.base.funcs = &gensim_bo_funcs;
	bo->base.map_wc = false;
	atomic_inc(&to_gensim(drm)->mem_stats.bos);
	return &bo->base.base;
}

/* The object's pages in order: shmem's, or the exporter's for an import. */
static struct page **bo_collect_pages(struct gensim_bo *bo, unsigned int count)
{
	struct drm_gem_object *obj = &bo->base.base;
	struct sg_page_iter iter;
	struct page **pages;
	unsigned int i = 0;

	pages = kvmalloc_array(count, sizeof(*pages), GFP_KERNEL);
	if (!pages)
		return ERR_PTR(-ENOMEM);
	if (!obj->import_attach) {
		memcpy(pages, bo->base.pages, count * sizeof(*pages));
		return pages;
	}
	for_each_sgtable_page(bo->base.sgt, &iter, 0) {
		if (i == count)
			break;
		pages[i++] = sg_page_iter_page(&iter);
	}
	if (i != count) {
		kvfree(pages);
		return ERR_PTR(-EINVAL);
	}
	return pages;
}

/**
 * gensim_bo_window_get - make a buffer reachable by the device
 * @bo: the buffer
 * @chan: the channel of its device
 * @base: out: the DMA window address of page 0
 *
 * The first call pins the pages and maps them into the DMA window; later
 * calls count.  Context: process; sleeps.
 *
 * Returns: 0, or a negative errno (-ENOMEM, -ENOSPC, -ENODEV).
 */
int gensim_bo_window_get(struct gensim_bo *bo, struct gensim_channel *chan, u64 *base)
{
	struct drm_gem_object *obj = &bo->base.base;
	unsigned int count = obj->size >> PAGE_SHIFT;
	struct page **pages;
	int err = 0;

	mutex_lock(&bo->window_lock);
	if (bo->window_users)
		goto out;

	if (!obj->import_attach) {
		err = drm_gem_shmem_pin(&bo->base);
		if (err)
			goto unlock;
	}
	pages = bo_collect_pages(bo, count);
	if (IS_ERR(pages)) {
		err = PTR_ERR(pages);
		goto unpin;
	}
	memset(&bo->window, 0, sizeof(bo->window));
	err = gensim_dmawin_map(chan, &bo->window, pages, count);
	kvfree(pages);
	if (err)
		goto unpin;
	bo->window_chan = chan;
out:
	bo->window_users++;
	*base = bo->window.start << PAGE_SHIFT;
	mutex_unlock(&bo->window_lock);
	return 0;

unpin:
	if (!obj->import_attach)
		drm_gem_shmem_unpin(&bo->base);
unlock:
	mutex_unlock(&bo->window_lock);
	return err;
}

/**
 * gensim_bo_window_put - drop one user of the buffer's window mapping
 * @bo: the buffer
 *
 * The last one unmaps the pages from the DMA window (the device can no
 * longer reach them) and unpins them.  Context: process; sleeps.
 */
void gensim_bo_window_put(struct gensim_bo *bo)
{
	mutex_lock(&bo->window_lock);
	if (!drm_WARN_ON(bo->base.base.dev, !bo->window_users) && !--bo->window_users) {
		gensim_dmawin_unmap(bo->window_chan, &bo->window);
		if (!bo->base.base.import_attach)
			drm_gem_shmem_unpin(&bo->base);
		bo->window_chan = NULL;
	}
	mutex_unlock(&bo->window_lock);
}

int gensim_ioctl_gem_create(struct drm_device *drm, void *data, struct drm_file *file)
{
	struct drm_gensim_gem_create *args = data;
	struct drm_gem_shmem_object *shmem;
	u32 handle;
	int err;

	if (args->extensions || args->reserved[0] || args->reserved[1] || args->handle) {
		drm_dbg(drm, "GEM_CREATE: extensions, reserved and handle must be zero\n");
		return -EINVAL;
	}
	if (args->flags & ~DRM_GENSIM_GEM_CREATE_CPU_WC) {
		drm_dbg(drm, "GEM_CREATE: unknown flags %#x\n", args->flags);
		return -EINVAL;
	}
	if (!args->size) {
		drm_dbg(drm, "GEM_CREATE: size 0\n");
		return -EINVAL;
	}
	if (args->size > DRM_GENSIM_GEM_MAX_SIZE) {
		drm_dbg(drm, "GEM_CREATE: size %llu above %llu\n", args->size,
			DRM_GENSIM_GEM_MAX_SIZE);
		return -E2BIG;
	}

	shmem = drm_gem_shmem_create(drm, PAGE_ALIGN(args->size));
	if (IS_ERR(shmem))
		return PTR_ERR(shmem);
	shmem->map_wc = !!(args->flags & DRM_GENSIM_GEM_CREATE_CPU_WC);

	err = drm_gem_handle_create(file, &shmem->base, &handle);
	/* The handle (or the failure) owns the object now. */
	drm_gem_object_put(&shmem->base);
	if (err)
		return err;
	args->size = shmem->base.size;
	args->handle = handle;
	return 0;
}

int gensim_ioctl_gem_mmap_offset(struct drm_device *drm, void *data, struct drm_file *file)
{
	struct drm_gensim_gem_mmap_offset *args = data;
	struct drm_gem_object *obj;
	int err;

	if (args->extensions || args->flags || args->reserved[0] || args->reserved[1]) {
		drm_dbg(drm, "GEM_MMAP_OFFSET: extensions, flags and reserved must be zero\n");
		return -EINVAL;
	}
	obj = drm_gem_object_lookup(file, args->handle);
	if (!obj)
		return -ENOENT;
	err = drm_gem_create_mmap_offset(obj);
	if (!err)
		args->offset = drm_vma_node_offset_addr(&obj->vma_node);
	drm_gem_object_put(obj);
	return err;
}

