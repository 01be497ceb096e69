// SPDX-License-Identifier: MIT
/*
 * Interpreter: divergent SIMD control flow checked channel by channel
 * (nested if/else, while with break and cont, halt, jmpi, call/ret), the
 * send path through a trivial shared-function handler, wait/notify, the
 * budget, and the exceptions of the run loop.  Branch offsets are the
 * Gen8 ones Mesa emits (965/G35 PRM Vol. 4 Subsystem and Cores (2008),
 * 14.2 "Instruction Description"; Mesa src/intel/compiler/brw_eu_emit.c:
 * bytes from the branch; break's UIP points at the while).
 */
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>

#include "it_util.h"

static void t_nested_if(void)
{
	struct gseu_hw_thread *t = it_thread(0xff);

	for (unsigned k = 0; k < 8; k++)
		t->grf[1].d[k] = k;
	it_ok(t,
	      "        cmp.l.f0.0(8) null<1>D g1<8,8,1>D 4D\n"
	      "        (+f0.0) if(8) JIP: else1 UIP: endif1\n"
	      "        mov(8) g2<1>D 1D\n"
	      "        and.nz.f0.1(8) null<1>D g1<8,8,1>D 1D\n"
	      "        (+f0.1) if(8) JIP: endif2 UIP: endif2\n"
	      "        add(8) g3<1>D g1<8,8,1>D 100D\n"
	      "endif2: endif(8) JIP: els\n"
	      "els:    else(8) JIP: endif1 UIP: endif1\n"
	      "else1:  mov(8) g2<1>D 2D\n"
	      "        cmp.z.f0.1(8) null<1>D g1<8,8,1>D 6D\n"
	      "        (+f0.1) if(8) JIP: else3 UIP: endif3\n"
	      "        mov(8) g4<1>D 60D\n"
	      "        else(8) JIP: endif3 UIP: endif3\n"
	      "else3:  mov(8) g4<1>D 70D\n"
	      "endif3: endif(8) JIP: endif1\n"
	      "endif1: endif(8) JIP: after\n"
	      "after:  add(8) g5<1>D g1<8,8,1>D 1D\n");
	for (unsigned k = 0; k < 8; k++) {
		CHECK_EQ(t->grf[2].d[k], k < 4 ? 1 : 2);
		CHECK_EQ(t->grf[3].d[k], (k < 4 && (k & 1)) ? k + 100 : 0);
		CHECK_EQ(t->grf[4].d[k], k < 4 ? 0 : k == 6 ? 60 : 70);
		CHECK_EQ(t->grf[5].d[k], k + 1);
	}
	CHECK_EQ(t->active, 0xff);
	CHECK_EQ(t->waiting, 0);
	gseu_thread_free(t);
}

/* An if no channel takes jumps: a NoMask instruction inside is skipped. */
static void t_if_skip(void)
{
	struct gseu_hw_thread *t = it_thread(0xff);

	t->f.d[0] = 0;
	it_ok(t,
	      "        (+f0.0) if(8) JIP: else1 UIP: endif1\n"
	      "        mov(8) g2<1>D 1D { NoMask }\n"
	      "        else(8) JIP: endif1 UIP: endif1\n"
	      "else1:  mov(8) g3<1>D 3D\n"
	      "endif1: endif(8) JIP: done\n"
	      "done:   mov(8) g4<1>D 4D\n");
	CHECK_EQ(t->grf[2].d[0], 0);
	CHECK_EQ(t->grf[3].d[7], 3);
	CHECK_EQ(t->grf[4].d[7], 4);
	/* and an if every channel takes skips the else part */
	gseu_thread_reset(t, 0xff);
	t->f.d[0] = 0xff;
	it_ok(t,
	      "        (+f0.0) if(8) JIP: else1 UIP: endif1\n"
	      "        mov(8) g2<1>D 1D\n"
	      "        else(8) JIP: endif1 UIP: endif1\n"
	      "else1:  mov(8) g3<1>D 3D { NoMask }\n"
	      "endif1: endif(8) JIP: done\n"
	      "done:   mov(8) g4<1>D 4D\n");
	CHECK_EQ(t->grf[2].d[0], 1);
	CHECK_EQ(t->grf[3].d[0], 0);
	CHECK_EQ(t->grf[4].d[7], 4);
	gseu_thread_free(t);
}

