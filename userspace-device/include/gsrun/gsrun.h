/* SPDX-License-Identifier: MIT */
/*
 * gensim-run's library: one GPGPU job - a kernel, its buffers and the
 * dispatch dimensions - turned into GPU memory and ONE batch, whoever runs
 * it: the device model in the same process through a loopback channel
 * (gsr_loop_*), or the gensim driver's render node (gsr_drm_*).  Shared
 * by tools/gensim-run.c, the native tests and the IGT compute test, so all
 * of them run the very same commands.  Documentation/gpu/gensim/
 * hw-spec-compute.rst "gensim-run" describes the kernel ABI.
 *
 * The batch: PIPELINE_SELECT GPGPU, STATE_BASE_ADDRESS, MEDIA_VFE_STATE,
 * MEDIA_CURBE_LOAD, MEDIA_INTERFACE_DESCRIPTOR_LOAD, GPGPU_WALKER,
 * MEDIA_STATE_FLUSH, PIPE_CONTROL (CS stall, post-sync write of
 * GSR_FENCE_MAGIC to the fence), MI_BATCH_BUFFER_END.
 *
 * The kernel ABI (what a gensim-run kernel finds at dispatch):
 *   r0          the GPGPU payload: group IDs in r0.1 (X), r0.6 (Y), r0.7 (Z)
 *   r1..rC      the --curbe dwords (C = max(1, ceil(n / 8)) registers)
 *   r(C+1)      per thread: .0 thread index in its group, .1/.2/.3 its
 *               width/height/depth counters, .4/.5/.6 the group size in
 *               threads (W, H, D), .7 the SIMD width
 *   buffers     binding table index N is buffer N (RAW, byte-addressed)
 *   SLM         BTI 254, --slm bytes per group; --barrier: one barrier
 *               per group of W x H x D threads
 * Every thread gets all channels of its SIMD width: kernels bound their
 * own work with a --curbe count.
 */
#ifndef GSRUN_GSRUN_H
#define GSRUN_GSRUN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* GPU virtual addresses of the job (48-bit PPGTT, above 4 GiB). */
#define GSR_VA_BASE		0x100000000ull
#define GSR_BATCH_VA		(GSR_VA_BASE + 0x000000)	/* 64 KiB */
#define GSR_FENCE_VA		(GSR_VA_BASE + 0x010000)	/* 4 KiB */
#define GSR_ISH_VA		(GSR_VA_BASE + 0x100000)	/* kernels, up to 1 MiB */
#define GSR_SSH_VA		(GSR_VA_BASE + 0x200000)	/* binding table, surfaces */
#define GSR_DSH_VA		(GSR_VA_BASE + 0x300000)	/* IDD, CURBE */
#define GSR_BUF_VA		(GSR_VA_BASE + 0x1000000)	/* buffers, 64 KiB apart */
#define GSR_BATCH_SIZE		0x10000u
#define GSR_SSH_SIZE		0x4000u
#define GSR_DSH_SIZE		0x12000u
#define GSR_DSH_CURBE		0x100u				/* CURBE offset in the DSH */
#define GSR_SSH_SURFACES	0x400u				/* after the binding table */
#define GSR_FENCE_MAGIC		0x600dc0deu

#define GSR_MAX_BUFFERS		16
#define GSR_MAX_BTI		63
#define GSR_MAX_CURBE		16				/* dwords */
#define GSR_MAX_KERNEL		(1u << 20)

enum gsr_init {
	GSR_INIT_ZERO, GSR_INIT_IOTA, GSR_INIT_FIOTA, GSR_INIT_RANDOM, GSR_INIT_FILE, GSR_INIT_BYTES
};

/*
 * struct gsr_buffer - one buffer, bound at binding table index @bti
 * @init: ZERO; IOTA (dword i holds i); FIOTA (dword i holds (float)i); RANDOM (xorshift64* from @seed);
 *	FILE (@path's bytes, the rest zero); BYTES (@bytes, @size of them)
 * @va, @cpu: set by gsr_build(): where it is, and its CPU view
 */
struct gsr_buffer {
	unsigned int bti;
	uint64_t size;
	enum gsr_init init;
	uint64_t seed;
	const char *path;
	const void *bytes;
	uint64_t va;
	void *cpu;
};

