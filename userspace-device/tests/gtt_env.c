// SPDX-License-Identifier: MIT
/*
 * The GTT tests' environment (gtt_env.h): tables are built by hand in the
 * loopback's DMA window, exactly as the spec lays them out, so the tests
 * check the walkers against the spec and not against themselves.
 */
#include <stdatomic.h>
#include <string.h>

#include "channel/chan.h"
#include "gtt_env.h"
#include "tap.h"

/* Pages for tables and data; far from the addresses the tests aim at. */
#define ALLOC_BASE	0x10000000ull

const struct fault_irq_bit fault_irq_bits[GS_NUM_ENGINES] = {
	[GS_RCS] = { 0, 0 }, [GS_BCS] = { 0, 16 }, [GS_VCS] = { 1, 0 }, [GS_VECS] = { 3, 0 },
};

void env_start(struct gtt_env *env, const struct gs_config *cfg)
{
	struct gs_config def;

	if (!cfg) {
		gs_config_defaults(&def);
		cfg = &def;
	}
	env->loop = gs_loop_create(cfg);
	CHECK(env->loop);
	CHECK_EQ(gs_loop_wait_msgs(env->loop, GENSIM_MSG_READY, 5000), GENSIM_MSG_READY);
	env->dev = gs_loop_device(env->loop);
	env->next = ALLOC_BASE;
}

void env_stop(struct gtt_env *env)
{
	gs_loop_destroy(env->loop);
	env->loop = NULL;
}

void env_map_at(struct gtt_env *env, uint64_t dma)
{
	CHECK_EQ(gs_loop_map(env->loop, dma & ~(PG - 1), PG), 0);
}

/* A fresh zeroed window page (a table with nothing present). */
uint64_t env_page(struct gtt_env *env)
{
	uint64_t a = env->next;

	env->next += PG;
	env_map_at(env, a);
	return a;
}

/* A data page whose dword i holds tag << 16 | i. */
uint64_t env_data_page(struct gtt_env *env, uint32_t tag)
{
	uint64_t a = env_page(env);
	uint32_t *p = gs_loop_dma(env->loop, a);

	for (uint32_t i = 0; i < PG / 4; i++)
		p[i] = tag << 16 | i;
	return a;
}

uint32_t env_dword(struct gtt_env *env, uint64_t dma)
{
	return *(uint32_t *)gs_loop_dma(env->loop, dma);
}

static _Atomic uint64_t *entry_ptr(struct gtt_env *env, uint64_t table, unsigned int idx)
{
	return (_Atomic uint64_t *)gs_loop_dma(env->loop, table + 8ull * idx);
}

uint64_t entry_get(struct gtt_env *env, uint64_t table, unsigned int idx)
{
	return atomic_load_explicit(entry_ptr(env, table, idx), memory_order_relaxed);
}

/* Atomic, so walkers on other threads see whole entries and TSan sees no race. */
void entry_set(struct gtt_env *env, uint64_t table, unsigned int idx, uint64_t val)
{
	atomic_store_explicit(entry_ptr(env, table, idx), val, memory_order_relaxed);
}

static unsigned int index_at(uint64_t va, unsigned int shift)
{
	return (va >> shift) & 511;
}

/*
 * The table that holds @va's entry at the level whose index starts at VA
 * bit @shift (39 PML4, 30 PDP, 21 PD, 12 PT), creating present, writable
 * tables on the way down.
 */
uint64_t ppgtt_table_of(struct gtt_env *env, uint64_t pml4, uint64_t va, unsigned int shift)
{
	uint64_t table = pml4;

	for (unsigned int s = 39; s > shift; s -= 9) {
		uint64_t e = entry_get(env, table, index_at(va, s));

		if (!(e & GEN8_PAGE_PRESENT)) {
			e = env_page(env) | PDE_FLAGS;
			entry_set(env, table, index_at(va, s), e);
		}
		table = e & GEN8_PTE_ADDR_MASK;
	}
	return table;
}

/* Write @entry for @va at the level of @leaf_shift (12: PTE, 21: PDE, 30: PDPE). */
void ppgtt_set(struct gtt_env *env, uint64_t pml4, uint64_t va, unsigned int leaf_shift,
	       uint64_t entry)
{
	entry_set(env, ppgtt_table_of(env, pml4, va, leaf_shift), index_at(va, leaf_shift), entry);
}

void ggtt_set(struct gtt_env *env, uint64_t index, uint64_t pte)
{
	_Atomic uint64_t *ptes = (_Atomic uint64_t *)((uint8_t *)env->dev->chan->bar0 +
						      GENSIM_BAR0_GGTT_OFFSET);

	atomic_store_explicit(&ptes[index], pte, memory_order_relaxed);
}

/* What a driver does after GTT updates; returns once the device applied it. */
void env_flush_tlbs(struct gtt_env *env)
{
	gs_loop_write(env->loop, GFX_FLSH_CNTL_GEN6, GFX_FLSH_CNTL_EN);
	CHECK_EQ(gs_loop_flush(env->loop, 5000), 0);
}

/* Let @engine's page-fault interrupt through every level, master on. */
void enable_fault_irq(struct gtt_env *env, int engine)
{
	const struct fault_irq_bit *b = &fault_irq_bits[engine];
	uint32_t bit = GT_PAGE_FAULT_INTERRUPT << b->shift;

	gs_loop_write(env->loop, RING_IMR(gs_engine_mmio_base[engine]), ~GT_PAGE_FAULT_INTERRUPT);
	gs_loop_write(env->loop, GEN8_GT_IER(b->bank),
		      gs_loop_read(env->loop, GEN8_GT_IER(b->bank)) | bit);
	gs_loop_write(env->loop, GEN8_GT_IMR(b->bank),
		      gs_loop_read(env->loop, GEN8_GT_IMR(b->bank)) & ~bit);
	gs_loop_write(env->loop, GEN8_MASTER_IRQ, GEN8_MASTER_IRQ_CONTROL);
	CHECK_EQ(gs_loop_read(env->loop, GEN8_MASTER_IRQ), GEN8_MASTER_IRQ_CONTROL);
}
