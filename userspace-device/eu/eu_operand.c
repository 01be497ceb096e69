// SPDX-License-Identifier: MIT
/*
 * Assembler operands: register names (GRF g/r, the Gen8 ARF names of
 * eu_tables.c), subregisters in elements of the type, register-indirect
 * g[a0.N,imm], regions <v,w,h> / <w,h> (Vx1, VxH) / Align16 <v,4,1> with
 * swizzles and write masks, three-source operands, jump targets.
 * 965/G35 PRM Vol. 4 Subsystem and Cores (2008), 11.3.6 "Region
 * Parameters", 11.3.7 "Region Addressing Modes", 11.3.8 "Access Modes";
 * PRM Vol. 6 3D-Media-GPGPU (Broxton 2017), "Register Region
 * Restrictions" gives the syntax and its meaning.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "eu_lex.h"
#include "eu_syntax.h"

/* ARF names accepted on input; printed names come from eu_tables.c. */
bool gseu_lx_arf_name(struct gseu_cur *c, uint8_t *nr)
{
	static const struct { const char *name; uint8_t nr; } alias[] = {
		{ "mask0", 0x40 }, { "ce0", 0x40 }, { "tdr", 0xb0 },
		{ "tm", 0xc0 }, { "dbg", 0xf0 },
	};
	char w[16];
	const char *save = c->p;

	if (!gseu_lx_ident(c, w, sizeof(w)))
		return false;
	for (size_t k = 0; k < sizeof(alias) / sizeof(alias[0]); k++)
		if (!strcasecmp(w, alias[k].name)) {
			*nr = alias[k].nr;
			return true;
		}
	for (unsigned cls = 0; cls < 16; cls++) {
		unsigned count;
		const char *n = gseu_arf_class_name(cls << 4, &count);
		size_t l = n ? strlen(n) : 0;

		if (!n || strncasecmp(w, n, l))
			continue;
		if (!count && !w[l]) {
			*nr = (uint8_t)(cls << 4);
			return true;
		}
		if (count && isdigit((unsigned char)w[l])) {
			char *end;
			unsigned long k = strtoul(w + l, &end, 10);

			if (!*end && k < 16) {
				*nr = (uint8_t)(cls << 4 | k);
				return true;
			}
		}
	}
	c->p = save;
	return false;
}

/* g12 / r12 */
bool gseu_lx_grf_name(struct gseu_cur *c, uint8_t *nr, bool *bad)
{
	const char *s;
	char *end;
	unsigned long v;

	gseu_lx_ws(c);
	s = c->p;
	*bad = false;
	if ((*s != 'g' && *s != 'r') || !isdigit((unsigned char)s[1]))
		return false;
	v = strtoul(s + 1, &end, 10);
	if (gseu_lx_is_ident(*end))
		return false;
	if (v > 255) {
		*bad = true;
		return false;
	}
	*nr = (uint8_t)v;
	c->p = end;
	return true;
}

/* g[a0.N] / g[a0.N,imm] / g[a0.N + imm]; a0 index in words. */
int gseu_lx_indirect(struct gseu_cur *c, struct gseu_reg *r)
{
	unsigned long sub;
	long long imm = 0;

	if (!gseu_lx_eat(c, '[') || !gseu_lx_eat_word(c, "a0") || !gseu_lx_eat(c, '.') || !gseu_lx_udec(c, &sub))
		return gseu_lx_perr(c, "%sexpected [a0.N] after g for an indirect operand", "");
	if (gseu_lx_eat(c, ',') || gseu_lx_eat(c, '+')) {
		if (!gseu_lx_sint(c, &imm))
			return gseu_lx_perr(c, "%sexpected the address immediate", "");
	} else if (*c->p == '-') {
		if (!gseu_lx_sint(c, &imm))
			return gseu_lx_perr(c, "%sexpected the address immediate", "");
	}
	if (!gseu_lx_eat(c, ']'))
		return gseu_lx_perr(c, "%sexpected ']'", "");
	if (sub > 15 || imm < -512 || imm > 511)
		return gseu_lx_perr(c, "%sindirect address a0.N,imm out of range (N<16, -512..511)", "");
	r->indirect = true;
	r->file = GSEU_FILE_GRF;
	r->addr_subnr = (uint8_t)sub;
	r->addr_imm = (int16_t)imm;
	return 0;
}

