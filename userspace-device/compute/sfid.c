// SPDX-License-Identifier: MIT
/*
 * The shared functions a GPGPU thread's `send` reaches, by SFID
 * (hw-spec-compute "Shared functions"; SFID values from EXT Mesa
 * brw_eu_defines.h; the message model from 965/G35 PRM Vol. 4 Subsystem
 * and Cores (2008), 2.6 "Messages"),
 * and what every handler shares: its context, the error it records for
 * the dispatch result, and access to payload and response registers.
 *
 * A handler that cannot do what the message asks records a specific
 * status and message in the thread's slot and answers GSEU_SEND_ERROR: the
 * interpreter raises GSEU_EXC_SEND, the thread stops, and the dispatch
 * reports the recorded error.  Nothing is ignored silently.
 *
 * EOT (PRM Vol. 2 Part 2 Media and General Purpose Pipeline (Ivy Bridge
 * 2012), 1.7.2 "Thread Spawn Message"; [PRM-965] 2.6.8 "End-Of-Thread
 * (EOT) Message"): the thread spawner does
 * not snoop end-of-thread sideband, so a GPGPU thread must end with its
 * message to the thread spawner.  gensim refuses EOT on any other SFID
 * rather than leaking the thread's slot, as the hardware would.
 */
#include <stdarg.h>
#include <stdio.h>

#include "compute/array_priv.h"

/* What the SFIDs gensim does not implement are, for the error message. */
static const char *const unsupported_sfid[16] = {
	[1] = "SFID 1 (reserved on Gen8: extended math is the `math` instruction)",
	[4] = "the sampler-cache data port (SFID 4)",
	[5] = "the render-cache data port (SFID 5): render target writes belong to the "
	      "3D pipeline",
	[6] = "URB messages (SFID 6): GPGPU threads have no URB entries",
	[8] = "the video motion estimation unit (SFID 8)",
	[9] = "the constant-cache data port (SFID 9)",
	[11] = "the pixel interpolator (SFID 11): it serves pixel shaders",
	[13] = "the check and refinement engine (SFID 13)",
	[14] = "SFID 14 (reserved)",
	[15] = "SFID 15 (reserved)",
};

void ea_sf_init(struct ea_sf *c, void *ctx, struct gseu_hw_thread *t,
		const struct gseu_send_msg *m, const char *what)
{
	c->a = ctx;
	c->s = t->user;
	c->run = c->s->run;
	c->m = m;
	c->what = what;
}

enum gseu_send_result ea_sf_error(struct ea_sf *c, enum gs_eu_status st, const char *fmt, ...)
{
	struct ea_slot *s = c->s;
	va_list ap;
	int n;

	s->sf_status = st;
	n = snprintf(s->sf_msg, sizeof(s->sf_msg), "%s (SFID %u, desc %#010x): ", c->what,
		     c->m->sfid, c->m->desc);
	if (n < 0 || (size_t)n >= sizeof(s->sf_msg))
		return GSEU_SEND_ERROR;
	va_start(ap, fmt);
	vsnprintf(s->sf_msg + n, sizeof(s->sf_msg) - (size_t)n, fmt, ap);
	va_end(ap);
	return GSEU_SEND_ERROR;
}

enum gseu_send_result ea_sf_fault(struct ea_sf *c, unsigned int src, const struct gs_fault *f,
				  const char *what)
{
	struct ea_slot *s = c->s;

	s->sf_fault = true;
	s->fault = *f;
	s->fault_src = (uint8_t)src;
	return ea_sf_error(c, GS_EU_ERR_FAULT, "%s %s at %#llx faulted: %s", what,
			   f->write ? "write" : "read", (unsigned long long)f->va,
			   gs_fault_type_name(f->type));
}

/*
 * The lengths a message of this shape has.  The hardware hangs or runs
 * on with stale registers when they disagree (965/G35 PRM Vol. 4
 * Subsystem and Cores (2008), 2 "Subsystem Overview", "Error cases");
 * gensim says so instead.
 */
enum gseu_send_result ea_sf_check_len(struct ea_sf *c, unsigned int mlen, unsigned int rlen)
{
	const struct gseu_send_msg *m = c->m;

	if (m->mlen != mlen)
		return ea_sf_error(c, GS_EU_ERR_MESSAGE,
				   "message length %u, this message is %u registers", m->mlen, mlen);
	if (m->rlen != rlen)
		return ea_sf_error(c, GS_EU_ERR_MESSAGE,
				   "response length %u, this message returns %u registers",
				   m->rlen, rlen);
	if (rlen && !m->response)
		return ea_sf_error(c, GS_EU_ERR_MESSAGE,
				   "response length %u with a null destination", rlen);
	return GSEU_SEND_DONE;
}

bool ea_lane(const struct gseu_send_msg *m, unsigned int lane)
{
	return m->channel_mask >> lane & 1;
}

/* Dword @lane of a per-lane operand that starts at payload register @reg. */
uint32_t ea_pdw(const struct gseu_send_msg *m, unsigned int reg, unsigned int lane)
{
	return m->payload[reg + lane / 8].d[lane % 8];
}

void ea_rdw(const struct gseu_send_msg *m, unsigned int reg, unsigned int lane, uint32_t v)
{
	m->response[reg + lane / 8].d[lane % 8] = v;
}

/* The 64-bit address of @lane of an A64 address operand at @reg (a qword a lane). */
uint64_t ea_paddr(const struct gseu_send_msg *m, unsigned int reg, unsigned int lane)
{
	return (uint64_t)ea_pdw(m, reg, 2 * lane) | (uint64_t)ea_pdw(m, reg, 2 * lane + 1) << 32;
}

static enum gseu_send_result sfid_null(void *ctx, struct gseu_hw_thread *t,
				       const struct gseu_send_msg *m)
{
	struct ea_sf c;

	ea_sf_init(&c, ctx, t, m, "null shared function");
	if (m->eot)
		return ea_sf_error(&c, GS_EU_ERR_MESSAGE,
				   "EOT to the null function: a GPGPU thread ends with its message "
				   "to the thread spawner (SFID 7)");
	return GSEU_SEND_DONE;
}

static enum gseu_send_result sfid_unsupported(void *ctx, struct gseu_hw_thread *t,
					      const struct gseu_send_msg *m)
{
	struct ea_sf c;

	ea_sf_init(&c, ctx, t, m, "send");
	return ea_sf_error(&c, GS_EU_ERR_UNSUPPORTED, "gensim does not implement %s",
			   unsupported_sfid[m->sfid & 15]);
}

void ea_sfid_table_init(struct gseu_sfid_table *tab, struct gs_eu_array *a)
{
	for (unsigned int i = 0; i < 16; i++) {
		tab->fn[i] = sfid_unsupported;
		tab->ctx[i] = a;
	}
	tab->fn[GSEU_SFID_NULL] = sfid_null;
	tab->fn[GSEU_SFID_SAMPLER] = ea_sfid_sampler;
	tab->fn[GSEU_SFID_GATEWAY] = ea_sfid_gateway;
	tab->fn[GSEU_SFID_TS] = ea_sfid_ts;
	tab->fn[GSEU_SFID_DP_DC0] = ea_sfid_dc0;
	tab->fn[GSEU_SFID_DP_DC1] = ea_sfid_dc1;
	/* 3D threads' messages (hw-spec-3d); other threads' are refused there. */
	tab->fn[GSEU_SFID_URB] = ea_sfid_urb;
	tab->fn[GSEU_SFID_DP_RC] = ea_sfid_rc;
}
