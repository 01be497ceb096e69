// SPDX-License-Identifier: MIT
/*
 * OWord block read and write (DC0 types 0 and 8), the unaligned OWord
 * block read (DC0 type 1) and the memory fence (DC0 type 7)
 * (hw-spec-compute "Block messages"; the A64 block messages,
 * dp_a64_block.c, move their data the same way; 965/G35 PRM Vol. 4
 * Subsystem and Cores (2008), 5.10.2 "OWord Block Read/Write", for the
 * layout; the Gen8 types and block sizes from EXT Mesa brw_eu_defines.h;
 * Gen6+ counts the global offset in OWords, EXT Mesa
 * brw_oword_block_write_scratch(): "if (gen >= 6) offset /= 16").
 *
 * Header (required): M0.2 = global offset in OWords (16 bytes); for the
 * unaligned read, in bytes, DWord aligned (IGC for Broadwell puts the
 * byte address there, and the OWord index for the aligned write, in
 * intel_sub_group_block_read/write; Mesa's lowering of
 * SHADER_OPCODE_UNALIGNED_OWORD_BLOCK_READ agrees).  gensim: an
 * unaligned read's offset that is not DWord aligned is refused.
 * Message control 2:0 block size: 0 one OWord into/from the low half of
 * the register, 1 the high half, 2 two OWords, 3 four, 4 eight.  The
 * data is contiguous: register k holds OWords 2k and 2k+1.  A one-OWord
 * read leaves the other half of the register unchanged.
 *
 * gensim: the channel mask does not gate block messages (Mesa sends them
 * NoMask); bounds are per OWord (out of bounds reads 0, drops the write).
 *
 * Memory fence: message control bit 5 = commit: a one-register response
 * that only signals completion, its contents unchanged.  gensim performs
 * every access before the message returns, so the fence only orders the
 * host's memory (a sequentially consistent fence).
 */
#include <stdatomic.h>
#include <string.h>

#include "compute/array_priv.h"

static const struct {
	uint8_t owords, regs, half;	/* half: 0 low, 1 high, 2 whole registers */
} block_sizes[8] = {
	[0] = { 1, 1, 0 }, [1] = { 1, 1, 1 }, [2] = { 2, 1, 2 }, [3] = { 4, 2, 2 },
	[4] = { 8, 4, 2 },
};

/* Data registers block size @bs (message control 2:0) moves; 0: reserved. */
unsigned int ea_oword_block_regs(unsigned int bs)
{
	return bs < 8 ? block_sizes[bs].regs : 0;
}

/*
 * Move block size @bs between the data registers (the response, or the
 * payload after its one-register header) and @tg at byte @off, an OWord
 * at a time in ascending order (A32 and A64 alike).
 */
int ea_oword_block_move(struct ea_sf *c, const struct ea_target *tg, uint64_t off,
			unsigned int bs, bool write)
{
	const struct gseu_send_msg *m = c->m;

	for (unsigned int o = 0; o < block_sizes[bs].owords; o++) {
		unsigned int half = block_sizes[bs].half == 1 ? 1 : o % 2;
		unsigned int reg = o / 2;

		if (write) {
			if (ea_target_write(c, tg, off + 16ull * o,
					    m->payload[1 + reg].d + 4 * half, 16))
				return -1;
		} else {
			if (ea_target_read(c, tg, off + 16ull * o,
					   m->response[reg].d + 4 * half, 16))
				return -1;
		}
	}
	return 0;
}

enum gseu_send_result ea_dp_oword_block(struct ea_sf *c, unsigned int type)
{
	const struct gseu_send_msg *m = c->m;
	unsigned int bs = m->func_ctrl >> 8 & 7, regs = ea_oword_block_regs(bs);
	bool write = type == 8, unaligned = type == 1;
	enum gseu_send_result r;
	struct ea_target tg;
	uint64_t off;

	if (!regs)
		return ea_sf_error(c, GS_EU_ERR_MESSAGE, "block size %u (bits 10:8) is reserved",
				   bs);
	if (!m->header)
		return ea_sf_error(c, GS_EU_ERR_MESSAGE,
				   "no header: the global offset is M0.2 (descriptor bit 19)");
	r = ea_sf_check_len(c, 1 + (write ? regs : 0), write ? 0 : regs);
	if (r != GSEU_SEND_DONE)
		return r;
	off = unaligned ? m->payload[0].d[2] : (uint64_t)m->payload[0].d[2] * 16;
	if (off & 3)
		return ea_sf_error(c, GS_EU_ERR_MESSAGE, "global offset %#llx (M0.2, bytes) is "
				   "not DWord aligned", (unsigned long long)off);
	if (ea_target_bti(c, m->func_ctrl & 0xff, &tg))
		return GSEU_SEND_ERROR;
	if (ea_oword_block_move(c, &tg, off, bs, write))
		return GSEU_SEND_ERROR;
	return GSEU_SEND_DONE;
}

enum gseu_send_result ea_dp_fence(struct ea_sf *c, unsigned int type)
{
	bool commit = c->m->func_ctrl >> 13 & 1;
	enum gseu_send_result r = ea_sf_check_len(c, 1, commit ? 1 : 0);

	(void)type;
	if (r != GSEU_SEND_DONE)
		return r;
	atomic_thread_fence(memory_order_seq_cst);
	return GSEU_SEND_DONE;
}
