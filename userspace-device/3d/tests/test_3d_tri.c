// SPDX-License-Identifier: MIT
/*
 * Triangles through rcs0, pixel for pixel against the CPU reference
 * (r3d_ref.c, hw-spec-3d's rules written again): triangles of many
 * shapes (slivers, sub-pixel ones, edges through pixel centres, off the
 * render target), meshes whose shared edges must cover every pixel
 * exactly once, strips and fans with their provoking vertices, indexed
 * draws with cut indices and a base vertex, instancing, culling and
 * winding, the viewport transform, scissor and the drawing rectangle's
 * clip and origin, 4-bit subpixels and upper-left sample points, flat and
 * interpolated colour at SIMD8 and SIMD16, B8G8R8A8, and the clipper's
 * trivial reject, reject-all and accept-all.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "r3d_env.h"
#include "tap.h"

#define CLEAR	0x10203040u

static struct r3e E;
static uint32_t ps8, ps16;

struct cfg {
	unsigned int topology;
	unsigned int simd;
	bool flat;
	unsigned int cull;		/* GSIM_CULL_* + 1; 0: none */
	bool front_ccw;
	unsigned int tri_pv, fan_pv;
	bool vp_transform;
	float vp[4];			/* x, y, w, h */
	bool sub4, ul;
	bool scissor;
	uint32_t sc[4];			/* x0, y0, x1, y1 inclusive */
	bool drect;
	uint32_t dr[4];
	int ox, oy;
	bool bgra;
	uint32_t clip;			/* GSIM_CLIP_* */
	const uint32_t *idx;		/* indexed draw: n indices */
	unsigned int nidx;
};

static uint32_t rng = 12345;

static float frand(float lo, float hi)
{
	rng = rng * 1103515245u + 12345u;
	return lo + (hi - lo) * (float)(rng >> 8) / (float)(1u << 24);
}

static struct r3e_vertex vtx(float x, float y)
{
	return (struct r3e_vertex){ x, y, 0.5f, 1.0f, frand(0, 1), frand(0, 1), frand(0, 1),
				    frand(0, 1) };
}

