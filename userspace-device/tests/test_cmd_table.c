// SPDX-License-Identifier: MIT
/*
 * The command table on its own (cmd_table.c; hw-spec-commands): rows are
 * unambiguous per engine, every opcode of the MI table of PRM Vol. 6
 * Command Stream Programming (Cherryview 2015) has a row and the
 * reserved ones have none, lengths follow the rules, the privilege rules
 * are those of its "User Mode Privileged Commands" engine by engine, and
 * the dumper names commands.  Expected values are written out by hand.
 */
#include <string.h>

#include "cs/cs.h"
#include "cs/engine.h"
#include "core/hw.h"
#include "tap.h"

static void t_rows_unambiguous(void)
{
	for (size_t i = 0; i < gs_cmd_table_len; i++) {
		const struct gs_cmd_desc *a = &gs_cmd_table[i];

		CHECK_MSG(a->name && a->name[0], "row %zu has no name", i);
		CHECK_MSG(!(a->value & ~a->mask), "%s: value outside its mask", a->name);
		CHECK_MSG(a->min_len && a->min_len <= a->max_len, "%s: lengths", a->name);
		CHECK_MSG(a->engines && !(a->engines & ~GS_ENG_ALL), "%s: engines", a->name);
		CHECK_MSG(a->len_mask || (a->min_len == a->len_bias && a->max_len == a->len_bias),
			  "%s: a fixed length row must allow exactly that length", a->name);
		CHECK_MSG(a->ref && a->ref[0], "%s: no source", a->name);
		for (size_t j = i + 1; j < gs_cmd_table_len; j++) {
			const struct gs_cmd_desc *b = &gs_cmd_table[j];

			if (!(a->engines & b->engines))
				continue;
			CHECK_MSG((a->value ^ b->value) & a->mask & b->mask,
				  "%s and %s match the same header on one engine", a->name, b->name);
		}
	}
}

/* [PRM-CSP] "Memory Interface Commands for RCP"; 12h-14h and 28h are named elsewhere in the PRM. */
static void t_mi_opcodes(void)
{
	static const uint8_t known[] = {
		0x00, 0x01, 0x02, 0x03, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0f,
		0x12, 0x13, 0x14, 0x16, 0x18, 0x19, 0x1a, 0x1b, 0x1c, 0x20, 0x21, 0x22, 0x23, 0x24,
		0x26, 0x27, 0x28, 0x29, 0x2a, 0x2b, 0x2c, 0x2d, 0x2e, 0x2f, 0x31, 0x36,
	};
	char why[160];

	for (unsigned int op = 0; op < 64; op++) {
		const struct gs_cmd_desc *elsewhere = NULL, *d = NULL;
		bool listed = memchr(known, op, sizeof(known)) != NULL;

		for (int e = 0; e < GS_NUM_ENGINES && !d; e++)
			d = gs_cmd_find(op << 23, e, &elsewhere);
		CHECK_MSG(listed == (d != NULL), "MI opcode %#x: row %s", op, d ? d->name : "none");
		if (!listed) {
			gs_cmd_unknown_why(op << 23, GS_RCS, why, sizeof(why));
			CHECK_MSG(strstr(why, "reserved MI opcode"), "%s", why);
		}
	}
}

