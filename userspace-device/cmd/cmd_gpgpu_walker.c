// SPDX-License-Identifier: MIT
/*
 * GPGPU_WALKER, and what every render command that runs threads shares
 * (the media ones are cmd_gpgpu_media.c): decoding the interface
 * descriptor, the indirect data, the dispatch's common fields and running
 * it (hw-spec-compute "GPGPU commands", "The dispatch contract";
 * PRM Vol. 2 Part 2 Media and General Purpose Pipeline (Ivy Bridge 2012),
 * 1.4.2.4 "GPGPU Mode", 1.8.4 "INTERFACE_DESCRIPTOR_DATA", 1.8.6
 * "MEDIA_OBJECT Command", 1.8.10 "GPGPU_WALKER Command", IGT
 * lib/gpu_cmds.c and lib/gpgpu_fill.c; Beignet src/intel/intel_gpgpu.c;
 * Gen8 layouts EXT media-driver mhw_render_hwcmd_g8_X.h and
 * mhw_state_heap_hwcmd_g8_X.h, Mesa gen8.xml).
 *
 * A walker turns the latched state (gpgpu.h: STATE_BASE_ADDRESS,
 * MEDIA_VFE_STATE, the CURBE, the interface descriptor it names) and its
 * own dwords into one struct gs_eu_dispatch and runs it with
 * gs_eu_dispatch() on the device's EU array (gpgpu_array.c), on the engine
 * thread.  The call returns when every thread has ended: the command ends
 * there, so the commands after a walker (PIPE_CONTROL's post-sync write,
 * MI_STORE_DATA_IMM, the next walker) see all of its memory writes, with
 * or without a flush between them.
 *
 * How a dispatch ends becomes the engine's error reporting (hw-spec-engines
 * "Errors"):
 *   GS_EU_OK            the command is done
 *   GS_EU_ERR_FAULT     the array reported the fault (fault registers, page
 *                       fault interrupt); EIR bit 4 and the context stops
 *   GS_EU_ERR_ABORTED   a reset, a reset request or the device's end: the
 *                       command is not done (GS_CMD_RETRY); the engine is
 *                       reset, or runs the walker again if the request is
 *                       withdrawn
 *   any other           an instruction error (EIR bit 0) naming the status
 *                       and the array's message; the context stops.  That
 *                       includes GS_EU_ERR_HANG: a thread over its
 *                       instruction bound, a barrier that cannot complete,
 *                       the dispatch's time bound
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "cmd/cmd_gpgpu.h"
#include "compute/eu_array.h"
#include "core/device.h"
#include "core/log.h"
#include "core/trace.h"
#include "cs/engine.h"

/* How far a kernel may reach past its start when no Instruction Buffer Size bounds it. */
#define KERNEL_MAX		(1u << 20)

static bool idd_reserved(struct gs_cs *cs, const char *what, unsigned int off, unsigned int n,
			 uint32_t dw, uint32_t bits)
{
	if (!(dw & bits))
		return false;
	gs_cs_instruction_error(cs, "%s: interface descriptor %u DW%u = %#x: reserved bits %#x are "
				"set", what, off, n, dw, dw & bits);
	return true;
}

/*
 * Decode descriptor @off of the latched ones.  A bad descriptor is an
 * instruction error: an offset past the loaded ones (T14), reserved bits,
 * an SLM size that is not 0/4/8/16/32/64 KiB (T25), and what gensim does
 * not implement: the exception enables (they need a system routine,
 * STATE_SIP) and Single Program Flow.  Thread Priority and the prefetch
 * counts have no effect on results and are accepted; Denorm Mode 0 (flush)
 * is the interpreter's start state, and 1 (kernel-controlled) leaves cr0
 * to the kernel.
 */
int gs_gpgpu_decode_idd(struct gs_cs *cs, const char *what, unsigned int off,
			struct gs_gpgpu_idd *o)
{
	const struct gs_gpgpu *st = cs->gpgpu;
	const uint32_t *d;
	unsigned int slm;

