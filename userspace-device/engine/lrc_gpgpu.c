// SPDX-License-Identifier: MIT
/*
 * The render context's GPGPU state in its context image (hw-spec-engines
 * "The render context's GPGPU state").
 *
 * A render context image is LRC_RENDER_PAGES pages.  Page LRC_GPGPU_PAGE
 * (the third) holds, from its start, a header dword and the state as a
 * list of commands, the way the register-state page holds its registers as
 * MI_LOAD_REGISTER_IMMs:
 *
 *   dword 0   0: nothing saved (the power-on state); GS_GPGPU_IMAGE_MAGIC:
 *             the list follows; anything else makes the image invalid
 *   dword 1+  PIPELINE_SELECT GPGPU, then the STATE_BASE_ADDRESS (every
 *             field set so far), MEDIA_VFE_STATE, MEDIA_CURBE_LOAD and
 *             MEDIA_INTERFACE_DESCRIPTOR_LOAD that are latched, then
 *             PIPELINE_SELECT of the selected pipeline, MI_LOAD_REGISTER_IMM
 *             of GPGPU_DISPATCHDIMX/Y/Z, and MI_BATCH_BUFFER_END, all
 *             within the first 2 KiB (MI_NOOPs may pad)
 *
 * The data the loads latched sits beside them: the interface descriptors
 * at byte 2048 of the same page, the CURBE from page LRC_GPGPU_CURBE_PAGE
 * (16 pages, GS_GPGPU_CURBE_MAX bytes at most).  A restore executes the
 * list through the same decoders as the commands (cmd/cmd_gpgpu.h), with the
 * loads taking their data from the image, not from memory: the state
 * comes back exactly as it was latched, whatever happened to the memory
 * it was loaded from.  Any other command, a bad length or a list without
 * an end makes the image invalid: an instruction error at load, as for a
 * bad register-state page (hw-spec-engines "The context image").
 *
 * RING_CONTEXT_CONTROL's restore inhibit resets the state to power-on (3D
 * pipeline, nothing latched, DISPATCHDIM 0): it is engine context.  Save
 * inhibit writes nothing.  A lite restore keeps the state, and an engine
 * reset returns it to power-on (engine.c).
 */
#include <errno.h>
#include <string.h>

#include "cmd/cmd.h"
#include "cmd/cmd_gpgpu.h"
#include "core/device.h"
#include "core/log.h"
#include "cs/engine.h"
#include "gpgpu/media.h"

#define GS_GPGPU_IMAGE_MAGIC	0x47504731u	/* "1GPG": layout 1 */
#define LIST_DWORDS		512		/* the list's 2 KiB */
#define IDD_OFFSET		2048		/* the latched descriptors, in the page */

static const uint32_t dispatchdim[3] = { GPGPU_DISPATCHDIMX, GPGPU_DISPATCHDIMY,
					 GPGPU_DISPATCHDIMZ };

void gs_gpgpu_reset(struct gs_gpgpu *st)
{
	/* an open MEDIA_OBJECT_GRPID group is dropped: none of its threads ran */
	gs_media_group_free(st->group);
	st->group = NULL;
	st->pipeline = PIPELINE_SELECT_3D;
	st->sba_valid = st->vfe_valid = st->curbe_valid = st->idd_valid = false;
	memset(&st->sba, 0, sizeof(st->sba));
	memset(st->sba_dw, 0, sizeof(st->sba_dw));
	st->max_threads = st->curbe_alloc = st->curbe_len = 0;
	st->idd_count = 0;
}

static uint64_t page(struct gs_cs *cs, unsigned int n)
{
	return cs->lrca + (uint64_t)n * GS_PAGE_SIZE;
}

static void append(uint32_t *list, unsigned int *n, const uint32_t *dw, unsigned int len)
{
	memcpy(&list[*n], dw, len * 4);
	*n += len;
}

/* Write the state into the image of the context being switched out. */
void gs_gpgpu_save(struct gs_cs *cs)
{
	const struct gs_gpgpu *st = cs->gpgpu;
	uint32_t list[64], sel = PIPELINE_SELECT | PIPELINE_SELECT_GPGPU;
	unsigned int n = 0;
	struct gs_fault f;

	list[n++] = GS_GPGPU_IMAGE_MAGIC;
	/* The state commands need a media pipeline; the real one is selected after them. */
	append(list, &n, &sel, 1);
	if (st->sba_valid)
		append(list, &n, st->sba_dw, 16);
	if (st->vfe_valid)
		append(list, &n, st->vfe_dw, 9);
	if (st->curbe_valid)
		append(list, &n, st->curbe_dw, 4);
	if (st->idd_valid)
		append(list, &n, st->idd_dw, 4);
	sel = PIPELINE_SELECT | st->pipeline;
	append(list, &n, &sel, 1);
	list[n++] = MI_LOAD_REGISTER_IMM(3);
	for (unsigned int i = 0; i < 3; i++) {
		list[n++] = dispatchdim[i];
		list[n++] = gs_reg_read(cs->dev, dispatchdim[i]);
	}
	list[n++] = MI_BATCH_BUFFER_END;

	if (gs_cs_mem(cs, true, page(cs, LRC_GPGPU_PAGE), list, n * 4, true, &f) ||
	    (st->idd_valid &&
	     gs_cs_mem(cs, true, page(cs, LRC_GPGPU_PAGE) + IDD_OFFSET, (void *)st->idd,
		       st->idd_count * IDD_DWORDS * 4, true, &f)) ||
	    (st->curbe_valid && st->curbe_len &&
	     gs_cs_mem(cs, true, page(cs, LRC_GPGPU_CURBE_PAGE), (void *)st->curbe,
		       st->curbe_len, true, &f)))
		gs_cs_report_fault(cs, &f, "saving the GPGPU state");
}

