// SPDX-License-Identifier: MIT
/*
 * Side effects of engine registers besides ELSP (hw-spec-engines
 * "Stopping and resetting", "Errors"; EXT i915 for the reset handshake:
 * STOP_RING, wait for MODE_IDLE, RESET_CTL request, wait for ready, then
 * GDRST).
 *
 * MI_MODE STOP_RING and RESET_CTL's request bit both ask the engine to
 * stop at the next command boundary.  The engine thread answers by
 * setting MODE_IDLE and, for a reset request, READY_TO_RESET.  If the
 * thread is already at a boundary - asleep, idle or waiting on a
 * semaphore, which a stop interrupts - the side effect answers at once,
 * so a driver's posting read right after the write sees the answer.
 * Clearing both lets the engine run again; clearing the request drops
 * READY_TO_RESET.
 *
 * A GPGPU walker is one command that may run for a long time: STOP_RING
 * waits for it to complete (its end is the next boundary), but a reset
 * request aborts it (gensim; gpgpu_array.c), so the engine is ready for
 * the reset within a few milliseconds.  If the request is withdrawn
 * without a reset, the walker runs again from its start.
 *
 * EIR, HWSTAM and HWS_PGA writes change what the HWSP ISR mirror should
 * hold: the engine thread rewrites it (cs_error.c).
 */
#include "core/device.h"
#include "cs/engine.h"
#include "gpgpu/gpgpu.h"
#include "core/log.h"

/* Recompute the stop request from MI_MODE and RESET_CTL; reg_lock held. */
void gs_engine_stop_update_locked(struct gs_engine *eng)
{
	struct gs_device *dev = eng->dev;
	uint32_t mi_mode = RING_MI_MODE(eng->base), ctl = RING_RESET_CTL(eng->base);
	uint32_t m = gs_reg_read(dev, mi_mode), r = gs_reg_read(dev, ctl);
	bool stop = (m & STOP_RING) || (r & RESET_CTL_REQUEST_RESET), at_boundary;

	pthread_mutex_lock(&eng->lock);
	eng->stop_req = stop;
	at_boundary = eng->quiescent || eng->parked;
	gs_engine_kick_locked(eng);
	pthread_mutex_unlock(&eng->lock);

	if (stop && at_boundary) {
		m |= MODE_IDLE;
		if (r & RESET_CTL_REQUEST_RESET)
			r |= RESET_CTL_READY_TO_RESET;
	}
	if (!(r & RESET_CTL_REQUEST_RESET))
		r &= ~RESET_CTL_READY_TO_RESET;
	gs_reg_store_locked(dev, mi_mode, m);
	gs_reg_store_locked(dev, ctl, r);
	gs_gpgpu_reset_request_locked(eng, r & RESET_CTL_REQUEST_RESET);
}

void mi_mode_write(struct gs_device *dev, const struct gs_reg *reg, uint32_t val)
{
	struct gs_engine *eng = gs_engine(dev, reg->engine);

	(void)val;
	if (eng)
		gs_engine_stop_update_locked(eng);
}

void reset_ctl_write(struct gs_device *dev, const struct gs_reg *reg, uint32_t val)
{
	struct gs_engine *eng = gs_engine(dev, reg->engine);

	(void)val;
	if (eng)
		gs_engine_stop_update_locked(eng);
}

/* EIR (W1C), HWSTAM and HWS_PGA: the HWSP ISR mirror may change. */
void eir_write(struct gs_device *dev, const struct gs_reg *reg, uint32_t val)
{
	(void)val;
	gs_engine_hwsp_dirty(dev, reg->engine);
}

void hwstam_write(struct gs_device *dev, const struct gs_reg *reg, uint32_t val)
{
	(void)val;
	gs_engine_hwsp_dirty(dev, reg->engine);
}
