/* SPDX-License-Identifier: MIT */
/*
 * What blt_exec.c (the reference path) and blt_fast.c (the fast paths)
 * share about a blit being run (hw-spec-blitter "How a blit runs", "Fast
 * paths").  Private to blt/.
 *
 * A blit is a sequence of spans in a fixed order: rows in row order (bottom
 * up when rev_y), each row cut into spans of SPAN_BYTES from its left end,
 * taken left to right (right to left when rev_x).  The reference path
 * executes one span at a time; a fast path must leave memory, faults and
 * progress exactly as that sequence would.
 */
#ifndef GSDEV_BLT_PRIV_H
#define GSDEV_BLT_PRIV_H

#include "blt/blt.h"

#define GS_BLT_SPAN_BYTES	4096u
#define GS_BLT_SPAN_WORDS	(GS_BLT_SPAN_BYTES / 8)
#define GS_BLT_ADDR_MASK	((1ull << 48) - 1)

enum gs_blt_fast {
	GS_BLT_FAST_NONE,	/* every span through the reference path */
	GS_BLT_FAST_COPY,	/* ROP 0xcc, every byte written: D = S */
	GS_BLT_FAST_FILL,	/* a result that depends on neither S nor D: D = constant */
};

/**
 * struct gs_blt_plan - a decoded blit, clipped, ready to run
 * @cs, @op: the command streamer and the blit
 * @x1, @y1, @x2, @y2: the clipped destination rectangle; @sx, @sy where
 *	(@x1, @y1) reads the source
 * @w, @h: its size in pixels
 * @span_px, @nspans: pixels per span, spans per row
 * @need_s, @need_p, @need_d: the operands read; @partial: 32 bpp with a
 *	write enable clear
 * @rev_x, @rev_y: the overlap order
 * @fast: enum gs_blt_fast; @fill: FILL's pixel bytes repeated over 4 bytes
 * @m64: the write enables over two 32 bpp pixels
 * @sbuf, @dbuf, @pbuf, @keep, @pat: the reference path's buffers
 */
struct gs_blt_plan {
	struct gs_cs *cs;
	const struct gs_blt_op *op;
	int32_t x1, y1, x2, y2, sx, sy;
	uint32_t w, h;
	uint32_t span_px, nspans;
	bool need_s, need_p, need_d, partial, rev_x, rev_y;
	enum gs_blt_fast fast;
	uint32_t fill;
	uint64_t m64;
	uint64_t sbuf[GS_BLT_SPAN_WORDS], dbuf[GS_BLT_SPAN_WORDS], pbuf[GS_BLT_SPAN_WORDS];
	uint64_t keep[GS_BLT_SPAN_WORDS];
	uint8_t pat[8 * 8 * 4];
};

/* The destination row of the @r-th row in execution order; its source row is y - y1 + sy. */
static inline int64_t gs_blt_row_y(const struct gs_blt_plan *p, uint32_t r)
{
	return p->rev_y ? (int64_t)p->y2 - 1 - r : (int64_t)p->y1 + r;
}

/* The first pixel of the @k-th span of a row in execution order. */
static inline int64_t gs_blt_span_x(const struct gs_blt_plan *p, uint32_t k)
{
	uint32_t i = p->rev_x ? p->nspans - 1 - k : k;

	return (int64_t)p->x1 + (int64_t)i * p->span_px;
}

/* The pixels of the span starting at @x. */
static inline uint32_t gs_blt_span_len(const struct gs_blt_plan *p, int64_t x)
{
	return (uint32_t)((int64_t)p->x2 - x < p->span_px ? (int64_t)p->x2 - x : p->span_px);
}

/* blt_exec.c */
int gs_blt_ref_span(struct gs_blt_plan *p, uint32_t r, uint32_t k);

/* blt_fast.c */
void gs_blt_fast_plan(struct gs_blt_plan *p);
uint32_t gs_blt_fast_rows_per_step(const struct gs_blt_plan *p);
int gs_blt_fast_rows(struct gs_blt_plan *p, uint32_t r, uint32_t n);

#endif
