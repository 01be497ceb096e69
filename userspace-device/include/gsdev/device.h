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

#include "gsdev/chan.h"
#include "gsdev/config.h"
#include "gsdev/regfile.h"

struct gs_engine;
struct gs_eu_array;
struct gs_tlb;

struct gs_device {
	struct gs_config cfg;
	struct gs_chan *chan;
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
	 * probe_tlb: the DMA probe's own TLB.
	 */
	atomic_uint_fast64_t tlb_gen;
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
	 * The EU array the render engine dispatches GPGPU walkers to
	 * (gpgpu_array.c); NULL without rcs0.  Created with the engines,
	 * destroyed after their threads are joined.
	 */
	struct gs_eu_array *eu;

	/* Counters, for -v and the tests. */
	atomic_uint_fast64_t writes_applied;
	atomic_uint_fast64_t unclaimed;
	atomic_uint_fast64_t irqs_sent;
	atomic_uint_fast64_t resets;
};

/* device.c */
struct gs_device *gs_device_create(const struct gs_config *cfg, struct gs_chan *chan);
void gs_device_destroy(struct gs_device *dev);
void gs_device_reset(struct gs_device *dev);
int gs_device_run(struct gs_device *dev);
void gs_device_stop(struct gs_device *dev);
uint32_t gs_reg_read(struct gs_device *dev, uint32_t offset);
void gs_reg_store_locked(struct gs_device *dev, uint32_t offset, uint32_t val);
void gs_mmio_write(struct gs_device *dev, uint32_t offset, uint32_t val);
void gs_cs_mmio_write(struct gs_device *dev, int engine, uint32_t offset, uint32_t val);
int gs_reg_read_claimed(struct gs_device *dev, int engine, uint32_t offset, uint32_t *val);
gs_reg_write_fn gdrst_write;

/* identity.c */
gs_reg_reset_fn pci_id_reset;
gs_reg_reset_fn pci_class_rev_reset;
gs_reg_reset_fn gmch_ctrl_reset;
gs_reg_reset_fn engine_mask_reset;
gs_reg_reset_fn threads_per_eu_reset;
gs_reg_reset_fn fuse2_reset;
gs_reg_reset_fn eu_disable_reset;

/* irq.c */
void gs_irq_engine_event(struct gs_device *dev, int engine, uint32_t bits);
void gs_irq_engine_event_locked(struct gs_device *dev, int engine, uint32_t bits);
uint32_t gs_irq_engine_isr_locked(struct gs_device *dev, int engine);
void gs_irq_update_locked(struct gs_device *dev, bool new_event);
void gs_irq_send_pending(struct gs_device *dev);
gs_reg_write_fn master_irq_write;
gs_reg_write_fn gt_irq_write;
gs_reg_write_fn irq_force_write;

/* wlog.c */
void gs_wlog_drain(struct gs_device *dev);

/* dma.c */
void gs_dma_guard_install(void);
int gs_dma_read(struct gs_device *dev, uint64_t addr, void *buf, size_t len);
int gs_dma_write(struct gs_device *dev, uint64_t addr, const void *buf, size_t len);
int gs_dma_read_qword(struct gs_device *dev, uint64_t addr, uint64_t *val);
int gs_dma_atomic(struct gs_device *dev, uint64_t addr, unsigned int size,
		  uint64_t (*op)(uint64_t old, void *arg), void *arg, uint64_t *old);
gs_reg_write_fn dma_probe_cmd_write;

#endif
