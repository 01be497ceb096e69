// SPDX-License-Identifier: MIT
/*
 * Predecode: a kernel's bytes -> an array of struct gsi_insn, once per
 * kernel.  Every direct region becomes a table of byte offsets (regions
 * and addressing: 965/G35 PRM Vol. 4 Subsystem and Cores (2008), 11.3.6
 * "Region Parameters", 11.3.7 "Region Addressing Modes", 11.3.8 "Access
 * Modes"; PRM Vol. 6 3D-Media-GPGPU (Broxton 2017), "Register Region
 * Restrictions": byte = RegNum*32 + SubRegNum
 * + (row*VertStride + col*HorzStride)*size, Align16 swizzles and write
 * masks, 1x1/Vx1/VxH indirect rows), immediates are expanded (V, UV, VF:
 * 965/G35 PRM Vol. 4 Subsystem and Cores (2008), 10.1 "Fundamental Data
 * Types", 10.2 "Numerical Data Types"), the computation class and the
 * gather/kernel/scatter functions are chosen, and branch targets are
 * resolved to byte offsets.  What to set up and which handler to use come
 * from the instruction's row (execution class, computation classes,
 * GSEU_X_* properties) and its semantic definition (gsi_sem_tab), never
 * from a test of the opcode.  Anything the interpreter cannot run becomes
 * an instruction that raises a named exception when (and only if) it
 * executes.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "interp.h"
#include "../eu_priv.h"

#define GRF_BYTES (GSEU_NUM_GRF * 32)

/* Make pi raise `e` when executed; the first reason is kept. */
void gsi_fault(struct gsi_insn *pi, enum gseu_exc e, const char *fmt, ...)
{
	va_list ap;

	if (pi->fault)
		return;		/* keep the first reason */
	va_start(ap, fmt);
	vsnprintf(pi->fault_buf, sizeof(pi->fault_buf), fmt, ap);
	va_end(ap);
	pi->fault = (uint8_t)e;
	pi->exec = gsi_exec_fault;
}

static bool is_unsigned(unsigned t)
{
	return t == GSEU_TYPE_UD || t == GSEU_TYPE_UW || t == GSEU_TYPE_UB ||
	       t == GSEU_TYPE_UQ;
}

const char *gsi_opname(const struct gsi_insn *pi)
{
	const struct gseu_opinfo *o = gseu_opinfo_by_op(pi->in.op);

	return o ? o->name : "?";
}

/* ARF register number -> image, start byte in it, or -1 (unsupported). */
static int arf_map(unsigned nr, uint8_t *arf, unsigned *start)
{
	*start = 0;
	switch (nr & 0xf0) {
	case GSEU_ARF_NULL: *arf = GSI_ARF_NULL; return 0;
	case GSEU_ARF_A0: *arf = GSI_ARF_A0; return 0;
	case GSEU_ARF_ACC0: *arf = GSI_ARF_ACC; *start = (nr & 0xf) * 32; return 0;
	case GSEU_ARF_F0: *arf = GSI_ARF_F; *start = (nr & 1) * 4; return 0;
	case GSEU_ARF_CE0: *arf = GSI_ARF_CE; return 0;
	case GSEU_ARF_SR0: *arf = GSI_ARF_SR0; return 0;
	case GSEU_ARF_CR0: *arf = GSI_ARF_CR0; return 0;
	case GSEU_ARF_N0: *arf = GSI_ARF_N0; return 0;
	case GSEU_ARF_IP: *arf = GSI_ARF_IP; return 0;
	case GSEU_ARF_TDR0: *arf = GSI_ARF_TDR; return 0;
	case GSEU_ARF_TM0: *arf = GSI_ARF_TM0; return 0;
	default: return -1;
	}
}

static const char *arf_name(unsigned nr)
{
	switch (nr & 0xf0) {
	case GSEU_ARF_MSG0: return "msg";
	case GSEU_ARF_SP: return "sp";
	case GSEU_ARF_FC0: return "fc";
	case GSEU_ARF_DBG0: return "dbg0";
	default: return "an unknown ARF";
	}
}

