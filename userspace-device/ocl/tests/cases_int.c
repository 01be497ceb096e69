// SPDX-License-Identifier: MIT
/* References for ocl/corpus/int.cl and atomic.cl: exact. */
#include <stdio.h>
#include <string.h>

#include "cases.h"

#define N	1024

static void two_ints(struct run *r, size_t out_per_item)
{
	arg_buf(r, 0, 4 * N);
	arg_buf(r, 1, 4 * N);
	arg_poison(r, 2, out_per_item * 4 * N);
	nd1(r, N, 64);
}

static int32_t sat32(int64_t v)
{
	return v > INT32_MAX ? INT32_MAX : v < INT32_MIN ? INT32_MIN : (int32_t)v;
}

static void s_sat(struct run *r)
{
	two_ints(r, 4);
}

static void r_sat(struct run *r)
{
	for (int i = 0; i < N; i++) {
		int32_t x = IN(r, 0, int32_t)[i], y = IN(r, 1, int32_t)[i];
		int8_t cx = (int8_t)x, cy = (int8_t)y;
		int16_t sx = (int16_t)x, sy = (int16_t)y;
		int32_t c = cx + cy, s = sx - sy;

		WANT(r, 2, int32_t)[4 * i + 0] = sat32((int64_t)x + y);
		WANT(r, 2, int32_t)[4 * i + 1] = sat32((int64_t)x - y);
		WANT(r, 2, int32_t)[4 * i + 2] = c > 127 ? 127 : c < -128 ? -128 : c;
		WANT(r, 2, int32_t)[4 * i + 3] = s > 32767 ? 32767 : s < -32768 ? -32768 : s;
	}
}

static void s_avg(struct run *r)
{
	two_ints(r, 5);
}

static void r_avg(struct run *r)
{
	for (int i = 0; i < N; i++) {
		int64_t x = IN(r, 0, int32_t)[i], y = IN(r, 1, int32_t)[i];
		int64_t hi = (y & 0x7fff) + 1000;
		uint32_t *c = WANT(r, 2, uint32_t) + 5 * i;

		/* >> of a negative int64: arithmetic (GCC), a floor */
		c[0] = (uint32_t)(int32_t)((x + y) >> 1);
		c[1] = (uint32_t)(int32_t)((x + y + 1) >> 1);
		c[2] = (uint32_t)(x < 0 ? -x : x);
		c[3] = (uint32_t)(x > y ? x - y : y - x);
		c[4] = (uint32_t)(int32_t)(x < -1000 ? -1000 : x > hi ? hi : x);
	}
}

static void s_mulhi(struct run *r)
{
	two_ints(r, 4);
}

static int32_t s24(int32_t v)
{
	return (int32_t)((uint32_t)v << 8) >> 8;
}

static void r_mulhi(struct run *r)
{
	for (int i = 0; i < N; i++) {
		int32_t x = IN(r, 0, int32_t)[i], y = IN(r, 1, int32_t)[i];
		int32_t *c = WANT(r, 2, int32_t) + 4 * i;

		c[0] = (int32_t)(((int64_t)x * y) >> 32);
		c[1] = (int32_t)(((uint64_t)(uint32_t)x * (uint32_t)y) >> 32);
		c[2] = (int32_t)((uint32_t)((int64_t)s24(x) * s24(y)) + (uint32_t)x);
		c[3] = (int32_t)(uint32_t)((int64_t)s24(x) * s24(y));
	}
}

static void s_bits(struct run *r)
{
	uint32_t *a = arg_buf(r, 0, 4 * N);

	for (int i = 0; i < N; i += 4)	/* zeros and single bits too */
		a[i] = i % 8 ? 1u << (rnd(r) & 31) : 0;
	arg_buf(r, 1, 4 * N);
	arg_poison(r, 2, 4 * 4 * N);
	nd1(r, N, 64);
}

static void r_bits(struct run *r)
{
	for (int i = 0; i < N; i++) {
		uint32_t x = IN(r, 0, uint32_t)[i], y = IN(r, 1, uint32_t)[i] & 31;
		uint32_t *c = WANT(r, 2, uint32_t) + 4 * i;

		c[0] = x ? (uint32_t)__builtin_clz(x) : 32;
		c[1] = x ? (uint32_t)__builtin_ctz(x) : 32;
		c[2] = (uint32_t)__builtin_popcount(x);
		c[3] = y ? x << y | x >> (32 - y) : x;
	}
}

