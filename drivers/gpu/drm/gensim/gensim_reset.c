// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The gensim authors
 */

/**
 * DOC: Engine reset
 *
 * Three things send an engine here: a job that made no progress for
 * job_timeout_ms (gensim_sched.c), a master-error interrupt, which the
 * device raises when a command-streamer error or a page fault stopped the
 * running context (gensim hw-spec "Errors"), and a queue whose context the
 * engine will not let go of (gensim_queue.c).
 *
 * The reset is i915's Gen8 engine reset (EXT intel_reset.c): stop the
 * ring, request a reset through RING_RESET_CTL and wait for ready, write
 * the engine's GDRST domain and wait for it to clear, then program the
 * engine again.  Before it, the evidence goes to devcoredump
 * (gensim_dump.c).  The context the engine was running is the guilty
 * one: it is banned, its oldest job ends with the reset's error (-ETIME
 * for a hang, -ENOEXEC for a command error, -EFAULT for a page fault), the
 * jobs behind it with -ECANCELED, and it runs nothing more.  Every other
 * context the engine held is innocent: its image was saved (or never
 * used), so it is simply submitted again.  Every wait is bounded by
 * device_timeout_ms, the bound on every wait for the device (a slow,
 * loaded device is not a broken one); a device that does not complete the
 * reset within it is wedged (every job ends with -EIO).
 *
 * An error interrupt names its context at interrupt time: the interrupt
 * handler takes a reference on the context the engine runs when the error
 * stops it (gensim_engine_irq()), before the work item runs and the engine
 * may have switched, and the reset bans that one.
 *
 * The engine's lists point at queues that may be tearing down: the reset
 * takes a reference on each queue it looks at (gensim_queue_tryget()), so
 * that no queue's ring or image is freed while the dump reads it.  A queue
 * already in teardown (no reference left) has no jobs: it is only taken
 * off the engine.
 *
 * A privilege violation also raises the master error but stops nothing:
 * the command became a no-op.  The interrupt handler counts it on the
 * queue the engine runs (gensim_engine_irq()), where QUEUE_GET_STATE shows
 * it, once until the reset work has cleared EIR: the master error stays
 * raised while EIR is set, and counting interrupts would count one
 * violation several times.
 *
 * Called from: gensim_sched.c (timeout), gensim_engine.c (error interrupt,
 * through reset_work), gensim_queue.c (a context that will not leave).
 */

#include <linux/bitfield.h>

#include <drm/drm_drv.h>
#include <drm/drm_print.h>

#include "gensim_drv.h"

static int hw_reset(struct gensim_engine *engine)
{
	static const u32 domain[GENSIM_NUM_ENGINES] = {
		[GENSIM_RCS] = GEN6_GRDOM_RENDER,
		[GENSIM_BCS] = GEN6_GRDOM_BLT,
		[GENSIM_VCS] = GEN6_GRDOM_MEDIA,
		[GENSIM_VECS] = GEN6_GRDOM_VECS,
	};
	struct gensim_device *gdev = engine->gdev;
	u32 base = engine->mmio_base;
	int err;

	gensim_write(gdev, RING_MI_MODE(base), masked_enable(STOP_RING));
	gensim_write(gdev, RING_RESET_CTL(base), masked_enable(RESET_CTL_REQUEST_RESET));
	err = gensim_wait_for(gdev, RING_RESET_CTL(base), RESET_CTL_READY_TO_RESET,
			      RESET_CTL_READY_TO_RESET, gensim_device_timeout_ms);
	if (err)
		return err;
	gensim_write(gdev, GEN6_GDRST, domain[engine->id]);
	return gensim_wait_for(gdev, GEN6_GDRST, domain[engine->id], 0, gensim_device_timeout_ms);
}

/**
 * gensim_engine_reset - reset an engine and ban the context it was running
 * @engine: the engine
 * @reason: for the log and the coredump
 * @error: what the guilty context's oldest job ends with
 *
 * Context: process; sleeps.  The caller is inside drm_dev_enter().
 */
void gensim_engine_reset(struct gensim_engine *engine, const char *reason, int error)
{
	gensim_engine_reset_blame(engine, reason, error, NULL);
}

/**
 * gensim_engine_reset_blame - reset an engine and ban a given context
 * @engine: the engine
 * @reason: for the log and the coredump
 * @error: what the guilty context's oldest job ends with
 * @blame: the guilty queue (its reference passes to the reset), or NULL
 *	for the context the engine runs now
 *
 * Context: process; sleeps.  The caller is inside drm_dev_enter().
 */
void gensim_engine_reset_blame(struct gensim_engine *engine, const char *reason, int error,
			       struct gensim_queue *blame)
{
	struct gensim_device *gdev = engine->gdev;
	struct gensim_queue *guilty, *held[3];
	unsigned long flags;
	int i, err;

