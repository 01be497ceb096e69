// SPDX-License-Identifier: MIT
/*
 * The GPGPU walker: which thread groups a dispatch runs and in what order,
 * each thread's execution mask, and the payload it finds in its registers
 * (hw-spec-compute "Walking thread groups", "The thread payload"; PRM
 * Vol. 2 Part 2 Media and General Purpose Pipeline (Ivy Bridge 2012),
 * 1.4.2.4 "GPGPU Mode", 1.7.1.5 "GPGPU Thread", 1.8.10 "GPGPU_WALKER
 * Command"; testable behaviours T01-T09, T12, T13, T18, T19).
 *
 * Groups: X varies fastest, then Y, then Z.  The starting X applies only
 * to the first row and the starting Y only to the first plane: the
 * counters wrap to 0 (T07, T08).  A zero dimension runs no group (T31,
 * gensim's choice for what the hardware leaves undefined).
 *
 * Threads of a group: the width counter fastest, then height, then depth.
 * Interior threads get every channel of the SIMD width; a thread in the
 * last column ANDs the right mask, one in the last row the bottom mask,
 * and one in both ANDs both (T02-T05).  The mask is the thread's dispatch
 * mask (sr0.2 and its initial channel enables): the hardware sends it in
 * the transparent header, not in r0 ([PRM-MEDIA] 1.5.1.10.6 "Dispatch
 * Payload").
 */
#include <string.h>

#include "compute/array_priv.h"

/* Move (x, y, z) to the first valid group at or after it, or end the walk. */
static void settle(struct ea_run *run)
{
	const uint32_t *dim = run->d.dim;
	uint32_t *id = run->next_id;

	for (;;) {
		if (id[2] >= dim[2]) {
			run->walk_done = true;
			return;
		}
		if (id[1] >= dim[1]) {
			id[1] = 0;
			id[2]++;
			continue;
		}
		if (id[0] >= dim[0]) {
			id[0] = 0;
			id[1]++;
			continue;
		}
		return;
	}
}

void ea_walk_first(struct ea_run *run)
{
	const uint32_t *dim = run->d.dim;

	run->next_seq = 0;
	run->walk_done = !dim[0] || !dim[1] || !dim[2];
	memcpy(run->next_id, run->d.start, sizeof(run->next_id));
	if (!run->walk_done)
		settle(run);
}

void ea_walk_next(struct ea_run *run)
{
	run->next_id[0]++;
	settle(run);
}

uint32_t ea_thread_mask(const struct ea_run *run, unsigned int tig)
{
	unsigned int w = tig % run->d.thread_width;
	unsigned int h = (tig / run->d.thread_width) % run->d.thread_height;
	uint32_t mask = run->simd_mask;

	if (w == run->d.thread_width - 1)
		mask &= run->d.right_mask;
	if (h == run->d.thread_height - 1)
		mask &= run->d.bottom_mask;
	return mask;
}

/*
 * r0 of a GPGPU thread ([PRM-MEDIA] 1.7.1.5 "GPGPU Thread", the Gen8
 * positions from EXT Mesa brw_fs emit_work_group_id_setup()):
 *
 *   r0.0  27:24 SLM index (4 KiB units), 15:0 URB handle (gensim: 0)
 *   r0.1  thread group ID X
 *   r0.2  29 barrier allocated, 28 SLM allocated, 27:24 barrier ID,
 *         23:16 dispatch key (gensim: the dispatch's thread number & 0xff),
 *         9:4 interface descriptor offset
 *   r0.3  31:5 sampler state pointer, 3:0 Per Thread Scratch Space (log2 KiB)
 *   r0.4  31:5 binding table pointer
 *   r0.5  31:10 scratch pointer: base + FFTID * per-thread size ([PRM-MEDIA]
 *         1.5.1.10.5 "Local Memory / Scratch Space"), 9:0 FFTID
 *   r0.6  thread group ID Y
 *   r0.7  thread group ID Z
 *
 * then, from r1, the constant registers (T12, T13), and zeros above them.
 * The constant data holds, from the IDD's read offset, the cross-thread
 * registers and then every thread's own slice.  Which comes first in the
 * GRF depends on where the data came from (hw-spec-compute "The thread
 * payload"):
 *
 *   MEDIA_CURBE_LOAD: cross-thread, then the thread's own ([PRM-MEDIA]
 *   1.7.1.5: "Cross-thread CURBE if present is in R1 and above, followed
 *   by the X/Y/Z thread id values").  Mesa lays its compute push
 *   constants out that way (EXT Mesa brw_fs cs_fill_push_const_info():
 *   the per-thread subgroup ID is the last push register; anv and i965
 *   load them with MEDIA_CURBE_LOAD), and so does IGC's CURBE layout
 *   (EXT IGC KernelArgsOrder, InputType::CURBE: local IDs last).
 *
 *   A walker's indirect data: the thread's own, then cross-thread.  NEO
 *   (EXT NEO HardwareCommandsHelper::sendIndirectState()) writes
 *   [cross-thread] [thread 0] [thread 1] ... as the walker's indirect data
 *   with the same two IDD lengths and no CURBE load, and IGC compiles for
 *   it (EXT IGC IndirectPayloadStorage, InputType::INDIRECT): local IDs
 *   from r1, the cross-thread data after them.
 */
