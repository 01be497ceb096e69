// SPDX-License-Identifier: MIT
/*
 * MI commands that move register values (hw-spec-commands "Registers";
 * PRM Vol. 6 Command Stream Programming (Cherryview 2015), "Memory
 * Interface Commands for RCP", privileged-command tables ("User Mode
 * Privileged Commands" (RCS, BCS, VCS, VECS)), whitelist "User Mode
 * Non-Privileged Registers" (RCS, BCS, VCS, VECS) in cs_priv.c; layouts
 * EXT Mesa gen8.xml): MI_LOAD_REGISTER_IMM, MI_LOAD_REGISTER_MEM,
 * MI_LOAD_REGISTER_REG, MI_STORE_REGISTER_MEM.
 *
 * In a non-privileged batch a register write must target the engine's
 * whitelist: MI_LOAD_REGISTER_IMM with any other target is dropped whole,
 * MI_LOAD_REGISTER_MEM too (its GGTT rule is the table's), and
 * MI_LOAD_REGISTER_REG discards the write; each with a privilege
 * violation.  MI_STORE_REGISTER_MEM on rcs0 still reads the register
 * when its GGTT write is dropped (PRM Vol. 6 Command Stream Programming
 * (Cherryview 2015), "User Mode Privileged Commands" (RCS)); elsewhere the
 * table drops it whole.  Every access goes through the register table
 * (cs_reg.c).
 */
#include "cmd/cmd.h"
#include "core/device.h"
#include "core/log.h"
#include "cs/cs.h"
#include "cs/engine.h"

/* The register dword of LRI/LRM/LRR/SRM: an MMIO offset in 22:2. */
static uint32_t reg_offset(uint32_t dw)
{
	return dw & MI_REGISTER_OFFSET;
}

/* May this command write @offset? If not, a violation is logged. */
static bool write_allowed(struct gs_cs *cs, const char *name, uint32_t offset)
{
	if (!cs->nonpriv || gs_cs_reg_whitelisted(cs->eng->id, offset))
		return true;
	gs_cs_privilege_violation(cs, "%s to privileged register %#x from a non-privileged batch",
				  name, offset);
	return false;
}

/*
 * MI_LOAD_REGISTER_IMM: (offset, value) pairs, written in order.  Byte
 * write disables (11:8) keep those bytes of the register as they are.
 */
enum gs_cmd_result gs_cmd_lri(struct gs_cs *cs, const struct gs_cmd_desc *cmd,
			      const uint32_t *dw, unsigned int len)
{
	uint32_t keep = 0, disables = FIELD_GET(MI_LRI_BYTE_DISABLE, dw[0]);

	if ((len - 1) & 1)
		return gs_cs_instruction_error(cs, "%u dwords after the header: not (offset, value) "
					       "pairs", len - 1);
	if (cs->nonpriv) {
		for (unsigned int i = 1; i < len; i += 2) {
			if (!write_allowed(cs, cmd->name, reg_offset(dw[i])))
				return GS_CMD_NEXT;
		}
	}
	for (unsigned int b = 0; b < 4; b++)
		if (disables & BIT(b))
			keep |= 0xffu << (8 * b);
	for (unsigned int i = 1; i < len; i += 2) {
		uint32_t offset = reg_offset(dw[i]), val = dw[i + 1];

		if (keep)
			val = (gs_cs_reg_read(cs, offset) & keep) | (val & ~keep);
		gs_cs_reg_write(cs, offset, val);
	}
	return GS_CMD_NEXT;
}

/* MI_LOAD_REGISTER_MEM: the dword at DW2-3 into the register at DW1. */
enum gs_cmd_result gs_cmd_lrm(struct gs_cs *cs, const struct gs_cmd_desc *cmd,
			      const uint32_t *dw, unsigned int len)
{
	uint32_t offset = reg_offset(dw[1]), v;

	(void)len;
	if (!write_allowed(cs, cmd->name, offset))
		return GS_CMD_NEXT;
	if (gs_cs_read(cs, dw[0] & MI_LRM_USE_GGTT, gs_cs_addr48(dw[2], dw[3], ~3u), &v, sizeof(v)))
		return GS_CMD_HALT;
	gs_cs_reg_write(cs, offset, v);
	return GS_CMD_NEXT;
}

/* MI_LOAD_REGISTER_REG: the register at DW1 into the register at DW2. */
enum gs_cmd_result gs_cmd_lrr(struct gs_cs *cs, const struct gs_cmd_desc *cmd,
			      const uint32_t *dw, unsigned int len)
{
	uint32_t v = gs_cs_reg_read(cs, reg_offset(dw[1])), dst = reg_offset(dw[2]);

	(void)len;
	if (write_allowed(cs, cmd->name, dst))
		gs_cs_reg_write(cs, dst, v);
	return GS_CMD_NEXT;
}

/*
 * MI_STORE_REGISTER_MEM: the register at DW1 into the dword at DW2-3.
 * With Predicate Enable (bit 21, rcs0) it executes only while
 * MI_PREDICATE_RESULT is set.
 */
enum gs_cmd_result gs_cmd_srm(struct gs_cs *cs, const struct gs_cmd_desc *cmd,
			      const uint32_t *dw, unsigned int len)
{
	bool ggtt = dw[0] & MI_SRM_USE_GGTT;
	uint32_t v;

	(void)len;
	if (dw[0] & MI_SRM_PREDICATE) {
		if (cs->eng->id != GS_RCS)
			return gs_cs_instruction_error(cs, "predicate enable (bit 21) needs rcs0's "
						       "predicate registers");
		if (!gs_cs_predicate_result(cs))
			return GS_CMD_NEXT;
	}
	v = gs_cs_reg_read(cs, reg_offset(dw[1]));
	if (ggtt && cs->nonpriv) {
		gs_cs_privilege_violation(cs, "%s with a GGTT address from a non-privileged batch: "
					  "register read, memory write dropped", cmd->name);
		return GS_CMD_NEXT;
	}
	if (gs_cs_write(cs, ggtt, gs_cs_addr48(dw[2], dw[3], ~3u), &v, sizeof(v)))
		return GS_CMD_HALT;
	return GS_CMD_NEXT;
}
