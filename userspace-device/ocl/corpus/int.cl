/* SPDX-License-Identifier: MIT */
/* Integer arithmetic and built-ins (test_ocl_corpus.c, "int"). */
#include "corpus.h"

/* add_sat, sub_sat on char, short, int */
KATTR kernel void i_sat(global const int *a, global const int *b, global int *c)
{
	size_t i = get_global_id(0);
	int x = a[i], y = b[i];

	c[4 * i + 0] = add_sat(x, y);
	c[4 * i + 1] = sub_sat(x, y);
	c[4 * i + 2] = add_sat((char)x, (char)y);
	c[4 * i + 3] = sub_sat((short)x, (short)y);
}

/* hadd, rhadd, abs, abs_diff, clamp */
KATTR kernel void i_avg(global const int *a, global const int *b, global uint *c)
{
	size_t i = get_global_id(0);
	int x = a[i], y = b[i];

	c[5 * i + 0] = (uint)hadd(x, y);
	c[5 * i + 1] = (uint)rhadd(x, y);
	c[5 * i + 2] = abs(x);
	c[5 * i + 3] = abs_diff(x, y);
	c[5 * i + 4] = (uint)clamp(x, -1000, (y & 0x7fff) + 1000);
}

/* mul_hi (signed and unsigned), mad24, mul24, mad_hi */
KATTR kernel void i_mulhi(global const int *a, global const int *b, global int *c)
{
	size_t i = get_global_id(0);
	int x = a[i], y = b[i];

	c[4 * i + 0] = mul_hi(x, y);
	c[4 * i + 1] = (int)mul_hi((uint)x, (uint)y);
	c[4 * i + 2] = mad24(x << 8 >> 8, y << 8 >> 8, x);
	c[4 * i + 3] = mul24(x << 8 >> 8, y << 8 >> 8);
}

/* clz, ctz, popcount, rotate */
KATTR kernel void i_bits(global const uint *a, global const uint *b, global uint *c)
{
	size_t i = get_global_id(0);
	uint x = a[i], y = b[i];

	c[4 * i + 0] = clz(x);
	c[4 * i + 1] = ctz(x);
	c[4 * i + 2] = popcount(x);
	c[4 * i + 3] = rotate(x, y);
}

/* division and remainder by a variable: int, uint */
KATTR kernel void i_div(global const int *a, global const int *b, global int *c)
{
	size_t i = get_global_id(0);
	int x = a[i], y = b[i] | 1;

	c[4 * i + 0] = x / y;
	c[4 * i + 1] = x % y;
	c[4 * i + 2] = (int)((uint)x / (uint)y);
	c[4 * i + 3] = (int)((uint)x % (uint)y);
}

/* 64-bit: add, mul, shifts, divide */
KATTR kernel void i_long(global const long *a, global const long *b, global long *c)
{
	size_t i = get_global_id(0);
	long x = a[i], y = b[i];

	c[5 * i + 0] = x + y;
	c[5 * i + 1] = x * y;
	c[5 * i + 2] = x >> (y & 63);
	c[5 * i + 3] = (long)((ulong)x << (x & 63));
	c[5 * i + 4] = x / (y | 1);
}

/* bitselect, select, min, max, upsample */
KATTR kernel void i_select(global const uint *a, global const uint *b, global const uint *m,
			   global uint *c)
{
	size_t i = get_global_id(0);
	uint x = a[i], y = b[i], z = m[i];

	c[5 * i + 0] = bitselect(x, y, z);
	c[5 * i + 1] = select(x, y, (int)z);
	c[5 * i + 2] = min(x, y);
	c[5 * i + 3] = (uint)max((int)x, (int)y);
	c[5 * i + 4] = (uint)upsample((ushort)x, (ushort)y);
}

/* narrow types: uchar and short arithmetic that wraps */
KATTR kernel void i_narrow(global const uchar *a, global const short *b, global uchar *c,
			   global short *d)
{
	size_t i = get_global_id(0);

	c[i] = (uchar)(a[i] * 3 + (a[i] >> 2));
	d[i] = (short)(b[i] * b[i] - 7);
}

/* shifts by variable amounts, masked as OpenCL says */
KATTR kernel void i_shift(global const int *a, global const int *b, global int *c)
{
	size_t i = get_global_id(0);
	int x = a[i], y = b[i];

	c[3 * i + 0] = x << y;
	c[3 * i + 1] = x >> y;
	c[3 * i + 2] = (int)((uint)x >> y);
}
