// SPDX-License-Identifier: MIT
/*
 * The render engine's 3D commands (Documentation/gpu/gensim/hw-spec-3d.rst),
 * in their Gen8 layouts from 3d/r3d_cmds.h, the encodings the device
 * decodes with (EXT Mesa gen8.xml).  Each call emits whole commands; what
 * a draw needs besides is the caller's: STATE_BASE_ADDRESS, the state in
 * memory (viewports, BLEND_STATE, binding tables, surface states), the
 * kernels.
 */
#include <errno.h>
#include <string.h>

#include "3d/r3d_cmds.h"
#include "core/kcompat.h"
#include "gensim_cmds.h"
#include "priv.h"

#define LO(a)	((uint32_t)(a))
#define HI(a)	((uint32_t)((uint64_t)(a) >> 32))

#define EMIT(b, ...)							\
	gsim_batch_emit(b, (const uint32_t[]){ __VA_ARGS__ },		\
			sizeof((const uint32_t[]){ __VA_ARGS__ }) / sizeof(uint32_t))

int gsim_emit_3d_urb(struct gsim_batch *b, uint32_t vs_entries, uint32_t vs_entry_bytes,
		     uint32_t push_vs_kb, uint32_t push_ps_kb)
{
	uint32_t start = (push_vs_kb + push_ps_kb + 7) / 8;	/* 8 KiB units */
	uint32_t after;

	if (!vs_entry_bytes || vs_entry_bytes % 64 || vs_entry_bytes > 512 * 64 ||
	    push_vs_kb + push_ps_kb > 32 || vs_entries > 0xffff)
		return lgsim_fail(-EINVAL, "URB: %u VS entries of %u bytes, %u + %u KiB of push "
				  "constants", vs_entries, vs_entry_bytes, push_vs_kb, push_ps_kb);
	after = start + (vs_entries * vs_entry_bytes + 8191) / 8192;
	return EMIT(b, CMD_3DSTATE_PUSH_CONSTANT_ALLOC_VS, push_vs_kb,
		    CMD_3DSTATE_PUSH_CONSTANT_ALLOC_HS, 0,
		    CMD_3DSTATE_PUSH_CONSTANT_ALLOC_DS, 0,
		    CMD_3DSTATE_PUSH_CONSTANT_ALLOC_GS, 0,
		    CMD_3DSTATE_PUSH_CONSTANT_ALLOC_PS,
		    (push_ps_kb ? push_vs_kb << 16 : 0) | push_ps_kb,
		    CMD_3DSTATE_URB_VS, start << 25 | (vs_entry_bytes / 64 - 1) << 16 | vs_entries,
		    CMD_3DSTATE_URB_HS, after << 25,
		    CMD_3DSTATE_URB_DS, after << 25,
		    CMD_3DSTATE_URB_GS, after << 25);
}

int gsim_emit_3d_vertex_buffers(struct gsim_batch *b, const struct gsim_3d_vertex_buffer *vb,
				uint32_t n)
{
	uint32_t p[1 + 4 * 33];

	if (!n || n > 33)
		return lgsim_fail(-EINVAL, "%u vertex buffers (1..33)", n);
	p[0] = GFXPIPE(3, 0, 0x08) | (1 + 4 * n - 2);
	for (uint32_t i = 0; i < n; i++) {
		if (vb[i].index > 32 || vb[i].pitch > 0xfff)
			return lgsim_fail(-EINVAL, "vertex buffer %u of pitch %u", vb[i].index,
					  vb[i].pitch);
		p[1 + 4 * i] = vb[i].index << 26 | VB_DW0_ADDR_MODIFY | vb[i].pitch;
		p[2 + 4 * i] = LO(vb[i].va);
		p[3 + 4 * i] = HI(vb[i].va);
		p[4 + 4 * i] = vb[i].size;
	}
	return gsim_batch_emit(b, p, 1 + 4 * n);
}

