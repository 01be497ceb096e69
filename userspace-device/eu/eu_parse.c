// SPDX-License-Identifier: MIT
/*
 * Assembler front end: one line of text -> struct gseu_insn.
 *
 * Reads what eu_print.c writes (Mesa-like syntax) and the common
 * intel-gen4asm spellings: "mov (8)" with a space, ':' before types,
 * "<8;8,1>" or "<8,8,1>", options in braces, a trailing ';', a math
 * function after the operands, the generic send form "ex_desc desc".
 * Syntax and semantics of the fields: 965/G35 PRM Vol. 4 Subsystem and
 * Cores (2008), 11.3.6 "Region Parameters", 11.3.7 "Region Addressing
 * Modes", 11.3.8 "Access Modes"; PRM Vol. 6 3D-Media-GPGPU
 * (Broxton 2017), "Register Region Restrictions" (operand syntax,
 * regions, access modes), 5.2-5.5 (predication, condition modifiers,
 * controls), 6.4 (send); IGT intel-gen4asm.
 *
 * Subregister numbers are in elements of the operand's type (Mesa/PRM);
 * intel-gen4asm reads bytes there.  The chapter eu-isa.rst has the rules.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "eu_lex.h"
#include "eu_syntax.h"

static int parse_pred(struct gseu_cur *c, struct gseu_insn *i, char *mode)
{
	unsigned long f, s;

	mode[0] = 0;
	gseu_lx_ws(c);
	if (*c->p != '(')
		return 0;
	c->p++;
	gseu_lx_ws(c);
	if (*c->p == '-') {
		i->pred_inv = true;
		c->p++;
	} else if (*c->p == '+') {
		c->p++;
	}
	gseu_lx_ws(c);
	if (*c->p != 'f' || !isdigit((unsigned char)c->p[1]))
		return gseu_lx_perr(c, "%sexpected a flag register in the predicate", "");
	c->p++;
	if (!gseu_lx_udec(c, &f) || *c->p != '.' || (c->p++, !gseu_lx_udec(c, &s)) || f > 1 || s > 1)
		return gseu_lx_perr(c, "%sthe predicate flag is f0.0, f0.1, f1.0 or f1.1", "");
	i->flag_nr = (uint8_t)f;
	i->flag_subnr = (uint8_t)s;
	i->pred = GSEU_PRED_NORMAL;
	if (*c->p == '.') {
		c->p++;
		if (!gseu_lx_ident(c, mode, 16))
			return gseu_lx_perr(c, "%sexpected a predicate mode", "");
	}
	if (!gseu_lx_eat(c, ')'))
		return gseu_lx_perr(c, "%sexpected ')' closing the predicate", "");
	return 0;
}

static bool set_pred_mode(struct gseu_insn *i, const char *mode)
{
	if (!mode[0])
		return true;
	for (unsigned p = 2; p < 16; p++) {
		const char *n = gseu_pred_name(i->access, p);

		if (n && !strcasecmp(n, mode)) {
			i->pred = (uint8_t)p;
			return true;
		}
	}
	return false;
}

static int cmod_from_name(const char *w)
{
	static const struct { const char *n; uint8_t v; } alias[] = {
		{ "e", GSEU_CMOD_Z }, { "ne", GSEU_CMOD_NZ },
	};
	for (unsigned v = 1; v < 16; v++) {
		const char *n = gseu_cmod_name(v);

		if (n && !strcasecmp(n, w))
			return (int)v;
	}
	for (size_t k = 0; k < sizeof(alias) / sizeof(alias[0]); k++)
		if (!strcasecmp(alias[k].n, w))
			return alias[k].v;
	return -1;
}

static int math_from_name(const char *w)
{
	for (unsigned v = 1; v < 16; v++) {
		const char *n = gseu_math_name(v);

		if (n && !strcasecmp(n, w))
			return (int)v;
	}
	return -1;
}

static int sfid_from_name(const char *w)
{
	if (!strcasecmp(w, "thread_spawner"))
		return GSEU_SFID_TS;
	for (unsigned v = 0; v < 16; v++) {
		const char *n = gseu_sfid_name(v);

		if (n && !strcasecmp(n, w))
			return (int)v;
	}
	return -1;
}

/* mnemonic[.sat][.cmod[.fN.M]] */
static int parse_opcode(struct gseu_cur *c, struct gseu_insn *i,
			const struct gseu_opinfo **infop)
{
	char w[24];
	const struct gseu_opinfo *info;

	if (!gseu_lx_ident(c, w, sizeof(w)))
		return gseu_lx_perr(c, "%sexpected an instruction mnemonic", "");
	info = gseu_opinfo_by_name(w);
	if (!info) {
		c->p -= strlen(w);
		return gseu_lx_perr(c, "unknown mnemonic '%s'", w);
	}
	*infop = info;
	i->opcode = info->opcode;
	i->op = info->op;
	i->form = info->form;
	i->nsrc = info->nsrc;
	while (*c->p == '.') {
		c->p++;
		if (!gseu_lx_ident(c, w, sizeof(w)))
			return gseu_lx_perr(c, "%sexpected a modifier after '.'", "");
		if (!strcasecmp(w, "sat")) {
			i->saturate = true;
		} else if ((w[0] == 'f' || w[0] == 'F') && (w[1] == '0' || w[1] == '1') &&
			   !w[2] && *c->p == '.') {
			unsigned long s;

			c->p++;
			if (!gseu_lx_udec(c, &s) || s > 1)
				return gseu_lx_perr(c, "%sflag subregister is .0 or .1", "");
			i->flag_nr = (uint8_t)(w[1] - '0');
			i->flag_subnr = (uint8_t)s;
		} else {
			int m = cmod_from_name(w);

			if (m < 0)
				return gseu_lx_perr(c, "unknown modifier '.%s'", w);
			i->cmod = (uint8_t)m;
		}
	}
	return 0;
}

