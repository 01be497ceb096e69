// SPDX-License-Identifier: MIT
/*
 * Running a decoded blit (hw-spec-blitter "How a blit runs").
 *
 * The destination rectangle, clipped, is walked row by row and each row
 * in spans of at most SPAN_BYTES: read the source span and the destination
 * span if the ROP or the write enables need them, build the pattern span,
 * evaluate the ROP, merge the bytes the write enables keep, write.  That
 * is the reference path, gs_blt_ref_span(); a copy or a fill that needs no
 * per-pixel work runs on a fast path instead (blt_fast.c), which leaves
 * memory, faults and progress exactly as this one would.  The buffers are
 * fixed: nothing is allocated, whatever the width, height or pitch a
 * command asks for, and every size is computed in 64 bits from 16-bit
 * fields, so nothing overflows.
 *
 * gensim choices (written down in the spec):
 * - Only the operands the ROP depends on are read: a fill never reads the
 *   destination, a ROP that ignores the source never faults on it.
 * - Overlap: when source and destination are the same surface, rows go
 *   bottom-up if the destination is lower, spans right to left if it is
 *   on the same rows and further right, and each source span is read
 *   whole before its destination span is written; so an overlapping copy
 *   moves the rectangle exactly, as memmove() does.
 * - A fault stops the blit where it happened: the rows and spans before it
 *   were written, and the fault is reported like any command's.
 * - Between rows (between steps of whole rows on a fast path) the engine
 *   thread may be wanted (a stop, a reset, a new submission, destruction:
 *   engine->kick).  The blit then saves the rows it finished and returns
 *   -EAGAIN (GS_CMD_RETRY); executing the same command again goes on with
 *   the next row.  So a stop is honoured within a row (a step of at most
 *   4 MiB), however large the blit, and a ROP that reads the destination
 *   is never applied twice.
 * - Progress (gensim; the driver's hang check reads it): every finished
 *   row adds one to the device's GENSIM_BLT_ROWS count, published in BAR0
 *   after each fast-path step, every PUBLISH_ROWS rows of the reference
 *   path and when the blit stops, so a long blit is told from a hung one.
 */
#include <errno.h>
#include <string.h>

#include "blt/blt_priv.h"
#include "core/device.h"
#include "core/hw.h"
#include "cs/cs.h"
#include "cs/engine.h"

/* Reference-path rows between two publications of GENSIM_BLT_ROWS. */
#define PUBLISH_ROWS	32u

/* Add @rows finished rows to GENSIM_BLT_ROWS and publish the count in BAR0. */
static void publish_rows(struct gs_device *dev, uint32_t rows)
{
	uint64_t n;

	if (!rows)
		return;
	n = atomic_fetch_add_explicit(&dev->blt_rows, rows, memory_order_relaxed) + rows;
	gs_reg_publish64(dev, GENSIM_BLT_ROWS_LO, GENSIM_BLT_ROWS_HI, n);
}

/* GENSIM_BLT_ROWS_LO/HI: a reset keeps the count (its "reset value" is the count). */
uint32_t gs_blt_rows_reset(const struct gs_device *dev, const struct gs_reg *reg)
{
	uint64_t n = atomic_load_explicit(&dev->blt_rows, memory_order_relaxed);

	return reg->offset == GENSIM_BLT_ROWS_HI ? (uint32_t)(n >> 32) : (uint32_t)n;
}

#define SPAN_BYTES	GS_BLT_SPAN_BYTES
#define SPAN_WORDS	GS_BLT_SPAN_WORDS

/* Tests and debugging: every blit through the reference path (blt_fast.c). */
atomic_bool gs_blt_reference_only;

static const uint64_t zeros[SPAN_WORDS];

static int32_t max32(int32_t a, int32_t b)
{
	return a > b ? a : b;
}

static int32_t min32(int32_t a, int32_t b)
{
	return a < b ? a : b;
}

/* Is the unfinished blit saved in the engine this very command? */
static bool resumes(const struct gs_cs *cs, const struct gs_blt_resume *rs)
{
	return rs->active && rs->epoch == cs->epoch && rs->lrca == cs->lrca &&
	       rs->level == cs->level && rs->addr == cs->cmd_addr && rs->len == cs->cmd_len &&
	       !memcmp(rs->dw, cs->cmd, rs->len * sizeof(uint32_t));
}

