// SPDX-License-Identifier: MIT
/*
 * Errors and bounds (hw-spec-compute "Errors and bounds"): every way a
 * kernel or a dispatch can go wrong ends the dispatch with a specific
 * status and message, never a crash: a reserved binding table index, a
 * surface of the wrong type, unsupported messages, SFIDs and formats,
 * wrong message lengths, EOT to the wrong unit or for another FFTID,
 * memory faults (reported in the engine's RING_FAULT_REG with the data
 * port's or sampler's source ID, checked against the register layout),
 * instruction fetch faults, an illegal instruction, the instruction
 * bound, the time bound, abort, a concurrent dispatch.  The array runs a
 * good dispatch after each.  A kernel larger than the first fetch window
 * runs.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "compute_env.h"
#include "tap.h"

static uint32_t desc(unsigned int mlen, unsigned int rlen, unsigned int type, unsigned int ctrl,
		     unsigned int bti)
{
	return mlen << 25 | rlen << 20 | type << 14 | ctrl << 8 | bti;
}

/* SIMD8 untyped read, one channel */
static uint32_t rd8(unsigned int bti)
{
	return desc(1, 1, 1, 2u << 4 | 0xe, bti);
}

static uint32_t wr8(unsigned int bti)
{
	return desc(2, 0, 9, 2u << 4 | 0xe, bti);
}

#define ADDR8 \
	"mov(8) g10<1>UW 0x76543210V { align1 1Q NoMask }\n" \
	"shl(8) g12<1>UD g10<8,8,1>UW 2UD { align1 1Q NoMask }\n"

struct err_env {
	struct compute_env e;
	uint64_t buf;
	unsigned int bbuf;
};

static void err_start(struct err_env *s)
{
	cse_start(&s->e, 2);
	s->buf = cse_alloc(&s->e, 4096);
	s->bbuf = cse_buffer(&s->e, s->buf, 4096);
}

/* A good dispatch still runs: it stores 8 dwords. */
static void still_works(struct err_env *s)
{
	struct gs_eu_dispatch d;
	char text[1024];

	snprintf(text, sizeof(text), ADDR8
		 "mov(8) g13<1>UD 0x600dUD { align1 1Q NoMask }\n"
		 "send(8) null<1>UD g12<8,8,1>UD dp_data1 0x%08xUD { align1 1Q }\n" CSE_EOT,
		 wr8(s->bbuf));
	cse_desc(&s->e, &d, cse_kernel(&s->e, text));
	d.simd = 8;
	cse_ok(&s->e, &d);
	CHECK_EQ(cse_rd32(&s->e, s->buf + 28), 0x600d);
}

/* Run @text (SIMD8, one thread); expect @st and @needle in the message. */
static struct gs_eu_result expect(struct err_env *s, const char *text, enum gs_eu_status st,
				  const char *needle)
{
	struct gs_eu_dispatch d;
	struct gs_eu_result res;

	cse_desc(&s->e, &d, cse_kernel(&s->e, text));
	d.simd = 8;
	CHECK_MSG(cse_run(&s->e, &d, &res) == st, "want %s, got %s: %s", gs_eu_status_name(st),
		  gs_eu_status_name(res.status), res.msg);
	CHECK_MSG(strstr(res.msg, needle), "message \"%s\" lacks \"%s\"", res.msg, needle);
	return res;
}

static void send_case(const char *sfid, uint32_t dsc, enum gs_eu_status st, const char *needle)
{
	struct err_env s;
	struct gs_eu_result res;
	char text[1024];

	err_start(&s);
	snprintf(text, sizeof(text), ADDR8
		 "send(8) g20<1>UD g12<8,8,1>UD %s 0x%08xUD { align1 1Q }\n" CSE_EOT, sfid, dsc);
	res = expect(&s, text, st, needle);
	CHECK(res.has_thread);
	CHECK_EQ(res.exc, GSEU_EXC_SEND);
	CHECK_EQ(res.ip, 0x20);		/* the send: third instruction */
	still_works(&s);
	cse_stop(&s.e);
}

