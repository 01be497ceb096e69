// SPDX-License-Identifier: MIT
/*
 * Interpreter: the IEEE macros (madm, math invm, math rsqtm; gensim's model
 * in eu/interp/insns/macro.c and eu-interpreter.rst, "IEEE macros").  The
 * programs are IGC's exact double divide and sqrt sequences (ocloc
 * -device bdw, disassembled with iga64 -p=8: math.invm / math.rsqtm with
 * the early-out flag, "(~f1.0) if", ten madm, endif), renamed registers
 * only.  What must hold is what the silicon guarantees: the IEEE-754
 * correctly rounded a/b and sqrt(x) in cr0's rounding mode, with cr0's DF
 * denormal mode; every result is compared bit for bit with the host's
 * a/b and sqrt(x) under the same fesetround() mode (denormal inputs and
 * results flushed to a signed zero when cr0 keeps none).
 *
 * Operands: random bit patterns over the whole exponent range, and hard
 * cases: denormals, min/max normal, powers of two, quotients near
 * overflow and underflow, exact quotients and exact squares, quotients a
 * hair off a double (a = b*q rounded), 1/3-like ratios, exact midpoints
 * between denormals, and the special values (the early-out table, with
 * its flag bits).
 */
#include <fenv.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "it_util.h"

#define BLOCKS	8		/* four channels each: 1N, 2N, 1N, ... */
#define LANES	(BLOCKS * 4)
#define RA	10		/* a (x) of block i in g(RA + i) */
#define RB	20		/* b of block i */
#define RD	70		/* the result */

static const int modes[4] = { FE_TONEAREST, FE_UPWARD, FE_DOWNWARD, FE_TOWARDZERO };
static const char *const mode_name[4] = { "RNE", "RU", "RD", "RZ" };

/* IGC's divide: a in gA, b in gB, q to gD (temporaries as IGC chose). */
static const char div_block[] =
	"math.f1.0 invm(4) g110<0>.mme0DF g%1$d<2,4,1>.nommeDF g%2$d<2,4,1>.nommeDF { align16 %4$s }\n"
	"(-f1.0) if(4) JIP: e%5$d UIP: e%5$d { align1 %4$s }\n"
	"madm(4) g48<1>.mme1DF g60<4,4,1>.nommeDF g%1$d<4,4,1>.nommeDF g110<4,4,1>.mme0DF { align16 %4$s }\n"
	"madm(4) g96<1>.mme2DF g58<4,4,1>.nommeDF -g%2$d<4,4,1>.nommeDF g110<4,4,1>.mme0DF { align16 %4$s }\n"
	"madm(4) g100<1>.mme3DF g%1$d<4,4,1>.nommeDF -g%2$d<4,4,1>.nommeDF g48<4,4,1>.mme1DF { align16 %4$s }\n"
	"madm(4) g44<1>.mme4DF g110<4,4,1>.mme0DF g96<4,4,1>.mme2DF g110<4,4,1>.mme0DF { align16 %4$s }\n"
	"madm(4) g40<1>.mme5DF g58<4,4,1>.nommeDF -g%2$d<4,4,1>.nommeDF g44<4,4,1>.mme4DF { align16 %4$s }\n"
	"madm(4) g110<1>.mme6DF g110<4,4,1>.mme0DF g96<4,4,1>.mme2DF g44<4,4,1>.mme4DF { align16 %4$s }\n"
	"madm(4) g48<1>.mme7DF g48<4,4,1>.mme1DF g100<4,4,1>.mme3DF g44<4,4,1>.mme4DF { align16 %4$s }\n"
	"madm(4) g44<1>.mme0DF g44<4,4,1>.mme4DF g110<4,4,1>.mme6DF g40<4,4,1>.mme5DF { align16 %4$s }\n"
	"madm(4) g100<1>.mme1DF g%1$d<4,4,1>.nommeDF -g%2$d<4,4,1>.nommeDF g48<4,4,1>.mme7DF { align16 %4$s }\n"
	"madm(4) g110<1>.nommeDF g48<4,4,1>.mme7DF g100<4,4,1>.mme1DF g44<4,4,1>.mme0DF { align16 %4$s }\n"
	"e%5$d: endif(4) JIP: n%5$d { align1 %4$s }\n"
	"n%5$d: mov(4) g%3$d<1>DF g110<4,4,1>DF { align1 %4$s }\n";

