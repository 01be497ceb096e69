/* SPDX-License-Identifier: MIT */
/*
 * The blitter's 2D engine (Documentation/gpu/gensim/hw-spec-blitter.rst).
 *
 * A 2D command (cmd_blt.c) is decoded into a struct gs_blt_op: the
 * destination, the source and pattern operands, the raster operation and
 * the rectangle.  blt_exec.c runs the operation row by row and span by
 * span through bounded buffers (the reference path), blt_fast.c runs the
 * copies and fills that need no per-pixel work as memcpy()/memset() of the
 * same pages with the same faults, blt_surface.c turns (x, y) into GPU
 * addresses for linear, X-tiled and Y-tiled surfaces, blt_rop.c evaluates
 * the ROP3.  Memory goes through gs_cs_read()/gs_cs_write(), so a fault is
 * reported and stops the context like any other command's.
 *
 * Prototypes are grouped by the file that defines them.
 */
#ifndef GSDEV_BLT_H
#define GSDEV_BLT_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/regfile.h"

struct gs_cs;

/* BR00, the header of the XY commands (EXT i915 intel_gpu_commands.h, xf86-video-intel). */
#define GS_BLT_WRITE_ALPHA	(1u << 21)	/* 32 bpp: write byte 3 */
#define GS_BLT_WRITE_RGB	(1u << 20)	/* 32 bpp: write bytes 2:0 */
#define GS_BLT_SRC_TILED	(1u << 15)
#define GS_BLT_PAT_HSEED	(7u << 12)	/* XY_PAT_BLT: pattern horizontal seed */
#define GS_BLT_DST_TILED	(1u << 11)
#define GS_BLT_PAT_VSEED	(7u << 8)	/* XY_PAT_BLT: pattern vertical seed */

/* BR13 (EXT i915 BLT_DEPTH_*, BLT_ROP_*; libdrm intel_decode). */
#define GS_BR13_CLIP_ENABLE	(1u << 30)
#define GS_BR13_DEPTH		(3u << 24)	/* 0: 8, 1: 565, 2: 1555, 3: 8888 */
#define GS_BR13_ROP		(0xffu << 16)
#define GS_BR13_PITCH		0xffffu		/* signed; DWords when tiled */

/* BCS_SWCTRL (0x22200, masked): a tiled surface is Y-major (EXT IGT BCS_SRC_Y/DST_Y). */
#define GS_BCS_SWCTRL_SRC_Y	(1u << 0)
#define GS_BCS_SWCTRL_DST_Y	(1u << 1)

/* The longest 2D command gensim implements (XY_SETUP_BLT, XY_SRC_COPY_BLT). */
#define GS_BLT_MAX_DWORDS	10

enum gs_blt_tiling {
	GS_BLT_LINEAR,
	GS_BLT_TILE_X,		/* 4 KiB tiles of 512 B x 8 rows */
	GS_BLT_TILE_Y,		/* 4 KiB tiles of 128 B x 32 rows, in 16 B columns */
};

/**
 * struct gs_blt_surf - a surface as a command describes it
 * @base: its GPU address (48 bits)
 * @pitch: bytes from one row to the next; may be negative when linear
 * @tiling: enum gs_blt_tiling
 * @ggtt: the address space is the GGTT, else the running context's PPGTT
 */
struct gs_blt_surf {
	uint64_t base;
	int64_t pitch;
	enum gs_blt_tiling tiling;
	bool ggtt;
};

/* Where the pattern operand (P) of a ROP comes from. */
enum gs_blt_pat {
	GS_BLT_PAT_NONE,	/* the command has none: P is 0 */
	GS_BLT_PAT_SOLID,	/* one colour (XY_COLOR_BLT, COLOR_BLT) */
	GS_BLT_PAT_8X8,		/* an 8x8 colour pattern in memory (XY_PAT_BLT) */
};

