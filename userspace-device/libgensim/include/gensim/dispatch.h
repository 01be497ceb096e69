/* SPDX-License-Identifier: MIT */
/*
 * libgensim's GPGPU dispatch: one compute kernel, its buffers and its
 * dimensions turned into GPU memory and ONE batch - PIPELINE_SELECT GPGPU,
 * STATE_BASE_ADDRESS, MEDIA_VFE_STATE, MEDIA_CURBE_LOAD,
 * MEDIA_INTERFACE_DESCRIPTOR_LOAD, GPGPU_WALKER, MEDIA_STATE_FLUSH, a
 * PIPE_CONTROL that writes GSIM_DISPATCH_FENCE_MAGIC to the fence,
 * MI_BATCH_BUFFER_END - then run on a render queue.  gensim-run, the
 * native GPGPU tests and the IGT compute test all lay their jobs out here.
 *
 * The kernel ABI (what a kernel finds at dispatch):
 *   r0          the GPGPU payload: group IDs in r0.1 (X), r0.6 (Y), r0.7 (Z)
 *   r1..rC      the @curbe dwords (C = 1, or 2 above 8 dwords)
 *   r(C+1)      per thread: .0 thread index in its group, .1/.2/.3 its
 *               width/height/depth counters, .4/.5/.6 the group size in
 *               threads (W, H, D), .7 the SIMD width
 *   buffers     binding table index N is buffer N (RAW, byte-addressed)
 *   SLM         BTI 254, @slm bytes per group; @barrier: one barrier
 *               per group of W x H x D threads
 * Every thread gets all channels of its SIMD width: kernels bound their
 * own work with a @curbe count.
 */
#ifndef GSIM_DISPATCH_H
#define GSIM_DISPATCH_H

#include <stddef.h>
#include <stdint.h>

/* struct gsim_buffer, the device; gensim.h includes this file back, after its own. */
#include "gensim/gensim.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Where a job lives in its VM (48-bit PPGTT, above 4 GiB): one job per VM. */
#define GSIM_DISPATCH_VA_BASE		0x100000000ull
#define GSIM_DISPATCH_BATCH_VA		(GSIM_DISPATCH_VA_BASE + 0x000000)	/* 64 KiB */
#define GSIM_DISPATCH_FENCE_VA		(GSIM_DISPATCH_VA_BASE + 0x010000)	/* 4 KiB */
#define GSIM_DISPATCH_ISH_VA		(GSIM_DISPATCH_VA_BASE + 0x100000)	/* kernel */
#define GSIM_DISPATCH_SSH_VA		(GSIM_DISPATCH_VA_BASE + 0x200000)	/* surfaces */
#define GSIM_DISPATCH_DSH_VA		(GSIM_DISPATCH_VA_BASE + 0x300000)	/* IDD, CURBE */
#define GSIM_DISPATCH_BUF_VA		(GSIM_DISPATCH_VA_BASE + 0x1000000)	/* buffers */
#define GSIM_DISPATCH_BATCH_SIZE	0x10000u
#define GSIM_DISPATCH_SSH_SIZE		0x4000u
#define GSIM_DISPATCH_DSH_SIZE		0x12000u
#define GSIM_DISPATCH_DSH_CURBE		0x100u	/* the CURBE's offset in the DSH */
#define GSIM_DISPATCH_SSH_SURFACES	0x400u	/* surface states, after the binding table */
#define GSIM_DISPATCH_FENCE_MAGIC	0x600dc0deu

#define GSIM_DISPATCH_MAX_BUFFERS	16
#define GSIM_DISPATCH_MAX_BTI		63
#define GSIM_DISPATCH_MAX_CURBE		16	/* dwords */
#define GSIM_DISPATCH_MAX_KERNEL	(1u << 20)

enum gsim_init {
	GSIM_INIT_ZERO = 0,
	GSIM_INIT_IOTA = 1,	/* dword i holds i */
	GSIM_INIT_FIOTA = 2,	/* dword i holds (float)i */
	GSIM_INIT_RANDOM = 3,	/* xorshift64* bytes from @seed */
	GSIM_INIT_BYTES = 4,	/* @bytes_len bytes of @bytes, the rest zero */
};

