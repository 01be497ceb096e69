// SPDX-License-Identifier: MIT
/*
 * The tables themselves: the instruction table against the opcode list of
 * IGT assembler/brw_defines.h (transcribed here independently) and its
 * execution columns against the operand forms (the semantics themselves
 * are test_interp_table's), the type codes against 2.3, the field table
 * tiling each layout's 128 bits exactly once, the compaction tables'
 * shapes and maps (2.6).
 */
#include <string.h>

#include "../eu_compact.h"
#include "eu_test_util.h"
#include "tap.h"

/* IGT assembler/brw_defines.h, in the sources' order; every row must be in the table. */
static const struct { const char *name; unsigned opcode; } notes_opcodes[] = {
	{ "mov", 0x01 }, { "sel", 0x02 }, { "not", 0x04 }, { "and", 0x05 },
	{ "or", 0x06 }, { "xor", 0x07 }, { "shr", 0x08 }, { "shl", 0x09 },
	{ "asr", 0x0c }, { "cmp", 0x10 }, { "cmpn", 0x11 }, { "bfrev", 0x17 },
	{ "bfe", 0x18 }, { "bfi1", 0x19 }, { "bfi2", 0x1a }, { "jmpi", 0x20 },
	{ "brd", 0x21 }, { "if", 0x22 }, { "brc", 0x23 }, { "else", 0x24 },
	{ "endif", 0x25 }, { "while", 0x27 }, { "break", 0x28 }, { "cont", 0x29 },
	{ "halt", 0x2a }, { "call", 0x2c }, { "ret", 0x2d }, { "wait", 0x30 },
	{ "send", 0x31 }, { "sendc", 0x32 }, { "math", 0x38 }, { "add", 0x40 },
	{ "mul", 0x41 }, { "avg", 0x42 }, { "frc", 0x43 }, { "rndu", 0x44 },
	{ "rndd", 0x45 }, { "rnde", 0x46 }, { "rndz", 0x47 }, { "mac", 0x48 },
	{ "mach", 0x49 }, { "lzd", 0x4a }, { "fbh", 0x4b }, { "fbl", 0x4c },
	{ "cbit", 0x4d }, { "addc", 0x4e }, { "subb", 0x4f }, { "sad2", 0x50 },
	{ "sada2", 0x51 }, { "dp4", 0x54 }, { "dph", 0x55 }, { "dp3", 0x56 },
	{ "dp2", 0x57 }, { "line", 0x59 }, { "pln", 0x5a }, { "mad", 0x5b },
	{ "lrp", 0x5c }, { "nop", 0x7e },
	/* csel: three-source 0x12 on Gen8 (Mesa's opcode table) */
	{ "csel", 0x12 },
	/* goto, join: Gen8's per-channel branches (IGA's Gen8 opcode list) */
	{ "goto", 0x2e }, { "join", 0x2f },
	/* madm: the IEEE macro step (IGA's Gen8 opcode list) */
	{ "madm", 0x5d },
	/* smov: IGC's scattered move (IGA's Gen8 opcode list) */
	{ "smov", 0x0a },
};

static void t_opcodes_match_notes(void)
{
	unsigned n = sizeof(notes_opcodes) / sizeof(notes_opcodes[0]);

	CHECK_EQ(n, GSEU_OP_COUNT);
	for (unsigned k = 0; k < n; k++) {
		const struct gseu_opinfo *a = gseu_opinfo_by_name(notes_opcodes[k].name);

		CHECK_MSG(a, "%s missing", notes_opcodes[k].name);
		CHECK_MSG(a->opcode == notes_opcodes[k].opcode, "%s is %#x, notes say %#x",
			  a->name, a->opcode, notes_opcodes[k].opcode);
		CHECK(gseu_opinfo(a->opcode) == a);
		CHECK(gseu_opinfo_by_op(a->op) == a);
	}
}

