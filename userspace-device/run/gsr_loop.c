// SPDX-License-Identifier: MIT
/*
 * gensim-run in process: the device model on a loopback channel
 * (channel/loop.h) and the few things a driver does to run one batch on
 * rcs0, written from the spec (hw-spec-memory "PPGTT", hw-spec-engines
 * "The context image", "Submission", "The context status buffer",
 * "Stopping and resetting"): a 48-bit PPGTT built in the DMA window, the
 * engine's status page, a render context image of LRC_RENDER_PAGES pages
 * whose ring starts the batch, one ELSP submission, then polling the CSB
 * for completion and EIR for an error.  No kernel, no root.
 *
 * Memory the device may touch concurrently is read with atomics (the CSB,
 * the fence); everything gensim-run writes is written before the
 * submission, which the write log orders before the device's reads.
 */
#include <errno.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "channel/chan.h"
#include "core/device.h"
#include "core/hw.h"
#include "device/loopback.h"
#include "gsrun/gsrun.h"

#define PAGE		4096ull
#define ALLOC_BASE	0x10000000ull		/* window pages, far from 0 */
#define GGTT_BASE	0x00100000u		/* a GGTT address 0 must fault */
#define PTE_FLAGS	(GEN8_PAGE_PRESENT | GEN8_PAGE_RW)
#define RESET_MS	2000

struct gsr_loop {
	struct gs_loop *loop;
	struct gs_device *dev;
	uint64_t next_dma;
	uint64_t pml4;
	uint32_t ggtt_next;
	uint32_t hwsp;
	uint32_t *hwsp_cpu;
	unsigned int csb_head;
	bool engine_ready;
	uint32_t ctx_id;
	uint32_t threads;
};

static uint32_t rd32(const uint32_t *p)
{
	return atomic_load_explicit((const _Atomic uint32_t *)p, memory_order_relaxed);
}

static void wr32(uint32_t *p, uint32_t v)
{
	atomic_store_explicit((_Atomic uint32_t *)p, v, memory_order_relaxed);
}

static void sleep_us(long us)
{
	struct timespec ts = { us / 1000000, (us % 1000000) * 1000 };

	nanosleep(&ts, NULL);
}

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* @n contiguous zeroed window pages; their DMA address, or 0. */
static uint64_t pages(struct gsr_loop *l, uint64_t n)
{
	uint64_t a = l->next_dma;

	if (gs_loop_map(l->loop, a, n * PAGE))
		return 0;
	l->next_dma += (n + 1) * PAGE;
	return a;
}

static _Atomic uint64_t *entry(struct gsr_loop *l, uint64_t table, unsigned int i)
{
	return (_Atomic uint64_t *)gs_loop_dma(l->loop, table + 8ull * i);
}

/* The PTE slot of @va, making the tables above it (hw-spec-memory: 4 levels, 9 bits each). */
static _Atomic uint64_t *pte_of(struct gsr_loop *l, uint64_t va)
{
	uint64_t table = l->pml4;

	for (unsigned int shift = 39; shift > 12; shift -= 9) {
		_Atomic uint64_t *e = entry(l, table, (va >> shift) & 511);
		uint64_t v = atomic_load_explicit(e, memory_order_relaxed);

		if (!(v & GEN8_PAGE_PRESENT)) {
			uint64_t t = pages(l, 1);

			if (!t)
				return NULL;
			v = t | PTE_FLAGS;
			atomic_store_explicit(e, v, memory_order_relaxed);
		}
		table = v & GEN8_PTE_ADDR_MASK;
	}
	return entry(l, table, (va >> 12) & 511);
}

static void *loop_map(void *ctx, uint64_t va, uint64_t size, char *err, size_t len)
{
	struct gsr_loop *l = ctx;
	uint64_t n = size / PAGE, dma = pages(l, n);

	if (!dma) {
		snprintf(err, len, "the DMA window has no room for %llu pages",
			 (unsigned long long)n);
		return NULL;
	}
	for (uint64_t i = 0; i < n; i++) {
		_Atomic uint64_t *pte = pte_of(l, va + i * PAGE);

		if (!pte) {
			snprintf(err, len, "no room for page tables");
			return NULL;
		}
		atomic_store_explicit(pte, (dma + i * PAGE) | PTE_FLAGS, memory_order_relaxed);
	}
	return gs_loop_dma(l->loop, dma);
}

