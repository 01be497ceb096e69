// SPDX-License-Identifier: MIT
/*
 * Whole compute kernels through gs_eu_dispatch() (hw-spec-compute):
 * vector add with a bounds check, saxpy with a cross-thread constant, a
 * 32x32 matrix multiply with a loop, each against the same computation in
 * C and run on 1 and on N workers (the bytes must be identical); and the
 * timestamp a kernel reads from tm0.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compute_env.h"
#include "gseu/eu.h"
#include "tap.h"

static uint32_t desc(unsigned int mlen, unsigned int rlen, unsigned int type, unsigned int ctrl,
		     unsigned int bti)
{
	return mlen << 25 | rlen << 20 | type << 14 | ctrl << 8 | bti;
}

static uint32_t rd16(unsigned int bti)
{
	return desc(2, 2, 1, 1u << 4 | 0xe, bti);
}

static uint32_t wr16(unsigned int bti)
{
	return desc(4, 0, 9, 1u << 4 | 0xe, bti);
}

#define LANES \
	"mov(8) g10<1>UW 0x76543210V { align1 1Q NoMask }\n" \
	"add(8) g10.8<1>UW g10<8,8,1>UW 8UW { align1 1Q NoMask }\n" \
	"mov(16) g12<1>UD g10<8,8,1>UW { align1 1H NoMask }\n"

/*
 * Element i = ((group * 4 + tig) * 16 + lane); r1 = { n, a } (cross
 * thread), r2.0 = tig.  f0.0 = i < n.  g18 = i * 4.
 */
#define INDEX \
	LANES \
	"mul(1) g14<1>UD g0.1<0,1,0>UD 4UD { align1 1N NoMask }\n" \
	"add(1) g14<1>UD g14<0,1,0>UD g2<0,1,0>UD { align1 1N NoMask }\n" \
	"shl(1) g14<1>UD g14<0,1,0>UD 4UD { align1 1N NoMask }\n" \
	"add(16) g16<1>UD g12<8,8,1>UD g14<0,1,0>UD { align1 1H NoMask }\n" \
	"cmp.l.f0.0(16) null<1>UD g16<8,8,1>UD g1<0,1,0>UD { align1 1H }\n" \
	"shl(16) g18<1>UD g16<8,8,1>UD 2UD { align1 1H NoMask }\n"

struct vec_run {
	unsigned int n, workers;
	float a;
	const float *x, *y;
	float *out;
};

/* Run @body (reads BTI 0 into g20, BTI 1 into g22, result in g26) over n. */
static void vec_kernel(const char *body, struct vec_run *v)
{
	struct compute_env e;
	struct gs_eu_dispatch d;
	uint32_t curbe[8 * 5] = { 0 };
	uint64_t bytes = (uint64_t)v->n * 4, vx, vy, vo;
	char text[4096];

	cse_start(&e, v->workers);
	vx = cse_alloc(&e, bytes);
	vy = cse_alloc(&e, bytes);
	vo = cse_alloc(&e, bytes);
	cse_write(&e, vx, v->x, bytes);
	cse_write(&e, vy, v->y, bytes);
	CHECK_EQ(cse_buffer(&e, vx, bytes), 0);
	CHECK_EQ(cse_buffer(&e, vy, bytes), 1);
	CHECK_EQ(cse_buffer(&e, vo, bytes), 2);
	snprintf(text, sizeof(text), INDEX
		 "(+f0.0) send(16) g20<1>UD g18<8,8,1>UD dp_data1 0x%08xUD { align1 1H }\n"
		 "(+f0.0) send(16) g22<1>UD g18<8,8,1>UD dp_data1 0x%08xUD { align1 1H }\n"
		 "%s"
		 "mov(16) g30<1>UD g18<8,8,1>UD { align1 1H NoMask }\n"
		 "mov(16) g32<1>UD g26<8,8,1>UD { align1 1H NoMask }\n"
		 "(+f0.0) send(16) null<1>UD g30<8,8,1>UD dp_data1 0x%08xUD { align1 1H }\n"
		 CSE_EOT, rd16(0), rd16(1), body, wr16(2));
	cse_desc(&e, &d, cse_kernel(&e, text));
	curbe[0] = v->n;
	memcpy(&curbe[1], &v->a, 4);
	for (unsigned int t = 0; t < 4; t++)
		curbe[8 * (1 + t)] = t;
	d.curbe = curbe;
	d.curbe_size = sizeof(curbe);
	d.cross_thread_length = 1;
	d.curbe_read_length = 1;
	d.thread_width = 4;
	d.dim[0] = (v->n + 63) / 64;
	cse_ok(&e, &d);
	cse_read(&e, vo, v->out, bytes);
	cse_stop(&e);
}

