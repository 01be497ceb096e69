// SPDX-License-Identifier: MIT
/*
 * MI_ATOMIC (hw-spec-commands "Atomics"; PRM Vol. 6 Command Stream
 * Programming (Cherryview 2015), "Memory Interface Commands for RCP",
 * privileged table ("User Mode Privileged Commands" (RCS)); layout and
 * semantics EXT media-driver gen8 MI_ATOMIC and Mesa's MI_ATOMIC_OP
 * enumeration).
 *
 * A read-modify-write of a dword or a qword in memory, atomic against the
 * other engines and the CPU (a compare-exchange on the page, dma.c).
 *
 *   DW0  22 GGTT, 20:19 data size (0 dword, 1 qword, 2 octword), 18 inline
 *        data, 17 CS stall, 16 return data, 15:8 opcode
 *   DW1-2  the address, naturally aligned for the size
 *   inline: DW3 operand 1 dword 0, DW4 operand 2 dword 0, DW5 operand 1
 *        dword 1, DW6 operand 2 dword 1 (up to DW10 for an octword)
 *   not inline: operand 1 from GPR0, operand 2 from GPR2
 *   return data: the value memory held before the operation into GPR4
 *        (a dword zero-extended)
 *
 * Opcodes, dword forms 0x01-0x0f and qword forms 0x21-0x2f (+0x20): AND,
 * OR, XOR, MOVE (memory = op1), INC, DEC, ADD, SUB (memory - op1), RSUB
 * (op1 - memory), IMAX, IMIN (signed), UMAX, UMIN (unsigned), CMP_WR
 * (memory == op1 ? op2 : memory), PREDEC (memory - 1, and the return data
 * is the new value: gensim, the pre-decrement).  The opcode's size must
 * match the data size.  Not implemented: octword atomics (CMP_WR16B,
 * 0x4e), an instruction error; post-sync (bit 21) and CS stall have
 * nothing to wait for here.
 */
#include "cmd/cmd.h"
#include "core/device.h"
#include "cs/cs.h"
#include "cs/engine.h"

struct atomic_args {
	unsigned int op;	/* the dword form */
	bool qword;
	uint64_t op1, op2;
};

static uint64_t apply(uint64_t old, void *arg)
{
	const struct atomic_args *a = arg;
	uint64_t m = a->qword ? ~0ull : 0xffffffffull, v = old & m, s = a->op1 & m;
	int64_t sv = a->qword ? (int64_t)v : (int32_t)v, ss = a->qword ? (int64_t)s : (int32_t)s;

	switch (a->op) {
	case MI_ATOMIC_OP_AND:
		return v & s;
	case MI_ATOMIC_OP_OR:
		return v | s;
	case MI_ATOMIC_OP_XOR:
		return v ^ s;
	case MI_ATOMIC_OP_MOVE:
		return s;
	case MI_ATOMIC_OP_INC:
		return (v + 1) & m;
	case MI_ATOMIC_OP_DEC:
	case MI_ATOMIC_OP_PREDEC:
		return (v - 1) & m;
	case MI_ATOMIC_OP_ADD:
		return (v + s) & m;
	case MI_ATOMIC_OP_SUB:
		return (v - s) & m;
	case MI_ATOMIC_OP_RSUB:
		return (s - v) & m;
	case MI_ATOMIC_OP_IMAX:
		return sv > ss ? v : s;
	case MI_ATOMIC_OP_IMIN:
		return sv < ss ? v : s;
	case MI_ATOMIC_OP_UMAX:
		return v > s ? v : s;
	case MI_ATOMIC_OP_UMIN:
		return v < s ? v : s;
	case MI_ATOMIC_OP_CMP_WR:
		return v == s ? a->op2 & m : v;
	}
	return v;
}

enum gs_cmd_result gs_cmd_atomic(struct gs_cs *cs, const struct gs_cmd_desc *cmd,
				 const uint32_t *dw, unsigned int len)
{
	unsigned int size = FIELD_GET(MI_ATOMIC_SIZE, dw[0]), opcode = FIELD_GET(MI_ATOMIC_OPCODE, dw[0]);
	bool inl = dw[0] & MI_ATOMIC_INLINE_DATA;
	uint64_t addr = gs_cs_addr48(dw[1], dw[2], ~3u), old;
	struct atomic_args a = { .qword = size == 1 };
	unsigned int bytes = a.qword ? 8 : 4, need = inl ? 3 + 2 * (bytes / 4) : 3;

	(void)cmd;
	if (size > 1)
		return gs_cs_instruction_error(cs, "%s data size (%u) is not implemented",
					       size == 2 ? "the octword" : "a reserved", size);
	a.op = opcode - (a.qword ? MI_ATOMIC_OP_QWORD : 0);
	if (a.op < MI_ATOMIC_OP_AND || a.op > MI_ATOMIC_OP_PREDEC ||
	    (opcode & MI_ATOMIC_OP_QWORD) != (a.qword ? MI_ATOMIC_OP_QWORD : 0))
		return gs_cs_instruction_error(cs, "atomic opcode %#x does not exist for a %s",
					       opcode, a.qword ? "qword" : "dword");
	if (len < need || (!inl && len != 3))
		return gs_cs_instruction_error(cs, "%u dwords for %s data", len,
					       inl ? "inline" : "no inline");
	if (addr & (bytes - 1))
		return gs_cs_instruction_error(cs, "address %#llx is not %u-byte aligned",
					       (unsigned long long)addr, bytes);
	if (inl) {
		a.op1 = dw[3];
		a.op2 = dw[4];
		if (a.qword) {
			a.op1 |= (uint64_t)dw[5] << 32;
			a.op2 |= (uint64_t)dw[6] << 32;
		}
	} else {
		a.op1 = gs_cs_gpr(cs, 0);
		a.op2 = gs_cs_gpr(cs, 2);
	}
	if (gs_cs_atomic(cs, dw[0] & MI_ATOMIC_GGTT, addr, bytes, apply, &a, &old))
		return GS_CMD_HALT;
	if (dw[0] & MI_ATOMIC_RETURN_DATA)
		gs_cs_set_gpr(cs, 4, a.op == MI_ATOMIC_OP_PREDEC ? apply(old, &a) : old);
	return GS_CMD_NEXT;
}
