// SPDX-License-Identifier: MIT
/*
 * The GGTT and PPGTT walkers, the page-splitting accessors and the TLB
 * (hw-spec-memory "GTT formats and fault reporting"), against tables built
 * by hand in the loopback's DMA window.  Faults are checked field by
 * field: type, GTT select, level and the address of the first byte that
 * could not be accessed.
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "gtt_env.h"
#include "tap.h"

#define RW		(GEN8_PAGE_PRESENT | GEN8_PAGE_RW)
#define RO		GEN8_PAGE_PRESENT

static struct gs_mem_space ppgtt(uint64_t pml4, struct gs_tlb *tlb)
{
	return (struct gs_mem_space){ .kind = GS_MEM_PPGTT, .pml4 = pml4, .tlb = tlb };
}

static struct gs_mem_space ggtt(struct gs_tlb *tlb)
{
	return (struct gs_mem_space){ .kind = GS_MEM_GGTT, .tlb = tlb };
}

static void check_fault(const struct gs_fault *f, unsigned int type, bool is_ggtt, bool write,
			unsigned int level, uint64_t va)
{
	CHECK_EQ(f->type, type);
	CHECK_EQ(f->ggtt, is_ggtt);
	CHECK_EQ(f->write, write);
	CHECK_EQ(f->level, level);
	CHECK_EQ(f->va, va);
}

static uint32_t read32(struct gtt_env *env, const struct gs_mem_space *s, uint64_t va)
{
	struct gs_fault f;
	uint32_t v = 0;

	CHECK_EQ(gs_mem_read(env->dev, s, va, &v, sizeof(v), &f), 0);
	return v;
}

/* All four levels, 4 KiB pages: translate, read, write. */
static void t_ppgtt_4k(void)
{
	struct gtt_env env;
	uint64_t pml4, page, dma, va = 0x0000123456789000ull;
	struct gs_mem_space s;
	uint32_t v = 0xfeedbeef;

	env_start(&env, NULL);
	pml4 = env_page(&env);
	page = env_data_page(&env, 0x11);
	ppgtt_set(&env, pml4, va, 12, page | RW);
	s = ppgtt(pml4, NULL);

	CHECK_EQ(gs_mem_translate(env.dev, &s, va + 0x123, GS_MEM_READ, &dma, NULL), 0);
	CHECK_EQ(dma, page + 0x123);
	CHECK_EQ(read32(&env, &s, va + 0x40), 0x110010);
	CHECK_EQ(gs_mem_write(env.dev, &s, va + 0xffc, &v, 4, NULL), 0);
	CHECK_EQ(env_dword(&env, page + 0xffc), 0xfeedbeef);

	/*
	 * The index fields are the ones Linux i915 uses (gt/gen8_ppgtt.c): PML4
	 * VA[47:39] ... PT VA[20:12].
	 */
	CHECK_EQ(entry_get(&env, pml4, 0x24) & GEN8_PAGE_PRESENT, 1);
	CHECK_EQ(entry_get(&env, ppgtt_table_of(&env, pml4, va, 12), 0x189), page | RW);

	/* The root's low 12 bits are not part of the address. */
	s.pml4 = pml4 | 0xabc;
	CHECK_EQ(read32(&env, &s, va + 0x40), 0x110010);
	env_stop(&env);
}

/* PS in a PDE maps 2 MiB, in a PDPE 1 GiB; the offset bits come from the VA. */
static void t_ppgtt_huge(void)
{
	const uint64_t va2m = 0x40600000ull, dma2m = 0x20000000ull;	/* PDP 1, PD 3 */
	const uint64_t va1g = 0x8080000000ull, dma1g = 0x400000000ull;	/* PML4 1, PDP 2 */
	struct gtt_env env;
	struct gs_mem_space s;
	uint64_t pml4, dma;
	uint32_t *p;

	env_start(&env, NULL);
	pml4 = env_page(&env);
	s = ppgtt(pml4, NULL);

	/* 2 MiB; junk in address bits 20:12 of the PDE is ignored. */
	ppgtt_set(&env, pml4, va2m, 21, dma2m | 0x1000 | GEN8_PDE_PS_2M | RW);
	CHECK_EQ(gs_mem_translate(env.dev, &s, va2m, GS_MEM_READ, &dma, NULL), 0);
	CHECK_EQ(dma, dma2m);
	CHECK_EQ(gs_mem_translate(env.dev, &s, va2m + 0x12345, GS_MEM_READ, &dma, NULL), 0);
	CHECK_EQ(dma, dma2m + 0x12345);
	CHECK_EQ(gs_mem_translate(env.dev, &s, va2m + SZ_2M - 1, GS_MEM_READ, &dma, NULL), 0);
	CHECK_EQ(dma, dma2m + SZ_2M - 1);
	env_map_at(&env, dma2m + SZ_2M - PG);
	p = gs_loop_dma(env.loop, dma2m + SZ_2M - 4);
	*p = 0x2222aaaa;
	CHECK_EQ(read32(&env, &s, va2m + SZ_2M - 4), 0x2222aaaa);
	/* The next 2 MiB has no PDE. */
	CHECK_EQ(gs_mem_translate(env.dev, &s, va2m + SZ_2M, GS_MEM_READ, &dma, NULL), -EFAULT);

	/* 1 GiB */
	ppgtt_set(&env, pml4, va1g, 30, dma1g | GEN8_PDPE_PS_1G | RW);
	CHECK_EQ(gs_mem_translate(env.dev, &s, va1g + 0x12345678, GS_MEM_READ, &dma, NULL), 0);
	CHECK_EQ(dma, dma1g + 0x12345678);
	env_map_at(&env, dma1g + SZ_1G - PG);
	p = gs_loop_dma(env.loop, dma1g + SZ_1G - 4);
	*p = 0x1111bbbb;
	CHECK_EQ(read32(&env, &s, va1g + SZ_1G - 4), 0x1111bbbb);

	/* PS means nothing in a PML4E: the entry still points at a PDP table. */
	ppgtt_set(&env, pml4, 0x10000000000ull, 12, env_data_page(&env, 0x33) | RW);
	entry_set(&env, pml4, 2, entry_get(&env, pml4, 2) | BIT(7));
	CHECK_EQ(read32(&env, &s, 0x10000000008ull), 0x330002);
	env_stop(&env);
}

