// SPDX-License-Identifier: MIT
/*
 * The engine clock (hw-spec-engines "Engine registers": RING_TIMESTAMP,
 * RING_CTX_TIMESTAMP; Linux i915 RING_TIMESTAMP, RING_CTX_TIMESTAMP for
 * the choice of 12.5 MHz, Broadwell's command streamer timestamp
 * frequency).
 *
 * The clock is CLOCK_MONOTONIC (gs_trace_now(), the clock of the trace
 * too) divided into 80 ns ticks, counted from
 * power-on or the last full reset.  BAR0 is memory the driver reads on its
 * own, so the device cannot compute RING_TIMESTAMP on a read; instead it
 * refreshes the BAR0 copy of every engine's clock whenever it applies a
 * register write, when the channel thread wakes (at least every 100 ms)
 * and between the commands an engine executes.  A command that reads the
 * clock (MI_STORE_REGISTER_MEM, PIPE_CONTROL and MI_FLUSH_DW timestamp
 * writes) gets the exact value of the moment (cs_reg.c).
 */
#include "core/device.h"
#include "core/trace.h"
#include "cs/engine.h"

/* Power-on and full reset: the clock starts again from 0. */
void gs_timestamps_restart(struct gs_device *dev)
{
	atomic_store_explicit(&dev->ts_base_ns, gs_trace_now(), memory_order_relaxed);
}

/* Ticks since the clock started. */
uint64_t gs_timestamp_now(struct gs_device *dev)
{
	uint64_t base = atomic_load_explicit(&dev->ts_base_ns, memory_order_relaxed);
	uint64_t now = gs_trace_now();

	return now > base ? (now - base) / GS_CS_TICK_NS : 0;
}

/* Store the clock in every engine's RING_TIMESTAMP/_UDW; reg_lock held. */
void gs_timestamps_refresh_locked(struct gs_device *dev)
{
	uint64_t t = gs_timestamp_now(dev);

	for (int e = 0; e < GS_NUM_ENGINES; e++) {
		uint32_t base = gs_engine_mmio_base[e];

		if (!(dev->cfg.engine_mask & BIT(e)))
			continue;
		gs_reg_store_locked(dev, RING_TIMESTAMP(base), (uint32_t)t);
		gs_reg_store_locked(dev, RING_TIMESTAMP_UDW(base), (uint32_t)(t >> 32));
	}
}
