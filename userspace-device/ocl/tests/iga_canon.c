// SPDX-License-Identifier: MIT
/*
 * Canonical instruction fields from gensim's decoder and from IGA's text
 * (iga_canon.h).  IGA's Gen8 syntax as iga64 1.1.0 prints it ("Intel
 * Graphics Assembler (IGA)", its Gen8 syntax: "(W&~f0.1) op.sub (16|M8)
 * (lt)f0.1 dst src0 src1 {Opts}", subregisters in elements of the
 * operand's type, "<0;0>"/"<2;1>" three-source regions, ".mmeN"/".nomme"
 * math-macro operands, ".b" for BranchCtrl).
 */
#include <ctype.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "iga_canon.h"

const char *const canon_field_name[CF_COUNT] = {
	"opcode", "exec size", "channel offset", "NoMask", "predicate", "condition modifier",
	"saturate", "dst", "src0", "src1", "src2", "JIP", "UIP", "ex_desc", "desc", "options",
};

/* An operand before it is spelled. */
struct opnd {
	bool imm;
	char name[12];		/* r null a acc f cr sr n ip tm ce sp msg dbg tdr */
	int num;		/* -1: the name has no number */
	unsigned int sub;	/* bytes */
	bool indirect;
	unsigned int a0sub;
	int aimm;
	char region[24];
	char extra[12];		/* ".mme1", ".nomme", a swizzle or write mask */
	char type[4];
	bool neg, abs, sat;
	uint64_t immv;
};

static unsigned int type_size(const char *t)
{
	static const struct { const char *n; unsigned int s; } tab[] = {
		{ "ud", 4 }, { "d", 4 }, { "uw", 2 }, { "w", 2 }, { "ub", 1 }, { "b", 1 },
		{ "df", 8 }, { "f", 4 }, { "uq", 8 }, { "q", 8 }, { "hf", 2 }, { "v", 4 },
		{ "uv", 4 }, { "vf", 4 },
	};

	for (unsigned int i = 0; i < sizeof(tab) / sizeof(tab[0]); i++)
		if (!strcmp(tab[i].n, t))
			return tab[i].s;
	return 0;
}

static uint64_t imm_mask(const char *t)
{
	unsigned int s = type_size(t);

	if (!strcmp(t, "v") || !strcmp(t, "uv") || !strcmp(t, "vf"))
		s = 4;
	return s >= 8 ? ~0ull : (1ull << (8 * s)) - 1;
}

static void fmt_opnd(const struct opnd *o, char *buf, size_t len)
{
	char reg[64], num[12] = "";

	if (o->imm) {
		snprintf(buf, len, "imm:%s:%#" PRIx64, o->type, o->immv & imm_mask(o->type));
		return;
	}
	if (o->num >= 0)
		snprintf(num, sizeof(num), "%d", o->num);
	if (o->indirect)
		snprintf(reg, sizeof(reg), "r[a0.%u,%d]", o->a0sub, o->aimm);
	else if (!strcmp(o->name, "null"))
		snprintf(reg, sizeof(reg), "null");
	else if (!strncmp(o->extra, ".mme", 4) || !strcmp(o->extra, ".nomme"))
		snprintf(reg, sizeof(reg), "%s%s", o->name, num);	/* no subregister */
	else
		snprintf(reg, sizeof(reg), "%s%s+%u", o->name, num, o->sub);
	snprintf(buf, len, "%s%s%s%s%s%s:%s", o->sat ? "(sat)" : "", o->neg ? "-" : "",
		 o->abs ? "(abs)" : "", reg, o->region, o->extra, o->type);
}

/* ---- gensim's side ----------------------------------------------------- */

static const char *lower_type(unsigned int t)
{
	static char b[8][4];
	static unsigned int k;
	const char *n = gseu_type_name(t);
	char *o = b[k++ % 8];

	for (unsigned int i = 0; i < 3 && n[i]; i++)
		o[i] = (char)tolower((unsigned char)n[i]), o[i + 1] = 0;
	return o;
}

