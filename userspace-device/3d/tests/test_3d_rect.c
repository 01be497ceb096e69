// SPDX-License-Identifier: MIT
/*
 * RECTLIST through rcs0 (hw-spec-3d "RECTLIST"): the first target IGT's
 * gen8 rendercopy sets, a pass-through pipeline (no VS, the clipper off,
 * no viewport transform: the vertices are pixel positions) drawing an
 * axis-aligned rectangle with a pixel shader: fills of a constant colour
 * at SIMD8 and SIMD16, a gradient of an interpolated attribute, write
 * masks, B8G8R8A8, and a copy of a texture through the sampler.
 */
#include <stdlib.h>
#include <string.h>

#include "r3d_env.h"
#include "tap.h"

static struct r3e E;

/* Three corners of [x0, x1) x [y0, y1): lower right, lower left, upper left (as IGT). */
static void rect(struct r3e_vertex v[3], float x0, float y0, float x1, float y1,
		 const float c[3][4])
{
	const float p[3][2] = { { x1, y1 }, { x0, y1 }, { x0, y0 } };

	for (unsigned int i = 0; i < 3; i++) {
		v[i] = (struct r3e_vertex){ p[i][0], p[i][1], 0, 1, c[i][0], c[i][1], c[i][2],
					    c[i][3] };
	}
}

static void draw_rect(uint32_t ps, unsigned int simd, unsigned int grf, const struct r3e_vertex *v,
		      unsigned int n)
{
	struct gsim_3d_ps p = { .kernel = ps, .simd = simd, .grf_start = grf,
				.barycentric = GSIM_BARY_PERSPECTIVE,
				.flags = GSIM_PS_ATTRIBUTES };

	r3e_begin(&E);
	gsim_emit_3d_ps(&E.b, &p);
	r3e_vertices(&E, v, n);
	gsim_emit_3d_topology(&E.b, GSIM_TOPO_RECTLIST);
	gsim_emit_3d_primitive(&E.b, n, 0, 1, 0, 0, 0);
	r3e_run(&E);
}

static void t_fill(void)
{
	static const float c[3][4] = { { 0 } };
	struct r3e_vertex v[3];

	for (unsigned int simd = 8; simd <= 16; simd += 8) {
		char *text = r3e_ps_const(simd, 1.0f, 0.5f, 0.25f, 1.0f);
		uint32_t ps = r3e_kernel(&E, text);
		unsigned int grf = simd == 16 ? 6 : 4;

		free(text);
		r3e_target(&E, 64, 48, R3D_FMT_R8G8B8A8_UNORM, 0x11223344);
		rect(v, 5, 7, 37, 30, c);
		draw_rect(ps, simd, grf, v, 3);
		for (unsigned int y = 0; y < 48; y++)
			for (unsigned int x = 0; x < 64; x++) {
				bool in = x >= 5 && x < 37 && y >= 7 && y < 30;

				CHECK_MSG(r3e_pixel(&E, x, y) == (in ? 0xff4080ffu : 0x11223344u),
					  "SIMD%u (%u, %u): %#x", simd, x, y, r3e_pixel(&E, x, y));
			}
	}
}

/* A gradient: the plane of the three given corners over the whole rectangle, vs the reference. */
static void t_gradient(void)
{
	static const float c[3][4] = { { 1, 0, 0, 1 }, { 0, 1, 0, 0.5f }, { 0, 0, 1, 0 } };
	uint32_t ps[2] = { r3e_kernel(&E, r3e_ps_interp8), r3e_kernel(&E, r3d_ps_interp16) };
	struct r3e_vertex v[6];
	struct r3e_ref ref;

	rect(v, 3.25f, 2.5f, 50.75f, 41.0f, c);
	rect(v + 3, 30.0f, 20.0f, 60.0f, 47.0f, c);
	for (unsigned int i = 0; i < 2; i++) {
		unsigned int bad;

		r3e_target(&E, 64, 48, R3D_FMT_R8G8B8A8_UNORM, 0);
		draw_rect(ps[i], i ? 16 : 8, i ? 6 : 4, v, 6);
		r3e_ref_init(&ref, 64, 48, 0);
		r3e_ref_draw(&ref, GSIM_TOPO_RECTLIST, v, 6);
		bad = r3e_compare(&E, &ref, "gradient");
		r3e_ref_free(&ref);
		CHECK_EQ(bad, 0);
	}
}

