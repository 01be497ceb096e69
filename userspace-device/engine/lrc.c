// SPDX-License-Identifier: MIT
/*
 * The context image (hw-spec-engines "The context image"; PRM Vol. 6
 * Command Stream Programming (Cherryview 2015), "Logical Ring Context
 * Format"; EXT i915 intel_lrc_reg.h for the dword indices the gensim
 * layout keeps).
 *
 * The LRCA names two GGTT pages: the per-process status page, then the
 * register state, a list of MI_LOAD_REGISTER_IMM blocks ending in
 * MI_BATCH_BUFFER_END.  Restoring *executes* them: every (offset, value)
 * pair goes through the register table's rule for that register, as if
 * written.  Only context registers may appear ("ctx" in the spec's
 * register table); anything else, or any other command, makes the image
 * invalid: an instruction error that hangs the context.  Saving writes
 * each register's current value back into the slot it was loaded from.
 *
 * gensim choices (hw-spec-engines, "The context image"):
 * - Restore inhibit (CONTEXT_CONTROL bit 0, after the image's masked
 *   writes to it) skips the engine context - the GPR pairs and bcs0's
 *   BCS_SWCTRL - and zeroes it; the ring registers, CTX_TIMESTAMP and the
 *   PDPs always load.
 * - CONTEXT_CONTROL starts from 0 at every restore, so the image alone
 *   decides it; after an inhibited restore the engine clears restore
 *   inhibit in the register, and a masked register (CONTEXT_CONTROL,
 *   BCS_SWCTRL) is saved as a masked write of all its bits (0xffff0000 |
 *   value): the saved image restores exactly what ran, GPRs included.
 * - Save inhibit (bit 2) writes nothing back.
 * - A save writes back every loaded register except RING_TAIL: only the
 *   driver writes the tail, just before it submits, and a save that
 *   follows the submission (a preemption or completion with that very
 *   context pending) must not put the old tail back over the new one.
 * - BB_STATE/SBB_STATE bit 0 (BBSTATE_ACTIVE) say a first/second level
 *   batch runs at BB_ADDR/SBB_ADDR; a restore resumes inside it.
 * - A lite restore re-reads only RING_TAIL's slot.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "core/device.h"
#include "core/log.h"
#include "cs/cs.h"
#include "cs/engine.h"
#include "engine/engine.h"
#include "gpgpu/gpgpu.h"

#define IMAGE_DWORDS		(GS_PAGE_SIZE / 4)

/* The registers an image may load (hw-spec-engines "ctx"), from the engine base. */
static bool ctx_register(int engine, uint32_t rel)
{
	if (rel == BCS_SWCTRL - BLT_RING_BASE)			/* bcs0's BCS_SWCTRL */
		return engine == GS_BCS;
	switch (rel) {
	case 0x30: case 0x34: case 0x38: case 0x3c:		/* RING_TAIL .. RING_CTL */
	case 0x110: case 0x114: case 0x118: case 0x11c:		/* BB_STATE, SBB_* */
	case 0x140: case 0x168:					/* BB_ADDR, _UDW */
	case 0x244:						/* CONTEXT_CONTROL */
	case 0x3a8:						/* CTX_TIMESTAMP */
		return true;
	}
	return (rel >= 0x270 && rel < 0x290) ||			/* PDP0..3 */
	       (rel >= 0x600 && rel < 0x600 + 8 * GEN8_NR_GPRS);	/* GPRs */
}

static bool is_gpr(uint32_t rel)
{
	return rel >= 0x600 && rel < 0x600 + 8 * GEN8_NR_GPRS;
}

/*
 * The engine context, which restore inhibit does not load and starts at
 * 0: the GPRs, and bcs0's BCS_SWCTRL (the blitter's tiling mode).
 */
static bool engine_context(uint32_t rel)
{
	return is_gpr(rel) || rel == BCS_SWCTRL - BLT_RING_BASE;
}

static uint32_t reg(struct gs_cs *cs, uint32_t rel)
{
	return gs_reg_read(cs->dev, cs->eng->base + rel);
}

struct pair {
	uint16_t index;		/* the value's dword */
	uint16_t rel;
	uint32_t val;
};

