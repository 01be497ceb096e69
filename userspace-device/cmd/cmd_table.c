// SPDX-License-Identifier: MIT
/*
 * THE command table (Documentation/gpu/gensim/hw-spec-commands.rst).  One
 * row per command: how its header is recognised, how long it is, which
 * engines take it, how it behaves in a non-privileged batch, and the
 * handler that executes it.  The same rows drive decoding and execution
 * (cmd_step.c), the privilege check, the command dumper
 * (gs_cmd_describe(), used in the logs and for hang dumps) and the
 * command list of the spec.
 *
 * Sources: PRM Vol. 6 Command Stream Programming (Cherryview 2015)
 * [PRM-CSP]: the MI opcode table ("Memory Interface Commands for RCP"),
 * the "2D Command Map", the "3D Command Map", the "VEBOX Command Map" and
 * the "MFX Commands" map; the per-engine "User Mode Privileged Commands"
 * tables; dword layouts and lengths from EXT Mesa gen8.xml and Intel's
 * media-driver gen8 command headers, checked in the spec chapter.  Length
 * fields hold the total dwords minus 2.
 *
 * A row with a NULL handler is a command gensim knows but does not
 * implement: executing it is an instruction error that names it.  The
 * blitter's 2D commands and the render pipe's GPGPU commands are such rows
 * today; their handlers go in their own files (cmd_blt.c, cmd_gpgpu_*.c)
 * and are named here.  A header no row matches is a reserved or unknown
 * command, and a row that matches but excludes the engine is a command
 * not valid there: both instruction errors (gs_cmd_unknown_why()).
 */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "cmd/cmd.h"
#include "core/hw.h"
#include "cs/cs.h"
#include "cs/engine.h"

#define MI_MASK		GS_CMD_MI_MASK
#define MI_HDR(op)	((uint32_t)(op) << 23)

/* A one-dword MI command (opcodes 00h-0Fh: the length is implied). */
#define MI1(nm, op, eng, pr, fl, fn, rf) {					\
	.name = nm, .mask = MI_MASK, .value = MI_HDR(op), .len_bias = 1,		\
	.min_len = 1, .max_len = 1, .engines = eng, .priv = pr, .flags = fl,		\
	.handler = fn, .ref = rf }

/* A multi-dword MI command: total = header[@lmask] + 2, @lo..@hi dwords. */
#define MIN(nm, op, lmask, lo, hi, eng, pr, pdw, pmask, fn, rf) {			\
	.name = nm, .mask = MI_MASK, .value = MI_HDR(op), .len_mask = lmask,		\
	.len_bias = 2, .min_len = lo, .max_len = hi, .engines = eng, .priv = pr,	\
	.priv_dw = pdw, .priv_mask = pmask, .handler = fn, .ref = rf }

/*
 * A 2D (blitter) command: client 2, opcode 28:22, length 8:0 (PRM Vol. 6
 * Command Stream Programming (Cherryview 2015), "Blitter Command Header
 * Format").
 */
#define BLT(nm, op, fn) {								\
	.name = nm, .mask = CMD_CLIENT | BLT_OPCODE,					\
	.value = (uint32_t)CMD_CLIENT_2D << 29 | (uint32_t)(op) << 22,			\
	.len_mask = GENMASK(8, 0), .len_bias = 2, .min_len = 2, .max_len = 0x1ff + 2,	\
	.engines = GS_ENG_BCS, .handler = fn, .ref = "[PRM-CSP] 2D Command Map" }
/*
 * A 2D command gensim implements (cmd_blt.c): its one Gen8 length, in a
 * 7:0 length field (EXT i915, Mesa: bits 10:8 are XY_PAT_BLT's pattern seed).
 */
#define BLTN(nm, op, len, fn) {							\
	.name = nm, .mask = CMD_CLIENT | BLT_OPCODE,					\
	.value = (uint32_t)CMD_CLIENT_2D << 29 | (uint32_t)(op) << 22,			\
	.len_mask = GENMASK(7, 0), .len_bias = 2, .min_len = len, .max_len = len,	\
	.engines = GS_ENG_BCS, .handler = fn,						\
	.ref = "[PRM-CSP] 2D Command Map; EXT Gen8 layout (hw-spec-blitter)" }

/*
 * A render-pipe command: client 3, subtype, opcode, sub-opcode (PRM Vol. 6
 * Command Stream Programming (Cherryview 2015), "Render Command Header
 * Format").
 */
#define GFX(nm, sub, op, subop, lmask, eng, fn, rf) {					\
	.name = nm, .mask = 0xffff0000u, .value = GFXPIPE(sub, op, subop),		\
	.len_mask = lmask, .len_bias = (lmask) ? 2 : 1, .min_len = (lmask) ? 2 : 1,	\
	.max_len = (lmask) ? (lmask) + 2 : 1, .engines = eng, .handler = fn, .ref = rf }

/* 3D state and the common commands on rcs0: length 7:0. */
#define R3D(nm, sub, op, subop) \
	GFX(nm, sub, op, subop, 0xff, GS_ENG_RCS, NULL, "[PRM-CSP] 3D Command Map")
/*
 * A 3D command gensim implements (cmd_3d_state.c, cmd_3d_prim.c; the 3D
 * block, 3d/): its Gen8 lengths @lo..@hi (EXT Mesa gen8.xml), length 7:0.
 */
