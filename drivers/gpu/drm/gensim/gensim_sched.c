// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The gensim authors
 */

/**
 * DOC: Jobs, rings and fences
 *
 * Each queue has its own drm_sched scheduler with one entity (as xe does),
 * so the scheduler orders the queue's jobs and waits for their
 * dependencies, and the engine's execlists arbitrate between queues
 * (gensim_execlists.c).
 *
 * run_job() writes one job into the queue's ring (GEN8 request emission,
 * EXT i915 gen8_emit_*):
 *
 * - a TLB invalidation: MI_FLUSH_DW on the copy and video engines,
 *   PIPE_CONTROL with CS stall on render;
 * - MI_BATCH_BUFFER_START of the user's batch, in the PPGTT, so that it
 *   runs non-privileged;
 * - the breadcrumb: MI_STORE_DATA_IMM of the job's seqno into the queue's
 *   per-process status page (a GGTT write, allowed because the ring is
 *   privileged), then MI_USER_INTERRUPT;
 * - MI_ARB_CHECK, the preemption point where a lite restore takes effect;
 *
 * padded to a QWord, then hands the queue to the engine.  The returned
 * hardware fence signals from the user interrupt, once the seqno in the
 * status page has reached the job's (gensim_engine_signal_locked()).
 *
 * A job that takes longer than job_timeout_ms lands in timedout_job().
 * In 6.12 drm_sched has taken the job off its pending list before calling
 * us; the handler puts it back first thing (requeue_job(), as v3d's
 * skip-reset path does), or free_job would never run and the job, its
 * queue and everything the queue holds would leak.  It does not use
 * drm_sched_stop()/drm_sched_start(): without drm_sched_resubmit_jobs()
 * in between (deprecated), start cancels every job of the queue that was
 * still running, innocent ones included.  A reset ends the guilty job by
 * signalling its hardware fence, and drm_sched's completion callback,
 * still armed, does the rest.
 *
 * - The device is unplugged, dead or wedged: its jobs end (with -ENODEV or
 *   -EIO) from the unplug path or the wedge work; the job waits for that.
 *   The timeout's first step is a posting read, so a device that stopped
 *   draining the write log (an ELSP write never applied) is found wedged
 *   here, within device_timeout_ms.
 * - The engine reported something no interrupt delivered: a breadcrumb
 *   that passed the job's, or context status entries not yet read.  The
 *   handler does the interrupt's work (jobs signalled, the execlists
 *   moved on), counts a missed interrupt and lets the job wait again.
 * - The queue is the one the engine runs and its breadcrumb has not moved
 *   since the last look: it hangs.  The engine is reset (gensim_reset.c:
 *   the queue is banned, the job ends with -ETIME).  A GPGPU walker keeps
 *   the ring still while its kernel runs, and a blit while it copies, so
 *   a still breadcrumb with a growing progress counter (rcs0's
 *   GENSIM_EU_RETIRED, hw-spec-compute "Progress"; bcs0's GENSIM_BLT_ROWS,
 *   hw-spec-blitter "Blitter progress") is progress too, for at most
 *   compute_timeout_ms: a long kernel or blit finishes, an endless one is
 *   still reset.
 * - The queue waits for the engine, and the engine reported no context
 *   switch and no breadcrumb for two looks in a row: the device accepted
 *   work it does not run.  The engine is reset; a reset the device does not
 *   complete wedges it.
 * - Otherwise the job waits its turn: the timer starts again.
 *
 * Fences outlive queues.  Each hardware fence therefore carries its own
 * lock, and its names are static strings.  drm_sched's fences point at
 * their scheduler (for its name), so a queue's scheduler is not freed with
 * the queue: drm_sched_fini() stops it and the memory goes back to a pool
 * that the next queue reuses, freed only when the module is unloaded.
 *
 * Called from: gensim_submit.c (jobs), gensim_queue.c (scheduler setup),
 * gensim_engine.c (the user interrupt).
 */

#include <linux/sched.h>
#include <linux/stddef.h>
#include <linux/slab.h>

#include <drm/drm_drv.h>
#include <drm/drm_print.h>
#include <drm/drm_syncobj.h>

