// SPDX-License-Identifier: MIT
/*
 * The thread: reset, notifications, exceptions and the run loop.
 *
 * State at dispatch (965/G35 PRM Vol. 4 Subsystem and Cores (2008), 11.3.2
 * "GRF Registers": registers outside the payload start with garbage;
 * gensim makes them zero so runs are reproducible): everything zero, ip 0,
 * cr0.0 = 0 (IEEE, round to nearest even, denormals flushed: 10.3
 * "Floating Point Modes", 10.3.1.2 "Complete Listing of Deviations or
 * Additional Requirements" and Mesa's defaults), sr0.2 = sr0.3 = the
 * dispatch mask (11.4 "SIMD Execution Control": the dispatch mask is
 * read-only in sr0).
 *
 * The loop executes one predecoded instruction after another.  Parked
 * channels (interp_flow.c) are woken at branch targets, which predecode
 * marks.  Exceptions (chapter 12 of the PRM is missing from the PRM;
 * 965/G35 PRM Vol. 4 Subsystem and Cores (2008), 12 "Exceptions" recommend
 * a fatal per-thread error) stop the thread with a reason and a message;
 * the thread keeps that state until reset.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "interp.h"

const char *gseu_run_status_name(enum gseu_run_status s)
{
	switch (s) {
	case GSEU_RUN_EOT: return "eot";
	case GSEU_RUN_BLOCKED: return "blocked";
	case GSEU_RUN_BUDGET: return "budget";
	case GSEU_RUN_EXCEPTION: return "exception";
	}
	return "?";
}

const char *gseu_exc_name(enum gseu_exc e)
{
	static const char *const names[GSEU_EXC_COUNT] = {
		[GSEU_EXC_NONE] = "none",
		[GSEU_EXC_ILLEGAL] = "illegal instruction",
		[GSEU_EXC_REGION] = "bad register region",
		[GSEU_EXC_OPERAND] = "bad operands",
		[GSEU_EXC_IP] = "ip outside the kernel",
		[GSEU_EXC_UNSUPPORTED] = "unsupported feature",
		[GSEU_EXC_NO_SFID] = "no shared function",
		[GSEU_EXC_SEND] = "shared function error",
		[GSEU_EXC_BREAKPOINT] = "breakpoint",
	};

	return (unsigned)e < GSEU_EXC_COUNT ? names[e] : "?";
}

struct gseu_hw_thread *gseu_thread_new(void)
{
	struct gseu_hw_thread *t = aligned_alloc(32, (sizeof(*t) + 31) & ~(size_t)31);

	if (!t)
		return NULL;
	memset(t, 0, sizeof(*t));
	gseu_thread_reset(t, 0xff);
	return t;
}

void gseu_thread_free(struct gseu_hw_thread *t)
{
	free(t);
}

void gseu_thread_reset(struct gseu_hw_thread *t, uint32_t dispatch_mask)
{
	const struct gseu_sfid_table *sfids = t->sfids;
	void *user = t->user;

	memset(t, 0, sizeof(*t));
	for (unsigned i = 0; i < 4; i++)
		atomic_init(&t->notify_pending[i], 0);
	atomic_init(&t->yield_at_wait, false);
	t->sfids = sfids;
	t->user = user;
	t->dispatch_mask = dispatch_mask;
	t->active = dispatch_mask;
	t->sr0.d[2] = dispatch_mask;
	t->sr0.d[3] = dispatch_mask;
}

void gseu_thread_notify(struct gseu_hw_thread *t, unsigned sub)
{
	atomic_fetch_add_explicit(&t->notify_pending[sub & 3], 1,
				  memory_order_release);
}

void gseu_thread_yield_at_wait(struct gseu_hw_thread *t)
{
	atomic_store_explicit(&t->yield_at_wait, true, memory_order_relaxed);
}

int gsi_raise(struct gsi_run *r, const struct gsi_insn *pi, enum gseu_exc e,
	      const char *fmt, ...)
{
	struct gseu_hw_thread *t = r->t;
	va_list ap;
	int n;

	t->exc = e;
	t->exc_ip = pi ? pi->ip : t->ip;
	n = snprintf(t->exc_msg, sizeof(t->exc_msg), "ip %#x: ", t->exc_ip);
	va_start(ap, fmt);
	vsnprintf(t->exc_msg + n, sizeof(t->exc_msg) - (size_t)n, fmt, ap);
	va_end(ap);
	t->ip = t->exc_ip;
	return GSI_STOP(GSEU_RUN_EXCEPTION);
}

static int lookup(const struct gseu_program *p, uint32_t ip)
{
	if (ip >= p->size || (ip & 7))
		return -1;
	return p->slot[ip / 8];
}

static void wake(struct gseu_hw_thread *t, uint32_t ip)
{
	uint32_t m = t->waiting, w = 0;

	while (m) {
		unsigned c = (unsigned)__builtin_ctz(m);

		if (t->wait_ip[c] == ip)
			w |= 1u << c;
		m &= m - 1;
	}
	t->waiting &= ~w;
	t->active |= w;
}

enum gseu_run_status gseu_thread_run(struct gseu_hw_thread *t,
				     const struct gseu_program *p,
				     uint64_t budget)
{
	struct gsi_run r = { .t = t, .p = p };
	int idx;

	if (t->ended)
		return GSEU_RUN_EOT;
	if (t->exc)
		return GSEU_RUN_EXCEPTION;
	idx = lookup(p, t->ip);
	if (idx < 0) {
		gsi_raise(&r, NULL, GSEU_EXC_IP, "not the start of an instruction in a kernel of %u bytes",
			  p->size);
		return GSEU_RUN_EXCEPTION;
	}
	while (budget) {
		const struct gsi_insn *pi = &p->insns[idx];
		int st;

		if (pi->join && t->waiting)
			wake(t, pi->ip);
		r.next_ip = pi->ip + pi->size;
		r.jumped = false;
		st = pi->exec(&r, pi);
		if (__builtin_expect(st != 0, 0)) {
			st--;
			if (st == GSEU_RUN_EOT) {
				t->retired++;
				t->ip = r.next_ip;
			} else if (st == GSEU_RUN_BLOCKED) {
				t->ip = pi->ip;
			} else if (st == GSEU_RUN_BUDGET) {
				/* the instruction retired and ends the slice (wait) */
				t->retired++;
				t->ip = r.next_ip;
			}
			return (enum gseu_run_status)st;
		}
		t->retired++;
		budget--;
		if (r.jumped && t->waiting)
			wake(t, r.next_ip);
		t->ip = r.next_ip;
		if (!r.jumped && (unsigned)idx + 1 < p->count) {
			idx++;
			continue;
		}
		idx = lookup(p, t->ip);
		if (idx < 0) {
			gsi_raise(&r, NULL, GSEU_EXC_IP,
				  "%s (the instruction at %#x went there; kernel is %u bytes)",
				  t->ip == p->size ? "ran past the end of the kernel without EOT"
						   : "jump target is not an instruction",
				  pi->ip, p->size);
			return GSEU_RUN_EXCEPTION;
		}
	}
	return GSEU_RUN_BUDGET;
}
