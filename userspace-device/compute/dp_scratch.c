// SPDX-License-Identifier: MIT
/*
 * The scratch block read and write (DC0, descriptor bit 18 set: the
 * message types 16..31 of dp_table.c) (hw-spec-compute "Scratch space").
 * IGC spills registers with them; IGA names them "hword scratch block
 * read/write x1/x2/x4/x8" (EXT IGC's IGA decoder, MessageDecoderHDC.cpp).
 *
 * Descriptor, Gen8 (EXT Mesa brw_inst.h scratch_* fields and
 * gen7_block_read_scratch(): "block_size = ver >= 8 ? log2(num_regs) :
 * num_regs - 1"; checked with iga64 -p=8 -d):
 *   18     1: scratch
 *   17     0 read, 1 write
 *   16     channel mode: 0 OWord (every dword), 1 DWord (a write stores
 *          dword k of the data only where channel k % exec size is enabled)
 *   15     invalidate after read (a cache hint: gensim has no caches)
 *   14     reserved (gensim: refused)
 *   13:12  block size: 2^n registers (1, 2, 4, 8)
 *   11:0   offset into the thread's scratch slot, in 32-byte units
 *
 * Header (required, M0 = the thread's r0): M0.5 31:10 Scratch Space
 * Pointer, an offset from the General State Base Address; M0.3 3:0 Per
 * Thread Scratch Space, 1 KiB << n, n 0..11 (PRM Vol. 2 Part 2 Media and
 * General Purpose Pipeline (Ivy Bridge 2012), 1.7.1.5 "GPGPU Thread", R0
 * header).  The data comes from / goes to the registers after the
 * header, register k at slot byte offset * 32 + 32 k.
 *
 * gensim: a block that reaches past the slot is an error naming the
 * offset and the slot size (the hardware would touch the next thread's
 * slot); so is a scratch message in a dispatch without scratch space
 * (MEDIA_VFE_STATE with no Scratch Space Base Pointer).  The slot itself
 * is bounded, like every stateless access, by the General State Buffer
 * Size (past it reads 0 and drops writes).
 */
#include "compute/array_priv.h"

enum gseu_send_result ea_dp_scratch(struct ea_sf *c, unsigned int type)
{
	const struct gseu_send_msg *m = c->m;
	const struct gs_eu_dispatch *d = &c->run->d;
	bool write = type & 8;		/* descriptor bit 17 (type = bits 18:14) */
	bool dword = type & 4;		/* bit 16 */
	unsigned int regs = 1u << (m->func_ctrl >> 12 & 3);
	uint64_t off = (uint64_t)(m->func_ctrl & 0xfff) * 32;
	enum gseu_send_result r;
	struct ea_target tg;
	uint32_t ptr, enc;
	uint64_t slot;

	if (type & 1)
		return ea_sf_error(c, GS_EU_ERR_MESSAGE, "descriptor bit 14 is reserved in a "
				   "scratch block message");
	if (!d->scratch_per_thread)
		return ea_sf_error(c, GS_EU_ERR_MESSAGE, "the dispatch has no scratch space "
				   "(MEDIA_VFE_STATE Scratch Space Base Pointer 0)");
	if (!m->header)
		return ea_sf_error(c, GS_EU_ERR_MESSAGE, "no header: the scratch pointer is "
				   "M0.5 (descriptor bit 19)");
	r = ea_sf_check_len(c, 1 + (write ? regs : 0), write ? 0 : regs);
	if (r != GSEU_SEND_DONE)
		return r;
	ptr = m->payload[0].d[5] & ~0x3ffu;
	enc = m->payload[0].d[3] & 0xf;
	if (enc > 11)
		return ea_sf_error(c, GS_EU_ERR_MESSAGE, "Per Thread Scratch Space %u (M0.3 3:0) "
				   "is reserved (0..11: 1 KiB..2 MiB)", enc);
	slot = 1024ull << enc;
	if (off + 32ull * regs > slot)
		return ea_sf_error(c, GS_EU_ERR_MESSAGE, "%u registers at scratch offset %#llx "
				   "reach past the thread's %llu-byte scratch slot",
				   regs, (unsigned long long)off, (unsigned long long)slot);
	tg.kind = EA_T_MEM;
	tg.base = d->general_state_base + ptr;
	tg.size = d->general_state_size ? d->general_state_size - ptr : 1ull << 32;
	tg.slm = NULL;
	if (d->general_state_size && ptr >= d->general_state_size)
		tg.size = 0;
	for (unsigned int k = 0; k < regs; k++) {
		uint64_t at = off + 32ull * k;

		if (!write) {
			if (ea_target_read(c, &tg, at, m->response[k].d, 32))
				return GSEU_SEND_ERROR;
			continue;
		}
		for (unsigned int j = 0; j < 8; j++) {
			unsigned int ch = (8 * k + j) % m->exec_size;

			if (dword && !(m->channel_mask >> ch & 1))
				continue;
			if (ea_target_write(c, &tg, at + 4 * j, &m->payload[1 + k].d[j], 4))
				return GSEU_SEND_ERROR;
		}
	}
	return GSEU_SEND_DONE;
}