/*
 * Walk the register-state page: MI_NOOPs, MI_LOAD_REGISTER_IMM blocks,
 * MI_BATCH_BUFFER_END.  Fills @pairs; returns their number, or -1 with
 * @why set.
 */
static int parse(struct gs_cs *cs, const uint32_t *img, struct pair *pairs, char *why,
		 size_t len)
{
	uint32_t base = cs->eng->base;
	unsigned int i = 0, n = 0;

	while (i < IMAGE_DWORDS) {
		uint32_t h = img[i], op = h & (CMD_CLIENT | MI_OPCODE);
		unsigned int dws;

		if (op == MI_NOOP) {
			i++;
			continue;
		}
		if (op == MI_BATCH_BUFFER_END)
			return n;
		if (op != (MI_LOAD_REGISTER_IMM(1) & (CMD_CLIENT | MI_OPCODE))) {
			snprintf(why, len, "dword %#x is 0x%08x: not MI_NOOP, MI_LOAD_REGISTER_IMM "
				 "or MI_BATCH_BUFFER_END", i, h);
			return -1;
		}
		dws = (h & CMD_LENGTH_7_0) + 2;
		if (!(dws & 1) || i + dws > IMAGE_DWORDS) {
			snprintf(why, len, "MI_LOAD_REGISTER_IMM 0x%08x at dword %#x: bad length", h,
				 i);
			return -1;
		}
		for (unsigned int k = 1; k < dws; k += 2) {
			uint32_t off = img[i + k] & MI_REGISTER_OFFSET, rel = off - base;

			if (off < base || !ctx_register(cs->eng->id, rel) || n >= GS_CS_MAX_SLOTS) {
				snprintf(why, len, "register %#x at dword %#x is not a context "
					 "register of this engine", off, i + k);
				return -1;
			}
			pairs[n++] = (struct pair){ (uint16_t)(i + k + 1), (uint16_t)rel,
						    img[i + k + 1] };
		}
		i += dws;
	}
	snprintf(why, len, "no MI_BATCH_BUFFER_END in the register-state page");
	return -1;
}

/* Decode the loaded registers into the executor's state; NULL or why not. */
static const char *decode(struct gs_cs *cs)
{
	uint32_t ctl = reg(cs, 0x3c), head = reg(cs, 0x34), bbs = reg(cs, 0x110);
	uint32_t sbbs = reg(cs, 0x118);

	cs->ring_start = reg(cs, 0x38) & ~0xfffu;
	cs->ring_size = (FIELD_GET(RING_NR_PAGES, ctl) + 1) * GS_PAGE_SIZE;
	cs->head = head & HEAD_ADDR;
	cs->wrap = FIELD_GET(HEAD_WRAP_COUNT, head);
	cs->tail = reg(cs, 0x30);
	cs->pml4 = (uint64_t)reg(cs, 0x274) << 32 | reg(cs, 0x270);
	cs->level = 0;
	if (!(ctl & RING_VALID))
		return "RING_CTL's valid bit is clear";
	if (cs->tail & 7)
		return "RING_TAIL is not 8-byte aligned";
	if (cs->tail >= cs->ring_size)
		return "RING_TAIL is outside the ring";
	if (cs->head >= cs->ring_size)
		return "RING_HEAD is outside the ring";
	/* The batch registers as they are, whether a batch runs or not. */
	cs->bb[1].addr = (uint64_t)reg(cs, 0x168) << 32 | (reg(cs, 0x140) & ~3u);
	cs->bb[1].ppgtt = bbs & BBSTATE_PPGTT;
	cs->bb[1].priv = !cs->bb[1].ppgtt;
	cs->bb[2].addr = (uint64_t)reg(cs, 0x11c) << 32 | (reg(cs, 0x114) & ~3u);
	cs->bb[2].ppgtt = sbbs & BBSTATE_PPGTT;
	cs->bb[2].priv = !cs->bb[2].ppgtt && cs->bb[1].priv;
	if (bbs & BBSTATE_ACTIVE)
		cs->level = 1;
	if (sbbs & BBSTATE_ACTIVE) {
		if (!cs->level)
			return "SBB_STATE says a second-level batch runs without a first";
		cs->level = 2;
	}
	return NULL;
}

/*
 * Load @desc's context.  Returns 0, or a negative errno after an
 * instruction or page-table error that leaves the context hung.
 */
