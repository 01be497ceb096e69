// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The gensim authors
 */

/**
 * DOC: Interrupts
 *
 * gensim has the Gen8 interrupt tree: per-engine events (PRM Vol. 6 Command
 * Stream Programming (Cherryview 2015), "Interrupt Control Registers") are
 * masked by RING_IMR, latched into one of four GT banks (ISR/IMR/IIR/IER,
 * IIR write-1-to-clear) and summarised in MASTER_IRQ, whose bit 31 enables
 * the line.  The device raises the line by writing GENSIM_MSG_IRQ on its UIO
 * file; the channel queues its irq_work, which runs gensim_irq_handler() in
 * hard-irq context, exactly where a PCI driver's handler runs.
 *
 * The handler is the Gen8 one: read MASTER_IRQ; if no bank is pending the
 * interrupt was spurious or merged into an earlier one; otherwise disable the
 * master, read and acknowledge each pending bank's IIR, dispatch the engine
 * bits, re-enable the master.  Re-enabling with bits still pending makes the
 * device raise the line again, so an event that arrives while the handler
 * runs is never lost, and several events may arrive as one interrupt.
 *
 * Two things a PCI interrupt has for free are kept by hand.  The kernel
 * never runs one line's handler on two CPUs at once; the irq_work may, so
 * the handler takes irq_lock.  And on PCIe a register read does not pass
 * the posted writes ahead of it; here the reads do not wait for the write
 * log, so an IIR read while the previous handler's acknowledgment is
 * still in the log shows bits already handled.  Acknowledged again, such
 * a bit would clear whatever event latched in it after the first
 * acknowledgment took effect: a user interrupt or a context switch lost,
 * and the engine's last job never signalled.  The handler therefore reads
 * nothing until the device has applied the previous handler's IIR writes
 * (irq_acked); until then it returns.  Its master enable comes after them
 * in the log, and when the device applies it with an event pending it
 * raises the line again (hw-spec "Interrupts"), so the event is handled
 * by that interrupt.  Not the master enable itself: the device sends that
 * message while it applies the write, before its tail covers it.
 *
 * At probe gensim_irq_init() programs the banks for the engines present and
 * checks the whole path with GENSIM_IRQ_FORCE, which raises an event as if
 * an engine had.
 *
 * Called from: gensim_uif.c (the irq_work), gensim_device.c (init, fini).
 */

#include <linux/bitops.h>
#include <linux/jiffies.h>

#include <drm/drm_print.h>

#include "gensim_drv.h"
#include "gensim_trace.h"

/* The events gensim enables on every engine. */
#define ENGINE_IRQS	((u32)(GT_RENDER_USER_INTERRUPT | GT_CONTEXT_SWITCH_INTERRUPT | \
			       GT_CS_MASTER_ERROR_INTERRUPT | GT_PAGE_FAULT_INTERRUPT))

/* Where each engine's 16 event bits live (EXT i915 gen8_gt_irq_handler). */
static const struct {
	u8 bank;
	u8 shift;
	u32 master_bit;
} engine_irq[GENSIM_NUM_ENGINES] = {
	[GENSIM_RCS]  = { 0, GEN8_RCS_IRQ_SHIFT,  GEN8_GT_RCS_IRQ },
	[GENSIM_BCS]  = { 0, GEN8_BCS_IRQ_SHIFT,  GEN8_GT_BCS_IRQ },
	[GENSIM_VCS]  = { 1, GEN8_VCS0_IRQ_SHIFT, GEN8_GT_VCS0_IRQ },
	[GENSIM_VECS] = { 3, GEN8_VECS_IRQ_SHIFT, GEN8_GT_VECS_IRQ },
};

static void dispatch_engine_irq(struct gensim_device *gdev, enum gensim_engine_id id, u32 iir)
{
	trace_gensim_irq(gdev, id, iir);
	if (iir & GT_RENDER_USER_INTERRUPT)
		atomic64_inc(&gdev->irq_stats.engine[id]);
	if (iir & GT_PAGE_FAULT_INTERRUPT)
		gensim_fault_irq(gdev, id);
	/* Engines exist once the probe set them up (not during the self-test). */
	if (gdev->engine[id].hwsp_vaddr)
		gensim_engine_irq(&gdev->engine[id], iir);
}

/**
 * gensim_irq_handler - the top half
 * @gdev: the device
 *
 * Context: hard irq (irq_work); must not sleep.
 */
