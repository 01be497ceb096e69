// SPDX-License-Identifier: MIT
/*
 * The 3D state commands (hw-spec-3d "State commands"): checked when they
 * execute, latched as their dwords, listed for the context image.  Layouts
 * EXT Mesa src/intel/genxml/gen8.xml (one section per command, named
 * below); opcodes PRM Vol. 6 Command Stream Programming (Cherryview 2015),
 * "3D Command Map".
 *
 * What a command enables and gensim does not implement is an instruction
 * error naming the command, the field and "not implemented by gensim";
 * reserved encodings are errors too.  Everything else is latched and
 * decoded again by the draw (draw.c), which also checks what only makes
 * sense together (the URB layout, the payload sizes, the read windows).
 */
#include <stdlib.h>
#include <string.h>

#include "3d/r3d.h"
#include "3d/r3d_cmds.h"
#include "core/device.h"
#include "core/log.h"

#define KEY(h)		((h) & 0xffff0000u)

typedef enum gs_cmd_result r3d_check_fn(struct gs_cs *cs, const char *me, const uint32_t *dw);

struct r3d_cmd_info {
	uint32_t key;
	const char *name;
	int slot;		/* R3D_S_*, or -1: handled by its own code */
	r3d_check_fn *check;
};

static enum gs_cmd_result unimpl(struct gs_cs *cs, const char *me, const char *what)
{
	return gs_cs_instruction_error(cs, "%s: %s is not implemented by gensim", me, what);
}

/* The first of @n (bit, name) pairs set in @v: an instruction error naming it. */
struct r3d_bit {
	uint32_t bit;
	const char *name;
};

static enum gs_cmd_result refuse_bits(struct gs_cs *cs, const char *me, unsigned int n,
				      uint32_t v, const struct r3d_bit *bits, unsigned int nbits)
{
	for (unsigned int i = 0; i < nbits; i++)
		if (v & bits[i].bit)
			return gs_cs_instruction_error(cs, "%s: %s (DW%u bit mask %#x) is not "
						       "implemented by gensim", me, bits[i].name, n,
						       bits[i].bit);
	return GS_CMD_NEXT;
}

#define REFUSE(cs, me, n, v, ...) do {							\
	static const struct r3d_bit b_[] = { __VA_ARGS__ };				\
	if (refuse_bits(cs, me, n, v, b_, sizeof(b_) / sizeof(b_[0])) != GS_CMD_NEXT)	\
		return GS_CMD_HALT;							\
} while (0)

/* gen8.xml 3DSTATE_VS: only an enabled SIMD8 vertex shader without exceptions or scratch. */
static enum gs_cmd_result check_vs(struct gs_cs *cs, const char *me, const uint32_t *dw)
{
	if (!(dw[7] & VS_DW7_ENABLE))
		return GS_CMD_NEXT;
	REFUSE(cs, me, 3, dw[3], { VS_DW3_SINGLE_VERTEX, "Single Vertex Dispatch" },
	       { VS_DW3_VECTOR_MASK, "Vector Mask Enable" },
	       { VS_DW3_ILLEGAL_OP_EXC, "Illegal Opcode Exception Enable (a system routine)" },
	       { VS_DW3_SW_EXC, "Software Exception Enable (a system routine)" });
	REFUSE(cs, me, 8, dw[8], { VS_DW8_UCD_CLIP, "User Clip Distance Clip Test" },
	       { VS_DW8_UCD_CULL, "User Clip Distance Cull Test" });
	if ((dw[4] & VS_DW4_SCRATCH_SIZE) || (dw[4] & ~0x3ffu) || dw[5])
		return unimpl(cs, me, "scratch space (DW4-DW5)");
	if (!(dw[7] & VS_DW7_SIMD8))
		return unimpl(cs, me, "SIMD4x2 dispatch (SIMD8 Dispatch Enable, DW7 bit 2, is "
			      "clear)");
	return GS_CMD_NEXT;
}

static enum gs_cmd_result check_hs(struct gs_cs *cs, const char *me, const uint32_t *dw)
{
	REFUSE(cs, me, 2, dw[2], { HS_DW2_ENABLE, "the hull shader (Enable): tessellation" });
	return GS_CMD_NEXT;
}

static enum gs_cmd_result check_ds(struct gs_cs *cs, const char *me, const uint32_t *dw)
{
	REFUSE(cs, me, 7, dw[7], { DS_DW7_ENABLE, "the domain shader (Enable): tessellation" });
	return GS_CMD_NEXT;
}

static enum gs_cmd_result check_te(struct gs_cs *cs, const char *me, const uint32_t *dw)
{
	REFUSE(cs, me, 1, dw[1], { TE_DW1_ENABLE, "the tessellator (TE Enable)" });
	return GS_CMD_NEXT;
}