/**
 * struct gs_blt_op - one decoded blit, what blt_exec.c runs
 * @cpp: bytes per pixel: 1, 2 or 4
 * @rop: the ROP3, bit (P << 2 | S << 1 | D) is the result
 * @wmask: the bytes of a 32-bit pixel that are written (BR00 21:20); ~0
 *	below 32 bpp
 * @x1, @y1, @x2, @y2: the destination rectangle; x2 and y2 are exclusive
 * @has_src: the command has a source; @sx, @sy: where (@x1, @y1) reads it
 * @pat: enum gs_blt_pat; @color the solid colour; @pat_addr the 8x8
 *	pattern (@dst.ggtt's space); @pat_hseed, @pat_vseed its alignment
 * @clip: clip to @cx1, @cy1, @cx2, @cy2 (exclusive ends)
 */
struct gs_blt_op {
	unsigned int cpp;
	uint8_t rop;
	uint32_t wmask;
	struct gs_blt_surf dst, src;
	int32_t x1, y1, x2, y2;
	bool has_src;
	int32_t sx, sy;
	enum gs_blt_pat pat;
	uint32_t color;
	uint64_t pat_addr;
	unsigned int pat_hseed, pat_vseed;
	bool clip;
	int32_t cx1, cy1, cx2, cy2;
};

/*
 * What XY_SETUP_BLT and XY_SETUP_CLIP_BLT leave in the engine (BR00, BR13,
 * BR24/25 the clip rectangle, BR09 destination, BR18/19 colours, BR15
 * pattern).  It belongs to the engine epoch it was written in: after an
 * engine reset it reads as zeros (an empty clip rectangle).
 */
struct gs_blt_setup {
	unsigned int epoch;
	uint32_t br00, br13;
	int16_t cx1, cy1, cx2, cy2;
	uint64_t dst, pattern;
	uint32_t bg, fg;
};

/*
 * A blit that gave the engine thread back between rows (a stop, a reset,
 * a submission): the command, exactly, and the rows it finished.  The
 * same command executed again goes on from there.
 */
struct gs_blt_resume {
	bool active;
	unsigned int epoch;
	uint32_t lrca;
	unsigned int level;
	uint64_t addr;
	unsigned int len;
	uint32_t dw[GS_BLT_MAX_DWORDS];
	uint32_t rows_done;
};

struct gs_dma_present;

struct gs_blt_state {
	struct gs_blt_setup setup;
	struct gs_blt_resume resume;
	/* Window pages the fast paths probed present (mem/present.c); NULL until needed. */
	struct gs_dma_present *present;
};

/* blt_rop.c: raster operations */
bool gs_rop_uses_p(uint8_t rop);
bool gs_rop_uses_s(uint8_t rop);
bool gs_rop_uses_d(uint8_t rop);
void gs_rop_apply(uint8_t rop, uint64_t *d, const uint64_t *s, const uint64_t *p, size_t words);

/* blt_surface.c: addressing and tiling */
const char *gs_blt_surf_invalid(const struct gs_blt_surf *s);
bool gs_blt_same_surf(const struct gs_blt_surf *a, const struct gs_blt_surf *b);
uint64_t gs_blt_addr(const struct gs_blt_surf *s, int64_t xbyte, int64_t y, uint64_t *run);
int gs_blt_span_io(struct gs_cs *cs, const struct gs_blt_surf *s, int64_t xbyte, int64_t y,
		   void *buf, size_t len, bool write);

/* blt_exec.c: running a decoded blit */
int gs_blt_run(struct gs_cs *cs, const char *name, struct gs_blt_op *op);
/* GENSIM_BLT_ROWS_LO/HI's reset value: the count (hw-spec-blitter "Blitter progress"). */
gs_reg_reset_fn gs_blt_rows_reset;
extern atomic_bool gs_blt_reference_only;

/*
 * blt_fast.c: how often the fast paths ran (tests check that they were
 * exercised): units moved with memcpy()/memset(), spans they handed to
 * the reference path because source and destination bytes overlapped, and
 * bands of tiled rows moved as whole tiles.
 */
struct gs_blt_fast_counts {
	atomic_ulong units;
	atomic_ulong ref_spans;
	atomic_ulong bands;	/* bands of tiled rows moved as whole tiles */
	atomic_ulong row_groups;	/* runs of linear rows translated as one (blt_fast.c) */
};
extern struct gs_blt_fast_counts gs_blt_fast_counts;

#endif