static void t_engine_validity(void)
{
	const struct gs_cmd_desc *elsewhere = NULL;
	char why[160];

	/*
	 * MI_FLUSH_DW: all but render (PRM Vol. 6 Command Stream Programming
	 * (Cherryview 2015), "Memory Interface Commands for RCP");
	 * PIPE_CONTROL: render only.
	 */
	CHECK(!gs_cmd_find(MI_FLUSH_DW, GS_RCS, &elsewhere));
	CHECK(elsewhere && !strcmp(elsewhere->name, "MI_FLUSH_DW"));
	for (int e = GS_BCS; e < GS_NUM_ENGINES; e++)
		CHECK(gs_cmd_find(MI_FLUSH_DW, e, NULL));
	CHECK(gs_cmd_find(PIPE_CONTROL, GS_RCS, NULL));
	elsewhere = NULL;
	CHECK(!gs_cmd_find(PIPE_CONTROL, GS_BCS, &elsewhere));
	CHECK(elsewhere && !strcmp(elsewhere->name, "PIPE_CONTROL"));
	/* 2D: XY_COLOR_BLT (50h) is bcs0's; on rcs0 a 2D header is refused. */
	CHECK(gs_cmd_find(2u << 29 | 0x50u << 22 | 5, GS_BCS, NULL));
	elsewhere = NULL;
	CHECK(!gs_cmd_find(2u << 29 | 0x50u << 22 | 5, GS_RCS, &elsewhere));
	CHECK(elsewhere && !strcmp(elsewhere->name, "XY_COLOR_BLT"));
	CHECK(!gs_cmd_find(2u << 29 | 0x7fu << 22, GS_RCS, &elsewhere) && !elsewhere);
	gs_cmd_unknown_why(2u << 29 | 0x7fu << 22, GS_RCS, why, sizeof(why));
	CHECK_MSG(strstr(why, "only bcs0"), "%s", why);
	gs_cmd_unknown_why(7u << 29, GS_VCS, why, sizeof(why));
	CHECK_MSG(strstr(why, "reserved command client 7"), "%s", why);
	/*
	 * The predicate commands are render only (PRM Vol. 6 Command Stream
	 * Programming (Cherryview 2015), "Memory Interface Commands for RCP").
	 */
	CHECK(gs_cmd_find(MI_PREDICATE, GS_RCS, NULL));
	CHECK(!gs_cmd_find(MI_PREDICATE, GS_VECS, NULL));
	CHECK(!gs_cmd_find(MI_SET_PREDICATE, GS_BCS, NULL));
}

static void t_lengths(void)
{
	const struct gs_cmd_desc *d;

	d = gs_cmd_find(MI_STORE_DATA_IMM, GS_RCS, NULL);
	CHECK_EQ(gs_cmd_length(d, MI_STORE_DATA_IMM), 4);
	CHECK_EQ(gs_cmd_length(d, MI_STORE_DATA_IMM + 0x3ff - 2), 0x3ff + 2);
	d = gs_cmd_find(MI_LOAD_REGISTER_IMM(3), GS_RCS, NULL);
	CHECK_EQ(gs_cmd_length(d, MI_LOAD_REGISTER_IMM(3)), 7);
	d = gs_cmd_find(MI_MATH(5), GS_BCS, NULL);
	CHECK_EQ(gs_cmd_length(d, MI_MATH(5)), 6);
	d = gs_cmd_find(PIPE_CONTROL, GS_RCS, NULL);
	CHECK_EQ(gs_cmd_length(d, PIPE_CONTROL), 6);
	d = gs_cmd_find(MI_NOOP | MI_NOOP_WRITE_ID | 0x3fffff, GS_VCS, NULL);
	CHECK(d && !strcmp(d->name, "MI_NOOP"));
	CHECK_EQ(gs_cmd_length(d, MI_NOOP | 0x3fffff), 1);
	d = gs_cmd_find(MI_BATCH_BUFFER_START, GS_VECS, NULL);
	CHECK_EQ(gs_cmd_length(d, MI_BATCH_BUFFER_START), 3);
	d = gs_cmd_find(MI_FLUSH_DW, GS_VECS, NULL);
	CHECK_EQ(gs_cmd_length(d, MI_FLUSH_DW), 4);
	CHECK_EQ(d->max_len, 5);
	/*
	 * A media command's 16-bit length (PRM Vol. 6 Command Stream
	 * Programming (Cherryview 2015), "Video Command Header Format").
	 */
	d = gs_cmd_find(GFXPIPE(2, 1, 1 << 5 | 8) | 0xffff, GS_VCS, NULL);
	CHECK(d && !strcmp(d->name, "MFD_AVC_BSD_OBJECT"));
	CHECK_EQ(gs_cmd_length(d, GFXPIPE(2, 1, 1 << 5 | 8) | 0xffff), 0x10001);
	CHECK(0x10001 <= GS_CS_MAX_CMD_DWORDS);
}

