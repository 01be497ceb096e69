// SPDX-License-Identifier: MIT
/*
 * Per-form facts shared by the decoder and the encoder, so both agree on
 * them by construction: which bits a form leaves to the hardware to ignore
 * (gseu_insn.ignored) and whether the flag register field is live.
 *
 * Which operand slots each form uses follows Mesa/IGC practice for Gen8
 * (Mesa src/intel/compiler/brw_inst.h for send; 965/G35 PRM Vol. 4
 * Subsystem and Cores (2008), 13.2 "Instruction Machine Formats"; Mesa
 * src/intel/compiler/brw_inst.h for branches: JIP 127:96, UIP 95:64;
 * 6.6 for jmpi = ip, ip, imm).
 */
#include "eu_priv.h"

const struct gseu_src_fields gseu_srcf[2] = {
	{ GF_SRC0_FILE, GF_SRC0_TYPE, GF_SRC0_SUBREG, GF_SRC0_SWZXY,
	  GF_SRC0_HALF, GF_SRC0_IAIMM, GF_SRC0_IAIMM16, GF_SRC0_REG,
	  GF_SRC0_IASUBREG, GF_SRC0_ABS, GF_SRC0_NEG, GF_SRC0_ADDRMODE,
	  GF_SRC0_HSTRIDE, GF_SRC0_WIDTH, GF_SRC0_SWZW, GF_SRC0_A16RSVD,
	  GF_SRC0_VSTRIDE, GF_SRC0_IAIMM9 },
	{ GF_SRC1_FILE, GF_SRC1_TYPE, GF_SRC1_SUBREG, GF_SRC1_SWZXY,
	  GF_SRC1_HALF, GF_SRC1_IAIMM, GF_SRC1_IAIMM16, GF_SRC1_REG,
	  GF_SRC1_IASUBREG, GF_SRC1_ABS, GF_SRC1_NEG, GF_SRC1_ADDRMODE,
	  GF_SRC1_HSTRIDE, GF_SRC1_WIDTH, GF_SRC1_SWZW, GF_SRC1_A16RSVD,
	  GF_SRC1_VSTRIDE, GF_SRC1_IAIMM9 },
};

static void set_range(struct gseu_native *m, unsigned lo, unsigned hi)
{
	for (unsigned b = lo; b <= hi; b++)
		m->q[b / 64] |= 1ull << (b % 64);
}

void gseu_field_mask(enum gseu_field f, struct gseu_native *m)
{
	m->q[0] = m->q[1] = 0;
	set_range(m, gseu_fields[f].lo, gseu_fields[f].hi);
}

static bool is_64bit_imm(const struct gseu_reg *r)
{
	return r->file == GSEU_FILE_IMM && gseu_type_size(r->type) == 8;
}

bool gseu_math_macro(const struct gseu_insn *i)
{
	return i->op == GSEU_OP_MADM ||
	       (i->form == GSEU_FORM_MATH &&
		(i->math_fn == GSEU_MATH_INVM || i->math_fn == GSEU_MATH_RSQRTM));
}

bool gseu_uses_flag(const struct gseu_insn *i)
{
	if (i->pred)
		return true;
	switch (i->form) {
	case GSEU_FORM_ALU1:
	case GSEU_FORM_ALU2:
	case GSEU_FORM_ALU3:
		return i->cmod != 0;
	case GSEU_FORM_MATH:
		/* the IEEE macros' early-out flag (IGA: "(eo)f0.1") */
		return gseu_math_macro(i);
	default:
		return false;
	}
}

void gseu_ignored_mask(const struct gseu_insn *i, struct gseu_native *m)
{
	m->q[0] = m->q[1] = 0;

	switch (i->form) {
	case GSEU_FORM_ALU1:
		/* src1 is not an operand; a 64-bit immediate owns 127:64. */
		if (is_64bit_imm(&i->src[0]))
			break;
		set_range(m, 89, 94);
		if (i->src[0].file != GSEU_FILE_IMM)
			set_range(m, 96, 127);
		break;
	case GSEU_FORM_BRANCH2:
		set_range(m, 35, 63);	/* dst, src0 file/type */
		break;
	case GSEU_FORM_BRANCH1:
		set_range(m, 35, 95);	/* dst, src0, src1 file/type */
		break;
	case GSEU_FORM_JMPI:
		set_range(m, 35, 63);	/* dst and src0 are ip by definition */
		set_range(m, 64, 88);
		set_range(m, 95, 95);
		break;
	case GSEU_FORM_CALL:
		set_range(m, 41, 46);	/* src0 */
		set_range(m, 64, 88);
		set_range(m, 95, 95);
		break;
	case GSEU_FORM_RET:
		set_range(m, 35, 40);	/* dst */
		set_range(m, 47, 63);
		set_range(m, 89, 94);	/* src1 */
		set_range(m, 96, 127);
		break;
	case GSEU_FORM_NOP:
		set_range(m, 32, 127);
		break;
	default:
		break;
	}
	if (i->form != GSEU_FORM_NOP && !gseu_uses_flag(i))
		set_range(m, 32, 33);
}

