// SPDX-License-Identifier: MIT
/*
 * The driver backend: each call one ioctl of uapi/drm/gensim_drm.h (or
 * two, for the queries' size-then-data), the API's structures copied to
 * and from the uapi's.  The kernel checks every argument; this file
 * passes them on as they are, so a caller sees the driver's own errors.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>

#include "drm.h"

/* The API's numbers are the uapi's, so they pass through unchanged. */
_Static_assert(GSIM_ENGINE_CLASS_RENDER == DRM_GENSIM_ENGINE_CLASS_RENDER &&
	       GSIM_ENGINE_CLASS_COPY == DRM_GENSIM_ENGINE_CLASS_COPY &&
	       GSIM_ENGINE_CLASS_VIDEO == DRM_GENSIM_ENGINE_CLASS_VIDEO &&
	       GSIM_ENGINE_CLASS_VIDEO_ENHANCE == DRM_GENSIM_ENGINE_CLASS_VIDEO_ENHANCE,
	       "engine classes");
_Static_assert(GSIM_BO_CPU_WC == DRM_GENSIM_GEM_CREATE_CPU_WC &&
	       GSIM_VM_SCRATCH_PAGE == DRM_GENSIM_VM_CREATE_SCRATCH_PAGE &&
	       GSIM_BIND_MAP == DRM_GENSIM_VM_BIND_OP_MAP &&
	       GSIM_BIND_UNMAP == DRM_GENSIM_VM_BIND_OP_UNMAP &&
	       GSIM_BIND_READONLY == DRM_GENSIM_VM_BIND_FLAG_READONLY &&
	       GSIM_PRIORITY_LOW == DRM_GENSIM_QUEUE_PRIORITY_LOW &&
	       GSIM_PRIORITY_NORMAL == DRM_GENSIM_QUEUE_PRIORITY_NORMAL &&
	       GSIM_PRIORITY_HIGH == DRM_GENSIM_QUEUE_PRIORITY_HIGH &&
	       GSIM_QUEUE_BANNED == DRM_GENSIM_QUEUE_STATE_BANNED &&
	       GSIM_QUEUE_WEDGED == DRM_GENSIM_QUEUE_STATE_WEDGED &&
	       GSIM_SYNC_SIGNAL == DRM_GENSIM_SYNC_SIGNAL, "flags");

static int drm_ioctl(struct gsim_device *dev, unsigned long request, void *arg, const char *what)
{
	int ret = gsim_drm_ioctl(dev->fd, request, arg);

	return ret ? lgsim_fail(ret, "%s: %s", what, strerror(-ret)) : 0;
}

/* DRM_IOCTL_GENSIM_QUERY: the answer's size, then the answer (malloc'd). */
static int query(struct gsim_device *dev, uint32_t what, void **data, uint32_t *size)
{
	struct drm_gensim_query q = { .query = what };
	int ret = drm_ioctl(dev, DRM_IOCTL_GENSIM_QUERY, &q, "QUERY");

	if (ret)
		return ret;
	*data = calloc(1, q.size);
	if (!*data)
		return lgsim_fail(-ENOMEM, "QUERY: out of memory");
	*size = q.size;
	q.data = (uintptr_t)*data;
	ret = drm_ioctl(dev, DRM_IOCTL_GENSIM_QUERY, &q, "QUERY");
	if (ret) {
		free(*data);
		*data = NULL;
	}
	return ret;
}

static int query_device(struct gsim_device *dev, struct gsim_device_info *info)
{
	struct drm_gensim_query_device *d;
	uint32_t size;
	void *data;
	int ret = query(dev, DRM_GENSIM_QUERY_DEVICE, &data, &size);

	if (ret)
		return ret;
	d = data;
	if (size < sizeof(*d)) {
		free(data);
		return lgsim_fail(-EPROTO, "QUERY_DEVICE: %u bytes, not %zu", size, sizeof(*d));
	}
	info->vendor_id = d->vendor_id;
	info->device_id = d->device_id;
	info->revision = d->revision;
	info->engine_mask = d->engine_mask;
	info->slice_mask = d->slice_mask;
	info->subslice_mask = d->subslice_mask;
	info->eu_total = d->eu_total;
	info->threads_per_eu = d->threads_per_eu;
	info->va_bits = d->va_bits;
	info->page_sizes = d->page_sizes;
	info->ggtt_size = d->ggtt_size;
	info->va_start = d->va_start;
	info->va_end = d->va_end;
	free(data);
	return 0;
}

