// SPDX-License-Identifier: MIT
/*
 * gensim-drm-info: what a generic DRM client sees of a node: driver name,
 * version, description, node type and bus.  Used by the demo; works on
 * any DRM device: libgensim opens the node and asks DRM_IOCTL_VERSION
 * (gsim_query_version()), libdrm names the node type and the bus.  With
 * --hold-then-check-enodev it instead checks that the node's ioctls fail
 * with ENODEV (an unplugged device) and holds it open first for that
 * many seconds.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <xf86drm.h>

#include <gensim/gensim.h>

static const char *bus_name(int bus)
{
	switch (bus) {
	case DRM_BUS_PCI: return "pci";
	case DRM_BUS_USB: return "usb";
	case DRM_BUS_PLATFORM: return "platform";
	case DRM_BUS_HOST1X: return "host1x";
	default: return "unknown";
	}
}

int main(int argc, char **argv)
{
	struct gsim_device *dev;
	struct gsim_version v;
	drmDevicePtr drm;
	int fd, ret;

	if (argc < 2) {
		fprintf(stderr, "usage: gensim-drm-info /dev/dri/renderDN [--hold-then-check-enodev SECONDS]\n");
		return 2;
	}
	if (gsim_open(argv[1], &dev)) {
		fprintf(stderr, "%s\n", gsim_last_error());
		return 1;
	}
	fd = gsim_fd(dev);
	if (argc == 4 && !strcmp(argv[2], "--hold-then-check-enodev")) {
		printf("client: holding %s open for %s s\n", argv[1], argv[3]);
		fflush(stdout);
		sleep(atoi(argv[3]));
		ret = gsim_query_version(dev, &v);
		if (ret != -ENODEV) {
			printf("client: DRM_IOCTL_VERSION did not fail with ENODEV (%d)\n", ret);
			return 1;
		}
		printf("client: DRM_IOCTL_VERSION on the held fd now fails: %s\n",
		       strerror(-ret));
		gsim_close(dev);
		return 0;
	}
	if (gsim_query_version(dev, &v)) {
		fprintf(stderr, "%s\n", gsim_last_error());
		return 1;
	}
	printf("node:        %s (%s node)\n", argv[1],
	       drmGetNodeTypeFromFd(fd) == DRM_NODE_RENDER ? "render" : "primary");
	printf("driver:      %s %d.%d.%d\n", v.name, v.major, v.minor, v.patchlevel);
	printf("description: %s\n", v.desc);
	if (!drmGetDevice2(fd, 0, &drm)) {
		printf("bus:         %s\n", bus_name(drm->bustype));
		drmFreeDevice(&drm);
	}
	gsim_close(dev);
	return 0;
}
