/* SPDX-License-Identifier: MIT */
/*
 * Private: the pieces of assembler syntax that the printer writes and the
 * parser reads, kept in one place so the two cannot drift apart (the
 * Spike-disassembler idea: one description per operand kind).
 */
#ifndef GSEU_EU_SYNTAX_H
#define GSEU_EU_SYNTAX_H

#include "eu_priv.h"

/* A growing output string that counts what it could not store. */
struct gseu_sb {
	char *buf;
	size_t size, len;
};
void gseu_sb_printf(struct gseu_sb *sb, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void gseu_sb_pad(struct gseu_sb *sb, size_t col);

/* Instruction options between braces: name <-> a flag of the insn. */
enum gseu_opt {
	GSEU_OPT_ALIGN1, GSEU_OPT_ALIGN16, GSEU_OPT_NOMASK, GSEU_OPT_ACCWR,
	GSEU_OPT_BRCTRL, GSEU_OPT_NODDCLR, GSEU_OPT_NODDCHK,
	GSEU_OPT_SWITCH, GSEU_OPT_ATOMIC, GSEU_OPT_BREAKPOINT, GSEU_OPT_EOT,
	GSEU_OPT_COMPACTED,
	GSEU_OPT_COUNT
};
struct gseu_optdesc {
	const char *name;	/* printed */
	const char *alias[3];	/* also accepted (intel-gen4asm, Mesa) */
};
extern const struct gseu_optdesc gseu_opts[GSEU_OPT_COUNT];
bool gseu_opt_get(const struct gseu_insn *i, enum gseu_opt o);
void gseu_opt_set(struct gseu_insn *i, enum gseu_opt o);

/* "1Q", "2H", "3N"...: the channel group an instruction starts at. */
const char *gseu_chan_name(const struct gseu_insn *i, char buf[8]);
/* Parse one; false if the name does not fit the execution size. */
bool gseu_chan_parse(struct gseu_insn *i, const char *name);

/* Swizzle letters: 0 x, 1 y, 2 z, 3 w. */
extern const char gseu_swz_letter[4];

#endif
