// SPDX-License-Identifier: MIT
/*
 * The vertex shader stage (hw-spec-3d "Vertex shader"; EXT Mesa gen8.xml
 * 3DSTATE_VS; the SIMD8 payload as Mesa's brw_fs lays it out for Gen8:
 * R0 header, R1 the URB handles, then the push constants, then the
 * vertex data at Dispatch GRF Start Register For URB Data, one register a
 * component of eight vertices).
 *
 * A draw's vertices go through the VS in chunks of at most the VS URB
 * entries: vertex j of a chunk owns entry j of the VS region.  The vertex
 * fetcher writes its input VUE there (vf.c), a SIMD8 thread per eight
 * vertices reads Vertex URB Entry Read Length pairs of slots from Read
 * Offset in its payload and writes its output VUE back to the same entry
 * with URB write messages (compute/urb_msg.c), ending with EOT.  With the
 * VS disabled the input VUE is the output VUE.  The chunk's entries are
 * then copied out for primitive assembly.
 *
 * gensim: an entry is zeroed before the vertex fetcher writes it, so the
 * dwords nobody wrote read 0; every index of the stream is shaded (no
 * vertex cache, whatever Vertex Cache Disable says).
 */
#include <string.h>

#include "3d/r3d_priv.h"
#include "core/device.h"
#include "gseu/eu_thread.h"

struct vs_job {
	const struct r3d_draw *d;
	uint32_t n;		/* vertices in the chunk */
};

/* The payload of VS thread @index: vertices 8 * index .. + 7 of the chunk. */
static void vs_payload(void *arg, uint32_t index, uint32_t fftid, struct gseu_hw_thread *t)
{
	const struct vs_job *j = arg;
	const struct r3d_draw *d = j->d;
	uint32_t first = index * 8, lanes = j->n - first < 8 ? j->n - first : 8;
	unsigned int slot0 = 2 * d->vs_read_off, slots = 2 * d->vs_read_len;

	r3d_thread_header(t, lanes, d->vs_fp_alt, d->vs_sampler, d->vs_bt, fftid);
	for (uint32_t l = 0; l < lanes; l++)
		t->grf[1].d[l] = gs_urb_handle(d->vs_start + (first + l) * d->vs_entry);
	memcpy(t->grf[2].b, d->vs_push, (size_t)d->vs_push_regs * 32);
	for (unsigned int s = 0; s < slots; s++)
		for (unsigned int c = 0; c < 4; c++)
			for (uint32_t l = 0; l < lanes; l++)
				memcpy(&t->grf[d->vs_grf + 4 * s + c].d[l],
				       d->st->urb + d->vs_start + (first + l) * d->vs_entry +
				       (slot0 + s) * 16 + c * 4, 4);
}

enum gs_cmd_result r3d_vs_check(struct r3d_draw *d)
{
	const uint32_t *vs = d->st->dw[R3D_S_VS];

	d->vue_dw = d->vs_entry / 4;
	d->vs_enable = d->st->valid[R3D_S_VS] && (vs[7] & VS_DW7_ENABLE);
	if (!d->vs_enable)
		return GS_CMD_NEXT;
	d->vs_ksp = ((uint64_t)vs[2] << 32 | vs[1]) & ~63ull;
	d->vs_bt = SDW(d, R3D_S_BT_VS, 1) & GENMASK(15, 5);
	d->vs_sampler = SDW(d, R3D_S_SAMPLER_VS, 1) & ~31u;
	d->vs_fp_alt = vs[3] & VS_DW3_FP_ALT;
	d->vs_grf = FIELD_GET(VS_DW6_GRF_START, vs[6]);
	d->vs_read_off = FIELD_GET(VS_DW6_READ_OFFSET, vs[6]);
	d->vs_read_len = FIELD_GET(VS_DW6_READ_LENGTH, vs[6]);
	d->vs_max_threads = FIELD_GET(VS_DW7_MAX_THREADS, vs[7]) + 1;
	if (r3d_push_constants(d, "VS", R3D_S_CONST_VS, R3D_S_PUSH_VS, d->vs_push,
			       &d->vs_push_regs) != GS_CMD_NEXT)
		return GS_CMD_HALT;
	if (d->vs_grf < 2 + d->vs_push_regs)
		return gs_cs_instruction_error(d->cs, "3DPRIMITIVE: 3DSTATE_VS Dispatch GRF Start "
					       "Register For URB Data %u overlaps r0, r1 and %u push "
					       "constant registers", d->vs_grf, d->vs_push_regs);
	if (d->vs_grf + 8 * d->vs_read_len > GSEU_NUM_GRF)
		return gs_cs_instruction_error(d->cs, "3DPRIMITIVE: 3DSTATE_VS reads %u slot pairs "
					       "from r%u: past r127", d->vs_read_len, d->vs_grf);
	if ((d->vs_read_off + d->vs_read_len) * 32 > d->vs_entry)
		return gs_cs_instruction_error(d->cs, "3DPRIMITIVE: 3DSTATE_VS reads slot pairs "
					       "%u..%u of a %u-byte VS URB entry", d->vs_read_off,
					       d->vs_read_off + d->vs_read_len, d->vs_entry);
	return GS_CMD_NEXT;
}

enum gs_cmd_result r3d_vs_run(struct r3d_draw *d, const uint32_t *index, const uint32_t *vid,
			      uint32_t n, uint32_t inst)
{
	for (uint32_t done = 0; done < n;) {
		uint32_t chunk = n - done < d->vs_entries ? n - done : d->vs_entries;

		if (gs_gpgpu_must_stop(d->cs))
			return GS_CMD_RETRY;	/* a reset request: the draw runs again */

		for (uint32_t v = 0; v < chunk; v++) {
			uint8_t *vue = d->st->urb + d->vs_start + v * d->vs_entry;

			memset(vue, 0, d->vs_entry);
			if (r3d_vf_fetch(d, index[done + v], vid[done + v], inst, vue) != GS_CMD_NEXT)
				return GS_CMD_HALT;
		}
		if (d->vs_enable) {
			struct vs_job job = { .d = d, .n = chunk };
			struct gs_eu_3d r3d = {
				.urb = d->st->urb, .urb_size = R3D_URB_BYTES,
				.urb_start = d->vs_start,
				.urb_end = d->vs_start + d->vs_entries * d->vs_entry,
				.urb_entry = d->vs_entry,
			};
			struct gs_eu_dispatch e;
			enum gs_cmd_result r;

			r3d_dispatch_init(d, &e, d->vs_ksp, 8, (chunk + 7) / 8);
			e.binding_table_ptr = d->vs_bt;
			e.sampler_state_ptr = d->vs_sampler;
			e.fp_alt = d->vs_fp_alt;
			e.max_threads = d->vs_max_threads;
			e.thread_payload = vs_payload;
			e.payload_arg = &job;
			e.r3d = &r3d;
			r = r3d_dispatch(d, "3DPRIMITIVE: vertex shader", &e);
			if (r != GS_CMD_NEXT)
				return r;
			d->vs_threads += (chunk + 7) / 8;
		}
		for (uint32_t v = 0; v < chunk; v++)
			memcpy(d->verts + (size_t)(done + v) * d->vue_dw,
			       d->st->urb + d->vs_start + v * d->vs_entry, d->vs_entry);
		done += chunk;
	}
	return GS_CMD_NEXT;
}