/* while(true) with break at the top and cont in the middle */
static void t_loop(void)
{
	struct gseu_hw_thread *t = it_thread(0xff);

	for (unsigned k = 0; k < 8; k++)
		t->grf[1].d[k] = k;
	it_ok(t,
	      "        mov(8) g2<1>D 0D\n"
	      "        mov(8) g3<1>D 0D\n"
	      "loop:   add(8) g4<1>D g4<8,8,1>D 1D\n"
	      "        cmp.ge.f0.0(8) null<1>D g2<8,8,1>D g1<8,8,1>D\n"
	      "        (+f0.0) break(8) JIP: wend UIP: wend\n"
	      "        add(8) g2<1>D g2<8,8,1>D 1D\n"
	      "        cmp.z.f0.0(8) null<1>D g2<8,8,1>D 3D\n"
	      "        (+f0.0) cont(8) JIP: wend UIP: wend\n"
	      "        add(8) g3<1>D g3<8,8,1>D g2<8,8,1>D\n"
	      "wend:   while(8) JIP: loop\n"
	      "        add(8) g5<1>D g2<8,8,1>D 1000D\n");
	for (unsigned k = 0; k < 8; k++) {
		uint32_t sum = 0;

		for (unsigned i = 1; i <= k; i++)
			sum += i == 3 ? 0 : i;
		CHECK_MSG(t->grf[3].d[k] == sum, "lane %u sum %u want %u", k,
			  t->grf[3].d[k], sum);
		CHECK_EQ(t->grf[4].d[k], k + 1);
		CHECK_EQ(t->grf[5].d[k], k + 1000);
	}
	CHECK_EQ(t->active, 0xff);
	gseu_thread_free(t);
}

/* C model of the next kernel */
static void loop2_ref(unsigned k, uint32_t *sum, uint32_t *iters)
{
	uint32_t i = 0, s = 0, n = 0;

	for (;;) {
		if (i >= 20)
			break;
		n++;
		i++;
		if (i & 1) {
			if (i >= k)
				break;
			continue;
		}
		s += i;
	}
	*sum = s;
	*iters = n;
}

/* predicated break and an unpredicated cont inside an if in a loop */
static void t_loop_nested(void)
{
	struct gseu_hw_thread *t = it_thread(0xffff);

	for (unsigned k = 0; k < 16; k++)
		t->grf[1 + k / 8].d[k % 8] = k * 2;
	it_ok(t,
	      "        mov(16) g4<1>D 0D\n"
	      "        mov(16) g6<1>D 0D\n"
	      "        mov(16) g8<1>D 0D\n"
	      "loop:   cmp.ge.f0.0(16) null<1>D g4<8,8,1>D 20D\n"
	      "        (+f0.0) break(16) JIP: wend UIP: wend\n"
	      "        add(16) g8<1>D g8<8,8,1>D 1D\n"
	      "        add(16) g4<1>D g4<8,8,1>D 1D\n"
	      "        and.nz.f0.0(16) null<1>D g4<8,8,1>D 1D\n"
	      "        (+f0.0) if(16) JIP: endif1 UIP: endif1\n"
	      "        cmp.ge.f1.0(16) null<1>D g4<8,8,1>D g1<8,8,1>D\n"
	      "        (+f1.0) break(16) JIP: endif1 UIP: wend\n"
	      "        cont(16) JIP: endif1 UIP: wend\n"
	      "endif1: endif(16) JIP: wend\n"
	      "        add(16) g6<1>D g6<8,8,1>D g4<8,8,1>D\n"
	      "wend:   while(16) JIP: loop\n"
	      "        mov(16) g10<1>D 9D\n");
	for (unsigned k = 0; k < 16; k++) {
		uint32_t sum, iters;

		loop2_ref(k * 2, &sum, &iters);
		CHECK_MSG(t->grf[6 + k / 8].d[k % 8] == sum, "lane %u sum %u want %u", k,
			  t->grf[6 + k / 8].d[k % 8], sum);
		CHECK_MSG(t->grf[8 + k / 8].d[k % 8] == iters, "lane %u iters", k);
		CHECK_EQ(t->grf[10 + k / 8].d[k % 8], 9);
	}
	gseu_thread_free(t);
}

