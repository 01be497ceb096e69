// SPDX-License-Identifier: MIT
/*
 * Whole-program assembler: lines, comments, labels, layout (with optional
 * compaction), branch resolution, encoding.
 *
 * Branch units are Gen8's: signed byte offsets from the branch instruction
 * itself, except jmpi, whose offset counts from the next instruction
 * (965/G35 PRM Vol. 4 Subsystem and Cores (2008), 14.2 "Instruction
 * Description"; Mesa src/intel/compiler/brw_eu_emit.c; Mesa
 * src/intel/compiler/brw_inst.h; IGT intel-gen4asm, where intel-gen4asm's
 * different units are recorded).  Instructions that name a label are never
 * compacted, so a layout computed once is final.  When gensim-as chooses
 * the compaction (--compact), an EOT send starts on a 16-byte boundary, as
 * Mesa keeps it (brw_eu_compact.c: "the end of thread SEND instruction
 * needs to be aligned, or the GPU hangs"); Mesa pads with a compacted nop,
 * which Gen8 does not have ("Intel Graphics Assembler (IGA)": iga64 -p=8
 * neither encodes nor decodes one), so gensim-as leaves the last
 * compacted instruction before it native instead.  A layout the text
 * spells out ({compacted} on each instruction) is kept as written: IGC
 * itself ends kernels with EOT sends at 8-byte boundaries.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "eu_parse.h"

struct asm_insn {
	struct gseu_parsed p;
	unsigned line;
	size_t addr, size;
	bool native;		/* kept native to align a later EOT send */
	bool eot_as_written;	/* an EOT send left where the text's layout puts it */
};

struct asm_label {
	char name[GSEU_LABEL_MAX];
	unsigned index;		/* instruction it precedes */
	unsigned line;
};

struct asm_state {
	struct asm_insn *insns;
	unsigned ninsn, cap;
	struct asm_label *labels;
	unsigned nlabels, lcap;
};

static int line_err(struct gseu_error *err, unsigned line)
{
	if (err)
		err->line = line;
	return -1;
}

static bool grow(void **p, unsigned *cap, unsigned n, size_t elem)
{
	void *q;

	if (n < *cap)
		return true;
	*cap = *cap ? *cap * 2 : 64;
	q = realloc(*p, *cap * elem);
	if (!q)
		return false;
	*p = q;
	return true;
}

static struct asm_label *find_label(struct asm_state *s, const char *name)
{
	for (unsigned k = 0; k < s->nlabels; k++)
		if (!strcmp(s->labels[k].name, name))
			return &s->labels[k];
	return NULL;
}

/* Remove comments: // and # to end of line, and / * ... * / (may span lines). */
static void strip_comments(char *l, bool *in_block)
{
	char *w = l;

	for (char *r = l; *r;) {
		if (*in_block) {
			if (r[0] == '*' && r[1] == '/') {
				*in_block = false;
				r += 2;
			} else {
				r++;
			}
			continue;
		}
		if (r[0] == '/' && r[1] == '*') {
			*in_block = true;
			r += 2;
			continue;
		}
		if ((r[0] == '/' && r[1] == '/') || r[0] == '#')
			break;
		*w++ = *r++;
	}
	*w = 0;
}

static int add_line(struct asm_state *s, char *l, unsigned lineno,
		    struct gseu_error *err)
{
	char *p = l;

	for (;;) {
		char *q;
		size_t n;

		while (isspace((unsigned char)*p))
			p++;
		if (!isalpha((unsigned char)*p) && *p != '_')
			break;
		q = p;
		while (isalnum((unsigned char)*q) || *q == '_')
			q++;
		n = (size_t)(q - p);
		while (*q == ' ' || *q == '\t')
			q++;
		if (*q != ':')
			break;
		if (n >= GSEU_LABEL_MAX) {
			gseu_fail(err, GSEU_E_LABEL, "label too long");
			return line_err(err, lineno);
		}
		if (!grow((void **)&s->labels, &s->lcap, s->nlabels, sizeof(*s->labels)))
			return gseu_fail(err, GSEU_E_NOMEM, "out of memory");
		{
			struct asm_label *lab = &s->labels[s->nlabels];

			memcpy(lab->name, p, n);
			lab->name[n] = 0;
			if (find_label(s, lab->name)) {
				gseu_fail(err, GSEU_E_LABEL, "label '%s' defined twice",
					  lab->name);
				return line_err(err, lineno);
			}
			lab->index = s->ninsn;
			lab->line = lineno;
			s->nlabels++;
		}
		p = q + 1;
	}
	while (isspace((unsigned char)*p))
		p++;
	if (!*p || (*p == ';' && !p[1]))
		return 0;

	if (!grow((void **)&s->insns, &s->cap, s->ninsn, sizeof(*s->insns)))
		return gseu_fail(err, GSEU_E_NOMEM, "out of memory");
	{
		struct asm_insn *ai = &s->insns[s->ninsn];

		memset(ai, 0, sizeof(*ai));
		ai->line = lineno;
		if (gseu_parse_one(p, &ai->p, err)) {
			if (err && err->col)
				err->col += (unsigned)(p - l);
			return line_err(err, lineno);
		}
		s->ninsn++;
	}
	return 0;
}

static bool has_label(const struct asm_insn *ai)
{
	return ai->p.jip_label[0] || ai->p.uip_label[0];
}