/* Region offsets of lane k relative to the operand's first byte. */
static unsigned region_off(const struct gsi_insn *pi, const struct gseu_reg *r,
			   bool is_dst, unsigned k, unsigned size)
{
	if (is_dst)
		return pi->in.access == GSEU_ALIGN16 ? k * size : k * r->hstride * size;
	if (pi->in.access == GSEU_ALIGN16) {
		unsigned comp = (r->swizzle >> (2 * (k & 3))) & 3;

		if (r->rep_ctrl)
			return 0;
		return ((k / 4) * r->vstride + comp) * size;
	}
	{
		unsigned w = r->width ? r->width : 1;

		return ((k / w) * r->vstride + (k % w) * r->hstride) * size;
	}
}

static void set_contig(struct gsi_opnd *o, unsigned n)
{
	o->contig = true;
	for (unsigned k = 1; k < n; k++)
		if (o->off[k] != o->off[0] + k * o->size)
			o->contig = false;
}

/* Expand an immediate into pi->imm; returns the element count. */
static unsigned expand_imm(struct gsi_insn *pi, const struct gseu_reg *r,
			   uint8_t *type)
{
	uint64_t v = r->imm;

	switch (r->type) {
	case GSEU_TYPE_V:
	case GSEU_TYPE_UV:
		for (unsigned i = 0; i < 8; i++) {
			unsigned nib = (v >> (4 * i)) & 0xf;
			int16_t w = r->type == GSEU_TYPE_V && (nib & 8) ?
				    (int16_t)(nib - 16) : (int16_t)nib;

			memcpy(pi->imm + 2 * i, &w, 2);
		}
		*type = r->type == GSEU_TYPE_V ? GSEU_TYPE_W : GSEU_TYPE_UW;
		return 8;
	case GSEU_TYPE_VF:
		for (unsigned i = 0; i < 4; i++) {
			unsigned b = (v >> (8 * i)) & 0xff;
			uint32_t f = (uint32_t)(b & 0x80) << 24;

			if (b & 0x7f)	/* 2^(e-3) (1 + m/16); 0x00/0x80 = +-0 */
				f |= ((((b >> 4) & 7) + 124u) << 23) |
				     ((uint32_t)(b & 0xf) << 19);
			memcpy(pi->imm + 4 * i, &f, 4);
		}
		*type = GSEU_TYPE_F;
		return 4;
	default:
		*type = r->type;
		memcpy(pi->imm, &v, 8);	/* W/UW/HF: the low half */
		return 1;
	}
}

/*
 * The element of an immediate that lane k reads. A :v/:uv vector is the
 * 128-bit expanded vector of eight words (965/G35 PRM Vol. 4 Subsystem and
 * Cores (2008), 10.2.4 "Packed Signed Half-Byte Integer Vector") laid over
 * the destination: lane k takes word (its destination byte offset / 2).
 * Under a packed word destination that is word k; under a dword one it is
 * word 2k, which IGC relies on ("add (4) r:ud r:uw 0xC080400:uv" for the
 * byte offsets 0, 4, 8, 12 of a local array; eu-interpreter.rst). A :vf
 * vector's four floats are read lane by lane.
 */
static unsigned imm_elem(const struct gsi_insn *pi, const struct gseu_reg *r,
			 unsigned k, unsigned cnt)
{
	const struct gseu_reg *d = &pi->in.dst;

	if ((r->type == GSEU_TYPE_V || r->type == GSEU_TYPE_UV) &&
	    d->file != GSEU_FILE_IMM)
		return (region_off(pi, d, true, k, gseu_type_size(d->type)) / 2) %
		       cnt;
	return k % cnt;
}

static void setup_operand(struct gsi_insn *pi, const struct gseu_reg *r,
			  struct gsi_opnd *o, bool is_dst, const char *slot)
{
	unsigned n = pi->n, size;