/* A write needs RW at every level; reads never do; not-present wins over RW. */
static void t_ppgtt_read_only(void)
{
	const uint64_t va = 0x7f0000201000ull;
	struct gtt_env env;
	struct gs_mem_space s;
	struct gs_fault f;
	uint64_t pml4, page, pt;
	uint32_t v = 1;

	env_start(&env, NULL);
	pml4 = env_page(&env);
	page = env_data_page(&env, 0x44);
	ppgtt_set(&env, pml4, va, 12, page | RO);
	s = ppgtt(pml4, NULL);

	CHECK_EQ(read32(&env, &s, va + 8), 0x440002);
	CHECK_EQ(gs_mem_write(env.dev, &s, va + 8, &v, 4, &f), -EFAULT);
	check_fault(&f, FAULT_TYPE_WRITE, false, true, GS_LEVEL_PTE, va + 8);
	CHECK_EQ(env_dword(&env, page + 8), 0x440002);

	/* RW leaf under a read-only PDPE: still read-only. */
	ppgtt_set(&env, pml4, va, 12, page | RW);
	CHECK_EQ(gs_mem_write(env.dev, &s, va, &v, 4, NULL), 0);
	{
		uint64_t pdp = ppgtt_table_of(&env, pml4, va, 30);
		unsigned int i = (va >> 30) & 511;

		entry_set(&env, pdp, i, entry_get(&env, pdp, i) & ~(uint64_t)GEN8_PAGE_RW);
	}
	CHECK_EQ(gs_mem_write(env.dev, &s, va + 4, &v, 4, &f), -EFAULT);
	check_fault(&f, FAULT_TYPE_WRITE, false, true, GS_LEVEL_PTE, va + 4);
	CHECK_EQ(read32(&env, &s, va + 4), 0x440001);

	/* Under that read-only PDPE, a write to a page with no PTE is a PTE fault. */
	pt = ppgtt_table_of(&env, pml4, va, 12);
	entry_set(&env, pt, ((va >> 12) & 511) + 1, 0);
	CHECK_EQ(gs_mem_write(env.dev, &s, va + PG, &v, 4, &f), -EFAULT);
	check_fault(&f, FAULT_TYPE_PTE, false, true, GS_LEVEL_PTE, va + PG);

	/* A read-only 2 MiB page. */
	ppgtt_set(&env, pml4, 0x200000ull, 21, 0x20000000ull | GEN8_PDE_PS_2M | RO);
	CHECK_EQ(gs_mem_write(env.dev, &s, 0x200010ull, &v, 4, &f), -EFAULT);
	check_fault(&f, FAULT_TYPE_WRITE, false, true, GS_LEVEL_PDE, 0x200010ull);
	env_stop(&env);
}

/* Not present at each level: DIRECTORY above the leaf, PTE at it. */
static void t_ppgtt_not_present(void)
{
	static const struct { unsigned int shift, level, type; } cases[] = {
		{ 39, GS_LEVEL_PML4E, FAULT_TYPE_DIRECTORY },
		{ 30, GS_LEVEL_PDPE, FAULT_TYPE_DIRECTORY },
		{ 21, GS_LEVEL_PDE, FAULT_TYPE_DIRECTORY },
		{ 12, GS_LEVEL_PTE, FAULT_TYPE_PTE },
	};
	const uint64_t va = 0x00004a5a5a5a5000ull;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct gtt_env env;
		struct gs_mem_space s;
		struct gs_fault f;
		uint64_t pml4, table, dma;
		unsigned int idx = (va >> cases[i].shift) & 511;

		env_start(&env, NULL);
		pml4 = env_page(&env);
		s = ppgtt(pml4, NULL);
		ppgtt_set(&env, pml4, va, 12, env_data_page(&env, 1) | RW);
		CHECK_EQ(read32(&env, &s, va + 0x10), 0x10004);

		/* Everything but PRESENT kept: the walk must look at bit 0 only. */
		table = ppgtt_table_of(&env, pml4, va, cases[i].shift);
		entry_set(&env, table, idx, entry_get(&env, table, idx) & ~(uint64_t)GEN8_PAGE_PRESENT);
		CHECK_EQ(gs_mem_translate(env.dev, &s, va + 0x10, GS_MEM_READ, &dma, &f), -EFAULT);
		check_fault(&f, cases[i].type, false, false, cases[i].level, va + 0x10);
		CHECK_EQ(gs_mem_read(env.dev, &s, va + 0x20, &dma, 4, &f), -EFAULT);
		check_fault(&f, cases[i].type, false, false, cases[i].level, va + 0x20);
		env_stop(&env);
	}
}

