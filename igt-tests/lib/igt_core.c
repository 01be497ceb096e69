// SPDX-License-Identifier: MIT
/*
 * The harness behind igt.h.
 *
 * Output: every TAP line (results, comments, the plan) is written and
 * flushed at once, so a binary that is killed leaves every line it printed
 * in its output file; before a subtest runs it prints "# running:
 * <binary>@<subtest>", so a runner can name the subtest a killed binary
 * was in.
 *
 * The dmesg check reads /dev/kmsg: it seeks to the end when a subtest
 * starts and reads what arrived when it ends.  What counts as a bad kernel
 * message is igt-tests/dmesg-bad-patterns, the list run-in-vm.sh uses for
 * the whole run.
 *
 * The watchdog: with IGT_SUBTEST_TIMEOUT=S in the environment, a subtest
 * that runs longer than S seconds is reported as "not ok N -
 * <binary>@<subtest> # TIMEOUT after S s", followed by the plan for the
 * subtests run so far, and the binary exits with IGT_EXIT_TIMEOUT.  It is
 * a thread, not alarm(): tests use alarm() themselves, and a thread still
 * reports a subtest that is stuck in an uninterruptible kernel wait.
 */
#define _GNU_SOURCE	/* vasprintf() */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "igt.h"

sigjmp_buf igt_subtest_jmp;

static const char *prog;
static const char *only;
static bool list_only;
static int n_run, n_failed, n_skipped;
static bool in_subtest, in_fixture;
static const char *current;
static char *fixture_failed, *fixture_skipped;
static int kmsg_fd = -1;

/* Print one or more complete TAP lines and flush them. */
static void __attribute__((format(printf, 1, 2))) tap(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	fflush(stdout);
}

/*
 * Bad kernel messages: igt-tests/dmesg-bad-patterns, one fixed string a
 * line; "!" lines are exceptions.  The built-in list is for a binary run
 * away from its checkout, and says so.
 */
static const char *const builtin_bad[] = {
	"WARNING:", "BUG:", "Oops", "lockdep", "KASAN", "refcount_t:",
	"sleeping function called", "general protection fault", "kernel BUG",
	"possible circular locking", "INFO: task", "Unable to handle",
};
static char **bad_pat, **ok_pat;
static size_t n_bad, n_ok;

static void add_pattern(char ***v, size_t *n, const char *s)
{
	char **nv = realloc(*v, (*n + 1) * sizeof(**v));

	if (!nv || !(nv[*n] = strdup(s))) {
		perror("igt: patterns");
		exit(2);
	}
	*v = nv;
	(*n)++;
}

static FILE *open_patterns(char *path, size_t size)
{
	const char *env = getenv("IGT_DMESG_PATTERNS");
	const char *top = getenv("GENSIM_TOP");
	char exe[PATH_MAX];
	ssize_t n;

	if (env) {
		snprintf(path, size, "%s", env);
		return fopen(path, "re");
	}
	if (top) {
		snprintf(path, size, "%s/igt-tests/dmesg-bad-patterns", top);
		return fopen(path, "re");
	}
	/* <top>/build/igt/<binary> */
	n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n <= 0)
		return NULL;
	exe[n] = 0;
	for (int i = 0; i < 3; i++) {
		char *slash = strrchr(exe, '/');

		if (!slash)
			return NULL;
		*slash = 0;
	}
	snprintf(path, size, "%s/igt-tests/dmesg-bad-patterns", exe);
	return fopen(path, "re");
}

static void load_patterns(void)
{
	char path[PATH_MAX + 64] = "";
	FILE *f = open_patterns(path, sizeof(path));
	char *line = NULL;
	size_t len = 0;

	if (!f) {
		tap("# igt: cannot read %s (%s): the dmesg check uses its built-in list\n",
		    path[0] ? path : "dmesg-bad-patterns", strerror(errno));
		for (size_t i = 0; i < sizeof(builtin_bad) / sizeof(builtin_bad[0]); i++)
			add_pattern(&bad_pat, &n_bad, builtin_bad[i]);
		return;
	}
	while (getline(&line, &len, f) >= 0) {
		line[strcspn(line, "\r\n")] = 0;
		if (!line[0] || line[0] == '#')
			continue;
		if (line[0] == '!') {
			if (line[1])
				add_pattern(&ok_pat, &n_ok, line + 1);
		} else {
			add_pattern(&bad_pat, &n_bad, line);
		}
	}
	free(line);
	fclose(f);
}

/* Whether one kernel message (without the kmsg prefix) is a bad one. */
static bool kmsg_is_bad(const char *msg)
{
	for (size_t i = 0; i < n_ok; i++)
		if (strstr(msg, ok_pat[i]))
			return false;
	for (size_t i = 0; i < n_bad; i++)
		if (strstr(msg, bad_pat[i]))
			return true;
	return false;
}

