// SPDX-License-Identifier: MIT
/*
 * Encoder: struct gseu_insn -> native (128-bit) Gen8 instruction, and the
 * byte-level gseu_encode() that also produces the compacted form.
 *
 * The mirror of eu_decode.c over the same field table (eu_fields.def) and
 * the same legality checks (eu_form.c), following
 * Mesa src/intel/compiler/brw_inst.h; IGT assembler/gen8_instruction.h
 * and 965/G35 PRM Vol. 4 Subsystem and Cores (2008), 13.2 "Instruction
 * Machine Formats". It refuses anything it cannot represent exactly
 * instead of truncating.
 */
#include <string.h>

#include "eu_priv.h"

#define SET(f, v)							\
	do {								\
		if (!fset(n, (f), (uint64_t)(v)))			\
			return gseu_fail_field(err, GSEU_E_RANGE, (f),	\
					       (uint64_t)(v),		\
					       "value does not fit");	\
	} while (0)

static int encode_type(struct gseu_native *n, const struct gseu_reg *r,
		       enum gseu_field ff, enum gseu_field tf,
		       struct gseu_error *err)
{
	int hw = gseu_type_to_hw(r->file, r->type);

	if (hw < 0)
		return gseu_fail_field(err, GSEU_E_OPERAND, tf, r->type,
				       "type not encodable in this register file");
	SET(ff, r->file);
	SET(tf, hw);
	return 0;
}

static int encode_dst(const struct gseu_insn *i, struct gseu_native *n,
		      struct gseu_error *err)
{
	const struct gseu_reg *r = &i->dst;
	int h = gseu_hstride_to_code(r->hstride);

	if (gseu_check_operand(i, r, "dst", true, err) ||
	    encode_type(n, r, GF_DST_FILE, GF_DST_TYPE, err))
		return -1;
	if (h < 0)
		return gseu_fail_field(err, GSEU_E_OPERAND, GF_DST_HSTRIDE,
				       r->hstride, "dst stride must be 0, 1, 2 or 4");
	if (i->access == GSEU_ALIGN1 && h == 0)
		return gseu_fail_field(err, GSEU_E_OPERAND, GF_DST_HSTRIDE, 0,
				       "an Align1 destination stride cannot be 0");
	SET(GF_DST_HSTRIDE, h);
	SET(GF_DST_ADDRMODE, r->indirect);
	if (i->access == GSEU_ALIGN16)
		SET(GF_DST_WRMASK, r->writemask);
	else if (r->writemask)
		return gseu_fail(err, GSEU_E_OPERAND, "dst: a write mask needs Align16");
	if (!r->indirect) {
		SET(GF_DST_REG, r->nr);
		if (i->access == GSEU_ALIGN16) {
			if (r->subnr != 0 && r->subnr != 16)
				return gseu_fail(err, GSEU_E_OPERAND,
						 "dst: Align16 subregister must be byte 0 or 16, not %u",
						 r->subnr);
			SET(GF_DST_HALF, r->subnr / 16);
		} else {
			SET(GF_DST_SUBREG, r->subnr);
		}
	} else {
		unsigned imm = (unsigned)r->addr_imm & 0x3ff;

		SET(GF_DST_IASUBREG, r->addr_subnr);
		if (i->access == GSEU_ALIGN16)
			SET(GF_DST_IAIMM16, (imm >> 4) & 0x1f);
		else
			SET(GF_DST_IAIMM, imm & 0x1ff);
		SET(GF_DST_IAIMM9, imm >> 9);
	}
	return 0;
}