/* Register name, subregister (elements, applied once the type is known). */
int gseu_lx_regname(struct gseu_cur *c, struct gseu_reg *r, long *sub_elems)
{
	bool bad;
	unsigned long s;

	*sub_elems = 0;
	gseu_lx_ws(c);
	if ((c->p[0] == 'g' || c->p[0] == 'r') && c->p[1] == '[') {
		c->p++;
		return gseu_lx_indirect(c, r);
	}
	if (gseu_lx_grf_name(c, &r->nr, &bad)) {
		r->file = GSEU_FILE_GRF;
	} else if (bad) {
		return gseu_lx_perr(c, "%sGRF number above 255", "");
	} else if (gseu_lx_arf_name(c, &r->nr)) {
		r->file = GSEU_FILE_ARF;
	} else {
		return gseu_lx_perr(c, "%sexpected a register", "");
	}
	if (*c->p == '.' && isdigit((unsigned char)c->p[1])) {
		c->p++;
		if (!gseu_lx_udec(c, &s) || s > 31)
			return gseu_lx_perr(c, "%sbad subregister number", "");
		*sub_elems = (long)s;
	}
	return 0;
}

int gseu_lx_letters(struct gseu_cur *c, bool mask, uint8_t *out)
{
	unsigned n = 0, v = 0, last = 0;
	const char *s = c->p;

	if (mask && !strncmp(s, "none", 4) && !islower((unsigned char)s[4])) {
		c->p += 4;
		*out = 0;
		return 0;
	}
	while (n < 4 && (*s == 'x' || *s == 'y' || *s == 'z' || *s == 'w')) {
		unsigned k = (unsigned)(strchr(gseu_swz_letter, *s) - gseu_swz_letter);

		if (mask) {
			if (n && k <= last)
				return gseu_lx_perr(c, "%swrite mask letters must be in xyzw order", "");
			v |= 1u << k;
		} else {
			v |= k << (2 * n);
		}
		last = k;
		n++;
		s++;
	}
	if (!n)
		return gseu_lx_perr(c, "%sexpected swizzle or write mask letters", "");
	if (!mask) {
		/* .x means .xxxx; .xy means .xyyy (the last letter repeats) */
		for (unsigned k = n; k < 4; k++)
			v |= last << (2 * k);
	}
	c->p = s;
	*out = (uint8_t)v;
	return 0;
}

int gseu_lx_apply_subreg(struct gseu_cur *c, struct gseu_reg *r, long sub)
{
	unsigned size = gseu_type_size(r->type);

	if (r->indirect || !sub)
		return 0;
	if ((unsigned long)sub * size > 31)
		return gseu_lx_perr(c, "%ssubregister past the end of the register", "");
	r->subnr = (uint8_t)(sub * (long)size);
	return 0;
}

/*
 * ".mme0".".mme7", ".nomme" (after the '.'): a math-macro operand's
 * accumulator selection (gseu_math_macro()), the code 0..8 in the write
 * mask or swizzle field.  False, consuming nothing, if it is not one.
 */
static bool parse_mme(struct gseu_cur *c, const struct gseu_insn *i, uint8_t *out)
{
	if (!gseu_math_macro(i))
		return false;
	/* the type may follow at once ("g22<1>.mme0DF"): it is upper case */
	if (!strncmp(c->p, "nomme", 5) && !islower((unsigned char)c->p[5])) {
		c->p += 5;
		*out = 8;
		return true;
	}
	if (!strncmp(c->p, "mme", 3) && c->p[3] >= '0' && c->p[3] <= '7' &&
	    (!isalnum((unsigned char)c->p[4]) || isupper((unsigned char)c->p[4]))) {
		*out = (uint8_t)(c->p[3] - '0');
		c->p += 4;
		return true;
	}
	return false;
}

