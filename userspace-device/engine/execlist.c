// SPDX-License-Identifier: MIT
/*
 * Execlist transitions on the engine thread (hw-spec-engines
 * "Submission", its event table; PRM Vol. 6 Command Stream Programming
 * (Cherryview 2015), "Context Status", "ExecList Scheduling"; EXT GVT-g
 * execlist.c for the shape of the state machine).
 *
 *   start     a list the ELSP side effect made current on an idle engine:
 *             CSB IDLE_TO_ACTIVE (Context ID 0), element 0 is restored.
 *   complete  RING_HEAD reached RING_TAIL in the ring: the context is
 *             saved; a pending list takes over (PREEMPTED |
 *             CONTEXT_COMPLETE), else element 1 starts (ELEMENT_SWITCH |
 *             CONTEXT_COMPLETE), else the engine goes idle (ACTIVE_TO_IDLE
 *             | CONTEXT_COMPLETE).
 *   preempt   a preemption point with a list pending: a lite restore if
 *             its element 0 is the running context and Force Restore is
 *             clear (RING_TAIL re-read; PREEMPTED | LITE_RESTORE), else the
 *             running context is saved (PREEMPTED) and the pending list's
 *             element 0 is restored.
 *
 * The list moves are decided under engine->lock, the CSB entry is written
 * after the lock is dropped (it touches memory), and always after the
 * save, so a driver that reads an entry finds the image up to date.
 */
#include "core/device.h"
#include "core/log.h"
#include "core/trace.h"
#include "cs/cs.h"
#include "cs/engine.h"
#include "engine/engine.h"

/*
 * The list state belongs to the epoch it was made in: after an engine
 * reset (which changes the epoch under engine->lock) the thread's work in
 * flight must not touch it.  engine->lock held.
 */
static bool same_epoch_locked(struct gs_cs *cs)
{
	return atomic_load(&cs->eng->epoch) == cs->epoch;
}

/* Restore @desc and make it the running element. */
static void start_element(struct gs_cs *cs, uint64_t desc)
{
	struct gs_engine *eng = cs->eng;

	gs_lrc_restore(cs, desc);
	pthread_mutex_lock(&eng->lock);
	if (same_epoch_locked(cs)) {
		eng->running = true;
		eng->running_ctx_id = (uint32_t)(desc >> 32);
		eng->arb_on = cs->arb_on;
	}
	pthread_mutex_unlock(&eng->lock);
	gs_execlist_status_update(cs);
	gs_trace_ctx(eng->id, cs->ctx_id, "restore", cs->lrca, cs->head, cs->tail);
	gs_info("%s: context %#x (LRCA %#x) runs: ring %#x + %#x, head %#x tail %#x%s",
		eng->name, cs->ctx_id, cs->lrca, cs->ring_start, cs->ring_size, cs->head, cs->tail,
		cs->hung ? " (hung: its image or ring is bad)" : "");
}

/* The list the ELSP side effect made current on an idle engine. */
void gs_execlist_start(struct gs_cs *cs)
{
	struct gs_engine *eng = cs->eng;
	uint64_t desc;

	pthread_mutex_lock(&eng->lock);
	desc = eng->cur.desc[0];
	eng->active = 0;
	pthread_mutex_unlock(&eng->lock);
	gs_trace_csb(eng->id, CSB_IDLE_TO_ACTIVE, 0);
	gs_csb_write(cs, CSB_IDLE_TO_ACTIVE, 0);
	start_element(cs, desc);
}

/* The running element is done (RING_HEAD == RING_TAIL in the ring). */
void gs_execlist_complete(struct gs_cs *cs)
{
	struct gs_engine *eng = cs->eng;
	uint32_t id = cs->ctx_id, status;
	uint64_t next = 0;

	gs_lrc_save(cs);
	pthread_mutex_lock(&eng->lock);
	if (!same_epoch_locked(cs)) {
		pthread_mutex_unlock(&eng->lock);
		return;
	}
	if (eng->pend_valid) {
		/* The completion is the preemption point. */
		status = CSB_PREEMPTED | CSB_CONTEXT_COMPLETE;
		eng->cur = eng->pend;
		eng->pend_valid = false;
		atomic_store(&eng->pending_flag, false);
		eng->active = 0;
		next = eng->cur.desc[0];
	} else if (eng->active == 0 && (eng->cur.desc[1] & CTX_DESC_VALID)) {
		status = CSB_ELEMENT_SWITCH | CSB_CONTEXT_COMPLETE;
		eng->active = 1;
		next = eng->cur.desc[1];
	} else {
		status = CSB_ACTIVE_TO_IDLE | CSB_CONTEXT_COMPLETE;
		eng->cur_valid = false;
		eng->cur_started = false;
		eng->running = false;
		eng->running_ctx_id = 0;
		eng->arb_on = false;
	}
	pthread_mutex_unlock(&eng->lock);
	gs_info("%s: context %#x complete", eng->name, id);
	gs_trace_csb(eng->id, status, id);
	gs_csb_write(cs, status, id);
	if (next)
		start_element(cs, next);
	else
		gs_execlist_status_update(cs);
}

/* A preemption point with a list pending. */
void gs_execlist_preempt(struct gs_cs *cs)
{
	struct gs_engine *eng = cs->eng;
	uint32_t id = cs->ctx_id;
	struct gs_execlist p;
	bool lite;

	pthread_mutex_lock(&eng->lock);
	if (!eng->pend_valid || !same_epoch_locked(cs)) {
		pthread_mutex_unlock(&eng->lock);
		return;
	}
	p = eng->pend;
	eng->cur = p;
	eng->pend_valid = false;
	atomic_store(&eng->pending_flag, false);
	eng->active = 0;
	lite = (p.desc[0] & CTX_DESC_LRCA) == cs->lrca && !(p.desc[0] & CTX_DESC_FORCE_RESTORE);
	if (lite) {
		eng->running_ctx_id = (uint32_t)(p.desc[0] >> 32);
		eng->arb_on = cs->arb_on;
	}
	pthread_mutex_unlock(&eng->lock);

	if (lite) {
		gs_info("%s: lite restore of context %#x", eng->name, id);
		gs_lrc_lite_restore(cs, p.desc[0]);
		gs_trace_csb(eng->id, CSB_PREEMPTED | CSB_LITE_RESTORE, id);
		gs_csb_write(cs, CSB_PREEMPTED | CSB_LITE_RESTORE, id);
		gs_trace_ctx(eng->id, cs->ctx_id, "lite restore", cs->lrca, cs->head, cs->tail);
		gs_execlist_status_update(cs);
		return;
	}
	gs_info("%s: context %#x preempted", eng->name, id);
	gs_lrc_save(cs);
	gs_trace_csb(eng->id, CSB_PREEMPTED, id);
	gs_csb_write(cs, CSB_PREEMPTED, id);
	start_element(cs, p.desc[0]);
}