static int parse_options(struct gseu_cur *c, struct gseu_parsed *out)
{
	struct gseu_insn *i = &out->insn;
	char w[24];

	if (!gseu_lx_eat(c, '{'))
		return 0;
	for (;;) {
		bool found = false;

		gseu_lx_ws(c);
		if (gseu_lx_eat(c, '}'))
			return 0;
		if (gseu_lx_eat(c, ','))
			continue;
		if (!gseu_lx_word(c, w, sizeof(w)))
			return gseu_lx_perr(c, "%sexpected an option or '}'", "");
		for (unsigned o = 0; o < GSEU_OPT_COUNT && !found; o++) {
			const struct gseu_optdesc *d = &gseu_opts[o];

			found = !strcasecmp(d->name, w);
			for (unsigned a = 0; a < 3 && d->alias[a] && !found; a++)
				found = !strcasecmp(d->alias[a], w);
			if (found) {
				gseu_opt_set(i, o);
				if (o == GSEU_OPT_COMPACTED)
					out->explicit_compact = true;
			}
		}
		if (found)
			continue;
		if (gseu_chan_parse(i, w))
			continue;
		/* intel-gen4asm spellings with no Gen8 bit: compr is implied
		 * by the execution size; sechalf is 2Q/2H. */
		if (!strcasecmp(w, "compr"))
			continue;
		if (!strcasecmp(w, "sechalf")) {
			if (!gseu_chan_parse(i, i->exec_size == 16 ? "2H" : "2Q"))
				return gseu_lx_perr(c, "%ssechalf needs SIMD8 or SIMD16", "");
			continue;
		}
		c->p -= strlen(w);
		return gseu_lx_perr(c, "unknown option '%s'", w);
	}
}

static int parse_send(struct gseu_cur *c, struct gseu_insn *i)
{
	char w[24];
	long long v;

	/* ex_desc: an SFID name, or the number SFID | EOT << 5 */
	gseu_lx_ws(c);
	if (gseu_lx_sint(c, &v)) {
		if (v < 0 || v > 0x3f || (v & 0x10))
			return gseu_lx_perr(c, "%sextended descriptor is SFID (bits 3:0) | EOT (bit 5)", "");
		i->sfid = (uint8_t)(v & 0xf);
		i->eot = (v >> 5) & 1;
	} else if (gseu_lx_ident(c, w, sizeof(w))) {
		int s = sfid_from_name(w);

		if (s < 0)
			return gseu_lx_perr(c, "unknown shared function '%s'", w);
		i->sfid = (uint8_t)s;
	} else {
		return gseu_lx_perr(c, "%sexpected the SFID (a name or a number)", "");
	}
	/* descriptor: an immediate (type UD unless given) or a0.0 */
	gseu_lx_ws(c);
	if (gseu_lx_starts_number(c)) {
		struct gseu_reg *d = &i->src[1];
		const char *end = c->p + strspn(c->p, "+-0123456789abcdefABCDEFxX");

		if (!*end || *end == ' ' || *end == '\t' || *end == '{' || *end == ';') {
			/* a bare number, as intel-gen4asm allows: UD */
			char *e;
			unsigned long long u = strtoull(c->p, &e, 0);

			if (e != end)
				return gseu_lx_perr(c, "%sbad descriptor number", "");
			memset(d, 0, sizeof(*d));
			d->file = GSEU_FILE_IMM;
			d->type = GSEU_TYPE_UD;
			d->width = 1;
			d->imm = u;
			c->p = end;
		} else if (gseu_lx_parse_imm(c, d)) {
			return -1;
		}
		if (d->type != GSEU_TYPE_UD && d->type != GSEU_TYPE_D)
			return gseu_lx_perr(c, "%sa send descriptor is UD or D", "");
		if (d->imm >> 29)
			return gseu_lx_perr(c, "%sthe descriptor has 29 bits (EOT goes in the options)", "");
		return 0;
	}
	return gseu_lx_parse_src(c, i, &i->src[1], true);
}

