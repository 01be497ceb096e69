// SPDX-License-Identifier: MIT
/*
 * Looking commands up in the command table (hw-spec-commands "How a
 * command is executed"): the row for a header on an engine, a command's
 * length, why no row takes a header, and a command's description for the
 * logs and hang dumps.
 *
 * The table itself, gs_cmd_table[], is defined by the command parser
 * (cmd/cmd_table.c), which knows every family's handlers; the streamer
 * only reads its rows, as core/ reads the register map device/ defines.
 * So errors raised anywhere below the parser can still name the command.
 */
#include <pthread.h>
#include <stdio.h>

#include "cs/cs.h"
#include "cs/engine.h"
#include "core/hw.h"

/*
 * Lookup: MI rows (client 0) indexed by opcode, built once; the few rows
 * of other clients are scanned.  At most two rows per MI opcode (an
 * engine-specific privilege rule).
 */
#define MI_ROWS_PER_OPCODE	2
static const struct gs_cmd_desc *mi_index[64][MI_ROWS_PER_OPCODE];
static pthread_once_t index_once = PTHREAD_ONCE_INIT;

static void build_index(void)
{
	for (size_t i = 0; i < gs_cmd_table_len; i++) {
		const struct gs_cmd_desc *d = &gs_cmd_table[i];
		unsigned int op = FIELD_GET(MI_OPCODE, d->value);

		if (FIELD_GET(CMD_CLIENT, d->value) != CMD_CLIENT_MI || d->mask != GS_CMD_MI_MASK)
			continue;
		for (unsigned int k = 0; k < MI_ROWS_PER_OPCODE; k++) {
			if (!mi_index[op][k]) {
				mi_index[op][k] = d;
				break;
			}
		}
	}
}

/*
 * The row for @header on @engine, or NULL.  When the header is a known
 * command that @engine does not take, *@elsewhere names it.
 */
const struct gs_cmd_desc *gs_cmd_find(uint32_t header, int engine,
				      const struct gs_cmd_desc **elsewhere)
{
	const struct gs_cmd_desc *other = NULL;
	unsigned int bit = 1u << engine;

	pthread_once(&index_once, build_index);
	if (FIELD_GET(CMD_CLIENT, header) == CMD_CLIENT_MI) {
		for (unsigned int k = 0; k < MI_ROWS_PER_OPCODE; k++) {
			const struct gs_cmd_desc *d = mi_index[FIELD_GET(MI_OPCODE, header)][k];

			if (!d)
				break;
			if (d->engines & bit)
				return d;
			other = d;
		}
	} else {
		for (size_t i = 0; i < gs_cmd_table_len; i++) {
			const struct gs_cmd_desc *d = &gs_cmd_table[i];

			if ((header & d->mask) != d->value)
				continue;
			if (d->engines & bit)
				return d;
			other = d;
		}
	}
	if (elsewhere)
		*elsewhere = other;
	return NULL;
}

/* Total dwords of the command @header, by its row's length rule. */
unsigned int gs_cmd_length(const struct gs_cmd_desc *d, uint32_t header)
{
	if (!d->len_mask)
		return d->len_bias;
	return ((header & d->len_mask) >> __builtin_ctz(d->len_mask)) + d->len_bias;
}

/* Why no row takes @header on @engine: a reserved command, or one of another engine's clients. */
const char *gs_cmd_unknown_why(uint32_t header, int engine, char *buf, size_t len)
{
	unsigned int client = FIELD_GET(CMD_CLIENT, header);
	const char *eng = gs_engine_names[engine];

	switch (client) {
	case CMD_CLIENT_MI:
		snprintf(buf, len, "reserved MI opcode %#x (header 0x%08x)",
			 FIELD_GET(MI_OPCODE, header), header);
		break;
	case CMD_CLIENT_2D:
		if (engine == GS_BCS)
			snprintf(buf, len, "reserved 2D opcode %#x (header 0x%08x)",
				 FIELD_GET(BLT_OPCODE, header), header);
		else
			snprintf(buf, len, "2D (blitter) command, opcode %#x (header 0x%08x), on %s: "
				 "only bcs0 takes client 2", FIELD_GET(BLT_OPCODE, header), header,
				 eng);
		break;
	case CMD_CLIENT_3D:
		if (engine == GS_BCS)
			snprintf(buf, len, "client 3 (header 0x%08x) is reserved on bcs0", header);
		else
			snprintf(buf, len, "unknown %s command: subtype %u opcode %u sub-opcode %#x "
				 "(header 0x%08x)", engine == GS_RCS ? "render" :
				 engine == GS_VCS ? "MFX" : "VEBOX", FIELD_GET(GFXPIPE_SUBTYPE, header),
				 FIELD_GET(GFXPIPE_OPCODE, header),
				 FIELD_GET(GFXPIPE_SUBOPCODE, header), header);
		break;
	default:
		snprintf(buf, len, "reserved command client %u (bits 31:29 of header 0x%08x)",
			 client, header);
		break;
	}
	return buf;
}

/*
 * "MI_STORE_DATA_IMM [4]: 0x10000002 0x00001000 0x00000000 0xcafe0001":
 * the command at @dw, of which @n dwords were read, by name.  The row for
 * @engine first, else any engine's; at most 16 dwords are printed.
 */
int gs_cmd_describe(char *buf, size_t len, int engine, const uint32_t *dw, unsigned int n)
{
	const struct gs_cmd_desc *other = NULL, *d;
	unsigned int total, shown;
	size_t at;

	if (!len)
		return 0;
	buf[0] = 0;
	if (!n)
		return snprintf(buf, len, "(nothing read)");
	d = gs_cmd_find(dw[0], engine, &other);
	if (!d)
		d = other;
	total = d ? gs_cmd_length(d, dw[0]) : 1;
	at = (size_t)snprintf(buf, len, "%s [%u]:", d ? d->name : "unknown", total);
	shown = total < n ? total : n;
	if (shown > 16)
		shown = 16;
	for (unsigned int i = 0; i < shown && at < len; i++)
		at += (size_t)snprintf(buf + at, len - at, " 0x%08x", dw[i]);
	if (at < len && shown < total)
		at += (size_t)snprintf(buf + at, len - at, " ...");
	return (int)(at < len ? at : len - 1);
}
