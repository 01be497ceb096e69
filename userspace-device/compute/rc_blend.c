// SPDX-License-Identifier: MIT
/*
 * Blending and logic ops of the render target write (hw-spec-3d
 * "Blending and logic ops"; EXT Mesa gen8.xml BLEND_STATE_ENTRY and its
 * enumerations).
 *
 * Factor numbers: 1..10 are ONE, SRC_COLOR, SRC_ALPHA, DST_ALPHA,
 * DST_COLOR, SRC_ALPHA_SATURATE, CONST_COLOR, CONST_ALPHA, SRC1_COLOR,
 * SRC1_ALPHA; 17 is ZERO and 18..21, 23..26 the INV_ forms of 2..5,
 * 7..10: bit 4 means "one minus" (ZERO = one minus ONE), which is how
 * the table below reads them; 0, 11..16, 22 and 27..31 are reserved.
 *
 * gensim (the documents do not say how the colour calculator computes):
 * every value is an IEEE single, each product and sum rounded to single
 * (no fused multiply-add), in the order (s x sf) op (d x df); MIN and
 * MAX compare the products, as Gen hardware applies the factors to them
 * too (EXT Mesa i965 genX_state_upload.c sets both factors to ONE for
 * GL's MIN and MAX, which ignore them); a UNORM8 destination is v / 255.
 */
#include <stdio.h>

#include "compute/rc_blend.h"

enum { F_RESERVED, F_ONE, F_SRC_COLOR, F_SRC_ALPHA, F_DST_ALPHA, F_DST_COLOR, F_SRC_ALPHA_SAT,
       F_CONST_COLOR, F_CONST_ALPHA, F_SRC1_COLOR, F_SRC1_ALPHA };

static const char *const factor_names[32] = {
	[1] = "ONE", [2] = "SRC_COLOR", [3] = "SRC_ALPHA", [4] = "DST_ALPHA", [5] = "DST_COLOR",
	[6] = "SRC_ALPHA_SATURATE", [7] = "CONST_COLOR", [8] = "CONST_ALPHA",
	[9] = "SRC1_COLOR", [10] = "SRC1_ALPHA", [17] = "ZERO", [18] = "INV_SRC_COLOR",
	[19] = "INV_SRC_ALPHA", [20] = "INV_DST_ALPHA", [21] = "INV_DST_COLOR",
	[23] = "INV_CONST_COLOR", [24] = "INV_CONST_ALPHA", [25] = "INV_SRC1_COLOR",
	[26] = "INV_SRC1_ALPHA",
};

enum { FN_ADD, FN_SUBTRACT, FN_REVERSE_SUBTRACT, FN_MIN, FN_MAX };

static int check_factor(unsigned int f, const char *which, char *why, size_t n)
{
	unsigned int base = f & 15;

	if (!factor_names[f]) {
		snprintf(why, n, "%s %u is reserved", which, f);
		return -1;
	}
	if (base == F_SRC1_COLOR || base == F_SRC1_ALPHA) {
		snprintf(why, n, "%s %s: dual-source blending is not implemented by gensim",
			 which, factor_names[f]);
		return -1;
	}
	return 0;
}

