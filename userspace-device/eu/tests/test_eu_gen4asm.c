// SPDX-License-Identifier: MIT
/*
 * Differential test against intel-gen4asm -g 8 (Debian intel-gpu-tools
 * 1.27.1), an encoder written independently of this one.
 *
 * Part 1: on everything intel-gen4asm encodes correctly, both assemblers
 * must produce the same four dwords.  Where the two syntaxes differ (it
 * reads subregisters and a0 indices in bytes, gensim in elements and
 * words; its send payload defaults to UB <0,1,0>) the case gives both
 * spellings of the same instruction.
 *
 * Part 2: what intel-gen4asm gets wrong for Gen8, each checked so the
 * record stays true (IGT intel-gen4asm pitfalls and 965/G35 PRM Vol. 4
 * Subsystem and Cores (2008), 14.2 "Instruction Description"; Mesa
 * src/intel/compiler/brw_eu_emit.c; IGT intel-gen4asm list them;
 * Documentation/gpu/gensim/eu-isa.rst carries the list):
 *   1. structured branches: JIP/UIP from labels in 8-byte units, numeric
 *      offsets doubled, negative numbers masked to 16 bits first;
 *   2. three-source: modifiers, types and the flag subregister in Gen7
 *      positions (only plain F without modifiers comes out right);
 *   3. NoMask dropped on send;
 *   4. QtrCtrl never set (sechalf/compr ignored);
 *   5. an explicit f0.1 operand gets byte offset 1;
 *   6. Align16 destination stride written as 0 (Mesa writes 1);
 *   7. ExecSize 32 aborts the assembler;
 *   8. call: JIP doubled and src1 not marked immediate;
 *   9. m<N> silently becomes g<112+N> (Gen8 has no MRF).
 * And intel-gen4disasm -g 8:
 *  10. it aborts on a negative JIP and does not print 3-source operands.
 * When the tool is absent every case is skipped.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "eu_test_util.h"
#include "tap.h"

struct pair {
	const char *g4;	/* intel-gen4asm source */
	const char *gs;	/* gensim source, NULL = the same text */
};