/*
 * gen8.xml 3DSTATE_GS: an enabled geometry shader in gensim's subset
 * (hw-spec-3d "Geometry shader"): SIMD8 dispatch, one instance, stream 0,
 * cut bits (or no control data), a dynamic vertex count, POINTLIST,
 * LINESTRIP or TRISTRIP output; no exceptions, scratch or user clip
 * distances.  What only makes sense with the draw is checked by gs.c.
 */
static enum gs_cmd_result check_gs(struct gs_cs *cs, const char *me, const uint32_t *dw)
{
	static const char *const modes[4] = { "SINGLE (single instance)", "DUAL_INSTANCE",
					      "DUAL_OBJECT", "SIMD8" };
	unsigned int mode = FIELD_GET(GS_DW7_DISPATCH_MODE, dw[7]);
	unsigned int topo = FIELD_GET(GS_DW6_OUT_TOPOLOGY, dw[6]);

	if (!(dw[7] & GS_DW7_ENABLE))
		return GS_CMD_NEXT;
	REFUSE(cs, me, 3, dw[3], { GS_DW3_VECTOR_MASK, "Vector Mask Enable" },
	       { GS_DW3_ILLEGAL_OP_EXC, "Illegal Opcode Exception Enable (a system routine)" },
	       { GS_DW3_MASK_STACK_EXC, "Mask Stack Exception Enable (a system routine)" },
	       { GS_DW3_SW_EXC, "Software Exception Enable (a system routine)" });
	REFUSE(cs, me, 7, dw[7], { GS_DW7_PRIMITIVE_ID, "Include Primitive ID" });
	REFUSE(cs, me, 8, dw[8], { GS_DW8_CONTROL_SID, "Control Data Format SID (stream IDs)" },
	       { GS_DW8_STATIC_OUTPUT, "Static Output (a fixed vertex count)" });
	REFUSE(cs, me, 9, dw[9], { GS_DW9_UCD_CLIP, "User Clip Distance Clip Test" },
	       { GS_DW9_UCD_CULL, "User Clip Distance Cull Test" });
	if ((dw[4] & GS_DW4_SCRATCH_SIZE) || (dw[4] & ~0x3ffu) || dw[5])
		return unimpl(cs, me, "scratch space (DW4-DW5)");
	if (mode != GS_DISPATCH_SIMD8)
		return gs_cs_instruction_error(cs, "%s: Dispatch Mode %u (%s) is not implemented by "
					       "gensim: SIMD8 (3) only", me, mode, modes[mode]);
	if (FIELD_GET(GS_DW7_INSTANCE_CONTROL, dw[7]))
		return gs_cs_instruction_error(cs, "%s: Instance Control %u (%u invocations) is not "
					       "implemented by gensim: one invocation only", me,
					       FIELD_GET(GS_DW7_INSTANCE_CONTROL, dw[7]),
					       FIELD_GET(GS_DW7_INSTANCE_CONTROL, dw[7]) + 1);
	if (FIELD_GET(GS_DW7_DEFAULT_STREAM, dw[7]))
		return gs_cs_instruction_error(cs, "%s: Default Stream ID %u is not implemented by "
					       "gensim: stream 0 only", me,
					       FIELD_GET(GS_DW7_DEFAULT_STREAM, dw[7]));
	if (topo != TOPO_POINTLIST && topo != TOPO_LINESTRIP && topo != TOPO_TRISTRIP)
		return gs_cs_instruction_error(cs, "%s: Output Topology %u is not implemented by "
					       "gensim: POINTLIST (1), LINESTRIP (3), TRISTRIP (5)",
					       me, topo);
	if (FIELD_GET(GS_DW6_OUT_VERTEX_SIZE, dw[6]) < 1)
		return gs_cs_instruction_error(cs, "%s: Output Vertex Size 0 (16 bytes): a vertex "
					       "holds at least the VUE header and the position "
					       "(gensim)", me);
	return GS_CMD_NEXT;
}

static enum gs_cmd_result check_so(struct gs_cs *cs, const char *me, const uint32_t *dw)
{
	REFUSE(cs, me, 1, dw[1], { SO_DW1_ENABLE, "stream output (SO Function Enable)" });
	return GS_CMD_NEXT;
}

/* gen8.xml 3DSTATE_VF_SGVS: the element offsets are 6-bit, the elements 0..33. */
static enum gs_cmd_result check_sgvs(struct gs_cs *cs, const char *me, const uint32_t *dw)
{
	if ((dw[1] & SGVS_DW1_VID_ENABLE) && FIELD_GET(SGVS_DW1_VID_ELEMENT, dw[1]) >= R3D_MAX_VE)
		return gs_cs_instruction_error(cs, "%s: VertexID Element Offset %u (0..%u)", me,
					       FIELD_GET(SGVS_DW1_VID_ELEMENT, dw[1]), R3D_MAX_VE - 1);
	if ((dw[1] & SGVS_DW1_IID_ENABLE) && FIELD_GET(SGVS_DW1_IID_ELEMENT, dw[1]) >= R3D_MAX_VE)
		return gs_cs_instruction_error(cs, "%s: InstanceID Element Offset %u (0..%u)", me,
					       FIELD_GET(SGVS_DW1_IID_ELEMENT, dw[1]), R3D_MAX_VE - 1);
	return GS_CMD_NEXT;
}

