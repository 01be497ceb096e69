// SPDX-License-Identifier: MIT
/*
 * libFuzzer target: arbitrary bytes as a user batch on one of the four
 * command streamers of a loopback device (hw-spec-engines, hw-spec-commands,
 * hw-spec-blitter, hw-spec-compute "GPGPU commands").  A batch buffer is
 * the other thing a hostile client hands the device, so whatever it holds
 * the device must not crash, and it must end in one of the states the spec
 * allows:
 *
 *  - the context completes (IDLE_TO_ACTIVE, then ACTIVE_TO_IDLE with
 *    CONTEXT_COMPLETE in the context status buffer), or
 *  - it stops (an error in EIR, a page fault) or runs on (a semaphore
 *    that never passes, a batch that jumps to itself); the test then does
 *    what the driver does: STOP_RING, the RESET_CTL handshake and an engine
 *    reset, after which EIR must read 0.
 *
 * Input: byte 0 picks the engine, the rest (whole dwords, at most a page)
 * is the batch, which runs from a non-privileged PPGTT BATCH_BUFFER_START
 * in the context's ring.  The batch pages and one data page are the only
 * PPGTT pages: writes can land nowhere else.  A broken invariant is
 * __builtin_trap(), which libFuzzer reports with the input.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "engine_env.h"
#include "cs/cs.h"
#include "tap.h"

#define CHECK_F(c) do { if (!(c)) __builtin_trap(); } while (0)

#define BATCH_PAGES	1
#define RUN_MS		50	/* then the engine is "hung" and is reset */

/*
 * The test driver's checks (engine_env.c: a reset that does not complete,
 * a register that does not settle) end a TAP test; here they are crashes.
 */
void tap_fail(const char *file, int line, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "fuzz_cs_batch: %s:%d: ", file, line);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	__builtin_trap();
}

static struct eng_env env;
static struct eng_ctx *ctx[GS_NUM_ENGINES];
static struct ee_buf batch[GS_NUM_ENGINES];

static void setup(void)
{
	ee_start(&env, NULL);
	for (int e = 0; e < GS_NUM_ENGINES; e++) {
		ee_engine_init(&env, e);
		ctx[e] = ee_ctx(&env, e, 1, 0x10 + e);
		batch[e] = ee_buf_ppgtt(&env, BATCH_PAGES);
	}
	(void)ee_buf_ppgtt(&env, 1);	/* something for stores to hit */
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static bool ready;
	const unsigned int max = BATCH_PAGES * 1024 - 1;
	uint32_t st[2], id[2];
	struct eng_ctx *c;
	unsigned int n, i;
	int e, got;

	if (!ready) {
		setup();
		ready = true;
	}
	if (size < 1)
		return 0;
	e = data[0] % GS_NUM_ENGINES;
	c = ctx[e];
	n = (size - 1) / 4;
	if (n > max)
		n = max;
	for (i = 0; i < n; i++) {
		uint32_t dw;

		memcpy(&dw, data + 1 + 4 * i, 4);
		wr32(&batch[e].cpu[i], dw);
	}
	wr32(&batch[e].cpu[i], MI_BATCH_BUFFER_END);

	EMIT(c, BB_START_PPGTT(batch[e].addr));
	ee_ack_irqs(&env);
	ee_submit(&env, c, NULL);
	got = ee_csb(&env, e, 2, st, id, RUN_MS);
	if (got == 2 && st[1] == (CSB_ACTIVE_TO_IDLE | CSB_CONTEXT_COMPLETE)) {
		CHECK_F(st[0] == CSB_IDLE_TO_ACTIVE && id[1] == c->ctx_id);
		return 0;
	}
	/* Stopped or still running: the driver's engine reset. */
	CHECK_F(got <= 1 || st[1] != 0);
	ee_engine_reset(&env, e);
	CHECK_F(ee_read(&env, RING_EIR(ee_base(e))) == 0);
	/* The hung context's image: resume at the end of what was submitted. */
	wr32(&c->state[CTX_RING_HEAD + 1], c->tail);
	return 0;
}
