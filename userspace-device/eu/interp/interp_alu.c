// SPDX-License-Identifier: MIT
/*
 * Per-lane op kernels of the channel-parallel instructions, one function
 * per (opcode, computation class), stamped by macros and selected once at
 * predecode.  Semantics: seed-000-eu-isa.md 6.2 (one entry per
 * instruction) with the float rules of 2.3-2.5 and the compare tables of
 * 2.3 (cmp) and 2.5 (cmpn, min/max).
 *
 * Choices where the notes leave it open (eu-interpreter.rst, "Choices"):
 *  - mad and mac round once (fused), like the "extra precision" of 2.4;
 *  - bfi2 shifts the insert value to the lowest set bit of the mask
 *    (GLSL bitfieldInsert = bfi1 + bfi2 needs it; notes 6.2 omit it);
 *  - bfe with width + offset >= 32 returns src2 >> offset (GLSL rules);
 *  - shifts and bit counts work at the integer execution width (16 bits
 *    when no source is a dword, 32, or 64 for Q/UQ), counts masked to
 *    5 bits (6 for 64-bit);
 *  - mach adds src0 * src1[31:16] << 16 to the 64-bit accumulator, writes
 *    bits 63:32 to dst and the whole sum back to the accumulator (notes
 *    6.2, "model mach as completing the a*b.lo16 partial");
 *  - cmp.o is false, cmp.u is "either source is NaN".
 */
#include <math.h>

#include "interp.h"
#include "interp_float.h"

#define NL for (unsigned k = 0; k < e->n; k++)
#define A e->s[0]
#define B e->s[1]
#define C e->s[2]
#define R e->r

#define KERNEL(NAME, BODY) static void NAME(struct gsi_exec *e) { NL { BODY; } }

/* int helpers at the execution width */
static inline uint64_t wmask(unsigned iw)
{
	return iw >= 64 ? ~0ull : (1ull << iw) - 1;
}

static inline int64_t sext_w(uint64_t v, unsigned iw)
{
	if (iw >= 64)
		return (int64_t)v;
	v &= wmask(iw);
	return (int64_t)(v ^ (1ull << (iw - 1))) - (int64_t)(1ull << (iw - 1));
}

static inline unsigned shcount(const struct gsi_exec *e, unsigned k)
{
	return (unsigned)(B.u[k] & (e->pi->iw == 64 ? 63 : 31));
}

static inline float rnde_f(float v)
{
	float f = floorf(v), d = v - f;

	if (d > 0.5f || (d == 0.5f && fmodf(f, 2.0f) != 0.0f))
		f += 1.0f;
	return f == 0.0f ? copysignf(0.0f, v) : f;
}

static inline double rnde_d(double v)
{
	double f = floor(v), d = v - f;

	if (d > 0.5 || (d == 0.5 && fmod(f, 2.0) != 0.0))
		f += 1.0;
	return f == 0.0 ? copysign(0.0, v) : f;
}

/* mov */
KERNEL(k_mov_F, R.f[k] = A.f[k])
KERNEL(k_mov_DF, R.d[k] = A.d[k])
KERNEL(k_mov_I, R.u[k] = A.u[k])

/* sel: e->cond is the predicate; with .l/.ge & co it is min/max, and the
 * non-NaN operand wins (notes 2.5) */
KERNEL(k_sel_F, R.f[k] = (e->cond >> k & 1) ? A.f[k] : B.f[k])
KERNEL(k_sel_DF, R.d[k] = (e->cond >> k & 1) ? A.d[k] : B.d[k])
KERNEL(k_sel_I, R.u[k] = (e->cond >> k & 1) ? A.u[k] : B.u[k])

static void k_minmax_F(struct gsi_exec *e)
{
	unsigned cm = e->pi->in.cmod;

	NL {
		float a = A.f[k], b = B.f[k];
		bool c;

		if (isnan(a) || isnan(b)) {
			R.f[k] = isnan(a) ? b : a;
			continue;
		}
		c = cm == GSEU_CMOD_L ? a < b : cm == GSEU_CMOD_LE ? a <= b :
		    cm == GSEU_CMOD_G ? a > b : a >= b;
		R.f[k] = c ? a : b;
	}
}

static void k_minmax_DF(struct gsi_exec *e)
{
	unsigned cm = e->pi->in.cmod;

	NL {
		double a = A.d[k], b = B.d[k];
		bool c;

		if (isnan(a) || isnan(b)) {
			R.d[k] = isnan(a) ? b : a;
			continue;
		}
		c = cm == GSEU_CMOD_L ? a < b : cm == GSEU_CMOD_LE ? a <= b :
		    cm == GSEU_CMOD_G ? a > b : a >= b;
		R.d[k] = c ? a : b;
	}
}

