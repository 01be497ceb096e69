// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The gensim authors
 */

/**
 * DOC: Logical ring contexts
 *
 * A queue's context is two GGTT pages, the LRCA: a per-process status page
 * (where the queue's breadcrumb seqno lands) and the register state, which
 * is a list of MI_LOAD_REGISTER_IMM blocks that the engine executes to
 * restore the context and writes back to save it (gensim hw-spec "The
 * context image").  The image is built from one table of (dword index,
 * register) rows, as i915's gen8 reg-state tables are, written plainly.
 * A render context's image is longer: the engine saves its GPGPU state
 * (pipeline, state base addresses, VFE state, CURBE, interface
 * descriptors) in the pages after the register state, which start zeroed:
 * "nothing saved" (gensim hw-spec "The render context's GPGPU state").
 *
 * Only the driver writes RING_TAIL, and only just before it submits the
 * context (gensim_execlists.c); the engine saves everything else.
 *
 * Called from: gensim_queue.c (create, destroy), gensim_execlists.c (the
 * tail), gensim_sched.c (the seqno).
 */

#include <linux/highmem.h>
#include <linux/vmalloc.h>

#include <drm/drm_gem_shmem_helper.h>

#include "gensim_cmds.h"
#include "gensim_drv.h"
#include "gensim_gem.h"
#include "gensim_vm.h"

/* The per-process status page dword that holds the queue's seqno. */
#define PPHWSP_SEQNO		0x40

/* One register of the image: where its offset goes, which register it is. */
struct lrc_reg {
	u16 index;
	u16 reg;	/* offset from the engine base */
};

/* The first block: the ring context (hw-spec layout, i915's indices). */
static const struct lrc_reg ring_block[] = {
	{ CTX_CONTEXT_CONTROL, 0x244 },
	{ CTX_RING_HEAD, 0x34 },
	{ CTX_RING_TAIL, 0x30 },
	{ CTX_RING_START, 0x38 },
	{ CTX_RING_CTL, 0x3c },
	{ CTX_BB_HEAD_U, 0x168 },
	{ CTX_BB_HEAD_L, 0x140 },
	{ CTX_BB_STATE, 0x110 },
	{ CTX_SECOND_BB_HEAD_U, 0x11c },
	{ CTX_SECOND_BB_HEAD_L, 0x114 },
	{ CTX_SECOND_BB_STATE, 0x118 },
};

/* The second block: timestamp and the page directory pointers. */
static const struct lrc_reg pdp_block[] = {
	{ CTX_CTX_TIMESTAMP, 0x3a8 },
	{ 0x24, 0x28c }, { 0x26, 0x288 },	/* PDP3 */
	{ 0x28, 0x284 }, { 0x2a, 0x280 },	/* PDP2 */
	{ 0x2c, 0x27c }, { 0x2e, 0x278 },	/* PDP1 */
	{ CTX_PDP0_UDW, 0x274 }, { CTX_PDP0_LDW, 0x270 },
};

static void write_block(u32 *state, u32 header, const struct lrc_reg *regs, int n, u32 base)
{
	int i;

	state[header] = MI_LOAD_REGISTER_IMM(n);
	for (i = 0; i < n; i++)
		state[regs[i].index] = base + regs[i].reg;
}

/* The image of a new context: every register's offset, then its value. */
static void lrc_fill(struct gensim_queue *q)
{
	u32 *state = q->lrc_state, base = q->engine->mmio_base;
	u64 pml4 = gensim_ppgtt_root(&q->vm->ppgtt);
	int i;

	for (i = 0; i < PAGE_SIZE / 4; i++)
		state[i] = MI_NOOP;
	write_block(state, CTX_LRI_HEADER_0, ring_block, ARRAY_SIZE(ring_block), base);
	write_block(state, CTX_LRI_HEADER_1, pdp_block, ARRAY_SIZE(pdp_block), base);
	state[CTX_LRI_HEADER_2] = MI_LOAD_REGISTER_IMM(32);
	for (i = 0; i < 32; i++)
		state[CTX_GPR0 + 2 * i] = RING_GPR(base, 0) + 4 * i;
	state[CTX_END] = MI_BATCH_BUFFER_END;

	/* A new context: nothing to restore beyond the ring registers. */
	state[CTX_CONTEXT_CONTROL + 1] = masked_enable(CTX_CTRL_INHIBIT_SYN_CTX_SWITCH |
						       CTX_CTRL_RESTORE_INHIBIT) |
					 masked_disable(CTX_CTRL_SAVE_INHIBIT);
	state[CTX_RING_HEAD + 1] = 0;
	state[CTX_RING_TAIL + 1] = 0;
	state[CTX_RING_START + 1] = q->ring_node.start;
	state[CTX_RING_CTL + 1] = FIELD_PREP(RING_NR_PAGES, GENSIM_RING_SIZE / SZ_4K - 1) |
				  RING_VALID;
	/* Batches are PPGTT: the address space indicator of BB_STATE. */
	state[CTX_BB_STATE + 1] = BBSTATE_PPGTT;
	/* 48-bit addressing: PDP0 holds the PML4. */
	state[CTX_PDP0_UDW + 1] = upper_32_bits(pml4);
	state[CTX_PDP0_LDW + 1] = lower_32_bits(pml4);
}