#include "gensim_cmds.h"
#include "gensim_drv.h"
#include "gensim_trace.h"
#include "gensim_vm.h"

unsigned int gensim_job_timeout_ms = 2000;
module_param_named(job_timeout_ms, gensim_job_timeout_ms, uint, 0644);
MODULE_PARM_DESC(job_timeout_ms,
		 "A job running this long without progress resets its engine (default 2000)");

static unsigned int gensim_compute_timeout_ms = 20000;
module_param_named(compute_timeout_ms, gensim_compute_timeout_ms, uint, 0644);
MODULE_PARM_DESC(compute_timeout_ms,
		 "How long a growing progress counter (rcs0's EU instructions, bcs0's blitter rows) counts as progress of a job whose breadcrumb stands still (default 20000)");

/**
 * gensim_job_bound_ms - the longest a running job lives
 *
 * A job that makes no progress is reset after job_timeout_ms (an EU kernel
 * that keeps retiring instructions, or a blit that keeps completing rows,
 * after compute_timeout_ms), a reset
 * waits at most device_timeout_ms before the device is wedged, and a
 * wedge ends every job.  Waits for jobs (VM teardown) are bounded by this.
 *
 * Returns: the bound in milliseconds.
 */
unsigned int gensim_job_bound_ms(void)
{
	return READ_ONCE(gensim_job_timeout_ms) * 2 + READ_ONCE(gensim_compute_timeout_ms) +
	       READ_ONCE(gensim_device_timeout_ms) * 2;
}

/* Ring space of one job, in dwords: the most run_job() emits, even. */
#define JOB_DWORDS	16
#define JOB_CREDITS	((GENSIM_RING_SIZE / 4) / JOB_DWORDS - 1)

/* A hardware fence with its own lock: it may outlive its queue. */
struct gensim_hw_fence {
	struct dma_fence base;
	/* Protects base, as dma_fence's lock. */
	spinlock_t lock;
};

static const char *gensim_fence_driver_name(struct dma_fence *fence)
{
	return "gensim";
}

static const char *gensim_fence_timeline_name(struct dma_fence *fence)
{
	return "queue";
}

static void gensim_fence_release(struct dma_fence *fence)
{
	atomic_dec(&gensim_objects.hw_fences);
	/* struct dma_fence comes first: this frees the whole gensim_hw_fence. */
	dma_fence_free(fence);
}

static const struct dma_fence_ops gensim_fence_ops = {
	.get_driver_name = gensim_fence_driver_name,
	.get_timeline_name = gensim_fence_timeline_name,
	.release = gensim_fence_release,
};

/**
 * gensim_hw_fence_alloc - a hardware fence, allocated before run_job
 *
 * Returns: an uninitialised fence (free it with gensim_hw_fence_free()
 * until run_job initialises it), or NULL.
 */
struct dma_fence *gensim_hw_fence_alloc(void)
{
	struct gensim_hw_fence *hf = kzalloc(sizeof(*hf), GFP_KERNEL);

	BUILD_BUG_ON(offsetof(struct gensim_hw_fence, base));
	if (!hf)
		return NULL;
	spin_lock_init(&hf->lock);
	atomic_inc(&gensim_objects.hw_fences);
	return &hf->base;
}

/*
 * A job's name in the trace: its scheduler fence, (context, seqno), as in
 * gensim_exec.  0:0 once the scheduler has let the job go.
 */
static u64 job_fence_context(const struct gensim_job *job)
{
	return job->base.s_fence ? job->base.s_fence->finished.context : 0;
}

static u64 job_fence_seqno(const struct gensim_job *job)
{
	return job->base.s_fence ? job->base.s_fence->finished.seqno : 0;
}

static void hw_fence_init(struct dma_fence *fence, struct gensim_queue *q, u32 seqno)
{
	struct gensim_hw_fence *hf = container_of(fence, struct gensim_hw_fence, base);

	dma_fence_init(fence, &gensim_fence_ops, &hf->lock, q->fence_context, seqno);
}