static void k_minmax_I(struct gsi_exec *e)
{
	unsigned cm = e->pi->in.cmod;
	bool u = e->pi->uns;

	NL {
		bool lt = u ? A.u[k] < B.u[k] : A.i[k] < B.i[k];
		bool eq = A.u[k] == B.u[k];
		bool c = cm == GSEU_CMOD_L ? lt : cm == GSEU_CMOD_LE ? lt || eq :
			 cm == GSEU_CMOD_G ? !lt && !eq : !lt;

		R.u[k] = c ? A.u[k] : B.u[k];
	}
}

/* logic */
KERNEL(k_not_I, R.u[k] = ~A.u[k])
KERNEL(k_and_I, R.u[k] = A.u[k] & B.u[k])
KERNEL(k_or_I, R.u[k] = A.u[k] | B.u[k])
KERNEL(k_xor_I, R.u[k] = A.u[k] ^ B.u[k])
KERNEL(k_shl_I, R.i[k] = e->pi->isigned ?
       sext_w(A.u[k] << shcount(e, k), e->pi->iw) :
       (int64_t)((A.u[k] << shcount(e, k)) & wmask(e->pi->iw)))
KERNEL(k_shr_I, R.u[k] = (A.u[k] & wmask(e->pi->iw)) >> shcount(e, k))
KERNEL(k_asr_I, R.i[k] = sext_w(A.u[k], e->pi->iw) >> shcount(e, k))

/* compare: flags from src0 <cmod> src1 (notes 2.3 / 2.5) */
static bool fcmp(double a, double b, unsigned cm)
{
	switch (cm) {
	case GSEU_CMOD_Z: return a == b;
	case GSEU_CMOD_NZ: return !(a == b);
	case GSEU_CMOD_G: return a > b;
	case GSEU_CMOD_GE: return a >= b;
	case GSEU_CMOD_L: return a < b;
	case GSEU_CMOD_LE: return a <= b;
	case GSEU_CMOD_U: return isnan(a) || isnan(b);
	default: return false;
	}
}

/* cmpn: a NaN src1 makes every relation but .nz true; a NaN src0 only
 * behaves like cmp */
static bool fcmpn(double a, double b, unsigned cm)
{
	if (isnan(b) && cm != GSEU_CMOD_U && cm != GSEU_CMOD_O)
		return cm != GSEU_CMOD_NZ;
	return fcmp(a, b, cm);
}

static bool icmp(const struct gsi_exec *e, unsigned k, unsigned cm)
{
	bool lt = e->pi->uns ? A.u[k] < B.u[k] : A.i[k] < B.i[k];
	bool eq = A.u[k] == B.u[k];

	switch (cm) {
	case GSEU_CMOD_Z: return eq;
	case GSEU_CMOD_NZ: return !eq;
	case GSEU_CMOD_G: return !lt && !eq;
	case GSEU_CMOD_GE: return !lt;
	case GSEU_CMOD_L: return lt;
	case GSEU_CMOD_LE: return lt || eq;
	default: return false;
	}
}

#define CMPK(NAME, EXPR)						\
static void NAME(struct gsi_exec *e)					\
{									\
	unsigned cm = e->pi->in.cmod;					\
	uint32_t c = 0;							\
	NL if (EXPR) c |= 1u << k;					\
	e->cond = c;							\
	e->has_cond = true;						\
}
CMPK(k_cmp_F, fcmp(A.f[k], B.f[k], cm))
CMPK(k_cmp_DF, fcmp(A.d[k], B.d[k], cm))
CMPK(k_cmp_I, icmp(e, k, cm))
CMPK(k_cmpn_F, fcmpn(A.f[k], B.f[k], cm))
CMPK(k_cmpn_DF, fcmpn(A.d[k], B.d[k], cm))

/* csel: dst = (src2 <cmod> 0) ? src0 : src1; no flag update */
static void k_csel(struct gsi_exec *e)
{
	const struct gsi_insn *pi = e->pi;
	uint32_t c = gsi_cond(pi->cls, &C, e->n, pi->in.cmod, pi->uns,
			      pi->dst.type);

	if (pi->cls == GSI_F)
		NL R.f[k] = (c >> k & 1) ? A.f[k] : B.f[k];
	else if (pi->cls == GSI_DF)
		NL R.d[k] = (c >> k & 1) ? A.d[k] : B.d[k];
	else
		NL R.u[k] = (c >> k & 1) ? A.u[k] : B.u[k];
}

