// SPDX-License-Identifier: MIT
/*
 * The render engine's GPGPU state commands (hw-spec-compute "GPGPU
 * commands"; PRM Vol. 2 Part 2 Media and General Purpose Pipeline
 * (Ivy Bridge 2012), 1.8 "Media State and Primitive Commands", IGT
 * lib/gpu_cmds.c and lib/gpgpu_fill.c; Beignet src/intel/intel_gpgpu.c;
 * Gen8 layouts EXT Mesa gen8.xml and Intel media-driver
 * mhw_render_hwcmd_g8_X.h): PIPELINE_SELECT, STATE_BASE_ADDRESS,
 * MEDIA_VFE_STATE, MEDIA_CURBE_LOAD, MEDIA_INTERFACE_DESCRIPTOR_LOAD and
 * MEDIA_STATE_FLUSH.
 *
 * They only latch state into the running context's struct gs_gpgpu
 * (gpgpu.h); the walker (cmd_gpgpu_walker.c) uses it.  As the hardware
 * does (PRM Vol. 2 Part 2 Media and General Purpose Pipeline
 * (Ivy Bridge 2012), 1.4.1.3 "Interface to State Variable Manager"; 1.2
 * "Media Pipeline Overview"), MEDIA_CURBE_LOAD and
 * MEDIA_INTERFACE_DESCRIPTOR_LOAD copy their data when they execute: a
 * later change of that memory does not reach a walker, a new load does.
 * The last command of each kind wins (T37, [PRM-MEDIA] 1.3.1.1 "Command
 * Sequence").
 *
 * gensim refuses what it does not implement, by name, with an instruction
 * error: stack size, slice disable, reserved bits and
 * encodings.  Fields with no effect on what a thread computes are
 * accepted: MOCS (gensim has no caches), the gateway bits of
 * MEDIA_VFE_STATE (a GPGPU barrier needs no gateway state), the URB sizes
 * (the payload goes straight into the GRF).  The scoreboard state is
 * latched with the rest: GPGPU threads never use it (T39), the media
 * commands do (cmd_gpgpu_media.c).
 */
#include <string.h>

#include "cmd/cmd.h"
#include "cmd/cmd_gpgpu.h"
#include "core/device.h"
#include "core/log.h"
#include "cs/engine.h"

enum gs_cmd_result gs_gpgpu_need_media(struct gs_cs *cs, const char *what)
{
	unsigned int p = cs->gpgpu->pipeline;

	if (p == PIPELINE_SELECT_MEDIA || p == PIPELINE_SELECT_GPGPU)
		return GS_CMD_NEXT;
	return gs_cs_instruction_error(cs, "%s with the %s pipeline selected: it needs PIPELINE_SELECT "
				       "media (1) or GPGPU (2)", what, gs_gpgpu_pipeline_name(p));
}

/* An instruction error if @dw has bits of @reserved set. */
static bool reserved(struct gs_cs *cs, const char *what, unsigned int n, uint32_t dw,
		     uint32_t reserved_bits)
{
	if (!(dw & reserved_bits))
		return false;
	gs_cs_instruction_error(cs, "%s DW%u = %#x: reserved bits %#x are set", what, n, dw,
				dw & reserved_bits);
	return true;
}

/*
 * PIPELINE_SELECT (EXT media-driver g8: bits 1:0, 15:2 reserved; the mask
 * bits 15:8 are Gen9).  Selecting the pipeline is all it does: gensim's
 * media/GPGPU state is kept across selections, as the context keeps it.
 */
enum gs_cmd_result gs_gpgpu_select(struct gs_cs *cs, const uint32_t *dw)
{
	unsigned int p = FIELD_GET(PIPELINE_SELECT_MASK, dw[0]);

	if (reserved(cs, "PIPELINE_SELECT", 0, dw[0], GENMASK(15, 2)))
		return GS_CMD_HALT;
	if (p == 3)
		return gs_cs_instruction_error(cs, "PIPELINE_SELECT: pipeline 3 is reserved");
	cs->gpgpu->pipeline = p;
	return GS_CMD_NEXT;
}

enum gs_cmd_result gs_cmd_pipeline_select(struct gs_cs *cs, const struct gs_cmd_desc *cmd,
					  const uint32_t *dw, unsigned int len)
{
	(void)cmd;
	(void)len;
	return gs_gpgpu_select(cs, dw);
}

/*
 * STATE_BASE_ADDRESS, Gen8: 16 dwords (EXT media-driver g8, Mesa gen8.xml).
 * Bases in dword pairs: low 31:12 address, 10:4 MOCS, 0 modify enable;
 * high dword bits 63:32 (gensim keeps 48 bits: a base past them is an
 * error).  Sizes in DW12-15: 31:12 in 4 KiB pages, bit 0 modify enable.
 * Only fields whose modify-enable bit is set change.
 */
