// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The gensim authors
 */

/**
 * DOC: Execlist submission
 *
 * An engine runs an execlist of up to two contexts and holds at most one
 * more, pending (PRM Vol. 6 Command Stream Programming (Cherryview 2015),
 * "Execlists"; gensim hw-spec "Submission").  The driver mirrors that:
 *
 * - ``inflight``: the list the hardware runs, element 0 first;
 * - ``pending``: the list written to ELSP and not yet acknowledged;
 * - ``ready``: queues with work and not on the hardware, by priority.
 *
 * gensim_execlists_dequeue_locked() submits when nothing is pending: if
 * the running context (inflight element 0) has new work, or room for a
 * second element, it resubmits it as element 0 — a lite restore that only
 * re-reads the tail — with the next ready queue as element 1; if the
 * engine is idle it submits the two best ready queues.  Before the ELSP
 * write it sets each context's RING_TAIL in its image; the fourth ELSP
 * write submits.
 *
 * The hardware acknowledges through the context status buffer.  Every
 * entry consumed moves the mirror along: IDLE_TO_ACTIVE and PREEMPTED
 * promote pending to inflight (the contexts that left go back to ready if
 * they still have work), ELEMENT_SWITCH retires element 0, ACTIVE_TO_IDLE
 * retires the last one.  Like i915 on Gen8 the driver does not match
 * context IDs: the order of events is enough, and job completion comes
 * from the breadcrumbs, not from the CSB.
 *
 * Why the hard irq: the CSB walk is at most six entries and the resulting
 * submission a handful of register writes into the write log, which never
 * sleeps; doing it in the interrupt handler (which runs from irq_work)
 * avoids a second hop through a tasklet that i915 needs for its heavier
 * dequeue.  The engine's spinlock is therefore taken with interrupts off.
 *
 * The device writes a CSB entry before the write pointer that covers it
 * (release); the driver reads the pointer from the status page, then the
 * entries (acquire), as i915's csb_read() does.
 *
 * The status page is the device's to write, and the device is not
 * trusted: a write pointer outside the buffer, an entry with no switch
 * type, a promotion with nothing pending or a switch with nothing in
 * flight is a protocol violation.  The driver stops reading, reports it
 * once and wedges the device (every job ends with -EIO) rather than follow
 * it.
 *
 * Called from: gensim_sched.c (new work), gensim_engine.c (the interrupt),
 * gensim_reset.c.
 */

#include <linux/bitfield.h>

#include <kunit/visibility.h>

#include <drm/drm_print.h>

#include "gensim_drv.h"
#include "gensim_trace.h"

#define CSB_VIOLATION	"context status buffer protocol violation"

static bool queue_has_new_work(const struct gensim_queue *q)
{
	/* Pairs with ring_emit()'s release: the job's dwords are in the ring. */
	return smp_load_acquire(&q->tail) != q->submitted_tail;
}

/* The best ready queue other than @not, taken off its list. */
static struct gensim_queue *take_ready(struct gensim_engine *engine, struct gensim_queue *not)
{
	int prio;

	for (prio = GENSIM_NUM_PRIORITIES - 1; prio >= 0; prio--) {
		struct gensim_queue *q;

		list_for_each_entry(q, &engine->ready[prio], ready_link) {
			if (q == not)
				continue;
			list_del_init(&q->ready_link);
			return q;
		}
	}
	return NULL;
}

static void make_ready(struct gensim_engine *engine, struct gensim_queue *q)
{
	if (!q->banned && list_empty(&q->ready_link))
		list_add_tail(&q->ready_link, &engine->ready[q->priority]);
}

/* Element 1 high, element 1 low, element 0 high, element 0 low. */
static void write_elsp(struct gensim_engine *engine, u64 desc0, u64 desc1)
{
	struct gensim_device *gdev = engine->gdev;
	u32 elsp = RING_ELSP(engine->mmio_base);

	gensim_write(gdev, elsp, upper_32_bits(desc1));
	gensim_write(gdev, elsp, lower_32_bits(desc1));
	gensim_write(gdev, elsp, upper_32_bits(desc0));
	/* The write that submits. */
	gensim_write(gdev, elsp, lower_32_bits(desc0));
}

static void port_submit(struct gensim_queue *q)
{
	/* Pairs with ring_emit()'s release: hand over only complete jobs. */
	q->submitted_tail = smp_load_acquire(&q->tail);
	gensim_lrc_set_tail(q, q->submitted_tail);
	q->in_hw = true;
	list_del_init(&q->ready_link);
}

