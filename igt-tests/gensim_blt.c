// SPDX-License-Identifier: MIT
/*
 * gensim_blt: the blitter's 2D commands through the driver
 * (Documentation/gpu/gensim/hw-spec-blitter.rst), from a PPGTT batch on a
 * copy-engine queue, checked byte for byte by the CPU:
 *
 * - fill-4096x4096: XY_COLOR_BLT over a 4096x4096 32 bpp surface (64 MiB);
 * - copy-4096x4096: XY_SRC_COPY_BLT of the same size;
 * - tiled-x-roundtrip, tiled-y-roundtrip: linear -> tiled -> linear gives
 *   the original back, and the tiled bytes are the CPU's own tiling of it
 *   (BCS_SWCTRL picks Y, written from the batch as i915 does);
 * - clip: XY_SETUP_CLIP_BLT then a clipped fill;
 * - rop-xor: XY_SRC_COPY_BLT with ROP 0x66 over random data;
 * - blit-fault: a fill into an address nothing is bound at: the job ends
 *   with an error, the driver logs the page fault, the next job on a new
 *   queue works (and the harness checks the kernel log for warnings);
 * - long-blits-outlive-job-timeout, endless-blits-reset: the driver's hang
 *   check takes the blitter's row count (GENSIM_BLT_ROWS) for progress,
 *   for at most compute_timeout_ms (Documentation/gpu/gensim/scheduling.rst).
 */
#include <errno.h>
#include <inttypes.h>
#include <time.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <xf86drm.h>

#include "lib/gensim_batch.h"
#include "lib/igt.h"
#include "lib/igt_gensim.h"

#define WAIT_MS		120000
#define BB_VA		0x1000000ull
#define SRC_VA		0x10000000ull
#define DST_VA		0x20000000ull
#define TMP_VA		0x30000000ull
#define UNBOUND_VA	0x7000000000ull

/* Encodings, from hw-spec-blitter. */
#define BLT(op, len)	(2u << 29 | (uint32_t)(op) << 22 | ((len) - 2))
#define XY_SETUP_CLIP	0x03
#define XY_COLOR	0x50
#define XY_SRC_COPY	0x53
#define WRITE_ARGB	(3u << 20)
#define SRC_TILED	(1u << 15)
#define DST_TILED	(1u << 11)
#define CLIP_ON		(1u << 30)
#define DEPTH_32	(3u << 24)
#define ROP(r)		((uint32_t)(r) << 16)
#define XY(x, y)	((uint32_t)(y) << 16 | (uint32_t)(x))
#define SWCTRL		0x22200		/* bit 0 source Y, bit 1 destination Y; masked */

static int fd = -1;	/* static: survive the harness longjmp */
static uint32_t vm;

enum { LINEAR, TILE_X, TILE_Y };

struct surf {
	uint64_t va;
	uint32_t pitch;		/* bytes */
	int tiling;
};

static void wait_ok(uint32_t s)
{
	igt_assert_eq(gensim_syncobj_wait(fd, s, WAIT_MS), 0);
	igt_assert_eq(gensim_syncobj_status(fd, s), 1);
}

static uint32_t rng = 0x12345678;

static uint32_t rnd(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 17;
	rng ^= rng << 5;
	return rng;
}

static uint32_t pitch_field(const struct surf *s)
{
	return s->tiling == LINEAR ? s->pitch : s->pitch / 4;	/* tiled: DWords */
}

static void emit_swctrl(struct gensim_bb *bb, bool src_y, bool dst_y)
{
	gensim_bb_lri(bb, SWCTRL, 3u << 16 | (src_y ? 1u : 0) | (dst_y ? 2u : 0));
	gensim_bb_emit(bb, MI_FLUSH_DW);
	gensim_bb_emit(bb, 0);
	gensim_bb_emit(bb, 0);
	gensim_bb_emit(bb, 0);
}

static void emit_fill(struct gensim_bb *bb, const struct surf *d, uint32_t flags, uint32_t x1,
		      uint32_t y1, uint32_t x2, uint32_t y2, uint32_t color)
{
	gensim_bb_emit(bb, BLT(XY_COLOR, 7) | WRITE_ARGB | (d->tiling ? DST_TILED : 0));
	gensim_bb_emit(bb, DEPTH_32 | ROP(0xf0) | pitch_field(d) | flags);
	gensim_bb_emit(bb, XY(x1, y1));
	gensim_bb_emit(bb, XY(x2, y2));
	gensim_bb_emit(bb, (uint32_t)d->va);
	gensim_bb_emit(bb, (uint32_t)(d->va >> 32));
	gensim_bb_emit(bb, color);
}

