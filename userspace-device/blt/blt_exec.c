// SPDX-License-Identifier: MIT
/*
 * Running a decoded blit (hw-spec-blitter "How a blit runs").
 *
 * The destination rectangle, clipped, is walked row by row and each row
 * in spans of at most SPAN_BYTES: read the source span and the destination
 * span if the ROP or the write enables need them, build the pattern span,
 * evaluate the ROP, merge the bytes the write enables keep, write.  The
 * buffers are fixed: nothing is allocated, whatever the width, height or
 * pitch a command asks for, and every size is computed in 64 bits from
 * 16-bit fields, so nothing overflows.
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
 * - Between rows the engine thread may be wanted (a stop, a reset, a new
 *   submission, destruction: engine->kick).  The blit then saves the rows
 *   it finished and returns -EAGAIN (GS_CMD_RETRY); executing the same
 *   command again goes on with the next row.  So a stop is honoured within
 *   a row, however large the blit, and a ROP that reads the destination is
 *   never applied twice.
 */
#include <errno.h>
#include <string.h>

#include "blt/blt.h"
#include "cs/cs.h"
#include "cs/engine.h"

#define SPAN_BYTES	4096u
#define SPAN_WORDS	(SPAN_BYTES / 8)

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
 * Run @op.  0 when done; -EAGAIN when the engine thread is wanted before
 * the blit is done (its progress is saved: execute the command again);
 * another negative errno after an error stopped the context.
 */
int gs_blt_run(struct gs_cs *cs, const char *name, struct gs_blt_op *op)
{
	uint64_t sbuf[SPAN_WORDS], dbuf[SPAN_WORDS], pbuf[SPAN_WORDS], keep[SPAN_WORDS];
	uint8_t pat[8 * 8 * 4];
	struct gs_blt_resume *rs = &cs->blt->resume;
	const struct gs_blt_surf *dst = &op->dst, *src = &op->src;
	const char *bad;
	bool need_s, need_p, need_d, partial, rev_x = false, rev_y = false;
	uint64_t m64 = (uint64_t)op->wmask << 32 | op->wmask;
	uint32_t start = 0, w, h, span_px, nspans;
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
	w = (uint32_t)(x2 - x1);
	h = (uint32_t)(y2 - y1);

	need_s = op->has_src && gs_rop_uses_s(op->rop);
	need_p = op->pat != GS_BLT_PAT_NONE && gs_rop_uses_p(op->rop);
	partial = op->cpp == 4 && op->wmask != ~0u;
	need_d = gs_rop_uses_d(op->rop) || partial;
	if (dst->tiling != GS_BLT_LINEAR && (x1 < 0 || y1 < 0)) {
		gs_cs_instruction_error(cs, "%s: destination pixel (%d, %d) is outside the tiled "
					"surface", name, x1, y1);
		return -EINVAL;
	}
	if (need_s && src->tiling != GS_BLT_LINEAR && (sx < 0 || sy < 0)) {
		gs_cs_instruction_error(cs, "%s: source pixel (%d, %d) is outside the tiled "
					"surface", name, sx, sy);
		return -EINVAL;
	}
	/* 32 bpp with both write enables clear: nothing is read or written. */
	if (!op->wmask)
		return 0;
	if (need_p && op->pat == GS_BLT_PAT_8X8 &&
	    gs_cs_read(cs, dst->ggtt, op->pat_addr, pat, 64 * op->cpp))
		return -EFAULT;
	if (need_p && op->pat == GS_BLT_PAT_SOLID)
		fill_solid(pbuf, op->color, op->cpp);

	if (need_s && gs_blt_same_surf(dst, src)) {
		rev_y = y1 > sy;
		rev_x = y1 == sy && x1 > sx;
	}
	span_px = SPAN_BYTES / op->cpp;
	nspans = (w + span_px - 1) / span_px;

	for (uint32_t r = start; r < h; r++) {
		int64_t y = rev_y ? (int64_t)y2 - 1 - r : (int64_t)y1 + r;
		int64_t syy = y - y1 + sy;

		if (r > start && atomic_load_explicit(&cs->eng->kick, memory_order_relaxed)) {
			save_progress(cs, r);
			return -EAGAIN;
		}
		for (uint32_t k = 0; k < nspans; k++) {
			uint32_t i = rev_x ? nspans - 1 - k : k;
			int64_t x = (int64_t)x1 + (int64_t)i * span_px;
			uint32_t n = (uint32_t)((int64_t)x2 - x < span_px ? (int64_t)x2 - x : span_px);
			size_t bytes = (size_t)n * op->cpp, words = (bytes + 7) / 8;

			if (need_s) {
				if (gs_blt_span_io(cs, src, (x - x1 + sx) * op->cpp, syy, sbuf, bytes,
						   false))
					return -EFAULT;
				pad(sbuf, bytes);
			}
			if (need_d) {
				if (gs_blt_span_io(cs, dst, x * op->cpp, y, dbuf, bytes, false))
					return -EFAULT;
				pad(dbuf, bytes);
				if (partial)
					memcpy(keep, dbuf, words * 8);
			} else {
				memset(dbuf, 0, words * 8);	/* the ROP ignores it: defined anyway */
			}
			if (need_p && op->pat == GS_BLT_PAT_8X8)
				fill_8x8(pbuf, pat, op, x, y, n);
			gs_rop_apply(op->rop, dbuf, need_s ? sbuf : zeros, need_p ? pbuf : zeros,
				     words);
			if (partial) {
				/* 32 bpp: two whole pixels per word, the disabled bytes kept. */
				for (size_t j = 0; j < words; j++)
					dbuf[j] = (dbuf[j] & m64) | (keep[j] & ~m64);
			}
			if (gs_blt_span_io(cs, dst, x * op->cpp, y, dbuf, bytes, true))
				return -EFAULT;
		}
	}
	return 0;
}
