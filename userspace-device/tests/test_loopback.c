// SPDX-License-Identifier: MIT
/*
 * The device model attached through the loopback channel: attach and
 * detach, the interrupt tree and line, and the DMA window with its guard.
 */
#include <errno.h>
#include <string.h>

#include "channel/irq.h"
#include "core/device.h"
#include "device/loopback.h"
#include "mem/mem.h"
#include "tap.h"

#define WIN_BASE	0x100000ull

static struct gs_loop *start(void)
{
	struct gs_config cfg;
	struct gs_loop *loop;

	gs_config_defaults(&cfg);
	loop = gs_loop_create(&cfg);
	CHECK(loop);
	CHECK_EQ(gs_loop_wait_msgs(loop, GENSIM_MSG_READY, 5000), GENSIM_MSG_READY);
	return loop;
}

static void t_attach_detach(void)
{
	for (int i = 0; i < 20; i++) {
		struct gs_loop *loop = start();

		CHECK_EQ(gs_loop_read(loop, GENSIM_MAGIC), GENSIM_MAGIC_VALUE);
		gs_loop_write(loop, GENSIM_SCRATCH, i);
		CHECK_EQ(gs_loop_read(loop, GENSIM_SCRATCH), i);
		gs_loop_destroy(loop);
	}
}

static void enable_rcs_irqs(struct gs_loop *loop)
{
	gs_loop_write(loop, RING_IMR(RENDER_RING_BASE), ~GT_RENDER_USER_INTERRUPT);
	gs_loop_write(loop, GEN8_GT_IER(0), GT_RENDER_USER_INTERRUPT);
	gs_loop_write(loop, GEN8_GT_IMR(0), ~GT_RENDER_USER_INTERRUPT);
	gs_loop_write(loop, GEN8_MASTER_IRQ, GEN8_MASTER_IRQ_CONTROL);
	CHECK_EQ(gs_loop_read(loop, GEN8_MASTER_IRQ), GEN8_MASTER_IRQ_CONTROL);
}

static void t_interrupt_line(void)
{
	struct gs_loop *loop = start();
	struct gs_device *dev = gs_loop_device(loop);

	enable_rcs_irqs(loop);
	CHECK_EQ(gs_loop_wait_msgs(loop, GENSIM_MSG_IRQ, 50), 0);

	/* An engine event reaches IIR, MASTER_IRQ and the line. */
	gs_irq_engine_event(dev, GS_RCS, GT_RENDER_USER_INTERRUPT);
	CHECK_EQ(gs_loop_wait_msgs(loop, GENSIM_MSG_IRQ, 5000), GENSIM_MSG_IRQ);
	CHECK_EQ(gs_loop_read(loop, GEN8_GT_IIR(0)), GT_RENDER_USER_INTERRUPT);
	CHECK_EQ(gs_loop_read(loop, GEN8_GT_ISR(0)), GT_RENDER_USER_INTERRUPT);
	CHECK_EQ(gs_loop_read(loop, GEN8_MASTER_IRQ), GEN8_MASTER_IRQ_CONTROL | GEN8_GT_RCS_IRQ);

	/* The Gen8 handler sequence: master off, ack, master on. */
	gs_loop_write(loop, GEN8_MASTER_IRQ, 0);
	gs_loop_write(loop, GEN8_GT_IIR(0), GT_RENDER_USER_INTERRUPT);
	gs_loop_write(loop, GEN8_MASTER_IRQ, GEN8_MASTER_IRQ_CONTROL);
	CHECK_EQ(gs_loop_read(loop, GEN8_GT_IIR(0)), 0);
	CHECK_EQ(gs_loop_read(loop, GEN8_GT_ISR(0)), 0);
	CHECK_EQ(gs_loop_read(loop, GEN8_MASTER_IRQ), GEN8_MASTER_IRQ_CONTROL);
	CHECK_EQ(gs_loop_wait_msgs(loop, GENSIM_MSG_IRQ, 50), 0);
	gs_loop_destroy(loop);
}

