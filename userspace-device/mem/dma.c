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
 * GTT walkers read table entries with gs_dma_read_qword(): one guarded
 * 64-bit load, so an entry the driver rewrites is seen whole, old or new.
 * MI_ATOMIC uses gs_dma_atomic(): a guarded compare-exchange loop.
 *
 * The DMA probe (GENSIM_DMA_PROBE_*) reads or writes one dword in one of
 * three spaces: the window itself, the GGTT, or a PPGTT under
 * GENSIM_DMA_PROBE_ROOT (hw-spec-memory "The DMA probe").
 *
 * SA_NODEFER keeps the signal unblocked inside the handler, so the
 * siglongjmp() out of it needs no saved signal mask.  A fault outside any
 * guard is a real bug: the handler restores the default action and the
 * fault repeats, killing the process with a core dump.
 */
#include <errno.h>
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <wchar.h>

#include "channel/chan.h"
#include "core/device.h"
#include "core/log.h"
#include "core/trace.h"
#include "mem/mem.h"

/* volatile and signal fences: the handler reads these on the same thread. */
static _Thread_local sigjmp_buf *volatile guard_jmp;
static _Thread_local volatile uintptr_t guard_lo, guard_hi;

static void guard_handler(int sig, siginfo_t *si, void *uc)
{
	uintptr_t addr = (uintptr_t)si->si_addr;

	(void)uc;
	if (guard_jmp && addr >= guard_lo && addr < guard_hi) {
		sigset_t fault;

		/*
		 * The guard's sigsetjmp() does not save the signal mask (a
		 * system call on every access), so leave the handler with
		 * SIGSEGV and SIGBUS unblocked.  SA_NODEFER keeps them so
		 * natively, but ThreadSanitizer runs handlers with signals
		 * blocked: the next guarded fault on this thread would then
		 * kill the process.
		 */
		sigemptyset(&fault);
		sigaddset(&fault, SIGSEGV);
		sigaddset(&fault, SIGBUS);
		pthread_sigmask(SIG_UNBLOCK, &fault, NULL);
		siglongjmp(*guard_jmp, 1);
	}
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

/*
 * The copy itself.  Window memory is shared with the driver and, since the
 * command streamers run on their own threads, with other engines of the
 * device: a semaphore one engine polls is what another engine writes.  So
 * whole aligned dwords are copied with relaxed atomic accesses, as the
 * hardware's bus does, and no pair of device threads ever races in the C11
 * sense (ThreadSanitizer agrees).  Anything unaligned falls back to memcpy.
 */
static void copy_words(void *dst, const void *src, size_t len)
{
	if (((uintptr_t)dst | (uintptr_t)src | len) & 3) {
		memcpy(dst, src, len);
		return;
	}
	for (size_t i = 0; i < len / 4; i++)
		atomic_store_explicit((_Atomic uint32_t *)dst + i,
				      atomic_load_explicit((const _Atomic uint32_t *)src + i,
							   memory_order_relaxed),
				      memory_order_relaxed);
}

/*
 * Copy @len bytes under the guard; @qwords: both pointers are 8-byte
 * aligned and @len is 8 * @qwords, copy with one atomic 64-bit load each
 * (GTT entries).
 */
static int guarded_copy(void *dst, const void *src, size_t len, size_t qwords,
			const uint8_t *win, size_t win_len)
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
	if (qwords) {
		for (size_t i = 0; i < qwords; i++)
			((uint64_t *)dst)[i] = atomic_load_explicit((_Atomic uint64_t *)src + i,
								    memory_order_relaxed);
	} else {
		copy_words(dst, src, len);
	}
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
	return guarded_copy(buf, dev->chan->dma + addr, len, 0, dev->chan->dma,
			    dev->chan->dma_size);
}

int gs_dma_write(struct gs_device *dev, uint64_t addr, const void *buf, size_t len)
{
	if (!window_range_ok(dev, addr, len))
		return -EFAULT;
	return guarded_copy(dev->chan->dma + addr, buf, len, 0, dev->chan->dma,
			    dev->chan->dma_size);
}

