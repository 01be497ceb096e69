// SPDX-License-Identifier: MIT
/*
 * Barriers and shared local memory (hw-spec-compute "Barriers", "Shared
 * local memory"; PRM Vol. 2 Part 2 Media and General Purpose Pipeline
 * (Ivy Bridge 2012), 1.3.3 "Programming the GPGPU Pipeline", 1.5.1.10.4
 * "Automatic Barrier Management", 1.5.1.10.1 "Thread Group Tracking",
 * 1.5.1.10.2 "Shared Local Memory Allocation", 1.8.4
 * "INTERFACE_DESCRIPTOR_DATA", 1.7.1.5 "GPGPU Thread"): a tree reduction
 * and a Hillis-Steele prefix sum across the threads of a group, through
 * SLM with a barrier between rounds, on 1 and N workers (the same bytes,
 * equal to the sums computed here); groups do not see each other's SLM; a
 * barrier that one thread skips is reported as a hang at once; a barrier
 * without Barrier Enable, or with another barrier ID, is refused.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "compute_env.h"
#include "tap.h"

#define T	8	/* threads per group */
#define GROUPS	12

static uint32_t desc(unsigned int mlen, unsigned int rlen, unsigned int type, unsigned int ctrl,
		     unsigned int bti)
{
	return mlen << 25 | rlen << 20 | type << 14 | ctrl << 8 | bti;
}

/* SIMD16 untyped, one channel */
static uint32_t rd(unsigned int bti)
{
	return desc(2, 2, 1, 1u << 4 | 0xe, bti);
}

static uint32_t wr(unsigned int bti)
{
	return desc(4, 0, 9, 1u << 4 | 0xe, bti);
}

#define BARRIER \
	"mov(8) g4<1>UD 0UD { align1 1Q NoMask }\n" \
	"and(1) g4.2<1>UD g0.2<0,1,0>UD 0x0f000000UD { align1 1N NoMask }\n" \
	"send(8) null<1>UD g4<8,8,1>UD gateway 0x02000004UD { align1 1Q NoMask }\n" \
	"wait(1) n0<1>D n0<0,1,0>D { align1 1N }\n"

/*
 * Prologue: g12 = lane * 4, g16 = SLM address of this thread's row
 * (tig * 64 + lane * 4), g11 = tig + 1, g18 = v = (tig + 1) * (lane + 3) + group * 7,
 * written to the row.  r1.0 is tig.
 */
#define PROLOGUE \
	"mov(8) g10<1>UW 0x76543210V { align1 1Q NoMask }\n" \
	"add(8) g10.8<1>UW g10<8,8,1>UW 8UW { align1 1Q NoMask }\n" \
	"mul(16) g12<1>UD g10<8,8,1>UW 4UW { align1 1H NoMask }\n" \
	"shl(1) g14<1>UD g1<0,1,0>UD 6UD { align1 1N NoMask }\n" \
	"add(16) g16<1>UD g12<8,8,1>UD g14<0,1,0>UD { align1 1H NoMask }\n" \
	"add(1) g11<1>UD g1<0,1,0>UD 1UD { align1 1N NoMask }\n" \
	"mul(1) g15<1>UD g0.1<0,1,0>UD 7UD { align1 1N NoMask }\n" \
	"add(16) g18<1>UD g10<8,8,1>UW 3UW { align1 1H NoMask }\n" \
	"mul(16) g18<1>UD g18<8,8,1>UD g11<0,1,0>UW { align1 1H NoMask }\n" \
	"add(16) g18<1>UD g18<8,8,1>UD g15<0,1,0>UD { align1 1H NoMask }\n" \
	"mov(16) g30<1>UD g16<8,8,1>UD { align1 1H NoMask }\n" \
	"mov(16) g32<1>UD g18<8,8,1>UD { align1 1H NoMask }\n"

static uint32_t value(unsigned int g, unsigned int t, unsigned int k)
{
	return (t + 1) * (k + 3) + g * 7;
}