int gsim_emit_3d_vertex_elements(struct gsim_batch *b, const struct gsim_3d_vertex_element *ve,
				 uint32_t n)
{
	uint32_t p[1 + 2 * 34];

	if (!n || n > 34)
		return lgsim_fail(-EINVAL, "%u vertex elements (1..34)", n);
	p[0] = GFXPIPE(3, 0, 0x09) | (1 + 2 * n - 2);
	for (uint32_t i = 0; i < n; i++) {
		p[1 + 2 * i] = ve[i].buffer << 26 | VE_DW0_VALID | (ve[i].format & 0x1ff) << 16 |
			       (ve[i].offset & 0xfff);
		p[2 + 2 * i] = (ve[i].comp[0] & 7) << 28 | (ve[i].comp[1] & 7) << 24 |
			       (ve[i].comp[2] & 7) << 20 | (ve[i].comp[3] & 7) << 16;
	}
	return gsim_batch_emit(b, p, 1 + 2 * n);
}

int gsim_emit_3d_index_buffer(struct gsim_batch *b, uint64_t va, uint32_t size,
			      uint32_t index_bytes)
{
	uint32_t fmt = index_bytes == 1 ? 0 : index_bytes == 2 ? 1 : 2;

	if (index_bytes != 1 && index_bytes != 2 && index_bytes != 4)
		return lgsim_fail(-EINVAL, "indices of %u bytes", index_bytes);
	return EMIT(b, CMD_3DSTATE_INDEX_BUFFER, fmt << 8, LO(va), HI(va), size);
}

int gsim_emit_3d_vf(struct gsim_batch *b, int cut_enable, uint32_t cut_index)
{
	return EMIT(b, CMD_3DSTATE_VF | (cut_enable ? VF_DW0_CUT_ENABLE : 0), cut_index);
}

int gsim_emit_3d_topology(struct gsim_batch *b, uint32_t topology)
{
	return EMIT(b, CMD_3DSTATE_VF_TOPOLOGY, topology & 0x3f);
}

int gsim_emit_3d_sgvs(struct gsim_batch *b, int vid_element, uint32_t vid_comp, int iid_element,
		      uint32_t iid_comp)
{
	uint32_t dw1 = 0;

	if (vid_element > 33 || iid_element > 33 || vid_comp > 3 || iid_comp > 3)
		return lgsim_fail(-EINVAL, "SGVS: VertexID element %d.%u, InstanceID element %d.%u",
				  vid_element, vid_comp, iid_element, iid_comp);
	if (vid_element >= 0)
		dw1 |= SGVS_DW1_VID_ENABLE | vid_comp << 13 | (uint32_t)vid_element;
	if (iid_element >= 0)
		dw1 |= SGVS_DW1_IID_ENABLE | iid_comp << 29 | (uint32_t)iid_element << 16;
	return EMIT(b, CMD_3DSTATE_VF_SGVS, dw1);
}

int gsim_emit_3d_instancing(struct gsim_batch *b, uint32_t element, int enable, uint32_t step)
{
	return EMIT(b, CMD_3DSTATE_VF_INSTANCING, (enable ? VFI_DW1_ENABLE : 0) | (element & 0x3f),
		    step);
}

int gsim_emit_3d_vs(struct gsim_batch *b, const struct gsim_3d_vs *vs)
{
	uint32_t p[9] = { CMD_3DSTATE_VS };
	uint32_t threads = vs && vs->max_threads ? vs->max_threads : 64;

	if (vs) {
		p[1] = LO(vs->kernel);
		p[2] = HI(vs->kernel);
		p[6] = vs->grf_start << 20 | vs->urb_read_length << 11 | vs->urb_read_offset << 4;
		p[7] = (threads - 1) << 23 | VS_DW7_SIMD8 | VS_DW7_ENABLE;
		p[8] = vs->out_read_offset << 21 | vs->out_length << 16;
	}
	return gsim_batch_emit(b, p, 9);
}

int gsim_emit_3d_disable_stages(struct gsim_batch *b)
{
	uint32_t hs[9] = { CMD_3DSTATE_HS }, ds[9] = { CMD_3DSTATE_DS };
	uint32_t gs[10] = { CMD_3DSTATE_GS };

	gsim_batch_emit(b, hs, 9);
	EMIT(b, CMD_3DSTATE_TE, 0, 0, 0);
	gsim_batch_emit(b, ds, 9);
	gsim_batch_emit(b, gs, 10);
	return EMIT(b, CMD_3DSTATE_STREAMOUT, 0, 0, 0, 0);
}

