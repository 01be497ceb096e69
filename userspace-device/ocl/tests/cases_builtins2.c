// SPDX-License-Identifier: MIT
/*
 * References for ocl/corpus/builtins2.cl.  The integer and conversion
 * built-ins, the half conversions and fmod, remainder, remquo, frexp,
 * ldexp and modf are exact in OpenCL ("The OpenCL C Specification", 6.15
 * "Built-in Functions", 7.4 "Relative Error as ULPs": 0 ulp); only
 * remquo's quotient is exact in its low 3 bits and its sign.  native_*
 * are compared within a few ulp of the correctly rounded result (what
 * gensim's math box, the host's libm, gives: eu-interpreter.rst), half_*
 * within the specification's 8192 ulp.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "cases.h"

#define N	1024
#define NV	512

/* ---- b_bits_vec --------------------------------------------------------- */

static unsigned int clz_n(uint64_t x, unsigned int bits)
{
	unsigned int n = 0;

	for (int b = (int)bits - 1; b >= 0 && !((x >> b) & 1); b--)
		n++;
	return n;
}

static unsigned int ctz_n(uint64_t x, unsigned int bits)
{
	unsigned int n = 0;

	while (n < bits && !((x >> n) & 1))
		n++;
	return n;
}

static unsigned int pop(uint64_t x)
{
	unsigned int n = 0;

	for (; x; x &= x - 1)
		n++;
	return n;
}

static uint64_t rotl_n(uint64_t x, uint64_t s, unsigned int bits)
{
	uint64_t mask = bits == 64 ? ~0ull : (1ull << bits) - 1;

	s %= bits;
	x &= mask;
	return s ? ((x << s) | (x >> (bits - s))) & mask : x;
}

static void s_bits_vec(struct run *r)
{
	uint32_t *a = arg_buf(r, 0, 16 * NV);

	for (int i = 0; i < 4 * NV; i++)	/* zeros and leading zeros of every length */
		a[i] = i % 7 == 3 ? 0 : i % 3 ? a[i] >> (rnd(r) % 32) : a[i];
	arg_buf(r, 1, 16 * NV);
	arg_poison(r, 2, 64 * NV);
	arg_poison(r, 3, 48 * NV);
	arg_poison(r, 4, 48 * NV);
	arg_poison(r, 5, 48 * NV);
	nd1(r, NV, 64);
}

static void r_bits_vec(struct run *r)
{
	for (int i = 0; i < NV; i++) {
		const uint32_t *x = IN(r, 0, uint32_t) + 4 * i, *y = IN(r, 1, uint32_t) + 4 * i;
		const uint64_t *lx = IN(r, 0, uint64_t) + 2 * i, *ly = IN(r, 1, uint64_t) + 2 * i;
		const uint16_t *sx = IN(r, 0, uint16_t) + 8 * i, *sy = IN(r, 1, uint16_t) + 8 * i;
		const uint8_t *ux = IN(r, 0, uint8_t) + 16 * i, *uy = IN(r, 1, uint8_t) + 16 * i;
		uint32_t *c = WANT(r, 2, uint32_t) + 16 * i;
		uint64_t *lc = WANT(r, 3, uint64_t) + 6 * i;
		uint16_t *sc = WANT(r, 4, uint16_t) + 24 * i;
		uint8_t *uc = WANT(r, 5, uint8_t) + 48 * i;

		for (int e = 0; e < 4; e++) {
			c[0 + e] = pop(x[e]);
			c[4 + e] = clz_n(x[e], 32);
			c[8 + e] = ctz_n(x[e], 32);
			c[12 + e] = (uint32_t)rotl_n(x[e], y[e], 32);
		}
		for (int e = 0; e < 2; e++) {
			lc[0 + e] = pop(lx[e]);
			lc[2 + e] = clz_n(lx[e], 64);
			lc[4 + e] = rotl_n(lx[e], ly[e], 64);
		}
		for (int e = 0; e < 8; e++) {
			sc[0 + e] = (uint16_t)pop(sx[e]);
			sc[8 + e] = (uint16_t)clz_n(sx[e], 16);
			sc[16 + e] = (uint16_t)rotl_n(sx[e], sy[e], 16);
		}
		for (int e = 0; e < 16; e++) {
			uc[0 + e] = (uint8_t)pop(ux[e]);
			uc[16 + e] = (uint8_t)clz_n(ux[e], 8);
			uc[32 + e] = (uint8_t)rotl_n(ux[e], uy[e], 8);
		}
	}
}

