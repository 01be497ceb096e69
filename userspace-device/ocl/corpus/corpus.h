/* SPDX-License-Identifier: MIT */
/*
 * Included first by every corpus file (ocl/corpus/README).  The test
 * compiles each file with -DSIMD=8, 16 or 32: KATTR makes every kernel
 * that SIMD width (intel_reqd_sub_group_size, cl_intel_subgroups).
 * Contraction is off so that a * b + c is two roundings, as in the C
 * references.
 */
#pragma OPENCL FP_CONTRACT OFF
#ifdef SIMD
#define KATTR __attribute__((intel_reqd_sub_group_size(SIMD)))
#else
#define KATTR
#endif