static void t_bad_bti(void)
{
	send_case("dp_data1", rd8(250), GS_EU_ERR_MESSAGE, "binding table index 250 is reserved");
}

static void t_wrong_surface_type(void)
{
	struct err_env s;
	char text[1024];
	unsigned int b2d;

	err_start(&s);
	b2d = cse_surface(&s.e, SURF_2D, FMT_R32_FLOAT, s.buf, 16, 16, 64);
	snprintf(text, sizeof(text), ADDR8
		 "send(8) g20<1>UD g12<8,8,1>UD dp_data1 0x%08xUD { align1 1Q }\n" CSE_EOT,
		 rd8(b2d));
	expect(&s, text, GS_EU_ERR_MESSAGE, "2D surface");
	cse_stop(&s.e);
}

static void t_unsupported_messages(void)
{
	send_case("dp_data1", desc(1, 1, 7, 0, 0), GS_EU_ERR_UNSUPPORTED, "typed atomic SIMD4x2");
	send_case("dp_data1", desc(1, 1, 0x1b, 7, 0), GS_EU_ERR_UNSUPPORTED, "Gen9");
	send_case("dp_data", desc(1, 1, 3, 0, 0), GS_EU_ERR_UNSUPPORTED, "DWord scattered");
	send_case("dp_data1", desc(1, 1, 0x1f, 0, 0), GS_EU_ERR_UNSUPPORTED, "not a Gen8");
	send_case("urb", desc(1, 1, 0, 0, 0), GS_EU_ERR_UNSUPPORTED, "URB");
	send_case("dp_render", desc(1, 1, 0, 0, 0), GS_EU_ERR_UNSUPPORTED, "render-cache");
	send_case("gateway", 0x02100003, GS_EU_ERR_UNSUPPORTED, "GetTimeStamp");
	send_case("sampler", 1u << 25 | 1u << 20 | 1u << 17 | 3u << 12, GS_EU_ERR_UNSUPPORTED,
		  "sample_c");
	send_case("dp_data1", desc(1, 1, 1, 0 << 4 | 0xe, 0), GS_EU_ERR_UNSUPPORTED, "SIMD4x2");
}

/* The unaligned OWord block read's byte offset must be DWord aligned. */
static void t_unaligned_block_offset(void)
{
	struct err_env s;
	char text[1024];

	err_start(&s);
	snprintf(text, sizeof(text),
		 "mov(8) g12<1>UD g0<8,8,1>UD { align1 1Q NoMask }\n"
		 "mov(1) g12.2<1>UD 6UD { align1 1N NoMask }\n"
		 "send(8) g20<1>UD g12<8,8,1>UD dp_data 0x%08xUD { align1 1Q NoMask }\n" CSE_EOT,
		 desc(1, 1, 1, 2, s.bbuf) | 1u << 19);
	expect(&s, text, GS_EU_ERR_MESSAGE, "not DWord aligned");
	still_works(&s);
	cse_stop(&s.e);
}

static void t_bad_lengths(void)
{
	send_case("dp_data1", desc(2, 1, 1, 2u << 4 | 0xe, 0), GS_EU_ERR_MESSAGE,
		  "message length 2, this message is 1");
	send_case("dp_data1", desc(1, 2, 1, 2u << 4 | 0xe, 0), GS_EU_ERR_MESSAGE,
		  "response length 2, this message returns 1");
	send_case("dp_data1", desc(1, 1, 2, 0, 0), GS_EU_ERR_MESSAGE, "operation 0 is reserved");
	send_case("dp_data", desc(1, 1, 0, 2, 0), GS_EU_ERR_MESSAGE, "no header");
}

