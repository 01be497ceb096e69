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
 * Imported buffers (from vgem or any dma-buf exporter) have no shmem pages.
 * The driver, as a dma-buf importer, never touches the exporter's struct
 * pages: the device reaches the buffer through the DMA addresses in the
 * table the exporter mapped for gensim's device, which the DMA window maps
 * by frame (gensim_dmawin_map_pfns()).
 *
 * A buffer may be private to one VM (GEM_CREATE with a vm_id, as xe and
 * panthor do): it shares the VM's reservation object, so an EXEC locks it
 * with the VM instead of one by one, and only that VM may bind it and it
 * cannot be exported.  Any other buffer is a drm_gpuvm external object of
 * each VM it is bound in.
 *
 * Memory is bounded: a buffer is at most half of RAM (-E2BIG), and binding
 * it first populates its pages interruptibly, without any device-wide lock
 * held, after checking that they fit in available memory (-ENOMEM); only
 * then are they pinned.
 *
 * Called from: gensim_drv.c (ioctls, fdinfo), gensim_vm.c and gensim_ggtt.c
 * (window get/put).
 */

#include <linux/dma-buf.h>
#include <linux/dma-direct.h>
#include <linux/mm.h>
#include <linux/pagemap.h>
#include <linux/sched/signal.h>
#include <linux/shmem_fs.h>
#include <linux/scatterlist.h>
#include <linux/slab.h>

#include <drm/drm_file.h>
#include <drm/drm_gpuvm.h>
#include <drm/drm_prime.h>
#include <drm/drm_gem_shmem_helper.h>
#include <drm/drm_print.h>

#include "gensim_drm.h"
#include "gensim_drv.h"
#include "gensim_gem.h"
#include "gensim_vm.h"

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
	struct drm_gem_object *vm_root = bo->vm_root;

	/* Every binding holds a reference, so none is left. */
	drm_WARN_ON(obj->dev, bo->window_users);
	if (bo->counted) {
		atomic_dec(&to_gensim(obj->dev)->mem_stats.bos);
		atomic_dec(&gensim_objects.bos);
	}
	mutex_destroy(&bo->window_lock);
	drm_gem_shmem_free(&bo->base);
	/* After the buffer: it used the VM's reservation until now. */
	if (vm_root)
		drm_gem_object_put(vm_root);
}

static struct dma_buf *gensim_bo_export(struct drm_gem_object *obj, int flags)
{
	/* A VM-private buffer shares its VM's reservation: it stays private. */
	if (to_gensim_bo(obj)->vm_root)
		return ERR_PTR(-EINVAL);
	return drm_gem_prime_export(obj, flags);
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
	.export = gensim_bo_export,
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
	/*
	 * drm_gpuvm keeps the buffer's mappings on this list, which spans
	 * VMs: bind_lock protects it, not the buffer's reservation.
	 */
	drm_gem_gpuva_init(&bo->base.base);
	drm_gem_gpuva_set_lock(&bo->base.base, &to_gensim(drm)->bind_lock);
	bo->base.base.funcs = &gensim_bo_funcs;
	bo->base.map_wc = false;
	/*
	 * Counted once created (bo_counted()): if the shmem helper fails after
	 * this, it kfree()s the object without calling .free.
	 */
	return &bo->base.base;
}

static struct drm_gem_shmem_object *bo_counted(struct drm_gem_shmem_object *shmem)
{
	struct gensim_bo *bo;

	if (IS_ERR(shmem))
		return shmem;
	bo = container_of(shmem, struct gensim_bo, base);
	bo->counted = true;
	atomic_inc(&to_gensim(shmem->base.dev)->mem_stats.bos);
	atomic_inc(&gensim_objects.bos);
	return shmem;
}

/**
 * gensim_bo_create - a shmem buffer object of the driver's
 * @drm: the device
 * @size: bytes, page aligned
 *
 * Returns: the object (one reference) or an ERR_PTR.
 */
struct drm_gem_shmem_object *gensim_bo_create(struct drm_device *drm, size_t size)
{
	return bo_counted(drm_gem_shmem_create(drm, size));
}

/**
 * gensim_gem_prime_import_sg_table - import a dma-buf's table
 * @drm: the device
 * @attach: the attachment
 * @sgt: its table, mapped for gensim's device
 *
 * Returns: the object or an ERR_PTR.
 */
struct drm_gem_object *
gensim_gem_prime_import_sg_table(struct drm_device *drm, struct dma_buf_attachment *attach,
				 struct sg_table *sgt)
{
	struct drm_gem_object *obj = drm_gem_shmem_prime_import_sg_table(drm, attach, sgt);

	if (!IS_ERR(obj))
		bo_counted(to_drm_gem_shmem_obj(obj));
	return obj;
}

/*
 * The frames the device sees, in order: shmem's pages, or for an import
 * the DMA addresses of the exporter's table (never its struct pages).
 */
