// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The gensim authors
 */

/**
 * DOC: gensim overview
 *
 * gensim is a DRM driver for an Intel Gen8 (Broadwell/Cherryview class) GPU
 * whose hardware is a userspace process, the gensim device.  The module
 * creates one platform device, "gensim".  Its driver registers the UIO
 * device through which a device process attaches (gensim_uif.c); once the
 * device process has reset its registers, the driver probes the GPU through
 * them and registers a DRM device with a render node (gensim_device.c).
 *
 * The driver does what a Gen8 driver does and no more: it never calls into
 * the device process except through registers, the DMA window and the
 * interrupt line, so everything it does would work on silicon with the same
 * register interface.
 *
 * Called from: module init.  Calls: gensim_uif.c.
 */

#include <linux/debugfs.h>
#include <linux/devcoredump.h>
#include <linux/dma-mapping.h>
#include <linux/module.h>
#include <linux/platform_device.h>

#include <linux/seq_file.h>
#include <linux/slab.h>

#include <drm/drm_drv.h>
#include <drm/drm_file.h>
#include <drm/drm_gem.h>
#include <drm/drm_gem_shmem_helper.h>
#include <drm/drm_ioctl.h>
#include <drm/drm_print.h>

#include "gensim_drm.h"
#include "gensim_drv.h"
#include "gensim_gem.h"
#include "gensim_engine.h"
#include "gensim_vm.h"

/* Where queues are torn down; destroying it at unload waits for them. */
struct workqueue_struct *gensim_wq;

/* Live objects of every device (debugfs gensim/objects). */
struct gensim_objects gensim_objects;

/* debugfs gensim/: what is module-wide rather than per device. */
struct dentry *gensim_debugfs_root;

