// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The gensim authors
 */

/**
 * DOC: The device channel (UIO)
 *
 * The gensim GPU is a userspace process.  It reaches the driver through a
 * UIO device named "gensim" whose parent is the gensim platform device,
 * the same parent as the DRM device.  The UIO callbacks are the only
 * entry points from the device process:
 *
 * - open() attaches one device process and creates a &struct
 *   gensim_channel: BAR0 (registers and GGTT PTEs), the write log and the
 *   DMA window.  A second device process gets -EBUSY.
 * - mmap() serves map 0 and map 1 from vmalloc memory and map 2 from the
 *   DMA window's fault handler (gensim_dmawin.c).
 * - write() of a 4-byte GENSIM_MSG_* mask reaches irqcontrol(): DRAINED
 *   wakes posting reads, IRQ queues the channel's irq_work (the interrupt
 *   line, run in hard-irq context so the handler's locking is that of a
 *   real interrupt handler), READY queues the probe.
 * - release() is the surprise removal: exit, crash and SIGKILL all end
 *   here.  The channel is marked dead, the DRM device is unplugged and the
 *   driver goes back to waiting for a device process.
 *
 * The doorbell in the other direction is uio_event_notify(), rung by
 * gensim_mmio.c after each register write it logs.  The ABI is
 * uapi/gensim_channel.h and the protocol is chapter "The device channel"
 * of the gensim hardware spec.
 *
 * Called from: gensim_drv.c (init/fini).  Calls: gensim_device.c (probe,
 * unplug), gensim_mmio.c, gensim_dmawin.c, gensim_irq.c (the handler).
 */

#include <linux/fs.h>
#include <linux/mm.h>
#include <linux/platform_device.h>
#include <linux/slab.h>
#include <linux/vmalloc.h>

#include <drm/drm_drv.h>

#include "gensim_drv.h"

static void gensim_channel_release(struct kref *ref)
{
	struct gensim_channel *chan = container_of(ref, struct gensim_channel, ref);

	gensim_dmawin_fini(chan);
	vfree(chan->wlog);
	vfree(chan->bar0);
	kfree(chan);
}

void gensim_channel_get(struct gensim_channel *chan)
{
	kref_get(&chan->ref);
}

void gensim_channel_put(struct gensim_channel *chan)
{
	kref_put(&chan->ref, gensim_channel_release);
}

static void gensim_channel_irq_work(struct irq_work *work)
{
	struct gensim_channel *chan = container_of(work, struct gensim_channel, irq_work);
	struct gensim_device *gdev = READ_ONCE(chan->irq_target);

	if (gdev)
		gensim_irq_handler(gdev);
	else
		atomic_inc(&chan->irq_spurious);
}

/*
 * The channel was wedged: end every job of the device probed on it with
 * -EIO.  A work item because wedging may happen in hard irq, and ending
 * jobs waits for the engines' reset work.
 */
static void gensim_channel_wedge_work(struct work_struct *work)
{
	struct gensim_channel *chan = container_of(work, struct gensim_channel, wedge_work);
	struct gensim_uif *uif = chan->uif;
	struct gensim_device *gdev;

	mutex_lock(&uif->lock);
	gdev = uif->gdev;
	if (gdev && gdev->chan == chan)
		drm_dev_get(&gdev->drm);
	else
		gdev = NULL;
	mutex_unlock(&uif->lock);

	if (gdev) {
		gensim_device_wedged(gdev);
		drm_dev_put(&gdev->drm);
	}
	gensim_channel_put(chan);
}

static struct gensim_channel *gensim_channel_create(struct gensim_uif *uif)
{
	struct gensim_channel *chan;
	int err;

	chan = kzalloc(sizeof(*chan), GFP_KERNEL);
	if (!chan)
		return ERR_PTR(-ENOMEM);

	kref_init(&chan->ref);
	chan->uif = uif;
	spin_lock_init(&chan->wlog_lock);
	init_waitqueue_head(&chan->drain_wq);
	init_irq_work(&chan->irq_work, gensim_channel_irq_work);
	INIT_WORK(&chan->wedge_work, gensim_channel_wedge_work);
	gensim_dmawin_init(chan);

	/* vmalloc_user() zeroes and marks the area VM_USERMAP for mmap. */
	chan->bar0 = vmalloc_user(GENSIM_BAR0_SIZE);
	chan->wlog = vmalloc_user(GENSIM_WLOG_SIZE);
	if (!chan->bar0 || !chan->wlog) {
		err = -ENOMEM;
		goto err_put;
	}

	err = gensim_channel_mmio_init(chan);
	if (err)
		goto err_put;

	return chan;

err_put:
	gensim_channel_put(chan);
	return ERR_PTR(err);
}

/*
 * Mark the channel dead and wake everything that waits on the device, so
 * that no wait outlives the device process.
 */
static void gensim_channel_kill(struct gensim_channel *chan)
{
	set_bit(GENSIM_CHAN_DEAD, &chan->flags);
	wake_up_all(&chan->drain_wq);
}

static int gensim_uif_open(struct uio_info *info, struct inode *inode)
{
	struct gensim_uif *uif = container_of(info, struct gensim_uif, info);
	struct gensim_channel *chan;

	/* UIO serialises open and release under its info_lock. */
	if (uif->chan) {
		dev_info(&uif->pdev->dev,
			 "refusing a second device process (pid %d): one is attached\n",
			 task_pid_nr(current));
		return -EBUSY;
	}

	chan = gensim_channel_create(uif);
	if (IS_ERR(chan))
		return PTR_ERR(chan);

	chan->mapping = inode->i_mapping;
	uif->chan = chan;
	dev_info(&uif->pdev->dev, "device process %d (%s) attached\n",
		 task_pid_nr(current), current->comm);
	return 0;
}