/*
 * Copy a whole job into the ring, then publish the new tail once: the
 * interrupt handler may dequeue this queue at any moment and must only see
 * the tail of a complete, QWord-aligned job (the engine refuses any other).
 * The release store orders the ring contents before the tail.
 */
static void ring_emit(struct gensim_queue *q, const u32 *dw, int n)
{
	u32 tail = q->tail;
	int i;

	for (i = 0; i < n; i++) {
		q->ring_vaddr[tail / 4] = dw[i];
		tail = (tail + 4) % GENSIM_RING_SIZE;
	}
	/* Pairs with the acquire in gensim_execlists.c (queue_has_new_work). */
	smp_store_release(&q->tail, tail);
}

static int emit_job(struct gensim_queue *q, struct gensim_job *job)
{
	u32 cs[JOB_DWORDS], seqno_addr = gensim_lrc_seqno_ggtt(q);
	int n = 0;

	if (q->engine->id == GENSIM_RCS) {
		cs[n++] = PIPE_CONTROL;
		cs[n++] = PIPE_CONTROL_CS_STALL | PIPE_CONTROL_TLB_INVALIDATE;
		cs[n++] = 0;
		cs[n++] = 0;
		cs[n++] = 0;
		cs[n++] = 0;
	} else {
		cs[n++] = MI_FLUSH_DW | MI_FLUSH_DW_INVALIDATE_TLB;
		cs[n++] = 0;
		cs[n++] = 0;
		cs[n++] = 0;
	}
	cs[n++] = MI_BATCH_BUFFER_START | MI_BB_PPGTT;
	cs[n++] = lower_32_bits(job->batch);
	cs[n++] = upper_32_bits(job->batch);
	cs[n++] = MI_STORE_DATA_IMM | MI_SDI_USE_GGTT;
	cs[n++] = seqno_addr;
	cs[n++] = 0;
	cs[n++] = job->seqno;
	cs[n++] = MI_USER_INTERRUPT;
	cs[n++] = MI_ARB_CHECK;
	if (n & 1)
		cs[n++] = MI_NOOP;
	ring_emit(q, cs, n);
	return 0;
}

static struct dma_fence *gensim_run_job(struct drm_sched_job *sched_job)
{
	struct gensim_job *job = to_gensim_job(sched_job);
	struct gensim_queue *q = job->queue;
	struct gensim_engine *engine = q->engine;
	struct dma_fence *fence = job->hw_fence;
	unsigned long flags;
	int idx, err;

	/* A dependency failed: do not run on top of it. */
	if (sched_job->s_fence->finished.error)
		return ERR_PTR(sched_job->s_fence->finished.error);
	if (READ_ONCE(q->banned))
		return ERR_PTR(-ECANCELED);
	if (!drm_dev_enter(&q->gdev->drm, &idx))
		return ERR_PTR(-ENODEV);

	job->seqno = ++q->seqno;
	hw_fence_init(fence, q, job->seqno);
	emit_job(q, job);
	job->start = ktime_get();

	spin_lock_irqsave(&engine->lock, flags);
	/*
	 * After gensim_engines_lost() nothing reaches the engine again, and
	 * a queue banned since the unlocked check above (a reset ran in
	 * between) gets nothing more either: submitted now, the job would
	 * run a banned context, and left out of q->jobs it would never end.
	 */
	err = engine->lost_error;
	if (!err && q->banned)
		err = -ECANCELED;
	if (!err) {
		list_add_tail(&job->link, &q->jobs);
		if (list_empty(&q->active_link))
			list_add_tail(&q->active_link, &engine->active);
		gensim_execlists_submit_locked(engine, q);
	}
	spin_unlock_irqrestore(&engine->lock, flags);
	drm_dev_exit(idx);

	if (err) {
		dma_fence_set_error(fence, err);
		dma_fence_signal(fence);
	} else {
		trace_gensim_job_run(q->gdev, engine->id, q->ctx_id, job_fence_context(job),
				     job_fence_seqno(job), job->seqno, job->batch);
	}
	/* The scheduler keeps one reference; the job keeps its own. */
	return dma_fence_get(fence);
}

