// SPDX-License-Identifier: MIT
/*
 * Logic and shifts: not, and, or, xor (GSEU_X_LOGIC in their rows: negate
 * is bitwise not on Gen8, 965/G35 PRM Vol. 4 Subsystem and Cores (2008),
 * 14.2 "Instruction Description"), shr, shl, asr.  Integer only.
 *
 * Choice where the sources leave it open (eu-interpreter.rst,
 * "Choices"): shifts work at the integer execution width (16 bits when
 * no source is a dword, 32, or 64 for Q/UQ; shl also 64 for a Q/UQ
 * destination), counts masked to 5 bits (6 for 64-bit).
 */
#include "insns.h"

static inline unsigned shcount(const struct gsi_exec *e, unsigned k)
{
	return (unsigned)(B.u[k] & (e->pi->iw == 64 ? 63 : 31));
}

KERNEL(k_not_I, R.u[k] = ~A.u[k])
FAST_I1(f_not_I, ~a)
GSI_SEM(not, GSI_KERNELS(NULL, NULL, k_not_I), GSI_FAST_I(f_not_I));

KERNEL(k_and_I, R.u[k] = A.u[k] & B.u[k])
FAST_I2(f_and_I, a & b)
GSI_SEM(and, GSI_KERNELS(NULL, NULL, k_and_I), GSI_FAST_I(f_and_I));

KERNEL(k_or_I, R.u[k] = A.u[k] | B.u[k])
FAST_I2(f_or_I, a | b)
GSI_SEM(or, GSI_KERNELS(NULL, NULL, k_or_I), GSI_FAST_I(f_or_I));

KERNEL(k_xor_I, R.u[k] = A.u[k] ^ B.u[k])
FAST_I2(f_xor_I, a ^ b)
GSI_SEM(xor, GSI_KERNELS(NULL, NULL, k_xor_I), GSI_FAST_I(f_xor_I));

/* shr: logical, at the execution width */
KERNEL(k_shr_I, R.u[k] = (A.u[k] & gsi_wmask(e->pi->iw)) >> shcount(e, k))
/* the fast forms: 32-bit lanes, execution width iw <= 32 */
static inline uint32_t wmask32(unsigned iw)
{
	return iw >= 32 ? 0xffffffffu : (1u << iw) - 1;
}

static inline uint32_t sext32(uint32_t v, unsigned iw)
{
	uint32_t m = 1u << (iw - 1);

	v &= wmask32(iw);
	return (v ^ m) - m;
}

static inline __attribute__((always_inline)) void
shr_l(uint32_t *restrict r, const uint32_t *restrict s0, const uint32_t *restrict s1,
      unsigned n, uint32_t m)
{
	GSI_FL(n, r[k] = (s0[k] & m) >> (s1[k] & 31));
}

static GSI_FAST_CLONES void f_shr_I(struct gsi_fexec *x)
{
	shr_l(x->r.u, x->s[0], x->s[1], x->n, wmask32(x->pi->iw));
}
GSI_SEM(shr, GSI_KERNELS(NULL, NULL, k_shr_I), GSI_FAST_IK(f_shr_I));

/* shl: the result wraps at the execution width (sign-extended if signed) */
KERNEL(k_shl_I, R.i[k] = e->pi->isigned ?
       gsi_sext(A.u[k] << shcount(e, k), e->pi->iw) :
       (int64_t)((A.u[k] << shcount(e, k)) & gsi_wmask(e->pi->iw)))
static inline __attribute__((always_inline)) void
shl_l(uint32_t *restrict r, const uint32_t *restrict s0, const uint32_t *restrict s1,
      unsigned n, unsigned iw, bool sgn)
{
	if (sgn)
		GSI_FL(n, r[k] = sext32(s0[k] << (s1[k] & 31), iw));
	else
		GSI_FL(n, r[k] = (s0[k] << (s1[k] & 31)) & wmask32(iw));
}

static GSI_FAST_CLONES void f_shl_I(struct gsi_fexec *x)
{
	shl_l(x->r.u, x->s[0], x->s[1], x->n, x->pi->iw, x->pi->isigned);
}

/*
 * A QWord destination makes shl a 64-bit shift: the source is extended
 * to 64 bits first (sign or zero, by its type) and the count has 6 bits.
 * IGC compiles (long)x << n for Broadwell as "shl (8) r:q r:d n" and
 * needs the bits shifted past bit 31 (ocl/corpus a_long); eu-interpreter
 * .rst, "Choices", has the sources.  Likewise a DWord destination makes
 * a shift of W/UW sources a 32-bit shift: IGC compiles (uint)short << 8
 * as "shl (16) r:d r:w 8:w" and needs the bits shifted past bit 15.
 */
static void check_shl(struct gsi_insn *pi)
{
	if (pi->dst.type == GSEU_TYPE_Q || pi->dst.type == GSEU_TYPE_UQ)
		pi->iw = 64;
	else if ((pi->dst.type == GSEU_TYPE_D || pi->dst.type == GSEU_TYPE_UD) && pi->iw < 32)
		pi->iw = 32;
}
GSI_SEM(shl, GSI_KERNELS(NULL, NULL, k_shl_I), GSI_FAST_IK(f_shl_I), .check = check_shl);

/* asr: sign-fills from the top bit of the execution width */
KERNEL(k_asr_I, R.i[k] = gsi_sext(A.u[k], e->pi->iw) >> shcount(e, k))
static inline __attribute__((always_inline)) void
asr_l(uint32_t *restrict r, const uint32_t *restrict s0, const uint32_t *restrict s1,
      unsigned n, unsigned iw)
{
	GSI_FL(n, r[k] = (uint32_t)((int32_t)sext32(s0[k], iw) >> (s1[k] & 31)));
}

static GSI_FAST_CLONES void f_asr_I(struct gsi_fexec *x)
{
	asr_l(x->r.u, x->s[0], x->s[1], x->n, x->pi->iw);
}
GSI_SEM(asr, GSI_KERNELS(NULL, NULL, k_asr_I), GSI_FAST_IK(f_asr_I));
