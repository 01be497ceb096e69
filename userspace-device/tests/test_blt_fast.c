// SPDX-License-Identifier: MIT
/*
 * The blitter's fast paths against its reference path (hw-spec-blitter
 * "Fast paths"), differentially: every random blit runs twice from the
 * same memory, once as the device runs it and once with every span forced
 * through the per-pixel reference path (gs_blt_reference_only), and the
 * two must leave the same bytes in every page the blits can reach, the
 * same completion or fault, and the same fault registers.
 *
 * The blits are drawn at random (a fixed seed; GS_SEED=n to replay
 * another): XY_SRC_COPY_BLT, XY_COLOR_BLT, XY_PAT_BLT, COLOR_BLT and
 * SRC_COPY_BLT; 8, 16 and 32 bpp; the plain copy and fills the fast paths
 * take and ROPs they do not; every write-enable combination; linear
 * surfaces at any byte offset with pitches exact, wider, narrower than a
 * row, zero and negative; X- and Y-tiled surfaces; rows wider than a span;
 * clip rectangles; copies overlapping within one surface; GGTT surfaces
 * from the ring and PPGTT surfaces from batches, mapped on window pages in
 * order, scattered, aliased onto a few pages, or with holes, read-only
 * pages and pages the window does not have.
 *
 * Then stops and resets in the middle of large fast blits: STOP_RING many
 * times during a copy that scrolls a surface by a row (a row done twice or
 * skipped shows) and during a fill, compared with the reference path run
 * once; and an engine reset during a 4 GiB fill.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "blt/blt.h"
#include "cs/engine.h"
#include "engine_env.h"
#include "tap.h"

/* Encodings, from hw-spec-blitter. */
#define BLT(op, len)	(2u << 29 | (uint32_t)(op) << 22 | ((len) - 2))
#define OP_XY_SETUP_CLIP	0x03
#define OP_COLOR		0x40
#define OP_SRC_COPY		0x43
#define OP_XY_COLOR		0x50
#define OP_XY_PAT		0x51
#define OP_XY_SRC_COPY		0x53
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

enum { D8, D565, D1555, D8888 };
enum { LIN, TX, TY };
enum { C_XY_COPY, C_XY_COLOR, C_XY_PAT, C_COLOR, C_COPY };

static const unsigned int cpp_of[4] = { 1, 2, 2, 4 };
static const char *const cmd_name[] = { "XY_SRC_COPY_BLT", "XY_COLOR_BLT", "XY_PAT_BLT",
					"COLOR_BLT", "SRC_COPY_BLT" };
static const char *const tiling_name[] = { "linear", "X", "Y" };

#define CASES		600
#define POOL_PAGES	1024u
#define ALIAS_PAGES	8u
/* Window addresses no page is ever mapped at: a PTE there is "no memory". */
#define UNBACKED_DMA	0x800000000ull

static struct eng_env env;
static uint64_t pool_dma;		/* POOL_PAGES window pages every surface lives in */
static uint8_t *pool, *snap, *after_fast;
static uint64_t pat_ppgtt, pat_ggtt;	/* an 8x8 pattern, outside the pool */
static uint32_t next_id = 0x100;
static uint64_t rng_state;

#define diag(...) do { printf("# " __VA_ARGS__); printf("\n"); } while (0)

static uint32_t rnd(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return (uint32_t)(rng_state >> 16);
}

static uint32_t rn(uint32_t n)
{
	return rnd() % n;
}

static bool chance(unsigned int percent)
{
	return rn(100) < percent;
}

static int64_t min64(int64_t a, int64_t b)
{
	return a < b ? a : b;
}

static int64_t max64(int64_t a, int64_t b)
{
	return a > b ? a : b;
}

struct tsurf {
	uint64_t va;		/* the mapped region */
	unsigned int pages;
	int tiling;
	int32_t pitch;		/* bytes */
	uint64_t base;		/* the address of pixel (0, 0) */
};

struct tcase {
	int cmd, depth, map_s, map_d;
	unsigned int cpp;
	bool ggtt, same, clip;
	uint8_t rop;
	uint32_t wmask, color;
	int hseed, vseed;
	struct tsurf d, s;
	int x1, y1, x2, y2, sx, sy, cx1, cy1, cx2, cy2;
};

enum { MAP_CONTIG, MAP_SCATTER, MAP_ALIAS, MAP_FAULTY, NR_MAPS };
static const char *const map_name[] = { "in order", "scattered", "aliased", "faulty" };

static uint64_t alloc_va(bool ggtt, unsigned int pages)
{
	uint64_t va;

	if (ggtt) {
		va = env.ggtt_next;
		env.ggtt_next += (pages + 4) * PG;
	} else {
		va = env.ppgtt_next;
		env.ppgtt_next += (pages + 4) * PG;
	}
	return va;
}

static void map_page(bool ggtt, uint64_t va, uint64_t pte)
{
	if (ggtt)
		ggtt_set(&env.g, va >> 12, pte & ~(uint64_t)GEN8_PAGE_RW);
	else
		ppgtt_set(&env.g, env.pml4, va, 12, pte);
}