static void t_unsupported_format(void)
{
	struct err_env s;
	char text[1024];
	unsigned int bt;

	err_start(&s);
	bt = cse_surface(&s.e, SURF_2D, 0x181 /* R1_UNORM */, s.buf, 16, 16, 64);
	snprintf(text, sizeof(text), ADDR8
		 "send(8) g20<1>UD g12<8,8,1>UD sampler 0x%08xUD { align1 1Q }\n" CSE_EOT,
		 3u << 25 | 4u << 20 | 1u << 17 | 7u << 12 | bt);
	expect(&s, text, GS_EU_ERR_UNSUPPORTED, "surface format 0x181");
	/* sample on an integer format is refused too */
	bt = cse_surface(&s.e, SURF_2D, FMT_R32_UINT, s.buf, 16, 16, 64);
	snprintf(text, sizeof(text), ADDR8
		 "send(8) g20<1>UD g12<8,8,1>UD sampler 0x%08xUD { align1 1Q }\n" CSE_EOT,
		 2u << 25 | 4u << 20 | 1u << 17 | 0u << 12 | bt);
	expect(&s, text, GS_EU_ERR_MESSAGE, "integer format");
	still_works(&s);
	cse_stop(&s.e);
}

static void t_bad_eot(void)
{
	struct err_env s;
	char text[1024];

	err_start(&s);
	snprintf(text, sizeof(text), ADDR8
		 "send(8) null<1>UD g12<8,8,1>UD dp_data1 0x%08xUD { align1 1Q EOT }\n",
		 wr8(s.bbuf));
	expect(&s, text, GS_EU_ERR_MESSAGE, "EOT on a data port message");
	expect(&s, "mov(8) g127<1>UD 0UD { align1 1Q NoMask }\n"
		   "mov(1) g127.5<1>UD 999UD { align1 1N NoMask }\n"
		   "send(8) null<1>UD g127<8,8,1>UD ts 0x02000010UD { align1 1Q NoMask EOT }\n",
	       GS_EU_ERR_MESSAGE, "FFTID 999");
	expect(&s, "mov(8) g127<1>UD g0<8,8,1>UD { align1 1Q NoMask }\n"
		   "send(8) null<1>UD g127<8,8,1>UD ts 0x02000011UD { align1 1Q NoMask EOT }\n",
	       GS_EU_ERR_UNSUPPORTED, "spawning");
	expect(&s, "mov(8) g127<1>UD g0<8,8,1>UD { align1 1Q NoMask }\n"
		   "send(8) null<1>UD g127<8,8,1>UD null 0x02000000UD { align1 1Q NoMask EOT }\n",
	       GS_EU_ERR_MESSAGE, "EOT to the null function");
	still_works(&s);
	cse_stop(&s.e);
}

/* RING_FAULT_REG: VA 31:12, GTTSEL 11, SRCID 10:3, TYPE 2:1, VALID 0 */
static void check_fault_reg(struct err_env *s, uint64_t va, unsigned int src, unsigned int type)
{
	uint32_t want = ((uint32_t)va & 0xfffff000u) | src << 3 | type << 1 | 1u;

	CHECK_EQ(gs_loop_read(s->e.g.loop, RING_FAULT_REG_RCS), want);
	CHECK_EQ(gs_loop_read(s->e.g.loop, GEN8_FAULT_TLB_DATA0), (uint32_t)(va >> 12));
	gs_loop_write(s->e.g.loop, RING_FAULT_REG_RCS, 0);	/* the driver's ack */
	CHECK_EQ(gs_loop_read(s->e.g.loop, RING_FAULT_REG_RCS), 0);
}

