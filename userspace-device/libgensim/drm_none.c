// SPDX-License-Identifier: MIT
/*
 * libgensim built without the libdrm headers (drm.h, which the uapi
 * includes): no driver backend.  Opening a render node says why instead
 * of pretending (libgensim.mk picks this file); the in-process backend
 * and the fd helpers (fd.c) are unaffected.
 */
#include <errno.h>

#include "priv.h"

int lgsim_drm_open(int fd, bool own_fd, struct gsim_device **dev)
{
	(void)fd;
	(void)own_fd;
	(void)dev;
	return lgsim_fail(-ENOSYS, "libgensim was built without the libdrm headers "
			  "(install libdrm-dev): no driver backend");
}

int gsim_find_render_node(char *path, size_t len)
{
	(void)path;
	(void)len;
	return lgsim_fail(-ENOSYS, "libgensim was built without the libdrm headers "
			  "(install libdrm-dev): no driver backend");
}
