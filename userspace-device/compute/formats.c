// SPDX-License-Identifier: MIT
/*
 * The surface formats the sampler reads and typed messages read and
 * write (hw-spec-compute "Surface formats"; codes from 965/G35 PRM Vol. 4 Subsystem and Cores (2008),
 * 4.7.2 "SURFACE_STATE" (surface formats), unchanged on Gen8 [Mesa
 * isl_format]; channel mapping from 2.3.9 "Sampler output channel
 * mapping": missing colour channels read 0, missing alpha reads 1).
 *
 * One row per format: its code, size, whether the sampler returns floats
 * or integers, the function that turns one texel's bytes into RGBA and
 * the one that turns RGBA back into bytes (a typed surface write).
 * UNORM channels are c / (2^n - 1) in float; FLOAT channels are exact
 * (half floats widened, denormals kept).  A format not in the table is a
 * named GS_EU_ERR_UNSUPPORTED error where the sampler meets it, one
 * without an encoder where a typed write meets it.
 *
 * Encoding (the conversions of the OpenCL 2.0 C specification, 8.3
 * "Conversion Rules", which Intel's compiler leaves to the data port: it
 * passes write_imagef/ui/i values unconverted): FLOAT channels are
 * stored as they are; a float to UNORMn is clamped to [0, 1] (NaN to 0),
 * scaled by 2^n - 1 and rounded to nearest even; 32-bit integers to an
 * n-bit UINT channel saturate at 2^n - 1, to an n-bit SINT channel at
 * -2^(n-1) and 2^(n-1) - 1.  Channels a format lacks are dropped.
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

static void d_rgba8si(const uint8_t *p, ea_texel *t)
{
	rgba_u(t, (uint32_t)(int8_t)p[0], (uint32_t)(int8_t)p[1], (uint32_t)(int8_t)p[2],
	       (uint32_t)(int8_t)p[3]);
}

/* Typed-write encoders: @t holds floats or 32-bit integers as the format's kind. */
static void wr32(uint8_t *p, unsigned int i, uint32_t v)
{
	memcpy(p + 4 * i, &v, 4);
}

static void wr16(uint8_t *p, unsigned int i, uint16_t v)
{
	p[2 * i] = (uint8_t)v;
	p[2 * i + 1] = (uint8_t)(v >> 8);
}

static uint32_t to_unorm(float f, uint32_t max)
{
	if (isnan(f) || f <= 0.0f)
		return 0;
	if (f >= 1.0f)
		return max;
	return (uint32_t)rintf(f * (float)max);	/* the default rounding: nearest even */
}

static uint32_t sat_u(uint32_t v, uint32_t max)
{
	return v > max ? max : v;
}

static uint32_t sat_s(uint32_t v, int32_t lo, int32_t hi)
{
	int32_t s = (int32_t)v;

	return (uint32_t)(s < lo ? lo : s > hi ? hi : s);
}

static void e_rgba32(const ea_texel *t, uint8_t *p)
{
	memcpy(p, t->u, 16);
}

static void e_rg32(const ea_texel *t, uint8_t *p)
{
	memcpy(p, t->u, 8);
}

static void e_r32(const ea_texel *t, uint8_t *p)
{
	wr32(p, 0, t->u[0]);
}

static void e_rgba16un(const ea_texel *t, uint8_t *p)
{
	for (unsigned int i = 0; i < 4; i++)
		wr16(p, i, (uint16_t)to_unorm(t->f[i], 0xffff));
}

static void e_bgra8un(const ea_texel *t, uint8_t *p)
{
	for (unsigned int i = 0; i < 4; i++)
		p[i] = (uint8_t)to_unorm(t->f[i < 3 ? 2 - i : 3], 0xff);
}

static void e_rgba8un(const ea_texel *t, uint8_t *p)
{
	for (unsigned int i = 0; i < 4; i++)
		p[i] = (uint8_t)to_unorm(t->f[i], 0xff);
}

static void e_rgba8ui(const ea_texel *t, uint8_t *p)
{
	for (unsigned int i = 0; i < 4; i++)
		p[i] = (uint8_t)sat_u(t->u[i], 0xff);
}

