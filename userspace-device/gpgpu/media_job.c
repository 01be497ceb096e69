// SPDX-License-Identifier: MIT
/*
 * One media command's root threads on the EU array, and the stalling
 * scoreboard between them (Documentation/gpu/gensim/hw-spec-compute.rst
 * "Media threads", "The media scoreboard").
 *
 * The threads run as a dispatch of dim[0] threads, each a group of its
 * own (compute/dispatch.h, thread_payload), issued in dispatch order; a
 * MEDIA_OBJECT_GRPID thread group runs as one group of its threads, each
 * with the payload its own command built.
 * Every thread's payload is r0 (PRM Vol. 2 Part 2 Media and General
 * Purpose Pipeline (Ivy Bridge 2012), 1.7.1.1 "Generic Mode Root Thread",
 * 1.7.1.2 "Root Thread from MEDIA_OBJECT_PRT", 1.7.1.3 "Root Thread from
 * MEDIA_OBJECT_WALKER") and the registers the command built once.
 *
 * The scoreboard (1.8.1 "MEDIA_VFE_STATE Command": Scoreboard Enable,
 * Type, Mask, Delta X/Y; 1.8.6 "MEDIA_OBJECT Command" and 1.8.8
 * "MEDIA_OBJECT_WALKER Command": Use Scoreboard, the thread's mask ANDed
 * with the VFE's): a thread at (X, Y) with colour C depends, for every
 * scoreboard n of the combined mask, on the threads at (X + dX[n],
 * Y + dY[n]) with colour C that were dispatched before it.  With the
 * stalling scoreboard the thread is not dispatched until every such
 * thread has ended; dispatch is in order, so the threads after it wait
 * too, while every thread already dispatched keeps running on the worker
 * pool.  A dependency position outside the scoreboard's U9 range (X or Y
 * below 0 or above 511) names no thread and is ignored, and a position no
 * earlier thread occupies is no dependency: the scoreboard waits only on
 * threads that exist, so it cannot wait forever (every thread it waits on
 * was dispatched and runs).
 *
 * The callbacks run under the EU array's lock (compute/dispatch.h), which
 * is also what orders their updates of the job.
 */
#include <stdlib.h>
#include <string.h>

#include "gpgpu/media.h"
#include "core/kcompat.h"
#include "gseu/eu_thread.h"

void gs_media_sb_decode(const uint32_t *vfe_dw, struct gs_media_sb *sb)
{
	memset(sb, 0, sizeof(*sb));
	sb->enable = vfe_dw[6] & BIT(31);
	sb->non_stalling = vfe_dw[6] & BIT(30);
	sb->mask = (uint8_t)(vfe_dw[6] & 0xff);
	for (unsigned int n = 0; n < 8; n++) {
		uint32_t d = vfe_dw[7 + n / 4] >> (8 * (n % 4));

		/* S3: 4-bit two's complement, -8..7 */
		sb->dx[n] = (int8_t)((int)((d & 0xf) ^ 8) - 8);
		sb->dy[n] = (int8_t)((int)(((d >> 4) & 0xf) ^ 8) - 8);
	}
}

void gs_media_group_free(struct gs_media_group *g)
{
	if (!g)
		return;
	for (uint32_t i = 0; i < g->count; i++)
		free(g->thr[i].payload);
	free(g);
}

static void payload(void *arg, uint32_t index, uint32_t fftid, struct gseu_hw_thread *t)
{
	struct gs_media_job *job = arg;
	const struct gs_media_thread *gt = job->group ? &job->group[index] : NULL;
	uint32_t *r0 = t->grf[0].d;
	uint32_t p = gt ? gt->pos : job->pos[index];
	const uint8_t *regs = gt ? gt->payload : job->payload;
	unsigned int nregs = gt ? gt->payload_regs : job->payload_regs;

	gseu_thread_reset(t, job->dmask);
	t->cr0.d[0] = job->cr0;
	memcpy(r0, job->r0, sizeof(job->r0));
	if (gt)
		r0[0] = (uint32_t)gt->sb_mask << 24;
	if (job->r0_position) {
		r0[1] = GS_MEDIA_POS_Y(p) << 16 | GS_MEDIA_POS_X(p);
		r0[2] |= GS_MEDIA_POS_C(p);
	}
	r0[5] = gs_eu_scratch_ptr(job->scratch_base, job->scratch_per_thread, fftid) |
		(fftid & 0x3ff);
	if (nregs)
		memcpy(t->grf[1].b, regs, (size_t)nregs * 32);
	/* dispatched: it is live until it ends (the scoreboard's; not for a group) */
	if (!gt && job->nlive < job->cap)
		job->live[job->nlive++] = index;
}

/* Is a thread at @p still live (dispatched, not ended)? */
static bool occupied(const struct gs_media_job *job, uint32_t p)
{
	for (uint32_t i = 0; i < job->nlive; i++)
		if (job->pos[job->live[i]] == p)
			return true;
	return false;
}

static bool may_issue(void *arg, uint32_t index)
{
	struct gs_media_job *job = arg;
	uint32_t p = job->pos[index];
	int x = (int)GS_MEDIA_POS_X(p), y = (int)GS_MEDIA_POS_Y(p);
	unsigned int c = GS_MEDIA_POS_C(p);
	uint8_t mask = job->sb_mask & job->sb.mask;

	if (!job->use_sb || !job->sb.enable)
		return true;
	for (unsigned int n = 0; n < 8; n++) {
		int dx = x + job->sb.dx[n], dy = y + job->sb.dy[n];

		if (!(mask & BIT(n)) || dx < 0 || dy < 0 || dx > 511 || dy > 511)
			continue;
		if (occupied(job, GS_MEDIA_POS(dx, dy, c))) {
			job->held++;
			return false;
		}
	}
	return true;
}

static void retired(void *arg, uint32_t index)
{
	struct gs_media_job *job = arg;

	for (uint32_t i = 0; i < job->nlive; i++)
		if (job->live[i] == index) {
			job->live[i] = job->live[--job->nlive];
			return;
		}
}

int gs_media_job_attach(struct gs_media_job *job, struct gs_eu_dispatch *d)
{
	/* at most every hardware thread is live at once (EA_MAX_SLOTS) */
	job->cap = job->count < 1024 ? job->count : 1024;
	job->nlive = 0;
	job->held = 0;
	job->live = calloc(job->cap ? job->cap : 1, sizeof(*job->live));
	if (!job->live)
		return -1;
	d->thread_payload = payload;
	d->payload_arg = job;
	d->thread_width = d->thread_height = d->thread_depth = 1;
	d->dim[0] = job->count;
	d->dim[1] = d->dim[2] = 1;
	if (job->group) {
		/* one group of count threads; the scoreboard is not used */
		d->thread_width = job->count;
		d->dim[0] = 1;
	} else {
		d->thread_may_issue = may_issue;
		d->thread_retired = retired;
	}
	d->start[0] = d->start[1] = d->start[2] = 0;
	return 0;
}

void gs_media_job_release(struct gs_media_job *job)
{
	free(job->live);
	job->live = NULL;
}