/*
 * [PRM-CSP] "User Mode Privileged Commands": what each engine does with a
 * privileged command in a non-privileged batch.
 */
static void t_privilege_rules(void)
{
	static const struct {
		uint32_t header;
		int engine;
		uint8_t priv;
		uint8_t dw;
		uint32_t mask;
	} rules[] = {
		{ MI_UPDATE_GTT, GS_RCS, GS_PRIV_ALWAYS, 0, 0 },
		{ MI_UPDATE_GTT, GS_VECS, GS_PRIV_ALWAYS, 0, 0 },
		{ MI_STORE_DATA_IMM, GS_BCS, GS_PRIV_GGTT, 0, MI_SDI_USE_GGTT },
		{ MI_STORE_DATA_INDEX, GS_VCS, GS_PRIV_ALWAYS, 0, 0 },
		{ MI_STORE_REGISTER_MEM, GS_RCS, GS_PRIV_HANDLER, 0, 0 },
		{ MI_STORE_REGISTER_MEM, GS_BCS, GS_PRIV_GGTT, 0, MI_SRM_USE_GGTT },
		{ MI_STORE_REGISTER_MEM, GS_VCS, GS_PRIV_GGTT, 0, MI_SRM_USE_GGTT },
		{ MI_STORE_REGISTER_MEM, GS_VECS, GS_PRIV_GGTT, 0, MI_SRM_USE_GGTT },
		{ MI_BATCH_BUFFER_START, GS_RCS, GS_PRIV_HANDLER, 0, 0 },
		{ MI_LOAD_REGISTER_IMM(1), GS_VCS, GS_PRIV_HANDLER, 0, 0 },
		{ MI_LOAD_REGISTER_MEM, GS_RCS, GS_PRIV_GGTT, 0, MI_LRM_USE_GGTT },
		{ MI_LOAD_REGISTER_REG, GS_BCS, GS_PRIV_HANDLER, 0, 0 },
		{ MI_INSTR(0x28, 2), GS_RCS, GS_PRIV_GGTT, 1, BIT(0) },	/* MI_REPORT_PERF_COUNT */
		{ PIPE_CONTROL, GS_RCS, GS_PRIV_HANDLER, 0, 0 },
		{ MI_INSTR(0x18, 0), GS_RCS, GS_PRIV_ALWAYS, 0, 0 },	/* MI_SET_CONTEXT */
		{ MI_ATOMIC, GS_VECS, GS_PRIV_GGTT, 0, MI_ATOMIC_GGTT },
		{ MI_COPY_MEM_MEM, GS_RCS, GS_PRIV_GGTT, 0,
		  MI_COPY_MEM_MEM_SRC_GGTT | MI_COPY_MEM_MEM_DST_GGTT },
		{ MI_SEMAPHORE_WAIT, GS_BCS, GS_PRIV_GGTT, 0, MI_SEMAPHORE_GLOBAL_GTT },
		{ MI_SEMAPHORE_SIGNAL, GS_RCS, GS_PRIV_NONE, 0, 0 },
		{ MI_SEMAPHORE_SIGNAL, GS_BCS, GS_PRIV_ALWAYS, 0, 0 },
		{ MI_SEMAPHORE_SIGNAL, GS_VCS, GS_PRIV_ALWAYS, 0, 0 },
		{ MI_SEMAPHORE_SIGNAL, GS_VECS, GS_PRIV_ALWAYS, 0, 0 },
		{ MI_ARB_ON_OFF, GS_BCS, GS_PRIV_ALWAYS, 0, 0 },
		{ MI_INSTR(0x14, 1), GS_RCS, GS_PRIV_ALWAYS, 0, 0 },	/* MI_DISPLAY_FLIP */
		{ MI_INSTR(0x14, 1), GS_BCS, GS_PRIV_ALWAYS, 0, 0 },
		{ MI_FLUSH_DW, GS_BCS, GS_PRIV_HANDLER, 0, 0 },
		{ MI_CONDITIONAL_BATCH_BUFFER_END, GS_VCS, GS_PRIV_GGTT, 0, MI_CBBE_USE_GGTT },
		{ MI_NOOP, GS_RCS, GS_PRIV_NONE, 0, 0 },
		{ MI_MATH(1), GS_RCS, GS_PRIV_NONE, 0, 0 },
	};

	for (size_t i = 0; i < sizeof(rules) / sizeof(rules[0]); i++) {
		const struct gs_cmd_desc *d = gs_cmd_find(rules[i].header, rules[i].engine, NULL);

		CHECK_MSG(d, "no row for %#x on engine %d", rules[i].header, rules[i].engine);
		CHECK_MSG(d->priv == rules[i].priv && d->priv_dw == rules[i].dw &&
			  d->priv_mask == rules[i].mask, "%s on engine %d: rule %u dw %u mask %#x",
			  d->name, rules[i].engine, d->priv, d->priv_dw, d->priv_mask);
	}
}