static void arf_name(unsigned int nr, struct opnd *o)
{
	static const struct { unsigned int cls; const char *n; bool numbered; } tab[] = {
		{ 0x00, "null", false }, { 0x10, "a", true }, { 0x20, "acc", true },
		{ 0x30, "f", true }, { 0x40, "ce", true }, { 0x50, "msg", true },
		{ 0x60, "sp", false }, { 0x70, "sr", true }, { 0x80, "cr", true },
		{ 0x90, "n", true }, { 0xa0, "ip", false }, { 0xb0, "tdr", true },
		{ 0xc0, "tm", true }, { 0xd0, "fc", true }, { 0xf0, "dbg", true },
	};

	for (unsigned int i = 0; i < sizeof(tab) / sizeof(tab[0]); i++)
		if (tab[i].cls == (nr & 0xf0)) {
			snprintf(o->name, sizeof(o->name), "%s", tab[i].n);
			o->num = tab[i].numbered ? (int)(nr & 0xf) : -1;
			return;
		}
	snprintf(o->name, sizeof(o->name), "arf%02x", nr);
	o->num = -1;
}

static void mme_name(unsigned int code, char *buf, size_t len)
{
	if (code < 8)
		snprintf(buf, len, ".mme%u", code);
	else
		snprintf(buf, len, code == 8 ? ".nomme" : ".mme?%u", code);
}

static bool is_mme(const struct gseu_insn *i)
{
	const struct gseu_opinfo *o = gseu_opinfo_by_op(i->op);

	return (o && !strcmp(o->name, "madm")) ||
	       (i->form == GSEU_FORM_MATH && (i->math_fn == GSEU_MATH_INVM ||
					       i->math_fn == GSEU_MATH_RSQRTM));
}

static void g_reg(const struct gseu_insn *i, const struct gseu_reg *r, bool dst, struct opnd *o)
{
	memset(o, 0, sizeof(*o));
	snprintf(o->type, sizeof(o->type), "%s", lower_type(r->type));
	if (r->file == GSEU_FILE_IMM) {
		o->imm = true;
		o->immv = r->imm;
		return;
	}
	if (r->file == GSEU_FILE_GRF) {
		snprintf(o->name, sizeof(o->name), "r");
		o->num = r->nr;
	} else {
		arf_name(r->nr, o);
	}
	o->sub = r->subnr;
	o->indirect = r->indirect;
	o->a0sub = r->addr_subnr;
	o->aimm = r->addr_imm;
	o->neg = r->negate;
	o->abs = r->abs;
	if (is_mme(i)) {
		mme_name(dst ? r->writemask : (unsigned int)(r->swizzle & 0xf), o->extra,
			 sizeof(o->extra));
		return;
	}
	if (i->form == GSEU_FORM_ALU3) {
		if (dst) {
			snprintf(o->region, sizeof(o->region), "<1>");
			if (r->writemask != 0xf)
				snprintf(o->extra, sizeof(o->extra), ".wm%x", r->writemask);
		} else {
			/* IGA spells src0/src1 "<2;1>" ("<0;0>" replicated), src2
			 * "<1>" ("<0>") */
			if (r == &i->src[2])
				snprintf(o->region, sizeof(o->region), r->rep_ctrl ? "<0>" : "<1>");
			else
				snprintf(o->region, sizeof(o->region), r->rep_ctrl ? "<0;0>" :
					 "<2;1>");
			if (r->swizzle != 0xe4 && !r->rep_ctrl)
				snprintf(o->extra, sizeof(o->extra), ".swz%02x", r->swizzle);
		}
		return;
	}
	if (dst)
		snprintf(o->region, sizeof(o->region), "<%u>", r->hstride);
	else if (r->vstride == GSEU_VSTRIDE_VXH)
		snprintf(o->region, sizeof(o->region), "<%u,%u>", r->width, r->hstride);
	else
		snprintf(o->region, sizeof(o->region), "<%u;%u,%u>", r->vstride, r->width,
			 r->hstride);
	if (i->access == GSEU_ALIGN16)
		snprintf(o->extra, sizeof(o->extra), dst ? ".wm%x" : ".swz%02x",
			 dst ? r->writemask : r->swizzle);
}