void ea_build_payload(const struct ea_run *run, const struct ea_group *g, struct ea_slot *s)
{
	const struct gs_eu_dispatch *d = &run->d;
	struct gseu_hw_thread *t = s->t;
	uint32_t *r0 = t->grf[0].d;
	uint32_t key = (g->seq * run->tpg + s->tig) & 0xff;
	unsigned int cross = d->cross_thread_length, per = d->curbe_read_length;
	size_t base = (size_t)d->curbe_read_offset * 32;
	size_t own = base + (size_t)cross * 32 + (size_t)s->tig * per * 32;
	unsigned int cross_reg = d->indirect_payload ? 1 + per : 1;
	unsigned int own_reg = d->indirect_payload ? 1 : 1 + cross;

	/*
	 * A 3D or media thread: the pipeline writes its payload (hw-spec-3d
	 * "Thread dispatch", hw-spec-compute "Media threads").  The barrier
	 * is the array's to assign: with one, r0.2 27:24 gets its ID, where
	 * a media root has it too ([PRM-MEDIA] 1.7.1.1 "Generic Mode Root
	 * Thread") and a kernel copies it into its BarrierMsg.
	 */
	if (d->thread_payload) {
		d->thread_payload(d->payload_arg, g->id[0] * run->tpg + s->tig, s->fftid, t);
		if (d->barrier_enable)
			r0[2] = (r0[2] & ~0x0f000000u) | (uint32_t)(g->barrier_id & 0xf) << 24;
		return;
	}
	gseu_thread_reset(t, ea_thread_mask(run, s->tig));
	t->cr0.d[0] = (d->fp_alt ? GSEU_CR0_ALT_MODE : 0) |
		      ((uint32_t)(d->rounding & 3) << GSEU_CR0_RND_SHIFT);

	r0[0] = (g->slm ? (g->slm_off / 4096) & 0xf : 0) << 24;
	r0[1] = g->id[0];
	r0[2] = (d->barrier_enable ? 1u << 29 | (uint32_t)(g->barrier_id & 0xf) << 24 : 0) |
		(g->slm ? 1u << 28 : 0) | key << 16 | (uint32_t)(d->idd_offset & 0x3f) << 4;
	r0[3] = (d->sampler_state_ptr & ~31u) | gs_eu_scratch_enc(d->scratch_per_thread);
	r0[4] = d->binding_table_ptr & ~31u;
	r0[5] = gs_eu_scratch_ptr(d->scratch_base, d->scratch_per_thread, s->fftid) | (s->fftid & 0x3ff);
	r0[6] = g->id[1];
	r0[7] = g->id[2];

	/* ea_validate() checked that every byte read here is inside the CURBE */
	if (cross)
		memcpy(t->grf[cross_reg].b, run->curbe + base, (size_t)cross * 32);
	if (per)
		memcpy(t->grf[own_reg].b, run->curbe + own, (size_t)per * 32);
}