static enum gs_cmd_result check_index_buffer(struct gs_cs *cs, const char *me, const uint32_t *dw)
{
	if (FIELD_GET(IB_DW1_FORMAT, dw[1]) == 3)
		return gs_cs_instruction_error(cs, "%s: Index Format 3 is reserved", me);
	return GS_CMD_NEXT;
}

/* gen8.xml 3DSTATE_CLIP */
static enum gs_cmd_result check_clip(struct gs_cs *cs, const char *me, const uint32_t *dw)
{
	unsigned int mode = FIELD_GET(CLIP_DW2_MODE, dw[2]);

	REFUSE(cs, me, 1, dw[1], { CLIP_DW1_FORCE_UCD_CULL, "Force User Clip Distance Cull Test" },
	       { CLIP_DW1_FORCE_UCD_CLIP, "Force User Clip Distance Clip Test" },
	       { CLIP_DW1_FORCE_CLIP_MODE, "Force Clip Mode" },
	       { CLIP_DW1_UCD_CULL, "User Clip Distance Cull Test" });
	REFUSE(cs, me, 2, dw[2], { CLIP_DW2_UCD_CLIP, "User Clip Distance Clip Test" });
	if (mode != CLIP_MODE_NORMAL && mode != CLIP_MODE_REJECT_ALL &&
	    mode != CLIP_MODE_ACCEPT_ALL)
		return gs_cs_instruction_error(cs, "%s: Clip Mode %u is reserved (0 normal, 3 "
					       "reject all, 4 accept all)", me, mode);
	if (FIELD_GET(CLIP_DW3_MAX_VP_INDEX, dw[3]))
		return unimpl(cs, me, "more than one viewport (Maximum VP Index, DW3 3:0)");
	return GS_CMD_NEXT;
}

static enum gs_cmd_result check_sf(struct gs_cs *cs, const char *me, const uint32_t *dw)
{
	REFUSE(cs, me, 1, dw[1], { SF_DW1_LEGACY_DEPTH_BIAS, "Legacy Global Depth Bias" });
	return GS_CMD_NEXT;
}

/* gen8.xml 3DSTATE_RASTER; the fill modes are checked by the draw (a culled face's does not matter). */
static enum gs_cmd_result check_raster(struct gs_cs *cs, const char *me, const uint32_t *dw)
{
	REFUSE(cs, me, 1, dw[1], { RASTER_DW1_FORCED_SAMPLES, "Forced Sample Count" },
	       { RASTER_DW1_FORCE_MS, "Force Multisampling" },
	       { RASTER_DW1_DX_MS, "DX Multisample Rasterization" },
	       { RASTER_DW1_DEPTH_OFFSET, "Global Depth Offset" },
	       { RASTER_DW1_AA, "Antialiasing" });
	return GS_CMD_NEXT;
}

static enum gs_cmd_result check_sbe(struct gs_cs *cs, const char *me, const uint32_t *dw)
{
	REFUSE(cs, me, 1, dw[1], { SBE_DW1_PRIMID_OVERRIDE, "Primitive ID Override" });
	if (FIELD_GET(SBE_DW1_NUM_OUTPUTS, dw[1]) > 32)
		return gs_cs_instruction_error(cs, "%s: %u SF output attributes (at most 32)", me,
					       FIELD_GET(SBE_DW1_NUM_OUTPUTS, dw[1]));
	return GS_CMD_NEXT;
}

/* gen8.xml 3DSTATE_SBE_SWIZ: the swizzle selects and PrimID constant are not implemented. */
static enum gs_cmd_result check_sbe_swiz(struct gs_cs *cs, const char *me, const uint32_t *dw)
{
	for (unsigned int a = 0; a < 16; a++) {
		uint32_t s = dw[1 + a / 2] >> (16 * (a % 2)) & 0xffff;

		if (FIELD_GET(SWIZ_SELECT, s))
			return gs_cs_instruction_error(cs, "%s: attribute %u: Swizzle Select %u "
						       "(facing/W inputs) is not implemented by "
						       "gensim", me, a, FIELD_GET(SWIZ_SELECT, s));
		if ((s & (SWIZ_OVERRIDE_W | SWIZ_OVERRIDE_Z | SWIZ_OVERRIDE_Y |
			  SWIZ_OVERRIDE_X)) && FIELD_GET(SWIZ_CONST, s) == 3)
			return gs_cs_instruction_error(cs, "%s: attribute %u: the PRIM_ID constant "
						       "source is not implemented by gensim", me,
						       a);
	}
	for (unsigned int n = 9; n <= 10; n++)
		if (dw[n])
			return gs_cs_instruction_error(cs, "%s: Attribute Wrap Shortest Enables "
						       "(DW%u = %#x) are not implemented by gensim",
						       me, n, dw[n]);
	return GS_CMD_NEXT;
}

