/* SPDX-License-Identifier: MIT */
/*
 * The Gen8 (Broadwell) EU instruction layer: the decoded form of one
 * instruction and the calls that move between it, the 128-bit native
 * encoding, the 64-bit compacted encoding and assembler text.
 *
 * Hardware facts: Mesa src/intel/compiler/brw_inst.h and IGT's intel-gen4asm
 * for the Gen8 encoding; 965/G35 PRM Vol. 4 Subsystem and Cores (2008), 11
 * "Execution Environment" and 13 "Instruction Set Summary".  The user-facing
 * chapter is Documentation/gpu/gensim/eu-isa.rst.
 *
 * The decoded form is built for an interpreter: every number in it is the
 * value the hardware uses (an execution size of 16, a vertical stride of 8
 * elements, a byte offset), never the field code, and the table row of the
 * opcode tells which operands are live.  Decoding keeps every bit: for any
 * accepted instruction, encoding the decoded form gives back the same bits.
 */
#ifndef GSEU_EU_H
#define GSEU_EU_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* ------------------------------------------------------------------ */
/* Errors: a code plus a message that names the field and its value.  */

enum gseu_err {
	GSEU_OK = 0,
	GSEU_E_TRUNCATED,	/* fewer bytes than the instruction needs */
	GSEU_E_OPCODE,		/* opcode number not a supported Gen8 instruction */
	GSEU_E_RESERVED,	/* a reserved (must-be-zero) bit is set */
	GSEU_E_FIELD,		/* a field holds a reserved or undefined code */
	GSEU_E_OPERAND,		/* operands that the form does not allow together */
	GSEU_E_COMPACT,		/* not expressible in (or not a valid) compacted form */
	GSEU_E_SYNTAX,		/* assembler text does not parse */
	GSEU_E_LABEL,		/* unknown or duplicate label */
	GSEU_E_RANGE,		/* a value does not fit its field */
	GSEU_E_NOMEM,
};

struct gseu_error {
	enum gseu_err code;
	unsigned line;		/* assembler: 1-based line, 0 if none */
	unsigned col;		/* assembler: 1-based column, 0 if none */
	char msg[224];
};

const char *gseu_err_name(enum gseu_err code);

/* ------------------------------------------------------------------ */
/* Register files, types, regions.                                     */

enum gseu_file {
	GSEU_FILE_ARF = 0,
	GSEU_FILE_GRF = 1,
	/* 2 was the MRF; Gen8 has none and the decoder rejects it */
	GSEU_FILE_IMM = 3,
};

/*
 * Every Gen8 data type, register and immediate alike.  The hardware code
 * of a type depends on whether the operand is a register or an immediate
 * (Mesa src/intel/compiler/brw_reg_type.c);
 * gseu_type_from_hw()/gseu_type_to_hw() do that mapping.
 */
enum gseu_type {
	GSEU_TYPE_UD, GSEU_TYPE_D, GSEU_TYPE_UW, GSEU_TYPE_W,
	GSEU_TYPE_UB, GSEU_TYPE_B, GSEU_TYPE_DF, GSEU_TYPE_F,
	GSEU_TYPE_UQ, GSEU_TYPE_Q, GSEU_TYPE_HF,
	GSEU_TYPE_V,		/* immediate only: 8 x signed 4-bit */
	GSEU_TYPE_UV,		/* immediate only: 8 x unsigned 4-bit */
	GSEU_TYPE_VF,		/* immediate only: 4 x 8-bit restricted float */
	GSEU_TYPE_COUNT
};

/* ARF register numbers (the whole RegNum byte; low nibble = instance). */
enum gseu_arf {
	GSEU_ARF_NULL = 0x00, GSEU_ARF_A0 = 0x10, GSEU_ARF_ACC0 = 0x20,
	GSEU_ARF_F0 = 0x30, GSEU_ARF_CE0 = 0x40, GSEU_ARF_MSG0 = 0x50,
	GSEU_ARF_SP = 0x60, GSEU_ARF_SR0 = 0x70, GSEU_ARF_CR0 = 0x80,
	GSEU_ARF_N0 = 0x90, GSEU_ARF_IP = 0xa0, GSEU_ARF_TDR0 = 0xb0,
	GSEU_ARF_TM0 = 0xc0, GSEU_ARF_FC0 = 0xd0, GSEU_ARF_DBG0 = 0xf0,
};

