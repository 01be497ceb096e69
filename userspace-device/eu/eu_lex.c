// SPDX-License-Identifier: MIT
/*
 * Assembler lexing: white space, names, numbers, type suffixes and
 * immediates.  Immediate rules: 965/G35 PRM Vol. 4 Subsystem and Cores
 * (2008), 10.1 "Fundamental Data Types", 10.2 "Numerical Data Types"
 * (16-bit values repeat in both halves, no byte immediates), 4.1 (type
 * suffixes) and IGT intel-gen4asm pitfall 2 ("0x10D" is hex 10D, so a
 * type after hex digits needs ':' unless Mesa's 9-digit "0x3f800000F").
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "eu_lex.h"

int gseu_lx_perr(struct gseu_cur *c, const char *fmt, const char *arg)
{
	struct gseu_error *e = c->err;

	if (e) {
		gseu_fail(e, GSEU_E_SYNTAX, fmt, arg);
		e->col = (unsigned)(c->p - c->start) + 1;
	}
	return -1;
}

void gseu_lx_ws(struct gseu_cur *c)
{
	while (*c->p == ' ' || *c->p == '\t' || *c->p == '\r')
		c->p++;
}

bool gseu_lx_eat(struct gseu_cur *c, char ch)
{
	gseu_lx_ws(c);
	if (*c->p != ch)
		return false;
	c->p++;
	return true;
}

bool gseu_lx_is_ident(char ch)
{
	return isalnum((unsigned char)ch) || ch == '_';
}

/* Read [A-Za-z_][A-Za-z0-9_]* into buf; false if none. */
bool gseu_lx_ident(struct gseu_cur *c, char *buf, size_t size)
{
	size_t n = 0;

	gseu_lx_ws(c);
	if (!isalpha((unsigned char)*c->p) && *c->p != '_')
		return false;
	while (gseu_lx_is_ident(*c->p)) {
		if (n + 1 < size)
			buf[n++] = *c->p;
		c->p++;
	}
	buf[n] = 0;
	return true;
}

/* Read [A-Za-z0-9_]+ (options such as "1Q" start with a digit). */
bool gseu_lx_word(struct gseu_cur *c, char *buf, size_t size)
{
	size_t n = 0;

	gseu_lx_ws(c);
	if (!gseu_lx_is_ident(*c->p))
		return false;
	while (gseu_lx_is_ident(*c->p)) {
		if (n + 1 < size)
			buf[n++] = *c->p;
		c->p++;
	}
	buf[n] = 0;
	return true;
}

bool gseu_lx_peek_word(struct gseu_cur *c, const char *w)
{
	size_t n = strlen(w);

	gseu_lx_ws(c);
	return !strncasecmp(c->p, w, n) && !gseu_lx_is_ident(c->p[n]);
}

bool gseu_lx_eat_word(struct gseu_cur *c, const char *w)
{
	if (!gseu_lx_peek_word(c, w))
		return false;
	c->p += strlen(w);
	return true;
}

/* An unsigned decimal number; false if none. */
bool gseu_lx_udec(struct gseu_cur *c, unsigned long *v)
{
	char *end;

	gseu_lx_ws(c);
	if (!isdigit((unsigned char)*c->p))
		return false;
	errno = 0;
	*v = strtoul(c->p, &end, 10);
	if (errno)
		return false;
	c->p = end;
	return true;
}

/* A signed integer, decimal or 0x hex. */
bool gseu_lx_sint(struct gseu_cur *c, long long *v)
{
	const char *s;
	char *end;
	bool neg = false;

	gseu_lx_ws(c);
	s = c->p;
	if (*s == '-' || *s == '+')
		neg = *s++ == '-';
	if (!isdigit((unsigned char)*s))
		return false;
	errno = 0;
	*v = (long long)strtoull(s, &end, 0);
	if (errno || gseu_lx_is_ident(*end))
		return false;
	if (neg)
		*v = -*v;
	c->p = end;
	return true;
}

