// SPDX-License-Identifier: MIT
/*
 * Page-fault reporting, the Gen8 way (hw-spec-memory "Fault reporting";
 * EXT i915 RING_FAULT_REG and GEN8_FAULT_TLB_DATA0/1; PRM Vol. 6
 * Command Stream Programming (Cherryview 2015), "Interrupt Control
 * Registers"; Linux i915 gt/intel_gt_irq.c for the page-fault
 * interrupt, bit 7 of the engine's interrupt bits):
 *
 * - the engine's RING_FAULT_REG takes VALID, the fault TYPE, the SRCID of
 *   the unit that faulted, GTTSEL (1: GGTT) and VA[31:12];
 * - FAULT_TLB_DATA0 takes VA[43:12], FAULT_TLB_DATA1 VA[47:44] and
 *   GTT_SEL;
 * - GT_PAGE_FAULT_INTERRUPT is raised on the engine (RING_IMR and the GT
 *   bank decide whether it reaches the driver).
 *
 * gensim: a fault register that is already VALID keeps its first fault
 * until the driver clears it (writes 0, as i915 does); later faults on
 * that engine are logged but not recorded, so the driver always sees the
 * fault that started the trouble.  FAULT_TLB_DATA0/1 change together with
 * a fault register, so they describe the last fault recorded on any
 * engine.  The interrupt is raised for every fault, recorded or not: the
 * event happened.
 *
 * Register side effects run with reg_lock held and gs_irq_engine_event()
 * takes it, so a handler records with gs_fault_report_locked(), which
 * leaves the interrupt pending in dev->fault_irq_pending, and
 * gs_mmio_write() raises it with gs_fault_raise_pending() once the lock
 * is dropped, before the write counts as applied.
 */
#include "channel/irq.h"
#include "core/device.h"
#include "core/log.h"
#include "mem/mem.h"

uint32_t gs_fault_reg_offset(int engine)
{
	static const uint32_t regs[GS_NUM_ENGINES] = {
		[GS_RCS] = RING_FAULT_REG_RCS,
		[GS_BCS] = RING_FAULT_REG_BCS,
		[GS_VCS] = RING_FAULT_REG_VCS,
		[GS_VECS] = RING_FAULT_REG_VECS,
	};

	return regs[engine];
}

static bool engine_ok(const struct gs_device *dev, int engine, unsigned int src)
{
	if (engine < 0 || engine >= GS_NUM_ENGINES || !(dev->cfg.engine_mask & BIT(engine))) {
		gs_err("page fault reported on engine %d, which this device does not have", engine);
		return false;
	}
	if (src > FIELD_GET(RING_FAULT_SRCID, RING_FAULT_SRCID)) {
		gs_err("page fault reported with source id %#x, wider than SRCID", src);
		return false;
	}
	return true;
}

static void record_locked(struct gs_device *dev, int engine, unsigned int src,
			  const struct gs_fault *f)
{
	uint32_t reg = gs_fault_reg_offset(engine), old = gs_reg_read(dev, reg);
	const char *what = f->ggtt ? "GGTT" : "PPGTT";

	if (old & RING_FAULT_VALID) {
		gs_info("%s page fault not recorded (%s %s %#llx, %s at %s): RING_FAULT_REG holds %#x",
			gs_engine_names[engine], what, f->write ? "write" : "read",
			(unsigned long long)f->va, gs_fault_type_name(f->type),
			gs_fault_level_name(f->level), old);
		return;
	}
	gs_reg_store_locked(dev, reg,
			    ((uint32_t)f->va & RING_FAULT_VADDR) |
			    (f->ggtt ? RING_FAULT_GTTSEL : 0) |
			    FIELD_PREP(RING_FAULT_SRCID, src) |
			    FIELD_PREP(RING_FAULT_TYPE, f->type) |
			    RING_FAULT_VALID);
	gs_reg_store_locked(dev, GEN8_FAULT_TLB_DATA0, (uint32_t)(f->va >> GS_PAGE_SHIFT));
	gs_reg_store_locked(dev, GEN8_FAULT_TLB_DATA1,
			    FIELD_PREP(FAULT_VA_HIGH_BITS, f->va >> 44) |
			    (f->ggtt ? FAULT_GTT_SEL : 0));
	gs_info("%s page fault: %s %s %#llx, %s at %s (source %#x)", gs_engine_names[engine],
		what, f->write ? "write" : "read", (unsigned long long)f->va,
		gs_fault_type_name(f->type), gs_fault_level_name(f->level), src);
}

/* Report @fault on @engine from a register side effect (reg_lock held). */
void gs_fault_report_locked(struct gs_device *dev, int engine, unsigned int src,
			    const struct gs_fault *fault)
{
	if (!engine_ok(dev, engine, src))
		return;
	record_locked(dev, engine, src, fault);
	atomic_fetch_or(&dev->fault_irq_pending, BIT(engine));
}

/* Raise the interrupts gs_fault_report_locked() left pending (reg_lock not held). */
void gs_fault_raise_pending(struct gs_device *dev)
{
	unsigned int engines;

	if (!atomic_load_explicit(&dev->fault_irq_pending, memory_order_relaxed))
		return;
	engines = atomic_exchange(&dev->fault_irq_pending, 0);
	for (int e = 0; e < GS_NUM_ENGINES; e++)
		if (engines & BIT(e))
			gs_irq_engine_event(dev, e, GT_PAGE_FAULT_INTERRUPT);
}

/* Report @fault on @engine from a unit's own thread (reg_lock not held). */
void gs_fault_report(struct gs_device *dev, int engine, unsigned int src,
		     const struct gs_fault *fault)
{
	if (!engine_ok(dev, engine, src))
		return;
	pthread_mutex_lock(&dev->reg_lock);
	record_locked(dev, engine, src, fault);
	pthread_mutex_unlock(&dev->reg_lock);
	gs_irq_engine_event(dev, engine, GT_PAGE_FAULT_INTERRUPT);
}
