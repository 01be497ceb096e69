/* SPDX-License-Identifier: MIT */
/*
 * What a semantic file needs.  Each file of eu/interp/insns/ defines the
 * semantics of one family of instructions, one GSI_SEM() per name in the
 * semantics column of include/gseu/eu_insns.def:
 *
 *   KERNEL(k_add_F, R.f[k] = A.f[k] + B.f[k])   // one lane loop per class
 *   ...
 *   GSI_SEM(add, GSI_KERNELS(k_add_F, k_add_DF, k_add_I));
 *   GSI_SEM(if, .exec = exec_if);
 *
 * Kernels see the gathered sources A, B, C (lanes of e->s[0..2]) and write
 * R (e->r); NL loops over the e->n lanes.  The lanes are in the
 * instruction's computation class: .f (F), .d (DF) or .i/.u (I, exact
 * 64-bit integers).  Conversions, modifiers, conditions, saturation and
 * write enables are the executor's (interp_exec.c), not the kernel's.
 */
#ifndef GSI_INSNS_H
#define GSI_INSNS_H

#include "../interp.h"
#include "../interp_float.h"

#define NL for (unsigned k = 0; k < e->n; k++)
#define A e->s[0]
#define B e->s[1]
#define C e->s[2]
#define R e->r

/* A kernel whose body is one lane. */
#define KERNEL(NAME, BODY) static void NAME(struct gsi_exec *e) { NL { BODY; } }

/* The semantic definition the table row names (struct gsi_sem). */
#define GSI_SEM(nm, ...) \
	const struct gsi_sem gsi_sem_##nm = { .name = #nm, __VA_ARGS__ }
/* ALU kernels by computation class, NULL where there is no such form. */
#define GSI_KERNELS(f, df, i) .k = { [GSI_F] = (f), [GSI_DF] = (df), [GSI_I] = (i) }

/* One declaration per row, so that a definition of the wrong type fails. */
#define GSEU_OP(id, mnem, opc, form, nsrc, flags, exec, cls, sem, xflags) \
	extern const struct gsi_sem gsi_sem_##sem;
#include "gseu/eu_insns.def"
#undef GSEU_OP

/*
 * Fast kernels (interp.h struct gsi_fexec, interp_fast.c): the same
 * semantics on native 32-bit lanes, read from x->s[0..2] as a, b, c and
 * written to x->r.  Shape F: floats; with x->ftz the inputs and the
 * result are flushed here (the reference flushes in gather and after the
 * kernel).  Shape I: uint32_t lanes holding the low 32 bits of the
 * reference's exact values, right for every operation whose low 32 bits
 * depend only on its operands' low 32 bits (add, mul, logic, shifts at a
 * width <= 32); a kernel that needs the exact values (a compare, avg)
 * sets GSI_FAST_EXACT, and predecode then gives it sources of one
 * signedness without modifiers.  GSI_FL unrolls and vectorises lane
 * loops of 8 and 16; x86-64 builds get an AVX2 clone, chosen at load
 * time (GCC target_clones; not under ThreadSanitizer, whose instrumented
 * ifunc resolvers would run before the sanitizer's runtime).
 */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && \
	!defined(__SANITIZE_THREAD__) && !defined(GSI_NO_CLONES)
#define GSI_FAST_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define GSI_FAST_CLONES
#endif

/*
 * Lane loops have no dependence from one lane to another (a result lane
 * may be its own source lane: the fused executors write the dst register
 * in place when no source overlaps it otherwise): GCC's ivdep lets it
 * vectorise without restrict.
 */
#if defined(__clang__)
#define GSI_IVDEP	/* clang versions loops for aliasing by itself; its
			 * assume_safety warns on loops it leaves scalar */
#else
#define GSI_IVDEP _Pragma("GCC ivdep")
#endif

#define GSI_FL(N, ...) do {						\
	unsigned n_ = (N);						\
	if (n_ == 16) {							\
		GSI_IVDEP for (unsigned k = 0; k < 16; k++) { __VA_ARGS__; } \
	} else if (n_ == 8) {						\
		GSI_IVDEP for (unsigned k = 0; k < 8; k++) { __VA_ARGS__; } \
	} else {							\
		GSI_IVDEP for (unsigned k = 0; k < n_; k++) { __VA_ARGS__; } \
	}								\
} while (0)

/*
 * A semantics' fast forms: GSI_FAST_F(name) / GSI_FAST_I(name) for a
 * kernel stamped by FAST_F1..3 / FAST_I1..3 (which also stamp name_x, the
 * fused executor predecode uses when every source is read in place),
 * GSI_FAST_FK / GSI_FAST_IK for a hand-written kernel alone.
 */
