// SPDX-License-Identifier: MIT
/*
 * Assembler and disassembler:
 *  - the corpus (eu/tests/corpus.gsa, every opcode of the table) goes text ->
 *    binary -> text -> binary with identical binaries, per instruction and
 *    as a whole program;
 *  - labels resolve to Gen8 byte distances (965/G35 PRM Vol. 4 Subsystem
 *    and Cores (2008), 14.2 "Instruction Description"; Mesa
 *    src/intel/compiler/brw_eu_emit.c: from the branch itself, jmpi from
 *    the next instruction), checked against distances counted by hand;
 *  - compaction by the assembler, with Mesa's EOT alignment rule;
 *  - operand syntax: element subregisters, immediate spellings;
 *  - errors carry line, column and a specific message.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "eu_test_util.h"
#include "tap.h"

static struct gseu_asm_result assemble(const char *text, bool compact)
{
	struct gseu_asm_options opt = { .compact = compact };
	struct gseu_asm_result r;
	struct gseu_error err;

	CHECK_MSG(!gseu_assemble(text, &opt, &r, &err), "line %u col %u: %s",
		  err.line, err.col, err.msg);
	return r;
}

/* Disassemble a whole program into text the assembler reads. */
static char *disassemble(const struct gseu_asm_result *r)
{
	size_t cap = r->size * 32 + 64, len = 0;
	char *out = malloc(cap);

	CHECK(out);
	out[0] = 0;
	for (size_t off = 0; off < r->size;) {
		struct gseu_insn i;
		struct gseu_error err;
		size_t n = gseu_decode(r->code, r->size, off, &i, &err);

		CHECK_MSG(n, "offset %zu: %s", off, err.msg);
		len += (size_t)gseu_print_insn(&i, out + len, cap - len);
		CHECK(len + 2 < cap);
		out[len++] = '\n';
		out[len] = 0;
		off += n;
	}
	return out;
}

static void t_corpus_roundtrip(void)
{
	char *text = eut_read_testdata("corpus.gsa", NULL);
	struct gseu_asm_result a = assemble(text, false), b;
	bool seen[GSEU_OP_COUNT] = { false };
	unsigned count = 0, compacted = 0;
	char *dis;

	for (size_t off = 0; off < a.size; count++) {
		struct gseu_insn i;
		struct gseu_native n;
		struct gseu_error err;
		char why[600];
		size_t sz = gseu_decode(a.code, a.size, off, &i, &err);
		uint64_t lo;

		CHECK_MSG(sz, "offset %zu: %s", off, err.msg);
		seen[i.op] = true;
		lo = 0;
		for (int k = 7; k >= 0; k--)
			lo = lo << 8 | a.code[off + k];
		if (sz == 8) {
			compacted++;
			CHECK(!gseu_compact_expand(lo, &n, &err));
		} else {
			n.q[0] = lo;
			n.q[1] = 0;
			for (int k = 15; k >= 8; k--)
				n.q[1] = n.q[1] << 8 | a.code[off + k];
		}
		CHECK_MSG(eut_text_roundtrip(&n, why, sizeof(why)), "insn %u: %s", count, why);
		off += sz;
	}
	CHECK_MSG(count > 150, "corpus has %u instructions", count);
	CHECK_EQ(compacted, 3);
	for (unsigned op = 0; op < GSEU_OP_COUNT; op++)
		CHECK_MSG(seen[op], "%s is not in the corpus", gseu_opinfo_by_op(op)->name);

	/* whole program: disassemble, reassemble, same bytes */
	dis = disassemble(&a);
	b = assemble(dis, false);
	CHECK_EQ(b.size, a.size);
	CHECK(!memcmp(a.code, b.code, a.size));
	free(dis);
	gseu_asm_free(&a);
	gseu_asm_free(&b);
	free(text);
}

static int32_t jip_at(const struct gseu_asm_result *r, size_t off, int32_t *uip)
{
	struct gseu_insn i;
	struct gseu_error err;

	CHECK_MSG(gseu_decode(r->code, r->size, off, &i, &err), "%s", err.msg);
	if (uip)
		*uip = i.uip;
	return i.jip;
}

/*
 * A loop with an if/else inside, break, cont, jmpi and call, 16 bytes per
 * instruction.  Offsets (bytes): 0 mov, 16 loop: cmp, 32 if, 48 mov,
 * 64 break, 80 else, 96 cont, 112 endif, 128 while, 144 jmpi, 160 call,
 * 176 nop, 192 done: nop.
 */
