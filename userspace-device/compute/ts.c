// SPDX-License-Identifier: MIT
/*
 * The thread spawner as a shared function (SFID 7): the end-of-thread
 * message (PRM Vol. 2 Part 2 Media and General Purpose Pipeline
 * (Ivy Bridge 2012), 1.7.2 "Thread Spawn Message", 1.7.2.1 "Message
 * Descriptor"; Mesa src/intel/compiler/brw_eu_defines.h and brw_eu.h
 * (brw_dp_desc()): IGT and Mesa end a compute thread with desc
 * 0x02000010, a copy of r0 as the one payload register, EOT).
 *
 * Descriptor function control: 19 header present (must be 0), 4 resource
 * select (EOT: 1 = keep the URB handle, 0 = dereference it), 1 requester
 * type (0 root, 1 child), 0 opcode (0 dereference/EOT, 1 spawn).
 * Payload M0.5[9:0] is the FFTID whose resources end.
 *
 * gensim: GPGPU threads are roots with no URB handle, so both resource
 * selects retire the thread; an opcode-0 message without EOT dereferences
 * nothing and does nothing; spawning (a media feature) is not
 * implemented; an EOT naming another thread's FFTID is refused (on
 * hardware it would free that thread's slot under it).
 */
#include "compute/array_priv.h"

enum gseu_send_result ea_sfid_ts(void *ctx, struct gseu_hw_thread *t,
				 const struct gseu_send_msg *m)
{
	struct ea_sf c;
	uint32_t fftid;
	enum gseu_send_result r;

	ea_sf_init(&c, ctx, t, m, "thread spawner message");
	if (m->header)
		return ea_sf_error(&c, GS_EU_ERR_MESSAGE,
				   "header present (bit 19): thread spawner messages have none");
	if (m->func_ctrl & 1)
		return ea_sf_error(&c, GS_EU_ERR_UNSUPPORTED,
				   "spawning a thread (opcode 1) is a media feature gensim does not "
				   "implement%s", m->eot ? "; and a thread cannot end with it" : "");
	if (m->func_ctrl & 2)
		return ea_sf_error(&c, GS_EU_ERR_MESSAGE,
				   "requester type child (bit 1): GPGPU threads are root threads");
	r = ea_sf_check_len(&c, 1, 0);
	if (r != GSEU_SEND_DONE)
		return r;
	if (!m->eot)
		return GSEU_SEND_DONE;
	fftid = m->payload[0].d[5] & 0x3ff;
	if (fftid != c.s->fftid)
		return ea_sf_error(&c, GS_EU_ERR_MESSAGE,
				   "end of thread names FFTID %u (M0.5), this thread is %u: send a "
				   "copy of r0", fftid, c.s->fftid);
	return GSEU_SEND_DONE;
}