static const struct pair agree[] = {
	/* moves, regions, types, immediates */
	{ "mov (8) g2<1>UD g1<8,8,1>UD {align1};", NULL },
	{ "mov (16) g2<1>UW g1<16,16,1>UW {align1};", NULL },
	{ "mov (4) g2<1>UD g1<4,4,1>UD {align1};", NULL },
	{ "mov (1) g2<1>UD g1<0,1,0>UD {align1};", NULL },
	{ "mov (8) g2<1>UB g1<32,8,4>UB {align1};", NULL },
	{ "mov (8) g2<2>W g1<16,8,2>W {align1};", NULL },
	{ "mov (8) g2<1>UD g1.12<8,8,1>UD {align1};", "mov(8) g2<1>UD g1.3<8,8,1>UD" },
	{ "mov (1) g2.4<1>UD g1.28<0,1,0>UD {align1};", "mov(1) g2.1<1>UD g1.7<0,1,0>UD" },
	{ "mov (8) g2<1>F 1.5F {align1};", NULL },
	{ "mov (8) g2<1>F -0.5F {align1};", NULL },
	{ "mov (8) g2<1>D -3D {align1};", NULL },
	{ "mov (8) g2<1>D 0x10:D {align1};", NULL },
	{ "mov (8) g2<1>UD 0xffffffffUD {align1};", NULL },
	{ "mov (8) g2<1>UW 5UW {align1};", NULL },
	{ "mov (8) g2<1>W -5W {align1};", NULL },
	{ "mov (8) g2<1>W 0x76543210V {align1};", NULL },
	{ "mov (4) g2<1>F 0x3f383020VF {align1};", NULL },
	{ "mov.sat (8) g2<1>F -g1<8,8,1>F {align1};", NULL },
	{ "mov (8) g2<1>F (abs)g1<8,8,1>F {align1};", NULL },
	{ "mov (8) g2<1>F -(abs)g1<8,8,1>F {align1};", NULL },
	{ "mov (1) g2<1>F sr0<0,1,0>F {align1};", NULL },
	{ "mov (8) acc0<1>F g1<8,8,1>F {align1};", NULL },
	{ "mov (1) a0<1>UW 0x40UW {align1};", NULL },
	{ "mov (8) g2<1>F g[a0.2,16]<8,8,1>F {align1};", "mov(8) g2<1>F g[a0.1,16]<8,8,1>F" },
	{ "mov (8) g[a0.2,-16]<1>UD g4<8,8,1>UD {align1};", "mov(8) g[a0.1,-16]<1>UD g4<8,8,1>UD" },
	{ "mov (8) g2<1>F g[a0.0]<4,1>F {align1};", NULL },
	/* controls */
	{ "mov (8) g3<1>F g1<8,8,1>F {align1 nomask};", NULL },
	{ "mov (8) g2<1>F g1<8,8,1>F {align1 Breakpoint};", NULL },
	{ "mov (8) g2<1>F g1<8,8,1>F {align1 NoDDClr NoDDChk};", NULL },
	{ "mov (8) g2<1>F g1<8,8,1>F {align1 switch};", NULL },
	{ "mov (8) g2<1>F g1<8,8,1>F {align1 atomic};", NULL },
	{ "add (8) g3<1>F g1<8,8,1>F g2<8,8,1>F {align1 accwrctrl};", NULL },
	{ "(+f0.0) mov (8) g4<1>UD 0x1UD {align1};", NULL },
	{ "(-f0.0) mov (8) g4<1>UD 0x2UD {align1};", NULL },
	{ "(f1.1) mov (8) g2<1>F g1<8,8,1>F {align1};", NULL },
	{ "(f0.0.any8h) mov (8) g3<1>F g1<8,8,1>F {align1};", NULL },
	{ "(f0.0.all4h) mov (8) g3<1>F g1<8,8,1>F {align1};", NULL },
	{ "(f0.0.anyv) mov (8) g3<1>F g1<8,8,1>F {align1};", NULL },
	/* logic, arithmetic, compare */
	{ "and (8) g2<1>UD g1<8,8,1>UD 0xff00UD {align1};", NULL },
	{ "or (8) g2<1>UD g1<8,8,1>UD g3<8,8,1>UD {align1};", NULL },
	{ "xor (8) g2<1>D g1<8,8,1>D -1D {align1};", NULL },
	{ "not (8) g2<1>UD g1<8,8,1>UD {align1};", NULL },
	{ "shl (8) g2<1>UD g1<8,8,1>UD 4UD {align1};", NULL },
	{ "shr (8) g2<1>UD g1<8,8,1>UD 4UD {align1};", NULL },
	{ "asr (8) g2<1>D g1<8,8,1>D 4D {align1};", NULL },
	{ "add (8) g3<1>F g2<8,8,1>F 1.0F {align1};", NULL },
	{ "add (8) g3<1>UW g1<8,8,1>UW 5UW {align1};", NULL },
	{ "mul (8) g3<1>D g1<8,8,1>D g2<8,8,1>D {align1};", NULL },
	{ "mul (8) acc0<1>UD g1<8,8,1>UD g2<16,8,2>UW {align1};", NULL },
	{ "mach (8) g3<1>UD g1<8,8,1>UD g2<8,8,1>UD {align1};", NULL },
	{ "mac (8) g3<1>F g1<8,8,1>F g2<8,8,1>F {align1};", NULL },
	{ "avg (8) g3<1>D g1<8,8,1>D g2<8,8,1>D {align1};", NULL },
	{ "frc (8) g3<1>F g1<8,8,1>F {align1};", NULL },
	{ "rndd (8) g3<1>F g1<8,8,1>F {align1};", NULL },
	{ "rndz (8) g3<1>F g1<8,8,1>F {align1};", NULL },
	{ "lzd (8) g3<1>UD g1<8,8,1>UD {align1};", NULL },
	{ "cmp.l.f0.0 (8) null<1>F g1<8,8,1>F g2<8,8,1>F {align1};", NULL },
	{ "cmp.ge.f0.1 (8) g3<1>D g1<8,8,1>F g2<8,8,1>F {align1};", NULL },
	{ "cmp.l.f1.0 (8) null<1>F g1<8,8,1>F g2<8,8,1>F {align1};", NULL },
	{ "cmp.e.f0.0 (8) null<1>D g1<8,8,1>D 16D {align1};", NULL },
	{ "cmp.ne.f0.0 (8) null<1>D g1<8,8,1>D 16D {align1};", NULL },
	{ "cmpn.l.f0.0 (8) null<1>F g1<8,8,1>F g2<8,8,1>F {align1};", NULL },
	{ "(f0.0) sel (8) g3<1>F g1<8,8,1>F g2<8,8,1>F {align1};", NULL },
	{ "sel.ge (8) g3<1>F g1<8,8,1>F g2<8,8,1>F {align1};", NULL },
	{ "dp4 (8) g3<1>F g1<4,4,1>F g2<4,4,1>F {align16};",
	  "dp4(8) g3<0>F g1<4,4,1>F g2<4,4,1>F { align16 }" },
	/* Align16 two-source (gensim writes dst stride 1: case 6 below) */
	{ "add (8) g3<1>F g1<4,4,1>F g2<4,4,1>.xxxx:F {align16};",
	  "add(8) g3<0>F g1<4,4,1>F g2<4,4,1>.xF { align16 }" },
	/* math */
	{ "math (8) g3<1>F g1<8,8,1>F null inv {align1};", NULL },
	{ "math (8) g6<1>F g5<8,8,1>F null sqrt {align1};", NULL },
	{ "math (8) g3<1>F g1<8,8,1>F g2<8,8,1>F pow {align1};", NULL },
	{ "math (8) g6<1>D g5<8,8,1>D g4<8,8,1>D intdiv {align1};", NULL },
	{ "math (8) g6<1>D g5<8,8,1>D g4<8,8,1>D intmod {align1};", NULL },
	{ "math (8) g6<1>D g5<8,8,1>D g4<8,8,1>D intdivmod {align1};", NULL },
	/* three-source: only plain F, no modifiers, f0.0 */
	{ "mad (8) g7<1>F g1<4,4,1>F g2<4,4,1>F g3<4,4,1>F {align16};", NULL },
	{ "lrp (8) g7<1>F g1<4,4,1>F g2<4,4,1>F g3<4,4,1>F {align16};", NULL },
	{ "mad.sat (8) g7<1>F g1<4,4,1>F g2<4,4,1>F g3<4,4,1>F {align16};", NULL },
	{ "mad (8) g7<1>.xy:F g1<4,4,1>.x:F g2<4,4,1>F g3<4,4,1>F {align16};",
	  "mad(8) g7<1>.xyF g1<4,4,1>.xF g2<4,4,1>F g3<4,4,1>F" },
	{ "mad (8) g7<1>F g1<4,4,1>F g2<4,4,1>F g3<4,4,1>F {align16 nomask};", NULL },
	/* send: generic form; the payload is UB <0,1,0> in intel-gen4asm */
	{ "send (8) g10<1>UD g4 0xC 0x04205E00UD {align1};",
	  "send(8) g10<1>UD g4<0,1,0>UB dp_data1 0x04205e00UD" },
	{ "send (8) null<1>UD g112 0x27 0x02000010UD {align1};",
	  "send(8) null<1>UD g112<0,1,0>UB ts 0x02000010UD { EOT }" },
	{ "sendc (8) g10<1>UD g4 0xC 0x04205E00UD {align1};",
	  "sendc(8) g10<1>UD g4<0,1,0>UB 0xc 0x04205e00UD" },
	{ "send (8) g10<1>UD g4 0xC a0.0<0,1,0>UD {align1};",
	  "send(8) g10<1>UD g4<0,1,0>UB dp_data1 a0<0,1,0>UD" },
	{ "send (16) 4 acc0<1>UW null write(0, 0, 10, 12) mlen 3 rlen 0 {align1};",
	  "send(16) acc0<1>UW g4<0,1,0>D dp_data1 0x060a8000:D" },
	/* jmpi through a register; wait; nop */
	{ "jmpi (1) g5<0,1,0>D;", "jmpi(1) g5<0,1,0>D" },
	{ "wait n0.0;", NULL },
	{ "nop;", NULL },
};

