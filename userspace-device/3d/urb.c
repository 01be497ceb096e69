// SPDX-License-Identifier: MIT
/*
 * The URB as 3DSTATE_URB_VS/HS/DS/GS and 3DSTATE_PUSH_CONSTANT_ALLOC_*
 * carve it (hw-spec-3d "The URB"; EXT Mesa gen8.xml 3DSTATE_URB_VS:
 * Starting Address in 8 KiB units, Entry Allocation Size in 64-byte units
 * minus 1, Number of URB Entries; 3DSTATE_PUSH_CONSTANT_ALLOC_VS:
 * Constant Buffer Offset and Size in KiB; the sizes of a Gen8 GT2, EXT
 * Mesa brw_device_info bdw_gt2: 384 KiB, 64..2560 VS entries).
 *
 * The layout is checked when a draw needs it, since the commands come in
 * any order: the VS region holds 64..2560 entries, a multiple of 8; every
 * region and every push constant allocation lies inside the URB (push
 * constants in its first 32 KiB), and none overlaps another.
 */
#include <string.h>

#include "3d/r3d_priv.h"
#include "core/device.h"

#define PUSH_KB_MAX	32u
#define INSTPM_CB_OFFSET_DISABLE	BIT(6)	/* EXT Mesa brw_defines.h / i965 */

struct range {
	const char *name;
	uint32_t lo, hi;	/* bytes [lo, hi) */
};

enum gs_cmd_result r3d_urb_layout(struct r3d_draw *d)
{
	static const char *const urb_names[4] = { "3DSTATE_URB_VS", "3DSTATE_URB_HS",
						  "3DSTATE_URB_DS", "3DSTATE_URB_GS" };
	static const char *const push_names[5] = {
		"3DSTATE_PUSH_CONSTANT_ALLOC_VS", "3DSTATE_PUSH_CONSTANT_ALLOC_HS",
		"3DSTATE_PUSH_CONSTANT_ALLOC_DS", "3DSTATE_PUSH_CONSTANT_ALLOC_GS",
		"3DSTATE_PUSH_CONSTANT_ALLOC_PS" };
	struct range r[9];
	unsigned int n = 0;

	for (unsigned int s = 0; s < 4; s++) {
		uint32_t dw = SDW(d, R3D_S_URB_VS + s, 1);
		uint32_t entries = FIELD_GET(URB_DW1_ENTRIES, dw);
		uint32_t size = (FIELD_GET(URB_DW1_ENTRY_SIZE, dw) + 1) * 64;
		uint64_t lo = (uint64_t)FIELD_GET(URB_DW1_START, dw) * 8192;
		uint64_t hi = lo + (uint64_t)entries * size;

		if (s == 0) {
			if (entries < 64 || entries > 2560 || entries % 8)
				return gs_cs_instruction_error(d->cs, "3DPRIMITIVE: %s: %u VS entries "
							       "(64..2560, a multiple of 8)",
							       urb_names[s], entries);
			d->vs_start = (uint32_t)lo;
			d->vs_entry = size;
			d->vs_entries = entries;
		}
		if (s == 3) {
			d->gs_start = (uint32_t)lo;
			d->gs_entry = size;
			d->gs_entries = entries;
		}
		if (!entries)
			continue;
		if (hi > R3D_URB_BYTES)
			return gs_cs_instruction_error(d->cs, "3DPRIMITIVE: %s: %u entries of %u "
						       "bytes from %#llx pass the %u KiB URB",
						       urb_names[s], entries, size,
						       (unsigned long long)lo, R3D_URB_BYTES / 1024);
		r[n++] = (struct range){ urb_names[s], (uint32_t)lo, (uint32_t)hi };
	}
	for (unsigned int s = 0; s < 5; s++) {
		uint32_t dw = SDW(d, R3D_S_PUSH_VS + s, 1);
		uint32_t off = FIELD_GET(PUSH_DW1_OFFSET, dw), size = FIELD_GET(PUSH_DW1_SIZE, dw);

		if (!size)
			continue;
		if (off + size > PUSH_KB_MAX)
			return gs_cs_instruction_error(d->cs, "3DPRIMITIVE: %s: %u KiB at %u KiB "
						       "pass the %u KiB of push constants",
						       push_names[s], size, off, PUSH_KB_MAX);
		r[n++] = (struct range){ push_names[s], off * 1024, (off + size) * 1024 };
	}
	for (unsigned int i = 0; i < n; i++)
		for (unsigned int j = i + 1; j < n; j++)
			if (r[i].lo < r[j].hi && r[j].lo < r[i].hi)
				return gs_cs_instruction_error(d->cs, "3DPRIMITIVE: the URB "
							       "allocations of %s (%#x..%#x) and "
							       "%s (%#x..%#x) overlap", r[i].name,
							       r[i].lo, r[i].hi, r[j].name, r[j].lo,
							       r[j].hi);
	return GS_CMD_NEXT;
}

/*
 * A stage's push constants (gen8.xml 3DSTATE_CONSTANT_VS, _PS): buffers 0..3
 * of DW1-DW2 Read Length registers each, at the GPU addresses of DW3-DW10,
 * delivered one after the other.  Buffer 0's address is an offset from the
 * Dynamic State Base Address unless INSTPM bit 6 (Constant Buffer Address
 * Offset Disable) is set, which makes it a GPU address like the others
 * (EXT Mesa i965 brw_state_upload.c sets that bit on Gen8, as anv does).
 * gensim reads them when the draw starts and bounds them by the stage's
 * 3DSTATE_PUSH_CONSTANT_ALLOC_* size.
 */
enum gs_cmd_result r3d_push_constants(struct r3d_draw *d, const char *stage, int const_slot,
				      int push_slot, uint8_t *out, unsigned int *regs)
{
	const uint32_t *c = d->st->dw[const_slot];
	unsigned int total = 0, alloc = FIELD_GET(PUSH_DW1_SIZE, SDW(d, push_slot, 1)) * 32;
	uint32_t instpm = gs_reg_read(d->cs->dev, RING_INSTPM(RENDER_RING_BASE));

	*regs = 0;
	if (!d->st->valid[const_slot])
		return GS_CMD_NEXT;
	for (unsigned int b = 0; b < 4; b++)
		total += c[1 + b / 2] >> (16 * (b % 2)) & 0xffff;
	if (total > R3D_MAX_PUSH_REGS || total > alloc)
		return gs_cs_instruction_error(d->cs, "3DPRIMITIVE: %s push constants: %u registers, "
					       "the allocation holds %u (and a stage at most %u)",
					       stage, total, alloc, R3D_MAX_PUSH_REGS);
	for (unsigned int b = 0, at = 0; b < 4; b++) {
		unsigned int len = c[1 + b / 2] >> (16 * (b % 2)) & 0xffff;
		uint64_t va = ((uint64_t)c[4 + 2 * b] << 32 | c[3 + 2 * b]) & ~31ull;

		if (!len)
			continue;
		if (!b && !(instpm & INSTPM_CB_OFFSET_DISABLE))
			va += d->sba->dynamic;
		if (gs_cs_read(d->cs, false, va & ((1ull << 48) - 1), out + at * 32, len * 32u))
			return GS_CMD_HALT;
		at += len;
	}
	*regs = total;
	return GS_CMD_NEXT;
}