static void t_table_is_consistent(void)
{
	unsigned seen = 0;

	for (unsigned hw = 0; hw < 256; hw++) {
		const struct gseu_opinfo *a = gseu_opinfo(hw);

		if (!a)
			continue;
		seen++;
		CHECK(hw < 128);
		CHECK_EQ(a->opcode, hw);
		CHECK(a->form <= GSEU_FORM_NOP);
		switch (a->form) {
		case GSEU_FORM_ALU1: CHECK_EQ(a->nsrc, 1); break;
		case GSEU_FORM_ALU2: case GSEU_FORM_MATH:
		case GSEU_FORM_SEND: CHECK_EQ(a->nsrc, 2); break;
		case GSEU_FORM_ALU3: CHECK_EQ(a->nsrc, 3); break;
		default: CHECK(a->nsrc <= 1); break;
		}
		/* mnemonics are unique */
		CHECK(gseu_opinfo_by_name(a->name) == a);
		/* the execution columns fit the operand form */
		switch (a->exec) {
		case GSEU_EXEC_ALU:
			CHECK_MSG(a->form <= GSEU_FORM_MATH, "%s", a->name);
			CHECK_MSG(a->cls && !(a->cls & ~GSEU_CLS_ALL), "%s", a->name);
			break;
		case GSEU_EXEC_FLOW:
			CHECK_MSG(a->form >= GSEU_FORM_BRANCH1 && a->form <= GSEU_FORM_RET,
				  "%s", a->name);
			break;
		case GSEU_EXEC_SEND:
			CHECK_MSG(a->form == GSEU_FORM_SEND, "%s", a->name);
			break;
		case GSEU_EXEC_MACRO:
			CHECK_MSG(a->form == GSEU_FORM_ALU3 && a->cls == GSEU_CLS_DF,
				  "%s", a->name);
			break;
		case GSEU_EXEC_PLAIN:
		case GSEU_EXEC_NONE:
			break;
		default:
			CHECK_MSG(0, "%s: execution class %u", a->name, a->exec);
		}
		CHECK_MSG(a->exec == GSEU_EXEC_ALU || ((!a->cls || a->exec == GSEU_EXEC_MACRO) &&
							!a->xflags),
			  "%s: computation classes or properties off the ALU", a->name);
		CHECK_MSG(!(a->flags & GSEU_F_ONE_OPERAND) || a->form == GSEU_FORM_ALU1,
			  "%s", a->name);
	}
	CHECK_EQ(seen, GSEU_OP_COUNT);
	CHECK(gseu_opinfo(0) == NULL);		/* illegal opcode */
	/* goto and join: rows like if and endif, executed as branches */
	{
		const struct gseu_opinfo *g = gseu_opinfo(0x2e), *j = gseu_opinfo(0x2f);

		CHECK(g && g->op == GSEU_OP_GOTO && g->form == GSEU_FORM_BRANCH2 &&
		      g->exec == GSEU_EXEC_FLOW && (g->flags & GSEU_F_BRCTRL));
		CHECK(j && j->op == GSEU_OP_JOIN && j->form == GSEU_FORM_BRANCH1 &&
		      j->exec == GSEU_EXEC_FLOW);
	}
	/* madm: an IEEE macro row (it once was decode-only) */
	{
		const struct gseu_opinfo *a = gseu_opinfo_by_name("madm");

		CHECK_MSG(a && a->opcode == 0x5d && a->form == GSEU_FORM_ALU3 &&
			  a->exec == GSEU_EXEC_MACRO && a->op < GSEU_OP_COUNT, "madm");
		CHECK(gseu_opinfo(0x5d) == a && gseu_opinfo_all(0x5d) == a);
	}
}

/* Mesa src/intel/compiler/brw_reg_type.c: register and immediate type codes. */
static void t_type_codes(void)
{
	static const struct { unsigned t; int reg, imm; unsigned size; } rows[] = {
		{ GSEU_TYPE_UD, 0, 0, 4 }, { GSEU_TYPE_D, 1, 1, 4 },
		{ GSEU_TYPE_UW, 2, 2, 2 }, { GSEU_TYPE_W, 3, 3, 2 },
		{ GSEU_TYPE_UB, 4, -1, 1 }, { GSEU_TYPE_B, 5, -1, 1 },
		{ GSEU_TYPE_DF, 6, 10, 8 }, { GSEU_TYPE_F, 7, 7, 4 },
		{ GSEU_TYPE_UQ, 8, 8, 8 }, { GSEU_TYPE_Q, 9, 9, 8 },
		{ GSEU_TYPE_HF, 10, 11, 2 }, { GSEU_TYPE_UV, -1, 4, 2 },
		{ GSEU_TYPE_VF, -1, 5, 4 }, { GSEU_TYPE_V, -1, 6, 2 },
	};

	for (unsigned k = 0; k < sizeof(rows) / sizeof(rows[0]); k++) {
		CHECK_EQ(gseu_type_to_hw(GSEU_FILE_GRF, rows[k].t), rows[k].reg);
		CHECK_EQ(gseu_type_to_hw(GSEU_FILE_IMM, rows[k].t), rows[k].imm);
		CHECK_EQ(gseu_type_size(rows[k].t), rows[k].size);
		if (rows[k].reg >= 0)
			CHECK_EQ(gseu_type_from_hw(GSEU_FILE_ARF, rows[k].reg), rows[k].t);
		if (rows[k].imm >= 0)
			CHECK_EQ(gseu_type_from_hw(GSEU_FILE_IMM, rows[k].imm), rows[k].t);
	}
	for (unsigned hw = 11; hw < 16; hw++)
		CHECK_EQ(gseu_type_from_hw(GSEU_FILE_GRF, hw), -1);
	for (unsigned hw = 12; hw < 16; hw++)
		CHECK_EQ(gseu_type_from_hw(GSEU_FILE_IMM, hw), -1);
}