/**
 * gensim_execlists_dequeue_locked - give the hardware what it can take
 * @engine: the engine
 *
 * Context: engine->lock held.
 */
void gensim_execlists_dequeue_locked(struct gensim_engine *engine)
{
	struct gensim_queue *e0, *e1;

	lockdep_assert_held(&engine->lock);
	if (engine->resetting || engine->lost_error || engine->pending_valid)
		return;

	e0 = engine->inflight[0];
	if (e0) {
		/* Resubmitting the running context only updates its tail. */
		e1 = engine->inflight[1];
		if (!e1)
			e1 = take_ready(engine, e0);
		if (!queue_has_new_work(e0) && e1 == engine->inflight[1])
			return;
	} else {
		e0 = take_ready(engine, NULL);
		if (!e0)
			return;
		e1 = take_ready(engine, e0);
	}

	port_submit(e0);
	if (e1)
		port_submit(e1);
	engine->pending[0] = e0;
	engine->pending[1] = e1;
	engine->pending_valid = true;
	trace_gensim_elsp(engine->gdev, engine->id, e0->desc, e1 ? e1->desc : 0);
	write_elsp(engine, e0->desc, e1 ? e1->desc : 0);
}

/**
 * gensim_execlists_submit_locked - a queue has new work in its ring
 * @engine: its engine
 * @q: the queue
 *
 * Context: engine->lock held.
 */
void gensim_execlists_submit_locked(struct gensim_engine *engine, struct gensim_queue *q)
{
	lockdep_assert_held(&engine->lock);
	if (!q->in_hw)
		make_ready(engine, q);
	gensim_execlists_dequeue_locked(engine);
}

static bool listed(struct gensim_queue *const list[2], struct gensim_queue *q)
{
	return q && (list[0] == q || list[1] == q);
}

/*
 * A context left the hardware's running list: back to ready if it has work
 * left.  Not if it is also in the pending submission (a lite restore that
 * the engine has not acknowledged yet): it is still the engine's, and
 * in_hw is what queue teardown waits for before freeing it.
 */
static void retire(struct gensim_engine *engine, struct gensim_queue *q, bool complete)
{
	if (!q || (engine->pending_valid && listed(engine->pending, q)))
		return;
	q->in_hw = false;
	if (!complete || queue_has_new_work(q))
		make_ready(engine, q);
}

static void promote(struct gensim_engine *engine, u32 status)
{
	bool complete = status & CSB_CONTEXT_COMPLETE;
	struct gensim_queue *old[2] = { engine->inflight[0], engine->inflight[1] };
	int i;

	engine->inflight[0] = engine->pending[0];
	engine->inflight[1] = engine->pending[1];
	engine->pending[0] = NULL;
	engine->pending[1] = NULL;
	engine->pending_valid = false;

	/* Element 0 of the old list completed or was preempted; element 1 never ran. */
	for (i = 0; i < 2; i++)
		if (old[i] && !listed(engine->inflight, old[i]))
			retire(engine, old[i], i == 0 && complete);
	for (i = 0; i < 2; i++)
		if (engine->inflight[i])
			engine->inflight[i]->in_hw = true;
}

/**
 * gensim_csb_check - is a context status entry one the driver can follow?
 * @status: the entry's status dword
 * @pending: the driver has a submission the engine has not acknowledged
 * @inflight: the driver believes the engine runs a context
 *
 * Returns: NULL, or what is wrong with the entry.
 */
const char *gensim_csb_check(u32 status, bool pending, bool inflight)
{
	if (status & (CSB_IDLE_TO_ACTIVE | CSB_PREEMPTED))
		return pending ? NULL : "promotes a submission, but nothing is pending";
	if (status & (CSB_ELEMENT_SWITCH | CSB_ACTIVE_TO_IDLE))
		return inflight ? NULL : "retires a context, but none is in flight";
	return "has no switch type";
}
EXPORT_SYMBOL_IF_KUNIT(gensim_csb_check);