/* Draw @v with @c on the device and the reference, and compare. */
static void run(const struct cfg *c, const struct r3e_vertex *v, unsigned int n, unsigned int w,
		unsigned int h, const char *what, struct r3e_ref *keep)
{
	struct r3e_ref ref;
	struct gsim_3d_ps ps = { .kernel = c->simd == 16 ? ps16 : ps8, .simd = c->simd ? c->simd : 8,
				 .grf_start = c->simd == 16 ? 6 : 4,
				 .barycentric = GSIM_BARY_PERSPECTIVE, .flags = GSIM_PS_ATTRIBUTES };
	struct r3e_vertex *flatv = NULL;
	unsigned int bad;

	if (!c->simd)
		ps.kernel = ps8;
	r3e_target(&E, w, h, c->bgra ? R3D_FMT_B8G8R8A8_UNORM : R3D_FMT_R8G8B8A8_UNORM, CLEAR);
	if (c->vp_transform)
		r3e_viewport(&E, c->vp[0], c->vp[1], c->vp[2], c->vp[3], 1.0f);
	if (c->scissor)
		r3e_scissor_rect(&E, c->sc[0], c->sc[1], c->sc[2], c->sc[3]);
	r3e_begin(&E);
	gsim_emit_3d_ps(&E.b, &ps);
	gsim_emit_3d_sbe(&E.b, 1, 1, 1, c->flat ? 1 : 0);
	gsim_emit_3d_sf(&E.b, (c->vp_transform ? GSIM_SF_VIEWPORT_TRANSFORM : 0) |
			(c->sub4 ? GSIM_SF_SUBPIXEL_4BIT : 0), c->tri_pv, c->fan_pv);
	gsim_emit_3d_raster(&E.b, c->cull ? c->cull - 1 : GSIM_CULL_NONE,
			    (c->front_ccw ? GSIM_RASTER_FRONT_CCW : 0) |
			    (c->scissor ? GSIM_RASTER_SCISSOR : 0));
	gsim_emit_3d_multisample(&E.b, c->ul);
	gsim_emit_3d_clip(&E.b, c->clip);
	if (c->drect)
		gsim_emit_3d_drawing_rectangle(&E.b, c->dr[0], c->dr[1], c->dr[2], c->dr[3], c->ox,
					       c->oy);
	r3e_vertices(&E, v, n);
	gsim_emit_3d_topology(&E.b, c->topology);
	if (c->idx) {
		r3e_indices(&E, c->idx, c->nidx, 4);
		gsim_emit_3d_primitive(&E.b, c->nidx, 0, 1, 0, 0, GSIM_PRIM_INDEXED);
	} else {
		gsim_emit_3d_primitive(&E.b, n, 0, 1, 0, 0, 0);
	}
	r3e_run(&E);

	r3e_ref_init(&ref, w, h, CLEAR);
	ref.vp_transform = c->vp_transform;
	ref.vp[2] = 1.0f;
	ref.vp[0] = c->vp[2] / 2;
	ref.vp[1] = c->vp[3] / 2;
	ref.vp[3] = c->vp[0] + c->vp[2] / 2;
	ref.vp[4] = c->vp[1] + c->vp[3] / 2;
	ref.subpixel = c->sub4 ? 4 : 8;
	ref.ul_corner = c->ul;
	ref.cull = c->cull ? c->cull - 1 : GSIM_CULL_NONE;
	ref.front_ccw = c->front_ccw;
	ref.flat = c->flat;
	ref.tri_pv = c->tri_pv;
	ref.fan_pv = c->fan_pv;
	ref.bgra = c->bgra;
	if (c->drect) {
		ref.clip_x0 = (int)c->dr[0];
		ref.clip_y0 = (int)c->dr[1];
		ref.clip_x1 = (int)c->dr[2];
		ref.clip_y1 = (int)c->dr[3];
		ref.origin_x = c->ox;
		ref.origin_y = c->oy;
	}
	if (c->scissor) {
		ref.clip_x0 = ref.clip_x0 > (int)c->sc[0] ? ref.clip_x0 : (int)c->sc[0];
		ref.clip_y0 = ref.clip_y0 > (int)c->sc[1] ? ref.clip_y0 : (int)c->sc[1];
		ref.clip_x1 = ref.clip_x1 < (int)c->sc[2] ? ref.clip_x1 : (int)c->sc[2];
		ref.clip_y1 = ref.clip_y1 < (int)c->sc[3] ? ref.clip_y1 : (int)c->sc[3];
	}
	if (ref.clip_x1 >= (int)w)
		ref.clip_x1 = (int)w - 1;
	if (ref.clip_y1 >= (int)h)
		ref.clip_y1 = (int)h - 1;
	if (c->idx) {
		flatv = malloc(c->nidx * sizeof(*flatv));
		CHECK(flatv);
		for (unsigned int i = 0; i < c->nidx; i++)
			flatv[i] = v[c->idx[i]];
		r3e_ref_draw(&ref, c->topology, flatv, c->nidx);
		free(flatv);
	} else {
		r3e_ref_draw(&ref, c->topology, v, n);
	}
	bad = r3e_compare(&E, &ref, what);
	{
		unsigned int drawn = 0;

		for (unsigned int i = 0; i < w * h; i++)
			drawn += ref.count[i] != 0;
		printf("# %s: %u pixels drawn\n", what, drawn);
	}
	if (keep)
		*keep = ref;
	else
		r3e_ref_free(&ref);
	CHECK_MSG(!bad, "%s: %u pixels differ from the reference", what, bad);
}