static bool have_tool(const char *name)
{
	if (eut_have_gen4asm())
		return true;
	tap_skip(name, "intel-gen4asm not installed");
	return false;
}

static void run_pair(const struct pair *p)
{
	uint32_t g4[1][4], gs[4];
	struct gseu_native n;
	char why[512];
	int k = eut_gen4asm(p->g4, g4, 1, why, sizeof(why));

	CHECK_MSG(k == 1, "intel-gen4asm failed on '%s': %s", p->g4, why);
	n = eut_asm1(p->gs ? p->gs : p->g4);
	gseu_native_to_dw(&n, gs);
	CHECK_MSG(!memcmp(gs, g4[0], 16),
		  "'%s': intel-gen4asm %08x %08x %08x %08x, gensim %08x %08x %08x %08x",
		  p->g4, g4[0][0], g4[0][1], g4[0][2], g4[0][3], gs[0], gs[1], gs[2], gs[3]);
}

static void t_agree(void)
{
	for (size_t k = 0; k < sizeof(agree) / sizeof(agree[0]); k++)
		run_pair(&agree[k]);
}

/* jmpi with labels is right in intel-gen4asm: bytes from the next insn. */
static void t_agree_jmpi_labels(void)
{
	const char *g4 = "L0:\nnop;\njmpi L1;\nnop;\nnop;\nL1:\njmpi L0;\n";
	const char *gs = "L0: nop\njmpi(1) L1\nnop\nnop\nL1: jmpi(1) L0\n";
	uint32_t d[5][4];
	char why[512];
	struct gseu_asm_options opt = { 0 };
	struct gseu_asm_result r;
	struct gseu_error err;

	CHECK_EQ(eut_gen4asm(g4, d, 5, why, sizeof(why)), 5);
	CHECK_MSG(!gseu_assemble(gs, &opt, &r, &err), "%s", err.msg);
	CHECK_EQ(r.size, 80);
	for (unsigned i = 0; i < 5; i++)
		for (unsigned w = 0; w < 4; w++) {
			const uint8_t *p = r.code + 16 * i + 4 * w;
			uint32_t v = p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24;

			CHECK_MSG(v == d[i][w], "insn %u dw %u: gen4asm %08x gensim %08x",
				  i, w, d[i][w], v);
		}
	CHECK_EQ(d[1][3], 32);		/* over two nops */
	CHECK_EQ(d[4][3], (uint32_t)-80);	/* back to L0 from after insn 4 */
	gseu_asm_free(&r);
}