static void account_busy(struct gensim_queue *q, struct gensim_job *job, ktime_t now)
{
	struct gensim_client_stats *stats = q->stats;
	int id = q->engine->id;
	ktime_t start;

	spin_lock(&stats->lock);
	start = ktime_after(job->start, stats->last_end[id]) ? job->start : stats->last_end[id];
	if (ktime_after(now, start))
		stats->busy_ns[id] += ktime_to_ns(ktime_sub(now, start));
	stats->last_end[id] = now;
	spin_unlock(&stats->lock);
}

static void complete_job_locked(struct gensim_queue *q, struct gensim_job *job, int error,
				ktime_t now)
{
	list_del_init(&job->link);
	account_busy(q, job, now);
	if (error)
		dma_fence_set_error(job->hw_fence, error);
	trace_gensim_job_done(q->gdev, q->engine->id, q->ctx_id, job_fence_context(job),
			      job_fence_seqno(job), job->seqno, error);
	dma_fence_signal(job->hw_fence);
}

/**
 * gensim_queue_fail_jobs_locked - end every job the queue has in flight
 * @q: the queue
 * @error: what the oldest job's fence carries
 * @rest_error: what the fences of the jobs behind it carry
 *
 * Context: engine->lock held.
 */
void gensim_queue_fail_jobs_locked(struct gensim_queue *q, int error, int rest_error)
{
	ktime_t now = ktime_get();
	struct gensim_job *job, *tmp;

	list_for_each_entry_safe(job, tmp, &q->jobs, link) {
		complete_job_locked(q, job, error, now);
		error = rest_error;
	}
	list_del_init(&q->active_link);
}

/**
 * gensim_engine_signal_locked - signal what the breadcrumbs say is done
 * @engine: the engine
 * @error: 0 normally; an error to fail every job in flight instead
 *
 * A breadcrumb ahead of the last seqno the queue emitted wedges the
 * device: only jobs the driver emitted complete, and none out of order.
 *
 * Context: engine->lock held, any context (the user interrupt).
 * Returns: how many jobs completed without error.
 */
unsigned int gensim_engine_signal_locked(struct gensim_engine *engine, int error)
{
	struct gensim_queue *q, *qtmp;
	ktime_t now = ktime_get();
	unsigned int done_jobs = 0;

	list_for_each_entry_safe(q, qtmp, &engine->active, active_link) {
		u32 done = gensim_lrc_completed_seqno(q);
		struct gensim_job *job, *tmp;

		if (error) {
			gensim_queue_fail_jobs_locked(q, error, error);
			continue;
		}
		/*
		 * The device wrote a breadcrumb no job of this queue carries yet
		 * (run_job numbers a job before emitting it): a lie, not followed.
		 */
		if (!gensim_seqno_passed(READ_ONCE(q->seqno), done)) {
			u32 last = READ_ONCE(q->seqno);

			drm_err(&q->gdev->drm, "%s: context %u: breadcrumb %u is ahead of %u\n",
				gensim_engine_name(engine->id), q->ctx_id, done, last);
			gensim_channel_wedge(q->gdev->chan, "breadcrumb ahead of every job",
					     RING_HWS_PGA(engine->mmio_base));
			return done_jobs;
		}
		list_for_each_entry_safe(job, tmp, &q->jobs, link) {
			if (!gensim_seqno_passed(done, job->seqno))
				break;
			complete_job_locked(q, job, 0, now);
			done_jobs++;
		}
		if (list_empty(&q->jobs))
			list_del_init(&q->active_link);
	}
	return done_jobs;
}

/*
 * Does @engine count its progress inside one command?  rcs0's EU array
 * retires instructions (GENSIM_EU_RETIRED, hw-spec-compute "Progress"),
 * bcs0's blitter completes rows (GENSIM_BLT_ROWS, hw-spec-blitter
 * "Blitter progress"); both grow while a single command keeps the breadcrumb
 * still.  The video engines have no such counter.
 */
static bool has_progress(const struct gensim_engine *engine)
{
	return engine->id == GENSIM_RCS || engine->id == GENSIM_BCS;
}

