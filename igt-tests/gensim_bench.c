// SPDX-License-Identifier: MIT
/*
 * gensim_bench: the execution benchmarks of make bench, run in the VM.
 * Every figure is measured in ROUNDS rounds after a warm-up round, its
 * baseline measured in the same rounds, interleaved with it (alternating
 * which goes first) in this process on the same (emulated) machine, and
 * printed as the median [min-max]; ratios are of the medians, and every
 * line says which direction is better.  Nothing here asserts a speed: the
 * subtests assert only that the work they timed completed, and correctly.
 *
 * - exec-nop-latency: per engine, EXEC of a batch that only ends, then
 *   wait for its syncobj, one at a time; beside a pipe ping-pong between
 *   two processes (two wake-ups across processes: the floor for "submit,
 *   get woken by the completion", which needs at least a doorbell to the
 *   device process and an interrupt back).
 * - exec-nop-throughput: per engine, and all four at once, TPUT_EXECS such
 *   batches without waiting, then wait for the last; batches per second
 *   beside ping-pong round trips per second.
 * - blit-bandwidth: XY_SRC_COPY_BLT and XY_COLOR_BLT of a 4096x4096 32 bpp
 *   surface (64 MiB) through the driver, one EXEC each, submission
 *   included; beside memcpy() and memset() of the same bytes on the SAME
 *   buffers' CPU mappings (the GEM objects the blits use), so both sides
 *   touch the same pages.
 * - memory: the device process's VmRSS and VmHWM, and what a VM and a
 *   queue cost the kernel: /proc/meminfo before and after making N of
 *   them, divided by N, beside what the driver says it allocated for each
 *   (debugfs client_mem: page tables, context image and ring bytes).  Shmem
 *   is the GEM objects (a queue's ring and context image); MemFree is
 *   everything, and moves in per-CPU batches, hence the large N.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <xf86drm.h>

#include <gensim/gensim.h>

#include "lib/gensim_batch.h"
#include "lib/igt.h"
#include "lib/igt_gensim.h"

#define BB_VA		0x1000000ull
#define FILL_BB_VA	0x1100000ull
#define SRC_VA		0x10000000ull
#define DST_VA		0x20000000ull
#define WAIT_MS		120000
/*
 * 15, not 7: under TCG a round of pipelined EXECs varies about 2x with
 * how the two vCPUs are scheduled, and 7 rounds left the median of one
 * run up to a third away from the next run's.
 */
#define ROUNDS		15
#define PING_ROUNDS	500	/* pipe round trips per round */
#define LAT_EXECS	100	/* one-at-a-time EXECs per round */
#define TPUT_EXECS	2000	/* pipelined EXECs per round */
/*
 * Many, because MemFree moves by whole per-CPU page-list batches (a few
 * hundred KiB): over 32 queues that was +-20 KiB a queue.
 */
#define MEM_VMS		256
#define MEM_QUEUES	128	/* per engine measured */
#define FILL_COLOR	0x5a5a5a5au
#define POISON		0xdeadbeefu

static int fd = -1;
static uint32_t vm;

static const char *const engine_name[] = { "rcs0", "bcs0", "vcs0", "vecs0" };

static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

struct fig {
	double med, min, max;
};

/* Median and range of @v[0..@n) (sorted in place). */
static struct fig figure(double *v, int n)
{
	qsort(v, (size_t)n, sizeof(*v), cmp_double);
	return (struct fig){ .med = n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2,
			     .min = v[0], .max = v[n - 1] };
}

/* Nanoseconds per round trip of a byte between two processes over two pipes. */
static double ping_pong_ns(int rounds)
{
	int ab[2], ba[2];
	double t0, t;
	char c = 0;
	pid_t pid;

	igt_assert_eq(pipe(ab), 0);
	igt_assert_eq(pipe(ba), 0);
	pid = fork();
	igt_assert(pid >= 0);
	if (pid == 0) {
		for (int i = 0; i < rounds; i++)
			if (read(ab[0], &c, 1) != 1 || write(ba[1], &c, 1) != 1)
				_exit(1);
		_exit(0);
	}
	t0 = now_ns();
	for (int i = 0; i < rounds; i++) {
		igt_assert_eq(write(ab[1], &c, 1), 1);
		igt_assert_eq(read(ba[0], &c, 1), 1);
	}
	t = now_ns() - t0;
	igt_assert_eq(waitpid(pid, NULL, 0), pid);
	close(ab[0]);
	close(ab[1]);
	close(ba[0]);
	close(ba[1]);
	return t / rounds;
}