int gsim_emit_3d_gs(struct gsim_batch *b, const struct gsim_3d_gs *gs)
{
	uint32_t p[10] = { CMD_3DSTATE_GS };
	uint32_t threads = gs && gs->max_threads ? gs->max_threads : 64;

	if (!gs)
		return gsim_batch_emit(b, p, 10);
	if (gs->grf_start > 15 || gs->urb_read_offset > 63 || gs->urb_read_length > 63 ||
	    !gs->in_vertices || gs->in_vertices > 63 || gs->out_topology > 63 ||
	    gs->out_vertex_bytes < 32 || gs->out_vertex_bytes > 1024 || gs->out_vertex_bytes % 16 ||
	    gs->control_header_bytes > 15 * 32 || gs->control_header_bytes % 32 ||
	    gs->out_read_offset > 63 || gs->out_length > 31 || threads > 256)
		return lgsim_fail(-EINVAL, "3DSTATE_GS: a field out of its range");
	p[1] = LO(gs->kernel) & ~63u;
	p[2] = HI(gs->kernel);
	p[3] = gs->in_vertices;
	p[6] = (gs->out_vertex_bytes / 16 - 1) << 23 | gs->out_topology << 17 |
	       gs->urb_read_length << 11 |
	       (gs->flags & GSIM_GS_VERTEX_HANDLES ? GS_DW6_VERTEX_HANDLES : 0) |
	       gs->urb_read_offset << 4 | gs->grf_start;
	p[7] = (threads - 1) << 24 | gs->control_header_bytes / 32 << 20 |
	       GS_DISPATCH_SIMD8 << 11 | GS_DW7_REORDER_TRAILING | GS_DW7_ENABLE;
	p[9] = gs->out_read_offset << 21 | gs->out_length << 16;
	return gsim_batch_emit(b, p, 10);
}

int gsim_emit_3d_urb_gs(struct gsim_batch *b, uint32_t start_kb, uint32_t entries,
			uint32_t entry_bytes)
{
	if (start_kb % 8 || start_kb / 8 > 127 || !entry_bytes || entry_bytes % 64 ||
	    entry_bytes > 512 * 64 || entries > 0xffff)
		return lgsim_fail(-EINVAL, "URB: %u GS entries of %u bytes at %u KiB", entries,
				  entry_bytes, start_kb);
	return EMIT(b, CMD_3DSTATE_URB_GS,
		    start_kb / 8 << 25 | (entry_bytes / 64 - 1) << 16 | entries);
}

int gsim_emit_3d_constants(struct gsim_batch *b, uint32_t stage, const uint64_t va[4],
			   const uint32_t regs[4])
{
	uint32_t p[11];

	if (stage != GSIM_STAGE_VS && stage != GSIM_STAGE_PS)
		return lgsim_fail(-EINVAL, "push constants of stage %u", stage);
	p[0] = stage == GSIM_STAGE_VS ? CMD_3DSTATE_CONSTANT_VS : CMD_3DSTATE_CONSTANT_PS;
	p[1] = (regs[1] & 0xffff) << 16 | (regs[0] & 0xffff);
	p[2] = (regs[3] & 0xffff) << 16 | (regs[2] & 0xffff);
	for (unsigned int i = 0; i < 4; i++) {
		p[3 + 2 * i] = LO(va[i]) & ~31u;
		p[4 + 2 * i] = HI(va[i]);
	}
	return gsim_batch_emit(b, p, 11);
}