static int query_engines(struct gsim_device *dev, struct gsim_engine_info *e, uint32_t max,
			 uint32_t *count)
{
	struct drm_gensim_query_engines *q;
	uint32_t size;
	void *data;
	int ret = query(dev, DRM_GENSIM_QUERY_ENGINES, &data, &size);

	if (ret)
		return ret;
	q = data;
	if (size < sizeof(*q) || size < sizeof(*q) + q->num_engines * sizeof(q->engines[0])) {
		free(data);
		return lgsim_fail(-EPROTO, "QUERY_ENGINES: %u bytes is short", size);
	}
	*count = q->num_engines;
	for (uint32_t i = 0; i < q->num_engines && i < max; i++) {
		e[i].engine_class = q->engines[i].engine_class;
		e[i].engine_instance = q->engines[i].engine_instance;
		memcpy(e[i].name, q->engines[i].name, sizeof(e[i].name));
		e[i].name[sizeof(e[i].name) - 1] = 0;
	}
	free(data);
	return 0;
}

static int bo_create(struct gsim_device *dev, uint64_t size, uint32_t flags, uint32_t vm_id,
		     uint32_t *handle)
{
	struct drm_gensim_gem_create c = { .size = size, .flags = flags, .vm_id = vm_id };
	int ret = gsim_drm_ioctl(dev->fd, DRM_IOCTL_GENSIM_GEM_CREATE, &c);

	if (ret)
		return lgsim_fail(ret, "GEM_CREATE of %llu bytes%s: %s", (unsigned long long)size,
				  vm_id ? " private to a VM" : "", strerror(-ret));
	*handle = c.handle;
	return 0;
}

static int bo_mmap(struct gsim_device *dev, uint32_t handle, uint64_t size, void **cpu)
{
	struct drm_gensim_gem_mmap_offset o = { .handle = handle };
	void *p;
	int ret = drm_ioctl(dev, DRM_IOCTL_GENSIM_GEM_MMAP_OFFSET, &o, "GEM_MMAP_OFFSET");

	if (ret)
		return ret;
	p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, dev->fd, (off_t)o.offset);
	if (p == MAP_FAILED)
		return lgsim_fail(-errno, "mmap of buffer %u: %s", handle, strerror(errno));
	*cpu = p;
	return 0;
}

static int bo_munmap(struct gsim_device *dev, void *cpu, uint64_t size)
{
	(void)dev;
	if (munmap(cpu, size))
		return lgsim_fail(-errno, "munmap: %s", strerror(errno));
	return 0;
}

static int bo_close(struct gsim_device *dev, uint32_t handle)
{
	struct drm_gem_close c = { .handle = handle };

	return drm_ioctl(dev, DRM_IOCTL_GEM_CLOSE, &c, "GEM_CLOSE");
}

static int vm_create(struct gsim_device *dev, uint32_t flags, uint32_t *vm)
{
	struct drm_gensim_vm_create c = { .flags = flags };
	int ret = drm_ioctl(dev, DRM_IOCTL_GENSIM_VM_CREATE, &c, "VM_CREATE");

	if (!ret)
		*vm = c.vm_id;
	return ret;
}

static int vm_destroy(struct gsim_device *dev, uint32_t vm)
{
	struct drm_gensim_vm_destroy d = { .vm_id = vm };

	return drm_ioctl(dev, DRM_IOCTL_GENSIM_VM_DESTROY, &d, "VM_DESTROY");
}

static int vm_bind(struct gsim_device *dev, uint32_t vm, const struct gsim_bind_op *ops,
		   uint32_t n)
{
	struct drm_gensim_vm_bind b = { .vm_id = vm, .num_binds = n };
	struct drm_gensim_vm_bind_op *u;
	int ret;

	/* The kernel's own limit: beyond it there is nothing to copy. */
	if (!n || n > DRM_GENSIM_VM_BIND_MAX_OPS)
		return lgsim_fail(-EINVAL, "VM_BIND: %u operations (1..%u)", n,
				  DRM_GENSIM_VM_BIND_MAX_OPS);
	u = calloc(n, sizeof(*u));
	if (!u)
		return lgsim_fail(-ENOMEM, "VM_BIND: out of memory");
	for (uint32_t i = 0; i < n; i++) {
		u[i].op = ops[i].op;
		u[i].handle = ops[i].handle;
		u[i].obj_offset = ops[i].obj_offset;
		u[i].range = ops[i].range;
		u[i].addr = ops[i].addr;
		u[i].flags = ops[i].flags;
		u[i].pad = ops[i].pad;
	}
	b.binds = (uintptr_t)u;
	ret = gsim_drm_ioctl(dev->fd, DRM_IOCTL_GENSIM_VM_BIND, &b);
	if (ret && n == 1)
		lgsim_fail(ret, "VM_BIND %s %#llx+%#llx: %s", ops[0].op ? "unmap" : "map",
			   (unsigned long long)ops[0].addr, (unsigned long long)ops[0].range,
			   strerror(-ret));
	else if (ret)
		lgsim_fail(ret, "VM_BIND of %u operations: %s", n, strerror(-ret));
	free(u);
	return ret;
}

