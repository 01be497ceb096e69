// SPDX-License-Identifier: MIT
/*
 * The render engine's GPGPU commands (hw-spec-compute "GPGPU commands"),
 * in their Gen8 layouts from gpgpu/gpgpu_cmds.h, the encodings the device
 * decodes with.  What gsim_dispatch_build() emits, for callers that lay
 * their state out themselves.
 */
#include <errno.h>
#include <string.h>

#include "core/kcompat.h"
#include "gensim_cmds.h"
#include "gpgpu/gpgpu_cmds.h"
#include "priv.h"

int gsim_emit_pipeline_select(struct gsim_batch *b, uint32_t pipeline)
{
	uint32_t dw = PIPELINE_SELECT | pipeline;

	if (pipeline > GSIM_PIPELINE_GPGPU)
		return lgsim_fail(-EINVAL, "pipeline %u", pipeline);
	return gsim_batch_emit(b, &dw, 1);
}

int gsim_emit_state_base_address(struct gsim_batch *b, uint64_t surface, uint64_t dynamic,
				 uint32_t dynamic_size, uint64_t instruction,
				 uint32_t instruction_size)
{
	uint32_t p[16] = { 0 };

	p[0] = STATE_BASE_ADDRESS;
	p[SBA_GENERAL] = SBA_MODIFY;		/* general state at 0, no bound */
	p[SBA_SURFACE] = (uint32_t)surface | SBA_MODIFY;
	p[SBA_SURFACE + 1] = (uint32_t)(surface >> 32);
	p[SBA_DYNAMIC] = (uint32_t)dynamic | SBA_MODIFY;
	p[SBA_DYNAMIC + 1] = (uint32_t)(dynamic >> 32);
	p[SBA_INDIRECT] = SBA_MODIFY;		/* indirect objects at 0 */
	p[SBA_INSTRUCTION] = (uint32_t)instruction | SBA_MODIFY;
	p[SBA_INSTRUCTION + 1] = (uint32_t)(instruction >> 32);
	p[SBA_DYNAMIC_SIZE] = (dynamic_size & SBA_SIZE) | SBA_MODIFY;
	p[SBA_INSTRUCTION_SIZE] = (instruction_size & SBA_SIZE) | SBA_MODIFY;
	return gsim_batch_emit(b, p, 16);
}

int gsim_emit_vfe_state(struct gsim_batch *b, uint32_t max_threads, uint32_t curbe_bytes)
{
	return gsim_emit_vfe_state_scratch(b, max_threads, curbe_bytes, 0, 0);
}

/*
 * Scratch Space Base Pointer (DW1 31:10, an offset from General State
 * Base) and Per Thread Scratch Space (DW1 3:0, 1 KiB << n) (EXT Mesa
 * gen8.xml MEDIA_VFE_STATE; hw-spec-compute "Scratch space").
 */
int gsim_emit_vfe_state_scratch(struct gsim_batch *b, uint32_t max_threads,
				uint32_t curbe_bytes, uint32_t scratch_ptr, uint32_t per_thread)
{
	uint32_t p[9] = { 0 };
	uint32_t n = 0;

	if (!max_threads)
		return lgsim_fail(-EINVAL, "MEDIA_VFE_STATE of 0 threads");
	while (per_thread > 1024u << n && n < 11)
		n++;
	if (per_thread && (per_thread != 1024u << n || !scratch_ptr || (scratch_ptr & 0x3ff)))
		return lgsim_fail(-EINVAL, "MEDIA_VFE_STATE scratch of %u bytes at %#x: a power of "
				  "two 1 KiB..2 MiB at a non-zero 1 KiB aligned offset",
				  per_thread, scratch_ptr);
	p[0] = MEDIA_VFE_STATE;
	if (per_thread)
		p[1] = scratch_ptr | n;
	p[3] = FIELD_PREP(VFE_DW3_MAX_THREADS, max_threads - 1) |
	       FIELD_PREP(VFE_DW3_URB_ENTRIES, 2) | VFE_DW3_BYPASS_GW;
	p[5] = FIELD_PREP(VFE_DW5_URB_ENTRY_SIZE, 2) |
	       FIELD_PREP(VFE_DW5_CURBE_SIZE, (curbe_bytes + 31) / 32);
	return gsim_batch_emit(b, p, 9);
}

static int load(struct gsim_batch *b, uint32_t header, uint32_t bytes, uint32_t offset)
{
	uint32_t p[4] = { header, 0, bytes, offset };

	return gsim_batch_emit(b, p, 4);
}

int gsim_emit_curbe_load(struct gsim_batch *b, uint32_t bytes, uint32_t offset)
{
	return load(b, MEDIA_CURBE_LOAD, bytes, offset);
}

int gsim_emit_idd_load(struct gsim_batch *b, uint32_t bytes, uint32_t offset)
{
	return load(b, MEDIA_INTERFACE_DESCRIPTOR_LOAD, bytes, offset);
}

int gsim_emit_gpgpu_walker(struct gsim_batch *b, uint32_t idd, uint32_t simd,
			   const uint32_t gs[3], const uint32_t groups[3])
{
	uint32_t p[15] = { 0 };

	if (simd != 8 && simd != 16 && simd != 32)
		return lgsim_fail(-EINVAL, "GPGPU_WALKER at SIMD%u", simd);
	p[0] = GPGPU_WALKER;
	p[1] = idd;
	p[4] = FIELD_PREP(WALKER_DW4_SIMD, simd == 8 ? 0 : simd == 16 ? 1 : 2) |
	       FIELD_PREP(WALKER_DW4_DEPTH_MAX, gs[2] - 1) |
	       FIELD_PREP(WALKER_DW4_HEIGHT_MAX, gs[1] - 1) |
	       FIELD_PREP(WALKER_DW4_WIDTH_MAX, gs[0] - 1);
	p[7] = groups[0];
	p[10] = groups[1];
	p[12] = groups[2];
	p[13] = simd == 32 ? ~0u : (1u << simd) - 1;	/* every lane of the last column */
	p[14] = ~0u;
	return gsim_batch_emit(b, p, 15);
}

int gsim_emit_media_state_flush(struct gsim_batch *b)
{
	uint32_t p[2] = { MEDIA_STATE_FLUSH, 0 };

	return gsim_batch_emit(b, p, 2);
}
