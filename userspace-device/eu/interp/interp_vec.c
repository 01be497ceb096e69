// SPDX-License-Identifier: MIT
/*
 * Kernels of the "vector" instructions that combine lanes or read whole
 * registers: dp4, dph, dp3, dp2 (groups of 4 lanes, the group's scalar in
 * all four), line and pln (plane equations: src0 is a 4-float vector whose
 * region is ignored, pln reads u from src1 and v from the next register
 * pair), sad2 and sada2 (pairs of byte lanes).  seed-000-eu-isa.md 6.2
 * and testable behaviours 45-47.
 *
 * Choice: the odd word of a sad2/sada2 pair is "undefined" in the notes;
 * gensim writes 0 there.
 */
#include <math.h>

#include "interp.h"
#include "interp_float.h"

#define NL for (unsigned k = 0; k < e->n; k++)
#define A e->s[0]
#define B e->s[1]
#define R e->r

static void dp(struct gsi_exec *e, unsigned cnt, bool homog)
{
	for (unsigned g = 0; g + 4 <= e->n; g += 4) {
		float s = A.f[g] * B.f[g];

		for (unsigned i = 1; i < cnt; i++)
			s += A.f[g + i] * B.f[g + i];
		if (homog)
			s += B.f[g + 3];
		for (unsigned i = 0; i < 4; i++)
			R.f[g + i] = s;
	}
}

static void k_dp4(struct gsi_exec *e) { dp(e, 4, false); }
static void k_dph(struct gsi_exec *e) { dp(e, 3, true); }
static void k_dp3(struct gsi_exec *e) { dp(e, 3, false); }
static void k_dp2(struct gsi_exec *e) { dp(e, 2, false); }

/* The 4-float vector at src0's address, whatever its region says. */
static void plane(const struct gsi_exec *e, float v[4])
{
	const uint8_t *p = (const uint8_t *)e->t->grf + e->pi->src[0].off[0];

	for (unsigned i = 0; i < 4; i++) {
		memcpy(&v[i], p + 4 * i, 4);
		if (!(e->t->cr0.d[0] & GSEU_CR0_F_DENORM_KEEP))
			v[i] = gsi_ftz(v[i]);
	}
}

static void k_line(struct gsi_exec *e)
{
	float p[4];

	plane(e, p);
	NL R.f[k] = p[0] * B.f[k] + p[3];
}

static void k_pln(struct gsi_exec *e)
{
	const uint8_t *u = (const uint8_t *)e->t->grf + e->pi->src[1].off[0];
	unsigned vdist = e->n > 8 ? 64 : 32;
	bool ftz = !(e->t->cr0.d[0] & GSEU_CR0_F_DENORM_KEEP);
	float p[4];

	plane(e, p);
	NL {
		float x, y;

		memcpy(&x, u + 4 * k, 4);
		memcpy(&y, u + vdist + 4 * k, 4);
		if (ftz) {
			x = gsi_ftz(x);
			y = gsi_ftz(y);
		}
		R.f[k] = p[0] * x + p[1] * y + p[3];
	}
}

static int64_t absdiff(int64_t a, int64_t b)
{
	return a > b ? a - b : b - a;
}

static void sad(struct gsi_exec *e, bool acc)
{
	for (unsigned k = 0; k + 1 < e->n; k += 2) {
		R.i[k] = absdiff(A.i[k], B.i[k]) + absdiff(A.i[k + 1], B.i[k + 1]);
		if (acc)
			R.i[k] += e->acc.i[k];
		R.i[k + 1] = 0;
	}
}

static void k_sad2(struct gsi_exec *e) { sad(e, false); }
static void k_sada2(struct gsi_exec *e) { sad(e, true); }

gsi_kernel_fn gsi_vec_kernel(const struct gsi_insn *pi)
{
	bool f = pi->cls == GSI_F, i = pi->cls == GSI_I;

	switch (pi->in.op) {
	case GSEU_OP_DP4: return f ? k_dp4 : NULL;
	case GSEU_OP_DPH: return f ? k_dph : NULL;
	case GSEU_OP_DP3: return f ? k_dp3 : NULL;
	case GSEU_OP_DP2: return f ? k_dp2 : NULL;
	case GSEU_OP_LINE: return f ? k_line : NULL;
	case GSEU_OP_PLN: return f ? k_pln : NULL;
	case GSEU_OP_SAD2: return i ? k_sad2 : NULL;
	case GSEU_OP_SADA2: return i ? k_sada2 : NULL;
	default: return NULL;
	}
}
