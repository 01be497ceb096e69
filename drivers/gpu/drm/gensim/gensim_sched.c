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
 * A job that takes longer than job_timeout_ms lands in timedout_job(): if
 * its queue is the one the engine runs and its breadcrumb has not moved
 * since the last look, the engine is reset (gensim_reset.c); otherwise the
 * timer starts again.  A GPGPU walker keeps the ring still while its
 * kernel runs, so on rcs0 a still breadcrumb with a growing
 * GENSIM_EU_RETIRED count (hw-spec-compute "Progress") is progress too,
 * for at most compute_timeout_ms: a long kernel finishes, an endless one
 * is still reset.
 *
 * Called from: gensim_submit.c (jobs), gensim_queue.c (scheduler setup),
 * gensim_engine.c (the user interrupt).
 */

#include <linux/sched.h>
#include <linux/slab.h>

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
		 "How long rcs0's EU array retiring instructions counts as progress of a job whose breadcrumb stands still (default 20000)");

/* Ring space of one job, in dwords: the most run_job() emits, even. */
#define JOB_DWORDS	16
#define JOB_CREDITS	((GENSIM_RING_SIZE / 4) / JOB_DWORDS - 1)

static const char *gensim_fence_driver_name(struct dma_fence *fence)
{
	return "gensim";
}

static const char *gensim_fence_timeline_name(struct dma_fence *fence)
{
	return "queue";
}

static const struct dma_fence_ops gensim_fence_ops = {
	.get_driver_name = gensim_fence_driver_name,
	.get_timeline_name = gensim_fence_timeline_name,
};

/**
 * gensim_hw_fence_alloc - a hardware fence, allocated before run_job
 *
 * Returns: an uninitialised fence, or NULL.
 */
struct dma_fence *gensim_hw_fence_alloc(void)
{
	return kzalloc(sizeof(struct dma_fence), GFP_KERNEL);
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

	if (gensim_channel_dead(q->gdev->chan))
		return ERR_PTR(-ENODEV);
	if (READ_ONCE(q->banned))
		return ERR_PTR(-EIO);
	/* A dependency failed: do not run on top of it. */
	if (sched_job->s_fence->finished.error)
		return ERR_PTR(sched_job->s_fence->finished.error);

	job->seqno = ++q->seqno;
	dma_fence_init(fence, &gensim_fence_ops, &q->fence_lock, q->fence_context, job->seqno);
	emit_job(q, job);
	job->start = ktime_get();

	spin_lock_irqsave(&engine->lock, flags);
	list_add_tail(&job->link, &q->jobs);
	if (list_empty(&q->active_link))
		list_add_tail(&q->active_link, &engine->active);
	spin_unlock_irqrestore(&engine->lock, flags);

	trace_gensim_job_run(q->gdev, engine->id, q->ctx_id, job->seqno, job->batch);
	gensim_execlists_submit(engine, q);
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
	trace_gensim_job_done(q->gdev, q->engine->id, q->ctx_id, job->seqno, error);
	dma_fence_signal(job->hw_fence);
}

/**
 * gensim_queue_fail_jobs_locked - end every job the queue has in flight
 * @q: the queue
 * @error: what their fences carry
 *
 * Context: engine->lock held.
 */
void gensim_queue_fail_jobs_locked(struct gensim_queue *q, int error)
{
	ktime_t now = ktime_get();
	struct gensim_job *job, *tmp;

	list_for_each_entry_safe(job, tmp, &q->jobs, link)
		complete_job_locked(q, job, error, now);
	list_del_init(&q->active_link);
}

/**
 * gensim_engine_signal_locked - signal what the breadcrumbs say is done
 * @engine: the engine
 * @error: 0 normally; an error to fail every job in flight instead
 *
 * Context: engine->lock held, any context (the user interrupt).
 */
