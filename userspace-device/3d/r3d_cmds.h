/* SPDX-License-Identifier: MIT */
/*
 * Encodings of the render engine's 3D commands and of the state they
 * point at, Gen8 layouts (Documentation/gpu/gensim/hw-spec-3d.rst).  The
 * opcodes are those of PRM Vol. 6 Command Stream Programming (Cherryview
 * 2015), "3D Command Map"; the dword layouts are EXT Mesa
 * src/intel/genxml/gen8.xml (the Broadwell PRM Vol. 2a/2b command
 * reference in machine-readable form), field by field.  Shared by the
 * device (3d/, cmd/cmd_3d_*.c, engine/lrc_3d.c), libgensim's emitter and
 * the tests; like gensim_cmds.h it uses only BIT(), GENMASK() and
 * GFXPIPE().
 */
#ifndef GSDEV_R3D_CMDS_H
#define GSDEV_R3D_CMDS_H

/* Headers with their Gen8 total lengths (the length field is total - 2). */
#define R3D_CMD(op, subop, len)		(GFXPIPE(3, op, subop) | ((len) - 2))

#define CMD_3DPRIMITIVE			R3D_CMD(3, 0x00, 7)
#define   PRIM_DW0_INDIRECT		BIT(10)
#define   PRIM_DW0_UAV_COHERENCY	BIT(9)
#define   PRIM_DW0_PREDICATE		BIT(8)
#define   PRIM_DW1_END_OFFSET		BIT(9)
#define   PRIM_DW1_RANDOM		BIT(8)		/* Vertex Access Type: indexed */
#define   PRIM_DW1_TOPOLOGY		GENMASK(5, 0)	/* ignored on Gen8 */
/* DW2 vertex count per instance, DW3 start vertex, DW4 instance count,
 * DW5 start instance, DW6 base vertex (signed) */

/*
 * The indirect draw's parameters (PRM Vol. 6 Command Stream Programming
 * (Cherryview 2015), "User Mode Non-Privileged Registers" (RCS)), read
 * by a 3DPRIMITIVE with Indirect Parameter Enable.
 */
#define R3D_3DPRIM_END_OFFSET		0x2420
#define R3D_3DPRIM_START_VERTEX		0x2430
#define R3D_3DPRIM_VERTEX_COUNT		0x2434
#define R3D_3DPRIM_INSTANCE_COUNT	0x2438
#define R3D_3DPRIM_START_INSTANCE	0x243c
#define R3D_3DPRIM_BASE_VERTEX		0x2440

/* 3D_Prim_Topo_Type */
#define TOPO_POINTLIST			1
#define TOPO_LINELIST			2
#define TOPO_LINESTRIP			3
#define TOPO_TRILIST			4
#define TOPO_TRISTRIP			5
#define TOPO_TRIFAN			6
#define TOPO_QUADLIST			7
#define TOPO_QUADSTRIP			8
#define TOPO_POLYGON			14
#define TOPO_RECTLIST			15
#define TOPO_LINELOOP			16

