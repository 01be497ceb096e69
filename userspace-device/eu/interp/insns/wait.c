// SPDX-License-Identifier: MIT
/*
 * wait (965/G35 PRM Vol. 4 Subsystem and Cores (2008), 14.2 "Instruction
 * Description", 7 "Message Gateway"): `wait n0.N` blocks while the
 * notification count n0.N is 0, then takes one notification.
 * Notifications arrive through gseu_thread_notify() at any time; they are
 * folded into n0 here, by the thread that runs.  A blocked wait returns
 * GSEU_RUN_BLOCKED with ip still on the wait.  A wait that goes on after
 * gseu_thread_yield_at_wait() ends the slice (GSEU_RUN_BUDGET, ip past it).
 */
#include "insns.h"

static int exec_wait(struct gsi_run *r, const struct gsi_insn *pi)
{
	struct gseu_hw_thread *t = r->t;
	unsigned sub = (pi->in.src[0].subnr / 4) & 3;
	uint32_t got = atomic_exchange_explicit(&t->notify_pending[sub], 0,
						memory_order_acquire);

	t->n0.d[sub] += got;
	if (!t->n0.d[sub])
		return GSI_STOP(GSEU_RUN_BLOCKED);
	t->n0.d[sub]--;
	if (atomic_exchange_explicit(&t->yield_at_wait, false, memory_order_relaxed))
		return GSI_STOP(GSEU_RUN_BUDGET);
	return 0;
}

static void check_wait(struct gsi_insn *pi)
{
	if (pi->in.src[0].file != GSEU_FILE_ARF ||
	    (pi->in.src[0].nr & 0xf0) != GSEU_ARF_N0)
		gsi_fault(pi, GSEU_EXC_OPERAND, "wait: src0 must be n0");
}
GSI_SEM(wait, .exec = exec_wait, .check = check_wait);
