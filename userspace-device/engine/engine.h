/* SPDX-License-Identifier: MIT */
/*
 * An engine as a whole (engine/): its thread and lifecycle, the execlist
 * transitions it makes, context save and restore, and the engine
 * registers whose side effects reach the GPGPU pipeline.  The state it
 * shares with the streamer is cs/engine.h.
 */
#ifndef GS_ENGINE_ENGINE_H
#define GS_ENGINE_ENGINE_H

#include <stdbool.h>
#include <stdint.h>

#include "core/regfile.h"

struct gs_cs;
struct gs_device;
struct gs_engine;
struct gs_gpgpu;

/* engine.c: lifecycle */
int gs_engines_create(struct gs_device *dev);
void gs_engines_destroy(struct gs_device *dev);
void gs_engine_reset_locked(struct gs_engine *eng);

/* execlist.c: the engine thread's side of execlists */
void gs_execlist_start(struct gs_cs *cs);
void gs_execlist_complete(struct gs_cs *cs);
void gs_execlist_preempt(struct gs_cs *cs);

/* lrc.c: the context image */
int gs_lrc_restore(struct gs_cs *cs, uint64_t desc);
void gs_lrc_save(struct gs_cs *cs);
int gs_lrc_lite_restore(struct gs_cs *cs, uint64_t desc);

/* lrc_gpgpu.c: the render context's GPGPU state as context state */
void gs_gpgpu_reset(struct gs_gpgpu *st);
int gs_gpgpu_restore(struct gs_cs *cs, bool inhibit);
void gs_gpgpu_save(struct gs_cs *cs);

/* lrc_3d.c: the render context's 3D state as context state */
int gs_3d_restore(struct gs_cs *cs, bool inhibit);
void gs_3d_save(struct gs_cs *cs);

/* engine_regs.c: the side effects of engine registers */
gs_reg_write_fn mi_mode_write;
gs_reg_write_fn reset_ctl_write;
gs_reg_write_fn eir_write;
gs_reg_write_fn hwstam_write;
void gs_engine_stop_update_locked(struct gs_engine *eng);

#endif
