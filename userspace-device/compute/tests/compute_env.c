// SPDX-License-Identifier: MIT
/*
 * The EU array tests' environment (compute_env.h).  Surface and sampler states
 * are packed here from the Gen8 layouts written out by hand (Mesa genxml
 * gen8.xml positions, hw-spec-compute "Surfaces"), so the tests check the
 * decoder against the layout, not against itself.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compute_env.h"
#include "gseu/eu.h"
#include "tap.h"

void cse_start_cfg(struct compute_env *e, unsigned int workers, const struct gs_config *cfg)
{
	struct gs_eu_array_opts opts = { .workers = workers };

	memset(e, 0, sizeof(*e));
	env_start(&e->g, cfg);
	e->pml4 = env_page(&e->g);
	e->next_va = CSE_BUF_VA;
	e->a = gs_eu_array_create(e->g.dev, &opts);
	CHECK(e->a);
	cse_map(e, CSE_ISA_VA, CSE_HEAP_SIZE);
	cse_map(e, CSE_SSH_VA, CSE_HEAP_SIZE);
	cse_map(e, CSE_DSH_VA, CSE_HEAP_SIZE);
	e->ssh_used = 0x400;	/* surface states after the binding table */
	e->dsh_used = 0x400;
}

void cse_start(struct compute_env *e, unsigned int workers)
{
	cse_start_cfg(e, workers, NULL);
}

void cse_stop(struct compute_env *e)
{
	gs_eu_array_destroy(e->a);
	env_stop(&e->g);
	free(e->pages);
	e->pages = NULL;
}

void cse_map(struct compute_env *e, uint64_t va, uint64_t size)
{
	for (uint64_t off = 0; off < size; off += PG) {
		uint64_t dma = env_page(&e->g);
		struct cse_page *p = realloc(e->pages, (e->npages + 1) * sizeof(*p));

		CHECK(p);
		e->pages = p;
		e->pages[e->npages++] = (struct cse_page){ va + off, dma };
		ppgtt_set(&e->g, e->pml4, va + off, 12, dma | GEN8_PAGE_PRESENT | GEN8_PAGE_RW);
	}
}

void cse_map_ggtt(struct compute_env *e, uint64_t va, uint64_t size)
{
	for (uint64_t off = 0; off < size; off += PG) {
		uint64_t dma = env_page(&e->g);
		struct cse_page *p = realloc(e->pages, (e->npages + 1) * sizeof(*p));

		CHECK(p);
		e->pages = p;
		e->pages[e->npages++] = (struct cse_page){ va + off, dma };
		ggtt_set(&e->g, (va + off) >> 12, dma | GEN8_PAGE_PRESENT);
	}
	env_flush_tlbs(&e->g);
}

uint64_t cse_alloc(struct compute_env *e, uint64_t size)
{
	uint64_t va = e->next_va;

	size = (size + PG - 1) & ~(PG - 1);
	cse_map(e, va, size);
	e->next_va += size + PG;	/* a hole after each buffer */
	return va;
}

static uint8_t *host(struct compute_env *e, uint64_t va)
{
	for (unsigned int i = 0; i < e->npages; i++)
		if (e->pages[i].va == (va & ~(PG - 1)))
			return (uint8_t *)gs_loop_dma(e->g.loop, e->pages[i].dma) + (va & (PG - 1));
	tap_fail(__FILE__, __LINE__, "no test page at %#llx", (unsigned long long)va);
}

void cse_write(struct compute_env *e, uint64_t va, const void *buf, uint64_t len)
{
	const uint8_t *b = buf;

	while (len) {
		uint64_t n = PG - (va & (PG - 1));

		if (n > len)
			n = len;
		memcpy(host(e, va), b, n);
		va += n;
		b += n;
		len -= n;
	}
}

void cse_read(struct compute_env *e, uint64_t va, void *buf, uint64_t len)
{
	uint8_t *b = buf;

	while (len) {
		uint64_t n = PG - (va & (PG - 1));

		if (n > len)
			n = len;
		memcpy(b, host(e, va), n);
		va += n;
		b += n;
		len -= n;
	}
}

uint32_t cse_rd32(struct compute_env *e, uint64_t va)
{
	uint32_t v;

	cse_read(e, va, &v, 4);
	return v;
}

uint64_t cse_kernel(struct compute_env *e, const char *text)
{
	struct gseu_asm_result res;
	struct gseu_error err;
	uint64_t ksp = e->isa_used;

	if (gseu_assemble(text, NULL, &res, &err))
		tap_fail(__FILE__, __LINE__, "assembler: line %u col %u: %s\n%s", err.line,
			 err.col, err.msg, text);
	CHECK(ksp + res.size <= CSE_HEAP_SIZE);
	cse_write(e, CSE_ISA_VA + ksp, res.code, res.size);
	e->isa_used = (uint32_t)((ksp + res.size + 63) & ~63ull);
	gseu_asm_free(&res);
	return ksp;
}

