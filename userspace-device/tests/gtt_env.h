/* SPDX-License-Identifier: MIT */
/*
 * Test helpers for the GTT tests: a loopback device, a bump allocator of
 * DMA-window pages, and a PPGTT/GGTT builder that writes entries the way
 * a driver does (64-bit stores, straight into the window or BAR0).
 */
#ifndef GS_GTT_ENV_H
#define GS_GTT_ENV_H

#include <stdint.h>

#include "core/config.h"
#include "core/device.h"
#include "device/loopback.h"
#include "mem/mem.h"

#define PG		4096ull
#define SZ_2M		(1ull << 21)
#define SZ_1G		(1ull << 30)
#define PDE_FLAGS	(GEN8_PAGE_PRESENT | GEN8_PAGE_RW)

struct gtt_env {
	struct gs_loop *loop;
	struct gs_device *dev;
	uint64_t next;		/* next free window page of the allocator */
};

void env_start(struct gtt_env *env, const struct gs_config *cfg);
void env_stop(struct gtt_env *env);
uint64_t env_page(struct gtt_env *env);
uint64_t env_data_page(struct gtt_env *env, uint32_t tag);
uint32_t env_dword(struct gtt_env *env, uint64_t dma);
void env_map_at(struct gtt_env *env, uint64_t dma);

uint64_t entry_get(struct gtt_env *env, uint64_t table, unsigned int idx);
void entry_set(struct gtt_env *env, uint64_t table, unsigned int idx, uint64_t val);
void ppgtt_set(struct gtt_env *env, uint64_t pml4, uint64_t va, unsigned int leaf_shift,
	       uint64_t entry);
uint64_t ppgtt_table_of(struct gtt_env *env, uint64_t pml4, uint64_t va, unsigned int shift);
void ggtt_set(struct gtt_env *env, uint64_t index, uint64_t pte);

void env_flush_tlbs(struct gtt_env *env);
void enable_fault_irq(struct gtt_env *env, int engine);
extern const struct fault_irq_bit { int bank, shift; } fault_irq_bits[GS_NUM_ENGINES];

#ifdef __SANITIZE_THREAD__
#define UNDER_TSAN	1
#else
#define UNDER_TSAN	0
#endif

#endif
