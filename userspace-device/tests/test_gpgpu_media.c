// SPDX-License-Identifier: MIT
/*
 * The media pipeline's thread commands through rcs0 (hw-spec-compute
 * "Media threads", "The media walker", "The media scoreboard"), with
 * hand-written kernels that record what they were given:
 *
 *   - MEDIA_OBJECT_WALKER's visit order, one thread at a time (Maximum
 *     Number of Threads 1), each thread taking a ticket with an atomic
 *     increment and storing its r0.1 (X, Y), r0.2 (descriptor offset,
 *     colour), r0.0 (scoreboard mask) and its inline dword at the ticket:
 *     a raster, the 26 degree wavefront, colours and clipped global blocks;
 *   - a wavefront whose every cell is left + up + 1, read from memory after
 *     a delay: a thread that ran before its left or upper neighbour ended
 *     would read 0 and leave a wrong value; with the stalling scoreboard
 *     (deltas (-1, 0), (0, -1), plus (-8, -8), out of range near the
 *     edges, and (7, 7), a later position) on 16 threads and 3 workers,
 *     every cell is right;
 *   - MEDIA_OBJECT with Use Scoreboard, MEDIA_OBJECT_PRT's payload (r0.2
 *     the descriptor's pointer, 12 inline dwords) and MEDIA_OBJECT_GRPID's
 *     (scoreboard X/Y in r0.1, inline data from DW7);
 *   - MEDIA_OBJECT_GRPID thread groups with a barrier and SLM: each of N
 *     threads, one a command, writes its slot of SLM after a delay that
 *     grows with its index, meets the others at the barrier and reads a
 *     neighbour's slot (0 if the threads did not share SLM or the barrier
 *     let it through early); groups back to back, a GroupID reused;
 *   - every ill-formed group an instruction error with its exact message,
 *     a group left open at the end of the batch among them, and a good
 *     group running after them;
 *   - the fields gensim refuses, each an instruction error naming it.
 */
#include <fcntl.h>
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpgpu_env.h"
#include "tap.h"

#define ISH		0x40000000ull
#define SSH		0x40100000ull
#define DSH		0x40200000ull
#define OUT		0x40300000ull	/* BTI 0 */
#define CNT		0x40380000ull	/* BTI 1: the ticket counter */
#define BB		0x40400000ull
#define IDL		0x200u		/* the descriptors' offset in the DSH */

struct mt {
	struct eng_env env;
	uint32_t *ish, *ssh, *dsh, *out, *cnt;
	unsigned int nbb;
};

/* lanes 0..7 in g12; f0.0 = lanes below @n (cmp) */
#define LANES "mov(8) g10<1>UW 0x76543210V { align1 1Q NoMask }\n" \
	      "mov(8) g12<1>UD g10<8,8,1>UW { align1 1Q NoMask }\n"
#define FLAG(n) "cmp.l.f0.0(8) null<1>UD g12<8,8,1>UD " #n "UD { align1 1Q NoMask }\n"

/*
 * Record: ticket t = atomic_inc(CNT[0]); OUT[4t .. 4t + 3] = r0.1, r0.2,
 * r0.0, g1.0 (the first inline dword).
 */
static const char k_record[] =
	LANES
	"mov(8) g20<1>UD 0UD { align1 1Q NoMask }\n"
	FLAG(1)
	"(+f0.0) send(8) g21<1>UD g20<8,8,1>UD dp_data1 0x0210b501UD { align1 1Q }\n"
	"shl(1) g22<1>UD g21<0,1,0>UD 4UD { align1 1N NoMask }\n"
	"shl(8) g30<1>UD g12<8,8,1>UD 2UD { align1 1Q NoMask }\n"
	"add(8) g30<1>UD g30<8,8,1>UD g22<0,1,0>UD { align1 1Q NoMask }\n"
	"mov(1) g31<1>UD g0.1<0,1,0>UD { align1 1N NoMask }\n"
	"mov(1) g31.1<1>UD g0.2<0,1,0>UD { align1 1N NoMask }\n"
	"mov(1) g31.2<1>UD g0<0,1,0>UD { align1 1N NoMask }\n"
	"mov(1) g31.3<1>UD g1<0,1,0>UD { align1 1N NoMask }\n"
	FLAG(4)
	"(+f0.0) send(8) null<1>UD g30<8,8,1>UD dp_data1 0x04026e00UD { align1 1Q }\n"
	GP_EOT;

/*
 * Wavefront cell (x, y) of a grid with a zero border: g1.0 is the row
 * pitch W + 1 (inline data).  Own offset o = ((y + 1) * (W + 1) + x + 1) * 4;
 * read left (o - 4) and up (o - 4 (W + 1)), spin, write left + up + 1.
 */
