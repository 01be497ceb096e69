// SPDX-License-Identifier: MIT
/*
 * The blitter's XY commands (Documentation/gpu/gensim/hw-spec-blitter.rst):
 * BR00 header, BR13 depth/ROP/pitch, coordinates as (y << 16 | x),
 * 48-bit addresses in two dwords.  Tiled pitches are in dwords; which
 * tiled surfaces are Y-major is the context's BCS_SWCTRL.
 */
#include <errno.h>

#include "core/kcompat.h"
#include "gensim_cmds.h"
#include "priv.h"

#define BLT(op, len)		(2u << 29 | (uint32_t)(op) << 22 | ((len) - 2))
#define XY_SETUP_CLIP_BLT	0x03
#define XY_COLOR_BLT		0x50
#define XY_SRC_COPY_BLT		0x53
#define BR00_WRITE_ARGB		(3u << 20)	/* 32 bpp: alpha and RGB bytes */
#define BR00_SRC_TILED		(1u << 15)
#define BR00_DST_TILED		(1u << 11)
#define BR13_CLIP		(1u << 30)
#define BCS_SWCTRL		0x22200		/* masked: bit 0 source Y, bit 1 destination Y */

#define LO(a)	((uint32_t)(a))
#define HI(a)	((uint32_t)((uint64_t)(a) >> 32))

/* Coordinates are signed 16-bit: the rectangle must fit. */
static int xy(uint32_t x, uint32_t y, uint32_t *dw)
{
	if (x > 0x7fff || y > 0x7fff)
		return lgsim_fail(-EINVAL, "blit coordinate (%u, %u) beyond 32767", x, y);
	*dw = y << 16 | x;
	return 0;
}

/* BR13 without the ROP: clip enable, depth, and the pitch field of @s. */
static int br13(const struct gsim_blt_surface *s, uint32_t flags, uint32_t *dw)
{
	static const uint32_t depth[5] = { [1] = 0, [2] = 1, [4] = 3 };
	uint32_t pitch = s->tiling ? s->pitch / 4 : s->pitch;
	uint32_t align = s->tiling == GSIM_TILING_X ? 512 : s->tiling == GSIM_TILING_Y ? 128 : 1;

	if (s->cpp != 1 && s->cpp != 2 && s->cpp != 4)
		return lgsim_fail(-EINVAL, "blit surface of %u bytes per pixel (1, 2 or 4)",
				  s->cpp);
	if (s->tiling > GSIM_TILING_Y || s->pitch % align || !pitch || pitch > 0x7fff)
		return lgsim_fail(-EINVAL, "blit surface pitch %u (tiling %u)", s->pitch,
				  s->tiling);
	if (flags & ~GSIM_BLT_CLIP)
		return lgsim_fail(-EINVAL, "blit flags %#x", flags);
	*dw = (flags & GSIM_BLT_CLIP ? BR13_CLIP : 0) | depth[s->cpp] << 24 | pitch;
	return 0;
}

static uint32_t br00(uint32_t op, uint32_t len, const struct gsim_blt_surface *dst,
		     const struct gsim_blt_surface *src)
{
	return BLT(op, len) | (dst->cpp == 4 ? BR00_WRITE_ARGB : 0) |
	       (dst->tiling ? BR00_DST_TILED : 0) | (src && src->tiling ? BR00_SRC_TILED : 0);
}

int gsim_emit_blt_clip(struct gsim_batch *b, uint32_t x1, uint32_t y1, uint32_t x2, uint32_t y2)
{
	uint32_t p[3] = { BLT(XY_SETUP_CLIP_BLT, 3) };
	int ret = xy(x1, y1, &p[1]);

	if (!ret)
		ret = xy(x2, y2, &p[2]);
	return ret ? ret : gsim_batch_emit(b, p, 3);
}

int gsim_emit_blt_fill(struct gsim_batch *b, const struct gsim_blt_surface *dst, uint32_t x1,
		       uint32_t y1, uint32_t x2, uint32_t y2, uint32_t color, uint32_t flags)
{
	uint32_t p[7];
	int ret;

	if (!dst)
		return lgsim_fail(-EINVAL, "gsim_emit_blt_fill: no surface");
	ret = br13(dst, flags, &p[1]);
	if (!ret)
		ret = xy(x1, y1, &p[2]);
	if (!ret)
		ret = xy(x2, y2, &p[3]);
	if (ret)
		return ret;
	p[0] = br00(XY_COLOR_BLT, 7, dst, NULL);
	p[1] |= 0xf0u << 16;		/* P: the colour is the pattern */
	p[4] = LO(dst->va);
	p[5] = HI(dst->va);
	p[6] = color;
	return gsim_batch_emit(b, p, 7);
}

int gsim_emit_blt_copy(struct gsim_batch *b, const struct gsim_blt_surface *dst, uint32_t dx,
		       uint32_t dy, const struct gsim_blt_surface *src, uint32_t sx, uint32_t sy,
		       uint32_t w, uint32_t h, uint32_t rop, uint32_t flags)
{
	uint32_t p[10], src13;
	int ret;

	if (!dst || !src)
		return lgsim_fail(-EINVAL, "gsim_emit_blt_copy: no surface");
	if (src->cpp != dst->cpp || rop > 0xff)
		return lgsim_fail(-EINVAL, "blit copy of %u to %u bytes per pixel, ROP %#x",
				  src->cpp, dst->cpp, rop);
	ret = br13(dst, flags, &p[1]);
	if (!ret)
		ret = br13(src, 0, &src13);
	if (!ret)
		ret = xy(dx, dy, &p[2]);
	if (!ret)
		ret = xy(dx + w, dy + h, &p[3]);
	if (!ret)
		ret = xy(sx, sy, &p[6]);
	if (ret)
		return ret;
	p[0] = br00(XY_SRC_COPY_BLT, 10, dst, src);
	p[1] |= rop << 16;
	p[4] = LO(dst->va);
	p[5] = HI(dst->va);
	p[7] = src13 & 0xffff;		/* BR11: the source pitch alone */
	p[8] = LO(src->va);
	p[9] = HI(src->va);
	return gsim_batch_emit(b, p, 10);
}

int gsim_emit_blt_tiling(struct gsim_batch *b, int src_y, int dst_y)
{
	int ret = gsim_emit_load_register_imm(b, BCS_SWCTRL, 3u << 16 | (src_y ? 1u : 0) |
					      (dst_y ? 2u : 0));

	/* The flush orders the blits after it behind the new mode, as i915 does. */
	return ret ? ret : gsim_emit_flush_dw(b, 0);
}
