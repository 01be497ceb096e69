// SPDX-License-Identifier: MIT
/*
 * Interpreter: the fast path against the reference, differentially.
 *
 * Random programs of ALU instructions (random opcodes of the fast
 * families, types, regions, execution sizes and channel offsets, masks,
 * predicates, condition modifiers, saturation, source modifiers and
 * immediates) are encoded, predecoded twice, once as usual and once with
 * the reference path forced on (gsi_program_create(..., reference = true),
 * the switch GSEU_INTERP=reference also sets), and run on two copies of
 * one random thread state whose registers are full of NaNs (quiet,
 * signalling, with payloads), infinities, denormals, signed zeros and
 * integer edge values, under random cr0 modes.  Every register, flag,
 * accumulator bit and the exception state must be identical.  The fast
 * path must also have been taken for most instructions (a path never
 * taken proves nothing).
 *
 *   test_interp_fast [programs [seed]]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../interp.h"
#include "it_util.h"

static uint64_t rng_state;

static uint64_t rnd(void)
{
	uint64_t x = rng_state;

	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	return rng_state = x;
}

static unsigned pick(unsigned n)
{
	return (unsigned)(rnd() % n);
}

static bool chance(unsigned percent)
{
	return pick(100) < percent;
}

static const uint32_t fspecial[] = {
	0x00000000, 0x80000000, 0x3f800000, 0xbf800000, 0x3f000000, 0x40490fdb,
	0x00000001, 0x807fffff, 0x00400000, 0x80000010,	/* denormals */
	0x00800000, 0x80800000, 0x7f7fffff, 0xff7fffff,	/* min normal, max */
	0x7f800000, 0xff800000,				/* infinities */
	0x7fc00000, 0xffc00000, 0x7fc12345, 0xffd00001,	/* quiet NaNs */
	0x7f800001, 0xff812345, 0x7fbfffff,		/* signalling NaNs */
	0x4f000000, 0xcf000000, 0x4effffff, 0x3effffff, 0x3f7fffff,
};

static const uint32_t ispecial[] = {
	0, 1, 2, 0xffffffff, 0x7fffffff, 0x80000000, 0x80000001, 0xffff,
	0x8000, 0x7fff, 0x10000, 0xff, 0x80, 0x7f, 31, 32, 33, 0xfffffffe,
	0x0000ffff, 0xffff0000, 0x00ff00ff,
};

static uint32_t rnd_dword(void)
{
	switch (pick(4)) {
	case 0: return (uint32_t)rnd();
	case 1: return ispecial[pick(sizeof(ispecial) / 4)];
	default: return fspecial[pick(sizeof(fspecial) / 4)];
	}
}

/* The operations the fast path covers, and the classes they take. */
static const struct { uint8_t op; bool flt, in; } ops[] = {
	{ GSEU_OP_MOV, 1, 1 }, { GSEU_OP_SEL, 1, 1 }, { GSEU_OP_NOT, 0, 1 },
	{ GSEU_OP_AND, 0, 1 }, { GSEU_OP_OR, 0, 1 }, { GSEU_OP_XOR, 0, 1 },
	{ GSEU_OP_SHR, 0, 1 }, { GSEU_OP_SHL, 0, 1 }, { GSEU_OP_ASR, 0, 1 },
	{ GSEU_OP_CMP, 1, 1 }, { GSEU_OP_CMPN, 1, 1 }, { GSEU_OP_ADD, 1, 1 },
	{ GSEU_OP_MUL, 1, 1 }, { GSEU_OP_AVG, 0, 1 }, { GSEU_OP_FRC, 1, 0 },
	{ GSEU_OP_RNDU, 1, 0 }, { GSEU_OP_RNDD, 1, 0 }, { GSEU_OP_RNDE, 1, 0 },
	{ GSEU_OP_RNDZ, 1, 0 }, { GSEU_OP_MAD, 1, 1 }, { GSEU_OP_LRP, 1, 0 },
};

static const uint8_t itypes[] = {
	GSEU_TYPE_UD, GSEU_TYPE_D, GSEU_TYPE_UW, GSEU_TYPE_W, GSEU_TYPE_UB, GSEU_TYPE_B,
};

