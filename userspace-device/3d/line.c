// SPDX-License-Identifier: MIT
/*
 * Lines (hw-spec-3d "Lines"): LINELIST, LINESTRIP and LINELOOP assembled
 * into lines of two vertices, the clipper's tests and clipping of the
 * segment in homogeneous space, the viewport transform and snapping of
 * its ends (setup.c's r3d_project()), then the line as raster.c sees it:
 * a parallelogram of the Line Width across its minor axis, its ends
 * parallel to the minor axis, covered with the triangles' edge functions
 * and upper-left rule, and a plane for its attributes built on a third
 * vertex one pixel from the first along the minor axis, with the first
 * vertex's values, so that barycentric b1 runs along the line and b2
 * changes nothing.
 *
 * Layouts EXT Mesa gen8.xml 3DSTATE_SF (DW2 Line Width, DW3 Last Pixel
 * Enable and Line Strip/List Provoking Vertex Select), 3DSTATE_WM (Legacy
 * Diamond Line Rasterization, Line Stipple Enable).
 */
#include <stdlib.h>
#include <string.h>

#include "3d/r3d_priv.h"
#include "core/device.h"

/* The line state of a line draw; what gensim refuses (hw-spec-3d "Lines"). */
enum gs_cmd_result r3d_line_check(struct r3d_draw *d)
{
	const uint32_t *sf = d->st->dw[R3D_S_SF];
	uint32_t wm = SDW(d, R3D_S_WM, 1), width = FIELD_GET(SF_DW2_LINE_WIDTH, sf[2]);

	if (d->topology != TOPO_LINELIST && d->topology != TOPO_LINESTRIP &&
	    d->topology != TOPO_LINELOOP)
		return GS_CMD_NEXT;
	d->line_pv = FIELD_GET(SF_DW3_LINE_PV, sf[3]);
	if (d->line_pv > 1)
		return gs_cs_instruction_error(d->cs, "3DPRIMITIVE: 3DSTATE_SF Line Strip/List "
					       "Provoking Vertex Select %u is reserved for a line "
					       "(gensim)", d->line_pv);
	if (wm & WM_DW1_LEGACY_DIAMOND_LINE)
		return gs_cs_instruction_error(d->cs, "3DPRIMITIVE: 3DSTATE_WM Legacy Diamond Line "
					       "Rasterization is not implemented by gensim");
	if (wm & WM_DW1_LINE_STIPPLE)
		return gs_cs_instruction_error(d->cs, "3DPRIMITIVE: 3DSTATE_WM Line Stipple Enable "
					       "is not implemented by gensim");
	if (sf[3] & SF_DW3_LAST_PIXEL)
		return gs_cs_instruction_error(d->cs, "3DPRIMITIVE: 3DSTATE_SF Last Pixel Enable is "
					       "not implemented by gensim");
	if (!width)
		return gs_cs_instruction_error(d->cs, "3DPRIMITIVE: 3DSTATE_SF Line Width 0 (the "
					       "zero-width cosmetic line, GIQ rules) is not "
					       "implemented by gensim");
	/* half the width on the subpixel grid, as a point's (gensim) */
	d->line_h = (int64_t)(((uint64_t)width << d->subpixel) / 128 + 1) / 2;
	return GS_CMD_NEXT;
}

/*
 * The parallelogram and attribute plane of the snapped line (X0, Y0) -
 * (X1, Y1): x-major when |dx| >= |dy| (its ends vertical, its width along
 * y), else y-major; then rasterized.
 */
