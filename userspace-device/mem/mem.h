/* SPDX-License-Identifier: MIT */
/*
 * The device side of memory translation
 * (Documentation/gpu/gensim/hw-spec-memory.rst, "GTT formats and fault
 * reporting"; EXT Linux i915 gt/intel_ggtt.c for the GGTT,
 * gt/gen8_ppgtt.c for the PPGTT):
 *
 *   address space + GPU address --(TLB, else GGTT/PPGTT walk)--> DMA address
 *
 * A unit of the device (the DMA probe today, the command streamers and EU
 * data port later) describes the space it works in with a struct
 * gs_mem_space and accesses memory through gs_mem_read()/gs_mem_write().
 * A translation that fails yields a struct gs_fault, which the unit
 * reports with gs_fault_report() the Gen8 way: the engine's fault
 * register, FAULT_TLB_DATA0/1 and GT_PAGE_FAULT_INTERRUPT.
 *
 * Prototypes are grouped by the file that defines them.
 */
#ifndef GSDEV_MEM_H
#define GSDEV_MEM_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/hw.h"
#include "core/regfile.h"

struct gs_device;

#define GS_PAGE_SIZE		4096u
#define GS_PAGE_SHIFT		12

enum gs_mem_kind {
	GS_MEM_GGTT,		/* the global GTT, PTEs in BAR0 */
	GS_MEM_PPGTT,		/* a 4-level PPGTT under a PML4 in the DMA window */
};

enum gs_mem_access {
	GS_MEM_READ,
	GS_MEM_WRITE,
};

/**
 * struct gs_mem_space - an address space, as a unit of the device sees it
 * @kind: GGTT or PPGTT
 * @pml4: PPGTT only: DMA address of the PML4 table (bits 38:12 are used)
 * @tlb: the TLB of the unit translating, or NULL to walk every time
 */
struct gs_mem_space {
	enum gs_mem_kind kind;
	uint64_t pml4;
	struct gs_tlb *tlb;
};

/* gs_fault.level: which entry the walk stopped at */
enum gs_fault_level {
	GS_LEVEL_PAGE,		/* the page itself: the access to it failed */
	GS_LEVEL_PTE,		/* a GGTT PTE or a PPGTT PTE */
	GS_LEVEL_PDE,
	GS_LEVEL_PDPE,
	GS_LEVEL_PML4E,
	GS_LEVEL_NONE,		/* before any entry: the address itself */
};

/**
 * struct gs_fault - why a translation or an access failed
 * @type: FAULT_TYPE_PTE, _DIRECTORY, _WRITE or _RANGE (gensim_regs.h)
 * @ggtt: the GTT select: the fault was in the GGTT, not a PPGTT
 * @write: the access was a write
 * @level: the entry the walk was reading or stopped at, for the log
 * @va: the GPU address of the first byte that could not be accessed
 */
struct gs_fault {
	uint8_t type;
	bool ggtt;
	bool write;
	uint8_t level;
	uint64_t va;
};

/*
 * What a walk produces for one 4 KiB page: its DMA address and whether a
 * write may go through it.  A 2 MiB or 1 GiB page yields the 4 KiB page
 * inside it that holds the address.
 */
struct gs_xlate {
	uint64_t dma_page;
	bool writable;
};

/* Fill @fault; the walkers return -EFAULT after it. */
static inline void gs_fault_set(struct gs_fault *fault, unsigned int type, bool ggtt,
				enum gs_mem_access access, enum gs_fault_level level, uint64_t va)
{
	fault->type = type;
	fault->ggtt = ggtt;
	fault->write = access == GS_MEM_WRITE;
	fault->level = level;
	fault->va = va;
}

/**
 * struct gs_ppgtt_cache - a paging-structure cache of one entry (ppgtt.c)
 * @valid: it holds a page table
 * @root: the PML4 it was walked from (bits 38:12)
 * @va_2m: the 2 MiB of addresses the page table maps (va >> 21)
 * @pt: the page table's DMA address
 * @writable: RW in the PML4E, PDPE and PDE that lead to it
 */
