// SPDX-License-Identifier: MIT
/*
 * Logic and shifts: not, and, or, xor (GSEU_X_LOGIC in their rows: negate
 * is bitwise not on Gen8, 965/G35 PRM Vol. 4 Subsystem and Cores (2008),
 * 14.2 "Instruction Description"), shr, shl, asr.  Integer only.
 *
 * Choice where the sources leave it open (eu-interpreter.rst,
 * "Choices"): shifts work at the integer execution width (16 bits when
 * no source is a dword, 32, or 64 for Q/UQ), counts masked to 5 bits (6
 * for 64-bit).
 */
#include "insns.h"

static inline unsigned shcount(const struct gsi_exec *e, unsigned k)
{
	return (unsigned)(B.u[k] & (e->pi->iw == 64 ? 63 : 31));
}

KERNEL(k_not_I, R.u[k] = ~A.u[k])
GSI_SEM(not, GSI_KERNELS(NULL, NULL, k_not_I));

KERNEL(k_and_I, R.u[k] = A.u[k] & B.u[k])
GSI_SEM(and, GSI_KERNELS(NULL, NULL, k_and_I));

KERNEL(k_or_I, R.u[k] = A.u[k] | B.u[k])
GSI_SEM(or, GSI_KERNELS(NULL, NULL, k_or_I));

KERNEL(k_xor_I, R.u[k] = A.u[k] ^ B.u[k])
GSI_SEM(xor, GSI_KERNELS(NULL, NULL, k_xor_I));

/* shr: logical, at the execution width */
KERNEL(k_shr_I, R.u[k] = (A.u[k] & gsi_wmask(e->pi->iw)) >> shcount(e, k))
GSI_SEM(shr, GSI_KERNELS(NULL, NULL, k_shr_I));

/* shl: the result wraps at the execution width (sign-extended if signed) */
KERNEL(k_shl_I, R.i[k] = e->pi->isigned ?
       gsi_sext(A.u[k] << shcount(e, k), e->pi->iw) :
       (int64_t)((A.u[k] << shcount(e, k)) & gsi_wmask(e->pi->iw)))
GSI_SEM(shl, GSI_KERNELS(NULL, NULL, k_shl_I));

/* asr: sign-fills from the top bit of the execution width */
KERNEL(k_asr_I, R.i[k] = gsi_sext(A.u[k], e->pi->iw) >> shcount(e, k))
GSI_SEM(asr, GSI_KERNELS(NULL, NULL, k_asr_I));