static enum gs_cmd_result check_wm(struct gs_cs *cs, const char *me, const uint32_t *dw)
{
	REFUSE(cs, me, 1, dw[1], { WM_DW1_LEGACY_DEPTH_CLEAR, "Legacy Depth Buffer Clear" },
	       { WM_DW1_LEGACY_DEPTH_RESOLVE, "Legacy Depth Buffer Resolve" },
	       { WM_DW1_LEGACY_HIZ_RESOLVE, "Legacy Hierarchical Depth Buffer Resolve" },
	       { WM_DW1_POLY_STIPPLE, "Polygon Stipple" });
	if (FIELD_GET(WM_DW1_FORCE_KILL, dw[1]) == 2)
		return unimpl(cs, me, "Force Kill Pixel Enable ON");
	if (FIELD_GET(WM_DW1_FORCE_KILL, dw[1]) == 3 || FIELD_GET(WM_DW1_FORCE_DISPATCH, dw[1]) == 3)
		return gs_cs_instruction_error(cs, "%s: a reserved force encoding (3)", me);
	return GS_CMD_NEXT;
}

/* gen8.xml 3DSTATE_PS */
static enum gs_cmd_result check_ps(struct gs_cs *cs, const char *me, const uint32_t *dw)
{
	REFUSE(cs, me, 3, dw[3], { PS_DW3_SPF, "Single Program Flow" },
	       { PS_DW3_VECTOR_MASK, "Vector Mask Enable" },
	       { PS_DW3_ILLEGAL_OP_EXC, "Illegal Opcode Exception Enable (a system routine)" },
	       { PS_DW3_MASK_STACK_EXC, "Mask Stack Exception Enable (a system routine)" },
	       { PS_DW3_SW_EXC, "Software Exception Enable (a system routine)" });
	REFUSE(cs, me, 6, dw[6], { PS_DW6_FAST_CLEAR, "Render Target Fast Clear" },
	       { PS_DW6_RESOLVE, "Render Target Resolve" },
	       { PS_DW6_POS_OFFSET, "Position XY Offset Select" },
	       { PS_DW6_32PX, "32 Pixel Dispatch" });
	if ((dw[4] & PS_DW4_SCRATCH_SIZE) || (dw[4] & ~0x3ffu) || dw[5])
		return unimpl(cs, me, "scratch space (DW4-DW5)");
	return GS_CMD_NEXT;
}

static enum gs_cmd_result check_ps_extra(struct gs_cs *cs, const char *me, const uint32_t *dw)
{
	REFUSE(cs, me, 1, dw[1], { PSX_DW1_OMASK, "oMask Present to Render Target" },
	       { PSX_DW1_COMPUTED_DEPTH, "Pixel Shader Computed Depth Mode" },
	       { PSX_DW1_FORCE_COMPUTED_DEPTH, "Force Computed Depth" },
	       { PSX_DW1_PER_SAMPLE, "Pixel Shader Is Per Sample" },
	       { PSX_DW1_INPUT_COVERAGE, "Pixel Shader Uses Input Coverage Mask" });
	return GS_CMD_NEXT;
}

static enum gs_cmd_result check_ps_blend(struct gs_cs *cs, const char *me, const uint32_t *dw)
{
	REFUSE(cs, me, 1, dw[1], { PSB_DW1_A2C, "Alpha To Coverage" },
	       { PSB_DW1_ALPHA_TEST, "Alpha Test" });
	return GS_CMD_NEXT;
}


static enum gs_cmd_result check_depth_buffer(struct gs_cs *cs, const char *me, const uint32_t *dw)
{
	unsigned int type = FIELD_GET(DB_DW1_TYPE, dw[1]);

	REFUSE(cs, me, 1, dw[1], { DB_DW1_HIZ, "Hierarchical Depth Buffer" });
	if (type != 1 && type != 7)
		return unimpl(cs, me, "a depth buffer that is not 2D or NULL");
	return GS_CMD_NEXT;
}


static enum gs_cmd_result check_hz_op(struct gs_cs *cs, const char *me, const uint32_t *dw)
{
	if (dw[1] & GENMASK(31, 25))
		return unimpl(cs, me, "a depth/stencil clear or resolve (DW1 31:25)");
	return GS_CMD_NEXT;
}

static enum gs_cmd_result check_chromakey(struct gs_cs *cs, const char *me, const uint32_t *dw)
{
	REFUSE(cs, me, 1, dw[1], { BIT(31), "ChromaKey Kill Enable" });
	return GS_CMD_NEXT;
}