/* Around 2^32, the top of the 48-bit space, and past it. */
static void t_ppgtt_edges(void)
{
	const uint64_t top = (1ull << 48) - 1;
	struct gtt_env env;
	struct gs_mem_space s;
	struct gs_fault f;
	uint64_t pml4, lo, hi, last, dma;
	uint8_t b[2] = { 0, 0 };
	uint32_t v;

	env_start(&env, NULL);
	pml4 = env_page(&env);
	s = ppgtt(pml4, NULL);

	/* 0xfffff000 is PDP 3 / PD 511 / PT 511; 0x100000000 is PDP 4 / PD 0 / PT 0. */
	lo = env_data_page(&env, 0xa);
	hi = env_data_page(&env, 0xb);
	ppgtt_set(&env, pml4, 0xfffff000ull, 12, lo | RW);
	ppgtt_set(&env, pml4, 0x100000000ull, 12, hi | RW);
	CHECK_EQ(gs_mem_read(env.dev, &s, 0xfffffffeull, &v, 4, NULL), 0);
	/* Bytes: lo dword 1023 = 0x000a03ff (its upper half), then hi dword 0 = 0x000b0000. */
	CHECK_EQ(v, 0x0000000a);
	CHECK_EQ(read32(&env, &s, 0x100000000ull), 0xb0000);
	CHECK_EQ(read32(&env, &s, 0xfffffffcull), 0xa03ff);

	/* The last page of the space: every index 511. */
	last = env_data_page(&env, 0xc);
	ppgtt_set(&env, pml4, top, 12, last | RW);
	CHECK_EQ(entry_get(&env, pml4, 511) & 1, 1);
	CHECK_EQ(gs_mem_translate(env.dev, &s, top, GS_MEM_READ, &dma, NULL), 0);
	CHECK_EQ(dma, last + 0xfff);
	CHECK_EQ(gs_mem_read(env.dev, &s, top, b, 1, NULL), 0);
	CHECK_EQ(b[0], 0);			/* top byte of tag 0xc << 16 | 1023 */
	CHECK_EQ(gs_mem_read(env.dev, &s, top - 1, b, 1, NULL), 0);
	CHECK_EQ(b[0], 0x0c);
	CHECK_EQ(gs_mem_read(env.dev, &s, top, b, 2, &f), -EFAULT);
	check_fault(&f, FAULT_TYPE_RANGE, false, false, GS_LEVEL_NONE, 1ull << 48);

	/* 2^48 and the canonical upper half do not exist. */
	CHECK_EQ(gs_mem_translate(env.dev, &s, 1ull << 48, GS_MEM_READ, &dma, &f), -EFAULT);
	check_fault(&f, FAULT_TYPE_RANGE, false, false, GS_LEVEL_NONE, 1ull << 48);
	CHECK_EQ(gs_mem_translate(env.dev, &s, 0xffff800000000000ull, GS_MEM_WRITE, &dma, &f),
		 -EFAULT);
	check_fault(&f, FAULT_TYPE_RANGE, false, true, GS_LEVEL_NONE, 0xffff800000000000ull);
	CHECK_EQ(gs_mem_translate(env.dev, &s, ~0ull, GS_MEM_READ, &dma, &f), -EFAULT);
	CHECK_EQ(f.type, FAULT_TYPE_RANGE);
	env_stop(&env);
}

/*
 * Ranges: misaligned, across pages with unrelated DMA addresses, into a
 * hole (the pages before it are done), huge lengths, length 0.
 */
static void t_ranges(void)
{
	const uint64_t va = 0x5000000ull;
	struct gtt_env env;
	struct gs_mem_space s;
	struct gs_fault f;
	uint64_t pml4, p0, p1, p2;
	uint8_t buf[3 * PG], ref[3 * PG];

	env_start(&env, NULL);
	pml4 = env_page(&env);
	s = ppgtt(pml4, NULL);
	p0 = env_data_page(&env, 0x70);
	env_page(&env);				/* a gap: the pages are not contiguous */
	p1 = env_data_page(&env, 0x71);
	p2 = env_data_page(&env, 0x72);
	ppgtt_set(&env, pml4, va, 12, p1 | RW);	/* out of order too */
	ppgtt_set(&env, pml4, va + PG, 12, p0 | RW);
	ppgtt_set(&env, pml4, va + 2 * PG, 12, p2 | RW);

	memcpy(ref, gs_loop_dma(env.loop, p1), PG);
	memcpy(ref + PG, gs_loop_dma(env.loop, p0), PG);
	memcpy(ref + 2 * PG, gs_loop_dma(env.loop, p2), PG);

	/* Every misaligned start and a few lengths across the three pages. */
	for (uint64_t off = 0; off < 3 * PG; off += 1021) {
		size_t len = 3 * PG - off < 5000 ? 3 * PG - off : 5000;

		memset(buf, 0, sizeof(buf));
		CHECK_EQ(gs_mem_read(env.dev, &s, va + off, buf, len, &f), 0);
		CHECK_MSG(!memcmp(buf, ref + off, len), "read at +%#llx, %zu bytes",
			  (unsigned long long)off, len);
	}

	/* A write across p1 -> p0 lands in both. */
	memset(buf, 0xe5, 100);
	CHECK_EQ(gs_mem_write(env.dev, &s, va + PG - 50, buf, 100, &f), 0);
	CHECK_EQ(*(uint8_t *)gs_loop_dma(env.loop, p1 + PG - 50), 0xe5);
	CHECK_EQ(*(uint8_t *)gs_loop_dma(env.loop, p0 + 49), 0xe5);
	CHECK_EQ(*(uint8_t *)gs_loop_dma(env.loop, p0 + 50), 0x70);	/* dword 12, byte 2 */

	/* Present then not present: the first part is written, the fault names the hole. */
	ppgtt_set(&env, pml4, va + 2 * PG, 12, 0);
	memset(buf, 0x5c, sizeof(buf));
	CHECK_EQ(gs_mem_write(env.dev, &s, va + PG + 8, buf, 2 * PG, &f), -EFAULT);
	check_fault(&f, FAULT_TYPE_PTE, false, true, GS_LEVEL_PTE, va + 2 * PG);
	CHECK_EQ(*(uint8_t *)gs_loop_dma(env.loop, p0 + PG - 1), 0x5c);
	CHECK_EQ(*(uint32_t *)gs_loop_dma(env.loop, p2), 0x720000);	/* untouched */

	/* A huge length stops at the first hole; the buffer is never overrun. */
	CHECK_EQ(gs_mem_read(env.dev, &s, va + 2 * PG - 16, buf, SIZE_MAX, &f), -EFAULT);
	check_fault(&f, FAULT_TYPE_PTE, false, false, GS_LEVEL_PTE, va + 2 * PG);
	CHECK_EQ(gs_mem_read(env.dev, &s, va, buf, SIZE_MAX / 2, &f), -EFAULT);
	CHECK_EQ(f.va, va + 2 * PG);

	/* Length 0: nothing to do, even at an address that does not exist. */
	CHECK_EQ(gs_mem_read(env.dev, &s, 1ull << 60, buf, 0, &f), 0);
	env_stop(&env);
}