static void vec_both(const char *body, unsigned int n, float a, const float *x, const float *y,
		     float *out)
{
	float *other = malloc(n * 4);
	struct vec_run v = { n, 1, a, x, y, out };

	CHECK(other);
	vec_kernel(body, &v);
	v.workers = CSE_MANY_WORKERS;
	v.out = other;
	vec_kernel(body, &v);
	CHECK(!memcmp(out, other, n * 4));
	free(other);
}

static void fill(float *p, unsigned int n, unsigned int seed)
{
	for (unsigned int i = 0; i < n; i++)
		p[i] = (float)((i * seed + 7) % 1013) * 0.37f - 150.0f;
}

static void t_vector_add(void)
{
	enum { N = 1000 };
	static float x[N], y[N], out[N];

	fill(x, N, 31);
	fill(y, N, 57);
	vec_both("add(16) g26<1>F g20<8,8,1>F g22<8,8,1>F { align1 1H }\n", N, 0, x, y, out);
	for (unsigned int i = 0; i < N; i++)
		CHECK_MSG(out[i] == x[i] + y[i], "c[%u] = %g, want %g", i, out[i], x[i] + y[i]);
}

static void t_saxpy(void)
{
	enum { N = 777 };
	static float x[N], y[N], out[N];
	const float a = 2.5f;

	fill(x, N, 13);
	fill(y, N, 101);
	vec_both("mul(16) g24<1>F g20<8,8,1>F g1.1<0,1,0>F { align1 1H }\n"
		 "add(16) g26<1>F g24<8,8,1>F g22<8,8,1>F { align1 1H }\n", N, a, x, y, out);
	for (unsigned int i = 0; i < N; i++) {
		volatile float p = a * x[i];	/* two roundings, as mul then add */

		CHECK_MSG(out[i] == p + y[i], "y[%u] = %g, want %g", i, out[i], p + y[i]);
	}
}

/*
 * C = A x B, 32x32 floats.  Group i computes row i with 2 threads of 16
 * columns each (r1.0 = tig); a jmpi loop runs k = 0..31: a broadcast read
 * of A[i][k], a vector read of B[k][j..j+15], mul, add.
 */
#define MN 32

