// SPDX-License-Identifier: MIT
/*
 * Decoder: a native (128-bit) Gen8 instruction -> struct gseu_insn.
 *
 * Follows Mesa src/intel/compiler/brw_inst.h; IGT
 * assembler/gen8_instruction.h (field positions, types, opcodes, send)
 * and 965/G35 PRM Vol. 4 Subsystem and Cores (2008), 11.3.6 "Region
 * Parameters", 11.3.7 "Region Addressing Modes", 11.3.8 "Access Modes";
 * PRM Vol. 6 3D-Media-GPGPU (Broxton 2017), "Register Region
 * Restrictions" (regions, access modes, predication, branches).  Field
 * positions come from eu_fields.def only.
 *
 * Every reserved code is rejected with a message naming the field.  The
 * last step re-encodes the result and compares: any bit the decoder did
 * not account for is a reserved bit set, reported by name.  That makes
 * "decode then encode gives the same bits" true by construction, which
 * the interpreter and the fuzz test rely on.
 */
#include <string.h>

#include "eu_priv.h"

static int64_t sext(uint64_t v, unsigned bits)
{
	uint64_t m = 1ull << (bits - 1);

	return (int64_t)((v ^ m) - m);
}

static int decode_header(const struct gseu_native *n, struct gseu_insn *i,
			 const struct gseu_opinfo *info, struct gseu_error *err)
{
	unsigned v = (unsigned)fget(n, GF_EXECSIZE);

	if (v > 5)
		return gseu_fail_field(err, GSEU_E_FIELD, GF_EXECSIZE, v,
				       "reserved execution size (0..5 = 1..32)");
	i->exec_size = (uint8_t)(1u << v);
	i->access = (uint8_t)fget(n, GF_ACCESS);
	i->no_dd_clr = fget(n, GF_NODDCLR);
	i->no_dd_chk = fget(n, GF_NODDCHK);
	i->nib_ctrl = (uint8_t)fget(n, GF_NIBCTRL);
	i->qtr_ctrl = (uint8_t)fget(n, GF_QTRCTRL);
	i->thread_ctrl = (uint8_t)fget(n, GF_THREADCTRL);
	i->pred = (uint8_t)fget(n, GF_PREDCTRL);
	i->pred_inv = fget(n, GF_PREDINV);
	i->acc_wr_en = fget(n, GF_ACCWREN);
	i->debug_ctrl = fget(n, GF_DEBUGCTRL);
	i->saturate = fget(n, GF_SATURATE);
	i->mask_ctrl = fget(n, GF_MASKCTRL);

	/* Bits 27:24 mean a different thing per form. */
	v = (unsigned)fget(n, GF_CONDMOD);
	switch (info->form) {
	case GSEU_FORM_MATH:
		i->math_fn = (uint8_t)v;
		i->nsrc = (uint8_t)gseu_math_nsrc(v);
		break;
	case GSEU_FORM_SEND:
		i->sfid = (uint8_t)v;
		break;
	case GSEU_FORM_ALU1:
	case GSEU_FORM_ALU2:
	case GSEU_FORM_ALU3:
		i->cmod = (uint8_t)v;
		break;
	default:
		if (v)
			return gseu_fail_field(err, GSEU_E_FIELD, GF_CONDMOD, v,
					       "flow control and nop take no condition modifier");
		break;
	}
	if (gseu_check_header(i, info, err))
		return -1;
	if (gseu_uses_flag(i)) {
		i->flag_nr = (uint8_t)fget(n, GF_FLAGREG);
		i->flag_subnr = (uint8_t)fget(n, GF_FLAGSUBREG);
	}
	return 0;
}