/* GPGPU_DISPATCHDIMX/Y/Z are context state: power-on 0. */
static void clear_dispatchdim(struct gs_cs *cs)
{
	for (unsigned int i = 0; i < 3; i++)
		gs_cs_store(cs, dispatchdim[i], 0);
}

static int bad_image(struct gs_cs *cs, unsigned int at, const char *why)
{
	gs_cs_context_error(cs, "context %#x: invalid GPGPU state at dword %#x of page %u of "
			    "LRCA %#x: %s", cs->ctx_id, at, LRC_GPGPU_PAGE, cs->lrca, why);
	return -EINVAL;
}

/* MI_LOAD_REGISTER_IMM of the list: GPGPU_DISPATCHDIMX/Y/Z only. */
static int restore_lri(struct gs_cs *cs, const uint32_t *img, unsigned int at, unsigned int len)
{
	if (!(len & 1))
		return bad_image(cs, at, "MI_LOAD_REGISTER_IMM of whole pairs only");
	for (unsigned int k = 1; k + 1 < len; k += 2) {
		uint32_t off = img[at + k] & MI_REGISTER_OFFSET;

		if (off != GPGPU_DISPATCHDIMX && off != GPGPU_DISPATCHDIMY &&
		    off != GPGPU_DISPATCHDIMZ)
			return bad_image(cs, at + k, "only GPGPU_DISPATCHDIMX/Y/Z may be loaded");
		gs_cs_store(cs, off, img[at + k + 1]);
	}
	return 0;
}

/* One state command of the list, with the data the image saved for it. */
static int restore_command(struct gs_cs *cs, const uint32_t *img, unsigned int at,
			   const struct gs_cmd_desc *d, unsigned int len)
{
	const uint32_t *dw = &img[at];
	uint32_t bytes = FIELD_GET(MEDIA_LOAD_LENGTH, len >= 3 ? dw[2] : 0);
	enum gs_cmd_result r;
	struct gs_fault f;

	/* Errors name this command, at its place in the image. */
	memcpy(cs->cmd, dw, len * 4);
	cs->cmd_len = len;
	cs->cmd_addr = page(cs, LRC_GPGPU_PAGE) + 4ull * at;
	cs->cmd_ggtt = true;
	if (d->handler == gs_cmd_pipeline_select) {
		r = gs_gpgpu_select(cs, dw);
	} else if (d->handler == gs_cmd_state_base_address) {
		r = gs_gpgpu_sba(cs, dw);
	} else if (d->handler == gs_cmd_media_vfe_state) {
		r = gs_gpgpu_vfe(cs, dw);
	} else if (d->handler == gs_cmd_media_idd_load) {
		if (bytes > GS_GPGPU_IDD_BYTES)
			return bad_image(cs, at, "more interface descriptors than the page holds");
		r = gs_gpgpu_idd(cs, dw, (const uint8_t *)img + IDD_OFFSET);
	} else if (d->handler == gs_cmd_media_curbe_load) {
		static _Thread_local uint8_t curbe[GS_GPGPU_CURBE_MAX];

		if (bytes > GS_GPGPU_CURBE_MAX)
			return bad_image(cs, at, "a CURBE larger than its pages");
		if (bytes && gs_cs_mem(cs, true, page(cs, LRC_GPGPU_CURBE_PAGE), curbe, bytes,
				       false, &f)) {
			gs_cs_fault_error(cs, &f, "reading the saved CURBE");
			return -EFAULT;
		}
		r = gs_gpgpu_curbe(cs, dw, curbe);
	} else {
		return bad_image(cs, at, "not a GPGPU state command");
	}
	return r == GS_CMD_NEXT ? 0 : -EINVAL;
}

/*
 * Load the state of the context being restored (after its registers and
 * PDPs).  Returns 0, or a negative errno after an error that hung it.
 */
int gs_gpgpu_restore(struct gs_cs *cs, bool inhibit)
{
	static _Thread_local uint32_t img[GS_PAGE_SIZE / 4];
	struct gs_gpgpu *st = cs->gpgpu;
	unsigned int at = 1;
	struct gs_fault f;

	gs_gpgpu_reset(st);
	clear_dispatchdim(cs);
	if (inhibit)
		return 0;
	if (gs_cs_mem(cs, true, page(cs, LRC_GPGPU_PAGE), img, sizeof(img), false, &f)) {
		gs_cs_fault_error(cs, &f, "reading the GPGPU state of the context image");
		return -EFAULT;
	}
	if (!img[0])
		return 0;
	if (img[0] != GS_GPGPU_IMAGE_MAGIC)
		return bad_image(cs, 0, "neither 0 nor the GPGPU state header");
	while (at < LIST_DWORDS) {
		uint32_t h = img[at], op = h & (CMD_CLIENT | MI_OPCODE);
		const struct gs_cmd_desc *d;
		unsigned int len;
		int ret;

		if (op == MI_NOOP) {
			at++;
			continue;
		}
		if (op == MI_BATCH_BUFFER_END)
			return 0;
		d = gs_cmd_find(h, GS_RCS, NULL);
		if (!d)
			return bad_image(cs, at, "an unknown command");
		len = gs_cmd_length(d, h);
		if (len < d->min_len || len > d->max_len || at + len > LIST_DWORDS)
			return bad_image(cs, at, "a bad command length");
		ret = op == (MI_LOAD_REGISTER_IMM(1) & (CMD_CLIENT | MI_OPCODE)) ?
		      restore_lri(cs, img, at, len) : restore_command(cs, img, at, d, len);
		if (ret)
			return ret;
		at += len;
	}
	return bad_image(cs, at, "no MI_BATCH_BUFFER_END in the first 2 KiB");
}
