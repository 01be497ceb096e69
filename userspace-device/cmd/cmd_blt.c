// SPDX-License-Identifier: MIT
/*
 * The blitter's 2D commands (hw-spec-blitter; PRM Vol. 6 Command Stream
 * Programming (Cherryview 2015) 2D command map ("2D Command Map"),
 * header ("Blitter Command Header Format"); Gen8 dword layouts EXT: i915
 * intel_gpu_commands.h and its Gen8 blits, Mesa's i965 blitter code,
 * xf86-video-intel, libdrm's intel_decode, checked in the spec chapter).
 *
 * Each handler decodes its command into a struct gs_blt_op and runs it
 * (blt_exec.c).  Common fields:
 *
 * - BR00 (the header): 21:20 the 32 bpp write enables (alpha, RGB), 15
 *   source tiled, 11 destination tiled; a tiled surface is X-major unless
 *   BCS_SWCTRL says Y (bit 0 source, bit 1 destination).
 * - BR13: 30 clipping enable (XY commands), 25:24 colour depth (8, 565,
 *   1555, 8888), 23:16 ROP, 15:0 the destination pitch, signed, in bytes
 *   when linear and in DWords when tiled.
 * - Coordinates: x in 15:0, y in 31:16, signed 16 bits; (x2, y2) is the
 *   first pixel outside the rectangle.
 * - Addresses: 48 bits, the low dword then 15:0 of the next.  They are in
 *   the address space the command was fetched from: the GGTT for the ring
 *   and privileged (GGTT) batches, the context's PPGTT for PPGTT batches.
 *
 * A length the command does not have is refused by the table's length
 * rule before the handler runs; the handlers check it again, cheaply.
 */
#include <errno.h>

#include "blt/blt.h"
#include "cmd/cmd.h"
#include "core/device.h"
#include "core/hw.h"
#include "cs/cs.h"

static unsigned int depth_cpp(uint32_t br13)
{
	static const unsigned int cpp[4] = { 1, 2, 2, 4 };

	return cpp[FIELD_GET(GS_BR13_DEPTH, br13)];
}

/* The bytes of a pixel written: BR00 21:20 at 32 bpp, every byte below. */
static uint32_t write_mask(uint32_t br00, unsigned int cpp)
{
	if (cpp != 4)
		return ~0u;
	return (br00 & GS_BLT_WRITE_ALPHA ? 0xff000000u : 0) |
	       (br00 & GS_BLT_WRITE_RGB ? 0x00ffffffu : 0);
}

static int32_t lo16(uint32_t v)
{
	return (int16_t)(v & 0xffff);
}

static int32_t hi16(uint32_t v)
{
	return (int16_t)(v >> 16);
}

static struct gs_blt_surf surface(struct gs_cs *cs, uint32_t lo, uint32_t hi, uint32_t pitch,
				  bool tiled, uint32_t y_bit)
{
	struct gs_blt_surf s = {
		.base = gs_cs_addr48(lo, hi, ~0u),
		.pitch = lo16(pitch),
		.tiling = GS_BLT_LINEAR,
		.ggtt = cs->cmd_ggtt,
	};

	if (tiled) {
		s.tiling = gs_reg_read(cs->dev, BCS_SWCTRL) & y_bit ? GS_BLT_TILE_Y : GS_BLT_TILE_X;
		s.pitch *= 4;		/* DWords */
	}
	return s;
}

/* BR13's depth, ROP and clip enable; the clip rectangle the engine holds. */
static void common(struct gs_cs *cs, struct gs_blt_op *op, uint32_t br00, uint32_t br13)
{
	const struct gs_blt_setup *st = &cs->blt->setup;

	op->cpp = depth_cpp(br13);
	op->rop = (uint8_t)FIELD_GET(GS_BR13_ROP, br13);
	op->wmask = write_mask(br00, op->cpp);
	op->clip = br13 & GS_BR13_CLIP_ENABLE;
	if (st->epoch == cs->epoch) {	/* else reset since: an empty rectangle */
		op->cx1 = st->cx1;
		op->cy1 = st->cy1;
		op->cx2 = st->cx2;
		op->cy2 = st->cy2;
	}
}

static void rect(struct gs_blt_op *op, uint32_t tl, uint32_t br)
{
	op->x1 = lo16(tl);
	op->y1 = hi16(tl);
	op->x2 = lo16(br);
	op->y2 = hi16(br);
}

