/* SPDX-License-Identifier: MIT */
/*
 * The render engine's GPGPU pipeline (Documentation/gpu/gensim/
 * hw-spec-compute.rst "GPGPU commands"; hw-spec-engines.rst "The render
 * context's GPGPU state").
 *
 * struct gs_gpgpu is the state the state commands latched for the running
 * context: the selected pipeline, STATE_BASE_ADDRESS, MEDIA_VFE_STATE, the
 * CURBE bytes MEDIA_CURBE_LOAD copied and the interface descriptors
 * MEDIA_INTERFACE_DESCRIPTOR_LOAD copied (PRM Vol. 2 Part 2 Media and
 * General Purpose Pipeline (Ivy Bridge 2012), 1.4.1.3 "Interface to State
 * Variable Manager": VFE latches its state; the CS stores the CURBE and
 * the IDDs in the URB, 1.2 "Media Pipeline Overview", 1.4.1.3 "Interface
 * to State Variable Manager").  It is context state: saved into and
 * restored from the render context image (lrc_gpgpu.c), reset to the
 * power-on state by a restore with restore inhibit and by an engine reset.
 * It belongs to the engine thread, like the rest of struct gs_cs.
 *
 * The walker and MEDIA_OBJECT (cmd_gpgpu_walker.c) turn it into one
 * struct gs_eu_dispatch and run it, synchronously, on the EU array the
 * device owns for the render engine (gpgpu_array.c).
 */
#ifndef GSDEV_GPGPU_H
#define GSDEV_GPGPU_H

#include <stdbool.h>
#include <stdint.h>

#include "gpgpu/gpgpu_cmds.h"
#include "core/regfile.h"

struct gs_cs;
struct gs_device;
struct gs_engine;
struct gs_media_group;

/*
 * CURBE Allocation Size is at most 2016 32-byte units (PRM Vol. 2 Part 2 Media
 * and General Purpose Pipeline (Ivy Bridge 2012), 1.8.1 "MEDIA_VFE_STATE
 * Command").
 */
#define GS_GPGPU_CURBE_MAX	(2016u * 32)
/* Interface Descriptor Offset has 6 bits: 64 descriptors of 32 bytes. */
#define GS_GPGPU_IDD_MAX	64u
#define GS_GPGPU_IDD_BYTES	(GS_GPGPU_IDD_MAX * IDD_DWORDS * 4)

/* STATE_BASE_ADDRESS as it stands: bases are GPU addresses, sizes bytes (0: no bound). */
struct gs_gpgpu_sba {
	uint64_t general, surface, dynamic, indirect, instruction;
	uint64_t general_size, dynamic_size, indirect_size, instruction_size;
};

struct gs_gpgpu {
	unsigned int pipeline;		/* PIPELINE_SELECT_*; power-on: 3D */

	bool sba_valid;			/* a STATE_BASE_ADDRESS ran in this context */
	struct gs_gpgpu_sba sba;
	uint32_t sba_dw[16];		/* the merged command: every field set so far */

	bool vfe_valid;
	uint32_t vfe_dw[9];
	uint32_t max_threads;		/* count (field + 1) */
	uint32_t curbe_alloc;		/* bytes */
	uint32_t scratch_base;		/* offset from General State Base; 0: none */
	uint32_t scratch_per_thread;	/* bytes per FFTID slot; 0: none */

	bool curbe_valid;
	uint32_t curbe_dw[4];
	uint32_t curbe_len;		/* bytes latched */
	uint8_t curbe[GS_GPGPU_CURBE_MAX];

	bool idd_valid;
	uint32_t idd_dw[4];
	unsigned int idd_count;
	uint32_t idd[GS_GPGPU_IDD_MAX][IDD_DWORDS];

	/*
	 * The MEDIA_OBJECT_GRPID thread group open since its first command,
	 * until End of Thread Group runs it (cmd_gpgpu_media.c); NULL: none.
	 * While it is open the command streamer takes only its next
	 * commands (gs_media_group_gate()), so it is never saved with the
	 * context; a reset to power-on frees it.
	 */
	struct gs_media_group *group;

	/* Statistics, for the log: walkers and MEDIA_OBJECTs dispatched. */
	uint64_t dispatches;
};

/* gpgpu_array.c: the render engine's EU array, owned by the device */
int gs_gpgpu_array_create(struct gs_device *dev);
void gs_gpgpu_array_destroy(struct gs_device *dev);
void gs_gpgpu_reset_request_locked(struct gs_engine *eng, bool requested);
void gs_gpgpu_engine_reset_locked(struct gs_engine *eng);
void gs_gpgpu_quit(struct gs_engine *eng);
bool gs_gpgpu_progress(void *arg, uint64_t retired);
bool gs_gpgpu_must_stop(struct gs_cs *cs);
void gs_gpgpu_publish_retired(struct gs_device *dev, uint64_t retired);
gs_reg_reset_fn eu_retired_reset;

#endif
