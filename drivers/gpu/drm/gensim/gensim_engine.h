/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Engines, queues (logical ring contexts) and jobs: the execution side of
 * the driver.  See the DOC blocks of gensim_engine.c, gensim_lrc.c,
 * gensim_execlists.c, gensim_sched.c, gensim_submit.c and gensim_reset.c.
 */
#ifndef _GENSIM_ENGINE_H_
#define _GENSIM_ENGINE_H_

#include <linux/dma-fence.h>
#include <linux/kref.h>
#include <linux/ktime.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/spinlock.h>
#include <linux/workqueue.h>

#include <drm/drm_mm.h>
#include <drm/gpu_scheduler.h>

struct drm_file;
struct drm_syncobj;
struct dma_fence_chain;
struct gensim_bo;
struct gensim_device;
struct gensim_vm;
struct seq_file;

#define GENSIM_NUM_PRIORITIES	3
#define GENSIM_RING_SIZE	SZ_16K
/*
 * A context image: the per-process status page and the register state; a
 * render context's also holds its GPGPU state, LRC_RENDER_PAGES pages in
 * all (gensim hw-spec "The render context's GPGPU state").
 */
#define GENSIM_LRC_SIZE		(2 * SZ_4K)
#define GENSIM_LRC_RENDER_SIZE	(LRC_RENDER_PAGES * SZ_4K)

/**
 * struct gensim_client_stats - per-file engine time, for fdinfo
 */
struct gensim_client_stats {
	/** @ref: the file and each of its jobs in flight */
	struct kref ref;
	/** @lock: Protects @busy_ns and @last_end; taken in hard irq */
	spinlock_t lock;
	/** @busy_ns: time the file's jobs kept each engine busy */
	u64 busy_ns[4];
	/** @last_end: when the file's last job on each engine ended */
	ktime_t last_end[4];
};

/**
 * struct gensim_engine - the driver's side of one engine
 */
struct gensim_engine {
	/** @gdev: the device */
	struct gensim_device *gdev;
	/** @id: which engine */
	int id;
	/** @mmio_base: the base of its registers */
	u32 mmio_base;
	/** @hwsp: the hardware status page (CSB, write pointer) */
	struct gensim_bo *hwsp;
	/** @hwsp_node: its place in the GGTT */
	struct drm_mm_node hwsp_node;
	/** @hwsp_vaddr: its kernel address; the page stays pinned */
	u32 *hwsp_vaddr;

	/**
	 * @lock: Protects @inflight, @pending, @pending_valid, @csb_head,
	 * @resetting, @lost_error, @violation_noted, @error_queue, @ready,
	 * @active and every queue's engine-side fields (see &struct
	 * gensim_queue).  Taken in hard irq.
	 */
	spinlock_t lock;
	/** @inflight: the execlist the hardware runs, elements 0 and 1 */
	struct gensim_queue *inflight[2];
	/** @pending: the execlist submitted and not yet promoted */
	struct gensim_queue *pending[2];
	/** @pending_valid: @pending holds a submission */
	bool pending_valid;
	/** @csb_head: index of the last context status entry consumed */
	u8 csb_head;
	/** @resetting: no submission while the engine is being reset */
	bool resetting;
	/**
	 * @lost_error: 0, or why the engine takes no more work: -ENODEV (the
	 * device process detached) or -EIO (the device is wedged); every job
	 * run from then on fails with it at once
	 */
	int lost_error;
	/** @ready: queues with work not on the hardware, per priority */
	struct list_head ready[GENSIM_NUM_PRIORITIES];
	/** @active: queues with jobs in flight, for the user interrupt */
	struct list_head active;
	/**
	 * @violation_noted: a privilege violation was counted on the running
	 * queue and EIR not yet cleared (the master error stays raised)
	 */
	bool violation_noted;
	/**
	 * @error_queue: the queue the engine ran when an error stopped it,
	 * with a reference, for the reset work to ban
	 */
	struct gensim_queue *error_queue;

	/** @reset_work: an error interrupt asks for a reset */
	struct work_struct reset_work;
	/** @reset_lock: serialises resets of this engine */
	struct mutex reset_lock;
	/** @resets: engine resets since probe */
	atomic_t resets;
	/** @csb_events: context status entries processed, for debugfs */
	atomic64_t csb_events;
};

