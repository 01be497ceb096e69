// SPDX-License-Identifier: MIT
/*
 * What works on a bare file descriptor, with no gensim device behind it:
 * a uapi ioctl as the kernel expects it to be retried, and sync_files -
 * which outlive the DRM device they came from, so a caller can still
 * learn how a job ended after the device went away.  Needs only the
 * kernel's headers: built with or without libdrm's.
 */
#include <errno.h>
#include <poll.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <linux/sync_file.h>

#include "priv.h"

int gsim_drm_ioctl(int fd, unsigned long request, void *arg)
{
	int ret;

	do {
		ret = ioctl(fd, request, arg);
	} while (ret == -1 && (errno == EINTR || errno == EAGAIN));
	return ret ? -errno : 0;
}

static int64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000ll + ts.tv_nsec;
}

int gsim_sync_file_status(int sync_fd, int *status)
{
	struct sync_file_info info = { 0 };

	if (!status)
		return lgsim_fail(-EINVAL, "gsim_sync_file_status: NULL argument");
	if (ioctl(sync_fd, SYNC_IOC_FILE_INFO, &info))
		return lgsim_fail(-errno, "SYNC_IOC_FILE_INFO: %s", strerror(errno));
	*status = info.status;
	return 0;
}

int gsim_sync_file_wait(int sync_fd, int timeout_ms, int *status)
{
	int64_t deadline = now_ns() + (int64_t)timeout_ms * 1000000ll;

	for (;;) {
		struct pollfd p = { .fd = sync_fd, .events = POLLIN };
		int64_t left = (deadline - now_ns()) / 1000000;
		int ret = poll(&p, 1, left > 0 ? (int)left : 0);

		if (ret < 0 && errno == EINTR)
			continue;
		/* Signalled, or timed out: the status tells which. */
		return gsim_sync_file_status(sync_fd, status);
	}
}
