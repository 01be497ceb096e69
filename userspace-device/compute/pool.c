// SPDX-License-Identifier: MIT
/*
 * The worker pool: host threads that run hardware threads
 * (hw-spec-compute "Workers and scheduling").
 *
 * A worker pops a READY hardware thread from the dispatch's run queue,
 * runs it for at most slice_insns instructions with the array lock
 * dropped, and hands the outcome to the scheduler (sched.c) under the
 * lock.  The slice bound is what keeps a runaway kernel from holding a
 * worker: between slices the worker sees an error, an abort or a stop.
 * A thread that blocks (`wait` with no notification, a send RETRY) gives
 * its worker back at once.  Which worker runs which hardware thread, and
 * when, is not architectural: it changes only timing, never the result
 * of a data-race-free kernel.
 *
 * Idle workers sleep on work_cv with a bounded wait, so a lost wakeup
 * costs at most that long, never a hang.
 */
#include <errno.h>
#include <stdlib.h>
#include <time.h>

#include "compute/array_priv.h"
#include "core/log.h"

#define IDLE_WAIT_MS	100

/* An absolute CLOCK_REALTIME deadline @ms from now, for timed waits. */
void ea_deadline(struct timespec *ts, unsigned int ms)
{
	clock_gettime(CLOCK_REALTIME, ts);
	ts->tv_sec += ms / 1000;
	ts->tv_nsec += (long)(ms % 1000) * 1000000L;
	if (ts->tv_nsec >= 1000000000L) {
		ts->tv_sec++;
		ts->tv_nsec -= 1000000000L;
	}
}

/*
 * How many instructions the slot runs now.  After a wake-up (a barrier
 * released, a notification) its slices start at EA_WAKE_SLICE and double
 * up to the array's: the threads a barrier releases take turns a few
 * instructions at a time, as the hardware's threads of a group issue side
 * by side, instead of each running ahead until it waits again.  Code
 * that reads shared local memory after a barrier and writes it again
 * before the next one then sees what the hardware would: every thread's
 * read before the first write (libigc's work_group_all() followed by
 * another work-group function does exactly that; opencl.rst).  Under the
 * array lock, as ea_notify() sets @slice.
 */
static uint64_t next_slice(struct gs_eu_array *a, struct ea_slot *s)
{
	uint64_t n = s->slice;

	if (!n || n >= a->slice_insns) {
		s->slice = 0;
		return a->slice_insns;
	}
	s->slice *= 2;
	return n;
}

static void *worker_main(void *arg)
{
	struct gs_eu_array *a = arg;

	pthread_mutex_lock(&a->lock);
	while (!a->stop) {
		struct ea_run *run = a->run;
		struct ea_slot *s = run && !run->stopping ? ea_dequeue(run) : NULL;
		const struct gseu_program *prog;
		enum gseu_run_status st;
		struct timespec ts;
		uint64_t before, budget;

		if (!s) {
			ea_deadline(&ts, IDLE_WAIT_MS);
			pthread_cond_timedwait(&a->work_cv, &a->lock, &ts);
			continue;
		}
		s->state = EA_RUNNING;
		run->running++;
		prog = run->kernel.prog;
		s->ran_size = run->kernel.prog_size;
		budget = next_slice(a, s);
		pthread_mutex_unlock(&a->lock);

		/*
		 * A thread issued but not started: its payload, here and not
		 * under the lock (sched.c issue()); the group's fields it
		 * reads were set before it was queued.
		 */
		if (s->t->ended)
			ea_build_payload(run, s->grp, s);
		before = s->t->retired;
		st = gseu_thread_run(s->t, prog, budget);
		/* The progress counter: one relaxed add per slice, the only cost here. */
		atomic_fetch_add_explicit(&a->retired, s->t->retired - before,
					  memory_order_relaxed);

		pthread_mutex_lock(&a->lock);
		run->running--;
		ea_after_slice(a, run, s, st);
		if ((run->stopping || run->finished) && !run->running)
			pthread_cond_broadcast(&a->done_cv);
	}
	pthread_mutex_unlock(&a->lock);
	return NULL;
}

int ea_pool_start(struct gs_eu_array *a, unsigned int n)
{
	a->workers = calloc(n, sizeof(*a->workers));
	if (!a->workers)
		return -1;
	for (unsigned int i = 0; i < n; i++) {
		int err = pthread_create(&a->workers[i], NULL, worker_main, a);

		if (err) {
			gs_err("EU array: worker %u: pthread_create: %d", i, err);
			return -1;
		}
		a->nworkers++;
	}
	return 0;
}

void ea_pool_stop(struct gs_eu_array *a)
{
	pthread_mutex_lock(&a->lock);
	a->stop = true;
	pthread_cond_broadcast(&a->work_cv);
	pthread_mutex_unlock(&a->lock);
	for (unsigned int i = 0; i < a->nworkers; i++)
		pthread_join(a->workers[i], NULL);
	a->nworkers = 0;
	free(a->workers);
	a->workers = NULL;
}