/*
 * struct gsim_dispatch_buf - one buffer, at binding table index @bti
 * @init: enum gsim_init
 * @va, @cpu: set when the job is laid out: where it is, its CPU view
 */
struct gsim_dispatch_buf {
	uint32_t bti;
	uint32_t init;
	uint64_t size;
	uint64_t seed;
	const void *bytes;
	uint64_t bytes_len;
	uint64_t va;
	void *cpu;
};

/*
 * struct gsim_dispatch - a kernel and how to run it
 * @kernel, @kernel_size: Gen8 machine code (gseu_assemble() or gensim-as)
 * @simd: 8, 16 or 32
 * @groups: thread groups along X, Y, Z
 * @group_size: threads per group along the width, height, depth counters
 * @curbe, @ncurbe: cross-thread constant dwords
 * @slm: shared local memory per group, bytes (rounded up to 4..64 KiB)
 * @barrier: non-zero gives each group a barrier
 */
struct gsim_dispatch {
	const void *kernel;
	size_t kernel_size;
	uint32_t simd;
	uint32_t groups[3];
	uint32_t group_size[3];
	uint32_t curbe[GSIM_DISPATCH_MAX_CURBE];
	uint32_t ncurbe;
	uint32_t slm;
	uint32_t barrier;
	struct gsim_dispatch_buf buf[GSIM_DISPATCH_MAX_BUFFERS];
	uint32_t nbuf;
};

/* The five memory areas of a job and its buffers: what _prepare() made. */
#define GSIM_DISPATCH_MAX_MEM		(5 + GSIM_DISPATCH_MAX_BUFFERS)

/*
 * struct gsim_dispatch_layout - a laid-out job
 * @batch_va, @batch, @batch_dwords: the batch, its CPU view, its length
 * @fence: CPU view of the fence dword: GSIM_DISPATCH_FENCE_MAGIC once it ran
 * @groups, @threads: what the walker dispatches
 * @mem, @nmem: the buffers gsim_dispatch_prepare() bound (it frees them)
 */
struct gsim_dispatch_layout {
	uint64_t batch_va;
	uint32_t *batch;
	uint32_t batch_dwords;
	uint32_t *fence;
	uint64_t groups, threads;
	struct gsim_buffer mem[GSIM_DISPATCH_MAX_MEM];
	uint32_t nmem;
};

/*
 * struct gsim_va_space - memory for gsim_dispatch_build() to lay a job in
 * @map: make @size bytes (whole pages) of zeroed memory at GPU address
 *	@va of the address space the batch will run in; 0 and its CPU view
 *	in *@cpu, or a negative errno
 * @threads: the device's hardware threads (MEDIA_VFE_STATE's limit)
 */
struct gsim_va_space {
	void *ctx;
	int (*map)(void *ctx, uint64_t va, uint64_t size, void **cpu);
	uint32_t threads;
};

/* -EINVAL, with the reason, for a job the device would refuse. */
int gsim_dispatch_check(const struct gsim_dispatch *d);
/* Append a buffer: @size bytes, a copy of @init (kept the caller's until laid out) or zeroes. */
int gsim_dispatch_add_buffer(struct gsim_dispatch *d, uint32_t bti, uint64_t size,
			     const void *init, struct gsim_dispatch_buf **buf);
/* Lay @d out through @vs: its buffers' @va and @cpu are set. */
int gsim_dispatch_build(struct gsim_dispatch *d, const struct gsim_va_space *vs,
			struct gsim_dispatch_layout *out);
/* Lay @d out in @vm of @dev, in VM-private buffers (@out->mem). */
int gsim_dispatch_prepare(struct gsim_device *dev, uint32_t vm, struct gsim_dispatch *d,
			  struct gsim_dispatch_layout *out);
/* Run a prepared job on @queue (render, of the same VM) and check its fence. */
int gsim_dispatch_run(struct gsim_device *dev, uint32_t queue,
		      const struct gsim_dispatch_layout *l, int timeout_ms,
		      struct gsim_exec_stats *stats);
/* 1 once the job's PIPE_CONTROL wrote the fence, else 0. */
int gsim_dispatch_done(const struct gsim_dispatch_layout *l);
/* Free what gsim_dispatch_prepare() made. */
int gsim_dispatch_release(struct gsim_device *dev, struct gsim_dispatch_layout *l);

#ifdef __cplusplus
}
#endif

#endif
