// SPDX-License-Identifier: MIT
/*
 * Execlists and the context status buffer (hw-spec-engines "Submission",
 * "The context status buffer", "The context image"; PRM Vol. 6 Command
 * Stream Programming (Cherryview 2015), "Execlists", "Context Status",
 * "ExecList Scheduling", "Interrupt Control Registers", "Ring Buffer
 * Scheduling").  Contexts are held in place with semaphores in GGTT
 * memory the test releases, so every event happens when the test says;
 * the CSB is read as a driver reads it, from the status page after its
 * write pointer, and checked against the MMIO copy (ee_csb()).
 */
#include <time.h>

#include "engine_env.h"
#include "tap.h"

#define POLL(addr)	SEM_POLL_GGTT(addr, 1, MI_SEMAPHORE_SAD_EQ_SDD)

static void sleep_ms(int ms)
{
	struct timespec ts = { ms / 1000, (long)(ms % 1000) * 1000000 };

	nanosleep(&ts, NULL);
}

struct fixture {
	struct eng_env env;
	struct ee_buf d;	/* data: markers at 0.., semaphores at 64.. */
	int e;
	uint32_t base;
};

static void setup(struct fixture *f, int engine)
{
	ee_start(&f->env, NULL);
	ee_engine_init(&f->env, engine);
	f->d = ee_buf_ggtt(&f->env, 1);
	f->e = engine;
	f->base = ee_base(engine);
}

static uint32_t sem(struct fixture *f, unsigned int i)
{
	return LO(BADDR(f->d, 64 + i));
}

static void release(struct fixture *f, unsigned int i)
{
	wr32(&f->d.cpu[64 + i], 1);
}

static uint32_t mark(struct fixture *f, unsigned int i)
{
	return rd32(&f->d.cpu[i]);
}

/* Wait until the engine is in an unsuccessful semaphore wait. */
static void wait_waiting(struct fixture *f)
{
	CHECK(ee_poll(&f->env, RING_CTL(f->base), RING_WAIT_SEMAPHORE, RING_WAIT_SEMAPHORE,
		      WAIT_MS));
}

static void expect_at(struct fixture *f, uint32_t status, uint32_t ctx_id, int line)
{
	uint32_t st, id;

	CHECK_MSG(ee_csb(&f->env, f->e, 1, &st, &id, WAIT_MS) == 1,
		  "line %d: no CSB entry (want %#x)", line, status);
	CHECK_MSG(st == status, "line %d: CSB status %#x, expected %#x", line, st, status);
	if (!(status & CSB_IDLE_TO_ACTIVE))
		CHECK_MSG(id == ctx_id, "line %d: CSB context %#x, expected %#x", line, id, ctx_id);
}

static void expect_none_at(struct fixture *f, int ms, int line)
{
	uint32_t st, id;

	CHECK_MSG(ee_csb(&f->env, f->e, 1, &st, &id, ms) == 0,
		  "line %d: unexpected CSB entry %#x (%#x)", line, st, id);
}

#define expect(f, status, id)	expect_at(f, status, id, __LINE__)
#define expect_none(f, ms)	expect_none_at(f, ms, __LINE__)

static void teardown(struct fixture *f)
{
	CHECK_EQ(ee_read(&f->env, RING_EIR(f->base)), 0);
	ee_stop(&f->env);
}

/*
 * Idle to active to idle, one context-switch interrupt per entry
 * (testables 16, 17, 21), and the submission only on the fourth ELSP
 * write (testable 11).
 */
