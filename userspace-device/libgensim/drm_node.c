// SPDX-License-Identifier: MIT
/*
 * Finding the gensim render node: the first /dev/dri/renderD* whose
 * driver (DRM_IOCTL_VERSION) is "gensim" - by name, as any DRM client
 * finds its driver, so other GPUs in the machine do not matter.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "drm.h"

/* DRM_IOCTL_VERSION into @v; @fd any DRM file. */
static int version(int fd, struct gsim_version *v)
{
	struct drm_version dv = {
		.name = v->name, .name_len = sizeof(v->name) - 1,
		.date = v->date, .date_len = sizeof(v->date) - 1,
		.desc = v->desc, .desc_len = sizeof(v->desc) - 1,
	};
	int ret = gsim_drm_ioctl(fd, DRM_IOCTL_VERSION, &dv);

	if (ret)
		return ret;
	/* The kernel copies at most the lengths given and reports the full ones. */
	v->name[dv.name_len < sizeof(v->name) ? dv.name_len : sizeof(v->name) - 1] = 0;
	v->date[dv.date_len < sizeof(v->date) ? dv.date_len : sizeof(v->date) - 1] = 0;
	v->desc[dv.desc_len < sizeof(v->desc) ? dv.desc_len : sizeof(v->desc) - 1] = 0;
	v->major = dv.version_major;
	v->minor = dv.version_minor;
	v->patchlevel = dv.version_patchlevel;
	return 0;
}

int lgsim_drm_query_version(struct gsim_device *dev, struct gsim_version *v)
{
	int ret = version(dev->fd, v);

	return ret ? lgsim_fail(ret, "DRM_IOCTL_VERSION: %s", strerror(-ret)) : 0;
}

int gsim_find_render_node(char *path, size_t len)
{
	char node[64];

	if (!path || !len)
		return lgsim_fail(-EINVAL, "gsim_find_render_node: no room for the path");
	for (int minor = 128; minor < 192; minor++) {
		struct gsim_version v = { 0 };
		int fd, ret;

		snprintf(node, sizeof(node), "/dev/dri/renderD%d", minor);
		fd = open(node, O_RDWR | O_CLOEXEC);
		if (fd < 0)
			continue;
		ret = version(fd, &v);
		close(fd);
		if (!ret && !strcmp(v.name, "gensim")) {
			if (strlen(node) >= len)
				return lgsim_fail(-ENAMETOOLONG, "%s: longer than %zu bytes", node,
						  len);
			strcpy(path, node);
			return 0;
		}
	}
	return lgsim_fail(-ENODEV, "no gensim render node in /dev/dri (is the driver loaded?)");
}
