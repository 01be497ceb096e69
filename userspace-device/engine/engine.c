// SPDX-License-Identifier: MIT
/*
 * The command streamers' threads (hw-spec-engines; as Intel GVT-g's
 * execlist.c does, the architectural state is kept apart from the
 * executor).
 *
 * One thread per engine present, started with the device and joined when
 * it is destroyed.  The thread sleeps on engine->cond until something
 * needs it: a submission (elsp.c fills the execlist slots and kicks it), a
 * stop or reset-handshake request (engine_regs.c), an engine reset
 * (gs_engine_reset_locked(), from GDRST), a status write for the HWSP ISR
 * mirror, a semaphore signal, or device destruction.  Every sleep is
 * bounded (100 ms) as a second line of defence against a lost wake-up.
 *
 * While a context runs the thread executes it in slices of at most
 * SLICE_COMMANDS commands and checks engine->kick between commands, so a
 * batch that loops forever (MI_BATCH_BUFFER_START chaining to itself)
 * still sees a stop, a reset or destruction at the next command boundary.
 * A new execlist preempts only at the spec's preemption points
 * (execlist.c).
 *
 * The channel thread never waits for an engine: it changes the shared
 * state under engine->lock and kicks.  An engine reset therefore does not
 * wait for the thread either: it bumps engine->epoch, and every register
 * store the thread makes checks the epoch under reg_lock, so work that was
 * in flight when the reset happened cannot land in the reset registers.
 */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "blt/blt.h"
#include "cmd/cmd.h"
#include "core/device.h"
#include "core/log.h"
#include "cs/cs.h"
#include "cs/engine.h"
#include "engine/engine.h"
#include "gpgpu/gpgpu.h"
#include "gpgpu/media.h"
#include "3d/r3d.h"
#include "mem/mem.h"

/* Commands per slice before the thread refreshes the clocks and looks around. */
#define SLICE_COMMANDS		256
/* The longest sleep without a wake-up; a lost one costs this much. */
#define IDLE_WAIT_MS		100

/*
 * GDRST (engine domain or full), with reg_lock held after the engine's
 * registers took their reset values: the execlists are dropped without a
 * CSB entry and the running context is not saved (hw-spec-engines
 * "Stopping and resetting").  The thread notices the new epoch at its
 * next command boundary and forgets what it was doing.
 */
void gs_engine_reset_locked(struct gs_engine *eng)
{
	pthread_mutex_lock(&eng->lock);
	atomic_fetch_add(&eng->epoch, 1);
	eng->cur_valid = eng->cur_started = false;
	eng->pend_valid = false;
	atomic_store(&eng->pending_flag, false);
	eng->active = 0;
	eng->write_slot = 0;
	eng->running = false;
	eng->running_ctx_id = 0;
	eng->arb_on = false;
	eng->stop_req = false;		/* MI_MODE and RESET_CTL are at reset values */
	eng->parked = false;
	eng->hwsp_dirty = false;
	gs_engine_kick_locked(eng);
	pthread_mutex_unlock(&eng->lock);
	eng->elsp_count = 0;		/* the port is under reg_lock, which we hold */
	/* A GPGPU walker in flight ends now, not when its threads do. */
	gs_gpgpu_engine_reset_locked(eng);
}

/*
 * Park or unpark for a stop request (MI_MODE STOP_RING or the RESET_CTL
 * handshake): parked, the engine executes nothing, so MODE_IDLE reads 1,
 * and a reset request is answered with READY_TO_RESET.
 */
static void park(struct gs_cs *cs, bool parked)
{
	struct gs_engine *eng = cs->eng;
	struct gs_device *dev = cs->dev;
	uint32_t mi_mode = RING_MI_MODE(eng->base), ctl = RING_RESET_CTL(eng->base);

	pthread_mutex_lock(&dev->reg_lock);
	if (atomic_load(&eng->epoch) == cs->epoch) {
		uint32_t m = gs_reg_read(dev, mi_mode), r = gs_reg_read(dev, ctl);

		if (parked || !cs->loaded)
			m |= MODE_IDLE;
		else
			m &= ~MODE_IDLE;
		if (parked && (r & RESET_CTL_REQUEST_RESET))
			r |= RESET_CTL_READY_TO_RESET;
		if (!(r & RESET_CTL_REQUEST_RESET))
			r &= ~RESET_CTL_READY_TO_RESET;
		gs_reg_store_locked(dev, mi_mode, m);
		gs_reg_store_locked(dev, ctl, r);
	}
	pthread_mutex_unlock(&dev->reg_lock);
	gs_info("%s: %s", eng->name, parked ? "stopped at a command boundary" : "running again");
}

