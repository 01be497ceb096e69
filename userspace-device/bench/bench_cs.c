// SPDX-License-Identifier: MIT
/*
 * bench_cs: the command streamers and execlist submission over the
 * loopback transport, in process, each figure beside a baseline measured
 * interleaved with it in the same process.  Per engine:
 *
 * - command streams: one batch of MI_NOOPs, and one of MI_STORE_DATA_IMMs
 *   (each a dword to the next dword of a PPGTT buffer), in commands
 *   per second; beside this process walking the same batch in C - read
 *   each header, decode opcode and length, do what it says (nothing, or a
 *   4-byte memcpy() into the same buffer) - which is the floor: the same
 *   work without the device's address translation, checks, per-command
 *   bookkeeping (RING_HEAD, BB_ADDR, ACTHD) and thread hand-off.  The
 *   batches are small enough for the L2 cache: with a 4 MiB batch the C
 *   walk ran at one of two speeds 20 % apart from one process to the
 *   next, with where the batch's pages landed in the L3;
 * - one batch at a time: submit a small batch (one MI_STORE_DATA_IMM),
 *   sleep until its context-switch interrupt says it is done, repeat;
 *   beside a pipe ping-pong between two threads (two wake-ups: the least
 *   any "doorbell, then interrupt" round trip costs);
 * - back to back, in batches per second beside ping-pong round trips per
 *   second: small batches appended to the context's ring as fast as this
 *   thread goes and submitted through the ELSP (one context; a submission
 *   while it runs is a lite restore, which only re-reads the tail), either
 *   each on its own, as soon as the last submission was acknowledged in
 *   the CSB, or coalesced as the kernel driver does (gensim_execlists.c):
 *   a new submission only when the last was acknowledged, so the batches
 *   that arrive meanwhile share it.  The first is the rate execlists take
 *   submissions at; the batches being tiny, the engine is idle again by
 *   the time the acknowledgement wakes this thread, so it is about one
 *   round trip per batch.  The second is the rate the command streamer
 *   runs small batches at when submission is not the bottleneck.
 *
 * Interrupts are handled as the driver's handler does: woken by the
 * interrupt message, acknowledge the engine's IIR bits with one posted
 * write, read the CSB from the status page - no posting reads.
 *
 * Every figure is measured in 7 rounds (the first argument), the baseline
 * and the measurement interleaved (the order turns around every round),
 * after a warm-up round of both, and printed as the median with the
 * min-max range; ratios are of the medians.  A sample repeats its pass
 * until it lasted MIN_SAMPLE_S.  Every thread runs on one CPU, the idlest
 * (bench_util.c says why; GENSIM_BENCH_NO_PIN=1: not).  Asserts nothing
 * about speed; it checks that every batch did its stores.
 *
 *   bench_cs [rounds [filter]]   (filter: only the lines whose name has it)
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bench_util.h"
#include "engine_env.h"
#include "tap.h"

#define NOOPS		(1u << 16)		/* a 256 KiB batch ... */
#define SDIS		(1u << 15)		/* a 512 KiB batch ... */
#define TARGET_BYTES	(SDIS * 4u)		/* ... of stores into 128 KiB */
#define SMALL_DW	8u			/* a small batch: SDI, BBE, padding */
#define ONE_AT_A_TIME	200u			/* small batches in a pass: one at a time */
#define EACH		1000u			/* back to back, an ELSP write each */
#define COALESCED	8192u			/* back to back, coalesced */
#define SMALL		COALESCED		/* the most in a pass */
#define PING_ROUNDS	2000u			/* pipe round trips in a pass */
#define MIN_SAMPLE_S	0.02			/* passes repeat until a sample is this long */
#define RING_PAGES	64u
#define SDI_LEN		4u			/* MI_STORE_DATA_IMM of one dword */

static const char *const engine_name[GS_NUM_ENGINES] = {
	[GS_RCS] = "rcs0", [GS_BCS] = "bcs0", [GS_VCS] = "vcs0", [GS_VECS] = "vecs0",
};

static struct eng_env env;
static unsigned int rounds = 7;
static const char *filter;
static int pinned_cpu = -1;

/* The batches, built once, run on every engine. */
static struct ee_buf noops, sdis, small, target, marks;

