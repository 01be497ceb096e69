// SPDX-License-Identifier: MIT
/*
 * gensim_bench: the execution benchmarks of make bench, run in the VM.
 * Every number is printed beside a baseline measured in the same run, on
 * the same (emulated) machine, and the ratio; nothing here asserts a
 * speed.  The subtests only assert that the work they timed completed.
 *
 * - pipe-ping-pong: two processes bounce a byte through two pipes.  One
 *   round trip is two wake-ups across processes: the floor for "submit
 *   a batch, get woken by its completion", which needs at least a
 *   doorbell to the device process and an interrupt back.
 * - exec-nop-latency: EXEC of a batch that only ends, then wait for its
 *   syncobj; one at a time, per engine.
 * - exec-nop-throughput: 5000 such batches without waiting, then wait
 *   for the last; per engine, and all four engines at once.
 * - blit-bandwidth: XY_SRC_COPY_BLT of a 4096x4096 32 bpp surface
 *   (64 MiB) through the driver beside memcpy() of the same bytes in
 *   this process.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <xf86drm.h>

#include "lib/gensim_batch.h"
#include "lib/igt.h"
#include "lib/igt_gensim.h"

#define BB_VA		0x1000000ull
#define SRC_VA		0x10000000ull
#define DST_VA		0x20000000ull
#define WAIT_MS		120000
#define PING_ROUNDS	2000
#define LAT_ROUNDS	300
#define TPUT_EXECS	5000

static int fd = -1;
static uint32_t vm;
static double pipe_ns;

static const char *const engine_name[] = { "rcs0", "bcs0", "vcs0", "vecs0" };

static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static double ping_pong_ns(int rounds)
{
	int ab[2], ba[2];
	double t0, t;
	char c = 0;
	pid_t pid;

	igt_assert_eq(pipe(ab), 0);
	igt_assert_eq(pipe(ba), 0);
	pid = fork();
	igt_assert(pid >= 0);
	if (pid == 0) {
		for (int i = 0; i < rounds; i++)
			if (read(ab[0], &c, 1) != 1 || write(ba[1], &c, 1) != 1)
				_exit(1);
		_exit(0);
	}
	t0 = now_ns();
	for (int i = 0; i < rounds; i++) {
		igt_assert_eq(write(ab[1], &c, 1), 1);
		igt_assert_eq(read(ba[0], &c, 1), 1);
	}
	t = now_ns() - t0;
	igt_assert_eq(waitpid(pid, NULL, 0), pid);
	close(ab[0]);
	close(ab[1]);
	close(ba[0]);
	close(ba[1]);
	return t / rounds;
}

static void wait_ok(uint32_t syncobj)
{
	igt_assert_eq(gensim_syncobj_wait(fd, syncobj, WAIT_MS), 0);
	igt_assert_eq(gensim_syncobj_status(fd, syncobj), 1);
}

/* Submit @n nop batches on @q; wait only for the last. */
static void nops(uint32_t q, int n)
{
	uint32_t last = 0;

	for (int i = 0; i < n; i++) {
		if (last)
			drmSyncobjDestroy(fd, last);
		last = gensim_exec_sync(fd, q, BB_VA);
	}
	wait_ok(last);
	drmSyncobjDestroy(fd, last);
}

/*
 * XY_SRC_COPY_BLT, Gen8 layout (10 dwords; EXT i915 intel_gpu_commands.h,
 * gensim hw-spec-blitter): 32 bpp, ROP SRCCOPY, linear, pitches in bytes.
 */
static void emit_copy(struct gensim_bb *bb, uint64_t dst, uint64_t src, uint32_t w, uint32_t h)
{
	uint32_t pitch = w * 4;

	gensim_bb_emit(bb, 2u << 29 | 0x53u << 22 | 3u << 20 | (10 - 2));
	gensim_bb_emit(bb, 3u << 24 | 0xccu << 16 | pitch);
	gensim_bb_emit(bb, 0);
	gensim_bb_emit(bb, h << 16 | w);
	gensim_bb_emit(bb, (uint32_t)dst);
	gensim_bb_emit(bb, dst >> 32);
	gensim_bb_emit(bb, 0);
	gensim_bb_emit(bb, pitch);
	gensim_bb_emit(bb, (uint32_t)src);
	gensim_bb_emit(bb, src >> 32);
}