/* Longest type name at p; `upper` requires upper case (glued suffix). */
int gseu_lx_type_at(const char *p, bool upper, size_t *len)
{
	int best = -1;
	size_t best_len = 0;

	for (int t = 0; t < GSEU_TYPE_COUNT; t++) {
		const char *n = gseu_type_name(t);
		size_t l = strlen(n);

		if ((upper ? strncmp(p, n, l) : strncasecmp(p, n, l)) ||
		    gseu_lx_is_ident(p[l]) || l <= best_len)
			continue;
		best = t;
		best_len = l;
	}
	*len = best_len;
	return best;
}

/* Optional ":TYPE" or a glued upper-case "TYPE"; -1 if absent. */
int gseu_lx_opt_type(struct gseu_cur *c, bool *bad)
{
	size_t len;
	int t;

	*bad = false;
	if (*c->p == ':') {
		c->p++;
		t = gseu_lx_type_at(c->p, false, &len);
		if (t < 0) {
			*bad = true;
			return -1;
		}
		c->p += len;
		return t;
	}
	t = gseu_lx_type_at(c->p, true, &len);
	if (t >= 0)
		c->p += len;
	return t;
}

bool gseu_lx_starts_number(struct gseu_cur *c)
{
	const char *s;

	gseu_lx_ws(c);
	s = c->p;
	if (*s == '-' || *s == '+')
		s++;
	return isdigit((unsigned char)*s) || (*s == '.' && isdigit((unsigned char)s[1]));
}

/* float -> IEEE half, round to nearest even (for HF immediates). */
uint16_t gseu_lx_to_half(double d)
{
	float f = (float)d;
	uint32_t x;
	uint32_t sign, exp, man;

	memcpy(&x, &f, 4);
	sign = (x >> 16) & 0x8000;
	exp = (x >> 23) & 0xff;
	man = x & 0x7fffff;
	if (exp == 0xff)
		return (uint16_t)(sign | 0x7c00 | (man ? 0x200 : 0));
	if (exp > 142)
		return (uint16_t)(sign | 0x7c00);
	if (exp < 103)
		return (uint16_t)sign;
	if (exp < 113) {
		/* subnormal half */
		unsigned shift = 126 - exp;
		uint32_t m = man | 0x800000;
		uint32_t h = m >> shift, rem = m & ((1u << shift) - 1);
		uint32_t halfway = 1u << (shift - 1);

		if (rem > halfway || (rem == halfway && (h & 1)))
			h++;
		return (uint16_t)(sign | h);
	}
	{
		uint32_t h = ((exp - 112) << 10) | (man >> 13);
		uint32_t rem = man & 0x1fff;

		if (rem > 0x1000 || (rem == 0x1000 && (h & 1)))
			h++;
		return (uint16_t)(sign | h);
	}
}

/*
 * Immediate: number then type.  "0x3f800000F" (Mesa) is hex 3f800000 of
 * type F: with no suffix left and 9 hex digits, the last F/D is the type.
 * "0x10D" with 3 digits stays 0x10D, as in intel-gen4asm (965/G35
 * PRM Vol. 4 Subsystem and Cores (2008), 10.4 "Type Conversion" pitfall
 * 2), and then lacks a type.  ':' always separates.
 */