static unsigned rnd_itype(void)
{
	/* dwords most often, as kernels use them */
	return chance(60) ? itypes[pick(2)] : itypes[pick(6)];
}

static void rnd_src_region(struct gseu_reg *r, unsigned n, unsigned size)
{
	static const uint8_t vs[] = { 0, 1, 2, 4, 8, 16 };
	static const uint8_t ws[] = { 1, 2, 4, 8, 16 };

	switch (pick(5)) {
	case 0:		/* scalar */
		r->vstride = 0, r->width = 1, r->hstride = 0;
		break;
	case 1:
	case 2:		/* contiguous */
		r->width = (uint8_t)(n >= 8 ? 8 : n);
		r->vstride = r->width, r->hstride = 1;
		break;
	default:	/* anything the encoder takes */
		r->vstride = vs[pick(6)];
		r->width = ws[pick(5)];
		r->hstride = (uint8_t)(pick(3) ? 1u << pick(3) : 0);
		break;
	}
	r->subnr = (uint8_t)(size * pick(32 / size));
	if (chance(70))
		r->subnr = 0;
}

static void rnd_imm(struct gseu_reg *r, bool flt)
{
	r->file = GSEU_FILE_IMM;
	if (flt) {
		r->type = chance(80) ? GSEU_TYPE_F : GSEU_TYPE_VF;
		r->imm = r->type == GSEU_TYPE_F ? rnd_dword() : (uint32_t)rnd();
		return;
	}
	switch (pick(6)) {
	case 0: r->type = GSEU_TYPE_V; r->imm = (uint32_t)rnd(); break;
	case 1: r->type = GSEU_TYPE_UV; r->imm = (uint32_t)rnd() & 0x77777777u; break;
	case 2: r->type = GSEU_TYPE_W; r->imm = (uint16_t)rnd_dword(); break;
	case 3: r->type = GSEU_TYPE_UW; r->imm = (uint16_t)rnd_dword(); break;
	default: r->type = pick(2) ? GSEU_TYPE_D : GSEU_TYPE_UD; r->imm = rnd_dword(); break;
	}
}