static void t_idle_active_idle(void)
{
	struct fixture f;
	struct eng_ctx *a;
	uint32_t elsp;

	setup(&f, GS_RCS);
	elsp = RING_ELSP(f.base);
	a = ee_ctx(&f.env, f.e, 1, 0xa);
	EMIT(a, POLL(sem(&f, 0)), SDI_GGTT(LO(BADDR(f.d, 0)), 1));
	ee_pad(a);
	wr32(&a->state[CTX_RING_TAIL + 1], a->tail);
	ee_ack_irqs(&f.env);
	ee_write(&f.env, elsp, 0);
	ee_write(&f.env, elsp, 0);
	ee_write(&f.env, elsp, HI(a->desc));
	expect_none(&f, 50);
	CHECK_EQ(ee_read(&f.env, RING_EXECLIST_STATUS_LO(f.base)), 0);
	ee_write(&f.env, elsp, LO(a->desc));
	expect(&f, CSB_IDLE_TO_ACTIVE, 0);
	CHECK(ee_engine_iir(&f.env, f.e) & GT_CONTEXT_SWITCH_INTERRUPT);
	wait_waiting(&f);
	CHECK_EQ(ee_read(&f.env, RING_MI_MODE(f.base)) & MODE_IDLE, 0);
	ee_ack_irqs(&f.env);
	CHECK_EQ(ee_engine_iir(&f.env, f.e) & GT_CONTEXT_SWITCH_INTERRUPT, 0);
	release(&f, 0);
	expect(&f, CSB_ACTIVE_TO_IDLE | CSB_CONTEXT_COMPLETE, 0xa);
	CHECK(ee_engine_iir(&f.env, f.e) & GT_CONTEXT_SWITCH_INTERRUPT);
	CHECK_EQ(mark(&f, 0), 1);
	CHECK(ee_wait_idle(&f.env, f.e, WAIT_MS));
	CHECK_EQ(ee_read(&f.env, RING_EXECLIST_STATUS_HI(f.base)), 0);
	ee_ctx_free(a);
	teardown(&f);
}

/*
 * Two elements: ELEMENT_SWITCH | COMPLETE for element 0, then element 1
 * to idle (testable 15); EXECLIST_STATUS along the way.
 */
static void t_element_switch(void)
{
	struct fixture f;
	struct eng_ctx *a, *b;

	setup(&f, GS_BCS);
	a = ee_ctx(&f.env, f.e, 1, 0xa);
	b = ee_ctx(&f.env, f.e, 1, 0xb);
	EMIT(a, POLL(sem(&f, 0)), SDI_GGTT(LO(BADDR(f.d, 0)), 1));
	EMIT(b, POLL(sem(&f, 1)), SDI_GGTT(LO(BADDR(f.d, 1)), 2));
	ee_submit(&f.env, a, b);
	expect(&f, CSB_IDLE_TO_ACTIVE, 0);
	wait_waiting(&f);
	/* Slot 0 current, element 0 active, arbitration on, A's ID. */
	CHECK_EQ(ee_read(&f.env, RING_EXECLIST_STATUS_LO(f.base)),
		 EL_STATUS_EL0_VALID | FIELD_PREP(EL_STATUS_ACTIVE_ELEMENT, 1) |
		 EL_STATUS_ARB_ENABLE);
	CHECK_EQ(ee_read(&f.env, RING_EXECLIST_STATUS_HI(f.base)), 0xa);
	release(&f, 0);
	expect(&f, CSB_ELEMENT_SWITCH | CSB_CONTEXT_COMPLETE, 0xa);
	wait_waiting(&f);
	CHECK_EQ(ee_read(&f.env, RING_EXECLIST_STATUS_LO(f.base)),
		 EL_STATUS_EL0_VALID | FIELD_PREP(EL_STATUS_ACTIVE_ELEMENT, 2) |
		 EL_STATUS_ARB_ENABLE);
	CHECK_EQ(ee_read(&f.env, RING_EXECLIST_STATUS_HI(f.base)), 0xb);
	release(&f, 1);
	expect(&f, CSB_ACTIVE_TO_IDLE | CSB_CONTEXT_COMPLETE, 0xb);
	CHECK_EQ(mark(&f, 0), 1);
	CHECK_EQ(mark(&f, 1), 2);
	ee_ctx_free(a);
	ee_ctx_free(b);
	teardown(&f);
}

/*
 * An unsuccessful semaphore wait is a preemption point (testable 52); the
 * preempted context is saved with its head on the wait and resumes there
 * (testables 14, 29).  The second list went into hardware execlist 1.
 */