/* Pipelined state, opcode 0. */
#define CMD_3DSTATE_CLEAR_PARAMS		R3D_CMD(0, 0x04, 3)
#define CMD_3DSTATE_DEPTH_BUFFER		R3D_CMD(0, 0x05, 8)
#define   DB_DW1_TYPE			GENMASK(31, 29)
#define   DB_DW1_DEPTH_WRITE		BIT(28)
#define   DB_DW1_STENCIL_WRITE		BIT(27)
#define   DB_DW1_HIZ			BIT(22)
#define   DB_DW1_FORMAT			GENMASK(20, 18)
#define   DB_DW1_PITCH			GENMASK(17, 0)	/* bytes - 1 */
#define   DB_DW4_HEIGHT			GENMASK(31, 18)	/* - 1 */
#define   DB_DW4_WIDTH			GENMASK(17, 4)	/* - 1 */
#define   DB_DW4_LOD			GENMASK(3, 0)
#define   DB_FORMAT_D32_FLOAT		1
#define   DB_FORMAT_D24_UNORM_X8	3
#define   DB_FORMAT_D16_UNORM		5
#define CMD_3DSTATE_STENCIL_BUFFER		R3D_CMD(0, 0x06, 5)
#define   SB_DW1_ENABLE			BIT(31)
#define   SB_DW1_PITCH			GENMASK(16, 0)	/* bytes - 1 */
#define CMD_3DSTATE_HIER_DEPTH_BUFFER	R3D_CMD(0, 0x07, 5)
#define CMD_3DSTATE_VERTEX_BUFFERS		GFXPIPE(3, 0, 0x08)	/* | (1 + 4n - 2) */
#define   VB_DW0_INDEX			GENMASK(31, 26)
#define   VB_DW0_MOCS			GENMASK(22, 16)
#define   VB_DW0_ADDR_MODIFY		BIT(14)
#define   VB_DW0_NULL			BIT(13)
#define   VB_DW0_PITCH			GENMASK(11, 0)
#define CMD_3DSTATE_VERTEX_ELEMENTS	GFXPIPE(3, 0, 0x09)	/* | (1 + 2n - 2) */
#define   VE_DW0_VB			GENMASK(31, 26)
#define   VE_DW0_VALID			BIT(25)
#define   VE_DW0_FORMAT			GENMASK(24, 16)
#define   VE_DW0_EDGE_FLAG		BIT(15)
#define   VE_DW0_OFFSET			GENMASK(11, 0)
#define   VE_DW1_COMP(c)		GENMASK(30 - 4 * (c), 28 - 4 * (c))
#define   VFCOMP_NOSTORE		0
#define   VFCOMP_STORE_SRC		1
#define   VFCOMP_STORE_0		2
#define   VFCOMP_STORE_1_FP		3
#define   VFCOMP_STORE_1_INT		4
#define   VFCOMP_STORE_PID		7
#define CMD_3DSTATE_INDEX_BUFFER		R3D_CMD(0, 0x0a, 5)
#define   IB_DW1_FORMAT			GENMASK(9, 8)	/* 0 byte, 1 word, 2 dword */
#define CMD_3DSTATE_VF_STATISTICS		GFXPIPE(1, 0, 0x0b)	/* one dword, bit 0 */
#define CMD_3DSTATE_VF			R3D_CMD(0, 0x0c, 2)
#define   VF_DW0_CUT_ENABLE		BIT(8)
#define CMD_3DSTATE_CC_STATE_POINTERS	R3D_CMD(0, 0x0e, 2)
#define CMD_3DSTATE_SCISSOR_STATE_POINTERS	R3D_CMD(0, 0x0f, 2)
#define CMD_3DSTATE_VS			R3D_CMD(0, 0x10, 9)
#define   VS_DW3_SINGLE_VERTEX		BIT(31)
#define   VS_DW3_VECTOR_MASK		BIT(30)
#define   VS_DW3_FP_ALT			BIT(16)
#define   VS_DW3_ILLEGAL_OP_EXC		BIT(13)
#define   VS_DW3_SW_EXC			BIT(7)
#define   VS_DW4_SCRATCH_SIZE		GENMASK(3, 0)
#define   VS_DW6_GRF_START		GENMASK(24, 20)
#define   VS_DW6_READ_LENGTH		GENMASK(16, 11)	/* pairs of VUE slots */
#define   VS_DW6_READ_OFFSET		GENMASK(9, 4)	/* pairs of VUE slots */
#define   VS_DW7_MAX_THREADS		GENMASK(31, 23)	/* - 1 */
#define   VS_DW7_STATISTICS		BIT(10)
#define   VS_DW7_SIMD8			BIT(2)
#define   VS_DW7_CACHE_DISABLE		BIT(1)
#define   VS_DW7_ENABLE			BIT(0)
#define   VS_DW8_OUT_READ_OFFSET	GENMASK(26, 21)
#define   VS_DW8_OUT_LENGTH		GENMASK(20, 16)
#define   VS_DW8_UCD_CLIP		GENMASK(15, 8)
#define   VS_DW8_UCD_CULL		GENMASK(7, 0)
#define CMD_3DSTATE_GS			R3D_CMD(0, 0x11, 10)
#define   GS_DW3_VECTOR_MASK		BIT(30)
#define   GS_DW3_FP_ALT			BIT(16)
#define   GS_DW3_ILLEGAL_OP_EXC		BIT(13)
#define   GS_DW3_MASK_STACK_EXC		BIT(11)
#define   GS_DW3_SW_EXC			BIT(7)
#define   GS_DW3_EXPECTED_VERTICES	GENMASK(5, 0)
#define   GS_DW4_SCRATCH_SIZE		GENMASK(3, 0)
#define   GS_DW6_OUT_VERTEX_SIZE	GENMASK(28, 23)	/* 16-byte units - 1 */
#define   GS_DW6_OUT_TOPOLOGY		GENMASK(22, 17)
#define   GS_DW6_READ_LENGTH		GENMASK(16, 11)	/* pairs of VUE slots */
#define   GS_DW6_VERTEX_HANDLES		BIT(10)
#define   GS_DW6_READ_OFFSET		GENMASK(9, 4)	/* pairs of VUE slots */
#define   GS_DW6_GRF_START		GENMASK(3, 0)
#define   GS_DW7_MAX_THREADS		GENMASK(31, 24)	/* - 1 */
#define   GS_DW7_CONTROL_HEADER_SIZE	GENMASK(23, 20)	/* 32-byte units */
#define   GS_DW7_INSTANCE_CONTROL	GENMASK(19, 15)	/* invocations - 1 */
#define   GS_DW7_DEFAULT_STREAM		GENMASK(14, 13)
#define   GS_DW7_DISPATCH_MODE		GENMASK(12, 11)
#define     GS_DISPATCH_SIMD8		3
#define   GS_DW7_STATISTICS		BIT(10)
#define   GS_DW7_PRIMITIVE_ID		BIT(4)
#define   GS_DW7_REORDER_TRAILING	BIT(2)
#define   GS_DW7_DISCARD_ADJACENCY	BIT(1)
#define   GS_DW7_ENABLE			BIT(0)
#define   GS_DW8_CONTROL_SID		BIT(31)	/* Control Data Format: 0 CUT, 1 SID */
#define   GS_DW8_STATIC_OUTPUT		BIT(30)
#define   GS_DW8_STATIC_COUNT		GENMASK(26, 16)
#define   GS_DW9_OUT_READ_OFFSET	GENMASK(26, 21)
#define   GS_DW9_OUT_LENGTH		GENMASK(20, 16)
#define   GS_DW9_UCD_CLIP		GENMASK(15, 8)
#define   GS_DW9_UCD_CULL		GENMASK(7, 0)
#define CMD_3DSTATE_CLIP			R3D_CMD(0, 0x12, 4)
#define   CLIP_DW1_FORCE_UCD_CULL	BIT(20)
#define   CLIP_DW1_SUBPIXEL_4BIT	BIT(19)
#define   CLIP_DW1_EARLY_CULL		BIT(18)
#define   CLIP_DW1_FORCE_UCD_CLIP	BIT(17)
#define   CLIP_DW1_FORCE_CLIP_MODE	BIT(16)
#define   CLIP_DW1_STATISTICS		BIT(10)
#define   CLIP_DW1_UCD_CULL		GENMASK(7, 0)
#define   CLIP_DW2_ENABLE		BIT(31)
#define   CLIP_DW2_API_D3D		BIT(30)
#define   CLIP_DW2_VIEWPORT_XY_TEST	BIT(28)
#define   CLIP_DW2_GUARDBAND_TEST	BIT(26)
#define   CLIP_DW2_UCD_CLIP		GENMASK(23, 16)
#define   CLIP_DW2_MODE			GENMASK(15, 13)
#define   CLIP_MODE_NORMAL		0
#define   CLIP_MODE_REJECT_ALL		3
#define   CLIP_MODE_ACCEPT_ALL		4
#define   CLIP_DW2_PERSP_DIVIDE_DISABLE	BIT(9)
#define   CLIP_DW2_NONPERSP_BARY	BIT(8)
#define   CLIP_DW3_MAX_VP_INDEX		GENMASK(3, 0)
#define CMD_3DSTATE_SF			R3D_CMD(0, 0x13, 4)
#define   SF_DW1_LEGACY_DEPTH_BIAS	BIT(11)
#define   SF_DW1_STATISTICS		BIT(10)
#define   SF_DW1_VIEWPORT_TRANSFORM	BIT(1)
#define   SF_DW2_LINE_WIDTH		GENMASK(27, 18)	/* U3.7 pixels */
#define   SF_DW2_LINE_CAP_AA_WIDTH	GENMASK(17, 16)
#define   SF_DW3_LAST_PIXEL		BIT(31)
#define   SF_DW3_TRI_PV			GENMASK(30, 29)
#define   SF_DW3_LINE_PV		GENMASK(28, 27)
#define   SF_DW3_FAN_PV			GENMASK(26, 25)
#define   SF_DW3_SUBPIXEL_4BIT		BIT(12)
#define   SF_DW3_SMOOTH_POINT		BIT(13)
#define   SF_DW3_POINT_WIDTH_STATE	BIT(11)	/* Point Width Source: 0 the VUE, 1 DW3 */
#define   SF_DW3_POINT_WIDTH		GENMASK(10, 0)	/* U8.3 pixels */
#define CMD_3DSTATE_WM			R3D_CMD(0, 0x14, 2)
#define   WM_DW1_STATISTICS		BIT(31)
#define   WM_DW1_LEGACY_DEPTH_CLEAR	BIT(30)
#define   WM_DW1_LEGACY_DEPTH_RESOLVE	BIT(28)
#define   WM_DW1_LEGACY_HIZ_RESOLVE	BIT(27)
#define   WM_DW1_LEGACY_DIAMOND_LINE	BIT(26)
#define   WM_DW1_FORCE_DISPATCH		GENMASK(20, 19)	/* 1 off, 2 on */
#define   WM_DW1_POS_ZW_INTERP		GENMASK(18, 17)
#define   WM_DW1_BARYCENTRIC		GENMASK(16, 11)
#define   WM_BARY_PERSP_PIXEL		BIT(11)
#define   WM_BARY_PERSP_CENTROID	BIT(12)
#define   WM_BARY_PERSP_SAMPLE		BIT(13)
#define   WM_BARY_LINEAR_PIXEL		BIT(14)
#define   WM_BARY_LINEAR_CENTROID	BIT(15)
#define   WM_BARY_LINEAR_SAMPLE		BIT(16)
#define   WM_DW1_POLY_STIPPLE		BIT(4)
#define   WM_DW1_LINE_STIPPLE		BIT(3)
#define   WM_DW1_FORCE_KILL		GENMASK(1, 0)	/* 1 off, 2 on */
#define CMD_3DSTATE_CONSTANT_VS		R3D_CMD(0, 0x15, 11)
#define CMD_3DSTATE_CONSTANT_GS		R3D_CMD(0, 0x16, 11)
#define CMD_3DSTATE_CONSTANT_PS		R3D_CMD(0, 0x17, 11)
#define CMD_3DSTATE_SAMPLE_MASK		R3D_CMD(0, 0x18, 2)
#define CMD_3DSTATE_CONSTANT_HS		R3D_CMD(0, 0x19, 11)
#define CMD_3DSTATE_CONSTANT_DS		R3D_CMD(0, 0x1a, 11)
/* DW1 15:0 / 31:16 read length of buffers 0 / 1, DW2 of 2 / 3 (32-byte
 * units); DW3-4, 5-6, 7-8, 9-10 the buffers' addresses (bits 63:5). */
