// SPDX-License-Identifier: MIT
/*
 * Blits through libgensim in process: the emitter's XY commands on a
 * copy-engine queue, checked byte for byte by the CPU - a fill, a copy
 * between offsets, linear -> tiled -> linear for X and Y tiling (the tiled
 * bytes being the CPU's own tiling), a clipped fill, 16 bpp - and the
 * emitter's own refusals: a full batch, a surface it cannot describe.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "gsim_env.h"

#define BB_VA		0x100000ull
#define SRC_VA		0x1000000ull
#define DST_VA		0x2000000ull
#define TMP_VA		0x3000000ull

struct rig {
	struct gsim_device *dev;
	uint32_t vm, queue;
	struct gsim_buffer bb, src, dst, tmp;
	struct gsim_batch b;
};

static void start(struct rig *r, uint64_t size)
{
	r->dev = ge_open(1, WAIT_MS);
	r->vm = ge_vm(r->dev, 0);
	r->queue = ge_queue(r->dev, GSIM_ENGINE_CLASS_COPY, r->vm);
	ge_buffer(r->dev, r->vm, BB_VA, 4096, &r->bb);
	ge_buffer(r->dev, r->vm, SRC_VA, size, &r->src);
	ge_buffer(r->dev, r->vm, DST_VA, size, &r->dst);
	ge_buffer(r->dev, r->vm, TMP_VA, size, &r->tmp);
	ge_batch(&r->bb, &r->b);
}

static void run(struct rig *r)
{
	OK(ge_run(r->dev, r->queue, &r->b));
	ge_batch(&r->bb, &r->b);
}

static uint32_t rng = 0x12345678;

static uint32_t rnd(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 17;
	rng ^= rng << 5;
	return rng;
}

static void t_fill_and_copy(void)
{
	const uint32_t w = 256, h = 64, pitch = w * 4;
	struct gsim_blt_surface s = { SRC_VA, pitch, GSIM_TILING_LINEAR, 4, 0 };
	struct gsim_blt_surface d = { DST_VA, pitch, GSIM_TILING_LINEAR, 4, 0 };
	uint32_t *src, *dst;
	struct rig r;

	start(&r, pitch * h);
	src = r.src.cpu;
	dst = r.dst.cpu;
	memset(dst, 0xa5, pitch * h);
	for (uint32_t i = 0; i < w * h; i++)
		src[i] = rnd();
	OK(gsim_emit_blt_fill(&r.b, &d, 0, 0, w, 16, 0x12345678, 0));
	/* Source (10, 20) to destination (30, 32), 100 x 20. */
	OK(gsim_emit_blt_copy(&r.b, &d, 30, 32, &s, 10, 20, 100, 20, 0xcc, 0));
	run(&r);
	for (uint32_t y = 0; y < h; y++)
		for (uint32_t x = 0; x < w; x++) {
			uint32_t want = y < 16 ? 0x12345678 : 0xa5a5a5a5;

			if (x >= 30 && x < 130 && y >= 32 && y < 52)
				want = src[(y - 12) * w + x - 20];
			CHECK_MSG(dst[y * w + x] == want, "pixel (%u, %u) is %#x, want %#x", x, y,
				  dst[y * w + x], want);
		}
	gsim_close(r.dev);
}

/* The CPU's tiling: the offset of byte @xb of row @y (address bits, per hw-spec-blitter). */
static uint64_t tiled_off(uint32_t tiling, uint32_t pitch, uint32_t xb, uint32_t y)
{
	uint64_t tile;

	if (tiling == GSIM_TILING_X) {
		tile = (uint64_t)(y >> 3) * (pitch >> 9) + (xb >> 9);
		return tile << 12 | (y & 7) << 9 | (xb & 511);
	}
	tile = (uint64_t)(y >> 5) * (pitch >> 7) + (xb >> 7);
	return tile << 12 | ((xb >> 4) & 7) << 9 | (y & 31) << 4 | (xb & 15);
}

static void roundtrip(uint32_t tiling)
{
	const uint32_t w = 512, h = 64, pitch = w * 4, size = pitch * h;
	struct gsim_blt_surface l = { SRC_VA, pitch, GSIM_TILING_LINEAR, 4, 0 };
	struct gsim_blt_surface t = { TMP_VA, pitch, tiling, 4, 0 };
	struct gsim_blt_surface b = { DST_VA, pitch, GSIM_TILING_LINEAR, 4, 0 };
	const uint8_t *lb, *tb;
	struct rig r;

	start(&r, size);
	lb = r.src.cpu;
	tb = r.tmp.cpu;
	for (uint32_t i = 0; i < size / 4; i++)
		((uint32_t *)r.src.cpu)[i] = rnd();
	OK(gsim_emit_blt_tiling(&r.b, tiling == GSIM_TILING_Y, tiling == GSIM_TILING_Y));
	OK(gsim_emit_blt_copy(&r.b, &t, 0, 0, &l, 0, 0, w, h, 0xcc, 0));
	OK(gsim_emit_blt_copy(&r.b, &b, 0, 0, &t, 0, 0, w, h, 0xcc, 0));
	run(&r);
	CHECK(!memcmp(r.dst.cpu, r.src.cpu, size));
	for (uint32_t y = 0; y < h; y++)
		for (uint32_t xb = 0; xb < pitch; xb++)
			CHECK_MSG(tb[tiled_off(tiling, pitch, xb, y)] == lb[y * pitch + xb],
				  "tiled byte of (%u, %u)", xb, y);
	/* The tiled copy is not the linear one (the test would pass without tiling). */
	CHECK(memcmp(r.tmp.cpu, r.src.cpu, size));
	gsim_close(r.dev);
}

