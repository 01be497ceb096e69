// SPDX-License-Identifier: MIT
/*
 * LINELIST, LINESTRIP and LINELOOP through rcs0 (hw-spec-3d "Lines"):
 * hand-counted pixels of the parallelogram rule (horizontal, vertical,
 * 45-degree, shallow and steep lines, ends at subpixel positions, wider
 * lines), strips whose joints are drawn once, the colour interpolated
 * along a line, the provoking vertex of flat attributes, the depth test,
 * the clipper's rejection and clipping of lines, random lines pixel for
 * pixel against the CPU reference (r3d_ref.c), and the line state gensim
 * refuses.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "r3d_env.h"
#include "tap.h"

#define CLEAR	0x10203040u
#define RED	0xff0000ffu
#define W	96
#define H	64
#define ZPITCH	(W * 4)		/* three 128-byte Y tiles */

static struct r3e E;
static uint32_t ps8, ps16;
static uint32_t rng = 777;

static float frand(float lo, float hi)
{
	rng = rng * 1103515245u + 12345u;
	return lo + (hi - lo) * (float)(rng >> 8) / (float)(1u << 24);
}

struct cfg {
	unsigned int topo;	/* GSIM_TOPO_LINE* */
	unsigned int simd;
	bool flat;
	unsigned int pv;	/* Line Strip/List Provoking Vertex Select */
	uint32_t width;		/* Line Width, 1/128 pixels */
	bool sub4, ul, vp_transform;
	float gb;		/* the guardband, NDC */
	uint32_t clip;		/* GSIM_CLIP_* */
	bool depth;		/* a D32_FLOAT LESS test, written */
};

static void emit_state(const struct cfg *c, const struct r3e_vertex *v, unsigned int n)
{
	struct gsim_3d_ps ps = { .kernel = c->simd == 16 ? ps16 : ps8, .simd = c->simd,
				 .grf_start = c->simd == 16 ? 6 : 4,
				 .barycentric = GSIM_BARY_PERSPECTIVE, .flags = GSIM_PS_ATTRIBUTES };

	/* viewport: NDC to [16, 80] x [16, 48] (smaller than the target, to see clipping) */
	if (c->vp_transform)
		r3e_viewport(&E, 16, 16, 64, 32, c->gb ? c->gb : 1.0f);
	r3e_begin(&E);
	gsim_emit_3d_ps(&E.b, &ps);
	gsim_emit_3d_sbe(&E.b, 1, 1, 1, c->flat ? 1 : 0);
	CHECK(!gsim_emit_3d_sf_line(&E.b, (c->sub4 ? GSIM_SF_SUBPIXEL_4BIT : 0) |
				    (c->vp_transform ? GSIM_SF_VIEWPORT_TRANSFORM : 0), c->pv,
				    c->width ? c->width : 128));
	gsim_emit_3d_multisample(&E.b, c->ul);
	gsim_emit_3d_clip(&E.b, c->clip);
	if (c->depth)
		CHECK(!gsim_emit_3d_depth(&E.b, R3E_TEX, W, H, ZPITCH, GSIM_DEPTH_D32_FLOAT,
					  COMPARE_LESS, 1));
	r3e_vertices(&E, v, n);
	gsim_emit_3d_topology(&E.b, c->topo ? c->topo : GSIM_TOPO_LINELIST);
}

static void ref_setup(const struct cfg *c, struct r3e_ref *ref)
{
	r3e_ref_init(ref, W, H, CLEAR);
	ref->subpixel = c->sub4 ? 4 : 8;
	ref->ul_corner = c->ul;
	ref->flat = c->flat;
	ref->line_pv = c->pv;
	ref->line_width = c->width ? c->width : 128;
	ref->vp_transform = c->vp_transform;
	ref->vp[0] = 32.0f;
	ref->vp[1] = 16.0f;
	ref->vp[2] = 1.0f;
	ref->vp[3] = 48.0f;
	ref->vp[4] = 32.0f;
	ref->depth = c->depth;
	ref->depth_func = COMPARE_LESS;
	ref->depth_write = true;
}