/* A buffer surface over a page that is not mapped: the in-bounds access faults. */
static void t_dataport_fault(void)
{
	struct err_env s;
	struct gs_eu_result res;
	char text[1024];
	uint64_t hole;
	unsigned int bh;

	err_start(&s);
	hole = s.buf + 4096;		/* cse_alloc leaves a hole after each buffer */
	bh = cse_buffer(&s.e, hole - 16, 4096);
	snprintf(text, sizeof(text), ADDR8
		 "send(8) g20<1>UD g12<8,8,1>UD dp_data1 0x%08xUD { align1 1Q }\n" CSE_EOT,
		 rd8(bh));
	res = expect(&s, text, GS_EU_ERR_FAULT, "faulted");
	CHECK(res.has_fault);
	CHECK_EQ(res.fault.va, hole);
	CHECK(!res.fault.write);
	check_fault_reg(&s, hole, FAULT_SRC_DATAPORT, FAULT_TYPE_PTE);
	still_works(&s);
	cse_stop(&s.e);
}

/* A write through a read-only PPGTT page faults with TYPE WRITE. */
static void t_write_fault(void)
{
	struct err_env s;
	struct gs_eu_result res;
	char text[1024];
	uint64_t ro = CSE_BUF_VA + 0x100000, dma;
	unsigned int b;

	err_start(&s);
	dma = env_page(&s.e.g);
	ppgtt_set(&s.e.g, s.e.pml4, ro, 12, dma | GEN8_PAGE_PRESENT);
	b = cse_buffer(&s.e, ro, 4096);
	snprintf(text, sizeof(text), ADDR8
		 "send(8) g20<1>UD g12<8,8,1>UD dp_data1 0x%08xUD { align1 1Q }\n"
		 "send(8) null<1>UD g12<8,8,1>UD dp_data1 0x%08xUD { align1 1Q }\n" CSE_EOT,
		 rd8(b), wr8(b));
	res = expect(&s, text, GS_EU_ERR_FAULT, "write");
	CHECK(res.fault.write);
	CHECK_EQ(res.ip, 0x30);
	check_fault_reg(&s, ro, FAULT_SRC_DATAPORT, FAULT_TYPE_WRITE);
	cse_stop(&s.e);
}

/* A 2D surface whose second row is not mapped: ld there faults as the sampler. */
static void t_sampler_fault(void)
{
	struct err_env s;
	char text[1024];
	unsigned int bt;

	err_start(&s);
	bt = cse_surface(&s.e, SURF_2D, FMT_R32_FLOAT, s.buf, 16, 4, 4096);
	/* u = lane, lod 0, v = 1: row 1 is the hole */
	snprintf(text, sizeof(text),
		 "mov(8) g10<1>UW 0x76543210V { align1 1Q NoMask }\n"
		 "mov(8) g20<1>UD g10<8,8,1>UW { align1 1Q NoMask }\n"
		 "mov(8) g21<1>UD 0UD { align1 1Q NoMask }\n"
		 "mov(8) g22<1>UD 1UD { align1 1Q NoMask }\n"
		 "send(8) g30<1>UD g20<8,8,1>UD sampler 0x%08xUD { align1 1Q }\n" CSE_EOT,
		 3u << 25 | 4u << 20 | 1u << 17 | 7u << 12 | bt);
	expect(&s, text, GS_EU_ERR_FAULT, "faulted");
	check_fault_reg(&s, s.buf + 4096, FAULT_SRC_SAMPLER, FAULT_TYPE_PTE);
	still_works(&s);
	cse_stop(&s.e);
}