#define GSI_FAST_F(f) .fast[GSI_FS_F] = (f), .fast_x[GSI_FS_F] = f##_x
#define GSI_FAST_I(i) .fast[GSI_FS_I] = (i), .fast_x[GSI_FS_I] = i##_x
#define GSI_FAST_FK(f) .fast[GSI_FS_F] = (f)
#define GSI_FAST_IK(i) .fast[GSI_FS_I] = (i)

/*
 * The fused executor (gsi_fexec's work without the struct): the write
 * enables, the sources in place (or through their modifier masks), the
 * lane loop inlined; its result goes straight into the dst register, or
 * through a buffer and a block store, or through gsi_fast_finish() for
 * flags, saturation and partial or strided stores.
 */
static inline __attribute__((always_inline)) uint32_t
gsi_fast_wr(const struct gseu_hw_thread *t, const struct gsi_insn *pi)
{
	uint32_t em = pi->in.mask_ctrl ? pi->lanes : (t->active >> pi->c0) & pi->lanes;

	if (pi->in.pred)
		em &= gsi_pmask_fast(t, pi);
	return em & pi->wm_lanes;
}

static inline __attribute__((always_inline)) const void *
gsi_fast_src(const struct gsi_insn *pi, const uint8_t *grf, unsigned s)
{
	return (pi->fimm_src >> s & 1 ? (const uint8_t *)pi->fimm : grf) + pi->foff[s];
}

static inline __attribute__((always_inline)) void
gsi_fast_mask(uint32_t *restrict d, const uint32_t *restrict p, unsigned n,
	      uint32_t am, uint32_t xm)
{
	GSI_FL(n, d[k] = (p[k] & am) ^ xm);
}

/* A source in place, or through its modifier masks into tmp. */
static inline __attribute__((always_inline)) const void *
gsi_fast_srcm(const struct gsi_insn *pi, const uint8_t *grf, unsigned s, uint32_t *tmp)
{
	const void *p = gsi_fast_src(pi, grf, s);

	if (__builtin_expect(pi->fmod_src >> s & 1, 0)) {
		gsi_fast_mask(tmp, p, pi->n, pi->fam[s], pi->fxm[s]);
		return tmp;
	}
	return p;
}

static inline __attribute__((always_inline)) int
gsi_fast_tail(struct gsi_run *r, const struct gsi_insn *pi, uint8_t *grf,
	      const uint32_t *res, uint32_t wr)
{
	if (__builtin_expect(pi->fsimple && wr == pi->lanes, 1)) {
		uint8_t *d = grf + pi->dst.off[0];

		if (pi->n == 16)
			memcpy(d, res, 64);
		else if (pi->n == 8)
			memcpy(d, res, 32);
		else
			memcpy(d, res, 4u * pi->n);
		return 0;
	}
	return gsi_fast_finish(r, pi, res, wr);
}

/*
 * The hot case inline, with constant counts: SIMD16 or SIMD8 (and SIMD1
 * for integers: address and loop arithmetic), every lane
 * written, a contiguous dst that no source overlaps but lane for lane, no
 * flag, no saturation (and for floats the default cr0 modes, denormals
 * flushed): the lanes are computed into the dst register in place.  The
 * rest in NAME_xs, out of line so that the hot function stays small.
 */
#define GSI_FAST_HOT(N)							\
	(pi->n == (N) && pi->finplace && wr == (1u << (N)) - 1)

#define GSI_FAST_X_F(NAME, ARGS, ATTR)					\
static ATTR __attribute__((noinline)) int				\
NAME##_xs(struct gsi_run *r, const struct gsi_insn *pi, uint32_t wr, uint32_t cr) \
{									\
	uint8_t *grf = r->t->grf[0].b;					\
	float res[32];							\
	uint32_t tmp_[3][32];						\
									\
	NAME##_l ARGS(pi->n, GSI_FTZ(cr));				\
	return gsi_fast_tail(r, pi, grf, (const uint32_t *)res, wr);	\
}									\
static ATTR int NAME##_x(struct gsi_run *r, const struct gsi_insn *pi)	\
{									\
	struct gseu_hw_thread *t = r->t;				\
	uint8_t *grf = t->grf[0].b;					\
	uint32_t wr = gsi_fast_wr(t, pi), cr = t->cr0.d[0];		\
	uint32_t tmp_[3][16];						\
									\
	if (!wr)							\
		return 0;						\
	if (__builtin_expect(cr & (GSEU_CR0_ALT_MODE | GSEU_CR0_RND_MASK), 0)) \
		return gsi_exec_alu(r, pi);				\
	if (GSI_FTZ(cr) && GSI_FAST_HOT(16)) {				\
		float *res = (float *)(void *)(grf + pi->dst.off[0]);	\
									\
		NAME##_l ARGS(16, true);				\
		return 0;						\
	}								\
	if (GSI_FTZ(cr) && GSI_FAST_HOT(8)) {				\
		float *res = (float *)(void *)(grf + pi->dst.off[0]);	\
									\
		NAME##_l ARGS(8, true);					\
		return 0;						\
	}								\
	return NAME##_xs(r, pi, wr, cr);				\
}

