// SPDX-License-Identifier: MIT
/*
 * The vertex fetcher (hw-spec-3d "Vertex fetch"; EXT Mesa gen8.xml
 * VERTEX_BUFFER_STATE, VERTEX_ELEMENT_STATE, 3DSTATE_VF_INSTANCING; the
 * component controls 3D_Vertex_Component_Control).  Element e of
 * 3DSTATE_VERTEX_ELEMENTS fills slot e (dwords 4e..4e+3) of the vertex's
 * VS URB entry: its format's components from its vertex buffer, each
 * component as its control says.
 *
 * Address of element e of vertex index i, instance n: the buffer's base +
 * Source Element Offset + pitch x (i, or with instancing enabled
 * start instance + n / step rate, and start instance for a step rate of 0).
 *
 * gensim: an element whose bytes are not all inside the buffer's Buffer
 * Size, and every element of a Null Vertex Buffer, reads as zeros; a
 * STORE_SRC of a component the format does not have stores 0 (x, y, z)
 * or 1 (w: 1.0, or integer 1 for integer formats); NOSTORE leaves the
 * dword as it was; STORE_PID, an element of a buffer never given and the
 * formats not in the table below are instruction errors.
 */
#include <math.h>
#include <string.h>

#include "3d/r3d_priv.h"
#include "core/device.h"

enum ctype { C_FLOAT32, C_SINT32, C_UINT32, C_UNORM8, C_SINT8, C_UINT8, C_UNORM16, C_SINT16,
	     C_UINT16, C_SSCALED16, C_USCALED16, C_FLOAT16 };

struct vformat {
	uint16_t code;
	uint8_t n;		/* components */
	uint8_t type;		/* enum ctype */
	bool bgr;		/* memory order B, G, R, A */
	const char *name;
};

static const struct vformat vformats[] = {
	{ R3D_FMT_R32G32B32A32_FLOAT, 4, C_FLOAT32, false, "R32G32B32A32_FLOAT" },
	{ R3D_FMT_R32G32B32A32_SINT, 4, C_SINT32, false, "R32G32B32A32_SINT" },
	{ R3D_FMT_R32G32B32A32_UINT, 4, C_UINT32, false, "R32G32B32A32_UINT" },
	{ R3D_FMT_R32G32B32_FLOAT, 3, C_FLOAT32, false, "R32G32B32_FLOAT" },
	{ R3D_FMT_R32G32B32_SINT, 3, C_SINT32, false, "R32G32B32_SINT" },
	{ R3D_FMT_R32G32B32_UINT, 3, C_UINT32, false, "R32G32B32_UINT" },
	{ R3D_FMT_R16G16B16A16_FLOAT, 4, C_FLOAT16, false, "R16G16B16A16_FLOAT" },
	{ R3D_FMT_R32G32_FLOAT, 2, C_FLOAT32, false, "R32G32_FLOAT" },
	{ R3D_FMT_R32G32_SINT, 2, C_SINT32, false, "R32G32_SINT" },
	{ R3D_FMT_R32G32_UINT, 2, C_UINT32, false, "R32G32_UINT" },
	{ R3D_FMT_B8G8R8A8_UNORM, 4, C_UNORM8, true, "B8G8R8A8_UNORM" },
	{ R3D_FMT_R8G8B8A8_UNORM, 4, C_UNORM8, false, "R8G8B8A8_UNORM" },
	{ R3D_FMT_R8G8B8A8_SINT, 4, C_SINT8, false, "R8G8B8A8_SINT" },
	{ R3D_FMT_R8G8B8A8_UINT, 4, C_UINT8, false, "R8G8B8A8_UINT" },
	{ R3D_FMT_R16G16_UNORM, 2, C_UNORM16, false, "R16G16_UNORM" },
	{ R3D_FMT_R16G16_SINT, 2, C_SINT16, false, "R16G16_SINT" },
	{ R3D_FMT_R16G16_UINT, 2, C_UINT16, false, "R16G16_UINT" },
	{ R3D_FMT_R16G16_FLOAT, 2, C_FLOAT16, false, "R16G16_FLOAT" },
	{ R3D_FMT_R32_SINT, 1, C_SINT32, false, "R32_SINT" },
	{ R3D_FMT_R32_UINT, 1, C_UINT32, false, "R32_UINT" },
	{ R3D_FMT_R32_FLOAT, 1, C_FLOAT32, false, "R32_FLOAT" },
	{ R3D_FMT_R16G16_SSCALED, 2, C_SSCALED16, false, "R16G16_SSCALED" },
	{ R3D_FMT_R16G16_USCALED, 2, C_USCALED16, false, "R16G16_USCALED" },
};

