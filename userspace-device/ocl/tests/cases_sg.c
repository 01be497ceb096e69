// SPDX-License-Identifier: MIT
/*
 * References for ocl/corpus/subgroup.cl and ndrange.cl.  A sub-group is
 * the SIMD lanes of one hardware thread: work-items of a work-group by
 * linear local ID, r->simd at a time (the last one may be partial).
 */
#include <string.h>

#include "cases.h"

#define N	1024
#define L	64		/* a multiple of 32: every sub-group is whole */

/* Sub-group of item @i (1D, groups of L), its first item and its size. */
static void sg_of(const struct run *r, int i, int *first, int *size)
{
	int g = i - i % L, l = i % L;

	*first = g + l / (int)r->simd * (int)r->simd;
	*size = (int)r->simd;
}

static void s_1in(struct run *r, size_t out_per_item, int32_t lo, int32_t hi)
{
	fill_i32_range(r, arg_buf(r, 0, 4 * N), N, lo, hi);
	arg_poison(r, 1, out_per_item * 4 * N);
	nd1(r, N, L);
}

static void s_reduce(struct run *r)
{
	s_1in(r, 3, INT32_MIN, INT32_MAX);
}

static void r_reduce(struct run *r)
{
	for (int i = 0; i < N; i++) {
		int f, n;
		uint32_t sum = 0;
		int32_t mn = INT32_MAX, mx = INT32_MIN;

		sg_of(r, i, &f, &n);
		for (int k = f; k < f + n; k++) {
			int32_t x = IN(r, 0, int32_t)[k];

			sum += (uint32_t)x;
			mn = x < mn ? x : mn;
			mx = x > mx ? x : mx;
		}
		WANT(r, 1, int32_t)[3 * i + 0] = (int32_t)sum;
		WANT(r, 1, int32_t)[3 * i + 1] = mn;
		WANT(r, 1, int32_t)[3 * i + 2] = mx;
	}
}

static void s_scan(struct run *r)
{
	s_1in(r, 2, INT32_MIN, INT32_MAX);
}

static void r_scan(struct run *r)
{
	for (int i = 0; i < N; i++) {
		int f, n;
		uint32_t s = 0;

		sg_of(r, i, &f, &n);
		for (int k = f; k < i; k++)
			s += IN(r, 0, uint32_t)[k];
		WANT(r, 1, int32_t)[2 * i + 1] = (int32_t)s;
		WANT(r, 1, int32_t)[2 * i + 0] = (int32_t)(s + IN(r, 0, uint32_t)[i]);
	}
}

static void s_ids(struct run *r)
{
	s_1in(r, 6, -2000, 1000);
}

static void r_ids(struct run *r)
{
	for (int i = 0; i < N; i++) {
		int f, n, any = 0, all = 1;
		int32_t *c = WANT(r, 1, int32_t) + 6 * i;

		sg_of(r, i, &f, &n);
		for (int k = f; k < f + n; k++) {
			any |= IN(r, 0, int32_t)[k] > 1000;
			all &= IN(r, 0, int32_t)[k] > -1000000;
		}
		c[0] = IN(r, 0, int32_t)[f + 1];
		c[1] = any;
		c[2] = all;
		c[3] = i - f;
		c[4] = (i % L) / (int)r->simd;
		c[5] = n;
	}
}

static void s_shuffle(struct run *r)
{
	s_1in(r, 4, INT32_MIN, INT32_MAX);
}

static void r_shuffle(struct run *r)
{
	const int32_t *a = IN(r, 0, int32_t);

	for (int i = 0; i < N; i++) {
		int f, n, l;
		int32_t *c = WANT(r, 1, int32_t) + 4 * i;

		sg_of(r, i, &f, &n);
		l = i - f;
		c[0] = a[f + (l * 3 + 1) % n];
		/* down: lane l + 3 of cur, past the end lanes of next = cur + 1 */
		c[1] = l + 3 < n ? a[f + l + 3] : (int32_t)((uint32_t)a[f + l + 3 - n] + 1);
		/* up: lane l - 2 of cur, before the start lanes of prev = cur - 1 */
		c[2] = l >= 2 ? a[f + l - 2] : (int32_t)((uint32_t)a[f + n + l - 2] - 1);
		c[3] = a[f + (l ^ 5)];
	}
}

static void s_block(struct run *r)
{
	arg_buf(r, 0, 4 * N);
	arg_poison(r, 1, 4 * N);
	nd1(r, N, L);
}

static void r_block(struct run *r)
{
	for (int i = 0; i < N; i++)
		WANT(r, 1, uint32_t)[i] = IN(r, 0, uint32_t)[i] * 3u + 1u;
}

static void s_fmax(struct run *r)
{
	float *a = arg_buf(r, 0, 4 * N);

	for (int i = 0; i < N; i++)	/* small integers: any order of adds is exact */
		a[i] = (float)((int)(rnd(r) % 2001) - 1000);
	arg_poison(r, 1, 2 * 4 * N);
	nd1(r, N, L);
}

static void r_fmax(struct run *r)
{
	for (int i = 0; i < N; i++) {
		int f, n;
		float mx = -1e30f, s = 0;

		sg_of(r, i, &f, &n);
		for (int k = f; k < f + n; k++) {
			float x = IN(r, 0, float)[k];

			mx = x > mx ? x : mx;
			s += x;
		}
		WANT(r, 1, float)[2 * i + 0] = mx;
		WANT(r, 1, float)[2 * i + 1] = s;
	}
}

