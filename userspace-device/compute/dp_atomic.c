// SPDX-License-Identifier: MIT
/*
 * Untyped atomic operations, surface (DC1 type 2) and A64 (DC1 type 0x12)
 * (hw-spec-compute "Untyped atomics"; gen8-eu-encoding-and-launch §3.1
 * [Mesa brw_eu_defines.h BRW_AOP_*, brw_dp_untyped_atomic_desc]).
 *
 * Descriptor: BTI 7:0, op 11:8 (message control 3:0), 12 SIMD8 (else
 * SIMD16), 13 return data, type 18:14.  A64: op 11:8, 12 = 64-bit
 * operands (gensim: not implemented), 13 return data; SIMD8 only.
 * Payload: [header] addresses (1 or 2 registers; A64: 2), then src0 and
 * src1 as the op needs them (1 or 2 registers each).  Response: the value
 * each lane's operation returned, one dword per lane.
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

uint32_t ea_atomic_apply(unsigned int op, uint32_t old, uint32_t src0, uint32_t src1)
{
	int32_t so = (int32_t)old, s0 = (int32_t)src0;

	switch (op) {
	case 1: return old & src0;
	case 2: return old | src0;
	case 3: return old ^ src0;
	case 4: return src0;
	case 5: return old + 1;
	case 6: return old - 1;
	case 7: return old + src0;
	case 8: return old - src0;
	case 9: return src0 - old;
	case 10: return (uint32_t)(so > s0 ? so : s0);
	case 11: return (uint32_t)(so < s0 ? so : s0);
	case 12: return old > src0 ? old : src0;
	case 13: return old < src0 ? old : src0;
	case 14: return old == src0 ? src1 : old;	/* compare with src0, write src1 */
	case 15: return old - 1;
	}
	return old;
}

static enum gseu_send_result atomic_lanes(struct ea_sf *c, const struct ea_target *tg,
					  bool a64, unsigned int lanes, unsigned int op,
					  bool ret)
{
	const struct gseu_send_msg *m = c->m;
	unsigned int h = m->header, regs = lanes / 8;
	unsigned int areg = h, src0 = areg + (a64 ? 2 * regs : regs), src1 = src0 + regs;

	for (unsigned int k = 0; k < lanes; k++) {
		uint64_t off;
		uint32_t v0, v1, r;

		if (!ea_lane(m, k))
			continue;
		off = a64 ? (uint64_t)ea_pdw(m, areg, 2 * k) |
				    (uint64_t)ea_pdw(m, areg, 2 * k + 1) << 32
			  : ea_pdw(m, areg, k);
		v0 = ea_atomic_ops[op].nsrc > 0 ? ea_pdw(m, src0, k) : 0;
		v1 = ea_atomic_ops[op].nsrc > 1 ? ea_pdw(m, src1, k) : 0;
		if (ea_target_atomic(c, tg, off, op, v0, v1, &r))
			return GSEU_SEND_ERROR;
		if (ret)
			ea_rdw(m, 0, k, r);
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
	return atomic_lanes(c, &tg, false, lanes, op, ret);
}

enum gseu_send_result ea_dp_a64_untyped_atomic(struct ea_sf *c, unsigned int type)
{
	const struct gseu_send_msg *m = c->m;
	unsigned int op = m->func_ctrl >> 8 & 0xf;
	bool ret = m->func_ctrl & (1u << 13);
	enum gseu_send_result r;
	struct ea_target tg;

	(void)type;
	if (m->func_ctrl & (1u << 12))
		return ea_sf_error(c, GS_EU_ERR_UNSUPPORTED, "64-bit A64 atomics (bit 12)");
	if (!op)
		return ea_sf_error(c, GS_EU_ERR_MESSAGE, "atomic operation 0 is reserved");
	r = ea_sf_check_len(c, m->header + 2 + ea_atomic_ops[op].nsrc, ret ? 1 : 0);
	if (r != GSEU_SEND_DONE)
		return r;
	ea_target_a64(&tg);
	return atomic_lanes(c, &tg, true, 8, op, ret);
}
