/* SPDX-License-Identifier: MIT */
/*
 * One math built-in per kernel, as a tester checks a library function by
 * function (test_ocl_corpus.c, "mathfn"): x in [-pi, pi], y in [0.5, 4].
 * IGC implements most of them in code of its own, several with tables in
 * the program-scope constant buffer that all the kernels of this file
 * share.
 */
#include "corpus.h"

#define K1(name, expr)								\
KATTR kernel void name(global const float *a, global const float *b, global float *h)	\
{										\
	size_t i = get_global_id(0);						\
	float x = a[i], y = b[i];						\
										\
	h[i] = (expr);								\
}

K1(mf_log2, log2(y))
K1(mf_log, log(y))
K1(mf_exp2, exp2(x))
K1(mf_exp, exp(x))
K1(mf_powr, powr(y, x))
K1(mf_pown, pown(y, 3))
K1(mf_sinpi, sinpi(x))
K1(mf_tan, tan(x))
K1(mf_atan, atan(x))
K1(mf_cbrt, cbrt(y))
K1(mf_expm1, expm1(x))
K1(mf_log1p, log1p(y))
K1(mf_asin, asin(x * 0.3f))
K1(mf_sinh, sinh(x))
K1(mf_erf, erf(x))
K1(mf_tgamma, tgamma(y))