static const char k_wave[] =
	LANES
	"and(1) g20<1>UD g0.1<0,1,0>UD 0x1ffUD { align1 1N NoMask }\n"
	"shr(1) g21<1>UD g0.1<0,1,0>UD 16UD { align1 1N NoMask }\n"
	"and(1) g21<1>UD g21<0,1,0>UD 0x1ffUD { align1 1N NoMask }\n"
	"add(1) g21<1>UD g21<0,1,0>UD 1UD { align1 1N NoMask }\n"
	"mul(1) g22<1>UD g21<0,1,0>UD g1<0,1,0>UD { align1 1N NoMask }\n"
	"add(1) g22<1>UD g22<0,1,0>UD g20<0,1,0>UD { align1 1N NoMask }\n"
	"add(1) g22<1>UD g22<0,1,0>UD 1UD { align1 1N NoMask }\n"
	"shl(1) g22<1>UD g22<0,1,0>UD 2UD { align1 1N NoMask }\n"
	"shl(1) g23<1>UD g1<0,1,0>UD 2UD { align1 1N NoMask }\n"
	"mov(8) g30<1>UD g22<0,1,0>UD { align1 1Q NoMask }\n"
	"add(1) g30<1>UD g22<0,1,0>UD 0xfffffffcUD { align1 1N NoMask }\n"
	"add(1) g30.1<1>D g22<0,1,0>D -g23<0,1,0>D { align1 1N NoMask }\n"
	FLAG(2)
	"(+f0.0) send(8) g32<1>UD g30<8,8,1>UD dp_data1 0x02106e00UD { align1 1Q }\n"
	"mov(1) g40<1>UD 300UD { align1 1N NoMask }\n"
	"spin: add(1) g40<1>UD g40<0,1,0>UD 0xffffffffUD { align1 1N NoMask }\n"
	"cmp.nz.f0.0(1) null<1>UD g40<0,1,0>UD 0UD { align1 1N NoMask }\n"
	"(+f0.0) jmpi(1) spin { align1 1N NoMask }\n"
	"add(1) g33<1>UD g32<0,1,0>UD g32.1<0,1,0>UD { align1 1N NoMask }\n"
	"add(1) g33<1>UD g33<0,1,0>UD 1UD { align1 1N NoMask }\n"
	"mov(8) g30<1>UD g22<0,1,0>UD { align1 1Q NoMask }\n"
	"mov(8) g31<1>UD g33<0,1,0>UD { align1 1Q NoMask }\n"
	FLAG(1)
	"(+f0.0) send(8) null<1>UD g30<8,8,1>UD dp_data1 0x04026e00UD { align1 1Q }\n"
	GP_EOT;

/* Store g0, g1, g2 at OUT + 0, 32, 64 (every lane). */
static const char k_regs[] =
	LANES
	"shl(8) g30<1>UD g12<8,8,1>UD 2UD { align1 1Q NoMask }\n"
	"mov(8) g31<1>UD g0<8,8,1>UD { align1 1Q NoMask }\n"
	"send(8) null<1>UD g30<8,8,1>UD dp_data1 0x04026e00UD { align1 1Q NoMask }\n"
	"add(8) g30<1>UD g30<8,8,1>UD 32UD { align1 1Q NoMask }\n"
	"mov(8) g31<1>UD g1<8,8,1>UD { align1 1Q NoMask }\n"
	"send(8) null<1>UD g30<8,8,1>UD dp_data1 0x04026e00UD { align1 1Q NoMask }\n"
	"add(8) g30<1>UD g30<8,8,1>UD 32UD { align1 1Q NoMask }\n"
	"mov(8) g31<1>UD g2<8,8,1>UD { align1 1Q NoMask }\n"
	"send(8) null<1>UD g30<8,8,1>UD dp_data1 0x04026e00UD { align1 1Q NoMask }\n"
	GP_EOT;

/*
 * A thread group member: g1.0 its index i, g1.1 its neighbour's j, g1.2
 * where it records (OUT offset), g1.3 a base value.  Spin 256 i + 1
 * rounds, SLM[4 i] = base + i, barrier, read v = SLM[4 j]; record v, r0.2,
 * r0.1, r0.0 at g1.2.
 */
static const char k_group[] =
	LANES
	"shl(1) g40<1>UD g1<0,1,0>UD 8UD { align1 1N NoMask }\n"
	"add(1) g40<1>UD g40<0,1,0>UD 1UD { align1 1N NoMask }\n"
	"gspin: add(1) g40<1>UD g40<0,1,0>UD 0xffffffffUD { align1 1N NoMask }\n"
	"cmp.nz.f0.0(1) null<1>UD g40<0,1,0>UD 0UD { align1 1N NoMask }\n"
	"(+f0.0) jmpi(1) gspin { align1 1N NoMask }\n"
	"shl(1) g20<1>UD g1<0,1,0>UD 2UD { align1 1N NoMask }\n"
	"mov(8) g30<1>UD g20<0,1,0>UD { align1 1Q NoMask }\n"
	"add(8) g31<1>UD g1.3<0,1,0>UD g1<0,1,0>UD { align1 1Q NoMask }\n"
	FLAG(1)
	"(+f0.0) send(8) null<1>UD g30<8,8,1>UD dp_data1 0x04026efeUD { align1 1Q }\n"
	GP_BARRIER
	"shl(1) g21<1>UD g1.1<0,1,0>UD 2UD { align1 1N NoMask }\n"
	"mov(8) g30<1>UD g21<0,1,0>UD { align1 1Q NoMask }\n"
	FLAG(1)
	"(+f0.0) send(8) g32<1>UD g30<8,8,1>UD dp_data1 0x02106efeUD { align1 1Q }\n"
	"shl(8) g30<1>UD g12<8,8,1>UD 2UD { align1 1Q NoMask }\n"
	"add(8) g30<1>UD g30<8,8,1>UD g1.2<0,1,0>UD { align1 1Q NoMask }\n"
	"mov(1) g31<1>UD g32<0,1,0>UD { align1 1N NoMask }\n"
	"mov(1) g31.1<1>UD g0.2<0,1,0>UD { align1 1N NoMask }\n"
	"mov(1) g31.2<1>UD g0.1<0,1,0>UD { align1 1N NoMask }\n"
	"mov(1) g31.3<1>UD g0<0,1,0>UD { align1 1N NoMask }\n"
	FLAG(4)
	"(+f0.0) send(8) null<1>UD g30<8,8,1>UD dp_data1 0x04026e00UD { align1 1Q }\n"
	GP_EOT;