/*
 * VertStride code 0xF: Vx1 / VxH indirect rows (965/G35 PRM Vol. 4 Subsystem
 * and Cores (2008), 11.3.7 "Region Addressing Modes"; PRM Vol. 6 3D-Media-GPGPU
 * (Broxton 2017), "Regioning Rules for Register Indirect Addressing").
 */
#define GSEU_VSTRIDE_VXH 0xff

enum gseu_access { GSEU_ALIGN1 = 0, GSEU_ALIGN16 = 1 };

/* One operand.  Which members mean something depends on file/addr_mode. */
struct gseu_reg {
	uint8_t file;		/* enum gseu_file */
	uint8_t type;		/* enum gseu_type */
	bool indirect;		/* register-indirect (a0-relative) address */
	uint8_t nr;		/* direct: register number (ARF: whole byte) */
	uint8_t subnr;		/* direct: byte offset inside the register */
	uint8_t addr_subnr;	/* indirect: a0 subregister, in words (a0.N) */
	int16_t addr_imm;	/* indirect: signed byte offset, -512..511 */
	uint8_t vstride;	/* source: elements, or GSEU_VSTRIDE_VXH */
	uint8_t width;		/* source: elements */
	uint8_t hstride;	/* elements (dst: its only region parameter) */
	uint8_t swizzle;	/* Align16 source: 4 x 2 bits, x in bits 1:0 */
	uint8_t writemask;	/* Align16 dst: bit 0 = x .. bit 3 = w */
	bool negate;		/* source modifier '-' (logic ops: bitwise not) */
	bool abs;		/* source modifier (abs) */
	bool rep_ctrl;		/* 3-source: replicate one scalar, <0,1,0> */
	uint64_t imm;		/* immediate bits (32-bit types in the low half) */
};

/* ------------------------------------------------------------------ */
/* The instruction table (include/gseu/eu_insns.def).                  */

enum gseu_form {
	GSEU_FORM_ALU1,		/* dst, src0 */
	GSEU_FORM_ALU2,		/* dst, src0, src1 */
	GSEU_FORM_ALU3,		/* Align16 three-source layout */
	GSEU_FORM_MATH,		/* dst, src0, src1; function in bits 27:24 */
	GSEU_FORM_SEND,		/* dst, payload src0, descriptor src1; SFID */
	GSEU_FORM_BRANCH1,	/* JIP only (bits 127:96) */
	GSEU_FORM_BRANCH2,	/* JIP (127:96) and UIP (95:64) */
	GSEU_FORM_JMPI,		/* src1 = jump distance (imm D) or register */
	GSEU_FORM_CALL,		/* dst = return address, src1 = JIP or register */
	GSEU_FORM_RET,		/* src0 = return address */
	GSEU_FORM_NOP,
};

enum gseu_op {
#define GSEU_OP(id, ...) GSEU_OP_##id,
#include "gseu/eu_insns.def"
#undef GSEU_OP
	GSEU_OP_COUNT,
	/*
	 * Every Gen8 instruction the codec knows now has a row (madm, the
	 * IEEE macro step, executes since gensim models the math-macro
	 * accumulators: eu-interpreter.rst, "IEEE macros"); the "all"
	 * variants of the decoder and the table take the same set.
	 */
	GSEU_OP_ALL_COUNT = GSEU_OP_COUNT
};

/* Opcode flags: encoding and syntax rules. */
#define GSEU_F_CMOD_REQ	 0x01	/* needs a condition modifier (cmp, cmpn) */
#define GSEU_F_NOCMOD	 0x02	/* an ALU-form op that takes none (wait) */
#define GSEU_F_BRCTRL	 0x04	/* bit 28 is BranchCtrl, not AccWrEn */
#define GSEU_F_ALIGN1	 0x08	/* must be Align1 (flow control; [PRM-BXT] EU ISA) */
#define GSEU_F_ONE_OPERAND 0x10	/* assembler: intel-gen4asm's "wait n0.0",
				 * one register for dst and src0 and no
				 * execution size (SIMD1) */

/*
 * Execution class: which executor runs the instruction and what predecode
 * prepares for it (Documentation/gpu/gensim/eu-interpreter.rst).
 */