static int objects_show(struct seq_file *m, void *unused)
{
	seq_printf(m, "bos: %d\nvms: %d\npage_tables: %d\nqueues: %d\njobs: %d\ncontexts: %d\nhw_fences: %d\n",
		   atomic_read(&gensim_objects.bos), atomic_read(&gensim_objects.vms),
		   atomic_read(&gensim_objects.page_tables), atomic_read(&gensim_objects.queues),
		   atomic_read(&gensim_objects.jobs), atomic_read(&gensim_objects.contexts),
		   atomic_read(&gensim_objects.hw_fences));
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(objects);

unsigned int gensim_device_timeout_ms = 5000;
module_param_named(device_timeout_ms, gensim_device_timeout_ms, uint, 0644);
MODULE_PARM_DESC(device_timeout_ms,
		 "Bound on every wait for the device process, in ms; on expiry the device is wedged (default 5000)");

static const char * const engine_names[GENSIM_NUM_ENGINES] = {
	[GENSIM_RCS] = "rcs0",
	[GENSIM_BCS] = "bcs0",
	[GENSIM_VCS] = "vcs0",
	[GENSIM_VECS] = "vecs0",
};

static const u32 engine_mmio_base[GENSIM_NUM_ENGINES] = {
	[GENSIM_RCS] = RENDER_RING_BASE,
	[GENSIM_BCS] = BLT_RING_BASE,
	[GENSIM_VCS] = GEN6_BSD_RING_BASE,
	[GENSIM_VECS] = VEBOX_RING_BASE,
};

/**
 * gensim_engine_mmio_base - the base of an engine's registers
 * @id: the engine
 *
 * Returns: the offset the RING_* macros of gensim_regs.h take.
 */
u32 gensim_engine_mmio_base(enum gensim_engine_id id)
{
	return engine_mmio_base[id];
}

/**
 * gensim_engine_name - the name of an engine in logs, debugfs and fdinfo
 * @id: the engine
 *
 * Returns: "rcs0", "bcs0", "vcs0" or "vecs0".
 */
const char *gensim_engine_name(enum gensim_engine_id id)
{
	if (id >= GENSIM_NUM_ENGINES)
		return "unknown";
	return engine_names[id];
}

static int gensim_open(struct drm_device *drm, struct drm_file *file)
{
	struct gensim_file *gfile = kzalloc(sizeof(*gfile), GFP_KERNEL);

	if (!gfile)
		return -ENOMEM;
	gfile->stats = kzalloc(sizeof(*gfile->stats), GFP_KERNEL);
	if (!gfile->stats) {
		kfree(gfile);
		return -ENOMEM;
	}
	kref_init(&gfile->stats->ref);
	spin_lock_init(&gfile->stats->lock);
	xa_init_flags(&gfile->vms, XA_FLAGS_ALLOC1);
	xa_init_flags(&gfile->queues, XA_FLAGS_ALLOC1);
	file->driver_priv = gfile;
	return 0;
}

static void gensim_postclose(struct drm_device *drm, struct drm_file *file)
{
	struct gensim_file *gfile = file->driver_priv;

	/* Queues first: they hold references on the VMs. */
	gensim_queues_file_fini(file);
	gensim_vm_file_fini(gfile);
	gensim_client_stats_put(gfile->stats);
	kfree(gfile);
}

/*
 * fdinfo (Documentation/gpu/drm-usage-stats.rst): the standard memory keys
 * and drm-engine-<name>, the time the file's jobs kept each engine busy.
 */
static void gensim_show_fdinfo(struct drm_printer *p, struct drm_file *file)
{
	struct gensim_device *gdev = to_gensim(file->minor->dev);
	struct gensim_client_stats *stats = ((struct gensim_file *)file->driver_priv)->stats;
	u64 busy[GENSIM_NUM_ENGINES];
	unsigned long flags;
	int id;

	spin_lock_irqsave(&stats->lock, flags);
	memcpy(busy, stats->busy_ns, sizeof(busy));
	spin_unlock_irqrestore(&stats->lock, flags);
	for (id = 0; id < GENSIM_NUM_ENGINES; id++)
		if (gdev->info.engine_mask & BIT(id))
			drm_printf(p, "drm-engine-%s:\t%llu ns\n", gensim_engine_name(id),
				   busy[id]);
	drm_show_memory_stats(p, file);
}

static const struct drm_ioctl_desc gensim_ioctls[] = {
	DRM_IOCTL_DEF_DRV(GENSIM_QUERY, gensim_ioctl_query, DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(GENSIM_GEM_CREATE, gensim_ioctl_gem_create, DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(GENSIM_GEM_MMAP_OFFSET, gensim_ioctl_gem_mmap_offset, DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(GENSIM_VM_CREATE, gensim_ioctl_vm_create, DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(GENSIM_VM_DESTROY, gensim_ioctl_vm_destroy, DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(GENSIM_VM_BIND, gensim_ioctl_vm_bind, DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(GENSIM_QUEUE_CREATE, gensim_ioctl_queue_create, DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(GENSIM_QUEUE_DESTROY, gensim_ioctl_queue_destroy, DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(GENSIM_EXEC, gensim_ioctl_exec, DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(GENSIM_QUEUE_GET_STATE, gensim_ioctl_queue_get_state,
			  DRM_RENDER_ALLOW),
};

/* DEFINE_DRM_GEM_FOPS without the fdinfo hook: spelled out to add it. */
static const struct file_operations gensim_drm_fops = {
	.owner = THIS_MODULE,
	DRM_GEM_FOPS,
	.show_fdinfo = drm_show_fdinfo,
};

const struct drm_driver gensim_drm_driver = {
	.driver_features = DRIVER_GEM | DRIVER_RENDER | DRIVER_SYNCOBJ |
			   DRIVER_SYNCOBJ_TIMELINE,
	.open = gensim_open,
	.postclose = gensim_postclose,
	.show_fdinfo = gensim_show_fdinfo,
	.debugfs_init = gensim_debugfs_minor_init,
	.gem_create_object = gensim_gem_create_object,
	.gem_prime_import_sg_table = gensim_gem_prime_import_sg_table,
	.ioctls = gensim_ioctls,
	.num_ioctls = ARRAY_SIZE(gensim_ioctls),
	.fops = &gensim_drm_fops,
	.name = DRIVER_NAME,
	.desc = DRIVER_DESC,
	.major = DRIVER_MAJOR,
	.minor = DRIVER_MINOR,
};

static int gensim_platform_probe(struct platform_device *pdev)
{
	struct gensim_uif *uif;
	int err;

	/*
	 * Gen8 addresses 39 bits of physical memory (EXT i915: BDW's DMA
	 * mask).  Without it an exporter's table for gensim's device would be
	 * bounced below 4 GiB by swiotlb, and the device would write the
	 * bounce buffer instead of the buffer (gensim_gem.c, imports).
	 */
	err = dma_set_mask_and_coherent(&pdev->dev, DMA_BIT_MASK(39));
	if (err)
		return err;
	uif = devm_kzalloc(&pdev->dev, sizeof(*uif), GFP_KERNEL);
	if (!uif)
		return -ENOMEM;
	platform_set_drvdata(pdev, uif);

	return gensim_uif_init(uif, pdev);
}

static void gensim_platform_remove(struct platform_device *pdev)
{
	gensim_uif_fini(platform_get_drvdata(pdev));
	/* A hang dump nobody read goes with the device (trust.rst). */
	dev_coredump_put(&pdev->dev);
}

static struct platform_driver gensim_platform_driver = {
	.probe = gensim_platform_probe,
	.remove = gensim_platform_remove,
	.driver = {
		.name = DRIVER_NAME,
	},
};

static struct platform_device *gensim_pdev;

static int __init gensim_init(void)
{
	int err;

	gensim_wq = alloc_workqueue("gensim", WQ_UNBOUND, 0);
	if (!gensim_wq)
		return -ENOMEM;
	gensim_debugfs_root = debugfs_create_dir(DRIVER_NAME, NULL);
	debugfs_create_file("objects", 0444, gensim_debugfs_root, NULL, &objects_fops);
	err = platform_driver_register(&gensim_platform_driver);
	if (err) {
		debugfs_remove_recursive(gensim_debugfs_root);
		destroy_workqueue(gensim_wq);
		return err;
	}

	gensim_pdev = platform_device_register_simple(DRIVER_NAME, PLATFORM_DEVID_NONE,
						      NULL, 0);
	if (IS_ERR(gensim_pdev)) {
		platform_driver_unregister(&gensim_platform_driver);
		debugfs_remove_recursive(gensim_debugfs_root);
		destroy_workqueue(gensim_wq);
		return PTR_ERR(gensim_pdev);
	}
	return 0;
}

static void __exit gensim_exit(void)
{
	platform_device_unregister(gensim_pdev);
	platform_driver_unregister(&gensim_platform_driver);
	destroy_workqueue(gensim_wq);
	debugfs_remove_recursive(gensim_debugfs_root);
	/* No file is open (each holds the module): every queue is gone. */
	gensim_sched_pool_fini();
}

module_init(gensim_init);
module_exit(gensim_exit);

MODULE_AUTHOR("The gensim authors");
MODULE_DESCRIPTION(DRIVER_DESC);
MODULE_LICENSE("GPL");
