// SPDX-License-Identifier: MIT
/*
 * SIMD control flow: jmpi, if, else, endif, while, break, cont, halt, call,
 * ret.  Gen8 uses JIP/UIP byte offsets from the branch itself (jmpi from
 * the next instruction): seed-000-eu-isa.md 6.5 and its "workable
 * emulation model", which gensim implements:
 *
 *  - each channel is active, parked at a per-channel IP (wait_ip), or
 *    gone; parked channels wake when execution reaches their IP (the run
 *    loop checks at every branch target);
 *  - if: enabled channels whose predicate fails park at JIP;
 *  - else: the channels that ran the then-part park at JIP (the endif);
 *  - while: channels whose predicate holds jump back to JIP, the others
 *    park just after the while until the loop exits;
 *  - break parks at the end of the loop (Mesa's Gen7+ UIP points at the
 *    WHILE itself, so predecode moves it past the while), cont parks at
 *    the while (UIP) so it takes part in the loop test, halt at UIP;
 *  - whenever no channel is left active, execution continues at the
 *    nearest IP ahead where a parked channel resumes (in structured code
 *    that is where JIP leads); with no parked channel ahead, at the
 *    lowest parked IP; with none at all, at the next instruction.
 *
 * call stores the return IP (dword 0) and the calling channels (dword 1)
 * in dst and jumps by JIP; channels that are active but not calling park
 * at the return address.  ret jumps to dword 0 of src0.  jmpi ignores the
 * execution mask: it is taken when lane 0's (combined) predicate holds.
 */
#include "interp.h"

static void park(struct gseu_hw_thread *t, uint32_t m, int64_t target)
{
	uint32_t ip = target < 0 || target > UINT32_MAX ? UINT32_MAX : (uint32_t)target;

	t->active &= ~m;
	t->waiting |= m;
	while (m) {
		unsigned c = (unsigned)__builtin_ctz(m);

		t->wait_ip[c] = ip;
		m &= m - 1;
	}
}

static void jump(struct gsi_run *r, int64_t target)
{
	r->next_ip = target < 0 || target > UINT32_MAX ? UINT32_MAX : (uint32_t)target;
	r->jumped = true;
}

/* No channel left: go where the nearest parked channel resumes. */
static void converge(struct gsi_run *r, const struct gsi_insn *pi)
{
	struct gseu_hw_thread *t = r->t;
	uint32_t m = t->waiting, best_fwd = UINT32_MAX, best = UINT32_MAX;
	bool fwd = false, any = false;

	if (t->active)
		return;
	while (m) {
		unsigned c = (unsigned)__builtin_ctz(m);
		uint32_t w = t->wait_ip[c];

		m &= m - 1;
		any = true;
		if (w > pi->ip && w <= best_fwd) {
			best_fwd = w;
			fwd = true;
		}
		if (w < best)
			best = w;
	}
	if (fwd)
		jump(r, best_fwd);
	else if (any)
		jump(r, best);
}

static int32_t scalar_d(struct gsi_run *r, const struct gsi_insn *pi,
			const struct gsi_opnd *o, unsigned dword, int *ret)
{
	uint16_t ob[32];
	uint8_t *base;
	const uint16_t *off;
	bool contig;
	int32_t v = 0;

	*ret = gsi_operand(r, pi, o, &base, &off, &contig, ob);
	if (!*ret)
		memcpy(&v, base + off[0] + 4 * dword, 4);
	return v;
}

int gsi_exec_flow(struct gsi_run *r, const struct gsi_insn *pi)
{
	struct gseu_hw_thread *t = r->t;
	const struct gseu_insn *in = &pi->in;
	uint32_t exec = gsi_emask(t, pi) << pi->c0;
	uint32_t pm = (in->pred ? gsi_pmask(t, pi) : pi->lanes) << pi->c0;
	int ret = 0;

	switch (in->op) {
	case GSEU_OP_JMPI: {
		int64_t target = pi->jip_ip;

		if (in->pred && !(pm >> pi->c0 & 1))
			return 0;
		if (in->src[1].file != GSEU_FILE_IMM) {
			int32_t d = scalar_d(r, pi, &pi->src[1], 0, &ret);

			if (ret)
				return ret;
			target = (int64_t)pi->ip + pi->size + d;
		}
		jump(r, target);
		return 0;
	}
	case GSEU_OP_IF:
		park(t, exec & ~pm, pi->jip_ip);
		break;
	case GSEU_OP_ELSE:
		park(t, exec & pm, pi->jip_ip);
		break;
	case GSEU_OP_ENDIF:
		break;
	case GSEU_OP_WHILE:
		if (exec & pm) {
			park(t, exec & ~pm, (int64_t)pi->ip + pi->size);
			jump(r, pi->jip_ip);
			return 0;
		}
		break;
	case GSEU_OP_BREAK:
	case GSEU_OP_CONT:
	case GSEU_OP_HALT:
		park(t, exec & pm, pi->uip_ip);
		break;
	case GSEU_OP_CALL: {
		/* unpredicated: every active channel calls, whatever the
		 * execution size (call is usually SIMD1 NoMask) */
		uint32_t go = in->pred ? exec & pm : t->active, ret_ip = pi->ip + pi->size;
		int64_t target = pi->jip_ip;
		uint16_t ob[32];
		uint8_t *base;
		const uint16_t *off;
		bool contig;

		if (!go)
			break;
		if (in->src[1].file != GSEU_FILE_IMM) {
			int32_t d = scalar_d(r, pi, &pi->src[1], 0, &ret);

			if (ret)
				return ret;
			target = (int64_t)pi->ip + d;
		}
		if (pi->dst.kind != GSI_K_NULL) {
			ret = gsi_operand(r, pi, &pi->dst, &base, &off, &contig, ob);
			if (ret)
				return ret;
			if (pi->dst.kind == GSI_K_GRF && off[0] + 8u > GSEU_NUM_GRF * 32)
				return gsi_raise(r, pi, GSEU_EXC_REGION,
						 "call: return address past r127");
			memcpy(base + off[0], &ret_ip, 4);
			if (pi->dst.kind == GSI_K_GRF)
				memcpy(base + off[0] + 4, &go, 4);
		}
		park(t, exec & ~pm, ret_ip);
		jump(r, target);
		return 0;
	}
	case GSEU_OP_RET: {
		int32_t d = scalar_d(r, pi, &pi->src[0], 0, &ret);

		if (ret)
			return ret;
		jump(r, (uint32_t)d);
		return 0;
	}
	default:
		return gsi_raise(r, pi, GSEU_EXC_UNSUPPORTED,
				 "flow-control opcode %#04x is not implemented", in->opcode);
	}
	converge(r, pi);
	return 0;
}
