/* SPDX-License-Identifier: MIT */
/*
 * Private to the 3D pipeline's draw (the .c files of 3d/): one 3DPRIMITIVE as it goes
 * through the fixed functions (hw-spec-3d "A draw, stage by stage"):
 *
 *   draw.c   decode the state, the index stream, instances
 *   urb.c    the URB layout of 3DSTATE_URB_* and _PUSH_CONSTANT_ALLOC_*
 *   vf.c     vertex fetch into the VS URB entries
 *   vs.c     vertex shader threads on the EU array; the output VUEs
 *   gs.c     geometry shader threads: input primitives in, output vertices
 *            and cuts out to primitive assembly
 *   setup.c  primitive assembly, clipping, viewport, culling, points,
 *            attribute setup
 *   line.c   lines: assembly, clipping, the parallelogram of a line
 *   cc.c     the colour calculator's state: BLEND_STATE, COLOR_CALC_STATE
 *   depth.c  the depth and stencil tests, early, as pixels are covered
 *   raster.c coverage (top-left rule, fixed point), subspans, pixel shader
 *            threads in batches that never write a pixel twice
 */
#ifndef GSDEV_R3D_PRIV_H
#define GSDEV_R3D_PRIV_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "3d/r3d.h"
#include "3d/r3d_cmds.h"
#include "compute/dispatch.h"
#include "gpgpu/gpgpu.h"

#define R3D_MAX_ATTRS		32	/* SF output attributes */
#define R3D_MAX_PUSH_REGS	64	/* push constant registers a stage receives */
#define R3D_COORD_LIMIT		32768.0f	/* |screen coordinate| a primitive may reach */

/* A field of latched slot @s, dword @n. */
#define SDW(d, s, n)		((d)->st->dw[s][n])

/* A primitive after setup: what coverage and the pixel shader payload need. */
struct r3d_prim {
	int64_t x[3], y[3];	/* snapped screen position, 1/2^subpixel pixels */
	int64_t area;		/* twice the signed area, same units squared */
	bool rect;		/* RECTLIST: coverage is the bounding box */
	bool line;		/* a line: coverage is the parallelogram lx, ly */
	int64_t lx[4], ly[4];
	bool back;		/* back facing */
	double z[3];		/* screen depth */
	double invw[3];		/* 1/w of the clip-space position */
	uint32_t attr;		/* first float of its setup data in the batch */
};

/* One pixel shader thread of a batch. */
struct r3d_ps_thread {
	uint32_t prim;
	uint32_t dmask;		/* dispatch mask: every pixel of its subspans */
};

/* Tiles of 64x64 pixels, one bit a pixel: the pixels a batch already writes. */
#define R3D_TILE		64
struct r3d_tile {
	bool used;		/* in the batch's list of touched tiles */
	uint64_t rows[R3D_TILE];
};

struct r3d_draw {
	struct gs_cs *cs;
	struct gs_3d *st;
	const struct gs_gpgpu_sba *sba;

	/* 3DPRIMITIVE */
	unsigned int topology;
	bool indexed;
	uint32_t count, start, instances, start_instance;
	int32_t base_vertex;

	/* URB: the VS entries, the GS entries */
	uint32_t vs_start, vs_entry, vs_entries;	/* bytes, bytes, count */
	uint32_t gs_start, gs_entry, gs_entries;

	/* Vertex fetch; 3DSTATE_VF_SGVS: element and component of VertexID / InstanceID, or -1 */
	int vid_elem, vid_comp, iid_elem, iid_comp;
	uint64_t ib_addr;
	uint32_t ib_size, ib_isize;
	bool cut_enable;
	uint32_t cut_index;

	/* The vertex shader */
	bool vs_enable;
	uint64_t vs_ksp;
	uint32_t vs_bt, vs_sampler;
	bool vs_fp_alt;
	unsigned int vs_grf, vs_read_off, vs_read_len, vs_max_threads;
	unsigned int vs_push_regs;
	uint8_t vs_push[R3D_MAX_PUSH_REGS * 32];

	/*
	 * The vertices primitive assembly reads: vue_dw dwords each.  Without
	 * a GS, the current instance's vertices after the VS; with one, the
	 * output vertices of one GS URB entry (gs.c points them there).
	 */
	unsigned int vue_dw;
	uint32_t *verts;
	uint32_t nverts;
	unsigned int out_vue_bytes;	/* bytes of a vertex setup reads: VS entry or GS vertex */