static enum gs_cmd_result screen_line(struct r3d_draw *d, const uint32_t *a, const uint32_t *b,
				      const uint32_t *flat)
{
	struct r3d_prim p = { .line = true };
	const uint32_t *const v[3] = { a, b, a };
	int64_t S = 1 << d->subpixel, h = d->line_h, dx, dy, ox, oy;
	bool xmajor;

	if (!r3d_project(d, a, &p.x[0], &p.y[0], &p.z[0], &p.invw[0]) ||
	    !r3d_project(d, b, &p.x[1], &p.y[1], &p.z[1], &p.invw[1]))
		return GS_CMD_NEXT;
	dx = p.x[1] - p.x[0];
	dy = p.y[1] - p.y[0];
	if (!dx && !dy)
		return GS_CMD_NEXT;	/* gensim: a line of no length draws nothing */
	xmajor = (dx < 0 ? -dx : dx) >= (dy < 0 ? -dy : dy);
	ox = xmajor ? 0 : h;
	oy = xmajor ? h : 0;
	p.lx[0] = p.x[0] - ox;
	p.ly[0] = p.y[0] - oy;
	p.lx[1] = p.x[1] - ox;
	p.ly[1] = p.y[1] - oy;
	p.lx[2] = p.x[1] + ox;
	p.ly[2] = p.y[1] + oy;
	p.lx[3] = p.x[0] + ox;
	p.ly[3] = p.y[0] + oy;
	/* the attribute plane: vertex 2 one pixel along the minor axis, vertex 0's values */
	p.x[2] = p.x[0] + (xmajor ? 0 : S);
	p.y[2] = p.y[0] + (xmajor ? S : 0);
	p.z[2] = p.z[0];
	p.invw[2] = p.invw[0];
	p.area = (p.x[1] - p.x[0]) * (p.y[2] - p.y[0]) - (p.y[1] - p.y[0]) * (p.x[2] - p.x[0]);
	d->prims_drawn++;
	return r3d_raster(d, &p, v, flat);
}

/* One line (a, b): the clipper's tests and clipping, then screen_line(). */
static enum gs_cmd_result line(struct r3d_draw *d, uint32_t ia, uint32_t ib)
{
	const uint32_t *a = d->verts + (size_t)ia * d->vue_dw, *b = d->verts + (size_t)ib * d->vue_dw;
	const uint32_t *flat = d->line_pv ? b : a, *e[2] = { a, b };
	unsigned int pl[8], np;
	uint32_t *pool = NULL;
	enum gs_cmd_result r;

	if (!d->rendering)
		return GS_CMD_NEXT;
	if (d->clip_enable && d->clip_mode == CLIP_MODE_REJECT_ALL)
		return GS_CMD_NEXT;
	if (!d->clip_enable || d->clip_mode == CLIP_MODE_ACCEPT_ALL)
		return screen_line(d, a, b, flat);
	np = (unsigned int)r3d_clip_planes(d, pl);
	for (unsigned int k = 0; k < np; k++) {
		float da = r3d_clip_dist(d, pl[k], e[0]), db = r3d_clip_dist(d, pl[k], e[1]);
		const uint32_t *p, *q;
		float dp, dq, t;
		uint32_t *nv;
		unsigned int out;

		if (da < 0 && db < 0) {
			free(pool);
			return GS_CMD_NEXT;	/* outside: rejected */
		}
		if (da >= 0 && db >= 0)
			continue;
		if (!pool) {
			pool = malloc((size_t)2 * 8 * d->vue_dw * 4);
			if (!pool)
				return gs_cs_instruction_error(d->cs, "3DPRIMITIVE: out of host "
							       "memory clipping");
		}
		/* the crossing from the ends in canonical order (as a triangle edge's) */
		out = da < 0 ? 0 : 1;
		p = r3d_clip_before(e[0], e[1]) ? e[0] : e[1];
		q = p == e[0] ? e[1] : e[0];
		dp = p == e[0] ? da : db;
		dq = p == e[0] ? db : da;
		t = dp / (dp - dq);
		nv = pool + (size_t)(2 * k + out) * d->vue_dw;
		for (unsigned int j = 0; j < d->vue_dw; j++)
			nv[j] = r3d_u32(r3d_f32(p[j]) + t * (r3d_f32(q[j]) - r3d_f32(p[j])));
		e[out] = nv;
	}
	r = screen_line(d, e[0], e[1], flat);
	free(pool);
	return r;
}

/*
 * The lines of vertices [first, first + n): LINELIST (2i, 2i + 1),
 * LINESTRIP (i, i + 1), LINELOOP the strip and (n - 1, 0).
 */
enum gs_cmd_result r3d_assemble_lines(struct r3d_draw *d, uint32_t first, uint32_t n)
{
	enum gs_cmd_result r = GS_CMD_NEXT;
	bool list = d->topology == TOPO_LINELIST;

	for (uint32_t i = 0; i + 2 <= n && r == GS_CMD_NEXT; i += list ? 2 : 1) {
		if ((i & 255) == 0 && gs_gpgpu_must_stop(d->cs))
			return GS_CMD_RETRY;
		r = line(d, first + i, first + i + 1);
	}
	if (r == GS_CMD_NEXT && d->topology == TOPO_LINELOOP && n >= 2)
		r = line(d, first + n - 1, first);
	return r;
}
