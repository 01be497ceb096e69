// SPDX-License-Identifier: MIT
/*
 * MI commands that store into memory (hw-spec-commands "Stores"; the MI
 * opcode table of PRM Vol. 6 Command Stream Programming
 * (Cherryview 2015), "Memory Interface Commands for RCP",
 * privileged-command table ("User Mode Privileged Commands" (RCS));
 * layouts EXT Mesa gen8.xml and media-driver gen8): MI_STORE_DATA_IMM,
 * MI_STORE_DATA_INDEX, MI_COPY_MEM_MEM, MI_UPDATE_GTT.  Their privilege
 * rules (GGTT bits, always privileged) are in the command table; by the
 * time a handler runs, the command is allowed.
 */
#include "channel/chan.h"
#include "cmd/cmd.h"
#include "core/device.h"
#include "core/log.h"
#include "cs/cs.h"
#include "cs/engine.h"
#include "mem/mem.h"

/*
 * MI_STORE_DATA_IMM: the command's data dwords to consecutive memory at a
 * dword-aligned 48-bit address, in the GGTT with bit 22 else the PPGTT.
 * Bit 21 (Store QWord) pairs the data dwords into qwords, so it needs an
 * even number of them.  Length 2 is one dword, 3 one qword (or two
 * dwords), and so on (EXT media-driver gen8: "writing to consecutive
 * dword or qword memory locations").
 */
enum gs_cmd_result gs_cmd_store_data_imm(struct gs_cs *cs, const struct gs_cmd_desc *cmd,
					 const uint32_t *dw, unsigned int len)
{
	unsigned int n = len - 3;
	uint64_t addr = gs_cs_addr48(dw[1], dw[2], ~3u);

	(void)cmd;
	if ((dw[0] & MI_SDI_QWORD) && (n & 1))
		return gs_cs_instruction_error(cs, "a qword store with %u data dwords (must be even)",
					       n);
	if (gs_cs_write(cs, dw[0] & MI_SDI_USE_GGTT, addr, &dw[3], n * 4))
		return GS_CMD_HALT;
	return GS_CMD_NEXT;
}

/*
 * MI_STORE_DATA_INDEX: one dword (length 1) or two (length 2) at a byte
 * offset (DW1 11:2) into the engine's status page, or with bit 21 into
 * the running context's per-process status page (EXT Mesa gen8.xml "Use
 * Per-Process Hardware Status Page").
 */
enum gs_cmd_result gs_cmd_store_data_index(struct gs_cs *cs, const struct gs_cmd_desc *cmd,
					   const uint32_t *dw, unsigned int len)
{
	(void)cmd;
	if (gs_cs_hwsp_write(cs, dw[0] & MI_SDI_USE_PPHWSP, dw[1] & MI_SDI_OFFSET, &dw[2],
			     (len - 2) * 4))
		return GS_CMD_HALT;
	return GS_CMD_NEXT;
}

/*
 * MI_COPY_MEM_MEM: one dword from the source (DW3-4, GGTT with bit 22) to
 * the destination (DW1-2, GGTT with bit 21).
 */
enum gs_cmd_result gs_cmd_copy_mem_mem(struct gs_cs *cs, const struct gs_cmd_desc *cmd,
				       const uint32_t *dw, unsigned int len)
{
	uint64_t dst = gs_cs_addr48(dw[1], dw[2], ~3u), src = gs_cs_addr48(dw[3], dw[4], ~3u);
	uint32_t v;

	(void)cmd;
	(void)len;
	if (gs_cs_read(cs, dw[0] & MI_COPY_MEM_MEM_SRC_GGTT, src, &v, sizeof(v)) ||
	    gs_cs_write(cs, dw[0] & MI_COPY_MEM_MEM_DST_GGTT, dst, &v, sizeof(v)))
		return GS_CMD_HALT;
	return GS_CMD_NEXT;
}

/*
 * MI_UPDATE_GTT (gensim layout, after EXT i915's MI_UPDATE_GTT use on
 * later parts; the Gen8 layout is not in the sources read): length field
 * 9:0 = 2n for n entries; DW1 31:12 the GGTT address of the first page to
 * map (its entry index is DW1 >> 12); then n 64-bit PTEs, low dword
 * first.  The entries land in BAR0's GGTT as the driver's own writes
 * would, whole (one 64-bit store each), and every TLB of the device is
 * invalidated, so the next access sees them.
 */
enum gs_cmd_result gs_cmd_update_gtt(struct gs_cs *cs, const struct gs_cmd_desc *cmd,
				     const uint32_t *dw, unsigned int len)
{
	struct gs_device *dev = cs->dev;
	_Atomic uint64_t *ptes = (_Atomic uint64_t *)((uint8_t *)dev->chan->bar0 +
						      GENSIM_BAR0_GGTT_OFFSET);
	uint64_t first = dw[1] >> 12, n = (len - 2) / 2;

	(void)cmd;
	if ((len - 2) & 1)
		return gs_cs_instruction_error(cs, "an odd number of PTE dwords (%u)", len - 2);
	if ((first + n) << 12 > gs_ggtt_size(dev))
		return gs_cs_instruction_error(cs, "entries %#llx..%#llx are beyond the GGTT",
					       (unsigned long long)first,
					       (unsigned long long)(first + n - 1));
	for (uint64_t i = 0; i < n; i++)
		atomic_store_explicit(&ptes[first + i],
				      (uint64_t)dw[3 + 2 * i] << 32 | dw[2 + 2 * i],
				      memory_order_relaxed);
	gs_tlb_invalidate_all(dev);
	gs_info("%s: MI_UPDATE_GTT: %llu entries from GGTT %#llx", cs->eng->name,
		(unsigned long long)n, (unsigned long long)(first << 12));
	return GS_CMD_NEXT;
}
