// SPDX-License-Identifier: MIT
/*
 * The data tables of the EU layer: the instruction table (eu_insns.def)
 * indexed by opcode and by name, the field table (eu_fields.def), and the
 * code <-> value tables for types, regions, condition modifiers, math
 * functions, SFIDs, predicate modes and ARF registers.
 *
 * Sources: Mesa src/intel/compiler/brw_reg_type.c (types), 2.4 (opcodes
 * and math functions), 3.1 (SFIDs); 965/G35 PRM Vol. 4 Subsystem and
 * Cores (2008), 11.3.4 "ARF Registers" (ARF numbers), 4.2 (region
 * codes), 5.2 (predicate modes), 5.3 (condition modifiers). The Gen8
 * ARF classes beyond Gen4's (acc2-9, ce, msg, sp, tm, fc, dbg) follow
 * IGA's Gen8 register model [EXT].
 */
#include <string.h>
#include <strings.h>

#include "eu_priv.h"

const struct gseu_field_desc gseu_fields[GF_COUNT] = {
#define GSEU_FIELD(name, h, l) [GF_##name] = { #name, h, l, false },
#define GSEU_CFIELD(name, h, l) [GF_##name] = { #name, h, l, true },
#include "eu_fields.def"
#undef GSEU_FIELD
#undef GSEU_CFIELD
};

/* The semantics column is the interpreter's (eu/interp/interp_insns.c). */
static const struct gseu_opinfo op_table[GSEU_OP_COUNT] = {
#define GSEU_OP(id, mnem, opc, frm, ns, fl, ex, cl, sem, xf) \
	[GSEU_OP_##id] = { .name = mnem, .opcode = opc, .form = frm, \
			   .nsrc = ns, .flags = fl, .op = GSEU_OP_##id, \
			   .exec = ex, .cls = cl, .xflags = xf },
#include "gseu/eu_insns.def"
#undef GSEU_OP
};

/*
 * Opcode number -> row + 1 (0 = no row), generated from the same table at
 * compile time so there is one source and no run-time initialisation.
 */
static const uint8_t by_opcode[128] = {
#define GSEU_OP(id, mnem, opc, ...) [opc] = GSEU_OP_##id + 1,
#include "gseu/eu_insns.def"
#undef GSEU_OP
};

const struct gseu_opinfo *gseu_opinfo(unsigned hw)
{
	if (hw >= 128 || !by_opcode[hw])
		return NULL;
	return &op_table[by_opcode[hw] - 1];
}

/* No decode-only rows are left (eu.h, GSEU_OP_ALL_COUNT): the same set. */
const struct gseu_opinfo *gseu_opinfo_all(unsigned hw)
{
	return gseu_opinfo(hw);
}

const struct gseu_opinfo *gseu_opinfo_by_op(enum gseu_op op)
{
	if ((unsigned)op < GSEU_OP_COUNT)
		return &op_table[op];
	return NULL;
}

const struct gseu_opinfo *gseu_opinfo_by_name(const char *m)
{
	for (unsigned i = 0; i < GSEU_OP_ALL_COUNT; i++) {
		const struct gseu_opinfo *o = gseu_opinfo_by_op((enum gseu_op)i);

		if (!strcasecmp(o->name, m))
			return o;
	}
	return NULL;
}

const char *gseu_unsupported_opcode_name(unsigned hw)
{
	switch (hw) {
	case 0x13: return "f32to16 (Gen7 only)";
	case 0x14: return "f16to32 (Gen7 only)";
	case 0x2b: return "calla";
	default: return NULL;
	}
}

/* ---- types ---------------------------------------------------------- */

static const struct {
	const char *name;
	uint8_t size;
	int8_t reg_hw, imm_hw;	/* -1: not allowed in that file */
} types[GSEU_TYPE_COUNT] = {
	[GSEU_TYPE_UD] = { "UD", 4, 0, 0 },
	[GSEU_TYPE_D]  = { "D",  4, 1, 1 },
	[GSEU_TYPE_UW] = { "UW", 2, 2, 2 },
	[GSEU_TYPE_W]  = { "W",  2, 3, 3 },
	[GSEU_TYPE_UB] = { "UB", 1, 4, -1 },	/* no byte immediates */
	[GSEU_TYPE_B]  = { "B",  1, 5, -1 },
	[GSEU_TYPE_DF] = { "DF", 8, 6, 10 },
	[GSEU_TYPE_F]  = { "F",  4, 7, 7 },
	[GSEU_TYPE_UQ] = { "UQ", 8, 8, 8 },
	[GSEU_TYPE_Q]  = { "Q",  8, 9, 9 },
	[GSEU_TYPE_HF] = { "HF", 2, 10, 11 },
	[GSEU_TYPE_V]  = { "V",  2, -1, 6 },
	[GSEU_TYPE_UV] = { "UV", 2, -1, 4 },
	[GSEU_TYPE_VF] = { "VF", 4, -1, 5 },
};

unsigned gseu_type_size(enum gseu_type t)
{
	return (unsigned)t < GSEU_TYPE_COUNT ? types[t].size : 0;
}

const char *gseu_type_name(enum gseu_type t)
{
	return (unsigned)t < GSEU_TYPE_COUNT ? types[t].name : "?";
}

int gseu_type_from_hw(unsigned file, unsigned hw)
{
	for (int t = 0; t < GSEU_TYPE_COUNT; t++) {
		int code = file == GSEU_FILE_IMM ? types[t].imm_hw : types[t].reg_hw;

		if (code >= 0 && (unsigned)code == hw)
			return t;
	}
	return -1;
}

