// SPDX-License-Identifier: MIT
/*
 * Blending and logic ops through rcs0 (hw-spec-3d "Blending and logic
 * ops"), pixel for pixel against the CPU reference (r3d_ref_blend.c, the
 * chapter's rules written again): overlapping triangles over a random
 * background, every blend factor as source and as destination under
 * every function, separate alpha, the blend constant colour from
 * COLOR_CALC_STATE, the pre- and post-blend clamps and their ranges,
 * every logic op, write disables with both, R8G8B8A8 and B8G8R8A8; the
 * float targets against values computed here in single precision.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "r3d_env.h"
#include "tap.h"

enum { W = 64, H = 48 };

static struct r3e E;
static uint32_t ps16;
static uint32_t rng = 777;

static uint32_t rnd(void)
{
	rng = rng * 1103515245u + 12345u;
	return rng >> 8;
}

static float frand(float lo, float hi)
{
	return lo + (hi - lo) * (float)(rnd() & 0xffffff) / (float)(1u << 24);
}

/* Every factor a single-source write may use (3D_Color_Buffer_Blend_Factor). */
static const uint32_t factors[] = {
	BLENDFACTOR_ONE, BLENDFACTOR_SRC_COLOR, BLENDFACTOR_SRC_ALPHA, BLENDFACTOR_DST_ALPHA,
	BLENDFACTOR_DST_COLOR, BLENDFACTOR_SRC_ALPHA_SATURATE, BLENDFACTOR_CONST_COLOR,
	BLENDFACTOR_CONST_ALPHA, BLENDFACTOR_ZERO, BLENDFACTOR_INV_SRC_COLOR,
	BLENDFACTOR_INV_SRC_ALPHA, BLENDFACTOR_INV_DST_ALPHA, BLENDFACTOR_INV_DST_COLOR,
	BLENDFACTOR_INV_CONST_COLOR, BLENDFACTOR_INV_CONST_ALPHA,
};
#define NF (sizeof(factors) / sizeof(factors[0]))

static uint32_t entry0(uint32_t src, uint32_t dst, uint32_t fn, uint32_t sa, uint32_t da,
		       uint32_t fa)
{
	return BLEND_E0_ENABLE | src << 26 | dst << 21 | fn << 18 | sa << 13 | da << 8 | fa << 5;
}

struct blend_case {
	uint32_t dw0, e0, e1;
	float k[4];
	bool bgra;
	float lo, hi;		/* vertex colours */
};

/*
 * 24 overlapping triangles over random pixels with BLEND_STATE (@c's DW0
 * and entry 0), the constant colour in COLOR_CALC_STATE and the matching
 * 3DSTATE_PS_BLEND; the image against the reference's.
 */
static unsigned int draw_case(const struct blend_case *c, const char *what)
{
	static struct r3e_vertex v[3 * 24];
	uint32_t *bs, *cc;
	struct r3e_ref ref;
	struct gsim_3d_ps ps = { .kernel = ps16, .simd = 16, .grf_start = 6,
				 .barycentric = GSIM_BARY_PERSPECTIVE, .flags = GSIM_PS_ATTRIBUTES };
	unsigned int bad;

	for (unsigned int i = 0; i < 24; i++) {
		float cx = frand(0, W), cy = frand(0, H);

		for (unsigned int k = 0; k < 3; k++)
			v[3 * i + k] = (struct r3e_vertex){ cx + frand(-18, 18), cy + frand(-18, 18),
							    0.5f, 1.0f, frand(c->lo, c->hi),
							    frand(c->lo, c->hi), frand(c->lo, c->hi),
							    frand(c->lo, c->hi) };
	}
	r3e_target(&E, W, H, c->bgra ? R3D_FMT_B8G8R8A8_UNORM : R3D_FMT_R8G8B8A8_UNORM, 0);
	r3e_ref_init(&ref, W, H, 0);
	for (unsigned int i = 0; i < W * H; i++) {
		uint32_t px = rnd() ^ rnd() << 8;

		wr32(E.rt + 4 * i, px);
		ref.img[i] = px;
	}
	bs = (uint32_t *)((uint8_t *)E.dsh + R3E_BLEND);
	bs[0] = c->dw0;
	bs[1] = c->e0;
	bs[2] = c->e1;
	cc = (uint32_t *)((uint8_t *)E.dsh + R3E_CC);
	memset(cc, 0, 24);
	memcpy(&cc[2], c->k, 16);
	r3e_begin(&E);
	gsim_emit_3d_ps(&E.b, &ps);
	CHECK(!gsim_emit_3d_ps_blend(&E.b, c->e0 >> 31, c->e0 >> 26 & 31, c->e0 >> 21 & 31,
				     c->dw0 >> 30 & 1, c->e0 >> 13 & 31, c->e0 >> 8 & 31));
	r3e_vertices(&E, v, 3 * 24);
	gsim_emit_3d_topology(&E.b, GSIM_TOPO_TRILIST);
	gsim_emit_3d_primitive(&E.b, 3 * 24, 0, 1, 0, 0, 0);
	r3e_run(&E);
	ref.bgra = c->bgra;
	ref.blend_dw0 = c->dw0;
	ref.blend_e[0] = c->e0;
	ref.blend_e[1] = c->e1;
	memcpy(ref.blend_const, c->k, 16);
	r3e_ref_draw(&ref, GSIM_TOPO_TRILIST, v, 3 * 24);
	bad = r3e_compare(&E, &ref, what);
	r3e_ref_free(&ref);
	return bad;
}

