// SPDX-License-Identifier: MIT
/*
 * Typed surface read, write and atomic (DC1 types 5, 13 and 6): texels
 * of a RENDER_SURFACE_STATE surface addressed by integer coordinates,
 * converted to and from the surface format (hw-spec-compute "Typed
 * surface messages"; EXT Mesa brw_eu.h brw_dp_typed_surface_rw_desc(),
 * brw_dp_typed_atomic_desc(), and brw_lower_logical_sends.cpp for the
 * header; the formats are formats.c's).
 *
 * Descriptor: BTI 7:0 (a surface: not 253..255), type 18:14.  Read and
 * write: message control 13:12 = slot group (1: the low 8 slots of the
 * sample mask, 2: the high 8; 0 is SIMD4x2) and 11:8 the channels NOT
 * accessed (bit c set: channel c skipped), as untyped messages.  Atomic:
 * 11:8 the operation (dp_atomic.c's table), 12 the high 8 slots, 13
 * return data.  The messages are SIMD8: an (8|M8) send of a SIMD16
 * kernel is a second message.
 *
 * Payload: a header (required on Gen8: Mesa quotes the BDW PRM, "the
 * header must be present for ... Typed read/write/atomics"), whose M0.7
 * 15:0 is the sample mask: lane k takes part only if its execution
 * channel is on and sample-mask bit k (+ 8 for the high slot group) is
 * set (compute kernels send 0xffff, as IGC and Mesa do).  Then the
 * address registers, one dword per lane each, in the order U, V, R, LOD,
 * then the data: for a write one register per accessed channel (R, G, B,
 * A order), for an atomic its sources (dp_atomic.c).  gensim: the number
 * of address registers is what the message length leaves after the
 * header and the data (1..4); a missing coordinate is 0.  Response: a
 * read, one register per accessed channel; an atomic with return data,
 * one register of old values.
 *
 * Coordinates are unsigned texel indices.  1D: U < width (V, R must be
 * 0); 2D: U < width, V < height (R must be 0); BUFFER: U < the element
 * count (bytes / pitch).  Out of bounds (965/G35 PRM Vol. 4 Subsystem and
 * Cores (2008), 5 "Data Port", the per-element rule surface.c applies):
 * a read returns 0 in every channel, a write and an atomic do nothing
 * (an atomic returns 0).  A NULL surface is out of bounds everywhere.
 * LOD must be 0 on a surface with one MIP level; any other LOD is out of
 * bounds there.
 *
 * A write of a subset of a texel's channels keeps the others: gensim
 * reads the texel, replaces them and writes it back.  Typed atomics work
 * on R32_UINT and R32_SINT texels (4 bytes, done by surface.c's atomic,
 * so a typed and an untyped atomic on the same dword exclude each other).
 *
 * Not implemented, each a named error: SIMD4x2 (slot group 0, type 7),
 * 3D, CUBE and array surfaces, MIP levels other than 0, tiled surfaces,
 * formats outside formats.c and typed writes of the formats it has no
 * encoder for (half floats).
 */
#include <string.h>

#include "compute/array_priv.h"

#define TYPED_READ	5
#define TYPED_ATOMIC	6
#define TYPED_WRITE	13
#define BTI_FIRST_SPECIAL	240
#define LANES		8

struct typed {
	struct ea_surface surf;
	const struct ea_format *fmt;
	unsigned int type;
	unsigned int naddr;		/* address registers after the header */
	unsigned int nch;		/* read, write: accessed channels */
	uint8_t ch[4];
	unsigned int op;		/* atomic */
	bool ret;
	uint32_t smask;			/* the 8 sample-mask bits of this slot group */
	uint32_t dims[3];		/* U, V, R limits */
	bool null;
};

static const char *const type_names[8] = {
	"1D", "2D", "3D", "CUBE", "BUFFER", "STRBUF", "type 6 (reserved)", "NULL",
};