static void t_kernel_fetch_fault(void)
{
	struct err_env s;
	struct gs_eu_dispatch d;
	struct gs_eu_result res;
	char text[256];

	err_start(&s);
	cse_desc(&s.e, &d, 0);
	d.instruction_base = CSE_BUF_VA + 0x300000;	/* nothing mapped there */
	CHECK_EQ(cse_run(&s.e, &d, &res), GS_EU_ERR_FAULT);
	CHECK(strstr(res.msg, "kernel fetch"));
	CHECK(res.fault.type == FAULT_TYPE_PTE || res.fault.type == FAULT_TYPE_DIRECTORY);
	check_fault_reg(&s, d.instruction_base, FAULT_SRC_CS, res.fault.type);
	/* a jump past the mapped instruction heap faults when the thread gets there */
	snprintf(text, sizeof(text), "jmpi(1) JIP: %u { align1 1N NoMask }\n" CSE_EOT,
		 CSE_HEAP_SIZE);
	expect(&s, text, GS_EU_ERR_FAULT, "instruction fetch");
	CHECK_EQ(gs_loop_read(s.e.g.loop, RING_FAULT_REG_RCS) & 0x7f9, FAULT_SRC_CS << 3 | 1);
	gs_loop_write(s.e.g.loop, RING_FAULT_REG_RCS, 0);
	CHECK_EQ(gs_loop_read(s.e.g.loop, RING_FAULT_REG_RCS), 0);	/* posting read */
	still_works(&s);
	cse_stop(&s.e);
}

/* 600 instructions (9.6 KB): more than the first 4 KiB the array fetches. */
static void t_long_kernel(void)
{
	struct err_env s;
	struct gs_eu_dispatch d;
	size_t len = 600 * 64 + 2048;
	char *text = malloc(len);
	int n = 0;

	CHECK(text);
	err_start(&s);
	/* a spin first, so that threads on different workers reach the end together */
	n += snprintf(text + n, len - (size_t)n,
		      "mov(1) g14<1>UD 0UD { align1 1N NoMask }\n"
		      "spin: add(1) g14<1>UD g14<0,1,0>UD 1UD { align1 1N NoMask }\n"
		      "cmp.l.f0.0(1) null<1>UD g14<0,1,0>UD 20000UD { align1 1N NoMask }\n"
		      "(+f0.0) jmpi(1) spin { align1 1N NoMask }\n"
		      "mov(8) g13<1>UD 0UD { align1 1Q NoMask }\n");
	for (int i = 0; i < 600; i++)
		n += snprintf(text + n, len - (size_t)n,
			      "add(8) g13<1>UD g13<8,8,1>UD 3UD { align1 1Q NoMask }\n");
	snprintf(text + n, len - (size_t)n, ADDR8
		 "send(8) null<1>UD g12<8,8,1>UD dp_data1 0x%08xUD { align1 1Q }\n" CSE_EOT,
		 wr8(s.bbuf));
	cse_desc(&s.e, &d, cse_kernel(&s.e, text));
	d.simd = 8;
	cse_ok(&s.e, &d);
	CHECK_EQ(cse_rd32(&s.e, s.buf), 1800);
	/* many threads reach the end of the first window at once */
	d.dim[0] = 16;
	cse_ok(&s.e, &d);
	CHECK_EQ(cse_rd32(&s.e, s.buf + 28), 1800);
	free(text);
	cse_stop(&s.e);
}

static void t_illegal_instruction(void)
{
	struct err_env s;
	struct gs_eu_dispatch d;
	struct gs_eu_result res;
	static const uint8_t zeros[16];

	err_start(&s);
	cse_write(&s.e, CSE_ISA_VA + 0x3000, zeros, sizeof(zeros));
	cse_desc(&s.e, &d, 0x3000);
	d.simd = 8;
	CHECK_EQ(cse_run(&s.e, &d, &res), GS_EU_ERR_EXCEPTION);
	CHECK_EQ(res.exc, GSEU_EXC_ILLEGAL);
	CHECK(res.has_thread);
	still_works(&s);
	cse_stop(&s.e);
}

static uint64_t now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

static const char spin[] = "loop: jmpi(1) loop { align1 1N NoMask }\n" CSE_EOT;

static void t_instruction_bound(void)
{
	struct err_env s;
	struct gs_eu_dispatch d;
	struct gs_eu_result res;

	err_start(&s);
	cse_desc(&s.e, &d, cse_kernel(&s.e, spin));
	d.max_thread_insns = 100000;
	d.dim[0] = 4;
	CHECK_EQ(cse_run(&s.e, &d, &res), GS_EU_ERR_HANG);
	CHECK_MSG(strstr(res.msg, "instructions retired without ending"), "%s", res.msg);
	still_works(&s);
	cse_stop(&s.e);
}

