// SPDX-License-Identifier: MIT
/*
 * The Gen8 interrupt tree (hw-spec "Interrupts"; PRM Vol. 6 Command
 * Stream Programming (Cherryview 2015), "Interrupt Control Registers";
 * EXT i915 for the bank layout):
 *
 *   engine event -> RING_IMR -> GT_ISR (status) and, unless GT_IMR masks
 *   it, GT_IIR (latched, write-1-to-clear) -> GT_IER -> MASTER_IRQ pending
 *   bit -> MASTER_IRQ bit 31 enables the line.
 *
 * The line is a message: GENSIM_MSG_IRQ on the channel.  It is sent when
 * the line becomes asserted, and again whenever a new IIR bit latches
 * while it is asserted, so a driver that acknowledges without masking the
 * master still hears every event.  The driver may see several events in
 * one interrupt, or an interrupt with nothing pending; both are what IIR
 * semantics promise.  Messages are sent after reg_lock is dropped.
 *
 * Every change of an engine's ISR bits asks that engine for a "hardware
 * status write" of its HWSP ISR mirror (PRM Vol. 6 Command Stream
 * Programming (Cherryview 2015), "Interrupt Control Registers", HWSTAM;
 * cs_error.c writes it from the engine thread).
 */
#include "channel/chan.h"
#include "channel/irq.h"
#include "core/device.h"
#include "core/log.h"
#include "core/trace.h"

static const struct {
	uint8_t bank;
	uint8_t shift;
} engine_bits[GS_NUM_ENGINES] = {
	[GS_RCS] = { 0, GEN8_RCS_IRQ_SHIFT },
	[GS_BCS] = { 0, GEN8_BCS_IRQ_SHIFT },
	[GS_VCS] = { 1, GEN8_VCS0_IRQ_SHIFT },
	[GS_VECS] = { 3, GEN8_VECS_IRQ_SHIFT },
};

/* The MASTER_IRQ summary bits for one bank's pending, enabled bits. */
static uint32_t master_bits(unsigned int bank, uint32_t pending)
{
	switch (bank) {
	case 0:
		return (pending & 0xffff ? GEN8_GT_RCS_IRQ : 0) |
		       (pending >> 16 ? GEN8_GT_BCS_IRQ : 0);
	case 1:
		return (pending & 0xffff ? GEN8_GT_VCS0_IRQ : 0) |
		       (pending >> 16 ? GEN8_GT_VCS1_IRQ : 0);
	case 2:
		return pending ? GEN8_GT_PM_IRQ : 0;
	default:
		return pending ? GEN8_GT_VECS_IRQ : 0;
	}
}

/* Recompute MASTER_IRQ and the line; @new_event: an IIR bit just latched. */
void gs_irq_update_locked(struct gs_device *dev, bool new_event)
{
	uint32_t master = gs_reg_read(dev, GEN8_MASTER_IRQ) & GEN8_MASTER_IRQ_CONTROL;
	bool asserted;

	for (unsigned int bank = 0; bank < GEN8_GT_NR_BANKS; bank++)
		master |= master_bits(bank, gs_reg_read(dev, GEN8_GT_IIR(bank)) &
					    gs_reg_read(dev, GEN8_GT_IER(bank)));
	gs_reg_store_locked(dev, GEN8_MASTER_IRQ, master);

	asserted = (master & GEN8_MASTER_IRQ_CONTROL) && (master & ~GEN8_MASTER_IRQ_CONTROL);
	if (asserted && (!dev->irq_asserted || new_event))
		atomic_store(&dev->irq_send_pending, true);
	dev->irq_asserted = asserted;
}

void gs_irq_send_pending(struct gs_device *dev)
{
	if (!atomic_exchange(&dev->irq_send_pending, false))
		return;
	gs_trace_irq_msg();
	if (gs_chan_send(dev->chan, GENSIM_MSG_IRQ) == 0)
		atomic_fetch_add(&dev->irqs_sent, 1);
}

