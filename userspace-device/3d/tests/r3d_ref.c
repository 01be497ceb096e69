// SPDX-License-Identifier: MIT
/*
 * The CPU reference rasterizer of the 3D tests: hw-spec-3d.rst's rules
 * ("Primitive assembly", "Viewport and snapping", "Culling",
 * "Rasterization", "Interpolation", "Render target writes") written again
 * from the document, for primitives the clipper accepts whole.  It draws
 * attribute 0 of each vertex as the colour, interpolated as a pixel
 * shader's pln would (p0 * u + p1 * v + p3, in float) or flat, and counts
 * how many primitives cover each pixel.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "r3d_env.h"
#include "tap.h"

uint8_t r3e_unorm8(float f)
{
	if (isnan(f) || f <= 0.0f)
		return 0;
	if (f >= 1.0f)
		return 255;
	return (uint8_t)floorf(f * 255.0f + 0.5f);
}

void r3e_ref_init(struct r3e_ref *r, unsigned int w, unsigned int h, uint32_t clear)
{
	memset(r, 0, sizeof(*r));
	r->w = w;
	r->h = h;
	r->img = malloc((size_t)w * h * 4);
	r->count = calloc((size_t)w * h, 4);
	r->owner = calloc((size_t)w * h, 4);
	r->zbuf = malloc((size_t)w * h * 4);
	r->sbuf = calloc((size_t)w * h, 1);
	CHECK(r->img && r->count && r->owner && r->zbuf && r->sbuf);
	for (unsigned int i = 0; i < w * h; i++)
		r->zbuf[i] = 1.0f;
	for (unsigned int i = 0; i < w * h; i++)
		r->img[i] = clear;
	r->subpixel = 8;
	r->clip_x0 = r->clip_y0 = 0;
	r->clip_x1 = (int)w - 1;
	r->clip_y1 = (int)h - 1;
	r->cull = GSIM_CULL_NONE;
	r->fan_pv = 1;
	r->perspective = true;
}

void r3e_ref_free(struct r3e_ref *r)
{
	free(r->img);
	free(r->count);
	free(r->owner);
	free(r->zbuf);
	free(r->sbuf);
}

static bool cmp(unsigned int func, double a, double b)
{
	switch (func) {
	case COMPARE_ALWAYS: return true;
	case COMPARE_NEVER: return false;
	case COMPARE_LESS: return a < b;
	case COMPARE_EQUAL: return a == b;
	case COMPARE_LEQUAL: return a <= b;
	case COMPARE_GREATER: return a > b;
	case COMPARE_NOTEQUAL: return a != b;
	default: return a >= b;
	}
}

static uint8_t sop(unsigned int op, uint8_t v, uint8_t ref)
{
	switch (op) {
	case STENCILOP_KEEP: return v;
	case STENCILOP_ZERO: return 0;
	case STENCILOP_REPLACE: return ref;
	case STENCILOP_INCRSAT: return v < 255 ? (uint8_t)(v + 1) : v;
	case STENCILOP_DECRSAT: return v > 0 ? (uint8_t)(v - 1) : v;
	case STENCILOP_INCR: return (uint8_t)(v + 1);
	case STENCILOP_DECR: return (uint8_t)(v - 1);
	default: return (uint8_t)(255 - v);
	}
}

struct sv {
	int64_t x, y;		/* snapped */
	double z;		/* screen depth */
	double invw;
	const struct r3e_vertex *v;
};

/* Edge function of (a -> b) at (px, py): twice the signed area. */
static int64_t edge(const struct sv *a, const struct sv *b, int64_t px, int64_t py)
{
	return (b->x - a->x) * (py - a->y) - (b->y - a->y) * (px - a->x);
}

static void pixel(struct r3e_ref *r, unsigned int x, unsigned int y, const float c[4])
{
	r->img[y * r->w + x] = r3e_ref_color(r, c, r->img[y * r->w + x]);
	r->count[y * r->w + x]++;
	r->owner[y * r->w + x] = r->prims;
}

