// SPDX-License-Identifier: MIT
/*
 * The surface formats the sampler reads (hw-spec-compute "Surface
 * formats"; codes from 965/G35 PRM Vol. 4 Subsystem and Cores (2008),
 * 4.7.2 "SURFACE_STATE" (surface formats), unchanged on Gen8 [Mesa
 * isl_format]; channel mapping from 2.3.9 "Sampler output channel
 * mapping": missing colour channels read 0, missing alpha reads 1).
 *
 * One row per format: its code, size, whether the sampler returns floats
 * or integers, and the function that turns one texel's bytes into RGBA.
 * UNORM channels are c / (2^n - 1) in float; FLOAT channels are exact
 * (half floats widened, denormals kept).  A format not in the table is a
 * named GS_EU_ERR_UNSUPPORTED error where the sampler meets it.
 */
#include <math.h>
#include <string.h>

#include "compute/array_priv.h"

float ea_half_to_float(uint16_t h)
{
	unsigned int e = h >> 10 & 0x1f, m = h & 0x3ff;
	float v;

	if (e == 0)
		v = ldexpf((float)m, -24);
	else if (e == 31)
		v = m ? NAN : INFINITY;
	else
		v = ldexpf((float)(m | 0x400), (int)e - 25);
	return h >> 15 ? -v : v;
}

static uint32_t rd32(const uint8_t *p, unsigned int i)
{
	uint32_t v;

	memcpy(&v, p + 4 * i, 4);
	return v;
}

static uint16_t rd16(const uint8_t *p, unsigned int i)
{
	return (uint16_t)(p[2 * i] | p[2 * i + 1] << 8);
}

static void rgba_f(ea_texel *t, float r, float g, float b, float a)
{
	t->f[0] = r;
	t->f[1] = g;
	t->f[2] = b;
	t->f[3] = a;
}

static void rgba_u(ea_texel *t, uint32_t r, uint32_t g, uint32_t b, uint32_t a)
{
	t->u[0] = r;
	t->u[1] = g;
	t->u[2] = b;
	t->u[3] = a;
}

static float un8(uint8_t v)
{
	return (float)v / 255.0f;
}

static float un16(uint16_t v)
{
	return (float)v / 65535.0f;
}

static void d_rgba32f(const uint8_t *p, ea_texel *t)
{
	memcpy(t->u, p, 16);
}

static void d_rgba32i(const uint8_t *p, ea_texel *t)
{
	memcpy(t->u, p, 16);
}

static void d_rg32f(const uint8_t *p, ea_texel *t)
{
	memcpy(t->u, p, 8);
	t->f[2] = 0.0f;
	t->f[3] = 1.0f;
}

static void d_rgba16f(const uint8_t *p, ea_texel *t)
{
	rgba_f(t, ea_half_to_float(rd16(p, 0)), ea_half_to_float(rd16(p, 1)),
	       ea_half_to_float(rd16(p, 2)), ea_half_to_float(rd16(p, 3)));
}

static void d_rgba16un(const uint8_t *p, ea_texel *t)
{
	rgba_f(t, un16(rd16(p, 0)), un16(rd16(p, 1)), un16(rd16(p, 2)), un16(rd16(p, 3)));
}

static void d_bgra8un(const uint8_t *p, ea_texel *t)
{
	rgba_f(t, un8(p[2]), un8(p[1]), un8(p[0]), un8(p[3]));
}

static void d_rgba8un(const uint8_t *p, ea_texel *t)
{
	rgba_f(t, un8(p[0]), un8(p[1]), un8(p[2]), un8(p[3]));
}

static void d_rgba8ui(const uint8_t *p, ea_texel *t)
{
	rgba_u(t, p[0], p[1], p[2], p[3]);
}

static void d_r32i(const uint8_t *p, ea_texel *t)
{
	rgba_u(t, rd32(p, 0), 0, 0, 1);
}

