// SPDX-License-Identifier: MIT
/*
 * References for ocl/corpus/apps.cl: small applications.  Float results
 * are exact where the kernel only adds and multiplies (no contraction on
 * either side: corpus.h, and C11's default); the n-body step divides and
 * takes square roots, which OpenCL lets differ by 2.5 and 3 ulp, and is
 * checked within what those errors can add up to.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cases.h"

/* ---- p_matmul: C = A * B ----------------------------------------------- */

#define MM	40
#define MN	48
#define MK	32

static void s_matmul(struct run *r)
{
	int32_t m = MM, n = MN, k = MK;

	fill_f32_range(r, arg_buf(r, 0, 4 * MM * MK), MM * MK, -2.0f, 2.0f);
	fill_f32_range(r, arg_buf(r, 1, 4 * MK * MN), MK * MN, -2.0f, 2.0f);
	arg_poison(r, 2, 4 * MM * MN);
	arg_val(r, 3, &m, 4);
	arg_val(r, 4, &n, 4);
	arg_val(r, 5, &k, 4);
	nd2(r, MN, MM, 8, 8);
}

static void r_matmul(struct run *r)
{
	const float *a = IN(r, 0, float), *b = IN(r, 1, float);

	for (int row = 0; row < MM; row++)
		for (int col = 0; col < MN; col++) {
			float acc = 0.0f;

			for (int k = 0; k < MK; k++)
				acc += a[row * MK + k] * b[k * MN + col];
			WANT(r, 2, float)[row * MN + col] = acc;
		}
}

/* ---- p_transpose: 100 x 37, partial tiles ------------------------------ */

#define TW	100
#define TH	37

static void s_transpose(struct run *r)
{
	int32_t w = TW, h = TH;

	arg_buf(r, 0, 4 * TW * TH);
	arg_poison(r, 1, 4 * TW * TH);
	arg_val(r, 2, &w, 4);
	arg_val(r, 3, &h, 4);
	nd2(r, (TW + 15) / 16 * 16, (TH + 15) / 16 * 8, 16, 8);
}

static void r_transpose(struct run *r)
{
	for (int y = 0; y < TH; y++)
		for (int x = 0; x < TW; x++)
			WANT(r, 1, uint32_t)[x * TH + y] = IN(r, 0, uint32_t)[y * TW + x];
}

/* ---- p_conv2d: 3x3, clamped -------------------------------------------- */

#define CW	61
#define CH	23

static void s_conv2d(struct run *r)
{
	int32_t w = CW, h = CH;

	fill_f32_range(r, arg_buf(r, 0, 4 * CW * CH), CW * CH, -8.0f, 8.0f);
	arg_poison(r, 1, 4 * CW * CH);
	fill_f32_range(r, arg_buf(r, 2, 4 * 9), 9, -1.0f, 1.0f);
	arg_val(r, 3, &w, 4);
	arg_val(r, 4, &h, 4);
	nd2(r, 64, 24, 16, 4);
}