struct gs_ppgtt_cache {
	bool valid;
	uint64_t root;
	uint64_t va_2m;
	uint64_t pt;
	bool writable;
};

/* A PML4 address is page aligned, so 1 can only name the GGTT. */
#define GS_MEM_GGTT_KEY		1ull

/* The tag of @space's entries in a TLB. */
static inline uint64_t gs_mem_space_key(const struct gs_mem_space *space)
{
	return space->kind == GS_MEM_GGTT ? GS_MEM_GGTT_KEY : space->pml4 & GEN8_PTE_ADDR_MASK;
}

/* ggtt.c */
uint64_t gs_ggtt_size(const struct gs_device *dev);
int gs_ggtt_walk(struct gs_device *dev, uint64_t va, enum gs_mem_access access,
		 struct gs_xlate *out, struct gs_fault *fault);

/* ppgtt.c */
int gs_ppgtt_walk(struct gs_device *dev, uint64_t pml4, uint64_t va, enum gs_mem_access access,
		  struct gs_xlate *out, struct gs_fault *fault);
int gs_ppgtt_walk_cached(struct gs_device *dev, uint64_t pml4, uint64_t va,
			 enum gs_mem_access access, struct gs_xlate *out, struct gs_fault *fault,
			 struct gs_ppgtt_cache *pc);
int gs_ppgtt_use_pte(struct gs_device *dev, uint64_t e, bool writable, uint64_t va,
		     enum gs_mem_access access, struct gs_xlate *out, struct gs_fault *fault);

/* mem.c */
int gs_mem_translate(struct gs_device *dev, const struct gs_mem_space *space, uint64_t va,
		     enum gs_mem_access access, uint64_t *dma, struct gs_fault *fault);
int gs_mem_walk(struct gs_device *dev, const struct gs_mem_space *space, uint64_t va,
		enum gs_mem_access access, struct gs_xlate *x, struct gs_fault *fault,
		struct gs_ppgtt_cache *pc);
int gs_mem_read(struct gs_device *dev, const struct gs_mem_space *space, uint64_t va,
		void *buf, size_t len, struct gs_fault *fault);
int gs_mem_write(struct gs_device *dev, const struct gs_mem_space *space, uint64_t va,
		 const void *buf, size_t len, struct gs_fault *fault);
const char *gs_fault_type_name(unsigned int type);
const char *gs_fault_level_name(unsigned int level);

/*
 * tlb.c: a small direct-mapped TLB.  Entries are tagged with the space
 * (GGTT, or the PML4 address) and the invalidation generation they were
 * filled under; bumping the device's generation (GFX_FLSH_CNTL_GEN6, full
 * reset, context switch) drops every entry of every TLB at once.  Each
 * entry is a sequence lock of atomics, so any number of threads may share
 * one TLB without reg_lock.
 */
#define GS_TLB_ENTRIES		64

struct gs_tlb_entry {
	atomic_uint seq;		/* odd while a fill is writing the entry */
	_Atomic uint64_t gen;
	_Atomic uint64_t key;		/* the space */
	_Atomic uint64_t vpn;		/* va >> 12 */
	_Atomic uint64_t val;		/* DMA page | GS_TLB_W | GS_TLB_V */
};

/*
 * Hits and misses are statistics (gs_tlb_hits(), gs_tlb_misses()), counted
 * per thread in one of GS_TLB_STRIPES stripes, each on its own cache line,
 * with a relaxed load and store: exact for each thread alone (threads that
 * share a stripe may lose counts).  A locked add on one shared counter was
 * 27 % of an EU matmul's time with two workers sharing the TLB, and a plain
 * add to it still 7 % (bench_eu -k matmul, perf): the line went from core
 * to core on every lookup.  The pad keeps the stripes off the entries.
 */
#define GS_TLB_STRIPES		8

struct gs_tlb_stripe {
	atomic_uint_fast64_t hits;
	atomic_uint_fast64_t misses;
	char pad[64 - 2 * sizeof(atomic_uint_fast64_t)];
};

