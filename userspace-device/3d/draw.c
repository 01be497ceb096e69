// SPDX-License-Identifier: MIT
/*
 * 3DPRIMITIVE (hw-spec-3d "3DPRIMITIVE", "A draw, stage by stage"; EXT
 * Mesa gen8.xml 3DPRIMITIVE; the topology comes from 3DSTATE_VF_TOPOLOGY,
 * Gen8 ignores the command's own field, as IGT's gen8 rendercopy notes).
 *
 * A draw decodes the latched state once, checks it, then for each
 * instance: builds the vertex index stream (sequential, or from the index
 * buffer with the base vertex added, cut indices splitting it), runs the
 * vertices through the vertex fetcher and the vertex shader (vs.c), with
 * a geometry shader its input primitives through GS threads (gs.c),
 * assembles and sets up its primitives (setup.c) and rasterizes them into
 * batches of pixel shader threads (raster.c).  Like a walker, a draw is
 * one command: it runs to completion, synchronously, on the engine
 * thread, and everything it wrote is in memory when the next command
 * runs.  A reset request aborts it between or inside its dispatches; it
 * then runs again from its start if the request is withdrawn.
 */
#include <stdlib.h>
#include <string.h>

#include "3d/r3d_priv.h"
#include "compute/eu_array.h"
#include "core/device.h"
#include "core/log.h"
#include "cs/engine.h"

#define KERNEL_MAX		(1u << 20)
#define VERTS_MAX_BYTES		(256ull << 20)	/* gensim: the post-VS vertices of an instance */

static const char *const topo_names[] = {
	[TOPO_POINTLIST] = "POINTLIST", [TOPO_LINELIST] = "LINELIST",
	[TOPO_LINESTRIP] = "LINESTRIP", [TOPO_TRILIST] = "TRILIST", [TOPO_TRISTRIP] = "TRISTRIP",
	[TOPO_TRIFAN] = "TRIFAN", [TOPO_QUADLIST] = "QUADLIST", [TOPO_QUADSTRIP] = "QUADSTRIP",
	[9] = "LINELIST_ADJ", [10] = "LINESTRIP_ADJ", [11] = "TRILIST_ADJ", [12] = "TRISTRIP_ADJ",
	[13] = "TRISTRIP_REVERSE", [TOPO_POLYGON] = "POLYGON", [TOPO_RECTLIST] = "RECTLIST",
	[TOPO_LINELOOP] = "LINELOOP", [17] = "POINTLIST_BF", [18] = "LINESTRIP_CONT",
	[19] = "LINESTRIP_BF", [20] = "LINESTRIP_CONT_BF", [22] = "TRIFAN_NOSTIPPLE",
};

void r3d_dispatch_init(struct r3d_draw *d, struct gs_eu_dispatch *e, uint64_t ksp,
		       unsigned int simd, uint32_t nthreads)
{
	const struct gs_gpgpu_sba *s = d->sba;
	uint64_t reach = KERNEL_MAX;

	if (s->instruction_size)
		reach = ksp + 16 > s->instruction_size ? 16 :
			s->instruction_size - ksp < reach ? s->instruction_size - ksp : reach;
	memset(e, 0, sizeof(*e));
	e->space = GS_MEM_PPGTT;
	e->pml4 = d->cs->pml4;
	e->engine = GS_RCS;
	e->general_state_base = s->general;
	e->general_state_size = s->general_size;
	e->surface_state_base = s->surface;
	e->dynamic_state_base = s->dynamic;
	e->instruction_base = s->instruction;
	e->kernel_start = ksp;
	e->kernel_max_size = (uint32_t)reach;
	e->simd = simd;
	e->thread_width = e->thread_height = e->thread_depth = 1;
	e->dim[0] = nthreads;
	e->dim[1] = e->dim[2] = 1;
	e->right_mask = e->bottom_mask = ~0u;
	e->progress = gs_gpgpu_progress;
	e->progress_arg = d->cs;
}

/* Run @e and turn how it ended into the command's result (as a walker's). */
enum gs_cmd_result r3d_dispatch(struct r3d_draw *d, const char *what, struct gs_eu_dispatch *e)
{
	struct gs_cs *cs = d->cs;
	struct gs_eu_result res;
	enum gs_eu_status st;