/* One 8-byte aligned qword, loaded atomically; 0 or -EFAULT. */
int gs_dma_read_qword(struct gs_device *dev, uint64_t addr, uint64_t *val)
{
	uint64_t v;
	int ret;

	if ((addr & 7) || !window_range_ok(dev, addr, sizeof(v)))
		return -EFAULT;
	ret = guarded_copy(&v, dev->chan->dma + addr, sizeof(v), 1, dev->chan->dma,
			   dev->chan->dma_size);
	if (!ret)
		*val = v;
	return ret;
}

/*
 * @n consecutive 8-byte aligned qwords, each loaded atomically, under one
 * guard (a block of page-table entries, mem/batch.c); 0, or -EFAULT with
 * @vals partly written.
 */
int gs_dma_read_qwords(struct gs_device *dev, uint64_t addr, uint64_t *vals, size_t n)
{
	if ((addr & 7) || !n || n > SIZE_MAX / 8 || !window_range_ok(dev, addr, n * 8))
		return -EFAULT;
	return guarded_copy(vals, dev->chan->dma + addr, n * 8, n, dev->chan->dma,
			    dev->chan->dma_size);
}

/*
 * Bulk access for the blitter's fast paths (blt/blt_fast.c; hw-spec-blitter
 * "Fast paths"): lists of translated window ranges copied, filled or
 * probed, under the same guard as every other access.
 *
 * These use the C library's memmove()/memset()/wmemset(), whose vector and
 * string instructions are what make a large blit as fast as a memcpy() of
 * the same bytes, instead of copy_words()'s dword loop.  The price: they do
 * not promise that an aligned dword is written by a single access, so a
 * thread polling a dword inside a running blit's destination may see it
 * half written.  A blit is not a synchronisation primitive (its completion
 * is), and the blitter's destination is nobody's semaphore while it runs;
 * every other device access keeps copy_words().  Under ThreadSanitizer the
 * bulk calls fall back to dword atomics so the race detector keeps seeing
 * only atomics in the window.
 */
#if defined(__SANITIZE_THREAD__)
#define BULK_DWORDS	1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define BULK_DWORDS	1
#endif
#endif

enum bulk_op { BULK_COPY, BULK_FILL, BULK_PROBE };

/*
 * The byte at @p gets byte @p % 4 of @v, whose bytes differ.  Natively,
 * from an 8-byte boundary (where byte i of the qword is byte i % 4 of @v)
 * with `rep stosq`: the fast string microcode streams whole lines, as
 * memset()'s `rep stosb` does, where wmemset() ran a vector loop at about
 * 0.85 of it (4 MiB pieces over 64 MiB, measured standalone against
 * `rep stosq`, 64-byte AVX2 stores, SSE stores).  Under ThreadSanitizer,
 * dword atomics as everywhere else in the window.
 */
#if defined(BULK_DWORDS) || !defined(__x86_64__)
static void fill_pattern(uint8_t *p, uint32_t v, size_t len)
{
	while (len && ((uintptr_t)p & 3)) {
		*p = (uint8_t)(v >> 8 * ((uintptr_t)p & 3));
		p++;
		len--;
	}
#ifdef BULK_DWORDS
	for (size_t i = 0; i < len / 4; i++)
		atomic_store_explicit((_Atomic uint32_t *)p + i, v, memory_order_relaxed);
#else
	_Static_assert(sizeof(wchar_t) == 4, "wmemset() fills 32-bit units");
	wmemset((wchar_t *)(void *)p, (wchar_t)v, len / 4);
#endif
	p += len & ~(size_t)3;
	for (size_t i = 0; i < (len & 3); i++)
		p[i] = (uint8_t)(v >> 8 * i);
}
#else
static void fill_pattern(uint8_t *p, uint32_t v, size_t len)
{
	uint64_t q = (uint64_t)v << 32 | v;
	size_t n;

	while (len && ((uintptr_t)p & 7)) {
		*p = (uint8_t)(v >> 8 * ((uintptr_t)p & 3));
		p++;
		len--;
	}
	n = len / 8;
	__asm__ volatile("rep stosq" : "+D"(p), "+c"(n) : "a"(q) : "memory");
	for (size_t i = 0; i < (len & 7); i++)
		p[i] = (uint8_t)(v >> 8 * (i & 3));
}
#endif

