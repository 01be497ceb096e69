// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The gensim authors
 */

/**
 * DOC: Probe and surprise removal
 *
 * The DRM device exists only while a device process is attached.  When the
 * device process says GENSIM_MSG_READY (its registers hold their reset
 * values), gensim_device_probe_work() does what a PCI probe of a Gen8 GPU
 * does, through registers only:
 *
 * 1. identify: the PCI configuration mirror (vendor, device, revision,
 *    GMCH_CTRL for the GGTT size), the gensim identity block (magic, channel
 *    ABI version, engine mask, threads per EU) and the Gen8 fuse registers
 *    (FUSE2 and EU_DISABLE0..2 for slices, subslices and EUs);
 * 2. reset the whole GPU through GDRST and wait for the bit to clear;
 * 3. initialise interrupts and check that one arrives (gensim_irq.c);
 * 4. check the DMA window end to end with the device's DMA probe;
 * 5. check FPGA_DBG for accesses the device did not claim;
 * 6. register the DRM device and say in one line what was found.
 *
 * Each attachment gets a new &struct gensim_device in its own devres group.
 * gensim_device_unplug() undoes it when the device process goes away or
 * the driver is unbound: drm_dev_unplug() makes every later ioctl fail with
 * -ENODEV and waits for every section of the driver that touches the
 * hardware (between drm_dev_enter() and drm_dev_exit(): the ioctls that
 * program it, run_job, the timeout handler, resets and queue teardown) to
 * leave; every job in flight ends with -ENODEV; the interrupt line is
 * disconnected and the group's reference on the DRM device is dropped.
 * Open files keep the old DRM device (and its GEM objects) alive until
 * they close; a new device process gets a new DRM device.
 *
 * A device that stops answering is wedged (gensim_mmio.c): the DRM device
 * stays, but gensim_device_wedged() ends every job in flight with -EIO and
 * every later job fails the same way, until the device process detaches.
 *
 * Called from: gensim_uif.c.  Calls: gensim_mmio.c, gensim_irq.c,
 * gensim_dmawin.c, gensim_debugfs.c.
 */

#include <linux/bitfield.h>
#include <linux/bitops.h>
#include <linux/highmem.h>
#include <linux/platform_device.h>

#include <kunit/visibility.h>

#include <drm/drm_drv.h>
#include <drm/drm_managed.h>
#include <drm/drm_print.h>

#include "gensim_drv.h"
#include "gensim_gem.h"

#define GENSIM_RESET_TIMEOUT_MS	500

static int gensim_read_identity(struct gensim_device *gdev)
{
	struct gensim_info *info = &gdev->info;
	u32 magic, id, class_rev, gmch;

	magic = gensim_read(gdev, GENSIM_MAGIC);
	if (magic != GENSIM_MAGIC_VALUE) {
		drm_err(&gdev->drm, "no gensim device on the channel: magic %#010x, expected %#010x\n",
			magic, GENSIM_MAGIC_VALUE);
		return -ENODEV;
	}

	info->abi_version = gensim_read(gdev, GENSIM_ABI_VERSION);
	if (info->abi_version != GENSIM_CHANNEL_ABI_VERSION) {
		drm_err(&gdev->drm, "device speaks channel ABI %u, driver speaks %u\n",
			info->abi_version, GENSIM_CHANNEL_ABI_VERSION);
		return -ENODEV;
	}

	id = gensim_read(gdev, GENSIM_PCI_ID);
	info->vendor_id = FIELD_GET(PCI_ID_VENDOR, id);
	info->device_id = FIELD_GET(PCI_ID_DEVICE, id);
	class_rev = gensim_read(gdev, GENSIM_PCI_CLASS_REV);
	info->revision = FIELD_GET(PCI_REVISION, class_rev);
	info->class_code = FIELD_GET(PCI_CLASS_CODE, class_rev);
	if (info->vendor_id != 0x8086) {
		drm_err(&gdev->drm, "vendor %#06x is not Intel\n", info->vendor_id);
		return -ENODEV;
	}

	/* GGMS: 2^GGMS MiB of 8-byte PTEs, each mapping 4 KiB (EXT i915 GMCH_CTRL) */
	gmch = gensim_read(gdev, GENSIM_PCI_GMCH_CTRL);
	if (!FIELD_GET(GMCH_GGMS, gmch)) {
		drm_err(&gdev->drm, "GMCH_CTRL %#x reports no GGTT\n", gmch);
		return -ENODEV;
	}
	info->ggtt_size = ((u64)SZ_1M << FIELD_GET(GMCH_GGMS, gmch)) / 8 * SZ_4K;

	info->engine_mask = gensim_read(gdev, GENSIM_ENGINE_MASK);
	if (!info->engine_mask || info->engine_mask & ~GENMASK(GENSIM_NUM_ENGINES - 1, 0)) {
		drm_err(&gdev->drm, "bad engine mask %#x\n", info->engine_mask);
		return -ENODEV;
	}
	info->threads_per_eu = gensim_read(gdev, GENSIM_THREADS_PER_EU);
	if (!info->threads_per_eu || info->threads_per_eu > 16) {
		drm_err(&gdev->drm, "bad thread count %u per EU\n", info->threads_per_eu);
		return -ENODEV;
	}
	return 0;
}

