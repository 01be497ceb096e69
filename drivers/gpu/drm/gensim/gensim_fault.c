// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The gensim authors
 */

/**
 * DOC: Page faults
 *
 * When the device cannot translate an access (an entry not present, a write
 * through a read-only entry, an address outside the GTT) it records the
 * fault in the engine's RING_FAULT_REG and in FAULT_TLB_DATA0/1, and raises
 * the engine's page-fault interrupt (gensim hw-spec "Fault reporting"; the
 * registers are Gen8's).  Gen8 faults are not recoverable: the access is
 * dropped and, once contexts exist, the faulting context is stopped.
 *
 * The interrupt handler copies the fault into a small log and clears VALID
 * so the next fault can be recorded; debugfs ``faults`` shows the log.  A
 * user batch can cause faults at will, so they are logged at debug level.
 *
 * Called from: gensim_irq.c (hard irq), gensim_debugfs.c.
 */

#include <linux/bitfield.h>
#include <linux/seq_file.h>

#include <drm/drm_print.h>

#include "gensim_drv.h"

static const u32 fault_reg[GENSIM_NUM_ENGINES] = {
	[GENSIM_RCS] = RING_FAULT_REG_RCS,
	[GENSIM_BCS] = RING_FAULT_REG_BCS,
	[GENSIM_VCS] = RING_FAULT_REG_VCS,
	[GENSIM_VECS] = RING_FAULT_REG_VECS,
};

static const char *const fault_type_name[] = {
	[FAULT_TYPE_PTE] = "page not present",
	[FAULT_TYPE_DIRECTORY] = "directory not present",
	[FAULT_TYPE_WRITE] = "write to read-only page",
	[FAULT_TYPE_RANGE] = "outside the address space",
};

/**
 * gensim_fault_irq - record and acknowledge an engine's page fault
 * @gdev: the device
 * @id: the engine whose page-fault interrupt fired
 *
 * Context: hard irq.
 */
void gensim_fault_irq(struct gensim_device *gdev, enum gensim_engine_id id)
{
	struct gensim_fault_log *log = &gdev->faults;
	u32 reg = gensim_read_irq(gdev, fault_reg[id]);
	struct gensim_fault *f;
	unsigned long flags;

	if (!(reg & RING_FAULT_VALID))
		return;

	spin_lock_irqsave(&log->lock, flags);
	f = &log->entry[log->count % ARRAY_SIZE(log->entry)];
	f->engine = id;
	f->reg = reg;
	f->addr = (u64)gensim_read_irq(gdev, GEN8_FAULT_TLB_DATA0) << 12;
	f->addr |= (u64)FIELD_GET(FAULT_VA_HIGH_BITS,
				  gensim_read_irq(gdev, GEN8_FAULT_TLB_DATA1)) << 44;
	log->count++;
	spin_unlock_irqrestore(&log->lock, flags);

	/* Clearing VALID lets the engine record its next fault. */
	gensim_write(gdev, fault_reg[id], reg & ~RING_FAULT_VALID);
	drm_dbg(&gdev->drm, "%s: page fault at %#llx: %s (source %lu, %s)\n",
		gensim_engine_name(id), f->addr, fault_type_name[FIELD_GET(RING_FAULT_TYPE, reg)],
		FIELD_GET(RING_FAULT_SRCID, reg), reg & RING_FAULT_GTTSEL ? "GGTT" : "PPGTT");
}

/**
 * gensim_fault_show - debugfs: the recent faults
 * @gdev: the device
 * @m: the seq_file
 */
void gensim_fault_show(struct gensim_device *gdev, struct seq_file *m)
{
	struct gensim_fault_log *log = &gdev->faults;
	unsigned long flags;
	u64 i, count;

	spin_lock_irqsave(&log->lock, flags);
	count = log->count;
	seq_printf(m, "faults: %llu\n", count);
	for (i = count > ARRAY_SIZE(log->entry) ? count - ARRAY_SIZE(log->entry) : 0;
	     i < count; i++) {
		const struct gensim_fault *f = &log->entry[i % ARRAY_SIZE(log->entry)];

		seq_printf(m, "%llu: %s %s addr %#llx type %lu (%s) source %lu\n", i,
			   gensim_engine_name(f->engine),
			   f->reg & RING_FAULT_GTTSEL ? "ggtt" : "ppgtt", f->addr,
			   FIELD_GET(RING_FAULT_TYPE, f->reg),
			   fault_type_name[FIELD_GET(RING_FAULT_TYPE, f->reg)],
			   FIELD_GET(RING_FAULT_SRCID, f->reg));
	}
	spin_unlock_irqrestore(&log->lock, flags);
}
