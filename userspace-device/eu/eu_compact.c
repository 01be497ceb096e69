// SPDX-License-Identifier: MIT
/*
 * The compacted (64-bit) form: expand to native, and compact when the
 * tables allow it.  Mesa src/intel/compiler/brw_eu_compact.c: compacted
 * field layout, the 13-bit sign-replicated immediate, the 3-source
 * variant.
 *
 * gseu_compact_expand() is the only place that knows how an instruction
 * was stored: everything downstream sees a native instruction.  Compaction
 * is checked by expanding the result and comparing bit for bit, so any
 * native bit the compacted form cannot carry (NibCtrl, AddrImm[9],
 * indirect addressing, a wide immediate...) makes it refuse.
 */
#include "eu_compact.h"

static uint64_t bits(const struct gseu_native *n, unsigned hi, unsigned lo)
{
	unsigned w = lo / 64, width = hi - lo + 1;
	uint64_t m = width == 64 ? ~0ull : (1ull << width) - 1;

	return (n->q[w] >> (lo % 64)) & m;
}

static void set_bits(struct gseu_native *n, unsigned hi, unsigned lo, uint64_t v)
{
	unsigned w = lo / 64, width = hi - lo + 1;
	uint64_t m = width == 64 ? ~0ull : (1ull << width) - 1;

	n->q[w] = (n->q[w] & ~(m << (lo % 64))) | ((v & m) << (lo % 64));
}

uint64_t gseu_ct_gather(const struct gseu_ctable *t, const struct gseu_native *n)
{
	uint64_t v = 0;

	for (unsigned p = 0; p < t->npieces; p++) {
		unsigned w = t->map[p].hi - t->map[p].lo + 1;

		v = (v << w) | bits(n, t->map[p].hi, t->map[p].lo);
	}
	return v;
}

void gseu_ct_scatter(const struct gseu_ctable *t, struct gseu_native *n, uint64_t v)
{
	for (unsigned p = t->npieces; p-- > 0;) {
		unsigned w = t->map[p].hi - t->map[p].lo + 1;

		set_bits(n, t->map[p].hi, t->map[p].lo, v);
		v >>= w;
	}
}

static int lookup(const struct gseu_ctable *t, uint64_t v, uint64_t ignore,
		  unsigned *idx, struct gseu_error *err)
{
	for (unsigned i = 0; i < t->nentries; i++)
		if ((t->entries[i] & ~ignore) == v) {
			*idx = i;
			return 0;
		}
	return gseu_fail(err, GSEU_E_COMPACT,
			 "%s bits %#llx are not in the compaction table",
			 t->name, (unsigned long long)v);
}

static int expand3(uint64_t c, struct gseu_native *n, struct gseu_error *err)
{
	if (cget(c, GF_C3_RSVD7))
		return gseu_fail_field(err, GSEU_E_RESERVED, GF_C3_RSVD7, 1,
				       "reserved in a compacted 3-source instruction");
	if (cget(c, GF_C3_RSVD27))
		return gseu_fail_field(err, GSEU_E_RESERVED, GF_C3_RSVD27,
				       cget(c, GF_C3_RSVD27),
				       "reserved in a compacted 3-source instruction");
	fset(n, GF_OPCODE, cget(c, GF_C3_OPCODE));
	gseu_ct_scatter(&gseu_ct_control3, n,
			gseu_ct_control3.entries[cget(c, GF_C3_CTRLIDX)]);
	gseu_ct_scatter(&gseu_ct_source3, n,
			gseu_ct_source3.entries[cget(c, GF_C3_SRCIDX)]);
	/* 7-bit register numbers; the table supplies bit 7 (always 0). */
	set_bits(n, 62, 56, cget(c, GF_C3_DSTREG));
	set_bits(n, 82, 76, cget(c, GF_C3_SRC0REG));
	set_bits(n, 103, 97, cget(c, GF_C3_SRC1REG));
	set_bits(n, 124, 118, cget(c, GF_C3_SRC2REG));
	fset(n, GF_T_SRC0_SUBREG, cget(c, GF_C3_SRC0SUB));
	fset(n, GF_T_SRC1_SUBREG, cget(c, GF_C3_SRC1SUB));
	fset(n, GF_T_SRC2_SUBREG, cget(c, GF_C3_SRC2SUB));
	fset(n, GF_T_SRC0_REP, cget(c, GF_C3_SRC0REP));
	fset(n, GF_T_SRC1_REP, cget(c, GF_C3_SRC1REP));
	fset(n, GF_T_SRC2_REP, cget(c, GF_C3_SRC2REP));
	fset(n, GF_DEBUGCTRL, cget(c, GF_C3_DEBUG));
	fset(n, GF_SATURATE, cget(c, GF_C3_SAT));
	return 0;
}

