// SPDX-License-Identifier: MIT
/*
 * The "vector" instructions that combine lanes or read whole registers:
 * dp4, dph, dp3, dp2 (groups of 4 lanes, the group's scalar in all four;
 * GSEU_X_GROUP4 in their rows makes predecode require an execution size
 * that is a multiple of 4), line and pln (plane equations: src0 is a
 * 4-float vector whose region is ignored, pln reads u and v from the
 * registers at src1, interleaved by 8 lanes), sad2 and sada2 (pairs of byte lanes;
 * sada2 adds the accumulator, GSEU_X_ACC_READ).  965/G35 PRM Vol. 4
 * Subsystem and Cores (2008), 14.2 "Instruction Description"; PRM Vol. 6
 * Command Stream Programming (Cherryview 2015), "User Mode Privileged
 * Commands" (RCS), "Hardware-Detected Error Bit Definitions (for EIR EMR
 * ESR)" (RCS).
 *
 * Choice: the odd word of a sad2/sada2 pair is "undefined" in the
 * sources; gensim writes 0 there, and in the one lane of a SIMD1
 * sad2/sada2.
 */
#include <math.h>

#include "insns.h"
#include "../interp_float.h"

#define GRF_BYTES (GSEU_NUM_GRF * 32)

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
GSI_SEM(dp4, GSI_KERNELS(k_dp4, NULL, NULL));

static void k_dph(struct gsi_exec *e) { dp(e, 3, true); }
GSI_SEM(dph, GSI_KERNELS(k_dph, NULL, NULL));

static void k_dp3(struct gsi_exec *e) { dp(e, 3, false); }
GSI_SEM(dp3, GSI_KERNELS(k_dp3, NULL, NULL));

static void k_dp2(struct gsi_exec *e) { dp(e, 2, false); }
GSI_SEM(dp2, GSI_KERNELS(k_dp2, NULL, NULL));

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

/* line and pln read src0 as a plane, straight from the GRF */
static void check_plane(struct gsi_insn *pi)
{
	if (pi->src[0].kind != GSI_K_GRF || (pi->in.src[0].subnr & 15))
		gsi_fault(pi, GSEU_EXC_OPERAND,
			  "%s: src0 must be a direct GRF vector on a 16-byte boundary",
			  gsi_opname(pi));
}

static void k_line(struct gsi_exec *e)
{
	float p[4];

	plane(e, p);
	NL R.f[k] = p[0] * B.f[k] + p[3];
}
GSI_SEM(line, GSI_KERNELS(k_line, NULL, NULL), .check = check_plane);

/*
 * u and v come in register pairs of 8 lanes: (u 0-7)(v 0-7) for SIMD8,
 * (u 0-7)(v 0-7)(u 8-15)(v 8-15) for SIMD16 - the barycentric payload's
 * order (Mesa src/intel/compiler/brw_fs_generator.cpp,
 * generate_linterp(): "PLN reads (x0, x1)(y0, y1)(x2, x3)(y2, y3)").
 */
static void k_pln(struct gsi_exec *e)
{
	const uint8_t *uv = (const uint8_t *)e->t->grf + e->pi->src[1].off[0];
	bool ftz = !(e->t->cr0.d[0] & GSEU_CR0_F_DENORM_KEEP);
	float p[4];

	plane(e, p);
	NL {
		const uint8_t *u = uv + (k / 8) * 64 + (k % 8) * 4;
		float x, y;

		memcpy(&x, u, 4);
		memcpy(&y, u + 32, 4);
		if (ftz) {
			x = gsi_ftz(x);
			y = gsi_ftz(y);
		}
		R.f[k] = p[0] * x + p[1] * y + p[3];
	}
}

/* pln also reads u and v straight from the GRF, after src1 */
static void check_pln(struct gsi_insn *pi)
{
	check_plane(pi);
	if (pi->src[1].kind != GSI_K_GRF || (pi->in.src[1].subnr & 31) ||
	    pi->src[1].off[0] + (pi->n > 8 ? 128u : 64u) > GRF_BYTES)
		gsi_fault(pi, GSEU_EXC_OPERAND,
			  "pln: src1 must be a direct, register-aligned GRF with room for u and v");
}
GSI_SEM(pln, GSI_KERNELS(k_pln, NULL, NULL), .check = check_pln);

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
	/* SIMD1 has no pair: its lane was left unset (a read of stack
	 * garbage); give it the 0 of the undefined odd word */
	if (e->n & 1)
		R.i[e->n - 1] = 0;
}

static void k_sad2(struct gsi_exec *e) { sad(e, false); }
GSI_SEM(sad2, GSI_KERNELS(NULL, NULL, k_sad2));

static void k_sada2(struct gsi_exec *e) { sad(e, true); }
GSI_SEM(sada2, GSI_KERNELS(NULL, NULL, k_sada2));
