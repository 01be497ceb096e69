// SPDX-License-Identifier: MIT
/*
 * The instruction table against the interpreter: every row of
 * include/gseu/eu_insns.def must have semantics that fit its execution
 * class (a kernel for each computation class it lists and none for the
 * others, a handler, or a reason it does not run), and every row must,
 * when executed, either run or raise an exception that names it.  Adding
 * a row without its semantics, or semantics that disagree with the row,
 * fails here (or, for a name with no GSI_SEM at all, at link time).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../interp.h"
#include "it_util.h"

static const char *const cls_name[GSI_NCLS] = { "F", "DF", "I" };

/* The semantics column as written in the table. */
static const char *const sem_column[GSEU_OP_COUNT] = {
#define GSEU_OP(id, mnem, opc, form, nsrc, flags, exec, cls, sem, xflags) \
	[GSEU_OP_##id] = #sem,
#include "gseu/eu_insns.def"
#undef GSEU_OP
};

static bool no_kernels(const struct gsi_sem *s)
{
	for (unsigned c = 0; c < GSI_NCLS; c++)
		if (s->k[c])
			return false;
	return true;
}

/* Each row's semantics have what its execution class needs, and only that. */
static void t_semantics_fit_rows(void)
{
	for (unsigned op = 0; op < GSEU_OP_COUNT; op++) {
		const struct gseu_opinfo *info = gseu_opinfo_by_op(op);
		const struct gsi_sem *s = gsi_sem_tab[op];
		const char *nm = info->name;

		CHECK_MSG(s, "%s: no semantics", nm);
		CHECK_MSG(s->name && !strcmp(s->name, sem_column[op]),
			  "%s: table names %s, gsi_sem_tab holds %s", nm, sem_column[op],
			  s->name ? s->name : "(null)");
		CHECK_MSG(!s->link || info->exec == GSEU_EXEC_FLOW,
			  "%s: link() on a row that is no branch", nm);
		CHECK_MSG(info->exec == GSEU_EXEC_ALU || !info->xflags,
			  "%s: GSEU_X_* properties on a row that is not ALU", nm);
		switch (info->exec) {
		case GSEU_EXEC_ALU:
			CHECK_MSG(info->cls, "%s: an ALU row with no computation class", nm);
			CHECK_MSG(!s->exec && !s->why, "%s: ALU semantics with a handler", nm);
			if (s->pick) {
				CHECK_MSG(no_kernels(s), "%s: both pick() and kernels", nm);
				break;
			}
			for (unsigned c = 0; c < GSI_NCLS; c++) {
				bool declared = info->cls >> c & 1;

				CHECK_MSG(declared == (s->k[c] != NULL),
					  "%s: class %s is %sdeclared in the row but %s a kernel",
					  nm, cls_name[c], declared ? "" : "not ",
					  s->k[c] ? "has" : "has no");
			}
			break;
		case GSEU_EXEC_FLOW:
		case GSEU_EXEC_SEND:
		case GSEU_EXEC_PLAIN:
			CHECK_MSG(s->exec, "%s: no handler", nm);
			CHECK_MSG(!info->cls && no_kernels(s) && !s->pick && !s->why,
				  "%s: kernels or classes on a handler row", nm);
			break;
		case GSEU_EXEC_MACRO:
			CHECK_MSG(s->exec, "%s: no handler", nm);
			CHECK_MSG(no_kernels(s) && !s->pick && !s->why,
				  "%s: kernels on an IEEE macro row", nm);
			break;
		case GSEU_EXEC_NONE:
			CHECK_MSG(s->why && strstr(s->why, nm),
				  "%s: an unsupported row must say why, naming itself", nm);
			CHECK_MSG(!s->exec && no_kernels(s) && !s->pick && !info->cls,
				  "%s: an unsupported row with semantics", nm);
			break;
		default:
			tap_fail(__FILE__, __LINE__, "%s: execution class %u", nm, info->exec);
		}
	}
}

/* Flags that only make sense together with other columns. */
static void t_properties_are_coherent(void)
{
	for (unsigned op = 0; op < GSEU_OP_COUNT; op++) {
		const struct gseu_opinfo *o = gseu_opinfo_by_op(op);
		unsigned x = o->xflags;

		CHECK_MSG(!(x & GSEU_X_LOGIC) || o->cls == GSEU_CLS_I,
			  "%s: a logic instruction is integer only", o->name);
		CHECK_MSG(!(x & GSEU_X_PRED_SELECTS) || o->nsrc >= 2,
			  "%s: selecting needs two sources", o->name);
		CHECK_MSG(!(x & GSEU_X_CMOD_NOFLAG) || !(o->flags & GSEU_F_CMOD_REQ),
			  "%s: a required condition that writes no flag", o->name);
		CHECK_MSG(!(x & GSEU_X_NO_ACCWR) || !(x & GSEU_X_ACC_WRITE),
			  "%s: both writes and never writes the accumulator", o->name);
		CHECK_MSG(o->exec != GSEU_EXEC_ALU || o->form == GSEU_FORM_ALU1 ||
			  o->form == GSEU_FORM_ALU2 || o->form == GSEU_FORM_ALU3 ||
			  o->form == GSEU_FORM_MATH,
			  "%s: an ALU row needs an ALU operand form", o->name);
		CHECK_MSG(o->exec != GSEU_EXEC_SEND || o->form == GSEU_FORM_SEND,
			  "%s: a send row needs the send form", o->name);
	}
}

/* pick(): over every selector value, the classes served are the row's. */
static void t_pick_serves_declared_classes(void)
{
	struct gsi_insn *pi = malloc(sizeof(*pi));

	CHECK(pi);
	for (unsigned op = 0; op < GSEU_OP_COUNT; op++) {
		const struct gseu_opinfo *o = gseu_opinfo_by_op(op);
		const struct gsi_sem *s = gsi_sem_tab[op];
		unsigned served = 0;

		if (o->exec != GSEU_EXEC_ALU || !s->pick)
			continue;
		for (unsigned sel = 0; sel < 16; sel++)
			for (unsigned c = 0; c < GSI_NCLS; c++) {
				memset(pi, 0, sizeof(*pi));
				pi->in.op = (uint8_t)op;
				pi->in.cmod = (uint8_t)(o->form == GSEU_FORM_MATH ? 0 : sel);
				pi->in.math_fn = (uint8_t)(o->form == GSEU_FORM_MATH ? sel : 0);
				pi->n = 8;
				pi->cls = (uint8_t)c;
				if (s->pick(pi))
					served |= 1u << c;
				else
					CHECK_MSG(!pi->fault || pi->fault_buf[0],
						  "%s: a fault without a message", o->name);
			}
		CHECK_MSG(served == o->cls, "%s: pick() serves classes %#x, the row lists %#x",
			  o->name, served, o->cls);
	}
	free(pi);
}

/* An operand of type t in the syntax of the row's form. */
static void alu_text(char *buf, size_t size, const struct gseu_opinfo *o,
		     const char *t, const char *math_fn)
{
	const char *cm = (o->flags & GSEU_F_CMOD_REQ) ? ".z.f0.0" : "";

	switch (o->form) {
	case GSEU_FORM_ALU1:
		snprintf(buf, size, "%s%s(8) g10<1>%s g2<8,8,1>%s\n", o->name, cm, t, t);
		break;
	case GSEU_FORM_ALU2:
		if (o->op == GSEU_OP_SMOV)	/* src1: the channel mask, an immediate */
			snprintf(buf, size, "%s(8) g10<1>%s g2<8,8,1>%s 0xffUW\n", o->name, t, t);
		else
			snprintf(buf, size, "%s%s(8) g10<1>%s g2<8,8,1>%s g4<8,8,1>%s\n",
				 o->name, cm, t, t, t);
		break;
	case GSEU_FORM_ALU3:
		snprintf(buf, size, "%s%s(8) g10<1>%s g2<4,4,1>%s g4<4,4,1>%s g6<4,4,1>%s"
			 " { align16 }\n", o->name, cm, t, t, t, t);
		break;
	case GSEU_FORM_MATH:
		snprintf(buf, size, "math %s(8) g10<1>%s g2<8,8,1>%s g4<8,8,1>%s\n",
			 math_fn, t, t, t);
		break;
	default:
		tap_fail(__FILE__, __LINE__, "%s: an ALU row of form %u", o->name, o->form);
	}
}

/* One instruction of each non-ALU row, set up so that it can complete. */
static void other_text(char *buf, size_t size, const struct gseu_opinfo *o)
{
	switch (o->form) {
	case GSEU_FORM_BRANCH1:
		snprintf(buf, size, "%s(8) JIP: 16\n", o->name);
		break;
	case GSEU_FORM_BRANCH2:
		snprintf(buf, size, "%s(8) JIP: 16 UIP: 16\n", o->name);
		break;
	case GSEU_FORM_JMPI:
		snprintf(buf, size, "%s(1) JIP: 0 { NoMask }\n", o->name);
		break;
	case GSEU_FORM_CALL:
		snprintf(buf, size, "%s(1) g10<1>UD JIP: 16 { NoMask }\n", o->name);
		break;
	case GSEU_FORM_RET:
		snprintf(buf, size, "%s(1) g20<0,1,0>UD { NoMask }\n", o->name);
		break;
	case GSEU_FORM_SEND:
		snprintf(buf, size, "%s(8) null<1>UD g2<8,8,1>UD dp_data1 0x02000000UD\n",
			 o->name);
		break;
	case GSEU_FORM_NOP:
		snprintf(buf, size, "%s\n", o->name);
		break;
	case GSEU_FORM_ALU1:
		CHECK_MSG(o->flags & GSEU_F_ONE_OPERAND, "%s: no template", o->name);
		snprintf(buf, size, "%s n0.0\n", o->name);
		break;
	case GSEU_FORM_ALU3:
		CHECK_MSG(o->exec == GSEU_EXEC_MACRO, "%s: no template", o->name);
		snprintf(buf, size, "%s(4) g2<1>.nommeDF g3<4,4,1>.nommeDF g4<4,4,1>.mme0DF "
			 "g5<4,4,1>.nommeDF { align16 1N }\n", o->name);
		break;
	default:
		tap_fail(__FILE__, __LINE__, "%s: no template for form %u", o->name, o->form);
	}
}

/* Run one line on a fresh thread; EOT, or an exception naming `who`. */
static bool runs(const char *text, const char *who, enum gseu_exc *exc)
{
	struct gseu_hw_thread *t = it_thread(0xff);
	enum gseu_run_status st;

	t->grf[20].d[0] = 16;		/* ret's return address */
	gseu_thread_notify(t, 0);	/* wait's notification */
	st = it_run(t, text);
	*exc = t->exc;
	if (st != GSEU_RUN_EOT)
		CHECK_MSG(st == GSEU_RUN_EXCEPTION && strstr(t->exc_msg, who),
			  "%s ended %s: %s (%s)", text, gseu_run_status_name(st),
			  gseu_exc_name(t->exc), t->exc_msg);
	gseu_thread_free(t);
	return st == GSEU_RUN_EOT;
}

/*
 * Every row executes: ALU rows run for the classes they list and raise a
 * named operand error for the others; branches, sends and the rest run;
 * unsupported rows raise "unsupported" with their name.
 */
static void t_every_row_executes(void)
{
	static const char *const types[GSI_NCLS] = { [GSI_F] = "F", [GSI_DF] = "DF",
						     [GSI_I] = "D" };
	char text[256];
	enum gseu_exc exc;

	for (unsigned op = 0; op < GSEU_OP_COUNT; op++) {
		const struct gseu_opinfo *o = gseu_opinfo_by_op(op);

		if (o->exec == GSEU_EXEC_ALU && o->form != GSEU_FORM_MATH) {
			for (unsigned c = 0; c < GSI_NCLS; c++) {
				bool declared = o->cls >> c & 1;

				alu_text(text, sizeof(text), o, types[c], NULL);
				CHECK_MSG(runs(text, o->name, &exc) == declared,
					  "%s with %s sources: %s", o->name, types[c],
					  declared ? "declared but does not run" :
						     "runs but is not declared");
				CHECK_MSG(declared || exc == GSEU_EXC_OPERAND,
					  "%s: an undeclared class is an operand error", text);
			}
		} else if (o->exec != GSEU_EXEC_ALU) {
			other_text(text, sizeof(text), o);
			CHECK_MSG(runs(text, o->name, &exc) == (o->exec != GSEU_EXEC_NONE),
				  "%s: %s", text, o->exec == GSEU_EXEC_NONE ?
				  "an unsupported row ran" : "does not run");
			CHECK_MSG(o->exec != GSEU_EXEC_NONE || exc == GSEU_EXC_UNSUPPORTED,
				  "%s: not an \"unsupported\" exception", text);
		}
	}
}

/*
 * math by function (Intel OpenSource HD Graphics PRM Vol. 2a, Broadwell,
 * 2014, "math"; 965/G35 PRM Vol. 4 Subsystem and Cores (2008), 6
 * "Extended Math"): the float functions take F, the integer divides
 * D/UD, none DF; invm/rsqrtm are named as unsupported.
 */
static void t_math_functions(void)
{
	static const struct { const char *fn; bool f, i; } fns[] = {
		{ "inv", true, false }, { "log", true, false }, { "exp", true, false },
		{ "sqrt", true, false }, { "rsq", true, false }, { "sin", true, false },
		{ "cos", true, false }, { "fdiv", true, false }, { "pow", true, false },
		{ "intdivmod", false, true }, { "intdiv", false, true },
		{ "intmod", false, true }, { "invm", false, false },
		{ "rsqrtm", false, false },
	};
	const struct gseu_opinfo *o = gseu_opinfo_by_name("math");
	char text[256];
	enum gseu_exc exc;

	CHECK(o && o->exec == GSEU_EXEC_ALU);
	for (unsigned k = 0; k < sizeof(fns) / sizeof(fns[0]); k++) {
		alu_text(text, sizeof(text), o, "F", fns[k].fn);
		CHECK_MSG(runs(text, "math", &exc) == fns[k].f, "%s", text);
		alu_text(text, sizeof(text), o, "D", fns[k].fn);
		CHECK_MSG(runs(text, "math", &exc) == fns[k].i, "%s", text);
		alu_text(text, sizeof(text), o, "DF", fns[k].fn);
		CHECK_MSG(!runs(text, "math", &exc), "%s", text);
		CHECK_MSG(fns[k].f || fns[k].i || exc == GSEU_EXC_UNSUPPORTED, "%s", text);
	}
}

int main(void)
{
	tap_run("every row's semantics fit its execution class", t_semantics_fit_rows);
	tap_run("execution properties are coherent", t_properties_are_coherent);
	tap_run("pick() serves exactly the declared classes", t_pick_serves_declared_classes);
	tap_run("every row runs or raises an exception naming it", t_every_row_executes);
	tap_run("math functions by class", t_math_functions);
	return tap_done();
}