/* Destination: reg[.sub]<hs>[.mask][:]TYPE */
int gseu_lx_parse_dst(struct gseu_cur *c, struct gseu_insn *i, struct gseu_reg *r)
{
	unsigned long hs = 1;
	long sub;
	bool bad;
	int t;

	memset(r, 0, sizeof(*r));
	r->writemask = 0xf;
	if (gseu_lx_regname(c, r, &sub))
		return -1;
	if (gseu_lx_eat(c, '<')) {
		if (!gseu_lx_udec(c, &hs) || !gseu_lx_eat(c, '>'))
			return gseu_lx_perr(c, "%sexpected <stride> after the destination", "");
	}
	r->hstride = (uint8_t)hs;
	if (*c->p == '.' && isalpha((unsigned char)c->p[1])) {
		c->p++;
		if (!parse_mme(c, i, &r->writemask) && gseu_lx_letters(c, true, &r->writemask))
			return -1;
	}
	t = gseu_lx_opt_type(c, &bad);
	if (bad)
		return gseu_lx_perr(c, "%sunknown type", "");
	if (t < 0) {
		if (r->file != GSEU_FILE_ARF)
			return gseu_lx_perr(c, "%sthe destination needs a type", "");
		t = GSEU_TYPE_UD;
	}
	r->type = (uint8_t)t;
	if (i->access != GSEU_ALIGN16) {
		if (r->writemask != 0xf)
			return gseu_lx_perr(c, "%sa write mask needs {align16}", "");
		r->writemask = 0;
	}
	return gseu_lx_apply_subreg(c, r, sub);
}

/*
 * Source: [-][(abs)] reg[.sub][<region>][.swizzle][:]TYPE  or an immediate.
 * A missing region means a scalar <0,1,0> (Align1) or <4,4,1> (Align16).
 */
int gseu_lx_parse_src(struct gseu_cur *c, struct gseu_insn *i, struct gseu_reg *r,
		     bool default_ud)
{
	bool neg = false, abs = false, bad;
	long sub;
	int t;

	gseu_lx_ws(c);
	if (*c->p == '-' && !isdigit((unsigned char)c->p[1])) {
		neg = true;
		c->p++;
	}
	if (gseu_lx_eat(c, '(')) {
		if (!gseu_lx_eat_word(c, "abs") || !gseu_lx_eat(c, ')'))
			return gseu_lx_perr(c, "%sexpected (abs)", "");
		abs = true;
	}
	if (!neg && !abs && gseu_lx_starts_number(c))
		return gseu_lx_parse_imm(c, r);

	memset(r, 0, sizeof(*r));
	r->negate = neg;
	r->abs = abs;
	if (gseu_lx_regname(c, r, &sub))
		return -1;
	if (i->access == GSEU_ALIGN16) {
		r->vstride = 4;
		r->width = 4;
		r->hstride = 1;
		r->swizzle = 0xe4;
	} else {
		r->vstride = 0;
		r->width = 1;
		r->hstride = 0;
		r->swizzle = 0xe4;
	}
	if (gseu_lx_eat(c, '<')) {
		unsigned long a, b = 0, h = 0;
		int nvals = 1;

		if (!gseu_lx_udec(c, &a))
			return gseu_lx_perr(c, "%sexpected a region", "");
		if (gseu_lx_eat(c, ';') || gseu_lx_eat(c, ',')) {
			if (!gseu_lx_udec(c, &b))
				return gseu_lx_perr(c, "%sexpected a region", "");
			nvals = 2;
			if (gseu_lx_eat(c, ',')) {
				if (!gseu_lx_udec(c, &h))
					return gseu_lx_perr(c, "%sexpected a region", "");
				nvals = 3;
			}
		}
		if (!gseu_lx_eat(c, '>'))
			return gseu_lx_perr(c, "%sexpected '>' closing the region", "");
		if (i->access == GSEU_ALIGN16) {
			/* <vs,4,1>, <vs>, or the scalar <0,1,0> */
			bool scalar = nvals == 3 && a == 0 && b == 1 && h == 0;

			if (nvals == 2 || (nvals == 3 && !scalar && (b != 4 || h != 1)))
				return gseu_lx_perr(c, "%san Align16 region is <vstride,4,1>", "");
			r->vstride = (uint8_t)(a > 255 ? 255 : a);
		} else if (nvals == 3) {
			r->vstride = (uint8_t)(a > 255 ? 255 : a);
			r->width = (uint8_t)(b > 255 ? 255 : b);
			r->hstride = (uint8_t)(h > 255 ? 255 : h);
			if (r->vstride == GSEU_VSTRIDE_VXH)
				return gseu_lx_perr(c, "%sbad vertical stride", "");
		} else if (nvals == 2 && r->indirect) {
			/*
			 * <width,hstride>: Vx1 or VxH rows (965/G35 PRM Vol. 4
			 * Subsystem and Cores (2008), 11.3.7 "Region Addressing
			 * Modes"; PRM Vol. 6 3D-Media-GPGPU (Broxton 2017),
			 * "Regioning Rules for Register Indirect Addressing")
			 */
			r->vstride = GSEU_VSTRIDE_VXH;
			r->width = (uint8_t)(a > 255 ? 255 : a);
			r->hstride = (uint8_t)(b > 255 ? 255 : b);
		} else {
			return gseu_lx_perr(c, "%sa source region is <vstride,width,hstride>", "");
		}
	}
	if (*c->p == '.' && isalpha((unsigned char)c->p[1]) && islower((unsigned char)c->p[1])) {
		c->p++;
		if (i->access != GSEU_ALIGN16)
			return gseu_lx_perr(c, "%sa swizzle needs {align16}", "");
		if (!parse_mme(c, i, &r->swizzle) && gseu_lx_letters(c, false, &r->swizzle))
			return -1;
	}
	t = gseu_lx_opt_type(c, &bad);
	if (bad)
		return gseu_lx_perr(c, "%sunknown type", "");
	if (t < 0) {
		if (r->file != GSEU_FILE_ARF && !default_ud)
			return gseu_lx_perr(c, "%sthe source needs a type", "");
		t = GSEU_TYPE_UD;
	}
	r->type = (uint8_t)t;
	return gseu_lx_apply_subreg(c, r, sub);
}