static const struct {
	unsigned int dw;
	const char *name;
} sba_bases[] = {
	{ SBA_GENERAL, "General State" }, { SBA_SURFACE, "Surface State" },
	{ SBA_DYNAMIC, "Dynamic State" }, { SBA_INDIRECT, "Indirect Object" },
	{ SBA_INSTRUCTION, "Instruction" },
};

static uint64_t *sba_base(struct gs_gpgpu_sba *s, unsigned int dw)
{
	switch (dw) {
	case SBA_GENERAL: return &s->general;
	case SBA_SURFACE: return &s->surface;
	case SBA_DYNAMIC: return &s->dynamic;
	case SBA_INDIRECT: return &s->indirect;
	default: return &s->instruction;
	}
}

static uint64_t *sba_size(struct gs_gpgpu_sba *s, unsigned int dw)
{
	switch (dw) {
	case SBA_GENERAL_SIZE: return &s->general_size;
	case SBA_DYNAMIC_SIZE: return &s->dynamic_size;
	case SBA_INDIRECT_SIZE: return &s->indirect_size;
	default: return &s->instruction_size;
	}
}

enum gs_cmd_result gs_gpgpu_sba(struct gs_cs *cs, const uint32_t *dw)
{
	struct gs_gpgpu *st = cs->gpgpu;
	struct gs_gpgpu_sba next = st->sba;
	uint32_t merged[16];

	memcpy(merged, st->sba_dw, sizeof(merged));
	merged[0] = STATE_BASE_ADDRESS;
	if (reserved(cs, "STATE_BASE_ADDRESS", 3, dw[SBA_STATELESS_MOCS],
		     GENMASK(15, 0) | GENMASK(31, 23)))
		return GS_CMD_HALT;
	merged[SBA_STATELESS_MOCS] = dw[SBA_STATELESS_MOCS];
	for (unsigned int i = 0; i < sizeof(sba_bases) / sizeof(sba_bases[0]); i++) {
		unsigned int n = sba_bases[i].dw;
		uint64_t base = (uint64_t)dw[n + 1] << 32 | (dw[n] & SBA_ADDR_LO);

		if (!(dw[n] & SBA_MODIFY))
			continue;
		if (reserved(cs, "STATE_BASE_ADDRESS", n, dw[n], GENMASK(3, 1) | BIT(11)))
			return GS_CMD_HALT;
		if (base >> GEN8_PPGTT_VA_BITS)
			return gs_cs_instruction_error(cs, "STATE_BASE_ADDRESS: %s Base Address "
						       "%#llx is past 48 bits", sba_bases[i].name,
						       (unsigned long long)base);
		*sba_base(&next, n) = base;
		merged[n] = dw[n];
		merged[n + 1] = dw[n + 1];
	}
	for (unsigned int n = SBA_GENERAL_SIZE; n <= SBA_INSTRUCTION_SIZE; n++) {
		if (!(dw[n] & SBA_MODIFY))
			continue;
		if (reserved(cs, "STATE_BASE_ADDRESS", n, dw[n], GENMASK(11, 1)))
			return GS_CMD_HALT;
		*sba_size(&next, n) = dw[n] & SBA_SIZE;	/* pages << 12: bytes */
		merged[n] = dw[n];
	}
	st->sba = next;
	memcpy(st->sba_dw, merged, sizeof(merged));
	st->sba_valid = true;
	return GS_CMD_NEXT;
}

enum gs_cmd_result gs_cmd_state_base_address(struct gs_cs *cs, const struct gs_cmd_desc *cmd,
					     const uint32_t *dw, unsigned int len)
{
	(void)cmd;
	(void)len;
	return gs_gpgpu_sba(cs, dw);
}

/*
 * MEDIA_VFE_STATE's scratch space (hw-spec-compute "Scratch space"; EXT
 * Mesa gen8.xml MEDIA_VFE_STATE: DW1 31:10 Scratch Space Base Pointer,
 * 3:0 Per Thread Scratch Space, 1 KiB << n for n 0..11; DW2 15:0 Scratch
 * Space Base Pointer High).  The pointer is an offset from the General
 * State Base Address, and each hardware thread owns the slot
 * Scratch Space Base Pointer + FFTID * Per Thread Scratch Space ([PRM-MEDIA]
 * 1.5.1.10.5 "Local Memory / Scratch Space").  That slot pointer reaches the thread in
 * r0.5 31:10, 32 bits: gensim refuses a buffer whose last slot does not
 * fit them (the high dword among it), and, since Gen8 has no enable bit,
 * takes a pointer of 0 as "no scratch" (a Per Thread Scratch Space with it
 * is an error).  *@base, *@size: the pointer and the slot bytes, 0 for none.
 */