static void matmul(unsigned int workers, const float *a, const float *b, float *c)
{
	struct compute_env e;
	struct gs_eu_dispatch d;
	uint32_t curbe[16] = { 0, 0, 0, 0, 0, 0, 0, 0, 1 };
	uint64_t bytes = MN * MN * 4, va, vb, vc;
	char text[8192];

	cse_start(&e, workers);
	va = cse_alloc(&e, bytes);
	vb = cse_alloc(&e, bytes);
	vc = cse_alloc(&e, bytes);
	cse_write(&e, va, a, bytes);
	cse_write(&e, vb, b, bytes);
	CHECK_EQ(cse_buffer(&e, va, bytes), 0);
	CHECK_EQ(cse_buffer(&e, vb, bytes), 1);
	CHECK_EQ(cse_buffer(&e, vc, bytes), 2);
	snprintf(text, sizeof(text), LANES
		 "shl(1) g14<1>UD g1<0,1,0>UD 4UD { align1 1N NoMask }\n"
		 "add(16) g16<1>UD g12<8,8,1>UD g14<0,1,0>UD { align1 1H NoMask }\n"
		 "mov(16) g40<1>F 0.0F { align1 1H NoMask }\n"
		 "mov(1) g50<1>UD 0UD { align1 1N NoMask }\n"
		 "loop: mul(1) g51<1>UD g0.1<0,1,0>UD %uUD { align1 1N NoMask }\n"
		 "add(1) g51<1>UD g51<0,1,0>UD g50<0,1,0>UD { align1 1N NoMask }\n"
		 "shl(1) g51<1>UD g51<0,1,0>UD 2UD { align1 1N NoMask }\n"
		 "mov(16) g52<1>UD g51<0,1,0>UD { align1 1H NoMask }\n"
		 "send(16) g20<1>UD g52<8,8,1>UD dp_data1 0x%08xUD { align1 1H }\n"
		 "mul(1) g54<1>UD g50<0,1,0>UD %uUD { align1 1N NoMask }\n"
		 "add(16) g56<1>UD g16<8,8,1>UD g54<0,1,0>UD { align1 1H NoMask }\n"
		 "shl(16) g56<1>UD g56<8,8,1>UD 2UD { align1 1H NoMask }\n"
		 "send(16) g22<1>UD g56<8,8,1>UD dp_data1 0x%08xUD { align1 1H }\n"
		 "mul(16) g24<1>F g20<8,8,1>F g22<8,8,1>F { align1 1H }\n"
		 "add(16) g40<1>F g40<8,8,1>F g24<8,8,1>F { align1 1H }\n"
		 "add(1) g50<1>UD g50<0,1,0>UD 1UD { align1 1N NoMask }\n"
		 "cmp.l.f0.0(1) null<1>UD g50<0,1,0>UD %uUD { align1 1N NoMask }\n"
		 "(+f0.0) jmpi(1) loop { align1 1N NoMask }\n"
		 "mul(1) g51<1>UD g0.1<0,1,0>UD %uUD { align1 1N NoMask }\n"
		 "add(16) g60<1>UD g16<8,8,1>UD g51<0,1,0>UD { align1 1H NoMask }\n"
		 "shl(16) g60<1>UD g60<8,8,1>UD 2UD { align1 1H NoMask }\n"
		 "mov(16) g62<1>UD g40<8,8,1>UD { align1 1H NoMask }\n"
		 "send(16) null<1>UD g60<8,8,1>UD dp_data1 0x%08xUD { align1 1H }\n"
		 CSE_EOT, MN, rd16(0), MN, rd16(1), MN, MN, wr16(2));
	cse_desc(&e, &d, cse_kernel(&e, text));
	d.curbe = curbe;
	d.curbe_size = sizeof(curbe);
	d.curbe_read_length = 1;
	d.thread_width = 2;
	d.dim[0] = MN;
	cse_ok(&e, &d);
	cse_read(&e, vc, c, bytes);
	cse_stop(&e);
}

static void t_matrix_multiply(void)
{
	static float a[MN * MN], b[MN * MN], one[MN * MN], many[MN * MN];

	for (unsigned int i = 0; i < MN; i++)
		for (unsigned int k = 0; k < MN; k++) {
			a[i * MN + k] = (float)((int)((i * 7 + k * 3) % 17) - 8) * 0.25f;
			b[i * MN + k] = (float)((int)((i * 5 + k * 11) % 13) - 6) * 0.5f + 0.1f;
		}
	matmul(1, a, b, one);
	matmul(CSE_MANY_WORKERS, a, b, many);
	for (unsigned int i = 0; i < MN; i++)
		for (unsigned int j = 0; j < MN; j++) {
			float acc = 0.0f;

			for (unsigned int k = 0; k < MN; k++) {
				volatile float p = a[i * MN + k] * b[k * MN + j];

				acc = acc + p;
			}
			CHECK_MSG(one[i * MN + j] == acc, "C[%u][%u] = %g, want %g", i, j,
				  one[i * MN + j], acc);
		}
	CHECK(!memcmp(one, many, sizeof(one)));
}

