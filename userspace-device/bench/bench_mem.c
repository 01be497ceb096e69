// SPDX-License-Identifier: MIT
/*
 * bench_mem: the device model's resident memory, in process (libgensim's
 * gsim_open_inprocess(): the device code gensim-device runs, behind the
 * loopback channel), read from /proc/self/status:
 *
 * - this program alone, before the device starts: the baseline the
 *   device's share is counted from;
 * - an idle device: threads, register file, channel, nothing submitted;
 * - a full EU array at work: examples/matmul.s multiplying two n x n float
 *   matrices (n groups of n / 16 SIMD16 threads, far more threads than
 *   the array has, so every hardware thread stays busy), with VmRSS sampled
 *   every 2 ms while it runs and VmHWM after.
 *
 * VmRSS is resident now, VmHWM its peak so far; RssAnon, RssFile and
 * RssShmem split VmRSS.  Lower is better.  Memory is not noisy like
 * time is: one measurement each.  The job's buffers (3 x n x n x 4
 * bytes) and its batch and state live in the DMA window, which the device
 * process maps; they are counted in the figures at work, as they would
 * be in gensim-device's RSS (as RssShmem there, shared with the kernel).
 * Asserts nothing about size; it checks the product.
 *
 *   bench_mem [n]   (a multiple of 16, 16..1024; default 256)
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <gensim/gensim.h>

#include "bench_util.h"
#include "gseu/eu.h"

#ifndef GSIM_EXAMPLES
#define GSIM_EXAMPLES "examples"
#endif
#define WAIT_MS		600000	/* bounded, and long enough for n = 1024 on a loaded host */

struct mem {
	long rss, hwm, anon, file, shmem;	/* KiB */
};

static struct mem sample(void)
{
	return (struct mem){ .rss = bench_status_kib("VmRSS"), .hwm = bench_status_kib("VmHWM"),
			     .anon = bench_status_kib("RssAnon"),
			     .file = bench_status_kib("RssFile"),
			     .shmem = bench_status_kib("RssShmem") };
}

static void line(const char *what, struct mem m, const struct mem *base)
{
	printf("  %-34s VmRSS %7.1f MiB", what, m.rss / 1024.0);
	if (base)
		printf(" (%+7.1f)", (m.rss - base->rss) / 1024.0);
	else
		printf("           ");
	printf("  VmHWM %7.1f MiB  [anon %6.1f, file %5.1f, shmem %6.1f]\n", m.hwm / 1024.0,
	       m.anon / 1024.0, m.file / 1024.0, m.shmem / 1024.0);
}

static int fail(const char *what, int ret)
{
	fprintf(stderr, "bench_mem: %s: %d: %s\n", what, ret, gsim_last_error());
	return 1;
}

static char *slurp(const char *name)
{
	char path[512], *text;
	long n;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", GSIM_EXAMPLES, name);
	f = fopen(path, "r");
	if (!f || fseek(f, 0, SEEK_END) || (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET)) {
		fprintf(stderr, "bench_mem: cannot read %s\n", path);
		exit(1);
	}
	text = malloc((size_t)n + 1);
	if (!text || fread(text, 1, (size_t)n, f) != (size_t)n)
		exit(1);
	text[n] = 0;
	fclose(f);
	return text;
}

struct run {
	struct gsim_device *dev;
	uint32_t queue;
	struct gsim_dispatch_layout *l;
	struct gsim_exec_stats st;
	int ret;
	_Atomic bool done;
};

static void *runner(void *arg)
{
	struct run *r = arg;

	r->ret = gsim_dispatch_run(r->dev, r->queue, r->l, WAIT_MS, &r->st);
	atomic_store(&r->done, true);
	return NULL;
}