/* Draw @v on the device and the reference: the pixels that differ. */
static unsigned int run(const struct cfg *c, const struct r3e_vertex *v, unsigned int n,
			const char *what, struct r3e_ref *keep)
{
	struct r3e_ref ref;
	unsigned int bad;

	r3e_target(&E, W, H, R3D_FMT_R8G8B8A8_UNORM, CLEAR);
	if (c->depth)
		for (unsigned int i = 0; i < ZPITCH / 4 * H; i++)
			((float *)E.tex)[i] = 1.0f;
	emit_state(c, v, n);
	gsim_emit_3d_primitive(&E.b, n, 0, 1, 0, 0, 0);
	r3e_run(&E);
	ref_setup(c, &ref);
	r3e_ref_draw(&ref, c->topo ? c->topo : GSIM_TOPO_LINELIST, v, n);
	bad = r3e_compare(&E, &ref, what);
	if (keep)
		*keep = ref;
	else
		r3e_ref_free(&ref);
	return bad;
}

static struct r3e_vertex vx(float x, float y, float r, float g, float b)
{
	return (struct r3e_vertex){ x, y, 0.5f, 1.0f, r, g, b, 1.0f };
}

/* The pixels of the target that are not CLEAR, and those of them not @colour or outside @want. */
static void count(bool (*want)(int x, int y, const void *arg), const void *arg, uint32_t colour,
		  unsigned int *got, unsigned int *bad)
{
	*got = *bad = 0;
	for (int y = 0; y < H; y++)
		for (int x = 0; x < W; x++) {
			uint32_t p = r3e_pixel(&E, (unsigned int)x, (unsigned int)y);
			bool in = want(x, y, arg);

			*got += p != CLEAR;
			*bad += in ? p != colour : p != CLEAR;
		}
}

/* A hand-counted line: pixel (x, y) for x in [x0, x1) at row rows[x - x0] (or columns). */
struct hand {
	float ax, ay, bx, by;
	uint32_t width;
	bool ymajor;
	int m0, m1;		/* the major-axis pixels [m0, m1) */
	int minor[12];		/* the first minor-axis pixel of each */
	int thick;		/* pixels across */
};

static bool in_hand(int x, int y, const void *arg)
{
	const struct hand *h = arg;
	int m = h->ymajor ? y : x, k = h->ymajor ? x : y;

	return m >= h->m0 && m < h->m1 && k >= h->minor[m - h->m0] &&
	       k < h->minor[m - h->m0] + h->thick;
}

/*
 * The parallelogram rule by hand: x-major lines cover the pixels whose
 * centre x is in [x0, x1) (the left end kept, the right not, whichever
 * way the line goes) and whose centre y is within half the width above
 * the line (inclusive) or below it (exclusive); y-major the same across.
 */
static void t_exact(void)
{
	static const struct hand cases[] = {
		/* horizontal through centres: pixels 10..19 of row 5, either way */
		{ 10.5f, 5.5f, 20.5f, 5.5f, 128, false, 10, 20,
		  { 5, 5, 5, 5, 5, 5, 5, 5, 5, 5 }, 1 },
		{ 20.5f, 5.5f, 10.5f, 5.5f, 128, false, 10, 20,
		  { 5, 5, 5, 5, 5, 5, 5, 5, 5, 5 }, 1 },
		/* on a pixel boundary: [4.5, 5.5) holds the centre of row 4 only */
		{ 10.5f, 5.0f, 20.5f, 5.0f, 128, false, 10, 20,
		  { 4, 4, 4, 4, 4, 4, 4, 4, 4, 4 }, 1 },
		/* vertical: rows 2..11 of column 30 */
		{ 30.5f, 2.5f, 30.5f, 12.5f, 128, true, 2, 12,
		  { 30, 30, 30, 30, 30, 30, 30, 30, 30, 30 }, 1 },
		/* 45 degrees (x-major): the diagonal */
		{ 40.5f, 20.5f, 50.5f, 30.5f, 128, false, 40, 50,
		  { 20, 21, 22, 23, 24, 25, 26, 27, 28, 29 }, 1 },
		/* shallow, ends at quarter pixels: y = 40.75 + (x - 2.25) / 4 */
		{ 2.25f, 40.75f, 12.25f, 43.25f, 128, false, 2, 12,
		  { 40, 41, 41, 41, 41, 42, 42, 42, 42, 43 }, 1 },
		/* steep: the same across */
		{ 60.75f, 2.25f, 63.25f, 12.25f, 128, true, 2, 12,
		  { 60, 61, 61, 61, 61, 62, 62, 62, 62, 63 }, 1 },
		/* the end at 75.25 keeps pixel 74; the start at 70.75 loses pixel 70 */
		{ 70.5f, 50.5f, 75.25f, 50.5f, 128, false, 70, 75, { 50, 50, 50, 50, 50 }, 1 },
		{ 70.75f, 55.5f, 75.5f, 55.5f, 128, false, 71, 75, { 55, 55, 55, 55 }, 1 },
		/* two pixels wide at a boundary: rows 49 and 50; three: 49..51 */
		{ 10.5f, 50.0f, 20.5f, 50.0f, 256, false, 10, 20,
		  { 49, 49, 49, 49, 49, 49, 49, 49, 49, 49 }, 2 },
		{ 30.5f, 50.5f, 40.5f, 50.5f, 384, false, 30, 40,
		  { 49, 49, 49, 49, 49, 49, 49, 49, 49, 49 }, 3 },
		/* half a pixel wide still covers the centres on the line */
		{ 80.5f, 30.5f, 80.5f, 35.5f, 64, true, 30, 35, { 80, 80, 80, 80, 80 }, 1 },
	};

	for (unsigned int i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct hand *h = &cases[i];
		struct cfg c = { .simd = 8, .width = h->width };
		struct r3e_vertex v[2] = { vx(h->ax, h->ay, 1, 0, 0), vx(h->bx, h->by, 1, 0, 0) };
		unsigned int got, bad, want = (unsigned int)((h->m1 - h->m0) * h->thick);

		CHECK_MSG(run(&c, v, 2, "exact line", NULL) == 0, "case %u against the reference",
			  i);
		count(in_hand, h, RED, &got, &bad);
		CHECK_MSG(bad == 0 && got == want, "line %u (%g, %g)-(%g, %g) width %u/128: %u "
			  "pixels, want %u, %u wrong", i, h->ax, h->ay, h->bx, h->by, h->width, got,
			  want, bad);
	}
}

