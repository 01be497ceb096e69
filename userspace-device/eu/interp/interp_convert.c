// SPDX-License-Identifier: MIT
/*
 * The type-specialised edges of every ALU instruction, stamped per type by
 * macros: gather (register bytes -> computation lanes, with the source
 * conversions of 965/G35 PRM Vol. 4 Subsystem and Cores (2008), 10.4 "Type
 * Conversion"), scatter (lanes -> destination bytes: float -> integer
 * rounds toward zero, NaN -> 0, clamps; integer -> integer keeps the low
 * bits; integer -> float uses the host rounding mode, which the executor
 * sets from cr0), saturation, condition evaluation (5.3) and source
 * modifiers.
 *
 * Choices where the sources are silent (documented in eu-interpreter.rst):
 * conditions see the exact result before saturation; .o is "does not fit
 * the destination type" for integers and "is infinite" for floats; .sat of
 * a float NaN gives +0.0.
 */
#include <math.h>

#include "interp.h"
#include "interp_float.h"

/* ------------------------------------------------------------------ */
/* Gather: one function per (source type, class).                      */

#define LOAD(CT, base, off, contig, k, sz)				\
	({ CT v_; memcpy(&v_, (base) + ((contig) ? (unsigned)(off)[0] + (k) * (sz) \
				       : (off)[k]), sizeof(CT)); v_; })

/*
 * Contiguity is tested once per call, not per lane, so that the lane loops
 * stay small: they are the hottest code of the interpreter, and a loop
 * that also branches on `contig` ran up to 10% slower or faster depending
 * only on where the linker happened to place it.
 */
#define GATHER(NAME, CT, FIELD, EXPR)					\
static void NAME(union gsi_lanes *out, const uint8_t *base,		\
		 const uint16_t *off, bool contig, unsigned n, bool ftz) \
{									\
	(void)ftz;							\
	if (contig) {							\
		for (unsigned k = 0; k < n; k++) {			\
			CT v = LOAD(CT, base, off, true, k, sizeof(CT)); \
			out->FIELD[k] = (EXPR);				\
		}							\
		return;							\
	}								\
	for (unsigned k = 0; k < n; k++) {				\
		CT v = LOAD(CT, base, off, false, k, sizeof(CT));	\
		out->FIELD[k] = (EXPR);					\
	}								\
}