static int encode_src(const struct gseu_insn *i, struct gseu_native *n,
		      unsigned s, struct gseu_error *err)
{
	static const char *const slot[2] = { "src0", "src1" };
	const struct gseu_src_fields *f = &gseu_srcf[s];
	const struct gseu_reg *r = &i->src[s];
	int c;

	if (gseu_check_operand(i, r, slot[s], false, err) ||
	    encode_type(n, r, f->file, f->type, err))
		return -1;
	if (r->file == GSEU_FILE_IMM) {
		if (r->negate || r->abs)
			return gseu_fail(err, GSEU_E_OPERAND,
					 "%s: an immediate has no source modifiers", slot[s]);
		if (gseu_type_size(r->type) == 8) {
			if (s != 0)
				return gseu_fail(err, GSEU_E_OPERAND,
						 "a 64-bit immediate must be src0");
			n->q[1] = r->imm;
		} else {
			if (r->imm >> 32)
				return gseu_fail(err, GSEU_E_RANGE,
						 "%s: immediate %#llx does not fit 32 bits",
						 slot[s], (unsigned long long)r->imm);
			SET(GF_IMM32, r->imm);
		}
		return 0;
	}

	SET(f->addrmode, r->indirect);
	SET(f->neg, r->negate);
	SET(f->abs, r->abs);
	if (!r->indirect) {
		SET(f->reg, r->nr);
		if (i->access == GSEU_ALIGN16) {
			if (r->subnr != 0 && r->subnr != 16)
				return gseu_fail(err, GSEU_E_OPERAND,
						 "%s: Align16 subregister must be byte 0 or 16, not %u",
						 slot[s], r->subnr);
			SET(f->half, r->subnr / 16);
		} else {
			SET(f->subreg, r->subnr);
		}
	} else {
		unsigned imm = (unsigned)r->addr_imm & 0x3ff;

		SET(f->iasubreg, r->addr_subnr);
		if (i->access == GSEU_ALIGN16)
			SET(f->iaimm16, (imm >> 4) & 0x1f);
		else
			SET(f->iaimm, imm & 0x1ff);
		SET(f->iaimm9, imm >> 9);
	}

	c = gseu_vstride_to_code(r->vstride);
	if (c < 0)
		return gseu_fail_field(err, GSEU_E_OPERAND, f->vstride, r->vstride,
				       "vertical stride must be 0, 1, 2, 4, 8, 16 or 32");
	SET(f->vstride, c);
	if (i->access == GSEU_ALIGN16) {
		/* Align16 keeps the swizzle where Align1 keeps width/hstride. */
		SET(f->swzxy, r->swizzle & 0xf);
		SET(f->hstride, (r->swizzle >> 4) & 3);
		SET(f->swzw, r->swizzle >> 6);
		return 0;
	}
	c = gseu_width_to_code(r->width);
	if (c < 0)
		return gseu_fail_field(err, GSEU_E_OPERAND, f->width, r->width,
				       "width must be 1, 2, 4, 8 or 16");
	SET(f->width, c);
	c = gseu_hstride_to_code(r->hstride);
	if (c < 0)
		return gseu_fail_field(err, GSEU_E_OPERAND, f->hstride, r->hstride,
				       "horizontal stride must be 0, 1, 2 or 4");
	SET(f->hstride, c);
	return 0;
}

static int encode_3src(const struct gseu_insn *i, struct gseu_native *n,
		       struct gseu_error *err)
{
	static const enum gseu_field reg[3] = { GF_T_SRC0_REG, GF_T_SRC1_REG, GF_T_SRC2_REG };
	static const enum gseu_field sub[3] = { GF_T_SRC0_SUBREG, GF_T_SRC1_SUBREG, GF_T_SRC2_SUBREG };
	static const enum gseu_field swz[3] = { GF_T_SRC0_SWZ, GF_T_SRC1_SWZ, GF_T_SRC2_SWZ };
	static const enum gseu_field rep[3] = { GF_T_SRC0_REP, GF_T_SRC1_REP, GF_T_SRC2_REP };
	static const enum gseu_field neg[3] = { GF_T_SRC0_NEG, GF_T_SRC1_NEG, GF_T_SRC2_NEG };
	static const enum gseu_field abs[3] = { GF_T_SRC0_ABS, GF_T_SRC1_ABS, GF_T_SRC2_ABS };
	static const char *const slot[3] = { "src0", "src1", "src2" };
	const struct gseu_reg *d = &i->dst;
	int st = gseu_type3_to_hw(i->src[0].type), dt = gseu_type3_to_hw(d->type);