/* A vertex on the screen: divide, viewport, origin, snapping. */
static void project(const struct r3e_ref *r, const struct r3e_vertex *v, struct sv *o)
{
	double scale = (double)(1u << r->subpixel);
	float x = v->x / v->w, y = v->y / v->w, z = v->z / v->w;
	float sx = r->vp_transform ? r->vp[0] * x + r->vp[3] : x;
	float sy = r->vp_transform ? r->vp[1] * y + r->vp[4] : y;
	float sz = r->vp_transform ? r->vp[2] * z + r->vp[5] : z;

	sx += (float)r->origin_x;
	sy += (float)r->origin_y;
	o->x = (int64_t)floor((double)sx * scale + 0.5);
	o->y = (int64_t)floor((double)sy * scale + 0.5);
	o->invw = 1.0 / (double)v->w;
	o->z = sz;
	o->v = v;
}

static void prim_sv(struct r3e_ref *r, struct sv *s, unsigned int pv, bool rect,
		    const struct sv *quad);

static void prim(struct r3e_ref *r, const struct r3e_vertex *v0, const struct r3e_vertex *v1,
		 const struct r3e_vertex *v2, unsigned int pv, bool rect)
{
	const struct r3e_vertex *vv[3] = { v0, v1, v2 };
	struct sv s[3];

	for (unsigned int i = 0; i < 3; i++)
		project(r, vv[i], &s[i]);
	prim_sv(r, s, pv, rect, NULL);
}

/*
 * Is (@sx, @sy) inside the parallelogram @q (hw-spec-3d "Lines"): inside
 * every edge of it oriented to a positive area, an edge's own samples
 * kept only on a top or left edge.
 */
static bool in_quad(const struct sv *q, int64_t sx, int64_t sy)
{
	int64_t twice = 0;

	for (unsigned int i = 0; i < 4; i++)
		twice += edge(&q[i], &q[(i + 1) % 4], q[(i + 2) % 4].x, q[(i + 2) % 4].y);
	for (unsigned int i = 0; i < 4; i++) {
		const struct sv *a = &q[i], *b = &q[(i + 1) % 4];
		int64_t e = edge(a, b, sx, sy), dx = b->x - a->x, dy = b->y - a->y;

		if (twice < 0) {
			e = -e;
			dx = -dx;
			dy = -dy;
		}
		if (!(e > 0 || (e == 0 && (dy < 0 || (dy == 0 && dx > 0)))))
			return false;
	}
	return true;
}

static void prim_sv(struct r3e_ref *r, struct sv *s, unsigned int pv, bool rect,
		    const struct sv *quad)
{
	const struct r3e_vertex *vv[3] = { s[0].v, s[1].v, s[2].v };
	int64_t S = 1 << r->subpixel, half = r->ul_corner ? 0 : S / 2, area;
	int64_t minx = INT64_MAX, maxx = INT64_MIN, miny = INT64_MAX, maxy = INT64_MIN;
	bool back;
	float coef[4][4];

	for (unsigned int i = 0; i < 3; i++) {
		minx = s[i].x < minx ? s[i].x : minx;
		maxx = s[i].x > maxx ? s[i].x : maxx;
		miny = s[i].y < miny ? s[i].y : miny;
		maxy = s[i].y > maxy ? s[i].y : maxy;
	}
	r->prims++;
	area = edge(&s[0], &s[1], s[2].x, s[2].y);
	if (!area)
		return;
	/* area > 0: clockwise on the screen (y down) */
	back = r->front_ccw ? area > 0 : area < 0;
	if (quad)
		back = false;	/* lines: front facing, never culled */
	if (!quad && !rect && (r->cull == GSIM_CULL_BOTH || (r->cull == GSIM_CULL_BACK && back) ||
		      (r->cull == GSIM_CULL_FRONT && !back)))
		return;
	for (unsigned int c = 0; c < 4; c++) {
		const float *a0 = &vv[0]->r, *a1 = &vv[1]->r, *a2 = &vv[2]->r;

		if (r->flat) {
			coef[c][0] = coef[c][1] = coef[c][2] = 0;
			coef[c][3] = (&vv[pv]->r)[c];
		} else {
			coef[c][0] = a1[c] - a0[c];
			coef[c][1] = a2[c] - a0[c];
			coef[c][2] = 0;
			coef[c][3] = a0[c];
		}
	}
	for (int py = r->clip_y0; py <= r->clip_y1; py++) {
		for (int px = r->clip_x0; px <= r->clip_x1; px++) {
			int64_t sx = (int64_t)px * S + half, sy = (int64_t)py * S + half;
			double b[3], q[3], sum;
			float u, w, col[4];
			bool in = true;

			if (quad) {
				in = in_quad(quad, sx, sy);
			} else if (rect) {
				in = sx >= minx && sx < maxx && sy >= miny && sy < maxy;
			} else {
				for (unsigned int k = 0; k < 3 && in; k++) {
					const struct sv *a = &s[(k + 1) % 3], *bb = &s[(k + 2) % 3];
					int64_t e = edge(a, bb, sx, sy), dx = bb->x - a->x,
						dy = bb->y - a->y;

					if (area < 0) {
						e = -e;
						dx = -dx;
						dy = -dy;
					}
					/* on the edge: only a top or a left edge keeps the sample */
					in = e > 0 || (e == 0 && (dy < 0 || (dy == 0 && dx > 0)));
				}
			}
			if (!in)
				continue;
			for (unsigned int k = 0; k < 3; k++) {
				b[k] = (double)edge(&s[(k + 1) % 3], &s[(k + 2) % 3], sx, sy) /
				       (double)area;
				q[k] = b[k] * s[k].invw;
			}
			if (r->depth || r->stencil) {
				float z = (float)(s[0].z + b[1] * (s[1].z - s[0].z) +
						  b[2] * (s[2].z - s[0].z));
				float *zp = &r->zbuf[py * (int)r->w + px];
				bool zpass = !r->depth || cmp(r->depth_func, z, *zp);

				if (r->stencil) {
					const struct r3e_ref_stencil *f =
						&r->sface[back && r->double_sided];
					uint8_t *sp = &r->sbuf[py * (int)r->w + px];
					bool spass = cmp(f->func, f->ref & f->test_mask,
							 *sp & f->test_mask);
					unsigned int op = !spass ? f->fail :
							  zpass ? f->zpass : f->zfail;

					if (r->stencil_write)
						*sp = (uint8_t)((*sp & ~f->write_mask) |
								(sop(op, *sp, f->ref) &
								 f->write_mask));
					if (!spass)
						continue;
				}
				if (!zpass)
					continue;
				if (r->depth && r->depth_write)
					*zp = z;
			}
			sum = q[0] + q[1] + q[2];
			if (r->perspective && sum > 0) {
				u = (float)(q[1] / sum);
				w = (float)(q[2] / sum);
			} else {
				u = (float)b[1];
				w = (float)b[2];
			}
			for (unsigned int c = 0; c < 4; c++)
				col[c] = coef[c][0] * u + coef[c][1] * w + coef[c][3];
			pixel(r, (unsigned int)px, (unsigned int)py, col);
		}
	}
}