igt_main
{
	igt_fixture {
		if (gensim_render_minor() < 0)
			gensim_load();
		fd = gensim_open_render();
		vm = gensim_vm_create(fd, 0);
	}

	igt_subtest("pipe-ping-pong") {
		ping_pong_ns(100);	/* warm up */
		pipe_ns = ping_pong_ns(PING_ROUNDS);
		igt_info("pipe ping-pong between two processes: %10.0f ns per round trip "
			 "(the floor)\n", pipe_ns);
	}

	igt_subtest("exec-nop-latency") {
		struct gensim_bb bb = gensim_bb_new(fd, vm, BB_VA);

		igt_require(pipe_ns > 0);
		gensim_bb_end(&bb);
		for (int e = 0; e < 4; e++) {
			uint32_t q = gensim_queue_create(fd, e, vm);
			double t0, ns;

			nops(q, 20);	/* warm up */
			t0 = now_ns();
			for (int i = 0; i < LAT_ROUNDS; i++) {
				uint32_t s = gensim_exec_sync(fd, q, BB_VA);

				wait_ok(s);
				drmSyncobjDestroy(fd, s);
			}
			ns = (now_ns() - t0) / LAT_ROUNDS;
			igt_info("%-5s exec-nop round trip:      %10.0f ns   %6.2f x pipe ping-pong\n",
				 engine_name[e], ns, ns / pipe_ns);
		}
		gensim_bb_free(&bb);
	}

	igt_subtest("exec-nop-throughput") {
		struct gensim_bb bb = gensim_bb_new(fd, vm, BB_VA);
		uint32_t q[4];
		double t0, ns;

		igt_require(pipe_ns > 0);
		gensim_bb_end(&bb);
		for (int e = 0; e < 4; e++) {
			q[e] = gensim_queue_create(fd, e, vm);
			t0 = now_ns();
			nops(q[e], TPUT_EXECS);
			ns = (now_ns() - t0) / TPUT_EXECS;
			igt_info("%-5s exec-nop pipelined:       %10.0f ns each  %8.0f batches/s  "
				 "%6.2f x pipe ping-pong\n", engine_name[e], ns, 1e9 / ns, ns / pipe_ns);
		}
		/* All four at once, interleaved: the engines run in parallel in the device. */
		t0 = now_ns();
		{
			uint32_t last[4] = {};

			for (int i = 0; i < TPUT_EXECS / 4; i++)
				for (int e = 0; e < 4; e++) {
					if (last[e])
						drmSyncobjDestroy(fd, last[e]);
					last[e] = gensim_exec_sync(fd, q[e], BB_VA);
				}
			for (int e = 0; e < 4; e++) {
				wait_ok(last[e]);
				drmSyncobjDestroy(fd, last[e]);
			}
		}
		ns = (now_ns() - t0) / TPUT_EXECS;
		igt_info("4 engines exec-nop pipelined:   %10.0f ns each  %8.0f batches/s\n",
			 ns, 1e9 / ns);
		gensim_bb_free(&bb);
	}

	igt_subtest("blit-bandwidth") {
		const uint32_t w = 4096, h = 4096;
		const uint64_t size = (uint64_t)w * h * 4;
		struct gensim_buf src = gensim_buf_new(fd, vm, SRC_VA, size);
		struct gensim_buf dst = gensim_buf_new(fd, vm, DST_VA, size);
		struct gensim_bb bb = gensim_bb_new(fd, vm, BB_VA);
		uint32_t q = gensim_queue_create(fd, DRM_GENSIM_ENGINE_CLASS_COPY, vm), s;
		double t0, blit_ns, memcpy_ns;
		void *a = malloc(size), *b = malloc(size);

		igt_assert(a && b);
		for (uint64_t i = 0; i < size / 4; i++)
			src.map[i] = (uint32_t)(i * 2654435761u);
		memset(a, 1, size);
		memset(b, 2, size);
		emit_copy(&bb, DST_VA, SRC_VA, w, h);
		gensim_bb_end(&bb);
		/* Warm up: fault in the device's mappings of both buffers. */
		s = gensim_exec_sync(fd, q, BB_VA);
		wait_ok(s);
		drmSyncobjDestroy(fd, s);
		memset(dst.map, 0, size);

		t0 = now_ns();
		s = gensim_exec_sync(fd, q, BB_VA);
		wait_ok(s);
		blit_ns = now_ns() - t0;
		drmSyncobjDestroy(fd, s);
		igt_assert(!memcmp(dst.map, src.map, size));

		memcpy(b, a, size);	/* warm up */
		t0 = now_ns();
		memcpy(b, a, size);
		memcpy_ns = now_ns() - t0;
		igt_assert(!memcmp(a, b, size));

		igt_info("XY_SRC_COPY_BLT 4096x4096x32bpp: %8.1f MB/s (one EXEC incl. submission)\n",
			 size / blit_ns * 1e3);
		igt_info("memcpy of the same 64 MiB:        %8.1f MB/s   blit/memcpy %.2f\n",
			 size / memcpy_ns * 1e3, memcpy_ns / blit_ns);
		free(a);
		free(b);
		gensim_bb_free(&bb);
		gensim_buf_free(&dst);
		gensim_buf_free(&src);
	}

	igt_fixture {
		close(fd);
	}
}
