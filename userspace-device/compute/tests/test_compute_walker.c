// SPDX-License-Identifier: MIT
/*
 * The walker and the thread payload (hw-spec-compute "Walking thread
 * groups", "The thread payload"; its testable behaviours T01-T09, T12,
 * T18, T19, T27, T31): a kernel stores its r0, its dispatch
 * mask (sr0.2) and its constant registers to a record chosen from its
 * group ID and its thread index, and the test checks every record against
 * values computed here from the walker's rules.  Also: zero dimensions,
 * the thread limit, refused descriptions, and 1 worker vs many giving the
 * same bytes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compute_env.h"
#include "tap.h"

#define REC	16	/* dwords per record */

/* DC1 untyped surface write, SIMD8, one channel, no header: mlen 2. */
static uint32_t untyped_write_1ch(unsigned int bti)
{
	return 2u << 25 | 9u << 14 | (2u << 4 | 0xe) << 8 | bti;
}

/*
 * r1 (cross-thread): dim X, dim Y, threads per group, marker.
 * r2 (per thread): thread index, then tig * 16 + i.
 * Record: dwords 0-7 = r0; 8 = sr0.2; 9-14 = r2.1..r2.6; 15 = r1.3.
 */
static uint64_t record_kernel(struct compute_env *e, unsigned int bti)
{
	char text[4096];

	snprintf(text, sizeof(text),
		 "mul(1) g10<1>UD g0.7<0,1,0>UD g1.1<0,1,0>UD { align1 1N NoMask }\n"
		 "add(1) g10<1>UD g10<0,1,0>UD g0.6<0,1,0>UD { align1 1N NoMask }\n"
		 "mul(1) g10<1>UD g10<0,1,0>UD g1.0<0,1,0>UD { align1 1N NoMask }\n"
		 "add(1) g10<1>UD g10<0,1,0>UD g0.1<0,1,0>UD { align1 1N NoMask }\n"
		 "mul(1) g10<1>UD g10<0,1,0>UD g1.2<0,1,0>UD { align1 1N NoMask }\n"
		 "add(1) g10<1>UD g10<0,1,0>UD g2<0,1,0>UD { align1 1N NoMask }\n"
		 "shl(1) g10<1>UD g10<0,1,0>UD 6UD { align1 1N NoMask }\n"
		 "mov(8) g11<1>UW 0x76543210V { align1 1Q NoMask }\n"
		 "shl(8) g12<1>UD g11<8,8,1>UW 2UD { align1 1Q NoMask }\n"
		 "add(8) g20<1>UD g12<8,8,1>UD g10<0,1,0>UD { align1 1Q NoMask }\n"
		 "mov(8) g21<1>UD g0<8,8,1>UD { align1 1Q NoMask }\n"
		 "send(8) null<1>UD g20<8,8,1>UD dp_data1 0x%08xUD { align1 1Q NoMask }\n"
		 "add(8) g22<1>UD g20<8,8,1>UD 32UD { align1 1Q NoMask }\n"
		 "mov(8) g23<1>UD g2<8,8,1>UD { align1 1Q NoMask }\n"
		 "mov(1) g23<1>UD sr0.2<0,1,0>UD { align1 1N NoMask }\n"
		 "mov(1) g23.7<1>UD g1.3<0,1,0>UD { align1 1N NoMask }\n"
		 "send(8) null<1>UD g22<8,8,1>UD dp_data1 0x%08xUD { align1 1Q NoMask }\n"
		 CSE_EOT,
		 untyped_write_1ch(bti), untyped_write_1ch(bti));
	return cse_kernel(e, text);
}

struct walk {
	unsigned int simd, w, h, d;
	uint32_t start[3], dim[3], right, bottom;
	unsigned int workers;
	uint32_t max_threads;
	unsigned int slm;
};

struct walk_out {
	uint32_t *rec;			/* dim product * tpg records */
	unsigned int tpg;
	uint64_t groups, threads;
};