/* One pass: each instruction's size and address; 1 if an EOT send is misaligned. */
static int layout_pass(struct asm_state *s, const struct gseu_asm_options *opt,
		       unsigned *eot, struct gseu_error *err)
{
	size_t addr = 0;

	for (unsigned k = 0; k < s->ninsn; k++) {
		struct asm_insn *ai = &s->insns[k];
		struct gseu_insn *i = &ai->p.insn;
		bool want = ai->p.explicit_compact || (opt && opt->compact && !ai->native);

		i->compacted = false;
		ai->size = 16;
		if (want && !has_label(ai)) {
			struct gseu_native n;
			struct gseu_error sub;
			uint64_t c;

			if (gseu_encode_native(i, &n, err))
				return line_err(err, ai->line);
			if (!gseu_compact(&n, &c, &sub)) {
				i->compacted = true;
				ai->size = 8;
			} else if (ai->p.explicit_compact) {
				if (err)
					*err = sub;
				return line_err(err, ai->line);
			}
		} else if (ai->p.explicit_compact) {
			gseu_fail(err, GSEU_E_COMPACT,
				  "an instruction that names a label is not compacted");
			return line_err(err, ai->line);
		}
		ai->addr = addr;
		addr += ai->size;
		if ((ai->addr & 8) && i->form == GSEU_FORM_SEND && i->eot && !ai->eot_as_written) {
			*eot = k;
			return 1;
		}
	}
	return 0;
}

static int layout(struct asm_state *s, const struct gseu_asm_options *opt,
		  struct gseu_error *err)
{
	unsigned eot = 0;
	int r;

	/* Each round makes one more instruction native: sizes only grow. */
	while ((r = layout_pass(s, opt, &eot, err)) == 1) {
		unsigned k = eot;

		while (k && !(s->insns[k - 1].size == 8 && !s->insns[k - 1].p.explicit_compact))
			k--;
		if (!k) {
			/* only the text's own compaction before it: as written */
			s->insns[eot].eot_as_written = true;
			continue;
		}
		s->insns[k - 1].native = true;
	}
	return r;
}

static size_t label_addr(struct asm_state *s, const struct asm_label *l)
{
	size_t end = 0;

	if (l->index < s->ninsn)
		return s->insns[l->index].addr;
	if (s->ninsn)
		end = s->insns[s->ninsn - 1].addr + s->insns[s->ninsn - 1].size;
	return end;
}

static int resolve(struct asm_state *s, struct gseu_error *err)
{
	for (unsigned k = 0; k < s->ninsn; k++) {
		struct asm_insn *ai = &s->insns[k];
		struct gseu_insn *i = &ai->p.insn;
		/* jmpi counts from the next instruction */
		long long base = (long long)ai->addr +
				 (i->form == GSEU_FORM_JMPI ? (long long)ai->size : 0);
		const char *names[2] = { ai->p.jip_label, ai->p.uip_label };
		int32_t *dest[2] = { &i->jip, &i->uip };

		for (unsigned t = 0; t < 2; t++) {
			const struct asm_label *l;

			if (!names[t][0])
				continue;
			l = find_label(s, names[t]);
			if (!l) {
				gseu_fail(err, GSEU_E_LABEL, "unknown label '%s'", names[t]);
				return line_err(err, ai->line);
			}
			*dest[t] = (int32_t)((long long)label_addr(s, l) - base);
		}
		if ((i->form == GSEU_FORM_JMPI || i->form == GSEU_FORM_CALL) &&
		    i->src[1].file == GSEU_FILE_IMM)
			i->src[1].imm = (uint32_t)i->jip;
	}
	return 0;
}

int gseu_assemble(const char *text, const struct gseu_asm_options *opt,
		  struct gseu_asm_result *res, struct gseu_error *err)
{
	struct asm_state s = { 0 };
	bool in_block = false;
	unsigned lineno = 0;
	const char *p = text;
	char *buf = NULL;
	size_t bufcap = 0, size;
	int ret = -1;

	memset(res, 0, sizeof(*res));
	if (err)
		*err = (struct gseu_error){ 0 };
	while (*p) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);

		lineno++;
		if (n + 1 > bufcap) {
			char *q = realloc(buf, n + 1);

			if (!q) {
				gseu_fail(err, GSEU_E_NOMEM, "out of memory");
				goto out;
			}
			buf = q;
			bufcap = n + 1;
		}
		memcpy(buf, p, n);
		buf[n] = 0;
		strip_comments(buf, &in_block);
		if (add_line(&s, buf, lineno, err))
			goto out;
		p += n + (nl ? 1 : 0);
	}
	if (layout(&s, opt, err) || resolve(&s, err))
		goto out;

	size = s.ninsn ? s.insns[s.ninsn - 1].addr + s.insns[s.ninsn - 1].size : 0;
	res->code = calloc(1, size ? size : 1);
	if (!res->code) {
		gseu_fail(err, GSEU_E_NOMEM, "out of memory");
		goto out;
	}
	for (unsigned k = 0; k < s.ninsn; k++) {
		struct asm_insn *ai = &s.insns[k];

		if (!gseu_encode(&ai->p.insn, res->code + ai->addr, err)) {
			line_err(err, ai->line);
			free(res->code);
			res->code = NULL;
			goto out;
		}
		res->ninsn++;
	}
	res->size = size;
	ret = 0;
out:
	free(buf);
	free(s.insns);
	free(s.labels);
	return ret;
}

void gseu_asm_free(struct gseu_asm_result *res)
{
	free(res->code);
	memset(res, 0, sizeof(*res));
}