static void t_preempt_at_semaphore(void)
{
	struct fixture f;
	struct eng_ctx *a, *b;
	uint32_t wait_at;

	setup(&f, GS_VCS);
	a = ee_ctx(&f.env, f.e, 1, 0xa);
	b = ee_ctx(&f.env, f.e, 1, 0xb);
	EMIT(a, SDI_GGTT(LO(BADDR(f.d, 0)), 1));
	wait_at = a->tail;
	EMIT(a, POLL(sem(&f, 0)), SDI_GGTT(LO(BADDR(f.d, 1)), 2));
	EMIT(b, SDI_GGTT(LO(BADDR(f.d, 2)), 3));
	ee_submit(&f.env, a, NULL);
	expect(&f, CSB_IDLE_TO_ACTIVE, 0);
	wait_waiting(&f);
	ee_submit(&f.env, b, NULL);
	expect(&f, CSB_PREEMPTED, 0xa);
	expect(&f, CSB_ACTIVE_TO_IDLE | CSB_CONTEXT_COMPLETE, 0xb);
	CHECK_EQ(mark(&f, 0), 1);
	CHECK_EQ(mark(&f, 1), 0);
	CHECK_EQ(mark(&f, 2), 3);
	/* A's image: head on the wait, no longer restore-inhibited. */
	CHECK_EQ(rd32(&a->state[CTX_RING_HEAD + 1]), wait_at);
	CHECK_EQ(rd32(&a->state[CTX_CONTEXT_CONTROL + 1]),
		 0xffff0000u | CTX_CTRL_INHIBIT_SYN_CTX_SWITCH);
	release(&f, 0);
	ee_submit(&f.env, a, NULL);
	expect(&f, CSB_IDLE_TO_ACTIVE, 0);
	expect(&f, CSB_ACTIVE_TO_IDLE | CSB_CONTEXT_COMPLETE, 0xa);
	CHECK_EQ(mark(&f, 1), 2);
	ee_ctx_free(a);
	ee_ctx_free(b);
	teardown(&f);
}

/*
 * MI_ARB_CHECK inside a batch is a preemption point; with arbitration off
 * (MI_ARB_ON_OFF) a waiting context is not preempted (testable 51).  The
 * context resumes inside its batch.
 */
static void t_preempt_at_arb_check(void)
{
	struct fixture f;
	struct eng_ctx *a, *b;
	struct ee_buf bb;

	setup(&f, GS_RCS);
	bb = ee_buf_ggtt(&f.env, 1);
	a = ee_ctx(&f.env, f.e, 1, 0xa);
	b = ee_ctx(&f.env, f.e, 1, 0xb);
	BEMIT(&bb, MI_ARB_ON_OFF, POLL(sem(&f, 0)), MI_ARB_ON_OFF | MI_ARB_ENABLE);
	BEMIT(&bb, SDI_GGTT(LO(BADDR(f.d, 0)), 1), MI_ARB_CHECK, SDI_GGTT(LO(BADDR(f.d, 1)), 2));
	BEMIT(&bb, MI_BATCH_BUFFER_END);
	EMIT(a, BB_START_GGTT(LO(bb.addr)), SDI_GGTT(LO(BADDR(f.d, 2)), 3));
	EMIT(b, SDI_GGTT(LO(BADDR(f.d, 3)), 4));
	ee_submit(&f.env, a, NULL);
	expect(&f, CSB_IDLE_TO_ACTIVE, 0);
	wait_waiting(&f);
	CHECK_EQ(ee_read(&f.env, RING_EXECLIST_STATUS_LO(f.base)) & EL_STATUS_ARB_ENABLE, 0);
	ee_submit(&f.env, b, NULL);
	/* Pending in execlist 1 (queue full); arbitration is off: no switch. */
	CHECK(ee_poll(&f.env, RING_EXECLIST_STATUS_LO(f.base), EL_STATUS_QUEUE_FULL |
		      EL_STATUS_EL1_VALID, EL_STATUS_QUEUE_FULL | EL_STATUS_EL1_VALID, WAIT_MS));
	expect_none(&f, 100);
	release(&f, 0);
	expect(&f, CSB_PREEMPTED, 0xa);
	expect(&f, CSB_ACTIVE_TO_IDLE | CSB_CONTEXT_COMPLETE, 0xb);
	CHECK_EQ(mark(&f, 0), 1);
	CHECK_EQ(mark(&f, 1), 0);
	CHECK_EQ(mark(&f, 3), 4);
	/* Saved inside the batch, after the MI_ARB_CHECK. */
	CHECK_EQ(rd32(&a->state[CTX_BB_STATE + 1]), BBSTATE_ACTIVE);
	CHECK_EQ(rd32(&a->state[CTX_BB_HEAD_L + 1]), LO(bb.addr) + 4 * 11);
	ee_submit(&f.env, a, NULL);
	expect(&f, CSB_IDLE_TO_ACTIVE, 0);
	expect(&f, CSB_ACTIVE_TO_IDLE | CSB_CONTEXT_COMPLETE, 0xa);
	CHECK_EQ(mark(&f, 1), 2);
	CHECK_EQ(mark(&f, 2), 3);
	ee_ctx_free(a);
	ee_ctx_free(b);
	teardown(&f);
}

