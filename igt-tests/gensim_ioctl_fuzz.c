// SPDX-License-Identifier: MIT
/*
 * gensim_ioctl_fuzz: every gensim ioctl with mutated arguments.  Each call
 * starts from a valid argument (built around a live VM, buffer, batch,
 * queues and syncobj) and, seven times in eight, has one to three fields
 * (of the argument or of the array it points to) overwritten: a random
 * value, a value drivers check against (0, 1, ~0, 2^32, 2^48, a kernel
 * address...), or a flipped bit.  Whatever happens, the call must succeed
 * or fail with an error the uapi header documents (-ENODEV would mean the
 * device died), the device must go on running good work, and once the
 * file is closed every object and page table must be gone.  The harness's
 * dmesg scan fails the run on any kernel warning.
 *
 * Reproduce a run with GENSIM_FUZZ_SEED=<the seed it printed>.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <xf86drm.h>

#include "lib/gensim_batch.h"
#include "lib/gensim_ioctl.h"
#include "lib/igt.h"
#include "lib/igt_gensim.h"

#define ITERATIONS	4000
#define BB_VA		0x1000000ull
#define WAIT_MS		60000
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

static int fd = -1;	/* static: survives the harness longjmp */
static uint64_t rng;

static uint64_t rnd64(void)
{
	/* xorshift64*: a fixed seed gives the same run */
	rng ^= rng >> 12;
	rng ^= rng << 25;
	rng ^= rng >> 27;
	return rng * 0x2545f4914f6cdd1dull;
}

static uint32_t rnd(uint32_t n)
{
	return (uint32_t)(rnd64() % n);
}

/* Values argument checks are written against. */
static uint64_t interesting(void)
{
	static const uint64_t v[] = {
		0, 1, 2, 3, 4, 7, 8, 0xff, 0xfff, 0x1000, 0x10000, 0x7fffffff, 0x80000000,
		0xffffffff, 0x100000000ull, 1ull << 35, 1ull << 47, 1ull << 48,
		0xffff800000000000ull, ~0ull - 0xfff, ~0ull,
	};

	return v[rnd(ARRAY_SIZE(v))];
}

/* Overwrite one to three naturally aligned fields of @p. */
static void mutate(void *p, size_t len)
{
	uint8_t *b = p;
	unsigned int n = 1 + rnd(3);

	for (unsigned int i = 0; i < n; i++) {
		size_t w = len >= 8 && rnd(2) ? 8 : 4;
		size_t off = rnd(len / w) * w;
		uint64_t v = 0;

		switch (rnd(3)) {
		case 0:
			v = rnd64();
			break;
		case 1:
			v = interesting();
			break;
		default:
			memcpy(&v, b + off, w);
			v ^= 1ull << rnd(w * 8);
			break;
		}
		memcpy(b + off, &v, w);
	}
}

/* The errors gensim_drm.h documents; -ENODEV only for a dead device. */
static bool documented(int err)
{
	switch (err) {
	case 0: case -E2BIG: case -EFAULT: case -EINVAL: case -EIO:
	case -ENOENT: case -ENOMEM: case -EPERM:
		return true;
	default:
		return false;
	}
}

struct world {
	uint32_t vm, handle, queue[4], syncobj;
	struct drm_gensim_vm_bind_op ops[2];
	struct drm_gensim_sync syncs[2];
	uint8_t data[4096];
	unsigned int calls[16], ok[16];
};

static const char *const names[] = {
	"QUERY", "GEM_CREATE", "GEM_MMAP_OFFSET", "VM_CREATE", "VM_DESTROY", "VM_BIND",
	"QUEUE_CREATE", "QUEUE_DESTROY", "EXEC", "QUEUE_GET_STATE", "unknown",
};

