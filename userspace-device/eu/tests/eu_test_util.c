// SPDX-License-Identifier: MIT
/*
 * Helpers for the EU layer tests (see eu_test_util.h).  intel-gen4asm is
 * run through a temporary directory; its "{ 0x.., 0x.., 0x.., 0x.. },"
 * output format is IGT intel-gen4asm.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../eu_priv.h"
#include "eu_test_util.h"
#include "tap.h"

struct gseu_native eut_dw(uint32_t d0, uint32_t d1, uint32_t d2, uint32_t d3)
{
	uint32_t dw[4] = { d0, d1, d2, d3 };
	struct gseu_native n;

	gseu_native_from_dw(&n, dw);
	return n;
}

struct gseu_native eut_asm1(const char *line)
{
	struct gseu_insn insn;
	struct gseu_error err;
	struct gseu_native n;

	CHECK_MSG(!gseu_parse_insn(line, &insn, &err), "'%s': %s (col %u)", line,
		  err.msg, err.col);
	CHECK_MSG(!gseu_encode_native(&insn, &n, &err), "'%s': %s", line, err.msg);
	return n;
}

void eut_decode(const struct gseu_native *n, struct gseu_insn *insn)
{
	struct gseu_error err;
	uint32_t dw[4];

	gseu_native_to_dw(n, dw);
	CHECK_MSG(!gseu_decode_native(n, insn, &err),
		  "%08x %08x %08x %08x: %s", dw[0], dw[1], dw[2], dw[3], err.msg);
}

bool eut_text_roundtrip(const struct gseu_native *n, char *why, size_t size)
{
	struct gseu_insn a, b, c;
	struct gseu_error err;
	struct gseu_native n2, m;
	char t1[512], t2[512];

	if (gseu_decode_native(n, &a, &err)) {
		snprintf(why, size, "decode: %s", err.msg);
		return false;
	}
	gseu_print_insn(&a, t1, sizeof(t1));
	if (gseu_parse_insn(t1, &b, &err)) {
		snprintf(why, size, "'%s' does not parse: %s (col %u)", t1, err.msg, err.col);
		return false;
	}
	if (gseu_encode_native(&b, &n2, &err)) {
		snprintf(why, size, "'%s' does not encode: %s", t1, err.msg);
		return false;
	}
	/* compare outside the bits the form ignores */
	gseu_ignored_mask(&a, &m);
	if ((n2.q[0] & ~m.q[0]) != (n->q[0] & ~m.q[0]) ||
	    (n2.q[1] & ~m.q[1]) != (n->q[1] & ~m.q[1])) {
		uint32_t d1[4], d2[4];

		gseu_native_to_dw(n, d1);
		gseu_native_to_dw(&n2, d2);
		snprintf(why, size, "'%s': %08x %08x %08x %08x -> %08x %08x %08x %08x",
			 t1, d1[0], d1[1], d1[2], d1[3], d2[0], d2[1], d2[2], d2[3]);
		return false;
	}
	if (gseu_decode_native(&n2, &c, &err)) {
		snprintf(why, size, "'%s' re-encoded does not decode: %s", t1, err.msg);
		return false;
	}
	gseu_print_insn(&c, t2, sizeof(t2));
	if (strcmp(t1, t2)) {
		snprintf(why, size, "text changed: '%s' -> '%s'", t1, t2);
		return false;
	}
	return true;
}

char *eut_read_testdata(const char *name, size_t *len)
{
	const char *dir = getenv("GSEU_TESTDATA");
	char path[1024];
	FILE *f;
	char *buf;
	long n;

	if (!dir)
		dir = GSEU_TESTDATA;
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "rb");
	CHECK_MSG(f, "cannot open %s", path);
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	buf = malloc((size_t)n + 1);
	CHECK(buf);
	CHECK_EQ(fread(buf, 1, (size_t)n, f), (size_t)n);
	fclose(f);
	buf[n] = 0;
	if (len)
		*len = (size_t)n;
	return buf;
}

bool eut_have_gen4asm(void)
{
	return system("command -v intel-gen4asm >/dev/null 2>&1") == 0;
}

int eut_gen4asm(const char *src, uint32_t (*dw)[4], int max, char *why, size_t size)
{
	char dir[] = "/tmp/gseu-gen4asm-XXXXXX", in[64], out[64], errf[64], cmd[320];
	FILE *f;
	int n = 0, rc;

	why[0] = 0;
	if (!mkdtemp(dir)) {
		snprintf(why, size, "mkdtemp failed");
		return -1;
	}
	snprintf(in, sizeof(in), "%s/in.g4a", dir);
	snprintf(out, sizeof(out), "%s/out.txt", dir);
	snprintf(errf, sizeof(errf), "%s/err.txt", dir);
	f = fopen(in, "w");
	if (!f) {
		rmdir(dir);
		snprintf(why, size, "cannot write %s", in);
		return -1;
	}
	fputs(src, f);
	fputc('\n', f);
	fclose(f);
	/* it aborts on some inputs: no core file, and not in our cwd */
	snprintf(cmd, sizeof(cmd), "ulimit -c 0; cd %s && intel-gen4asm -g 8 -o %s %s >%s 2>&1",
		 dir, out, in, errf);
	rc = system(cmd);
	if (rc) {
		f = fopen(errf, "r");
		if (f) {
			size_t k = fread(why, 1, size - 1, f);

			why[k] = 0;
			fclose(f);
		}
		n = -1;
	} else if ((f = fopen(out, "r"))) {
		unsigned a, b, c, d;

		while (n < max && fscanf(f, " { 0x%x, 0x%x, 0x%x, 0x%x },", &a, &b, &c, &d) == 4) {
			dw[n][0] = a;
			dw[n][1] = b;
			dw[n][2] = c;
			dw[n][3] = d;
			n++;
		}
		fclose(f);
	} else {
		n = -1;
	}
	unlink(in);
	unlink(out);
	unlink(errf);
	rmdir(dir);
	return n;
}