const struct ocl_case cases_subgroup[] = {
	CASE("s_reduce", s_reduce, r_reduce),
	CASE("s_scan", s_scan, r_scan),
	CASE("s_ids", s_ids, r_ids),
	CASE("s_shuffle", s_shuffle, r_shuffle),
	CASE("s_block", s_block, r_block),
	CASE("s_fmax", s_fmax, r_fmax),
	CASE_END,
};

/* ---- ndrange.cl -------------------------------------------------------- */

/* Group ID, local ID and group size of global coordinate @x (offset removed) in dimension @d. */
static void place(const struct run *r, unsigned int d, uint64_t x, uint64_t *grp, uint64_t *lid,
		  uint64_t *size)
{
	uint64_t l = lsize(r, d), g = gsize(r, d), n = (g + l - 1) / l;

	*grp = x / l;
	*lid = x % l;
	*size = *grp == n - 1 && g % l ? g % l : l;
}

static void s_builtins(struct run *r)
{
	static const uint64_t g[3] = { 10, 6, 3 }, l[3] = { 4, 4, 2 };

	arg_poison(r, 0, 4 * 16 * 10 * 6 * 3);
	nd3(r, g, l);
	r->nd.global_offset[0] = 5;
	r->nd.global_offset[1] = 7;
	r->nd.global_offset[2] = 9;
}

static void r_builtins(struct run *r)
{
	for (uint64_t z = 0; z < gsize(r, 2); z++)
		for (uint64_t y = 0; y < gsize(r, 1); y++)
			for (uint64_t x = 0; x < gsize(r, 0); x++) {
				uint64_t c[3] = { x, y, z };
				uint64_t i = (z * gsize(r, 1) + y) * gsize(r, 0) + x;
				uint32_t *p = WANT(r, 0, uint32_t) + 16 * i;

				p[0] = r->nd.work_dim;
				for (unsigned int d = 0; d < 3; d++) {
					uint64_t grp, lid, size, l = lsize(r, d);
					uint64_t n = (gsize(r, d) + l - 1) / l;

					place(r, d, c[d], &grp, &lid, &size);
					p[1 + 5 * d] = (uint32_t)(c[d] + r->nd.global_offset[d]);
					p[2 + 5 * d] = (uint32_t)lid;
					p[3 + 5 * d] = (uint32_t)grp;
					p[4 + 5 * d] = (uint32_t)size;
					p[5 + 5 * d] = (uint32_t)(n << 16 | l);
				}
			}
}

static void s_n1d(struct run *r)
{
	arg_buf(r, 0, 4 * 1000);
	arg_poison(r, 1, 4 * 1024);
	nd1(r, 1000, 64);
}

static void r_n1d(struct run *r)
{
	for (int i = 0; i < 1000; i++)
		WANT(r, 1, uint32_t)[i] = IN(r, 0, uint32_t)[i] + (uint32_t)i;
}

#define PITCH	40

static void s_n2d(struct run *r)
{
	uint32_t pitch = PITCH;

	arg_poison(r, 0, 4 * PITCH * 13);
	arg_val(r, 1, &pitch, 4);
	nd2(r, 37, 13, 8, 4);
}

static void r_n2d(struct run *r)
{
	for (uint64_t y = 0; y < 13; y++)
		for (uint64_t x = 0; x < 37; x++) {
			uint64_t gx, lx, sx, gy, ly, sy;

			place(r, 0, x, &gx, &lx, &sx);
			place(r, 1, y, &gy, &ly, &sy);
			WANT(r, 0, uint32_t)[y * PITCH + x] =
				(uint32_t)(y << 16 | x) ^ (uint32_t)(ly * sx + lx) << 8;
		}
}

static void s_n3d(struct run *r)
{
	static const uint64_t g[3] = { 9, 7, 5 }, l[3] = { 4, 2, 2 };

	arg_poison(r, 0, 4 * 9 * 7 * 5);
	nd3(r, g, l);
}

static void r_n3d(struct run *r)
{
	for (uint64_t z = 0; z < 5; z++)
		for (uint64_t y = 0; y < 7; y++)
			for (uint64_t x = 0; x < 9; x++)
				WANT(r, 0, uint32_t)[(z * 7 + y) * 9 + x] =
					(uint32_t)(z << 20 | y << 10 | x) + (uint32_t)(z / 2);
}

static void s_offset(struct run *r)
{
	arg_poison(r, 0, 4 * 320);
	nd1(r, 300, 32);
	r->nd.global_offset[0] = 1000;
}

static void r_offset(struct run *r)
{
	for (uint32_t x = 0; x < 300; x++)
		WANT(r, 0, uint32_t)[x] = (x + 1000) * 7 + x % 32;
}

static void s_linear(struct run *r)
{
	arg_poison(r, 0, 4 * 2 * 24 * 10);
	nd2(r, 24, 10, 8, 5);
	r->nd.global_offset[0] = 3;
	r->nd.global_offset[1] = 4;
}

static void r_linear(struct run *r)
{
	for (uint32_t y = 0; y < 10; y++)
		for (uint32_t x = 0; x < 24; x++) {
			uint32_t i = y * 24 + x;

			WANT(r, 0, uint32_t)[2 * i] = (y % 5) * 8 + x % 8;
			WANT(r, 0, uint32_t)[2 * i + 1] = x / 8 + 100 * (y / 5);
		}
}

const struct ocl_case cases_ndrange[] = {
	CASE("n_builtins", s_builtins, r_builtins),
	CASE("n_1d", s_n1d, r_n1d),
	CASE("n_2d", s_n2d, r_n2d),
	CASE("n_3d", s_n3d, r_n3d),
	CASE("n_offset", s_offset, r_offset),
	CASE("n_linear", s_linear, r_linear),
	CASE_END,
};
