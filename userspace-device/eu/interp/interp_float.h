/* SPDX-License-Identifier: MIT */
/*
 * Float helpers of the EU interpreter: denormal flushing (965/G35 PRM Vol. 4
 * Subsystem and Cores (2008), 10.3.1.2 "Complete Listing of Deviations or
 * Additional Requirements": denormals flush to a zero of the same sign on
 * input and output of every FP operation unless cr0.0 says preserve),
 * ALT-mode clamping (2.6), half-float conversion (round to nearest even),
 * and float -> integer conversion (2.7: round toward zero, NaN -> 0, clamp
 * to the type range).
 */
#ifndef GSEU_INTERP_FLOAT_H
#define GSEU_INTERP_FLOAT_H

#include <fenv.h>
#include <float.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

static inline uint32_t gsi_fbits(float f)
{
	uint32_t u;

	memcpy(&u, &f, 4);
	return u;
}

static inline float gsi_bitsf(uint32_t u)
{
	float f;

	memcpy(&f, &u, 4);
	return f;
}

static inline float gsi_ftz(float f)
{
	uint32_t u = gsi_fbits(f);

	return (u & 0x7f800000u) ? f : gsi_bitsf(u & 0x80000000u);
}

/*
 * gsi_ftz() as a mask on the bits, the form a compiler turns into a few
 * vector instructions: exponent 0 keeps the sign alone.
 */
static inline __attribute__((always_inline)) float gsi_ftz_v(float f)
{
	uint32_t u = gsi_fbits(f), z = -(uint32_t)((u & 0x7f800000u) == 0);

	return gsi_bitsf(u & ~(z & 0x7fffffffu));
}

/*
 * NaN results in source order (eu-interpreter.rst, "Choices"): an
 * operation whose result r is NaN returns its first NaN source, src0
 * before src1, quieted; with no NaN source (inf - inf, 0 * inf) the
 * host's default NaN.  That is the x86 rule for the first operand, held
 * in source order whatever order a compiler gives the operands of a
 * commutative operation (scalar and vector code differ there).
 */
static inline __attribute__((always_inline)) float gsi_nan2(float a, float b, float r)
{
	/*
	 * A NaN source makes r NaN, so r need not be tested.  Masks, not
	 * branches (a compare may trap, so GCC keeps a branch on it): lane
	 * loops stay vector code, two blends.
	 */
	uint32_t na = -(uint32_t)(a != a), nb = -(uint32_t)(b != b);
	uint32_t t = (gsi_fbits(r) & ~nb) | ((gsi_fbits(b) | 0x00400000u) & nb);

	return gsi_bitsf((t & ~na) | ((gsi_fbits(a) | 0x00400000u) & na));
}

/* The same for three sources (mad: src0 + src1 * src2). */
static inline __attribute__((always_inline)) float gsi_nan3(float a, float b, float c,
							   float r)
{
	float qc = gsi_bitsf(gsi_fbits(c) | 0x00400000u);

	return gsi_nan2(a, b, c != c ? qc : r);
}

static inline double gsi_ftzd(double d)
{
	uint64_t u;

	memcpy(&u, &d, 8);
	if (!(u & 0x7ff0000000000000ull)) {
		u &= 0x8000000000000000ull;
		memcpy(&d, &u, 8);
	}
	return d;
}

/*
 * ALT mode: a result that would be +-INF is +-FLT_MAX (965/G35 PRM Vol. 4
 * Subsystem and Cores (2008), 10.3.2 "Alternative Floating Point Mode").
 */
static inline float gsi_alt(float f)
{
	return isinf(f) ? copysignf(FLT_MAX, f) : f;
}

static inline double gsi_altd(double d)
{
	return isinf(d) ? copysign(DBL_MAX, d) : d;
}

static inline float gsi_half_to_float(uint16_t h)
{
	uint32_t s = (uint32_t)(h & 0x8000) << 16, e = (h >> 10) & 0x1f,
		 m = h & 0x3ff;

	if (e == 0x1f)
		return gsi_bitsf(s | 0x7f800000u | (m << 13));
	if (e == 0) {
		/* zero or denormal: m * 2^-24, exact in float */
		float v = (float)m * 0x1p-24f;

		return s ? -v : v;
	}
	return gsi_bitsf(s | ((e + 112) << 23) | (m << 13));
}

/*
 * Float to half in the host's current rounding mode, which gsi_exec_alu
 * has set from cr0.0 bits 5:4 (RNE, toward +inf, toward -inf, toward
 * zero: Intel OpenSource HD Graphics PRM Vol. 7 3D-Media-GPGPU Engine,
 * Broadwell 2015, "Rounding Mode" of cr0.0), as it does for every other
 * float conversion.  A directed mode never rounds a finite value to an
 * infinity the wrong way: past 65504 toward zero (or away from the
 * infinity's sign) the result is the largest finite half, 0x7bff.
 */
static inline uint16_t gsi_float_to_half(float f)
{
	uint32_t u = gsi_fbits(f), s = (u >> 16) & 0x8000;
	float a = fabsf(f);
	int rm = fegetround();
	bool up;	/* away from zero when inexact */

	if (isnan(f))
		return (uint16_t)(s | 0x7e00 | ((u >> 13) & 0x3ff));
	up = rm == FE_UPWARD ? !s : rm == FE_DOWNWARD ? s != 0 : false;
	if (isinf(f))
		return (uint16_t)(s | 0x7c00);
	if (a >= 65536.0f)	/* past the half exponent range */
		return (uint16_t)(s | (rm == FE_TONEAREST || up ? 0x7c00 : 0x7bff));
	if (a < 0x1p-14f) {
		/* denormal half: scale so the host rounds the signed value in
		 * its current mode */
		float m = fabsf(nearbyintf(f * 0x1p24f));

		return (uint16_t)(s | (uint32_t)m);
	}
	{
		uint32_t e = ((u >> 23) & 0xff) - 112, m = u & 0x7fffff;
		uint32_t h = (e << 10) | (m >> 13), rest = m & 0x1fff;

		if (rm == FE_TONEAREST ? rest > 0x1000 || (rest == 0x1000 && (h & 1))
				       : up && rest)
			h++;	/* 0x7bff + 1 is the infinity */
		return (uint16_t)(s | h);
	}
}

/* Float (held in a double) to an integer type: RTZ, NaN 0, clamped. */
#define GSI_F2I(CT, MIN, MAX, v)					\
	(isnan(v) ? (CT)0 : (v) <= (double)(MIN) ? (CT)(MIN) :		\
	 (v) >= (double)(MAX) ? (CT)(MAX) : (CT)(v))

#endif
