/* SPDX-License-Identifier: MIT */
/*
 * A small TAP harness for the native tests: tap_run() runs one test and
 * prints "ok N - name" or "not ok N - name"; CHECK*() record the first
 * failure with its location and end the test.
 */
#ifndef GS_TAP_H
#define GS_TAP_H

#include <inttypes.h>
#include <stdint.h>

void tap_run(const char *name, void (*fn)(void));
void tap_skip(const char *name, const char *why);
int tap_done(void);
void tap_fail(const char *file, int line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4), noreturn));

#define CHECK(cond) \
	do { if (!(cond)) tap_fail(__FILE__, __LINE__, "%s", #cond); } while (0)
#define CHECK_MSG(cond, ...) \
	do { if (!(cond)) tap_fail(__FILE__, __LINE__, __VA_ARGS__); } while (0)
#define CHECK_EQ(a, b) \
	do { uint64_t a_ = (uint64_t)(a), b_ = (uint64_t)(b); \
	     if (a_ != b_) tap_fail(__FILE__, __LINE__, "%s == %#" PRIx64 ", expected %s == %#" PRIx64, \
				    #a, a_, #b, b_); } while (0)

/*
 * The tests' deterministic generator, xorshift64* (Vigna, "An
 * experimental exploration of Marsaglia's xorshift generators,
 * scrambled", 2016): the same sequence on every run from a fixed seed.
 */
static inline uint64_t tap_xorshift64s(uint64_t *state)
{
	*state ^= *state >> 12;
	*state ^= *state << 25;
	*state ^= *state >> 27;
	return *state * 0x2545f4914f6cdd1dull;
}

#endif