int main(int argc, char **argv)
{
	struct gsim_dispatch d = { .simd = 16, .ncurbe = 1 };
	struct timespec tick = { 0, 2000000 };
	struct mem alone, idle, laid, peak, after, closed;
	struct gseu_asm_result code;
	struct gsim_dispatch_buf *c;
	struct gsim_dispatch_layout l;
	struct gsim_topology topo;
	struct gsim_device *dev;
	struct gseu_error err;
	struct run run = { 0 };
	struct bench_load load;
	unsigned int n = 256, samples = 0;
	uint32_t vm, queue;
	float *a, *b;
	pthread_t t;
	char *text;
	double t0;
	int ret;

	if (argc > 2 || (argc == 2 && ((n = (unsigned int)atoi(argv[1])) < 16 || n % 16 ||
				       n > 1024))) {
		fprintf(stderr, "usage: bench_mem [n]   (n x n matmul; a multiple of 16, "
				"16..1024, default 256)\nThe device's resident memory, idle and "
				"with the EU array at work; prints only.\n");
		return 2;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	text = slurp("matmul.s");
	if (gseu_assemble(text, NULL, &code, &err)) {
		fprintf(stderr, "bench_mem: matmul.s:%u:%u: %s\n", err.line, err.col, err.msg);
		return 1;
	}
	/* Small integers: every product and sum is exact in float, so C is exactly the reference. */
	a = malloc((size_t)n * n * 4);
	b = malloc((size_t)n * n * 4);
	if (!a || !b)
		return 1;
	for (unsigned int i = 0; i < n * n; i++) {
		a[i] = (float)(i * 7 % 5);
		b[i] = (float)(i * 3 % 7);
	}

	bench_load_start(&load);
	alone = sample();
	if ((ret = gsim_open_inprocess(NULL, &dev)))
		return fail("gsim_open_inprocess", ret);
	if ((ret = gsim_query_topology(dev, &topo)))
		return fail("gsim_query_topology", ret);
	/* Let every thread of the device reach its first sleep. */
	nanosleep(&(struct timespec){ 0, 200000000 }, NULL);
	idle = sample();

	d.kernel = code.code;
	d.kernel_size = code.size;
	d.groups[0] = n;
	d.groups[1] = d.groups[2] = 1;
	d.group_size[0] = n / 16;
	d.group_size[1] = d.group_size[2] = 1;
	d.curbe[0] = n;
	if ((ret = gsim_dispatch_add_buffer(&d, 0, (uint64_t)n * n * 4, a, NULL)) ||
	    (ret = gsim_dispatch_add_buffer(&d, 1, (uint64_t)n * n * 4, b, NULL)) ||
	    (ret = gsim_dispatch_add_buffer(&d, 2, (uint64_t)n * n * 4, NULL, &c)))
		return fail("gsim_dispatch_add_buffer", ret);
	if ((ret = gsim_vm_create(dev, 0, &vm)) ||
	    (ret = gsim_queue_create(dev, GSIM_ENGINE_CLASS_RENDER, 0, vm, GSIM_PRIORITY_NORMAL,
				     &queue)) ||
	    (ret = gsim_dispatch_prepare(dev, vm, &d, &l)))
		return fail("laying the job out", ret);
	laid = sample();

	run.dev = dev;
	run.queue = queue;
	run.l = &l;
	peak = laid;
	t0 = bench_now();
	if (pthread_create(&t, NULL, runner, &run))
		return 1;
	while (!atomic_load(&run.done)) {
		struct mem m = sample();

		if (m.rss > peak.rss)
			peak = m;
		samples++;
		nanosleep(&tick, NULL);
	}
	pthread_join(t, NULL);
	t0 = bench_now() - t0;
	if (run.ret)
		return fail("gsim_dispatch_run", run.ret);
	after = sample();
	/* The product, against C summing in the kernel's order. */
	for (unsigned int i = 0; i < n; i++)
		for (unsigned int j = 0; j < n; j++) {
			float s = 0, got = ((const float *)c->cpu)[i * n + j];

			for (unsigned int k = 0; k < n; k++)
				s += a[i * n + k] * b[k * n + j];
			if (got != s) {
				fprintf(stderr, "bench_mem: C[%u][%u] = %g, not %g\n", i, j, got, s);
				return 1;
			}
		}
	gsim_dispatch_release(dev, &l);
	gsim_queue_destroy(dev, queue);
	gsim_vm_destroy(dev, vm);
	gsim_close(dev);
	closed = sample();

	printf("bench_mem: the device model in process (libgensim), /proc/self/status;\n"
	       "  lower is better; (+x): over this program alone, before the device started\n");
	line("this program alone", alone, NULL);
	line("idle device", idle, &alone);
	line("matmul laid out, not started", laid, &alone);
	printf("  matmul %ux%u: %u groups x %u SIMD16 threads = %u threads on %u hardware\n"
	       "  threads (%u slices x %u subslices x %u EUs x %u); %.2f s, %.0f M EU instructions,\n"
	       "  VmRSS sampled %u times\n", n, n, n, n / 16, n * (n / 16), topo.hw_threads,
	       topo.slices, topo.subslices, topo.eus, topo.threads_per_eu, t0,
	       run.st.eu_instructions / 1e6, samples);
	line("EU array at work, peak sample", peak, &alone);
	line("after the job", after, &alone);
	line("after gsim_close()", closed, &alone);
	bench_load_report("bench_mem", &load);
	free(a);
	free(b);
	free(text);
	gseu_asm_free(&code);
	return 0;
}