int gsim_emit_3d_stage_pointers(struct gsim_batch *b, uint32_t stage, uint32_t binding_table,
				uint32_t sampler_state)
{
	if (stage != GSIM_STAGE_VS && stage != GSIM_STAGE_PS)
		return lgsim_fail(-EINVAL, "pointers of stage %u", stage);
	return EMIT(b, stage == GSIM_STAGE_VS ? CMD_3DSTATE_BINDING_TABLE_POINTERS_VS :
						CMD_3DSTATE_BINDING_TABLE_POINTERS_PS,
		    binding_table & GENMASK(15, 5),
		    stage == GSIM_STAGE_VS ? CMD_3DSTATE_SAMPLER_STATE_POINTERS_VS :
					     CMD_3DSTATE_SAMPLER_STATE_POINTERS_PS,
		    sampler_state & ~31u);
}

int gsim_emit_3d_clip(struct gsim_batch *b, uint32_t flags)
{
	uint32_t dw2 = (flags & GSIM_CLIP_ENABLE ? CLIP_DW2_ENABLE : 0) |
		       (flags & GSIM_CLIP_API_D3D ? CLIP_DW2_API_D3D : 0) |
		       (flags & GSIM_CLIP_VIEWPORT_XY ? CLIP_DW2_VIEWPORT_XY_TEST : 0) |
		       (flags & GSIM_CLIP_GUARDBAND ? CLIP_DW2_GUARDBAND_TEST : 0) |
		       (flags & GSIM_CLIP_NO_PERSPECTIVE_DIVIDE ? CLIP_DW2_PERSP_DIVIDE_DISABLE : 0);

	if (flags & GSIM_CLIP_REJECT_ALL)
		dw2 |= CLIP_MODE_REJECT_ALL << 13;
	else if (flags & GSIM_CLIP_ACCEPT_ALL)
		dw2 |= CLIP_MODE_ACCEPT_ALL << 13;
	return EMIT(b, CMD_3DSTATE_CLIP, 0, dw2, 0);
}

int gsim_emit_3d_sf_point(struct gsim_batch *b, uint32_t flags, uint32_t tri_pv, uint32_t fan_pv,
			  uint32_t point_width)
{
	if (tri_pv > 2 || fan_pv > 2)
		return lgsim_fail(-EINVAL, "provoking vertex %u / %u (0..2)", tri_pv, fan_pv);
	if (point_width > 2047)
		return lgsim_fail(-EINVAL, "point width %u/8 (U8.3: at most 2047)", point_width);
	return EMIT(b, CMD_3DSTATE_SF,
		    flags & GSIM_SF_VIEWPORT_TRANSFORM ? SF_DW1_VIEWPORT_TRANSFORM : 0, 0,
		    tri_pv << 29 | tri_pv << 27 | fan_pv << 25 |
		    (flags & GSIM_SF_SUBPIXEL_4BIT ? SF_DW3_SUBPIXEL_4BIT : 0) |
		    (flags & GSIM_SF_POINT_WIDTH_STATE ? SF_DW3_POINT_WIDTH_STATE : 0) |
		    point_width);
}

int gsim_emit_3d_sf_line(struct gsim_batch *b, uint32_t flags, uint32_t line_pv,
			 uint32_t line_width)
{
	if (line_pv > 3)
		return lgsim_fail(-EINVAL, "line provoking vertex %u (a 2-bit field)", line_pv);
	if (line_width > 1023)
		return lgsim_fail(-EINVAL, "line width %u/128 (U3.7: at most 1023)", line_width);
	return EMIT(b, CMD_3DSTATE_SF,
		    flags & GSIM_SF_VIEWPORT_TRANSFORM ? SF_DW1_VIEWPORT_TRANSFORM : 0,
		    line_width << 18,
		    line_pv << 27 | (flags & GSIM_SF_SUBPIXEL_4BIT ? SF_DW3_SUBPIXEL_4BIT : 0));
}

int gsim_emit_3d_sf(struct gsim_batch *b, uint32_t flags, uint32_t tri_pv, uint32_t fan_pv)
{
	return gsim_emit_3d_sf_point(b, flags, tri_pv, fan_pv, 0);
}

int gsim_emit_3d_raster(struct gsim_batch *b, uint32_t cull, uint32_t flags)
{
	return EMIT(b, CMD_3DSTATE_RASTER,
		    (flags & GSIM_RASTER_FRONT_CCW ? RASTER_DW1_FRONT_CCW : 0) | (cull & 3) << 16 |
		    (flags & GSIM_RASTER_SCISSOR ? RASTER_DW1_SCISSOR : 0) |
		    (flags & GSIM_RASTER_Z_CLIP ? RASTER_DW1_VIEWPORT_Z_TEST : 0), 0, 0, 0);
}