static void t_describe(void)
{
	const uint32_t sdi[] = { MI_STORE_DATA_IMM | MI_SDI_USE_GGTT, 0x1000, 0, 0xcafe0001 };
	const uint32_t lri[] = { MI_LOAD_REGISTER_IMM(9), 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
				 13, 14, 15, 16, 17, 18 };
	char buf[512];

	gs_cmd_describe(buf, sizeof(buf), GS_RCS, sdi, 4);
	CHECK_MSG(!strcmp(buf, "MI_STORE_DATA_IMM [4]: 0x10400002 0x00001000 0x00000000 "
			  "0xcafe0001"), "%s", buf);
	gs_cmd_describe(buf, sizeof(buf), GS_RCS, sdi, 1);
	CHECK_MSG(!strcmp(buf, "MI_STORE_DATA_IMM [4]: 0x10400002 ..."), "%s", buf);
	gs_cmd_describe(buf, sizeof(buf), GS_RCS, lri, 19);
	CHECK_MSG(!strncmp(buf, "MI_LOAD_REGISTER_IMM [19]: 0x11000011 0x00000001", 47) &&
		  strstr(buf, " 0x0000000f ...") && !strstr(buf, "0x00000010"), "%s", buf);
	/* Another engine's command is still named; an unknown one is said to be. */
	gs_cmd_describe(buf, sizeof(buf), GS_RCS, (const uint32_t[]){ MI_FLUSH_DW, 0, 0, 0 }, 4);
	CHECK_MSG(!strncmp(buf, "MI_FLUSH_DW [4]:", 16), "%s", buf);
	gs_cmd_describe(buf, sizeof(buf), GS_RCS, (const uint32_t[]){ 0x0f800000 }, 1);
	CHECK_MSG(!strcmp(buf, "unknown [1]: 0x0f800000"), "%s", buf);
	/* A short buffer is never overrun. */
	CHECK(gs_cmd_describe(buf, 8, GS_RCS, sdi, 4) < 8);
	CHECK_EQ(strlen(buf), 7);
}

int main(void)
{
	tap_run("rows are well formed and unambiguous per engine", t_rows_unambiguous);
	tap_run("the PRM's MI opcodes have rows, reserved ones none", t_mi_opcodes);
	tap_run("commands valid per engine: FLUSH_DW, PIPE_CONTROL, 2D, predicates",
		t_engine_validity);
	tap_run("length rules", t_lengths);
	tap_run("privilege rules per engine (User Mode Privileged Commands)", t_privilege_rules);
	tap_run("gs_cmd_describe names commands", t_describe);
	return tap_done();
}
