// SPDX-License-Identifier: MIT
/*
 * The compacted (64-bit) form, Mesa
 * src/intel/compiler/brw_eu_compact.c:
 *  - compacted words assembled by hand from the Broadwell tables (the
 *    table row numbers are worked out in the comments), expanded and
 *    compared with the native words written out by hand;
 *  - every table row, one at a time, survives expand -> decode -> encode
 *    -> compact unchanged when it decodes at all;
 *  - random compacted words never crash the expander, and expanding is a
 *    fixed point of compact(expand(c));
 *  - instructions the tables cannot express are refused, by name.
 */
#include <string.h>

#include "../eu_compact.h"
#include "eu_test_util.h"
#include "tap.h"

static uint64_t rng = 0x9e3779b97f4a7c15ull;

static uint64_t next(void)
{
	return tap_xorshift64s(&rng);
}

static void expect_native(uint64_t c, struct gseu_native want)
{
	struct gseu_native got;
	struct gseu_error err;
	uint64_t back;

	CHECK_MSG(!gseu_compact_expand(c, &got, &err), "%s", err.msg);
	CHECK_EQ(got.q[0], want.q[0]);
	CHECK_EQ(got.q[1], want.q[1]);
	CHECK_MSG(!gseu_compact(&want, &back, &err), "%s", err.msg);
	CHECK_EQ(back, c);
}

/*
 * mov(8) g2<1>UD g1<8,8,1>UD { align1 1Q }
 *  control bits (33:31, 23:12, 10:9, 34, 8): ExecSize 3 at 23:21 ->
 *    0b011 << 9 in the 12-bit 23:12 piece, shifted by 4 = 0x06000: row 11
 *  datatype (63:61, 94:89, 46:35): 001 | 000000 | dst GRF bit 35 -> 1,
 *    src0 GRF bit 41 -> 0x40: 0x040041: row 2
 *  subregisters all 0: row 0; src0 region <8,8,1> = vstride 4, width 3,
 *    hstride 1 at 88:77 -> 0b0100_011_01_000 = 0x468: row 28; src1 0: row 0
 *  compact = 0x01 | 11 << 8 | 2 << 13 | 1 << 29 (CmptCtrl) | 28 << 30 |
 *            dst 2 << 40 | src0 1 << 48 = 0x0001020720004b01
 */
static void t_hand_mov(void)
{
	struct gseu_insn i;
	uint8_t bytes[8];
	struct gseu_error err;

	expect_native(0x0001020720004b01ull, eut_dw(0x00600001, 0x20400208, 0x008d0020, 0));
	/* gseu_decode() sees the compacted form and says so */
	for (int k = 0; k < 8; k++)
		bytes[k] = (uint8_t)(0x0001020720004b01ull >> (8 * k));
	CHECK_EQ(gseu_decode(bytes, 8, 0, &i, &err), 8);
	CHECK(i.compacted);
	CHECK_EQ(i.op, GSEU_OP_MOV);
	CHECK_EQ(i.dst.nr, 2);
	CHECK_EQ(i.src[0].vstride, 8);
	/* and gseu_encode() gives the same 8 bytes back */
	{
		uint8_t out[16];

		CHECK_EQ(gseu_encode(&i, out, &err), 8);
		CHECK(!memcmp(out, bytes, 8));
	}
}

/*
 * add(8) g3<1>D g2<8,8,1>D -2D: a compacted immediate.
 *  datatype: 001 | src1 IMM (3) type D (1): 0b000111 | dst GRF D: 0x1 |
 *    0x4, src0 GRF D: 0x40 | 0x100 -> 0x047145: row 14
 *  imm -2 = 0xfffffffe: bits 7:0 = 0xfe -> src1 reg, bits 12:8 = 0x1f ->
 *    src1 index; bit 12 set replicates through bit 31
 *  compact = 0x40 | 11 << 8 | 14 << 13 | 1 << 29 | 28 << 30 | 31 << 35 |
 *            3 << 40 | 2 << 48 | 0xfe << 56 = 0xfe0203ff2001cb40
 *  native: 00600040 20600a28 0e8d0040 fffffffe (as IGT intel-gen4asm's
 *  cmp)
 */
