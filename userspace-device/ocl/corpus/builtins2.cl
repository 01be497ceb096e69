/* SPDX-License-Identifier: MIT */
/*
 * Built-ins a tester checks one by one (test_ocl_corpus.c, "builtins2"):
 * bit counts and rotates on vectors and 64-bit integers, saturating
 * multiply-add, select and bitselect on vectors, half conversions with
 * every rounding mode, saturating conversions with rounding modes, the
 * exact float built-ins (fmod, remainder, remquo, frexp, ldexp, modf),
 * native_ and half_ math, as_type reinterprets and shuffles.
 */
#include "corpus.h"

/* popcount, clz, ctz, rotate on uint4, ulong2, ushort8, uchar16 */
KATTR kernel void b_bits_vec(global const uint4 *a, global const uint4 *b, global uint4 *c,
			     global ulong2 *lc, global ushort8 *sc, global uchar16 *uc)
{
	size_t i = get_global_id(0);
	uint4 x = a[i], y = b[i];
	ulong2 lx = as_ulong2(x), ly = as_ulong2(y);
	ushort8 sx = as_ushort8(x), sy = as_ushort8(y);
	uchar16 ux = as_uchar16(x), uy = as_uchar16(y);

	c[4 * i + 0] = popcount(x);
	c[4 * i + 1] = clz(x);
	c[4 * i + 2] = ctz(x);
	c[4 * i + 3] = rotate(x, y);
	lc[3 * i + 0] = popcount(lx);
	lc[3 * i + 1] = clz(lx);
	lc[3 * i + 2] = rotate(lx, ly);
	sc[3 * i + 0] = popcount(sx);
	sc[3 * i + 1] = clz(sx);
	sc[3 * i + 2] = rotate(sx, sy);
	uc[3 * i + 0] = popcount(ux);
	uc[3 * i + 1] = clz(ux);
	uc[3 * i + 2] = rotate(ux, uy);
}

/* mad_sat on int, uint, short, uchar; mul24 and mad24 on uint; mad_hi */
KATTR kernel void b_mad(global const int *a, global const int *b, global const int *c,
			global int *o)
{
	size_t i = get_global_id(0);
	int x = a[i], y = b[i], z = c[i];

	o[8 * i + 0] = mad_sat(x, y, z);
	o[8 * i + 1] = (int)mad_sat((uint)x, (uint)y, (uint)z);
	o[8 * i + 2] = mad_sat((short)x, (short)y, (short)z);
	o[8 * i + 3] = mad_sat((uchar)x, (uchar)y, (uchar)z);
	o[8 * i + 4] = (int)mul24((uint)x & 0xffffff, (uint)y & 0xffffff);
	o[8 * i + 5] = (int)mad24((uint)x & 0xffffff, (uint)y & 0xffffff, (uint)z);
	o[8 * i + 6] = mad_hi(x, y, z);
	o[8 * i + 7] = (int)mad_hi((uint)x, (uint)y, (uint)z);
}

/*
 * select: a scalar picks b where c is non-zero, a vector where c's most
 * significant bit is set; bitselect bit by bit, on floats too
 */
KATTR kernel void b_select_vec(global const int4 *a, global const int4 *b, global const int4 *m,
			       global int4 *o)
{
	size_t i = get_global_id(0);
	int4 x = a[i], y = b[i], k = m[i];
	long2 lx = as_long2(x), ly = as_long2(y), lk = as_long2(k);
	char16 cx = as_char16(x), cy = as_char16(y), ck = as_char16(k);
	float4 fx = as_float4(x), fy = as_float4(y), fk = as_float4(k);

	o[6 * i + 0] = select(x, y, k);
	o[6 * i + 1] = as_int4(select(lx, ly, lk));
	o[6 * i + 2] = as_int4(select(cx, cy, ck));
	o[6 * i + 3] = as_int4(bitselect(fx, fy, fk));
	o[6 * i + 4] = as_int4(select(fx, fy, as_uint4(k)));
	o[6 * i + 5] = (int4)(select(x.x, y.x, k.x & 1), select(x.y, y.y, k.y),
			      bitselect(x.z, y.z, k.z), select(x.w, y.w, k.w < 0));
}