int gsim_emit_3d_sbe(struct gsim_batch *b, uint32_t nattr, uint32_t read_offset,
		     uint32_t read_length, uint32_t flat)
{
	uint32_t swiz[11] = { CMD_3DSTATE_SBE_SWIZ };

	if (nattr > 32 || read_offset > 63 || read_length > 31)
		return lgsim_fail(-EINVAL, "SBE: %u attributes, read %u pairs from %u", nattr,
				  read_length, read_offset);
	EMIT(b, CMD_3DSTATE_SBE, SBE_DW1_FORCE_READ_LENGTH | SBE_DW1_FORCE_READ_OFFSET |
	     nattr << 22 | read_length << 11 | read_offset << 5, 0, flat);
	for (unsigned int a = 0; a < 16; a++)
		swiz[1 + a / 2] |= a << (16 * (a % 2));
	return gsim_batch_emit(b, swiz, 11);
}

int gsim_emit_3d_ps(struct gsim_batch *b, const struct gsim_3d_ps *ps)
{
	uint32_t p[12] = { CMD_3DSTATE_PS };
	uint32_t bary = 0, psx = 0, threads;

	if (!ps) {
		EMIT(b, CMD_3DSTATE_WM, 0);
		gsim_batch_emit(b, p, 12);
		return EMIT(b, CMD_3DSTATE_PS_EXTRA, 0, CMD_3DSTATE_PS_BLEND, 0);
	}
	if (ps->simd != 8 && ps->simd != 16)
		return lgsim_fail(-EINVAL, "a SIMD%u pixel shader (8 or 16)", ps->simd);
	threads = ps->max_threads ? ps->max_threads : 64;
	bary |= ps->barycentric & GSIM_BARY_PERSPECTIVE ? WM_BARY_PERSP_PIXEL : 0;
	bary |= ps->barycentric & GSIM_BARY_LINEAR ? WM_BARY_LINEAR_PIXEL : 0;
	p[1] = LO(ps->kernel);
	p[2] = HI(ps->kernel);
	p[6] = (threads - 1) << 23 | (ps->flags & GSIM_PS_PUSH_CONSTANTS ? PS_DW6_PUSH_CONSTANTS : 0) |
	       (ps->simd == 16 ? PS_DW6_16PX : PS_DW6_8PX);
	p[7] = ps->grf_start << 24;
	psx = PSX_DW1_VALID | (ps->flags & GSIM_PS_SOURCE_DEPTH ? PSX_DW1_SOURCE_DEPTH : 0) |
	      (ps->flags & GSIM_PS_SOURCE_W ? PSX_DW1_SOURCE_W : 0) |
	      (ps->flags & GSIM_PS_ATTRIBUTES ? PSX_DW1_ATTRIBUTE_ENABLE : 0) |
	      (ps->flags & GSIM_PS_KILLS ? PSX_DW1_KILLS : 0);
	EMIT(b, CMD_3DSTATE_WM, bary);
	gsim_batch_emit(b, p, 12);
	return EMIT(b, CMD_3DSTATE_PS_EXTRA, psx, CMD_3DSTATE_PS_BLEND, PSB_DW1_HAS_WRITEABLE_RT);
}

int gsim_emit_3d_ps_blend(struct gsim_batch *b, int blend_enable, uint32_t src, uint32_t dst,
			  int independent_alpha, uint32_t src_alpha, uint32_t dst_alpha)
{
	uint32_t dw1 = PSB_DW1_HAS_WRITEABLE_RT;

	if ((src | dst | src_alpha | dst_alpha) > 31)
		return lgsim_fail(-EINVAL, "blend factors %u %u %u %u (0..31)", src, dst, src_alpha,
				  dst_alpha);
	if (blend_enable)
		dw1 |= PSB_DW1_BLEND_ENABLE | src << 14 | dst << 9 |
			(independent_alpha ? PSB_DW1_INDEPENDENT_ALPHA | src_alpha << 24 |
					     dst_alpha << 19 : 0);
	return EMIT(b, CMD_3DSTATE_PS_BLEND, dw1);
}

