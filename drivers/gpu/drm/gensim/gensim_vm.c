// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The gensim authors
 */

/**
 * DOC: GPU virtual address spaces and VM_BIND
 *
 * A VM is a drm_gpuvm (the tree of mappings, which splits and merges
 * ranges for us) over a &struct gensim_ppgtt (the page tables the device
 * walks).  VM_BIND is synchronous: for each operation the driver
 *
 * 1. makes the buffer reachable by the device: the buffer's first mapping in
 *    this VM creates its drm_gpuvm_bo, which holds a reference on the
 *    buffer's DMA window mapping until the last mapping goes;
 * 2. allocates every page table the range needs (the only step that can
 *    fail, so a failed operation changes nothing);
 * 3. lets drm_gpuvm_sm_map() or drm_gpuvm_sm_unmap() walk the changes: the
 *    sm_step callbacks below clear the page-table entries of what goes away
 *    (whole mappings, or the middle of a split one) and write those of what
 *    comes, with mapping structs allocated beforehand;
 * 4. frees the page tables of the range that map nothing any more.
 *
 * After all operations the device's TLBs are invalidated (GFX_FLSH_CNTL)
 * and the ioctl waits until the device has done it.
 *
 * Every EXEC adds its job's fence to the VM's reservation object (and to
 * those of the external buffers it locks), so the VM knows its jobs in
 * flight.  Before pages go away, UNMAP and VM destruction wait for them:
 * interruptibly from an ioctl, and bounded by how long the driver lets a
 * job run (gensim_job_bound_ms()), after which the teardown proceeds and a
 * job still running faults on what went.  The wait happens before
 * bind_lock is taken, so that a reset (whose dump looks at the VM) never
 * waits behind it.
 *
 * A MAP makes the buffer's pages resident and pins them (gensim_gem.c)
 * before bind_lock is taken too: populating a large buffer is
 * interruptible and blocks no other client.
 *
 * Locking: gensim_device.bind_lock serialises every VM_BIND, VM destroy and
 * file close of the device.  It protects every VM's mapping tree and page
 * tables, and every buffer's list of mappings (the drm_gpuva list that
 * drm_gpuvm keeps in the GEM object), which spans VMs: each buffer tells
 * drm_gpuvm so (drm_gem_gpuva_set_lock()), and lockdep checks it.  Lock
 * order: bind_lock, then a buffer's window_lock, then its reservation.
 *
 * Called from: gensim_drv.c (ioctls, postclose), gensim_debugfs.c.  Calls:
 * gensim_ppgtt.c, gensim_gem.c, gensim_ggtt.c (TLB invalidation).
 */

#include <linux/dma-resv.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#include <drm/drm_drv.h>
#include <drm/drm_file.h>
#include <drm/drm_gpuvm.h>
#include <drm/drm_print.h>

#include "gensim_drm.h"
#include "gensim_drv.h"
#include "gensim_gem.h"
#include "gensim_vm.h"

/* A mapping's own flag, in the user bits of drm_gpuva.flags. */
#define GENSIM_VA_READONLY	DRM_GPUVA_USERBITS

/* A buffer in a VM; holds the buffer's DMA window mapping. */
struct gensim_vm_bo {
	struct drm_gpuvm_bo base;
	bool has_window;
	u64 window_base;
};

static struct gensim_vm_bo *to_gensim_vm_bo(struct drm_gpuvm_bo *vm_bo)
{
	return container_of(vm_bo, struct gensim_vm_bo, base);
}

static struct gensim_vm *to_gensim_vm(struct drm_gpuvm *gpuvm)
{
	return container_of(gpuvm, struct gensim_vm, base);
}

/*
 * What the sm_step callbacks of one operation may consume: the buffer's
 * vm_bo and the mapping structs allocated before the walk (a MAP needs at
 * most three: itself, and what is left of one or two mappings it cuts).
 */
struct bind_ctx {
	struct gensim_vm *vm;
	struct gensim_vm_bo *vm_bo;
	bool readonly;
	struct drm_gpuva *va[3];
};

static struct drm_gpuva *ctx_take_va(struct bind_ctx *ctx)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(ctx->va); i++) {
		struct drm_gpuva *va = ctx->va[i];

		if (va) {
			ctx->va[i] = NULL;
			return va;
		}
	}
	return NULL;
}

static int ctx_prealloc(struct bind_ctx *ctx)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(ctx->va); i++) {
		ctx->va[i] = kzalloc(sizeof(*ctx->va[i]), GFP_KERNEL);
		if (!ctx->va[i])
			return -ENOMEM;
	}
	return 0;
}