#define CMD_3DSTATE_HS			R3D_CMD(0, 0x1b, 9)
#define   HS_DW2_ENABLE			BIT(31)
#define CMD_3DSTATE_TE			R3D_CMD(0, 0x1c, 4)
#define   TE_DW1_ENABLE			BIT(0)
#define CMD_3DSTATE_DS			R3D_CMD(0, 0x1d, 9)
#define   DS_DW7_ENABLE			BIT(0)
#define CMD_3DSTATE_STREAMOUT		R3D_CMD(0, 0x1e, 5)
#define   SO_DW1_ENABLE			BIT(31)
#define   SO_DW1_RENDERING_DISABLE	BIT(30)
#define CMD_3DSTATE_SBE			R3D_CMD(0, 0x1f, 4)
#define   SBE_DW1_FORCE_READ_LENGTH	BIT(29)
#define   SBE_DW1_FORCE_READ_OFFSET	BIT(28)
#define   SBE_DW1_NUM_OUTPUTS		GENMASK(27, 22)
#define   SBE_DW1_SWIZZLE_ENABLE	BIT(21)
#define   SBE_DW1_POINT_ORIGIN		BIT(20)
#define   SBE_DW1_PRIMID_OVERRIDE	GENMASK(19, 16)
#define   SBE_DW1_READ_LENGTH		GENMASK(15, 11)	/* pairs of VUE slots */
#define   SBE_DW1_READ_OFFSET		GENMASK(10, 5)	/* pairs of VUE slots */
#define   SBE_DW1_PRIMID_ATTR		GENMASK(4, 0)
/* DW2 point sprite texture coordinate enables, DW3 constant interpolation enables */
#define CMD_3DSTATE_PS			R3D_CMD(0, 0x20, 12)
#define   PS_DW3_SPF			BIT(31)
#define   PS_DW3_VECTOR_MASK		BIT(30)
#define   PS_DW3_DENORM_RETAIN		BIT(26)
#define   PS_DW3_FP_ALT			BIT(16)
#define   PS_DW3_ROUNDING		GENMASK(15, 14)
#define   PS_DW3_ILLEGAL_OP_EXC		BIT(13)
#define   PS_DW3_MASK_STACK_EXC		BIT(11)
#define   PS_DW3_SW_EXC			BIT(7)
#define   PS_DW4_SCRATCH_SIZE		GENMASK(3, 0)
#define   PS_DW6_MAX_THREADS		GENMASK(31, 23)
#define   PS_DW6_PUSH_CONSTANTS		BIT(11)
#define   PS_DW6_FAST_CLEAR		BIT(8)
#define   PS_DW6_RESOLVE		BIT(6)
#define   PS_DW6_POS_OFFSET		GENMASK(4, 3)
#define   PS_DW6_32PX			BIT(2)
#define   PS_DW6_16PX			BIT(1)
#define   PS_DW6_8PX			BIT(0)
#define   PS_DW7_GRF_START0		GENMASK(30, 24)
#define   PS_DW7_GRF_START1		GENMASK(22, 16)
#define   PS_DW7_GRF_START2		GENMASK(14, 8)
#define CMD_3DSTATE_VIEWPORT_STATE_POINTERS_SF_CLIP	R3D_CMD(0, 0x21, 2)	/* DW1 31:6 */
#define CMD_3DSTATE_VIEWPORT_STATE_POINTERS_CC		R3D_CMD(0, 0x23, 2)	/* DW1 31:5 */
#define CMD_3DSTATE_BLEND_STATE_POINTERS	R3D_CMD(0, 0x24, 2)	/* DW1 31:6, 0 valid */
#define CMD_3DSTATE_BINDING_TABLE_POINTERS_VS	R3D_CMD(0, 0x26, 2)	/* DW1 15:5 */
#define CMD_3DSTATE_BINDING_TABLE_POINTERS_HS	R3D_CMD(0, 0x27, 2)
#define CMD_3DSTATE_BINDING_TABLE_POINTERS_DS	R3D_CMD(0, 0x28, 2)
#define CMD_3DSTATE_BINDING_TABLE_POINTERS_GS	R3D_CMD(0, 0x29, 2)
#define CMD_3DSTATE_BINDING_TABLE_POINTERS_PS	R3D_CMD(0, 0x2a, 2)
#define CMD_3DSTATE_SAMPLER_STATE_POINTERS_VS	R3D_CMD(0, 0x2b, 2)	/* DW1 31:5 */
#define CMD_3DSTATE_SAMPLER_STATE_POINTERS_HS	R3D_CMD(0, 0x2c, 2)
#define CMD_3DSTATE_SAMPLER_STATE_POINTERS_DS	R3D_CMD(0, 0x2d, 2)
#define CMD_3DSTATE_SAMPLER_STATE_POINTERS_GS	R3D_CMD(0, 0x2e, 2)
#define CMD_3DSTATE_SAMPLER_STATE_POINTERS_PS	R3D_CMD(0, 0x2f, 2)
#define CMD_3DSTATE_URB_VS			R3D_CMD(0, 0x30, 2)
#define CMD_3DSTATE_URB_HS			R3D_CMD(0, 0x31, 2)
#define CMD_3DSTATE_URB_DS			R3D_CMD(0, 0x32, 2)
#define CMD_3DSTATE_URB_GS			R3D_CMD(0, 0x33, 2)
#define   URB_DW1_START			GENMASK(31, 25)	/* 8 KiB units */
#define   URB_DW1_ENTRY_SIZE		GENMASK(24, 16)	/* 64-byte units - 1 */
#define   URB_DW1_ENTRIES		GENMASK(15, 0)
#define CMD_3DSTATE_VF_INSTANCING		R3D_CMD(0, 0x49, 3)
#define   VFI_DW1_ENABLE		BIT(8)
#define   VFI_DW1_ELEMENT		GENMASK(5, 0)
#define CMD_3DSTATE_VF_SGVS		R3D_CMD(0, 0x4a, 2)
#define   SGVS_DW1_IID_ENABLE		BIT(31)
#define   SGVS_DW1_IID_COMP		GENMASK(30, 29)
#define   SGVS_DW1_IID_ELEMENT		GENMASK(21, 16)
#define   SGVS_DW1_VID_ENABLE		BIT(15)
#define   SGVS_DW1_VID_COMP		GENMASK(14, 13)
#define   SGVS_DW1_VID_ELEMENT		GENMASK(5, 0)
#define CMD_3DSTATE_VF_TOPOLOGY		R3D_CMD(0, 0x4b, 2)
#define CMD_3DSTATE_WM_CHROMAKEY		R3D_CMD(0, 0x4c, 2)
#define CMD_3DSTATE_PS_BLEND		R3D_CMD(0, 0x4d, 2)
#define   PSB_DW1_A2C			BIT(31)
#define   PSB_DW1_HAS_WRITEABLE_RT	BIT(30)
#define   PSB_DW1_BLEND_ENABLE		BIT(29)
#define   PSB_DW1_SRC_ALPHA		GENMASK(28, 24)
#define   PSB_DW1_DST_ALPHA		GENMASK(23, 19)
#define   PSB_DW1_SRC			GENMASK(18, 14)
#define   PSB_DW1_DST			GENMASK(13, 9)
#define   PSB_DW1_ALPHA_TEST		BIT(8)
#define   PSB_DW1_INDEPENDENT_ALPHA	BIT(7)
#define CMD_3DSTATE_WM_DEPTH_STENCIL	R3D_CMD(0, 0x4e, 3)
#define   WMDS_DW1_STENCIL_FAIL		GENMASK(31, 29)	/* 3D_Stencil_Operation */
#define   WMDS_DW1_STENCIL_ZFAIL	GENMASK(28, 26)
#define   WMDS_DW1_STENCIL_ZPASS	GENMASK(25, 23)
#define   WMDS_DW1_BACK_FUNC		GENMASK(22, 20)
#define   WMDS_DW1_BACK_FAIL		GENMASK(19, 17)
#define   WMDS_DW1_BACK_ZFAIL		GENMASK(16, 14)
#define   WMDS_DW1_BACK_ZPASS		GENMASK(13, 11)
#define   WMDS_DW1_STENCIL_FUNC		GENMASK(10, 8)
#define   WMDS_DW1_DEPTH_FUNC		GENMASK(7, 5)
#define   WMDS_DW1_DOUBLE_STENCIL	BIT(4)
#define   WMDS_DW1_STENCIL_TEST		BIT(3)
#define   WMDS_DW1_STENCIL_WRITE	BIT(2)
#define   WMDS_DW1_DEPTH_TEST		BIT(1)
#define   WMDS_DW1_DEPTH_WRITE		BIT(0)
#define   COMPARE_ALWAYS		0
#define   COMPARE_NEVER			1
#define   COMPARE_LESS			2
#define   COMPARE_EQUAL			3
#define   COMPARE_LEQUAL		4
#define   COMPARE_GREATER		5
#define   COMPARE_NOTEQUAL		6
#define   COMPARE_GEQUAL		7
#define   WMDS_DW2_TEST_MASK		GENMASK(31, 24)
#define   WMDS_DW2_WRITE_MASK		GENMASK(23, 16)
#define   WMDS_DW2_BACK_TEST_MASK	GENMASK(15, 8)
#define   WMDS_DW2_BACK_WRITE_MASK	GENMASK(7, 0)
#define   STENCILOP_KEEP		0
#define   STENCILOP_ZERO		1
#define   STENCILOP_REPLACE		2
#define   STENCILOP_INCRSAT		3
#define   STENCILOP_DECRSAT		4
#define   STENCILOP_INCR		5
#define   STENCILOP_DECR		6
#define   STENCILOP_INVERT		7
#define CMD_3DSTATE_PS_EXTRA		R3D_CMD(0, 0x4f, 2)
#define   PSX_DW1_VALID			BIT(31)
#define   PSX_DW1_NO_RT_WRITE		BIT(30)
#define   PSX_DW1_OMASK			BIT(29)
#define   PSX_DW1_KILLS			BIT(28)
#define   PSX_DW1_COMPUTED_DEPTH	GENMASK(27, 26)
#define   PSX_DW1_FORCE_COMPUTED_DEPTH	BIT(25)
#define   PSX_DW1_SOURCE_DEPTH		BIT(24)
#define   PSX_DW1_SOURCE_W		BIT(23)
#define   PSX_DW1_ATTRIBUTE_ENABLE	BIT(8)
#define   PSX_DW1_PER_SAMPLE		BIT(6)
#define   PSX_DW1_UAV			BIT(2)
#define   PSX_DW1_INPUT_COVERAGE	BIT(1)
#define CMD_3DSTATE_RASTER			R3D_CMD(0, 0x50, 5)
#define   RASTER_DW1_FRONT_CCW		BIT(21)
#define   RASTER_DW1_FORCED_SAMPLES	GENMASK(20, 18)
#define   RASTER_DW1_CULL		GENMASK(17, 16)
#define   CULL_BOTH			0
#define   CULL_NONE			1
#define   CULL_FRONT			2
#define   CULL_BACK			3
#define   RASTER_DW1_FORCE_MS		BIT(14)
#define   RASTER_DW1_DX_MS		BIT(12)
#define   RASTER_DW1_DEPTH_OFFSET	GENMASK(9, 7)
#define   RASTER_DW1_FRONT_FILL		GENMASK(6, 5)
#define   RASTER_DW1_BACK_FILL		GENMASK(4, 3)
#define   RASTER_DW1_AA			BIT(2)
#define   RASTER_DW1_SCISSOR		BIT(1)
#define   RASTER_DW1_VIEWPORT_Z_TEST	BIT(0)
#define CMD_3DSTATE_SBE_SWIZ		R3D_CMD(0, 0x51, 11)
#define   SWIZ_OVERRIDE_W		BIT(15)
#define   SWIZ_OVERRIDE_Z		BIT(14)
#define   SWIZ_OVERRIDE_Y		BIT(13)
#define   SWIZ_OVERRIDE_X		BIT(12)
#define   SWIZ_CONST			GENMASK(10, 9)	/* 0 0000, 1 0001, 2 1111, 3 PrimID */
#define   SWIZ_SELECT			GENMASK(7, 6)
#define   SWIZ_SOURCE			GENMASK(4, 0)
#define CMD_3DSTATE_WM_HZ_OP		R3D_CMD(0, 0x52, 5)