static bool in_columns(int x, int y, const void *arg)
{
	(void)y;
	(void)arg;
	return x >= 10 && x < 30;
}

/*
 * A strip whose lines all go right draws each column of [10, 30) once:
 * the joints belong to the line they start.  The loop adds the closing
 * line.
 */
static void t_strip(void)
{
	struct r3e_vertex v[3] = { vx(10.5f, 20.5f, 1, 0, 0), vx(20.5f, 25.5f, 1, 0, 0),
				   vx(30.5f, 22.5f, 1, 0, 0) };
	struct cfg c = { .topo = GSIM_TOPO_LINESTRIP, .simd = 16 };
	struct r3e_ref ref;
	unsigned int got, bad, twice = 0;

	CHECK(run(&c, v, 3, "line strip", &ref) == 0);
	for (unsigned int i = 0; i < W * H; i++)
		twice += ref.count[i] > 1;
	r3e_ref_free(&ref);
	CHECK_MSG(twice == 0, "%u pixels drawn twice", twice);
	/* one pixel a column: every lit pixel in a column of [10, 30), 20 of them */
	count(in_columns, NULL, RED, &got, &bad);
	for (int x = 10; x < 30; x++) {
		unsigned int n = 0;

		for (int y = 0; y < H; y++)
			n += r3e_pixel(&E, (unsigned int)x, (unsigned int)y) != CLEAR;
		CHECK_MSG(n == 1, "column %d: %u pixels", x, n);
	}
	CHECK_MSG(got == 20, "%u pixels", got);
	/* the joint (20, 25) is the second line's: its first pixel */
	CHECK(r3e_pixel(&E, 20, 25) == RED);

	c.topo = GSIM_TOPO_LINELOOP;
	CHECK(run(&c, v, 3, "line loop", NULL) == 0);
	/* the closing line (30.5, 22.5) -> (10.5, 20.5) adds a pixel to each column */
	got = 0;
	for (unsigned int y = 0; y < H; y++)
		for (unsigned int x = 0; x < W; x++)
			got += r3e_pixel(&E, x, y) != CLEAR;
	CHECK_MSG(got > 20 && got <= 40, "line loop: %u pixels", got);
	CHECK(r3e_pixel(&E, 10, 20) == RED && r3e_pixel(&E, 29, 22) == RED);
}

/* Red from 0 to 1 along a line from x = 0.5 to 64.5: pixel x is x / 64. */
static void t_interp(void)
{
	struct r3e_vertex v[2] = { vx(0.5f, 10.5f, 0, 0, 0), vx(64.5f, 10.5f, 1, 0, 0) };

	for (unsigned int simd = 8; simd <= 16; simd += 8) {
		struct cfg c = { .simd = simd };
		unsigned int bad = 0;

		CHECK(run(&c, v, 2, "interpolated line", NULL) == 0);
		for (unsigned int x = 0; x < 64; x++) {
			uint32_t want = 0xff000000u | r3e_unorm8((float)x / 64.0f);

			bad += r3e_pixel(&E, x, 10) != want;
		}
		CHECK_MSG(bad == 0, "SIMD%u: %u pixels off the ramp", simd, bad);
		CHECK(r3e_pixel(&E, 64, 10) == CLEAR && r3e_pixel(&E, 10, 11) == CLEAR);
	}
}