/* The engine's progress counter, 64 bits read high, low, high. */
static u64 progress_count(struct gensim_queue *q)
{
	struct gensim_device *gdev = q->gdev;
	bool blt = q->engine->id == GENSIM_BCS;
	u32 lo_reg = blt ? GENSIM_BLT_ROWS_LO : GENSIM_EU_RETIRED_LO;
	u32 hi_reg = blt ? GENSIM_BLT_ROWS_HI : GENSIM_EU_RETIRED_HI;
	u32 hi, lo;
	int tries = 3;

	/* Bounded: a device whose high half never settles is read as it is. */
	do {
		hi = gensim_read(gdev, hi_reg);
		lo = gensim_read(gdev, lo_reg);
	} while (hi != gensim_read(gdev, hi_reg) && --tries);
	return (u64)hi << 32 | lo;
}

/* Has the engine's progress counter moved since this queue's last look? */
static bool progress_moved(struct gensim_queue *q)
{
	u64 n = progress_count(q);
	bool moved = n != q->hang_progress;

	q->hang_progress = n;
	if (moved)
		q->hang_stalls = 0;
	return moved;
}

/*
 * A running queue at a timeout check: is its command (a walker's kernel,
 * a blit) still making progress, and for less than compute_timeout_ms of
 * still breadcrumbs?  Only the running queue dispatches to the EU array
 * or blits, so the count is its own.  @still: the breadcrumb has not moved
 * since the last check.  Called from the queue's timedout_job only, which
 * the scheduler serialises: the hang_progress and busy_since fields need
 * no lock.  Any value the device writes is only compared for change.
 */
static bool still_busy(struct gensim_queue *q, bool still)
{
	u64 n = progress_count(q);
	bool moved = n != q->hang_progress;

	q->hang_progress = n;
	if (!still || !moved) {
		q->busy_since = 0;
		return false;
	}
	if (!q->busy_since)
		q->busy_since = jiffies | 1;	/* never 0 */
	return time_before(jiffies, q->busy_since +
			   msecs_to_jiffies(gensim_compute_timeout_ms));
}

/*
 * Before judging a hang, do what the engine's interrupts would have done:
 * read the context status buffer and signal every job whose breadcrumb is
 * in the status page.  A breadcrumb that passed means the job is complete,
 * whatever became of its user interrupt, and unread status entries mean a
 * context-switch interrupt never arrived (the queue may not even have
 * been submitted yet).  Either is a missed interrupt, counted per engine
 * in debugfs "info", not a hang; i915's hangcheck did the same with
 * breadcrumbs that passed without an interrupt (its "missed interrupt"
 * counts).  Returns: true if there was anything to catch up with.
 */
static bool catch_up_missed_irq(struct gensim_queue *q)
{
	struct gensim_engine *engine = q->engine;
	unsigned int entries, jobs;
	unsigned long flags;

	entries = gensim_execlists_process_csb(engine);
	spin_lock_irqsave(&engine->lock, flags);
	jobs = engine->lost_error ? 0 : gensim_engine_signal_locked(engine, 0);
	spin_unlock_irqrestore(&engine->lock, flags);
	if (!entries && !jobs)
		return false;
	atomic64_inc(&q->gdev->irq_stats.missed[engine->id]);
	drm_dbg(&q->gdev->drm, "%s: missed interrupt: %u status entries, %u jobs caught up\n",
		gensim_engine_name(engine->id), entries, jobs);
	return true;
}

/* Give drm_sched back the job it took off its pending list (v3d skip_reset). */
static enum drm_gpu_sched_stat requeue_job(struct drm_sched_job *sched_job)
{
	struct drm_gpu_scheduler *sched = sched_job->sched;

	spin_lock(&sched->job_list_lock);
	list_add(&sched_job->list, &sched->pending_list);
	spin_unlock(&sched->job_list_lock);
	return DRM_GPU_SCHED_STAT_NOMINAL;
}

/*
 * What a timeout check sees of the job's queue.  Context: the queue's
 * timeout handler, which drm_sched serialises: the hang_* fields need no
 * other lock than the engine's, taken for the engine-side state.
 */
enum hang_verdict { HANG_WAIT, HANG_STUCK, HANG_STALLED };