static int vfe_scratch(struct gs_cs *cs, const char *me, const uint32_t *dw, uint32_t threads,
		       uint32_t *base, uint32_t *size)
{
	uint32_t enc = FIELD_GET(VFE_DW1_SCRATCH_SIZE, dw[1]);
	uint32_t lo = dw[1] & VFE_DW1_SCRATCH_BASE, hi = dw[2] & VFE_DW2_SCRATCH_BASE_HIGH;

	*base = 0;
	*size = 0;
	if (!lo && !hi) {
		if (enc)
			gs_cs_instruction_error(cs, "%s: Per Thread Scratch Space %u without a "
						"Scratch Space Base Pointer", me, enc);
		return enc ? -1 : 0;
	}
	if (enc > 11) {
		gs_cs_instruction_error(cs, "%s: Per Thread Scratch Space %u is reserved (0..11: "
					"1 KiB..2 MiB)", me, enc);
		return -1;
	}
	if (hi || (uint64_t)lo + ((uint64_t)threads << (10 + enc)) > 1ull << 32) {
		gs_cs_instruction_error(cs, "%s: Scratch Space Base Pointer %#x%08x + %u threads x "
					"%u bytes reaches past 4 GiB: r0.5 holds 32 bits", me, hi,
					lo, threads, 1024u << enc);
		return -1;
	}
	*base = lo;
	*size = 1024u << enc;
	return 0;
}

/*
 * MEDIA_VFE_STATE, Gen8: 9 dwords (EXT media-driver g8; PRM Vol. 2 Part 2
 * Media and General Purpose Pipeline (Ivy Bridge 2012), 1.8.1
 * "MEDIA_VFE_STATE Command"; Mesa src/intel/genxml/gen8.xml,
 * MEDIA_VFE_STATE).  Maximum Number of Threads is count - 1 and at most the
 * device's threads ([PRM-MEDIA] 1.8.1 "MEDIA_VFE_STATE Command", T27);
 * Number of URB Entries at most 64 (T28); the CURBE Allocation Size bounds
 * MEDIA_CURBE_LOAD (T16), in 32-byte units, at most 2016 (1.8.1
 * "MEDIA_VFE_STATE Command").
 */
enum gs_cmd_result gs_gpgpu_vfe(struct gs_cs *cs, const uint32_t *dw)
{
	struct gs_gpgpu *st = cs->gpgpu;
	const struct gs_config *cfg = &cs->dev->cfg;
	uint32_t threads = cfg->slices * cfg->subslices * cfg->eus * cfg->threads;
	uint32_t max = FIELD_GET(VFE_DW3_MAX_THREADS, dw[3]) + 1;
	uint32_t curbe = FIELD_GET(VFE_DW5_CURBE_SIZE, dw[5]);
	const char *me = "MEDIA_VFE_STATE";
	uint32_t scratch_base, scratch_size;

	if (gs_gpgpu_need_media(cs, me) != GS_CMD_NEXT ||
	    reserved(cs, me, 1, dw[1], GENMASK(9, 8)) ||
	    reserved(cs, me, 2, dw[2], GENMASK(31, 16)) ||
	    reserved(cs, me, 3, dw[3], GENMASK(5, 0)) ||
	    reserved(cs, me, 4, dw[4], GENMASK(31, 2)) ||
	    reserved(cs, me, 6, dw[6], GENMASK(29, 8)))
		return GS_CMD_HALT;
	if (vfe_scratch(cs, me, dw, threads, &scratch_base, &scratch_size))
		return GS_CMD_HALT;
	if (dw[1] & VFE_DW1_STACK_SIZE)
		return gs_cs_instruction_error(cs, "%s: Stack Size %u is not implemented by gensim",
					       me, FIELD_GET(VFE_DW1_STACK_SIZE, dw[1]));
	if (dw[4] & VFE_DW4_SLICE_DISABLE)
		return gs_cs_instruction_error(cs, "%s: Slice Disable %u is not implemented by "
					       "gensim", me, FIELD_GET(VFE_DW4_SLICE_DISABLE, dw[4]));
	if (max > threads)
		return gs_cs_instruction_error(cs, "%s: Maximum Number of Threads %u (field %u) "
					       "exceeds the device's %u threads", me, max, max - 1,
					       threads);
	if (FIELD_GET(VFE_DW3_URB_ENTRIES, dw[3]) > 64)
		return gs_cs_instruction_error(cs, "%s: %u URB entries (at most 64)", me,
					       FIELD_GET(VFE_DW3_URB_ENTRIES, dw[3]));
	if (curbe * 32 > GS_GPGPU_CURBE_MAX)
		return gs_cs_instruction_error(cs, "%s: CURBE Allocation Size %u (at most %u)", me,
					       curbe, GS_GPGPU_CURBE_MAX / 32);
	memcpy(st->vfe_dw, dw, sizeof(st->vfe_dw));
	st->vfe_dw[0] = MEDIA_VFE_STATE;
	st->max_threads = max;
	st->curbe_alloc = curbe * 32;
	st->scratch_base = scratch_base;
	st->scratch_per_thread = scratch_size;
	st->vfe_valid = true;
	return GS_CMD_NEXT;
}