static void emit_copy(struct gensim_bb *bb, const struct surf *d, const struct surf *s,
		      uint8_t rop, uint32_t w, uint32_t h)
{
	gensim_bb_emit(bb, BLT(XY_SRC_COPY, 10) | WRITE_ARGB | (d->tiling ? DST_TILED : 0) |
			   (s->tiling ? SRC_TILED : 0));
	gensim_bb_emit(bb, DEPTH_32 | ROP(rop) | pitch_field(d));
	gensim_bb_emit(bb, XY(0, 0));
	gensim_bb_emit(bb, XY(w, h));
	gensim_bb_emit(bb, (uint32_t)d->va);
	gensim_bb_emit(bb, (uint32_t)(d->va >> 32));
	gensim_bb_emit(bb, XY(0, 0));
	gensim_bb_emit(bb, pitch_field(s));
	gensim_bb_emit(bb, (uint32_t)s->va);
	gensim_bb_emit(bb, (uint32_t)(s->va >> 32));
}

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Set a gensim module parameter; returns its old value. */
static int set_param(const char *name, int value)
{
	char v[16];
	int old = gensim_param_get(name);

	igt_assert_f(old >= 0, "module parameter %s: %d", name, old);
	snprintf(v, sizeof(v), "%d", value);
	igt_assert_eq(gensim_param_set(name, v), 0);
	return old;
}

/*
 * An XY_COLOR_BLT with ROP 0x5a (PATINVERT, D = P ^ D): it reads the
 * destination, so it runs on the per-pixel reference path, the slowest.
 */
static void emit_xor_fill(struct gensim_bb *bb, const struct surf *d, uint32_t w, uint32_t h,
			  uint32_t color)
{
	gensim_bb_emit(bb, BLT(XY_COLOR, 7) | WRITE_ARGB);
	gensim_bb_emit(bb, DEPTH_32 | ROP(0x5a) | pitch_field(d));
	gensim_bb_emit(bb, XY(0, 0));
	gensim_bb_emit(bb, XY(w, h));
	gensim_bb_emit(bb, (uint32_t)d->va);
	gensim_bb_emit(bb, (uint32_t)(d->va >> 32));
	gensim_bb_emit(bb, color);
}

/* Run @bb on a new copy-engine queue and wait for it. */
static void run(struct gensim_bb *bb)
{
	uint32_t q = gensim_queue_create(fd, DRM_GENSIM_ENGINE_CLASS_COPY, vm), s;

	gensim_bb_end(bb);
	s = gensim_exec_sync(fd, q, bb->buf.va);
	wait_ok(s);
	drmSyncobjDestroy(fd, s);
}

/* The CPU's tiling: the offset of byte @xb of row @y (address bits, per hw-spec-blitter). */
static uint64_t tiled_off(int tiling, uint32_t pitch, uint32_t xb, uint32_t y)
{
	uint64_t tile;

	if (tiling == TILE_X) {
		tile = (uint64_t)(y >> 3) * (pitch >> 9) + (xb >> 9);
		return tile << 12 | (y & 7) << 9 | (xb & 511);
	}
	tile = (uint64_t)(y >> 5) * (pitch >> 7) + (xb >> 7);
	return tile << 12 | ((xb >> 4) & 7) << 9 | (y & 31) << 4 | (xb & 15);
}