int gs_lrc_restore(struct gs_cs *cs, uint64_t desc)
{
	struct gs_engine *eng = cs->eng;
	struct gs_device *dev = cs->dev;
	static _Thread_local uint32_t img[IMAGE_DWORDS];
	static _Thread_local struct pair pairs[GS_CS_MAX_SLOTS];
	uint32_t ctrl = 0;
	struct gs_fault f;
	const char *bad;
	char why[160];
	bool inhibit;
	int n;

	cs->desc = desc;
	cs->lrca = desc & CTX_DESC_LRCA;
	cs->ctx_id = (uint32_t)(desc >> 32);
	cs->loaded = true;
	cs->hung = false;
	cs->level = 0;
	cs->arb_on = true;	/* hw-spec-engines: arbitration is on when a context starts */
	cs->set_pred = MI_SET_PREDICATE_NOOP_NEVER;
	cs->sema_waiting = false;
	cs->nr_slots = 0;
	cs->cmd_addr = cs->lrca + LRC_STATE_PAGE * GS_PAGE_SIZE;
	cs->cmd_ggtt = true;
	cs->cmd[0] = 0;
	cs->cmd_len = 1;
	cs->ts_start = gs_timestamp_now(dev);
	cs->ts_base = 0;
	/* A new context may be a new address space: nothing cached survives. */
	gs_tlb_flush(eng->tlb);

	if (gs_cs_mem(cs, true, cs->cmd_addr, img, sizeof(img), false, &f)) {
		gs_cs_fault_error(cs, &f, "reading the context image");
		return -EFAULT;
	}
	n = parse(cs, img, pairs, why, sizeof(why));
	if (n < 0) {
		gs_cs_context_error(cs, "context %#x: invalid image at LRCA %#x: %s", cs->ctx_id,
				    cs->lrca, why);
		return -EINVAL;
	}
	for (int i = 0; i < n; i++) {
		cs->slot[i] = (struct gs_ctx_slot){ pairs[i].index, pairs[i].rel };
		if (pairs[i].rel == 0x244)
			ctrl = ((ctrl & ~(pairs[i].val >> 16)) | (pairs[i].val & (pairs[i].val >> 16))) &
			       0xffff;
	}
	cs->nr_slots = n;
	inhibit = ctrl & CTX_CTRL_RESTORE_INHIBIT;

	pthread_mutex_lock(&dev->reg_lock);
	if (atomic_load(&eng->epoch) != cs->epoch) {
		pthread_mutex_unlock(&dev->reg_lock);
		return -EAGAIN;
	}
	gs_reg_store_locked(dev, RING_CONTEXT_CONTROL(eng->base), 0);
	for (int i = 0; i < n; i++) {
		uint32_t off = eng->base + pairs[i].rel;
		const struct gs_reg *r = gs_reg_lookup(&dev->rf, off);

		if (!r || (inhibit && engine_context(pairs[i].rel)))
			continue;
		gs_reg_store_locked(dev, off, gs_reg_apply_rule(r->desc, gs_reg_read(dev, off),
								pairs[i].val));
	}
	if (inhibit) {
		uint32_t ctrl_reg = RING_CONTEXT_CONTROL(eng->base);

		for (unsigned int g = 0; g < 2 * GEN8_NR_GPRS; g++)
			gs_reg_store_locked(dev, RING_GPR(eng->base, 0) + 4 * g, 0);
		if (eng->id == GS_BCS)
			gs_reg_store_locked(dev, BCS_SWCTRL, 0);
		/* Inhibited once: the image this context saves restores in full. */
		gs_reg_store_locked(dev, ctrl_reg,
				    gs_reg_read(dev, ctrl_reg) & ~CTX_CTRL_RESTORE_INHIBIT);
	}
	pthread_mutex_unlock(&dev->reg_lock);

	cs->ts_base = reg(cs, 0x3a8);
	bad = decode(cs);
	if (bad) {
		gs_cs_context_error(cs, "context %#x (LRCA %#x): %s (RING_CTL %#x, HEAD %#x, "
				    "TAIL %#x)", cs->ctx_id, cs->lrca, bad, reg(cs, 0x3c),
				    reg(cs, 0x34), reg(cs, 0x30));
		return -EINVAL;
	}
	/* rcs0: the GPGPU state, engine context like the GPRs (lrc_gpgpu.c). */
	if (cs->gpgpu && gs_gpgpu_restore(cs, inhibit))
		return -EINVAL;
	/* rcs0: the 3D state, after the GPGPU state's STATE_BASE_ADDRESS (lrc_3d.c). */
	if (cs->r3d && gs_3d_restore(cs, inhibit))
		return -EINVAL;
	gs_cs_publish_position(cs);
	return 0;
}

