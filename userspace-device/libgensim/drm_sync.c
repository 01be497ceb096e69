// SPDX-License-Identifier: MIT
/*
 * DRM syncobjs and sync_files, the driver backend's fences.  A fence's
 * error is read from a sync_file exported from the syncobj
 * (SYNC_IOC_FILE_INFO's status): the syncobj ioctls only say signalled.
 */
#include <errno.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>
#include <linux/sync_file.h>

#include "drm.h"

_Static_assert(GSIM_SYNCOBJ_SIGNALED == DRM_SYNCOBJ_CREATE_SIGNALED &&
	       GSIM_WAIT_ALL == DRM_SYNCOBJ_WAIT_FLAGS_WAIT_ALL &&
	       GSIM_WAIT_FOR_SUBMIT == DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT, "syncobj flags");

static int64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000ll + ts.tv_nsec;
}

int lgsim_drm_syncobj_create(struct gsim_device *dev, uint32_t flags, uint32_t *syncobj)
{
	struct drm_syncobj_create c = { .flags = flags };
	int ret = gsim_drm_ioctl(dev->fd, DRM_IOCTL_SYNCOBJ_CREATE, &c);

	if (ret)
		return lgsim_fail(ret, "SYNCOBJ_CREATE: %s", strerror(-ret));
	*syncobj = c.handle;
	return 0;
}

int lgsim_drm_syncobj_destroy(struct gsim_device *dev, uint32_t syncobj)
{
	struct drm_syncobj_destroy d = { .handle = syncobj };
	int ret = gsim_drm_ioctl(dev->fd, DRM_IOCTL_SYNCOBJ_DESTROY, &d);

	return ret ? lgsim_fail(ret, "SYNCOBJ_DESTROY %u: %s", syncobj, strerror(-ret)) : 0;
}

int lgsim_drm_syncobj_wait(struct gsim_device *dev, const uint32_t *syncobjs, uint32_t n,
			   int64_t timeout_ms, uint32_t flags)
{
	/* An absolute deadline: a wait restarted after a signal does not start over. */
	struct drm_syncobj_wait w = {
		.handles = (uintptr_t)syncobjs, .count_handles = n, .flags = flags,
		.timeout_nsec = now_ns() + (timeout_ms < 0 ? 0 : timeout_ms) * 1000000ll,
	};
	int ret = gsim_drm_ioctl(dev->fd, DRM_IOCTL_SYNCOBJ_WAIT, &w);

	if (ret == -ETIME)
		return lgsim_fail(ret, "not signalled within %lld ms", (long long)timeout_ms);
	return ret ? lgsim_fail(ret, "SYNCOBJ_WAIT: %s", strerror(-ret)) : 0;
}

int lgsim_drm_syncobj_export(struct gsim_device *dev, uint32_t syncobj, int *sync_fd)
{
	struct drm_syncobj_handle h = {
		.handle = syncobj, .flags = DRM_SYNCOBJ_HANDLE_TO_FD_FLAGS_EXPORT_SYNC_FILE,
		.fd = -1,
	};
	int ret = gsim_drm_ioctl(dev->fd, DRM_IOCTL_SYNCOBJ_HANDLE_TO_FD, &h);

	if (ret)
		return lgsim_fail(ret, "exporting syncobj %u to a sync_file: %s", syncobj,
				  strerror(-ret));
	*sync_fd = h.fd;
	return 0;
}

int lgsim_drm_syncobj_status(struct gsim_device *dev, uint32_t syncobj, int *status)
{
	int sync_fd, ret = lgsim_drm_syncobj_export(dev, syncobj, &sync_fd);

	if (ret)
		return ret;
	ret = gsim_sync_file_status(sync_fd, status);
	close(sync_fd);
	return ret;
}
