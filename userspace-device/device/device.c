// SPDX-License-Identifier: MIT
/*
 * The device top level: creation, reset, the register write path and the
 * channel loop.
 *
 * One thread, the channel thread, runs gs_device_run(): it sleeps on the
 * doorbell, drains the write log (wlog.c) and applies each write through
 * gs_mmio_write(), the single place where access rules and side effects
 * happen.  The device's own register updates (interrupts, status) take the
 * same reg_lock, so the register file has one writer at a time and the
 * driver, which only reads BAR0, always sees whole values.
 *
 * Reset (power-on and GDRST full) puts every register of the table back to
 * its reset value (hw-spec "Reset"), invalidates every TLB
 * (hw-spec-memory "TLB and invalidation"), drops every engine's execlists
 * and restarts the engine clock (hw-spec-engines "Stopping and
 * resetting").  GGTT PTEs in the upper half of BAR0 are memory and survive
 * it, as on Gen8.
 *
 * The command streamers (engine.c) run on threads of their own, started
 * with the device and joined when it is destroyed.  Their register
 * accesses from commands go through the same table and rules as the
 * driver's (gs_cs_mmio_write()), so an unclaimed offset is flagged the same
 * way whoever touches it.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "channel/chan.h"
#include "channel/irq.h"
#include "core/device.h"
#include "core/log.h"
#include "core/shm.h"
#include "cs/engine.h"
#include "engine/engine.h"
#include "mem/mem.h"

struct gs_device *gs_device_create(const struct gs_config *cfg, struct gs_chan *chan)
{
	struct gs_device *dev;
	char why[160];

	if (gs_config_validate(cfg, why, sizeof(why))) {
		gs_err("bad configuration: %s", why);
		return NULL;
	}
	dev = calloc(1, sizeof(*dev));
	if (!dev)
		return NULL;
	dev->cfg = *cfg;
	dev->chan = chan;
	dev->bar0 = chan->bar0;
	pthread_mutex_init(&dev->reg_lock, NULL);
	if (gs_regfile_init(&dev->rf, cfg->engine_mask, why, sizeof(why))) {
		gs_err("register table: %s", why);
		pthread_mutex_destroy(&dev->reg_lock);
		free(dev);
		return NULL;
	}
	dev->probe_tlb = gs_tlb_create();
	if (!dev->probe_tlb) {
		gs_err("out of memory for the DMA probe's TLB");
		gs_regfile_fini(&dev->rf);
		pthread_mutex_destroy(&dev->reg_lock);
		free(dev);
		return NULL;
	}
	gs_dma_guard_install();
	gs_timestamps_restart(dev);
	if (gs_engines_create(dev)) {
		gs_tlb_destroy(dev->probe_tlb);
		gs_regfile_fini(&dev->rf);
		pthread_mutex_destroy(&dev->reg_lock);
		free(dev);
		return NULL;
	}
	return dev;
}

/* Engine threads first: they use everything below. */
void gs_device_destroy(struct gs_device *dev)
{
	if (!dev)
		return;
	gs_engines_destroy(dev);
	gs_tlb_destroy(dev->probe_tlb);
	gs_regfile_fini(&dev->rf);
	pthread_mutex_destroy(&dev->reg_lock);
	free(dev);
}

static void reset_registers_locked(struct gs_device *dev, int engine)
{
	for (size_t i = 0; i < dev->rf.nr; i++) {
		const struct gs_reg *r = &dev->rf.regs[i];

		if (engine < 0 || r->engine == engine)
			gs_reg_store_locked(dev, r->offset, gs_reg_reset_value(dev, r));
	}
}

/*
 * An engine's reset: its registers, then its executor, which drops the
 * execlists without a CSB entry and does not save the running context
 * (hw-spec-engines "Stopping and resetting").
 */
static void engine_reset_locked(struct gs_device *dev, int e)
{
	reset_registers_locked(dev, e);
	if (dev->engine[e])
		gs_engine_reset_locked(dev->engine[e]);
}

