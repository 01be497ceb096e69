/* SPDX-License-Identifier: MIT */
/* Local memory and barriers (test_ocl_corpus.c, "local"). */
#include "corpus.h"

/* tree reduction of a work-group, in a __local argument */
KATTR kernel void l_reduce(global const int *a, global int *sums, local int *t)
{
	size_t l = get_local_id(0);

	t[l] = a[get_global_id(0)];
	barrier(CLK_LOCAL_MEM_FENCE);
	for (size_t s = get_local_size(0) / 2; s > 0; s >>= 1) {
		if (l < s)
			t[l] += t[l + s];
		barrier(CLK_LOCAL_MEM_FENCE);
	}
	if (l == 0)
		sums[get_group_id(0)] = t[0];
}

/* inclusive scan (Hillis-Steele, double-buffered) */
KATTR kernel void l_scan(global const uint *a, global uint *b)
{
	local uint buf[2][128];
	size_t l = get_local_id(0), n = get_local_size(0);
	int p = 0;

	buf[0][l] = a[get_global_id(0)];
	barrier(CLK_LOCAL_MEM_FENCE);
	for (size_t off = 1; off < n; off <<= 1) {
		buf[1 - p][l] = buf[p][l] + (l >= off ? buf[p][l - off] : 0);
		p = 1 - p;
		barrier(CLK_LOCAL_MEM_FENCE);
	}
	b[get_global_id(0)] = buf[p][l];
}

/* tiled transpose through local memory, 2D groups */
KATTR kernel void l_transpose(global const float *in, global float *out, uint w, uint h)
{
	local float tile[8][9];
	size_t lx = get_local_id(0), ly = get_local_id(1);
	size_t x = get_global_id(0), y = get_global_id(1);

	tile[ly][lx] = in[y * w + x];
	barrier(CLK_LOCAL_MEM_FENCE);
	x = get_group_id(1) * 8 + lx;
	y = get_group_id(0) * 8 + ly;
	out[y * h + x] = tile[lx][ly];
}

/* a static __local array and two __local arguments together */
KATTR kernel void l_mixed(global int *b, local int *t, local short *u)
{
	local int s[8];
	size_t l = get_local_id(0), n = get_local_size(0);

	if (l < 8)
		s[l] = (int)l * 100;
	t[l] = (int)l + 1;
	u[l] = (short)(3 * l);
	barrier(CLK_LOCAL_MEM_FENCE);
	b[get_global_id(0)] = s[(l + 1) & 7] + t[n - 1 - l] + u[l ^ 1];
}

/* bitonic sort of one work-group's keys in local memory */
KATTR kernel void l_sort(global uint *keys)
{
	local uint k[128];
	size_t l = get_local_id(0), n = get_local_size(0);
	size_t base = get_group_id(0) * n;

	k[l] = keys[base + l];
	barrier(CLK_LOCAL_MEM_FENCE);
	for (size_t size = 2; size <= n; size <<= 1)
		for (size_t stride = size / 2; stride > 0; stride >>= 1) {
			size_t o = l ^ stride;

			if (o > l) {
				uint a = k[l], b = k[o];
				bool up = (l & size) == 0;

				if ((a > b) == up) {
					k[l] = b;
					k[o] = a;
				}
			}
			barrier(CLK_LOCAL_MEM_FENCE);
		}
	keys[base + l] = k[l];
}

/* barrier with a global fence: each item reads its neighbour's write */
KATTR kernel void l_global_fence(global int *a, global int *b)
{
	size_t g = get_global_id(0), l = get_local_id(0), n = get_local_size(0);
	size_t base = g - l;

	a[g] = (int)(g * 3);
	barrier(CLK_GLOBAL_MEM_FENCE);
	b[g] = a[g] + a[base + (l + 1) % n];
}