	if (!st->idd_valid || off >= st->idd_count) {
		gs_cs_instruction_error(cs, "%s: Interface Descriptor Offset %u, but %u descriptors "
					"are loaded", what, off, st->idd_valid ? st->idd_count : 0);
		return -1;
	}
	d = st->idd[off];
	if (idd_reserved(cs, what, off, 0, d[0], GENMASK(5, 0)) ||
	    idd_reserved(cs, what, off, 1, d[1], GENMASK(31, 16)) ||
	    idd_reserved(cs, what, off, 2, d[2], GENMASK(6, 0) | GENMASK(10, 8) | BIT(12) |
						 GENMASK(15, 14) | GENMASK(31, 20)) ||
	    idd_reserved(cs, what, off, 3, d[3], GENMASK(1, 0)) ||
	    idd_reserved(cs, what, off, 4, d[4], GENMASK(31, 16)) ||
	    idd_reserved(cs, what, off, 6, d[6], GENMASK(15, 10) | GENMASK(31, 24)) ||
	    idd_reserved(cs, what, off, 7, d[7], GENMASK(31, 8)))
		return -1;
	if (d[2] & (IDD_DW2_SW_EXCEPTION | IDD_DW2_MASK_STACK_EXCEPTION |
		    IDD_DW2_ILLEGAL_OP_EXCEPTION)) {
		gs_cs_instruction_error(cs, "%s: interface descriptor %u enables exceptions (DW2 %#x): "
					"a system routine (STATE_SIP) is not implemented by gensim",
					what, off, d[2]);
		return -1;
	}
	if (d[2] & IDD_DW2_SPF) {
		gs_cs_instruction_error(cs, "%s: interface descriptor %u: Single Program Flow is not "
					"implemented by gensim", what, off);
		return -1;
	}
	slm = FIELD_GET(IDD_DW6_SLM_SIZE, d[6]);
	if (slm & (slm - 1)) {
		gs_cs_instruction_error(cs, "%s: interface descriptor %u: Shared Local Memory Size "
					"encoding %u (0, 1, 2, 4, 8 or 16)", what, off, slm);
		return -1;
	}
	*o = (struct gs_gpgpu_idd){
		.ksp = (uint64_t)FIELD_GET(IDD_DW1_KSP_HIGH, d[1]) << 32 | (d[0] & IDD_DW0_KSP),
		.sampler_ptr = d[3] & IDD_DW3_SAMPLER_PTR,
		.bt_ptr = d[4] & IDD_DW4_BT_PTR,
		.fp_alt = d[2] & IDD_DW2_FP_ALT,
		.rounding = (uint8_t)FIELD_GET(IDD_DW6_ROUNDING, d[6]),
		.read_length = (uint16_t)FIELD_GET(IDD_DW5_READ_LENGTH, d[5]),
		.read_offset = (uint16_t)FIELD_GET(IDD_DW5_READ_OFFSET, d[5]),
		.cross_length = (uint8_t)FIELD_GET(IDD_DW7_CROSS_THREAD_LENGTH, d[7]),
		.threads = (uint16_t)FIELD_GET(IDD_DW6_THREADS, d[6]),
		.barrier = d[6] & IDD_DW6_BARRIER,
		.slm = slm * 4096,
	};
	return 0;
}

/* The state every dispatch needs; an instruction error names what is missing. */
int gs_gpgpu_need_state(struct gs_cs *cs, const char *what)
{
	const struct gs_gpgpu *st = cs->gpgpu;
	const char *missing = !st->sba_valid ? "STATE_BASE_ADDRESS" :
			      !st->vfe_valid ? "MEDIA_VFE_STATE" :
			      !st->idd_valid ? "MEDIA_INTERFACE_DESCRIPTOR_LOAD" : NULL;

	if (!missing)
		return 0;
	gs_cs_instruction_error(cs, "%s without a %s in this context", what, missing);
	return -1;
}

