// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The gensim authors
 */

/**
 * DOC: Engines
 *
 * Each of the four engines is a command streamer in execlist mode
 * (gensim hw-spec "Engines and execlists").  Bringing one up is what a Gen8
 * driver does on resume (EXT i915 enable_execlists): mask the status-page
 * mirror (HWSTAM), turn execlists on in RING_MODE, let the ring run
 * (MI_MODE), point RING_HWS_PGA at the engine's status page, unmask the
 * errors the driver handles, and start reading the context status buffer
 * from its first entry.
 *
 * The engine's interrupts come here from gensim_irq.c: a context switch
 * means new context status entries (gensim_execlists.c), a user interrupt
 * means breadcrumbs may have landed (gensim_sched.c), a master error means
 * the running context stopped and the engine must be reset (gensim_reset.c).
 *
 * Called from: gensim_device.c (init, unplug), gensim_irq.c (hard irq),
 * gensim_reset.c (re-init after a reset).
 */

#include <linux/bitfield.h>
#include <linux/highmem.h>
#include <linux/seq_file.h>

#include <drm/drm_gem_shmem_helper.h>
#include <drm/drm_print.h>

#include "gensim_drv.h"
#include "gensim_gem.h"

/* Errors the driver wants to hear about (hw-spec "Errors"). */
#define ENGINE_ERRORS	((u32)(EIR_INSTRUCTION_ERROR | EIR_PAGE_TABLE_ERROR | \
			       EIR_PRIVILEGE_VIOLATION))

/**
 * gensim_engine_hw_init - program an engine for execlist submission
 * @engine: the engine, after a reset or at probe
 *
 * Context: process; the engine must not be submitting.
 */
void gensim_engine_hw_init(struct gensim_engine *engine)
{
	struct gensim_device *gdev = engine->gdev;
	u32 base = engine->mmio_base;
	int i;

	/* The driver reads the CSB write pointer from the status page. */
	for (i = 0; i < GEN8_CSB_ENTRIES; i++) {
		WRITE_ONCE(engine->hwsp_vaddr[HWSP_CSB_ENTRY0 + 2 * i], 0);
		WRITE_ONCE(engine->hwsp_vaddr[HWSP_CSB_ENTRY0 + 2 * i + 1], 0);
	}
	/* The last entry was "consumed": the device writes entry 0 first. */
	engine->csb_head = GEN8_CSB_ENTRIES - 1;
	WRITE_ONCE(engine->hwsp_vaddr[HWSP_CSB_WRITE_PTR], GEN8_CSB_ENTRIES - 1);

	gensim_write(gdev, RING_HWSTAM(base), ~0u);
	gensim_irq_engine_unmask(gdev, engine->id);
	gensim_write(gdev, RING_MODE(base), masked_enable(GFX_RUN_LIST_ENABLE));
	gensim_write(gdev, RING_MI_MODE(base), masked_disable(STOP_RING));
	gensim_write(gdev, RING_HWS_PGA(base), engine->hwsp_node.start);
	gensim_write(gdev, RING_EMR(base), ~ENGINE_ERRORS);
	gensim_write(gdev, RING_EIR(base), ~0u);
	/* Posting read: the engine is set up before anything is submitted. */
	gensim_read(gdev, RING_HWS_PGA(base));
}

static int engine_init(struct gensim_device *gdev, struct gensim_engine *engine, int id)
{
	struct drm_gem_shmem_object *shmem;
	int err, prio;

	engine->gdev = gdev;
	engine->id = id;
	engine->mmio_base = gensim_engine_mmio_base(id);
	spin_lock_init(&engine->lock);
	for (prio = 0; prio < GENSIM_NUM_PRIORITIES; prio++)
		INIT_LIST_HEAD(&engine->ready[prio]);
	INIT_LIST_HEAD(&engine->active);
	INIT_WORK(&engine->reset_work, gensim_engine_reset_work);
	mutex_init(&engine->reset_lock);

	shmem = gensim_bo_create(&gdev->drm, SZ_4K);
	if (IS_ERR(shmem))
		return PTR_ERR(shmem);
	engine->hwsp = to_gensim_bo(&shmem->base);
	err = gensim_ggtt_insert_bo(gdev, engine->hwsp, &engine->hwsp_node);
	if (err)
		return err;
	/* Bound means pinned: the page stays while the engine does. */
	engine->hwsp_vaddr = page_address(engine->hwsp->base.pages[0]);
	gensim_engine_hw_init(engine);
	return 0;
}