void gensim_engine_signal_locked(struct gensim_engine *engine, int error)
{
	struct gensim_queue *q, *qtmp;
	ktime_t now = ktime_get();

	list_for_each_entry_safe(q, qtmp, &engine->active, active_link) {
		u32 done = gensim_lrc_completed_seqno(q);
		struct gensim_job *job, *tmp;

		if (error) {
			gensim_queue_fail_jobs_locked(q, error);
			continue;
		}
		list_for_each_entry_safe(job, tmp, &q->jobs, link) {
			/* Seqnos wrap: compare the difference. */
			if ((s32)(done - job->seqno) < 0)
				break;
			complete_job_locked(q, job, 0, now);
		}
		if (list_empty(&q->jobs))
			list_del_init(&q->active_link);
	}
}

/* GENSIM_EU_RETIRED, 64 bits read high, low, high (hw-spec-compute "Progress"). */
static u64 eu_retired(struct gensim_device *gdev)
{
	u32 hi, lo;

	do {
		hi = gensim_read(gdev, GENSIM_EU_RETIRED_HI);
		lo = gensim_read(gdev, GENSIM_EU_RETIRED_LO);
	} while (hi != gensim_read(gdev, GENSIM_EU_RETIRED_HI) && !gensim_channel_dead(gdev->chan));
	return (u64)hi << 32 | lo;
}

/*
 * A running rcs0 queue at a timeout check: is its walker still retiring EU
 * instructions, and for less than compute_timeout_ms of still breadcrumbs?
 * Only the running queue dispatches to the EU array, so the count is its
 * own.  @still: the breadcrumb has not moved since the last check.  Called
 * from the queue's timedout_job only, which the scheduler serialises: the
 * hang_eu and eu_busy_since fields need no lock.
 */
static bool eu_still_busy(struct gensim_queue *q, bool still)
{
	u64 eu = eu_retired(q->gdev);
	bool moved = eu != q->hang_eu;

	q->hang_eu = eu;
	if (!still || !moved) {
		q->eu_busy_since = 0;
		return false;
	}
	if (!q->eu_busy_since)
		q->eu_busy_since = jiffies | 1;	/* never 0 */
	return time_before(jiffies, q->eu_busy_since +
			   msecs_to_jiffies(gensim_compute_timeout_ms));
}

static enum drm_gpu_sched_stat gensim_timedout_job(struct drm_sched_job *sched_job)
{
	struct gensim_job *job = to_gensim_job(sched_job);
	struct gensim_queue *q = job->queue;
	struct gensim_engine *engine = q->engine;
	unsigned long flags;
	bool running, stuck;
	u32 done;

	if (gensim_channel_dead(q->gdev->chan))
		return DRM_GPU_SCHED_STAT_ENODEV;
	if (dma_fence_is_signaled(job->hw_fence))
		return DRM_GPU_SCHED_STAT_NOMINAL;

	spin_lock_irqsave(&engine->lock, flags);
	running = engine->inflight[0] == q;
	done = gensim_lrc_completed_seqno(q);
	/* No breadcrumb since the last timeout while running: it hangs. */
	stuck = running && done == q->hang_seqno;
	q->hang_seqno = done;
	spin_unlock_irqrestore(&engine->lock, flags);

	if (running && engine->id == GENSIM_RCS && eu_still_busy(q, stuck))
		stuck = false;
	if (stuck) {
		drm_dbg(&q->gdev->drm, "%s: queue context %u stuck at seqno %u (job %u)\n",
			gensim_engine_name(engine->id), q->ctx_id, done, job->seqno);
		gensim_engine_reset(engine, "job timeout");
	}
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
	if (job->hw_fence && !job->hw_fence->ops)
		kfree(job->hw_fence);
	else if (job->hw_fence)
		dma_fence_put(job->hw_fence);
	gensim_queue_put(job->queue);
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
		.name = gensim_engine_name(q->engine->id),
		.dev = q->gdev->drm.dev,
	};
	struct drm_gpu_scheduler *sched = &q->sched;
	int err;

	err = drm_sched_init(&q->sched, &args);
	if (err)
		return err;
	err = drm_sched_entity_init(&q->entity, DRM_SCHED_PRIORITY_NORMAL, &sched, 1, NULL);
	if (err)
		drm_sched_fini(&q->sched);
	return err;
}