int gsim_emit_3d_viewports(struct gsim_batch *b, uint32_t sf_clip, uint32_t cc)
{
	return EMIT(b, CMD_3DSTATE_VIEWPORT_STATE_POINTERS_SF_CLIP, sf_clip & ~63u,
		    CMD_3DSTATE_VIEWPORT_STATE_POINTERS_CC, cc & ~31u);
}

int gsim_emit_3d_blend(struct gsim_batch *b, uint32_t blend_state, uint32_t cc_state)
{
	return EMIT(b, CMD_3DSTATE_BLEND_STATE_POINTERS, (blend_state & ~63u) | 1,
		    CMD_3DSTATE_CC_STATE_POINTERS, (cc_state & ~63u) | 1);
}

int gsim_emit_3d_scissor(struct gsim_batch *b, uint32_t scissor_rect)
{
	return EMIT(b, CMD_3DSTATE_SCISSOR_STATE_POINTERS, scissor_rect & ~31u);
}

int gsim_emit_3d_drawing_rectangle(struct gsim_batch *b, uint32_t x0, uint32_t y0, uint32_t x1,
				   uint32_t y1, int32_t origin_x, int32_t origin_y)
{
	if ((x0 | y0 | x1 | y1) > 0xffff || origin_x < -32768 || origin_x > 32767 ||
	    origin_y < -32768 || origin_y > 32767)
		return lgsim_fail(-EINVAL, "drawing rectangle %u,%u..%u,%u origin %d,%d", x0, y0,
				  x1, y1, origin_x, origin_y);
	return EMIT(b, CMD_3DSTATE_DRAWING_RECTANGLE, y0 << 16 | x0, y1 << 16 | x1,
		    (uint32_t)(uint16_t)origin_y << 16 | (uint16_t)origin_x);
}

int gsim_emit_3d_multisample(struct gsim_batch *b, int ul_corner)
{
	return EMIT(b, CMD_3DSTATE_MULTISAMPLE, ul_corner ? MS_DW1_UL_CORNER : 0,
		    CMD_3DSTATE_SAMPLE_MASK, 1);
}

int gsim_emit_3d_no_depth(struct gsim_batch *b)
{
	uint32_t db[8] = { CMD_3DSTATE_DEPTH_BUFFER, 7u << 29 };

	gsim_batch_emit(b, db, 8);
	return EMIT(b, CMD_3DSTATE_WM_DEPTH_STENCIL, 0, 0,
		    CMD_3DSTATE_STENCIL_BUFFER, 0, 0, 0, 0,
		    CMD_3DSTATE_HIER_DEPTH_BUFFER, 0, 0, 0, 0);
}

int gsim_emit_3d_depth(struct gsim_batch *b, uint64_t va, uint32_t width, uint32_t height,
		       uint32_t pitch, uint32_t format, uint32_t func, int write)
{
	if (!width || !height || width > 16384 || height > 16384 || !pitch || pitch % 128 ||
	    pitch > (1u << 18) || va % 4096 || func > 7 ||
	    (format != GSIM_DEPTH_D32_FLOAT && format != GSIM_DEPTH_D24_UNORM_X8 &&
	     format != GSIM_DEPTH_D16_UNORM))
		return lgsim_fail(-EINVAL, "depth buffer %ux%u pitch %u format %u at %#llx",
				  width, height, pitch, format, (unsigned long long)va);
	EMIT(b, CMD_3DSTATE_DEPTH_BUFFER,
	     1u << 29 | (write ? DB_DW1_DEPTH_WRITE : 0) | format << 18 | (pitch - 1), LO(va), HI(va),
	     (height - 1) << 18 | (width - 1) << 4, 0, 0, 0);
	return EMIT(b, CMD_3DSTATE_WM_DEPTH_STENCIL,
		    func << 5 | WMDS_DW1_DEPTH_TEST | (write ? WMDS_DW1_DEPTH_WRITE : 0), 0);
}