/* @n GGTT pages backed by contiguous window pages: the GGTT address, its CPU view. */
static uint32_t ggtt_pages(struct gsr_loop *l, unsigned int n, uint32_t **cpu)
{
	_Atomic uint64_t *ptes = (_Atomic uint64_t *)((uint8_t *)l->dev->chan->bar0 +
						      GENSIM_BAR0_GGTT_OFFSET);
	uint32_t ggtt = l->ggtt_next;
	uint64_t dma = pages(l, n);

	if (!dma)
		return 0;
	for (unsigned int i = 0; i < n; i++)
		atomic_store_explicit(&ptes[(ggtt >> 12) + i], (dma + i * PAGE) | GEN8_PAGE_PRESENT,
				      memory_order_relaxed);
	l->ggtt_next += (n + 1) * (uint32_t)PAGE;
	*cpu = gs_loop_dma(l->loop, dma);
	return ggtt;
}

struct gsr_loop *gsr_loop_open(const struct gs_config *cfg, char *err, size_t len)
{
	struct gsr_loop *l = calloc(1, sizeof(*l));
	struct gs_config def;

	if (!l) {
		snprintf(err, len, "out of memory");
		return NULL;
	}
	if (!cfg) {
		gs_config_defaults(&def);
		cfg = &def;
	}
	l->threads = cfg->slices * cfg->subslices * cfg->eus * cfg->threads;
	l->loop = gs_loop_create(cfg);
	if (!l->loop || gs_loop_wait_msgs(l->loop, GENSIM_MSG_READY, 5000) != GENSIM_MSG_READY) {
		snprintf(err, len, "the device model did not start");
		gsr_loop_close(l);
		return NULL;
	}
	l->dev = gs_loop_device(l->loop);
	l->next_dma = ALLOC_BASE;
	l->ggtt_next = GGTT_BASE;
	l->pml4 = pages(l, 1);
	if (!l->pml4) {
		snprintf(err, len, "no room for the PML4");
		gsr_loop_close(l);
		return NULL;
	}
	return l;
}

void gsr_loop_close(struct gsr_loop *l)
{
	if (!l)
		return;
	if (l->loop)
		gs_loop_destroy(l->loop);
	free(l);
}

struct gsr_mem gsr_loop_mem(struct gsr_loop *l)
{
	return (struct gsr_mem){ .ctx = l, .map = loop_map, .threads = l->threads };
}

struct gs_device *gsr_loop_device(struct gsr_loop *l)
{
	return l->dev;
}

uint32_t gsr_loop_read(struct gsr_loop *l, uint32_t reg)
{
	return gs_loop_read(l->loop, reg);
}

static void wr(struct gsr_loop *l, uint32_t reg, uint32_t val)
{
	gs_loop_write(l->loop, reg, val);
}

#define MASKED_ON(bit)		((bit) << 16 | (bit))
#define MASKED_OFF(bit)		((bit) << 16)

/* What a driver does at engine bring-up: status page, execlists on, errors unmasked. */
static int engine_init(struct gsr_loop *l)
{
	uint32_t base = RENDER_RING_BASE;

	if (!l->hwsp && !(l->hwsp = ggtt_pages(l, 1, &l->hwsp_cpu)))
		return -ENOMEM;
	wr32(&l->hwsp_cpu[HWSP_CSB_WRITE_PTR], GEN8_CSB_ENTRIES - 1);
	l->csb_head = GEN8_CSB_ENTRIES - 1;
	wr(l, RING_HWS_PGA(base), l->hwsp);
	wr(l, RING_MODE(base), MASKED_ON(GFX_RUN_LIST_ENABLE));
	wr(l, RING_MI_MODE(base), MASKED_OFF(STOP_RING));
	wr(l, RING_EMR(base), ~(EIR_INSTRUCTION_ERROR | EIR_PAGE_TABLE_ERROR |
			      EIR_PRIVILEGE_VIOLATION));
	return gs_loop_read(l->loop, RING_HWS_PGA(base)) == l->hwsp ? 0 : -EIO;
}

