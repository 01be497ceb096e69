// SPDX-License-Identifier: MIT
/*
 * MI commands that steer the command stream (hw-spec-commands "Flow";
 * the MI opcode table of PRM Vol. 6 Command Stream Programming
 * (Cherryview 2015), "Memory Interface Commands for RCP", "User Mode
 * Privileged Commands" (RCS) for MI_BATCH_BUFFER_START's privilege rule
 * and MI_ARB_ON_OFF; field layouts EXT Mesa gen8.xml and media-driver
 * gen8): MI_NOOP, MI_USER_INTERRUPT, MI_ARB_CHECK, MI_ARB_ON_OFF,
 * MI_REPORT_HEAD, MI_BATCH_BUFFER_START, MI_BATCH_BUFFER_END,
 * MI_CONDITIONAL_BATCH_BUFFER_END, and the flushes with nothing to flush
 * (MI_SUSPEND_FLUSH, MI_CLFLUSH: gensim has no caches to write back).
 */
#include "cmd/cmd.h"
#include "core/device.h"
#include "core/log.h"
#include "cs/cs.h"
#include "cs/engine.h"

/* MI_NOOP: nothing, or its identification number into NOPID (bit 22). */
enum gs_cmd_result gs_cmd_noop(struct gs_cs *cs, const struct gs_cmd_desc *cmd,
			       const uint32_t *dw, unsigned int len)
{
	(void)cmd;
	(void)len;
	if (dw[0] & MI_NOOP_WRITE_ID)
		gs_cs_store(cs, RING_NOPID(cs->eng->base), dw[0] & MI_NOOP_ID);
	return GS_CMD_NEXT;
}

/* MI_SUSPEND_FLUSH, MI_CLFLUSH: memory is always coherent here. */
enum gs_cmd_result gs_cmd_nop_flush(struct gs_cs *cs, const struct gs_cmd_desc *cmd,
				    const uint32_t *dw, unsigned int len)
{
	(void)cs;
	(void)cmd;
	(void)dw;
	(void)len;
	return GS_CMD_NEXT;
}

/* MI_USER_INTERRUPT: engine interrupt bit 0. */
enum gs_cmd_result gs_cmd_user_interrupt(struct gs_cs *cs, const struct gs_cmd_desc *cmd,
					 const uint32_t *dw, unsigned int len)
{
	(void)cmd;
	(void)dw;
	(void)len;
	gs_cs_raise(cs, GT_RENDER_USER_INTERRUPT);
	return GS_CMD_NEXT;
}

/*
 * MI_ARB_CHECK: a preemption point (the row's GS_CMD_F_ARB; the engine
 * loop switches to a pending execlist after it while arbitration is on).
 */
enum gs_cmd_result gs_cmd_arb_check(struct gs_cs *cs, const struct gs_cmd_desc *cmd,
				    const uint32_t *dw, unsigned int len)
{
	(void)cmd;
	(void)dw;
	(void)len;
	cs->preempt_point = true;
	return GS_CMD_NEXT;
}

/* MI_ARB_ON_OFF: bit 0 turns arbitration (preemption) on or off. */
enum gs_cmd_result gs_cmd_arb_on_off(struct gs_cs *cs, const struct gs_cmd_desc *cmd,
				     const uint32_t *dw, unsigned int len)
{
	struct gs_engine *eng = cs->eng;

	(void)cmd;
	(void)len;
	cs->arb_on = dw[0] & MI_ARB_ENABLE;
	pthread_mutex_lock(&eng->lock);
	eng->arb_on = cs->arb_on;
	pthread_mutex_unlock(&eng->lock);
	gs_execlist_status_update(cs);
	return GS_CMD_NEXT;
}

/* MI_REPORT_HEAD: RING_HEAD, as it reads now, into status page dword 4. */
enum gs_cmd_result gs_cmd_report_head(struct gs_cs *cs, const struct gs_cmd_desc *cmd,
				      const uint32_t *dw, unsigned int len)
{
	uint32_t head = FIELD_PREP(HEAD_WRAP_COUNT, cs->wrap) | cs->head;

	(void)cmd;
	(void)dw;
	(void)len;
	if (gs_cs_hwsp_write(cs, false, HWSP_RING_HEAD * 4, &head, sizeof(head)))
		return GS_CMD_HALT;
	return GS_CMD_NEXT;
}