static void run_group_kernel(const char *text, unsigned int workers, uint32_t *out,
			     size_t out_bytes)
{
	struct compute_env e;
	struct gs_eu_dispatch d;
	uint32_t curbe[T * 8] = { 0 };
	uint64_t vout;

	cse_start(&e, workers);
	vout = cse_alloc(&e, out_bytes);
	CHECK_EQ(cse_buffer(&e, vout, out_bytes), 0);	/* the kernels name BTI 0 */
	cse_desc(&e, &d, cse_kernel(&e, text));
	for (unsigned int t = 0; t < T; t++)
		curbe[8 * t] = t;
	d.curbe = curbe;
	d.curbe_size = sizeof(curbe);
	d.curbe_read_length = 1;
	d.thread_width = T;
	d.threads_in_group = T;
	d.barrier_enable = true;
	d.slm_size = 8192;
	d.dim[0] = GROUPS;
	cse_ok(&e, &d);
	cse_read(&e, vout, out, out_bytes);
	cse_stop(&e);
}

/* Tree reduction over the group's threads, per lane; thread 0 stores it. */
static void reduce(unsigned int workers, uint32_t *out)
{
	char text[16384];
	int n;

	n = snprintf(text, sizeof(text), PROLOGUE
		     "send(16) null<1>UD g30<8,8,1>UD dp_data1 0x%08xUD { align1 1H }\n", wr(254));
	for (unsigned int s = T / 2; s >= 1; s /= 2)
		n += snprintf(text + n, sizeof(text) - (size_t)n, BARRIER
			      "cmp.l.f0.0(16) null<1>UD g1<0,1,0>UD %uUD { align1 1H }\n"
			      "add(16) g40<1>UD g16<8,8,1>UD %uUD { align1 1H NoMask }\n"
			      "(+f0.0) send(16) g42<1>UD g40<8,8,1>UD dp_data1 0x%08xUD { align1 1H }\n"
			      "(+f0.0) send(16) g44<1>UD g16<8,8,1>UD dp_data1 0x%08xUD { align1 1H }\n"
			      "mov(16) g50<1>UD g16<8,8,1>UD { align1 1H NoMask }\n"
			      "add(16) g52<1>UD g42<8,8,1>UD g44<8,8,1>UD { align1 1H NoMask }\n"
			      "(+f0.0) send(16) null<1>UD g50<8,8,1>UD dp_data1 0x%08xUD { align1 1H }\n",
			      s, s * 64, rd(254), rd(254), wr(254));
	snprintf(text + n, sizeof(text) - (size_t)n,
		 "cmp.z.f0.0(16) null<1>UD g1<0,1,0>UD 0UD { align1 1H }\n"
		 "(+f0.0) send(16) g20<1>UD g12<8,8,1>UD dp_data1 0x%08xUD { align1 1H }\n"
		 "shl(1) g14<1>UD g0.1<0,1,0>UD 6UD { align1 1N NoMask }\n"
		 "add(16) g60<1>UD g12<8,8,1>UD g14<0,1,0>UD { align1 1H NoMask }\n"
		 "mov(16) g62<1>UD g20<8,8,1>UD { align1 1H NoMask }\n"
		 "(+f0.0) send(16) null<1>UD g60<8,8,1>UD dp_data1 0x%08xUD { align1 1H }\n"
		 CSE_EOT, rd(254), wr(0));
	run_group_kernel(text, workers, out, GROUPS * 16 * 4);
}

static void t_reduction(void)
{
	uint32_t one[GROUPS * 16], many[GROUPS * 16];

	reduce(1, one);
	reduce(CSE_MANY_WORKERS, many);
	for (unsigned int g = 0; g < GROUPS; g++)
		for (unsigned int k = 0; k < 16; k++) {
			uint32_t want = 0;

			for (unsigned int t = 0; t < T; t++)
				want += value(g, t, k);
			CHECK_MSG(one[g * 16 + k] == want, "group %u lane %u: %u want %u", g, k,
				  one[g * 16 + k], want);
		}
	CHECK(!memcmp(one, many, sizeof(one)));
}

/*
 * Inclusive prefix sum over the threads of a group, per lane
 * (Hillis-Steele: read row t - d, barrier, add into row t, barrier).
 * Every thread stores its row at ((group * T + tig) * 16 + lane) * 4.
 */