static int decode_type(struct gseu_reg *r, enum gseu_field ff, enum gseu_field tf,
		       const struct gseu_native *n, struct gseu_error *err)
{
	unsigned file = (unsigned)fget(n, ff), hw = (unsigned)fget(n, tf);
	int t;

	if (file == 2)
		return gseu_fail_field(err, GSEU_E_FIELD, ff, file,
				       "MRF: Gen8 has no message registers");
	t = gseu_type_from_hw(file, hw);
	if (t < 0)
		return gseu_fail_field(err, GSEU_E_FIELD, tf, hw,
				       file == GSEU_FILE_IMM ? "reserved immediate type"
							     : "reserved register type");
	r->file = (uint8_t)file;
	r->type = (uint8_t)t;
	return 0;
}

static int decode_dst(const struct gseu_native *n, struct gseu_insn *i,
		      struct gseu_error *err)
{
	struct gseu_reg *r = &i->dst;
	int h;

	if (decode_type(r, GF_DST_FILE, GF_DST_TYPE, n, err))
		return -1;
	if (r->file == GSEU_FILE_IMM)
		return gseu_fail_field(err, GSEU_E_FIELD, GF_DST_FILE, 3,
				       "a destination cannot be an immediate");
	r->indirect = fget(n, GF_DST_ADDRMODE);
	if (!r->indirect) {
		r->nr = (uint8_t)fget(n, GF_DST_REG);
		if (i->access == GSEU_ALIGN16) {
			r->subnr = (uint8_t)(fget(n, GF_DST_HALF) * 16);
			r->writemask = (uint8_t)fget(n, GF_DST_WRMASK);
		} else {
			r->subnr = (uint8_t)fget(n, GF_DST_SUBREG);
		}
	} else {
		unsigned imm;

		r->addr_subnr = (uint8_t)fget(n, GF_DST_IASUBREG);
		if (i->access == GSEU_ALIGN16) {
			imm = (unsigned)(fget(n, GF_DST_IAIMM16) << 4);
			r->writemask = (uint8_t)fget(n, GF_DST_WRMASK);
		} else {
			imm = (unsigned)fget(n, GF_DST_IAIMM);
		}
		imm |= (unsigned)fget(n, GF_DST_IAIMM9) << 9;
		r->addr_imm = (int16_t)sext(imm, 10);
	}
	h = gseu_hstride_from_code((unsigned)fget(n, GF_DST_HSTRIDE));
	r->hstride = (uint8_t)h;
	/*
	 * Region rule 7 (965/G35 PRM Vol. 4 Subsystem and Cores (2008), 11.3.9
	 * "Execution Data Type", 11.3.10 "Register Region Restrictions"; PRM
	 * Vol. 6 3D-Media-GPGPU (Broxton 2017), "Register Region
	 * Restrictions"); Align16 ignores the dst stride.
	 */
	if (i->access == GSEU_ALIGN1 && h == 0)
		return gseu_fail_field(err, GSEU_E_FIELD, GF_DST_HSTRIDE, 0,
				       "an Align1 destination stride cannot be 0");
	return gseu_check_operand(i, r, "dst", true, err);
}

/* True if the fields under an immediate (src0 region bits) are all zero. */
static bool src0_region_clear(const struct gseu_native *n)
{
	return !(n->q[1] & 0x1ffffffull) && !fget(n, GF_SRC0_IAIMM9);
}

