// SPDX-License-Identifier: MIT
/*
 * Disassembler: struct gseu_insn -> one line of assembler text, in a
 * syntax close to what Mesa prints for Gen8 (965/G35 PRM Vol. 4 Subsystem
 * and Cores (2008), 11.3.6 "Region Parameters"; IGT intel-gen4asm;
 * [PRM-965] 11.3.8 "Access Modes"; Chia-I Wu's "Intel GEN6 PRM" notes
 * (olv-notes), "Execution Environment"; the chapter
 * Documentation/gpu/gensim/eu-isa.rst describes it).
 *
 * One printer per operand kind (register name, destination, source region,
 * immediate, three-source operand, send descriptor); the assembler's
 * parser reads exactly what these write.  Subregister numbers are printed
 * in elements of the operand type, as Mesa and the PRM do (the hardware
 * field counts bytes; intel-gen4asm reads bytes: see the chapter).
 * Operands of the math macros (madm, math invm/rsqrtm) show their
 * accumulator selection as IGA does, ".mme0".".mme7" or ".nomme".
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "eu_syntax.h"

#define P(...) gseu_sb_printf(sb, __VA_ARGS__)

static void print_type(struct gseu_sb *sb, unsigned t)
{
	P("%s", gseu_type_name(t));
}

static void print_regname(struct gseu_sb *sb, const struct gseu_reg *r)
{
	unsigned count;

	if (r->file == GSEU_FILE_GRF) {
		P("g%u", r->nr);
	} else {
		const char *n = gseu_arf_class_name(r->nr, &count);

		P("%s", n ? n : "arf?");
		if (count)
			P("%u", r->nr & 0xf);
	}
}

static void print_subreg(struct gseu_sb *sb, const struct gseu_reg *r)
{
	unsigned size = gseu_type_size(r->type);

	if (r->subnr)
		P(".%u", size ? r->subnr / size : r->subnr);
}

static void print_indirect(struct gseu_sb *sb, const struct gseu_reg *r)
{
	P("g[a0.%u", r->addr_subnr);
	if (r->addr_imm)
		P(",%d", r->addr_imm);
	P("]");
}

static void print_writemask(struct gseu_sb *sb, unsigned wm)
{
	if (wm == 0xf)
		return;
	P(".");
	if (!wm)
		P("none");
	for (unsigned c = 0; c < 4; c++)
		if (wm & (1u << c))
			P("%c", gseu_swz_letter[c]);
}

static void print_swizzle(struct gseu_sb *sb, unsigned swz)
{
	unsigned x = swz & 3;

	if (swz == 0xe4)
		return;
	P(".");
	if (swz == x * 0x55)	/* all four the same: .x means .xxxx */
		P("%c", gseu_swz_letter[x]);
	else
		for (unsigned c = 0; c < 4; c++)
			P("%c", gseu_swz_letter[(swz >> (2 * c)) & 3]);
}

/*
 * A math-macro operand (gseu_math_macro()): ".mme0".".mme7" or ".nomme"
 * in place of the write mask or swizzle, when the field holds one of those
 * codes and nothing else; false to print the field as it is.
 */
static bool print_mme(struct gseu_sb *sb, const struct gseu_insn *i, unsigned code)
{
	if (!gseu_math_macro(i) || code > 8)
		return false;
	if (code == 8)
		P(".nomme");
	else
		P(".mme%u", code);
	return true;
}

static void print_dst(struct gseu_sb *sb, const struct gseu_insn *i,
		      const struct gseu_reg *r)
{
	if (r->indirect)
		print_indirect(sb, r);
	else {
		print_regname(sb, r);
		print_subreg(sb, r);
	}
	P("<%u>", r->hstride);
	if (i->access == GSEU_ALIGN16 && !print_mme(sb, i, r->writemask))
		print_writemask(sb, r->writemask);
	print_type(sb, r->type);
}

/* Shortest decimal that reads back to the same float, else hex. */
static void print_float(struct gseu_sb *sb, uint32_t bits)
{
	char tmp[40];
	float f;

	memcpy(&f, &bits, 4);
	if (isfinite(f) && !(f == 0 && (bits >> 31))) {
		for (int prec = 1; prec <= 9; prec++) {
			float back;

			snprintf(tmp, sizeof(tmp), "%.*g", prec, (double)f);
			back = strtof(tmp, NULL);
			if (!memcmp(&back, &bits, 4)) {
				P("%sF", tmp);
				return;
			}
		}
	}
	P("0x%08" PRIx32 ":F", bits);
}

static void print_double(struct gseu_sb *sb, uint64_t bits)
{
	char tmp[48];
	double d;

	memcpy(&d, &bits, 8);
	if (isfinite(d) && !(d == 0 && (bits >> 63))) {
		for (int prec = 1; prec <= 17; prec++) {
			double back;

			snprintf(tmp, sizeof(tmp), "%.*g", prec, d);
			back = strtod(tmp, NULL);
			if (!memcmp(&back, &bits, 8)) {
				P("%sDF", tmp);
				return;
			}
		}
	}
	P("0x%016" PRIx64 ":DF", bits);
}

