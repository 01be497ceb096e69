// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The gensim authors
 */

/**
 * DOC: Register access
 *
 * BAR0's register half is shared memory that the device process owns: it
 * is the only writer, so every access rule (read-only bits, write-1-to-clear,
 * masked writes) and every side effect lives in one place, the device's
 * register table.  The driver therefore
 *
 * - reads a register straight from BAR0 memory, and
 * - writes a register by appending an (offset, value) record to the write
 *   log and ringing the doorbell.  The device applies the records in order,
 *   so four writes to ELSP stay four writes.
 *
 * A read that follows a logged write is a posting read: gensim_read() first
 * waits until the device has applied the whole log, as a read on PCIe waits
 * for the posted writes ahead of it.  The wait sleeps on &drain_wq with the
 * log header's want_drained flag set; the device answers GENSIM_MSG_DRAINED
 * when it catches up.  The wait is bounded by the device_timeout_ms module
 * parameter; on expiry the channel is wedged: the error is logged once,
 * later waits fail at once, and only a new device process recovers.
 *
 * The interrupt handler runs in hard irq and must not sleep, so it uses
 * gensim_read_irq(), which does not wait.  It only reads MASTER_IRQ and the
 * GT IIRs, and only once the device has applied the previous handler's
 * IIR writes (gensim_write_applied()): an IIR read while an earlier
 * acknowledgment is still in the log shows bits that were already
 * handled, and acknowledging them a second time would clear an event that
 * latched in between, an interrupt lost (gensim_irq.c).
 *
 * After the device process is gone reads return all-ones, like a removed
 * PCIe device, and writes are dropped.
 *
 * Called from: every block that touches a register.  Calls: the UIO
 * doorbell (uio_event_notify()).
 */

#include <linux/delay.h>
#include <linux/jiffies.h>
#include <linux/ktime.h>
#include <linux/platform_device.h>
#include <linux/sched.h>

#include "gensim_drv.h"
#include "gensim_trace.h"

int gensim_channel_mmio_init(struct gensim_channel *chan)
{
	struct gensim_wlog_header *wlog = chan->wlog;

	BUILD_BUG_ON(sizeof(struct gensim_wlog_header) > GENSIM_WLOG_RECORDS_OFFSET);
	BUILD_BUG_ON(!is_power_of_2(GENSIM_WLOG_NR_RECORDS));

	wlog->magic = GENSIM_WLOG_MAGIC;
	wlog->version = GENSIM_CHANNEL_ABI_VERSION;
	wlog->nr_records = GENSIM_WLOG_NR_RECORDS;
	wlog->records_offset = GENSIM_WLOG_RECORDS_OFFSET;
	chan->records = (void *)wlog + GENSIM_WLOG_RECORDS_OFFSET;
	return 0;
}

/**
 * gensim_channel_wedge - give up on an unresponsive device
 * @chan: the channel
 * @why: what the driver was waiting for
 * @reg: the register involved, for the log
 *
 * Sticky until the device process detaches.  Every job in flight, and
 * every later one, ends with -EIO (gensim_device_wedged(), from a work
 * item).  Context: any.
 */
void gensim_channel_wedge(struct gensim_channel *chan, const char *why, u32 reg)
{
	if (test_and_set_bit(GENSIM_CHAN_WEDGED, &chan->flags))
		return;

	dev_err(&chan->uif->pdev->dev,
		"device wedged: %s (register %#x, write log head %u tail %u)\n",
		why, reg, READ_ONCE(chan->wlog->head), READ_ONCE(chan->wlog->tail));
	wake_up_all(&chan->drain_wq);
	/* Every job in flight ends with -EIO; the work owns a reference. */
	gensim_channel_get(chan);
	if (!queue_work(gensim_wq, &chan->wedge_work))
		gensim_channel_put(chan);
}

static bool gensim_channel_gone(const struct gensim_channel *chan)
{
	return gensim_channel_dead(chan) || gensim_channel_wedged(chan);
}

static u32 wlog_pending(const struct gensim_channel *chan)
{
	/* Pairs with the device's release store of tail after applying. */
	return READ_ONCE(chan->wlog->head) - smp_load_acquire(&chan->wlog->tail);
}