static int decode_src(const struct gseu_native *n, struct gseu_insn *i,
		      unsigned s, struct gseu_error *err)
{
	const struct gseu_src_fields *f = &gseu_srcf[s];
	struct gseu_reg *r = &i->src[s];
	static const char *const slot[2] = { "src0", "src1" };
	int v;

	if (decode_type(r, f->file, f->type, n, err))
		return -1;
	if (r->file == GSEU_FILE_IMM) {
		r->width = 1;
		if (gseu_type_size(r->type) == 8) {
			r->imm = n->q[1];
		} else {
			r->imm = fget(n, GF_IMM32);
			if (s == 0 && !src0_region_clear(n))
				return gseu_fail(err, GSEU_E_RESERVED,
						 "src0 is a 32-bit immediate but its region bits 95, 88:64 are not zero");
		}
		return gseu_check_operand(i, r, slot[s], false, err);
	}

	r->indirect = fget(n, f->addrmode);
	r->negate = fget(n, f->neg);
	r->abs = fget(n, f->abs);
	if (!r->indirect) {
		r->nr = (uint8_t)fget(n, f->reg);
		r->subnr = (uint8_t)(i->access == GSEU_ALIGN16 ?
				     fget(n, f->half) * 16 : fget(n, f->subreg));
	} else {
		unsigned imm = i->access == GSEU_ALIGN16 ?
			(unsigned)(fget(n, f->iaimm16) << 4) :
			(unsigned)fget(n, f->iaimm);

		r->addr_subnr = (uint8_t)fget(n, f->iasubreg);
		imm |= (unsigned)fget(n, f->iaimm9) << 9;
		r->addr_imm = (int16_t)sext(imm, 10);
	}

	v = gseu_vstride_from_code((unsigned)fget(n, f->vstride));
	if (v < 0)
		return gseu_fail_field(err, GSEU_E_FIELD, f->vstride,
				       fget(n, f->vstride),
				       "reserved vertical stride code");
	r->vstride = (uint8_t)v;
	if (i->access == GSEU_ALIGN16) {
		if (fget(n, f->a16rsvd))
			return gseu_fail_field(err, GSEU_E_RESERVED, f->a16rsvd, 1,
					       "reserved in an Align16 source");
		r->swizzle = (uint8_t)(fget(n, f->swzxy) |
				       fget(n, f->hstride) << 4 |
				       fget(n, f->swzw) << 6);
		r->width = 4;
		r->hstride = 1;
	} else {
		v = gseu_width_from_code((unsigned)fget(n, f->width));
		if (v < 0)
			return gseu_fail_field(err, GSEU_E_FIELD, f->width,
					       fget(n, f->width),
					       "reserved width code");
		r->width = (uint8_t)v;
		r->hstride = (uint8_t)gseu_hstride_from_code((unsigned)fget(n, f->hstride));
		r->swizzle = 0xe4;	/* identity, for consumers that look */
	}
	return gseu_check_operand(i, r, slot[s], false, err);
}

static int decode_3src(const struct gseu_native *n, struct gseu_insn *i,
		       struct gseu_error *err)
{
	static const enum gseu_field reg[3] = { GF_T_SRC0_REG, GF_T_SRC1_REG, GF_T_SRC2_REG };
	static const enum gseu_field sub[3] = { GF_T_SRC0_SUBREG, GF_T_SRC1_SUBREG, GF_T_SRC2_SUBREG };
	static const enum gseu_field swz[3] = { GF_T_SRC0_SWZ, GF_T_SRC1_SWZ, GF_T_SRC2_SWZ };
	static const enum gseu_field rep[3] = { GF_T_SRC0_REP, GF_T_SRC1_REP, GF_T_SRC2_REP };
	static const enum gseu_field neg[3] = { GF_T_SRC0_NEG, GF_T_SRC1_NEG, GF_T_SRC2_NEG };
	static const enum gseu_field abs[3] = { GF_T_SRC0_ABS, GF_T_SRC1_ABS, GF_T_SRC2_ABS };
	static const char *const slot[3] = { "src0", "src1", "src2" };
	unsigned hw = (unsigned)fget(n, GF_T_SRC_TYPE);
	int st = gseu_type3_from_hw(hw), dt;

	if (st < 0)
		return gseu_fail_field(err, GSEU_E_FIELD, GF_T_SRC_TYPE, hw,
				       "reserved three-source type");
	hw = (unsigned)fget(n, GF_T_DST_TYPE);
	dt = gseu_type3_from_hw(hw);
	if (dt < 0)
		return gseu_fail_field(err, GSEU_E_FIELD, GF_T_DST_TYPE, hw,
				       "reserved three-source type");

