/* SPDX-License-Identifier: MIT */
/*
 * Encodings of the render engine's GPGPU and media commands and of
 * INTERFACE_DESCRIPTOR_DATA, Gen8 layouts
 * (Documentation/gpu/gensim/hw-spec-compute.rst "GPGPU commands").  The
 * PRMs give the IVB (Gen7) layouts only (PRM Vol. 2 Part 2 Media and
 * General Purpose Pipeline (Ivy Bridge 2012), 1.8 "Media State and
 * Primitive Commands"); the Gen8 positions here are EXT (Mesa gen8.xml,
 * Intel media-driver mhw_render_hwcmd_g8_X.h and
 * mhw_state_heap_hwcmd_g8_X.h), cross-checked.  Shared by the device
 * (lib/cmd_gpgpu_*.c), the native tests, gensim-run and the IGT tests;
 * like gensim_cmds.h it uses only BIT(), GENMASK() and GFXPIPE().
 */
#ifndef GSDEV_GPGPU_CMDS_H
#define GSDEV_GPGPU_CMDS_H

/* GFXPIPE(subtype, opcode, sub-opcode), lengths are total dwords - 2. */
#define PIPELINE_SELECT			GFXPIPE(1, 1, 0x04)		/* 1 dword */
#define   PIPELINE_SELECT_MASK		GENMASK(1, 0)
#define   PIPELINE_SELECT_3D		0
#define   PIPELINE_SELECT_MEDIA		1
#define   PIPELINE_SELECT_GPGPU		2
#define STATE_BASE_ADDRESS		(GFXPIPE(0, 1, 0x01) | (16 - 2))
#define   SBA_MODIFY			BIT(0)	/* in each base's low dword and size */
#define   SBA_ADDR_LO			GENMASK(31, 12)
#define   SBA_MOCS			GENMASK(10, 4)
#define   SBA_SIZE			GENMASK(31, 12)	/* in 4 KiB pages */
/* Dword indices of STATE_BASE_ADDRESS. */
#define SBA_GENERAL			1	/* base: low at n, high at n + 1 */
#define SBA_STATELESS_MOCS		3
#define SBA_SURFACE			4
#define SBA_DYNAMIC			6
#define SBA_INDIRECT			8
#define SBA_INSTRUCTION			10
#define SBA_GENERAL_SIZE		12
#define SBA_DYNAMIC_SIZE		13
#define SBA_INDIRECT_SIZE		14
#define SBA_INSTRUCTION_SIZE		15