enum { K_RECORD = 0, K_WAVE = 0x400, K_REGS = 0x800, K_GROUP = 0xc00 };

/* The group descriptors: DW6 barrier, SLM 4 KiB and the thread count. */
#define IDD_BARRIER	(1u << 21)
#define IDD_SLM4K	(1u << 16)
#define NIDD		9

static void put_kernel(struct mt *s, uint32_t at, const char *text)
{
	struct gseu_asm_result res;

	gp_asm(text, &res);
	memcpy((uint8_t *)s->ish + at, res.code, res.size);
	gseu_asm_free(&res);
}

static void surface(struct mt *s, uint32_t off, uint64_t va, uint32_t bytes)
{
	uint32_t *p = s->ssh + off / 4, n = bytes - 1;

	memset(p, 0, 64);
	p[0] = 4u << 29 | 0x1ffu << 18;				/* BUFFER, RAW */
	p[2] = ((n >> 7) & 0x3fff) << 16 | (n & 0x7f);
	p[3] = ((n >> 21) & 0x3ff) << 21;
	p[8] = (uint32_t)va;
	p[9] = (uint32_t)(va >> 32);
}

/* Descriptor @i: kernel @ksp, binding table at 0, no constants; @dw6 barrier/SLM bits. */
static void idd(struct mt *s, unsigned int i, uint32_t ksp, uint32_t dw6)
{
	uint32_t *p = s->dsh + (IDL + 32 * i) / 4;

	memset(p, 0, 32);
	p[0] = ksp;
	p[6] = dw6 | 1;
}

/* Descriptor @i: the group kernel, DW6 exactly @dw6. */
static void group_idd(struct mt *s, unsigned int i, uint32_t dw6)
{
	uint32_t *p = s->dsh + (IDL + 32 * i) / 4;

	memset(p, 0, 32);
	p[0] = K_GROUP;
	p[6] = dw6;
}

static void start(struct mt *s, unsigned int workers)
{
	memset(s, 0, sizeof(*s));
	gp_start(&s->env, workers);
	s->ish = gp_map(&s->env, ISH, 4 * PG);
	s->ssh = gp_map(&s->env, SSH, PG);
	s->dsh = gp_map(&s->env, DSH, PG);
	s->out = gp_map(&s->env, OUT, 4 * PG);
	s->cnt = gp_map(&s->env, CNT, PG);
	put_kernel(s, K_RECORD, k_record);
	put_kernel(s, K_WAVE, k_wave);
	put_kernel(s, K_REGS, k_regs);
	surface(s, 0x400, OUT, 4 * PG);
	surface(s, 0x440, CNT, PG);
	s->ssh[0] = 0x400;
	s->ssh[1] = 0x440;
	idd(s, 0, K_RECORD, 0);
	idd(s, 1, K_WAVE, 0);
	idd(s, 2, K_REGS, 0);
	idd(s, 3, K_REGS, 1u << 21);		/* a barrier */
	put_kernel(s, K_GROUP, k_group);
	group_idd(s, 4, IDD_BARRIER | IDD_SLM4K | 4);
	group_idd(s, 5, IDD_BARRIER | IDD_SLM4K | 16);
	group_idd(s, 6, IDD_BARRIER | IDD_SLM4K | 2);
	group_idd(s, 7, IDD_BARRIER | IDD_SLM4K);	/* 0 threads */
	idd(s, 8, K_REGS, IDD_SLM4K | 3);		/* SLM, no barrier, 4 threads */
}

static uint32_t *batch(struct mt *s, uint64_t *va)
{
	*va = BB + 0x10000ull * s->nbb++;
	return gp_map(&s->env, *va, PG);
}

static unsigned int put(uint32_t *b, unsigned int n, const uint32_t *dw, unsigned int k)
{
	memcpy(b + n, dw, k * 4);
	return n + k;
}
#define PUT(b, n, ...) do {						\
	const uint32_t dw_[] = { __VA_ARGS__ };				\
	n = put(b, n, dw_, sizeof(dw_) / sizeof(dw_[0]));		\
} while (0)

/*
 * Media pipeline, SBA, MEDIA_VFE_STATE (@threads live at most; scoreboard
 * DW6-DW8 as given) and four descriptors.
 */
static unsigned int prologue(uint32_t *b, unsigned int n, unsigned int threads, uint32_t sb6,
			     uint32_t sb7, uint32_t sb8)
{
	PUT(b, n, PIPELINE_SELECT | PIPELINE_SELECT_MEDIA);
	PUT(b, n, STATE_BASE_ADDRESS, 1, 0, 0, (uint32_t)SSH | 1, (uint32_t)(SSH >> 32),
	    (uint32_t)DSH | 1, (uint32_t)(DSH >> 32), 1, 0, (uint32_t)ISH | 1,
	    (uint32_t)(ISH >> 32), 0, 0, 0, 0);
	PUT(b, n, MEDIA_VFE_STATE, 0, 0, (threads - 1) << 16 | 2u << 8 | 1u << 6, 0, 2u << 16,
	    sb6, sb7, sb8);
	PUT(b, n, MEDIA_INTERFACE_DESCRIPTOR_LOAD, 0, NIDD * 32, IDL);
	return n;
}