/*
 * 16-bit immediates are replicated into both halves (965/G35 PRM Vol. 4
 * Subsystem and Cores (2008), 10.1 "Fundamental Data Types", 10.2 "Numerical
 * Data Types").
 */
static void print_imm16(struct gseu_sb *sb, uint32_t v, unsigned t)
{
	uint16_t lo = (uint16_t)v;

	if ((v >> 16) != lo)
		P("0x%08" PRIx32 "%s", v, t == GSEU_TYPE_HF ? ":HF" : gseu_type_name(t));
	else if (t == GSEU_TYPE_W)
		P("%dW", (int16_t)lo);
	else if (t == GSEU_TYPE_UW)
		P("%uUW", lo);
	else
		P("0x%04x:HF", lo);
}

static void print_imm(struct gseu_sb *sb, const struct gseu_reg *r)
{
	uint32_t v = (uint32_t)r->imm;

	switch (r->type) {
	case GSEU_TYPE_UD: P("0x%08" PRIx32 "UD", v); break;
	case GSEU_TYPE_D: P("%" PRId32 "D", (int32_t)v); break;
	case GSEU_TYPE_UW: case GSEU_TYPE_W: case GSEU_TYPE_HF:
		print_imm16(sb, v, r->type);
		break;
	case GSEU_TYPE_F: print_float(sb, v); break;
	case GSEU_TYPE_V: P("0x%08" PRIx32 "V", v); break;
	case GSEU_TYPE_UV: P("0x%08" PRIx32 "UV", v); break;
	case GSEU_TYPE_VF: P("0x%08" PRIx32 "VF", v); break;
	case GSEU_TYPE_DF: print_double(sb, r->imm); break;
	case GSEU_TYPE_UQ: P("0x%016" PRIx64 "UQ", r->imm); break;
	case GSEU_TYPE_Q: P("%" PRId64 "Q", (int64_t)r->imm); break;
	default: P("0x%" PRIx64 "?", r->imm); break;
	}
}

static void print_src(struct gseu_sb *sb, const struct gseu_insn *i,
		      const struct gseu_reg *r)
{
	if (r->file == GSEU_FILE_IMM) {
		print_imm(sb, r);
		return;
	}
	if (r->negate)
		P("-");
	if (r->abs)
		P("(abs)");
	if (r->indirect)
		print_indirect(sb, r);
	else {
		print_regname(sb, r);
		print_subreg(sb, r);
	}
	if (i->access == GSEU_ALIGN16) {
		P("<%u,4,1>", r->vstride);
		if (!print_mme(sb, i, r->swizzle))
			print_swizzle(sb, r->swizzle);
	} else if (r->vstride == GSEU_VSTRIDE_VXH) {
		P("<%u,%u>", r->width, r->hstride);
	} else {
		P("<%u,%u,%u>", r->vstride, r->width, r->hstride);
	}
	print_type(sb, r->type);
}

static void print_3src_dst(struct gseu_sb *sb, const struct gseu_insn *i,
			   const struct gseu_reg *r)
{
	print_regname(sb, r);
	print_subreg(sb, r);
	P("<1>");
	if (!print_mme(sb, i, r->writemask))
		print_writemask(sb, r->writemask);
	print_type(sb, r->type);
}

static void print_3src_src(struct gseu_sb *sb, const struct gseu_insn *i,
			   const struct gseu_reg *r)
{
	if (r->negate)
		P("-");
	if (r->abs)
		P("(abs)");
	print_regname(sb, r);
	print_subreg(sb, r);
	P(r->rep_ctrl ? "<0,1,0>" : "<4,4,1>");
	if (!print_mme(sb, i, r->swizzle))
		print_swizzle(sb, r->swizzle);
	print_type(sb, r->type);
}

static void print_pred(struct gseu_sb *sb, const struct gseu_insn *i)
{
	const char *mode = gseu_pred_name(i->access, i->pred);

	if (!i->pred)
		return;
	P("(%cf%u.%u%s%s) ", i->pred_inv ? '-' : '+', i->flag_nr, i->flag_subnr,
	  mode && *mode ? "." : "", mode ? mode : "?");
}