static void ctx_free(struct bind_ctx *ctx)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(ctx->va); i++)
		kfree(ctx->va[i]);
}

static u64 va_window_addr(struct drm_gpuva *va)
{
	return to_gensim_vm_bo(va->vm_bo)->window_base + va->gem.offset;
}

static int gensim_sm_step_map(struct drm_gpuva_op *op, void *priv)
{
	struct bind_ctx *ctx = priv;
	struct drm_gpuva *va = ctx_take_va(ctx);

	drm_gpuva_map(&ctx->vm->base, va, &op->map);
	if (ctx->readonly)
		va->flags |= GENSIM_VA_READONLY;
	drm_gpuva_link(va, &ctx->vm_bo->base);
	gensim_ppgtt_insert(&ctx->vm->ppgtt, va->va.addr, va->va.range, va_window_addr(va),
			    ctx->readonly);
	return 0;
}

/* Part of a mapping goes: keep what is left before and after it. */
static int gensim_sm_step_remap(struct drm_gpuva_op *op, void *priv)
{
	struct bind_ctx *ctx = priv;
	struct drm_gpuva *old = op->remap.unmap->va;
	struct drm_gpuva *prev = op->remap.prev ? ctx_take_va(ctx) : NULL;
	struct drm_gpuva *next = op->remap.next ? ctx_take_va(ctx) : NULL;
	enum drm_gpuva_flags flags = old->flags;
	u64 start, range;

	drm_gpuva_op_remap_to_unmap_range(&op->remap, &start, &range);
	gensim_ppgtt_clear(&ctx->vm->ppgtt, start, range);

	drm_gpuva_remap(prev, next, &op->remap);
	if (prev) {
		prev->flags = flags;
		drm_gpuva_link(prev, old->vm_bo);
	}
	if (next) {
		next->flags = flags;
		drm_gpuva_link(next, old->vm_bo);
	}
	drm_gpuva_unlink(old);
	kfree(old);
	return 0;
}

static int gensim_sm_step_unmap(struct drm_gpuva_op *op, void *priv)
{
	struct bind_ctx *ctx = priv;
	struct drm_gpuva *va = op->unmap.va;

	gensim_ppgtt_clear(&ctx->vm->ppgtt, va->va.addr, va->va.range);
	drm_gpuva_unmap(&op->unmap);
	drm_gpuva_unlink(va);
	kfree(va);
	return 0;
}

static struct drm_gpuvm_bo *gensim_vm_bo_alloc(void)
{
	struct gensim_vm_bo *vm_bo = kzalloc(sizeof(*vm_bo), GFP_KERNEL);

	return vm_bo ? &vm_bo->base : NULL;
}

/* The buffer's last mapping in this VM went: the device may lose it. */
static void gensim_vm_bo_free(struct drm_gpuvm_bo *base)
{
	struct gensim_vm_bo *vm_bo = to_gensim_vm_bo(base);

	if (vm_bo->has_window)
		gensim_bo_window_put(to_gensim_bo(base->obj));
	kfree(vm_bo);
}

static void gensim_vm_free(struct drm_gpuvm *gpuvm)
{
	struct gensim_vm *vm = to_gensim_vm(gpuvm);

	atomic_dec(&vm->gdev->mem_stats.vms);
	atomic_dec(&gensim_objects.vms);
	kfree(vm);
}

static const struct drm_gpuvm_ops gensim_gpuvm_ops = {
	.vm_free = gensim_vm_free,
	.vm_bo_alloc = gensim_vm_bo_alloc,
	.vm_bo_free = gensim_vm_bo_free,
	.sm_step_map = gensim_sm_step_map,
	.sm_step_remap = gensim_sm_step_remap,
	.sm_step_unmap = gensim_sm_step_unmap,
};

/**
 * gensim_vm_create - a VM with empty page tables
 * @gdev: the device
 * @scratch: unbound reads return zeros instead of faulting
 *
 * Returns: the VM (one reference) or an ERR_PTR.
 */
struct gensim_vm *gensim_vm_create(struct gensim_device *gdev, bool scratch)
{
	struct drm_gem_object *r_obj;
	struct gensim_vm *vm;
	int err;

	vm = kzalloc(sizeof(*vm), GFP_KERNEL);
	if (!vm)
		return ERR_PTR(-ENOMEM);
	vm->gdev = gdev;