#define GSI_FAST_X_I(NAME, ARGS)					\
static GSI_FAST_CLONES __attribute__((noinline)) int			\
NAME##_xs(struct gsi_run *r, const struct gsi_insn *pi, uint32_t wr)	\
{									\
	uint8_t *grf = r->t->grf[0].b;					\
	uint32_t res[32];						\
	uint32_t tmp_[3][32];						\
	struct gsi_fexec x_;						\
									\
	x_.pi = pi;							\
	NAME##_l ARGS(pi->n, &x_);					\
	return gsi_fast_tail(r, pi, grf, res, wr);			\
}									\
static GSI_FAST_CLONES int NAME##_x(struct gsi_run *r, const struct gsi_insn *pi) \
{									\
	struct gseu_hw_thread *t = r->t;				\
	uint8_t *grf = t->grf[0].b;					\
	uint32_t wr = gsi_fast_wr(t, pi);				\
	uint32_t tmp_[3][16];						\
	struct gsi_fexec x_;						\
									\
	if (!wr)							\
		return 0;						\
	x_.pi = pi;							\
	if (GSI_FAST_HOT(16)) {						\
		uint32_t *res = (uint32_t *)(void *)(grf + pi->dst.off[0]); \
									\
		NAME##_l ARGS(16, &x_);					\
		return 0;						\
	}								\
	if (GSI_FAST_HOT(8)) {						\
		uint32_t *res = (uint32_t *)(void *)(grf + pi->dst.off[0]); \
									\
		NAME##_l ARGS(8, &x_);					\
		return 0;						\
	}								\
	if (GSI_FAST_HOT(1)) {	/* address and loop arithmetic */	\
		uint32_t *res = (uint32_t *)(void *)(grf + pi->dst.off[0]); \
									\
		NAME##_l ARGS(1, &x_);					\
		return 0;						\
	}								\
	return NAME##_xs(r, pi, wr);					\
}

/* The argument lists of NAME_l in the fused executors, by arity. */
#define GSI_XARGS1(N, L) (res, gsi_fast_srcm(pi, grf, 0, tmp_[0]), N, L)
#define GSI_XARGS2(N, L) (res, gsi_fast_srcm(pi, grf, 0, tmp_[0]),	\
			  gsi_fast_srcm(pi, grf, 1, tmp_[1]), N, L)
#define GSI_XARGS3(N, L) (res, gsi_fast_srcm(pi, grf, 0, tmp_[0]),	\
			  gsi_fast_srcm(pi, grf, 1, tmp_[1]),		\
			  gsi_fast_srcm(pi, grf, 2, tmp_[2]), N, L)

/*
 * The lane loops: the result may be a source, lane for lane (in place),
 * never another lane of it; GSI_FL's ivdep says so to the vectoriser.
 */
#define GSI_FAST_BODY_F(NAME, DECL, LOAD, EXPR)				\
static inline __attribute__((always_inline)) void			\
NAME##_l(float *r_, DECL, unsigned n, bool ftz)				\
{									\
	if (ftz)							\
		GSI_FL(n, { LOAD(gsi_ftz_v); r_[k] = gsi_ftz_v(EXPR); });	\
	else								\
		GSI_FL(n, { LOAD(); r_[k] = (EXPR); });			\
}

#define GSI_F1_DECL const float *s0_
#define GSI_F1_LOAD(F) float a = F(s0_[k])
#define GSI_F2_DECL const float *s0_, const float *s1_
#define GSI_F2_LOAD(F) float a = F(s0_[k]), b = F(s1_[k])
#define GSI_F3_DECL const float *s0_, const float *s1_, const float *s2_
#define GSI_F3_LOAD(F) float a = F(s0_[k]), b = F(s1_[k]), c = F(s2_[k])
#define GSI_FTZ(cr) (!((cr) & GSEU_CR0_F_DENORM_KEEP))