static void t_tiled_x(void)
{
	roundtrip(GSIM_TILING_X);
}

static void t_tiled_y(void)
{
	roundtrip(GSIM_TILING_Y);
}

static void t_clip_and_16bpp(void)
{
	const uint32_t w = 128, h = 64;
	struct gsim_blt_surface d = { DST_VA, w * 4, GSIM_TILING_LINEAR, 4, 0 };
	struct gsim_blt_surface d16 = { TMP_VA, w * 2, GSIM_TILING_LINEAR, 2, 0 };
	const uint16_t *p16;
	const uint32_t *p;
	struct rig r;

	start(&r, w * h * 4);
	memset(r.dst.cpu, 0xa5, w * h * 4);
	OK(gsim_emit_blt_clip(&r.b, 10, 5, 50, 40));
	OK(gsim_emit_blt_fill(&r.b, &d, 0, 0, w, h, 0xc0ffee, GSIM_BLT_CLIP));
	OK(gsim_emit_blt_fill(&r.b, &d16, 3, 2, 7, 4, 0xbeef, 0));
	run(&r);
	p = r.dst.cpu;
	p16 = r.tmp.cpu;
	for (uint32_t y = 0; y < h; y++)
		for (uint32_t x = 0; x < w; x++) {
			bool in = x >= 10 && x < 50 && y >= 5 && y < 40;
			bool in16 = x >= 3 && x < 7 && y >= 2 && y < 4;

			CHECK_MSG(p[y * w + x] == (in ? 0xc0ffee : 0xa5a5a5a5), "pixel (%u, %u)",
				  x, y);
			CHECK_MSG(p16[y * w + x] == (in16 ? 0xbeef : 0), "16 bpp pixel (%u, %u)",
				  x, y);
		}
	gsim_close(r.dev);
}

/* The emitter alone: no device needed. */
static void t_emitter_refusals(void)
{
	struct gsim_blt_surface bad = { DST_VA, 100, GSIM_TILING_X, 4, 0 };
	uint32_t mem[8];
	struct gsim_batch b;

	FAILS(gsim_batch_init(&b, mem, 0x1004, sizeof(mem)), -EINVAL);
	OK(gsim_batch_init(&b, mem, 0x1000, sizeof(mem)));
	FAILS(gsim_emit_blt_fill(&b, &bad, 0, 0, 1, 1, 0, 0), -EINVAL);
	bad = (struct gsim_blt_surface){ DST_VA, 1024, GSIM_TILING_LINEAR, 3, 0 };
	FAILS(gsim_emit_blt_fill(&b, &bad, 0, 0, 1, 1, 0, 0), -EINVAL);
	bad.cpp = 4;
	FAILS(gsim_emit_blt_fill(&b, &bad, 0, 0, 40000, 1, 0, 0), -EINVAL);
	FAILS(gsim_emit_semaphore_wait(&b, 0, 0, 9), -EINVAL);
	CHECK_EQ(b.len, 0);
	OK(gsim_emit_store_dword(&b, 0x2000, 1));
	/* 4 + 7 > 8: nothing of the fill is written, and the batch stays failed. */
	FAILS(gsim_emit_blt_fill(&b, &bad, 0, 0, 1, 1, 0, 0), -ENOSPC);
	CHECK_EQ(b.len, 4);
	FAILS(gsim_emit_noop(&b), -ENOSPC);
	FAILS(gsim_batch_end(&b), -ENOSPC);
	OK(gsim_batch_init(&b, mem, 0x1000, sizeof(mem)));
	OK(gsim_emit_store_dword(&b, 0x2000, 1));
	OK(gsim_batch_end(&b));
	CHECK_EQ(b.len, 6);
	CHECK_EQ(mem[4], 0x0a << 23);		/* MI_BATCH_BUFFER_END */
	CHECK_EQ(mem[5], 0);			/* MI_NOOP: the end padded to a qword */
}

int main(void)
{
	tap_run("XY_COLOR_BLT and XY_SRC_COPY_BLT at offsets", t_fill_and_copy);
	tap_run("linear -> X-tiled -> linear", t_tiled_x);
	tap_run("linear -> Y-tiled -> linear (BCS_SWCTRL)", t_tiled_y);
	tap_run("a clipped fill, a 16 bpp fill", t_clip_and_16bpp);
	tap_run("the emitter refuses what it cannot emit", t_emitter_refusals);
	return tap_done();
}
