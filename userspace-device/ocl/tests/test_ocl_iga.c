// SPDX-License-Identifier: MIT
/*
 * Intel's IGA (iga64 -p=8) is the reference for gensim's ISA layer: every
 * kernel of the OpenCL corpus, compiled now by IGC in every variant, is
 * disassembled by gensim-dis and by iga64, and the two must agree field by
 * field (iga_canon.h: opcode, execution size and offset, NoMask,
 * predicate, condition modifier and flag, saturation, every operand's
 * register, subregister, region, modifiers and type, immediates, branch
 * offsets, send descriptors, options) - no mismatch allowed.
 *
 * Then the assembler, both ways:
 *   - gensim-dis's text through gensim-as gives the same instructions
 *     (decoded and compared as above, with IGC's compaction kept);
 *   - gensim-as --compact output of the same program, with labels for the
 *     branches, is accepted by iga64 and decodes to the same fields as
 *     IGC's binary (instruction by instruction, branch targets as
 *     instructions, compaction and addresses aside).
 * intel-gen4asm stays the differential reference of test_eu_gen4asm for
 * the encodings it gets right.  Without ocloc or iga64 the test skips,
 * naming what is missing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <gensim/ocl.h>

#include "corpus.h"
#include "gseu/eu.h"
#include "iga_canon.h"
#include "tap.h"

#ifndef OCL_CORPUS
#define OCL_CORPUS "ocl/corpus"
#endif
#ifndef OCL_BINDIR
#define OCL_BINDIR "."
#endif

#define MAX_INSNS	32768
#define SHOW		12	/* mismatches printed in full */

static struct corpus corpus;
static char tmp[300];

struct prog {
	unsigned int n;
	struct canon c[MAX_INSNS];
	char text[MAX_INSNS][200];	/* the line each came from */
	unsigned int size[MAX_INSNS];
};

static struct prog gen, dis, iga, iga2;
static unsigned long compared, kernels, mismatches, printed;

/* Run @cmd; its output (stdout + stderr) malloc'd into *@out. */
static int run(const char *cmd, char **out)
{
	FILE *p = popen(cmd, "r");
	size_t cap = 65536, n = 0, got;
	char *buf = malloc(cap);

	CHECK(p && buf);
	while ((got = fread(buf + n, 1, cap - n - 1, p)) > 0) {
		n += got;
		if (cap - n < 2) {
			buf = realloc(buf, cap *= 2);
			CHECK(buf);
		}
	}
	buf[n] = 0;
	*out = buf;
	return pclose(p);
}

static void write_file(const char *path, const void *data, size_t size)
{
	FILE *f = fopen(path, "wb");

	CHECK_MSG(f && fwrite(data, 1, size, f) == size, "%s: cannot write", path);
	fclose(f);
}