static void wait_ok(uint32_t syncobj)
{
	igt_assert_eq(gensim_syncobj_wait(fd, syncobj, WAIT_MS), 0);
	igt_assert_eq(gensim_syncobj_status(fd, syncobj), 1);
}

/* @n nop batches on @q one at a time; nanoseconds each. */
static double nops_one_by_one(uint32_t q, int n)
{
	double t0 = now_ns();

	for (int i = 0; i < n; i++) {
		uint32_t s = gensim_exec_sync(fd, q, BB_VA);

		wait_ok(s);
		drmSyncobjDestroy(fd, s);
	}
	return (now_ns() - t0) / n;
}

/* @n nop batches spread over @nq queues without waiting, then wait for each last; ns each. */
static double nops_pipelined(const uint32_t *q, int nq, int n)
{
	uint32_t last[4] = { 0 };
	double t0 = now_ns();

	for (int i = 0; i < n; i++) {
		int e = i % nq;

		if (last[e])
			drmSyncobjDestroy(fd, last[e]);
		last[e] = gensim_exec_sync(fd, q[e], BB_VA);
	}
	for (int e = 0; e < nq; e++) {
		wait_ok(last[e]);
		drmSyncobjDestroy(fd, last[e]);
	}
	return (now_ns() - t0) / n;
}

/* One pipelined round of @nq queues and one ping-pong round, in the order of round @r. */
static void tput_round(const uint32_t *q, int nq, int r, double *per_s, double *pp_per_s)
{
	double ns, pp;

	if (r % 2) {
		ns = nops_pipelined(q, nq, TPUT_EXECS);
		pp = ping_pong_ns(PING_ROUNDS);
	} else {
		pp = ping_pong_ns(PING_ROUNDS);
		ns = nops_pipelined(q, nq, TPUT_EXECS);
	}
	*per_s = 1e9 / ns;
	*pp_per_s = 1e9 / pp;
}

static void print_tput(const char *what, double *v, double *pp)
{
	struct fig f = figure(v, ROUNDS), fp = figure(pp, ROUNDS);

	igt_info("%-21s exec-nop pipelined  %7.0f /s [%7.0f-%7.0f]  ping-pongs %7.0f /s "
		 "[%7.0f-%7.0f]  ratio %.2f (higher is better)\n", what, f.med, f.min, f.max,
		 fp.med, fp.min, fp.max, f.med / fp.med);
}

/*
 * XY_SRC_COPY_BLT and XY_COLOR_BLT, Gen8 layouts (10 and 7 dwords; EXT
 * i915 intel_gpu_commands.h, gensim hw-spec-blitter): 32 bpp, ROP SRCCOPY
 * or PATCOPY, linear, pitches in bytes.
 */
static void emit_copy(struct gensim_bb *bb, uint64_t dst, uint64_t src, uint32_t w, uint32_t h)
{
	uint32_t pitch = w * 4;

	gensim_bb_emit(bb, 2u << 29 | 0x53u << 22 | 3u << 20 | (10 - 2));
	gensim_bb_emit(bb, 3u << 24 | 0xccu << 16 | pitch);
	gensim_bb_emit(bb, 0);
	gensim_bb_emit(bb, h << 16 | w);
	gensim_bb_emit(bb, (uint32_t)dst);
	gensim_bb_emit(bb, dst >> 32);
	gensim_bb_emit(bb, 0);
	gensim_bb_emit(bb, pitch);
	gensim_bb_emit(bb, (uint32_t)src);
	gensim_bb_emit(bb, src >> 32);
}

static void emit_fill(struct gensim_bb *bb, uint64_t dst, uint32_t w, uint32_t h, uint32_t color)
{
	gensim_bb_emit(bb, 2u << 29 | 0x50u << 22 | 3u << 20 | (7 - 2));
	gensim_bb_emit(bb, 3u << 24 | 0xf0u << 16 | w * 4);
	gensim_bb_emit(bb, 0);
	gensim_bb_emit(bb, h << 16 | w);
	gensim_bb_emit(bb, (uint32_t)dst);
	gensim_bb_emit(bb, dst >> 32);
	gensim_bb_emit(bb, color);
}

/* One EXEC of the batch at @bb_va on @q, waited for; nanoseconds. */
static double exec_once(uint32_t q, uint64_t bb_va)
{
	double t0 = now_ns();
	uint32_t s = gensim_exec_sync(fd, q, bb_va);

	wait_ok(s);
	t0 = now_ns() - t0;
	drmSyncobjDestroy(fd, s);
	return t0;
}

/* A dword in every page of @b that the next blit must overwrite. */
static void poison(const struct gensim_buf *b)
{
	for (uint64_t i = 0; i < b->size / 4; i += 1024)
		b->map[i] = POISON;
}