static void run_walk(const struct walk *w, struct walk_out *out)
{
	struct compute_env e;
	struct gs_eu_dispatch d;
	struct gs_eu_result res;
	unsigned int tpg = w->w * w->h * w->d;
	uint64_t ngroups = (uint64_t)w->dim[0] * w->dim[1] * w->dim[2];
	uint64_t bytes = (ngroups ? ngroups : 1) * tpg * REC * 4, buf;
	uint32_t *curbe;
	unsigned int bti;

	cse_start(&e, w->workers);
	buf = cse_alloc(&e, bytes);
	bti = cse_buffer(&e, buf, bytes);
	cse_desc(&e, &d, record_kernel(&e, bti));
	/* one register skipped (read offset 1), one cross-thread, one per thread */
	curbe = calloc(8 * (2 + tpg), 4);
	CHECK(curbe);
	curbe[0] = 0xdeadbeef;
	curbe[8] = w->dim[0];
	curbe[9] = w->dim[1];
	curbe[10] = tpg;
	curbe[11] = 0xc0de0000;
	for (unsigned int t = 0; t < tpg; t++) {
		curbe[16 + 8 * t] = t;
		for (unsigned int i = 1; i < 8; i++)
			curbe[16 + 8 * t + i] = t * 16 + i;
	}
	d.curbe = curbe;
	d.curbe_size = 32 * (2 + tpg);
	d.curbe_read_offset = 1;
	d.cross_thread_length = 1;
	d.curbe_read_length = 1;
	d.simd = w->simd;
	d.thread_width = w->w;
	d.thread_height = w->h;
	d.thread_depth = w->d;
	memcpy(d.start, w->start, sizeof(d.start));
	memcpy(d.dim, w->dim, sizeof(d.dim));
	d.right_mask = w->right;
	d.bottom_mask = w->bottom;
	d.idd_offset = 5;
	d.max_threads = w->max_threads;
	d.slm_size = w->slm;
	CHECK_MSG(cse_run(&e, &d, &res) == GS_EU_OK, "%s: %s", gs_eu_status_name(res.status),
		  res.msg);
	free(curbe);
	out->tpg = tpg;
	out->groups = res.groups;
	out->threads = res.threads;
	out->rec = malloc(bytes);
	CHECK(out->rec);
	cse_read(&e, buf, out->rec, bytes);
	cse_stop(&e);
}

static const uint32_t *rec_at(const struct walk *w, const struct walk_out *o, uint32_t x,
			      uint32_t y, uint32_t z, unsigned int t)
{
	uint64_t g = ((uint64_t)z * w->dim[1] + y) * w->dim[0] + x;

	return &o->rec[(g * o->tpg + t) * REC];
}

static bool issued(const struct walk *w, uint32_t x, uint32_t y, uint32_t z)
{
	/* starting X only in the first row, starting Y only in the first plane */
	if (z < w->start[2])
		return false;
	if (z == w->start[2] && y < w->start[1])
		return false;
	if (z == w->start[2] && y == w->start[1] && x < w->start[0])
		return false;
	return true;
}

static uint32_t expect_mask(const struct walk *w, unsigned int t)
{
	uint32_t m = w->simd == 32 ? ~0u : (1u << w->simd) - 1;

	if (t % w->w == w->w - 1)
		m &= w->right;
	if ((t / w->w) % w->h == w->h - 1)
		m &= w->bottom;
	return m;
}

