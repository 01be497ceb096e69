// SPDX-License-Identifier: MIT
/*
 * gensim-hello: the smallest complete gensim client, for the demo and for
 * reading.  With nothing but libdrm and uapi/drm/gensim_drm.h it creates a
 * buffer and a VM, binds the buffer, writes a batch into it, and on each
 * engine submits the batch with EXEC and waits for the syncobj the job
 * signals.  The batch is one MI_STORE_DATA_IMM of a value chosen per
 * engine into the buffer, then MI_BATCH_BUFFER_END; the tool prints what
 * the GPU wrote and how long the round trip took.
 * Documentation/gpu/gensim/learn-batch.rst follows this batch through the
 * driver and the device.
 *
 * usage: gensim-hello [/dev/dri/renderDN]
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>
#include <xf86drm.h>

#include "gensim_drm.h"
#include "gensim_cmds.h"

#define BATCH_VA	0x1000000ull
#define DATA_VA		0x1001000ull	/* the same buffer's second page */
#define WAIT_NS		(10 * 1000000000ll)

static int fd;

static void check(int ret, const char *what)
{
	if (ret) {
		fprintf(stderr, "gensim-hello: %s: %s\n", what, strerror(errno));
		exit(1);
	}
}

static int64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000ll + ts.tv_nsec;
}

int main(int argc, char **argv)
{
	static const char *const names[] = { "rcs0 (render)", "bcs0 (copy)", "vcs0 (video)",
					     "vecs0 (video enhance)" };
	const char *node = argc > 1 ? argv[1] : "/dev/dri/renderD128";
	struct drm_gensim_gem_create create = { .size = 8192 };
	struct drm_gensim_gem_mmap_offset mmo = { 0 };
	struct drm_gensim_vm_create vmc = { 0 };
	struct drm_gensim_vm_bind_op op = { 0 };
	struct drm_gensim_vm_bind bind = { 0 };
	uint32_t *map;
	int failed = 0;

	fd = open(node, O_RDWR | O_CLOEXEC);
	if (fd < 0) {
		fprintf(stderr, "gensim-hello: %s: %s\n", node, strerror(errno));
		return 1;
	}
	/* One 8 KiB buffer: page 0 the batch, page 1 the data. */
	check(drmIoctl(fd, DRM_IOCTL_GENSIM_GEM_CREATE, &create), "GEM_CREATE");
	mmo.handle = create.handle;
	check(drmIoctl(fd, DRM_IOCTL_GENSIM_GEM_MMAP_OFFSET, &mmo), "GEM_MMAP_OFFSET");
	map = mmap(NULL, create.size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, mmo.offset);
	if (map == MAP_FAILED) {
		perror("gensim-hello: mmap");
		return 1;
	}
	check(drmIoctl(fd, DRM_IOCTL_GENSIM_VM_CREATE, &vmc), "VM_CREATE");
	op.handle = create.handle;
	op.op = DRM_GENSIM_VM_BIND_OP_MAP;
	op.range = create.size;
	op.addr = BATCH_VA;
	bind.vm_id = vmc.vm_id;
	bind.num_binds = 1;
	bind.binds = (uintptr_t)&op;
	check(drmIoctl(fd, DRM_IOCTL_GENSIM_VM_BIND, &bind), "VM_BIND");
	printf("buffer %u (8 KiB) bound at GPU address %#llx in VM %u\n", create.handle,
	       BATCH_VA, vmc.vm_id);

	for (int e = 0; e < 4; e++) {
		struct drm_gensim_queue_create qc = { .engine_class = e, .vm_id = vmc.vm_id };
		struct drm_gensim_queue_destroy qd = { 0 };
		struct drm_gensim_sync sync = { .flags = DRM_GENSIM_SYNC_SIGNAL };
		struct drm_gensim_exec exec = { 0 };
		uint32_t value = 0xc0de0000u | e, *b = map;
		uint64_t addr = DATA_VA + 4 * e;	/* a dword per engine */
		int64_t t0;
		int ret;

		/* The batch, written through the CPU mapping. */
		*b++ = MI_STORE_DATA_IMM;		/* 4 dwords, PPGTT */
		*b++ = (uint32_t)addr;
		*b++ = addr >> 32;
		*b++ = value;
		*b++ = MI_BATCH_BUFFER_END;
		*b++ = MI_NOOP;
		map[1024 + e] = 0;

		if (drmIoctl(fd, DRM_IOCTL_GENSIM_QUEUE_CREATE, &qc)) {
			printf("%-22s no queue: %s\n", names[e], strerror(errno));
			failed++;
			continue;
		}
		check(drmSyncobjCreate(fd, 0, &sync.handle), "syncobj create");
		exec.queue_id = qc.queue_id;
		exec.batch_address = BATCH_VA;
		exec.num_syncs = 1;
		exec.syncs = (uintptr_t)&sync;
		t0 = now_ns();
		check(drmIoctl(fd, DRM_IOCTL_GENSIM_EXEC, &exec), "EXEC");
		ret = drmSyncobjWait(fd, &sync.handle, 1, t0 + WAIT_NS, 0, NULL);
		if (ret) {
			printf("%-22s the job did not complete: %s\n", names[e], strerror(-ret));
			failed++;
		} else if (map[1024 + e] != value) {
			printf("%-22s completed, but the buffer holds %#x, not %#x\n", names[e],
			       map[1024 + e], value);
			failed++;
		} else {
			printf("%-22s EXEC -> MI_STORE_DATA_IMM wrote %#x at %#llx -> fence "
			       "signalled in %" PRId64 " us\n", names[e], map[1024 + e],
			       (unsigned long long)addr, (now_ns() - t0) / 1000);
		}
		drmSyncobjDestroy(fd, sync.handle);
		qd.queue_id = qc.queue_id;
		check(drmIoctl(fd, DRM_IOCTL_GENSIM_QUEUE_DESTROY, &qd), "QUEUE_DESTROY");
	}
	munmap(map, create.size);
	close(fd);
	return failed ? 1 : 0;
}
