// SPDX-License-Identifier: MIT
/*
 * References for ocl/corpus/mathfn.cl: each built-in against the host's
 * double-precision libm, rounded to float, within the bound "The OpenCL C
 * Specification", 7.4 "Relative Error as ULPs" gives it, plus 1 for the
 * reference's own rounding.
 */
#include <math.h>

#include "cases.h"

#define N	1024

static double pi_sin(double x)
{
	return sin(M_PI * x);
}

#define F(n, e)	static double n(double x, double y) { (void)x; (void)y; return (e); }
F(f_log2, log2(y))
F(f_log, log(y))
F(f_exp2, exp2(x))
F(f_exp, exp(x))
F(f_powr, pow(y, x))
F(f_pown, y * y * y)
F(f_sinpi, pi_sin(x))
F(f_tan, tan(x))
F(f_atan, atan(x))
F(f_cbrt, cbrt(y))
F(f_expm1, expm1(x))
F(f_log1p, log1p(y))
F(f_asin, asin((double)((float)x * 0.3f)))
F(f_sinh, sinh(x))
F(f_erf, erf(x))
F(f_tgamma, tgamma(y))

static const struct mf {
	const char *kernel;
	double (*f)(double x, double y);
	uint32_t ulp;
} mfs[] = {
	{ "mf_log2", f_log2, 4 }, { "mf_log", f_log, 4 }, { "mf_exp2", f_exp2, 4 },
	{ "mf_exp", f_exp, 4 }, { "mf_powr", f_powr, 17 }, { "mf_pown", f_pown, 17 },
	{ "mf_sinpi", f_sinpi, 5 }, { "mf_tan", f_tan, 6 }, { "mf_atan", f_atan, 6 },
	{ "mf_cbrt", f_cbrt, 3 }, { "mf_expm1", f_expm1, 4 }, { "mf_log1p", f_log1p, 3 },
	{ "mf_asin", f_asin, 5 }, { "mf_sinh", f_sinh, 5 }, { "mf_erf", f_erf, 17 },
	{ "mf_tgamma", f_tgamma, 17 },
};

static void setup(struct run *r, unsigned int k)
{
	fill_f32_range(r, arg_buf(r, 0, 4 * N), N, -3.14159f, 3.14159f);
	fill_f32_range(r, arg_buf(r, 1, 4 * N), N, 0.5f, 4.0f);
	arg_poison(r, 2, 4 * N);
	arg_f32_ulp(r, 2, mfs[k].ulp);
	nd1(r, N, 64);
}

static void ref(struct run *r, unsigned int k)
{
	for (int i = 0; i < N; i++)
		WANT(r, 2, float)[i] = (float)mfs[k].f(IN(r, 0, float)[i], IN(r, 1, float)[i]);
}

#define S(k)	static void s_##k(struct run *r) { setup(r, k); }	\
		static void r_##k(struct run *r) { ref(r, k); }
S(0) S(1) S(2) S(3) S(4) S(5) S(6) S(7) S(8) S(9) S(10) S(11) S(12) S(13) S(14) S(15)

const struct ocl_case cases_mathfn[] = {
	CASE("mf_log2", s_0, r_0), CASE("mf_log", s_1, r_1), CASE("mf_exp2", s_2, r_2),
	CASE("mf_exp", s_3, r_3), CASE("mf_powr", s_4, r_4), CASE("mf_pown", s_5, r_5),
	CASE("mf_sinpi", s_6, r_6), CASE("mf_tan", s_7, r_7), CASE("mf_atan", s_8, r_8),
	CASE("mf_cbrt", s_9, r_9), CASE("mf_expm1", s_10, r_10), CASE("mf_log1p", s_11, r_11),
	CASE("mf_asin", s_12, r_12), CASE("mf_sinh", s_13, r_13), CASE("mf_erf", s_14, r_14),
	CASE("mf_tgamma", s_15, r_15),
	CASE_END,
};
