// SPDX-License-Identifier: MIT
/*
 * goto and join: the Gen8 branches with a per-channel instruction pointer
 * that IGC emits for unstructured SIMD control flow (break and continue
 * across loops, early exits).  Sources, in Documentation/gpu/gensim/
 * eu-isa.rst "goto and join": Intel Graphics Compiler (IGC), vISA
 * specification "GOTO" (documentation/visa/instructions/GOTO.md) for the
 * forward and the backward goto, IGC's binary encoder
 * (visa/BinaryEncodingIGA.cpp), which sets BranchCtrl exactly on the
 * backward ones, and the code IGC generates for Broadwell, which fixes
 * the sense of the predicate; the encodings are IGA's Gen8 model (iga64
 * -p=8).
 *
 *  - goto, BranchCtrl 0 (forward): like if, the predicate names the
 *    channels that stay: the enabled channels whose predicate fails leave
 *    and wait at UIP (their per-channel IP), the others go on with the
 *    next instruction.  IGC's "(f0.0) goto" after "mov f0.0 0" is an
 *    unconditional jump of every enabled channel;
 *  - goto, BranchCtrl 1 (backward, printed goto.b): like while, the
 *    enabled channels whose predicate holds jump back to UIP; the others
 *    wait at JIP (the instruction after the goto, the loop's exit);
 *  - join: re-enables the channels waiting at its IP (the run loop does
 *    that on arrival at any join point, interp_run.c).
 *
 * When no channel is left enabled the hardware continues at JIP, the next
 * point where channels may be waiting.  gensim continues where the
 * nearest waiting channel resumes (gsi_converge, interp_flow.c), the
 * model the structured branches use; in IGC's code the two are the same
 * place, and the model cannot strand a channel whose wait point lies
 * before a JIP that skips it.
 */
#include "insns.h"

/* Channels a branch moves: enabled ones (NoMask cannot wake the gone). */
static uint32_t goto_exec(const struct gseu_hw_thread *t, const struct gsi_insn *pi)
{
	return gsi_flow_exec(t, pi) & t->active;
}

static int exec_goto(struct gsi_run *r, const struct gsi_insn *pi)
{
	struct gseu_hw_thread *t = r->t;
	uint32_t exec = goto_exec(t, pi), pm = gsi_flow_pred(t, pi);

	if (pi->in.acc_wr_en) {		/* bit 28 on a branch: BranchCtrl */
		gsi_park(t, exec & ~pm, pi->jip_ip);
		if (exec & pm) {
			gsi_jump(r, pi->uip_ip);
			return 0;
		}
		gsi_converge(r, pi);
		return 0;
	}
	gsi_park(t, exec & ~pm, pi->uip_ip);
	gsi_converge(r, pi);
	return 0;
}
GSI_SEM(goto, .exec = exec_goto);

static int exec_join(struct gsi_run *r, const struct gsi_insn *pi)
{
	gsi_converge(r, pi);
	return 0;
}

/* A join is where waiting channels come back, targeted or not. */
static void link_join(struct gseu_program *p, struct gsi_insn *pi)
{
	(void)p;
	pi->join = true;
}
GSI_SEM(join, .exec = exec_join, .link = link_join);
