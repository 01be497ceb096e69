/* SPDX-License-Identifier: MIT */
/*
 * What a semantic file needs.  Each file of eu/interp/insns/ defines the
 * semantics of one family of instructions, one GSI_SEM() per name in the
 * semantics column of include/gseu/eu_insns.def:
 *
 *   KERNEL(k_add_F, R.f[k] = A.f[k] + B.f[k])   // one lane loop per class
 *   ...
 *   GSI_SEM(add, GSI_KERNELS(k_add_F, k_add_DF, k_add_I));
 *   GSI_SEM(if, .exec = exec_if);
 *
 * Kernels see the gathered sources A, B, C (lanes of e->s[0..2]) and write
 * R (e->r); NL loops over the e->n lanes.  The lanes are in the
 * instruction's computation class: .f (F), .d (DF) or .i/.u (I, exact
 * 64-bit integers).  Conversions, modifiers, conditions, saturation and
 * write enables are the executor's (interp_exec.c), not the kernel's.
 */
#ifndef GSI_INSNS_H
#define GSI_INSNS_H

#include "../interp.h"

#define NL for (unsigned k = 0; k < e->n; k++)
#define A e->s[0]
#define B e->s[1]
#define C e->s[2]
#define R e->r

/* A kernel whose body is one lane. */
#define KERNEL(NAME, BODY) static void NAME(struct gsi_exec *e) { NL { BODY; } }

/* The semantic definition the table row names (struct gsi_sem). */
#define GSI_SEM(nm, ...) \
	const struct gsi_sem gsi_sem_##nm = { .name = #nm, __VA_ARGS__ }
/* ALU kernels by computation class, NULL where there is no such form. */
#define GSI_KERNELS(f, df, i) .k = { [GSI_F] = (f), [GSI_DF] = (df), [GSI_I] = (i) }

/* One declaration per row, so that a definition of the wrong type fails. */
#define GSEU_OP(id, mnem, opc, form, nsrc, flags, exec, cls, sem, xflags) \
	extern const struct gsi_sem gsi_sem_##sem;
#include "gseu/eu_insns.def"
#undef GSEU_OP

/* Integers at the execution width (16, 32 or 64 bits). */
static inline uint64_t gsi_wmask(unsigned iw)
{
	return iw >= 64 ? ~0ull : (1ull << iw) - 1;
}

static inline int64_t gsi_sext(uint64_t v, unsigned iw)
{
	if (iw >= 64)
		return (int64_t)v;
	v &= gsi_wmask(iw);
	return (int64_t)(v ^ (1ull << (iw - 1))) - (int64_t)(1ull << (iw - 1));
}

#endif
