// SPDX-License-Identifier: MIT
/*
 * Scalar jumps and subroutines: jmpi, call, ret (965/G35 PRM Vol. 4
 * Subsystem and Cores (2008), 14.2 "Instruction Description"; Mesa
 * src/intel/compiler/brw_eu_emit.c).
 *
 * jmpi ignores the execution mask: it is taken when lane 0's (combined)
 * predicate holds; its distance counts from the next instruction.  call
 * stores the return IP (dword 0) and the calling channels (dword 1) in
 * dst and jumps by JIP; channels that are active but not calling park at
 * the return address.  ret jumps to dword 0 of src0.  A register jump
 * distance is read at execution (gsi_scalar_d): jmpi's from the next
 * instruction, call's from the call.
 */
#include "insns.h"

static int exec_jmpi(struct gsi_run *r, const struct gsi_insn *pi)
{
	int64_t target = pi->jip_ip;
	int ret = 0;

	if (pi->in.pred && !(gsi_pmask_fast(r->t, pi) & 1))
		return 0;
	if (pi->in.src[1].file != GSEU_FILE_IMM) {
		int32_t d = gsi_scalar_d(r, pi, &pi->src[1], 0, &ret);

		if (ret)
			return ret;
		target = (int64_t)pi->ip + pi->size + d;
	}
	gsi_jump(r, target);
	return 0;
}
GSI_SEM(jmpi, .exec = exec_jmpi);

static int exec_call(struct gsi_run *r, const struct gsi_insn *pi)
{
	struct gseu_hw_thread *t = r->t;
	uint32_t exec = gsi_flow_exec(t, pi), pm = gsi_flow_pred(t, pi);
	/* unpredicated: every active channel calls, whatever the execution
	 * size (call is usually SIMD1 NoMask) */
	uint32_t go = pi->in.pred ? exec & pm : t->active, ret_ip = pi->ip + pi->size;
	int64_t target = pi->jip_ip;
	uint16_t ob[32];
	uint8_t *base;
	const uint16_t *off;
	bool contig;
	int ret = 0;

	if (!go) {
		gsi_converge(r, pi);
		return 0;
	}
	if (pi->in.src[1].file != GSEU_FILE_IMM) {
		int32_t d = gsi_scalar_d(r, pi, &pi->src[1], 0, &ret);

		if (ret)
			return ret;
		target = (int64_t)pi->ip + d;
	}
	if (pi->dst.kind != GSI_K_NULL) {
		ret = gsi_operand(r, pi, &pi->dst, &base, &off, &contig, ob);
		if (ret)
			return ret;
		if (pi->dst.kind == GSI_K_GRF && off[0] + 8u > GSEU_NUM_GRF * 32)
			return gsi_raise(r, pi, GSEU_EXC_REGION,
					 "call: return address past r127");
		memcpy(base + off[0], &ret_ip, 4);
		if (pi->dst.kind == GSI_K_GRF)
			memcpy(base + off[0] + 4, &go, 4);
	}
	gsi_park(t, exec & ~pm, ret_ip);
	gsi_jump(r, target);
	return 0;
}
GSI_SEM(call, .exec = exec_call);

static int exec_ret(struct gsi_run *r, const struct gsi_insn *pi)
{
	int ret = 0;
	int32_t d = gsi_scalar_d(r, pi, &pi->src[0], 0, &ret);

	if (ret)
		return ret;
	gsi_jump(r, (uint32_t)d);
	return 0;
}
GSI_SEM(ret, .exec = exec_ret);
