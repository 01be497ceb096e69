// SPDX-License-Identifier: MIT
/*
 * gensim_trace: one batch watched across the whole stack by
 * scripts/gensim-trace (Documentation/gpu/gensim/trace-timeline.rst).
 *
 * The known batch: MI_STORE_DATA_IMM, then, as a second-level batch, a
 * GPGPU walker of examples/vector_add.s laid out by libgensim's dispatch
 * helpers (PIPELINE_SELECT ... GPGPU_WALKER, MEDIA_STATE_FLUSH,
 * PIPE_CONTROL), then a second MI_STORE_DATA_IMM.  The subtest
 * submit-known-batch runs it (and checks its results); the others run that
 * subtest of this binary under gensim-trace and read the trace: every
 * stage is there, for this job, in the order it happened - the EXEC
 * ioctl, the scheduler's run, the ELSP write, the write-log drain that
 * carried it, the context going in, the first store, the walker command,
 * the dispatch, its groups and EU threads, the second store, the ring's
 * breadcrumb and user interrupt, the device's CSB entry and interrupt
 * message, the driver's interrupt and CSB event, the job's completion and
 * its fence - and the spans are linked by flows from the ioctl to the
 * fence.  Also: two queues give two jobs, each with its own commands; the
 * recorder is off unless asked; gensim-device --trace records from the
 * start.
 */
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <xf86drm.h>

#include <gensim/gensim.h>

#include "lib/gensim_batch.h"
#include "lib/igt.h"
#include "lib/igt_gensim.h"
#include "gseu/eu.h"

#define WAIT_MS		60000
#define N		100		/* vector_add elements */
#define TOP_OFFSET	0x8000u		/* the top-level batch, in the job's batch buffer */
#define MARK_OFFSET	0x100u		/* the stores' dwords, in its fence page */
#define MARK1		0x5afe0001u
#define MARK2		0x5afe0002u
/* Kernel and device clocks are the same, but tracefs prints microseconds. */
#define SLACK_US	1.0

static int fd = -1;
static const char *self;
/* This process loaded the stack: it unloads it at the end (not a subtest run by gensim-trace). */
static bool loaded_here;

/* ------------------------------------------------------------------ */
/* The known batch                                                       */

struct known {
	struct gensim_dispatch_mem m;
	struct gsim_dispatch job;
	struct gsim_dispatch_layout b;
	struct gseu_asm_result res;
	float a[128], bb[128];
	uint32_t *marks;
	uint64_t top_va;
};

/* Lay out the walker job and the top-level batch around it, in a new VM. */
static void known_build(struct known *k)
{
	struct gsim_va_space mem = { .ctx = &k->m, .map = gensim_dispatch_mem_map };
	struct drm_gensim_query_device qd;
	struct gseu_error err;
	struct gsim_batch top;
	char path[512], *text;

	memset(k, 0, sizeof(*k));
	gensim_query_device(fd, &qd);
	mem.threads = qd.eu_total * qd.threads_per_eu;
	k->job = (struct gsim_dispatch){ .simd = 16, .groups = { 4, 1, 1 },
					 .group_size = { 2, 1, 1 }, .curbe = { N }, .ncurbe = 1 };
	snprintf(path, sizeof(path), "%s/userspace-device/examples/vector_add.s", gensim_top());
	text = gensim_read_file(path);
	igt_assert_f(text, "%s", path);
	igt_assert_f(!gseu_assemble(text, NULL, &k->res, &err), "line %u: %s", err.line, err.msg);
	free(text);
	k->job.kernel = k->res.code;
	k->job.kernel_size = k->res.size;
	for (unsigned int i = 0; i < 128; i++) {
		k->a[i] = (float)i;
		k->bb[i] = (float)(3 * i);
	}
	igt_assert(!gsim_dispatch_add_buffer(&k->job, 0, sizeof(k->a), k->a, NULL));
	igt_assert(!gsim_dispatch_add_buffer(&k->job, 1, sizeof(k->bb), k->bb, NULL));
	igt_assert(!gsim_dispatch_add_buffer(&k->job, 2, sizeof(k->a), NULL, NULL));
	gensim_dispatch_mem_init(&k->m, fd);
	igt_assert_f(!gsim_dispatch_build(&k->job, &mem, &k->b), "%s", gsim_last_error());

	/* Store, the walker's batch as a second level, store. */
	k->marks = (uint32_t *)((uint8_t *)k->b.fence + MARK_OFFSET);
	k->top_va = k->b.batch_va + TOP_OFFSET;
	igt_assert_eq(gsim_batch_init(&top, (uint8_t *)k->b.batch + TOP_OFFSET, k->top_va, 0x1000),
		      0);
	gsim_emit_store_dword(&top, GSIM_DISPATCH_FENCE_VA + MARK_OFFSET, MARK1);
	gsim_emit_batch_start(&top, k->b.batch_va, GSIM_BB_SECOND_LEVEL);
	gsim_emit_store_dword(&top, GSIM_DISPATCH_FENCE_VA + MARK_OFFSET + 4, MARK2);
	igt_assert_eq(gsim_batch_end(&top), 0);
}