static int parse_operands(struct gseu_cur *c, struct gseu_parsed *out,
			  const struct gseu_opinfo *info)
{
	struct gseu_insn *i = &out->insn;
	char w[24];
	int32_t val;

	switch (info->form) {
	case GSEU_FORM_ALU1:
		if (info->flags & GSEU_F_ONE_OPERAND) {
			/* "wait n0.0" (intel-gen4asm): dst = src0 = n0.0:D */
			const char *save = c->p;
			struct gseu_reg r = { 0 };
			long sub;

			if (gseu_lx_regname(c, &r, &sub))
				return -1;
			gseu_lx_ws(c);
			if (!*c->p || *c->p == '{' || *c->p == ';') {
				r.type = GSEU_TYPE_D;
				r.width = 1;
				r.swizzle = 0xe4;
				if (gseu_lx_apply_subreg(c, &r, sub))
					return -1;
				i->src[0] = r;
				i->dst = r;
				i->dst.hstride = 1;
				return 0;
			}
			c->p = save;
		}
		return gseu_lx_parse_dst(c, i, &i->dst) || gseu_lx_parse_src(c, i, &i->src[0], false);
	case GSEU_FORM_ALU2:
	case GSEU_FORM_MATH:
		if (gseu_lx_parse_dst(c, i, &i->dst) || gseu_lx_parse_src(c, i, &i->src[0], false))
			return -1;
		gseu_lx_ws(c);
		if (info->form == GSEU_FORM_MATH &&
		    (!*c->p || *c->p == '{' || *c->p == ';')) {
			/* one-source function written without src1: null */
			i->src[1] = (struct gseu_reg){ .file = GSEU_FILE_ARF,
						       .type = i->src[0].type,
						       .vstride = 8, .width = 8,
						       .hstride = 1, .swizzle = 0xe4 };
			if (i->access == GSEU_ALIGN16)
				i->src[1].vstride = 4;
			return 0;
		}
		if (gseu_lx_parse_src(c, i, &i->src[1], info->form == GSEU_FORM_MATH))
			return -1;
		if (info->form == GSEU_FORM_MATH) {
			const char *save = c->p;

			/* intel-gen4asm puts the function last */
			if (gseu_lx_ident(c, w, sizeof(w))) {
				int m = math_from_name(w);

				if (m < 0) {
					c->p = save;
					return gseu_lx_perr(c, "unknown math function '%s'", w);
				}
				i->math_fn = (uint8_t)m;
				i->nsrc = (uint8_t)gseu_math_nsrc(i->math_fn);
			}
		}
		return 0;
	case GSEU_FORM_ALU3:
		return gseu_lx_parse_3src(c, i, &i->dst, true) ||
		       gseu_lx_parse_3src(c, i, &i->src[0], false) ||
		       gseu_lx_parse_3src(c, i, &i->src[1], false) ||
		       gseu_lx_parse_3src(c, i, &i->src[2], false);
	case GSEU_FORM_SEND:
		if (gseu_lx_parse_dst(c, i, &i->dst) || gseu_lx_parse_src(c, i, &i->src[0], true))
			return -1;
		return parse_send(c, i);
	case GSEU_FORM_BRANCH1:
	case GSEU_FORM_BRANCH2:
		if (gseu_lx_target(c, "JIP", &i->jip, out->jip_label))
			return -1;
		if (info->form == GSEU_FORM_BRANCH2 && gseu_lx_at_target(c, "UIP")) {
			if (gseu_lx_target(c, "UIP", &i->uip, out->uip_label))
				return -1;
			out->uip_given = true;
		}
		if (info->form == GSEU_FORM_BRANCH2 && !out->uip_given) {
			/* one target given: it is both (else -> endif) */
			i->uip = i->jip;
			strcpy(out->uip_label, out->jip_label);
		}
		return 0;
	case GSEU_FORM_CALL:
		if (gseu_lx_parse_dst(c, i, &i->dst))
			return -1;
		/* fall through */
	case GSEU_FORM_JMPI:
		if (gseu_lx_at_target(c, "JIP")) {
			struct gseu_reg *r = &i->src[1];

			if (gseu_lx_target(c, "JIP", &val, out->jip_label))
				return -1;
			memset(r, 0, sizeof(*r));
			r->file = GSEU_FILE_IMM;
			r->type = GSEU_TYPE_D;
			r->width = 1;
			if (*c->p == ':') {
				bool bad;
				int t = gseu_lx_opt_type(c, &bad);

				if (t != GSEU_TYPE_D && t != GSEU_TYPE_UD)
					return gseu_lx_perr(c, "%sa jump distance is D or UD", "");
				r->type = (uint8_t)t;
			}
			i->jip = val;
			r->imm = (uint32_t)val;
			return 0;
		}
		return gseu_lx_parse_src(c, i, &i->src[1], false);
	case GSEU_FORM_RET:
		return gseu_lx_parse_src(c, i, &i->src[0], false);
	case GSEU_FORM_NOP:
		return 0;
	}
	return gseu_lx_perr(c, "%sinternal: unknown form", "");
}

