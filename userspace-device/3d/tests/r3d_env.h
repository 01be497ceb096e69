/* SPDX-License-Identifier: MIT */
/*
 * The 3D pipeline tests' environment: tests/engine_env.h's in-test driver
 * with rcs0 up (through tests/gpgpu_env.h: memory at chosen PPGTT
 * addresses, kernels assembled from text, batches run in fresh render
 * contexts), the heaps a 3D driver sets up with STATE_BASE_ADDRESS, a
 * render target described by a RENDER_SURFACE_STATE packed by hand from
 * the Gen8 layout, and batches written with libgensim's 3D emitters
 * (gensim/batch.h).
 *
 * r3e_ref_*() is the CPU reference rasterizer: the rules of
 * hw-spec-3d.rst written again, independently of the device's code, so
 * that every image the device draws can be compared pixel for pixel.
 */
#ifndef GS_R3D_ENV_H
#define GS_R3D_ENV_H

#include <stdbool.h>
#include <stdint.h>

#include "gpgpu_env.h"
#include "3d/r3d_cmds.h"
#include "3d/scene/shaders.h"
#include <gensim/batch.h>

/* GPU addresses (PPGTT) of what a test draws with. */
#define R3E_BATCH	0x100000000ull
#define R3E_ISA		0x200000000ull
#define R3E_SSH		0x300000000ull
#define R3E_DSH		0x400000000ull
#define R3E_VB		0x500000000ull
#define R3E_IB		0x540000000ull
#define R3E_CONST	0x580000000ull
#define R3E_RT		0x600000000ull
#define R3E_TEX		0x700000000ull

#define R3E_BATCH_BYTES	(64u * 1024)
#define R3E_SLOT_BYTES	(16u * 1024)	/* a batch: four fit */
#define R3E_HEAP_BYTES	(64u * 1024)
#define R3E_VB_BYTES	(256u * 1024)
#define R3E_RT_BYTES	(1u << 20)

/* Offsets in the dynamic state heap. */
#define R3E_SF_CLIP	0x000
#define R3E_CC_VP	0x040
#define R3E_BLEND	0x080
#define R3E_CC		0x0c0
#define R3E_SCISSOR	0x100
#define R3E_SAMPLER	0x140
/* Offsets in the surface state heap: the binding table, then surface states. */
#define R3E_BT		0x000
#define R3E_SURF(i)	(0x100 + 0x40 * (i))

/* The vertices tests draw: clip (or screen) position, then a colour. */
struct r3e_vertex {
	float x, y, z, w;
	float r, g, b, a;
};

struct r3e {
	struct eng_env env;
	uint32_t *batch, *isa, *ssh, *dsh, *cst;
	uint8_t *vb, *ib, *rt, *tex;
	uint32_t isa_used;
	struct gsim_batch b;
	unsigned int slot;
	unsigned int rt_w, rt_h, rt_pitch;
	uint32_t rt_format;
	uint32_t ctx_id;
};

void r3e_start(struct r3e *e, unsigned int workers);
void r3e_stop(struct r3e *e);
/* Assemble @text into the instruction heap: its offset from the instruction base. */
uint32_t r3e_kernel(struct r3e *e, const char *text);
/* A linear 2D surface at binding table index @bti: @w x @h of @format at @va. */
void r3e_surface(struct r3e *e, unsigned int bti, uint64_t va, unsigned int w, unsigned int h,
		 unsigned int pitch, uint32_t format);
/* The render target: binding table index 0, cleared to @clear (a pixel's 4 bytes). */
void r3e_target(struct r3e *e, unsigned int w, unsigned int h, uint32_t format, uint32_t clear);
/* SF_CLIP_VIEWPORT 0: NDC to [x, x + w] x [y, y + h], z unchanged; guardband +-@gb. */
void r3e_viewport(struct r3e *e, float x, float y, float w, float h, float gb);
/* BLEND_STATE entry @rt with its write-disable bits (3 A, 2 R, 1 G, 0 B) and DW0 @dw0. */
void r3e_blend(struct r3e *e, unsigned int rt, uint32_t write_disable, uint32_t entry0_extra);
void r3e_scissor_rect(struct r3e *e, uint32_t x0, uint32_t y0, uint32_t x1, uint32_t y1);

/*
 * A new batch: PIPELINE_SELECT 3D, STATE_BASE_ADDRESS and every state a
 * draw needs in a plain setup: the URB, no HS/DS/GS/SO, no depth, one
 * sample, the viewports, blend and scissor pointers, the drawing
 * rectangle of the render target, the clipper off, no viewport
 * transform, no culling, no VS, no PS, no attributes.  Tests emit what
 * they change after it.
 */