	memset(o, 0, sizeof(*o));
	o->type = r->type;
	o->neg = r->negate;
	o->abs = r->abs;
	if (r->file == GSEU_FILE_IMM) {
		unsigned cnt = expand_imm(pi, r, &o->type);

		o->kind = GSI_K_IMM;
		o->size = (uint8_t)gseu_type_size(o->type);
		for (unsigned k = 0; k < n; k++)
			o->off[k] = (uint16_t)(imm_elem(pi, r, k, cnt) * o->size);
		set_contig(o, n);
		return;
	}
	size = gseu_type_size(r->type);
	o->size = (uint8_t)size;
	if (r->file == GSEU_FILE_GRF && r->indirect) {
		o->kind = GSI_K_GRF_IND;
		o->a0sub = r->addr_subnr;
		o->aimm = r->addr_imm;
		for (unsigned k = 0; k < n; k++) {
			if (!is_dst && pi->in.access == GSEU_ALIGN1 &&
			    r->vstride == GSEU_VSTRIDE_VXH) {
				unsigned w = r->width ? r->width : 1;

				o->sel[k] = (uint8_t)(k / w);
				o->off[k] = (uint16_t)((k % w) * r->hstride * size);
			} else {
				o->off[k] = (uint16_t)region_off(pi, r, is_dst, k, size);
			}
			if (o->a0sub + o->sel[k] > 15)
				gsi_fault(pi, GSEU_EXC_REGION,
					  "%s: indirect region needs a0.%u, past a0.15",
					  slot, o->a0sub + o->sel[k]);
		}
		return;
	}
	if (r->file == GSEU_FILE_GRF) {
		unsigned base = r->nr * 32u + r->subnr;

		o->kind = GSI_K_GRF;
		for (unsigned k = 0; k < n; k++) {
			unsigned off = base + region_off(pi, r, is_dst, k, size);

			if (off + size > GRF_BYTES) {
				gsi_fault(pi, GSEU_EXC_REGION,
					  "%s: channel %u reaches byte %u, past r127",
					  slot, k, off + size - 1);
				off = 0;
			}
			o->off[k] = (uint16_t)off;
		}
		set_contig(o, n);
		return;
	}
	/* ARF */
	{
		unsigned start, lim;

		if (arf_map(r->nr, &o->arf, &start) < 0) {
			gsi_fault(pi, GSEU_EXC_UNSUPPORTED, "%s: ARF %s (%#04x) is not implemented",
				  slot, arf_name(r->nr), r->nr);
			return;
		}
		o->kind = GSI_K_ARF;
		if (o->arf == GSI_ARF_NULL) {
			o->kind = GSI_K_NULL;
			return;	/* offsets 0: reads give zero, writes vanish */
		}
		if (is_dst) {
			if (o->arf == GSI_ARF_IP) {
				gsi_fault(pi, GSEU_EXC_UNSUPPORTED,
					  "dst: writing ip (a jump through mov) is not implemented");
				return;
			}
			/*
			 * writes to read-only ARFs are dropped (965/G35 PRM
			 * Vol. 4 Subsystem and Cores (2008), 11.3.4 "ARF
			 * Registers")
			 */
			if (o->arf == GSI_ARF_SR0 || o->arf == GSI_ARF_CE ||
			    o->arf == GSI_ARF_TM0) {
				o->kind = GSI_K_NULL;
				return;
			}
		}
		lim = gsi_arf_bytes(o->arf);
		for (unsigned k = 0; k < n; k++) {
			unsigned off = start + r->subnr + region_off(pi, r, is_dst, k, size);

			if (off + size > lim) {
				gsi_fault(pi, GSEU_EXC_REGION,
					  "%s: channel %u reaches byte %u of an ARF image of %u bytes",
					  slot, k, off + size - 1, lim);
				off = 0;
			}
			o->off[k] = (uint16_t)off;
		}
		set_contig(o, n);
	}
}

static bool is_acc(const struct gsi_opnd *o)
{
	return o->kind == GSI_K_ARF && o->arf == GSI_ARF_ACC;
}

/* The row's kernel for pi's computation class (ALU class). */
static gsi_kernel_fn alu_kernel(struct gsi_insn *pi, const struct gseu_opinfo *info,
				const struct gsi_sem *sem)
{
	if (sem->pick)
		return sem->pick(pi);
	return (info->cls >> pi->cls & 1) ? sem->k[pi->cls] : NULL;
}