static const uint8_t csize[] = {
	[C_FLOAT32] = 4, [C_SINT32] = 4, [C_UINT32] = 4, [C_UNORM8] = 1, [C_SINT8] = 1,
	[C_UINT8] = 1, [C_UNORM16] = 2, [C_SINT16] = 2, [C_UINT16] = 2, [C_SSCALED16] = 2,
	[C_USCALED16] = 2, [C_FLOAT16] = 2,
};

static const struct vformat *vformat(unsigned int code)
{
	for (size_t i = 0; i < sizeof(vformats) / sizeof(vformats[0]); i++)
		if (vformats[i].code == code)
			return &vformats[i];
	return NULL;
}

static bool is_int(enum ctype t)
{
	return t == C_SINT32 || t == C_UINT32 || t == C_SINT8 || t == C_UINT8 ||
	       t == C_SINT16 || t == C_UINT16;
}

static float half_to_float(uint16_t h)
{
	unsigned int e = h >> 10 & 0x1f, m = h & 0x3ff;
	float v = e == 0 ? ldexpf((float)m, -24) :
		  e == 31 ? (m ? NAN : INFINITY) : ldexpf((float)(m | 0x400), (int)e - 25);

	return h & 0x8000 ? -v : v;
}

static uint32_t fbits(float f)
{
	uint32_t u;

	memcpy(&u, &f, 4);
	return u;
}

/* Component @c of the element bytes @p, as the VUE dword. */
static uint32_t component(const struct vformat *f, const uint8_t *p, unsigned int c)
{
	unsigned int mc = f->bgr && c < 3 ? 2 - c : c;
	const uint8_t *q = p + mc * csize[f->type];
	uint16_t h;
	uint32_t u;

	switch (f->type) {
	case C_FLOAT32:
	case C_SINT32:
	case C_UINT32:
		memcpy(&u, q, 4);
		return u;
	case C_UNORM8:
		return fbits((float)q[0] / 255.0f);
	case C_SINT8:
		return (uint32_t)(int32_t)(int8_t)q[0];
	case C_UINT8:
		return q[0];
	default:
		break;
	}
	memcpy(&h, q, 2);
	switch (f->type) {
	case C_UNORM16:
		return fbits((float)h / 65535.0f);
	case C_SINT16:
		return (uint32_t)(int32_t)(int16_t)h;
	case C_UINT16:
		return h;
	case C_SSCALED16:
		return fbits((float)(int16_t)h);
	case C_USCALED16:
		return fbits((float)h);
	default:
		return fbits(half_to_float(h));
	}
}

/*
 * 3DSTATE_VF_SGVS (EXT gen8.xml): VertexID and InstanceID written, as 32-bit
 * integers, into component Component Number of the VUE slot of element
 * Element Offset, after the element's own fetch.  gensim: the element
 * must be one of 3DSTATE_VERTEX_ELEMENTS' (EXT Mesa emits one for them).
 */
static enum gs_cmd_result sgvs(struct r3d_draw *d)
{
	uint32_t dw1 = SDW(d, R3D_S_VF_SGVS, 1);

	d->vid_elem = d->iid_elem = -1;
	if (dw1 & SGVS_DW1_VID_ENABLE) {
		d->vid_elem = (int)FIELD_GET(SGVS_DW1_VID_ELEMENT, dw1);
		d->vid_comp = (int)FIELD_GET(SGVS_DW1_VID_COMP, dw1);
	}
	if (dw1 & SGVS_DW1_IID_ENABLE) {
		d->iid_elem = (int)FIELD_GET(SGVS_DW1_IID_ELEMENT, dw1);
		d->iid_comp = (int)FIELD_GET(SGVS_DW1_IID_COMP, dw1);
	}
	if (d->vid_elem >= (int)d->st->ve_count || d->iid_elem >= (int)d->st->ve_count)
		return gs_cs_instruction_error(d->cs, "3DPRIMITIVE: 3DSTATE_VF_SGVS writes element "
					       "%d, past the %u of 3DSTATE_VERTEX_ELEMENTS",
					       d->vid_elem >= (int)d->st->ve_count ? d->vid_elem :
					       d->iid_elem, d->st->ve_count);
	return GS_CMD_NEXT;
}

/*
 * What every draw needs of the vertex elements, checked once: a list, its
 * formats, controls and buffers.
 */
enum gs_cmd_result r3d_vf_check(struct r3d_draw *d)
{
	const struct gs_3d *st = d->st;