/* arithmetic */
KERNEL(k_add_F, R.f[k] = A.f[k] + B.f[k])
KERNEL(k_add_DF, R.d[k] = A.d[k] + B.d[k])
KERNEL(k_add_I, R.u[k] = A.u[k] + B.u[k])
KERNEL(k_mul_F, R.f[k] = A.f[k] * B.f[k])
KERNEL(k_mul_DF, R.d[k] = A.d[k] * B.d[k])
KERNEL(k_mul_I, R.u[k] = A.u[k] * B.u[k])
KERNEL(k_avg_I, R.i[k] = e->pi->uns ? (int64_t)((A.u[k] + B.u[k] + 1) >> 1)
       : (A.i[k] + B.i[k] + 1) >> 1)
KERNEL(k_frc_F, R.f[k] = A.f[k] - floorf(A.f[k]))
KERNEL(k_frc_DF, R.d[k] = A.d[k] - floor(A.d[k]))
KERNEL(k_rndu_F, R.f[k] = ceilf(A.f[k]))
KERNEL(k_rndu_DF, R.d[k] = ceil(A.d[k]))
KERNEL(k_rndd_F, R.f[k] = floorf(A.f[k]))
KERNEL(k_rndd_DF, R.d[k] = floor(A.d[k]))
KERNEL(k_rnde_F, R.f[k] = rnde_f(A.f[k]))
KERNEL(k_rnde_DF, R.d[k] = rnde_d(A.d[k]))
KERNEL(k_rndz_F, R.f[k] = truncf(A.f[k]))
KERNEL(k_rndz_DF, R.d[k] = trunc(A.d[k]))
KERNEL(k_mac_F, R.f[k] = fmaf(A.f[k], B.f[k], e->acc.f[k]))
KERNEL(k_mac_DF, R.d[k] = fma(A.d[k], B.d[k], e->acc.d[k]))
KERNEL(k_mac_I, R.u[k] = e->acc.u[k] + A.u[k] * B.u[k])
KERNEL(k_mad_F, R.f[k] = fmaf(B.f[k], C.f[k], A.f[k]))
KERNEL(k_mad_DF, R.d[k] = fma(B.d[k], C.d[k], A.d[k]))
KERNEL(k_mad_I, R.u[k] = A.u[k] + B.u[k] * C.u[k])
KERNEL(k_lrp_F, R.f[k] = A.f[k] * B.f[k] + (1.0f - A.f[k]) * C.f[k])
KERNEL(k_lrp_DF, R.d[k] = A.d[k] * B.d[k] + (1.0 - A.d[k]) * C.d[k])

static void k_mach_I(struct gsi_exec *e)
{
	bool s = !e->pi->uns;

	NL {
		uint64_t hi16 = s ? (uint64_t)((int64_t)(int32_t)B.u[k] >> 16)
				  : (B.u[k] & 0xffffffffu) >> 16;
		uint64_t sum = e->acc.u[k] + ((A.u[k] * hi16) << 16);

		R.u[k] = s ? (uint64_t)((int64_t)sum >> 32) : sum >> 32;
		e->r2.u[k] = sum;
	}
	e->r2_to_acc = true;
}

/* bit operations on 32 bits (notes 6.2) */
KERNEL(k_lzd_I, R.u[k] = (uint32_t)A.u[k] ? (uint64_t)__builtin_clz((uint32_t)A.u[k]) : 32)
KERNEL(k_fbl_I, R.u[k] = (uint32_t)A.u[k] ? (uint64_t)__builtin_ctz((uint32_t)A.u[k])
       : 0xffffffffu)
KERNEL(k_cbit_I, R.u[k] = (uint64_t)__builtin_popcountll(A.u[k] & wmask(e->pi->iw)))

static void k_fbh_I(struct gsi_exec *e)
{
	NL {
		uint32_t v = (uint32_t)A.u[k];

		if (e->pi->src[0].type == GSEU_TYPE_D && (v >> 31))
			v = ~v;
		R.u[k] = v ? (uint64_t)__builtin_clz(v) : 0xffffffffu;
	}
}

static void k_bfrev_I(struct gsi_exec *e)
{
	NL {
		uint32_t v = (uint32_t)A.u[k], r = 0;

		for (unsigned b = 0; b < 32; b++)
			r |= ((v >> b) & 1u) << (31 - b);
		R.u[k] = r;
	}
}

static void k_addc_I(struct gsi_exec *e)
{
	NL {
		uint64_t s = (A.u[k] & 0xffffffffu) + (B.u[k] & 0xffffffffu);

		R.u[k] = s & 0xffffffffu;
		e->r2.u[k] = s >> 32;
	}
	e->r2_to_acc = true;
}

static void k_subb_I(struct gsi_exec *e)
{
	NL {
		uint32_t a = (uint32_t)A.u[k], b = (uint32_t)B.u[k];

		R.u[k] = (uint32_t)(a - b);
		e->r2.u[k] = a < b;
	}
	e->r2_to_acc = true;
}