/* Map @s's region on the pool as @mode says. */
static void map_region(const struct tsurf *s, bool ggtt, int mode)
{
	unsigned int start = rn(POOL_PAGES);

	for (unsigned int i = 0; i < s->pages; i++) {
		uint64_t va = s->va + i * PG, flags = GEN8_PAGE_PRESENT | GEN8_PAGE_RW;
		uint64_t dma = pool_dma + (uint64_t)((start + i) % POOL_PAGES) * PG;

		switch (mode) {
		case MAP_SCATTER:
			dma = pool_dma + (uint64_t)rn(POOL_PAGES) * PG;
			break;
		case MAP_ALIAS:
			dma = pool_dma + (uint64_t)rn(ALIAS_PAGES) * PG;
			break;
		case MAP_FAULTY: {
			unsigned int r = rn(100);

			if (r < 6)
				continue;			/* a hole: not present */
			if (r < 12)
				flags = GEN8_PAGE_PRESENT;	/* read-only */
			else if (r < 18)
				dma = UNBACKED_DMA + (uint64_t)rn(64) * PG;
			break;
		}
		}
		map_page(ggtt, va, dma | flags);
	}
}

/*
 * A linear surface whose mapped region holds the bytes rows [@y1, @y2) and
 * pixels [@x1, @x2) touch (and, for a copy within one surface, those of
 * the source rectangle too), placed at a random offset in its first page,
 * with a page more on either side now and then.
 */
static struct tsurf linear(bool ggtt, unsigned int cpp, int32_t pitch, const int *r, int nr)
{
	struct tsurf s = { .tiling = LIN, .pitch = pitch };
	int64_t lo = INT64_MAX, hi = INT64_MIN, before = chance(20) ? PG : 0;

	for (int i = 0; i < nr; i++) {
		int x1 = r[4 * i], y1 = r[4 * i + 1], x2 = r[4 * i + 2], y2 = r[4 * i + 3];

		lo = min64(lo, min64((int64_t)y1 * pitch, (int64_t)(y2 - 1) * pitch) + (int64_t)x1 * cpp);
		hi = max64(hi, max64((int64_t)y1 * pitch, (int64_t)(y2 - 1) * pitch) + (int64_t)x2 * cpp);
	}
	before += rn(PG);
	s.pages = (unsigned int)((before + (hi - lo) + PG - 1) / PG) + (chance(20) ? 1 : 0);
	s.va = alloc_va(ggtt, s.pages);
	s.base = s.va + (uint64_t)before - (uint64_t)lo;
	return s;
}

/* A tiled surface holding pixels up to (@x2, @y2): whole tiles, from its first page. */
static struct tsurf tiled(bool ggtt, int tiling, unsigned int cpp, int x2, int y2)
{
	unsigned int tw = tiling == TX ? 512 : 128, th = tiling == TX ? 8 : 32;
	struct tsurf s = { .tiling = tiling };
	uint32_t pitch = ((uint32_t)x2 * cpp + tw - 1) / tw * tw + (chance(30) ? tw : 0);

	s.pitch = (int32_t)pitch;
	s.pages = ((uint32_t)y2 + th - 1) / th * (pitch / tw);
	s.va = alloc_va(ggtt, s.pages);
	s.base = s.va;
	return s;
}

static uint32_t pitch_field(const struct tsurf *s)
{
	return (uint32_t)(s->tiling == LIN ? s->pitch : s->pitch / 4) & 0xffff;
}

static uint8_t pick_rop(bool copy)
{
	static const uint8_t copy_rops[] = { 0x00, 0xff, 0x33, 0x66, 0x88, 0xf0, 0x0f, 0x5a, 0xaa,
					     0xcc, 0xee, 0x11 };
	static const uint8_t fill_rops[] = { 0x00, 0xff, 0x0f, 0x5a, 0xaa, 0xf0, 0x55, 0xa0 };

	if (chance(60))
		return copy ? 0xcc : 0xf0;
	if (chance(15))
		return (uint8_t)rnd();
	return copy ? copy_rops[rn(sizeof(copy_rops))] : fill_rops[rn(sizeof(fill_rops))];
}

static int pick_map(void)
{
	static const int w[NR_MAPS] = { 45, 20, 10, 25 };
	int r = (int)rn(100);

	for (int m = 0; m < NR_MAPS; m++) {
		if (r < w[m])
			return m;
		r -= w[m];
	}
	return MAP_CONTIG;
}

/* Draw one case: its surfaces are mapped; nothing runs yet. */
static struct tcase draw(void)
{
	struct tcase c = { 0 };
	bool tiled_ok, copy;
	int w, h, dt, st;
	int32_t pitch;
	bool whole;

	c.cmd = (int)rn(100);
	c.cmd = c.cmd < 45 ? C_XY_COPY : c.cmd < 75 ? C_XY_COLOR : c.cmd < 80 ? C_XY_PAT :
		c.cmd < 90 ? C_COLOR : C_COPY;
	copy = c.cmd == C_XY_COPY || c.cmd == C_COPY;
	c.depth = chance(50) ? D8888 : (int)rn(4);
	c.cpp = cpp_of[c.depth];
	c.ggtt = chance(15);
	c.rop = pick_rop(copy);
	c.wmask = chance(80) ? W_ARGB : chance(40) ? W_RGB : chance(60) ? W_ALPHA : 0;
	c.color = rnd();
	if (chance(30))
		c.color = (c.color & 0xff) * 0x01010101u;
	c.hseed = (int)rn(8);
	c.vseed = (int)rn(8);
	c.map_d = pick_map();
	c.map_s = pick_map();