/* Random triangles of every size, partly off the target, in one draw. */
static void t_random(void)
{
	static struct r3e_vertex v[3 * 60];

	for (unsigned int pass = 0; pass < 4; pass++) {
		struct cfg c = { .topology = GSIM_TOPO_TRILIST, .simd = pass & 1 ? 16 : 8,
				 .flat = pass >= 2 };

		for (unsigned int i = 0; i < 60; i++) {
			float s = i < 20 ? 4.0f : i < 40 ? 20.0f : 60.0f;
			float cx = frand(-8, 72), cy = frand(-8, 56);

			for (unsigned int k = 0; k < 3; k++)
				v[3 * i + k] = vtx(cx + frand(-s, s), cy + frand(-s, s));
		}
		run(&c, v, 3 * 60, 64, 48, pass & 1 ? "random SIMD16" : "random SIMD8", NULL);
	}
}

/*
 * Special shapes: edges through pixel centres (vertices on half-integers),
 * horizontal and vertical edges on them (the top-left rule decides), a
 * sliver, a sub-pixel triangle, a degenerate one, huge ones.
 */
static void t_shapes(void)
{
	const float P[][6] = {
		{ 2.5f, 2.5f, 12.5f, 2.5f, 2.5f, 12.5f },	/* top and left edges on centres */
		{ 12.5f, 12.5f, 2.5f, 12.5f, 12.5f, 2.5f },	/* bottom and right */
		{ 20.5f, 2.5f, 30.5f, 12.5f, 20.5f, 12.5f },
		{ 1.0f, 20.0f, 60.0f, 21.0f, 1.0f, 22.0f },	/* sliver */
		{ 40.2f, 30.2f, 40.7f, 30.3f, 40.4f, 30.8f },	/* sub-pixel, covers (40, 30)? */
		{ 10.0f, 40.0f, 20.0f, 40.0f, 30.0f, 40.0f },	/* degenerate */
		{ -500.0f, -300.0f, 900.0f, 30.0f, -100.0f, 800.0f },	/* huge */
		{ 33.5f, 33.5f, 33.5f, 40.5f, 40.5f, 33.5f },
		{ 50.0f, 2.0f, 62.0f, 2.0f, 56.0f, 2.0078125f },	/* nearly flat */
	};
	struct r3e_vertex v[3 * 9];

	for (unsigned int i = 0; i < 9; i++)
		for (unsigned int k = 0; k < 3; k++)
			v[3 * i + k] = vtx(P[i][2 * k], P[i][2 * k + 1]);
	for (unsigned int simd = 8; simd <= 16; simd += 8) {
		struct cfg c = { .topology = GSIM_TOPO_TRILIST, .simd = simd };

		run(&c, v, 27, 64, 48, "shapes", NULL);
	}
}

/*
 * A jittered grid covering the whole target, two triangles a cell, flat
 * colours: every pixel covered by exactly one triangle (the reference
 * counts), and the device's image is the reference's.
 */
static void t_mesh(void)
{
	enum { GX = 7, GY = 5, W = 64, H = 48 };
	static struct r3e_vertex g[(GX + 1) * (GY + 1)];
	static struct r3e_vertex v[GX * GY * 6];
	unsigned int n = 0;

	for (unsigned int pass = 0; pass < 3; pass++) {
		struct cfg c = { .topology = GSIM_TOPO_TRILIST, .simd = pass ? 16 : 8,
				 .flat = true, .sub4 = pass == 2 };
		struct r3e_ref ref;

		for (unsigned int y = 0; y <= GY; y++)
			for (unsigned int x = 0; x <= GX; x++) {
				float fx = (float)x * W / GX, fy = (float)y * H / GY;

				if (x && x < GX)
					fx += pass == 1 ? 0.5f : frand(-3, 3);
				if (y && y < GY)
					fy += pass == 1 ? 0.5f : frand(-3, 3);
				g[y * (GX + 1) + x] = vtx(fx, fy);
			}
		n = 0;
		for (unsigned int y = 0; y < GY; y++)
			for (unsigned int x = 0; x < GX; x++) {
				unsigned int a = y * (GX + 1) + x, b = a + 1, cc = a + GX + 1,
					     d = cc + 1;
				bool flip = (x + y + pass) & 1;

				v[n++] = g[a];
				v[n++] = g[b];
				v[n++] = flip ? g[cc] : g[d];
				v[n++] = flip ? g[b] : g[a];
				v[n++] = g[d];
				v[n++] = g[cc];
				/* a colour per triangle */
				for (unsigned int k = n - 6; k < n; k++) {
					v[k].r = (float)(k / 3 % 16) / 15.0f;
					v[k].g = (float)(k / 48) / 15.0f;
				}
			}
		run(&c, v, n, W, H, "mesh", &ref);
		for (unsigned int i = 0; i < W * H; i++)
			CHECK_MSG(ref.count[i] == 1, "mesh pass %u: pixel (%u, %u) covered %u times",
				  pass, i % W, i / W, ref.count[i]);
		r3e_ref_free(&ref);
	}
}