#define R3DI(nm, sub, op, subop, lo, hi, fn) {						\
	.name = nm, .mask = 0xffff0000u, .value = GFXPIPE(sub, op, subop),		\
	.len_mask = 0xff, .len_bias = 2, .min_len = lo, .max_len = hi,			\
	.engines = GS_ENG_RCS, .handler = fn,						\
	.ref = "[PRM-CSP] 3D Command Map; EXT Gen8 layout, Mesa gen8.xml" }
#define R3DS(nm, sub, op, subop, len) R3DI(nm, sub, op, subop, len, len, gs_cmd_3d_state)
/* Media / GPGPU on rcs0 (EXT Mesa gen8.xml: the PRM does not map them). */
#define RMEDIA(nm, op, subop, lmask, fn) \
	GFX(nm, 2, op, subop, lmask, GS_ENG_RCS, fn, "EXT Mesa gen8.xml")
/* A GPGPU command gensim implements (cmd_gpgpu_*.c): its Gen8 lengths @lo..@hi. */
#define RGPGPU(nm, sub, op, subop, lmask, lo, hi, fn, rf) {				\
	.name = nm, .mask = 0xffff0000u, .value = GFXPIPE(sub, op, subop),		\
	.len_mask = lmask, .len_bias = 2, .min_len = lo, .max_len = hi,			\
	.engines = GS_ENG_RCS, .handler = fn, .ref = rf }
/*
 * MFX on vcs0: 26:24 opcode, 23:21 sub-opcode A, 20:16 B, length 15:0 (PRM Vol.
 * 6 Command Stream Programming (Cherryview 2015), "Video Command Header
 * Format").
 */
#define MFX(nm, op, a, b) \
	GFX(nm, 2, op, ((a) << 5) | (b), 0xffff, GS_ENG_VCS, NULL, "[PRM-CSP] MFX Commands")
/*
 * VEBOX on vecs0: opcode 4, length 11:0 (PRM Vol. 6 Command Stream Programming
 * (Cherryview 2015), "Video Enhancement Command Header Format", "VEBOX Command
 * Map").
 */
#define VEBOX(nm, a, b) \
	GFX(nm, 2, 4, ((a) << 5) | (b), 0xfff, GS_ENG_VECS, NULL, "[PRM-CSP] VEBOX Command Map")