/**
 * gensim_engines_init - set up every engine the device has
 * @gdev: the device, with its GGTT
 *
 * Returns: 0 or a negative errno; gensim_engines_fini() undoes a partial
 * init.
 */
int gensim_engines_init(struct gensim_device *gdev)
{
	int id, err;

	ida_init(&gdev->ctx_ids);
	gdev->reset_wq = alloc_ordered_workqueue("gensim-reset", 0);
	if (!gdev->reset_wq)
		return -ENOMEM;
	for (id = 0; id < GENSIM_NUM_ENGINES; id++) {
		if (!(gdev->info.engine_mask & BIT(id)))
			continue;
		err = engine_init(gdev, &gdev->engine[id], id);
		if (err)
			return err;
	}
	return 0;
}

/**
 * gensim_engines_fini - release every engine's status page
 * @gdev: the device; no queue is left
 */
void gensim_engines_fini(struct gensim_device *gdev)
{
	int id;

	if (gdev->reset_wq)
		destroy_workqueue(gdev->reset_wq);
	for (id = 0; id < GENSIM_NUM_ENGINES; id++) {
		struct gensim_engine *engine = &gdev->engine[id];

		if (drm_mm_node_allocated(&engine->hwsp_node))
			gensim_ggtt_remove_bo(gdev, engine->hwsp, &engine->hwsp_node);
		if (engine->hwsp)
			drm_gem_object_put(&engine->hwsp->base.base);
		if (engine->gdev)
			mutex_destroy(&engine->reset_lock);
	}
	ida_destroy(&gdev->ctx_ids);
}

/**
 * gensim_engines_lost - the device is gone or wedged: fail everything
 * @gdev: the device
 * @error: -ENODEV (the device process detached) or -EIO (wedged)
 *
 * Every job the hardware had completes with @error, and so does every job
 * run_job() sees from now on: nothing is submitted again, and no reset
 * restarts anything.  Idempotent.  Context: process, not from an engine's
 * reset work (it waits for it).
 */
void gensim_engines_lost(struct gensim_device *gdev, int error)
{
	int id;

	for (id = 0; id < GENSIM_NUM_ENGINES; id++) {
		struct gensim_engine *engine = &gdev->engine[id];
		unsigned long flags;

		if (!engine->gdev)
			continue;
		spin_lock_irqsave(&engine->lock, flags);
		if (!engine->lost_error)
			engine->lost_error = error;
		spin_unlock_irqrestore(&engine->lock, flags);
		/* A reset in progress finds lost_error set and restarts nothing. */
		cancel_work_sync(&engine->reset_work);
		gensim_queue_put_maybe(gensim_engine_take_error_queue(engine));
		mutex_lock(&engine->reset_lock);
		spin_lock_irqsave(&engine->lock, flags);
		gensim_execlists_reset_locked(engine);
		gensim_engine_signal_locked(engine, engine->lost_error);
		spin_unlock_irqrestore(&engine->lock, flags);
		mutex_unlock(&engine->reset_lock);
	}
}

/**
 * gensim_engine_take_error_queue - the queue an error interrupt blamed
 * @engine: the engine
 *
 * Returns: the queue (the caller owns the reference), or NULL.
 */
struct gensim_queue *gensim_engine_take_error_queue(struct gensim_engine *engine)
{
	struct gensim_queue *q;
	unsigned long flags;

	spin_lock_irqsave(&engine->lock, flags);
	q = engine->error_queue;
	engine->error_queue = NULL;
	spin_unlock_irqrestore(&engine->lock, flags);
	return q;
}

/**
 * gensim_engine_violation_handled - the error register was cleared
 * @engine: the engine
 *
 * The next privilege violation the interrupt handler sees is a new one.
 */
void gensim_engine_violation_handled(struct gensim_engine *engine)
{
	unsigned long flags;

	spin_lock_irqsave(&engine->lock, flags);
	engine->violation_noted = false;
	spin_unlock_irqrestore(&engine->lock, flags);
}

/**
 * gensim_engine_irq - an engine's interrupt bits
 * @engine: the engine
 * @iir: its 16 bits of the GT IIR
 *
 * Context: hard irq.
 */