/* halt parks channels until the halt target */
static void t_halt(void)
{
	struct gseu_hw_thread *t = it_thread(0xff);

	for (unsigned k = 0; k < 8; k++)
		t->grf[1].d[k] = k;
	it_ok(t,
	      "        cmp.l.f0.0(8) null<1>D g1<8,8,1>D 4D\n"
	      "        (+f0.0) halt(8) JIP: target UIP: target\n"
	      "        mov(8) g2<1>D 5D\n"
	      "        cmp.z.f0.0(8) null<1>D g1<8,8,1>D 7D\n"
	      "        (+f0.0) halt(8) JIP: target UIP: target\n"
	      "        mov(8) g3<1>D 6D\n"
	      "target: mov(8) g4<1>D 7D\n");
	for (unsigned k = 0; k < 8; k++) {
		CHECK_EQ(t->grf[2].d[k], k >= 4 ? 5 : 0);
		CHECK_EQ(t->grf[3].d[k], k >= 4 && k != 7 ? 6 : 0);
		CHECK_EQ(t->grf[4].d[k], 7);
	}
	gseu_thread_free(t);
}

/* jmpi forwards, backwards (a counted loop), predicated with any8h */
static void t_jmpi(void)
{
	struct gseu_hw_thread *t = it_thread(0xff);

	it_ok(t,
	      "        mov(1) g2<1>D 0D { NoMask }\n"
	      "back:   add(1) g2<1>D g2<0,1,0>D 1D { NoMask }\n"
	      "        cmp.l.f0.0(1) null<1>D g2<0,1,0>D 5D { NoMask }\n"
	      "        (+f0.0) jmpi(1) back { NoMask }\n"
	      "        jmpi(1) over { NoMask }\n"
	      "        mov(1) g3<1>D 1D { NoMask }\n"
	      "over:   mov(8) g4<1>D 65536D\n"
	      "        cmp.z.f0.0(8) null<1>D g4<8,8,1>D 3D\n"
	      "        (+f0.0.any8h) jmpi(1) over2 { NoMask }\n"
	      "        mov(1) g5<1>D 1D { NoMask }\n"
	      "over2:  nop\n");
	CHECK_EQ(t->grf[2].d[0], 5);
	CHECK_EQ(t->grf[3].d[0], 0);
	CHECK_EQ(t->grf[5].d[0], 1);
	gseu_thread_free(t);
}

/* call stores the return address; ret comes back */
static void t_call(void)
{
	struct gseu_hw_thread *t = it_thread(0xff);

	it_ok(t,
	      "        call(1) g10<1>UD func { NoMask }\n"
	      "        add(8) g3<1>D g2<8,8,1>D 1D\n"
	      "        jmpi(1) done { NoMask }\n"
	      "func:   mov(8) g2<1>D 41D\n"
	      "        ret(1) g10<0,1,0>UD { NoMask }\n"
	      "done:   nop\n");
	CHECK_EQ(t->grf[10].d[0], 16);
	CHECK_EQ(t->grf[10].d[1], 0xff);
	CHECK_EQ(t->grf[3].d[7], 42);
	gseu_thread_free(t);
}

