// SPDX-License-Identifier: MIT
/*
 * From vertices to primitives on the screen (hw-spec-3d "Primitive
 * assembly", "Points", "Clipping", "Viewport and snapping", "Culling"):
 * the topology's triangles, rectangles and points, the clipper's tests
 * and clipping in homogeneous space, the perspective divide, the SF
 * viewport transform, the drawing rectangle origin, snapping to the
 * subpixel grid, and culling by facing.  Each surviving primitive goes to raster.c.
 *
 * Layouts EXT Mesa gen8.xml 3DSTATE_CLIP, 3DSTATE_SF, 3DSTATE_RASTER,
 * SF_CLIP_VIEWPORT; the VUE header (dwords 0-3) and position (dwords 4-7)
 * as Mesa's brw_compute_vue_map() and IGT's rendercopy_gen8.c lay them
 * out.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "3d/r3d_priv.h"
#include "core/device.h"

#define MAX_POLY	12		/* 3 vertices + one per clip plane */
#define MAX_NEW		16		/* new vertices: at most two per plane */
#define W_EPSILON	1e-5f		/* gensim: the clipper's w > 0 plane */

/* The fixed-function state of setup, decoded once per draw. */
enum gs_cmd_result r3d_setup_check(struct r3d_draw *d)
{
	const uint32_t *clip = d->st->dw[R3D_S_CLIP], *sf = d->st->dw[R3D_S_SF];
	const uint32_t *raster = d->st->dw[R3D_S_RASTER], *sbe = d->st->dw[R3D_S_SBE];
	const uint32_t *vs = d->st->dw[R3D_S_VS], *gs = d->st->dw[R3D_S_GS];
	uint32_t swiz_on = sbe[1] & SBE_DW1_SWIZZLE_ENABLE;
	unsigned int ro, rl;

	d->clip_enable = clip[2] & CLIP_DW2_ENABLE;
	d->clip_mode = FIELD_GET(CLIP_DW2_MODE, clip[2]);
	d->clip_d3d = clip[2] & CLIP_DW2_API_D3D;
	d->clip_vp_xy = clip[2] & CLIP_DW2_VIEWPORT_XY_TEST;
	d->clip_gb = clip[2] & CLIP_DW2_GUARDBAND_TEST;
	d->clip_z = raster[1] & RASTER_DW1_VIEWPORT_Z_TEST;
	d->persp_divide = !(clip[2] & CLIP_DW2_PERSP_DIVIDE_DISABLE);
	d->vp_transform = sf[1] & SF_DW1_VIEWPORT_TRANSFORM;
	d->tri_pv = FIELD_GET(SF_DW3_TRI_PV, sf[3]);
	d->fan_pv = FIELD_GET(SF_DW3_FAN_PV, sf[3]);
	d->subpixel = sf[3] & SF_DW3_SUBPIXEL_4BIT ? 4 : 8;
	d->front_ccw = raster[1] & RASTER_DW1_FRONT_CCW;
	d->cull = FIELD_GET(RASTER_DW1_CULL, raster[1]);
	d->point_state = sf[3] & SF_DW3_POINT_WIDTH_STATE;
	d->point_width = (float)FIELD_GET(SF_DW3_POINT_WIDTH, sf[3]) / 8.0f;
	if (d->topology == TOPO_POINTLIST && (sf[3] & SF_DW3_SMOOTH_POINT))
		return gs_cs_instruction_error(d->cs, "3DPRIMITIVE: 3DSTATE_SF Smooth Point Enable "
					       "(antialiased points) is not implemented by gensim");
	if (d->topology == TOPO_POINTLIST && sbe[2])
		return gs_cs_instruction_error(d->cs, "3DPRIMITIVE: 3DSTATE_SBE Point Sprite "
					       "Texture Coordinate Enable %#x is not implemented "
					       "by gensim", sbe[2]);
	if (r3d_line_check(d) != GS_CMD_NEXT)
		return GS_CMD_HALT;
	if (d->tri_pv > 2 || d->fan_pv > 2)
		return gs_cs_instruction_error(d->cs, "3DPRIMITIVE: 3DSTATE_SF provoking vertex "
					       "select 3 is reserved");
	if (d->vp_transform || (d->clip_enable && d->clip_gb)) {
		uint64_t va = d->sba->dynamic + (SDW(d, R3D_S_VP_SF_CLIP, 1) & ~63u);

		if (!d->st->valid[R3D_S_VP_SF_CLIP])
			return gs_cs_instruction_error(d->cs, "3DPRIMITIVE: the viewport transform "
						       "or guardband test without a "
						       "3DSTATE_VIEWPORT_STATE_POINTERS_SF_CLIP");
		if (gs_cs_read(d->cs, false, va, d->vp, sizeof(d->vp)))
			return GS_CMD_HALT;
	}

