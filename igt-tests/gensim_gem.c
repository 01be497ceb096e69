// SPDX-License-Identifier: MIT
/*
 * gensim_gem: buffers through the uapi: create, mmap (cached and
 * write-combined), close, many of them, the QUERY ioctl, fdinfo memory
 * figures, and a table of invalid arguments per ioctl with the documented
 * errors.  Object counts must come back to their baseline.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "lib/gensim_ioctl.h"
#include "lib/igt.h"
#include "lib/igt_gensim.h"

static int fd = -1;	/* static: survives the harness longjmp */

static void fill_check(uint32_t *p, uint64_t size, uint32_t seed)
{
	uint64_t n = size / 4, step = n > 65536 ? 1021 : 1;

	for (uint64_t i = 0; i < n; i += step)
		p[i] = seed ^ (uint32_t)i;
	for (uint64_t i = 0; i < n; i += step)
		igt_assert_f(p[i] == (seed ^ (uint32_t)i), "word %" PRIu64 " of %" PRIu64, i, n);
}

static void create_mmap(uint64_t size, uint32_t flags)
{
	uint32_t handle;
	void *p;

	igt_assert_eq(__gensim_gem_create(fd, size, flags, &handle), 0);
	p = gensim_gem_mmap(fd, handle, size);
	fill_check(p, size, (uint32_t)size ^ flags);
	munmap(p, size);
	/* A second mapping sees what the first wrote. */
	p = gensim_gem_mmap(fd, handle, size);
	igt_assert_eq(((uint32_t *)p)[0], ((uint32_t)size ^ flags) ^ 0);
	munmap(p, size);
	gensim_gem_close(fd, handle);
}

struct create_case {
	const char *what;
	struct drm_gensim_gem_create arg;
	int err;
};

static const struct create_case bad_create[] = {
	{ "size 0", { .size = 0 }, -EINVAL },
	{ "unknown flag", { .size = 4096, .flags = 2 }, -EINVAL },
	{ "all flags", { .size = 4096, .flags = ~0u }, -EINVAL },
	{ "extensions", { .size = 4096, .extensions = 1 }, -EINVAL },
	{ "reserved", { .size = 4096, .reserved = 1 }, -EINVAL },
	{ "pad", { .size = 4096, .pad = 1 }, -EINVAL },
	{ "unknown vm", { .size = 4096, .vm_id = 12345 }, -ENOENT },
	{ "handle in", { .size = 4096, .handle = 7 }, -EINVAL },
	{ "above the maximum", { .size = DRM_GENSIM_GEM_MAX_SIZE + 1 }, -E2BIG },
	/* Below the maximum, above half of the VM rig's RAM (at most 6 GiB). */
	{ "above half of RAM", { .size = 16ull << 30 }, -E2BIG },
	{ "huge", { .size = ~0ull }, -E2BIG },
};

