// SPDX-License-Identifier: MIT
/*
 * Compares: cmp and cmpn set the flags of the write-enabled channels from
 * src0 <cmod> src1 and write all ones / zero to dst (965/G35 PRM Vol. 4
 * Subsystem and Cores (2008), 14.2 "Instruction Description"; compare
 * tables 2.3 for cmp, 2.5 for cmpn).  The kernels compute e->cond
 * themselves (e->has_cond), so the executor neither tests the result nor
 * saturates it.  Both rows need a condition modifier (GSEU_F_CMOD_REQ) and
 * write no accumulator under AccWrEn (GSEU_X_NO_ACCWR).
 *
 * Choice (eu-interpreter.rst): cmp.o is false, cmp.u is "either source is
 * NaN".
 */
#include <math.h>

#include "insns.h"

static bool fcmp(double a, double b, unsigned cm)
{
	switch (cm) {
	case GSEU_CMOD_Z: return a == b;
	case GSEU_CMOD_NZ: return !(a == b);
	case GSEU_CMOD_G: return a > b;
	case GSEU_CMOD_GE: return a >= b;
	case GSEU_CMOD_L: return a < b;
	case GSEU_CMOD_LE: return a <= b;
	case GSEU_CMOD_U: return isnan(a) || isnan(b);
	default: return false;
	}
}

/* cmpn: a NaN src1 makes every relation but .nz true; a NaN src0 only
 * behaves like cmp */
static bool fcmpn(double a, double b, unsigned cm)
{
	if (isnan(b) && cm != GSEU_CMOD_U && cm != GSEU_CMOD_O)
		return cm != GSEU_CMOD_NZ;
	return fcmp(a, b, cm);
}

static bool icmp(const struct gsi_exec *e, unsigned k, unsigned cm)
{
	bool lt = e->pi->uns ? A.u[k] < B.u[k] : A.i[k] < B.i[k];
	bool eq = A.u[k] == B.u[k];

	switch (cm) {
	case GSEU_CMOD_Z: return eq;
	case GSEU_CMOD_NZ: return !eq;
	case GSEU_CMOD_G: return !lt && !eq;
	case GSEU_CMOD_GE: return !lt;
	case GSEU_CMOD_L: return lt;
	case GSEU_CMOD_LE: return lt || eq;
	default: return false;
	}
}

#define CMPK(NAME, EXPR)						\
static void NAME(struct gsi_exec *e)					\
{									\
	unsigned cm = e->pi->in.cmod;					\
	uint32_t c = 0;							\
	NL if (EXPR) c |= 1u << k;					\
	e->cond = c;							\
	e->has_cond = true;						\
}

CMPK(k_cmp_F, fcmp(A.f[k], B.f[k], cm))
CMPK(k_cmp_DF, fcmp(A.d[k], B.d[k], cm))
CMPK(k_cmp_I, icmp(e, k, cm))
GSI_SEM(cmp, GSI_KERNELS(k_cmp_F, k_cmp_DF, k_cmp_I));

/* integers have no NaN: cmpn is cmp */
CMPK(k_cmpn_F, fcmpn(A.f[k], B.f[k], cm))
CMPK(k_cmpn_DF, fcmpn(A.d[k], B.d[k], cm))
GSI_SEM(cmpn, GSI_KERNELS(k_cmpn_F, k_cmpn_DF, k_cmp_I));
