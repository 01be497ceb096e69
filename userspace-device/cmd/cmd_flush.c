// SPDX-License-Identifier: MIT
/*
 * The flushes with post-sync operations (hw-spec-commands "Flushes"):
 * MI_FLUSH_DW on bcs0/vcs0/vecs0 (PRM Vol. 6 Command Stream Programming
 * (Cherryview 2015), "Memory Interface Commands for RCP": "All except
 * Render"; layout EXT media-driver gen8 MI_FLUSH_DW, i915 MI_FLUSH_DW_*)
 * and PIPE_CONTROL on rcs0 ("Render Command Header Format", "3D Command
 * Map"; layout EXT Mesa gen8.xml).
 *
 * gensim executes every command to completion before the next, so the
 * flush itself and CS stalls have nothing to wait for.  What remains:
 * - TLB invalidate (MI_FLUSH_DW bit 18, PIPE_CONTROL DW1 bit 18) drops
 *   the engine's TLB;
 * - the post-sync operation writes immediate data (MI_FLUSH_DW: a dword
 *   with length 2, a qword with length 3; PIPE_CONTROL: a qword), the
 *   engine timestamp (a qword; MI_FLUSH_DW ties bits 63:36 to 0), or for
 *   PIPE_CONTROL a depth count, always 0 (no 3D pipe); into the GGTT or
 *   the PPGTT, or with Store Data Index at a byte offset in the engine's
 *   status page; PIPE_CONTROL's LRI post-sync writes the immediate dword
 *   into the register its address field names instead;
 * - notify (bit 8) raises the flush-notify interrupt (bit 4).
 * In a non-privileged batch the flush still happens, but a post-sync
 * write to the GGTT or through Store Data Index, or an LRI post-sync to a
 * privileged register, is dropped with a privilege violation (PRM Vol. 6
 * Command Stream Programming (Cherryview 2015), "User Mode Privileged
 * Commands" (RCS, BCS, VCS, VECS)).  gensim flags PIPE_CONTROL's
 * violation every time (the PRM says it is not predictable).
 */
#include "cmd/cmd.h"
#include "core/device.h"
#include "cs/cs.h"
#include "cs/engine.h"

/* The post-sync write itself: into the status page, or memory. */
static enum gs_cmd_result post_sync_write(struct gs_cs *cs, bool index, bool ggtt, uint64_t addr,
					  const void *data, size_t len)
{
	int ret = index ? gs_cs_hwsp_write(cs, false, (uint32_t)addr & 0xffc, data, len) :
			  gs_cs_write(cs, ggtt, addr, data, len);

	return ret ? GS_CMD_HALT : GS_CMD_NEXT;
}

enum gs_cmd_result gs_cmd_flush_dw(struct gs_cs *cs, const struct gs_cmd_desc *cmd,
				   const uint32_t *dw, unsigned int len)
{
	unsigned int op = dw[0] & MI_FLUSH_DW_OP_MASK;
	bool index = dw[0] & MI_FLUSH_DW_STORE_INDEX, ggtt = dw[1] & MI_FLUSH_DW_USE_GGTT;
	uint64_t addr = gs_cs_addr48(dw[1], dw[2], ~7u), data;
	enum gs_cmd_result r = GS_CMD_NEXT;

	if (dw[0] & MI_FLUSH_DW_INVALIDATE_TLB)
		gs_tlb_flush(cs->eng->tlb);
	if (op == (2 << 14))
		return gs_cs_instruction_error(cs, "reserved post-sync operation 2");
	if (op && cs->nonpriv && (ggtt || index)) {
		gs_cs_privilege_violation(cs, "%s post-sync write %s from a non-privileged batch: "
					  "flushed, write dropped", cmd->name,
					  index ? "through Store Data Index" : "to the GGTT");
	} else if (op == MI_FLUSH_DW_OP_STOREDW) {
		data = len > 4 ? (uint64_t)dw[4] << 32 | dw[3] : dw[3];
		r = post_sync_write(cs, index, ggtt, addr, &data, len > 4 ? 8 : 4);
	} else if (op == MI_FLUSH_DW_OP_TIMESTAMP) {
		data = gs_timestamp_now(cs->dev) & ((1ull << 36) - 1);
		r = post_sync_write(cs, index, ggtt, addr, &data, 8);
	}
	if (r == GS_CMD_NEXT && (dw[0] & MI_FLUSH_DW_NOTIFY))
		gs_cs_raise(cs, GT_FLUSH_NOTIFY_INTERRUPT);
	return r;
}

enum gs_cmd_result gs_cmd_pipe_control(struct gs_cs *cs, const struct gs_cmd_desc *cmd,
				       const uint32_t *dw, unsigned int len)
{
	uint32_t f = dw[1], op = f & PIPE_CONTROL_POST_SYNC_OP;
	bool index = f & PIPE_CONTROL_STORE_DATA_INDEX, ggtt = f & PIPE_CONTROL_GLOBAL_GTT;
	uint64_t addr = gs_cs_addr48(dw[2], dw[3], ~3u), data = 0;
	enum gs_cmd_result r = GS_CMD_NEXT;

	(void)len;
	if (f & PIPE_CONTROL_TLB_INVALIDATE)
		gs_tlb_flush(cs->eng->tlb);
	if (f & PIPE_CONTROL_LRI_POST_SYNC) {
		uint32_t reg = dw[2] & MI_REGISTER_OFFSET;

		if (cs->nonpriv && !gs_cs_reg_whitelisted(cs->eng->id, reg))
			gs_cs_privilege_violation(cs, "%s LRI post-sync to privileged register %#x: "
						  "dropped", cmd->name, reg);
		else
			gs_cs_reg_write(cs, reg, dw[4]);
	} else if (op && cs->nonpriv && (ggtt || index)) {
		gs_cs_privilege_violation(cs, "%s post-sync write %s from a non-privileged batch: "
					  "flushed, write dropped", cmd->name,
					  index ? "through Store Data Index" : "to the GGTT");
	} else if (op) {
		if (op == PIPE_CONTROL_WRITE_IMM)
			data = (uint64_t)dw[5] << 32 | dw[4];
		else if (op == PIPE_CONTROL_WRITE_TIMESTAMP)
			data = gs_timestamp_now(cs->dev);
		r = post_sync_write(cs, index, ggtt, addr, &data, sizeof(data));
	}
	if (r == GS_CMD_NEXT && (f & PIPE_CONTROL_NOTIFY))
		gs_cs_raise(cs, GT_FLUSH_NOTIFY_INTERRUPT);
	return r;
}