/*
 * The sleeping side of the want_drained handshake.  Set the flag, then look
 * at tail again: the device stores tail, fences, then reads the flag, so
 * either it sees the flag and sends DRAINED, or we see its tail.
 */
static bool wlog_drained_or_armed(struct gensim_channel *chan)
{
	if (!wlog_pending(chan))
		return true;
	WRITE_ONCE(chan->wlog->want_drained, 1);
	/* Order the flag store before the tail load; pairs with the device's fence. */
	smp_mb();
	return !wlog_pending(chan) || gensim_channel_gone(chan);
}

/**
 * gensim_channel_flush - wait until the device applied every logged write
 * @chan: the channel
 *
 * Context: process; sleeps.
 * Returns: 0; -ENODEV if the device process is gone; -EIO if the device is
 * (or becomes, after device_timeout_ms) wedged.
 */
int gensim_channel_flush(struct gensim_channel *chan)
{
	long left;

	if (gensim_channel_dead(chan))
		return -ENODEV;
	if (!wlog_pending(chan))
		return 0;
	if (gensim_channel_wedged(chan))
		return -EIO;

	might_sleep();
	left = wait_event_timeout(chan->drain_wq, wlog_drained_or_armed(chan),
				  msecs_to_jiffies(gensim_device_timeout_ms));
	if (gensim_channel_dead(chan))
		return -ENODEV;
	if (!left && wlog_pending(chan))
		gensim_channel_wedge(chan, "write log not drained", 0);
	return gensim_channel_wedged(chan) ? -EIO : 0;
}

/*
 * The log is full only if the device stopped consuming 64K records ago.
 * Wait for room, bounded: sleep when the caller may, else spin for at most
 * 10 ms (ktime, because jiffies may not move with interrupts off).
 */
static bool wlog_wait_for_room(struct gensim_channel *chan, u32 reg)
{
	bool can_sleep = preemptible();
	unsigned int bound_ms = can_sleep ? gensim_device_timeout_ms : 10;
	ktime_t deadline = ktime_add_ms(ktime_get(), bound_ms);

	while (wlog_pending(chan) >= GENSIM_WLOG_NR_RECORDS) {
		if (gensim_channel_gone(chan))
			return false;
		if (ktime_after(ktime_get(), deadline)) {
			gensim_channel_wedge(chan, "write log full", reg);
			return false;
		}
		if (can_sleep)
			usleep_range(50, 200);
		else
			udelay(5);
	}
	return true;
}

/**
 * gensim_channel_write - log a register write and ring the doorbell
 * @chan: the channel
 * @reg: BAR0 offset, dword aligned, in the register half
 * @val: the value
 *
 * Context: any.
 * Returns: the log position just after the record (free running, compared
 * with the device's tail by gensim_write_applied()); for a dropped write,
 * the position of the last record logged.
 */
u32 gensim_channel_write(struct gensim_channel *chan, u32 reg, u32 val)
{
	struct gensim_wlog_record *rec;
	unsigned long flags;
	u32 pos;

	if (WARN_ON_ONCE(reg >= GENSIM_BAR0_REGS_SIZE || (reg & 3)))
		return READ_ONCE(chan->wlog_head);

	spin_lock_irqsave(&chan->wlog_lock, flags);
	/* Acquire: the device has finished reading the slots it gave back. */
	while (chan->wlog_head - smp_load_acquire(&chan->wlog->tail) >=
	       GENSIM_WLOG_NR_RECORDS) {
		spin_unlock_irqrestore(&chan->wlog_lock, flags);
		if (!wlog_wait_for_room(chan, reg))
			return READ_ONCE(chan->wlog_head);
		spin_lock_irqsave(&chan->wlog_lock, flags);
	}
	if (gensim_channel_gone(chan)) {
		pos = chan->wlog_head;
		spin_unlock_irqrestore(&chan->wlog_lock, flags);
		return pos;
	}

	rec = &chan->records[chan->wlog_head & (GENSIM_WLOG_NR_RECORDS - 1)];
	WRITE_ONCE(rec->offset, reg);
	WRITE_ONCE(rec->value, val);
	chan->wlog_head++;
	/* Publish the record before the head that covers it. */
	smp_store_release(&chan->wlog->head, chan->wlog_head);
	pos = chan->wlog_head;
	spin_unlock_irqrestore(&chan->wlog_lock, flags);

	/* The doorbell: wakes the device's read()/poll() on the UIO node. */
	uio_event_notify(&chan->uif->info);
	return pos;
}