static const char *loop_src =
	"        mov(8) g2<1>UD 0x0UD { align1 1Q }\n"
	"loop:   cmp.l.f0.0(8) null<1>D g2<8,8,1>D 10D { align1 1Q }\n"
	"        (+f0.0) if(8) JIP: else_ UIP: endif_ { align1 1Q }\n"
	"        add(8) g2<1>D g2<8,8,1>D 1D { align1 1Q }\n"
	"        break(8) JIP: endif_ UIP: after { align1 1Q }\n"
	"else_:  else(8) JIP: endif_ UIP: endif_ { align1 1Q }\n"
	"        cont(8) JIP: endif_ UIP: while_ { align1 1Q }\n"
	"endif_: endif(8) JIP: while_ { align1 1Q }\n"
	"while_: (+f0.0) while(8) JIP: loop { align1 1Q }\n"
	"after:  jmpi(1) done { align1 1N NoMask }\n"
	"        call(1) g10<1>UD done { align1 1N NoMask }\n"
	"        nop\n"
	"done:   nop\n";

static void t_labels(void)
{
	struct gseu_asm_result r = assemble(loop_src, false);
	int32_t uip;

	CHECK_EQ(r.size, 13 * 16);
	CHECK_EQ(jip_at(&r, 32, &uip), 80 - 32);	/* if -> else */
	CHECK_EQ(uip, 112 - 32);			/* if -> endif */
	CHECK_EQ(jip_at(&r, 64, &uip), 112 - 64);	/* break */
	CHECK_EQ(uip, 144 - 64);
	CHECK_EQ(jip_at(&r, 80, &uip), 112 - 80);	/* else */
	CHECK_EQ(uip, 112 - 80);
	CHECK_EQ(jip_at(&r, 96, &uip), 112 - 96);	/* cont */
	CHECK_EQ(uip, 128 - 96);
	CHECK_EQ(jip_at(&r, 112, NULL), 128 - 112);	/* endif */
	CHECK_EQ(jip_at(&r, 128, NULL), 16 - 128);	/* while: backwards */
	CHECK_EQ(jip_at(&r, 144, NULL), 192 - 160);	/* jmpi: from the next */
	CHECK_EQ(jip_at(&r, 160, NULL), 192 - 160);	/* call: from itself */
	gseu_asm_free(&r);
}

static void t_assembler_compaction(void)
{
	/*
	 * mov compacts (8 bytes at 0); the native add is at 8; the EOT send
	 * would start at 24, not 16-byte aligned (Mesa's rule for the
	 * end-of-thread send).  Gen8 has no compacted nop to pad with (IGA),
	 * so the mov stays native: add at 16, send at 32.
	 */
	const char *src =
		"mov(8) g2<1>UD g1<8,8,1>UD { align1 1Q }\n"
		"add(8) g3<1>F g2<8,8,1>F 1.0F { align1 1Q }\n"
		"send(8) null<1>UD g112<8,8,1>UD ts 0x02000010UD { align1 1Q EOT }\n";
	struct gseu_asm_result r = assemble(src, true);
	struct gseu_insn i;
	struct gseu_error err;

	CHECK_EQ(r.size, 48);
	CHECK_EQ(r.ninsn, 3);
	CHECK_EQ(gseu_decode(r.code, r.size, 0, &i, &err), 16);
	CHECK_EQ(i.op, GSEU_OP_MOV);
	CHECK_EQ(gseu_decode(r.code, r.size, 16, &i, &err), 16);
	CHECK_EQ(i.op, GSEU_OP_ADD);
	CHECK_EQ(gseu_decode(r.code, r.size, 32, &i, &err), 16);
	CHECK(i.eot);
	gseu_asm_free(&r);

	/* a layout written out ({compacted}) is kept, EOT send and all (IGC's own) */
	{
		struct gseu_asm_options opt = { 0 };

		CHECK_EQ(gseu_assemble("mov(8) g2<1>UD g1<8,8,1>UD { align1 1Q compacted }\n"
				       "send(8) null<1>UD g112<8,8,1>UD ts 0x02000010UD "
				       "{ align1 1Q EOT }\n", &opt, &r, &err), 0);
		CHECK_EQ(r.size, 24);
		CHECK_EQ(gseu_decode(r.code, r.size, 8, &i, &err), 16);
		CHECK(i.eot);
		gseu_asm_free(&r);
	}

	/* flow control is never compacted, even with --compact (IGA refuses it) */
	r = assemble("mov(8) g2<1>UD g1<8,8,1>UD { align1 1Q }\n"
		     "(+f0.0) while(8) JIP: -8 { align1 1Q }\n", true);
	CHECK_EQ(r.size, 24);
	CHECK_EQ(gseu_decode(r.code, r.size, 8, &i, &err), 16);
	CHECK_EQ(i.op, GSEU_OP_WHILE);
	CHECK_EQ(i.jip, -8);
	gseu_asm_free(&r);

	/* {compacted} on something the tables cannot hold is an error */
	{
		struct gseu_asm_options opt = { 0 };

		CHECK_EQ(gseu_assemble("add(8) g3<1>F g2<8,8,1>F 1.0F { align1 1Q compacted }\n",
				       &opt, &r, &err), -1);
		CHECK_EQ(err.code, GSEU_E_COMPACT);
		CHECK_EQ(err.line, 1);
	}
}