int gseu_check_operand(const struct gseu_insn *i, const struct gseu_reg *r,
		       const char *slot, bool is_dst, struct gseu_error *err)
{
	unsigned size = gseu_type_size(r->type);

	if ((unsigned)r->type >= GSEU_TYPE_COUNT)
		return gseu_fail(err, GSEU_E_OPERAND, "%s: bad type %u", slot,
				 r->type);
	if (r->file == 2)
		return gseu_fail(err, GSEU_E_OPERAND,
				 "%s: register file 2 (MRF) does not exist on Gen8",
				 slot);
	if (r->file > GSEU_FILE_IMM)
		return gseu_fail(err, GSEU_E_OPERAND, "%s: bad register file %u",
				 slot, r->file);
	if (r->file == GSEU_FILE_IMM) {
		if (is_dst)
			return gseu_fail(err, GSEU_E_OPERAND,
					 "%s: a destination cannot be an immediate",
					 slot);
		if (gseu_type_to_hw(GSEU_FILE_IMM, r->type) < 0)
			return gseu_fail(err, GSEU_E_OPERAND,
					 "%s: type %s has no immediate form", slot,
					 gseu_type_name(r->type));
		return 0;
	}
	if (gseu_type_to_hw(r->file, r->type) < 0)
		return gseu_fail(err, GSEU_E_OPERAND,
				 "%s: type %s exists only as an immediate", slot,
				 gseu_type_name(r->type));
	if (r->indirect) {
		/*
		 * a0 + AddrImm is a byte address in GRF space (965/G35 PRM Vol.
		 * 4 Subsystem and Cores (2008), 11.3.7 "Region Addressing
		 * Modes"; PRM Vol. 6 3D-Media-GPGPU (Broxton 2017), "Regioning
		 * Rules for Register Indirect Addressing")
		 */
		if (r->file != GSEU_FILE_GRF)
			return gseu_fail(err, GSEU_E_OPERAND,
					 "%s: register-indirect addressing reaches the GRF only",
					 slot);
		if (r->addr_subnr > 15)
			return gseu_fail(err, GSEU_E_OPERAND,
					 "%s: address subregister a0.%u (a0 has 16 words)",
					 slot, r->addr_subnr);
		if (r->addr_imm < -512 || r->addr_imm > 511)
			return gseu_fail(err, GSEU_E_OPERAND,
					 "%s: address immediate %d outside -512..511",
					 slot, r->addr_imm);
		if (i->access == GSEU_ALIGN16 && (r->addr_imm & 15))
			return gseu_fail(err, GSEU_E_OPERAND,
					 "%s: Align16 address immediate %d is not a multiple of 16",
					 slot, r->addr_imm);
		return 0;
	}
	if (!is_dst && r->vstride == GSEU_VSTRIDE_VXH)
		return gseu_fail(err, GSEU_E_OPERAND,
				 "%s: a Vx1/VxH region (VertStride code 0xF) needs indirect addressing",
				 slot);
	if (r->file == GSEU_FILE_ARF) {
		unsigned count;
		const char *cls = gseu_arf_class_name(r->nr, &count);
		unsigned inst = r->nr & 0xf;

		if (!cls || inst >= (count ? count : 1))
			return gseu_fail(err, GSEU_E_OPERAND,
					 "%s: ARF register number %#04x is reserved on Gen8",
					 slot, r->nr);
	}
	if (r->subnr >= 32)
		return gseu_fail(err, GSEU_E_OPERAND,
				 "%s: subregister byte offset %u is past the register",
				 slot, r->subnr);
	if (size && r->subnr % size)
		return gseu_fail(err, GSEU_E_OPERAND,
				 "%s: subregister byte offset %u is not aligned to its type %s",
				 slot, r->subnr, gseu_type_name(r->type));
	return 0;
}

