// SPDX-License-Identifier: MIT
/*
 * The 3D pipeline against Documentation/gpu/gensim/hw-spec-3d.rst, as a
 * batch writer who has only read that chapter and gensim/batch.h would
 * check it.  Every expected pixel is computed here from the chapter's
 * rules (a few by hand, the rest by this file's own edge functions), not
 * by the device's code nor by 3d/tests/r3d_ref.c: the fill rule on pixel
 * centres, snapping at 8 and 4 subpixel bits, each topology with its
 * provoking vertex and winding, culling and front faces, the drawing
 * rectangle, scissor and origin, the viewport transform and guardband
 * clipping, the near and far planes, r0.0's back-facing bit, the vertex
 * formats and component controls, instancing step
 * rates, index sizes with a base vertex and cut index, hand-computed
 * blends and depth compares, the sample mask, and refused features that
 * stop the batch with an instruction error and draw nothing.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "r3d_env.h"
#include "tap.h"

static struct r3e E;
static uint32_t ps_interp;	/* SIMD16: attribute 0 interpolated (or flat) into the colour */
static uint32_t ps_raw4;	/* SIMD16: attribute 0's x, y, z, w as raw dwords */
static uint32_t ps_int4;	/* the same converted from signed integers to floats */
static uint32_t ps_raw3x;	/* attribute 0 x, 1 x, 2 x, 0 w (raw) */
static uint32_t ps_r0;		/* r0.0, attribute 0 y, z, w (raw) */

#define W 16
#define H 16

/* ---- the rules, written again from the chapter ---- */

/* "Viewport and snapping": X = floor(x 2^bits + 0.5), in double. */
static int64_t snap(float f, unsigned int bits)
{
	return (int64_t)floor((double)f * (double)(1u << bits) + 0.5);
}

/*
 * "Rasterization": is the sample of pixel (px, py) (its centre) inside
 * the snapped triangle?  Exact edge functions, the triangle oriented to a
 * positive area, top and left edges inclusive.
 */
static bool covers(const float v[3][2], unsigned int bits, int px, int py)
{
	int64_t X[3], Y[3], sx, sy, a;

	for (int i = 0; i < 3; i++) {
		X[i] = snap(v[i][0], bits);
		Y[i] = snap(v[i][1], bits);
	}
	a = (X[1] - X[0]) * (Y[2] - Y[0]) - (Y[1] - Y[0]) * (X[2] - X[0]);
	if (a == 0)
		return false;
	if (a < 0) {
		int64_t t = X[1];

		X[1] = X[2];
		X[2] = t;
		t = Y[1];
		Y[1] = Y[2];
		Y[2] = t;
	}
	sx = ((int64_t)px << bits) + (1 << (bits - 1));
	sy = ((int64_t)py << bits) + (1 << (bits - 1));
	for (int i = 0; i < 3; i++) {
		int j = (i + 1) % 3;
		int64_t dx = X[j] - X[i], dy = Y[j] - Y[i];
		int64_t e = dx * (sy - Y[i]) - dy * (sx - X[i]);

		if (e > 0)
			continue;
		if (e == 0 && ((dy == 0 && dx > 0) || dy < 0))
			continue;
		return false;
	}
	return true;
}

/* "Render target writes": UNORM8 is floor(f x 255 + 0.5), clamped. */
static uint32_t unorm8(double f)
{
	if (!(f > 0))
		return 0;
	if (f >= 1)
		return 255;
	return (uint32_t)floor(f * 255 + 0.5);
}

static uint32_t rgba(uint32_t r, uint32_t g, uint32_t b, uint32_t a)
{
	return r | g << 8 | b << 16 | a << 24;
}

/* A vertex at screen (x, y) (no viewport transform) whose colour is the bytes @c. */
static struct r3e_vertex vtx(float x, float y, uint32_t c)
{
	struct r3e_vertex v = { x, y, 0.5f, 1.0f, (float)(c & 0xff) / 255.0f,
				(float)(c >> 8 & 0xff) / 255.0f, (float)(c >> 16 & 0xff) / 255.0f,
				(float)(c >> 24) / 255.0f };
	return v;
}

/* ---- the device ---- */

static void emit_ps(uint32_t kernel)
{
	struct gsim_3d_ps p = { .kernel = kernel, .simd = 16, .grf_start = 6,
				.barycentric = GSIM_BARY_PERSPECTIVE, .flags = GSIM_PS_ATTRIBUTES };

	gsim_emit_3d_ps(&E.b, &p);
}

/* An RGBA8 W x H target cleared to @clear, the plain state, the interpolating PS. */
static void begin(uint32_t clear, uint32_t flat)
{
	r3e_target(&E, W, H, R3D_FMT_R8G8B8A8_UNORM, clear);
	r3e_begin(&E);
	emit_ps(ps_interp);
	gsim_emit_3d_sbe(&E.b, 1, 1, 1, flat);
}

/* The same with an R32G32B32A32_FLOAT target of @w x @h, cleared to 0. */
static void begin_float(unsigned int w, unsigned int h, uint32_t kernel, uint32_t nattr,
			uint32_t flat)
{
	r3e_target(&E, w, h, R3D_FMT_R8G8B8A8_UNORM, 0);
	r3e_surface(&E, 0, R3E_RT, w, h, w * 16, R3D_FMT_R32G32B32A32_FLOAT);
	memset(E.rt, 0, (size_t)w * h * 16);
	r3e_begin(&E);
	emit_ps(kernel);
	gsim_emit_3d_sbe(&E.b, nattr, 1, (nattr + 1) / 2, flat);
}

static uint32_t frt(unsigned int w, unsigned int x, unsigned int y, unsigned int c)
{
	return rd32(E.rt + ((size_t)y * w + x) * 16 + 4 * c);
}

static float frtf(unsigned int w, unsigned int x, unsigned int y, unsigned int c)
{
	uint32_t u = frt(w, x, y, c);
	float f;

	memcpy(&f, &u, 4);
	return f;
}

/* Every pixel against @exp, each channel within @tol. */
static void compare(const uint32_t *exp, unsigned int tol, const char *what)
{
	unsigned int bad = 0;

	for (unsigned int y = 0; y < H; y++)
		for (unsigned int x = 0; x < W; x++) {
			uint32_t got = r3e_pixel(&E, x, y), want = exp[y * W + x];

			for (int c = 0; c < 32; c += 8) {
				int d = (int)(got >> c & 0xff) - (int)(want >> c & 0xff);

				if (d > (int)tol || -d > (int)tol) {
					if (bad++ < 8)
						fprintf(stderr, "# %s: (%u, %u) %08x, want %08x\n",
							what, x, y, got, want);
					break;
				}
			}
		}
	CHECK_MSG(bad == 0, "%s: %u pixels differ", what, bad);
}

static void fill(uint32_t *img, uint32_t v)
{
	for (unsigned int i = 0; i < W * H; i++)
		img[i] = v;
}

/* Triangle @t of @v, flat colour @c, painted over @img where the rule covers it. */
static void paint(uint32_t *img, const struct r3e_vertex *a, const struct r3e_vertex *b,
		  const struct r3e_vertex *c, uint32_t col, unsigned int bits)
{
	const float t[3][2] = { { a->x, a->y }, { b->x, b->y }, { c->x, c->y } };

	for (int y = 0; y < H; y++)
		for (int x = 0; x < W; x++)
			if (covers(t, bits, x, y))
				img[y * W + x] = col;
}

static uint32_t vcol(const struct r3e_vertex *v)
{
	return rgba(unorm8(v->r), unorm8(v->g), unorm8(v->b), unorm8(v->a));
}

#define BF(src, dst, fn) \
	(BLEND_E0_ENABLE | (uint32_t)(src) << 26 | (uint32_t)(dst) << 21 | (uint32_t)(fn) << 18 | \
	 (uint32_t)(src) << 13 | (uint32_t)(dst) << 8 | (uint32_t)(fn) << 5)

/* ---- coverage ---- */

/*
 * Two triangles sharing a hypotenuse through pixel centres, their other
 * edges on the centres of row 0 and column 0 (top and left: inside) and
 * of row 4 and column 4 (bottom and right: outside).  Added with ONE/ONE
 * blending, red from the first and green from the second: each of the
 * 4 x 4 pixels exactly once, counted by hand.
 */