/* What the driver side knows of an engine's execlist (gensim_execlists.c, one context). */
struct port {
	struct eng_ctx *ctx;
	bool pending;		/* an ELSP write not yet acknowledged in the CSB */
	bool inflight;		/* the context runs */
	uint32_t submitted;	/* the ring tail of the last submission */
	unsigned long submits;
	unsigned long lites;	/* acknowledged as lite restores */
	unsigned long batches;	/* small batches put in the ring */
};

/* --- The baselines ------------------------------------------------------ */

static int ping[2], pong[2];

static void *ponger(void *arg)
{
	char c;

	(void)arg;
	while (read(ping[0], &c, 1) == 1 && c)
		if (write(pong[1], &c, 1) != 1)
			break;
	return NULL;
}

/* Seconds per round trip of a byte between two threads over two pipes. */
static double pipe_pingpong(unsigned int iters)
{
	pthread_t t;
	char c = 1;
	double t0;

	CHECK(!pipe(ping) && !pipe(pong) && !pthread_create(&t, NULL, ponger, NULL));
	t0 = bench_now();
	for (unsigned int i = 0; i < iters; i++)
		CHECK(write(ping[1], &c, 1) == 1 && read(pong[0], &c, 1) == 1);
	t0 = bench_now() - t0;
	c = 0;
	CHECK(write(ping[1], &c, 1) == 1);
	pthread_join(t, NULL);
	close(ping[0]);
	close(ping[1]);
	close(pong[0]);
	close(pong[1]);
	return t0 / iters;
}

/*
 * The floor of a command stream: walk the batch at @bb in C, decoding each
 * MI header (opcode, length) and doing what it says; stores go into
 * @target's CPU view at their offset from its GPU address, bounds-checked
 * as any interpreter must.  Plain loads and memcpy(): nothing else runs
 * on these buffers meanwhile.  Returns the commands walked, the end
 * included.
 */
static unsigned long native_walk(const uint32_t *bb)
{
	uint8_t *dst = (uint8_t *)target.cpu;
	unsigned long n = 0;

	for (size_t i = 0;; n++) {
		uint32_t dw = bb[i], op = dw >> 23;
		uint64_t a;

		switch (op) {
		case MI_NOOP >> 23:
			i++;
			break;
		case MI_STORE_DATA_IMM >> 23:
			a = ((uint64_t)bb[i + 2] << 32 | bb[i + 1]) - target.addr;
			CHECK_MSG(a <= TARGET_BYTES - 4, "store outside the target: %#llx",
				  (unsigned long long)a);
			memcpy(dst + a, &bb[i + 3], 4);
			i += (dw & 0x3ff) + 2;
			break;
		case MI_BATCH_BUFFER_END >> 23:
			return n + 1;
		default:
			CHECK_MSG(false, "dword %zu: %#x", i, dw);
		}
	}
}

/* --- The driver side ----------------------------------------------------- */

/*
 * The running context's new tail in its image, then ELSP element 1, then
 * element 0 (whose low dword submits): gensim_execlists.c's write_elsp(),
 * all posted.  The ring's commands and the tail are written before the
 * write log's head moves (its release), so the device sees them.
 */
static void submit(struct port *p)
{
	uint32_t elsp = RING_ELSP(ee_base(p->ctx->engine));

	ee_pad(p->ctx);
	wr32(&p->ctx->state[CTX_RING_TAIL + 1], p->ctx->tail);
	ee_write(&env, elsp, 0);
	ee_write(&env, elsp, 0);
	ee_write(&env, elsp, HI(p->ctx->desc));
	ee_write(&env, elsp, LO(p->ctx->desc));
	p->submitted = p->ctx->tail;
	p->pending = true;
	p->submits++;
}

/*
 * Consume the new CSB entries from the status page, as the driver's
 * interrupt handler does: an acknowledgement (IDLE_TO_ACTIVE, PREEMPTED,
 * lite restore or not) makes the pending list the running one;
 * ACTIVE_TO_IDLE retires it.  The read pointer goes back posted.
 */
