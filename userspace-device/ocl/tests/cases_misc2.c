// SPDX-License-Identifier: MIT
/*
 * References for ocl/corpus/misc2.cl: exact.  Sub-groups are the SIMD
 * lanes of one thread (cases_sg.c); images are linear 2D (cases_image.c).
 */
#include <string.h>

#include "cases.h"

#define N	1024

/* ---- x_soa -------------------------------------------------------------- */

#define SOA_N	256

struct coeffs {
	float c[4];
	int32_t shift;
};

static void s_soa(struct run *r)
{
	struct coeffs k = { { 1.5f, -0.25f, 3.0f, 0.125f }, 20 };
	float *s = arg_buf(r, 0, 12 * SOA_N);

	fill_f32_range(r, s, 2 * SOA_N, -100.0f, 100.0f);
	arg_val(r, 1, &k, sizeof(k));
	arg_poison(r, 2, 4 * SOA_N);
	nd1(r, SOA_N, 64);
}

static void r_soa(struct run *r)
{
	const struct coeffs *k = (const struct coeffs *)r->val[1];
	const float *x = IN(r, 0, float), *y = x + SOA_N;
	const int32_t *tag = (const int32_t *)(y + SOA_N);

	for (int i = 0; i < SOA_N; i++) {
		WANT(r, 2, float)[i] = k->c[0] + x[i] * k->c[1] + y[i] * k->c[2] +
				       (float)(tag[i] >> k->shift) * k->c[3];
		((int32_t *)(WANT(r, 0, float) + 2 * SOA_N))[i] =
			(int32_t)((uint32_t)i * 3 - (uint32_t)tag[i]);
	}
}

/* ---- x_globals ---------------------------------------------------------- */

static void s_globals(struct run *r)
{
	arg_buf(r, 0, 4 * 64);
	arg_poison(r, 1, 8 * 64);
	nd1(r, 64, 64);
}

static void r_globals(struct run *r)
{
	static const struct { int16_t a; int8_t b; int32_t c; } ctab[4] = {
		{ -3, 7, 1000 }, { 4, -8, 2000 }, { 5, 9, -3000 }, { -6, 10, 4000 } };
	static const uint8_t cbytes[8] = { 0x10, 0x20, 0x30, 0x40, 0x50, 0x60, 0x70, 0x80 };
	static const uint32_t init[8] = { 1, 2, 3, 5, 7, 11, 13, 17 };

	for (uint32_t i = 0; i < 64; i++) {
		uint32_t v = IN(r, 0, uint32_t)[i], k = v & 3, n = (i + 1) & 63;

		WANT(r, 1, uint32_t)[2 * i] = (uint32_t)(ctab[k].a * ctab[k].b + ctab[k].c) +
					      cbytes[v >> 29];
		WANT(r, 1, uint32_t)[2 * i + 1] = (uint32_t)((float)(v & 0xffff) * 2.5f) +
						  (n < 8 ? init[n] : 0) * 7u + n;
	}
}

/* ---- x_goto ------------------------------------------------------------- */

static void s_goto(struct run *r)
{
	arg_buf(r, 0, 4 * N);
	arg_poison(r, 1, 4 * N);
	nd1(r, N, 64);
}

static void r_goto(struct run *r)
{
	for (int g = 0; g < N; g++) {
		uint32_t x = IN(r, 0, uint32_t)[g], s = 0;

		for (uint32_t i = 0; i < 8; i++) {
			for (uint32_t j = 0; j < 8; j++) {
				uint32_t v = (x >> ((i + j) & 31)) & 7;

				if (v == 7)
					goto done;
				switch (v) {
				case 0:
					continue;
				case 1:
					s += 1;
					/* fall through */
				case 2:
					s += 2;
					break;
				case 3:
					s ^= i * j;
					/* fall through */
				default:
					s = s * 3 + j;
				}
			}
			do {
				s += 2 * i + 1;
			} while (s & 1);
		}
done:
		WANT(r, 1, uint32_t)[g] = s;
	}
}

/* ---- x_helpers ---------------------------------------------------------- */