/**
 * struct gensim_queue - a logical ring context: one ring, one context image
 *
 * Fields under "engine->lock" are read and written only with the engine's
 * lock held; the ring fields only by the queue's scheduler (run_job runs
 * one job at a time per scheduler).
 */
struct gensim_queue {
	/** @ref: the file's handle, each job, the teardown work */
	struct kref ref;
	/** @gdev: the device */
	struct gensim_device *gdev;
	/** @engine: the engine it runs on */
	struct gensim_engine *engine;
	/** @vm: the VM its batches run in (a drm_gpuvm reference) */
	struct gensim_vm *vm;
	/** @stats: the owning file's time accounting */
	struct gensim_client_stats *stats;
	/** @priority: DRM_GENSIM_QUEUE_PRIORITY_* */
	int priority;
	/** @ctx_id: the upper dword of the context descriptor */
	u32 ctx_id;
	/** @desc: the context descriptor */
	u64 desc;

	/** @lrc: the context image: per-process status page, register state */
	struct gensim_bo *lrc;
	/** @lrc_node: its place in the GGTT (the LRCA) */
	struct drm_mm_node lrc_node;
	/** @lrc_state: the register-state page */
	u32 *lrc_state;
	/** @pphwsp: the per-process status page; the seqno lives here */
	u32 *pphwsp;
	/** @ring: the ring buffer */
	struct gensim_bo *ring;
	/** @ring_node: its place in the GGTT */
	struct drm_mm_node ring_node;
	/** @ring_vaddr: its kernel mapping */
	u32 *ring_vaddr;

	/**
	 * @tail: where the next command goes; written by run_job() only, once
	 * per job (smp_store_release), read by the dequeue under engine->lock
	 */
	u32 tail;
	/** @seqno: the last seqno emitted (scheduler only) */
	u32 seqno;
	/** @fence_context: the dma-fence context of the hardware fences */
	u64 fence_context;

	/* engine->lock */
	/** @submitted_tail: the tail the hardware was last given */
	u32 submitted_tail;
	/** @in_hw: in @engine's inflight or pending execlist */
	bool in_hw;
	/** @ready_link: on one of the engine's ready lists */
	struct list_head ready_link;
	/** @active_link: on the engine's active list */
	struct list_head active_link;
	/** @jobs: jobs run and not yet signalled, oldest first */
	struct list_head jobs;
	/** @banned: caused a reset; runs nothing more */
	bool banned;
	/** @ban_error: the fence error of the job that got the queue banned */
	int ban_error;
	/** @hang_seqno: the completed seqno at the last timeout check */
	u32 hang_seqno;
	/** @hang_csb: the engine's csb_events at the last timeout check */
	u64 hang_csb;
	/** @hang_stalls: timeout checks in a row that saw the engine still */
	u32 hang_stalls;
	/**
	 * @hang_progress: the engine's progress counter at the last timeout
	 * check (rcs0: GENSIM_EU_RETIRED, bcs0: GENSIM_BLT_ROWS)
	 */
	u64 hang_progress;
	/**
	 * @busy_since: jiffies of the first timeout check that found the
	 * progress counter moving and the breadcrumb still; 0 when it is not
	 */
	unsigned long busy_since;

	/** @guilty_resets: engine resets this queue caused */
	atomic_t guilty_resets;
	/** @innocent_resets: engine resets that interrupted this queue */
	atomic_t innocent_resets;
	/** @dropped_commands: privileged commands its batches issued, dropped */
	atomic_t dropped_commands;

	/**
	 * @sched: the queue's scheduler (one entity).  Not part of the queue's
	 * memory: the scheduler's fences point at it and may outlive the
	 * queue, so gensim_sched.c recycles schedulers instead of freeing them
	 */
	struct drm_gpu_scheduler *sched;
	/** @entity: its only entity */
	struct drm_sched_entity entity;
	/** @fini_work: waits for the last job, then frees the queue */
	struct work_struct fini_work;
};

/**
 * struct gensim_job - one batch to run
 */