static bool in_row10(int x, int y, const void *arg)
{
	(void)arg;
	return y == 10 && x >= 5 && x < 45;
}

/* Flat: the whole line is its provoking vertex's colour, the first or the second. */
static void t_provoking(void)
{
	struct r3e_vertex v[2] = { vx(5.5f, 10.5f, 1, 0, 0), vx(45.5f, 10.5f, 0, 1, 0) };
	unsigned int got, bad;

	for (unsigned int pv = 0; pv < 2; pv++) {
		struct cfg c = { .simd = 16, .flat = true, .pv = pv };

		CHECK(run(&c, v, 2, "flat line", NULL) == 0);
		count(in_row10, NULL, pv ? 0xff00ff00u : RED, &got, &bad);
		CHECK_MSG(got == 40 && bad == 0, "provoking vertex %u: %u pixels, %u wrong", pv,
			  got, bad);
	}
}

/* LESS with writes: crossing lines, the nearer one wins where they cross. */
static void t_depth(void)
{
	struct r3e_vertex v[6] = {
		vx(10.5f, 20.5f, 1, 0, 0), vx(50.5f, 20.5f, 1, 0, 0),	/* z 0.3 */
		vx(30.5f, 10.5f, 0, 1, 0), vx(30.5f, 30.5f, 0, 1, 0),	/* z 0.6: behind */
		vx(40.5f, 10.5f, 0, 0, 1), vx(40.5f, 30.5f, 0, 0, 1),	/* z 0.1: in front */
	};
	struct cfg c = { .simd = 8, .depth = true };

	v[0].z = v[1].z = 0.3f;
	v[2].z = v[3].z = 0.6f;
	v[4].z = v[5].z = 0.1f;
	CHECK(run(&c, v, 6, "depth-tested lines", NULL) == 0);
	CHECK_MSG(r3e_pixel(&E, 30, 20) == RED, "the far line drew over the near one: %#x",
		  r3e_pixel(&E, 30, 20));
	CHECK_MSG(r3e_pixel(&E, 40, 20) == 0xffff0000u, "the near line lost: %#x",
		  r3e_pixel(&E, 40, 20));
	CHECK(r3e_pixel(&E, 30, 19) == 0xff00ff00u && r3e_pixel(&E, 40, 21) == 0xffff0000u);
}

static bool in_clipped(int x, int y, const void *arg)
{
	(void)arg;
	return y == 32 && x >= 16 && x < 56;
}

/*
 * The viewport maps NDC x to 32 x + 48: a line from NDC x = -3 to 0.25 at
 * y = 0 (screen row 32) is clipped at x = -w (screen 16) by the viewport
 * XY test, and drawn from 16 to 56; unclipped it would start at 0.  With
 * the guardband at +-2 instead, it is clipped at screen -16 and drawn
 * from 0.  A line wholly outside is rejected.
 */