static void t_interrupt_masking(void)
{
	struct gs_loop *loop = start();
	struct gs_device *dev = gs_loop_device(loop);

	enable_rcs_irqs(loop);

	/* RING_IMR drops the event before the GT level. */
	gs_irq_engine_event(dev, GS_RCS, GT_CONTEXT_SWITCH_INTERRUPT);
	CHECK_EQ(gs_loop_read(loop, GEN8_GT_IIR(0)), 0);
	CHECK_EQ(gs_loop_wait_msgs(loop, GENSIM_MSG_IRQ, 50), 0);

	/* GT_IMR masks latching; the event shows in ISR only. */
	gs_loop_write(loop, RING_IMR(RENDER_RING_BASE), 0);
	CHECK(!gs_loop_flush(loop, 5000));
	gs_irq_engine_event(dev, GS_RCS, GT_CONTEXT_SWITCH_INTERRUPT);
	CHECK_EQ(gs_loop_read(loop, GEN8_GT_IIR(0)), 0);
	CHECK_EQ(gs_loop_read(loop, GEN8_GT_ISR(0)), GT_CONTEXT_SWITCH_INTERRUPT);

	/* Latched but not enabled in IER: no pending master bit, no line. */
	gs_loop_write(loop, GEN8_GT_IMR(0), 0);
	CHECK(!gs_loop_flush(loop, 5000));
	gs_irq_engine_event(dev, GS_RCS, GT_CONTEXT_SWITCH_INTERRUPT);
	CHECK_EQ(gs_loop_read(loop, GEN8_GT_IIR(0)), GT_CONTEXT_SWITCH_INTERRUPT);
	CHECK_EQ(gs_loop_read(loop, GEN8_MASTER_IRQ), GEN8_MASTER_IRQ_CONTROL);
	CHECK_EQ(gs_loop_wait_msgs(loop, GENSIM_MSG_IRQ, 50), 0);

	/* Enabling it in IER with the master on raises the line. */
	gs_loop_write(loop, GEN8_GT_IER(0), GT_CONTEXT_SWITCH_INTERRUPT);
	CHECK_EQ(gs_loop_wait_msgs(loop, GENSIM_MSG_IRQ, 5000), GENSIM_MSG_IRQ);

	/* Master disabled: events latch, the line stays low until re-enabled. */
	gs_loop_write(loop, GEN8_MASTER_IRQ, 0);
	gs_loop_write(loop, GEN8_GT_IIR(0), ~0u);
	CHECK_EQ(gs_loop_read(loop, GEN8_GT_IIR(0)), 0);
	gs_loop_wait_msgs(loop, GENSIM_MSG_IRQ, 0);	/* forget earlier messages */
	gs_irq_engine_event(dev, GS_BCS, GT_CONTEXT_SWITCH_INTERRUPT);	/* RING_IMR masks bcs */
	gs_irq_engine_event(dev, GS_RCS, GT_CONTEXT_SWITCH_INTERRUPT);
	CHECK_EQ(gs_loop_read(loop, GEN8_MASTER_IRQ), GEN8_GT_RCS_IRQ);
	CHECK_EQ(gs_loop_wait_msgs(loop, GENSIM_MSG_IRQ, 50), 0);
	gs_loop_write(loop, GEN8_MASTER_IRQ, GEN8_MASTER_IRQ_CONTROL);
	CHECK_EQ(gs_loop_wait_msgs(loop, GENSIM_MSG_IRQ, 5000), GENSIM_MSG_IRQ);
	gs_loop_destroy(loop);
}

/* Bank placement of each engine's events (EXT i915 bank/shift table). */
static void t_interrupt_banks(void)
{
	static const struct { int engine, bank, shift; uint32_t master; } map[] = {
		{ GS_RCS, 0, 0, GEN8_GT_RCS_IRQ }, { GS_BCS, 0, 16, GEN8_GT_BCS_IRQ },
		{ GS_VCS, 1, 0, GEN8_GT_VCS0_IRQ }, { GS_VECS, 3, 0, GEN8_GT_VECS_IRQ },
	};
	struct gs_loop *loop = start();

	for (size_t i = 0; i < sizeof(map) / sizeof(map[0]); i++) {
		gs_loop_write(loop, RING_IMR(gs_engine_mmio_base[map[i].engine]), 0);
		gs_loop_write(loop, GEN8_GT_IMR(map[i].bank), 0);
		gs_loop_write(loop, GEN8_GT_IER(map[i].bank), ~0u);
	}
	gs_loop_write(loop, GEN8_MASTER_IRQ, GEN8_MASTER_IRQ_CONTROL);
	CHECK(!gs_loop_flush(loop, 5000));
	for (size_t i = 0; i < sizeof(map) / sizeof(map[0]); i++) {
		gs_irq_engine_event(gs_loop_device(loop), map[i].engine, GT_RENDER_USER_INTERRUPT);
		CHECK_EQ(gs_loop_read(loop, GEN8_GT_IIR(map[i].bank)), 1u << map[i].shift);
		CHECK_EQ(gs_loop_read(loop, GEN8_MASTER_IRQ), GEN8_MASTER_IRQ_CONTROL | map[i].master);
		gs_loop_write(loop, GEN8_GT_IIR(map[i].bank), ~0u);
		CHECK(!gs_loop_flush(loop, 5000));
	}
	gs_loop_destroy(loop);
}