	if (dt < 0 || st < 0)
		return gseu_fail(err, GSEU_E_OPERAND,
				 "three-source types are F, D, UD, DF or HF (dst %s, src0 %s)",
				 gseu_type_name(d->type), gseu_type_name(i->src[0].type));
	if (d->file != GSEU_FILE_GRF || d->indirect || d->subnr % 4)
		return gseu_fail(err, GSEU_E_OPERAND,
				 "three-source dst must be a direct GRF at a dword offset");
	if (gseu_check_operand(i, d, "dst", true, err))
		return -1;
	SET(GF_T_DST_TYPE, dt);
	SET(GF_T_SRC_TYPE, st);
	SET(GF_T_DST_REG, d->nr);
	SET(GF_T_DST_SUBREG, d->subnr / 4);
	SET(GF_T_DST_WRMASK, d->writemask);
	if (d->hstride != 1)
		return gseu_fail(err, GSEU_E_OPERAND,
				 "three-source dst stride is always 1");

	for (unsigned s = 0; s < 3; s++) {
		const struct gseu_reg *r = &i->src[s];

		if (r->file != GSEU_FILE_GRF || r->indirect || r->subnr % 4)
			return gseu_fail(err, GSEU_E_OPERAND,
					 "three-source %s must be a direct GRF at a dword offset",
					 slot[s]);
		if (gseu_check_operand(i, r, slot[s], false, err))
			return -1;
		if (r->type != i->src[0].type) {
			bool hf = r->type == GSEU_TYPE_HF && i->src[0].type == GSEU_TYPE_F;

			if (!hf || s == 0)
				return gseu_fail(err, GSEU_E_OPERAND,
						 "three-source %s type %s differs from src0 %s (only src1/src2 HF with F)",
						 slot[s], gseu_type_name(r->type),
						 gseu_type_name(i->src[0].type));
			SET(s == 1 ? GF_T_SRC1HF : GF_T_SRC2HF, 1);
		}
		SET(reg[s], r->nr);
		SET(sub[s], r->subnr / 4);
		SET(swz[s], r->swizzle);
		SET(rep[s], r->rep_ctrl);
		SET(neg[s], r->negate);
		SET(abs[s], r->abs);
	}
	return 0;
}

static int encode_send_desc(const struct gseu_insn *i, struct gseu_native *n,
			    struct gseu_error *err)
{
	const struct gseu_reg *d = &i->src[1];

	if (d->file == GSEU_FILE_IMM) {
		if (d->type != GSEU_TYPE_UD && d->type != GSEU_TYPE_D)
			return gseu_fail(err, GSEU_E_OPERAND,
					 "a send descriptor is a UD or D immediate");
		if (encode_type(n, d, GF_SRC1_FILE, GF_SRC1_TYPE, err))
			return -1;
		if (d->imm >> 29)
			return gseu_fail_field(err, GSEU_E_RANGE, GF_SEND_DESC, d->imm,
					       "the descriptor has 29 bits");
		SET(GF_SEND_DESC, d->imm);
	} else if (encode_src(i, n, 1, err)) {
		return -1;
	}
	SET(GF_SEND_EOT, i->eot);
	return 0;
}

static int encode_operands(const struct gseu_insn *i, struct gseu_native *n,
			   struct gseu_error *err)
{
	bool has_jip = false, has_uip = false;

