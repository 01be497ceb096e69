// SPDX-License-Identifier: MIT
/*
 * The fast path of ALU instructions (Documentation/gpu/gensim/
 * eu-interpreter.rst, "The fast path").
 *
 * The reference executor (interp_exec.c gsi_exec_alu) converts every
 * source into 64-bit computation lanes through per-lane offset tables and
 * converts the result back; it is the definition of what an instruction
 * does.  Most instructions of real kernels need none of that generality:
 * 32-bit floats in and out, or integers of at most 32 bits, in direct
 * registers with contiguous or scalar regions.  For those, predecode
 * (gsi_fast_setup) settles once how each source is read (in place, a
 * scalar broadcast, the immediate already in 32-bit lanes, or a gather
 * with sign or zero extension) and picks the semantics' fast kernel
 * (struct gsi_sem.fast, the same operation on native lanes); gsi_exec_fast
 * then only computes the write enables, runs the kernel, writes flags and
 * stores the lanes as a block.
 *
 * What stays with the reference: anything touching the accumulator, ARF
 * or indirect operands, other types (HF, DF, Q, mixed float/integer),
 * integer saturation and integer condition modifiers (they see the exact
 * 64-bit result), and at run time a cr0 in ALT mode or with a rounding
 * mode other than round-to-nearest-even (the fast path then calls
 * gsi_exec_alu for that instruction).  The shape I lanes hold the low 32
 * bits of the reference's exact values, which is all an add, mul, logic
 * operation or shift at a width <= 32 needs; kernels that need the exact
 * values (compares, min/max, avg: GSI_FAST_EXACT) get sources of one
 * signedness without modifiers, where 32-bit compares are exact.
 *
 * tests/test_interp_fast.c runs random instructions through both paths
 * and compares every register and flag bit.
 */
#include <stdlib.h>

#include "interp.h"
#include "interp_float.h"

static bool is_int32(unsigned t)
{
	return t == GSEU_TYPE_UD || t == GSEU_TYPE_D || t == GSEU_TYPE_UW ||
	       t == GSEU_TYPE_W || t == GSEU_TYPE_UB || t == GSEU_TYPE_B;
}

static bool is_signed(unsigned t)
{
	return t == GSEU_TYPE_D || t == GSEU_TYPE_W || t == GSEU_TYPE_B;
}

/* One element of type t at p, extended to 32 bits (shape I) or as is. */
static inline uint32_t ld32(const uint8_t *p, unsigned t)
{
	switch (t) {
	case GSEU_TYPE_UW: { uint16_t v; memcpy(&v, p, 2); return v; }
	case GSEU_TYPE_W: { int16_t v; memcpy(&v, p, 2); return (uint32_t)(int32_t)v; }
	case GSEU_TYPE_UB: return p[0];
	case GSEU_TYPE_B: return (uint32_t)(int32_t)(int8_t)p[0];
	default: { uint32_t v; memcpy(&v, p, 4); return v; }
	}
}

static bool all_equal(const struct gsi_opnd *o, unsigned n)
{
	for (unsigned k = 1; k < n; k++)
		if (o->off[k] != o->off[0])
			return false;
	return true;
}

