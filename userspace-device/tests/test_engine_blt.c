// SPDX-License-Identifier: MIT
/*
 * The blitter's 2D commands through the loopback, as a driver submits them
 * (Documentation/gpu/gensim/hw-spec-blitter.rst).  Every blit is checked
 * byte for byte against a CPU model written here from the spec, not from
 * the device code: its own command encodings, its own tiling (address bit
 * swizzles, where the device divides), its own ROP (one bit at a time
 * through the truth table, where the device sums minterms 64 bits wide)
 * and its own overlap rule (the source read whole first).
 *
 * Covered: linear, X- and Y-tiled sources and destinations in every
 * combination, 8/16/32 bpp, odd sizes across tile edges; solid fills and
 * 8x8 patterns with seeds; all 256 ROPs on random data; clipping (inside,
 * partial, empty, inverted, disabled, negative coordinates, after a
 * reset); 32 bpp write enables; overlapping copies; zero-sized blits; the
 * legacy COLOR_BLT/SRC_COPY_BLT with negative pitches; GGTT surfaces from
 * the ring; faults (destination, source, wrong address space); bad
 * lengths and fields; blits on the wrong engine; BCS_SWCTRL as a masked
 * context register; stops and resets in the middle of a long blit.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "engine_env.h"
#include "tap.h"

/* Encodings, from hw-spec-blitter. */
#define BLT(op, len)	(2u << 29 | (uint32_t)(op) << 22 | ((len) - 2))
#define OP_XY_SETUP		0x01
#define OP_XY_SETUP_CLIP	0x03
#define OP_XY_PIXEL		0x24
#define OP_XY_SCANLINES		0x25
#define OP_COLOR		0x40
#define OP_FAST_COPY		0x42	/* Gen9: reserved on Gen8 */
#define OP_SRC_COPY		0x43
#define OP_XY_COLOR		0x50
#define OP_XY_PAT		0x51
#define OP_XY_SRC_COPY		0x53
#define OP_XY_MONO_SRC_COPY	0x54
#define OP_XY_FULL		0x55
#define W_ALPHA		(1u << 21)
#define W_RGB		(1u << 20)
#define W_ARGB		(W_ALPHA | W_RGB)
#define SRC_TILED	(1u << 15)
#define DST_TILED	(1u << 11)
#define HSEED(n)	((uint32_t)(n) << 12)
#define VSEED(n)	((uint32_t)(n) << 8)
#define CLIP_ON		(1u << 30)
#define BR13(depth, rop, pitch)	((uint32_t)(depth) << 24 | (uint32_t)(rop) << 16 | \
				 ((uint32_t)(pitch) & 0xffff))
#define XY(x, y)	((uint32_t)(uint16_t)(int16_t)(y) << 16 | (uint16_t)(int16_t)(x))
#define SWCTRL		0x22200
#define FLUSH_DW	MI_FLUSH_DW, 0, 0, 0

enum { D8, D565, D1555, D8888 };
enum { LIN, TX, TY };

static const unsigned int cpp_of[4] = { 1, 2, 2, 4 };
static const char *const tiling_name[3] = { "linear", "X", "Y" };

static uint64_t rng_state = 0x2545f4914f6cdd1dull;

static uint32_t rnd(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return (uint32_t)(rng_state >> 16);
}

static void fill_random(uint8_t *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		p[i] = (uint8_t)rnd();
}

/*
 * A surface: its buffer (GPU address and CPU view) and the contents the
 * CPU model expects.  Linear surfaces may start at @origin bytes into the
 * buffer with a signed @spitch (the legacy blits' negative pitches).
 */
struct surf {
	struct ee_buf b;
	uint8_t *mem;
	uint8_t *ref;
	size_t size;
	int tiling;
	uint32_t pitch;		/* bytes, positive */
	int64_t origin;		/* linear: byte offset of row 0 */
	int32_t spitch;		/* linear: signed pitch */
};

/*
 * @pages PPGTT pages, contiguous in the window (the data pages first, so
 * the page tables the mapping needs do not land between them), a hole
 * after them.
 */
static struct ee_buf ppgtt_buf(struct eng_env *env, unsigned int pages)
{
	struct ee_buf b = { .ppgtt = true, .addr = env->ppgtt_next };
	uint64_t dma = env_page(&env->g);

	for (unsigned int i = 1; i < pages; i++)
		CHECK_EQ(env_page(&env->g), dma + (uint64_t)i * PG);
	for (unsigned int i = 0; i < pages; i++)
		ppgtt_set(&env->g, env->pml4, b.addr + i * PG, 12, (dma + i * PG) | PDE_FLAGS);
	env->ppgtt_next += (pages + 1) * PG;
	b.cpu = gs_loop_dma(env->g.loop, dma);
	return b;
}

/* Every model copy, freed when the test's device stops. */
static uint8_t *refs[256];
static unsigned int nrefs;

static void stop(struct eng_env *env)
{
	ee_stop(env);
	while (nrefs)
		free(refs[--nrefs]);
}

static struct surf surf_new(struct eng_env *env, int tiling, uint32_t pitch, uint32_t rows,
			    bool ggtt)
{
	struct surf s = { .tiling = tiling, .pitch = pitch, .spitch = (int32_t)pitch };
	unsigned int pages;

	s.size = (size_t)pitch * rows;
	pages = (unsigned int)((s.size + PG - 1) / PG);
	s.b = ggtt ? ee_buf_ggtt(env, pages) : ppgtt_buf(env, pages);
	s.mem = (uint8_t *)s.b.cpu;
	CHECK(nrefs < sizeof(refs) / sizeof(refs[0]));
	s.ref = refs[nrefs++] = malloc(s.size);
	CHECK(s.ref);
	fill_random(s.mem, s.size);
	memcpy(s.ref, s.mem, s.size);
	return s;
}

/* GPU address of pixel (0, 0) and the BR13/BR11 pitch field. */
static uint64_t surf_addr(const struct surf *s)
{
	return s->b.addr + (uint64_t)s->origin;
}

static uint32_t pitch_field(const struct surf *s)
{
	return s->tiling == LIN ? (uint32_t)s->spitch : s->pitch / 4;
}

/* Byte @xb of row @y, by the address bits of the tiling (not by tiles per row). */
static size_t ref_off(const struct surf *s, uint32_t xb, uint32_t y)
{
	uint64_t tile;

	switch (s->tiling) {
	case TX:	/* x[8:0] | y[2:0] << 9 | tile << 12 */
		tile = (uint64_t)(y >> 3) * (s->pitch >> 9) + (xb >> 9);
		return (size_t)(tile << 12 | (y & 7) << 9 | (xb & 511));
	case TY:	/* x[3:0] | y[4:0] << 4 | x[6:4] << 9 | tile << 12 */
		tile = (uint64_t)(y >> 5) * (s->pitch >> 7) + (xb >> 7);
		return (size_t)(tile << 12 | ((xb >> 4) & 7) << 9 | (y & 31) << 4 | (xb & 15));
	}
	return (size_t)(s->origin + (int64_t)y * s->spitch + xb);
}