static void t_fill_rule(void)
{
	const struct r3e_vertex v[6] = {
		vtx(0.5f, 0.5f, 0xff0000ff), vtx(4.5f, 0.5f, 0xff0000ff), vtx(0.5f, 4.5f, 0xff0000ff),
		vtx(4.5f, 0.5f, 0xff00ff00), vtx(4.5f, 4.5f, 0xff00ff00), vtx(0.5f, 4.5f, 0xff00ff00),
	};
	uint32_t exp[W * H];

	begin(0, 0);
	r3e_blend(&E, 0, 0x8, BF(BLENDFACTOR_ONE, BLENDFACTOR_ONE, BLENDFUNCTION_ADD));
	gsim_emit_3d_ps_blend(&E.b, 1, BLENDFACTOR_ONE, BLENDFACTOR_ONE, 0, 0, 0);
	r3e_vertices(&E, v, 6);
	gsim_emit_3d_topology(&E.b, GSIM_TOPO_TRILIST);
	gsim_emit_3d_primitive(&E.b, 6, 0, 1, 0, 0, 0);
	r3e_run(&E);
	fill(exp, 0);
	for (int y = 0; y < 4; y++)
		for (int x = 0; x < 4; x++)
			exp[y * W + x] = x + y <= 3 ? 0x000000ff : 0x0000ff00;
	compare(exp, 0, "shared hypotenuse");
}

/*
 * A left edge at x = 2.5 + 1/64: 4 subpixels right of column 2's centre
 * at 8 bits (the column is out), a quarter subpixel at 4 bits, which
 * snaps onto the centre (a left edge: the column is in).
 */
static void t_snapping(void)
{
	const float d = 1.0f / 64;
	const struct r3e_vertex v[3] = { vtx(2.5f + d, 0.2f, 0xff00ffff), vtx(9.7f, 0.2f, 0xff00ffff),
					 vtx(2.5f + d, 9.8f, 0xff00ffff) };

	for (unsigned int bits = 8; bits >= 4; bits -= 4) {
		uint32_t exp[W * H];

		begin(0, 1);
		gsim_emit_3d_sf(&E.b, bits == 4 ? GSIM_SF_SUBPIXEL_4BIT : 0, 0, 1);
		r3e_vertices(&E, v, 3);
		gsim_emit_3d_topology(&E.b, GSIM_TOPO_TRILIST);
		gsim_emit_3d_primitive(&E.b, 3, 0, 1, 0, 0, 0);
		r3e_run(&E);
		fill(exp, 0);
		paint(exp, &v[0], &v[1], &v[2], 0xff00ffff, bits);
		/* the hand-derived fact the rule must agree with */
		CHECK_EQ(exp[1 * W + 2] != 0, bits == 4);
		CHECK_EQ(r3e_pixel(&E, 2, 1) != 0, bits == 4);
		compare(exp, 0, bits == 8 ? "8 subpixel bits" : "4 subpixel bits");
	}
}

static uint32_t rng = 12345;
static float rnd(float lo, float hi)
{
	rng = rng * 1103515245u + 12345u;
	return lo + (hi - lo) * (float)(rng >> 8 & 0xffff) / 65536.0f;
}

/*
 * Small triangles of both windings at random 1/256 positions, some
 * vertices on pixel centres, drawn in order in one TRILIST with flat
 * colours: the last covering triangle's colour, by the rule, at 8 and 4
 * subpixel bits.
 */
static void t_subpixel_random(void)
{
	enum { N = 24 };
	struct r3e_vertex v[3 * N];

	for (unsigned int bits = 8; bits >= 4; bits -= 4) {
		uint32_t exp[W * H];

		for (int i = 0; i < 3 * N; i++) {
			float x = rnd(-1.0f, 17.0f), y = rnd(-1.0f, 17.0f);

			if (i % 5 == 0) {	/* on a centre */
				x = floorf(x) + 0.5f;
				y = floorf(y) + 0.5f;
			}
			if (i % 3 != 0) {	/* small: near the first vertex */
				x = v[i - i % 3].x + rnd(-5.0f, 5.0f);
				y = v[i - i % 3].y + rnd(-5.0f, 5.0f);
				if (i % 7 == 0)
					x = v[i - i % 3].x;	/* a vertical edge */
				if (i % 11 == 0)
					y = v[i - i % 3].y;	/* a horizontal one */
			}
			x = floorf(x * 256) / 256;
			y = floorf(y * 256) / 256;
			v[i] = vtx(x, y, rgba(i * 7 % 256, 40 + i, 255 - i, 255));
		}
		begin(0, 1);
		gsim_emit_3d_sf(&E.b, bits == 4 ? GSIM_SF_SUBPIXEL_4BIT : 0, 0, 1);
		r3e_vertices(&E, v, 3 * N);
		gsim_emit_3d_topology(&E.b, GSIM_TOPO_TRILIST);
		gsim_emit_3d_primitive(&E.b, 3 * N, 0, 1, 0, 0, 0);
		r3e_run(&E);
		fill(exp, 0);
		for (int t = 0; t < N; t++)
			paint(exp, &v[3 * t], &v[3 * t + 1], &v[3 * t + 2], vcol(&v[3 * t]), bits);
		compare(exp, 0, bits == 8 ? "random, 8 bits" : "random, 4 bits");
	}
}

/* ---- topologies ---- */

static const uint32_t pal[8] = { 0xff0000ff, 0xff00ff00, 0xffff0000, 0xff00ffff,
				 0xffff00ff, 0xffffff00, 0xff808080, 0xff204060 };

/*
 * TRISTRIP of 6 vertices (4 triangles, zigzag), flat: triangle i has the
 * colour of stream vertex i + pv whatever its winding swap; the strip
 * has one winding (counter-clockwise on the screen), so culling BACK
 * with clockwise front faces removes it all and culling FRONT none.
 */
static void t_strip(void)
{
	struct r3e_vertex v[6];

	for (int i = 0; i < 6; i++)
		v[i] = vtx(1.3f + 3.9f * (float)(i / 2), i % 2 ? 13.6f : 1.7f, pal[i]);
	for (unsigned int pv = 0; pv < 3; pv++) {
		uint32_t exp[W * H];

		begin(0, 1);
		gsim_emit_3d_sf(&E.b, 0, pv, 1);
		r3e_vertices(&E, v, 6);
		gsim_emit_3d_topology(&E.b, GSIM_TOPO_TRISTRIP);
		gsim_emit_3d_primitive(&E.b, 6, 0, 1, 0, 0, 0);
		r3e_run(&E);
		fill(exp, 0);
		for (int i = 0; i < 4; i++) {
			const struct r3e_vertex *a = &v[i % 2 ? i + 1 : i], *b = &v[i % 2 ? i : i + 1];

			paint(exp, a, b, &v[i + 2], pal[i + pv], 8);
		}
		compare(exp, 0, pv == 0 ? "strip pv 0" : pv == 1 ? "strip pv 1" : "strip pv 2");
	}
	/* one winding: counter-clockwise, so back facing with clockwise front faces */
	for (int cull = GSIM_CULL_FRONT; cull <= GSIM_CULL_BACK; cull++) {
		unsigned int drawn = 0;

		begin(0, 1);
		gsim_emit_3d_raster(&E.b, (uint32_t)cull, 0);
		r3e_vertices(&E, v, 6);
		gsim_emit_3d_topology(&E.b, GSIM_TOPO_TRISTRIP);
		gsim_emit_3d_primitive(&E.b, 6, 0, 1, 0, 0, 0);
		r3e_run(&E);
		for (int y = 0; y < H; y++)
			for (int x = 0; x < W; x++)
				drawn += r3e_pixel(&E, x, y) != 0;
		if (cull == GSIM_CULL_BACK)
			CHECK_MSG(drawn == 0, "cull BACK: %u pixels of a back-facing strip", drawn);
		else
			CHECK_MSG(drawn > 60, "cull FRONT: only %u pixels of a back-facing strip",
				  drawn);
	}
}

