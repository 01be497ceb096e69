/* SPDX-License-Identifier: MIT */
/*
 * Small applications as a tester writes them (test_ocl_corpus.c, "apps"):
 * tiled matrix multiply and transpose through local memory, a 2D
 * convolution, sorts and scans in local memory, work-group and atomic
 * reductions, Mandelbrot, an n-body step, a string search, CRC32 and
 * 64-bit hashes, a 256-bin local histogram.
 */
#include "corpus.h"

/* C = A * B, A MxK, B KxN, row-major; 8x8 tiles of A and B in local memory */
#define MT 8
KATTR kernel void p_matmul(global const float *A, global const float *B, global float *C,
			   int M, int N, int K)
{
	local float ta[MT][MT], tb[MT][MT];
	int lx = get_local_id(0), ly = get_local_id(1);
	int col = get_global_id(0), row = get_global_id(1);
	float acc = 0.0f;

	for (int t = 0; t < K; t += MT) {
		ta[ly][lx] = A[row * K + t + lx];
		tb[ly][lx] = B[(t + ly) * N + col];
		barrier(CLK_LOCAL_MEM_FENCE);
		for (int k = 0; k < MT; k++)
			acc += ta[ly][k] * tb[k][lx];
		barrier(CLK_LOCAL_MEM_FENCE);
	}
	if (row < M && col < N)
		C[row * N + col] = acc;
}

/*
 * out = transpose(in), in w x h; a 16x16 tile (padded against bank
 * conflicts) loaded by a 16x8 group, two rows per item; the edges are
 * partial tiles.
 */
#define TT 16
KATTR kernel void p_transpose(global const uint *in, global uint *out, int w, int h)
{
	local uint tile[TT][TT + 1];
	int lx = get_local_id(0), ly = get_local_id(1);
	int bx = get_group_id(0) * TT, by = get_group_id(1) * TT;

	for (int r = ly; r < TT; r += 8) {
		int x = bx + lx, y = by + r;

		if (x < w && y < h)
			tile[r][lx] = in[y * w + x];
	}
	barrier(CLK_LOCAL_MEM_FENCE);
	for (int r = ly; r < TT; r += 8) {
		int x = by + lx, y = bx + r;	/* out is h wide */

		if (x < h && y < w)
			out[y * h + x] = tile[lx][r];
	}
}

/* 3x3 convolution, clamped at the edges, weights a __constant argument */
KATTR kernel void p_conv2d(global const float *in, global float *out, constant float *wt,
			   int w, int h)
{
	int x = get_global_id(0), y = get_global_id(1);
	float s = 0.0f;

	if (x >= w || y >= h)
		return;
	for (int dy = -1; dy <= 1; dy++)
		for (int dx = -1; dx <= 1; dx++) {
			int sx = clamp(x + dx, 0, w - 1), sy = clamp(y + dy, 0, h - 1);

			s += in[sy * w + sx] * wt[(dy + 1) * 3 + dx + 1];
		}
	out[y * w + x] = s;
}

/* bitonic sort of key/value pairs, two per item, 2 * local size per group */
KATTR kernel void p_bitonic(global uint2 *kv)
{
	local uint2 s[256];
	int l = get_local_id(0), n = 2 * get_local_size(0);
	global uint2 *p = kv + get_group_id(0) * n;

	s[l] = p[l];
	s[l + n / 2] = p[l + n / 2];
	barrier(CLK_LOCAL_MEM_FENCE);
	for (int size = 2; size <= n; size <<= 1)
		for (int stride = size / 2; stride > 0; stride >>= 1) {
			/* the pair this item compares: i < j = i + stride */
			int i = 2 * l - (l & (stride - 1)), j = i + stride;
			bool up = (i & size) == 0;
			uint2 a = s[i], b = s[j];

			if ((a.x > b.x || (a.x == b.x && a.y > b.y)) == up) {
				s[i] = b;
				s[j] = a;
			}
			barrier(CLK_LOCAL_MEM_FENCE);
		}
	p[l] = s[l];
	p[l + n / 2] = s[l + n / 2];
}

/*
 * One radix sort step in a group: the 4-bit digit at @shift, counted with
 * local atomics, scanned, and each key scattered to its stable place in
 * the group's slice; the group's digit counts go to @counts.
 */