/*
 * The surprise removal, from UIO release() or from unbinding the driver.
 * Order matters: first make every wait on the device return, then stop the
 * probe, then unplug the DRM device (which waits for the hardware sections
 * between drm_dev_enter() and drm_dev_exit(), now bounded), and only then
 * forget the channel.
 */
static void gensim_uif_detach(struct gensim_uif *uif, const char *why)
{
	struct gensim_channel *chan = uif->chan;
	struct gensim_device *gdev;

	if (!chan)
		return;

	gensim_channel_kill(chan);
	cancel_work_sync(&uif->probe_work);

	mutex_lock(&uif->lock);
	gdev = uif->gdev;
	uif->gdev = NULL;
	mutex_unlock(&uif->lock);

	if (gdev)
		gensim_device_unplug(gdev);

	gensim_dmawin_detach(chan);
	uif->chan = NULL;
	gensim_channel_put(chan);
	dev_info(&uif->pdev->dev, "device process detached (%s)%s\n", why,
		 gdev ? ": DRM device unplugged" : "");
}

static int gensim_uif_release(struct uio_info *info, struct inode *inode)
{
	gensim_uif_detach(container_of(info, struct gensim_uif, info), "closed");
	return 0;
}

static int gensim_uif_mmap(struct uio_info *info, struct vm_area_struct *vma)
{
	struct gensim_uif *uif = container_of(info, struct gensim_uif, info);
	struct gensim_channel *chan = uif->chan;

	if (!chan)
		return -ENODEV;

	/* The device process's maps are its own; a fork does not inherit them. */
	vm_flags_set(vma, VM_DONTCOPY | VM_DONTEXPAND | VM_DONTDUMP);

	/* UIO has checked the length against the map size; vm_pgoff is the index. */
	switch (vma->vm_pgoff) {
	case GENSIM_MAP_BAR0:
		return remap_vmalloc_range(vma, chan->bar0, 0);
	case GENSIM_MAP_WLOG:
		return remap_vmalloc_range(vma, chan->wlog, 0);
	case GENSIM_MAP_DMA:
		return gensim_dmawin_mmap(chan, vma);
	default:
		return -EINVAL;
	}
}

static int gensim_uif_irqcontrol(struct uio_info *info, s32 value)
{
	struct gensim_uif *uif = container_of(info, struct gensim_uif, info);
	struct gensim_channel *chan = uif->chan;
	u32 msg = value;

	if (!chan)
		return -ENODEV;
	if (!msg || (msg & ~GENSIM_MSG_ALL))
		return -EINVAL;

	if (msg & GENSIM_MSG_DRAINED)
		wake_up_all(&chan->drain_wq);

	/* Coalesces: queueing a pending irq_work is a no-op. */
	if (msg & GENSIM_MSG_IRQ)
		irq_work_queue(&chan->irq_work);

	if (msg & GENSIM_MSG_READY) {
		if (test_and_set_bit(GENSIM_CHAN_READY, &chan->flags))
			return -EALREADY;
		queue_work(system_unbound_wq, &uif->probe_work);
	}
	return 0;
}

/**
 * gensim_uif_init - register the UIO device for a gensim platform device
 * @uif: the front end, embedded in the platform driver data
 * @pdev: the parent
 *
 * Returns: 0 or a negative errno from uio_register_device().
 */
int gensim_uif_init(struct gensim_uif *uif, struct platform_device *pdev)
{
	struct uio_info *info = &uif->info;

	uif->pdev = pdev;
	mutex_init(&uif->lock);
	INIT_WORK(&uif->probe_work, gensim_device_probe_work);

	info->name = GENSIM_UIO_NAME;
	info->version = __stringify(GENSIM_CHANNEL_ABI_VERSION);
	/* No Linux IRQ line: UIO_IRQ_CUSTOM enables read(), poll() and write(). */
	info->irq = UIO_IRQ_CUSTOM;
	info->open = gensim_uif_open;
	info->release = gensim_uif_release;
	info->mmap = gensim_uif_mmap;
	info->irqcontrol = gensim_uif_irqcontrol;

	/* The sizes appear in sysfs, where the device process reads them. */
	info->mem[GENSIM_MAP_BAR0].name = "bar0";
	info->mem[GENSIM_MAP_BAR0].memtype = UIO_MEM_NONE;
	info->mem[GENSIM_MAP_BAR0].size = GENSIM_BAR0_SIZE;
	info->mem[GENSIM_MAP_WLOG].name = "wlog";
	info->mem[GENSIM_MAP_WLOG].memtype = UIO_MEM_NONE;
	info->mem[GENSIM_MAP_WLOG].size = GENSIM_WLOG_SIZE;
	info->mem[GENSIM_MAP_DMA].name = "dma";
	info->mem[GENSIM_MAP_DMA].memtype = UIO_MEM_NONE;
	info->mem[GENSIM_MAP_DMA].size = GENSIM_DMA_WINDOW_SIZE;

	return uio_register_device(&pdev->dev, info);
}

/**
 * gensim_uif_fini - unregister the UIO device, detaching a device process
 * @uif: the front end
 *
 * Called when the driver is unbound from the platform device: on module
 * unload (which UIO's module reference prevents while a device process
 * holds the UIO file) and on a sysfs unbind, which may happen with a
 * device process attached and clients running.  Once unregistered, UIO
 * calls none of our callbacks (release() included: the device process's
 * file only returns -EIO from then on), so the detach that release()
 * would have done happens here.
 */
void gensim_uif_fini(struct gensim_uif *uif)
{
	uio_unregister_device(&uif->info);
	gensim_uif_detach(uif, "driver unbound");
	cancel_work_sync(&uif->probe_work);
}