static uint8_t ref_rop(uint8_t rop, uint8_t p, uint8_t s, uint8_t d)
{
	uint8_t r = 0;

	for (int bit = 0; bit < 8; bit++) {
		int idx = ((p >> bit) & 1) << 2 | ((s >> bit) & 1) << 1 | ((d >> bit) & 1);

		r |= (uint8_t)(((rop >> idx) & 1) << bit);
	}
	return r;
}

/* One blit of the CPU model; the rectangle is the clipped one. */
struct ref_op {
	unsigned int cpp;
	uint8_t rop;
	uint32_t wmask;		/* 32 bpp: bytes written */
	struct surf *dst, *src;	/* src NULL: S is 0 */
	int x1, y1, x2, y2, sx, sy;
	int pat;		/* 0: P is 0; 1: solid @color; 2: 8x8 @pattern */
	uint32_t color;
	const uint8_t *pattern;
	int hseed, vseed;
};

static void ref_blit(const struct ref_op *o)
{
	int w = o->x2 - o->x1, h = o->y2 - o->y1;
	uint8_t *tmp = NULL;

	if (w <= 0 || h <= 0)
		return;
	if (o->src) {		/* memmove: the whole source first */
		tmp = malloc((size_t)w * h * o->cpp);
		CHECK(tmp);
		for (int y = 0; y < h; y++)
			for (int x = 0; x < w; x++)
				for (unsigned int b = 0; b < o->cpp; b++)
					tmp[((size_t)y * w + x) * o->cpp + b] =
						o->src->ref[ref_off(o->src, (uint32_t)(o->sx + x) *
								    o->cpp + b, (uint32_t)(o->sy + y))];
	}
	for (int y = 0; y < h; y++) {
		for (int x = 0; x < w; x++) {
			int dx = o->x1 + x, dy = o->y1 + y;

			for (unsigned int b = 0; b < o->cpp; b++) {
				size_t at = ref_off(o->dst, (uint32_t)dx * o->cpp + b, (uint32_t)dy);
				uint8_t p = 0, s = 0, d = o->dst->ref[at];

				if (o->pat == 1)
					p = (uint8_t)(o->color >> (8 * b));
				else if (o->pat == 2)
					p = o->pattern[((dy + o->vseed) & 7) * 8 * o->cpp +
						       ((dx + o->hseed) & 7) * o->cpp + b];
				if (tmp)
					s = tmp[((size_t)y * w + x) * o->cpp + b];
				if (o->cpp == 4 && !((o->wmask >> (8 * b)) & 0xff))
					continue;
				o->dst->ref[at] = ref_rop(o->rop, p, s, d);
			}
		}
	}
	free(tmp);
}

static void check_surf_(const struct surf *s, const char *what, int line)
{
	for (size_t i = 0; i < s->size; i++)
		if (s->mem[i] != s->ref[i])
			tap_fail(__FILE__, line, "%s: byte %#zx is %#x, expected %#x", what, i,
				 s->mem[i], s->ref[i]);
}
#define check_surf(s, what)	check_surf_((s), (what), __LINE__)

/* A batch in the PPGTT: a non-privileged one, whose blits address the PPGTT. */
static struct ee_buf batch(struct eng_env *env, unsigned int pages)
{
	return ppgtt_buf(env, pages);
}

static uint32_t next_id = 0x100;

/* Run @bb on bcs0 in a new context to completion, with no error. */
static void run_batch(struct eng_env *env, struct ee_buf *bb)
{
	struct eng_ctx *ctx = ee_ctx(env, GS_BCS, 1, next_id++);

	BEMIT(bb, MI_BATCH_BUFFER_END, MI_NOOP);
	EMIT(ctx, BB_START_PPGTT(bb->addr));
	ee_run(env, ctx);
	CHECK_EQ(ee_read(env, RING_EIR(ee_base(GS_BCS))), 0);
	ee_sync(env);
	ee_ctx_free(ctx);
}

static void emit_swctrl(struct ee_buf *bb, bool src_y, bool dst_y)
{
	BEMIT(bb, LRI1(SWCTRL, 3u << 16 | (src_y ? 1u : 0) | (dst_y ? 2u : 0)), FLUSH_DW);
}

static uint32_t tiled_bit(const struct surf *s, uint32_t bit)
{
	return s->tiling == LIN ? 0 : bit;
}

static void emit_color(struct ee_buf *bb, const struct surf *d, int depth, uint8_t rop,
		       uint32_t flags, int x1, int y1, int x2, int y2, uint32_t color)
{
	uint64_t a = surf_addr(d);

	BEMIT(bb, BLT(OP_XY_COLOR, 7) | (flags & ~CLIP_ON) | tiled_bit(d, DST_TILED),
	      BR13(depth, rop, pitch_field(d)) | (flags & CLIP_ON), XY(x1, y1), XY(x2, y2),
	      LO(a), HI(a), color);
}

static void emit_copy(struct ee_buf *bb, const struct surf *d, const struct surf *s, int depth,
		      uint8_t rop, uint32_t flags, int x1, int y1, int x2, int y2, int sx, int sy)
{
	uint64_t a = surf_addr(d), b = surf_addr(s);

	BEMIT(bb, BLT(OP_XY_SRC_COPY, 10) | (flags & ~CLIP_ON) | tiled_bit(d, DST_TILED) |
	      tiled_bit(s, SRC_TILED), BR13(depth, rop, pitch_field(d)) | (flags & CLIP_ON),
	      XY(x1, y1), XY(x2, y2), LO(a), HI(a), XY(sx, sy), pitch_field(s) & 0xffff, LO(b),
	      HI(b));
}

static void emit_pat(struct ee_buf *bb, const struct surf *d, int depth, uint8_t rop,
		     uint32_t flags, int x1, int y1, int x2, int y2, uint64_t pat)
{
	uint64_t a = surf_addr(d);

	BEMIT(bb, BLT(OP_XY_PAT, 8) | (flags & ~CLIP_ON) | tiled_bit(d, DST_TILED),
	      BR13(depth, rop, pitch_field(d)) | (flags & CLIP_ON), XY(x1, y1), XY(x2, y2),
	      LO(a), HI(a), LO(pat), HI(pat));
}

/* A rectangle across tile edges (x bytes across 512, rows across 32), odd sizes. */
static void edge_rect(unsigned int cpp, int *x1, int *y1, int *w, int *h)
{
	*x1 = (int)(500 / cpp) - 3;
	*y1 = 29;
	*w = (int)(200 / cpp) + 1;
	*h = 23;
}

static void start(struct eng_env *env)
{
	ee_start(env, NULL);
	ee_engine_init(env, GS_BCS);
}

/* XY_SRC_COPY_BLT: every source and destination tiling, every depth. */
static void t_copy_tilings(void)
{
	struct eng_env env;

	start(&env);
	for (int depth = D8; depth <= D8888; depth++) {
		for (int st = LIN; st <= TY; st++) {
			for (int dt = LIN; dt <= TY; dt++) {
				unsigned int cpp = cpp_of[depth];
				struct surf src = surf_new(&env, st, 1024, 64, false);
				struct surf dst = surf_new(&env, dt, 1024, 64, false);
				struct ee_buf bb = batch(&env, 1);
				int x1, y1, w, h, sx = (int)(100 / cpp) + 1, sy = 3;
				char what[64];

				edge_rect(cpp, &x1, &y1, &w, &h);
				emit_swctrl(&bb, st == TY, dt == TY);
				emit_copy(&bb, &dst, &src, depth, 0xcc, W_ARGB, x1, y1, x1 + w, y1 + h,
					  sx, sy);
				run_batch(&env, &bb);
				ref_blit(&(struct ref_op){ .cpp = cpp, .rop = 0xcc, .wmask = ~0u,
							   .dst = &dst, .src = &src, .x1 = x1, .y1 = y1,
							   .x2 = x1 + w, .y2 = y1 + h, .sx = sx,
							   .sy = sy });
				snprintf(what, sizeof(what), "%u bpp %s -> %s", 8 * cpp,
					 tiling_name[st], tiling_name[dt]);
				check_surf(&dst, what);
				check_surf(&src, what);
			}
		}
	}
	stop(&env);
}

