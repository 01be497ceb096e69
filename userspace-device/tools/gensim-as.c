// SPDX-License-Identifier: MIT
/*
 * gensim-as: assemble Gen8 EU assembler text into instruction bytes.
 *
 *   gensim-as [--compact] [--hex] [-o OUT] IN.s     (IN "-" = stdin)
 *
 * The syntax is described in Documentation/gpu/gensim/eu-isa.rst; the
 * work is done by gseu_assemble() (userspace-device/eu/eu_asm.c).
 * Output is raw little-endian instructions, or with --hex one instruction
 * per line as 32-bit words (what gensim-dis -x reads back).  Encoding
 * facts: Mesa src/intel/compiler/brw_inst.h; IGT
 * assembler/gen8_instruction.h.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gseu/eu.h"

static char *slurp(FILE *f)
{
	size_t cap = 4096, len = 0, n;
	char *buf = malloc(cap);

	while (buf && (n = fread(buf + len, 1, cap - len - 1, f)) > 0) {
		len += n;
		if (cap - len < 2) {
			char *q = realloc(buf, cap * 2);

			if (!q) {
				free(buf);
				return NULL;
			}
			buf = q;
			cap *= 2;
		}
	}
	if (buf)
		buf[len] = 0;
	return buf;
}

static void usage(FILE *f)
{
	fprintf(f, "usage: gensim-as [--compact] [--hex] [-o OUT] IN.s\n"
		   "  --compact  store every instruction that fits in 8 bytes\n"
		   "  --hex      write 32-bit hex words, one instruction per line\n"
		   "  -o OUT     output file (default: stdout)\n");
}

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "compact", no_argument, NULL, 'c' },
		{ "hex", no_argument, NULL, 'x' },
		{ "output", required_argument, NULL, 'o' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct gseu_asm_options opt = { 0 };
	struct gseu_asm_result res;
	struct gseu_error err;
	const char *out = NULL, *in;
	bool hex = false;
	FILE *f;
	char *text;
	int c, rc = 0;

	while ((c = getopt_long(argc, argv, "cxo:h", longopts, NULL)) != -1) {
		switch (c) {
		case 'c': opt.compact = true; break;
		case 'x': hex = true; break;
		case 'o': out = optarg; break;
		case 'h': usage(stdout); return 0;
		default: usage(stderr); return 2;
		}
	}
	if (optind != argc - 1) {
		usage(stderr);
		return 2;
	}
	in = argv[optind];
	f = strcmp(in, "-") ? fopen(in, "r") : stdin;
	if (!f) {
		perror(in);
		return 1;
	}
	text = slurp(f);
	if (f != stdin)
		fclose(f);
	if (!text) {
		fprintf(stderr, "%s: cannot read\n", in);
		return 1;
	}
	if (gseu_assemble(text, &opt, &res, &err)) {
		fprintf(stderr, "%s:%u:%u: error: %s\n", in, err.line, err.col, err.msg);
		free(text);
		return 1;
	}
	free(text);

	f = out ? fopen(out, hex ? "w" : "wb") : stdout;
	if (!f) {
		perror(out);
		gseu_asm_free(&res);
		return 1;
	}
	if (hex) {
		/* One instruction per line: its size is in its CmptCtrl bit. */
		for (size_t off = 0; off < res.size;) {
			size_t n = (res.code[off + 3] & 0x20) ? 8 : 16;

			for (size_t k = 0; k < n; k += 4) {
				const uint8_t *p = res.code + off + k;

				fprintf(f, "%s0x%08x", k ? " " : "",
					p[0] | p[1] << 8 | p[2] << 16 | (unsigned)p[3] << 24);
			}
			fputc('\n', f);
			off += n;
		}
	} else if (fwrite(res.code, 1, res.size, f) != res.size) {
		perror(out ? out : "stdout");
		rc = 1;
	}
	if (f != stdout && fclose(f)) {
		perror(out);
		rc = 1;
	}
	gseu_asm_free(&res);
	return rc;
}
