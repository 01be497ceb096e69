// SPDX-License-Identifier: MIT
/*
 * The sampler (SFID 2): ld, sample, sample_l and resinfo on linear 2D
 * surfaces (hw-spec-compute "Sampler messages"; 965/G35 PRM Vol. 4
 * Subsystem and Cores (2008), 4.8 "Messages" for the message model,
 * PRM Vol. 6 3D-Media-GPGPU (Broxton 2017), "3D Sampler", "Message
 * Header", "Sampler State Fetch", "Surface State Fetch" for state fetch
 * and the header; Gen7/8 descriptor and parameter order from Mesa [EXT]:
 * lower_sampler_logical_send_gen7, "the parameters for LD are intermixed:
 * u, lod, v, r", and LOD/bias before the coordinates).
 *
 * Descriptor: BTI 7:0, sampler index 11:8, message type 16:12, SIMD mode
 * 18:17 (1 SIMD8, 2 SIMD16), header 19.
 * Header M0 (optional): M0.2 15:12 channels NOT returned (R 12 .. A 15),
 * 11:8 / 7:4 / 3:0 U / V / R texel offsets (signed 4-bit); M0.3 31:5 the
 * sampler state pointer (from Dynamic State Base).  Without a header the
 * pointer is the IDD's, every channel returns, no offsets (T42).
 * Parameters: one register (SIMD8) or two (SIMD16) each, in this order:
 *   sample   u v [r ai]          (type 0)
 *   sample_l lod u v [r ai]      (type 2)
 *   ld       u lod v [r]         (type 7, integers)
 *   resinfo  lod                 (type 10, unsigned)
 * Parameters the message leaves off read 0.  Response: each returned
 * channel in R, G, B, A order, one or two registers each; masked channels
 * are skipped and the later ones move down (Gen7+ packing); lanes off in
 * the execution mask are not written.
 *
 * LOD: only level 0 is sampled.  sample computes the LOD from the
 * differences across each 2x2 subspan of lanes (lanes 4n..4n+3 are UL,
 * UR, LL, LR; 2.3.3), sample_l takes it from the message; bias and
 * pre-clamp apply, and the LOD only decides between the mag filter
 * (LOD <= base level) and the min filter.  ld reads texel (u + offset,
 * v + offset) of level lod: outside the surface, or lod past the MIP
 * count, it returns 0 with alpha 1 for formats without alpha (2.3.5
 * "zero" mode; gensim does not copy the Gen4 8-bit alpha erratum).
 * resinfo returns width >> lod, height >> lod (at least 1), depth + 1 and
 * the number of levels, as integers; 0 for a lod past the MIP count.
 * The shader channel selects of the surface state apply to sample, sample_l
 * and ld.  A NULL surface returns 0 for every channel.
 */
#include <math.h>
#include <string.h>

#include "compute/array_priv.h"

#define ST_SAMPLE	0
#define ST_SAMPLE_L	2
#define ST_LD		7
#define ST_RESINFO	10

struct smsg {
	unsigned int type, lanes, rpp;	/* rpp: registers per parameter */
	unsigned int nparams;		/* parameters present */
	unsigned int wmask;		/* channels not returned */
	int off[3];			/* texel offsets */
	uint32_t ssp;
	unsigned int nch;
	uint8_t ch[4];			/* returned channels, in order */
};

static const struct {
	const char *name;
	uint8_t maxp;
} types[32] = {
	[0] = { "sample", 4 }, [1] = { "sample_b", 0 }, [2] = { "sample_l", 5 },
	[3] = { "sample_c", 0 }, [4] = { "sample_d", 0 }, [5] = { "sample_b_c", 0 },
	[6] = { "sample_l_c", 0 }, [7] = { "ld", 4 }, [8] = { "gather4", 0 },
	[9] = { "lod", 0 }, [10] = { "resinfo", 1 }, [11] = { "sampleinfo", 0 },
	[16] = { "gather4_c", 0 }, [17] = { "gather4_po", 0 }, [18] = { "gather4_po_c", 0 },
	[20] = { "sample_d_c", 0 }, [29] = { "ld_mcs", 0 }, [30] = { "ld2dms", 0 },
	[31] = { "ld2dss", 0 },
};