static void gt_event_locked(struct gs_device *dev, unsigned int bank, uint32_t bits)
{
	uint32_t iir = gs_reg_read(dev, GEN8_GT_IIR(bank));
	uint32_t latched = bits & ~gs_reg_read(dev, GEN8_GT_IMR(bank));

	gs_reg_store_locked(dev, GEN8_GT_ISR(bank), gs_reg_read(dev, GEN8_GT_ISR(bank)) | bits);
	/* An event whose bit is still latched waits in the second stage. */
	dev->iir_queued[bank] |= latched & iir;
	gs_reg_store_locked(dev, GEN8_GT_IIR(bank), iir | latched);
	gs_irq_update_locked(dev, (latched & ~iir) != 0);
}

/* The engines whose ISR bits sit in @bits of GT bank @bank. */
static void isr_changed_locked(struct gs_device *dev, unsigned int bank, uint32_t bits)
{
	for (int e = 0; e < GS_NUM_ENGINES; e++)
		if (engine_bits[e].bank == bank && ((bits >> engine_bits[e].shift) & 0xffff))
			gs_device_isr_changed(dev, e);
}

/*
 * An engine raised @bits (GT_*_INTERRUPT): RING_IMR first, then the GT
 * bank.  reg_lock held; the caller sends the message once it drops it
 * (gs_irq_send_pending()).
 */
void gs_irq_engine_event_locked(struct gs_device *dev, int engine, uint32_t bits)
{
	bits &= ~gs_reg_read(dev, RING_IMR(gs_engine_mmio_base[engine]));
	gs_trace_irq_event(engine, bits);
	if (bits) {
		gt_event_locked(dev, engine_bits[engine].bank, bits << engine_bits[engine].shift);
		gs_device_isr_changed(dev, engine);
	}
}

/* The engine's interrupt status bits, from its GT bank's ISR; reg_lock held. */
uint32_t gs_irq_engine_isr_locked(struct gs_device *dev, int engine)
{
	return (gs_reg_read(dev, GEN8_GT_ISR(engine_bits[engine].bank)) >>
		engine_bits[engine].shift) & 0xffff;
}

void gs_irq_engine_event(struct gs_device *dev, int engine, uint32_t bits)
{
	pthread_mutex_lock(&dev->reg_lock);
	gs_irq_engine_event_locked(dev, engine, bits);
	pthread_mutex_unlock(&dev->reg_lock);
	gs_irq_send_pending(dev);
}

void master_irq_write(struct gs_device *dev, const struct gs_reg *reg, uint32_t val)
{
	(void)reg;
	(void)val;
	gs_irq_update_locked(dev, false);
}

/*
 * IMR, IIR or IER of a bank changed.  Acknowledging an IIR bit also drops
 * its ISR status bit: gensim's events are edges, so the status is only
 * ever "latched and not yet handled".
 */
void gt_irq_write(struct gs_device *dev, const struct gs_reg *reg, uint32_t val)
{
	bool relatched = false;

	if (reg->desc->offset == GEN8_GT_IIR(0)) {
		unsigned int bank = reg->index;
		uint32_t isr = GEN8_GT_ISR(bank), old = gs_reg_read(dev, isr);
		uint32_t again = val & dev->iir_queued[bank];

		gs_reg_store_locked(dev, isr, (old & ~val) | again);
		if ((old & val) & ~again)
			isr_changed_locked(dev, bank, (old & val) & ~again);
		/*
		 * The second stage moves up: clearing a bit with an event
		 * queued behind it latches that event at once, a new edge
		 * that raises the line again (i915 clears IIR twice for
		 * this reason).
		 */
		if (again) {
			dev->iir_queued[bank] &= ~again;
			gs_reg_store_locked(dev, GEN8_GT_IIR(bank),
					    gs_reg_read(dev, GEN8_GT_IIR(bank)) | again);
			relatched = true;
		}
	}
	gs_irq_update_locked(dev, relatched);
}

/* GENSIM_IRQ_FORCE(bank): raise @val in the bank as if engines had. */
void irq_force_write(struct gs_device *dev, const struct gs_reg *reg, uint32_t val)
{
	gs_info("GENSIM_IRQ_FORCE[%u]: raising %#x", reg->index, val);
	gt_event_locked(dev, reg->index, val);
}
