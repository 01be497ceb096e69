// SPDX-License-Identifier: MIT
/*
 * Command streamer errors and interrupts (hw-spec-engines "Errors";
 * PRM Vol. 6 Command Stream Programming (Cherryview 2015),
 * "Hardware-Detected Error Bit Definitions (for EIR EMR ESR)" (RCS),
 * "User Mode Privileged Commands" (RCS)).
 *
 * An error sets its ESR bit; unless EMR masks it, it also sets EIR, IPEIR
 * takes the error's bits, and the engine raises its master-error interrupt
 * (bit 3).  IPEHR holds the failing command's header, ACTHD its address.
 * ESR latches every error, masked or not, until the engine is reset
 * (gensim: the PRM gives no ESR clearing rule).
 *
 * Instruction errors (EIR bit 0) and page-table errors (bit 4) stop the
 * context: the engine stays busy on it, executing nothing, until the
 * driver resets the engine.  A privilege violation (bit 5) only turns the
 * command into a no-op (the caller decides how much of it), and execution
 * goes on.  Every error is logged, always, with the engine, the command by
 * name and dwords (gs_cmd_describe()) and where it was.
 *
 * The HWSP ISR mirror (PRM Vol. 6 Command Stream Programming
 * (Cherryview 2015), "Interrupt Control Registers", HWSTAM): on a
 * "hardware status write" the engine copies its interrupt status, less
 * the bits HWSTAM masks, into status page dword 0.  User interrupt (0),
 * flush notify (4) and context switch (8) report 0; master error (3)
 * reads 1 while EIR has a bit set; page fault (7) follows its ISR bit.
 * The write happens on the engine thread whenever one of those may have
 * changed.
 */
#include <stdio.h>

#include "channel/irq.h"
#include "core/device.h"
#include "core/log.h"
#include "cs/cs.h"
#include "cs/engine.h"

/* reg_lock held: the error registers and the master-error interrupt. */
void gs_engine_error_locked(struct gs_engine *eng, uint32_t bit, uint32_t header, uint64_t addr)
{
	struct gs_device *dev = eng->dev;
	uint32_t base = eng->base;

	gs_reg_store_locked(dev, RING_ESR(base), gs_reg_read(dev, RING_ESR(base)) | bit);
	gs_reg_store_locked(dev, RING_IPEHR(base), header);
	if (addr != ~0ull) {
		gs_reg_store_locked(dev, RING_ACTHD(base), (uint32_t)addr);
		gs_reg_store_locked(dev, RING_ACTHD_UDW(base), (uint32_t)(addr >> 32));
	}
	if (gs_reg_read(dev, RING_EMR(base)) & bit) {
		gs_info("%s: error %#x masked by EMR: ESR only", eng->name, bit);
		return;
	}
	gs_reg_store_locked(dev, RING_EIR(base), gs_reg_read(dev, RING_EIR(base)) | bit);
	gs_reg_store_locked(dev, RING_IPEIR(base), bit);
	gs_irq_engine_event_locked(dev, eng->id, GT_CS_MASTER_ERROR_INTERRUPT);
	/* EIR changed: the mirror's master-error bit, even if IMR hid the interrupt. */
	gs_engine_hwsp_dirty(dev, eng->id);
}

static const char *level_name(unsigned int level)
{
	static const char *const names[] = { "ring", "batch", "second-level batch" };

	return level < 3 ? names[level] : "?";
}

/* Error on the engine thread: registers (if no reset intervened), interrupt. */
static void raise_error(struct gs_cs *cs, uint32_t bit)
{
	struct gs_device *dev = cs->dev;

	pthread_mutex_lock(&dev->reg_lock);
	if (atomic_load(&cs->eng->epoch) == cs->epoch)
		gs_engine_error_locked(cs->eng, bit, cs->cmd[0], cs->cmd_addr);
	pthread_mutex_unlock(&dev->reg_lock);
	gs_irq_send_pending(dev);
}

static void log_error(struct gs_cs *cs, const char *kind, const char *fmt, va_list ap)
{
	char why[512], cmd[256];

	vsnprintf(why, sizeof(why), fmt, ap);
	gs_cmd_describe(cmd, sizeof(cmd), cs->eng->id, cs->cmd, cs->cmd_len);
	gs_err("%s: %s: %s; command %s at %s %#llx (%s), context %#x", cs->eng->name, kind, why,
	       cmd, cs->cmd_ggtt ? "GGTT" : "PPGTT", (unsigned long long)cs->cmd_addr,
	       level_name(cs->level), cs->ctx_id);
}

static void halt(struct gs_cs *cs)
{
	cs->hung = true;
	gs_execlist_status_update(cs);
}

/* EIR bit 0: the command cannot be executed; the context stops. */
enum gs_cmd_result gs_cs_instruction_error(struct gs_cs *cs, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	log_error(cs, "instruction error (EIR bit 0)", fmt, ap);
	va_end(ap);
	raise_error(cs, EIR_INSTRUCTION_ERROR);
	halt(cs);
	return GS_CMD_HALT;
}

