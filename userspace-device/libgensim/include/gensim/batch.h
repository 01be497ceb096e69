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
/*
 * The same with scratch space: @per_thread bytes (a power of two, 1 KiB..
 * 2 MiB) for each hardware thread from @scratch_ptr, a non-zero 1 KiB
 * aligned offset from General State Base; @per_thread 0: none.
 */
int gsim_emit_vfe_state_scratch(struct gsim_batch *b, uint32_t max_threads,
				uint32_t curbe_bytes, uint32_t scratch_ptr, uint32_t per_thread);
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

/* --- The 3D pipeline (rcs0) --------------------------------------------- */

/*
 * Documentation/gpu/gensim/hw-spec-3d.rst: the 3D state commands and
 * 3DPRIMITIVE in their Gen8 layouts.  Offsets named "offset" are from the
 * base STATE_BASE_ADDRESS gives their kind of state (binding tables from
 * the surface state base; viewports, scissors, BLEND_STATE and
 * COLOR_CALC_STATE from the dynamic state base); kernels from the
 * instruction base.
 */

/* 3D_Prim_Topo_Type values gensim draws. */
enum gsim_prim_topology {
	GSIM_TOPO_POINTLIST = 1,
	GSIM_TOPO_LINELIST = 2,
	GSIM_TOPO_LINESTRIP = 3,
	GSIM_TOPO_TRILIST = 4,
	GSIM_TOPO_TRISTRIP = 5,
	GSIM_TOPO_TRIFAN = 6,
	GSIM_TOPO_RECTLIST = 15,
	GSIM_TOPO_LINELOOP = 16,
};

/* Vertex element component controls. */
enum gsim_vfcomp {
	GSIM_VFCOMP_NOSTORE = 0,
	GSIM_VFCOMP_SRC = 1,
	GSIM_VFCOMP_0 = 2,
	GSIM_VFCOMP_1_FLOAT = 3,
	GSIM_VFCOMP_1_INT = 4,
};

/* A vertex buffer: @size bytes at @va, @pitch bytes a vertex. */
struct gsim_3d_vertex_buffer {
	uint32_t index;
	uint32_t pitch;
	uint64_t va;
	uint32_t size;
	uint32_t pad;
};

/* Vertex element (VUE slot) n: @format (SURFACE_FORMAT) at @offset of a vertex of @buffer. */
struct gsim_3d_vertex_element {
	uint32_t buffer;
	uint32_t format;
	uint32_t offset;
	uint32_t comp[4];
};

/*
 * The URB: the VS gets @vs_entries (64..2560, a multiple of 8) entries of
 * @vs_entry_bytes (a multiple of 64) after the push constants, @push_vs_kb
 * KiB for the VS and @push_ps_kb for the PS (at most 32 together); the HS,
 * DS and GS none.
 */
int gsim_emit_3d_urb(struct gsim_batch *b, uint32_t vs_entries, uint32_t vs_entry_bytes,
		     uint32_t push_vs_kb, uint32_t push_ps_kb);
int gsim_emit_3d_vertex_buffers(struct gsim_batch *b, const struct gsim_3d_vertex_buffer *vb,
				uint32_t n);
int gsim_emit_3d_vertex_elements(struct gsim_batch *b, const struct gsim_3d_vertex_element *ve,
				 uint32_t n);
/* 3DSTATE_INDEX_BUFFER of @index_bytes (1, 2 or 4) indices. */
int gsim_emit_3d_index_buffer(struct gsim_batch *b, uint64_t va, uint32_t size,
			      uint32_t index_bytes);
/* 3DSTATE_VF: the cut index (primitive restart) of indexed draws, when @cut_enable. */
int gsim_emit_3d_vf(struct gsim_batch *b, int cut_enable, uint32_t cut_index);
int gsim_emit_3d_topology(struct gsim_batch *b, uint32_t topology);
/*
 * 3DSTATE_VF_SGVS: the vertex fetcher writes VertexID (counting from 0:
 * the vertex's place in a sequential draw, its index in an indexed one)
 * into component @vid_comp of element @vid_element when @vid_element >= 0,
 * and InstanceID (from 0) into component @iid_comp of @iid_element.
 */
int gsim_emit_3d_sgvs(struct gsim_batch *b, int vid_element, uint32_t vid_comp, int iid_element,
		      uint32_t iid_comp);
/* 3DSTATE_VF_INSTANCING: element @element advances every @step instances when @enable. */
int gsim_emit_3d_instancing(struct gsim_batch *b, uint32_t element, int enable, uint32_t step);

