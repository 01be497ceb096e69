/* SPDX-License-Identifier: MIT */
/*
 * One instruction as a set of named fields, in a canonical spelling both
 * sides can produce: gensim's decoded struct gseu_insn, and a line of
 * Intel's IGA disassembler (iga64 -p=8 -d -n -Xprint-pc
 * -Xprint-hex-floats).  Registers are "r12", "f0.2" with byte offsets,
 * regions "<8;8,1>", immediates "imm:w:0xfffe", branch offsets in bytes.
 * A field IGA does not print for an instruction (the region of a send
 * operand, bit 28 of a while) is left out on both sides.
 */
#ifndef OCL_IGA_CANON_H
#define OCL_IGA_CANON_H

#include <stdbool.h>
#include <stddef.h>

#include "gseu/eu.h"

enum canon_field {
	CF_OP, CF_ES, CF_EO, CF_NOMASK, CF_PRED, CF_CMOD, CF_SAT, CF_DST, CF_SRC0, CF_SRC1,
	CF_SRC2, CF_JIP, CF_UIP, CF_EXDESC, CF_DESC, CF_OPTS, CF_COUNT
};

extern const char *const canon_field_name[CF_COUNT];

struct canon {
	unsigned int pc;
	char f[CF_COUNT][192];
};

/* gensim's decoded instruction at @pc. */
void canon_from_insn(const struct gseu_insn *i, unsigned int pc, struct canon *c);
/*
 * One line of IGA's output: 1 and @c for an instruction, 0 for anything
 * else (labels, blank lines), -1 with @why for a line it cannot read.
 */
int canon_from_iga(const char *line, struct canon *c, char *why, size_t len);
/* The first field that differs, or -1. */
int canon_diff(const struct canon *a, const struct canon *b);
/* "op=... es=... dst=..." for messages. */
void canon_format(const struct canon *c, char *buf, size_t len);

#endif