int gseu_check_header(const struct gseu_insn *i, const struct gseu_opinfo *info,
		      struct gseu_error *err)
{
	if (i->access > 1)
		return gseu_fail_field(err, GSEU_E_FIELD, GF_ACCESS, i->access,
				       "access mode is Align1 (0) or Align16 (1)");
	if (gseu_log2_exec(i->exec_size) < 0)
		return gseu_fail_field(err, GSEU_E_FIELD, GF_EXECSIZE, i->exec_size,
				       "execution size must be 1, 2, 4, 8, 16 or 32");
	if (i->thread_ctrl > 2)
		return gseu_fail_field(err, GSEU_E_FIELD, GF_THREADCTRL,
				       i->thread_ctrl, "reserved thread control");
	if (!gseu_pred_name(i->access, i->pred))
		return gseu_fail_field(err, GSEU_E_FIELD, GF_PREDCTRL, i->pred,
				       i->access ? "reserved Align16 predicate mode"
						 : "reserved Align1 predicate mode");
	if (i->pred_inv && !i->pred)
		return gseu_fail_field(err, GSEU_E_FIELD, GF_PREDINV, 1,
				       "PredInv without a predicate (PredCtrl 0)");
	if (i->qtr_ctrl > 3)
		return gseu_fail_field(err, GSEU_E_FIELD, GF_QTRCTRL, i->qtr_ctrl,
				       "quarter control is 0..3");
	if (i->nib_ctrl > 1 || (i->nib_ctrl && i->exec_size >= 8))
		return gseu_fail_field(err, GSEU_E_FIELD, GF_NIBCTRL, i->nib_ctrl,
				       "NibCtrl selects a 4-channel half; only SIMD1-4 have one");
	if (i->exec_size == 16 && (i->qtr_ctrl & 1))
		return gseu_fail_field(err, GSEU_E_FIELD, GF_QTRCTRL, i->qtr_ctrl,
				       "SIMD16 starts at quarter 1 or 3 only (1H, 2H)");
	if (i->exec_size == 32 && i->qtr_ctrl)
		return gseu_fail_field(err, GSEU_E_FIELD, GF_QTRCTRL, i->qtr_ctrl,
				       "SIMD32 covers all quarters");
	if (i->flag_nr > 1 || i->flag_subnr > 1)
		return gseu_fail(err, GSEU_E_FIELD, "flag register f%u.%u: Gen8 has f0.0-f1.1",
				 i->flag_nr, i->flag_subnr);
	if ((info->flags & GSEU_F_ALIGN1) && i->access != GSEU_ALIGN1)
		return gseu_fail_field(err, GSEU_E_FIELD, GF_ACCESS, i->access,
				       "flow control must be Align1 on Gen8");
	if (info->form == GSEU_FORM_ALU3 && i->access != GSEU_ALIGN16)
		return gseu_fail_field(err, GSEU_E_FIELD, GF_ACCESS, i->access,
				       "Gen8 has only the Align16 three-source layout");

	switch (info->form) {
	case GSEU_FORM_MATH:
		if (!gseu_math_name(i->math_fn))
			return gseu_fail_field(err, GSEU_E_FIELD, GF_CONDMOD, i->math_fn,
					       i->math_fn == 8 ? "sincos is Gen6 only"
							       : "reserved math function");
		break;
	case GSEU_FORM_SEND:
		if (!gseu_sfid_name(i->sfid))
			return gseu_fail_field(err, GSEU_E_FIELD, GF_CONDMOD, i->sfid,
					       "reserved shared function ID (SFID)");
		break;
	case GSEU_FORM_ALU1:
	case GSEU_FORM_ALU2:
	case GSEU_FORM_ALU3:
		if (i->cmod && !gseu_cmod_name(i->cmod))
			return gseu_fail_field(err, GSEU_E_FIELD, GF_CONDMOD, i->cmod,
					       i->cmod == 7 ? "round-increment (.r) is Gen4/5 only"
							    : "reserved condition modifier");
		if (i->cmod && (info->flags & GSEU_F_NOCMOD))
			return gseu_fail_field(err, GSEU_E_FIELD, GF_CONDMOD, i->cmod,
					       "this instruction takes no condition modifier");
		if (!i->cmod && (info->flags & GSEU_F_CMOD_REQ))
			return gseu_fail_field(err, GSEU_E_FIELD, GF_CONDMOD, 0,
					       "cmp/cmpn need a condition modifier");
		break;
	default:
		break;
	}
	/* Bits 27:24 hold one thing; the other readings must be unset. */
	if (i->cmod && info->form != GSEU_FORM_ALU1 &&
	    info->form != GSEU_FORM_ALU2 && info->form != GSEU_FORM_ALU3)
		return gseu_fail_field(err, GSEU_E_FIELD, GF_CONDMOD, i->cmod,
				       info->form == GSEU_FORM_MATH ||
				       info->form == GSEU_FORM_SEND ?
				       "bits 27:24 hold the math function / SFID here, not a condition" :
				       "flow control and nop take no condition modifier");
	if (i->math_fn && info->form != GSEU_FORM_MATH)
		return gseu_fail(err, GSEU_E_FIELD, "a math function on %s", info->name);
	if ((i->sfid || i->eot) && info->form != GSEU_FORM_SEND)
		return gseu_fail(err, GSEU_E_FIELD, "an SFID or EOT on %s", info->name);
	switch (info->form) {
	case GSEU_FORM_ALU1: case GSEU_FORM_ALU2:
	case GSEU_FORM_ALU3: case GSEU_FORM_MATH:
		break;
	default:
		if (i->saturate)
			return gseu_fail_field(err, GSEU_E_FIELD, GF_SATURATE, 1,
					       "saturate applies to arithmetic results only");
	}
	return 0;
}