static int map_ring(struct gensim_queue *q)
{
	struct page **pages = q->ring->base.pages;

	q->ring_vaddr = vmap(pages, GENSIM_RING_SIZE >> PAGE_SHIFT, VM_MAP, PAGE_KERNEL);
	return q->ring_vaddr ? 0 : -ENOMEM;
}

static struct gensim_bo *create_bo(struct gensim_device *gdev, size_t size)
{
	struct drm_gem_shmem_object *shmem = gensim_bo_create(&gdev->drm, size);

	return IS_ERR(shmem) ? ERR_CAST(shmem) : to_gensim_bo(&shmem->base);
}

/**
 * gensim_lrc_init - the queue's ring and context image, bound in the GGTT
 * @q: the queue, with its engine and VM
 *
 * Returns: 0 or a negative errno; gensim_lrc_fini() undoes a partial init.
 */
int gensim_lrc_init(struct gensim_queue *q)
{
	struct gensim_device *gdev = q->gdev;
	int err;

	q->ring = create_bo(gdev, GENSIM_RING_SIZE);
	if (IS_ERR(q->ring)) {
		err = PTR_ERR(q->ring);
		q->ring = NULL;
		return err;
	}
	err = gensim_ggtt_insert_bo(gdev, q->ring, &q->ring_node);
	if (err)
		return err;
	err = map_ring(q);
	if (err)
		return err;

	q->lrc = create_bo(gdev, q->engine->id == GENSIM_RCS ? GENSIM_LRC_RENDER_SIZE :
							      GENSIM_LRC_SIZE);
	if (IS_ERR(q->lrc)) {
		err = PTR_ERR(q->lrc);
		q->lrc = NULL;
		return err;
	}
	err = gensim_ggtt_insert_bo(gdev, q->lrc, &q->lrc_node);
	if (err)
		return err;
	/* Bound means pinned; on x86-64 every page has a kernel address. */
	q->pphwsp = page_address(q->lrc->base.pages[0]);
	q->lrc_state = page_address(q->lrc->base.pages[LRC_STATE_PAGE]);
	memset(q->pphwsp, 0, PAGE_SIZE);
	lrc_fill(q);

	q->desc = CTX_DESC_VALID | FIELD_PREP(CTX_DESC_ADDRESSING_MODE, CTX_ADDRESSING_LEGACY_64B) |
		  CTX_DESC_PRIVILEGE | (q->lrc_node.start & CTX_DESC_LRCA) |
		  (u64)q->ctx_id << 32;
	return 0;
}

/**
 * gensim_lrc_fini - unbind and free the ring and the image
 * @q: the queue, which the engine no longer runs
 */
void gensim_lrc_fini(struct gensim_queue *q)
{
	struct gensim_device *gdev = q->gdev;

	if (q->ring_vaddr)
		vunmap(q->ring_vaddr);
	if (q->ring && drm_mm_node_allocated(&q->ring_node))
		gensim_ggtt_remove_bo(gdev, q->ring, &q->ring_node);
	if (q->ring)
		drm_gem_object_put(&q->ring->base.base);
	if (q->lrc && drm_mm_node_allocated(&q->lrc_node))
		gensim_ggtt_remove_bo(gdev, q->lrc, &q->lrc_node);
	if (q->lrc)
		drm_gem_object_put(&q->lrc->base.base);
}

/**
 * gensim_lrc_set_tail - the tail the next restore will run to
 * @q: the queue
 * @tail: byte offset in the ring
 *
 * Context: engine->lock held, just before the context is submitted.
 */
void gensim_lrc_set_tail(struct gensim_queue *q, u32 tail)
{
	/* The ring's commands are in memory before the tail that covers them. */
	smp_wmb();
	WRITE_ONCE(q->lrc_state[CTX_RING_TAIL + 1], tail);
}

/**
 * gensim_lrc_completed_seqno - the last breadcrumb the engine wrote
 * @q: the queue
 *
 * Returns: the seqno.
 */
u32 gensim_lrc_completed_seqno(struct gensim_queue *q)
{
	return READ_ONCE(q->pphwsp[PPHWSP_SEQNO]);
}

/**
 * gensim_lrc_seqno_ggtt - where the breadcrumb goes, for MI_STORE_DATA_IMM
 * @q: the queue
 *
 * Returns: the GGTT address of the seqno dword.
 */
u32 gensim_lrc_seqno_ggtt(struct gensim_queue *q)
{
	return q->lrc_node.start + PPHWSP_SEQNO * 4;
}