	/* Rows of up to 9000 bytes: more than two spans. */
	w = chance(70) ? 1 + (int)rn(300) : 1 + (int)rn(9000 / c.cpp);
	/* Rows of whole 4 KiB spans: with an exact pitch, several rows translate as one. */
	whole = chance(15);
	if (whole)
		w = (int)(4096 / c.cpp) * (1 + (int)rn(2));
	h = 1 + (int)rn(chance(80) ? 24 : 200);
	if ((int64_t)w * c.cpp * h > 600000)
		h = (int)(600000 / ((int64_t)w * c.cpp)) + 1;
	tiled_ok = c.cmd != C_COLOR && c.cmd != C_COPY;
	dt = tiled_ok && chance(20) ? (chance(50) ? TX : TY) : LIN;
	st = c.cmd == C_XY_COPY && chance(20) ? (chance(50) ? TX : TY) : LIN;
	c.same = c.cmd == C_XY_COPY && chance(20);
	if (c.same)
		st = dt;
	if (c.cmd == C_COLOR || c.cmd == C_COPY) {
		c.x1 = c.y1 = 0;
	} else {
		c.x1 = (int)rn(64) - (dt == LIN && chance(5) ? 80 : 0);
		c.y1 = (int)rn(16) - (dt == LIN && chance(5) ? 20 : 0);
	}
	if (c.same) {
		/* Near (overlapping) or anywhere within a rectangle's size. */
		c.sx = c.x1 + (chance(50) ? (int)rn(21) - 10 : (int)rn(2 * (uint32_t)w + 1) - w);
		c.sy = c.y1 + (chance(50) ? (int)rn(7) - 3 : (int)rn(2 * (uint32_t)h + 1) - h);
		/*
		 * Whole rows moved along themselves by a few pixels: each
		 * span's source meets its own destination, so rows grouped
		 * into one translation go to the reference path span by span,
		 * by the row and span they record.
		 */
		if (whole && chance(50)) {
			c.sy = c.y1;
			c.sx = c.x1 + (int)rn(21) - 10;
		}
	} else if (c.cmd == C_XY_COPY) {
		c.sx = (int)rn(64) - (st == LIN && chance(5) ? 70 : 0);
		c.sy = (int)rn(16) - (st == LIN && chance(5) ? 20 : 0);
	}
	/* No pixel of a tiled surface at a negative coordinate: move both rectangles. */
	if (dt != LIN) {
		int mx = (int)min64(c.x1, c.same ? c.sx : c.x1);
		int my = (int)min64(c.y1, c.same ? c.sy : c.y1);

		c.x1 -= mx < 0 ? mx : 0;
		c.sx -= c.same && mx < 0 ? mx : 0;
		c.y1 -= my < 0 ? my : 0;
		c.sy -= c.same && my < 0 ? my : 0;
	}
	if (st != LIN && !c.same) {
		c.sx = c.sx < 0 ? 0 : c.sx;
		c.sy = c.sy < 0 ? 0 : c.sy;
	}
	if (dt != LIN && (st == dt || c.cmd != C_XY_COPY) && chance(40)) {
		/*
		 * Whole tiles over bands of rows (blt_fast.c "Whole tiles"):
		 * one to three bands and part of another, the source in the
		 * same band phase (mostly), the same surface a band or more
		 * away (no overlap: the band path) or near it.
		 */
		int twp = (dt == TX ? 512 : 128) / (int)c.cpp, th = dt == TX ? 8 : 32;

		w = twp * (1 + (int)rn(dt == TX ? 4 : 12));
		h = th * (1 + (int)rn(3)) + (chance(50) ? (int)rn((uint32_t)th) : 0);
		c.x1 = twp * (int)rn(3);
		c.y1 = chance(50) ? th * (int)rn(2) : (int)rn(2 * (uint32_t)th);
		if (c.same) {
			c.sx = c.x1 + twp * ((int)rn(3) - 1);
			c.sy = c.y1 + (chance(70) ? th * (int)(1 + rn(3)) : (int)rn(2 * (uint32_t)th));
			c.sx = c.sx < 0 ? 0 : c.sx;
		} else if (c.cmd == C_XY_COPY) {
			c.sx = twp * (int)rn(3) + (chance(10) ? 1 : 0);
			c.sy = c.y1 % th + th * (int)rn(2) + (chance(10) ? 1 : 0);
		}
	}
	c.x2 = c.x1 + w;
	c.y2 = c.y1 + h;

	/* Pitches: a row exactly (rows contiguous), wider, narrower, zero, negative. */
	pitch = w * (int32_t)c.cpp;
	switch (rn(8)) {
	case 0:
	case 1:
		break;
	case 2:
		pitch = (int32_t)rn(2) * 7;
		break;
	case 3:
		pitch = -(pitch + (int32_t)rn(100));
		break;
	case 4:
		pitch = 1 + (int32_t)rn((uint32_t)pitch);
		break;
	default:
		pitch += (int32_t)rn(600);
		break;
	}
	if (whole && chance(60))
		pitch = w * (int32_t)c.cpp;
	if (pitch > 32767 || pitch < -32767)
		pitch = pitch > 0 ? 32767 : -32767;