static void scan(unsigned int workers, uint32_t *out)
{
	char text[16384];
	int n;

	n = snprintf(text, sizeof(text), PROLOGUE
		     "send(16) null<1>UD g30<8,8,1>UD dp_data1 0x%08xUD { align1 1H }\n", wr(254));
	for (unsigned int dd = 1; dd < T; dd *= 2)
		n += snprintf(text + n, sizeof(text) - (size_t)n, BARRIER
			      "cmp.ge.f0.0(16) null<1>UD g1<0,1,0>UD %uUD { align1 1H }\n"
			      "add(16) g40<1>UD g16<8,8,1>UD -%uD { align1 1H NoMask }\n"
			      "(+f0.0) send(16) g42<1>UD g40<8,8,1>UD dp_data1 0x%08xUD { align1 1H }\n"
			      BARRIER
			      "(+f0.0) send(16) g44<1>UD g16<8,8,1>UD dp_data1 0x%08xUD { align1 1H }\n"
			      "mov(16) g50<1>UD g16<8,8,1>UD { align1 1H NoMask }\n"
			      "add(16) g52<1>UD g42<8,8,1>UD g44<8,8,1>UD { align1 1H NoMask }\n"
			      "(+f0.0) send(16) null<1>UD g50<8,8,1>UD dp_data1 0x%08xUD { align1 1H }\n",
			      dd, dd * 64, rd(254), rd(254), wr(254));
	snprintf(text + n, sizeof(text) - (size_t)n,
		 "send(16) g20<1>UD g16<8,8,1>UD dp_data1 0x%08xUD { align1 1H }\n"
		 "mul(1) g14<1>UD g0.1<0,1,0>UD %uUD { align1 1N NoMask }\n"
		 "add(16) g60<1>UD g16<8,8,1>UD g14<0,1,0>UD { align1 1H NoMask }\n"
		 "mov(16) g62<1>UD g20<8,8,1>UD { align1 1H NoMask }\n"
		 "send(16) null<1>UD g60<8,8,1>UD dp_data1 0x%08xUD { align1 1H }\n"
		 CSE_EOT, rd(254), T * 64, wr(0));
	run_group_kernel(text, workers, out, GROUPS * T * 16 * 4);
}

static void t_prefix_sum(void)
{
	static uint32_t one[GROUPS * T * 16], many[GROUPS * T * 16];

	scan(1, one);
	scan(CSE_MANY_WORKERS, many);
	for (unsigned int g = 0; g < GROUPS; g++)
		for (unsigned int k = 0; k < 16; k++) {
			uint32_t sum = 0;

			for (unsigned int t = 0; t < T; t++) {
				sum += value(g, t, k);
				CHECK_MSG(one[(g * T + t) * 16 + k] == sum,
					  "group %u thread %u lane %u: %u want %u", g, t, k,
					  one[(g * T + t) * 16 + k], sum);
			}
		}
	CHECK(!memcmp(one, many, sizeof(one)));
}

/*
 * After a barrier every thread reads row 0, computes a while (FILL
 * instructions), then writes row 0 with its own values; another barrier;
 * each thread stores what it read.  On the hardware the threads a barrier
 * releases issue side by side, so every read lands before the first
 * write (libigc's work_group_all() followed by another work-group function
 * relies on it; opencl.rst); gensim's threads take turns a few
 * instructions at a time after a wake-up (pool.c next_slice()).  Asserted
 * on one worker, where the order is gensim's alone: before, thread 0 ran
 * through its write before thread 1 read.
 */
#define FILL	24

static void read_then_write(unsigned int workers, uint32_t *out)
{
	char text[16384];
	int n;

	n = snprintf(text, sizeof(text), PROLOGUE
		     "send(16) null<1>UD g30<8,8,1>UD dp_data1 0x%08xUD { align1 1H }\n"
		     BARRIER
		     "send(16) g42<1>UD g12<8,8,1>UD dp_data1 0x%08xUD { align1 1H }\n",
		     wr(254), rd(254));
	for (unsigned int i = 0; i < FILL; i++)
		n += snprintf(text + n, sizeof(text) - (size_t)n,
			      "add(16) g46<1>UD g18<8,8,1>UD %uUD { align1 1H NoMask }\n", i);
	snprintf(text + n, sizeof(text) - (size_t)n,
		 "mov(16) g50<1>UD g12<8,8,1>UD { align1 1H NoMask }\n"
		 "mov(16) g52<1>UD g46<8,8,1>UD { align1 1H NoMask }\n"
		 "send(16) null<1>UD g50<8,8,1>UD dp_data1 0x%08xUD { align1 1H }\n"
		 BARRIER
		 "mul(1) g14<1>UD g0.1<0,1,0>UD %uUD { align1 1N NoMask }\n"
		 "add(16) g60<1>UD g16<8,8,1>UD g14<0,1,0>UD { align1 1H NoMask }\n"
		 "mov(16) g62<1>UD g42<8,8,1>UD { align1 1H NoMask }\n"
		 "send(16) null<1>UD g60<8,8,1>UD dp_data1 0x%08xUD { align1 1H }\n"
		 CSE_EOT, wr(254), T * 64, wr(0));
	run_group_kernel(text, workers, out, GROUPS * T * 16 * 4);
}

