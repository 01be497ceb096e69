// SPDX-License-Identifier: MIT
/*
 * Byte scattered read and write (DC0 types 4 and 12) (hw-spec-compute
 * "Data port messages"; EXT Mesa brw_eu.h brw_dp_byte_scattered_rw_desc()).
 * The A64 forms are dp_a64_scattered.c.
 *
 * Message control 0 = SIMD16 (else SIMD8), 3:2 = data size (0 byte, 1
 * word, 2 dword).  Payload: [header] one byte offset per lane, then
 * (write) one dword per lane whose low bytes are stored.  Response
 * (read): one dword per lane, the bytes zero-extended (gensim: the
 * documents leave the upper bits open; IGA's decoder calls them
 * undefined).
 *
 * gensim: offsets need no alignment; each lane is one access of its
 * size, bounded and faulting as a whole.
 */
#include "compute/array_priv.h"

static enum gseu_send_result scatter(struct ea_sf *c, const struct ea_target *tg,
				     unsigned int lanes, unsigned int size, bool write)
{
	const struct gseu_send_msg *m = c->m;
	unsigned int areg = m->header, dreg = areg + lanes / 8;

	for (unsigned int k = 0; k < lanes; k++) {
		uint64_t a;
		uint32_t v = 0;

		if (!ea_lane(m, k))
			continue;
		a = ea_pdw(m, areg, k);
		if (write) {
			v = ea_pdw(m, dreg, k);
			if (ea_target_write(c, tg, a, &v, size))	/* little-endian low bytes */
				return GSEU_SEND_ERROR;
		} else {
			if (ea_target_read(c, tg, a, &v, size))
				return GSEU_SEND_ERROR;
			ea_rdw(m, 0, k, v);
		}
	}
	return GSEU_SEND_DONE;
}

enum gseu_send_result ea_dp_byte_scattered(struct ea_sf *c, unsigned int type)
{
	const struct gseu_send_msg *m = c->m;
	unsigned int lanes = m->func_ctrl >> 8 & 1 ? 16 : 8, regs = lanes / 8;
	unsigned int ds = m->func_ctrl >> 10 & 3;
	bool write = type == 12;
	enum gseu_send_result r;
	struct ea_target tg;

	if (ds == 3)
		return ea_sf_error(c, GS_EU_ERR_MESSAGE, "data size 3 (bits 11:10) is reserved");
	r = ea_sf_check_len(c, m->header + regs * (write ? 2 : 1), write ? 0 : regs);
	if (r != GSEU_SEND_DONE)
		return r;
	if (ea_target_bti(c, m->func_ctrl & 0xff, &tg))
		return GSEU_SEND_ERROR;
	return scatter(c, &tg, lanes, 1u << ds, write);
}