static int sign4(uint32_t v)
{
	return (int)(v & 7) - (int)(v & 8);
}

static float pf(const struct gseu_send_msg *m, const struct smsg *s, unsigned int p,
		unsigned int k)
{
	uint32_t u = p < s->nparams ? ea_pdw(m, m->header + p * s->rpp, k) : 0;
	float f;

	memcpy(&f, &u, 4);
	return f;
}

static uint32_t pu(const struct gseu_send_msg *m, const struct smsg *s, unsigned int p,
		   unsigned int k)
{
	return p < s->nparams ? ea_pdw(m, m->header + p * s->rpp, k) : 0;
}

static enum gseu_send_result parse(struct ea_sf *c, struct smsg *s)
{
	const struct gseu_send_msg *m = c->m;
	unsigned int simd = m->func_ctrl >> 17 & 3, h = m->header, args;

	memset(s, 0, sizeof(*s));
	s->type = m->func_ctrl >> 12 & 0x1f;
	if (!types[s->type].maxp)
		return ea_sf_error(c, GS_EU_ERR_UNSUPPORTED, "message type %u%s%s", s->type,
				   types[s->type].name ? ", " : " (reserved)",
				   types[s->type].name ? types[s->type].name : "");
	if (simd != 1 && simd != 2)
		return ea_sf_error(c, GS_EU_ERR_UNSUPPORTED, "SIMD mode %u (%s)", simd,
				   simd ? "SIMD32/64" : "SIMD4x2");
	s->lanes = simd == 2 ? 16 : 8;
	s->rpp = s->lanes / 8;
	s->ssp = c->run->d.sampler_state_ptr;
	if (m->mlen < h || (m->mlen - h) % s->rpp)
		return ea_sf_error(c, GS_EU_ERR_MESSAGE,
				   "message length %u: a header and whole %u-register parameters",
				   m->mlen, s->rpp);
	if (h) {
		uint32_t dw2 = m->payload[0].d[2];

		s->wmask = dw2 >> 12 & 0xf;
		s->off[0] = sign4(dw2 >> 8);
		s->off[1] = sign4(dw2 >> 4);
		s->off[2] = sign4(dw2);
		s->ssp = m->payload[0].d[3];
	}
	args = (m->mlen - h) / s->rpp;
	if (!args || args > types[s->type].maxp)
		return ea_sf_error(c, GS_EU_ERR_MESSAGE, "%u parameters; %s takes 1..%u", args,
				   types[s->type].name, types[s->type].maxp);
	s->nparams = args;
	if (s->wmask == 0xf)
		return ea_sf_error(c, GS_EU_ERR_MESSAGE, "every channel masked (M0.2[15:12])");
	for (unsigned int ch = 0; ch < 4; ch++)
		if (!(s->wmask >> ch & 1))
			s->ch[s->nch++] = (uint8_t)ch;
	return ea_sf_check_len(c, m->mlen, s->nch * s->rpp);
}

static void put(const struct gseu_send_msg *m, const struct smsg *s, unsigned int k,
		const ea_texel *t)
{
	for (unsigned int i = 0; i < s->nch; i++)
		ea_rdw(m, i * s->rpp, k, t->u[s->ch[i]]);
}

/* Shader channel select (RENDER_SURFACE_STATE DW7) on a result. */
static void swizzle(const struct ea_surface *surf, const struct ea_format *fmt, ea_texel *t)
{
	ea_texel in = *t;

	for (unsigned int i = 0; i < 4; i++) {
		unsigned int sel = surf->scs[i];

		if (sel >= 4)
			t->u[i] = in.u[sel - 4];
		else if (sel == 1)
			t->u[i] = fmt->kind == EA_FMT_FLOAT ? 0x3f800000u : 1u;
		else
			t->u[i] = 0;	/* 0 ZERO; 2, 3 reserved */
	}
}

