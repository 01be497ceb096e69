/* SPDX-License-Identifier: MIT */
/*
 * The gensim device: the architectural state the driver can see (the
 * register file in BAR0, the interrupt line) and the threads that act on
 * it.  Prototypes are grouped by the file that defines them.
 */
#ifndef GSDEV_DEVICE_H
#define GSDEV_DEVICE_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/config.h"
#include "core/hw.h"
#include "core/regfile.h"

struct gs_chan;
struct gs_engine;
struct gs_eu_array;
struct gs_tlb;

struct gs_device {
	struct gs_config cfg;
	struct gs_chan *chan;
	uint32_t *bar0;		/* chan->bar0: the register file's storage */
	struct gs_regfile rf;

	/*
	 * Protects: every read-modify-write of a BAR0 register (the driver's
	 * logged writes and the device's own updates) and irq_asserted.
	 * Side-effect handlers run with it held.
	 */
	pthread_mutex_t reg_lock;
	bool irq_asserted;
	/*
	 * Per GT bank, events that recurred while their IIR bit was still
	 * set: the second stage of the IIR (hw-spec "Interrupts"), latched
	 * again when the driver clears the first.  reg_lock.
	 */
	uint32_t iir_queued[GEN8_GT_NR_BANKS];

	/* An interrupt message to send once reg_lock is dropped. */
	atomic_bool irq_send_pending;
	atomic_bool stop;

	/*
	 * Memory translation (mem.h).  tlb_gen: the TLB generation; bumping
	 * it invalidates every TLB of the device.  fault_irq_pending: engines
	 * (bit per enum gs_engine_id) whose page-fault interrupt a register
	 * side effect recorded with reg_lock held; raised once it is dropped.
	 * probe_tlb: the DMA probe's own TLB.  win_gen: the window
	 * generation, bumped by GENSIM_DMAWIN_INVALIDATE when the driver
	 * removed window pages (mem/present.c).
	 */
	atomic_uint_fast64_t tlb_gen;
	atomic_uint_fast64_t win_gen;
	atomic_uint fault_irq_pending;
	struct gs_tlb *probe_tlb;

	/*
	 * The command streamers (engine.h), NULL for engines not present.
	 * ts_base_ns: CLOCK_MONOTONIC time the engine clock counts from
	 * (power-on and full reset restart it).
	 */
	struct gs_engine *engine[GS_NUM_ENGINES];
	_Atomic uint64_t ts_base_ns;

	/*
	 * An engine's interrupt bits changed (channel/irq.c, reg_lock held):
	 * the engine rewrites its HWSP ISR mirror.  Installed by the engines
	 * (cs/engine_signal.c) so that the interrupt controller, below them,
	 * reaches them without including their headers.  NULL: no engines yet.
	 */
	void (*isr_changed)(struct gs_device *dev, int engine);

	/*
	 * The EU array the render engine dispatches GPGPU walkers to
	 * (gpgpu_array.c); NULL without rcs0.  Created with the engines,
	 * destroyed after their threads are joined.
	 */
	struct gs_eu_array *eu;

	/*
	 * Rows the blitter has completed since the device started: bcs0's
	 * progress counter (GENSIM_BLT_ROWS, blt/blt_exec.c), which the
	 * driver's hang check reads while one blit keeps the ring still.
	 * Only bcs0's engine thread adds to it; no reset clears it.
	 */
	atomic_uint_fast64_t blt_rows;

	/* Counters, for -v and the tests. */
	atomic_uint_fast64_t writes_applied;
	atomic_uint_fast64_t unclaimed;
	atomic_uint_fast64_t irqs_sent;
	atomic_uint_fast64_t resets;
};

/* mmio.c: register reads and writes (the register map: regfile.h) */
uint32_t gs_reg_read(struct gs_device *dev, uint32_t offset);
void gs_reg_store_locked(struct gs_device *dev, uint32_t offset, uint32_t val);
void gs_reg_publish64(struct gs_device *dev, uint32_t lo, uint32_t hi, uint64_t val);
void gs_reg_write_locked(struct gs_device *dev, const char *who, uint32_t offset, uint32_t val);
const struct gs_reg *gs_reg_claimed(struct gs_device *dev, uint32_t offset);
int gs_reg_read_claimed(struct gs_device *dev, int engine, uint32_t offset, uint32_t *val);

/* An engine's interrupt bits changed: its HWSP ISR mirror may need writing. */
static inline void gs_device_isr_changed(struct gs_device *dev, int engine)
{
	if (dev->isr_changed)
		dev->isr_changed(dev, engine);
}

#endif