/*
 * MI_BATCH_BUFFER_START (hw-spec-engines "Execution"): from the ring a
 * first-level batch; from a first-level batch a second-level one (bit 22)
 * or a chain; from a second-level batch a chain at that level.  A batch is
 * privileged when it is in the GGTT and its parent is; a GGTT batch from a
 * non-privileged batch is a privilege violation and does not start
 * (PRM Vol. 6 Command Stream Programming (Cherryview 2015), "User Mode
 * Privileged Commands" (RCS)).  Predicated on MI_PREDICATE_RESULT with bit
 * 15 (rcs0).
 */
enum gs_cmd_result gs_cmd_bb_start(struct gs_cs *cs, const struct gs_cmd_desc *cmd,
				   const uint32_t *dw, unsigned int len)
{
	bool ppgtt = dw[0] & MI_BB_PPGTT;
	uint64_t addr = gs_cs_addr48(dw[1], dw[2], ~3u);
	bool parent_priv = cs->level == 0 || cs->bb[cs->level].priv;
	unsigned int level;

	(void)cmd;
	if (dw[0] & MI_BB_ADD_OFFSET)
		return gs_cs_instruction_error(cs, "add-offset enable (bit 16) is not implemented");
	if (dw[0] & MI_BB_RESOURCE_STREAMER)
		return gs_cs_instruction_error(cs, "the resource streamer (bit 10) is not "
					       "implemented");
	if (dw[0] & MI_BB_PREDICATE) {
		if (cs->eng->id != GS_RCS)
			return gs_cs_instruction_error(cs, "predication (bit 15) needs rcs0's "
						       "predicate registers");
		if (!gs_cs_predicate_result(cs))
			return GS_CMD_NEXT;
	}
	if (!ppgtt && cs->nonpriv) {
		gs_cs_privilege_violation(cs, "a GGTT batch started from a non-privileged batch; "
					  "it does not run");
		return GS_CMD_NEXT;
	}
	if (cs->level == 0)
		level = 1;
	else if (cs->level == 1 && (dw[0] & MI_BB_SECOND_LEVEL))
		level = 2;
	else
		level = cs->level;	/* a chain: the batch of this level is replaced */
	if (level > cs->level)
		gs_cs_advance(cs, len);	/* where the caller goes on */
	gs_cs_batch_start(cs, level, addr, ppgtt, !ppgtt && parent_priv);
	return GS_CMD_JUMP;
}

/* MI_BATCH_BUFFER_END: back one level. */
enum gs_cmd_result gs_cmd_bb_end(struct gs_cs *cs, const struct gs_cmd_desc *cmd,
				 const uint32_t *dw, unsigned int len)
{
	(void)cmd;
	(void)dw;
	(void)len;
	if (cs->level == 0)
		return gs_cs_instruction_error(cs, "MI_BATCH_BUFFER_END in the ring, outside any "
					       "batch");
	gs_cs_batch_return(cs, false);
	return GS_CMD_JUMP;
}

/*
 * MI_CONDITIONAL_BATCH_BUFFER_END (EXT media-driver gen8): with Compare
 * Semaphore (bit 21) set, the dword at the compare address (qword aligned)
 * is compared with the Compare Data Dword: greater, the batch goes on;
 * else every batch level ends and the ring goes on.  With bit 21 clear no
 * comparison takes place and the command does nothing (gensim).
 */
enum gs_cmd_result gs_cmd_cond_bb_end(struct gs_cs *cs, const struct gs_cmd_desc *cmd,
				      const uint32_t *dw, unsigned int len)
{
	uint64_t addr = gs_cs_addr48(dw[2], len > 3 ? dw[3] : 0, ~7u);
	uint32_t mem;

	(void)cmd;
	if (cs->level == 0)
		return gs_cs_instruction_error(cs, "MI_CONDITIONAL_BATCH_BUFFER_END in the ring, "
					       "outside any batch");
	if (!(dw[0] & MI_CBBE_COMPARE_SEMAPHORE))
		return GS_CMD_NEXT;
	if (gs_cs_read(cs, dw[0] & MI_CBBE_USE_GGTT, addr, &mem, sizeof(mem)))
		return GS_CMD_HALT;
	if (mem > dw[1])
		return GS_CMD_NEXT;
	gs_cs_batch_return(cs, true);
	return GS_CMD_JUMP;
}
