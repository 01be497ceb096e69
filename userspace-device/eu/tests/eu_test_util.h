/* SPDX-License-Identifier: MIT */
/*
 * Helpers shared by the EU layer tests: building native instructions from
 * dwords, assembling one line, reading test data, running intel-gen4asm.
 */
#ifndef GSEU_TEST_UTIL_H
#define GSEU_TEST_UTIL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gseu/eu.h"

struct gseu_native eut_dw(uint32_t d0, uint32_t d1, uint32_t d2, uint32_t d3);

/* Assemble one line (numbers only, no labels) to a native instruction;
 * fails the current test with the assembler's message on error. */
struct gseu_native eut_asm1(const char *line);
/* Decode, failing the test with the decoder's message on error. */
void eut_decode(const struct gseu_native *n, struct gseu_insn *insn);

/* Text -> bin -> text -> bin on one native instruction: the decoded
 * instruction prints, the text parses, and encodes to the same bits
 * (outside the bits the form ignores).  Returns false with why[]. */
bool eut_text_roundtrip(const struct gseu_native *n, char *why, size_t size);

/* Malloc'd contents of eu/tests/<name> (GSEU_TESTDATA overrides). */
char *eut_read_testdata(const char *name, size_t *len);

/* True if `intel-gen4asm` is on PATH. */
bool eut_have_gen4asm(void);
/*
 * Assemble `src` with intel-gen4asm -g 8; fills up to `max` instructions
 * of 4 dwords.  Returns the count, or -1 if the tool failed (its stderr
 * is copied into why[]).
 */
int eut_gen4asm(const char *src, uint32_t (*dw)[4], int max, char *why,
		size_t size);

#endif
