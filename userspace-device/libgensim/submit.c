// SPDX-License-Identifier: MIT
/*
 * Queues, syncobjs and EXEC, and gsim_exec_wait(): one batch run to its
 * end, built from the other calls unless the backend has its own (in
 * process, where the batch has run when EXEC returns, it reports more).
 */
#include <errno.h>
#include <string.h>
#include <time.h>

#include "priv.h"

int gsim_queue_create(struct gsim_device *dev, uint32_t engine_class, uint32_t engine_instance,
		      uint32_t vm, uint32_t priority, uint32_t *queue)
{
	if (!dev || !queue)
		return lgsim_fail(-EINVAL, "gsim_queue_create: NULL argument");
	return dev->ops->queue_create(dev, engine_class, engine_instance, vm, priority, queue);
}

int gsim_queue_destroy(struct gsim_device *dev, uint32_t queue)
{
	if (!dev)
		return lgsim_fail(-EINVAL, "gsim_queue_destroy: NULL argument");
	return dev->ops->queue_destroy(dev, queue);
}

int gsim_queue_get_state(struct gsim_device *dev, uint32_t queue, struct gsim_queue_state *st)
{
	if (!dev || !st)
		return lgsim_fail(-EINVAL, "gsim_queue_get_state: NULL argument");
	memset(st, 0, sizeof(*st));
	return dev->ops->queue_get_state(dev, queue, st);
}

int gsim_syncobj_create(struct gsim_device *dev, uint32_t flags, uint32_t *syncobj)
{
	if (!dev || !syncobj)
		return lgsim_fail(-EINVAL, "gsim_syncobj_create: NULL argument");
	if (flags & ~GSIM_SYNCOBJ_SIGNALED)
		return lgsim_fail(-EINVAL, "gsim_syncobj_create: unknown flags %#x", flags);
	return dev->ops->syncobj_create(dev, flags, syncobj);
}

int gsim_syncobj_destroy(struct gsim_device *dev, uint32_t syncobj)
{
	if (!dev)
		return lgsim_fail(-EINVAL, "gsim_syncobj_destroy: NULL argument");
	return dev->ops->syncobj_destroy(dev, syncobj);
}

int gsim_syncobj_wait(struct gsim_device *dev, const uint32_t *syncobjs, uint32_t n,
		      int64_t timeout_ms, uint32_t flags)
{
	if (!dev || !syncobjs || !n)
		return lgsim_fail(-EINVAL, "gsim_syncobj_wait: no syncobjs");
	if (flags & ~(GSIM_WAIT_ALL | GSIM_WAIT_FOR_SUBMIT))
		return lgsim_fail(-EINVAL, "gsim_syncobj_wait: unknown flags %#x", flags);
	return dev->ops->syncobj_wait(dev, syncobjs, n, timeout_ms, flags);
}

int gsim_syncobj_status(struct gsim_device *dev, uint32_t syncobj, int *status)
{
	if (!dev || !status)
		return lgsim_fail(-EINVAL, "gsim_syncobj_status: NULL argument");
	return dev->ops->syncobj_status(dev, syncobj, status);
}

int gsim_syncobj_export(struct gsim_device *dev, uint32_t syncobj, int *sync_fd)
{
	if (!dev || !sync_fd)
		return lgsim_fail(-EINVAL, "gsim_syncobj_export: NULL argument");
	*sync_fd = -1;
	return dev->ops->syncobj_export(dev, syncobj, sync_fd);
}

int gsim_exec(struct gsim_device *dev, uint32_t queue, uint64_t batch_va,
	      const struct gsim_sync *syncs, uint32_t n)
{
	if (!dev || (n && !syncs))
		return lgsim_fail(-EINVAL, "gsim_exec: NULL argument");
	return dev->ops->exec(dev, queue, batch_va, syncs, n);
}

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* Through the driver: a syncobj the job signals, waited for, its fence's status read. */
static int exec_wait(struct gsim_device *dev, uint32_t queue, uint64_t batch_va, int timeout_ms,
		     struct gsim_exec_stats *stats)
{
	struct gsim_sync s = { .flags = GSIM_SYNC_SIGNAL };
	uint64_t t0 = now_ns();
	int ret, st = 0;

	ret = gsim_syncobj_create(dev, 0, &s.handle);
	if (ret)
		return ret;
	ret = gsim_exec(dev, queue, batch_va, &s, 1);
	if (ret) {
		gsim_syncobj_destroy(dev, s.handle);
		return ret;
	}
	ret = gsim_syncobj_wait(dev, &s.handle, 1, timeout_ms, GSIM_WAIT_FOR_SUBMIT);
	stats->ns = now_ns() - t0;
	if (!ret)
		ret = gsim_syncobj_status(dev, s.handle, &st);
	gsim_syncobj_destroy(dev, s.handle);
	if (ret)
		return lgsim_fail(ret, "waiting for the batch: %s", strerror(-ret));
	if (st == 1)
		return 0;
	st = st < 0 ? st : -EIO;
	return lgsim_fail(st, "the batch failed (the driver reset the engine): %s",
			  strerror(-st));
}

int gsim_exec_wait(struct gsim_device *dev, uint32_t queue, uint64_t batch_va, int timeout_ms,
		   struct gsim_exec_stats *stats)
{
	struct gsim_exec_stats local;

	if (!dev)
		return lgsim_fail(-EINVAL, "gsim_exec_wait: NULL argument");
	if (!stats)
		stats = &local;
	memset(stats, 0, sizeof(*stats));
	if (dev->ops->exec_wait)
		return dev->ops->exec_wait(dev, queue, batch_va, timeout_ms, stats);
	return exec_wait(dev, queue, batch_va, timeout_ms, stats);
}
