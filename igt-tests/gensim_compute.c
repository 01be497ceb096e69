// SPDX-License-Identifier: MIT
/*
 * gensim_compute: Gen8 compute kernels through the driver.  Each job is
 * laid out by libgensim's dispatch helpers, as gensim-run does
 * (gsim_dispatch_build(): PIPELINE_SELECT, STATE_BASE_ADDRESS,
 * MEDIA_VFE_STATE, MEDIA_CURBE_LOAD, MEDIA_INTERFACE_DESCRIPTOR_LOAD,
 * GPGPU_WALKER, MEDIA_STATE_FLUSH, PIPE_CONTROL) in buffers bound with
 * VM_BIND, run by EXEC on a render queue, and checked against the same
 * computation in C.  Kernels are assembler text, assembled here by the
 * device's EU library (build/release/libgsdev.a): the examples of
 * userspace-device/examples/ and a few written below.  Also: two queues
 * with different GPGPU state (the state is the context's), a kernel that
 * faults and one that never ends (the engine is reset, other work goes
 * on), and gensim-run --drm.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <xf86drm.h>

#include <gensim/gensim.h>

#include "lib/gensim_batch.h"
#include "lib/igt.h"
#include "lib/igt_gensim.h"
#include "gseu/eu.h"

#define WAIT_MS		60000

static int fd = -1;	/* static: survive the harness longjmp */

static void assemble(const char *text, struct gseu_asm_result *res)
{
	struct gseu_error err;

	igt_assert_f(!gseu_assemble(text, NULL, res, &err), "assembler: line %u: %s", err.line,
		     err.msg);
}

static char *example(const char *name)
{
	char path[512], *text;

	snprintf(path, sizeof(path), "%s/userspace-device/examples/%s", gensim_top(), name);
	text = gensim_read_file(path);
	igt_assert_f(text, "%s", path);
	return text;
}

static uint32_t device_threads(void)
{
	struct drm_gensim_query_device d;

	gensim_query_device(fd, &d);
	return d.eu_total * d.threads_per_eu;
}

/* Lay @job out in a new VM; return the VM (its memory in @m). */
static uint32_t build(struct gsim_dispatch *job, const char *text, struct gensim_dispatch_mem *m,
		      struct gseu_asm_result *res, struct gsim_dispatch_layout *b)
{
	struct gsim_va_space mem = { .ctx = m, .map = gensim_dispatch_mem_map,
				     .threads = device_threads() };

	gensim_dispatch_mem_init(m, fd);
	assemble(text, res);
	job->kernel = res->code;
	job->kernel_size = res->size;
	igt_assert_f(!gsim_dispatch_build(job, &mem, b), "gsim_dispatch_build: %s",
		     gsim_last_error());
	return m->vm;
}

static void finish(struct gensim_dispatch_mem *m, struct gseu_asm_result *res)
{
	gensim_dispatch_mem_fini(m);
	gseu_asm_free(res);
}

/* EXEC the job's batch on a new render queue and wait for it to complete. */
static void run(struct gensim_dispatch_mem *m, const struct gsim_dispatch_layout *b)
{
	uint32_t q = gensim_queue_create(fd, DRM_GENSIM_ENGINE_CLASS_RENDER, m->vm);
	uint32_t s = gensim_exec_sync(fd, q, b->batch_va);

	igt_assert_eq(gensim_syncobj_wait(fd, s, WAIT_MS), 0);
	igt_assert_eq(gensim_syncobj_status(fd, s), 1);
	igt_assert(gsim_dispatch_done(b));
	drmSyncobjDestroy(fd, s);
}

static void add_buffer(struct gsim_dispatch *job, unsigned int bti, uint64_t size,
		       const void *init)
{
	igt_assert(!gsim_dispatch_add_buffer(job, bti, size, init, NULL));
}

static float frand(unsigned int i, unsigned int seed)
{
	return (float)((i * seed + 7) % 1013) * 0.37f - 150.0f;
}