static int clampi(int v, int lo, int hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

static void r_conv2d(struct run *r)
{
	const float *in = IN(r, 0, float), *wt = IN(r, 2, float);

	for (int y = 0; y < CH; y++)
		for (int x = 0; x < CW; x++) {
			float s = 0.0f;

			for (int dy = -1; dy <= 1; dy++)
				for (int dx = -1; dx <= 1; dx++)
					s += in[clampi(y + dy, 0, CH - 1) * CW +
						clampi(x + dx, 0, CW - 1)] *
					     wt[(dy + 1) * 3 + dx + 1];
			WANT(r, 1, float)[y * CW + x] = s;
		}
}

/* ---- p_bitonic: key/value pairs, 128 per group -------------------------- */

#define BN	1024
#define BL	64

static void s_bitonic(struct run *r)
{
	uint32_t *kv = arg_buf(r, 0, 8 * BN);

	for (int i = 0; i < BN; i++)
		kv[2 * i] &= 0xff;	/* equal keys: the value decides */
	nd1(r, BN / 2, BL);
}

static int cmp_pair(const void *a, const void *b)
{
	const uint32_t *x = a, *y = b;

	if (x[0] != y[0])
		return x[0] < y[0] ? -1 : 1;
	return x[1] < y[1] ? -1 : x[1] > y[1];
}

static void r_bitonic(struct run *r)
{
	for (int g = 0; g < BN / (2 * BL); g++)
		qsort(WANT(r, 0, uint32_t) + g * 4 * BL, 2 * BL, 8, cmp_pair);
}

/* ---- p_radix: one 4-bit digit, stable within each group ----------------- */

#define RN	2048
#define RL	128
#define RSHIFT	4

static void s_radix(struct run *r)
{
	int32_t shift = RSHIFT;

	arg_buf(r, 0, 4 * RN);
	arg_poison(r, 1, 4 * RN);
	arg_poison(r, 2, 4 * 16 * (RN / RL));
	arg_val(r, 3, &shift, 4);
	nd1(r, RN, RL);
}

static void r_radix(struct run *r)
{
	for (int g = 0; g < RN / RL; g++) {
		const uint32_t *k = IN(r, 0, uint32_t) + g * RL;
		uint32_t *out = WANT(r, 1, uint32_t) + g * RL, n = 0;

		for (uint32_t d = 0; d < 16; d++) {
			uint32_t c = 0;

			for (int i = 0; i < RL; i++)
				if (((k[i] >> RSHIFT) & 15) == d) {
					out[n++] = k[i];
					c++;
				}
			WANT(r, 2, uint32_t)[g * 16 + d] = c;
		}
	}
}

/* ---- p_blelloch: exclusive scan, 128 per group -------------------------- */

#define SN	1024
#define SL	64

static void s_blelloch(struct run *r)
{
	arg_buf(r, 0, 4 * SN);
	arg_poison(r, 1, 4 * SN);
	arg_poison(r, 2, 4 * (SN / (2 * SL)));
	arg_local(r, 3, 4 * 2 * SL);
	nd1(r, SN / 2, SL);
}

static void r_blelloch(struct run *r)
{
	for (int g = 0; g < SN / (2 * SL); g++) {
		uint32_t s = 0;

		for (int i = 0; i < 2 * SL; i++) {
			WANT(r, 1, uint32_t)[g * 2 * SL + i] = s;
			s += IN(r, 0, uint32_t)[g * 2 * SL + i];
		}
		WANT(r, 2, uint32_t)[g] = s;
	}
}

/* ---- p_wg_reduce: work_group_* ------------------------------------------ */

/*
 * Groups of 64: with more work-items, IGC's work_group_reduce_* at SIMD8
 * (libigc 1.0.12504.6, __builtin_IB_WorkGroupReduce_*) sums the
 * sub-groups' partial sums in SLM in levels, and within a level
 * sub-group 0 reads slots 1-7 while sub-groups 1-7 write their level's
 * sums into them, with no barrier in between.  That is a data race in
 * IGC's built-in, not a gensim bug.  Hardware presumably wins it by
 * timing, and gensim's workers lose it now and then (opencl.rst,
 * "Results and what does not run yet").  64 is the largest group in
 * which the built-in has no level at SIMD8.
 */
#define WN	1024
#define WL	64

static void s_wg_reduce(struct run *r)
{
	/* small values: 77 is in about a quarter of the groups */
	fill_i32_range(r, arg_buf(r, 0, 4 * WN), WN, -100, 100);
	arg_poison(r, 1, 7 * 4 * WN);
	nd1(r, WN, WL);
}

static void r_wg_reduce(struct run *r)
{
	for (int g = 0; g < WN; g += WL) {
		const int32_t *a = IN(r, 0, int32_t) + g;
		int32_t sum = 0, mn = INT32_MAX, mx = INT32_MIN, scan = 0, emax = INT32_MIN;
		int any = 0, all = 1;

		for (int l = 0; l < WL; l++) {
			sum += a[l];
			mn = a[l] < mn ? a[l] : mn;
			mx = a[l] > mx ? a[l] : mx;
			any |= a[l] == 77;
			all &= a[l] != 77;
		}
		for (int l = 0; l < WL; l++) {
			int32_t *c = WANT(r, 1, int32_t) + 7 * (g + l);

			scan += a[l];
			c[0] = sum;
			c[1] = mn;
			c[2] = mx;
			c[3] = scan;
			c[4] = emax;
			c[5] = a[5];
			c[6] = any << 1 | all;
			emax = a[l] > emax ? a[l] : emax;
		}
	}
}

/* ---- p_atomic_reduce ---------------------------------------------------- */

#define AN	2048

static void s_atomic_reduce(struct run *r)
{
	int32_t *mx;

	arg_buf(r, 0, 4 * AN);
	arg_zero(r, 1, 4);
	arg_zero(r, 2, 4);		/* 0.0f */
	mx = arg_zero(r, 3, 4);
	mx[0] = INT32_MIN;
	nd1(r, AN, 64);
}

static void r_atomic_reduce(struct run *r)
{
	uint32_t sum = 0;
	float f = 0.0f;
	int32_t mx = INT32_MIN;

	for (int i = 0; i < AN; i++) {
		int32_t x = IN(r, 0, int32_t)[i];

		sum += (uint32_t)x;
		f += (float)(x & 1023);	/* < 2^24 in all: exact in any order */
		mx = x > mx ? x : mx;
	}
	WANT(r, 1, uint32_t)[0] = sum;
	WANT(r, 2, float)[0] = f;
	WANT(r, 3, int32_t)[0] = mx;
}

/* ---- p_mandel ----------------------------------------------------------- */

#define MW	64
#define MH	48
#define MAXIT	200

static const float mx0 = -2.0f, my0 = -1.125f, mstep = 0.046875f;

static void s_mandel(struct run *r)
{
	int32_t w = MW, it = MAXIT;

	arg_poison(r, 0, 4 * MW * MH);
	arg_val(r, 1, &w, 4);
	arg_val(r, 2, &mx0, 4);
	arg_val(r, 3, &my0, 4);
	arg_val(r, 4, &mstep, 4);
	arg_val(r, 5, &it, 4);
	nd2(r, MW, MH, 16, 4);
}

static void r_mandel(struct run *r)
{
	for (int py = 0; py < MH; py++)
		for (int px = 0; px < MW; px++) {
			float cr = mx0 + (float)px * mstep, ci = my0 + (float)py * mstep;
			float zr = 0.0f, zi = 0.0f;
			int it = 0;

			while (it < MAXIT && zr * zr + zi * zi <= 4.0f) {
				float t = zr * zr - zi * zi + cr;

				zi = 2.0f * zr * zi + ci;
				zr = t;
				it++;
			}
			WANT(r, 0, uint32_t)[py * MW + px] = (uint32_t)it;
		}
}

/* ---- p_nbody ------------------------------------------------------------ */

#define NB	256
#define NBL	64

static const float ndt = 0.01f, neps2 = 0.01f;

static void s_nbody(struct run *r)
{
	float *pos = arg_buf(r, 0, 16 * NB), *vel = arg_buf(r, 1, 16 * NB);

	for (int i = 0; i < NB; i++) {
		fill_f32_range(r, pos + 4 * i, 3, -10.0f, 10.0f);
		fill_f32_range(r, pos + 4 * i + 3, 1, 0.1f, 1.0f);
		fill_f32_range(r, vel + 4 * i, 4, -1.0f, 1.0f);
	}
	arg_poison(r, 2, 16 * NB);
	arg_poison(r, 3, 16 * NB);
	r->cmp[2] = CMP_CUSTOM;
	r->cmp[3] = CMP_CUSTOM;
	arg_val(r, 4, &ndt, 4);
	arg_val(r, 5, &neps2, 4);
	nd1(r, NB, NBL);
}

/* In double: the exact answer the float kernel approximates. */
static void r_nbody(struct run *r)
{
	const float *pos = IN(r, 0, float), *vel = IN(r, 1, float);

	for (int i = 0; i < NB; i++) {
		const float *p = pos + 4 * i;
		double a[3] = { 0, 0, 0 };

		for (int j = 0; j < NB; j++) {
			const float *q = pos + 4 * j;
			double d[3] = { q[0] - p[0], q[1] - p[1], q[2] - p[2] };
			double r2 = d[0] * d[0] + d[1] * d[1] + d[2] * d[2] + neps2;
			double s = q[3] / (r2 * sqrt(r2));

			for (int k = 0; k < 3; k++)
				a[k] += d[k] * s;
		}
		for (int k = 0; k < 3; k++) {
			double v = vel[4 * i + k] + a[k] * ndt;

			WANT(r, 3, float)[4 * i + k] = (float)v;
			WANT(r, 2, float)[4 * i + k] = (float)(p[k] + v * ndt);
		}
		WANT(r, 3, float)[4 * i + 3] = vel[4 * i + 3] + 0.0f * ndt;
		WANT(r, 2, float)[4 * i + 3] = p[3];
	}
}

/*
 * Each of the 256 terms of an acceleration is within a few float roundings
 * (1/sqrt: 2.5 + 3 ulp, the rest 1/2 ulp each) of its exact value, and
 * each of the 256 additions rounds by at most 2^-24 of the running sum:
 * the sum is within 2^-14 of the sum of the terms' magnitudes, which
 * bounds the error of the velocity (times dt) and of the position (dt
 * again), each with the rounding of its own last operations.
 */
static bool c_nbody(const struct run *r, char *why, size_t len)
{
	const float *pos = IN(r, 0, float), *vel = IN(r, 1, float);

	for (int i = 0; i < NB; i++) {
		const float *p = pos + 4 * i;
		double mag[3] = { 0, 0, 0 };

		for (int j = 0; j < NB; j++) {
			const float *q = pos + 4 * j;
			double d[3] = { q[0] - p[0], q[1] - p[1], q[2] - p[2] };
			double r2 = d[0] * d[0] + d[1] * d[1] + d[2] * d[2] + neps2;
			double s = q[3] / (r2 * sqrt(r2));

			for (int k = 0; k < 3; k++)
				mag[k] += fabs(d[k] * s);
		}
		for (int k = 0; k < 4; k++) {
			double m = k < 3 ? mag[k] : 0;
			double tv = m * ndt * 0x1p-14 + fabs(vel[4 * i + k]) * 0x1p-22;
			double tp = tv * ndt + (fabs(p[k]) + (fabs(vel[4 * i + k]) + m * ndt) *
						ndt) * 0x1p-22;
			float gv = ((const float *)r->out[3])[4 * i + k];
			float gp = ((const float *)r->out[2])[4 * i + k];
			float wv = ((const float *)r->want[3])[4 * i + k];
			float wp = ((const float *)r->want[2])[4 * i + k];

			if (!(fabs((double)gv - wv) <= tv) || !(fabs((double)gp - wp) <= tp)) {
				snprintf(why, len, "body %d, component %d: velocity %.9g (want %.9g "
					 "+- %.3g), position %.9g (want %.9g +- %.3g)", i, k, gv,
					 wv, tv, gp, wp, tp);
				return false;
			}
		}
	}
	return true;
}

/* ---- p_strsearch -------------------------------------------------------- */

#define XN	2048
static const char pattern[] = "abbaab";

static void s_strsearch(struct run *r)
{
	int32_t tlen = XN, plen = (int32_t)strlen(pattern);
	uint8_t *t = arg_buf(r, 0, XN);

	for (int i = 0; i < XN; i++)
		t[i] = (uint8_t)(rnd(r) & 1 ? 'a' : 'b');
	arg_val(r, 1, &tlen, 4);
	memcpy(arg_buf(r, 2, 8), pattern, (size_t)plen);
	arg_val(r, 3, &plen, 4);
	arg_poison(r, 4, XN);
	arg_zero(r, 5, 4);
	nd1(r, XN, 64);
}

static void r_strsearch(struct run *r)
{
	const uint8_t *t = IN(r, 0, uint8_t);
	int plen = (int)strlen(pattern);

	for (int i = 0; i < XN; i++) {
		int hit = i + plen <= XN && !memcmp(t + i, pattern, (size_t)plen);

		WANT(r, 4, uint8_t)[i] = (uint8_t)hit;
		WANT(r, 5, uint32_t)[0] += (uint32_t)hit;
	}
}

/* ---- p_crc_hash --------------------------------------------------------- */

#define HN	256

static void s_crc_hash(struct run *r)
{
	arg_buf(r, 0, 32 * HN);
	arg_poison(r, 1, 4 * HN);
	arg_poison(r, 2, 16 * HN);
	nd1(r, HN, 64);
}

static void r_crc_hash(struct run *r)
{
	for (int i = 0; i < HN; i++) {
		const uint8_t *b = IN(r, 0, uint8_t) + 32 * i;
		uint32_t c = 0xffffffffu;
		uint64_t h = 0xcbf29ce484222325ull, z;

		for (int k = 0; k < 32; k++) {
			c ^= b[k];
			for (int j = 0; j < 8; j++)
				c = c & 1 ? (c >> 1) ^ 0xedb88320u : c >> 1;
			h = (h ^ b[k]) * 0x100000001b3ull;
		}
		WANT(r, 1, uint32_t)[i] = ~c;
		z = h + 0x9e3779b97f4a7c15ull;
		z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
		z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
		WANT(r, 2, uint64_t)[2 * i] = h;
		WANT(r, 2, uint64_t)[2 * i + 1] = z ^ (z >> 31);
	}
}

/* ---- p_hist256 ---------------------------------------------------------- */

#define GN	1024
#define GPER	8

static void s_hist256(struct run *r)
{
	int32_t per = GPER;
	uint8_t *d = arg_buf(r, 0, GN * GPER);

	for (int i = 0; i < GN * GPER; i++)	/* skewed: some bins busy, some empty */
		d[i] = (uint8_t)((rnd(r) % 200) * (rnd(r) % 2 ? 1 : 0) + (i & 1 ? 17 : 0));
	arg_val(r, 1, &per, 4);
	arg_zero(r, 2, 4 * 256);
	nd1(r, GN, 64);
}

static void r_hist256(struct run *r)
{
	for (int i = 0; i < GN * GPER; i++)
		WANT(r, 2, uint32_t)[IN(r, 0, uint8_t)[i]]++;
}

const struct ocl_case cases_apps[] = {
	CASE("p_matmul", s_matmul, r_matmul),
	CASE("p_transpose", s_transpose, r_transpose),
	CASE("p_conv2d", s_conv2d, r_conv2d),
	CASE("p_bitonic", s_bitonic, r_bitonic),
	CASE("p_radix", s_radix, r_radix),
	CASE("p_blelloch", s_blelloch, r_blelloch),
	CASE("p_wg_reduce", s_wg_reduce, r_wg_reduce),
	CASE("p_atomic_reduce", s_atomic_reduce, r_atomic_reduce),
	CASE("p_mandel", s_mandel, r_mandel),
	{ "p_nbody", s_nbody, r_nbody, c_nbody },
	CASE("p_strsearch", s_strsearch, r_strsearch),
	CASE("p_crc_hash", s_crc_hash, r_crc_hash),
	CASE("p_hist256", s_hist256, r_hist256),
	CASE_END,
};