/*
 * Bytes [@off, @off + @len) of the indirect object heap into a new buffer
 * (*@out, freed by the caller): NULL for @len 0.  An instruction error if
 * they pass the Indirect Object Buffer Size; a fault stops the context.
 */
int gs_gpgpu_read_indirect(struct gs_cs *cs, const char *what, uint32_t off, uint32_t len,
			   uint8_t **out)
{
	const struct gs_gpgpu_sba *s = &cs->gpgpu->sba;
	uint64_t va = s->indirect + off;

	*out = NULL;
	if (!len)
		return 0;
	if ((len | off) & 31) {
		gs_cs_instruction_error(cs, "%s: indirect data at %#x, %#x bytes: both must be "
					"32-byte aligned", what, off, len);
		return -1;
	}
	if (s->indirect_size && (uint64_t)off + len > s->indirect_size) {
		gs_cs_instruction_error(cs, "%s: indirect data %#x..%#llx is past the Indirect "
					"Object Buffer Size %#llx", what, off,
					(unsigned long long)off + len,
					(unsigned long long)s->indirect_size);
		return -1;
	}
	if ((va + len) >> GEN8_PPGTT_VA_BITS) {
		gs_cs_instruction_error(cs, "%s: Indirect Object Base + %#x is past 48 bits", what,
					off);
		return -1;
	}
	*out = malloc(len);
	if (!*out) {
		gs_cs_instruction_error(cs, "%s: out of host memory for %u bytes of indirect data",
					what, len);
		return -1;
	}
	if (gs_cs_read(cs, false, va, *out, len)) {
		free(*out);
		*out = NULL;
		return -1;
	}
	return 0;
}

/*
 * What every dispatch of this context shares: its address space (the
 * context's PPGTT: execlist contexts run with 48-bit PPGTT addressing, and
 * the state heaps are GPU virtual addresses), the bases and bounds of
 * STATE_BASE_ADDRESS, the thread limit of MEDIA_VFE_STATE and the
 * descriptor's kernel and state pointers.  The Instruction Buffer Size,
 * when set, bounds how far the kernel may reach.
 */
int gs_gpgpu_fill(struct gs_cs *cs, const char *what, const struct gs_gpgpu_idd *idd,
		  struct gs_eu_dispatch *d)
{
	const struct gs_gpgpu *st = cs->gpgpu;
	const struct gs_gpgpu_sba *s = &st->sba;
	uint64_t ksp = idd->ksp & ~63ull;
	uint64_t reach = KERNEL_MAX;

	if (s->instruction_size) {
		if (ksp + 16 > s->instruction_size) {
			gs_cs_instruction_error(cs, "%s: Kernel Start Pointer %#llx is past the "
						"Instruction Buffer Size %#llx", what,
						(unsigned long long)ksp,
						(unsigned long long)s->instruction_size);
			return -1;
		}
		if (s->instruction_size - ksp < reach)
			reach = s->instruction_size - ksp;
	}
	memset(d, 0, sizeof(*d));
	d->space = GS_MEM_PPGTT;
	d->pml4 = cs->pml4;
	d->engine = GS_RCS;
	d->general_state_base = s->general;
	d->general_state_size = s->general_size;
	d->surface_state_base = s->surface;
	d->dynamic_state_base = s->dynamic;
	d->instruction_base = s->instruction;
	d->max_threads = st->max_threads;
	d->scratch_base = st->scratch_base;
	d->scratch_per_thread = st->scratch_per_thread;
	d->kernel_start = idd->ksp;
	d->sampler_state_ptr = idd->sampler_ptr;
	d->binding_table_ptr = idd->bt_ptr;
	d->fp_alt = idd->fp_alt;
	d->rounding = idd->rounding;
	d->kernel_max_size = (uint32_t)reach;
	d->progress = gs_gpgpu_progress;
	d->progress_arg = cs;
	return 0;
}