static unsigned int end(uint32_t *b, unsigned int n)
{
	PUT(b, n, MEDIA_STATE_FLUSH, 0, MI_BATCH_BUFFER_END);
	if (n & 1)
		PUT(b, n, MI_NOOP);
	return n;
}

#define XY(x, y)	((uint32_t)((y) & 0x3ff) << 16 | ((x) & 0x3ff))

/* The walker's loop parameters (DW5-DW16 as fields). */
struct mw {
	uint32_t dw2, sb_mask, colors_m1, extra, mid;	/* mid: DW6 13:12 | 9:8 */
	uint32_t gexec, lexec;
	uint32_t block, lstart, louter, linner, gres, gstart, gouter, ginner;
};

static unsigned int walker(uint32_t *b, unsigned int n, unsigned int idd_off,
			   const struct mw *w, uint32_t inline0)
{
	PUT(b, n, MEDIA_OBJECT_WALKER + 1, idd_off, w->dw2, 0, 0, w->sb_mask,
	    w->colors_m1 << 24 | w->extra << 16 | w->mid, w->gexec << 16 | w->lexec,
	    w->block, w->lstart, 0, w->louter, w->linner, w->gres, w->gstart, w->gouter,
	    w->ginner, inline0);
	return n;
}

static void stop(struct mt *s)
{
	CHECK_EQ(ee_read(&s->env, RING_EIR(ee_base(GS_RCS))), 0);
	ee_stop(&s->env);
}

/* Run @w one thread at a time; the records must be @want (x, y, colour). */
static void check_order(struct mt *s, const char *what, const struct mw *w,
			const uint8_t (*want)[3], unsigned int count)
{
	uint64_t va;
	uint32_t *b = batch(s, &va), n = 0;

	memset(s->out, 0, 4 * PG);
	s->cnt[0] = 0;
	n = prologue(b, n, 1, 0, 0, 0);
	n = walker(b, n, 0, w, 0x5eed0000 + s->nbb);
	n = end(b, n);
	gp_run(&s->env, va, s->nbb);
	CHECK_MSG(s->cnt[0] == count, "%s: %u threads ran, want %u", what, s->cnt[0], count);
	for (unsigned int i = 0; i < count; i++) {
		const uint32_t *r = &s->out[4 * i];

		CHECK_MSG((r[0] & 0x1ff) == want[i][0] && (r[0] >> 16 & 0x1ff) == want[i][1] &&
			  (r[1] & 0xf) == want[i][2],
			  "%s: thread %u at (%u,%u) colour %u, want (%u,%u) colour %u", what, i,
			  r[0] & 0x1ff, r[0] >> 16 & 0x1ff, r[1] & 0xf, want[i][0], want[i][1],
			  want[i][2]);
		CHECK_EQ((r[1] >> 4) & 0x3f, 0);		/* descriptor offset */
		CHECK_EQ(r[2] >> 24, w->sb_mask);		/* r0.0 31:24 */
		CHECK_EQ(r[3], 0x5eed0000 + s->nbb);		/* inline, the same for all */
	}
}

static void t_walker_order(void)
{
	static const uint8_t raster[][3] = {
		{ 0, 0, 0 }, { 1, 0, 0 }, { 2, 0, 0 }, { 0, 1, 0 }, { 1, 1, 0 }, { 2, 1, 0 },
	};
	/* 26 degrees on 4 x 2: (x, y) after (x - 1, y) and (x + 1, y - 1) */
	static const uint8_t w26[][3] = {
		{ 0, 0, 0 }, { 1, 0, 0 }, { 2, 0, 0 }, { 0, 1, 0 },
		{ 3, 0, 0 }, { 1, 1, 0 }, { 2, 1, 0 }, { 3, 1, 0 },
	};
	static const uint8_t colours[][3] = {
		{ 0, 0, 0 }, { 0, 0, 1 }, { 1, 0, 0 }, { 1, 0, 1 },
	};
	/* 3 x 3 in 2 x 2 blocks, columns of blocks: slack at the right and bottom */
	static const uint8_t blocks[][3] = {
		{ 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 }, { 1, 1, 0 }, { 0, 2, 0 }, { 1, 2, 0 },
		{ 2, 0, 0 }, { 2, 1, 0 }, { 2, 2, 0 },
	};
	struct mt s;
	struct mw w;

	start(&s, 2);
	w = (struct mw){ .sb_mask = 0x5a, .lexec = 1, .block = XY(3, 2), .louter = XY(0, 1),
			 .linner = XY(1, 0), .gres = XY(3, 2), .gouter = XY(3, 0),
			 .ginner = XY(0, 2) };
	check_order(&s, "raster", &w, raster, 6);
	w = (struct mw){ .lexec = 1023, .block = XY(4, 2), .louter = XY(1, 0),
			 .linner = XY(-2, 1), .gres = XY(4, 2), .gouter = XY(4, 0),
			 .ginner = XY(0, 2) };
	check_order(&s, "26 degrees", &w, w26, 8);
	w = (struct mw){ .colors_m1 = 1, .block = XY(2, 1), .louter = XY(0, 1),
			 .linner = XY(1, 0), .gres = XY(2, 1), .gouter = XY(2, 0),
			 .ginner = XY(0, 1) };
	check_order(&s, "two colours", &w, colours, 4);
	w = (struct mw){ .gexec = 1, .lexec = 1, .block = XY(2, 2), .louter = XY(0, 1),
			 .linner = XY(1, 0), .gres = XY(3, 3), .gouter = XY(2, 0),
			 .ginner = XY(0, 2) };
	check_order(&s, "global blocks", &w, blocks, 9);
	stop(&s);
}