/* Every issued group's records, and nothing anywhere else. */
static void check_walk(const struct walk *w, const struct walk_out *o)
{
	uint64_t groups = 0;

	for (uint32_t z = 0; z < w->dim[2]; z++)
		for (uint32_t y = 0; y < w->dim[1]; y++)
			for (uint32_t x = 0; x < w->dim[0]; x++) {
				bool want = issued(w, x, y, z);
				uint32_t bar = 0;

				groups += want;
				for (unsigned int t = 0; t < o->tpg; t++) {
					const uint32_t *r = rec_at(w, o, x, y, z, t);

					if (!want) {
						CHECK_MSG(r[2] == 0, "group (%u,%u,%u) ran", x, y, z);
						continue;
					}
					CHECK_EQ(r[1], x);		/* T09 */
					CHECK_EQ(r[6], y);
					CHECK_EQ(r[7], z);
					CHECK_EQ(r[2] & 0x3f0, 5u << 4);	/* IDD offset */
					CHECK_EQ(r[3], CSE_SAMPLER_OFF);	/* T18 */
					CHECK_EQ(r[4], CSE_BT_OFF);
					CHECK(r[5] < 1024);		/* FFTID, scratch 0 */
					CHECK_EQ(r[8], expect_mask(w, t));	/* T02-T05 */
					for (unsigned int i = 1; i <= 6; i++)	/* T12 */
						CHECK_EQ(r[8 + i], t * 16 + i);
					CHECK_EQ(r[15], 0xc0de0000);
					CHECK_EQ(r[2] >> 28 & 1, w->slm ? 1 : 0);
					if (w->slm) {		/* SLM index: one per group */
						if (!t)
							bar = r[0];
						CHECK_EQ(r[0], bar);
					}
					for (unsigned int u = 0; u < t; u++)	/* T19 */
						CHECK(rec_at(w, o, x, y, z, u)[5] != r[5]);
				}
			}
	CHECK_EQ(o->groups, groups);
	CHECK_EQ(o->threads, groups * o->tpg);
}

static void walk_and_check(struct walk w)
{
	struct walk_out one, many;
	size_t bytes;

	w.workers = 1;
	run_walk(&w, &one);
	check_walk(&w, &one);
	w.workers = CSE_MANY_WORKERS;
	run_walk(&w, &many);
	check_walk(&w, &many);
	bytes = (size_t)w.dim[0] * w.dim[1] * w.dim[2] * one.tpg * REC * 4;
	CHECK(!memcmp(one.rec, many.rec, bytes));
	free(one.rec);
	free(many.rec);
}

/* T01/T02: SIMD16, 3 threads a group, 3x2 groups; the 3rd thread gets the right mask. */
static void t_t01_groups_and_right_mask(void)
{
	walk_and_check((struct walk){ .simd = 16, .w = 3, .h = 1, .d = 1, .dim = { 3, 2, 1 },
				      .right = 0x00ff, .bottom = ~0u });
}

/* T03: one row: the bottom mask applies to every thread, right AND bottom to the last. */
static void t_t03_bottom_every_thread(void)
{
	walk_and_check((struct walk){ .simd = 16, .w = 4, .h = 1, .d = 1, .dim = { 2, 1, 1 },
				      .right = 0x0fff, .bottom = 0xff0f });
}

/* T04: 3x2 threads: right, bottom and both. */
static void t_t04_two_d_masks(void)
{
	walk_and_check((struct walk){ .simd = 8, .w = 3, .h = 2, .d = 1, .dim = { 2, 2, 1 },
				      .right = 0x07, .bottom = 0x3c });
}

/* T05: SIMD8 uses mask bits 7:0, SIMD32 all 32; depth counts too. */
static void t_t05_simd_widths(void)
{
	walk_and_check((struct walk){ .simd = 8, .w = 2, .h = 1, .d = 2, .dim = { 2, 1, 1 },
				      .right = 0xffff0f0fu, .bottom = ~0u });
	walk_and_check((struct walk){ .simd = 32, .w = 2, .h = 2, .d = 1, .dim = { 1, 1, 2 },
				      .right = 0x8000ffffu, .bottom = 0xffff0001u });
}

/* T07: starting X = 2 with X dim 4: the second row starts at 0. */
static void t_t07_start_x_wraps(void)
{
	walk_and_check((struct walk){ .simd = 16, .w = 1, .h = 1, .d = 1, .start = { 2, 0, 0 },
				      .dim = { 4, 2, 1 }, .right = ~0u, .bottom = ~0u });
}

/* T08: starting Y = 1 with Y dim 3 and Z dim 2: 5 groups. */
static void t_t08_start_y_wraps(void)
{
	walk_and_check((struct walk){ .simd = 16, .w = 2, .h = 1, .d = 1, .start = { 0, 1, 0 },
				      .dim = { 1, 3, 2 }, .right = ~0u, .bottom = ~0u });
}