/* send: descriptor fields, payload, response, a0 descriptor, EOT */
static void t_send(void)
{
	struct gseu_hw_thread *t = it_thread(0xff);
	struct gseu_program *p;
	enum gseu_run_status st;

	for (unsigned d = 0; d < 8; d++) {
		t->grf[4].d[d] = 0x100 + d;
		t->grf[5].d[d] = 0x200 + d;
	}
	it_sent.fill = 0xabc00000;
	it_ok(t, "send(8) g10<1>UD g4<8,8,1>UD dp_data1 0x04285e00UD\n"
		 "mov(1) a0<1>UD 0x02100003UD { NoMask }\n"
		 "(+f0.0) send(8) g20<1>UD g5<8,8,1>UD gateway a0<0,1,0>UD\n"
		 "mov(1) f0<1>UD 0x0000000fUD { NoMask }\n"
		 "(+f0.0) sendc(8) null<1>UD g5<8,8,1>UD dp_render 0x02000000UD\n");
	CHECK_EQ(it_sent.count[GSEU_SFID_DP_DC1], 1);
	CHECK_EQ(it_sent.count[GSEU_SFID_GATEWAY], 0);	/* no channel enabled */
	CHECK_EQ(it_sent.count[GSEU_SFID_DP_RC], 1);
	CHECK_EQ(it_sent.count[GSEU_SFID_TS], 1);	/* the EOT send */
	CHECK_EQ(t->grf[10].d[0], 0xabc00000);
	CHECK_EQ(t->grf[11].d[7], 0xabc0000f);
	CHECK_EQ(t->grf[12].d[0], 0);			/* rlen 2 only */
	CHECK(t->ended);
	CHECK_EQ(t->ip, 6 * 16);
	/* the dp_render sendc: mask from the predicate */
	memset(&it_sent, 0, sizeof(it_sent));
	gseu_thread_reset(t, 0xff);
	for (unsigned d = 0; d < 8; d++)
		t->grf[4].d[d] = 0x100 + d;
	t->f.d[0] = 0x3c;
	it_ok(t, "mov(1) a0<1>UD 0x04285e77UD { NoMask }\n"
		 "(+f0.0) sendc(8) g30<1>UD g4<8,8,1>UD dp_data a0<0,1,0>UD\n");
	CHECK_EQ(it_sent.count[GSEU_SFID_DP_DC0], 1);
	CHECK_EQ(it_sent.count[GSEU_SFID_TS], 1);
	/* last is the EOT send; check it, then the sendc through a rerun */
	CHECK(it_sent.last.eot);
	CHECK_EQ(it_sent.last.mlen, 1);
	CHECK_EQ(it_sent.last.payload_nr, 127);
	CHECK_EQ(it_sent.last.channel_mask, 0xff);
	gseu_thread_reset(t, 0xff);
	for (unsigned d = 0; d < 8; d++)
		t->grf[4].d[d] = 0x100 + d;
	t->f.d[0] = 0x3c;
	p = it_prog("mov(1) a0<1>UD 0x04285e77UD { NoMask }\n"
		    "(+f0.0) sendc(8) g30<1>UD g4<8,8,1>UD dp_data a0<0,1,0>UD\n"
		    "nop\n");
	st = gseu_thread_run(t, p, 2);
	CHECK_EQ(st, GSEU_RUN_BUDGET);
	CHECK(it_sent.last.sendc);
	CHECK(it_sent.last.header);
	CHECK_EQ(it_sent.last.mlen, 2);
	CHECK_EQ(it_sent.last.rlen, 2);
	CHECK_EQ(it_sent.last.desc, 0x04285e77);
	CHECK_EQ(it_sent.last.func_ctrl, 0x05e77);
	CHECK_EQ(it_sent.last.channel_mask, 0x3c);
	CHECK_EQ(it_sent.last.payload_nr, 4);
	CHECK_EQ(it_sent.last_payload[0].d[3], 0x103);
	CHECK_EQ(it_sent.last.response_nr, 30);
	gseu_program_free(p);
	gseu_thread_free(t);
}

/*
 * A response range overlapping the payload: the message left with the
 * payload as it was at issue (IGC's SIMD32 untyped reads into r4-r9 from
 * addresses in r6-r7), however the shared function writes its response.
 */
static void t_send_overlap(void)
{
	struct gseu_hw_thread *t = it_thread(0xff);

	memset(&it_sent, 0, sizeof(it_sent));
	it_sent.echo_reversed = true;
	for (unsigned d = 0; d < 8; d++) {
		t->grf[4].d[d] = 0x400 + d;
		t->grf[5].d[d] = 0x500 + d;
	}
	it_ok(t, "send(8) g4<1>UD g4<8,8,1>UD dp_data 0x04200000UD\n");
	CHECK_EQ(it_sent.count[GSEU_SFID_DP_DC0], 1);
	CHECK_EQ(t->grf[4].d[0], 0x500);
	CHECK_EQ(t->grf[4].d[7], 0x507);
	CHECK_EQ(t->grf[5].d[0], 0x400);	/* not the 0x500 just written */
	CHECK_EQ(t->grf[5].d[7], 0x407);
	it_sent.echo_reversed = false;
	gseu_thread_free(t);
}

