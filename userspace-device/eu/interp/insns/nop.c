// SPDX-License-Identifier: MIT
/* nop: retires and does nothing else. */
#include "insns.h"

static int exec_nop(struct gsi_run *r, const struct gsi_insn *pi)
{
	(void)r;
	(void)pi;
	return 0;
}
GSI_SEM(nop, .exec = exec_nop);