/* One random instruction of a fast family; false if it does not encode. */
static bool rnd_insn(uint8_t out[16])
{
	static const uint8_t sizes[] = { 1, 2, 4, 8, 8, 16, 16, 16, 32 };
	unsigned o = pick(sizeof(ops) / sizeof(ops[0]));
	const struct gseu_opinfo *info = gseu_opinfo_by_op(ops[o].op);
	bool flt = ops[o].flt && (!ops[o].in || chance(50));
	struct gseu_insn in;
	struct gseu_error err;
	unsigned n, nsrc = info->nsrc, st;

	memset(&in, 0, sizeof(in));
	in.opcode = info->opcode;
	in.op = info->op;
	in.form = info->form;
	in.nsrc = (uint8_t)nsrc;
	n = sizes[pick(sizeof(sizes))];
	in.exec_size = (uint8_t)n;
	if (n == 8)
		in.qtr_ctrl = (uint8_t)pick(4);
	else if (n == 16)
		in.qtr_ctrl = (uint8_t)(2 * pick(2));
	else if (n <= 4)
		in.qtr_ctrl = (uint8_t)pick(4), in.nib_ctrl = (uint8_t)pick(2);
	in.mask_ctrl = chance(30);
	if (chance(40)) {
		in.pred = chance(80) ? GSEU_PRED_NORMAL : (uint8_t)(2 + pick(12));
		in.pred_inv = chance(30);
	}
	in.flag_nr = (uint8_t)pick(2);
	in.flag_subnr = (uint8_t)pick(2);
	if (info->flags & GSEU_F_CMOD_REQ || chance(25)) {
		static const uint8_t cm[] = { 1, 2, 3, 4, 5, 6, 8, 9 };

		in.cmod = cm[pick(8)];
	}
	in.saturate = chance(20);
	in.acc_wr_en = chance(3);

	if (info->form == GSEU_FORM_ALU3) {
		unsigned t = flt ? GSEU_TYPE_F : pick(2) ? GSEU_TYPE_D : GSEU_TYPE_UD;

		in.access = GSEU_ALIGN16;
		in.dst.file = GSEU_FILE_GRF;
		in.dst.type = (uint8_t)(flt || chance(80) ? t : (pick(2) ? GSEU_TYPE_D : GSEU_TYPE_UD));
		in.dst.nr = (uint8_t)(1 + pick(100));
		in.dst.subnr = (uint8_t)(chance(80) ? 0 : 16);
		in.dst.hstride = 1;
		in.dst.writemask = (uint8_t)(chance(80) ? 0xf : 1 + pick(15));
		for (unsigned s = 0; s < 3; s++) {
			struct gseu_reg *r = &in.src[s];

			r->file = GSEU_FILE_GRF;
			r->type = (uint8_t)t;
			r->nr = (uint8_t)(1 + pick(100));
			r->subnr = (uint8_t)(chance(80) ? 0 : 4 * pick(8));
			r->rep_ctrl = chance(20);
			r->swizzle = chance(80) ? 0xe4 : (uint8_t)rnd();
			r->vstride = 4;
			r->width = 4;
			r->hstride = 1;
			r->negate = chance(20);
			r->abs = chance(10);
		}
		if (n > 16) {
			in.exec_size = 16;
			in.qtr_ctrl = 0;
		}
	} else {
		unsigned dt = flt ? GSEU_TYPE_F : rnd_itype();

		in.access = GSEU_ALIGN1;
		if (chance(8)) {
			in.dst.file = GSEU_FILE_ARF;
			in.dst.nr = GSEU_ARF_NULL;
			in.dst.type = (uint8_t)dt;
			in.dst.hstride = 1;
		} else {
			in.dst.file = GSEU_FILE_GRF;
			in.dst.type = (uint8_t)dt;
			in.dst.nr = (uint8_t)(1 + pick(90));
			in.dst.hstride = (uint8_t)(chance(80) ? 1 : 1u << pick(3));
			in.dst.subnr = (uint8_t)(chance(80) ? 0 :
				gseu_type_size(dt) * pick(32 / gseu_type_size(dt)));
		}
		for (unsigned s = 0; s < nsrc; s++) {
			struct gseu_reg *r = &in.src[s];

			if (s == nsrc - 1 && chance(30)) {
				rnd_imm(r, flt);
				continue;
			}
			r->file = GSEU_FILE_GRF;
			r->type = (uint8_t)(flt ? GSEU_TYPE_F : rnd_itype());
			/* now and then another class: the fast path must decline */
			if (chance(3))
				r->type = (uint8_t)(flt ? rnd_itype() : GSEU_TYPE_F);
			r->nr = (uint8_t)(1 + pick(100));
			rnd_src_region(r, n, gseu_type_size(r->type));
			r->negate = chance(20);
			r->abs = !(info->xflags & GSEU_X_LOGIC) && chance(10);
		}
	}
	/* in place (dst = a source) and overlaps by a few lanes */
	if (in.dst.file == GSEU_FILE_GRF && chance(30)) {
		struct gseu_reg *r = &in.src[pick(nsrc)];

		if (r->file == GSEU_FILE_GRF) {
			r->nr = in.dst.nr;
			r->subnr = chance(60) ? in.dst.subnr : (uint8_t)(4 * pick(8));
		}
	}
	st = gseu_encode(&in, out, &err) == 16;
	return st;
}

struct stats {
	unsigned programs, insns, fast, fused, inplace;
};

