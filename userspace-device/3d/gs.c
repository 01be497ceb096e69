// SPDX-License-Identifier: MIT
/*
 * The geometry shader stage (hw-spec-3d "Geometry shader"): called by
 * draw.c, r3d_gs_check() when a draw decodes its state and r3d_gs_run()
 * for each run of an instance's vertices (between cut indices) in place
 * of r3d_assemble().
 *
 * Layout EXT Mesa gen8.xml 3DSTATE_GS.  The SIMD8 payload and the output
 * URB entry as EXT Mesa's scalar GS backend (brw_fs, Gen8) lays them out:
 * one input primitive a channel; R0 the header, R1 the channels' output
 * URB handles, with Include Vertex Handles one register per input vertex
 * holding the channels' input VUE handles (setup_gs_payload: "R3..RN: ICP
 * Handles for each incoming vertex"), the push constants, then from
 * Dispatch GRF Start Register For URB Data the pushed input: vertex v's
 * slot s (from Vertex URB Entry Read Offset) component c in register
 * v * 8 * Read Length + 4 * s + c (emit_gs_input_load()).  The output
 * entry: the Vertex Count in dword 0 of its first 32 bytes (brw_compile_gs:
 * "Broadwell stores "Vertex Count" as a full 8 DWord (32 byte) URB output,
 * which comes before the control header"), the control data header of
 * Control Data Header Size 32-byte units (cut bit n set: the primitive
 * ends after vertex n, emit_gs_end_primitive()), then the vertices,
 * Output Vertex Size apart.
 *
 * The input primitives of a run go to GS threads in batches: primitive p
 * of a batch is channel p % 8 of thread p / 8 and owns GS URB entry p; its
 * input vertices are put back into VS URB entries p * nv .. p * nv + nv - 1
 * (the VS is done with them), which its vertex handles name and its pushed
 * input is read from.  After the batch, each primitive's entry in turn,
 * in input order: its vertices, split after each cut bit, are assembled
 * by the Output Topology (setup.c r3d_assemble(): strips, the provoking
 * vertex) straight from the URB.
 *
 * gensim: the GS entries are zeroed before each batch; a Vertex Count
 * whose vertices do not fit the entry, or past the cut bits of a control
 * data header, is an instruction error.
 */
#include <string.h>

#include "3d/r3d_priv.h"
#include "core/device.h"
#include "gseu/eu_thread.h"

#define GS_BATCH_MAX	256u	/* gensim: input primitives a batch of GS threads takes */

struct gs_job {
	const struct r3d_draw *d;
	uint32_t n;		/* primitives in the batch */
};

/* Vertices of an input primitive of @topo; 0: not a GS input in gensim. */
static unsigned int prim_vertices(unsigned int topo)
{
	switch (topo) {
	case TOPO_POINTLIST:
		return 1;
	case TOPO_LINELIST:
	case TOPO_LINESTRIP:
		return 2;
	case TOPO_TRILIST:
	case TOPO_TRISTRIP:
		return 3;
	default:
		return 0;
	}
}

/* Input primitives of a run of @n vertices. */
static uint32_t prim_count(unsigned int topo, uint32_t n)
{
	switch (topo) {
	case TOPO_POINTLIST:
		return n;
	case TOPO_LINELIST:
		return n / 2;
	case TOPO_LINESTRIP:
		return n >= 2 ? n - 1 : 0;
	case TOPO_TRILIST:
		return n / 3;
	default:
		return n >= 3 ? n - 2 : 0;	/* TRISTRIP */
	}
}

/*
 * Input primitive @k of a run: its vertices in the order the GS receives
 * them.  A strip's odd triangles (Reorder Mode TRAILING): (k+1, k, k+2),
 * the winding of the first and the last vertex kept last (gensim: as its
 * primitive assembly orders them, setup.c).
 */