/* Many groups with SLM: more groups than places; SLM index per group. */
static void t_many_groups_slm(void)
{
	walk_and_check((struct walk){ .simd = 16, .w = 4, .h = 2, .d = 1, .dim = { 7, 5, 2 },
				      .right = 0x7fff, .bottom = 0xfffe, .slm = 16384 });
}

/* T27: a thread limit of 4 (MEDIA_VFE_STATE field 3) still runs every group. */
static void t_t27_thread_limit(void)
{
	walk_and_check((struct walk){ .simd = 16, .w = 4, .h = 1, .d = 1, .dim = { 5, 3, 1 },
				      .right = ~0u, .bottom = ~0u, .max_threads = 4 });
}

/* T31 (gensim): a zero dimension dispatches nothing. */
static void t_t31_zero_dimension(void)
{
	struct walk w = { .simd = 16, .w = 2, .h = 1, .d = 1, .dim = { 3, 0, 2 },
			  .right = ~0u, .bottom = ~0u, .workers = 2 };
	struct walk_out o;

	run_walk(&w, &o);
	CHECK_EQ(o.groups, 0);
	CHECK_EQ(o.threads, 0);
	free(o.rec);
}

/*
 * The order of the constant registers (hw-spec-compute "The thread
 * payload"): two cross-thread and two per-thread registers after a
 * skipped one (read offset 1), two threads a group, two groups.  Each
 * thread stores r1..r4 as record r0.2[23:16] (the dispatch's thread
 * number, gensim's dispatch key).  From the CURBE a thread gets the
 * cross-thread registers first; from a walker's indirect data its own.
 */
static void payload_order(bool indirect)
{
	struct compute_env e;
	struct gs_eu_dispatch d;
	uint32_t curbe[8 * 7], got[4][32];
	uint64_t buf;
	char text[2048];

	cse_start(&e, 2);
	buf = cse_alloc(&e, sizeof(got));
	snprintf(text, sizeof(text),
		 "shr(1) g10<1>UD g0.2<0,1,0>UD 16UD { align1 1N NoMask }\n"
		 "and(1) g10<1>UD g10<0,1,0>UD 0xffUD { align1 1N NoMask }\n"
		 "shl(1) g10<1>UD g10<0,1,0>UD 3UD { align1 1N NoMask }\n"
		 "mov(8) g100<1>UD g0<8,8,1>UD { align1 1Q NoMask }\n"
		 "mov(1) g100.2<1>UD g10<0,1,0>UD { align1 1N NoMask }\n"
		 "mov(16) g101<1>UD g1<8,8,1>UD { align1 1H NoMask }\n"
		 "mov(16) g103<1>UD g3<8,8,1>UD { align1 1H NoMask }\n"
		 "send(8) null<1>UD g100<8,8,1>UD dp_data 0x%08xUD { align1 1Q NoMask }\n"
		 CSE_EOT,
		 5u << 25 | 1u << 19 | 8u << 14 | 4u << 8 | cse_buffer(&e, buf, sizeof(got)));
	cse_desc(&e, &d, cse_kernel(&e, text));
	for (unsigned int i = 0; i < 8; i++) {
		curbe[i] = 0xdead0000u | i;
		curbe[8 + i] = 0xc0000000u | i;			/* cross-thread register 0 */
		curbe[16 + i] = 0xc0000100u | i;		/* cross-thread register 1 */
		for (unsigned int t = 0; t < 2; t++)
			for (unsigned int j = 0; j < 2; j++)	/* thread t's register j */
				curbe[8 * (3 + 2 * t + j) + i] = 0x0e000000u | t << 12 | j << 8 | i;
	}
	d.curbe = curbe;
	d.curbe_size = sizeof(curbe);
	d.curbe_read_offset = 1;
	d.cross_thread_length = 2;
	d.curbe_read_length = 2;
	d.indirect_payload = indirect;
	d.simd = 8;
	d.thread_width = 2;
	d.dim[0] = 2;
	cse_ok(&e, &d);
	cse_read(&e, buf, got, sizeof(got));
	for (unsigned int rec = 0; rec < 4; rec++)
		for (unsigned int r = 0; r < 4; r++)
			for (unsigned int i = 0; i < 8; i++) {
				unsigned int t = rec % 2, own = indirect ? r < 2 : r >= 2;
				unsigned int j = r % 2;
				uint32_t want = own ? 0x0e000000u | t << 12 | j << 8 | i
						    : 0xc0000000u | j << 8 | i;

				CHECK_MSG(got[rec][8 * r + i] == want,
					  "%s: thread %u r%u.%u = %#x, want %#x",
					  indirect ? "indirect" : "CURBE", rec, r + 1, i,
					  got[rec][8 * r + i], want);
			}
	cse_stop(&e);
}

