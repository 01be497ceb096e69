// SPDX-License-Identifier: MIT
/*
 * Decoder and encoder against independent oracles:
 *  - the worked Gen8 encodings of IGT intel-gen4asm and (intel-gen4asm
 *    output recorded in the sources, fields as the sources explain them);
 *  - a real kernel: IGT's gen8_gpgpu_kernel (lib/gpgpu_fill.c);
 *  - dwords assembled by hand from the field positions of 965/G35
 *    PRM Vol. 4 Subsystem and Cores (2008), 10 "EU Data Types" for what
 *    intel-gen4asm cannot encode (3-source with modifiers, DF/HF, send
 *    with an a0 descriptor, canonical branches); the derivation is in the
 *    comment next to each;
 *  - rejection of reserved encodings, each with the field it must name.
 */
#include <string.h>

#include "eu_test_util.h"
#include "tap.h"

struct worked {
	uint32_t dw[4];
	const char *what;
};

/* Decode, check some fields, re-encode bit-exactly, text round trip. */
static void roundtrip(const struct gseu_native *n, struct gseu_insn *out)
{
	struct gseu_native again;
	struct gseu_error err;
	char why[600];

	eut_decode(n, out);
	CHECK_MSG(!gseu_encode_native(out, &again, &err), "%s", err.msg);
	CHECK_EQ(again.q[0], n->q[0]);
	CHECK_EQ(again.q[1], n->q[1]);
	CHECK_MSG(eut_text_roundtrip(n, why, sizeof(why)), "%s", why);
}

static void t_worked_mov_add(void)
{
	struct gseu_insn i;
	struct gseu_native n;

	/* mov (8) g2<1>UD g1<8,8,1>UD {align1} -- IGT intel-gen4asm */
	n = eut_dw(0x00600001, 0x20400208, 0x008d0020, 0x00000000);
	roundtrip(&n, &i);
	CHECK_EQ(i.op, GSEU_OP_MOV);
	CHECK_EQ(i.exec_size, 8);
	CHECK_EQ(i.access, GSEU_ALIGN1);
	CHECK_EQ(i.dst.file, GSEU_FILE_GRF);
	CHECK_EQ(i.dst.nr, 2);
	CHECK_EQ(i.dst.type, GSEU_TYPE_UD);
	CHECK_EQ(i.dst.hstride, 1);
	CHECK_EQ(i.src[0].nr, 1);
	CHECK_EQ(i.src[0].vstride, 8);
	CHECK_EQ(i.src[0].width, 8);
	CHECK_EQ(i.src[0].hstride, 1);

	/* mov (8) g2<1>F 1.5F: imm in DW3, src1 type copy = F (IGT intel-gen4asm) */
	n = eut_dw(0x00600001, 0x20403ee8, 0x38000000, 0x3fc00000);
	roundtrip(&n, &i);
	CHECK_EQ(i.src[0].file, GSEU_FILE_IMM);
	CHECK_EQ(i.src[0].type, GSEU_TYPE_F);
	CHECK_EQ(i.src[0].imm, 0x3fc00000);
	/* the copied type is kept but is not an operand */
	CHECK_EQ(i.ignored[1], 0x38000000);

	/* -3D, V, VF immediates */
	n = eut_dw(0x00600001, 0x20400e28, 0x08000000, 0xfffffffd);
	roundtrip(&n, &i);
	CHECK_EQ(i.src[0].type, GSEU_TYPE_D);
	CHECK_EQ((int32_t)i.src[0].imm, -3);
	n = eut_dw(0x00600001, 0x20403668, 0x30000000, 0x76543210);
	roundtrip(&n, &i);
	CHECK_EQ(i.src[0].type, GSEU_TYPE_V);
	CHECK_EQ(i.dst.type, GSEU_TYPE_W);
	n = eut_dw(0x00400001, 0x20402ee8, 0x28000000, 0x3f383020);
	roundtrip(&n, &i);
	CHECK_EQ(i.src[0].type, GSEU_TYPE_VF);
	CHECK_EQ(i.exec_size, 4);

	/* add (8) g3<1>F g1<8,8,1>F g2<8,8,1>F */
	n = eut_dw(0x00600040, 0x20603ae8, 0x3a8d0020, 0x008d0040);
	roundtrip(&n, &i);
	CHECK_EQ(i.op, GSEU_OP_ADD);
	CHECK_EQ(i.src[1].file, GSEU_FILE_GRF);
	CHECK_EQ(i.src[1].nr, 2);
	CHECK_EQ(i.src[1].type, GSEU_TYPE_F);
	/* add ... 5UW: a word immediate is repeated in both halves */
	n = eut_dw(0x00600040, 0x20601248, 0x168d0020, 0x00050005);
	roundtrip(&n, &i);
	CHECK_EQ(i.src[1].type, GSEU_TYPE_UW);
	CHECK_EQ(i.src[1].imm, 0x00050005);
	/*
	 * add (8) g3 g2 1.0F (965/G35 PRM Vol. 4 Subsystem and Cores (2008),
	 * 10.4 "Type Conversion")
	 */
	n = eut_dw(0x00600040, 0x20603ae8, 0x3e8d0040, 0x3f800000);
	roundtrip(&n, &i);
	CHECK_EQ(i.src[1].imm, 0x3f800000);
	/* accwrctrl: DW0 bit 28 */
	n = eut_dw(0x10600040, 0x20603ae8, 0x3a8d0020, 0x008d0040);
	roundtrip(&n, &i);
	CHECK(i.acc_wr_en);
}