/* ---- part 2: what it gets wrong -------------------------------------- */

static void one(const char *src, uint32_t dw[4])
{
	uint32_t d[1][4];
	char why[512];

	CHECK_MSG(eut_gen4asm(src, d, 1, why, sizeof(why)) == 1, "'%s': %s", src, why);
	memcpy(dw, d[0], 16);
}

static uint32_t bit(const uint32_t dw[4], unsigned b)
{
	return (dw[b / 32] >> (b % 32)) & 1;
}

/* 1. Branch units.  Gen8 uses bytes (16 per native instruction). */
static void t_wrong_branch_units(void)
{
	const char *g4 =
		"L0:\n(+f0.0) if (8) L2 L3;\nnop;\nL2:\nelse (8) L3;\nnop;\n"
		"L3:\nendif (8) L4;\nL4:\n(+f0.0) while (8) L0;\n";
	const char *gs =
		"L0: (+f0.0) if(8) JIP: L2 UIP: L3\nnop\nL2: else(8) JIP: L3 UIP: L3\n"
		"nop\nL3: endif(8) JIP: L4\nL4: (+f0.0) while(8) JIP: L0\n";
	uint32_t d[6][4], w[4];
	char why[512];
	struct gseu_asm_options opt = { 0 };
	struct gseu_asm_result r;
	struct gseu_error err;
	struct gseu_insn i;

	CHECK_EQ(eut_gen4asm(g4, d, 6, why, sizeof(why)), 6);
	CHECK_MSG(!gseu_assemble(gs, &opt, &r, &err), "%s", err.msg);
	/* if: JIP 2 instructions = 32 bytes, UIP 4 = 64; gen4asm: 4 and 8 */
	CHECK(gseu_decode(r.code, r.size, 0, &i, &err));
	CHECK_EQ(i.jip, 32);
	CHECK_EQ(i.uip, 64);
	CHECK_EQ(d[0][3], 32 / 8);
	CHECK_EQ(d[0][2], 64 / 8);
	/* else: 2 instructions on, gen4asm 4 instead of 32 */
	CHECK_EQ(d[2][3], 32 / 8);
	/* endif: next instruction, 2 instead of 16 */
	CHECK_EQ(d[4][3], 16 / 8);
	/* while: 5 instructions back: -10 instead of -80 */
	CHECK(gseu_decode(r.code, r.size, 80, &i, &err));
	CHECK_EQ(i.jip, -80);
	CHECK_EQ((int32_t)d[5][3], -80 / 8);
	gseu_asm_free(&r);

	/* numbers are doubled: "if (8) 48 64" -> JIP 96, UIP 128 */
	one("(+f0.0) if (8) 48 64;", w);
	CHECK_EQ(w[3], 96);
	CHECK_EQ(w[2], 128);
	one("halt (8) 32 64;", w);
	CHECK_EQ(w[3], 64);
	CHECK_EQ(w[2], 128);
	/* and negative ones are masked to 16 bits first: -16 -> 0x0001ffe0 */
	one("(+f0.0) while (8) -16;", w);
	CHECK_EQ(w[3], 0x0001ffe0);
}