/* The end of a command in the ring is a preemption point while arbitration is on. */
static void t_preempt_at_ring_command(void)
{
	struct fixture f;
	struct eng_ctx *a, *b;
	uint32_t after_on;

	setup(&f, GS_VECS);
	a = ee_ctx(&f.env, f.e, 1, 0xa);
	b = ee_ctx(&f.env, f.e, 1, 0xb);
	EMIT(a, MI_ARB_ON_OFF, POLL(sem(&f, 0)), MI_ARB_ON_OFF | MI_ARB_ENABLE);
	after_on = a->tail;
	EMIT(a, SDI_GGTT(LO(BADDR(f.d, 0)), 1));
	EMIT(b, SDI_GGTT(LO(BADDR(f.d, 1)), 2));
	ee_submit(&f.env, a, NULL);
	expect(&f, CSB_IDLE_TO_ACTIVE, 0);
	wait_waiting(&f);
	ee_submit(&f.env, b, NULL);
	expect_none(&f, 50);
	release(&f, 0);
	expect(&f, CSB_PREEMPTED, 0xa);
	expect(&f, CSB_ACTIVE_TO_IDLE | CSB_CONTEXT_COMPLETE, 0xb);
	CHECK_EQ(mark(&f, 0), 0);
	CHECK_EQ(rd32(&a->state[CTX_RING_HEAD + 1]), after_on);
	ee_submit(&f.env, a, NULL);
	expect(&f, CSB_IDLE_TO_ACTIVE, 0);
	expect(&f, CSB_ACTIVE_TO_IDLE | CSB_CONTEXT_COMPLETE, 0xa);
	CHECK_EQ(mark(&f, 0), 1);
	ee_ctx_free(a);
	ee_ctx_free(b);
	teardown(&f);
}

/*
 * An element that completes while a list is pending: the completion is
 * the preemption point, PREEMPTED | COMPLETE (testable 53).
 */
static void t_complete_with_pending(void)
{
	struct fixture f;
	struct eng_ctx *a, *b, *c;

	setup(&f, GS_RCS);
	a = ee_ctx(&f.env, f.e, 1, 0xa);
	b = ee_ctx(&f.env, f.e, 1, 0xb);
	c = ee_ctx(&f.env, f.e, 1, 0xc);
	EMIT(a, MI_ARB_ON_OFF, POLL(sem(&f, 0)), SDI_GGTT(LO(BADDR(f.d, 0)), 1));
	EMIT(b, SDI_GGTT(LO(BADDR(f.d, 1)), 2));
	EMIT(c, SDI_GGTT(LO(BADDR(f.d, 2)), 3));
	ee_submit(&f.env, a, NULL);
	expect(&f, CSB_IDLE_TO_ACTIVE, 0);
	wait_waiting(&f);
	ee_submit(&f.env, b, c);
	expect_none(&f, 50);
	release(&f, 0);
	expect(&f, CSB_PREEMPTED | CSB_CONTEXT_COMPLETE, 0xa);
	expect(&f, CSB_ELEMENT_SWITCH | CSB_CONTEXT_COMPLETE, 0xb);
	expect(&f, CSB_ACTIVE_TO_IDLE | CSB_CONTEXT_COMPLETE, 0xc);
	CHECK_EQ(mark(&f, 0), 1);
	CHECK_EQ(mark(&f, 1), 2);
	CHECK_EQ(mark(&f, 2), 3);
	ee_ctx_free(a);
	ee_ctx_free(b);
	ee_ctx_free(c);
	teardown(&f);
}

/*
 * Resubmitting the running context: a lite restore at the next preemption
 * point, PREEMPTED | LITE_RESTORE, RING_TAIL re-read (testable 19); with
 * Force Restore the context is saved and restored in full instead.
 */
