// SPDX-License-Identifier: MIT
/*
 * References for ocl/corpus/float.cl.  ULP bounds: the OpenCL C
 * specification's (7.4 "Relative Error as ULPs") plus the half ulp the
 * correctly rounded reference itself may be off, rounded up.
 */
#include <fenv.h>
#include <float.h>
#include <math.h>
#include <string.h>

#include "cases.h"

#define N	1024

static void two_floats(struct run *r, float lo, float hi)
{
	fill_f32_range(r, arg_buf(r, 0, 4 * N), N, lo, hi);
	fill_f32_range(r, arg_buf(r, 1, 4 * N), N, lo, hi);
	nd1(r, N, 64);
}

static void s_arith(struct run *r)
{
	two_floats(r, -100.0f, 100.0f);
	arg_poison(r, 2, 4 * N);
}

static void r_arith(struct run *r)
{
	const float *a = IN(r, 0, float), *b = IN(r, 1, float);

	for (int i = 0; i < N; i++)
		WANT(r, 2, float)[i] = (a[i] * b[i] + a[i]) - b[i] * 0.5f;
}

static void s_div(struct run *r)
{
	float *b;

	two_floats(r, -1000.0f, 1000.0f);
	b = (float *)r->in[1];
	for (int i = 0; i < N; i++)
		b[i] = copysignf(fabsf(b[i]) / 8.0f + 0.25f, b[i]);
	arg_poison(r, 2, 4 * N);
	arg_f32_ulp(r, 2, 3);
}

static void r_div(struct run *r)
{
	for (int i = 0; i < N; i++)
		WANT(r, 2, float)[i] = (float)((double)IN(r, 0, float)[i] / IN(r, 1, float)[i]);
}

static void s_sqrt(struct run *r)
{
	fill_f32_range(r, arg_buf(r, 0, 4 * N), N, 0.001f, 10000.0f);
	arg_poison(r, 1, 4 * N);
	arg_poison(r, 2, 4 * N);
	arg_f32_ulp(r, 1, 4);
	arg_f32_ulp(r, 2, 3);
	nd1(r, N, 32);
}

static void r_sqrt(struct run *r)
{
	for (int i = 0; i < N; i++) {
		double x = IN(r, 0, float)[i];

		WANT(r, 1, float)[i] = (float)sqrt(x);
		WANT(r, 2, float)[i] = (float)(1.0 / sqrt(x));
	}
}

static void s_fma(struct run *r)
{
	two_floats(r, -100.0f, 100.0f);
	fill_f32_range(r, arg_buf(r, 2, 4 * N), N, -10000.0f, 10000.0f);
	arg_poison(r, 3, 4 * N);
}

static void r_fma(struct run *r)
{
	for (int i = 0; i < N; i++)
		WANT(r, 3, float)[i] = fmaf(IN(r, 0, float)[i], IN(r, 1, float)[i],
					    IN(r, 2, float)[i]);
}

static void s_round(struct run *r)
{
	float *a;

	two_floats(r, -50.0f, 50.0f);
	a = (float *)r->in[0];
	for (int i = 0; i < N; i += 2)		/* halves and quarters: the ties */
		a[i] = (float)((int)(rnd(r) % 401) - 200) / 4.0f;
	arg_poison(r, 2, 9 * 4 * N);
}

static void r_round(struct run *r)
{
	float *c = WANT(r, 2, float);

	for (int i = 0; i < N; i++) {
		float x = IN(r, 0, float)[i], y = IN(r, 1, float)[i];

		c[9 * i + 0] = fminf(x, y);
		c[9 * i + 1] = fmaxf(x, y);
		c[9 * i + 2] = fabsf(x);
		c[9 * i + 3] = copysignf(x, y);
		c[9 * i + 4] = floorf(x);
		c[9 * i + 5] = ceilf(x);
		c[9 * i + 6] = rintf(x);	/* the default mode: to nearest even */
		c[9 * i + 7] = truncf(x);
		c[9 * i + 8] = roundf(x);
	}
}

