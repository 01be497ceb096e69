// SPDX-License-Identifier: MIT
/*
 * gensim-hello: the smallest complete gensim client, for the demo and for
 * reading.  With libgensim (gensim/gensim.h) it creates a buffer and a VM,
 * binds the buffer, writes a batch into it, and on each engine submits
 * the batch with EXEC and waits for the syncobj the job signals.  The
 * batch is one MI_STORE_DATA_IMM of a value chosen per engine into the
 * buffer, then MI_BATCH_BUFFER_END; the tool prints what the GPU wrote
 * and how long the round trip took.  Documentation/gpu/gensim/
 * learn-batch.rst follows this batch through the driver and the device;
 * libgensim.rst has the same client in process.
 *
 * usage: gensim-hello [/dev/dri/renderDN]   (default: the gensim render node)
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <gensim/gensim.h>

#define BATCH_VA	0x1000000ull
#define DATA_VA		0x1001000ull	/* the same buffer's second page */
#define WAIT_MS		10000

static void check(int ret, const char *what)
{
	if (ret) {
		fprintf(stderr, "gensim-hello: %s: %s\n", what, gsim_last_error());
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
	struct gsim_device *dev;
	uint32_t handle, vm, *map;
	int failed = 0;

	check(gsim_open(argc > 1 ? argv[1] : NULL, &dev), "open");
	/* One 8 KiB buffer: page 0 the batch, page 1 the data. */
	check(gsim_bo_create(dev, 8192, 0, 0, &handle), "GEM_CREATE");
	check(gsim_bo_mmap(dev, handle, 8192, (void **)&map), "GEM_MMAP_OFFSET");
	check(gsim_vm_create(dev, 0, &vm), "VM_CREATE");
	check(gsim_vm_map(dev, vm, handle, 0, 8192, BATCH_VA, 0), "VM_BIND");
	printf("buffer %u (8 KiB) bound at GPU address %#llx in VM %u\n", handle, BATCH_VA, vm);

	for (uint32_t e = 0; e < 4; e++) {
		struct gsim_sync sync = { .flags = GSIM_SYNC_SIGNAL };
		uint32_t value = 0xc0de0000u | e, queue;
		uint64_t addr = DATA_VA + 4 * e;	/* a dword per engine */
		struct gsim_batch b;
		int64_t t0;
		int ret;

		/* The batch, written through the CPU mapping. */
		check(gsim_batch_init(&b, map, BATCH_VA, 4096), "batch");
		gsim_emit_store_dword(&b, addr, value);
		check(gsim_batch_end(&b), "batch");
		map[1024 + e] = 0;

		if (gsim_queue_create(dev, e, 0, vm, GSIM_PRIORITY_NORMAL, &queue)) {
			printf("%-22s no queue: %s\n", names[e], gsim_last_error());
			failed++;
			continue;
		}
		check(gsim_syncobj_create(dev, 0, &sync.handle), "syncobj create");
		t0 = now_ns();
		check(gsim_exec(dev, queue, BATCH_VA, &sync, 1), "EXEC");
		ret = gsim_syncobj_wait(dev, &sync.handle, 1, WAIT_MS, 0);
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
		gsim_syncobj_destroy(dev, sync.handle);
		check(gsim_queue_destroy(dev, queue), "QUEUE_DESTROY");
	}
	gsim_bo_munmap(dev, map, 8192);
	gsim_close(dev);
	return failed ? 1 : 0;
}
