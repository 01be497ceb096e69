// SPDX-License-Identifier: MIT
/*
 * The IEEE macro steps: madm, math invm and math rsqtm (GSEU_EXEC_MACRO).
 * IGC compiles an OpenCL double divide and square root into math.invm
 * (or math.rsqtm), an early-out branch on its flag, then ten madm
 * (dst = src0 + src1 * src2) whose ".mmeN" operands select math-macro
 * accumulators holding extra bits of a GRF double ("Intel Graphics
 * Assembler (IGA)", its Gen8 model; Intel Graphics Compiler (IGC), vISA
 * specification, INVM, RSQTM and MADM).  What the silicon guarantees is
 * the outcome: the sequences produce the IEEE-754 correctly rounded a/b
 * and sqrt(x) in cr0's rounding mode (OpenCL's correctly rounded double
 * divide and sqrt).  The extra bits' format, the approximation bits of
 * invm/rsqtm and the early-out inputs are not public, so this is gensim's
 * model (eu-interpreter.rst, "IEEE macros"):
 *
 *  - a math-macro accumulator is, per channel, an IEEE binary128 value
 *    (113-bit significand, 15-bit exponent: no intermediate overflow,
 *    underflow or precision loss matters) and the GRF bits it was
 *    written with (struct gseu_mme);
 *  - a source .mmeN reads the binary128 value when its GRF bits still
 *    match the accumulator's, else (and for .nomme) the GRF double,
 *    flushed when cr0 keeps no DF denormals; modifiers apply after;
 *  - every step computes in binary128 under round to nearest even; the
 *    GRF gets the result rounded once to double in cr0's rounding mode
 *    (flushed when cr0 keeps no DF denormals), and a dst .mmeN also
 *    keeps the binary128 value with those GRF bits;
 *  - invm(a, b) takes the early out (flag 1, dst = a / b, IEEE, in cr0's
 *    mode) when a or b is zero, infinite or NaN, else flag 0, dst 1/b;
 *    rsqtm(x) takes it (dst = sqrt(x)) for NaN, x < 0, +-0 and +inf,
 *    else 1/sqrt(x).  The flag is the instruction's (IGA's "(eo)f1.0"),
 *    written for the write-enabled channels.
 *
 * The final madm (dst .nomme) rounds q1 + r1 * y3 once from binary128; its
 * error is about 2^-112 relative, below the 2^-106 by which a quotient
 * that is not representable stays away from a double or a midpoint, so
 * the rounding is correct; tests/test_interp_macro.c checks that on IGC's
 * exact sequences, bit for bit against the host, in every rounding mode.
 */
#include <fenv.h>
#include <float.h>
#include <math.h>

#include "insns.h"
#include "../interp_float.h"

#if defined(__SIZEOF_FLOAT128__)
typedef __float128 gsi_q;
#elif LDBL_MANT_DIG == 113
typedef long double gsi_q;
#else
#error "the IEEE macro model needs an IEEE binary128 host type"
#endif

_Static_assert(sizeof(gsi_q) == 16, "binary128 is 16 bytes");

static gsi_q q_get(const struct gseu_mme *m)
{
	gsi_q v;

	memcpy(&v, m->ext, sizeof(v));
	return v;
}

static uint64_t d_bits(double d)
{
	uint64_t u;

	memcpy(&u, &d, 8);
	return u;
}

static double bits_d(uint64_t u)
{
	double d;

	memcpy(&d, &u, 8);
	return d;
}

/* Source modifiers on the sign bit (binary128: bit 127), NaN and -0 too. */
static gsi_q q_modify(gsi_q v, bool neg, bool abs)
{
	uint8_t b[16];

	memcpy(b, &v, 16);
	if (abs)
		b[15] &= 0x7f;
	if (neg)
		b[15] ^= 0x80;
	memcpy(&v, b, 16);
	return v;
}

/* One macro step's lanes: sources in, binary128 results and flag bits out. */
struct macro_lanes {
	struct gseu_hw_thread *t;
	const struct gsi_insn *pi;
	uint32_t wr;
	bool ftz;
	int rm;			/* the host mode cr0 selects */
	double d[3][32];	/* the GRF doubles (flushed), for the early outs */
	gsi_q v[3][32];		/* the operands (accumulator or GRF) */
	gsi_q res[32];
	double early[32];	/* an early out's IEEE result */
	uint32_t eo;		/* lanes that took the early out */
};