static void s_trig(struct run *r)
{
	fill_f32_range(r, arg_buf(r, 0, 4 * N), N, -10.0f, 10.0f);
	arg_poison(r, 1, 4 * N);
	arg_poison(r, 2, 4 * N);
	arg_f32_ulp(r, 1, 5);
	arg_f32_ulp(r, 2, 5);
	nd1(r, N, 64);
}

static void r_trig(struct run *r)
{
	for (int i = 0; i < N; i++) {
		WANT(r, 1, float)[i] = (float)sin(IN(r, 0, float)[i]);
		WANT(r, 2, float)[i] = (float)cos(IN(r, 0, float)[i]);
	}
}

static void s_explog(struct run *r)
{
	fill_f32_range(r, arg_buf(r, 0, 4 * N), N, -20.0f, 20.0f);
	for (unsigned int i = 1; i < 5; i++) {
		arg_poison(r, i, 4 * N);
		arg_f32_ulp(r, i, 4);
	}
	nd1(r, N, 64);
}

static void r_explog(struct run *r)
{
	for (int i = 0; i < N; i++) {
		float x = IN(r, 0, float)[i];
		double l = (double)(fabsf(x) + 0.5f);

		WANT(r, 1, float)[i] = (float)exp(x);
		WANT(r, 2, float)[i] = (float)exp2(x);
		WANT(r, 3, float)[i] = (float)log(l);
		WANT(r, 4, float)[i] = (float)log2(l);
	}
}

static void s_pow(struct run *r)
{
	fill_f32_range(r, arg_buf(r, 0, 4 * N), N, 0.1f, 10.0f);
	fill_f32_range(r, arg_buf(r, 1, 4 * N), N, -5.0f, 5.0f);
	arg_poison(r, 2, 4 * N);
	arg_f32_ulp(r, 2, 17);
	nd1(r, N, 64);
}

static void r_pow(struct run *r)
{
	for (int i = 0; i < N; i++)
		WANT(r, 2, float)[i] = (float)pow(IN(r, 0, float)[i], IN(r, 1, float)[i]);
}

static void s_native(struct run *r)
{
	fill_f32_range(r, arg_buf(r, 0, 4 * N), N, 0.5f, 100.0f);
	arg_poison(r, 1, 5 * 4 * N);
	arg_f32_ulp(r, 1, 1);
	nd1(r, N, 64);
}

static void r_native(struct run *r)
{
	float *c = WANT(r, 1, float);

	for (int i = 0; i < N; i++) {
		float x = IN(r, 0, float)[i];

		c[5 * i + 0] = (float)sqrt(x);
		c[5 * i + 1] = (float)(1.0 / x);
		c[5 * i + 2] = (float)exp2(x * 0.25f);
		c[5 * i + 3] = (float)log2(x);
		c[5 * i + 4] = (float)sin(x);
	}
}

static void s_convert(struct run *r)
{
	fill_f32_range(r, arg_buf(r, 0, 4 * N), N, -2.0e9f, 2.0e9f);
	for (int i = 0; i < N; i += 2)		/* small values with ties */
		((float *)r->in[0])[i] = (float)((int)(rnd(r) % 4001) - 2000) / 2.0f;
	arg_buf(r, 1, 4 * N);
	arg_poison(r, 2, 3 * 4 * N);
	arg_poison(r, 3, 2 * 4 * N);
	nd1(r, N, 64);
}

static int32_t sat_int(float x)
{
	if (x != x)
		return 0;
	if (x >= 2147483648.0f)
		return INT32_MAX;
	if (x <= -2147483648.0f)
		return INT32_MIN;
	return (int32_t)x;
}

static void r_convert(struct run *r)
{
	for (int i = 0; i < N; i++) {
		float x = IN(r, 0, float)[i];
		int32_t y = IN(r, 1, int32_t)[i];

		WANT(r, 2, int32_t)[3 * i + 0] = sat_int(x * 4.0f);
		WANT(r, 2, int32_t)[3 * i + 1] = (int32_t)rintf(x);
		WANT(r, 2, int32_t)[3 * i + 2] = (int32_t)x;
		WANT(r, 3, float)[2 * i + 0] = (float)y;
		WANT(r, 3, float)[2 * i + 1] = (float)(uint32_t)y;
	}
}