static float subspan_lod(const struct gseu_send_msg *m, const struct smsg *s,
			 const struct ea_surface *surf, const struct ea_sampler *smp,
			 unsigned int k)
{
	unsigned int q = k & ~3u;
	float w = smp->unnormalized ? 1.0f : (float)surf->width;
	float hh = smp->unnormalized ? 1.0f : (float)surf->height;
	float dudx = (pf(m, s, 0, q + 1) - pf(m, s, 0, q)) * w;
	float dvdx = (pf(m, s, 1, q + 1) - pf(m, s, 1, q)) * hh;
	float dudy = (pf(m, s, 0, q + 2) - pf(m, s, 0, q)) * w;
	float dvdy = (pf(m, s, 1, q + 2) - pf(m, s, 1, q)) * hh;
	float rho = fmaxf(sqrtf(dudx * dudx + dvdx * dvdx), sqrtf(dudy * dudy + dvdy * dvdy));

	return log2f(rho);
}

static enum gseu_send_result sample(struct ea_sf *c, const struct smsg *s,
				    const struct ea_surface *surf, const struct ea_format *fmt)
{
	const struct gseu_send_msg *m = c->m;
	unsigned int idx = m->func_ctrl >> 8 & 0xf;
	struct ea_sampler smp;
	ea_texel border = { .f = { 0, 0, 0, 0 } };

	if (fmt->kind != EA_FMT_FLOAT)
		return ea_sf_error(c, GS_EU_ERR_MESSAGE, "%s on %s, an integer format (use ld)",
				   types[s->type].name, fmt->name);
	if (surf->mip_count || surf->min_lod)
		return ea_sf_error(c, GS_EU_ERR_UNSUPPORTED, "%s from a mipmapped surface",
				   types[s->type].name);
	if (ea_sampler_load(c, s->ssp, idx, &smp))
		return GSEU_SEND_ERROR;
	if (!smp.disable && (smp.tc[0] == 4 || smp.tc[1] == 4) &&
	    ea_gpu_read(c, FAULT_SRC_SAMPLER,
			(c->run->d.dynamic_state_base + smp.border_ptr) & ((1ull << 48) - 1),
			border.u, 16))
		return GSEU_SEND_ERROR;
	for (unsigned int k = 0; k < s->lanes; k++) {
		bool lod_param = s->type == ST_SAMPLE_L;
		float u, v, lod;
		ea_texel t = { .f = { 0, 0, 0, 0 } };

		if (!ea_lane(m, k))
			continue;
		u = pf(m, s, lod_param, k);
		v = pf(m, s, lod_param + 1, k);
		lod = (lod_param ? pf(m, s, 0, k) : subspan_lod(m, s, surf, &smp, k)) +
		      smp.lod_bias;
		if (smp.preclamp)
			lod = fminf(fmaxf(lod, smp.min_lod), smp.max_lod);
		if (!smp.disable) {
			bool mag = !(lod > 0.0f);	/* base level 0; NaN counts as mag */

			if (ea_sample_2d(c, surf, fmt, &smp, &border, u, v,
					 (mag ? smp.mag_filter : smp.min_filter) == 1,
					 s->off[0], s->off[1], &t))
				return GSEU_SEND_ERROR;
			swizzle(surf, fmt, &t);
		}
		put(m, s, k, &t);
	}
	return GSEU_SEND_DONE;
}

