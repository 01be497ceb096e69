// SPDX-License-Identifier: MIT
/*
 * Arbitrary bytes in, no crash out (the decoder will face fuzzed and
 * hostile kernels; run this under the asan variant too), and for every
 * instruction the decoder accepts:
 *  - encoding the decoded form gives back exactly the same 128 bits;
 *  - the disassembly parses, encodes to the same bits (outside the bits
 *    the form ignores) and disassembles to the same text.
 * Inputs: uniformly random words, random words with a supported opcode,
 * bit flips of every corpus instruction, random buffer lengths/offsets,
 * and mangled assembler lines.  The PRNG is fixed, so failures reproduce;
 * GSEU_FUZZ_SEED picks another stream.  Field layouts under test:
 * Mesa src/intel/compiler/brw_inst.h; IGT assembler/gen8_instruction.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "eu_test_util.h"
#include "tap.h"

static uint64_t rng = 0x243f6a8885a308d3ull;

static uint64_t next(void)
{
	return tap_xorshift64s(&rng);
}

static unsigned accepted, rejected;

static void check_one(const struct gseu_native *n)
{
	struct gseu_insn i;
	struct gseu_native again;
	struct gseu_error err;
	char why[700];

	if (gseu_decode_native(n, &i, &err)) {
		CHECK(err.code != GSEU_OK);
		CHECK(err.msg[0]);
		rejected++;
		return;
	}
	accepted++;
	CHECK_MSG(!gseu_encode_native(&i, &again, &err), "%s", err.msg);
	CHECK_MSG(again.q[0] == n->q[0] && again.q[1] == n->q[1],
		  "%016llx %016llx re-encodes as %016llx %016llx",
		  (unsigned long long)n->q[1], (unsigned long long)n->q[0],
		  (unsigned long long)again.q[1], (unsigned long long)again.q[0]);
	CHECK_MSG(eut_text_roundtrip(n, why, sizeof(why)), "%s", why);
}

static void t_random_words(void)
{
	accepted = rejected = 0;
	for (unsigned k = 0; k < 100000; k++) {
		struct gseu_native n = { { next(), next() } };

		/* CmptCtrl off: native form */
		n.q[0] &= ~(1ull << 29);
		check_one(&n);
	}
	CHECK(rejected > 0);
}

/* Supported opcode, common controls, and a plausible operand mix. */
static void t_biased_words(void)
{
	accepted = rejected = 0;
	for (unsigned k = 0; k < 200000; k++) {
		const struct gseu_opinfo *o =
			gseu_opinfo_by_op((enum gseu_op)(next() % GSEU_OP_COUNT));
		struct gseu_native n = { { next(), next() } };
		uint64_t keep = next();

		n.q[0] &= ~0xffull & ~(1ull << 29);
		n.q[0] |= o->opcode;
		/* often clear the rarely-valid bits so more inputs decode */
		if (keep & 1)
			n.q[0] &= ~0x00f0c800ull;		/* pred 15:..., nib, thread */
		if (keep & 2)
			n.q[0] &= ~(0xfull << 24);		/* cond modifier */
		if (keep & 4)
			n.q[0] = (n.q[0] & ~(7ull << 21)) | (3ull << 21);	/* SIMD8 */
		if (keep & 8)
			n.q[1] &= ~0xfe00000001e00000ull;	/* src1 vstride/rsvd */
		if (keep & 16)
			n.q[1] &= ~0x0000000001e00000ull;
		if (keep & 32)
			n.q[0] &= ~(1ull << 47 | 1ull << 63);	/* direct dst */
		check_one(&n);
	}
	CHECK_MSG(accepted > 1000, "only %u of 200000 decode", accepted);
}