static void t_lite_restore(void)
{
	struct fixture f;
	struct eng_ctx *a;

	setup(&f, GS_BCS);
	a = ee_ctx(&f.env, f.e, 1, 0xa);
	EMIT(a, POLL(sem(&f, 0)), SDI_GGTT(LO(BADDR(f.d, 0)), 1));
	ee_submit(&f.env, a, NULL);
	expect(&f, CSB_IDLE_TO_ACTIVE, 0);
	wait_waiting(&f);
	EMIT(a, SDI_GGTT(LO(BADDR(f.d, 1)), 2), POLL(sem(&f, 1)), SDI_GGTT(LO(BADDR(f.d, 2)), 3));
	a->desc = (a->desc & 0xffffffffull) | (uint64_t)0xa2 << 32;	/* a new submission ID */
	ee_submit(&f.env, a, NULL);
	expect(&f, CSB_PREEMPTED | CSB_LITE_RESTORE, 0xa);
	CHECK(ee_poll(&f.env, RING_EXECLIST_STATUS_HI(f.base), ~0u, 0xa2, WAIT_MS));
	CHECK_EQ(ee_read(&f.env, RING_TAIL(f.base)), a->tail);
	release(&f, 0);
	wait_waiting(&f);
	CHECK(ee_poll(&f.env, RING_HEAD(f.base), ~0u, 48, WAIT_MS));
	CHECK_EQ(mark(&f, 0), 1);
	CHECK_EQ(mark(&f, 1), 2);
	/* Force restore: a full save and restore, no lite restore. */
	EMIT(a, SDI_GGTT(LO(BADDR(f.d, 3)), 4));
	a->desc |= CTX_DESC_FORCE_RESTORE;
	ee_submit(&f.env, a, NULL);
	expect(&f, CSB_PREEMPTED, 0xa2);
	expect_none(&f, 50);
	CHECK_EQ(rd32(&a->state[CTX_RING_HEAD + 1]), 48);	/* saved on the second wait */
	release(&f, 1);
	expect(&f, CSB_ACTIVE_TO_IDLE | CSB_CONTEXT_COMPLETE, 0xa2);
	CHECK_EQ(mark(&f, 2), 3);
	CHECK_EQ(mark(&f, 3), 4);
	ee_ctx_free(a);
	teardown(&f);
}

/*
 * Six entries, then the seventh lands in entry 0 (testables 22-26): the
 * write pointer in MMIO and status page dword 0x1f, QW6 untouched, the
 * driver's read pointer kept.
 */
static void t_csb_wrap(void)
{
	struct fixture f;
	uint32_t *hwsp, ptr;

	setup(&f, GS_VECS);
	hwsp = f.env.e[f.e].hwsp_cpu;
	for (unsigned int run = 0; run < 4; run++) {
		struct eng_ctx *c = ee_ctx(&f.env, f.e, 1, 0x10 + run);

		EMIT(c, SDI_GGTT(LO(BADDR(f.d, run)), run + 1));
		ee_run(&f.env, c);
		ptr = ee_read(&f.env, RING_CONTEXT_STATUS_PTR(f.base));
		CHECK_EQ(FIELD_GET(CSB_WRITE_PTR, ptr), (2 * run + 1) % 6);
		CHECK_EQ(rd32(&hwsp[HWSP_CSB_WRITE_PTR]), (2 * run + 1) % 6);
		CHECK_EQ(FIELD_GET(CSB_READ_PTR, ptr), (2 * run + 1) % 6);
		CHECK_EQ(rd32(&hwsp[HWSP_CSB_ENTRY0 + 2 * ((2 * run + 1) % 6)]),
			 CSB_ACTIVE_TO_IDLE | CSB_CONTEXT_COMPLETE);
		CHECK_EQ(rd32(&hwsp[HWSP_CSB_ENTRY0 + 2 * ((2 * run + 1) % 6) + 1]), 0x10 + run);
		ee_ctx_free(c);
	}
	CHECK_EQ(rd32(&hwsp[0x1c]), 0);
	CHECK_EQ(rd32(&hwsp[0x1d]), 0);
	CHECK_EQ(rd32(&hwsp[0x1e]), 0);
	/* The device owns the write pointer: a driver's write there is ignored. */
	ee_write(&f.env, RING_CONTEXT_STATUS_PTR(f.base), 0xffff0000u | 0x0505);
	CHECK_EQ(ee_read(&f.env, RING_CONTEXT_STATUS_PTR(f.base)), 0x0501);
	teardown(&f);
}

