// SPDX-License-Identifier: MIT
/*
 * gensim_vm: GPU virtual address spaces through the uapi, checked from the
 * device's side with the DMA probe (debugfs dma_probe): the device reads
 * what the CPU wrote at the bound address, its writes land in the buffer,
 * unbound and read-only accesses fault and are reported, overlapping binds
 * split and replace, scratch VMs read zeros.  Invalid arguments get their
 * documented errors; object, VM and page-table counts return to baseline.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "lib/gensim_batch.h"
#include "lib/gensim_ioctl.h"
#include "lib/igt.h"
#include "lib/igt_gensim.h"

#define SZ_4K	((uint64_t)0x1000)
#define SZ_64K	((uint64_t)0x10000)
#define SZ_1M	((uint64_t)0x100000)

static int fd = -1;	/* static: survives the harness longjmp */
static struct drm_gensim_query_device dev;

/* A buffer whose dword i holds seed + i. */
static uint32_t patterned_bo(uint64_t size, uint32_t seed, uint32_t **map)
{
	uint32_t h = gensim_gem_create(fd, size);
	uint32_t *p = gensim_gem_mmap(fd, h, size);

	for (uint64_t i = 0; i < size / 4; i++)
		p[i] = seed + (uint32_t)i;
	if (map)
		*map = p;
	else
		munmap(p, size);
	return h;
}

static void expect_read(uint32_t vm, uint64_t addr, uint32_t value)
{
	uint32_t data = 0;
	int st = gensim_probe_ppgtt_read(fd, vm, addr, &data);

	igt_assert_f(st == DMA_PROBE_OK && data == value,
		     "device read at %#" PRIx64 ": status %d data %#x, expected ok %#x",
		     addr, st, data, value);
}

static void expect_fault(uint32_t vm, uint64_t addr, bool write, const char *type)
{
	uint64_t before = gensim_fault_count();
	uint32_t data = 0;
	char *last;
	int st;

	st = write ? gensim_probe_ppgtt_write(fd, vm, addr, 0xbad) :
		     gensim_probe_ppgtt_read(fd, vm, addr, &data);
	igt_assert_f(st == DMA_PROBE_FAULT, "device %s at %#" PRIx64 ": status %d, not a fault",
		     write ? "write" : "read", addr, st);
	/* The page-fault interrupt reaches the driver, which logs the fault. */
	for (int i = 0; i < 100 && gensim_fault_count() == before; i++)
		usleep(10000);
	igt_assert_eq(gensim_fault_count(), before + 1);
	last = gensim_last_fault();
	igt_assert_f(strstr(last, "rcs0 ppgtt"), "%s", last);
	igt_assert_f(strstr(last, type), "fault \"%s\" is not of type %s", last, type);
	{
		char want[48];

		snprintf(want, sizeof(want), "addr %#" PRIx64 " ", addr & ~(uint64_t)0xfff);
		igt_assert_f(strstr(last, want), "fault \"%s\" is not at %s", last, want);
	}
	free(last);
}

struct bind_case {
	const char *what;
	struct drm_gensim_vm_bind_op op;
	int err;
};