static void setup_alu(struct gsi_insn *pi, const struct gseu_opinfo *info,
		      const struct gsi_sem *sem)
{
	const struct gseu_insn *in = &pi->in;
	unsigned nsrc = in->nsrc, cls = GSI_I, x = info->xflags;
	bool any_f = false, any_df = false, all_uns = true, any_d = false,
	     any_q = false, neg = false;

	pi->exec = gsi_exec_alu;
	pi->nsrc = (uint8_t)nsrc;
	setup_operand(pi, &in->dst, &pi->dst, true, "dst");
	for (unsigned s = 0; s < nsrc; s++) {
		static const char *const nm[3] = { "src0", "src1", "src2" };
		struct gsi_opnd *o = &pi->src[s];

		setup_operand(pi, &in->src[s], o, false, nm[s]);
		any_f |= o->type == GSEU_TYPE_F || o->type == GSEU_TYPE_HF;
		any_df |= o->type == GSEU_TYPE_DF;
		all_uns &= is_unsigned(o->type);
		any_d |= o->type == GSEU_TYPE_D || o->type == GSEU_TYPE_UD;
		any_q |= o->type == GSEU_TYPE_Q || o->type == GSEU_TYPE_UQ;
		neg |= o->neg;
	}
	/*
	 * Execution type (965/G35 PRM Vol. 4 Subsystem and Cores (2008), 10.4
	 * "Type Conversion", 11.3.9 "Execution Data Type", 11.3.10 "Register
	 * Region Restrictions"; PRM Vol. 6 3D-Media-GPGPU (Broxton 2017),
	 * "Register Region Restrictions"): float wins; DF over F.
	 */
	if (any_df)
		cls = GSI_DF;
	else if (any_f)
		cls = GSI_F;
	pi->cls = (uint8_t)cls;
	pi->iw = any_q ? 64 : any_d ? 32 : 16;
	pi->isigned = !is_unsigned(pi->src[0].type);
	pi->uns = cls == GSI_I && all_uns && !neg && nsrc;
	pi->logic = x & GSEU_X_LOGIC;
	if (pi->logic && (pi->src[0].abs || pi->src[1].abs))
		gsi_fault(pi, GSEU_EXC_OPERAND, "%s: (abs) is not allowed on a logic instruction",
			  gsi_opname(pi));

	pi->kernel = alu_kernel(pi, info, sem);
	if (!pi->kernel) {
		/* a no-op if pick() gave its own reason */
		gsi_fault(pi, GSEU_EXC_OPERAND, "%s has no %s form (source types %s%s%s)",
			  gsi_opname(pi), cls == GSI_I ? "integer" : "floating-point",
			  gseu_type_name(pi->src[0].type), nsrc > 1 ? ", " : "",
			  nsrc > 1 ? gseu_type_name(pi->src[1].type) : "");
		return;
	}
	for (unsigned s = 0; s < nsrc; s++)
		pi->gather[s] = gsi_gather_tab[pi->src[s].type][cls];
	pi->scatter = gsi_scatter_tab[cls][pi->dst.type];

	if ((x & GSEU_X_GROUP4) && pi->n % 4)
		gsi_fault(pi, GSEU_EXC_OPERAND,
			  "%s needs an execution size that is a multiple of 4", gsi_opname(pi));
	if (sem->check)
		sem->check(pi);
	/* [PRM-965] 11.3.4.5 Accumulator Registers; [PRM-BXT] Accumulator Registers */
	if (in->saturate && is_acc(&pi->dst))
		gsi_fault(pi, GSEU_EXC_OPERAND, ".sat with an accumulator destination");
	if (cls == GSI_I && any_q && in->saturate)
		gsi_fault(pi, GSEU_EXC_UNSUPPORTED, "saturation of a 64-bit integer result");

	/*
	 * Implicit accumulator (965/G35 PRM Vol. 4 Subsystem and Cores (2008),
	 * 11.3.4.5 "Accumulator Registers"; PRM Vol. 6 3D-Media-GPGPU (Broxton
	 * 2017), "Accumulator Registers"): dst type, lane k at element
	 * (c0 % 8) + k from acc0.  The accumulator is 8 channels wide: a
	 * quarter (M8, M16, M24) starts again at acc0, where the NoMask 1Q
	 * "mul acc0" before IGC's "mach (8|M8)" put the product (Mesa
	 * brw_lower_mulh_inst: acc0 + group % 8); eu-interpreter.rst,
	 * "Choices".
	 */
	{
		bool reads = x & GSEU_X_ACC_READ;
		bool writes = (in->acc_wr_en && !(x & GSEU_X_NO_ACCWR) &&
			       !is_acc(&pi->dst)) || (x & GSEU_X_ACC_WRITE);
		unsigned at = pi->dst.type, sz;

		if (gseu_type_size(at) == 1)
			at = is_unsigned(at) ? GSEU_TYPE_UW : GSEU_TYPE_W;
		sz = gseu_type_size(at);
		pi->acc_type = (uint8_t)at;
		for (unsigned k = 0; k < pi->n; k++)
			pi->acc_off[k] = (uint16_t)(((pi->c0 % 8u + k) * sz) & (sz == 8 ? 127 : 63));
		if (reads)
			pi->acc_gather = gsi_gather_tab[at][cls];
		if (writes) {
			pi->acc_wr = true;
			pi->acc_scatter = gsi_scatter_tab[cls][at];
		}
	}

	/* Condition modifier and predicate, as the row says. */
	pi->pred_sel = (x & GSEU_X_PRED_SELECTS) && !in->cmod;
	pi->flag_wr = in->cmod && !(x & GSEU_X_CMOD_NOFLAG);

	/* Raw moves keep every bit, denormals and NaN payloads too (2.4). */
	if ((x & GSEU_X_RAW) && !in->saturate && !in->cmod && !pi->acc_wr &&
	    pi->dst.kind != GSI_K_GRF_IND) {
		bool raw = true;

		for (unsigned s = 0; s < nsrc; s++)
			raw &= pi->src[s].type == pi->dst.type && !pi->src[s].neg &&
			       !pi->src[s].abs;
		pi->raw = raw;
		if (raw && !pi->fault)
			pi->exec = pi->pred_sel ? gsi_exec_raw_sel : gsi_exec_raw;
	}
}

