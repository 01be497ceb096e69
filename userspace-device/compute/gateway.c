// SPDX-License-Identifier: MIT
/*
 * The message gateway (SFID 3): the thread-group barrier
 * (PRM Vol. 2 Part 2 Media and General Purpose Pipeline
 * (Ivy Bridge 2012), 1.3.3 "Programming the GPGPU Pipeline", 1.5.1.10.4
 * "Automatic Barrier Management"; Mesa brw_eu_emit.c, brw_barrier();
 * Mesa src/intel/compiler/brw_eu_defines.h and brw_eu.h (brw_dp_desc()):
 * Gen7/8 BarrierMsg is sub-function 4, the payload's DW2 is r0.2 &
 * 0x0f000000; 965/G35 PRM Vol. 4 Subsystem and Cores (2008), 7 "Message
 * Gateway" for AckReq and the notification counter).
 *
 * Descriptor function control: 2:0 sub-function (0 OpenGateway, 1
 * CloseGateway, 2 ForwardMsg, 3 GetTimeStamp, 4 BarrierMsg, 5
 * UpdateGatewayState, 6 MMIO read/write [Mesa, EXT]), 14 AckReq, 15
 * Notify.  BarrierMsg payload M0.2: 27:24 barrier ID, 15 barrier count
 * enable, 14:9 barrier count.
 *
 * Each thread of the group sends one BarrierMsg and then waits on n0.0;
 * when the last of the group's threads (the IDD's count) has sent it, the
 * gateway raises n0.0 of every one of them and the count starts again.
 * Workers do not matter: arrivals are counted under the array lock, and
 * a thread asleep in `wait` is queued again by the notification
 * (sched.c).
 *
 * gensim: the barrier ID must be the sender's group's (a message for
 * another group's barrier would make the result depend on timing);
 * reprogramming the count (bit 15, described for BXT only) is not
 * implemented; with AckReq the gateway writes W0.0 = SFID 3 << 16 | 0
 * (no error), as the Gen4 gateway does.  The other sub-functions serve
 * media and debug and are not implemented; Gen8 kernels read the
 * timestamp from tm0 (the interpreter's).
 */
#include "compute/array_priv.h"

static const char *const subfunc_name[8] = {
	"OpenGateway", "CloseGateway", "ForwardMsg", "GetTimeStamp",
	"BarrierMsg", "UpdateGatewayState", "MMIO read/write", "sub-function 7 (reserved)",
};

#define GW_SUB_BARRIER	4
#define GW_ACKREQ	(1u << 14)

static enum gseu_send_result barrier(struct ea_sf *c)
{
	const struct gseu_send_msg *m = c->m;
	struct ea_group *g = c->s->grp;
	struct gs_eu_array *a = c->a;
	bool ack = m->func_ctrl & GW_ACKREQ;
	enum gseu_send_result r = ea_sf_check_len(c, 1, ack ? 1 : 0);
	uint32_t dw2, id;

	if (r != GSEU_SEND_DONE)
		return r;
	dw2 = m->payload[0].d[2];
	id = dw2 >> 24 & 0xf;
	if (!c->run->d.barrier_enable)
		return ea_sf_error(c, GS_EU_ERR_MESSAGE,
				   "the group was dispatched without a barrier (IDD Barrier Enable "
				   "is 0)");
	if (dw2 & (1u << 15))
		return ea_sf_error(c, GS_EU_ERR_UNSUPPORTED,
				   "reprogramming the barrier count (M0.2 bit 15)");
	if (id != g->barrier_id)
		return ea_sf_error(c, GS_EU_ERR_MESSAGE,
				   "barrier ID %u in M0.2[27:24], the group's is %u (copy r0.2)",
				   id, g->barrier_id);
	if (ack)
		m->response[0].d[0] = (uint32_t)GSEU_SFID_GATEWAY << 16;

	pthread_mutex_lock(&a->lock);
	if (++g->arrived == c->run->tpg) {
		g->arrived = 0;
		for (unsigned int j = 0; j < c->run->tpg; j++)
			ea_notify(a, &g->first[j], 0);
	}
	pthread_mutex_unlock(&a->lock);
	return GSEU_SEND_DONE;
}

enum gseu_send_result ea_sfid_gateway(void *ctx, struct gseu_hw_thread *t,
				      const struct gseu_send_msg *m)
{
	unsigned int sub = m->func_ctrl & 7;
	struct ea_sf c;

	ea_sf_init(&c, ctx, t, m, subfunc_name[sub]);
	if (m->eot)
		return ea_sf_error(&c, GS_EU_ERR_MESSAGE,
				   "EOT to the gateway: a GPGPU thread ends with its message to "
				   "the thread spawner (SFID 7)");
	if (sub != GW_SUB_BARRIER)
		return ea_sf_error(&c, GS_EU_ERR_UNSUPPORTED,
				   "gateway %s: gensim implements only BarrierMsg",
				   subfunc_name[sub]);
	return barrier(&c);
}