static enum gs_cmd_result result(int ret)
{
	if (!ret)
		return GS_CMD_NEXT;
	return ret == -EAGAIN ? GS_CMD_RETRY : GS_CMD_HALT;
}

static bool bad_len(struct gs_cs *cs, const struct gs_cmd_desc *cmd, unsigned int len,
		    unsigned int want)
{
	if (len == want)
		return false;
	gs_cs_instruction_error(cs, "%s: bad length, %u dwords (it takes %u to %u)", cmd->name,
				len, want, want);
	return true;
}

/* The setup registers, as of now, in this engine epoch. */
static struct gs_blt_setup *setup(struct gs_cs *cs)
{
	struct gs_blt_setup *st = &cs->blt->setup;

	if (st->epoch != cs->epoch)
		*st = (struct gs_blt_setup){ .epoch = cs->epoch };
	return st;
}

/*
 * XY_SETUP_BLT (10 dwords): BR13, the clip rectangle (BR24 top-left, BR25
 * bottom-right), BR09 destination, BR18/BR19 background and foreground
 * colours, BR15 pattern address.  Only the clip rectangle is used by the
 * commands gensim implements; the rest is kept for the ones it does not.
 */
enum gs_cmd_result gs_cmd_xy_setup_blt(struct gs_cs *cs, const struct gs_cmd_desc *cmd,
				       const uint32_t *dw, unsigned int len)
{
	struct gs_blt_setup *st;

	if (bad_len(cs, cmd, len, 10))
		return GS_CMD_HALT;
	st = setup(cs);
	st->br00 = dw[0];
	st->br13 = dw[1];
	st->cx1 = (int16_t)lo16(dw[2]);
	st->cy1 = (int16_t)hi16(dw[2]);
	st->cx2 = (int16_t)lo16(dw[3]);
	st->cy2 = (int16_t)hi16(dw[3]);
	st->dst = gs_cs_addr48(dw[4], dw[5], ~0u);
	st->bg = dw[6];
	st->fg = dw[7];
	st->pattern = gs_cs_addr48(dw[8], dw[9], ~63u);
	return GS_CMD_NEXT;
}

/* XY_SETUP_CLIP_BLT (3 dwords): the clip rectangle only. */
enum gs_cmd_result gs_cmd_xy_setup_clip_blt(struct gs_cs *cs, const struct gs_cmd_desc *cmd,
					    const uint32_t *dw, unsigned int len)
{
	struct gs_blt_setup *st;

	if (bad_len(cs, cmd, len, 3))
		return GS_CMD_HALT;
	st = setup(cs);
	st->cx1 = (int16_t)lo16(dw[1]);
	st->cy1 = (int16_t)hi16(dw[1]);
	st->cx2 = (int16_t)lo16(dw[2]);
	st->cy2 = (int16_t)hi16(dw[2]);
	return GS_CMD_NEXT;
}

/* XY_COLOR_BLT (7 dwords): BR13, BR22/BR23 the rectangle, the destination, BR16 the colour. */
enum gs_cmd_result gs_cmd_xy_color_blt(struct gs_cs *cs, const struct gs_cmd_desc *cmd,
				       const uint32_t *dw, unsigned int len)
{
	struct gs_blt_op op = { 0 };

	if (bad_len(cs, cmd, len, 7))
		return GS_CMD_HALT;
	common(cs, &op, dw[0], dw[1]);
	rect(&op, dw[2], dw[3]);
	op.dst = surface(cs, dw[4], dw[5], dw[1], dw[0] & GS_BLT_DST_TILED, GS_BCS_SWCTRL_DST_Y);
	op.pat = GS_BLT_PAT_SOLID;
	op.color = dw[6];
	return result(gs_blt_run(cs, cmd->name, &op));
}

/*
 * XY_PAT_BLT (8 dwords): as XY_COLOR_BLT with, instead of the colour, the
 * address of an 8x8 pattern of pixels at the destination's depth (64-byte
 * aligned: address bits 5:0 are not part of the field); BR00 14:12 and
 * 10:8 are its horizontal and vertical seeds.
 */