/* vstore_half with each rounding mode, vstore_half4_rtz, vload_half4 */
KATTR kernel void b_half_rt(global const float *a, global half *h, global const half *hin,
			    global float4 *f)
{
	size_t i = get_global_id(0);
	float x = a[i];

	vstore_half_rte(x, 5 * i + 0, h);
	vstore_half_rtz(x, 5 * i + 1, h);
	vstore_half_rtp(x, 5 * i + 2, h);
	vstore_half_rtn(x, 5 * i + 3, h);
	vstore_half(x * 3.0f, 5 * i + 4, h);
	f[i] = vload_half4(i, hin);
}

/* float to integers, saturating, with every rounding mode; ints to floats with rounding modes */
KATTR kernel void b_convert_sat(global const float *a, global const int *b, global char *c8,
				global short *c16, global int *c32, global float *cf)
{
	size_t i = get_global_id(0);
	float x = a[i];
	int y = b[i];

	c8[6 * i + 0] = convert_char_sat_rte(x);
	c8[6 * i + 1] = as_char(convert_uchar_sat_rtz(x));
	c8[6 * i + 2] = convert_char_sat_rtp(x);
	c8[6 * i + 3] = as_char(convert_uchar_sat_rtn(x));
	c8[6 * i + 4] = convert_char_sat(y);
	c8[6 * i + 5] = as_char(convert_uchar_sat(y));
	c16[5 * i + 0] = convert_short_sat_rte(x);
	c16[5 * i + 1] = as_short(convert_ushort_sat_rtz(x));
	c16[5 * i + 2] = convert_short_sat_rtp(x);
	c16[5 * i + 3] = as_short(convert_ushort_sat_rtn(x));
	c16[5 * i + 4] = convert_short_sat(y);
	c32[5 * i + 0] = convert_int_sat_rte(x);
	c32[5 * i + 1] = as_int(convert_uint_sat_rtz(x));
	c32[5 * i + 2] = convert_int_sat_rtp(x);
	c32[5 * i + 3] = as_int(convert_uint_sat_rtn(x));
	c32[5 * i + 4] = convert_int_sat(x);
	cf[4 * i + 0] = convert_float_rtz(y);
	cf[4 * i + 1] = convert_float_rtp(y);
	cf[4 * i + 2] = convert_float_rtn(y);
	cf[4 * i + 3] = convert_float_rtz((uint)y);
}

/* the built-ins OpenCL requires exact: fmod, remainder, remquo, frexp, ldexp, modf */
KATTR kernel void b_fmod(global const float *a, global const float *b, global const int *n,
			 global float *f, global int *k)
{
	size_t i = get_global_id(0);
	float x = a[i], y = b[i], ip;
	int q, e;

	f[6 * i + 0] = fmod(x, y);
	f[6 * i + 1] = remainder(x, y);
	f[6 * i + 2] = remquo(x, y, &q);
	f[6 * i + 3] = frexp(x, &e);
	f[6 * i + 4] = ldexp(y, n[i]);
	f[6 * i + 5] = modf(x, &ip);
	k[3 * i + 0] = q;
	k[3 * i + 1] = e;
	k[3 * i + 2] = as_int(ip);
}

/* native_* (precision the implementation's) and half_* (8192 ulp) */
KATTR kernel void b_native_half(global const float *a, global const float *b, global float *n,
				global float *ne, global float *h)
{
	size_t i = get_global_id(0);
	float x = a[i], y = b[i];	/* x in [-pi, pi], y in [0.5, 4] */

	n[4 * i + 0] = native_sin(x);
	n[4 * i + 1] = native_cos(x);
	n[4 * i + 2] = native_rsqrt(y);
	n[4 * i + 3] = native_divide(x, y);
	ne[2 * i + 0] = native_exp(x);
	ne[2 * i + 1] = native_log(y * 8.0f);
	h[7 * i + 0] = half_sin(x);
	h[7 * i + 1] = half_cos(x);
	h[7 * i + 2] = half_exp(x);
	h[7 * i + 3] = half_log(y);
	h[7 * i + 4] = half_sqrt(y);
	h[7 * i + 5] = half_recip(y);
	h[7 * i + 6] = half_divide(x, y);
}