/* Branches: targets as absolute byte offsets, jump operands (FLOW class). */
static void setup_flow(struct gsi_insn *pi, const struct gsi_sem *sem)
{
	const struct gseu_insn *in = &pi->in;

	pi->exec = sem->exec;
	pi->jip_ip = (int64_t)pi->ip + in->jip;
	pi->uip_ip = (int64_t)pi->ip + in->uip;
	if (in->form == GSEU_FORM_JMPI)
		pi->jip_ip += pi->size;	/* jmpi counts from the next insn */
	if (in->form == GSEU_FORM_CALL)
		setup_operand(pi, &in->dst, &pi->dst, true, "dst");
	if ((in->form == GSEU_FORM_JMPI || in->form == GSEU_FORM_CALL) &&
	    in->src[1].file != GSEU_FILE_IMM)
		setup_operand(pi, &in->src[1], &pi->src[1], false, "src1");
	if (in->form == GSEU_FORM_RET)
		setup_operand(pi, &in->src[0], &pi->src[0], false, "src0");
	if (sem->check)
		sem->check(pi);
}

/* Messages: the response registers (SEND class). */
static void setup_send(struct gsi_insn *pi, const struct gsi_sem *sem)
{
	const struct gseu_insn *in = &pi->in;

	pi->exec = sem->exec;
	setup_operand(pi, &in->dst, &pi->dst, true, "dst");
	if (in->src[0].file != GSEU_FILE_GRF || in->src[0].indirect)
		gsi_fault(pi, GSEU_EXC_OPERAND, "send: the payload must be a direct GRF");
	if (in->dst.file == GSEU_FILE_GRF && in->dst.indirect)
		gsi_fault(pi, GSEU_EXC_UNSUPPORTED, "send: an indirect response register");
	/*
	 * An ARF destination is fine when the message returns nothing
	 * (IGT's gen8 kernels name acc0); the descriptor, possibly in
	 * a0, decides that at execution (insns/send.c).
	 */
	if (sem->check)
		sem->check(pi);
}

/*
 * The IEEE macro steps (GSEU_EXEC_MACRO: madm, and math invm/rsqtm, whose
 * row is math's): the Align16 write mask and swizzle fields hold the
 * math-macro selections (gseu_math_macro(); "Intel Graphics Assembler
 * (IGA)", its Gen8 model), so the operands address as the identity
 * (lane k at element k) and every lane is written.  DF in the GRF only:
 * that is all IGC emits; anything else is a named "unsupported" error.
 */
