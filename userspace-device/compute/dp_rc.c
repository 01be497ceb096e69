// SPDX-License-Identifier: MIT
/*
 * The render cache data port (SFID 5): the render target write of pixel
 * shader threads (Documentation/gpu/gensim/hw-spec-3d.rst "Render target
 * writes").  Descriptor (EXT Mesa brw_eu.h brw_fb_write_desc(),
 * brw_eu_defines.h, Gen7+ layout): 7:0 binding table index, 10:8
 * message subtype (0 SIMD16 single source, 1 SIMD16 single source
 * replicated, 2/3 SIMD8 dual source, 4 SIMD8 single source), 11 slot
 * group select (a SIMD8 message for pixels 8..15), 12 last render
 * target, 17:14 message type (12: render target write), 19 header.
 *
 * Payload: an optional two-register header (a copy of the thread's r0 and
 * r1: M0.2 the render target index that picks the BLEND_STATE entry,
 * M1.7 a pixel mask), then the colour: SIMD16 red, green, blue, alpha
 * two registers each; SIMD8 one register each; replicated one register
 * whose dwords 0..3 are the RGBA of every pixel.  IGT's gen8 rendercopy
 * ends with desc 0x90031000: EOT, 8 registers, SIMD16, last target, BTI 0.
 *
 * A pixel is written when its lane is in the message's execution mask and
 * the pixel is covered (the thread's dispatch record, and with a header
 * also M1.7): helper pixels of a subspan run but are never written.
 *
 * gensim: the target is a linear 2D surface of one sample without X/Y
 * offset in R8G8B8A8_UNORM, B8G8R8A8_UNORM, R32G32B32A32_FLOAT or
 * R32_FLOAT; a NULL surface drops every write; pixels outside the surface
 * are dropped.  UNORM8 conversion: NaN is 0, then clamp to [0, 1] and
 * round half up: floor(f * 255 + 0.5).  The message reads the BLEND_STATE
 * entry of its render target (index M0.2, 0 without a header) and
 * applies it (rc_blend.c): blending with the destination, or a logic op
 * on UNORM8 targets, then its write-disable bits keep those channels.
 * Dual source, the extra payload phases (source 0 alpha, oMask, depth,
 * stencil) and other message types are refused by name.
 */
#include <math.h>
#include <string.h>

#include "compute/array_priv.h"
#include "compute/rc_blend.h"

#define RC_RT_WRITE		12
#define FMT_R32G32B32A32_FLOAT	0x000
#define FMT_B8G8R8A8_UNORM	0x0c0
#define FMT_R8G8B8A8_UNORM	0x0c7
#define FMT_R32_FLOAT		0x0d8

static uint8_t unorm8(float f)
{
	if (isnan(f) || f <= 0.0f)
		return 0;
	if (f >= 1.0f)
		return 255;
	return (uint8_t)floorf(f * 255.0f + 0.5f);
}

/* The colour of @lane: @rgba as the raw dwords of the payload. */
static void lane_color(const struct gseu_send_msg *m, unsigned int hdr, unsigned int sub,
		       unsigned int lane, uint32_t rgba[4])
{
	for (unsigned int ch = 0; ch < 4; ch++) {
		if (sub == 0)
			rgba[ch] = m->payload[hdr + 2 * ch + lane / 8].d[lane % 8];
		else if (sub == 4)
			rgba[ch] = m->payload[hdr + ch].d[lane];
		else
			rgba[ch] = m->payload[hdr].d[ch];
	}
}

/* The destination as RGBA floats: UNORM8 v / 255, R32_FLOAT's missing G, B, A 0, 0, 1. */
static void dst_color(const struct ea_surface *s, const uint8_t *px8, const uint32_t *px32,
		      float d[4])
{
	static const uint8_t rgba_pos[2][4] = { { 0, 1, 2, 3 }, { 2, 1, 0, 3 } };

	switch (s->format) {
	case FMT_R8G8B8A8_UNORM:
	case FMT_B8G8R8A8_UNORM:
		for (unsigned int ch = 0; ch < 4; ch++)
			d[ch] = (float)px8[rgba_pos[s->format == FMT_B8G8R8A8_UNORM][ch]] / 255.0f;
		return;
	case FMT_R32G32B32A32_FLOAT:
		memcpy(d, px32, 16);
		return;
	default:	/* FMT_R32_FLOAT */
		memcpy(d, px32, 4);
		d[1] = d[2] = 0.0f;
		d[3] = 1.0f;
		return;
	}
}