/* as_type reinterprets, swizzles, shuffle and shuffle2, and a float bit trick */
KATTR kernel void b_astype(global const uint4 *a, global const float *f, global uint4 *o,
			   global float *g)
{
	size_t i = get_global_id(0);
	uint4 x = a[i];
	uint w = x.x;
	float y = fabs(f[i]) + 0.25f, r;
	int k;

	o[5 * i + 0] = (uint4)(as_uint(as_uchar4(w).wzyx), as_uint(as_ushort2(w).s10),
			       as_uint2(upsample(x.y, x.z)).s1, (uint)(as_float(w) < 0.0f));
	o[5 * i + 1] = as_uint4(as_char16(x).sfedcba9876543210);
	o[5 * i + 2] = shuffle(x, x.wzyx & 3);
	o[5 * i + 3] = shuffle2(x, x * 5u, (uint4)(x.y, x.x, x.w, x.z) & 7);
	o[5 * i + 4] = x.s3120 ^ as_uint4(as_ulong2(x) >> 3);
	/* fast inverse square root, one Newton step: float bits as an int */
	k = 0x5f3759df - (as_int(y) >> 1);
	r = as_float(k);
	g[2 * i + 0] = r * (1.5f - 0.5f * y * r * r);
	g[2 * i + 1] = as_float(as_uint(f[i]) & 0x7fffffffu);
}

/* 64-bit integer built-ins */
KATTR kernel void b_long64(global const long *a, global const long *b, global long *o)
{
	size_t i = get_global_id(0);
	long x = a[i], y = b[i];
	ulong ux = (ulong)x, uy = (ulong)y;

	o[11 * i + 0] = (long)rotate(ux, uy);
	o[11 * i + 1] = clz(x);
	o[11 * i + 2] = popcount(x) + ctz(y);
	o[11 * i + 3] = (long)mul_hi(ux, uy);
	o[11 * i + 4] = mad_hi(x, y, x);
	o[11 * i + 5] = add_sat(x, y);
	o[11 * i + 6] = (long)sub_sat(ux, uy);
	o[11 * i + 7] = (long)hadd(ux, uy) ^ rhadd(x, y);
	o[11 * i + 8] = (long)abs_diff(x, y);
	o[11 * i + 9] = clamp(x, -(y & 0xffffffff), (y & 0xffffffff)) + min(x, y) - max(x, y);
	o[11 * i + 10] = (long)(ux / (uy >> (x & 63) | 1)) + x % (y >> 7 | 1);
}

/*
 * Built from 32-bit halves: IGC makes a long of two uints, and converts a
 * float to a long, with a 64-bit shl of a 32-bit source
 */
KATTR kernel void b_long_halves(global const float *a, global const uint *b, global long *o)
{
	size_t i = get_global_id(0);
	float x = a[i];

	o[3 * i + 0] = (long)upsample(b[2 * i], b[2 * i + 1]);
	o[3 * i + 1] = convert_long_sat_rte(x);
	o[3 * i + 2] = as_long(convert_ulong_sat_rtp(x));
}

/* pow and pown: IGC's own sequences, with tables in a program-scope constant buffer */
KATTR kernel void b_pow(global const float *a, global const float *b, global float *p)
{
	size_t i = get_global_id(0);
	float x = a[i], y = b[i];	/* x in [-pi, pi], y in [0.5, 4] */

	p[2 * i + 0] = pow(y, x);
	p[2 * i + 1] = pown(y, (int)(x * 3.0f));
}

/* pown with a constant exponent, alone in its kernel (a[] unused) */
KATTR kernel void b_pown3(global const float *a, global const float *b, global float *h)
{
	size_t i = get_global_id(0);
	float x = a[i], y = b[i];

	h[i] = pown(y, 3);
}
