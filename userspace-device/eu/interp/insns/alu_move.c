// SPDX-License-Identifier: MIT
/*
 * Moves and selects: mov, sel (with sel.l/.le/.g/.ge as min/max), csel.
 * Semantics: 965/G35 PRM Vol. 4 Subsystem and Cores (2008), 14.2
 * "Instruction Description", min/max NaN rule 2.5.
 *
 * The table row carries the rest: mov and sel are GSEU_X_RAW (a bit copy
 * when nothing converts, interp_exec.c gsi_exec_raw/_raw_sel); sel is
 * GSEU_X_PRED_SELECTS (the executor hands the predicate to the kernel in
 * e->cond instead of masking the write); sel and csel are
 * GSEU_X_CMOD_NOFLAG (their condition modifier picks, it sets no flag).
 */
#include <math.h>

#include "insns.h"

/* mov: dst = src0, converted by gather and scatter */
KERNEL(k_mov_F, R.f[k] = A.f[k])
KERNEL(k_mov_DF, R.d[k] = A.d[k])
KERNEL(k_mov_I, R.u[k] = A.u[k])
FAST_F1(f_mov_F, a)
FAST_I1(f_mov_I, a)
GSI_SEM(mov, GSI_KERNELS(k_mov_F, k_mov_DF, k_mov_I), GSI_FAST_F(f_mov_F), GSI_FAST_I(f_mov_I));

/* sel: e->cond is the predicate (all channels without one) */
KERNEL(k_sel_F, R.f[k] = (e->cond >> k & 1) ? A.f[k] : B.f[k])
KERNEL(k_sel_DF, R.d[k] = (e->cond >> k & 1) ? A.d[k] : B.d[k])
KERNEL(k_sel_I, R.u[k] = (e->cond >> k & 1) ? A.u[k] : B.u[k])

/*
 * sel.l/.le/.g/.ge: min/max; the non-NaN operand wins (965/G35 PRM Vol. 4
 * Subsystem and Cores (2008), 10.3.1.4 "Min/Max of Floating Point Numbers")
 */
static void k_minmax_F(struct gsi_exec *e)
{
	unsigned cm = e->pi->in.cmod;

	NL {
		float a = A.f[k], b = B.f[k];
		bool c;

		if (isnan(a) || isnan(b)) {
			R.f[k] = isnan(a) ? b : a;
			continue;
		}
		c = cm == GSEU_CMOD_L ? a < b : cm == GSEU_CMOD_LE ? a <= b :
		    cm == GSEU_CMOD_G ? a > b : a >= b;
		R.f[k] = c ? a : b;
	}
}

static void k_minmax_DF(struct gsi_exec *e)
{
	unsigned cm = e->pi->in.cmod;

	NL {
		double a = A.d[k], b = B.d[k];
		bool c;

		if (isnan(a) || isnan(b)) {
			R.d[k] = isnan(a) ? b : a;
			continue;
		}
		c = cm == GSEU_CMOD_L ? a < b : cm == GSEU_CMOD_LE ? a <= b :
		    cm == GSEU_CMOD_G ? a > b : a >= b;
		R.d[k] = c ? a : b;
	}
}

static void k_minmax_I(struct gsi_exec *e)
{
	unsigned cm = e->pi->in.cmod;
	bool u = e->pi->uns;

	NL {
		bool lt = u ? A.u[k] < B.u[k] : A.i[k] < B.i[k];
		bool eq = A.u[k] == B.u[k];
		bool c = cm == GSEU_CMOD_L ? lt : cm == GSEU_CMOD_LE ? lt || eq :
			 cm == GSEU_CMOD_G ? !lt && !eq : !lt;

		R.u[k] = c ? A.u[k] : B.u[k];
	}
}

/* The condition modifier decides between select and min/max. */
static gsi_kernel_fn sel_pick(struct gsi_insn *pi)
{
	static const gsi_kernel_fn sel[GSI_NCLS] = { k_sel_F, k_sel_DF, k_sel_I };
	static const gsi_kernel_fn minmax[GSI_NCLS] = { k_minmax_F, k_minmax_DF,
							k_minmax_I };

	switch (pi->in.cmod) {
	case GSEU_CMOD_NONE:
		return sel[pi->cls];
	case GSEU_CMOD_L: case GSEU_CMOD_LE:
	case GSEU_CMOD_G: case GSEU_CMOD_GE:
		return minmax[pi->cls];
	default:
		gsi_fault(pi, GSEU_EXC_UNSUPPORTED,
			  "sel with condition .%u (only .l .le .g .ge select min/max)",
			  pi->in.cmod);
		return NULL;
	}
}
/* The fast forms: select by x->cond, or min/max by the condition. */
static inline float minmax_f(float a, float b, unsigned cm)
{
	if (isnan(a) || isnan(b))
		return isnan(a) ? b : a;
	return (cm == GSEU_CMOD_L ? a < b : cm == GSEU_CMOD_LE ? a <= b :
		cm == GSEU_CMOD_G ? a > b : a >= b) ? a : b;
}