uint64_t cse_kernel_bin(struct compute_env *e, const void *code, size_t size)
{
	uint64_t ksp = e->isa_used;

	CHECK(ksp + size <= CSE_HEAP_SIZE);
	cse_write(e, CSE_ISA_VA + ksp, code, size);
	e->isa_used = (uint32_t)((ksp + size + 63) & ~63ull);
	return ksp;
}

unsigned int cse_surface_raw(struct compute_env *e, const uint32_t dw[16])
{
	uint32_t off = e->ssh_used, entry = off;	/* BINDING_TABLE_STATE 31:6 */
	unsigned int bti = e->nbt++;

	CHECK(bti < 64 && off + 64 <= CSE_HEAP_SIZE);
	cse_write(e, CSE_SSH_VA + off, dw, 64);
	cse_write(e, CSE_SSH_VA + CSE_BT_OFF + 4 * bti, &entry, 4);
	e->ssh_used += 64;
	return bti;
}

/* DW7: shader channel selects R=4 (red) G=5 B=6 A=7, at 27:25 24:22 21:19 18:16. */
#define SCS_IDENTITY	(4u << 25 | 5u << 22 | 6u << 19 | 7u << 16)

unsigned int cse_surface(struct compute_env *e, unsigned int type, unsigned int format,
			 uint64_t va, uint32_t width, uint32_t height, uint32_t pitch)
{
	uint32_t dw[16] = { 0 };

	dw[0] = type << 29 | format << 18 | 1u << 16 | 1u << 14;	/* VALIGN4 HALIGN4 */
	dw[2] = (height - 1) << 16 | (width - 1);
	dw[3] = pitch - 1;
	dw[7] = SCS_IDENTITY;
	dw[8] = (uint32_t)va;
	dw[9] = (uint32_t)(va >> 32);
	return cse_surface_raw(e, dw);
}

/* A RAW buffer of @bytes: entries - 1 = Depth[9:0]:Height[13:0]:Width[6:0]. */
unsigned int cse_buffer(struct compute_env *e, uint64_t va, uint64_t bytes)
{
	uint32_t dw[16] = { 0 };
	uint64_t n = bytes - 1;

	dw[0] = (uint32_t)SURF_BUFFER << 29 | FMT_RAW << 18;
	dw[2] = (uint32_t)((n >> 7) & 0x3fff) << 16 | (uint32_t)(n & 0x7f);
	dw[3] = (uint32_t)((n >> 21) & 0x3ff) << 21 | 0;	/* pitch - 1 = 0: bytes */
	dw[7] = SCS_IDENTITY;
	dw[8] = (uint32_t)va;
	dw[9] = (uint32_t)(va >> 32);
	return cse_surface_raw(e, dw);
}

/*
 * SAMPLER_STATE: DW0 19:17 mag, 16:14 min filter (mip filter 0 = none);
 * DW1 min/max LOD 0; DW2 23:6 border colour offset; DW3 8:6 TCX, 5:3 TCY,
 * 2:0 TCZ.
 */
void cse_sampler(struct compute_env *e, unsigned int index, unsigned int min_mag_filter,
		 unsigned int tcx, unsigned int tcy, uint32_t border_off)
{
	uint32_t dw[4] = {
		min_mag_filter << 17 | min_mag_filter << 14,
		0,
		border_off & 0xffffc0u,
		tcx << 6 | tcy << 3 | 2,
	};

	cse_dynamic(e, CSE_SAMPLER_OFF + 16 * index, dw, sizeof(dw));
}

void cse_dynamic(struct compute_env *e, uint32_t off, const void *buf, uint32_t len)
{
	CHECK(off + len <= CSE_HEAP_SIZE);
	cse_write(e, CSE_DSH_VA + off, buf, len);
}

void cse_desc(struct compute_env *e, struct gs_eu_dispatch *d, uint64_t ksp)
{
	memset(d, 0, sizeof(*d));
	d->space = GS_MEM_PPGTT;
	d->pml4 = e->pml4;
	d->engine = GS_RCS;
	d->surface_state_base = CSE_SSH_VA;
	d->dynamic_state_base = CSE_DSH_VA;
	d->instruction_base = CSE_ISA_VA;
	d->kernel_start = ksp;
	d->binding_table_ptr = CSE_BT_OFF;
	d->sampler_state_ptr = CSE_SAMPLER_OFF;
	d->simd = 16;
	d->thread_width = d->thread_height = d->thread_depth = 1;
	d->dim[0] = d->dim[1] = d->dim[2] = 1;
	d->right_mask = d->bottom_mask = ~0u;
	d->timeout_ms = 30000;
}

enum gs_eu_status cse_run(struct compute_env *e, const struct gs_eu_dispatch *d,
			  struct gs_eu_result *res)
{
	return gs_eu_dispatch(e->a, d, res);
}

void cse_ok(struct compute_env *e, const struct gs_eu_dispatch *d)
{
	struct gs_eu_result res;

	CHECK_MSG(cse_run(e, d, &res) == GS_EU_OK, "dispatch: %s: %s",
		  gs_eu_status_name(res.status), res.msg);
}