static void random_const(float k[4])
{
	for (unsigned int i = 0; i < 4; i++)
		k[i] = frand(0, 1);
}

/* Every factor as source and as destination, under each of the five functions. */
static void t_factors(void)
{
	unsigned int failed = 0;

	for (uint32_t fn = BLENDFUNCTION_ADD; fn <= BLENDFUNCTION_MAX; fn++)
		for (unsigned int i = 0; i < NF; i++) {
			struct blend_case c = { .lo = 0, .hi = 1, .bgra = (i + fn) % 4 == 0 };
			uint32_t src = factors[i], dst = factors[(i * 7 + fn * 3 + 1) % NF];

			c.e0 = entry0(src, dst, fn, 0, 0, 0);
			c.e1 = BLEND_E1_PRE_CLAMP | BLEND_E1_POST_CLAMP | 2u << 2;
			random_const(c.k);
			if (draw_case(&c, "factors")) {
				printf("# function %u, source factor %#x, destination %#x\n", fn,
				       src, dst);
				failed++;
			}
		}
	CHECK_EQ(failed, 0);
}

/* Independent Alpha Blend Enable: alpha's own factors and function; clear, the colour's. */
static void t_separate_alpha(void)
{
	unsigned int failed = 0;

	for (unsigned int i = 0; i < 12; i++) {
		struct blend_case c = { .lo = 0, .hi = 1, .dw0 = i & 1 ? BLEND_DW0_INDEPENDENT_ALPHA :
								    0 };

		c.e0 = entry0(factors[rnd() % NF], factors[rnd() % NF], rnd() % 5,
			      factors[rnd() % NF], factors[rnd() % NF], rnd() % 5);
		c.e1 = BLEND_E1_PRE_CLAMP | BLEND_E1_POST_CLAMP | 2u << 2;
		random_const(c.k);
		failed += draw_case(&c, "separate alpha") != 0;
	}
	CHECK_EQ(failed, 0);
}

/* Colours and constants outside [0, 1]: the clamps, their ranges, source-only. */
static void t_clamps(void)
{
	unsigned int failed = 0;

	for (unsigned int m = 0; m < 24; m++) {
		struct blend_case c = { .lo = -0.6f, .hi = 1.7f, .bgra = m & 1 };
		uint32_t range = m / 2 % 3;

		c.e0 = entry0(m & 4 ? BLENDFACTOR_CONST_COLOR : BLENDFACTOR_ONE,
			      m & 8 ? BLENDFACTOR_INV_SRC_ALPHA : BLENDFACTOR_ONE,
			      m % 3 == 0 ? BLENDFUNCTION_SUBTRACT : BLENDFUNCTION_ADD, 0, 0, 0);
		c.e1 = (m & 2 ? BLEND_E1_PRE_CLAMP : 0) | (m & 16 ? BLEND_E1_POST_CLAMP : 0) |
		       range << 2 | (m % 5 == 0 ? BLEND_E1_SRC_ONLY_CLAMP : 0);
		for (unsigned int i = 0; i < 4; i++)
			c.k[i] = frand(-1.5f, 2.0f);
		failed += draw_case(&c, "clamps") != 0;
	}
	CHECK_EQ(failed, 0);
}

/* The 16 logic ops on both UNORM8 layouts, with and without write disables. */
static void t_logic(void)
{
	unsigned int failed = 0;

	for (uint32_t fn = 0; fn < 16; fn++) {
		struct blend_case c = { .lo = 0, .hi = 1, .bgra = fn & 1 };

		c.e0 = fn & 4 ? (fn & 0xf) : 0;		/* write disables on some */
		c.e1 = BLEND_E1_LOGIC_OP | fn << 27;
		failed += draw_case(&c, "logic op") != 0;
	}
	CHECK_EQ(failed, 0);
}

/* Blending with every write-disable mask. */
static void t_write_disable(void)
{
	unsigned int failed = 0;

	for (uint32_t wd = 0; wd < 16; wd++) {
		struct blend_case c = { .lo = 0, .hi = 1, .bgra = wd & 1 };

		c.e0 = entry0(BLENDFACTOR_SRC_ALPHA, BLENDFACTOR_INV_SRC_ALPHA, BLENDFUNCTION_ADD,
			      0, 0, 0) | wd;
		c.e1 = BLEND_E1_PRE_CLAMP | BLEND_E1_POST_CLAMP | 2u << 2;
		failed += draw_case(&c, "write disables") != 0;
	}
	CHECK_EQ(failed, 0);
}