static void s_div(struct run *r)
{
	int32_t *a;

	two_ints(r, 4);
	a = (int32_t *)r->in[0];
	for (int i = 0; i < N; i++)	/* no INT_MIN / -1 */
		if (a[i] == INT32_MIN)
			a[i] = 0;
}

static void r_div(struct run *r)
{
	for (int i = 0; i < N; i++) {
		int32_t x = IN(r, 0, int32_t)[i], y = IN(r, 1, int32_t)[i] | 1;
		int32_t *c = WANT(r, 2, int32_t) + 4 * i;

		c[0] = x / y;
		c[1] = x % y;
		c[2] = (int32_t)((uint32_t)x / (uint32_t)y);
		c[3] = (int32_t)((uint32_t)x % (uint32_t)y);
	}
}

static void s_long(struct run *r)
{
	int64_t *a = arg_buf(r, 0, 8 * N);

	arg_buf(r, 1, 8 * N);
	for (int i = 0; i < N; i++)
		if (a[i] == INT64_MIN)
			a[i] = 0;
	for (int i = 0; i < N; i += 3)	/* small values too */
		a[i] = (int32_t)rnd(r);
	arg_poison(r, 2, 5 * 8 * N);
	nd1(r, N, 64);
}

static void r_long(struct run *r)
{
	for (int i = 0; i < N; i++) {
		int64_t x = IN(r, 0, int64_t)[i], y = IN(r, 1, int64_t)[i];
		int64_t *c = WANT(r, 2, int64_t) + 5 * i;

		c[0] = (int64_t)((uint64_t)x + (uint64_t)y);
		c[1] = (int64_t)((uint64_t)x * (uint64_t)y);
		c[2] = x >> (y & 63);
		c[3] = (int64_t)((uint64_t)x << (x & 63));
		c[4] = x / (y | 1);
	}
}

static void s_select(struct run *r)
{
	uint32_t *m;

	arg_buf(r, 0, 4 * N);
	arg_buf(r, 1, 4 * N);
	m = arg_buf(r, 2, 4 * N);
	for (int i = 0; i < N; i += 3)
		m[i] = 0;
	arg_poison(r, 3, 5 * 4 * N);
	nd1(r, N, 64);
}

static void r_select(struct run *r)
{
	for (int i = 0; i < N; i++) {
		uint32_t x = IN(r, 0, uint32_t)[i], y = IN(r, 1, uint32_t)[i];
		uint32_t z = IN(r, 2, uint32_t)[i], *c = WANT(r, 3, uint32_t) + 5 * i;

		c[0] = (x & ~z) | (y & z);
		c[1] = z ? y : x;
		c[2] = x < y ? x : y;
		c[3] = (int32_t)x > (int32_t)y ? x : y;
		c[4] = (uint32_t)(uint16_t)x << 16 | (uint16_t)y;
	}
}

static void s_narrow(struct run *r)
{
	arg_buf(r, 0, N);
	arg_buf(r, 1, 2 * N);
	arg_poison(r, 2, N);
	arg_poison(r, 3, 2 * N);
	nd1(r, N, 128);
}

static void r_narrow(struct run *r)
{
	for (int i = 0; i < N; i++) {
		int a = IN(r, 0, uint8_t)[i], b = IN(r, 1, int16_t)[i];

		WANT(r, 2, uint8_t)[i] = (uint8_t)(a * 3 + (a >> 2));
		WANT(r, 3, int16_t)[i] = (int16_t)(b * b - 7);
	}
}

static void s_shift(struct run *r)
{
	two_ints(r, 3);
}

static void r_shift(struct run *r)
{
	for (int i = 0; i < N; i++) {
		int32_t x = IN(r, 0, int32_t)[i];
		uint32_t y = IN(r, 1, uint32_t)[i] & 31;
		int32_t *c = WANT(r, 2, int32_t) + 3 * i;

		c[0] = (int32_t)((uint32_t)x << y);
		c[1] = x >> y;
		c[2] = (int32_t)((uint32_t)x >> y);
	}
}

const struct ocl_case cases_int[] = {
	CASE("i_sat", s_sat, r_sat),
	CASE("i_avg", s_avg, r_avg),
	CASE("i_mulhi", s_mulhi, r_mulhi),
	CASE("i_bits", s_bits, r_bits),
	CASE("i_div", s_div, r_div),
	CASE("i_long", s_long, r_long),
	CASE("i_select", s_select, r_select),
	CASE("i_narrow", s_narrow, r_narrow),
	CASE("i_shift", s_shift, r_shift),
	CASE_END,
};

