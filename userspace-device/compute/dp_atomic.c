// SPDX-License-Identifier: MIT
/*
 * Untyped atomic operations, surface (DC1 type 2) and A64 (DC1 type 0x12)
 * (hw-spec-compute "Untyped atomics"; EXT Mesa brw_eu_defines.h BRW_AOP_*,
 * brw_eu.h brw_dp_untyped_atomic_desc(), brw_dp_a64_untyped_atomic_desc();
 * EXT IGC's IGA decoder, MessageDecoderHDC.cpp MSD1W_A64_AI).
 *
 * Descriptor: BTI 7:0, op 11:8 (message control 3:0), 12 SIMD8 (else
 * SIMD16), 13 return data, type 18:14.  A64: op 11:8, 12 = 64-bit
 * operands, 13 return data; SIMD8 only, no header, BTI 253 or 255.
 * Payload: [header] addresses (1 or 2 registers; A64: 2), then src0 and
 * src1 as the op needs them (1 or 2 registers each; 64-bit: 2 registers,
 * a qword a lane).  Response: the value each lane's operation returned,
 * one dword (64-bit: one qword) per lane.  A 64-bit operation works on
 * the 8 bytes at its address, which must be 8-byte aligned (gensim: a
 * misaligned one is refused before any lane runs; see surface.c).
 *
 * Lanes are done in ascending order, each atomically (gpumem.c): the
 * final memory contents are the same whatever the number of workers.
 */
#include "compute/array_priv.h"

/* Indexed by op (message control 3:0). */
const struct ea_atomic_op ea_atomic_ops[16] = {
	[0] = { NULL, 0, false },
	[1] = { "and", 1, false },
	[2] = { "or", 1, false },
	[3] = { "xor", 1, false },
	[4] = { "mov", 1, false },
	[5] = { "inc", 0, false },
	[6] = { "dec", 0, false },
	[7] = { "add", 1, false },
	[8] = { "sub", 1, false },
	[9] = { "revsub", 1, false },
	[10] = { "imax", 1, false },
	[11] = { "imin", 1, false },
	[12] = { "umax", 1, false },
	[13] = { "umin", 1, false },
	[14] = { "cmpwr", 2, false },
	[15] = { "predec", 0, true },
};

uint64_t ea_atomic_apply(unsigned int op, unsigned int size, uint64_t old, uint64_t src0,
			 uint64_t src1)
{
	uint64_t mask = size == 8 ? ~0ull : 0xffffffffull, v;
	int64_t so, s0;

	old &= mask;
	src0 &= mask;
	src1 &= mask;
	so = size == 8 ? (int64_t)old : (int32_t)old;
	s0 = size == 8 ? (int64_t)src0 : (int32_t)src0;
	switch (op) {
	case 1: v = old & src0; break;
	case 2: v = old | src0; break;
	case 3: v = old ^ src0; break;
	case 4: v = src0; break;
	case 5: v = old + 1; break;
	case 6: v = old - 1; break;
	case 7: v = old + src0; break;
	case 8: v = old - src0; break;
	case 9: v = src0 - old; break;
	case 10: v = (uint64_t)(so > s0 ? so : s0); break;
	case 11: v = (uint64_t)(so < s0 ? so : s0); break;
	case 12: v = old > src0 ? old : src0; break;
	case 13: v = old < src0 ? old : src0; break;
	case 14: v = old == src0 ? src1 : old; break;	/* compare with src0, write src1 */
	case 15: v = old - 1; break;
	default: v = old; break;
	}
	return v & mask;
}

/* Operand @reg's value for @lane: a dword, or (@size 8) a qword a lane. */
static uint64_t operand(const struct gseu_send_msg *m, unsigned int reg, unsigned int lane,
			unsigned int size)
{
	return size == 8 ? ea_paddr(m, reg, lane) : ea_pdw(m, reg, lane);
}

static enum gseu_send_result atomic_lanes(struct ea_sf *c, const struct ea_target *tg,
					  bool a64, unsigned int lanes, unsigned int size,
					  unsigned int op, bool ret)
{
	const struct gseu_send_msg *m = c->m;
	unsigned int regs = lanes / 8, dregs = regs * size / 4;
	unsigned int areg = m->header, src0 = areg + (a64 ? 2 * regs : regs), src1 = src0 + dregs;

	if (size == 8 && ea_a64_aligned(c, areg, lanes, 8))
		return GSEU_SEND_ERROR;
	for (unsigned int k = 0; k < lanes; k++) {
		uint64_t off, v0, v1, r;

		if (!ea_lane(m, k))
			continue;
		off = a64 ? ea_paddr(m, areg, k) : ea_pdw(m, areg, k);
		v0 = ea_atomic_ops[op].nsrc > 0 ? operand(m, src0, k, size) : 0;
		v1 = ea_atomic_ops[op].nsrc > 1 ? operand(m, src1, k, size) : 0;
		if (ea_target_atomic(c, tg, off, op, size, v0, v1, &r))
			return GSEU_SEND_ERROR;
		if (!ret)
			continue;
		ea_rdw(m, 0, size == 8 ? 2 * k : k, (uint32_t)r);
		if (size == 8)
			ea_rdw(m, 0, 2 * k + 1, (uint32_t)(r >> 32));
	}
	return GSEU_SEND_DONE;
}

enum gseu_send_result ea_dp_untyped_atomic(struct ea_sf *c, unsigned int type)
{
	const struct gseu_send_msg *m = c->m;
	unsigned int op = m->func_ctrl >> 8 & 0xf, lanes = m->func_ctrl & (1u << 12) ? 8 : 16;
	bool ret = m->func_ctrl & (1u << 13);
	unsigned int regs = lanes / 8;
	enum gseu_send_result r;
	struct ea_target tg;

	(void)type;
	if (!op)
		return ea_sf_error(c, GS_EU_ERR_MESSAGE, "atomic operation 0 is reserved");
	r = ea_sf_check_len(c, m->header + regs * (1 + ea_atomic_ops[op].nsrc),
			    ret ? regs : 0);
	if (r != GSEU_SEND_DONE)
		return r;
	if (ea_target_bti(c, m->func_ctrl & 0xff, &tg))
		return GSEU_SEND_ERROR;
	return atomic_lanes(c, &tg, false, lanes, 4, op, ret);
}

/*
 * A64: always SIMD8; bit 12 selects 64-bit operands (IGA: "the encoding
 * repurposes the SIMD size as the data size"), which take two registers
 * each and return two.
 */
enum gseu_send_result ea_dp_a64_untyped_atomic(struct ea_sf *c, unsigned int type)
{
	const struct gseu_send_msg *m = c->m;
	unsigned int op = m->func_ctrl >> 8 & 0xf, size = m->func_ctrl & (1u << 12) ? 8 : 4;
	unsigned int dregs = size / 4;
	bool ret = m->func_ctrl & (1u << 13);
	enum gseu_send_result r;
	struct ea_target tg;

	(void)type;
	if (!op)
		return ea_sf_error(c, GS_EU_ERR_MESSAGE, "atomic operation 0 is reserved");
	if (ea_target_a64(c, false, &tg))
		return GSEU_SEND_ERROR;
	r = ea_sf_check_len(c, 2 + dregs * ea_atomic_ops[op].nsrc, ret ? dregs : 0);
	if (r != GSEU_SEND_DONE)
		return r;
	return atomic_lanes(c, &tg, true, 8, size, op, ret);
}
