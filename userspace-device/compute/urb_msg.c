// SPDX-License-Identifier: MIT
/*
 * URB messages (SFID 6) of 3D threads (Documentation/gpu/gensim/
 * hw-spec-3d.rst "URB messages"): the Gen8 SIMD8 write and read a vertex
 * shader uses to write its output VUEs (and may use to read its input).
 * Descriptor (EXT Mesa brw_eu.h brw_urb_desc(), Gen8): 3:0 opcode (7
 * SIMD8 write, 8 SIMD8 read), 14:4 global offset in OWords (128 bits, one
 * VUE slot: EXT Mesa brw_fs emit_urb_writes(), "The URB offset is in
 * 128-bit units"), 15 channel mask present, 17 per-slot offset present;
 * 19 header present (required).
 *
 * Header M0: dword k is the URB handle of lane k (the VS payload's r1).
 * Write: M1..Mn hold dwords G*4 .. G*4+n-1 of each lane's entry, one
 * register a dword, eight lanes a register (SoA).  Read: the response has
 * the same shape.  Only the lanes of the execution mask are written or
 * read.
 *
 * gensim: a handle is the entry's byte offset in the URB in 64-byte units
 * (the URB's row size, EXT Mesa gen8.xml 3DSTATE_URB_VS "Entry Allocation
 * Size" in 64-byte units); it must name the start of an entry of the
 * dispatch's region, and a message must stay inside its entry.  The
 * other opcodes (HWord/OWord, atomics) and the per-slot offset and
 * channel mask phases are refused by name.
 */
#include <string.h>

#include "compute/array_priv.h"

#define URB_SIMD8_WRITE		7
#define URB_SIMD8_READ		8
#define URB_HANDLE_UNIT		64u

static const char *const urb_opcodes[16] = {
	[0] = "URB_WRITE_HWORD", [1] = "URB_WRITE_OWORD", [2] = "URB_READ_HWORD",
	[3] = "URB_READ_OWORD", [4] = "URB_ATOMIC_MOV", [5] = "URB_ATOMIC_INC",
	[6] = "URB_ATOMIC_ADD",
};

/* The entry of @lane: 0 with *@off its first byte, or -1 after an error. */
static int lane_entry(struct ea_sf *c, const struct gs_eu_3d *u, unsigned int lane,
		      uint32_t *off)
{
	uint32_t handle = c->m->payload[0].d[lane];
	uint64_t at = (uint64_t)(handle & 0xffff) * URB_HANDLE_UNIT;

	if (handle >> 16 || at < u->urb_start || at + u->urb_entry > u->urb_end ||
	    (at - u->urb_start) % u->urb_entry) {
		ea_sf_error(c, GS_EU_ERR_MESSAGE,
			    "lane %u: URB handle %#x is not an entry of this dispatch (entries of "
			    "%u bytes at URB bytes %#x..%#x, handles in 64-byte units)", lane,
			    handle, u->urb_entry, u->urb_start, u->urb_end);
		return -1;
	}
	*off = (uint32_t)at;
	return 0;
}

enum gseu_send_result ea_sfid_urb(void *ctx, struct gseu_hw_thread *t,
				  const struct gseu_send_msg *m)
{
	struct ea_sf c;
	const struct gs_eu_3d *u;
	unsigned int op = m->desc & 0xf, goff = m->desc >> 4 & 0x7ff, n;
	bool write = op == URB_SIMD8_WRITE;

	ea_sf_init(&c, ctx, t, m, "URB message");
	u = c.run->d.r3d;
	if (!u || !u->urb)
		return ea_sf_error(&c, GS_EU_ERR_UNSUPPORTED,
				   "URB messages (SFID 6): this thread has no URB entries (only "
				   "vertex shader threads have)");
	if (op != URB_SIMD8_WRITE && op != URB_SIMD8_READ)
		return ea_sf_error(&c, GS_EU_ERR_UNSUPPORTED, "opcode %u (%s) is not implemented "
				   "by gensim: only SIMD8 write (7) and read (8)", op,
				   urb_opcodes[op] ? urb_opcodes[op] : "reserved");
	if (m->desc & (1u << 17))
		return ea_sf_error(&c, GS_EU_ERR_UNSUPPORTED,
				   "per-slot offsets (bit 17) are not implemented by gensim");
	if (m->desc & (1u << 15))
		return ea_sf_error(&c, GS_EU_ERR_UNSUPPORTED,
				   "channel mask phases (bit 15) are not implemented by gensim");
	if (!m->header)
		return ea_sf_error(&c, GS_EU_ERR_MESSAGE,
				   "no header (bit 19): M0 holds the lanes' URB handles");
	if (m->exec_size != 8)
		return ea_sf_error(&c, GS_EU_ERR_MESSAGE, "execution size %u: SIMD8 messages",
				   m->exec_size);
	if (write) {
		if (m->mlen < 2 || m->mlen > 9)
			return ea_sf_error(&c, GS_EU_ERR_MESSAGE, "message length %u: the header "
					   "and 1 to 8 data registers", m->mlen);
		if (m->rlen)
			return ea_sf_error(&c, GS_EU_ERR_MESSAGE,
					   "response length %u: a write returns nothing", m->rlen);
		n = m->mlen - 1u;
	} else {
		if (m->mlen != 1)
			return ea_sf_error(&c, GS_EU_ERR_MESSAGE,
					   "message length %u: a read is the header alone", m->mlen);
		if (m->rlen < 1 || m->rlen > 8 || !m->response)
			return ea_sf_error(&c, GS_EU_ERR_MESSAGE,
					   "response length %u: 1 to 8 registers", m->rlen);
		n = m->rlen;
	}
	if ((goff + 0u) * 16 + n * 4 > u->urb_entry)
		return ea_sf_error(&c, GS_EU_ERR_MESSAGE,
				   "dwords %u..%u are past the %u-byte URB entry", goff * 4,
				   goff * 4 + n - 1, u->urb_entry);
	for (unsigned int lane = 0; lane < 8; lane++) {
		uint32_t at;

		if (!ea_lane(m, lane))
			continue;
		if (lane_entry(&c, u, lane, &at))
			return GSEU_SEND_ERROR;
		at += goff * 16;
		for (unsigned int k = 0; k < n; k++) {
			uint8_t *p = u->urb + at + 4 * k;

			if (write)
				memcpy(p, &m->payload[1 + k].d[lane], 4);
			else
				memcpy(&m->response[k].d[lane], p, 4);
		}
	}
	return GSEU_SEND_DONE;
}
