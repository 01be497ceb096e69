// SPDX-License-Identifier: MIT
/*
 * POINTLIST through rcs0 (hw-spec-3d "Points"), pixel for pixel against
 * the CPU reference (r3d_ref.c): squares of 3DSTATE_SF's Point Width or
 * of the VUE header's, on the subpixel grid with the upper-left rule of
 * a rectangle, their colour the vertex's whether attribute 0 is
 * interpolated or constant; SIMD8 and SIMD16 (one SIMD16 pln a component,
 * as IGT's rendercopy kernel); the clipper's test of the vertex; and the
 * point state gensim refuses.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "r3d_env.h"
#include "tap.h"

#define CLEAR	0x10203040u
#define W	96
#define H	64

static struct r3e E;
static uint32_t ps8, ps16;
static uint32_t rng = 4242;

static float frand(float lo, float hi)
{
	rng = rng * 1103515245u + 12345u;
	return lo + (hi - lo) * (float)(rng >> 8) / (float)(1u << 24);
}

struct cfg {
	unsigned int simd;
	bool flat;
	bool state;		/* Point Width Source: State */
	uint32_t width;		/* its Point Width, 1/8 pixels */
	bool sub4, ul;
	uint32_t clip;		/* GSIM_CLIP_* */
	bool vp_transform;
};

/*
 * Vertex elements: 0 the VUE header, its dword 3 (the point width) the
 * vertex's a; 1 the position; 2 the colour.
 */
static void vertices(const struct r3e_vertex *v, unsigned int n)
{
	const struct gsim_3d_vertex_element ve[3] = {
		{ 0, R3D_FMT_R32G32B32A32_FLOAT, 16,
		  { GSIM_VFCOMP_0, GSIM_VFCOMP_0, GSIM_VFCOMP_0, GSIM_VFCOMP_SRC } },
		{ 0, R3D_FMT_R32G32B32A32_FLOAT, 0,
		  { GSIM_VFCOMP_SRC, GSIM_VFCOMP_SRC, GSIM_VFCOMP_SRC, GSIM_VFCOMP_SRC } },
		{ 0, R3D_FMT_R32G32B32A32_FLOAT, 16,
		  { GSIM_VFCOMP_SRC, GSIM_VFCOMP_SRC, GSIM_VFCOMP_SRC, GSIM_VFCOMP_SRC } },
	};

	struct gsim_3d_vertex_buffer vb = { .index = 0, .pitch = sizeof(*v), .va = R3E_VB,
					    .size = (uint32_t)(n * sizeof(*v)) };

	CHECK(n * sizeof(*v) <= R3E_VB_BYTES);
	memcpy(E.vb, v, n * sizeof(*v));
	gsim_emit_3d_vertex_buffers(&E.b, &vb, 1);
	gsim_emit_3d_vertex_elements(&E.b, ve, 3);
}

/* The batch of a draw of @v, without its 3DPRIMITIVE. */
static void emit_state(const struct cfg *c, const struct r3e_vertex *v, unsigned int n)
{
	struct gsim_3d_ps ps = { .kernel = c->simd == 16 ? ps16 : ps8, .simd = c->simd,
				 .grf_start = c->simd == 16 ? 6 : 4,
				 .barycentric = GSIM_BARY_PERSPECTIVE, .flags = GSIM_PS_ATTRIBUTES };

	if (c->vp_transform)
		r3e_viewport(&E, 0, 0, W, H, 1.0f);
	r3e_begin(&E);
	gsim_emit_3d_ps(&E.b, &ps);
	gsim_emit_3d_sbe(&E.b, 1, 1, 1, c->flat ? 1 : 0);
	gsim_emit_3d_sf_point(&E.b, (c->state ? GSIM_SF_POINT_WIDTH_STATE : 0) |
			      (c->sub4 ? GSIM_SF_SUBPIXEL_4BIT : 0) |
			      (c->vp_transform ? GSIM_SF_VIEWPORT_TRANSFORM : 0), 0, 1, c->width);
	gsim_emit_3d_multisample(&E.b, c->ul);
	gsim_emit_3d_clip(&E.b, c->clip);
	vertices(v, n);
	gsim_emit_3d_topology(&E.b, GSIM_TOPO_POINTLIST);
}

static void emit(const struct cfg *c, const struct r3e_vertex *v, unsigned int n)
{
	emit_state(c, v, n);
	gsim_emit_3d_primitive(&E.b, n, 0, 1, 0, 0, 0);
}