	if (dt == LIN) {
		int r[8] = { c.x1, c.y1, c.x2, c.y2, c.sx, c.sy, c.sx + w, c.sy + h };

		c.d = linear(c.ggtt, c.cpp, pitch, r, c.same ? 2 : 1);
	} else {
		c.d = tiled(c.ggtt, dt, c.cpp, max64(c.x2, c.same ? c.sx + w : 0),
			    (int)max64(c.y2, c.same ? c.sy + h : 0));
	}
	map_region(&c.d, c.ggtt, c.map_d);
	if (c.same) {
		c.s = c.d;
	} else if (copy) {
		int32_t spitch = chance(50) ? pitch : w * (int32_t)c.cpp + (int32_t)rn(300);

		if (st == LIN) {
			int r[4] = { c.sx, c.sy, c.sx + w, c.sy + h };

			c.s = linear(c.ggtt, c.cpp, spitch, r, 1);
		} else {
			c.s = tiled(c.ggtt, st, c.cpp, c.sx + w, c.sy + h);
		}
		map_region(&c.s, c.ggtt, c.map_s);
	}

	c.clip = c.cmd != C_COLOR && c.cmd != C_COPY && chance(25);
	if (c.clip) {
		c.cx1 = c.x1 + (int)rn((uint32_t)w + 10) - 5;
		c.cy1 = c.y1 + (int)rn((uint32_t)h + 4) - 2;
		c.cx2 = c.cx1 + (int)rn((uint32_t)w + 10);
		c.cy2 = c.cy1 + (int)rn((uint32_t)h + 4);
		if (dt != LIN) {
			c.cx1 = c.cx1 < 0 ? 0 : c.cx1;
			c.cy1 = c.cy1 < 0 ? 0 : c.cy1;
		}
	}
	return c;
}

/* The case's commands: BCS_SWCTRL, the clip rectangle, the blit. */
static unsigned int build(const struct tcase *c, uint32_t *dw)
{
	uint32_t dtiled = c->d.tiling == LIN ? 0 : DST_TILED;
	uint32_t stiled = c->s.tiling == LIN ? 0 : SRC_TILED;
	uint32_t clip = c->clip ? CLIP_ON : 0, wbytes = (uint32_t)(c->x2 - c->x1) * c->cpp;
	uint64_t a = c->d.base, b = c->s.base, pat = c->ggtt ? pat_ggtt : pat_ppgtt;
	unsigned int n = 0;

#define PUT(...) do {							\
	const uint32_t v_[] = { __VA_ARGS__ };				\
	memcpy(dw + n, v_, sizeof(v_));					\
	n += sizeof(v_) / sizeof(v_[0]);				\
} while (0)
	PUT(LRI1(SWCTRL, 3u << 16 | (c->s.tiling == TY ? 1u : 0) | (c->d.tiling == TY ? 2u : 0)),
	    MI_FLUSH_DW, 0, 0, 0);
	if (c->clip)
		PUT(BLT(OP_XY_SETUP_CLIP, 3), XY(c->cx1, c->cy1), XY(c->cx2, c->cy2));
	switch (c->cmd) {
	case C_XY_COPY:
		PUT(BLT(OP_XY_SRC_COPY, 10) | c->wmask | dtiled | stiled,
		    BR13(c->depth, c->rop, pitch_field(&c->d)) | clip, XY(c->x1, c->y1),
		    XY(c->x2, c->y2), LO(a), HI(a), XY(c->sx, c->sy), pitch_field(&c->s), LO(b),
		    HI(b));
		break;
	case C_XY_COLOR:
		PUT(BLT(OP_XY_COLOR, 7) | c->wmask | dtiled,
		    BR13(c->depth, c->rop, pitch_field(&c->d)) | clip, XY(c->x1, c->y1),
		    XY(c->x2, c->y2), LO(a), HI(a), c->color);
		break;
	case C_XY_PAT:
		PUT(BLT(OP_XY_PAT, 8) | c->wmask | dtiled | HSEED(c->hseed) | VSEED(c->vseed),
		    BR13(c->depth, c->rop, pitch_field(&c->d)) | clip, XY(c->x1, c->y1),
		    XY(c->x2, c->y2), LO(a), HI(a), LO(pat), HI(pat));
		break;
	case C_COLOR:
		PUT(BLT(OP_COLOR, 6) | c->wmask, BR13(c->depth, c->rop, pitch_field(&c->d)),
		    (uint32_t)(c->y2 - c->y1) << 16 | wbytes, LO(a), HI(a), c->color);
		break;
	case C_COPY:
		PUT(BLT(OP_SRC_COPY, 8) | c->wmask, BR13(c->depth, c->rop, pitch_field(&c->d)),
		    (uint32_t)(c->y2 - c->y1) << 16 | wbytes, LO(a), HI(a), pitch_field(&c->s),
		    LO(b), HI(b));
		break;
	}
#undef PUT
	return n;
}

struct outcome {
	bool done;
	uint32_t eir, fault, tlb0, tlb1, ipehr;
	/* bcs0's TLB entries when the blit completed */
	bool valid[GS_TLB_ENTRIES];
	uint64_t key[GS_TLB_ENTRIES], vpn[GS_TLB_ENTRIES];
	struct gs_xlate x[GS_TLB_ENTRIES];
};

static struct gs_tlb *bcs_tlb(void)
{
	return env.g.dev->engine[GS_BCS]->tlb;
}

static void save_tlb(struct outcome *o)
{
	struct gs_tlb *tlb = bcs_tlb();
	uint64_t gen = gs_tlb_generation(env.g.dev);

	for (unsigned int i = 0; i < GS_TLB_ENTRIES; i++)
		o->valid[i] = gs_tlb_peek(tlb, i, gen, &o->key[i], &o->vpn[i], &o->x[i]);
}