static enum gs_cmd_result check_multisample(struct gs_cs *cs, const char *me, const uint32_t *dw)
{
	REFUSE(cs, me, 1, dw[1], { MS_DW1_PIXEL_OFFSET, "Pixel Position Offset" },
	       { MS_DW1_SAMPLES, "more than one sample (Number of Multisamples)" });
	return GS_CMD_NEXT;
}

static enum gs_cmd_result check_drawing_rect(struct gs_cs *cs, const char *me, const uint32_t *dw)
{
	REFUSE(cs, me, 0, dw[0], { GENMASK(15, 14), "Core Mode Select" });
	return GS_CMD_NEXT;
}

static const struct r3d_cmd_info infos[] = {
	{ KEY(GFXPIPE(3, 0, 0x08)), "3DSTATE_VERTEX_BUFFERS", -1, NULL },
	{ KEY(GFXPIPE(3, 0, 0x09)), "3DSTATE_VERTEX_ELEMENTS", -1, NULL },
	{ KEY(CMD_3DSTATE_VF_INSTANCING), "3DSTATE_VF_INSTANCING", -1, NULL },
	{ KEY(CMD_3DSTATE_VF), "3DSTATE_VF", R3D_S_VF, NULL },
	{ KEY(CMD_3DSTATE_VF_TOPOLOGY), "3DSTATE_VF_TOPOLOGY", R3D_S_VF_TOPOLOGY, NULL },
	{ KEY(CMD_3DSTATE_VF_STATISTICS), "3DSTATE_VF_STATISTICS", R3D_S_VF_STATISTICS, NULL },
	{ KEY(CMD_3DSTATE_VF_SGVS), "3DSTATE_VF_SGVS", R3D_S_VF_SGVS, check_sgvs },
	{ KEY(CMD_3DSTATE_INDEX_BUFFER), "3DSTATE_INDEX_BUFFER", R3D_S_INDEX_BUFFER,
	  check_index_buffer },
	{ KEY(CMD_3DSTATE_URB_VS), "3DSTATE_URB_VS", R3D_S_URB_VS, NULL },
	{ KEY(CMD_3DSTATE_URB_HS), "3DSTATE_URB_HS", R3D_S_URB_HS, NULL },
	{ KEY(CMD_3DSTATE_URB_DS), "3DSTATE_URB_DS", R3D_S_URB_DS, NULL },
	{ KEY(CMD_3DSTATE_URB_GS), "3DSTATE_URB_GS", R3D_S_URB_GS, NULL },
	{ KEY(CMD_3DSTATE_PUSH_CONSTANT_ALLOC_VS), "3DSTATE_PUSH_CONSTANT_ALLOC_VS", R3D_S_PUSH_VS,
	  NULL },
	{ KEY(CMD_3DSTATE_PUSH_CONSTANT_ALLOC_HS), "3DSTATE_PUSH_CONSTANT_ALLOC_HS", R3D_S_PUSH_HS,
	  NULL },
	{ KEY(CMD_3DSTATE_PUSH_CONSTANT_ALLOC_DS), "3DSTATE_PUSH_CONSTANT_ALLOC_DS", R3D_S_PUSH_DS,
	  NULL },
	{ KEY(CMD_3DSTATE_PUSH_CONSTANT_ALLOC_GS), "3DSTATE_PUSH_CONSTANT_ALLOC_GS", R3D_S_PUSH_GS,
	  NULL },
	{ KEY(CMD_3DSTATE_PUSH_CONSTANT_ALLOC_PS), "3DSTATE_PUSH_CONSTANT_ALLOC_PS", R3D_S_PUSH_PS,
	  NULL },
	{ KEY(CMD_3DSTATE_CONSTANT_VS), "3DSTATE_CONSTANT_VS", R3D_S_CONST_VS, NULL },
	{ KEY(CMD_3DSTATE_CONSTANT_HS), "3DSTATE_CONSTANT_HS", R3D_S_CONST_HS, NULL },
	{ KEY(CMD_3DSTATE_CONSTANT_DS), "3DSTATE_CONSTANT_DS", R3D_S_CONST_DS, NULL },
	{ KEY(CMD_3DSTATE_CONSTANT_GS), "3DSTATE_CONSTANT_GS", R3D_S_CONST_GS, NULL },
	{ KEY(CMD_3DSTATE_CONSTANT_PS), "3DSTATE_CONSTANT_PS", R3D_S_CONST_PS, NULL },
	{ KEY(CMD_3DSTATE_BINDING_TABLE_POINTERS_VS), "3DSTATE_BINDING_TABLE_POINTERS_VS",
	  R3D_S_BT_VS, NULL },
	{ KEY(CMD_3DSTATE_BINDING_TABLE_POINTERS_HS), "3DSTATE_BINDING_TABLE_POINTERS_HS",
	  R3D_S_BT_HS, NULL },
	{ KEY(CMD_3DSTATE_BINDING_TABLE_POINTERS_DS), "3DSTATE_BINDING_TABLE_POINTERS_DS",
	  R3D_S_BT_DS, NULL },
	{ KEY(CMD_3DSTATE_BINDING_TABLE_POINTERS_GS), "3DSTATE_BINDING_TABLE_POINTERS_GS",
	  R3D_S_BT_GS, NULL },
	{ KEY(CMD_3DSTATE_BINDING_TABLE_POINTERS_PS), "3DSTATE_BINDING_TABLE_POINTERS_PS",
	  R3D_S_BT_PS, NULL },
	{ KEY(CMD_3DSTATE_SAMPLER_STATE_POINTERS_VS), "3DSTATE_SAMPLER_STATE_POINTERS_VS",
	  R3D_S_SAMPLER_VS, NULL },
	{ KEY(CMD_3DSTATE_SAMPLER_STATE_POINTERS_HS), "3DSTATE_SAMPLER_STATE_POINTERS_HS",
	  R3D_S_SAMPLER_HS, NULL },
	{ KEY(CMD_3DSTATE_SAMPLER_STATE_POINTERS_DS), "3DSTATE_SAMPLER_STATE_POINTERS_DS",
	  R3D_S_SAMPLER_DS, NULL },
	{ KEY(CMD_3DSTATE_SAMPLER_STATE_POINTERS_GS), "3DSTATE_SAMPLER_STATE_POINTERS_GS",
	  R3D_S_SAMPLER_GS, NULL },
	{ KEY(CMD_3DSTATE_SAMPLER_STATE_POINTERS_PS), "3DSTATE_SAMPLER_STATE_POINTERS_PS",
	  R3D_S_SAMPLER_PS, NULL },
	{ KEY(CMD_3DSTATE_VS), "3DSTATE_VS", R3D_S_VS, check_vs },
	{ KEY(CMD_3DSTATE_HS), "3DSTATE_HS", R3D_S_HS, check_hs },
	{ KEY(CMD_3DSTATE_TE), "3DSTATE_TE", R3D_S_TE, check_te },
	{ KEY(CMD_3DSTATE_DS), "3DSTATE_DS", R3D_S_DS, check_ds },
	{ KEY(CMD_3DSTATE_GS), "3DSTATE_GS", R3D_S_GS, check_gs },
	{ KEY(CMD_3DSTATE_STREAMOUT), "3DSTATE_STREAMOUT", R3D_S_STREAMOUT, check_so },
	{ KEY(CMD_3DSTATE_CLIP), "3DSTATE_CLIP", R3D_S_CLIP, check_clip },
	{ KEY(CMD_3DSTATE_SF), "3DSTATE_SF", R3D_S_SF, check_sf },
	{ KEY(CMD_3DSTATE_RASTER), "3DSTATE_RASTER", R3D_S_RASTER, check_raster },
	{ KEY(CMD_3DSTATE_SBE), "3DSTATE_SBE", R3D_S_SBE, check_sbe },
	{ KEY(CMD_3DSTATE_SBE_SWIZ), "3DSTATE_SBE_SWIZ", R3D_S_SBE_SWIZ, check_sbe_swiz },
	{ KEY(CMD_3DSTATE_WM), "3DSTATE_WM", R3D_S_WM, check_wm },
	{ KEY(CMD_3DSTATE_PS), "3DSTATE_PS", R3D_S_PS, check_ps },
	{ KEY(CMD_3DSTATE_PS_EXTRA), "3DSTATE_PS_EXTRA", R3D_S_PS_EXTRA, check_ps_extra },
	{ KEY(CMD_3DSTATE_PS_BLEND), "3DSTATE_PS_BLEND", R3D_S_PS_BLEND, check_ps_blend },
	{ KEY(CMD_3DSTATE_WM_DEPTH_STENCIL), "3DSTATE_WM_DEPTH_STENCIL", R3D_S_WM_DEPTH_STENCIL,
	  NULL },
	{ KEY(CMD_3DSTATE_WM_HZ_OP), "3DSTATE_WM_HZ_OP", R3D_S_WM_HZ_OP, check_hz_op },
	{ KEY(CMD_3DSTATE_WM_CHROMAKEY), "3DSTATE_WM_CHROMAKEY", R3D_S_WM_CHROMAKEY,
	  check_chromakey },
	{ KEY(CMD_3DSTATE_VIEWPORT_STATE_POINTERS_SF_CLIP),
	  "3DSTATE_VIEWPORT_STATE_POINTERS_SF_CLIP", R3D_S_VP_SF_CLIP, NULL },
	{ KEY(CMD_3DSTATE_VIEWPORT_STATE_POINTERS_CC), "3DSTATE_VIEWPORT_STATE_POINTERS_CC",
	  R3D_S_VP_CC, NULL },
	{ KEY(CMD_3DSTATE_SCISSOR_STATE_POINTERS), "3DSTATE_SCISSOR_STATE_POINTERS",
	  R3D_S_SCISSOR, NULL },
	{ KEY(CMD_3DSTATE_BLEND_STATE_POINTERS), "3DSTATE_BLEND_STATE_POINTERS", R3D_S_BLEND,
	  NULL },
	{ KEY(CMD_3DSTATE_CC_STATE_POINTERS), "3DSTATE_CC_STATE_POINTERS", R3D_S_CC, NULL },
	{ KEY(CMD_3DSTATE_DRAWING_RECTANGLE), "3DSTATE_DRAWING_RECTANGLE",
	  R3D_S_DRAWING_RECTANGLE, check_drawing_rect },
	{ KEY(CMD_3DSTATE_MULTISAMPLE), "3DSTATE_MULTISAMPLE", R3D_S_MULTISAMPLE,
	  check_multisample },
	{ KEY(CMD_3DSTATE_SAMPLE_MASK), "3DSTATE_SAMPLE_MASK", R3D_S_SAMPLE_MASK, NULL },
	{ KEY(CMD_3DSTATE_SAMPLE_PATTERN), "3DSTATE_SAMPLE_PATTERN", R3D_S_SAMPLE_PATTERN, NULL },
	{ KEY(CMD_3DSTATE_DEPTH_BUFFER), "3DSTATE_DEPTH_BUFFER", R3D_S_DEPTH_BUFFER,
	  check_depth_buffer },
	{ KEY(CMD_3DSTATE_STENCIL_BUFFER), "3DSTATE_STENCIL_BUFFER", R3D_S_STENCIL_BUFFER,
	  NULL },
	{ KEY(CMD_3DSTATE_HIER_DEPTH_BUFFER), "3DSTATE_HIER_DEPTH_BUFFER",
	  R3D_S_HIER_DEPTH_BUFFER, NULL },
	{ KEY(CMD_3DSTATE_CLEAR_PARAMS), "3DSTATE_CLEAR_PARAMS", R3D_S_CLEAR_PARAMS, NULL },
	{ KEY(CMD_STATE_SIP), "STATE_SIP", R3D_S_STATE_SIP, NULL },
};