/* Follow one entry; false for a protocol violation (the device is wedged). */
static bool consume(struct gensim_engine *engine, u32 status)
{
	struct gensim_queue *q = engine->inflight[0];
	const char *bad = gensim_csb_check(status, engine->pending_valid, q);

	if (bad) {
		drm_err(&engine->gdev->drm, "%s: CSB entry %#x %s\n",
			gensim_engine_name(engine->id), status, bad);
		gensim_channel_wedge(engine->gdev->chan, CSB_VIOLATION,
				     RING_CONTEXT_STATUS_PTR(engine->mmio_base));
		return false;
	}
	if (status & (CSB_IDLE_TO_ACTIVE | CSB_PREEMPTED)) {
		promote(engine, status);
	} else {
		engine->inflight[0] = engine->inflight[1];
		engine->inflight[1] = NULL;
		retire(engine, q, true);
	}
	return true;
}

/**
 * gensim_execlists_process_csb - consume new context status entries
 * @engine: the engine whose context-switch interrupt fired
 *
 * Context: hard irq (or any); takes engine->lock.
 * Returns: how many entries were consumed.
 */
unsigned int gensim_execlists_process_csb(struct gensim_engine *engine)
{
	u32 *hwsp = engine->hwsp_vaddr;
	unsigned int consumed = 0;
	unsigned long flags;
	u32 head, tail;

	spin_lock_irqsave(&engine->lock, flags);
	if (engine->lost_error || gensim_channel_wedged(engine->gdev->chan)) {
		spin_unlock_irqrestore(&engine->lock, flags);
		return 0;
	}
	head = engine->csb_head;
	/* Pairs with the device's release store of the pointer after the entry. */
	tail = smp_load_acquire(&hwsp[HWSP_CSB_WRITE_PTR]);
	if (tail >= GEN8_CSB_ENTRIES) {
		/* Only 0..5 (an entry) and 7 (nothing written since reset) exist. */
		if (tail != 7) {
			drm_err(&engine->gdev->drm, "%s: CSB write pointer %u is outside the buffer\n",
				gensim_engine_name(engine->id), tail);
			gensim_channel_wedge(engine->gdev->chan, CSB_VIOLATION,
					     RING_CONTEXT_STATUS_PTR(engine->mmio_base));
		}
		spin_unlock_irqrestore(&engine->lock, flags);
		return 0;
	}
	while (head != tail) {
		u32 status, id;

		head = (head + 1) % GEN8_CSB_ENTRIES;
		status = READ_ONCE(hwsp[HWSP_CSB_ENTRY0 + 2 * head]);
		id = READ_ONCE(hwsp[HWSP_CSB_ENTRY0 + 2 * head + 1]);
		trace_gensim_csb(engine->gdev, engine->id, head, status, id);
		atomic64_inc(&engine->csb_events);
		consumed++;
		if (!consume(engine, status)) {
			spin_unlock_irqrestore(&engine->lock, flags);
			return consumed;
		}
	}
	engine->csb_head = head;
	/*
	 * The servicing protocol (PRM Vol. 6 Command Stream Programming
	 * (Cherryview 2015), "Inference of Context Status"): report how far we
	 * read.
	 */
	gensim_write(engine->gdev, RING_CONTEXT_STATUS_PTR(engine->mmio_base),
		     (u32)CSB_READ_PTR << 16 | FIELD_PREP(CSB_READ_PTR, head));
	gensim_execlists_dequeue_locked(engine);
	spin_unlock_irqrestore(&engine->lock, flags);
	return consumed;
}

/**
 * gensim_execlists_reset_locked - forget what the hardware had
 * @engine: the engine, just reset (its execlists are gone)
 *
 * Every context it held goes back to ready if it has work left; the caller
 * bans the guilty one first.  Context: engine->lock held.
 */
void gensim_execlists_reset_locked(struct gensim_engine *engine)
{
	struct gensim_queue *held[4] = {
		engine->inflight[0], engine->inflight[1], engine->pending[0], engine->pending[1],
	};
	int i;

	lockdep_assert_held(&engine->lock);
	/* Forget the lists first: retire() keeps what is still pending. */
	for (i = 0; i < 2; i++) {
		engine->inflight[i] = NULL;
		engine->pending[i] = NULL;
	}
	engine->pending_valid = false;
	for (i = 0; i < ARRAY_SIZE(held); i++)
		retire(engine, held[i], false);
	engine->csb_head = GEN8_CSB_ENTRIES - 1;
	WRITE_ONCE(engine->hwsp_vaddr[HWSP_CSB_WRITE_PTR], GEN8_CSB_ENTRIES - 1);
}