/* TRIFAN of 6 vertices, flat: triangle i is (0, i+1, i+2), its colour that tuple's [fan_pv]. */
static void t_fan(void)
{
	struct r3e_vertex v[6] = { vtx(8.2f, 8.3f, pal[0]) };

	for (int i = 1; i < 6; i++) {
		float a = 0.3f + 1.2f * (float)(i - 1);

		v[i] = vtx(8.2f + 7.4f * cosf(a), 8.3f + 7.4f * sinf(a), pal[i]);
	}
	for (unsigned int pv = 0; pv < 3; pv++) {
		uint32_t exp[W * H];

		begin(0, 1);
		gsim_emit_3d_sf(&E.b, 0, 0, pv);
		r3e_vertices(&E, v, 6);
		gsim_emit_3d_topology(&E.b, GSIM_TOPO_TRIFAN);
		gsim_emit_3d_primitive(&E.b, 6, 0, 1, 0, 0, 0);
		r3e_run(&E);
		fill(exp, 0);
		for (int i = 0; i < 4; i++) {
			const int tri[3] = { 0, i + 1, i + 2 };

			paint(exp, &v[0], &v[i + 1], &v[i + 2], pal[tri[pv]], 8);
		}
		compare(exp, 0, pv == 0 ? "fan pv 0" : pv == 1 ? "fan pv 1" : "fan pv 2");
	}
}

/*
 * TRILIST, flat with each provoking vertex, then interpolated: the
 * colour at a pixel centre a0 + b1 (a1 - a0) + b2 (a2 - a0) with the
 * linear barycentrics (w = 1), within one UNORM8 step.
 */
static void t_list_interp(void)
{
	const struct r3e_vertex v[3] = { vtx(0.7f, 1.2f, 0xff0000ff), vtx(15.1f, 3.4f, 0xff00ff00),
					 vtx(4.3f, 15.6f, 0xffff0000) };
	const float t[3][2] = { { v[0].x, v[0].y }, { v[1].x, v[1].y }, { v[2].x, v[2].y } };
	uint32_t exp[W * H];

	for (unsigned int pv = 0; pv < 3; pv++) {
		begin(0, 1);
		gsim_emit_3d_sf(&E.b, 0, pv, 1);
		r3e_vertices(&E, v, 3);
		gsim_emit_3d_topology(&E.b, GSIM_TOPO_TRILIST);
		gsim_emit_3d_primitive(&E.b, 3, 0, 1, 0, 0, 0);
		r3e_run(&E);
		fill(exp, 0);
		paint(exp, &v[0], &v[1], &v[2], vcol(&v[pv]), 8);
		compare(exp, 0, "flat list");
	}
	begin(0, 0);
	r3e_vertices(&E, v, 3);
	gsim_emit_3d_topology(&E.b, GSIM_TOPO_TRILIST);
	gsim_emit_3d_primitive(&E.b, 3, 0, 1, 0, 0, 0);
	r3e_run(&E);
	fill(exp, 0);
	for (int y = 0; y < H; y++)
		for (int x = 0; x < W; x++) {
			double px = x + 0.5, py = y + 0.5, a, b1, b2;

			if (!covers(t, 8, x, y))
				continue;
			a = (t[1][0] - t[0][0]) * (t[2][1] - t[0][1]) -
			    (t[1][1] - t[0][1]) * (t[2][0] - t[0][0]);
			b1 = ((t[2][0] - t[0][0]) * (py - t[0][1]) - (t[2][1] - t[0][1]) * (px - t[0][0])) / -a;
			b2 = ((t[1][0] - t[0][0]) * (py - t[0][1]) - (t[1][1] - t[0][1]) * (px - t[0][0])) / a;
			exp[y * W + x] = rgba(unorm8(1 - b1 - b2), unorm8(b1), unorm8(b2), 255);
		}
	compare(exp, 1, "interpolated list");
}

/*
 * RECTLIST: lower right, lower left, upper left at fractional positions;
 * the samples with xmin <= x < xmax, ymin <= y < ymax, counted by hand:
 * columns 1-8, rows 2-7.  Interpolated along the plane of the three
 * vertices, red rising left to right, green bottom to top: the implied
 * fourth vertex (upper right) has both.
 */
static void t_rect(void)
{
	const struct r3e_vertex v[3] = { vtx(9.3f, 7.8f, 0xff0000ff), vtx(1.2f, 7.8f, 0xff000000),
					 vtx(1.2f, 2.1f, 0xff00ff00) };
	uint32_t exp[W * H];

	begin(0, 0);
	r3e_vertices(&E, v, 3);
	gsim_emit_3d_topology(&E.b, GSIM_TOPO_RECTLIST);
	gsim_emit_3d_primitive(&E.b, 3, 0, 1, 0, 0, 0);
	r3e_run(&E);
	fill(exp, 0);
	for (int y = 2; y <= 7; y++)
		for (int x = 1; x <= 8; x++)
			exp[y * W + x] = rgba(unorm8((x + 0.5 - 1.2) / (9.3 - 1.2)),
					      unorm8((7.8 - y - 0.5) / (7.8 - 2.1)), 0, 255);
	compare(exp, 1, "rectangle");
}

/* ---- culling ---- */

/*
 * A clockwise (on the screen, y down) and a counter-clockwise triangle
 * under each cull mode and front winding; then CULL_BOTH with a
 * rectangle and a point, which are never culled.
 */
static void t_cull(void)
{
	const struct r3e_vertex v[6] = {
		vtx(1, 1, 0xff0000ff), vtx(7, 1, 0xff0000ff), vtx(1, 7, 0xff0000ff),	/* CW */
		vtx(9, 1, 0xff00ff00), vtx(9, 7, 0xff00ff00), vtx(15, 1, 0xff00ff00),	/* CCW */
	};
	const struct r3e_vertex rp[4] = { vtx(6, 14, 0xffff0000), vtx(2, 14, 0xffff0000),
					  vtx(2, 10, 0xffff0000), vtx(12.0f, 12.0f, 0xffffffff) };

	for (int ccw = 0; ccw < 2; ccw++)
		for (unsigned int cull = 0; cull < 4; cull++) {
			bool cw_front = !ccw;
			bool want_cw = cull == GSIM_CULL_NONE ||
				       (cull == GSIM_CULL_FRONT && !cw_front) ||
				       (cull == GSIM_CULL_BACK && cw_front);
			bool want_ccw = cull == GSIM_CULL_NONE ||
					(cull == GSIM_CULL_FRONT && cw_front) ||
					(cull == GSIM_CULL_BACK && !cw_front);

			begin(0, 1);
			gsim_emit_3d_raster(&E.b, cull, ccw ? GSIM_RASTER_FRONT_CCW : 0);
			r3e_vertices(&E, v, 6);
			gsim_emit_3d_topology(&E.b, GSIM_TOPO_TRILIST);
			gsim_emit_3d_primitive(&E.b, 6, 0, 1, 0, 0, 0);
			r3e_run(&E);
			CHECK_MSG((r3e_pixel(&E, 2, 2) != 0) == want_cw &&
				  (r3e_pixel(&E, 10, 2) != 0) == want_ccw,
				  "cull %u front %s: cw %08x ccw %08x", cull, ccw ? "ccw" : "cw",
				  r3e_pixel(&E, 2, 2), r3e_pixel(&E, 10, 2));
		}
	begin(0, 1);
	gsim_emit_3d_raster(&E.b, GSIM_CULL_BOTH, 0);
	gsim_emit_3d_sf_point(&E.b, GSIM_SF_POINT_WIDTH_STATE, 0, 1, 16);
	r3e_vertices(&E, rp, 4);
	gsim_emit_3d_topology(&E.b, GSIM_TOPO_RECTLIST);
	gsim_emit_3d_primitive(&E.b, 3, 0, 1, 0, 0, 0);
	gsim_emit_3d_topology(&E.b, GSIM_TOPO_POINTLIST);
	gsim_emit_3d_primitive(&E.b, 1, 3, 1, 0, 0, 0);
	r3e_run(&E);
	{
		uint32_t exp[W * H];

		fill(exp, 0);
		for (int y = 10; y < 14; y++)
			for (int x = 2; x < 6; x++)
				exp[y * W + x] = 0xffff0000;
		/* a 2-pixel point on a corner: samples 11.5 and 12.5 each way */
		for (int y = 11; y < 13; y++)
			for (int x = 11; x < 13; x++)
				exp[y * W + x] = 0xffffffff;
		compare(exp, 0, "CULL_BOTH: a rectangle and a point");
	}
}

/* ---- the drawing rectangle, origin and scissor ---- */