static void prim_at(unsigned int topo, uint32_t k, uint32_t *v)
{
	switch (topo) {
	case TOPO_POINTLIST:
		v[0] = k;
		break;
	case TOPO_LINELIST:
		v[0] = 2 * k;
		v[1] = 2 * k + 1;
		break;
	case TOPO_LINESTRIP:
		v[0] = k;
		v[1] = k + 1;
		break;
	case TOPO_TRILIST:
		v[0] = 3 * k;
		v[1] = 3 * k + 1;
		v[2] = 3 * k + 2;
		break;
	default:	/* TRISTRIP */
		v[0] = k & 1 ? k + 1 : k;
		v[1] = k & 1 ? k : k + 1;
		v[2] = k + 2;
		break;
	}
}

/* The payload of GS thread @index: primitives 8 * index .. + 7 of the batch. */
static void gs_payload(void *arg, uint32_t index, uint32_t fftid, struct gseu_hw_thread *t)
{
	const struct gs_job *j = arg;
	const struct r3d_draw *d = j->d;
	uint32_t first = index * 8, lanes = j->n - first < 8 ? j->n - first : 8;
	unsigned int slot0 = 2 * d->gs_read_off, slots = 2 * d->gs_read_len;

	r3d_thread_header(t, lanes, d->gs_fp_alt, d->gs_sampler, d->gs_bt, fftid);
	for (uint32_t l = 0; l < lanes; l++)
		t->grf[1].d[l] = gs_urb_handle(d->gs_start + (first + l) * d->gs_entry);
	if (d->gs_handles)
		for (unsigned int v = 0; v < d->gs_nv; v++)
			for (uint32_t l = 0; l < lanes; l++)
				t->grf[2 + v].d[l] = gs_urb_handle(d->vs_start + ((first + l) *
							       d->gs_nv + v) * d->vs_entry);
	memcpy(t->grf[d->gs_push_at].b, d->gs_push, (size_t)d->gs_push_regs * 32);
	for (unsigned int v = 0; v < d->gs_nv; v++)
		for (unsigned int s = 0; s < slots; s++)
			for (unsigned int c = 0; c < 4; c++)
				for (uint32_t l = 0; l < lanes; l++)
					memcpy(&t->grf[d->gs_grf + 8 * d->gs_read_len * v + 4 * s +
						       c].d[l],
					       d->st->urb + d->vs_start + ((first + l) * d->gs_nv +
					       v) * d->vs_entry + (slot0 + s) * 16 + c * 4, 4);
}

enum gs_cmd_result r3d_gs_check(struct r3d_draw *d)
{
	static const char *const in_names[] = { [TOPO_TRIFAN] = "TRIFAN",
						[TOPO_RECTLIST] = "RECTLIST",
						[TOPO_LINELOOP] = "LINELOOP" };
	const uint32_t *gs = d->st->dw[R3D_S_GS];
	unsigned int expected, fixed;