static const struct r3d_cmd_info *info_of(uint32_t header)
{
	for (size_t i = 0; i < sizeof(infos) / sizeof(infos[0]); i++)
		if (infos[i].key == KEY(header))
			return &infos[i];
	return NULL;
}

struct gs_3d *gs_3d_create(void)
{
	struct gs_3d *st = calloc(1, sizeof(*st));

	if (!st)
		return NULL;
	st->urb = calloc(1, R3D_URB_BYTES);
	if (!st->urb) {
		free(st);
		return NULL;
	}
	gs_3d_reset(st);
	return st;
}

void gs_3d_destroy(struct gs_3d *st)
{
	if (!st)
		return;
	free(st->urb);
	free(st);
}

void gs_3d_reset(struct gs_3d *st)
{
	memset(st->valid, 0, sizeof(st->valid));
	memset(st->dw, 0, sizeof(st->dw));
	st->vb_valid = st->inst_valid = 0;
	st->ve_valid = false;
	st->ve_count = 0;
}

/*
 * gen8.xml 3DSTATE_VERTEX_BUFFERS: each VERTEX_BUFFER_STATE replaces its
 * buffer's state; with Address Modify Enable clear the address and size
 * stay as they were (gensim keeps them; a buffer never given one has 0).
 */
static enum gs_cmd_result vertex_buffers(struct gs_cs *cs, struct gs_3d *st, const uint32_t *dw,
					 unsigned int len)
{
	if ((len - 1) % 4)
		return gs_cs_instruction_error(cs, "3DSTATE_VERTEX_BUFFERS: %u dwords is not a "
					       "header and whole VERTEX_BUFFER_STATEs", len);
	for (unsigned int i = 1; i < len; i += 4) {
		unsigned int idx = FIELD_GET(VB_DW0_INDEX, dw[i]);
		uint32_t *vb;

		if (idx >= R3D_MAX_VB)
			return gs_cs_instruction_error(cs, "3DSTATE_VERTEX_BUFFERS: Vertex Buffer "
						       "Index %u (0..32)", idx);
		vb = st->vb[idx];
		if (!(st->vb_valid & (1ull << idx)))
			memset(vb, 0, 16);
		vb[0] = dw[i];
		if (dw[i] & VB_DW0_ADDR_MODIFY) {
			vb[1] = dw[i + 1];
			vb[2] = dw[i + 2];
			vb[3] = dw[i + 3];
		}
		st->vb_valid |= (1ull << idx);
	}
	return GS_CMD_NEXT;
}

