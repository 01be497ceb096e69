// SPDX-License-Identifier: MIT
/*
 * The GPGPU command tests' environment (gpgpu_env.h).  Memory at a chosen
 * GPU address is window pages taken in one run (so the CPU view is
 * contiguous) and then entered in the PPGTT the way a driver's VM_BIND
 * would, with the spec's PTE format.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gpgpu_env.h"
#include "tap.h"

void gp_start(struct eng_env *env, unsigned int workers)
{
	struct gs_config cfg;

	gs_config_defaults(&cfg);
	cfg.eu_workers = workers;
	ee_start(env, &cfg);
	ee_engine_init(env, GS_RCS);
}

void *gp_map(struct eng_env *env, uint64_t va, uint64_t size)
{
	uint64_t n = (size + PG - 1) / PG, dma = env_page(&env->g);

	for (uint64_t i = 1; i < n; i++)
		CHECK_EQ(env_page(&env->g), dma + i * PG);
	for (uint64_t i = 0; i < n; i++)
		ppgtt_set(&env->g, env->pml4, va + i * PG, 12, (dma + i * PG) | PDE_FLAGS);
	return gs_loop_dma(env->g.loop, dma);
}

static int mem_map(void *ctx, uint64_t va, uint64_t size, void **cpu)
{
	*cpu = gp_map(ctx, va, size);
	return 0;
}

struct gsim_va_space gp_mem(struct eng_env *env)
{
	const struct gs_config *c = &env->g.dev->cfg;

	return (struct gsim_va_space){ .ctx = env, .map = mem_map,
				       .threads = c->slices * c->subslices * c->eus * c->threads };
}

void gp_asm(const char *text, struct gseu_asm_result *res)
{
	struct gseu_error err;

	if (gseu_assemble(text, NULL, res, &err))
		tap_fail(__FILE__, __LINE__, "assembler: line %u col %u: %s\n%s", err.line,
			 err.col, err.msg, text);
}

/*
 * The text of userspace-device/examples/@name (malloc'd): the kernels
 * gensim-run ships, which the IGT compute test runs through the driver.
 */
char *gp_example(const char *name)
{
	char path[512], *text;
	FILE *f;
	long n;

	snprintf(path, sizeof(path), "%s/%s", GSRUN_EXAMPLES, name);
	f = fopen(path, "r");
	CHECK_MSG(f, "%s: cannot open", path);
	CHECK(!fseek(f, 0, SEEK_END) && (n = ftell(f)) >= 0 && !fseek(f, 0, SEEK_SET));
	text = malloc((size_t)n + 1);
	CHECK(text && fread(text, 1, (size_t)n, f) == (size_t)n);
	text[n] = 0;
	fclose(f);
	return text;
}

void gp_job_kernel(struct gsim_dispatch *job, const char *text, struct gseu_asm_result *res)
{
	gp_asm(text, res);
	job->kernel = res->code;
	job->kernel_size = res->size;
}

void gp_build(struct eng_env *env, struct gsim_dispatch *job, struct gsim_dispatch_layout *b)
{
	struct gsim_va_space m = gp_mem(env);

	CHECK_MSG(!gsim_dispatch_build(job, &m, b), "gsim_dispatch_build: %s", gsim_last_error());
}

struct eng_ctx *gp_submit(struct eng_env *env, uint64_t va, uint32_t id)
{
	struct eng_ctx *ctx = ee_ctx(env, GS_RCS, 1, id);

	EMIT(ctx, BB_START_PPGTT(va));
	ee_submit(env, ctx, NULL);
	return ctx;
}

void gp_run(struct eng_env *env, uint64_t va, uint32_t id)
{
	struct eng_ctx *ctx = gp_submit(env, va, id);
	uint32_t st[2], n, ids[2];

	n = (uint32_t)ee_csb(env, GS_RCS, 2, st, ids, GP_WAIT_MS);
	CHECK_MSG(!ee_read(env, RING_EIR(ee_base(GS_RCS))), "EIR %#x IPEHR %#x",
		  ee_read(env, RING_EIR(ee_base(GS_RCS))),
		  ee_read(env, RING_IPEHR(ee_base(GS_RCS))));
	CHECK_EQ(n, 2);
	CHECK_EQ(st[1], CSB_ACTIVE_TO_IDLE | CSB_CONTEXT_COMPLETE);
	ee_sync(env);
	ee_ctx_free(ctx);
}

uint32_t gp_run_error(struct eng_env *env, uint64_t va, uint32_t id, uint32_t eir)
{
	struct eng_ctx *ctx = gp_submit(env, va, id);
	uint32_t base = ee_base(GS_RCS), ipehr;

	CHECK_MSG(ee_poll(env, RING_EIR(base), ~0u, eir, GP_WAIT_MS), "EIR %#x, want %#x",
		  ee_read(env, RING_EIR(base)), eir);
	/* Hung on the context until the driver resets it. */
	CHECK_EQ(ee_read(env, RING_MI_MODE(base)) & MODE_IDLE, 0);
	ipehr = ee_read(env, RING_IPEHR(base));
	ee_engine_reset(env, GS_RCS);
	ee_ack_irqs(env);
	ee_ctx_free(ctx);
	return ipehr;
}

uint64_t gp_retired(struct eng_env *env)
{
	uint32_t hi = ee_read(env, GENSIM_EU_RETIRED_HI), lo = ee_read(env, GENSIM_EU_RETIRED_LO);

	if (ee_read(env, GENSIM_EU_RETIRED_HI) != hi)
		return gp_retired(env);
	return (uint64_t)hi << 32 | lo;
}