static void t_clip(void)
{
	struct r3e_vertex v[4] = { vx(-3.0f, 1.0f / 64, 1, 0, 0), vx(0.25f, 1.0f / 64, 1, 0, 0),
				   vx(1.5f, 0.0f, 1, 0, 0), vx(1.9f, 0.5f, 1, 0, 0) };
	struct cfg c = { .simd = 16, .vp_transform = true,
			 .clip = GSIM_CLIP_ENABLE | GSIM_CLIP_VIEWPORT_XY };
	unsigned int got, bad;

	/* y = 1/64 in NDC is screen 32.25: row 32 */
	r3e_target(&E, W, H, R3D_FMT_R8G8B8A8_UNORM, CLEAR);
	emit_state(&c, v, 4);
	gsim_emit_3d_primitive(&E.b, 4, 0, 1, 0, 0, 0);
	r3e_run(&E);
	count(in_clipped, NULL, RED, &got, &bad);
	CHECK_MSG(got == 40 && bad == 0, "viewport XY: %u pixels, %u wrong", got, bad);

	c.clip = GSIM_CLIP_ENABLE | GSIM_CLIP_GUARDBAND;
	c.gb = 2.0f;
	r3e_target(&E, W, H, R3D_FMT_R8G8B8A8_UNORM, CLEAR);
	emit_state(&c, v, 4);
	gsim_emit_3d_primitive(&E.b, 4, 0, 1, 0, 0, 0);
	r3e_run(&E);
	got = 0;
	for (unsigned int x = 0; x < W; x++)
		got += r3e_pixel(&E, x, 32) != CLEAR;
	CHECK_MSG(got == 56, "guardband: row 32 has %u pixels, want 0..55", got);
	/* the second line (NDC x 1.5 .. 1.9) is inside the guardband: drawn */
	CHECK(r3e_pixel(&E, 96 - 1, 32) == CLEAR && r3e_pixel(&E, 16 + 32 * 3 - 1, 0) == CLEAR);

	/* clipped with the colour: at NDC x = -1 (t = 2/3.25) red is 2/3.25 */
	v[0].r = 0.0f;
	c.clip = GSIM_CLIP_ENABLE | GSIM_CLIP_VIEWPORT_XY;
	r3e_target(&E, W, H, R3D_FMT_R8G8B8A8_UNORM, CLEAR);
	emit_state(&c, v, 2);
	gsim_emit_3d_primitive(&E.b, 2, 0, 1, 0, 0, 0);
	r3e_run(&E);
	{
		uint32_t p = r3e_pixel(&E, 16, 32), want = r3e_unorm8(2.0f / 3.25f + 0.5f / 104.0f);

		CHECK_MSG((p & 0xff) + 1 >= want && (p & 0xff) <= want + 1,
			  "clipped start red %u, want about %u", p & 0xff, want);
	}

	/* wholly outside x <= w: nothing */
	r3e_target(&E, W, H, R3D_FMT_R8G8B8A8_UNORM, CLEAR);
	emit_state(&c, v + 2, 2);
	gsim_emit_3d_primitive(&E.b, 2, 0, 1, 0, 0, 0);
	r3e_run(&E);
	count(in_clipped, NULL, RED, &got, &bad);
	CHECK_MSG(got == 0, "a rejected line drew %u pixels", got);
}

/* Random lines of random widths, lists and strips, against the reference. */
static void t_random(void)
{
	struct r3e_vertex v[40];

	for (unsigned int k = 0; k < 24; k++) {
		struct cfg c = { .topo = k % 3 == 0 ? GSIM_TOPO_LINELIST : k % 3 == 1 ?
				 GSIM_TOPO_LINESTRIP : GSIM_TOPO_LINELOOP,
				 .simd = k & 1 ? 16 : 8, .flat = k & 2, .pv = (k >> 2) & 1,
				 .sub4 = k & 8, .ul = k == 5 || k == 18, .depth = k % 5 == 4 };
		struct r3e_ref ref;
		unsigned int covered = 0, n = k % 3 == 0 ? 40 : 12;

		c.width = k < 8 ? 128 : 1 + (uint32_t)frand(0, 700);
		for (unsigned int i = 0; i < n; i++) {
			v[i] = vx(frand(-4, W + 4), frand(-4, H + 4), frand(0, 1), frand(0, 1),
				  frand(0, 1));
			v[i].z = frand(0.05f, 0.95f);
			if (i % 5 == 1) {	/* some exactly on the subpixel grid, axis-aligned */
				v[i].x = floorf(v[i - 1].x) + 0.5f;
				v[i].y = floorf(v[i].y * 4) / 4;
			}
		}
		CHECK_MSG(run(&c, v, n, "random lines", &ref) == 0,
			  "topology %u SIMD%u flat %d pv %u width %u/128 sub4 %d ul %d depth %d",
			  c.topo, c.simd, c.flat, c.pv, c.width, c.sub4, c.ul, c.depth);
		for (unsigned int i = 0; i < W * H; i++)
			covered += ref.count[i] != 0;
		CHECK_MSG(covered > 0, "the reference draws something");
		r3e_ref_free(&ref);
	}
}