static inline __attribute__((always_inline)) void
sel_f_l(float *restrict r, const float *restrict s0, const float *restrict s1,
	unsigned n, bool ftz, unsigned cm, uint32_t c)
{
	if (cm == GSEU_CMOD_NONE) {
		if (ftz)
			GSI_FL(n, r[k] = gsi_ftz_v((c >> k & 1) ? s0[k] : s1[k]));
		else
			GSI_FL(n, r[k] = (c >> k & 1) ? s0[k] : s1[k]);
	} else if (ftz) {
		GSI_FL(n, r[k] = minmax_f(gsi_ftz_v(s0[k]), gsi_ftz_v(s1[k]), cm));
	} else {
		GSI_FL(n, r[k] = minmax_f(s0[k], s1[k], cm));
	}
}

static GSI_FAST_CLONES void f_sel_F(struct gsi_fexec *x)
{
	sel_f_l(x->r.f, x->s[0], x->s[1], x->n, x->ftz, x->pi->in.cmod, x->cond);
}

static inline __attribute__((always_inline)) void
sel_i_l(uint32_t *restrict r, const uint32_t *restrict s0, const uint32_t *restrict s1,
	unsigned n, unsigned cm, bool uns, uint32_t c)
{
	switch (cm) {
	case GSEU_CMOD_NONE:
		GSI_FL(n, r[k] = (c >> k & 1) ? s0[k] : s1[k]);
		return;
	case GSEU_CMOD_L: case GSEU_CMOD_LE:
		if (uns)
			GSI_FL(n, r[k] = s0[k] < s1[k] ? s0[k] : s1[k]);
		else
			GSI_FL(n, r[k] = (int32_t)s0[k] < (int32_t)s1[k] ? s0[k] : s1[k]);
		return;
	default:
		if (uns)
			GSI_FL(n, r[k] = s0[k] > s1[k] ? s0[k] : s1[k]);
		else
			GSI_FL(n, r[k] = (int32_t)s0[k] > (int32_t)s1[k] ? s0[k] : s1[k]);
		return;
	}
}

/* GSI_FAST_EXACT: one signedness (x->pi->uns), no modifiers */
static GSI_FAST_CLONES void f_sel_I(struct gsi_fexec *x)
{
	sel_i_l(x->r.u, x->s[0], x->s[1], x->n, x->pi->in.cmod, x->pi->uns, x->cond);
}
GSI_SEM(sel, .pick = sel_pick, GSI_FAST_FK(f_sel_F), GSI_FAST_IK(f_sel_I), .fast_flags = GSI_FAST_EXACT);

/* csel: dst = (src2 <cmod> 0) ? src0 : src1 */
static void k_csel(struct gsi_exec *e)
{
	const struct gsi_insn *pi = e->pi;
	uint32_t c = gsi_cond(pi->cls, &C, e->n, pi->in.cmod, pi->uns,
			      pi->dst.type);

	if (pi->cls == GSI_F)
		NL R.f[k] = (c >> k & 1) ? A.f[k] : B.f[k];
	else if (pi->cls == GSI_DF)
		NL R.d[k] = (c >> k & 1) ? A.d[k] : B.d[k];
	else
		NL R.u[k] = (c >> k & 1) ? A.u[k] : B.u[k];
}
GSI_SEM(csel, GSI_KERNELS(k_csel, k_csel, k_csel));

/*
 * smov, the scattered move: a mov in which channel k is written only if
 * bit k of src1, an immediate, is set (besides the execution mask and the
 * predicate).  IGC writes a private array element at a per-lane index
 * with a run of them, one per channel, each through its own a0 word:
 *
 *   add  (8|M0) a0.0<1>:uw r20.0<8;8,1>:uw 0xDE0:uw
 *   smov (8|M0) r[a0.0]<1>:d r18.0<0;1,0>:d 0x1:uw
 *   smov (8|M0) r[a0.1]<1>:d r18.1<0;1,0>:d 0x2:uw
 *   ...
 *
 * so channel k stores at a0.k + 4k: its own element of the SoA array.
 * The mask is folded into the write lanes at predecode; src1 is then
 * not read again.  A register src1 has no meaning here gensim knows of:
 * an "unsupported" error (eu-interpreter.rst, "smov").
 */
static void check_smov(struct gsi_insn *pi)
{
	if (pi->src[1].kind != GSI_K_IMM) {
		gsi_fault(pi, GSEU_EXC_UNSUPPORTED,
			  "smov: src1 is not an immediate channel mask");
		return;
	}
	pi->wm_lanes &= (uint32_t)pi->in.src[1].imm;
	pi->nsrc = 1;
}
GSI_SEM(smov, GSI_KERNELS(k_mov_F, k_mov_DF, k_mov_I), .check = check_smov);
