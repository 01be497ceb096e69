// SPDX-License-Identifier: MIT
/*
 * References for ocl/corpus/image.cl: a linear 2D RGBA float image read
 * through the sampler (an inline sampler and a sampler argument, nearest
 * filtering at texel centres: the texels themselves, bit for bit), and
 * written with write_imagef (typed messages: MANIFEST).
 */
#include <string.h>

#include "cases.h"

#define W	16
#define H	8
#define BYTES	(W * H * 16)

static void pixels(struct run *r, unsigned int i)
{
	fill_f32_range(r, arg_image(r, i, W, H, GSIM_CL_RGBA_FLOAT, BYTES), W * H * 4, -10.0f,
		       10.0f);
}

static void s_read(struct run *r)
{
	int32_t w = W;

	pixels(r, 0);
	arg_poison(r, 1, BYTES);
	arg_val(r, 2, &w, 4);
	nd2(r, W, H, 8, 4);
}

static void r_read(struct run *r)
{
	memcpy(WANT(r, 1, float), IN(r, 0, float), BYTES);
}

static void s_sample(struct run *r)
{
	int32_t w = W;

	pixels(r, 0);
	arg_sampler(r, 1, GSIM_CL_SAMPLER_CLAMP_TO_EDGE | GSIM_CL_SAMPLER_NEAREST);
	arg_poison(r, 2, BYTES);
	arg_val(r, 3, &w, 4);
	nd2(r, W, H, 8, 4);
}

static void r_sample(struct run *r)
{
	memcpy(WANT(r, 2, float), IN(r, 0, float), BYTES);
}

static void s_write(struct run *r)
{
	int32_t w = W;

	pixels(r, 0);
	fill_f32_range(r, arg_buf(r, 1, BYTES), W * H * 4, -10.0f, 10.0f);
	arg_val(r, 2, &w, 4);
	nd2(r, W, H, 8, 4);
}

static void r_write(struct run *r)
{
	memcpy(WANT(r, 0, float), IN(r, 1, float), BYTES);
}

static void s_unorm(struct run *r)
{
	int32_t w = W;

	arg_image(r, 0, W, H, GSIM_CL_RGBA_UNORM_INT8, W * H * 4);
	arg_poison(r, 1, BYTES);
	arg_f32_ulp(r, 1, 1);
	arg_val(r, 2, &w, 4);
	nd2(r, W, H, 8, 4);
}

static void r_unorm(struct run *r)
{
	for (int i = 0; i < W * H * 4; i++)
		WANT(r, 1, float)[i] = (float)IN(r, 0, uint8_t)[i] / 255.0f;
}

/*
 * Bilinear at texel-space (x + 1/4, y + 1/2) from normalized coordinates:
 * integer texels and weights of quarters make every result exact.
 */
static void s_linear(struct run *r)
{
	int32_t w = W, h = H;
	float *p = arg_image(r, 0, W, H, GSIM_CL_RGBA_FLOAT, BYTES);

	for (int i = 0; i < W * H * 4; i++)
		p[i] = (float)((int)(rnd(r) % 17) - 8);
	arg_sampler(r, 1, GSIM_CL_SAMPLER_NORMALIZED | GSIM_CL_SAMPLER_CLAMP_TO_EDGE |
		    GSIM_CL_SAMPLER_LINEAR);
	arg_poison(r, 2, BYTES);
	arg_val(r, 3, &w, 4);
	arg_val(r, 4, &h, 4);
	nd2(r, W, H, 8, 4);
}

static float texel(const struct run *r, int x, int y, int c)
{
	x = x < 0 ? 0 : x >= W ? W - 1 : x;	/* clamp to edge */
	y = y < 0 ? 0 : y >= H ? H - 1 : y;
	return IN(r, 0, float)[(y * W + x) * 4 + c];
}

static void r_linear(struct run *r)
{
	for (int y = 0; y < H; y++)
		for (int x = 0; x < W; x++)
			for (int c = 0; c < 4; c++)
				WANT(r, 2, float)[(y * W + x) * 4 + c] =
					0.375f * texel(r, x, y, c) + 0.125f * texel(r, x + 1, y, c) +
					0.375f * texel(r, x, y + 1, c) +
					0.125f * texel(r, x + 1, y + 1, c);
}

const struct ocl_case cases_image[] = {
	CASE("img_read", s_read, r_read),
	CASE("img_sample", s_sample, r_sample),
	CASE("img_write", s_write, r_write),
	CASE("img_unorm", s_unorm, r_unorm),
	CASE("img_linear", s_linear, r_linear),
	CASE_END,
};