static void csb(struct port *p)
{
	int e = p->ctx->engine;
	uint32_t *hwsp = env.e[e].hwsp_cpu;
	unsigned int head = env.e[e].csb_head, tail = rd32(&hwsp[HWSP_CSB_WRITE_PTR]) & 7;

	if (tail == head)
		return;
	CHECK_MSG(tail < GEN8_CSB_ENTRIES, "%s: CSB write pointer %u", engine_name[e], tail);
	atomic_thread_fence(memory_order_acquire);
	while (head != tail) {
		uint32_t st;

		head = (head + 1) % GEN8_CSB_ENTRIES;
		st = rd32(&hwsp[HWSP_CSB_ENTRY0 + 2 * head]);
		if (st & (CSB_IDLE_TO_ACTIVE | CSB_PREEMPTED)) {
			CHECK_MSG(p->pending, "%s: CSB %#x with nothing pending", engine_name[e], st);
			p->pending = false;
			p->inflight = true;
			p->lites += !!(st & CSB_LITE_RESTORE);
		}
		if (st & CSB_ACTIVE_TO_IDLE)
			p->inflight = false;
	}
	env.e[e].csb_head = head;
	ee_write(&env, RING_CONTEXT_STATUS_PTR(ee_base(e)),
		 CSB_READ_PTR << 16 | FIELD_PREP(CSB_READ_PTR, head));
}

/*
 * Sleep until the next interrupt, then acknowledge the engine's IIR bits
 * (posted: an event that latches meanwhile waits behind the bit, and the
 * acknowledgement raises it again with a new message - channel/irq.c).
 */
static void wait_irq(struct port *p)
{
	const struct fault_irq_bit *b = &fault_irq_bits[p->ctx->engine];
	uint32_t base = ee_base(p->ctx->engine);

	CHECK_MSG(gs_loop_wait_msgs(env.g.loop, GENSIM_MSG_IRQ, WAIT_MS),
		  "%s: no interrupt within %d ms: EIR %#x, IPEHR %#x, CSB pointer %#x",
		  engine_name[p->ctx->engine], WAIT_MS, ee_read(&env, RING_EIR(base)),
		  ee_read(&env, RING_IPEHR(base)),
		  rd32(&env.e[p->ctx->engine].hwsp_cpu[HWSP_CSB_WRITE_PTR]));
	ee_write(&env, GEN8_GT_IIR(b->bank), 0xffffu << b->shift);
}

/* Submit what the ring holds beyond the last submission, and wait until the engine is idle. */
static void drain(struct port *p)
{
	for (;;) {
		csb(p);
		if (!p->pending && p->submitted != p->ctx->tail)
			submit(p);
		if (!p->pending && !p->inflight)
			break;
		wait_irq(p);
	}
	/* Order this thread after everything the engine wrote. */
	ee_sync(&env);
}

/* --- The measurements -------------------------------------------------- */

/* Seconds from submission to completion of the batch at @va. */
static double run_batch(struct port *p, uint64_t va)
{
	double t;

	EMIT(p->ctx, BB_START_PPGTT(va));
	t = bench_now();
	submit(p);
	drain(p);
	return bench_now() - t;
}

static void check_stores(const char *what)
{
	for (unsigned int i = 0; i < SDIS; i++)
		CHECK_MSG(rd32(&target.cpu[i]) == i * 2654435761u + 1, "%s: store %u is %#x", what,
			  i, rd32(&target.cpu[i]));
}

static void check_marks(const char *what, unsigned int n)
{
	for (unsigned int i = 0; i < n; i++)
		CHECK_MSG(rd32(&marks.cpu[i]) == i + 1, "%s: batch %u stored %#x", what, i,
			  rd32(&marks.cpu[i]));
}

/* One pass of a measurement: @n units (commands, batches, round trips). */
struct pass {
	struct port *p;
	const struct ee_buf *bb;	/* the stream's batch */
	bool stores;			/* it stores into target: clear, then check */
	unsigned int n;
};

/*
 * Repeat @fn, which returns the seconds it timed for @ps->n units (its
 * set-up and checks not timed), until MIN_SAMPLE_S were timed; units per
 * second.  A sample shorter than that is at the mercy of one timer tick
 * or one preemption by another program.
 */
static double per_second(double (*fn)(const struct pass *), const struct pass *ps)
{
	unsigned long units = 0;
	double t = 0;

	do {
		t += fn(ps);
		units += ps->n;
	} while (t < MIN_SAMPLE_S);
	return (double)units / t;
}

static double pass_walk(const struct pass *ps)
{
	double t;

	if (ps->stores)
		memset(target.cpu, 0, TARGET_BYTES);
	t = bench_now();
	CHECK_EQ(native_walk(ps->bb->cpu), ps->n);
	t = bench_now() - t;
	if (ps->stores)
		check_stores("native walk");
	return t;
}