/* Entries whose addresses leave the window: RANGE, at the level that pointed out. */
static void t_garbage_outside_window(void)
{
	const uint64_t va = 0x3000ull;
	struct gtt_env env;
	struct gs_mem_space s;
	struct gs_fault f;
	uint64_t pml4, dma, pt;

	env_start(&env, NULL);
	pml4 = env_page(&env);
	s = ppgtt(pml4, NULL);

	/* A root outside the window. */
	s.pml4 = 0x7ffffff000ull;
	CHECK_EQ(gs_mem_translate(env.dev, &s, va, GS_MEM_READ, &dma, &f), -EFAULT);
	check_fault(&f, FAULT_TYPE_RANGE, false, false, GS_LEVEL_PML4E, va);
	s.pml4 = pml4;

	/* Every bit set in the PML4E: PS ignored, next table at 0x7ffffff000. */
	entry_set(&env, pml4, 0, ~0ull);
	CHECK_EQ(gs_mem_translate(env.dev, &s, va, GS_MEM_READ, &dma, &f), -EFAULT);
	check_fault(&f, FAULT_TYPE_RANGE, false, false, GS_LEVEL_PDPE, va);

	/* Every bit set in a PDPE: a 1 GiB page at 0x7fc0000000, past 64 GiB. */
	entry_set(&env, pml4, 0, 0);
	ppgtt_set(&env, pml4, va, 30, ~0ull);
	CHECK_EQ(gs_mem_translate(env.dev, &s, va, GS_MEM_WRITE, &dma, &f), -EFAULT);
	check_fault(&f, FAULT_TYPE_RANGE, false, true, GS_LEVEL_PDPE, va);

	/* A PTE one page past the window's end; the window's last page is fine. */
	entry_set(&env, pml4, 0, 0);
	ppgtt_set(&env, pml4, va, 12, GENSIM_DMA_WINDOW_SIZE | RW);
	CHECK_EQ(gs_mem_translate(env.dev, &s, va, GS_MEM_READ, &dma, &f), -EFAULT);
	check_fault(&f, FAULT_TYPE_RANGE, false, false, GS_LEVEL_PTE, va);
	pt = ppgtt_table_of(&env, pml4, va, 12);
	entry_set(&env, pt, 3, (GENSIM_DMA_WINDOW_SIZE - PG) | RW | 0xfff8000000000000ull);
	CHECK_EQ(gs_mem_translate(env.dev, &s, va + 5, GS_MEM_READ, &dma, &f), 0);
	CHECK_EQ(dma, GENSIM_DMA_WINDOW_SIZE - PG + 5);

	/* Read-only and outside the window: the tables' verdict comes first. */
	entry_set(&env, pt, 3, 0x7ffffff000ull | RO);
	CHECK_EQ(gs_mem_translate(env.dev, &s, va, GS_MEM_WRITE, &dma, &f), -EFAULT);
	CHECK_EQ(f.type, FAULT_TYPE_WRITE);
	env_stop(&env);
}

