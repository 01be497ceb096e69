// SPDX-License-Identifier: MIT
/*
 * The thread scheduler of one dispatch: where thread groups go, the run
 * queue, what happens after a run slice, retirement, notifications and
 * errors (hw-spec-compute "Thread groups on subslices", "Workers and
 * scheduling"; PRM Vol. 2 Part 2 Media and General Purpose Pipeline
 * (Ivy Bridge 2012), 1.2 "Media Pipeline Overview", 1.5.1.10 "GPGPU
 * Functions"; testable behaviours T10, T11, T24, T25, T27).
 *
 * Placement (gensim): group number g of the walk (walker order) goes to
 * subslice g mod S and, on it, to place (g / S) mod P, where P is how many
 * groups fit a subslice at once: at most 16 (one barrier each, T11), at
 * most 64 KiB / SLM size (T25), at most slots / threads-per-group.  Place
 * p owns barrier ID p, the SLM bytes [p * size, (p + 1) * size) and the
 * thread slots [p * tpg, (p + 1) * tpg) of its subslice, so concurrent
 * groups never share a barrier, SLM or a slot, and every value a thread
 * sees in r0 is the same whatever the number of workers.  A group is
 * issued when its place is free (the previous group there has ended, T24)
 * and, with a MEDIA_VFE_STATE thread limit, when its threads fit under it
 * (T27); groups are issued strictly in walker order.
 *
 * Everything here runs with a->lock held.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "compute/array_priv.h"
#include "core/log.h"
#include "core/trace.h"

void ea_enqueue(struct ea_run *run, struct ea_slot *s)
{
	s->state = EA_READY;
	s->next = NULL;
	if (run->qtail)
		run->qtail->next = s;
	else
		run->qhead = s;
	run->qtail = s;
}

struct ea_slot *ea_dequeue(struct ea_run *run)
{
	struct ea_slot *s = run->qhead;

	if (s) {
		run->qhead = s->next;
		if (!run->qhead)
			run->qtail = NULL;
		s->next = NULL;
	}
	return s;
}

static void check_finished(struct gs_eu_array *a, struct ea_run *run)
{
	if (run->walk_done && !run->busy_groups && !run->finished) {
		run->finished = true;
		pthread_cond_broadcast(&a->done_cv);
	}
}

static void issue(struct gs_eu_array *a, struct ea_run *run, struct ea_group *g,
		  unsigned int ss, unsigned int place)
{
	g->busy = true;
	g->seq = run->next_seq;
	memcpy(g->id, run->next_id, sizeof(g->id));
	g->live = (uint16_t)run->tpg;
	g->arrived = 0;
	g->barrier_id = (uint8_t)place;
	g->slm_off = place * run->d.slm_size;
	g->slm = run->d.slm_size ? a->ss[ss].slm + g->slm_off : NULL;
	/* gensim: a group's SLM starts zeroed, so runs are reproducible. */
	if (g->slm)
		memset(g->slm, 0, run->d.slm_size);
	g->first = &a->ss[ss].slots[place * run->tpg];
	for (unsigned int j = 0; j < run->tpg; j++) {
		struct ea_slot *s = &g->first[j];

		s->run = run;
		s->grp = g;
		s->tig = (uint8_t)j;
		s->sf_status = GS_EU_OK;
		s->sf_msg[0] = 0;
		s->sf_fault = false;
		s->slice = 0;
		/*
		 * The payload (a reset of the whole thread, 5 KiB, and r0 and
		 * the constants) is written by the worker that dequeues the
		 * thread, outside the lock (pool.c): under the lock it was the
		 * serial part of a dispatch of short threads.  Until then the
		 * slot holds its previous, ended thread, which is what ended
		 * says.  A 3D payload callback runs here, under the lock, as
		 * its contract says (dispatch.h).
		 */
		if (run->d.thread_payload)
			ea_build_payload(run, g, s);
		else
			s->t->ended = true;
		ea_enqueue(run, s);
	}
	run->live += run->tpg;
	run->busy_groups++;
	gs_trace_group(true, ss, place, g->seq, g->id);
}