/* gen8.xml 3DSTATE_VERTEX_ELEMENTS: the list replaces the last one. */
static enum gs_cmd_result vertex_elements(struct gs_cs *cs, struct gs_3d *st, const uint32_t *dw,
					  unsigned int len)
{
	unsigned int n = (len - 1) / 2;

	if ((len - 1) % 2 || !n || n > R3D_MAX_VE)
		return gs_cs_instruction_error(cs, "3DSTATE_VERTEX_ELEMENTS: %u dwords is not a "
					       "header and 1 to %u VERTEX_ELEMENT_STATEs", len,
					       R3D_MAX_VE);
	for (unsigned int e = 0; e < n; e++) {
		if (dw[1 + 2 * e] & VE_DW0_EDGE_FLAG)
			return gs_cs_instruction_error(cs, "3DSTATE_VERTEX_ELEMENTS: element %u: "
						       "Edge Flag Enable is not implemented by "
						       "gensim", e);
		st->ve[e][0] = dw[1 + 2 * e];
		st->ve[e][1] = dw[2 + 2 * e];
	}
	st->ve_count = n;
	st->ve_valid = true;
	return GS_CMD_NEXT;
}

static enum gs_cmd_result vf_instancing(struct gs_cs *cs, struct gs_3d *st, const uint32_t *dw)
{
	unsigned int e = FIELD_GET(VFI_DW1_ELEMENT, dw[1]);