#define LANES16 \
	"mov(8) g10<1>UW 0x76543210V { align1 1Q NoMask }\n" \
	"add(8) g10.8<1>UW g10<8,8,1>UW 8UW { align1 1Q NoMask }\n" \
	"mov(16) g12<1>UD g10<8,8,1>UW { align1 1H NoMask }\n"
#define EOT \
	"mov(8) g127<1>UD g0<8,8,1>UD { align1 1Q NoMask }\n" \
	"send(8) null<1>UD g127<8,8,1>UD ts 0x02000010UD { align1 1Q NoMask EOT }\n"

/* examples/matmul.s: C = A x B, 32x32, two threads of 16 columns a row. */
#define MN 32

/* out[group * 16 + lane] = r1.0 + lane (SIMD16, one thread a group, BTI 0). */
static const char stamp_text[] = LANES16
	"shl(1) g14<1>UD g0.1<0,1,0>UD 6UD { align1 1N NoMask }\n"
	"shl(16) g30<1>UD g12<8,8,1>UD 2UD { align1 1H NoMask }\n"
	"add(16) g30<1>UD g30<8,8,1>UD g14<0,1,0>UD { align1 1H NoMask }\n"
	"add(16) g32<1>UD g12<8,8,1>UD g1<0,1,0>UD { align1 1H NoMask }\n"
	"send(16) null<1>UD g30<8,8,1>UD dp_data1 0x08025e00UD { align1 1H NoMask }\n"
	EOT;

/* Forever. */
static const char endless_text[] =
	"loop: add(1) g20<1>UD g20<0,1,0>UD 1UD { align1 1N NoMask }\n"
	"jmpi(1) loop { align1 1N NoMask }\n"
	EOT;

/* Count to the CURBE's first dword, then end: a kernel as long as we like. */
static const char count_text[] =
	"mov(1) g20<1>UD 0UD { align1 1N NoMask }\n"
	"loop: add(1) g20<1>UD g20<0,1,0>UD 1UD { align1 1N NoMask }\n"
	"cmp.l.f0.0(1) null<1>UD g20<0,1,0>UD g1<0,1,0>UD { align1 1N NoMask }\n"
	"(+f0.0) jmpi(1) loop { align1 1N NoMask }\n"
	EOT;

/* Set a gensim module parameter; returns its old value. */
static int set_param(const char *name, int value)
{
	char path[128], *old;
	int v;

	snprintf(path, sizeof(path), "/sys/module/gensim/parameters/%s", name);
	old = gensim_read_file(path);
	igt_assert_f(old, "%s", path);
	v = atoi(old);
	free(old);
	igt_assert_eq(gensim_system("echo %d > %s", value, path), 0);
	return v;
}

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/*
 * A second batch in the job's batch buffer: only a walker of group X 1
 * (Starting X 1, X Dimension 2), then the flush and the fence.  It
 * dispatches with whatever GPGPU state the queue's context holds.
 */
static uint64_t walker_only(const struct gsim_dispatch_layout *b)
{
	const uint32_t gs[3] = { 1, 1, 1 }, groups[3] = { 2, 1, 1 };
	struct gsim_batch bb;

	*b->fence = 0;
	igt_assert_eq(gsim_batch_init(&bb, b->batch + 0x1000, b->batch_va + 0x4000, 0x1000), 0);
	igt_assert_eq(gsim_emit_gpgpu_walker(&bb, 0, 16, gs, groups), 0);
	bb.cpu[5] = 1;
	igt_assert_eq(gsim_emit_media_state_flush(&bb), 0);
	igt_assert_eq(gsim_emit_pipe_control_write(&bb, GSIM_DISPATCH_FENCE_VA,
						   GSIM_DISPATCH_FENCE_MAGIC, 0), 0);
	igt_assert_eq(gsim_batch_end(&bb), 0);
	return bb.va;
}