	/*
	 * 3DSTATE_SBE: which VUE slots the pixel shader's attributes come
	 * from; unless forced, what the last stage before it says (3DSTATE_GS
	 * DW9 with a geometry shader, else 3DSTATE_VS DW8).
	 */
	ro = sbe[1] & SBE_DW1_FORCE_READ_OFFSET ? FIELD_GET(SBE_DW1_READ_OFFSET, sbe[1]) :
	     d->gs_enable ? FIELD_GET(GS_DW9_OUT_READ_OFFSET, gs[9]) :
	     FIELD_GET(VS_DW8_OUT_READ_OFFSET, vs[8]);
	rl = sbe[1] & SBE_DW1_FORCE_READ_LENGTH ? FIELD_GET(SBE_DW1_READ_LENGTH, sbe[1]) :
	     d->gs_enable ? FIELD_GET(GS_DW9_OUT_LENGTH, gs[9]) :
	     FIELD_GET(VS_DW8_OUT_LENGTH, vs[8]);
	d->read_off = 2 * ro;
	d->read_len = 2 * rl;
	d->nattr = FIELD_GET(SBE_DW1_NUM_OUTPUTS, sbe[1]);
	d->const_interp = sbe[3];
	for (unsigned int a = 0; a < d->nattr; a++) {
		uint32_t s = a < 16 ? SDW(d, R3D_S_SBE_SWIZ, 1 + a / 2) >> (16 * (a % 2)) & 0xffff : 0;
		unsigned int src = swiz_on && a < 16 ? FIELD_GET(SWIZ_SOURCE, s) : a;
		static const float konst[3][4] = { { 0, 0, 0, 0 }, { 0, 0, 0, 1 }, { 1, 1, 1, 1 } };

		d->attr[a].slot = d->read_off + src;
		d->attr[a].override = swiz_on && a < 16 ? (uint8_t)(s >> 12 & 0xf) : 0;
		if (d->attr[a].override)
			memcpy(d->attr[a].konst, konst[FIELD_GET(SWIZ_CONST, s)], 16);
		if (src >= d->read_len && d->attr[a].override != 0xf)
			return gs_cs_instruction_error(d->cs, "3DPRIMITIVE: SF output attribute %u "
						       "reads VUE slot %u, outside the read window "
						       "of %u slots from slot %u (3DSTATE_SBE)", a,
						       d->attr[a].slot, d->read_len, d->read_off);
		if ((d->attr[a].slot + 1) * 16 > d->out_vue_bytes && d->attr[a].override != 0xf)
			return gs_cs_instruction_error(d->cs, "3DPRIMITIVE: SF output attribute %u "
						       "reads VUE slot %u of a %u-byte %s", a,
						       d->attr[a].slot, d->out_vue_bytes,
						       d->gs_enable ? "GS output vertex" :
						       "URB entry");
	}
	return GS_CMD_NEXT;
}

/* A vertex being clipped: its VUE dwords. */
struct poly {
	unsigned int n;
	uint32_t *v[MAX_POLY];
};

