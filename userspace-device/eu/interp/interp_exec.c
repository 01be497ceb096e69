// SPDX-License-Identifier: MIT
/*
 * The generic executors: channel enables and predication (965/G35 PRM Vol. 4
 * Subsystem and Cores (2008), 11.4 "SIMD Execution Control"), operand
 * resolution (direct offsets from predecode, indirect a0-relative addresses
 * computed here: 4.3), condition-modifier flag updates (5.3: only
 * write-enabled channels' bits change), the implicit accumulator (3.7), and
 * the ALU pipeline gather -> kernel -> flags -> saturate -> scatter.
 *
 * Flag bits: an instruction using fN.M sees the 64-bit string f1:f0 from
 * bit N*32 + M*16, channel c at bit c of that string (so Q2 uses f0.0 bits
 * 8-15, and SIMD32 on f0.0 uses all of f0).  Horizontal predicates
 * (.anyNh/.allNh) combine the N flag bits of the aligned channel group
 * whatever the execution size (a SIMD1 jmpi with .any16h sees 16 bits);
 * .anyv/.allv combine the same channel's bit in f0 and f1 (inferred, the
 * sources leave it open).  PredInv inverts bits before combining.
 */
#include <fenv.h>

#include "interp.h"
#include "interp_float.h"

static const uint8_t zeros[256];

uint32_t gsi_emask(const struct gseu_hw_thread *t, const struct gsi_insn *pi)
{
	if (pi->in.mask_ctrl)
		return pi->lanes;
	return (t->active >> pi->c0) & pi->lanes;
}

static uint64_t flag64(const struct gseu_hw_thread *t)
{
	return t->f.d[0] | (uint64_t)t->f.d[1] << 32;
}

static uint32_t fbits(uint64_t f, unsigned pos, unsigned cnt)
{
	if (pos >= 64)
		return 0;
	f >>= pos;
	return (uint32_t)(cnt >= 32 ? f : f & ((1ull << cnt) - 1));
}

uint32_t gsi_pmask(const struct gseu_hw_thread *t, const struct gsi_insn *pi)
{
	const struct gseu_insn *in = &pi->in;
	uint64_t f = flag64(t);
	unsigned base = in->flag_nr * 32u + in->flag_subnr * 16u, n = pi->n,
		 c0 = pi->c0, N = 0;
	uint32_t inv = in->pred_inv ? 0xffffffffu : 0, m = 0;
	bool any = false;

	if (in->access == GSEU_ALIGN16 && in->pred >= GSEU_PRED16_X &&
	    in->pred <= GSEU_PRED16_W) {
		unsigned comp = in->pred - GSEU_PRED16_X;

		for (unsigned k = 0; k < n; k++)
			if ((fbits(f, base + ((c0 + k) & ~3u) + comp, 1) ^ inv) & 1)
				m |= 1u << k;
		return m;
	}
	switch (in->pred) {
	case GSEU_PRED_NONE:
		return pi->lanes;
	case GSEU_PRED_NORMAL:
		return (fbits(f, base + c0, n) ^ inv) & pi->lanes;
	case GSEU_PRED_ANYV:
	case GSEU_PRED_ALLV: {
		uint32_t a = fbits(f, in->flag_subnr * 16u + c0, n) ^ inv;
		uint32_t b = fbits(f, 32 + in->flag_subnr * 16u + c0, n) ^ inv;

		return (in->pred == GSEU_PRED_ANYV ? a | b : a & b) & pi->lanes;
	}
	default:
		break;
	}
	/* horizontal: Align1 4..13, Align16 6/7 (= any4h/all4h) */
	if (in->access == GSEU_ALIGN16) {
		N = 4;
		any = in->pred == GSEU_PRED16_ANY4H;
	} else {
		N = 2u << ((in->pred - GSEU_PRED_ANY2H) / 2);
		any = !((in->pred - GSEU_PRED_ANY2H) & 1);
	}
	for (unsigned k = 0; k < n; k++) {
		uint32_t full = N >= 32 ? 0xffffffffu : (1u << N) - 1;
		uint32_t g = (fbits(f, base + ((c0 + k) & ~(N - 1)), N) ^ inv) & full;

		if (any ? g != 0 : g == full)
			m |= 1u << k;
	}
	return m;
}