	if (d->sba->instruction_size && e->kernel_start + 16 > d->sba->instruction_size)
		return gs_cs_instruction_error(cs, "%s: Kernel Start Pointer %#llx is past the "
					       "Instruction Buffer Size %#llx", what,
					       (unsigned long long)e->kernel_start,
					       (unsigned long long)d->sba->instruction_size);
	if (gs_gpgpu_must_stop(cs))
		return GS_CMD_RETRY;
	st = gs_eu_dispatch(cs->dev->eu, e, &res);
	gs_gpgpu_publish_retired(cs->dev, gs_eu_array_retired(cs->dev->eu));
	switch (st) {
	case GS_EU_OK:
		return GS_CMD_NEXT;
	case GS_EU_ERR_ABORTED:
		gs_info("%s: %s aborted: %s", cs->eng->name, what, res.msg);
		return GS_CMD_RETRY;
	case GS_EU_ERR_FAULT:
		return gs_cs_reported_fault_error(cs, "%s: %s", what, res.msg);
	default:
		return gs_cs_instruction_error(cs, "%s: %s: %s", what, gs_eu_status_name(st),
					       res.msg);
	}
}

/* The raster-side state: drawing rectangle, scissor, pixel location, what is drawn at all. */
static enum gs_cmd_result raster_state(struct r3d_draw *d)
{
	const uint32_t *dr = d->st->dw[R3D_S_DRAWING_RECTANGLE];

	d->clip_x0 = dr[1] & 0xffff;
	d->clip_y0 = dr[1] >> 16;
	d->clip_x1 = dr[2] & 0xffff;
	d->clip_y1 = dr[2] >> 16;
	d->origin_x = (int16_t)(dr[3] & 0xffff);
	d->origin_y = (int16_t)(dr[3] >> 16);
	if (SDW(d, R3D_S_RASTER, 1) & RASTER_DW1_SCISSOR) {
		uint32_t sc[2];

		if (!d->st->valid[R3D_S_SCISSOR])
			return gs_cs_instruction_error(d->cs, "3DPRIMITIVE: the scissor test "
						       "without a 3DSTATE_SCISSOR_STATE_POINTERS");
		if (gs_cs_read(d->cs, false, d->sba->dynamic + (SDW(d, R3D_S_SCISSOR, 1) & ~31u),
			       sc, sizeof(sc)))
			return GS_CMD_HALT;
		d->clip_x0 = (int32_t)(sc[0] & 0xffff) > d->clip_x0 ? (int32_t)(sc[0] & 0xffff) :
			     d->clip_x0;
		d->clip_y0 = (int32_t)(sc[0] >> 16) > d->clip_y0 ? (int32_t)(sc[0] >> 16) :
			     d->clip_y0;
		d->clip_x1 = (int32_t)(sc[1] & 0xffff) < d->clip_x1 ? (int32_t)(sc[1] & 0xffff) :
			     d->clip_x1;
		d->clip_y1 = (int32_t)(sc[1] >> 16) < d->clip_y1 ? (int32_t)(sc[1] >> 16) :
			     d->clip_y1;
	}
	d->ul_corner = SDW(d, R3D_S_MULTISAMPLE, 1) & MS_DW1_UL_CORNER;
	d->rendering = !(SDW(d, R3D_S_STREAMOUT, 1) & SO_DW1_RENDERING_DISABLE) &&
		       (!d->st->valid[R3D_S_SAMPLE_MASK] || (SDW(d, R3D_S_SAMPLE_MASK, 1) & 1)) &&
		       d->clip_x0 <= d->clip_x1 && d->clip_y0 <= d->clip_y1;
	return r3d_depth_state(d);
}

static enum gs_cmd_result tiles(struct r3d_draw *d)
{
	if (!d->rendering || !d->ps_dispatch)
		return GS_CMD_NEXT;
	d->tile_x0 = (uint32_t)d->clip_x0 / R3D_TILE;
	d->tile_y0 = (uint32_t)d->clip_y0 / R3D_TILE;
	d->tiles_w = (uint32_t)d->clip_x1 / R3D_TILE - d->tile_x0 + 1;
	d->tiles_h = (uint32_t)d->clip_y1 / R3D_TILE - d->tile_y0 + 1;
	d->tiles = calloc((size_t)d->tiles_w * d->tiles_h, sizeof(*d->tiles));
	d->touched = calloc((size_t)d->tiles_w * d->tiles_h, sizeof(*d->touched));
	if (!d->tiles || !d->touched)
		return gs_cs_instruction_error(d->cs, "3DPRIMITIVE: out of host memory");
	return GS_CMD_NEXT;
}