static u32 bar0_read(struct gensim_channel *chan, u32 reg)
{
	if (gensim_channel_dead(chan))
		return ~0u;
	return READ_ONCE(chan->bar0[reg / 4]);
}

/**
 * gensim_read - posting read of a register
 * @gdev: the device
 * @reg: BAR0 offset
 *
 * Waits (bounded) until the device applied every earlier write.
 *
 * Context: process; sleeps.
 * Returns: the register value; all-ones once the device process is gone.
 */
u32 gensim_read(struct gensim_device *gdev, u32 reg)
{
	u32 val;

	gensim_channel_flush(gdev->chan);
	val = bar0_read(gdev->chan, reg);
	trace_gensim_reg_read(gdev, reg, val);
	return val;
}

/**
 * gensim_read_irq - read a register without waiting for the write log
 * @gdev: the device
 * @reg: BAR0 offset
 *
 * For the interrupt handler; see the DOC block above for why it is safe.
 *
 * Context: any.
 * Returns: the register value as the device last stored it.
 */
u32 gensim_read_irq(struct gensim_device *gdev, u32 reg)
{
	u32 val = bar0_read(gdev->chan, reg);

	trace_gensim_reg_read(gdev, reg, val);
	return val;
}

/**
 * gensim_write_pos - write a register and say where the write sits in the log
 * @gdev: the device
 * @reg: BAR0 offset
 * @val: the value
 *
 * Context: any.
 * Returns: the log position just after the write, for gensim_write_applied().
 */
u32 gensim_write_pos(struct gensim_device *gdev, u32 reg, u32 val)
{
	trace_gensim_reg_write(gdev, reg, val);
	return gensim_channel_write(gdev->chan, reg, val);
}

/**
 * gensim_write - write a register through the write log
 * @gdev: the device
 * @reg: BAR0 offset
 * @val: the value
 *
 * Context: any.
 */
void gensim_write(struct gensim_device *gdev, u32 reg, u32 val)
{
	gensim_write_pos(gdev, reg, val);
}

/**
 * gensim_write_applied - has the device applied every write up to a position?
 * @gdev: the device
 * @pos: a position gensim_write_pos() returned
 *
 * Never waits: what a posting read would wait for, asked without waiting.
 * A dead or wedged channel counts as applied (nothing more will be).
 *
 * Context: any.
 * Returns: true if the device's tail has reached @pos.
 */
bool gensim_write_applied(struct gensim_device *gdev, u32 pos)
{
	struct gensim_channel *chan = gdev->chan;

	if (gensim_channel_gone(chan))
		return true;
	/* Pairs with the device's release store of tail after applying. */
	return (s32)(smp_load_acquire(&chan->wlog->tail) - pos) >= 0;
}

/**
 * gensim_wait_for - poll a register until (value & mask) == value
 * @gdev: the device
 * @reg: BAR0 offset
 * @mask: the bits to compare
 * @value: the expected value of those bits
 * @timeout_ms: the bound
 *
 * Context: process; sleeps.
 * Returns: 0, -ETIMEDOUT, or the error of a device that went away.
 */
int gensim_wait_for(struct gensim_device *gdev, u32 reg, u32 mask, u32 value,
		    unsigned int timeout_ms)
{
	unsigned long timeout = jiffies + msecs_to_jiffies(timeout_ms);
	int err;

	for (;;) {
		u32 val;

		err = gensim_channel_flush(gdev->chan);
		if (err)
			return err;
		val = bar0_read(gdev->chan, reg);
		trace_gensim_reg_read(gdev, reg, val);
		if ((val & mask) == value)
			return 0;
		if (time_after(jiffies, timeout))
			return -ETIMEDOUT;
		usleep_range(20, 100);
	}
}