static const char *const cmod_names[16] = {
	[1] = "eq", [2] = "ne", [3] = "gt", [4] = "ge", [5] = "lt", [6] = "le", [7] = "eo",
	[8] = "ov", [9] = "un",
};

static const char *pred_mode(unsigned int access, unsigned int pred)
{
	static const char *const a1[14] = { "", "", ".anyv", ".allv", ".any2h", ".all2h",
					     ".any4h", ".all4h", ".any8h", ".all8h", ".any16h",
					     ".all16h", ".any32h", ".all32h" };
	static const char *const a16[8] = { "", "", ".x", ".y", ".z", ".w", ".any4h",
					    ".all4h" };

	if (access == GSEU_ALIGN16)
		return pred < 8 ? a16[pred] : ".?";
	return pred < 14 ? a1[pred] : ".?";
}

static const char *math_name(unsigned int fn)
{
	static const char *const n[16] = { [1] = "inv", [2] = "log", [3] = "exp", [4] = "sqt",
					   [5] = "rsqt", [6] = "sin", [7] = "cos", [9] = "fdiv",
					   [10] = "pow", [11] = "idiv", [12] = "iqot",
					   [13] = "irem", [14] = "invm", [15] = "rsqtm" };

	return fn < 16 && n[fn] ? n[fn] : "?";
}

