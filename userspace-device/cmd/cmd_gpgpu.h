/* SPDX-License-Identifier: MIT */
/*
 * Private to the render engine's GPGPU files (cmd_gpgpu_state.c,
 * cmd_gpgpu_walker.c, cmd_gpgpu_media.c, lrc_gpgpu.c): the state commands as functions of
 * their dwords, so that the handlers and the context restore (which
 * executes the saved commands with the data saved beside them, not memory)
 * share one decoder.
 */
#ifndef GS_GPGPU_PRIV_H
#define GS_GPGPU_PRIV_H

#include "compute/dispatch.h"
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

/* One INTERFACE_DESCRIPTOR_DATA, decoded (Gen8 layout, 8 dwords). */
struct gs_gpgpu_idd {
	uint64_t ksp;
	uint32_t sampler_ptr, bt_ptr;
	bool fp_alt;
	uint8_t rounding;
	uint16_t read_length, read_offset;
	uint8_t cross_length;
	uint16_t threads;
	bool barrier;
	uint32_t slm;
};

/*
 * cmd_gpgpu_walker.c, for the commands that run threads.  Each int one
 * returns 0, or -1 after an instruction error (or, reading memory, a
 * page-table error) that names @what.
 */
/* Decode latched descriptor @off. */
int gs_gpgpu_decode_idd(struct gs_cs *cs, const char *what, unsigned int off,
			struct gs_gpgpu_idd *o);
/* STATE_BASE_ADDRESS, MEDIA_VFE_STATE and the descriptors are there. */
int gs_gpgpu_need_state(struct gs_cs *cs, const char *what);
/* @len bytes at @off of the indirect object heap into *@out (NULL for 0; free()). */
int gs_gpgpu_read_indirect(struct gs_cs *cs, const char *what, uint32_t off, uint32_t len,
			   uint8_t **out);
/* The fields of @d every dispatch of this context shares, and @idd's. */
int gs_gpgpu_fill(struct gs_cs *cs, const char *what, const struct gs_gpgpu_idd *idd,
		  struct gs_eu_dispatch *d);
/* Run @d on the EU array; how it ended as the command's result. */
enum gs_cmd_result gs_gpgpu_run(struct gs_cs *cs, const char *what,
				const struct gs_eu_dispatch *d);

/* An instruction error unless a media or GPGPU pipeline is selected. */
enum gs_cmd_result gs_gpgpu_need_media(struct gs_cs *cs, const char *what);

static inline const char *gs_gpgpu_pipeline_name(unsigned int p)
{
	static const char *const names[] = { "3D", "media", "GPGPU", "reserved" };

	return names[p & 3];
}

#endif