/*
 * Which instructions have no compacted form on Gen8: the structured and
 * SIMD branches (their JIP/UIP need the high 64 bits) and nop.  IGA's Gen8
 * model refuses them compacted, in both directions ("Intel Graphics
 * Assembler (IGA)": iga64 -p=8 cannot encode "nop {Compacted}" and
 * decodes a compacted while, endif or nop as "no compacted form"); Mesa's
 * compacted nop before an EOT send (brw_eu_compact.c) is one of them, so
 * gensim-as aligns EOT sends by leaving an earlier instruction native.
 */
static bool no_compacted_form(const struct gseu_opinfo *info)
{
	return info->form == GSEU_FORM_BRANCH1 || info->form == GSEU_FORM_BRANCH2 ||
	       info->form == GSEU_FORM_NOP;
}

int gseu_compact_expand(uint64_t c, struct gseu_native *n, struct gseu_error *err)
{
	const struct gseu_opinfo *info;
	unsigned opc = (unsigned)cget(c, GF_C_OPCODE);
	bool imm;

	n->q[0] = n->q[1] = 0;
	if (!cget(c, GF_C_CMPTCTRL))
		return gseu_fail_field(err, GSEU_E_COMPACT, GF_C_CMPTCTRL, 0,
				       "not a compacted instruction");
	info = gseu_opinfo_all(opc);
	if (!info)
		return gseu_fail_field(err, GSEU_E_OPCODE, GF_C_OPCODE, opc,
				       "not a supported Gen8 opcode");
	if (no_compacted_form(info))
		return gseu_fail_field(err, GSEU_E_COMPACT, GF_C_OPCODE, opc,
				       "Gen8 flow control and nop have no compacted form");
	if (info->form == GSEU_FORM_ALU3)
		return expand3(c, n, err);
	if (cget(c, GF_C_RSVD28))
		return gseu_fail_field(err, GSEU_E_RESERVED, GF_C_RSVD28, 1,
				       "flag subregister bit of Gen6 compaction; reserved on Gen8");

	fset(n, GF_OPCODE, opc);
	fset(n, GF_DEBUGCTRL, cget(c, GF_C_DEBUG));
	gseu_ct_scatter(&gseu_ct_control, n,
			gseu_ct_control.entries[cget(c, GF_C_CTRLIDX)]);
	gseu_ct_scatter(&gseu_ct_datatype, n,
			gseu_ct_datatype.entries[cget(c, GF_C_DTIDX)]);
	imm = fget(n, GF_SRC0_FILE) == GSEU_FILE_IMM ||
	      fget(n, GF_SRC1_FILE) == GSEU_FILE_IMM;
	gseu_ct_scatter(&gseu_ct_subreg, n,
			gseu_ct_subreg.entries[cget(c, GF_C_SUBREGIDX)]);
	fset(n, GF_ACCWREN, cget(c, GF_C_ACCWREN));
	fset(n, GF_CONDMOD, cget(c, GF_C_CONDMOD));
	gseu_ct_scatter(&gseu_ct_src0, n,
			gseu_ct_src0.entries[cget(c, GF_C_SRC0IDX)]);
	if (imm) {
		/* 13-bit immediate, bit 12 replicated through bit 31. */
		uint32_t v = (uint32_t)(cget(c, GF_C_SRC1IDX) << 8 |
					cget(c, GF_C_SRC1REG));

		if (v & 0x1000)
			v |= 0xffffe000u;
		fset(n, GF_IMM32, v);
	} else {
		gseu_ct_scatter(&gseu_ct_src1, n,
				gseu_ct_src1.entries[cget(c, GF_C_SRC1IDX)]);
		fset(n, GF_SRC1_REG, cget(c, GF_C_SRC1REG));
	}
	fset(n, GF_DST_REG, cget(c, GF_C_DSTREG));
	fset(n, GF_SRC0_REG, cget(c, GF_C_SRC0REG));
	return 0;
}

