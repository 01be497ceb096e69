// SPDX-License-Identifier: MIT
/*
 * The render engine's 3D state commands (hw-spec-3d "State commands"):
 * every 3DSTATE row of the command table that gensim implements, and
 * STATE_SIP.  The handler checks that the 3D pipeline is selected (a
 * 3DSTATE with the media or GPGPU pipeline selected is an instruction
 * error naming it, gensim) and hands the command to the 3D block
 * (3d/state.c), which checks and latches it; a context restore calls the
 * same gs_3d_state() without the pipeline check.
 */
#include "3d/r3d.h"
#include "cmd/cmd.h"
#include "cmd/cmd_gpgpu.h"
#include "core/device.h"

/* An instruction error unless the 3D pipeline is selected. */
enum gs_cmd_result gs_cmd_need_3d(struct gs_cs *cs, const char *what)
{
	unsigned int p = cs->gpgpu->pipeline;

	if (p == PIPELINE_SELECT_3D)
		return GS_CMD_NEXT;
	return gs_cs_instruction_error(cs, "%s with the %s pipeline selected: it needs "
				       "PIPELINE_SELECT 3D (0)", what, gs_gpgpu_pipeline_name(p));
}

enum gs_cmd_result gs_cmd_3d_state(struct gs_cs *cs, const struct gs_cmd_desc *cmd,
				   const uint32_t *dw, unsigned int len)
{
	/* 3DSTATE_* are subtype 3 (and VF_STATISTICS subtype 1); STATE_SIP is common state. */
	if ((dw[0] >> 27 & 3) != 0 && gs_cmd_need_3d(cs, cmd->name) != GS_CMD_NEXT)
		return GS_CMD_HALT;
	return gs_3d_state(cs, dw, len);
}