static double pass_device(const struct pass *ps)
{
	double t;

	if (ps->stores)
		memset(target.cpu, 0, TARGET_BYTES);
	t = run_batch(ps->p, ps->bb->addr);
	if (ps->stores)
		check_stores(engine_name[ps->p->ctx->engine]);
	return t;
}

static double pass_pingpong(const struct pass *ps)
{
	return pipe_pingpong(ps->n) * ps->n;
}

/* Small batch @i of the pass into the ring. */
static void emit_small(struct port *p, unsigned int i)
{
	EMIT(p->ctx, BB_START_PPGTT(BADDR(small, i * SMALL_DW)), MI_NOOP);
	p->batches++;
}

/* @n small batches, each submitted once the last is done. */
static double pass_one_at_a_time(const struct pass *ps)
{
	double t;

	memset(marks.cpu, 0, ps->n * 4);
	t = bench_now();
	for (unsigned int i = 0; i < ps->n; i++) {
		emit_small(ps->p, i);
		submit(ps->p);
		drain(ps->p);
	}
	t = bench_now() - t;
	check_marks("one at a time", ps->n);
	return t;
}

/*
 * @n small batches back to back, each its own ELSP write, made as soon as
 * the last one was acknowledged (a lite restore if the context still
 * runs): the rate execlists take submissions at.
 */
static double pass_each(const struct pass *ps)
{
	struct port *p = ps->p;
	double t;

	memset(marks.cpu, 0, ps->n * 4);
	t = bench_now();
	for (unsigned int i = 0; i < ps->n; i++) {
		emit_small(p, i);
		for (csb(p); p->pending; csb(p))
			wait_irq(p);
		submit(p);
	}
	drain(p);
	t = bench_now() - t;
	check_marks("an ELSP write each", ps->n);
	return t;
}

/*
 * @n small batches back to back as the driver submits them: each appended
 * to the ring, the context submitted only if nothing is pending, so the
 * batches that arrive while a submission waits for its acknowledgement go
 * with the next one.
 */
static double pass_coalesced(const struct pass *ps)
{
	struct port *p = ps->p;
	double t;

	memset(marks.cpu, 0, ps->n * 4);
	t = bench_now();
	for (unsigned int i = 0; i < ps->n; i++) {
		emit_small(p, i);
		csb(p);
		if (!p->pending)
			submit(p);
	}
	drain(p);
	t = bench_now() - t;
	check_marks("coalesced", ps->n);
	return t;
}

static bool wanted(const char *eng, const char *what)
{
	return !filter || strstr(eng, filter) || strstr(what, filter);
}

/*
 * A command stream: the batch @bb of @cmds commands on the engine, and
 * the native walk of it, interleaved; commands per second.
 */
static void stream(struct port *p, const char *what, const struct ee_buf *bb, unsigned int cmds,
		   bool stores)
{
	const struct pass ps = { .p = p, .bb = bb, .stores = stores, .n = cmds };
	double dev[BENCH_MAX_ROUNDS], nat[BENCH_MAX_ROUNDS];
	const char *eng = engine_name[p->ctx->engine];
	struct bench_fig fd, fn;

	if (!wanted(eng, what))
		return;
	/* Round 0 warms up both: the device's TLBs, the pages of both walks. */
	for (unsigned int r = 0; r <= rounds; r++) {
		double d, n;

		if (r % 2) {
			d = per_second(pass_device, &ps);
			n = per_second(pass_walk, &ps);
		} else {
			n = per_second(pass_walk, &ps);
			d = per_second(pass_device, &ps);
		}
		if (r) {
			dev[r - 1] = d / 1e6;
			nat[r - 1] = n / 1e6;
		}
	}
	fd = bench_figure(dev, rounds);
	fn = bench_figure(nat, rounds);
	printf("  %-5s %-27s %7.2f Mcmd/s [%7.2f-%7.2f]  native walk %7.1f [%7.1f-%7.1f]  "
	       "ratio %.4f (higher is better)\n", eng, what, fd.med, fd.min, fd.max, fn.med, fn.min,
	       fn.max, fd.med / fn.med);
}

