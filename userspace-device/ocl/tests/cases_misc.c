// SPDX-License-Identifier: MIT
/* References for ocl/corpus/flow.cl and misc.cl: exact. */
#include <string.h>

#include "cases.h"

#define N	1024

static void s_flow(struct run *r)
{
	fill_i32_range(r, arg_buf(r, 0, 4 * N), N, -100000, 100000);
	arg_poison(r, 1, 4 * N);
	nd1(r, N, 64);
}

static void r_loop(struct run *r)
{
	for (int g = 0; g < N; g++) {
		int32_t x = IN(r, 0, int32_t)[g];
		uint32_t s = 0;

		for (int i = 0; i < (x & 31); i++)
			s = i & 1 ? s + (uint32_t)i * (uint32_t)x : s ^ (uint32_t)i;
		WANT(r, 1, uint32_t)[g] = s;
	}
}

static void r_nested(struct run *r)
{
	for (int g = 0; g < N; g++) {
		int32_t x = IN(r, 0, int32_t)[g], v;

		if (x > 0)
			v = x & 1 ? x * 3 : x & 2 ? x - 100 : -x;
		else
			v = (x & 0xff) > 100 ? (x & 0xff) + 1000 : x & 0xff;
		WANT(r, 1, int32_t)[g] = v;
	}
}

static void r_switch(struct run *r)
{
	for (int g = 0; g < N; g++) {
		int32_t x = IN(r, 0, int32_t)[g], v;

		switch (x & 7) {
		case 0: v = x; break;
		case 1: v = x + 1; break;
		case 2: v = x * 2; break;
		case 3: v = x >> 1; break;
		case 5: v = ~x; break;
		default: v = 42; break;
		}
		WANT(r, 1, int32_t)[g] = v;
	}
}

static void r_return(struct run *r)
{
	for (int g = 0; g < N; g++) {
		int32_t x = IN(r, 0, int32_t)[g];

		if (x % 3)
			WANT(r, 1, int32_t)[g] = x * 5;
	}
}

static void s_ubuf(struct run *r)
{
	arg_buf(r, 0, 4 * N);
	arg_poison(r, 1, 4 * N);
	nd1(r, N, 64);
}

static void r_break(struct run *r)
{
	for (int g = 0; g < N; g++) {
		uint32_t x = IN(r, 0, uint32_t)[g], s = 0;

		for (uint32_t i = 0; i < 64; i++) {
			if ((x >> (i & 31)) & 1)
				continue;
			s += i;
			if (s > (x & 0x3ff))
				break;
		}
		WANT(r, 1, uint32_t)[g] = s;
	}
}

static void r_while(struct run *r)
{
	for (int g = 0; g < N; g++) {
		uint32_t x = (IN(r, 0, uint32_t)[g] & 0xfff) + 1, n = 0;

		while (x != 1 && n < 500) {
			x = x & 1 ? 3 * x + 1 : x / 2;
			n++;
		}
		WANT(r, 1, uint32_t)[g] = n;
	}
}

static void s_ubarrier(struct run *r)
{
	arg_buf(r, 0, 4 * N);
	arg_local(r, 1, 4 * 64);
	nd1(r, N, 64);
}

static void r_ubarrier(struct run *r)
{
	for (int base = 0; base < N; base += 64) {
		uint32_t v[64], t[64];

		for (int l = 0; l < 64; l++)
			v[l] = IN(r, 0, uint32_t)[base + l];
		for (int k = 0; k < 4; k++) {
			memcpy(t, v, sizeof(t));
			for (int l = 0; l < 64; l++)
				v[l] += t[(l + 1) % 64];
		}
		memcpy(WANT(r, 0, uint32_t) + base, v, sizeof(v));
	}
}

const struct ocl_case cases_flow[] = {
	CASE("c_loop", s_flow, r_loop),
	CASE("c_nested", s_flow, r_nested),
	CASE("c_switch", s_flow, r_switch),
	CASE("c_return", s_flow, r_return),
	CASE("c_break", s_ubuf, r_break),
	CASE("c_while", s_ubuf, r_while),
	CASE("c_uniform_barrier", s_ubarrier, r_ubarrier),
	CASE_END,
};

/* ---- misc.cl ----------------------------------------------------------- */

static void s_ctable(struct run *r)
{
	arg_buf(r, 0, 4 * N);
	arg_poison(r, 1, 4 * N);
	nd1(r, N, 64);
}

static void r_ctable(struct run *r)
{
	static const int32_t fib[16] = { 1, 1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233, 377,
					 610, 987 };

	for (int i = 0; i < N; i++)
		WANT(r, 1, int32_t)[i] = fib[IN(r, 0, uint32_t)[i] & 15];
}

static void s_carg(struct run *r)
{
	arg_buf(r, 0, 4 * N);
	arg_buf(r, 1, 4 * 64);
	arg_poison(r, 2, 4 * N);
	nd1(r, N, 64);
}

static void r_carg(struct run *r)
{
	for (int i = 0; i < N; i++)
		WANT(r, 2, uint32_t)[i] = IN(r, 1, uint32_t)[IN(r, 0, uint32_t)[i] & 63] * 2;
}

