// SPDX-License-Identifier: MIT
/*
 * gensim-dis: disassemble Gen8 EU instructions.
 *
 *   gensim-dis [-x] [-a] [-r] [FILE]      (no FILE or "-" = stdin)
 *
 * Input is raw little-endian instruction bytes, or with -x text holding
 * 32-bit hex words separated by spaces, commas or braces (this also reads
 * intel-gen4asm -o output).  -a prints byte offsets (and branch targets as
 * comments), -r the raw words.  Decoding is gseu_decode_all()
 * (eu_decode.c): every Gen8 instruction gensim knows; an instruction that does not
 * decode is reported with its offset and the decoder's message, and the
 * exit status is 1.  The hex input format is
 * intel-gen4asm's (IGT intel-gen4asm).
 */
#include <ctype.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gseu/eu.h"

struct buf {
	uint8_t *p;
	size_t len, cap;
};

static int put(struct buf *b, const void *src, size_t n)
{
	if (b->len + n > b->cap) {
		size_t cap = b->cap ? b->cap * 2 : 4096;
		uint8_t *q;

		while (cap < b->len + n)
			cap *= 2;
		q = realloc(b->p, cap);
		if (!q)
			return -1;
		b->p = q;
		b->cap = cap;
	}
	memcpy(b->p + b->len, src, n);
	b->len += n;
	return 0;
}

static int read_raw(FILE *f, struct buf *b)
{
	uint8_t tmp[4096];
	size_t n;

	while ((n = fread(tmp, 1, sizeof(tmp), f)) > 0)
		if (put(b, tmp, n))
			return -1;
	return ferror(f) ? -1 : 0;
}

/* Hex words: [0x]hhhhhhhh separated by anything that is not a hex digit. */
static int read_hex(FILE *f, struct buf *b)
{
	struct buf text = { 0 };
	char *s, *end;

	if (read_raw(f, &text) || put(&text, "", 1))
		return -1;
	s = (char *)text.p;
	while (*s) {
		unsigned long v;
		uint8_t le[4];

		if (!isxdigit((unsigned char)*s)) {
			s++;
			continue;
		}
		v = strtoul(s, &end, 16);
		if (v > 0xffffffffUL) {
			fprintf(stderr, "gensim-dis: word '%.*s' is wider than 32 bits\n",
				(int)(end - s), s);
			free(text.p);
			return -1;
		}
		for (int k = 0; k < 4; k++)
			le[k] = (uint8_t)(v >> (8 * k));
		if (put(b, le, 4)) {
			free(text.p);
			return -1;
		}
		s = end;
	}
	free(text.p);
	return 0;
}

static void usage(FILE *f)
{
	fprintf(f, "usage: gensim-dis [-x] [-a] [-r] [FILE]\n"
		   "  -x  input is hex words (text), not raw bytes\n"
		   "  -a  print byte offsets and branch targets\n"
		   "  -r  print the raw instruction words\n");
}

static bool is_jump(const struct gseu_insn *i)
{
	switch (i->form) {
	case GSEU_FORM_BRANCH1: case GSEU_FORM_BRANCH2:
		return true;
	case GSEU_FORM_JMPI: case GSEU_FORM_CALL:
		return i->src[1].file == GSEU_FILE_IMM;
	default:
		return false;
	}
}

int main(int argc, char **argv)
{
	bool hex = false, addr = false, raw = false;
	struct buf b = { 0 };
	int c, rc = 0;
	FILE *f = stdin;

	while ((c = getopt(argc, argv, "xarh")) != -1) {
		switch (c) {
		case 'x': hex = true; break;
		case 'a': addr = true; break;
		case 'r': raw = true; break;
		case 'h': usage(stdout); return 0;
		default: usage(stderr); return 2;
		}
	}
	if (optind < argc - 1) {
		usage(stderr);
		return 2;
	}
	if (optind == argc - 1 && strcmp(argv[optind], "-")) {
		f = fopen(argv[optind], hex ? "r" : "rb");
		if (!f) {
			perror(argv[optind]);
			return 1;
		}
	}
	if (hex ? read_hex(f, &b) : read_raw(f, &b)) {
		fprintf(stderr, "gensim-dis: cannot read input\n");
		return 1;
	}
	if (f != stdin)
		fclose(f);

	for (size_t off = 0; off < b.len;) {
		struct gseu_insn insn;
		struct gseu_error err;
		char line[512];
		size_t n = gseu_decode_all(b.p, b.len, off, &insn, &err);
		size_t shown = n ? n : (b.len - off >= 8 && (b.p[off + 3] & 0x20)) ? 8 : 16;

		if (shown > b.len - off)
			shown = b.len - off;
		if (addr)
			printf("%06zx: ", off);
		if (raw) {
			for (size_t k = 0; k + 4 <= shown; k += 4) {
				const uint8_t *p = b.p + off + k;

				printf("%08x ", p[0] | p[1] << 8 | p[2] << 16 | (unsigned)p[3] << 24);
			}
			if (shown == 8)
				printf("%18s", "");
			printf(" ");
		}
		if (!n) {
			printf("<error: %s: %s>\n", gseu_err_name(err.code), err.msg);
			fprintf(stderr, "gensim-dis: offset %#zx: %s\n", off, err.msg);
			rc = 1;
			off += shown ? shown : 1;
			continue;
		}
		gseu_print_insn(&insn, line, sizeof(line));
		printf("%s", line);
		if (addr && is_jump(&insn)) {
			size_t base = off + (insn.form == GSEU_FORM_JMPI ? n : 0);

			printf("  // -> %06llx", (unsigned long long)((long long)base + insn.jip));
			if (insn.form == GSEU_FORM_BRANCH2)
				printf(", %06llx", (unsigned long long)((long long)off + insn.uip));
		}
		printf("\n");
		off += n;
	}
	free(b.p);
	return rc;
}