/* Strips and fans, flat with each provoking vertex, interpolated. */
static void t_strip_fan(void)
{
	struct r3e_vertex s[12], f[10];

	for (unsigned int i = 0; i < 12; i++)
		s[i] = vtx(2.0f + 5.3f * (float)i, i & 1 ? 40.0f + frand(-4, 4) : 6.0f + frand(-4, 4));
	f[0] = vtx(32.3f, 24.1f);
	for (unsigned int i = 1; i < 10; i++) {
		float a = (float)(i - 1) * 0.7f;

		f[i] = vtx(32.3f + 22.0f * cosf(a), 24.1f + 20.0f * sinf(a));
	}
	for (unsigned int pv = 0; pv < 3; pv++) {
		struct cfg c = { .topology = GSIM_TOPO_TRISTRIP, .simd = 16, .flat = true,
				 .tri_pv = pv, .fan_pv = pv };

		run(&c, s, 12, 64, 48, "strip, flat", NULL);
		c.topology = GSIM_TOPO_TRIFAN;
		run(&c, f, 10, 64, 48, "fan, flat", NULL);
	}
	{
		struct cfg c = { .topology = GSIM_TOPO_TRISTRIP, .simd = 8 };

		run(&c, s, 12, 64, 48, "strip", NULL);
		c.topology = GSIM_TOPO_TRIFAN;
		run(&c, f, 10, 64, 48, "fan", NULL);
	}
}

/* Culling by facing with both windings; a strip keeps its first triangle's winding. */
static void t_cull(void)
{
	struct r3e_vertex v[6] = {
		vtx(4, 4), vtx(30, 6), vtx(8, 40),	/* clockwise on the screen */
		vtx(34, 4), vtx(38, 40), vtx(60, 8),	/* counter-clockwise */
	};
	struct r3e_vertex s[6];

	for (unsigned int i = 0; i < 6; i++)
		s[i] = vtx(4.0f + 10.0f * (float)i, i & 1 ? 40.0f : 4.0f);
	for (unsigned int cull = GSIM_CULL_BOTH; cull <= GSIM_CULL_BACK; cull++)
		for (unsigned int ccw = 0; ccw < 2; ccw++) {
			struct cfg c = { .topology = GSIM_TOPO_TRILIST, .simd = 8, .cull = cull + 1,
					 .front_ccw = ccw };

			run(&c, v, 6, 64, 48, "cull", NULL);
			c.topology = GSIM_TOPO_TRISTRIP;
			run(&c, s, 6, 64, 48, "cull strip", NULL);
		}
}

