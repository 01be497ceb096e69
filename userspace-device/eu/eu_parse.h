/* SPDX-License-Identifier: MIT */
/*
 * Private: the one-instruction parser used by gseu_parse_insn() and by the
 * whole-program assembler, which resolves the label references it returns.
 */
#ifndef GSEU_EU_PARSE_H
#define GSEU_EU_PARSE_H

#include "eu_priv.h"

#define GSEU_LABEL_MAX 64

struct gseu_parsed {
	struct gseu_insn insn;
	char jip_label[GSEU_LABEL_MAX];	/* "" when the target was a number */
	char uip_label[GSEU_LABEL_MAX];
	bool uip_given;
	bool explicit_compact;		/* {compacted} was written */
};

/*
 * Parse one instruction (no label definition, no comment) from `text`.
 * Errors carry a 1-based column relative to `text`.
 */
int gseu_parse_one(const char *text, struct gseu_parsed *out,
		   struct gseu_error *err);

#endif
