// SPDX-License-Identifier: MIT
/*
 * The render engine's EU array, as a part of the device (hw-spec-compute
 * "The EU array", "Progress"; include/compute/eu_array.h).
 *
 * The device owns one array, created with the engines when rcs0 is
 * present and destroyed after the engine threads are joined.  Only rcs0's
 * thread dispatches to it (cmd_gpgpu_walker.c), one walker at a time, and
 * waits for it: the dispatch is one long command.  Three things must end
 * such a command early:
 *
 *  - an engine reset (GDRST: gs_engine_reset_locked(), reg_lock held);
 *  - a reset request (RESET_CTL bit 0, which the driver makes before the
 *    reset and waits on, bounded, for READY_TO_RESET);
 *  - the device's destruction.
 *
 * Each calls gs_eu_abort(), which only flags the running dispatch (it may
 * be called with reg_lock held), and marks the engine so that a dispatch
 * that had not started yet when the abort came is stopped by the progress
 * hook at its first call (gs_gpgpu_progress(), every 2 ms of the dispatch).
 *
 * Progress: GENSIM_EU_RETIRED_LO/HI hold the instructions the array has
 * retired since it was created.  The workers count them with one relaxed
 * atomic add per run slice (compute/pool.c); the progress hook copies the
 * count into BAR0 every 2 ms while a dispatch runs, and the walker once
 * more when it ends, so a driver that sees RING_HEAD stand still can tell
 * a long kernel from a hang.  No reset clears the count: its reset value
 * is the count itself.
 */
#include <errno.h>

#include "compute/eu_array.h"
#include "cs/cs.h"
#include "core/device.h"
#include "cs/engine.h"
#include "gpgpu/gpgpu.h"
#include "core/log.h"

int gs_gpgpu_array_create(struct gs_device *dev)
{
	struct gs_eu_array_opts opts = { .workers = dev->cfg.eu_workers };
	struct gs_eu_topology t;

	if (!(dev->cfg.engine_mask & BIT(GS_RCS)))
		return 0;
	dev->eu = gs_eu_array_create(dev, &opts);
	if (!dev->eu)
		return -ENOMEM;
	gs_eu_array_topology(dev->eu, &t);
	gs_info("rcs0: EU array of %u subslices x %u EUs x %u threads, run by %u workers",
		t.subslices, t.eus, t.threads, t.workers);
	return 0;
}

void gs_gpgpu_array_destroy(struct gs_device *dev)
{
	gs_eu_array_destroy(dev->eu);
	dev->eu = NULL;
}

/* RESET_CTL's request changed (reg_lock held): set or withdrawn. */
void gs_gpgpu_reset_request_locked(struct gs_engine *eng, bool requested)
{
	if (eng->id != GS_RCS || !eng->dev->eu)
		return;
	atomic_store(&eng->dispatch_abort, requested);
	if (requested)
		gs_eu_abort(eng->dev->eu);
}

/*
 * GDRST reset the engine (reg_lock held).  The new epoch stops the hook's
 * dispatch; the request that preceded the reset is over with it.
 */
void gs_gpgpu_engine_reset_locked(struct gs_engine *eng)
{
	if (eng->id != GS_RCS || !eng->dev->eu)
		return;
	atomic_store(&eng->dispatch_abort, false);
	gs_eu_abort(eng->dev->eu);
}

/* The device is being destroyed: rcs0's walker must end so its thread can be joined. */
void gs_gpgpu_quit(struct gs_engine *eng)
{
	if (eng->id != GS_RCS || !eng->dev->eu)
		return;
	atomic_store(&eng->dispatch_abort, true);
	gs_eu_abort(eng->dev->eu);
}

/* Must the walker of @cs stop: a reset, a reset request, the end of the device? */
bool gs_gpgpu_must_stop(struct gs_cs *cs)
{
	return atomic_load(&cs->eng->epoch) != cs->epoch ||
	       atomic_load(&cs->eng->dispatch_abort);
}

void gs_gpgpu_publish_retired(struct gs_device *dev, uint64_t retired)
{
	gs_reg_publish64(dev, GENSIM_EU_RETIRED_LO, GENSIM_EU_RETIRED_HI, retired);
}

/*
 * The dispatch's progress hook (struct gs_eu_dispatch.progress), on the
 * engine thread with no array lock held: publish, and say whether to stop.
 */
bool gs_gpgpu_progress(void *arg, uint64_t retired)
{
	struct gs_cs *cs = arg;

	gs_gpgpu_publish_retired(cs->dev, retired);
	return gs_gpgpu_must_stop(cs);
}

/* GENSIM_EU_RETIRED_LO/HI: a reset keeps the count (its "reset value" is the count). */
uint32_t eu_retired_reset(const struct gs_device *dev, const struct gs_reg *reg)
{
	uint64_t n = dev->eu ? gs_eu_array_retired(dev->eu) : 0;

	return reg->offset == GENSIM_EU_RETIRED_HI ? (uint32_t)(n >> 32) : (uint32_t)n;
}