	if (!st->ve_valid)
		return gs_cs_instruction_error(d->cs, "3DPRIMITIVE without a 3DSTATE_VERTEX_ELEMENTS "
					       "in this context");
	if (st->ve_count * 16 > d->vs_entry)
		return gs_cs_instruction_error(d->cs, "3DPRIMITIVE: %u vertex elements (%u bytes) do "
					       "not fit a VS URB entry of %u bytes",
					       st->ve_count, st->ve_count * 16, d->vs_entry);
	for (unsigned int e = 0; e < st->ve_count; e++) {
		uint32_t dw0 = st->ve[e][0], dw1 = st->ve[e][1];
		unsigned int vb = FIELD_GET(VE_DW0_VB, dw0);
		bool src = false;

		if (!(dw0 & VE_DW0_VALID))
			continue;
		for (unsigned int c = 0; c < 4; c++) {
			unsigned int ctl = FIELD_GET(VE_DW1_COMP(c), dw1);

			if (ctl == VFCOMP_STORE_PID)
				return gs_cs_instruction_error(d->cs, "3DPRIMITIVE: vertex element %u "
							       "component %u: STORE_PID is not "
							       "implemented by gensim", e, c);
			if (ctl == 5 || ctl == 6)
				return gs_cs_instruction_error(d->cs, "3DPRIMITIVE: vertex element %u "
							       "component %u: control %u is "
							       "reserved", e, c, ctl);
			src |= ctl == VFCOMP_STORE_SRC;
		}
		if (!src)
			continue;
		if (!vformat(FIELD_GET(VE_DW0_FORMAT, dw0)))
			return gs_cs_instruction_error(d->cs, "3DPRIMITIVE: vertex element %u: "
						       "Source Element Format %#x is not implemented "
						       "by gensim", e, FIELD_GET(VE_DW0_FORMAT, dw0));
		if (vb >= R3D_MAX_VB || !(st->vb_valid & (1ull << vb)))
			return gs_cs_instruction_error(d->cs, "3DPRIMITIVE: vertex element %u reads "
						       "vertex buffer %u, which no "
						       "3DSTATE_VERTEX_BUFFERS described", e, vb);
	}
	return sgvs(d);
}

enum gs_cmd_result r3d_vf_fetch(struct r3d_draw *d, uint32_t index, uint32_t vid,
				uint32_t instance, uint8_t *vue)
{
	const struct gs_3d *st = d->st;

	for (unsigned int e = 0; e < st->ve_count; e++) {
		uint32_t dw0 = st->ve[e][0], dw1 = st->ve[e][1], out[4];
		const struct vformat *f = vformat(FIELD_GET(VE_DW0_FORMAT, dw0));
		uint8_t bytes[16] = { 0 };
		bool have = false;

		if (!(dw0 & VE_DW0_VALID))
			continue;
		for (unsigned int c = 0; c < 4; c++)
			have |= FIELD_GET(VE_DW1_COMP(c), dw1) == VFCOMP_STORE_SRC;
		if (have) {
			const uint32_t *vb = st->vb[FIELD_GET(VE_DW0_VB, dw0)];
			uint64_t base = ((uint64_t)vb[2] << 32 | vb[1]) & ((1ull << 48) - 1);
			uint64_t i = index, off;
			unsigned int len = f->n * csize[f->type];

			if (st->inst_valid & (1ull << e) && st->inst[e][0] & VFI_DW1_ENABLE) {
				uint32_t step = st->inst[e][1];

				i = d->start_instance + (step ? instance / step : 0);
			}
			off = i * FIELD_GET(VB_DW0_PITCH, vb[0]) + FIELD_GET(VE_DW0_OFFSET, dw0);
			if (!(vb[0] & VB_DW0_NULL) && off + len <= vb[3] &&
			    gs_cs_read(d->cs, false, base + off, bytes, len))
				return GS_CMD_HALT;
		}
		memcpy(out, vue + 16 * e, 16);
		for (unsigned int c = 0; c < 4; c++) {
			switch (FIELD_GET(VE_DW1_COMP(c), dw1)) {
			case VFCOMP_STORE_SRC:
				if (c < f->n)
					out[c] = component(f, bytes, c);
				else
					out[c] = c < 3 ? 0 : is_int(f->type) ? 1 : fbits(1.0f);
				break;
			case VFCOMP_STORE_0:
				out[c] = 0;
				break;
			case VFCOMP_STORE_1_FP:
				out[c] = fbits(1.0f);
				break;
			case VFCOMP_STORE_1_INT:
				out[c] = 1;
				break;
			default:	/* NOSTORE */
				break;
			}
		}
		memcpy(vue + 16 * e, out, 16);
	}
	if (d->vid_elem >= 0)
		memcpy(vue + 16 * d->vid_elem + 4 * d->vid_comp, &vid, 4);
	if (d->iid_elem >= 0)
		memcpy(vue + 16 * d->iid_elem + 4 * d->iid_comp, &instance, 4);
	return GS_CMD_NEXT;
}