static void fill_state(struct gseu_hw_thread *t)
{
	static const uint32_t cr0s[] = {
		0, 0, 0, 0, GSEU_CR0_F_DENORM_KEEP, GSEU_CR0_F_DENORM_KEEP | GSEU_CR0_DF_DENORM_KEEP,
		GSEU_CR0_ALT_MODE, 1u << GSEU_CR0_RND_SHIFT, 2u << GSEU_CR0_RND_SHIFT,
		3u << GSEU_CR0_RND_SHIFT,
	};
	uint32_t mask = chance(50) ? 0xffffffffu : (uint32_t)rnd();

	t->sfids = &it_sfids;
	gseu_thread_reset(t, mask);
	t->active = mask & (chance(60) ? 0xffffffffu : (uint32_t)rnd());
	for (unsigned r = 0; r < GSEU_NUM_GRF; r++)
		for (unsigned d = 0; d < 8; d++)
			t->grf[r].d[d] = rnd_dword();
	for (unsigned r = 0; r < GSEU_NUM_ACC; r++)
		for (unsigned d = 0; d < 8; d++) {
			t->acc[r].d[d] = rnd_dword();
			t->acc_hi[r][d] = rnd_dword();
		}
	t->f.d[0] = (uint32_t)rnd();
	t->f.d[1] = (uint32_t)rnd();
	t->cr0.d[0] = cr0s[pick(sizeof(cr0s) / 4)];
}

static bool same(const struct gseu_hw_thread *a, const struct gseu_hw_thread *b,
		 char *why, size_t len)
{
	unsigned bad = 0;

	for (unsigned r = 0; r < GSEU_NUM_GRF; r++)
		for (unsigned d = 0; d < 8; d++)
			if (a->grf[r].d[d] != b->grf[r].d[d] && bad++ < 4)
				printf("# g%u.%u: fast %#010x, reference %#010x\n", r, d,
				       a->grf[r].d[d], b->grf[r].d[d]);
	if (bad) {
		snprintf(why, len, "%u dwords of the GRF differ", bad);
		return false;
	}
	if (memcmp(a->acc, b->acc, sizeof(a->acc)) || memcmp(a->acc_hi, b->acc_hi, sizeof(a->acc_hi))) {
		snprintf(why, len, "accumulators differ");
		return false;
	}
	if (a->f.d[0] != b->f.d[0] || a->f.d[1] != b->f.d[1]) {
		snprintf(why, len, "flags: fast f0 %#x f1 %#x, reference f0 %#x f1 %#x",
			 a->f.d[0], a->f.d[1], b->f.d[0], b->f.d[1]);
		return false;
	}
	if (a->exc != b->exc || strcmp(a->exc_msg, b->exc_msg) || a->ip != b->ip ||
	    a->retired != b->retired || a->active != b->active) {
		snprintf(why, len, "end state: fast exc %u '%s' ip %#x, reference exc %u '%s' ip %#x",
			 a->exc, a->exc_msg, a->ip, b->exc, b->exc_msg, b->ip);
		return false;
	}
	return true;
}

static void disasm(const uint8_t *code, size_t size)
{
	for (size_t off = 0; off < size; off += 16) {
		struct gseu_insn in;
		struct gseu_error err;
		char buf[256];

		if (gseu_decode(code, size, off, &in, &err) != 16)
			continue;
		gseu_print_insn(&in, buf, sizeof(buf));
		printf("#   %s\n", buf);
	}
}

static unsigned g_programs = 20000;

