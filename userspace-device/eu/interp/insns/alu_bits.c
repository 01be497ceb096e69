// SPDX-License-Identifier: MIT
/*
 * Bit operations: bfrev, bfe, bfi1, bfi2, lzd, fbh, fbl, cbit, and the
 * carry/borrow pair addc, subb (their rows are GSEU_X_ACC_WRITE: the
 * carry or borrow goes to the accumulator through e->r2).  Integer only,
 * on 32 bits (965/G35 PRM Vol. 4 Subsystem and Cores (2008), 14.2
 * "Instruction Description") unless said otherwise.
 *
 * Choices where the sources leave it open (eu-interpreter.rst,
 * "Choices"):
 *  - bfi2 shifts the insert value to the lowest set bit of the mask
 *    (GLSL bitfieldInsert = bfi1 + bfi2 needs it; 965/G35 PRM Vol. 4
 *    Subsystem and Cores (2008), 14.2 "Instruction Description" omit
 *    it);
 *  - bfe with width + offset >= 32 returns src2 >> offset (GLSL rules);
 *  - cbit counts at the integer execution width.
 */
#include "insns.h"

static void k_bfrev_I(struct gsi_exec *e)
{
	NL {
		uint32_t v = (uint32_t)A.u[k], r = 0;

		for (unsigned b = 0; b < 32; b++)
			r |= ((v >> b) & 1u) << (31 - b);
		R.u[k] = r;
	}
}
GSI_SEM(bfrev, GSI_KERNELS(NULL, NULL, k_bfrev_I));

/* bfe: extract src0 bits at offset src1 from src2; D sign-extends */
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
GSI_SEM(bfe, GSI_KERNELS(NULL, NULL, k_bfe_I));

/* bfi1: the mask of src0 bits at offset src1 */
KERNEL(k_bfi1_I, R.u[k] = (uint32_t)(((1u << (A.u[k] & 31)) - 1) << (B.u[k] & 31)))
GSI_SEM(bfi1, GSI_KERNELS(NULL, NULL, k_bfi1_I));

/* bfi2: insert src1 into src2 under the mask src0 */
static void k_bfi2_I(struct gsi_exec *e)
{
	NL {
		uint32_t m = (uint32_t)A.u[k], ins = (uint32_t)B.u[k],
			 base = (uint32_t)C.u[k];

		R.u[k] = m ? (((ins << __builtin_ctz(m)) & m) | (base & ~m)) : base;
	}
}
GSI_SEM(bfi2, GSI_KERNELS(NULL, NULL, k_bfi2_I));

KERNEL(k_lzd_I, R.u[k] = (uint32_t)A.u[k] ? (uint64_t)__builtin_clz((uint32_t)A.u[k]) : 32)
GSI_SEM(lzd, GSI_KERNELS(NULL, NULL, k_lzd_I));

/* fbh: first bit from the top; for D the first bit unlike the sign */
static void k_fbh_I(struct gsi_exec *e)
{
	NL {
		uint32_t v = (uint32_t)A.u[k];

		if (e->pi->src[0].type == GSEU_TYPE_D && (v >> 31))
			v = ~v;
		R.u[k] = v ? (uint64_t)__builtin_clz(v) : 0xffffffffu;
	}
}
GSI_SEM(fbh, GSI_KERNELS(NULL, NULL, k_fbh_I));

KERNEL(k_fbl_I, R.u[k] = (uint32_t)A.u[k] ? (uint64_t)__builtin_ctz((uint32_t)A.u[k])
       : 0xffffffffu)
GSI_SEM(fbl, GSI_KERNELS(NULL, NULL, k_fbl_I));

KERNEL(k_cbit_I, R.u[k] = (uint64_t)__builtin_popcountll(A.u[k] & gsi_wmask(e->pi->iw)))
GSI_SEM(cbit, GSI_KERNELS(NULL, NULL, k_cbit_I));

/* addc: 32-bit sum to dst, the carry to the accumulator */
static void k_addc_I(struct gsi_exec *e)
{
	NL {
		uint64_t s = (A.u[k] & 0xffffffffu) + (B.u[k] & 0xffffffffu);

		R.u[k] = s & 0xffffffffu;
		e->r2.u[k] = s >> 32;
	}
	e->r2_to_acc = true;
}
GSI_SEM(addc, GSI_KERNELS(NULL, NULL, k_addc_I));

/* subb: 32-bit difference to dst, the borrow to the accumulator */
static void k_subb_I(struct gsi_exec *e)
{
	NL {
		uint32_t a = (uint32_t)A.u[k], b = (uint32_t)B.u[k];

		R.u[k] = (uint32_t)(a - b);
		e->r2.u[k] = a < b;
	}
	e->r2_to_acc = true;
}
GSI_SEM(subb, GSI_KERNELS(NULL, NULL, k_subb_I));
