// SPDX-License-Identifier: MIT
/*
 * The execlist submit port and EXECLIST_STATUS (hw-spec-engines "The
 * context descriptor", "Submission"; PRM Vol. 6 Command Stream
 * Programming (Cherryview 2015), "Execlists"; EXT i915 for the ELSP
 * write order, EXT GVT-g for EXECLIST_STATUS).
 *
 * ELSP is written four times: element 1 high, element 1 low, element 0
 * high, element 0 low; the fourth write submits.  The side effect runs on
 * the channel thread with reg_lock held, so it only checks the
 * descriptors and places the list - current if the engine has none, else
 * pending - and kicks the engine thread, which does everything that
 * touches memory (CSB entries, context images).  The channel thread never
 * waits for an engine.
 *
 * The engine holds two hardware execlists (PRM Vol. 6 Command Stream
 * Programming (Cherryview 2015), "Execlists"); a list goes into the one
 * EXECLIST_STATUS's write pointer names, which alternates.
 */
#include "cs/cs.h"
#include "core/device.h"
#include "cs/engine.h"
#include "core/log.h"

/* Why @desc cannot run, or NULL (hw-spec-engines "The context descriptor"). */
static const char *desc_refused(uint64_t desc)
{
	if (!(desc & CTX_DESC_VALID))
		return "element 0 is not valid";
	if (!(desc & CTX_DESC_PRIVILEGE))
		return "the privilege bit (8) is clear";
	if (FIELD_GET(CTX_DESC_ADDRESSING_MODE, (uint32_t)desc) != CTX_ADDRESSING_LEGACY_64B)
		return "addressing mode is not 3 (48-bit, PML4 in PDP0)";
	return NULL;
}

/* EXECLIST_STATUS_LO/HI from the execlist state; reg_lock held, takes engine->lock. */
void gs_execlist_status_store_locked(struct gs_engine *eng)
{
	struct gs_device *dev = eng->dev;
	uint32_t lo = 0, hi = 0;

	pthread_mutex_lock(&eng->lock);
	if (eng->cur_valid) {
		lo |= eng->cur.slot ? EL_STATUS_CURRENT_POINTER | EL_STATUS_EL1_VALID :
				      EL_STATUS_EL0_VALID;
		if (eng->running)
			lo |= FIELD_PREP(EL_STATUS_ACTIVE_ELEMENT, eng->active + 1);
	}
	if (eng->pend_valid)
		lo |= EL_STATUS_QUEUE_FULL |
		      (eng->pend.slot ? EL_STATUS_EL1_VALID : EL_STATUS_EL0_VALID);
	if (eng->running) {
		if (eng->arb_on)
			lo |= EL_STATUS_ARB_ENABLE;
		hi = eng->running_ctx_id;
	}
	pthread_mutex_unlock(&eng->lock);
	gs_reg_store_locked(dev, RING_EXECLIST_STATUS_LO(eng->base), lo);
	gs_reg_store_locked(dev, RING_EXECLIST_STATUS_HI(eng->base), hi);
}

static void submit_locked(struct gs_engine *eng, uint64_t desc0, uint64_t desc1)
{
	const char *why = desc_refused(desc0);

	if (!why && (desc1 & CTX_DESC_VALID))
		why = desc_refused(desc1);
	if (why) {
		gs_err("%s: ELSP: submission %#llx, %#llx refused: %s; EIR bit 0 set",
		       eng->name, (unsigned long long)desc0, (unsigned long long)desc1, why);
		gs_engine_error_locked(eng, EIR_INSTRUCTION_ERROR, (uint32_t)desc0, ~0ull);
		return;
	}
	if (!(desc1 & CTX_DESC_VALID)) {
		desc1 = 0;
	} else if ((desc1 & CTX_DESC_LRCA) == (desc0 & CTX_DESC_LRCA)) {
		/*
		 * PRM Vol. 6 Command Stream Programming (Cherryview 2015),
		 * "Execlists": the two elements must be different contexts.
		 */
		gs_err("%s: ELSP: both elements are the context at LRCA %#x; element 1 dropped",
		       eng->name, (uint32_t)(desc0 & CTX_DESC_LRCA));
		desc1 = 0;
	}

	pthread_mutex_lock(&eng->lock);
	if (!eng->cur_valid) {
		eng->cur = (struct gs_execlist){ { desc0, desc1 }, eng->write_slot };
		eng->cur_valid = true;
		eng->cur_started = false;
		eng->active = 0;
	} else if (!eng->pend_valid) {
		eng->pend = (struct gs_execlist){ { desc0, desc1 }, eng->write_slot };
		eng->pend_valid = true;
		atomic_store(&eng->pending_flag, true);
	} else {
		pthread_mutex_unlock(&eng->lock);
		/*
		 * PRM Vol. 6 Command Stream Programming (Cherryview 2015),
		 * "Execlists": UNDEFINED; gensim drops it, loudly.
		 */
		gs_err("%s: ELSP: submission %#llx, %#llx dropped: an execlist is already pending",
		       eng->name, (unsigned long long)desc0, (unsigned long long)desc1);
		return;
	}
	eng->write_slot ^= 1;
	gs_engine_kick_locked(eng);
	pthread_mutex_unlock(&eng->lock);
	gs_info("%s: ELSP: execlist %#llx, %#llx submitted", eng->name,
		(unsigned long long)desc0, (unsigned long long)desc1);
	gs_execlist_status_store_locked(eng);
}

/* RING_ELSP: collect four dwords, then submit. */
void elsp_write(struct gs_device *dev, const struct gs_reg *reg, uint32_t val)
{
	struct gs_engine *eng = gs_engine(dev, reg->engine);
	uint64_t desc0, desc1;

	if (!eng)
		return;
	eng->elsp_dw[eng->elsp_count++] = val;
	if (eng->elsp_count < 4)
		return;
	eng->elsp_count = 0;
	desc1 = (uint64_t)eng->elsp_dw[0] << 32 | eng->elsp_dw[1];
	desc0 = (uint64_t)eng->elsp_dw[2] << 32 | eng->elsp_dw[3];
	if (!(gs_reg_read(dev, RING_MODE(eng->base)) & GFX_RUN_LIST_ENABLE)) {
		/*
		 * PRM Vol. 6 Command Stream Programming (Cherryview 2015),
		 * "Execlists": UNDEFINED with execlists disabled; dropped.
		 */
		gs_err("%s: ELSP written while RING_MODE's execlist enable (bit 15) is clear: "
		       "submission %#llx, %#llx dropped", eng->name,
		       (unsigned long long)desc0, (unsigned long long)desc1);
		return;
	}
	submit_locked(eng, desc0, desc1);
}

/* EXECLIST_STATUS and MODE_IDLE after a transition. */
void gs_execlist_status_update(struct gs_cs *cs)
{
	struct gs_engine *eng = cs->eng;
	struct gs_device *dev = cs->dev;
	uint32_t mi_mode = RING_MI_MODE(eng->base);

	pthread_mutex_lock(&dev->reg_lock);
	if (atomic_load(&eng->epoch) == cs->epoch) {
		uint32_t m = gs_reg_read(dev, mi_mode);
		bool parked;

		gs_execlist_status_store_locked(eng);
		pthread_mutex_lock(&eng->lock);
		parked = eng->parked;
		pthread_mutex_unlock(&eng->lock);
		/* MODE_IDLE: nothing to execute, or stopped at a boundary. */
		gs_reg_store_locked(dev, mi_mode, cs->loaded && !parked ? m & ~MODE_IDLE :
									 m | MODE_IDLE);
	}
	pthread_mutex_unlock(&dev->reg_lock);
}