/* XY_COLOR_BLT: every tiling and depth; the colour's unused bytes do not leak. */
static void t_fill(void)
{
	struct eng_env env;

	start(&env);
	for (int depth = D8; depth <= D8888; depth++) {
		for (int t = LIN; t <= TY; t++) {
			unsigned int cpp = cpp_of[depth];
			struct surf dst = surf_new(&env, t, 1024, 64, false);
			struct ee_buf bb = batch(&env, 1);
			uint32_t color = rnd() | 0x80808080u;
			uint8_t rop = depth == D1555 ? 0x5a : 0xf0;
			int x1, y1, w, h;
			char what[64];

			edge_rect(cpp, &x1, &y1, &w, &h);
			emit_swctrl(&bb, false, t == TY);
			emit_color(&bb, &dst, depth, rop, W_ARGB, x1, y1, x1 + w, y1 + h, color);
			run_batch(&env, &bb);
			ref_blit(&(struct ref_op){ .cpp = cpp, .rop = rop, .wmask = ~0u, .dst = &dst,
						   .x1 = x1, .y1 = y1, .x2 = x1 + w, .y2 = y1 + h,
						   .pat = 1, .color = color });
			snprintf(what, sizeof(what), "fill %u bpp %s rop %#x", 8 * cpp,
				 tiling_name[t], rop);
			check_surf(&dst, what);
		}
	}
	stop(&env);
}

/* XY_PAT_BLT: an 8x8 pattern from memory, with and without seeds, every tiling. */
static void t_pattern(void)
{
	static const int depths[] = { D8, D565, D8888 };
	struct eng_env env;

	start(&env);
	for (unsigned int i = 0; i < 3; i++) {
		for (int t = LIN; t <= TY; t++) {
			for (int seeded = 0; seeded < 2; seeded++) {
				int depth = depths[i], hs = seeded ? 3 : 0, vs = seeded ? 5 : 0;
				unsigned int cpp = cpp_of[depth];
				struct surf dst = surf_new(&env, t, 1024, 64, false);
				struct ee_buf bb = batch(&env, 1), pat = ppgtt_buf(&env, 1);
				uint8_t rop = seeded ? 0x5a : 0xf0;
				int x1, y1, w, h;
				char what[64];

				/* At 0x40 into the page; bits 5:0 of the address are not read. */
				fill_random((uint8_t *)pat.cpu, PG);
				edge_rect(cpp, &x1, &y1, &w, &h);
				emit_swctrl(&bb, false, t == TY);
				emit_pat(&bb, &dst, depth, rop, W_ARGB | HSEED(hs) | VSEED(vs), x1, y1,
					 x1 + w, y1 + h, pat.addr + 0x40 + 0x2b);
				run_batch(&env, &bb);
				ref_blit(&(struct ref_op){ .cpp = cpp, .rop = rop, .wmask = ~0u,
							   .dst = &dst, .x1 = x1, .y1 = y1,
							   .x2 = x1 + w, .y2 = y1 + h, .pat = 2,
							   .pattern = (uint8_t *)pat.cpu + 0x40,
							   .hseed = hs, .vseed = vs });
				snprintf(what, sizeof(what), "pattern %u bpp %s seeds %d,%d", 8 * cpp,
					 tiling_name[t], hs, vs);
				check_surf(&dst, what);
			}
		}
	}
	stop(&env);
}

/*
 * All 256 ROPs over random data: source copies (S and D; P is 0) and
 * pattern blits (P and D; S is 0), one small blit each, in one batch.
 */
static void t_all_rops(void)
{
	struct eng_env env;
	struct surf src, dst, pdst;
	struct ee_buf bb, pat;

	start(&env);
	src = surf_new(&env, LIN, 32, 1024, false);
	dst = surf_new(&env, LIN, 32, 1024, false);
	pdst = surf_new(&env, LIN, 32, 1024, false);
	pat = ppgtt_buf(&env, 1);
	fill_random((uint8_t *)pat.cpu, PG);
	bb = batch(&env, 6);
	for (int rop = 0; rop < 256; rop++) {
		emit_copy(&bb, &dst, &src, D8888, (uint8_t)rop, W_ARGB, 1, 4 * rop, 8, 4 * rop + 3, 0,
			  4 * rop + 1);
		emit_pat(&bb, &pdst, D8888, (uint8_t)rop, W_ARGB | HSEED(rop & 7) | VSEED(rop >> 5),
			 0, 4 * rop, 7, 4 * rop + 4, pat.addr);
	}
	run_batch(&env, &bb);
	for (int rop = 0; rop < 256; rop++) {
		ref_blit(&(struct ref_op){ .cpp = 4, .rop = (uint8_t)rop, .wmask = ~0u, .dst = &dst,
					   .src = &src, .x1 = 1, .y1 = 4 * rop, .x2 = 8,
					   .y2 = 4 * rop + 3, .sx = 0, .sy = 4 * rop + 1 });
		ref_blit(&(struct ref_op){ .cpp = 4, .rop = (uint8_t)rop, .wmask = ~0u, .dst = &pdst,
					   .x1 = 0, .y1 = 4 * rop, .x2 = 7, .y2 = 4 * rop + 4,
					   .pat = 2, .pattern = (uint8_t *)pat.cpu,
					   .hseed = rop & 7, .vseed = rop >> 5 });
	}
	check_surf(&dst, "ROP copies");
	check_surf(&pdst, "ROP patterns");
	check_surf(&src, "ROP source");
	stop(&env);
}

