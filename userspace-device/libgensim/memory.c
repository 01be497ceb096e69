// SPDX-License-Identifier: MIT
/*
 * Buffers and GPU address spaces, and struct gsim_buffer: a VM-private
 * buffer bound where the caller wants it, mapped and zeroed - what a
 * userspace driver makes for its batches and data.
 */
#include <errno.h>
#include <string.h>

#include "priv.h"

int gsim_bo_create(struct gsim_device *dev, uint64_t size, uint32_t flags, uint32_t vm_id,
		   uint32_t *handle)
{
	if (!dev || !handle)
		return lgsim_fail(-EINVAL, "gsim_bo_create: NULL argument");
	return dev->ops->bo_create(dev, size, flags, vm_id, handle);
}

int gsim_bo_mmap(struct gsim_device *dev, uint32_t handle, uint64_t size, void **cpu)
{
	if (!dev || !cpu)
		return lgsim_fail(-EINVAL, "gsim_bo_mmap: NULL argument");
	*cpu = NULL;
	return dev->ops->bo_mmap(dev, handle, size, cpu);
}

int gsim_bo_munmap(struct gsim_device *dev, void *cpu, uint64_t size)
{
	if (!dev)
		return lgsim_fail(-EINVAL, "gsim_bo_munmap: NULL argument");
	return dev->ops->bo_munmap(dev, cpu, size);
}

int gsim_bo_close(struct gsim_device *dev, uint32_t handle)
{
	if (!dev)
		return lgsim_fail(-EINVAL, "gsim_bo_close: NULL argument");
	return dev->ops->bo_close(dev, handle);
}

int gsim_vm_create(struct gsim_device *dev, uint32_t flags, uint32_t *vm)
{
	if (!dev || !vm)
		return lgsim_fail(-EINVAL, "gsim_vm_create: NULL argument");
	return dev->ops->vm_create(dev, flags, vm);
}

int gsim_vm_destroy(struct gsim_device *dev, uint32_t vm)
{
	if (!dev)
		return lgsim_fail(-EINVAL, "gsim_vm_destroy: NULL argument");
	return dev->ops->vm_destroy(dev, vm);
}

int gsim_vm_bind(struct gsim_device *dev, uint32_t vm, const struct gsim_bind_op *ops,
		 uint32_t n)
{
	if (!dev || (n && !ops))
		return lgsim_fail(-EINVAL, "gsim_vm_bind: NULL argument");
	return dev->ops->vm_bind(dev, vm, ops, n);
}

int gsim_vm_map(struct gsim_device *dev, uint32_t vm, uint32_t handle, uint64_t obj_offset,
		uint64_t range, uint64_t addr, uint32_t flags)
{
	struct gsim_bind_op op = {
		.op = GSIM_BIND_MAP, .handle = handle, .obj_offset = obj_offset,
		.range = range, .addr = addr, .flags = flags,
	};

	return gsim_vm_bind(dev, vm, &op, 1);
}

int gsim_vm_unmap(struct gsim_device *dev, uint32_t vm, uint64_t addr, uint64_t range)
{
	struct gsim_bind_op op = { .op = GSIM_BIND_UNMAP, .range = range, .addr = addr };

	return gsim_vm_bind(dev, vm, &op, 1);
}

int gsim_buffer_create(struct gsim_device *dev, uint32_t vm, uint64_t va, uint64_t size,
		       uint32_t flags, struct gsim_buffer *buf)
{
	int ret;

	if (!buf)
		return lgsim_fail(-EINVAL, "gsim_buffer_create: NULL argument");
	/* Objects and bindings are whole pages; the caller uses what it asked for. */
	memset(buf, 0, sizeof(*buf));
	buf->vm = vm;
	buf->va = va;
	buf->size = lgsim_round_up(size, LGSIM_PAGE);
	ret = gsim_bo_create(dev, buf->size, flags, vm, &buf->handle);
	if (ret)
		return ret;
	ret = gsim_bo_mmap(dev, buf->handle, buf->size, &buf->cpu);
	if (!ret) {
		memset(buf->cpu, 0, buf->size);
		ret = gsim_vm_map(dev, vm, buf->handle, 0, buf->size, va, 0);
	}
	if (ret) {
		/* Keep the message of the step that failed. */
		if (buf->cpu)
			dev->ops->bo_munmap(dev, buf->cpu, buf->size);
		dev->ops->bo_close(dev, buf->handle);
		memset(buf, 0, sizeof(*buf));
	}
	return ret;
}

int gsim_buffer_destroy(struct gsim_device *dev, struct gsim_buffer *buf)
{
	int ret, err;

	if (!dev || !buf)
		return lgsim_fail(-EINVAL, "gsim_buffer_destroy: NULL argument");
	ret = gsim_vm_unmap(dev, buf->vm, buf->va, buf->size);
	if (buf->cpu) {
		err = gsim_bo_munmap(dev, buf->cpu, buf->size);
		ret = ret ? ret : err;
	}
	err = gsim_bo_close(dev, buf->handle);
	ret = ret ? ret : err;
	memset(buf, 0, sizeof(*buf));
	return ret;
}