static void t_worked_mul_cmp_pred(void)
{
	struct gseu_insn i;
	struct gseu_native n;

	/* mul (8) acc0<1>UD g1<8,8,1>UD g2<16,8,2>UW: dst ARF 0x20 */
	n = eut_dw(0x00600041, 0x24000200, 0x128d0020, 0x00ae0040);
	roundtrip(&n, &i);
	CHECK_EQ(i.dst.file, GSEU_FILE_ARF);
	CHECK_EQ(i.dst.nr, GSEU_ARF_ACC0);
	CHECK_EQ(i.src[1].type, GSEU_TYPE_UW);
	CHECK_EQ(i.src[1].vstride, 16);
	CHECK_EQ(i.src[1].width, 8);
	CHECK_EQ(i.src[1].hstride, 2);
	/* cmp.l.f0.0 (8) null<1>F g1 g2: cmod 5, dst null */
	n = eut_dw(0x05600010, 0x20003ae0, 0x3a8d0020, 0x008d0040);
	roundtrip(&n, &i);
	CHECK_EQ(i.cmod, GSEU_CMOD_L);
	CHECK_EQ(i.dst.file, GSEU_FILE_ARF);
	CHECK_EQ(i.dst.nr, GSEU_ARF_NULL);
	CHECK_EQ(i.flag_nr, 0);
	CHECK_EQ(i.flag_subnr, 0);
	/* cmp.ge.f0.1: DW1 bit 0 */
	n = eut_dw(0x04600010, 0x20603a29, 0x3a8d0020, 0x008d0040);
	roundtrip(&n, &i);
	CHECK_EQ(i.cmod, GSEU_CMOD_GE);
	CHECK_EQ(i.flag_subnr, 1);
	CHECK_EQ(i.dst.type, GSEU_TYPE_D);
	/* cmp.l.f1.0: DW1 bit 1 */
	n = eut_dw(0x05600010, 0x20003ae2, 0x3a8d0020, 0x008d0040);
	roundtrip(&n, &i);
	CHECK_EQ(i.flag_nr, 1);
	/*
	 * cmp.l.f0.0 (8) null<1>D g2<8,8,1>D 16D (965/G35 PRM Vol. 4 Subsystem
	 * and Cores (2008), 10.4 "Type Conversion")
	 */
	n = eut_dw(0x05600010, 0x20000a20, 0x0e8d0040, 0x00000010);
	roundtrip(&n, &i);
	CHECK_EQ(i.src[1].imm, 16);
	/*
	 * (+f0.0) mov / (-f0.0) mov (965/G35 PRM Vol. 4 Subsystem and Cores
	 * (2008), 10.4 "Type Conversion"): PredCtrl 1, PredInv bit 20
	 */
	n = eut_dw(0x00610001, 0x20800608, 0x00000000, 0x00000001);
	roundtrip(&n, &i);
	CHECK_EQ(i.pred, GSEU_PRED_NORMAL);
	CHECK(!i.pred_inv);
	n = eut_dw(0x00710001, 0x20800608, 0x00000000, 0x00000002);
	roundtrip(&n, &i);
	CHECK(i.pred_inv);
	/* (f0.0.any8h): PredCtrl 8 */
	n = eut_dw(0x00680001, 0x20603ae8, 0x008d0020, 0x00000000);
	roundtrip(&n, &i);
	CHECK_EQ(i.pred, GSEU_PRED_ANY8H);
	/* {nomask}: DW1 bit 2 */
	n = eut_dw(0x00600001, 0x20603aec, 0x008d0020, 0x00000000);
	roundtrip(&n, &i);
	CHECK(i.mask_ctrl);
}