/* IGC's sqrt: x in gA, sqrt(x) to gD; g54..g60 = 1.5, 0.5, 1.0, 0.0. */
static const char sqrt_block[] =
	"math.f0.0 rsqrtm(4) g66<0>.mme0DF g%1$d<2,4,1>.nommeDF null<0,4,1>.mme0UD { align16 %4$s }\n"
	"(-f0.0) if(4) JIP: e%5$d UIP: e%5$d { align1 %4$s }\n"
	"madm(4) g8<1>.mme1DF g60<4,4,1>.nommeDF g56<4,4,1>.nommeDF g66<4,4,1>.mme0DF { align16 %4$s }\n"
	"madm(4) g124<1>.mme2DF g60<4,4,1>.nommeDF g%1$d<4,4,1>.nommeDF g66<4,4,1>.mme0DF { align16 %4$s }\n"
	"madm(4) g4<1>.mme3DF g56<4,4,1>.nommeDF -g124<4,4,1>.mme2DF g8<4,4,1>.mme1DF { align16 %4$s }\n"
	"madm(4) g120<1>.mme5DF g58<4,4,1>.nommeDF g54<4,4,1>.nommeDF g4<4,4,1>.mme3DF { align16 %4$s }\n"
	"madm(4) g66<1>.mme6DF g60<4,4,1>.nommeDF g4<4,4,1>.mme3DF g124<4,4,1>.mme2DF { align16 %4$s }\n"
	"madm(4) g4<1>.mme7DF g60<4,4,1>.nommeDF g4<4,4,1>.mme3DF g8<4,4,1>.mme1DF { align16 %4$s }\n"
	"madm(4) g66<1>.mme6DF g124<4,4,1>.mme2DF g120<4,4,1>.mme5DF g66<4,4,1>.mme6DF { align16 %4$s }\n"
	"madm(4) g120<1>.mme5DF g8<4,4,1>.mme1DF g120<4,4,1>.mme5DF g4<4,4,1>.mme7DF { align16 %4$s }\n"
	"madm(4) g8<1>.mme1DF g%1$d<4,4,1>.nommeDF -g66<4,4,1>.mme6DF g66<4,4,1>.mme6DF { align16 %4$s }\n"
	"madm(4) g66<1>.nommeDF g66<4,4,1>.mme6DF g8<4,4,1>.mme1DF g120<4,4,1>.mme5DF { align16 %4$s }\n"
	"e%5$d: endif(4) JIP: n%5$d { align1 %4$s }\n"
	"n%5$d: mov(4) g%3$d<1>DF g66<4,4,1>DF { align1 %4$s }\n";

static struct gseu_program *prog_of(const char *block)
{
	size_t cap = (BLOCKS + 1) * 4096, len = 0;
	char *text = malloc(cap);
	struct gseu_program *p;

	if (!text)
		abort();
	for (int i = 0; i < BLOCKS; i++)
		len += (size_t)snprintf(text + len, cap - len, block, RA + i, RB + i,
					RD + i, i & 1 ? "2N" : "1N", i);
	snprintf(text + len, cap - len,
		 "send(8) null<1>UD g127<8,8,1>UD ts 0x02000010UD { align1 1Q NoMask EOT }\n");
	p = it_prog(text);
	free(text);
	return p;
}

static uint64_t bits(double d)
{
	uint64_t u;

	memcpy(&u, &d, 8);
	return u;
}

static double dbl(uint64_t u)
{
	double d;

	memcpy(&d, &u, 8);
	return d;
}

static double flush(double d, bool ftz)
{
	return ftz && fpclassify(d) == FP_SUBNORMAL ? copysign(0.0, d) : d;
}

/* The host's IEEE result under the mode (volatile: computed at run time). */
static double host_op(bool is_sqrt, double a, double b, int rm, bool ftz)
{
	volatile double x = flush(a, ftz), y = flush(b, ftz), r;
	int old = fegetround();

	fesetround(rm);
	r = is_sqrt ? sqrt(x) : x / y;
	fesetround(old);
	return flush(r, ftz);
}

/* Deterministic generator (xorshift64*), the same operands every run. */
static uint64_t rng_state = 0x9e3779b97f4a7c15ull;

static uint64_t rnd64(void)
{
	return tap_xorshift64s(&rng_state);
}

static double rnd_sig(void)	/* [1, 2) */
{
	return dbl(0x3ff0000000000000ull | (rnd64() & 0xfffffffffffffull));
}