/* The watchdog thread; wd_state is IDLE, ARMED + generation or FIRED. */
#define WD_IDLE		0L
#define WD_FIRED	1L
#define WD_ARMED	2L	/* | generation << 2: never equal twice in a row */
static unsigned int wd_timeout;
static atomic_long wd_state;
static atomic_llong wd_deadline;	/* CLOCK_MONOTONIC seconds */
static char wd_line[1024];
static size_t wd_len;

static long long now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec;
}

static void write_all(int fd, const char *buf, size_t len)
{
	while (len) {
		ssize_t n = write(fd, buf, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return;
		buf += n;
		len -= (size_t)n;
	}
}

static void *watchdog(void *arg)
{
	(void)arg;
	for (;;) {
		struct timespec tick = { 0, 200 * 1000 * 1000 };
		long s;

		nanosleep(&tick, NULL);
		s = atomic_load(&wd_state);
		if (!(s & WD_ARMED) || now_s() < atomic_load(&wd_deadline))
			continue;
		/* Fails if the subtest ended (or a new one began) meanwhile. */
		if (!atomic_compare_exchange_strong(&wd_state, &s, WD_FIRED))
			continue;
		/* Only write(): the main thread may hold stdout's lock. */
		write_all(STDOUT_FILENO, wd_line, wd_len);
		_exit(IGT_EXIT_TIMEOUT);
	}
	return NULL;
}

static void watchdog_init(void)
{
	const char *env = getenv("IGT_SUBTEST_TIMEOUT");
	sigset_t all, old;
	pthread_t thread;
	char *end;
	unsigned long v;

	if (!env || !*env)
		return;
	errno = 0;
	v = strtoul(env, &end, 10);
	if (errno || *end || v > 7 * 24 * 3600) {
		fprintf(stderr, "%s: IGT_SUBTEST_TIMEOUT=%s is not a number of seconds\n",
			prog, env);
		exit(2);
	}
	if (!v)
		return;
	wd_timeout = v;
	/* Signals are the tests' business: none for the watchdog thread. */
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	if (pthread_create(&thread, NULL, watchdog, NULL) == 0)
		pthread_detach(thread);
	else
		wd_timeout = 0;
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (!wd_timeout)
		tap("# igt: no watchdog thread: IGT_SUBTEST_TIMEOUT ignored\n");
}

static void watchdog_arm(void)
{
	static long gen;
	int n;

	if (!wd_timeout)
		return;
	n = snprintf(wd_line, sizeof(wd_line),
		     "not ok %d - %s@%s # TIMEOUT after %u s\n1..%d\n",
		     n_run, prog, current, wd_timeout, n_run);
	wd_len = n < 0 ? 0 : (size_t)n < sizeof(wd_line) ? (size_t)n : sizeof(wd_line) - 1;
	atomic_store(&wd_deadline, now_s() + wd_timeout);
	gen++;
	atomic_store(&wd_state, WD_ARMED | gen << 2);
}

/* Called when a subtest ends; if the watchdog has fired, wait for its exit. */
static void watchdog_disarm(void)
{
	long s;

	if (!wd_timeout)
		return;
	s = atomic_load(&wd_state);
	if ((s & WD_ARMED) && atomic_compare_exchange_strong(&wd_state, &s, WD_IDLE))
		return;
	if (s == WD_FIRED)
		for (;;)
			pause();
}

void igt_init(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "run-subtest", required_argument, NULL, 'r' },
		{ "list-subtests", no_argument, NULL, 'l' },
		{ 0 },
	};
	int c;

	/* Line-buffered, and tap() flushes: a killed binary loses no line. */
	setvbuf(stdout, NULL, _IOLBF, 0);
	setvbuf(stderr, NULL, _IONBF, 0);
	prog = strrchr(argv[0], '/') ? strrchr(argv[0], '/') + 1 : argv[0];
	while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		if (c == 'r')
			only = optarg;
		else if (c == 'l')
			list_only = true;
		else
			exit(2);
	}
	if (list_only)
		return;
	load_patterns();
	watchdog_init();
}

int igt_exit(void)
{
	if (!list_only)
		tap("1..%d\n", n_run);
	return n_failed ? 1 : 0;
}

