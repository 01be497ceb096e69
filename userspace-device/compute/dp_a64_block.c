// SPDX-License-Identifier: MIT
/*
 * A64 OWord block read (DC1 type 0x14) and write (DC1 type 0x15)
 * (hw-spec-compute "A64 messages").  Sources: EXT Mesa brw_eu.h
 * brw_dp_a64_oword_block_rw_desc() and brw_fs
 * emit_a64_oword_block_header() (the 64-bit address in header dwords
 * 0-1); EXT IGC, IGA's MessageDecoderHDC.cpp (MSD1R_A64_HWB /
 * MSD1W_A64_HWB: block size MDC_A64_DB_OW, header required).  IGC emits
 * both for Broadwell (intel_sub_group_block_read/write, ocloc -device
 * bdw), so they are Gen8 messages although Mesa's compiler names them
 * GEN9.
 *
 * Descriptor: BTI 7:0 = 253 or 255, header required (surface.c
 * ea_target_a64).  Message control (descriptor 13:8):
 *   2:0  block size, as the A32 OWord block (dp_block.c): 0 one OWord
 *        into/from the low half of the register, 1 the high half, 2 two
 *        OWords, 3 four, 4 eight; others reserved
 *   4:3  0: the address is OWord (16-byte) aligned; 1: it need only be
 *        DWord aligned (reads only: Mesa, "Writes can only have addresses
 *        aligned by OWORDs"; IGC's sub-group block read, whose pointer
 *        OpenCL's cl_intel_subgroups requires only 32-bit aligned, sends
 *        1, its write 0); 2 (dual block) and 3 (HWord block) are not
 *        implemented
 *   5    (read) invalidate after read: a cache hint, no effect here
 * Header M0.1:M0.0 = the 64-bit byte address; the other dwords are
 * ignored.  Data: register k holds OWords 2k and 2k+1 from the address
 * on; a one-OWord read leaves the other half of its register unchanged.
 *
 * gensim: the channel mask does not gate the message (IGC and Mesa send
 * it NoMask, as the A32 block); an address that is not aligned as the
 * subtype says is refused (the documents do not say what the data port
 * does with the low bits).  OWords go in ascending order; a fault stops
 * the message there, the OWords before it moved.
 */
#include "compute/array_priv.h"

enum gseu_send_result ea_dp_a64_block(struct ea_sf *c, unsigned int type)
{
	const struct gseu_send_msg *m = c->m;
	unsigned int bs = m->func_ctrl >> 8 & 7, sub = m->func_ctrl >> 11 & 3;
	unsigned int regs = ea_oword_block_regs(bs), align = sub ? 4 : 16;
	bool write = type == 0x15;
	enum gseu_send_result r;
	struct ea_target tg;
	uint64_t a;

	if (sub >= 2)
		return ea_sf_error(c, GS_EU_ERR_UNSUPPORTED, "subtype %u (%s, bits 12:11)", sub,
				   sub == 2 ? "dual block" : "HWord block");
	if (write && sub)
		return ea_sf_error(c, GS_EU_ERR_MESSAGE,
				   "subtype 1 (DWord-aligned address) on a write: A64 block "
				   "writes need an OWord-aligned address (subtype 0)");
	if (!regs)
		return ea_sf_error(c, GS_EU_ERR_MESSAGE, "block size %u (bits 10:8) is reserved",
				   bs);
	if (ea_target_a64(c, true, &tg))
		return GSEU_SEND_ERROR;
	r = ea_sf_check_len(c, 1 + (write ? regs : 0), write ? 0 : regs);
	if (r != GSEU_SEND_DONE)
		return r;
	a = ea_paddr(m, 0, 0);
	if (a & (align - 1))
		return ea_sf_error(c, GS_EU_ERR_MESSAGE, "address %#llx is not %u-byte aligned "
				   "(subtype %u)", (unsigned long long)a, align, sub);
	if (ea_oword_block_move(c, &tg, a, bs, write))
		return GSEU_SEND_ERROR;
	return GSEU_SEND_DONE;
}