/*
 * The byte at @p gets byte @p % 4 of @pattern (little-endian).  The window
 * is mapped page aligned, so a host address's low bits are its window
 * address's.
 */
static void fill_bytes(uint8_t *p, uint32_t pattern, size_t len)
{
	uint8_t b0 = (uint8_t)pattern;

	if (pattern == b0 * 0x01010101u)
		memset(p, b0, len);
	else
		fill_pattern(p, pattern, len);
}

struct bulk {
	enum bulk_op op;
	uint64_t dst, src;
	uint32_t pattern;
	size_t len;
};

/*
 * Large disjoint copies go whole or in pieces of COPY_PIECE bytes,
 * whichever this host runs faster.  The C library picks its method by
 * size, and the better one differs: on AMD CPUs glibc stops using `rep
 * movsb` above the L2 size (rep_movsb_stop_threshold) for a vector loop
 * that ran at 0.8 of it on the development machine (64 MiB in 256 KiB
 * pieces at 24-27 GB/s, whole or in pieces of 1 MiB and more at 20-22
 * GB/s), while under QEMU's TCG (the VM rig, where the device runs in the
 * guest) the emulated `rep movsb` of the pieces made a 64 MiB blit 3 times
 * slower than the whole copies' vector loop.  So the first CALIB_COPIES
 * copies of at least CALIB_MIN bytes in the process alternate the two and
 * are timed, and the faster is kept (gs_dma_copy_pieces: -1 until then,
 * which copies whole; 0 whole; 1 pieces; tests set it).  Under
 * ThreadSanitizer disjoint copies are dword atomics (BULK_DWORDS) and the
 * setting is not read.
 */
#define COPY_PIECE	(256u << 10)
#define CALIB_MIN	(1u << 20)
#define CALIB_COPIES	8u

atomic_int gs_dma_copy_pieces = -1;

#ifndef BULK_DWORDS
static atomic_uint calib_n;
static _Atomic uint64_t calib_ns[2], calib_bytes[2];

static void copy_disjoint(uint8_t *d, const uint8_t *s, size_t len, bool pieces)
{
	if (!pieces) {
		memcpy(d, s, len);
		return;
	}
	for (size_t o = 0; o < len; o += COPY_PIECE)
		memcpy(d + o, s + o, len - o < COPY_PIECE ? len - o : COPY_PIECE);
}

/* One of the first large copies: the method by turns, its time counted, then the choice. */
static bool calibrating_copy(uint8_t *d, const uint8_t *s, size_t len)
{
	unsigned int k = atomic_fetch_add_explicit(&calib_n, 1, memory_order_relaxed);
	uint64_t t;

	if (k >= CALIB_COPIES)
		return false;
	t = gs_trace_now();	/* CLOCK_MONOTONIC, ns */
	copy_disjoint(d, s, len, k & 1);
	atomic_fetch_add_explicit(&calib_ns[k & 1], gs_trace_now() - t, memory_order_relaxed);
	atomic_fetch_add_explicit(&calib_bytes[k & 1], len, memory_order_relaxed);
	if (k == CALIB_COPIES - 1) {
		/* ns per byte, compared across: pieces win if they took less per byte */
		double whole = (double)atomic_load(&calib_ns[0]) / (double)atomic_load(&calib_bytes[0]);
		double part = (double)atomic_load(&calib_ns[1]) / (double)atomic_load(&calib_bytes[1]);
		int want = -1;

		atomic_compare_exchange_strong(&gs_dma_copy_pieces, &want, part < whole);
	}
	return true;
}
#endif