static int write_pixel(struct ea_sf *c, const struct ea_surface *s, uint32_t x, uint32_t y,
		       const uint32_t rgba[4], const struct rc_blend *b, const float k[4])
{
	static const uint8_t rgba_pos[2][4] = { { 0, 1, 2, 3 }, { 2, 1, 0, 3 } };
	bool unorm = s->format == FMT_R8G8B8A8_UNORM || s->format == FMT_B8G8R8A8_UNORM;
	unsigned int cpp = unorm || s->format == FMT_R32_FLOAT ? 4 : 16;
	uint64_t va = s->base + (uint64_t)y * s->pitch + (uint64_t)cpp * x;
	uint8_t wd = b->wd;
	uint32_t px32[4] = { 0 };
	uint8_t px8[4];
	float f[4], d[4];

	memcpy(f, rgba, sizeof(f));
	if (wd == 15)
		return 0;
	if (b->uses_dst && ea_gpu_read(c, FAULT_SRC_DATAPORT, va, unorm ? (void *)px8 :
				       (void *)px32, cpp))
		return -1;
	if (b->blend) {
		float o[4];

		dst_color(s, px8, px32, d);
		rc_blend_apply(b, f, d, k, unorm, o);
		memcpy(f, o, sizeof(f));
	}
	if (unorm) {
		const uint8_t *pos = rgba_pos[s->format == FMT_B8G8R8A8_UNORM];

		for (unsigned int ch = 0; ch < 4; ch++) {
			uint8_t v = unorm8(f[ch]);

			if (wd >> ch & 1)
				continue;
			px8[pos[ch]] = b->logic ? rc_logic_op(b->logic_fn, v, px8[pos[ch]]) : v;
		}
		return ea_gpu_write(c, FAULT_SRC_DATAPORT, va, px8, 4);
	}
	for (unsigned int ch = 0; ch < cpp / 4; ch++)
		if (!(wd >> ch & 1))
			memcpy(&px32[ch], &f[ch], 4);
	return ea_gpu_write(c, FAULT_SRC_DATAPORT, va, px32, cpp);
}

static int check_target(struct ea_sf *c, unsigned int bti, const struct ea_surface *s)
{
	if (s->type != EA_SURF_2D) {
		ea_sf_error(c, GS_EU_ERR_UNSUPPORTED, "binding table index %u: a render target of "
			    "surface type %u; gensim writes 2D surfaces (1) and drops NULL (7)",
			    bti, s->type);
		return -1;
	}
	if (s->tile_mode) {
		ea_sf_error(c, GS_EU_ERR_UNSUPPORTED, "binding table index %u: tile mode %u: "
			    "gensim writes linear render targets only", bti, s->tile_mode);
		return -1;
	}
	if (s->samples) {
		ea_sf_error(c, GS_EU_ERR_UNSUPPORTED, "binding table index %u: %u samples: "
			    "multisampled render targets are not implemented by gensim", bti,
			    1u << s->samples);
		return -1;
	}
	if (s->x_offset || s->y_offset) {
		ea_sf_error(c, GS_EU_ERR_UNSUPPORTED, "binding table index %u: X/Y Offset are not "
			    "implemented by gensim", bti);
		return -1;
	}
	switch (s->format) {
	case FMT_R8G8B8A8_UNORM:
	case FMT_B8G8R8A8_UNORM:
	case FMT_R32G32B32A32_FLOAT:
	case FMT_R32_FLOAT:
		return 0;
	}
	ea_sf_error(c, GS_EU_ERR_UNSUPPORTED, "binding table index %u: render target format "
		    "%#x is not implemented by gensim (R8G8B8A8_UNORM, B8G8R8A8_UNORM, "
		    "R32G32B32A32_FLOAT, R32_FLOAT)", bti, s->format);
	return -1;
}

