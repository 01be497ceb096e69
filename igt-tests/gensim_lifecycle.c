// SPDX-License-Identifier: MIT
/*
 * gensim_lifecycle: the stack's life: load and unload, device processes
 * attaching and detaching, a device process killed under a client, and a
 * new one attaching after it.  Every wait is bounded; the kernel log must
 * stay free of warnings throughout.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <xf86drm.h>

#include "lib/igt.h"
#include "lib/igt_gensim.h"

static void assert_gensim(int fd)
{
	drmVersionPtr v = drmGetVersion(fd);

	igt_assert_f(v, "DRM_IOCTL_VERSION: %s", strerror(errno));
	igt_assert(!strcmp(v->name, "gensim"));
	drmFreeVersion(v);
}

static void ensure_module_only(void)
{
	if (gensim_render_minor() >= 0 || gensim_module_loaded())
		gensim_unload();
	igt_assert_eq(gensim_system("%s/scripts/gensim-insmod", gensim_top()), 0);
}

igt_main
{
	igt_subtest("load-unload") {
		if (gensim_module_loaded())
			gensim_unload();
		for (int i = 0; i < igt_iterations(20); i++) {
			int fd;

			gensim_load();
			fd = gensim_open_render();
			assert_gensim(fd);
			close(fd);
			gensim_unload();
			igt_assert(!gensim_module_loaded());
			igt_assert(gensim_render_minor() < 0);
			igt_assert_eq(gensim_system("pgrep -x gensim-device >/dev/null"), 1);
		}
	}

	igt_subtest("attach-detach") {
		ensure_module_only();
		for (int i = 0; i < igt_iterations(20); i++) {
			pid_t pid = gensim_device_start(NULL);
			int fd = gensim_open_render();

			assert_gensim(fd);
			close(fd);
			igt_assert_eq(gensim_device_stop(pid, SIGTERM), 0);
		}
		gensim_unload();
	}

	igt_subtest("second-device-busy") {
		pid_t first, second;
		char *log;
		int fd;

		ensure_module_only();
		first = gensim_device_start(NULL);
		second = gensim_device_spawn(NULL);
		igt_assert_eq(gensim_device_wait(second, 10000), 1);
		log = gensim_dmesg();
		igt_assert(strstr(log, "refusing a second device process"));
		free(log);
		fd = gensim_open_render();
		assert_gensim(fd);
		close(fd);
		igt_assert_eq(gensim_device_stop(first, SIGTERM), 0);
		gensim_unload();
	}

	igt_subtest("sigkill-with-open-client") {
		pid_t pid;
		int fd;

		ensure_module_only();
		pid = gensim_device_start(NULL);
		fd = gensim_open_render();
		assert_gensim(fd);
		alarm(30);	/* the client must get errors, not hang */
		igt_assert_eq(gensim_device_stop(pid, SIGKILL), 128 + SIGKILL);
		igt_assert(drmGetVersion(fd) == NULL);
		igt_assert_eq(errno, ENODEV);
		alarm(0);
		close(fd);
		gensim_unload();
	}

	igt_subtest("reattach") {
		pid_t pid;
		int old_fd, fd;

		ensure_module_only();
		pid = gensim_device_start(NULL);
		old_fd = gensim_open_render();
		igt_assert_eq(gensim_device_stop(pid, SIGKILL), 128 + SIGKILL);

		/* A new device process gets a new DRM device through a fresh probe. */
		pid = gensim_device_start("--engines rcs0,bcs0 --slices 2 --subslices 2 --eus 6");
		fd = gensim_open_render();
		assert_gensim(fd);
		{
			char *info = gensim_debugfs("info");

			igt_assert_f(strstr(info, "engines: rcs0 bcs0\n"), "%s", info);
			igt_assert(strstr(info, "eu total: 24\n"));
			igt_assert(strstr(info, "slice mask: 0x3\n"));
			igt_assert(strstr(info, "subslice mask: 0x3\n"));
			free(info);
		}
		/* The old client still gets errors, and closing it is fine. */
		igt_assert(drmGetVersion(old_fd) == NULL);
		igt_assert_eq(errno, ENODEV);
		close(old_fd);
		close(fd);
		igt_assert_eq(gensim_device_stop(pid, SIGTERM), 0);
		gensim_unload();
	}

	igt_subtest("kill-during-probe") {
		ensure_module_only();
		for (int i = 0; i < 10; i++) {
			pid_t pid = gensim_device_spawn(NULL);

			usleep(i * 20000);
			kill(pid, SIGKILL);
			igt_assert(gensim_device_wait(pid, 10000) >= 0);
			igt_assert(gensim_wait_render_node(false, 10000));
		}
		/* The module can still serve a device afterwards. */
		igt_assert_eq(gensim_device_stop(gensim_device_start(NULL), SIGTERM), 0);
		gensim_unload();
	}

	igt_subtest("unload-refused-while-client-open") {
		pid_t pid;
		int fd;

		ensure_module_only();
		pid = gensim_device_start(NULL);
		fd = gensim_open_render();
		igt_assert_eq(gensim_device_stop(pid, SIGTERM), 0);
		/* The unplugged DRM device lives while its client does. */
		igt_assert(gensim_system("rmmod gensim 2>/dev/null") != 0);
		close(fd);
		gensim_unload();
		igt_assert(!gensim_module_loaded());
	}
}