static void t_hand_imm(void)
{
	expect_native(0xfe0203ff2001cb40ull,
		      eut_dw(0x00600040, 0x20600a28, 0x0e8d0040, 0xfffffffe));
}

/*
 * mad(8) g10<1>F g1<4,4,1>F g2<4,4,1>F g3<4,4,1>F { align16 1Q NoMask }
 *  3-src control row 0 = 0x806001: 34:32 = 0b100 (NoMask), 28:8 =
 *    0x006001 (Align16 bit 8, ExecSize 3 at 23:21)
 *  3-src source row 0: identity swizzles, writemask 0xf, F types
 *  compact = 0x5b | 10 << 12 | 1 << 29 | 1 << 43 | 2 << 50 | 3 << 57
 *          = 0x060808002000a05b
 *  native DW1 = NoMask 0x4 | writemask 0x1e0000 | dst 10 << 24 = 0x0a1e0004
 */
static void t_hand_3src(void)
{
	expect_native(0x060808002000a05bull,
		      eut_dw(0x0060015b, 0x0a1e0004, 0x390011c8, 0x00c72004));
}

static void expect_no_compact(const char *line, const char *needle)
{
	struct gseu_native n = eut_asm1(line);
	struct gseu_error err = { 0 };
	uint64_t c;

	CHECK_MSG(gseu_compact(&n, &c, &err) == -1, "'%s' compacted", line);
	CHECK_EQ(err.code, GSEU_E_COMPACT);
	CHECK_MSG(strstr(err.msg, needle), "'%s': '%s' lacks '%s'", line, err.msg, needle);
}

static void t_not_compactable(void)
{
	/* 1.0F = 0x3f800000 is not a 13-bit sign-extended value */
	expect_no_compact("add(8) g3<1>F g2<8,8,1>F 1.0F { align1 1Q }", "13-bit");
	/* NibCtrl (bit 11) is not in the control table */
	expect_no_compact("mov(4) g2<1>UD g1<4,4,1>UD { align1 2N }", "bit 11");
	/* indirect addressing: region row with AddrMode does not exist */
	expect_no_compact("mov(8) g2<1>F g[a0.1,16]<8,8,1>F { align1 1Q }", "region");
	/* DF types are not in the datatype table */
	expect_no_compact("mov(4) g2<1>DF g4<4,4,1>DF { align1 1N }", "datatype");
	/* a 3-src with a swizzle outside the two table rows */
	expect_no_compact("mad(8) g7<1>F g1<4,4,1>.xF g2<4,4,1>F g3<4,4,1>F { align16 1Q }",
			  "3-src source");
}

static void t_reserved_compact(void)
{
	struct gseu_native n;
	struct gseu_error err = { 0 };

	CHECK_EQ(gseu_compact_expand(0x0001020720004b01ull | 1ull << 28, &n, &err), -1);
	CHECK_EQ(err.code, GSEU_E_RESERVED);
	CHECK(strstr(err.msg, "C_RSVD28"));
	CHECK_EQ(gseu_compact_expand(0x0001020700004b01ull, &n, &err), -1);
	CHECK_EQ(err.code, GSEU_E_COMPACT);
	CHECK_EQ(gseu_compact_expand(0x060808002000a05bull | 1ull << 20, &n, &err), -1);
	CHECK(strstr(err.msg, "C3_RSVD27"));
	CHECK_EQ(gseu_compact_expand(0x0001020720004b7full, &n, &err), -1);
	CHECK_EQ(err.code, GSEU_E_OPCODE);
	/* flow control and nop have no compacted form on Gen8 (IGA's model) */
	CHECK_EQ(gseu_compact_expand(0x0001020720004b27ull, &n, &err), -1);	/* while */
	CHECK_EQ(err.code, GSEU_E_COMPACT);
	CHECK_EQ(gseu_compact_expand(0x0001020720004b25ull, &n, &err), -1);	/* endif */
	CHECK_EQ(err.code, GSEU_E_COMPACT);
	CHECK_EQ(gseu_compact_expand(0x0000000020000000ull | 0x7e, &n, &err), -1);	/* nop */
	CHECK_EQ(err.code, GSEU_E_COMPACT);
}

