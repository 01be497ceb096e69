// SPDX-License-Identifier: MIT
/*
 * gensim_prime: buffers shared with vgem through dma-buf, both ways, with
 * the data checked by the CPU through the other driver's mapping and by
 * the gensim device through its DMA probe.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <xf86drm.h>

#include "lib/gensim_ioctl.h"
#include "lib/igt.h"
#include "lib/igt_gensim.h"

#define SIZE	(64 * 1024)
#define VA	0x400000ull

static int fd = -1, vgem = -1;	/* static: survive the harness longjmp */

static uint32_t vgem_create(uint32_t size, void **map)
{
	struct drm_mode_create_dumb c = { .width = size / 4, .height = 1, .bpp = 32 };
	struct drm_mode_map_dumb m = { 0 };
	void *p;

	igt_assert_eq(gensim_ioctl(vgem, DRM_IOCTL_MODE_CREATE_DUMB, &c), 0);
	m.handle = c.handle;
	igt_assert_eq(gensim_ioctl(vgem, DRM_IOCTL_MODE_MAP_DUMB, &m), 0);
	p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, vgem, m.offset);
	igt_assert(p != MAP_FAILED);
	*map = p;
	return c.handle;
}

igt_main
{
	static struct gensim_mem_counts base;

	igt_fixture {
		if (gensim_render_minor() < 0)
			gensim_load();
		/* A module on the stock kernel; built into the debug kernel. */
		igt_assert_eq(gensim_system("grep -q '/vgem\\.ko$' /lib/modules/$(uname -r)/modules.builtin 2>/dev/null || "
					    "[ ! -d /lib/modules/$(uname -r) ] || modprobe vgem"), 0);
		fd = gensim_open_render();
		vgem = gensim_open_vgem();
		igt_require(vgem >= 0);
		gensim_mem_counts(&base);
	}

	igt_subtest("export-to-vgem") {
		uint32_t h = gensim_gem_create(fd, SIZE), vh, *ours, *theirs;
		int dmabuf, again;

		ours = gensim_gem_mmap(fd, h, SIZE);
		for (int i = 0; i < SIZE / 4; i++)
			ours[i] = 0x11110000 + i;
		igt_assert_eq(drmPrimeHandleToFD(fd, h, DRM_CLOEXEC | DRM_RDWR, &dmabuf), 0);
		igt_assert_eq(drmPrimeFDToHandle(vgem, dmabuf, &vh), 0);
		/*
		 * vgem refuses to CPU-map an import, so read through what vgem
		 * exports for its handle: the same buffer, mapped by dma-buf.
		 */
		igt_assert_eq(drmPrimeHandleToFD(vgem, vh, DRM_CLOEXEC | DRM_RDWR, &again), 0);
		theirs = mmap(NULL, SIZE, PROT_READ | PROT_WRITE, MAP_SHARED, again, 0);
		igt_assert_f(theirs != MAP_FAILED, "mmap of the dma-buf: %s", strerror(errno));
		for (int i = 0; i < SIZE / 4; i += 97)
			igt_assert_eq(theirs[i], 0x11110000 + i);
		/* And back: writes through vgem's export show in gensim's mapping. */
		theirs[5] = 0xabcdef01;
		igt_assert_eq(ours[5], 0xabcdef01);
		munmap(theirs, SIZE);
		munmap(ours, SIZE);
		close(again);
		close(dmabuf);
		gensim_gem_close(fd, h);
		{
			struct drm_gem_close c = { .handle = vh };

			igt_assert_eq(gensim_ioctl(vgem, DRM_IOCTL_GEM_CLOSE, &c), 0);
		}
	}

	igt_subtest("import-from-vgem-device-sees-it") {
		uint32_t vh, h, vm, data, *theirs;
		int dmabuf;

		vh = vgem_create(SIZE, (void **)&theirs);
		for (int i = 0; i < SIZE / 4; i++)
			theirs[i] = 0x22220000 + i;
		igt_assert_eq(drmPrimeHandleToFD(vgem, vh, DRM_CLOEXEC | DRM_RDWR, &dmabuf), 0);
		igt_assert_eq(drmPrimeFDToHandle(fd, dmabuf, &h), 0);

		vm = gensim_vm_create(fd, 0);
		gensim_vm_map(fd, vm, h, 0, SIZE, VA, 0);
		/* The gensim device reads vgem's pages at the bound address... */
		for (int i = 0; i < SIZE / 4; i += 1031) {
			igt_assert_eq(gensim_probe_ppgtt_read(fd, vm, VA + 4 * i, &data), DMA_PROBE_OK);
			igt_assert_eq(data, 0x22220000 + i);
		}
		/* ...and its writes land in them. */
		igt_assert_eq(gensim_probe_ppgtt_write(fd, vm, VA + 0x100, 0x5eed5eed), DMA_PROBE_OK);
		igt_assert_eq(theirs[0x40], 0x5eed5eed);

		gensim_vm_destroy(fd, vm);
		gensim_gem_close(fd, h);
		munmap(theirs, SIZE);
		close(dmabuf);
		{
			struct drm_gem_close c = { .handle = vh };

			igt_assert_eq(gensim_ioctl(vgem, DRM_IOCTL_GEM_CLOSE, &c), 0);
		}
	}

	igt_subtest("self-import-is-the-same-buffer") {
		uint32_t h = gensim_gem_create(fd, SIZE), h2;
		int dmabuf;

		igt_assert_eq(drmPrimeHandleToFD(fd, h, DRM_CLOEXEC, &dmabuf), 0);
		igt_assert_eq(drmPrimeFDToHandle(fd, dmabuf, &h2), 0);
		igt_assert_eq(h2, h);
		close(dmabuf);
		gensim_gem_close(fd, h);
	}

	igt_subtest("counts-back-to-baseline") {
		struct gensim_mem_counts c;

		gensim_mem_counts(&c);
		igt_assert_eq(c.bos, base.bos);
		igt_assert_eq(c.vms, base.vms);
		igt_assert_eq(c.page_tables, base.page_tables);
	}

	igt_fixture {
		close(vgem);
		close(fd);
		gensim_unload();
	}
}
