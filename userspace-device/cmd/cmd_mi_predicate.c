// SPDX-License-Identifier: MIT
/*
 * Predication on rcs0 (hw-spec-commands "Predicates"; the MI opcode
 * table of PRM Vol. 6 Command Stream Programming (Cherryview 2015),
 * "Memory Interface Commands for RCP": MI_SET_PREDICATE 01h and
 * MI_PREDICATE 0Ch, Render; the predicate registers in rcs0's whitelist
 * ("User Mode Non-Privileged Registers" (RCS)); fields EXT Mesa
 * gen8.xml, semantics EXT Mesa's MI runner and media-driver gen8).
 *
 * MI_PREDICATE computes a compare result from the 64-bit registers
 * MI_PREDICATE_SRC0, SRC1 and DATA:
 *   0 TRUE, 1 FALSE, 2 SRCS_EQUAL (SRC0 == SRC1; DATA is loaded with
 *   SRC0 - SRC1), 3 DELTAS_EQUAL (SRC0 - SRC1 == DATA);
 * combines it with MI_PREDICATE_RESULT (SET, AND, OR, XOR) and loads the
 * outcome into MI_PREDICATE_RESULT bit 0 (LOAD), its inverse (LOADINV), or
 * nothing (KEEP; load operation 1 is reserved).  MI_BATCH_BUFFER_START
 * (bit 15) and MI_STORE_REGISTER_MEM (bit 21) with predication enabled
 * execute only while MI_PREDICATE_RESULT bit 0 is set.
 *
 * MI_SET_PREDICATE (3:0) makes the commands after it conditional: NOOP
 * never (0), on RESULT_2 clear/set (1/2), on RESULT clear/set (3/4),
 * execute only with 1/2/3 slices enabled (5/6/7, the fused slices of the
 * configuration), NOOP always (15); 8-14 are reserved.  A dropped
 * command is consumed, not executed.  gensim choices: MI_SET_PREDICATE
 * itself and MI_BATCH_BUFFER_END are never dropped (so predication can
 * be turned off and a batch can always end); the mode is not part of the
 * context image and every context starts with 0.
 */
#include "cmd/cmd.h"
#include "core/device.h"
#include "cs/cs.h"
#include "cs/engine.h"

static uint64_t reg64(struct gs_cs *cs, uint32_t lo)
{
	return (uint64_t)gs_reg_read(cs->dev, lo + 4) << 32 | gs_reg_read(cs->dev, lo);
}

bool gs_cs_predicate_result(struct gs_cs *cs)
{
	return gs_reg_read(cs->dev, MI_PREDICATE_RESULT) & MI_PREDICATE_RESULT_BIT;
}

/* Does MI_SET_PREDICATE drop the command about to execute? */
bool gs_cs_predicated_off(struct gs_cs *cs)
{
	bool r2 = gs_reg_read(cs->dev, MI_PREDICATE_RESULT_2) & MI_PREDICATE_RESULT_BIT;

	switch (cs->set_pred) {
	case MI_SET_PREDICATE_NOOP_NEVER:
		return false;
	case MI_SET_PREDICATE_NOOP_RESULT2_CLEAR:
		return !r2;
	case MI_SET_PREDICATE_NOOP_RESULT2_SET:
		return r2;
	case MI_SET_PREDICATE_NOOP_RESULT_CLEAR:
		return !gs_cs_predicate_result(cs);
	case MI_SET_PREDICATE_NOOP_RESULT_SET:
		return gs_cs_predicate_result(cs);
	case MI_SET_PREDICATE_ONE_SLICE:
	case MI_SET_PREDICATE_TWO_SLICES:
	case MI_SET_PREDICATE_THREE_SLICES:
		return cs->dev->cfg.slices != cs->set_pred - MI_SET_PREDICATE_ONE_SLICE + 1;
	default:
		return true;	/* NOOP always */
	}
}

enum gs_cmd_result gs_cmd_set_predicate(struct gs_cs *cs, const struct gs_cmd_desc *cmd,
					const uint32_t *dw, unsigned int len)
{
	unsigned int mode = FIELD_GET(MI_SET_PREDICATE_ENABLE, dw[0]);

	(void)cmd;
	(void)len;
	if (mode > MI_SET_PREDICATE_THREE_SLICES && mode != MI_SET_PREDICATE_NOOP_ALWAYS)
		return gs_cs_instruction_error(cs, "reserved predicate enable mode %u", mode);
	cs->set_pred = mode;
	return GS_CMD_NEXT;
}

enum gs_cmd_result gs_cmd_predicate(struct gs_cs *cs, const struct gs_cmd_desc *cmd,
				    const uint32_t *dw, unsigned int len)
{
	unsigned int load = FIELD_GET(MI_PREDICATE_LOADOP, dw[0]);
	unsigned int combine = FIELD_GET(MI_PREDICATE_COMBINEOP, dw[0]);
	unsigned int compare = FIELD_GET(MI_PREDICATE_COMPAREOP, dw[0]);
	uint64_t src0 = reg64(cs, MI_PREDICATE_SRC0), src1 = reg64(cs, MI_PREDICATE_SRC1);
	bool res, cur = gs_cs_predicate_result(cs);

	(void)cmd;
	(void)len;
	if (load == 1)
		return gs_cs_instruction_error(cs, "reserved load operation 1");
	switch (compare) {
	case MI_PREDICATE_COMPARE_TRUE:
		res = true;
		break;
	case MI_PREDICATE_COMPARE_FALSE:
		res = false;
		break;
	case MI_PREDICATE_COMPARE_SRCS_EQUAL:
		res = src0 == src1;
		gs_cs_store(cs, MI_PREDICATE_DATA, (uint32_t)(src0 - src1));
		gs_cs_store(cs, MI_PREDICATE_DATA_UDW, (uint32_t)((src0 - src1) >> 32));
		break;
	default:
		res = src0 - src1 == reg64(cs, MI_PREDICATE_DATA);
		break;
	}
	switch (combine) {
	case MI_PREDICATE_COMBINEOP_AND:
		res = cur && res;
		break;
	case MI_PREDICATE_COMBINEOP_OR:
		res = cur || res;
		break;
	case MI_PREDICATE_COMBINEOP_XOR:
		res = cur != res;
		break;
	}
	if (load == MI_PREDICATE_LOADOP_LOAD || load == MI_PREDICATE_LOADOP_LOADINV)
		gs_cs_store(cs, MI_PREDICATE_RESULT,
			    (load == MI_PREDICATE_LOADOP_LOAD) == res ? MI_PREDICATE_RESULT_BIT : 0);
	return GS_CMD_NEXT;
}
