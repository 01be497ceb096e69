// SPDX-License-Identifier: MIT
/*
 * The device's trace recorder (core/trace.c) on its own: off by default
 * and silent while off; a session's file is JSON lines that parse, start
 * with the start line and end with the stop line, and hold every record
 * the threads made (written + dropped = recorded) in each thread's order;
 * many threads recording while sessions start and stop, and threads that
 * exit mid-session.  The ThreadSanitizer and ASan builds run it too.
 * test_trace_device.c has the hooks of a running device.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/hw.h"
#include "core/trace.h"
#include "tap.h"
#include "trace_file.h"

/* ------------------------------------------------------------------ */

static void t_off_by_default(void)
{
	struct gs_trace_stats st;
	const uint32_t id[3] = { 1, 2, 3 };

	CHECK(!gs_tracing());
	CHECK_EQ(gs_trace_begin(), 0);
	/* Hooks while off: nothing recorded, nothing to stop. */
	gs_trace_doorbell();
	gs_trace_group(true, 0, 0, 0, id);
	gs_trace_cmd(gs_trace_begin(), 0, 1, "MI_NOOP", 0, 0, id, 1);
	CHECK_EQ(gs_trace_stop(&st), 0);
	CHECK_EQ(st.written, 0);
	CHECK_EQ(st.dropped, 0);
}

/* One of each hook: the fields on their lines. */
static void t_fields(void)
{
	const uint32_t dw[4] = { 0x10400002, 0x1000, 0, 42 }, id[3] = { 3, 1, 0 };
	struct gs_trace_stats st;
	struct session s;
	char path[256];
	uint64_t t0;

	tmp_path(path, sizeof(path));
	CHECK_EQ(gs_trace_start(path), 0);
	CHECK(gs_tracing());
	t0 = gs_trace_begin();
	CHECK(t0);
	gs_trace_doorbell();
	gs_trace_drain(t0, 5, 1u << GS_RCS);
	gs_trace_drain(t0, 0, 0);		/* nothing applied: no line */
	gs_trace_ctx(GS_RCS, 7, "restore", 0x3000, 0x40, 0x80);
	gs_trace_cmd(t0, GS_RCS, 7, "MI_STORE_DATA_IMM", 0x1234000,
		     GS_TR_CMD_GGTT | GS_TR_CMD_LEVEL(0) | GS_TR_CMD_RESULT(0), dw, 4);
	gs_trace_walker(t0, GS_RCS, 7, "GPGPU_WALKER", 0, 4, 16, 1000);
	gs_trace_group(true, 1, 2, 3, id);
	gs_trace_thread_end(1, 4, 5, 77, 3, 250);
	gs_trace_group(false, 1, 2, 3, id);
	gs_trace_csb(GS_RCS, 0x18, 7);
	gs_trace_irq_event(GS_RCS, 0x100);
	gs_trace_irq_event(GS_RCS, 0);		/* masked: no line */
	gs_trace_irq_msg();
	gs_trace_mark("quote\"back\\slash", 9);
	CHECK_EQ(gs_trace_stop(&st), 0);
	CHECK(!gs_tracing());
	CHECK_EQ(st.written, 12);
	CHECK_EQ(st.dropped, 0);

	session_read(path, &s);
	CHECK_EQ(s.written, 12);
	CHECK_EQ(s.n, 12 + 3);		/* start, the thread, stop */
	CHECK(tf_has(&s.l[2], "\"ev\":\"doorbell\""));
	CHECK(tf_has(&s.l[3], "\"ev\":\"drain\"") && tf_has(&s.l[3], "\"writes\":5") &&
	      tf_has(&s.l[3], "\"elsp\":[\"rcs0\"]") && tf_has(&s.l[3], "\"dur\":"));
	CHECK(tf_has(&s.l[4], "\"ev\":\"ctx\"") && tf_has(&s.l[4], "\"eng\":\"rcs0\",\"ctx\":7") &&
	      tf_has(&s.l[4], "\"name\":\"restore\"") && tf_has(&s.l[4], "\"lrca\":12288"));
	CHECK_MSG(tf_has(&s.l[5], "\"ev\":\"cmd\"") && tf_has(&s.l[5], "\"name\":\"MI_STORE_DATA_IMM\"") &&
		  tf_has(&s.l[5], "\"addr\":19087360,\"space\":\"ggtt\",\"level\":0,\"result\":\"next\"") &&
		  tf_has(&s.l[5], "\"len\":4,\"dw\":[272629762,4096,0,42]"), "%s", s.l[5].text);
	CHECK(tf_has(&s.l[6], "\"ev\":\"walker\"") &&
	      tf_has(&s.l[6], "\"status\":0,\"groups\":4,\"threads\":16,\"instructions\":1000"));
	CHECK(tf_has(&s.l[7], "\"ev\":\"group_start\"") &&
	      tf_has(&s.l[7], "\"ss\":1,\"place\":2,\"seq\":3,\"id\":[3,1,0]"));
	CHECK(tf_has(&s.l[8], "\"ev\":\"thread_end\"") &&
	      tf_has(&s.l[8], "\"ss\":1,\"eu\":4,\"thread\":5,\"fftid\":77,\"seq\":3,\"instructions\":250"));
	CHECK(tf_has(&s.l[9], "\"ev\":\"group_end\""));
	CHECK(tf_has(&s.l[10], "\"ev\":\"csb\"") && tf_has(&s.l[10], "\"status\":24"));
	CHECK(tf_has(&s.l[11], "\"ev\":\"irq_event\"") && tf_has(&s.l[11], "\"bits\":256"));
	CHECK(tf_has(&s.l[12], "\"ev\":\"irq\""));
	CHECK(tf_has(&s.l[13], "\"name\":\"quote\\\"back\\\\slash\",\"value\":9"));
	/* Points in the order made; spans carry their start, t0. */
	for (size_t i = 3, last = 2; i < 14; i++) {
		if (tf_has(&s.l[i], "\"dur\":")) {
			CHECK_EQ(s.l[i].ts, t0);
			continue;
		}
		CHECK(s.l[i].ts >= s.l[last].ts);
		last = i;
	}
	session_free(&s);
	unlink(path);
}