static void t_scissor_origin(void)
{
	const struct r3e_vertex v[3] = { vtx(10, 10, 0xff123456), vtx(0, 10, 0xff123456),
					 vtx(0, 0, 0xff123456) };

	for (int sc = 0; sc < 2; sc++) {
		uint32_t exp[W * H];

		begin(0, 1);
		gsim_emit_3d_drawing_rectangle(&E.b, 3, 2, 12, 9, 4, -1);
		r3e_scissor_rect(&E, 5, 0, 14, 6);
		gsim_emit_3d_raster(&E.b, GSIM_CULL_NONE, sc ? GSIM_RASTER_SCISSOR : 0);
		r3e_vertices(&E, v, 3);
		gsim_emit_3d_topology(&E.b, GSIM_TOPO_RECTLIST);
		gsim_emit_3d_primitive(&E.b, 3, 0, 1, 0, 0, 0);
		r3e_run(&E);
		/*
		 * [0, 10) x [0, 10) moved by (4, -1): [4, 14) x [-1, 9), inside
		 * [3, 12] x [2, 9] and, with the scissor, [5, 14] x [0, 6].
		 */
		fill(exp, 0);
		for (int y = 2; y <= (sc ? 6 : 8); y++)
			for (int x = sc ? 5 : 4; x <= 12; x++)
				exp[y * W + x] = 0xff123456;
		compare(exp, 0, sc ? "scissor and origin" : "drawing rectangle and origin");
	}
}

/*
 * The viewport transform [2, 10] x [3, 9] and the clipper with the
 * guardband test: a triangle reaching NDC +-1.5 is clipped to a guardband
 * of +-1 (the viewport) but drawn whole with +-2, pixels outside the
 * viewport included (no viewport scissor).  No edge or clip boundary
 * passes through a pixel centre, so the covered set is exact.
 */
static void t_viewport_guardband(void)
{
	const struct r3e_vertex v[3] = {
		{ -1.5f, -1.5f, 0.5f, 1, 1, 0, 0, 1 },
		{ 1.5f, -1.5f, 0.5f, 1, 1, 0, 0, 1 },
		{ -1.5f, 1.5f, 0.5f, 1, 1, 0, 0, 1 },
	};
	/* screen: x 4 X + 6, y 3 Y + 6 */
	const struct r3e_vertex s[3] = { vtx(0, 1.5f, 0xff0000ff), vtx(12, 1.5f, 0xff0000ff),
					 vtx(0, 10.5f, 0xff0000ff) };

	for (int gb = 1; gb <= 2; gb++) {
		uint32_t exp[W * H];

		begin(0, 1);
		r3e_viewport(&E, 2, 3, 8, 6, (float)gb);
		gsim_emit_3d_sf(&E.b, GSIM_SF_VIEWPORT_TRANSFORM, 0, 1);
		gsim_emit_3d_clip(&E.b, GSIM_CLIP_ENABLE | GSIM_CLIP_GUARDBAND);
		r3e_vertices(&E, v, 3);
		gsim_emit_3d_topology(&E.b, GSIM_TOPO_TRILIST);
		gsim_emit_3d_primitive(&E.b, 3, 0, 1, 0, 0, 0);
		r3e_run(&E);
		fill(exp, 0);
		paint(exp, &s[0], &s[1], &s[2], 0xff0000ff, 8);
		if (gb == 1)
			for (int y = 0; y < H; y++)
				for (int x = 0; x < W; x++)
					if (x + 0.5 < 2 || x + 0.5 > 10 || y + 0.5 < 3 || y + 0.5 > 9)
						exp[y * W + x] = 0;
		compare(exp, 0, gb == 1 ? "guardband 1: clipped" : "guardband 2: whole");
	}
}

/* ---- vertex fetch ---- */

/* Elements: 0 a zero header, 1 the position from buffer 0, then @n from the caller. */
static void elements(const struct gsim_3d_vertex_element *extra, unsigned int n)
{
	struct gsim_3d_vertex_element ve[8] = {
		{ 0, R3D_FMT_R32G32B32A32_FLOAT, 0,
		  { GSIM_VFCOMP_0, GSIM_VFCOMP_0, GSIM_VFCOMP_0, GSIM_VFCOMP_0 } },
		{ 0, R3D_FMT_R32G32B32A32_FLOAT, 0,
		  { GSIM_VFCOMP_SRC, GSIM_VFCOMP_SRC, GSIM_VFCOMP_SRC, GSIM_VFCOMP_SRC } },
	};

	memcpy(&ve[2], extra, n * sizeof(*extra));
	gsim_emit_3d_vertex_elements(&E.b, ve, 2 + n);
}

static void buffer(uint32_t index, uint32_t pitch, uint32_t offset, uint32_t size)
{
	struct gsim_3d_vertex_buffer vb = { .index = index, .pitch = pitch, .va = R3E_VB + offset,
					    .size = size };

	gsim_emit_3d_vertex_buffers(&E.b, &vb, 1);
}

#define SRC4 { GSIM_VFCOMP_SRC, GSIM_VFCOMP_SRC, GSIM_VFCOMP_SRC, GSIM_VFCOMP_SRC }

static float u2f(uint32_t u)
{
	float f;

	memcpy(&f, &u, 4);
	return f;
}

/*
 * Attribute 0 of one format (buffer 1, pitch 0: every vertex the same
 * bytes), flat, over a 4 x 4 float target by a rectangle: the four
 * components the PS writes (raw dwords, or integers converted) against
 * the chapter's conversions and the missing components 0, 0, 0, 1.
 */
