/* SPDX-License-Identifier: MIT */
/*
 * The command parser (cmd/): one step of it, and the handlers of every
 * command family, which cmd_table.c names in the table's rows.  A handler
 * gets the streamer (cs/cs.h) and the command's dwords, and drives the
 * unit the command is for: memory and registers (MI), the blitter (blt/),
 * the GPGPU pipeline (gpgpu/, compute/).
 */
#ifndef GS_CMD_CMD_H
#define GS_CMD_CMD_H

#include <stdbool.h>

#include "cs/cs.h"

/* cmd_step.c: one command */
enum gs_cmd_result gs_cs_step(struct gs_cs *cs);

/* Handlers, by family (cmd_*.c); the table names them. */
gs_cmd_handler_fn gs_cmd_noop, gs_cmd_user_interrupt, gs_cmd_arb_check, gs_cmd_arb_on_off,
	gs_cmd_report_head, gs_cmd_bb_start, gs_cmd_bb_end, gs_cmd_cond_bb_end, gs_cmd_nop_flush;
gs_cmd_handler_fn gs_cmd_store_data_imm, gs_cmd_store_data_index, gs_cmd_copy_mem_mem,
	gs_cmd_update_gtt;
gs_cmd_handler_fn gs_cmd_lri, gs_cmd_lrm, gs_cmd_lrr, gs_cmd_srm;
gs_cmd_handler_fn gs_cmd_math;
gs_cmd_handler_fn gs_cmd_semaphore_wait, gs_cmd_semaphore_signal;
gs_cmd_handler_fn gs_cmd_atomic;
gs_cmd_handler_fn gs_cmd_predicate, gs_cmd_set_predicate;
gs_cmd_handler_fn gs_cmd_flush_dw, gs_cmd_pipe_control;
/* cmd_gpgpu_state.c, cmd_gpgpu_walker.c: the render engine's GPGPU pipeline */
gs_cmd_handler_fn gs_cmd_pipeline_select, gs_cmd_state_base_address, gs_cmd_media_vfe_state,
	gs_cmd_media_curbe_load, gs_cmd_media_idd_load, gs_cmd_media_state_flush;
gs_cmd_handler_fn gs_cmd_gpgpu_walker, gs_cmd_media_object, gs_cmd_media_object_walker;
gs_cmd_handler_fn gs_cmd_media_object_prt, gs_cmd_media_object_grpid;
/*
 * cmd_gpgpu_media.c: while a MEDIA_OBJECT_GRPID thread group is open, only
 * its next MEDIA_OBJECT_GRPID and MI_NOOP may run; true after the
 * instruction error (it drops the group) for any other command @d.
 */
bool gs_media_group_gate(struct gs_cs *cs, const struct gs_cmd_desc *d);
/* cmd_3d_state.c, cmd_3d_prim.c: the render engine's 3D pipeline (3d/) */
gs_cmd_handler_fn gs_cmd_3d_state, gs_cmd_3d_primitive;
enum gs_cmd_result gs_cmd_need_3d(struct gs_cs *cs, const char *what);
gs_cmd_handler_fn gs_cmd_xy_setup_blt, gs_cmd_xy_setup_clip_blt, gs_cmd_xy_color_blt,
	gs_cmd_xy_pat_blt, gs_cmd_xy_src_copy_blt, gs_cmd_color_blt, gs_cmd_src_copy_blt;

/* cmd_mi_predicate.c: does MI_SET_PREDICATE drop the next command? */
bool gs_cs_predicated_off(struct gs_cs *cs);
bool gs_cs_predicate_result(struct gs_cs *cs);


#endif
