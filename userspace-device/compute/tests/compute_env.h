/* SPDX-License-Identifier: MIT */
/*
 * The EU array tests' environment: a loopback device (tests/gtt_env.h), a
 * PPGTT whose pages the tests map one by one, the three state heaps a
 * driver would set up with STATE_BASE_ADDRESS (instructions, surface
 * state, dynamic state), kernels assembled from text, and surface and
 * sampler states written from the Gen8 bit layout by hand (not by the
 * code under test).
 */
#ifndef GS_COMPUTE_ENV_H
#define GS_COMPUTE_ENV_H

#include <stddef.h>
#include <stdint.h>

#include "compute/eu_array.h"
#include "gtt_env.h"

/* GPU addresses of the heaps (above 4 GiB: 48-bit addressing is used). */
#define CSE_ISA_VA	0x100000000ull
#define CSE_SSH_VA	0x200000000ull
#define CSE_DSH_VA	0x300000000ull
#define CSE_BUF_VA	0x500000000ull
#define CSE_HEAP_SIZE	(16 * 4096u)

/* The binding table sits at SSH offset 0x40; sampler states at DSH 0x40. */
#define CSE_BT_OFF	0x40u
#define CSE_SAMPLER_OFF	0x40u

/* Surface formats and types, as the Gen8 tables number them. */
#define FMT_R32G32B32A32_FLOAT	0x000
#define FMT_R8G8B8A8_UNORM	0x0c7
#define FMT_R32_UINT		0x0d7
#define FMT_R32_FLOAT		0x0d8
#define FMT_RAW			0x1ff
#define SURF_2D			1
#define SURF_BUFFER		4
#define SURF_NULL		7

/* End of thread: r0 to the thread spawner (IGT/Mesa's 0x02000010). */
#define CSE_EOT \
	"mov(8) g127<1>UD g0<8,8,1>UD { align1 1Q NoMask }\n" \
	"send(8) null<1>UD g127<8,8,1>UD ts 0x02000010UD { align1 1Q NoMask EOT }\n"

struct cse_page {
	uint64_t va, dma;
};

struct compute_env {
	struct gtt_env g;
	struct gs_eu_array *a;
	uint64_t pml4;
	uint64_t next_va;
	uint32_t isa_used, ssh_used, dsh_used;
	unsigned int nbt;		/* binding table entries used */
	struct cse_page *pages;
	unsigned int npages;
};

void cse_start(struct compute_env *e, unsigned int workers);
void cse_start_cfg(struct compute_env *e, unsigned int workers, const struct gs_config *cfg);
void cse_stop(struct compute_env *e);

/* Map @size bytes (zeroed) at a fresh GPU address, or at @va. */
uint64_t cse_alloc(struct compute_env *e, uint64_t size);
void cse_map(struct compute_env *e, uint64_t va, uint64_t size);
/* Map @size bytes at GGTT address @va (below 4 GiB). */
void cse_map_ggtt(struct compute_env *e, uint64_t va, uint64_t size);
void cse_write(struct compute_env *e, uint64_t va, const void *buf, uint64_t len);
void cse_read(struct compute_env *e, uint64_t va, void *buf, uint64_t len);
uint32_t cse_rd32(struct compute_env *e, uint64_t va);

/* Assemble @text into the instruction heap; returns the KSP (offset). */
uint64_t cse_kernel(struct compute_env *e, const char *text);
/* Copy machine code into the instruction heap; returns the KSP (offset). */
uint64_t cse_kernel_bin(struct compute_env *e, const void *code, size_t size);

/*
 * Surfaces: write a RENDER_SURFACE_STATE and a binding table entry for it;
 * return the binding table index.
 */
unsigned int cse_buffer(struct compute_env *e, uint64_t va, uint64_t bytes);
unsigned int cse_surface(struct compute_env *e, unsigned int type, unsigned int format,
			 uint64_t va, uint32_t width, uint32_t height, uint32_t pitch);
/* Raw 16 dwords, for tests that want odd states. */
unsigned int cse_surface_raw(struct compute_env *e, const uint32_t dw[16]);

/* SAMPLER_STATE @index from filters and address modes. */
void cse_sampler(struct compute_env *e, unsigned int index, unsigned int min_mag_filter,
		 unsigned int tcx, unsigned int tcy, uint32_t border_off);
/* Write 16 bytes of dynamic state at offset @off (border colours). */
void cse_dynamic(struct compute_env *e, uint32_t off, const void *buf, uint32_t len);

/* A description with the heaps, one SIMD16 thread, one group. */
void cse_desc(struct compute_env *e, struct gs_eu_dispatch *d, uint64_t ksp);
enum gs_eu_status cse_run(struct compute_env *e, const struct gs_eu_dispatch *d,
			  struct gs_eu_result *res);
/* cse_run and CHECK that it succeeded (prints the result message). */
void cse_ok(struct compute_env *e, const struct gs_eu_dispatch *d);

/* Worker counts the "1 vs N" tests compare. */
#define CSE_MANY_WORKERS	4

#endif