/*
 * The image: saved GPRs and head come back after another context used
 * the engine (testable 29); restore inhibit skips only the GPRs (the PDPs
 * still load: the PPGTT store works); save inhibit writes nothing back.
 */
static void t_save_restore(void)
{
	struct fixture f;
	struct eng_ctx *a, *b, *c;
	struct ee_buf p;

	setup(&f, GS_RCS);
	p = ee_buf_ppgtt(&f.env, 1);
	a = ee_ctx(&f.env, f.e, 1, 0xa);
	b = ee_ctx(&f.env, f.e, 1, 0xb);
	EMIT(a, LRI1(RING_GPR(f.base, 0), 0x1111), POLL(sem(&f, 0)),
	     SRM_GGTT(RING_GPR(f.base, 0), BADDR(f.d, 0)));
	EMIT(b, LRI1(RING_GPR(f.base, 0), 0x2222), SRM_GGTT(RING_GPR(f.base, 0), BADDR(f.d, 1)));
	ee_submit(&f.env, a, NULL);
	expect(&f, CSB_IDLE_TO_ACTIVE, 0);
	wait_waiting(&f);
	ee_submit(&f.env, b, NULL);
	expect(&f, CSB_PREEMPTED, 0xa);
	expect(&f, CSB_ACTIVE_TO_IDLE | CSB_CONTEXT_COMPLETE, 0xb);
	CHECK_EQ(mark(&f, 1), 0x2222);
	CHECK_EQ(rd32(&a->state[CTX_GPR0 + 1]), 0x1111);
	release(&f, 0);
	ee_submit(&f.env, a, NULL);
	expect(&f, CSB_IDLE_TO_ACTIVE, 0);
	expect(&f, CSB_ACTIVE_TO_IDLE | CSB_CONTEXT_COMPLETE, 0xa);
	CHECK_EQ(mark(&f, 0), 0x1111);

	/* Restore inhibit: GPR values in the image are not loaded; PDP0 is. */
	c = ee_ctx(&f.env, f.e, 1, 0xc);
	wr32(&c->state[CTX_GPR0 + 2 * 2 + 1], 0x3333);		/* GPR1 low */
	EMIT(c, SRM_GGTT(RING_GPR(f.base, 1), BADDR(f.d, 2)), SDI_PPGTT(BADDR(p, 0), 0x77));
	ee_run(&f.env, c);
	CHECK_EQ(mark(&f, 2), 0);
	CHECK_EQ(rd32(&p.cpu[0]), 0x77);
	/* Without it they are. */
	wr32(&c->state[CTX_CONTEXT_CONTROL + 1], MASKED_OFF(CTX_CTRL_RESTORE_INHIBIT));
	wr32(&c->state[CTX_GPR0 + 2 * 2 + 1], 0x3333);
	EMIT(c, SRM_GGTT(RING_GPR(f.base, 1), BADDR(f.d, 3)));
	ee_run(&f.env, c);
	CHECK_EQ(mark(&f, 3), 0x3333);
	/* Save inhibit: the head in the image stays where the test put it. */
	wr32(&c->state[CTX_CONTEXT_CONTROL + 1], MASKED_ON(CTX_CTRL_SAVE_INHIBIT));
	wr32(&c->state[CTX_RING_HEAD + 1], c->tail);
	EMIT(c, LRI1(RING_GPR(f.base, 1), 0x4444));
	ee_run(&f.env, c);
	CHECK_EQ(ee_gpr(&f.env, f.e, 2), 0x4444);
	CHECK_EQ(rd32(&c->state[CTX_RING_HEAD + 1]), c->tail - 16);
	CHECK_EQ(rd32(&c->state[CTX_GPR0 + 2 * 2 + 1]), 0x3333);
	ee_ctx_free(a);
	ee_ctx_free(b);
	ee_ctx_free(c);
	teardown(&f);
}

/*
 * Submissions the engine refuses or drops: descriptors without the
 * privilege bit or with another addressing mode, an invalid element 0
 * (EIR bit 0, no CSB); ELSP with execlists disabled (testable 10); the
 * same context twice (testable 27); a third list while one is pending
 * (testable 13).
 */