/* i915's engine reset: stop, handshake, GDRST; then bring the engine up again. */
static void engine_reset(struct gsr_loop *l)
{
	uint32_t base = RENDER_RING_BASE;

	wr(l, RING_MI_MODE(base), MASKED_ON(STOP_RING));
	wr(l, RING_RESET_CTL(base), MASKED_ON(RESET_CTL_REQUEST_RESET));
	for (int i = 0; i < RESET_MS && !(gs_loop_read(l->loop, RING_RESET_CTL(base)) &
					  RESET_CTL_READY_TO_RESET); i++)
		sleep_us(1000);
	wr(l, GEN6_GDRST, GEN6_GRDOM_RENDER);
	for (int i = 0; i < RESET_MS && gs_loop_read(l->loop, GEN6_GDRST); i++)
		sleep_us(1000);
	l->engine_ready = engine_init(l) == 0;
}

/*
 * A new render context whose ring starts the batch at @batch_va (PPGTT):
 * the image in the spec's layout, restore inhibit set as drivers set it for
 * a new context.  Returns its descriptor, or 0.
 */
static uint64_t context(struct gsr_loop *l, uint64_t batch_va)
{
	static const uint16_t ring_regs[] = { 0x244, 0x34, 0x30, 0x38, 0x3c, 0x168, 0x140,
					      0x110, 0x11c, 0x114, 0x118 };
	static const uint16_t pdp_regs[] = { 0x3a8, 0x28c, 0x288, 0x284, 0x280, 0x27c, 0x278,
					     0x274, 0x270 };
	uint32_t base = RENDER_RING_BASE, *img, *ring, *st, lrca, ring_ggtt;

	lrca = ggtt_pages(l, LRC_RENDER_PAGES, &img);
	ring_ggtt = lrca ? ggtt_pages(l, 1, &ring) : 0;
	if (!ring_ggtt)
		return 0;
	st = img + LRC_STATE_PAGE * PAGE / 4;
	for (int i = 0; i < (int)(PAGE / 4); i++)
		wr32(&st[i], MI_NOOP);
	wr32(&st[CTX_LRI_HEADER_0], MI_LOAD_REGISTER_IMM(11));
	for (int i = 0; i < 11; i++)
		wr32(&st[CTX_CONTEXT_CONTROL + 2 * i], base + ring_regs[i]);
	wr32(&st[CTX_LRI_HEADER_1], MI_LOAD_REGISTER_IMM(9));
	for (int i = 0; i < 9; i++)
		wr32(&st[CTX_CTX_TIMESTAMP + 2 * i], base + pdp_regs[i]);
	wr32(&st[CTX_LRI_HEADER_2], MI_LOAD_REGISTER_IMM(CTX_GPR_PAIRS));
	for (int i = 0; i < CTX_GPR_PAIRS; i++)
		wr32(&st[CTX_GPR0 + 2 * i], RING_GPR(base, 0) + 4 * i);
	wr32(&st[CTX_END], MI_BATCH_BUFFER_END);
	wr32(&st[CTX_CONTEXT_CONTROL + 1],
	     MASKED_ON(CTX_CTRL_INHIBIT_SYN_CTX_SWITCH | CTX_CTRL_RESTORE_INHIBIT) |
	     MASKED_OFF(CTX_CTRL_SAVE_INHIBIT));
	wr32(&st[CTX_RING_START + 1], ring_ggtt);
	wr32(&st[CTX_RING_CTL + 1], RING_VALID);		/* one page */
	wr32(&st[CTX_BB_STATE + 1], BBSTATE_PPGTT);
	wr32(&st[CTX_PDP0_UDW + 1], (uint32_t)(l->pml4 >> 32));
	wr32(&st[CTX_PDP0_LDW + 1], (uint32_t)l->pml4);
	/* The ring: start the batch (PPGTT, non-privileged as EXEC's are), pad. */
	wr32(&ring[0], MI_BATCH_BUFFER_START | MI_BB_PPGTT);
	wr32(&ring[1], (uint32_t)batch_va);
	wr32(&ring[2], (uint32_t)(batch_va >> 32));
	wr32(&ring[3], MI_NOOP);
	wr32(&st[CTX_RING_TAIL + 1], 16);
	return CTX_DESC_VALID | (CTX_ADDRESSING_LEGACY_64B << 3) | CTX_DESC_PRIVILEGE | lrca |
	       (uint64_t)++l->ctx_id << 32;
}