/*
 * The vertex shader: a SIMD8 kernel at @kernel reading @urb_read_length
 * pairs of VUE slots from pair @urb_read_offset into r@grf_start on
 * (after r0, r1 and its push constants); @out_read_offset and
 * @out_length (pairs of slots) tell the SBE what to read when it is not
 * forced.  gsim_emit_3d_vs(b, NULL) disables it: the vertex fetcher's VUE
 * goes on as it is.
 */
struct gsim_3d_vs {
	uint64_t kernel;
	uint32_t grf_start;
	uint32_t urb_read_offset;
	uint32_t urb_read_length;
	uint32_t out_read_offset;
	uint32_t out_length;
	uint32_t max_threads;	/* 0: 64 */
};
int gsim_emit_3d_vs(struct gsim_batch *b, const struct gsim_3d_vs *vs);
/* 3DSTATE_HS, _TE, _DS, _GS and _STREAMOUT, all disabled. */
int gsim_emit_3d_disable_stages(struct gsim_batch *b);

/*
 * The geometry shader (hw-spec-3d "Geometry shader"): a SIMD8 kernel at
 * @kernel, one input primitive of @in_vertices vertices a channel, reading
 * @urb_read_length pairs of VUE slots of each from pair @urb_read_offset
 * into r@grf_start on (0..15; after r0, r1, the vertex handles with
 * GSIM_GS_VERTEX_HANDLES and the push constants); its output entry holds
 * the vertex count, @control_header_bytes (a multiple of 32, 0..480) of
 * cut bits, then vertices of @out_vertex_bytes (a multiple of 16,
 * 32..1024) assembled as @out_topology (GSIM_TOPO_POINTLIST, _LINESTRIP,
 * _TRISTRIP).  @out_read_offset and @out_length (pairs of slots) tell the
 * SBE what to read when it is not forced.  Dispatch Mode SIMD8, Control
 * Data Format CUT, Reorder Mode TRAILING.  gsim_emit_3d_gs(b, NULL)
 * disables it.
 */
#define GSIM_GS_VERTEX_HANDLES	(1u << 0)	/* Include Vertex Handles */
struct gsim_3d_gs {
	uint64_t kernel;
	uint32_t grf_start;
	uint32_t urb_read_offset;
	uint32_t urb_read_length;
	uint32_t in_vertices;
	uint32_t out_topology;
	uint32_t out_vertex_bytes;
	uint32_t control_header_bytes;
	uint32_t out_read_offset;
	uint32_t out_length;
	uint32_t max_threads;	/* 0: 64 */
	uint32_t flags;		/* GSIM_GS_* */
};
int gsim_emit_3d_gs(struct gsim_batch *b, const struct gsim_3d_gs *gs);
/*
 * 3DSTATE_URB_GS: @entries entries of @entry_bytes (a multiple of 64) from
 * @start_kb (a multiple of 8) KiB of the URB; after gsim_emit_3d_urb()'s
 * VS entries, which it does not check.
 */
int gsim_emit_3d_urb_gs(struct gsim_batch *b, uint32_t start_kb, uint32_t entries,
			uint32_t entry_bytes);

enum gsim_3d_stage {
	GSIM_STAGE_VS = 0,
	GSIM_STAGE_PS = 4,
};

/* Push constants: @regs[i] registers from @va[i], i = 0..3 (3DSTATE_CONSTANT_VS/PS). */
int gsim_emit_3d_constants(struct gsim_batch *b, uint32_t stage, const uint64_t va[4],
			   const uint32_t regs[4]);
/* 3DSTATE_BINDING_TABLE_POINTERS_xS and 3DSTATE_SAMPLER_STATE_POINTERS_xS. */
int gsim_emit_3d_stage_pointers(struct gsim_batch *b, uint32_t stage, uint32_t binding_table,
				uint32_t sampler_state);

#define GSIM_CLIP_ENABLE	(1u << 0)	/* the clipper's tests and clipping */
#define GSIM_CLIP_VIEWPORT_XY	(1u << 1)	/* x, y against the viewport */
#define GSIM_CLIP_GUARDBAND	(1u << 2)	/* x, y against the guardband */
#define GSIM_CLIP_API_D3D	(1u << 3)	/* near plane z = 0 (else z = -w) */
#define GSIM_CLIP_REJECT_ALL	(1u << 4)
#define GSIM_CLIP_ACCEPT_ALL	(1u << 5)
#define GSIM_CLIP_NO_PERSPECTIVE_DIVIDE	(1u << 6)
int gsim_emit_3d_clip(struct gsim_batch *b, uint32_t flags);

