// SPDX-License-Identifier: MIT
/*
 * In process, the engines: what the driver's gensim_engine.c, gensim_lrc.c
 * and gensim_execlists.c do, written from hw-spec-engines.  Each engine
 * gets a status page and execlists at first use; each queue a context
 * image in the spec's layout and a one-page ring, kept across batches so
 * the context's state is the queue's (as through the driver): the first
 * submission restores nothing (restore inhibit), later ones restore what
 * the device saved.  A batch is an MI_BATCH_BUFFER_START in the ring,
 * RING_TAIL in the image, one ELSP write; the CSB says when it is done.
 */
#include <errno.h>
#include <stdatomic.h>
#include <time.h>

#include "channel/chan.h"
#include "core/device.h"
#include "core/regfile.h"
#include "device/loopback.h"
#include "inproc.h"

#define RESET_MS	2000
#define MASKED_ON(bit)	((bit) << 16 | (bit))
#define MASKED_OFF(bit)	((bit) << 16)

const char *const ip_engine_name[GS_NUM_ENGINES] = {
	[GS_RCS] = "rcs0", [GS_BCS] = "bcs0", [GS_VCS] = "vcs0", [GS_VECS] = "vecs0",
};

static void wr32(uint32_t *p, uint32_t v)
{
	atomic_store_explicit((_Atomic uint32_t *)p, v, memory_order_relaxed);
}

static void sleep_us(long us)
{
	struct timespec ts = { us / 1000000, (us % 1000000) * 1000 };

	nanosleep(&ts, NULL);
}

uint32_t ip_read(struct inproc *ip, uint32_t reg)
{
	return gs_loop_read(ip->loop, reg);
}

void ip_write(struct inproc *ip, uint32_t reg, uint32_t val)
{
	gs_loop_write(ip->loop, reg, val);
}

/* The GGTT's PTEs, written straight into BAR0 as the driver does. */
static _Atomic uint64_t *ggtt_pte(struct inproc *ip, uint32_t ggtt)
{
	return (_Atomic uint64_t *)((uint8_t *)ip->dev->chan->bar0 + GENSIM_BAR0_GGTT_OFFSET) +
	       (ggtt >> 12);
}

/* @pages GGTT pages backed by contiguous window pages: the GGTT address, its CPU view. */
uint32_t ip_ggtt_alloc(struct inproc *ip, uint32_t pages, uint32_t **cpu)
{
	uint64_t size = pages * LGSIM_PAGE, ggtt = ip_range_get(&ip->ggtt, size + LGSIM_PAGE);
	uint64_t dma = ggtt ? ip_pages(ip, size) : 0;

	if (!dma) {
		if (ggtt)
			ip_range_put(&ip->ggtt, ggtt, size + LGSIM_PAGE);
		return 0;
	}
	for (uint32_t i = 0; i < pages; i++)
		atomic_store_explicit(ggtt_pte(ip, (uint32_t)ggtt) + i,
				      (dma + i * LGSIM_PAGE) | GEN8_PAGE_PRESENT,
				      memory_order_relaxed);
	*cpu = ip_cpu(ip, dma);
	return (uint32_t)ggtt;
}

void ip_ggtt_free(struct inproc *ip, uint32_t ggtt, uint32_t pages)
{
	_Atomic uint64_t *pte = ggtt_pte(ip, ggtt);
	uint64_t dma = atomic_load_explicit(pte, memory_order_relaxed) & GEN8_PTE_ADDR_MASK;

	for (uint32_t i = 0; i < pages; i++)
		atomic_store_explicit(pte + i, 0, memory_order_relaxed);
	/* Before the range is reused: no TLB may keep the old pages. */
	ip_flush_tlbs(ip);
	ip_pages_free(ip, dma, pages * LGSIM_PAGE);
	ip_range_put(&ip->ggtt, ggtt, (pages + 1) * LGSIM_PAGE);
}

/* What a driver does at engine bring-up: status page, execlists on, errors unmasked. */
static int engine_init(struct inproc *ip, int engine)
{
	struct ip_engine *e = &ip->eng[engine];
	uint32_t base = gs_engine_mmio_base[engine];

	if (!e->hwsp && !(e->hwsp = ip_ggtt_alloc(ip, 1, &e->hwsp_cpu)))
		return -ENOMEM;
	/* As i915 after reset: nothing consumed, the device's pointer reads 7. */
	wr32(&e->hwsp_cpu[HWSP_CSB_WRITE_PTR], GEN8_CSB_ENTRIES - 1);
	e->csb_head = GEN8_CSB_ENTRIES - 1;
	ip_write(ip, RING_HWS_PGA(base), e->hwsp);
	ip_write(ip, RING_MODE(base), MASKED_ON(GFX_RUN_LIST_ENABLE));
	ip_write(ip, RING_MI_MODE(base), MASKED_OFF(STOP_RING));
	ip_write(ip, RING_EMR(base), ~(EIR_INSTRUCTION_ERROR | EIR_PAGE_TABLE_ERROR |
				      EIR_PRIVILEGE_VIOLATION));
	e->ready = ip_read(ip, RING_HWS_PGA(base)) == e->hwsp;
	return e->ready ? 0 : -EIO;
}

int ip_engine_ready(struct inproc *ip, int engine)
{
	return ip->eng[engine].ready ? 0 : engine_init(ip, engine);
}