static void save_progress(struct gs_cs *cs, uint32_t rows_done)
{
	struct gs_blt_resume *rs = &cs->blt->resume;

	if (cs->cmd_len > GS_BLT_MAX_DWORDS)
		return;		/* not a 2D command gensim implements: cannot happen */
	rs->active = true;
	rs->epoch = cs->epoch;
	rs->lrca = cs->lrca;
	rs->level = cs->level;
	rs->addr = cs->cmd_addr;
	rs->len = cs->cmd_len;
	memcpy(rs->dw, cs->cmd, cs->cmd_len * sizeof(uint32_t));
	rs->rows_done = rows_done;
}

/* The solid colour, repeated over a whole span (pixels are never split). */
static void fill_solid(uint64_t *p, uint32_t color, unsigned int cpp)
{
	uint8_t *b = (uint8_t *)p;

	for (unsigned int i = 0; i < SPAN_BYTES; i += cpp)
		memcpy(b + i, &color, cpp);	/* little-endian: the low cpp bytes */
}

/*
 * Pattern pixels for @n pixels of row @y from column @x: pattern row
 * (y + vseed) mod 8, column (x + hseed) mod 8, in destination coordinates.
 */
static void fill_8x8(uint64_t *p, const uint8_t *pat, const struct gs_blt_op *op, int64_t x,
		     int64_t y, unsigned int n)
{
	const uint8_t *row = pat + ((uint64_t)(y + op->pat_vseed) & 7) * 8 * op->cpp;
	uint8_t *b = (uint8_t *)p;
	unsigned int col = (unsigned int)((uint64_t)(x + op->pat_hseed) & 7);

	for (unsigned int i = 0; i < n; i++, col = (col + 1) & 7)
		memcpy(b + (size_t)i * op->cpp, row + col * op->cpp, op->cpp);
}

static void pad(uint64_t *buf, size_t bytes)
{
	size_t words = (bytes + 7) / 8;

	memset((uint8_t *)buf + bytes, 0, words * 8 - bytes);
}

/*
 * The reference path: the @k-th span (execution order) of the @r-th row.
 * Read the source span and the destination span if the ROP or the write
 * enables need them, build the pattern span, evaluate the ROP, merge the
 * bytes the write enables keep, write.  0, or -EFAULT after a fault was
 * reported and the context stopped.
 */
int gs_blt_ref_span(struct gs_blt_plan *p, uint32_t r, uint32_t k)
{
	struct gs_cs *cs = p->cs;
	const struct gs_blt_op *op = p->op;
	int64_t y = gs_blt_row_y(p, r), syy = y - p->y1 + p->sy;
	int64_t x = gs_blt_span_x(p, k);
	uint32_t n = gs_blt_span_len(p, x);
	size_t bytes = (size_t)n * op->cpp, words = (bytes + 7) / 8;

	if (p->need_s) {
		if (gs_blt_span_io(cs, &op->src, (x - p->x1 + p->sx) * op->cpp, syy, p->sbuf, bytes,
				   false))
			return -EFAULT;
		pad(p->sbuf, bytes);
	}
	if (p->need_d) {
		if (gs_blt_span_io(cs, &op->dst, x * op->cpp, y, p->dbuf, bytes, false))
			return -EFAULT;
		pad(p->dbuf, bytes);
		if (p->partial)
			memcpy(p->keep, p->dbuf, words * 8);
	} else {
		memset(p->dbuf, 0, words * 8);	/* the ROP ignores it: defined anyway */
	}
	if (p->need_p && op->pat == GS_BLT_PAT_8X8)
		fill_8x8(p->pbuf, p->pat, op, x, y, n);
	gs_rop_apply(op->rop, p->dbuf, p->need_s ? p->sbuf : zeros, p->need_p ? p->pbuf : zeros,
		     words);
	if (p->partial) {
		/* 32 bpp: two whole pixels per word, the disabled bytes kept. */
		for (size_t j = 0; j < words; j++)
			p->dbuf[j] = (p->dbuf[j] & p->m64) | (p->keep[j] & ~p->m64);
	}
	return gs_blt_span_io(cs, &op->dst, x * op->cpp, y, p->dbuf, bytes, true);
}

/*
 * Run @op.  0 when done; -EAGAIN when the engine thread is wanted before
 * the blit is done (its progress is saved: execute the command again);
 * another negative errno after an error stopped the context.
 */