/* Run the wavefront on W x H; returns the cells that are wrong. */
static unsigned int wavefront(struct mt *s, unsigned int W, unsigned int H, bool use_sb)
{
	const unsigned int P = W + 1;
	uint32_t want[(32 + 1) * (16 + 1)] = { 0 };
	uint64_t va;
	uint32_t *b = batch(s, &va), n = 0;
	/* scoreboards 0 (-1, 0), 1 (0, -1), 2 (-8, -8), 3 (7, 7) */
	uint32_t sb7 = 0x0f | 0xf0 << 8 | 0x88 << 16 | 0x77 << 24;
	struct mw w = { .dw2 = use_sb ? MO_DW2_USE_SCOREBOARD : 0, .sb_mask = 0xf,
			.lexec = H - 1, .block = XY(W, H), .louter = XY(0, 1),
			.linner = XY(1, 0), .gres = XY(W, H), .gouter = XY(W, 0),
			.ginner = XY(0, H) };
	unsigned int wrong = 0;

	memset(s->out, 0, 4 * PG);
	n = prologue(b, n, 16, VFE_DW6_SCOREBOARD_ENABLE | 0xf, sb7, 0);
	n = walker(b, n, 1, &w, P);
	n = end(b, n);
	gp_run(&s->env, va, s->nbb);
	for (unsigned int y = 0; y < H; y++)
		for (unsigned int x = 0; x < W; x++) {
			unsigned int i = (y + 1) * P + x + 1;

			want[i] = want[i - 1] + want[i - P] + 1;
			if (s->out[i] != want[i])
				wrong++;
		}
	return wrong;
}

static void t_wavefront_scoreboard(void)
{
	struct mt s;
	unsigned int wrong;

	start(&s, 3);
	wrong = wavefront(&s, 24, 12, true);
	CHECK_MSG(wrong == 0, "%u cells wrong with the scoreboard", wrong);
	/* the same walk without it: not asserted (timing), only reported */
	wrong = wavefront(&s, 24, 12, false);
	printf("# without Use Scoreboard, %u of %u cells were wrong this run\n", wrong, 24 * 12);
	stop(&s);
}

/* MEDIA_OBJECT with Use Scoreboard, PRT and GRPID payloads. */
static void t_object_payloads(void)
{
	struct mt s;
	uint64_t va;
	uint32_t *b, n;

	start(&s, 2);
	/* MEDIA_OBJECT at (5, 9) colour 3, mask 0x81: r0 carries them */
	b = batch(&s, &va);
	n = prologue(b, 0, 4, VFE_DW6_SCOREBOARD_ENABLE | 0xff, 0x0f, 0);
	PUT(b, n, MEDIA_OBJECT + 1, 2, MO_DW2_USE_SCOREBOARD, 0, 9u << 16 | 5, 3u << 16 | 0x81,
	    0xabcd);
	n = end(b, n);
	memset(s.out, 0, PG);
	gp_run(&s.env, va, 1);
	CHECK_EQ(s.out[1], 9u << 16 | 5);
	CHECK_EQ(s.out[2], 2u << 4 | 3);
	CHECK_EQ(s.out[0] >> 24, 0x81);
	CHECK_EQ(s.out[8], 0xabcd);
	for (unsigned int i = 1; i < 8; i++)
		CHECK_EQ(s.out[8 + i], 0);
	/* PRT: r0.2 the descriptor's pointer, r0.1 0, 12 inline dwords in g1, g2 */
	b = batch(&s, &va);
	n = prologue(b, 0, 4, 0, 0, 0);
	PUT(b, n, MEDIA_OBJECT_PRT, 2, 0, 0, 0x100, 0x101, 0x102, 0x103, 0x104, 0x105, 0x106,
	    0x107, 0x108, 0x109, 0x10a, 0x10b);
	n = end(b, n);
	memset(s.out, 0xff, PG);
	gp_run(&s.env, va, 2);
	CHECK_EQ(s.out[2], IDL + 2 * 32);
	CHECK_EQ(s.out[1], 0);
	CHECK_EQ(s.out[0], 0);
	for (unsigned int i = 0; i < 12; i++)
		CHECK_EQ(s.out[8 + i], 0x100 + i);
	for (unsigned int i = 12; i < 16; i++)
		CHECK_EQ(s.out[8 + i], 0);
	/* GRPID: End of Thread Group, group 7, scoreboard (1, 2); inline from DW7 */
	b = batch(&s, &va);
	n = prologue(b, 0, 4, 0, 0, 0);
	PUT(b, n, MEDIA_OBJECT_GRPID + 2, 2, GRPID_DW2_END_OF_GROUP, 0, 2u << 16 | 1, 0, 7,
	    0x77, 0x78);
	n = end(b, n);
	memset(s.out, 0xff, PG);
	gp_run(&s.env, va, 3);
	CHECK_EQ(s.out[1], 2u << 16 | 1);
	CHECK_EQ(s.out[8], 0x77);
	CHECK_EQ(s.out[9], 0x78);
	CHECK_EQ(s.out[10], 0);
	stop(&s);
}

