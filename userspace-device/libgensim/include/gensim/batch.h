/* SPDX-License-Identifier: MIT */
/*
 * libgensim's batch emitter: Gen8 commands written into memory the caller
 * mapped (a struct gsim_buffer's CPU view, usually) at GPU addresses the
 * caller chose, so nothing needs relocating.  Encodings are the ones
 * Documentation/gpu/gensim/hw-spec-commands.rst, hw-spec-compute.rst and
 * hw-spec-blitter.rst give; the device decodes the same.
 *
 * A command that does not fit emits nothing and makes the batch's @error
 * -ENOSPC for good: emit freely, check gsim_batch_end()'s result once.
 * Needs no device: the emitter is usable on any memory.
 */
#ifndef GSIM_BATCH_H
#define GSIM_BATCH_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
 * struct gsim_batch - where the next command goes
 * @cpu: the CPU view of the batch
 * @va: the GPU address of @cpu[0]
 * @size: dwords available
 * @len: dwords emitted; the next command's GPU address is @va + 4 * @len
 * @error: 0, or -ENOSPC once a command did not fit
 */
struct gsim_batch {
	uint32_t *cpu;
	uint64_t va;
	uint32_t size;
	uint32_t len;
	int error;
};

/* @bytes of @cpu at GPU address @va (both 8-byte aligned). */
int gsim_batch_init(struct gsim_batch *b, void *cpu, uint64_t va, uint64_t bytes);
int gsim_batch_emit(struct gsim_batch *b, const uint32_t *dw, uint32_t n);
int gsim_batch_dword(struct gsim_batch *b, uint32_t dw);
/* MI_BATCH_BUFFER_END, padded to a qword; returns the batch's @error. */
int gsim_batch_end(struct gsim_batch *b);

/* --- MI commands, every engine ------------------------------------------ */

int gsim_emit_noop(struct gsim_batch *b);
int gsim_emit_store_dword(struct gsim_batch *b, uint64_t va, uint32_t value);
int gsim_emit_store_qword(struct gsim_batch *b, uint64_t va, uint64_t value);
int gsim_emit_load_register_imm(struct gsim_batch *b, uint32_t reg, uint32_t value);
int gsim_emit_load_register_mem(struct gsim_batch *b, uint32_t reg, uint64_t va);
int gsim_emit_store_register_mem(struct gsim_batch *b, uint32_t reg, uint64_t va);
int gsim_emit_load_register_reg(struct gsim_batch *b, uint32_t dst, uint32_t src);
int gsim_emit_copy_mem_mem(struct gsim_batch *b, uint64_t dst, uint64_t src);

/* MI_SEMAPHORE_WAIT compare operations: the dword at the address (SAD) against the value (SDD). */
enum gsim_semaphore_op {
	GSIM_SEMA_GT = 0,
	GSIM_SEMA_GTE = 1,
	GSIM_SEMA_LT = 2,
	GSIM_SEMA_LTE = 3,
	GSIM_SEMA_EQ = 4,
	GSIM_SEMA_NEQ = 5,
};

/* Poll until the dword at @va compares @op with @value. */
int gsim_emit_semaphore_wait(struct gsim_batch *b, uint64_t va, uint32_t value, uint32_t op);

#define GSIM_BB_SECOND_LEVEL	(1u << 0)

/* Jump to (or, second level, call) the batch at @va of the same VM. */
int gsim_emit_batch_start(struct gsim_batch *b, uint64_t va, uint32_t flags);

/* --- Flushes ------------------------------------------------------------ */

#define GSIM_FLUSH_INVALIDATE_TLB	(1u << 0)

/*
 * rcs0: PIPE_CONTROL with a CS stall, then a write once done: a qword at
 * @va, @value then 0.
 */
int gsim_emit_pipe_control_write(struct gsim_batch *b, uint64_t va, uint32_t value,
				 uint32_t flags);
/*
 * bcs0, vcs0, vecs0: MI_FLUSH_DW; _store then writes the dword @value at
 * @va, which must be 8-byte aligned (bit 2 of the address dword is the
 * GGTT bit).
 */
int gsim_emit_flush_dw(struct gsim_batch *b, uint32_t flags);
int gsim_emit_flush_dw_store(struct gsim_batch *b, uint64_t va, uint32_t value, uint32_t flags);