enum gs_cmd_result gs_cmd_xy_pat_blt(struct gs_cs *cs, const struct gs_cmd_desc *cmd,
				     const uint32_t *dw, unsigned int len)
{
	struct gs_blt_op op = { 0 };

	if (bad_len(cs, cmd, len, 8))
		return GS_CMD_HALT;
	common(cs, &op, dw[0], dw[1]);
	rect(&op, dw[2], dw[3]);
	op.dst = surface(cs, dw[4], dw[5], dw[1], dw[0] & GS_BLT_DST_TILED, GS_BCS_SWCTRL_DST_Y);
	op.pat = GS_BLT_PAT_8X8;
	op.pat_addr = gs_cs_addr48(dw[6], dw[7], ~63u);
	op.pat_hseed = FIELD_GET(GS_BLT_PAT_HSEED, dw[0]);
	op.pat_vseed = FIELD_GET(GS_BLT_PAT_VSEED, dw[0]);
	return result(gs_blt_run(cs, cmd->name, &op));
}

/*
 * XY_SRC_COPY_BLT (10 dwords): BR13, the destination rectangle, the
 * destination, BR26 the source's top-left pixel, BR11 the source pitch
 * (15:0, as BR13's), the source.
 */
enum gs_cmd_result gs_cmd_xy_src_copy_blt(struct gs_cs *cs, const struct gs_cmd_desc *cmd,
					  const uint32_t *dw, unsigned int len)
{
	struct gs_blt_op op = { 0 };

	if (bad_len(cs, cmd, len, 10))
		return GS_CMD_HALT;
	common(cs, &op, dw[0], dw[1]);
	rect(&op, dw[2], dw[3]);
	op.dst = surface(cs, dw[4], dw[5], dw[1], dw[0] & GS_BLT_DST_TILED, GS_BCS_SWCTRL_DST_Y);
	op.has_src = true;
	op.sx = lo16(dw[6]);
	op.sy = hi16(dw[6]);
	op.src = surface(cs, dw[8], dw[9], dw[7], dw[0] & GS_BLT_SRC_TILED, GS_BCS_SWCTRL_SRC_Y);
	return result(gs_blt_run(cs, cmd->name, &op));
}

/*
 * The legacy (non-XY) blits: linear only, never clipped; BR14 holds the
 * height in rows (31:16) and the width in bytes (15:0), which must be
 * whole pixels.  gensim layout: their Gen8 form is not in the sources
 * read (GVT-g stops parsing them at Broadwell), so every address is 48
 * bits in two dwords, as in every other Gen8 blit.
 */
static bool legacy(struct gs_cs *cs, const struct gs_cmd_desc *cmd, struct gs_blt_op *op,
		   const uint32_t *dw)
{
	uint32_t wbytes = dw[2] & 0xffff;

	common(cs, op, dw[0], dw[1]);
	if (op->clip) {
		gs_cs_instruction_error(cs, "%s: BR13 bit 30 (clipping) is for the XY commands",
					cmd->name);
		return false;
	}
	if (wbytes % op->cpp) {
		gs_cs_instruction_error(cs, "%s: a width of %u bytes is not whole %u-byte pixels",
					cmd->name, wbytes, op->cpp);
		return false;
	}
	op->x2 = (int32_t)(wbytes / op->cpp);
	op->y2 = (int32_t)(dw[2] >> 16);
	op->dst = surface(cs, dw[3], dw[4], dw[1], false, 0);
	return true;
}

/* COLOR_BLT (6 dwords): BR13, BR14, the destination, BR16 the colour. */
enum gs_cmd_result gs_cmd_color_blt(struct gs_cs *cs, const struct gs_cmd_desc *cmd,
				    const uint32_t *dw, unsigned int len)
{
	struct gs_blt_op op = { 0 };

	if (bad_len(cs, cmd, len, 6) || !legacy(cs, cmd, &op, dw))
		return GS_CMD_HALT;
	op.pat = GS_BLT_PAT_SOLID;
	op.color = dw[5];
	return result(gs_blt_run(cs, cmd->name, &op));
}

/* SRC_COPY_BLT (8 dwords): BR13, BR14, the destination, BR11 the source pitch, the source. */
enum gs_cmd_result gs_cmd_src_copy_blt(struct gs_cs *cs, const struct gs_cmd_desc *cmd,
				       const uint32_t *dw, unsigned int len)
{
	struct gs_blt_op op = { 0 };

	if (bad_len(cs, cmd, len, 8) || !legacy(cs, cmd, &op, dw))
		return GS_CMD_HALT;
	op.has_src = true;
	op.src = surface(cs, dw[6], dw[7], dw[5], false, 0);
	return result(gs_blt_run(cs, cmd->name, &op));
}
