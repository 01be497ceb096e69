/* SPDX-License-Identifier: MIT */
/*
 * The register model: ONE table of registers (reg_table.c), instantiated
 * at start-up for the engines present into a sorted index, and the one
 * generic write path that applies the access rules (hw-spec "Register
 * access rules").  Register values live in BAR0, shared with the driver.
 */
#ifndef GSDEV_REGFILE_H
#define GSDEV_REGFILE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct gs_device;
struct gs_reg;

enum gs_access {
	GS_RW,		/* bits outside ro_mask take the written value */
	GS_RO,		/* writes are ignored */
	GS_W1C,		/* written ones clear bits (IIR, EIR) */
	GS_MASKED,	/* bits 31:16 select which of bits 15:0 change */
	GS_WO,		/* write-only: reads return 0, the write is the event */
};

typedef void gs_reg_write_fn(struct gs_device *dev, const struct gs_reg *reg, uint32_t val);
typedef uint32_t gs_reg_reset_fn(const struct gs_device *dev, const struct gs_reg *reg);

/**
 * struct gs_reg_desc - one row of the register table
 * @offset: BAR0 offset; for engine rows, the offset from the engine base
 * @name: the PRM name
 * @access: the access rule
 * @reset: reset value, unless @reset_fn computes it from the configuration
 * @reset_fn: config-dependent reset value, or NULL
 * @ro_mask: bits that writes do not change (RW, W1C, MASKED)
 * @count: for register arrays, the number of registers (0 means 1)
 * @stride: for register arrays, the distance between them in bytes
 * @engines: engine rows only: the engines that have the register (bit per
 *	enum gs_engine_id), 0 for every engine
 * @write: side effect, called after the access rule stored the new value
 */
struct gs_reg_desc {
	uint32_t offset;
	const char *name;
	enum gs_access access;
	uint32_t reset;
	gs_reg_reset_fn *reset_fn;
	uint32_t ro_mask;
	uint16_t count;
	uint16_t stride;
	uint8_t engines;
	gs_reg_write_fn *write;
};

/* One register instance, at its absolute offset. */
struct gs_reg {
	uint32_t offset;
	uint16_t index;		/* position in its array */
	int8_t engine;		/* enum gs_engine_id, or -1 */
	const struct gs_reg_desc *desc;
};

struct gs_regfile {
	struct gs_reg *regs;	/* sorted by offset */
	size_t nr;
};

extern const struct gs_reg_desc gs_global_reg_table[];
extern const size_t gs_global_reg_table_len;
extern const struct gs_reg_desc gs_engine_reg_table[];
extern const size_t gs_engine_reg_table_len;
extern const uint32_t gs_engine_mmio_base[];
extern const char *const gs_engine_names[];

int gs_regfile_init(struct gs_regfile *rf, uint32_t engine_mask, char *why, size_t len);
void gs_regfile_fini(struct gs_regfile *rf);
const struct gs_reg *gs_reg_lookup(const struct gs_regfile *rf, uint32_t offset);
void gs_reg_name(const struct gs_reg *reg, char *buf, size_t len);
uint32_t gs_reg_apply_rule(const struct gs_reg_desc *desc, uint32_t old, uint32_t val);
uint32_t gs_reg_reset_value(const struct gs_device *dev, const struct gs_reg *reg);
void gs_regfile_dump(const struct gs_device *dev, FILE *f);

#endif