	/* The geometry shader (gs.c); topology above is then its Output Topology. */
	bool gs_enable;
	unsigned int in_topology;	/* 3DSTATE_VF_TOPOLOGY's: the GS's input primitives */
	uint64_t gs_ksp;
	uint32_t gs_bt, gs_sampler;
	bool gs_fp_alt, gs_handles;
	unsigned int gs_nv;		/* vertices of an input primitive */
	unsigned int gs_grf, gs_read_off, gs_read_len, gs_max_threads, gs_push_at;
	unsigned int gs_vsize, gs_hdr;	/* output vertex and control data header, bytes */
	unsigned int gs_push_regs;
	uint8_t gs_push[R3D_MAX_PUSH_REGS * 32];
	uint32_t *vs_verts;		/* the instance's vertices after the VS, while a GS runs */

	/* Clip, SF, raster */
	bool clip_enable, clip_d3d, clip_vp_xy, clip_gb, clip_z, persp_divide;
	unsigned int clip_mode;
	bool vp_transform;
	float vp[16];			/* SF_CLIP_VIEWPORT 0 */
	unsigned int tri_pv, fan_pv;
	bool point_state;		/* 3DSTATE_SF Point Width Source: State */
	float point_width;		/* its Point Width, pixels */
	unsigned int line_pv;		/* 3DSTATE_SF Line Strip/List Provoking Vertex Select */
	int64_t line_h;			/* half the Line Width, subpixels */
	unsigned int subpixel;		/* bits: 8 or 4 */
	bool front_ccw;
	unsigned int cull;
	int32_t clip_x0, clip_y0, clip_x1, clip_y1;	/* inclusive pixel rectangle */
	int32_t origin_x, origin_y;
	bool ul_corner;
	bool rendering;			/* pixels are produced at all */

	/* The depth and stencil tests (depth.c): early, before any pixel shader of the pixel */
	bool depth;			/* a depth or stencil buffer is tested or written */
	bool depth_buf;			/* the depth buffer is tested or written */
	bool depth_write;
	unsigned int depth_func;	/* COMPARE_*; ALWAYS with the test disabled */
	unsigned int depth_format;	/* DB_FORMAT_* */
	unsigned int depth_cpp;
	uint64_t depth_base;
	uint32_t depth_pitch, depth_w, depth_h;
	bool depth_clamp;
	float depth_min, depth_max;	/* CC_VIEWPORT 0 */
	bool stencil, stencil_write;	/* the stencil test; its writes */
	uint64_t stencil_base;
	uint32_t stencil_pitch;
	struct r3d_stencil_face {
		uint8_t func, fail, zfail, zpass;	/* COMPARE_*, STENCILOP_* */
		uint8_t test_mask, write_mask, ref;
	} face[2];			/* front, back */

	/* SBE: where each PS attribute comes from */
	unsigned int nattr;
	unsigned int read_off, read_len;	/* VUE slots */
	uint32_t const_interp;
	struct {
		unsigned int slot;	/* VUE slot */
		uint8_t override;	/* bit c: component c is the constant */
		float konst[4];
	} attr[R3D_MAX_ATTRS];

	/* The pixel shader */
	bool ps_dispatch;
	unsigned int ps_simd;
	uint64_t ps_ksp;
	uint32_t ps_bt, ps_sampler;
	uint32_t ps_cr0;
	uint32_t bary;			/* 3DSTATE_WM barycentric mode bits 16:11 */
	bool src_depth, src_w, attr_enable;
	unsigned int ps_payload_regs, ps_grf, ps_push_regs;
	uint8_t ps_push[R3D_MAX_PUSH_REGS * 32];
	uint64_t blend_state;		/* GPU address of BLEND_STATE */
	uint32_t blend_dw0;

	/* COLOR_CALC_STATE (cc.c), when cc_valid */
	bool cc_valid;
	float blend_const[4];
	uint8_t stencil_ref[2];		/* front, back */

	/* The batch of pixel shader threads being collected (raster.c). */
	struct r3d_prim *prims;
	uint32_t nprims, cap_prims;
	float *attrs;
	uint32_t nattrs, cap_attrs;
	struct gs_eu_ps_thread *px;
	struct r3d_ps_thread *threads;
	uint32_t nthreads, cap_threads;
	struct r3d_tile **tiles;	/* [tiles_w * tiles_h], NULL: untouched */
	uint32_t tiles_w, tiles_h, tile_x0, tile_y0;
	uint32_t *touched;		/* indices of allocated tiles */
	uint32_t ntouched;
	/* the current primitive's subspans: x, y, covered mask */
	struct { uint16_t x, y; uint8_t mask; } *quads;
	uint32_t nquads, cap_quads;

	/* Statistics, for the log */
	uint64_t vs_threads, gs_threads, ps_threads, prims_drawn, batches;
};

