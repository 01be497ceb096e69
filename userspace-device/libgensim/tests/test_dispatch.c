// SPDX-License-Identifier: MIT
/*
 * GPGPU dispatch through libgensim in process, as a client does it:
 * gsim_dispatch_prepare() lays the job out in a VM, gsim_dispatch_run()
 * runs it on a render queue, the buffers are checked against C.  The
 * examples' vector add and SLM prefix sum; the GPGPU state a queue's
 * context keeps (a walker-only batch after the full one, on two queues
 * with different constants); and the jobs the library or the device
 * refuse.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "gsim_env.h"

#define LANES16 \
	"mov(8) g10<1>UW 0x76543210V { align1 1Q NoMask }\n" \
	"add(8) g10.8<1>UW g10<8,8,1>UW 8UW { align1 1Q NoMask }\n" \
	"mov(16) g12<1>UD g10<8,8,1>UW { align1 1H NoMask }\n"
#define EOT \
	"mov(8) g127<1>UD g0<8,8,1>UD { align1 1Q NoMask }\n" \
	"send(8) null<1>UD g127<8,8,1>UD ts 0x02000010UD { align1 1Q NoMask EOT }\n"

/* out[group * 16 + lane] = r1.0 + lane (SIMD16, one thread a group, BTI 0). */
static const char stamp_text[] = LANES16
	"shl(1) g14<1>UD g0.1<0,1,0>UD 6UD { align1 1N NoMask }\n"
	"shl(16) g30<1>UD g12<8,8,1>UD 2UD { align1 1H NoMask }\n"
	"add(16) g30<1>UD g30<8,8,1>UD g14<0,1,0>UD { align1 1H NoMask }\n"
	"add(16) g32<1>UD g12<8,8,1>UD g1<0,1,0>UD { align1 1H NoMask }\n"
	"send(16) null<1>UD g30<8,8,1>UD dp_data1 0x08025e00UD { align1 1H NoMask }\n"
	EOT;

static float frand(unsigned int i, unsigned int seed)
{
	return (float)((i * seed + 7) % 1013) * 0.37f - 150.0f;
}

struct job {
	struct gsim_device *dev;
	uint32_t vm, queue;
	struct gseu_asm_result code;
	struct gsim_dispatch_layout l;
};

/* @d with the kernel @text laid out in a new VM with a render queue. */
static void prepare(struct job *j, struct gsim_device *dev, struct gsim_dispatch *d,
		    const char *text)
{
	j->dev = dev;
	j->vm = ge_vm(dev, 0);
	j->queue = ge_queue(dev, GSIM_ENGINE_CLASS_RENDER, j->vm);
	ge_asm(text, &j->code);
	d->kernel = j->code.code;
	d->kernel_size = j->code.size;
	OK(gsim_dispatch_prepare(dev, j->vm, d, &j->l));
}

static void finish(struct job *j)
{
	OK(gsim_dispatch_release(j->dev, &j->l));
	OK(gsim_queue_destroy(j->dev, j->queue));
	OK(gsim_vm_destroy(j->dev, j->vm));
	gseu_asm_free(&j->code);
}