static void submission(struct port *p)
{
	const struct pass one = { .p = p, .n = ONE_AT_A_TIME }, each = { .p = p, .n = EACH },
			  coal = { .p = p, .n = COALESCED }, pong = { .n = PING_ROUNDS };
	double lat[BENCH_MAX_ROUNDS], ea[BENCH_MAX_ROUNDS], co[BENCH_MAX_ROUNDS];
	double pp[BENCH_MAX_ROUNDS], per[BENCH_MAX_ROUNDS], lite[BENCH_MAX_ROUNDS];
	const char *eng = engine_name[p->ctx->engine];
	struct bench_fig fl, fe, fc, fp, fs, fli;

	if (!wanted(eng, "batches"))
		return;
	/* Round 0 is the warm-up; the order turns around every round. */
	for (unsigned int r = 0; r <= rounds; r++) {
		unsigned long s0, l0, s1, l1, b1, s2, b2;
		double l, e, c, pg;

		pg = r % 2 ? per_second(pass_pingpong, &pong) : 0;
		l = per_second(pass_one_at_a_time, &one);
		s0 = p->submits;
		l0 = p->lites;
		e = per_second(pass_each, &each);
		s1 = p->submits;
		l1 = p->lites;
		b1 = p->batches;
		c = per_second(pass_coalesced, &coal);
		s2 = p->submits;
		b2 = p->batches;
		if (!(r % 2))
			pg = per_second(pass_pingpong, &pong);
		if (r) {
			lat[r - 1] = 1e6 / l;
			ea[r - 1] = e;
			co[r - 1] = c;
			pp[r - 1] = 1e6 / pg;
			lite[r - 1] = 100.0 * (double)(l1 - l0) / (double)(s1 - s0);
			per[r - 1] = (double)(b2 - b1) / (double)(s2 - s1);
		}
	}
	fl = bench_figure(lat, rounds);
	fp = bench_figure(pp, rounds);
	printf("  %-5s %-27s %7.1f us    [%7.1f-%7.1f]  pipe ping-pong %7.1f us [%7.1f-%7.1f]  "
	       "ratio %.2f (lower is better)\n", eng, "batch round trip", fl.med, fl.min, fl.max,
	       fp.med, fp.min, fp.max, fl.med / fp.med);
	/* The same rounds' ping-pongs, as round trips per second. */
	for (unsigned int r = 0; r < rounds; r++)
		pp[r] = 1e6 / pp[r];
	fp = bench_figure(pp, rounds);
	fe = bench_figure(ea, rounds);
	fli = bench_figure(lite, rounds);
	printf("  %-5s %-27s %7.0f /s    [%7.0f-%7.0f]  ping-pongs     %7.0f /s [%7.0f-%7.0f]  "
	       "ratio %.2f (higher is better); %.0f %% lite restores\n", eng,
	       "batches, an ELSP write each", fe.med, fe.min, fe.max, fp.med, fp.min, fp.max,
	       fe.med / fp.med, fli.med);
	fc = bench_figure(co, rounds);
	fs = bench_figure(per, rounds);
	printf("  %-5s %-27s %7.0f /s    [%7.0f-%7.0f]  ping-pongs     %7.0f /s [%7.0f-%7.0f]  "
	       "ratio %.2f (higher is better); %.0f batches per ELSP write\n", eng,
	       "batches coalesced (driver)", fc.med, fc.min, fc.max, fp.med, fp.min, fp.max,
	       fc.med / fp.med, fs.med);
}

/* --- Setup ----------------------------------------------------------------- */

/*
 * @pages PPGTT pages, contiguous in the window.  Not ee_buf_ppgtt(): it
 * maps each page as it takes it, so past the first page table the tables
 * land between the data pages.  Here the data pages come first.
 */
static struct ee_buf buffer(unsigned int pages)
{
	struct ee_buf b = { .addr = env.ppgtt_next, .ppgtt = true };
	uint64_t dma = env_page(&env.g);

	for (unsigned int i = 1; i < pages; i++)
		CHECK_EQ(env_page(&env.g), dma + (uint64_t)i * PG);
	for (unsigned int i = 0; i < pages; i++)
		ppgtt_set(&env.g, env.pml4, b.addr + i * PG, 12, (dma + (uint64_t)i * PG) | PDE_FLAGS);
	env.ppgtt_next += (pages + 16) * PG;
	b.cpu = gs_loop_dma(env.g.loop, dma);
	return b;
}