/* BLEND_STATE write-disable bits keep channels; B8G8R8A8 swaps red and blue. */
static void t_masks(void)
{
	static const float c[3][4] = { { 0 } };
	char *text = r3e_ps_const(16, 1.0f, 0.5f, 0.25f, 0.0f);
	uint32_t ps = r3e_kernel(&E, text);
	struct r3e_vertex v[3];

	free(text);
	rect(v, 0, 0, 16, 16, c);
	/* disable green (bit 1) and alpha (bit 3) */
	r3e_target(&E, 16, 16, R3D_FMT_R8G8B8A8_UNORM, 0x11223344);
	r3e_blend(&E, 0, 0xa, 0);
	draw_rect(ps, 16, 6, v, 3);
	CHECK_EQ(r3e_pixel(&E, 7, 7), 0x114033ffu);
	r3e_target(&E, 16, 16, R3D_FMT_B8G8R8A8_UNORM, 0x11223344);
	draw_rect(ps, 16, 6, v, 3);
	CHECK_EQ(r3e_pixel(&E, 15, 15), 0x00ff8040u);
}

/*
 * IGT's gen8 rendercopy, with a SIMD8 kernel: texture coordinates
 * interpolated over the rectangle, a sample message on BTI 1 (nearest,
 * clamp), the texel written to the target: a copy of a sub-rectangle.
 */
static void t_copy(void)
{
	static const char ps_copy[] =
		"pln(8) g10<1>F g4<0,1,0>F g2<8,8,1>F { align1 1Q }\n"
		"pln(8) g11<1>F g4.4<0,1,0>F g2<8,8,1>F { align1 1Q }\n"
		"send(8) g120<1>UW g10<8,8,1>UD sampler 0x04420001UD { align1 1Q }\n"
		"send(8) null<1>UW g120<8,8,1>UD dp_render 0x08031400UD { align1 1Q EOT }\n";
	enum { TW = 40, TH = 30, SX = 5, SY = 3, W = 23, H = 17, DX = 11, DY = 9 };
	uint32_t ps = r3e_kernel(&E, ps_copy);
	float c[3][4] = {
		{ (float)(SX + W) / TW, (float)(SY + H) / TH, 0, 1 },
		{ (float)SX / TW, (float)(SY + H) / TH, 0, 1 },
		{ (float)SX / TW, (float)SY / TH, 0, 1 },
	};
	uint32_t *smp = (uint32_t *)((uint8_t *)E.dsh + R3E_SAMPLER);
	struct r3e_vertex v[3];

	for (unsigned int i = 0; i < TW * TH; i++)
		wr32(E.tex + 4 * i, 0x9e3779b9u * (i + 1));
	r3e_target(&E, 48, 32, R3D_FMT_R8G8B8A8_UNORM, 0);
	r3e_surface(&E, 1, R3E_TEX, TW, TH, TW * 4, R3D_FMT_R8G8B8A8_UNORM);
	memset(smp, 0, 16);
	smp[3] = 2u << 6 | 2u << 3 | 2u;	/* clamp, nearest, normalized */
	rect(v, DX, DY, DX + W, DY + H, c);
	draw_rect(ps, 8, 4, v, 3);
	for (unsigned int y = 0; y < 32; y++)
		for (unsigned int x = 0; x < 48; x++) {
			bool in = x >= DX && x < DX + W && y >= DY && y < DY + H;
			uint32_t want = in ? rd32(E.tex + 4 * ((y - DY + SY) * TW + x - DX + SX)) : 0;

			CHECK_MSG(r3e_pixel(&E, x, y) == want, "(%u, %u): %#x, want %#x", x, y,
				  r3e_pixel(&E, x, y), want);
		}
}

int main(void)
{
	r3e_start(&E, 2);
	tap_run("RECTLIST fill, SIMD8 and SIMD16", t_fill);
	tap_run("RECTLIST gradient against the reference", t_gradient);
	tap_run("write masks, B8G8R8A8", t_masks);
	tap_run("RECTLIST copy through the sampler (IGT rendercopy)", t_copy);
	r3e_stop(&E);
	return tap_done();
}