/* Every line of the message becomes a "# " comment line. */
void igt_info(const char *fmt, ...)
{
	char *msg = NULL, *line, *nl;
	va_list ap;

	va_start(ap, fmt);
	if (vasprintf(&msg, fmt, ap) < 0)
		msg = NULL;
	va_end(ap);
	if (!msg)
		return;
	for (line = msg; *line; line = nl + 1) {
		nl = strchr(line, '\n');
		if (!nl) {
			printf("# %s\n", line);
			break;
		}
		printf("# %.*s\n", (int)(nl - line), line);
	}
	fflush(stdout);
	free(msg);
}

static void kmsg_mark(void)
{
	if (kmsg_fd < 0)
		kmsg_fd = open("/dev/kmsg", O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (kmsg_fd >= 0)
		lseek(kmsg_fd, 0, SEEK_END);
}

/* The first bad kernel message since kmsg_mark(), or NULL. */
static const char *kmsg_scan(void)
{
	static char rec[2048];

	if (kmsg_fd < 0)
		return NULL;
	for (;;) {
		ssize_t n = read(kmsg_fd, rec, sizeof(rec) - 1);
		char *msg;

		if (n < 0 && errno == EPIPE)
			continue;	/* overwritten records: keep reading */
		if (n <= 0)
			return NULL;
		rec[n] = 0;
		/* "prio,seq,usec,flags;text\n" then " KEY=value" lines */
		msg = strchr(rec, ';');
		msg = msg ? msg + 1 : rec;
		msg[strcspn(msg, "\n")] = 0;
		if (kmsg_is_bad(msg))
			return msg;
	}
}

bool igt_subtest_begin(const char *name)
{
	if (list_only) {
		tap("%s\n", name);
		return false;
	}
	if (only && strcmp(only, name))
		return false;
	n_run++;
	current = name;
	if (fixture_failed || fixture_skipped) {
		if (fixture_failed) {
			n_failed++;
			tap("not ok %d - %s@%s # fixture failed: %s\n", n_run, prog, name,
			    fixture_failed);
		} else {
			n_skipped++;
			tap("ok %d - %s@%s # SKIP %s\n", n_run, prog, name, fixture_skipped);
		}
		return false;
	}
	tap("# running: %s@%s\n", prog, name);
	kmsg_mark();
	in_subtest = true;
	watchdog_arm();
	return true;
}

bool igt_subtest_running(void)
{
	return in_subtest;
}

void igt_subtest_end(void)
{
	const char *bad;

	watchdog_disarm();
	bad = kmsg_scan();
	in_subtest = false;
	if (bad) {
		n_failed++;
		tap("# kernel: %s\nnot ok %d - %s@%s # kernel log report\n", bad, n_run, prog,
		    current);
	} else {
		tap("ok %d - %s@%s\n", n_run, prog, current);
	}
}

bool igt_fixture_begin(void)
{
	if (list_only || fixture_failed || fixture_skipped)
		return false;
	in_fixture = true;
	return true;
}

void igt_fixture_end(void)
{
	in_fixture = false;
}

static void vrecord(char **slot, const char *fmt, va_list ap)
{
	char buf[512];

	vsnprintf(buf, sizeof(buf), fmt, ap);
	*slot = strdup(buf);
}

void igt_fail_at(const char *file, int line, const char *fmt, ...)
{
	char msg[512];
	va_list ap;
	int n = snprintf(msg, sizeof(msg), "%s:%d: ", file, line);

	va_start(ap, fmt);
	vsnprintf(msg + n, sizeof(msg) - n, fmt, ap);
	va_end(ap);
	if (in_fixture) {
		in_fixture = false;
		fixture_failed = strdup(msg);
		tap("# fixture: %s\n", msg);
	} else if (in_subtest) {
		watchdog_disarm();
		in_subtest = false;
		n_failed++;
		kmsg_scan();
		tap("# %s\nnot ok %d - %s@%s\n", msg, n_run, prog, current);
	} else {
		tap("# %s\n", msg);
		n_failed++;
	}
	siglongjmp(igt_subtest_jmp, 1);
}

void igt_skip(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	if (in_fixture) {
		in_fixture = false;
		vrecord(&fixture_skipped, fmt, ap);
	} else if (in_subtest) {
		char why[512];

		watchdog_disarm();
		in_subtest = false;
		n_skipped++;
		vsnprintf(why, sizeof(why), fmt, ap);
		kmsg_scan();
		tap("ok %d - %s@%s # SKIP %s\n", n_run, prog, current, why);
	}
	va_end(ap);
	siglongjmp(igt_subtest_jmp, 1);
}

int igt_iterations(int n)
{
	const char *p = getenv("IGT_ITERATION_PERCENT");
	long pct = p ? strtol(p, NULL, 10) : 100;
	long m;

	if (pct <= 0 || pct > 100)
		pct = 100;
	m = (long)n * pct / 100;
	return m > 0 ? (int)m : 1;
}