/* Run @d and turn how it ended into the command's result (the table above). */
enum gs_cmd_result gs_gpgpu_run(struct gs_cs *cs, const char *what,
				 const struct gs_eu_dispatch *d)
{
	struct gs_device *dev = cs->dev;
	struct gs_eu_result res;
	enum gs_eu_status st;
	uint64_t tr_t0;

	if (gs_gpgpu_must_stop(cs))
		return GS_CMD_RETRY;
	tr_t0 = gs_trace_begin();
	st = gs_eu_dispatch(dev->eu, d, &res);
	gs_trace_walker(tr_t0, cs->eng->id, cs->ctx_id, what, st, res.groups, res.threads,
			res.instructions);
	gs_gpgpu_publish_retired(dev, gs_eu_array_retired(dev->eu));
	cs->gpgpu->dispatches++;
	switch (st) {
	case GS_EU_OK:
		gs_info("%s: %s done: %llu groups, %llu threads, %llu instructions", cs->eng->name,
			what, (unsigned long long)res.groups, (unsigned long long)res.threads,
			(unsigned long long)res.instructions);
		return GS_CMD_NEXT;
	case GS_EU_ERR_ABORTED:
		gs_info("%s: %s aborted after %llu groups: %s", cs->eng->name, what,
			(unsigned long long)res.groups, res.msg);
		return GS_CMD_RETRY;
	case GS_EU_ERR_FAULT:
		return gs_cs_reported_fault_error(cs, "%s: %s", what, res.msg);
	default:
		return gs_cs_instruction_error(cs, "%s: %s: %s", what, gs_eu_status_name(st),
					       res.msg);
	}
}

/*
 * GPGPU_WALKER, Gen8: 15 dwords (the row takes no other length, T32).
 *   DW0  8 Predicate Enable (run only while MI_PREDICATE_RESULT is set,
 *        T29), 10 Indirect Parameter Enable (the group counts come from
 *        GPGPU_DISPATCHDIMX/Y/Z, T30)
 *   DW1  5:0 Interface Descriptor Offset
 *   DW2  16:0 Indirect Data Length, DW3 31:6 Indirect Data Start Address
 *        (from the indirect object base): a non-zero length makes the
 *        indirect data the payload source instead of the CURBE
 *        (PRM Vol. 2 Part 2 Media and General Purpose Pipeline
 *        (Ivy Bridge 2012), 1.3.6 "Media GPGPU Payload Limitations": a
 *        walker takes CURBE or INDIRECT)
 *   DW4  31:30 SIMD Size, 21:16 / 13:8 / 5:0 depth / height / width
 *        counter maxima (count - 1)
 *   DW5, DW8, DW11  Thread Group ID Starting X, Y, Z; DW7, DW10, DW12 the
 *        X, Y, Z dimensions; DW6 and DW9 reserved
 *   DW13, DW14  Right and Bottom Execution Masks
 */