static int queue_create(struct gsim_device *dev, uint32_t engine_class, uint32_t engine_instance,
			uint32_t vm, uint32_t priority, uint32_t *queue)
{
	struct drm_gensim_queue_create c = {
		.engine_class = (__u16)engine_class, .engine_instance = (__u16)engine_instance,
		.vm_id = vm, .priority = priority,
	};
	int ret;

	/* Values the uapi's 16-bit fields would truncate into valid ones. */
	if (engine_class > 0xffff || engine_instance > 0xffff)
		return lgsim_fail(-EINVAL, "QUEUE_CREATE: engine %u:%u", engine_class,
				  engine_instance);
	ret = drm_ioctl(dev, DRM_IOCTL_GENSIM_QUEUE_CREATE, &c, "QUEUE_CREATE");
	if (!ret)
		*queue = c.queue_id;
	return ret;
}

static int queue_destroy(struct gsim_device *dev, uint32_t queue)
{
	struct drm_gensim_queue_destroy d = { .queue_id = queue };

	return drm_ioctl(dev, DRM_IOCTL_GENSIM_QUEUE_DESTROY, &d, "QUEUE_DESTROY");
}

static int queue_get_state(struct gsim_device *dev, uint32_t queue, struct gsim_queue_state *st)
{
	struct drm_gensim_queue_get_state g = { .queue_id = queue };
	int ret = drm_ioctl(dev, DRM_IOCTL_GENSIM_QUEUE_GET_STATE, &g, "QUEUE_GET_STATE");

	if (ret)
		return ret;
	st->flags = g.flags;
	st->guilty_resets = g.guilty_resets;
	st->innocent_resets = g.innocent_resets;
	st->dropped_commands = g.dropped_commands;
	st->ban_error = g.ban_error;
	return 0;
}

static int exec(struct gsim_device *dev, uint32_t queue, uint64_t batch_va,
		const struct gsim_sync *syncs, uint32_t n)
{
	struct drm_gensim_exec e = { .queue_id = queue, .num_syncs = n, .batch_address = batch_va };
	struct drm_gensim_sync *u = NULL;
	int ret;

	if (n > DRM_GENSIM_EXEC_MAX_SYNCS)
		return lgsim_fail(-EINVAL, "EXEC: %u syncs (at most %u)", n,
				  DRM_GENSIM_EXEC_MAX_SYNCS);
	if (n) {
		u = calloc(n, sizeof(*u));
		if (!u)
			return lgsim_fail(-ENOMEM, "EXEC: out of memory");
	}
	for (uint32_t i = 0; i < n; i++) {
		u[i].handle = syncs[i].handle;
		u[i].flags = syncs[i].flags;
		u[i].timeline_value = syncs[i].timeline_value;
	}
	e.syncs = (uintptr_t)u;
	ret = drm_ioctl(dev, DRM_IOCTL_GENSIM_EXEC, &e, "EXEC");
	free(u);
	return ret;
}

static void drm_close(struct gsim_device *dev)
{
	/* The kernel frees the file's objects when the file closes. */
	(void)dev;
}

static const struct lgsim_ops drm_ops = {
	.close = drm_close,
	.query_version = lgsim_drm_query_version,
	.query_device = query_device,
	.query_engines = query_engines,
	.bo_create = bo_create,
	.bo_mmap = bo_mmap,
	.bo_munmap = bo_munmap,
	.bo_close = bo_close,
	.vm_create = vm_create,
	.vm_destroy = vm_destroy,
	.vm_bind = vm_bind,
	.queue_create = queue_create,
	.queue_destroy = queue_destroy,
	.queue_get_state = queue_get_state,
	.syncobj_create = lgsim_drm_syncobj_create,
	.syncobj_destroy = lgsim_drm_syncobj_destroy,
	.syncobj_wait = lgsim_drm_syncobj_wait,
	.syncobj_status = lgsim_drm_syncobj_status,
	.syncobj_export = lgsim_drm_syncobj_export,
	.exec = exec,
};

/* Nothing is asked of the driver: any DRM file opens, and an unplugged one too. */
int lgsim_drm_open(int fd, bool own_fd, struct gsim_device **dev)
{
	struct gsim_device *d = calloc(1, sizeof(*d));

	if (!d)
		return lgsim_fail(-ENOMEM, "out of memory");
	d->backend = GSIM_BACKEND_DRM;
	d->ops = &drm_ops;
	d->fd = fd;
	d->own_fd = own_fd;
	*dev = d;
	return 0;
}