/* One draw of a line with @dw appended to the state: the instruction error's IPEHR. */
static uint32_t refused(const uint32_t *dw, unsigned int n, unsigned int topo)
{
	struct cfg c = { .simd = 8 };
	struct r3e_vertex v[2] = { vx(5.5f, 5.5f, 1, 0, 0), vx(25.5f, 5.5f, 1, 0, 0) };
	uint32_t ipehr;

	r3e_target(&E, W, H, R3D_FMT_R8G8B8A8_UNORM, CLEAR);
	emit_state(&c, v, 2);
	if (n)
		gsim_batch_emit(&E.b, dw, n);
	gsim_emit_3d_topology(&E.b, topo);
	gsim_emit_3d_primitive(&E.b, 2, 0, 1, 0, 0, 0);
	ipehr = r3e_run_error(&E);
	CHECK_MSG(r3e_pixel(&E, 10, 5) == CLEAR, "a refused line drew");
	return ipehr;
}

/*
 * Refused: antialiased lines (3DSTATE_RASTER), line stipple and the legacy
 * diamond rule (3DSTATE_WM), Last Pixel Enable, Line Width 0, a reserved
 * provoking vertex select, and the adjacency and _CONT topologies.
 */
static void t_refused(void)
{
	uint32_t ipehr;

	ipehr = refused((uint32_t[]){ CMD_3DSTATE_RASTER, RASTER_DW1_AA | 1u << 16, 0, 0, 0 }, 5,
			GSIM_TOPO_LINELIST);
	CHECK_MSG(ipehr == CMD_3DSTATE_RASTER, "antialiased lines: IPEHR %#x", ipehr);
	ipehr = refused((uint32_t[]){ CMD_3DSTATE_WM, WM_DW1_LINE_STIPPLE }, 2,
			GSIM_TOPO_LINESTRIP);
	CHECK_MSG(ipehr == CMD_3DPRIMITIVE, "line stipple: IPEHR %#x", ipehr);
	ipehr = refused((uint32_t[]){ CMD_3DSTATE_WM, WM_DW1_LEGACY_DIAMOND_LINE }, 2,
			GSIM_TOPO_LINELIST);
	CHECK_MSG(ipehr == CMD_3DPRIMITIVE, "legacy diamond: IPEHR %#x", ipehr);
	ipehr = refused((uint32_t[]){ CMD_3DSTATE_SF, 0, 128u << 18, SF_DW3_LAST_PIXEL }, 4,
			GSIM_TOPO_LINELIST);
	CHECK_MSG(ipehr == CMD_3DPRIMITIVE, "last pixel: IPEHR %#x", ipehr);
	ipehr = refused((uint32_t[]){ CMD_3DSTATE_SF, 0, 0, 0 }, 4, GSIM_TOPO_LINELIST);
	CHECK_MSG(ipehr == CMD_3DPRIMITIVE, "line width 0: IPEHR %#x", ipehr);
	ipehr = refused((uint32_t[]){ CMD_3DSTATE_SF, 0, 128u << 18, 2u << 27 }, 4,
			GSIM_TOPO_LINELIST);
	CHECK_MSG(ipehr == CMD_3DPRIMITIVE, "provoking vertex 2: IPEHR %#x", ipehr);
	ipehr = refused(NULL, 0, 10);	/* LINESTRIP_ADJ */
	CHECK_MSG(ipehr == CMD_3DPRIMITIVE, "LINESTRIP_ADJ: IPEHR %#x", ipehr);
	ipehr = refused(NULL, 0, 18);	/* LINESTRIP_CONT */
	CHECK_MSG(ipehr == CMD_3DPRIMITIVE, "LINESTRIP_CONT: IPEHR %#x", ipehr);
	/* and the same state draws when nothing is refused */
	{
		struct cfg c = { .simd = 8 };
		struct r3e_vertex v[2] = { vx(5.5f, 5.5f, 1, 0, 0), vx(25.5f, 5.5f, 1, 0, 0) };

		CHECK(run(&c, v, 2, "accepted line", NULL) == 0);
		CHECK(r3e_pixel(&E, 10, 5) == RED);
	}
}

int main(void)
{
	r3e_start(&E, 2);
	ps8 = r3e_kernel(&E, r3e_ps_interp8);
	ps16 = r3e_kernel(&E, r3e_ps_interp16_pln);
	tap_run("lines: hand-counted pixels of the parallelogram rule", t_exact);
	tap_run("lines: strips draw joints once; loops close", t_strip);
	tap_run("lines: the colour along a line", t_interp);
	tap_run("lines: the provoking vertex of flat attributes", t_provoking);
	tap_run("lines: the depth test", t_depth);
	tap_run("lines: the clipper rejects and clips lines", t_clip);
	tap_run("random lines against the reference", t_random);
	tap_run("lines: antialiasing, stipple, legacy diamond and the rest refused", t_refused);
	r3e_stop(&E);
	return tap_done();
}