void ea_admit(struct gs_eu_array *a, struct ea_run *run)
{
	bool issued = false;

	while (!run->walk_done && !run->stopping) {
		unsigned int ss = run->next_seq % a->nss;
		unsigned int place = (run->next_seq / a->nss) % run->gps;
		struct ea_group *g = &a->ss[ss].groups[place];

		if (g->busy)
			break;
		if (run->d.max_threads && run->live + run->tpg > run->d.max_threads)
			break;
		/* the media scoreboard (dispatch.h): in order, so the rest waits too */
		if (run->d.thread_may_issue &&
		    !run->d.thread_may_issue(run->d.payload_arg, run->next_id[0])) {
			if (!run->live)
				ea_fail(a, run, NULL, GS_EU_ERR_HANG, "thread %u is held with no "
					"thread live to end and release it", run->next_id[0]);
			break;
		}
		issue(a, run, g, ss, place);
		issued = true;
		run->next_seq++;
		ea_walk_next(run);
	}
	if (issued)
		pthread_cond_broadcast(&a->work_cv);
	check_finished(a, run);
}

static void retire(struct gs_eu_array *a, struct ea_run *run, struct ea_slot *s)
{
	struct ea_group *g = s->grp;

	s->state = EA_DONE;
	run->live--;
	run->res.threads++;
	run->res.instructions += s->t->retired;
	gs_trace_thread_end(s->subslice, s->eu, s->tid, s->fftid, g->seq, s->t->retired);
	if (run->d.thread_retired)
		run->d.thread_retired(run->d.payload_arg, g->id[0] * run->tpg + s->tig);
	if (--g->live)
		return;
	gs_trace_group(false, s->subslice, g->barrier_id, g->seq, g->id);
	g->busy = false;
	run->busy_groups--;
	run->res.groups++;
	ea_admit(a, run);
}

/* The thread that failed: where it is, for the result and the log. */
static void blame(struct ea_run *run, const struct ea_slot *s)
{
	run->res.has_thread = true;
	memcpy(run->res.group, s->grp->id, sizeof(run->res.group));
	run->res.thread = s->tig;
	run->res.ip = s->t->exc ? s->t->exc_ip : s->t->ip;
	run->res.exc = s->t->exc;
}

void ea_fail(struct gs_eu_array *a, struct ea_run *run, struct ea_slot *s,
	     enum gs_eu_status status, const char *fmt, ...)
{
	va_list ap;
	int n = 0;

	if (run->res.status != GS_EU_OK)
		return;		/* the first error is the one reported */
	run->res.status = status;
	if (s) {
		blame(run, s);
		n = snprintf(run->res.msg, sizeof(run->res.msg),
			     "group (%u,%u,%u) thread %u: ", s->grp->id[0], s->grp->id[1],
			     s->grp->id[2], s->tig);
	}
	va_start(ap, fmt);
	vsnprintf(run->res.msg + n, sizeof(run->res.msg) - (size_t)n, fmt, ap);
	va_end(ap);
	run->stopping = true;
	gs_info("EU array: dispatch failed: %s: %s", gs_eu_status_name(status), run->res.msg);
	pthread_cond_broadcast(&a->done_cv);
	pthread_cond_broadcast(&a->work_cv);
}

/* A thread stopped with an exception: the shared function's error, or the EU's. */
static void fail_thread(struct gs_eu_array *a, struct ea_run *run, struct ea_slot *s)
{
	struct gseu_hw_thread *t = s->t;

	if (run->res.status != GS_EU_OK)
		return;
	if (s->sf_fault) {
		run->res.has_fault = true;
		run->res.fault = s->fault;
		run->fault_src = s->fault_src;
	}
	if (t->exc == GSEU_EXC_SEND && s->sf_status != GS_EU_OK)
		ea_fail(a, run, s, s->sf_status, "ip %#x: %s", t->exc_ip, s->sf_msg);
	else if (s->sf_fault)	/* instruction fetch ran into a fault (kernel.c) */
		ea_fail(a, run, s, GS_EU_ERR_FAULT, "%s", s->sf_msg);
	else
		ea_fail(a, run, s, GS_EU_ERR_EXCEPTION, "%s: %s", gseu_exc_name(t->exc),
			t->exc_msg);
}

