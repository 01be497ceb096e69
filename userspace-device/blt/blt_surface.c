// SPDX-License-Identifier: MIT
/*
 * Blitter surfaces: from (x, y) to GPU addresses (hw-spec-blitter
 * "Surfaces and tiling"; EXT the Gen8 PRM's tiling chapter as i915 and
 * IGT implement it).
 *
 * - Linear: row y starts at base + y * pitch; the pitch is signed bytes.
 * - X-tiled: 4 KiB tiles of 512 bytes x 8 rows, each row of a tile 512
 *   contiguous bytes; tiles follow each other left to right, pitch / 512
 *   of them per row of tiles.
 * - Y-tiled: 4 KiB tiles of 128 bytes x 32 rows made of eight 16-byte
 *   (OWord) columns, each column 32 rows of 16 bytes (512 bytes); tiles
 *   left to right, pitch / 128 per row of tiles.
 *
 * gensim has no bit-6 swizzling (the address is never XORed with bits of
 * itself): Gen8 drivers program swizzling off on the parts gensim models,
 * and the tiles above are the whole story.
 *
 * Tiled surfaces must start on a 4 KiB boundary and have a positive pitch
 * that is a whole number of tiles; anything else is refused before the
 * blit touches memory (gs_blt_surf_invalid()).  Addresses are 48 bits and
 * wrap modulo 2^48, as the command's address fields do: an address the
 * surface arithmetic carries out of the space simply faults.
 */
#include "blt/blt.h"
#include "cs/cs.h"

#define ADDR_MASK	((1ull << 48) - 1)
#define TILE_BYTES	4096u

static const struct {
	unsigned int width;	/* bytes per tile row */
	unsigned int height;	/* rows per tile */
} tile[] = {
	[GS_BLT_TILE_X] = { 512, 8 },
	[GS_BLT_TILE_Y] = { 128, 32 },
};

/* Why @s cannot be blitted, or NULL. */
const char *gs_blt_surf_invalid(const struct gs_blt_surf *s)
{
	if (s->tiling == GS_BLT_LINEAR)
		return NULL;
	if (s->base & (TILE_BYTES - 1))
		return "a tiled surface must start on a 4 KiB boundary";
	if (s->pitch <= 0)
		return "a tiled surface needs a positive pitch";
	if (s->pitch % tile[s->tiling].width)
		return s->tiling == GS_BLT_TILE_X ? "an X-tiled pitch must be a multiple of 512 bytes" :
						    "a Y-tiled pitch must be a multiple of 128 bytes";
	return NULL;
}

/* The same memory layout: a copy between them may overlap exactly. */
bool gs_blt_same_surf(const struct gs_blt_surf *a, const struct gs_blt_surf *b)
{
	return a->base == b->base && a->pitch == b->pitch && a->tiling == b->tiling &&
	       a->ggtt == b->ggtt;
}

/*
 * The address of byte @xbyte of row @y of a tiled surface, and in *@run
 * how many bytes from there are contiguous (to the end of the tile row,
 * or of the OWord column).  @xbyte and @y are not negative.
 */
static uint64_t tiled_addr(const struct gs_blt_surf *s, uint64_t xbyte, uint64_t y,
			   unsigned int *run)
{
	unsigned int w = tile[s->tiling].width, h = tile[s->tiling].height;
	uint64_t n = (y / h) * ((uint64_t)s->pitch / w) + xbyte / w;
	unsigned int in_x = (unsigned int)(xbyte % w), in_y = (unsigned int)(y % h);
	uint64_t off;

	if (s->tiling == GS_BLT_TILE_X) {
		off = (uint64_t)in_y * w + in_x;
		*run = w - in_x;
	} else {
		/* Column in_x / 16 is 512 bytes: 32 rows of 16. */
		off = (uint64_t)(in_x / 16) * 16 * h + (uint64_t)in_y * 16 + in_x % 16;
		*run = 16 - in_x % 16;
	}
	return (s->base + n * TILE_BYTES + off) & ADDR_MASK;
}

/*
 * The GPU address of byte @xbyte of row @y of @s, and in *@run how many
 * bytes from there are contiguous in its layout: the rest of the tile row
 * (X) or OWord column (Y); for a linear surface, the whole row, said as
 * UINT64_MAX.  Tiled coordinates must not be negative (the caller
 * checked).  gs_blt_span_io() accesses a span chunk by chunk this way;
 * blt_fast.c walks the same chunks.
 */
uint64_t gs_blt_addr(const struct gs_blt_surf *s, int64_t xbyte, int64_t y, uint64_t *run)
{
	unsigned int r;
	uint64_t va;

	if (s->tiling == GS_BLT_LINEAR) {
		*run = UINT64_MAX;
		return (s->base + (uint64_t)(y * s->pitch + xbyte)) & ADDR_MASK;
	}
	va = tiled_addr(s, (uint64_t)xbyte, (uint64_t)y, &r);
	*run = r;
	return va;
}

/*
 * Read or write @len bytes of row @y from byte @xbyte (bytes, not
 * pixels) of @s, in as few accesses as the layout allows.  0, or -EFAULT
 * after the fault was reported and the context stopped (gs_cs_read()).
 * Tiled coordinates must not be negative (the caller checked).
 */
int gs_blt_span_io(struct gs_cs *cs, const struct gs_blt_surf *s, int64_t xbyte, int64_t y,
		   void *buf, size_t len, bool write)
{
	uint8_t *p = buf;

	while (len) {
		uint64_t run, va = gs_blt_addr(s, xbyte, y, &run);
		size_t n = len < run ? len : (size_t)run;
		int ret = write ? gs_cs_write(cs, s->ggtt, va, p, n) :
				  gs_cs_read(cs, s->ggtt, va, p, n);

		if (ret)
			return ret;
		p += n;
		xbyte += (int64_t)n;
		len -= n;
	}
	return 0;
}