/* An invalid context image or ring: an instruction error at context load. */
void gs_cs_context_error(struct gs_cs *cs, const char *fmt, ...)
{
	char why[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, sizeof(why), fmt, ap);
	va_end(ap);
	gs_err("%s: instruction error (EIR bit 0): %s; the context is not run", cs->eng->name,
	       why);
	cs->cmd[0] = 0;
	cs->cmd_len = 1;
	raise_error(cs, EIR_INSTRUCTION_ERROR);
	halt(cs);
}

/*
 * A command streamer access faulted: the fault registers and the page
 * fault interrupt (fault.c, source CS), EIR bit 4.  Does not stop the
 * context by itself.
 */
void gs_cs_report_fault(struct gs_cs *cs, const struct gs_fault *f, const char *what)
{
	gs_err("%s: page table error (EIR bit 4) %s: %s %s %#llx, %s at %s; context %#x",
	       cs->eng->name, what, f->ggtt ? "GGTT" : "PPGTT", f->write ? "write" : "read",
	       (unsigned long long)f->va, gs_fault_type_name(f->type),
	       gs_fault_level_name(f->level), cs->ctx_id);
	gs_fault_report(cs->dev, cs->eng->id, FAULT_SRC_CS, f);
	raise_error(cs, EIR_PAGE_TABLE_ERROR);
}

/* A command's access faulted: reported, and the context stops. */
enum gs_cmd_result gs_cs_fault_error(struct gs_cs *cs, const struct gs_fault *f, const char *what)
{
	char cmd[256];

	gs_cmd_describe(cmd, sizeof(cmd), cs->eng->id, cs->cmd, cs->cmd_len);
	gs_err("%s: %s faulted: command %s at %s %#llx (%s)", cs->eng->name, what, cmd,
	       cs->cmd_ggtt ? "GGTT" : "PPGTT", (unsigned long long)cs->cmd_addr,
	       level_name(cs->level));
	gs_cs_report_fault(cs, f, what);
	halt(cs);
	return GS_CMD_HALT;
}

/*
 * A unit the command started reported a fault itself (the EU array, with
 * gs_fault_report(): the fault registers and the page-fault interrupt):
 * EIR bit 4, and the context stops, as for the command's own fault.
 */
enum gs_cmd_result gs_cs_reported_fault_error(struct gs_cs *cs, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	log_error(cs, "page table error (EIR bit 4)", fmt, ap);
	va_end(ap);
	raise_error(cs, EIR_PAGE_TABLE_ERROR);
	halt(cs);
	return GS_CMD_HALT;
}

/* EIR bit 5: a privileged command in a non-privileged batch; execution goes on. */
void gs_cs_privilege_violation(struct gs_cs *cs, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	log_error(cs, "command privilege violation (EIR bit 5)", fmt, ap);
	va_end(ap);
	raise_error(cs, EIR_PRIVILEGE_VIOLATION);
}

/* Raise engine interrupt @bits, unless a reset intervened. */
void gs_cs_raise(struct gs_cs *cs, uint32_t bits)
{
	struct gs_device *dev = cs->dev;

	pthread_mutex_lock(&dev->reg_lock);
	if (atomic_load(&cs->eng->epoch) == cs->epoch)
		gs_irq_engine_event_locked(dev, cs->eng->id, bits);
	pthread_mutex_unlock(&dev->reg_lock);
	gs_irq_send_pending(dev);
}

/* A hardware status write: the ISR mirror into status page dword 0. */
void gs_cs_hwsp_isr_update(struct gs_cs *cs)
{
	struct gs_device *dev = cs->dev;
	uint32_t base = cs->eng->base, hwsp, val, isr, eir, hwstam;
	struct gs_fault f;

	pthread_mutex_lock(&dev->reg_lock);
	hwsp = gs_reg_read(dev, RING_HWS_PGA(base)) & ~0xfffu;
	hwstam = gs_reg_read(dev, RING_HWSTAM(base));
	eir = gs_reg_read(dev, RING_EIR(base));
	isr = gs_irq_engine_isr_locked(dev, cs->eng->id);
	pthread_mutex_unlock(&dev->reg_lock);

	val = ((eir ? GT_CS_MASTER_ERROR_INTERRUPT : 0) | (isr & GT_PAGE_FAULT_INTERRUPT)) &
	      ~hwstam;
	if (!hwsp || (val == cs->isr_last && (!val || hwsp == cs->isr_hwsp)))
		return;
	if (gs_cs_mem(cs, true, hwsp + HWSP_ISR * 4, &val, sizeof(val), true, &f)) {
		gs_err("%s: HWSP ISR mirror: status page at GGTT %#x faulted (%s)", cs->eng->name,
		       hwsp, gs_fault_type_name(f.type));
		return;
	}
	cs->isr_last = val;
	cs->isr_hwsp = hwsp;
}