/* tm0.0 counts up within a thread: two reads 5 instructions apart. */
static void t_timestamp(void)
{
	struct compute_env e;
	struct gs_eu_dispatch d;
	uint64_t vo;
	uint32_t out[2];
	char text[2048];

	cse_start(&e, 1);
	vo = cse_alloc(&e, 4096);
	CHECK_EQ(cse_buffer(&e, vo, 4096), 0);
	snprintf(text, sizeof(text),
		 "mov(1) g21<1>UD tm0<0,1,0>UD { align1 1N NoMask }\n"
		 "nop\nnop\nnop\nnop\n"
		 "mov(1) g21.1<1>UD tm0<0,1,0>UD { align1 1N NoMask }\n"
		 "mov(8) g20<1>UW 0x76543210V { align1 1Q NoMask }\n"
		 "shl(8) g20<1>UD g20<8,8,1>UW 2UD { align1 1Q NoMask }\n"
		 "send(8) null<1>UD g20<8,8,1>UD dp_data1 0x%08xUD { align1 1Q NoMask }\n"
		 CSE_EOT, desc(2, 0, 9, 2u << 4 | 0xe, 0));
	cse_desc(&e, &d, cse_kernel(&e, text));
	d.simd = 8;
	cse_ok(&e, &d);
	cse_read(&e, vo, out, sizeof(out));
	CHECK_MSG(out[1] > out[0], "tm0 %u then %u", out[0], out[1]);
	CHECK_EQ(out[1] - out[0], 5);	/* gensim: tm0 counts retired instructions */
	cse_stop(&e);
}


/*
 * The same machinery in the GGTT: kernel, binding table, surface state and
 * buffer at GGTT addresses; each lane stores its index times 3.
 */
static void t_ggtt_space(void)
{
	enum { ISA = 0x10000, SSH = 0x20000, BUF = 0x40000 };
	struct compute_env e;
	struct gs_eu_dispatch d;
	struct gseu_asm_result res;
	struct gseu_error err;
	uint32_t ss[16] = { 0 }, bt = 0x100, out[16];
	char text[2048];

	cse_start(&e, 2);
	cse_map_ggtt(&e, ISA, 4096);
	cse_map_ggtt(&e, SSH, 4096);
	cse_map_ggtt(&e, BUF, 4096);
	ss[0] = 4u << 29 | 0x1ffu << 18;		/* BUFFER, RAW */
	ss[2] = 0x7f | 31u << 16;			/* 4096 - 1 = 31 << 7 | 0x7f */
	ss[8] = BUF;
	cse_write(&e, SSH + 0x100, ss, sizeof(ss));
	cse_write(&e, SSH, &bt, 4);			/* BTI 0 -> SSH + 0x100 */
	snprintf(text, sizeof(text), LANES
		 "mul(16) g30<1>UD g12<8,8,1>UD 4UD { align1 1H NoMask }\n"
		 "mul(16) g32<1>UD g12<8,8,1>UD 3UD { align1 1H NoMask }\n"
		 "send(16) null<1>UD g30<8,8,1>UD dp_data1 0x%08xUD { align1 1H }\n"
		 CSE_EOT, wr16(0));
	CHECK_EQ(gseu_assemble(text, NULL, &res, &err), 0);
	cse_write(&e, ISA, res.code, res.size);
	gseu_asm_free(&res);
	cse_desc(&e, &d, 0);
	d.space = GS_MEM_GGTT;
	d.pml4 = 0;
	d.instruction_base = ISA;
	d.surface_state_base = SSH;
	d.binding_table_ptr = 0;
	cse_ok(&e, &d);
	cse_read(&e, BUF, out, sizeof(out));
	for (unsigned int k = 0; k < 16; k++)
		CHECK_EQ(out[k], 3 * k);
	cse_stop(&e);
}

int main(void)
{
	tap_run("vector add with a bounds check, 1 vs N workers", t_vector_add);
	tap_run("saxpy with a cross-thread constant, 1 vs N workers", t_saxpy);
	tap_run("32x32 matrix multiply with a loop, 1 vs N workers", t_matrix_multiply);
	tap_run("tm0 timestamp", t_timestamp);
	tap_run("a dispatch in the GGTT", t_ggtt_space);
	return tap_done();
}