struct bad_case {
	const char *what;
	uint32_t vfe6;
	unsigned int n;
	uint32_t dw[20];
};

static void t_refused(void)
{
	static const struct bad_case bad[] = {
		{ "walker Group ID Loop Select", 0, 18,
		  { MEDIA_OBJECT_WALKER + 1, 0, 0, 0, 0, 2u << 8, 0, 0, XY(1, 1), 0, 0, 0,
		    XY(1, 0), XY(1, 1), 0, 0, XY(0, 1), 1 } },
		{ "walker with indirect data", 0, 18,
		  { MEDIA_OBJECT_WALKER + 1, 0, 32, 0, 0, 0, 0, 0, XY(1, 1), 0, 0, 0,
		    XY(1, 0), XY(1, 1), 0, 0, XY(0, 1), 1 } },
		{ "walker with Children Present", 0, 18,
		  { MEDIA_OBJECT_WALKER + 1, 0, MO_DW2_CHILDREN_PRESENT, 0, 0, 0, 0, 0, XY(1, 1),
		    0, 0, 0, XY(1, 0), XY(1, 1), 0, 0, XY(0, 1), 1 } },
		{ "walker DW10 (IVB's Local End)", 0, 18,
		  { MEDIA_OBJECT_WALKER + 1, 0, 0, 0, 0, 0, 0, 0, XY(1, 1), 0, 1, 0,
		    XY(1, 0), XY(1, 1), 0, 0, XY(0, 1), 1 } },
		{ "walker with the non-stalling scoreboard", 3u << 30 | 1, 18,
		  { MEDIA_OBJECT_WALKER + 1, 0, MO_DW2_USE_SCOREBOARD, 0, 0, 1, 0, 0, XY(1, 1),
		    0, 0, 0, XY(1, 0), XY(1, 1), 0, 0, XY(0, 1), 1 } },
		{ "walker with no payload", 0, 17,
		  { MEDIA_OBJECT_WALKER, 0, 0, 0, 0, 0, 0, 0, XY(1, 1), 0, 0, 0,
		    XY(1, 0), XY(1, 1), 0, 0, XY(0, 1) } },
		{ "PRT with PRT_Fence Needed", 0, 16, { MEDIA_OBJECT_PRT, 2, PRT_DW2_FENCE_NEEDED } },
		{ "PRT of 15 dwords", 0, 15, { MEDIA_OBJECT_PRT - 1, 2 } },
		{ "MEDIA_OBJECT with a barrier descriptor", 0, 7,
		  { MEDIA_OBJECT + 1, 3, 0, 0, 0, 0, 5 } },
		{ "GRPID with Force Destination", 0, 8,
		  { MEDIA_OBJECT_GRPID + 1, 2, MO_DW2_FORCE_DESTINATION, 0, 0, 0, 1, 5 } },
	};
	struct mt s;

	start(&s, 2);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		uint64_t va;
		uint32_t *b = batch(&s, &va), n = 0, ipehr;

		n = prologue(b, n, 4, bad[i].vfe6, 0, 0);
		n = put(b, n, bad[i].dw, bad[i].n);
		n = end(b, n);
		ipehr = gp_run_error(&s.env, va, 0x100 + (uint32_t)i, EIR_INSTRUCTION_ERROR);
		CHECK_MSG(ipehr == bad[i].dw[0], "%s: IPEHR %#x", bad[i].what, ipehr);
	}
	stop(&s);
}

/*
 * MEDIA_OBJECT_GRPID of thread @i of a group (descriptor @idd_off, GroupID
 * @gid, End of Thread Group with @eog): neighbour @j, records at OUT +
 * @rec + 16 i, base value @base; scoreboard X = i, Y = 3, colour 2, mask
 * 0x40 + i.
 */
static unsigned int grpid(uint32_t *b, unsigned int n, unsigned int idd_off, bool eog, uint32_t gid,
			  unsigned int i, unsigned int j, uint32_t rec, uint32_t base)
{
	PUT(b, n, MEDIA_OBJECT_GRPID + 4, idd_off, eog ? GRPID_DW2_END_OF_GROUP : 0, 0,
	    3u << 16 | i, 2u << 16 | (0x40 + i), gid, i, j, rec + 16 * i, base);
	return n;
}

/* A whole group of @count threads: thread i reads thread (i + 1) mod count. */
static unsigned int group(uint32_t *b, unsigned int n, unsigned int idd_off, uint32_t gid,
			  unsigned int count, uint32_t rec, uint32_t base)
{
	for (unsigned int i = 0; i < count; i++)
		n = grpid(b, n, idd_off, i == count - 1, gid, i, (i + 1) % count, rec, base);
	return n;
}

/* The records of a group grpid() ran: what each thread read and its r0. */
static void check_group(struct mt *s, const char *what, unsigned int idd_off, unsigned int count,
			uint32_t rec, uint32_t base)
{
	for (unsigned int i = 0; i < count; i++) {
		const uint32_t *r = &s->out[(rec + 16 * i) / 4];

		CHECK_MSG(r[0] == base + (i + 1) % count, "%s: thread %u read %#x, want %#x", what,
			  i, r[0], base + (i + 1) % count);
		/* r0.2: 31:28 0, 27:24 the barrier ID, 9:4 the descriptor, 3:0 colour */
		CHECK_MSG((r[1] & 0xf0ffffffu) == (idd_off << 4 | 2), "%s: thread %u r0.2 %#x",
			  what, i, r[1]);
		CHECK_EQ(r[2], 3u << 16 | i);			/* r0.1 Y, X */
		CHECK_EQ(r[3] >> 24, 0x40 + i);			/* r0.0 scoreboard mask */
	}
}