static void setup_macro(struct gsi_insn *pi)
{
	static const char *const nm[4] = { "dst", "src0", "src1", "src2" };
	const struct gseu_insn *in = &pi->in;
	unsigned nsrc = in->op == GSEU_OP_MADM ? 3 :
			in->math_fn == GSEU_MATH_INVM ? 2 : 1;

	pi->exec = gsi_exec_macro;
	pi->macro = in->op == GSEU_OP_MADM ? GSI_MACRO_MADM :
		    in->math_fn == GSEU_MATH_INVM ? GSI_MACRO_INVM : GSI_MACRO_RSQTM;
	pi->nsrc = (uint8_t)nsrc;
	pi->wm_lanes = pi->lanes;
	pi->cls = GSI_DF;
	for (unsigned s = 0; s <= nsrc; s++) {
		struct gseu_reg r = s ? in->src[s - 1] : in->dst;
		struct gsi_opnd *o = s ? &pi->src[s - 1] : &pi->dst;
		unsigned code = s ? r.swizzle & 0xf : r.writemask;

		pi->mme[s] = (uint8_t)(code > GSI_NOMME ? GSI_NOMME : code);
		if (code > GSI_NOMME)
			gsi_fault(pi, GSEU_EXC_OPERAND, "%s: %s: math-macro selection %u is reserved",
				  gsi_opname(pi), nm[s], code);
		r.swizzle = 0xe4;	/* .xyzw */
		r.writemask = 0xf;
		r.rep_ctrl = false;
		setup_operand(pi, &r, o, s == 0, nm[s]);
		if (o->type != GSEU_TYPE_DF || (o->kind != GSI_K_GRF && o->kind != GSI_K_GRF_IND))
			gsi_fault(pi, GSEU_EXC_UNSUPPORTED,
				  "%s: %s: an IEEE macro operand other than a DF GRF is not implemented",
				  gsi_opname(pi), nm[s]);
	}
	if (in->access != GSEU_ALIGN16)
		gsi_fault(pi, GSEU_EXC_UNSUPPORTED,
			  "%s: an IEEE macro step in Align1 (no math-macro selections) is not implemented",
			  gsi_opname(pi));
	if (in->saturate || (in->cmod && in->op == GSEU_OP_MADM))
		gsi_fault(pi, GSEU_EXC_UNSUPPORTED,
			  "%s: saturation or a condition modifier on an IEEE macro step is not implemented",
			  gsi_opname(pi));
}

/* One decoded instruction -> its handler, as its row and semantics say. */
static void predecode(struct gsi_insn *pi)
{
	const struct gseu_insn *in = &pi->in;
	const struct gseu_opinfo *info = gseu_opinfo_by_op(in->op);
	const struct gsi_sem *sem = gsi_sem_tab[in->op];

	pi->n = in->exec_size;
	pi->c0 = (uint8_t)(in->qtr_ctrl * 8 + in->nib_ctrl * 4);
	pi->lanes = gsi_lanes_mask(pi->n);
	pi->wm_lanes = pi->lanes;
	if (in->access == GSEU_ALIGN16 && in->form != GSEU_FORM_SEND) {
		uint32_t wm = 0;

		for (unsigned k = 0; k < pi->n; k++)
			if (in->dst.writemask >> (k & 3) & 1)
				wm |= 1u << k;
		pi->wm_lanes = wm;
	}
	if (pi->c0 + pi->n > 32) {
		gsi_fault(pi, GSEU_EXC_OPERAND, "channels %u..%u: a thread has 32",
			  pi->c0, pi->c0 + pi->n - 1);
		return;
	}
	if (in->debug_ctrl) {
		gsi_fault(pi, GSEU_EXC_BREAKPOINT, "breakpoint (DebugCtrl) on %s", gsi_opname(pi));
		return;
	}

	if (gseu_math_macro(in)) {	/* math invm/rsqtm run as madm does */
		setup_macro(pi);
		return;
	}
	switch (info->exec) {
	case GSEU_EXEC_MACRO:	/* gseu_math_macro() took it above */
		break;
	case GSEU_EXEC_ALU:
		setup_alu(pi, info, sem);
		return;
	case GSEU_EXEC_FLOW:
		setup_flow(pi, sem);
		return;
	case GSEU_EXEC_SEND:
		setup_send(pi, sem);
		return;
	case GSEU_EXEC_PLAIN:
		pi->exec = sem->exec;
		if (sem->check)
			sem->check(pi);
		return;
	case GSEU_EXEC_NONE:
		gsi_fault(pi, GSEU_EXC_UNSUPPORTED, "%s", sem->why);
		return;
	}
	gsi_fault(pi, GSEU_EXC_ILLEGAL, "%s: unknown execution class %u", gsi_opname(pi),
		  info->exec);
}