/* Tables and pages in window memory the driver never mapped (guard recovery). */
static void t_unmapped_memory(void)
{
	const uint64_t va = 0x9000ull;
	struct gtt_env env;
	struct gs_mem_space s;
	struct gs_fault f;
	uint64_t pml4, dma, pt, page;
	uint32_t v = 7;

	env_start(&env, NULL);
	pml4 = env_page(&env);
	s = ppgtt(pml4, NULL);

	/* Root 0 (the reserved first MiB) and an unmapped root. */
	s.pml4 = 0;
	CHECK_EQ(gs_mem_translate(env.dev, &s, va, GS_MEM_READ, &dma, &f), -EFAULT);
	check_fault(&f, FAULT_TYPE_RANGE, false, false, GS_LEVEL_PML4E, va);
	s.pml4 = 0x800000000ull;
	CHECK_EQ(gs_mem_translate(env.dev, &s, va, GS_MEM_READ, &dma, &f), -EFAULT);
	check_fault(&f, FAULT_TYPE_RANGE, false, false, GS_LEVEL_PML4E, va);
	s.pml4 = pml4;

	/* A PDE pointing at an unmapped page: the PT cannot be read. */
	ppgtt_set(&env, pml4, va, 21, 0x900000000ull | RW);
	CHECK_EQ(gs_mem_translate(env.dev, &s, va, GS_MEM_READ, &dma, &f), -EFAULT);
	check_fault(&f, FAULT_TYPE_RANGE, false, false, GS_LEVEL_PTE, va);

	/* A PTE pointing at an unmapped page: the walk succeeds, the access fails. */
	entry_set(&env, ppgtt_table_of(&env, pml4, va, 21), 0, 0);
	ppgtt_set(&env, pml4, va, 12, 0x900000000ull | RW);
	CHECK_EQ(gs_mem_translate(env.dev, &s, va + 4, GS_MEM_READ, &dma, &f), 0);
	CHECK_EQ(dma, 0x900000004ull);
	CHECK_EQ(gs_mem_write(env.dev, &s, va + 4, &v, 4, &f), -EFAULT);
	check_fault(&f, FAULT_TYPE_RANGE, false, true, GS_LEVEL_PAGE, va + 4);

	/* A page the driver took back after mapping it. */
	page = env_data_page(&env, 0x55);
	pt = ppgtt_table_of(&env, pml4, va, 12);
	entry_set(&env, pt, 10, page | RW);
	CHECK_EQ(read32(&env, &s, 0xa000), 0x550000);
	CHECK_EQ(gs_loop_unmap(env.loop, page, PG), 0);
	CHECK_EQ(gs_mem_read(env.dev, &s, 0xa000, &v, 4, &f), -EFAULT);
	check_fault(&f, FAULT_TYPE_RANGE, false, false, GS_LEVEL_PAGE, 0xa000);
	env_stop(&env);
}

/*
 * Random tables against a reference walk written separately from the
 * device's: entries point at mapped tables, unmapped pages, past the
 * window, or nowhere, with random flags and random ignored bits.  The
 * device must never crash and must agree on every outcome.
 */
#define POOL_PAGES	24

struct fuzz {
	struct gtt_env env;
	uint64_t pool[POOL_PAGES];
	uint64_t rng;
};

static uint64_t rnd(struct fuzz *z)
{
	z->rng ^= z->rng << 13;
	z->rng ^= z->rng >> 7;
	z->rng ^= z->rng << 17;
	return z->rng;
}

static bool pool_has(const struct fuzz *z, uint64_t addr)
{
	for (int i = 0; i < POOL_PAGES; i++)
		if (z->pool[i] == (addr & ~(PG - 1)))
			return true;
	return false;
}

static uint64_t random_entry(struct fuzz *z)
{
	uint64_t r = rnd(z), addr, e;

	switch (r % 10) {
	case 0: case 1: case 2: case 3: case 4:
		addr = z->pool[rnd(z) % POOL_PAGES];
		break;
	case 5: case 6:
		addr = (0x800000000ull + (rnd(z) % 0x100000) * PG);	/* 32 GiB up: unmapped */
		break;
	case 7:
		addr = (rnd(z) & GEN8_PTE_ADDR_MASK) | GENSIM_DMA_WINDOW_SIZE;	/* past the window */
		break;
	default:
		addr = 0;
		break;
	}
	e = rnd(z) & ~GEN8_PTE_ADDR_MASK;	/* flags and ignored bits at random */
	if (rnd(z) % 5 == 0)
		e &= ~(uint64_t)GEN8_PAGE_PRESENT;
	else
		e |= GEN8_PAGE_PRESENT;
	if (rnd(z) % 4)
		e &= ~(uint64_t)BIT(7);		/* PS less often than not */
	return e | addr;
}

/* The reference: returns -1 for success with *page, else the fault type. */
static int ref_walk(struct fuzz *z, uint64_t root, uint64_t va, bool write, uint64_t *page)
{
	uint64_t table = root & GEN8_PTE_ADDR_MASK, e = 0;
	bool w = true;
	int shift;

	if (va >= 1ull << 48)
		return FAULT_TYPE_RANGE;
	for (shift = 39; shift >= 12; shift -= 9) {
		if (!pool_has(z, table))
			return FAULT_TYPE_RANGE;
		e = entry_get(&z->env, table, (va >> shift) & 511);
		if (!(e & GEN8_PAGE_PRESENT))
			return shift == 12 ? FAULT_TYPE_PTE : FAULT_TYPE_DIRECTORY;
		if (!(e & GEN8_PAGE_RW))
			w = false;
		if (shift == 12 || ((shift == 30 || shift == 21) && (e & BIT(7))))
			break;
		table = e & GEN8_PTE_ADDR_MASK;
	}
	{
		uint64_t size = 1ull << shift;

		*page = ((e & GEN8_PTE_ADDR_MASK) & ~(size - 1)) + (va & (size - 1) & ~(PG - 1));
	}
	if (write && !w)
		return FAULT_TYPE_WRITE;
	if (*page >= GENSIM_DMA_WINDOW_SIZE)
		return FAULT_TYPE_RANGE;
	return -1;
}