static void t_read_before_write(void)
{
	static uint32_t out[GROUPS * T * 16];

	read_then_write(1, out);
	for (unsigned int g = 0; g < GROUPS; g++)
		for (unsigned int t = 0; t < T; t++)
			for (unsigned int k = 0; k < 16; k++)
				CHECK_MSG(out[(g * T + t) * 16 + k] == value(g, 0, k),
					  "group %u thread %u lane %u read %u, want row 0's %u", g,
					  t, k, out[(g * T + t) * 16 + k], value(g, 0, k));
}

static uint64_t now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

static void barrier_error(const char *text, bool enable, enum gs_eu_status want,
			  const char *needle)
{
	struct compute_env e;
	struct gs_eu_dispatch d;
	struct gs_eu_result res;
	uint32_t curbe[4 * 8] = { 0 };
	uint64_t t0;

	cse_start(&e, 2);
	cse_desc(&e, &d, cse_kernel(&e, text));
	for (unsigned int t = 0; t < 4; t++)
		curbe[8 * t] = t;
	d.curbe = curbe;
	d.curbe_size = sizeof(curbe);
	d.curbe_read_length = 1;
	d.thread_width = 4;
	d.threads_in_group = 4;
	d.barrier_enable = enable;
	d.timeout_ms = 20000;
	t0 = now_ms();
	CHECK_MSG(cse_run(&e, &d, &res) == want, "got %s: %s", gs_eu_status_name(res.status),
		  res.msg);
	CHECK_MSG(strstr(res.msg, needle), "message: %s", res.msg);
	CHECK_MSG(now_ms() - t0 < 5000, "took %llu ms", (unsigned long long)(now_ms() - t0));
	cse_stop(&e);
}

/* Thread 3 jumps over the barrier: the other three can never be released. */
static void t_barrier_deadlock(void)
{
	barrier_error("cmp.z.f0.0(1) null<1>UD g1<0,1,0>UD 3UD { align1 1N }\n"
		      "(+f0.0) jmpi(1) skip { align1 1N NoMask }\n"
		      BARRIER
		      "skip: nop\n"
		      CSE_EOT, true, GS_EU_ERR_HANG, "wait on n0");
}

static void t_barrier_not_enabled(void)
{
	barrier_error(BARRIER CSE_EOT, false, GS_EU_ERR_MESSAGE, "Barrier Enable");
}

static void t_barrier_wrong_id(void)
{
	barrier_error("mov(8) g4<1>UD 0UD { align1 1Q NoMask }\n"
		      "mov(1) g4.2<1>UD 0x0f000000UD { align1 1N NoMask }\n"
		      "send(8) null<1>UD g4<8,8,1>UD gateway 0x02000004UD { align1 1Q NoMask }\n"
		      CSE_EOT, true, GS_EU_ERR_MESSAGE, "barrier ID 15");
}

int main(void)
{
	tap_run("tree reduction through SLM and barriers, 1 vs N workers", t_reduction);
	tap_run("threads a barrier releases all read before the first writes (1 worker)",
		t_read_before_write);
	tap_run("prefix sum through SLM and barriers, 1 vs N workers", t_prefix_sum);
	tap_run("a barrier one thread skips is a hang, reported at once", t_barrier_deadlock);
	tap_run("BarrierMsg without Barrier Enable is refused", t_barrier_not_enabled);
	tap_run("BarrierMsg with another barrier ID is refused", t_barrier_wrong_id);
	return tap_done();
}