static void run_group(struct mt *s, const char *what, unsigned int idd_off, uint32_t gid,
		      unsigned int count, uint32_t base)
{
	uint64_t va;
	uint32_t *b = batch(s, &va), n;

	memset(s->out, 0, 4 * PG);
	n = prologue(b, 0, 16, 0, 0, 0);
	n = group(b, n, idd_off, gid, count, 0, base);
	n = end(b, n);
	gp_run(&s->env, va, 0x40 + s->nbb);
	check_group(s, what, idd_off, count, 0, base);
}

static void t_group(void)
{
	struct mt s;

	start(&s, 3);
	run_group(&s, "4 threads", 4, 9, 4, 1000);
	run_group(&s, "16 threads", 5, 0xdeadbeef, 16, 2000);
	run_group(&s, "2 threads", 6, 0, 2, 3000);
	stop(&s);
}

static void t_groups_back_to_back(void)
{
	struct mt s;
	uint64_t va;
	uint32_t *b, n;

	start(&s, 3);
	b = batch(&s, &va);
	memset(s.out, 0, 4 * PG);
	n = prologue(b, 0, 16, 0, 0, 0);
	n = group(b, n, 4, 1, 4, 0x1000, 100);
	n = group(b, n, 4, 2, 4, 0x1400, 200);
	n = group(b, n, 5, 3, 16, 0x1800, 300);
	/* GroupID 1 again, once its group ended: a new group */
	n = group(b, n, 4, 1, 4, 0x1c00, 400);
	/* SLM without a barrier: End of Thread Group may come before the count */
	PUT(b, n, MEDIA_OBJECT_GRPID + 1, 8, 0, 0, 0, 0, 7, 0x5150);
	PUT(b, n, MEDIA_OBJECT_GRPID + 1, 8, GRPID_DW2_END_OF_GROUP, 0, 0, 0, 7, 0x5150);
	n = end(b, n);
	gp_run(&s.env, va, 0x60);
	check_group(&s, "GroupID 1", 4, 4, 0x1000, 100);
	check_group(&s, "GroupID 2", 4, 4, 0x1400, 200);
	check_group(&s, "GroupID 3", 5, 16, 0x1800, 300);
	check_group(&s, "GroupID 1 again", 4, 4, 0x1c00, 400);
	CHECK_EQ(s.out[8], 0x5150);		/* k_regs: g1 at OUT + 32 */
	CHECK_EQ((s.out[2] >> 4) & 0x3f, 8);	/* r0.2: descriptor 8 */
	stop(&s);
}

/* stderr (the device's log) into a file while a bad batch runs. */
static FILE *cap_file;
static int cap_saved = -1;

static void capture_start(void)
{
	fflush(stderr);
	cap_file = tmpfile();
	CHECK(cap_file != NULL);
	cap_saved = dup(2);
	CHECK(cap_saved >= 0);
	CHECK(dup2(fileno(cap_file), 2) == 2);
}

/* The log since capture_start(), in @buf; also echoed to the real stderr. */
static void capture_end(char *buf, size_t len)
{
	size_t got;

	fflush(stderr);
	dup2(cap_saved, 2);
	close(cap_saved);
	rewind(cap_file);
	got = fread(buf, 1, len - 1, cap_file);
	buf[got] = 0;
	fclose(cap_file);
	fputs(buf, stderr);
}

struct group_bad {
	const char *what;
	uint32_t vfe6;			/* MEDIA_VFE_STATE DW6 */
	unsigned int threads;		/* GRPIDs of group(4, GroupID 5) first, no EOG */
	unsigned int n;			/* then these dwords */
	uint32_t dw[12];
	const char *msg;		/* the error, exactly, before "; command" */
};

#define GRPID4(idd_off, dw2, gid)						\
	MEDIA_OBJECT_GRPID + 4, idd_off, dw2, 0, 3u << 16, 0, gid, 0, 0, 0, 0