static void known_check(struct known *k)
{
	const float *c = k->job.buf[2].cpu;

	igt_assert(gsim_dispatch_done(&k->b));
	igt_assert_eq(k->marks[0], MARK1);
	igt_assert_eq(k->marks[1], MARK2);
	for (unsigned int i = 0; i < 128; i++)
		igt_assert_f(c[i] == (i < N ? 4.0f * (float)i : 0.0f), "c[%u] = %g", i, c[i]);
}

static void known_free(struct known *k)
{
	gensim_dispatch_mem_fini(&k->m);
	gseu_asm_free(&k->res);
}

/* Run @n known batches, each on a render queue of its own, at once. */
static void submit_known(unsigned int n)
{
	struct known k[2];
	uint32_t q[2], s[2];

	igt_assert(n <= 2);
	for (unsigned int i = 0; i < n; i++) {
		known_build(&k[i]);
		q[i] = gensim_queue_create(fd, DRM_GENSIM_ENGINE_CLASS_RENDER, k[i].m.vm);
	}
	for (unsigned int i = 0; i < n; i++)
		s[i] = gensim_exec_sync(fd, q[i], k[i].top_va);
	for (unsigned int i = 0; i < n; i++) {
		igt_assert_eq(gensim_syncobj_wait(fd, s[i], WAIT_MS), 0);
		igt_assert_eq(gensim_syncobj_status(fd, s[i]), 1);
		known_check(&k[i]);
		drmSyncobjDestroy(fd, s[i]);
		igt_assert_eq(gensim_ioctl(fd, DRM_IOCTL_GENSIM_QUEUE_DESTROY,
					   &(struct drm_gensim_queue_destroy){ .queue_id = q[i] }), 0);
		known_free(&k[i]);
	}
}

/* ------------------------------------------------------------------ */
/* Reading the trace: one event a line, as gensim-trace writes it        */

struct ev {
	char ph;
	double ts, dur;
	char name[96], stage[24], job[32];
	const char *line;
};

struct trace {
	char *text;
	struct ev *ev;
	unsigned int n;
};

static bool str_field(const char *line, const char *key, char *out, size_t len)
{
	char k[48];
	const char *p, *e;

	snprintf(k, sizeof(k), "\"%s\":\"", key);
	p = strstr(line, k);
	if (!p)
		return false;
	p += strlen(k);
	for (e = p; *e && *e != '"'; e++)
		if (*e == '\\' && e[1])
			e++;
	if ((size_t)(e - p) >= len)
		return false;
	memcpy(out, p, (size_t)(e - p));
	out[e - p] = 0;
	return true;
}

static double num_field(const char *line, const char *key)
{
	char k[48];
	const char *p;

	snprintf(k, sizeof(k), "\"%s\":", key);
	p = strstr(line, k);
	return p ? strtod(p + strlen(k), NULL) : -1.0;
}

