// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The gensim authors
 */

/**
 * DOC: EXEC
 *
 * DRM_IOCTL_GENSIM_EXEC turns a batch address into a scheduler job on the
 * queue:
 *
 * 1. every sync without DRM_GENSIM_SYNC_SIGNAL becomes a dependency
 *    (drm_sched_job_add_syncobj_dependency(), binary or timeline point);
 * 2. the VM's reservation and its external buffers are locked with
 *    drm_gpuvm_exec_lock() (a buffer private to the VM shares the VM's
 *    reservation and costs nothing more); for implicit sync the job waits
 *    for the fences of the buffers shared through dma-buf (exported or
 *    imported);
 * 3. the job is armed; its fence goes into the VM's reservation and every
 *    locked buffer's (DMA_RESV_USAGE_READ: the VM and fdinfo see its jobs
 *    in flight, VM teardown waits for them), and into the shared buffers'
 *    as a write, so other devices and files see its writes in order;
 * 4. the job is pushed; every sync with DRM_GENSIM_SYNC_SIGNAL gets its
 *    finished fence (a new point on a timeline syncobj).
 *
 * The ioctl runs inside drm_dev_enter(): -ENODEV once the device process
 * detached or the driver was unbound, -EIO while the device is wedged.
 *
 * Everything that can fail happens before the job is armed.
 *
 * Called from: gensim_drv.c (the ioctl).  Calls: gensim_sched.c through
 * drm_sched.
 */

#include <linux/dma-fence-chain.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#include <drm/drm_drv.h>
#include <drm/drm_exec.h>
#include <drm/drm_file.h>
#include <drm/drm_gpuvm.h>
#include <drm/drm_print.h>
#include <drm/drm_syncobj.h>

#include "gensim_drm.h"
#include "gensim_drv.h"
#include "gensim_trace.h"
#include "gensim_vm.h"

static bool shared(struct drm_gem_object *obj)
{
	return obj->dma_buf || obj->import_attach;
}

static int check_syncs(const struct drm_gensim_sync *syncs, u32 n)
{
	u32 i;

	for (i = 0; i < n; i++)
		if (syncs[i].extensions || syncs[i].reserved[0] || syncs[i].reserved[1] ||
		    syncs[i].flags & ~DRM_GENSIM_SYNC_SIGNAL)
			return -EINVAL;
	return 0;
}

/* Dependencies and the syncobjs to signal, before the job is armed. */
static int add_syncs(struct gensim_job *job, struct drm_file *file,
		     const struct drm_gensim_sync *syncs, u32 n)
{
	u32 i, nsig = 0;
	int err;

	for (i = 0; i < n; i++)
		nsig += !!(syncs[i].flags & DRM_GENSIM_SYNC_SIGNAL);
	job->signal_syncobj = kcalloc(nsig, sizeof(*job->signal_syncobj), GFP_KERNEL);
	job->signal_point = kcalloc(nsig, sizeof(*job->signal_point), GFP_KERNEL);
	job->signal_chain = kcalloc(nsig, sizeof(*job->signal_chain), GFP_KERNEL);
	if (nsig && (!job->signal_syncobj || !job->signal_point || !job->signal_chain))
		return -ENOMEM;

	for (i = 0; i < n; i++) {
		const struct drm_gensim_sync *s = &syncs[i];
		u32 k;

		if (!(s->flags & DRM_GENSIM_SYNC_SIGNAL)) {
			err = drm_sched_job_add_syncobj_dependency(&job->base, file, s->handle,
								   s->timeline_value);
			if (err)
				return err;
			continue;
		}
		k = job->num_signals++;
		job->signal_syncobj[k] = drm_syncobj_find(file, s->handle);
		if (!job->signal_syncobj[k])
			return -ENOENT;
		job->signal_point[k] = s->timeline_value;
		if (s->timeline_value) {
			job->signal_chain[k] = dma_fence_chain_alloc();
			if (!job->signal_chain[k])
				return -ENOMEM;
		}
	}
	return 0;
}

static void signal_syncs(struct gensim_job *job)
{
	struct dma_fence *fence = &job->base.s_fence->finished;
	u32 i;

	for (i = 0; i < job->num_signals; i++) {
		if (job->signal_point[i]) {
			drm_syncobj_add_point(job->signal_syncobj[i], job->signal_chain[i], fence,
					      job->signal_point[i]);
			job->signal_chain[i] = NULL;
		} else {
			drm_syncobj_replace_fence(job->signal_syncobj[i], fence);
		}
	}
}

/* Lock the VM and its external buffers; depend on the shared ones. */
static int implicit_deps(struct gensim_job *job, struct drm_gpuvm_exec *vm_exec)
{
	struct drm_gem_object *obj;
	int err;

	err = drm_gpuvm_exec_lock(vm_exec);
	if (err)
		return err;
	drm_exec_for_each_locked_object(&vm_exec->exec, obj) {
		if (!shared(obj))
			continue;
		err = drm_sched_job_add_implicit_dependencies(&job->base, obj, true);
		if (err) {
			drm_gpuvm_exec_unlock(vm_exec);
			return err;
		}
	}
	return 0;
}