static enum gseu_field field_by_name(const char *name)
{
	for (unsigned f = 0; f < GF_COUNT; f++)
		if (!strcmp(gseu_fields[f].name, name))
			return f;
	tap_fail(__FILE__, __LINE__, "no field %s", name);
}

/* The named fields must cover 0..bits-1 exactly once. */
static void check_tiling(const char *const *names, unsigned bits)
{
	unsigned owner[128];

	for (unsigned b = 0; b < bits; b++)
		owner[b] = ~0u;
	for (unsigned k = 0; names[k]; k++) {
		enum gseu_field f = field_by_name(names[k]);

		for (unsigned b = gseu_fields[f].lo; b <= gseu_fields[f].hi; b++) {
			CHECK_MSG(b < bits, "%s bit %u past %u", names[k], b, bits);
			CHECK_MSG(owner[b] == ~0u, "bit %u in %s and %s", b, names[k],
				  gseu_fields[owner[b]].name);
			owner[b] = f;
		}
	}
	for (unsigned b = 0; b < bits; b++)
		CHECK_MSG(owner[b] != ~0u, "bit %u not covered", b);
}

#define HEADER "OPCODE", "RSVD7", "ACCESS", "NODDCLR", "NODDCHK", "NIBCTRL", \
	"QTRCTRL", "THREADCTRL", "PREDCTRL", "PREDINV", "EXECSIZE", "CONDMOD", \
	"ACCWREN", "CMPTCTRL", "DEBUGCTRL", "SATURATE", "FLAGSUBREG", "FLAGREG", \
	"MASKCTRL"