/* Non-pipelined state, opcode 1. */
#define CMD_3DSTATE_DRAWING_RECTANGLE	R3D_CMD(1, 0x00, 4)
#define CMD_3DSTATE_MULTISAMPLE		R3D_CMD(1, 0x0d, 2)
#define   MS_DW1_PIXEL_OFFSET		BIT(5)
#define   MS_DW1_UL_CORNER		BIT(4)
#define   MS_DW1_SAMPLES		GENMASK(3, 1)
#define CMD_3DSTATE_PUSH_CONSTANT_ALLOC_VS	R3D_CMD(1, 0x12, 2)
#define CMD_3DSTATE_PUSH_CONSTANT_ALLOC_HS	R3D_CMD(1, 0x13, 2)
#define CMD_3DSTATE_PUSH_CONSTANT_ALLOC_DS	R3D_CMD(1, 0x14, 2)
#define CMD_3DSTATE_PUSH_CONSTANT_ALLOC_GS	R3D_CMD(1, 0x15, 2)
#define CMD_3DSTATE_PUSH_CONSTANT_ALLOC_PS	R3D_CMD(1, 0x16, 2)
#define   PUSH_DW1_OFFSET		GENMASK(20, 16)	/* KiB */
#define   PUSH_DW1_SIZE			GENMASK(5, 0)	/* KiB */
#define CMD_3DSTATE_SAMPLE_PATTERN		R3D_CMD(1, 0x1c, 9)