#define GSI_FAST_F1(NAME, EXPR, ATTR)					\
GSI_FAST_BODY_F(NAME, GSI_F1_DECL, GSI_F1_LOAD, EXPR)			\
static ATTR void NAME(struct gsi_fexec *x)				\
{									\
	NAME##_l(x->r.f, x->s[0], x->n, x->ftz);			\
}									\
GSI_FAST_X_F(NAME, GSI_XARGS1, ATTR)

/*
 * FAST_F1_LIBM: a kernel that calls libm (floorf...) gets no vector
 * clone: a vector ISA inlines those calls with other NaN quieting than
 * the reference's call, and the two must agree bit for bit.
 */
#define FAST_F1(NAME, EXPR) GSI_FAST_F1(NAME, EXPR, GSI_FAST_CLONES)
#define FAST_F1_LIBM(NAME, EXPR) GSI_FAST_F1(NAME, EXPR, )

#define FAST_F2(NAME, EXPR)						\
GSI_FAST_BODY_F(NAME, GSI_F2_DECL, GSI_F2_LOAD, EXPR)			\
static GSI_FAST_CLONES void NAME(struct gsi_fexec *x)			\
{									\
	NAME##_l(x->r.f, x->s[0], x->s[1], x->n, x->ftz);		\
}									\
GSI_FAST_X_F(NAME, GSI_XARGS2, GSI_FAST_CLONES)

#define FAST_F3(NAME, EXPR)						\
GSI_FAST_BODY_F(NAME, GSI_F3_DECL, GSI_F3_LOAD, EXPR)			\
static GSI_FAST_CLONES void NAME(struct gsi_fexec *x)			\
{									\
	NAME##_l(x->r.f, x->s[0], x->s[1], x->s[2], x->n, x->ftz);	\
}									\
GSI_FAST_X_F(NAME, GSI_XARGS3, GSI_FAST_CLONES)

#define FAST_I1(NAME, EXPR)						\
static inline __attribute__((always_inline)) void			\
NAME##_l(uint32_t *r_, const uint32_t *s0_, unsigned n, const struct gsi_fexec *x) \
{									\
	(void)x;							\
	GSI_FL(n, { uint32_t a = s0_[k]; r_[k] = (uint32_t)(EXPR); });	\
}									\
static GSI_FAST_CLONES void NAME(struct gsi_fexec *x)			\
{									\
	NAME##_l(x->r.u, x->s[0], x->n, x);				\
}									\
GSI_FAST_X_I(NAME, GSI_XARGS1)

#define FAST_I2(NAME, EXPR)						\
static inline __attribute__((always_inline)) void			\
NAME##_l(uint32_t *r_, const uint32_t *s0_, const uint32_t *s1_, unsigned n, \
	 const struct gsi_fexec *x)					\
{									\
	(void)x;							\
	GSI_FL(n, { uint32_t a = s0_[k], b = s1_[k];			\
		    r_[k] = (uint32_t)(EXPR); });			\
}									\
static GSI_FAST_CLONES void NAME(struct gsi_fexec *x)			\
{									\
	NAME##_l(x->r.u, x->s[0], x->s[1], x->n, x);			\
}									\
GSI_FAST_X_I(NAME, GSI_XARGS2)

#define FAST_I3(NAME, EXPR)						\
static inline __attribute__((always_inline)) void			\
NAME##_l(uint32_t *r_, const uint32_t *s0_, const uint32_t *s1_,	\
	 const uint32_t *s2_, unsigned n, const struct gsi_fexec *x)	\
{									\
	(void)x;							\
	GSI_FL(n, { uint32_t a = s0_[k], b = s1_[k], c = s2_[k];	\
		    r_[k] = (uint32_t)(EXPR); });			\
}									\
static GSI_FAST_CLONES void NAME(struct gsi_fexec *x)			\
{									\
	NAME##_l(x->r.u, x->s[0], x->s[1], x->s[2], x->n, x);		\
}									\
GSI_FAST_X_I(NAME, GSI_XARGS3)

/* Integers at the execution width (16, 32 or 64 bits). */
static inline uint64_t gsi_wmask(unsigned iw)
{
	return iw >= 64 ? ~0ull : (1ull << iw) - 1;
}

static inline int64_t gsi_sext(uint64_t v, unsigned iw)
{
	if (iw >= 64)
		return (int64_t)v;
	v &= gsi_wmask(iw);
	return (int64_t)(v ^ (1ull << (iw - 1))) - (int64_t)(1ull << (iw - 1));
}

#endif