/* --- The GPGPU pipeline (rcs0) --------------------------------------------- */

enum gsim_pipeline {
	GSIM_PIPELINE_3D = 0,
	GSIM_PIPELINE_MEDIA = 1,
	GSIM_PIPELINE_GPGPU = 2,
};

int gsim_emit_pipeline_select(struct gsim_batch *b, uint32_t pipeline);
/*
 * STATE_BASE_ADDRESS: surface state at @surface, dynamic state at @dynamic
 * (@dynamic_size bytes), kernels at @instruction (@instruction_size bytes);
 * general state and indirect objects at 0.
 */
int gsim_emit_state_base_address(struct gsim_batch *b, uint64_t surface, uint64_t dynamic,
				 uint32_t dynamic_size, uint64_t instruction,
				 uint32_t instruction_size);
/* MEDIA_VFE_STATE: up to @max_threads threads, a CURBE of @curbe_bytes. */
int gsim_emit_vfe_state(struct gsim_batch *b, uint32_t max_threads, uint32_t curbe_bytes);
/* MEDIA_CURBE_LOAD, MEDIA_INTERFACE_DESCRIPTOR_LOAD: @bytes at @offset of the dynamic state. */
int gsim_emit_curbe_load(struct gsim_batch *b, uint32_t bytes, uint32_t offset);
int gsim_emit_idd_load(struct gsim_batch *b, uint32_t bytes, uint32_t offset);
/*
 * GPGPU_WALKER: @groups thread groups (X, Y, Z) of @group_size threads
 * (width, height, depth) at SIMD @simd (8, 16, 32), descriptor @idd.
 */
int gsim_emit_gpgpu_walker(struct gsim_batch *b, uint32_t idd, uint32_t simd,
			   const uint32_t group_size[3], const uint32_t groups[3]);
int gsim_emit_media_state_flush(struct gsim_batch *b);

/* --- The blitter (bcs0) ------------------------------------------------ */

enum gsim_tiling {
	GSIM_TILING_LINEAR = 0,
	GSIM_TILING_X = 1,
	GSIM_TILING_Y = 2,	/* also needs gsim_emit_blt_tiling() */
};

/*
 * struct gsim_blt_surface - a 2D surface
 * @va: its GPU address
 * @pitch: bytes from a row to the next (a multiple of 512 for X, 128 for Y)
 * @tiling: enum gsim_tiling
 * @cpp: bytes per pixel: 1, 2 (RGB565) or 4 (ARGB8888, every byte written)
 */
struct gsim_blt_surface {
	uint64_t va;
	uint32_t pitch;
	uint32_t tiling;
	uint32_t cpp;
	uint32_t pad;
};

#define GSIM_BLT_CLIP		(1u << 0)	/* only inside the gsim_emit_blt_clip() rectangle */

/* XY_SETUP_CLIP_BLT: the clip rectangle [x1, x2) x [y1, y2). */
int gsim_emit_blt_clip(struct gsim_batch *b, uint32_t x1, uint32_t y1, uint32_t x2, uint32_t y2);
/* XY_COLOR_BLT: [x1, x2) x [y1, y2) of @dst becomes @color. */
int gsim_emit_blt_fill(struct gsim_batch *b, const struct gsim_blt_surface *dst, uint32_t x1,
		       uint32_t y1, uint32_t x2, uint32_t y2, uint32_t color, uint32_t flags);
/*
 * XY_SRC_COPY_BLT: @w x @h pixels of @src at (@sx, @sy) to @dst at
 * (@dx, @dy) through ROP3 @rop (0xcc: copy); both surfaces of one @cpp.
 */
int gsim_emit_blt_copy(struct gsim_batch *b, const struct gsim_blt_surface *dst, uint32_t dx,
		       uint32_t dy, const struct gsim_blt_surface *src, uint32_t sx, uint32_t sy,
		       uint32_t w, uint32_t h, uint32_t rop, uint32_t flags);
/*
 * Which tiled surfaces are Y-major (BCS_SWCTRL, from the batch, then a
 * flush): a context's setting, kept until it changes.
 */
int gsim_emit_blt_tiling(struct gsim_batch *b, int src_y, int dst_y);

#ifdef __cplusplus
}
#endif

#endif