int gs_blt_run(struct gs_cs *cs, const char *name, struct gs_blt_op *op)
{
	struct gs_blt_plan plan;
	struct gs_blt_plan *p = &plan;
	struct gs_blt_resume *rs = &cs->blt->resume;
	const struct gs_blt_surf *dst = &op->dst, *src = &op->src;
	const char *bad;
	uint32_t start = 0, step = 1;
	int32_t x1 = op->x1, y1 = op->y1, x2 = op->x2, y2 = op->y2, sx = op->sx, sy = op->sy;

	bad = gs_blt_surf_invalid(dst);
	if (!bad && op->has_src)
		bad = gs_blt_surf_invalid(src);
	if (bad) {
		gs_cs_instruction_error(cs, "%s: %s", name, bad);
		return -EINVAL;
	}
	if (resumes(cs, rs))
		start = rs->rows_done;
	rs->active = false;

	if (op->clip) {
		int32_t nx1 = max32(x1, op->cx1), ny1 = max32(y1, op->cy1);

		sx += nx1 - x1;
		sy += ny1 - y1;
		x1 = nx1;
		y1 = ny1;
		x2 = min32(x2, op->cx2);
		y2 = min32(y2, op->cy2);
	}
	/* An empty or inverted rectangle: nothing to do. */
	if (x2 <= x1 || y2 <= y1)
		return 0;

	p->cs = cs;
	p->op = op;
	p->x1 = x1;
	p->y1 = y1;
	p->x2 = x2;
	p->y2 = y2;
	p->sx = sx;
	p->sy = sy;
	p->w = (uint32_t)(x2 - x1);
	p->h = (uint32_t)(y2 - y1);
	p->need_s = op->has_src && gs_rop_uses_s(op->rop);
	p->need_p = op->pat != GS_BLT_PAT_NONE && gs_rop_uses_p(op->rop);
	p->partial = op->cpp == 4 && op->wmask != ~0u;
	p->need_d = gs_rop_uses_d(op->rop) || p->partial;
	p->m64 = (uint64_t)op->wmask << 32 | op->wmask;
	if (dst->tiling != GS_BLT_LINEAR && (x1 < 0 || y1 < 0)) {
		gs_cs_instruction_error(cs, "%s: destination pixel (%d, %d) is outside the tiled "
					"surface", name, x1, y1);
		return -EINVAL;
	}
	if (p->need_s && src->tiling != GS_BLT_LINEAR && (sx < 0 || sy < 0)) {
		gs_cs_instruction_error(cs, "%s: source pixel (%d, %d) is outside the tiled "
					"surface", name, sx, sy);
		return -EINVAL;
	}
	/* 32 bpp with both write enables clear: nothing is read or written. */
	if (!op->wmask)
		return 0;
	if (p->need_p && op->pat == GS_BLT_PAT_8X8 &&
	    gs_cs_read(cs, dst->ggtt, op->pat_addr, p->pat, 64 * op->cpp))
		return -EFAULT;
	if (p->need_p && op->pat == GS_BLT_PAT_SOLID)
		fill_solid(p->pbuf, op->color, op->cpp);

	p->rev_x = p->rev_y = false;
	if (p->need_s && gs_blt_same_surf(dst, src)) {
		p->rev_y = y1 > sy;
		p->rev_x = y1 == sy && x1 > sx;
	}
	p->span_px = SPAN_BYTES / op->cpp;
	p->nspans = (p->w + p->span_px - 1) / p->span_px;
	p->fast = GS_BLT_FAST_NONE;
	if (!atomic_load_explicit(&gs_blt_reference_only, memory_order_relaxed))
		gs_blt_fast_plan(p);
	if (p->fast != GS_BLT_FAST_NONE)
		step = gs_blt_fast_rows_per_step(p);

	/*
	 * Between steps (a row, or the few whole rows a fast path moves at
	 * once) the engine thread may be wanted: save the rows done and give
	 * it back.
	 */
	for (uint32_t r = start, pub = start; r < p->h;) {
		uint32_t n = p->h - r < step ? p->h - r : step;
		int ret = 0;

		if (r > start && atomic_load_explicit(&cs->eng->kick, memory_order_relaxed)) {
			publish_rows(cs->dev, r - pub);
			save_progress(cs, r);
			return -EAGAIN;
		}
		if (p->fast != GS_BLT_FAST_NONE) {
			ret = gs_blt_fast_rows(p, r, n);
		} else {
			for (uint32_t k = 0; k < p->nspans && !ret; k++)
				ret = gs_blt_ref_span(p, r, k);
		}
		if (ret) {
			publish_rows(cs->dev, r - pub);
			return ret;
		}
		r += n;
		if (p->fast != GS_BLT_FAST_NONE || r - pub >= PUBLISH_ROWS || r == p->h) {
			publish_rows(cs->dev, r - pub);
			pub = r;
		}
	}
	return 0;
}