	i->dst.file = GSEU_FILE_GRF;
	i->dst.type = (uint8_t)dt;
	i->dst.nr = (uint8_t)fget(n, GF_T_DST_REG);
	i->dst.subnr = (uint8_t)(fget(n, GF_T_DST_SUBREG) * 4);
	i->dst.writemask = (uint8_t)fget(n, GF_T_DST_WRMASK);
	i->dst.hstride = 1;
	if (gseu_check_operand(i, &i->dst, "dst", true, err))
		return -1;

	for (unsigned s = 0; s < 3; s++) {
		struct gseu_reg *r = &i->src[s];

		r->file = GSEU_FILE_GRF;
		r->type = (uint8_t)st;
		r->nr = (uint8_t)fget(n, reg[s]);
		r->subnr = (uint8_t)(fget(n, sub[s]) * 4);
		r->swizzle = (uint8_t)fget(n, swz[s]);
		r->rep_ctrl = fget(n, rep[s]);
		r->negate = fget(n, neg[s]);
		r->abs = fget(n, abs[s]);
		r->vstride = r->rep_ctrl ? 0 : 4;
		r->width = r->rep_ctrl ? 1 : 4;
		r->hstride = r->rep_ctrl ? 0 : 1;
	}
	/* Mixed mode: src1/src2 may be HF while the source type says F. */
	if (fget(n, GF_T_SRC1HF) || fget(n, GF_T_SRC2HF)) {
		if (st != GSEU_TYPE_F)
			return gseu_fail_field(err, GSEU_E_FIELD,
					       fget(n, GF_T_SRC1HF) ? GF_T_SRC1HF : GF_T_SRC2HF,
					       1, "a half-float src1/src2 needs source type F");
		if (fget(n, GF_T_SRC1HF))
			i->src[1].type = GSEU_TYPE_HF;
		if (fget(n, GF_T_SRC2HF))
			i->src[2].type = GSEU_TYPE_HF;
	}
	for (unsigned s = 0; s < 3; s++)
		if (gseu_check_operand(i, &i->src[s], slot[s], false, err))
			return -1;
	return 0;
}

/* Name the narrowest field holding `bit`, preferring reserved ones. */
static const char *field_of_bit(unsigned bit, bool three_src)
{
	const char *best = NULL;
	unsigned best_w = 999;

	for (unsigned f = 0; f < GF_COUNT; f++) {
		const struct gseu_field_desc *d = &gseu_fields[f];
		unsigned w = d->hi - d->lo + 1;
		bool t = d->name[0] == 'T' && d->name[1] == '_';

		if (d->compact || bit < d->lo || bit > d->hi || t != three_src)
			continue;
		if (strstr(d->name, "RSVD"))
			w = 0;
		if (w < best_w) {
			best_w = w;
			best = d->name;
		}
	}
	return best ? best : "?";
}

