// SPDX-License-Identifier: MIT
/*
 * The math instruction (Gen6+ form of the Extended Math shared function,
 * 965/G35 PRM Vol. 4 Subsystem and Cores (2008), 6 "Extended Math";
 * function codes 13.3.1-13.3.6 (the opcode tables); Mesa
 * src/intel/compiler/brw_eu_defines.h): inv, log (base 2), exp (base 2),
 * sqrt, rsq, sin, cos, fdiv, pow and the three integer divides.  IEEE
 * special values follow the table of 2.5 (denormal inputs act as signed
 * zeros: the gather flushes them); ALT mode takes |x| for log, rsq and sqrt
 * and turns +-INF into +-FLT_MAX (the scatter does that part).
 *
 * The row is GSEU_CLS_F | GSEU_CLS_I: each function has one of the two.
 *
 * Integer divide: quotient truncates toward zero, the remainder takes the
 * numerator's sign; divide by zero gives, signed, Q = R = 0x7fffffff for a
 * numerator >= 0 and 0x80000000 for a negative one, unsigned Q = R =
 * 0xffffffff (2.5, testable 55-57).  On Gen6+ src0 is the numerator and
 * src1 the denominator (Mesa swaps them only for the Gen4/5 message).
 * INT DIV with both results writes the quotient to dst and the remainder
 * to the next register.
 *
 * Choices: results are computed in host float (double for pow, as
 * 2^(src1 * log2|src0|), which reproduces the pow special-value rows of
 * 2.5: pow(0, 0) = NaN, pow(-2, 2) = 4); fdiv is the correctly rounded
 * IEEE divide.  invm and rsqtm, the IEEE macros' first steps, run with
 * madm (insns/macro.c): predecode sends them there, never here.  INT_MIN / -1 gives Q = 0x80000000, R = 0.
 */
#include <math.h>

#include "insns.h"
#include "../interp_float.h"

static bool alt(const struct gsi_exec *e)
{
	return e->t->cr0.d[0] & GSEU_CR0_ALT_MODE;
}

static void k_inv(struct gsi_exec *e) { NL R.f[k] = 1.0f / A.f[k]; }
static void k_exp(struct gsi_exec *e) { NL R.f[k] = exp2f(A.f[k]); }
static void k_sin(struct gsi_exec *e) { NL R.f[k] = sinf(A.f[k]); }
static void k_cos(struct gsi_exec *e) { NL R.f[k] = cosf(A.f[k]); }
static void k_fdiv(struct gsi_exec *e) { NL R.f[k] = A.f[k] / B.f[k]; }

static void k_log(struct gsi_exec *e)
{
	bool a = alt(e);

	NL R.f[k] = log2f(a ? fabsf(A.f[k]) : A.f[k]);
}

static void k_sqrt(struct gsi_exec *e)
{
	bool a = alt(e);

	NL R.f[k] = sqrtf(a ? fabsf(A.f[k]) : A.f[k]);
}

static void k_rsq(struct gsi_exec *e)
{
	bool a = alt(e);

	NL R.f[k] = 1.0f / sqrtf(a ? fabsf(A.f[k]) : A.f[k]);
}

static void k_pow(struct gsi_exec *e)
{
	NL R.f[k] = (float)exp2((double)B.f[k] * log2(fabs((double)A.f[k])));
}

/* numerator a, denominator b; *q and *r as the hardware leaves them */
static void idiv(const struct gsi_exec *e, unsigned k, uint64_t *q, uint64_t *r)
{
	if (!e->pi->uns) {
		int32_t a = (int32_t)A.u[k], b = (int32_t)B.u[k];

		if (b == 0) {
			*q = *r = (uint32_t)(a < 0 ? INT32_MIN : INT32_MAX);
		} else if (a == INT32_MIN && b == -1) {
			*q = (uint32_t)INT32_MIN;
			*r = 0;
		} else {
			*q = (uint32_t)(a / b);
			*r = (uint32_t)(a % b);
		}
		/* sign-extend so a D destination conversion keeps the value */
		*q = (uint64_t)(int64_t)(int32_t)(uint32_t)*q;
		*r = (uint64_t)(int64_t)(int32_t)(uint32_t)*r;
	} else {
		uint32_t a = (uint32_t)A.u[k], b = (uint32_t)B.u[k];

		*q = b ? a / b : 0xffffffffu;
		*r = b ? a % b : 0xffffffffu;
	}
}

static void k_iquot(struct gsi_exec *e) { uint64_t r; NL idiv(e, k, &R.u[k], &r); }
static void k_irem(struct gsi_exec *e) { uint64_t q; NL idiv(e, k, &q, &R.u[k]); }

static void k_idiv(struct gsi_exec *e)
{
	NL idiv(e, k, &R.u[k], &e->r2.u[k]);
	e->r2_to_next = true;
}

/* The function field chooses the kernel; F or I sources, never DF. */
static gsi_kernel_fn math_pick(struct gsi_insn *pi)
{
	bool f = pi->cls == GSI_F, i = pi->cls == GSI_I;

	switch (pi->in.math_fn) {
	case GSEU_MATH_INV: return f ? k_inv : NULL;
	case GSEU_MATH_LOG: return f ? k_log : NULL;
	case GSEU_MATH_EXP: return f ? k_exp : NULL;
	case GSEU_MATH_SQRT: return f ? k_sqrt : NULL;
	case GSEU_MATH_RSQ: return f ? k_rsq : NULL;
	case GSEU_MATH_SIN: return f ? k_sin : NULL;
	case GSEU_MATH_COS: return f ? k_cos : NULL;
	case GSEU_MATH_FDIV: return f ? k_fdiv : NULL;
	case GSEU_MATH_POW: return f ? k_pow : NULL;
	case GSEU_MATH_IQUOT: return i ? k_iquot : NULL;
	case GSEU_MATH_IREM: return i ? k_irem : NULL;
	case GSEU_MATH_IDIV:
		if (pi->n > 8) {
			gsi_fault(pi, GSEU_EXC_UNSUPPORTED,
				  "math intdivmod writes two registers; SIMD16 is not allowed");
			return NULL;
		}
		return i ? k_idiv : NULL;
	case GSEU_MATH_INVM:
	case GSEU_MATH_RSQRTM:
		gsi_fault(pi, GSEU_EXC_ILLEGAL,
			  "internal: math invm/rsqtm belong to the IEEE macro executor");
		return NULL;
	default:
		gsi_fault(pi, GSEU_EXC_UNSUPPORTED, "reserved math function");
		return NULL;
	}
}

/* intdivmod: the remainder goes to the register after dst */
static void math_check(struct gsi_insn *pi)
{
	if (pi->in.math_fn == GSEU_MATH_IDIV && pi->dst.kind == GSI_K_GRF &&
	    pi->dst.off[pi->n - 1] + 32u + pi->dst.size > GSEU_NUM_GRF * 32)
		gsi_fault(pi, GSEU_EXC_REGION,
			  "math intdivmod: the remainder register is past r127");
}
GSI_SEM(math, .pick = math_pick, .check = math_check);