static void t_fuzz_tables(void)
{
	struct fuzz z = { .rng = 0x9e3779b97f4a7c15ull };
	struct gs_tlb *tlb = gs_tlb_create();
	int ok = 0, by_type[4] = { 0 };

	CHECK(tlb);
	env_start(&z.env, NULL);
	for (int i = 0; i < POOL_PAGES; i++)
		z.pool[i] = env_page(&z.env);
	for (int i = 0; i < POOL_PAGES; i++)
		for (int j = 0; j < 512; j++)
			entry_set(&z.env, z.pool[i], j, random_entry(&z));

	for (int n = 0; n < 40000; n++) {
		uint64_t root = n % 7 ? z.pool[n % 3] : z.pool[rnd(&z) % POOL_PAGES];
		uint64_t va = rnd(&z) >> (n % 10 ? 16 : 15), page = 0, dma = 0;
		bool write = rnd(&z) & 1;
		struct gs_mem_space s = ppgtt(root, n & 1 ? tlb : NULL);
		struct gs_fault f;
		int want = ref_walk(&z, root, va, write, &page);
		int got = gs_mem_translate(z.env.dev, &s, va, write ? GS_MEM_WRITE : GS_MEM_READ,
					   &dma, &f);
		uint32_t v;

		if (want < 0) {
			CHECK_MSG(got == 0, "va %#llx root %#llx: fault type %u, reference says %#llx",
				  (unsigned long long)va, (unsigned long long)root, f.type,
				  (unsigned long long)page);
			CHECK_EQ(dma, page | (va & (PG - 1)));
			/* The access: memory is there only if the page is one of the pool's. */
			got = gs_mem_read(z.env.dev, &s, va & ~3ull, &v, 4, &f);
			CHECK_EQ(got, pool_has(&z, page) ? 0 : -EFAULT);
			if (got)
				CHECK_EQ(f.type, FAULT_TYPE_RANGE);
			ok++;
		} else {
			CHECK_MSG(got == -EFAULT, "va %#llx: translated to %#llx, reference says type %d",
				  (unsigned long long)va, (unsigned long long)dma, want);
			CHECK_MSG(f.type == want, "va %#llx root %#llx: type %u, reference says %d",
				  (unsigned long long)va, (unsigned long long)root, f.type, want);
			CHECK_EQ(f.va, va);
			CHECK_EQ(f.write, write);
			by_type[want]++;
		}
	}
	/* The mix must have exercised every outcome, or the test proves little. */
	CHECK_MSG(ok > 100 && by_type[0] > 100 && by_type[1] > 100 && by_type[2] > 100 &&
		  by_type[3] > 100, "ok %d pte %d dir %d write %d range %d", ok, by_type[0],
		  by_type[1], by_type[2], by_type[3]);
	gs_tlb_destroy(tlb);
	env_stop(&z.env);
}

/* GGTT: present required, RW ignored, GGMS sets the size. */
static void t_ggtt(void)
{
	struct gtt_env env;
	struct gs_config cfg;
	struct gs_mem_space s = ggtt(NULL);
	struct gs_fault f;
	uint64_t page, dma, last;
	uint32_t v = 0xc0ffee;

	env_start(&env, NULL);
	CHECK_EQ(gs_ggtt_size(env.dev), 4ull << 30);
	page = env_data_page(&env, 0x66);
	ggtt_set(&env, 5, page | GEN8_PAGE_PRESENT);		/* no RW: still writable */
	CHECK_EQ(gs_mem_translate(env.dev, &s, 5 * PG + 0x10, GS_MEM_WRITE, &dma, &f), 0);
	CHECK_EQ(dma, page + 0x10);
	CHECK_EQ(read32(&env, &s, 5 * PG + 0x10), 0x660004);
	CHECK_EQ(gs_mem_write(env.dev, &s, 5 * PG + 0x10, &v, 4, &f), 0);
	CHECK_EQ(env_dword(&env, page + 0x10), 0xc0ffee);

	/* Not present: a PTE fault with GTT select set. */
	ggtt_set(&env, 6, page & ~1ull);
	CHECK_EQ(gs_mem_read(env.dev, &s, 6 * PG + 8, &v, 4, &f), -EFAULT);
	check_fault(&f, FAULT_TYPE_PTE, true, false, GS_LEVEL_PTE, 6 * PG + 8);

	/* The last entry of a 4 GiB GGTT, and the address after it. */
	last = (4ull << 30) - PG;
	ggtt_set(&env, last / PG, page | 1);
	CHECK_EQ(read32(&env, &s, last + 4), 0x660001);
	CHECK_EQ(gs_mem_read(env.dev, &s, last + PG - 2, &v, 4, &f), -EFAULT);
	check_fault(&f, FAULT_TYPE_RANGE, true, false, GS_LEVEL_NONE, 4ull << 30);

	/* A PTE past the window, with ignored high bits set. */
	ggtt_set(&env, 7, 0xff0000fffffff001ull);
	CHECK_EQ(gs_mem_translate(env.dev, &s, 7 * PG, GS_MEM_READ, &dma, &f), -EFAULT);
	check_fault(&f, FAULT_TYPE_RANGE, true, false, GS_LEVEL_PTE, 7 * PG);
	CHECK_EQ(gs_mem_translate(env.dev, &s, ~0ull, GS_MEM_READ, &dma, &f), -EFAULT);
	CHECK_EQ(f.type, FAULT_TYPE_RANGE);
	env_stop(&env);

	/* GGMS 1: 2 MiB of PTEs, a 1 GiB GGTT; a present PTE beyond it is never used. */
	gs_config_defaults(&cfg);
	cfg.ggms = 1;
	env_start(&env, &cfg);
	CHECK_EQ(gs_ggtt_size(env.dev), 1ull << 30);
	page = env_data_page(&env, 0x67);
	ggtt_set(&env, (1ull << 18) - 1, page | 1);
	ggtt_set(&env, 1ull << 18, page | 1);
	CHECK_EQ(read32(&env, &s, (1ull << 30) - PG), 0x670000);
	CHECK_EQ(gs_mem_read(env.dev, &s, 1ull << 30, &v, 4, &f), -EFAULT);
	check_fault(&f, FAULT_TYPE_RANGE, true, false, GS_LEVEL_NONE, 1ull << 30);
	env_stop(&env);
}