	mutex_lock(&gdev->bind_lock);
	err = gensim_ppgtt_init(&vm->ppgtt, gdev, scratch);
	mutex_unlock(&gdev->bind_lock);
	if (err) {
		kfree(vm);
		return ERR_PTR(err);
	}

	r_obj = drm_gpuvm_resv_object_alloc(&gdev->drm);
	if (!r_obj) {
		mutex_lock(&gdev->bind_lock);
		gensim_ppgtt_fini(&vm->ppgtt);
		mutex_unlock(&gdev->bind_lock);
		kfree(vm);
		return ERR_PTR(-ENOMEM);
	}
	drm_gpuvm_init(&vm->base, "gensim", 0, &gdev->drm, r_obj, GENSIM_VA_START,
		       GENSIM_VA_END - GENSIM_VA_START, 0, 0, &gensim_gpuvm_ops);
	drm_gem_object_put(r_obj);
	atomic_inc(&gdev->mem_stats.vms);
	atomic_inc(&gensim_objects.vms);
	return vm;
}

/* Tell the device its cached translations are stale, and wait until it knows. */
static void vm_tlb_invalidate(struct gensim_vm *vm)
{
	int idx;

	if (!drm_dev_enter(&vm->gdev->drm, &idx))
		return;
	gensim_tlb_invalidate(vm->gdev);
	drm_dev_exit(idx);
}

/*
 * Wait for the VM's jobs in flight, bounded by how long the driver lets a
 * job live; past the bound the caller goes on.
 * Returns: 0, or -ERESTARTSYS if @intr and a signal came.
 */
static int vm_wait_idle(struct gensim_vm *vm, bool intr)
{
	long left;

	left = dma_resv_wait_timeout(drm_gpuvm_resv(&vm->base), DMA_RESV_USAGE_BOOKKEEP, intr,
				     msecs_to_jiffies(gensim_job_bound_ms()));
	if (left < 0)
		return left;
	if (!left)
		drm_dbg(&vm->gdev->drm, "VM still busy after %u ms: tearing down under its jobs\n",
			gensim_job_bound_ms());
	return 0;
}

/**
 * gensim_vm_destroy - unmap everything and free the page tables
 * @vm: the VM; the caller's reference is dropped
 *
 * Mappings hold buffer references; they all go here.  Context: process.
 */
void gensim_vm_destroy(struct gensim_vm *vm)
{
	struct gensim_device *gdev = vm->gdev;
	struct bind_ctx ctx = { .vm = vm };

	/* Jobs in flight still use the pages: let them end first (bounded). */
	vm_wait_idle(vm, false);
	mutex_lock(&gdev->bind_lock);
	if (!vm->destroyed) {
		vm->destroyed = true;
		/* An unmap only splits at its ends; the whole range has none. */
		drm_gpuvm_sm_unmap(&vm->base, &ctx, GENSIM_VA_START,
				   GENSIM_VA_END - GENSIM_VA_START);
		gensim_ppgtt_fini(&vm->ppgtt);
	}
	mutex_unlock(&gdev->bind_lock);
	vm_tlb_invalidate(vm);
	drm_gpuvm_put(&vm->base);
}

/*
 * One MAP; the caller holds bind_lock, checked the arguments and holds a
 * window reference on the buffer (at @window_base), which the VM's vm_bo
 * takes over if it has none yet; *@window_used says whether it did.
 */
static int vm_map(struct gensim_vm *vm, struct drm_gem_object *obj,
		  const struct drm_gensim_vm_bind_op *op, u64 window_base, bool *window_used)
{
	struct bind_ctx ctx = { .vm = vm,
				.readonly = op->flags & DRM_GENSIM_VM_BIND_FLAG_READONLY };
	struct drm_gpuvm_bo *vm_bo;
	int err;

	*window_used = false;
	err = ctx_prealloc(&ctx);
	if (err)
		goto out;

	vm_bo = drm_gpuvm_bo_obtain(&vm->base, obj);
	if (IS_ERR(vm_bo)) {
		err = PTR_ERR(vm_bo);
		goto out;
	}
	ctx.vm_bo = to_gensim_vm_bo(vm_bo);
	if (!ctx.vm_bo->has_window) {
		ctx.vm_bo->window_base = window_base;
		ctx.vm_bo->has_window = true;
		*window_used = true;
		/* A no-op for a buffer private to this VM. */
		drm_gpuvm_bo_extobj_add(vm_bo);
	}

	err = gensim_ppgtt_alloc(&vm->ppgtt, op->addr, op->range);
	if (!err)
		err = drm_gpuvm_sm_map(&vm->base, &ctx, op->addr, op->range, obj, op->obj_offset);
	gensim_ppgtt_prune(&vm->ppgtt, op->addr, op->range);
	drm_gpuvm_bo_put(vm_bo);
out:
	ctx_free(&ctx);
	return err;
}

