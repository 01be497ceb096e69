// SPDX-License-Identifier: MIT
/*
 * Registers as the command streamer sees them (hw-spec-engines
 * "Execution"; PRM Vol. 6 Command Stream Programming (Cherryview 2015),
 * "User Mode Privileged Commands" (RCS, BCS, VCS, VECS), "User Mode
 * Non-Privileged Registers" (RCS, BCS, VCS, VECS) for the privilege
 * side, cs_priv.c).
 *
 * A command reads and writes registers through the register table, with
 * the same rules and side effects as the driver's writes (device.c):
 * MI_LOAD_REGISTER_IMM to GDRST resets, to ELSP submits, to an offset with
 * no row is an unclaimed access flagged in FPGA_DBG.  A command's read of
 * an offset with no row is flagged the same way and reads 0.  The clocks
 * read live: RING_TIMESTAMP of any engine and the running context's
 * CTX_TIMESTAMP are computed at the moment of the read (cs_time.c).
 *
 * Writing this engine's PDP0 from a command moves the PPGTT root the
 * engine translates with at once (and drops its TLB), so a privileged
 * ring may switch address spaces; the other context registers written
 * from a command change only the register, which the next save or
 * position update overwrites (gensim).
 */
#include "channel/irq.h"
#include "core/device.h"
#include "core/log.h"
#include "cs/cs.h"
#include "cs/engine.h"

/* The running context's CTX_TIMESTAMP: its value at restore plus ticks run since. */
uint32_t gs_cs_ctx_timestamp(struct gs_cs *cs)
{
	return cs->ts_base + (uint32_t)(gs_timestamp_now(cs->dev) - cs->ts_start);
}

uint32_t gs_cs_reg_read(struct gs_cs *cs, uint32_t offset)
{
	struct gs_device *dev = cs->dev;
	uint32_t val;

	for (int e = 0; e < GS_NUM_ENGINES; e++) {
		uint32_t base = gs_engine_mmio_base[e];

		if (!(dev->cfg.engine_mask & BIT(e)))
			continue;
		if (offset == RING_TIMESTAMP(base))
			return (uint32_t)gs_timestamp_now(dev);
		if (offset == RING_TIMESTAMP_UDW(base))
			return (uint32_t)(gs_timestamp_now(dev) >> 32);
	}
	if (offset == RING_CTX_TIMESTAMP(cs->eng->base) && cs->loaded)
		return gs_cs_ctx_timestamp(cs);
	gs_reg_read_claimed(dev, cs->eng->id, offset, &val);
	return val;
}

void gs_cs_reg_write(struct gs_cs *cs, uint32_t offset, uint32_t val)
{
	uint32_t base = cs->eng->base;

	gs_cs_mmio_write(cs->dev, cs->eng->id, offset, val);
	if (offset == RING_PDP_LDW(base, 0) || offset == RING_PDP_UDW(base, 0)) {
		cs->pml4 = (uint64_t)gs_reg_read(cs->dev, RING_PDP_UDW(base, 0)) << 32 |
			   gs_reg_read(cs->dev, RING_PDP_LDW(base, 0));
		gs_tlb_flush(cs->eng->tlb);
	}
}

/* Store one of this engine's registers, unless a reset intervened. */
bool gs_cs_store(struct gs_cs *cs, uint32_t offset, uint32_t val)
{
	struct gs_device *dev = cs->dev;
	bool ok;

	pthread_mutex_lock(&dev->reg_lock);
	ok = atomic_load(&cs->eng->epoch) == cs->epoch;
	if (ok)
		gs_reg_store_locked(dev, offset, val);
	pthread_mutex_unlock(&dev->reg_lock);
	return ok;
}

uint64_t gs_cs_gpr(struct gs_cs *cs, unsigned int n)
{
	uint32_t base = cs->eng->base;

	return (uint64_t)gs_reg_read(cs->dev, RING_GPR_UDW(base, n)) << 32 |
	       gs_reg_read(cs->dev, RING_GPR(base, n));
}

void gs_cs_set_gpr(struct gs_cs *cs, unsigned int n, uint64_t val)
{
	struct gs_device *dev = cs->dev;
	uint32_t base = cs->eng->base;

	pthread_mutex_lock(&dev->reg_lock);
	if (atomic_load(&cs->eng->epoch) == cs->epoch) {
		gs_reg_store_locked(dev, RING_GPR(base, n), (uint32_t)val);
		gs_reg_store_locked(dev, RING_GPR_UDW(base, n), (uint32_t)(val >> 32));
	}
	pthread_mutex_unlock(&dev->reg_lock);
}

/*
 * A register write from a command of @engine (MI_LOAD_REGISTER_IMM and
 * friends): the same rules and side effects as the driver's, so a write to
 * an offset with no row is an unclaimed access here too.
 */
void gs_cs_mmio_write(struct gs_device *dev, int engine, uint32_t offset, uint32_t val)
{
	pthread_mutex_lock(&dev->reg_lock);
	gs_reg_write_locked(dev, gs_engine_names[engine], offset, val);
	pthread_mutex_unlock(&dev->reg_lock);
	gs_fault_raise_pending(dev);
	gs_irq_send_pending(dev);
}
