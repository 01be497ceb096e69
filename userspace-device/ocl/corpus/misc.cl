/* SPDX-License-Identifier: MIT */
/* Program-scope data, arguments by value, private memory (test_ocl_corpus.c, "misc"). */
#include "corpus.h"

/* a program-scope constant table */
constant int fib[16] = { 1, 1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233, 377, 610, 987 };

KATTR kernel void m_const_table(global const int *a, global int *b)
{
	b[get_global_id(0)] = fib[a[get_global_id(0)] & 15];
}

/* a __constant argument */
KATTR kernel void m_const_arg(global const int *a, constant int *t, global int *b)
{
	b[get_global_id(0)] = t[a[get_global_id(0)] & 63] * 2;
}

/* a struct by value, and scalars of several types */
struct params {
	int scale;
	float bias;
	short s;
	char c;
	long l;
};

KATTR kernel void m_struct(global const int *a, struct params p, global float *b, long l,
			   char c, global long *d)
{
	size_t i = get_global_id(0);

	b[i] = (float)(a[i] * p.scale) + p.bias + (float)(p.s + p.c + c);
	d[i] = p.l + l * (long)i;
}

/* float4 and int2 arguments by value */
KATTR kernel void m_vec_args(global float4 *o, float4 v, int2 k)
{
	size_t i = get_global_id(0);

	o[i] = v * (float)k.x + (float4)((float)(i * k.y));
}

/* a private array indexed by data */
KATTR kernel void m_private(global const int *a, global int *b)
{
	int p[16];
	size_t i = get_global_id(0);

	for (int j = 0; j < 16; j++)
		p[j] = a[(i + j) % get_global_size(0)] * (j + 1);
	b[i] = p[a[i] & 15] + p[(a[i] >> 4) & 15];
}

/*
 * 160 values live at once, fully unrolled: more than the GRF holds at any
 * SIMD width, so IGC spills to scratch (DC0 scratch block write/read)
 */
KATTR kernel void m_spill(global const int *a, global int *b)
{
	int p[160];
	size_t i = get_global_id(0), n = get_global_size(0);
	int s = 0;

#pragma unroll
	for (int j = 0; j < 160; j++)
		p[j] = a[(i + 7 * j) % n] * (j + 3) + (j << 9);
#pragma unroll
	for (int j = 0; j < 160; j++)
		s = (s ^ (p[j] * p[159 - j])) + (s << 3);
	b[i] = s;
}

/* a program-scope global variable (OpenCL 2.0), counted with atomics */
global int gcount = 5;

KATTR kernel void m_global_var(global const int *a, global int *b)
{
	atomic_add((volatile global int *)&gcount, a[get_global_id(0)] & 1);
	b[get_global_id(0)] = gcount >= 5;
}

/* the generic address space (OpenCL 2.0): one function, global and local pointers */
int sum3(const int *p)
{
	return p[0] + p[1] + p[2];
}

KATTR kernel void m_generic(global const int *a, global int *b)
{
	local int t[256];
	size_t l = get_local_id(0), g = get_global_id(0);

	t[l] = a[g] * 2;
	barrier(CLK_LOCAL_MEM_FENCE);
	b[g] = sum3(a + g) + (l + 2 < get_local_size(0) ? sum3(t + l) : 0);
}

/* the many pointer arguments of a wide kernel: eight buffers */
KATTR kernel void m_many(global const int *a0, global const int *a1, global const int *a2,
			 global const int *a3, global const int *a4, global const int *a5,
			 global const int *a6, global int *o)
{
	size_t i = get_global_id(0);

	o[i] = a0[i] + 2 * a1[i] + 3 * a2[i] + 4 * a3[i] + 5 * a4[i] + 6 * a5[i] + 7 * a6[i];
}