static double special_val(unsigned i)
{
	static const double v[] = {
		0.0, -0.0, INFINITY, -INFINITY, NAN, -NAN, 1.0, -1.0, 3.0, 0.1,
		DBL_MIN, -DBL_MIN, DBL_MAX, -DBL_MAX, DBL_TRUE_MIN, -DBL_TRUE_MIN,
		0x1p-1060, 0x1.8p-1070, 0x1p1023, 0x1p-1022, 0x1.fffffffffffffp-1023,
		0x1p-537, 0x1p511, 4.0, 2.0, 0.5,
	};

	return v[i % (sizeof(v) / sizeof(v[0]))];
}

#define NSPECIAL 26

/* One divide operand pair of family `f` (see the header). */
static void div_pair(unsigned f, uint64_t i, double *a, double *b)
{
	int e = (int)(rnd64() % 2100) - 1075;

	switch (f) {
	case 0:		/* random bit patterns */
		*a = dbl(rnd64());
		*b = dbl(rnd64());
		break;
	case 1:		/* quotients around overflow and underflow */
		*a = ldexp(rnd_sig(), (int)(rnd64() % 200) + 823);
		*b = ldexp(rnd_sig(), -(int)(rnd64() % 300));
		if (i & 1) {
			double t = *a;

			*a = 1 / t * rnd_sig();
			*b = ldexp(t, (int)(rnd64() % 60) - 30);
		}
		break;
	case 2: {	/* exact quotients: a = q * b, 26 x 27 bits */
		double q = (double)(rnd64() >> 38 | 1) * ldexp(1, (int)(rnd64() % 64) - 32);
		double d = (double)(rnd64() >> 37 | 1);

		*b = ldexp(d, e / 4);
		*a = q * *b;
		break;
	}
	case 3: {	/* a hair off a double: a = b * q rounded */
		double q = ldexp(rnd_sig(), (int)(rnd64() % 40) - 20);

		*b = ldexp(rnd_sig(), e / 2);
		*a = q * *b;
		break;
	}
	case 4:		/* 1/3-like ratios, powers of two, extremes */
		*a = (double)(rnd64() % 100 + 1) * ldexp(1, e);
		*b = (double)((rnd64() % 5) * 2 + 3) * ldexp(1, (int)(rnd64() % 2100) - 1075);
		if (i % 4 == 1)
			*b = ldexp(1, (int)(rnd64() % 2098) - 1074);
		break;
	case 5: {	/* denormal operands and results, midpoints between denormals */
		uint64_t k = rnd64() % 64 | 1;

		*b = ldexp((double)(rnd64() % 8 + 1), (int)(rnd64() % 40));
		*a = (double)k * ldexp(*b, -1075);
		if (i % 3 == 1)
			*a = dbl(rnd64() & 0x800fffffffffffffull);
		if (i % 3 == 2)
			*b = dbl(rnd64() & 0x800fffffffffffffull);
		break;
	}
	default:	/* the special values, every pair */
		*a = special_val((unsigned)(i % NSPECIAL));
		*b = special_val((unsigned)(i / NSPECIAL % NSPECIAL));
		break;
	}
}

static void sqrt_arg(unsigned f, uint64_t i, double *x)
{
	double s;

	switch (f) {
	case 0:
		*x = dbl(rnd64());
		break;
	case 1:		/* exact squares */
		s = (double)(rnd64() >> 38 | 1) * ldexp(1, (int)(rnd64() % 1000) - 500);
		*x = s * s;
		break;
	case 2:		/* next to squares */
		s = ldexp(rnd_sig(), (int)(rnd64() % 1000) - 500);
		*x = s * s;
		*x = nextafter(*x, i & 1 ? INFINITY : 0);
		break;
	case 3:		/* denormals, and powers of two both parities */
		*x = i & 1 ? dbl(rnd64() & 0x000fffffffffffffull)
			   : ldexp(1, (int)(rnd64() % 2098) - 1074);
		break;
	default:
		*x = special_val((unsigned)(i % NSPECIAL));
		break;
	}
}

struct sweep {
	bool is_sqrt;
	int rm;			/* index into modes[] */
	bool ftz;
	unsigned long long runs, fails;
};

static void report(struct sweep *s, double a, double b, double got, double want)
{
	if (s->fails++ < 5)
		printf("# %s %s%s: %a %s %a = %a (%016llx), host %a (%016llx)\n",
			 s->is_sqrt ? "sqrt" : "div", mode_name[s->rm], s->ftz ? " ftz" : "",
			 a, s->is_sqrt ? "->" : "/", b, got, (unsigned long long)bits(got),
			 want, (unsigned long long)bits(want));
}