static int vm_unmap(struct gensim_vm *vm, const struct drm_gensim_vm_bind_op *op)
{
	struct bind_ctx ctx = { .vm = vm };
	int err;

	err = ctx_prealloc(&ctx);
	if (!err)
		err = drm_gpuvm_sm_unmap(&vm->base, &ctx, op->addr, op->range);
	gensim_ppgtt_prune(&vm->ppgtt, op->addr, op->range);
	ctx_free(&ctx);
	return err;
}

/* A MAP's window reference, taken before bind_lock. */
struct map_window {
	u64 base;
	bool held;
	bool used;
};

/*
 * Make a MAP's buffer resident, pinned and in the DMA window, before
 * bind_lock: interruptible, and no other client waits for it.
 */
static int map_prepare(struct gensim_vm *vm, struct drm_gem_object *obj, struct map_window *w)
{
	struct gensim_bo *bo = to_gensim_bo(obj);
	int err;

	/* A VM-private buffer shares its VM's reservation: only that VM. */
	if (bo->vm_root && bo->vm_root != vm->base.r_obj)
		return -EINVAL;
	err = gensim_bo_populate(bo);
	if (err)
		return err;
	err = gensim_bo_window_get(bo, vm->gdev->chan, &w->base);
	if (!err)
		w->held = true;
	return err;
}

static bool op_range_ok(const struct drm_gensim_vm_bind_op *op)
{
	u64 end;

	if (!op->range || !PAGE_ALIGNED(op->range) || !PAGE_ALIGNED(op->addr) ||
	    check_add_overflow(op->addr, op->range, &end))
		return false;
	return op->addr >= GENSIM_VA_START && end <= GENSIM_VA_END;
}

/* Check one operation completely, before any is applied. */
static int check_op(struct drm_device *drm, struct drm_file *file,
		    const struct drm_gensim_vm_bind_op *op, struct drm_gem_object **objp)
{
	struct drm_gem_object *obj;
	u64 end;

	*objp = NULL;
	if (op->extensions || op->pad || op->reserved[0] || op->reserved[1])
		return -EINVAL;
	if (!op_range_ok(op)) {
		drm_dbg(drm, "VM_BIND: bad range %#llx + %#llx\n", op->addr, op->range);
		return -EINVAL;
	}
	switch (op->op) {
	case DRM_GENSIM_VM_BIND_OP_UNMAP:
		return op->handle || op->obj_offset || op->flags ? -EINVAL : 0;
	case DRM_GENSIM_VM_BIND_OP_MAP:
		if (op->flags & ~DRM_GENSIM_VM_BIND_FLAG_READONLY || !PAGE_ALIGNED(op->obj_offset))
			return -EINVAL;
		obj = drm_gem_object_lookup(file, op->handle);
		if (!obj)
			return -ENOENT;
		if (check_add_overflow(op->obj_offset, op->range, &end) || end > obj->size) {
			drm_dbg(drm, "VM_BIND: [%#llx, +%#llx) outside a %zu-byte buffer\n",
				op->obj_offset, op->range, obj->size);
			drm_gem_object_put(obj);
			return -EINVAL;
		}
		*objp = obj;
		return 0;
	default:
		drm_dbg(drm, "VM_BIND: unknown op %u\n", op->op);
		return -EINVAL;
	}
}