/* Is page @vpn of TLB space @key one of the case's surfaces' pages? */
static bool surface_page(const struct tcase *c, uint64_t key, uint64_t vpn)
{
	const struct tsurf *sf[2] = { &c->d, &c->s };

	/* The GGTT's key is 1, a PPGTT's its PML4 address (mem.h). */
	if ((key == 1) != c->ggtt)
		return false;
	for (int i = 0; i < 2; i++) {
		uint64_t first = sf[i]->va >> 12;

		if (sf[i]->pages && vpn >= first && vpn < first + sf[i]->pages)
			return true;
	}
	return false;
}

/*
 * The TLB as both paths left it, for the surfaces' pages.  Each run has
 * its own ring or batch, whose pages may take an entry from a surface page
 * in one run and not in the other (and make the hit counts differ), so a
 * slot is compared where both runs left a surface page in it, or one a
 * surface page and the other nothing.
 */
static bool same_tlb(const struct tcase *c, const struct outcome *a, const struct outcome *b)
{
	for (unsigned int i = 0; i < GS_TLB_ENTRIES; i++) {
		bool in_a = a->valid[i] && surface_page(c, a->key[i], a->vpn[i]);
		bool in_b = b->valid[i] && surface_page(c, b->key[i], b->vpn[i]);

		if ((in_a && !b->valid[i]) || (in_b && !a->valid[i]))
			return false;
		if (in_a && in_b &&
		    (a->key[i] != b->key[i] || a->vpn[i] != b->vpn[i] ||
		     a->x[i].dma_page != b->x[i].dma_page || a->x[i].writable != b->x[i].writable))
			return false;
	}
	return true;
}

/*
 * Run @n dwords: from the ring (GGTT addresses) or from a PPGTT batch.  The
 * context completes, or an error stops it and the engine is reset.
 */
static struct outcome run(const uint32_t *dw, unsigned int n, bool ggtt)
{
	struct eng_ctx *ctx = ee_ctx(&env, GS_BCS, 1, next_id++);
	uint32_t base = ee_base(GS_BCS), st[1], id[1];
	struct outcome o = { 0 };

	if (ggtt) {
		ee_emit(ctx, dw, n);
	} else {
		struct ee_buf bb = ee_buf_ppgtt(&env, 1);

		ee_buf_emit(&bb, dw, n);
		BEMIT(&bb, MI_BATCH_BUFFER_END, MI_NOOP);
		EMIT(ctx, BB_START_PPGTT(bb.addr));
	}
	ee_submit(&env, ctx, NULL);
	CHECK_EQ(ee_csb(&env, GS_BCS, 1, st, id, WAIT_MS), 1);
	CHECK_EQ(st[0], CSB_IDLE_TO_ACTIVE);
	for (int t = 0; t < WAIT_MS; t++) {
		if (ee_csb(&env, GS_BCS, 1, st, id, 1) == 1) {
			CHECK_EQ(st[0], CSB_ACTIVE_TO_IDLE | CSB_CONTEXT_COMPLETE);
			o.done = true;
			save_tlb(&o);
			break;
		}
		if (ee_read(&env, RING_EIR(base)))
			break;
	}
	o.eir = ee_read(&env, RING_EIR(base));
	o.fault = ee_read(&env, RING_FAULT_REG_BCS);
	o.tlb0 = ee_read(&env, GEN8_FAULT_TLB_DATA0);
	o.tlb1 = ee_read(&env, GEN8_FAULT_TLB_DATA1);
	o.ipehr = ee_read(&env, RING_IPEHR(base));
	if (!o.done) {
		CHECK_MSG(o.eir, "the blit neither completed nor stopped with an error");
		ee_engine_reset(&env, GS_BCS);
		ee_write(&env, RING_FAULT_REG_BCS, 0);
	}
	ee_sync(&env);
	/* The next run starts with no translation cached. */
	ee_write(&env, GFX_FLSH_CNTL_GEN6, GFX_FLSH_CNTL_EN);
	ee_ctx_free(ctx);
	return o;
}

static void describe(const struct tcase *c, int i, char *buf, size_t len)
{
	snprintf(buf, len,
		 "case %d: %s %u bpp rop %#x wmask %#x %s%s, dst %s pitch %d (%s), src %s pitch %d "
		 "(%s)%s, (%d,%d)-(%d,%d) from (%d,%d), clip %d (%d,%d)-(%d,%d)", i,
		 cmd_name[c->cmd], 8 * c->cpp, c->rop, c->wmask, c->ggtt ? "GGTT" : "PPGTT",
		 c->same ? ", within one surface" : "", tiling_name[c->d.tiling], c->d.pitch,
		 map_name[c->map_d], tiling_name[c->s.tiling], c->s.pitch, map_name[c->map_s],
		 c->cmd == C_XY_COPY || c->cmd == C_COPY ? "" : " (none)", c->x1, c->y1, c->x2,
		 c->y2, c->sx, c->sy, c->clip, c->cx1, c->cy1, c->cx2, c->cy2);
}