/* Clipping by XY_SETUP_CLIP_BLT and XY_SETUP_BLT. */
static void t_clip(void)
{
	static const struct {
		const char *what;
		int cx1, cy1, cx2, cy2;
		bool on, copy, by_setup;
		int x1, y1, x2, y2;
	} c[] = {
		{ "inside", 20, 15, 60, 40, true, false, false, 10, 10, 100, 50 },
		{ "partial", 50, 0, 200, 30, true, false, false, 10, 10, 100, 50 },
		{ "empty", 20, 20, 20, 40, true, false, false, 10, 10, 100, 50 },
		{ "inverted", 60, 40, 20, 15, true, false, false, 10, 10, 100, 50 },
		{ "disabled", 0, 0, 1, 1, false, false, false, 10, 10, 100, 50 },
		{ "copy, partial", 50, 0, 200, 30, true, true, false, 10, 10, 100, 50 },
		{ "XY_SETUP_BLT", 33, 12, 71, 47, true, false, true, 10, 10, 100, 50 },
		{ "negative coordinates", 0, 0, 256, 64, true, false, false, -20, -5, 30, 20 },
		{ "copy, negative", 0, 0, 256, 64, true, true, true, -9, -7, 30, 20 },
	};
	struct eng_env env;

	start(&env);
	for (unsigned int i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		for (int t = LIN; t <= TX; t++) {
			struct surf dst = surf_new(&env, t, 1024, 64, false);
			struct surf src = surf_new(&env, LIN, 1024, 64, false);
			struct ee_buf bb = batch(&env, 1);
			uint32_t color = rnd();
			int x1 = c[i].x1, y1 = c[i].y1, x2 = c[i].x2, y2 = c[i].y2;
			int sx = 40, sy = 12;

			if (c[i].by_setup)
				BEMIT(&bb, BLT(OP_XY_SETUP, 10), BR13(D8888, 0xcc, 0),
				      XY(c[i].cx1, c[i].cy1), XY(c[i].cx2, c[i].cy2), 0, 0, 0, 0, 0, 0);
			else
				BEMIT(&bb, BLT(OP_XY_SETUP_CLIP, 3), XY(c[i].cx1, c[i].cy1),
				      XY(c[i].cx2, c[i].cy2));
			if (c[i].copy)
				emit_copy(&bb, &dst, &src, D8888, 0xcc, W_ARGB | (c[i].on ? CLIP_ON : 0),
					  x1, y1, x2, y2, sx, sy);
			else
				emit_color(&bb, &dst, D8888, 0xf0, W_ARGB | (c[i].on ? CLIP_ON : 0),
					   x1, y1, x2, y2, color);
			run_batch(&env, &bb);
			if (c[i].on) {
				int nx1 = x1 > c[i].cx1 ? x1 : c[i].cx1;
				int ny1 = y1 > c[i].cy1 ? y1 : c[i].cy1;

				sx += nx1 - x1;
				sy += ny1 - y1;
				x1 = nx1;
				y1 = ny1;
				x2 = x2 < c[i].cx2 ? x2 : c[i].cx2;
				y2 = y2 < c[i].cy2 ? y2 : c[i].cy2;
			}
			ref_blit(&(struct ref_op){ .cpp = 4, .rop = c[i].copy ? 0xcc : 0xf0,
						   .wmask = ~0u, .dst = &dst,
						   .src = c[i].copy ? &src : NULL, .x1 = x1, .y1 = y1,
						   .x2 = x2, .y2 = y2, .sx = sx, .sy = sy,
						   .pat = c[i].copy ? 0 : 1, .color = color });
			check_surf(&dst, c[i].what);
		}
	}
	/* An engine reset empties the clip rectangle. */
	{
		struct surf dst = surf_new(&env, LIN, 1024, 64, false);
		struct ee_buf bb = batch(&env, 1);

		ee_engine_reset(&env, GS_BCS);
		emit_color(&bb, &dst, D8888, 0xf0, W_ARGB | CLIP_ON, 0, 0, 64, 64, 0x12345678);
		run_batch(&env, &bb);
		check_surf(&dst, "after a reset");
	}
	stop(&env);
}

/* 32 bpp write enables (BR00 21:20); below 32 bpp every byte is written. */
static void t_write_enables(void)
{
	static const uint32_t masks[] = { 0, W_ALPHA, W_RGB, W_ARGB };
	struct eng_env env;

	start(&env);
	for (unsigned int i = 0; i < 4; i++) {
		struct surf dst = surf_new(&env, LIN, 1024, 32, false);
		struct surf src = surf_new(&env, TX, 1024, 32, false);
		struct ee_buf bb = batch(&env, 1);
		uint32_t wmask = (masks[i] & W_ALPHA ? 0xff000000u : 0) |
				 (masks[i] & W_RGB ? 0x00ffffffu : 0);
		uint32_t color = rnd();

		emit_swctrl(&bb, false, false);
		emit_color(&bb, &dst, D8888, 0xf0, masks[i], 3, 1, 40, 9, color);
		emit_copy(&bb, &dst, &src, D8888, 0xcc, masks[i], 50, 2, 97, 13, 7, 5);
		emit_copy(&bb, &dst, &src, D8888, 0x66, masks[i], 100, 17, 131, 31, 9, 3);
		run_batch(&env, &bb);
		ref_blit(&(struct ref_op){ .cpp = 4, .rop = 0xf0, .wmask = wmask, .dst = &dst,
					   .x1 = 3, .y1 = 1, .x2 = 40, .y2 = 9, .pat = 1,
					   .color = color });
		ref_blit(&(struct ref_op){ .cpp = 4, .rop = 0xcc, .wmask = wmask, .dst = &dst,
					   .src = &src, .x1 = 50, .y1 = 2, .x2 = 97, .y2 = 13, .sx = 7,
					   .sy = 5 });
		ref_blit(&(struct ref_op){ .cpp = 4, .rop = 0x66, .wmask = wmask, .dst = &dst,
					   .src = &src, .x1 = 100, .y1 = 17, .x2 = 131, .y2 = 31,
					   .sx = 9, .sy = 3 });
		check_surf(&dst, "write enables");
	}
	/* 16 bpp: BR00 21:20 clear, still written. */
	{
		struct surf dst = surf_new(&env, LIN, 1024, 32, false);
		struct ee_buf bb = batch(&env, 1);

		emit_color(&bb, &dst, D565, 0xf0, 0, 5, 5, 77, 20, 0xabcd);
		run_batch(&env, &bb);
		ref_blit(&(struct ref_op){ .cpp = 2, .rop = 0xf0, .wmask = ~0u, .dst = &dst,
					   .x1 = 5, .y1 = 5, .x2 = 77, .y2 = 20, .pat = 1,
					   .color = 0xabcd });
		check_surf(&dst, "16 bpp ignores the write enables");
	}
	stop(&env);
}

/* Overlapping copies within one surface move the rectangle exactly (memmove). */
static void t_overlap(void)
{
	static const int d[][2] = { { 3, 2 }, { -3, -2 }, { 5, 0 }, { -5, 0 }, { 0, 1 },
				    { 0, -1 }, { 2, -3 }, { -2, 3 }, { 0, 0 }, { 1500, 0 } };
	struct eng_env env;

	start(&env);
	for (unsigned int i = 0; i < sizeof(d) / sizeof(d[0]); i++) {
		for (int t = LIN; t <= TY; t += 2) {
			int depth = t == LIN ? D8888 : D8;
			unsigned int cpp = cpp_of[depth];
			/* A wide one: more than one span per row (4 KiB at a time). */
			int w = d[i][0] == 1500 ? 6000 / (int)cpp : 40, sx = 20, sy = 20, h = 17;
			int dx = d[i][0] == 1500 ? 300 : d[i][0];
			uint8_t rop = i & 1 ? 0x66 : 0xcc;
			struct surf s = surf_new(&env, t, 8192, 64, false);
			struct ee_buf bb = batch(&env, 1);
			char what[64];

			emit_swctrl(&bb, t == TY, t == TY);
			emit_copy(&bb, &s, &s, depth, rop, W_ARGB, sx + dx, sy + d[i][1],
				  sx + dx + w, sy + d[i][1] + h, sx, sy);
			run_batch(&env, &bb);
			ref_blit(&(struct ref_op){ .cpp = cpp, .rop = rop, .wmask = ~0u, .dst = &s,
						   .src = &s, .x1 = sx + dx, .y1 = sy + d[i][1],
						   .x2 = sx + dx + w, .y2 = sy + d[i][1] + h, .sx = sx,
						   .sy = sy });
			snprintf(what, sizeof(what), "overlap %d,%d %s rop %#x", dx, d[i][1],
				 tiling_name[t], rop);
			check_surf(&s, what);
		}
	}
	stop(&env);
}