/* i915's engine reset: stop, handshake, GDRST; then bring the engine up again. */
void ip_engine_reset(struct inproc *ip, int engine)
{
	static const uint32_t domain[GS_NUM_ENGINES] = {
		[GS_RCS] = GEN6_GRDOM_RENDER, [GS_BCS] = GEN6_GRDOM_BLT,
		[GS_VCS] = GEN6_GRDOM_MEDIA, [GS_VECS] = GEN6_GRDOM_VECS,
	};
	uint32_t base = gs_engine_mmio_base[engine];

	ip_write(ip, RING_MI_MODE(base), MASKED_ON(STOP_RING));
	ip_write(ip, RING_RESET_CTL(base), MASKED_ON(RESET_CTL_REQUEST_RESET));
	for (int i = 0; i < RESET_MS &&
	     !(ip_read(ip, RING_RESET_CTL(base)) & RESET_CTL_READY_TO_RESET); i++)
		sleep_us(1000);
	ip_write(ip, GEN6_GDRST, domain[engine]);
	for (int i = 0; i < RESET_MS && ip_read(ip, GEN6_GDRST); i++)
		sleep_us(1000);
	ip->eng[engine].ready = false;
	engine_init(ip, engine);
}

/*
 * The queue's context: the image in the spec's layout, restore inhibit
 * set as drivers set it for a new context, PDP0 the VM's PML4, and a
 * one-page ring.
 */
int ip_context_init(struct inproc *ip, struct ip_queue *q)
{
	static const uint16_t ring_regs[] = { 0x244, 0x34, 0x30, 0x38, 0x3c, 0x168, 0x140,
					      0x110, 0x11c, 0x114, 0x118 };
	static const uint16_t pdp_regs[] = { 0x3a8, 0x28c, 0x288, 0x284, 0x280, 0x27c, 0x278,
					     0x274, 0x270 };
	uint32_t base = gs_engine_mmio_base[q->engine], *img, *st;

	/* rcs0 images have the GPGPU state pages (hw-spec-engines). */
	q->lrc_pages = q->engine == GS_RCS ? LRC_RENDER_PAGES : 2;
	q->lrca = ip_ggtt_alloc(ip, q->lrc_pages, &img);
	if (!q->lrca)
		return -ENOMEM;
	q->ring = ip_ggtt_alloc(ip, 1, &q->ring_cpu);
	if (!q->ring) {
		ip_ggtt_free(ip, q->lrca, q->lrc_pages);
		q->lrca = 0;
		return -ENOMEM;
	}
	st = q->state = img + LRC_STATE_PAGE * LGSIM_PAGE / 4;
	for (int i = 0; i < (int)(LGSIM_PAGE / 4); i++)
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
	wr32(&st[CTX_RING_START + 1], q->ring);
	wr32(&st[CTX_RING_CTL + 1], RING_VALID);		/* one page */
	wr32(&st[CTX_BB_STATE + 1], BBSTATE_PPGTT);
	wr32(&st[CTX_PDP0_UDW + 1], (uint32_t)(q->vm->pml4 >> 32));
	wr32(&st[CTX_PDP0_LDW + 1], (uint32_t)q->vm->pml4);
	q->ctx_id = ++ip->next_ctx_id;
	q->tail = 0;
	return 0;
}

void ip_context_fini(struct inproc *ip, struct ip_queue *q)
{
	if (q->ring)
		ip_ggtt_free(ip, q->ring, 1);
	if (q->lrca)
		ip_ggtt_free(ip, q->lrca, q->lrc_pages);
}

/*
 * Start the batch at @batch_va (PPGTT, non-privileged as EXEC's are) from
 * the queue's ring, then the tail into the image and the descriptor into
 * ELSP: element 1 empty, element 0 the context (hw-spec-engines).
 */
void ip_submit(struct inproc *ip, struct ip_queue *q, uint64_t batch_va)
{
	uint32_t elsp = RING_ELSP(gs_engine_mmio_base[q->engine]), *r = q->ring_cpu + q->tail / 4;
	uint64_t desc = CTX_DESC_VALID | (CTX_ADDRESSING_LEGACY_64B << 3) | CTX_DESC_PRIVILEGE |
			q->lrca | (uint64_t)q->ctx_id << 32;

	wr32(&r[0], MI_BATCH_BUFFER_START | MI_BB_PPGTT);
	wr32(&r[1], (uint32_t)batch_va);
	wr32(&r[2], (uint32_t)(batch_va >> 32));
	wr32(&r[3], MI_NOOP);
	q->tail = (q->tail + 16) % LGSIM_PAGE;
	wr32(&q->state[CTX_RING_TAIL + 1], q->tail);
	ip_write(ip, elsp, 0);
	ip_write(ip, elsp, 0);
	ip_write(ip, elsp, (uint32_t)(desc >> 32));
	ip_write(ip, elsp, (uint32_t)desc);
}

/* New CSB entries (hw-spec-engines): true once one says the engine went idle. */
bool ip_went_idle(struct inproc *ip, int engine)
{
	struct ip_engine *e = &ip->eng[engine];
	/* Acquire: the entries were written before the pointer (hw-spec-engines). */
	unsigned int tail = atomic_load_explicit((_Atomic uint32_t *)
						 &e->hwsp_cpu[HWSP_CSB_WRITE_PTR],
						 memory_order_acquire) & 7;
	bool idle = false;

	if (tail >= GEN8_CSB_ENTRIES || tail == e->csb_head)
		return false;
	while (e->csb_head != tail) {
		e->csb_head = (e->csb_head + 1) % GEN8_CSB_ENTRIES;
		if (atomic_load_explicit((_Atomic uint32_t *)
					 &e->hwsp_cpu[HWSP_CSB_ENTRY0 + 2 * e->csb_head],
					 memory_order_relaxed) & CSB_ACTIVE_TO_IDLE)
			idle = true;
	}
	/* The read pointer back to the device, as the driver does. */
	ip_write(ip, RING_CONTEXT_STATUS_PTR(gs_engine_mmio_base[engine]),
		 CSB_READ_PTR << 16 | FIELD_PREP(CSB_READ_PTR, e->csb_head));
	return idle;
}
