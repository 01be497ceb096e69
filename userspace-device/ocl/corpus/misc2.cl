/* SPDX-License-Identifier: MIT */
/*
 * Program structure a tester tries (test_ocl_corpus.c, "misc2"): a
 * struct of arrays, program-scope globals next to __constant tables,
 * goto and switch fall-through in nested loops, a helper of many
 * arguments, a 3D NDRange with offsets and
 * partial groups, sub-group shuffles of other types, images through
 * normalized coordinates and a written image, and a kernel that needs
 * more registers than there are.
 */
#include "corpus.h"

#pragma OPENCL EXTENSION cl_intel_subgroups : enable

/* a struct of arrays in a buffer, and a struct with an array by value */
#define SOA_N 256
struct soa {
	float x[SOA_N];
	float y[SOA_N];
	int tag[SOA_N];
};

struct coeffs {
	float c[4];
	int shift;
};

KATTR kernel void x_soa(global struct soa *s, struct coeffs k, global float *out)
{
	size_t i = get_global_id(0);
	float x = s->x[i], y = s->y[i];

	out[i] = k.c[0] + x * k.c[1] + y * k.c[2] + (float)(s->tag[i] >> k.shift) * k.c[3];
	s->tag[i] = (int)i * 3 - s->tag[i];
}

/* program-scope globals (written and read back) next to __constant tables */
global uint gtab[64] = { 1, 2, 3, 5, 7, 11, 13, 17 };
global float gscale = 2.5f;
constant struct {
	short a;
	char b;
	int c;
} ctab[4] = { { -3, 7, 1000 }, { 4, -8, 2000 }, { 5, 9, -3000 }, { -6, 10, 4000 } };
constant uchar cbytes[8] = { 0x10, 0x20, 0x30, 0x40, 0x50, 0x60, 0x70, 0x80 };

/* one group of 64: each item updates its element, then reads its neighbour's */
KATTR kernel void x_globals(global const uint *a, global uint *b)
{
	size_t i = get_global_id(0);
	uint v = a[i], k = v & 3;

	gtab[i] = gtab[i] * 7u + (uint)i;
	barrier(CLK_GLOBAL_MEM_FENCE);
	b[2 * i] = (uint)(ctab[k].a * ctab[k].b + ctab[k].c) + cbytes[v >> 29];
	b[2 * i + 1] = (uint)((float)(v & 0xffff) * gscale) + gtab[(i + 1) & 63];
}

/* goto out of nested loops, switch fall-through, continue, a do-while of 1 or 2 turns */
KATTR kernel void x_goto(global const uint *a, global uint *b)
{
	uint x = a[get_global_id(0)], s = 0;

	for (uint i = 0; i < 8; i++) {
		for (uint j = 0; j < 8; j++) {
			uint v = (x >> ((i + j) & 31)) & 7;

			if (v == 7)
				goto done;
			switch (v) {
			case 0:
				continue;
			case 1:
				s += 1;
				/* fall through */
			case 2:
				s += 2;
				break;
			case 3:
				s ^= i * j;
				/* fall through */
			default:
				s = s * 3 + j;
			}
		}
		do {
			s += 2 * i + 1;
		} while (s & 1);
	}
done:
	b[get_global_id(0)] = s;
}

/*
 * a helper with many arguments of many types (inlined: as a call, IGC's
 * ret is an encoding iga64 warns about, which test_ocl_iga cannot take)
 */
float helper12(int a, uint b, short c, uchar d, long e, float f,
					 float2 g, int4 h, global const int *p, local int *q,
					 float i, double j)
{
	return (float)(a + (int)b + c + d) + (float)(e >> 8) + f * g.x - g.y +
	       (float)(h.x ^ h.y ^ h.z ^ h.w) + (float)p[a & 7] + (float)q[d & 15] + i +
	       (float)(j * 0.5);
}

