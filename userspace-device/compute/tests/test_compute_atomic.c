// SPDX-License-Identifier: MIT
/*
 * Untyped atomics (hw-spec-compute "Untyped atomics"): every Gen8 atomic
 * operation on one lane each, against the operation's definition written
 * out here; a histogram of 4096 values built with atomic increments by
 * 256 threads on 1 and on N workers (the same counts); atomic adds into
 * shared local memory read back after a barrier; the A64 atomic.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compute_env.h"
#include "tap.h"

static uint32_t desc(unsigned int mlen, unsigned int rlen, unsigned int type, unsigned int ctrl,
		     unsigned int bti)
{
	return mlen << 25 | rlen << 20 | type << 14 | ctrl << 8 | bti;
}

/* untyped atomic: op 3:0, SIMD8 bit 4, return bit 5 (message control) */
static uint32_t atomic(unsigned int op, unsigned int nsrc, unsigned int lanes, bool ret,
		       unsigned int bti)
{
	unsigned int regs = lanes / 8;

	return desc(regs * (1 + nsrc), ret ? regs : 0, 2,
		    op | (lanes == 8 ? 1u << 4 : 0) | (ret ? 1u << 5 : 0), bti);
}

static uint32_t untyped_rw(bool write, unsigned int lanes, unsigned int bti)
{
	unsigned int regs = lanes / 8;

	return desc(write ? 2 * regs : regs, write ? 0 : regs, write ? 9 : 1,
		    (lanes == 16 ? 1u : 2u) << 4 | 0xe, bti);
}

#define LANE_OFFSETS(stride) \
	"mov(8) g10<1>UW 0x76543210V { align1 1Q NoMask }\n" \
	"add(8) g10.8<1>UW g10<8,8,1>UW 8UW { align1 1Q NoMask }\n" \
	"mul(16) g12<1>UD g10<8,8,1>UW " #stride "UW { align1 1H NoMask }\n"

static const unsigned int nsrc[16] = { 0, 1, 1, 1, 1, 0, 0, 1, 1, 1, 1, 1, 1, 1, 2, 0 };

static uint32_t model(unsigned int op, uint32_t old, uint32_t a, uint32_t b, uint32_t *ret)
{
	uint32_t v;

	switch (op) {
	case 1: v = old & a; break;
	case 2: v = old | a; break;
	case 3: v = old ^ a; break;
	case 4: v = a; break;
	case 5: v = old + 1; break;
	case 6: v = old - 1; break;
	case 7: v = old + a; break;
	case 8: v = old - a; break;
	case 9: v = a - old; break;
	case 10: v = (int32_t)old > (int32_t)a ? old : a; break;
	case 11: v = (int32_t)old < (int32_t)a ? old : a; break;
	case 12: v = old > a ? old : a; break;
	case 13: v = old < a ? old : a; break;
	case 14: v = old == a ? b : old; break;
	default: v = old - 1; break;		/* 15 predec */
	}
	*ret = op == 15 ? v : old;
	return v;
}

/* Each op on 8 lanes (SIMD8): memory old[k], src0 = r1, src1 = r2. */
static void t_every_op(void)
{
	static const uint32_t old[8] = { 5, 0xfffffffe, 0x80000000, 7, 0, 100, 0x7fffffff, 3 };
	static const uint32_t s0[8] = { 3, 2, 0x7fffffff, 7, 0xffffffff, 0x80000001, 1, 9 };
	static const uint32_t s1[8] = { 11, 12, 13, 14, 15, 16, 17, 18 };
	uint32_t curbe[16];
	struct compute_env e;

	memcpy(curbe, s0, 32);
	memcpy(curbe + 8, s1, 32);
	cse_start(&e, 2);
	for (unsigned int op = 1; op < 16; op++) {
		uint64_t mem = cse_alloc(&e, 4096), out = cse_alloc(&e, 4096);
		unsigned int bm = cse_buffer(&e, mem, 4096), bo = cse_buffer(&e, out, 4096);
		struct gs_eu_dispatch d;
		uint32_t got[8], ret[8];
		char text[4096];

		cse_write(&e, mem, old, sizeof(old));
		snprintf(text, sizeof(text),
			 LANE_OFFSETS(4)
			 "mov(8) g30<1>UD g12<8,8,1>UD { align1 1Q NoMask }\n"
			 "mov(8) g31<1>UD g1<8,8,1>UD { align1 1Q NoMask }\n"
			 "mov(8) g32<1>UD g2<8,8,1>UD { align1 1Q NoMask }\n"
			 "send(8) g20<1>UD g30<8,8,1>UD dp_data1 0x%08xUD { align1 1Q }\n"
			 "mov(8) g40<1>UD g12<8,8,1>UD { align1 1Q NoMask }\n"
			 "mov(8) g41<1>UD g20<8,8,1>UD { align1 1Q NoMask }\n"
			 "send(8) null<1>UD g40<8,8,1>UD dp_data1 0x%08xUD { align1 1Q }\n"
			 CSE_EOT,
			 atomic(op, nsrc[op], 8, true, bm), untyped_rw(true, 8, bo));
		cse_desc(&e, &d, cse_kernel(&e, text));
		d.simd = 8;
		d.curbe = curbe;
		d.curbe_size = sizeof(curbe);
		d.cross_thread_length = 2;
		cse_ok(&e, &d);
		cse_read(&e, mem, got, sizeof(got));
		cse_read(&e, out, ret, sizeof(ret));
		for (unsigned int k = 0; k < 8; k++) {
			uint32_t want_ret, want = model(op, old[k], s0[k], s1[k], &want_ret);

			CHECK_MSG(got[k] == want, "op %u lane %u: memory %#x want %#x", op, k,
				  got[k], want);
			CHECK_MSG(ret[k] == want_ret, "op %u lane %u: returned %#x want %#x", op,
				  k, ret[k], want_ret);
		}
	}
	cse_stop(&e);
}