static void t_worked_regions(void)
{
	struct gseu_insn i;
	struct gseu_native n;

	/* mov (8) g2<1>F g[a0.2,16]<8,8,1>F: intel-gen4asm's a0.2 is byte 2,
	 * i.e. a0 word 1; AddrImm 16 (IGT intel-gen4asm, DW2 =
	 * 0x008d8210) */
	n = eut_dw(0x00600001, 0x20403ae8, 0x008d8210, 0x00000000);
	roundtrip(&n, &i);
	CHECK(i.src[0].indirect);
	CHECK_EQ(i.src[0].addr_subnr, 1);
	CHECK_EQ(i.src[0].addr_imm, 16);
	/* Vx1: g[a0.0]<4,1>F -- VertStride code 0xF, width 4, hstride 1 */
	n = eut_dw(0x00600001, 0x20403ae8, 0x01e98000, 0x00000000);
	roundtrip(&n, &i);
	CHECK_EQ(i.src[0].vstride, GSEU_VSTRIDE_VXH);
	CHECK_EQ(i.src[0].width, 4);
	CHECK_EQ(i.src[0].hstride, 1);
	/* mov (8) g[a0.1,-16]<1>UD: AddrImm[9] in bit 47 (recorded here
	 * with intel-gen4asm: 00600001 a3f08208 008d0080 00000000) */
	n = eut_dw(0x00600001, 0xa3f08208, 0x008d0080, 0x00000000);
	roundtrip(&n, &i);
	CHECK(i.dst.indirect);
	CHECK_EQ(i.dst.addr_subnr, 1);
	CHECK_EQ(i.dst.addr_imm, -16);
	/* Align16: mov (8) g2<1>.xz:F g1<4,4,1>.yzwx:F; the dst stride field
	 * is 0 as intel-gen4asm writes it, which Align16 ignores */
	n = eut_dw(0x00600101, 0x00453ae8, 0x00630029, 0x00000000);
	roundtrip(&n, &i);
	CHECK_EQ(i.access, GSEU_ALIGN16);
	CHECK_EQ(i.dst.writemask, 0x5);
	CHECK_EQ(i.dst.hstride, 0);
	CHECK_EQ(i.src[0].swizzle, 1 | 2 << 2 | 3 << 4 | 0 << 6);	/* y z w x */
	CHECK_EQ(i.src[0].vstride, 4);
	/* byte subregister: IGT's "mov(1) g2.1<1>UD g0.6<0,1,0>UD" */
	n = eut_dw(0x00000001, 0x20440208, 0x00000018, 0x00000000);
	roundtrip(&n, &i);
	CHECK_EQ(i.dst.subnr, 4);
	CHECK_EQ(i.src[0].subnr, 24);
}

static void t_worked_math_send(void)
{
	struct gseu_insn i;
	struct gseu_native n;

	/* math (8) g3<1>F g1<8,8,1>F null inv: function 1 in bits 27:24 */
	n = eut_dw(0x01600038, 0x20603ae8, 0x008d0020, 0x00000000);
	roundtrip(&n, &i);
	CHECK_EQ(i.op, GSEU_OP_MATH);
	CHECK_EQ(i.math_fn, GSEU_MATH_INV);
	CHECK_EQ(i.nsrc, 1);
	CHECK_EQ(i.cmod, 0);
	/* math pow: DW0 0x0a600038, two sources */
	n = eut_dw(0x0a600038, 0x20603ae8, 0x3a8d0020, 0x008d0040);
	roundtrip(&n, &i);
	CHECK_EQ(i.math_fn, GSEU_MATH_POW);
	CHECK_EQ(i.nsrc, 2);

	/* send (8) 2 g10<1>UD g2 data_port(12, 1, 14, 3, 0, 0) mlen 1 rlen 1 */
	n = eut_dw(0x0c600031, 0x21400a08, 0x0e000040, 0x02104e03);
	roundtrip(&n, &i);
	CHECK_EQ(i.sfid, GSEU_SFID_DP_DC1);
	CHECK_EQ(i.dst.nr, 10);
	CHECK_EQ(i.src[0].nr, 2);
	CHECK(gseu_send_desc_is_imm(&i));
	CHECK_EQ(gseu_send_mlen(&i), 1);
	CHECK_EQ(gseu_send_rlen(&i), 1);
	CHECK(!gseu_send_header(&i));
	CHECK_EQ(gseu_send_desc(&i) & 0xff, 3);		/* BTI */
	CHECK_EQ((gseu_send_desc(&i) >> 14) & 0x1f, 1);	/* msg type */
	CHECK(!i.eot);
	/* send (16) thread_spawner EOT: 07800031 20000a40 0e000e00 82000010 */
	n = eut_dw(0x07800031, 0x20000a40, 0x0e000e00, 0x82000010);
	roundtrip(&n, &i);
	CHECK_EQ(i.sfid, GSEU_SFID_TS);
	CHECK(i.eot);
	CHECK_EQ(i.src[0].nr, 112);
	CHECK_EQ(gseu_send_desc(&i), 0x02000010);
	CHECK_EQ(gseu_send_mlen(&i), 1);
	CHECK_EQ(gseu_send_rlen(&i), 0);
	/*
	 * 965/G35 PRM Vol. 4 Subsystem and Cores (2008), 10.4 "Type Conversion"
	 * generic form: sfid 0xC, desc 0x04205e00
	 */
	n = eut_dw(0x0c600031, 0x21402208, 0x06000080, 0x04205e00);
	roundtrip(&n, &i);
	CHECK_EQ(gseu_send_desc(&i), 0x04205e00);
	CHECK_EQ(i.src[1].type, GSEU_TYPE_UD);
	CHECK_EQ(i.src[0].type, GSEU_TYPE_UB);	/* intel-gen4asm's sndopr */
}