static void t_differential(void)
{
	const char *seed = getenv("GS_SEED"), *only = getenv("GS_CASE");
	unsigned long units0 = atomic_load(&gs_blt_fast_counts.units);
	unsigned long spans0 = atomic_load(&gs_blt_fast_counts.ref_spans);
	unsigned long bands0 = atomic_load(&gs_blt_fast_counts.bands);
	unsigned long groups0 = atomic_load(&gs_blt_fast_counts.row_groups);
	int faults = 0, done = 0;

	rng_state = seed ? strtoull(seed, NULL, 0) : 0x5eed0fb17ull;
	diag("seed %#llx (GS_SEED=n replays another)", (unsigned long long)rng_state);
	ee_start(&env, NULL);
	ee_engine_init(&env, GS_BCS);
	pool_dma = env_page(&env.g);
	for (unsigned int i = 1; i < POOL_PAGES; i++)
		CHECK_EQ(env_page(&env.g), pool_dma + (uint64_t)i * PG);
	pool = gs_loop_dma(env.g.loop, pool_dma);
	snap = malloc(POOL_PAGES * PG);
	after_fast = malloc(POOL_PAGES * PG);
	CHECK(snap && after_fast);
	{
		struct ee_buf p = ee_buf_ppgtt(&env, 1);
		uint32_t *cpu;

		for (unsigned int i = 0; i < PG / 4; i++)
			wr32(&p.cpu[i], rnd());
		pat_ppgtt = p.addr;
		pat_ggtt = ee_ggtt_alloc(&env, 1, &cpu);
		memcpy(cpu, p.cpu, PG);
	}

	for (int i = 0; i < CASES; i++) {
		struct tcase c = draw();
		struct outcome of, orf;
		uint32_t dw[64];
		unsigned int n = build(&c, dw);
		unsigned long spans;
		char what[400];

		describe(&c, i, what, sizeof(what));
		for (size_t k = 0; k < POOL_PAGES * PG / 4; k++)
			wr32(pool + 4 * k, rnd());
		if (only && atoi(only) != i)
			continue;	/* GS_CASE=n: run case n only (the draws stay the same) */
		if (only)
			diag("%s", what);
		memcpy(snap, pool, POOL_PAGES * PG);

		spans = atomic_load(&gs_blt_fast_counts.ref_spans);
		of = run(dw, n, c.ggtt);
		spans = atomic_load(&gs_blt_fast_counts.ref_spans) - spans;
		memcpy(after_fast, pool, POOL_PAGES * PG);
		memcpy(pool, snap, POOL_PAGES * PG);
		atomic_store(&gs_blt_reference_only, true);
		orf = run(dw, n, c.ggtt);
		atomic_store(&gs_blt_reference_only, false);

		CHECK_MSG(of.done == orf.done, "%s: fast %s, reference %s", what,
			  of.done ? "completed" : "stopped", orf.done ? "completed" : "stopped");
		CHECK_MSG(of.eir == orf.eir && of.fault == orf.fault && of.tlb0 == orf.tlb0 &&
			  of.tlb1 == orf.tlb1 && of.ipehr == orf.ipehr,
			  "%s: fast EIR %#x fault %#x TLB %#x:%#x IPEHR %#x, reference EIR %#x "
			  "fault %#x TLB %#x:%#x IPEHR %#x", what, of.eir, of.fault, of.tlb1, of.tlb0,
			  of.ipehr, orf.eir, orf.fault, orf.tlb1, orf.tlb0, orf.ipehr);
		/*
		 * A completed blit that never went through the reference path
		 * (which reads again) made the reference's lookups in its
		 * order: the same entries are left.
		 */
		if (of.done && orf.done && !spans)
			CHECK_MSG(same_tlb(&c, &of, &orf), "%s: the TLB holds other entries", what);
		if (memcmp(after_fast, pool, POOL_PAGES * PG)) {
			size_t k = 0;

			while (after_fast[k] == pool[k])
				k++;
			CHECK_MSG(false, "%s: pool byte %#zx (page %zu): fast %#x, reference %#x "
				  "(before %#x)", what, k, k / (size_t)PG, after_fast[k], pool[k], snap[k]);
		}
		faults += !of.done;
		done += of.done;
	}
	diag("%d blits completed, %d stopped by a fault, the same both ways", done, faults);
	diag("fast path: %lu units, %lu overlapping spans through the reference path, %lu bands "
	     "as whole tiles, %lu groups of linear rows translated as one",
	     atomic_load(&gs_blt_fast_counts.units) - units0,
	     atomic_load(&gs_blt_fast_counts.ref_spans) - spans0,
	     atomic_load(&gs_blt_fast_counts.bands) - bands0,
	     atomic_load(&gs_blt_fast_counts.row_groups) - groups0);
	/* The draw must reach the fast paths, their fallback and faults both ways. */
	if (only)
		goto out;
	CHECK(atomic_load(&gs_blt_fast_counts.units) - units0 > CASES / 4);
	CHECK(atomic_load(&gs_blt_fast_counts.ref_spans) > spans0);
	CHECK(atomic_load(&gs_blt_fast_counts.bands) > bands0);
	CHECK(atomic_load(&gs_blt_fast_counts.row_groups) > groups0);
	CHECK(faults > CASES / 20 && done > CASES / 2);
out:
	free(snap);
	free(after_fast);
	ee_stop(&env);
}

static void sleep_ms(int ms)
{
	struct timespec ts = { ms / 1000, (long)(ms % 1000) * 1000000 };

	nanosleep(&ts, NULL);
}

/* A PPGTT surface of @pages window pages, in order; its CPU view. */
static struct ee_buf big_buf(unsigned int pages)
{
	struct ee_buf b = { .ppgtt = true, .addr = env.ppgtt_next };
	uint64_t dma = env_page(&env.g);

	for (unsigned int i = 1; i < pages; i++)
		CHECK_EQ(env_page(&env.g), dma + (uint64_t)i * PG);
	for (unsigned int i = 0; i < pages; i++)
		ppgtt_set(&env.g, env.pml4, b.addr + i * PG, 12, (dma + i * PG) | PDE_FLAGS);
	env.ppgtt_next += (pages + 16) * PG;
	b.cpu = gs_loop_dma(env.g.loop, dma);
	return b;
}