/* struct params of misc.cl, as OpenCL C lays it out (natural alignment) */
struct params {
	int32_t scale;
	float bias;
	int16_t s;
	int8_t c;
	int64_t l;
};

static void s_struct(struct run *r)
{
	struct params p = { 3, 0.25f, -7, 5, 1234567890123ll };
	int64_t l = -98765;
	int8_t c = -3;

	fill_i32_range(r, arg_buf(r, 0, 4 * N), N, -1000000, 1000000);
	arg_val(r, 1, &p, sizeof(p));
	arg_poison(r, 2, 4 * N);
	arg_val(r, 3, &l, 8);
	arg_val(r, 4, &c, 1);
	arg_poison(r, 5, 8 * N);
	nd1(r, N, 64);
}

static void r_struct(struct run *r)
{
	const struct params *p = (const struct params *)r->val[1];

	for (int i = 0; i < N; i++) {
		WANT(r, 2, float)[i] = (float)(IN(r, 0, int32_t)[i] * p->scale) + p->bias +
				       (float)(p->s + p->c + VAL(r, 4, int8_t));
		WANT(r, 5, int64_t)[i] = p->l + VAL(r, 3, int64_t) * i;
	}
}

static void s_vecargs(struct run *r)
{
	float v[4] = { 1.5f, -2.0f, 0.125f, 100.0f };
	int32_t k[2] = { 3, -7 };

	arg_poison(r, 0, 16 * N);
	arg_val(r, 1, v, 16);
	arg_val(r, 2, k, 8);
	nd1(r, N, 64);
}

static void r_vecargs(struct run *r)
{
	const float *v = (const float *)r->val[1];
	const int32_t *k = (const int32_t *)r->val[2];

	for (int i = 0; i < N; i++)
		for (int e = 0; e < 4; e++)
			/* i * k.y is size_t arithmetic in the kernel: unsigned, 64 bits */
			WANT(r, 0, float)[4 * i + e] = v[e] * (float)k[0] +
				(float)((uint64_t)i * (uint64_t)(int64_t)k[1]);
}

static void s_private(struct run *r)
{
	arg_buf(r, 0, 4 * N);
	arg_poison(r, 1, 4 * N);
	nd1(r, N, 64);
}

static void r_private(struct run *r)
{
	const uint32_t *a = IN(r, 0, uint32_t);

	for (int i = 0; i < N; i++) {
		uint32_t p[16];

		for (int j = 0; j < 16; j++)
			p[j] = a[(i + j) % N] * (uint32_t)(j + 1);
		WANT(r, 1, uint32_t)[i] = p[a[i] & 15] + p[(a[i] >> 4) & 15];
	}
}

/* m_spill: 160 values live at once, IGC spills them to scratch */
static void r_spill(struct run *r)
{
	const uint32_t *a = IN(r, 0, uint32_t);

	for (int i = 0; i < N; i++) {
		uint32_t p[160], s = 0;

		for (uint32_t j = 0; j < 160; j++)
			p[j] = a[(i + 7 * j) % N] * (j + 3) + (j << 9);
		for (int j = 0; j < 160; j++)
			s = (s ^ (p[j] * p[159 - j])) + (s << 3);
		WANT(r, 1, uint32_t)[i] = s;
	}
}

static void s_gvar(struct run *r)
{
	arg_buf(r, 0, 4 * N);
	arg_poison(r, 1, 4 * N);
	nd1(r, N, 64);
}

static void r_gvar(struct run *r)
{
	for (int i = 0; i < N; i++)
		WANT(r, 1, int32_t)[i] = 1;
}

static void s_generic(struct run *r)
{
	arg_buf(r, 0, 4 * (N + 2));
	arg_poison(r, 1, 4 * N);
	nd1(r, N, 128);
}

static void r_generic(struct run *r)
{
	const uint32_t *a = IN(r, 0, uint32_t);

	for (int g = 0; g < N; g++) {
		int l = g % 128;
		uint32_t v = a[g] + a[g + 1] + a[g + 2];

		if (l + 2 < 128)
			v += 2 * (a[g] + a[g + 1] + a[g + 2]);
		WANT(r, 1, uint32_t)[g] = v;
	}
}

static void s_many(struct run *r)
{
	for (unsigned int i = 0; i < 7; i++)
		arg_buf(r, i, 4 * N);
	arg_poison(r, 7, 4 * N);
	nd1(r, N, 64);
}

static void r_many(struct run *r)
{
	for (int i = 0; i < N; i++) {
		uint32_t v = 0;

		for (unsigned int k = 0; k < 7; k++)
			v += (k + 1) * IN(r, k, uint32_t)[i];
		WANT(r, 7, uint32_t)[i] = v;
	}
}

const struct ocl_case cases_misc[] = {
	CASE("m_const_table", s_ctable, r_ctable),
	CASE("m_const_arg", s_carg, r_carg),
	CASE("m_struct", s_struct, r_struct),
	CASE("m_vec_args", s_vecargs, r_vecargs),
	CASE("m_private", s_private, r_private),
	CASE("m_spill", s_private, r_spill),
	CASE("m_global_var", s_gvar, r_gvar),
	CASE("m_generic", s_generic, r_generic),
	CASE("m_many", s_many, r_many),
	CASE_END,
};
