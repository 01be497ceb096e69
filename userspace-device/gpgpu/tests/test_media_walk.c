// SPDX-License-Identifier: MIT
/*
 * MEDIA_OBJECT_WALKER's visit order (gpgpu/media_walk.c; hw-spec-compute
 * "The media walker") against orders worked out by hand from the loop
 * rules: a raster and a reversed raster, the 45 and 26 degree wavefronts
 * (the outer loop walks the top row, then down the right column), the
 * middle loop, colours, global blocks with slack at the right and bottom
 * edges, a global start left of the resolution; the walks gensim refuses;
 * and the VFE scoreboard deltas' sign extension.
 */
#include <stdlib.h>
#include <string.h>

#include "gpgpu/media.h"
#include "tap.h"

#define P(x, y)		GS_MEDIA_POS(x, y, 0)
#define PC(x, y, c)	GS_MEDIA_POS(x, y, c)

/* One block of @bx x @by covering a global resolution of the same size. */
static struct gs_media_walk local(int bx, int by, int ox, int oy, int ix, int iy,
				  unsigned int exec)
{
	struct gs_media_walk w = {
		.colors = 1, .local_exec = exec,
		.block_res = { bx, by }, .global_res = { bx, by },
		.local_outer = { ox, oy }, .local_inner = { ix, iy },
		.global_outer = { bx, 0 }, .global_inner = { 0, by },
	};
	return w;
}

static void expect(const char *what, const struct gs_media_walk *w, const uint32_t *want,
		   uint32_t n)
{
	uint32_t *pos, got;
	char why[160];

	CHECK_MSG(gs_media_walk(w, &pos, &got, why, sizeof(why)) == 0, "%s: %s", what, why);
	CHECK_MSG(got == n, "%s: %u threads, want %u", what, got, n);
	for (uint32_t i = 0; i < n && i < got; i++)
		CHECK_MSG(pos[i] == want[i], "%s: thread %u at (%u,%u) c%u, want (%u,%u) c%u", what,
			  i, GS_MEDIA_POS_X(pos[i]), GS_MEDIA_POS_Y(pos[i]), GS_MEDIA_POS_C(pos[i]),
			  GS_MEDIA_POS_X(want[i]), GS_MEDIA_POS_Y(want[i]),
			  GS_MEDIA_POS_C(want[i]));
	free(pos);
}

static void t_local_patterns(void)
{
	static const uint32_t raster[] = { P(0, 0), P(1, 0), P(2, 0), P(0, 1), P(1, 1), P(2, 1) };
	static const uint32_t reverse[] = { P(2, 1), P(1, 1), P(0, 1), P(2, 0), P(1, 0), P(0, 0) };
	static const uint32_t vertical[] = { P(0, 0), P(0, 1), P(1, 0), P(1, 1), P(2, 0), P(2, 1) };
	static const uint32_t w45[] = { P(0, 0), P(1, 0), P(0, 1), P(2, 0), P(1, 1), P(0, 2),
					P(2, 1), P(1, 2), P(2, 2) };
	static const uint32_t w26[] = { P(0, 0), P(1, 0), P(2, 0), P(0, 1), P(3, 0), P(1, 1),
					P(2, 1), P(3, 1) };
	struct gs_media_walk w;

	w = local(3, 2, 0, 1, 1, 0, 1);
	expect("raster", &w, raster, 6);
	w = local(3, 2, 0, -1, -1, 0, 1);
	w.local_start[0] = 2;
	w.local_start[1] = 1;
	expect("reversed raster", &w, reverse, 6);
	w = local(3, 2, 1, 0, 0, 1, 2);
	expect("vertical", &w, vertical, 6);
	w = local(3, 3, 1, 0, -1, 1, 4);
	expect("45 degrees", &w, w45, 9);
	w = local(4, 2, 1, 0, -2, 1, 1023);
	expect("26 degrees", &w, w26, 8);
	/* the exec count bounds the outer loop: two rows of the raster */
	w = local(3, 3, 0, 1, 1, 0, 1);
	expect("exec count 1 of 3 rows", &w, raster, 6);
}

static void t_middle_and_colours(void)
{
	static const uint32_t mid[] = { P(0, 0), P(1, 0), P(0, 1), P(1, 1),
					P(0, 2), P(1, 2), P(0, 3), P(1, 3) };
	static const uint32_t col[] = { PC(0, 0, 0), PC(0, 0, 1), PC(0, 0, 2),
					PC(1, 0, 0), PC(1, 0, 1), PC(1, 0, 2) };
	struct gs_media_walk w;

	/* outer steps two rows; the middle loop adds the row below each */
	w = local(2, 4, 0, 2, 1, 0, 1);
	w.mid_unit[1] = 1;
	w.extra_steps = 1;
	expect("middle loop", &w, mid, 8);
	w = local(2, 1, 0, 1, 1, 0, 0);
	w.colors = 3;
	expect("three colours", &w, col, 6);
}