static int compact3(const struct gseu_native *n, uint64_t *c, struct gseu_error *err)
{
	unsigned ci = 0, si = 0;

	if (lookup(&gseu_ct_control3, gseu_ct_gather(&gseu_ct_control3, n), 0, &ci, err) ||
	    lookup(&gseu_ct_source3, gseu_ct_gather(&gseu_ct_source3, n), 0, &si, err))
		return -1;
	*c = 0;
	cset(c, GF_C3_OPCODE, fget(n, GF_OPCODE));
	cset(c, GF_C3_CTRLIDX, ci);
	cset(c, GF_C3_SRCIDX, si);
	cset(c, GF_C3_DSTREG, bits(n, 62, 56));
	cset(c, GF_C3_SRC0REG, bits(n, 82, 76));
	cset(c, GF_C3_SRC1REG, bits(n, 103, 97));
	cset(c, GF_C3_SRC2REG, bits(n, 124, 118));
	cset(c, GF_C3_SRC0SUB, fget(n, GF_T_SRC0_SUBREG));
	cset(c, GF_C3_SRC1SUB, fget(n, GF_T_SRC1_SUBREG));
	cset(c, GF_C3_SRC2SUB, fget(n, GF_T_SRC2_SUBREG));
	cset(c, GF_C3_SRC0REP, fget(n, GF_T_SRC0_REP));
	cset(c, GF_C3_SRC1REP, fget(n, GF_T_SRC1_REP));
	cset(c, GF_C3_SRC2REP, fget(n, GF_T_SRC2_REP));
	cset(c, GF_C3_DEBUG, fget(n, GF_DEBUGCTRL));
	cset(c, GF_C3_SAT, fget(n, GF_SATURATE));
	cset(c, GF_C3_CMPTCTRL, 1);
	return 0;
}

int gseu_compact(const struct gseu_native *n, uint64_t *out, struct gseu_error *err)
{
	const struct gseu_opinfo *info = gseu_opinfo_all((unsigned)fget(n, GF_OPCODE));
	struct gseu_native back;
	uint64_t c = 0;

	if (!info)
		return gseu_fail(err, GSEU_E_OPCODE, "cannot compact opcode %#04x",
				 (unsigned)fget(n, GF_OPCODE));
	if (no_compacted_form(info))
		return gseu_fail(err, GSEU_E_COMPACT, "%s has no compacted form on Gen8",
				 info->name);
	if (info->form == GSEU_FORM_ALU3) {
		if (compact3(n, &c, err))
			return -1;
	} else {
		unsigned ci = 0, di = 0, si = 0, s0 = 0, s1 = 0;
		bool imm = fget(n, GF_SRC0_FILE) == GSEU_FILE_IMM ||
			   fget(n, GF_SRC1_FILE) == GSEU_FILE_IMM;
		/* Under an immediate, src1's subregister bits belong to it. */
		uint64_t sr = gseu_ct_gather(&gseu_ct_subreg, n);

		if (imm)
			sr &= 0x3ff;
		if (lookup(&gseu_ct_control, gseu_ct_gather(&gseu_ct_control, n), 0, &ci, err) ||
		    lookup(&gseu_ct_datatype, gseu_ct_gather(&gseu_ct_datatype, n), 0, &di, err) ||
		    lookup(&gseu_ct_subreg, sr, imm ? 0x7c00 : 0, &si, err) ||
		    lookup(&gseu_ct_src0, gseu_ct_gather(&gseu_ct_src0, n), 0, &s0, err))
			return -1;
		if (imm) {
			uint32_t v = (uint32_t)fget(n, GF_IMM32);

			if ((v & 0xfffff000u) != 0 && (v & 0xfffff000u) != 0xfffff000u)
				return gseu_fail(err, GSEU_E_COMPACT,
						 "immediate %#x is not a sign-extended 13-bit value",
						 v);
			s1 = (v >> 8) & 0x1f;
			cset(&c, GF_C_SRC1REG, v & 0xff);
		} else {
			if (lookup(&gseu_ct_src1, gseu_ct_gather(&gseu_ct_src1, n), 0, &s1, err))
				return -1;
			cset(&c, GF_C_SRC1REG, fget(n, GF_SRC1_REG));
		}
		cset(&c, GF_C_OPCODE, fget(n, GF_OPCODE));
		cset(&c, GF_C_DEBUG, fget(n, GF_DEBUGCTRL));
		cset(&c, GF_C_CTRLIDX, ci);
		cset(&c, GF_C_DTIDX, di);
		cset(&c, GF_C_SUBREGIDX, si);
		cset(&c, GF_C_ACCWREN, fget(n, GF_ACCWREN));
		cset(&c, GF_C_CONDMOD, fget(n, GF_CONDMOD));
		cset(&c, GF_C_CMPTCTRL, 1);
		cset(&c, GF_C_SRC0IDX, s0);
		cset(&c, GF_C_SRC1IDX, s1);
		cset(&c, GF_C_DSTREG, fget(n, GF_DST_REG));
		cset(&c, GF_C_SRC0REG, fget(n, GF_SRC0_REG));
	}

	if (gseu_compact_expand(c, &back, err))
		return -1;
	for (unsigned w = 0; w < 2; w++) {
		uint64_t diff = back.q[w] ^ n->q[w];

		if (diff)
			return gseu_fail(err, GSEU_E_COMPACT,
					 "bit %u cannot be represented in the compacted form",
					 w * 64 + (unsigned)__builtin_ctzll(diff));
	}
	*out = c;
	return 0;
}
