// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The gensim authors
 */

/**
 * DOC: Queues
 *
 * A queue is what userspace submits to: one logical ring context (ring and
 * context image, gensim_lrc.c) on one engine, in one VM, with its own
 * scheduler (gensim_sched.c).  It is referenced by the file's handle and by
 * each of its jobs.
 *
 * Destroying the handle (QUEUE_DESTROY, or closing the file) lets the jobs
 * already pushed reach the scheduler for up to a second, then kills the
 * rest.  When the last job is gone the queue's teardown runs from a work
 * item, never from the scheduler's own free_job: it waits (bounded) for the
 * engine to let go of the context, stops the scheduler, and frees the ring
 * and the image.
 *
 * Called from: gensim_drv.c (ioctls, postclose), gensim_submit.c (lookup),
 * gensim_sched.c (job references).
 */

#include <linux/capability.h>
#include <linux/delay.h>
#include <linux/slab.h>

#include <drm/drm_drv.h>
#include <drm/drm_file.h>
#include <drm/drm_gpuvm.h>
#include <drm/drm_print.h>

#include "gensim_drm.h"
#include "gensim_drv.h"
#include "gensim_vm.h"

static const struct {
	u16 class;
	u16 instance;
} engine_class[GENSIM_NUM_ENGINES] = {
	[GENSIM_RCS] = { DRM_GENSIM_ENGINE_CLASS_RENDER, 0 },
	[GENSIM_BCS] = { DRM_GENSIM_ENGINE_CLASS_COPY, 0 },
	[GENSIM_VCS] = { DRM_GENSIM_ENGINE_CLASS_VIDEO, 0 },
	[GENSIM_VECS] = { DRM_GENSIM_ENGINE_CLASS_VIDEO_ENHANCE, 0 },
};

static void client_stats_release(struct kref *ref)
{
	kfree(container_of(ref, struct gensim_client_stats, ref));
}

/**
 * gensim_client_stats_put - drop a reference on a file's engine time
 * @stats: the stats
 */
void gensim_client_stats_put(struct gensim_client_stats *stats)
{
	kref_put(&stats->ref, client_stats_release);
}

/*
 * Take the queue off everything of the engine's that points at it.  Its
 * execlist slots too: on a wedged or dead engine no context switch will
 * ever retire it, and the engine must not keep a pointer to a freed queue.
 */
static void take_off_lists(struct gensim_queue *q)
{
	struct gensim_engine *engine = q->engine;
	unsigned long flags;
	int i;

	spin_lock_irqsave(&engine->lock, flags);
	list_del_init(&q->ready_link);
	list_del_init(&q->active_link);
	for (i = 0; i < 2; i++) {
		if (engine->inflight[i] == q)
			engine->inflight[i] = NULL;
		if (engine->pending[i] == q)
			engine->pending[i] = NULL;
	}
	q->in_hw = false;
	spin_unlock_irqrestore(&engine->lock, flags);
}

/* Wait, bounded, until the engine no longer holds the context. */
static void wait_off_hw(struct gensim_queue *q)
{
	struct gensim_engine *engine = q->engine;
	unsigned long timeout = jiffies + msecs_to_jiffies(gensim_device_timeout_ms);
	unsigned long flags;
	bool in_hw;

	for (;;) {
		spin_lock_irqsave(&engine->lock, flags);
		in_hw = q->in_hw;
		if (!in_hw) {
			list_del_init(&q->ready_link);
			list_del_init(&q->active_link);
		}
		spin_unlock_irqrestore(&engine->lock, flags);
		if (!in_hw)
			return;
		if (time_after(jiffies, timeout))
			break;
		usleep_range(500, 1000);
	}
	/* The engine keeps an idle context: take it back by force. */
	drm_dbg(&q->gdev->drm, "%s: context %u still on the engine after its last job\n",
		gensim_engine_name(engine->id), q->ctx_id);
	gensim_engine_reset(engine, "context teardown", -ECANCELED);
	take_off_lists(q);
}