/* One run of the program: LANES operands, then the flag check's bits. */
static void run_lanes(struct gseu_hw_thread *t, const struct gseu_program *p,
		      struct sweep *s, const double *a, const double *b)
{
	gseu_thread_reset(t, 0xff);
	t->cr0.d[0] = (uint32_t)s->rm << GSEU_CR0_RND_SHIFT |
		      (s->ftz ? 0 : GSEU_CR0_DF_DENORM_KEEP);
	for (int k = 0; k < 4; k++) {
		t->grf[54].df[k] = 1.5;
		t->grf[56].df[k] = 0.5;
		t->grf[58].df[k] = 1.0;
		t->grf[60].df[k] = 0.0;
	}
	for (int l = 0; l < LANES; l++) {
		t->grf[RA + l / 4].df[l % 4] = a[l];
		t->grf[RB + l / 4].df[l % 4] = b[l];
	}
	if (gseu_thread_run(t, p, 100000) != GSEU_RUN_EOT) {
		if (s->fails++ < 5)
			printf("# run: %s\n", t->exc_msg);
		return;
	}
	for (int l = 0; l < LANES; l++) {
		double got = t->grf[RD + l / 4].df[l % 4];
		double want = host_op(s->is_sqrt, a[l], b[l], modes[s->rm], s->ftz);

		if (bits(got) != bits(want))
			report(s, a[l], b[l], got, want);
	}
	s->runs++;
}

static void sweep(struct gseu_hw_thread *t, const struct gseu_program *p,
		  struct sweep *s, unsigned long long n)
{
	unsigned nfam = s->is_sqrt ? 5 : 7;
	double a[LANES], b[LANES];

	for (unsigned long long i = 0; i < n; i += LANES) {
		for (int l = 0; l < LANES; l++) {
			uint64_t j = i + (uint64_t)l;
			unsigned f = (unsigned)(j % nfam);

			if (s->is_sqrt) {
				sqrt_arg(f, j / nfam, &a[l]);
				b[l] = 0;
			} else {
				div_pair(f, j / nfam, &a[l], &b[l]);
			}
		}
		run_lanes(t, p, s, a, b);
	}
	CHECK_MSG(!s->fails, "%s %s%s: %llu of %llu lanes differ",
		  s->is_sqrt ? "sqrt" : "div", mode_name[s->rm], s->ftz ? " ftz" : "",
		  s->fails, s->runs * LANES);
}

/*
 * Operand pairs per rounding mode: 10^6 in the release build, which is
 * the numeric check; a tenth under the sanitizers, which look for memory
 * and thread errors, not for more operands (GSEU_MACRO_PAIRS overrides).
 */
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define DEFAULT_PAIRS	100000ull
#else
#define DEFAULT_PAIRS	1000000ull
#endif

static unsigned long long count(void)
{
	const char *e = getenv("GSEU_MACRO_PAIRS");

	return e ? strtoull(e, NULL, 0) : DEFAULT_PAIRS;
}

static void sweep_all(bool is_sqrt)
{
	struct gseu_program *p = prog_of(is_sqrt ? sqrt_block : div_block);
	struct gseu_hw_thread *t = it_thread(0xff);

	for (int rm = 0; rm < 4; rm++) {
		for (int ftz = 0; ftz < 2; ftz++) {
			struct sweep s = { .is_sqrt = is_sqrt, .rm = rm, .ftz = ftz };

			/* the flush mode has fewer hard cases left: a fifth */
			sweep(t, p, &s, ftz ? count() / 5 : count());
		}
	}
	gseu_thread_free(t);
	gseu_program_free(p);
}

static void t_divide(void) { sweep_all(false); }
static void t_sqrt(void) { sweep_all(true); }