static void print_opcode(struct gseu_sb *sb, const struct gseu_insn *i,
			 const struct gseu_opinfo *info)
{
	P("%s", info->name);
	if (i->saturate)
		P(".sat");
	if (i->cmod) {
		P(".%s", gseu_cmod_name(i->cmod));
		P(".f%u.%u", i->flag_nr, i->flag_subnr);
	} else if (i->form == GSEU_FORM_MATH && gseu_uses_flag(i) && !i->pred) {
		/* the math macros' early-out flag */
		P(".f%u.%u", i->flag_nr, i->flag_subnr);
	}
	if (i->form == GSEU_FORM_MATH)
		P(" %s", gseu_math_name(i->math_fn));
	if (i->form == GSEU_FORM_NOP && i->exec_size == 1)
		return;
	P("(%u)", i->exec_size);
}

static void print_options(struct gseu_sb *sb, const struct gseu_insn *i)
{
	char chan[8];

	P("{");
	for (unsigned o = 0; o < GSEU_OPT_COUNT; o++) {
		if (!gseu_opt_get(i, o))
			continue;
		P(" %s", gseu_opts[o].name);
		if (o == GSEU_OPT_ALIGN16 || o == GSEU_OPT_ALIGN1) {
			gseu_chan_name(i, chan);
			if (chan[0])
				P(" %s", chan);
		}
	}
	P(" }");
}

/* Operand columns: Mesa pads each to 16 characters. */
#define COL 16

static void next_col(struct gseu_sb *sb, size_t *col)
{
	*col += COL;
	gseu_sb_pad(sb, *col);
}

int gseu_print_insn(const struct gseu_insn *i, char *buf, size_t size)
{
	const struct gseu_opinfo *info = gseu_opinfo_all(i->opcode);
	struct gseu_sb s = { buf, size, 0 }, *sb = &s;
	size_t col;

	if (size)
		buf[0] = 0;
	if (!info) {
		P("<opcode %#x>", i->opcode);
		return (int)s.len;
	}
	print_pred(sb, i);
	print_opcode(sb, i, info);
	col = s.len > COL ? s.len - COL : 0;

	switch (i->form) {
	case GSEU_FORM_ALU1:
		next_col(sb, &col);
		print_dst(sb, i, &i->dst);
		next_col(sb, &col);
		print_src(sb, i, &i->src[0]);
		break;
	case GSEU_FORM_ALU2:
	case GSEU_FORM_MATH:
	case GSEU_FORM_SEND:
		next_col(sb, &col);
		print_dst(sb, i, &i->dst);
		next_col(sb, &col);
		print_src(sb, i, &i->src[0]);
		next_col(sb, &col);
		if (i->form == GSEU_FORM_SEND) {
			P("%s", gseu_sfid_name(i->sfid));
			next_col(sb, &col);
			if (i->src[1].file == GSEU_FILE_IMM)
				P("0x%08" PRIx64 "%s", i->src[1].imm,
				  i->src[1].type == GSEU_TYPE_D ? ":D" : "UD");
			else
				print_src(sb, i, &i->src[1]);
		} else {
			print_src(sb, i, &i->src[1]);
		}
		break;
	case GSEU_FORM_ALU3:
		next_col(sb, &col);
		print_3src_dst(sb, i, &i->dst);
		for (unsigned k = 0; k < 3; k++) {
			next_col(sb, &col);
			print_3src_src(sb, i, &i->src[k]);
		}
		break;
	case GSEU_FORM_BRANCH1:
	case GSEU_FORM_BRANCH2:
		next_col(sb, &col);
		P("JIP: %" PRId32, i->jip);
		if (i->form == GSEU_FORM_BRANCH2) {
			next_col(sb, &col);
			P("UIP: %" PRId32, i->uip);
		}
		break;
	case GSEU_FORM_CALL:
		next_col(sb, &col);
		print_dst(sb, i, &i->dst);
		/* fall through */
	case GSEU_FORM_JMPI:
		next_col(sb, &col);
		if (i->src[1].file == GSEU_FILE_IMM)
			P("JIP: %" PRId32 "%s", i->jip,
			  i->src[1].type == GSEU_TYPE_D ? "" :
			  i->src[1].type == GSEU_TYPE_UD ? ":UD" : ":?");
		else
			print_src(sb, i, &i->src[1]);
		break;
	case GSEU_FORM_RET:
		next_col(sb, &col);
		print_src(sb, i, &i->src[0]);
		break;
	case GSEU_FORM_NOP:
		break;
	}

	if (i->form != GSEU_FORM_NOP || i->exec_size != 1 || i->pred ||
	    i->access || i->compacted || i->mask_ctrl || i->thread_ctrl ||
	    i->debug_ctrl || i->acc_wr_en || i->no_dd_clr || i->no_dd_chk ||
	    i->qtr_ctrl || i->nib_ctrl) {
		next_col(sb, &col);
		print_options(sb, i);
	}
	if (i->form == GSEU_FORM_SEND && i->src[1].file == GSEU_FILE_IMM)
		P(" // mlen %u rlen %u%s", gseu_send_mlen(i), gseu_send_rlen(i),
		  gseu_send_header(i) ? " header" : "");
	return (int)s.len;
}
