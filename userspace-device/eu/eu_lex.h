/* SPDX-License-Identifier: MIT */
/*
 * Private: the assembler's reading primitives.  eu_lex.c reads tokens,
 * numbers, types and immediates; eu_operand.c reads registers, regions
 * and jump targets; eu_parse.c puts them together into an instruction.
 * All of them report errors with the column of the cursor.
 */
#ifndef GSEU_EU_LEX_H
#define GSEU_EU_LEX_H

#include "eu_parse.h"

struct gseu_cur {
	const char *start, *p;	/* the line, and the read position */
	struct gseu_error *err;
};

/* eu_lex.c */
int gseu_lx_perr(struct gseu_cur *c, const char *fmt, const char *arg);
void gseu_lx_ws(struct gseu_cur *c);
bool gseu_lx_eat(struct gseu_cur *c, char ch);
bool gseu_lx_is_ident(char ch);
bool gseu_lx_ident(struct gseu_cur *c, char *buf, size_t size);
bool gseu_lx_word(struct gseu_cur *c, char *buf, size_t size);
bool gseu_lx_peek_word(struct gseu_cur *c, const char *w);
bool gseu_lx_eat_word(struct gseu_cur *c, const char *w);
bool gseu_lx_udec(struct gseu_cur *c, unsigned long *v);
bool gseu_lx_sint(struct gseu_cur *c, long long *v);
int gseu_lx_type_at(const char *p, bool upper, size_t *len);
int gseu_lx_opt_type(struct gseu_cur *c, bool *bad);
bool gseu_lx_starts_number(struct gseu_cur *c);
uint16_t gseu_lx_to_half(double d);
int gseu_lx_parse_imm(struct gseu_cur *c, struct gseu_reg *r);

/* eu_operand.c: operands in the syntax eu_print.c writes */
bool gseu_lx_arf_name(struct gseu_cur *c, uint8_t *nr);
bool gseu_lx_grf_name(struct gseu_cur *c, uint8_t *nr, bool *bad);
int gseu_lx_indirect(struct gseu_cur *c, struct gseu_reg *r);
int gseu_lx_regname(struct gseu_cur *c, struct gseu_reg *r, long *sub_elems);
int gseu_lx_letters(struct gseu_cur *c, bool mask, uint8_t *out);
int gseu_lx_apply_subreg(struct gseu_cur *c, struct gseu_reg *r, long sub);
int gseu_lx_parse_dst(struct gseu_cur *c, struct gseu_insn *i, struct gseu_reg *r);
int gseu_lx_parse_src(struct gseu_cur *c, struct gseu_insn *i, struct gseu_reg *r,
		     bool default_ud);
int gseu_lx_parse_3src(struct gseu_cur *c, struct gseu_insn *i, struct gseu_reg *r,
		      bool dst);
bool gseu_lx_at_keyword(struct gseu_cur *c, const char *kw);
int gseu_lx_target(struct gseu_cur *c, const char *kw, int32_t *val, char *label);
bool gseu_lx_at_target(struct gseu_cur *c, const char *kw);

#endif