/* A changed entry is not seen until GFX_FLSH_CNTL_GEN6 (or a full reset). */
static void t_tlb_stale_then_flush(void)
{
	const uint64_t va = 0x20000ull;
	struct gs_tlb *tlb = gs_tlb_create();
	struct gtt_env env;
	struct gs_mem_space s, g;
	struct gs_fault f;
	uint64_t pml4, a, b, pml4b;
	uint32_t v = 0;

	CHECK(tlb);
	env_start(&env, NULL);
	pml4 = env_page(&env);
	a = env_data_page(&env, 0xa0);
	b = env_data_page(&env, 0xb0);
	s = ppgtt(pml4, tlb);
	ppgtt_set(&env, pml4, va, 12, a | RW);

	CHECK_EQ(read32(&env, &s, va), 0xa00000);
	CHECK_EQ(gs_tlb_misses(tlb), 1);
	CHECK_EQ(read32(&env, &s, va + 4), 0xa00001);
	CHECK_EQ(gs_tlb_hits(tlb), 1);

	/* Repoint the PTE: the TLB still holds the old page. */
	ppgtt_set(&env, pml4, va, 12, b | RW);
	CHECK_EQ(read32(&env, &s, va), 0xa00000);
	/* GFX_FLSH_CNTL without bit 0 invalidates nothing. */
	gs_loop_write(env.loop, GFX_FLSH_CNTL_GEN6, 0);
	CHECK_EQ(gs_loop_flush(env.loop, 5000), 0);
	CHECK_EQ(read32(&env, &s, va), 0xa00000);
	env_flush_tlbs(&env);
	CHECK_EQ(read32(&env, &s, va), 0xb00000);
	CHECK_EQ(gs_loop_read(env.loop, GFX_FLSH_CNTL_GEN6), 0);	/* WO */

	/* Removed entirely: stale until the flush, then a fault. */
	ppgtt_set(&env, pml4, va, 12, 0);
	CHECK_EQ(read32(&env, &s, va + 8), 0xb00002);
	env_flush_tlbs(&env);
	CHECK_EQ(gs_mem_read(env.dev, &s, va, &v, 4, &f), -EFAULT);
	CHECK_EQ(f.type, FAULT_TYPE_PTE);

	/* Faults are not cached: mapping the page is seen without a flush. */
	ppgtt_set(&env, pml4, va, 12, a | RO);
	CHECK_EQ(read32(&env, &s, va), 0xa00000);
	/* A cached read-only entry never serves a write. */
	v = 0x12121212;
	CHECK_EQ(gs_mem_write(env.dev, &s, va, &v, 4, &f), -EFAULT);
	check_fault(&f, FAULT_TYPE_WRITE, false, true, GS_LEVEL_PTE, va);
	CHECK_EQ(env_dword(&env, a), 0xa00000);
	/* It misses and walks, so an entry made writable is seen without a flush. */
	ppgtt_set(&env, pml4, va, 12, a | RW);
	CHECK_EQ(gs_mem_write(env.dev, &s, va, &v, 4, &f), 0);
	CHECK_EQ(env_dword(&env, a), 0x12121212);

	/*
	 * The same VA in another PPGTT whose root lands in the same TLB slot:
	 * the entry is tagged with its space, so each sees its own page.
	 */
	do
		pml4b = env_page(&env);
	while ((pml4b ^ pml4) >> GS_PAGE_SHIFT & (GS_TLB_ENTRIES - 1));
	ppgtt_set(&env, pml4b, va, 12, b | RW);
	{
		struct gs_mem_space s2 = ppgtt(pml4b, tlb);

		CHECK_EQ(read32(&env, &s, va + 4), 0xa00001);
		CHECK_EQ(read32(&env, &s2, va + 4), 0xb00001);
		CHECK_EQ(read32(&env, &s, va + 4), 0xa00001);
	}

	/* The GGTT, and a full reset as the invalidation. */
	g = ggtt(tlb);
	{
		/* A PPGTT whose slots coincide with the GGTT's: again, one page each. */
		uint64_t pml4c;
		struct gs_mem_space s3;

		do
			pml4c = env_page(&env);
		while (pml4c >> GS_PAGE_SHIFT & (GS_TLB_ENTRIES - 1));
		s3 = ppgtt(pml4c, tlb);
		ppgtt_set(&env, pml4c, va, 12, b | RW);
		ggtt_set(&env, va / PG, a | 1);
		CHECK_EQ(read32(&env, &s3, va + 8), 0xb00002);
		CHECK_EQ(read32(&env, &g, va + 8), 0xa00002);
		CHECK_EQ(read32(&env, &s3, va + 8), 0xb00002);
	}
	ggtt_set(&env, va / PG, a | 1);
	CHECK_EQ(read32(&env, &g, va + 4), 0xa00001);
	ggtt_set(&env, va / PG, b | 1);
	CHECK_EQ(read32(&env, &g, va + 4), 0xa00001);
	gs_loop_write(env.loop, GEN6_GDRST, GEN6_GRDOM_FULL);
	CHECK_EQ(gs_loop_read(env.loop, GEN6_GDRST), 0);
	CHECK_EQ(read32(&env, &g, va + 4), 0xb00001);
	/* An engine reset is not an invalidation. */
	ggtt_set(&env, va / PG, a | 1);
	gs_loop_write(env.loop, GEN6_GDRST, GEN6_GRDOM_RENDER);
	CHECK_EQ(gs_loop_read(env.loop, GEN6_GDRST), 0);
	CHECK_EQ(read32(&env, &g, va + 4), 0xb00001);
	env_stop(&env);
	gs_tlb_destroy(tlb);
}