/* The index buffer's indices [start, start + count), 0 past its Buffer Size (gensim). */
static enum gs_cmd_result read_indices(struct r3d_draw *d, uint32_t *out)
{
	const uint32_t *ib = d->st->dw[R3D_S_INDEX_BUFFER];
	unsigned int fmt = FIELD_GET(IB_DW1_FORMAT, ib[1]), isize = 1u << fmt;
	uint64_t addr = ((uint64_t)ib[3] << 32 | ib[2]) & ((1ull << 48) - 1);
	uint64_t first = d->start, avail = ib[4] / isize;
	uint64_t n = first >= avail ? 0 : avail - first < d->count ? avail - first : d->count;
	uint8_t *raw;

	if (!d->st->valid[R3D_S_INDEX_BUFFER])
		return gs_cs_instruction_error(d->cs, "3DPRIMITIVE: an indexed draw without a "
					       "3DSTATE_INDEX_BUFFER");
	memset(out, 0, (size_t)d->count * 4);
	/* Before any early return: the cut index is masked to this size. */
	d->ib_isize = isize;
	if (!n)
		return GS_CMD_NEXT;
	raw = malloc(n * isize);
	if (!raw)
		return gs_cs_instruction_error(d->cs, "3DPRIMITIVE: out of host memory");
	if (gs_cs_read(d->cs, false, addr + first * isize, raw, n * isize)) {
		free(raw);
		return GS_CMD_HALT;
	}
	for (uint64_t i = 0; i < n; i++)
		out[i] = isize == 1 ? raw[i] : isize == 2 ? ((uint16_t *)raw)[i] :
			 ((uint32_t *)raw)[i];
	free(raw);
	return GS_CMD_NEXT;
}

static enum gs_cmd_result draw(struct r3d_draw *d, const uint32_t *dw)
{
	struct gs_cs *cs = d->cs;
	uint32_t *raw = NULL, *fetch = NULL, *vid = NULL, *seg = NULL, cut_mask;
	enum gs_cmd_result r;

