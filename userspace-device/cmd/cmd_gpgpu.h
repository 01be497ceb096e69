/* SPDX-License-Identifier: MIT */
/*
 * Private to the render engine's GPGPU files (cmd_gpgpu_state.c,
 * cmd_gpgpu_walker.c, lrc_gpgpu.c): the state commands as functions of
 * their dwords, so that the handlers and the context restore (which
 * executes the saved commands with the data saved beside them, not memory)
 * share one decoder.
 */
#ifndef GS_GPGPU_PRIV_H
#define GS_GPGPU_PRIV_H

#include "cs/cs.h"
#include "gpgpu/gpgpu.h"

/*
 * Each returns GS_CMD_NEXT, or GS_CMD_HALT after an instruction or
 * page-table error.  @data: NULL to read the command's data from memory
 * (a command), else the bytes the context image saved (a restore).
 */
enum gs_cmd_result gs_gpgpu_select(struct gs_cs *cs, const uint32_t *dw);
enum gs_cmd_result gs_gpgpu_sba(struct gs_cs *cs, const uint32_t *dw);
enum gs_cmd_result gs_gpgpu_vfe(struct gs_cs *cs, const uint32_t *dw);
enum gs_cmd_result gs_gpgpu_curbe(struct gs_cs *cs, const uint32_t *dw, const void *data);
enum gs_cmd_result gs_gpgpu_idd(struct gs_cs *cs, const uint32_t *dw, const void *data);

/* An instruction error unless a media or GPGPU pipeline is selected. */
enum gs_cmd_result gs_gpgpu_need_media(struct gs_cs *cs, const char *what);

static inline const char *gs_gpgpu_pipeline_name(unsigned int p)
{
	static const char *const names[] = { "3D", "media", "GPGPU", "reserved" };

	return names[p & 3];
}

#endif
