// SPDX-License-Identifier: MIT
/*
 * URB messages (SFID 6) of 3D threads (Documentation/gpu/gensim/
 * hw-spec-3d.rst "URB messages"): the Gen8 SIMD8 write and read a vertex
 * or geometry shader uses to write its output URB entry (and may use to
 * read its input).  Descriptor (EXT Mesa brw_eu.h brw_urb_desc(), Gen8):
 * 3:0 opcode (7 SIMD8 write, 8 SIMD8 read), 14:4 global offset in OWords
 * (128 bits, one VUE slot: EXT Mesa brw_fs emit_urb_writes(), "The URB
 * offset is in 128-bit units"), 15 channel mask present, 17 per-slot
 * offset present; 19 header present (required).
 *
 * Header M0: dword k is the URB handle of lane k (the payload's r1).  With
 * per-slot offsets, M1 dword k is lane k's offset in OWords, added to the
 * global offset (EXT Mesa brw_fs_visitor emit_urb_writes() for the GS:
 * "The per-slot offset is the Vertex Count"; the message is "Handles,
 * Per-Slot Offsets, Channel Masks, Data" as its emit_gs_control_data_bits()
 * lists it).  Write: the data registers hold dwords G*4 .. G*4+n-1 of each
 * lane's entry, one register a dword, eight lanes a register (SoA).  Read:
 * the response has the same shape.  Only the lanes of the execution mask
 * are written or read.
 *
 * gensim: a handle is the entry's byte offset in the URB in 64-byte units
 * (the URB's row size, EXT Mesa gen8.xml 3DSTATE_URB_VS "Entry Allocation
 * Size" in 64-byte units); it must name the start of an entry of the
 * dispatch's region (or, for a read, of its read-only input region: a
 * GS's input vertices), and a message must stay inside its entry.  The
 * other opcodes (HWord/OWord, atomics) and the channel mask phase are
 * refused by name.
 */
#include <string.h>

#include "compute/array_priv.h"

#define URB_SIMD8_WRITE		7
#define URB_SIMD8_READ		8

static const char *const urb_opcodes[16] = {
	[0] = "URB_WRITE_HWORD", [1] = "URB_WRITE_OWORD", [2] = "URB_READ_HWORD",
	[3] = "URB_READ_OWORD", [4] = "URB_ATOMIC_MOV", [5] = "URB_ATOMIC_INC",
	[6] = "URB_ATOMIC_ADD",
};

/* Does @at start an entry of @n-byte entries in [@lo, @hi)? */
static bool in_region(uint64_t at, uint32_t lo, uint32_t hi, uint32_t n)
{
	return n && at >= lo && at + n <= hi && (at - lo) % n == 0;
}

/*
 * The entry of @lane: 0 with *@off its first byte and *@size its bytes, or
 * -1 after an error.  A read may name an entry of the input region too.
 */
static int lane_entry(struct ea_sf *c, const struct gs_eu_3d *u, unsigned int lane, bool write,
		      uint32_t *off, uint32_t *size)
{
	uint32_t handle = c->m->payload[0].d[lane];
	uint64_t at = (uint64_t)(handle & 0xffff) * GS_URB_HANDLE_UNIT;

	if (!(handle >> 16) && in_region(at, u->urb_start, u->urb_end, u->urb_entry)) {
		*size = u->urb_entry;
	} else if (!(handle >> 16) && !write &&
		   in_region(at, u->in_start, u->in_end, u->in_entry)) {
		*size = u->in_entry;
	} else {
		ea_sf_error(c, GS_EU_ERR_MESSAGE,
			    "lane %u: URB handle %#x: not an entry to %s (%u-byte entries at %#x..%#x"
			    "%s, 64-byte units)", lane, handle, write ? "write" : "read",
			    u->urb_entry, u->urb_start, u->urb_end,
			    u->in_entry && write ? ", inputs read-only" : "");
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
	bool write = op == URB_SIMD8_WRITE, per_slot = m->desc & (1u << 17);
	unsigned int data = per_slot ? 2 : 1;	/* the first data register */

	ea_sf_init(&c, ctx, t, m, "URB message");
	u = c.run->d.r3d;
	if (!u || !u->urb)
		return ea_sf_error(&c, GS_EU_ERR_UNSUPPORTED,
				   "URB messages (SFID 6): this thread has no URB entries (only "
				   "vertex and geometry shader threads have)");
	if (op != URB_SIMD8_WRITE && op != URB_SIMD8_READ)
		return ea_sf_error(&c, GS_EU_ERR_UNSUPPORTED, "opcode %u (%s) is not implemented "
				   "by gensim: only SIMD8 write (7) and read (8)", op,
				   urb_opcodes[op] ? urb_opcodes[op] : "reserved");
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
		if (m->mlen < data + 1 || m->mlen > data + 8)
			return ea_sf_error(&c, GS_EU_ERR_MESSAGE, "message length %u: the header%s "
					   "and 1 to 8 data registers", m->mlen,
					   per_slot ? ", the per-slot offsets" : "");
		if (m->rlen)
			return ea_sf_error(&c, GS_EU_ERR_MESSAGE,
					   "response length %u: a write returns nothing", m->rlen);
		n = m->mlen - data;
	} else {
		if (m->mlen != data)
			return ea_sf_error(&c, GS_EU_ERR_MESSAGE, "message length %u: a read is the "
					   "header%s alone", m->mlen,
					   per_slot ? " and the per-slot offsets" : "");
		if (m->rlen < 1 || m->rlen > 8 || !m->response)
			return ea_sf_error(&c, GS_EU_ERR_MESSAGE,
					   "response length %u: 1 to 8 registers", m->rlen);
		n = m->rlen;
	}
	for (unsigned int lane = 0; lane < 8; lane++) {
		uint32_t at, size;
		uint64_t ow = goff;

		if (!ea_lane(m, lane))
			continue;
		if (lane_entry(&c, u, lane, write, &at, &size))
			return GSEU_SEND_ERROR;
		if (per_slot)
			ow += m->payload[1].d[lane];
		if (ow * 16 + n * 4 > size) {
			ea_sf_error(&c, GS_EU_ERR_MESSAGE,
				    "lane %u: dwords %llu..%llu are past the %u-byte URB entry", lane,
				    (unsigned long long)ow * 4, (unsigned long long)ow * 4 + n - 1,
				    size);
			return GSEU_SEND_ERROR;
		}
		at += (uint32_t)ow * 16;
		for (unsigned int k = 0; k < n; k++) {
			uint8_t *p = u->urb + at + 4 * k;

			if (write)
				memcpy(p, &m->payload[data + k].d[lane], 4);
			else
				memcpy(&m->response[k].d[lane], p, 4);
		}
	}
	return GSEU_SEND_DONE;
}