enum gseu_exec {
	GSEU_EXEC_NONE,		/* decoded but not executed: raises "unsupported"
				 * with the reason its semantics give */
	GSEU_EXEC_ALU,		/* per-channel: gather -> kernel -> flags ->
				 * scatter, one kernel per computation class */
	GSEU_EXEC_FLOW,		/* a branch: JIP/UIP become targets and join
				 * points; its handler moves channels */
	GSEU_EXEC_SEND,		/* a message to a shared function */
	GSEU_EXEC_PLAIN,	/* its handler alone; no operand set-up */
	GSEU_EXEC_MACRO,	/* an IEEE macro step (madm; math invm/rsqtm
				 * run the same way): DF operands whose
				 * Align16 write mask and swizzle fields
				 * select math-macro accumulators
				 * (gseu_math_macro()); its handler */
};

/*
 * Computation classes an ALU instruction has a form for: F (the sources
 * are F or HF), DF (a source is DF), I (integers only).  An instruction
 * whose sources pick a class it lacks is an operand error ("frc has no
 * integer form").
 */
#define GSEU_CLS_NONE	0
#define GSEU_CLS_F	0x1
#define GSEU_CLS_DF	0x2
#define GSEU_CLS_I	0x4
#define GSEU_CLS_FLT	(GSEU_CLS_F | GSEU_CLS_DF)
#define GSEU_CLS_ALL	(GSEU_CLS_F | GSEU_CLS_DF | GSEU_CLS_I)

/*
 * Execution properties: what an instruction does beyond its kernel, read
 * once at predecode so that no executor tests an opcode.
 */
#define GSEU_X_RAW	    0x01	/* with equal source and dst types and
					 * no modifier, the bits are copied
					 * (denormals, NaN payloads survive) */
#define GSEU_X_PRED_SELECTS 0x02	/* without a condition modifier the
					 * predicate picks src0 or src1 per
					 * channel instead of masking (sel) */
#define GSEU_X_CMOD_NOFLAG  0x04	/* the condition modifier chooses the
					 * operation (sel min/max, csel's src2
					 * test) and writes no flag */
#define GSEU_X_LOGIC	    0x08	/* negate is bitwise not; (abs) is an
					 * operand error */
#define GSEU_X_ACC_READ	    0x10	/* reads the accumulator implicitly */
#define GSEU_X_ACC_WRITE    0x20	/* writes the accumulator implicitly,
					 * AccWrEn or not (carry, borrow, the
					 * 64-bit sum of mach) */
#define GSEU_X_NO_ACCWR	    0x40	/* AccWrEn writes no accumulator (the
					 * results are flags: cmp, cmpn) */
#define GSEU_X_GROUP4	    0x80	/* works on groups of 4 channels: the
					 * execution size is a multiple of 4 */

struct gseu_opinfo {
	const char *name;
	uint8_t opcode;		/* hardware opcode, bits 6:0 */
	uint8_t form;		/* enum gseu_form */
	uint8_t nsrc;		/* live sources (math: see gseu_insn.nsrc) */
	uint8_t flags;		/* GSEU_F_* */
	uint8_t op;		/* enum gseu_op */
	uint8_t exec;		/* enum gseu_exec */
	uint8_t cls;		/* GSEU_CLS_* */
	uint16_t xflags;	/* GSEU_X_* */
};

/* Row of a hardware opcode, or NULL if Gen8 gensim does not support it. */
const struct gseu_opinfo *gseu_opinfo(unsigned hw_opcode);
/* The same (no decode-only rows are left: GSEU_OP_ALL_COUNT). */
const struct gseu_opinfo *gseu_opinfo_all(unsigned hw_opcode);
/* By mnemonic or by enum gseu_op. */
const struct gseu_opinfo *gseu_opinfo_by_name(const char *mnemonic);
const struct gseu_opinfo *gseu_opinfo_by_op(enum gseu_op op);

/* ------------------------------------------------------------------ */
/* Field codes that keep their hardware numbering.                     */

enum gseu_cmod {
	GSEU_CMOD_NONE = 0, GSEU_CMOD_Z = 1, GSEU_CMOD_NZ = 2, GSEU_CMOD_G = 3,
	GSEU_CMOD_GE = 4, GSEU_CMOD_L = 5, GSEU_CMOD_LE = 6,
	GSEU_CMOD_O = 8, GSEU_CMOD_U = 9,
};