/*
 * Which notification count the `wait` at the thread's ip takes, or -1 if
 * the instruction there is not a `wait` (a send that answered RETRY).
 */
static int waits_on(const struct ea_run *run, const struct gseu_hw_thread *t)
{
	const struct ea_kernel *k = &run->kernel;
	struct gseu_insn in;
	struct gseu_error err;

	if (t->ip >= k->prog_size ||
	    !gseu_decode(k->bytes, k->prog_size, t->ip, &in, &err) || in.op != GSEU_OP_WAIT)
		return -1;
	return (in.src[0].subnr / 4) & 3;
}

/*
 * Every live thread waits for a notification nobody can send: no thread
 * runs or is ready, and a group's place frees only when its threads end.
 * On hardware this hangs the engine; gensim reports it at once.
 */
static void check_deadlock(struct gs_eu_array *a, struct ea_run *run, struct ea_slot *s)
{
	if (run->stopping || run->qhead || run->running || !run->live ||
	    run->waiting != run->live)
		return;
	ea_fail(a, run, s, GS_EU_ERR_HANG,
		"all %u live threads wait on n0 and no notification can come "
		"(a barrier that not every thread of the group reaches?)", run->live);
}

static void blocked(struct ea_run *run, struct ea_slot *s)
{
	int sub = waits_on(run, s->t);

	if (sub < 0) {
		/* a shared function asked to retry: yield, try again later */
		ea_enqueue(run, s);
		return;
	}
	/* a notification that came after the `wait` looked, before the lock */
	if (atomic_load_explicit(&s->t->notify_pending[sub], memory_order_acquire)) {
		ea_enqueue(run, s);
		return;
	}
	s->state = EA_WAITING;
	run->waiting++;
}

void ea_after_slice(struct gs_eu_array *a, struct ea_run *run, struct ea_slot *s,
		    enum gseu_run_status st)
{
	if (run->stopping) {
		s->state = EA_READY;	/* abandoned; the dispatch is ending */
		return;
	}
	switch (st) {
	case GSEU_RUN_EOT:
		retire(a, run, s);
		break;
	case GSEU_RUN_BUDGET:
		if (s->t->retired >= run->max_insns) {
			ea_fail(a, run, s, GS_EU_ERR_HANG,
				"ip %#x: %llu instructions retired without ending (bound %llu)",
				s->t->ip, (unsigned long long)s->t->retired,
				(unsigned long long)run->max_insns);
			break;
		}
		ea_enqueue(run, s);
		break;
	case GSEU_RUN_BLOCKED:
		blocked(run, s);
		break;
	case GSEU_RUN_EXCEPTION:
		if (ea_kernel_grow(a, run, s)) {
			ea_enqueue(run, s);
			break;
		}
		fail_thread(a, run, s);
		break;
	}
	/* the last thread that could notify may have just ended or blocked */
	check_deadlock(a, run, s);
	if (run->qhead)
		pthread_cond_signal(&a->work_cv);
}

/*
 * The message gateway's notification (965/G35 PRM Vol. 4 Subsystem and
 * Cores (2008), 7 "Message Gateway"): count it in the thread's n0.<sub>
 * and, if the thread sleeps in `wait`, queue it.  Either way a thread it
 * wakes starts again with short slices (pool.c next_slice()); one that
 * runs ends its slice at its wait first.
 */
void ea_notify(struct gs_eu_array *a, struct ea_slot *s, unsigned int sub)
{
	struct ea_run *run = s->run;

	gseu_thread_notify(s->t, sub);
	if (s->state == EA_RUNNING) {
		/* the sender itself, or one between its message and its wait */
		s->slice = EA_WAKE_SLICE;
		gseu_thread_yield_at_wait(s->t);
	} else if (s->state == EA_WAITING) {
		s->slice = EA_WAKE_SLICE;
		run->waiting--;
		ea_enqueue(run, s);
		pthread_cond_signal(&a->work_cv);
	}
}