enum gs_cmd_result gs_cmd_media_vfe_state(struct gs_cs *cs, const struct gs_cmd_desc *cmd,
					  const uint32_t *dw, unsigned int len)
{
	(void)cmd;
	(void)len;
	return gs_gpgpu_vfe(cs, dw);
}

/*
 * The bytes [@off, @off + @len) of the dynamic state heap: 0 with *@va set,
 * or an instruction error (the Dynamic State Buffer Size bounds them when
 * it is set; 0 means no bound, gensim).
 */
static int dynamic_range(struct gs_cs *cs, const char *what, uint32_t off, uint32_t len,
			 uint64_t *va)
{
	const struct gs_gpgpu_sba *s = &cs->gpgpu->sba;

	if (s->dynamic_size && (uint64_t)off + len > s->dynamic_size) {
		gs_cs_instruction_error(cs, "%s: bytes %#x..%#llx are past the Dynamic State "
					"Buffer Size %#llx", what, off,
					(unsigned long long)off + len,
					(unsigned long long)s->dynamic_size);
		return -1;
	}
	*va = s->dynamic + off;
	if ((*va + len) >> GEN8_PPGTT_VA_BITS) {
		gs_cs_instruction_error(cs, "%s: Dynamic State Base %#llx + %#x is past 48 bits",
					what, (unsigned long long)s->dynamic, off);
		return -1;
	}
	return 0;
}

/*
 * The common part of the two loads: DW1 reserved, DW2 16:0 a length in
 * bytes, DW3 a 32-byte aligned offset from the dynamic state base
 * (PRM Vol. 2 Part 2 Media and General Purpose Pipeline (Ivy Bridge 2012),
 * 1.8.2 "MEDIA_CURBE_LOAD", 1.8.3 "MEDIA_INTERFACE_DESCRIPTOR_LOAD
 * Command").  Returns the length or -1 after an error.
 */
static int64_t load_args(struct gs_cs *cs, const char *what, const uint32_t *dw)
{
	uint32_t len = FIELD_GET(MEDIA_LOAD_LENGTH, dw[2]);

	if (gs_gpgpu_need_media(cs, what) != GS_CMD_NEXT || reserved(cs, what, 1, dw[1], ~0u) ||
	    reserved(cs, what, 2, dw[2], GENMASK(31, 17)))
		return -1;
	if ((len | dw[3]) & 31) {
		gs_cs_instruction_error(cs, "%s: length %#x and start %#x must be 32-byte aligned",
					what, len, dw[3]);
		return -1;
	}
	return len;
}

/*
 * Copy @len bytes at dynamic offset @off into @dst: from memory (a command;
 * a fault stops the context, page-table error) or from @data (a restore).
 */
static enum gs_cmd_result latch(struct gs_cs *cs, const char *what, uint32_t off, uint32_t len,
				void *dst, const void *data)
{
	uint64_t va;

	if (data) {
		memcpy(dst, data, len);
		return GS_CMD_NEXT;
	}
	if (dynamic_range(cs, what, off, len, &va))
		return GS_CMD_HALT;
	return len && gs_cs_read(cs, false, va, dst, len) ? GS_CMD_HALT : GS_CMD_NEXT;
}

/*
 * MEDIA_CURBE_LOAD: the constant data every walker's payload is cut from
 * (T12, T16).  It needs a MEDIA_VFE_STATE first: the load must fit the
 * CURBE Allocation Size.
 */
enum gs_cmd_result gs_gpgpu_curbe(struct gs_cs *cs, const uint32_t *dw, const void *data)
{
	struct gs_gpgpu *st = cs->gpgpu;
	const char *me = "MEDIA_CURBE_LOAD";
	int64_t len = load_args(cs, me, dw);