/*
 * Histogram: 64 groups x 4 threads x 16 lanes read one value each and
 * increment bin (value & 63) with an atomic inc (no return).  r1.0 is
 * the thread's index in its group.
 */
#define HIST_VALUES	4096
#define HIST_BINS	64

static void histogram(unsigned int workers, uint32_t *bins)
{
	struct compute_env e;
	struct gs_eu_dispatch d;
	uint32_t curbe[4 * 8] = { 0 }, *in = malloc(HIST_VALUES * 4);
	uint64_t vin, vhist;
	unsigned int bi, bh;
	char text[4096];

	CHECK(in);
	for (unsigned int i = 0; i < HIST_VALUES; i++)
		in[i] = (i * 2654435761u) >> 7;
	cse_start(&e, workers);
	vin = cse_alloc(&e, HIST_VALUES * 4);
	vhist = cse_alloc(&e, HIST_BINS * 4);
	cse_write(&e, vin, in, HIST_VALUES * 4);
	bi = cse_buffer(&e, vin, HIST_VALUES * 4);
	bh = cse_buffer(&e, vhist, HIST_BINS * 4);
	snprintf(text, sizeof(text),
		 LANE_OFFSETS(1)
		 "mul(1) g14<1>UD g0.1<0,1,0>UD 4UD { align1 1N NoMask }\n"
		 "add(1) g14<1>UD g14<0,1,0>UD g1<0,1,0>UD { align1 1N NoMask }\n"
		 "shl(1) g14<1>UD g14<0,1,0>UD 4UD { align1 1N NoMask }\n"
		 "add(16) g16<1>UD g12<8,8,1>UD g14<0,1,0>UD { align1 1H NoMask }\n"
		 "shl(16) g16<1>UD g16<8,8,1>UD 2UD { align1 1H NoMask }\n"
		 "send(16) g20<1>UD g16<8,8,1>UD dp_data1 0x%08xUD { align1 1H }\n"
		 "and(16) g22<1>UD g20<8,8,1>UD 63UD { align1 1H }\n"
		 "shl(16) g30<1>UD g22<8,8,1>UD 2UD { align1 1H }\n"
		 "send(16) null<1>UD g30<8,8,1>UD dp_data1 0x%08xUD { align1 1H }\n"
		 CSE_EOT,
		 untyped_rw(false, 16, bi), atomic(5, 0, 16, false, bh));
	cse_desc(&e, &d, cse_kernel(&e, text));
	for (unsigned int t = 0; t < 4; t++)
		curbe[8 * t] = t;
	d.curbe = curbe;
	d.curbe_size = sizeof(curbe);
	d.curbe_read_length = 1;
	d.thread_width = 4;
	d.dim[0] = HIST_VALUES / 64;
	cse_ok(&e, &d);
	cse_read(&e, vhist, bins, HIST_BINS * 4);
	cse_stop(&e);
	free(in);
}

static void t_histogram(void)
{
	uint32_t one[HIST_BINS], many[HIST_BINS], want[HIST_BINS] = { 0 };

	for (unsigned int i = 0; i < HIST_VALUES; i++)
		want[((i * 2654435761u) >> 7) & 63]++;
	histogram(1, one);
	histogram(CSE_MANY_WORKERS, many);
	for (unsigned int b = 0; b < HIST_BINS; b++) {
		CHECK_MSG(one[b] == want[b], "bin %u: %u want %u (1 worker)", b, one[b], want[b]);
		CHECK_MSG(many[b] == want[b], "bin %u: %u want %u (N workers)", b, many[b],
			  want[b]);
	}
}

/*
 * SLM atomics: each of 8 threads adds (lane + 1) * (tig + 1) to SLM dword
 * lane, then a barrier, then thread 0 stores the 16 sums of its group.
 */