struct gensim_job {
	/** @base: the scheduler's job */
	struct drm_sched_job base;
	/** @queue: where it runs (a reference) */
	struct gensim_queue *queue;
	/** @batch: GPU virtual address of the batch */
	u64 batch;
	/** @hw_fence: signalled when the breadcrumb lands (engine->lock for @link) */
	struct dma_fence *hw_fence;
	/** @seqno: the breadcrumb value */
	u32 seqno;
	/** @link: on the queue's @jobs */
	struct list_head link;
	/** @start: when run_job handed it to the ring */
	ktime_t start;
	/** @num_signals: syncobjs to signal when done */
	u32 num_signals;
	/** @signal_syncobj: those syncobjs */
	struct drm_syncobj **signal_syncobj;
	/** @signal_point: their timeline points, 0 for binary */
	u64 *signal_point;
	/** @signal_chain: preallocated chain nodes for timeline points */
	struct dma_fence_chain **signal_chain;
};

/**
 * gensim_seqno_passed - has a breadcrumb reached a job's seqno?
 * @done: the completed seqno, as the device wrote it
 * @seqno: the job's seqno
 *
 * Seqnos wrap: compare the difference.
 *
 * Returns: true if @done is @seqno or later.
 */
static inline bool gensim_seqno_passed(u32 done, u32 seqno)
{
	return (s32)(done - seqno) >= 0;
}

static inline struct gensim_job *to_gensim_job(struct drm_sched_job *job)
{
	return container_of(job, struct gensim_job, base);
}

/* gensim_engine.c */
int gensim_engines_init(struct gensim_device *gdev);
void gensim_engines_fini(struct gensim_device *gdev);
void gensim_engine_hw_init(struct gensim_engine *engine);
void gensim_engines_lost(struct gensim_device *gdev, int error);
void gensim_engine_irq(struct gensim_engine *engine, u32 iir);
void gensim_engine_violation_handled(struct gensim_engine *engine);
struct gensim_queue *gensim_engine_take_error_queue(struct gensim_engine *engine);
void gensim_engines_show(struct gensim_device *gdev, struct seq_file *m);

/* gensim_lrc.c */
int gensim_lrc_init(struct gensim_queue *q);
void gensim_lrc_fini(struct gensim_queue *q);
void gensim_lrc_set_tail(struct gensim_queue *q, u32 tail);
u32 gensim_lrc_completed_seqno(struct gensim_queue *q);
u32 gensim_lrc_seqno_ggtt(struct gensim_queue *q);

/* gensim_execlists.c */
void gensim_execlists_submit_locked(struct gensim_engine *engine, struct gensim_queue *q);
unsigned int gensim_execlists_process_csb(struct gensim_engine *engine);
void gensim_execlists_dequeue_locked(struct gensim_engine *engine);
void gensim_execlists_reset_locked(struct gensim_engine *engine);
const char *gensim_csb_check(u32 status, bool pending, bool inflight);

/* gensim_sched.c */
extern unsigned int gensim_job_timeout_ms;
unsigned int gensim_job_bound_ms(void);
int gensim_queue_sched_init(struct gensim_queue *q);
void gensim_queue_sched_fini(struct gensim_queue *q);
void gensim_sched_pool_fini(void);
unsigned int gensim_engine_signal_locked(struct gensim_engine *engine, int error);
void gensim_queue_fail_jobs_locked(struct gensim_queue *q, int error, int rest_error);
struct dma_fence *gensim_hw_fence_alloc(void);
void gensim_job_free(struct gensim_job *job);

/* gensim_queue.c */
struct gensim_queue *gensim_queue_tryget(struct gensim_queue *q);
void gensim_queue_put(struct gensim_queue *q);
void gensim_queue_put_maybe(struct gensim_queue *q);
struct gensim_queue *gensim_queue_lookup(struct drm_file *file, u32 id);
void gensim_queues_file_fini(struct drm_file *file);
int gensim_ioctl_queue_create(struct drm_device *drm, void *data, struct drm_file *file);
int gensim_ioctl_queue_destroy(struct drm_device *drm, void *data, struct drm_file *file);
int gensim_ioctl_queue_get_state(struct drm_device *drm, void *data, struct drm_file *file);
void gensim_client_stats_put(struct gensim_client_stats *stats);

/* gensim_submit.c */
int gensim_ioctl_exec(struct drm_device *drm, void *data, struct drm_file *file);

/* gensim_reset.c */
void gensim_engine_reset_work(struct work_struct *work);
void gensim_engine_reset(struct gensim_engine *engine, const char *reason, int error);
void gensim_engine_reset_blame(struct gensim_engine *engine, const char *reason, int error,
			       struct gensim_queue *blame);

#endif /* _GENSIM_ENGINE_H_ */