void gsi_fast_setup(struct gsi_insn *pi, const struct gsi_sem *sem)
{
	const struct gseu_insn *in = &pi->in;
	unsigned shape, nimm = 0;
	bool sgn = false;

	/* 32-bit lanes: nothing that computes wider (shl to a :q, 64-bit iw) */
	if (pi->fault || pi->raw || pi->acc_gather || pi->acc_wr || pi->iw > 32)
		return;
	if (pi->cls == GSI_F)
		shape = GSI_FS_F;
	else if (pi->cls == GSI_I)
		shape = GSI_FS_I;
	else
		return;
	if (!sem->fast[shape])
		return;
	/* dst: a direct GRF of the shape's type, or null */
	if (pi->dst.kind == GSI_K_GRF) {
		if (shape == GSI_FS_F ? pi->dst.type != GSEU_TYPE_F : !is_int32(pi->dst.type))
			return;
		for (unsigned k = 0; k < pi->n; k++)
			if (pi->dst.off[k] % pi->dst.size)
				return;
	} else if (pi->dst.kind != GSI_K_NULL) {
		return;
	}
	/*
	 * Integers: no saturation, and a flag only from a kernel that sets
	 * the condition itself (cmp): the reference tests the exact result.
	 */
	if (shape == GSI_FS_I && (in->saturate ||
				  (pi->flag_wr && !(sem->fast_flags & GSI_FAST_COND))))
		return;
	for (unsigned s = 0; s < pi->nsrc; s++) {
		const struct gsi_opnd *o = &pi->src[s];

		if (shape == GSI_FS_F ? o->type != GSEU_TYPE_F : !is_int32(o->type))
			return;
		if (shape == GSI_FS_I && (sem->fast_flags & GSI_FAST_EXACT)) {
			if (o->neg || o->abs)
				return;
			if (s && is_signed(o->type) != sgn)
				return;
			sgn = is_signed(o->type);
		}
		if (o->kind == GSI_K_IMM) {
			if (nimm++)
				return;	/* one image */
			for (unsigned k = 0; k < pi->n; k++)
				pi->fimm[k] = ld32(pi->imm + o->off[k], o->type);
			pi->fsrc[s] = GSI_FSRC_IMM;
		} else if (o->kind == GSI_K_GRF) {
			if (o->size == 4 && o->contig && o->off[0] % 4 == 0)
				pi->fsrc[s] = GSI_FSRC_CONTIG;
			else if (all_equal(o, pi->n))
				pi->fsrc[s] = GSI_FSRC_SCALAR;
			else
				pi->fsrc[s] = GSI_FSRC_GATHER;
		} else {
			return;
		}
	}
	/*
	 * In place, with modifiers that are bit masks: float abs/negate
	 * (the sign bit, as fabsf and negation do) and logic negate (not).
	 */
	pi->fdirect = true;
	pi->fimm_src = 0;
	pi->fmod_src = 0;
	for (unsigned s = 0; s < pi->nsrc; s++) {
		const struct gsi_opnd *o = &pi->src[s];

		pi->fdirect &= pi->fsrc[s] == GSI_FSRC_CONTIG || pi->fsrc[s] == GSI_FSRC_IMM;
		if (o->neg || o->abs) {
			pi->fmod_src |= (uint8_t)(1u << s);
			if (shape == GSI_FS_F) {
				pi->fam[s] = o->abs ? 0x7fffffffu : 0xffffffffu;
				pi->fxm[s] = o->neg ? 0x80000000u : 0;
			} else if (pi->logic) {
				pi->fam[s] = 0xffffffffu;
				pi->fxm[s] = 0xffffffffu;
			} else {
				pi->fdirect = false;	/* 0 - v: the general path */
			}
		}
		if (pi->fsrc[s] == GSI_FSRC_IMM)
			pi->fimm_src |= (uint8_t)(1u << s);
		else
			pi->foff[s] = pi->src[s].off[0];
	}
	pi->shape = (uint8_t)shape;
	pi->fdst_contig = pi->dst.kind == GSI_K_GRF && pi->dst.size == 4 &&
			  pi->dst.contig;
	pi->fsimple = pi->fdst_contig && !pi->flag_wr && !in->saturate;
	pi->finplace = pi->fsimple;
	for (unsigned s = 0; s < pi->nsrc; s++) {
		unsigned d0 = pi->dst.off[0], s0 = pi->src[s].off[0], len = 4u * pi->n;

		/* a source read in place may be the dst itself, or apart from it */
		if (pi->fsrc[s] == GSI_FSRC_CONTIG && s0 != d0 && s0 < d0 + len && d0 < s0 + len)
			pi->finplace = false;
	}
	pi->fast = sem->fast[shape];
	pi->exec = gsi_exec_fast;
	if (pi->fdirect && !pi->pred_sel && sem->fast_x[shape])
		pi->exec = sem->fast_x[shape];
}

/* Float abs/negate as bit masks; restrict and constant counts vectorise. */
static void fmods(uint32_t *restrict d, const uint32_t *restrict p, unsigned n,
		  uint32_t am, uint32_t nm)
{
	if (n == 16)
		for (unsigned k = 0; k < 16; k++)
			d[k] = (p[k] & am) ^ nm;
	else
		for (unsigned k = 0; k < n; k++)
			d[k] = (p[k] & am) ^ nm;
}

