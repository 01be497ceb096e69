// SPDX-License-Identifier: MIT
/*
 * gensim_core: the DRM device a probed gensim GPU registers, seen by a
 * generic DRM client: its name, its render node, what the probe found.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <xf86drm.h>

#include "lib/igt.h"
#include "lib/igt_gensim.h"

/* The value debugfs "regs" prints for register NAME, or -1. */
static long long reg_value(const char *regs, const char *name)
{
	size_t len = strlen(name);

	for (const char *l = regs; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
		if (!strncmp(l, name, len) && l[len] == ' ')
			return strtoll(strchr(l, ':') + 1, NULL, 16);
	}
	return -1;
}

igt_main
{
	static int fd = -1;	/* static: survives the harness longjmp */

	igt_fixture {
		if (gensim_render_minor() < 0)
			gensim_load();
		fd = gensim_open_render();
	}

	igt_subtest("version") {
		drmVersionPtr v = drmGetVersion(fd);

		igt_assert(v);
		igt_assert_f(!strcmp(v->name, "gensim"), "driver name \"%s\"", v->name);
		igt_assert_eq(v->version_major, 0);
		igt_assert(v->desc && strstr(v->desc, "Gen8"));
		drmFreeVersion(v);
	}

	igt_subtest("render-node-is-render") {
		char *name = drmGetDeviceNameFromFd2(fd);

		igt_assert(name);
		igt_assert_f(strstr(name, "/dev/dri/renderD"), "node %s", name);
		igt_assert_eq(drmGetNodeTypeFromFd(fd), DRM_NODE_RENDER);
		free(name);
	}

	igt_subtest("drm-device-lookup") {
		drmDevicePtr dev;

		igt_assert_eq(drmGetDevice2(fd, 0, &dev), 0);
		igt_assert_eq(dev->bustype, DRM_BUS_PLATFORM);
		igt_assert_f(dev->available_nodes & (1 << DRM_NODE_RENDER), "nodes %#x",
			     dev->available_nodes);
		drmFreeDevice(&dev);
	}

	igt_subtest("probe-read-the-registers") {
		char *info = gensim_debugfs("info");

		igt_assert(info);
		igt_assert_f(strstr(info, "pci id: 8086:1616"), "%s", info);
		igt_assert(strstr(info, "engines: rcs0 bcs0 vcs0 vecs0"));
		igt_assert(strstr(info, "eu total: 24"));
		igt_assert(strstr(info, "threads per eu: 7"));
		igt_assert(strstr(info, "ggtt size: 4096 MiB"));
		igt_assert(strstr(info, "channel: attached\n"));
		free(info);
	}

	igt_subtest("probe-interrupt-selftest") {
		char *info = gensim_debugfs("info");

		/* The probe forced one render user interrupt and waited for it. */
		igt_assert(info);
		igt_assert_f(strstr(info, "rcs0 user interrupts: 1\n"), "%s", info);
		free(info);
	}

	igt_subtest("probe-dmesg-line") {
		char *log = gensim_dmesg();

		igt_assert_f(strstr(log, "Gen8 GPU 8086:1616 rev 0x09: engines rcs0 bcs0 vcs0 vecs0; "
					 "1 slice(s), 3 subslice(s), 24 EUs x 7 threads"),
			     "probe line missing from dmesg");
		free(log);
	}

	igt_subtest("debugfs-regs") {
		char *regs = gensim_debugfs("regs");

		igt_assert(regs);
		/* After probe: master on, GDRST idle, no unclaimed access. */
		igt_assert_eq(reg_value(regs, "GEN8_MASTER_IRQ"), 0x80000000);
		igt_assert_eq(reg_value(regs, "GEN6_GDRST"), 0);
		igt_assert_eq(reg_value(regs, "FPGA_DBG"), 0);
		/* Render user, context switch, error and page fault enabled in bank 0. */
		igt_assert_eq(reg_value(regs, "GEN8_GT_IER(0)"), 0x01890189);
		igt_assert_eq(reg_value(regs, "GEN8_GT_IMR(0)"), ~0x01890189u);
		igt_assert_eq(reg_value(regs, "GENSIM_ENGINE_MASK"), 0xf);
		free(regs);
	}

	igt_fixture {
		close(fd);
		gensim_unload();
	}
}