static void t_worked_flow(void)
{
	struct gseu_insn i;
	struct gseu_native n;

	/* jmpi (1) L, L two instructions after the next: JIP 32 bytes from
	 * the next instruction; dst = src0 = ip, src1 = imm D (IGT
	 * intel-gen4asm) */
	n = eut_dw(0x00000020, 0x34000000, 0x0e001400, 0x00000020);
	roundtrip(&n, &i);
	CHECK_EQ(i.op, GSEU_OP_JMPI);
	CHECK_EQ(i.jip, 32);
	CHECK_EQ(i.src[1].file, GSEU_FILE_IMM);
	CHECK_EQ(i.src[1].type, GSEU_TYPE_D);
	/*
	 * jmpi L_loop backwards: -64 (965/G35 PRM Vol. 4 Subsystem and Cores
	 * (2008), 10.4 "Type Conversion")
	 */
	n = eut_dw(0x00000020, 0x34000000, 0x0e001400, 0xffffffc0);
	roundtrip(&n, &i);
	CHECK_EQ(i.jip, -64);
	/* (+f0.0) while: JIP in DW3 (this is intel-gen4asm's 8-byte unit
	 * value -4; the decoder reads the field, it does not guess units) */
	n = eut_dw(0x00610027, 0x00000000, 0x00000000, 0xfffffffc);
	roundtrip(&n, &i);
	CHECK_EQ(i.op, GSEU_OP_WHILE);
	CHECK_EQ(i.jip, -4);
	CHECK_EQ(i.pred, GSEU_PRED_NORMAL);
	/* if: UIP in DW2, JIP in DW3 */
	n = eut_dw(0x00610022, 0x00000000, 0x00000006, 0x00000004);
	roundtrip(&n, &i);
	CHECK_EQ(i.uip, 6);
	CHECK_EQ(i.jip, 4);
	/* nop */
	n = eut_dw(0x0000007e, 0, 0, 0);
	roundtrip(&n, &i);
	CHECK_EQ(i.op, GSEU_OP_NOP);
	/* wait n0.0 (recorded here with intel-gen4asm) */
	n = eut_dw(0x00000030, 0x32000820, 0x00001200, 0x00000000);
	roundtrip(&n, &i);
	CHECK_EQ(i.dst.nr, GSEU_ARF_N0);
	CHECK_EQ(i.src[0].nr, GSEU_ARF_N0);
}

/* IGT lib/gpgpu_fill.c gen8_gpgpu_kernel, built by intel-gen4asm. */
static const uint32_t igt_gpgpu[][4] = {
	{ 0x00400001, 0x20202288, 0x00000020, 0x00000000 },
	{ 0x00000041, 0x20400208, 0x06000004, 0x00000010 },
	{ 0x00000001, 0x20440208, 0x00000018, 0x00000000 },
	{ 0x00600001, 0x20800208, 0x008d0000, 0x00000000 },
	{ 0x00200001, 0x20800208, 0x00450040, 0x00000000 },
	{ 0x00000001, 0x20880608, 0x00000000, 0x0000000f },
	{ 0x00800001, 0x20a00208, 0x00000020, 0x00000000 },
	{ 0x0c800031, 0x24000a40, 0x0e000080, 0x060a8000 },
	{ 0x00600001, 0x2e000208, 0x008d0000, 0x00000000 },
	{ 0x07800031, 0x20000a40, 0x0e000e00, 0x82000010 },
};

static void t_igt_kernel(void)
{
	static const unsigned ops[] = {
		GSEU_OP_MOV, GSEU_OP_MUL, GSEU_OP_MOV, GSEU_OP_MOV, GSEU_OP_MOV,
		GSEU_OP_MOV, GSEU_OP_MOV, GSEU_OP_SEND, GSEU_OP_MOV, GSEU_OP_SEND,
	};
	uint8_t bytes[sizeof(igt_gpgpu)];
	size_t off = 0;

	for (unsigned k = 0; k < 10; k++) {
		struct gseu_native n = eut_dw(igt_gpgpu[k][0], igt_gpgpu[k][1],
					      igt_gpgpu[k][2], igt_gpgpu[k][3]);
		struct gseu_insn i;

		roundtrip(&n, &i);
		CHECK_EQ(i.op, ops[k]);
		for (unsigned d = 0; d < 4; d++)
			for (unsigned b = 0; b < 4; b++)
				bytes[k * 16 + d * 4 + b] = (uint8_t)(igt_gpgpu[k][d] >> (8 * b));
	}
	/* The byte-stream decoder walks the same kernel. */
	for (unsigned k = 0; k < 10; k++) {
		struct gseu_insn i;
		struct gseu_error err;
		size_t n = gseu_decode(bytes, sizeof(bytes), off, &i, &err);

		CHECK_MSG(n == 16, "offset %zu: %s", off, err.msg);
		off += n;
	}
	CHECK_EQ(off, sizeof(bytes));
	{
		/* instruction 7: the media block write of the fill colour,
		 * send(16) to SFID 12 with mlen 3, rlen 0, a header */
		struct gseu_insn i;

		eut_decode(&(struct gseu_native){ { (uint64_t)igt_gpgpu[7][1] << 32 | igt_gpgpu[7][0],
						    (uint64_t)igt_gpgpu[7][3] << 32 | igt_gpgpu[7][2] } }, &i);
		CHECK_EQ(i.sfid, GSEU_SFID_DP_DC1);
		CHECK_EQ(i.exec_size, 16);
		CHECK_EQ(gseu_send_mlen(&i), 3);
		CHECK_EQ(gseu_send_rlen(&i), 0);
		CHECK(gseu_send_header(&i));
		CHECK_EQ((gseu_send_desc(&i) >> 14) & 0x1f, 10);	/* media block write */
	}
}