static void copy_bytes(uint8_t *win, uint64_t dst, uint64_t src, size_t len)
{
	if (dst + len <= src || src + len <= dst) {
#ifdef BULK_DWORDS
		copy_words(win + dst, win + src, len);
#else
		int mode = atomic_load_explicit(&gs_dma_copy_pieces, memory_order_relaxed);

		if (mode < 0 && len >= CALIB_MIN && calibrating_copy(win + dst, win + src, len))
			return;
		copy_disjoint(win + dst, win + src, len, mode > 0);
#endif
		return;
	}
	memmove(win + dst, win + src, len);
}

/* The access itself; PROBE keeps in *@at the page it is touching. */
static void bulk_access(uint8_t *win, const struct bulk *b, volatile uint64_t *at)
{
	switch (b->op) {
	case BULK_COPY:
		copy_bytes(win, b->dst, b->src, b->len);
		break;
	case BULK_FILL:
		fill_bytes(win + b->dst, b->pattern, b->len);
		break;
	case BULK_PROBE:
		for (uint64_t a = b->dst; a < b->dst + b->len; a = (a | (GS_PAGE_SIZE - 1)) + 1) {
			*at = a;
			atomic_signal_fence(memory_order_seq_cst);
			(void)*(volatile uint8_t *)(win + a);
		}
		break;
	}
}

/*
 * @n pieces of one kind under one guard (a blit's runs: one sigsetjmp for
 * hundreds of pieces, not one each), in order.  0, or -EFAULT with *@done
 * the piece that failed (those before it were done whole) and, for a
 * PROBE, *@bad the first byte of that piece that is not there.
 */
static int guarded_list(struct gs_device *dev, enum bulk_op op, const struct gs_dma_op *ops,
			size_t n, size_t *done, uint64_t *bad)
{
	uint8_t *win = dev->chan->dma;
	uint64_t size = dev->chan->dma_size;
	sigjmp_buf jb;
	volatile uint64_t at = 0;
	volatile size_t cur = 0;
	volatile int ret = 0;

	if (sigsetjmp(jb, 0)) {
		ret = -EFAULT;
		goto out;
	}
	guard_lo = (uintptr_t)win;
	guard_hi = (uintptr_t)win + size;
	guard_jmp = &jb;
	atomic_signal_fence(memory_order_seq_cst);
	for (size_t i = 0; i < n; i++) {
		const struct gs_dma_op *o = &ops[i];
		struct bulk b = { .op = op, .dst = o->dst, .src = o->src, .pattern = o->pattern,
				  .len = o->len };

		cur = i;
		at = o->dst;
		atomic_signal_fence(memory_order_seq_cst);
		if (!o->len)
			continue;
		if (op == BULK_PROBE && o->dst < size && o->len > size - o->dst) {
			/* Probe what is inside; the rest faults at the window's end. */
			b.len = size - o->dst;
			bulk_access(win, &b, &at);
			at = size;
			ret = -EFAULT;
			break;
		}
		if (!window_range_ok(dev, o->dst, o->len) ||
		    (op == BULK_COPY && !window_range_ok(dev, o->src, o->len))) {
			ret = -EFAULT;
			break;
		}
		bulk_access(win, &b, &at);
	}
	atomic_signal_fence(memory_order_seq_cst);
out:
	guard_jmp = NULL;
	if (ret) {
		*done = cur;
		if (bad)
			*bad = at;
	}
	return ret;
}

/*
 * Copy (memmove() each piece, @src to @dst), fill (the byte at window
 * address a gets byte a % 4 of the piece's @pattern, little-endian) or
 * probe (is every page of the piece there?) @n pieces in order, stopping
 * at the first that fails: 0, or -EFAULT with *@done that piece's index,
 * the pieces before it done whole; for a probe *@bad is then the first
 * byte of the piece in the first page that is not there (the byte a read
 * or write of the piece would have failed at).
 */