int rc_blend_decode(uint32_t dw0, const uint32_t e[2], struct rc_blend *b, char *why, size_t n)
{
	bool independent = dw0 >> 30 & 1;
	static const char *const names[4] = { "Source Blend Factor", "Destination Blend Factor",
					       "Source Alpha Blend Factor",
					       "Destination Alpha Blend Factor" };

	b->blend = e[0] >> 31 & 1;
	b->logic = e[1] >> 31 & 1;
	b->src[0] = e[0] >> 26 & 31;
	b->dst[0] = e[0] >> 21 & 31;
	b->fn[0] = e[0] >> 18 & 7;
	b->src[1] = independent ? e[0] >> 13 & 31 : b->src[0];
	b->dst[1] = independent ? e[0] >> 8 & 31 : b->dst[0];
	b->fn[1] = independent ? e[0] >> 5 & 7 : b->fn[0];
	b->logic_fn = e[1] >> 27 & 15;
	b->src_only_clamp = e[1] >> 4 & 1;
	b->range = e[1] >> 2 & 3;
	b->pre_clamp = e[1] >> 1 & 1;
	b->post_clamp = e[1] & 1;
	/* Write Disable Alpha 3, Red 2, Green 1, Blue 0 -> bit 0 R, 1 G, 2 B, 3 A */
	b->wd = (uint8_t)((e[0] >> 2 & 1) | (e[0] >> 1 & 1) << 1 | (e[0] & 1) << 2 |
			  (e[0] >> 3 & 1) << 3);
	b->uses_const = false;
	b->uses_dst = b->logic || (b->wd && b->wd != 15);
	if (b->blend && b->logic) {
		snprintf(why, n, "Color Buffer Blend Enable and Logic Op Enable together (gensim: "
			 "they exclude each other)");
		return -1;
	}
	if (!b->blend)
		return 0;
	for (unsigned int i = 0; i < 4; i++) {
		unsigned int f = i & 1 ? b->dst[i / 2] : b->src[i / 2], base = f & 15;

		if (check_factor(f, names[i], why, n))
			return -1;
		b->uses_const |= base == F_CONST_COLOR || base == F_CONST_ALPHA;
	}
	for (unsigned int i = 0; i < 2; i++)
		if (b->fn[i] > FN_MAX) {
			snprintf(why, n, "%s Blend Function %u is reserved", i ? "Alpha" : "Color",
				 b->fn[i]);
			return -1;
		}
	if (b->range == 3) {
		snprintf(why, n, "Color Clamp Range 3 is reserved");
		return -1;
	}
	b->uses_dst = true;
	return 0;
}

static float clampf(float v, float lo, float hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

/* Factor @f for channel @c (3: alpha). */
static float factor(unsigned int f, unsigned int c, const float s[4], const float d[4],
		    const float k[4])
{
	float v;

	switch (f & 15) {
	case F_ONE: v = 1.0f; break;
	case F_SRC_COLOR: v = s[c]; break;
	case F_SRC_ALPHA: v = s[3]; break;
	case F_DST_ALPHA: v = d[3]; break;
	case F_DST_COLOR: v = d[c]; break;
	case F_SRC_ALPHA_SAT: {
		float inv = 1.0f - d[3];

		v = c == 3 ? 1.0f : s[3] < inv ? s[3] : inv;
		break;
	}
	case F_CONST_COLOR: v = k[c]; break;
	default: v = k[3]; break;	/* F_CONST_ALPHA; the others were refused */
	}
	return f & 16 ? 1.0f - v : v;
}

void rc_blend_apply(const struct rc_blend *b, const float s_in[4], const float d_in[4],
		    const float k_in[4], bool unorm, float out[4])
{
	float s[4], d[4], k[4], lo = 0.0f, hi = 1.0f;
	bool bounded = b->range != 2 || unorm;

	if (b->range == 1)
		lo = -1.0f;
	for (unsigned int c = 0; c < 4; c++) {
		s[c] = s_in[c];
		d[c] = d_in[c];
		k[c] = k_in[c];
		if (b->pre_clamp && bounded) {
			s[c] = clampf(s[c], lo, hi);
			if (!b->src_only_clamp) {
				d[c] = clampf(d[c], lo, hi);
				k[c] = clampf(k[c], lo, hi);
			}
		}
	}
	for (unsigned int c = 0; c < 4; c++) {
		unsigned int a = c == 3;
		float S = s[c] * factor(b->src[a], c, s, d, k);
		float D = d[c] * factor(b->dst[a], c, s, d, k);
		float r;

		switch (b->fn[a]) {
		case FN_ADD: r = S + D; break;
		case FN_SUBTRACT: r = S - D; break;
		case FN_REVERSE_SUBTRACT: r = D - S; break;
		case FN_MIN: r = S < D ? S : D; break;
		default: r = S > D ? S : D; break;
		}
		out[c] = b->post_clamp && bounded ? clampf(r, lo, hi) : r;
	}
}

/*
 * 3D_Logic_Op_Function is the truth table of the op: bit (2 x s + d) of
 * the number is the result for source bit s and destination bit d
 * (COPY 12, NOOP 10, XOR 6, CLEAR 0, SET 15...).
 */
uint8_t rc_logic_op(unsigned int fn, uint8_t s, uint8_t d)
{
	uint8_t r = 0;

	for (unsigned int bit = 0; bit < 8; bit++) {
		unsigned int i = 2 * (s >> bit & 1) + (d >> bit & 1);

		r |= (uint8_t)((fn >> i & 1) << bit);
	}
	return r;
}