/* Draw @v on the device and the reference: the pixels that differ. */
static unsigned int run(const struct cfg *c, const struct r3e_vertex *v, unsigned int n,
			const char *what, struct r3e_ref *keep)
{
	struct r3e_ref ref;
	unsigned int bad;

	r3e_target(&E, W, H, R3D_FMT_R8G8B8A8_UNORM, CLEAR);
	emit(c, v, n);
	r3e_run(&E);
	r3e_ref_init(&ref, W, H, CLEAR);
	ref.subpixel = c->sub4 ? 4 : 8;
	ref.ul_corner = c->ul;
	ref.point_state = c->state;
	ref.point_width = (float)c->width / 8.0f;
	ref.vp_transform = c->vp_transform;
	ref.vp[0] = W / 2.0f;
	ref.vp[1] = H / 2.0f;
	ref.vp[2] = 1.0f;
	ref.vp[3] = W / 2.0f;
	ref.vp[4] = H / 2.0f;
	r3e_ref_draw(&ref, GSIM_TOPO_POINTLIST, v, n);
	bad = r3e_compare(&E, &ref, what);
	if (keep)
		*keep = ref;
	else
		r3e_ref_free(&ref);
	return bad;
}

static struct r3e_vertex pt(float x, float y, float width)
{
	return (struct r3e_vertex){ x, y, 0.5f, 1.0f, frand(0, 1), frand(0, 1), frand(0, 1),
				    width };
}

/* Hand-counted squares: where the upper-left rule puts a point's pixels. */
static void t_exact(void)
{
	static const struct {
		float x, y;
		uint32_t width;		/* 1/8 pixels */
		int x0, y0, n;		/* the n x n pixels from (x0, y0) */
	} cases[] = {
		{ 10.5f, 10.5f, 8, 10, 10, 1 },		/* one pixel, centred */
		{ 10.0f, 10.0f, 16, 9, 9, 2 },		/* 2x2 around a corner */
		{ 20.5f, 20.5f, 24, 19, 19, 3 },
		{ 30.0f, 30.0f, 8, 29, 29, 1 },		/* edges through centres: upper left */
		{ 40.25f, 8.25f, 32, 38, 6, 4 },
		{ 50.5f, 40.5f, 4, 50, 40, 1 },		/* half a pixel still covers the centre */
		{ 60.0f, 40.0f, 4, 0, 0, 0 },		/* covers no centre */
	};
	struct cfg c = { .simd = 8, .state = true };

	for (unsigned int i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct r3e_vertex v = pt(cases[i].x, cases[i].y, 0);
		unsigned int got = 0, want = (unsigned int)(cases[i].n * cases[i].n), bad = 0;

		v.r = 1.0f;
		v.g = 0.0f;
		v.b = 0.0f;
		v.a = 1.0f;
		c.width = cases[i].width;
		CHECK(run(&c, &v, 1, "exact point", NULL) == 0);
		for (int y = 0; y < H; y++)
			for (int x = 0; x < W; x++) {
				bool in = x >= cases[i].x0 && x < cases[i].x0 + cases[i].n &&
					  y >= cases[i].y0 && y < cases[i].y0 + cases[i].n;
				uint32_t p = r3e_pixel(&E, (unsigned int)x, (unsigned int)y);

				got += p != CLEAR;
				bad += in ? p != 0xff0000ffu : p != CLEAR;
			}
		CHECK_MSG(bad == 0 && got == want, "point %u at (%g, %g) width %u/8: %u pixels, "
			  "want %u, %u wrong", i, cases[i].x, cases[i].y, cases[i].width, got, want,
			  bad);
	}
}

/* Random points of random widths, from the state and from the VUE, against the reference. */
static void t_random(void)
{
	struct r3e_vertex v[48];

	for (unsigned int k = 0; k < 16; k++) {
		struct cfg c = { .simd = k & 1 ? 16 : 8, .flat = k & 2, .state = k & 4,
				 .sub4 = k & 8, .ul = k == 5 || k == 10 };
		struct r3e_ref ref;
		unsigned int covered = 0;

		c.width = 1 + (uint32_t)frand(0, 120);
		for (unsigned int i = 0; i < 48; i++)
			v[i] = pt(frand(-4, W + 4), frand(-4, H + 4), frand(0.05f, 12.0f));
		CHECK_MSG(run(&c, v, 48, "random points", &ref) == 0,
			  "SIMD%u flat %d state %d (%u/8) sub4 %d ul %d", c.simd, c.flat, c.state,
			  c.width, c.sub4, c.ul);
		for (unsigned int i = 0; i < W * H; i++)
			covered += ref.count[i] != 0;
		CHECK_MSG(covered > 0, "the reference draws something");
		r3e_ref_free(&ref);
	}
}