static void t_formats(void)
{
	static const struct {
		const char *what;
		uint32_t format;
		uint8_t bytes[16];
		uint32_t size;
		bool ints;
		uint32_t comp[4];
		float want[4];
	} c[] = {
		{ "R32G32_FLOAT", R3D_FMT_R32G32_FLOAT, { 0, 0, 0xc0, 0x3f, 0, 0, 0x10, 0xc0 }, 8,
		  false, SRC4, { 1.5f, -2.25f, 0, 1 } },
		{ "R32G32B32_FLOAT", R3D_FMT_R32G32B32_FLOAT,
		  { 0, 0, 0x80, 0x3f, 0, 0, 0, 0x40, 0, 0, 0x40, 0x40 }, 12, false, SRC4,
		  { 1, 2, 3, 1 } },
		{ "R32_FLOAT", R3D_FMT_R32_FLOAT, { 0, 0, 0x20, 0x41 }, 4, false, SRC4,
		  { 10, 0, 0, 1 } },
		{ "R16G16B16A16_FLOAT", R3D_FMT_R16G16B16A16_FLOAT,
		  { 0x00, 0x3c, 0x00, 0xc0, 0x00, 0x38, 0xff, 0x7b }, 8, false, SRC4,
		  { 1, -2, 0.5f, 65504 } },
		{ "R16G16_FLOAT", R3D_FMT_R16G16_FLOAT, { 0x00, 0x3c, 0x00, 0xbc }, 4, false, SRC4,
		  { 1, -1, 0, 1 } },
		{ "R8G8B8A8_UNORM", R3D_FMT_R8G8B8A8_UNORM, { 0, 51, 255, 128 }, 4, false, SRC4,
		  { 0, 0.2f, 1, 128.0f / 255 } },
		{ "B8G8R8A8_UNORM", R3D_FMT_B8G8R8A8_UNORM, { 10, 20, 30, 40 }, 4, false, SRC4,
		  { 30.0f / 255, 20.0f / 255, 10.0f / 255, 40.0f / 255 } },
		{ "R16G16_UNORM", R3D_FMT_R16G16_UNORM, { 0xff, 0xff, 0x00, 0x80 }, 4, false, SRC4,
		  { 1, 32768.0f / 65535, 0, 1 } },
		{ "R16G16_SSCALED", R3D_FMT_R16G16_SSCALED, { 0xf9, 0xff, 0x2c, 0x01 }, 4, false,
		  SRC4, { -7, 300, 0, 1 } },
		{ "R16G16_USCALED", R3D_FMT_R16G16_USCALED, { 0xff, 0xff, 0x02, 0x00 }, 4, false,
		  SRC4, { 65535, 2, 0, 1 } },
		{ "R16G16_SINT", R3D_FMT_R16G16_SINT, { 0xfb, 0xff, 0x2c, 0x01 }, 4, true, SRC4,
		  { -5, 300, 0, 1 } },
		{ "R16G16_UINT", R3D_FMT_R16G16_UINT, { 0xff, 0xff, 0x02, 0x00 }, 4, true, SRC4,
		  { 65535, 2, 0, 1 } },
		{ "R8G8B8A8_SINT", R3D_FMT_R8G8B8A8_SINT, { 0xff, 127, 0x80, 5 }, 4, true, SRC4,
		  { -1, 127, -128, 5 } },
		{ "R8G8B8A8_UINT", R3D_FMT_R8G8B8A8_UINT, { 255, 0, 7, 200 }, 4, true, SRC4,
		  { 255, 0, 7, 200 } },
		{ "R32G32B32_UINT", R3D_FMT_R32G32B32_UINT, { 1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0 },
		  12, true, SRC4, { 1, 2, 3, 1 } },
		{ "R32_SINT", R3D_FMT_R32_SINT, { 0xf7, 0xff, 0xff, 0xff }, 4, true, SRC4,
		  { -9, 0, 0, 1 } },
		{ "R32G32B32A32_SINT", R3D_FMT_R32G32B32A32_SINT,
		  { 0xfe, 0xff, 0xff, 0xff, 3, 0, 0, 0, 0, 1, 0, 0, 0xff, 0xff, 0xff, 0x7f }, 16, true,
		  SRC4, { -2, 3, 256, 2147483648.0f } },
		{ "controls 0, 1.0, NOSTORE", R3D_FMT_R32G32B32A32_FLOAT,
		  { 0, 0, 0x10, 0x41, 0, 0, 0x10, 0x41, 0, 0, 0x10, 0x41, 0, 0, 0x10, 0x41 }, 16,
		  false, { GSIM_VFCOMP_SRC, GSIM_VFCOMP_0, GSIM_VFCOMP_1_FLOAT, GSIM_VFCOMP_NOSTORE },
		  { 9, 0, 1, 0 } },
		{ "control 1 (integer)", R3D_FMT_R32G32B32A32_SINT,
		  { 7, 0, 0, 0, 7, 0, 0, 0, 7, 0, 0, 0, 7, 0, 0, 0 }, 16, true,
		  { GSIM_VFCOMP_1_INT, GSIM_VFCOMP_SRC, GSIM_VFCOMP_0, GSIM_VFCOMP_1_INT },
		  { 1, 7, 0, 1 } },
		{ "past Buffer Size: zeros", R3D_FMT_R32G32B32A32_FLOAT,
		  { 0, 0, 0x10, 0x41, 0, 0, 0x10, 0x41, 0, 0, 0x10, 0x41, 0, 0, 0x10, 0x41 }, 15,
		  false, SRC4, { 0, 0, 0, 0 } },
	};
	const float pos[3][4] = { { 4, 4, 0.5f, 1 }, { 0, 4, 0.5f, 1 }, { 0, 0, 0.5f, 1 } };

	for (size_t i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		struct gsim_3d_vertex_element ve = { 1, c[i].format, 0,
						     { c[i].comp[0], c[i].comp[1], c[i].comp[2],
						       c[i].comp[3] } };

		begin_float(4, 4, c[i].ints ? ps_int4 : ps_raw4, 1, 1);
		memcpy(E.vb, pos, sizeof(pos));
		memset(E.vb + 0x10000, 0, 64);
		memcpy(E.vb + 0x10000, c[i].bytes, sizeof(c[i].bytes));
		buffer(0, 16, 0, sizeof(pos));
		buffer(1, 0, 0x10000, c[i].size);
		elements(&ve, 1);
		gsim_emit_3d_topology(&E.b, GSIM_TOPO_RECTLIST);
		gsim_emit_3d_primitive(&E.b, 3, 0, 1, 0, 0, 0);
		r3e_run(&E);
		for (unsigned int y = 0; y < 4; y++)
			for (unsigned int x = 0; x < 4; x++)
				for (unsigned int k = 0; k < 4; k++) {
					float got = frtf(4, x, y, k);

					CHECK_MSG(fabsf(got - c[i].want[k]) <=
						  1e-6f * fabsf(c[i].want[k]),
						  "%s: (%u, %u) component %u is %.9g (%#x), want %.9g",
						  c[i].what, x, y, k, got, frt(4, x, y, k), c[i].want[k]);
				}
	}
	(void)u2f;
}

/*
 * Instancing: one point a instance, 5 instances from start instance 1,
 * start vertex 2.  Element 1 (the position) advances every instance,
 * attribute 0 every 2 instances, attribute 1 has a step rate of 0 (the
 * start instance's), attribute 2 is per vertex: instance i is the point
 * of position 1 + i with values 10 + 1 + i / 2, 100 + 1 and 1000 + 2.
 */
static void t_instancing(void)
{
	const struct gsim_3d_vertex_element ve[3] = {
		{ 2, R3D_FMT_R32_FLOAT, 0, SRC4 },
		{ 3, R3D_FMT_R32_FLOAT, 0, SRC4 },
		{ 4, R3D_FMT_R32_FLOAT, 0, SRC4 },
	};
	float *pos = (float *)(E.vb), *a = (float *)(E.vb + 0x10000),
	      *b = (float *)(E.vb + 0x20000), *cv = (float *)(E.vb + 0x30000);

	begin_float(8, 1, ps_raw3x, 3, 7);
	for (int k = 0; k < 8; k++) {
		const float p[4] = { (float)k + 0.5f, 0.5f, 0.5f, 1 };

		memcpy(pos + 4 * k, p, sizeof(p));
		a[k] = 10.0f + (float)k;
		b[k] = 100.0f + (float)k;
		cv[k] = 1000.0f + (float)k;
	}
	buffer(0, 16, 0, 8 * 16);
	buffer(2, 4, 0x10000, 32);
	buffer(3, 4, 0x20000, 32);
	buffer(4, 4, 0x30000, 32);
	elements(ve, 3);
	gsim_emit_3d_instancing(&E.b, 1, 1, 1);
	gsim_emit_3d_instancing(&E.b, 2, 1, 2);
	gsim_emit_3d_instancing(&E.b, 3, 1, 0);
	gsim_emit_3d_sf_point(&E.b, GSIM_SF_POINT_WIDTH_STATE, 0, 1, 8);
	gsim_emit_3d_topology(&E.b, GSIM_TOPO_POINTLIST);
	gsim_emit_3d_primitive(&E.b, 1, 2, 5, 1, 0, 0);
	r3e_run(&E);
	for (unsigned int x = 0; x < 8; x++) {
		bool drawn = x >= 1 && x <= 5;
		unsigned int i = x - 1;
		float want[4] = { drawn ? 10.0f + 1 + (float)(i / 2) : 0, drawn ? 101.0f : 0,
				  drawn ? 1002.0f : 0, drawn ? 1.0f : 0 };

		for (unsigned int k = 0; k < 4; k++)
			CHECK_MSG(frtf(8, x, 0, k) == want[k], "pixel %u component %u: %g, want %g",
				  x, k, frtf(8, x, 0, k), want[k]);
	}
}

/*
 * Indexed POINTLISTs of 512 vertices on a 16 x 32 grid, each carrying
 * its number: byte, word and dword indices with a base vertex, and the
 * byte draw again with the cut index 0xffffffff (its low 8 bits: 255).
 * Exactly the pixels of index + base vertex are drawn.
 */
static void t_indices(void)
{
	static const struct {
		unsigned int bytes;
		uint32_t idx[4];
		int32_t base;
		bool cut;
	} c[] = {
		{ 1, { 200, 3, 255, 17 }, 0, false },
		{ 1, { 200, 3, 255, 17 }, 5, true },
		{ 2, { 0x0102, 7, 0x1ff - 3, 40 }, 3, false },
		{ 2, { 0x0102, 0xffff, 9, 40 }, -2, true },
		{ 4, { 300, 1, 500, 0x1f0 }, -1, false },
	};
	const struct gsim_3d_vertex_element ve = { 0, R3D_FMT_R32_FLOAT, 16, SRC4 };

	for (size_t i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		uint8_t ib[16];

		begin_float(16, 32, ps_raw3x, 1, 1);
		for (int v = 0; v < 512; v++) {
			const float p[8] = { (float)(v % 16) + 0.5f, (float)(v / 16) + 0.5f, 0.5f, 1,
					     (float)v, 0, 0, 0 };

			memcpy(E.vb + 32 * v, p, sizeof(p));
		}
		buffer(0, 32, 0, 512 * 32);
		elements(&ve, 1);
		for (int k = 0; k < 4; k++)
			memcpy(ib + k * c[i].bytes, &c[i].idx[k], c[i].bytes);
		r3e_indices(&E, ib, 4, c[i].bytes);
		gsim_emit_3d_vf(&E.b, c[i].cut, 0xffffffffu);
		gsim_emit_3d_sf_point(&E.b, GSIM_SF_POINT_WIDTH_STATE, 0, 1, 8);
		gsim_emit_3d_topology(&E.b, GSIM_TOPO_POINTLIST);
		gsim_emit_3d_primitive(&E.b, 4, 0, 1, 0, c[i].base, GSIM_PRIM_INDEXED);
		r3e_run(&E);
		for (int v = 0; v < 512; v++) {
			bool want = false;

			for (int k = 0; k < 4; k++) {
				uint32_t mask = c[i].bytes == 4 ? ~0u : (1u << 8 * c[i].bytes) - 1;

				if (c[i].cut && c[i].idx[k] == mask)
					continue;
				want |= (int32_t)c[i].idx[k] + c[i].base == v;
			}
			CHECK_MSG(frtf(16, v % 16, v / 16, 0) == (want ? (float)v : 0.0f) &&
				  frtf(16, v % 16, v / 16, 3) == (want ? 1.0f : 0.0f),
				  "case %zu: vertex %d drawn %g/%g, want %d", i, v,
				  frtf(16, v % 16, v / 16, 0), frtf(16, v % 16, v / 16, 3), want);
		}
	}
}

