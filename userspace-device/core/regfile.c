// SPDX-License-Identifier: MIT
/*
 * The register index: the rows of reg_table.c expanded into one sorted
 * array of register instances (engine rows once per engine present, arrays
 * once per element), checked for overlaps, and searched by offset.  Also
 * the access rules as one pure function, so the tests check them apart
 * from any device.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/device.h"

static unsigned int desc_count(const struct gs_reg_desc *d)
{
	return d->count ? d->count : 1;
}

static void add_rows(struct gs_regfile *rf, const struct gs_reg_desc *table, size_t len,
		     int engine, uint32_t base)
{
	for (size_t i = 0; i < len; i++) {
		/* A row for some engines only (the render engine's predicate registers). */
		if (engine >= 0 && table[i].engines && !(table[i].engines & BIT(engine)))
			continue;
		for (unsigned int n = 0; n < desc_count(&table[i]); n++) {
			struct gs_reg *r = &rf->regs[rf->nr++];

			r->offset = base + table[i].offset + n * table[i].stride;
			r->index = n;
			r->engine = engine;
			r->desc = &table[i];
		}
	}
}

static int cmp_reg(const void *a, const void *b)
{
	const struct gs_reg *ra = a, *rb = b;

	return ra->offset < rb->offset ? -1 : ra->offset > rb->offset;
}

static size_t table_instances(const struct gs_reg_desc *table, size_t len)
{
	size_t n = 0;

	for (size_t i = 0; i < len; i++)
		n += desc_count(&table[i]);
	return n;
}

/*
 * Build the index.  Fails if two instances share an offset, or one is
 * misaligned or outside the register half of BAR0: the table must be
 * unambiguous before the device runs.
 */
int gs_regfile_init(struct gs_regfile *rf, uint32_t engine_mask, char *why, size_t len)
{
	size_t max = table_instances(gs_global_reg_table, gs_global_reg_table_len) +
		     GS_NUM_ENGINES * table_instances(gs_engine_reg_table, gs_engine_reg_table_len);
	char a[64], b[64];

	rf->regs = calloc(max, sizeof(*rf->regs));
	rf->nr = 0;
	if (!rf->regs) {
		snprintf(why, len, "out of memory");
		return -ENOMEM;
	}
	add_rows(rf, gs_global_reg_table, gs_global_reg_table_len, -1, 0);
	for (int e = 0; e < GS_NUM_ENGINES; e++)
		if (engine_mask & BIT(e))
			add_rows(rf, gs_engine_reg_table, gs_engine_reg_table_len, e,
				 gs_engine_mmio_base[e]);
	qsort(rf->regs, rf->nr, sizeof(*rf->regs), cmp_reg);

	for (size_t i = 0; i < rf->nr; i++) {
		const struct gs_reg *r = &rf->regs[i];

		gs_reg_name(r, a, sizeof(a));
		if ((r->offset & 3) || r->offset >= GENSIM_BAR0_REGS_SIZE) {
			snprintf(why, len, "register %s at %#x is misaligned or outside BAR0",
				 a, r->offset);
			goto fail;
		}
		if (i && rf->regs[i - 1].offset == r->offset) {
			gs_reg_name(&rf->regs[i - 1], b, sizeof(b));
			snprintf(why, len, "registers %s and %s share offset %#x", b, a, r->offset);
			goto fail;
		}
	}
	return 0;
fail:
	gs_regfile_fini(rf);
	return -EINVAL;
}

void gs_regfile_fini(struct gs_regfile *rf)
{
	free(rf->regs);
	rf->regs = NULL;
	rf->nr = 0;
}

const struct gs_reg *gs_reg_lookup(const struct gs_regfile *rf, uint32_t offset)
{
	size_t lo = 0, hi = rf->nr;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (rf->regs[mid].offset == offset)
			return &rf->regs[mid];
		if (rf->regs[mid].offset < offset)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

/* "rcs0 IMR", "GT_IIR[2]", "MASTER_IRQ" */
void gs_reg_name(const struct gs_reg *reg, char *buf, size_t len)
{
	const char *eng = reg->engine >= 0 ? gs_engine_names[reg->engine] : NULL;

	if (desc_count(reg->desc) > 1)
		snprintf(buf, len, "%s%s%s[%u]", eng ? eng : "", eng ? " " : "",
			 reg->desc->name, reg->index);
	else
		snprintf(buf, len, "%s%s%s", eng ? eng : "", eng ? " " : "", reg->desc->name);
}

/*
 * The access rules (hw-spec "Register access rules").  Returns the value
 * the register holds after the driver wrote @val over @old.
 */
uint32_t gs_reg_apply_rule(const struct gs_reg_desc *desc, uint32_t old, uint32_t val)
{
	uint32_t ro = desc->ro_mask, sel;

	switch (desc->access) {
	case GS_RW:
		return (old & ro) | (val & ~ro);
	case GS_RO:
		return old;
	case GS_W1C:
		return old & ~(val & ~ro);
	case GS_MASKED:
		/* The upper half is the write enable of the lower; it reads as 0. */
		sel = (val >> 16) & ~ro & 0xffff;
		return ((old & ~sel) | (val & sel)) & 0xffff;
	case GS_WO:
		return 0;
	}
	return old;
}

static const char *const access_names[] = {
	[GS_RW] = "RW", [GS_RO] = "RO", [GS_W1C] = "W1C", [GS_MASKED] = "masked", [GS_WO] = "WO",
};

/*
 * The register reference, one line per register: offset, name, access
 * (with "+" when a write has a side effect) and the reset value for the
 * configuration of @dev.  The hardware spec's table is checked against it.
 */
void gs_regfile_dump(const struct gs_device *dev, FILE *f)
{
	char name[64];

	for (size_t i = 0; i < dev->rf.nr; i++) {
		const struct gs_reg *r = &dev->rf.regs[i];

		gs_reg_name(r, name, sizeof(name));
		fprintf(f, "0x%06x  %-28s %-7s 0x%08x\n", r->offset, name,
			r->desc->write ? "RW+" : access_names[r->desc->access],
			gs_reg_reset_value(dev, r));
	}
}

uint32_t gs_reg_reset_value(const struct gs_device *dev, const struct gs_reg *reg)
{
	if (reg->desc->reset_fn)
		return reg->desc->reset_fn(dev, reg);
	return reg->desc->access == GS_MASKED ? reg->desc->reset & 0xffff : reg->desc->reset;
}