static void t_refused_submissions(void)
{
	struct fixture f;
	struct eng_ctx *a, *b, *c;

	setup(&f, GS_VCS);
	a = ee_ctx(&f.env, f.e, 1, 0xa);
	b = ee_ctx(&f.env, f.e, 1, 0xb);
	c = ee_ctx(&f.env, f.e, 1, 0xc);
	EMIT(a, SDI_GGTT(LO(BADDR(f.d, 0)), 1));
	ee_pad(a);
	wr32(&a->state[CTX_RING_TAIL + 1], a->tail);

	ee_submit_desc(&f.env, f.e, a->desc & ~(uint64_t)CTX_DESC_PRIVILEGE, 0);
	CHECK_EQ(ee_read(&f.env, RING_EIR(f.base)), EIR_INSTRUCTION_ERROR);
	CHECK_EQ(ee_read(&f.env, RING_IPEHR(f.base)), LO(a->desc) & ~CTX_DESC_PRIVILEGE);
	ee_write(&f.env, RING_EIR(f.base), ~0u);
	ee_submit_desc(&f.env, f.e, (a->desc & ~(uint64_t)CTX_DESC_ADDRESSING_MODE) | 1 << 3, 0);
	CHECK_EQ(ee_read(&f.env, RING_EIR(f.base)), EIR_INSTRUCTION_ERROR);
	ee_write(&f.env, RING_EIR(f.base), ~0u);
	ee_submit_desc(&f.env, f.e, a->desc & ~(uint64_t)CTX_DESC_VALID, a->desc);
	CHECK_EQ(ee_read(&f.env, RING_EIR(f.base)), EIR_INSTRUCTION_ERROR);
	ee_write(&f.env, RING_EIR(f.base), ~0u);
	ee_write(&f.env, RING_MODE(f.base), MASKED_OFF(GFX_RUN_LIST_ENABLE));
	ee_submit_desc(&f.env, f.e, a->desc, 0);
	expect_none(&f, 50);
	CHECK_EQ(mark(&f, 0), 0);
	CHECK_EQ(ee_read(&f.env, RING_EIR(f.base)), 0);
	ee_write(&f.env, RING_MODE(f.base), MASKED_ON(GFX_RUN_LIST_ENABLE));

	/* The same context in both elements: element 1 is dropped. */
	ee_submit_desc(&f.env, f.e, a->desc, a->desc);
	expect(&f, CSB_IDLE_TO_ACTIVE, 0);
	expect(&f, CSB_ACTIVE_TO_IDLE | CSB_CONTEXT_COMPLETE, 0xa);
	expect_none(&f, 50);
	CHECK_EQ(mark(&f, 0), 1);

	/* A third list while one is pending is dropped: c never runs. */
	EMIT(a, MI_ARB_ON_OFF, POLL(sem(&f, 0)));
	EMIT(b, SDI_GGTT(LO(BADDR(f.d, 1)), 2));
	EMIT(c, SDI_GGTT(LO(BADDR(f.d, 2)), 3));
	ee_submit(&f.env, a, NULL);
	expect(&f, CSB_IDLE_TO_ACTIVE, 0);
	wait_waiting(&f);
	ee_submit(&f.env, b, NULL);
	ee_submit(&f.env, c, NULL);
	release(&f, 0);
	expect(&f, CSB_PREEMPTED | CSB_CONTEXT_COMPLETE, 0xa);
	expect(&f, CSB_ACTIVE_TO_IDLE | CSB_CONTEXT_COMPLETE, 0xb);
	expect_none(&f, 50);
	CHECK_EQ(mark(&f, 1), 2);
	CHECK_EQ(mark(&f, 2), 0);
	ee_ctx_free(a);
	ee_ctx_free(b);
	ee_ctx_free(c);
	teardown(&f);
}

/*
 * A bad image or ring hangs the context with EIR bit 0: a register the
 * image may not load, a misaligned RING_TAIL, RING_CTL without its valid
 * bit, a tail outside the ring.  The engine reset recovers.
 */
