// SPDX-License-Identifier: MIT
/*
 * The context status buffer (hw-spec-engines "The context status buffer";
 * PRM Vol. 6 Command Stream Programming (Cherryview 2015), "Context
 * Status": six QWord entries ("Number of Context Status Entries"),
 * written at increasing indices with wrap ("Number of Context Status
 * Entries"), a context-switch interrupt per entry ("Context Status"); EXT
 * i915 for the HWSP dwords 0x10.. and 0x1f).
 *
 * One entry: the device takes the write pointer w from
 * RING_CONTEXT_STATUS_PTR (7 after reset: nothing written), writes entry
 * (w + 1) mod 6 into RING_CONTEXT_STATUS_BUF and, if RING_HWS_PGA is set,
 * into the status page at dwords 0x10 + 2i (status) and 0x11 + 2i
 * (Context ID); then the new pointer goes to status page dword 0x1f and to
 * bits 2:0 of RING_CONTEXT_STATUS_PTR; then the context-switch interrupt
 * (bit 8).  Entry before pointer, always: a driver that reads the pointer
 * (with acquire) finds the entries it covers.  The read pointer, bits
 * 10:8, is the driver's; the device keeps what it writes there.
 */
#include <stdatomic.h>

#include "channel/irq.h"
#include "core/device.h"
#include "core/log.h"
#include "cs/cs.h"
#include "cs/engine.h"

void gs_csb_write(struct gs_cs *cs, uint32_t status, uint32_t ctx_id)
{
	struct gs_engine *eng = cs->eng;
	struct gs_device *dev = cs->dev;
	uint32_t ptr_reg = RING_CONTEXT_STATUS_PTR(eng->base), w, n, hwsp;
	uint32_t entry[2] = { status, ctx_id };
	struct gs_fault f;

	pthread_mutex_lock(&dev->reg_lock);
	if (atomic_load(&eng->epoch) != cs->epoch) {
		pthread_mutex_unlock(&dev->reg_lock);
		return;
	}
	w = FIELD_GET(CSB_WRITE_PTR, gs_reg_read(dev, ptr_reg));
	n = w >= GEN8_CSB_ENTRIES - 1 ? 0 : w + 1;
	gs_reg_store_locked(dev, RING_CONTEXT_STATUS_BUF_LO(eng->base, n), status);
	gs_reg_store_locked(dev, RING_CONTEXT_STATUS_BUF_HI(eng->base, n), ctx_id);
	hwsp = gs_reg_read(dev, RING_HWS_PGA(eng->base)) & ~0xfffu;
	pthread_mutex_unlock(&dev->reg_lock);

	if (hwsp) {
		if (gs_cs_mem(cs, true, hwsp + (HWSP_CSB_ENTRY0 + 2 * n) * 4, entry, sizeof(entry),
			      true, &f)) {
			gs_cs_report_fault(cs, &f, "CSB entry in the status page");
		} else {
			atomic_thread_fence(memory_order_release);
			if (gs_cs_mem(cs, true, hwsp + HWSP_CSB_WRITE_PTR * 4, &n, sizeof(n), true, &f))
				gs_cs_report_fault(cs, &f, "CSB write pointer in the status page");
		}
	}

	pthread_mutex_lock(&dev->reg_lock);
	if (atomic_load(&eng->epoch) == cs->epoch) {
		uint32_t ptr = gs_reg_read(dev, ptr_reg);

		gs_reg_store_locked(dev, ptr_reg, (ptr & ~CSB_WRITE_PTR) | n);
		gs_irq_engine_event_locked(dev, eng->id, GT_CONTEXT_SWITCH_INTERRUPT);
	}
	pthread_mutex_unlock(&dev->reg_lock);
	gs_irq_send_pending(dev);
	gs_info("%s: CSB[%u] = %#06x, context %#x", eng->name, n, status, ctx_id);
}
