// SPDX-License-Identifier: MIT
/*
 * Helpers of the interpreter tests (see it_util.h): assemble, run, and a
 * trivial shared-function handler (records the message, fills the
 * response with a recognisable pattern).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "it_util.h"

struct it_sent it_sent;

static enum gseu_send_result record(void *ctx, struct gseu_hw_thread *t,
				    const struct gseu_send_msg *m)
{
	(void)ctx;
	(void)t;
	if (it_sent.retry_left > 0) {
		it_sent.retry_left--;
		return GSEU_SEND_RETRY;
	}
	it_sent.count[m->sfid & 15]++;
	it_sent.last = *m;
	memcpy(it_sent.last_payload, m->payload,
	       (m->mlen > 16 ? 16 : m->mlen) * sizeof(union gseu_reg256));
	if (m->response && it_sent.echo_reversed)
		for (unsigned r = 0; r < m->rlen && r < m->mlen; r++)
			m->response[r] = m->payload[m->mlen - 1 - r];
	else if (m->response)
		for (unsigned r = 0; r < m->rlen; r++)
			for (unsigned d = 0; d < 8; d++)
				m->response[r].d[d] = it_sent.fill + r * 8 + d;
	return GSEU_SEND_DONE;
}

static enum gseu_send_result failing(void *ctx, struct gseu_hw_thread *t,
				     const struct gseu_send_msg *m)
{
	(void)ctx;
	(void)t;
	(void)m;
	return GSEU_SEND_ERROR;
}

/* Every SFID but 13 (cre) records; 13 fails; 0 (null) has no handler. */
const struct gseu_sfid_table it_sfids = {
	.fn = { NULL, record, record, record, record, record, record, record,
		record, record, record, record, record, failing, record, record },
};

struct gseu_program *it_prog(const char *text)
{
	struct gseu_asm_result res;
	struct gseu_error err;
	struct gseu_program *p;

	if (gseu_assemble(text, NULL, &res, &err))
		tap_fail(__FILE__, __LINE__, "assembler: line %u col %u: %s\n%s",
			 err.line, err.col, err.msg, text);
	if (gseu_program_create(res.code, res.size, &p, &err)) {
		gseu_asm_free(&res);
		tap_fail(__FILE__, __LINE__, "program: %s", err.msg);
	}
	gseu_asm_free(&res);
	return p;
}

enum gseu_run_status it_run(struct gseu_hw_thread *t, const char *text)
{
	static const char eot[] =
		"\nsend(8) null<1>UD g127<8,8,1>UD ts 0x02000010UD { align1 1Q NoMask EOT }\n";
	size_t len = strlen(text);
	char *all = malloc(len + sizeof(eot));
	struct gseu_program *p;
	enum gseu_run_status st;

	if (!all)
		abort();
	memcpy(all, text, len);
	memcpy(all + len, eot, sizeof(eot));
	p = it_prog(all);
	free(all);
	st = gseu_thread_run(t, p, 1000000);
	gseu_program_free(p);
	return st;
}

void it_ok(struct gseu_hw_thread *t, const char *text)
{
	enum gseu_run_status st = it_run(t, text);

	CHECK_MSG(st == GSEU_RUN_EOT, "run ended %s: %s (%s)", gseu_run_status_name(st),
		  gseu_exc_name(t->exc), t->exc_msg);
}

struct gseu_hw_thread *it_thread(uint32_t mask)
{
	struct gseu_hw_thread *t = gseu_thread_new();

	if (!t)
		abort();
	t->sfids = &it_sfids;
	gseu_thread_reset(t, mask);
	memset(&it_sent, 0, sizeof(it_sent));
	return t;
}

uint32_t it_fbits(float f)
{
	uint32_t u;

	memcpy(&u, &f, 4);
	return u;
}

float it_bitsf(uint32_t u)
{
	float f;

	memcpy(&f, &u, 4);
	return f;
}