static void check_fill(const struct gensim_buf *b)
{
	for (uint64_t i = 0; i < b->size / 4; i++)
		igt_assert_f(b->map[i] == FILL_COLOR, "fill: dword %" PRIu64 " is %#x", i, b->map[i]);
}

/* Lines "Key:   N kB" of /proc/meminfo, in KiB; -1 if absent. */
static long meminfo_kib(const char *key)
{
	char *text = gensim_read_file("/proc/meminfo"), *p;
	size_t len = strlen(key);
	long v = -1;

	for (p = text; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL)
		if (!strncmp(p, key, len) && p[len] == ':') {
			v = strtol(p + len + 1, NULL, 10);
			break;
		}
	free(text);
	return v;
}

/* A process's "VmRSS"... from /proc/@pid/status, in KiB; -1 if absent. */
static long status_kib(pid_t pid, const char *key)
{
	char path[64], *text, *p;
	size_t len = strlen(key);
	long v = -1;

	snprintf(path, sizeof(path), "/proc/%d/status", (int)pid);
	text = gensim_read_file(path);
	for (p = text; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL)
		if (!strncmp(p, key, len) && p[len] == ':') {
			v = strtol(p + len + 1, NULL, 10);
			break;
		}
	free(text);
	return v;
}

static void print_device_rss(const char *when)
{
	pid_t pid = gensim_device_pid();

	if (pid < 0) {
		igt_info("device process: none found (no gensim-device in /proc)\n");
		return;
	}
	igt_info("device process (gensim-device, pid %d) %s: VmRSS %.1f MiB, VmHWM %.1f MiB "
		 "[anon %.1f, file %.1f, shmem %.1f] (lower is better)\n", (int)pid, when,
		 status_kib(pid, "VmRSS") / 1024.0, status_kib(pid, "VmHWM") / 1024.0,
		 status_kib(pid, "RssAnon") / 1024.0, status_kib(pid, "RssFile") / 1024.0,
		 status_kib(pid, "RssShmem") / 1024.0);
}

struct kmem {
	long free, slab, shmem;			/* KiB */
	struct gensim_objects o;
};

/* What debugfs client_mem says @n VMs of this file cost, on average. */
static void print_driver_vm_bytes(const uint32_t *vms, int n)
{
	long sum = 0, bytes;
	int tables;

	for (int i = 0; i < n; i++) {
		igt_assert_eq(gensim_client_vm_mem(fd, vms[i], &tables, &bytes), 0);
		sum += bytes;
	}
	igt_info("  driver counts: %.1f KiB a VM (its page tables and struct; lower is better)\n",
		 sum / 1024.0 / n);
}

/* The same for @n queues: context image, ring and struct. */
static void print_driver_queue_bytes(const uint32_t *qs, int n)
{
	long sum = 0, lrc, ring;
	char engine[8];

	for (int i = 0; i < n; i++) {
		igt_assert_eq(gensim_client_queue_mem(fd, qs[i], engine, &lrc, &ring), 0);
		sum += lrc + ring;
	}
	igt_info("  driver counts: %.1f KiB a queue (context image and ring; lower is better)\n",
		 sum / 1024.0 / n);
}

static struct kmem kmem(void)
{
	struct kmem k = { .free = meminfo_kib("MemFree"), .slab = meminfo_kib("Slab"),
			  .shmem = meminfo_kib("Shmem") };

	igt_assert_eq(gensim_objects(&k.o), 0);
	return k;
}

/*
 * Wait (at most 5 s) until the object counts hold still and MemFree moves
 * by less than 64 KiB in 0.2 s: the earlier subtests' buffers and jobs are
 * freed from work items, and a measurement taken meanwhile would count
 * their release against the objects made.  The state it settled at.
 */
static struct kmem settle(void)
{
	struct kmem a = kmem(), b;

	for (int i = 0; i < 25; i++) {
		usleep(200000);
		b = kmem();
		if (!memcmp(&a.o, &b.o, sizeof(a.o)) && labs(a.free - b.free) < 64)
			break;
		a = b;
	}
	return b;
}

/* Teardown runs from work items: wait for the counts of @want, say so if they stay off. */
static void wait_objects(const struct gensim_objects *want)
{
	struct gensim_objects last;
	char diff[256];

	if (!gensim_objects_wait(want, 10000, &last)) {
		gensim_objects_diff(&last, want, diff, sizeof(diff));
		igt_info("(objects did not return to their count before: %s)\n", diff);
	}
}