static enum hang_verdict hang_check(struct gensim_queue *q)
{
	struct gensim_engine *engine = q->engine;
	enum hang_verdict verdict = HANG_WAIT;
	unsigned long flags;
	bool running, still;
	u64 csb;
	u32 done;

	spin_lock_irqsave(&engine->lock, flags);
	running = engine->inflight[0] == q;
	done = gensim_lrc_completed_seqno(q);
	csb = atomic64_read(&engine->csb_events);
	still = done == q->hang_seqno;
	if (running && still) {
		verdict = HANG_STUCK;
	} else if (still && csb == q->hang_csb) {
		/* Neither a breadcrumb nor a context switch since the last look. */
		if (++q->hang_stalls >= 2)
			verdict = HANG_STALLED;
	} else {
		q->hang_stalls = 0;
	}
	q->hang_seqno = done;
	q->hang_csb = csb;
	spin_unlock_irqrestore(&engine->lock, flags);

	/*
	 * On rcs0 and bcs0 a growing progress counter is progress: of this
	 * queue's command if it runs (for at most compute_timeout_ms), else
	 * of the queue ahead of it, whose own timeout judges it.
	 */
	if (has_progress(engine) && verdict != HANG_WAIT) {
		if (running && still_busy(q, true))
			verdict = HANG_WAIT;
		else if (!running && progress_moved(q))
			verdict = HANG_WAIT;
	} else if (has_progress(engine) && running) {
		still_busy(q, false);
	}
	if (verdict == HANG_WAIT && !running)
		q->busy_since = 0;
	return verdict;
}

static enum drm_gpu_sched_stat gensim_timedout_job(struct drm_sched_job *sched_job)
{
	struct gensim_job *job = to_gensim_job(sched_job);
	struct gensim_queue *q = job->queue;
	struct gensim_engine *engine = q->engine;
	struct gensim_device *gdev = q->gdev;
	struct drm_gpu_scheduler *sched = q->sched;
	enum hang_verdict verdict;
	int idx;

	/*
	 * Back on the pending list first: whatever ends the job below (a
	 * reset, the wedge work, an unplug) signals its hardware fence, and
	 * drm_sched's completion callback must then find it there to free it.
	 * The job may be freed as soon as it is signalled: only @q, which a
	 * queue's own timeout handler outlives, is used after this.
	 */
	if (dma_fence_is_signaled(job->hw_fence)) {
		requeue_job(sched_job);
		/* Its completion may have fired while it was off the list. */
		drm_sched_wqueue_start(sched);
		return DRM_GPU_SCHED_STAT_NOMINAL;
	}
	requeue_job(sched_job);
	/* Unplugged: gensim_device_unplug() ends every job with -ENODEV. */
	if (!drm_dev_enter(&gdev->drm, &idx))
		return DRM_GPU_SCHED_STAT_NOMINAL;
	/*
	 * A posting read: a device that stopped applying the write log (this
	 * job's ELSP write, say) is wedged here, and the wedge work ends every
	 * job with -EIO.
	 */
	if (gensim_channel_flush(gdev->chan))
		goto exit;
	/* Progress an interrupt did not report is progress: no reset. */
	if (catch_up_missed_irq(q))
		goto exit;

	verdict = hang_check(q);
	if (verdict != HANG_WAIT) {
		const char *why = verdict == HANG_STUCK ? "job timeout" : "engine stalled";

		drm_dbg(&gdev->drm, "%s: context %u: %s at seqno %u\n",
			gensim_engine_name(engine->id), q->ctx_id, why, q->hang_seqno);
		gensim_engine_reset(engine, why, -ETIME);
	}
exit:
	drm_dev_exit(idx);
	return DRM_GPU_SCHED_STAT_NOMINAL;
}

/**
 * gensim_job_free - free a job, armed or not
 * @job: the job
 */