/* ------------------------------------------------------------------ */
/* Many threads                                                          */

#define WRITERS		6

struct writer {
	pthread_t thread;
	atomic_bool *stop;
	unsigned int limit;		/* records to make; 0: until *stop */
	unsigned long long made;
	atomic_ullong progress;		/* records made so far, for the sessions test */
};

/* Records with a sequence number in value, so order and loss show. */
static void *writer_main(void *arg)
{
	struct writer *w = arg;
	unsigned long long n = 0;

	while (w->limit ? n < w->limit : !atomic_load(w->stop)) {
		gs_trace_mark("w", n++);
		atomic_store_explicit(&w->progress, n, memory_order_relaxed);
	}
	w->made = n;
	return NULL;
}

/* Every writer's marks appear in increasing order, none twice. */
static unsigned long long check_marks(const struct session *s)
{
	struct {
		int tid;
		unsigned long long last;
		bool any;
	} seen[64];
	unsigned int nseen = 0;
	unsigned long long marks = 0;

	for (size_t i = 0; i < s->n; i++) {
		const struct line *l = &s->l[i];
		unsigned long long v;
		unsigned int k;

		if (strcmp(l->ev, "mark"))
			continue;
		CHECK(field_u64(l->text, "value", &v));
		for (k = 0; k < nseen && seen[k].tid != l->tid; k++)
			;
		if (k == nseen) {
			CHECK(nseen < 64);
			seen[nseen].tid = l->tid;
			seen[nseen].any = false;
			nseen++;
		}
		CHECK_MSG(!seen[k].any || v > seen[k].last, "tid %d: mark %llu after %llu", l->tid,
			  v, seen[k].last);
		seen[k].last = v;
		seen[k].any = true;
		marks++;
	}
	return marks;
}