/* The enabled clip planes (see r3d_clip_dist()): their number. */
int r3d_clip_planes(const struct r3d_draw *d, unsigned int *out)
{
	int n = 0;

	if (d->clip_gb || d->clip_vp_xy) {
		out[n++] = 0;
		out[n++] = 1;
		out[n++] = 2;
		out[n++] = 3;
	}
	if (d->clip_z) {
		out[n++] = 4;
		out[n++] = 5;
	}
	out[n++] = 6;
	return n;
}

/* Distance of clip-space position of @v to plane @k (>= 0: inside). */
float r3d_clip_dist(const struct r3d_draw *d, unsigned int k, const uint32_t *v)
{
	float x = r3d_f32(v[4]), y = r3d_f32(v[5]), z = r3d_f32(v[6]), w = r3d_f32(v[7]);
	float xmin = d->clip_gb ? d->vp[SFVP_GB_XMIN] : -1.0f;
	float xmax = d->clip_gb ? d->vp[SFVP_GB_XMAX] : 1.0f;
	float ymin = d->clip_gb ? d->vp[SFVP_GB_YMIN] : -1.0f;
	float ymax = d->clip_gb ? d->vp[SFVP_GB_YMAX] : 1.0f;

	switch (k) {
	case 0: return x - xmin * w;
	case 1: return xmax * w - x;
	case 2: return y - ymin * w;
	case 3: return ymax * w - y;
	case 4: return d->clip_d3d ? z : z + w;
	case 5: return w - z;
	default: return w - W_EPSILON;
	}
}

/* Is @a before @b: the canonical order of an edge's ends, by position bits. */
bool r3d_clip_before(const uint32_t *a, const uint32_t *b)
{
	return memcmp(a + 4, b + 4, 16) < 0;
}

/*
 * Sutherland-Hodgman against one plane: @in into @out, new vertices taken
 * from @pool.  An edge's crossing is computed from its ends in canonical
 * order, so that two primitives sharing the edge get the same vertex.
 */
static void clip_plane(const struct r3d_draw *d, unsigned int k, const struct poly *in,
		       struct poly *out, uint32_t *pool, unsigned int *used)
{
	out->n = 0;
	for (unsigned int i = 0; i < in->n; i++) {
		uint32_t *p = in->v[i], *q = in->v[(i + 1) % in->n];
		float dp = r3d_clip_dist(d, k, p), dq = r3d_clip_dist(d, k, q);

		if (dp >= 0 && out->n < MAX_POLY)
			out->v[out->n++] = p;
		if ((dp >= 0) != (dq >= 0) && out->n < MAX_POLY && *used < MAX_NEW) {
			uint32_t *a = r3d_clip_before(p, q) ? p : q, *b = a == p ? q : p;
			float da = a == p ? dp : dq, db = a == p ? dq : dp;
			float t = da / (da - db);
			uint32_t *nv = pool + (size_t)(*used)++ * d->vue_dw;

			for (unsigned int j = 0; j < d->vue_dw; j++)
				nv[j] = r3d_u32(r3d_f32(a[j]) + t * (r3d_f32(b[j]) - r3d_f32(a[j])));
			out->v[out->n++] = nv;
		}
	}
}

static enum gs_cmd_result fill_mode_ok(struct r3d_draw *d, bool back)
{
	uint32_t r = SDW(d, R3D_S_RASTER, 1);
	unsigned int m = back ? FIELD_GET(RASTER_DW1_BACK_FILL, r) :
				FIELD_GET(RASTER_DW1_FRONT_FILL, r);

	if (!m)
		return GS_CMD_NEXT;
	return gs_cs_instruction_error(d->cs, "3DPRIMITIVE: 3DSTATE_RASTER %s Face Fill Mode %u "
				       "(%s) is not implemented by gensim", back ? "Back" : "Front",
				       m, m == 1 ? "wireframe" : m == 2 ? "point" : "reserved");
}

/*
 * Vertex @v on the screen (hw-spec-3d "Viewport and snapping"): its snapped
 * position, screen depth and 1/w; false if gensim drops its primitive.
 */