/* New CSB entries (hw-spec-engines): true once one says the engine went idle. */
static bool went_idle(struct gsr_loop *l)
{
	/* Acquire: the entries were written before the pointer (hw-spec-engines). */
	unsigned int tail = atomic_load_explicit((_Atomic uint32_t *)
						 &l->hwsp_cpu[HWSP_CSB_WRITE_PTR],
						 memory_order_acquire) & 7;
	bool idle = false;

	if (tail >= GEN8_CSB_ENTRIES)
		return false;
	while (l->csb_head != tail) {
		l->csb_head = (l->csb_head + 1) % GEN8_CSB_ENTRIES;
		if (rd32(&l->hwsp_cpu[HWSP_CSB_ENTRY0 + 2 * l->csb_head]) & CSB_ACTIVE_TO_IDLE)
			idle = true;
	}
	return idle;
}

static uint64_t retired(struct gsr_loop *l)
{
	uint32_t hi = gs_loop_read(l->loop, GENSIM_EU_RETIRED_HI);
	uint32_t lo = gs_loop_read(l->loop, GENSIM_EU_RETIRED_LO);

	/* hi, lo, hi: a carry between the two reads shows as a change of hi */
	if (gs_loop_read(l->loop, GENSIM_EU_RETIRED_HI) != hi)
		return retired(l);
	return (uint64_t)hi << 32 | lo;
}

int gsr_loop_exec(struct gsr_loop *l, uint64_t batch_va, int timeout_ms, struct gsr_result *r)
{
	uint32_t base = RENDER_RING_BASE, elsp = RING_ELSP(base);
	uint64_t desc, before;
	double t0;
	bool done = false;

	memset(r, 0, sizeof(*r));
	if (!l->engine_ready && engine_init(l)) {
		snprintf(r->msg, sizeof(r->msg), "rcs0 did not come up");
		return -EIO;
	}
	l->engine_ready = true;
	desc = context(l, batch_va);
	if (!desc) {
		snprintf(r->msg, sizeof(r->msg), "no room for a context");
		return -ENOMEM;
	}
	before = retired(l);
	t0 = now_s();
	wr(l, elsp, 0);
	wr(l, elsp, 0);
	wr(l, elsp, (uint32_t)(desc >> 32));
	wr(l, elsp, (uint32_t)desc);
	for (long us = 0; !done && us < (long)timeout_ms * 1000; us += 200) {
		if (went_idle(l)) {
			done = true;
			break;
		}
		/* An error stops the context without a CSB entry: look every 10 ms. */
		if (us % 10000 == 0 && (r->eir = gs_loop_read(l->loop, RING_EIR(base))))
			break;
		sleep_us(200);
	}
	r->seconds = now_s() - t0;
	r->eir = gs_loop_read(l->loop, RING_EIR(base));
	r->ipehr = gs_loop_read(l->loop, RING_IPEHR(base));
	r->fault = gs_loop_read(l->loop, RING_FAULT_REG_RCS);
	r->instructions = retired(l) - before;
	r->have_instructions = true;
	/* Order what the device wrote before this thread reads the buffers. */
	pthread_mutex_lock(&l->dev->reg_lock);
	pthread_mutex_unlock(&l->dev->reg_lock);
	if (done && !r->eir) {
		r->ok = true;
		return 0;
	}
	if (r->eir)
		snprintf(r->msg, sizeof(r->msg), "rcs0 stopped with an error: EIR %#x, IPEHR %#x "
			 "(the command), RING_FAULT_REG %#x (see the device log, -v)", r->eir,
			 r->ipehr, r->fault);
	else
		snprintf(r->msg, sizeof(r->msg), "the batch did not complete within %d ms",
			 timeout_ms);
	engine_reset(l);
	return -EIO;
}
