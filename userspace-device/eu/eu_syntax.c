// SPDX-License-Identifier: MIT
/*
 * Syntax shared by the disassembler and the assembler: the option names
 * inside braces and the channel-group names (1Q, 2H, 3N...).  Names follow
 * what Mesa prints (align1, 1Q, NoDDClr, EOT...) and also accept the
 * intel-gen4asm spellings (nomask, accwrctrl, ...), 965/G35 PRM Vol. 4
 * Subsystem and Cores (2008), 11.4 "SIMD Execution Control", 2.6.2 "Send
 * Instruction".
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "eu_syntax.h"

void gseu_sb_printf(struct gseu_sb *sb, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(sb->len < sb->size ? sb->buf + sb->len : NULL,
		      sb->len < sb->size ? sb->size - sb->len : 0, fmt, ap);
	va_end(ap);
	if (n > 0)
		sb->len += (size_t)n;
}

void gseu_sb_pad(struct gseu_sb *sb, size_t col)
{
	do
		gseu_sb_printf(sb, " ");
	while (sb->len < col);
}

const struct gseu_optdesc gseu_opts[GSEU_OPT_COUNT] = {
	[GSEU_OPT_ALIGN1] = { "align1", { NULL } },
	[GSEU_OPT_ALIGN16] = { "align16", { NULL } },
	[GSEU_OPT_NOMASK] = { "NoMask", { "WE_all", "mask_disable" } },
	[GSEU_OPT_ACCWR] = { "AccWrEnable", { "accwrctrl" } },
	[GSEU_OPT_BRCTRL] = { "BranchCtrl", { NULL } },
	[GSEU_OPT_NODDCLR] = { "NoDDClr", { NULL } },
	[GSEU_OPT_NODDCHK] = { "NoDDChk", { NULL } },
	[GSEU_OPT_SWITCH] = { "switch", { NULL } },
	[GSEU_OPT_ATOMIC] = { "atomic", { NULL } },
	[GSEU_OPT_BREAKPOINT] = { "Breakpoint", { NULL } },
	[GSEU_OPT_EOT] = { "EOT", { NULL } },
	[GSEU_OPT_COMPACTED] = { "compacted", { NULL } },
};

/*
 * Bit 28 is BranchCtrl on flow control, AccWrEn elsewhere.  IGA's Gen8
 * model gives it a meaning on if, else and goto (printed ".b") and shows
 * nothing on the other branches; IGC sets it on while too.  gensim names
 * it BranchCtrl on every branch so that no flow instruction claims an
 * accumulator write.
 */
static bool brctrl_op(const struct gseu_insn *i)
{
	const struct gseu_opinfo *info = gseu_opinfo_all(i->opcode);

	return info && ((info->flags & GSEU_F_BRCTRL) || info->form == GSEU_FORM_BRANCH1 ||
			info->form == GSEU_FORM_BRANCH2);
}

bool gseu_opt_get(const struct gseu_insn *i, enum gseu_opt o)
{
	switch (o) {
	case GSEU_OPT_ALIGN1: return i->access == GSEU_ALIGN1;
	case GSEU_OPT_ALIGN16: return i->access == GSEU_ALIGN16;
	case GSEU_OPT_NOMASK: return i->mask_ctrl;
	case GSEU_OPT_ACCWR: return i->acc_wr_en && !brctrl_op(i);
	case GSEU_OPT_BRCTRL: return i->acc_wr_en && brctrl_op(i);
	case GSEU_OPT_NODDCLR: return i->no_dd_clr;
	case GSEU_OPT_NODDCHK: return i->no_dd_chk;
	case GSEU_OPT_SWITCH: return i->thread_ctrl == GSEU_THREAD_SWITCH;
	case GSEU_OPT_ATOMIC: return i->thread_ctrl == GSEU_THREAD_ATOMIC;
	case GSEU_OPT_BREAKPOINT: return i->debug_ctrl;
	case GSEU_OPT_EOT: return i->eot;
	case GSEU_OPT_COMPACTED: return i->compacted;
	case GSEU_OPT_COUNT: break;
	}
	return false;
}

void gseu_opt_set(struct gseu_insn *i, enum gseu_opt o)
{
	switch (o) {
	case GSEU_OPT_ALIGN1: i->access = GSEU_ALIGN1; break;
	case GSEU_OPT_ALIGN16: i->access = GSEU_ALIGN16; break;
	case GSEU_OPT_NOMASK: i->mask_ctrl = true; break;
	/* One bit, two names: the opcode decides which one is printed. */
	case GSEU_OPT_ACCWR: case GSEU_OPT_BRCTRL: i->acc_wr_en = true; break;
	case GSEU_OPT_NODDCLR: i->no_dd_clr = true; break;
	case GSEU_OPT_NODDCHK: i->no_dd_chk = true; break;
	case GSEU_OPT_SWITCH: i->thread_ctrl = GSEU_THREAD_SWITCH; break;
	case GSEU_OPT_ATOMIC: i->thread_ctrl = GSEU_THREAD_ATOMIC; break;
	case GSEU_OPT_BREAKPOINT: i->debug_ctrl = true; break;
	case GSEU_OPT_EOT: i->eot = true; break;
	case GSEU_OPT_COMPACTED: i->compacted = true; break;
	case GSEU_OPT_COUNT: break;
	}
}

const char gseu_swz_letter[4] = { 'x', 'y', 'z', 'w' };

/*
 * QtrCtrl/NibCtrl name the first channel of the group (965/G35
 * PRM Vol. 4 Subsystem and Cores (2008), 11.5 "Instruction
 * Compression"): SIMD8 at 1Q-4Q, SIMD16 at 1H/2H, SIMD1-4 at nibbles
 * 1N-8N.
 */
const char *gseu_chan_name(const struct gseu_insn *i, char buf[8])
{
	if (i->exec_size >= 32)
		buf[0] = 0;
	else if (i->exec_size == 16)
		snprintf(buf, 8, "%uH", i->qtr_ctrl / 2 + 1u);
	else if (i->exec_size == 8)
		snprintf(buf, 8, "%uQ", i->qtr_ctrl + 1u);
	else
		snprintf(buf, 8, "%uN", i->qtr_ctrl * 2u + i->nib_ctrl + 1u);
	return buf;
}

bool gseu_chan_parse(struct gseu_insn *i, const char *name)
{
	unsigned n;
	char kind;

	if (strlen(name) != 2 || name[0] < '1' || name[0] > '8')
		return false;
	n = (unsigned)(name[0] - '1');
	kind = name[1];
	if ((kind == 'Q' || kind == 'q') && i->exec_size == 8 && n < 4) {
		i->qtr_ctrl = (uint8_t)n;
		return true;
	}
	if ((kind == 'H' || kind == 'h') && i->exec_size == 16 && n < 2) {
		i->qtr_ctrl = (uint8_t)(n * 2);
		return true;
	}
	if ((kind == 'N' || kind == 'n') && i->exec_size <= 4) {
		i->qtr_ctrl = (uint8_t)(n / 2);
		i->nib_ctrl = (uint8_t)(n & 1);
		return true;
	}
	return false;
}