static void t_global_blocks(void)
{
	/* 3x3 in 2x2 blocks: the right column and bottom row are clipped */
	static const uint32_t slack[] = { P(0, 0), P(1, 0), P(0, 1), P(1, 1), P(0, 2), P(1, 2),
					  P(2, 0), P(2, 1), P(2, 2) };
	/* global start -1: the first blocks are cut on the left */
	static const uint32_t left[] = { P(0, 0), P(0, 1), P(1, 0), P(2, 0), P(1, 1), P(2, 1) };
	struct gs_media_walk w = {
		.colors = 1, .local_exec = 1, .global_exec = 1,
		.block_res = { 2, 2 }, .global_res = { 3, 3 },
		.local_outer = { 0, 1 }, .local_inner = { 1, 0 },
		.global_outer = { 2, 0 }, .global_inner = { 0, 2 },
	};

	expect("global slack", &w, slack, 9);
	w.global_res[1] = 2;
	w.global_start[0] = -1;
	w.global_outer[0] = 2;
	w.global_inner[1] = 2;
	expect("global start left of 0", &w, left, 6);
	/* an exec count of 0 runs one column of blocks */
	w.global_start[0] = 0;
	w.global_exec = 0;
	w.global_res[1] = 3;
	expect("global exec count 0", &w, slack, 6);
}

static void t_refused(void)
{
	struct gs_media_walk w = local(2, 2, 0, 1, 0, 0, 1);
	uint32_t *pos, n;
	char why[160];

	CHECK(gs_media_walk(&w, &pos, &n, why, sizeof(why)) == -1);
	CHECK(strstr(why, "Local Inner Loop Unit") != NULL);
	CHECK(pos == NULL && n == 0);
	w = local(2, 2, 0, 1, 1, 0, 1);
	w.global_inner[1] = 0;
	CHECK(gs_media_walk(&w, &pos, &n, why, sizeof(why)) == -1);
	CHECK(strstr(why, "Global Inner Loop Unit") != NULL);
	/* 511 x 511 x 16 colours, each twice (a middle step of 0): past the bound */
	w = local(511, 511, 0, 1, 1, 0, 1023);
	w.colors = 16;
	w.extra_steps = 1;
	CHECK(gs_media_walk(&w, &pos, &n, why, sizeof(why)) == -1);
	CHECK(strstr(why, "more than") != NULL);
	/* a block of no unit runs nothing, and is no error */
	w = local(0, 3, 0, 1, 1, 0, 3);
	w.global_res[0] = 3;
	CHECK(gs_media_walk(&w, &pos, &n, why, sizeof(why)) == 0);
	CHECK_EQ(n, 0);
	free(pos);
}

static void t_scoreboard_deltas(void)
{
	uint32_t vfe[9] = { 0 };
	struct gs_media_sb sb;

	vfe[6] = 1u << 31 | 0x81;
	vfe[7] = 0x0f | 0x10 << 8 | 0x87 << 16 | 0x78 << 24;	/* (-1,0) (0,1) (7,-8) (-8,7) */
	vfe[8] = 0xff;						/* sb 4: (-1,-1) */
	gs_media_sb_decode(vfe, &sb);
	CHECK(sb.enable && !sb.non_stalling);
	CHECK_EQ(sb.mask, 0x81);
	CHECK(sb.dx[0] == -1 && sb.dy[0] == 0);
	CHECK(sb.dx[1] == 0 && sb.dy[1] == 1);
	CHECK(sb.dx[2] == 7 && sb.dy[2] == -8);
	CHECK(sb.dx[3] == -8 && sb.dy[3] == 7);
	CHECK(sb.dx[4] == -1 && sb.dy[4] == -1);
	vfe[6] = 3u << 30;
	gs_media_sb_decode(vfe, &sb);
	CHECK(sb.enable && sb.non_stalling);
}

int main(void)
{
	tap_run("local loop patterns", t_local_patterns);
	tap_run("middle loop and colours", t_middle_and_colours);
	tap_run("global blocks, slack and start", t_global_blocks);
	tap_run("walks gensim refuses", t_refused);
	tap_run("scoreboard deltas", t_scoreboard_deltas);
	return tap_done();
}
