// SPDX-License-Identifier: MIT
/*
 * Interpreter: goto and join (Documentation/gpu/gensim/eu-isa.rst, "goto
 * and join"), channel by channel against C models, in the shapes IGC
 * emits for Broadwell: a forward goto whose predicate names the channels
 * that stay (the others wait at UIP), the unconditional goto after
 * "mov f0 0", a backward goto with BranchCtrl closing a loop (its
 * predicate names the channels that go round again, the others wait at
 * JIP), an exit from two nested loops at once, every channel leaving,
 * and goto inside if/else and while.
 */
#include <stdio.h>
#include <string.h>

#include "it_util.h"

/* A forward goto skips the add for the channels whose predicate fails. */
static void t_forward(void)
{
	struct gseu_hw_thread *t = it_thread(0xff);

	for (unsigned k = 0; k < 8; k++)
		t->grf[1].d[k] = k;
	it_ok(t,
	      "        and.z.f0.0(8) null<1>D g1<8,8,1>D 1D\n"
	      "        (+f0.0) goto(8) JIP: j1 UIP: j1\n"
	      "        add(8) g2<1>D g1<8,8,1>D 100D\n"
	      "j1:     join(8) JIP: done\n"
	      "done:   add(8) g3<1>D g1<8,8,1>D 1D\n");
	for (unsigned k = 0; k < 8; k++) {
		CHECK_EQ(t->grf[2].d[k], k & 1 ? 0 : k + 100);
		CHECK_EQ(t->grf[3].d[k], k + 1);
	}
	CHECK_EQ(t->active, 0xff);
	CHECK_EQ(t->waiting, 0);
	gseu_thread_free(t);
}

/*
 * Every channel leaves: a NoMask instruction before the join is skipped
 * (the hardware goes to JIP); IGC's "(f0.0) goto" with f0.0 = 0 is an
 * unconditional jump to UIP, over a join that wakes nobody.
 */
static void t_all_leave(void)
{
	struct gseu_hw_thread *t = it_thread(0xff);

	t->f.d[0] = 0;
	it_ok(t,
	      "        (+f0.0) goto(8) JIP: j1 UIP: j2\n"
	      "        mov(8) g2<1>D 2D { NoMask }\n"
	      "j1:     join(8) JIP: j2\n"
	      "        mov(8) g3<1>D 3D { NoMask }\n"
	      "j2:     join(8) JIP: j2\n"
	      "        mov(8) g4<1>D 4D\n");
	CHECK_EQ(t->grf[2].d[0], 0);
	CHECK_EQ(t->grf[3].d[0], 0);
	CHECK_EQ(t->grf[4].d[7], 4);
	CHECK_EQ(t->active, 0xff);
	/* all stay: nothing waits, nothing is skipped */
	gseu_thread_reset(t, 0xff);
	t->f.d[0] = 0xff;
	it_ok(t,
	      "        (+f0.0) goto(8) JIP: j1 UIP: j1\n"
	      "        mov(8) g2<1>D 2D\n"
	      "j1:     join(8) JIP: j1\n"
	      "        mov(8) g4<1>D 4D\n");
	CHECK_EQ(t->grf[2].d[7], 2);
	CHECK_EQ(t->grf[4].d[7], 4);
	gseu_thread_free(t);
}

/* C model of t_nested: lane k, trip counts and limit from its registers. */
static void nested_ref(unsigned k, uint32_t *s, uint32_t *iters)
{
	uint32_t ni = k % 3 + 1, nj = k % 4 + 1, limit = 3 * k + 2;

	*s = 0;
	*iters = 0;
	for (uint32_t i = 0; i < ni; i++)
		for (uint32_t j = 0; j < nj; j++) {
			*s += 4 * i + j + 1;
			++*iters;
			if (*s > limit)
				return;		/* out of both loops */
		}
}

/*
 * Two loops closed by backward gotos (BranchCtrl) with divergent trip
 * counts, and a forward goto from the inner body out of both, IGC's
 * shape for "goto out" (c_break in ocl/corpus/flow.cl is the unrolled
 * form).
 */