	mutex_lock(&engine->reset_lock);
	if (gensim_channel_dead(gdev->chan) || gensim_channel_wedged(gdev->chan))
		goto unlock;

	/* Catch up with what the engine already reported. */
	gensim_execlists_process_csb(engine);
	spin_lock_irqsave(&engine->lock, flags);
	if (engine->lost_error) {
		spin_unlock_irqrestore(&engine->lock, flags);
		goto unlock;
	}
	engine->resetting = true;
	guilty = blame ? blame : gensim_queue_tryget(engine->inflight[0]);
	blame = NULL;
	held[0] = gensim_queue_tryget(engine->inflight[1]);
	held[1] = gensim_queue_tryget(engine->pending[0]);
	held[2] = gensim_queue_tryget(engine->pending[1]);
	spin_unlock_irqrestore(&engine->lock, flags);

	gensim_dump_capture(engine, guilty, reason);
	err = hw_reset(engine);
	if (err) {
		drm_err(&gdev->drm, "%s: reset did not complete (%d): wedging the device\n",
			gensim_engine_name(engine->id), err);
		gensim_channel_wedge(gdev->chan, "engine reset did not complete",
				     RING_RESET_CTL(engine->mmio_base));
	} else {
		gensim_engine_hw_init(engine);
	}

	spin_lock_irqsave(&engine->lock, flags);
	if (guilty) {
		guilty->banned = true;
		if (!guilty->ban_error)
			guilty->ban_error = error;
		atomic_inc(&guilty->guilty_resets);
		gensim_queue_fail_jobs_locked(guilty, error, -ECANCELED);
		list_del_init(&guilty->ready_link);
	}
	for (i = 0; i < ARRAY_SIZE(held); i++)
		if (held[i] && held[i] != guilty)
			atomic_inc(&held[i]->innocent_resets);
	gensim_execlists_reset_locked(engine);
	engine->resetting = false;
	gensim_execlists_dequeue_locked(engine);
	spin_unlock_irqrestore(&engine->lock, flags);

	atomic_inc(&engine->resets);
	drm_info(&gdev->drm, "%s reset (%s)%s%d\n", gensim_engine_name(engine->id), reason,
		 guilty ? ": banned the context that was running, its job ends with " : ", error ",
		 error);
	if (guilty)
		gensim_queue_put(guilty);
	for (i = 0; i < ARRAY_SIZE(held); i++)
		if (held[i])
			gensim_queue_put(held[i]);
unlock:
	mutex_unlock(&engine->reset_lock);
	gensim_queue_put_maybe(blame);
}

/**
 * gensim_engine_reset_work - a master-error interrupt fired
 * @work: &gensim_engine.reset_work
 */
void gensim_engine_reset_work(struct work_struct *work)
{
	struct gensim_engine *engine = container_of(work, struct gensim_engine, reset_work);
	struct gensim_device *gdev = engine->gdev;
	u32 base = engine->mmio_base, eir, ipehr, acthd;
	int idx;

	if (!drm_dev_enter(&gdev->drm, &idx))
		return;
	eir = gensim_read(gdev, RING_EIR(base));
	if (!eir || eir == ~0u) {
		/* Nothing to handle (any more): forget whom the interrupt blamed. */
		gensim_queue_put_maybe(gensim_engine_take_error_queue(engine));
		goto exit;
	}
	ipehr = gensim_read(gdev, RING_IPEHR(base));
	acthd = gensim_read(gdev, RING_ACTHD(base));
	if (!(eir & (EIR_INSTRUCTION_ERROR | EIR_PAGE_TABLE_ERROR))) {
		/* A privilege violation: the command was dropped, the batch goes on. */
		drm_dbg(&gdev->drm, "%s: command privilege violation, command %#010x at %#x\n",
			gensim_engine_name(engine->id), ipehr, acthd);
		gensim_write(gdev, RING_EIR(base), eir);
		gensim_read(gdev, RING_EIR(base));
		gensim_engine_violation_handled(engine);
		goto exit;
	}
	drm_dbg(&gdev->drm, "%s: error EIR %#x, command %#010x at %#x\n",
		gensim_engine_name(engine->id), eir, ipehr, acthd);
	if (eir & EIR_PAGE_TABLE_ERROR)
		gensim_engine_reset_blame(engine, "page fault", -EFAULT,
					  gensim_engine_take_error_queue(engine));
	else
		gensim_engine_reset_blame(engine, "command error", -ENOEXEC,
					  gensim_engine_take_error_queue(engine));
exit:
	drm_dev_exit(idx);
}