/* Write the running context back into its image; it is switched out. */
void gs_lrc_save(struct gs_cs *cs)
{
	struct gs_engine *eng = cs->eng;
	struct gs_device *dev = cs->dev;
	uint64_t state = cs->lrca + LRC_STATE_PAGE * GS_PAGE_SIZE;
	uint32_t ctl_reg = RING_CTL(eng->base);

	if (!cs->loaded)
		return;
	pthread_mutex_lock(&dev->reg_lock);
	if (atomic_load(&eng->epoch) == cs->epoch) {
		/* A wait that is switched out is not waiting any more. */
		gs_reg_store_locked(dev, ctl_reg, gs_reg_read(dev, ctl_reg) &
				  ~(RING_WAIT | RING_WAIT_SEMAPHORE));
		gs_reg_store_locked(dev, RING_CTX_TIMESTAMP(eng->base), gs_cs_ctx_timestamp(cs));
	}
	pthread_mutex_unlock(&dev->reg_lock);
	cs->sema_waiting = false;
	cs->loaded = false;

	if (reg(cs, 0x244) & CTX_CTRL_SAVE_INHIBIT) {
		gs_info("%s: context %#x not saved: save inhibit", eng->name, cs->ctx_id);
		return;
	}
	for (unsigned int i = 0; i < cs->nr_slots; i++) {
		uint32_t v = reg(cs, cs->slot[i].rel);
		struct gs_fault f;

		/* Only the driver writes RING_TAIL: a save never overwrites its next tail. */
		if (cs->slot[i].rel == 0x30)
			continue;
		if (cs->slot[i].rel == 0x244)
			v = 0xffff0000u | (v & ~CTX_CTRL_RESTORE_INHIBIT);
		if (cs->slot[i].rel == BCS_SWCTRL - BLT_RING_BASE)
			v |= 0xffff0000u;	/* masked too: restores every bit */
		if (gs_cs_mem(cs, true, state + 4 * cs->slot[i].index, &v, sizeof(v), true, &f)) {
			gs_cs_report_fault(cs, &f, "saving the context image");
			return;
		}
	}
	if (cs->gpgpu)
		gs_gpgpu_save(cs);
	if (cs->r3d)
		gs_3d_save(cs);
}

/*
 * A lite restore: the running context was resubmitted, so only its
 * RING_TAIL is read again from the image.  Returns 0 or a negative errno
 * (an instruction or page-table error hung the context).
 */
int gs_lrc_lite_restore(struct gs_cs *cs, uint64_t desc)
{
	uint64_t state = cs->lrca + LRC_STATE_PAGE * GS_PAGE_SIZE;
	uint32_t tail;
	struct gs_fault f;
	unsigned int i;

	cs->desc = desc;
	cs->ctx_id = (uint32_t)(desc >> 32);
	for (i = 0; i < cs->nr_slots && cs->slot[i].rel != 0x30; i++)
		;
	if (i == cs->nr_slots) {
		gs_cs_context_error(cs, "lite restore of context %#x: its image has no RING_TAIL",
				    cs->ctx_id);
		return -EINVAL;
	}
	if (gs_cs_mem(cs, true, state + 4 * cs->slot[i].index, &tail, sizeof(tail), false, &f)) {
		gs_cs_fault_error(cs, &f, "reading RING_TAIL for a lite restore");
		return -EFAULT;
	}
	if ((tail & 7) || tail >= cs->ring_size) {
		gs_cs_context_error(cs, "lite restore of context %#x: RING_TAIL %#x is %s",
				    cs->ctx_id, tail, tail & 7 ? "not 8-byte aligned" :
				    "outside the ring");
		return -EINVAL;
	}
	cs->tail = tail;
	gs_cs_store(cs, RING_TAIL(cs->eng->base), tail);
	return 0;
}