/**
 * gensim_topology_decode - slices, subslices and EUs from the Gen8 fuses
 * @info: out: slice_mask, subslice_mask, eu_mask and eu_total
 * @fuse2: GEN8_FUSE2 as read
 * @dis: GEN8_EU_DISABLE0..2 as read
 *
 * The EU disable bits of the three slices are packed 24 per slice across
 * the three registers.  Every value comes from the device: out-of-range
 * bits are masked to the Gen8 maxima, never used as indices.
 *
 * Returns: 0, or -ENODEV if the fuses leave no EU enabled.
 */
int gensim_topology_decode(struct gensim_info *info, u32 fuse2, const u32 dis[3])
{
	u64 eu_disable = dis[0] | (u64)dis[1] << 32;
	int s, ss;

	info->slice_mask = FIELD_GET(GEN8_F2_S_ENA, fuse2) & GENMASK(GEN8_MAX_SLICES - 1, 0);
	info->subslice_mask = ~FIELD_GET(GEN8_F2_SS_DIS, fuse2) &
			      GENMASK(GEN8_MAX_SUBSLICES - 1, 0);
	info->eu_total = 0;
	for (s = 0; s < GEN8_MAX_SLICES; s++) {
		u32 slice_dis = s < 2 ? (eu_disable >> (24 * s)) & GENMASK(23, 0) :
					(dis[1] >> 16) | (dis[2] & 0xff) << 16;

		for (ss = 0; ss < GEN8_MAX_SUBSLICES; ss++) {
			u32 eus = ~(slice_dis >> (8 * ss)) & 0xff;

			if (!(info->slice_mask & BIT(s)) || !(info->subslice_mask & BIT(ss)))
				eus = 0;
			info->eu_mask[s][ss] = eus;
			info->eu_total += hweight32(eus);
		}
	}
	return info->eu_total ? 0 : -ENODEV;
}
EXPORT_SYMBOL_IF_KUNIT(gensim_topology_decode);

static int gensim_read_topology(struct gensim_device *gdev)
{
	struct gensim_info *info = &gdev->info;
	u32 fuse2 = gensim_read(gdev, GEN8_FUSE2);
	u32 dis[3];

	dis[0] = gensim_read(gdev, GEN8_EU_DISABLE0);
	dis[1] = gensim_read(gdev, GEN8_EU_DISABLE1);
	dis[2] = gensim_read(gdev, GEN8_EU_DISABLE2);
	if (gensim_topology_decode(info, fuse2, dis)) {
		drm_err(&gdev->drm, "fuses leave no EU enabled (FUSE2 %#x, EU_DISABLE %#x %#x %#x)\n",
			fuse2, dis[0], dis[1], dis[2]);
		return -ENODEV;
	}
	return 0;
}

/* Full GPU reset: set the domain bit; the device clears it when done. */
static int gensim_reset_full(struct gensim_device *gdev)
{
	int err;

	gensim_write(gdev, GEN6_GDRST, GEN6_GRDOM_FULL);
	err = gensim_wait_for(gdev, GEN6_GDRST, GEN6_GRDOM_FULL, 0,
			      GENSIM_RESET_TIMEOUT_MS);
	if (err)
		drm_err(&gdev->drm, "full reset did not complete: GDRST %#x (%d)\n",
			gensim_read(gdev, GEN6_GDRST), err);
	return err;
}

/*
 * Undo the probe, whatever part of it happened.  A drmm action: it runs
 * when the last reference to the DRM device goes, which may be long after
 * the device process died.
 */
static void gensim_hw_fini(struct drm_device *drm, void *arg)
{
	struct gensim_device *gdev = to_gensim(drm);

	if (gdev->ggtt.size)
		gensim_engines_fini(gdev);
	gensim_ppgtt_scratch_fini(gdev);
	if (gdev->ggtt.size)
		gensim_ggtt_fini(gdev);
	if (drm_mm_node_allocated(&gdev->scratch_node))
		gensim_dmawin_unmap(gdev->chan, &gdev->scratch_node);
	if (gdev->scratch_page)
		__free_page(gdev->scratch_page);
	gensim_channel_put(gdev->chan);
}

static int gensim_check_unclaimed(struct gensim_device *gdev)
{
	u32 dbg = gensim_read(gdev, FPGA_DBG);

	if (!(dbg & FPGA_DBG_RM_NOCLAIM))
		return 0;
	drm_err(&gdev->drm, "device did not claim an access to register %#x during probe\n",
		gensim_read(gdev, GENSIM_UNCLAIMED_OFFSET));
	gensim_write(gdev, FPGA_DBG, FPGA_DBG_RM_NOCLAIM);
	return -EIO;
}