static uint32_t probe(struct gs_loop *loop, uint64_t addr, uint32_t cmd, uint32_t *data)
{
	gs_loop_write(loop, GENSIM_DMA_PROBE_ADDR_LO, (uint32_t)addr);
	gs_loop_write(loop, GENSIM_DMA_PROBE_ADDR_HI, addr >> 32);
	gs_loop_write(loop, GENSIM_DMA_PROBE_DATA, *data);
	gs_loop_write(loop, GENSIM_DMA_PROBE_CMD, cmd);
	*data = gs_loop_read(loop, GENSIM_DMA_PROBE_DATA);
	return gs_loop_read(loop, GENSIM_DMA_PROBE_STATUS);
}

static void t_dma_window(void)
{
	struct gs_loop *loop = start();
	uint32_t *page, data = 0;

	CHECK(!gs_loop_map(loop, WIN_BASE, 4096));
	page = gs_loop_dma(loop, WIN_BASE);
	page[3] = 0xabcd1234;

	CHECK_EQ(probe(loop, WIN_BASE + 12, DMA_PROBE_CMD_READ, &data), DMA_PROBE_STATUS_OK);
	CHECK_EQ(data, 0xabcd1234);
	data = 0x600df00d;
	CHECK_EQ(probe(loop, WIN_BASE + 16, DMA_PROBE_CMD_WRITE, &data), DMA_PROBE_STATUS_OK);
	CHECK_EQ(page[4], 0x600df00d);

	/* Unmapped pages, the window's end and beyond fault; the device lives on. */
	data = 0;
	CHECK_EQ(probe(loop, 0x1000, DMA_PROBE_CMD_READ, &data), DMA_PROBE_STATUS_FAULT);
	CHECK_EQ(probe(loop, WIN_BASE + 4096, DMA_PROBE_CMD_WRITE, &data), DMA_PROBE_STATUS_FAULT);
	CHECK_EQ(probe(loop, GENSIM_DMA_WINDOW_SIZE - 2, DMA_PROBE_CMD_READ, &data),
		 DMA_PROBE_STATUS_FAULT);
	CHECK_EQ(probe(loop, ~0ull, DMA_PROBE_CMD_READ, &data), DMA_PROBE_STATUS_FAULT);

	/* Taking a page back makes it fault again. */
	CHECK(!gs_loop_unmap(loop, WIN_BASE, 4096));
	CHECK_EQ(probe(loop, WIN_BASE + 12, DMA_PROBE_CMD_READ, &data), DMA_PROBE_STATUS_FAULT);
	CHECK_EQ(gs_loop_read(loop, GENSIM_MAGIC), GENSIM_MAGIC_VALUE);
	gs_loop_destroy(loop);
}

/* The guard is per thread and per range: the device's own accesses are unaffected. */
static void t_dma_direct(void)
{
	struct gs_loop *loop = start();
	struct gs_device *dev = gs_loop_device(loop);
	uint8_t buf[8192];

	memset(buf, 0x5a, sizeof(buf));
	CHECK(!gs_loop_map(loop, WIN_BASE, 4096));
	CHECK_EQ(gs_dma_write(dev, WIN_BASE, buf, 4096), 0);
	CHECK_EQ(gs_dma_write(dev, WIN_BASE, buf, 8192), -EFAULT);	/* runs off the page */
	CHECK_EQ(gs_dma_read(dev, WIN_BASE + 4000, buf, 96), 0);
	CHECK_EQ(gs_dma_read(dev, WIN_BASE + 4000, buf, 97), -EFAULT);
	CHECK_EQ(gs_dma_read(dev, 0, buf, 0), -EFAULT);
	gs_loop_destroy(loop);
}

#ifdef __SANITIZE_THREAD__
static const int under_tsan = 1;
#else
static const int under_tsan;
#endif

int main(void)
{
	tap_run("attach and detach x20", t_attach_detach);
	tap_run("interrupt line: event, IIR, MASTER_IRQ, ack", t_interrupt_line);
	tap_run("interrupt masking: RING_IMR, GT_IMR, GT_IER, master", t_interrupt_masking);
	tap_run("interrupt banks per engine", t_interrupt_banks);
	if (under_tsan) {
		/* TSan's interceptors cannot return from a fault inside memcpy. */
		tap_skip("DMA window through the DMA probe", "fault recovery is not TSan-safe");
		tap_skip("DMA accesses are guarded per range", "fault recovery is not TSan-safe");
	} else {
		tap_run("DMA window through the DMA probe", t_dma_window);
		tap_run("DMA accesses are guarded per range", t_dma_direct);
	}
	return tap_done();
}
