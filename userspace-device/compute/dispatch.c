// SPDX-License-Identifier: MIT
/*
 * gs_eu_dispatch(): one GPGPU walker from description to result
 * (hw-spec-compute "The dispatch contract", "Errors and bounds").
 *
 *   validate -> fetch the kernel -> issue groups (sched.c) -> wait until
 *   every group ended, or the first error, the time bound or an abort
 *   stopped it, and every worker left its run slice -> report the fault,
 *   if one stopped it -> free.
 *
 * The caller's thread only waits: all hardware threads run on the pool.
 * Every wait is a timed wait, and the time bound (timeout_ms) turns a
 * dispatch that does not finish into GS_EU_ERR_HANG; workers notice it at
 * the end of their current run slice, which is bounded too.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "compute/array_priv.h"
#include "core/log.h"
#include "core/trace.h"

#define POLL_MS			50
#define PROGRESS_MS		2
#define DEFAULT_TIMEOUT_MS	60000u
#define DEFAULT_MAX_INSNS	(1ull << 28)

static uint64_t now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

static unsigned int groups_per_subslice(const struct gs_eu_array *a, const struct ea_run *run)
{
	unsigned int n = EA_GROUPS_PER_SS;

	if (a->slots_per_ss / run->tpg < n)
		n = a->slots_per_ss / run->tpg;
	if (run->d.slm_size && EA_SLM_PER_SS / run->d.slm_size < n)
		n = EA_SLM_PER_SS / run->d.slm_size;
	return n;
}

static struct ea_run *run_create(const struct gs_eu_array *a, const struct gs_eu_dispatch *d)
{
	struct ea_run *run = calloc(1, sizeof(*run));

	if (!run)
		return NULL;
	run->d = *d;
	if (d->curbe && d->curbe_size) {
		run->curbe = malloc(d->curbe_size);
		if (!run->curbe) {
			free(run);
			return NULL;
		}
		memcpy(run->curbe, d->curbe, d->curbe_size);
	}
	run->d.curbe = run->curbe;
	run->space.kind = d->space;
	run->space.pml4 = d->pml4;
	/*
	 * gensim: a dispatch starts with an empty TLB of its own, so page
	 * table changes made before the walker are seen whether or not the
	 * driver invalidated (never staler than the hardware).
	 */
	run->space.tlb = gs_tlb_create();
	if (!run->space.tlb) {
		free(run->curbe);
		free(run);
		return NULL;
	}
	run->tpg = d->thread_width * d->thread_height * d->thread_depth;
	run->gps = groups_per_subslice(a, run);
	run->simd_mask = d->simd == 32 ? ~0u : (1u << d->simd) - 1;
	run->max_insns = d->max_thread_insns ? d->max_thread_insns : DEFAULT_MAX_INSNS;
	ea_walk_first(run);
	return run;
}

static void run_free(struct ea_run *run)
{
	gs_tlb_destroy(run->space.tlb);
	ea_kernel_free(&run->kernel);
	free(run->curbe);
	free(run);
}

/*
 * The caller's progress hook (dispatch.h), with the array lock dropped so
 * it may take the device's reg_lock (array_priv.h: never under a->lock).
 * The run stays valid: only this thread frees it.
 */
static void report_progress(struct gs_eu_array *a, struct ea_run *run)
{
	bool stop;

	pthread_mutex_unlock(&a->lock);
	stop = run->d.progress(run->d.progress_arg, gs_eu_array_retired(a));
	pthread_mutex_lock(&a->lock);
	if (stop && !run->stopping && !run->finished)
		ea_fail(a, run, NULL, GS_EU_ERR_ABORTED,
			"dispatch aborted (the engine is to be reset)");
}

/*
 * Wait (lock held) until the run is over and no worker is inside it.  With
 * a progress hook the wait wakes every progress_ms to call it.
 */