static void t_corpus_bitflips(void)
{
	char *text = eut_read_testdata("corpus.gsa", NULL);
	struct gseu_asm_options opt = { 0 };
	struct gseu_asm_result r;
	struct gseu_error err;

	accepted = rejected = 0;
	CHECK_MSG(!gseu_assemble(text, &opt, &r, &err), "%s", err.msg);
	for (unsigned round = 0; round < 200; round++)
		for (size_t off = 0; off + 16 <= r.size; off += 16) {
			struct gseu_native n;
			unsigned flips = 1 + (unsigned)(next() % 3);

			n.q[0] = n.q[1] = 0;
			for (int k = 7; k >= 0; k--) {
				n.q[0] = n.q[0] << 8 | r.code[off + k];
				n.q[1] = n.q[1] << 8 | r.code[off + 8 + k];
			}
			if (n.q[0] & 1ull << 29)	/* the compacted tail */
				break;
			for (unsigned f = 0; f < flips; f++) {
				unsigned b = (unsigned)(next() % 128);

				n.q[b / 64] ^= 1ull << (b % 64);
			}
			check_one(&n);
		}
	CHECK_MSG(accepted > 1000 && rejected > 1000, "accepted %u rejected %u",
		  accepted, rejected);
	gseu_asm_free(&r);
	free(text);
}

static void t_buffers(void)
{
	uint8_t buf[64];

	for (unsigned k = 0; k < 100000; k++) {
		size_t len = (size_t)(next() % sizeof(buf)), off = (size_t)(next() % 72);
		struct gseu_insn i;
		struct gseu_error err;
		uint8_t *heap = malloc(len ? len : 1);
		size_t n;

		for (size_t b = 0; b < sizeof(buf); b++)
			buf[b] = (uint8_t)next();
		CHECK(heap);
		memcpy(heap, buf, len);
		/* exact-size heap buffer: ASan sees any over-read */
		n = gseu_decode(heap, len, off, &i, &err);
		CHECK(n == 0 || n == 8 || n == 16);
		if (n)
			CHECK(off + n <= len);
		free(heap);
	}
}

static void t_mangled_text(void)
{
	char *text = eut_read_testdata("corpus.gsa", NULL);
	char *lines[400];
	unsigned nl = 0;
	static const char junk[] = "<>(),.;:-+[]{}0123456789abcdefxyzwgFDUWV \t#/";

	for (char *p = strtok(text, "\n"); p && nl < 400; p = strtok(NULL, "\n"))
		if (p[0] && p[0] != '/')
			lines[nl++] = p;
	CHECK(nl > 100);
	for (unsigned k = 0; k < 100000; k++) {
		char line[256];
		struct gseu_insn i;
		struct gseu_error err;
		size_t len;
		unsigned edits = 1 + (unsigned)(next() % 4);

		snprintf(line, sizeof(line), "%s", lines[next() % nl]);
		for (unsigned e = 0; e < edits; e++) {
			len = strlen(line);
			switch (next() % 3) {
			case 0:	/* replace */
				if (len)
					line[next() % len] = junk[next() % (sizeof(junk) - 1)];
				break;
			case 1:	/* delete */
				if (len) {
					size_t at = next() % len;

					memmove(line + at, line + at + 1, len - at);
				}
				break;
			default:	/* truncate */
				line[next() % (len + 1)] = 0;
				break;
			}
		}
		if (!gseu_parse_insn(line, &i, &err)) {
			struct gseu_native n;

			/* gseu_parse_insn() validated it: it must encode */
			CHECK_MSG(!gseu_encode_native(&i, &n, &err), "'%s': %s", line, err.msg);
		} else {
			CHECK_MSG(err.msg[0], "'%s' rejected without a message", line);
		}
	}
	free(text);
}

int main(void)
{
	const char *seed = getenv("GSEU_FUZZ_SEED");

	if (seed)
		rng = strtoull(seed, NULL, 0) | 1;
	tap_run("uniformly random native words", t_random_words);
	tap_run("random words with supported opcodes", t_biased_words);
	tap_run("bit flips of the corpus", t_corpus_bitflips);
	tap_run("random buffer lengths and offsets", t_buffers);
	tap_run("mangled assembler lines", t_mangled_text);
	return tap_done();
}