	d->in_topology = d->topology;
	d->out_vue_bytes = d->vs_entry;
	d->gs_enable = d->st->valid[R3D_S_GS] && (gs[7] & GS_DW7_ENABLE);
	if (!d->gs_enable)
		return GS_CMD_NEXT;
	d->gs_nv = prim_vertices(d->in_topology);
	if (!d->gs_nv)
		return gs_cs_instruction_error(d->cs, "3DPRIMITIVE: topology %s (%u) into the "
					       "geometry shader is not implemented by gensim",
					       d->in_topology < sizeof(in_names) / sizeof(in_names[0]) &&
					       in_names[d->in_topology] ? in_names[d->in_topology] :
					       "?", d->in_topology);
	expected = FIELD_GET(GS_DW3_EXPECTED_VERTICES, gs[3]);
	if (expected != d->gs_nv)
		return gs_cs_instruction_error(d->cs, "3DPRIMITIVE: 3DSTATE_GS Expected Vertex Count "
					       "%u: the draw's input primitives have %u vertices",
					       expected, d->gs_nv);
	if (d->in_topology == TOPO_TRISTRIP && !(gs[7] & GS_DW7_REORDER_TRAILING))
		return gs_cs_instruction_error(d->cs, "3DPRIMITIVE: 3DSTATE_GS Reorder Mode LEADING "
					       "of a TRISTRIP is not implemented by gensim "
					       "(TRAILING only)");
	d->topology = FIELD_GET(GS_DW6_OUT_TOPOLOGY, gs[6]);
	d->gs_ksp = ((uint64_t)gs[2] << 32 | gs[1]) & ~63ull;
	d->gs_bt = SDW(d, R3D_S_BT_GS, 1) & GENMASK(15, 5);
	d->gs_sampler = SDW(d, R3D_S_SAMPLER_GS, 1) & ~31u;
	d->gs_fp_alt = gs[3] & GS_DW3_FP_ALT;
	d->gs_handles = gs[6] & GS_DW6_VERTEX_HANDLES;
	d->gs_grf = FIELD_GET(GS_DW6_GRF_START, gs[6]);
	d->gs_read_off = FIELD_GET(GS_DW6_READ_OFFSET, gs[6]);
	d->gs_read_len = FIELD_GET(GS_DW6_READ_LENGTH, gs[6]);
	d->gs_max_threads = FIELD_GET(GS_DW7_MAX_THREADS, gs[7]) + 1;
	d->gs_vsize = (FIELD_GET(GS_DW6_OUT_VERTEX_SIZE, gs[6]) + 1) * 16;
	d->gs_hdr = FIELD_GET(GS_DW7_CONTROL_HEADER_SIZE, gs[7]) * 32;
	d->out_vue_bytes = d->gs_vsize;
	if (r3d_push_constants(d, "GS", R3D_S_CONST_GS, R3D_S_PUSH_GS, d->gs_push,
			       &d->gs_push_regs) != GS_CMD_NEXT)
		return GS_CMD_HALT;
	fixed = 2 + (d->gs_handles ? d->gs_nv : 0);
	d->gs_push_at = fixed;
	if (d->gs_grf < fixed + d->gs_push_regs)
		return gs_cs_instruction_error(d->cs, "3DPRIMITIVE: 3DSTATE_GS Dispatch GRF Start "
					       "Register For URB Data %u overlaps the %u payload "
					       "registers before it and %u push constant registers",
					       d->gs_grf, fixed, d->gs_push_regs);
	if (d->gs_grf + 8 * d->gs_read_len * d->gs_nv > GSEU_NUM_GRF)
		return gs_cs_instruction_error(d->cs, "3DPRIMITIVE: 3DSTATE_GS reads %u slot pairs "
					       "of %u vertices from r%u: past r127", d->gs_read_len,
					       d->gs_nv, d->gs_grf);
	if ((d->gs_read_off + d->gs_read_len) * 32 > d->vs_entry)
		return gs_cs_instruction_error(d->cs, "3DPRIMITIVE: 3DSTATE_GS reads slot pairs "
					       "%u..%u of a %u-byte VS URB entry", d->gs_read_off,
					       d->gs_read_off + d->gs_read_len, d->vs_entry);
	if (!d->gs_entries)
		return gs_cs_instruction_error(d->cs, "3DPRIMITIVE: an enabled geometry shader "
					       "without 3DSTATE_URB_GS entries");
	if (32 + d->gs_hdr + d->gs_vsize > d->gs_entry)
		return gs_cs_instruction_error(d->cs, "3DPRIMITIVE: a %u-byte GS URB entry holds no "
					       "%u-byte vertex after the 32-byte Vertex Count and "
					       "the %u-byte control data header", d->gs_entry,
					       d->gs_vsize, d->gs_hdr);
	return GS_CMD_NEXT;
}

/* The output of batch primitive @p (input primitive @k of the run): to primitive assembly. */
static enum gs_cmd_result gs_output(struct r3d_draw *d, uint32_t p, uint32_t k)
{
	uint8_t *e = d->st->urb + d->gs_start + p * d->gs_entry;
	uint32_t count, room = (d->gs_entry - 32 - d->gs_hdr) / d->gs_vsize, start = 0;
	enum gs_cmd_result r = GS_CMD_NEXT;