#define GSIM_SF_VIEWPORT_TRANSFORM	(1u << 0)
#define GSIM_SF_SUBPIXEL_4BIT		(1u << 1)
#define GSIM_SF_POINT_WIDTH_STATE	(1u << 2)	/* points: @point_width, not the VUE's */
/* 3DSTATE_SF with the provoking vertices of triangle lists and strips, and of fans. */
int gsim_emit_3d_sf(struct gsim_batch *b, uint32_t flags, uint32_t tri_pv, uint32_t fan_pv);
/* The same with Point Width @point_width in 1/8 pixels (U8.3: 1..2047). */
int gsim_emit_3d_sf_point(struct gsim_batch *b, uint32_t flags, uint32_t tri_pv, uint32_t fan_pv,
			  uint32_t point_width);
/*
 * 3DSTATE_SF for lines: Line Strip/List Provoking Vertex Select @line_pv
 * (0 the line's first vertex, 1 its second) and Line Width @line_width in
 * 1/128 pixels (U3.7: 0..1023); triangle provoking vertices 0.
 */
int gsim_emit_3d_sf_line(struct gsim_batch *b, uint32_t flags, uint32_t line_pv,
			 uint32_t line_width);

enum gsim_cull {
	GSIM_CULL_BOTH = 0,
	GSIM_CULL_NONE = 1,
	GSIM_CULL_FRONT = 2,
	GSIM_CULL_BACK = 3,
};

#define GSIM_RASTER_FRONT_CCW	(1u << 0)	/* front faces wind counter-clockwise */
#define GSIM_RASTER_SCISSOR	(1u << 1)
#define GSIM_RASTER_Z_CLIP	(1u << 2)	/* the clipper's near and far planes */
int gsim_emit_3d_raster(struct gsim_batch *b, uint32_t cull, uint32_t flags);

/*
 * 3DSTATE_SBE (read window forced) and an identity 3DSTATE_SBE_SWIZ: the
 * pixel shader's @nattr attributes are VUE slots 2 * @read_offset + i;
 * bit i of @flat makes attribute i constant (the provoking vertex's).
 */
int gsim_emit_3d_sbe(struct gsim_batch *b, uint32_t nattr, uint32_t read_offset,
		     uint32_t read_length, uint32_t flat);

#define GSIM_BARY_PERSPECTIVE	(1u << 0)	/* perspective pixel barycentrics */
#define GSIM_BARY_LINEAR	(1u << 1)	/* linear pixel barycentrics */
#define GSIM_PS_PUSH_CONSTANTS	(1u << 0)
#define GSIM_PS_SOURCE_DEPTH	(1u << 1)
#define GSIM_PS_SOURCE_W	(1u << 2)
#define GSIM_PS_ATTRIBUTES	(1u << 3)
#define GSIM_PS_KILLS		(1u << 4)

/*
 * The pixel shader: 3DSTATE_WM (@barycentric), 3DSTATE_PS (a SIMD @simd,
 * 8 or 16, kernel at @kernel, its constants and setup data from
 * r@grf_start), 3DSTATE_PS_EXTRA (valid, @flags) and 3DSTATE_PS_BLEND
 * (a writeable render target).  gsim_emit_3d_ps(b, NULL): no pixel shader.
 */
struct gsim_3d_ps {
	uint64_t kernel;
	uint32_t simd;
	uint32_t grf_start;
	uint32_t barycentric;
	uint32_t flags;
	uint32_t max_threads;	/* 0: 64 */
	uint32_t pad;
};
int gsim_emit_3d_ps(struct gsim_batch *b, const struct gsim_3d_ps *ps);

/*
 * 3DSTATE_PS_BLEND: a writeable render target; with @blend_enable, render
 * target 0's blend factors (3D_Color_Buffer_Blend_Factor: @src, @dst, and
 * with @independent_alpha @src_alpha, @dst_alpha), which must repeat
 * BLEND_STATE's entry 0 and DW0 (hw-spec-3d "Blending and logic ops").
 * gsim_emit_3d_ps() emits the form without blending.
 */
int gsim_emit_3d_ps_blend(struct gsim_batch *b, int blend_enable, uint32_t src, uint32_t dst,
			  int independent_alpha, uint32_t src_alpha, uint32_t dst_alpha);