static uint32_t stencil_face(const struct gsim_3d_stencil_face *f)
{
	return (f->fail & 7) << 29 | (f->depth_fail & 7) << 26 | (f->pass & 7) << 23 |
	       (f->func & 7) << 8;
}

int gsim_emit_3d_depth_stencil(struct gsim_batch *b, const struct gsim_3d_depth_stencil *ds)
{
	uint32_t fmt = ds->depth_format ? ds->depth_format : GSIM_DEPTH_D32_FLOAT;
	uint32_t pitch = ds->depth_format ? ds->depth_pitch : 128;
	uint32_t dw1, back, dw2;

	if (!ds->width || !ds->height || ds->width > 16384 || ds->height > 16384 ||
	    pitch % 128 || pitch > (1u << 18) || ds->depth_va % 4096 || ds->depth_func > 7 ||
	    ds->stencil_pitch % 128 || ds->stencil_pitch > (1u << 17) || ds->stencil_va % 4096 ||
	    (fmt != GSIM_DEPTH_D32_FLOAT && fmt != GSIM_DEPTH_D24_UNORM_X8 &&
	     fmt != GSIM_DEPTH_D16_UNORM))
		return lgsim_fail(-EINVAL, "depth/stencil %ux%u, depth pitch %u format %u at "
				  "%#llx, stencil pitch %u at %#llx", ds->width, ds->height, pitch,
				  fmt, (unsigned long long)ds->depth_va, ds->stencil_pitch,
				  (unsigned long long)ds->stencil_va);
	EMIT(b, CMD_3DSTATE_DEPTH_BUFFER,
	     1u << 29 | (ds->depth_write ? DB_DW1_DEPTH_WRITE : 0) |
	     (ds->stencil_write ? DB_DW1_STENCIL_WRITE : 0) | fmt << 18 | (pitch - 1),
	     LO(ds->depth_va), HI(ds->depth_va), (ds->height - 1) << 18 | (ds->width - 1) << 4,
	     0, 0, 0);
	EMIT(b, CMD_3DSTATE_STENCIL_BUFFER,
	     ds->stencil_pitch ? SB_DW1_ENABLE | (ds->stencil_pitch - 1) : 0,
	     LO(ds->stencil_va), HI(ds->stencil_va), 0);
	back = stencil_face(&ds->back);
	dw1 = stencil_face(&ds->front) | (ds->depth_func & 7) << 5 |
	      (back >> 23 & 7) << 11 | (back >> 26 & 7) << 14 | (back >> 29 & 7) << 17 |
	      (back >> 8 & 7) << 20 |
	      (ds->double_sided ? WMDS_DW1_DOUBLE_STENCIL : 0) |
	      (ds->stencil_test ? WMDS_DW1_STENCIL_TEST : 0) |
	      (ds->stencil_write ? WMDS_DW1_STENCIL_WRITE : 0) |
	      (ds->depth_test ? WMDS_DW1_DEPTH_TEST : 0) |
	      (ds->depth_write ? WMDS_DW1_DEPTH_WRITE : 0);
	dw2 = (ds->front.test_mask & 0xff) << 24 | (ds->front.write_mask & 0xff) << 16 |
	      (ds->back.test_mask & 0xff) << 8 | (ds->back.write_mask & 0xff);
	return EMIT(b, CMD_3DSTATE_WM_DEPTH_STENCIL, dw1, dw2);
}

int gsim_emit_3d_primitive(struct gsim_batch *b, uint32_t count, uint32_t start,
			   uint32_t instances, uint32_t start_instance, int32_t base_vertex,
			   uint32_t flags)
{
	return EMIT(b, CMD_3DPRIMITIVE | (flags & GSIM_PRIM_PREDICATE ? PRIM_DW0_PREDICATE : 0) |
		    (flags & GSIM_PRIM_INDIRECT ? PRIM_DW0_INDIRECT : 0),
		    flags & GSIM_PRIM_INDEXED ? PRIM_DW1_RANDOM : 0, count, start, instances,
		    start_instance, (uint32_t)base_vertex);
}