/* 2. Three-source fields in Gen7 positions. */
static void t_wrong_three_source(void)
{
	uint32_t w[4], g[4];
	struct gseu_native n, gn;
	struct gseu_insn i;
	struct gseu_error err;

	/* -src0: Gen7 puts negate at 37, which is Gen8's src0 abs */
	one("mad (8) g7<1>F -g1<4,4,1>F g2<4,4,1>F g3<4,4,1>F {align16};", w);
	n = eut_asm1("mad(8) g7<1>F -g1<4,4,1>F g2<4,4,1>F g3<4,4,1>F { align16 }");
	gseu_native_to_dw(&n, g);
	CHECK_EQ(bit(g, 38), 1);
	CHECK_EQ(bit(g, 37), 0);
	CHECK_EQ(bit(w, 37), 1);
	CHECK_EQ(bit(w, 38), 0);
	gseu_native_from_dw(&gn, w);
	eut_decode(&gn, &i);
	CHECK(i.src[0].abs && !i.src[0].negate);	/* what Gen8 would run */

	/* D types: Gen7 type fields 43:42 / 45:44 land on Gen8's src2 negate
	 * and src type: the result is a UD source with src2 negated */
	one("mad (8) g7<1>D g1<4,4,1>D g2<4,4,1>D g3<4,4,1>D {align16};", w);
	gseu_native_from_dw(&gn, w);
	eut_decode(&gn, &i);
	CHECK_EQ(i.src[0].type, GSEU_TYPE_UD);
	CHECK(i.src[2].negate);
	CHECK_EQ(i.dst.type, GSEU_TYPE_F);

	/* UD types come out as a reserved type code: the decoder refuses */
	one("bfi2 (8) g7<1>UD g1<4,4,1>UD g2<4,4,1>UD g3<4,4,1>UD {align16};", w);
	gseu_native_from_dw(&gn, w);
	CHECK_EQ(gseu_decode_native(&gn, &i, &err), -1);
	CHECK(strstr(err.msg, "three-source type"));

	/* the flag subregister of a predicated 3-source is dropped */
	one("(f0.1) mad (8) g7<1>F g1<4,4,1>F g2<4,4,1>F g3<4,4,1>F {align16};", w);
	CHECK_EQ(bit(w, 32), 0);
	n = eut_asm1("(+f0.1) mad(8) g7<1>F g1<4,4,1>F g2<4,4,1>F g3<4,4,1>F { align16 }");
	gseu_native_to_dw(&n, g);
	CHECK_EQ(bit(g, 32), 1);
}