/* Zero-sized and inverted blits write nothing and the batch goes on. */
/* GENSIM_BLT_ROWS (hw-spec-blitter "Blitter progress"), read high, low, high. */
static uint64_t blt_rows(struct eng_env *env)
{
	uint32_t hi, lo;

	do {
		hi = ee_read(env, GENSIM_BLT_ROWS_HI);
		lo = ee_read(env, GENSIM_BLT_ROWS_LO);
	} while (ee_read(env, GENSIM_BLT_ROWS_HI) != hi);
	return (uint64_t)hi << 32 | lo;
}

static void t_zero_sized(void)
{
	struct eng_env env;
	struct surf dst, src;
	struct ee_buf bb, pat, mark;
	uint64_t a, rows0;

	start(&env);
	dst = surf_new(&env, TX, 1024, 64, false);
	src = surf_new(&env, LIN, 1024, 64, false);
	pat = ppgtt_buf(&env, 1);
	mark = ppgtt_buf(&env, 1);
	bb = batch(&env, 1);
	a = surf_addr(&dst);
	rows0 = blt_rows(&env);
	emit_color(&bb, &dst, D8888, 0xf0, W_ARGB, 10, 10, 10, 20, 1);		/* w 0 */
	emit_color(&bb, &dst, D8888, 0xf0, W_ARGB, 10, 10, 20, 10, 2);		/* h 0 */
	emit_color(&bb, &dst, D8888, 0xf0, W_ARGB, 20, 20, 10, 10, 3);		/* inverted */
	emit_copy(&bb, &dst, &src, D8888, 0xcc, W_ARGB, 5, 5, 5, 5, 0, 0);
	emit_pat(&bb, &dst, D8, 0xf0, 0, 7, 9, 3, 30, pat.addr);
	/* Legacy blits in a linear view of the same memory: width 0, height 0. */
	BEMIT(&bb, BLT(OP_COLOR, 6) | W_ARGB, BR13(D8888, 0xf0, 1024), 5u << 16 | 0, LO(a), HI(a),
	      4);
	BEMIT(&bb, BLT(OP_SRC_COPY, 8) | W_ARGB, BR13(D8888, 0xcc, 1024), 0u << 16 | 64, LO(a),
	      HI(a), 1024, LO(surf_addr(&src)), HI(surf_addr(&src)));
	BEMIT(&bb, SDI_PPGTT(mark.addr, 0x600d));
	run_batch(&env, &bb);
	check_surf(&dst, "zero-sized blits");
	CHECK_EQ(rd32(&mark.cpu[0]), 0x600d);
	CHECK_MSG(blt_rows(&env) == rows0, "GENSIM_BLT_ROWS went from %llu to %llu for empty blits",
		  (unsigned long long)rows0, (unsigned long long)blt_rows(&env));
	stop(&env);
}

/* COLOR_BLT and SRC_COPY_BLT: widths in bytes, signed pitches. */
static void t_legacy(void)
{
	struct eng_env env;

	start(&env);
	for (int depth = D8; depth <= D8888; depth++) {
		unsigned int cpp = cpp_of[depth];
		struct surf dst = surf_new(&env, LIN, 512, 48, false);
		struct surf src = surf_new(&env, LIN, 512, 48, false);
		struct ee_buf bb = batch(&env, 1);
		uint32_t color = rnd();
		int w = (int)(333 / cpp);
		uint64_t a;

		/* A fill of rows 2..14 from byte 12. */
		dst.origin = 2 * 512 + 12;
		a = surf_addr(&dst);
		BEMIT(&bb, BLT(OP_COLOR, 6) | W_ARGB, BR13(depth, 0xf0, 512),
		      13u << 16 | (uint32_t)w * cpp, LO(a), HI(a), color);
		run_batch(&env, &bb);
		ref_blit(&(struct ref_op){ .cpp = cpp, .rop = 0xf0, .wmask = ~0u, .dst = &dst,
					   .x2 = w, .y2 = 13, .pat = 1, .color = color });
		check_surf(&dst, "COLOR_BLT");

		/* A copy from a bottom-up source (pitch -512) to a bottom-up destination. */
		bb = batch(&env, 1);
		src.origin = 40 * 512 + 4;
		src.spitch = -512;
		dst.origin = 47 * 512 + 8;
		dst.spitch = -512;
		BEMIT(&bb, BLT(OP_SRC_COPY, 8) | W_ARGB, BR13(depth, 0x66, -512),
		      21u << 16 | (uint32_t)w * cpp, LO(surf_addr(&dst)), HI(surf_addr(&dst)),
		      (uint32_t)-512 & 0xffff, LO(surf_addr(&src)), HI(surf_addr(&src)));
		run_batch(&env, &bb);
		ref_blit(&(struct ref_op){ .cpp = cpp, .rop = 0x66, .wmask = ~0u, .dst = &dst,
					   .src = &src, .x2 = w, .y2 = 21 });
		check_surf(&dst, "SRC_COPY_BLT, negative pitches");
		check_surf(&src, "SRC_COPY_BLT source");
	}
	stop(&env);
}

/* From the ring (privileged) the addresses are GGTT ones. */
static void t_ggtt_from_ring(void)
{
	struct eng_env env;
	struct eng_ctx *ctx;
	struct surf dst, src;

	start(&env);
	dst = surf_new(&env, TX, 1024, 16, true);
	src = surf_new(&env, LIN, 1024, 16, true);
	ctx = ee_ctx(&env, GS_BCS, 1, 0x77);
	EMIT(ctx, LRI1(SWCTRL, 3u << 16), FLUSH_DW);
	EMIT(ctx, BLT(OP_XY_COLOR, 7) | W_ARGB | DST_TILED, BR13(D8888, 0xf0, 1024 / 4),
	     XY(1, 1), XY(200, 9), LO(dst.b.addr), HI(dst.b.addr), 0xc0ffee);
	EMIT(ctx, BLT(OP_XY_SRC_COPY, 10) | W_ARGB | DST_TILED, BR13(D8888, 0xcc, 1024 / 4),
	     XY(130, 3), XY(250, 15), LO(dst.b.addr), HI(dst.b.addr), XY(4, 2), 1024,
	     LO(src.b.addr), HI(src.b.addr));
	ee_run(&env, ctx);
	CHECK_EQ(ee_read(&env, RING_EIR(ee_base(GS_BCS))), 0);
	ee_sync(&env);
	ref_blit(&(struct ref_op){ .cpp = 4, .rop = 0xf0, .wmask = ~0u, .dst = &dst, .x1 = 1,
				   .y1 = 1, .x2 = 200, .y2 = 9, .pat = 1, .color = 0xc0ffee });
	ref_blit(&(struct ref_op){ .cpp = 4, .rop = 0xcc, .wmask = ~0u, .dst = &dst, .src = &src,
				   .x1 = 130, .y1 = 3, .x2 = 250, .y2 = 15, .sx = 4, .sy = 2 });
	check_surf(&dst, "GGTT from the ring");
	ee_ctx_free(ctx);
	stop(&env);
}

