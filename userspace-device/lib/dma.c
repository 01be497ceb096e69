// SPDX-License-Identifier: MIT
/*
 * Device access to the DMA window (map 2), the device's physical memory.
 *
 * The driver decides which window pages exist; touching any other page
 * raises SIGBUS (SIGSEGV in the loopback, where absent pages are
 * PROT_NONE).  The device must never crash on that, so every access runs
 * under a guard: a per-thread jump buffer that the signal handler returns
 * to when the faulting address is inside the guarded range.  The access
 * then fails with -EFAULT and the caller reports it as the hardware would
 * (hw-spec "The DMA window"; for the DMA probe, STATUS = FAULT).
 *
 * SA_NODEFER keeps the signal unblocked inside the handler, so the
 * siglongjmp() out of it needs no saved signal mask.  A fault outside any
 * guard is a real bug: the handler restores the default action and the
 * fault repeats, killing the process with a core dump.
 */
#include <errno.h>
#include <setjmp.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>

#include "gsdev/device.h"
#include "gsdev/log.h"

/* volatile and signal fences: the handler reads these on the same thread. */
static _Thread_local sigjmp_buf *volatile guard_jmp;
static _Thread_local volatile uintptr_t guard_lo, guard_hi;

static void guard_handler(int sig, siginfo_t *si, void *uc)
{
	uintptr_t addr = (uintptr_t)si->si_addr;

	(void)uc;
	if (guard_jmp && addr >= guard_lo && addr < guard_hi)
		siglongjmp(*guard_jmp, 1);
	signal(sig, SIG_DFL);
}

void gs_dma_guard_install(void)
{
	struct sigaction sa = {
		.sa_sigaction = guard_handler,
		.sa_flags = SA_SIGINFO | SA_NODEFER,
	};

	sigemptyset(&sa.sa_mask);
	sigaction(SIGBUS, &sa, NULL);
	sigaction(SIGSEGV, &sa, NULL);
}

static int guarded_copy(void *dst, const void *src, size_t len, const uint8_t *win, size_t win_len)
{
	sigjmp_buf jb;
	volatile int ret = 0;

	if (sigsetjmp(jb, 0)) {
		ret = -EFAULT;
		goto out;
	}
	guard_lo = (uintptr_t)win;
	guard_hi = (uintptr_t)win + win_len;
	guard_jmp = &jb;
	atomic_signal_fence(memory_order_seq_cst);
	memcpy(dst, src, len);
	atomic_signal_fence(memory_order_seq_cst);
out:
	guard_jmp = NULL;
	return ret;
}

static int window_range_ok(const struct gs_device *dev, uint64_t addr, size_t len)
{
	return len && addr < dev->chan->dma_size && len <= dev->chan->dma_size - addr;
}

/* Returns 0, or -EFAULT if any byte of the range is not mapped for the device. */
int gs_dma_read(struct gs_device *dev, uint64_t addr, void *buf, size_t len)
{
	if (!window_range_ok(dev, addr, len))
		return -EFAULT;
	return guarded_copy(buf, dev->chan->dma + addr, len, dev->chan->dma, dev->chan->dma_size);
}

int gs_dma_write(struct gs_device *dev, uint64_t addr, const void *buf, size_t len)
{
	if (!window_range_ok(dev, addr, len))
		return -EFAULT;
	return guarded_copy(dev->chan->dma + addr, buf, len, dev->chan->dma, dev->chan->dma_size);
}

/* GENSIM_DMA_PROBE_CMD: one dword read or write at ADDR, result in STATUS. */
void dma_probe_cmd_write(struct gs_device *dev, const struct gs_reg *reg, uint32_t val)
{
	uint64_t addr = (uint64_t)gs_reg_read(dev, GENSIM_DMA_PROBE_ADDR_HI) << 32 |
			gs_reg_read(dev, GENSIM_DMA_PROBE_ADDR_LO);
	uint32_t data = gs_reg_read(dev, GENSIM_DMA_PROBE_DATA), status;
	int ret;

	(void)reg;
	switch (val) {
	case DMA_PROBE_CMD_READ:
		ret = gs_dma_read(dev, addr, &data, sizeof(data));
		if (!ret)
			gs_reg_store_locked(dev, GENSIM_DMA_PROBE_DATA, data);
		break;
	case DMA_PROBE_CMD_WRITE:
		ret = gs_dma_write(dev, addr, &data, sizeof(data));
		break;
	default:
		gs_err("GENSIM_DMA_PROBE_CMD: unknown command %u", val);
		gs_reg_store_locked(dev, GENSIM_DMA_PROBE_STATUS, DMA_PROBE_STATUS_BAD_CMD);
		return;
	}
	status = ret ? DMA_PROBE_STATUS_FAULT : DMA_PROBE_STATUS_OK;
	gs_reg_store_locked(dev, GENSIM_DMA_PROBE_STATUS, status);
	gs_info("DMA probe: %s %#llx: %s (data %#x)", val == DMA_PROBE_CMD_READ ? "read" : "write",
		(unsigned long long)addr, ret ? "fault" : "ok", data);
}