static void t_payload_order(void)
{
	payload_order(false);
	payload_order(true);
}

static void expect_invalid(struct compute_env *e, const struct gs_eu_dispatch *d, const char *what)
{
	struct gs_eu_result res;

	CHECK_MSG(cse_run(e, d, &res) == GS_EU_ERR_INVALID, "%s: got %s (%s)", what,
		  gs_eu_status_name(res.status), res.msg);
	CHECK(res.msg[0]);
	CHECK_EQ(res.threads, 0);
}

/* Descriptions the hardware cannot run are refused, naming the field. */
static void t_invalid_descriptions(void)
{
	static uint32_t curbe[8];
	struct compute_env e;
	struct gs_eu_dispatch d, base;

	cse_start(&e, 2);
	cse_desc(&e, &base, cse_kernel(&e, CSE_EOT));
	cse_ok(&e, &base);

	d = base; d.simd = 12;
	expect_invalid(&e, &d, "SIMD12");
	d = base; d.thread_width = 9; d.thread_height = 8;
	expect_invalid(&e, &d, "72 threads a group");
	d = base; d.simd = 32; d.thread_width = 33;
	expect_invalid(&e, &d, "33 threads at SIMD32");
	d = base; d.thread_depth = 0;
	expect_invalid(&e, &d, "depth 0");
	d = base; d.barrier_enable = true; d.threads_in_group = 2;
	expect_invalid(&e, &d, "barrier count != threads per group");
	d = base; d.slm_size = 3000;
	expect_invalid(&e, &d, "SLM 3000 bytes");
	d = base; d.engine = 7;
	expect_invalid(&e, &d, "engine 7");
	d = base; d.rounding = 4;
	expect_invalid(&e, &d, "rounding 4");
	d = base; d.curbe = curbe; d.curbe_size = sizeof(curbe); d.curbe_read_length = 2;
	expect_invalid(&e, &d, "CURBE too small");
	d = base; d.curbe_read_length = 1;
	expect_invalid(&e, &d, "no CURBE");
	d = base; d.cross_thread_length = 100; d.curbe_read_length = 40;
	expect_invalid(&e, &d, "payload past r127");
	d = base; d.max_threads = 1; d.thread_width = 2;
	expect_invalid(&e, &d, "thread limit below a group");
	d = base; d.kernel_start = 1ull << 48;
	expect_invalid(&e, &d, "kernel past 48 bits");
	cse_ok(&e, &base);	/* the array still works */
	cse_stop(&e);
}

int main(void)
{
	tap_run("T01/T02 group counts, IDs and the right mask", t_t01_groups_and_right_mask);
	tap_run("T03 bottom mask on every thread of one row", t_t03_bottom_every_thread);
	tap_run("T04 right, bottom and both masks", t_t04_two_d_masks);
	tap_run("T05 SIMD8 and SIMD32 masks, depth", t_t05_simd_widths);
	tap_run("T07 starting X wraps to 0", t_t07_start_x_wraps);
	tap_run("T08 starting Y wraps to 0", t_t08_start_y_wraps);
	tap_run("many groups with SLM, 1 vs N workers", t_many_groups_slm);
	tap_run("T27 thread limit", t_t27_thread_limit);
	tap_run("T31 zero dimension runs nothing", t_t31_zero_dimension);
	tap_run("invalid descriptions are refused", t_invalid_descriptions);
	tap_run("constant registers: CURBE cross-thread first, indirect data own first",
		t_payload_order);
	return tap_done();
}