static void t_group_errors(void)
{
	static const char open4[] = "the thread group of GroupID 5 (interface descriptor 4, "
				    "%u of 4 threads) is open; dropped, none of its threads ran";
	static const struct group_bad bad[] = {
		{ "a fifth thread in a group of four", 0, 4, 11,
		  { GRPID4(4, GRPID_DW2_END_OF_GROUP, 5) },
		  "MEDIA_OBJECT_GRPID: thread 5 of GroupID 5 is more than the Number of Threads "
		  "in GPGPU Thread Group of interface descriptor 4 while %s" },
		{ "End of Thread Group after 2 of 4 threads", 0, 1, 11,
		  { GRPID4(4, GRPID_DW2_END_OF_GROUP, 5) },
		  "MEDIA_OBJECT_GRPID: End of Thread Group after 2 threads, but the barrier of "
		  "interface descriptor 4 counts 4 (Number of Threads in GPGPU Thread Group): it "
		  "could never complete while %s" },
		{ "End of Thread Group on the first of 4 threads", 0, 0, 11,
		  { GRPID4(4, GRPID_DW2_END_OF_GROUP, 5) },
		  "MEDIA_OBJECT_GRPID: End of Thread Group after 1 thread, but the barrier of "
		  "interface descriptor 4 counts 4 (Number of Threads in GPGPU Thread Group): it "
		  "could never complete" },
		{ "another descriptor while a group is open", 0, 2, 11,
		  { GRPID4(6, 0, 5) },
		  "MEDIA_OBJECT_GRPID: Interface Descriptor Offset 6: a thread group's commands "
		  "name one descriptor while %s" },
		{ "a descriptor without barrier or SLM while a group is open", 0, 2, 11,
		  { GRPID4(2, 0, 5) },
		  "MEDIA_OBJECT_GRPID: Interface Descriptor Offset 2: a thread group's commands "
		  "name one descriptor while %s" },
		{ "another GroupID while a group is open", 0, 3, 11,
		  { GRPID4(4, GRPID_DW2_END_OF_GROUP, 6) },
		  "MEDIA_OBJECT_GRPID: GroupID 6: a thread group ends with End of Thread Group "
		  "before another begins while %s" },
		{ "MEDIA_OBJECT while a group is open", 0, 1, 7,
		  { MEDIA_OBJECT + 1, 2, 0, 0, 0, 0, 5 },
		  "MEDIA_OBJECT: a MEDIA_OBJECT_GRPID thread group takes nothing between its "
		  "commands but MI_NOOP while %s" },
		{ "PIPELINE_SELECT while a group is open", 0, 2, 1,
		  { PIPELINE_SELECT | PIPELINE_SELECT_MEDIA },
		  "PIPELINE_SELECT: a MEDIA_OBJECT_GRPID thread group takes nothing between its "
		  "commands but MI_NOOP while %s" },
		{ "MEDIA_STATE_FLUSH while a group is open", 0, 3, 2,
		  { MEDIA_STATE_FLUSH, 0 },
		  "MEDIA_STATE_FLUSH: a MEDIA_OBJECT_GRPID thread group takes nothing between its "
		  "commands but MI_NOOP while %s" },
		{ "the end of the batch while a group is open", 0, 3, 2,
		  { MI_NOOP, MI_BATCH_BUFFER_END },
		  "MI_BATCH_BUFFER_END: a MEDIA_OBJECT_GRPID thread group takes nothing between "
		  "its commands but MI_NOOP while %s" },
		{ "a barrier descriptor of 0 threads", 0, 0, 11,
		  { GRPID4(7, GRPID_DW2_END_OF_GROUP, 5) },
		  "MEDIA_OBJECT_GRPID: interface descriptor 7 has a barrier or shared local memory "
		  "and Number of Threads in GPGPU Thread Group 0: a thread group has 1 to 64 "
		  "threads" },
		{ "Use Scoreboard in a group", VFE_DW6_SCOREBOARD_ENABLE | 1, 1, 11,
		  { GRPID4(4, MO_DW2_USE_SCOREBOARD, 5) },
		  "MEDIA_OBJECT_GRPID: Use Scoreboard in a thread group is not implemented by "
		  "gensim while %s" },
	};
	struct mt s;
	char log[4096], want[512], grp[200];

	start(&s, 2);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		const struct group_bad *c = &bad[i];
		uint64_t va;
		uint32_t *b = batch(&s, &va), n = 0, ipehr;
		char *at;

		n = prologue(b, n, 16, c->vfe6, 0, 0);
		for (unsigned int t = 0; t < c->threads; t++)
			n = grpid(b, n, 4, false, 5, t, 0, 0, 0);
		n = put(b, n, c->dw, c->n);
		n = end(b, n);
		capture_start();
		ipehr = gp_run_error(&s.env, va, 0x100 + (uint32_t)i, EIR_INSTRUCTION_ERROR);
		capture_end(log, sizeof(log));
		CHECK_MSG(ipehr == c->dw[c->n == 2 && c->dw[0] == MI_NOOP ? 1 : 0],
			  "%s: IPEHR %#x", c->what, ipehr);
		/* the group as it stood: the threads before, and a fifth counted in */
		snprintf(grp, sizeof(grp), open4, c->threads);
		snprintf(want, sizeof(want), c->msg, grp);
		at = strstr(log, "instruction error (EIR bit 0): ");
		CHECK_MSG(at && !strncmp(at + 31, want, strlen(want)) &&
			  !strncmp(at + 31 + strlen(want), "; command ", 10),
			  "%s: want \"%s\", log:\n%s", c->what, want, log);
	}
	/* after every one of them, and the resets, a group runs as it should */
	run_group(&s, "after the errors", 4, 5, 4, 500);
	stop(&s);
}

int main(void)
{
	tap_run("MEDIA_OBJECT_WALKER visit order, r0 and inline data", t_walker_order);
	tap_run("a wavefront with the stalling scoreboard", t_wavefront_scoreboard);
	tap_run("MEDIA_OBJECT, _PRT and _GRPID payloads", t_object_payloads);
	tap_run("refused media fields are instruction errors", t_refused);
	tap_run("a MEDIA_OBJECT_GRPID thread group shares SLM and a barrier", t_group);
	tap_run("thread groups back to back, a GroupID reused", t_groups_back_to_back);
	tap_run("ill-formed thread groups are instruction errors", t_group_errors);
	return tap_done();
}