static void t_nested(void)
{
	for (unsigned simd = 8; simd <= 16; simd += 8) {
		struct gseu_hw_thread *t = it_thread(simd == 8 ? 0xff : 0xffff);
		char text[2048];

		for (unsigned k = 0; k < simd; k++) {
			t->grf[10 + k / 8].d[k % 8] = 3 * k + 2;	/* limit */
			t->grf[12 + k / 8].d[k % 8] = k % 3 + 1;	/* ni */
			t->grf[14 + k / 8].d[k % 8] = k % 4 + 1;	/* nj */
		}
		snprintf(text, sizeof(text),
			 "        mov(%1$u) g2<1>D 0D\n"			/* s */
			 "        mov(%1$u) g4<1>D 0D\n"			/* i */
			 "        mov(%1$u) g8<1>D 0D\n"			/* iterations */
			 "outer:  mov(%1$u) g6<1>D 0D\n"			/* j */
			 "inner:  mul(%1$u) g16<1>D g4<8,8,1>D 4D\n"
			 "        add(%1$u) g16<1>D g16<8,8,1>D g6<8,8,1>D\n"
			 "        add(%1$u) g16<1>D g16<8,8,1>D 1D\n"
			 "        add(%1$u) g2<1>D g2<8,8,1>D g16<8,8,1>D\n"
			 "        add(%1$u) g8<1>D g8<8,8,1>D 1D\n"
			 "        cmp.le.f0.0(%1$u) null<1>D g2<8,8,1>D g10<8,8,1>D\n"
			 "        (+f0.0) goto(%1$u) JIP: ie UIP: out\n"
			 "        add(%1$u) g6<1>D g6<8,8,1>D 1D\n"
			 "        cmp.l.f0.1(%1$u) null<1>D g6<8,8,1>D g14<8,8,1>D\n"
			 "        (+f0.1) goto(%1$u) JIP: ie UIP: inner { BranchCtrl }\n"
			 "ie:     join(%1$u) JIP: oe\n"
			 "        add(%1$u) g4<1>D g4<8,8,1>D 1D\n"
			 "        cmp.l.f0.1(%1$u) null<1>D g4<8,8,1>D g12<8,8,1>D\n"
			 "        (+f0.1) goto(%1$u) JIP: oe UIP: outer { BranchCtrl }\n"
			 "oe:     join(%1$u) JIP: out\n"
			 "out:    join(%1$u) JIP: out\n"
			 "        add(%1$u) g18<1>D g2<8,8,1>D 0D\n", simd);
		it_ok(t, text);
		for (unsigned k = 0; k < simd; k++) {
			uint32_t s, iters;

			nested_ref(k, &s, &iters);
			CHECK_MSG(t->grf[18 + k / 8].d[k % 8] == s, "SIMD%u lane %u: s %u want %u",
				  simd, k, t->grf[18 + k / 8].d[k % 8], s);
			CHECK_MSG(t->grf[8 + k / 8].d[k % 8] == iters,
				  "SIMD%u lane %u: %u iterations, want %u", simd, k,
				  t->grf[8 + k / 8].d[k % 8], iters);
		}
		CHECK_EQ(t->active, simd == 8 ? 0xffu : 0xffffu);
		CHECK_EQ(t->waiting, 0);
		gseu_thread_free(t);
	}
}

/*
 * goto with the structured branches: inside the else part of an if, in
 * the body of a while (a "continue" to a join before the loop test).
 * Lane k runs i = 1..8; odd i adds i to g5, even i adds 1000 to g6 only
 * when i == k.
 */
static void t_mixed(void)
{
	struct gseu_hw_thread *t = it_thread(0xff);

	for (unsigned k = 0; k < 8; k++)
		t->grf[1].d[k] = k;
	it_ok(t,
	      "        mov(8) g4<1>D 0D\n"
	      "loop:   add(8) g4<1>D g4<8,8,1>D 1D\n"
	      "        and.nz.f0.0(8) null<1>D g4<8,8,1>D 1D\n"
	      "        (+f0.0) if(8) JIP: el UIP: en\n"
	      "        add(8) g5<1>D g5<8,8,1>D g4<8,8,1>D\n"
	      "        else(8) JIP: en UIP: en\n"
	      "el:     cmp.z.f0.1(8) null<1>D g4<8,8,1>D g1<8,8,1>D\n"
	      "        (+f0.1) goto(8) JIP: c1 UIP: c1\n"
	      "        add(8) g6<1>D g6<8,8,1>D 1000D\n"
	      "c1:     join(8) JIP: en\n"
	      "en:     endif(8) JIP: wend\n"
	      "        cmp.l.f0.0(8) null<1>D g4<8,8,1>D 8D\n"
	      "wend:   (+f0.0) while(8) JIP: loop\n"
	      "        add(8) g7<1>D g4<8,8,1>D 0D\n");
	for (unsigned k = 0; k < 8; k++) {
		CHECK_EQ(t->grf[5].d[k], 1 + 3 + 5 + 7);
		CHECK_MSG(t->grf[6].d[k] == (k && !(k & 1) ? 1000u : 0u), "lane %u: %u", k,
			  t->grf[6].d[k]);
		CHECK_EQ(t->grf[7].d[k], 8);
	}
	CHECK_EQ(t->active, 0xff);
	CHECK_EQ(t->waiting, 0);
	gseu_thread_free(t);
}

/* The rows: goto and join decode, print and run; if keeps its refusal. */
static void t_rows(void)
{
	struct gseu_hw_thread *t = it_thread(0xff);

	CHECK_EQ(it_run(t, "(+f0.0) if(8) JIP: 32 UIP: 32 { BranchCtrl }\n"
			   "endif(8) JIP: 16\n"), GSEU_RUN_EXCEPTION);
	CHECK_EQ(t->exc, GSEU_EXC_UNSUPPORTED);
	CHECK(strstr(t->exc_msg, "if with BranchCtrl") != NULL);
	/* a backward goto nobody takes falls through to JIP */
	gseu_thread_reset(t, 0xff);
	t->f.d[0] = 0;
	it_ok(t,
	      "top:    add(8) g2<1>D g2<8,8,1>D 1D\n"
	      "        (+f0.0) goto(8) JIP: j UIP: top { BranchCtrl }\n"
	      "j:      join(8) JIP: j\n");
	CHECK_EQ(t->grf[2].d[3], 1);
	CHECK_EQ(t->active, 0xff);
	gseu_thread_free(t);
}

int main(void)
{
	tap_run("forward goto: failing channels wait at UIP, join wakes them", t_forward);
	tap_run("goto: every channel leaves / stays", t_all_leave);
	tap_run("nested loops of backward gotos, a goto out of both (SIMD8, 16)", t_nested);
	tap_run("goto inside if/else inside while", t_mixed);
	tap_run("BranchCtrl: goto.b falls through, if refuses it", t_rows);
	return tap_done();
}
