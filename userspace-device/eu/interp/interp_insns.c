// SPDX-License-Identifier: MIT
/*
 * The semantics column of include/gseu/eu_insns.def: row -> its struct
 * gsi_sem in eu/interp/insns/.  A name without a definition fails to link;
 * test_interp_table checks that each definition fits its row.
 */
#include "insns/insns.h"

_Static_assert(GSEU_CLS_F == 1u << GSI_F && GSEU_CLS_DF == 1u << GSI_DF &&
	       GSEU_CLS_I == 1u << GSI_I, "GSEU_CLS_* bits are 1 << enum gsi_cls");

const struct gsi_sem *const gsi_sem_tab[GSEU_OP_COUNT] = {
#define GSEU_OP(id, mnem, opc, form, nsrc, flags, exec, cls, sem, xflags) \
	[GSEU_OP_##id] = &gsi_sem_##sem,
#include "gseu/eu_insns.def"
#undef GSEU_OP
};