enum gseu_send_result ea_sfid_rc(void *ctx, struct gseu_hw_thread *t,
				 const struct gseu_send_msg *m)
{
	struct ea_sf c;
	const struct gs_eu_3d *r;
	const struct gs_eu_ps_thread *pt;
	unsigned int type = m->desc >> 14 & 0xf, sub = m->desc >> 8 & 7;
	unsigned int bti = m->desc & 0xff, hdr = m->header ? 2 : 0, data, lanes, first = 0;
	unsigned int rt = 0;
	uint32_t entry[2];
	struct rc_blend bl;
	char why[160];
	struct ea_surface s;
	enum gseu_send_result res;

	ea_sf_init(&c, ctx, t, m, "render target write");
	r = c.run->d.r3d;
	if (!r || !r->ps)
		return ea_sf_error(&c, GS_EU_ERR_UNSUPPORTED,
				   "the render-cache data port (SFID 5): only pixel shader threads "
				   "write render targets");
	if (type != RC_RT_WRITE)
		return ea_sf_error(&c, GS_EU_ERR_UNSUPPORTED, "render cache message type %u is "
				   "not implemented by gensim (12: render target write)", type);
	if (m->desc & (1u << 13))
		return ea_sf_error(&c, GS_EU_ERR_UNSUPPORTED,
				   "per-sample writes (bit 13) are not implemented by gensim");
	switch (sub) {
	case 0:
		data = 8;
		lanes = 16;
		break;
	case 1:
		data = 1;
		lanes = 16;
		break;
	case 4:
		data = 4;
		lanes = 8;
		first = m->desc >> 11 & 1 ? 8 : 0;
		break;
	case 2:
	case 3:
		return ea_sf_error(&c, GS_EU_ERR_UNSUPPORTED, "SIMD8 dual source writes (subtype "
				   "%u) are not implemented by gensim", sub);
	default:
		return ea_sf_error(&c, GS_EU_ERR_MESSAGE, "message subtype %u is reserved", sub);
	}
	if (sub != 4 && (m->desc & (1u << 11)))
		return ea_sf_error(&c, GS_EU_ERR_MESSAGE,
				   "slot group select (bit 11) with a SIMD16 message");
	if (m->exec_size != lanes)
		return ea_sf_error(&c, GS_EU_ERR_MESSAGE, "execution size %u, this message is "
				   "SIMD%u", m->exec_size, lanes);
	if (m->mlen != hdr + data)
		return ea_sf_error(&c, GS_EU_ERR_MESSAGE,
				   "message length %u: %u header and %u colour registers (source 0 "
				   "alpha, oMask, depth and stencil phases are not implemented by "
				   "gensim)", m->mlen, hdr, data);
	res = ea_sf_check_len(&c, m->mlen, 0);
	if (res != GSEU_SEND_DONE)
		return res;
	if (hdr)
		rt = m->payload[0].d[2];
	if (rt > 7)
		return ea_sf_error(&c, GS_EU_ERR_MESSAGE, "render target index %u (M0.2): 0..7",
				   rt);
	if (ea_gpu_read(&c, FAULT_SRC_DATAPORT, r->blend_state + 4 + 8 * rt, entry, 8))
		return GSEU_SEND_ERROR;
	if (rc_blend_decode(r->blend_dw0, entry, &bl, why, sizeof(why)))
		return ea_sf_error(&c, GS_EU_ERR_UNSUPPORTED, "BLEND_STATE entry %u: %s", rt,
				   why);
	if (bl.uses_const && !r->blend_const_valid)
		return ea_sf_error(&c, GS_EU_ERR_MESSAGE, "BLEND_STATE entry %u: a constant "
				   "blend factor without a valid 3DSTATE_CC_STATE_POINTERS", rt);
	if (ea_surface_load(&c, FAULT_SRC_DATAPORT, bti, &s))
		return GSEU_SEND_ERROR;
	if (s.type == EA_SURF_NULL)
		return GSEU_SEND_DONE;
	if (check_target(&c, bti, &s))
		return GSEU_SEND_ERROR;
	if (bl.logic && s.format != FMT_R8G8B8A8_UNORM && s.format != FMT_B8G8R8A8_UNORM)
		return ea_sf_error(&c, GS_EU_ERR_UNSUPPORTED, "BLEND_STATE entry %u: Logic Op "
				   "Enable on render target format %#x: gensim applies logic ops "
				   "to UNORM8 targets only", rt, s.format);
	pt = &r->ps[c.s->grp->id[0]];
	for (unsigned int k = 0; k < lanes; k++) {
		unsigned int p = first + k;
		uint32_t x = pt->x[p / 4] + (p & 1), y = pt->y[p / 4] + (p >> 1 & 1), rgba[4];

		if (!ea_lane(m, k) || !(pt->covered >> p & 1))
			continue;
		if (hdr && !(m->payload[1].d[7] >> p & 1))
			continue;
		if (x >= s.width || y >= s.height)
			continue;
		lane_color(m, hdr, sub, k, rgba);
		if (write_pixel(&c, &s, x, y, rgba, &bl, r->blend_const))
			return GSEU_SEND_ERROR;
	}
	return GSEU_SEND_DONE;
}