igt_main
{
	static struct gensim_mem_counts base;

	igt_fixture {
		if (gensim_render_minor() < 0)
			gensim_load();
		fd = gensim_open_render();
		gensim_mem_counts(&base);
	}

	igt_subtest("query-device") {
		struct drm_gensim_query_device d;

		gensim_query_device(fd, &d);
		igt_assert_eq(d.vendor_id, 0x8086);
		igt_assert_eq(d.device_id, 0x1616);
		igt_assert_eq(d.engine_mask, 0xf);
		igt_assert_eq(d.eu_total, 24);
		igt_assert_eq(d.threads_per_eu, 7);
		igt_assert_eq(d.va_bits, 48);
		igt_assert_eq(d.ggtt_size, 4ull << 30);
		igt_assert(d.page_sizes & 4096);
		igt_assert(d.va_start >= 4096 && d.va_start < d.va_end);
		igt_assert(d.va_end <= 1ull << 48);
	}

	igt_subtest("query-engines") {
		struct drm_gensim_query_engines *q;
		static const char *const names[] = { "rcs0", "bcs0", "vcs0", "vecs0" };
		uint32_t size;

		igt_assert_eq(__gensim_query(fd, DRM_GENSIM_QUERY_ENGINES, (void **)&q, &size), 0);
		igt_assert_eq(q->num_engines, 4);
		igt_assert_eq(size, sizeof(*q) + 4 * sizeof(q->engines[0]));
		for (int i = 0; i < 4; i++) {
			igt_assert_eq(q->engines[i].engine_class, i);
			igt_assert_eq(q->engines[i].engine_instance, 0);
			igt_assert(!strcmp(q->engines[i].name, names[i]));
		}
		free(q);
	}

	igt_subtest("query-invalid") {
		struct drm_gensim_query_device d;
		struct drm_gensim_query q = { .query = 99 };

		igt_assert_eq(gensim_ioctl(fd, DRM_IOCTL_GENSIM_QUERY, &q), -EINVAL);
		q = (struct drm_gensim_query){ .query = DRM_GENSIM_QUERY_DEVICE, .size = 8,
					       .data = (uintptr_t)&d };
		igt_assert_eq(gensim_ioctl(fd, DRM_IOCTL_GENSIM_QUERY, &q), -EINVAL);
		q.size = sizeof(d) + 8;
		igt_assert_eq(gensim_ioctl(fd, DRM_IOCTL_GENSIM_QUERY, &q), -EINVAL);
		q = (struct drm_gensim_query){ .query = DRM_GENSIM_QUERY_DEVICE, .extensions = 1 };
		igt_assert_eq(gensim_ioctl(fd, DRM_IOCTL_GENSIM_QUERY, &q), -EINVAL);
		q = (struct drm_gensim_query){ .query = DRM_GENSIM_QUERY_DEVICE, .reserved = { 0, 1 } };
		igt_assert_eq(gensim_ioctl(fd, DRM_IOCTL_GENSIM_QUERY, &q), -EINVAL);
		q = (struct drm_gensim_query){ .query = DRM_GENSIM_QUERY_DEVICE, .size = sizeof(d),
					       .data = 8 };
		igt_assert_eq(gensim_ioctl(fd, DRM_IOCTL_GENSIM_QUERY, &q), -EFAULT);
	}

	igt_subtest("create-mmap-sizes") {
		static const uint64_t sizes[] = {
			4096, 8192, 65536, 1 << 20, 16 << 20, 64 << 20, 256 << 20,
		};

		for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
			create_mmap(sizes[i], 0);
			create_mmap(sizes[i], DRM_GENSIM_GEM_CREATE_CPU_WC);
		}
	}

	igt_subtest("create-rounds-up") {
		struct drm_gensim_gem_create c = { .size = 5000 };

		igt_assert_eq(gensim_ioctl(fd, DRM_IOCTL_GENSIM_GEM_CREATE, &c), 0);
		igt_assert_eq(c.size, 8192);
		gensim_gem_close(fd, c.handle);
	}

	igt_subtest("many-objects") {
		static uint32_t handles[10000];
		struct gensim_mem_counts c;

		for (int i = 0; i < 10000; i++)
			handles[i] = gensim_gem_create(fd, 4096);
		gensim_mem_counts(&c);
		igt_assert_eq(c.bos, base.bos + 10000);
		for (int i = 0; i < 10000; i++)
			gensim_gem_close(fd, handles[i]);
		gensim_mem_counts(&c);
		igt_assert_eq(c.bos, base.bos);
	}

	igt_subtest("create-invalid") {
		for (size_t i = 0; i < sizeof(bad_create) / sizeof(bad_create[0]); i++) {
			struct drm_gensim_gem_create c = bad_create[i].arg;
			int ret = gensim_ioctl(fd, DRM_IOCTL_GENSIM_GEM_CREATE, &c);

			igt_assert_f(ret == bad_create[i].err, "%s: got %d, expected %d",
				     bad_create[i].what, ret, bad_create[i].err);
		}
	}

	igt_subtest("mmap-offset-invalid") {
		uint32_t h = gensim_gem_create(fd, 4096);
		struct drm_gensim_gem_mmap_offset o;

		o = (struct drm_gensim_gem_mmap_offset){ .handle = h + 1000 };
		igt_assert_eq(gensim_ioctl(fd, DRM_IOCTL_GENSIM_GEM_MMAP_OFFSET, &o), -ENOENT);
		o = (struct drm_gensim_gem_mmap_offset){ .handle = h, .flags = 1 };
		igt_assert_eq(gensim_ioctl(fd, DRM_IOCTL_GENSIM_GEM_MMAP_OFFSET, &o), -EINVAL);
		o = (struct drm_gensim_gem_mmap_offset){ .handle = h, .extensions = 1 };
		igt_assert_eq(gensim_ioctl(fd, DRM_IOCTL_GENSIM_GEM_MMAP_OFFSET, &o), -EINVAL);
		o = (struct drm_gensim_gem_mmap_offset){ .handle = h, .reserved = { 1, 0 } };
		igt_assert_eq(gensim_ioctl(fd, DRM_IOCTL_GENSIM_GEM_MMAP_OFFSET, &o), -EINVAL);
		gensim_gem_close(fd, h);
		/* The handle is gone after close. */
		o = (struct drm_gensim_gem_mmap_offset){ .handle = h };
		igt_assert_eq(gensim_ioctl(fd, DRM_IOCTL_GENSIM_GEM_MMAP_OFFSET, &o), -ENOENT);
	}

	igt_subtest("fdinfo-memory") {
		char path[64], *info;
		uint32_t h[3];
		void *p[2];

		/* A file of its own, so only these buffers count. */
		int fd2 = gensim_open_render();

		for (int i = 0; i < 3; i++)
			h[i] = gensim_gem_create(fd2, 1 << 20);
		/* Map two of them: their pages are resident while mapped. */
		for (int i = 0; i < 2; i++) {
			p[i] = gensim_gem_mmap(fd2, h[i], 1 << 20);
			memset(p[i], i + 1, 1 << 20);
		}
		snprintf(path, sizeof(path), "/proc/self/fdinfo/%d", fd2);
		info = gensim_read_file(path);
		igt_assert(info);
		igt_info("%s", info);
		igt_assert(strstr(info, "drm-driver:\tgensim\n"));
		igt_assert_f(strstr(info, "drm-total-memory:\t3 MiB\n"), "%s", info);
		igt_assert(strstr(info, "drm-resident-memory:\t2 MiB\n"));
		free(info);
		for (int i = 0; i < 2; i++)
			munmap(p[i], 1 << 20);
		close(fd2);
	}

	igt_subtest("counts-back-to-baseline") {
		struct gensim_mem_counts c;

		gensim_mem_counts(&c);
		igt_assert_eq(c.bos, base.bos);
		igt_assert_eq(c.vms, base.vms);
		igt_assert_eq(c.page_tables, base.page_tables);
	}

	igt_fixture {
		close(fd);
		gensim_unload();
	}
}