void gsi_flags_write(struct gseu_hw_thread *t, const struct gsi_insn *pi,
		     uint32_t cond, uint32_t wr)
{
	unsigned pos = pi->in.flag_nr * 32u + pi->in.flag_subnr * 16u + pi->c0;
	uint64_t f = flag64(t), m, c;

	if (pos >= 64)
		return;
	m = (uint64_t)wr << pos;
	c = (uint64_t)(cond & wr) << pos;
	f = (f & ~m) | c;
	t->f.d[0] = (uint32_t)f;
	t->f.d[1] = (uint32_t)(f >> 32);
}

unsigned gsi_arf_bytes(unsigned arf)
{
	switch (arf) {
	case GSI_ARF_A0: return 32;
	case GSI_ARF_ACC: return GSEU_NUM_ACC * 32;
	case GSI_ARF_F: return 8;
	case GSI_ARF_CE: case GSI_ARF_IP: return 4;
	default: return 16;
	}
}

uint8_t *gsi_arf_base(struct gseu_hw_thread *t, unsigned arf)
{
	switch (arf) {
	case GSI_ARF_A0: return t->a0.b;
	case GSI_ARF_ACC: return t->acc[0].b;
	case GSI_ARF_F: return t->f.b;
	case GSI_ARF_SR0: return t->sr0.b;
	case GSI_ARF_CR0: return t->cr0.b;
	case GSI_ARF_N0: return t->n0.b;
	case GSI_ARF_TDR: return t->tdr0.b;
	case GSI_ARF_TM0: return t->tm0.b;
	default: return NULL;
	}
}

int gsi_operand(struct gsi_run *r, const struct gsi_insn *pi,
		const struct gsi_opnd *o, uint8_t **base, const uint16_t **off,
		bool *contig, uint16_t *offbuf)
{
	struct gseu_hw_thread *t = r->t;

	*off = o->off;
	*contig = o->contig;
	switch (o->kind) {
	case GSI_K_GRF:
		*base = t->grf[0].b;
		return 0;
	case GSI_K_IMM:
		*base = (uint8_t *)pi->imm;
		return 0;
	case GSI_K_NULL:
		*base = (uint8_t *)zeros;
		return 0;
	case GSI_K_ARF:
		if (o->arf == GSI_ARF_IP || o->arf == GSI_ARF_CE) {
			memset(&r->scratch, 0, sizeof(r->scratch));
			r->scratch.d[0] = o->arf == GSI_ARF_IP ? pi->ip : t->active;
			*base = r->scratch.b;
		} else {
			if (o->arf == GSI_ARF_TM0) {
				t->tm0.d[0] = (uint32_t)t->retired;
				t->tm0.d[1] = (uint32_t)(t->retired >> 32);
			}
			*base = gsi_arf_base(t, o->arf);
		}
		return 0;
	case GSI_K_GRF_IND:
		for (unsigned k = 0; k < pi->n; k++) {
			int32_t a = (int32_t)t->a0.w[o->a0sub + o->sel[k]] + o->aimm +
				    o->off[k];

			if (a < 0 || a + o->size > GSEU_NUM_GRF * 32)
				return gsi_raise(r, pi, GSEU_EXC_REGION,
						 "indirect address %d (a0.%u = %#x) of channel %u is outside r0..r127",
						 a, o->a0sub + o->sel[k],
						 t->a0.w[o->a0sub + o->sel[k]], k);
			offbuf[k] = (uint16_t)a;
		}
		*base = t->grf[0].b;
		*off = offbuf;
		*contig = false;
		return 0;
	default:
		return gsi_raise(r, pi, GSEU_EXC_OPERAND, "internal: operand kind %u",
				 o->kind);
	}
}

/* After an integer write to an accumulator: keep the dword's high half. */
static void acc_hi_store(struct gseu_hw_thread *t, const uint16_t *off, bool contig,
			 const union gsi_lanes *v, uint32_t wr, unsigned n)
{
	for (unsigned k = 0; k < n; k++)
		if (wr >> k & 1) {
			unsigned o = contig ? off[0] + 4 * k : off[k];

			/* o is a byte offset across acc0..acc9: row, then dword */
			t->acc_hi[o / 32][o % 32 / 4] = (uint32_t)(v->u[k] >> 32);
		}
}