/* ---- b_mad -------------------------------------------------------------- */

static int64_t clamp64(int64_t v, int64_t lo, int64_t hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

static void s_mad(struct run *r)
{
	int32_t *a = arg_buf(r, 0, 4 * N), *b = arg_buf(r, 1, 4 * N), *c = arg_buf(r, 2, 4 * N);

	for (int i = 0; i < N; i++)	/* a third small: saturation is not everything */
		if (i % 3 == 1) {
			a[i] = (int32_t)(rnd(r) % 401) - 200;
			b[i] = (int32_t)(rnd(r) % 401) - 200;
			c[i] = (int32_t)(rnd(r) % 20001) - 10000;
		}
	arg_poison(r, 3, 32 * N);
	nd1(r, N, 64);
}

static void r_mad(struct run *r)
{
	for (int i = 0; i < N; i++) {
		int32_t x = IN(r, 0, int32_t)[i], y = IN(r, 1, int32_t)[i], z = IN(r, 2, int32_t)[i];
		uint32_t ux = (uint32_t)x, uy = (uint32_t)y, uz = (uint32_t)z;
		int32_t *o = WANT(r, 3, int32_t) + 8 * i;
		uint64_t u = (uint64_t)ux * uy + uz;

		o[0] = (int32_t)clamp64((int64_t)x * y + z, INT32_MIN, INT32_MAX);
		o[1] = (int32_t)(u > UINT32_MAX ? UINT32_MAX : (uint32_t)u);
		o[2] = (int32_t)clamp64((int64_t)(int16_t)x * (int16_t)y + (int16_t)z, -32768, 32767);
		o[3] = (int32_t)clamp64((int64_t)(uint8_t)x * (uint8_t)y + (uint8_t)z, 0, 255);
		o[4] = (int32_t)((ux & 0xffffff) * (uy & 0xffffff));
		o[5] = (int32_t)((ux & 0xffffff) * (uy & 0xffffff) + uz);
		o[6] = (int32_t)((uint32_t)(((int64_t)x * y) >> 32) + uz);
		o[7] = (int32_t)((uint32_t)(((uint64_t)ux * uy) >> 32) + uz);
	}
}

/* ---- b_select_vec ------------------------------------------------------- */

static void s_select_vec(struct run *r)
{
	int32_t *m;

	arg_buf(r, 0, 16 * NV);
	arg_buf(r, 1, 16 * NV);
	m = arg_buf(r, 2, 16 * NV);
	for (int i = 0; i < NV; i += 3)		/* scalar select of 0 */
		m[4 * i + 1] = 0;
	arg_poison(r, 3, 96 * NV);
	nd1(r, NV, 64);
}

static void r_select_vec(struct run *r)
{
	for (int i = 0; i < NV; i++) {
		const uint32_t *x = IN(r, 0, uint32_t) + 4 * i, *y = IN(r, 1, uint32_t) + 4 * i;
		const uint32_t *k = IN(r, 2, uint32_t) + 4 * i;
		const uint8_t *cx = IN(r, 0, uint8_t) + 16 * i, *cy = IN(r, 1, uint8_t) + 16 * i;
		const uint8_t *ck = IN(r, 2, uint8_t) + 16 * i;
		uint32_t *o = WANT(r, 3, uint32_t) + 24 * i;
		uint8_t *oc = (uint8_t *)(o + 8);

		for (int e = 0; e < 4; e++) {
			o[e] = k[e] >> 31 ? y[e] : x[e];
			/* long2: the sign of each 64-bit element is its high dword's */
			o[4 + e] = k[e | 1] >> 31 ? y[e] : x[e];
			o[12 + e] = (x[e] & ~k[e]) | (y[e] & k[e]);
			o[16 + e] = k[e] >> 31 ? y[e] : x[e];
		}
		for (int e = 0; e < 16; e++)
			oc[e] = ck[e] >> 7 ? cy[e] : cx[e];
		o[20] = k[0] & 1 ? y[0] : x[0];
		o[21] = k[1] ? y[1] : x[1];
		o[22] = (x[2] & ~k[2]) | (y[2] & k[2]);
		o[23] = (int32_t)k[3] < 0 ? y[3] : x[3];
	}
}

/* ---- b_half_rt ---------------------------------------------------------- */

enum rmode { RTE, RTZ, RTP, RTN };

/* float -> half, rounded as @m says (IEEE 754 binary16, with overflow by mode) */
static uint16_t f2h(float f, enum rmode m)
{
	uint16_t sign = signbit(f) ? 0x8000 : 0;
	int neg = !!sign, e;
	double a = fabs((double)f), q, n, fl, rem, v;

	if (isnan(f))
		return 0x7e00 | sign;
	if (isinf(f))
		return 0x7c00 | sign;
	if (a < 0x1p-14) {
		q = 0x1p-24;
	} else {
		frexp(a, &e);		/* a = [0.5, 1) * 2^e */
		q = ldexp(1.0, e - 1 - 10);
	}
	n = a / q;			/* exact: a power of two */
	fl = floor(n);
	rem = n - fl;
	if ((m == RTE && (rem > 0.5 || (rem == 0.5 && fmod(fl, 2.0) == 1.0))) ||
	    (m == RTP && rem > 0 && !neg) || (m == RTN && rem > 0 && neg))
		fl += 1;
	v = fl * q;
	if (v > 65504.0) {
		int inf = m == RTE || (m == RTP && !neg) || (m == RTN && neg);

		return sign | (inf ? 0x7c00 : 0x7bff);
	}
	if (v < 0x1p-14)
		return sign | (uint16_t)(v / 0x1p-24);
	frexp(v, &e);
	return sign | (uint16_t)((e - 1 + 15) << 10) |
	       (uint16_t)((v / ldexp(1.0, e - 1) - 1.0) * 1024.0);
}

static float h2f(uint16_t h)
{
	int e = (h >> 10) & 31, mant = h & 1023;
	double v = e == 0 ? ldexp(mant, -24) : e == 31 ? INFINITY :
		   ldexp(1024 + mant, e - 25);

	return (float)(h & 0x8000 ? -v : v);
}

static void s_half_rt(struct run *r)
{
	float *a = arg_buf(r, 0, 4 * N);
	uint16_t *hin;

	for (int i = 0; i < N; i++) {
		float s = rnd(r) & 1 ? -1.0f : 1.0f;
		static const float big[] = { 65504.0f, 65505.0f, 65519.0f, 65519.99f, 65520.0f,
					     65536.0f, 1e6f, 3.4e38f, 0x1p-24f, 0x1p-25f,
					     0x1.8p-25f, 0x1p-26f, 0x1p-14f, 0x1.ffcp-15f,
					     0.0f, 1.0f };

		switch (i % 4) {
		case 0:		/* anywhere from below the denormals to overflow */
			a[i] = s * ldexpf(1.0f + (float)(rnd(r) >> 9) * 0x1p-23f,
					  (int)(rnd(r) % 44) - 26);
			break;
		case 1:		/* a half, and half its ulp: a tie */
			a[i] = s * (h2f((uint16_t)(rnd(r) % 0x7bff)) +
				    ldexpf(1.0f, -25) * (float)(1 << (rnd(r) % 16)));
			break;
		case 2:
			a[i] = s * big[(i / 4) % 16];
			break;
		default:	/* denormal halves and the ties between them */
			a[i] = s * (float)(rnd(r) % 4096) * 0x1p-25f;
			break;
		}
	}
	arg_poison(r, 1, 10 * N);
	hin = arg_buf(r, 2, 8 * N);
	for (int i = 0; i < 4 * N; i++)	/* no NaNs: their bits are the implementation's */
		if ((hin[i] & 0x7c00) == 0x7c00)
			hin[i] &= 0xfc00;
	arg_poison(r, 3, 16 * N);
	nd1(r, N, 64);
}

static void r_half_rt(struct run *r)
{
	for (int i = 0; i < N; i++) {
		float x = IN(r, 0, float)[i];
		uint16_t *h = WANT(r, 1, uint16_t) + 5 * i;

		h[0] = f2h(x, RTE);
		h[1] = f2h(x, RTZ);
		h[2] = f2h(x, RTP);
		h[3] = f2h(x, RTN);
		h[4] = f2h(x * 3.0f, RTE);
		for (int e = 0; e < 4; e++)
			WANT(r, 3, float)[4 * i + e] = h2f(IN(r, 2, uint16_t)[4 * i + e]);
	}
}

/* ---- b_convert_sat ------------------------------------------------------ */

/* float -> integer in [lo, hi], rounded by @m, NaN 0 ("The OpenCL C Specification", 6.4.3) */
static double cvt(float x, enum rmode m, double lo, double hi)
{
	double d = x, v;

	if (isnan(x))
		return 0;
	v = m == RTE ? nearbyint(d) : m == RTZ ? trunc(d) : m == RTP ? ceil(d) : floor(d);
	return v < lo ? lo : v > hi ? hi : v;
}

/* int -> float, rounded by @m */
static float i2f(double d, enum rmode m)
{
	float f = (float)d;	/* to nearest, even */

	if ((double)f == d)
		return f;
	if (m == RTP && (double)f < d)
		f = nextafterf(f, INFINITY);
	if (m == RTN && (double)f > d)
		f = nextafterf(f, -INFINITY);
	if (m == RTZ && fabs((double)f) > fabs(d))
		f = nextafterf(f, 0.0f);
	return f;
}

static void s_convert_sat(struct run *r)
{
	static const float special[] = { NAN, INFINITY, -INFINITY, 0.0f, -0.0f, -0.4f, -0.5f,
					 0.5f, 127.5f, -128.5f, 255.5f, 32767.5f, 65535.5f,
					 2147483520.0f, 2147483648.0f, -2147483648.0f,
					 4294967040.0f, 4294967296.0f, 9.2233715e18f,
					 9.223372e18f, 1.8446743e19f, -9.223373e18f };
	float *a = arg_buf(r, 0, 4 * N);
	int32_t *b = arg_buf(r, 1, 4 * N);

	for (int i = 0; i < N; i++) {
		switch (i % 5) {
		case 0:
			fill_f32_range(r, a + i, 1, -300.0f, 300.0f);
			break;
		case 1:
			fill_f32_range(r, a + i, 1, -70000.0f, 70000.0f);
			break;
		case 2:
			a[i] = (float)((int)(rnd(r) % 2001) - 1000) + 0.5f;
			break;
		case 3:
			a[i] = (rnd(r) & 1 ? -1.0f : 1.0f) *
			       ldexpf(1.0f + (float)(rnd(r) >> 9) * 0x1p-23f, (int)(rnd(r) % 70));
			break;
		default:
			a[i] = special[(i / 5) % (sizeof(special) / sizeof(special[0]))];
			break;
		}
		if (i % 4 == 1)
			b[i] = (int32_t)(rnd(r) % 70001) - 35000;
	}
	arg_poison(r, 2, 6 * N);
	arg_poison(r, 3, 10 * N);
	arg_poison(r, 4, 20 * N);
	arg_poison(r, 5, 16 * N);
	nd1(r, N, 64);
}

static void r_convert_sat(struct run *r)
{
	for (int i = 0; i < N; i++) {
		float x = IN(r, 0, float)[i];
		int32_t y = IN(r, 1, int32_t)[i];
		int8_t *c8 = WANT(r, 2, int8_t) + 6 * i;
		int16_t *c16 = WANT(r, 3, int16_t) + 5 * i;
		int32_t *c32 = WANT(r, 4, int32_t) + 5 * i;
		float *cf = WANT(r, 5, float) + 4 * i;

		c8[0] = (int8_t)cvt(x, RTE, -128, 127);
		c8[1] = (int8_t)(uint8_t)cvt(x, RTZ, 0, 255);
		c8[2] = (int8_t)cvt(x, RTP, -128, 127);
		c8[3] = (int8_t)(uint8_t)cvt(x, RTN, 0, 255);
		c8[4] = (int8_t)clamp64(y, -128, 127);
		c8[5] = (int8_t)(uint8_t)clamp64(y, 0, 255);
		c16[0] = (int16_t)cvt(x, RTE, -32768, 32767);
		c16[1] = (int16_t)(uint16_t)cvt(x, RTZ, 0, 65535);
		c16[2] = (int16_t)cvt(x, RTP, -32768, 32767);
		c16[3] = (int16_t)(uint16_t)cvt(x, RTN, 0, 65535);
		c16[4] = (int16_t)clamp64(y, -32768, 32767);
		c32[0] = (int32_t)cvt(x, RTE, INT32_MIN, INT32_MAX);
		c32[1] = (int32_t)(uint32_t)cvt(x, RTZ, 0, UINT32_MAX);
		c32[2] = (int32_t)cvt(x, RTP, INT32_MIN, INT32_MAX);
		c32[3] = (int32_t)(uint32_t)cvt(x, RTN, 0, UINT32_MAX);
		c32[4] = (int32_t)cvt(x, RTZ, INT32_MIN, INT32_MAX);
		cf[0] = i2f(y, RTZ);
		cf[1] = i2f(y, RTP);
		cf[2] = i2f(y, RTN);
		cf[3] = i2f((uint32_t)y, RTZ);
	}
}

/* ---- b_fmod ------------------------------------------------------------- */

static float rnd_exp(struct run *r, int lo, int hi)
{
	return (rnd(r) & 1 ? -1.0f : 1.0f) *
	       ldexpf(1.0f + (float)(rnd(r) >> 9) * 0x1p-23f, lo + (int)(rnd(r) % (unsigned)(hi - lo + 1)));
}

static void s_fmod(struct run *r)
{
	float *a = arg_buf(r, 0, 4 * N), *b = arg_buf(r, 1, 4 * N);
	int32_t *n = arg_buf(r, 2, 4 * N);

	for (int i = 0; i < N; i++) {
		b[i] = rnd_exp(r, -5, 10);
		switch (i % 8) {
		case 0:
			a[i] = i & 8 ? -0.0f : 0.0f;
			break;
		case 1:		/* a multiple of y: fmod is a zero of x's sign */
			a[i] = b[i] * (float)(int)(rnd(r) % 41 - 20);
			break;
		case 2:		/* |x| < |y| */
			a[i] = b[i] * (float)(rnd(r) >> 8) * 0x1p-24f;
			break;
		case 3:		/* halfway: remainder rounds the quotient to even */
			a[i] = b[i] * ((float)(int)(rnd(r) % 41 - 20) + 0.5f);
			break;
		default:
			a[i] = rnd_exp(r, -10, 30);
			break;
		}
		n[i] = (int32_t)(rnd(r) % 41) - 20;
	}
	arg_poison(r, 3, 24 * N);
	arg_poison(r, 4, 12 * N);
	r->cmp[4] = CMP_CUSTOM;
	nd1(r, N, 64);
}

static void r_fmod(struct run *r)
{
	for (int i = 0; i < N; i++) {
		float x = IN(r, 0, float)[i], y = IN(r, 1, float)[i], *f = WANT(r, 3, float) + 6 * i;
		int32_t *k = WANT(r, 4, int32_t) + 3 * i, q, e;
		float ip;

		f[0] = fmodf(x, y);
		f[1] = remainderf(x, y);
		f[2] = remquof(x, y, &q);
		/*
		 * frexp of -0 is +0 on Broadwell: IGC's library returns the
		 * constant 0.0f for either zero (intel-graphics-compiler,
		 * IGC/BiFModule/Implementation/Math/frexp.cl, "temp = (x ==
		 * 0.0f) ? 0.0f : x"), and its code ends in a sel of 0.0:f under
		 * a cmp.eq with 0.0 that the hardware evaluates the same way.
		 * C's frexpf keeps the sign.
		 */
		f[3] = x == 0.0f ? 0.0f : frexpf(x, &e);
		if (x == 0.0f)
			e = 0;
		f[4] = ldexpf(y, IN(r, 2, int32_t)[i]);
		f[5] = modff(x, &ip);
		k[0] = q;
		k[1] = e;
		k[2] = (int32_t)f32_bits(ip);
	}
}

/*
 * remquo's quotient: its sign is x/y's and its magnitude is congruent to
 * the integral quotient's modulo 2^n, n >= 3 the implementation's ("The
 * OpenCL C Specification", 6.15.2 "Math Functions", remquo): the low 3
 * bits, and the sign where the quotient is not 0.  frexp's exponent and
 * modf's integral part are exact.
 */
static bool c_fmod(const struct run *r, char *why, size_t len)
{
	const int32_t *got = (const int32_t *)r->out[4], *want = (const int32_t *)r->want[4];

	for (int i = 0; i < N; i++) {
		int32_t g = got[3 * i], w = want[3 * i];
		int32_t ga = g < 0 ? -g : g, wa = w < 0 ? -w : w;

		if ((ga & 7) != (wa & 7) || (g && w && (g < 0) != (w < 0)) ||
		    got[3 * i + 1] != want[3 * i + 1] || got[3 * i + 2] != want[3 * i + 2]) {
			snprintf(why, len, "item %d (x %a, y %a): quotient %d, exponent %d, "
				 "integral part %#x; want %d (mod 8), %d, %#x", i,
				 IN(r, 0, float)[i], IN(r, 1, float)[i], g, got[3 * i + 1],
				 got[3 * i + 2], w, want[3 * i + 1], want[3 * i + 2]);
			return false;
		}
	}
	return true;
}

/* ---- b_native_half ------------------------------------------------------ */

static void s_native_half(struct run *r)
{
	fill_f32_range(r, arg_buf(r, 0, 4 * N), N, -3.14159f, 3.14159f);
	fill_f32_range(r, arg_buf(r, 1, 4 * N), N, 0.5f, 4.0f);
	arg_poison(r, 2, 16 * N);
	arg_poison(r, 3, 8 * N);
	arg_poison(r, 4, 28 * N);
	/* the math box's sin, cos, rsqrt; divide as x * (1/y): two roundings */
	arg_f32_ulp(r, 2, 2);
	/* exp(x) as exp2(x * log2(e)), log as log2 * ln(2): the product's rounding, scaled */
	arg_f32_ulp(r, 3, 8);
	arg_f32_ulp(r, 4, 8192);
	nd1(r, N, 64);
}

static void r_native_half(struct run *r)
{
	for (int i = 0; i < N; i++) {
		double x = IN(r, 0, float)[i], y = IN(r, 1, float)[i];
		float *n = WANT(r, 2, float) + 4 * i, *h = WANT(r, 4, float) + 7 * i;

		n[0] = (float)sin(x);
		n[1] = (float)cos(x);
		n[2] = (float)(1.0 / sqrt(y));
		n[3] = (float)(x / y);
		WANT(r, 3, float)[2 * i + 0] = (float)exp(x);
		WANT(r, 3, float)[2 * i + 1] = (float)log(y * 8.0);
		h[0] = (float)sin(x);
		h[1] = (float)cos(x);
		h[2] = (float)exp(x);
		h[3] = (float)log(y);
		h[4] = (float)sqrt(y);
		h[5] = (float)(1.0 / y);
		h[6] = (float)(x / y);
	}
}

/* ---- b_astype ----------------------------------------------------------- */

static void s_astype(struct run *r)
{
	arg_buf(r, 0, 16 * NV);
	fill_f32_range(r, arg_buf(r, 1, 4 * NV), NV, -100.0f, 100.0f);
	arg_poison(r, 2, 80 * NV);
	arg_poison(r, 3, 8 * NV);
	nd1(r, NV, 64);
}

static void r_astype(struct run *r)
{
	for (int i = 0; i < NV; i++) {
		const uint32_t *x = IN(r, 0, uint32_t) + 4 * i;
		const uint8_t *xb = IN(r, 0, uint8_t) + 16 * i;
		uint32_t *o = WANT(r, 2, uint32_t) + 20 * i, w = x[0], m[4], x5[4];
		uint64_t l0 = (x[0] | (uint64_t)x[1] << 32) >> 3, l1 = (x[2] | (uint64_t)x[3] << 32) >> 3;
		float f = IN(r, 1, float)[i], y = fabsf(f) + 0.25f, rr;
		int32_t k;

		o[0] = (w >> 24) | ((w >> 8) & 0xff00) | ((w << 8) & 0xff0000) | (w << 24);
		o[1] = w >> 16 | w << 16;
		o[2] = x[1];
		o[3] = bits_f32(w) < 0.0f;
		for (int b = 0; b < 16; b++)
			((uint8_t *)(o + 4))[b] = xb[15 - b];
		for (int e = 0; e < 4; e++) {
			o[8 + e] = x[x[3 - e] & 3];
			x5[e] = x[e] * 5u;
		}
		m[0] = x[1] & 7;
		m[1] = x[0] & 7;
		m[2] = x[3] & 7;
		m[3] = x[2] & 7;
		for (int e = 0; e < 4; e++)
			o[12 + e] = m[e] < 4 ? x[m[e]] : x5[m[e] - 4];
		o[16] = x[3] ^ (uint32_t)l0;
		o[17] = x[1] ^ (uint32_t)(l0 >> 32);
		o[18] = x[2] ^ (uint32_t)l1;
		o[19] = x[0] ^ (uint32_t)(l1 >> 32);
		k = 0x5f3759df - ((int32_t)f32_bits(y) >> 1);
		rr = bits_f32((uint32_t)k);
		WANT(r, 3, float)[2 * i + 0] = rr * (1.5f - 0.5f * y * rr * rr);
		WANT(r, 3, float)[2 * i + 1] = bits_f32(f32_bits(f) & 0x7fffffffu);
	}
}

/* ---- b_long64 ----------------------------------------------------------- */

static void s_long64(struct run *r)
{
	int64_t *a = arg_buf(r, 0, 8 * NV), *b = arg_buf(r, 1, 8 * NV);

	for (int i = 0; i < NV; i++) {
		if (i % 4 == 1)
			b[i] = (int64_t)(rnd(r) % 100000);
		if (i % 4 == 2)
			a[i] = -(int64_t)(rnd(r) % 100000);
		if (i % 8 == 3)
			b[i] = 0;
	}
	arg_poison(r, 2, 88 * NV);
	nd1(r, NV, 64);
}

static void r_long64(struct run *r)
{
	for (int i = 0; i < NV; i++) {
		int64_t x = IN(r, 0, int64_t)[i], y = IN(r, 1, int64_t)[i], lo, hi, c, d, s;
		uint64_t ux = (uint64_t)x, uy = (uint64_t)y, *o = WANT(r, 2, uint64_t) + 11 * i;
		__int128 p = (__int128)x * y;

		o[0] = rotl_n(ux, uy, 64);
		o[1] = clz_n(ux, 64);
		o[2] = pop(ux) + ctz_n(uy, 64);
		o[3] = (uint64_t)(((unsigned __int128)ux * uy) >> 64);
		o[4] = (uint64_t)(int64_t)(p >> 64) + ux;
		s = (int64_t)(ux + uy);
		o[5] = (uint64_t)(x > 0 && y > 0 && s < 0 ? INT64_MAX :
				  x < 0 && y < 0 && s >= 0 ? INT64_MIN : s);
		o[6] = ux > uy ? ux - uy : 0;
		o[7] = ((ux >> 1) + (uy >> 1) + (ux & uy & 1)) ^
		       (uint64_t)((x >> 1) + (y >> 1) + ((x | y) & 1));
		o[8] = x > y ? ux - uy : uy - ux;
		hi = y & 0xffffffff;
		lo = -hi;
		c = x < lo ? lo : x > hi ? hi : x;
		o[9] = (uint64_t)c + (uint64_t)(x < y ? x : y) - (uint64_t)(x > y ? x : y);
		d = (y >> 7) | 1;
		o[10] = ux / ((uy >> (x & 63)) | 1) + (uint64_t)(d == -1 ? 0 : x % d);
	}
}

/* ---- b_long_halves ------------------------------------------------------ */

static void s_long_halves(struct run *r)
{
	float *a = arg_buf(r, 0, 4 * N);

	for (int i = 0; i < N; i++)	/* every size of long, both signs, saturation */
		a[i] = (rnd(r) & 1 ? -1.0f : 1.0f) *
		       ldexpf(1.0f + (float)(rnd(r) >> 9) * 0x1p-23f, (int)(rnd(r) % 70) - 2);
	arg_buf(r, 1, 8 * N);
	arg_poison(r, 2, 24 * N);
	nd1(r, N, 64);
}

static void r_long_halves(struct run *r)
{
	for (int i = 0; i < N; i++) {
		float x = IN(r, 0, float)[i];
		int64_t *o = WANT(r, 2, int64_t) + 3 * i;
		double l;

		o[0] = (int64_t)((uint64_t)IN(r, 1, uint32_t)[2 * i] << 32 |
				 IN(r, 1, uint32_t)[2 * i + 1]);
		/* the bounds are not doubles: 2^63 and 2^64 are the limits */
		l = cvt(x, RTE, -0x1p63, 0x1p63);
		o[1] = l >= 0x1p63 ? INT64_MAX : (int64_t)l;
		l = cvt(x, RTP, 0, 0x1p64);
		o[2] = (int64_t)(l >= 0x1p64 ? UINT64_MAX : (uint64_t)l);
	}
}

/* ---- b_pow -------------------------------------------------------------- */

static void s_pow(struct run *r)
{
	fill_f32_range(r, arg_buf(r, 0, 4 * N), N, -3.14159f, 3.14159f);
	fill_f32_range(r, arg_buf(r, 1, 4 * N), N, 0.5f, 4.0f);
	arg_poison(r, 2, 8 * N);
	arg_f32_ulp(r, 2, 16);		/* pow, pown: 16 ulp */
	nd1(r, N, 64);
}

static void r_pow(struct run *r)
{
	for (int i = 0; i < N; i++) {
		float x = IN(r, 0, float)[i], y = IN(r, 1, float)[i];

		WANT(r, 2, float)[2 * i + 0] = (float)pow(y, x);
		WANT(r, 2, float)[2 * i + 1] = (float)pow(y, (int)(x * 3.0f));
	}
}

static void s_pown3(struct run *r)
{
	fill_f32_range(r, arg_buf(r, 0, 4 * N), N, -3.14159f, 3.14159f);
	fill_f32_range(r, arg_buf(r, 1, 4 * N), N, 0.5f, 4.0f);
	arg_poison(r, 2, 4 * N);
	arg_f32_ulp(r, 2, 16);
	nd1(r, N, 64);
}

static void r_pown3(struct run *r)
{
	for (int i = 0; i < N; i++) {
		double y = IN(r, 1, float)[i];

		WANT(r, 2, float)[i] = (float)(y * y * y);
	}
}

const struct ocl_case cases_builtins2[] = {
	CASE("b_bits_vec", s_bits_vec, r_bits_vec),
	CASE("b_mad", s_mad, r_mad),
	CASE("b_select_vec", s_select_vec, r_select_vec),
	CASE("b_half_rt", s_half_rt, r_half_rt),
	CASE("b_convert_sat", s_convert_sat, r_convert_sat),
	{ "b_fmod", s_fmod, r_fmod, c_fmod },
	CASE("b_native_half", s_native_half, r_native_half),
	CASE("b_astype", s_astype, r_astype),
	CASE("b_long64", s_long64, r_long64),
	CASE("b_long_halves", s_long_halves, r_long_halves),
	CASE("b_pow", s_pow, r_pow),
	CASE("b_pown3", s_pown3, r_pown3),
	CASE_END,
};
