/* SPDX-License-Identifier: MIT */
/*
 * Private: the compaction tables of eu_compact_tables.c, each a list of
 * entries plus the native bit ranges an entry expands into.
 */
#ifndef GSEU_EU_COMPACT_H
#define GSEU_EU_COMPACT_H

#include "eu_priv.h"

struct gseu_cpiece { uint8_t hi, lo; };	/* native bit range, MSB first */

struct gseu_ctable {
	const char *name;
	const struct gseu_cpiece *map;
	unsigned npieces;
	const uint64_t *entries;
	unsigned nentries;
	unsigned bits;		/* sum of the piece widths */
};

extern const struct gseu_ctable gseu_ct_control, gseu_ct_datatype,
	gseu_ct_subreg, gseu_ct_src0, gseu_ct_src1, gseu_ct_control3,
	gseu_ct_source3;

/* Native bits of a table's pieces, concatenated MSB first. */
uint64_t gseu_ct_gather(const struct gseu_ctable *t, const struct gseu_native *n);
/* Write a value into a table's pieces. */
void gseu_ct_scatter(const struct gseu_ctable *t, struct gseu_native *n, uint64_t v);

#endif
