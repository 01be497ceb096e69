// SPDX-License-Identifier: MIT
/*
 * Opening and closing a device: which backend, and whose file.  The
 * in-process backend's gsim_open_inprocess() is in inproc.c (static
 * library) or inproc_none.c (shared library).
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "priv.h"

int gsim_open(const char *node, struct gsim_device **dev)
{
	char path[PATH_MAX];
	int fd, ret;

	if (!dev)
		return lgsim_fail(-EINVAL, "gsim_open: no place for the device");
	*dev = NULL;
	if (!node) {
		ret = gsim_find_render_node(path, sizeof(path));
		if (ret)
			return ret;
		node = path;
	}
	fd = open(node, O_RDWR | O_CLOEXEC);
	if (fd < 0)
		return lgsim_fail(-errno, "%s: %s", node, strerror(errno));
	ret = lgsim_drm_open(fd, true, dev);
	if (ret)
		close(fd);
	return ret;
}

int gsim_open_fd(int fd, uint32_t flags, struct gsim_device **dev)
{
	if (!dev)
		return lgsim_fail(-EINVAL, "gsim_open_fd: no place for the device");
	*dev = NULL;
	if (flags & ~GSIM_OPEN_FD_BORROW)
		return lgsim_fail(-EINVAL, "gsim_open_fd: unknown flags %#x", flags);
	if (fd < 0)
		return lgsim_fail(-EBADF, "gsim_open_fd: fd %d", fd);
	return lgsim_drm_open(fd, !(flags & GSIM_OPEN_FD_BORROW), dev);
}

void gsim_inprocess_config_init(struct gsim_inprocess_config *cfg)
{
	memset(cfg, 0, sizeof(*cfg));
	cfg->job_timeout_ms = 10000;
	cfg->log_level = -1;
}

void gsim_close(struct gsim_device *dev)
{
	if (!dev)
		return;
	dev->ops->close(dev);
	if (dev->own_fd && dev->fd >= 0)
		close(dev->fd);
	free(dev);
}

enum gsim_backend gsim_backend_of(const struct gsim_device *dev)
{
	return dev->backend;
}

int gsim_fd(const struct gsim_device *dev)
{
	if (dev->fd < 0)
		return lgsim_fail(-EOPNOTSUPP, "an in-process device has no DRM file");
	return dev->fd;
}