/* Fill the fields a form keeps but the text does not show. */
static void canonical_fill(struct gseu_insn *i)
{
	struct gseu_native m;

	switch (i->form) {
	case GSEU_FORM_BRANCH1:
	case GSEU_FORM_BRANCH2:
	case GSEU_FORM_JMPI:
	case GSEU_FORM_CALL:
	case GSEU_FORM_RET:
		break;
	case GSEU_FORM_ALU1:
		/*
		 * Mesa and intel-gen4asm copy an immediate's type into the
		 * (unused) src1 type field with file ARF; do the same so the
		 * bits match theirs.
		 */
		if (i->src[0].file == GSEU_FILE_IMM &&
		    gseu_type_size(i->src[0].type) != 8) {
			int hw = gseu_type_to_hw(GSEU_FILE_IMM, i->src[0].type);

			i->ignored[1] = (uint64_t)hw << (gseu_fields[GF_SRC1_TYPE].lo - 64);
		}
		return;
	default:
		return;
	}
	/*
	 * Structured branches (Mesa, IGC): dst null:D with stride 1, src0 an
	 * immediate D (bits under JIP/UIP).  Branches with JIP only: src1 is
	 * the immediate D instead (IGC: "JIP is at location src1").
	 * jmpi: dst and src0 are ip:UD.  ret: dst null:UD.  call: src0
	 * <2;2,1> (IGC).
	 */
	memset(i->ignored, 0, sizeof(i->ignored));
	{
		struct gseu_native n = { { 0, 0 } };

		switch (i->form) {
		case GSEU_FORM_BRANCH2:
			fset(&n, GF_DST_TYPE, 1);
			fset(&n, GF_DST_HSTRIDE, 1);
			fset(&n, GF_SRC0_FILE, GSEU_FILE_IMM);
			fset(&n, GF_SRC0_TYPE, 1);
			break;
		case GSEU_FORM_BRANCH1:
			fset(&n, GF_DST_TYPE, 1);
			fset(&n, GF_DST_HSTRIDE, 1);
			fset(&n, GF_SRC0_TYPE, 1);
			fset(&n, GF_SRC1_FILE, GSEU_FILE_IMM);
			fset(&n, GF_SRC1_TYPE, 1);
			break;
		case GSEU_FORM_JMPI:
			fset(&n, GF_DST_REG, GSEU_ARF_IP);
			fset(&n, GF_DST_HSTRIDE, 1);
			fset(&n, GF_SRC0_REG, GSEU_ARF_IP);
			break;
		case GSEU_FORM_CALL:
			fset(&n, GF_SRC0_VSTRIDE, 2);
			fset(&n, GF_SRC0_WIDTH, 1);
			fset(&n, GF_SRC0_HSTRIDE, 1);
			break;
		case GSEU_FORM_RET:
			fset(&n, GF_DST_HSTRIDE, 1);
			break;
		default:
			break;
		}
		gseu_ignored_mask(i, &m);
		i->ignored[0] = n.q[0] & m.q[0];
		i->ignored[1] = n.q[1] & m.q[1];
	}
}