struct gs_tlb {
	struct gs_tlb_entry e[GS_TLB_ENTRIES];
	char pad[64];
	struct gs_tlb_stripe count[GS_TLB_STRIPES];
};

/* The entry page @vpn of space @key can live in: one only (direct mapped). */
static inline unsigned int gs_tlb_index(uint64_t key, uint64_t vpn)
{
	return (unsigned int)((vpn ^ (key >> GS_PAGE_SHIFT)) & (GS_TLB_ENTRIES - 1));
}

struct gs_tlb *gs_tlb_create(void);
void gs_tlb_destroy(struct gs_tlb *tlb);
uint64_t gs_tlb_generation(struct gs_device *dev);
void gs_tlb_invalidate_all(struct gs_device *dev);
void gs_tlb_flush(struct gs_tlb *tlb);
bool gs_tlb_lookup(struct gs_device *dev, struct gs_tlb *tlb, uint64_t key, uint64_t va,
		   enum gs_mem_access access, struct gs_xlate *out);
bool gs_tlb_peek(struct gs_tlb *tlb, unsigned int i, uint64_t gen, uint64_t *key,
		 uint64_t *vpn, struct gs_xlate *out);
void gs_tlb_count(struct gs_tlb *tlb, uint64_t hits, uint64_t misses);
uint64_t gs_tlb_hits(const struct gs_tlb *tlb);
uint64_t gs_tlb_misses(const struct gs_tlb *tlb);
void gs_tlb_fill(struct gs_tlb *tlb, uint64_t gen, uint64_t key, uint64_t va,
		 const struct gs_xlate *x);
gs_reg_write_fn gfx_flsh_cntl_write;

/*
 * batch.c: many translations in a row for one unit of work (the blitter's
 * fast paths), each with the result gs_mem_translate() would give, at a
 * few nanoseconds a page.  The TLB entries used are read once into @slot
 * and worked on there; gs_mem_batch_end() writes the ones that changed
 * back, so the TLB ends as the same translations one by one would leave
 * it.  Page tables reached by a PDE are kept (paging-structure caches,
 * hw-spec-memory "TLB and invalidation") with the PTEs read so far, read
 * 64 at a time.  A range, or two streams span by span, can be translated
 * in one call into window runs, with the same result as page by page.
 * Only the thread that owns the TLB may run a batch on it,
 * and a batch lasts one unit of work: it does not see an invalidation
 * made meanwhile.
 */
#define GS_MEM_BATCH_PTS	4
#define GS_MEM_PT_ENTRIES	512u
#define GS_MEM_PTE_BLOCK	64u

struct gs_mem_batch_slot {
	bool valid;		/* holds a translation of the batch's generation */
	bool dirty;		/* filled by the batch: to write back */
	uint64_t key, vpn;
	struct gs_xlate x;
};

struct gs_mem_batch_pt {
	struct gs_ppgtt_cache pc;	/* .valid: the entry is in use */
	uint8_t blocks;			/* bit b: pte[64 b .. 64 b + 63] were read */
	uint64_t pte[GS_MEM_PT_ENTRIES];
};

struct gs_mem_batch {
	struct gs_device *dev;
	struct gs_tlb *tlb;		/* NULL: walk every time, as gs_mem_translate() */
	uint64_t gen;
	uint64_t dma_size;		/* the window's, for the PTE checks of a quick miss */
	uint64_t loaded;		/* bit i: slot[i] was read from the TLB */
	uint64_t hits, misses;
	struct gs_mem_batch_slot slot[GS_TLB_ENTRIES];
	unsigned int next_pt;		/* the next to replace */
	unsigned int last_pt;		/* the last one used */
	struct gs_mem_batch_pt pt[GS_MEM_BATCH_PTS];
};

/* Window-contiguous bytes gs_mem_batch_translate_range() hands back. */
struct gs_mem_run {
	uint64_t dma;
	uint64_t len;
};