/*
 * struct gsr_job - a kernel and how to run it
 * @kernel, @kernel_size: Gen8 machine code (gseu_assemble() or gensim-as)
 * @simd: 8, 16 or 32
 * @groups: thread groups along X, Y, Z
 * @group_size: threads per group along the width, height, depth counters
 * @curbe, @ncurbe: cross-thread constant dwords
 * @slm: shared local memory per group, bytes (rounded up to 4..64 KiB)
 * @barrier: give each group a barrier
 */
struct gsr_job {
	const void *kernel;
	size_t kernel_size;
	unsigned int simd;
	uint32_t groups[3];
	uint32_t group_size[3];
	uint32_t curbe[GSR_MAX_CURBE];
	unsigned int ncurbe;
	uint32_t slm;
	bool barrier;
	struct gsr_buffer buf[GSR_MAX_BUFFERS];
	unsigned int nbuf;
};

/*
 * struct gsr_mem - what a backend gives gsr_build()
 * @map: @size bytes (whole pages) of zeroed memory at GPU address @va in
 *	the address space the batch runs in; its CPU view, or NULL with
 *	@err set
 * @threads: the device's hardware threads (MEDIA_VFE_STATE's limit)
 */
struct gsr_mem {
	void *ctx;
	void *(*map)(void *ctx, uint64_t va, uint64_t size, char *err, size_t len);
	uint32_t threads;
};

/* What gsr_build() made. */
struct gsr_built {
	uint64_t batch_va;
	uint32_t *batch;		/* its CPU view */
	unsigned int batch_dwords;
	uint32_t *fence;		/* CPU view: GSR_FENCE_MAGIC once the batch ran */
	uint64_t groups, threads;	/* the walker's */
};

int gsr_check(const struct gsr_job *job, char *err, size_t len);
struct gsr_buffer *gsr_add_buffer(struct gsr_job *job, unsigned int bti, uint64_t size,
				  const void *init);
int gsr_build(struct gsr_job *job, const struct gsr_mem *mem, struct gsr_built *out,
	      char *err, size_t len);
bool gsr_fence_done(const struct gsr_built *b);
uint32_t gsr_slm_encoding(uint32_t bytes);

/* The commands gsr_build() emits; each returns the dwords written at @p. */
unsigned int gsr_emit_sba(uint32_t *p, uint64_t surface, uint64_t dynamic, uint32_t dynamic_size,
			  uint64_t instruction, uint32_t instruction_size);
unsigned int gsr_emit_vfe(uint32_t *p, uint32_t max_threads, uint32_t curbe_bytes);
unsigned int gsr_emit_load(uint32_t *p, uint32_t header, uint32_t bytes, uint32_t offset);
unsigned int gsr_emit_walker(uint32_t *p, unsigned int idd, unsigned int simd,
			     const uint32_t group_size[3], const uint32_t groups[3]);
unsigned int gsr_emit_fence(uint32_t *p, uint64_t va, uint32_t value);

/* How a run ended. */
struct gsr_result {
	bool ok;
	char msg[256];
	uint32_t eir, ipehr, fault;	/* in-process: RING_EIR, IPEHR, RING_FAULT_REG_RCS */
	uint64_t instructions;		/* in-process: GENSIM_EU_RETIRED's growth */
	bool have_instructions;
	double seconds;
};

/* In process: the device model behind a loopback channel (gsr_loop.c). */
struct gs_config;
struct gs_device;
struct gsr_loop;
struct gsr_loop *gsr_loop_open(const struct gs_config *cfg, char *err, size_t len);
void gsr_loop_close(struct gsr_loop *l);
struct gsr_mem gsr_loop_mem(struct gsr_loop *l);
int gsr_loop_exec(struct gsr_loop *l, uint64_t batch_va, int timeout_ms, struct gsr_result *r);
struct gs_device *gsr_loop_device(struct gsr_loop *l);
uint32_t gsr_loop_read(struct gsr_loop *l, uint32_t reg);

/* Through the driver's render node (gsr_drm.c, with libdrm). */
struct gsr_drm;
struct gsr_drm *gsr_drm_open(const char *node, char *err, size_t len);
void gsr_drm_close(struct gsr_drm *d);
struct gsr_mem gsr_drm_mem(struct gsr_drm *d);
int gsr_drm_exec(struct gsr_drm *d, uint64_t batch_va, int timeout_ms, struct gsr_result *r);

#endif