/* 3. NoMask dropped on send. */
static void t_wrong_send_nomask(void)
{
	uint32_t w[4], g[4];
	struct gseu_native n;

	one("send (8) g10<1>UD g4 0xC 0x04205E00UD {align1 nomask};", w);
	n = eut_asm1("send(8) g10<1>UD g4<0,1,0>UB dp_data1 0x04205e00UD { NoMask }");
	gseu_native_to_dw(&n, g);
	CHECK_EQ(bit(w, 34), 0);
	CHECK_EQ(bit(g, 34), 1);
	w[1] |= 4;
	CHECK(!memcmp(w, g, 16));	/* the only difference */
}

/* 4. QtrCtrl never emitted. */
static void t_wrong_qtrctrl(void)
{
	uint32_t w[4], g[4];
	struct gseu_native n;

	one("mov (8) g2<1>UD g1<8,8,1>UD {align1 sechalf};", w);
	n = eut_asm1("mov(8) g2<1>UD g1<8,8,1>UD { align1 2Q }");
	gseu_native_to_dw(&n, g);
	CHECK_EQ((w[0] >> 12) & 3, 0);
	CHECK_EQ((g[0] >> 12) & 3, 1);
	one("mov (16) g2<1>UD g4<8,8,1>UD {align1 sechalf};", w);
	CHECK_EQ((w[0] >> 12) & 3, 0);
}

/* 5. f0.1 as an operand is byte offset 1, which misaligns the UW. */
static void t_wrong_flag_operand(void)
{
	uint32_t w[4];
	struct gseu_native gn, n;
	struct gseu_insn i;
	struct gseu_error err;

	one("mov (1) g2<1>UD f0.1<0,1,0>UW {align1};", w);
	CHECK_EQ(w[2] & 0x1f, 1);
	gseu_native_from_dw(&gn, w);
	CHECK_EQ(gseu_decode_native(&gn, &i, &err), -1);
	CHECK(strstr(err.msg, "not aligned"));
	n = eut_asm1("mov(1) g2<1>UD f0.1<0,1,0>UW { align1 }");
	eut_decode(&n, &i);
	CHECK_EQ(i.src[0].subnr, 2);
}

/* 6. Align16 dst stride 0 (the IVB PRM, quoted by Mesa: the hardware
 *    needs 1 although Align16 ignores it). */
static void t_wrong_align16_dst_stride(void)
{
	uint32_t w[4], g[4];
	struct gseu_native n;

	one("mov (8) g2<1>.xz:F g1<4,4,1>.yzwx:F {align16};", w);
	n = eut_asm1("mov(8) g2<1>.xzF g1<4,4,1>.yzwxF { align16 }");
	gseu_native_to_dw(&n, g);
	CHECK_EQ((w[1] >> 29) & 3, 0);
	CHECK_EQ((g[1] >> 29) & 3, 1);
	w[1] |= 1u << 29;
	CHECK(!memcmp(w, g, 16));
}

/* 7. ExecSize 32 makes intel-gen4asm abort. */
static void t_wrong_simd32(void)
{
	uint32_t d[1][4];
	char why[512];
	struct gseu_native n;
	struct gseu_insn i;

	CHECK_EQ(eut_gen4asm("mov (32) g2<1>UW g4<16,16,1>UW {align1};", d, 1, why, sizeof(why)), -1);
	CHECK_MSG(strstr(why, "Assertion"), "%s", why);
	n = eut_asm1("mov(32) g2<1>UW g4<16,16,1>UW { align1 }");
	eut_decode(&n, &i);
	CHECK_EQ(i.exec_size, 32);
}

/* 8. call: JIP doubled, src1 file left at ARF. */
static void t_wrong_call(void)
{
	uint32_t w[4];
	struct gseu_native gn, n;
	struct gseu_insn i;
	struct gseu_error err;

	one("call (1) g10<1>UD 32;", w);
	CHECK_EQ(w[3], 64);
	CHECK_EQ((w[2] >> 25) & 3, GSEU_FILE_ARF);
	gseu_native_from_dw(&gn, w);
	CHECK_EQ(gseu_decode_native(&gn, &i, &err), -1);
	n = eut_asm1("call(1) g10<1>UD JIP: 32 { NoMask }");
	eut_decode(&n, &i);
	CHECK_EQ(i.src[1].file, GSEU_FILE_IMM);
	CHECK_EQ(i.jip, 32);
}