/* The early-out flag: set exactly for the special inputs, per channel. */
static void t_early_out_flag(void)
{
	static const char text[] =
		"math.f1.0 invm(4) g3<0>.mme0DF g1<2,4,1>.nommeDF g2<2,4,1>.nommeDF { align16 1N }\n"
		"math.f1.0 invm(4) g4<0>.mme0DF g2<2,4,1>.nommeDF g1<2,4,1>.nommeDF { align16 2N }\n"
		"math.f0.0 rsqrtm(4) g5<0>.mme1DF g1<2,4,1>.nommeDF null<0,4,1>.mme0UD { align16 1N }\n";
	static const double a[4] = { 1.0, 0.0, INFINITY, 0x1p-1074 };
	static const double b[4] = { 3.0, 2.0, 2.0, -4.0 };
	struct gseu_hw_thread *t = it_thread(0xff);

	t->cr0.d[0] = GSEU_CR0_DF_DENORM_KEEP;
	memcpy(t->grf[1].df, a, sizeof(a));
	memcpy(t->grf[2].df, b, sizeof(b));
	t->f.d[0] = 0xff00u;	/* f0.0 bits 8-15 must stay */
	it_ok(t, text);
	/* 1N: channels 0-3, f1.0 bits 0-3: 0 and inf early; 2N: bits 4-7,
	 * b/a: 3/1, 2/0 (early), 2/inf (early), -4/denormal */
	CHECK_EQ(t->f.d[1] & 0xff, 0x66u);
	/* rsqtm 1N on f0.0 bits 0-3: only 0 and inf take the early out;
	 * bits 8-15 untouched */
	CHECK_EQ(t->f.d[0] & 0xffff, 0xff06u);
	CHECK(t->grf[3].df[1] == 0.0 && t->grf[3].df[2] == INFINITY);
	CHECK(t->grf[3].df[0] == 1.0 / 3.0);	/* 1/b rounded (RNE) */
	CHECK(t->grf[4].df[1] == INFINITY && t->grf[4].df[2] == 0.0);
	CHECK(t->grf[5].df[0] == 1.0 && t->grf[5].df[1] == 0.0);
	gseu_thread_free(t);
}

/*
 * The pairing: a source .mmeN reads the accumulator only while its GRF
 * bits are the ones the accumulator was written with.
 */
static void t_pairing(void)
{
	static const char text[] =
		"math.f1.0 invm(4) g3<0>.mme0DF g1<2,4,1>.nommeDF g2<2,4,1>.nommeDF { align16 1N }\n"
		"madm(4) g4<1>.nommeDF g6<4,4,1>.nommeDF g2<4,4,1>.nommeDF g3<4,4,1>.mme0DF { align16 1N }\n"
		"mov(1) g3.1<1>DF g3.1<0,1,0>DF { align1 1N }\n"
		"add(1) g3.2<1>DF g3.2<0,1,0>DF g7<0,1,0>DF { align1 1N }\n"
		"madm(4) g5<1>.nommeDF g6<4,4,1>.nommeDF g2<4,4,1>.nommeDF g3<4,4,1>.mme0DF { align16 1N }\n";
	static const double b[4] = { 3.0, 10.0, 49.0, 3.0 };
	struct gseu_hw_thread *t = it_thread(0xff);

	for (int k = 0; k < 4; k++) {
		t->grf[1].df[k] = 1.0;
		t->grf[6].df[k] = -1.0;
	}
	memcpy(t->grf[2].df, b, sizeof(b));
	it_ok(t, text);
	/* -1 + 3 * (1/3): the binary128 1/3 leaves a residual near 2^-113;
	 * the double 1/3 would leave one near 2^-54 */
	CHECK_MSG(fabs(t->grf[4].df[0]) < 0x1p-100 && t->grf[4].df[0] != 0.0,
		  "%a", t->grf[4].df[0]);
	/* mov and add rewrote the same bits: still paired */
	CHECK_EQ(bits(t->grf[5].df[1]), bits(t->grf[4].df[1]));
	CHECK_EQ(bits(t->grf[5].df[2]), bits(t->grf[4].df[2]));
	CHECK_EQ(bits(t->grf[5].df[0]), bits(t->grf[4].df[0]));
	gseu_thread_free(t);
	/* a GRF written after invm with other bits breaks the pairing */
	t = it_thread(0xff);
	for (int k = 0; k < 4; k++) {
		t->grf[1].df[k] = 1.0;
		t->grf[6].df[k] = -1.0;
		t->grf[2].df[k] = 3.0;
	}
	it_ok(t, "math.f1.0 invm(4) g3<0>.mme0DF g1<2,4,1>.nommeDF g2<2,4,1>.nommeDF { align16 1N }\n"
		 "mov(4) g3<1>DF g2<4,4,1>DF { align1 1N }\n"
		 "madm(4) g5<1>.nommeDF g6<4,4,1>.nommeDF g2<4,4,1>.nommeDF g3<4,4,1>.mme0DF { align16 1N }\n");
	CHECK(t->grf[5].df[0] == 8.0);	/* -1 + 3 * 3: the GRF's 3.0 */
	gseu_thread_free(t);
}

int main(void)
{
	tap_run("early-out flag bits per channel and quarter", t_early_out_flag);
	tap_run("math-macro pairing with the GRF bits", t_pairing);
	tap_run("IGC divide sequence: bit-exact a/b, 4 modes x 2 denormal modes", t_divide);
	tap_run("IGC sqrt sequence: bit-exact sqrt(x), 4 modes x 2 denormal modes", t_sqrt);
	return tap_done();
}