static void d_r32f(const uint8_t *p, ea_texel *t)
{
	memcpy(t->u, p, 4);
	t->f[1] = t->f[2] = 0.0f;
	t->f[3] = 1.0f;
}

static void d_rg8un(const uint8_t *p, ea_texel *t)
{
	rgba_f(t, un8(p[0]), un8(p[1]), 0.0f, 1.0f);
}

static void d_r16un(const uint8_t *p, ea_texel *t)
{
	rgba_f(t, un16(rd16(p, 0)), 0.0f, 0.0f, 1.0f);
}

static void d_r16f(const uint8_t *p, ea_texel *t)
{
	rgba_f(t, ea_half_to_float(rd16(p, 0)), 0.0f, 0.0f, 1.0f);
}

static void d_r16ui(const uint8_t *p, ea_texel *t)
{
	rgba_u(t, rd16(p, 0), 0, 0, 1);
}

static void d_r8un(const uint8_t *p, ea_texel *t)
{
	rgba_f(t, un8(p[0]), 0.0f, 0.0f, 1.0f);
}

static void d_r8ui(const uint8_t *p, ea_texel *t)
{
	rgba_u(t, p[0], 0, 0, 1);
}

static const struct ea_format formats[] = {
	{ 0x000, "R32G32B32A32_FLOAT", 16, EA_FMT_FLOAT, true, d_rgba32f },
	{ 0x001, "R32G32B32A32_SINT", 16, EA_FMT_SINT, true, d_rgba32i },
	{ 0x002, "R32G32B32A32_UINT", 16, EA_FMT_UINT, true, d_rgba32i },
	{ 0x080, "R16G16B16A16_UNORM", 8, EA_FMT_FLOAT, true, d_rgba16un },
	{ 0x084, "R16G16B16A16_FLOAT", 8, EA_FMT_FLOAT, true, d_rgba16f },
	{ 0x085, "R32G32_FLOAT", 8, EA_FMT_FLOAT, false, d_rg32f },
	{ 0x0c0, "B8G8R8A8_UNORM", 4, EA_FMT_FLOAT, true, d_bgra8un },
	{ 0x0c7, "R8G8B8A8_UNORM", 4, EA_FMT_FLOAT, true, d_rgba8un },
	{ 0x0cb, "R8G8B8A8_UINT", 4, EA_FMT_UINT, true, d_rgba8ui },
	{ 0x0d6, "R32_SINT", 4, EA_FMT_SINT, false, d_r32i },
	{ 0x0d7, "R32_UINT", 4, EA_FMT_UINT, false, d_r32i },
	{ 0x0d8, "R32_FLOAT", 4, EA_FMT_FLOAT, false, d_r32f },
	{ 0x106, "R8G8_UNORM", 2, EA_FMT_FLOAT, false, d_rg8un },
	{ 0x10a, "R16_UNORM", 2, EA_FMT_FLOAT, false, d_r16un },
	{ 0x10d, "R16_UINT", 2, EA_FMT_UINT, false, d_r16ui },
	{ 0x10e, "R16_FLOAT", 2, EA_FMT_FLOAT, false, d_r16f },
	{ 0x140, "R8_UNORM", 1, EA_FMT_FLOAT, false, d_r8un },
	{ 0x143, "R8_UINT", 1, EA_FMT_UINT, false, d_r8ui },
};

const struct ea_format *ea_format_find(unsigned int code)
{
	for (size_t i = 0; i < sizeof(formats) / sizeof(formats[0]); i++)
		if (formats[i].code == code)
			return &formats[i];
	return NULL;
}

/* What a texel that is not there reads: 0, and alpha 1 without alpha. */
void ea_texel_defaults(const struct ea_format *fmt, ea_texel *t)
{
	memset(t, 0, sizeof(*t));
	if (fmt->has_alpha)
		return;
	if (fmt->kind == EA_FMT_FLOAT)
		t->f[3] = 1.0f;
	else
		t->u[3] = 1;
}