static void k_bfe_I(struct gsi_exec *e)
{
	bool s = e->pi->src[2].type == GSEU_TYPE_D;

	NL {
		unsigned w = A.u[k] & 31, o = B.u[k] & 31;
		uint32_t v = (uint32_t)C.u[k];

		if (!w)
			R.u[k] = 0;
		else if (w + o < 32 && s)
			R.i[k] = (int32_t)(v << (32 - w - o)) >> (32 - w);
		else if (w + o < 32)
			R.u[k] = (v >> o) & ((1u << w) - 1);
		else if (s)
			R.i[k] = (int32_t)v >> o;
		else
			R.u[k] = v >> o;
	}
}

KERNEL(k_bfi1_I, R.u[k] = (uint32_t)(((1u << (A.u[k] & 31)) - 1) << (B.u[k] & 31)))

static void k_bfi2_I(struct gsi_exec *e)
{
	NL {
		uint32_t m = (uint32_t)A.u[k], ins = (uint32_t)B.u[k],
			 base = (uint32_t)C.u[k];

		R.u[k] = m ? (((ins << __builtin_ctz(m)) & m) | (base & ~m)) : base;
	}
}

#define ROW3(OP, F, DF, I) [GSEU_OP_##OP] = { F, DF, I }
static const gsi_kernel_fn tab[GSEU_OP_COUNT][GSI_NCLS] = {
	ROW3(MOV, k_mov_F, k_mov_DF, k_mov_I),
	ROW3(SEL, k_sel_F, k_sel_DF, k_sel_I),
	ROW3(NOT, NULL, NULL, k_not_I),
	ROW3(AND, NULL, NULL, k_and_I),
	ROW3(OR, NULL, NULL, k_or_I),
	ROW3(XOR, NULL, NULL, k_xor_I),
	ROW3(SHR, NULL, NULL, k_shr_I),
	ROW3(SHL, NULL, NULL, k_shl_I),
	ROW3(ASR, NULL, NULL, k_asr_I),
	ROW3(CMP, k_cmp_F, k_cmp_DF, k_cmp_I),
	ROW3(CMPN, k_cmpn_F, k_cmpn_DF, k_cmp_I),
	ROW3(CSEL, k_csel, k_csel, k_csel),
	ROW3(BFREV, NULL, NULL, k_bfrev_I),
	ROW3(BFE, NULL, NULL, k_bfe_I),
	ROW3(BFI1, NULL, NULL, k_bfi1_I),
	ROW3(BFI2, NULL, NULL, k_bfi2_I),
	ROW3(ADD, k_add_F, k_add_DF, k_add_I),
	ROW3(MUL, k_mul_F, k_mul_DF, k_mul_I),
	ROW3(AVG, NULL, NULL, k_avg_I),
	ROW3(FRC, k_frc_F, k_frc_DF, NULL),
	ROW3(RNDU, k_rndu_F, k_rndu_DF, NULL),
	ROW3(RNDD, k_rndd_F, k_rndd_DF, NULL),
	ROW3(RNDE, k_rnde_F, k_rnde_DF, NULL),
	ROW3(RNDZ, k_rndz_F, k_rndz_DF, NULL),
	ROW3(MAC, k_mac_F, k_mac_DF, k_mac_I),
	ROW3(MACH, NULL, NULL, k_mach_I),
	ROW3(LZD, NULL, NULL, k_lzd_I),
	ROW3(FBH, NULL, NULL, k_fbh_I),
	ROW3(FBL, NULL, NULL, k_fbl_I),
	ROW3(CBIT, NULL, NULL, k_cbit_I),
	ROW3(ADDC, NULL, NULL, k_addc_I),
	ROW3(SUBB, NULL, NULL, k_subb_I),
	ROW3(MAD, k_mad_F, k_mad_DF, k_mad_I),
	ROW3(LRP, k_lrp_F, k_lrp_DF, NULL),
};

gsi_kernel_fn gsi_alu_kernel(const struct gsi_insn *pi)
{
	unsigned op = pi->in.op;

	if (op == GSEU_OP_SEL && pi->in.cmod) {
		switch (pi->in.cmod) {
		case GSEU_CMOD_L: case GSEU_CMOD_LE:
		case GSEU_CMOD_G: case GSEU_CMOD_GE:
			return pi->cls == GSI_F ? k_minmax_F :
			       pi->cls == GSI_DF ? k_minmax_DF : k_minmax_I;
		default:
			return NULL;
		}
	}
	return op < GSEU_OP_COUNT ? tab[op][pi->cls] : NULL;
}