/* IEEE half <-> float, round to nearest even (what vstore_half does by default). */
static float half_to_float(uint16_t h)
{
	uint32_t s = (uint32_t)(h >> 15) << 31, e = (h >> 10) & 31, m = h & 0x3ff;

	if (e == 31)
		return bits_f32(s | 0x7f800000u | m << 13);
	if (e)
		return bits_f32(s | (e + 112) << 23 | m << 13);
	return (s ? -1.0f : 1.0f) * (float)m * 0x1p-24f;
}

static uint16_t float_to_half(float f)
{
	uint32_t u = f32_bits(f), s = (u >> 16) & 0x8000;
	float a = fabsf(f);

	if (a != a)
		return (uint16_t)(s | 0x7e00);
	if (a >= 65520.0f)
		return (uint16_t)(s | 0x7c00);
	if (a < 0x1p-14f) {			/* a denormal half: multiples of 2^-24 */
		float q = rintf(a * 0x1p24f);

		return (uint16_t)(s | (uint32_t)q);
	}
	/* a normal half: round the float's 23-bit mantissa to 10 bits, nearest even */
	u = f32_bits(a);
	{
		uint32_t e = (u >> 23) - 112, m = u & 0x7fffff;
		uint32_t h = e << 10 | m >> 13, rest = m & 0x1fff;

		if (rest > 0x1000 || (rest == 0x1000 && (h & 1)))
			h++;
		return (uint16_t)(s | h);
	}
}

static void s_half(struct run *r)
{
	uint16_t *a = arg_buf(r, 0, 2 * N);

	for (int i = 0; i < N; i++)		/* finite halves, denormals included */
		if (((a[i] >> 10) & 31) == 31)
			a[i] &= ~0x4000;
	fill_f32_range(r, arg_buf(r, 1, 4 * N), N, -70000.0f, 70000.0f);
	for (int i = 0; i < N; i += 4)		/* small ones: denormal halves */
		((float *)r->in[1])[i] *= 0x1p-30f;
	arg_poison(r, 2, 4 * N);
	arg_poison(r, 3, 2 * N);
	nd1(r, N, 64);
}

static void r_half(struct run *r)
{
	for (int i = 0; i < N; i++) {
		WANT(r, 2, float)[i] = half_to_float(IN(r, 0, uint16_t)[i]) * 2.0f;
		WANT(r, 3, uint16_t)[i] = float_to_half(IN(r, 1, float)[i]);
	}
}

static void s_double(struct run *r)
{
	double *a = arg_buf(r, 0, 8 * N), *b = arg_buf(r, 1, 8 * N);

	for (int i = 0; i < N; i++) {
		a[i] = ((double)rnd(r) - 2147483648.0) * 1e-3 + (double)rnd(r) * 1e-12;
		b[i] = ((double)rnd(r) + 1.0) * 1e-5;
	}
	arg_poison(r, 2, 4 * 8 * N);
	nd1(r, N, 64);
}

static void r_double(struct run *r)
{
	for (int i = 0; i < N; i++) {
		double x = IN(r, 0, double)[i], y = IN(r, 1, double)[i];

		WANT(r, 2, double)[4 * i + 0] = x + y;
		WANT(r, 2, double)[4 * i + 1] = x * y;
		WANT(r, 2, double)[4 * i + 2] = x / y;
		WANT(r, 2, double)[4 * i + 3] = sqrt(fabs(x));
	}
}

/* The edges of / and sqrt: every pair of the special values, then hard cases. */
static const double edge_vals[] = {
	0.0, -0.0, INFINITY, -INFINITY, NAN, 1.0, -1.0, 3.0, 0.1, 10.0,
	DBL_MIN, -DBL_MIN, DBL_MAX, -DBL_MAX, DBL_TRUE_MIN, -DBL_TRUE_MIN,
	0x1.8p-1070, 0x1.fffffffffffffp-1023, 0x1p1023, 0x1p-537, 4.0, 0.5,
};

