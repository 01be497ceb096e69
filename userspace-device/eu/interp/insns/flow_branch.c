// SPDX-License-Identifier: MIT
/*
 * brd (diverging branch) and brc (converging branch): decoded, not
 * executed.  Their Gen8 channel semantics are not in the sources and Mesa
 * never emits them, so they raise "unsupported" with these reasons rather
 * than guess (their rows' execution class is GSEU_EXEC_NONE).
 */
#include "insns.h"

GSI_SEM(brd, .why = "brd (diverging branch) is not implemented: "
		    "its Gen8 semantics are not in the sources");
GSI_SEM(brc, .why = "brc (converging branch) is not implemented: "
		    "its Gen8 semantics are not in the sources");
