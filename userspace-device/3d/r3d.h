/* SPDX-License-Identifier: MIT */
/*
 * The render engine's 3D pipeline (Documentation/gpu/gensim/hw-spec-3d.rst):
 * the 3D state the running context latched, the URB, and the draw.
 *
 * struct gs_3d holds every 3D state command the context executed, as its
 * dwords (the last one of each kind wins; 3DSTATE_VERTEX_BUFFERS and
 * 3DSTATE_VF_INSTANCING per buffer and per element).  Commands are checked
 * when they execute - an enabled feature gensim does not implement is an
 * instruction error naming it - and decoded again when a 3DPRIMITIVE
 * draws (draw.c), which also reads the indirect state they point at.  It
 * is context state: engine/lrc_3d.c saves it into the render context
 * image as the same commands and restores it through gs_3d_state().
 * STATE_BASE_ADDRESS and PIPELINE_SELECT are shared with the GPGPU
 * pipeline (gpgpu/gpgpu.h).
 *
 * The URB is the render engine's, not the context's: 384 KiB (a Gen8 GT2,
 * EXT Mesa brw_device_info bdw_gt2 urb.size) carved by 3DSTATE_URB_* and
 * 3DSTATE_PUSH_CONSTANT_ALLOC_*; its contents are not saved.
 *
 * Everything here belongs to the engine thread, like struct gs_cs.
 */
#ifndef GSDEV_R3D_H
#define GSDEV_R3D_H

#include <stdbool.h>
#include <stdint.h>

#include "cs/cs.h"

#define R3D_URB_BYTES		(384u * 1024)
#define R3D_MAX_VB		33	/* vertex buffers 0..32 */
#define R3D_MAX_VE		34	/* vertex elements */
#define R3D_CMD_MAX		12	/* the longest fixed-length state command (3DSTATE_PS) */

/* The latched state commands of fixed length, one slot each. */
enum r3d_slot {
	R3D_S_VF, R3D_S_VF_TOPOLOGY, R3D_S_VF_STATISTICS, R3D_S_VF_SGVS, R3D_S_INDEX_BUFFER,
	R3D_S_URB_VS, R3D_S_URB_HS, R3D_S_URB_DS, R3D_S_URB_GS,
	R3D_S_PUSH_VS, R3D_S_PUSH_HS, R3D_S_PUSH_DS, R3D_S_PUSH_GS, R3D_S_PUSH_PS,
	R3D_S_CONST_VS, R3D_S_CONST_HS, R3D_S_CONST_DS, R3D_S_CONST_GS, R3D_S_CONST_PS,
	R3D_S_BT_VS, R3D_S_BT_HS, R3D_S_BT_DS, R3D_S_BT_GS, R3D_S_BT_PS,
	R3D_S_SAMPLER_VS, R3D_S_SAMPLER_HS, R3D_S_SAMPLER_DS, R3D_S_SAMPLER_GS,
	R3D_S_SAMPLER_PS,
	R3D_S_VS, R3D_S_HS, R3D_S_TE, R3D_S_DS, R3D_S_GS, R3D_S_STREAMOUT,
	R3D_S_CLIP, R3D_S_SF, R3D_S_RASTER, R3D_S_SBE, R3D_S_SBE_SWIZ,
	R3D_S_WM, R3D_S_PS, R3D_S_PS_EXTRA, R3D_S_PS_BLEND, R3D_S_WM_DEPTH_STENCIL,
	R3D_S_WM_HZ_OP, R3D_S_WM_CHROMAKEY,
	R3D_S_VP_SF_CLIP, R3D_S_VP_CC, R3D_S_SCISSOR, R3D_S_BLEND, R3D_S_CC,
	R3D_S_DRAWING_RECTANGLE, R3D_S_MULTISAMPLE, R3D_S_SAMPLE_MASK, R3D_S_SAMPLE_PATTERN,
	R3D_S_DEPTH_BUFFER, R3D_S_STENCIL_BUFFER, R3D_S_HIER_DEPTH_BUFFER, R3D_S_CLEAR_PARAMS,
	R3D_S_STATE_SIP,
	R3D_SLOTS
};

struct gs_3d {
	/* Latched commands: their dwords as executed (valid: one ran). */
	bool valid[R3D_SLOTS];
	uint32_t dw[R3D_SLOTS][R3D_CMD_MAX];

	/* 3DSTATE_VERTEX_BUFFERS: one VERTEX_BUFFER_STATE per buffer. */
	uint64_t vb_valid;
	uint32_t vb[R3D_MAX_VB][4];
	/* 3DSTATE_VERTEX_ELEMENTS: the last list. */
	bool ve_valid;
	unsigned int ve_count;
	uint32_t ve[R3D_MAX_VE][2];
	/* 3DSTATE_VF_INSTANCING: DW1-DW2 per element. */
	uint64_t inst_valid;
	uint32_t inst[R3D_MAX_VE][2];

	/* Not context state: the engine's URB. */
	uint8_t *urb;

	/* Statistics, for the log. */
	uint64_t draws;
};

/* state.c */
struct gs_3d *gs_3d_create(void);
void gs_3d_destroy(struct gs_3d *st);
/* Power-on: nothing latched (a restore with restore inhibit, an engine reset). */
void gs_3d_reset(struct gs_3d *st);
/*
 * Latch one state command (@dw, @len dwords) after checking it: what a
 * handler and a context restore both call.  GS_CMD_NEXT, or GS_CMD_HALT
 * after an instruction error.
 */
enum gs_cmd_result gs_3d_state(struct gs_cs *cs, const uint32_t *dw, unsigned int len);
/*
 * The latched state as commands (lrc_3d.c): writes at most @max dwords
 * into @out and returns how many, or -1 if they do not fit.
 */
int gs_3d_state_list(const struct gs_3d *st, uint32_t *out, unsigned int max);

/* draw.c: 3DPRIMITIVE */
enum gs_cmd_result gs_3d_primitive(struct gs_cs *cs, const uint32_t *dw, unsigned int len);

#endif
