// SPDX-License-Identifier: MIT
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>

#include "tap.h"

static int tests_run, tests_failed;
static jmp_buf fail_jmp;
static char fail_msg[512];

void tap_fail(const char *file, int line, const char *fmt, ...)
{
	int n = snprintf(fail_msg, sizeof(fail_msg), "%s:%d: ", file, line);
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(fail_msg + n, sizeof(fail_msg) - n, fmt, ap);
	va_end(ap);
	longjmp(fail_jmp, 1);
}

void tap_run(const char *name, void (*fn)(void))
{
	tests_run++;
	fflush(stdout);
	if (!setjmp(fail_jmp)) {
		fn();
		printf("ok %d - %s\n", tests_run, name);
	} else {
		tests_failed++;
		printf("# %s\nnot ok %d - %s\n", fail_msg, tests_run, name);
	}
	fflush(stdout);
}

void tap_skip(const char *name, const char *why)
{
	printf("ok %d - %s # SKIP %s\n", ++tests_run, name, why);
}

int tap_done(void)
{
	printf("1..%d\n", tests_run);
	return tests_failed ? 1 : 0;
}