static void queue_fini_work(struct work_struct *work)
{
	struct gensim_queue *q = container_of(work, struct gensim_queue, fini_work);
	struct gensim_device *gdev = q->gdev;
	int idx;

	/* An unplugged device holds nothing: the engines were emptied. */
	if (drm_dev_enter(&gdev->drm, &idx)) {
		wait_off_hw(q);
		drm_dev_exit(idx);
	} else {
		take_off_lists(q);
	}
	gensim_queue_sched_fini(q);
	gensim_lrc_fini(q);
	ida_free(&gdev->ctx_ids, q->ctx_id);
	atomic_dec(&gensim_objects.contexts);
	drm_gpuvm_put(&q->vm->base);
	gensim_client_stats_put(q->stats);
	kfree(q);
	atomic_dec(&gensim_objects.queues);
	drm_dev_put(&gdev->drm);
}

static void queue_release(struct kref *ref)
{
	struct gensim_queue *q = container_of(ref, struct gensim_queue, ref);

	/* Possibly from the scheduler's free_job: tear down elsewhere. */
	queue_work(gensim_wq, &q->fini_work);
}

/**
 * gensim_queue_tryget - a reference on a queue the engine holds
 * @q: the queue, or NULL
 *
 * The engine's lists point at queues that may be in teardown (no
 * reference left, waiting in wait_off_hw() for the engine to let go).
 *
 * Context: engine->lock held, so the queue's memory is still there.
 * Returns: @q with a reference, or NULL if @q is NULL or being torn down.
 */
struct gensim_queue *gensim_queue_tryget(struct gensim_queue *q)
{
	return q && kref_get_unless_zero(&q->ref) ? q : NULL;
}

/**
 * gensim_queue_put - drop a reference on a queue
 * @q: the queue
 */
void gensim_queue_put(struct gensim_queue *q)
{
	kref_put(&q->ref, queue_release);
}

/**
 * gensim_queue_put_maybe - drop a reference on a queue, if there is one
 * @q: the queue, or NULL
 */
void gensim_queue_put_maybe(struct gensim_queue *q)
{
	if (q)
		gensim_queue_put(q);
}

/**
 * gensim_queue_lookup - a queue of a file, by id
 * @file: the file
 * @id: the queue id
 *
 * Returns: the queue with a reference, or NULL.
 */
struct gensim_queue *gensim_queue_lookup(struct drm_file *file, u32 id)
{
	struct gensim_file *gfile = file->driver_priv;
	struct gensim_queue *q;

	xa_lock(&gfile->queues);
	q = xa_load(&gfile->queues, id);
	if (q)
		kref_get(&q->ref);
	xa_unlock(&gfile->queues);
	return q;
}

static struct gensim_queue *queue_create(struct gensim_device *gdev, struct gensim_file *gfile,
					 struct gensim_engine *engine, struct gensim_vm *vm,
					 int priority)
{
	struct gensim_queue *q;
	int err;

	q = kzalloc(sizeof(*q), GFP_KERNEL);
	if (!q)
		return ERR_PTR(-ENOMEM);
	err = ida_alloc_range(&gdev->ctx_ids, 1, GENMASK(20, 0), GFP_KERNEL);
	if (err < 0) {
		kfree(q);
		return ERR_PTR(err);
	}
	q->ctx_id = err;
	atomic_inc(&gensim_objects.contexts);
	atomic_inc(&gensim_objects.queues);
	kref_init(&q->ref);
	q->gdev = gdev;
	q->engine = engine;
	q->vm = vm;
	q->priority = priority;
	q->stats = gfile->stats;
	kref_get(&q->stats->ref);
	drm_dev_get(&gdev->drm);
	q->fence_context = dma_fence_context_alloc(1);
	INIT_LIST_HEAD(&q->ready_link);
	INIT_LIST_HEAD(&q->active_link);
	INIT_LIST_HEAD(&q->jobs);
	INIT_WORK(&q->fini_work, queue_fini_work);

	err = gensim_lrc_init(q);
	if (!err)
		err = gensim_queue_sched_init(q);
	if (err) {
		gensim_lrc_fini(q);
		ida_free(&gdev->ctx_ids, q->ctx_id);
		atomic_dec(&gensim_objects.contexts);
		atomic_dec(&gensim_objects.queues);
		gensim_client_stats_put(q->stats);
		drm_dev_put(&gdev->drm);
		kfree(q);
		return ERR_PTR(err);
	}
	/* The VM reference the caller took now belongs to the queue. */
	return q;
}

static struct gensim_engine *find_engine(struct gensim_device *gdev, u16 class, u16 instance)
{
	int id;