static void t_vector_add(void)
{
	enum { N = 1000 };
	static float a[N], b[N];
	struct gsim_dispatch d = { .simd = 16, .groups = { 4, 1, 1 }, .group_size = { 16, 1, 1 },
				   .curbe = { N }, .ncurbe = 1 };
	struct gsim_device *dev = ge_open(2, WAIT_MS);
	struct gsim_dispatch_buf *c;
	struct gsim_exec_stats st;
	char *text = ge_example("vector_add.s");
	struct job j;

	for (unsigned int i = 0; i < N; i++) {
		a[i] = frand(i, 7);
		b[i] = frand(i, 19);
	}
	OK(gsim_dispatch_add_buffer(&d, 0, sizeof(a), a, NULL));
	OK(gsim_dispatch_add_buffer(&d, 1, sizeof(b), b, NULL));
	OK(gsim_dispatch_add_buffer(&d, 2, 4096, NULL, &c));
	prepare(&j, dev, &d, text);
	CHECK_EQ(j.l.groups, 4);
	CHECK_EQ(j.l.threads, 64);
	CHECK(!gsim_dispatch_done(&j.l));
	OK(gsim_dispatch_run(dev, j.queue, &j.l, WAIT_MS, &st));
	CHECK(st.flags & GSIM_STATS_INSTRUCTIONS);
	/* 64 threads, each at least its ~20 instructions */
	CHECK_MSG(st.eu_instructions >= 64 * 15, "%llu instructions",
		  (unsigned long long)st.eu_instructions);
	for (unsigned int i = 0; i < 1024; i++) {
		float got = ((const float *)c->cpu)[i];

		CHECK_MSG(i < N ? got == a[i] + b[i] : got == 0.0f, "c[%u] = %g", i, got);
	}
	finish(&j);
	free(text);
	gsim_close(dev);
}

/* SLM and a barrier: an inclusive prefix sum within each group. */
static void t_prefix_sum(void)
{
	enum { W = 8, GROUPS = 3, N = 16 * W * GROUPS };
	struct gsim_dispatch d = { .simd = 16, .groups = { GROUPS, 1, 1 },
				   .group_size = { W, 1, 1 }, .slm = 8192, .barrier = 1 };
	struct gsim_device *dev = ge_open(3, WAIT_MS);
	struct gsim_dispatch_buf *in, *out;
	char *text = ge_example("prefix_sum_slm.s");
	struct job j;

	OK(gsim_dispatch_add_buffer(&d, 0, N * 4, NULL, &in));
	in->init = GSIM_INIT_IOTA;
	OK(gsim_dispatch_add_buffer(&d, 1, N * 4, NULL, &out));
	prepare(&j, dev, &d, text);
	OK(gsim_dispatch_run(dev, j.queue, &j.l, WAIT_MS, NULL));
	for (unsigned int g = 0; g < GROUPS; g++) {
		uint32_t sum = 0;

		for (unsigned int k = 0; k < 16 * W; k++) {
			unsigned int i = g * 16 * W + k;
			uint32_t got = ((const uint32_t *)out->cpu)[i];

			sum += i;
			CHECK_MSG(got == sum, "out[%u] = %u, want %u", i, got, sum);
		}
	}
	finish(&j);
	free(text);
	gsim_close(dev);
}

/*
 * A second batch in the job's batch buffer: only a walker of group X 1
 * (Starting X 1, X Dimension 2), then the flush and the fence.  It
 * dispatches with whatever GPGPU state the queue's context holds.
 */
static uint64_t walker_only(struct job *j)
{
	const uint32_t gs[3] = { 1, 1, 1 }, groups[3] = { 2, 1, 1 };
	struct gsim_batch b;

	*j->l.fence = 0;
	OK(gsim_batch_init(&b, j->l.batch + 0x1000, j->l.batch_va + 0x4000, 0x1000));
	OK(gsim_emit_gpgpu_walker(&b, 0, 16, gs, groups));
	b.cpu[5] = 1;
	OK(gsim_emit_media_state_flush(&b));
	OK(gsim_emit_pipe_control_write(&b, GSIM_DISPATCH_FENCE_VA, GSIM_DISPATCH_FENCE_MAGIC, 0));
	OK(gsim_batch_end(&b));
	return b.va;
}

