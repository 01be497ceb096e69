/* SPDX-License-Identifier: MIT */
/*
 * Kernels from an independent tester's set that found gensim bugs
 * (test_ocl_corpus.c, "indep"; opencl.rst): a private array indexed per
 * lane (IGC's smov), a union's short read back through private memory
 * (shl of words to a dword), a ulong array hashed in private memory (a
 * mov whose source region overlaps its destination), and an R32F image
 * read outside with CLK_ADDRESS_CLAMP (the border's missing alpha), and
 * a printf in one kernel of the file (IGC gives every kernel of the
 * program its format strings: the other kernels must still run).
 */
#include "corpus.h"

/* a histogram in a private array, indexed by data: one smov per lane */
KATTR kernel void y_privhist(global const uchar *in, global uint *out)
{
	uint h[16];
	size_t g = get_global_id(0);

	for (int i = 0; i < 16; i++)
		h[i] = 0;
	for (int i = 0; i < 32; i++)
		h[in[g * 32 + i] & 15] += i + 1;
	uint acc = 0;
	for (int i = 0; i < 16; i++) {
		acc += h[i];
		out[g * 16 + i] = acc ^ h[(i * 7 + in[g * 32]) & 15];
	}
}

/* the bytes and the high short of a float, through a union in private memory */
typedef union {
	float f;
	uint u;
	uchar b[4];
	short2 s;
} pun_t;

KATTR kernel void y_union(global const uint *in, global uint *out)
{
	size_t g = get_global_id(0);
	int k = (int)(in[g] & 3);
	pun_t r;

	r.f = (float)(g + 1) * 0.75f;
	out[g] = (uint)r.b[k] | ((uint)r.s.y << 8);
}

/* a ulong array shuffled in private memory, then h = h * 31 + a[i] */
KATTR kernel void y_hash64(global const uint *in, global ulong *out)
{
	ulong a[96];
	size_t g = get_global_id(0);
	uint s = in[g];

	for (int i = 0; i < 96; i++)
		a[i] = (ulong)i * 0x9E3779B97F4A7C15UL;
	for (int i = 0; i < 64; i++) {
		s = s * 1103515245u + 12345u;
		uint x = (s >> 8) % 96, y = (s >> 20) % 96;
		ulong t = a[x];

		a[x] = a[y] + (ulong)s;
		a[y] = t ^ ((ulong)s << 32);
	}
	ulong h = 0;
	for (int i = 0; i < 96; i++)
		h = h * 31 + a[i];
	out[g] = h;
}

/* an R32F image around its edges: nearest, and bilinear with weights 3/4, 1/4 */
KATTR kernel void y_border(read_only image2d_t img, global float4 *out, int w)
{
	const sampler_t sn = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST;
	const sampler_t sl = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_LINEAR;
	int x = get_global_id(0), y = get_global_id(1);
	float2 c = (float2)((float)x - 1.25f, (float)y - 0.5f);

	out[2 * (y * w + x)] = read_imagef(img, sn, c);
	out[2 * (y * w + x) + 1] = read_imagef(img, sl, c);
}

/* printf, never reached: gensim refuses this kernel; the others of the file run */
KATTR kernel void y_printf(global int *out)
{
	size_t g = get_global_id(0);

	if (g == 1000000)
		printf("never %d\n", out[0]);
	out[g] = (int)g * 3;
}