static int macro_read(struct gsi_run *r, struct macro_lanes *m, unsigned s)
{
	const struct gsi_insn *pi = m->pi;
	const struct gsi_opnd *o = &pi->src[s];
	uint16_t ob[32];
	const uint16_t *off;
	uint8_t *base;
	bool contig;
	unsigned sel = pi->mme[s + 1];
	int ret = gsi_operand(r, pi, o, &base, &off, &contig, ob);

	if (ret)
		return ret;
	for (unsigned k = 0; k < pi->n; k++) {
		unsigned at = contig ? off[0] + 8u * k : off[k];
		const struct gseu_mme *acc = sel < GSI_NOMME ? &m->t->mme[sel][pi->c0 + k] : NULL;
		uint64_t bits;
		double d;

		if (!(m->wr >> k & 1))
			continue;
		memcpy(&bits, base + at, 8);
		d = bits_d(bits);
		if (m->ftz)
			d = gsi_ftzd(d);
		m->d[s][k] = o->abs ? fabs(d) : d;
		m->d[s][k] = o->neg ? -m->d[s][k] : m->d[s][k];
		m->v[s][k] = q_modify(acc && acc->grf == bits ? q_get(acc) : (gsi_q)d,
				      o->neg, o->abs);
	}
	return 0;
}

/* Rounded once to double in cr0's mode, flushed as cr0 says. */
static double q_round(const struct macro_lanes *m, gsi_q v)
{
	int old = fegetround();
	double d;

	fesetround(m->rm);
	d = (double)v;
	fesetround(old);
	return m->ftz ? gsi_ftzd(d) : d;
}

static bool special(double d)
{
	return d == 0.0 || !isfinite(d);
}

/*
 * Error-free transformations in binary128 (Dekker, "A floating-point
 * technique for extending the available precision", 1971; Knuth, TAOCP
 * vol. 2, 4.2.2, TwoSum): x = hi + lo with 57 and 56 significand bits;
 * x * y = p + e and a + b = s + e exactly, barring overflow.
 */
static void q_split(gsi_q x, gsi_q *hi, gsi_q *lo)
{
	gsi_q t = x * (gsi_q)0x1.0000000000000002p57;	/* 2^57 + 1 */

	*hi = t - (t - x);
	*lo = x - *hi;
}

static gsi_q q_two_prod(gsi_q x, gsi_q y, gsi_q *e)
{
	gsi_q p = x * y, xh, xl, yh, yl;

	q_split(x, &xh, &xl);
	q_split(y, &yh, &yl);
	*e = ((xh * yh - p) + xh * yl + xl * yh) + xl * yl;
	return p;
}

static gsi_q q_two_sum(gsi_q a, gsi_q b, gsi_q *e)
{
	gsi_q s = a + b, bb = s - a;

	*e = (a - (s - bb)) + (b - bb);
	return s;
}

/*
 * a + x * y fused: the exact product, one sum, its error folded in (the
 * result is within an ulp of binary128, exact when a + x * y is; the IGC
 * sequences need that of their remainders r = a - b * q).  Infinities and
 * NaN take the plain expression.
 */
static gsi_q q_fma(gsi_q a, gsi_q x, gsi_q y)
{
	gsi_q pe, se, p, s;

	p = x * y;
	if (!__builtin_isfinite(p) || !__builtin_isfinite(a) || p == 0)
		return a + p;
	p = q_two_prod(x, y, &pe);
	s = q_two_sum(a, p, &se);
	return s + (se + pe);
}

/* madm: src0 + src1 * src2 in binary128 (round to nearest even), fused. */
static void k_madm(struct macro_lanes *m)
{
	for (unsigned k = 0; k < m->pi->n; k++)
		if (m->wr >> k & 1)
			m->res[k] = q_fma(m->v[0][k], m->v[1][k], m->v[2][k]);
}

static void ieee_early(struct macro_lanes *m, unsigned k, double v)
{
	m->eo |= 1u << k;
	m->early[k] = m->ftz ? gsi_ftzd(v) : v;
}

