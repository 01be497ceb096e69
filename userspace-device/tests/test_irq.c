// SPDX-License-Identifier: MIT
/*
 * The interrupt tree (hw-spec "Interrupts"): an event that recurs while
 * its IIR bit is still latched waits in the IIR's second stage and is
 * latched again, with a new interrupt message, when the driver clears the
 * first.  Without it a driver that reads the breadcrumb after clearing
 * IIR misses the event that raced with the clear.
 */
#include "core/device.h"
#include "device/loopback.h"
#include "tap.h"

#define USER_IRQ	GT_RENDER_USER_INTERRUPT	/* rcs0: bank 0, bits 15:0 */

static struct gs_loop *start(void)
{
	struct gs_config cfg;
	struct gs_loop *loop;

	gs_config_defaults(&cfg);
	loop = gs_loop_create(&cfg);
	CHECK(loop);
	CHECK_EQ(gs_loop_wait_msgs(loop, GENSIM_MSG_READY, 5000), GENSIM_MSG_READY);
	gs_loop_write(loop, GEN8_GT_IER(0), ~0u);
	gs_loop_write(loop, GEN8_GT_IMR(0), 0);
	gs_loop_write(loop, GEN8_MASTER_IRQ, GEN8_MASTER_IRQ_CONTROL);
	CHECK(!gs_loop_flush(loop, 5000));
	return loop;
}

static void t_second_event_survives_first_clear(void)
{
	struct gs_loop *loop = start();

	gs_loop_write(loop, GENSIM_IRQ_FORCE(0), USER_IRQ);
	gs_loop_write(loop, GENSIM_IRQ_FORCE(0), USER_IRQ);
	CHECK_EQ(gs_loop_read(loop, GEN8_GT_IIR(0)), USER_IRQ);
	CHECK(gs_loop_wait_msgs(loop, GENSIM_MSG_IRQ, 5000) & GENSIM_MSG_IRQ);
	/* First clear: the queued event moves up and raises the line again. */
	gs_loop_write(loop, GEN8_GT_IIR(0), USER_IRQ);
	CHECK_EQ(gs_loop_read(loop, GEN8_GT_IIR(0)), USER_IRQ);
	CHECK(gs_loop_read(loop, GEN8_MASTER_IRQ) & GEN8_GT_RCS_IRQ);
	CHECK(gs_loop_wait_msgs(loop, GENSIM_MSG_IRQ, 5000) & GENSIM_MSG_IRQ);
	/* Second clear: nothing is left, in IIR, ISR or the master. */
	gs_loop_write(loop, GEN8_GT_IIR(0), USER_IRQ);
	CHECK_EQ(gs_loop_read(loop, GEN8_GT_IIR(0)), 0);
	CHECK_EQ(gs_loop_read(loop, GEN8_GT_ISR(0)), 0);
	CHECK_EQ(gs_loop_read(loop, GEN8_MASTER_IRQ) & ~GEN8_MASTER_IRQ_CONTROL, 0);
	gs_loop_destroy(loop);
}

/* The second stage holds one event per bit, not a count. */
static void t_second_stage_is_one_deep(void)
{
	struct gs_loop *loop = start();

	for (int i = 0; i < 3; i++)
		gs_loop_write(loop, GENSIM_IRQ_FORCE(0), USER_IRQ);
	gs_loop_write(loop, GEN8_GT_IIR(0), USER_IRQ);
	CHECK_EQ(gs_loop_read(loop, GEN8_GT_IIR(0)), USER_IRQ);
	gs_loop_write(loop, GEN8_GT_IIR(0), USER_IRQ);
	CHECK_EQ(gs_loop_read(loop, GEN8_GT_IIR(0)), 0);
	gs_loop_destroy(loop);
}

/* Only the bits cleared move up; a reset empties the second stage. */
static void t_per_bit_and_reset(void)
{
	struct gs_loop *loop = start();

	gs_loop_write(loop, GENSIM_IRQ_FORCE(0), USER_IRQ | GT_CONTEXT_SWITCH_INTERRUPT);
	gs_loop_write(loop, GENSIM_IRQ_FORCE(0), USER_IRQ | GT_CONTEXT_SWITCH_INTERRUPT);
	gs_loop_write(loop, GEN8_GT_IIR(0), USER_IRQ);
	CHECK_EQ(gs_loop_read(loop, GEN8_GT_IIR(0)), USER_IRQ | GT_CONTEXT_SWITCH_INTERRUPT);
	gs_loop_write(loop, GEN6_GDRST, GEN6_GRDOM_FULL);
	CHECK_EQ(gs_loop_read(loop, GEN6_GDRST), 0);
	gs_loop_write(loop, GEN8_GT_IMR(0), 0);
	gs_loop_write(loop, GEN8_GT_IIR(0), ~0u);
	CHECK_EQ(gs_loop_read(loop, GEN8_GT_IIR(0)), 0);
	gs_loop_destroy(loop);
}

int main(void)
{
	tap_run("an event behind a latched IIR bit survives the first clear",
		t_second_event_survives_first_clear);
	tap_run("the IIR second stage is one event deep", t_second_stage_is_one_deep);
	tap_run("the second stage is per bit and a reset empties it", t_per_bit_and_reset);
	return tap_done();
}
