// SPDX-License-Identifier: MIT
/*
 * MI_MATH and the command streamer ALU (hw-spec-commands "The ALU";
 * PRM Vol. 6 Command Stream Programming (Cherryview 2015), "Command
 * Streamer (CS) ALU Programming": 64-bit SRCA/SRCB inputs, an
 * accumulator, ZF and CF, ADD/SUB/AND/OR/XOR; encodings EXT i915
 * intel_gpu_commands.h: opcode 31:20, operand 1 19:10, operand 2 9:0).
 *
 * The ALU sees the engine's 16 64-bit GPRs (RING_GPR, base + 0x600) and
 * its own SRCA, SRCB, ACCU, ZF and CF.  gensim choices, each tested:
 * - every MI_MATH starts with SRCA = SRCB = ACCU = 0 and both flags clear:
 *   the ALU's internal registers are not part of the context, so nothing
 *   may rely on them across commands;
 * - ADD sets CF on a carry out of bit 63; SUB computes SRCA - SRCB and sets
 *   CF on a borrow (SRCA < SRCB unsigned), as EXT Mesa's MI runner does;
 *   AND, OR and XOR clear CF; every operation sets ZF when ACCU is 0;
 * - a flag reads as all ones when set and 0 when clear (EXT Mesa
 *   mi_builder's booleans), so STOREINV of CF gives "not below";
 * - LOAD/LOADINV/LOAD0/LOAD1 write SRCA or SRCB only; STORE/STOREINV
 *   write R0-R15 only; sources are R0-R15, ACCU, ZF, CF.  Any other
 *   operand, or an unknown ALU opcode, is an instruction error naming
 *   the ALU dword.
 * The GPRs are read at the start and the changed ones written back at the
 * end, so a failing MI_MATH changes no GPR.
 */
#include "cmd/cmd.h"
#include "core/device.h"
#include "cs/cs.h"
#include "cs/engine.h"

struct alu {
	uint64_t r[GEN8_NR_GPRS];
	uint16_t dirty;
	uint64_t srca, srcb, accu, zf, cf;
};

static uint64_t flag(bool set)
{
	return set ? ~0ull : 0;
}

/* A readable operand, or NULL. */
static const uint64_t *source(const struct alu *a, unsigned int o)
{
	if (o < GEN8_NR_GPRS)
		return &a->r[o];
	switch (o) {
	case MI_ALU_ACCU:
		return &a->accu;
	case MI_ALU_ZF:
		return &a->zf;
	case MI_ALU_CF:
		return &a->cf;
	}
	return NULL;
}

static uint64_t *alu_input(struct alu *a, unsigned int o)
{
	return o == MI_ALU_SRCA ? &a->srca : o == MI_ALU_SRCB ? &a->srcb : NULL;
}

static void result(struct alu *a, uint64_t accu, bool carry)
{
	a->accu = accu;
	a->zf = flag(accu == 0);
	a->cf = flag(carry);
}

enum gs_cmd_result gs_cmd_math(struct gs_cs *cs, const struct gs_cmd_desc *cmd,
			       const uint32_t *dw, unsigned int len)
{
	struct alu a = { 0 };

	(void)cmd;
	for (unsigned int g = 0; g < GEN8_NR_GPRS; g++)
		a.r[g] = gs_cs_gpr(cs, g);
	for (unsigned int i = 1; i < len; i++) {
		unsigned int op = FIELD_GET(MI_MATH_OPCODE, dw[i]);
		unsigned int o1 = FIELD_GET(MI_MATH_OPERAND1, dw[i]);
		unsigned int o2 = FIELD_GET(MI_MATH_OPERAND2, dw[i]);
		const uint64_t *src;
		uint64_t *dst;

		switch (op) {
		case MI_ALU_NOOP:
			break;
		case MI_ALU_LOAD:
		case MI_ALU_LOADINV:
			dst = alu_input(&a, o1);
			src = source(&a, o2);
			if (!dst || !src)
				goto bad_operand;
			*dst = op == MI_ALU_LOAD ? *src : ~*src;
			break;
		case MI_ALU_LOAD0:
		case MI_ALU_LOAD1:
			dst = alu_input(&a, o1);
			if (!dst)
				goto bad_operand;
			*dst = op == MI_ALU_LOAD0 ? 0 : ~0ull;
			break;
		case MI_ALU_ADD:
			result(&a, a.srca + a.srcb, a.srca + a.srcb < a.srca);
			break;
		case MI_ALU_SUB:
			result(&a, a.srca - a.srcb, a.srca < a.srcb);
			break;
		case MI_ALU_AND:
			result(&a, a.srca & a.srcb, false);
			break;
		case MI_ALU_OR:
			result(&a, a.srca | a.srcb, false);
			break;
		case MI_ALU_XOR:
			result(&a, a.srca ^ a.srcb, false);
			break;
		case MI_ALU_STORE:
		case MI_ALU_STOREINV:
			src = source(&a, o2);
			if (o1 >= GEN8_NR_GPRS || !src)
				goto bad_operand;
			a.r[o1] = op == MI_ALU_STORE ? *src : ~*src;
			a.dirty |= 1u << o1;
			break;
		default:
			return gs_cs_instruction_error(cs, "ALU dword %u (0x%08x): unknown ALU opcode "
						       "%#x", i, dw[i], op);
		}
		continue;
bad_operand:
		return gs_cs_instruction_error(cs, "ALU dword %u (0x%08x): operands %#x, %#x are "
					       "not valid for ALU opcode %#x", i, dw[i], o1, o2, op);
	}
	for (unsigned int g = 0; g < GEN8_NR_GPRS; g++)
		if (a.dirty & (1u << g))
			gs_cs_set_gpr(cs, g, a.r[g]);
	return GS_CMD_NEXT;
}
