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
GSI_SEM(mov, GSI_KERNELS(k_mov_F, k_mov_DF, k_mov_I));

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
GSI_SEM(sel, .pick = sel_pick);

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