static void e_rgba8si(const ea_texel *t, uint8_t *p)
{
	for (unsigned int i = 0; i < 4; i++)
		p[i] = (uint8_t)sat_s(t->u[i], -128, 127);
}

static void e_rg8un(const ea_texel *t, uint8_t *p)
{
	p[0] = (uint8_t)to_unorm(t->f[0], 0xff);
	p[1] = (uint8_t)to_unorm(t->f[1], 0xff);
}

static void e_r16un(const ea_texel *t, uint8_t *p)
{
	wr16(p, 0, (uint16_t)to_unorm(t->f[0], 0xffff));
}

static void e_r16ui(const ea_texel *t, uint8_t *p)
{
	wr16(p, 0, (uint16_t)sat_u(t->u[0], 0xffff));
}

static void e_r8un(const ea_texel *t, uint8_t *p)
{
	p[0] = (uint8_t)to_unorm(t->f[0], 0xff);
}

static void e_r8ui(const ea_texel *t, uint8_t *p)
{
	p[0] = (uint8_t)sat_u(t->u[0], 0xff);
}

/*
 * Code, name, bytes, kind, alpha, channels present (R, RG, RGB or RGBA;
 * B8G8R8A8 has four), decoder, encoder.  Half-float formats have no
 * encoder yet: a typed write to one is named.
 */
static const struct ea_format formats[] = {
	{ 0x000, "R32G32B32A32_FLOAT", 16, EA_FMT_FLOAT, true, 4, d_rgba32f, e_rgba32 },
	{ 0x001, "R32G32B32A32_SINT", 16, EA_FMT_SINT, true, 4, d_rgba32i, e_rgba32 },
	{ 0x002, "R32G32B32A32_UINT", 16, EA_FMT_UINT, true, 4, d_rgba32i, e_rgba32 },
	{ 0x080, "R16G16B16A16_UNORM", 8, EA_FMT_FLOAT, true, 4, d_rgba16un, e_rgba16un },
	{ 0x084, "R16G16B16A16_FLOAT", 8, EA_FMT_FLOAT, true, 4, d_rgba16f, NULL },
	{ 0x085, "R32G32_FLOAT", 8, EA_FMT_FLOAT, false, 2, d_rg32f, e_rg32 },
	{ 0x0c0, "B8G8R8A8_UNORM", 4, EA_FMT_FLOAT, true, 4, d_bgra8un, e_bgra8un },
	{ 0x0c7, "R8G8B8A8_UNORM", 4, EA_FMT_FLOAT, true, 4, d_rgba8un, e_rgba8un },
	{ 0x0ca, "R8G8B8A8_SINT", 4, EA_FMT_SINT, true, 4, d_rgba8si, e_rgba8si },
	{ 0x0cb, "R8G8B8A8_UINT", 4, EA_FMT_UINT, true, 4, d_rgba8ui, e_rgba8ui },
	{ 0x0d6, "R32_SINT", 4, EA_FMT_SINT, false, 1, d_r32i, e_r32 },
	{ 0x0d7, "R32_UINT", 4, EA_FMT_UINT, false, 1, d_r32i, e_r32 },
	{ 0x0d8, "R32_FLOAT", 4, EA_FMT_FLOAT, false, 1, d_r32f, e_r32 },
	{ 0x106, "R8G8_UNORM", 2, EA_FMT_FLOAT, false, 2, d_rg8un, e_rg8un },
	{ 0x10a, "R16_UNORM", 2, EA_FMT_FLOAT, false, 1, d_r16un, e_r16un },
	{ 0x10d, "R16_UINT", 2, EA_FMT_UINT, false, 1, d_r16ui, e_r16ui },
	{ 0x10e, "R16_FLOAT", 2, EA_FMT_FLOAT, false, 1, d_r16f, NULL },
	{ 0x140, "R8_UNORM", 1, EA_FMT_FLOAT, false, 1, d_r8un, e_r8un },
	{ 0x143, "R8_UINT", 1, EA_FMT_UINT, false, 1, d_r8ui, e_r8ui },
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