/* What @n objects cost between @a and @b, per object. */
static void print_kmem(const char *what, const struct kmem *a, const struct kmem *b, int n)
{
	char counts[160];
	size_t off = 0;

	counts[0] = 0;
	for (int i = 0; i < GENSIM_OBJECT_KINDS; i++)
		if (b->o.n[i] != a->o.n[i] && off < sizeof(counts))
			off += snprintf(counts + off, sizeof(counts) - off, "%s%s %+.1f",
					off ? ", " : "", gensim_object_names[i],
					(double)(b->o.n[i] - a->o.n[i]) / n);
	igt_info("%-21s %6.1f KiB of MemFree [slab %5.1f, shmem %5.1f] each, over %d; "
		 "objects each: %s (lower is better)\n", what, (double)(a->free - b->free) / n,
		 (double)(b->slab - a->slab) / n, (double)(b->shmem - a->shmem) / n, n, counts);
}

igt_main
{
	igt_fixture {
		if (gensim_render_minor() < 0)
			gensim_load();
		fd = gensim_open_render();
		vm = gensim_vm_create(fd, 0);
		igt_info("every figure: median [min-max] over %d rounds after a warm-up, its "
			 "baseline measured\n", ROUNDS);
		igt_info("interleaved with it in this process; ratio = median / baseline median; "
			 "all on the\n");
		igt_info("emulated (TCG) machine: compare ratios, not absolute numbers\n");
		print_device_rss("idle, at start");
	}

	igt_subtest("exec-nop-latency") {
		struct gensim_bb bb = gensim_bb_new(fd, vm, BB_VA);

		gensim_bb_end(&bb);
		for (int e = 0; e < 4; e++) {
			uint32_t q = gensim_queue_create(fd, e, vm);
			double us[ROUNDS], pp[ROUNDS];
			struct fig f, fp;

			for (int r = -1; r < ROUNDS; r++) {
				double a, b;

				if (r % 2) {
					a = nops_one_by_one(q, LAT_EXECS);
					b = ping_pong_ns(PING_ROUNDS);
				} else {
					b = ping_pong_ns(PING_ROUNDS);
					a = nops_one_by_one(q, LAT_EXECS);
				}
				/* Round -1 is the warm-up. */
				if (r >= 0) {
					us[r] = a / 1e3;
					pp[r] = b / 1e3;
				}
			}
			f = figure(us, ROUNDS);
			fp = figure(pp, ROUNDS);
			igt_info("%-5s exec-nop round trip  %8.1f us [%8.1f-%8.1f]  pipe ping-pong "
				 "%6.1f us [%6.1f-%6.1f]  ratio %.2f (lower is better)\n",
				 engine_name[e], f.med, f.min, f.max, fp.med, fp.min, fp.max,
				 f.med / fp.med);
		}
		gensim_bb_free(&bb);
	}

	igt_subtest("exec-nop-throughput") {
		struct gensim_bb bb = gensim_bb_new(fd, vm, BB_VA);
		double v[ROUNDS], pp[ROUNDS], unused;
		uint32_t q[4];

		gensim_bb_end(&bb);
		for (int e = 0; e < 4; e++) {
			q[e] = gensim_queue_create(fd, e, vm);
			tput_round(&q[e], 1, 0, &unused, &unused);	/* warm-up */
			for (int r = 0; r < ROUNDS; r++)
				tput_round(&q[e], 1, r, &v[r], &pp[r]);
			print_tput(engine_name[e], v, pp);
		}
		/* All four at once, interleaved: the engines run in parallel in the device. */
		tput_round(q, 4, 0, &unused, &unused);
		for (int r = 0; r < ROUNDS; r++)
			tput_round(q, 4, r, &v[r], &pp[r]);
		print_tput("4 engines at once", v, pp);
		gensim_bb_free(&bb);
	}

	igt_subtest("blit-bandwidth") {
		const uint32_t w = 4096, h = 4096;
		const uint64_t size = (uint64_t)w * h * 4;
		struct gensim_buf src = gensim_buf_new(fd, vm, SRC_VA, size);
		struct gensim_buf dst = gensim_buf_new(fd, vm, DST_VA, size);
		struct gensim_bb copy = gensim_bb_new(fd, vm, BB_VA);
		struct gensim_bb fill = gensim_bb_new(fd, vm, FILL_BB_VA);
		uint32_t q = gensim_queue_create(fd, DRM_GENSIM_ENGINE_CLASS_COPY, vm);
		double cb[ROUNDS], cm[ROUNDS], fb[ROUNDS], fm[ROUNDS], mb = size / 1e6;
		struct fig f, fbase;

		for (uint64_t i = 0; i < size / 4; i++)
			src.map[i] = (uint32_t)(i * 2654435761u);
		emit_copy(&copy, DST_VA, SRC_VA, w, h);
		gensim_bb_end(&copy);
		emit_fill(&fill, DST_VA, w, h, FILL_COLOR);
		gensim_bb_end(&fill);

		/*
		 * Round -1 warms up: the device maps both buffers, this
		 * process faults in their pages.  Each blit's destination is
		 * poisoned in every page first (not timed) and checked after,
		 * so a blit that did not run cannot pass for one that did.
		 */
		for (int r = -1; r < ROUNDS; r++) {
			for (int half = 0; half < 2; half++) {
				double t;

				if ((half == 0) == (r % 2 == 0)) {
					t = now_ns();
					memcpy(dst.map, src.map, size);
					t = now_ns() - t;
					if (r >= 0)
						cm[r] = mb / (t / 1e9);
				} else {
					poison(&dst);
					t = exec_once(q, BB_VA);
					igt_assert(!memcmp(dst.map, src.map, size));
					if (r >= 0)
						cb[r] = mb / (t / 1e9);
				}
			}
			for (int half = 0; half < 2; half++) {
				double t;

				if ((half == 0) == (r % 2 == 0)) {
					t = now_ns();
					memset(dst.map, FILL_COLOR & 0xff, size);
					t = now_ns() - t;
					if (r >= 0)
						fm[r] = mb / (t / 1e9);
				} else {
					poison(&dst);
					t = exec_once(q, FILL_BB_VA);
					check_fill(&dst);
					if (r >= 0)
						fb[r] = mb / (t / 1e9);
				}
			}
		}
		f = figure(cb, ROUNDS);
		fbase = figure(cm, ROUNDS);
		igt_info("XY_SRC_COPY_BLT 64 MiB %7.1f MB/s [%7.1f-%7.1f]  memcpy %7.1f MB/s "
			 "[%7.1f-%7.1f]  ratio %.3f (higher is better)\n", f.med, f.min, f.max,
			 fbase.med, fbase.min, fbase.max, f.med / fbase.med);
		f = figure(fb, ROUNDS);
		fbase = figure(fm, ROUNDS);
		igt_info("XY_COLOR_BLT 64 MiB    %7.1f MB/s [%7.1f-%7.1f]  memset %7.1f MB/s "
			 "[%7.1f-%7.1f]  ratio %.3f (higher is better)\n", f.med, f.min, f.max,
			 fbase.med, fbase.min, fbase.max, f.med / fbase.med);
		igt_info("(one EXEC per blit, submission and completion included; memcpy/memset "
			 "on the same buffers' CPU maps)\n");
		gensim_bb_free(&fill);
		gensim_bb_free(&copy);
		gensim_buf_free(&dst);
		gensim_buf_free(&src);
	}

	igt_subtest("memory") {
		struct gsim_device *dev;
		uint32_t vms[MEM_VMS], qs[MEM_QUEUES];
		struct kmem a, b;
		struct gensim_objects last;

		igt_require(gensim_objects(&last) == 0);	/* debugfs gensim/objects */
		igt_assert_eq(gensim_dev_borrow(fd, &dev), 0);
		print_device_rss("after the benchmarks above");

		a = settle();
		for (int i = 0; i < MEM_VMS; i++)
			vms[i] = gensim_vm_create(fd, 0);
		b = kmem();
		print_kmem("per VM", &a, &b, MEM_VMS);
		print_driver_vm_bytes(vms, MEM_VMS);
		for (int i = 0; i < MEM_VMS; i++)
			gensim_vm_destroy(fd, vms[i]);
		wait_objects(&a.o);

		for (int e = 0; e < 4; e++) {
			char what[32];

			a = settle();
			for (int i = 0; i < MEM_QUEUES; i++)
				qs[i] = gensim_queue_create(fd, e, vm);
			b = kmem();
			snprintf(what, sizeof(what), "per %s queue", engine_name[e]);
			print_kmem(what, &a, &b, MEM_QUEUES);
			print_driver_queue_bytes(qs, MEM_QUEUES);
			for (int i = 0; i < MEM_QUEUES; i++)
				igt_assert_eq(gsim_queue_destroy(dev, qs[i]), 0);
			wait_objects(&a.o);
		}
		igt_info("(MemFree and Slab/Shmem are the guest kernel's, so other activity in "
			 "the VM is in them too;\n");
		igt_info(" \"driver counts\" is debugfs client_mem: the bytes the driver allocated for "
			 "each object)\n");
		gsim_close(dev);
	}

	igt_fixture {
		close(fd);
	}
}