static void wait_run(struct gs_eu_array *a, struct ea_run *run)
{
	uint32_t limit = run->d.timeout_ms ? run->d.timeout_ms : DEFAULT_TIMEOUT_MS;
	uint32_t poll = !run->d.progress ? POLL_MS :
			run->d.progress_ms ? run->d.progress_ms : PROGRESS_MS;
	uint64_t deadline = now_ms() + limit;

	while (!(run->finished || run->stopping) || run->running) {
		struct timespec ts;

		if (run->d.progress && !run->stopping && !run->finished)
			report_progress(a, run);
		if (!run->stopping && !run->finished && now_ms() >= deadline)
			ea_fail(a, run, NULL, GS_EU_ERR_HANG,
				"the dispatch did not finish within %u ms (%u threads live, "
				"%u waiting on n0)", limit, run->live, run->waiting);
		if ((run->finished || run->stopping) && !run->running)
			break;
		ea_deadline(&ts, poll);
		pthread_cond_timedwait(&a->done_cv, &a->lock, &ts);
	}
}

/* Give every slot and group of the run back (lock held, no worker in it). */
static void release(struct gs_eu_array *a, struct ea_run *run)
{
	for (unsigned int i = 0; i < a->nslots; i++) {
		struct ea_slot *s = &a->slots[i];

		if (s->run != run)
			continue;
		if (s->state != EA_DONE)
			run->res.instructions += s->t->retired;
		s->run = NULL;
		s->grp = NULL;
		s->next = NULL;
		s->state = EA_FREE;
	}
	for (unsigned int i = 0; i < a->nss; i++)
		for (unsigned int g = 0; g < EA_GROUPS_PER_SS; g++)
			a->ss[i].groups[g].busy = false;
	run->qhead = run->qtail = NULL;
}

static enum gs_eu_status run_dispatch(struct gs_eu_array *a, struct ea_run *run)
{
	char why[sizeof(run->res.msg)];
	int r = ea_kernel_fetch(a, run, why, sizeof(why));

	if (r) {
		run->res.status = r == -2 ? GS_EU_ERR_FAULT : GS_EU_ERR_NOMEM;
		snprintf(run->res.msg, sizeof(run->res.msg), "%s", why);
		if (r == -2) {
			run->res.has_fault = true;
			run->res.fault = run->kernel.fault;
			run->fault_src = FAULT_SRC_CS;
		}
		return run->res.status;
	}
	gs_trace_mark("EU kernel fetched (bytes)", run->kernel.fetched);
	pthread_mutex_lock(&a->lock);
	a->run = run;
	ea_admit(a, run);
	wait_run(a, run);
	release(a, run);
	a->run = NULL;
	pthread_mutex_unlock(&a->lock);
	return run->res.status;
}

enum gs_eu_status gs_eu_dispatch(struct gs_eu_array *a, const struct gs_eu_dispatch *d,
				 struct gs_eu_result *res)
{
	struct ea_run *run;
	char why[sizeof(res->msg)];

	memset(res, 0, sizeof(*res));
	if (pthread_mutex_trylock(&a->dispatch_lock)) {
		res->status = GS_EU_ERR_BUSY;
		snprintf(res->msg, sizeof(res->msg), "another dispatch is running on this EU array");
		return res->status;
	}
	if (ea_validate(a, d, why, sizeof(why))) {
		res->status = GS_EU_ERR_INVALID;
		snprintf(res->msg, sizeof(res->msg), "%s", why);
		gs_info("EU array: dispatch refused: %s", why);
		goto out;
	}
	run = run_create(a, d);
	if (!run) {
		res->status = GS_EU_ERR_NOMEM;
		snprintf(res->msg, sizeof(res->msg), "out of memory");
		goto out;
	}
	run_dispatch(a, run);
	/* reg_lock is taken here, with the array lock dropped (array_priv.h) */
	if (run->res.has_fault)
		gs_fault_report(a->dev, d->engine, run->fault_src, &run->res.fault);
	*res = run->res;
	run_free(run);
out:
	pthread_mutex_unlock(&a->dispatch_lock);
	return res->status;
}
