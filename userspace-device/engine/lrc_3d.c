// SPDX-License-Identifier: MIT
/*
 * The render context's 3D state in its context image (hw-spec-3d "The 3D
 * state in the context image"), the way lrc_gpgpu.c keeps the GPGPU state.
 *
 * Page LRC_3D_PAGE (the last of a render context image) holds:
 *
 *   dword 0   0: nothing saved (the power-on state); GS_3D_IMAGE_MAGIC:
 *             the list follows; anything else makes the image invalid
 *   dword 1+  every latched 3D state command as it executed (the vertex
 *             buffers as one 3DSTATE_VERTEX_BUFFERS, 3DSTATE_VF_INSTANCING
 *             once per element), then MI_BATCH_BUFFER_END (MI_NOOPs may
 *             pad)
 *
 * A restore runs after the GPGPU state's (which brings STATE_BASE_ADDRESS
 * and PIPELINE_SELECT back) and executes the list through gs_3d_state(),
 * the decoder the commands use, without the pipeline check: a command the
 * 3D block would refuse, any other command, a bad length or a list
 * without an end make the image invalid, an instruction error at load.
 * Restore inhibit resets the state to power-on; save inhibit writes
 * nothing; a lite restore keeps it; an engine reset returns it to
 * power-on (engine.c).  The URB's contents are not context state.
 */
#include <errno.h>
#include <string.h>

#include "3d/r3d.h"
#include "cmd/cmd.h"
#include "core/device.h"
#include "core/log.h"
#include "cs/engine.h"
#include "engine/engine.h"

#define GS_3D_IMAGE_MAGIC	0x31443347u	/* "G3D1": layout 1 */
#define LIST_DWORDS		(GS_PAGE_SIZE / 4)

static uint64_t page(struct gs_cs *cs)
{
	return cs->lrca + (uint64_t)LRC_3D_PAGE * GS_PAGE_SIZE;
}

void gs_3d_save(struct gs_cs *cs)
{
	static _Thread_local uint32_t list[LIST_DWORDS];
	struct gs_fault f;
	int n;

	list[0] = GS_3D_IMAGE_MAGIC;
	n = gs_3d_state_list(cs->r3d, list + 1, LIST_DWORDS - 2);
	if (n < 0) {
		/* Cannot happen with the state's bounds (hw-spec-3d); saved as power-on. */
		gs_err("%s: context %#x: the 3D state does not fit its page", cs->eng->name,
			cs->ctx_id);
		n = 0;
	}
	list[1 + n] = MI_BATCH_BUFFER_END;
	if (gs_cs_mem(cs, true, page(cs), list, (size_t)(n + 2) * 4, true, &f))
		gs_cs_report_fault(cs, &f, "saving the 3D state");
}

static int bad_image(struct gs_cs *cs, unsigned int at, const char *why)
{
	gs_cs_context_error(cs, "context %#x: invalid 3D state at dword %#x of page %u of LRCA "
			    "%#x: %s", cs->ctx_id, at, LRC_3D_PAGE, cs->lrca, why);
	return -EINVAL;
}

int gs_3d_restore(struct gs_cs *cs, bool inhibit)
{
	static _Thread_local uint32_t img[LIST_DWORDS];
	unsigned int at = 1;
	struct gs_fault f;

	gs_3d_reset(cs->r3d);
	if (inhibit)
		return 0;
	if (gs_cs_mem(cs, true, page(cs), img, sizeof(img), false, &f)) {
		gs_cs_fault_error(cs, &f, "reading the 3D state of the context image");
		return -EFAULT;
	}
	if (!img[0])
		return 0;
	if (img[0] != GS_3D_IMAGE_MAGIC)
		return bad_image(cs, 0, "neither 0 nor the 3D state header");
	while (at < LIST_DWORDS) {
		uint32_t h = img[at];
		const struct gs_cmd_desc *d;
		unsigned int len;

		if (h == MI_NOOP) {
			at++;
			continue;
		}
		if (h == MI_BATCH_BUFFER_END)
			return 0;
		d = gs_cmd_find(h, GS_RCS, NULL);
		if (!d || d->handler != gs_cmd_3d_state)
			return bad_image(cs, at, "not a 3D state command");
		len = gs_cmd_length(d, h);
		if (len < d->min_len || len > d->max_len || at + len > LIST_DWORDS)
			return bad_image(cs, at, "a bad command length");
		/* Errors name this command, at its place in the image. */
		memcpy(cs->cmd, &img[at], len * 4);
		cs->cmd_len = len;
		cs->cmd_addr = page(cs) + 4ull * at;
		cs->cmd_ggtt = true;
		if (gs_3d_state(cs, &img[at], len) != GS_CMD_NEXT)
			return -EINVAL;
		at += len;
	}
	return bad_image(cs, at, "no MI_BATCH_BUFFER_END in the page");
}