	if (e >= R3D_MAX_VE)
		return gs_cs_instruction_error(cs, "3DSTATE_VF_INSTANCING: Vertex Element Index %u "
					       "(0..%u)", e, R3D_MAX_VE - 1);
	st->inst[e][0] = dw[1];
	st->inst[e][1] = dw[2];
	st->inst_valid |= (1ull << e);
	return GS_CMD_NEXT;
}

enum gs_cmd_result gs_3d_state(struct gs_cs *cs, const uint32_t *dw, unsigned int len)
{
	struct gs_3d *st = cs->r3d;
	const struct r3d_cmd_info *in = info_of(dw[0]);

	if (!in)
		return gs_cs_instruction_error(cs, "3D state command %#x: not a state command gensim "
					       "implements", dw[0]);
	switch (KEY(dw[0])) {
	case KEY(GFXPIPE(3, 0, 0x08)):
		return vertex_buffers(cs, st, dw, len);
	case KEY(GFXPIPE(3, 0, 0x09)):
		return vertex_elements(cs, st, dw, len);
	case KEY(CMD_3DSTATE_VF_INSTANCING):
		return vf_instancing(cs, st, dw);
	}
	if (len > R3D_CMD_MAX)
		return gs_cs_instruction_error(cs, "%s: %u dwords", in->name, len);
	if (in->check && in->check(cs, in->name, dw) != GS_CMD_NEXT)
		return GS_CMD_HALT;
	memset(st->dw[in->slot], 0, sizeof(st->dw[in->slot]));
	memcpy(st->dw[in->slot], dw, len * 4);
	st->valid[in->slot] = true;
	return GS_CMD_NEXT;
}

/* Append @n dwords, or fail (-1) once @max is reached. */
static int put(uint32_t *out, unsigned int *at, unsigned int max, const uint32_t *dw,
	       unsigned int n)
{
	if (*at + n > max)
		return -1;
	memcpy(out + *at, dw, n * 4);
	*at += n;
	return 0;
}

int gs_3d_state_list(const struct gs_3d *st, uint32_t *out, unsigned int max)
{
	unsigned int at = 0;

	for (int s = 0; s < R3D_SLOTS; s++) {
		unsigned int len;

		if (!st->valid[s])
			continue;
		/* one dword (VF_STATISTICS), or the length field + 2 */
		len = (st->dw[s][0] >> 29 == 3 && (st->dw[s][0] >> 27 & 3) == 1) ? 1 :
		      (st->dw[s][0] & 0xff) + 2;
		if (put(out, &at, max, st->dw[s], len))
			return -1;
	}
	if (st->vb_valid) {
		unsigned int n = (unsigned int)__builtin_popcountll(st->vb_valid);
		uint32_t h = GFXPIPE(3, 0, 0x08) | (1 + 4 * n - 2);

		if (put(out, &at, max, &h, 1))
			return -1;
		for (unsigned int i = 0; i < R3D_MAX_VB; i++) {
			uint32_t vb[4];

			if (!(st->vb_valid & (1ull << i)))
				continue;
			memcpy(vb, st->vb[i], sizeof(vb));
			vb[0] |= VB_DW0_ADDR_MODIFY;
			if (put(out, &at, max, vb, 4))
				return -1;
		}
	}
	if (st->ve_valid) {
		uint32_t h = GFXPIPE(3, 0, 0x09) | (1 + 2 * st->ve_count - 2);

		if (put(out, &at, max, &h, 1) ||
		    put(out, &at, max, &st->ve[0][0], 2 * st->ve_count))
			return -1;
	}
	for (unsigned int e = 0; e < R3D_MAX_VE; e++) {
		uint32_t c[3] = { CMD_3DSTATE_VF_INSTANCING, st->inst[e][0], st->inst[e][1] };

		if ((st->inst_valid & (1ull << e)) && put(out, &at, max, c, 3))
			return -1;
	}
	return (int)at;
}
