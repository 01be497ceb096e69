// SPDX-License-Identifier: MIT
/*
 * gensim-drm-info: what a generic DRM client sees of a node: driver name,
 * version, description, node type and bus.  Used by the demo; works on
 * any DRM device.  With --expect-enodev it instead checks that the node's
 * ioctls fail with ENODEV (an unplugged device) and holds it open first
 * for --hold seconds.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <xf86drm.h>

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
	drmVersionPtr v;
	drmDevicePtr dev;
	int fd;

	if (argc < 2) {
		fprintf(stderr, "usage: gensim-drm-info /dev/dri/renderDN [--hold-then-check-enodev SECONDS]\n");
		return 2;
	}
	fd = open(argv[1], O_RDWR | O_CLOEXEC);
	if (fd < 0) {
		fprintf(stderr, "%s: %s\n", argv[1], strerror(errno));
		return 1;
	}
	if (argc == 4 && !strcmp(argv[2], "--hold-then-check-enodev")) {
		printf("client: holding %s open for %s s\n", argv[1], argv[3]);
		fflush(stdout);
		sleep(atoi(argv[3]));
		v = drmGetVersion(fd);
		if (v || errno != ENODEV) {
			printf("client: DRM_IOCTL_VERSION did not fail with ENODEV (errno %d)\n", errno);
			return 1;
		}
		printf("client: DRM_IOCTL_VERSION on the held fd now fails: %s\n", strerror(errno));
		close(fd);
		return 0;
	}
	v = drmGetVersion(fd);
	if (!v) {
		fprintf(stderr, "DRM_IOCTL_VERSION: %s\n", strerror(errno));
		return 1;
	}
	printf("node:        %s (%s node)\n", argv[1],
	       drmGetNodeTypeFromFd(fd) == DRM_NODE_RENDER ? "render" : "primary");
	printf("driver:      %s %d.%d.%d\n", v->name, v->version_major, v->version_minor,
	       v->version_patchlevel);
	printf("description: %s\n", v->desc);
	if (!drmGetDevice2(fd, 0, &dev)) {
		printf("bus:         %s\n", bus_name(dev->bustype));
		drmFreeDevice(&dev);
	}
	drmFreeVersion(v);
	close(fd);
	return 0;
}
