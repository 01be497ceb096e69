// SPDX-License-Identifier: MIT
/*
 * Memory semaphores (hw-spec-commands "Semaphores"; PRM Vol. 6 Command
 * Stream Programming (Cherryview 2015), "Memory Interface Commands for
 * RCP", the execlist preemption table ("ExecList Scheduling"): an
 * unsuccessful wait is a preemption point; layouts and semantics EXT
 * media-driver gen8 MI_SEMAPHORE_WAIT/SIGNAL and Mesa gen8.xml).
 *
 * MI_SEMAPHORE_WAIT reads the semaphore dword (SAD) at its address (GGTT
 * with bit 22, else PPGTT) and compares it with the inline data (SDD):
 * 0 SAD > SDD, 1 SAD >= SDD, 2 SAD < SDD, 3 SAD <= SDD, 4 SAD == SDD,
 * 5 SAD != SDD, unsigned; 6 and 7 are reserved (instruction error).  If
 * the comparison holds the engine moves on.  If not, the engine waits on
 * the command, as Gen8 does with "inhibit synchronous context switch"
 * (gensim never switches a context out for a semaphore), and:
 * - sets RING_CTL's RING_WAIT_SEMAPHORE and raises the wait-on-semaphore
 *   interrupt (bit 11) once per wait;
 * - is at a preemption point: a pending execlist takes over, and the
 *   context, saved with its head on the wait, waits again when it
 *   resumes;
 * - in poll mode (bit 15) re-reads the semaphore after 10 us, doubling to
 *   at most 1 ms while it stays unsatisfied (gensim's SEMA_WAIT_POLL; the
 *   engine sleeps between polls, it never spins);
 * - in signal mode re-reads it only when an MI_SEMAPHORE_SIGNAL for its
 *   context arrives (a poll-mode wait re-reads on a signal too);
 * - stays interruptible: a stop, a reset or destruction ends the wait at
 *   once without completing the command.
 *
 * MI_SEMAPHORE_SIGNAL sends a signal to the engine in bits 17:15 (0 rcs0,
 * 1 vcs0, 2 bcs0, 3 vecs0, 4 vcs1) for the context whose ID is DW1.  A
 * signal to an engine the device lacks (vcs1 always) is logged and lost;
 * 5-7 are reserved.
 */
#include "cmd/cmd.h"
#include "core/device.h"
#include "core/log.h"
#include "cs/cs.h"
#include "cs/engine.h"

#define POLL_FIRST_US		10
#define POLL_MAX_US		1000
#define SIGNAL_WAIT_US		100000	/* a bound on each sleep; signal mode re-reads only on signals */

static bool compare(unsigned int op, uint32_t sad, uint32_t sdd)
{
	switch (op) {
	case MI_SEMAPHORE_SAD_GT_SDD:
		return sad > sdd;
	case MI_SEMAPHORE_SAD_GTE_SDD:
		return sad >= sdd;
	case MI_SEMAPHORE_SAD_LT_SDD:
		return sad < sdd;
	case MI_SEMAPHORE_SAD_LTE_SDD:
		return sad <= sdd;
	case MI_SEMAPHORE_SAD_EQ_SDD:
		return sad == sdd;
	default:
		return sad != sdd;
	}
}

static void wait_status(struct gs_cs *cs, bool waiting)
{
	struct gs_device *dev = cs->dev;
	uint32_t ctl = RING_CTL(cs->eng->base);

	pthread_mutex_lock(&dev->reg_lock);
	if (atomic_load(&cs->eng->epoch) == cs->epoch) {
		uint32_t v = gs_reg_read(dev, ctl);

		gs_reg_store_locked(dev, ctl, waiting ? v | RING_WAIT_SEMAPHORE :
							v & ~RING_WAIT_SEMAPHORE);
	}
	pthread_mutex_unlock(&dev->reg_lock);
}

enum gs_cmd_result gs_cmd_semaphore_wait(struct gs_cs *cs, const struct gs_cmd_desc *cmd,
					 const uint32_t *dw, unsigned int len)
{
	unsigned int op = FIELD_GET(MI_SEMAPHORE_COMPARE, dw[0]);
	bool poll = dw[0] & MI_SEMAPHORE_POLL;
	uint64_t seen;
	uint32_t sad;

	(void)cmd;
	(void)len;
	if (op > MI_SEMAPHORE_SAD_NEQ_SDD)
		return gs_cs_instruction_error(cs, "reserved compare operation %u", op);
	/* Signals counted before the read: one that lands after it wakes the wait. */
	seen = gs_engine_sema_seq(cs->eng);
	if (cs->sema_waiting && !poll && seen == cs->sema_seen) {
		/* Signal mode and no signal since the last read: wait on, read nothing. */
		cs->preempt_point = true;
		gs_engine_sema_wait(cs->eng, seen, SIGNAL_WAIT_US, cs->arb_on);
		return GS_CMD_RETRY;
	}
	cs->sema_seen = seen;
	if (gs_cs_read(cs, dw[0] & MI_SEMAPHORE_GLOBAL_GTT, gs_cs_addr48(dw[2], dw[3], ~3u), &sad,
		       sizeof(sad)))
		return GS_CMD_HALT;
	if (compare(op, sad, dw[1])) {
		if (cs->sema_waiting) {
			cs->sema_waiting = false;
			wait_status(cs, false);
		}
		return GS_CMD_NEXT;
	}
	cs->preempt_point = true;
	if (!cs->sema_waiting) {
		cs->sema_waiting = true;
		cs->sema_poll_us = POLL_FIRST_US;
		wait_status(cs, true);
		gs_cs_raise(cs, GT_WAIT_SEMAPHORE_INTERRUPT);
	} else if (poll && cs->sema_poll_us < POLL_MAX_US) {
		cs->sema_poll_us = cs->sema_poll_us * 2 > POLL_MAX_US ? POLL_MAX_US :
									  cs->sema_poll_us * 2;
	}
	gs_engine_sema_wait(cs->eng, seen, poll ? cs->sema_poll_us : SIGNAL_WAIT_US, cs->arb_on);
	return GS_CMD_RETRY;
}

enum gs_cmd_result gs_cmd_semaphore_signal(struct gs_cs *cs, const struct gs_cmd_desc *cmd,
					   const uint32_t *dw, unsigned int len)
{
	static const int target[] = {
		[MI_SEMAPHORE_TARGET_RCS] = GS_RCS,
		[MI_SEMAPHORE_TARGET_VCS0] = GS_VCS,
		[MI_SEMAPHORE_TARGET_BCS] = GS_BCS,
		[MI_SEMAPHORE_TARGET_VECS] = GS_VECS,
		[MI_SEMAPHORE_TARGET_VCS1] = -1,
	};
	unsigned int t = FIELD_GET(MI_SEMAPHORE_SIGNAL_TARGET, dw[0]);
	struct gs_engine *to;

	(void)cmd;
	(void)len;
	if (t > MI_SEMAPHORE_TARGET_VCS1)
		return gs_cs_instruction_error(cs, "reserved target engine %u", t);
	to = gs_engine(cs->dev, target[t]);
	if (!to) {
		gs_err("%s: MI_SEMAPHORE_SIGNAL to target engine %u, which this device does not "
		       "have: signal lost", cs->eng->name, t);
		return GS_CMD_NEXT;
	}
	gs_engine_signal(to, dw[1]);
	return GS_CMD_NEXT;
}