KATTR kernel void p_radix(global const uint *keys, global uint *sorted, global uint *counts,
			  int shift)
{
	local uint hist[16], base[16];
	local uint d[256];
	int l = get_local_id(0), n = get_local_size(0);
	int off = get_group_id(0) * n;
	uint k = keys[off + l], digit = (k >> shift) & 15, rank = 0;

	if (l < 16)
		hist[l] = 0;
	d[l] = digit;
	barrier(CLK_LOCAL_MEM_FENCE);
	atomic_inc(&hist[digit]);
	barrier(CLK_LOCAL_MEM_FENCE);
	if (l == 0) {
		uint s = 0;

		for (int i = 0; i < 16; i++) {
			base[i] = s;
			s += hist[i];
		}
	}
	barrier(CLK_LOCAL_MEM_FENCE);
	for (int i = 0; i < l; i++)
		rank += d[i] == digit;
	sorted[off + base[digit] + rank] = k;
	if (l < 16)
		counts[get_group_id(0) * 16 + l] = hist[l];
}

/* Blelloch's work-efficient exclusive scan of 2 * local size values */
KATTR kernel void p_blelloch(global const uint *in, global uint *out, global uint *totals,
			     local uint *t)
{
	int l = get_local_id(0), n = 2 * get_local_size(0), off = 1;
	global const uint *a = in + get_group_id(0) * n;
	global uint *b = out + get_group_id(0) * n;

	t[2 * l] = a[2 * l];
	t[2 * l + 1] = a[2 * l + 1];
	for (int d = n >> 1; d > 0; d >>= 1) {		/* up-sweep */
		barrier(CLK_LOCAL_MEM_FENCE);
		if (l < d)
			t[off * (2 * l + 2) - 1] += t[off * (2 * l + 1) - 1];
		off <<= 1;
	}
	if (l == 0) {
		totals[get_group_id(0)] = t[n - 1];
		t[n - 1] = 0;
	}
	for (int d = 1; d < n; d <<= 1) {		/* down-sweep */
		off >>= 1;
		barrier(CLK_LOCAL_MEM_FENCE);
		if (l < d) {
			int i = off * (2 * l + 1) - 1, j = off * (2 * l + 2) - 1;
			uint x = t[i];

			t[i] = t[j];
			t[j] += x;
		}
	}
	barrier(CLK_LOCAL_MEM_FENCE);
	b[2 * l] = t[2 * l];
	b[2 * l + 1] = t[2 * l + 1];
}

/* OpenCL 2.0 work-group functions: reduce, scans, broadcast, any, all */
KATTR kernel void p_wg_reduce(global const int *a, global int *c)
{
	size_t i = get_global_id(0);
	int x = a[i];

	c[7 * i + 0] = work_group_reduce_add(x);
	c[7 * i + 1] = work_group_reduce_min(x);
	c[7 * i + 2] = work_group_reduce_max(x);
	c[7 * i + 3] = work_group_scan_inclusive_add(x);
	c[7 * i + 4] = work_group_scan_exclusive_max(x);
	c[7 * i + 5] = work_group_broadcast(x, 5);
	c[7 * i + 6] = work_group_any(x == 77) << 1 | work_group_all(x != 77);
}

/*
 * Reductions with atomics: a group's sum in local memory, then one
 * OpenCL 2.0 atomic_fetch_add per group; a float sum by compare-and-swap
 * (integer-valued floats: exact in any order); an atomic_fetch_max.
 */
KATTR kernel void p_atomic_reduce(global const int *a, global atomic_int *sum,
				  global int *fsum, global atomic_int *mx)
{
	local atomic_int part;
	int x = a[get_global_id(0)];
	float f = (float)(x & 1023), seen, old;

	if (get_local_id(0) == 0)
		atomic_store_explicit(&part, 0, memory_order_relaxed, memory_scope_work_group);
	barrier(CLK_LOCAL_MEM_FENCE);
	atomic_fetch_add_explicit(&part, x, memory_order_relaxed, memory_scope_work_group);
	barrier(CLK_LOCAL_MEM_FENCE);
	if (get_local_id(0) == 0)
		atomic_fetch_add(sum, atomic_load_explicit(&part, memory_order_relaxed,
							   memory_scope_work_group));
	seen = as_float(*fsum);
	do {
		old = seen;
		seen = as_float(atomic_cmpxchg((volatile global int *)fsum, as_int(old),
					       as_int(old + f)));
	} while (as_int(seen) != as_int(old));
	atomic_fetch_max(mx, x);
}

