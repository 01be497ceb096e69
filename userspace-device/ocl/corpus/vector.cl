/* SPDX-License-Identifier: MIT */
/* Vector types (test_ocl_corpus.c, "vector"). */
#include "corpus.h"

/* float4 arithmetic and swizzles */
KATTR kernel void v_float4(global const float4 *a, global const float4 *b, global float4 *c)
{
	size_t i = get_global_id(0);
	float4 x = a[i], y = b[i];

	c[i] = x.wzyx * y + (float4)(x.x, y.y, 1.0f, -2.0f);
}

/* int8 operations with a comparison mask */
KATTR kernel void v_int8(global const int8 *a, global const int8 *b, global int8 *c)
{
	size_t i = get_global_id(0);
	int8 x = a[i], y = b[i];

	c[i] = select(x - y, (x ^ y) + 1, x > y) + x.s76543210;
}

/* vload4/vstore4 at unaligned element offsets */
KATTR kernel void v_load(global const float *a, global float *b)
{
	size_t i = get_global_id(0);
	float4 v = vload4(0, a + 4 * i + 1);

	vstore4(v * 2.0f + v.yzwx, 0, b + 4 * i + 3);
}

/* uchar16: saturating add, rotate of bytes */
KATTR kernel void v_uchar16(global const uchar16 *a, global const uchar16 *b, global uchar16 *c)
{
	size_t i = get_global_id(0);

	c[i] = add_sat(a[i], b[i]) ^ a[i].sfedcba9876543210;
}

/* vector conversions: int4 -> float4 -> short4 saturated */
KATTR kernel void v_convert(global const int4 *a, global float4 *b, global short4 *c)
{
	size_t i = get_global_id(0);
	float4 f = convert_float4(a[i]) * 0.125f;

	b[i] = f;
	c[i] = convert_short4_sat_rte(f);
}

/* geometric: dot, cross (exact for these inputs), length (ulp) */
KATTR kernel void v_geom(global const float4 *a, global const float4 *b, global float *d,
			 global float4 *x)
{
	size_t i = get_global_id(0);

	d[2 * i + 0] = dot(a[i], b[i]);
	d[2 * i + 1] = length(a[i]);
	x[i] = cross(a[i], b[i]);
}

/* long2 and ushort3 with vload3/vstore3 */
KATTR kernel void v_mixed(global const long2 *a, global long2 *b, global const ushort *c,
			  global ushort *d)
{
	size_t i = get_global_id(0);
	ushort3 s = vload3(i, c);

	b[i] = a[i].yx + (long2)(1, -1);
	vstore3(s.zxy + (ushort3)(1, 2, 3), i, d);
}