static void slm_sums(unsigned int workers, uint32_t *out)
{
	struct compute_env e;
	struct gs_eu_dispatch d;
	uint32_t curbe[8 * 8] = { 0 };
	uint64_t vout;
	unsigned int bo;
	char text[8192];

	cse_start(&e, workers);
	vout = cse_alloc(&e, 16 * 16 * 4);
	bo = cse_buffer(&e, vout, 16 * 16 * 4);
	snprintf(text, sizeof(text),
		 LANE_OFFSETS(4)
		 "mov(16) g30<1>UD g12<8,8,1>UD { align1 1H NoMask }\n"
		 "add(16) g32<1>UD g10<8,8,1>UW 1UW { align1 1H NoMask }\n"
		 "add(1) g15<1>UD g1<0,1,0>UD 1UD { align1 1N NoMask }\n"
		 "mul(16) g32<1>UD g32<8,8,1>UD g15<0,1,0>UW { align1 1H NoMask }\n"
		 "send(16) null<1>UD g30<8,8,1>UD dp_data1 0x%08xUD { align1 1H }\n"
		 "mov(8) g4<1>UD 0UD { align1 1Q NoMask }\n"
		 "and(1) g4.2<1>UD g0.2<0,1,0>UD 0x0f000000UD { align1 1N NoMask }\n"
		 "send(8) null<1>UD g4<8,8,1>UD gateway 0x02000004UD { align1 1Q NoMask }\n"
		 "wait(1) n0<1>D n0<0,1,0>D { align1 1N }\n"
		 "send(16) g20<1>UD g12<8,8,1>UD dp_data1 0x%08xUD { align1 1H }\n"
		 "shl(1) g14<1>UD g0.1<0,1,0>UD 6UD { align1 1N NoMask }\n"
		 "add(16) g40<1>UD g12<8,8,1>UD g14<0,1,0>UD { align1 1H NoMask }\n"
		 "mov(16) g42<1>UD g20<8,8,1>UD { align1 1H NoMask }\n"
		 "cmp.z.f0.0(16) null<1>UD g1<0,1,0>UD 0UD { align1 1H }\n"
		 "(+f0.0) send(16) null<1>UD g40<8,8,1>UD dp_data1 0x%08xUD { align1 1H }\n"
		 CSE_EOT,
		 atomic(7, 1, 16, false, 254), untyped_rw(false, 16, 254),
		 untyped_rw(true, 16, bo));
	cse_desc(&e, &d, cse_kernel(&e, text));
	for (unsigned int t = 0; t < 8; t++)
		curbe[8 * t] = t;
	d.curbe = curbe;
	d.curbe_size = sizeof(curbe);
	d.curbe_read_length = 1;
	d.thread_width = 8;
	d.threads_in_group = 8;
	d.barrier_enable = true;
	d.slm_size = 4096;
	d.dim[0] = 16;
	cse_ok(&e, &d);
	cse_read(&e, vout, out, 16 * 16 * 4);
	cse_stop(&e);
}

static void t_slm_atomics(void)
{
	uint32_t one[256], many[256];

	slm_sums(1, one);
	slm_sums(CSE_MANY_WORKERS, many);
	for (unsigned int g = 0; g < 16; g++)
		for (unsigned int k = 0; k < 16; k++) {
			uint32_t want = (k + 1) * 36;	/* (k + 1) * (1 + 2 + ... + 8) */

			CHECK_EQ(one[g * 16 + k], want);
			CHECK_EQ(many[g * 16 + k], want);
		}
}

/* A64 atomic add (SIMD8), returning the old value, 16 groups on one counter set. */
static void t_a64_atomic(void)
{
	struct compute_env e;
	struct gs_eu_dispatch d;
	uint64_t mem;
	uint32_t got[8];
	char text[4096];

	cse_start(&e, CSE_MANY_WORKERS);
	mem = cse_alloc(&e, 4096);
	snprintf(text, sizeof(text),
		 LANE_OFFSETS(4)
		 "mov(8) g30<1>UQ g12<8,8,1>UD { align1 1Q NoMask }\n"
		 "mov(1) g45<1>UQ 0x%llxUQ { align1 1N NoMask }\n"
		 "add(8) g30<1>UQ g30<4,4,1>UQ g45<0,1,0>UQ { align1 1Q NoMask }\n"
		 "add(8) g32<1>UD g10<8,8,1>UW 1UW { align1 1Q NoMask }\n"
		 "send(8) g20<1>UD g30<8,8,1>UD dp_data1 0x%08xUD { align1 1Q }\n"
		 CSE_EOT,
		 (unsigned long long)mem, desc(3, 1, 0x12, 7 | 1u << 5, 253));
	cse_desc(&e, &d, cse_kernel(&e, text));
	d.simd = 8;
	d.dim[0] = 16;
	cse_ok(&e, &d);
	cse_read(&e, mem, got, sizeof(got));
	for (unsigned int k = 0; k < 8; k++)
		CHECK_EQ(got[k], 16 * (k + 1));
	cse_stop(&e);
}

int main(void)
{
	tap_run("every atomic operation against its definition", t_every_op);
	tap_run("histogram with atomic inc, 1 vs N workers", t_histogram);
	tap_run("SLM atomic adds across a barrier, 1 vs N workers", t_slm_atomics);
	tap_run("A64 atomic add", t_a64_atomic);
	return tap_done();
}