void gensim_engine_irq(struct gensim_engine *engine, u32 iir)
{
	unsigned long flags;

	/*
	 * Before the context status entries: the device raises the error
	 * while the context runs, so the mirror still names it even if the
	 * same interrupt also reports the context's switch out.
	 */
	if (iir & GT_CS_MASTER_ERROR_INTERRUPT) {
		u32 eir = gensim_read_irq(engine->gdev, RING_EIR(engine->mmio_base));

		spin_lock_irqsave(&engine->lock, flags);
		/* EIR stays set until the reset work clears it: count it once. */
		if (eir & EIR_PRIVILEGE_VIOLATION && !engine->violation_noted &&
		    engine->inflight[0])
			atomic_inc(&engine->inflight[0]->dropped_commands);
		if (eir & EIR_PRIVILEGE_VIOLATION)
			engine->violation_noted = true;
		/* An error that stopped the context: blame it now, not later. */
		if (eir & (EIR_INSTRUCTION_ERROR | EIR_PAGE_TABLE_ERROR) && !engine->error_queue)
			engine->error_queue = gensim_queue_tryget(engine->inflight[0]);
		spin_unlock_irqrestore(&engine->lock, flags);
	}
	if (iir & GT_CONTEXT_SWITCH_INTERRUPT)
		gensim_execlists_process_csb(engine);
	if (iir & GT_RENDER_USER_INTERRUPT) {
		spin_lock_irqsave(&engine->lock, flags);
		gensim_engine_signal_locked(engine, 0);
		spin_unlock_irqrestore(&engine->lock, flags);
	}
	/* The running context stopped: the engine needs a reset. */
	if (iir & GT_CS_MASTER_ERROR_INTERRUPT)
		queue_work(engine->gdev->reset_wq, &engine->reset_work);
}

static u32 queue_ctx(const struct gensim_queue *q)
{
	return q ? q->ctx_id : 0;
}

/**
 * gensim_engines_show - debugfs "engines": the driver's execlist mirror
 * next to what the hardware reports, and every queue with work
 * @gdev: the device
 * @m: the debugfs file
 *
 * The first thing to read when a job does not complete: a queue whose
 * submitted tail differs from its tail has work the hardware was not
 * given; one whose completed seqno lags its emitted seqno has work the
 * hardware did not finish.
 */
void gensim_engines_show(struct gensim_device *gdev, struct seq_file *m)
{
	int id;

	for (id = 0; id < GENSIM_NUM_ENGINES; id++) {
		struct gensim_engine *engine = &gdev->engine[id];
		u32 base = engine->mmio_base;
		struct gensim_queue *q;
		unsigned long flags;
		int prio;

		if (!engine->hwsp_vaddr)
			continue;
		seq_printf(m, "%s: head %#x tail %#x acthd %#x execlist_status %#x csb_ptr %#x\n",
			   gensim_engine_name(id), gensim_read(gdev, RING_HEAD(base)),
			   gensim_read(gdev, RING_TAIL(base)), gensim_read(gdev, RING_ACTHD(base)),
			   gensim_read(gdev, RING_EXECLIST_STATUS_LO(base)),
			   gensim_read(gdev, RING_CONTEXT_STATUS_PTR(base)));
		spin_lock_irqsave(&engine->lock, flags);
		seq_printf(m, "  inflight %#x %#x pending%s %#x %#x csb_head %u hwsp_csb_wp %u%s resets %d csb events %lld\n",
			   queue_ctx(engine->inflight[0]), queue_ctx(engine->inflight[1]),
			   engine->pending_valid ? "" : "(none)",
			   queue_ctx(engine->pending[0]), queue_ctx(engine->pending[1]),
			   engine->csb_head, READ_ONCE(engine->hwsp_vaddr[HWSP_CSB_WRITE_PTR]),
			   engine->lost_error ? " lost" : engine->resetting ? " resetting" : "",
			   atomic_read(&engine->resets),
			   atomic64_read(&engine->csb_events));
		for (prio = GENSIM_NUM_PRIORITIES - 1; prio >= 0; prio--)
			list_for_each_entry(q, &engine->ready[prio], ready_link)
				seq_printf(m, "  ready[%d] %#x\n", prio, q->ctx_id);
		list_for_each_entry(q, &engine->active, active_link)
			seq_printf(m, "  active %#x: tail %#x submitted %#x emitted %u completed %u%s%s\n",
				   q->ctx_id, READ_ONCE(q->tail), q->submitted_tail,
				   READ_ONCE(q->seqno), gensim_lrc_completed_seqno(q),
				   q->in_hw ? " in_hw" : "", q->banned ? " banned" : "");
		spin_unlock_irqrestore(&engine->lock, flags);
	}
}