/* After a reset: the context is gone, unsaved. */
static void forget(struct gs_cs *cs, unsigned int epoch)
{
	if (cs->loaded)
		gs_info("%s: reset: context %#x dropped unsaved", cs->eng->name, cs->ctx_id);
	cs->epoch = epoch;
	cs->loaded = false;
	cs->hung = false;
	cs->level = 0;
	cs->sema_waiting = false;
	cs->isr_last = 0;
	cs->isr_hwsp = 0;
	gs_tlb_flush(cs->eng->tlb);
	if (cs->gpgpu)
		gs_gpgpu_reset(cs->gpgpu);
	if (cs->r3d)
		gs_3d_reset(cs->r3d);
}

/* The clocks in BAR0: RING_TIMESTAMP of every engine, this one's CTX_TIMESTAMP. */
static void refresh_clocks(struct gs_cs *cs)
{
	struct gs_device *dev = cs->dev;

	pthread_mutex_lock(&dev->reg_lock);
	if (atomic_load(&cs->eng->epoch) == cs->epoch) {
		gs_timestamps_refresh_locked(dev);
		if (cs->loaded)
			gs_reg_store_locked(dev, RING_CTX_TIMESTAMP(cs->eng->base),
					    gs_cs_ctx_timestamp(cs));
	}
	pthread_mutex_unlock(&dev->reg_lock);
}

/*
 * Run the loaded context for a while.  After each command: an element is
 * done when RING_HEAD reaches RING_TAIL in the ring itself; a pending
 * execlist takes over at a preemption point (hw-spec-engines
 * "Submission"): MI_ARB_CHECK, an unsuccessful semaphore poll, or the end
 * of a command in the ring, each only while arbitration is on.
 */
static void run_slice(struct gs_cs *cs)
{
	struct gs_engine *eng = cs->eng;

	/* An element whose ring is empty is done before it runs a command. */
	if (cs->level == 0 && cs->head == cs->tail) {
		gs_execlist_complete(cs);
		return;
	}
	for (unsigned int n = 0; n < SLICE_COMMANDS; n++) {
		enum gs_cmd_result r;
		bool point;

		if (atomic_load_explicit(&eng->kick, memory_order_relaxed) ||
		    atomic_load(&eng->epoch) != cs->epoch)
			break;
		cs->preempt_point = false;
		r = gs_cs_step(cs);
		if (r == GS_CMD_HALT || atomic_load(&eng->epoch) != cs->epoch)
			break;
		if (r != GS_CMD_RETRY && cs->level == 0 && cs->head == cs->tail) {
			gs_execlist_complete(cs);
			break;
		}
		point = cs->preempt_point || (r != GS_CMD_RETRY && cs->level == 0);
		if (point && cs->arb_on && atomic_load(&eng->pending_flag)) {
			gs_execlist_preempt(cs);
			break;
		}
		if (r == GS_CMD_RETRY)
			break;
	}
	refresh_clocks(cs);
}

static void *engine_thread(void *arg)
{
	struct gs_engine *eng = arg;
	struct gs_cs *cs = eng->cs;

	pthread_mutex_lock(&eng->lock);
	for (;;) {
		unsigned int epoch;

		atomic_store_explicit(&eng->kick, false, memory_order_relaxed);
		if (eng->quit)
			break;
		epoch = atomic_load(&eng->epoch);
		if (epoch != cs->epoch) {
			pthread_mutex_unlock(&eng->lock);
			forget(cs, epoch);
			pthread_mutex_lock(&eng->lock);
			continue;
		}
		if (eng->hwsp_dirty) {
			eng->hwsp_dirty = false;
			pthread_mutex_unlock(&eng->lock);
			gs_cs_hwsp_isr_update(cs);
			pthread_mutex_lock(&eng->lock);
			continue;
		}
		if (eng->stop_req || eng->parked != eng->stop_req) {
			if (eng->parked == eng->stop_req) {
				gs_engine_wait_locked(eng, IDLE_WAIT_MS * 1000);
				continue;
			}
			bool parked = eng->parked = eng->stop_req;

			pthread_mutex_unlock(&eng->lock);
			park(cs, parked);
			pthread_mutex_lock(&eng->lock);
			continue;
		}
		if (eng->cur_valid && !eng->cur_started) {
			eng->cur_started = true;
			pthread_mutex_unlock(&eng->lock);
			gs_execlist_start(cs);
			pthread_mutex_lock(&eng->lock);
			continue;
		}
		if (cs->loaded && !cs->hung) {
			pthread_mutex_unlock(&eng->lock);
			run_slice(cs);
			pthread_mutex_lock(&eng->lock);
			continue;
		}
		/* Idle, or hung until the driver resets the engine. */
		gs_engine_wait_locked(eng, IDLE_WAIT_MS * 1000);
	}
	pthread_mutex_unlock(&eng->lock);
	return NULL;
}

