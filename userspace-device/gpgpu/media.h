/* SPDX-License-Identifier: MIT */
/*
 * Media root threads (Documentation/gpu/gensim/hw-spec-compute.rst "Media
 * threads", "The media walker", "The media scoreboard"): the positions
 * MEDIA_OBJECT_WALKER visits (media_walk.c), and one batch of media
 * threads as the EU array runs them, with the stalling scoreboard between
 * them (media_job.c).  The command handlers are cmd/cmd_gpgpu_media.c.
 */
#ifndef GSDEV_GPGPU_MEDIA_H
#define GSDEV_GPGPU_MEDIA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "compute/dispatch.h"

/*
 * A thread's scoreboard position as the walker and MEDIA_OBJECT give it:
 * X and Y are U9, the colour U4 (PRM Vol. 2 Part 2 Media and General
 * Purpose Pipeline (Ivy Bridge 2012), 1.7.1.1 "Generic Mode Root Thread",
 * R0.1 and R0.2).  Packed: X 8:0, Y 17:9, colour 21:18.
 */
#define GS_MEDIA_POS(x, y, c)	((uint32_t)(x) | (uint32_t)(y) << 9 | (uint32_t)(c) << 18)
#define GS_MEDIA_POS_X(p)	((p) & 0x1ffu)
#define GS_MEDIA_POS_Y(p)	(((p) >> 9) & 0x1ffu)
#define GS_MEDIA_POS_C(p)	(((p) >> 18) & 0xfu)

/* gensim's bound on the threads of one walker (hw-spec-compute "The media walker"). */
#define GS_MEDIA_WALK_MAX	(1u << 22)

/*
 * MEDIA_OBJECT_WALKER's loop parameters, decoded (signed fields sign
 * extended, counts as the command has them).  [0] is X, [1] is Y.
 */
struct gs_media_walk {
	unsigned int colors;			/* Color Count Minus One + 1 */
	unsigned int extra_steps;		/* Middle Loop Extra Steps */
	int mid_unit[2];			/* Mid-Loop Unit, S1 */
	unsigned int global_exec, local_exec;	/* Global / Local Loop Exec Count */
	int block_res[2];			/* Block Resolution, U9 */
	int local_start[2];			/* Local Start, U9 */
	int local_outer[2];			/* Local Outer Loop Stride, S9 */
	int local_inner[2];			/* Local Inner Loop Unit, S9 */
	int global_res[2];			/* Global Resolution, U9 */
	int global_start[2];			/* Global Start, S9 */
	int global_outer[2];			/* Global Outer Loop Stride, S9 */
	int global_inner[2];			/* Global Inner Loop Unit, S9 */
};

/*
 * Walk @w: *@out (malloc'd, freed by the caller) gets every thread's
 * GS_MEDIA_POS in dispatch order, *@n their number.  Returns 0, or -1 with
 * @why set: a walk that would never end, more than GS_MEDIA_WALK_MAX
 * threads, or no memory.
 */
int gs_media_walk(const struct gs_media_walk *w, uint32_t **out, uint32_t *n, char *why,
		  size_t len);

/*
 * The scoreboard of MEDIA_VFE_STATE DW6-DW8 (PRM Vol. 2 Part 2 Media and
 * General Purpose Pipeline (Ivy Bridge 2012), 1.8.1 "MEDIA_VFE_STATE
 * Command"): dependency n is at (X + dx[n], Y + dy[n]).
 */
struct gs_media_sb {
	bool enable;
	bool non_stalling;
	uint8_t mask;
	int8_t dx[8], dy[8];
};

void gs_media_sb_decode(const uint32_t *vfe_dw, struct gs_media_sb *sb);

/*
 * gensim's bound on the threads of one MEDIA_OBJECT_GRPID thread group:
 * a GPGPU group's (hw-spec-compute "MEDIA_OBJECT_GRPID").
 */
#define GS_MEDIA_GROUP_MAX	64u

/*
 * One thread of a MEDIA_OBJECT_GRPID thread group, as its command gave it:
 * @pos its GS_MEDIA_POS, @sb_mask its Scoreboard Mask (r0.0 31:24),
 * @payload (malloc'd) its @payload_regs registers from r1.
 */
struct gs_media_thread {
	uint32_t pos;
	uint8_t sb_mask;
	uint8_t *payload;
	unsigned int payload_regs;
};

/*
 * An open MEDIA_OBJECT_GRPID thread group (struct gs_gpgpu's group): the
 * threads its commands have brought so far, run as one group when End of
 * Thread Group arrives (cmd_gpgpu_media.c).
 */
struct gs_media_group {
	uint32_t group_id;		/* DW6 GroupID */
	unsigned int idd_off;		/* the descriptor every thread names */
	uint32_t count;			/* threads in thr[] */
	struct gs_media_thread thr[GS_MEDIA_GROUP_MAX];
};

/* Free @g (NULL: nothing) and its threads' payloads. */
void gs_media_group_free(struct gs_media_group *g);

/*
 * One media command's threads (MEDIA_OBJECT, _PRT, _GRPID: one thread;
 * MEDIA_OBJECT_WALKER: the walk), or one MEDIA_OBJECT_GRPID thread group,
 * run as one gs_eu_dispatch() with gs_media_job_attach().
 *
 * @r0: the r0 every thread starts from (hw-spec-compute "Media threads");
 *	with @r0_position each thread's X, Y (r0.1) and colour (r0.2 3:0)
 *	are put in, and r0.5 gets its FFTID
 * @payload, @payload_regs: r1 onwards, the same for every thread
 * @dmask: the dispatch mask
 * @cr0: the initial cr0.0 (floating-point and rounding modes)
 * @pos, @count: the threads, GS_MEDIA_POS, in dispatch order
 * @sb, @use_sb: the stalling scoreboard and whether the threads use it;
 *	@sb_mask is the command's mask (ANDed with the VFE's)
 * @group: a MEDIA_OBJECT_GRPID thread group instead: @count threads in
 *	one group, thread i with @group[i]'s position, mask and payload
 *	(@pos, @payload, @payload_regs, @sb_mask and the scoreboard unused)
 */
struct gs_media_job {
	uint32_t r0[8];
	uint32_t scratch_base, scratch_per_thread;	/* r0.5's slot, as a walker's */
	bool r0_position;
	const uint8_t *payload;
	unsigned int payload_regs;
	uint32_t dmask;
	uint32_t cr0;
	const uint32_t *pos;
	uint32_t count;
	struct gs_media_sb sb;
	bool use_sb;
	uint8_t sb_mask;
	const struct gs_media_thread *group;

	/* media_job.c: the threads issued and not yet ended, by index */
	uint32_t *live;
	uint32_t nlive, cap;
	uint64_t held;			/* times the scoreboard held the next thread */
};

/*
 * Make @d run @job's threads: dim[0] = count threads of one a group, the
 * payload, scoreboard and retirement callbacks; with @group, one group of
 * count threads and the payload callback only (the caller sets the
 * barrier and SLM).  Returns 0 or -1 (no
 * memory).  gs_media_job_release() frees what it allocated.
 */
int gs_media_job_attach(struct gs_media_job *job, struct gs_eu_dispatch *d);
void gs_media_job_release(struct gs_media_job *job);

#endif