int gseu_type_to_hw(unsigned file, enum gseu_type t)
{
	if ((unsigned)t >= GSEU_TYPE_COUNT)
		return -1;
	return file == GSEU_FILE_IMM ? types[t].imm_hw : types[t].reg_hw;
}

int gseu_type3_from_hw(unsigned hw)
{
	static const int8_t map[8] = { GSEU_TYPE_F, GSEU_TYPE_D, GSEU_TYPE_UD,
				       GSEU_TYPE_DF, GSEU_TYPE_HF, -1, -1, -1 };
	return hw < 8 ? map[hw] : -1;
}

int gseu_type3_to_hw(enum gseu_type t)
{
	switch (t) {
	case GSEU_TYPE_F: return 0;
	case GSEU_TYPE_D: return 1;
	case GSEU_TYPE_UD: return 2;
	case GSEU_TYPE_DF: return 3;
	case GSEU_TYPE_HF: return 4;
	default: return -1;
	}
}

/* ---- regions and execution size ------------------------------------- */

int gseu_vstride_from_code(unsigned code)
{
	if (code <= 6)
		return code ? 1 << (code - 1) : 0;
	return code == 0xf ? GSEU_VSTRIDE_VXH : -1;
}

int gseu_vstride_to_code(unsigned v)
{
	if (v == GSEU_VSTRIDE_VXH)
		return 0xf;
	for (unsigned c = 0; c <= 6; c++)
		if ((unsigned)gseu_vstride_from_code(c) == v)
			return c;
	return -1;
}

int gseu_width_from_code(unsigned code)
{
	return code <= 4 ? 1 << code : -1;
}

int gseu_width_to_code(unsigned v)
{
	for (unsigned c = 0; c <= 4; c++)
		if (1u << c == v)
			return c;
	return -1;
}

int gseu_hstride_from_code(unsigned code)
{
	return code == 0 ? 0 : code <= 3 ? 1 << (code - 1) : -1;
}

int gseu_hstride_to_code(unsigned v)
{
	for (unsigned c = 0; c <= 3; c++)
		if ((unsigned)gseu_hstride_from_code(c) == v)
			return c;
	return -1;
}

int gseu_log2_exec(unsigned e)
{
	for (int c = 0; c <= 5; c++)
		if (1u << c == e)
			return c;
	return -1;
}

/* ---- names ------------------------------------------------------------ */

const char *gseu_cmod_name(unsigned c)
{
	static const char *const n[16] = {
		[1] = "z", [2] = "nz", [3] = "g", [4] = "ge", [5] = "l",
		[6] = "le", [8] = "o", [9] = "u",
	};
	return c < 16 ? n[c] : NULL;
}

const char *gseu_math_name(unsigned f)
{
	static const char *const n[16] = {
		[1] = "inv", [2] = "log", [3] = "exp", [4] = "sqrt",
		[5] = "rsq", [6] = "sin", [7] = "cos", [9] = "fdiv",
		[10] = "pow", [11] = "intdivmod", [12] = "intdiv",
		[13] = "intmod", [14] = "invm", [15] = "rsqrtm",
	};
	return f < 16 ? n[f] : NULL;
}

unsigned gseu_math_nsrc(unsigned f)
{
	if (!gseu_math_name(f))
		return 0;
	/* invm, the divide macro's step, reads two (IGA's Gen8 model) */
	return (f >= GSEU_MATH_FDIV && f <= GSEU_MATH_IREM) || f == GSEU_MATH_INVM ? 2 : 1;
}

const char *gseu_sfid_name(unsigned s)
{
	static const char *const n[16] = {
		[0] = "null", [2] = "sampler", [3] = "gateway",
		[4] = "dp_sampler", [5] = "dp_render", [6] = "urb", [7] = "ts",
		[8] = "vme", [9] = "dp_const", [10] = "dp_data", [11] = "pi",
		[12] = "dp_data1", [13] = "cre",
	};
	return s < 16 ? n[s] : NULL;
}

const char *gseu_pred_name(unsigned access, unsigned p)
{
	static const char *const a1[16] = {
		[1] = "", [2] = "anyv", [3] = "allv", [4] = "any2h",
		[5] = "all2h", [6] = "any4h", [7] = "all4h", [8] = "any8h",
		[9] = "all8h", [10] = "any16h", [11] = "all16h",
		[12] = "any32h", [13] = "all32h",
	};
	static const char *const a16[16] = {
		[1] = "", [2] = "x", [3] = "y", [4] = "z", [5] = "w",
		[6] = "any4h", [7] = "all4h",
	};
	if (p >= 16)
		return NULL;
	if (p == 0)
		return "";	/* no predication */
	return access == GSEU_ALIGN16 ? a16[p] : a1[p];
}

const char *gseu_arf_class_name(unsigned nr, unsigned *count)
{
	/* count 0: the register has no instance number (only nibble 0). */
	static const struct { const char *name; uint8_t count; } c[16] = {
		[0x0] = { "null", 0 }, [0x1] = { "a", 1 }, [0x2] = { "acc", 10 },
		[0x3] = { "f", 2 }, [0x4] = { "ce", 0 }, [0x5] = { "msg", 8 },
		[0x6] = { "sp", 0 }, [0x7] = { "sr", 2 }, [0x8] = { "cr", 1 },
		[0x9] = { "n", 1 }, [0xa] = { "ip", 0 }, [0xb] = { "tdr", 1 },
		[0xc] = { "tm", 1 }, [0xd] = { "fc", 5 }, [0xf] = { "dbg", 1 },
	};
	unsigned cls = (nr >> 4) & 0xf;

	if (count)
		*count = c[cls].count;
	return c[cls].name;
}
