// SPDX-License-Identifier: MIT
/*
 * Media block read and write (DC1 types 4 and 10) on linear 2D surfaces
 * (hw-spec-compute "Media block messages"; Mesa
 * src/intel/compiler/brw_eu_defines.h and brw_eu.h (brw_dp_desc()) for
 * the Gen8 types and header; 965/G35 PRM Vol. 4 Subsystem and Cores
 * (2008), 5 "Data Port" "Media Block Read/Write" for the layout and the
 * edge rules).  IGT's gen8 gpgpu_fill kernel ends with one of these.
 *
 * Header (required): M0.0 = X offset in bytes (signed), M0.1 = Y offset
 * in rows (signed), M0.2 = (height - 1) << 16 | (width - 1), width in
 * bytes.  Data: rows packed from the first data register with a row
 * pitch of the next power of two of the width (at least 4 bytes).  The
 * channel mask is ignored.
 *
 * Out of the surface: a write drops those bytes; a read replicates the
 * nearest edge pixel (bytes per pixel from the surface format).
 *
 * gensim: width 1..64 bytes and at most 256 bytes of data (8 registers);
 * a write's message may be longer than its data (IGT's kernel sends 3
 * registers for a 16-byte row), a read's response must be exactly the
 * data's registers.  Only linear 2D surfaces of the formats of formats.c.
 */
#include "compute/array_priv.h"

static unsigned int row_pitch(unsigned int width)
{
	unsigned int p = 4;

	while (p < width)
		p *= 2;
	return p;
}

static int64_t clamp64(int64_t v, int64_t lo, int64_t hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

enum gseu_send_result ea_dp_media_block(struct ea_sf *c, unsigned int type)
{
	const struct gseu_send_msg *m = c->m;
	bool write = type == 10;
	const struct ea_format *fmt;
	struct ea_surface surf;
	int32_t x0, y0;
	unsigned int w, h, pitch, regs;
	uint64_t row_bytes;

	if (!m->header || m->mlen < 1)
		return ea_sf_error(c, GS_EU_ERR_MESSAGE, "no header (descriptor bit 19)");
	x0 = (int32_t)m->payload[0].d[0];
	y0 = (int32_t)m->payload[0].d[1];
	w = (m->payload[0].d[2] & 0x3f) + 1;
	h = (m->payload[0].d[2] >> 16 & 0x3f) + 1;
	pitch = row_pitch(w);
	if (pitch * h > 256)
		return ea_sf_error(c, GS_EU_ERR_MESSAGE, "a %ux%u-byte block: at most 256 bytes",
				   w, h);
	regs = (pitch * h + 31) / 32;
	if (write ? m->mlen < 1 + regs || m->rlen : m->mlen != 1 || m->rlen != regs)
		return ea_sf_error(c, GS_EU_ERR_MESSAGE,
				   "lengths %u/%u for a %ux%u-byte block (%u data registers)",
				   m->mlen, m->rlen, w, h, regs);
	if (!write && !m->response)
		return ea_sf_error(c, GS_EU_ERR_MESSAGE, "a null destination");
	if ((m->func_ctrl & 0xff) >= 240)
		return ea_sf_error(c, GS_EU_ERR_MESSAGE, "binding table index %u: media blocks "
				   "need a surface", m->func_ctrl & 0xff);
	if (ea_surface_load(c, FAULT_SRC_DATAPORT, m->func_ctrl & 0xff, &surf))
		return GSEU_SEND_ERROR;
	if (surf.type == EA_SURF_NULL)
		return GSEU_SEND_DONE;
	if (surf.type != EA_SURF_2D || surf.tile_mode)
		return ea_sf_error(c, GS_EU_ERR_UNSUPPORTED,
				   "media block on a surface of type %u, tile mode %u (linear 2D only)",
				   surf.type, surf.tile_mode);
	fmt = ea_format_find(surf.format);
	if (!fmt)
		return ea_sf_error(c, GS_EU_ERR_UNSUPPORTED, "surface format %#x", surf.format);
	row_bytes = (uint64_t)surf.width * fmt->bpp;
	for (unsigned int r = 0; r < h; r++) {
		int64_t y = (int64_t)y0 + r;

		for (unsigned int b = 0; b < w; b++) {
			int64_t x = (int64_t)x0 + b;
			unsigned int at = r * pitch + b;

			if (write) {
				const uint8_t *src = &m->payload[1 + at / 32].b[at % 32];

				if (x < 0 || (uint64_t)x >= row_bytes || y < 0 ||
				    (uint64_t)y >= surf.height)
					continue;
				if (ea_gpu_write(c, FAULT_SRC_DATAPORT,
						 surf.base + (uint64_t)y * surf.pitch + (uint64_t)x,
						 src, 1))
					return GSEU_SEND_ERROR;
			} else {
				/* the edge pixel, and this byte's place in it */
				int64_t px = clamp64(x / fmt->bpp, 0, surf.width - 1);
				int64_t in = ((x % fmt->bpp) + fmt->bpp) % fmt->bpp;
				int64_t yy = clamp64(y, 0, surf.height - 1);

				if (ea_gpu_read(c, FAULT_SRC_DATAPORT,
						surf.base + (uint64_t)yy * surf.pitch +
						(uint64_t)(px * fmt->bpp + in),
						&m->response[at / 32].b[at % 32], 1))
					return GSEU_SEND_ERROR;
			}
		}
	}
	return GSEU_SEND_DONE;
}
