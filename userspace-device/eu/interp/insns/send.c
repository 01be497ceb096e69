// SPDX-License-Identifier: MIT
/*
 * send and sendc (965/G35 PRM Vol. 4 Subsystem and Cores (2008), 2.6.2
 * "Send Instruction", Mesa src/intel/compiler/brw_inst.h): the descriptor
 * is the immediate (bits 124:96) or a0.0:ud, mlen = 28:25, rlen = 24:20,
 * header = 19, function control = 18:0; the SFID is in the instruction,
 * as is EOT.  The payload is mlen GRFs from src0, the response rlen GRFs
 * from dst (none for a null dst).  The shared function itself is the
 * embedder's handler for the SFID (struct gseu_sfid_table); the
 * interpreter only checks the register ranges, hands over the registers
 * and the channel mask, and ends the thread on EOT.  sendc is send plus
 * the ordering flag the handler sees (render-target writes).  Predecode
 * (GSEU_EXEC_SEND) has set up the response operand.
 *
 * Choice: a send whose execution mask and predicate leave no channel and
 * that is not EOT sends nothing (an EOT send always goes out).
 *
 * The payload leaves the EU before any response comes back (the message is
 * assembled from src0 at issue, 2.6.2), so a response range that overlaps
 * the payload range must not change what the shared function reads: IGC's
 * SIMD32 code reads three channels of an untyped surface read into r4-r9
 * from addresses in r6-r7.  The handler is given a copy of the payload
 * whenever the two ranges overlap.
 */
#include "insns.h"

static int send_msg(struct gsi_run *r, const struct gsi_insn *pi, bool sendc)
{
	struct gseu_hw_thread *t = r->t;
	const struct gseu_insn *in = &pi->in;
	struct gseu_send_msg m;
	union gseu_reg256 copy[16];
	uint32_t desc, em = gsi_emask(t, pi);
	gseu_sfid_fn fn;

	memset(&m, 0, sizeof(m));
	desc = (in->src[1].file == GSEU_FILE_IMM ? (uint32_t)in->src[1].imm
						 : t->a0.d[0]) & 0x1fffffffu;
	m.sfid = in->sfid;
	m.eot = in->eot;
	m.sendc = sendc;
	m.desc = desc;
	m.mlen = (uint8_t)(desc >> 25 & 0xf);
	m.rlen = (uint8_t)(desc >> 20 & 0x1f);
	m.header = desc >> 19 & 1;
	m.func_ctrl = desc & 0x7ffff;
	m.exec_size = pi->n;
	m.first_channel = pi->c0;
	m.channel_mask = in->pred ? em & gsi_pmask(t, pi) : em;
	m.payload_nr = in->src[0].nr;
	if ((unsigned)m.payload_nr + m.mlen > GSEU_NUM_GRF)
		return gsi_raise(r, pi, GSEU_EXC_REGION,
				 "send: payload r%u + mlen %u is past r127",
				 m.payload_nr, m.mlen);
	m.payload = &t->grf[m.payload_nr];
	if (in->dst.file == GSEU_FILE_GRF) {
		m.response_nr = in->dst.nr;
		if ((unsigned)m.response_nr + m.rlen > GSEU_NUM_GRF)
			return gsi_raise(r, pi, GSEU_EXC_REGION,
					 "send: response r%u + rlen %u is past r127",
					 m.response_nr, m.rlen);
		m.response = &t->grf[m.response_nr];
		if (m.rlen && m.mlen && m.response_nr < m.payload_nr + m.mlen &&
		    m.payload_nr < m.response_nr + m.rlen) {
			memcpy(copy, m.payload, m.mlen * sizeof(copy[0]));
			m.payload = copy;
		}
	} else if (m.rlen && in->dst.file == GSEU_FILE_ARF &&
		   (in->dst.nr & 0xf0) != GSEU_ARF_NULL) {
		return gsi_raise(r, pi, GSEU_EXC_UNSUPPORTED,
				 "send: a %u-register response into an ARF (%#04x)", m.rlen,
				 in->dst.nr);
	}
	if (!m.channel_mask && !m.eot)
		return 0;
	fn = t->sfids ? t->sfids->fn[m.sfid & 15] : NULL;
	if (!fn)
		return gsi_raise(r, pi, GSEU_EXC_NO_SFID,
				 "send to SFID %u: no shared function registered", m.sfid);
	switch (fn(t->sfids->ctx[m.sfid & 15], t, &m)) {
	case GSEU_SEND_DONE:
		if (m.eot) {
			t->ended = true;
			return GSI_STOP(GSEU_RUN_EOT);
		}
		return 0;
	case GSEU_SEND_RETRY:
		return GSI_STOP(GSEU_RUN_BLOCKED);
	default:
		return gsi_raise(r, pi, GSEU_EXC_SEND,
				 "send to SFID %u (desc %#010x): the shared function failed",
				 m.sfid, desc);
	}
}

static int exec_send(struct gsi_run *r, const struct gsi_insn *pi)
{
	return send_msg(r, pi, false);
}
GSI_SEM(send, .exec = exec_send);

static int exec_sendc(struct gsi_run *r, const struct gsi_insn *pi)
{
	return send_msg(r, pi, true);
}
GSI_SEM(sendc, .exec = exec_sendc);