/* Each table row from a known-good base: if it decodes it re-compacts. */
static void t_every_row(void)
{
	static const uint64_t bases[] = {
		0x0001020720004b01ull,	/* mov */
		0xfe0203ff2001cb40ull,	/* add imm */
		0x0001020720004b40ull,	/* add reg: src1 row 0 */
	};
	static const enum gseu_field idx[] = {
		GF_C_CTRLIDX, GF_C_DTIDX, GF_C_SUBREGIDX, GF_C_SRC0IDX, GF_C_SRC1IDX,
	};
	unsigned decoded = 0, tried = 0;

	for (unsigned b = 0; b < sizeof(bases) / sizeof(bases[0]); b++)
		for (unsigned f = 0; f < 5; f++)
			for (unsigned row = 0; row < 32; row++) {
				uint64_t c = bases[b], back;
				struct gseu_native n;
				struct gseu_insn i;
				struct gseu_error err;

				cset(&c, idx[f], row);
				tried++;
				CHECK_MSG(!gseu_compact_expand(c, &n, &err), "%s", err.msg);
				if (gseu_decode_native(&n, &i, &err))
					continue;
				decoded++;
				CHECK_MSG(!gseu_compact(&n, &back, &err), "%#llx: %s",
					  (unsigned long long)c, err.msg);
				/* under an immediate, src1's subregister bits of
				 * the row are not used: compare the expansions */
				if (back != c) {
					struct gseu_native n2;

					CHECK(!gseu_compact_expand(back, &n2, &err));
					CHECK_EQ(n2.q[0], n.q[0]);
					CHECK_EQ(n2.q[1], n.q[1]);
				}
			}
	/* most rows must be meaningful, or the tables are wrong */
	CHECK_MSG(decoded * 2 > tried, "only %u of %u rows decode", decoded, tried);
	for (unsigned ci = 0; ci < 4; ci++)
		for (unsigned si = 0; si < 4; si++) {
			uint64_t c = 0x060808002000a05bull, back;
			struct gseu_native n;
			struct gseu_insn i;
			struct gseu_error err;

			cset(&c, GF_C3_CTRLIDX, ci);
			cset(&c, GF_C3_SRCIDX, si);
			CHECK(!gseu_compact_expand(c, &n, &err));
			CHECK_MSG(!gseu_decode_native(&n, &i, &err), "3-src %u/%u: %s", ci, si, err.msg);
			CHECK(!gseu_compact(&n, &back, &err));
			CHECK_EQ(back, c);
		}
}

static void t_random_words(void)
{
	unsigned ok = 0;

	for (unsigned k = 0; k < 200000; k++) {
		uint64_t c = next() | 1ull << 29, back, back2;
		struct gseu_native n, n2;
		struct gseu_insn i;
		struct gseu_error err;

		/* half of them with a supported opcode */
		if (k & 1) {
			const struct gseu_opinfo *o =
				gseu_opinfo_by_op((enum gseu_op)(next() % GSEU_OP_COUNT));

			c = (c & ~0x7full) | o->opcode;
		}
		if (gseu_compact_expand(c, &n, &err))
			continue;
		if (gseu_decode_native(&n, &i, &err))
			continue;
		ok++;
		CHECK(!gseu_compact(&n, &back, &err));
		CHECK(!gseu_compact_expand(back, &n2, &err));
		CHECK_EQ(n2.q[0], n.q[0]);
		CHECK_EQ(n2.q[1], n.q[1]);
		CHECK(!gseu_compact(&n2, &back2, &err));
		CHECK_EQ(back2, back);
	}
	CHECK_MSG(ok > 1000, "only %u random compacted words decode", ok);
}

int main(void)
{
	tap_run("hand-compacted mov expands and re-compacts", t_hand_mov);
	tap_run("hand-compacted 13-bit immediate", t_hand_imm);
	tap_run("hand-compacted three-source", t_hand_3src);
	tap_run("what the tables cannot express is refused", t_not_compactable);
	tap_run("reserved compacted bits and opcodes", t_reserved_compact);
	tap_run("every table row round-trips", t_every_row);
	tap_run("random compacted words", t_random_words);
	return tap_done();
}