/* draw.c: run one dispatch on the EU array; GS_CMD_* */
enum gs_cmd_result r3d_dispatch(struct r3d_draw *d, const char *what, struct gs_eu_dispatch *e);
void r3d_dispatch_init(struct r3d_draw *d, struct gs_eu_dispatch *e, uint64_t ksp,
		       unsigned int simd, uint32_t nthreads);

/* urb.c */
enum gs_cmd_result r3d_urb_layout(struct r3d_draw *d);
enum gs_cmd_result r3d_push_constants(struct r3d_draw *d, const char *stage, int const_slot,
				      int push_slot, uint8_t *out, unsigned int *regs);

/*
 * vf.c: the input VUE of one vertex at @vue (the entry's bytes): fetched
 * at @index, its generated VertexID @vid, instance @instance.
 */
enum gs_cmd_result r3d_vf_check(struct r3d_draw *d);
enum gs_cmd_result r3d_vf_fetch(struct r3d_draw *d, uint32_t index, uint32_t vid,
				uint32_t instance, uint8_t *vue);

/* vs.c: shade @n vertices (@index[i], VertexID @vid[i], instance @inst) into d->verts */
enum gs_cmd_result r3d_vs_check(struct r3d_draw *d);
enum gs_cmd_result r3d_vs_run(struct r3d_draw *d, const uint32_t *index, const uint32_t *vid,
			      uint32_t n, uint32_t inst);

/*
 * gs.c: the 3DSTATE_GS of a draw (sets d->topology to its Output
 * Topology); the input primitives of vertices [first, first + n) of the
 * instance through GS threads, their output to primitive assembly.
 */
enum gs_cmd_result r3d_gs_check(struct r3d_draw *d);
enum gs_cmd_result r3d_gs_run(struct r3d_draw *d, uint32_t first, uint32_t n);

/* A state or VUE dword as the float it holds, and back (bit for bit). */
static inline float r3d_f32(uint32_t u)
{
	float f;

	memcpy(&f, &u, sizeof(f));
	return f;
}

static inline uint32_t r3d_u32(float f)
{
	uint32_t u;

	memcpy(&u, &f, sizeof(u));
	return u;
}

/*
 * The common part of a VS or GS thread's payload (hw-spec-3d "VS
 * threads", "Geometry shader"): @lanes enabled channels, cr0's floating
 * point mode, and r0's sampler and binding table pointers and FFTID.
 */
static inline void r3d_thread_header(struct gseu_hw_thread *t, uint32_t lanes, bool fp_alt,
				     uint32_t sampler, uint32_t bt, uint32_t fftid)
{
	gseu_thread_reset(t, (1u << lanes) - 1);
	t->cr0.d[0] = fp_alt ? GSEU_CR0_ALT_MODE : 0;
	t->grf[0].d[3] = sampler & ~31u;
	t->grf[0].d[4] = bt & ~31u;
	t->grf[0].d[5] = fftid & 0x3ff;
}

/* setup.c */
enum gs_cmd_result r3d_setup_check(struct r3d_draw *d);
enum gs_cmd_result r3d_assemble(struct r3d_draw *d, uint32_t first, uint32_t n);
int r3d_clip_planes(const struct r3d_draw *d, unsigned int *out);
float r3d_clip_dist(const struct r3d_draw *d, unsigned int k, const uint32_t *v);
bool r3d_clip_before(const uint32_t *a, const uint32_t *b);
bool r3d_project(const struct r3d_draw *d, const uint32_t *v, int64_t *X, int64_t *Y, double *z,
		 double *invw);

/* line.c: the line state of a line draw; the lines of vertices [first, first + n) */
enum gs_cmd_result r3d_line_check(struct r3d_draw *d);
enum gs_cmd_result r3d_assemble_lines(struct r3d_draw *d, uint32_t first, uint32_t n);

/* cc.c: COLOR_CALC_STATE; BLEND_STATE DW0 and 3DSTATE_PS_BLEND */
enum gs_cmd_result r3d_cc_state(struct r3d_draw *d);
enum gs_cmd_result r3d_blend_state(struct r3d_draw *d);

/* depth.c: the depth and stencil state; the tests of one pixel (1 pass, 0 fail, -1 fault) */
enum gs_cmd_result r3d_depth_state(struct r3d_draw *d);
int r3d_depth_stencil(struct r3d_draw *d, const struct r3d_prim *p, uint32_t x, uint32_t y,
		      int64_t sx, int64_t sy);

/* raster.c */
enum gs_cmd_result r3d_ps_check(struct r3d_draw *d);
enum gs_cmd_result r3d_raster(struct r3d_draw *d, struct r3d_prim *p, const uint32_t *const v[3],
			      const uint32_t *flat);
enum gs_cmd_result r3d_flush(struct r3d_draw *d);
void r3d_raster_free(struct r3d_draw *d);

#endif