bool r3d_project(const struct r3d_draw *d, const uint32_t *v, int64_t *X, int64_t *Y, double *z,
		 double *invw)
{
	double scale = (double)(1u << d->subpixel);
	float x = r3d_f32(v[4]), y = r3d_f32(v[5]), zz = r3d_f32(v[6]), w = r3d_f32(v[7]);
	float sx, sy, sz;

	if (d->persp_divide) {
		x = x / w;
		y = y / w;
		zz = zz / w;
		*invw = 1.0 / (double)w;
	} else {
		*invw = 1.0;
	}
	sx = d->vp_transform ? d->vp[SFVP_M00] * x + d->vp[SFVP_M30] : x;
	sy = d->vp_transform ? d->vp[SFVP_M11] * y + d->vp[SFVP_M31] : y;
	sz = d->vp_transform ? d->vp[SFVP_M22] * zz + d->vp[SFVP_M32] : zz;
	sx += (float)d->origin_x;
	sy += (float)d->origin_y;
	if (!(fabsf(sx) < R3D_COORD_LIMIT) || !(fabsf(sy) < R3D_COORD_LIMIT) ||
	    !isfinite(*invw) || *invw <= 0)
		return false;	/* gensim: off the grid, or behind the eye */
	*X = (int64_t)floor((double)sx * scale + 0.5);
	*Y = (int64_t)floor((double)sy * scale + 0.5);
	*z = sz;
	return true;
}

/* Project, snap and cull one triangle (or rectangle) and hand it to the rasterizer. */
static enum gs_cmd_result screen(struct r3d_draw *d, const uint32_t *const v[3],
				 const uint32_t *flat, bool rect)
{
	struct r3d_prim p = { .rect = rect };
	double scale = (double)(1u << d->subpixel);

	for (unsigned int i = 0; i < 3; i++) {
		float x = r3d_f32(v[i][4]), y = r3d_f32(v[i][5]), z = r3d_f32(v[i][6]), w = r3d_f32(v[i][7]);
		float sx, sy, sz;

		if (d->persp_divide) {
			x = x / w;
			y = y / w;
			z = z / w;
			p.invw[i] = 1.0 / (double)w;
		} else {
			p.invw[i] = 1.0;
		}
		sx = d->vp_transform ? d->vp[SFVP_M00] * x + d->vp[SFVP_M30] : x;
		sy = d->vp_transform ? d->vp[SFVP_M11] * y + d->vp[SFVP_M31] : y;
		sz = d->vp_transform ? d->vp[SFVP_M22] * z + d->vp[SFVP_M32] : z;
		sx += (float)d->origin_x;
		sy += (float)d->origin_y;
		if (!(fabsf(sx) < R3D_COORD_LIMIT) || !(fabsf(sy) < R3D_COORD_LIMIT) ||
		    !isfinite(p.invw[i]) || p.invw[i] <= 0)
			return GS_CMD_NEXT;	/* gensim: off the grid, or behind the eye */
		p.x[i] = (int64_t)floor((double)sx * scale + 0.5);
		p.y[i] = (int64_t)floor((double)sy * scale + 0.5);
		p.z[i] = sz;
	}
	p.area = (p.x[1] - p.x[0]) * (p.y[2] - p.y[0]) - (p.y[1] - p.y[0]) * (p.x[2] - p.x[0]);
	if (!p.area)
		return GS_CMD_NEXT;
	p.back = d->front_ccw ? p.area > 0 : p.area < 0;
	if (!rect) {
		if (d->cull == CULL_BOTH || (d->cull == CULL_BACK && p.back) ||
		    (d->cull == CULL_FRONT && !p.back))
			return GS_CMD_NEXT;
		if (fill_mode_ok(d, p.back) != GS_CMD_NEXT)
			return GS_CMD_HALT;
	}
	d->prims_drawn++;
	return r3d_raster(d, &p, v, flat);
}

/*
 * A point (hw-spec-3d "Points"): a square of the point width centred on
 * the snapped vertex, its half side rounded to the subpixel grid,
 * rasterized as a RECTLIST rectangle (the upper-left rule of an
 * axis-aligned box); every attribute is the vertex's.
 */
