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

	shmem = drm_gem_shmem_create(&gdev->drm, SZ_4K);
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
 * gensim_engines_lost - the device process died: fail everything in flight
 * @gdev: the device
 *
 * Every job the hardware had completes with -ENODEV; nothing will be
 * submitted again.  Context: process.
 */
void gensim_engines_lost(struct gensim_device *gdev)
{
	int id;

	for (id = 0; id < GENSIM_NUM_ENGINES; id++) {
		struct gensim_engine *engine = &gdev->engine[id];
		unsigned long flags;

		if (!engine->gdev)
			continue;
		cancel_work_sync(&engine->reset_work);
		spin_lock_irqsave(&engine->lock, flags);
		engine->resetting = true;
		gensim_execlists_reset_locked(engine);
		gensim_engine_signal_locked(engine, -ENODEV);
		spin_unlock_irqrestore(&engine->lock, flags);
	}
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
