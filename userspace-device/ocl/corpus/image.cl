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