static enum gs_cmd_result screen_point(struct r3d_draw *d, const uint32_t *v)
{
	const uint32_t *const vv[3] = { v, v, v };
	struct r3d_prim p = { .rect = true };
	double scale = (double)(1u << d->subpixel);
	float x = r3d_f32(v[4]), y = r3d_f32(v[5]), z = r3d_f32(v[6]), w = r3d_f32(v[7]);
	float width = d->point_state ? d->point_width : r3d_f32(v[3]), sx, sy, sz;
	double invw = 1.0;
	int64_t cx, cy, h;

	/* gensim: the width clamped to Point Width's U8.3 range, NaN its minimum */
	if (!(width >= 0.125f))
		width = 0.125f;
	if (width > 255.875f)
		width = 255.875f;
	if (d->persp_divide) {
		x = x / w;
		y = y / w;
		z = z / w;
		invw = 1.0 / (double)w;
	}
	sx = d->vp_transform ? d->vp[SFVP_M00] * x + d->vp[SFVP_M30] : x;
	sy = d->vp_transform ? d->vp[SFVP_M11] * y + d->vp[SFVP_M31] : y;
	sz = d->vp_transform ? d->vp[SFVP_M22] * z + d->vp[SFVP_M32] : z;
	sx += (float)d->origin_x;
	sy += (float)d->origin_y;
	if (!(fabsf(sx) < R3D_COORD_LIMIT) || !(fabsf(sy) < R3D_COORD_LIMIT) ||
	    !isfinite(invw) || invw <= 0)
		return GS_CMD_NEXT;	/* gensim: off the grid, or behind the eye */
	cx = (int64_t)floor((double)sx * scale + 0.5);
	cy = (int64_t)floor((double)sy * scale + 0.5);
	h = (int64_t)floor((double)width * scale / 2 + 0.5);
	/* lower right, lower left, upper left: a RECTLIST's order, area 4h^2 > 0 */
	p.x[0] = cx + h;
	p.y[0] = cy + h;
	p.x[1] = cx - h;
	p.y[1] = cy + h;
	p.x[2] = cx - h;
	p.y[2] = cy - h;
	p.area = 4 * h * h;
	for (unsigned int i = 0; i < 3; i++) {
		p.z[i] = sz;
		p.invw[i] = invw;
	}
	d->prims_drawn++;
	return r3d_raster(d, &p, vv, v);
}

/* One point: the clipper's test of its vertex (points are not clipped), then screen_point(). */
static enum gs_cmd_result point(struct r3d_draw *d, uint32_t a)
{
	const uint32_t *v = d->verts + (size_t)a * d->vue_dw;
	unsigned int pl[8], np;

	if (!d->rendering)
		return GS_CMD_NEXT;
	if (d->clip_enable && d->clip_mode == CLIP_MODE_REJECT_ALL)
		return GS_CMD_NEXT;
	if (d->clip_enable && d->clip_mode != CLIP_MODE_ACCEPT_ALL) {
		np = (unsigned int)r3d_clip_planes(d, pl);
		for (unsigned int k = 0; k < np; k++)
			if (r3d_clip_dist(d, pl[k], v) < 0)
				return GS_CMD_NEXT;
	}
	return screen_point(d, v);
}