/* The SF_CLIP_VIEWPORT and CC_VIEWPORT pointers. */
int gsim_emit_3d_viewports(struct gsim_batch *b, uint32_t sf_clip, uint32_t cc);
/* BLEND_STATE and COLOR_CALC_STATE pointers, both valid. */
int gsim_emit_3d_blend(struct gsim_batch *b, uint32_t blend_state, uint32_t cc_state);
int gsim_emit_3d_scissor(struct gsim_batch *b, uint32_t scissor_rect);
/* 3DSTATE_DRAWING_RECTANGLE: [x0, x1] x [y0, y1] inclusive, the origin added to positions. */
int gsim_emit_3d_drawing_rectangle(struct gsim_batch *b, uint32_t x0, uint32_t y0, uint32_t x1,
				   uint32_t y1, int32_t origin_x, int32_t origin_y);
/*
 * 3DSTATE_MULTISAMPLE (one sample; the pixel's sample point its upper-left
 * corner when @ul_corner, else its centre) and 3DSTATE_SAMPLE_MASK 1.
 */
int gsim_emit_3d_multisample(struct gsim_batch *b, int ul_corner);
/* No depth or stencil buffer, no depth test (3DSTATE_DEPTH_BUFFER NULL and friends). */
int gsim_emit_3d_no_depth(struct gsim_batch *b);

enum gsim_depth_format {
	GSIM_DEPTH_D32_FLOAT = 1,
	GSIM_DEPTH_D24_UNORM_X8 = 3,
	GSIM_DEPTH_D16_UNORM = 5,
};

/*
 * A Y-tiled @width x @height depth buffer at @va (4 KiB aligned, @pitch a
 * multiple of 128) of @format, tested with 3D_Compare_Function @func
 * (0 always, 1 never, 2 less, 3 equal, 4 less or equal, 5 greater, 6 not
 * equal, 7 greater or equal), written when @write.
 */
int gsim_emit_3d_depth(struct gsim_batch *b, uint64_t va, uint32_t width, uint32_t height,
		       uint32_t pitch, uint32_t format, uint32_t func, int write);

/* One face's stencil test: 3D_Compare_Function @func, 3D_Stencil_Operation on each outcome. */
struct gsim_3d_stencil_face {
	uint32_t func;
	uint32_t fail;		/* the stencil test fails */
	uint32_t depth_fail;	/* it passes, the depth test fails */
	uint32_t pass;		/* both pass */
	uint32_t test_mask, write_mask;
};

/*
 * The depth and stencil buffers and tests (hw-spec-3d "The depth test",
 * "The stencil test"): 3DSTATE_DEPTH_BUFFER (2D, @width x @height, a
 * Y-tiled @depth_format buffer at @depth_va of @depth_pitch bytes; with
 * @depth_format 0 a D32_FLOAT description at address 0 for a stencil
 * buffer's size only), 3DSTATE_STENCIL_BUFFER (a W-tiled R8 buffer at
 * @stencil_va of @stencil_pitch bytes, a multiple of 128, when
 * @stencil_pitch is not 0) and 3DSTATE_WM_DEPTH_STENCIL.  The reference
 * values are COLOR_CALC_STATE's.
 */
struct gsim_3d_depth_stencil {
	uint64_t depth_va;
	uint32_t width, height;
	uint32_t depth_pitch, depth_format;
	uint32_t depth_func;
	int depth_test, depth_write;
	uint64_t stencil_va;
	uint32_t stencil_pitch;
	int stencil_test, stencil_write, double_sided;
	struct gsim_3d_stencil_face front, back;
};
int gsim_emit_3d_depth_stencil(struct gsim_batch *b, const struct gsim_3d_depth_stencil *ds);

#define GSIM_PRIM_INDEXED	(1u << 0)
#define GSIM_PRIM_PREDICATE	(1u << 1)
#define GSIM_PRIM_INDIRECT	(1u << 2)	/* parameters from the 3DPRIM_* registers */
/*
 * 3DPRIMITIVE: @count vertices from @start (sequential) or indices from
 * @start (indexed, @base_vertex added), @instances instances from
 * @start_instance; the topology is 3DSTATE_VF_TOPOLOGY's.  With
 * GSIM_PRIM_INDIRECT the five come from 3DPRIM_VERTEX_COUNT (0x2434),
 * _START_VERTEX (0x2430), _INSTANCE_COUNT (0x2438), _START_INSTANCE
 * (0x243c) and _BASE_VERTEX (0x2440) instead of the arguments.
 */
int gsim_emit_3d_primitive(struct gsim_batch *b, uint32_t count, uint32_t start,
			   uint32_t instances, uint32_t start_instance, int32_t base_vertex,
			   uint32_t flags);

#ifdef __cplusplus
}
#endif

#endif