static void s_helpers(struct run *r)
{
	arg_buf(r, 0, 4 * N);
	arg_poison(r, 1, 4 * N);
	nd1(r, N, 64);
}

static void r_helpers(struct run *r)
{
	const int32_t *a = IN(r, 0, int32_t);

	for (int g = 0; g < N; g++) {
		int32_t x = a[g], ai = x & 0xff, h[4] = { x, x >> 1, x >> 2, x >> 3 };
		uint32_t b = (uint32_t)x >> 24;
		int16_t c = (int16_t)(x >> 8);
		uint8_t d = (uint8_t)(x >> 4);
		int64_t e = (int64_t)x * 1000;
		float f = 0.5f, gx = 2.0f, gy = (float)(x & 3), i = (float)(g % 64);
		double j = (double)(x & 0xfff);

		WANT(r, 1, float)[g] = (float)(ai + (int32_t)b + c + d) + (float)(e >> 8) +
				       f * gx - gy + (float)(h[0] ^ h[1] ^ h[2] ^ h[3]) +
				       (float)a[ai & 7] + (float)((d & 15) * 11) + i +
				       (float)(j * 0.5);
	}
}

/* ---- x_nd3: 13 x 7 x 5 from (3, 100, 7), groups of 4 x 2 x 2 ------------ */

static const uint64_t nd3_g[3] = { 13, 7, 5 }, nd3_l[3] = { 4, 2, 2 }, nd3_o[3] = { 3, 100, 7 };

static void s_nd3(struct run *r)
{
	uint32_t sx = 13, sy = 7;

	arg_poison(r, 0, 16 * 13 * 7 * 5);
	arg_val(r, 1, &sx, 4);
	arg_val(r, 2, &sy, 4);
	nd3(r, nd3_g, nd3_l);
	memcpy(r->nd.global_offset, nd3_o, sizeof(nd3_o));
}

static void r_nd3(struct run *r)
{
	for (uint32_t z = 0; z < 5; z++)
		for (uint32_t y = 0; y < 7; y++)
			for (uint32_t x = 0; x < 13; x++) {
				uint32_t *p = WANT(r, 0, uint32_t) + 4 * ((z * 7 + y) * 13 + x);
				uint32_t l[3] = { x % 4, y % 2, z % 2 }, gr[3] = { x / 4, y / 2, z / 2 };
				uint32_t c[3] = { x, y, z }, ls[3];

				for (int d = 0; d < 3; d++)	/* the last group is partial */
					ls[d] = (uint32_t)(gr[d] == (nd3_g[d] - 1) / nd3_l[d] ?
						 nd3_g[d] - gr[d] * nd3_l[d] : nd3_l[d]);
				p[0] = (uint32_t)((c[0] + nd3_o[0]) | (c[1] + nd3_o[1]) << 10 |
						  (c[2] + nd3_o[2]) << 20);
				p[1] = l[0] | l[1] << 8 | l[2] << 16;
				p[2] = gr[0] | gr[1] << 8 | gr[2] << 16;
				p[3] = ls[0] | ls[1] << 8 | ls[2] << 16;
			}
}

/* ---- x_sg: 1D groups of 64, whole sub-groups ----------------------------- */

static void s_sg(struct run *r)
{
	fill_f32_range(r, arg_buf(r, 0, 4 * N), N, -1000.0f, 1000.0f);
	arg_buf(r, 1, 8 * N);
	arg_buf(r, 2, 8 * N);
	arg_poison(r, 3, 8 * N);
	arg_poison(r, 4, 16 * N);
	arg_poison(r, 5, 16 * N);
	nd1(r, N, 64);
}