int gensim_ioctl_vm_bind(struct drm_device *drm, void *data, struct drm_file *file)
{
	struct gensim_device *gdev = to_gensim(drm);
	struct gensim_file *gfile = file->driver_priv;
	struct drm_gensim_vm_bind *args = data;
	struct drm_gensim_vm_bind_op *ops;
	struct drm_gem_object **objs;
	struct map_window *windows;
	struct gensim_vm *vm;
	u32 i, n = args->num_binds;
	int err = 0, idx;

	if (args->extensions || args->num_syncs || args->pad || args->syncs ||
	    args->reserved[0] || args->reserved[1] || !n || n > DRM_GENSIM_VM_BIND_MAX_OPS)
		return -EINVAL;

	ops = kvmalloc_array(n, sizeof(*ops), GFP_KERNEL);
	objs = kvcalloc(n, sizeof(*objs), GFP_KERNEL);
	windows = kvcalloc(n, sizeof(*windows), GFP_KERNEL);
	if (!ops || !objs || !windows) {
		err = -ENOMEM;
		goto free;
	}
	if (copy_from_user(ops, u64_to_user_ptr(args->binds), n * sizeof(*ops))) {
		err = -EFAULT;
		goto free;
	}
	for (i = 0; i < n && !err; i++)
		err = check_op(drm, file, &ops[i], &objs[i]);
	if (err)
		goto put;

	vm = gensim_vm_lookup(gfile, args->vm_id);
	if (!vm) {
		err = -ENOENT;
		goto put;
	}
	if (!drm_dev_enter(drm, &idx)) {
		err = -ENODEV;
		goto put_vm;
	}

	/* Outside bind_lock: populating and pinning, waiting for jobs. */
	for (i = 0; i < n && !err; i++) {
		if (ops[i].op == DRM_GENSIM_VM_BIND_OP_MAP)
			err = map_prepare(vm, objs[i], &windows[i]);
		else
			err = vm_wait_idle(vm, true);
	}

	mutex_lock(&gdev->bind_lock);
	if (!err && vm->destroyed)
		err = -ENOENT;
	for (i = 0; i < n && !err; i++) {
		if (ops[i].op == DRM_GENSIM_VM_BIND_OP_MAP)
			err = vm_map(vm, objs[i], &ops[i], windows[i].base, &windows[i].used);
		else
			err = vm_unmap(vm, &ops[i]);
	}
	mutex_unlock(&gdev->bind_lock);
	vm_tlb_invalidate(vm);
	drm_dev_exit(idx);
	/* The window references no VM took over. */
	for (i = 0; i < n; i++)
		if (windows[i].held && !windows[i].used)
			gensim_bo_window_put(to_gensim_bo(objs[i]));
put_vm:
	drm_gpuvm_put(&vm->base);
put:
	for (i = 0; i < n; i++)
		if (objs[i])
			drm_gem_object_put(objs[i]);
free:
	kvfree(windows);
	kvfree(objs);
	kvfree(ops);
	return err;
}

/**
 * gensim_vm_lookup - a VM of a file, by id
 * @gfile: the file
 * @id: the VM id
 *
 * Returns: the VM with a reference (drm_gpuvm_put() it), or NULL.
 */
struct gensim_vm *gensim_vm_lookup(struct gensim_file *gfile, u32 id)
{
	struct gensim_vm *vm;

	xa_lock(&gfile->vms);
	vm = xa_load(&gfile->vms, id);
	if (vm)
		drm_gpuvm_get(&vm->base);
	xa_unlock(&gfile->vms);
	return vm;
}

int gensim_ioctl_vm_create(struct drm_device *drm, void *data, struct drm_file *file)
{
	struct gensim_file *gfile = file->driver_priv;
	struct drm_gensim_vm_create *args = data;
	struct gensim_vm *vm;
	int err;

	if (args->extensions || args->reserved[0] || args->reserved[1] || args->vm_id ||
	    args->flags & ~DRM_GENSIM_VM_CREATE_SCRATCH_PAGE)
		return -EINVAL;

	vm = gensim_vm_create(to_gensim(drm), args->flags & DRM_GENSIM_VM_CREATE_SCRATCH_PAGE);
	if (IS_ERR(vm))
		return PTR_ERR(vm);
	err = xa_alloc(&gfile->vms, &args->vm_id, vm, xa_limit_32b, GFP_KERNEL);
	if (err) {
		args->vm_id = 0;
		gensim_vm_destroy(vm);
	}
	return err;
}

int gensim_ioctl_vm_destroy(struct drm_device *drm, void *data, struct drm_file *file)
{
	struct gensim_file *gfile = file->driver_priv;
	struct drm_gensim_vm_destroy *args = data;
	struct gensim_vm *vm;

	if (args->extensions || args->pad || args->reserved[0] || args->reserved[1])
		return -EINVAL;
	vm = xa_erase(&gfile->vms, args->vm_id);
	if (!vm)
		return -ENOENT;
	gensim_vm_destroy(vm);
	return 0;
}

/**
 * gensim_vm_file_fini - destroy every VM a closing file still has
 * @gfile: the file
 */
void gensim_vm_file_fini(struct gensim_file *gfile)
{
	struct gensim_vm *vm;
	unsigned long id;

	xa_for_each(&gfile->vms, id, vm) {
		xa_erase(&gfile->vms, id);
		gensim_vm_destroy(vm);
	}
	xa_destroy(&gfile->vms);
}
