// SPDX-License-Identifier: MIT
/*
 * The positions MEDIA_OBJECT_WALKER generates, in order
 * (Documentation/gpu/gensim/hw-spec-compute.rst "The media walker").
 *
 * The walker is five nested loops: global outer and inner, then local
 * outer, middle and inner; a thread's position is the local position
 * plus the corner of the global block it is in (PRM Vol. 2 Part 2 Media
 * and General Purpose Pipeline (Ivy Bridge 2012), 1.4.3 "Parameterized
 * Media Walker", 1.4.3.6 "Walker Algorithm Description").  The PRM names
 * the steps of each loop but not their arithmetic; gensim's rules, one
 * per step, follow Intel's own software model of the walker (EXT Intel
 * cm-cpu-emulation libcmrt/cm_queue_emumode.cpp, the walking-pattern
 * executor of CmQueueEmu) and the parameters Intel's drivers program for
 * each pattern (EXT intel-hybrid-driver src/cmrt/hal_cm.c, media-driver
 * CM_HAL SetMediaWalkerParams):
 *
 *   in bounds    a global block is in bounds while it overlaps the global
 *                resolution (-block < g < resolution on both axes); a
 *                local position while it is inside the block
 *   entering     every outer loop's start, and each step of it, first
 *                moves by the unit of the loop inside it while it lies
 *                outside on a side that unit moves it toward (how a 45 or
 *                26 degree wavefront walks the top row, then the right
 *                column)
 *   block size   1.4.3.5 "Global Loop": the block is clipped to the global
 *                resolution (the slack of a resolution that is not a
 *                multiple of the block)
 *   counts       the global and local outer loops run at most Exec Count
 *                + 1 times; the middle loop at most Extra Steps + 1 times
 *                (1.4.3.6: "less than or equal to the number of extra
 *                steps"); the inner loops while in bounds
 *   colour       each position is dispatched Color Count Minus One + 1
 *                times with colours 0, 1, ... (1.8.8 "MEDIA_OBJECT_WALKER
 *                Command": the innermost repeat)
 *
 * Gen8's walker has no Dual Mode, Repel or Quad Mode and no Local End
 * (EXT Mesa gen8.xml MEDIA_OBJECT_WALKER: DW6 bits 31:28 and DW10 are not
 * fields), so the local inner loop is a plain walk to the block's edge.
 * An inner loop whose unit is (0, 0) would never leave its bounds: gensim
 * refuses it instead of hanging.
 */
#include <stdio.h>
#include <stdlib.h>

#include "gpgpu/media.h"

struct walk_out {
	uint32_t *pos;
	uint32_t n, cap;
	bool overflow, nomem;
};

static bool inside(const int *p, const int *lo, const int *hi)
{
	return p[0] >= lo[0] && p[0] < hi[0] && p[1] >= lo[1] && p[1] < hi[1];
}

/*
 * Step @p by @u while it lies outside [lo, hi) on a side @u moves it
 * toward.  Each condition, once false, stays false (it moves one way), so
 * this ends after at most the box's distance in steps.
 */
static void enter(int *p, const int *u, const int *lo, const int *hi)
{
	for (;;) {
		bool out = false;

		for (unsigned int a = 0; a < 2; a++)
			if ((p[a] >= hi[a] && u[a] < 0) || (p[a] < lo[a] && u[a] > 0))
				out = true;
		if (!out)
			return;
		p[0] += u[0];
		p[1] += u[1];
	}
}

static void emit(struct walk_out *o, int x, int y, unsigned int colors)
{
	for (unsigned int c = 0; c < colors; c++) {
		if (o->n == GS_MEDIA_WALK_MAX) {
			o->overflow = true;
			return;
		}
		if (o->n == o->cap) {
			uint32_t cap = o->cap ? o->cap * 2 : 256;
			uint32_t *p = realloc(o->pos, (size_t)cap * sizeof(*p));

			if (!p) {
				o->nomem = true;
				return;
			}
			o->pos = p;
			o->cap = cap;
		}
		o->pos[o->n++] = GS_MEDIA_POS(x, y, c);
	}
}

/* The local loops of the block at @corner, @size units big. */
static void local_block(const struct gs_media_walk *w, const int *corner, const int *size,
			struct walk_out *o)
{
	static const int zero[2];
	int outer[2] = { w->local_start[0], w->local_start[1] };

	enter(outer, w->local_inner, zero, size);
	for (unsigned int count = 0; count <= w->local_exec && inside(outer, zero, size); count++) {
		int mid[2] = { outer[0], outer[1] };

		for (unsigned int step = 0; step <= w->extra_steps && inside(mid, zero, size);
		     step++) {
			int in[2] = { mid[0], mid[1] };

			while (inside(in, zero, size)) {
				emit(o, corner[0] + in[0], corner[1] + in[1], w->colors);
				if (o->overflow || o->nomem)
					return;
				in[0] += w->local_inner[0];
				in[1] += w->local_inner[1];
			}
			mid[0] += w->mid_unit[0];
			mid[1] += w->mid_unit[1];
		}
		outer[0] += w->local_outer[0];
		outer[1] += w->local_outer[1];
		enter(outer, w->local_inner, zero, size);
	}
}

int gs_media_walk(const struct gs_media_walk *w, uint32_t **out, uint32_t *n, char *why,
		  size_t len)
{
	/* a block origin is in bounds while the block overlaps the resolution */
	const int lo[2] = { 1 - w->block_res[0], 1 - w->block_res[1] };
	const int *hi = w->global_res;
	int outer[2] = { w->global_start[0], w->global_start[1] };
	struct walk_out o = { 0 };

	*out = NULL;
	*n = 0;
	if (!w->local_inner[0] && !w->local_inner[1]) {
		snprintf(why, len, "Local Inner Loop Unit is (0, 0): the local inner loop would "
			 "never leave the block");
		return -1;
	}
	if (!w->global_inner[0] && !w->global_inner[1]) {
		snprintf(why, len, "Global Inner Loop Unit is (0, 0): the global inner loop would "
			 "never leave the global resolution");
		return -1;
	}
	enter(outer, w->global_inner, lo, hi);
	for (unsigned int count = 0; count <= w->global_exec && inside(outer, lo, hi); count++) {
		int g[2] = { outer[0], outer[1] };

		while (inside(g, lo, hi)) {
			int corner[2], size[2];

			for (unsigned int a = 0; a < 2; a++) {
				int end = g[a] + w->block_res[a];

				corner[a] = g[a] < 0 ? 0 : g[a];
				size[a] = (end > hi[a] ? hi[a] : end) - corner[a];
			}
			local_block(w, corner, size, &o);
			if (o.overflow || o.nomem)
				goto fail;
			g[0] += w->global_inner[0];
			g[1] += w->global_inner[1];
		}
		outer[0] += w->global_outer[0];
		outer[1] += w->global_outer[1];
		enter(outer, w->global_inner, lo, hi);
	}
	*out = o.pos;
	*n = o.n;
	return 0;
fail:
	free(o.pos);
	if (o.overflow)
		snprintf(why, len, "the walk generates more than %u threads (gensim's bound)",
			 GS_MEDIA_WALK_MAX);
	else
		snprintf(why, len, "out of host memory for the walk's %u positions", o.n);
	return -1;
}
