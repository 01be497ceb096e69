// SPDX-License-Identifier: MIT
/*
 * Where the command streamer reads its next command (hw-spec-engines
 * "Execution"; PRM Vol. 6 Command Stream Programming (Cherryview 2015),
 * "RINGBUF - Ring Buffer Registers" and the command streamer prose
 * ("Render Engine Command Streamer (RCS)"): the head advances after
 * each command, the ring is empty when head == tail).
 *
 * Level 0 is the ring: RING_START (GGTT) plus RING_HEAD, wrapping at the
 * ring's end; a command may straddle the wrap.  Levels 1 and 2 are the
 * first- and second-level batches: a GGTT or PPGTT address that only
 * grows; a batch has no end but MI_BATCH_BUFFER_END.  While a second-level
 * batch runs, BB_ADDR holds where the first-level one goes on.
 *
 * After every command the engine publishes its position: RING_HEAD (with
 * its wrap count), BB_ADDR/BB_STATE and SBB_ADDR/SBB_STATE (with
 * BBSTATE_ACTIVE when that level runs, BBSTATE_PPGTT for its space) and
 * ACTHD, the address of the command it executes next.  These are what a
 * context save writes back, so a context preempted inside a batch resumes
 * there.
 */
#include <errno.h>

#include "cs/cs.h"
#include "core/device.h"
#include "cs/engine.h"
#include "core/log.h"

uint64_t gs_cs_position(const struct gs_cs *cs, bool *ggtt)
{
	if (cs->level == 0) {
		*ggtt = true;
		return (uint64_t)cs->ring_start + cs->head;
	}
	*ggtt = !cs->bb[cs->level].ppgtt;
	return cs->bb[cs->level].addr;
}

/* Bytes of commands between RING_HEAD and RING_TAIL. */
uint32_t gs_cs_ring_space(const struct gs_cs *cs)
{
	return (cs->tail + cs->ring_size - cs->head) % cs->ring_size;
}

/*
 * Read @len dwords of the command at the position into cs->cmd.  0, or
 * -EFAULT after a page-table error stopped the context; *@fault_done then
 * says so.
 */
int gs_cs_fetch(struct gs_cs *cs, unsigned int len, bool *fault_done)
{
	size_t bytes = (size_t)len * 4;
	struct gs_fault f;
	bool ggtt;
	uint64_t at = gs_cs_position(cs, &ggtt);

	*fault_done = false;
	if (cs->level == 0 && cs->head + bytes > cs->ring_size) {
		size_t first = cs->ring_size - cs->head;

		if (gs_cs_mem(cs, true, at, cs->cmd, first, false, &f) ||
		    gs_cs_mem(cs, true, cs->ring_start, (uint8_t *)cs->cmd + first, bytes - first,
			      false, &f))
			goto fault;
	} else if (gs_cs_mem(cs, ggtt, at, cs->cmd, bytes, false, &f)) {
		goto fault;
	}
	cs->cmd_len = len;
	return 0;
fault:
	*fault_done = true;
	gs_cs_fault_error(cs, &f, cs->level ? "fetching from the batch" : "fetching from the ring");
	return -EFAULT;
}

/* Past @dwords of commands. */
void gs_cs_advance(struct gs_cs *cs, unsigned int dwords)
{
	if (cs->level == 0) {
		cs->head += dwords * 4;
		if (cs->head >= cs->ring_size) {
			cs->head -= cs->ring_size;
			cs->wrap = (cs->wrap + 1) & (HEAD_WRAP_COUNT >> 21);
		}
	} else {
		cs->bb[cs->level].addr += dwords * 4;
	}
}

/* Run a batch at @level (1 or 2; a chain replaces the batch of its level). */
void gs_cs_batch_start(struct gs_cs *cs, unsigned int level, uint64_t addr, bool ppgtt,
		       bool priv)
{
	cs->level = level;
	cs->bb[level] = (struct gs_bb){ addr, ppgtt, priv };
}

/* MI_BATCH_BUFFER_END: one level up; @all: back to the ring. */
void gs_cs_batch_return(struct gs_cs *cs, bool all)
{
	cs->level = all || cs->level == 0 ? 0 : cs->level - 1;
}

static uint32_t bb_state(const struct gs_cs *cs, unsigned int level)
{
	return (cs->level >= level ? BBSTATE_ACTIVE : 0) | (cs->bb[level].ppgtt ? BBSTATE_PPGTT : 0);
}

/* The position into the registers; false if a reset intervened. */
bool gs_cs_publish_position(struct gs_cs *cs)
{
	struct gs_device *dev = cs->dev;
	uint32_t base = cs->eng->base;
	bool ggtt, ok;
	uint64_t at = gs_cs_position(cs, &ggtt);

	pthread_mutex_lock(&dev->reg_lock);
	ok = atomic_load(&cs->eng->epoch) == cs->epoch;
	if (ok) {
		gs_reg_store_locked(dev, RING_HEAD(base),
				    FIELD_PREP(HEAD_WRAP_COUNT, cs->wrap) | cs->head);
		gs_reg_store_locked(dev, RING_BBSTATE(base), bb_state(cs, 1));
		gs_reg_store_locked(dev, RING_SBBSTATE(base), bb_state(cs, 2));
		if (cs->level >= 1) {
			gs_reg_store_locked(dev, RING_BBADDR(base), (uint32_t)cs->bb[1].addr);
			gs_reg_store_locked(dev, RING_BBADDR_UDW(base),
					    (uint32_t)(cs->bb[1].addr >> 32));
		}
		if (cs->level >= 2) {
			gs_reg_store_locked(dev, RING_SBBADDR(base), (uint32_t)cs->bb[2].addr);
			gs_reg_store_locked(dev, RING_SBBADDR_UDW(base),
					    (uint32_t)(cs->bb[2].addr >> 32));
		}
		gs_reg_store_locked(dev, RING_ACTHD(base), (uint32_t)at);
		gs_reg_store_locked(dev, RING_ACTHD_UDW(base), (uint32_t)(at >> 32));
	}
	pthread_mutex_unlock(&dev->reg_lock);
	return ok;
}
