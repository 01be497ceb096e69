// SPDX-License-Identifier: MIT
/*
 * References for ocl/corpus/indep.cl: exact (the bilinear weights are
 * quarters and the texels integers).
 */
#include <string.h>

#include "cases.h"

#define N	256

/* ---- y_privhist --------------------------------------------------------- */

static void s_privhist(struct run *r)
{
	arg_buf(r, 0, 32 * N);
	arg_poison(r, 1, 64 * N);
	nd1(r, N, 64);
}

static void r_privhist(struct run *r)
{
	const uint8_t *in = IN(r, 0, uint8_t);

	for (int g = 0; g < N; g++) {
		uint32_t h[16] = { 0 }, acc = 0;

		for (int i = 0; i < 32; i++)
			h[in[g * 32 + i] & 15] += (uint32_t)i + 1;
		for (int i = 0; i < 16; i++) {
			acc += h[i];
			WANT(r, 1, uint32_t)[g * 16 + i] = acc ^ h[(i * 7 + in[g * 32]) & 15];
		}
	}
}

/* ---- y_union ------------------------------------------------------------ */

static void s_union(struct run *r)
{
	arg_buf(r, 0, 4 * N);
	arg_poison(r, 1, 4 * N);
	nd1(r, N, 64);
}

static void r_union(struct run *r)
{
	for (int g = 0; g < N; g++) {
		uint32_t k = IN(r, 0, uint32_t)[g] & 3, u = f32_bits((float)(g + 1) * 0.75f);
		int16_t hi = (int16_t)(u >> 16);

		WANT(r, 1, uint32_t)[g] = (u >> (8 * k) & 0xff) | (uint32_t)(int32_t)hi << 8;
	}
}

/* ---- y_hash64 ----------------------------------------------------------- */

static void s_hash64(struct run *r)
{
	arg_buf(r, 0, 4 * N);
	arg_poison(r, 1, 8 * N);
	nd1(r, N, 64);
}

static void r_hash64(struct run *r)
{
	for (int g = 0; g < N; g++) {
		uint64_t a[96], h = 0;
		uint32_t s = IN(r, 0, uint32_t)[g];

		for (int i = 0; i < 96; i++)
			a[i] = (uint64_t)i * 0x9E3779B97F4A7C15ull;
		for (int i = 0; i < 64; i++) {
			s = s * 1103515245u + 12345u;
			uint32_t x = (s >> 8) % 96, y = (s >> 20) % 96;
			uint64_t t = a[x];

			a[x] = a[y] + s;
			a[y] = t ^ ((uint64_t)s << 32);
		}
		for (int i = 0; i < 96; i++)
			h = h * 31 + a[i];
		WANT(r, 1, uint64_t)[g] = h;
	}
}

/* ---- y_border: 16 x 8 R32F, integer texels ------------------------------ */

#define BW	16
#define BH	8

static void s_border(struct run *r)
{
	int32_t w = BW;
	float *p = arg_image(r, 0, BW, BH, GSIM_CL_R_FLOAT, 4 * BW * BH);

	for (int i = 0; i < BW * BH; i++)
		p[i] = (float)((int)(rnd(r) % 33) - 16);
	arg_poison(r, 1, 32 * BW * BH);
	arg_val(r, 2, &w, 4);
	nd2(r, BW, BH, 8, 4);
}

/* outside the image: the border (0, 0, 0, 1) of an R image (OpenCL) */
static float btexel(const struct run *r, int x, int y, int c)
{
	if (x < 0 || x >= BW || y < 0 || y >= BH)
		return c == 3 ? 1.0f : 0.0f;
	return c == 0 ? IN(r, 0, float)[y * BW + x] : c == 3 ? 1.0f : 0.0f;
}

static void r_border(struct run *r)
{
	for (int y = 0; y < BH; y++)
		for (int x = 0; x < BW; x++)
			for (int c = 0; c < 4; c++) {
				float *o = WANT(r, 1, float) + 8 * (y * BW + x);

				/* nearest: texel floor(x - 1.25), floor(y - 0.5) */
				o[c] = btexel(r, x - 2, y - 1, c);
				/* bilinear: x - 1.75 and y - 1: weights 3/4, 1/4; row y - 1 */
				o[4 + c] = 0.75f * btexel(r, x - 2, y - 1, c) +
					   0.25f * btexel(r, x - 1, y - 1, c);
			}
}

/* ---- y_printf: refused (MANIFEST) ---------------------------------------- */

static void s_printf(struct run *r)
{
	arg_poison(r, 0, 4 * 64);
	nd1(r, 64, 64);
}

static void r_printf(struct run *r)
{
	for (int g = 0; g < 64; g++)
		WANT(r, 0, int32_t)[g] = g * 3;
}

const struct ocl_case cases_indep[] = {
	CASE("y_privhist", s_privhist, r_privhist),
	CASE("y_union", s_union, r_union),
	CASE("y_hash64", s_hash64, r_hash64),
	CASE("y_border", s_border, r_border),
	CASE("y_printf", s_printf, r_printf),
	CASE_END,
};