	switch (i->form) {
	case GSEU_FORM_ALU1:
		if (encode_dst(i, n, err) || encode_src(i, n, 0, err))
			return -1;
		break;
	case GSEU_FORM_ALU2:
	case GSEU_FORM_MATH:
		if (i->src[0].file == GSEU_FILE_IMM)
			return gseu_fail(err, GSEU_E_OPERAND,
					 "in a two-source instruction only src1 can be an immediate");
		if (encode_dst(i, n, err) || encode_src(i, n, 0, err) ||
		    encode_src(i, n, 1, err))
			return -1;
		break;
	case GSEU_FORM_ALU3:
		if (encode_3src(i, n, err))
			return -1;
		break;
	case GSEU_FORM_SEND:
		if (i->src[0].file == GSEU_FILE_IMM)
			return gseu_fail(err, GSEU_E_OPERAND,
					 "the send payload (src0) must be a register");
		if (encode_dst(i, n, err) || encode_src(i, n, 0, err) ||
		    encode_send_desc(i, n, err))
			return -1;
		break;
	case GSEU_FORM_BRANCH2:
		SET(GF_UIP, (uint32_t)i->uip);
		has_uip = true;
		/* fall through */
	case GSEU_FORM_BRANCH1:
		SET(GF_JIP, (uint32_t)i->jip);
		has_jip = true;
		break;
	case GSEU_FORM_JMPI:
	case GSEU_FORM_CALL:
		if (i->form == GSEU_FORM_CALL && encode_dst(i, n, err))
			return -1;
		if (encode_src(i, n, 1, err))
			return -1;
		if (i->src[1].file == GSEU_FILE_IMM) {
			if (i->src[1].type != GSEU_TYPE_D && i->src[1].type != GSEU_TYPE_UD)
				return gseu_fail(err, GSEU_E_OPERAND,
						 "a jump distance is a D (or UD) immediate");
			/* The jump distance lives in jip, like every branch. */
			SET(GF_IMM32, (uint32_t)i->jip);
			has_jip = true;
		}
		break;
	case GSEU_FORM_RET:
		if (encode_src(i, n, 0, err))
			return -1;
		break;
	case GSEU_FORM_NOP:
		break;
	}
	if ((!has_jip && i->jip) || (!has_uip && i->uip))
		return gseu_fail(err, GSEU_E_OPERAND, "JIP/UIP set on an instruction without them");
	return 0;
}

int gseu_encode_native(const struct gseu_insn *i, struct gseu_native *n,
		       struct gseu_error *err)
{
	const struct gseu_opinfo *info = gseu_opinfo_all(i->opcode);
	struct gseu_native mask;

	memset(n, 0, sizeof(*n));
	if (!info)
		return gseu_fail(err, GSEU_E_OPCODE, "opcode %#04x is not supported",
				 i->opcode);
	if (i->form != info->form)
		return gseu_fail(err, GSEU_E_OPERAND,
				 "form %u does not match %s (form %u)", i->form,
				 info->name, info->form);
	if (gseu_check_header(i, info, err))
		return -1;

	SET(GF_OPCODE, i->opcode);
	SET(GF_ACCESS, i->access);
	SET(GF_NODDCLR, i->no_dd_clr);
	SET(GF_NODDCHK, i->no_dd_chk);
	SET(GF_NIBCTRL, i->nib_ctrl);
	SET(GF_QTRCTRL, i->qtr_ctrl);
	SET(GF_THREADCTRL, i->thread_ctrl);
	SET(GF_PREDCTRL, i->pred);
	SET(GF_PREDINV, i->pred_inv);
	SET(GF_EXECSIZE, gseu_log2_exec(i->exec_size));
	switch (i->form) {
	case GSEU_FORM_MATH: SET(GF_CONDMOD, i->math_fn); break;
	case GSEU_FORM_SEND: SET(GF_CONDMOD, i->sfid); break;
	default: SET(GF_CONDMOD, i->cmod); break;
	}
	SET(GF_ACCWREN, i->acc_wr_en);
	SET(GF_DEBUGCTRL, i->debug_ctrl);
	SET(GF_SATURATE, i->saturate);
	SET(GF_MASKCTRL, i->mask_ctrl);
	if (gseu_uses_flag(i)) {
		SET(GF_FLAGREG, i->flag_nr);
		SET(GF_FLAGSUBREG, i->flag_subnr);
	} else if (i->flag_nr || i->flag_subnr) {
		return gseu_fail(err, GSEU_E_OPERAND,
				 "flag f%u.%u named but neither predicate nor condition uses it",
				 i->flag_nr, i->flag_subnr);
	}

	if (encode_operands(i, n, err))
		return -1;

	gseu_ignored_mask(i, &mask);
	n->q[0] |= i->ignored[0] & mask.q[0];
	n->q[1] |= i->ignored[1] & mask.q[1];
	return 0;
}

size_t gseu_encode(const struct gseu_insn *insn, uint8_t out[16],
		   struct gseu_error *err)
{
	struct gseu_native n;
	uint64_t c;

	if (gseu_encode_native(insn, &n, err))
		return 0;
	if (insn->compacted) {
		if (gseu_compact(&n, &c, err))
			return 0;
		gseu_st64(out, c);
		return 8;
	}
	gseu_st64(out, n.q[0]);
	gseu_st64(out + 8, n.q[1]);
	return 16;
}