static void build_batches(void)
{
	noops = buffer((NOOPS + 2) * 4 / PG + 1);
	for (unsigned int i = 0; i < NOOPS; i++)
		BEMIT(&noops, MI_NOOP);
	BEMIT(&noops, MI_BATCH_BUFFER_END, MI_NOOP);

	target = buffer(TARGET_BYTES / PG);
	sdis = buffer((SDIS * SDI_LEN + 2) * 4 / PG + 1);
	for (unsigned int i = 0; i < SDIS; i++)
		BEMIT(&sdis, SDI_PPGTT(BADDR(target, i), i * 2654435761u + 1));
	BEMIT(&sdis, MI_BATCH_BUFFER_END, MI_NOOP);

	marks = buffer(SMALL * 4 / PG + 1);
	small = buffer(SMALL * SMALL_DW * 4 / PG + 1);
	for (unsigned int i = 0; i < SMALL; i++) {
		small.n = i * SMALL_DW;
		BEMIT(&small, SDI_PPGTT(BADDR(marks, i), i + 1), MI_BATCH_BUFFER_END, MI_NOOP,
		      MI_NOOP, MI_NOOP);
	}
}

static void body(void)
{
	struct port port[GS_NUM_ENGINES] = { 0 };
	struct bench_load load;

	/* A pass drains the ring before the next: one pass's commands must fit. */
	_Static_assert(SMALL * 16 < RING_PAGES * 4096, "a pass's ring commands fit in the ring");
	ee_start(&env, NULL);
	for (int e = 0; e < GS_NUM_ENGINES; e++) {
		ee_engine_init(&env, e);
		port[e].ctx = ee_ctx(&env, e, RING_PAGES, 0x100 + (uint32_t)e);
	}
	build_batches();
	bench_load_start(&load);

	if (pinned_cpu >= 0)
		printf("bench_cs: every thread on CPU %d (the idlest; GENSIM_BENCH_NO_PIN=1: not)\n",
		       pinned_cpu);
	printf("bench_cs: loopback, in process, %u rounds after a warm-up; every figure is the\n"
	       "  median [min-max] over the rounds, its baseline measured interleaved with it\n"
	       "  in this process, ratio = median / baseline median.\n"
	       "  Mcmd/s: millions of commands per second in one batch (%u MI_NOOPs; %u\n"
	       "  MI_STORE_DATA_IMMs into %u KiB), higher is better, beside this process walking\n"
	       "  the same batch in C (the floor); round trip: one small batch submitted, then\n"
	       "  waited for (its interrupt), lower is better, beside a pipe ping-pong between\n"
	       "  two threads; /s: small batches per second back to back, each its own ELSP\n"
	       "  write as soon as the last was acknowledged, or coalesced as the driver does,\n"
	       "  higher is better, beside ping-pong round trips per second\n",
	       rounds, NOOPS, SDIS, TARGET_BYTES >> 10);
	for (int e = 0; e < GS_NUM_ENGINES; e++) {
		stream(&port[e], "MI_NOOP stream", &noops, NOOPS + 1, false);
		stream(&port[e], "MI_STORE_DATA_IMM stream", &sdis, SDIS + 1, true);
		submission(&port[e]);
	}
	for (int e = 0; e < GS_NUM_ENGINES; e++)
		ee_ctx_free(port[e].ctx);
	ee_stop(&env);
	bench_load_report("bench_cs", &load);
}

static int usage(FILE *f, int ret)
{
	fprintf(f, "usage: bench_cs [rounds [filter]]\n"
		   "Command streamer and submission rates over the loopback beside native\n"
		   "baselines; prints only.\n"
		   "  rounds  1..%d, default 7\n"
		   "  filter  only the engines or figures whose name contains it\n"
		   "          (rcs0, NOOP, STORE, batches...)\n"
		   "Pins itself to the idlest CPU unless GENSIM_BENCH_NO_PIN is set.\n",
		   BENCH_MAX_ROUNDS);
	return ret;
}

int main(int argc, char **argv)
{
	if (argc > 3)
		return usage(stderr, 2);
	if (argc >= 2) {
		char *end;
		unsigned long n = strtoul(argv[1], &end, 10);

		if (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"))
			return usage(stdout, 0);
		if (*end || !n || n > BENCH_MAX_ROUNDS)
			return usage(stderr, 2);
		rounds = (unsigned int)n;
	}
	if (argc == 3)
		filter = argv[2];
	/* Line by line even into a pipe: make bench shows progress. */
	setvbuf(stdout, NULL, _IOLBF, 0);
	/* Before the device's threads exist: they inherit it (bench_util.c says why). */
	pinned_cpu = bench_pin();
	tap_run("bench_cs", body);
	return tap_done();
}
