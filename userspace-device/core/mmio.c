// SPDX-License-Identifier: MIT
/*
 * MMIO: reads and writes of BAR0 registers by whoever makes them.
 *
 * Called from: the channel thread (device.c, the driver's logged writes),
 * the engine threads (cs_reg.c, MI_LOAD_REGISTER_IMM and friends) and
 * every block storing its own status.  Calls: the side effects the register
 * map (device/reg_table.c) names for each register.  The map is assembled
 * at the top of the tree and only declared here (regfile.h), so the
 * dispatch itself needs no block above core/.
 *
 * Locking: every read-modify-write of a register happens under
 * dev->reg_lock; plain reads need no lock (BAR0 words are stored whole).
 */
#include <errno.h>
#include <stdatomic.h>

#include "core/shm.h"
#include "core/device.h"
#include "core/log.h"

uint32_t gs_reg_read(struct gs_device *dev, uint32_t offset)
{
	return shm_load(&dev->bar0[offset / 4]);
}

/* Store without access rules: the device updating its own state. */
void gs_reg_store_locked(struct gs_device *dev, uint32_t offset, uint32_t val)
{
	shm_store(&dev->bar0[offset / 4], val);
}

/*
 * A 64-bit counter the device publishes in a LO/HI register pair (the EU
 * array's GENSIM_EU_RETIRED, the blitter's GENSIM_BLT_ROWS): high dword
 * first, under reg_lock, so a reader that reads high, low, high sees a
 * value the counter had.
 */
void gs_reg_publish64(struct gs_device *dev, uint32_t lo, uint32_t hi, uint64_t val)
{
	pthread_mutex_lock(&dev->reg_lock);
	gs_reg_store_locked(dev, hi, (uint32_t)(val >> 32));
	gs_reg_store_locked(dev, lo, (uint32_t)val);
	pthread_mutex_unlock(&dev->reg_lock);
}

static void unclaimed_locked(struct gs_device *dev, const char *who, const char *what,
			     uint32_t offset, uint32_t val)
{
	gs_err("unclaimed register %s by %s: %#x = %#x (no such register; FPGA_DBG flags it)",
	       what, who, offset, val);
	gs_reg_store_locked(dev, FPGA_DBG, gs_reg_read(dev, FPGA_DBG) | FPGA_DBG_RM_NOCLAIM);
	gs_reg_store_locked(dev, GENSIM_UNCLAIMED_OFFSET, offset);
	atomic_fetch_add(&dev->unclaimed, 1);
}

/* The register at @offset, or NULL: no row claims it. */
const struct gs_reg *gs_reg_claimed(struct gs_device *dev, uint32_t offset)
{
	if (offset & 3 || offset >= GENSIM_BAR0_REGS_SIZE)
		return NULL;
	return gs_reg_lookup(&dev->rf, offset);
}

/*
 * The access rule, then the side effect the register map names; reg_lock
 * held.  @who names the writer in the log: "driver" or an engine.
 */
void gs_reg_write_locked(struct gs_device *dev, const char *who, uint32_t offset, uint32_t val)
{
	const struct gs_reg *r = gs_reg_claimed(dev, offset);
	char name[64];
	uint32_t old;

	if (!r) {
		unclaimed_locked(dev, who, "write", offset, val);
		return;
	}
	old = gs_reg_read(dev, offset);
	if (gs_log_verbosity >= GS_LOG_TRACE) {
		gs_reg_name(r, name, sizeof(name));
		gs_trace("%s: write %s (%#x) = %#x, was %#x", who, name, offset, val, old);
	}
	if (r->desc->access == GS_RO) {
		gs_reg_name(r, name, sizeof(name));
		gs_info("%s: write to read-only %s (%#x) = %#x ignored", who, name, offset, val);
	}
	gs_reg_store_locked(dev, offset, gs_reg_apply_rule(r->desc, old, val));
	if (r->desc->write)
		r->desc->write(dev, r, val);
}

/*
 * A register read from a command of @engine (MI_STORE_REGISTER_MEM,
 * MI_LOAD_REGISTER_REG).  The driver's reads cannot be checked, a
 * command's can: an offset with no row reads 0 and is flagged as an
 * unclaimed access.  Returns 0, or -ENOENT for an unclaimed offset.
 */
int gs_reg_read_claimed(struct gs_device *dev, int engine, uint32_t offset, uint32_t *val)
{
	if (!gs_reg_claimed(dev, offset)) {
		pthread_mutex_lock(&dev->reg_lock);
		unclaimed_locked(dev, gs_engine_names[engine], "read", offset, 0);
		pthread_mutex_unlock(&dev->reg_lock);
		*val = 0;
		return -ENOENT;
	}
	*val = gs_reg_read(dev, offset);
	return 0;
}

