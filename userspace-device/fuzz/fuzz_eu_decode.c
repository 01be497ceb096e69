// SPDX-License-Identifier: MIT
/*
 * libFuzzer target: the Gen8 EU instruction layer on arbitrary bytes
 * (Documentation/gpu/gensim/eu-isa.rst).  Every kernel a driver or a
 * hostile client hands the device goes through this code, so for any
 * input it must not crash, and what it accepts must round-trip:
 *
 *  - each 16-byte word: decode; if accepted, encode gives back the same
 *    128 bits, the disassembly parses and encodes to the same bits outside
 *    the bits the form ignores, and disassembles to the same text (the
 *    invariants test_eu_fuzz checks on its streams);
 *  - each 8-byte word: expand as a compacted instruction; if accepted,
 *    decode it, and compacting the expansion gives a word that expands to
 *    the same instruction;
 *  - the whole input as a kernel: gseu_decode() at every 8-byte offset,
 *    and the interpreter's predecoder (gseu_program_create()), then a
 *    thread runs it for a few hundred instructions with no shared
 *    functions (a send raises an exception, never reaches memory).
 *
 * A broken invariant is __builtin_trap(): libFuzzer reports it as a crash
 * with the input that broke it.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "eu_priv.h"
#include "gseu/eu.h"
#include "gseu/eu_thread.h"

#define CHECK(c) do { if (!(c)) __builtin_trap(); } while (0)

static void native(const uint8_t *p)
{
	struct gseu_native n, again, m;
	struct gseu_insn a, b, c;
	struct gseu_error err;
	char t1[512], t2[512];

	memcpy(&n, p, 16);
	if (gseu_decode_native(&n, &a, &err))
		return;
	CHECK(!gseu_encode_native(&a, &again, &err));
	CHECK(again.q[0] == n.q[0] && again.q[1] == n.q[1]);
	gseu_print_insn(&a, t1, sizeof(t1));
	if (gseu_parse_insn(t1, &b, &err) || gseu_encode_native(&b, &again, &err))
		__builtin_trap();	/* what we print, we must read back */
	gseu_ignored_mask(&a, &m);
	CHECK((again.q[0] & ~m.q[0]) == (n.q[0] & ~m.q[0]));
	CHECK((again.q[1] & ~m.q[1]) == (n.q[1] & ~m.q[1]));
	CHECK(!gseu_decode_native(&again, &c, &err));
	gseu_print_insn(&c, t2, sizeof(t2));
	CHECK(!strcmp(t1, t2));
}

static void compacted(const uint8_t *p)
{
	struct gseu_native n, n2;
	struct gseu_insn a;
	struct gseu_error err;
	uint64_t w, w2;

	memcpy(&w, p, 8);
	if (gseu_compact_expand(w, &n, &err))
		return;
	if (gseu_decode_native(&n, &a, &err))
		return;
	if (gseu_compact(&n, &w2, &err))
		return;
	CHECK(!gseu_compact_expand(w2, &n2, &err));
	CHECK(n2.q[0] == n.q[0] && n2.q[1] == n.q[1]);
}

static void kernel(const uint8_t *data, size_t size)
{
	static struct gseu_hw_thread *t;
	struct gseu_program *p = NULL;
	struct gseu_error err;
	struct gseu_insn in;

	for (size_t off = 0; off + 8 <= size; off += 8)
		gseu_decode(data, size, off, &in, &err);
	if (gseu_program_create(data, size & ~7ul, &p, &err))
		return;
	if (!t)
		t = gseu_thread_new();
	gseu_thread_reset(t, 0xffff);
	(void)gseu_thread_run(t, p, 256);
	gseu_program_free(p);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	for (size_t off = 0; off + 16 <= size; off += 16)
		native(data + off);
	for (size_t off = 0; off + 8 <= size; off += 8)
		compacted(data + off);
	if (size >= 8 && size <= 4096)
		kernel(data, size);
	return 0;
}
