// SPDX-License-Identifier: MIT
/*
 * References for ocl/corpus/image.cl: a linear 2D RGBA float image read
 * through the sampler (an inline sampler and a sampler argument, nearest
 * filtering at texel centres: the texels themselves, bit for bit), and
 * images written with write_imagef/ui/i (typed surface writes, which
 * convert to the image's format: UINT8 saturates, UNORM8 rounds, an R
 * image keeps red only), a read_write image, and a copy over partial
 * work-groups that must leave the pixels outside the NDRange alone.
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

static void s_write_ui(struct run *r)
{
	int32_t w = W;
	uint32_t *in;

	arg_image(r, 0, W, H, GSIM_CL_RGBA_UINT8, W * H * 4);
	in = arg_buf(r, 1, W * H * 16);
	fill_u32(r, in, W * H * 4, 0x1ff);	/* half of them past 255 */
	arg_val(r, 2, &w, 4);
	nd2(r, W, H, 8, 4);
}

static void r_write_ui(struct run *r)
{
	for (int i = 0; i < W * H * 4; i++) {
		uint32_t v = IN(r, 1, uint32_t)[i];

		WANT(r, 0, uint8_t)[i] = (uint8_t)(v > 255 ? 255 : v);	/* convert_uchar_sat */
	}
}

static void s_rw(struct run *r)
{
	int32_t w = W;

	fill_i32_range(r, arg_image(r, 0, W, H, GSIM_CL_RGBA_SINT32, BYTES), W * H * 4,
		       -100000, 100000);
	arg_poison(r, 1, BYTES);
	arg_val(r, 2, &w, 4);
	nd2(r, W, H, 8, 4);
}

static void r_rw(struct run *r)
{
	static const int32_t add[4] = { 1, -1, 3, 0 };

	for (int i = 0; i < W * H * 4; i++) {
		int32_t v = IN(r, 0, int32_t)[i];

		WANT(r, 1, int32_t)[i] = v;
		WANT(r, 0, int32_t)[i] = v * 2 + add[i % 4];
	}
}

/* 13 x 7 work-items in 8 x 4 groups over 16 x 8 images: partial groups on both edges */
#define CW	13
#define CH	7

static void s_copy(struct run *r)
{
	arg_image(r, 0, W, H, GSIM_CL_RGBA_UNORM_INT8, W * H * 4);
	arg_image(r, 1, W, H, GSIM_CL_RGBA_UNORM_INT8, W * H * 4);
	nd2(r, CW, CH, 8, 4);
}

static void r_copy(struct run *r)
{
	/* UNORM8 -> float (v / 255) -> UNORM8 (round to nearest) is the identity */
	for (int y = 0; y < CH; y++)
		memcpy(WANT(r, 1, uint8_t) + y * W * 4, IN(r, 0, uint8_t) + y * W * 4, CW * 4);
}

static void s_write_r(struct run *r)
{
	int32_t w = W;

	arg_image(r, 0, W, H, GSIM_CL_R_FLOAT, W * H * 4);
	fill_f32_range(r, arg_buf(r, 1, W * H * 4), W * H, -10.0f, 10.0f);
	arg_val(r, 2, &w, 4);
	nd2(r, W, H, 8, 4);
}

static void r_write_r(struct run *r)
{
	memcpy(WANT(r, 0, float), IN(r, 1, float), W * H * 4);
}

const struct ocl_case cases_image[] = {
	CASE("img_read", s_read, r_read),
	CASE("img_sample", s_sample, r_sample),
	CASE("img_write", s_write, r_write),
	CASE("img_unorm", s_unorm, r_unorm),
	CASE("img_linear", s_linear, r_linear),
	CASE("img_write_ui", s_write_ui, r_write_ui),
	CASE("img_rw", s_rw, r_rw),
	CASE("img_copy", s_copy, r_copy),
	CASE("img_write_r", s_write_r, r_write_r),
	CASE_END,
};