static uint64_t src_imm(const char *line, unsigned s)
{
	struct gseu_insn i;
	struct gseu_native n = eut_asm1(line);

	eut_decode(&n, &i);
	return i.src[s].imm;
}

static void t_operand_syntax(void)
{
	struct gseu_insn i;
	struct gseu_native n;

	/* subregisters count elements of the type (PRM/Mesa), bytes inside */
	n = eut_asm1("mov(1) g2.3<1>UD g1.3<0,1,0>UW { align1 1N }");
	eut_decode(&n, &i);
	CHECK_EQ(i.dst.subnr, 12);
	CHECK_EQ(i.src[0].subnr, 6);
	/* a0 subregister in words */
	n = eut_asm1("mov(8) g2<1>F g[a0.2,16]<8,8,1>F { align1 1Q }");
	eut_decode(&n, &i);
	CHECK_EQ(i.src[0].addr_subnr, 2);
	/* r and g, ';' and ',' in regions, ':' before types, gen4asm spacing */
	n = eut_asm1("mov (8) r2<1>:UD r1<8;8,1>:UD {align1};");
	CHECK_EQ(n.q[0], 0x2040020800600001ull);

	/*
	 * immediates (965/G35 PRM Vol. 4 Subsystem and Cores (2008), 10.1
	 * "Fundamental Data Types", 10.2 "Numerical Data Types": words repeat
	 * in both halves)
	 */
	CHECK_EQ(src_imm("mov(8) g2<1>UW 5UW { align1 1Q }", 0), 0x00050005);
	CHECK_EQ(src_imm("mov(8) g2<1>W -5W { align1 1Q }", 0), 0xfffbfffb);
	CHECK_EQ(src_imm("mov(8) g2<1>UW 0x00050007UW { align1 1Q }", 0), 0x00050007);
	CHECK_EQ(src_imm("mov(8) g2<1>F 1.0F { align1 1Q }", 0), 0x3f800000);
	CHECK_EQ(src_imm("mov(8) g2<1>F -0.5F { align1 1Q }", 0), 0xbf000000);
	CHECK_EQ(src_imm("mov(8) g2<1>F 1e3F { align1 1Q }", 0), 0x447a0000);
	CHECK_EQ(src_imm("mov(8) g2<1>F 0x3f800000F { align1 1Q }", 0), 0x3f800000);
	CHECK_EQ(src_imm("mov(8) g2<1>F 0x3f800000:F { align1 1Q }", 0), 0x3f800000);
	CHECK_EQ(src_imm("mov(8) g2<1>D 0x10:D { align1 1Q }", 0), 0x10);
	CHECK_EQ(src_imm("mov(8) g2<1>D -2147483648D { align1 1Q }", 0), 0x80000000);
	CHECK_EQ(src_imm("mov(8) g2<1>UD 4294967295UD { align1 1Q }", 0), 0xffffffff);
	CHECK_EQ(src_imm("mov(8) g2<1>HF 1.0HF { align1 1Q }", 0), 0x3c003c00);
	CHECK_EQ(src_imm("mov(8) g2<1>HF -2.0HF { align1 1Q }", 0), 0xc000c000);
	CHECK_EQ(src_imm("mov(4) g2<1>DF -2DF { align1 1N }", 0), 0xc000000000000000ull);
	CHECK_EQ(src_imm("mov(4) g2<1>Q -1Q { align1 1N }", 0), ~0ull);
	CHECK_EQ(src_imm("add(8) g2<1>D g2<8,8,1>D -1D { align1 1Q }", 1), 0xffffffff);
}

static void expect_asm_error(const char *text, enum gseu_err code,
			     unsigned line, const char *needle)
{
	struct gseu_asm_options opt = { 0 };
	struct gseu_asm_result r;
	struct gseu_error err = { 0 };

	CHECK_MSG(gseu_assemble(text, &opt, &r, &err) == -1, "'%s' assembled", text);
	CHECK_MSG(err.code == code, "'%s': code %s, want %s: %s", text,
		  gseu_err_name(err.code), gseu_err_name(code), err.msg);
	CHECK_EQ(err.line, line);
	CHECK_MSG(strstr(err.msg, needle), "'%s': '%s' lacks '%s'", text, err.msg, needle);
}