#define NEDGE (sizeof(edge_vals) / sizeof(edge_vals[0]))

static double ldexp_rnd(struct run *r, int lo, int span)
{
	return ldexp(1.0 + (double)rnd(r) * 0x1p-32, lo + (int)(rnd(r) % (uint32_t)span));
}

static void edge_pair(struct run *r, int i, double *a, double *b)
{
	if ((size_t)i < NEDGE * NEDGE) {
		*a = edge_vals[(size_t)i % NEDGE];
		*b = edge_vals[(size_t)i / NEDGE];
		return;
	}
	switch (i % 5) {
	case 0:		/* quotient overflows */
		*a = ldexp_rnd(r, 900, 123);
		*b = ldexp_rnd(r, -200, 150);
		break;
	case 1:		/* quotient underflows into (or past) the denormals */
		*a = ldexp_rnd(r, -1000, 100);
		*b = ldexp_rnd(r, 0, 140);
		break;
	case 2:		/* exact quotients: a = q * b */
		*b = (double)(rnd(r) | 1) * ldexp(1, (int)(rnd(r) % 400) - 200);
		*a = (double)(rnd(r) % 1000000 + 1) * *b;
		break;
	case 3:		/* denormal operands */
		*a = (double)(rnd(r) % 100000 + 1) * DBL_TRUE_MIN;
		*b = i & 8 ? (double)(rnd(r) % 7 + 1) * DBL_TRUE_MIN : ldexp_rnd(r, -60, 120);
		break;
	default:	/* 1/3-like */
		*a = (double)(rnd(r) % 100 + 1);
		*b = (double)(rnd(r) % 50 * 2 + 3) * ldexp(1, (int)(rnd(r) % 100) - 50);
		break;
	}
}

static void s_double_edge(struct run *r)
{
	double *a = arg_buf(r, 0, 8 * N), *b = arg_buf(r, 1, 8 * N);

	for (int i = 0; i < N; i++)
		edge_pair(r, i, &a[i], &b[i]);
	arg_poison(r, 2, 2 * 8 * N);
	nd1(r, N, 64);
}

static void r_double_edge(struct run *r)
{
	for (int i = 0; i < N; i++) {
		volatile double x = IN(r, 0, double)[i], y = IN(r, 1, double)[i];

		WANT(r, 2, double)[2 * i + 0] = x / y;
		WANT(r, 2, double)[2 * i + 1] = sqrt(x);
	}
}

static void s_misc(struct run *r)
{
	two_floats(r, -100.0f, 100.0f);
	arg_poison(r, 2, 2 * 4 * N);
	arg_f32_ulp(r, 2, 7);
}

static void r_misc(struct run *r)
{
	for (int i = 0; i < N; i++) {
		double x = IN(r, 0, float)[i], y = IN(r, 1, float)[i];

		WANT(r, 2, float)[2 * i + 0] = (float)hypot(x, y);
		WANT(r, 2, float)[2 * i + 1] = (float)atan2(x, y);
	}
}

const struct ocl_case cases_float[] = {
	CASE("f_arith", s_arith, r_arith),
	CASE("f_div", s_div, r_div),
	CASE("f_sqrt", s_sqrt, r_sqrt),
	CASE("f_fma", s_fma, r_fma),
	CASE("f_round", s_round, r_round),
	CASE("f_trig", s_trig, r_trig),
	CASE("f_explog", s_explog, r_explog),
	CASE("f_pow", s_pow, r_pow),
	CASE("f_native", s_native, r_native),
	CASE("f_convert", s_convert, r_convert),
	CASE("f_half", s_half, r_half),
	CASE("f_double", s_double, r_double),
	CASE("f_double_edge", s_double_edge, r_double_edge),
	CASE("f_misc", s_misc, r_misc),
	CASE_END,
};