static unsigned long *bo_collect_pfns(struct gensim_bo *bo, unsigned int count)
{
	struct drm_gem_object *obj = &bo->base.base;
	struct sg_dma_page_iter iter;
	unsigned long *pfns;
	unsigned int i = 0;

	pfns = kvmalloc_array(count, sizeof(*pfns), GFP_KERNEL);
	if (!pfns)
		return ERR_PTR(-ENOMEM);
	if (!obj->import_attach) {
		for (i = 0; i < count; i++)
			pfns[i] = page_to_pfn(bo->base.pages[i]);
		return pfns;
	}
	for_each_sgtable_dma_page(bo->base.sgt, &iter, 0) {
		dma_addr_t addr = sg_page_iter_dma_address(&iter);

		if (i == count)
			break;
		if (!PAGE_ALIGNED(addr))
			break;
		pfns[i++] = PHYS_PFN(dma_to_phys(obj->dev->dev, addr));
	}
	if (i != count) {
		kvfree(pfns);
		return ERR_PTR(-EINVAL);
	}
	return pfns;
}

/**
 * gensim_bo_populate - bring a buffer's pages in before it is pinned
 * @bo: the buffer
 *
 * Interruptible and with no lock held but the caller's own, so that a
 * large buffer neither blocks other clients nor ignores a signal.  The
 * pages stay in the page cache; pinning them afterwards finds them there.
 *
 * Context: process; sleeps.
 * Returns: 0, -ENOMEM if the buffer does not fit in available memory,
 * -ERESTARTSYS on a signal, or the error of reading a page.
 */
int gensim_bo_populate(struct gensim_bo *bo)
{
	struct drm_gem_object *obj = &bo->base.base;
	pgoff_t i, n = obj->size >> PAGE_SHIFT;
	struct address_space *mapping;

	if (obj->import_attach || READ_ONCE(bo->base.pages))
		return 0;
	if (n > si_mem_available()) {
		drm_dbg(obj->dev, "a %zu-byte buffer does not fit in available memory\n",
			obj->size);
		return -ENOMEM;
	}
	mapping = obj->filp->f_mapping;
	for (i = 0; i < n;) {
		struct folio *folio;

		if (signal_pending(current))
			return -ERESTARTSYS;
		folio = shmem_read_folio_gfp(mapping, i, mapping_gfp_mask(mapping));
		if (IS_ERR(folio))
			return PTR_ERR(folio);
		i = folio->index + folio_nr_pages(folio);
		folio_put(folio);
		cond_resched();
	}
	return 0;
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
	unsigned long *pfns;
	int err = 0;

	mutex_lock(&bo->window_lock);
	if (bo->window_users)
		goto out;

	if (!obj->import_attach) {
		err = drm_gem_shmem_pin(&bo->base);
		if (err)
			goto unlock;
	}
	pfns = bo_collect_pfns(bo, count);
	if (IS_ERR(pfns)) {
		err = PTR_ERR(pfns);
		goto unpin;
	}
	memset(&bo->window, 0, sizeof(bo->window));
	err = gensim_dmawin_map_pfns(chan, &bo->window, pfns, count);
	kvfree(pfns);
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

/* Half of RAM: a larger buffer could not be bound without the OOM killer. */
static u64 gem_size_limit(void)
{
	return (u64)totalram_pages() << (PAGE_SHIFT - 1);
}

int gensim_ioctl_gem_create(struct drm_device *drm, void *data, struct drm_file *file)
{
	struct drm_gensim_gem_create *args = data;
	struct drm_gem_shmem_object *shmem;
	struct gensim_vm *vm = NULL;
	u32 handle;
	int err;

	if (args->extensions || args->pad || args->reserved || args->handle) {
		drm_dbg(drm, "GEM_CREATE: extensions, pad, reserved and handle must be zero\n");
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
	if (args->size > DRM_GENSIM_GEM_MAX_SIZE || args->size > gem_size_limit()) {
		drm_dbg(drm, "GEM_CREATE: size %llu above %llu\n", args->size,
			min_t(u64, DRM_GENSIM_GEM_MAX_SIZE, gem_size_limit()));
		return -E2BIG;
	}
	if (args->vm_id) {
		vm = gensim_vm_lookup(file->driver_priv, args->vm_id);
		if (!vm)
			return -ENOENT;
	}

	shmem = gensim_bo_create(drm, PAGE_ALIGN(args->size));
	if (IS_ERR(shmem)) {
		if (vm)
			drm_gpuvm_put(&vm->base);
		return PTR_ERR(shmem);
	}
	shmem->map_wc = !!(args->flags & DRM_GENSIM_GEM_CREATE_CPU_WC);
	if (vm) {
		/* Private to the VM: its reservation is the VM's (xe, panthor). */
		struct drm_gem_object *root = vm->base.r_obj;

		drm_gem_object_get(root);
		to_gensim_bo(&shmem->base)->vm_root = root;
		shmem->base.resv = root->resv;
		drm_gpuvm_put(&vm->base);
	}

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