static void gensim_print_info(struct gensim_device *gdev)
{
	const struct gensim_info *info = &gdev->info;
	char engines[64] = "";
	int id, len = 0;

	for (id = 0; id < GENSIM_NUM_ENGINES; id++)
		if (info->engine_mask & BIT(id))
			len += scnprintf(engines + len, sizeof(engines) - len, "%s%s",
					 len ? " " : "", gensim_engine_name(id));

	drm_info(&gdev->drm,
		 "Gen8 GPU %04x:%04x rev %#04x: engines %s; %u slice(s), %u subslice(s), %u EUs x %u threads; GGTT %llu MiB; channel ABI %u\n",
		 info->vendor_id, info->device_id, info->revision, engines,
		 hweight8(info->slice_mask),
		 hweight8(info->slice_mask) * hweight8(info->subslice_mask),
		 info->eu_total, info->threads_per_eu, info->ggtt_size >> 20,
		 info->abi_version);
}

static int gensim_hw_probe(struct gensim_device *gdev)
{
	int err;

	err = gensim_read_identity(gdev);
	if (!err)
		err = gensim_read_topology(gdev);
	if (!err)
		err = gensim_reset_full(gdev);
	if (!err)
		err = gensim_irq_init(gdev);
	if (!err)
		err = gensim_selftest_dma_window(gdev);
	if (err)
		return err;

	/* The self-test's page is the GGTT's scratch page from now on. */
	gensim_ggtt_init(gdev, gdev->scratch_node.start << PAGE_SHIFT);
	err = gensim_ppgtt_scratch_init(gdev);
	if (!err)
		err = gensim_engines_init(gdev);
	if (!err)
		err = gensim_selftest_ggtt(gdev);
	if (!err)
		err = gensim_check_unclaimed(gdev);
	return err;
}

static struct gensim_device *gensim_device_create(struct gensim_uif *uif,
						  struct gensim_channel *chan)
{
	struct device *dev = &uif->pdev->dev;
	struct gensim_device *gdev;
	void *group;
	int err;

	group = devres_open_group(dev, NULL, GFP_KERNEL);
	if (!group)
		return ERR_PTR(-ENOMEM);

	gdev = devm_drm_dev_alloc(dev, &gensim_drm_driver, struct gensim_device, drm);
	if (IS_ERR(gdev)) {
		err = PTR_ERR(gdev);
		goto err_group;
	}
	gdev->uif = uif;
	gdev->devres_group = group;
	gdev->chan = chan;
	gensim_channel_get(chan);
	init_waitqueue_head(&gdev->irq_wq);
	spin_lock_init(&gdev->irq_lock);
	spin_lock_init(&gdev->faults.lock);
	err = drmm_mutex_init(&gdev->drm, &gdev->bind_lock);
	if (!err)
		err = drmm_mutex_init(&gdev->drm, &gdev->probe_lock);
	if (err) {
		gensim_channel_put(chan);
		goto err_group;
	}
	err = drmm_add_action_or_reset(&gdev->drm, gensim_hw_fini, NULL);
	if (err)
		goto err_group;

	err = gensim_hw_probe(gdev);
	if (err)
		goto err_irq;

	gensim_debugfs_init(gdev);
	err = drm_dev_register(&gdev->drm, 0);
	if (err)
		goto err_irq;

	devres_close_group(dev, group);
	gensim_print_info(gdev);
	return gdev;

err_irq:
	gensim_irq_fini(gdev);
err_group:
	devres_release_group(dev, group);
	return ERR_PTR(err);
}

/**
 * gensim_device_probe_work - probe the GPU behind a newly ready channel
 * @work: &gensim_uif.probe_work
 *
 * Runs once per attachment.  release() cancels it after killing the
 * channel, so every wait in here ends early if the device process dies.
 */
void gensim_device_probe_work(struct work_struct *work)
{
	struct gensim_uif *uif = container_of(work, struct gensim_uif, probe_work);
	struct gensim_channel *chan = uif->chan;
	struct gensim_device *gdev;

	gdev = gensim_device_create(uif, chan);
	if (IS_ERR(gdev)) {
		dev_err(&uif->pdev->dev, "probe failed (%pe); restart the device process to retry\n",
			gdev);
		return;
	}

	mutex_lock(&uif->lock);
	uif->gdev = gdev;
	mutex_unlock(&uif->lock);
}

/**
 * gensim_device_unplug - the device process went away
 * @gdev: the registered device
 *
 * Context: process, from release() of the device process's UIO file.
 */
void gensim_device_unplug(struct gensim_device *gdev)
{
	struct device *dev = &gdev->uif->pdev->dev;

	drm_dev_unplug(&gdev->drm);
	/* Every fence the hardware held completes with -ENODEV. */
	gensim_engines_lost(gdev, -ENODEV);
	gensim_irq_fini(gdev);
	devres_release_group(dev, gdev->devres_group);
}

/**
 * gensim_device_wedged - the device stopped answering: end all its work
 * @gdev: the device, whose channel is wedged
 *
 * Every job in flight and every later job ends with -EIO; nothing is
 * submitted to the device again.  Called from the channel's wedge work.
 *
 * Context: process; sleeps.
 */
void gensim_device_wedged(struct gensim_device *gdev)
{
	drm_err(&gdev->drm, "device wedged: every job in flight ends with -EIO\n");
	gensim_engines_lost(gdev, -EIO);
}