/* One mutated call; returns 0 or -errno. */
static int fuzz_one(struct world *w, unsigned int which)
{
	union {
		struct drm_gensim_query query;
		struct drm_gensim_gem_create create;
		struct drm_gensim_gem_mmap_offset mmap;
		struct drm_gensim_vm_create vm_create;
		struct drm_gensim_vm_destroy vm_destroy;
		struct drm_gensim_vm_bind bind;
		struct drm_gensim_queue_create queue_create;
		struct drm_gensim_queue_destroy queue_destroy;
		struct drm_gensim_exec exec;
		struct drm_gensim_queue_get_state get_state;
		uint8_t raw[128];
	} a;
	unsigned long req;
	size_t len;
	int ret;

	memset(&a, 0, sizeof(a));
	memset(w->ops, 0, sizeof(w->ops));
	memset(w->syncs, 0, sizeof(w->syncs));
	switch (which) {
	case 0:
		a.query.query = rnd(2);
		a.query.size = rnd(2) ? 0 : sizeof(w->data);
		a.query.data = (uintptr_t)w->data;
		req = DRM_IOCTL_GENSIM_QUERY;
		len = sizeof(a.query);
		break;
	case 1:
		a.create.size = 4096ull << rnd(8);
		req = DRM_IOCTL_GENSIM_GEM_CREATE;
		len = sizeof(a.create);
		break;
	case 2:
		a.mmap.handle = w->handle;
		req = DRM_IOCTL_GENSIM_GEM_MMAP_OFFSET;
		len = sizeof(a.mmap);
		break;
	case 3:
		a.vm_create.flags = rnd(2) ? DRM_GENSIM_VM_CREATE_SCRATCH_PAGE : 0;
		req = DRM_IOCTL_GENSIM_VM_CREATE;
		len = sizeof(a.vm_create);
		break;
	case 4:
		/* A VM of its own to destroy (a mutated id may miss it: it lives on). */
		__gensim_vm_create(fd, 0, &a.vm_destroy.vm_id);
		req = DRM_IOCTL_GENSIM_VM_DESTROY;
		len = sizeof(a.vm_destroy);
		break;
	case 5:
		/* Map or unmap pages of the buffer well away from the batch. */
		for (unsigned int i = 0; i < 2; i++) {
			bool map = rnd(2);

			w->ops[i].op = map ? DRM_GENSIM_VM_BIND_OP_MAP : DRM_GENSIM_VM_BIND_OP_UNMAP;
			w->ops[i].handle = map ? w->handle : 0;
			w->ops[i].obj_offset = map ? 4096ull * rnd(8) : 0;
			w->ops[i].range = 4096ull * (1 + rnd(8));
			w->ops[i].addr = (1ull << 32) + 4096ull * rnd(64);
		}
		if (rnd(2))
			mutate(&w->ops[rnd(2)], sizeof(w->ops[0]));
		a.bind.vm_id = w->vm;
		a.bind.num_binds = 1 + rnd(2);
		a.bind.binds = (uintptr_t)w->ops;
		req = DRM_IOCTL_GENSIM_VM_BIND;
		len = sizeof(a.bind);
		break;
	case 6:
		a.queue_create.engine_class = rnd(4);
		a.queue_create.vm_id = w->vm;
		a.queue_create.priority = rnd(2);
		req = DRM_IOCTL_GENSIM_QUEUE_CREATE;
		len = sizeof(a.queue_create);
		break;
	case 7: {
		/* A queue of its own to destroy; 0 if the VM is gone (mutated away). */
		struct drm_gensim_queue_create c = { .engine_class = rnd(4), .vm_id = w->vm };

		if (!drmIoctl(fd, DRM_IOCTL_GENSIM_QUEUE_CREATE, &c))
			a.queue_destroy.queue_id = c.queue_id;
		req = DRM_IOCTL_GENSIM_QUEUE_DESTROY;
		len = sizeof(a.queue_destroy);
		break;
	}
	case 8:
		w->syncs[0].handle = w->syncobj;
		w->syncs[0].flags = DRM_GENSIM_SYNC_SIGNAL;
		if (rnd(2))
			mutate(&w->syncs[0], sizeof(w->syncs[0]));
		a.exec.queue_id = w->queue[rnd(4)];
		a.exec.num_syncs = rnd(2);
		a.exec.syncs = (uintptr_t)w->syncs;
		a.exec.batch_address = BB_VA;
		req = DRM_IOCTL_GENSIM_EXEC;
		len = sizeof(a.exec);
		break;
	case 9:
		a.get_state.queue_id = w->queue[rnd(4)];
		req = DRM_IOCTL_GENSIM_QUEUE_GET_STATE;
		len = sizeof(a.get_state);
		break;
	default:
		/* A driver ioctl number gensim does not have. */
		req = DRM_IOWR(DRM_COMMAND_BASE + 0x0a + rnd(0x16), struct drm_gensim_exec);
		len = sizeof(a.exec);
		break;
	}
	/* One call in eight keeps its valid argument: the paths that succeed. */
	if (rnd(8))
		mutate(&a, len);
	ret = drmIoctl(fd, req, &a) ? -errno : 0;

	/* Give back what a successful call created, so the run stays small. */
	if (!ret && which == 1)
		gensim_gem_close(fd, a.create.handle);
	if (!ret && which == 3)
		__gensim_vm_destroy(fd, a.vm_create.vm_id);
	if (!ret && which == 6) {
		struct drm_gensim_queue_destroy d = { .queue_id = a.queue_create.queue_id };

		drmIoctl(fd, DRM_IOCTL_GENSIM_QUEUE_DESTROY, &d);
	}
	return ret;
}