void gensim_irq_handler(struct gensim_device *gdev)
{
	u32 master, iir[GEN8_GT_NR_BANKS] = {};
	int id, bank;

	/* A wedged device is not listened to: its jobs were ended. */
	if (gensim_channel_wedged(gdev->chan)) {
		atomic64_inc(&gdev->irq_stats.spurious);
		return;
	}
	spin_lock(&gdev->irq_lock);
	/* The registers do not show the last acknowledgment yet: see above. */
	if (!gensim_write_applied(gdev, gdev->irq_acked)) {
		atomic64_inc(&gdev->irq_stats.deferred);
		goto unlock;
	}
	master = gensim_read_irq(gdev, GEN8_MASTER_IRQ) & ~GEN8_MASTER_IRQ_CONTROL;
	if (!master || master == ~GEN8_MASTER_IRQ_CONTROL) {
		atomic64_inc(&gdev->irq_stats.spurious);
		goto unlock;
	}
	atomic64_inc(&gdev->irq_stats.count);

	gensim_write(gdev, GEN8_MASTER_IRQ, 0);
	for (id = 0; id < GENSIM_NUM_ENGINES; id++) {
		bank = engine_irq[id].bank;
		if (!(master & engine_irq[id].master_bit) || iir[bank])
			continue;
		iir[bank] = gensim_read_irq(gdev, GEN8_GT_IIR(bank));
		if (iir[bank])
			gdev->irq_acked = gensim_write_pos(gdev, GEN8_GT_IIR(bank), iir[bank]);
	}
	for (id = 0; id < GENSIM_NUM_ENGINES; id++) {
		u32 bits = iir[engine_irq[id].bank] >> engine_irq[id].shift & 0xffff;

		if (bits)
			dispatch_engine_irq(gdev, id, bits);
	}
	gensim_write(gdev, GEN8_MASTER_IRQ, GEN8_MASTER_IRQ_CONTROL);
	wake_up_all(&gdev->irq_wq);
unlock:
	spin_unlock(&gdev->irq_lock);
}

static void gensim_irq_reset(struct gensim_device *gdev)
{
	int bank, id;

	gensim_write(gdev, GEN8_MASTER_IRQ, 0);
	for (id = 0; id < GENSIM_NUM_ENGINES; id++)
		if (gdev->info.engine_mask & BIT(id))
			gensim_write(gdev, RING_IMR(gensim_engine_mmio_base(id)), ~0u);
	for (bank = 0; bank < GEN8_GT_NR_BANKS; bank++) {
		gensim_write(gdev, GEN8_GT_IMR(bank), ~0u);
		gensim_write(gdev, GEN8_GT_IER(bank), 0);
		/* IIR can hold a second event behind the first: clear twice. */
		gensim_write(gdev, GEN8_GT_IIR(bank), ~0u);
		gensim_write(gdev, GEN8_GT_IIR(bank), ~0u);
	}
}

static int gensim_irq_selftest(struct gensim_device *gdev)
{
	s64 before = atomic64_read(&gdev->irq_stats.engine[GENSIM_RCS]);
	long left;

	gensim_write(gdev, GENSIM_IRQ_FORCE(0), GT_RENDER_USER_INTERRUPT << GEN8_RCS_IRQ_SHIFT);
	left = wait_event_timeout(gdev->irq_wq,
				  atomic64_read(&gdev->irq_stats.engine[GENSIM_RCS]) != before ||
				  gensim_channel_dead(gdev->chan),
				  msecs_to_jiffies(gensim_device_timeout_ms));
	if (gensim_channel_dead(gdev->chan))
		return -ENODEV;
	if (!left) {
		drm_err(&gdev->drm, "interrupt self-test: no interrupt (MASTER_IRQ %#x, GT_IIR0 %#x)\n",
			gensim_read(gdev, GEN8_MASTER_IRQ), gensim_read(gdev, GEN8_GT_IIR(0)));
		return -EIO;
	}
	return 0;
}

/**
 * gensim_irq_engine_unmask - let an engine's events through its RING_IMR
 * @gdev: the device
 * @id: the engine
 *
 * RING_IMR is an engine register: an engine reset sets it back to all
 * masked, so gensim_engine_hw_init() calls this again after every reset.
 */
void gensim_irq_engine_unmask(struct gensim_device *gdev, int id)
{
	gensim_write(gdev, RING_IMR(gensim_engine_mmio_base(id)), ~ENGINE_IRQS);
}

/**
 * gensim_irq_init - enable the engines' interrupts and test the line
 * @gdev: the device, identified and reset
 *
 * Returns: 0, or -EIO if no interrupt arrives.
 */
int gensim_irq_init(struct gensim_device *gdev)
{
	u32 ier[GEN8_GT_NR_BANKS] = {};
	int bank, id;

	gensim_irq_reset(gdev);
	for (id = 0; id < GENSIM_NUM_ENGINES; id++) {
		if (!(gdev->info.engine_mask & BIT(id)))
			continue;
		ier[engine_irq[id].bank] |= ENGINE_IRQS << engine_irq[id].shift;
		gensim_irq_engine_unmask(gdev, id);
	}
	for (bank = 0; bank < GEN8_GT_NR_BANKS; bank++) {
		gensim_write(gdev, GEN8_GT_IER(bank), ier[bank]);
		gensim_write(gdev, GEN8_GT_IMR(bank), ~ier[bank]);
	}

	/* Connect the line before enabling it. */
	WRITE_ONCE(gdev->chan->irq_target, gdev);
	gensim_write(gdev, GEN8_MASTER_IRQ, GEN8_MASTER_IRQ_CONTROL);

	return gensim_irq_selftest(gdev);
}

/**
 * gensim_irq_fini - disconnect the interrupt line
 * @gdev: the device
 *
 * On return the handler is not running and will not run for @gdev.
 * Safe to call more than once and before gensim_irq_init().
 */
void gensim_irq_fini(struct gensim_device *gdev)
{
	struct gensim_channel *chan = gdev->chan;

	if (READ_ONCE(chan->irq_target) != gdev)
		return;
	if (!gensim_channel_dead(chan))
		gensim_irq_reset(gdev);
	WRITE_ONCE(chan->irq_target, NULL);
	irq_work_sync(&chan->irq_work);
}