enum gseu_math {
	GSEU_MATH_INV = 1, GSEU_MATH_LOG = 2, GSEU_MATH_EXP = 3,
	GSEU_MATH_SQRT = 4, GSEU_MATH_RSQ = 5, GSEU_MATH_SIN = 6,
	GSEU_MATH_COS = 7, GSEU_MATH_FDIV = 9, GSEU_MATH_POW = 10,
	GSEU_MATH_IDIV = 11, GSEU_MATH_IQUOT = 12, GSEU_MATH_IREM = 13,
	GSEU_MATH_INVM = 14, GSEU_MATH_RSQRTM = 15,
};

enum gseu_sfid {
	GSEU_SFID_NULL = 0, GSEU_SFID_SAMPLER = 2, GSEU_SFID_GATEWAY = 3,
	GSEU_SFID_DP_SAMPLER = 4, GSEU_SFID_DP_RC = 5, GSEU_SFID_URB = 6,
	GSEU_SFID_TS = 7, GSEU_SFID_VME = 8, GSEU_SFID_DP_CC = 9,
	GSEU_SFID_DP_DC0 = 10, GSEU_SFID_PI = 11, GSEU_SFID_DP_DC1 = 12,
	GSEU_SFID_CRE = 13,
};

/* Align1 PredCtrl 0..13; Align16 uses 0..7 with its own meanings. */
enum gseu_pred {
	GSEU_PRED_NONE = 0, GSEU_PRED_NORMAL = 1,
	GSEU_PRED_ANYV = 2, GSEU_PRED_ALLV = 3,
	GSEU_PRED_ANY2H = 4, GSEU_PRED_ALL2H = 5,
	GSEU_PRED_ANY4H = 6, GSEU_PRED_ALL4H = 7,
	GSEU_PRED_ANY8H = 8, GSEU_PRED_ALL8H = 9,
	GSEU_PRED_ANY16H = 10, GSEU_PRED_ALL16H = 11,
	GSEU_PRED_ANY32H = 12, GSEU_PRED_ALL32H = 13,
	/* Align16 */
	GSEU_PRED16_X = 2, GSEU_PRED16_Y = 3, GSEU_PRED16_Z = 4,
	GSEU_PRED16_W = 5, GSEU_PRED16_ANY4H = 6, GSEU_PRED16_ALL4H = 7,
};

enum gseu_thread { GSEU_THREAD_NORMAL = 0, GSEU_THREAD_ATOMIC = 1,
		   GSEU_THREAD_SWITCH = 2 };

/* ------------------------------------------------------------------ */
/* The decoded instruction.                                            */

struct gseu_insn {
	uint8_t opcode;		/* hardware opcode; gseu_opinfo(opcode) */
	uint8_t op;		/* enum gseu_op */
	uint8_t form;		/* enum gseu_form, copied from the table */
	uint8_t nsrc;		/* live sources (math: from the function;
				 * jmpi/call read src[1], ret src[0]) */
	uint8_t access;		/* enum gseu_access */
	uint8_t exec_size;	/* 1, 2, 4, 8, 16 or 32 channels */
	uint8_t qtr_ctrl;	/* 0..3: which 8-channel quarter */
	uint8_t nib_ctrl;	/* 0..1: which 4-channel half of it (SIMD4-) */
	uint8_t pred;		/* enum gseu_pred (PredCtrl field value) */
	bool pred_inv;
	uint8_t flag_nr;	/* f0 / f1 */
	uint8_t flag_subnr;	/* .0 / .1 (16-bit halves) */
	uint8_t cmod;		/* enum gseu_cmod (ALU forms) */
	uint8_t math_fn;	/* enum gseu_math (math) */
	uint8_t sfid;		/* enum gseu_sfid (send, sendc) */
	uint8_t thread_ctrl;	/* enum gseu_thread */
	bool saturate;
	bool acc_wr_en;		/* AccWrEn; BranchCtrl on if/else (same bit) */
	bool no_dd_clr, no_dd_chk;
	bool mask_ctrl;		/* NoMask (WE_all) */
	bool debug_ctrl;	/* breakpoint */
	bool eot;		/* send: end of thread */
	bool compacted;		/* stored (or to be stored) in 8 bytes */

	struct gseu_reg dst;
	struct gseu_reg src[3];	/* send: src[1] = descriptor (imm or a0.0) */

	int32_t jip, uip;	/* branches: signed byte offsets */