static void run_one(struct stats *st, struct gseu_hw_thread *tf, struct gseu_hw_thread *tr)
{
	uint8_t code[16 * 9];
	unsigned cnt = 1 + pick(8), k = 0;
	struct gseu_program *pf, *pr;
	struct gseu_error err;
	struct gseu_insn e;
	uint64_t seed;
	char why[512];

	while (k < cnt) {
		if (rnd_insn(code + 16 * k))
			k++;
	}
	/* the EOT send */
	CHECK_EQ(gseu_parse_insn("send(8) null<1>UD g127<8,8,1>UD ts 0x02000010UD "
				 "{ align1 1Q NoMask EOT }", &e, &err), 0);
	CHECK_EQ(gseu_encode(&e, code + 16 * k, &err), 16);
	CHECK_EQ(gsi_program_create(code, 16 * (k + 1), false, &pf, &err), 0);
	CHECK_EQ(gsi_program_create(code, 16 * (k + 1), true, &pr, &err), 0);
	for (unsigned i = 0; i < k; i++) {
		st->insns++;
		if (pf->insns[i].exec != gsi_exec_alu && pf->insns[i].exec != gsi_exec_raw &&
		    pf->insns[i].exec != gsi_exec_raw_sel && pf->insns[i].exec != gsi_exec_fault) {
			st->fast++;
			if (pf->insns[i].exec != gsi_exec_fast)
				st->fused++;
			if (pf->insns[i].exec != gsi_exec_fast && pf->insns[i].finplace)
				st->inplace++;
		}
		CHECK(pr->insns[i].exec == gsi_exec_alu || pr->insns[i].exec == gsi_exec_raw ||
		      pr->insns[i].exec == gsi_exec_raw_sel || pr->insns[i].exec == gsi_exec_fault);
	}
	seed = rnd();
	rng_state = seed;
	fill_state(tf);
	rng_state = seed;
	fill_state(tr);
	gseu_thread_run(tf, pf, 1000);
	gseu_thread_run(tr, pr, 1000);
	if (!same(tf, tr, why, sizeof(why))) {
		printf("# program %u (cr0 %#x, active %#x): %s\n", st->programs, tr->cr0.d[0],
		       tr->active, why);
		disasm(code, 16 * k);
		/* the first instruction after which the two differ */
		gseu_program_free(pf);
		gseu_program_free(pr);
		for (unsigned j = 1; j <= k; j++) {
			uint8_t part[16 * 9];

			memcpy(part, code, 16 * j);
			memcpy(part + 16 * j, code + 16 * k, 16);	/* the EOT */
			CHECK_EQ(gsi_program_create(part, 16 * (j + 1), false, &pf, &err), 0);
			CHECK_EQ(gsi_program_create(part, 16 * (j + 1), true, &pr, &err), 0);
			rng_state = seed;
			fill_state(tf);
			rng_state = seed;
			fill_state(tr);
			gseu_thread_run(tf, pf, 1000);
			gseu_thread_run(tr, pr, 1000);
			gseu_program_free(pf);
			gseu_program_free(pr);
			if (!same(tf, tr, why, sizeof(why))) {
				printf("# differs after instruction %u\n", j);
				break;
			}
		}
		CHECK_MSG(0, "fast path and reference differ");
	}
	st->programs++;
	gseu_program_free(pf);
	gseu_program_free(pr);
}

static void t_differential(void)
{
	struct gseu_hw_thread *tf = gseu_thread_new(), *tr = gseu_thread_new();
	struct stats st = { 0 };

	CHECK(tf && tr);
	for (unsigned p = 0; p < g_programs; p++)
		run_one(&st, tf, tr);
	printf("# %u programs, %u instructions: %u (%.0f%%) on the fast path, %u fused, "
	       "%u of them computing in place\n", st.programs, st.insns, st.fast,
	       100.0 * st.fast / (st.insns ? st.insns : 1), st.fused, st.inplace);
	/* the generator aims at the fast families: most must take it */
	CHECK(st.fast * 2 > st.insns);
	CHECK(st.fused * 4 > st.insns);
	gseu_thread_free(tf);
	gseu_thread_free(tr);
}

/* The switch: GSEU_INTERP=reference predecodes without the fast path. */
static void t_switch(void)
{
	static const char text[] =
		"add(16) g4<1>F g2<8,8,1>F g6<8,8,1>F { align1 1H }\n"
		"send(8) null<1>UD g127<8,8,1>UD ts 0x02000010UD { align1 1Q NoMask EOT }\n";
	struct gseu_program *p;

	setenv("GSEU_INTERP", "reference", 1);
	p = it_prog(text);
	CHECK(p->insns[0].exec == gsi_exec_alu);
	gseu_program_free(p);
	unsetenv("GSEU_INTERP");
	p = it_prog(text);
	CHECK(p->insns[0].exec != gsi_exec_alu);
	gseu_program_free(p);
}

int main(int argc, char **argv)
{
	rng_state = 0x9e3779b97f4a7c15ull;
	if (argc > 1)
		g_programs = (unsigned)strtoul(argv[1], NULL, 0);
	if (argc > 2)
		rng_state = strtoull(argv[2], NULL, 0) | 1;
	tap_run("random programs: fast path == reference, bit for bit", t_differential);
	tap_run("GSEU_INTERP=reference turns the fast path off", t_switch);
	return tap_done();
}
