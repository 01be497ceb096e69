// SPDX-License-Identifier: MIT
/*
 * Texels of a linear 2D surface: fetch, address modes, nearest and
 * bilinear filtering (hw-spec-compute "Sampling"; 965/G35 PRM Vol. 4
 * Subsystem and Cores (2008), 4.1 "Texture Coordinate Processing",
 * 4.2.2 "Inter-Level Filtering Setup", 4.2.3 "Intra-Level Filtering
 * Setup", 4.2.4 "Texture Address Control" address modes).
 *
 * A normalized coordinate u maps to x = u * width texels (0.0 is the left
 * edge of texel 0, 1.0 the right edge of the last); with the sampler's
 * non-normalized coordinates x = u.  Texel offsets from the message
 * header are added in texels.  Nearest takes texel floor(x); bilinear
 * takes floor(x - 0.5) and the next, weighted by the fraction a (and b in
 * y):
 *
 *   ((t00 (1 - a) + t10 a) (1 - b) + (t01 (1 - a) + t11 a) b)
 *
 * in single precision, for each channel.  Address modes map each texel
 * index separately: wrap (i mod n), mirror (period 2n, the second half
 * reversed), clamp (to 0..n-1), clamp border (outside 0..n-1: the border
 * colour), mirror once (|i| then clamp, with -1 mirroring to 0).
 *
 * gensim: the hardware's fixed-point sub-texel precision is not modelled:
 * weights are exact single-precision fractions; a NaN coordinate reads as
 * 0; coordinates are clamped to +-2^24 texels before the integer part is
 * taken.  The border colour is used as SAMPLER_BORDER_COLOR_STATE gives
 * it, except that in the DX10/OGL border colour mode (SAMPLER_STATE DW0
 * bit 29 clear) the channels the surface format does not have read as a
 * texel of that format would: 0, and 1 for a missing alpha
 * (hw-spec-compute "Sampler": OpenCL's border (0, 0, 0, 1) for CL_R, CL_RG
 * and CL_RGB images, from the all-zero border IGC supplies).
 */
#include <math.h>

#include "compute/array_priv.h"

#define TC_WRAP		0
#define TC_MIRROR	1
#define TC_CLAMP	2
#define TC_BORDER	4
#define TC_MIRROR_ONCE	5
#define COORD_LIMIT	16777216.0f

int ea_texel_fetch(struct ea_sf *c, const struct ea_surface *surf, const struct ea_format *fmt,
		   int x, int y, ea_texel *out)
{
	uint64_t va = surf->base + (uint64_t)y * surf->pitch + (uint64_t)x * fmt->bpp;
	uint8_t buf[16];

	if (ea_gpu_read(c, FAULT_SRC_SAMPLER, va & ((1ull << 48) - 1), buf, fmt->bpp))
		return -1;
	fmt->decode(buf, out);
	return 0;
}

static int wrap_coord(int i, int size, unsigned int mode, bool *border)
{
	int p = 2 * size, m;

	*border = false;
	switch (mode) {
	case TC_WRAP:
		m = i % size;
		return m < 0 ? m + size : m;
	case TC_MIRROR:
		m = i % p;
		if (m < 0)
			m += p;
		return m < size ? m : p - 1 - m;
	case TC_BORDER:
		if (i < 0 || i >= size) {
			*border = true;
			return 0;
		}
		return i;
	case TC_MIRROR_ONCE:
		if (i < 0)
			i = -1 - i;
		return i < size ? i : size - 1;
	default:	/* TC_CLAMP; sampler_state.c refused the rest */
		return i < 0 ? 0 : i >= size ? size - 1 : i;
	}
}

static float texel_coord(float u, unsigned int size, bool unnormalized, int off)
{
	float x = unnormalized ? u : u * (float)size;

	if (isnan(x))
		x = 0.0f;
	x += (float)off;
	return x < -COORD_LIMIT ? -COORD_LIMIT : x > COORD_LIMIT ? COORD_LIMIT : x;
}

static int fetch(struct ea_sf *c, const struct ea_surface *surf, const struct ea_format *fmt,
		 const struct ea_sampler *smp, const ea_texel *border, int x, int y,
		 ea_texel *out)
{
	bool bx, by;

	x = wrap_coord(x, (int)surf->width, smp->tc[0], &bx);
	y = wrap_coord(y, (int)surf->height, smp->tc[1], &by);
	if (bx || by) {
		*out = *border;
		if (!smp->border_dx9) {
			/* DX10/OGL mode: what the format lacks reads as its defaults */
			ea_texel d;

			ea_texel_defaults(fmt, &d);
			for (unsigned int i = fmt->channels; i < 4; i++)
				out->u[i] = d.u[i];
		}
		return 0;
	}
	return ea_texel_fetch(c, surf, fmt, x, y, out);
}

int ea_sample_2d(struct ea_sf *c, const struct ea_surface *surf, const struct ea_format *fmt,
		 const struct ea_sampler *smp, const ea_texel *border, float u, float v,
		 bool linear, int du, int dv, ea_texel *out)
{
	float x = texel_coord(u, surf->width, smp->unnormalized, du);
	float y = texel_coord(v, surf->height, smp->unnormalized, dv);
	ea_texel t[4];
	float x0, y0, a, b;

	if (!linear)
		return fetch(c, surf, fmt, smp, border, (int)floorf(x), (int)floorf(y), out);
	x -= 0.5f;
	y -= 0.5f;
	x0 = floorf(x);
	y0 = floorf(y);
	a = x - x0;
	b = y - y0;
	for (int i = 0; i < 4; i++)
		if (fetch(c, surf, fmt, smp, border, (int)x0 + (i & 1), (int)y0 + (i >> 1), &t[i]))
			return -1;
	for (int ch = 0; ch < 4; ch++)
		out->f[ch] = (t[0].f[ch] * (1.0f - a) + t[1].f[ch] * a) * (1.0f - b) +
			     (t[2].f[ch] * (1.0f - a) + t[3].f[ch] * a) * b;
	return 0;
}
