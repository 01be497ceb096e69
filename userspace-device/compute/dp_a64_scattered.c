// SPDX-License-Identifier: MIT
/*
 * A64 scattered read (DC1 type 0x10) and write (DC1 type 0x1a): one
 * 64-bit address a lane; byte, dword and qword subtypes (hw-spec-compute
 * "A64 messages").  Sources: EXT Mesa brw_eu_defines.h (GEN8_DATAPORT_DC_
 * PORT1_A64_SCATTERED_WRITE, GEN9_..._A64_SCATTERED_READ, GEN8_A64_
 * SCATTERED_SUBTYPE_*), brw_eu.h brw_dp_a64_byte_scattered_rw_desc() and
 * brw_mdc_a64_ds(); EXT IGC, IGA's MessageDecoderHDC.cpp (MSD1R_A64_BS,
 * MSD1R_A64_DWS, MSD1R_A64_QWS).  IGC emits every subtype for Broadwell
 * (ocloc -device bdw; in a -cl-intel-greater-than-4GB-buffer-required
 * build all global accesses are A64), so the read is a Gen8 message
 * although Mesa names it GEN9.
 *
 * Descriptor: BTI 7:0 = 253 or 255, no header (surface.c ea_target_a64).
 * Message control (descriptor 13:8):
 *   1:0  subtype: 0 byte, 1 dword, 2 qword; 3 is the byte read with
 *        status return (not implemented)
 *   3:2  byte subtype: bytes a lane, 0 one, 1 two, 2 four (3: not
 *        implemented); dword and qword subtypes: elements a lane,
 *        1 << n (1, 2, 4, 8)
 *   4    SIMD16, else SIMD8
 *   5    (read) invalidate after read: a cache hint, no effect here
 *
 * Payload: the addresses, 2 registers (SIMD8) or 4 (SIMD16), lane k's at
 * qword k; then, for a write, the data.  Data (write payload or read
 * response):
 *   byte subtype: one dword a lane, its low 1, 2 or 4 bytes stored; a
 *     read zero-extends (gensim: IGA calls the upper bits undefined);
 *   dword and qword subtypes: element e of every lane in turn: element e
 *     of lane k is the dword (qword) number e * lanes + k of the data
 *     registers and lives at address(k) + e * size.  A SIMD8 dword x N
 *     message carries N registers, a qword x N one 2N, SIMD16 twice that.
 *
 * Lanes the channel mask disables neither read nor write memory; their
 * response dwords keep their contents (T06).  gensim: lanes go in
 * ascending order, each lane's bytes as one access (a later lane wins
 * where two write the same bytes); a dword or qword message needs every
 * enabled address aligned to its element (refused otherwise, before any
 * lane runs: surface.c ea_a64_aligned); byte addresses need no alignment.
 * A fault stops the message at that lane, the bytes before it landed.
 */
#include "compute/array_priv.h"

struct a64s {
	unsigned int lanes;		/* 8 or 16 */
	unsigned int subtype;		/* 0 byte, 1 dword, 2 qword */
	unsigned int size;		/* bytes an element (byte subtype: a lane) */
	unsigned int n;			/* elements a lane */
	unsigned int dregs;		/* data registers */
	bool write;
};

static int parse(struct ea_sf *c, unsigned int type, struct a64s *s)
{
	unsigned int ctrl = c->m->func_ctrl >> 8 & 0x3f, ds = ctrl >> 2 & 3;
	unsigned int regs;

	s->lanes = ctrl & 0x10 ? 16 : 8;
	s->subtype = ctrl & 3;
	s->write = type == 0x1a;
	regs = s->lanes / 8;
	switch (s->subtype) {
	case 0:
		if (ds == 3) {
			ea_sf_error(c, GS_EU_ERR_UNSUPPORTED,
				    "byte subtype with data size 3 (8 bytes a lane)");
			return -1;
		}
		s->size = 1u << ds;
		s->n = 1;
		s->dregs = regs;
		return 0;
	case 1:
	case 2:
		s->size = s->subtype == 1 ? 4 : 8;
		s->n = 1u << ds;
		s->dregs = regs * s->n * s->size / 4;
		return 0;
	}
	ea_sf_error(c, GS_EU_ERR_UNSUPPORTED, "subtype 3 (byte %s with status return)",
		    s->write ? "scattered write" : "gathering read");
	return -1;
}

/* The byte subtype: one dword of the register file a lane. */
static int byte_lane(struct ea_sf *c, const struct ea_target *tg, const struct a64s *s,
		     unsigned int k, uint64_t a)
{
	const struct gseu_send_msg *m = c->m;
	uint32_t v = 0;

	if (s->write) {
		v = ea_pdw(m, 2 * s->lanes / 8, k);
		return ea_target_write(c, tg, a, &v, s->size);	/* little-endian low bytes */
	}
	if (ea_target_read(c, tg, a, &v, s->size))
		return -1;
	ea_rdw(m, 0, k, v);
	return 0;
}

/* The dword and qword subtypes: n elements of one lane, one access. */
static int vector_lane(struct ea_sf *c, const struct ea_target *tg, const struct a64s *s,
		       unsigned int k, uint64_t a)
{
	const struct gseu_send_msg *m = c->m;
	unsigned int dw = s->size / 4, dreg = 2 * s->lanes / 8;
	uint32_t buf[16];		/* at most 8 qwords */

	if (s->write) {
		for (unsigned int e = 0; e < s->n; e++)
			for (unsigned int j = 0; j < dw; j++)
				buf[e * dw + j] = ea_pdw(m, dreg, (e * s->lanes + k) * dw + j);
		return ea_target_write(c, tg, a, buf, s->n * s->size);
	}
	if (ea_target_read(c, tg, a, buf, s->n * s->size))
		return -1;
	for (unsigned int e = 0; e < s->n; e++)
		for (unsigned int j = 0; j < dw; j++)
			ea_rdw(m, 0, (e * s->lanes + k) * dw + j, buf[e * dw + j]);
	return 0;
}

enum gseu_send_result ea_dp_a64_scattered(struct ea_sf *c, unsigned int type)
{
	const struct gseu_send_msg *m = c->m;
	unsigned int mlen, rlen;
	enum gseu_send_result r;
	struct ea_target tg;
	struct a64s s;

	if (parse(c, type, &s) || ea_target_a64(c, false, &tg))
		return GSEU_SEND_ERROR;
	mlen = 2 * s.lanes / 8 + (s.write ? s.dregs : 0);
	rlen = s.write ? 0 : s.dregs;
	if (mlen > 15 || rlen > 31)
		return ea_sf_error(c, GS_EU_ERR_MESSAGE,
				   "%u %u-byte elements a lane at SIMD%u take %u registers, more "
				   "than a message carries", s.n, s.size, s.lanes, s.dregs);
	r = ea_sf_check_len(c, mlen, rlen);
	if (r != GSEU_SEND_DONE)
		return r;
	if (s.subtype && ea_a64_aligned(c, 0, s.lanes, s.size))
		return GSEU_SEND_ERROR;
	for (unsigned int k = 0; k < s.lanes; k++) {
		uint64_t a = ea_paddr(m, 0, k);

		if (!ea_lane(m, k))
			continue;
		if (s.subtype ? vector_lane(c, &tg, &s, k, a) : byte_lane(c, &tg, &s, k, a))
			return GSEU_SEND_ERROR;
	}
	return GSEU_SEND_DONE;
}