static void t_bad_images(void)
{
	struct fixture f;

	setup(&f, GS_BCS);
	for (int i = 0; i < 5; i++) {
		struct eng_ctx *a = ee_ctx(&f.env, f.e, 1, 0xa);

		EMIT(a, SDI_GGTT(LO(BADDR(f.d, 0)), 1));
		ee_pad(a);
		wr32(&a->state[CTX_RING_TAIL + 1], a->tail);
		switch (i) {
		case 0:
			wr32(&a->state[CTX_BB_HEAD_U], f.base + 0xa8);	/* RING_IMR */
			break;
		case 1:
			wr32(&a->state[CTX_RING_TAIL + 1], 4);
			break;
		case 2:
			wr32(&a->state[CTX_RING_CTL + 1], 0);
			break;
		case 3:
			wr32(&a->state[CTX_RING_TAIL + 1], PG);
			break;
		case 4:
			wr32(&a->state[CTX_END], MI_STORE_DATA_IMM);
			break;
		}
		ee_submit_desc(&f.env, f.e, a->desc, 0);
		expect(&f, CSB_IDLE_TO_ACTIVE, 0);
		CHECK(ee_poll(&f.env, RING_EIR(f.base), ~0u, EIR_INSTRUCTION_ERROR, WAIT_MS));
		CHECK_EQ(ee_read(&f.env, RING_MI_MODE(f.base)) & MODE_IDLE, 0);	/* hung */
		expect_none(&f, 30);
		CHECK_EQ(mark(&f, 0), 0);
		ee_engine_reset(&f.env, f.e);
		CHECK_EQ(ee_read(&f.env, RING_EIR(f.base)), 0);
		CHECK_EQ(ee_read(&f.env, RING_EXECLIST_STATUS_LO(f.base)), 0);
		ee_ctx_free(a);
	}
	teardown(&f);
}

/* Contexts on all four engines at once, each on its own thread. */
static void t_engines_in_parallel(void)
{
	struct eng_env env;
	struct eng_ctx *c[GS_NUM_ENGINES];
	struct ee_buf d;

	ee_start(&env, NULL);
	d = ee_buf_ggtt(&env, 1);
	for (int e = 0; e < GS_NUM_ENGINES; e++) {
		ee_engine_init(&env, e);
		c[e] = ee_ctx(&env, e, 2, 0x50 + e);
		for (unsigned int i = 0; i < 100; i++)
			EMIT(c[e], SDI_GGTT(LO(BADDR(d, 64 * e + i % 64)), i));
	}
	for (int e = 0; e < GS_NUM_ENGINES; e++)
		ee_submit(&env, c[e], NULL);
	for (int e = 0; e < GS_NUM_ENGINES; e++) {
		uint32_t st[2], id[2];

		CHECK_EQ(ee_csb(&env, e, 2, st, id, WAIT_MS), 2);
		CHECK_EQ(st[1], CSB_ACTIVE_TO_IDLE | CSB_CONTEXT_COMPLETE);
		CHECK_EQ(id[1], 0x50u + e);
		CHECK_EQ(rd32(&d.cpu[64 * e + 35]), 99);
		ee_ctx_free(c[e]);
	}
	ee_stop(&env);
	sleep_ms(0);
}

int main(void)
{
	tap_run("idle -> active -> idle; interrupt per entry; fourth ELSP write submits",
		t_idle_active_idle);
	tap_run("element switch; EXECLIST_STATUS", t_element_switch);
	tap_run("preemption at an unsuccessful semaphore; resume at the wait",
		t_preempt_at_semaphore);
	tap_run("preemption at MI_ARB_CHECK in a batch; none with arbitration off",
		t_preempt_at_arb_check);
	tap_run("preemption at the end of a ring command", t_preempt_at_ring_command);
	tap_run("completion with a list pending: PREEMPTED | COMPLETE", t_complete_with_pending);
	tap_run("lite restore; force restore", t_lite_restore);
	tap_run("CSB wrap, write pointers in MMIO and HWSP, read pointer kept", t_csb_wrap);
	tap_run("save and restore: GPRs, head; restore and save inhibit", t_save_restore);
	tap_run("refused submissions: descriptors, execlists off, same context, queue full",
		t_refused_submissions);
	tap_run("bad images and rings hang the context with EIR bit 0", t_bad_images);
	tap_run("four engines at once", t_engines_in_parallel);
	return tap_done();
}