/*
 * A point (hw-spec-3d "Points"): the square [X - h, X + h) x [Y - h, Y + h)
 * of sample positions around the snapped centre, h the half width rounded
 * to the subpixel grid; the vertex's colour everywhere.
 */
static void ref_point(struct r3e_ref *r, const struct r3e_vertex *v)
{
	double scale = (double)(1u << r->subpixel);
	int64_t S = 1 << r->subpixel, half = r->ul_corner ? 0 : S / 2, cx, cy, h;
	float x = v->x / v->w, y = v->y / v->w;
	float sx = r->vp_transform ? r->vp[0] * x + r->vp[3] : x;
	float sy = r->vp_transform ? r->vp[1] * y + r->vp[4] : y;
	float width = r->point_state ? r->point_width : v->a;
	const float col[4] = { v->r, v->g, v->b, v->a };

	CHECK_MSG(!r->depth && !r->stencil, "reference: points with depth or stencil");
	width = width < 0.125f ? 0.125f : width > 255.875f ? 255.875f : width;
	sx += (float)r->origin_x;
	sy += (float)r->origin_y;
	cx = (int64_t)floor((double)sx * scale + 0.5);
	cy = (int64_t)floor((double)sy * scale + 0.5);
	h = (int64_t)floor((double)width * scale / 2 + 0.5);
	r->prims++;
	for (int py = r->clip_y0; py <= r->clip_y1; py++) {
		for (int px = r->clip_x0; px <= r->clip_x1; px++) {
			int64_t qx = (int64_t)px * S + half, qy = (int64_t)py * S + half;

			if (qx >= cx - h && qx < cx + h && qy >= cy - h && qy < cy + h)
				pixel(r, (unsigned int)px, (unsigned int)py, col);
		}
	}
}

/*
 * A line (hw-spec-3d "Lines"), accepted whole by the clipper: x-major when
 * |dx| >= |dy|; the parallelogram of its snapped ends moved by -h and +h
 * (half the Line Width on the subpixel grid) along the minor axis; its
 * attributes the plane of the ends and a third point one pixel from the
 * first along the minor axis holding the first's values.
 */