/* A source as 32-bit lanes: in place, or in tmp. */
static const void *source(const struct gsi_insn *pi, unsigned s, const uint8_t *grf,
			  uint32_t *tmp)
{
	const struct gsi_opnd *o = &pi->src[s];
	unsigned n = pi->n, t = o->type;
	const uint32_t *p;

	switch (pi->fsrc[s]) {
	case GSI_FSRC_CONTIG:
		p = (const uint32_t *)(const void *)(grf + o->off[0]);
		break;
	case GSI_FSRC_IMM:
		p = pi->fimm;
		break;
	case GSI_FSRC_SCALAR: {
		uint32_t v = ld32(grf + o->off[0], t);

		for (unsigned k = 0; k < n; k++)
			tmp[k] = v;
		p = tmp;
		break;
	}
	default:
		if (o->size == 4)
			for (unsigned k = 0; k < n; k++)
				memcpy(&tmp[k], grf + o->off[k], 4);
		else
			for (unsigned k = 0; k < n; k++)
				tmp[k] = ld32(grf + o->off[k], t);
		p = tmp;
		break;
	}
	if (!o->neg && !o->abs)
		return p;
	/* modifiers, as gsi_modifiers() applies them: abs, then negate */
	if (pi->shape == GSI_FS_F) {
		uint32_t am = o->abs ? 0x7fffffffu : 0xffffffffu;
		uint32_t nm = o->neg ? 0x80000000u : 0;

		fmods(tmp, p, n, am, nm);
	} else if (pi->logic) {
		for (unsigned k = 0; k < n; k++)
			tmp[k] = ~p[k];		/* negate is bitwise not */
	} else {
		bool abs = o->abs && is_signed(t);

		for (unsigned k = 0; k < n; k++) {
			uint32_t v = p[k];

			if (abs && (int32_t)v < 0)
				v = 0 - v;
			tmp[k] = o->neg ? 0 - v : v;
		}
	}
	return tmp;
}

/* A float condition modifier on the (flushed) result, as gsi_cond(). */
static uint32_t cond_f(const float *r, unsigned n, unsigned cmod)
{
	uint32_t c = 0;

	switch (cmod) {
	case GSEU_CMOD_Z: for (unsigned k = 0; k < n; k++) c |= (uint32_t)(r[k] == 0.0f) << k; break;
	case GSEU_CMOD_NZ: for (unsigned k = 0; k < n; k++) c |= (uint32_t)!(r[k] == 0.0f) << k; break;
	case GSEU_CMOD_G: for (unsigned k = 0; k < n; k++) c |= (uint32_t)(r[k] > 0.0f) << k; break;
	case GSEU_CMOD_GE: for (unsigned k = 0; k < n; k++) c |= (uint32_t)(r[k] >= 0.0f) << k; break;
	case GSEU_CMOD_L: for (unsigned k = 0; k < n; k++) c |= (uint32_t)(r[k] < 0.0f) << k; break;
	case GSEU_CMOD_LE: for (unsigned k = 0; k < n; k++) c |= (uint32_t)(r[k] <= 0.0f) << k; break;
	case GSEU_CMOD_O: for (unsigned k = 0; k < n; k++) c |= (uint32_t)(isinf(r[k]) != 0) << k; break;
	case GSEU_CMOD_U: for (unsigned k = 0; k < n; k++) c |= (uint32_t)(isnan(r[k]) != 0) << k; break;
	}
	return c;
}

/* Every lane enabled, contiguous 4-byte dst: a block copy of known size. */
static inline void store_all(uint8_t *d, const uint32_t *v, unsigned n)
{
	if (n == 16)
		memcpy(d, v, 64);
	else if (n == 8)
		memcpy(d, v, 32);
	else
		for (unsigned k = 0; k < n; k++)
			memcpy(d + 4 * k, &v[k], 4);
}

static void store(const struct gsi_insn *pi, uint8_t *grf, const uint32_t *v, uint32_t wr)
{
	unsigned n = pi->n;

	if (pi->fdst_contig) {
		uint8_t *d = grf + pi->dst.off[0];

		if (wr == pi->lanes) {
			store_all(d, v, n);
			return;
		}
		for (unsigned k = 0; k < n; k++)
			if (wr >> k & 1)
				memcpy(d + 4 * k, &v[k], 4);
		return;
	}
	for (unsigned k = 0; k < n; k++)
		if (wr >> k & 1)
			memcpy(grf + pi->dst.off[k], &v[k], pi->dst.size);
}