	memcpy(&count, e, 4);
	if (count > room)
		return gs_cs_instruction_error(d->cs, "3DPRIMITIVE: geometry shader: input primitive "
					       "%u: Vertex Count %u, but its %u-byte URB entry holds "
					       "%u vertices of %u bytes after the Vertex Count and "
					       "the %u-byte control data header", k, count,
					       d->gs_entry, room, d->gs_vsize, d->gs_hdr);
	if (d->gs_hdr && count > d->gs_hdr * 8)
		return gs_cs_instruction_error(d->cs, "3DPRIMITIVE: geometry shader: input primitive "
					       "%u: Vertex Count %u is past the %u cut bits of the "
					       "control data header", k, count, d->gs_hdr * 8);
	d->verts = (uint32_t *)(e + 32 + d->gs_hdr);
	for (uint32_t v = 0; v < count && r == GS_CMD_NEXT; v++) {
		uint32_t cut = 0;

		if (d->gs_hdr)
			memcpy(&cut, e + 32 + 4 * (v / 32), 4);
		if (cut >> (v % 32) & 1) {
			r = r3d_assemble(d, start, v + 1 - start);
			start = v + 1;
		}
	}
	if (r == GS_CMD_NEXT && start < count)
		r = r3d_assemble(d, start, count - start);
	return r;
}

/* One batch: input primitives [k0, k0 + m) of the run at @first. */
static enum gs_cmd_result gs_batch(struct r3d_draw *d, uint32_t first, uint32_t k0, uint32_t m)
{
	struct gs_job job = { .d = d, .n = m };
	struct gs_eu_3d r3d = {
		.urb = d->st->urb, .urb_size = R3D_URB_BYTES,
		.urb_start = d->gs_start, .urb_end = d->gs_start + d->gs_entries * d->gs_entry,
		.urb_entry = d->gs_entry,
		.in_start = d->vs_start, .in_end = d->vs_start + d->vs_entries * d->vs_entry,
		.in_entry = d->vs_entry,
	};
	struct gs_eu_dispatch e;
	enum gs_cmd_result r;

	for (uint32_t p = 0; p < m; p++) {
		uint32_t v[3];

		prim_at(d->in_topology, k0 + p, v);
		for (unsigned int i = 0; i < d->gs_nv; i++)
			memcpy(d->st->urb + d->vs_start + (p * d->gs_nv + i) * d->vs_entry,
			       d->vs_verts + (size_t)(first + v[i]) * (d->vs_entry / 4), d->vs_entry);
		memset(d->st->urb + d->gs_start + p * d->gs_entry, 0, d->gs_entry);
	}
	r3d_dispatch_init(d, &e, d->gs_ksp, 8, (m + 7) / 8);
	e.binding_table_ptr = d->gs_bt;
	e.sampler_state_ptr = d->gs_sampler;
	e.fp_alt = d->gs_fp_alt;
	e.max_threads = d->gs_max_threads;
	e.thread_payload = gs_payload;
	e.payload_arg = &job;
	e.r3d = &r3d;
	r = r3d_dispatch(d, "3DPRIMITIVE: geometry shader", &e);
	if (r != GS_CMD_NEXT)
		return r;
	d->gs_threads += (m + 7) / 8;
	for (uint32_t p = 0; p < m && r == GS_CMD_NEXT; p++)
		r = gs_output(d, p, k0 + p);
	return r;
}

enum gs_cmd_result r3d_gs_run(struct r3d_draw *d, uint32_t first, uint32_t n)
{
	uint32_t np = prim_count(d->in_topology, n);
	uint32_t per = d->vs_entries / d->gs_nv;
	unsigned int vue_dw = d->vue_dw;
	enum gs_cmd_result r = GS_CMD_NEXT;

	if (per > d->gs_entries)
		per = d->gs_entries;
	if (per > GS_BATCH_MAX)
		per = GS_BATCH_MAX;
	d->vs_verts = d->verts;
	d->vue_dw = d->gs_vsize / 4;
	for (uint32_t k0 = 0; k0 < np && r == GS_CMD_NEXT; k0 += per) {
		if (gs_gpgpu_must_stop(d->cs)) {
			r = GS_CMD_RETRY;	/* a reset request: the draw runs again */
			break;
		}
		r = gs_batch(d, first, k0, np - k0 < per ? np - k0 : per);
	}
	d->verts = d->vs_verts;
	d->vue_dw = vue_dw;
	return r;
}