#define MEDIA_VFE_STATE			(GFXPIPE(2, 0, 0x00) | (9 - 2))
#define   VFE_DW1_SCRATCH_BASE		GENMASK(31, 10)
#define   VFE_DW1_STACK_SIZE		GENMASK(7, 4)
#define   VFE_DW1_SCRATCH_SIZE		GENMASK(3, 0)
#define   VFE_DW2_SCRATCH_BASE_HIGH	GENMASK(15, 0)
#define   VFE_DW3_MAX_THREADS		GENMASK(31, 16)	/* count - 1 */
#define   VFE_DW3_URB_ENTRIES		GENMASK(15, 8)
#define   VFE_DW3_RESET_GW_TIMER	BIT(7)
#define   VFE_DW3_BYPASS_GW		BIT(6)
#define   VFE_DW4_SLICE_DISABLE		GENMASK(1, 0)
#define   VFE_DW5_URB_ENTRY_SIZE	GENMASK(31, 16)
#define   VFE_DW5_CURBE_SIZE		GENMASK(15, 0)	/* 32-byte units */
#define   VFE_DW6_SCOREBOARD_ENABLE	BIT(31)
#define   VFE_DW6_SCOREBOARD_TYPE	BIT(30)		/* 0 stalling, 1 non-stalling */
#define   VFE_DW6_SCOREBOARD_MASK	GENMASK(7, 0)
/* DW7: scoreboards 0-3, DW8: 4-7; 4 bits each, S3: delta X then delta Y. */
#define   VFE_SB_DELTA_X(n)		GENMASK(8 * ((n) & 3) + 3, 8 * ((n) & 3))
#define   VFE_SB_DELTA_Y(n)		GENMASK(8 * ((n) & 3) + 7, 8 * ((n) & 3) + 4)
#define MEDIA_CURBE_LOAD		(GFXPIPE(2, 0, 0x01) | (4 - 2))
#define MEDIA_INTERFACE_DESCRIPTOR_LOAD	(GFXPIPE(2, 0, 0x02) | (4 - 2))
#define   MEDIA_LOAD_LENGTH		GENMASK(16, 0)	/* DW2 of both loads, bytes */
#define MEDIA_STATE_FLUSH		(GFXPIPE(2, 0, 0x04) | (2 - 2))
#define   MSF_IDD_OFFSET		GENMASK(5, 0)
#define   MSF_WATERMARK_REQUIRED	BIT(6)
#define   MSF_FLUSH_TO_GO		BIT(7)
#define MEDIA_OBJECT			(GFXPIPE(2, 1, 0x00) | (6 - 2))	/* + inline dwords */
#define   MO_DW2_CHILDREN_PRESENT	BIT(31)
#define   MO_DW2_THREAD_SYNC		BIT(24)
#define   MO_DW2_FORCE_DESTINATION	BIT(22)
#define   MO_DW2_USE_SCOREBOARD		BIT(21)
#define   MO_DW2_SLICE_DEST		GENMASK(20, 19)
#define   MO_DW2_SUBSLICE_DEST		GENMASK(18, 17)
#define   MO_DW2_INDIRECT_LENGTH	GENMASK(16, 0)
/* DW4 and DW5 of MEDIA_OBJECT and MEDIA_OBJECT_GRPID: the scoreboard. */
#define   MO_DW4_SCOREBOARD_Y		GENMASK(24, 16)
#define   MO_DW4_SCOREBOARD_X		GENMASK(8, 0)
#define   MO_DW5_SCOREBOARD_COLOR	GENMASK(19, 16)
#define   MO_DW5_SCOREBOARD_MASK	GENMASK(7, 0)
#define MEDIA_OBJECT_PRT		(GFXPIPE(2, 1, 0x02) | (16 - 2))
#define   PRT_DW2_CHILDREN_PRESENT	BIT(31)
#define   PRT_DW2_FENCE_NEEDED		BIT(23)
#define   PRT_DW2_FENCE_TYPE		BIT(22)
#define   PRT_INLINE_DWORDS		12		/* DW4-DW15 */
#define MEDIA_OBJECT_WALKER		(GFXPIPE(2, 1, 0x03) | (17 - 2))	/* + inline dwords */
#define   MW_DW5_GROUP_ID_LOOP_SELECT	GENMASK(31, 8)
#define   MW_DW5_SCOREBOARD_MASK	GENMASK(7, 0)
#define   MW_DW6_COLOR_COUNT_M1		GENMASK(27, 24)
#define   MW_DW6_MIDDLE_EXTRA_STEPS	GENMASK(20, 16)
#define   MW_DW6_MID_UNIT_Y		GENMASK(13, 12)	/* S1 */
#define   MW_DW6_MID_UNIT_X		GENMASK(9, 8)	/* S1 */
#define   MW_DW7_GLOBAL_EXEC_COUNT	GENMASK(25, 16)
#define   MW_DW7_LOCAL_EXEC_COUNT	GENMASK(9, 0)
/* DW8 block resolution, DW9 local start, DW13 global resolution: U9 pairs. */
#define   MW_U9_Y			GENMASK(24, 16)
#define   MW_U9_X			GENMASK(8, 0)
/* DW11, DW12, DW14-DW16: strides, units and the global start, S9 pairs. */
#define   MW_S9_Y			GENMASK(25, 16)
#define   MW_S9_X			GENMASK(9, 0)
#define MEDIA_OBJECT_GRPID		(GFXPIPE(2, 1, 0x06) | (7 - 2))	/* + inline dwords */
#define   GRPID_DW2_END_OF_GROUP	BIT(23)
#define GPGPU_WALKER			(GFXPIPE(2, 1, 0x05) | (15 - 2))
#define   WALKER_PREDICATE		BIT(8)
#define   WALKER_INDIRECT_PARAMS	BIT(10)
#define   WALKER_DW3_INDIRECT_START	GENMASK(31, 6)
#define   WALKER_DW4_SIMD		GENMASK(31, 30)	/* 0 SIMD8, 1 SIMD16, 2 SIMD32 */
#define   WALKER_DW4_DEPTH_MAX		GENMASK(21, 16)	/* count - 1 */
#define   WALKER_DW4_HEIGHT_MAX		GENMASK(13, 8)
#define   WALKER_DW4_WIDTH_MAX		GENMASK(5, 0)
#define MEDIA_IDD_OFFSET		GENMASK(5, 0)	/* DW1 of the walkers and MEDIA_OBJECT_* */

/* INTERFACE_DESCRIPTOR_DATA: 8 dwords, 32 bytes. */
#define IDD_DWORDS			8
#define IDD_DW0_KSP			GENMASK(31, 6)
#define IDD_DW1_KSP_HIGH		GENMASK(15, 0)
#define IDD_DW2_SW_EXCEPTION		BIT(7)
#define IDD_DW2_MASK_STACK_EXCEPTION	BIT(11)
#define IDD_DW2_ILLEGAL_OP_EXCEPTION	BIT(13)
#define IDD_DW2_FP_ALT			BIT(16)
#define IDD_DW2_THREAD_PRIORITY		BIT(17)
#define IDD_DW2_SPF			BIT(18)
#define IDD_DW2_DENORM			BIT(19)
#define IDD_DW3_SAMPLER_PTR		GENMASK(31, 5)
#define IDD_DW3_SAMPLER_COUNT		GENMASK(4, 2)
#define IDD_DW4_BT_PTR			GENMASK(15, 5)
#define IDD_DW4_BT_COUNT		GENMASK(4, 0)
#define IDD_DW5_READ_LENGTH		GENMASK(31, 16)	/* per-thread registers */
#define IDD_DW5_READ_OFFSET		GENMASK(15, 0)	/* 32-byte units */
#define IDD_DW6_THREADS			GENMASK(9, 0)
#define IDD_DW6_SLM_SIZE		GENMASK(20, 16)	/* 0, 1, 2, 4, 8, 16: 0..64 KiB */
#define IDD_DW6_BARRIER			BIT(21)
#define IDD_DW6_ROUNDING		GENMASK(23, 22)
#define IDD_DW7_CROSS_THREAD_LENGTH	GENMASK(7, 0)

#endif
