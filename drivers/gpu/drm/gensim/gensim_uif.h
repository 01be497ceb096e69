/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The device channel: the kernel half of the UIO link to the device process.
 * Shared by gensim_uif.c (attach, detach, mmap, messages), gensim_mmio.c
 * (register access through the write log) and gensim_dmawin.c (the DMA
 * window).  See the DOC block of gensim_uif.c.
 */
#ifndef _GENSIM_UIF_H_
#define _GENSIM_UIF_H_

#include <linux/irq_work.h>
#include <linux/kref.h>
#include <linux/mutex.h>
#include <linux/spinlock.h>
#include <linux/uio_driver.h>
#include <linux/wait.h>
#include <linux/workqueue.h>
#include <linux/xarray.h>

#include <drm/drm_mm.h>

#include "gensim_channel.h"

struct gensim_device;
struct platform_device;

/* Bits of gensim_channel.flags */
enum gensim_channel_flag {
	GENSIM_CHAN_READY,	/* the device sent GENSIM_MSG_READY */
	GENSIM_CHAN_DEAD,	/* the device process is gone: surprise removal */
	GENSIM_CHAN_WEDGED,	/* a wait on the device timed out */
};

/**
 * struct gensim_channel - one attachment of one device process
 *
 * Created when the device process opens the UIO node, killed when that file
 * is released (exit, crash, SIGKILL), freed when the last reference goes:
 * a DRM device that outlives its device process keeps its channel so that
 * late register accesses read all-ones instead of freed memory.
 */
struct gensim_channel {
	/** @ref: the attaching UIO file and each DRM device probed on it */
	struct kref ref;
	/** @uif: the UIO front end */
	struct gensim_uif *uif;
	/** @flags: &enum gensim_channel_flag bits */
	unsigned long flags;

	/** @bar0: map 0, GENSIM_BAR0_SIZE of vmalloc_user() memory */
	u32 *bar0;
	/** @wlog: map 1, header page then the record ring */
	struct gensim_wlog_header *wlog;
	/** @records: the record ring inside @wlog */
	struct gensim_wlog_record *records;

	/**
	 * @wlog_lock: Protects @wlog_head and the record slots from the
	 * device's tail up to @wlog_head.  Writers run in process and hard-irq
	 * context.
	 */
	spinlock_t wlog_lock;
	/** @wlog_head: records produced; published to the device as wlog->head */
	u32 wlog_head;

	/** @drain_wq: posting reads sleep here; woken by MSG_DRAINED and death */
	wait_queue_head_t drain_wq;

	/** @irq_work: the interrupt line; queued by MSG_IRQ, runs in hard irq */
	struct irq_work irq_work;
	/**
	 * @irq_target: the device whose handler irq_work runs; set once the
	 * device's interrupt state is initialised, cleared (followed by
	 * irq_work_sync()) before that device is unplugged.
	 */
	struct gensim_device *irq_target;
	/** @irq_spurious: interrupts that arrived with no target */
	atomic_t irq_spurious;
	/**
	 * @wedge_work: ends every job of the device once the channel is
	 * wedged; queued (with a channel reference) by gensim_channel_wedge(),
	 * which may run in hard irq
	 */
	struct work_struct wedge_work;

	/**
	 * @window_lock: Protects @window_pages, @window_mm and @mapping.  The
	 * fault handler takes it under mmap_lock, so nothing that takes
	 * mmap_lock may be called with it held.
	 */
	struct mutex window_lock;
	/** @window_pages: window page index -> struct page */
	struct xarray window_pages;
	/** @window_mm: window address allocator, in pages */
	struct drm_mm window_mm;
	/** @mapping: the device's UIO file mapping, to zap unmapped pages */
	struct address_space *mapping;
};

/**
 * struct gensim_uif - the UIO front end, one per platform device
 */
struct gensim_uif {
	/** @pdev: the gensim platform device, parent of UIO and DRM devices */
	struct platform_device *pdev;
	/** @info: the UIO device */
	struct uio_info info;

	/**
	 * @chan: the attached channel; written by open and release, which UIO
	 * serialises with mmap and irqcontrol under its info_lock, and by
	 * gensim_uif_fini() once UIO no longer calls any of them
	 */
	struct gensim_channel *chan;
	/** @probe_work: runs the probe after GENSIM_MSG_READY */
	struct work_struct probe_work;

	/** @lock: Protects @gdev */
	struct mutex lock;
	/** @gdev: the registered DRM device, or NULL */
	struct gensim_device *gdev;
};

static inline bool gensim_channel_dead(const struct gensim_channel *chan)
{
	return test_bit(GENSIM_CHAN_DEAD, &chan->flags);
}

static inline bool gensim_channel_wedged(const struct gensim_channel *chan)
{
	return test_bit(GENSIM_CHAN_WEDGED, &chan->flags);
}

/* gensim_uif.c */
int gensim_uif_init(struct gensim_uif *uif, struct platform_device *pdev);
void gensim_uif_fini(struct gensim_uif *uif);
void gensim_channel_get(struct gensim_channel *chan);
void gensim_channel_put(struct gensim_channel *chan);

/* gensim_mmio.c */
int gensim_channel_mmio_init(struct gensim_channel *chan);
void gensim_channel_wedge(struct gensim_channel *chan, const char *why, u32 reg);
u32 gensim_channel_write(struct gensim_channel *chan, u32 reg, u32 val);
int gensim_channel_flush(struct gensim_channel *chan);

/* gensim_dmawin.c */
void gensim_dmawin_init(struct gensim_channel *chan);
void gensim_dmawin_fini(struct gensim_channel *chan);
int gensim_dmawin_mmap(struct gensim_channel *chan, struct vm_area_struct *vma);
void gensim_dmawin_detach(struct gensim_channel *chan);

#endif /* _GENSIM_UIF_H_ */
