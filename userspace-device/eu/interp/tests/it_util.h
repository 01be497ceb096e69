/* SPDX-License-Identifier: MIT */
/*
 * Helpers of the interpreter tests: assemble a kernel from text (gensim-as
 * syntax, Documentation/gpu/gensim/eu-isa.rst), run it on a fresh thread
 * until EOT, and a trivial shared-function handler that records messages.
 */
#ifndef GSEU_IT_UTIL_H
#define GSEU_IT_UTIL_H

#include <stdbool.h>
#include <stdint.h>

#include "gseu/eu_thread.h"
#include "tap.h"

/* What the recording handler saw (last message, counts per SFID). */
struct it_sent {
	unsigned count[16];
	struct gseu_send_msg last;
	union gseu_reg256 last_payload[16];
	int retry_left;		/* answer GSEU_SEND_RETRY this many times */
	uint32_t fill;		/* response dwords get fill + register*8 + dword */
	/* instead of fill: response register r gets payload register
	 * mlen-1-r, the payload read register by register as the response is
	 * written (as a shared function that streams would) */
	bool echo_reversed;
};
extern struct it_sent it_sent;
extern const struct gseu_sfid_table it_sfids;

/* Assemble; fails the test on an assembler error. */
struct gseu_program *it_prog(const char *text);

/*
 * Assemble `text`, append an EOT send (ts, payload g127, NoMask) and run
 * it on `t` (not reset: the caller set registers up) with a budget of 1e6.
 * Returns the status; the program is freed.
 */
enum gseu_run_status it_run(struct gseu_hw_thread *t, const char *text);
/* it_run and CHECK that it ended with EOT (prints the exception if not). */
void it_ok(struct gseu_hw_thread *t, const char *text);

/* A fresh thread with the recording handler, dispatch mask `mask`. */
struct gseu_hw_thread *it_thread(uint32_t mask);

/* Float bit helpers. */
uint32_t it_fbits(float f);
float it_bitsf(uint32_t u);

#endif