static int decode_operands(const struct gseu_native *n, struct gseu_insn *i,
			   struct gseu_error *err)
{
	switch (i->form) {
	case GSEU_FORM_ALU1:
		if (decode_dst(n, i, err) || decode_src(n, i, 0, err))
			return -1;
		return 0;
	case GSEU_FORM_ALU2:
	case GSEU_FORM_MATH:
		if (decode_dst(n, i, err) || decode_src(n, i, 0, err))
			return -1;
		/* Checked before src1: an immediate src0 overlaps src1's bits. */
		if (i->src[0].file == GSEU_FILE_IMM)
			return gseu_fail_field(err, GSEU_E_OPERAND, GF_SRC0_FILE, 3,
					       "in a two-source instruction only src1 can be an immediate");
		if (decode_src(n, i, 1, err))
			return -1;
		if (i->src[1].file == GSEU_FILE_IMM &&
		    gseu_type_size(i->src[1].type) == 8)
			return gseu_fail_field(err, GSEU_E_OPERAND, GF_SRC1_TYPE,
					       fget(n, GF_SRC1_TYPE),
					       "a 64-bit immediate must be src0 of a one-source instruction");
		return 0;
	case GSEU_FORM_ALU3:
		return decode_3src(n, i, err);
	case GSEU_FORM_SEND:
		if (decode_dst(n, i, err) || decode_src(n, i, 0, err))
			return -1;
		if (i->src[0].file == GSEU_FILE_IMM)
			return gseu_fail_field(err, GSEU_E_OPERAND, GF_SRC0_FILE, 3,
					       "the send payload (src0) must be a register");
		i->eot = fget(n, GF_SEND_EOT);
		if (fget(n, GF_SRC1_FILE) == GSEU_FILE_IMM) {
			struct gseu_reg *d = &i->src[1];

			if (decode_type(d, GF_SRC1_FILE, GF_SRC1_TYPE, n, err))
				return -1;
			if (d->type != GSEU_TYPE_UD && d->type != GSEU_TYPE_D)
				return gseu_fail_field(err, GSEU_E_OPERAND, GF_SRC1_TYPE,
						       fget(n, GF_SRC1_TYPE),
						       "a send descriptor is a UD or D immediate");
			if (fget(n, GF_SEND_RSVD))
				return gseu_fail_field(err, GSEU_E_RESERVED, GF_SEND_RSVD,
						       fget(n, GF_SEND_RSVD),
						       "reserved in the message descriptor");
			d->width = 1;
			d->imm = fget(n, GF_SEND_DESC);
			return 0;
		}
		if (fget(n, GF_SEND_RSVD_R))
			return gseu_fail_field(err, GSEU_E_RESERVED, GF_SEND_RSVD_R,
					       fget(n, GF_SEND_RSVD_R),
					       "reserved above an indirect descriptor");
		/* Mask EOT off while the generic source decoder looks. */
		{
			struct gseu_native m = *n;

			fset(&m, GF_SEND_EOT, 0);
			return decode_src(&m, i, 1, err);
		}
	case GSEU_FORM_BRANCH2:
		i->uip = (int32_t)fget(n, GF_UIP);
		/* fall through */
	case GSEU_FORM_BRANCH1:
		i->jip = (int32_t)fget(n, GF_JIP);
		return 0;
	case GSEU_FORM_JMPI:
	case GSEU_FORM_CALL:
		if (i->form == GSEU_FORM_CALL && decode_dst(n, i, err))
			return -1;
		if (decode_src(n, i, 1, err))
			return -1;
		if (i->src[1].file == GSEU_FILE_IMM) {
			/* IGC: "JIP ... must be of type D" */
			if (i->src[1].type != GSEU_TYPE_D && i->src[1].type != GSEU_TYPE_UD)
				return gseu_fail_field(err, GSEU_E_OPERAND, GF_SRC1_TYPE,
						       fget(n, GF_SRC1_TYPE),
						       "a jump distance is a D (or UD) immediate");
			i->jip = (int32_t)i->src[1].imm;
		}
		return 0;
	case GSEU_FORM_RET:
		return decode_src(n, i, 0, err);
	case GSEU_FORM_NOP:
		return 0;
	}
	return gseu_fail(err, GSEU_E_OPCODE, "internal: unknown form %u", i->form);
}

/* @all: the "all" table (eu.h, GSEU_OP_ALL_COUNT: now the same rows). */
static int decode_native(const struct gseu_native *n, struct gseu_insn *i, bool all,
			 struct gseu_error *err)
{
	const struct gseu_opinfo *info;
	struct gseu_native mask, again;
	struct gseu_error sub;
	unsigned opc = (unsigned)fget(n, GF_OPCODE);

