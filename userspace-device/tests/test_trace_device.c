// SPDX-License-Identifier: MIT
/*
 * The trace recorder's hooks in a running device (core/trace.h): a GPGPU
 * job through the render engine, driven over the loopback channel, leaves
 * the drain that brought its ELSP write, the context, the commands (the
 * walker at batch level 1, from the batch's address), the walker, its
 * groups and EU threads with their instruction counts (summing to the
 * walker's), the CSB entries and the interrupt, in the order they
 * happened.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/trace.h"
#include "gpgpu_env.h"
#include "tap.h"
#include "trace_file.h"

/*
 * The earliest line of @ev (containing @text) at or after @after.  Lines
 * are in order within a thread, not across threads: order is by time.
 */
static const struct line *find(const struct session *s, unsigned long long after,
			       const char *ev, const char *text)
{
	const struct line *best = NULL;

	for (size_t i = 0; i < s->n; i++) {
		const struct line *l = &s->l[i];

		if (!strcmp(l->ev, ev) && l->ts >= after && (!text || tf_has(l, text)) &&
		    (!best || l->ts < best->ts))
			best = l;
	}
	return best;
}

/* The latest line of @ev. */
static const struct line *find_last(const struct session *s, const char *ev)
{
	const struct line *best = NULL;

	for (size_t i = 0; i < s->n; i++)
		if (!strcmp(s->l[i].ev, ev) && (!best || s->l[i].ts > best->ts))
			best = &s->l[i];
	return best;
}

static unsigned long long end_of(const struct line *l)
{
	unsigned long long dur = 0;

	field_u64(l->text, "dur", &dur);
	return l->ts + dur;
}

static void t_device_job(void)
{
	enum { N = 100 };
	static float a[128], b[128];
	struct gsim_dispatch job = { .simd = 16, .groups = { 3, 1, 1 },
				     .group_size = { 2, 1, 1 }, .curbe = { N }, .ncurbe = 1 };
	const struct line *drain, *ctx, *walker_cmd, *walker, *gs, *te, *ge, *csb, *ev, *irq;
	unsigned long long insns = 0, v;
	char *text = gp_example("vector_add.s");
	struct gseu_asm_result res;
	struct gsim_dispatch_layout bl;
	struct gs_trace_stats st;
	struct eng_env env;
	struct session s;
	char path[256];
	size_t i;

	for (i = 0; i < 128; i++) {
		a[i] = (float)i;
		b[i] = (float)(2 * i);
	}
	gp_start(&env, 2);
	gp_job_kernel(&job, text, &res);
	CHECK(!gsim_dispatch_add_buffer(&job, 0, sizeof(a), a, NULL));
	CHECK(!gsim_dispatch_add_buffer(&job, 1, sizeof(b), b, NULL));
	CHECK(!gsim_dispatch_add_buffer(&job, 2, sizeof(a), NULL, NULL));
	gp_build(&env, &job, &bl);
	tmp_path(path, sizeof(path));
	CHECK_EQ(gs_trace_start(path), 0);
	gp_run(&env, bl.batch_va, 0x10);
	CHECK_EQ(gs_trace_stop(&st), 0);
	CHECK(gsim_dispatch_done(&bl));
	CHECK_EQ(st.dropped, 0);
	gseu_asm_free(&res);
	ee_stop(&env);
	free(text);

	session_read(path, &s);
	/* The driver's ELSP write arrives in a drain; then the context runs. */
	drain = find(&s, 0, "drain", "\"elsp\":[\"rcs0\"]");
	CHECK(drain);
	ctx = find(&s, 0, "ctx", "\"eng\":\"rcs0\",\"ctx\":16");
	CHECK(ctx);
	CHECK(ctx->ts >= drain->ts);
	CHECK(find(&s, 0, "csb", "\"status\":1}"));	/* IDLE_TO_ACTIVE */
	/* The ring's MI_BATCH_BUFFER_START, then the batch's commands at level 1. */
	CHECK(find(&s, ctx->ts, "cmd", "\"name\":\"MI_BATCH_BUFFER_START\""));
	CHECK(find(&s, ctx->ts, "cmd", "\"name\":\"STATE_BASE_ADDRESS\""));
	walker_cmd = find(&s, ctx->ts, "cmd", "\"name\":\"GPGPU_WALKER\"");
	CHECK(walker_cmd);
	CHECK(tf_has(walker_cmd, "\"space\":\"ppgtt\",\"level\":1"));
	CHECK(tf_has(walker_cmd, "\"eng\":\"rcs0\",\"ctx\":16"));
	CHECK_EQ(strtoull(strstr(walker_cmd->text, "\"addr\":") + 7, NULL, 10) & ~0xfffull,
		 bl.batch_va & ~0xfffull);
	walker = find(&s, 0, "walker", NULL);
	CHECK(walker);
	CHECK_MSG(tf_has(walker, "\"status\":0,\"groups\":3,\"threads\":6"), "%s", walker->text);
	CHECK(walker->ts >= walker_cmd->ts && end_of(walker) <= end_of(walker_cmd));
	/* Three groups of two threads, inside the walker. */
	CHECK_EQ(session_count(&s, "group_start"), 3);
	CHECK_EQ(session_count(&s, "group_end"), 3);
	CHECK_EQ(session_count(&s, "thread_end"), 6);
	gs = find(&s, 0, "group_start", NULL);
	te = find(&s, 0, "thread_end", NULL);
	ge = find_last(&s, "group_end");
	CHECK(walker->ts <= gs->ts && gs->ts <= te->ts && te->ts <= ge->ts &&
	      ge->ts <= end_of(walker));
	for (i = 0; i < s.n; i++)
		if (!strcmp(s.l[i].ev, "thread_end")) {
			CHECK(field_u64(s.l[i].text, "instructions", &v) && v > 0);
			insns += v;
		}
	CHECK(field_u64(walker->text, "instructions", &v));
	CHECK_EQ(insns, v);
	/* After the batch: the context completes, the CSB entry, its interrupt. */
	csb = find(&s, end_of(walker_cmd), "csb", "\"ctx\":16,\"status\":");
	CHECK(csb);
	ev = find(&s, csb->ts, "irq_event", "\"eng\":\"rcs0\"");
	CHECK(ev);
	/*
	 * The first context switch sent the interrupt message; this test's
	 * driver never acknowledges IIR, so the later events wait in its
	 * second stage without a message.
	 */
	ev = find(&s, 0, "irq_event", "\"eng\":\"rcs0\"");
	irq = find(&s, ev->ts, "irq", NULL);
	CHECK(irq);
	session_free(&s);
	unlink(path);
}

int main(void)
{
	tap_run("a GPGPU job on the device: every stage, in order", t_device_job);
	return tap_done();
}