static void t_errors(void)
{
	expect_asm_error("nop\nfoo(8) g2<1>UD g1<8,8,1>UD\n", GSEU_E_SYNTAX, 2,
			 "unknown mnemonic 'foo'");
	expect_asm_error("jmpi(1) nowhere\n", GSEU_E_LABEL, 1, "unknown label 'nowhere'");
	expect_asm_error("a: nop\na: nop\n", GSEU_E_LABEL, 2, "defined twice");
	/*
	 * intel-gen4asm's trap: 0x10D is hex 10D with no type (965/G35 PRM Vol.
	 * 4 Subsystem and Cores (2008), 10.4 "Type Conversion")
	 */
	expect_asm_error("mov(8) g2<1>D 0x10D { align1 1Q }\n", GSEU_E_SYNTAX, 1,
			 "needs a type");
	/* element units: g1.8 of UD would be byte 32 */
	expect_asm_error("mov(8) g2<1>UD g1.8<8,8,1>UD { align1 1Q }\n", GSEU_E_SYNTAX, 1,
			 "past the end");
	expect_asm_error("mov(3) g2<1>UD g1<8,8,1>UD\n", GSEU_E_SYNTAX, 1, "execution size");
	expect_asm_error("mov(8) g2<1>UD g1<8,8,1>UD { align1 bogus }\n", GSEU_E_SYNTAX, 1,
			 "unknown option 'bogus'");
	expect_asm_error("cmp(8) null<1>F g1<8,8,1>F g2<8,8,1>F\n", GSEU_E_FIELD, 1,
			 "need a condition modifier");
	expect_asm_error("add(8) g2<1>F 1.0F g1<8,8,1>F\n", GSEU_E_OPERAND, 1, "only src1");
	expect_asm_error("mov(8) g2<1>UD g1<8,8,3>UD\n", GSEU_E_OPERAND, 1,
			 "horizontal stride");
	expect_asm_error("mov(8) g2<1>.xyF g1<8,8,1>F\n", GSEU_E_SYNTAX, 1, "align16");
	expect_asm_error("mad(8) g2<1>F g1<8,8,1>F g2<4,4,1>F g3<4,4,1>F\n", GSEU_E_SYNTAX, 1,
			 "Align16 region");
	expect_asm_error("if(8) JIP: 16 UIP: 32 { align16 1Q }\n", GSEU_E_FIELD, 1, "Align1");
	expect_asm_error("send(8) g2<1>UD g3<8,8,1>UD bogus 0x0UD\n", GSEU_E_SYNTAX, 1,
			 "unknown shared function");
	expect_asm_error("mov(8) g300<1>UD g1<8,8,1>UD\n", GSEU_E_SYNTAX, 1, "above 255");
	expect_asm_error("mov(8) acc10<1>F g1<8,8,1>F\n", GSEU_E_OPERAND, 1, "0x2a");
	expect_asm_error("mov.sat(8) null<1>UD g1<8,8,1>UD\n  send.sat(8) g2<1>UD g3<8,8,1>UD ts 0UD\n",
			 GSEU_E_FIELD, 2, "saturate");
	/* column: points at the bad token */
	{
		struct gseu_insn i;
		struct gseu_error err;

		CHECK_EQ(gseu_parse_insn("mov(8) g2<1>UD gx1<8,8,1>UD", &i, &err), -1);
		CHECK_EQ(err.col, 16);
	}
}

static void t_igt_kernel_text(void)
{
	/* IGT gpgpu_fill gen8 kernel as gensim-dis prints it, reassembled */
	static const uint32_t want[] = {
		0x00400001, 0x20202288, 0x00000020, 0x00000000,
		0x0c800031, 0x24000a40, 0x0e000080, 0x060a8000,
		0x07800031, 0x20000a40, 0x0e000e00, 0x82000010,
	};
	const char *src =
		"mov(4) g1<1>UB g1<0,1,0>UB { align1 1N }\n"
		"send(16) acc0<1>UW g4<0,1,0>D dp_data1 0x060a8000:D { align1 1H }\n"
		"send(16) null<1>UW g112<0,1,0>D ts 0x02000010:D { align1 1H EOT }\n";
	struct gseu_asm_result r = assemble(src, false);

	CHECK_EQ(r.size, sizeof(want));
	for (unsigned k = 0; k < 12; k++) {
		const uint8_t *p = r.code + 4 * k;

		CHECK_EQ(p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24, want[k]);
	}
	gseu_asm_free(&r);
}

int main(void)
{
	tap_run("corpus: text -> bin -> text -> bin", t_corpus_roundtrip);
	tap_run("labels resolve to Gen8 byte distances", t_labels);
	tap_run("assembler compaction and EOT alignment", t_assembler_compaction);
	tap_run("operand syntax and immediates", t_operand_syntax);
	tap_run("errors name line, column and cause", t_errors);
	tap_run("IGT kernel text reassembles word for word", t_igt_kernel_text);
	return tap_done();
}
