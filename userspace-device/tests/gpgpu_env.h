/* SPDX-License-Identifier: MIT */
/*
 * The GPGPU command tests' environment: engine_env.h's in-test driver
 * (rings, context images, ELSP, CSB) with rcs0 up, a struct gsim_va_space
 * that maps memory at chosen GPU addresses of its PPGTT (so libgensim's
 * gsim_dispatch_build(), the layout gensim-run uses, can put a job
 * there), kernels assembled from text, and batches run in fresh render
 * contexts.
 */
#ifndef GS_GPGPU_ENV_H
#define GS_GPGPU_ENV_H

#include "engine_env.h"
#include "gseu/eu.h"
#include "gpgpu/gpgpu_cmds.h"
#include <gensim/gensim.h>

/* Data-port descriptors (hw-spec-compute "Data port messages"). */
#define DP_DESC(mlen, rlen, type, ctrl, bti) \
	((uint32_t)(mlen) << 25 | (uint32_t)(rlen) << 20 | (uint32_t)(type) << 14 | \
	 (uint32_t)(ctrl) << 8 | (uint32_t)(bti))
#define DP_READ16(bti)		DP_DESC(2, 2, 1, 0x1e, bti)	/* untyped, SIMD16, red */
#define DP_WRITE16(bti)		DP_DESC(4, 0, 9, 0x1e, bti)
#define DP_READ8(bti)		DP_DESC(1, 1, 1, 0x2e, bti)	/* untyped, SIMD8, red */
#define DP_WRITE8(bti)		DP_DESC(2, 0, 9, 0x2e, bti)
#define DP_ATOMIC_INC16(bti)	DP_DESC(2, 0, 2, 5, bti)	/* untyped atomic inc, SIMD16 */
#define SLM_BTI			254

/* Assembler fragments of the dispatch ABI (gensim/dispatch.h). */
#define GP_LANES16 \
	"mov(8) g10<1>UW 0x76543210V { align1 1Q NoMask }\n" \
	"add(8) g10.8<1>UW g10<8,8,1>UW 8UW { align1 1Q NoMask }\n" \
	"mov(16) g12<1>UD g10<8,8,1>UW { align1 1H NoMask }\n"
#define GP_EOT \
	"mov(8) g127<1>UD g0<8,8,1>UD { align1 1Q NoMask }\n" \
	"send(8) null<1>UD g127<8,8,1>UD ts 0x02000010UD { align1 1Q NoMask EOT }\n"
#define GP_BARRIER \
	"mov(8) g4<1>UD 0UD { align1 1Q NoMask }\n" \
	"and(1) g4.2<1>UD g0.2<0,1,0>UD 0x0f000000UD { align1 1N NoMask }\n" \
	"send(8) null<1>UD g4<8,8,1>UD gateway 0x02000004UD { align1 1Q NoMask }\n" \
	"wait(1) n0<1>D n0<0,1,0>D { align1 1N }\n"

#define GP_WAIT_MS	20000	/* sanitizer builds are slow; every wait is still bounded */

void gp_start(struct eng_env *env, unsigned int workers);
struct gsim_va_space gp_mem(struct eng_env *env);
void *gp_map(struct eng_env *env, uint64_t va, uint64_t size);
void gp_asm(const char *text, struct gseu_asm_result *res);
char *gp_example(const char *name);
/* Assemble @text into @job (the code stays in *res until gseu_asm_free()). */
void gp_job_kernel(struct gsim_dispatch *job, const char *text, struct gseu_asm_result *res);
void gp_build(struct eng_env *env, struct gsim_dispatch *job, struct gsim_dispatch_layout *b);
/* A render context whose ring starts the PPGTT batch at @va; submitted. */
struct eng_ctx *gp_submit(struct eng_env *env, uint64_t va, uint32_t id);
/* Run the batch at @va to completion, without an error. */
void gp_run(struct eng_env *env, uint64_t va, uint32_t id);
/*
 * Run the batch at @va and wait for EIR to read @eir; the engine is reset
 * after.  Returns IPEHR as it was before the reset.
 */
uint32_t gp_run_error(struct eng_env *env, uint64_t va, uint32_t id, uint32_t eir);
uint64_t gp_retired(struct eng_env *env);

#endif