int gsi_exec_fast(struct gsi_run *r, const struct gsi_insn *pi)
{
	struct gseu_hw_thread *t = r->t;
	const struct gseu_insn *in = &pi->in;
	uint8_t *grf = t->grf[0].b;
	unsigned n = pi->n;
	struct gsi_fexec x;
	uint32_t em, wr;

	em = in->mask_ctrl ? pi->lanes : (t->active >> pi->c0) & pi->lanes;
	if (pi->pred_sel) {
		/* GSEU_X_PRED_SELECTS: the kernel reads the predicate */
		x.cond = in->pred ? gsi_pmask_fast(t, pi) : pi->lanes;
		wr = em;
	} else {
		x.cond = 0;
		wr = in->pred ? em & gsi_pmask_fast(t, pi) : em;
	}
	wr &= pi->wm_lanes;
	if (!wr)
		return 0;
	x.ftz = false;
	if (pi->shape == GSI_FS_F) {
		uint32_t cr = t->cr0.d[0];

		if (__builtin_expect(cr & (GSEU_CR0_ALT_MODE | GSEU_CR0_RND_MASK), 0))
			return gsi_exec_alu(r, pi);	/* modes the reference keeps */
		x.ftz = !(cr & GSEU_CR0_F_DENORM_KEEP);
	}
	x.pi = pi;
	x.n = n;
	x.has_cond = false;
	if (__builtin_expect(pi->fdirect && !pi->fmod_src, 1)) {
		/* in place: registers and the immediate image */
		const uint8_t *imm = (const uint8_t *)pi->fimm;
		unsigned is = pi->fimm_src;

		x.s[0] = (is & 1 ? imm : grf) + pi->foff[0];
		x.s[1] = (is & 2 ? imm : grf) + pi->foff[1];
		x.s[2] = (is & 4 ? imm : grf) + pi->foff[2];
		pi->fast(&x);
	} else {
		uint32_t tmp[3][32] __attribute__((aligned(32)));

		x.s[1] = x.s[2] = NULL;
		for (unsigned s = 0; s < pi->nsrc; s++)
			x.s[s] = source(pi, s, grf, tmp[s]);
		pi->fast(&x);
	}

	if (pi->flag_wr)
		gsi_flags_write(t, pi, x.has_cond ? x.cond : cond_f(x.r.f, n, in->cmod), wr);
	if (pi->dst.kind == GSI_K_NULL)
		return 0;
	if (x.has_cond) {
		for (unsigned k = 0; k < n; k++)
			x.r.u[k] = 0 - (x.cond >> k & 1);
	} else if (in->saturate) {
		/* shape F only: [0, 1], NaN to 0 (gsi_saturate) */
		for (unsigned k = 0; k < n; k++) {
			float v = x.r.f[k];

			x.r.f[k] = !(v > 0.0f) ? 0.0f : v > 1.0f ? 1.0f : v;
		}
	}
	if (__builtin_expect(pi->fdst_contig && wr == pi->lanes, 1))
		store_all(grf + pi->dst.off[0], x.r.u, n);
	else
		store(pi, grf, x.r.u, wr);
	return 0;
}

int gsi_fast_finish(struct gsi_run *r, const struct gsi_insn *pi, const uint32_t *res,
		    uint32_t wr)
{
	uint32_t v[32];

	if (pi->flag_wr) {
		float f[32];

		memcpy(f, res, 4u * pi->n);
		gsi_flags_write(r->t, pi, cond_f(f, pi->n, pi->in.cmod), wr);
	}
	if (pi->dst.kind == GSI_K_NULL)
		return 0;
	memcpy(v, res, 4u * pi->n);
	if (pi->in.saturate) {
		/* shape F only: [0, 1], NaN to 0 (gsi_saturate) */
		for (unsigned k = 0; k < pi->n; k++) {
			float f;

			memcpy(&f, &v[k], 4);
			f = !(f > 0.0f) ? 0.0f : f > 1.0f ? 1.0f : f;
			memcpy(&v[k], &f, 4);
		}
	}
	store(pi, r->t->grf[0].b, v, wr);
	return 0;
}

int gsi_fast_cond(struct gsi_run *r, const struct gsi_insn *pi, uint32_t cond, uint32_t wr)
{
	uint32_t v[32];

	if (pi->flag_wr)
		gsi_flags_write(r->t, pi, cond, wr);
	if (pi->dst.kind == GSI_K_NULL)
		return 0;
	for (unsigned k = 0; k < pi->n; k++)
		v[k] = 0 - (cond >> k & 1);
	store(pi, r->t->grf[0].b, v, wr);
	return 0;
}