/* integer sources */
#define GATHER_INT(TN, CT)						\
	GATHER(g_##TN##_F, CT, f, (float)v)				\
	GATHER(g_##TN##_DF, CT, d, (double)v)				\
	GATHER(g_##TN##_I, CT, i, (int64_t)v)
GATHER_INT(UD, uint32_t)
GATHER_INT(D, int32_t)
GATHER_INT(UW, uint16_t)
GATHER_INT(W, int16_t)
GATHER_INT(UB, uint8_t)
GATHER_INT(B, int8_t)
GATHER_INT(UQ, uint64_t)
GATHER_INT(Q, int64_t)

/* float sources (never gathered into the I class: predecode refuses) */
GATHER(g_F_F, float, f, ftz ? gsi_ftz(v) : v)
GATHER(g_F_DF, float, d, (double)(ftz ? gsi_ftz(v) : v))
GATHER(g_F_I, float, i, GSI_F2I(int64_t, INT64_MIN, INT64_MAX, (double)v))
GATHER(g_DF_F, double, f, (float)(ftz ? gsi_ftzd(v) : v))
GATHER(g_DF_DF, double, d, ftz ? gsi_ftzd(v) : v)
GATHER(g_DF_I, double, i, GSI_F2I(int64_t, INT64_MIN, INT64_MAX, v))
GATHER(g_HF_F, uint16_t, f, ftz ? gsi_ftz(gsi_half_to_float(v)) : gsi_half_to_float(v))
GATHER(g_HF_DF, uint16_t, d, (double)gsi_half_to_float(v))
GATHER(g_HF_I, uint16_t, i, GSI_F2I(int64_t, INT64_MIN, INT64_MAX,
				    (double)gsi_half_to_float(v)))

#define GROW(TN) [GSEU_TYPE_##TN] = { g_##TN##_F, g_##TN##_DF, g_##TN##_I }
const gsi_gather_fn gsi_gather_tab[GSEU_TYPE_COUNT][GSI_NCLS] = {
	GROW(UD), GROW(D), GROW(UW), GROW(W), GROW(UB), GROW(B),
	GROW(UQ), GROW(Q), GROW(F), GROW(DF), GROW(HF),
};

/* ------------------------------------------------------------------ */
/* Scatter: one function per (class, destination type).                */

#define STORE(CT, base, off, contig, k, x)				\
	do { CT x_ = (x); memcpy((base) + ((contig) ? (unsigned)(off)[0] +	\
			  (k) * sizeof(CT) : (off)[k]), &x_, sizeof(CT)); } while (0)

#define SCATTER(NAME, CT, EXPR)						\
static void NAME(uint8_t *base, const uint16_t *off, bool contig,	\
		 const union gsi_lanes *src, uint32_t wr, unsigned n,	\
		 unsigned flags)					\
{									\
	(void)flags;							\
	if (contig) {							\
		for (unsigned k = 0; k < n; k++) {			\
			if (!(wr >> k & 1))				\
				continue;				\
			STORE(CT, base, off, true, k, (EXPR));		\
		}							\
		return;							\
	}								\
	for (unsigned k = 0; k < n; k++) {				\
		if (!(wr >> k & 1))					\
			continue;					\
		STORE(CT, base, off, false, k, (EXPR));			\
	}								\
}

static inline float fix_f(float v, unsigned flags)
{
	if (flags & GSI_SC_FTZ)
		v = gsi_ftz(v);
	if (flags & GSI_SC_ALT)
		v = gsi_alt(v);
	return v;
}

static inline double fix_d(double v, unsigned flags)
{
	if (flags & GSI_SC_FTZ)
		v = gsi_ftzd(v);
	if (flags & GSI_SC_ALT)
		v = gsi_altd(v);
	return v;
}

/* From the I class: integers keep their low bits; floats convert. */
#define I_VAL(k) ((flags & GSI_SC_UNS) ? (double)src->u[k] : (double)src->i[k])
#define SCATTER_I_INT(TN, CT) SCATTER(s_I_##TN, CT, (CT)src->u[k])
SCATTER_I_INT(UD, uint32_t)
SCATTER_I_INT(D, int32_t)
SCATTER_I_INT(UW, uint16_t)
SCATTER_I_INT(W, int16_t)
SCATTER_I_INT(UB, uint8_t)
SCATTER_I_INT(B, int8_t)
SCATTER_I_INT(UQ, uint64_t)
SCATTER_I_INT(Q, int64_t)
SCATTER(s_I_F, float, (flags & GSI_SC_UNS) ? (float)src->u[k] : (float)src->i[k])
SCATTER(s_I_DF, double, I_VAL(k))
SCATTER(s_I_HF, uint16_t, gsi_float_to_half((flags & GSI_SC_UNS) ?
					    (float)src->u[k] : (float)src->i[k]))

/*
 * From the F and DF classes: float -> integer per 965/G35 PRM Vol. 4 Subsystem
 * and Cores (2008), 10.4 "Type Conversion".
 */
#define SCATTER_FL_INT(TN, CT, MIN, MAX)				\
	SCATTER(s_F_##TN, CT, GSI_F2I(CT, MIN, MAX, (double)src->f[k]))	\
	SCATTER(s_DF_##TN, CT, GSI_F2I(CT, MIN, MAX, src->d[k]))
SCATTER_FL_INT(UD, uint32_t, 0, UINT32_MAX)
SCATTER_FL_INT(D, int32_t, INT32_MIN, INT32_MAX)
SCATTER_FL_INT(UW, uint16_t, 0, UINT16_MAX)
SCATTER_FL_INT(W, int16_t, INT16_MIN, INT16_MAX)
SCATTER_FL_INT(UB, uint8_t, 0, UINT8_MAX)
SCATTER_FL_INT(B, int8_t, INT8_MIN, INT8_MAX)
SCATTER_FL_INT(UQ, uint64_t, 0, UINT64_MAX)
SCATTER_FL_INT(Q, int64_t, INT64_MIN, INT64_MAX)
SCATTER(s_F_F, float, fix_f(src->f[k], flags))
SCATTER(s_F_DF, double, fix_d((double)src->f[k], flags))
SCATTER(s_F_HF, uint16_t, gsi_float_to_half(fix_f(src->f[k], flags)))
SCATTER(s_DF_F, float, fix_f((float)src->d[k], flags))
SCATTER(s_DF_DF, double, fix_d(src->d[k], flags))
SCATTER(s_DF_HF, uint16_t, gsi_float_to_half(fix_f((float)src->d[k], flags)))

#define SROW(C) { [GSEU_TYPE_UD] = s_##C##_UD, [GSEU_TYPE_D] = s_##C##_D,	\
	[GSEU_TYPE_UW] = s_##C##_UW, [GSEU_TYPE_W] = s_##C##_W,		\
	[GSEU_TYPE_UB] = s_##C##_UB, [GSEU_TYPE_B] = s_##C##_B,		\
	[GSEU_TYPE_UQ] = s_##C##_UQ, [GSEU_TYPE_Q] = s_##C##_Q,		\
	[GSEU_TYPE_F] = s_##C##_F, [GSEU_TYPE_DF] = s_##C##_DF,		\
	[GSEU_TYPE_HF] = s_##C##_HF }
const gsi_scatter_fn gsi_scatter_tab[GSI_NCLS][GSEU_TYPE_COUNT] = {
	[GSI_F] = SROW(F), [GSI_DF] = SROW(DF), [GSI_I] = SROW(I),
};

/*
 * cmp/cmpn destinations: all ones for true, 0 for false (965/G35 PRM Vol. 4
 * Subsystem and Cores (2008), 14.2 "Instruction Description").
 */
void gsi_scatter_bool(uint8_t *base, const uint16_t *off, bool contig,
		      uint32_t cond, uint32_t wr, unsigned n, unsigned size)
{
	for (unsigned k = 0; k < n; k++) {
		if (!(wr >> k & 1))
			continue;
		memset(base + (contig ? off[0] + k * size : off[k]),
		       (cond >> k & 1) ? 0xff : 0, size);
	}
}

/*
 * All of the source is read before any of the destination is written, as
 * for every other instruction: a region may overlap its own destination
 * in another order (IGC's "mov (8) r4.0<1>:d r3.1<2;1,0>:d", the high
 * dwords of r3-r4's qwords into r4: lane 1 writes r4.1, which lane 4
 * reads).
 */
void gsi_gather_raw(uint8_t *tmp, const uint8_t *sbase, const uint16_t *soff, bool scontig,
		    uint32_t wr, unsigned n, unsigned size)
{
	for (unsigned k = 0; k < n; k++)
		if (wr >> k & 1)
			memcpy(tmp + k * size, sbase + (scontig ? soff[0] + k * size : soff[k]),
			       size);
}

void gsi_scatter_raw(uint8_t *dbase, const uint16_t *doff, bool dcontig, const uint8_t *tmp,
		     uint32_t wr, unsigned n, unsigned size)
{
	for (unsigned k = 0; k < n; k++)
		if (wr >> k & 1)
			memcpy(dbase + (dcontig ? doff[0] + k * size : doff[k]), tmp + k * size,
			       size);
}

void gsi_copy_raw(uint8_t *dbase, const uint16_t *doff, bool dcontig,
		  const uint8_t *sbase, const uint16_t *soff, bool scontig,
		  uint32_t wr, unsigned n, unsigned size)
{
	uint32_t all = gsi_lanes_mask(n);
	uint8_t tmp[32 * 8];

	if (dcontig && scontig && wr == all) {
		memmove(dbase + doff[0], sbase + soff[0], (size_t)n * size);
		return;
	}
	gsi_gather_raw(tmp, sbase, soff, scontig, wr, n, size);
	gsi_scatter_raw(dbase, doff, dcontig, tmp, wr, n, size);
}

/* ------------------------------------------------------------------ */
/* Type ranges, saturation, conditions, modifiers.                     */

static bool type_is_float(unsigned t)
{
	return t == GSEU_TYPE_F || t == GSEU_TYPE_DF || t == GSEU_TYPE_HF;
}

static void int_range(unsigned t, int64_t *lo, uint64_t *hi)
{
	switch (t) {
	case GSEU_TYPE_UD: *lo = 0; *hi = UINT32_MAX; break;
	case GSEU_TYPE_D: *lo = INT32_MIN; *hi = INT32_MAX; break;
	case GSEU_TYPE_UW: *lo = 0; *hi = UINT16_MAX; break;
	case GSEU_TYPE_W: *lo = INT16_MIN; *hi = INT16_MAX; break;
	case GSEU_TYPE_UB: *lo = 0; *hi = UINT8_MAX; break;
	case GSEU_TYPE_B: *lo = INT8_MIN; *hi = INT8_MAX; break;
	case GSEU_TYPE_UQ: *lo = 0; *hi = UINT64_MAX; break;
	default: *lo = INT64_MIN; *hi = INT64_MAX; break;
	}
}

/* Does lane k's exact integer value fit the type? */
static bool int_fits(const union gsi_lanes *r, unsigned k, bool uns,
		     int64_t lo, uint64_t hi)
{
	if (uns)
		return r->u[k] <= hi;
	if (r->i[k] < lo)
		return false;
	return r->i[k] < 0 || (uint64_t)r->i[k] <= hi;
}

void gsi_saturate(unsigned cls, union gsi_lanes *r, unsigned n,
		  unsigned dst_type, bool uns)
{
	int64_t lo;
	uint64_t hi;

	if (cls == GSI_F) {
		if (!type_is_float(dst_type))
			return;	/* float -> integer clamps by itself */
		for (unsigned k = 0; k < n; k++) {
			float v = r->f[k];

			r->f[k] = !(v > 0.0f) ? 0.0f : v > 1.0f ? 1.0f : v;
		}
		return;
	}
	if (cls == GSI_DF) {
		if (!type_is_float(dst_type))
			return;
		for (unsigned k = 0; k < n; k++) {
			double v = r->d[k];

			r->d[k] = !(v > 0.0) ? 0.0 : v > 1.0 ? 1.0 : v;
		}
		return;
	}
	if (type_is_float(dst_type)) {
		for (unsigned k = 0; k < n; k++)
			r->u[k] = uns ? (r->u[k] != 0) : r->i[k] > 0;
		return;
	}
	int_range(dst_type, &lo, &hi);
	for (unsigned k = 0; k < n; k++) {
		if (int_fits(r, k, uns, lo, hi))
			continue;
		if (uns || r->i[k] > 0)
			r->u[k] = hi;
		else
			r->i[k] = lo;
	}
}

#define COND_LOOP(EXPR)						\
	for (unsigned k = 0; k < n; k++) if (EXPR) c |= 1u << k;

uint32_t gsi_cond(unsigned cls, const union gsi_lanes *r, unsigned n,
		  unsigned cmod, bool uns, unsigned dst_type)
{
	uint32_t c = 0;
	int64_t lo;
	uint64_t hi;

	if (cls == GSI_F) {
		switch (cmod) {
		case GSEU_CMOD_Z: COND_LOOP(r->f[k] == 0.0f); break;
		case GSEU_CMOD_NZ: COND_LOOP(!(r->f[k] == 0.0f)); break;
		case GSEU_CMOD_G: COND_LOOP(r->f[k] > 0.0f); break;
		case GSEU_CMOD_GE: COND_LOOP(r->f[k] >= 0.0f); break;
		case GSEU_CMOD_L: COND_LOOP(r->f[k] < 0.0f); break;
		case GSEU_CMOD_LE: COND_LOOP(r->f[k] <= 0.0f); break;
		case GSEU_CMOD_O: COND_LOOP(isinf(r->f[k])); break;
		case GSEU_CMOD_U: COND_LOOP(isnan(r->f[k])); break;
		}
		return c;
	}
	if (cls == GSI_DF) {
		switch (cmod) {
		case GSEU_CMOD_Z: COND_LOOP(r->d[k] == 0.0); break;
		case GSEU_CMOD_NZ: COND_LOOP(!(r->d[k] == 0.0)); break;
		case GSEU_CMOD_G: COND_LOOP(r->d[k] > 0.0); break;
		case GSEU_CMOD_GE: COND_LOOP(r->d[k] >= 0.0); break;
		case GSEU_CMOD_L: COND_LOOP(r->d[k] < 0.0); break;
		case GSEU_CMOD_LE: COND_LOOP(r->d[k] <= 0.0); break;
		case GSEU_CMOD_O: COND_LOOP(isinf(r->d[k])); break;
		case GSEU_CMOD_U: COND_LOOP(isnan(r->d[k])); break;
		}
		return c;
	}
	int_range(dst_type, &lo, &hi);
	switch (cmod) {
	case GSEU_CMOD_Z: COND_LOOP(r->u[k] == 0); break;
	case GSEU_CMOD_NZ: COND_LOOP(r->u[k] != 0); break;
	case GSEU_CMOD_G: COND_LOOP(uns ? r->u[k] != 0 : r->i[k] > 0); break;
	case GSEU_CMOD_GE: COND_LOOP(uns || r->i[k] >= 0); break;
	case GSEU_CMOD_L: COND_LOOP(!uns && r->i[k] < 0); break;
	case GSEU_CMOD_LE: COND_LOOP(uns ? r->u[k] == 0 : r->i[k] <= 0); break;
	case GSEU_CMOD_O:
		if (type_is_float(dst_type))
			break;
		COND_LOOP(!int_fits(r, k, uns, lo, hi));
		break;
	case GSEU_CMOD_U: break;
	}
	return c;
}

void gsi_modifiers(unsigned cls, union gsi_lanes *v, unsigned n, bool neg,
		   bool abs, bool logic)
{
	if (cls == GSI_F) {
		if (abs)
			for (unsigned k = 0; k < n; k++)
				v->f[k] = fabsf(v->f[k]);
		if (neg)
			for (unsigned k = 0; k < n; k++)
				v->f[k] = -v->f[k];
	} else if (cls == GSI_DF) {
		if (abs)
			for (unsigned k = 0; k < n; k++)
				v->d[k] = fabs(v->d[k]);
		if (neg)
			for (unsigned k = 0; k < n; k++)
				v->d[k] = -v->d[k];
	} else if (logic) {
		/* Gen8: negate on a logic instruction is bitwise not (6.2) */
		if (neg)
			for (unsigned k = 0; k < n; k++)
				v->u[k] = ~v->u[k];
	} else {
		if (abs)
			for (unsigned k = 0; k < n; k++)
				v->u[k] = v->i[k] < 0 ? 0 - v->u[k] : v->u[k];
		if (neg)
			for (unsigned k = 0; k < n; k++)
				v->u[k] = 0 - v->u[k];
	}
}
