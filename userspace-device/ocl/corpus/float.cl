/* SPDX-License-Identifier: MIT */
/* Float arithmetic and math built-ins (test_ocl_corpus.c, "float"). */
#include "corpus.h"

/* +, -, *, in one expression, two roundings each (no contraction) */
KATTR kernel void f_arith(global const float *a, global const float *b, global float *c)
{
	size_t i = get_global_id(0);

	c[i] = (a[i] * b[i] + a[i]) - b[i] * 0.5f;
}

/* division: OpenCL allows 2.5 ulp */
KATTR kernel void f_div(global const float *a, global const float *b, global float *c)
{
	size_t i = get_global_id(0);

	c[i] = a[i] / b[i];
}

/* sqrt (3 ulp), rsqrt (2 ulp) */
KATTR kernel void f_sqrt(global const float *a, global float *c, global float *d)
{
	size_t i = get_global_id(0);

	c[i] = sqrt(a[i]);
	d[i] = rsqrt(a[i]);
}

/* fma: one rounding, exact */
KATTR kernel void f_fma(global const float *a, global const float *b, global const float *c,
			global float *d)
{
	size_t i = get_global_id(0);

	d[i] = fma(a[i], b[i], c[i]);
}

/* exact built-ins: fmin, fmax, fabs, copysign, floor, ceil, rint, trunc, round */
KATTR kernel void f_round(global const float *a, global const float *b, global float *c)
{
	size_t i = get_global_id(0);
	float x = a[i], y = b[i];

	c[9 * i + 0] = fmin(x, y);
	c[9 * i + 1] = fmax(x, y);
	c[9 * i + 2] = fabs(x);
	c[9 * i + 3] = copysign(x, y);
	c[9 * i + 4] = floor(x);
	c[9 * i + 5] = ceil(x);
	c[9 * i + 6] = rint(x);
	c[9 * i + 7] = trunc(x);
	c[9 * i + 8] = round(x);
}

/* sin, cos: 4 ulp */
KATTR kernel void f_trig(global const float *a, global float *s, global float *c)
{
	size_t i = get_global_id(0);

	s[i] = sin(a[i]);
	c[i] = cos(a[i]);
}

/* exp, exp2, log, log2: 3 ulp */
KATTR kernel void f_explog(global const float *a, global float *e, global float *e2,
			   global float *l, global float *l2)
{
	size_t i = get_global_id(0);

	e[i] = exp(a[i]);
	e2[i] = exp2(a[i]);
	l[i] = log(fabs(a[i]) + 0.5f);
	l2[i] = log2(fabs(a[i]) + 0.5f);
}

/* pow: 16 ulp */
KATTR kernel void f_pow(global const float *a, global const float *b, global float *c)
{
	size_t i = get_global_id(0);

	c[i] = pow(a[i], b[i]);
}

/* native_*: the math box as it is */
KATTR kernel void f_native(global const float *a, global float *c)
{
	size_t i = get_global_id(0);
	float x = a[i];

	c[5 * i + 0] = native_sqrt(x);
	c[5 * i + 1] = native_recip(x);
	c[5 * i + 2] = native_exp2(x * 0.25f);
	c[5 * i + 3] = native_log2(x);
	c[5 * i + 4] = native_sin(x);
}

/* conversions: float <-> int with saturation and rounding modes; a[] is in int range */
KATTR kernel void f_convert(global const float *a, global const int *b, global int *c,
			    global float *d)
{
	size_t i = get_global_id(0);

	c[3 * i + 0] = convert_int_sat(a[i] * 4.0f);
	c[3 * i + 1] = convert_int_rte(a[i]);
	c[3 * i + 2] = (int)a[i];
	d[2 * i + 0] = (float)b[i];
	d[2 * i + 1] = convert_float((uint)b[i]);
}

/* half: vload_half / vstore_half (round to nearest even) */
KATTR kernel void f_half(global const half *a, global const float *b, global float *c,
			 global half *d)
{
	size_t i = get_global_id(0);

	c[i] = vload_half(i, a) * 2.0f;
	vstore_half(b[i], i, d);
}

/* double: +, *, / and sqrt, correctly rounded */
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
KATTR kernel void f_double(global const double *a, global const double *b, global double *c)
{
	size_t i = get_global_id(0);

	c[4 * i + 0] = a[i] + b[i];
	c[4 * i + 1] = a[i] * b[i];
	c[4 * i + 2] = a[i] / b[i];
	c[4 * i + 3] = sqrt(fabs(a[i]));
}

/* double / and sqrt at the edges: zeros, infinities, NaN, denormals,
 * quotients that overflow or underflow, exact quotients (the IEEE macros) */
KATTR kernel void f_double_edge(global const double *a, global const double *b,
				global double *c)
{
	size_t i = get_global_id(0);

	c[2 * i + 0] = a[i] / b[i];
	c[2 * i + 1] = sqrt(a[i]);
}

/* mad, hypot (4 ulp), atan2 (6 ulp) */
KATTR kernel void f_misc(global const float *a, global const float *b, global float *c)
{
	size_t i = get_global_id(0);

	c[2 * i + 0] = hypot(a[i], b[i]);
	c[2 * i + 1] = atan2(a[i], b[i]);
}