int gs_dma_copy_list(struct gs_device *dev, const struct gs_dma_op *ops, size_t n, size_t *done)
{
	return guarded_list(dev, BULK_COPY, ops, n, done, NULL);
}

int gs_dma_fill_list(struct gs_device *dev, const struct gs_dma_op *ops, size_t n, size_t *done)
{
	return guarded_list(dev, BULK_FILL, ops, n, done, NULL);
}

int gs_dma_probe_list(struct gs_device *dev, const struct gs_dma_op *ops, size_t n, size_t *done,
		      uint64_t *bad)
{
	return guarded_list(dev, BULK_PROBE, ops, n, done, bad);
}

/*
 * An atomic read-modify-write of a naturally aligned dword or qword
 * (MI_ATOMIC): @op computes the new value from the old one and may leave
 * memory as it is by returning the old value.  A compare-exchange loop on
 * the window page, under the guard, so concurrent atomics of other engines
 * (or the driver's CPU atomics) are never lost.  Returns 0 with *@old set,
 * or -EFAULT if the page is not mapped for the device.
 */
int gs_dma_atomic(struct gs_device *dev, uint64_t addr, unsigned int size,
		  uint64_t (*op)(uint64_t old, void *arg), void *arg, uint64_t *old)
{
	uint8_t *win = dev->chan->dma;
	sigjmp_buf jb;
	volatile int ret = 0;
	volatile uint64_t seen = 0;

	if ((size != 4 && size != 8) || (addr & (size - 1)) ||
	    !window_range_ok(dev, addr, size))
		return -EFAULT;
	if (sigsetjmp(jb, 0)) {
		ret = -EFAULT;
		goto out;
	}
	guard_lo = (uintptr_t)win;
	guard_hi = (uintptr_t)win + dev->chan->dma_size;
	guard_jmp = &jb;
	atomic_signal_fence(memory_order_seq_cst);
	if (size == 4) {
		_Atomic uint32_t *p = (_Atomic uint32_t *)(win + addr);
		uint32_t o = atomic_load_explicit(p, memory_order_relaxed);

		while (!atomic_compare_exchange_weak_explicit(p, &o, (uint32_t)op(o, arg),
							      memory_order_seq_cst,
							      memory_order_relaxed))
			;
		seen = o;
	} else {
		_Atomic uint64_t *p = (_Atomic uint64_t *)(win + addr);
		uint64_t o = atomic_load_explicit(p, memory_order_relaxed);

		while (!atomic_compare_exchange_weak_explicit(p, &o, op(o, arg),
							      memory_order_seq_cst,
							      memory_order_relaxed))
			;
		seen = o;
	}
	atomic_signal_fence(memory_order_seq_cst);
out:
	guard_jmp = NULL;
	if (!ret)
		*old = seen;
	return ret;
}

static const char *const probe_space_names[] = {
	[DMA_PROBE_SPACE_PHYS] = "window",
	[DMA_PROBE_SPACE_GGTT] = "GGTT",
	[DMA_PROBE_SPACE_PPGTT] = "PPGTT",
};

/* Why the command is malformed, or NULL. */
static const char *probe_cmd_error(const struct gs_device *dev, uint32_t cmd)
{
	unsigned int op = FIELD_GET(DMA_PROBE_CMD_OP, cmd);
	unsigned int space = FIELD_GET(DMA_PROBE_CMD_SPACE, cmd);
	unsigned int engine = FIELD_GET(DMA_PROBE_CMD_ENGINE, cmd);

	if (op != DMA_PROBE_CMD_READ && op != DMA_PROBE_CMD_WRITE)
		return "unknown operation (1 read, 2 write)";
	if (cmd & ~(DMA_PROBE_CMD_OP | DMA_PROBE_CMD_SPACE | DMA_PROBE_CMD_ENGINE))
		return "reserved bits 31:12 set";
	if (space > DMA_PROBE_SPACE_PPGTT)
		return "unknown space (0 window, 1 GGTT, 2 PPGTT)";
	if (engine == DMA_PROBE_ENGINE_NONE)
		return NULL;
	/*
	 * A window access reports nowhere: besides NONE it takes only 0, the
	 * original encoding (the command was just the operation).
	 */
	if (space == DMA_PROBE_SPACE_PHYS)
		return engine ? "an engine given for a window (space 0) probe" : NULL;
	if (engine >= GS_NUM_ENGINES || !(dev->cfg.engine_mask & BIT(engine)))
		return "no such engine in GENSIM_ENGINE_MASK";
	return NULL;
}