void r3e_begin(struct r3e *e);
void r3e_begin_slot(struct r3e *e, unsigned int slot);
/* An empty batch in batch slot @slot (r3e_begin() uses slot 0). */
void r3e_batch(struct r3e *e, unsigned int slot);
/* Vertices into the vertex buffer; elements: 0 a zero VUE header, 1 position, 2 colour. */
void r3e_vertices(struct r3e *e, const struct r3e_vertex *v, unsigned int n);
/* The same vertices as a VS input: element 0 position, 1 colour. */
void r3e_vertices_vs(struct r3e *e, const struct r3e_vertex *v, unsigned int n);
void r3e_indices(struct r3e *e, const void *idx, unsigned int n, unsigned int bytes);
/*
 * End the batch (r3e_end), and run it in a new context without error, or
 * expecting an instruction error: its IPEHR.
 */
void r3e_end(struct r3e *e);
void r3e_run(struct r3e *e);
uint32_t r3e_run_error(struct r3e *e);
uint32_t r3e_pixel(const struct r3e *e, unsigned int x, unsigned int y);

/* Shaders (gensim-as text).  r3e_ps_const(): a constant colour (malloc'd text). */
char *r3e_ps_const(unsigned int simd, float r, float g, float b, float a);
/* Interpolates attribute 0 with the barycentrics at r2 into the colour. */
extern const char r3e_ps_interp8[];	/* SIMD8, setup data at r4 */
extern const char r3e_ps_interp16_pln[];	/* the same with SIMD16 pln (IGT rendercopy) */

/* ---- The CPU reference (hw-spec-3d's rules, written again) ---- */

struct r3e_ref {
	unsigned int w, h;		/* the image */
	uint32_t *img;			/* RGBA8 as the R8G8B8A8_UNORM bytes read as a dword */
	uint32_t *count;		/* how many primitives covered each pixel (or NULL) */
	uint32_t *owner;		/* which primitive wrote each pixel last (or NULL) */
	/* state */
	bool vp_transform;
	float vp[6];			/* m00 m11 m22 m30 m31 m32 */
	int origin_x, origin_y;
	unsigned int subpixel;		/* 8 or 4 */
	bool ul_corner;
	int clip_x0, clip_y0, clip_x1, clip_y1;	/* inclusive */
	unsigned int cull;		/* GSIM_CULL_* */
	bool front_ccw;
	bool flat;			/* attribute 0 constant */
	unsigned int tri_pv, fan_pv;
	bool point_state;		/* points: point_width, else the vertex's a */
	float point_width;
	unsigned int line_pv;		/* lines: 0 the first vertex flat, 1 the second */
	uint32_t line_width;		/* lines: 1/128 pixels */
	bool perspective;		/* perspective barycentrics */
	bool bgra;			/* B8G8R8A8 target */
	bool depth;			/* a D32_FLOAT depth test */
	unsigned int depth_func;	/* COMPARE_* */
	bool depth_write;
	float *zbuf;			/* w x h, allocated by r3e_ref_init */
	/* the stencil test (before the depth test) and its R8 buffer, w x h */
	bool stencil, stencil_write, double_sided;
	struct r3e_ref_stencil {
		unsigned int func, fail, zfail, zpass;	/* COMPARE_*, STENCILOP_* */
		uint8_t test_mask, write_mask, ref;
	} sface[2];			/* front, back */
	uint8_t *sbuf;
	uint32_t prims;			/* primitives drawn so far */
	/* the colour calculator (r3d_ref_blend.c): what the device's BLEND_STATE says */
	uint32_t blend_dw0, blend_e[2];	/* DW0, entry 0 */
	float blend_const[4];		/* COLOR_CALC_STATE */
};

void r3e_ref_init(struct r3e_ref *r, unsigned int w, unsigned int h, uint32_t clear);
void r3e_ref_free(struct r3e_ref *r);
/*
 * Draw @n vertices of @topology (clip-space positions, colour as attribute
 * 0).  POINTLIST: the vertex's a is its width unless point_state.
 */
void r3e_ref_draw(struct r3e_ref *r, unsigned int topology, const struct r3e_vertex *v,
		  unsigned int n);
uint8_t r3e_unorm8(float f);
/*
 * The pixel a UNORM8 render target holds after colour @c is written over
 * @old (its 4 bytes as a dword): blending, logic op, write disables.
 */
uint32_t r3e_ref_color(const struct r3e_ref *r, const float c[4], uint32_t old);
/* Compare the device's render target with the reference: mismatching pixels (logged). */
unsigned int r3e_compare(const struct r3e *e, const struct r3e_ref *r, const char *what);
/* The same for an image in memory: @px holds r->w x r->h pixels, row after row. */
unsigned int r3e_compare_pixels(const uint32_t *px, const struct r3e_ref *r, const char *what);

#endif