/* ---- the colour calculator and the depth test, by hand ---- */

/*
 * One rectangle of colour s over a target of d, per function: the
 * results worked out with the chapter's formulas.
 */
static void t_blend_hand(void)
{
	const struct {
		const char *what;
		uint32_t e0;
		uint32_t src, dst;	/* 3DSTATE_PS_BLEND's copy */
		uint32_t s, d, want;	/* RGBA bytes */
	} c[] = {
		/* s.a = 0.6: r 1 x 0.6 + 0.2 x 0.4 = 0.68 -> 173.9 -> 173... */
		{ "SRC_ALPHA, INV_SRC_ALPHA, ADD",
		  BF(BLENDFACTOR_SRC_ALPHA, BLENDFACTOR_INV_SRC_ALPHA, BLENDFUNCTION_ADD),
		  BLENDFACTOR_SRC_ALPHA, BLENDFACTOR_INV_SRC_ALPHA,
		  rgba(255, 0, 51, 153), rgba(51, 255, 255, 0), 0 },
		{ "ONE, ONE, REVERSE_SUBTRACT",
		  BF(BLENDFACTOR_ONE, BLENDFACTOR_ONE, BLENDFUNCTION_REVERSE_SUBTRACT),
		  BLENDFACTOR_ONE, BLENDFACTOR_ONE,
		  rgba(51, 102, 0, 255), rgba(255, 51, 17, 255), 0 },
		/* MIN of the products: min(s x 1, d x 0) = 0 where GL's min would keep d */
		{ "ONE, ZERO, MIN", BF(BLENDFACTOR_ONE, BLENDFACTOR_ZERO, BLENDFUNCTION_MIN),
		  BLENDFACTOR_ONE, BLENDFACTOR_ZERO,
		  rgba(153, 102, 255, 255), rgba(102, 153, 0, 255), 0 },
		{ "SRC_ALPHA_SATURATE, ZERO, ADD",
		  BF(BLENDFACTOR_SRC_ALPHA_SATURATE, BLENDFACTOR_ZERO, BLENDFUNCTION_ADD),
		  BLENDFACTOR_SRC_ALPHA_SATURATE, BLENDFACTOR_ZERO,
		  rgba(255, 255, 255, 204), rgba(0, 0, 0, 153), 0 },
		{ "DST_COLOR, ONE, MAX", BF(BLENDFACTOR_DST_COLOR, BLENDFACTOR_ONE, BLENDFUNCTION_MAX),
		  BLENDFACTOR_DST_COLOR, BLENDFACTOR_ONE,
		  rgba(255, 102, 0, 255), rgba(51, 255, 255, 255), 0 },
	};
	/* the expected results, computed by hand (see each case) */
	const uint32_t want[] = {
		/* r 1(.6) + .2(.4) = .68 -> 173.4 -> 173; g 0 + 1(.4) = .4 -> 102;
		 * b .2(.6) + 1(.4) = .52 -> 132.6 -> 133; a .6(.6) + 0 = .36 -> 91.8 -> 92 */
		rgba(173, 102, 133, 92),
		/* d - s: r 1 - .2 = .8 -> 204; g .2 - .4 < 0 -> 0; b 17 - 0; a 1 - 1 = 0 */
		rgba(204, 0, 17, 0),
		/* min(s, 0) = 0 everywhere */
		rgba(0, 0, 0, 0),
		/* f = min(.8, 1 - .6) = .4: 255 x .4 = 102; alpha factor 1: .8 -> 204 */
		rgba(102, 102, 102, 204),
		/* max(s.c x d.c, d.c): r max(.2, .2) = 51; g max(.4, 1) = 255; b max(0, 1) =
		 * 255; a max(1, 1) = 255 */
		rgba(51, 255, 255, 255),
	};

	for (size_t i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		const struct r3e_vertex v[3] = { vtx(8, 8, c[i].s), vtx(0, 8, c[i].s), vtx(0, 0, c[i].s) };
		uint32_t exp[W * H];

		begin(c[i].d, 1);
		r3e_blend(&E, 0, 0, c[i].e0);
		gsim_emit_3d_ps_blend(&E.b, 1, c[i].src, c[i].dst, 0, 0, 0);
		r3e_vertices(&E, v, 3);
		gsim_emit_3d_topology(&E.b, GSIM_TOPO_RECTLIST);
		gsim_emit_3d_primitive(&E.b, 3, 0, 1, 0, 0, 0);
		r3e_run(&E);
		fill(exp, c[i].d);
		for (int y = 0; y < 8; y++)
			for (int x = 0; x < 8; x++)
				exp[y * W + x] = want[i];
		compare(exp, 0, c[i].what);
	}
}

/*
 * A D32_FLOAT buffer: a rectangle at z = 0.5 with ALWAYS and writes over
 * all of it, then per function (rows) a rectangle at z = 0.25, 0.5 and
 * 0.75 (columns), tested without writes: white where "z <func> 0.5".
 */
static void t_depth_hand(void)
{
	static const float zs[3] = { 0.25f, 0.5f, 0.75f };
	static const bool pass[8][3] = {
		{ 1, 1, 1 }, { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 },	/* ALWAYS NEVER LESS EQUAL */
		{ 1, 1, 0 }, { 0, 0, 1 }, { 1, 0, 1 }, { 0, 1, 1 },	/* LEQUAL GREATER NOTEQUAL GEQUAL */
	};
	struct r3e_vertex base[3] = { vtx(16, 16, 0xff000080), vtx(0, 16, 0xff000080),
				      vtx(0, 0, 0xff000080) };
	uint32_t exp[W * H];

	memset(E.tex, 0xff, 128 * 32);	/* garbage: the first draw must write every pixel */
	begin(0, 1);
	r3e_vertices(&E, base, 3);
	gsim_emit_3d_depth(&E.b, R3E_TEX, W, H, 128, GSIM_DEPTH_D32_FLOAT, 0, 1);
	gsim_emit_3d_topology(&E.b, GSIM_TOPO_RECTLIST);
	gsim_emit_3d_primitive(&E.b, 3, 0, 1, 0, 0, 0);
	{
		struct r3e_vertex v[3 * 24];

		for (int f = 0; f < 8; f++)
			for (int k = 0; k < 3; k++) {
				struct r3e_vertex *t = &v[3 * (3 * f + k)];
				float x0 = (float)(1 + 5 * k), y0 = (float)(2 * f);

				t[0] = vtx(x0 + 4, y0 + 2, 0xffffffff);
				t[1] = vtx(x0, y0 + 2, 0xffffffff);
				t[2] = vtx(x0, y0, 0xffffffff);
				t[0].z = t[1].z = t[2].z = zs[k];
			}
		memcpy(E.vb + 0x10000, v, sizeof(v));
		buffer(0, sizeof(struct r3e_vertex), 0x10000, sizeof(v));
		for (int f = 0; f < 8; f++) {
			gsim_emit_3d_depth(&E.b, R3E_TEX, W, H, 128, GSIM_DEPTH_D32_FLOAT, (uint32_t)f, 0);
			gsim_emit_3d_primitive(&E.b, 9, 9 * (uint32_t)f, 1, 0, 0, 0);
		}
	}
	r3e_run(&E);
	fill(exp, 0xff000080);
	for (int f = 0; f < 8; f++)
		for (int k = 0; k < 3; k++)
			for (int y = 2 * f; y < 2 * f + 2; y++)
				for (int x = 1 + 5 * k; x < 5 + 5 * k; x++)
					exp[y * W + x] = pass[f][k] ? 0xffffffff : 0xff000080;
	compare(exp, 0, "depth functions");
}