/*
 * Hand-assembled from the field positions of 965/G35 PRM Vol. 4
 * Subsystem and Cores (2008), 10.3 "Floating Point Modes"
 * (three-source):
 *   mad(8) g10.1<1>.xyF -g1<4,4,1>.xF (abs)g2.1<0,1,0>F g3<4,4,1>.wzyxF
 *          { align16 1Q NoMask }
 * DW0: opcode 0x5b | Align16 (bit 8) | ExecSize 3 (23:21) = 0x0060015b
 * DW1: NoMask bit 34 -> 0x4; src0 negate bit 38 -> 0x40; src1 abs bit 39
 *      -> 0x80; writemask xy=0x3 at 52:49 -> 0x60000; dst subreg 1 dword at
 *      55:53 -> 0x200000; dst reg 10 at 63:56 -> 0x0a000000: 0x0a2600c4
 * DW2: src0 swizzle xxxx=0 at 72:65; src0 reg 1 at 83:76 -> 0x1000; src1
 *      RepCtrl bit 85 -> 0x200000; src1 swizzle xyzw=0xe4 at 93:86 ->
 *      0x39000000; src1 subreg 1 at 96:94 (low two bits in 95:94) ->
 *      0x40000000: 0x79201000
 * DW3: src1 reg 2 at 104:97 -> 0x4; src2 swizzle wzyx = 3|2<<2|1<<4 =
 *      0x1b at 114:107 -> 0xd800; src2 reg 3 at 125:118 -> 0xc00000:
 *      0x00c0d804
 */
static void t_hand_mad(void)
{
	struct gseu_native want = eut_dw(0x0060015b, 0x0a2600c4, 0x79201000, 0x00c0d804);
	struct gseu_native got = eut_asm1(
		"mad(8) g10.1<1>.xyF -g1<4,4,1>.xF (abs)g2.1<0,1,0>F g3<4,4,1>.wzyxF { align16 1Q NoMask }");
	struct gseu_insn i;

	CHECK_EQ(got.q[0], want.q[0]);
	CHECK_EQ(got.q[1], want.q[1]);
	roundtrip(&want, &i);
	CHECK_EQ(i.op, GSEU_OP_MAD);
	CHECK_EQ(i.dst.subnr, 4);
	CHECK_EQ(i.dst.writemask, 3);
	CHECK(i.src[0].negate && !i.src[0].abs);
	CHECK(i.src[1].abs && i.src[1].rep_ctrl);
	CHECK_EQ(i.src[1].subnr, 4);
	CHECK_EQ(i.src[2].swizzle, 0x1b);
	CHECK_EQ(i.src[2].nr, 3);
}

/*
 * csel.l(8) g5<1>F g1<4,4,1>F g2<4,4,1>F g3<4,4,1>F { align16 1Q }
 * DW0: 0x12 | 0x100 | exec 0x600000 | cmod 5 << 24 = 0x05600112
 * DW1: writemask 0xf at 52:49 -> 0x1e0000; dst reg 5 -> 0x05000000
 * DW2: src0 swizzle 0xe4 at 72:65 -> 0x1c8; reg 1 -> 0x1000; src1
 *      swizzle -> 0x39000000: 0x390011c8
 * DW3: src1 reg 2 -> 0x4; src2 swizzle 0xe4 at 114:107 -> 0x72000; src2
 *      reg 3 -> 0xc00000: 0x00c72004 (intel-gen4asm writes the same DW2/DW3
 *      for an unmodified F lrp: its 3-source bugs are in DW1 only)
 */
static void t_hand_csel(void)
{
	struct gseu_native want = eut_dw(0x05600112, 0x051e0000, 0x390011c8, 0x00c72004);
	struct gseu_native got = eut_asm1(
		"csel.l(8) g5<1>F g1<4,4,1>F g2<4,4,1>F g3<4,4,1>F { align16 1Q }");

	CHECK_EQ(got.q[0], want.q[0]);
	CHECK_EQ(got.q[1], want.q[1]);
}

/*
 * mov(4) g2<1>DF 1.5DF { align1 1N }: 64-bit immediate in 127:64.
 * DW1: dst GRF (bit 35) 0x8 | dst type DF=6 at 40:37 -> 0xc0 | src0 IMM
 *      at 42:41 -> 0x600 | imm type DF=10 at 46:43 -> 0x5000 | dst reg 2
 *      -> 0x400000 | hstride 1 -> 0x20000000 = 0x204056c8
 * DW2:DW3 = 1.5 as a double = 0x3ff8000000000000
 */