/* linear -> tiled -> linear, 1024x256 at 32 bpp (1 MiB), one batch. */
static void roundtrip(int tiling)
{
	const uint32_t w = 1024, h = 256, pitch = w * 4, size = pitch * h;
	struct gensim_buf lin = gensim_buf_new(fd, vm, SRC_VA, size);
	struct gensim_buf til = gensim_buf_new(fd, vm, TMP_VA, size);
	struct gensim_buf back = gensim_buf_new(fd, vm, DST_VA, size);
	struct gensim_bb bb = gensim_bb_new(fd, vm, BB_VA);
	struct surf l = { SRC_VA, pitch, LINEAR }, t = { TMP_VA, pitch, tiling };
	struct surf b = { DST_VA, pitch, LINEAR };
	const uint8_t *lb = (const uint8_t *)lin.map, *tb = (const uint8_t *)til.map;
	uint32_t bad = 0;

	for (uint32_t i = 0; i < size / 4; i++)
		lin.map[i] = rnd();
	emit_swctrl(&bb, tiling == TILE_Y, tiling == TILE_Y);
	emit_copy(&bb, &t, &l, 0xcc, w, h);
	emit_copy(&bb, &b, &t, 0xcc, w, h);
	run(&bb);
	igt_assert(!memcmp(back.map, lin.map, size));
	for (uint32_t y = 0; y < h; y++)
		for (uint32_t xb = 0; xb < pitch; xb++)
			if (tb[tiled_off(tiling, pitch, xb, y)] != lb[(uint64_t)y * pitch + xb] &&
			    !bad++)
				igt_info("tiled byte of (%u, %u) differs\n", xb, y);
	igt_assert_eq(bad, 0);
	/* The tiled copy is not the linear one (the test would pass without tiling). */
	igt_assert(memcmp(til.map, lin.map, size));
	gensim_bb_free(&bb);
	gensim_buf_free(&back);
	gensim_buf_free(&til);
	gensim_buf_free(&lin);
}