/* Options in a fixed order, comma-separated. */
static void add_opt(char *buf, size_t len, const char *o)
{
	size_t n = strlen(buf);

	snprintf(buf + n, len - n, "%s%s", n ? "," : "", o);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Options in alphabetical order: the two sides list them differently. */
static void sort_opts(char *opts, size_t len)
{
	char buf[192], *v[16], *save = NULL;
	unsigned int n = 0;

	snprintf(buf, sizeof(buf), "%s", opts);
	for (char *o = strtok_r(buf, ",", &save); o && n < 16; o = strtok_r(NULL, ",", &save))
		v[n++] = o;
	qsort(v, n, sizeof(v[0]), cmp_str);
	opts[0] = 0;
	for (unsigned int k = 0; k < n; k++)
		add_opt(opts, len, v[k]);
}

void canon_from_insn(const struct gseu_insn *i, unsigned int pc, struct canon *c)
{
	const struct gseu_opinfo *info = gseu_opinfo_by_op(i->op);
	const char *name = info ? info->name : "?";
	bool branch = i->form == GSEU_FORM_BRANCH1 || i->form == GSEU_FORM_BRANCH2;
	bool brctrl = !strcmp(name, "if") || !strcmp(name, "else") || !strcmp(name, "goto");
	struct opnd o;

	memset(c, 0, sizeof(*c));
	c->pc = pc;
	if (i->form == GSEU_FORM_MATH)
		snprintf(c->f[CF_OP], sizeof(c->f[0]), "math.%s", math_name(i->math_fn));
	else
		snprintf(c->f[CF_OP], sizeof(c->f[0]), "%s", name);
	/* IGA shows no execution size on wait, nop and jmpi */
	if (i->op != GSEU_OP_WAIT && i->op != GSEU_OP_NOP && i->op != GSEU_OP_JMPI) {
		snprintf(c->f[CF_ES], sizeof(c->f[0]), "%u", i->exec_size);
		snprintf(c->f[CF_EO], sizeof(c->f[0]), "M%u", i->qtr_ctrl * 8u + i->nib_ctrl * 4u);
	}
	snprintf(c->f[CF_NOMASK], sizeof(c->f[0]), "%s", i->mask_ctrl ? "W" : "");
	if (i->pred)
		snprintf(c->f[CF_PRED], sizeof(c->f[0]), "%sf%u.%u%s", i->pred_inv ? "~" : "",
			 i->flag_nr, i->flag_subnr, pred_mode(i->access, i->pred));
	if (i->form == GSEU_FORM_MATH && is_mme(i))	/* the macros' early-out flag */
		snprintf(c->f[CF_CMOD], sizeof(c->f[0]), "eo f%u.%u", i->flag_nr,
			 i->flag_subnr);
	else if (i->cmod && (i->form == GSEU_FORM_ALU1 || i->form == GSEU_FORM_ALU2 ||
			     i->form == GSEU_FORM_ALU3))
		snprintf(c->f[CF_CMOD], sizeof(c->f[0]), "%s f%u.%u",
			 cmod_names[i->cmod & 15] ? cmod_names[i->cmod & 15] : "?", i->flag_nr,
			 i->flag_subnr);
	snprintf(c->f[CF_SAT], sizeof(c->f[0]), "%s", i->saturate ? "sat" : "");

	switch (i->form) {
	case GSEU_FORM_ALU1:
		if (i->op == GSEU_OP_WAIT) {
			g_reg(i, &i->src[0], false, &o);
			fmt_opnd(&o, c->f[CF_SRC0], sizeof(c->f[0]));
			break;
		}
		/* fall through */
	case GSEU_FORM_ALU2:
	case GSEU_FORM_ALU3:
	case GSEU_FORM_MATH:
		g_reg(i, &i->dst, true, &o);
		fmt_opnd(&o, c->f[CF_DST], sizeof(c->f[0]));
		for (unsigned int s = 0; s < i->nsrc && s < 3; s++) {
			g_reg(i, &i->src[s], false, &o);
			fmt_opnd(&o, c->f[CF_SRC0 + s], sizeof(c->f[0]));
		}
		break;
	case GSEU_FORM_SEND:
		g_reg(i, &i->dst, true, &o);
		o.region[0] = 0;
		fmt_opnd(&o, c->f[CF_DST], sizeof(c->f[0]));
		g_reg(i, &i->src[0], false, &o);
		o.region[0] = 0;
		fmt_opnd(&o, c->f[CF_SRC0], sizeof(c->f[0]));
		snprintf(c->f[CF_EXDESC], sizeof(c->f[0]), "%#x", i->sfid | (i->eot ? 0x20 : 0));
		if (i->src[1].file == GSEU_FILE_IMM) {
			snprintf(c->f[CF_DESC], sizeof(c->f[0]), "%#" PRIx64, i->src[1].imm);
		} else {
			g_reg(i, &i->src[1], false, &o);
			o.region[0] = 0;
			snprintf(o.type, sizeof(o.type), "ud");
			fmt_opnd(&o, c->f[CF_DESC], sizeof(c->f[0]));
		}
		break;
	case GSEU_FORM_BRANCH2:
		snprintf(c->f[CF_UIP], sizeof(c->f[0]), "%d", i->uip);
		/* fall through */
	case GSEU_FORM_BRANCH1:
		snprintf(c->f[CF_JIP], sizeof(c->f[0]), "%d", i->jip);
		break;
	case GSEU_FORM_JMPI:
	case GSEU_FORM_CALL:
		if (i->form == GSEU_FORM_CALL) {
			g_reg(i, &i->dst, true, &o);
			fmt_opnd(&o, c->f[CF_DST], sizeof(c->f[0]));
		}
		if (i->src[1].file == GSEU_FILE_IMM) {
			/* IGA counts from the instruction, Gen8's jmpi from the next one */
			snprintf(c->f[CF_JIP], sizeof(c->f[0]), "%d",
				 i->jip + (i->form == GSEU_FORM_JMPI ? (i->compacted ? 8 : 16) : 0));
		} else {
			g_reg(i, &i->src[1], false, &o);
			fmt_opnd(&o, c->f[CF_SRC0], sizeof(c->f[0]));
		}
		break;
	case GSEU_FORM_RET:
		g_reg(i, &i->src[0], false, &o);
		fmt_opnd(&o, c->f[CF_SRC0], sizeof(c->f[0]));
		break;
	case GSEU_FORM_NOP:
		break;
	}

	if (i->compacted)
		add_opt(c->f[CF_OPTS], sizeof(c->f[0]), "Compacted");
	if (i->thread_ctrl == GSEU_THREAD_SWITCH)
		add_opt(c->f[CF_OPTS], sizeof(c->f[0]), "Switch");
	if (i->thread_ctrl == GSEU_THREAD_ATOMIC)
		add_opt(c->f[CF_OPTS], sizeof(c->f[0]), "Atomic");
	if (i->acc_wr_en && brctrl)
		add_opt(c->f[CF_OPTS], sizeof(c->f[0]), "BranchCtrl");
	else if (i->acc_wr_en && !branch)
		add_opt(c->f[CF_OPTS], sizeof(c->f[0]), "AccWrEn");
	if (i->no_dd_clr)
		add_opt(c->f[CF_OPTS], sizeof(c->f[0]), "NoDDClr");
	if (i->no_dd_chk)
		add_opt(c->f[CF_OPTS], sizeof(c->f[0]), "NoDDChk");
	if (i->eot)
		add_opt(c->f[CF_OPTS], sizeof(c->f[0]), "EOT");
	if (i->debug_ctrl)
		add_opt(c->f[CF_OPTS], sizeof(c->f[0]), "Breakpoint");
	sort_opts(c->f[CF_OPTS], sizeof(c->f[0]));
}

/* ---- IGA's side --------------------------------------------------------- */

static int bad(char *why, size_t len, const char *what, const char *tok)
{
	snprintf(why, len, "%s \"%s\"", what, tok);
	return -1;
}

/* "0x1F", "-3", "16": a number; false if @s is not all number. */
static bool number(const char *s, int64_t *v)
{
	char *end;

	if (!*s)
		return false;
	if (!strncmp(s, "0x", 2) || !strncmp(s, "0X", 2))
		*v = (int64_t)strtoull(s, &end, 16);
	else
		*v = strtoll(s, &end, 10);
	return !*end;
}

/* One operand token of IGA's: "(sat)-(abs)r5.4<0;1,0>:d", "0x4C0:uw", "r[a0.1,16]<8;8,1>:d". */
static int iga_opnd(const char *tok, bool dst, struct opnd *o, char *why, size_t len)
{
	char buf[96], *p = buf, *colon, *lt, *dot;
	int64_t v;

	memset(o, 0, sizeof(*o));
	snprintf(buf, sizeof(buf), "%s", tok);
	if (!strncmp(p, "(sat)", 5)) {
		o->sat = true;
		p += 5;
	}
	if (*p == '-' && !isdigit((unsigned char)p[1])) {
		o->neg = true;
		p++;
	}
	if (*p == '~') {
		o->neg = true;
		p++;
	}
	if (!strncmp(p, "(abs)", 5)) {
		o->abs = true;
		p += 5;
	}
	colon = strrchr(p, ':');
	if (colon) {
		*colon = 0;
		snprintf(o->type, sizeof(o->type), "%s", colon + 1);
	}
	if (isdigit((unsigned char)*p) || *p == '-') {
		if (!number(p, &v))
			return bad(why, len, "an immediate", tok);
		o->imm = true;
		o->immv = (uint64_t)v;
		return 0;
	}
	lt = strchr(p, '<');
	if (lt) {
		char *gt = strchr(lt, '>');

		if (!gt)
			return bad(why, len, "a region", tok);
		if (gt[1]) {	/* a swizzle after the region */
			snprintf(o->extra, sizeof(o->extra), "%s", gt + 1);
			gt[1] = 0;
		}
		snprintf(o->region, sizeof(o->region), "%s", lt);
		*lt = 0;
	}
	if (!strncmp(p, "r[", 2)) {	/* r[a0.N,IMM] or r[a0.N] */
		int n = 0;

		o->indirect = true;
		if (sscanf(p, "r[a0.%u,%d]%n", &o->a0sub, &o->aimm, &n) < 2) {
			o->aimm = 0;
			if (sscanf(p, "r[a0.%u]%n", &o->a0sub, &n) < 1)
				return bad(why, len, "an indirect operand", tok);
		}
		snprintf(o->name, sizeof(o->name), "r");
		return 0;
	}
	dot = strchr(p, '.');
	if (dot) {
		*dot = 0;
		if (!strncmp(dot + 1, "mme", 3) || !strcmp(dot + 1, "nomme")) {
			snprintf(o->extra, sizeof(o->extra), ".%s", dot + 1);
		} else {
			if (!number(dot + 1, &v))
				return bad(why, len, "a subregister", tok);
			o->sub = (unsigned int)v * type_size(o->type[0] ? o->type : "ud");
		}
	}
	{
		size_t n = strcspn(p, "0123456789");

		if (n >= sizeof(o->name))
			return bad(why, len, "a register", tok);
		memcpy(o->name, p, n);
		o->name[n] = 0;
		o->num = p[n] ? atoi(p + n) : -1;
	}
	if (!o->type[0])	/* IGA leaves :ud off send operands */
		snprintf(o->type, sizeof(o->type), "ud");
	(void)dst;
	return 0;
}

static bool branch_op(const char *op)
{
	static const char *const b[] = { "if", "else", "endif", "while", "break", "cont", "halt",
					 "goto", "join", "jmpi", "call", "brd", "brc" };

	for (unsigned int i = 0; i < sizeof(b) / sizeof(b[0]); i++)
		if (!strcmp(op, b[i]))
			return true;
	return false;
}

int canon_from_iga(const char *line, struct canon *c, char *why, size_t len)
{
	char buf[512], *tok[16], *save = NULL, *p, *brace, *cm;
	unsigned int n = 0, t = 0, pc;
	bool sendop, brctrl = false;
	struct opnd o;

	memset(c, 0, sizeof(*c));
	if (sscanf(line, " /* [%x] */%n", &pc, (int *)&n) < 1 || !n)
		return 0;
	snprintf(buf, sizeof(buf), "%s", line + n);
	cm = strstr(buf, "//");
	if (cm)
		*cm = 0;
	brace = strchr(buf, '{');
	if (brace) {
		char *end = strchr(brace, '}'), *o, *s2 = NULL;

		if (end)
			*end = 0;
		for (o = strtok_r(brace + 1, ", ", &s2); o; o = strtok_r(NULL, ", ", &s2))
			add_opt(c->f[CF_OPTS], sizeof(c->f[0]), !strcmp(o, "AccWrEn") ? "AccWrEn" : o);
		*brace = 0;
	}
	for (p = strtok_r(buf, " \t\r\n", &save); p && n < 16; p = strtok_r(NULL, " \t\r\n", &save))
		tok[t++] = p;
	n = t;
	t = 0;
	c->pc = pc;
	if (!n)
		return bad(why, len, "an empty instruction", line);
	/* predicate */
	if (tok[t][0] == '(' && strcmp(tok[t], "(sat)")) {
		char pr[40], *q = pr;

		snprintf(pr, sizeof(pr), "%.*s", (int)strlen(tok[t]) - 2, tok[t] + 1);
		if (*q == 'W') {
			snprintf(c->f[CF_NOMASK], sizeof(c->f[0]), "W");
			q++;
			if (*q == '&')
				q++;
		}
		if (*q)
			snprintf(c->f[CF_PRED], sizeof(c->f[0]), "%s", q);
		t++;
	}
	if (t >= n)
		return bad(why, len, "no opcode in", line);
	/* opcode[.sub] */
	snprintf(c->f[CF_OP], sizeof(c->f[0]), "%s", tok[t]);
	{
		char *dot = strchr(c->f[CF_OP], '.');

		if (dot && !strncmp(c->f[CF_OP], "math", 4)) {
			/* math.fn stays */
		} else if (dot && !strcmp(dot, ".b")) {
			*dot = 0;
			brctrl = true;
		} else if (dot) {
			return bad(why, len, "an opcode", tok[t]);
		}
	}
	t++;
	if (t < n && tok[t][0] == '(' && strchr(tok[t], '|')) {
		unsigned int es, eo;

		if (sscanf(tok[t], "(%u|M%u)", &es, &eo) != 2)
			return bad(why, len, "an execution size", tok[t]);
		snprintf(c->f[CF_ES], sizeof(c->f[0]), "%u", es);
		snprintf(c->f[CF_EO], sizeof(c->f[0]), "M%u", eo);
		t++;
	}
	if (t < n && tok[t][0] == '(' && strncmp(tok[t], "(sat)", 5) && strncmp(tok[t], "(abs)", 5)) {
		char *close = strchr(tok[t], ')');

		if (!close)
			return bad(why, len, "a condition modifier", tok[t]);
		*close = 0;
		snprintf(c->f[CF_CMOD], sizeof(c->f[0]), "%s %s", tok[t] + 1, close + 1);
		t++;
	}
	if (brctrl)
		add_opt(c->f[CF_OPTS], sizeof(c->f[0]), "BranchCtrl");
	sort_opts(c->f[CF_OPTS], sizeof(c->f[0]));
	sendop = !strcmp(c->f[CF_OP], "send") || !strcmp(c->f[CF_OP], "sendc");
	if (branch_op(c->f[CF_OP])) {
		for (unsigned int k = 0; t < n && k < 2; t++, k++) {
			int64_t v;

			if (!number(tok[t], &v)) {
				if (iga_opnd(tok[t], false, &o, why, len))
					return -1;
				fmt_opnd(&o, c->f[CF_SRC0], sizeof(c->f[0]));
				continue;
			}
			snprintf(c->f[k ? CF_UIP : CF_JIP], sizeof(c->f[0]), "%" PRId64, v);
		}
	} else if (sendop) {
		int64_t v;

		if (n - t != 4)
			return bad(why, len, "a send of other than 4 operands:", line);
		if (iga_opnd(tok[t], true, &o, why, len))
			return -1;
		fmt_opnd(&o, c->f[CF_DST], sizeof(c->f[0]));
		if (iga_opnd(tok[t + 1], false, &o, why, len))
			return -1;
		fmt_opnd(&o, c->f[CF_SRC0], sizeof(c->f[0]));
		if (!number(tok[t + 2], &v))
			return bad(why, len, "an ex_desc", tok[t + 2]);
		snprintf(c->f[CF_EXDESC], sizeof(c->f[0]), "%#" PRIx64, (uint64_t)v);
		if (number(tok[t + 3], &v)) {
			snprintf(c->f[CF_DESC], sizeof(c->f[0]), "%#" PRIx64, (uint64_t)v);
		} else {
			if (iga_opnd(tok[t + 3], false, &o, why, len))
				return -1;
			o.region[0] = 0;
			fmt_opnd(&o, c->f[CF_DESC], sizeof(c->f[0]));
		}
	} else if (!strcmp(c->f[CF_OP], "wait")) {
		if (t >= n || iga_opnd(tok[t], false, &o, why, len))
			return bad(why, len, "a wait operand in", line);
		fmt_opnd(&o, c->f[CF_SRC0], sizeof(c->f[0]));
	} else {
		for (unsigned int k = 0; t < n; t++, k++) {
			if (k > 3)
				return bad(why, len, "more than 4 operands in", line);
			if (iga_opnd(tok[t], k == 0, &o, why, len))
				return -1;
			if (k == 0 && o.sat) {
				snprintf(c->f[CF_SAT], sizeof(c->f[0]), "sat");
				o.sat = false;
			}
			fmt_opnd(&o, c->f[CF_DST + k], sizeof(c->f[0]));
		}
	}
	return 1;
}

int canon_diff(const struct canon *a, const struct canon *b)
{
	for (int f = 0; f < CF_COUNT; f++)
		if (strcmp(a->f[f], b->f[f]))
			return f;
	return -1;
}

void canon_format(const struct canon *c, char *buf, size_t len)
{
	size_t n = 0;

	buf[0] = 0;
	for (int f = 0; f < CF_COUNT && n < len; f++)
		if (c->f[f][0])
			n += (size_t)snprintf(buf + n, len - n, "%s%s=%s", n ? " " : "",
					      canon_field_name[f], c->f[f]);
}