/* The clipper tests the vertex: a point whose centre is outside is gone, whole. */
static void t_clip(void)
{
	struct cfg c = { .simd = 16, .state = true, .width = 64, .vp_transform = true,
			 .clip = GSIM_CLIP_ENABLE | GSIM_CLIP_VIEWPORT_XY };
	/* NDC: inside, just inside the right edge (drawn whole, past it), outside */
	struct r3e_vertex v[3] = { pt(0.0f, 0.0f, 0), pt(0.99f, -0.5f, 0), pt(1.01f, 0.5f, 0) };
	struct r3e_ref ref;
	unsigned int n = 0;

	for (unsigned int i = 0; i < 3; i++)
		v[i].a = 1.0f;
	CHECK(run(&c, v, 2, "clipped points", &ref) == 0);
	for (unsigned int i = 0; i < W * H; i++)
		n += ref.count[i] != 0;
	r3e_ref_free(&ref);
	/* 8x8 pixels, and 4x8 of the second: the render target ends at x = 96 */
	CHECK_MSG(n == 64 + 4 * 8, "%u pixels", n);
	r3e_target(&E, W, H, R3D_FMT_R8G8B8A8_UNORM, CLEAR);
	emit(&c, v + 2, 1);
	r3e_run(&E);
	for (unsigned int y = 0; y < H; y++)
		for (unsigned int x = 0; x < W; x++)
			n += r3e_pixel(&E, x, y) != CLEAR;
	CHECK_MSG(n == 96, "a point outside x <= w draws nothing (%u)", n - 96);
}

/*
 * Indices past the index buffer's Buffer Size read as 0 (hw-spec-3d), cut
 * index or not: an indexed draw of three points that starts past a buffer
 * of four 16-bit indices draws vertex 0 three times, whatever cut index
 * 3DSTATE_VF holds (0xffffffff, masked to 0xffff, is not 0).
 */
static void t_indices_past_buffer(void)
{
	struct cfg c = { .simd = 8, .state = true, .width = 32 };
	struct r3e_vertex v[2] = { pt(20.0f, 20.0f, 0), pt(60.0f, 30.0f, 0) };
	struct r3e_ref ref;
	unsigned int bad;

	r3e_target(&E, W, H, R3D_FMT_R8G8B8A8_UNORM, CLEAR);
	emit_state(&c, v, 2);
	memset(E.ib, 0x55, 8);			/* indices that would draw nothing */
	gsim_emit_3d_index_buffer(&E.b, R3E_IB, 8, 2);
	gsim_emit_3d_vf(&E.b, 1, 0xffffffffu);
	gsim_emit_3d_primitive(&E.b, 3, 4, 1, 0, 0, GSIM_PRIM_INDEXED);
	r3e_run(&E);
	r3e_ref_init(&ref, W, H, CLEAR);
	ref.subpixel = 8;
	ref.point_state = true;
	ref.point_width = 4.0f;
	r3e_ref_draw(&ref, GSIM_TOPO_POINTLIST, v, 1);
	bad = r3e_compare(&E, &ref, "indices past the buffer");
	r3e_ref_free(&ref);
	CHECK_MSG(bad == 0, "%u pixels differ from vertex 0's point", bad);
	CHECK_MSG(r3e_pixel(&E, 20, 20) != CLEAR, "vertex 0's point was not drawn");
}

/* Refused: smooth (antialiased) points, point sprite texture coordinates. */
static void t_refused(void)
{
	struct cfg c = { .simd = 8, .state = true, .width = 8 };
	struct r3e_vertex v = pt(5, 5, 1);
	uint32_t ipehr;

	r3e_target(&E, W, H, R3D_FMT_R8G8B8A8_UNORM, CLEAR);
	emit_state(&c, &v, 1);
	gsim_batch_emit(&E.b, (uint32_t[]){ CMD_3DSTATE_SF, 0, 0, SF_DW3_SMOOTH_POINT }, 4);
	gsim_emit_3d_primitive(&E.b, 1, 0, 1, 0, 0, 0);
	ipehr = r3e_run_error(&E);
	CHECK_MSG(ipehr == CMD_3DPRIMITIVE, "smooth points: IPEHR %#x", ipehr);

	emit_state(&c, &v, 1);
	gsim_batch_emit(&E.b, (uint32_t[]){ CMD_3DSTATE_SBE, 1u << 22 | 1u << 29 | 1u << 28 |
					     1u << 11 | 1u << 5, 1, 0 }, 4);
	gsim_emit_3d_primitive(&E.b, 1, 0, 1, 0, 0, 0);
	ipehr = r3e_run_error(&E);
	CHECK_MSG(ipehr == CMD_3DPRIMITIVE, "point sprites: IPEHR %#x", ipehr);
	CHECK(r3e_pixel(&E, 5, 5) == CLEAR);
}

int main(void)
{
	r3e_start(&E, 2);
	ps8 = r3e_kernel(&E, r3e_ps_interp8);
	ps16 = r3e_kernel(&E, r3e_ps_interp16_pln);
	tap_run("points: hand-counted squares, the upper-left rule", t_exact);
	tap_run("random points: state and VUE widths, SIMD8/16, flat/interpolated", t_random);
	tap_run("points: the clipper tests the vertex", t_clip);
	tap_run("points: indices past the index buffer read as 0, with a cut index", t_indices_past_buffer);
	tap_run("points: smooth points and point sprites refused", t_refused);
	r3e_stop(&E);
	return tap_done();
}