/* Three-source operands: GRF only; <0,1,0> means RepCtrl. */
int gseu_lx_parse_3src(struct gseu_cur *c, struct gseu_insn *i, struct gseu_reg *r,
		      bool dst)
{
	if (dst ? gseu_lx_parse_dst(c, i, r) : gseu_lx_parse_src(c, i, r, false))
		return -1;
	if (r->file != GSEU_FILE_GRF || r->indirect)
		return gseu_lx_perr(c, "%sthree-source operands are direct GRF registers", "");
	if (!dst) {
		if (r->vstride == 0) {
			r->rep_ctrl = true;
			r->width = 1;
			r->hstride = 0;
		} else if (r->vstride != 4) {
			return gseu_lx_perr(c, "%sa three-source region is <4,4,1> or <0,1,0>", "");
		}
	}
	return 0;
}

bool gseu_lx_at_keyword(struct gseu_cur *c, const char *kw)
{
	size_t n = strlen(kw);

	gseu_lx_ws(c);
	return !strncasecmp(c->p, kw, n) && !gseu_lx_is_ident(c->p[n]);
}

/* "[JIP:] number|label"; a label is any name that is not a register. */
int gseu_lx_target(struct gseu_cur *c, const char *kw, int32_t *val, char *label)
{
	long long v;

	if (kw && gseu_lx_at_keyword(c, kw)) {
		c->p += strlen(kw);
		gseu_lx_ws(c);
		if (*c->p == ':')
			c->p++;
	}
	label[0] = 0;
	if (gseu_lx_sint(c, &v)) {
		if (v < INT32_MIN || v > INT32_MAX)
			return gseu_lx_perr(c, "%sjump distance out of range", "");
		*val = (int32_t)v;
		return 0;
	}
	if (!gseu_lx_ident(c, label, GSEU_LABEL_MAX))
		return gseu_lx_perr(c, "%sexpected a jump distance or a label", "");
	*val = 0;
	return 0;
}

/* Is a jump target next (keyword, number or label), not a register? */
bool gseu_lx_at_target(struct gseu_cur *c, const char *kw)
{
	const char *save;
	uint8_t nr;
	bool bad, reg;

	if (gseu_lx_at_keyword(c, kw) || gseu_lx_starts_number(c))
		return true;
	if (!isalpha((unsigned char)*c->p) && *c->p != '_')
		return false;
	save = c->p;
	reg = ((c->p[0] == 'g' || c->p[0] == 'r') && c->p[1] == '[') ||
	      gseu_lx_grf_name(c, &nr, &bad) || bad || gseu_lx_arf_name(c, &nr);
	c->p = save;
	return !reg;
}
