// SPDX-License-Identifier: MIT
/*
 * Arithmetic: add, mul, avg, frc, rndu, rndd, rnde, rndz, mac, mach, mad,
 * lrp.  Semantics: 965/G35 PRM Vol. 4 Subsystem and Cores (2008), 14.2
 * "Instruction Description" with the float rules of 2.3-2.5.  mac, mach
 * read the accumulator (GSEU_X_ACC_READ: the executor gathers it into
 * e->acc); mach also writes it (GSEU_X_ACC_WRITE: the executor scatters
 * e->r2 there when the kernel sets e->r2_to_acc).
 *
 * Choices where the sources leave it open (eu-interpreter.rst,
 * "Choices"):
 *  - mad and mac round once (fused), like the "extra precision" of 2.4;
 *  - mach adds src0 * src1[31:16] << 16 to the 64-bit accumulator, writes
 *    bits 63:32 to dst and the whole sum back to the accumulator (965/G35
 *    PRM Vol. 4 Subsystem and Cores (2008), 14.2 "Instruction
 *    Description", "model mach as completing the a*b.lo16 partial").
 */
#include <math.h>

#include "insns.h"
#include "../interp_float.h"

KERNEL(k_add_F, R.f[k] = gsi_nan2(A.f[k], B.f[k], A.f[k] + B.f[k]))
KERNEL(k_add_DF, R.d[k] = A.d[k] + B.d[k])
KERNEL(k_add_I, R.u[k] = A.u[k] + B.u[k])
FAST_F2(f_add_F, gsi_nan2(a, b, a + b))
FAST_I2(f_add_I, a + b)
GSI_SEM(add, GSI_KERNELS(k_add_F, k_add_DF, k_add_I), GSI_FAST_F(f_add_F), GSI_FAST_I(f_add_I));

KERNEL(k_mul_F, R.f[k] = gsi_nan2(A.f[k], B.f[k], A.f[k] * B.f[k]))
KERNEL(k_mul_DF, R.d[k] = A.d[k] * B.d[k])
KERNEL(k_mul_I, R.u[k] = A.u[k] * B.u[k])
FAST_F2(f_mul_F, gsi_nan2(a, b, a * b))
FAST_I2(f_mul_I, a * b)
GSI_SEM(mul, GSI_KERNELS(k_mul_F, k_mul_DF, k_mul_I), GSI_FAST_F(f_mul_F), GSI_FAST_I(f_mul_I));

/* avg: (src0 + src1 + 1) >> 1 without overflow (exact 64-bit lanes) */
KERNEL(k_avg_I, R.i[k] = e->pi->uns ? (int64_t)((A.u[k] + B.u[k] + 1) >> 1)
       : (A.i[k] + B.i[k] + 1) >> 1)
/* exact sources of one signedness (GSI_FAST_EXACT): 33-bit sums in 64 */
FAST_I2(f_avg_I, x->pi->uns ? (uint32_t)(((uint64_t)a + b + 1) >> 1)
	: (uint32_t)(((int64_t)(int32_t)a + (int32_t)b + 1) >> 1))
GSI_SEM(avg, GSI_KERNELS(NULL, NULL, k_avg_I), GSI_FAST_I(f_avg_I),
	.fast_flags = GSI_FAST_EXACT);

static inline float frc_f(float a)
{
	float f = floorf(a);

	return gsi_nan2(a, f, a - f);
}

KERNEL(k_frc_F, R.f[k] = frc_f(A.f[k]))
KERNEL(k_frc_DF, R.d[k] = A.d[k] - floor(A.d[k]))
FAST_F1_LIBM(f_frc_F, frc_f(a))
GSI_SEM(frc, GSI_KERNELS(k_frc_F, k_frc_DF, NULL), GSI_FAST_F(f_frc_F));

KERNEL(k_rndu_F, R.f[k] = ceilf(A.f[k]))
KERNEL(k_rndu_DF, R.d[k] = ceil(A.d[k]))
FAST_F1_LIBM(f_rndu_F, ceilf(a))
GSI_SEM(rndu, GSI_KERNELS(k_rndu_F, k_rndu_DF, NULL), GSI_FAST_F(f_rndu_F));

KERNEL(k_rndd_F, R.f[k] = floorf(A.f[k]))
KERNEL(k_rndd_DF, R.d[k] = floor(A.d[k]))
FAST_F1_LIBM(f_rndd_F, floorf(a))
GSI_SEM(rndd, GSI_KERNELS(k_rndd_F, k_rndd_DF, NULL), GSI_FAST_F(f_rndd_F));