/*
 * Submit @bb and stop the ring again and again while it runs; how many
 * stops landed in the middle of the blit.  The blit then completes.
 */
static int run_with_stops(struct ee_buf *bb)
{
	struct eng_ctx *ctx = ee_ctx(&env, GS_BCS, 1, next_id++);
	uint32_t base = ee_base(GS_BCS), st[2], id[2];
	int mid = 0;

	EMIT(ctx, BB_START_PPGTT(bb->addr));
	ee_submit(&env, ctx, NULL);
	CHECK_EQ(ee_csb(&env, GS_BCS, 1, st, id, WAIT_MS), 1);
	for (int i = 0; i < 20; i++) {
		ee_write(&env, RING_MI_MODE(base), MASKED_ON(STOP_RING));
		CHECK_MSG(ee_poll(&env, RING_MI_MODE(base), MODE_IDLE, MODE_IDLE, 1000),
			  "stop %d not honoured within a second", i);
		if (rd32(&env.e[GS_BCS].hwsp_cpu[HWSP_CSB_WRITE_PTR]) ==
		    (env.e[GS_BCS].csb_head + 1) % GEN8_CSB_ENTRIES) {
			/* Still running: no completion entry yet. */
			mid++;
		}
		ee_write(&env, RING_MI_MODE(base), MASKED_OFF(STOP_RING));
		sleep_ms(1);
	}
	CHECK_EQ(ee_csb(&env, GS_BCS, 1, st, id, 60000), 1);
	CHECK_EQ(st[0], CSB_ACTIVE_TO_IDLE | CSB_CONTEXT_COMPLETE);
	CHECK_EQ(ee_read(&env, RING_EIR(base)), 0);
	ee_sync(&env);
	ee_ctx_free(ctx);
	return mid;
}

/*
 * STOP_RING during fast blits: the rows done are saved and the blit goes
 * on from there.  A copy that moves a 64 MiB surface up by one row, in
 * place (a row done twice, after the row below it moved, or skipped
 * shows), and a fill, each compared with the reference path run with no
 * stop.  A run that no stop caught in the middle is tried again.
 */
static void t_stop_resume(void)
{
	const uint32_t w = 4096, h = UNDER_TSAN ? 256 : 4096, pitch = w * 4;
	const size_t size = (size_t)pitch * h;
	struct ee_buf surf;
	uint8_t *init, *want;
	int mid = 0;

	ee_start(&env, NULL);
	ee_engine_init(&env, GS_BCS);
	surf = big_buf((unsigned int)(size / PG));
	init = malloc(size);
	want = malloc(size);
	CHECK(init && want);
	rng_state = 0x5107;
	for (size_t i = 0; i < size / 4; i++)
		((uint32_t *)init)[i] = rnd();

	for (int fill = 0; fill < 2; fill++) {
		struct ee_buf bb = ee_buf_ppgtt(&env, 1);
		int got = 0;

		if (fill)
			BEMIT(&bb, BLT(OP_XY_COLOR, 7) | W_ARGB, BR13(D8888, 0xf0, pitch), XY(0, 0),
			      XY(w, h), LO(surf.addr), HI(surf.addr), 0x5a6b7c8d);
		else
			BEMIT(&bb, BLT(OP_XY_SRC_COPY, 10) | W_ARGB, BR13(D8888, 0xcc, pitch),
			      XY(0, 0), XY(w, h - 1), LO(surf.addr), HI(surf.addr), XY(0, 1), pitch,
			      LO(surf.addr), HI(surf.addr));
		BEMIT(&bb, MI_BATCH_BUFFER_END, MI_NOOP);
		memcpy(surf.cpu, init, size);
		atomic_store(&gs_blt_reference_only, true);
		CHECK_EQ(run_with_stops(&bb) >= 0, 1);
		atomic_store(&gs_blt_reference_only, false);
		memcpy(want, surf.cpu, size);
		for (int attempt = 0; attempt < 20 && !got; attempt++) {
			memcpy(surf.cpu, init, size);
			got = run_with_stops(&bb);
			CHECK_MSG(!memcmp(surf.cpu, want, size), "%s after %d stops mid-blit: "
				  "not what the reference path leaves", fill ? "fill" : "copy", got);
		}
		diag("%s: %d stops landed mid-blit", fill ? "fill" : "scrolling copy", got);
		mid += got > 0;
	}
	CHECK_MSG(mid == 2, "no stop landed in the middle of a fast blit in 20 tries");
	free(init);
	free(want);
	ee_stop(&env);
}

