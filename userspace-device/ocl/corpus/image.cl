/* SPDX-License-Identifier: MIT */
/* Images and samplers (test_ocl_corpus.c, "image"). */
#include "corpus.h"

/* read_imagef with an inline sampler, integer coordinates: the sampler's ld */
KATTR kernel void img_read(read_only image2d_t img, global float4 *out, int w)
{
	const sampler_t s = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE |
			    CLK_FILTER_NEAREST;
	int x = get_global_id(0), y = get_global_id(1);

	out[y * w + x] = read_imagef(img, s, (int2)(x, y));
}

/* a sampler argument, float coordinates: the sampler's sample_l */
KATTR kernel void img_sample(read_only image2d_t img, sampler_t s, global float4 *out, int w)
{
	int x = get_global_id(0), y = get_global_id(1);

	out[y * w + x] = read_imagef(img, s, (float2)(x + 0.5f, y + 0.5f));
}

/* write_imagef: a typed surface write */
KATTR kernel void img_write(write_only image2d_t img, global const float4 *in, int w)
{
	int x = get_global_id(0), y = get_global_id(1);

	write_imagef(img, (int2)(x, y), in[y * w + x]);
}

/* an RGBA UNORM8 image read as floats: v / 255 */
KATTR kernel void img_unorm(read_only image2d_t img, global float4 *out, int w)
{
	const sampler_t s = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE |
			    CLK_FILTER_NEAREST;
	int x = get_global_id(0), y = get_global_id(1);

	out[y * w + x] = read_imagef(img, s, (int2)(x, y));
}

/* bilinear filtering, normalized coordinates a quarter texel right, half a texel down */
KATTR kernel void img_linear(read_only image2d_t img, sampler_t s, global float4 *out, int w,
			     int h)
{
	int x = get_global_id(0), y = get_global_id(1);
	float2 uv = (float2)(((float)x + 0.75f) / (float)w, ((float)y + 1.0f) / (float)h);

	out[y * w + x] = read_imagef(img, s, uv);
}

/* write_imageui to an RGBA UINT8 image: the data port saturates at 255 */
KATTR kernel void img_write_ui(write_only image2d_t img, global const uint4 *in, int w)
{
	int x = get_global_id(0), y = get_global_id(1);

	write_imageui(img, (int2)(x, y), in[y * w + x]);
}

/* a read_write image: read_imagei without a sampler, then write_imagei over it */
KATTR kernel void img_rw(read_write image2d_t img, global int4 *out, int w)
{
	int x = get_global_id(0), y = get_global_id(1);
	int4 v = read_imagei(img, (int2)(x, y));

	out[y * w + x] = v;
	write_imagei(img, (int2)(x, y), v * 2 + (int4)(1, -1, 3, 0));
}

/* an image copy, RGBA UNORM8 to RGBA UNORM8, over a 2D NDRange of partial groups */
KATTR kernel void img_copy(read_only image2d_t src, write_only image2d_t dst)
{
	int x = get_global_id(0), y = get_global_id(1);

	write_imagef(dst, (int2)(x, y), read_imagef(src, (int2)(x, y)));
}

/* write_imagef to an R float image: only the red channel is stored */
KATTR kernel void img_write_r(write_only image2d_t img, global const float *in, int w)
{
	int x = get_global_id(0), y = get_global_id(1);

	write_imagef(img, (int2)(x, y), (float4)(in[y * w + x], 1.0f, 2.0f, 3.0f));
}
