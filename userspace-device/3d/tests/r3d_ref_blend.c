// SPDX-License-Identifier: MIT
/*
 * The CPU reference's colour calculator: hw-spec-3d "Blending and logic
 * ops" written again for UNORM8 targets, from the raw BLEND_STATE dwords
 * the test gave the device (EXT Mesa gen8.xml BLEND_STATE_ENTRY): the
 * factors, the five functions, separate alpha, the clamps, logic ops and
 * the write disables, in single precision.
 */
#include <string.h>

#include "r3d_env.h"
#include "tap.h"

static float clampf(float v, float lo, float hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

/* 3D_Color_Buffer_Blend_Factor @f for channel @c. */
static float ref_factor(unsigned int f, unsigned int c, const float s[4], const float d[4],
			const float k[4])
{
	switch (f) {
	case BLENDFACTOR_ONE: return 1.0f;
	case BLENDFACTOR_ZERO: return 0.0f;
	case BLENDFACTOR_SRC_COLOR: return s[c];
	case BLENDFACTOR_INV_SRC_COLOR: return 1.0f - s[c];
	case BLENDFACTOR_SRC_ALPHA: return s[3];
	case BLENDFACTOR_INV_SRC_ALPHA: return 1.0f - s[3];
	case BLENDFACTOR_DST_ALPHA: return d[3];
	case BLENDFACTOR_INV_DST_ALPHA: return 1.0f - d[3];
	case BLENDFACTOR_DST_COLOR: return d[c];
	case BLENDFACTOR_INV_DST_COLOR: return 1.0f - d[c];
	case BLENDFACTOR_CONST_COLOR: return k[c];
	case BLENDFACTOR_INV_CONST_COLOR: return 1.0f - k[c];
	case BLENDFACTOR_CONST_ALPHA: return k[3];
	case BLENDFACTOR_INV_CONST_ALPHA: return 1.0f - k[3];
	case BLENDFACTOR_SRC_ALPHA_SATURATE:
		return c == 3 ? 1.0f : s[3] < 1.0f - d[3] ? s[3] : 1.0f - d[3];
	}
	CHECK_MSG(0, "reference: blend factor %u", f);
	return 0;
}

uint32_t r3e_ref_color(const struct r3e_ref *r, const float c[4], uint32_t old)
{
	const uint32_t e0 = r->blend_e[0], e1 = r->blend_e[1];
	/* memory byte of channel R, G, B, A */
	const unsigned int pos[4] = { r->bgra ? 2u : 0u, 1, r->bgra ? 0u : 2u, 3 };
	/* write disables: DW0 bit 2 R, 1 G, 0 B, 3 A */
	const unsigned int wdbit[4] = { 2, 1, 0, 3 };
	uint8_t mem[4], out[4];
	float s[4], d[4], k[4], res[4];

	memcpy(mem, &old, 4);
	for (unsigned int ch = 0; ch < 4; ch++) {
		s[ch] = c[ch];
		d[ch] = (float)mem[pos[ch]] / 255.0f;
		k[ch] = r->blend_const[ch];
		res[ch] = c[ch];
	}
	if (e0 >> 31) {
		bool ind = r->blend_dw0 >> 30 & 1, pre = e1 >> 1 & 1, post = e1 & 1;
		bool src_only = e1 >> 4 & 1;
		unsigned int range = e1 >> 2 & 3;
		float lo = range == 1 ? -1.0f : 0.0f;

		if (pre)
			for (unsigned int ch = 0; ch < 4; ch++) {
				s[ch] = clampf(s[ch], lo, 1.0f);
				if (!src_only) {
					d[ch] = clampf(d[ch], lo, 1.0f);
					k[ch] = clampf(k[ch], lo, 1.0f);
				}
			}
		for (unsigned int ch = 0; ch < 4; ch++) {
			bool alpha = ch == 3 && ind;
			unsigned int sf = alpha ? e0 >> 13 & 31 : e0 >> 26 & 31;
			unsigned int df = alpha ? e0 >> 8 & 31 : e0 >> 21 & 31;
			unsigned int fn = alpha ? e0 >> 5 & 7 : e0 >> 18 & 7;
			float a = s[ch] * ref_factor(sf, ch, s, d, k);
			float b = d[ch] * ref_factor(df, ch, s, d, k);
			float v;

			switch (fn) {
			case BLENDFUNCTION_ADD: v = a + b; break;
			case BLENDFUNCTION_SUBTRACT: v = a - b; break;
			case BLENDFUNCTION_REVERSE_SUBTRACT: v = b - a; break;
			case BLENDFUNCTION_MIN: v = a < b ? a : b; break;
			case BLENDFUNCTION_MAX: v = a > b ? a : b; break;
			default: CHECK_MSG(0, "reference: blend function %u", fn); v = 0; break;
			}
			res[ch] = post ? clampf(v, lo, 1.0f) : v;
		}
	}
	memcpy(out, mem, 4);
	for (unsigned int ch = 0; ch < 4; ch++) {
		uint8_t v = r3e_unorm8(res[ch]);

		if (e0 >> wdbit[ch] & 1)
			continue;
		if (e1 >> 31) {
			unsigned int fn = e1 >> 27 & 15;
			uint8_t dv = mem[pos[ch]], o = 0;

			for (unsigned int bit = 0; bit < 8; bit++)
				o |= (uint8_t)((fn >> (2 * (v >> bit & 1) + (dv >> bit & 1)) & 1)
					       << bit);
			v = o;
		}
		out[pos[ch]] = v;
	}
	memcpy(&old, out, 4);
	return old;
}
