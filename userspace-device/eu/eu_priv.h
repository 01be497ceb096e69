/* SPDX-License-Identifier: MIT */
/*
 * Private to the EU layer: named bit fields (eu_fields.def) and their
 * accessors, the code<->value tables shared by decoder, encoder, printer
 * and parser, and the error helper.
 */
#ifndef GSEU_EU_PRIV_H
#define GSEU_EU_PRIV_H

#include <stdarg.h>

#include "gseu/eu.h"

enum gseu_field {
#define GSEU_FIELD(name, hi, lo) GF_##name,
#define GSEU_CFIELD(name, hi, lo) GF_##name,
#include "eu_fields.def"
#undef GSEU_FIELD
#undef GSEU_CFIELD
	GF_COUNT
};

struct gseu_field_desc {
	const char *name;
	uint8_t hi, lo;
	bool compact;
};

extern const struct gseu_field_desc gseu_fields[GF_COUNT];

/* Native fields: never cross the 64-bit boundary (checked by a test). */
static inline uint64_t fget(const struct gseu_native *n, enum gseu_field f)
{
	const struct gseu_field_desc *d = &gseu_fields[f];
	unsigned w = d->lo / 64, lo = d->lo % 64, width = d->hi - d->lo + 1;
	uint64_t mask = width == 64 ? ~0ull : (1ull << width) - 1;

	return (n->q[w] >> lo) & mask;
}

/* Set a native field; returns false if the value does not fit. */
static inline bool fset(struct gseu_native *n, enum gseu_field f, uint64_t v)
{
	const struct gseu_field_desc *d = &gseu_fields[f];
	unsigned w = d->lo / 64, lo = d->lo % 64, width = d->hi - d->lo + 1;
	uint64_t mask = width == 64 ? ~0ull : (1ull << width) - 1;

	if (v & ~mask)
		return false;
	n->q[w] = (n->q[w] & ~(mask << lo)) | (v << lo);
	return true;
}

static inline uint64_t cget(uint64_t c, enum gseu_field f)
{
	const struct gseu_field_desc *d = &gseu_fields[f];
	unsigned width = d->hi - d->lo + 1;

	return (c >> d->lo) & ((1ull << width) - 1);
}

static inline void cset(uint64_t *c, enum gseu_field f, uint64_t v)
{
	const struct gseu_field_desc *d = &gseu_fields[f];
	uint64_t mask = ((1ull << (d->hi - d->lo + 1)) - 1);

	*c = (*c & ~(mask << d->lo)) | ((v & mask) << d->lo);
}

/* Mask of a field's bits in a native instruction. */
void gseu_field_mask(enum gseu_field f, struct gseu_native *mask);

/* Fill *err (if non-NULL); always returns -1 so callers can return it. */
int gseu_fail(struct gseu_error *err, enum gseu_err code, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* "field SRC0_VSTRIDE (bits 88:85) = 7: <why>" */
int gseu_fail_field(struct gseu_error *err, enum gseu_err code,
		    enum gseu_field f, uint64_t value, const char *why);

/*
 * Region code tables (965/G35 PRM Vol. 4 Subsystem and Cores (2008), 11.3.6
 * "Region Parameters"; Chia-I Wu's "Intel GEN6 PRM" notes (olv-notes),
 * "Execution Environment"). -1: reserved code.
 */
int gseu_vstride_from_code(unsigned code);	/* 0xF -> GSEU_VSTRIDE_VXH */
int gseu_vstride_to_code(unsigned v);
int gseu_width_from_code(unsigned code);
int gseu_width_to_code(unsigned v);
int gseu_hstride_from_code(unsigned code);
int gseu_hstride_to_code(unsigned v);
int gseu_log2_exec(unsigned exec_size);		/* -1 if not 1..32 pow2 */

/*
 * Three-source type codes (965/G35 PRM Vol. 4 Subsystem and Cores (2008), 10.3
 * "Floating Point Modes": F 0, D 1, UD 2, DF 3, HF 4).
 */
int gseu_type3_from_hw(unsigned hw);
int gseu_type3_to_hw(enum gseu_type t);

/* Names (NULL when the code is reserved). */
const char *gseu_cmod_name(unsigned cmod);
const char *gseu_math_name(unsigned fn);
const char *gseu_sfid_name(unsigned sfid);
const char *gseu_pred_name(unsigned access, unsigned pred);
/* The number of sources a math function reads (1 or 2; 0 = reserved). */
unsigned gseu_math_nsrc(unsigned fn);
/* Name and instance count of an ARF class (high nibble of RegNum). */
const char *gseu_arf_class_name(unsigned nr, unsigned *count);
/* Known Gen8 opcodes that gensim does not support (for messages). */
const char *gseu_unsupported_opcode_name(unsigned hw_opcode);

/* The native fields of source slot 0 and 1 (same layout, +32 bits). */
struct gseu_src_fields {
	enum gseu_field file, type, subreg, swzxy, half, iaimm, iaimm16, reg,
		iasubreg, abs, neg, addrmode, hstride, width, swzw, a16rsvd,
		vstride, iaimm9;
};
extern const struct gseu_src_fields gseu_srcf[2];

/* The ignored-bits mask of an instruction's form (see gseu_insn.ignored). */
void gseu_ignored_mask(const struct gseu_insn *insn, struct gseu_native *mask);
/*
 * Operand legality shared by decoder, encoder and assembler: file and
 * type codes, ARF register numbers, alignment of the byte offset to the
 * element size (965/G35 PRM Vol. 4 Subsystem and Cores (2008), 10.1
 * "Fundamental Data Types", 10.2 "Numerical Data Types": every access is
 * naturally aligned), address register ranges.  `slot` names the operand
 * in the message.
 */
int gseu_check_operand(const struct gseu_insn *insn, const struct gseu_reg *r,
		       const char *slot, bool is_dst, struct gseu_error *err);

/*
 * Header legality shared by decoder and encoder: thread control, predicate
 * mode for the access mode, NibCtrl/QtrCtrl against the execution size,
 * what bits 27:24 hold for the form, saturate, access mode of the form.
 */
int gseu_check_header(const struct gseu_insn *insn,
		      const struct gseu_opinfo *info, struct gseu_error *err);

/* Does the instruction's flag register field mean anything? */
bool gseu_uses_flag(const struct gseu_insn *insn);
/*
 * The IEEE divide/square-root macro steps (madm, math invm, math rsqrtm):
 * their Align16 write mask and swizzle fields select a math-macro
 * accumulator (IGA ".mme0"-".mme7", ".nomme" = 8), not channels
 * ("Intel Graphics Assembler (IGA)", its Gen8 math-macro operands).
 */
bool gseu_math_macro(const struct gseu_insn *insn);

/* Little-endian loads and stores. */
static inline uint64_t gseu_ld64(const uint8_t *p)
{
	uint64_t v = 0;

	for (int i = 7; i >= 0; i--)
		v = (v << 8) | p[i];
	return v;
}

static inline void gseu_st64(uint8_t *p, uint64_t v)
{
	for (int i = 0; i < 8; i++, v >>= 8)
		p[i] = (uint8_t)v;
}

#endif