static void t_send_errors(void)
{
	struct gseu_hw_thread *t = it_thread(0xff);
	struct gseu_program *p;

	CHECK_EQ(it_run(t, "send(8) g10<1>UD g4<8,8,1>UD null 0x02100000UD\n"),
		 GSEU_RUN_EXCEPTION);
	CHECK_EQ(t->exc, GSEU_EXC_NO_SFID);
	gseu_thread_reset(t, 0xff);
	CHECK_EQ(it_run(t, "send(8) g10<1>UD g4<8,8,1>UD cre 0x02100000UD\n"),
		 GSEU_RUN_EXCEPTION);
	CHECK_EQ(t->exc, GSEU_EXC_SEND);
	gseu_thread_reset(t, 0xff);
	CHECK_EQ(it_run(t, "send(8) g10<1>UD g126<8,8,1>UD dp_data 0x06100000UD\n"),
		 GSEU_RUN_EXCEPTION);
	CHECK_EQ(t->exc, GSEU_EXC_REGION);
	/* retry: blocked twice, the send re-executes, then the kernel ends */
	gseu_thread_reset(t, 0xff);
	it_sent.retry_left = 2;
	p = it_prog("add(8) g2<1>D g2<8,8,1>D 1D\n"
		    "send(8) null<1>UD g127<8,8,1>UD ts 0x02000010UD { NoMask EOT }\n");
	CHECK_EQ(gseu_thread_run(t, p, 100), GSEU_RUN_BLOCKED);
	CHECK_EQ(t->ip, 16);
	CHECK_EQ(gseu_thread_run(t, p, 100), GSEU_RUN_BLOCKED);
	CHECK_EQ(gseu_thread_run(t, p, 100), GSEU_RUN_EOT);
	CHECK_EQ(t->grf[2].d[0], 1);			/* the add ran once */
	CHECK_EQ(gseu_thread_run(t, p, 100), GSEU_RUN_EOT);
	gseu_program_free(p);
	gseu_thread_free(t);
}

/* wait n0: blocks without a notification, consumes one per wait */
static void t_wait(void)
{
	struct gseu_hw_thread *t = it_thread(0xff);
	struct gseu_program *p = it_prog(
		"add(8) g2<1>D g2<8,8,1>D 1D\n"
		"wait(1) n0<1>D n0<0,1,0>D\n"
		"add(8) g3<1>D g3<8,8,1>D 1D\n"
		"wait(1) n0<1>D n0<0,1,0>D\n"
		"send(8) null<1>UD g127<8,8,1>UD ts 0x02000010UD { NoMask EOT }\n");

	CHECK_EQ(gseu_thread_run(t, p, 100), GSEU_RUN_BLOCKED);
	CHECK_EQ(t->ip, 16);
	CHECK_EQ(gseu_thread_run(t, p, 100), GSEU_RUN_BLOCKED);
	CHECK_EQ(t->grf[2].d[0], 1);
	gseu_thread_notify(t, 0);
	gseu_thread_notify(t, 0);
	CHECK_EQ(gseu_thread_run(t, p, 100), GSEU_RUN_EOT);
	CHECK_EQ(t->grf[3].d[0], 1);
	CHECK_EQ(t->n0.d[0], 0);
	gseu_program_free(p);
	gseu_thread_free(t);
}

static void *notifier(void *arg)
{
	for (int i = 0; i < 100; i++) {
		gseu_thread_notify(arg, 0);
		if (i % 7 == 0)
			sched_yield();
	}
	return NULL;
}

/* notifications from another host thread while the EU thread runs */
static void t_wait_threads(void)
{
	struct gseu_hw_thread *t = it_thread(0xff);
	struct gseu_program *p = it_prog(
		"        mov(1) g2<1>D 0D { NoMask }\n"
		"loop:   wait(1) n0<1>D n0<0,1,0>D\n"
		"        add(1) g2<1>D g2<0,1,0>D 1D { NoMask }\n"
		"        cmp.l.f0.0(1) null<1>D g2<0,1,0>D 100D { NoMask }\n"
		"        (+f0.0) jmpi(1) loop { NoMask }\n"
		"        send(8) null<1>UD g127<8,8,1>UD ts 0x02000010UD { NoMask EOT }\n");
	enum gseu_run_status st;
	pthread_t th;

	CHECK_EQ(pthread_create(&th, NULL, notifier, t), 0);
	while ((st = gseu_thread_run(t, p, 1000)) == GSEU_RUN_BLOCKED)
		sched_yield();
	pthread_join(th, NULL);
	CHECK_EQ(st, GSEU_RUN_EOT);
	CHECK_EQ(t->grf[2].d[0], 100);
	CHECK_EQ(t->n0.d[0], 0);
	gseu_program_free(p);
	gseu_thread_free(t);
}