static void t_hand_df_hf(void)
{
	struct gseu_native want = eut_dw(0x00400001, 0x204056c8, 0x00000000, 0x3ff80000);
	struct gseu_native got = eut_asm1("mov(4) g2<1>DF 1.5DF { align1 1N }");
	struct gseu_insn i;

	CHECK_EQ(got.q[0], want.q[0]);
	CHECK_EQ(got.q[1], want.q[1]);
	roundtrip(&want, &i);
	CHECK_EQ(i.src[0].imm, 0x3ff8000000000000ull);
	CHECK_EQ(i.ignored[0] | i.ignored[1], 0);

	/* mov(8) g2<1>HF g4<8,8,1>HF: HF register type 10
	 * DW1 = 0x8 | 10<<5 | 0x200 | 10<<11 | 2<<21 | 1<<29 = 0x20405348 */
	want = eut_dw(0x00600001, 0x20405348, 0x008d0080, 0x00000000);
	got = eut_asm1("mov(8) g2<1>HF g4<8,8,1>HF { align1 1Q }");
	CHECK_EQ(got.q[0], want.q[0]);
	CHECK_EQ(got.q[1], want.q[1]);
	/* 1.0 as half is 0x3c00, repeated in both halves */
	got = eut_asm1("mov(8) g2<1>HF 1.0HF { align1 1Q }");
	CHECK_EQ(got.q[1] >> 32, 0x3c003c00);
}

/*
 * send(8) g10<1>UD g4<8,8,1>UD dp_data1 a0<0,1,0>UD { align1 1Q EOT }
 * DW0: 0x31 | exec 0x600000 | SFID 12 << 24 = 0x0c600031
 * DW1: dst GRF 0x8, src0 GRF 0x200, dst reg 10 -> 0x01400000, stride 1
 *      -> 0x20000000 = 0x21400208
 * DW2: src0 reg 4 -> 0x80, <8,8,1> -> 0x8d0000; src1 ARF UD = 0x008d0080
 * DW3: src1 reg a0 (0x10) at 108:101 -> 0x200; EOT bit 127 -> 0x80000000
 */
static void t_hand_send_a0(void)
{
	struct gseu_native want = eut_dw(0x0c600031, 0x21400208, 0x008d0080, 0x80000200);
	struct gseu_native got = eut_asm1(
		"send(8) g10<1>UD g4<8,8,1>UD dp_data1 a0<0,1,0>UD { align1 1Q EOT }");
	struct gseu_insn i;

	CHECK_EQ(got.q[0], want.q[0]);
	CHECK_EQ(got.q[1], want.q[1]);
	roundtrip(&want, &i);
	CHECK(!gseu_send_desc_is_imm(&i));
	CHECK_EQ(i.src[1].nr, GSEU_ARF_A0);
	CHECK(i.eot);
}

/*
 * if(8) JIP: 32 UIP: 96 { align1 1Q }, with the fields Mesa and IGC put
 * under it: dst null:D stride 1, src0 an immediate D.
 * DW1: dst type D at 40:37 -> 0x20; stride 1 -> 0x20000000; src0 IMM at
 *      42:41 -> 0x600; src0 type D at 46:43 -> 0x800 = 0x20000e20
 * DW2 = UIP, DW3 = JIP (965/G35 PRM Vol. 4 Subsystem and Cores (2008),
 * 13.2 "Instruction Machine Formats"; Mesa
 * src/intel/compiler/brw_inst.h: "DW3 = JIP, DW2 = UIP").
 */
static void t_hand_branch(void)
{
	struct gseu_native want = eut_dw(0x00600022, 0x20000e20, 96, 32);
	struct gseu_native got = eut_asm1("if(8) JIP: 32 UIP: 96 { align1 1Q }");

	CHECK_EQ(got.q[0], want.q[0]);
	CHECK_EQ(got.q[1], want.q[1]);
	/* endif/while: JIP only, src1 = imm D (IGC): DW2 = 0x0e000000 */
	got = eut_asm1("endif(8) JIP: 16 { align1 1Q }");
	CHECK_EQ(got.q[0], ((uint64_t)0x20000820 << 32) | 0x00600025);
	CHECK_EQ(got.q[1], ((uint64_t)16 << 32) | 0x0e000000);
}

/* ---- rejections ---------------------------------------------------- */

static void expect_reject(struct gseu_native n, enum gseu_err code, const char *needle)
{
	struct gseu_insn i;
	struct gseu_error err = { 0 };

	CHECK_MSG(gseu_decode_native(&n, &i, &err) == -1, "accepted: want '%s'", needle);
	CHECK_MSG(err.code == code, "code %d (%s), want %d: %s", err.code,
		  gseu_err_name(err.code), code, err.msg);
	CHECK_MSG(strstr(err.msg, needle), "message '%s' lacks '%s'", err.msg, needle);
}