/* 9. m1 becomes g113. */
static void t_wrong_mrf(void)
{
	uint32_t w[4];
	struct gseu_native gn;
	struct gseu_insn i;

	one("mov (8) m1<1>F g1<8,8,1>F {align1};", w);
	gseu_native_from_dw(&gn, w);
	eut_decode(&gn, &i);
	CHECK_EQ(i.dst.file, GSEU_FILE_GRF);
	CHECK_EQ(i.dst.nr, 113);
}

/* 10. intel-gen4disasm: negative JIP aborts; 3-source shows no operands. */
static void t_wrong_disasm(void)
{
	char dir[] = "/tmp/gseu-gen4disasm-XXXXXX", in[64], out[64], cmd[320];
	FILE *f;
	char buf[512] = "";
	size_t n;
	int rc;

	CHECK(mkdtemp(dir));
	snprintf(in, sizeof(in), "%s/in.txt", dir);
	snprintf(out, sizeof(out), "%s/out.txt", dir);
	/* (+f0.0) while(8) JIP: -32 */
	f = fopen(in, "w");
	CHECK(f);
	fputs("   { 0x00610027, 0x00000000, 0x00000000, 0xffffffe0 },\n", f);
	fclose(f);
	snprintf(cmd, sizeof(cmd), "ulimit -c 0; cd %s && intel-gen4disasm -g 8 %s >%s 2>&1",
		 dir, in, out);
	rc = system(cmd);
	f = fopen(out, "r");
	CHECK(f);
	n = fread(buf, 1, sizeof(buf) - 1, f);
	buf[n] = 0;
	fclose(f);
	CHECK_MSG(rc != 0 && strstr(buf, "Assertion"), "rc %d: %s", rc, buf);
	/* a plain mad */
	f = fopen(in, "w");
	CHECK(f);
	fputs("   { 0x0060015b, 0x071e0000, 0x390011c8, 0x00c72004 },\n", f);
	fclose(f);
	rc = system(cmd);
	f = fopen(out, "r");
	CHECK(f);
	n = fread(buf, 1, sizeof(buf) - 1, f);
	buf[n] = 0;
	fclose(f);
	CHECK_MSG(rc == 0 && strstr(buf, "XXX: 3-src"), "rc %d: %s", rc, buf);
	unlink(in);
	unlink(out);
	rmdir(dir);
}

int main(void)
{
	static const struct { const char *name; void (*fn)(void); } t[] = {
		{ "agrees with intel-gen4asm where it is right", t_agree },
		{ "agrees on jmpi label distances", t_agree_jmpi_labels },
		{ "gen4asm bug 1: structured branch units", t_wrong_branch_units },
		{ "gen4asm bug 2: three-source Gen7 field positions", t_wrong_three_source },
		{ "gen4asm bug 3: NoMask dropped on send", t_wrong_send_nomask },
		{ "gen4asm bug 4: QtrCtrl never set", t_wrong_qtrctrl },
		{ "gen4asm bug 5: f0.1 operand is byte 1", t_wrong_flag_operand },
		{ "gen4asm bug 6: Align16 dst stride 0", t_wrong_align16_dst_stride },
		{ "gen4asm bug 7: SIMD32 aborts", t_wrong_simd32 },
		{ "gen4asm bug 8: call JIP and src1 file", t_wrong_call },
		{ "gen4asm quirk 9: m<N> is g<112+N>", t_wrong_mrf },
		{ "gen4disasm bug 10: negative JIP aborts, no 3-src operands", t_wrong_disasm },
	};

	for (size_t k = 0; k < sizeof(t) / sizeof(t[0]); k++)
		if (have_tool(t[k].name))
			tap_run(t[k].name, t[k].fn);
	return tap_done();
}
