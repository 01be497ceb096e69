// SPDX-License-Identifier: MIT
/*
 * The channel-enable model of SIMD control flow, shared by the branch
 * handlers of eu/interp/insns/flow_*.c.  Gen8 uses JIP/UIP byte offsets
 * from the branch itself (jmpi from the next instruction):
 * 965/G35 PRM Vol. 4 Subsystem and Cores (2008), 14.2 "Instruction
 * Description"; Mesa src/intel/compiler/brw_eu_emit.c and its "workable
 * emulation model", which gensim implements:
 *
 *  - each channel is active, parked at a per-channel IP (wait_ip), or
 *    gone; parked channels wake when execution reaches their IP (the run
 *    loop checks at every branch target);
 *  - a branch parks the channels that do not follow the current path at
 *    the IP where they resume (gsi_park), and may send the thread
 *    elsewhere (gsi_jump);
 *  - whenever no channel is left active, execution continues at the
 *    nearest IP ahead where a parked channel resumes (in structured code
 *    that is where JIP leads); with no parked channel ahead, at the
 *    lowest parked IP; with none at all, at the next instruction
 *    (gsi_converge).
 */
#include "interp.h"

void gsi_park(struct gseu_hw_thread *t, uint32_t m, int64_t target)
{
	uint32_t ip = target < 0 || target > UINT32_MAX ? UINT32_MAX : (uint32_t)target;

	t->active &= ~m;
	t->waiting |= m;
	while (m) {
		unsigned c = (unsigned)__builtin_ctz(m);

		t->wait_ip[c] = ip;
		m &= m - 1;
	}
}

void gsi_jump(struct gsi_run *r, int64_t target)
{
	r->next_ip = target < 0 || target > UINT32_MAX ? UINT32_MAX : (uint32_t)target;
	r->jumped = true;
}

/* No channel left: go where the nearest parked channel resumes. */
void gsi_converge(struct gsi_run *r, const struct gsi_insn *pi)
{
	struct gseu_hw_thread *t = r->t;
	uint32_t m = t->waiting, best_fwd = UINT32_MAX, best = UINT32_MAX;
	bool fwd = false, any = false;

	if (t->active)
		return;
	while (m) {
		unsigned c = (unsigned)__builtin_ctz(m);
		uint32_t w = t->wait_ip[c];

		m &= m - 1;
		any = true;
		if (w > pi->ip && w <= best_fwd) {
			best_fwd = w;
			fwd = true;
		}
		if (w < best)
			best = w;
	}
	if (fwd)
		gsi_jump(r, best_fwd);
	else if (any)
		gsi_jump(r, best);
}

/* Dword `dword` of a register operand's first element (jump distances). */
int32_t gsi_scalar_d(struct gsi_run *r, const struct gsi_insn *pi,
		     const struct gsi_opnd *o, unsigned dword, int *ret)
{
	uint16_t ob[32];
	uint8_t *base;
	const uint16_t *off;
	bool contig;
	int32_t v = 0;

	*ret = gsi_operand(r, pi, o, &base, &off, &contig, ob);
	if (!*ret)
		memcpy(&v, base + off[0] + 4 * dword, 4);
	return v;
}