/* 3DSTATE_SAMPLE_MASK with bit 0 clear: nothing is written. */
static void t_sample_mask(void)
{
	const struct r3e_vertex v[3] = { vtx(16, 16, 0xffffffff), vtx(0, 16, 0xffffffff),
					 vtx(0, 0, 0xffffffff) };
	uint32_t exp[W * H];

	begin(0x11223344, 1);
	gsim_batch_emit(&E.b, (const uint32_t[]){ CMD_3DSTATE_SAMPLE_MASK, 0 }, 2);
	r3e_vertices(&E, v, 3);
	gsim_emit_3d_topology(&E.b, GSIM_TOPO_RECTLIST);
	gsim_emit_3d_primitive(&E.b, 3, 0, 1, 0, 0, 0);
	r3e_run(&E);
	fill(exp, 0x11223344);
	compare(exp, 0, "sample mask 0");
}

/*
 * The clipper's near and far planes with the Z clip test: z = -0.5 (w =
 * 1) is inside OGL's -w <= z but outside D3D's 0 <= z; z = 1.5 is outside
 * z <= w in both, and drawn without the test.
 */
static void t_z_clip(void)
{
	static const struct {
		float z;
		uint32_t clip, raster;
		bool drawn;
	} c[] = {
		{ -0.5f, 0, GSIM_RASTER_Z_CLIP, true },
		{ -0.5f, GSIM_CLIP_API_D3D, GSIM_RASTER_Z_CLIP, false },
		{ 1.5f, 0, GSIM_RASTER_Z_CLIP, false },
		{ 1.5f, GSIM_CLIP_API_D3D, GSIM_RASTER_Z_CLIP, false },
		{ 1.5f, GSIM_CLIP_API_D3D, 0, true },
		{ 0.25f, GSIM_CLIP_API_D3D, GSIM_RASTER_Z_CLIP, true },
	};

	for (size_t i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		struct r3e_vertex v[3] = { vtx(1, 1, 0xffffffff), vtx(14, 2, 0xffffffff),
					   vtx(2, 14, 0xffffffff) };

		v[0].z = v[1].z = v[2].z = c[i].z;
		begin(0, 1);
		gsim_emit_3d_clip(&E.b, GSIM_CLIP_ENABLE | GSIM_CLIP_GUARDBAND | c[i].clip);
		r3e_viewport(&E, 0, 0, W, H, 100.0f);
		gsim_emit_3d_raster(&E.b, GSIM_CULL_NONE, c[i].raster);
		/* the viewport transform off: NDC positions are screen positions */
		r3e_vertices(&E, v, 3);
		gsim_emit_3d_topology(&E.b, GSIM_TOPO_TRILIST);
		gsim_emit_3d_primitive(&E.b, 3, 0, 1, 0, 0, 0);
		r3e_run(&E);
		CHECK_MSG((r3e_pixel(&E, 4, 4) == 0xffffffff) == c[i].drawn,
			  "case %zu (z %g): pixel %08x, drawn %d expected", i, c[i].z,
			  r3e_pixel(&E, 4, 4), c[i].drawn);
	}
}

/*
 * r0.0 bit 15 of the PS payload: the primitive is back facing.  A
 * clockwise and a counter-clockwise triangle with each front winding,
 * and a point (always front facing), r0.0 written raw into red.
 */
static void t_facing(void)
{
	const struct r3e_vertex v[7] = {
		vtx(0, 0, 0xff000000), vtx(4, 0, 0xff000000), vtx(0, 4, 0xff000000),	/* CW */
		vtx(4, 0, 0xff000000), vtx(4, 4, 0xff000000), vtx(8, 0, 0xff000000),	/* CCW */
		vtx(6.5f, 2.5f, 0xff000000),
	};

	for (int ccw = 0; ccw < 2; ccw++) {
		begin_float(8, 4, ps_r0, 1, 1);
		gsim_emit_3d_raster(&E.b, GSIM_CULL_NONE, ccw ? GSIM_RASTER_FRONT_CCW : 0);
		gsim_emit_3d_sf_point(&E.b, GSIM_SF_POINT_WIDTH_STATE, 0, 1, 8);
		r3e_vertices(&E, v, 7);
		gsim_emit_3d_topology(&E.b, GSIM_TOPO_TRILIST);
		gsim_emit_3d_primitive(&E.b, 6, 0, 1, 0, 0, 0);
		gsim_emit_3d_topology(&E.b, GSIM_TOPO_POINTLIST);
		gsim_emit_3d_primitive(&E.b, 1, 6, 1, 0, 0, 0);
		r3e_run(&E);
		/* (1, 1) the CW triangle's, (5, 1) the CCW one's (before the point), (6, 2) the point's */
		CHECK_MSG(!!(frt(8, 1, 1, 0) & 1u << 15) == !!ccw, "front %s: CW r0.0 %#x",
			  ccw ? "ccw" : "cw", frt(8, 1, 1, 0));
		CHECK_MSG(!!(frt(8, 5, 1, 0) & 1u << 15) == !ccw, "front %s: CCW r0.0 %#x",
			  ccw ? "ccw" : "cw", frt(8, 5, 1, 0));
		CHECK_MSG(!(frt(8, 6, 2, 0) & 1u << 15), "front %s: point r0.0 %#x",
			  ccw ? "ccw" : "cw", frt(8, 6, 2, 0));
		CHECK_MSG(frtf(8, 1, 1, 3) == 1.0f && frtf(8, 5, 1, 3) == 1.0f &&
			  frtf(8, 6, 2, 3) == 1.0f, "a pixel not drawn");
	}
}

/* ---- refused features ---- */

#define DW(...) gsim_batch_emit(b, (const uint32_t[]){ __VA_ARGS__ }, \
				sizeof((const uint32_t[]){ __VA_ARGS__ }) / 4)

/* VERTEX_ELEMENT_STATE DW0 (EXT gen8.xml): buffer 31:26, valid 25, format 24:16, 11:0 offset. */
#define VE0(buf, fmt, off)	((uint32_t)(buf) << 26 | 1u << 25 | (uint32_t)(fmt) << 16 | (off))
#define VE1(c0, c1, c2, c3)	((uint32_t)(c0) << 28 | (uint32_t)(c1) << 24 | (uint32_t)(c2) << 20 | \
				 (uint32_t)(c3) << 16)
#define VE_HDR(n)		(CMD_3DSTATE_VERTEX_ELEMENTS | (1 + 2 * (n) - 2))