/* One primitive of the topology: clip tests, clipping, then screen(). */
static enum gs_cmd_result primitive(struct r3d_draw *d, uint32_t a, uint32_t b, uint32_t c,
				    unsigned int pv, bool rect)
{
	const uint32_t *v[3] = { d->verts + (size_t)a * d->vue_dw, d->verts + (size_t)b * d->vue_dw,
				 d->verts + (size_t)c * d->vue_dw };
	const uint32_t *flat = v[pv];
	unsigned int pl[8], np, all_in = 1;
	struct poly poly[2];
	uint32_t *pool;
	unsigned int used = 0, cur = 0;
	enum gs_cmd_result r = GS_CMD_NEXT;

	if (!d->rendering)
		return GS_CMD_NEXT;
	if (d->clip_enable && d->clip_mode == CLIP_MODE_REJECT_ALL)
		return GS_CMD_NEXT;
	if (!d->clip_enable || d->clip_mode == CLIP_MODE_ACCEPT_ALL)
		return screen(d, v, flat, rect);
	np = (unsigned int)r3d_clip_planes(d, pl);
	for (unsigned int k = 0; k < np; k++) {
		unsigned int out = 0;

		for (unsigned int i = 0; i < 3; i++)
			out += r3d_clip_dist(d, pl[k], v[i]) < 0;
		if (out == 3)
			return GS_CMD_NEXT;	/* trivially rejected */
		if (out)
			all_in = 0;
	}
	if (all_in || rect)
		return screen(d, v, flat, rect);	/* trivially accepted; rectangles unclipped */
	pool = malloc((size_t)MAX_NEW * d->vue_dw * 4);
	if (!pool)
		return gs_cs_instruction_error(d->cs, "3DPRIMITIVE: out of host memory clipping");
	poly[0].n = 3;
	for (unsigned int i = 0; i < 3; i++)
		poly[0].v[i] = (uint32_t *)v[i];
	for (unsigned int k = 0; k < np && poly[cur].n >= 3; k++) {
		clip_plane(d, pl[k], &poly[cur], &poly[cur ^ 1], pool, &used);
		cur ^= 1;
	}
	for (unsigned int i = 1; i + 1 < poly[cur].n && r == GS_CMD_NEXT; i++) {
		const uint32_t *t[3] = { poly[cur].v[0], poly[cur].v[i], poly[cur].v[i + 1] };

		r = screen(d, t, flat, false);
	}
	free(pool);
	return r;
}

/*
 * The primitives of vertices [first, first + n) of the instance
 * (hw-spec-3d "Primitive assembly").  A strip's odd triangles swap their
 * first two vertices so that every triangle of a strip has the winding of
 * the first; the provoking vertex select counts in stream order (0 the
 * triangle's first vertex in the stream, 2 its last), a fan's from the
 * triangle (v0, vi+1, vi+2).  RECTLIST: (v0, v1, v2) of each three, the
 * fourth corner implied.
 */
enum gs_cmd_result r3d_assemble(struct r3d_draw *d, uint32_t first, uint32_t n)
{
	static const unsigned int odd_pv[3] = { 1, 0, 2 };
	enum gs_cmd_result r = GS_CMD_NEXT;
	bool list = d->topology == TOPO_TRILIST || d->topology == TOPO_RECTLIST;

	if (d->topology == TOPO_LINELIST || d->topology == TOPO_LINESTRIP ||
	    d->topology == TOPO_LINELOOP)
		return r3d_assemble_lines(d, first, n);
	if (d->topology == TOPO_POINTLIST) {
		for (uint32_t i = 0; i < n && r == GS_CMD_NEXT; i++) {
			if ((i & 255) == 0 && gs_gpgpu_must_stop(d->cs))
				return GS_CMD_RETRY;
			r = point(d, first + i);
		}
		return r;
	}
	for (uint32_t i = 0; i + 3 <= n && r == GS_CMD_NEXT; i += list ? 3 : 1) {
		/* a reset request stops a long draw between primitives; it runs again */
		if ((i & 255) == 0 && gs_gpgpu_must_stop(d->cs))
			return GS_CMD_RETRY;
		if (list)
			r = primitive(d, first + i, first + i + 1, first + i + 2, d->tri_pv,
				      d->topology == TOPO_RECTLIST);
		else if (d->topology == TOPO_TRIFAN)
			r = primitive(d, first, first + i + 1, first + i + 2, d->fan_pv, false);
		else if (i & 1)
			r = primitive(d, first + i + 1, first + i, first + i + 2, odd_pv[d->tri_pv],
				      false);
		else
			r = primitive(d, first + i, first + i + 1, first + i + 2, d->tri_pv, false);
	}
	return r;
}