/* C = A x B, 32x32, against the CPU's products summed in the same order. */
static void check_matmul(void)
{
	static float a[MN * MN], b[MN * MN];
	struct gsim_dispatch job = { .simd = 16, .groups = { MN, 1, 1 },
				     .group_size = { 2, 1, 1 }, .curbe = { MN }, .ncurbe = 1 };
	struct gseu_asm_result res;
	struct gsim_dispatch_layout bt;
	struct gensim_dispatch_mem m;
	char *text = example("matmul.s");
	const float *c;

	for (unsigned int i = 0; i < MN; i++)
		for (unsigned int k = 0; k < MN; k++) {
			a[i * MN + k] = (float)((int)((i * 7 + k * 3) % 17) - 8) * 0.25f;
			b[i * MN + k] = (float)((int)((i * 5 + k * 11) % 13) - 6) * 0.5f + 0.1f;
		}
	add_buffer(&job, 0, sizeof(a), a);
	add_buffer(&job, 1, sizeof(b), b);
	add_buffer(&job, 2, sizeof(a), NULL);
	build(&job, text, &m, &res, &bt);
	run(&m, &bt);
	c = job.buf[2].cpu;
	for (unsigned int i = 0; i < MN; i++)
		for (unsigned int j = 0; j < MN; j++) {
			float acc = 0.0f;

			for (unsigned int k = 0; k < MN; k++) {
				volatile float p = a[i * MN + k] * b[k * MN + j];

				acc = acc + p;
			}
			igt_assert_f(c[i * MN + j] == acc, "C[%u][%u] = %g, want %g", i, j,
				     c[i * MN + j], acc);
		}
	finish(&m, &res);
	free(text);
}

/* examples/prefix_sum_slm.s: an inclusive prefix sum per group, through SLM and a barrier. */
static void check_prefix_sum(void)
{
	enum { W = 4, GROUPS = 3, N = 16 * W * GROUPS };
	static uint32_t in[N];
	struct gsim_dispatch job = { .simd = 16, .groups = { GROUPS, 1, 1 },
				     .group_size = { W, 1, 1 }, .slm = 4096, .barrier = true };
	struct gseu_asm_result res;
	struct gsim_dispatch_layout bt;
	struct gensim_dispatch_mem m;
	char *text = example("prefix_sum_slm.s");
	const uint32_t *out;

	for (unsigned int i = 0; i < N; i++)
		in[i] = (i * 2654435761u) >> 20;
	add_buffer(&job, 0, sizeof(in), in);
	add_buffer(&job, 1, sizeof(in), NULL);
	build(&job, text, &m, &res, &bt);
	run(&m, &bt);
	out = job.buf[1].cpu;
	for (unsigned int g = 0; g < GROUPS; g++) {
		uint32_t sum = 0;

		for (unsigned int k = 0; k < 16 * W; k++) {
			unsigned int i = g * 16 * W + k;

			sum += in[i];
			igt_assert_f(out[i] == sum, "out[%u] = %u, want %u", i, out[i], sum);
		}
	}
	finish(&m, &res);
	free(text);
}

/* examples/histogram.s: 2048 values in 64 bins with untyped atomic increments. */
static void check_histogram(void)
{
	enum { VALUES = 2048, BINS = 64 };
	static uint32_t in[VALUES];
	uint32_t want[BINS] = { 0 };
	struct gsim_dispatch job = { .simd = 16, .groups = { 8, 1, 1 },
				     .group_size = { 16, 1, 1 }, .curbe = { VALUES },
				     .ncurbe = 1 };
	struct gseu_asm_result res;
	struct gsim_dispatch_layout bt;
	struct gensim_dispatch_mem m;
	char *text = example("histogram.s");
	const uint32_t *bins;

	for (unsigned int i = 0; i < VALUES; i++) {
		in[i] = (i * 2654435761u) >> 7;
		want[in[i] % BINS]++;
	}
	add_buffer(&job, 0, sizeof(in), in);
	add_buffer(&job, 1, BINS * 4, NULL);
	build(&job, text, &m, &res, &bt);
	run(&m, &bt);
	bins = job.buf[1].cpu;
	for (unsigned int k = 0; k < BINS; k++)
		igt_assert_f(bins[k] == want[k], "bin %u = %u, want %u", k, bins[k],
			     want[k]);
	finish(&m, &res);
	free(text);
}