/* ---- atomic.cl --------------------------------------------------------- */

#define NA	4096

static void s_histo(struct run *r)
{
	arg_buf(r, 0, 4 * NA);
	arg_zero(r, 1, 4 * 64);
	nd1(r, NA, 128);
}

static void r_histo(struct run *r)
{
	for (int i = 0; i < NA; i++)
		WANT(r, 1, uint32_t)[IN(r, 0, uint32_t)[i] & 63]++;
}

static void s_ops(struct run *r)
{
	arg_buf(r, 0, 4 * NA);
	arg_buf(r, 1, 4 * 8);
	nd1(r, NA, 64);
}

static void r_ops(struct run *r)
{
	int32_t *c = WANT(r, 1, int32_t);

	for (int i = 0; i < NA; i++) {
		int32_t x = IN(r, 0, int32_t)[i];

		c[0] = (int32_t)((uint32_t)c[0] + (uint32_t)x);
		c[1] = (int32_t)((uint32_t)c[1] - (uint32_t)(x >> 4));
		c[2] = x < c[2] ? x : c[2];
		c[3] = x > c[3] ? x : c[3];
		c[4] &= x | 0x10000000;
		c[5] |= x & 0x0f0f0f0f;
		c[6] ^= x;
		c[7] = (uint32_t)x < (uint32_t)c[7] ? x : c[7];
	}
}

static void s_cmpxchg(struct run *r)
{
	arg_buf(r, 0, 4 * NA);
	arg_buf(r, 1, 4 * 8);
	nd1(r, NA, 64);
}

static void r_cmpxchg(struct run *r)
{
	int32_t *c = WANT(r, 1, int32_t);

	for (int i = 0; i < NA; i++)
		c[0] = (int32_t)((uint32_t)c[0] + (IN(r, 0, uint32_t)[i] & 0xff));
	for (int i = 1; i < 5; i++)
		c[i] = 7;
}

static void s_alocal(struct run *r)
{
	arg_buf(r, 0, 4 * NA);
	arg_zero(r, 1, 4 * 16);
	nd1(r, NA, 128);
}

static void r_alocal(struct run *r)
{
	for (int i = 0; i < NA; i++) {
		uint32_t v = IN(r, 0, uint32_t)[i];

		WANT(r, 1, uint32_t)[v & 15] += 1;
		WANT(r, 1, uint32_t)[(v >> 8) & 15] += 2;
	}
}

static void s_along(struct run *r)
{
	arg_buf(r, 0, 8 * 2);
	arg_buf(r, 1, 4 * NA);
	nd1(r, NA, 64);
}

static void r_along(struct run *r)
{
	for (int i = 0; i < NA; i++)
		WANT(r, 0, uint64_t)[0] += (uint64_t)((int64_t)IN(r, 1, int32_t)[i] * (1 << 20));
}

static void s_slots(struct run *r)
{
	arg_zero(r, 0, 4);
	arg_zero(r, 1, 4 * NA);
	r->cmp[1] = CMP_CUSTOM;
	nd1(r, NA, 64);
}

static void r_slots(struct run *r)
{
	WANT(r, 0, uint32_t)[0] = NA;
}

/* Every slot holds a different work-item's ID + 1: a permutation of 1..NA. */
static bool c_slots(const struct run *r, char *why, size_t len)
{
	static uint8_t seen[NA + 1];
	const uint32_t *s = (const uint32_t *)r->out[1];

	memset(seen, 0, sizeof(seen));
	for (int i = 0; i < NA; i++) {
		if (!s[i] || s[i] > NA || seen[s[i]]) {
			snprintf(why, len, "slot %d holds %u: not a permutation of 1..%d", i, s[i],
				 NA);
			return false;
		}
		seen[s[i]] = 1;
	}
	return true;
}

const struct ocl_case cases_atomic[] = {
	CASE("a_histo", s_histo, r_histo),
	CASE("a_ops", s_ops, r_ops),
	CASE("a_cmpxchg", s_cmpxchg, r_cmpxchg),
	CASE("a_local", s_alocal, r_alocal),
	CASE("a_long", s_along, r_along),
	{ "a_slots", s_slots, r_slots, c_slots },
	CASE_END,
};