	memset(i, 0, sizeof(*i));
	if (fget(n, GF_RSVD7))
		return gseu_fail_field(err, GSEU_E_RESERVED, GF_RSVD7, 1,
				       "reserved for opcode growth");
	info = all ? gseu_opinfo_all(opc) : gseu_opinfo(opc);
	if (!info) {
		const char *known = gseu_unsupported_opcode_name(opc);

		if (known)
			return gseu_fail(err, GSEU_E_OPCODE,
					 "opcode %#04x (%s) is not supported by gensim",
					 opc, known);
		return gseu_fail_field(err, GSEU_E_OPCODE, GF_OPCODE, opc,
				       "not a Gen8 opcode");
	}
	if (fget(n, GF_CMPTCTRL))
		return gseu_fail_field(err, GSEU_E_FIELD, GF_CMPTCTRL, 1,
				       "compacted instruction passed as native (expand it first)");
	i->opcode = (uint8_t)opc;
	i->op = info->op;
	i->form = info->form;
	i->nsrc = info->nsrc;

	if (decode_header(n, i, info, err) || decode_operands(n, i, err))
		return -1;

	gseu_ignored_mask(i, &mask);
	i->ignored[0] = n->q[0] & mask.q[0];
	i->ignored[1] = n->q[1] & mask.q[1];

	/* Everything not decoded above must be zero: re-encode and compare. */
	if (gseu_encode_native(i, &again, &sub))
		return gseu_fail(err, sub.code, "decoded fields do not re-encode: %s",
				 sub.msg);
	for (unsigned w = 0; w < 2; w++) {
		uint64_t diff = again.q[w] ^ n->q[w];

		if (diff) {
			unsigned bit = w * 64 + (unsigned)__builtin_ctzll(diff);

			return gseu_fail(err, GSEU_E_RESERVED,
					 "reserved bit %u (in %s) is set for %s",
					 bit, field_of_bit(bit, i->form == GSEU_FORM_ALU3),
					 info->name);
		}
	}
	return 0;
}

int gseu_decode_native(const struct gseu_native *n, struct gseu_insn *i,
		       struct gseu_error *err)
{
	return decode_native(n, i, false, err);
}

int gseu_decode_native_all(const struct gseu_native *n, struct gseu_insn *i,
			   struct gseu_error *err)
{
	return decode_native(n, i, true, err);
}

static size_t decode(const void *buf, size_t len, size_t off, struct gseu_insn *insn,
		     bool all, struct gseu_error *err)
{
	const uint8_t *p = buf;
	struct gseu_native n;
	uint64_t lo;

	if (off > len || len - off < 8) {
		gseu_fail(err, GSEU_E_TRUNCATED,
			  "offset %#zx: fewer than 8 bytes left", off);
		return 0;
	}
	lo = gseu_ld64(p + off);
	if ((lo >> gseu_fields[GF_CMPTCTRL].lo) & 1) {
		if (gseu_compact_expand(lo, &n, err) ||
		    decode_native(&n, insn, all, err))
			return 0;
		insn->compacted = true;
		return 8;
	}
	if (len - off < 16) {
		gseu_fail(err, GSEU_E_TRUNCATED,
			  "offset %#zx: native instruction needs 16 bytes, %zu left",
			  off, len - off);
		return 0;
	}
	n.q[0] = lo;
	n.q[1] = gseu_ld64(p + off + 8);
	if (decode_native(&n, insn, all, err))
		return 0;
	return 16;
}

size_t gseu_decode(const void *buf, size_t len, size_t off,
		   struct gseu_insn *insn, struct gseu_error *err)
{
	return decode(buf, len, off, insn, false, err);
}

size_t gseu_decode_all(const void *buf, size_t len, size_t off,
		       struct gseu_insn *insn, struct gseu_error *err)
{
	return decode(buf, len, off, insn, true, err);
}

void gseu_native_from_dw(struct gseu_native *n, const uint32_t dw[4])
{
	n->q[0] = (uint64_t)dw[1] << 32 | dw[0];
	n->q[1] = (uint64_t)dw[3] << 32 | dw[2];
}

void gseu_native_to_dw(const struct gseu_native *n, uint32_t dw[4])
{
	dw[0] = (uint32_t)n->q[0];
	dw[1] = (uint32_t)(n->q[0] >> 32);
	dw[2] = (uint32_t)n->q[1];
	dw[3] = (uint32_t)(n->q[1] >> 32);
}