/*
 * GENSIM_DMA_PROBE_CMD: one dword read or write at ADDR, in the window or
 * through the GGTT or the PPGTT under ROOT; the result in STATUS.  A
 * translated access that faults is reported on the command's engine with
 * FAULT_SRC_PROBE (the interrupt is raised once reg_lock is dropped),
 * unless the engine is DMA_PROBE_ENGINE_NONE; a window access that faults
 * only sets STATUS, as it always did.
 */
void dma_probe_cmd_write(struct gs_device *dev, const struct gs_reg *reg, uint32_t val)
{
	uint64_t addr = (uint64_t)gs_reg_read(dev, GENSIM_DMA_PROBE_ADDR_HI) << 32 |
			gs_reg_read(dev, GENSIM_DMA_PROBE_ADDR_LO);
	uint32_t data = gs_reg_read(dev, GENSIM_DMA_PROBE_DATA), status;
	unsigned int op = FIELD_GET(DMA_PROBE_CMD_OP, val);
	unsigned int space = FIELD_GET(DMA_PROBE_CMD_SPACE, val);
	int engine = FIELD_GET(DMA_PROBE_CMD_ENGINE, val);
	bool write = op == DMA_PROBE_CMD_WRITE;
	const char *why = probe_cmd_error(dev, val);
	struct gs_fault fault;
	int ret;

	(void)reg;
	if (why) {
		gs_err("GENSIM_DMA_PROBE_CMD %#x: %s", val, why);
		gs_reg_store_locked(dev, GENSIM_DMA_PROBE_STATUS, DMA_PROBE_STATUS_BAD_CMD);
		return;
	}
	if (space == DMA_PROBE_SPACE_PHYS) {
		ret = write ? gs_dma_write(dev, addr, &data, sizeof(data)) :
			      gs_dma_read(dev, addr, &data, sizeof(data));
	} else {
		struct gs_mem_space ms = {
			.kind = space == DMA_PROBE_SPACE_GGTT ? GS_MEM_GGTT : GS_MEM_PPGTT,
			.pml4 = (uint64_t)gs_reg_read(dev, GENSIM_DMA_PROBE_ROOT_HI) << 32 |
				gs_reg_read(dev, GENSIM_DMA_PROBE_ROOT_LO),
			.tlb = dev->probe_tlb,
		};

		ret = write ? gs_mem_write(dev, &ms, addr, &data, sizeof(data), &fault) :
			      gs_mem_read(dev, &ms, addr, &data, sizeof(data), &fault);
		if (ret && engine != DMA_PROBE_ENGINE_NONE)
			gs_fault_report_locked(dev, engine, FAULT_SRC_PROBE, &fault);
	}
	if (!ret && !write)
		gs_reg_store_locked(dev, GENSIM_DMA_PROBE_DATA, data);
	status = ret ? DMA_PROBE_STATUS_FAULT : DMA_PROBE_STATUS_OK;
	gs_reg_store_locked(dev, GENSIM_DMA_PROBE_STATUS, status);
	gs_info("DMA probe: %s %s %#llx: %s (data %#x)", probe_space_names[space],
		write ? "write" : "read", (unsigned long long)addr, ret ? "fault" : "ok", data);
}