/*
 * Writers that record as fast as they can through a whole session: each
 * thread's ring fills, so records are dropped, and written + dropped is
 * every record they made.
 */
static void t_threads_one_session(void)
{
	struct writer w[WRITERS];
	atomic_bool stop = false;
	struct gs_trace_stats st;
	unsigned long long made = 0;
	struct session s;
	char path[256];

	tmp_path(path, sizeof(path));
	CHECK_EQ(gs_trace_start(path), 0);
	for (unsigned int i = 0; i < WRITERS; i++) {
		w[i] = (struct writer){ .stop = &stop, .limit = 40000 };
		CHECK(!pthread_create(&w[i].thread, NULL, writer_main, &w[i]));
	}
	for (unsigned int i = 0; i < WRITERS; i++) {
		pthread_join(w[i].thread, NULL);
		made += w[i].made;
	}
	/* The writers exited: their buffers are drained, then freed. */
	CHECK_EQ(gs_trace_stop(&st), 0);
	CHECK_EQ(made, WRITERS * 40000ull);
	CHECK_EQ(st.written + st.dropped, made);

	session_read(path, &s);
	CHECK_EQ(s.written, st.written);
	CHECK_EQ(check_marks(&s), st.written);
	CHECK_EQ(session_count(&s, "thread"), WRITERS);
	session_free(&s);
	unlink(path);
}

/*
 * Writers that never stop while sessions start and stop under them: every
 * file parses, holds only its session's records, and accounts for them.
 */
static void t_threads_many_sessions(void)
{
	struct writer w[WRITERS];
	atomic_bool stop = false;
	char path[256];

	tmp_path(path, sizeof(path));
	for (unsigned int i = 0; i < WRITERS; i++) {
		w[i] = (struct writer){ .stop = &stop };
		CHECK(!pthread_create(&w[i].thread, NULL, writer_main, &w[i]));
	}
	for (unsigned int round = 0; round < 8; round++) {
		struct gs_trace_stats st;
		struct session s;

		CHECK_EQ(gs_trace_start(path), 0);
		/*
		 * Every writer records during the session, however loaded the
		 * host: wait (bounded) for each to make 100 records in it.
		 */
		for (unsigned int i = 0; i < WRITERS; i++) {
			unsigned long long from = atomic_load(&w[i].progress);

			for (int ms = 0; atomic_load(&w[i].progress) < from + 100 && ms < 10000; ms++)
				usleep(1000);
		}
		usleep(3000);
		/* A start while recording restarts the session. */
		if (round == 3)
			CHECK_EQ(gs_trace_start(path), 0);
		usleep(2000);
		CHECK_EQ(gs_trace_stop(&st), 0);
		session_read(path, &s);
		CHECK_EQ(s.written, st.written);
		CHECK_EQ(check_marks(&s), st.written);
		CHECK(st.written > 0);
		session_free(&s);
		usleep(1000);
	}
	atomic_store(&stop, true);
	for (unsigned int i = 0; i < WRITERS; i++)
		pthread_join(w[i].thread, NULL);
	unlink(path);
}

/* A file that cannot be opened: an error, and no session. */
static void t_bad_path(void)
{
	CHECK(gs_trace_start("/nonexistent-dir/x/trace.jsonl") < 0);
	CHECK(!gs_tracing());
}

int main(void)
{
	tap_run("off by default: hooks record nothing", t_off_by_default);
	tap_run("every hook's fields on its line", t_fields);
	tap_run("threads fill their rings: written + dropped = recorded, in order",
		t_threads_one_session);
	tap_run("sessions start and stop under running writers", t_threads_many_sessions);
	tap_run("a file that cannot be opened", t_bad_path);
	return tap_done();
}