/* NDC through the viewport transform; scissor; the drawing rectangle's clip and origin. */
static void t_viewport_scissor(void)
{
	struct r3e_vertex v[6] = {
		vtx(-0.9f, -0.8f), vtx(0.7f, -0.95f), vtx(-0.2f, 0.9f),
		vtx(0.1f, 0.1f), vtx(1.5f, 0.3f), vtx(0.4f, 1.6f),
	};
	struct cfg c = { .topology = GSIM_TOPO_TRILIST, .simd = 16, .vp_transform = true,
			 .vp = { 4, 6, 50, 36 } };

	run(&c, v, 6, 64, 48, "viewport", NULL);
	c.scissor = true;
	c.sc[0] = 10;
	c.sc[1] = 7;
	c.sc[2] = 40;
	c.sc[3] = 30;
	run(&c, v, 6, 64, 48, "viewport + scissor", NULL);
	c.scissor = false;
	c.drect = true;
	c.dr[0] = 3;
	c.dr[1] = 5;
	c.dr[2] = 50;
	c.dr[3] = 40;
	c.ox = 7;
	c.oy = -4;
	run(&c, v, 6, 64, 48, "drawing rectangle", NULL);
}

/* 4-bit subpixels and upper-left sample points, B8G8R8A8. */
static void t_precision(void)
{
	static struct r3e_vertex v[3 * 30];

	for (unsigned int i = 0; i < 90; i++)
		v[i] = vtx(frand(0, 64), frand(0, 48));
	for (unsigned int m = 0; m < 4; m++) {
		struct cfg c = { .topology = GSIM_TOPO_TRILIST, .simd = 16, .sub4 = m & 1,
				 .ul = m & 2, .bgra = m == 3 };

		run(&c, v, 90, 64, 48, "subpixel/sample point", NULL);
	}
}

/* Indexed draws: 32-bit indices, a cut index restarting a strip. */
static void t_indexed(void)
{
	struct r3e_vertex v[8];
	static const uint32_t tri[] = { 0, 1, 2, 2, 1, 3, 4, 5, 6, 6, 5, 7 };
	static const uint32_t strip[] = { 0, 1, 2, 3, 0xffffffffu, 4, 5, 6, 7 };

	for (unsigned int i = 0; i < 8; i++)
		v[i] = vtx(4.0f + 7.0f * (float)(i / 2) + (i & 1 ? 3.0f : 0), i & 1 ? 40.0f : 6.0f);
	{
		struct cfg c = { .topology = GSIM_TOPO_TRILIST, .simd = 8, .idx = tri,
				 .nidx = 12 };

		run(&c, v, 8, 64, 48, "indexed list", NULL);
	}
	{
		static const uint32_t s1[] = { 0, 1, 2, 3 }, s2[] = { 4, 5, 6, 7 };
		struct r3e_vertex both[8];
		struct r3e_ref ref;
		unsigned int bad;

		/* the device draws the strip with a cut; the reference draws its two halves */
		r3e_target(&E, 64, 48, R3D_FMT_R8G8B8A8_UNORM, CLEAR);
		r3e_begin(&E);
		{
			struct gsim_3d_ps ps = { .kernel = ps8, .simd = 8, .grf_start = 4,
						 .barycentric = GSIM_BARY_PERSPECTIVE,
						 .flags = GSIM_PS_ATTRIBUTES };

			gsim_emit_3d_ps(&E.b, &ps);
		}
		r3e_vertices(&E, v, 8);
		r3e_indices(&E, strip, 9, 4);
		gsim_emit_3d_vf(&E.b, 1, 0xffffffffu);
		gsim_emit_3d_topology(&E.b, GSIM_TOPO_TRISTRIP);
		gsim_emit_3d_primitive(&E.b, 9, 0, 1, 0, 0, GSIM_PRIM_INDEXED);
		r3e_run(&E);
		r3e_ref_init(&ref, 64, 48, CLEAR);
		for (unsigned int i = 0; i < 4; i++) {
			both[i] = v[s1[i]];
			both[4 + i] = v[s2[i]];
		}
		r3e_ref_draw(&ref, GSIM_TOPO_TRISTRIP, both, 4);
		r3e_ref_draw(&ref, GSIM_TOPO_TRISTRIP, both + 4, 4);
		bad = r3e_compare(&E, &ref, "cut index");
		r3e_ref_free(&ref);
		CHECK_EQ(bad, 0);
	}
}