static void publish_fences(struct gensim_job *job, struct drm_gpuvm_exec *vm_exec)
{
	struct dma_fence *fence = &job->base.s_fence->finished;
	struct drm_gem_object *obj;

	drm_gpuvm_resv_add_fence(vm_exec->vm, &vm_exec->exec, fence, DMA_RESV_USAGE_READ,
				 DMA_RESV_USAGE_READ);
	/* Replaces the READ entry of the same fence: shared buffers see a write. */
	drm_exec_for_each_locked_object(&vm_exec->exec, obj)
		if (shared(obj))
			dma_resv_add_fence(obj->resv, fence, DMA_RESV_USAGE_WRITE);
}

static int check_args(struct drm_device *drm, const struct drm_gensim_exec *args)
{
	if (args->extensions || args->reserved[0] || args->reserved[1])
		return -EINVAL;
	if (args->num_syncs > DRM_GENSIM_EXEC_MAX_SYNCS)
		return -EINVAL;
	if (args->batch_address & 3 || args->batch_address < GENSIM_VA_START ||
	    args->batch_address >= GENSIM_VA_END) {
		drm_dbg(drm, "EXEC: bad batch address %#llx\n", args->batch_address);
		return -EINVAL;
	}
	return 0;
}

static int exec_locked(struct drm_device *drm, struct drm_gensim_exec *args,
		       struct drm_file *file, struct drm_gensim_sync *syncs,
		       struct drm_gpuvm_exec *vm_exec);

int gensim_ioctl_exec(struct drm_device *drm, void *data, struct drm_file *file)
{
	struct drm_gensim_exec *args = data;
	struct drm_gpuvm_exec vm_exec = {
		.flags = DRM_EXEC_INTERRUPTIBLE_WAIT,
		.num_fences = 2,
	};
	struct drm_gensim_sync *syncs;
	int err, idx;

	err = check_args(drm, args);
	if (err)
		return err;
	/*
	 * User memory before drm_dev_enter(): a fault in a section that
	 * unplug waits for would make unplug wait for mmap_lock, which the
	 * device process's UIO mmap holds around UIO's lock, which the
	 * unplug (from UIO release) holds.
	 */
	syncs = kvmalloc_array(args->num_syncs, sizeof(*syncs), GFP_KERNEL);
	if (!syncs && args->num_syncs)
		return -ENOMEM;
	if (copy_from_user(syncs, u64_to_user_ptr(args->syncs),
			   args->num_syncs * sizeof(*syncs))) {
		kvfree(syncs);
		return -EFAULT;
	}
	err = check_syncs(syncs, args->num_syncs);
	if (!err && !drm_dev_enter(drm, &idx))
		err = -ENODEV;
	if (!err) {
		err = exec_locked(drm, args, file, syncs, &vm_exec);
		drm_dev_exit(idx);
	}
	kvfree(syncs);
	return err;
}

static int exec_locked(struct drm_device *drm, struct drm_gensim_exec *args,
		       struct drm_file *file, struct drm_gensim_sync *syncs,
		       struct drm_gpuvm_exec *vm_exec)
{
	struct gensim_queue *q;
	struct gensim_job *job;
	int err;

	if (gensim_channel_wedged(to_gensim(drm)->chan))
		return -EIO;
	q = gensim_queue_lookup(file, args->queue_id);
	if (!q)
		return -ENOENT;
	if (READ_ONCE(q->banned)) {
		gensim_queue_put(q);
		return -EIO;
	}

	job = kzalloc(sizeof(*job), GFP_KERNEL);
	if (!job) {
		err = -ENOMEM;
		goto put_queue;
	}
	atomic_inc(&gensim_objects.jobs);
	job->queue = q;
	job->batch = args->batch_address;
	INIT_LIST_HEAD(&job->link);
	job->hw_fence = gensim_hw_fence_alloc();
	if (!job->hw_fence) {
		atomic_dec(&gensim_objects.jobs);
		kfree(job);
		err = -ENOMEM;
		goto put_queue;
	}
	err = drm_sched_job_init(&job->base, &q->entity, 1, q, file->client_id);
	if (err) {
		atomic_dec(&gensim_objects.hw_fences);
		kfree(job->hw_fence);
		atomic_dec(&gensim_objects.jobs);
		kfree(job);
		goto put_queue;
	}
	/* From here the job owns the queue reference; free_job drops it. */

	err = add_syncs(job, file, syncs, args->num_syncs);
	if (err)
		goto put_job;
	vm_exec->vm = &job->queue->vm->base;
	err = implicit_deps(job, vm_exec);
	if (err)
		goto put_job;

	drm_sched_job_arm(&job->base);
	trace_gensim_exec(to_gensim(drm), job->queue->engine->id, job->queue->ctx_id,
			  job->base.s_fence->finished.context, job->base.s_fence->finished.seqno,
			  job->batch, args->num_syncs);
	publish_fences(job, vm_exec);
	signal_syncs(job);
	drm_sched_entity_push_job(&job->base);
	drm_gpuvm_exec_unlock(vm_exec);
	return 0;

put_job:
	/* Not armed: the scheduler never saw it. */
	gensim_job_free(job);
	return err;
put_queue:
	gensim_queue_put(q);
	return err;
}