/* iga64's reading of @path into @p; every line it cannot read is an error. */
static void iga_read(const char *path, struct prog *p, const char *what)
{
	char cmd[700], *out, *save = NULL, why[200];
	int st;

	snprintf(cmd, sizeof(cmd), "iga64 -p=8 -d -n -Xprint-pc -Xprint-hex-floats '%s' 2>&1",
		 path);
	st = run(cmd, &out);
	p->n = 0;
	for (char *l = strtok_r(out, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
		int r;

		CHECK_MSG(!strstr(l, "error") && !strstr(l, "warning"), "%s: iga64: %s", what, l);
		CHECK(p->n < MAX_INSNS);
		r = canon_from_iga(l, &p->c[p->n], why, sizeof(why));
		CHECK_MSG(r >= 0, "%s: cannot read iga64's line \"%s\": %s", what, l, why);
		if (r) {
			snprintf(p->text[p->n], sizeof(p->text[0]), "%s", l);
			p->n++;
		}
	}
	free(out);
	CHECK_MSG(!st, "%s: iga64 failed", what);
}

/* gensim's decoder over @isa. */
static void gensim_read(const uint8_t *isa, size_t size, struct prog *p, const char *what)
{
	struct gseu_insn in;
	struct gseu_error err;

	p->n = 0;
	for (size_t off = 0; off < size;) {
		size_t n = gseu_decode_all(isa, size, off, &in, &err);

		CHECK_MSG(n, "%s: gensim cannot decode offset %#zx: %s", what, off, err.msg);
		CHECK(p->n < MAX_INSNS);
		canon_from_insn(&in, (unsigned int)off, &p->c[p->n]);
		gseu_print_insn(&in, p->text[p->n], sizeof(p->text[0]));
		p->size[p->n] = (unsigned int)n;
		p->n++;
		off += n;
	}
}

/* gensim-dis's text of @path, each line read back by the assembler's parser. */
static void dis_read(const char *path, const struct prog *pcs, struct prog *p, char **text,
		     const char *what)
{
	char cmd[700], *out, *copy, *save = NULL;
	struct gseu_error err;
	struct gseu_insn in;

	snprintf(cmd, sizeof(cmd), "'%s/gensim-dis' '%s'", OCL_BINDIR, path);
	CHECK_MSG(!run(cmd, &out), "%s: gensim-dis failed:\n%.400s", what, out);
	copy = strdup(out);
	CHECK(copy);
	p->n = 0;
	for (char *l = strtok_r(copy, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
		CHECK_MSG(p->n < pcs->n, "%s: gensim-dis printed more lines than instructions",
			  what);
		CHECK_MSG(!gseu_parse_insn(l, &in, &err), "%s: gensim-dis line \"%s\" does not "
			  "parse: %s", what, l, err.msg);
		canon_from_insn(&in, pcs->c[p->n].pc, &p->c[p->n]);
		snprintf(p->text[p->n], sizeof(p->text[0]), "%s", l);
		p->n++;
	}
	free(copy);
	*text = out;
	CHECK_MSG(p->n == pcs->n, "%s: gensim-dis printed %u instructions, %u decoded", what,
		  p->n, pcs->n);
}

/* Mismatches by kind (opcode and field), for the summary. */
static struct {
	char key[128];
	unsigned long n;
} kinds[64];
static unsigned int nkinds;

static void report(const char *what, const char *a_name, const struct canon *a,
		   const char *a_text, const char *b_name, const struct canon *b,
		   const char *b_text, int f)
{
	char key[128];
	unsigned int k;

	snprintf(key, sizeof(key), "%.40s/%.40s: %s", b_name, a->f[CF_OP], canon_field_name[f]);
	for (k = 0; k < nkinds && strcmp(kinds[k].key, key); k++)
		;
	if (k == nkinds && nkinds < 64)
		snprintf(kinds[nkinds++].key, sizeof(kinds[0].key), "%s", key);
	if (k < 64)
		kinds[k].n++;
	mismatches++;
	if (printed++ >= SHOW)
		return;
	printf("# MISMATCH %s pc %#x, %s: %s \"%s\", %s \"%s\"\n#   %s: %s\n#   %s: %s\n", what,
	       a->pc, canon_field_name[f], a_name, a->f[f], b_name, b->f[f], a_name, a_text,
	       b_name, b_text);
}

/* The index of the instruction at @pc in @p, or -1. */
static int index_of(const struct prog *p, long pc)
{
	for (unsigned int k = 0; k < p->n; k++)
		if (p->c[k].pc == pc)
			return (int)k;
	return -1;
}

/* Branch offsets as instruction distances, compaction and addresses aside. */
static void by_index(const struct prog *p, unsigned int k, struct canon *out)
{
	*out = p->c[k];
	out->pc = 0;
	for (int f = CF_JIP; f <= CF_UIP; f++)
		if (out->f[f][0]) {
			/* canonical offsets count from the instruction (IGA's way) */
			int t = index_of(p, (long)p->c[k].pc + atol(out->f[f]));

			snprintf(out->f[f], sizeof(out->f[f]), "insn%+d", t < 0 ? -99999 :
				 t - (int)k);
		}
	{
		char *c = strstr(out->f[CF_OPTS], "Compacted");

		if (c) {
			size_t n = strlen("Compacted") + (c[9] == ',' ? 1 : 0);

			memmove(c, c + n, strlen(c + n) + 1);
			if (c > out->f[CF_OPTS] && c[-1] == ',' && !c[0])
				c[-1] = 0;
		}
	}
}

/*
 * gensim's text with labels for every branch target, so that a new
 * layout (other compaction) keeps the branches pointing where they did.
 */
static char *labelled_text(const struct prog *p)
{
	size_t cap = (size_t)p->n * 256 + 1, n = 0;
	char *out = malloc(cap);
	bool *target = calloc(p->n + 1, sizeof(bool));

	CHECK(out && target);
	for (unsigned int k = 0; k < p->n; k++)
		for (int f = CF_JIP; f <= CF_UIP; f++)
			if (p->c[k].f[f][0]) {
				long dest = p->c[k].pc + atol(p->c[k].f[f]);
				int t = index_of(p, dest);

				CHECK_MSG(t >= 0, "a branch at %#x to %ld: not an instruction",
					  p->c[k].pc, dest);
				target[t] = true;
			}
	for (unsigned int k = 0; k < p->n; k++) {
		char line[256], *j;

		if (target[k])
			n += (size_t)snprintf(out + n, cap - n, "L%x:\n", p->c[k].pc);
		snprintf(line, sizeof(line), "%s", p->text[k]);
		/* "JIP: 48" -> "JIP: L<target>", the same for UIP */
		for (int f = CF_JIP; f <= CF_UIP; f++) {
			const char *kw = f == CF_JIP ? "JIP: " : "UIP: ";
			char rest[256];

			j = strstr(line, kw);
			if (!j || !p->c[k].f[f][0])
				continue;
			j += strlen(kw);
			snprintf(rest, sizeof(rest), "%s", j + strspn(j, "-0123456789"));
			snprintf(j, sizeof(line) - (size_t)(j - line), "L%lx%s",
				 (long)p->c[k].pc + atol(p->c[k].f[f]), rest);
		}
		/* the layout is gensim-as's now */
		j = strstr(line, " compacted");
		if (j)
			memmove(j, j + 10, strlen(j + 10) + 1);
		n += (size_t)snprintf(out + n, cap - n, "%s\n", line);
	}
	free(target);
	return out;
}

/*
 * All the kernels of one program variant at once, end to end in one
 * buffer (each ends with its EOT send; branches never leave a kernel),
 * so that each tool runs once per program: the instructions are the
 * kernels', at their offsets in the buffer.
 */
struct blob {
	uint8_t *code;
	size_t size;
	unsigned int nk;
	size_t start[64];
	char name[64][GSIM_CL_NAME_MAX];
};

static char where_buf[256];

/* "kernel (variant)" of the instruction at @pc. */
static const char *where(const struct blob *b, const char *variant, unsigned int pc)
{
	unsigned int k = 0;

	while (k + 1 < b->nk && b->start[k + 1] <= pc)
		k++;
	snprintf(where_buf, sizeof(where_buf), "%s (%s, at %#zx in it)", b->name[k], variant,
		 pc - b->start[k]);
	return where_buf;
}

static void compare_named(const struct blob *bl, const char *variant, const char *an,
			  const struct prog *a, const char *bn, const struct prog *b)
{
	CHECK_MSG(a->n == b->n, "%s: %s has %u instructions, %s %u", variant, an, a->n, bn,
		  b->n);
	for (unsigned int k = 0; k < a->n; k++) {
		int f;

		CHECK_MSG(a->c[k].pc == b->c[k].pc, "%s: instruction %u at %#x (%s), %#x (%s)",
			  where(bl, variant, a->c[k].pc), k, a->c[k].pc, an, b->c[k].pc, bn);
		f = canon_diff(&a->c[k], &b->c[k]);
		if (f >= 0)
			report(where(bl, variant, a->c[k].pc), an, &a->c[k], a->text[k], bn,
			       &b->c[k], b->text[k], f);
	}
}

static void one_program(const struct gsim_cl_program *pg, const char *variant)
{
	char path[400], as_in[400], as_out[400], cmd[1400], *text, *out;
	struct gseu_asm_options copt = { .compact = true };
	struct gseu_asm_result res;
	struct gseu_error err;
	struct blob b = { 0 };

	for (uint32_t k = 0; k < gsim_cl_program_kernels(pg); k++) {
		struct gsim_cl_kernel_info ki;

		gsim_cl_kernel_info(gsim_cl_kernel_at(pg, k), &ki);
		CHECK(b.nk < 64);
		b.code = realloc(b.code, b.size + ki.isa_size);
		CHECK(b.code);
		memcpy(b.code + b.size, ki.isa, ki.isa_size);
		b.start[b.nk] = b.size;
		snprintf(b.name[b.nk++], sizeof(b.name[0]), "%s", ki.name);
		b.size += ki.isa_size;
		kernels++;
	}
	snprintf(path, sizeof(path), "%s/k.krn", tmp);
	snprintf(as_in, sizeof(as_in), "%s/k.s", tmp);
	snprintf(as_out, sizeof(as_out), "%s/k2.krn", tmp);
	write_file(path, b.code, b.size);

	/* 1. gensim's decoder, gensim-dis's text, iga64: the same fields */
	gensim_read(b.code, b.size, &gen, variant);
	iga_read(path, &iga, variant);
	compared += gen.n;
	compare_named(&b, variant, "gensim", &gen, "iga64", &iga);
	dis_read(path, &gen, &dis, &text, variant);
	compare_named(&b, variant, "gensim", &gen, "gensim-dis|parse", &dis);

	/* 2. gensim-dis | gensim-as: the same instructions, IGC's layout */
	write_file(as_in, text, strlen(text));
	free(text);
	snprintf(cmd, sizeof(cmd), "'%s/gensim-as' -o '%s' '%s' 2>&1", OCL_BINDIR, as_out, as_in);
	CHECK_MSG(!run(cmd, &out), "%s: gensim-as refused gensim-dis's text: %.300s", variant,
		  out);
	free(out);
	iga_read(as_out, &iga2, variant);
	compare_named(&b, variant, "iga64(IGC)", &iga, "iga64(gensim-as)", &iga2);

	/* 3. gensim-as --compact with labels: IGA takes it, the same program */
	text = labelled_text(&gen);
	CHECK_MSG(!gseu_assemble(text, &copt, &res, &err), "%s: the labelled text does not "
		  "assemble: line %u: %s", variant, err.line, err.msg);
	write_file(as_out, res.code, res.size);
	gseu_asm_free(&res);
	free(text);
	iga_read(as_out, &iga2, variant);
	CHECK_MSG(iga2.n == iga.n, "%s: --compact: %u instructions, IGC's binary %u", variant,
		  iga2.n, iga.n);
	for (unsigned int i = 0; i < iga.n; i++) {
		struct canon x, y;
		int f;

		by_index(&iga, i, &x);
		by_index(&iga2, i, &y);
		f = canon_diff(&x, &y);
		if (f >= 0) {
			x.pc = iga.c[i].pc;
			report(where(&b, variant, iga.c[i].pc), "iga64(IGC)", &x, iga.text[i],
			       "iga64(gensim-as --compact)", &y, iga2.text[i], f);
		}
	}
	free(b.code);
}

static void t_iga(void)
{
	for (unsigned int f = 0; f < corpus.nfile; f++)
		for (unsigned int v = 0; v < CORPUS_NVARIANTS; v++) {
			char variant[64];

			snprintf(variant, sizeof(variant), "%s, %s SIMD%u", corpus.file[f],
				 corpus_build_name(&corpus_variants[v]), corpus_variants[v].simd);
			one_program(corpus.prog[f][v], variant);
		}
	printf("# %lu kernels, %lu instructions compared with iga64: %lu mismatches\n", kernels,
	       compared, mismatches);
	for (unsigned int k = 0; k < nkinds; k++)
		printf("#   %6lu  %s\n", kinds[k].n, kinds[k].key);
	CHECK_MSG(!mismatches, "%lu mismatches (the first %d above)", mismatches, SHOW);
}

int main(void)
{
	char why[1024], *out;

	if (!corpus_have_ocloc(why, sizeof(why))) {
		fprintf(stderr, "test_ocl_iga: SKIPPED: %s\n", why);
		tap_skip("gensim against IGA on the OpenCL corpus", why);
		return tap_done();
	}
	if (run("command -v iga64 2>&1", &out) || !out[0]) {
		free(out);
		snprintf(why, sizeof(why), "iga64 (Intel's IGA, Debian libigc-tools, "
			 "scripts/install-deps) is not installed: no ISA reference");
		fprintf(stderr, "test_ocl_iga: SKIPPED: %s\n", why);
		tap_skip("gensim against IGA on the OpenCL corpus", why);
		return tap_done();
	}
	free(out);
	if (corpus_load_manifest(&corpus, OCL_CORPUS, why, sizeof(why)) ||
	    corpus_build(&corpus, why, sizeof(why))) {
		printf("# %s\nnot ok 1 - the OpenCL corpus builds\n1..1\n", why);
		corpus_free(&corpus);
		return 1;
	}
	snprintf(tmp, sizeof(tmp), "%s", corpus.tmp);
	tap_run("gensim-dis and iga64 agree field by field on every corpus kernel; "
		"gensim-as takes the text back and iga64 takes gensim-as's output", t_iga);
	corpus_free(&corpus);
	return tap_done();
}
