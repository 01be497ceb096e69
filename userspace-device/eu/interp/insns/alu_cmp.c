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

/*
 * The fast forms: one loop per relation.  cmpn's NaN rule applies to a NaN
 * src1 only (fcmpn above).
 */
#define FCMP_LOOPS(c, a, b, n, ftz) do {				\
	switch (cm) {							\
	case GSEU_CMOD_Z: GSI_FL(n, c |= (uint32_t)(a == b) << k); break; \
	case GSEU_CMOD_NZ: GSI_FL(n, c |= (uint32_t)!(a == b) << k); break; \
	case GSEU_CMOD_G: GSI_FL(n, c |= (uint32_t)(a > b) << k); break; \
	case GSEU_CMOD_GE: GSI_FL(n, c |= (uint32_t)(a >= b) << k); break; \
	case GSEU_CMOD_L: GSI_FL(n, c |= (uint32_t)(a < b) << k); break; \
	case GSEU_CMOD_LE: GSI_FL(n, c |= (uint32_t)(a <= b) << k); break; \
	case GSEU_CMOD_U: GSI_FL(n, c |= (uint32_t)(isnan(a) || isnan(b)) << k); break; \
	default: break;							\
	}								\
} while (0)

static void fast_fcmp(struct gsi_fexec *x, bool cmpn)
{
	const float *restrict s0 = x->s[0], *restrict s1 = x->s[1];
	unsigned cm = x->pi->in.cmod, n = x->n;
	uint32_t c = 0, nan1 = 0;

	if (x->ftz)
		FCMP_LOOPS(c, gsi_ftz_v(s0[k]), gsi_ftz_v(s1[k]), n, 1);
	else
		FCMP_LOOPS(c, s0[k], s1[k], n, 0);
	if (cmpn && cm != GSEU_CMOD_U && cm != GSEU_CMOD_O) {
		/* a NaN src1 makes every relation but .nz true */
		GSI_FL(n, nan1 |= (uint32_t)isnan(s1[k]) << k);
		c = cm == GSEU_CMOD_NZ ? c & ~nan1 : c | nan1;
	}
	x->cond = c;
	x->has_cond = true;
}

static void f_cmp_F(struct gsi_fexec *x)
{
	fast_fcmp(x, false);
}

static void f_cmpn_F(struct gsi_fexec *x)
{
	fast_fcmp(x, true);
}

/* GSI_FAST_EXACT: one signedness (uns), no modifiers */
static inline __attribute__((always_inline)) uint32_t
cmp_i(const uint32_t *restrict s0, const uint32_t *restrict s1, unsigned n, unsigned cm,
      bool uns)
{
	uint32_t lt = 0, eq = 0, c;

	if (uns)
		GSI_FL(n, lt |= (uint32_t)(s0[k] < s1[k]) << k);
	else
		GSI_FL(n, lt |= (uint32_t)((int32_t)s0[k] < (int32_t)s1[k]) << k);
	GSI_FL(n, eq |= (uint32_t)(s0[k] == s1[k]) << k);
	switch (cm) {
	case GSEU_CMOD_Z: c = eq; break;
	case GSEU_CMOD_NZ: c = ~eq; break;
	case GSEU_CMOD_G: c = ~lt & ~eq; break;
	case GSEU_CMOD_GE: c = ~lt; break;
	case GSEU_CMOD_L: c = lt; break;
	case GSEU_CMOD_LE: c = lt | eq; break;
	default: c = 0; break;
	}
	return c & gsi_lanes_mask(n);
}

static void f_cmp_I(struct gsi_fexec *x)
{
	x->cond = cmp_i(x->s[0], x->s[1], x->n, x->pi->in.cmod, x->pi->uns);
	x->has_cond = true;
}

/* The fused executors: sources in place (fdirect), then flags and dst. */
static GSI_FAST_CLONES int f_cmp_F_x(struct gsi_run *r, const struct gsi_insn *pi)
{
	struct gseu_hw_thread *t = r->t;
	uint32_t wr = gsi_fast_wr(t, pi), cr = t->cr0.d[0];
	uint32_t tmp[2][32];
	struct gsi_fexec x;

	if (!wr)
		return 0;
	if (__builtin_expect(cr & (GSEU_CR0_ALT_MODE | GSEU_CR0_RND_MASK), 0))
		return gsi_exec_alu(r, pi);
	x.pi = pi;
	x.n = pi->n;
	x.ftz = !(cr & GSEU_CR0_F_DENORM_KEEP);
	x.s[0] = gsi_fast_srcm(pi, t->grf[0].b, 0, tmp[0]);
	x.s[1] = gsi_fast_srcm(pi, t->grf[0].b, 1, tmp[1]);
	fast_fcmp(&x, false);
	return gsi_fast_cond(r, pi, x.cond, wr);
}

static GSI_FAST_CLONES int f_cmpn_F_x(struct gsi_run *r, const struct gsi_insn *pi)
{
	struct gseu_hw_thread *t = r->t;
	uint32_t wr = gsi_fast_wr(t, pi), cr = t->cr0.d[0];
	uint32_t tmp[2][32];
	struct gsi_fexec x;

	if (!wr)
		return 0;
	if (__builtin_expect(cr & (GSEU_CR0_ALT_MODE | GSEU_CR0_RND_MASK), 0))
		return gsi_exec_alu(r, pi);
	x.pi = pi;
	x.n = pi->n;
	x.ftz = !(cr & GSEU_CR0_F_DENORM_KEEP);
	x.s[0] = gsi_fast_srcm(pi, t->grf[0].b, 0, tmp[0]);
	x.s[1] = gsi_fast_srcm(pi, t->grf[0].b, 1, tmp[1]);
	fast_fcmp(&x, true);
	return gsi_fast_cond(r, pi, x.cond, wr);
}

static GSI_FAST_CLONES int f_cmp_I_x(struct gsi_run *r, const struct gsi_insn *pi)
{
	struct gseu_hw_thread *t = r->t;
	uint32_t wr = gsi_fast_wr(t, pi);

	if (!wr)
		return 0;
	const uint32_t *s0 = gsi_fast_src(pi, t->grf[0].b, 0);
	const uint32_t *s1 = gsi_fast_src(pi, t->grf[0].b, 1);
	uint32_t c;

	if (pi->n == 1)		/* loop counters: the constant count is the saving */
		c = cmp_i(s0, s1, 1, pi->in.cmod, pi->uns);
	else
		c = cmp_i(s0, s1, pi->n, pi->in.cmod, pi->uns);
	return gsi_fast_cond(r, pi, c, wr);
}

CMPK(k_cmp_F, fcmp(A.f[k], B.f[k], cm))
CMPK(k_cmp_DF, fcmp(A.d[k], B.d[k], cm))
CMPK(k_cmp_I, icmp(e, k, cm))
GSI_SEM(cmp, GSI_KERNELS(k_cmp_F, k_cmp_DF, k_cmp_I),
	GSI_FAST_F(f_cmp_F), GSI_FAST_I(f_cmp_I), .fast_flags = GSI_FAST_EXACT | GSI_FAST_COND);

/* integers have no NaN: cmpn is cmp */
CMPK(k_cmpn_F, fcmpn(A.f[k], B.f[k], cm))
CMPK(k_cmpn_DF, fcmpn(A.d[k], B.d[k], cm))
GSI_SEM(cmpn, GSI_KERNELS(k_cmpn_F, k_cmpn_DF, k_cmp_I),
	GSI_FAST_F(f_cmpn_F), GSI_FAST_I(f_cmp_I), .fast_flags = GSI_FAST_EXACT | GSI_FAST_COND);