static void ref_line(struct r3e_ref *r, const struct r3e_vertex *a, const struct r3e_vertex *b)
{
	int64_t S = 1 << r->subpixel, W = r->line_width, h, dx, dy, mx, my;
	struct sv s[3], q[4];

	h = (int64_t)floor((double)W / 128.0 * (double)S / 2 + 0.5);
	project(r, a, &s[0]);
	project(r, b, &s[1]);
	dx = s[1].x - s[0].x;
	dy = s[1].y - s[0].y;
	if (!dx && !dy) {
		r->prims++;
		return;
	}
	/* the minor axis */
	mx = llabs(dx) >= llabs(dy) ? 0 : 1;
	my = 1 - mx;
	q[0] = s[0];
	q[0].x -= mx * h;
	q[0].y -= my * h;
	q[1] = s[1];
	q[1].x -= mx * h;
	q[1].y -= my * h;
	q[2] = s[1];
	q[2].x += mx * h;
	q[2].y += my * h;
	q[3] = s[0];
	q[3].x += mx * h;
	q[3].y += my * h;
	s[2] = s[0];
	s[2].x += mx * S;
	s[2].y += my * S;
	prim_sv(r, s, r->line_pv, false, q);
}

void r3e_ref_draw(struct r3e_ref *r, unsigned int topology, const struct r3e_vertex *v,
		  unsigned int n)
{
	static const unsigned int odd_pv[3] = { 1, 0, 2 };

	switch (topology) {
	case GSIM_TOPO_POINTLIST:
		for (unsigned int i = 0; i < n; i++)
			ref_point(r, &v[i]);
		break;
	case GSIM_TOPO_TRILIST:
	case GSIM_TOPO_RECTLIST:
		for (unsigned int i = 0; i + 3 <= n; i += 3)
			prim(r, &v[i], &v[i + 1], &v[i + 2], r->tri_pv,
			     topology == GSIM_TOPO_RECTLIST);
		break;
	case GSIM_TOPO_TRISTRIP:
		for (unsigned int i = 0; i + 3 <= n; i++) {
			if (i & 1)
				prim(r, &v[i + 1], &v[i], &v[i + 2], odd_pv[r->tri_pv], false);
			else
				prim(r, &v[i], &v[i + 1], &v[i + 2], r->tri_pv, false);
		}
		break;
	case GSIM_TOPO_LINELIST:
		for (unsigned int i = 0; i + 2 <= n; i += 2)
			ref_line(r, &v[i], &v[i + 1]);
		break;
	case GSIM_TOPO_LINESTRIP:
	case GSIM_TOPO_LINELOOP:
		for (unsigned int i = 0; i + 2 <= n; i++)
			ref_line(r, &v[i], &v[i + 1]);
		if (topology == GSIM_TOPO_LINELOOP && n >= 2)
			ref_line(r, &v[n - 1], &v[0]);
		break;
	case GSIM_TOPO_TRIFAN:
		for (unsigned int i = 0; i + 3 <= n; i++)
			prim(r, &v[0], &v[i + 1], &v[i + 2], r->fan_pv, false);
		break;
	default:
		CHECK_MSG(0, "reference: topology %u", topology);
	}
}

/* Compare the pixels at @px (rows @pitch bytes apart) with the reference: mismatches, logged. */
static unsigned int compare(const uint8_t *px, size_t pitch, const struct r3e_ref *r,
			    const char *what)
{
	unsigned int bad = 0;

	for (unsigned int y = 0; y < r->h; y++) {
		for (unsigned int x = 0; x < r->w; x++) {
			uint32_t got = rd32(px + (size_t)y * pitch + 4 * x);
			uint32_t want = r->img[y * r->w + x];

			if (got == want)
				continue;
			if (bad++ < 8)
				printf("# %s: pixel (%u, %u): %#010x, want %#010x\n", what, x,
				       y, got, want);
		}
	}
	if (bad)
		printf("# %s: %u pixels differ\n", what, bad);
	return bad;
}

unsigned int r3e_compare(const struct r3e *e, const struct r3e_ref *r, const char *what)
{
	return compare(e->rt, e->rt_pitch, r, what);
}

unsigned int r3e_compare_pixels(const uint32_t *px, const struct r3e_ref *r, const char *what)
{
	return compare((const uint8_t *)px, (size_t)r->w * 4, r, what);
}