static void engine_free(struct gs_engine *eng)
{
	if (!eng)
		return;
	if (eng->cs) {
		free(eng->cs->cmd);
		if (eng->cs->gpgpu)
			gs_media_group_free(eng->cs->gpgpu->group);
		free(eng->cs->gpgpu);
		gs_3d_destroy(eng->cs->r3d);
		if (eng->cs->blt)
			gs_dma_present_free(eng->cs->blt->present);
		free(eng->cs->blt);
	}
	free(eng->cs);
	gs_tlb_destroy(eng->tlb);
	pthread_cond_destroy(&eng->cond);
	pthread_mutex_destroy(&eng->lock);
	free(eng);
}

static struct gs_engine *engine_alloc(struct gs_device *dev, int id)
{
	struct gs_engine *eng = calloc(1, sizeof(*eng));
	pthread_condattr_t attr;

	if (!eng)
		return NULL;
	eng->dev = dev;
	eng->id = id;
	eng->base = gs_engine_mmio_base[id];
	eng->name = gs_engine_names[id];
	pthread_mutex_init(&eng->lock, NULL);
	/* Timed waits on the monotonic clock: wall-clock jumps do not matter. */
	pthread_condattr_init(&attr);
	pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
	pthread_cond_init(&eng->cond, &attr);
	pthread_condattr_destroy(&attr);
	eng->tlb = gs_tlb_create();
	eng->cs = calloc(1, sizeof(*eng->cs));
	if (!eng->tlb || !eng->cs)
		goto fail;
	eng->cs->cmd = malloc(GS_CS_MAX_CMD_DWORDS * sizeof(uint32_t));
	if (!eng->cs->cmd)
		goto fail;
	/* The render engine's GPGPU state (gpgpu.h): context state, power-on now. */
	if (id == GS_RCS) {
		eng->cs->gpgpu = calloc(1, sizeof(*eng->cs->gpgpu));
		if (!eng->cs->gpgpu)
			goto fail;
		gs_gpgpu_reset(eng->cs->gpgpu);
		/* The 3D state and the URB (3d/r3d.h): context state, power-on now. */
		eng->cs->r3d = gs_3d_create();
		if (!eng->cs->r3d)
			goto fail;
	}
	/* The blitter's setup registers and an unfinished blit (blt.h): bcs0's. */
	if (id == GS_BCS) {
		eng->cs->blt = calloc(1, sizeof(*eng->cs->blt));
		if (!eng->cs->blt)
			goto fail;
	}
	eng->cs->eng = eng;
	eng->cs->dev = dev;
	return eng;
fail:
	engine_free(eng);
	return NULL;
}

/*
 * One engine and its thread per engine of the configuration.  The threads
 * block the termination signals, so gensim-device's SIGTERM interrupts the
 * channel thread's poll() and not an engine's sleep.
 */
int gs_engines_create(struct gs_device *dev)
{
	sigset_t block, old;

	sigemptyset(&block);
	sigaddset(&block, SIGTERM);
	sigaddset(&block, SIGINT);
	sigaddset(&block, SIGHUP);
	pthread_sigmask(SIG_BLOCK, &block, &old);
	/* The render engine's EU array, before its thread can dispatch to it. */
	if (gs_gpgpu_array_create(dev)) {
		gs_err("rcs0: cannot create the EU array");
		goto fail;
	}
	/* The interrupt controller (channel/irq.c) reaches the engines through this. */
	dev->isr_changed = gs_engine_hwsp_dirty;
	for (int e = 0; e < GS_NUM_ENGINES; e++) {
		struct gs_engine *eng;

		if (!(dev->cfg.engine_mask & BIT(e)))
			continue;
		eng = engine_alloc(dev, e);
		if (!eng) {
			gs_err("%s: out of memory for the command streamer", gs_engine_names[e]);
			goto fail;
		}
		dev->engine[e] = eng;
		if (pthread_create(&eng->thread, NULL, engine_thread, eng)) {
			gs_err("%s: cannot start the command streamer thread", eng->name);
			goto fail;
		}
		eng->thread_started = true;
	}
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	return 0;
fail:
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	gs_engines_destroy(dev);
	return -ENOMEM;
}

/*
 * Stop every engine thread, wherever it is, and free the engines; then the
 * EU array, which a walker in flight was using until its engine quit.
 */
void gs_engines_destroy(struct gs_device *dev)
{
	for (int e = 0; e < GS_NUM_ENGINES; e++) {
		struct gs_engine *eng = dev->engine[e];

		if (!eng)
			continue;
		gs_gpgpu_quit(eng);
		pthread_mutex_lock(&eng->lock);
		eng->quit = true;
		gs_engine_kick_locked(eng);
		pthread_mutex_unlock(&eng->lock);
		if (eng->thread_started)
			pthread_join(eng->thread, NULL);
		dev->engine[e] = NULL;
		engine_free(eng);
	}
	gs_gpgpu_array_destroy(dev);
}