/* invm(a, b): the early out, or 1/b. */
static void k_invm(struct macro_lanes *m)
{
	int old = fegetround();

	for (unsigned k = 0; k < m->pi->n; k++) {
		double a = m->d[0][k], b = m->d[1][k];

		if (!(m->wr >> k & 1))
			continue;
		if (special(a) || special(b)) {
			fesetround(m->rm);
			ieee_early(m, k, a / b);
			fesetround(old);
		} else {
			m->res[k] = 1 / m->v[1][k];
		}
	}
}

/*
 * 1/sqrt(x) in binary128: Newton's y += y (1 - x y^2) / 2 from the
 * double estimate, each step doubling the 53 good bits (three reach 113).
 */
static gsi_q q_rsqrt(gsi_q x)
{
	gsi_q y = (gsi_q)(1.0 / sqrt((double)x));

	for (int i = 0; i < 3; i++)
		y = y + y * (1 - x * y * y) / 2;
	return y;
}

/* rsqtm(x): the early out, or 1/sqrt(x). */
static void k_rsqtm(struct macro_lanes *m)
{
	int old = fegetround();

	for (unsigned k = 0; k < m->pi->n; k++) {
		double x = m->d[0][k];

		if (!(m->wr >> k & 1))
			continue;
		if (special(x) || x < 0) {
			fesetround(m->rm);
			ieee_early(m, k, sqrt(x));
			fesetround(old);
		} else {
			m->res[k] = q_rsqrt(m->v[0][k]);
		}
	}
}

/* The GRF gets the double, a dst .mmeN also the binary128 value. */
static int macro_write(struct gsi_run *r, struct macro_lanes *m)
{
	const struct gsi_insn *pi = m->pi;
	uint16_t ob[32];
	const uint16_t *off;
	uint8_t *base;
	bool contig;
	unsigned sel = pi->mme[0];
	int ret = gsi_operand(r, pi, &pi->dst, &base, &off, &contig, ob);

	if (ret)
		return ret;
	for (unsigned k = 0; k < pi->n; k++) {
		unsigned at = contig ? off[0] + 8u * k : off[k];
		bool eo = m->eo >> k & 1;
		double d;
		uint64_t bits;

		if (!(m->wr >> k & 1))
			continue;
		d = eo ? m->early[k] : q_round(m, m->res[k]);
		bits = d_bits(d);
		memcpy(base + at, &bits, 8);
		if (sel < GSI_NOMME) {
			struct gseu_mme *acc = &m->t->mme[sel][pi->c0 + k];
			gsi_q v = eo ? (gsi_q)d : m->res[k];

			memcpy(acc->ext, &v, sizeof(v));
			acc->grf = bits;
		}
	}
	return 0;
}

int gsi_exec_macro(struct gsi_run *r, const struct gsi_insn *pi)
{
	static const int modes[4] = { FE_TONEAREST, FE_UPWARD, FE_DOWNWARD,
				      FE_TOWARDZERO };
	struct macro_lanes m;
	struct gseu_hw_thread *t = r->t;
	uint32_t cr = t->cr0.d[0];
	int ret;

	m.t = t;
	m.pi = pi;
	m.wr = gsi_emask(t, pi) & (pi->in.pred ? gsi_pmask(t, pi) : pi->lanes);
	if (!m.wr)
		return 0;
	m.ftz = !(cr & GSEU_CR0_DF_DENORM_KEEP);
	m.rm = modes[(cr & GSEU_CR0_RND_MASK) >> GSEU_CR0_RND_SHIFT];
	m.eo = 0;
	memset(m.res, 0, sizeof(m.res));
	for (unsigned s = 0; s < pi->nsrc; s++) {
		ret = macro_read(r, &m, s);
		if (ret)
			return ret;
	}
	switch (pi->macro) {
	case GSI_MACRO_MADM:
		k_madm(&m);
		break;
	case GSI_MACRO_INVM:
		k_invm(&m);
		break;
	default:
		k_rsqtm(&m);
		break;
	}
	ret = macro_write(r, &m);
	if (!ret && pi->macro != GSI_MACRO_MADM)
		gsi_flags_write(t, pi, m.eo, m.wr);
	return ret;
}

GSI_SEM(madm, .exec = gsi_exec_macro);