void gensim_job_free(struct gensim_job *job)
{
	u32 i;

	drm_sched_job_cleanup(&job->base);
	for (i = 0; i < job->num_signals; i++) {
		if (job->signal_syncobj[i])
			drm_syncobj_put(job->signal_syncobj[i]);
		kfree(job->signal_chain[i]);
	}
	kfree(job->signal_syncobj);
	kfree(job->signal_point);
	kfree(job->signal_chain);
	/* Never initialised if run_job did not run: free it by hand. */
	if (job->hw_fence && !job->hw_fence->ops) {
		atomic_dec(&gensim_objects.hw_fences);
		kfree(job->hw_fence);
	} else if (job->hw_fence) {
		dma_fence_put(job->hw_fence);
	}
	gensim_queue_put(job->queue);
	atomic_dec(&gensim_objects.jobs);
	kfree(job);
}

static void gensim_free_job(struct drm_sched_job *sched_job)
{
	gensim_job_free(to_gensim_job(sched_job));
}

static const struct drm_sched_backend_ops gensim_sched_ops = {
	.run_job = gensim_run_job,
	.timedout_job = gensim_timedout_job,
	.free_job = gensim_free_job,
};

/*
 * Retired schedulers, for reuse.  drm_sched's fences read their
 * scheduler's name for as long as they live, which may be long after the
 * queue is gone: a scheduler's memory therefore stays a stopped scheduler
 * with a static name until the module goes, and the next queue reuses it.
 * The pool never holds more than the most queues alive at once.
 */
struct sched_slot {
	struct drm_gpu_scheduler sched;
	struct list_head link;
};

static LIST_HEAD(sched_pool);
static DEFINE_MUTEX(sched_pool_lock);

static struct drm_gpu_scheduler *sched_get(void)
{
	struct sched_slot *slot;

	mutex_lock(&sched_pool_lock);
	slot = list_first_entry_or_null(&sched_pool, struct sched_slot, link);
	if (slot)
		list_del_init(&slot->link);
	mutex_unlock(&sched_pool_lock);
	if (!slot) {
		slot = kzalloc(sizeof(*slot), GFP_KERNEL);
		if (!slot)
			return NULL;
		INIT_LIST_HEAD(&slot->link);
	}
	/* drm_sched_init() sets every other field; a stopped one had no guilty job. */
	slot->sched.free_guilty = false;
	return &slot->sched;
}

static void sched_put(struct drm_gpu_scheduler *sched)
{
	struct sched_slot *slot = container_of(sched, struct sched_slot, sched);

	mutex_lock(&sched_pool_lock);
	list_add(&slot->link, &sched_pool);
	mutex_unlock(&sched_pool_lock);
}

/**
 * gensim_sched_pool_fini - free the retired schedulers, at module unload
 */
void gensim_sched_pool_fini(void)
{
	struct sched_slot *slot, *tmp;

	list_for_each_entry_safe(slot, tmp, &sched_pool, link)
		kfree(slot);
	INIT_LIST_HEAD(&sched_pool);
}

/**
 * gensim_queue_sched_init - the queue's scheduler and entity
 * @q: the queue
 *
 * Returns: 0 or a negative errno.
 */
int gensim_queue_sched_init(struct gensim_queue *q)
{
	struct drm_sched_init_args args = {
		.ops = &gensim_sched_ops,
		.num_rqs = DRM_SCHED_PRIORITY_COUNT,
		.credit_limit = JOB_CREDITS,
		.timeout = msecs_to_jiffies(gensim_job_timeout_ms),
		/* A static string: fences read it after the queue is gone. */
		.name = gensim_engine_name(q->engine->id),
		.dev = q->gdev->drm.dev,
	};
	int err;

	q->sched = sched_get();
	if (!q->sched)
		return -ENOMEM;
	err = drm_sched_init(q->sched, &args);
	if (err)
		goto put;
	err = drm_sched_entity_init(&q->entity, DRM_SCHED_PRIORITY_NORMAL, &q->sched, 1, NULL);
	if (err)
		goto fini;
	return 0;

fini:
	drm_sched_fini(q->sched);
put:
	sched_put(q->sched);
	q->sched = NULL;
	return err;
}

/**
 * gensim_queue_sched_fini - stop the queue's scheduler; its jobs are gone
 * @q: the queue
 */
void gensim_queue_sched_fini(struct gensim_queue *q)
{
	if (!q->sched)
		return;
	drm_sched_fini(q->sched);
	sched_put(q->sched);
	q->sched = NULL;
}