enum gs_cmd_result gs_cmd_gpgpu_walker(struct gs_cs *cs, const struct gs_cmd_desc *cmd,
				       const uint32_t *dw, unsigned int len)
{
	const char *me = "GPGPU_WALKER";
	struct gs_gpgpu *st = cs->gpgpu;
	unsigned int simd = FIELD_GET(WALKER_DW4_SIMD, dw[4]);
	uint32_t ind_len = FIELD_GET(MO_DW2_INDIRECT_LENGTH, dw[2]);
	struct gs_eu_dispatch d;
	enum gs_cmd_result r;
	uint8_t *indirect;
	struct gs_gpgpu_idd idd;

	(void)cmd;
	(void)len;
	if ((dw[0] & WALKER_PREDICATE) && !gs_cs_predicate_result(cs)) {
		gs_info("%s: %s predicated off (MI_PREDICATE_RESULT is clear)", cs->eng->name, me);
		return GS_CMD_NEXT;
	}
	if (st->pipeline != PIPELINE_SELECT_GPGPU)
		return gs_cs_instruction_error(cs, "%s with the %s pipeline selected: it needs "
					       "PIPELINE_SELECT GPGPU (2)", me,
					       gs_gpgpu_pipeline_name(st->pipeline));
	if (gs_gpgpu_need_state(cs, me))
		return GS_CMD_HALT;
	if (dw[0] & (BIT(9) | GENMASK(15, 11)))
		return gs_cs_instruction_error(cs, "%s: reserved header bits %#x are set", me,
					       dw[0] & (BIT(9) | GENMASK(15, 11)));
	if ((dw[1] & ~MEDIA_IDD_OFFSET) || (dw[2] & GENMASK(31, 17)) || (dw[3] & GENMASK(5, 0)) ||
	    (dw[4] & (GENMASK(29, 22) | GENMASK(15, 14) | GENMASK(7, 6))) || dw[6] || dw[9])
		return gs_cs_instruction_error(cs, "%s: reserved bits are set in DW1-DW4, DW6 or DW9",
					       me);
	if (simd == 3)
		return gs_cs_instruction_error(cs, "%s: SIMD Size 3 is reserved", me);
	if (gs_gpgpu_decode_idd(cs, me, FIELD_GET(MEDIA_IDD_OFFSET, dw[1]), &idd) || gs_gpgpu_fill(cs, me, &idd, &d))
		return GS_CMD_HALT;
	if (gs_gpgpu_read_indirect(cs, me, dw[3] & WALKER_DW3_INDIRECT_START, ind_len, &indirect))
		return GS_CMD_HALT;
	if (indirect) {
		/*
		 * Indirect data puts the thread's own registers before the
		 * cross-thread ones (hw-spec-compute "The thread payload").
		 */
		d.curbe = indirect;
		d.curbe_size = ind_len;
		d.indirect_payload = true;
	} else if (st->curbe_valid) {
		if (st->curbe_len > st->curbe_alloc)
			return gs_cs_instruction_error(cs, "%s: the CURBE holds %u bytes, more than "
						       "MEDIA_VFE_STATE now allocates (%u)", me,
						       st->curbe_len, st->curbe_alloc);
		d.curbe = st->curbe;
		d.curbe_size = st->curbe_len;
	}
	d.idd_offset = (uint8_t)FIELD_GET(MEDIA_IDD_OFFSET, dw[1]);
	d.threads_in_group = idd.threads;
	d.barrier_enable = idd.barrier;
	d.slm_size = idd.slm;
	d.curbe_read_length = idd.read_length;
	d.curbe_read_offset = idd.read_offset;
	d.cross_thread_length = idd.cross_length;
	d.simd = 8u << simd;
	d.thread_width = FIELD_GET(WALKER_DW4_WIDTH_MAX, dw[4]) + 1;
	d.thread_height = FIELD_GET(WALKER_DW4_HEIGHT_MAX, dw[4]) + 1;
	d.thread_depth = FIELD_GET(WALKER_DW4_DEPTH_MAX, dw[4]) + 1;
	d.start[0] = dw[5];
	d.start[1] = dw[8];
	d.start[2] = dw[11];
	if (dw[0] & WALKER_INDIRECT_PARAMS) {
		d.dim[0] = gs_reg_read(cs->dev, GPGPU_DISPATCHDIMX);
		d.dim[1] = gs_reg_read(cs->dev, GPGPU_DISPATCHDIMY);
		d.dim[2] = gs_reg_read(cs->dev, GPGPU_DISPATCHDIMZ);
	} else {
		d.dim[0] = dw[7];
		d.dim[1] = dw[10];
		d.dim[2] = dw[12];
	}
	d.right_mask = dw[13];
	d.bottom_mask = dw[14];
	r = gs_gpgpu_run(cs, me, &d);
	free(indirect);
	return r;
}