static void device_reset_locked(struct gs_device *dev)
{
	reset_registers_locked(dev, -1);
	for (int e = 0; e < GS_NUM_ENGINES; e++)
		if (dev->engine[e])
			gs_engine_reset_locked(dev->engine[e]);
	gs_tlb_invalidate_all(dev);
	gs_timestamps_restart(dev);
	gs_timestamps_refresh_locked(dev);
	dev->irq_asserted = false;
	memset(dev->iir_queued, 0, sizeof(dev->iir_queued));
	atomic_fetch_add(&dev->resets, 1);
}

/* Power-on reset. */
void gs_device_reset(struct gs_device *dev)
{
	pthread_mutex_lock(&dev->reg_lock);
	device_reset_locked(dev);
	pthread_mutex_unlock(&dev->reg_lock);
	gs_info("reset: %zu registers at their reset values", dev->rf.nr);
}

/*
 * GDRST: a full reset resets everything; a domain bit resets that engine's
 * registers.  The reset completes before the next logged write is applied,
 * so the bits read back clear (EXT i915 waits for that).
 */
void gdrst_write(struct gs_device *dev, const struct gs_reg *reg, uint32_t val)
{
	static const uint32_t domain[GS_NUM_ENGINES] = {
		[GS_RCS] = GEN6_GRDOM_RENDER,
		[GS_BCS] = GEN6_GRDOM_BLT,
		[GS_VCS] = GEN6_GRDOM_MEDIA,
		[GS_VECS] = GEN6_GRDOM_VECS,
	};

	if (val & GEN6_GRDOM_FULL) {
		device_reset_locked(dev);
		gs_info("GDRST: full reset");
	} else {
		for (int e = 0; e < GS_NUM_ENGINES; e++) {
			if (!(val & domain[e]) || !(dev->cfg.engine_mask & BIT(e)))
				continue;
			engine_reset_locked(dev, e);
			gs_info("GDRST: %s reset", gs_engine_names[e]);
		}
		gs_timestamps_refresh_locked(dev);
	}
	gs_reg_store_locked(dev, reg->offset, 0);
}

/*
 * A register write from the driver: the access rule, then the side effect.
 * This is the only path by which the driver changes device state.  The
 * engine clocks in BAR0 are refreshed with it, so a posting read after any
 * write sees a current RING_TIMESTAMP.
 */
void gs_mmio_write(struct gs_device *dev, uint32_t offset, uint32_t val)
{
	pthread_mutex_lock(&dev->reg_lock);
	gs_reg_write_locked(dev, "driver", offset, val);
	gs_timestamps_refresh_locked(dev);
	atomic_fetch_add(&dev->writes_applied, 1);
	pthread_mutex_unlock(&dev->reg_lock);
	/* Page faults a side effect reported: their interrupts need reg_lock. */
	gs_fault_raise_pending(dev);
	gs_irq_send_pending(dev);
}

/* A record of the write log (wlog.c): the driver's register write. */
static void apply_write(void *arg, uint32_t offset, uint32_t val)
{
	gs_mmio_write(arg, offset, val);
}

void gs_device_stop(struct gs_device *dev)
{
	atomic_store(&dev->stop, true);
}

/*
 * The channel loop.  Waking every 100 ms even without a doorbell bounds
 * how long a stop request or a lost doorbell can go unnoticed.
 */
int gs_device_run(struct gs_device *dev)
{
	while (!atomic_load(&dev->stop)) {
		int ret = gs_chan_wait(dev->chan, 100);

		if (ret < 0 && ret != -EINTR) {
			gs_err("channel wait failed: %s", strerror(-ret));
			return ret;
		}
		gs_wlog_drain(dev->chan, apply_write, dev);
		/* A driver reading BAR0 without writing still sees the clock move. */
		pthread_mutex_lock(&dev->reg_lock);
		gs_timestamps_refresh_locked(dev);
		pthread_mutex_unlock(&dev->reg_lock);
	}
	return 0;
}