static void t_fields_tile_layouts(void)
{
	static const char *const align1_direct[] = { HEADER,
		"DST_FILE", "DST_TYPE", "SRC0_FILE", "SRC0_TYPE", "DST_IAIMM9",
		"DST_SUBREG", "DST_REG", "DST_HSTRIDE", "DST_ADDRMODE",
		"SRC0_SUBREG", "SRC0_REG", "SRC0_ABS", "SRC0_NEG", "SRC0_ADDRMODE",
		"SRC0_HSTRIDE", "SRC0_WIDTH", "SRC0_VSTRIDE", "SRC1_FILE",
		"SRC1_TYPE", "SRC0_IAIMM9", "SRC1_SUBREG", "SRC1_REG", "SRC1_ABS",
		"SRC1_NEG", "SRC1_ADDRMODE", "SRC1_HSTRIDE", "SRC1_WIDTH",
		"SRC1_VSTRIDE", "SRC1_IAIMM9", "SRC1_RSVD", NULL };
	static const char *const align1_indirect[] = { HEADER,
		"DST_FILE", "DST_TYPE", "SRC0_FILE", "SRC0_TYPE", "DST_IAIMM9",
		"DST_IAIMM", "DST_IASUBREG", "DST_HSTRIDE", "DST_ADDRMODE",
		"SRC0_IAIMM", "SRC0_IASUBREG", "SRC0_ABS", "SRC0_NEG",
		"SRC0_ADDRMODE", "SRC0_HSTRIDE", "SRC0_WIDTH", "SRC0_VSTRIDE",
		"SRC1_FILE", "SRC1_TYPE", "SRC0_IAIMM9", "SRC1_IAIMM",
		"SRC1_IASUBREG", "SRC1_ABS", "SRC1_NEG", "SRC1_ADDRMODE",
		"SRC1_HSTRIDE", "SRC1_WIDTH", "SRC1_VSTRIDE", "SRC1_IAIMM9",
		"SRC1_RSVD", NULL };
	static const char *const align16_direct[] = { HEADER,
		"DST_FILE", "DST_TYPE", "SRC0_FILE", "SRC0_TYPE", "DST_IAIMM9",
		"DST_WRMASK", "DST_HALF", "DST_REG", "DST_HSTRIDE", "DST_ADDRMODE",
		"SRC0_SWZXY", "SRC0_HALF", "SRC0_REG", "SRC0_ABS", "SRC0_NEG",
		"SRC0_ADDRMODE", "SRC0_HSTRIDE", "SRC0_SWZW", "SRC0_A16RSVD",
		"SRC0_VSTRIDE", "SRC1_FILE", "SRC1_TYPE", "SRC0_IAIMM9",
		"SRC1_SWZXY", "SRC1_HALF", "SRC1_REG", "SRC1_ABS", "SRC1_NEG",
		"SRC1_ADDRMODE", "SRC1_HSTRIDE", "SRC1_SWZW", "SRC1_A16RSVD",
		"SRC1_VSTRIDE", "SRC1_IAIMM9", "SRC1_RSVD", NULL };
	static const char *const send_imm[] = { HEADER,
		"DST_FILE", "DST_TYPE", "SRC0_FILE", "SRC0_TYPE", "DST_IAIMM9",
		"DST_SUBREG", "DST_REG", "DST_HSTRIDE", "DST_ADDRMODE",
		"SRC0_SUBREG", "SRC0_REG", "SRC0_ABS", "SRC0_NEG", "SRC0_ADDRMODE",
		"SRC0_HSTRIDE", "SRC0_WIDTH", "SRC0_VSTRIDE", "SRC1_FILE",
		"SRC1_TYPE", "SRC0_IAIMM9", "SEND_DESC", "SEND_RSVD", "SEND_EOT",
		NULL };
	static const char *const branch[] = { HEADER,
		"DST_FILE", "DST_TYPE", "SRC0_FILE", "SRC0_TYPE", "DST_IAIMM9",
		"DST_SUBREG", "DST_REG", "DST_HSTRIDE", "DST_ADDRMODE", "UIP", "JIP",
		NULL };
	static const char *const three_src[] = { HEADER,
		"T_SRC2HF", "T_SRC1HF", "T_SRC0_ABS", "T_SRC0_NEG", "T_SRC1_ABS",
		"T_SRC1_NEG", "T_SRC2_ABS", "T_SRC2_NEG", "T_SRC_TYPE",
		"T_DST_TYPE", "T_DST_WRMASK", "T_DST_SUBREG", "T_DST_REG",
		"T_SRC0_REP", "T_SRC0_SWZ", "T_SRC0_SUBREG", "T_SRC0_REG",
		"T_RSVD84", "T_SRC1_REP", "T_SRC1_SWZ", "T_SRC1_SUBREG",
		"T_SRC1_REG", "T_RSVD105", "T_SRC2_REP", "T_SRC2_SWZ",
		"T_SRC2_SUBREG", "T_SRC2_REG", "T_RSVD127", NULL };
	static const char *const compact[] = {
		"C_OPCODE", "C_DEBUG", "C_CTRLIDX", "C_DTIDX", "C_SUBREGIDX",
		"C_ACCWREN", "C_CONDMOD", "C_RSVD28", "C_CMPTCTRL", "C_SRC0IDX",
		"C_SRC1IDX", "C_DSTREG", "C_SRC0REG", "C_SRC1REG", NULL };
	static const char *const compact3[] = {
		"C3_OPCODE", "C3_RSVD7", "C3_CTRLIDX", "C3_SRCIDX", "C3_DSTREG",
		"C3_RSVD27", "C3_SRC0REP", "C3_CMPTCTRL", "C3_DEBUG", "C3_SAT",
		"C3_SRC1REP", "C3_SRC2REP", "C3_SRC0SUB", "C3_SRC1SUB",
		"C3_SRC2SUB", "C3_SRC0REG", "C3_SRC1REG", "C3_SRC2REG", NULL };

	check_tiling(align1_direct, 128);
	check_tiling(align1_indirect, 128);
	check_tiling(align16_direct, 128);
	check_tiling(send_imm, 128);
	check_tiling(branch, 128);
	check_tiling(three_src, 128);
	check_tiling(compact, 64);
	check_tiling(compact3, 64);
}

static void t_fields_never_cross_64(void)
{
	for (unsigned f = 0; f < GF_COUNT; f++) {
		const struct gseu_field_desc *d = &gseu_fields[f];

		CHECK_MSG(d->hi >= d->lo, "%s", d->name);
		CHECK_MSG(d->hi / 64 == d->lo / 64, "%s crosses bit 64", d->name);
		CHECK_MSG(d->hi < (d->compact ? 64 : 128), "%s", d->name);
	}
}