static void t_state_per_queue(void)
{
	struct gsim_dispatch da = { .simd = 16, .groups = { 1, 1, 1 }, .group_size = { 1, 1, 1 },
				    .curbe = { 1000 }, .ncurbe = 1 };
	struct gsim_dispatch db = da;
	struct gsim_device *dev = ge_open(2, WAIT_MS);
	struct job ja, jb;

	db.curbe[0] = 2000;
	OK(gsim_dispatch_add_buffer(&da, 0, 4096, NULL, NULL));
	OK(gsim_dispatch_add_buffer(&db, 0, 4096, NULL, NULL));
	prepare(&ja, dev, &da, stamp_text);
	prepare(&jb, dev, &db, stamp_text);
	/* Each queue sets its state and runs group 0 ... */
	OK(gsim_dispatch_run(dev, ja.queue, &ja.l, WAIT_MS, NULL));
	OK(gsim_dispatch_run(dev, jb.queue, &jb.l, WAIT_MS, NULL));
	/* ... then only a walker, after the other queue ran: its own state. */
	OK(gsim_exec_wait(dev, ja.queue, walker_only(&ja), WAIT_MS, NULL));
	CHECK(gsim_dispatch_done(&ja.l));
	OK(gsim_exec_wait(dev, jb.queue, walker_only(&jb), WAIT_MS, NULL));
	CHECK(gsim_dispatch_done(&jb.l));
	for (unsigned int g = 0; g < 2; g++)
		for (unsigned int l = 0; l < 16; l++) {
			CHECK_EQ(((const uint32_t *)da.buf[0].cpu)[g * 16 + l], 1000 + l);
			CHECK_EQ(((const uint32_t *)db.buf[0].cpu)[g * 16 + l], 2000 + l);
		}
	finish(&ja);
	finish(&jb);
	gsim_close(dev);
}

/* Refused by the library before anything runs, or stopped by the device. */
static void t_refused(void)
{
	static const uint32_t code[2] = { 0 };
	struct gsim_dispatch d = { .kernel = code, .kernel_size = 8, .simd = 12,
				   .groups = { 1, 1, 1 }, .group_size = { 1, 1, 1 } };
	struct gsim_device *dev;
	struct job j;

	FAILS(gsim_dispatch_check(&d), -EINVAL);
	CHECK(strstr(gsim_last_error(), "SIMD 12"));
	d.simd = 16;
	d.group_size[0] = 65;
	FAILS(gsim_dispatch_check(&d), -EINVAL);
	d.group_size[0] = 1;
	for (unsigned int i = 0; i < GSIM_DISPATCH_MAX_BUFFERS; i++)
		OK(gsim_dispatch_add_buffer(&d, i, 64, NULL, NULL));
	FAILS(gsim_dispatch_add_buffer(&d, 40, 64, NULL, NULL), -ENOSPC);
	d.buf[1].bti = 0;
	FAILS(gsim_dispatch_check(&d), -EINVAL);

	/* vector_add.s reads BTI 0 and 1, which are empty: an instruction error. */
	dev = ge_open(1, WAIT_MS);
	memset(&d, 0, sizeof(d));
	d = (struct gsim_dispatch){ .simd = 16, .groups = { 1, 1, 1 }, .group_size = { 1, 1, 1 },
				    .curbe = { 16 }, .ncurbe = 1 };
	OK(gsim_dispatch_add_buffer(&d, 2, 4096, NULL, NULL));
	{
		char *text = ge_example("vector_add.s");

		prepare(&j, dev, &d, text);
		free(text);
	}
	FAILS(gsim_dispatch_run(dev, j.queue, &j.l, WAIT_MS, NULL), -ENOEXEC);
	CHECK_MSG(strstr(gsim_last_error(), "rcs0 stopped with an error: EIR 0x1,"), "%s",
		  gsim_last_error());
	FAILS(gsim_dispatch_run(dev, j.queue, &j.l, WAIT_MS, NULL), -EIO);
	finish(&j);
	gsim_close(dev);
}

int main(void)
{
	tap_run("vector_add.s: prepare, run, statistics", t_vector_add);
	tap_run("prefix_sum_slm.s: SLM and a barrier", t_prefix_sum);
	tap_run("GPGPU state is each queue's context's", t_state_per_queue);
	tap_run("jobs the library refuses and the device stops", t_refused);
	return tap_done();
}
