// SPDX-License-Identifier: MIT
/* References for ocl/corpus/local.cl and vector.cl. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cases.h"

#define N	2048

static void s_reduce(struct run *r)
{
	arg_buf(r, 0, 4 * N);
	arg_poison(r, 1, 4 * (N / 128));
	arg_local(r, 2, 4 * 128);
	nd1(r, N, 128);
}

static void r_reduce(struct run *r)
{
	for (int g = 0; g < N / 128; g++) {
		uint32_t s = 0;

		for (int i = 0; i < 128; i++)
			s += IN(r, 0, uint32_t)[g * 128 + i];
		WANT(r, 1, uint32_t)[g] = s;
	}
}

static void s_scan(struct run *r)
{
	arg_buf(r, 0, 4 * N);
	arg_poison(r, 1, 4 * N);
	nd1(r, N, 128);
}

static void r_scan(struct run *r)
{
	for (int g = 0; g < N / 128; g++) {
		uint32_t s = 0;

		for (int i = 0; i < 128; i++) {
			s += IN(r, 0, uint32_t)[g * 128 + i];
			WANT(r, 1, uint32_t)[g * 128 + i] = s;
		}
	}
}

#define TW	64
#define TH	32

static void s_transpose(struct run *r)
{
	uint32_t w = TW, h = TH;

	arg_buf(r, 0, 4 * TW * TH);
	arg_poison(r, 1, 4 * TW * TH);
	arg_val(r, 2, &w, 4);
	arg_val(r, 3, &h, 4);
	nd2(r, TW, TH, 8, 8);
}

static void r_transpose(struct run *r)
{
	for (int y = 0; y < TH; y++)
		for (int x = 0; x < TW; x++)
			WANT(r, 1, uint32_t)[x * TH + y] = IN(r, 0, uint32_t)[y * TW + x];
}

#define NM	1024
#define LM	64

static void s_mixed(struct run *r)
{
	arg_poison(r, 0, 4 * NM);
	arg_local(r, 1, 4 * LM);
	arg_local(r, 2, 2 * LM);
	nd1(r, NM, LM);
}

static void r_mixed(struct run *r)
{
	for (int g = 0; g < NM; g++) {
		int l = g % LM;

		WANT(r, 0, int32_t)[g] = ((l + 1) & 7) * 100 + (LM - 1 - l + 1) + 3 * (l ^ 1);
	}
}

#define NS	1024
#define LS	128

static void s_sort(struct run *r)
{
	arg_buf(r, 0, 4 * NS);
	nd1(r, NS, LS);
}

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return x < y ? -1 : x > y;
}

static void r_sort(struct run *r)
{
	for (int g = 0; g < NS / LS; g++)
		qsort(WANT(r, 0, uint32_t) + g * LS, LS, 4, cmp_u32);
}

static void s_gfence(struct run *r)
{
	arg_buf(r, 0, 4 * N);
	arg_poison(r, 1, 4 * N);
	nd1(r, N, 64);
}

static void r_gfence(struct run *r)
{
	for (int g = 0; g < N; g++) {
		int l = g % 64, base = g - l;

		WANT(r, 0, int32_t)[g] = 3 * g;
		WANT(r, 1, int32_t)[g] = 3 * g + 3 * (base + (l + 1) % 64);
	}
}

const struct ocl_case cases_local[] = {
	CASE("l_reduce", s_reduce, r_reduce),
	CASE("l_scan", s_scan, r_scan),
	CASE("l_transpose", s_transpose, r_transpose),
	CASE("l_mixed", s_mixed, r_mixed),
	CASE("l_sort", s_sort, r_sort),
	CASE("l_global_fence", s_gfence, r_gfence),
	CASE_END,
};

/* ---- vector.cl --------------------------------------------------------- */

#define NV	512

static void s_float4(struct run *r)
{
	fill_f32_range(r, arg_buf(r, 0, 16 * NV), 4 * NV, -100.0f, 100.0f);
	fill_f32_range(r, arg_buf(r, 1, 16 * NV), 4 * NV, -100.0f, 100.0f);
	arg_poison(r, 2, 16 * NV);
	nd1(r, NV, 64);
}

static void r_float4(struct run *r)
{
	for (int i = 0; i < NV; i++) {
		const float *x = IN(r, 0, float) + 4 * i, *y = IN(r, 1, float) + 4 * i;
		float *c = WANT(r, 2, float) + 4 * i;

		c[0] = x[3] * y[0] + x[0];
		c[1] = x[2] * y[1] + y[1];
		c[2] = x[1] * y[2] + 1.0f;
		c[3] = x[0] * y[3] + -2.0f;
	}
}

static void s_int8(struct run *r)
{
	arg_buf(r, 0, 32 * NV);
	arg_buf(r, 1, 32 * NV);
	arg_poison(r, 2, 32 * NV);
	nd1(r, NV, 64);
}

static void r_int8(struct run *r)
{
	for (int i = 0; i < NV; i++) {
		const int32_t *x = IN(r, 0, int32_t) + 8 * i, *y = IN(r, 1, int32_t) + 8 * i;
		int32_t *c = WANT(r, 2, int32_t) + 8 * i;

		for (int e = 0; e < 8; e++) {
			uint32_t s = x[e] > y[e] ? ((uint32_t)(x[e] ^ y[e]) + 1) :
				     (uint32_t)x[e] - (uint32_t)y[e];

			c[e] = (int32_t)(s + (uint32_t)x[7 - e]);
		}
	}
}