/* The clipper: trivial reject, reject all, accept all, and the view volume's x, y planes. */
static void t_clip(void)
{
	struct r3e_vertex in[3] = { vtx(-0.5f, -0.5f), vtx(0.5f, -0.5f), vtx(0.0f, 0.5f) };
	struct r3e_vertex out[3] = { vtx(1.5f, -0.5f), vtx(2.5f, -0.5f), vtx(2.0f, 0.5f) };
	struct cfg c = { .topology = GSIM_TOPO_TRILIST, .simd = 8, .vp_transform = true,
			 .vp = { 0, 0, 64, 48 }, .clip = GSIM_CLIP_ENABLE | GSIM_CLIP_VIEWPORT_XY };

	run(&c, in, 3, 64, 48, "clip: accepted", NULL);
	run(&c, out, 3, 64, 48, "clip: trivially rejected", NULL);	/* nothing drawn */
	for (unsigned int i = 0; i < 64 * 48; i++)
		CHECK_EQ(r3e_pixel(&E, i % 64, i / 64), CLEAR);
	c.clip |= GSIM_CLIP_REJECT_ALL;
	r3e_target(&E, 64, 48, R3D_FMT_R8G8B8A8_UNORM, CLEAR);
	/* reject all: the reference would draw it, the device must not */
	{
		struct gsim_3d_ps ps = { .kernel = ps8, .simd = 8, .grf_start = 4,
					 .barycentric = GSIM_BARY_PERSPECTIVE,
					 .flags = GSIM_PS_ATTRIBUTES };

		r3e_begin(&E);
		gsim_emit_3d_ps(&E.b, &ps);
		gsim_emit_3d_sf(&E.b, GSIM_SF_VIEWPORT_TRANSFORM, 0, 1);
		gsim_emit_3d_clip(&E.b, c.clip);
		r3e_vertices(&E, in, 3);
		gsim_emit_3d_topology(&E.b, GSIM_TOPO_TRILIST);
		gsim_emit_3d_primitive(&E.b, 3, 0, 1, 0, 0, 0);
		r3e_run(&E);
		for (unsigned int i = 0; i < 64 * 48; i++)
			CHECK_EQ(r3e_pixel(&E, i % 64, i / 64), CLEAR);
	}
	/* accept all draws what crosses the planes, unclipped */
	{
		struct r3e_vertex cross[3] = { vtx(-1.5f, -0.5f), vtx(0.5f, -0.5f), vtx(0.0f, 0.5f) };

		c.clip = GSIM_CLIP_ENABLE | GSIM_CLIP_VIEWPORT_XY | GSIM_CLIP_ACCEPT_ALL;
		run(&c, cross, 3, 64, 48, "clip: accept all", NULL);
	}
	/*
	 * Clipped against x = -w: only pixels inside the viewport are drawn,
	 * and they are the unclipped triangle's, but for a few along the new
	 * edges' ends (the new vertices are snapped as any other).
	 */
	{
		struct r3e_vertex cross[3] = { vtx(-1.7f, -0.6f), vtx(0.6f, -0.4f), vtx(0.1f, 0.7f) };
		struct cfg u = c;
		struct r3e_ref ref;
		unsigned int diff = 0;

		u.clip = 0;
		u.drect = true;
		u.dr[0] = u.dr[1] = 0;
		u.dr[2] = 63;
		u.dr[3] = 47;
		run(&u, cross, 3, 64, 48, "unclipped", &ref);
		c.clip = GSIM_CLIP_ENABLE | GSIM_CLIP_VIEWPORT_XY;
		{
			struct gsim_3d_ps ps = { .kernel = ps8, .simd = 8, .grf_start = 4,
						 .barycentric = GSIM_BARY_PERSPECTIVE,
						 .flags = GSIM_PS_ATTRIBUTES };

			r3e_target(&E, 64, 48, R3D_FMT_R8G8B8A8_UNORM, CLEAR);
			r3e_begin(&E);
			gsim_emit_3d_ps(&E.b, &ps);
			gsim_emit_3d_sf(&E.b, GSIM_SF_VIEWPORT_TRANSFORM, 0, 1);
			gsim_emit_3d_clip(&E.b, c.clip);
			r3e_vertices(&E, cross, 3);
			gsim_emit_3d_topology(&E.b, GSIM_TOPO_TRILIST);
			gsim_emit_3d_primitive(&E.b, 3, 0, 1, 0, 0, 0);
			r3e_run(&E);
		}
		for (unsigned int y = 0; y < 48; y++)
			for (unsigned int x = 0; x < 64; x++) {
				uint32_t got = r3e_pixel(&E, x, y), want = ref.img[y * 64 + x];

				/* colours may differ in the last bit: the clipped vertices' are interpolated */
				if ((got == CLEAR) != (want == CLEAR))
					diff++;
			}
		r3e_ref_free(&ref);
		CHECK_MSG(diff <= 4, "clipped coverage differs in %u pixels", diff);
	}
}