/* the budget stops at instruction boundaries; resuming is seamless */
static void t_budget(void)
{
	struct gseu_hw_thread *t = it_thread(0xff);
	struct gseu_program *p = it_prog(
		"        mov(8) g2<1>D 0D\n"
		"loop:   add(8) g2<1>D g2<8,8,1>D 1D\n"
		"        cmp.l.f0.0(8) null<1>D g2<8,8,1>D 100D\n"
		"        (+f0.0) while(8) JIP: loop\n"
		"        send(8) null<1>UD g127<8,8,1>UD ts 0x02000010UD { NoMask EOT }\n");
	unsigned runs = 0;
	enum gseu_run_status st;

	while ((st = gseu_thread_run(t, p, 7)) == GSEU_RUN_BUDGET)
		runs++;
	CHECK_EQ(st, GSEU_RUN_EOT);
	CHECK_EQ(t->grf[2].d[5], 100);
	CHECK_EQ(t->retired, 1 + 300 + 1);
	CHECK_EQ(runs, 301 / 7);
	gseu_program_free(p);
	gseu_thread_free(t);
}

static void t_exceptions(void)
{
	struct gseu_hw_thread *t = it_thread(0xff);
	struct gseu_program *p;
	struct gseu_error err;
	uint8_t code[48];

	/* an undecodable instruction faults when executed, not at load */
	memset(code, 0, sizeof(code));
	code[0] = 0x7e;		/* nop */
	code[32] = 0x7e;
	CHECK_EQ(gseu_program_create(code, sizeof(code), &p, &err), 0);
	CHECK_EQ(gseu_thread_run(t, p, 100), GSEU_RUN_EXCEPTION);
	CHECK_EQ(t->exc, GSEU_EXC_ILLEGAL);
	CHECK_EQ(t->exc_ip, 16);
	gseu_program_free(p);
	/* running off the end */
	gseu_thread_reset(t, 0xff);
	p = it_prog("nop\n");
	CHECK_EQ(gseu_thread_run(t, p, 100), GSEU_RUN_EXCEPTION);
	CHECK_EQ(t->exc, GSEU_EXC_IP);
	gseu_program_free(p);
	/* a jump into the middle of nowhere */
	gseu_thread_reset(t, 0xff);
	p = it_prog("jmpi(1) JIP: 4096 { NoMask }\nnop\n");
	CHECK_EQ(gseu_thread_run(t, p, 100), GSEU_RUN_EXCEPTION);
	CHECK_EQ(t->exc, GSEU_EXC_IP);
	CHECK_EQ(t->exc_ip, 0x1010);
	gseu_program_free(p);
	/* brd/brc are named as unsupported */
	gseu_thread_reset(t, 0xff);
	CHECK_EQ(it_run(t, "brd(1) JIP: 16\n"), GSEU_RUN_EXCEPTION);
	CHECK_EQ(t->exc, GSEU_EXC_UNSUPPORTED);
	CHECK(strstr(t->exc_msg, "brd") != NULL);
	/* a truncated kernel is refused at load */
	CHECK_EQ(gseu_program_create(code, 20, &p, &err), -1);
	gseu_thread_free(t);
}

int main(void)
{
	tap_run("nested if/else, channel by channel", t_nested_if);
	tap_run("if with no / all channels jumps over the other part", t_if_skip);
	tap_run("while(true) with break and cont", t_loop);
	tap_run("SIMD16 loop: break and cont inside an if, predicated while", t_loop_nested);
	tap_run("halt parks channels until the target", t_halt);
	tap_run("jmpi forward, backward, any8h", t_jmpi);
	tap_run("call / ret", t_call);
	tap_run("send: descriptor, payload, response, a0, sendc, EOT", t_send);
	tap_run("send: a response over the payload reads the payload as issued", t_send_overlap);
	tap_run("send errors, retry", t_send_errors);
	tap_run("wait n0 and gseu_thread_notify", t_wait);
	tap_run("notifications from another host thread", t_wait_threads);
	tap_run("budget and resume", t_budget);
	tap_run("exceptions: illegal, ip range, unsupported", t_exceptions);
	return tap_done();
}