static void r_sg(struct run *r)
{
	unsigned int n = r->simd;

	for (unsigned int i = 0; i < N; i++) {
		unsigned int f = i - i % n, lane = i % n, dn = lane + 1;
		const float *x = IN(r, 0, float) + f;
		const uint64_t *y = IN(r, 1, uint64_t) + f;
		const uint32_t *z = IN(r, 2, uint32_t) + 2 * f;
		uint32_t *ov = WANT(r, 5, uint32_t) + 4 * i;
		float mx = x[0];

		for (unsigned int k = 1; k < n; k++)
			mx = x[k] > mx ? x[k] : mx;
		WANT(r, 3, float)[2 * i + 0] = x[n - 1 - lane];
		WANT(r, 3, float)[2 * i + 1] = x[3] + mx;
		WANT(r, 4, uint64_t)[2 * i + 0] = y[(lane + 5) % n];
		WANT(r, 4, uint64_t)[2 * i + 1] = y[n - 2];
		ov[0] = z[2 * (lane ^ 3)];
		ov[1] = z[2 * (lane ^ 3) + 1];
		ov[2] = dn < n ? z[2 * dn] : z[2 * (dn - n)] * 2u;
		ov[3] = dn < n ? z[2 * dn + 1] : z[2 * (dn - n) + 1] * 2u;
	}
}

/* ---- x_img, x_img_write: 16 x 8 R32F ------------------------------------ */

#define IW	16
#define IH	8

static void s_img(struct run *r)
{
	fill_f32_range(r, arg_image(r, 0, IW, IH, GSIM_CL_R_FLOAT, 4 * IW * IH), IW * IH,
		       -10.0f, 10.0f);
	arg_sampler(r, 1, GSIM_CL_SAMPLER_NORMALIZED | GSIM_CL_SAMPLER_REPEAT |
		    GSIM_CL_SAMPLER_NEAREST);
	arg_poison(r, 2, 16 * IW * IH);
	nd2(r, IW, IH, 8, 4);
}

static void r_img(struct run *r)
{
	for (int p = 0; p < IW * IH; p++) {
		float *o = WANT(r, 2, float) + 4 * p;

		/* R32F reads as (r, 0, 0, 1) */
		o[0] = IN(r, 0, float)[p] + (float)IW;
		o[1] = 0.0f + (float)IH;
		o[2] = 0.0f;
		o[3] = 1.0f;
	}
}

static void s_img_write(struct run *r)
{
	arg_image(r, 0, IW, IH, GSIM_CL_R_FLOAT, 4 * IW * IH);
	fill_f32_range(r, arg_buf(r, 1, 4 * IW * IH), IW * IH, -10.0f, 10.0f);
	nd2(r, IW, IH, 8, 4);
}

static void r_img_write(struct run *r)
{
	memcpy(WANT(r, 0, float), IN(r, 1, float), 4 * IW * IH);
}

/* ---- x_spill ------------------------------------------------------------ */

#define ACC	48
#define STEPS	3

static void s_spill(struct run *r)
{
	int32_t steps = STEPS;

	fill_f32_range(r, arg_buf(r, 0, 16 * 256), 4 * 256, -4.0f, 4.0f);
	arg_poison(r, 1, 16 * 256);
	arg_val(r, 2, &steps, 4);
	nd1(r, 256, 64);
}

static void r_spill(struct run *r)
{
	for (int i = 0; i < 256; i++)
		for (int e = 0; e < 4; e++) {
			float acc[ACC], sum = 0.0f;

			for (int k = 0; k < ACC; k++)
				acc[k] = IN(r, 0, float)[4 * ((i + k) & 255) + e];
			for (int s = 0; s < STEPS; s++)
				for (int k = 0; k < ACC; k++)
					acc[k] = acc[k] * 0.5f + acc[(k + 1) % ACC];
			for (int k = 0; k < ACC; k++)
				sum += acc[k];
			WANT(r, 1, float)[4 * i + e] = sum;
		}
}

const struct ocl_case cases_misc2[] = {
	CASE("x_soa", s_soa, r_soa),
	CASE("x_globals", s_globals, r_globals),
	CASE("x_goto", s_goto, r_goto),
	CASE("x_helpers", s_helpers, r_helpers),
	CASE("x_nd3", s_nd3, r_nd3),
	CASE("x_sg", s_sg, r_sg),
	CASE("x_img", s_img, r_img),
	CASE("x_img_write", s_img_write, r_img_write),
	CASE("x_spill", s_spill, r_spill),
	CASE_END,
};