/* rnde: to nearest, ties to even, whatever the cr0 rounding mode */
static inline float rnde_f(float v)
{
	float f = floorf(v), d = v - f;

	if (d > 0.5f || (d == 0.5f && fmodf(f, 2.0f) != 0.0f))
		f += 1.0f;
	return f == 0.0f ? copysignf(0.0f, v) : f;
}

static inline double rnde_d(double v)
{
	double f = floor(v), d = v - f;

	if (d > 0.5 || (d == 0.5 && fmod(f, 2.0) != 0.0))
		f += 1.0;
	return f == 0.0 ? copysign(0.0, v) : f;
}

KERNEL(k_rnde_F, R.f[k] = rnde_f(A.f[k]))
KERNEL(k_rnde_DF, R.d[k] = rnde_d(A.d[k]))
FAST_F1_LIBM(f_rnde_F, rnde_f(a))
GSI_SEM(rnde, GSI_KERNELS(k_rnde_F, k_rnde_DF, NULL), GSI_FAST_F(f_rnde_F));

KERNEL(k_rndz_F, R.f[k] = truncf(A.f[k]))
KERNEL(k_rndz_DF, R.d[k] = trunc(A.d[k]))
FAST_F1_LIBM(f_rndz_F, truncf(a))
GSI_SEM(rndz, GSI_KERNELS(k_rndz_F, k_rndz_DF, NULL), GSI_FAST_F(f_rndz_F));

/* mac: dst = acc + src0 * src1 */
KERNEL(k_mac_F, R.f[k] = fmaf(A.f[k], B.f[k], e->acc.f[k]))
KERNEL(k_mac_DF, R.d[k] = fma(A.d[k], B.d[k], e->acc.d[k]))
KERNEL(k_mac_I, R.u[k] = e->acc.u[k] + A.u[k] * B.u[k])
GSI_SEM(mac, GSI_KERNELS(k_mac_F, k_mac_DF, k_mac_I));

static void k_mach_I(struct gsi_exec *e)
{
	bool s = !e->pi->uns;

	NL {
		uint64_t hi16 = s ? (uint64_t)((int64_t)(int32_t)B.u[k] >> 16)
				  : (B.u[k] & 0xffffffffu) >> 16;
		uint64_t sum = e->acc.u[k] + ((A.u[k] * hi16) << 16);

		R.u[k] = s ? (uint64_t)((int64_t)sum >> 32) : sum >> 32;
		e->r2.u[k] = sum;
	}
	e->r2_to_acc = true;
}
GSI_SEM(mach, GSI_KERNELS(NULL, NULL, k_mach_I));

/* mad: dst = src0 + src1 * src2 */
KERNEL(k_mad_F, R.f[k] = gsi_nan3(A.f[k], B.f[k], C.f[k], fmaf(B.f[k], C.f[k], A.f[k])))
KERNEL(k_mad_DF, R.d[k] = fma(B.d[k], C.d[k], A.d[k]))
KERNEL(k_mad_I, R.u[k] = A.u[k] + B.u[k] * C.u[k])
FAST_F3(f_mad_F, gsi_nan3(a, b, c, fmaf(b, c, a)))
FAST_I3(f_mad_I, a + b * c)
GSI_SEM(mad, GSI_KERNELS(k_mad_F, k_mad_DF, k_mad_I), GSI_FAST_F(f_mad_F), GSI_FAST_I(f_mad_I));

/* lrp: dst = src0 * src1 + (1 - src0) * src2, each step rounded */
static inline __attribute__((always_inline)) float lrp_f(float a, float b, float c)
{
	float p = gsi_nan2(a, b, a * b), q = 1.0f - a;

	q = gsi_nan2(q, c, q * c);
	return gsi_nan2(p, q, p + q);
}

KERNEL(k_lrp_F, R.f[k] = lrp_f(A.f[k], B.f[k], C.f[k]))
KERNEL(k_lrp_DF, R.d[k] = A.d[k] * B.d[k] + (1.0 - A.d[k]) * C.d[k])
FAST_F3(f_lrp_F, lrp_f(a, b, c))
GSI_SEM(lrp, GSI_KERNELS(k_lrp_F, k_lrp_DF, NULL), GSI_FAST_F(f_lrp_F));