/* Mesa src/intel/compiler/brw_eu_compact.c: table shapes; maps add up; entries unique and fit. */
static void t_compaction_tables(void)
{
	const struct gseu_ctable *t[] = {
		&gseu_ct_control, &gseu_ct_datatype, &gseu_ct_subreg,
		&gseu_ct_src0, &gseu_ct_src1, &gseu_ct_control3, &gseu_ct_source3,
	};
	static const unsigned bits[] = { 19, 21, 15, 12, 12, 24, 46 };
	static const unsigned entries[] = { 32, 32, 32, 32, 32, 4, 4 };
	struct gseu_native seen[2] = { { { 0, 0 } }, { { 0, 0 } } };

	for (unsigned k = 0; k < 7; k++) {
		unsigned sum = 0;

		CHECK_EQ(t[k]->bits, bits[k]);
		CHECK_EQ(t[k]->nentries, entries[k]);
		for (unsigned p = 0; p < t[k]->npieces; p++)
			sum += t[k]->map[p].hi - t[k]->map[p].lo + 1;
		CHECK_EQ(sum, bits[k]);
		for (unsigned e = 0; e < t[k]->nentries; e++) {
			CHECK_MSG(!(t[k]->entries[e] >> bits[k]), "%s[%u]", t[k]->name, e);
			for (unsigned e2 = 0; e2 < e; e2++)
				CHECK_MSG(t[k]->entries[e] != t[k]->entries[e2],
					  "%s[%u] repeats", t[k]->name, e);
		}
		/* pieces of the generic tables never overlap each other */
		for (unsigned p = 0; p < t[k]->npieces; p++)
			for (unsigned b = t[k]->map[p].lo; b <= t[k]->map[p].hi; b++) {
				struct gseu_native *s = &seen[k >= 5];

				CHECK_MSG(!(s->q[b / 64] >> (b % 64) & 1), "bit %u twice", b);
				s->q[b / 64] |= 1ull << (b % 64);
			}
	}
	/* gather/scatter are inverses */
	for (unsigned k = 0; k < 7; k++)
		for (unsigned e = 0; e < t[k]->nentries; e++) {
			struct gseu_native n = { { 0, 0 } };

			gseu_ct_scatter(t[k], &n, t[k]->entries[e]);
			CHECK_EQ(gseu_ct_gather(t[k], &n), t[k]->entries[e]);
		}
}

/*
 * Region and execution-size codes: 965/G35 PRM Vol. 4 Subsystem and Cores
 * (2008), 11.3.6 "Region Parameters"; Chia-I Wu's "Intel GEN6 PRM" notes
 * (olv-notes), "Execution Environment".
 */
static void t_region_codes(void)
{
	static const int vs[16] = { 0, 1, 2, 4, 8, 16, 32, -1, -1, -1, -1, -1, -1, -1, -1,
				    GSEU_VSTRIDE_VXH };

	for (unsigned c = 0; c < 16; c++) {
		CHECK_EQ(gseu_vstride_from_code(c), vs[c]);
		if (vs[c] >= 0)
			CHECK_EQ(gseu_vstride_to_code((unsigned)vs[c]), c);
	}
	for (unsigned c = 0; c < 8; c++)
		CHECK_EQ(gseu_width_from_code(c), c <= 4 ? 1 << c : -1);
	CHECK_EQ(gseu_hstride_from_code(0), 0);
	CHECK_EQ(gseu_hstride_from_code(3), 4);
	CHECK_EQ(gseu_log2_exec(32), 5);
	CHECK_EQ(gseu_log2_exec(3), -1);
	CHECK_EQ(gseu_log2_exec(64), -1);
}

int main(void)
{
	tap_run("opcodes match IGT assembler/brw_defines.h", t_opcodes_match_notes);
	tap_run("instruction table is consistent", t_table_is_consistent);
	tap_run("type codes match Mesa src/intel/compiler/brw_reg_type.c", t_type_codes);
	tap_run("fields tile every layout exactly once", t_fields_tile_layouts);
	tap_run("no field crosses bit 64", t_fields_never_cross_64);
	tap_run("compaction tables: shape, maps, uniqueness", t_compaction_tables);
	tap_run("region and exec size codes", t_region_codes);
	return tap_done();
}
