// SPDX-License-Identifier: MIT
/*
 * The command-line tools as a user runs them: gensim-as writes raw bytes
 * or hex words, gensim-dis reads either (and intel-gen4asm's output
 * format), prints offsets/raw words on request, reports bad input with a
 * non-zero status; the corpus survives as -> dis -> as unchanged.
 * (The "{ 0x.., ... }," input is intel-gen4asm's, 965/G35 PRM Vol. 4
 * Subsystem and Cores (2008), 10.4 "Type Conversion".)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "eu_test_util.h"
#include "tap.h"

static char dir[64];

static int run(const char *fmt, const char *a, const char *b)
{
	char cmd[4096];

	snprintf(cmd, sizeof(cmd), fmt, GSEU_BINDIR, a, b);
	return system(cmd);
}

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long n;

	CHECK_MSG(f, "cannot open %s", path);
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	buf = malloc((size_t)n + 1);
	CHECK(buf);
	CHECK_EQ(fread(buf, 1, (size_t)n, f), (size_t)n);
	buf[n] = 0;
	fclose(f);
	if (len)
		*len = (size_t)n;
	return buf;
}

static void path(char *out, const char *name)
{
	snprintf(out, 128, "%s/%s", dir, name);
}

static void t_corpus_through_tools(void)
{
	char corpus[512], bin[128], bin2[128], txt[128], hex[128];
	char *a, *b;
	size_t la, lb;

	snprintf(corpus, sizeof(corpus), "%s/corpus.gsa",
		 getenv("GSEU_TESTDATA") ? getenv("GSEU_TESTDATA") : GSEU_TESTDATA);
	path(bin, "a.bin");
	path(bin2, "b.bin");
	path(txt, "a.s");
	path(hex, "a.hex");
	CHECK_EQ(run("%s/gensim-as %s -o %s", corpus, bin), 0);
	CHECK_EQ(run("%s/gensim-dis %s > %s", bin, txt), 0);
	CHECK_EQ(run("%s/gensim-as %s -o %s", txt, bin2), 0);
	a = slurp(bin, &la);
	b = slurp(bin2, &lb);
	CHECK_EQ(la, lb);
	CHECK(!memcmp(a, b, la));
	free(b);
	/* hex words on stdin give the same disassembly */
	CHECK_EQ(run("%s/gensim-as --hex %s -o %s", corpus, hex), 0);
	CHECK_EQ(run("%s/gensim-dis -x < %s > %s", hex, bin2), 0);
	b = slurp(bin2, NULL);
	{
		char *c = slurp(txt, NULL);

		CHECK(!strcmp(b, c));
		free(c);
	}
	free(a);
	free(b);
}

static void t_dis_options(void)
{
	char in[128], out[128];
	FILE *f;
	char *t;

	path(in, "k.txt");
	path(out, "k.out");
	/* intel-gen4asm's output format, straight into gensim-dis -x */
	f = fopen(in, "w");
	CHECK(f);
	fputs("   { 0x00600001, 0x20400208, 0x008d0020, 0x00000000 },\n"
	      "   { 0x00000020, 0x34000000, 0x0e001400, 0x00000020 },\n", f);
	fclose(f);
	CHECK_EQ(run("%s/gensim-dis -x -a -r %s > %s", in, out), 0);
	t = slurp(out, NULL);
	CHECK_MSG(strstr(t, "000000: 00600001 20400208 008d0020 00000000  mov(8)"), "%s", t);
	/* jmpi at 0x10 jumps 32 bytes past the next instruction: 0x40 */
	CHECK_MSG(strstr(t, "000010: ") && strstr(t, "// -> 000040"), "%s", t);
	free(t);

	/* a bad word: reported with its offset, exit status 1 */
	f = fopen(in, "w");
	CHECK(f);
	fputs("0x0000007e 0 0 0\n0x00600000 0x20400208 0x008d0020 0\n", f);
	fclose(f);
	CHECK(run("%s/gensim-dis -x %s > %s 2>/dev/null", in, out) != 0);
	t = slurp(out, NULL);
	CHECK_MSG(strstr(t, "nop") && strstr(t, "<error: unsupported opcode"), "%s", t);
	free(t);
}

static void t_as_errors(void)
{
	char in[128], out[128];
	FILE *f;
	char *t;

	path(in, "bad.s");
	path(out, "bad.err");
	f = fopen(in, "w");
	CHECK(f);
	fputs("nop\n  mov(8) g2<1>UD g1<8,8,1>UD { align1 2H }\n", f);
	fclose(f);
	CHECK(run("%s/gensim-as %s -o /dev/null 2> %s", in, out) != 0);
	t = slurp(out, NULL);
	/* file:line:col: error: ... */
	CHECK_MSG(strstr(t, "bad.s:2:") && strstr(t, "error: unknown option '2H'"), "%s", t);
	free(t);
}

int main(void)
{
	snprintf(dir, sizeof(dir), "/tmp/gseu-tools-XXXXXX");
	if (!mkdtemp(dir)) {
		tap_skip("tools", "mkdtemp failed");
		return tap_done();
	}
	tap_run("corpus: gensim-as -> gensim-dis -> gensim-as", t_corpus_through_tools);
	tap_run("gensim-dis: gen4asm text, offsets, raw words, errors", t_dis_options);
	tap_run("gensim-as: errors name file, line and column", t_as_errors);
	{
		char cmd[128];

		snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
		if (system(cmd))
			printf("# could not remove %s\n", dir);
	}
	return tap_done();
}