static void t_rejects(void)
{
	const uint32_t d1 = 0x20403ae8, d2 = 0x008d0020;	/* mov g2 F, g1 F */

	expect_reject(eut_dw(0x00600000, d1, d2, 0), GSEU_E_OPCODE, "OPCODE");
	expect_reject(eut_dw(0x0060007f, d1, d2, 0), GSEU_E_OPCODE, "not a Gen8 opcode");
	expect_reject(eut_dw(0x006000a1, d1, d2, 0), GSEU_E_RESERVED, "RSVD7");
	expect_reject(eut_dw(0x00c00001, d1, d2, 0), GSEU_E_FIELD, "EXECSIZE");
	expect_reject(eut_dw(0x0060c001, d1, d2, 0), GSEU_E_FIELD, "THREADCTRL");
	expect_reject(eut_dw(0x006e0001, d1, d2, 0), GSEU_E_FIELD, "PREDCTRL");
	expect_reject(eut_dw(0x00680101, d1 & ~0x60000000u, 0x00630029, 0),
		      GSEU_E_FIELD, "Align16 predicate");
	expect_reject(eut_dw(0x07600001, d1, d2, 0), GSEU_E_FIELD, "Gen4/5");
	expect_reject(eut_dw(0x0c600001, d1, d2, 0), GSEU_E_FIELD, "reserved condition");
	expect_reject(eut_dw(0x00600010, 0x20003ae0, 0x3a8d0020, 0x008d0040),
		      GSEU_E_FIELD, "need a condition");
	expect_reject(eut_dw(0x00600038, d1, d2, 0), GSEU_E_FIELD, "math function");
	expect_reject(eut_dw(0x08600038, d1, d2, 0), GSEU_E_FIELD, "sincos");
	expect_reject(eut_dw(0x01600031, 0x21400a08, 0x0e000040, 0x02104e03),
		      GSEU_E_FIELD, "SFID");
	expect_reject(eut_dw(0x00600801, d1, d2, 0), GSEU_E_FIELD, "NibCtrl");
	expect_reject(eut_dw(0x00801001, d1, d2, 0), GSEU_E_FIELD, "SIMD16");
	/* MRF destination (file 2) */
	expect_reject(eut_dw(0x00600001, (d1 & ~0x18u) | 0x10, d2, 0), GSEU_E_FIELD, "MRF");
	/* dst type 11: reserved for registers */
	expect_reject(eut_dw(0x00600001, (d1 & ~0x1e0u) | (11 << 5), d2, 0),
		      GSEU_E_FIELD, "reserved register type");
	/* immediate type 12 */
	expect_reject(eut_dw(0x00600001, (0x20403ee8 & ~0x7800u) | (12 << 11), 0, 0),
		      GSEU_E_FIELD, "reserved immediate type");
	/* src0 vstride code 7, width code 5 */
	expect_reject(eut_dw(0x00600001, d1, (d2 & ~0x01e00000u) | (7 << 21), 0),
		      GSEU_E_FIELD, "SRC0_VSTRIDE");
	expect_reject(eut_dw(0x00600001, d1, (d2 & ~0x001c0000u) | (5 << 18), 0),
		      GSEU_E_FIELD, "SRC0_WIDTH");
	/* Align1 dst stride 0 */
	expect_reject(eut_dw(0x00600001, d1 & ~0x60000000u, d2, 0),
		      GSEU_E_FIELD, "stride cannot be 0");
	/* a reserved ARF (0xe0) */
	expect_reject(eut_dw(0x00600001, (d1 & ~0x1fe00018u) | (0xe0u << 21), d2, 0),
		      GSEU_E_OPERAND, "reserved on Gen8");
	/* acc10 does not exist */
	expect_reject(eut_dw(0x00600001, (d1 & ~0x1fe00018u) | (0x2au << 21), d2, 0),
		      GSEU_E_OPERAND, "0x2a");
	/* UD at byte 2: not aligned */
	expect_reject(eut_dw(0x00600001, d1 | (2 << 16), d2, 0), GSEU_E_OPERAND, "aligned");
	/* add with an immediate src0 */
	expect_reject(eut_dw(0x00600040, 0x20603ee8, 0x3a000000, 0x3f800000),
		      GSEU_E_OPERAND, "only src1");
	/* add: bit 122 (above src1's region) */
	expect_reject(eut_dw(0x00600040, 0x20603ae8, 0x3a8d0020, 0x048d0040),
		      GSEU_E_RESERVED, "SRC1_RSVD");
	/* mov imm with src0 region bits under the immediate */
	expect_reject(eut_dw(0x00600001, 0x20403ee8, 0x38000020, 0x3fc00000),
		      GSEU_E_RESERVED, "region bits");
	/* 3-source in Align1; bit 84 (CHV subreg extension) on BDW */
	expect_reject(eut_dw(0x0060005b, 0x071e0000, 0x390011c8, 0x00c72004),
		      GSEU_E_FIELD, "Align16 three-source");
	expect_reject(eut_dw(0x0060015b, 0x071e0000, 0x391011c8, 0x00c72004),
		      GSEU_E_RESERVED, "T_RSVD84");
	/* 3-source type code 5 */
	expect_reject(eut_dw(0x0060015b, 0x071e2800, 0x390011c8, 0x00c72004),
		      GSEU_E_FIELD, "three-source type");
	/* branch in Align16 */
	expect_reject(eut_dw(0x00600125, 0x20000820, 0x0e000000, 16),
		      GSEU_E_FIELD, "Align1");
	/* condition modifier on endif; saturate on a send */
	expect_reject(eut_dw(0x01600025, 0x20000820, 0x0e000000, 16),
		      GSEU_E_FIELD, "no condition");
	expect_reject(eut_dw(0x87800031, 0x20000a40, 0x0e000e00, 0x82000010),
		      GSEU_E_FIELD, "saturate");
	/* send: descriptor bits 126:125 */
	expect_reject(eut_dw(0x07800031, 0x20000a40, 0x0e000e00, 0xa2000010),
		      GSEU_E_RESERVED, "SEND_RSVD");
	/* CmptCtrl on a native instruction */
	expect_reject(eut_dw(0x20600001, d1, d2, 0), GSEU_E_FIELD, "CMPTCTRL");
	/* Align16 source bit 84 */
	expect_reject(eut_dw(0x00600101, 0x00453ae8, 0x00730029, 0), GSEU_E_RESERVED,
		      "SRC0_A16RSVD");
}

