// SPDX-License-Identifier: MIT
/*
 * One command, from fetch to the position after it (hw-spec-engines
 * "Execution", "Errors"; hw-spec-commands "How a command is executed").
 *
 *  1. fetch the header at the position (ring or batch);
 *  2. find its row in the command table for this engine: none is an
 *     instruction error naming what the header is (reserved opcode,
 *     another engine's command, a client this engine does not have);
 *  3. its length from the row's rule, checked against the row's bounds
 *     and, in the ring, against the commands left before RING_TAIL;
 *  4. fetch the whole command;
 *  5. while a MEDIA_OBJECT_GRPID thread group is open, anything but its
 *     next GRPID or MI_NOOP is an instruction error (cmd_gpgpu_media.c);
 *  6. MI_SET_PREDICATE may drop it (consumed, not executed);
 *  7. privilege: in a non-privileged batch (a PPGTT batch, or one started
 *     from one) with RING_MODE's privilege-check-disable clear, the row's
 *     rule may drop it with a privilege violation (PRM Vol. 6 Command
 *     Stream Programming (Cherryview 2015), "User Mode Privileged
 *     Commands" (RCS, BCS, VCS, VECS));
 *  8. its handler; a row without one is an instruction error ("not
 *     implemented"), never silence;
 *  9. the position moves past it and is published.
 *
 * A page fault while fetching stops the context (cs_fetch.c).
 */
#include "cmd/cmd.h"
#include "core/device.h"
#include "core/log.h"
#include "core/trace.h"
#include "cs/cs.h"
#include "cs/engine.h"

static void trace_command(struct gs_cs *cs, const char *what)
{
	char buf[256];

	gs_cmd_describe(buf, sizeof(buf), cs->eng->id, cs->cmd, cs->cmd_len);
	gs_info("%s: %s%s at %s %#llx", cs->eng->name, what, buf, cs->cmd_ggtt ? "GGTT" : "PPGTT",
		(unsigned long long)cs->cmd_addr);
}

enum gs_cmd_result gs_cs_step(struct gs_cs *cs)
{
	struct gs_engine *eng = cs->eng;
	const struct gs_cmd_desc *d, *elsewhere = NULL;
	enum gs_cmd_result r;
	unsigned int len;
	bool fault_done, denied;
	char why[160];
	uint64_t tr_t0 = gs_trace_begin();
	unsigned int tr_level = cs->level;

	cs->cmd_addr = gs_cs_position(cs, &cs->cmd_ggtt);
	cs->cmd_len = 0;
	cs->cmd[0] = 0;
	if (gs_cs_fetch(cs, 1, &fault_done))
		return GS_CMD_HALT;

	d = gs_cmd_find(cs->cmd[0], eng->id, &elsewhere);
	if (!d) {
		if (elsewhere)
			return gs_cs_instruction_error(cs, "%s is not valid on %s", elsewhere->name,
						       eng->name);
		return gs_cs_instruction_error(cs, "%s", gs_cmd_unknown_why(cs->cmd[0], eng->id,
									     why, sizeof(why)));
	}
	len = gs_cmd_length(d, cs->cmd[0]);
	if (len < d->min_len || len > d->max_len)
		return gs_cs_instruction_error(cs, "%s: bad length, %u dwords (it takes %u to %u)",
					       d->name, len, d->min_len, d->max_len);
	if (cs->level == 0 && len * 4 > gs_cs_ring_space(cs))
		return gs_cs_instruction_error(cs, "%s: its %u dwords run past RING_TAIL (%u bytes "
					       "left)", d->name, len, gs_cs_ring_space(cs));
	if (len > 1 && gs_cs_fetch(cs, len, &fault_done))
		return GS_CMD_HALT;
	if (gs_media_group_gate(cs, d))
		return GS_CMD_HALT;

	if (!(d->flags & GS_CMD_F_NOPRED) && gs_cs_predicated_off(cs)) {
		if (gs_log_verbosity >= GS_LOG_INFO)
			trace_command(cs, "predicated off: ");
		r = GS_CMD_NEXT;
		goto done;
	}
	cs->nonpriv = cs->level > 0 && !cs->bb[cs->level].priv &&
		      !(gs_reg_read(cs->dev, RING_MODE(eng->base)) & GFX_PRIV_CHECK_DISABLE);
	denied = cs->nonpriv && (d->priv == GS_PRIV_ALWAYS ||
				 (d->priv == GS_PRIV_GGTT && (cs->cmd[d->priv_dw] & d->priv_mask)));
	if (denied) {
		gs_cs_privilege_violation(cs, "%s is privileged%s; dropped", d->name,
					  d->priv == GS_PRIV_GGTT ? " with a GGTT address" : "");
		r = GS_CMD_NEXT;
		goto done;
	}
	if (!d->handler)
		return gs_cs_instruction_error(cs, "%s is not implemented by gensim", d->name);
	if (gs_log_verbosity >= GS_LOG_INFO)
		trace_command(cs, "");
	if (d->flags & GS_CMD_F_ARB)
		cs->preempt_point = true;
	r = d->handler(cs, d, cs->cmd, len);
done:
	gs_trace_cmd(tr_t0, eng->id, cs->ctx_id, d->name, cs->cmd_addr, GS_TR_CMD_LEVEL(tr_level) |
		     (cs->cmd_ggtt ? GS_TR_CMD_GGTT : 0) | GS_TR_CMD_RESULT(r), cs->cmd, len);
	if (r == GS_CMD_NEXT)
		gs_cs_advance(cs, len);
	if (r == GS_CMD_NEXT || r == GS_CMD_JUMP)
		gs_cs_publish_position(cs);
	return r;
}