/* Submit @bb (a PPGTT batch) and expect a page-table error; the engine is reset after. */
static void expect_fault(struct eng_env *env, struct ee_buf *bb, uint32_t header, uint32_t fault_reg,
			 uint64_t va)
{
	uint32_t base = ee_base(GS_BCS), st[1], id[1];
	struct eng_ctx *ctx = ee_ctx(env, GS_BCS, 1, next_id++);

	BEMIT(bb, MI_BATCH_BUFFER_END, MI_NOOP);
	EMIT(ctx, BB_START_PPGTT(bb->addr));
	ee_ack_irqs(env);
	ee_submit(env, ctx, NULL);
	CHECK_EQ(ee_csb(env, GS_BCS, 1, st, id, WAIT_MS), 1);
	CHECK(ee_poll(env, RING_EIR(base), ~0u, EIR_PAGE_TABLE_ERROR, WAIT_MS));
	CHECK_EQ(ee_read(env, RING_FAULT_REG_BCS), fault_reg);
	CHECK_EQ(ee_read(env, GEN8_FAULT_TLB_DATA0), (uint32_t)(va >> 12));
	CHECK_EQ(ee_read(env, GEN8_FAULT_TLB_DATA1), (uint32_t)(va >> 44) & 0xf);
	CHECK_EQ(ee_read(env, RING_IPEHR(base)), header);
	CHECK(ee_engine_iir(env, GS_BCS) & GT_PAGE_FAULT_INTERRUPT);
	/* Hung on the blit, as on any command's fault, until the driver resets. */
	CHECK(ee_no_csb(env, GS_BCS, 30));
	ee_engine_reset(env, GS_BCS);
	ee_write(env, RING_FAULT_REG_BCS, 0);
	ee_ctx_free(ctx);
}

/* Faults: the destination runs off its mapping; an unmapped source; the wrong space. */
static void t_faults(void)
{
	const uint64_t hole_src = 0x0000600000042000ull;
	struct eng_env env;
	struct surf dst, ggtt;
	struct ee_buf bb;
	uint32_t hdr = BLT(OP_XY_COLOR, 7) | W_ARGB;
	uint64_t va;

	start(&env);
	/* Two pages mapped, a hole after them (ee_ppgtt_alloc): rows 0-7 land, row 8 faults. */
	dst = surf_new(&env, LIN, 1024, 8, false);
	bb = batch(&env, 1);
	emit_color(&bb, &dst, D8888, 0xf0, W_ARGB, 0, 0, 256, 12, 0x5a5a5a5a);
	va = dst.b.addr + 8 * 1024;
	expect_fault(&env, &bb, hdr, (uint32_t)(va & ~0xfffull) | FAULT_TYPE_PTE << 1 | 1, va);
	ee_sync(&env);
	ref_blit(&(struct ref_op){ .cpp = 4, .rop = 0xf0, .wmask = ~0u, .dst = &dst, .x2 = 256,
				   .y2 = 8, .pat = 1, .color = 0x5a5a5a5a });
	check_surf(&dst, "the rows before the fault");

	/* An unmapped source: a read fault, nothing written. */
	dst = surf_new(&env, LIN, 1024, 8, false);
	bb = batch(&env, 1);
	BEMIT(&bb, BLT(OP_XY_SRC_COPY, 10) | W_ARGB, BR13(D8888, 0xcc, 1024), XY(0, 0), XY(16, 4),
	      LO(dst.b.addr), HI(dst.b.addr), XY(0, 0), 1024, LO(hole_src), HI(hole_src));
	expect_fault(&env, &bb, BLT(OP_XY_SRC_COPY, 10) | W_ARGB,
		     (uint32_t)(hole_src & ~0xfffull) | FAULT_TYPE_DIRECTORY << 1 | 1, hole_src);
	ee_sync(&env);
	check_surf(&dst, "a source fault writes nothing");

	/* A GGTT surface's address from a PPGTT batch is a PPGTT address: it faults. */
	ggtt = surf_new(&env, LIN, 1024, 4, true);
	bb = batch(&env, 1);
	emit_color(&bb, &ggtt, D8888, 0xf0, W_ARGB, 0, 0, 8, 2, 0x77);
	expect_fault(&env, &bb, hdr, (uint32_t)(ggtt.b.addr & ~0xfffull) |
		     FAULT_TYPE_DIRECTORY << 1 | 1, ggtt.b.addr);
	ee_sync(&env);
	check_surf(&ggtt, "the GGTT surface is untouched");

	/* The engine works again. */
	dst = surf_new(&env, LIN, 1024, 8, false);
	bb = batch(&env, 1);
	emit_color(&bb, &dst, D8888, 0xf0, W_ARGB, 0, 0, 256, 8, 0x1234);
	run_batch(&env, &bb);
	ref_blit(&(struct ref_op){ .cpp = 4, .rop = 0xf0, .wmask = ~0u, .dst = &dst, .x2 = 256,
				   .y2 = 8, .pat = 1, .color = 0x1234 });
	check_surf(&dst, "after the faults");
	stop(&env);
}