/* Mandelbrot, float: iteration counts, each lane leaving its loop on its own */
KATTR kernel void p_mandel(global uint *out, int w, float x0, float y0, float step, int maxit)
{
	int px = get_global_id(0), py = get_global_id(1);
	float cr = x0 + (float)px * step, ci = y0 + (float)py * step;
	float zr = 0.0f, zi = 0.0f;
	int it = 0;

	while (it < maxit && zr * zr + zi * zi <= 4.0f) {
		float t = zr * zr - zi * zi + cr;

		zi = 2.0f * zr * zi + ci;
		zr = t;
		it++;
	}
	out[py * w + px] = it;
}

/*
 * One n-body step: each item sums the acceleration of every body on its
 * own, tile by tile through local memory, then moves.  pos.w is the mass.
 */
KATTR kernel void p_nbody(global const float4 *pos, global const float4 *vel,
			  global float4 *npos, global float4 *nvel, float dt, float eps2)
{
	local float4 tile[64];
	int i = get_global_id(0), n = get_global_size(0), l = get_local_id(0);
	int ln = get_local_size(0);
	float4 p = pos[i], a = (float4)(0.0f);

	for (int t = 0; t < n; t += ln) {
		tile[l] = pos[t + l];
		barrier(CLK_LOCAL_MEM_FENCE);
		for (int j = 0; j < ln; j++) {
			float4 q = tile[j];
			float dx = q.x - p.x, dy = q.y - p.y, dz = q.z - p.z;
			float r2 = dx * dx + dy * dy + dz * dz + eps2;
			float inv = 1.0f / sqrt(r2);
			float s = q.w * inv * inv * inv;

			a.x += dx * s;
			a.y += dy * s;
			a.z += dz * s;
		}
		barrier(CLK_LOCAL_MEM_FENCE);
	}
	float4 v = vel[i] + a * dt;

	nvel[i] = v;
	npos[i] = (float4)(p.xyz + v.xyz * dt, p.w);
}

/* naive string search: a flag per text position, and a match count */
KATTR kernel void p_strsearch(global const uchar *text, int tlen, constant uchar *pat, int plen,
			      global uchar *hit, global uint *count)
{
	int i = get_global_id(0), k = 0;

	if (i + plen > tlen) {
		hit[i] = 0;
		return;
	}
	while (k < plen && text[i + k] == pat[k])
		k++;
	hit[i] = k == plen;
	if (k == plen)
		atomic_inc(count);
}

/*
 * CRC32 (IEEE, reflected, bit by bit) of each item's 32-byte block, its
 * 64-bit FNV-1a hash, and a splitmix64 finalizer of it.
 */
KATTR kernel void p_crc_hash(global const uchar *data, global uint *crc, global ulong *hash)
{
	size_t i = get_global_id(0);
	global const uchar *b = data + 32 * i;
	uint c = 0xffffffffu;
	ulong h = 0xcbf29ce484222325ul, z;

	for (int k = 0; k < 32; k++) {
		c ^= b[k];
		for (int j = 0; j < 8; j++)
			c = (c >> 1) ^ (0xedb88320u & -(c & 1));
		h = (h ^ b[k]) * 0x100000001b3ul;
	}
	crc[i] = ~c;
	z = h + 0x9e3779b97f4a7c15ul;
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ul;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebul;
	hash[2 * i] = h;
	hash[2 * i + 1] = z ^ (z >> 31);
}

/* a 256-bin histogram of bytes: local atomics per group, then global adds */
KATTR kernel void p_hist256(global const uchar *data, int per_item, global uint *bins)
{
	local uint h[256];
	int l = get_local_id(0), n = get_local_size(0);
	global const uchar *p = data + get_global_id(0) * per_item;

	for (int b = l; b < 256; b += n)
		h[b] = 0;
	barrier(CLK_LOCAL_MEM_FENCE);
	for (int k = 0; k < per_item; k++)
		atomic_inc(&h[p[k]]);
	barrier(CLK_LOCAL_MEM_FENCE);
	for (int b = l; b < 256; b += n)
		if (h[b])
			atomic_add(&bins[b], h[b]);
}