static enum gseu_send_result ld(struct ea_sf *c, const struct smsg *s,
				const struct ea_surface *surf, const struct ea_format *fmt)
{
	const struct gseu_send_msg *m = c->m;

	for (unsigned int k = 0; k < s->lanes; k++) {
		int x, y;
		uint32_t lod;
		ea_texel t;

		if (!ea_lane(m, k))
			continue;
		x = (int)pu(m, s, 0, k) + s->off[0];
		lod = pu(m, s, 1, k);
		y = (int)pu(m, s, 2, k) + s->off[1];
		if (lod && lod <= surf->mip_count)
			return ea_sf_error(c, GS_EU_ERR_UNSUPPORTED, "ld from mip level %u", lod);
		if (lod || x < 0 || y < 0 || (uint32_t)x >= surf->width ||
		    (uint32_t)y >= surf->height)
			ea_texel_defaults(fmt, &t);
		else if (ea_texel_fetch(c, surf, fmt, x, y, &t))
			return GSEU_SEND_ERROR;
		swizzle(surf, fmt, &t);
		put(m, s, k, &t);
	}
	return GSEU_SEND_DONE;
}

static enum gseu_send_result resinfo(struct ea_sf *c, const struct smsg *s,
				     const struct ea_surface *surf)
{
	const struct gseu_send_msg *m = c->m;

	for (unsigned int k = 0; k < s->lanes; k++) {
		uint32_t lod;
		ea_texel t = { .u = { 0, 0, 0, 0 } };

		if (!ea_lane(m, k))
			continue;
		lod = pu(m, s, 0, k);
		if (surf->type != EA_SURF_NULL && lod <= surf->mip_count) {
			t.u[0] = surf->width >> lod ? surf->width >> lod : 1;
			t.u[1] = surf->height >> lod ? surf->height >> lod : 1;
			t.u[2] = surf->depth + 1;
			t.u[3] = surf->mip_count + 1;
		}
		put(m, s, k, &t);
	}
	return GSEU_SEND_DONE;
}

static const char *const surf_types[8] = {
	"1D", "2D", "3D", "CUBE", "BUFFER", "STRBUF", "type 6 (reserved)", "NULL",
};

enum gseu_send_result ea_sfid_sampler(void *ctx, struct gseu_hw_thread *t,
				      const struct gseu_send_msg *m)
{
	unsigned int bti = m->func_ctrl & 0xff;
	const struct ea_format *fmt;
	struct ea_surface surf;
	enum gseu_send_result r;
	struct smsg s;
	struct ea_sf c;

	ea_sf_init(&c, ctx, t, m, "sampler");
	if (m->eot)
		return ea_sf_error(&c, GS_EU_ERR_MESSAGE, "EOT is not allowed on sampler messages");
	r = parse(&c, &s);
	if (r != GSEU_SEND_DONE)
		return r;
	c.what = types[s.type].name;
	if (bti >= 240)
		return ea_sf_error(&c, GS_EU_ERR_MESSAGE,
				   "binding table index %u: the sampler reads surfaces 0..239", bti);
	if (ea_surface_load(&c, FAULT_SRC_SAMPLER, bti, &surf))
		return GSEU_SEND_ERROR;
	if (surf.type == EA_SURF_NULL) {
		ea_texel zero = { .u = { 0, 0, 0, 0 } };

		for (unsigned int k = 0; k < s.lanes; k++)
			if (ea_lane(m, k))
				put(m, &s, k, &zero);
		return GSEU_SEND_DONE;
	}
	if (surf.type != EA_SURF_2D)
		return ea_sf_error(&c, GS_EU_ERR_UNSUPPORTED, "%s surfaces (BTI %u)",
				   surf_types[surf.type], bti);
	if (s.type == ST_RESINFO)
		return resinfo(&c, &s, &surf);
	if (surf.tile_mode)
		return ea_sf_error(&c, GS_EU_ERR_UNSUPPORTED, "tiled surfaces (tile mode %u)",
				   surf.tile_mode);
	if (surf.array || surf.depth)
		return ea_sf_error(&c, GS_EU_ERR_UNSUPPORTED, "2D array surfaces");
	fmt = ea_format_find(surf.format);
	if (!fmt)
		return ea_sf_error(&c, GS_EU_ERR_UNSUPPORTED, "surface format %#x", surf.format);
	if (s.type == ST_LD)
		return ld(&c, &s, &surf, fmt);
	return sample(&c, &s, &surf, fmt);
}