KATTR kernel void x_helpers(global const int *a, global float *o)
{
	local int q[16];
	size_t i = get_global_id(0), l = get_local_id(0);
	int x = a[i];

	if (l < 16)
		q[l] = (int)l * 11;
	barrier(CLK_LOCAL_MEM_FENCE);
	o[i] = helper12(x & 0xff, (uint)x >> 24, (short)(x >> 8), (uchar)(x >> 4),
			(long)x * 1000, 0.5f, (float2)(2.0f, (float)(x & 3)),
			(int4)(x, x >> 1, x >> 2, x >> 3), a, q, (float)l, (double)(x & 0xfff));
}

/* 3D NDRange with a global offset and partial groups in every dimension */
KATTR kernel void x_nd3(global uint *o, uint sx, uint sy)
{
	size_t x = get_global_id(0) - get_global_offset(0);
	size_t y = get_global_id(1) - get_global_offset(1);
	size_t z = get_global_id(2) - get_global_offset(2);
	global uint *p = o + 4 * ((z * sy + y) * sx + x);

	p[0] = (uint)(get_global_id(0) | get_global_id(1) << 10 | get_global_id(2) << 20);
	p[1] = (uint)(get_local_id(0) | get_local_id(1) << 8 | get_local_id(2) << 16);
	p[2] = (uint)(get_group_id(0) | get_group_id(1) << 8 | get_group_id(2) << 16);
	p[3] = (uint)(get_local_size(0) | get_local_size(1) << 8 | get_local_size(2) << 16);
}

/* sub-group shuffles and broadcasts of floats, longs, vectors */
KATTR kernel void x_sg(global const float *f, global const long *l, global const uint2 *v,
		       global float *of, global long *ol, global uint2 *ov)
{
	size_t i = get_global_id(0);
	uint lane = get_sub_group_local_id(), n = get_max_sub_group_size();
	float x = f[i];
	long y = l[i];
	uint2 z = v[i];

	of[2 * i + 0] = intel_sub_group_shuffle(x, n - 1 - lane);
	of[2 * i + 1] = sub_group_broadcast(x, 3) + sub_group_reduce_max(x);
	ol[2 * i + 0] = intel_sub_group_shuffle(y, (lane + 5) % n);
	ol[2 * i + 1] = sub_group_broadcast(y, n - 2);
	ov[2 * i + 0] = intel_sub_group_shuffle_xor(z, 3);
	ov[2 * i + 1] = intel_sub_group_shuffle_down(z, z * 2u, 1);
}

/* a float image through normalized coordinates, repeat and nearest; its size */
KATTR kernel void x_img(read_only image2d_t img, sampler_t s, global float4 *out)
{
	int x = get_global_id(0), y = get_global_id(1);
	int w = get_image_width(img), h = get_image_height(img);
	/* two images to the right and one up: repeat wraps back to (x, y) */
	float2 uv = (float2)(((float)x + 0.5f) / (float)w + 2.0f,
			     ((float)y + 0.5f) / (float)h - 1.0f);

	out[y * w + x] = read_imagef(img, s, uv) + (float4)((float)w, (float)h, 0.0f, 0.0f);
}

/* write_imagef into an R32F image (a typed surface write) */
KATTR kernel void x_img_write(write_only image2d_t img, global const float *in)
{
	int x = get_global_id(0), y = get_global_id(1);

	write_imagef(img, (int2)(x, y), (float4)(in[y * get_image_width(img) + x]));
}

/*
 * More live values than the register file holds at SIMD16 and 32: 48
 * float4 accumulators, all updated every step of a loop IGC keeps.
 */
#define ACC 48
KATTR kernel void x_spill(global const float4 *a, global float4 *o, int steps)
{
	size_t i = get_global_id(0);
	float4 acc[ACC];

	for (int k = 0; k < ACC; k++)
		acc[k] = a[(i + k) & 255];
	for (int s = 0; s < steps; s++)
#pragma unroll
		for (int k = 0; k < ACC; k++)
			acc[k] = acc[k] * 0.5f + acc[(k + 1) % ACC];
	float4 sum = (float4)(0.0f);

#pragma unroll
	for (int k = 0; k < ACC; k++)
		sum += acc[k];
	o[i] = sum;
}