/* An engine reset in the middle of a 4 GiB fast fill is prompt; the engine works after. */
static void t_reset_mid_fast_blit(void)
{
	struct ee_buf dst, mark, bb;
	struct eng_ctx *ctx;
	uint32_t base = ee_base(GS_BCS), st[1], id[1];
	unsigned long units;

	ee_start(&env, NULL);
	ee_engine_init(&env, GS_BCS);
	dst = big_buf(32767 * 4 / PG + 1);
	mark = ee_buf_ppgtt(&env, 1);
	bb = ee_buf_ppgtt(&env, 1);
	/* pitch 0: every row is the same 128 KiB */
	BEMIT(&bb, BLT(OP_XY_COLOR, 7) | W_ARGB, BR13(D8888, 0xf0, 0), XY(0, 0), XY(32767, 32767),
	      LO(dst.addr), HI(dst.addr), 0xdead);
	BEMIT(&bb, MI_BATCH_BUFFER_END, MI_NOOP);
	units = atomic_load(&gs_blt_fast_counts.units);
	ctx = ee_ctx(&env, GS_BCS, 1, 0x67);
	EMIT(ctx, BB_START_PPGTT(bb.addr));
	ee_submit(&env, ctx, NULL);
	CHECK_EQ(ee_csb(&env, GS_BCS, 1, st, id, WAIT_MS), 1);
	/* Rows of pitch 0 stay in the cache: 4 GiB takes 20 ms even at 200 GB/s. */
	sleep_ms(2);
	CHECK(ee_no_csb(&env, GS_BCS, 0));
	ee_engine_reset(&env, GS_BCS);
	CHECK_EQ(ee_read(&env, RING_EXECLIST_STATUS_HI(base)), 0);
	CHECK(atomic_load(&gs_blt_fast_counts.units) > units);
	ee_ctx_free(ctx);
	bb = ee_buf_ppgtt(&env, 1);
	BEMIT(&bb, SDI_PPGTT(mark.addr, 0xa11), MI_BATCH_BUFFER_END, MI_NOOP);
	ctx = ee_ctx(&env, GS_BCS, 1, 0x68);
	EMIT(ctx, BB_START_PPGTT(bb.addr));
	ee_run(&env, ctx);
	ee_sync(&env);
	CHECK_EQ(rd32(&mark.cpu[0]), 0xa11);
	ee_ctx_free(ctx);
	ee_stop(&env);
}

/*
 * A destination page the fast path probed present, then removed from the
 * window by the driver.  With the driver's GENSIM_DMAWIN_INVALIDATE
 * (gs_loop_unmap()) the next copy faults where the reference path faults,
 * with the same bytes written.  Without it (gs_loop_unmap_no_invalidate():
 * a driver that forgot) the fast path trusts what it remembered, skips the
 * page's probe and faults in the middle of the copy instead, at another
 * address: the register write is what keeps the two paths alike.
 */
static bool removed_page_same(bool invalidate)
{
	const uint32_t rows = 64, gone = 40, pitch = PG, size = rows * pitch;
	struct ee_buf src = big_buf(rows), dst;
	uint64_t dst_dma = env.g.next;	/* big_buf()'s first page */
	uint8_t *fast = malloc(size);
	struct outcome of, orf;
	bool same;
	uint32_t dw[16];
	unsigned int n = 0;

	dst = big_buf(rows);
	CHECK(fast != NULL);
	dw[n++] = BLT(OP_XY_SRC_COPY, 10) | W_ARGB;
	dw[n++] = BR13(D8888, 0xcc, pitch);
	dw[n++] = XY(0, 0);
	dw[n++] = XY(pitch / 4, rows);
	dw[n++] = LO(dst.addr);
	dw[n++] = HI(dst.addr);
	dw[n++] = XY(0, 0);
	dw[n++] = pitch;
	dw[n++] = LO(src.addr);
	dw[n++] = HI(src.addr);
	for (uint32_t i = 0; i < size / 4; i++)
		((uint32_t *)src.cpu)[i] = rnd();
	of = run(dw, n, false);		/* every page probed present */
	CHECK(of.done);
	CHECK_EQ(invalidate ? gs_loop_unmap(env.g.loop, dst_dma + gone * PG, PG) :
			      gs_loop_unmap_no_invalidate(env.g.loop, dst_dma + gone * PG, PG), 0);
	memset(dst.cpu, 0x11, (size_t)gone * PG);
	of = run(dw, n, false);
	memcpy(fast, dst.cpu, (size_t)gone * PG);
	memset(dst.cpu, 0x11, (size_t)gone * PG);
	atomic_store(&gs_blt_reference_only, true);
	orf = run(dw, n, false);
	atomic_store(&gs_blt_reference_only, false);
	CHECK(!orf.done);
	same = of.done == orf.done && of.eir == orf.eir && of.fault == orf.fault &&
	       of.tlb0 == orf.tlb0 && of.tlb1 == orf.tlb1 && of.ipehr == orf.ipehr &&
	       !memcmp(fast, dst.cpu, (size_t)gone * PG);
	diag("%s: fast fault TLB %#x:%#x, reference %#x:%#x", invalidate ? "invalidated" :
	     "not invalidated", of.tlb1, of.tlb0, orf.tlb1, orf.tlb0);
	free(fast);
	return same;
}

static void t_removed_page(void)
{
	ee_start(&env, NULL);
	ee_engine_init(&env, GS_BCS);
	CHECK_MSG(removed_page_same(true), "with GENSIM_DMAWIN_INVALIDATE: the fast path faults "
		  "elsewhere than the reference path");
	CHECK_MSG(!removed_page_same(false), "without GENSIM_DMAWIN_INVALIDATE the fast path "
		  "still probed the removed page: the test shows nothing");
	ee_stop(&env);
}

int main(void)
{
	tap_run("fast paths = reference path on random blits, surfaces, mappings, faults",
		t_differential);
	tap_run("STOP_RING mid fast blit: resumes where it stopped", t_stop_resume);
	tap_run("engine reset in the middle of a huge fast fill", t_reset_mid_fast_blit);
	tap_run("a window page removed after a probe: faults as the reference path, only if "
		"the driver invalidates", t_removed_page);
	return tap_done();
}