static void t_truncated(void)
{
	uint8_t b[16] = { 0x01, 0x00, 0x60, 0x00, 0x08, 0x02, 0x40, 0x20,
			  0x20, 0x00, 0x8d, 0x00, 0x00, 0x00, 0x00, 0x00 };
	struct gseu_insn i;
	struct gseu_error err;

	CHECK_EQ(gseu_decode(b, 16, 0, &i, &err), 16);
	for (size_t len = 0; len < 16; len++) {
		CHECK_EQ(gseu_decode(b, len, 0, &i, &err), 0);
		CHECK_EQ(err.code, GSEU_E_TRUNCATED);
	}
	CHECK_EQ(gseu_decode(b, 16, 9, &i, &err), 0);
	CHECK_EQ(gseu_decode(b, 16, 17, &i, &err), 0);
	CHECK_EQ(gseu_decode(b, 16, (size_t)-1, &i, &err), 0);
}

static void expect_encode_fail(const struct gseu_insn *i, const char *needle)
{
	struct gseu_native n;
	struct gseu_error err = { 0 };

	CHECK_MSG(gseu_encode_native(i, &n, &err) == -1, "encoded: want '%s'", needle);
	CHECK_MSG(strstr(err.msg, needle), "message '%s' lacks '%s'", err.msg, needle);
}

static void t_encoder_rejects(void)
{
	struct gseu_native n = eut_dw(0x00600001, 0x20403ae8, 0x008d0020, 0);
	struct gseu_insn base, i;

	eut_decode(&n, &base);
	i = base; i.exec_size = 3;
	expect_encode_fail(&i, "execution size");
	i = base; i.src[0].vstride = 3;
	expect_encode_fail(&i, "vertical stride");
	i = base; i.src[0].width = 32;
	expect_encode_fail(&i, "width");
	i = base; i.dst.writemask = 1;
	expect_encode_fail(&i, "write mask");
	i = base; i.flag_nr = 1;
	expect_encode_fail(&i, "neither predicate");
	i = base; i.src[0].file = GSEU_FILE_IMM; i.src[0].imm = 1ull << 40;
	expect_encode_fail(&i, "32 bits");
	i = base; i.dst.file = GSEU_FILE_IMM;
	expect_encode_fail(&i, "destination cannot be an immediate");
	i = base; i.src[0].type = GSEU_TYPE_V;
	expect_encode_fail(&i, "only as an immediate");
	i = base; i.src[0].indirect = true; i.src[0].addr_imm = 600;
	expect_encode_fail(&i, "-512..511");
	i = base; i.jip = 4;
	expect_encode_fail(&i, "JIP/UIP");
	i = base; i.sfid = 3;
	expect_encode_fail(&i, "SFID");
	i = base; i.opcode = 0x7f;
	expect_encode_fail(&i, "not supported");
	i = base; i.opcode = 0x5d;		/* madm: three-source, not this form */
	expect_encode_fail(&i, "does not match");
	i = base; i.form = GSEU_FORM_ALU2;
	expect_encode_fail(&i, "does not match");
}

int main(void)
{
	tap_run("worked encodings: mov, add, immediates", t_worked_mov_add);
	tap_run("worked encodings: mul, cmp, predication", t_worked_mul_cmp_pred);
	tap_run("worked encodings: indirect, Vx1, Align16", t_worked_regions);
	tap_run("worked encodings: math, send", t_worked_math_send);
	tap_run("worked encodings: jmpi, while, if, nop, wait", t_worked_flow);
	tap_run("IGT gen8 gpgpu kernel decodes and round-trips", t_igt_kernel);
	tap_run("hand-assembled three-source with modifiers", t_hand_mad);
	tap_run("hand-assembled csel", t_hand_csel);
	tap_run("hand-assembled DF and HF", t_hand_df_hf);
	tap_run("hand-assembled send with a0 descriptor and EOT", t_hand_send_a0);
	tap_run("hand-assembled branches", t_hand_branch);
	tap_run("reserved encodings are rejected by name", t_rejects);
	tap_run("truncated buffers", t_truncated);
	tap_run("encoder refuses what it cannot represent", t_encoder_rejects);
	return tap_done();
}