	if (dw[1] & PRIM_DW1_END_OFFSET)
		return gs_cs_instruction_error(cs, "3DPRIMITIVE: End Offset Enable is not "
					       "implemented by gensim");
	if (!cs->gpgpu->sba_valid)
		return gs_cs_instruction_error(cs, "3DPRIMITIVE without a STATE_BASE_ADDRESS in this "
					       "context");
	if (!d->st->valid[R3D_S_VF_TOPOLOGY])
		return gs_cs_instruction_error(cs, "3DPRIMITIVE without a 3DSTATE_VF_TOPOLOGY in "
					       "this context (Gen8 ignores the command's own "
					       "topology)");
	d->topology = SDW(d, R3D_S_VF_TOPOLOGY, 1) & 0x3f;
	switch (d->topology) {
	case TOPO_POINTLIST:
	case TOPO_LINELIST:
	case TOPO_LINESTRIP:
	case TOPO_LINELOOP:
	case TOPO_TRILIST:
	case TOPO_TRISTRIP:
	case TOPO_TRIFAN:
	case TOPO_RECTLIST:
		break;
	default:
		if (d->topology < sizeof(topo_names) / sizeof(topo_names[0]) &&
		    topo_names[d->topology])
			return gs_cs_instruction_error(cs, "3DPRIMITIVE: topology %s (%u) is not "
						       "implemented by gensim",
						       topo_names[d->topology], d->topology);
		return gs_cs_instruction_error(cs, "3DPRIMITIVE: topology %u is %s", d->topology,
					       d->topology >= 32 ? "a patch list: tessellation is "
					       "not implemented by gensim" : "reserved");
	}
	d->indexed = dw[1] & PRIM_DW1_RANDOM;
	if (dw[0] & PRIM_DW0_INDIRECT) {
		/*
		 * Indirect Parameter Enable: the five parameters come from
		 * the 3DPRIM_* registers (loaded by MI_LOAD_REGISTER_*);
		 * DW2-DW6 are ignored.
		 */
		d->count = gs_reg_read(cs->dev, R3D_3DPRIM_VERTEX_COUNT);
		d->start = gs_reg_read(cs->dev, R3D_3DPRIM_START_VERTEX);
		d->instances = gs_reg_read(cs->dev, R3D_3DPRIM_INSTANCE_COUNT);
		d->start_instance = gs_reg_read(cs->dev, R3D_3DPRIM_START_INSTANCE);
		d->base_vertex = (int32_t)gs_reg_read(cs->dev, R3D_3DPRIM_BASE_VERTEX);
	} else {
		d->count = dw[2];
		d->start = dw[3];
		d->instances = dw[4];
		d->start_instance = dw[5];
		d->base_vertex = (int32_t)dw[6];
	}
	if (r3d_urb_layout(d) != GS_CMD_NEXT || r3d_vf_check(d) != GS_CMD_NEXT ||
	    r3d_vs_check(d) != GS_CMD_NEXT || r3d_gs_check(d) != GS_CMD_NEXT ||
	    r3d_setup_check(d) != GS_CMD_NEXT ||
	    r3d_cc_state(d) != GS_CMD_NEXT || r3d_ps_check(d) != GS_CMD_NEXT ||
	    raster_state(d) != GS_CMD_NEXT ||
	    tiles(d) != GS_CMD_NEXT)
		return GS_CMD_HALT;
	if (!d->count || !d->instances)
		return GS_CMD_NEXT;
	if ((uint64_t)d->count * d->vs_entry > VERTS_MAX_BYTES)
		return gs_cs_instruction_error(cs, "3DPRIMITIVE: %u vertices of %u bytes: more than "
					       "the %llu MiB of vertices gensim keeps", d->count,
					       d->vs_entry, VERTS_MAX_BYTES >> 20);
	d->verts = malloc((size_t)d->count * d->vs_entry);
	raw = malloc((size_t)d->count * 4);
	fetch = malloc((size_t)d->count * 4);
	vid = malloc((size_t)d->count * 4);
	seg = malloc((size_t)(d->count + 1) * 8);
	if (!d->verts || !raw || !fetch || !vid || !seg) {
		r = gs_cs_instruction_error(cs, "3DPRIMITIVE: out of host memory for %u vertices",
					    d->count);
		goto out;
	}
	if (d->indexed) {
		r = read_indices(d, raw);
		if (r != GS_CMD_NEXT)
			goto out;
	}
	d->cut_enable = d->indexed && (SDW(d, R3D_S_VF, 0) & VF_DW0_CUT_ENABLE);
	cut_mask = d->indexed ? (uint32_t)((1ull << (8 * d->ib_isize)) - 1) : ~0u;
	d->cut_index = SDW(d, R3D_S_VF, 1) & cut_mask;
	for (uint32_t inst = 0; inst < d->instances; inst++) {
		uint32_t n = 0, nseg = 0, first = 0;

		/* The stream: fetch indices, and segments between cut indices. */
		for (uint32_t i = 0; i < d->count; i++) {
			if (d->cut_enable && raw[i] == d->cut_index) {
				seg[2 * nseg] = first;
				seg[2 * nseg++ + 1] = n - first;
				first = n;
				continue;
			}
			/*
			 * VertexID counts from 0 (EXT Mesa i965 sets
			 * VertexID_is_zero_based and adds gl_BaseVertex,
			 * the first vertex or the base vertex, in the
			 * shader): the stream position, or the index.
			 */
			vid[n] = d->indexed ? raw[i] : i;
			fetch[n++] = d->indexed ? raw[i] + (uint32_t)d->base_vertex : d->start + i;
		}
		seg[2 * nseg] = first;
		seg[2 * nseg++ + 1] = n - first;
		r = r3d_vs_run(d, fetch, vid, n, inst);
		for (uint32_t s = 0; s < nseg && r == GS_CMD_NEXT; s++)
			r = d->gs_enable ? r3d_gs_run(d, seg[2 * s], seg[2 * s + 1]) :
			    r3d_assemble(d, seg[2 * s], seg[2 * s + 1]);
		if (r != GS_CMD_NEXT)
			goto out;
	}
	r = r3d_flush(d);
	if (r == GS_CMD_NEXT)
		gs_info("%s: 3DPRIMITIVE %s: %u vertices x %u instances, %llu primitives, %llu VS, "
			"%llu GS and %llu PS threads in %llu batches", cs->eng->name,
			topo_names[d->in_topology], d->count, d->instances,
			(unsigned long long)d->prims_drawn, (unsigned long long)d->vs_threads,
			(unsigned long long)d->gs_threads, (unsigned long long)d->ps_threads,
			(unsigned long long)d->batches);
out:
	free(raw);
	free(fetch);
	free(vid);
	free(seg);
	return r;
}

enum gs_cmd_result gs_3d_primitive(struct gs_cs *cs, const uint32_t *dw, unsigned int len)
{
	struct r3d_draw *d = calloc(1, sizeof(*d));
	enum gs_cmd_result r;

	(void)len;
	if (!d)
		return gs_cs_instruction_error(cs, "3DPRIMITIVE: out of host memory");
	d->cs = cs;
	d->st = cs->r3d;
	d->sba = &cs->gpgpu->sba;
	r = draw(d, dw);
	cs->r3d->draws++;
	r3d_raster_free(d);
	free(d->verts);
	free(d);
	return r;
}