igt_main
{
	igt_fixture {
		if (gensim_render_minor() < 0)
			gensim_load();
		fd = gensim_open_render();
		vm = gensim_vm_create(fd, 0);
	}

	igt_subtest("fill-4096x4096") {
		const uint32_t n = 4096, size = n * n * 4;
		struct gensim_buf dst = gensim_buf_new(fd, vm, DST_VA, size);
		struct gensim_bb bb = gensim_bb_new(fd, vm, BB_VA);
		struct surf d = { DST_VA, n * 4, LINEAR };
		uint32_t bad = 0;

		memset(dst.map, 0xa5, size);
		emit_fill(&bb, &d, 0, 0, 0, n, n, 0x12345678);
		run(&bb);
		for (uint32_t i = 0; i < size / 4; i++)
			if (dst.map[i] != 0x12345678 && !bad++)
				igt_info("dword %u is %#x\n", i, dst.map[i]);
		igt_assert_eq(bad, 0);
		gensim_bb_free(&bb);
		gensim_buf_free(&dst);
	}

	igt_subtest("copy-4096x4096") {
		const uint32_t n = 4096, size = n * n * 4;
		struct gensim_buf src = gensim_buf_new(fd, vm, SRC_VA, size);
		struct gensim_buf dst = gensim_buf_new(fd, vm, DST_VA, size);
		struct gensim_bb bb = gensim_bb_new(fd, vm, BB_VA);
		struct surf s = { SRC_VA, n * 4, LINEAR }, d = { DST_VA, n * 4, LINEAR };

		for (uint32_t i = 0; i < size / 4; i++)
			src.map[i] = i * 2654435761u;
		memset(dst.map, 0x5a, size);
		emit_copy(&bb, &d, &s, 0xcc, n, n);
		run(&bb);
		igt_assert(!memcmp(dst.map, src.map, size));
		gensim_bb_free(&bb);
		gensim_buf_free(&dst);
		gensim_buf_free(&src);
	}

	igt_subtest("tiled-x-roundtrip")
		roundtrip(TILE_X);

	igt_subtest("tiled-y-roundtrip")
		roundtrip(TILE_Y);

	igt_subtest("clip") {
		const uint32_t w = 512, h = 256, size = w * h * 4;
		struct gensim_buf dst = gensim_buf_new(fd, vm, DST_VA, size);
		struct gensim_bb bb = gensim_bb_new(fd, vm, BB_VA);
		struct surf d = { DST_VA, w * 4, LINEAR };

		memset(dst.map, 0xa5, size);
		gensim_bb_emit(&bb, BLT(XY_SETUP_CLIP, 3));
		gensim_bb_emit(&bb, XY(100, 50));
		gensim_bb_emit(&bb, XY(300, 200));
		emit_fill(&bb, &d, CLIP_ON, 0, 0, w, h, 0xc0ffee);
		run(&bb);
		for (uint32_t y = 0; y < h; y++) {
			for (uint32_t x = 0; x < w; x++) {
				bool in = x >= 100 && x < 300 && y >= 50 && y < 200;
				uint32_t v = dst.map[y * w + x];

				igt_assert_f(v == (in ? 0xc0ffee : 0xa5a5a5a5),
					     "pixel (%u, %u) is %#x", x, y, v);
			}
		}
		gensim_bb_free(&bb);
		gensim_buf_free(&dst);
	}

	igt_subtest("rop-xor") {
		const uint32_t w = 333, h = 77, pitch = 2048, size = pitch * h;
		struct gensim_buf src = gensim_buf_new(fd, vm, SRC_VA, size);
		struct gensim_buf dst = gensim_buf_new(fd, vm, DST_VA, size);
		struct gensim_bb bb = gensim_bb_new(fd, vm, BB_VA);
		struct surf s = { SRC_VA, pitch, LINEAR }, d = { DST_VA, pitch, LINEAR };
		uint32_t *before = malloc(size);

		igt_assert(before);
		for (uint32_t i = 0; i < size / 4; i++) {
			src.map[i] = rnd();
			dst.map[i] = rnd();
		}
		memcpy(before, dst.map, size);
		emit_copy(&bb, &d, &s, 0x66, w, h);
		run(&bb);
		for (uint32_t y = 0; y < h; y++) {
			for (uint32_t x = 0; x < pitch / 4; x++) {
				uint32_t i = y * pitch / 4 + x;
				uint32_t want = x < w ? before[i] ^ src.map[i] : before[i];

				igt_assert_f(dst.map[i] == want, "pixel (%u, %u) is %#x, expected %#x",
					     x, y, dst.map[i], want);
			}
		}
		free(before);
		gensim_bb_free(&bb);
		gensim_buf_free(&dst);
		gensim_buf_free(&src);
	}

	igt_subtest("blit-fault") {
		struct gensim_bb bb = gensim_bb_new(fd, vm, BB_VA);
		struct gensim_bb good = gensim_bb_new(fd, vm, BB_VA + 0x10000);
		struct gensim_buf dst = gensim_buf_new(fd, vm, DST_VA, 4096);
		struct surf hole = { UNBOUND_VA, 1024, LINEAR }, d = { DST_VA, 1024, LINEAR };
		uint32_t q = gensim_queue_create(fd, DRM_GENSIM_ENGINE_CLASS_COPY, vm), s;
		uint64_t before = gensim_fault_count();
		char want[64], *last;

		emit_fill(&bb, &hole, 0, 0, 0, 16, 4, 0xbad);
		gensim_bb_end(&bb);
		s = gensim_exec_sync(fd, q, bb.buf.va);
		igt_assert_eq(gensim_syncobj_wait(fd, s, WAIT_MS), 0);
		igt_assert_eq(gensim_syncobj_status(fd, s), -EFAULT);
		drmSyncobjDestroy(fd, s);
		igt_assert(gensim_fault_count() > before);
		last = gensim_last_fault();
		igt_assert(last);
		igt_info("%s\n", last);
		snprintf(want, sizeof(want), "bcs0 ppgtt addr %#" PRIx64 " ", (uint64_t)UNBOUND_VA);
		igt_assert_f(strstr(last, want), "fault \"%s\" is not \"%s\"", last, want);
		free(last);
		/* A new queue on the same engine works. */
		emit_fill(&good, &d, 0, 0, 0, 256, 4, 0x600d);
		run(&good);
		for (uint32_t i = 0; i < 1024; i++)
			igt_assert_eq(dst.map[i], 0x600d);
		gensim_buf_free(&dst);
		gensim_bb_free(&good);
		gensim_bb_free(&bb);
	}

	/*
	 * A blit keeps the ring still while it runs: the driver's hang check
	 * must take a growing GENSIM_BLT_ROWS for progress.  A batch of k XOR
	 * fills over a 1024x1024 surface grows (x4) until one run lasts five
	 * job timeouts; every run must complete with no reset and leave each
	 * pixel XORed k times.  Without the row count the first timeout with
	 * a still breadcrumb resets the engine (-ETIME).
	 */
	igt_subtest("long-blits-outlive-job-timeout") {
		const uint32_t n = 1024, size = n * n * 4, color = 0x5a5a1234;
		struct gensim_buf dst = gensim_buf_new(fd, vm, DST_VA, size);
		struct surf d = { DST_VA, n * 4, LINEAR };
		int old_job = set_param("job_timeout_ms", 200);
		int old_cmp = set_param("compute_timeout_ms", 60000);
		uint32_t k = 1;
		double secs;

		for (;;) {
			struct gensim_bb bb = gensim_bb_new(fd, vm, BB_VA);
			uint32_t q = gensim_queue_create(fd, DRM_GENSIM_ENGINE_CLASS_COPY, vm), s;
			struct drm_gensim_queue_get_state st = { .queue_id = q };
			uint32_t want = 0x0f0f0f0f ^ (k & 1 ? color : 0), bad = 0;
			double t0;

			for (uint32_t i = 0; i < size / 4; i++)
				dst.map[i] = 0x0f0f0f0f;
			for (uint32_t i = 0; i < k; i++)
				emit_xor_fill(&bb, &d, n, n, color);
			gensim_bb_end(&bb);
			t0 = now_s();
			s = gensim_exec_sync(fd, q, bb.buf.va);
			igt_assert_eq(gensim_syncobj_wait(fd, s, WAIT_MS), 0);
			secs = now_s() - t0;
			igt_assert_f(gensim_syncobj_status(fd, s) == 1, "%u fills (%.2f s): status %d",
				     k, secs, gensim_syncobj_status(fd, s));
			igt_assert_eq(gensim_ioctl(fd, DRM_IOCTL_GENSIM_QUEUE_GET_STATE, &st), 0);
			igt_assert_eq(st.flags, 0);
			igt_assert_eq(st.guilty_resets, 0);
			for (uint32_t i = 0; i < size / 4; i++)
				if (dst.map[i] != want && !bad++)
					igt_info("dword %u is %#x, expected %#x\n", i, dst.map[i], want);
			igt_assert_eq(bad, 0);
			drmSyncobjDestroy(fd, s);
			gensim_bb_free(&bb);
			if (secs > 1.0)
				break;
			igt_assert_f(k < 1024, "%u fills still ran in %.2f s", k, secs);
			k *= 4;
		}
		igt_info("%u fills of %ux%u ran %.2f s with a job timeout of 200 ms\n", k, n, n,
			 secs);
		set_param("compute_timeout_ms", old_cmp);
		set_param("job_timeout_ms", old_job);
		gensim_buf_free(&dst);
	}

	/*
	 * A batch that blits forever (a fill, then MI_BATCH_BUFFER_START back
	 * to itself): its rows keep counting, so only compute_timeout_ms ends
	 * it.  It must be reset (-ETIME, the queue banned) and a blit on
	 * another queue must then complete.
	 */
	igt_subtest("endless-blits-reset") {
		struct gensim_buf dst = gensim_buf_new(fd, vm, DST_VA, 256 * 256 * 4);
		struct gensim_bb loop = gensim_bb_new(fd, vm, BB_VA);
		struct gensim_bb good = gensim_bb_new(fd, vm, BB_VA + 0x10000);
		struct surf d = { DST_VA, 256 * 4, LINEAR };
		uint32_t q = gensim_queue_create(fd, DRM_GENSIM_ENGINE_CLASS_COPY, vm), s;
		struct drm_gensim_queue_get_state st = { .queue_id = q };
		int old_job = set_param("job_timeout_ms", 500);
		int old_cmp = set_param("compute_timeout_ms", 1500);
		double t0 = now_s();

		emit_xor_fill(&loop, &d, 256, 256, 0x1);
		gensim_bb_start(&loop, loop.buf.va, 0);
		s = gensim_exec_sync(fd, q, loop.buf.va);
		igt_assert_eq(gensim_syncobj_wait(fd, s, WAIT_MS), 0);
		igt_assert_eq(gensim_syncobj_status(fd, s), -ETIME);
		igt_info("endless blits reset after %.1f s\n", now_s() - t0);
		igt_assert_eq(gensim_ioctl(fd, DRM_IOCTL_GENSIM_QUEUE_GET_STATE, &st), 0);
		igt_assert_eq(st.flags, DRM_GENSIM_QUEUE_STATE_BANNED);
		igt_assert_eq(st.guilty_resets, 1);
		drmSyncobjDestroy(fd, s);
		set_param("compute_timeout_ms", old_cmp);
		set_param("job_timeout_ms", old_job);
		emit_fill(&good, &d, 0, 0, 0, 256, 256, 0x600d);
		run(&good);
		for (uint32_t i = 0; i < 256 * 256; i++)
			igt_assert_eq(dst.map[i], 0x600d);
		gensim_bb_free(&good);
		gensim_bb_free(&loop);
		gensim_buf_free(&dst);
	}

	igt_fixture {
		close(fd);
		gensim_unload();
	}
}
