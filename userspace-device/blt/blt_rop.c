// SPDX-License-Identifier: MIT
/*
 * Raster operations (hw-spec-blitter "Raster operations"; BR13 23:16, EXT
 * the Windows ROP3 codes the Intel blitter takes, e.g. i915 BLT_ROP_SRC_COPY
 * 0xcc and BLT_ROP_COLOR_COPY 0xf0).
 *
 * A ROP3 is a truth table of three inputs: for every bit of the pixel,
 * bit (P << 2 | S << 1 | D) of the 8-bit code is the result, P the
 * pattern, S the source and D the destination.  So 0xf0 is P, 0xcc is S,
 * 0xaa is D.  Any code is evaluated by the sum of its minterms, 64 bits
 * at a time; the codes drivers use every day have a direct form.
 */
#include "blt/blt.h"

/* Does the result depend on P (S, D): do the halves of the table differ? */
bool gs_rop_uses_p(uint8_t rop)
{
	return (rop >> 4) != (rop & 0x0f);
}

bool gs_rop_uses_s(uint8_t rop)
{
	return ((rop >> 2) & 0x33) != (rop & 0x33);
}

bool gs_rop_uses_d(uint8_t rop)
{
	return ((rop >> 1) & 0x55) != (rop & 0x55);
}

/* Every minterm of @rop: the bits where (P, S, D) take that row's values. */
static uint64_t rop3(uint8_t rop, uint64_t p, uint64_t s, uint64_t d)
{
	uint64_t r = 0;

	for (unsigned int i = 0; i < 8; i++) {
		if (!(rop & (1u << i)))
			continue;
		r |= (i & 4 ? p : ~p) & (i & 2 ? s : ~s) & (i & 1 ? d : ~d);
	}
	return r;
}

/*
 * @d = ROP(@p, @s, @d) over @words 64-bit words.  Operands a command does
 * not have are passed as zeros by the caller.
 */
void gs_rop_apply(uint8_t rop, uint64_t *d, const uint64_t *s, const uint64_t *p, size_t words)
{
	size_t i;

	switch (rop) {
	case 0x00:		/* BLACKNESS */
		for (i = 0; i < words; i++)
			d[i] = 0;
		return;
	case 0xff:		/* WHITENESS */
		for (i = 0; i < words; i++)
			d[i] = ~0ull;
		return;
	case 0xcc:		/* SRCCOPY */
		for (i = 0; i < words; i++)
			d[i] = s[i];
		return;
	case 0xf0:		/* PATCOPY */
		for (i = 0; i < words; i++)
			d[i] = p[i];
		return;
	case 0x66:		/* SRCINVERT: S xor D */
		for (i = 0; i < words; i++)
			d[i] ^= s[i];
		return;
	case 0x88:		/* SRCAND: S and D */
		for (i = 0; i < words; i++)
			d[i] &= s[i];
		return;
	case 0x5a:		/* PATINVERT: P xor D */
		for (i = 0; i < words; i++)
			d[i] ^= p[i];
		return;
	}
	for (i = 0; i < words; i++)
		d[i] = rop3(rop, p[i], s[i], d[i]);
}