static void m_edge_flag(struct gsim_batch *b)
{
	/* Edge Flag Enable: VERTEX_ELEMENT_STATE DW0 bit 15 (EXT gen8.xml) */
	DW(VE_HDR(3), VE0(0, 0, 0), VE1(2, 2, 2, 2), VE0(0, 0, 0), VE1(1, 1, 1, 1),
	   VE0(0, 0, 16) | 1u << 15, VE1(1, 1, 1, 1));
}
static void m_store_pid(struct gsim_batch *b)
{
	/* STORE_PID (3D_Vertex_Component_Control 7) */
	DW(VE_HDR(3), VE0(0, 0, 0), VE1(2, 2, 2, 2), VE0(0, 0, 0), VE1(1, 1, 1, 1),
	   VE0(0, 0, 16), VE1(1, 1, 1, 7));
}
static void m_index_format(struct gsim_batch *b)
{
	DW(CMD_3DSTATE_INDEX_BUFFER, 3u << 8, (uint32_t)R3E_IB, (uint32_t)(R3E_IB >> 32), 64);
}
static void m_swizzle_select(struct gsim_batch *b)
{
	DW(CMD_3DSTATE_SBE_SWIZ, 1u << 6, 0, 0, 0, 0, 0, 0, 0, 0, 0);
}
static void m_stipple(struct gsim_batch *b)
{
	/* 3DSTATE_WM DW1 bit 4 Polygon Stipple Enable (EXT gen8.xml) */
	DW(CMD_3DSTATE_WM, WM_BARY_PERSP_PIXEL | 1u << 4);
}
static void m_core_mode(struct gsim_batch *b)
{
	/* 3DSTATE_DRAWING_RECTANGLE DW0 15:14 Core Mode Select */
	DW(CMD_3DSTATE_DRAWING_RECTANGLE | 1u << 14, 0, (H - 1) << 16 | (W - 1), 0);
}
static void m_topo_reserved(struct gsim_batch *b)
{
	gsim_emit_3d_topology(b, 0x1a);
}
static void m_topo_zero(struct gsim_batch *b)
{
	gsim_emit_3d_topology(b, 0);
}
static void m_no_buffer(struct gsim_batch *b)
{
	DW(VE_HDR(3), VE0(0, 0, 0), VE1(2, 2, 2, 2), VE0(0, 0, 0), VE1(1, 1, 1, 1),
	   VE0(7, 0, 16), VE1(1, 1, 1, 1));
}
static void m_depth_bias(struct gsim_batch *b)
{
	DW(CMD_3DSTATE_SF, SF_DW1_LEGACY_DEPTH_BIAS, 0, 1u << 25);
}
static void m_dither(struct gsim_batch *b)
{
	(void)b;
	*(uint32_t *)((uint8_t *)E.dsh + R3E_BLEND) = BLEND_DW0_DITHER;
}
static void m_alpha_test_psb(struct gsim_batch *b)
{
	/* 3DSTATE_PS_BLEND DW1: 30 Has Writeable RT, 8 Alpha Test Enable */
	DW(CMD_3DSTATE_PS_BLEND, 1u << 30 | 1u << 8);
}
static void m_logic_float(struct gsim_batch *b)
{
	(void)b;
	r3e_surface(&E, 0, R3E_RT, W / 4, H, W * 4, R3D_FMT_R32G32B32A32_FLOAT);
	r3e_blend(&E, 0, 0, 0);
	((uint32_t *)((uint8_t *)E.dsh + R3E_BLEND))[2] = BLEND_E1_LOGIC_OP | 12u << 27;
}

static void t_refused(void)
{
	static const struct {
		const char *what;
		void (*mod)(struct gsim_batch *b);
		uint32_t ipehr;
	} bad[] = {
		{ "Edge Flag Enable", m_edge_flag, VE_HDR(3) },
		{ "STORE_PID (refused by the draw)", m_store_pid, CMD_3DPRIMITIVE },
		{ "index format 3", m_index_format, CMD_3DSTATE_INDEX_BUFFER },
		{ "Swizzle Select", m_swizzle_select, CMD_3DSTATE_SBE_SWIZ },
		{ "polygon stipple", m_stipple, CMD_3DSTATE_WM },
		{ "Core Mode Select", m_core_mode, CMD_3DSTATE_DRAWING_RECTANGLE | 1u << 14 },
		{ "an unlisted topology (1Ah)", m_topo_reserved, CMD_3DPRIMITIVE },
		{ "topology 0", m_topo_zero, CMD_3DPRIMITIVE },
		{ "an element of an undescribed buffer", m_no_buffer, CMD_3DPRIMITIVE },
		{ "Legacy Global Depth Bias", m_depth_bias, CMD_3DSTATE_SF },
		{ "dithering", m_dither, CMD_3DPRIMITIVE },
		{ "3DSTATE_PS_BLEND alpha test", m_alpha_test_psb, CMD_3DSTATE_PS_BLEND },
		{ "a logic op on a float target", m_logic_float, CMD_3DPRIMITIVE },
	};
	const struct r3e_vertex v[3] = { vtx(1, 1, 0xffffffff), vtx(15, 2, 0xffffffff),
					 vtx(3, 14, 0xffffffff) };

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		uint32_t ipehr, exp[W * H];

		begin(0x5a5a5a5a, 1);
		r3e_vertices(&E, v, 3);
		gsim_emit_3d_topology(&E.b, GSIM_TOPO_TRILIST);
		bad[i].mod(&E.b);
		gsim_emit_3d_primitive(&E.b, 3, 0, 1, 0, 0, 0);
		ipehr = r3e_run_error(&E);
		CHECK_MSG(ipehr == bad[i].ipehr, "%s: IPEHR %#x, want %#x", bad[i].what, ipehr,
			  bad[i].ipehr);
		fill(exp, 0x5a5a5a5a);
		compare(exp, 0, bad[i].what);
		/* the same draw without it works */
		begin(0x5a5a5a5a, 1);
		r3e_vertices(&E, v, 3);
		gsim_emit_3d_topology(&E.b, GSIM_TOPO_TRILIST);
		gsim_emit_3d_primitive(&E.b, 3, 0, 1, 0, 0, 0);
		r3e_run(&E);
		CHECK_MSG(r3e_pixel(&E, 4, 4) == 0xffffffff, "after %s: %08x", bad[i].what,
			  r3e_pixel(&E, 4, 4));
	}
}

/* ---- kernels ---- */

/* SIMD16: colour channels from four dwords of the setup data, moved as @type. */
static uint32_t ps_from(const char *src[4], const char *type)
{
	char text[1024];

	snprintf(text, sizeof(text),
		 "mov(16) g110<1>%s %s<0,1,0>%s { align1 1H }\n"
		 "mov(16) g112<1>%s %s<0,1,0>%s { align1 1H }\n"
		 "mov(16) g114<1>%s %s<0,1,0>%s { align1 1H }\n"
		 "mov(16) g116<1>%s %s<0,1,0>%s { align1 1H }\n"
		 "send(16) null<1>UW g110<8,8,1>UD dp_render %#xUD { align1 1H EOT }\n",
		 type[0] == 'D' ? "F" : "UD", src[0], type, type[0] == 'D' ? "F" : "UD", src[1], type,
		 type[0] == 'D' ? "F" : "UD", src[2], type, type[0] == 'D' ? "F" : "UD", src[3], type,
		 RT_WRITE_DESC(8, RT_SUB_SIMD16, 1, 0));
	return r3e_kernel(&E, text);
}

int main(void)
{
	/* a constant attribute's setup data is [0, 0, 0, a]: a at .3 of each component */
	const char *xyzw[4] = { "g6.3", "g6.7", "g7.3", "g7.7" };
	const char *three[4] = { "g6.3", "g8.3", "g10.3", "g7.7" };
	const char *r0[4] = { "g0.0", "g6.7", "g7.3", "g7.7" };

	r3e_start(&E, 2);
	ps_interp = r3e_kernel(&E, r3d_ps_interp16);
	ps_raw4 = ps_from(xyzw, "UD");
	ps_int4 = ps_from(xyzw, "D");
	ps_raw3x = ps_from(three, "UD");
	ps_r0 = ps_from(r0, "UD");
	tap_run("fill rule: a hypotenuse and edges on pixel centres, counted by hand", t_fill_rule);
	tap_run("snapping: an edge 1/64 off a centre at 8 and 4 subpixel bits", t_snapping);
	tap_run("small triangles at subpixel positions, both windings, 8 and 4 bits", t_subpixel_random);
	tap_run("TRISTRIP: provoking vertex in stream order, one winding", t_strip);
	tap_run("TRIFAN: provoking vertex of (0, i+1, i+2)", t_fan);
	tap_run("TRILIST: flat with each provoking vertex, interpolated", t_list_interp);
	tap_run("RECTLIST: bounding box coverage, the plane of three vertices", t_rect);
	tap_run("culling: every mode and front winding; rectangles and points never", t_cull);
	tap_run("the drawing rectangle's clip and origin, the scissor", t_scissor_origin);
	tap_run("the viewport transform and guardband clipping", t_viewport_guardband);
	tap_run("vertex formats, component controls, missing components", t_formats);
	tap_run("instancing: step rates 1, 2, 0 and per vertex, start instance", t_instancing);
	tap_run("index sizes with a base vertex, the cut index", t_indices);
	tap_run("blend functions and factors, worked by hand", t_blend_hand);
	tap_run("depth compare functions, worked by hand", t_depth_hand);
	tap_run("3DSTATE_SAMPLE_MASK bit 0 clear draws nothing", t_sample_mask);
	tap_run("the near and far planes: OGL and D3D, with and without the Z test", t_z_clip);
	tap_run("r0.0 bit 15: back facing triangles, front facing points", t_facing);
	tap_run("refused features: an instruction error at their command, nothing drawn", t_refused);
	r3e_stop(&E);
	return tap_done();
}
