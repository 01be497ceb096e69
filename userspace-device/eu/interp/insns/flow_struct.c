// SPDX-License-Identifier: MIT
/*
 * Structured SIMD branches: if, else, endif, while, break, cont, halt.
 * Each parks the channels that leave the current path at the IP where
 * they resume (interp_flow.c has the model: 965/G35 PRM Vol. 4
 * Subsystem and Cores (2008), 14.2 "Instruction Description"; Mesa
 * src/intel/compiler/brw_eu_emit.c and its "workable emulation model");
 * JIP/UIP are byte offsets from the branch, already absolute in
 * pi->jip_ip / pi->uip_ip.
 *
 *  - if: enabled channels whose predicate fails park at JIP;
 *  - else: the channels that ran the then-part park at JIP (the endif);
 *  - endif: nothing itself; channels parked there woke on arrival;
 *  - while: channels whose predicate holds jump back to JIP, the others
 *    park just after the while until the loop exits;
 *  - break parks at the end of the loop (Mesa's Gen7+ UIP points at the
 *    WHILE itself, so link moves it past the while), cont parks at the
 *    while (UIP) so it takes part in the loop test, halt at UIP.
 *
 * if and else with BranchCtrl are refused at predecode (check_brctrl):
 * IGC never sets it on them and what it changes there is not in the
 * sources (goto's BranchCtrl is flow_goto.c's).
 */
#include "insns.h"

static void check_brctrl(struct gsi_insn *pi)
{
	if (pi->in.acc_wr_en)	/* bit 28 on a branch: BranchCtrl */
		gsi_fault(pi, GSEU_EXC_UNSUPPORTED,
			  "%s with BranchCtrl is not implemented", gsi_opname(pi));
}

static int exec_if(struct gsi_run *r, const struct gsi_insn *pi)
{
	struct gseu_hw_thread *t = r->t;

	gsi_park(t, gsi_flow_exec(t, pi) & ~gsi_flow_pred(t, pi), pi->jip_ip);
	gsi_converge(r, pi);
	return 0;
}
GSI_SEM(if, .exec = exec_if, .check = check_brctrl);

static int exec_else(struct gsi_run *r, const struct gsi_insn *pi)
{
	struct gseu_hw_thread *t = r->t;

	gsi_park(t, gsi_flow_exec(t, pi) & gsi_flow_pred(t, pi), pi->jip_ip);
	gsi_converge(r, pi);
	return 0;
}
GSI_SEM(else, .exec = exec_else, .check = check_brctrl);

static int exec_endif(struct gsi_run *r, const struct gsi_insn *pi)
{
	gsi_converge(r, pi);
	return 0;
}
GSI_SEM(endif, .exec = exec_endif);

static int exec_while(struct gsi_run *r, const struct gsi_insn *pi)
{
	struct gseu_hw_thread *t = r->t;
	uint32_t exec = gsi_flow_exec(t, pi), pm = gsi_flow_pred(t, pi);

	if (exec & pm) {
		gsi_park(t, exec & ~pm, (int64_t)pi->ip + pi->size);
		gsi_jump(r, pi->jip_ip);
		return 0;
	}
	gsi_converge(r, pi);
	return 0;
}
GSI_SEM(while, .exec = exec_while);

/* break, cont, halt: the enabled channels whose predicate holds park */
static int exec_park_uip(struct gsi_run *r, const struct gsi_insn *pi)
{
	struct gseu_hw_thread *t = r->t;

	gsi_park(t, gsi_flow_exec(t, pi) & gsi_flow_pred(t, pi), pi->uip_ip);
	gsi_converge(r, pi);
	return 0;
}

/* Gen7+: break's UIP points at the WHILE (Mesa brw_set_uip_jip). */
static void link_break(struct gseu_program *p, struct gsi_insn *pi)
{
	const struct gsi_insn *w = gsi_at_ip(p, pi->uip_ip);

	if (w && w->in.op == GSEU_OP_WHILE)
		pi->uip_ip = (int64_t)w->ip + w->size;
}
GSI_SEM(break, .exec = exec_park_uip, .link = link_break);
GSI_SEM(cont, .exec = exec_park_uip);
GSI_SEM(halt, .exec = exec_park_uip);
