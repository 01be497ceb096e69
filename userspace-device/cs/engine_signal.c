// SPDX-License-Identifier: MIT
/*
 * What commands and registers ask of an engine's thread: kicks, the HWSP
 * ISR mirror, semaphore signals and waits (hw-spec-engines).
 *
 * Called from: commands (cmd_mi_sema.c), register side effects (elsp.c,
 * engine_regs.c, cs_error.c), the interrupt controller through the
 * device's isr_changed hook, and the engine thread itself (engine.c).
 * Everything here takes engine->lock only; the thread that runs the
 * engine is engine/engine.c.
 */
#include <stdatomic.h>
#include <time.h>

#include "core/device.h"
#include "core/log.h"
#include "cs/engine.h"

struct gs_engine *gs_engine(struct gs_device *dev, int id)
{
	return id >= 0 && id < GS_NUM_ENGINES ? dev->engine[id] : NULL;
}

/* Something for the thread; engine->lock held. */
void gs_engine_kick_locked(struct gs_engine *eng)
{
	atomic_store_explicit(&eng->kick, true, memory_order_relaxed);
	pthread_cond_broadcast(&eng->cond);
}

/* An interrupt bit of @id changed: its HWSP ISR mirror may need writing. */
void gs_engine_hwsp_dirty(struct gs_device *dev, int id)
{
	struct gs_engine *eng = gs_engine(dev, id);

	if (!eng)
		return;
	pthread_mutex_lock(&eng->lock);
	eng->hwsp_dirty = true;
	gs_engine_kick_locked(eng);
	pthread_mutex_unlock(&eng->lock);
}

/*
 * MI_SEMAPHORE_SIGNAL reached this engine (cmd_mi_sema.c).  A signal is
 * for one context: if it is the one this engine runs, a signal-mode wait
 * re-reads its semaphore (EXT media-driver gen8 MI_SEMAPHORE_WAIT "Signal
 * Mode"); otherwise the signal is dropped, as the hardware drops it.
 */
void gs_engine_signal(struct gs_engine *eng, uint32_t ctx_id)
{
	bool hit;
	uint32_t running;

	pthread_mutex_lock(&eng->lock);
	running = eng->running_ctx_id;
	hit = eng->running && running == ctx_id;
	if (hit) {
		eng->sema_seq++;
		gs_engine_kick_locked(eng);
	}
	pthread_mutex_unlock(&eng->lock);
	if (!hit)
		gs_info("%s: semaphore signal for context %#x dropped: %s %#x", eng->name, ctx_id,
			"the engine runs context", running);
}

/* Wait on engine->cond for at most @us microseconds; engine->lock held. */
void gs_engine_wait_locked(struct gs_engine *eng, unsigned int us)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	ts.tv_sec += us / 1000000;
	ts.tv_nsec += (long)(us % 1000000) * 1000;
	if (ts.tv_nsec >= 1000000000) {
		ts.tv_sec++;
		ts.tv_nsec -= 1000000000;
	}
	eng->quiescent = true;
	pthread_cond_timedwait(&eng->cond, &eng->lock, &ts);
	eng->quiescent = false;
}

/* The count of semaphore signals for the running context. */
uint64_t gs_engine_sema_seq(struct gs_engine *eng)
{
	uint64_t seq;

	pthread_mutex_lock(&eng->lock);
	seq = eng->sema_seq;
	pthread_mutex_unlock(&eng->lock);
	return seq;
}

/*
 * An unsuccessful MI_SEMAPHORE_WAIT sleeps here, at most @us, unless
 * something already happened: a signal since it read @seen, a request for
 * the thread (stop, reset, quit, a status write), or - when @preemptible -
 * a pending execlist that should take over at once.  The sleep is a
 * condition-variable wait, never a spin: a waiting engine costs the host
 * nothing between polls.
 */
void gs_engine_sema_wait(struct gs_engine *eng, uint64_t seen, unsigned int us, bool preemptible)
{
	pthread_mutex_lock(&eng->lock);
	if (!atomic_load_explicit(&eng->kick, memory_order_relaxed) && eng->sema_seq == seen &&
	    !(preemptible && eng->pend_valid))
		gs_engine_wait_locked(eng, us);
	pthread_mutex_unlock(&eng->lock);
}