/*
 * R32G32B32A32_FLOAT and R32_FLOAT: a constant colour outside [0, 1]
 * over a float background with SRC_ALPHA / INV_SRC_ALPHA, subtract and
 * max; RTFORMAT clamps nothing, UNORM clamps; R32_FLOAT's alpha is 1.
 */
static void t_float(void)
{
	enum { FW = 16, FH = 8 };
	const float src[4] = { 1.75f, -0.5f, 0.25f, 0.625f };
	char *text = r3e_ps_const(16, src[0], src[1], src[2], src[3]);
	uint32_t k = r3e_kernel(&E, text);
	struct gsim_3d_ps ps = { .kernel = k, .simd = 16, .grf_start = 2 };
	const struct r3e_vertex rect[3] = { { 12, 6, 0, 1, 0, 0, 0, 0 }, { 2, 6, 0, 1, 0, 0, 0, 0 },
					    { 2, 1, 0, 1, 0, 0, 0, 0 } };

	free(text);
	for (unsigned int m = 0; m < 6; m++) {
		bool r32 = m >= 4, unorm_range = m & 1;
		uint32_t fn = m & 2 ? BLENDFUNCTION_MAX : BLENDFUNCTION_ADD;
		unsigned int cpp = r32 ? 4 : 16, bad = 0;
		uint32_t *bs = (uint32_t *)((uint8_t *)E.dsh + R3E_BLEND);
		float *px;

		r3e_target(&E, FW, FH, R3D_FMT_R8G8B8A8_UNORM, 0);
		r3e_surface(&E, 0, R3E_RT, FW, FH, FW * cpp,
			    r32 ? R3D_FMT_R32_FLOAT : R3D_FMT_R32G32B32A32_FLOAT);
		px = (float *)E.rt;
		for (unsigned int i = 0; i < FW * FH * cpp / 4; i++)
			px[i] = frand(-2, 2);
		bs[0] = 0;
		bs[1] = entry0(BLENDFACTOR_SRC_ALPHA, BLENDFACTOR_INV_SRC_ALPHA, fn, 0, 0, 0);
		bs[2] = BLEND_E1_PRE_CLAMP | BLEND_E1_POST_CLAMP | (unorm_range ? 0u : 2u) << 2;
		{
			float *before = malloc(FW * FH * cpp);

			CHECK(before);
			memcpy(before, px, FW * FH * cpp);
			r3e_begin(&E);
			gsim_emit_3d_ps(&E.b, &ps);
			gsim_emit_3d_ps_blend(&E.b, 1, BLENDFACTOR_SRC_ALPHA,
					      BLENDFACTOR_INV_SRC_ALPHA, 0, 0, 0);
			gsim_emit_3d_sbe(&E.b, 0, 1, 1, 0);
			r3e_vertices(&E, rect, 3);
			gsim_emit_3d_topology(&E.b, GSIM_TOPO_RECTLIST);
			gsim_emit_3d_primitive(&E.b, 3, 0, 1, 0, 0, 0);
			r3e_run(&E);
			for (unsigned int y = 0; y < FH; y++)
				for (unsigned int x = 0; x < FW; x++)
					for (unsigned int ch = 0; ch < cpp / 4; ch++) {
						unsigned int i = (y * FW + x) * cpp / 4 + ch;
						float s[4], d[4], want, got = px[i];
						bool in = x >= 2 && x < 12 && y >= 1 && y < 6;

						for (unsigned int j = 0; j < 4; j++) {
							s[j] = src[j];
							d[j] = r32 ? (j ? (j == 3 ? 1.0f : 0.0f) :
								      before[i]) :
								 before[i - ch + j];
							if (unorm_range) {
								s[j] = s[j] < 0 ? 0 : s[j] > 1 ? 1 :
								       s[j];
								d[j] = d[j] < 0 ? 0 : d[j] > 1 ? 1 :
								       d[j];
							}
						}
						if (!in) {
							want = before[i];
						} else {
							float a = s[ch] * s[3];
							float b = d[ch] * (1.0f - s[3]);

							want = fn == BLENDFUNCTION_ADD ? a + b :
							       a > b ? a : b;
							if (unorm_range)
								want = want < 0 ? 0 : want > 1 ? 1 :
								       want;
						}
						if (memcmp(&got, &want, 4) && bad++ < 6)
							printf("# float %u (%u, %u).%u: %.9g, want "
							       "%.9g\n", m, x, y, ch, got, want);
					}
			free(before);
		}
		CHECK_MSG(!bad, "float case %u: %u values differ", m, bad);
	}
}

int main(void)
{
	r3e_start(&E, 2);
	ps16 = r3e_kernel(&E, r3d_ps_interp16);
	tap_run("every blend factor under every blend function", t_factors);
	tap_run("separate alpha factors and function", t_separate_alpha);
	tap_run("pre- and post-blend clamps, ranges, source only", t_clamps);
	tap_run("the 16 logic ops", t_logic);
	tap_run("blending with write disables", t_write_disable);
	tap_run("float render targets", t_float);
	r3e_stop(&E);
	return tap_done();
}
