// SPDX-License-Identifier: MIT
/*
 * The harness behind igt.h.  The dmesg check reads /dev/kmsg: it seeks to
 * the end when a subtest starts and reads what arrived when it ends.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

static const char *const bad_kmsg[] = {
	"WARNING:", "BUG:", "Oops", "lockdep", "KASAN", "refcount_t:",
	"sleeping function called", "general protection fault", "kernel BUG",
	"possible circular locking", "INFO: task", "Unable to handle",
};

void igt_init(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "run-subtest", required_argument, NULL, 'r' },
		{ "list-subtests", no_argument, NULL, 'l' },
		{ 0 },
	};
	int c;

	prog = strrchr(argv[0], '/') ? strrchr(argv[0], '/') + 1 : argv[0];
	while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		if (c == 'r')
			only = optarg;
		else if (c == 'l')
			list_only = true;
		else
			exit(2);
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
}

int igt_exit(void)
{
	if (!list_only)
		printf("1..%d\n", n_run);
	return n_failed ? 1 : 0;
}

void igt_info(const char *fmt, ...)
{
	va_list ap;

	printf("# ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
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

		if (n < 0 && errno == EPIPE)
			continue;	/* overwritten records: keep reading */
		if (n <= 0)
			return NULL;
		rec[n] = 0;
		for (size_t i = 0; i < sizeof(bad_kmsg) / sizeof(bad_kmsg[0]); i++) {
			if (strstr(rec, bad_kmsg[i])) {
				char *msg = strchr(rec, ';');

				msg = msg ? msg + 1 : rec;
				msg[strcspn(msg, "\n")] = 0;
				return msg;
			}
		}
	}
}

bool igt_subtest_begin(const char *name)
{
	if (list_only) {
		printf("%s\n", name);
		return false;
	}
	if (only && strcmp(only, name))
		return false;
	n_run++;
	current = name;
	if (fixture_failed || fixture_skipped) {
		if (fixture_failed) {
			n_failed++;
			printf("not ok %d - %s@%s # fixture failed: %s\n", n_run, prog, name,
			       fixture_failed);
		} else {
			n_skipped++;
			printf("ok %d - %s@%s # SKIP %s\n", n_run, prog, name, fixture_skipped);
		}
		return false;
	}
	printf("# subtest %s\n", name);
	kmsg_mark();
	in_subtest = true;
	return true;
}

bool igt_subtest_running(void)
{
	return in_subtest;
}

void igt_subtest_end(void)
{
	const char *bad = kmsg_scan();

	in_subtest = false;
	if (bad) {
		n_failed++;
		printf("# kernel: %s\nnot ok %d - %s@%s # kernel log report\n", bad, n_run, prog,
		       current);
	} else {
		printf("ok %d - %s@%s\n", n_run, prog, current);
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
		printf("# fixture: %s\n", msg);
	} else if (in_subtest) {
		in_subtest = false;
		n_failed++;
		kmsg_scan();
		printf("# %s\nnot ok %d - %s@%s\n", msg, n_run, prog, current);
	} else {
		printf("# %s\n", msg);
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

		in_subtest = false;
		n_skipped++;
		vsnprintf(why, sizeof(why), fmt, ap);
		kmsg_scan();
		printf("ok %d - %s@%s # SKIP %s\n", n_run, prog, current, why);
	}
	va_end(ap);
	siglongjmp(igt_subtest_jmp, 1);
}