int gseu_parse_one(const char *text, struct gseu_parsed *out,
		   struct gseu_error *err)
{
	struct gseu_cur c = { text, text, err };
	struct gseu_insn *i = &out->insn;
	const struct gseu_opinfo *info = NULL;
	char mode[16];
	unsigned long e;
	const char *opts;

	memset(out, 0, sizeof(*out));
	if (err)
		*err = (struct gseu_error){ 0 };
	if (parse_pred(&c, i, mode) || parse_opcode(&c, i, &info))
		return -1;

	/* math function before the execution size (Mesa: "math inv(8)") */
	gseu_lx_ws(&c);
	if (info->form == GSEU_FORM_MATH && isalpha((unsigned char)*c.p)) {
		char w[24];

		gseu_lx_ident(&c, w, sizeof(w));
		if (math_from_name(w) < 0)
			return gseu_lx_perr(&c, "unknown math function '%s'", w);
		i->math_fn = (uint8_t)math_from_name(w);
		i->nsrc = (uint8_t)gseu_math_nsrc(i->math_fn);	/* as the decoder sets it */
	}
	if (gseu_lx_eat(&c, '(')) {
		if (!gseu_lx_udec(&c, &e) || !gseu_lx_eat(&c, ')'))
			return gseu_lx_perr(&c, "%sexpected (execution size)", "");
		if (gseu_log2_exec((unsigned)e) < 0 || e > 32)
			return gseu_lx_perr(&c, "%sexecution size must be 1, 2, 4, 8, 16 or 32", "");
		i->exec_size = (uint8_t)e;
	} else if (info->form == GSEU_FORM_NOP || info->form == GSEU_FORM_JMPI ||
		   (info->flags & GSEU_F_ONE_OPERAND)) {
		i->exec_size = 1;
	} else {
		return gseu_lx_perr(&c, "%sexpected (execution size)", "");
	}

	/* The options decide the access mode, which the operand syntax
	 * needs: look ahead for "{ ... }" first. */
	opts = strchr(c.p, '{');
	if (opts) {
		struct gseu_cur oc = { text, opts, err };
		struct gseu_parsed tmp = *out;

		if (parse_options(&oc, &tmp))
			return -1;
		i->access = tmp.insn.access;
	}
	if (info->form == GSEU_FORM_ALU3 && !(opts && strstr(opts, "align1")))
		i->access = GSEU_ALIGN16;
	if (!set_pred_mode(i, mode))
		return gseu_lx_perr(&c, "unknown predicate mode '.%s'", mode);

	if (parse_operands(&c, out, info))
		return -1;
	gseu_lx_ws(&c);
	if (*c.p == '{' && parse_options(&c, out))
		return -1;
	gseu_lx_ws(&c);
	if (*c.p == ';')
		c.p++;
	gseu_lx_ws(&c);
	/* a trailing comment, as the disassembler writes after a send */
	if (*c.p && !(c.p[0] == '/' && c.p[1] == '/') && c.p[0] != '#')
		return gseu_lx_perr(&c, "unexpected text '%s'", c.p);

	/* A flag only named by an unconditional, unpredicated instruction
	 * goes nowhere: the encoder would reject it, say it here. */
	canonical_fill(i);
	return 0;
}

int gseu_parse_insn(const char *line, struct gseu_insn *insn,
		    struct gseu_error *err)
{
	struct gseu_parsed p;
	struct gseu_native n;

	if (gseu_parse_one(line, &p, err))
		return -1;
	if (p.jip_label[0] || p.uip_label[0])
		return gseu_fail(err, GSEU_E_LABEL,
				 "label '%s' needs the whole-program assembler",
				 p.jip_label[0] ? p.jip_label : p.uip_label);
	*insn = p.insn;
	/* Validate now so a bad line fails here, not at encode time. */
	if (gseu_encode_native(insn, &n, err))
		return -1;
	return 0;
}
