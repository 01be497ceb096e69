// SPDX-License-Identifier: MIT
/*
 * 3DPRIMITIVE (hw-spec-3d "3DPRIMITIVE"): Predicate Enable (DW0 bit 8)
 * runs it only while MI_PREDICATE_RESULT is set, as GPGPU_WALKER's; it
 * needs the 3D pipeline; the draw itself is the 3D block's (3d/draw.c).
 */
#include "3d/r3d.h"
#include "3d/r3d_cmds.h"
#include "cmd/cmd.h"
#include "core/device.h"
#include "core/log.h"
#include "cs/engine.h"

enum gs_cmd_result gs_cmd_3d_primitive(struct gs_cs *cs, const struct gs_cmd_desc *cmd,
				       const uint32_t *dw, unsigned int len)
{
	if ((dw[0] & PRIM_DW0_PREDICATE) && !gs_cs_predicate_result(cs)) {
		gs_info("%s: 3DPRIMITIVE predicated off (MI_PREDICATE_RESULT is clear)",
			cs->eng->name);
		return GS_CMD_NEXT;
	}
	if (gs_cmd_need_3d(cs, cmd->name) != GS_CMD_NEXT)
		return GS_CMD_HALT;
	return gs_3d_primitive(cs, dw, len);
}