/* Bad lengths and fields, unimplemented commands, blits off bcs0: instruction errors. */
static void t_errors(void)
{
	struct eng_env env;
	struct ee_buf g;
	uint32_t a;
	uint8_t before[PG];

	start(&env);
	ee_engine_init(&env, GS_RCS);
	ee_engine_init(&env, GS_VCS);
	g = ee_buf_ggtt(&env, 1);
	a = LO(g.addr);
	fill_random((uint8_t *)g.cpu, PG);
	memcpy(before, g.cpu, PG);
	{
		const struct {
			const char *what;
			int engine;
			unsigned int n;
			uint32_t dw[12];
		} bad[] = {
			{ "XY_SRC_COPY_BLT, pre-Gen8 length 8", GS_BCS, 8,
			  { BLT(OP_XY_SRC_COPY, 8), BR13(D8888, 0xcc, 64), 0, XY(4, 4), a, 0, 64, a } },
			{ "XY_COLOR_BLT, length 6", GS_BCS, 6,
			  { BLT(OP_XY_COLOR, 6), BR13(D8888, 0xf0, 64), 0, XY(4, 4), a, 1 } },
			{ "XY_PAT_BLT, length 6", GS_BCS, 6,
			  { BLT(OP_XY_PAT, 6), BR13(D8888, 0xf0, 64), 0, XY(4, 4), a, a } },
			{ "XY_SETUP_BLT, length 8", GS_BCS, 8, { BLT(OP_XY_SETUP, 8) } },
			{ "XY_SETUP_CLIP_BLT, length 4", GS_BCS, 4, { BLT(OP_XY_SETUP_CLIP, 4) } },
			{ "COLOR_BLT, pre-Gen8 length 5", GS_BCS, 5,
			  { BLT(OP_COLOR, 5), BR13(D8888, 0xf0, 64), 1u << 16 | 16, a, 1 } },
			{ "X-tiled pitch of 400 bytes", GS_BCS, 7,
			  { BLT(OP_XY_COLOR, 7) | DST_TILED, BR13(D8888, 0xf0, 100), 0, XY(4, 4), a, 0,
			    1 } },
			{ "tiled source pitch of 0", GS_BCS, 10,
			  { BLT(OP_XY_SRC_COPY, 10) | SRC_TILED, BR13(D8888, 0xcc, 64), 0, XY(4, 4), a,
			    0, 0, 0, a, 0 } },
			{ "tiled destination not 4 KiB aligned", GS_BCS, 7,
			  { BLT(OP_XY_COLOR, 7) | DST_TILED, BR13(D8888, 0xf0, 128), 0, XY(4, 4),
			    a + 64, 0, 1 } },
			{ "tiled destination at x = -1", GS_BCS, 7,
			  { BLT(OP_XY_COLOR, 7) | DST_TILED, BR13(D8888, 0xf0, 128), XY(-1, 0),
			    XY(4, 4), a, 0, 1 } },
			{ "tiled source at y = -2", GS_BCS, 10,
			  { BLT(OP_XY_SRC_COPY, 10) | SRC_TILED, BR13(D8888, 0xcc, 64), 0, XY(4, 4), a,
			    0, XY(0, -2), 128, a, 0 } },
			{ "COLOR_BLT, 6 bytes at 32 bpp", GS_BCS, 6,
			  { BLT(OP_COLOR, 6), BR13(D8888, 0xf0, 64), 1u << 16 | 6, a, 0, 1 } },
			{ "COLOR_BLT with clipping", GS_BCS, 6,
			  { BLT(OP_COLOR, 6), BR13(D8888, 0xf0, 64) | CLIP_ON, 1u << 16 | 8, a, 0, 1 } },
			{ "XY_FULL_BLT: not implemented", GS_BCS, 12, { BLT(OP_XY_FULL, 12) } },
			{ "XY_PIXEL_BLT: not implemented", GS_BCS, 2, { BLT(OP_XY_PIXEL, 2) } },
			{ "XY_SCANLINES_BLT: not implemented", GS_BCS, 3, { BLT(OP_XY_SCANLINES, 3) } },
			{ "XY_MONO_SRC_COPY_BLT: not implemented", GS_BCS, 10,
			  { BLT(OP_XY_MONO_SRC_COPY, 10) } },
			{ "XY_FAST_COPY_BLT is Gen9", GS_BCS, 10, { BLT(OP_FAST_COPY, 10) } },
			{ "XY_COLOR_BLT on rcs0", GS_RCS, 7,
			  { BLT(OP_XY_COLOR, 7), BR13(D8888, 0xf0, 64), 0, XY(4, 4), a, 0, 1 } },
			{ "XY_SRC_COPY_BLT on vcs0", GS_VCS, 10,
			  { BLT(OP_XY_SRC_COPY, 10), BR13(D8888, 0xcc, 64), 0, XY(4, 4), a, 0, 0, 64,
			    a, 0 } },
		};

		for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
			ee_expect_instruction_error(&env, bad[i].engine, 0x200 + (uint32_t)i,
						    bad[i].dw, bad[i].n, bad[i].what);
			ee_sync(&env);
			CHECK_MSG(!memcmp(before, g.cpu, PG), "%s: memory was written", bad[i].what);
		}
	}
	stop(&env);
}

/* BCS_SWCTRL: masked, whitelisted, and a context register of bcs0's image. */
static void t_swctrl(void)
{
	struct eng_env env;
	struct eng_ctx *ctx;
	struct ee_buf g, bb;

	start(&env);
	ee_write(&env, SWCTRL, 0x00030003);
	CHECK_EQ(ee_read(&env, SWCTRL), 3);
	ee_write(&env, SWCTRL, 0);			/* no mask bit: nothing changes */
	CHECK_EQ(ee_read(&env, SWCTRL), 3);
	ee_write(&env, SWCTRL, 0x00010000);		/* clears bit 0 only */
	CHECK_EQ(ee_read(&env, SWCTRL), 2);
	ee_write(&env, SWCTRL, 0xfffffffc);		/* bits 15:2 are not there */
	CHECK_EQ(ee_read(&env, SWCTRL), 0);

	/* From a non-privileged batch: whitelisted, no violation. */
	g = ee_buf_ggtt(&env, 1);
	bb = batch(&env, 1);
	BEMIT(&bb, LRI1(SWCTRL, 0x00020002));
	run_batch(&env, &bb);
	CHECK_EQ(ee_read(&env, SWCTRL), 2);
	CHECK_EQ(ee_read(&env, RING_ESR(ee_base(GS_BCS))), 0);

	/*
	 * An image with a BCS_SWCTRL slot (dwords 0x34-0x36, free in the
	 * layout).  Restore inhibit starts it at 0; the save stores it as a
	 * masked write; a full restore loads it back.
	 */
	ctx = ee_ctx(&env, GS_BCS, 1, 0x55);
	wr32(&ctx->state[0x34], MI_LOAD_REGISTER_IMM(1));
	wr32(&ctx->state[0x35], SWCTRL);
	wr32(&ctx->state[0x36], 0x00030001);
	EMIT(ctx, SRM_GGTT(SWCTRL, LO(BADDR(g, 0))));
	EMIT(ctx, LRI1(SWCTRL, 0x00020002), SRM_GGTT(SWCTRL, LO(BADDR(g, 1))));
	ee_run(&env, ctx);
	ee_sync(&env);
	CHECK_EQ(rd32(&g.cpu[0]), 0);
	CHECK_EQ(rd32(&g.cpu[1]), 2);
	CHECK_EQ(rd32(&ctx->state[0x36]), 0xffff0002);
	ee_write(&env, SWCTRL, 0x00030000);
	EMIT(ctx, SRM_GGTT(SWCTRL, LO(BADDR(g, 2))));
	ee_run(&env, ctx);
	ee_sync(&env);
	CHECK_EQ(rd32(&g.cpu[2]), 2);
	CHECK_EQ(ee_read(&env, RING_EIR(ee_base(GS_BCS))), 0);
	ee_ctx_free(ctx);

	/* Not a context register of another engine's image. */
	ee_engine_init(&env, GS_VCS);
	ctx = ee_ctx(&env, GS_VCS, 1, 0x56);
	wr32(&ctx->state[0x34], MI_LOAD_REGISTER_IMM(1));
	wr32(&ctx->state[0x35], SWCTRL);
	wr32(&ctx->state[0x36], 0x00030001);
	EMIT(ctx, MI_NOOP);
	ee_submit(&env, ctx, NULL);
	CHECK(ee_poll(&env, RING_EIR(ee_base(GS_VCS)), ~0u, EIR_INSTRUCTION_ERROR, WAIT_MS));
	ee_ctx_free(ctx);
	stop(&env);
}

static void sleep_ms(int ms)
{
	struct timespec ts = { ms / 1000, (long)(ms % 1000) * 1000000 };

	nanosleep(&ts, NULL);
}

/*
 * STOP_RING in the middle of a long XOR blit parks the engine within a
 * row, and the blit goes on where it stopped: every row of the source is
 * XORed into the destination exactly once.  The blit reads and writes the
 * same row an odd number of times (pitch 0, from y = -32768), so a row
 * applied twice flips the result.  Long enough natively that the stops
 * land in it (about 0.8 GB of traffic); smaller under ThreadSanitizer.
 */