/* Pixel (x, y) of a Y-tiled surface of @cpp bytes a pixel and @pitch bytes a row. */
static uint64_t ytile(unsigned int x, unsigned int y, unsigned int cpp, unsigned int pitch)
{
	unsigned int xb = x * cpp;

	return ((uint64_t)(y / 32) * (pitch / 128) + xb / 128) * 4096 + (xb % 128) / 16 * 512 +
	       (y % 32) * 16 + xb % 16;
}

static void depth_buffer(struct gsim_batch *b, unsigned int fmt, unsigned int w, unsigned int h,
			 unsigned int pitch, unsigned int func, bool write)
{
	CHECK(!gsim_emit_3d_depth(b, R3E_TEX, w, h, pitch, fmt, func, write));
}

/*
 * The depth test: random triangles at random depths, D32_FLOAT LESS with
 * writes, against the reference (colours and the Y-tiled depth values);
 * D16_UNORM: a farther triangle hidden behind a nearer one drawn first.
 */
static void t_depth(void)
{
	enum { W = 64, H = 48, PITCH = W * 4 };
	static struct r3e_vertex v[3 * 40];
	struct gsim_3d_ps ps = { .kernel = ps16, .simd = 16, .grf_start = 6,
				 .barycentric = GSIM_BARY_PERSPECTIVE, .flags = GSIM_PS_ATTRIBUTES };
	struct r3e_ref ref;
	unsigned int bad;
	const float one = 1.0f;
	uint32_t onebits;

	memcpy(&onebits, &one, 4);
	for (unsigned int i = 0; i < 3 * 40; i++) {
		v[i] = vtx(frand(-4, 68), frand(-4, 52));
		v[i].z = frand(0, 1);
	}
	for (unsigned int i = 0; i < PITCH / 4 * 64; i++)	/* two rows of 32-row tiles */
		wr32(E.tex + 4 * i, onebits);
	r3e_target(&E, W, H, R3D_FMT_R8G8B8A8_UNORM, CLEAR);
	r3e_begin(&E);
	gsim_emit_3d_ps(&E.b, &ps);
	depth_buffer(&E.b, DB_FORMAT_D32_FLOAT, W, H, PITCH, COMPARE_LESS, true);
	r3e_vertices(&E, v, 3 * 40);
	gsim_emit_3d_topology(&E.b, GSIM_TOPO_TRILIST);
	gsim_emit_3d_primitive(&E.b, 3 * 40, 0, 1, 0, 0, 0);
	r3e_run(&E);
	r3e_ref_init(&ref, W, H, CLEAR);
	ref.depth = true;
	ref.depth_func = COMPARE_LESS;
	ref.depth_write = true;
	r3e_ref_draw(&ref, GSIM_TOPO_TRILIST, v, 3 * 40);
	bad = r3e_compare(&E, &ref, "depth D32 LESS");
	for (unsigned int y = 0; y < H; y++)
		for (unsigned int x = 0; x < W; x++) {
			uint32_t got = rd32(E.tex + ytile(x, y, 4, PITCH)), want;

			memcpy(&want, &ref.zbuf[y * W + x], 4);
			if (got != want && bad++ < 8)
				printf("# depth (%u, %u): %#x, want %#x\n", x, y, got, want);
		}
	r3e_ref_free(&ref);
	CHECK_EQ(bad, 0);

	/* D16: the near triangle first, then a farther one over it: hidden */
	{
		struct r3e_vertex t[6] = { vtx(4, 4), vtx(40, 4), vtx(4, 40),
					   vtx(10, 10), vtx(60, 10), vtx(10, 46) };

		for (unsigned int i = 0; i < 6; i++)
			t[i].z = i < 3 ? 0.25f : 0.75f;
		for (unsigned int i = 0; i < PITCH / 4 * 64; i++)	/* two rows of 32-row tiles */
			wr32(E.tex + 4 * i, 0xffffffffu);
		r3e_target(&E, W, H, R3D_FMT_R8G8B8A8_UNORM, CLEAR);
		r3e_begin(&E);
		gsim_emit_3d_ps(&E.b, &ps);
		gsim_emit_3d_sbe(&E.b, 1, 1, 1, 1);
		depth_buffer(&E.b, DB_FORMAT_D16_UNORM, W, H, PITCH, COMPARE_LESS, true);
		r3e_vertices(&E, t, 6);
		gsim_emit_3d_topology(&E.b, GSIM_TOPO_TRILIST);
		gsim_emit_3d_primitive(&E.b, 6, 0, 1, 0, 0, 0);
		r3e_run(&E);
		r3e_ref_init(&ref, W, H, CLEAR);
		ref.flat = true;
		ref.depth = true;
		ref.depth_func = COMPARE_LESS;
		ref.depth_write = true;
		r3e_ref_draw(&ref, GSIM_TOPO_TRILIST, t, 6);
		bad = r3e_compare(&E, &ref, "depth D16");
		CHECK_EQ(rd32(E.tex + ytile(12, 12, 2, PITCH)) & 0xffff,
			 (uint32_t)floor(0.25 * 65535 + 0.5));
		CHECK_EQ(rd32(E.tex + ytile(50, 12, 2, PITCH)) & 0xffff,
			 (uint32_t)floor(0.75 * 65535 + 0.5));
		r3e_ref_free(&ref);
		CHECK_EQ(bad, 0);
	}
}

int main(void)
{
	r3e_start(&E, 2);
	ps8 = r3e_kernel(&E, r3e_ps_interp8);
	ps16 = r3e_kernel(&E, r3d_ps_interp16);
	tap_run("random triangles, SIMD8/16, flat/interpolated", t_random);
	tap_run("edges through pixel centres, slivers, sub-pixel, degenerate, huge", t_shapes);
	tap_run("meshes: shared edges cover every pixel exactly once", t_mesh);
	tap_run("strips and fans, provoking vertices", t_strip_fan);
	tap_run("culling and front winding", t_cull);
	tap_run("viewport transform, scissor, drawing rectangle origin", t_viewport_scissor);
	tap_run("4-bit subpixels, upper-left sample points, B8G8R8A8", t_precision);
	tap_run("indexed draws and cut indices", t_indexed);
	tap_run("clip tests: accept, trivial reject, reject all, accept all, x planes", t_clip);
	tap_run("the depth test: D32_FLOAT and D16_UNORM, Y-tiled", t_depth);
	r3e_stop(&E);
	return tap_done();
}