igt_main
{
	static struct gensim_mem_counts base;	/* static: survive the harness longjmp */
	static char *old_timeout;

	igt_fixture {
		const char *seed = getenv("GENSIM_FUZZ_SEED");

		if (gensim_render_minor() < 0)
			gensim_load();
		rng = seed ? strtoull(seed, NULL, 0) : 0x9e3779b97f4a7c15ull;
		igt_info("seed %#" PRIx64 "\n", rng);
		gensim_mem_counts(&base);
		/* Mutated batches hang too: keep a hang short. */
		old_timeout = gensim_read_file("/sys/module/gensim/parameters/job_timeout_ms");
		igt_assert(old_timeout);
		igt_assert_eq(gensim_system("echo 200 > /sys/module/gensim/parameters/job_timeout_ms"),
			      0);
	}

	igt_subtest("mutated-arguments") {
		static struct world w;
		struct gensim_bb bb;
		unsigned int bad = 0;

		fd = gensim_open_render();
		w.vm = gensim_vm_create(fd, 0);
		bb = gensim_bb_new(fd, w.vm, BB_VA);
		gensim_bb_end(&bb);
		w.handle = bb.buf.handle;
		for (int e = 0; e < 4; e++)
			w.queue[e] = gensim_queue_create(fd, e, w.vm);
		igt_assert_eq(drmSyncobjCreate(fd, 0, &w.syncobj), 0);

		for (int i = 0; i < igt_iterations(ITERATIONS); i++) {
			unsigned int which = rnd(ARRAY_SIZE(names));
			int ret = fuzz_one(&w, which);

			w.calls[which]++;
			w.ok[which] += !ret;
			if (!documented(ret) && !bad++)
				igt_info("call %d, %s: undocumented error %d (%s)\n", i,
					 names[which], ret, strerror(-ret));
			igt_assert_f(ret != -ENODEV, "call %d, %s: the device is gone", i,
				     names[which]);
		}
		for (unsigned int i = 0; i < ARRAY_SIZE(names); i++)
			igt_info("%-16s %4u calls, %4u succeeded\n", names[i], w.calls[i], w.ok[i]);
		igt_assert_f(!bad, "%u calls failed with an error the uapi does not document", bad);

		/* Good work still runs on every engine, in a fresh VM. */
		for (int e = 0; e < 4; e++) {
			uint32_t vm = gensim_vm_create(fd, 0);
			struct gensim_bb good = gensim_bb_new(fd, vm, BB_VA);
			struct gensim_buf data = gensim_buf_new(fd, vm, BB_VA + 0x100000, 4096);
			uint32_t s;

			gensim_bb_store_dword(&good, data.va, 0x600d0000 | e);
			gensim_bb_end(&good);
			s = gensim_exec_sync(fd, gensim_queue_create(fd, e, vm), BB_VA);
			igt_assert_eq(gensim_syncobj_wait(fd, s, WAIT_MS), 0);
			igt_assert_eq(gensim_syncobj_status(fd, s), 1);
			igt_assert_eq(data.map[0], 0x600d0000 | e);
			drmSyncobjDestroy(fd, s);
			gensim_buf_free(&data);
			gensim_bb_free(&good);
		}
		munmap(bb.buf.map, bb.buf.size);
		close(fd);
		fd = -1;
	}

	/* Closing the file freed everything the run made, once its jobs ended. */
	igt_subtest("counts-back-to-baseline") {
		struct gensim_mem_counts c = { 0 };

		for (int i = 0; i < 100; i++) {
			gensim_mem_counts(&c);
			if (c.bos == base.bos && c.vms == base.vms &&
			    c.page_tables == base.page_tables)
				break;
			usleep(100000);
		}
		igt_assert_eq(c.bos, base.bos);
		igt_assert_eq(c.vms, base.vms);
		igt_assert_eq(c.page_tables, base.page_tables);
	}

	igt_fixture {
		if (fd >= 0)
			close(fd);
		gensim_system("echo %d > /sys/module/gensim/parameters/job_timeout_ms",
			      atoi(old_timeout));
		free(old_timeout);
		gensim_unload();
	}
}