/* Restart the stack with GENSIM_DEVICE_ARGS=@args (NULL: unset). */
static void reload(const char *args)
{
	close(fd);
	fd = -1;
	gensim_unload();
	if (args)
		setenv("GENSIM_DEVICE_ARGS", args, 1);
	else
		unsetenv("GENSIM_DEVICE_ARGS");
	gensim_load();
	fd = gensim_open_render();
}

igt_main
{
	igt_fixture {
		if (gensim_render_minor() < 0)
			gensim_load();
		fd = gensim_open_render();
	}

	igt_subtest("vector-add") {
		enum { N = 1000, BYTES = 4096 };
		static float a[BYTES / 4], b[BYTES / 4];
		struct gsim_dispatch job = { .simd = 16, .groups = { 4, 1, 1 },
					     .group_size = { 16, 1, 1 }, .curbe = { N },
					     .ncurbe = 1 };
		struct gseu_asm_result res;
		struct gsim_dispatch_layout bt;
		struct gensim_dispatch_mem m;
		char *text = example("vector_add.s");
		const float *c;

		for (unsigned int i = 0; i < BYTES / 4; i++) {
			a[i] = frand(i, 31);
			b[i] = frand(i, 57);
		}
		add_buffer(&job, 0, BYTES, a);
		add_buffer(&job, 1, BYTES, b);
		add_buffer(&job, 2, BYTES, NULL);
		build(&job, text, &m, &res, &bt);
		run(&m, &bt);
		c = job.buf[2].cpu;
		for (unsigned int i = 0; i < BYTES / 4; i++)
			igt_assert_f(i < N ? c[i] == a[i] + b[i] : c[i] == 0.0f, "c[%u] = %g", i,
				     c[i]);
		finish(&m, &res);
		free(text);
	}

	igt_subtest("saxpy") {
		enum { N = 777, BYTES = 4096 };
		static float x[BYTES / 4], y[BYTES / 4];
		const float alpha = 2.5f;
		struct gsim_dispatch job = { .simd = 16, .groups = { 13, 1, 1 },
					     .group_size = { 4, 1, 1 }, .curbe = { N },
					     .ncurbe = 2 };
		struct gseu_asm_result res;
		struct gsim_dispatch_layout bt;
		struct gensim_dispatch_mem m;
		char *text = example("saxpy.s");
		const float *r;

		memcpy(&job.curbe[1], &alpha, 4);
		for (unsigned int i = 0; i < BYTES / 4; i++) {
			x[i] = frand(i, 13);
			y[i] = frand(i, 101);
		}
		add_buffer(&job, 0, BYTES, x);
		add_buffer(&job, 1, BYTES, y);
		build(&job, text, &m, &res, &bt);
		run(&m, &bt);
		r = job.buf[1].cpu;
		for (unsigned int i = 0; i < BYTES / 4; i++) {
			volatile float p = alpha * x[i];
			float want = i < N ? p + y[i] : y[i];

			igt_assert_f(r[i] == want, "y[%u] = %g, want %g", i, r[i], want);
		}
		finish(&m, &res);
		free(text);
	}

	igt_subtest("matmul")
		check_matmul();

	igt_subtest("prefix-sum-slm")
		check_prefix_sum();

	igt_subtest("histogram-atomics")
		check_histogram();

	/*
	 * Results do not depend on how many host threads run the EU array:
	 * the device restarts with --workers 1, then 5 (more than the VM's
	 * CPUs), and each time three kernels that share work between
	 * threads (a loop per row, SLM and a barrier, atomics) give the CPU's
	 * answer exactly.
	 */
	igt_subtest("same-results-with-1-and-5-workers") {
		static const unsigned int workers[] = { 1, 5 };
		const char *env = getenv("GENSIM_DEVICE_ARGS");
		char *saved = env ? strdup(env) : NULL;

		for (unsigned int i = 0; i < 2; i++) {
			char args[64], want[64], *log;

			snprintf(args, sizeof(args), "--workers %u -v", workers[i]);
			reload(args);
			log = gensim_read_file("/run/gensim/device.log");
			snprintf(want, sizeof(want), "run by %u workers", workers[i]);
			igt_assert_f(log && strstr(log, want), "the device log does not say \"%s\"",
				     want);
			free(log);
			check_matmul();
			check_prefix_sum();
			check_histogram();
		}
		reload(saved);
		free(saved);
	}

	igt_subtest("two-queues-different-state") {
		struct gsim_dispatch ja = { .simd = 16, .groups = { 1, 1, 1 },
					    .group_size = { 1, 1, 1 }, .curbe = { 1000 },
					    .ncurbe = 1 };
		struct gsim_dispatch jb = ja;
		struct gseu_asm_result ra, rb;
		struct gsim_dispatch_layout ba, bb;
		struct gensim_dispatch_mem ma, mb;
		uint32_t qa, qb, s[4];
		const uint32_t *oa, *ob;

		jb.curbe[0] = 2000;
		add_buffer(&ja, 0, 4096, NULL);
		add_buffer(&jb, 0, 4096, NULL);
		build(&ja, stamp_text, &ma, &ra, &ba);
		build(&jb, stamp_text, &mb, &rb, &bb);
		qa = gensim_queue_create(fd, DRM_GENSIM_ENGINE_CLASS_RENDER, ma.vm);
		qb = gensim_queue_create(fd, DRM_GENSIM_ENGINE_CLASS_RENDER, mb.vm);
		/* Each queue sets its state and runs group 0 ... */
		s[0] = gensim_exec_sync(fd, qa, ba.batch_va);
		s[1] = gensim_exec_sync(fd, qb, bb.batch_va);
		for (int i = 0; i < 2; i++) {
			igt_assert_eq(gensim_syncobj_wait(fd, s[i], WAIT_MS), 0);
			igt_assert_eq(gensim_syncobj_status(fd, s[i]), 1);
		}
		/* ... then only a walker, after the other queue ran: its own state. */
		s[2] = gensim_exec_sync(fd, qa, walker_only(&ba));
		s[3] = gensim_exec_sync(fd, qb, walker_only(&bb));
		for (int i = 2; i < 4; i++) {
			igt_assert_eq(gensim_syncobj_wait(fd, s[i], WAIT_MS), 0);
			igt_assert_eq(gensim_syncobj_status(fd, s[i]), 1);
		}
		oa = ja.buf[0].cpu;
		ob = jb.buf[0].cpu;
		for (unsigned int g = 0; g < 2; g++)
			for (unsigned int l = 0; l < 16; l++) {
				igt_assert_eq(oa[g * 16 + l], 1000 + l);
				igt_assert_eq(ob[g * 16 + l], 2000 + l);
			}
		for (int i = 0; i < 4; i++)
			drmSyncobjDestroy(fd, s[i]);
		finish(&ma, &ra);
		finish(&mb, &rb);
	}

	igt_subtest("kernel-fault") {
		struct gsim_dispatch job = { .simd = 16, .groups = { 1, 1, 1 },
					     .group_size = { 1, 1, 1 }, .curbe = { 7 },
					     .ncurbe = 1 };
		struct drm_gensim_queue_get_state st = { 0 };
		struct gseu_asm_result res;
		struct gsim_dispatch_layout bt;
		struct gensim_dispatch_mem m;
		uint64_t faults = gensim_fault_count();
		uint32_t q, s, *surf;

		add_buffer(&job, 0, 4096, NULL);
		build(&job, stamp_text, &m, &res, &bt);
		/* Point buffer 0's SURFACE_STATE (DW8-9) at an address nothing is bound at. */
		surf = gensim_dispatch_mem_cpu(&m, GSIM_DISPATCH_SSH_VA + GSIM_DISPATCH_SSH_SURFACES);
		surf[8] = 0;
		surf[9] = 0x7f;
		q = gensim_queue_create(fd, DRM_GENSIM_ENGINE_CLASS_RENDER, m.vm);
		s = gensim_exec_sync(fd, q, bt.batch_va);
		igt_assert_eq(gensim_syncobj_wait(fd, s, WAIT_MS), 0);
		igt_assert_eq(gensim_syncobj_status(fd, s), -EFAULT);
		igt_assert(gensim_fault_count() > faults);
		st.queue_id = q;
		igt_assert_eq(gensim_ioctl(fd, DRM_IOCTL_GENSIM_QUEUE_GET_STATE, &st), 0);
		igt_assert_eq(st.guilty_resets, 1);
		drmSyncobjDestroy(fd, s);
		/* The engine runs the next job, on another queue. */
		surf[8] = (uint32_t)job.buf[0].va;
		surf[9] = (uint32_t)(job.buf[0].va >> 32);
		*bt.fence = 0;
		run(&m, &bt);
		igt_assert_eq(((uint32_t *)job.buf[0].cpu)[3], 7 + 3);
		finish(&m, &res);
	}

	igt_subtest("endless-kernel-reset") {
		struct gsim_dispatch job = { .simd = 8, .groups = { 2, 1, 1 },
					     .group_size = { 1, 1, 1 } };
		struct gsim_dispatch good = { .simd = 16, .groups = { 1, 1, 1 },
					      .group_size = { 1, 1, 1 }, .curbe = { 5 },
					      .ncurbe = 1 };
		struct drm_gensim_queue_get_state st = { 0 };
		struct gseu_asm_result res, rg;
		struct gsim_dispatch_layout bt, bg;
		struct gensim_dispatch_mem m, mg;
		uint32_t q, s, sg;
		/* EU progress delays the reset by compute_timeout_ms: keep it short. */
		int old_job = set_param("job_timeout_ms", 500);
		int old_cmp = set_param("compute_timeout_ms", 1500);

		add_buffer(&job, 0, 4096, NULL);
		add_buffer(&good, 0, 4096, NULL);
		build(&job, endless_text, &m, &res, &bt);
		build(&good, stamp_text, &mg, &rg, &bg);
		q = gensim_queue_create(fd, DRM_GENSIM_ENGINE_CLASS_RENDER, m.vm);
		s = gensim_exec_sync(fd, q, bt.batch_va);
		sg = gensim_exec_sync(fd, gensim_queue_create(fd, DRM_GENSIM_ENGINE_CLASS_RENDER,
							     mg.vm), bg.batch_va);
		/* The endless job is ended by an engine reset, bounded; the other completes. */
		igt_assert_eq(gensim_syncobj_wait(fd, s, WAIT_MS), 0);
		igt_assert_eq(gensim_syncobj_status(fd, s), -ETIME);
		igt_assert_eq(gensim_syncobj_wait(fd, sg, WAIT_MS), 0);
		igt_assert_eq(gensim_syncobj_status(fd, sg), 1);
		igt_assert_eq(((uint32_t *)good.buf[0].cpu)[4], 5 + 4);
		st.queue_id = q;
		igt_assert_eq(gensim_ioctl(fd, DRM_IOCTL_GENSIM_QUEUE_GET_STATE, &st), 0);
		igt_assert_eq(st.flags, DRM_GENSIM_QUEUE_STATE_BANNED);
		igt_assert_eq(st.guilty_resets, 1);
		drmSyncobjDestroy(fd, s);
		drmSyncobjDestroy(fd, sg);
		finish(&m, &res);
		finish(&mg, &rg);
		set_param("compute_timeout_ms", old_cmp);
		set_param("job_timeout_ms", old_job);
	}

	/*
	 * A walker keeps the ring still while its kernel runs: the driver's
	 * hang check must take a growing GENSIM_EU_RETIRED for progress.  The
	 * kernel grows (x4) until one run lasts five job timeouts; every run
	 * must complete with no reset.  Without the EU progress check the
	 * second timeout with a still breadcrumb resets the engine (-ETIME).
	 */
	igt_subtest("long-kernel-outlives-job-timeout") {
		int old_job = set_param("job_timeout_ms", 200);
		int old_cmp = set_param("compute_timeout_ms", 60000);
		uint32_t n = 1u << 12;
		double secs;

		for (;;) {
			struct gsim_dispatch job = { .simd = 8, .groups = { 1, 1, 1 },
						     .group_size = { 1, 1, 1 }, .curbe = { n },
						     .ncurbe = 1 };
			struct drm_gensim_queue_get_state st = { 0 };
			struct gseu_asm_result res;
			struct gsim_dispatch_layout bt;
			struct gensim_dispatch_mem m;
			uint32_t q, s;
			double t0;

			add_buffer(&job, 0, 4096, NULL);
			build(&job, count_text, &m, &res, &bt);
			q = gensim_queue_create(fd, DRM_GENSIM_ENGINE_CLASS_RENDER, m.vm);
			t0 = now_s();
			s = gensim_exec_sync(fd, q, bt.batch_va);
			igt_assert_eq(gensim_syncobj_wait(fd, s, WAIT_MS), 0);
			secs = now_s() - t0;
			igt_assert_f(gensim_syncobj_status(fd, s) == 1,
				     "%u iterations (%.2f s): status %d", n, secs,
				     gensim_syncobj_status(fd, s));
			st.queue_id = q;
			igt_assert_eq(gensim_ioctl(fd, DRM_IOCTL_GENSIM_QUEUE_GET_STATE, &st), 0);
			igt_assert_eq(st.flags, 0);
			igt_assert_eq(st.guilty_resets, 0);
			igt_assert(gsim_dispatch_done(&bt));
			drmSyncobjDestroy(fd, s);
			finish(&m, &res);
			if (secs > 1.0)
				break;
			igt_assert_f(n < 1u << 26, "%u iterations still ran in %.2f s", n, secs);
			n *= 4;
		}
		igt_info("%u iterations ran %.2f s with a job timeout of 200 ms\n", n, secs);
		set_param("compute_timeout_ms", old_cmp);
		set_param("job_timeout_ms", old_job);
	}

	igt_subtest("gensim-run-drm") {
		char cmd[1024], *out;
		float a[256];
		FILE *f;

		snprintf(cmd, sizeof(cmd), "%s/build/release/bin/gensim-run --drm "
			 "--kernel %s/userspace-device/examples/saxpy.s --simd 16 --groups 4 "
			 "--group-size 4 --buffer 0:1K:fiota --buffer 1:1K:fiota "
			 "--curbe 200,f:2.5 --out 1:/tmp/gensim-run-drm.bin -v "
			 ">/tmp/gensim-run-drm.txt 2>&1", gensim_top(), gensim_top());
		igt_assert_eq(gensim_system("%s", cmd), 0);
		out = gensim_read_file("/tmp/gensim-run-drm.txt");
		igt_assert(out && strstr(out, "through the render node"));
		igt_info("%s", out);
		free(out);
		f = fopen("/tmp/gensim-run-drm.bin", "rb");
		igt_assert(f);
		igt_assert_eq(fread(a, 1, sizeof(a), f), sizeof(a));
		fclose(f);
		/* x = y = i: y = 2.5 i + i for i < 200, i beyond */
		for (unsigned int i = 0; i < 256; i++)
			igt_assert_f(a[i] == (i < 200 ? 3.5f * (float)i : (float)i), "y[%u] = %g",
				     i, a[i]);
	}

	igt_fixture {
		close(fd);
		gensim_unload();
	}
}