const struct gs_cmd_desc gs_cmd_table[] = {
	/*
	 * MI, one dword (PRM Vol. 6 Command Stream Programming (Cherryview
	 * 2015), "Memory Interface Commands for RCP").
	 */
	MI1("MI_NOOP", 0x00, GS_ENG_ALL, GS_PRIV_NONE, 0, gs_cmd_noop,
	    "[PRM-CSP] Memory Interface Commands for RCP"),
	MI1("MI_SET_PREDICATE", 0x01, GS_ENG_RCS, GS_PRIV_NONE, GS_CMD_F_NOPRED,
	    gs_cmd_set_predicate, "[PRM-CSP] Memory Interface Commands for RCP"),
	MI1("MI_USER_INTERRUPT", 0x02, GS_ENG_ALL, GS_PRIV_NONE, 0, gs_cmd_user_interrupt,
	    "[PRM-CSP] Memory Interface Commands for RCP"),
	MI1("MI_WAIT_FOR_EVENT", 0x03, GS_ENG_ALL, GS_PRIV_NONE, 0, NULL,
	    "[PRM-CSP] Memory Interface Commands for RCP"),
	MI1("MI_ARB_CHECK", 0x05, GS_ENG_ALL, GS_PRIV_NONE, GS_CMD_F_ARB, gs_cmd_arb_check,
	    "[PRM-CSP] Memory Interface Commands for RCP; Ring Buffer Scheduling"),
	MI1("MI_RS_CONTROL", 0x06, GS_ENG_RCS, GS_PRIV_NONE, 0, NULL,
	    "[PRM-CSP] Memory Interface Commands for RCP"),
	MI1("MI_REPORT_HEAD", 0x07, GS_ENG_ALL, GS_PRIV_NONE, 0, gs_cmd_report_head,
	    "[PRM-CSP] Memory Interface Commands for RCP"),
	MI1("MI_ARB_ON_OFF", 0x08, GS_ENG_ALL, GS_PRIV_ALWAYS, 0, gs_cmd_arb_on_off,
	    "[PRM-CSP] Memory Interface Commands for RCP; User Mode Privileged Commands (RCS)"),
	MI1("MI_URB_ATOMIC_ALLOC", 0x09, GS_ENG_RCS, GS_PRIV_NONE, 0, NULL,
	    "[PRM-CSP] Memory Interface Commands for RCP"),
	MI1("MI_BATCH_BUFFER_END", 0x0a, GS_ENG_ALL, GS_PRIV_NONE, GS_CMD_F_NOPRED,
	    gs_cmd_bb_end, "[PRM-CSP] Memory Interface Commands for RCP"),
	MI1("MI_SUSPEND_FLUSH", 0x0b, GS_ENG_ALL, GS_PRIV_NONE, 0, gs_cmd_nop_flush,
	    "[PRM-CSP] Memory Interface Commands for RCP"),
	MI1("MI_PREDICATE", 0x0c, GS_ENG_RCS, GS_PRIV_NONE, 0, gs_cmd_predicate,
	    "[PRM-CSP] Memory Interface Commands for RCP"),
	MI1("MI_TOPOLOGY_FILTER", 0x0d, GS_ENG_RCS, GS_PRIV_NONE, 0, NULL,
	    "[PRM-CSP] Memory Interface Commands for RCP"),
	MI1("MI_RS_CONTEXT", 0x0f, GS_ENG_RCS, GS_PRIV_NONE, 0, NULL,
	    "[PRM-CSP] Memory Interface Commands for RCP"),

	/*
	 * MI, two or more dwords (PRM Vol. 6 Command Stream Programming
	 * (Cherryview 2015), "Memory Interface Commands for RCP").
	 */
	MIN("MI_LOAD_SCAN_LINES_INCL", 0x12, GENMASK(5, 0), 2, 2, GS_ENG_RCS | GS_ENG_BCS,
	    GS_PRIV_NONE, 0, 0, NULL, "[PRM-CSP] MI Commands for Render Engine"),
	MIN("MI_LOAD_SCAN_LINES_EXCL", 0x13, GENMASK(5, 0), 2, 2, GS_ENG_RCS | GS_ENG_BCS,
	    GS_PRIV_NONE, 0, 0, NULL, "[PRM-CSP] MI Commands for Render Engine"),
	MIN("MI_DISPLAY_FLIP", 0x14, CMD_LENGTH_7_0, 3, 0x101, GS_ENG_RCS | GS_ENG_BCS,
	    GS_PRIV_ALWAYS, 0, 0, NULL,
	    "[PRM-CSP] MI Commands for Render Engine; User Mode Privileged Commands (RCS)"),
	MIN("MI_SEMAPHORE_MBOX", 0x16, CMD_LENGTH_7_0, 2, 0x101, GS_ENG_ALL, GS_PRIV_NONE, 0, 0,
	    NULL, "[PRM-CSP] Memory Interface Commands for RCP"),
	MIN("MI_SET_CONTEXT", 0x18, CMD_LENGTH_7_0, 2, 2, GS_ENG_RCS, GS_PRIV_ALWAYS, 0, 0,
	    NULL,
	    "[PRM-CSP] Memory Interface Commands for RCP; User Mode Privileged Commands (RCS)"),
	MIN("MI_URB_CLEAR", 0x19, CMD_LENGTH_7_0, 2, 2, GS_ENG_RCS, GS_PRIV_NONE, 0, 0, NULL,
	    "[PRM-CSP] Memory Interface Commands for RCP"),
	MIN("MI_MATH", 0x1a, CMD_LENGTH_7_0, 2, 0x101, GS_ENG_ALL, GS_PRIV_NONE, 0, 0,
	    gs_cmd_math,
	    "[PRM-CSP] Memory Interface Commands for RCP; Command Streamer (CS) ALU Programming"),
	/*
	 * Privileged on bcs0/vcs0/vecs0 only (PRM Vol. 6 Command Stream
	 * Programming (Cherryview 2015), "User Mode Privileged Commands" (BCS,
	 * VCS, VECS); not in rcs0's table).
	 */
	MIN("MI_SEMAPHORE_SIGNAL", 0x1b, CMD_LENGTH_7_0, 2, 2, GS_ENG_RCS, GS_PRIV_NONE, 0, 0,
	    gs_cmd_semaphore_signal, "[PRM-CSP] Memory Interface Commands for RCP"),
	MIN("MI_SEMAPHORE_SIGNAL", 0x1b, CMD_LENGTH_7_0, 2, 2, GS_ENG_XCS, GS_PRIV_ALWAYS, 0, 0,
	    gs_cmd_semaphore_signal,
	    "[PRM-CSP] Memory Interface Commands for RCP; User Mode Privileged Commands (BCS)"),
	MIN("MI_SEMAPHORE_WAIT", 0x1c, CMD_LENGTH_7_0, 4, 4, GS_ENG_ALL, GS_PRIV_GGTT, 0,
	    MI_SEMAPHORE_GLOBAL_GTT, gs_cmd_semaphore_wait,
	    "[PRM-CSP] Memory Interface Commands for RCP; User Mode Privileged Commands (RCS)"),
	MIN("MI_STORE_DATA_IMM", 0x20, GENMASK(9, 0), 4, 0x3ff + 2, GS_ENG_ALL, GS_PRIV_GGTT, 0,
	    MI_SDI_USE_GGTT, gs_cmd_store_data_imm,
	    "[PRM-CSP] Memory Interface Commands for RCP; User Mode Privileged Commands (RCS)"),
	MIN("MI_STORE_DATA_INDEX", 0x21, CMD_LENGTH_7_0, 3, 4, GS_ENG_ALL, GS_PRIV_ALWAYS, 0, 0,
	    gs_cmd_store_data_index,
	    "[PRM-CSP] Memory Interface Commands for RCP; User Mode Privileged Commands (RCS)"),
	MIN("MI_LOAD_REGISTER_IMM", 0x22, CMD_LENGTH_7_0, 3, 0x101, GS_ENG_ALL,
	    GS_PRIV_HANDLER, 0, 0, gs_cmd_lri,
	    "[PRM-CSP] Memory Interface Commands for RCP; User Mode Privileged Commands (RCS)"),
	MIN("MI_UPDATE_GTT", 0x23, MI_UPDATE_GTT_LENGTH, 4, 0x3ff + 2, GS_ENG_ALL,
	    GS_PRIV_ALWAYS, 0, 0, gs_cmd_update_gtt,
	    "[PRM-CSP] Memory Interface Commands for RCP; User Mode Privileged Commands (RCS)"),
	/*
	 * rcs0 still reads the register (PRM Vol. 6 Command Stream Programming
	 * (Cherryview 2015), "User Mode Privileged Commands" (RCS)); the others
	 * drop it all ("User Mode Privileged Commands" (BCS)).
	 */
	MIN("MI_STORE_REGISTER_MEM", 0x24, CMD_LENGTH_7_0, 4, 4, GS_ENG_RCS, GS_PRIV_HANDLER,
	    0, 0, gs_cmd_srm,
	    "[PRM-CSP] Memory Interface Commands for RCP; User Mode Privileged Commands (RCS)"),
	MIN("MI_STORE_REGISTER_MEM", 0x24, CMD_LENGTH_7_0, 4, 4, GS_ENG_XCS, GS_PRIV_GGTT, 0,
	    MI_SRM_USE_GGTT, gs_cmd_srm,
	    "[PRM-CSP] Memory Interface Commands for RCP; User Mode Privileged Commands (BCS)"),
	MIN("MI_FLUSH_DW", 0x26, MI_FLUSH_DW_LENGTH, 4, 5, GS_ENG_XCS, GS_PRIV_HANDLER, 0, 0,
	    gs_cmd_flush_dw,
	    "[PRM-CSP] Memory Interface Commands for RCP; User Mode Privileged Commands (BCS)"),
	MIN("MI_CLFLUSH", 0x27, GENMASK(9, 0), 3, 0x3ff + 2, GS_ENG_RCS, GS_PRIV_NONE, 0, 0,
	    gs_cmd_nop_flush, "[PRM-CSP] Memory Interface Commands for RCP"),
	MIN("MI_REPORT_PERF_COUNT", 0x28, GENMASK(5, 0), 4, 4, GS_ENG_RCS, GS_PRIV_GGTT, 1,
	    BIT(0), NULL, "[PRM-CSP] User Mode Privileged Commands (RCS)"),
	MIN("MI_LOAD_REGISTER_MEM", 0x29, CMD_LENGTH_7_0, 4, 4, GS_ENG_ALL, GS_PRIV_GGTT, 0,
	    MI_LRM_USE_GGTT, gs_cmd_lrm,
	    "[PRM-CSP] Memory Interface Commands for RCP; User Mode Privileged Commands (RCS)"),
	MIN("MI_LOAD_REGISTER_REG", 0x2a, CMD_LENGTH_7_0, 3, 3, GS_ENG_ALL, GS_PRIV_HANDLER, 0,
	    0, gs_cmd_lrr,
	    "[PRM-CSP] Memory Interface Commands for RCP; User Mode Privileged Commands (RCS)"),
	MIN("MI_RS_STORE_DATA_IMM", 0x2b, CMD_LENGTH_7_0, 4, 4, GS_ENG_RCS, GS_PRIV_NONE, 0, 0,
	    NULL, "[PRM-CSP] Memory Interface Commands for RCP"),
	MIN("MI_LOAD_URB_MEM", 0x2c, CMD_LENGTH_7_0, 4, 4, GS_ENG_RCS, GS_PRIV_NONE, 0, 0, NULL,
	    "[PRM-CSP] Memory Interface Commands for RCP"),
	MIN("MI_STORE_URB_MEM", 0x2d, CMD_LENGTH_7_0, 4, 4, GS_ENG_RCS, GS_PRIV_NONE, 0, 0, NULL,
	    "[PRM-CSP] Memory Interface Commands for RCP"),
	MIN("MI_COPY_MEM_MEM", 0x2e, CMD_LENGTH_7_0, 5, 5, GS_ENG_ALL, GS_PRIV_GGTT, 0,
	    MI_COPY_MEM_MEM_SRC_GGTT | MI_COPY_MEM_MEM_DST_GGTT, gs_cmd_copy_mem_mem,
	    "[PRM-CSP] Memory Interface Commands for RCP; User Mode Privileged Commands (RCS)"),
	MIN("MI_ATOMIC", 0x2f, CMD_LENGTH_7_0, 3, 11, GS_ENG_ALL, GS_PRIV_GGTT, 0,
	    MI_ATOMIC_GGTT, gs_cmd_atomic,
	    "[PRM-CSP] Memory Interface Commands for RCP; User Mode Privileged Commands (RCS)"),
	MIN("MI_BATCH_BUFFER_START", 0x31, CMD_LENGTH_7_0, 3, 3, GS_ENG_ALL, GS_PRIV_HANDLER, 0,
	    0, gs_cmd_bb_start,
	    "[PRM-CSP] Memory Interface Commands for RCP; User Mode Privileged Commands (RCS)"),
	MIN("MI_CONDITIONAL_BATCH_BUFFER_END", 0x36, CMD_LENGTH_7_0, 3, 4, GS_ENG_ALL,
	    GS_PRIV_GGTT, 0, MI_CBBE_USE_GGTT, gs_cmd_cond_bb_end,
	    "[PRM-CSP] Memory Interface Commands for RCP; User Mode Privileged Commands (RCS)"),

	/*
	 * 2D (bcs0): the BLTN rows are implemented (cmd_blt.c, with their Gen8
	 * lengths); the BLT rows are recognised and not implemented.
	 */
	BLTN("XY_SETUP_BLT", 0x01, 10, gs_cmd_xy_setup_blt),
	BLTN("XY_SETUP_CLIP_BLT", 0x03, 3, gs_cmd_xy_setup_clip_blt),
	BLT("XY_SETUP_MONO_PATTERN_SL_BLT", 0x11, NULL),
	BLT("XY_PIXEL_BLT", 0x24, NULL),
	BLT("XY_SCANLINES_BLT", 0x25, NULL),
	BLT("XY_TEXT_BLT", 0x26, NULL),
	BLT("XY_TEXT_IMMEDIATE_BLT", 0x31, NULL),
	BLTN("COLOR_BLT", 0x40, 6, gs_cmd_color_blt),
	BLTN("SRC_COPY_BLT", 0x43, 8, gs_cmd_src_copy_blt),
	BLTN("XY_COLOR_BLT", 0x50, 7, gs_cmd_xy_color_blt),
	BLTN("XY_PAT_BLT", 0x51, 8, gs_cmd_xy_pat_blt),
	BLT("XY_MONO_PAT_BLT", 0x52, NULL),
	BLTN("XY_SRC_COPY_BLT", 0x53, 10, gs_cmd_xy_src_copy_blt),
	BLT("XY_MONO_SRC_COPY_BLT", 0x54, NULL),
	BLT("XY_FULL_BLT", 0x55, NULL),
	BLT("XY_FULL_MONO_SRC_BLT", 0x56, NULL),
	BLT("XY_FULL_MONO_PATTERN_BLT", 0x57, NULL),
	BLT("XY_FULL_MONO_PATTERN_MONO_SRC_BLT", 0x58, NULL),
	BLT("XY_MONO_PAT_FIXED_BLT", 0x59, NULL),
	BLT("XY_MONO_SRC_COPY_IMMEDIATE_BLT", 0x71, NULL),
	BLT("XY_PAT_BLT_IMMEDIATE", 0x72, NULL),
	BLT("XY_SRC_COPY_CHROMA_BLT", 0x73, NULL),
	BLT("XY_FULL_IMMEDIATE_PATTERN_BLT", 0x74, NULL),
	BLT("XY_FULL_MONO_SRC_IMMEDIATE_PATTERN_BLT", 0x75, NULL),
	BLT("XY_PAT_CHROMA_BLT", 0x76, NULL),
	BLT("XY_PAT_CHROMA_BLT_IMMEDIATE", 0x77, NULL),

	/* The render pipe (rcs0).  PIPE_CONTROL is implemented; the rest is named. */
	{ .name = "PIPE_CONTROL", .mask = 0xffff0000u, .value = GFXPIPE(3, 2, 0x00),
	  .len_mask = CMD_LENGTH_7_0, .len_bias = 2, .min_len = 6, .max_len = 6,
	  .engines = GS_ENG_RCS, .priv = GS_PRIV_HANDLER, .handler = gs_cmd_pipe_control,
	  .ref = "[PRM-CSP] Render Command Header Format; 3D Command Map; User Mode Privileged "
	         "Commands (RCS)" },
	R3DI("3DPRIMITIVE", 3, 3, 0x00, 7, 7, gs_cmd_3d_primitive),
	GFX("PIPELINE_SELECT", 1, 1, 0x04, 0, GS_ENG_RCS, gs_cmd_pipeline_select,
	    "EXT Mesa gen8.xml, media-driver g8"),
	R3D("STATE_PREFETCH", 0, 0, 0x03),
	RGPGPU("STATE_BASE_ADDRESS", 0, 1, 0x01, 0xff, 16, 16, gs_cmd_state_base_address,
	       "[PRM-CSP] 3D Command Map; EXT Gen8 layout, media-driver g8"),
	R3DI("STATE_SIP", 0, 1, 0x02, 3, 3, gs_cmd_3d_state),
	R3D("SWTESS_BASE_ADDRESS", 0, 1, 0x03),
	R3D("GPGPU_CSR_BASE_ADDRESS", 0, 1, 0x04),
	/* Media and GPGPU (cmd_gpgpu_state.c, cmd_gpgpu_walker.c); NULL: not implemented. */
	RGPGPU("MEDIA_VFE_STATE", 2, 0, 0x00, 0xffff, 9, 9, gs_cmd_media_vfe_state,
	       "[PRM-MEDIA] 1.8.1 MEDIA_VFE_STATE Command; EXT Gen8 layout"),
	RGPGPU("MEDIA_CURBE_LOAD", 2, 0, 0x01, 0xffff, 4, 4, gs_cmd_media_curbe_load,
	       "[PRM-MEDIA] 1.8.2 MEDIA_CURBE_LOAD"),
	RGPGPU("MEDIA_INTERFACE_DESCRIPTOR_LOAD", 2, 0, 0x02, 0xffff, 4, 4,
	       gs_cmd_media_idd_load,
	       "[PRM-MEDIA] 1.8.3 MEDIA_INTERFACE_DESCRIPTOR_LOAD Command; EXT Gen8 IDD"),
	RMEDIA("MEDIA_GATEWAY_STATE", 0, 0x03, 0xffff, NULL),
	RGPGPU("MEDIA_STATE_FLUSH", 2, 0, 0x04, 0xffff, 2, 2, gs_cmd_media_state_flush,
	       "[PRM-MEDIA] 1.8.5 MEDIA_STATE_FLUSH command; EXT Gen8 bits"),
	/*
	 * 6 dwords and at most 504 inline dwords (PRM Vol. 2 Part 2 Media and
	 * General Purpose Pipeline (Ivy Bridge 2012), 1.8.6 "MEDIA_OBJECT
	 * Command").
	 */
	RGPGPU("MEDIA_OBJECT", 2, 1, 0x00, 0xffff, 6, 6 + 504, gs_cmd_media_object,
	       "[PRM-MEDIA] 1.8.6 MEDIA_OBJECT Command; EXT Gen8 layout"),
	/* 16 dwords, 12 of them inline (1.8.7 "MEDIA_OBJECT_PRT Command", T32). */
	RGPGPU("MEDIA_OBJECT_PRT", 2, 1, 0x02, 0xffff, 16, 16, gs_cmd_media_object_prt,
	       "[PRM-MEDIA] 1.8.7 MEDIA_OBJECT_PRT Command; EXT Gen8 layout"),
	/* 17 dwords and at most 504 inline dwords (1.8.8, T35). */
	RGPGPU("MEDIA_OBJECT_WALKER", 2, 1, 0x03, 0xffff, 17, 17 + 504,
	       gs_cmd_media_object_walker,
	       "[PRM-MEDIA] 1.8.8 MEDIA_OBJECT_WALKER Command; EXT Gen8 layout, Mesa gen8.xml"),
	/* Gen8: 15 dwords, the only valid length (T32). */
	RGPGPU("GPGPU_WALKER", 2, 1, 0x05, 0xff, 15, 15, gs_cmd_gpgpu_walker,
	       "[PRM-MEDIA] 1.8.10 GPGPU_WALKER Command; EXT Gen8 layout"),
	/* Gen8: 7 dwords and inline data (EXT Mesa gen8.xml; not in the IVB PRM). */
	RGPGPU("MEDIA_OBJECT_GRPID", 2, 1, 0x06, 0xffff, 7, 7 + 504, gs_cmd_media_object_grpid,
	       "EXT Mesa gen8.xml MEDIA_OBJECT_GRPID; [PRM-MEDIA] 1.8.6 for the shared fields"),
	/*
	 * 3DSTATE, pipelined (opcode 0h, PRM Vol. 6 Command Stream Programming
	 * (Cherryview 2015), "3D Command Map").
	 */
	R3DS("3DSTATE_CLEAR_PARAMS", 3, 0, 0x04, 3),
	R3DS("3DSTATE_DEPTH_BUFFER", 3, 0, 0x05, 8),
	R3DS("3DSTATE_STENCIL_BUFFER", 3, 0, 0x06, 5),
	R3DS("3DSTATE_HIER_DEPTH_BUFFER", 3, 0, 0x07, 5),
	R3DI("3DSTATE_VERTEX_BUFFERS", 3, 0, 0x08, 5, 1 + 4 * 33, gs_cmd_3d_state),
	R3DI("3DSTATE_VERTEX_ELEMENTS", 3, 0, 0x09, 3, 1 + 2 * 34, gs_cmd_3d_state),
	R3DS("3DSTATE_INDEX_BUFFER", 3, 0, 0x0a, 5),
	/* Subtype 1: one dword, bit 0 the enable (EXT Mesa gen8.xml 3DSTATE_VF_STATISTICS). */
	GFX("3DSTATE_VF_STATISTICS", 1, 0, 0x0b, 0, GS_ENG_RCS, gs_cmd_3d_state,
	    "[PRM-CSP] 3D Command Map; EXT Mesa gen8.xml"),
	R3DS("3DSTATE_VF", 3, 0, 0x0c, 2),
	R3D("3DSTATE_VIEWPORT_STATE_POINTERS", 3, 0, 0x0d),
	R3DS("3DSTATE_CC_STATE_POINTERS", 3, 0, 0x0e, 2),
	R3DS("3DSTATE_SCISSOR_STATE_POINTERS", 3, 0, 0x0f, 2),
	R3DS("3DSTATE_VS", 3, 0, 0x10, 9),
	R3DS("3DSTATE_GS", 3, 0, 0x11, 10),
	R3DS("3DSTATE_CLIP", 3, 0, 0x12, 4),
	R3DS("3DSTATE_SF", 3, 0, 0x13, 4),
	R3DS("3DSTATE_WM", 3, 0, 0x14, 2),
	R3DS("3DSTATE_CONSTANT_VS", 3, 0, 0x15, 11),
	R3DS("3DSTATE_CONSTANT_GS", 3, 0, 0x16, 11),
	R3DS("3DSTATE_CONSTANT_PS", 3, 0, 0x17, 11),
	R3DS("3DSTATE_SAMPLE_MASK", 3, 0, 0x18, 2),
	R3DS("3DSTATE_CONSTANT_HS", 3, 0, 0x19, 11),
	R3DS("3DSTATE_CONSTANT_DS", 3, 0, 0x1a, 11),
	R3DS("3DSTATE_HS", 3, 0, 0x1b, 9),
	R3DS("3DSTATE_TE", 3, 0, 0x1c, 4),
	R3DS("3DSTATE_DS", 3, 0, 0x1d, 9),
	R3DS("3DSTATE_STREAMOUT", 3, 0, 0x1e, 5),
	R3DS("3DSTATE_SBE", 3, 0, 0x1f, 4),
	R3DS("3DSTATE_PS", 3, 0, 0x20, 12),
	R3DS("3DSTATE_VIEWPORT_STATE_POINTERS_SF_CLIP", 3, 0, 0x21, 2),
	R3DS("3DSTATE_VIEWPORT_STATE_POINTERS_CC", 3, 0, 0x23, 2),
	R3DS("3DSTATE_BLEND_STATE_POINTERS", 3, 0, 0x24, 2),
	R3D("3DSTATE_DEPTH_STENCIL_STATE_POINTERS", 3, 0, 0x25),
	R3DS("3DSTATE_BINDING_TABLE_POINTERS_VS", 3, 0, 0x26, 2),
	R3DS("3DSTATE_BINDING_TABLE_POINTERS_HS", 3, 0, 0x27, 2),
	R3DS("3DSTATE_BINDING_TABLE_POINTERS_DS", 3, 0, 0x28, 2),
	R3DS("3DSTATE_BINDING_TABLE_POINTERS_GS", 3, 0, 0x29, 2),
	R3DS("3DSTATE_BINDING_TABLE_POINTERS_PS", 3, 0, 0x2a, 2),
	R3DS("3DSTATE_SAMPLER_STATE_POINTERS_VS", 3, 0, 0x2b, 2),
	R3DS("3DSTATE_SAMPLER_STATE_POINTERS_HS", 3, 0, 0x2c, 2),
	R3DS("3DSTATE_SAMPLER_STATE_POINTERS_DS", 3, 0, 0x2d, 2),
	R3DS("3DSTATE_SAMPLER_STATE_POINTERS_GS", 3, 0, 0x2e, 2),
	R3DS("3DSTATE_SAMPLER_STATE_POINTERS_PS", 3, 0, 0x2f, 2),
	R3DS("3DSTATE_URB_VS", 3, 0, 0x30, 2),
	R3DS("3DSTATE_URB_HS", 3, 0, 0x31, 2),
	R3DS("3DSTATE_URB_DS", 3, 0, 0x32, 2),
	R3DS("3DSTATE_URB_GS", 3, 0, 0x33, 2),
	R3D("3DSTATE_GATHER_CONSTANT_VS", 3, 0, 0x34),
	R3D("3DSTATE_GATHER_CONSTANT_GS", 3, 0, 0x35),
	R3D("3DSTATE_GATHER_CONSTANT_HS", 3, 0, 0x36),
	R3D("3DSTATE_GATHER_CONSTANT_DS", 3, 0, 0x37),
	R3D("3DSTATE_GATHER_CONSTANT_PS", 3, 0, 0x38),
	R3D("3DSTATE_DX9_CONSTANTF_VS", 3, 0, 0x39),
	R3D("3DSTATE_DX9_CONSTANTF_PS", 3, 0, 0x3a),
	R3D("3DSTATE_DX9_CONSTANTI_VS", 3, 0, 0x3b),
	R3D("3DSTATE_DX9_CONSTANTI_PS", 3, 0, 0x3c),
	R3D("3DSTATE_DX9_CONSTANTB_VS", 3, 0, 0x3d),
	R3D("3DSTATE_DX9_CONSTANTB_PS", 3, 0, 0x3e),
	R3D("3DSTATE_DX9_LOCAL_VALID_VS", 3, 0, 0x3f),
	R3D("3DSTATE_DX9_LOCAL_VALID_PS", 3, 0, 0x40),
	R3D("3DSTATE_DX9_GENERATE_ACTIVE_VS", 3, 0, 0x41),
	R3D("3DSTATE_DX9_GENERATE_ACTIVE_PS", 3, 0, 0x42),
	R3D("3DSTATE_BINDING_TABLE_EDIT_VS", 3, 0, 0x43),
	R3D("3DSTATE_BINDING_TABLE_EDIT_GS", 3, 0, 0x44),
	R3D("3DSTATE_BINDING_TABLE_EDIT_HS", 3, 0, 0x45),
	R3D("3DSTATE_BINDING_TABLE_EDIT_DS", 3, 0, 0x46),
	R3D("3DSTATE_BINDING_TABLE_EDIT_PS", 3, 0, 0x47),
	R3D("3DSTATE_VF_HASHING", 3, 0, 0x48),
	R3DS("3DSTATE_VF_INSTANCING", 3, 0, 0x49, 3),
	R3DS("3DSTATE_VF_SGVS", 3, 0, 0x4a, 2),
	R3DS("3DSTATE_VF_TOPOLOGY", 3, 0, 0x4b, 2),
	R3DS("3DSTATE_WM_CHROMA_KEY", 3, 0, 0x4c, 2),
	R3DS("3DSTATE_PS_BLEND", 3, 0, 0x4d, 2),
	R3DS("3DSTATE_WM_DEPTH_STENCIL", 3, 0, 0x4e, 3),
	R3DS("3DSTATE_PS_EXTRA", 3, 0, 0x4f, 2),
	R3DS("3DSTATE_RASTER", 3, 0, 0x50, 5),
	R3DS("3DSTATE_SBE_SWIZ", 3, 0, 0x51, 11),
	R3DS("3DSTATE_WM_HZ_OP", 3, 0, 0x52, 5),
	R3D("3DSTATE_INT", 3, 0, 0x53),
	/*
	 * 3DSTATE, non-pipelined (opcode 1h, PRM Vol. 6 Command Stream
	 * Programming (Cherryview 2015), "3D Command Map").
	 */
	R3DS("3DSTATE_DRAWING_RECTANGLE", 3, 1, 0x00, 4),
	R3D("3DSTATE_SAMPLER_PALETTE_LOAD0", 3, 1, 0x02),
	R3D("3DSTATE_CHROMA_KEY", 3, 1, 0x04),
	R3D("3DSTATE_POLY_STIPPLE_OFFSET", 3, 1, 0x06),
	R3D("3DSTATE_POLY_STIPPLE_PATTERN", 3, 1, 0x07),
	R3D("3DSTATE_LINE_STIPPLE", 3, 1, 0x08),
	R3D("3DSTATE_AA_LINE_PARAMS", 3, 1, 0x0a),
	R3D("3DSTATE_GS_SVB_INDEX", 3, 1, 0x0b),
	R3D("3DSTATE_SAMPLER_PALETTE_LOAD1", 3, 1, 0x0c),
	R3DS("3DSTATE_MULTISAMPLE", 3, 1, 0x0d, 2),
	R3D("3DSTATE_STENCIL_BUFFER_NP", 3, 1, 0x0e),
	R3D("3DSTATE_HIER_DEPTH_BUFFER_NP", 3, 1, 0x0f),
	R3D("3DSTATE_CLEAR_PARAMS_NP", 3, 1, 0x10),
	R3D("3DSTATE_MONOFILTER_SIZE", 3, 1, 0x11),
	R3DS("3DSTATE_PUSH_CONSTANT_ALLOC_VS", 3, 1, 0x12, 2),
	R3DS("3DSTATE_PUSH_CONSTANT_ALLOC_HS", 3, 1, 0x13, 2),
	R3DS("3DSTATE_PUSH_CONSTANT_ALLOC_DS", 3, 1, 0x14, 2),
	R3DS("3DSTATE_PUSH_CONSTANT_ALLOC_GS", 3, 1, 0x15, 2),
	R3DS("3DSTATE_PUSH_CONSTANT_ALLOC_PS", 3, 1, 0x16, 2),
	R3D("3DSTATE_SO_DECL_LIST", 3, 1, 0x17),
	R3D("3DSTATE_SO_BUFFER", 3, 1, 0x18),
	R3D("3DSTATE_BINDING_TABLE_POOL_ALLOC", 3, 1, 0x19),
	R3D("3DSTATE_GATHER_POOL_ALLOC", 3, 1, 0x1a),
	R3D("3DSTATE_DX9_CONSTANT_BUFFER_POOL_ALLOC", 3, 1, 0x1b),
	R3DS("3DSTATE_SAMPLE_PATTERN", 3, 1, 0x1c, 9),
	R3D("3DSTATE_URB_CLEAR", 3, 1, 0x1d),

	/* VEBOX (vecs0). */
	VEBOX("VEBOX_SURFACE_STATE", 0, 0),
	VEBOX("VEBOX_STATE", 0, 2),

	/* MFX (vcs0). */
	MFX("MFX_PIPE_MODE_SELECT", 0, 0, 0),
	MFX("MFX_SURFACE_STATE", 0, 0, 1),
	MFX("MFX_PIPE_BUF_ADDR_STATE", 0, 0, 2),
	MFX("MFX_IND_OBJ_BASE_ADDR_STATE", 0, 0, 3),
	MFX("MFX_BSP_BUF_BASE_ADDR_STATE", 0, 0, 4),
	MFX("MFX_STATE_POINTER", 0, 0, 6),
	MFX("MFD_IT_OBJECT", 0, 1, 9),
	MFX("MFX_AVC_IMG_STATE", 1, 0, 0),
	MFX("MFX_QM_STATE", 1, 0, 1),
	MFX("MFX_AVC_DIRECTMODE_STATE", 1, 0, 2),
	MFX("MFX_AVC_SLICE_STATE", 1, 0, 3),
	MFX("MFX_AVC_REF_IDX_STATE", 1, 0, 4),
	MFX("MFX_AVC_WEIGHTOFFSET_STATE", 1, 0, 5),
	MFX("MFD_AVC_BSD_OBJECT", 1, 1, 8),
	MFX("MFC_AVC_FQM_STATE", 1, 2, 2),
	MFX("MFC_AVC_PAK_INSERT_OBJECT", 1, 2, 8),
	MFX("MFC_AVC_PAK_OBJECT", 1, 2, 9),
	MFX("MFX_VC1_PIC_STATE", 2, 0, 0),
	MFX("MFX_VC1_PRED_PIPE_STATE", 2, 0, 1),
	MFX("MFX_VC1_DIRECTMODE_STATE", 2, 0, 2),
	MFX("MFD_VC1_BSD_OBJECT", 2, 1, 8),
	MFX("MFX_MPEG2_PIC_STATE", 3, 0, 0),
	MFX("MFX_MPEG2_QM_STATE", 3, 0, 1),
	MFX("MFD_MPEG2_BSD_OBJECT", 3, 1, 8),
};
const size_t gs_cmd_table_len = sizeof(gs_cmd_table) / sizeof(gs_cmd_table[0]);