static void s_load(struct run *r)
{
	fill_f32_range(r, arg_buf(r, 0, 4 * (4 * NV + 4)), 4 * NV + 4, -1000.0f, 1000.0f);
	arg_poison(r, 1, 4 * (4 * NV + 8));
	nd1(r, NV, 32);
}

static void r_load(struct run *r)
{
	for (int i = 0; i < NV; i++) {
		const float *v = IN(r, 0, float) + 4 * i + 1;
		float *b = WANT(r, 1, float) + 4 * i + 3;

		for (int e = 0; e < 4; e++)
			b[e] = v[e] * 2.0f + v[(e + 1) & 3];
	}
}

static void s_uchar16(struct run *r)
{
	arg_buf(r, 0, 16 * NV);
	arg_buf(r, 1, 16 * NV);
	arg_poison(r, 2, 16 * NV);
	nd1(r, NV, 64);
}

static void r_uchar16(struct run *r)
{
	for (int i = 0; i < NV; i++) {
		const uint8_t *a = IN(r, 0, uint8_t) + 16 * i, *b = IN(r, 1, uint8_t) + 16 * i;

		for (int e = 0; e < 16; e++) {
			unsigned int s = a[e] + b[e];

			WANT(r, 2, uint8_t)[16 * i + e] = (uint8_t)((s > 255 ? 255 : s) ^ a[15 - e]);
		}
	}
}

static void s_vconvert(struct run *r)
{
	arg_buf(r, 0, 16 * NV);
	for (int i = 0; i < 4 * NV; i += 2)	/* small values: no saturation, ties */
		((int32_t *)r->in[0])[i] = (int32_t)(rnd(r) % 600000) - 300000;
	arg_poison(r, 1, 16 * NV);
	arg_poison(r, 2, 8 * NV);
	nd1(r, NV, 64);
}

static void r_vconvert(struct run *r)
{
	for (int i = 0; i < 4 * NV; i++) {
		float f = (float)IN(r, 0, int32_t)[i] * 0.125f, q = rintf(f);

		WANT(r, 1, float)[i] = f;
		WANT(r, 2, int16_t)[i] = q > 32767.0f ? 32767 : q < -32768.0f ? -32768 : (int16_t)q;
	}
}

static void s_geom(struct run *r)
{
	float *a = arg_buf(r, 0, 16 * NV), *b = arg_buf(r, 1, 16 * NV);

	for (int i = 0; i < 4 * NV; i++) {	/* small integers: dot and cross are exact */
		a[i] = (float)((int)(rnd(r) % 129) - 64);
		b[i] = (float)((int)(rnd(r) % 129) - 64);
	}
	arg_poison(r, 2, 8 * NV);
	arg_poison(r, 3, 16 * NV);
	arg_f32_ulp(r, 2, 4);
	nd1(r, NV, 64);
}

static void r_geom(struct run *r)
{
	for (int i = 0; i < NV; i++) {
		const float *a = IN(r, 0, float) + 4 * i, *b = IN(r, 1, float) + 4 * i;
		float *x = WANT(r, 3, float) + 4 * i;
		double d = 0, l = 0;

		for (int e = 0; e < 4; e++) {
			d += (double)a[e] * b[e];
			l += (double)a[e] * a[e];
		}
		WANT(r, 2, float)[2 * i + 0] = (float)d;
		WANT(r, 2, float)[2 * i + 1] = (float)sqrt(l);
		x[0] = a[1] * b[2] - a[2] * b[1];
		x[1] = a[2] * b[0] - a[0] * b[2];
		x[2] = a[0] * b[1] - a[1] * b[0];
		x[3] = 0.0f;
	}
}

static void s_vmixed(struct run *r)
{
	arg_buf(r, 0, 16 * NV);
	arg_poison(r, 1, 16 * NV);
	arg_buf(r, 2, 6 * NV);
	arg_poison(r, 3, 6 * NV);
	nd1(r, NV, 64);
}

static void r_vmixed(struct run *r)
{
	for (int i = 0; i < NV; i++) {
		const uint64_t *a = IN(r, 0, uint64_t) + 2 * i;
		const uint16_t *s = IN(r, 2, uint16_t) + 3 * i;
		uint16_t *d = WANT(r, 3, uint16_t) + 3 * i;

		WANT(r, 1, uint64_t)[2 * i + 0] = a[1] + 1;
		WANT(r, 1, uint64_t)[2 * i + 1] = a[0] - 1;
		d[0] = (uint16_t)(s[2] + 1);
		d[1] = (uint16_t)(s[0] + 2);
		d[2] = (uint16_t)(s[1] + 3);
	}
}

const struct ocl_case cases_vector[] = {
	CASE("v_float4", s_float4, r_float4),
	CASE("v_int8", s_int8, r_int8),
	CASE("v_load", s_load, r_load),
	CASE("v_uchar16", s_uchar16, r_uchar16),
	CASE("v_convert", s_vconvert, r_vconvert),
	CASE("v_geom", s_geom, r_geom),
	CASE("v_mixed", s_vmixed, r_vmixed),
	CASE_END,
};