static void t_stop_mid_blit(void)
{
	struct eng_env env;
	struct eng_ctx *ctx;
	struct surf dst, src;
	struct ee_buf bb;
	uint32_t base = ee_base(GS_BCS), st[2], id[2];
	int mid = 0, w = UNDER_TSAN ? 256 : 1024, y2 = UNDER_TSAN ? -32768 + 8191 : 32767;
	uint64_t rows0, rows_mid = 0, rows_seen = 0;

	start(&env);
	rows0 = blt_rows(&env);
	dst = surf_new(&env, LIN, 4096, 1, false);
	src = surf_new(&env, LIN, 4096, 1, false);
	bb = batch(&env, 1);
	BEMIT(&bb, BLT(OP_XY_SRC_COPY, 10) | W_ARGB, BR13(D8888, 0x66, 0), XY(0, -32768), XY(w, y2),
	      LO(dst.b.addr), HI(dst.b.addr), XY(0, 0), 0, LO(src.b.addr), HI(src.b.addr));
	BEMIT(&bb, MI_BATCH_BUFFER_END, MI_NOOP);
	ctx = ee_ctx(&env, GS_BCS, 1, 0x66);
	EMIT(ctx, BB_START_PPGTT(bb.addr));
	ee_submit(&env, ctx, NULL);
	CHECK_EQ(ee_csb(&env, GS_BCS, 1, st, id, WAIT_MS), 1);
	/*
	 * Ten stops at least, and on until one lands after the first rows:
	 * on a slow machine (TSan, load) ten stops a millisecond apart may
	 * all land before the blit's first row.  Bounded by the blit's end.
	 */
	for (int i = 0; i < 10 || (!rows_seen && i < 5000); i++) {
		ee_write(&env, RING_MI_MODE(base), MASKED_ON(STOP_RING));
		CHECK_MSG(ee_poll(&env, RING_MI_MODE(base), MODE_IDLE, MODE_IDLE, 1000),
			  "stop %d not honoured within a second", i);
		if (rd32(&env.e[GS_BCS].hwsp_cpu[HWSP_CSB_WRITE_PTR]) != 0) {
			ee_write(&env, RING_MI_MODE(base), MASKED_OFF(STOP_RING));
			break;	/* the blit ended */
		}
		if (ee_read(&env, RING_EXECLIST_STATUS_HI(base)) == 0x66) {
			mid++;
			/* Stopped mid-blit: the rows done so far are published. */
			rows_mid = blt_rows(&env) - rows0;
			CHECK_MSG(rows_mid >= rows_seen && rows_mid < (uint64_t)y2 + 32768,
				  "GENSIM_BLT_ROWS grew by %llu mid-blit (before: %llu, of %d)",
				  (unsigned long long)rows_mid, (unsigned long long)rows_seen,
				  y2 + 32768);
			rows_seen = rows_mid;
		}
		sleep_ms(1);
		ee_write(&env, RING_MI_MODE(base), MASKED_OFF(STOP_RING));
	}
	CHECK_EQ(ee_csb(&env, GS_BCS, 1, st, id, 60000), 1);
	CHECK_EQ(st[0], CSB_ACTIVE_TO_IDLE | CSB_CONTEXT_COMPLETE);
	CHECK_EQ(ee_read(&env, RING_EIR(base)), 0);
	CHECK_MSG(mid > 0, "no stop landed in the middle of the blit");
	CHECK_MSG(rows_seen > 0, "GENSIM_BLT_ROWS did not move while the blit was stopped");
	/* Every row once, however many times the blit stopped and went on. */
	CHECK_MSG(blt_rows(&env) - rows0 == (uint64_t)y2 + 32768,
		  "GENSIM_BLT_ROWS grew by %llu for a blit of %d rows",
		  (unsigned long long)(blt_rows(&env) - rows0), y2 + 32768);
	ee_sync(&env);
	for (size_t i = 0; i < 4 * (size_t)w; i++)
		dst.ref[i] ^= src.ref[i];
	check_surf(&dst, "XOR applied once per row");
	ee_ctx_free(ctx);
	stop(&env);
}

/*
 * A reset in the middle of a huge blit (2 GiB of writes) is prompt; the
 * engine works after.  PATINVERT reads the destination, so this is the
 * per-pixel path; test_blt_fast.c resets a fast fill.
 */
static void t_reset_mid_blit(void)
{
	struct eng_env env;
	struct eng_ctx *ctx;
	struct surf dst;
	struct ee_buf bb, mark;
	uint32_t base = ee_base(GS_BCS), st[1], id[1];

	start(&env);
	dst = surf_new(&env, LIN, 65536, 1, false);
	mark = ppgtt_buf(&env, 1);
	bb = batch(&env, 1);
	emit_color(&bb, &dst, D8888, 0x5a, W_ARGB, 0, 0, 16384, 32767, 0xdead);
	BEMIT(&bb, MI_BATCH_BUFFER_END, MI_NOOP);
	/* pitch 0: every row is the same 64 KiB */
	wr32(&bb.cpu[1], BR13(D8888, 0x5a, 0));
	ctx = ee_ctx(&env, GS_BCS, 1, 0x67);
	EMIT(ctx, BB_START_PPGTT(bb.addr));
	ee_submit(&env, ctx, NULL);
	CHECK_EQ(ee_csb(&env, GS_BCS, 1, st, id, WAIT_MS), 1);
	sleep_ms(20);
	CHECK(ee_no_csb(&env, GS_BCS, 0));
	ee_engine_reset(&env, GS_BCS);
	CHECK_EQ(ee_read(&env, RING_EXECLIST_STATUS_HI(base)), 0);
	ee_ctx_free(ctx);
	bb = batch(&env, 1);
	BEMIT(&bb, SDI_PPGTT(mark.addr, 0xa11));
	run_batch(&env, &bb);
	CHECK_EQ(rd32(&mark.cpu[0]), 0xa11);
	stop(&env);
}

int main(void)
{
	tap_run("XY_SRC_COPY_BLT: linear/X/Y to linear/X/Y at 8/16/32 bpp", t_copy_tilings);
	tap_run("XY_COLOR_BLT: every tiling and depth", t_fill);
	tap_run("XY_PAT_BLT: 8x8 patterns, seeds, every tiling", t_pattern);
	tap_run("all 256 ROPs over random data", t_all_rops);
	tap_run("clipping: inside, partial, empty, inverted, disabled, reset", t_clip);
	tap_run("32 bpp write enables", t_write_enables);
	tap_run("overlapping copies move the rectangle exactly", t_overlap);
	tap_run("zero-sized and inverted blits write nothing", t_zero_sized);
	tap_run("COLOR_BLT and SRC_COPY_BLT, negative pitches", t_legacy);
	tap_run("GGTT surfaces from the ring", t_ggtt_from_ring);
	tap_run("faults: destination, source, address space", t_faults);
	tap_run("bad lengths and fields, unimplemented, wrong engine", t_errors);
	tap_run("BCS_SWCTRL: masked, whitelisted, context image", t_swctrl);
	tap_run("STOP_RING mid-blit parks within a row and resumes", t_stop_mid_blit);
	tap_run("engine reset in the middle of a huge blit", t_reset_mid_blit);
	return tap_done();
}