static void fenv_enter(unsigned rm, int *old)
{
	static const int modes[4] = { FE_TONEAREST, FE_UPWARD, FE_DOWNWARD,
				      FE_TOWARDZERO };

	*old = fegetround();
	fesetround(modes[rm & 3]);
}

int gsi_exec_alu(struct gsi_run *r, const struct gsi_insn *pi)
{
	struct gseu_hw_thread *t = r->t;
	const struct gseu_insn *in = &pi->in;
	struct gsi_exec e;
	uint16_t ob[4][32];
	uint8_t *base[4];
	const uint16_t *off[4];
	bool contig[4];
	uint32_t em = gsi_emask(t, pi), cr = t->cr0.d[0], wr;
	unsigned cls = pi->cls, n = pi->n, rm = (cr & GSEU_CR0_RND_MASK) >> GSEU_CR0_RND_SHIFT;
	unsigned sflags = 0;
	bool ftz;
	int old_rm = 0, ret = 0;

	e.t = t;
	e.pi = pi;
	e.n = n;
	e.has_cond = false;
	e.r2_to_acc = false;
	e.r2_to_next = false;
	if (pi->pred_sel) {
		/* GSEU_X_PRED_SELECTS: the predicate selects, it does not
		 * mask (sel, 6.2); the kernel reads it from e.cond */
		e.cond = in->pred ? gsi_pmask(t, pi) : pi->lanes;
		wr = em;
	} else {
		wr = in->pred ? em & gsi_pmask(t, pi) : em;
	}
	wr &= pi->wm_lanes;
	if (!wr)
		return 0;

	ftz = !(cr & (cls == GSI_DF ? GSEU_CR0_DF_DENORM_KEEP : GSEU_CR0_F_DENORM_KEEP));
	if (ftz)
		sflags |= GSI_SC_FTZ;
	if (cr & GSEU_CR0_ALT_MODE)
		sflags |= GSI_SC_ALT;
	if (pi->uns)
		sflags |= GSI_SC_UNS;
	if (rm)
		fenv_enter(rm, &old_rm);

	for (unsigned s = 0; s < pi->nsrc; s++) {
		const struct gsi_opnd *o = &pi->src[s];

		ret = gsi_operand(r, pi, o, &base[s], &off[s], &contig[s], ob[s]);
		if (ret)
			goto out;
		pi->gather[s](&e.s[s], base[s], off[s], contig[s], n, ftz);
		if (o->neg || o->abs)
			gsi_modifiers(cls, &e.s[s], n, o->neg, o->abs, pi->logic);
	}
	if (pi->acc_gather) {
		pi->acc_gather(&e.acc, t->acc[0].b, pi->acc_off, false, n, ftz);
		if (cls == GSI_I && gseu_type_size(pi->acc_type) == 4)
			for (unsigned k = 0; k < n; k++)
				e.acc.u[k] = (e.acc.u[k] & 0xffffffffu) |
					     (uint64_t)t->acc_hi[pi->acc_off[k] / 32]
								[pi->acc_off[k] % 32 / 4] << 32;
	}

	pi->kernel(&e);

	if (cls != GSI_I && !e.has_cond && (sflags & (GSI_SC_FTZ | GSI_SC_ALT))) {
		/* results are flushed / clamped before conditions see them */
		bool z = sflags & GSI_SC_FTZ, a = sflags & GSI_SC_ALT;

		if (cls == GSI_F) {
			for (unsigned k = 0; k < n; k++) {
				float v = e.r.f[k];

				v = z ? gsi_ftz(v) : v;
				e.r.f[k] = a ? gsi_alt(v) : v;
			}
		} else {
			for (unsigned k = 0; k < n; k++) {
				double v = e.r.d[k];

				v = z ? gsi_ftzd(v) : v;
				e.r.d[k] = a ? gsi_altd(v) : v;
			}
		}
	}

	if (pi->flag_wr) {
		uint32_t c = e.has_cond ? e.cond :
			     gsi_cond(cls, &e.r, n, in->cmod, pi->uns, pi->dst.type);

		gsi_flags_write(t, pi, c, wr);
	}
	if (in->saturate && !e.has_cond)
		gsi_saturate(cls, &e.r, n, pi->dst.type, pi->uns);

	if (pi->dst.kind != GSI_K_NULL) {
		ret = gsi_operand(r, pi, &pi->dst, &base[3], &off[3], &contig[3], ob[3]);
		if (ret)
			goto out;
		if (e.has_cond)
			gsi_scatter_bool(base[3], off[3], contig[3], e.cond, wr, n,
					 pi->dst.size);
		else
			pi->scatter(base[3], off[3], contig[3], &e.r, wr, n, sflags);
		if (pi->dst.kind == GSI_K_ARF && pi->dst.arf == GSI_ARF_ACC &&
		    cls == GSI_I && pi->dst.size == 4 && !e.has_cond)
			acc_hi_store(t, off[3], contig[3], &e.r, wr, n);
		if (e.r2_to_next) {
			uint16_t o2[32];

			for (unsigned k = 0; k < n; k++)
				o2[k] = (uint16_t)((contig[3] ? off[3][0] + k * pi->dst.size
						    : off[3][k]) + 32);
			pi->scatter(base[3], o2, false, &e.r2, wr, n, sflags);
		}
	}
	if (pi->acc_wr) {
		const union gsi_lanes *v = e.r2_to_acc ? &e.r2 : &e.r;

		pi->acc_scatter(t->acc[0].b, pi->acc_off, false, v, wr, n, sflags);
		if (cls == GSI_I && gseu_type_size(pi->acc_type) == 4)
			acc_hi_store(t, pi->acc_off, false, v, wr, n);
	}
out:
	if (rm)
		fesetround(old_rm);
	return ret;
}