static void t_time_bound(void)
{
	struct err_env s;
	struct gs_eu_dispatch d;
	struct gs_eu_result res;
	uint64_t t0;

	err_start(&s);
	cse_desc(&s.e, &d, cse_kernel(&s.e, spin));
	d.max_thread_insns = ~0ull;
	d.timeout_ms = 300;
	d.dim[0] = 40;
	t0 = now_ms();
	CHECK_EQ(cse_run(&s.e, &d, &res), GS_EU_ERR_HANG);
	CHECK_MSG(strstr(res.msg, "within 300 ms"), "%s", res.msg);
	CHECK(now_ms() - t0 < 10000);
	still_works(&s);
	cse_stop(&s.e);
}

struct later {
	struct gs_eu_array *a;
	struct gs_eu_dispatch *d;
	struct gs_eu_result res;
	unsigned int delay_ms;
	bool abort;
};

static void *later_fn(void *arg)
{
	struct later *l = arg;

	usleep(l->delay_ms * 1000);
	if (l->abort)
		gs_eu_abort(l->a);
	else
		gs_eu_dispatch(l->a, l->d, &l->res);
	return NULL;
}

/* While a dispatch spins: a second one is BUSY; an abort from a third thread stops it. */
static void t_abort_and_busy(void)
{
	struct err_env s;
	struct gs_eu_dispatch d;
	struct gs_eu_result res;
	struct later busy, stop;
	pthread_t t1, t2;
	uint64_t t0;

	err_start(&s);
	cse_desc(&s.e, &d, cse_kernel(&s.e, spin));
	d.max_thread_insns = ~0ull;
	d.timeout_ms = 20000;
	d.dim[0] = 8;
	busy = (struct later){ .a = s.e.a, .d = &d, .delay_ms = 50 };
	stop = (struct later){ .a = s.e.a, .delay_ms = 300, .abort = true };
	CHECK_EQ(pthread_create(&t1, NULL, later_fn, &busy), 0);
	CHECK_EQ(pthread_create(&t2, NULL, later_fn, &stop), 0);
	t0 = now_ms();
	CHECK_EQ(cse_run(&s.e, &d, &res), GS_EU_ERR_ABORTED);
	CHECK(now_ms() - t0 < 10000);
	pthread_join(t1, NULL);
	pthread_join(t2, NULL);
	CHECK_EQ(busy.res.status, GS_EU_ERR_BUSY);
	gs_eu_abort(s.e.a);		/* nothing running: no effect */
	still_works(&s);
	cse_stop(&s.e);
}

int main(void)
{
	tap_run("reserved binding table index", t_bad_bti);
	tap_run("untyped message on a 2D surface", t_wrong_surface_type);
	tap_run("unsupported messages and SFIDs are named", t_unsupported_messages);
	tap_run("unaligned OWord block read at a byte offset not DWord aligned",
		t_unaligned_block_offset);
	tap_run("wrong message and response lengths", t_bad_lengths);
	tap_run("unsupported surface format; sample on an integer format", t_unsupported_format);
	tap_run("EOT to the wrong unit, for another FFTID, with spawn", t_bad_eot);
	tap_run("data port fault reported in RING_FAULT_REG", t_dataport_fault);
	tap_run("write through a read-only page", t_write_fault);
	tap_run("sampler fault reported with the sampler's source ID", t_sampler_fault);
	tap_run("kernel fetch faults", t_kernel_fetch_fault);
	tap_run("a kernel larger than the first fetch window", t_long_kernel);
	tap_run("illegal instruction", t_illegal_instruction);
	tap_run("instruction bound", t_instruction_bound);
	tap_run("time bound", t_time_bound);
	tap_run("abort and busy", t_abort_and_busy);
	return tap_done();
}