/* STATE_SIP (common state): DW1-2 the system routine, from the instruction base. */
#define CMD_STATE_SIP			(GFXPIPE(0, 1, 0x02) | (3 - 2))

/*
 * BLEND_STATE: DW0 global bits, then one two-dword entry per render target
 * (EXT gen8.xml BLEND_STATE, BLEND_STATE_ENTRY).
 */
#define BLEND_DW0_A2C			BIT(31)
#define BLEND_DW0_INDEPENDENT_ALPHA	BIT(30)
#define BLEND_DW0_A2ONE			BIT(29)
#define BLEND_DW0_A2C_DITHER		BIT(28)
#define BLEND_DW0_ALPHA_TEST		BIT(27)
#define BLEND_DW0_DITHER		BIT(23)
#define BLEND_E0_ENABLE			BIT(31)
#define BLEND_E0_SRC			GENMASK(30, 26)	/* 3D_Color_Buffer_Blend_Factor */
#define BLEND_E0_DST			GENMASK(25, 21)
#define BLEND_E0_FUNC			GENMASK(20, 18)	/* 3D_Color_Buffer_Blend_Function */
#define BLEND_E0_SRC_ALPHA		GENMASK(17, 13)
#define BLEND_E0_DST_ALPHA		GENMASK(12, 8)
#define BLEND_E0_ALPHA_FUNC		GENMASK(7, 5)
#define BLEND_E0_WRITE_DISABLE		GENMASK(3, 0)	/* 3 A, 2 R, 1 G, 0 B */
#define BLEND_E1_LOGIC_OP		BIT(31)
#define BLEND_E1_LOGIC_FUNC		GENMASK(30, 27)	/* 3D_Logic_Op_Function */
#define BLEND_E1_SRC_ONLY_CLAMP		BIT(4)
#define BLEND_E1_CLAMP_RANGE		GENMASK(3, 2)	/* 0 UNORM, 1 SNORM, 2 RTFORMAT */
#define BLEND_E1_PRE_CLAMP		BIT(1)
#define BLEND_E1_POST_CLAMP		BIT(0)
#define BLENDFACTOR_ONE			0x01
#define BLENDFACTOR_SRC_COLOR		0x02
#define BLENDFACTOR_SRC_ALPHA		0x03
#define BLENDFACTOR_DST_ALPHA		0x04
#define BLENDFACTOR_DST_COLOR		0x05
#define BLENDFACTOR_SRC_ALPHA_SATURATE	0x06
#define BLENDFACTOR_CONST_COLOR		0x07
#define BLENDFACTOR_CONST_ALPHA		0x08
#define BLENDFACTOR_SRC1_COLOR		0x09
#define BLENDFACTOR_ZERO		0x11
#define BLENDFACTOR_INV_SRC_COLOR	0x12
#define BLENDFACTOR_INV_SRC_ALPHA	0x13
#define BLENDFACTOR_INV_DST_ALPHA	0x14
#define BLENDFACTOR_INV_DST_COLOR	0x15
#define BLENDFACTOR_INV_CONST_COLOR	0x17
#define BLENDFACTOR_INV_CONST_ALPHA	0x18
#define BLENDFUNCTION_ADD		0
#define BLENDFUNCTION_SUBTRACT		1
#define BLENDFUNCTION_REVERSE_SUBTRACT	2
#define BLENDFUNCTION_MIN		3
#define BLENDFUNCTION_MAX		4