	for (id = 0; id < GENSIM_NUM_ENGINES; id++)
		if ((gdev->info.engine_mask & BIT(id)) && engine_class[id].class == class &&
		    engine_class[id].instance == instance)
			return &gdev->engine[id];
	return NULL;
}

int gensim_ioctl_queue_create(struct drm_device *drm, void *data, struct drm_file *file)
{
	struct gensim_device *gdev = to_gensim(drm);
	struct gensim_file *gfile = file->driver_priv;
	struct drm_gensim_queue_create *args = data;
	struct gensim_engine *engine;
	struct gensim_queue *q;
	struct gensim_vm *vm;
	int err, idx;

	if (args->extensions || args->reserved[0] || args->reserved[1] || args->queue_id)
		return -EINVAL;
	if (args->priority > DRM_GENSIM_QUEUE_PRIORITY_HIGH)
		return -EINVAL;
	if (args->priority == DRM_GENSIM_QUEUE_PRIORITY_HIGH && !capable(CAP_SYS_NICE))
		return -EPERM;
	engine = find_engine(gdev, args->engine_class, args->engine_instance);
	if (!engine) {
		drm_dbg(drm, "QUEUE_CREATE: no engine %u:%u\n", args->engine_class,
			args->engine_instance);
		return -EINVAL;
	}
	vm = gensim_vm_lookup(gfile, args->vm_id);
	if (!vm)
		return -ENOENT;
	if (!drm_dev_enter(drm, &idx)) {
		drm_gpuvm_put(&vm->base);
		return -ENODEV;
	}
	/* The context image and ring go into the GGTT: hardware access. */
	q = queue_create(gdev, gfile, engine, vm, args->priority);
	drm_dev_exit(idx);
	if (IS_ERR(q)) {
		drm_gpuvm_put(&vm->base);
		return PTR_ERR(q);
	}
	err = xa_alloc(&gfile->queues, &args->queue_id, q, xa_limit_32b, GFP_KERNEL);
	if (err) {
		args->queue_id = 0;
		drm_sched_entity_destroy(&q->entity);
		gensim_queue_put(q);
	}
	return err;
}

/* The handle goes: no new jobs; what was pushed may still run. */
static void queue_kill(struct gensim_queue *q)
{
	drm_sched_entity_destroy(&q->entity);
	gensim_queue_put(q);
}

int gensim_ioctl_queue_destroy(struct drm_device *drm, void *data, struct drm_file *file)
{
	struct gensim_file *gfile = file->driver_priv;
	struct drm_gensim_queue_destroy *args = data;
	struct gensim_queue *q;

	if (args->extensions || args->pad || args->reserved[0] || args->reserved[1])
		return -EINVAL;
	q = xa_erase(&gfile->queues, args->queue_id);
	if (!q)
		return -ENOENT;
	queue_kill(q);
	return 0;
}

int gensim_ioctl_queue_get_state(struct drm_device *drm, void *data, struct drm_file *file)
{
	struct drm_gensim_queue_get_state *args = data;
	struct gensim_queue *q;

	if (args->extensions || args->reserved)
		return -EINVAL;
	q = gensim_queue_lookup(file, args->queue_id);
	if (!q)
		return -ENOENT;
	args->flags = 0;
	if (READ_ONCE(q->banned))
		args->flags |= DRM_GENSIM_QUEUE_STATE_BANNED;
	if (gensim_channel_wedged(q->gdev->chan))
		args->flags |= DRM_GENSIM_QUEUE_STATE_WEDGED;
	args->guilty_resets = atomic_read(&q->guilty_resets);
	args->innocent_resets = atomic_read(&q->innocent_resets);
	args->dropped_commands = atomic_read(&q->dropped_commands);
	args->ban_error = READ_ONCE(q->ban_error);
	gensim_queue_put(q);
	return 0;
}

/**
 * gensim_queues_file_fini - kill every queue a closing file still has
 * @file: the file
 */
void gensim_queues_file_fini(struct drm_file *file)
{
	struct gensim_file *gfile = file->driver_priv;
	struct gensim_queue *q;
	unsigned long id;

	xa_for_each(&gfile->queues, id, q) {
		xa_erase(&gfile->queues, id);
		queue_kill(q);
	}
	xa_destroy(&gfile->queues);
}