/*
 * One stream of gs_mem_batch_translate_spans(): bytes from @va of @space,
 * translated for @access into @run[@n .. @max) (the caller sets @n and
 * @done, usually 0; the call adds to them).
 */
#define GS_MEM_STREAMS		2

struct gs_mem_stream {
	const struct gs_mem_space *space;
	uint64_t va;
	enum gs_mem_access access;
	struct gs_mem_run *run;
	unsigned int max, n;
	uint64_t done;
};

void gs_mem_batch_begin(struct gs_mem_batch *b, struct gs_device *dev, struct gs_tlb *tlb);
int gs_mem_batch_translate(struct gs_mem_batch *b, const struct gs_mem_space *space,
			   uint64_t va, enum gs_mem_access access, uint64_t *dma,
			   struct gs_fault *fault);
int gs_mem_batch_translate_range(struct gs_mem_batch *b, const struct gs_mem_space *space,
				 uint64_t va, uint64_t len, enum gs_mem_access access,
				 struct gs_mem_run *run, unsigned int max, unsigned int *n,
				 uint64_t *done, struct gs_fault *fault);
int gs_mem_batch_translate_spans(struct gs_mem_batch *b, struct gs_mem_stream *st, unsigned int nst,
				 uint64_t len, uint64_t span, unsigned int *which,
				 struct gs_fault *fault);
void gs_mem_batch_end(struct gs_mem_batch *b);

/* fault.c */
void gs_fault_report(struct gs_device *dev, int engine, unsigned int src,
		     const struct gs_fault *fault);
void gs_fault_report_locked(struct gs_device *dev, int engine, unsigned int src,
			    const struct gs_fault *fault);
void gs_fault_raise_pending(struct gs_device *dev);
uint32_t gs_fault_reg_offset(int engine);

/* dma.c */
void gs_dma_guard_install(void);
int gs_dma_read(struct gs_device *dev, uint64_t addr, void *buf, size_t len);
int gs_dma_write(struct gs_device *dev, uint64_t addr, const void *buf, size_t len);
int gs_dma_read_qword(struct gs_device *dev, uint64_t addr, uint64_t *val);
int gs_dma_read_qwords(struct gs_device *dev, uint64_t addr, uint64_t *vals, size_t n);
int gs_dma_atomic(struct gs_device *dev, uint64_t addr, unsigned int size,
		  uint64_t (*op)(uint64_t old, void *arg), void *arg, uint64_t *old);
/* One piece of a list for gs_dma_copy_list(), _fill_list(), _probe_list(). */
struct gs_dma_op {
	uint64_t dst;		/* the probe's range too */
	uint64_t src;		/* copies */
	uint32_t pattern;	/* fills: byte a % 4 goes to window address a */
	uint32_t len;
};

int gs_dma_copy_list(struct gs_device *dev, const struct gs_dma_op *ops, size_t n, size_t *done);
/* How large disjoint copies go (mem/dma.c): -1 not chosen yet (whole), 0 whole, 1 in pieces. */
extern atomic_int gs_dma_copy_pieces;
int gs_dma_fill_list(struct gs_device *dev, const struct gs_dma_op *ops, size_t n, size_t *done);
int gs_dma_probe_list(struct gs_device *dev, const struct gs_dma_op *ops, size_t n, size_t *done,
		      uint64_t *bad);
gs_reg_write_fn dma_probe_cmd_write;

/* present.c: window pages a thread has seen present, until the driver removes pages. */
struct gs_dma_present;
struct gs_dma_present *gs_dma_present_new(void);
void gs_dma_present_free(struct gs_dma_present *c);
uint64_t gs_dma_window_generation(struct gs_device *dev);
bool gs_dma_present_span(const struct gs_dma_present *c, uint64_t gen, uint64_t lo, uint64_t hi,
			 uint64_t *end);
void gs_dma_present_note(struct gs_dma_present *c, uint64_t gen, uint64_t lo, uint64_t hi);
gs_reg_write_fn dmawin_invalidate_write;

#endif
