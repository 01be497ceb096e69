// SPDX-License-Identifier: MIT
/*
 * The colour calculator's state as a draw reads it (hw-spec-3d "Blending
 * and logic ops"): BLEND_STATE's DW0, COLOR_CALC_STATE (the blend
 * constant colour and the stencil reference values) and
 * 3DSTATE_PS_BLEND, the windower's copy of render target 0's blend
 * state.  Layouts EXT Mesa gen8.xml BLEND_STATE, BLEND_STATE_ENTRY,
 * COLOR_CALC_STATE, 3DSTATE_CC_STATE_POINTERS, 3DSTATE_PS_BLEND.  The
 * render target write (compute/dp_rc.c) applies each BLEND_STATE entry.
 */
#include <string.h>

#include "3d/r3d_priv.h"
#include "core/device.h"

/* COLOR_CALC_STATE, when 3DSTATE_CC_STATE_POINTERS is valid: read once a draw. */
enum gs_cmd_result r3d_cc_state(struct r3d_draw *d)
{
	uint32_t cc[6];

	d->cc_valid = d->st->valid[R3D_S_CC] && (SDW(d, R3D_S_CC, 1) & CC_PTR_VALID);
	if (!d->cc_valid)
		return GS_CMD_NEXT;
	if (gs_cs_read(d->cs, false, d->sba->dynamic + (SDW(d, R3D_S_CC, 1) & ~63u), cc,
		       sizeof(cc)))
		return GS_CMD_HALT;
	d->stencil_ref[0] = FIELD_GET(CC_DW0_STENCIL_REF, cc[0]);
	d->stencil_ref[1] = FIELD_GET(CC_DW0_BACK_STENCIL_REF, cc[0]);
	memcpy(d->blend_const, &cc[2], sizeof(d->blend_const));
	return GS_CMD_NEXT;
}

/*
 * 3DSTATE_PS_BLEND repeats render target 0's Color Buffer Blend Enable,
 * factors and Independent Alpha Blend Enable for the windower (EXT Mesa
 * genX_state_upload.c programs it from the same state as BLEND_STATE).
 * gensim blends from BLEND_STATE and refuses a copy that disagrees with
 * it, rather than pick one of the two.
 */
static enum gs_cmd_result ps_blend_copy(struct r3d_draw *d, uint32_t blend0)
{
	uint32_t psb = SDW(d, R3D_S_PS_BLEND, 1), e0;
	bool on, independent;

	if (gs_cs_read(d->cs, false, d->blend_state + 4, &e0, 4))
		return GS_CMD_HALT;
	on = e0 & BLEND_E0_ENABLE;
	independent = blend0 & BLEND_DW0_INDEPENDENT_ALPHA;
	if (!!(psb & PSB_DW1_BLEND_ENABLE) != on)
		return gs_cs_instruction_error(d->cs, "3DPRIMITIVE: 3DSTATE_PS_BLEND Color Buffer "
					       "Blend Enable (%u) differs from BLEND_STATE entry "
					       "0's (%u)", !!(psb & PSB_DW1_BLEND_ENABLE), on);
	if (!on)
		return GS_CMD_NEXT;
	if (FIELD_GET(PSB_DW1_SRC, psb) != FIELD_GET(BLEND_E0_SRC, e0) ||
	    FIELD_GET(PSB_DW1_DST, psb) != FIELD_GET(BLEND_E0_DST, e0) ||
	    !!(psb & PSB_DW1_INDEPENDENT_ALPHA) != independent ||
	    (independent && (FIELD_GET(PSB_DW1_SRC_ALPHA, psb) != FIELD_GET(BLEND_E0_SRC_ALPHA, e0) ||
			     FIELD_GET(PSB_DW1_DST_ALPHA, psb) != FIELD_GET(BLEND_E0_DST_ALPHA, e0))))
		return gs_cs_instruction_error(d->cs, "3DPRIMITIVE: 3DSTATE_PS_BLEND's blend "
					       "factors or Independent Alpha Blend Enable (DW1 "
					       "%#x) differ from BLEND_STATE's (DW0 %#x, entry 0 "
					       "%#x)", psb, blend0, e0);
	return GS_CMD_NEXT;
}

/* BLEND_STATE's global bits (each entry is read by the write that uses it) and PS_BLEND. */
enum gs_cmd_result r3d_blend_state(struct r3d_draw *d)
{
	uint32_t blend0;

	if (!d->st->valid[R3D_S_BLEND] || !(SDW(d, R3D_S_BLEND, 1) & 1))
		return gs_cs_instruction_error(d->cs, "3DPRIMITIVE: a pixel shader without a valid "
					       "3DSTATE_BLEND_STATE_POINTERS");
	d->blend_state = d->sba->dynamic + (SDW(d, R3D_S_BLEND, 1) & ~63u);
	if (gs_cs_read(d->cs, false, d->blend_state, &blend0, 4))
		return GS_CMD_HALT;
	if (blend0 & (BLEND_DW0_A2C | BLEND_DW0_A2ONE | BLEND_DW0_A2C_DITHER |
		      BLEND_DW0_ALPHA_TEST | BLEND_DW0_DITHER))
		return gs_cs_instruction_error(d->cs, "3DPRIMITIVE: BLEND_STATE DW0 %#x: alpha to "
					       "coverage, alpha to one, alpha test and dithering "
					       "are not implemented by gensim", blend0);
	d->blend_dw0 = blend0;
	return ps_blend_copy(d, blend0);
}