/*
 * GSEU_X_RAW with identical types and no modifiers: copy the bits, under
 * the predicate (mov) ...
 */
int gsi_exec_raw(struct gsi_run *r, const struct gsi_insn *pi)
{
	struct gseu_hw_thread *t = r->t;
	uint16_t ob[2][32];
	uint8_t *base[2];
	const uint16_t *off[2];
	bool contig[2];
	uint32_t wr = gsi_emask(t, pi);
	int ret;

	if (pi->in.pred)
		wr &= gsi_pmask(t, pi);
	wr &= pi->wm_lanes;
	if (!wr || pi->dst.kind == GSI_K_NULL)
		return 0;
	ret = gsi_operand(r, pi, &pi->src[0], &base[0], &off[0], &contig[0], ob[0]);
	if (ret)
		return ret;
	ret = gsi_operand(r, pi, &pi->dst, &base[1], &off[1], &contig[1], ob[1]);
	if (ret)
		return ret;
	gsi_copy_raw(base[1], off[1], contig[1], base[0], off[0], contig[0],
		     wr, pi->n, pi->dst.size);
	return 0;
}

/* ... or choosing src0 or src1 by the predicate (GSEU_X_PRED_SELECTS, sel). */
int gsi_exec_raw_sel(struct gsi_run *r, const struct gsi_insn *pi)
{
	struct gseu_hw_thread *t = r->t;
	uint16_t ob[3][32];
	uint8_t *base[3];
	const uint16_t *off[3];
	bool contig[3];
	uint32_t wr = gsi_emask(t, pi) & pi->wm_lanes, sel;
	uint8_t tmp[32 * 8];
	int ret;

	sel = pi->in.pred ? gsi_pmask(t, pi) : pi->lanes;
	if (!wr || pi->dst.kind == GSI_K_NULL)
		return 0;
	for (unsigned s = 0; s < 2; s++) {
		ret = gsi_operand(r, pi, &pi->src[s], &base[s], &off[s], &contig[s], ob[s]);
		if (ret)
			return ret;
	}
	ret = gsi_operand(r, pi, &pi->dst, &base[2], &off[2], &contig[2], ob[2]);
	if (ret)
		return ret;
	/* both sources read before the destination is written */
	gsi_gather_raw(tmp, base[0], off[0], contig[0], wr & sel, pi->n, pi->dst.size);
	gsi_gather_raw(tmp, base[1], off[1], contig[1], wr & ~sel, pi->n, pi->dst.size);
	gsi_scatter_raw(base[2], off[2], contig[2], tmp, wr, pi->n, pi->dst.size);
	return 0;
}

int gsi_exec_fault(struct gsi_run *r, const struct gsi_insn *pi)
{
	return gsi_raise(r, pi, (enum gseu_exc)pi->fault, "%s", pi->fault_buf);
}