static void trace_read(struct trace *t, const char *path)
{
	char *line, *save = NULL;

	memset(t, 0, sizeof(*t));
	t->text = gensim_read_file(path);
	igt_assert_f(t->text, "%s", path);
	igt_assert(!strncmp(t->text, "{\"traceEvents\":[", 16));
	for (line = strtok_r(t->text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		struct ev *e;
		char ph[4];

		if (strncmp(line, "{\"ph\":", 6) || !str_field(line, "ph", ph, sizeof(ph)))
			continue;
		t->ev = realloc(t->ev, (t->n + 1) * sizeof(*t->ev));
		igt_assert(t->ev);
		e = &t->ev[t->n++];
		memset(e, 0, sizeof(*e));
		e->ph = ph[0];
		e->line = line;
		e->ts = num_field(line, "ts");
		e->dur = num_field(line, "dur");
		str_field(line, "name", e->name, sizeof(e->name));
		str_field(line, "stage", e->stage, sizeof(e->stage));
		str_field(line, "job", e->job, sizeof(e->job));
	}
	igt_info("%s: %u events\n", path, t->n);
}

static void trace_free(struct trace *t)
{
	free(t->ev);
	free(t->text);
}

/*
 * The earliest event of @stage (for @job, if given; whose line holds each
 * of the NULL-ended texts) at or after @after; NULL if none.
 */
static const struct ev *find(const struct trace *t, const char *stage, const char *job,
			     double after, ...)
{
	const struct ev *best = NULL;

	for (unsigned int i = 0; i < t->n; i++) {
		const struct ev *e = &t->ev[i];
		const char *text;
		bool ok = true;
		va_list ap;

		if (strcmp(e->stage, stage) || (job && strcmp(e->job, job)) || e->ts < after)
			continue;
		va_start(ap, after);
		while (ok && (text = va_arg(ap, const char *)))
			ok = strstr(e->line, text) != NULL;
		va_end(ap);
		if (ok && (!best || e->ts < best->ts))
			best = e;
	}
	return best;
}

static unsigned int count(const struct trace *t, const char *stage, const char *job, char ph)
{
	unsigned int n = 0;

	for (unsigned int i = 0; i < t->n; i++)
		n += !strcmp(t->ev[i].stage, stage) && (!job || !strcmp(t->ev[i].job, job)) &&
		     (!ph || t->ev[i].ph == ph);
	return n;
}

static double end_of(const struct ev *e)
{
	return e->ts + (e->dur > 0 ? e->dur : 0);
}

/* A stage that must be there: logged with its time. */
static const struct ev *need(const struct ev *e, const char *what, double t0)
{
	igt_assert_f(e, "no %s in the trace", what);
	igt_info("  %+10.3f us  %-28s %s\n", e->ts - t0, what, e->name);
	return e;
}

#define TRACE_JSON	"/tmp/gensim_trace.json"
#define TRACE_TEXT	"/tmp/gensim_trace.txt"
#define TRACE_CHILD	"/tmp/gensim_trace.child"

/* gensim-trace around this binary's @subtest; the trace read and its shape checked. */
static void record(const char *subtest, struct trace *t)
{
	int rc;

	igt_require(access("/sys/kernel/tracing/instances", F_OK) == 0);
	unlink(TRACE_JSON);
	/*
	 * The subtest's TAP lines go to a file, not to this run's output: the
	 * harness counts every "ok" line on it against this binary's plan.
	 */
	rc = gensim_system("%s/scripts/gensim-trace -o %s --text %s --raw /tmp/gensim_trace "
			   "--quiet -- %s --run-subtest %s >%s 2>&1", gensim_top(), TRACE_JSON,
			   TRACE_TEXT, self, subtest, TRACE_CHILD);
	if (rc) {
		char *log = gensim_read_file(TRACE_CHILD);

		for (char *line = log ? strtok(log, "\n") : NULL; line; line = strtok(NULL, "\n"))
			igt_info("  %s\n", line);
		free(log);
	}
	igt_assert_eq(rc, 0);
	igt_assert_eq(gensim_system("%s/scripts/gensim-trace --validate %s", gensim_top(),
				    TRACE_JSON), 0);
	trace_read(t, TRACE_JSON);
}

/*
 * Every stage of the known batch's job @key (whose EXEC is @exec), in
 * order.  Kernel against device times get SLACK_US.
 */
static void check_stages(const struct trace *t, const struct ev *exec, const char *key)
{
	const struct ev *run, *elsp, *drain, *ctx, *sdi1, *walker_cmd, *walker, *group, *thread;
	const struct ev *sdi2, *crumb, *ui, *csb_dev, *irq_dev, *irq, *csb, *done, *fence;
	double t0 = exec->ts;
	char ctxs[32], text[64];

	igt_info("job %s:\n", key);
	need(exec, "EXEC ioctl", t0);
	run = need(find(t, "sched-run", key, exec->ts, NULL), "scheduler runs it", t0);
	snprintf(ctxs, sizeof(ctxs), "\"ctx\":%d", (int)num_field(run->line, "ctx"));
	/*
	 * The driver writes ELSP in its run_job, before the run tracepoint;
	 * the context is element 0 or 1 ("ELSP rcs0 <- ctx A, ctx B").
	 */
	snprintf(text, sizeof(text), "<- ctx %d\"", (int)num_field(run->line, "ctx"));
	elsp = find(t, "elsp", NULL, exec->ts, text, NULL);
	snprintf(text, sizeof(text), ", ctx %d\"", (int)num_field(run->line, "ctx"));
	if (!elsp || (find(t, "elsp", NULL, exec->ts, text, NULL) &&
		      find(t, "elsp", NULL, exec->ts, text, NULL)->ts < elsp->ts))
		elsp = find(t, "elsp", NULL, exec->ts, text, NULL);
	need(elsp, "ELSP write", t0);
	drain = find(t, "drain", NULL, elsp->ts - SLACK_US, "ELSP rcs0", NULL);
	/* A drain already running when ELSP was written may carry it. */
	if (!drain)
		for (unsigned int i = 0; i < t->n; i++)
			if (!strcmp(t->ev[i].stage, "drain") && strstr(t->ev[i].line, "ELSP rcs0") &&
			    end_of(&t->ev[i]) + SLACK_US >= elsp->ts && (!drain ||
									t->ev[i].ts < drain->ts))
				drain = &t->ev[i];
	need(drain, "write-log drain with the ELSP", t0);
	ctx = need(find(t, "ctx-in", NULL, drain->ts, ctxs, NULL), "context in", t0);
	sdi1 = need(find(t, "cmd", key, ctx->ts, "\"name\":\"MI_STORE_DATA_IMM\"", "\"level\":1",
			 "0x5afe0001", NULL), "first MI_STORE_DATA_IMM", t0);
	walker_cmd = need(find(t, "cmd", key, end_of(sdi1), "\"name\":\"GPGPU_WALKER\"",
			       "\"level\":2", NULL), "GPGPU_WALKER command", t0);
	walker = need(find(t, "walker", key, walker_cmd->ts, NULL), "the dispatch", t0);
	igt_assert_f(strstr(walker->line, "\"groups\":4,\"threads\":8,") &&
		     strstr(walker->line, "\"status\":\"ok\""), "%s", walker->line);
	igt_assert(end_of(walker) <= end_of(walker_cmd) + 0.002);
	group = need(find(t, "group", key, walker->ts, NULL), "first thread group", t0);
	thread = need(find(t, "eu-thread", key, group->ts, NULL), "an EU thread", t0);
	igt_assert(end_of(thread) <= end_of(walker) + 0.002);
	igt_assert_eq(count(t, "group", key, 'X'), 4);
	igt_assert_eq(count(t, "eu-thread", key, 'X'), 8);
	sdi2 = need(find(t, "cmd", key, end_of(walker_cmd), "\"name\":\"MI_STORE_DATA_IMM\"",
			 "\"level\":1", "0x5afe0002", NULL), "second MI_STORE_DATA_IMM", t0);
	crumb = need(find(t, "cmd", key, end_of(sdi2), "\"name\":\"MI_STORE_DATA_IMM\"",
			  "\"level\":0", NULL), "the ring's breadcrumb", t0);
	ui = need(find(t, "cmd", key, end_of(crumb), "\"name\":\"MI_USER_INTERRUPT\"", NULL),
		  "MI_USER_INTERRUPT", t0);
	irq_dev = need(find(t, "irq-device", NULL, ui->ts, NULL), "the device's interrupt", t0);
	csb_dev = need(find(t, "csb-device", NULL, end_of(ui), ctxs, "complete", NULL),
		       "the device's CSB entry", t0);
	irq = need(find(t, "irq", NULL, irq_dev->ts - SLACK_US, NULL), "the driver's interrupt",
		   t0);
	csb = need(find(t, "csb", NULL, csb_dev->ts - SLACK_US, ctxs, NULL),
		   "the driver's CSB event", t0);
	done = need(find(t, "job-done", key, irq->ts, NULL), "job done", t0);
	fence = need(find(t, "fence", key, done->ts, NULL), "fence signaled", t0);
	(void)csb;
	(void)fence;

	/* The job's row and its links: EXEC -> device span -> fence. */
	need(find(t, "device-job", key, 0, NULL), "the job's span on rcs0", t0);
	igt_assert(count(t, "job", key, 'X') >= 3);
	snprintf(text, sizeof(text), "\"name\":\"job %s\"", key);
	{
		unsigned int s = 0, f = 0;

		for (unsigned int i = 0; i < t->n; i++)
			if (strstr(t->ev[i].line, text)) {
				s += t->ev[i].ph == 's';
				f += t->ev[i].ph == 'f';
			}
		igt_assert_eq(s, 2);
		igt_assert_eq(f, 2);
	}
}

/* The EXEC of the known batch: the ioctl event naming its batch address. */
static const struct ev *known_exec(const struct trace *t, const char *after_job)
{
	char batch[48];

	snprintf(batch, sizeof(batch), "\"batch\":\"%#llx\"",
		 (unsigned long long)(GSIM_DISPATCH_BATCH_VA + TOP_OFFSET));
	for (unsigned int i = 0; i < t->n; i++)
		if (!strcmp(t->ev[i].stage, "ioctl") && strstr(t->ev[i].line, batch) &&
		    (!after_job || strcmp(t->ev[i].job, after_job)))
			return &t->ev[i];
	return NULL;
}

static void check_text(const char *key)
{
	char *text = gensim_read_file(TRACE_TEXT), want[96];
	static const char *const lines[] = {
		"EXEC on rcs0", "runs: rcs0 ctx", "ELSP <- ctx", "write log", "context ",
		"GPGPU_WALKER", "GPGPU_WALKER: 4 groups, 8 threads", "group (0,0,0)",
		"MI_USER_INTERRUPT", "interrupt message", "IIR", "CSB[", "fence signaled",
	};

	igt_assert(text);
	for (unsigned int i = 0; i < sizeof(lines) / sizeof(lines[0]); i++)
		igt_assert_f(strstr(text, lines[i]), "no \"%s\" in the text timeline", lines[i]);
	snprintf(want, sizeof(want), "(breadcrumb of job %s)", key);
	igt_assert_f(strstr(text, want), "no \"%s\"", want);
	snprintf(want, sizeof(want), "  job %s: rcs0 ctx", key);
	igt_assert_f(strstr(text, want), "no job summary \"%s\"", want);
	free(text);
}

static off_t file_size(const char *path)
{
	struct stat st;

	return stat(path, &st) ? -1 : st.st_size;
}

/* Restart the stack with GENSIM_DEVICE_ARGS=@args (NULL: unset). */
static void reload(const char *args)
{
	close(fd);
	fd = -1;
	gensim_unload();
	if (args)
		setenv("GENSIM_DEVICE_ARGS", args, 1);
	else
		unsetenv("GENSIM_DEVICE_ARGS");
	gensim_load();
	loaded_here = true;
	fd = gensim_open_render();
}

static char self_path[4096];

igt_main
{
	igt_fixture {
		ssize_t n = readlink("/proc/self/exe", self_path, sizeof(self_path) - 1);

		igt_assert(n > 0);
		self_path[n] = 0;
		self = self_path;
		if (gensim_render_minor() < 0) {
			gensim_load();
			loaded_here = true;
		}
		fd = gensim_open_render();
	}

	/* What the other subtests record: the batch itself, with its results. */
	igt_subtest("submit-known-batch")
		submit_known(1);

	igt_subtest("submit-two-queues")
		submit_known(2);

	igt_subtest("every-stage-in-order") {
		struct trace t;
		const struct ev *exec;

		record("submit-known-batch", &t);
		exec = known_exec(&t, NULL);
		igt_assert_f(exec, "no EXEC of the known batch");
		igt_assert(exec->job[0]);
		check_stages(&t, exec, exec->job);
		check_text(exec->job);
		trace_free(&t);
	}

	igt_subtest("two-queues-two-jobs") {
		struct trace t;
		const struct ev *a, *b;

		record("submit-two-queues", &t);
		a = known_exec(&t, NULL);
		igt_assert(a);
		b = known_exec(&t, a->job);
		igt_assert_f(b, "one EXEC of the known batch, two expected");
		igt_assert(strcmp(a->job, b->job));
		check_stages(&t, a, a->job);
		check_stages(&t, b, b->job);
		igt_assert_eq(count(&t, "walker", NULL, 'X'), 2);
		igt_assert_eq(count(&t, "walker", a->job, 'X'), 1);
		igt_assert_eq(count(&t, "walker", b->job, 'X'), 1);
		trace_free(&t);
	}

	/* Without a session nothing is written: the last session's file stays as it was. */
	igt_subtest("recorder-off-by-default") {
		pid_t pid = gensim_device_pid();
		char path[128], *text;
		off_t before;

		igt_assert(pid > 0);
		snprintf(path, sizeof(path), "/tmp/gensim-device-%d.trace.jsonl", (int)pid);
		if (file_size(path) < 0) {
			igt_assert_eq(gensim_system("%s/scripts/gensim-trace -o /tmp/gensim_trace.json "
						    "--quiet -- true", gensim_top()), 0);
		}
		before = file_size(path);
		igt_assert(before > 0);
		submit_known(1);
		usleep(100 * 1000);
		igt_assert_eq(file_size(path), before);
		text = gensim_read_file(path);
		igt_assert(text && strstr(text, "{\"ev\":\"stop\""));
		free(text);
	}

	/* --trace FILE: recording from the device's start, ended by SIGUSR2. */
	igt_subtest("device-trace-option") {
		const char *path = "/tmp/gensim_trace_option.jsonl";
		char *text;
		pid_t pid;
		int i;

		unlink(path);
		reload("--trace /tmp/gensim_trace_option.jsonl");
		submit_known(1);
		pid = gensim_device_pid();
		igt_assert(pid > 0);
		igt_assert_eq(kill(pid, SIGUSR2), 0);
		for (i = 0; i < 100; i++) {
			text = gensim_read_file(path);
			if (text && strstr(text, "{\"ev\":\"stop\""))
				break;
			free(text);
			text = NULL;
			usleep(50 * 1000);
		}
		igt_assert_f(text, "no stop line in %s", path);
		igt_assert(!strncmp(text, "{\"ev\":\"start\",\"clock\":\"CLOCK_MONOTONIC\"", 39));
		/* The driver's probe came through the write log; then the batch. */
		igt_assert(strstr(text, "{\"ev\":\"drain\""));
		igt_assert(strstr(text, "\"name\":\"GPGPU_WALKER\""));
		igt_assert(strstr(text, "{\"ev\":\"thread_end\""));
		free(text);
		reload(NULL);
	}

	igt_fixture {
		close(fd);
		if (loaded_here)
			gensim_unload();
	}
}