igt_main
{
	static struct gensim_mem_counts base;

	igt_fixture {
		if (gensim_render_minor() < 0)
			gensim_load();
		fd = gensim_open_render();
		gensim_query_device(fd, &dev);
		gensim_mem_counts(&base);
	}

	igt_subtest("vm-create-destroy-x1000") {
		struct gensim_mem_counts c;

		for (int i = 0; i < igt_iterations(1000); i++)
			gensim_vm_destroy(fd, gensim_vm_create(fd, i & 1));
		gensim_mem_counts(&c);
		igt_assert_eq(c.vms, base.vms);
		igt_assert_eq(c.page_tables, base.page_tables);
	}

	igt_subtest("vm-invalid") {
		struct drm_gensim_vm_create c;
		struct drm_gensim_vm_destroy d;
		uint32_t vm;

		c = (struct drm_gensim_vm_create){ .flags = 2 };
		igt_assert_eq(gensim_ioctl(fd, DRM_IOCTL_GENSIM_VM_CREATE, &c), -EINVAL);
		c = (struct drm_gensim_vm_create){ .extensions = 1 };
		igt_assert_eq(gensim_ioctl(fd, DRM_IOCTL_GENSIM_VM_CREATE, &c), -EINVAL);
		c = (struct drm_gensim_vm_create){ .reserved = { 1, 0 } };
		igt_assert_eq(gensim_ioctl(fd, DRM_IOCTL_GENSIM_VM_CREATE, &c), -EINVAL);
		c = (struct drm_gensim_vm_create){ .vm_id = 3 };
		igt_assert_eq(gensim_ioctl(fd, DRM_IOCTL_GENSIM_VM_CREATE, &c), -EINVAL);
		igt_assert_eq(__gensim_vm_destroy(fd, 12345), -ENOENT);
		igt_assert_eq(__gensim_vm_destroy(fd, 0), -ENOENT);
		vm = gensim_vm_create(fd, 0);
		d = (struct drm_gensim_vm_destroy){ .vm_id = vm, .pad = 1 };
		igt_assert_eq(gensim_ioctl(fd, DRM_IOCTL_GENSIM_VM_DESTROY, &d), -EINVAL);
		d = (struct drm_gensim_vm_destroy){ .vm_id = vm, .extensions = 1 };
		igt_assert_eq(gensim_ioctl(fd, DRM_IOCTL_GENSIM_VM_DESTROY, &d), -EINVAL);
		gensim_vm_destroy(fd, vm);
		igt_assert_eq(__gensim_vm_destroy(fd, vm), -ENOENT);
	}

	igt_subtest("bind-invalid") {
		uint32_t vm = gensim_vm_create(fd, 0), h = gensim_gem_create(fd, SZ_64K);
		const struct bind_case cases[] = {
			{ "unknown op", { .op = 7, .handle = h, .range = SZ_4K, .addr = SZ_1M }, -EINVAL },
			{ "unknown flag", { .handle = h, .range = SZ_4K, .addr = SZ_1M, .flags = 2 }, -EINVAL },
			{ "range 0", { .handle = h, .range = 0, .addr = SZ_1M }, -EINVAL },
			{ "unaligned addr", { .handle = h, .range = SZ_4K, .addr = SZ_1M + 8 }, -EINVAL },
			{ "unaligned range", { .handle = h, .range = 100, .addr = SZ_1M }, -EINVAL },
			{ "unaligned offset", { .handle = h, .obj_offset = 4, .range = SZ_4K, .addr = SZ_1M }, -EINVAL },
			{ "past the buffer", { .handle = h, .obj_offset = SZ_64K - SZ_4K, .range = 2 * SZ_4K, .addr = SZ_1M }, -EINVAL },
			{ "offset overflow", { .handle = h, .obj_offset = ~0xfffull, .range = SZ_4K, .addr = SZ_1M }, -EINVAL },
			{ "below va_start", { .handle = h, .range = SZ_4K, .addr = 0 }, -EINVAL },
			{ "past va_end", { .handle = h, .range = SZ_4K, .addr = dev.va_end }, -EINVAL },
			{ "straddles va_end", { .handle = h, .range = 2 * SZ_4K, .addr = dev.va_end - SZ_4K }, -EINVAL },
			{ "address overflow", { .handle = h, .range = SZ_64K, .addr = ~0xfffull }, -EINVAL },
			{ "bad handle", { .handle = h + 100, .range = SZ_4K, .addr = SZ_1M }, -ENOENT },
			{ "extensions", { .extensions = 1, .handle = h, .range = SZ_4K, .addr = SZ_1M }, -EINVAL },
			{ "pad", { .pad = 1, .handle = h, .range = SZ_4K, .addr = SZ_1M }, -EINVAL },
			{ "reserved", { .reserved = { 0, 1 }, .handle = h, .range = SZ_4K, .addr = SZ_1M }, -EINVAL },
			{ "unmap with handle", { .op = DRM_GENSIM_VM_BIND_OP_UNMAP, .handle = h, .range = SZ_4K, .addr = SZ_1M }, -EINVAL },
			{ "unmap with offset", { .op = DRM_GENSIM_VM_BIND_OP_UNMAP, .obj_offset = SZ_4K, .range = SZ_4K, .addr = SZ_1M }, -EINVAL },
			{ "unmap with flags", { .op = DRM_GENSIM_VM_BIND_OP_UNMAP, .flags = 1, .range = SZ_4K, .addr = SZ_1M }, -EINVAL },
		};
		struct drm_gensim_vm_bind_op ok = { .handle = h, .range = SZ_4K, .addr = SZ_1M };
		struct drm_gensim_vm_bind b;
		struct gensim_mem_counts c;

		for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
			struct drm_gensim_vm_bind_op op = cases[i].op;
			int ret = __gensim_vm_bind(fd, vm, &op, 1);

			igt_assert_f(ret == cases[i].err, "%s: got %d, expected %d", cases[i].what,
				     ret, cases[i].err);
		}
		/* The ioctl's own fields. */
		igt_assert_eq(__gensim_vm_bind(fd, vm + 99, &ok, 1), -ENOENT);
		igt_assert_eq(__gensim_vm_bind(fd, vm, &ok, 0), -EINVAL);
		igt_assert_eq(__gensim_vm_bind(fd, vm, &ok, DRM_GENSIM_VM_BIND_MAX_OPS + 1), -EINVAL);
		b = (struct drm_gensim_vm_bind){ .vm_id = vm, .num_binds = 1, .binds = 8 };
		igt_assert_eq(gensim_ioctl(fd, DRM_IOCTL_GENSIM_VM_BIND, &b), -EFAULT);
		b = (struct drm_gensim_vm_bind){ .vm_id = vm, .num_binds = 1,
						 .binds = (uintptr_t)&ok, .num_syncs = 1 };
		igt_assert_eq(gensim_ioctl(fd, DRM_IOCTL_GENSIM_VM_BIND, &b), -EINVAL);
		b = (struct drm_gensim_vm_bind){ .vm_id = vm, .num_binds = 1,
						 .binds = (uintptr_t)&ok, .syncs = 8 };
		igt_assert_eq(gensim_ioctl(fd, DRM_IOCTL_GENSIM_VM_BIND, &b), -EINVAL);
		b = (struct drm_gensim_vm_bind){ .vm_id = vm, .num_binds = 1,
						 .binds = (uintptr_t)&ok, .extensions = 1 };
		igt_assert_eq(gensim_ioctl(fd, DRM_IOCTL_GENSIM_VM_BIND, &b), -EINVAL);
		/* A bad operation anywhere stops the whole array before any applies. */
		{
			struct drm_gensim_vm_bind_op two[2] = { ok, ok };

			two[1].range = 0;
			igt_assert_eq(__gensim_vm_bind(fd, vm, two, 2), -EINVAL);
			expect_fault(vm, SZ_1M, false, "type 1");
		}
		gensim_vm_destroy(fd, vm);
		gensim_gem_close(fd, h);
		gensim_mem_counts(&c);
		igt_assert_eq(c.bos, base.bos);
		igt_assert_eq(c.page_tables, base.page_tables);
	}

	igt_subtest("device-reads-what-cpu-wrote") {
		uint32_t vm = gensim_vm_create(fd, 0), *map;
		uint32_t h = patterned_bo(SZ_64K, 0x1000, &map);

		gensim_vm_map(fd, vm, h, 0, SZ_64K, SZ_1M, 0);
		expect_read(vm, SZ_1M, 0x1000);
		expect_read(vm, SZ_1M + 0x1234 * 4 % SZ_64K, 0x1000 + 0x1234 % (SZ_64K / 4));
		expect_read(vm, SZ_1M + SZ_64K - 4, 0x1000 + SZ_64K / 4 - 1);
		/* The device's write lands in the buffer the CPU maps. */
		igt_assert_eq(gensim_probe_ppgtt_write(fd, vm, SZ_1M + 0x800, 0xcafef00d), DMA_PROBE_OK);
		igt_assert_eq(map[0x800 / 4], 0xcafef00d);
		/* Outside the binding the device faults, it reads nothing. */
		expect_fault(vm, SZ_1M + SZ_64K, false, "type 0");
		expect_fault(vm, SZ_1M - 4, false, "type 0");
		expect_fault(vm, 0x40000000000ull, false, "type 1");
		gensim_vm_unmap(fd, vm, SZ_1M, SZ_64K);
		expect_fault(vm, SZ_1M, false, "type ");
		munmap(map, SZ_64K);
		gensim_vm_destroy(fd, vm);
		gensim_gem_close(fd, h);
	}

	igt_subtest("readonly") {
		uint32_t vm = gensim_vm_create(fd, 0);
		uint32_t h = patterned_bo(SZ_64K, 0x2000, NULL);

		gensim_vm_map(fd, vm, h, 0, SZ_64K, SZ_1M, DRM_GENSIM_VM_BIND_FLAG_READONLY);
		expect_read(vm, SZ_1M + 8, 0x2002);
		expect_fault(vm, SZ_1M + 8, true, "type 2");
		expect_read(vm, SZ_1M + 8, 0x2002);
		gensim_vm_destroy(fd, vm);
		gensim_gem_close(fd, h);
	}

	igt_subtest("bind-unbind-rebind-overlapping") {
		uint32_t vm = gensim_vm_create(fd, 0);
		uint32_t a = patterned_bo(SZ_64K, 0xa0000, NULL);
		uint32_t b = patterned_bo(SZ_64K, 0xb0000, NULL);
		const uint64_t va = 0x200000;

		gensim_vm_map(fd, vm, a, 0, SZ_64K, va, 0);
		/* B replaces the middle of A: A is split around it. */
		gensim_vm_map(fd, vm, b, 0, 4 * SZ_4K, va + 4 * SZ_4K, 0);
		expect_read(vm, va, 0xa0000);
		expect_read(vm, va + 4 * SZ_4K, 0xb0000);
		expect_read(vm, va + 7 * SZ_4K + 4, 0xb0000 + 3 * 1024 + 1);
		expect_read(vm, va + 8 * SZ_4K, 0xa0000 + 8 * 1024);
		/* Unmap across the seam: the end of B and the start of A's tail. */
		gensim_vm_unmap(fd, vm, va + 6 * SZ_4K, 4 * SZ_4K);
		expect_read(vm, va + 5 * SZ_4K, 0xb0000 + 1024);
		expect_fault(vm, va + 6 * SZ_4K, false, "type 0");
		expect_fault(vm, va + 9 * SZ_4K, false, "type 0");
		expect_read(vm, va + 10 * SZ_4K, 0xa0000 + 10 * 1024);
		/* Rebind the hole with A at a different buffer offset. */
		gensim_vm_map(fd, vm, a, 12 * SZ_4K, 4 * SZ_4K, va + 6 * SZ_4K, 0);
		expect_read(vm, va + 6 * SZ_4K, 0xa0000 + 12 * 1024);
		/* Unmapping what maps nothing is not an error. */
		gensim_vm_unmap(fd, vm, 0x7f000000, SZ_1M);
		/* One big unmap over everything and more. */
		gensim_vm_unmap(fd, vm, va - SZ_1M, 4 * SZ_1M);
		/* The emptied tables are freed: the walk stops at a directory. */
		expect_fault(vm, va, false, "type 1");
		gensim_vm_destroy(fd, vm);
		gensim_gem_close(fd, a);
		gensim_gem_close(fd, b);
	}

	igt_subtest("addresses-across-levels") {
		uint32_t vm = gensim_vm_create(fd, 0);
		uint32_t h = patterned_bo(SZ_64K, 0x3000, NULL);
		const uint64_t vas[] = {
			(1ull << 32) - 2 * SZ_4K,		/* across 4 GiB */
			(1ull << 39) - SZ_4K,			/* across a PML4 entry */
			(1ull << 30) * 5 - 3 * SZ_4K,		/* across a PDP entry */
			dev.va_end - SZ_64K,			/* the top of the VA range */
		};

		for (size_t i = 0; i < sizeof(vas) / sizeof(vas[0]); i++) {
			gensim_vm_map(fd, vm, h, 0, SZ_64K, vas[i], 0);
			expect_read(vm, vas[i], 0x3000);
			expect_read(vm, vas[i] + 3 * SZ_4K + 12, 0x3000 + 3 * 1024 + 3);
			expect_read(vm, vas[i] + SZ_64K - 4, 0x3000 + 16383);
			gensim_vm_unmap(fd, vm, vas[i], SZ_64K);
			expect_fault(vm, vas[i], false, "type ");
		}
		/* At 2^48 - 1 and beyond the device faults without walking garbage. */
		expect_fault(vm, (1ull << 48) - 4, false, "type ");
		gensim_vm_destroy(fd, vm);
		gensim_gem_close(fd, h);
	}

	igt_subtest("scratch-vm") {
		uint32_t vm = gensim_vm_create(fd, DRM_GENSIM_VM_CREATE_SCRATCH_PAGE);
		uint32_t h = patterned_bo(SZ_64K, 0x4000, NULL);
		uint32_t data = 1;

		/* Unbound reads return zeros; writes still fault. */
		igt_assert_eq(gensim_probe_ppgtt_read(fd, vm, 0x12345000, &data), DMA_PROBE_OK);
		igt_assert_eq(data, 0);
		expect_fault(vm, 0x12345000, true, "type 2");
		gensim_vm_map(fd, vm, h, 0, SZ_64K, 0x12340000, 0);
		expect_read(vm, 0x12345000, 0x4000 + 5 * 1024);
		gensim_vm_unmap(fd, vm, 0x12340000, SZ_64K);
		igt_assert_eq(gensim_probe_ppgtt_read(fd, vm, 0x12345000, &data), DMA_PROBE_OK);
		igt_assert_eq(data, 0);
		gensim_vm_destroy(fd, vm);
		gensim_gem_close(fd, h);
	}

	igt_subtest("one-buffer-two-vms") {
		uint32_t vm1 = gensim_vm_create(fd, 0), vm2 = gensim_vm_create(fd, 0);
		uint32_t h = patterned_bo(SZ_64K, 0x5000, NULL);

		gensim_vm_map(fd, vm1, h, 0, SZ_64K, SZ_1M, 0);
		gensim_vm_map(fd, vm2, h, SZ_4K, SZ_4K, 3 * SZ_1M, 0);
		gensim_gem_close(fd, h);	/* the bindings keep it alive */
		expect_read(vm1, SZ_1M + SZ_4K, 0x5000 + 1024);
		expect_read(vm2, 3 * SZ_1M, 0x5000 + 1024);
		gensim_vm_destroy(fd, vm1);
		expect_read(vm2, 3 * SZ_1M + 4, 0x5000 + 1025);
		gensim_vm_destroy(fd, vm2);
	}

	igt_subtest("big-buffer") {
		const uint64_t size = 256ull << 20;
		uint32_t vm = gensim_vm_create(fd, 0), *map;
		uint32_t h = gensim_gem_create(fd, size);

		map = gensim_gem_mmap(fd, h, size);
		for (uint64_t off = 0; off < size; off += 7 * SZ_1M + SZ_4K)
			map[off / 4] = (uint32_t)(off >> 12) ^ 0x5a5a5a5a;
		gensim_vm_map(fd, vm, h, 0, size, 1ull << 36, 0);
		for (uint64_t off = 0; off < size; off += 7 * SZ_1M + SZ_4K)
			expect_read(vm, (1ull << 36) + off, (uint32_t)(off >> 12) ^ 0x5a5a5a5a);
		munmap(map, size);
		gensim_vm_destroy(fd, vm);
		gensim_gem_close(fd, h);
	}

	/*
	 * Unmapping window pages must take exactly those pages from the
	 * device, never a page of another map: BAR0's GGTT half once shared
	 * file offsets with the first window pages, and a freed buffer there
	 * killed the device (SIGBUS) on its next GGTT lookup.  Churn big
	 * buffers through the window, then make the device read every page
	 * of the GGTT half (one PTE per 2 MiB of GGTT is one per BAR0 page).
	 */
	igt_subtest("window-churn-leaves-bar0") {
		const uint64_t size = 64ull << 20;
		uint32_t data;

		for (int round = 0; round < 4; round++) {
			uint32_t vm = gensim_vm_create(fd, 0);
			uint32_t h = patterned_bo(size, round << 24, NULL);

			gensim_vm_map(fd, vm, h, 0, size, SZ_1M, 0);
			expect_read(vm, SZ_1M + size - 4, (round << 24) + (uint32_t)(size / 4) - 1);
			gensim_vm_destroy(fd, vm);
			gensim_gem_close(fd, h);
		}
		for (uint64_t va = 0; va < (uint64_t)dev.ggtt_size; va += 2 * SZ_1M) {
			char cmd[64];
			int st;

			snprintf(cmd, sizeof(cmd), "ggtt %#" PRIx64 " read", va);
			st = gensim_probe(cmd, &data);
			igt_assert_f(st == DMA_PROBE_OK || st == DMA_PROBE_FAULT,
				     "ggtt probe at %#" PRIx64 ": status %d", va, st);
		}
		/* The device process is still there and still translating. */
		igt_assert(gensim_render_minor() >= 0);
		{
			uint32_t vm = gensim_vm_create(fd, 0);
			uint32_t h = patterned_bo(SZ_64K, 0x77, NULL);

			gensim_vm_map(fd, vm, h, 0, SZ_64K, SZ_1M, 0);
			expect_read(vm, SZ_1M, 0x77);
			gensim_vm_destroy(fd, vm);
			gensim_gem_close(fd, h);
		}
	}

	igt_subtest("close-with-bindings") {
		struct gensim_mem_counts c;
		int fd2 = gensim_open_render();
		int save = fd;

		fd = fd2;
		for (int i = 0; i < 8; i++) {
			uint32_t vm = gensim_vm_create(fd, i & 1);
			uint32_t h = patterned_bo(SZ_64K, i, NULL);

			gensim_vm_map(fd, vm, h, 0, SZ_64K, SZ_1M * (i + 1), 0);
		}
		fd = save;
		gensim_mem_counts(&c);
		igt_assert_eq(c.vms, base.vms + 8);
		igt_assert(c.page_tables > base.page_tables);
		close(fd2);
		gensim_mem_counts(&c);
		igt_assert_eq(c.bos, base.bos);
		igt_assert_eq(c.vms, base.vms);
		igt_assert_eq(c.page_tables, base.page_tables);
	}

	/*
	 * debugfs client_mem counts a VM's table pages as the four-level walk
	 * needs them (hw-spec-memory "PPGTT"): the PML4 alone when empty, a
	 * PDP, PD and PT more for one page, three more for a page under
	 * another PML4 entry; unmapping prunes them again.  A queue shows its
	 * engine, its context image and its 16 KiB ring.
	 */
	igt_subtest("client-mem") {
		struct drm_gensim_queue_destroy qd = { 0 };
		struct gensim_objects before, last;
		long bytes, bytes1, lrc, ring;
		char diff[256];
		char engine[8];
		uint32_t vm, h, q;
		int tables;

		igt_assert_eq(gensim_objects(&before), 0);
		vm = gensim_vm_create(fd, 0);
		h = gensim_gem_create(fd, SZ_4K);

		igt_assert_eq(gensim_client_vm_mem(fd, vm, &tables, &bytes1), 0);
		igt_assert_eq(tables, 1);
		igt_assert(bytes1 > 4096);
		gensim_vm_map(fd, vm, h, 0, SZ_4K, 1ull << 30, 0);
		igt_assert_eq(gensim_client_vm_mem(fd, vm, &tables, &bytes), 0);
		igt_assert_eq(tables, 4);
		igt_assert(bytes >= bytes1 + 3 * 4096);
		gensim_vm_map(fd, vm, h, 0, SZ_4K, 1ull << 40, 0);
		igt_assert_eq(gensim_client_vm_mem(fd, vm, &tables, &bytes), 0);
		igt_assert_eq(tables, 7);
		gensim_vm_unmap(fd, vm, 1ull << 30, SZ_4K);
		gensim_vm_unmap(fd, vm, 1ull << 40, SZ_4K);
		igt_assert_eq(gensim_client_vm_mem(fd, vm, &tables, &bytes), 0);
		igt_assert_eq(tables, 1);
		igt_assert_eq(bytes, bytes1);

		q = gensim_queue_create(fd, DRM_GENSIM_ENGINE_CLASS_COPY, vm);
		igt_assert_eq(gensim_client_queue_mem(fd, q, engine, &lrc, &ring), 0);
		igt_assert_f(!strcmp(engine, "bcs0"), "queue on %s, expected bcs0", engine);
		igt_assert_eq(ring, 4 * SZ_4K);
		igt_assert(lrc >= 2 * 4096);
		qd.queue_id = q;
		igt_assert_eq(gensim_ioctl(fd, DRM_IOCTL_GENSIM_QUEUE_DESTROY, &qd), 0);
		igt_assert_eq(gensim_client_queue_mem(fd, q, engine, &lrc, &ring), -1);

		gensim_vm_destroy(fd, vm);
		igt_assert_eq(gensim_client_vm_mem(fd, vm, &tables, &bytes), -1);
		gensim_gem_close(fd, h);
		/* A queue's buffers go in a work item after its last reference. */
		if (!gensim_objects_wait(&before, 10000, &last)) {
			gensim_objects_diff(&last, &before, diff, sizeof(diff));
			igt_assert_f(false, "objects not back after 10 s: %s", diff);
		}
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