	/*
	 * Bits the hardware ignores in this form (the src1 slot of a
	 * one-source instruction, dst/src0 of a structured branch...), kept
	 * verbatim so that encoding gives back the decoded bits.  Different
	 * tools fill them differently (Mesa copies an immediate's type into
	 * the src1 type field, intel-gen4asm leaves zeros).
	 */
	uint64_t ignored[2];
};

/* Size of one element in bytes (V/UV count as words, VF as dwords). */
unsigned gseu_type_size(enum gseu_type t);
const char *gseu_type_name(enum gseu_type t);
int gseu_type_from_hw(unsigned file, unsigned hw);	/* -1: reserved */
int gseu_type_to_hw(unsigned file, enum gseu_type t);	/* -1: not encodable */

/* Send descriptor fields (desc = bits 124:96 when src1 is immediate). */
static inline uint32_t gseu_send_desc(const struct gseu_insn *i)
{
	return (uint32_t)i->src[1].imm & 0x1fffffff;
}
static inline unsigned gseu_send_mlen(const struct gseu_insn *i)
{
	return (gseu_send_desc(i) >> 25) & 0xf;
}
static inline unsigned gseu_send_rlen(const struct gseu_insn *i)
{
	return (gseu_send_desc(i) >> 20) & 0x1f;
}
static inline bool gseu_send_header(const struct gseu_insn *i)
{
	return (gseu_send_desc(i) >> 19) & 1;
}
static inline bool gseu_send_desc_is_imm(const struct gseu_insn *i)
{
	return i->src[1].file == GSEU_FILE_IMM;
}

/* ------------------------------------------------------------------ */
/* Codecs.                                                             */

/* A native instruction: q[0] = bits 63:0 (DW1:DW0), q[1] = bits 127:64. */
struct gseu_native { uint64_t q[2]; };

/* Native <-> decoded form.  0 on success, -1 with *err filled. */
int gseu_decode_native(const struct gseu_native *n, struct gseu_insn *insn,
		       struct gseu_error *err);
int gseu_encode_native(const struct gseu_insn *insn, struct gseu_native *n,
		       struct gseu_error *err);

/* Compacted (64-bit) form: expand to native / try to compact. */
int gseu_compact_expand(uint64_t compact, struct gseu_native *n,
			struct gseu_error *err);
int gseu_compact(const struct gseu_native *n, uint64_t *compact,
		 struct gseu_error *err);

/*
 * Decode the instruction at byte `off` of a little-endian buffer; returns
 * its size (8 compacted, 16 native) or 0 with *err filled.  Never reads
 * outside buf[0..len).
 */
size_t gseu_decode(const void *buf, size_t len, size_t off,
		   struct gseu_insn *insn, struct gseu_error *err);
/*
 * The same for a disassembler.  It once also took the decode-only madm;
 * madm now executes, and the two take the same instructions.
 */
size_t gseu_decode_all(const void *buf, size_t len, size_t off,
		       struct gseu_insn *insn, struct gseu_error *err);
int gseu_decode_native_all(const struct gseu_native *n, struct gseu_insn *insn,
			   struct gseu_error *err);
/* Encode into out[16]; insn->compacted selects the 8-byte form. */
size_t gseu_encode(const struct gseu_insn *insn, uint8_t out[16],
		   struct gseu_error *err);

/* Little-endian helpers for the tools and tests. */
void gseu_native_from_dw(struct gseu_native *n, const uint32_t dw[4]);
void gseu_native_to_dw(const struct gseu_native *n, uint32_t dw[4]);

/* ------------------------------------------------------------------ */
/* Text.                                                               */

/* Disassemble one instruction (no address, no newline).  Returns the
 * length it needed, like snprintf. */
int gseu_print_insn(const struct gseu_insn *insn, char *buf, size_t size);

/* Parse one instruction line (no labels: jump targets must be numbers). */
int gseu_parse_insn(const char *line, struct gseu_insn *insn,
		    struct gseu_error *err);

struct gseu_asm_options {
	bool compact;		/* store every instruction that can be 8 bytes */
};

struct gseu_asm_result {
	uint8_t *code;		/* malloc'd; free with gseu_asm_free() */
	size_t size;
	unsigned ninsn;
};

/* Assemble a whole program (labels allowed).  0 or -1 with *err. */
int gseu_assemble(const char *text, const struct gseu_asm_options *opt,
		  struct gseu_asm_result *res, struct gseu_error *err);
void gseu_asm_free(struct gseu_asm_result *res);

#endif
