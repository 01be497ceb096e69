/* SPDX-License-Identifier: MIT */
/*
 * The render cache's colour calculator: blending and logic ops of one
 * render target write (Documentation/gpu/gensim/hw-spec-3d.rst "Blending
 * and logic ops"), private to compute/dp_rc.c.  Layouts EXT Mesa
 * src/intel/genxml/gen8.xml BLEND_STATE, BLEND_STATE_ENTRY; factor,
 * function and logic op numbers its 3D_Color_Buffer_Blend_Factor,
 * 3D_Color_Buffer_Blend_Function and 3D_Logic_Op_Function.
 */
#ifndef GS_COMPUTE_RC_BLEND_H
#define GS_COMPUTE_RC_BLEND_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* One BLEND_STATE_ENTRY, decoded; [0] the colour (R, G, B), [1] the alpha. */
struct rc_blend {
	bool blend, logic;
	uint8_t src[2], dst[2], fn[2];
	uint8_t logic_fn;
	bool pre_clamp, src_only_clamp, post_clamp;
	uint8_t range;			/* 0 UNORM, 1 SNORM, 2 the render target's format */
	uint8_t wd;			/* write disables: bit 0 R, 1 G, 2 B, 3 A */
	bool uses_const;		/* a factor reads COLOR_CALC_STATE's constant colour */
	bool uses_dst;			/* the destination is read */
};

/*
 * Decode entry @e of a BLEND_STATE whose DW0 is @dw0.  0, or -1 with a
 * message naming what is reserved or not implemented in @why.
 */
int rc_blend_decode(uint32_t dw0, const uint32_t e[2], struct rc_blend *b, char *why,
		    size_t n);
/*
 * Blend source @s with destination @d (and constant @k): @out, before
 * the write's conversion.  @unorm: the target is UNORM (the range of
 * "the render target's format" is [0, 1], else unbounded).
 */
void rc_blend_apply(const struct rc_blend *b, const float s[4], const float d[4],
		    const float k[4], bool unorm, float out[4]);
/* The logic op @fn of the bits of @s and @d. */
uint8_t rc_logic_op(unsigned int fn, uint8_t s, uint8_t d);

#endif