/* The descriptor's shape: slot group, channels or operation, lengths. */
static int parse(struct ea_sf *c, struct typed *t, enum gseu_send_result *res)
{
	const struct gseu_send_msg *m = c->m;
	unsigned int mc = m->func_ctrl >> 8 & 0x3f, data, rlen, hi;

	if (!m->header) {
		*res = ea_sf_error(c, GS_EU_ERR_MESSAGE, "no header (descriptor bit 19): typed "
				   "messages need one, M0.7 is the sample mask");
		return -1;
	}
	if (t->type == TYPED_ATOMIC) {
		t->op = mc & 0xf;
		t->ret = mc >> 5 & 1;
		hi = mc >> 4 & 1;
		if (!t->op) {
			*res = ea_sf_error(c, GS_EU_ERR_MESSAGE, "atomic operation 0 is reserved");
			return -1;
		}
		data = ea_atomic_ops[t->op].nsrc;
		rlen = t->ret ? 1 : 0;
	} else {
		unsigned int sg = mc >> 4 & 3;

		if (sg == 0 || sg == 3) {
			*res = ea_sf_error(c, sg ? GS_EU_ERR_MESSAGE : GS_EU_ERR_UNSUPPORTED,
					   "slot group %u (%s)", sg, sg ? "reserved" : "SIMD4x2");
			return -1;
		}
		hi = sg == 2;
		t->nch = 0;
		for (unsigned int ch = 0; ch < 4; ch++)
			if (!(mc >> ch & 1))
				t->ch[t->nch++] = (uint8_t)ch;
		if (!t->nch) {
			*res = ea_sf_error(c, GS_EU_ERR_MESSAGE,
					   "every channel masked (bits 11:8 = 0xf)");
			return -1;
		}
		data = t->type == TYPED_WRITE ? t->nch : 0;
		rlen = t->type == TYPED_READ ? t->nch : 0;
	}
	if (m->mlen < 2 + data || m->mlen > 5 + data) {
		*res = ea_sf_error(c, GS_EU_ERR_MESSAGE, "message length %u: a header, 1..4 "
				   "address registers (U, V, R, LOD) and %u data registers",
				   m->mlen, data);
		return -1;
	}
	t->naddr = m->mlen - 1 - data;
	*res = ea_sf_check_len(c, m->mlen, rlen);
	if (*res != GSEU_SEND_DONE)
		return -1;
	t->smask = m->payload[0].d[7] >> (hi ? 8 : 0) & 0xff;
	return 0;
}

/* The surface and its limits; 0, or an error answer. */
static int surface(struct ea_sf *c, struct typed *t)
{
	unsigned int bti = c->m->func_ctrl & 0xff;
	struct ea_surface *s = &t->surf;

	if (bti >= BTI_FIRST_SPECIAL) {
		ea_sf_error(c, GS_EU_ERR_MESSAGE, "binding table index %u: a typed message names "
			    "a surface (0..239), not stateless or SLM", bti);
		return -1;
	}
	if (ea_surface_load(c, FAULT_SRC_DATAPORT, bti, s))
		return -1;
	if (s->type == EA_SURF_NULL) {
		t->null = true;
		return 0;
	}
	if (s->type != EA_SURF_1D && s->type != EA_SURF_2D && s->type != EA_SURF_BUFFER) {
		ea_sf_error(c, s->type == EA_SURF_3D || s->type == EA_SURF_CUBE ?
			    GS_EU_ERR_UNSUPPORTED : GS_EU_ERR_MESSAGE,
			    "binding table index %u: typed access to a %s surface", bti,
			    type_names[s->type]);
		return -1;
	}
	if (s->array || (s->type != EA_SURF_BUFFER && s->depth)) {
		ea_sf_error(c, GS_EU_ERR_UNSUPPORTED, "binding table index %u: typed access to "
			    "a %s array (depth %u)", bti, type_names[s->type], s->depth + 1);
		return -1;
	}
	if (s->tile_mode) {
		ea_sf_error(c, GS_EU_ERR_UNSUPPORTED, "binding table index %u: typed access to "
			    "a tiled surface (tile mode %u)", bti, s->tile_mode);
		return -1;
	}
	t->fmt = ea_format_find(s->format);
	if (!t->fmt) {
		ea_sf_error(c, GS_EU_ERR_UNSUPPORTED, "binding table index %u: surface format "
			    "%#x", bti, s->format);
		return -1;
	}
	if (t->type == TYPED_WRITE && !t->fmt->encode) {
		ea_sf_error(c, GS_EU_ERR_UNSUPPORTED, "typed writes of %s", t->fmt->name);
		return -1;
	}
	if (t->type == TYPED_ATOMIC && (t->fmt->bpp != 4 || t->fmt->kind == EA_FMT_FLOAT)) {
		ea_sf_error(c, GS_EU_ERR_UNSUPPORTED, "typed atomics on %s (R32_UINT and R32_SINT "
			    "only)", t->fmt->name);
		return -1;
	}
	if (s->type == EA_SURF_BUFFER) {
		t->dims[0] = (uint32_t)(s->size / s->pitch > UINT32_MAX ? UINT32_MAX
								 : s->size / s->pitch);
		t->dims[1] = t->dims[2] = 1;
	} else {
		t->dims[0] = s->width;
		t->dims[1] = s->type == EA_SURF_2D ? s->height : 1;
		t->dims[2] = 1;
	}
	return 0;
}