/*
 * COLOR_CALC_STATE (6 dwords, EXT gen8.xml), pointed at by
 * 3DSTATE_CC_STATE_POINTERS DW1 31:6 with bit 0 valid: DW0 the stencil
 * reference values, DW1 the alpha reference, DW2-DW5 the blend constant
 * colour (floats R, G, B, A).
 */
#define CC_PTR_VALID			BIT(0)
#define CC_DW0_STENCIL_REF		GENMASK(31, 24)
#define CC_DW0_BACK_STENCIL_REF		GENMASK(23, 16)

/* SF_CLIP_VIEWPORT: 16 dwords (floats) a viewport. */
#define SFVP_M00	0
#define SFVP_M11	1
#define SFVP_M22	2
#define SFVP_M30	3
#define SFVP_M31	4
#define SFVP_M32	5
#define SFVP_GB_XMIN	8
#define SFVP_GB_XMAX	9
#define SFVP_GB_YMIN	10
#define SFVP_GB_YMAX	11

/* Gen8 surface format numbers the vertex fetcher and the tests use (EXT Mesa isl_format). */
#define R3D_FMT_R32G32B32A32_FLOAT	0
#define R3D_FMT_R32G32B32A32_SINT	1
#define R3D_FMT_R32G32B32A32_UINT	2
#define R3D_FMT_R32G32B32_FLOAT		64
#define R3D_FMT_R32G32B32_SINT		65
#define R3D_FMT_R32G32B32_UINT		66
#define R3D_FMT_R16G16B16A16_FLOAT	132
#define R3D_FMT_R32G32_FLOAT		133
#define R3D_FMT_R32G32_SINT		134
#define R3D_FMT_R32G32_UINT		135
#define R3D_FMT_B8G8R8A8_UNORM		192
#define R3D_FMT_R8G8B8A8_UNORM		199
#define R3D_FMT_R8G8B8A8_SINT		202
#define R3D_FMT_R8G8B8A8_UINT		203
#define R3D_FMT_R16G16_UNORM		204
#define R3D_FMT_R16G16_SINT		206
#define R3D_FMT_R16G16_UINT		207
#define R3D_FMT_R16G16_FLOAT		208
#define R3D_FMT_R32_SINT		214
#define R3D_FMT_R32_UINT		215
#define R3D_FMT_R32_FLOAT		216
#define R3D_FMT_R16G16_SSCALED		246
#define R3D_FMT_R16G16_USCALED		247

/* Render cache messages (SFID 5) and URB messages (SFID 6), descriptor bits. */
#define RT_WRITE_DESC(mlen, sub, last, bti) \
	((uint32_t)(mlen) << 25 | 12u << 14 | (uint32_t)(last) << 12 | (uint32_t)(sub) << 8 | \
	 (uint32_t)(bti))
#define   RT_SUB_SIMD16			0
#define   RT_SUB_SIMD16_REPLICATED	1
#define   RT_SUB_SIMD8			4
#define   RT_SLOT_GROUP_HI		BIT(11)
#define URB_WRITE_DESC(mlen, offset) \
	((uint32_t)(mlen) << 25 | 1u << 19 | (uint32_t)(offset) << 4 | 7u)
#define URB_READ_DESC(rlen, offset) \
	(1u << 25 | (uint32_t)(rlen) << 20 | 1u << 19 | (uint32_t)(offset) << 4 | 8u)

#endif