	if (len < 0)
		return GS_CMD_HALT;
	if (!st->vfe_valid)
		return gs_cs_instruction_error(cs, "%s before any MEDIA_VFE_STATE: the CURBE has no "
					       "allocation", me);
	if (len > st->curbe_alloc)
		return gs_cs_instruction_error(cs, "%s: %lld bytes exceed the CURBE Allocation Size "
					       "of %u bytes", me, (long long)len, st->curbe_alloc);
	/* A failed load leaves no CURBE: a walker that needs one says so. */
	st->curbe_valid = false;
	if (latch(cs, me, dw[3], (uint32_t)len, st->curbe, data) != GS_CMD_NEXT)
		return GS_CMD_HALT;
	memcpy(st->curbe_dw, dw, sizeof(st->curbe_dw));
	st->curbe_dw[0] = MEDIA_CURBE_LOAD;
	st->curbe_len = (uint32_t)len;
	st->curbe_valid = true;
	return GS_CMD_NEXT;
}

enum gs_cmd_result gs_cmd_media_curbe_load(struct gs_cs *cs, const struct gs_cmd_desc *cmd,
					   const uint32_t *dw, unsigned int len)
{
	(void)cmd;
	(void)len;
	return gs_gpgpu_curbe(cs, dw, NULL);
}

/*
 * MEDIA_INTERFACE_DESCRIPTOR_LOAD: 1..64 INTERFACE_DESCRIPTOR_DATAs of 32
 * bytes (T15: a length that is not a multiple of 32 or out of range is an
 * error; Gen8's 6-bit offset allows 64 where IVB had 32).  The descriptors
 * are decoded when a walker names one (cmd_gpgpu_walker.c).
 */
enum gs_cmd_result gs_gpgpu_idd(struct gs_cs *cs, const uint32_t *dw, const void *data)
{
	struct gs_gpgpu *st = cs->gpgpu;
	const char *me = "MEDIA_INTERFACE_DESCRIPTOR_LOAD";
	int64_t len = load_args(cs, me, dw);

	if (len < 0)
		return GS_CMD_HALT;
	if (len < 32 || len > GS_GPGPU_IDD_BYTES)
		return gs_cs_instruction_error(cs, "%s: Interface Descriptor Total Length %lld "
					       "(32 to %u bytes)", me, (long long)len,
					       GS_GPGPU_IDD_BYTES);
	st->idd_valid = false;
	if (latch(cs, me, dw[3], (uint32_t)len, st->idd, data) != GS_CMD_NEXT)
		return GS_CMD_HALT;
	memcpy(st->idd_dw, dw, sizeof(st->idd_dw));
	st->idd_dw[0] = MEDIA_INTERFACE_DESCRIPTOR_LOAD;
	st->idd_count = (unsigned int)(len / 32);
	st->idd_valid = true;
	return GS_CMD_NEXT;
}

enum gs_cmd_result gs_cmd_media_idd_load(struct gs_cs *cs, const struct gs_cmd_desc *cmd,
					 const uint32_t *dw, unsigned int len)
{
	(void)cmd;
	(void)len;
	return gs_gpgpu_idd(cs, dw, NULL);
}

/*
 * MEDIA_STATE_FLUSH (EXT media-driver g8: 5:0 IDD offset, 6 watermark
 * required, 7 flush to GO).  gensim runs a walker to completion before the
 * next command (cmd_gpgpu_walker.c), so by the time this executes every
 * thread before it has retired, not only been dispatched (T38), and the
 * resources a watermark asks for are all free.  What is left to check is
 * that a watermark names a loaded descriptor.
 */
enum gs_cmd_result gs_cmd_media_state_flush(struct gs_cs *cs, const struct gs_cmd_desc *cmd,
					    const uint32_t *dw, unsigned int len)
{
	struct gs_gpgpu *st = cs->gpgpu;
	unsigned int off = FIELD_GET(MSF_IDD_OFFSET, dw[1]);

	(void)cmd;
	(void)len;
	if (gs_gpgpu_need_media(cs, "MEDIA_STATE_FLUSH") != GS_CMD_NEXT ||
	    reserved(cs, "MEDIA_STATE_FLUSH", 1, dw[1], GENMASK(31, 8)))
		return GS_CMD_HALT;
	if ((dw[1] & MSF_WATERMARK_REQUIRED) && (!st->idd_valid || off >= st->idd_count))
		return gs_cs_instruction_error(cs, "MEDIA_STATE_FLUSH: the watermark names "
					       "interface descriptor %u, but %u are loaded", off,
					       st->idd_valid ? st->idd_count : 0);
	return GS_CMD_NEXT;
}