/* The instruction starting at byte ip, or NULL. */
struct gsi_insn *gsi_at_ip(const struct gseu_program *p, int64_t ip)
{
	if (ip < 0 || ip >= p->size || (ip & 7) || p->slot[ip / 8] < 0)
		return NULL;
	return &p->insns[p->slot[ip / 8]];
}

static void mark(struct gseu_program *p, int64_t ip)
{
	struct gsi_insn *t = gsi_at_ip(p, ip);

	if (t)
		t->join = true;
}

/* Branch targets wake parked channels; link() may move a target first. */
static void link_flow(struct gseu_program *p)
{
	for (unsigned i = 0; i < p->count; i++) {
		struct gsi_insn *pi = &p->insns[i];
		const struct gsi_sem *sem;

		if (pi->fault || gseu_opinfo_by_op(pi->in.op)->exec != GSEU_EXEC_FLOW)
			continue;
		sem = gsi_sem_tab[pi->in.op];
		if (sem->link)
			sem->link(p, pi);
		mark(p, pi->jip_ip);
		mark(p, pi->uip_ip);
		mark(p, (int64_t)pi->ip + pi->size);
	}
}

/*
 * GSEU_INTERP=reference in the environment runs every kernel on the
 * reference path (the fast path's switch, eu-interpreter.rst).
 */
int gseu_program_create(const void *code, size_t size, struct gseu_program **out,
			struct gseu_error *err)
{
	const char *mode = getenv("GSEU_INTERP");

	return gsi_program_create(code, size, mode && !strcmp(mode, "reference"), out, err);
}

int gsi_program_create(const void *code, size_t size, bool reference,
		       struct gseu_program **out, struct gseu_error *err)
{
	const uint8_t *b = code;
	struct gseu_program *p;
	size_t off, cap = 16;

	*out = NULL;
	if (size > (1u << 30))
		return gseu_fail(err, GSEU_E_RANGE, "kernel of %zu bytes is too large", size);
	p = calloc(1, sizeof(*p));
	if (!p)
		return gseu_fail(err, GSEU_E_NOMEM, "out of memory");
	p->size = (uint32_t)size;
	p->slot = malloc((size / 8 + 1) * sizeof(*p->slot));
	p->insns = malloc(cap * sizeof(*p->insns));
	if (!p->slot || !p->insns)
		goto nomem;
	for (size_t s = 0; s <= size / 8; s++)
		p->slot[s] = -1;

	for (off = 0; off < size;) {
		struct gsi_insn *pi;
		struct gseu_error derr;
		size_t len;
		uint32_t dw0;

		if (size - off < 8) {
			gseu_fail(err, GSEU_E_TRUNCATED,
				  "offset %#zx: %zu trailing bytes are no instruction",
				  off, size - off);
			gseu_program_free(p);
			return -1;
		}
		memcpy(&dw0, b + off, 4);
		len = (dw0 >> 29 & 1) ? 8 : 16;
		if (size - off < len) {
			gseu_fail(err, GSEU_E_TRUNCATED,
				  "offset %#zx: native instruction cut short", off);
			gseu_program_free(p);
			return -1;
		}
		if (p->count == cap) {
			void *n = realloc(p->insns, 2 * cap * sizeof(*p->insns));

			if (!n)
				goto nomem;
			p->insns = n;
			cap *= 2;
		}
		pi = &p->insns[p->count];
		memset(pi, 0, sizeof(*pi));
		pi->ip = (uint32_t)off;
		pi->size = (uint32_t)len;
		if (gseu_decode(b, size, off, &pi->in, &derr) != len) {
			gsi_fault(pi, GSEU_EXC_ILLEGAL, "illegal instruction: %s", derr.msg);
		} else {
			predecode(pi);
			if (!reference && pi->exec == gsi_exec_alu)
				gsi_fast_setup(pi, gsi_sem_tab[pi->in.op]);
		}
		p->slot[off / 8] = (int32_t)p->count;
		p->count++;
		off += len;
	}
	link_flow(p);
	*out = p;
	return 0;
nomem:
	gseu_program_free(p);
	return gseu_fail(err, GSEU_E_NOMEM, "out of memory");
}

void gseu_program_free(struct gseu_program *p)
{
	if (!p)
		return;
	free(p->insns);
	free(p->slot);
	free(p);
}

unsigned gseu_program_count(const struct gseu_program *p)
{
	return p->count;
}