int gseu_lx_parse_imm(struct gseu_cur *c, struct gseu_reg *r)
{
	char num[80];
	size_t n = 0, digits = 0;
	const char *s = c->p;
	bool hex = false, neg = false, isfloat = false;
	bool bad;
	int t;

	memset(r, 0, sizeof(*r));
	r->file = GSEU_FILE_IMM;
	r->width = 1;
	if (*s == '-' || *s == '+')
		neg = *s++ == '-';
	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		hex = true;
		s += 2;
		while (isxdigit((unsigned char)*s) && n + 1 < sizeof(num)) {
			num[n++] = *s++;
			digits++;
		}
	} else {
		while ((isdigit((unsigned char)*s) || *s == '.' ||
			((*s == 'e' || *s == 'E') && (isdigit((unsigned char)s[1]) ||
			 ((s[1] == '-' || s[1] == '+') && isdigit((unsigned char)s[2]))))) &&
		       n + 2 < sizeof(num)) {
			if (*s == '.' || *s == 'e' || *s == 'E') {
				isfloat = true;
				if (*s != '.') {
					num[n++] = *s++;
					if (*s == '-' || *s == '+')
						num[n++] = *s++;
					continue;
				}
			}
			num[n++] = *s++;
		}
	}
	num[n] = 0;
	if (!n)
		return gseu_lx_perr(c, "%sexpected a number", "");
	c->p = s;
	t = gseu_lx_opt_type(c, &bad);
	if (bad)
		return gseu_lx_perr(c, "%sunknown type", "");
	if (t < 0 && hex && !gseu_lx_is_ident(*c->p)) {
		if (digits == 9 && (num[8] == 'F' || num[8] == 'D' || num[8] == 'f' || num[8] == 'd')) {
			t = (num[8] == 'F' || num[8] == 'f') ? GSEU_TYPE_F : GSEU_TYPE_D;
			num[--n] = 0;
		} else if (digits == 18 && !strcasecmp(num + 16, "DF")) {
			t = GSEU_TYPE_DF;
			n -= 2;
			num[n] = 0;
		}
	}
	if (t < 0)
		return gseu_lx_perr(c, "%san immediate needs a type (write 0x10:D, not 0x10D)", "");
	r->type = (uint8_t)t;

	if (hex) {
		unsigned long long v;

		errno = 0;
		v = strtoull(num, NULL, 16);
		if (errno || n > 16)
			return gseu_lx_perr(c, "%shex immediate too long", "");
		if (neg)
			v = (unsigned long long)-(long long)v;
		switch (t) {
		case GSEU_TYPE_W: case GSEU_TYPE_UW: case GSEU_TYPE_HF:
			/* 8 digits: the raw dword; fewer: a 16-bit value */
			if (digits == 8 && !neg)
				r->imm = v;
			else if (v > 0xffff && !(neg && v >= 0xffffffffffff8000ull))
				return gseu_lx_perr(c, "%s16-bit immediate out of range", "");
			else
				r->imm = (v & 0xffff) * 0x10001u;
			break;
		case GSEU_TYPE_DF: case GSEU_TYPE_UQ: case GSEU_TYPE_Q:
			r->imm = v;
			break;
		default:
			if (v > 0xffffffffull && !(neg && v >= 0xffffffff80000000ull))
				return gseu_lx_perr(c, "%s32-bit immediate out of range", "");
			r->imm = v & 0xffffffffull;
			break;
		}
		return 0;
	}

	if (t == GSEU_TYPE_F || t == GSEU_TYPE_DF || t == GSEU_TYPE_HF || isfloat) {
		double d = strtod(num, NULL);
		float f;
		uint32_t b;

		if (neg)
			d = -d;
		switch (t) {
		case GSEU_TYPE_F:
			f = (float)d;
			memcpy(&b, &f, 4);
			r->imm = b;
			break;
		case GSEU_TYPE_DF:
			memcpy(&r->imm, &d, 8);
			break;
		case GSEU_TYPE_HF:
			r->imm = gseu_lx_to_half(d) * 0x10001u;
			break;
		default:
			return gseu_lx_perr(c, "%sa decimal point needs a float type (F, DF, HF)", "");
		}
		return 0;
	}

	{
		unsigned long long v;
		long long sv;

		errno = 0;
		v = strtoull(num, NULL, 10);
		if (errno)
			return gseu_lx_perr(c, "%sinteger immediate out of range", "");
		/* -2^63 is a :q immediate (IGC writes it); negate in unsigned arithmetic. */
		if (neg && v > 1ull << 63)
			return gseu_lx_perr(c, "%sinteger immediate out of range", "");
		sv = neg ? (long long)(0ull - v) : (long long)v;
		switch (t) {
		case GSEU_TYPE_W: case GSEU_TYPE_UW:
			if (sv < -32768 || sv > 65535)
				return gseu_lx_perr(c, "%s16-bit immediate out of range", "");
			r->imm = ((uint64_t)sv & 0xffff) * 0x10001u;
			break;
		case GSEU_TYPE_Q: case GSEU_TYPE_UQ:
			r->imm = (uint64_t)sv;
			break;
		default:
			if (sv < -2147483648ll || sv > 4294967295ll)
				return gseu_lx_perr(c, "%s32-bit immediate out of range", "");
			r->imm = (uint64_t)sv & 0xffffffffull;
			break;
		}
	}
	return 0;
}