/*
 * Lane @k's texel: 1 and its offset from the surface base in *off, 0 out
 * of bounds, -1 an error answered (a MIP level other than 0).
 */
static int texel_at(struct ea_sf *c, const struct typed *t, unsigned int k, uint64_t *off)
{
	const struct gseu_send_msg *m = c->m;
	uint32_t a[4] = { 0, 0, 0, 0 };

	if (t->null)
		return 0;
	for (unsigned int i = 0; i < t->naddr; i++)
		a[i] = ea_pdw(m, 1 + i, k);
	if (a[0] >= t->dims[0] || a[1] >= t->dims[1] || a[2] >= t->dims[2] ||
	    a[3] > t->surf.mip_count)
		return 0;
	if (a[3]) {
		ea_sf_error(c, GS_EU_ERR_UNSUPPORTED, "lane %u: typed access to MIP level %u", k,
			    a[3]);
		return -1;
	}
	if (t->surf.type == EA_SURF_BUFFER)
		*off = (uint64_t)a[0] * t->surf.pitch;
	else
		*off = (uint64_t)a[1] * t->surf.pitch + (uint64_t)a[0] * t->fmt->bpp;
	return 1;
}

static int lane_read(struct ea_sf *c, const struct typed *t, unsigned int k)
{
	ea_texel v;
	uint8_t buf[16];
	uint64_t off;
	int in = texel_at(c, t, k, &off);

	if (in < 0)
		return -1;
	memset(&v, 0, sizeof(v));
	if (in) {
		if (ea_gpu_read(c, FAULT_SRC_DATAPORT, (t->surf.base + off) & ((1ull << 48) - 1),
				buf, t->fmt->bpp))
			return -1;
		t->fmt->decode(buf, &v);
	}
	for (unsigned int i = 0; i < t->nch; i++)
		ea_rdw(c->m, i, k, v.u[t->ch[i]]);
	return 0;
}

static int lane_write(struct ea_sf *c, const struct typed *t, unsigned int k)
{
	uint64_t off, va;
	uint8_t buf[16];
	ea_texel v;
	int in = texel_at(c, t, k, &off);

	if (in <= 0)
		return in;
	va = (t->surf.base + off) & ((1ull << 48) - 1);
	memset(&v, 0, sizeof(v));
	if (t->nch < 4) {	/* keep the channels not written */
		if (ea_gpu_read(c, FAULT_SRC_DATAPORT, va, buf, t->fmt->bpp))
			return -1;
		t->fmt->decode(buf, &v);
	}
	for (unsigned int i = 0; i < t->nch; i++)
		v.u[t->ch[i]] = ea_pdw(c->m, 1 + t->naddr + i, k);
	t->fmt->encode(&v, buf);
	return ea_gpu_write(c, FAULT_SRC_DATAPORT, va, buf, t->fmt->bpp);
}

static int lane_atomic(struct ea_sf *c, const struct typed *t, unsigned int k)
{
	const struct gseu_send_msg *m = c->m;
	struct ea_target tg = { .kind = EA_T_MEM, .base = t->surf.base, .size = UINT64_MAX };
	unsigned int src = 1 + t->naddr, nsrc = ea_atomic_ops[t->op].nsrc;
	uint64_t off, r = 0;
	int in = texel_at(c, t, k, &off);

	if (in < 0)
		return -1;
	if (in && ea_target_atomic(c, &tg, off, t->op, 4, nsrc > 0 ? ea_pdw(m, src, k) : 0,
			     nsrc > 1 ? ea_pdw(m, src + 1, k) : 0, &r))
		return -1;
	if (t->ret)
		ea_rdw(m, 0, k, (uint32_t)r);
	return 0;
}

enum gseu_send_result ea_dp_typed(struct ea_sf *c, unsigned int type)
{
	enum gseu_send_result r;
	struct typed t;

	memset(&t, 0, sizeof(t));
	t.type = type;
	if (parse(c, &t, &r))
		return r;
	if (surface(c, &t))
		return GSEU_SEND_ERROR;
	for (unsigned int k = 0; k < LANES; k++) {
		int e;

		if (!ea_lane(c->m, k) || !(t.smask >> k & 1))
			continue;
		e = type == TYPED_READ ? lane_read(c, &t, k) :
		    type == TYPED_WRITE ? lane_write(c, &t, k) : lane_atomic(c, &t, k);
		if (e)
			return GSEU_SEND_ERROR;
	}
	return GSEU_SEND_DONE;
}
