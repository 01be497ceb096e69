/* SPDX-License-Identifier: MIT */
/*
 * gensim's IGT-style test harness: subtests, fixtures, asserts, skips and a
 * dmesg check around every subtest.  Output is TAP: one "ok"/"not ok" line
 * per subtest, named <binary>@<subtest>.
 *
 *	igt_main
 *	{
 *		int fd;
 *
 *		igt_fixture
 *			fd = gensim_open_render();
 *		igt_subtest("version")
 *			igt_assert_eq(...);
 *	}
 *
 * Every subtest fails if the kernel log gained a line that
 * igt-tests/dmesg-bad-patterns calls bad (WARN, BUG, Oops, KASAN, UBSAN,
 * lockdep, DEBUG_OBJECTS, DMA-API, hung task, list corruption, ...) while
 * it ran.  --run-subtest NAME runs one subtest; --list-subtests lists them.
 *
 * Every TAP line is flushed as it is printed, and "# running:
 * <binary>@<subtest>" comes before each subtest runs, so a runner can name
 * the subtest of a binary it had to kill.  IGT_SUBTEST_TIMEOUT=S (seconds,
 * unset or 0: none) limits every subtest: one that runs longer is reported
 * "not ok N - <binary>@<subtest> # TIMEOUT after S s", the plan of the
 * subtests run so far follows, and the binary exits with IGT_EXIT_TIMEOUT.
 */
#ifndef GENSIM_IGT_H
#define GENSIM_IGT_H

#include <setjmp.h>
#include <stdbool.h>
#include <stdint.h>

/* The exit status of a binary whose subtest ran past IGT_SUBTEST_TIMEOUT. */
#define IGT_EXIT_TIMEOUT 3

extern sigjmp_buf igt_subtest_jmp;

void igt_init(int argc, char **argv);
int igt_exit(void);
bool igt_subtest_begin(const char *name);
bool igt_subtest_running(void);
void igt_subtest_end(void);
bool igt_fixture_begin(void);
void igt_fixture_end(void);

void igt_fail_at(const char *file, int line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4), noreturn));
void igt_skip(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
void igt_info(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/*
 * @n scaled by IGT_ITERATION_PERCENT (default 100), at least 1: loops that
 * repeat an operation for strength, fewer on a slow debug kernel.
 */
int igt_iterations(int n);

#define igt_main \
	static void igt_main_body(void); \
	int main(int argc, char **argv) \
	{ \
		igt_init(argc, argv); \
		igt_main_body(); \
		return igt_exit(); \
	} \
	static void igt_main_body(void)

/* The body runs once if selected; a failure jumps back here and skips it. */
#define igt_subtest(name) \
	if (igt_subtest_begin(name) && sigsetjmp(igt_subtest_jmp, 1) == 0) \
		for (; igt_subtest_running(); igt_subtest_end())

/* A failed or skipped fixture fails or skips every later subtest. */
#define igt_fixture \
	if (igt_fixture_begin() && sigsetjmp(igt_subtest_jmp, 1) == 0) \
		for (int igt_fixture_once_ = 1; igt_fixture_once_; igt_fixture_once_ = 0, \
		     igt_fixture_end())

#define igt_assert(cond) \
	do { if (!(cond)) igt_fail_at(__FILE__, __LINE__, "assertion failed: %s", #cond); } while (0)
#define igt_assert_f(cond, ...) \
	do { if (!(cond)) igt_fail_at(__FILE__, __LINE__, __VA_ARGS__); } while (0)
#define igt_assert_eq(a, b) \
	do { long long a_ = (long long)(a), b_ = (long long)(b); \
	     if (a_ != b_) igt_fail_at(__FILE__, __LINE__, "%s == %lld, expected %s == %lld", \
				       #a, a_, #b, b_); } while (0)
#define igt_require(cond) \
	do { if (!(cond)) igt_skip("requirement not met: %s", #cond); } while (0)

#endif