/*
 * Many threads translating through one TLB while the "driver" repoints
 * PTEs and flushes: every read must return one of the two pages an
 * address was ever mapped to, never another address's page (a torn TLB
 * entry).  The eight addresses share one TLB slot.  Under TSan this is
 * the data-race check of the TLB.
 */
#define NR_THREADS	4
#define NR_VAS		8

struct race {
	struct gtt_env *env;
	struct gs_mem_space space;
	atomic_bool stop;
	atomic_int errors;
	atomic_int reads;
	int id;
};

struct race_thread {
	struct race *r;
	int id;
};

static uint64_t race_va(int i)
{
	return 0x1000000ull + (uint64_t)i * GS_TLB_ENTRIES * PG;
}

static void *race_reader(void *arg)
{
	struct race_thread *t = arg;
	struct race *r = t->r;
	unsigned int n = t->id;

	while (!atomic_load(&r->stop)) {
		int i = n++ % NR_VAS;
		uint32_t v = 0, off = (n * 4) % PG;
		struct gs_fault f;

		if (gs_mem_read(r->env->dev, &r->space, race_va(i) + off, &v, 4, &f) ||
		    (v != ((0x100u + i) << 16 | off / 4) && v != ((0x200u + i) << 16 | off / 4)))
			atomic_fetch_add(&r->errors, 1);
		atomic_fetch_add(&r->reads, 1);
	}
	return NULL;
}

static void t_tlb_threads(void)
{
	struct gs_tlb *tlb = gs_tlb_create();
	struct gtt_env env;
	struct race r = { .env = &env };
	struct race_thread t[NR_THREADS];
	pthread_t th[NR_THREADS];
	uint64_t pml4, pages[2][NR_VAS];
	int which[NR_VAS] = { 0 };
	uint64_t hits;

	CHECK(tlb);
	env_start(&env, NULL);
	pml4 = env_page(&env);
	for (int i = 0; i < NR_VAS; i++) {
		pages[0][i] = env_data_page(&env, 0x100 + i);
		pages[1][i] = env_data_page(&env, 0x200 + i);
		ppgtt_set(&env, pml4, race_va(i), 12, pages[0][i] | RW);
	}
	r.space = ppgtt(pml4, tlb);
	for (int i = 0; i < NR_THREADS; i++) {
		t[i] = (struct race_thread){ .r = &r, .id = i };
		CHECK(!pthread_create(&th[i], NULL, race_reader, &t[i]));
	}
	for (int k = 0; k < 400; k++) {
		int i = k * 5 % NR_VAS;

		which[i] ^= 1;
		ppgtt_set(&env, pml4, race_va(i), 12, pages[which[i]][i] | RW);
		gs_loop_write(env.loop, GFX_FLSH_CNTL_GEN6, GFX_FLSH_CNTL_EN);
		if (k % 16 == 0)
			CHECK_EQ(gs_loop_flush(env.loop, 5000), 0);
	}
	while (atomic_load(&r.reads) < 200000)
		sched_yield();
	atomic_store(&r.stop, true);
	for (int i = 0; i < NR_THREADS; i++)
		pthread_join(th[i], NULL);
	CHECK_EQ(atomic_load(&r.errors), 0);

	/*
	 * After the last flush every address reads its current page, and the
	 * TLB is in use: the second read of an address hits.  (The readers'
	 * own hits depend on how the host interleaves them, since every
	 * address shares one slot: a loaded machine may give none.)
	 */
	CHECK_EQ(gs_loop_flush(env.loop, 5000), 0);
	read32(&env, &r.space, race_va(0));
	hits = gs_tlb_hits(tlb);
	read32(&env, &r.space, race_va(0) + 4);
	CHECK_EQ(gs_tlb_hits(tlb), hits + 1);
	for (int i = 0; i < NR_VAS; i++)
		CHECK_EQ(read32(&env, &r.space, race_va(i) + 8),
			 (which[i] ? 0x200u + i : 0x100u + i) << 16 | 2);
	env_stop(&env);
	gs_tlb_destroy(tlb);
}

int main(void)
{
	tap_run("PPGTT: four levels of 4 KiB tables", t_ppgtt_4k);
	tap_run("PPGTT: 2 MiB and 1 GiB pages", t_ppgtt_huge);
	tap_run("PPGTT: read-only at any level", t_ppgtt_read_only);
	tap_run("PPGTT: not present at each level", t_ppgtt_not_present);
	tap_run("PPGTT: around 2^32, 2^48-1 and 2^48", t_ppgtt_edges);
	tap_run("ranges: misaligned, across pages, into holes, huge", t_ranges);
	tap_run("garbage entries pointing outside the window", t_garbage_outside_window);
	if (UNDER_TSAN) {
		/* TSan's interceptors cannot return from a fault inside memcpy. */
		tap_skip("tables and pages in unmapped window memory", "fault recovery is not TSan-safe");
		tap_skip("random tables against a reference walk", "fault recovery is not TSan-safe");
	} else {
		tap_run("tables and pages in unmapped window memory", t_unmapped_memory);
		tap_run("random tables against a reference walk", t_fuzz_tables);
	}
	tap_run("GGTT: present, RW ignored, size from GGMS", t_ggtt);
	tap_run("TLB: stale until GFX_FLSH_CNTL or full reset", t_tlb_stale_then_flush);
	tap_run("TLB: shared by threads while PTEs change", t_tlb_threads);
	return tap_done();
}
