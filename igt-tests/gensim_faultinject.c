// SPDX-License-Identifier: MIT
/*
 * gensim_faultinject: the error paths of every gensim ioctl, reached with
 * the kernel's fault injection (Documentation/fault-injection/).  For each
 * scenario (a short sequence of calls), for k = 1, 2, 3, ..., the k-th
 * fault-injection point that the scenario's calls reach fails, until a run
 * has nothing left to fail.  For every run:
 *
 * - every call succeeds or fails with an error documented for a failed
 *   allocation: -ENOMEM, -EINTR, -ENOSPC for the calls that map pages into
 *   the DMA window (VM_CREATE, VM_BIND, QUEUE_CREATE) or make a shmem file
 *   (GEM_CREATE, QUEUE_CREATE: shmem reports a failed inode allocation as
 *   -ENOSPC, and the uapi documents it), and -EFAULT only
 *   when the injected failure was a copy to or from user memory in that
 *   call; never -ENODEV, never an error when nothing was injected;
 * - what succeeded works: the device reads what VM_BIND mapped (and not
 *   what it unmapped), a new VM or queue runs work, an EXEC's batch
 *   completes or its fence ends with an error and both its signal syncobjs
 *   (binary and timeline) end; what failed left nothing behind: a failed
 *   EXEC put no fence in its signal syncobjs and its queue still runs a
 *   good batch, a failed VM_BIND repeated without injection succeeds and
 *   gives the full result, the CPU touching a mapping gets no SIGBUS;
 * - once the scenario destroyed what it made (files still open) and once
 *   it closed its files, the module-wide object counts (debugfs
 *   gensim/objects) are back at their baseline within 5 s;
 * - the harness's dmesg check: no KASAN, lockdep, UBSAN or WARN report.
 *
 * A broken rule does not end the sweep: it is recorded once per kind with
 * the first k that showed it ("FOUND ..."), the sweep goes on, and the
 * subtest fails at its end listing every kind.  After every subtest a good
 * batch must still run on every engine.  Subtests: gem-create-mmap,
 * vm-create, vm-bind-map, vm-bind-unmap, exec-syncobjs, prime (with vgem
 * when present), query, queue-get-state, close-fd (QUEUE_DESTROY,
 * VM_DESTROY, close of the DRM file and of a dma-buf), queue-create (every
 * engine), page-alloc-bind-populate (fail_page_alloc only, binding 4 MiB).
 *
 * The mechanism: /proc/thread-self/fail-nth.  Writing N there makes the
 * N-th call of this thread to should_fail() (lib/fault-inject.c) fail,
 * whatever the failslab, fail_page_alloc or fail_usercopy attributes'
 * probability, interval, times and space say; reading it back gives the
 * calls still to go (0: the failure happened).  That is "fail the k-th
 * allocation" exactly.  The attributes' own knobs cannot do it in 6.12:
 * space counts bytes (the object size of a slab, 1 << order pages), not
 * calls, and interval counts with attr->count, which debugfs cannot reset
 * and which keeps counting across runs and tasks.  The attributes still
 * decide which calls reach should_fail() (ignore-gfp-wait, min-order,
 * cache-filter) and log what failed (verbose): this test sets
 * ignore-gfp-wait and ignore-gfp-highmem to N and min-order to 0 so that
 * GFP_KERNEL slab and page allocations of any order count, keeps the
 * attributes' own random path off (task-filter Y, probability 0, times 0:
 * no other task is affected), and reads which attribute fired from its
 * "FAULT_INJECTION: forcing a failure ... name <attr>" kernel message.  A
 * failing allocation with __GFP_NOWARN logs nothing ("quiet"): shmem's
 * pages, and kmemleak's and the stack depot's own bookkeeping.
 *
 * The window: fail-nth is written right before the call under test and read
 * back and cleared right after it, in the same thread, with nothing but
 * those syscalls in between (no printf, no libc allocation), so the failure
 * never lands in the test's own syscalls.  A scenario of several calls
 * carries the count from one window to the next.  The points counted
 * include the debug kernel's own allocations (kmemleak metadata, KASAN
 * stack depot, debug objects), whose failures the kernel absorbs.
 *
 * Time: each sweep has a budget (6 s by default, GENSIM_FI_BUDGET_S): past
 * half of it the points left are sampled with a stride, and the run past
 * the last point always runs.  GENSIM_FI_K=k runs only the k-th point of
 * each scenario; GENSIM_FI_VERBOSE=2 makes every injected failure dump its
 * stack to the kernel log.
 *
 * Needs a kernel with CONFIG_FAULT_INJECTION, CONFIG_FAILSLAB,
 * CONFIG_FAIL_PAGE_ALLOC and CONFIG_FAULT_INJECTION_DEBUG_FS (the debug
 * kernel: scripts/vm-run --kernel debug); elsewhere every subtest skips.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>
#include <xf86drm.h>

#include "lib/gensim_batch.h"
#include "lib/gensim_ioctl.h"
#include "lib/igt.h"
#include "lib/igt_gensim.h"

#define DEBUGFS		"/sys/kernel/debug/"
#define FAIL_NTH	"/proc/thread-self/fail-nth"
#define BIG		1000000000u	/* fail-nth for a run that only counts */
#define MAX_STEPS	16
#define MAX_POINTS	400		/* per sweep, before sampling */
#define WAIT_MS		30000
#define SETTLE_MS	5000		/* object counts back at the baseline */
#define BB_VA		0x1000000ull
#define DATA_VA		0x2000000ull
#define SZ_4K		0x1000ull
#define SZ_64K		0x10000ull
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

static double now_s(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec / 1e9;
}

/* ------------------------------------------------------------------ */
/* Fault injection: the knobs, the fail-nth window, what failed.       */

static const char *const attrs[] = { "failslab", "fail_page_alloc", "fail_usercopy" };

struct knob {
	char path[96];
	char *old;
};
static struct knob knobs[32];
static unsigned int n_knobs;
static int nth_fd = -1, fi_kmsg = -1;
static int fi_verbose = 1;

/* Write @value to debugfs @file, saving the old value once; false if @file is missing. */
static bool knob_set(const char *file, const char *value)
{
	char path[96];
	struct knob *k = NULL;
	int fd;
	ssize_t n;

	snprintf(path, sizeof(path), DEBUGFS "%s", file);
	for (unsigned int i = 0; i < n_knobs; i++)
		if (!strcmp(knobs[i].path, path))
			k = &knobs[i];
	if (!k) {
		char *old = gensim_read_file(path);

		if (!old)
			return false;
		igt_assert(n_knobs < ARRAY_SIZE(knobs));
		k = &knobs[n_knobs++];
		snprintf(k->path, sizeof(k->path), "%s", path);
		k->old = old;
	}
	fd = open(path, O_WRONLY | O_CLOEXEC);
	igt_assert_f(fd >= 0, "open %s: %s", path, strerror(errno));
	n = write(fd, value, strlen(value));
	igt_assert_f(n == (ssize_t)strlen(value), "write %s to %s: %s", value, path,
		     strerror(errno));
	close(fd);
	return true;
}

static void knobs_restore(void)
{
	for (unsigned int i = 0; i < n_knobs; i++) {
		int fd = open(knobs[i].path, O_WRONLY | O_CLOEXEC);

		if (fd >= 0) {
			if (write(fd, knobs[i].old, strlen(knobs[i].old)) < 0)
				igt_info("restoring %s: %s\n", knobs[i].path, strerror(errno));
			close(fd);
		}
		free(knobs[i].old);
	}
	n_knobs = 0;
}

static void fi_configure(void)
{
	char v[16];

	snprintf(v, sizeof(v), "%d", fi_verbose);
	for (unsigned int i = 0; i < ARRAY_SIZE(attrs); i++) {
		char f[96];
		static const char *const settings[][2] = {
			/* The random path off: only fail-nth fails anything. */
			{ "task-filter", "Y" }, { "probability", "0" }, { "interval", "1" },
			{ "times", "0" }, { "space", "0" },
			/* Log every injected failure, unthrottled: which kind it was. */
			{ "verbose_ratelimit_interval_ms", "0" },
		};

		for (unsigned int j = 0; j < ARRAY_SIZE(settings); j++) {
			snprintf(f, sizeof(f), "%s/%s", attrs[i], settings[j][0]);
			knob_set(f, settings[j][1]);
		}
		snprintf(f, sizeof(f), "%s/verbose", attrs[i]);
		knob_set(f, v);
	}
	/* Allocations that may sleep count too (the default skips them), and order-0 pages. */
	igt_assert(knob_set("failslab/ignore-gfp-wait", "N"));
	igt_assert(knob_set("failslab/cache-filter", "N"));
	igt_assert(knob_set("fail_page_alloc/ignore-gfp-wait", "N"));
	igt_assert(knob_set("fail_page_alloc/ignore-gfp-highmem", "N"));
	igt_assert(knob_set("fail_page_alloc/min-order", "0"));
}

enum site { SITE_NONE, SITE_SLAB, SITE_PAGE, SITE_USERCOPY, SITE_QUIET, SITE_KINDS };
static const char *const site_name[SITE_KINDS] = {
	"nothing", "slab allocation", "page allocation", "user copy", "quiet allocation",
};

static void kmsg_skip(void)
{
	if (fi_kmsg >= 0)
		lseek(fi_kmsg, 0, SEEK_END);
}

/* Which attribute logged "forcing a failure" since kmsg_skip(). */
static enum site kmsg_site(void)
{
	static char rec[4096];
	enum site site = SITE_QUIET;

	if (fi_kmsg < 0)
		return SITE_QUIET;
	for (;;) {
		ssize_t n = read(fi_kmsg, rec, sizeof(rec) - 1);
		char *p;

		if (n < 0 && errno == EPIPE)
			continue;
		if (n <= 0)
			break;
		rec[n] = 0;
		if (site != SITE_QUIET || !strstr(rec, "FAULT_INJECTION: forcing a failure"))
			continue;
		p = strstr(rec, "name ");
		if (!p)
			continue;
		p += 5;
		if (!strncmp(p, "failslab", 8))
			site = SITE_SLAB;
		else if (!strncmp(p, "fail_page_alloc", 15))
			site = SITE_PAGE;
		else if (!strncmp(p, "fail_usercopy", 13))
			site = SITE_USERCOPY;
	}
	return site;
}

/* One run of a scenario with the k-th point failing (k 0: a run that counts). */
struct fi_run {
	unsigned int k;
	unsigned int left;		/* points to go until the k-th */
	unsigned int at_arm;		/* left when the current window opened */
	bool armed, injected, absorbed;
	int cur;			/* the current step */
	int inj_step;			/* the step the failure fell in, or -1 */
	enum site site;
	bool maybe_lost;		/* a call failed after it may have made an object */
	int err, err_step;		/* the error that ended the scenario */
	int nsteps;
	const char *step_name[MAX_STEPS];
	unsigned int step_points[MAX_STEPS];
};

#define ALLOW_ENOSPC	(1u << 0)	/* the call maps pages into the DMA window or makes a shmem file */

static void fi_run_init(struct fi_run *r, unsigned int k)
{
	memset(r, 0, sizeof(*r));
	r->k = k;
	r->left = k ? k : BIG;
	r->inj_step = -1;
	r->err_step = -1;
	r->cur = -1;
}

/* Open the window for a step: the failure comes @r->left points from here. */
static void fi_arm(struct fi_run *r, const char *step)
{
	char buf[16];
	int len;

	r->cur = r->nsteps < MAX_STEPS ? r->nsteps++ : MAX_STEPS - 1;
	r->step_name[r->cur] = step;
	r->armed = false;
	if (r->injected || !r->left)
		return;
	len = snprintf(buf, sizeof(buf), "%u", r->left);
	kmsg_skip();
	r->at_arm = r->left;
	igt_assert_f(write(nth_fd, buf, len) == len, "arming %s: %s", FAIL_NTH, strerror(errno));
	r->armed = true;
}

/* Close the window: how many points the step used, and whether it got the failure. */
static void fi_disarm(struct fi_run *r)
{
	char buf[16] = "";
	unsigned int left;
	ssize_t n;
	int err;

	if (!r->armed)
		return;
	r->armed = false;
	n = pread(nth_fd, buf, sizeof(buf) - 1, 0);
	err = n < 0 ? errno : 0;
	/* Clear it; this write's own copy from user may be the last point: 0 either way. */
	if (write(nth_fd, "0", 1) < 0 && errno != EFAULT)
		igt_assert_f(false, "clearing %s: %s", FAIL_NTH, strerror(errno));
	if (err == EFAULT) {
		/* The read's own copy to user was the failing point: 1 was left. */
		left = 1;
	} else {
		igt_assert_f(n > 0, "reading %s: %s", FAIL_NTH, strerror(err));
		left = strtoul(buf, NULL, 10);
	}
	igt_assert_f(left <= r->at_arm, "%s went from %u to %u", FAIL_NTH, r->at_arm, left);
	r->step_points[r->cur] += r->at_arm - left;
	r->left = left;
	if (r->k && !left) {
		r->injected = true;
		r->inj_step = r->cur;
		r->site = kmsg_site();
	}
}

static const char *step_of(const struct fi_run *r, int i)
{
	return i >= 0 ? r->step_name[i] : "-";
}

static const char *errname(int err)
{
	static char buf[48];

	switch (-err) {
	case 0: return "0";
	case ENOMEM: return "-ENOMEM";
	case EINTR: return "-EINTR";
	case EFAULT: return "-EFAULT";
	case ENOSPC: return "-ENOSPC";
	case EINVAL: return "-EINVAL";
	case ENOENT: return "-ENOENT";
	case ENODEV: return "-ENODEV";
	case EIO: return "-EIO";
	case ETIME: return "-ETIME";
	case ECANCELED: return "-ECANCELED";
	case 512: return "-ERESTARTSYS (512)";
	default:
		snprintf(buf, sizeof(buf), "%d (%s)", err, strerror(-err));
		return buf;
	}
}

/* "k=5 (a slab allocation failed in VM_BIND)" for messages. */
static const char *where(const struct fi_run *r)
{
	static char buf[192];

	if (!r->k)
		snprintf(buf, sizeof(buf), "the counting run (nothing injected)");
	else if (!r->injected)
		snprintf(buf, sizeof(buf), "k=%u (nothing injected: the scenario had fewer points)",
			 r->k);
	else
		snprintf(buf, sizeof(buf), "k=%u (a %s failed in %s)", r->k, site_name[r->site],
			 step_of(r, r->inj_step));
	return buf;
}

/*
 * What a sweep found: a broken promise does not end the sweep (the later
 * points still run), it is recorded once per kind, with the first k that
 * showed it and how many did, and fails the subtest when the sweep ends.
 * In the counting run, where nothing fails, every one ends the subtest.
 */
#define MAX_KINDS 16
static struct violation {
	char what[256];		/* the kind, without the k */
	char first[160];	/* where(r) of the first run that showed it */
	unsigned int n;
} violations[MAX_KINDS];
static unsigned int n_violations, n_kinds;
static const char *cur_scenario = "";
static unsigned int n_enospc_noted;	/* in this sweep */
static double t_waited;		/* spent waiting for leaked counts, outside the budget */

static void __attribute__((format(printf, 2, 3))) violation(const struct fi_run *r,
							    const char *fmt, ...)
{
	char what[256];
	va_list ap;
	unsigned int i;

	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	igt_assert_f(r->k, "%s: %s", where(r), what);
	n_violations++;
	for (i = 0; i < n_kinds; i++)
		if (!strcmp(violations[i].what, what))
			break;
	if (i == n_kinds) {
		if (n_kinds == MAX_KINDS) {
			igt_info("%s: %s\n", where(r), what);
			return;
		}
		n_kinds++;
		snprintf(violations[i].what, sizeof(violations[i].what), "%s", what);
		snprintf(violations[i].first, sizeof(violations[i].first), "%s, %s", cur_scenario,
			 where(r));
		igt_info("FOUND in %s at %s: %s\n", cur_scenario, where(r), what);
	}
	violations[i].n++;
}

static unsigned int n_leaks;

static void violations_reset(void)
{
	n_violations = n_kinds = n_leaks = 0;
}

/* At the end of a subtest: every kind found, then fail if there was any. */
static void violations_check(const char *name)
{
	for (unsigned int i = 0; i < n_kinds; i++)
		igt_info("%s: %u run(s): %s (first in %s)\n", name, violations[i].n,
			 violations[i].what, violations[i].first);
	igt_assert_f(!n_violations, "%s: %u run(s) broke the rules, %u kind(s); the first: %s",
		     name, n_violations, n_kinds, n_kinds ? violations[0].what : "");
}

/*
 * After a step: true if it succeeded and the scenario goes on; false if it
 * failed with an error documented for the failure injected (which ends the
 * scenario); any other outcome fails the test.
 */
static bool fi_ok(struct fi_run *r, int err, unsigned int allow)
{
	const char *step = step_of(r, r->cur);

	if (!err) {
		if (r->injected && r->inj_step == r->cur)
			r->absorbed = true;
		return true;
	}
	r->err = err;
	r->err_step = r->cur;
	igt_assert_f(err != -ENODEV, "%s: %s failed with -ENODEV: the device is gone", where(r),
		     step);
	if (!r->injected) {
		violation(r, "%s failed with %s though no failure was injected", step,
			  errname(err));
		return false;
	}
	switch (-err) {
	case ENOMEM:
	case EINTR:
		break;
	case EFAULT:
		if (r->site != SITE_USERCOPY || r->inj_step != r->cur)
			violation(r, "%s failed with -EFAULT after a %s failed%s%s", step,
				  site_name[r->site], r->inj_step != r->cur ? " in " : "",
				  r->inj_step != r->cur ? step_of(r, r->inj_step) : "");
		break;
	case ENOSPC:
		if (!(allow & ALLOW_ENOSPC))
			violation(r, "%s failed with -ENOSPC after a %s failed: -ENOSPC is "
				  "documented only for the DMA window and shmem files", step,
				  site_name[r->site]);
		else if (!n_enospc_noted++)
			igt_info("%s: %s failed with -ENOSPC after a %s failed: accepted (a shmem "
				 "file or the DMA window)\n", where(r), step, site_name[r->site]);
		break;
	default:
		violation(r, "%s failed with %s after a %s failed: not a documented error for "
			  "a failed allocation", step, errname(err), site_name[r->site]);
		break;
	}
	/*
	 * -EFAULT may be drm_ioctl()'s copy out after the call succeeded: it
	 * made an object (a handle, an id, an installed dma-buf fd) that the
	 * test never learns about.  Any other error: the call undid its work.
	 */
	if (err == -EFAULT)
		r->maybe_lost = true;
	return false;
}

/* One ioctl in the window. */
static int fi_ioctl(struct fi_run *r, const char *step, int fd, unsigned long req, void *arg)
{
	int ret;

	fi_arm(r, step);
	ret = ioctl(fd, req, arg) ? -errno : 0;
	fi_disarm(r);
	return ret;
}

/* ------------------------------------------------------------------ */
/* What a scenario holds, so a failed assert's cleanup finds it.       */

#define MAX_MAPS 8

static struct ctx {
	int fd, fd2, vgem, dmabuf, dmabuf2;
	uint32_t vm, vm2, bo[4], queue[4], syncobj[4], vgem_bo[2], other, import;
	struct gensim_bb bb;
	struct gensim_buf data;
	bool have_bb, have_data;
	void *map[MAX_MAPS];
	size_t map_size[MAX_MAPS];
} C;

static void ctx_reset(void)
{
	memset(&C, 0, sizeof(C));
	C.fd = C.fd2 = C.vgem = C.dmabuf = C.dmabuf2 = -1;
}

static void ctx_track_map(void *p, size_t size)
{
	for (int i = 0; i < MAX_MAPS; i++)
		if (!C.map[i]) {
			C.map[i] = p;
			C.map_size[i] = size;
			return;
		}
	igt_assert_f(false, "too many mappings");
}

static void ctx_unmap_all(void)
{
	for (int i = 0; i < MAX_MAPS; i++)
		if (C.map[i]) {
			munmap(C.map[i], C.map_size[i]);
			C.map[i] = NULL;
		}
	/* The batch's and the data buffer's mappings are gensim_buf's. */
	if (C.have_bb && C.bb.buf.map) {
		munmap(C.bb.buf.map, C.bb.buf.size);
		C.bb.buf.map = NULL;
	}
	if (C.have_data && C.data.map) {
		munmap(C.data.map, C.data.size);
		C.data.map = NULL;
	}
}

static void close_fd(int *fd)
{
	if (*fd >= 0)
		close(*fd);
	*fd = -1;
}

/*
 * dma-buf fds the test does not know about: PRIME_HANDLE_TO_FD installs
 * the fd before drm_ioctl() copies the argument out, so a failed copy out
 * (-EFAULT) leaves it installed, holding the buffer.
 */
static int close_stray_dmabufs(void)
{
	DIR *d = opendir("/proc/self/fd");
	struct dirent *de;
	int n = 0;

	if (!d)
		return 0;
	while ((de = readdir(d))) {
		char path[64], link[128];
		int fd = atoi(de->d_name);
		ssize_t len;

		if (de->d_name[0] == '.' || fd == dirfd(d))
			continue;
		snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
		len = readlink(path, link, sizeof(link) - 1);
		if (len <= 0)
			continue;
		link[len] = 0;
		if (strstr(link, "dmabuf")) {
			close(fd);
			n++;
		}
	}
	closedir(d);
	return n;
}

/* Every mapping and file of the scenario, whatever state it is in. */
static void ctx_close_all(void)
{
	int stray;

	ctx_unmap_all();
	close_fd(&C.dmabuf);
	close_fd(&C.dmabuf2);
	close_fd(&C.vgem);
	close_fd(&C.fd2);
	close_fd(&C.fd);
	stray = close_stray_dmabufs();
	if (stray)
		igt_info("closed %d dma-buf fd(s) a failed PRIME_HANDLE_TO_FD left installed\n",
			 stray);
}

/* ------------------------------------------------------------------ */
/* Object counts.                                                      */

static struct gensim_objects baseline;

static void check_counts(const struct fi_run *r, const char *when)
{
	struct gensim_objects now;
	char diff[256];
	double t = now_s();

	/* Once a sweep found a leak, the same leak need not cost the full wait again. */
	if (gensim_objects_wait(&baseline, n_leaks ? 1000 : SETTLE_MS, &now))
		return;
	t_waited += now_s() - t;
	/* As differences, so that the same leak again is the same kind. */
	diff[0] = 0;
	for (int i = 0, off = 0; i < GENSIM_OBJECT_KINDS; i++)
		if (now.n[i] != baseline.n[i] && off < (int)sizeof(diff))
			off += snprintf(diff + off, sizeof(diff) - off, "%s%s %+ld", off ? ", " : "",
					gensim_object_names[i], now.n[i] - baseline.n[i]);
	n_leaks++;
	violation(r, "%s, the object counts were not back at the baseline: %s", when, diff);
	/* Go on from here, so that the next leak shows as one too. */
	baseline = now;
}

/* ------------------------------------------------------------------ */
/* Helpers outside the window (they assert).                           */

struct engine {
	uint16_t class, instance;
	char name[16];
};
static struct engine engines[8];
static unsigned int n_engines;

/* A buffer whose 32-bit words are @base + index. */
static uint32_t patterned_bo(int fd, uint64_t size, uint32_t base, uint32_t vm_id)
{
	struct drm_gensim_gem_create c = { .size = size, .vm_id = vm_id };
	uint32_t *p;

	igt_assert_eq(gensim_ioctl(fd, DRM_IOCTL_GENSIM_GEM_CREATE, &c), 0);
	p = gensim_gem_mmap(fd, c.handle, size);
	for (uint64_t i = 0; i < size / 4; i++)
		p[i] = base + i;
	munmap(p, size);
	return c.handle;
}

static void bo_close(int fd, uint32_t *handle)
{
	if (*handle)
		gensim_gem_close(fd, *handle);
	*handle = 0;
}

/* The device reads @va in @vm: @want, or a fault when @want is ~0u. */
static void expect_probe(const struct fi_run *r, int fd, uint32_t vm, uint64_t va, uint32_t want)
{
	uint32_t data = 0;
	int st = gensim_probe_ppgtt_read(fd, vm, va, &data);

	if (want == ~0u) {
		if (st != DMA_PROBE_FAULT)
			violation(r, "the device read %#" PRIx64 " (status %d, %#x): it should not "
				  "be mapped", va, st, data);
		return;
	}
	if (st != DMA_PROBE_OK || data != want)
		violation(r, "the device read %#" PRIx64 ": status %d, %#x; expected %#x", va, st,
			  data, want);
}

static uint32_t syncobj_new(int fd, uint32_t flags)
{
	uint32_t h;

	igt_assert_eq(drmSyncobjCreate(fd, flags, &h), 0);
	return h;
}

/* Run a batch storing @value at DATA_VA on @queue; the fence must end with 0. */
static void good_exec(const struct fi_run *r, int fd, uint32_t queue, volatile uint32_t *data,
		      uint32_t value)
{
	uint32_t s = gensim_exec_sync(fd, queue, BB_VA);
	int st = gensim_wait_fence_error(fd, s, WAIT_MS);

	igt_assert_f(st == 1, "%s: a good batch after it ended with %d (1: done)", where(r), st);
	if (data)
		igt_assert_f(*data == value, "%s: a good batch after it stored %#x, expected %#x",
			     where(r), *data, value);
	drmSyncobjDestroy(fd, s);
}

/* A VM with the batch at BB_VA storing @value at DATA_VA (C.bb, C.data). */
static void batch_setup(int fd, uint32_t vm, uint32_t value)
{
	C.bb = gensim_bb_new(fd, vm, BB_VA);
	C.have_bb = true;
	C.data = gensim_buf_new(fd, vm, DATA_VA, 4096);
	C.have_data = true;
	gensim_bb_store_dword(&C.bb, DATA_VA, value);
	gensim_bb_end(&C.bb);
}

static void batch_teardown(void)
{
	if (C.have_bb)
		gensim_bb_free(&C.bb);
	if (C.have_data)
		gensim_buf_free(&C.data);
	C.have_bb = C.have_data = false;
}

/* Good work still runs on every engine, from a new file. */
static void device_healthy(void)
{
	int fd = gensim_open_render();

	for (unsigned int e = 0; e < n_engines; e++) {
		uint32_t vm = gensim_vm_create(fd, 0), q, s;
		struct gensim_bb bb = gensim_bb_new(fd, vm, BB_VA);
		struct gensim_buf data = gensim_buf_new(fd, vm, DATA_VA, 4096);
		struct drm_gensim_queue_create c = {
			.engine_class = engines[e].class, .engine_instance = engines[e].instance,
			.vm_id = vm, .priority = DRM_GENSIM_QUEUE_PRIORITY_NORMAL,
		};

		igt_assert_eq(gensim_ioctl(fd, DRM_IOCTL_GENSIM_QUEUE_CREATE, &c), 0);
		q = c.queue_id;
		gensim_bb_store_dword(&bb, DATA_VA, 0x600d0000 | e);
		gensim_bb_end(&bb);
		s = gensim_exec_sync(fd, q, BB_VA);
		igt_assert_f(gensim_wait_fence_error(fd, s, WAIT_MS) == 1,
			     "after the sweep, a good batch on %s did not complete", engines[e].name);
		igt_assert_eq(data.map[0], 0x600d0000 | e);
		drmSyncobjDestroy(fd, s);
		gensim_buf_free(&data);
		gensim_bb_free(&bb);
		gensim_vm_destroy(fd, vm);
	}
	close(fd);
}

/* ------------------------------------------------------------------ */
/* The sweep.                                                          */

struct scenario {
	const char *name;
	void (*setup)(const struct scenario *s);
	void (*run)(const struct scenario *s, struct fi_run *r);
	void (*teardown)(const struct scenario *s, struct fi_run *r);
	int engine;		/* for the per-engine scenarios */
	bool sample;		/* many points (a big buffer's pages): sample them */
	double budget;		/* seconds for the sweep; 0: GENSIM_FI_BUDGET_S or 8 */
};

struct sweep_stats {
	unsigned int runs, injected, absorbed, failed[4];	/* ENOMEM, EFAULT, ENOSPC, EINTR */
	unsigned int site[SITE_KINDS];
};

static void run_once(const struct scenario *s, unsigned int k, struct fi_run *r)
{
	fi_run_init(r, k);
	ctx_reset();
	s->setup(s);
	s->run(s, r);
	igt_assert_f(!r->armed, "the window is still open");
	if (s->teardown)
		s->teardown(s, r);
	/* An object whose handle the failed call did not return lives until close. */
	if (!r->maybe_lost)
		check_counts(r, "after the scenario destroyed what it made (files still open)");
	ctx_close_all();
	check_counts(r, "after the scenario closed its files");
}

static void sweep(const struct scenario *s)
{
	const char *only = getenv("GENSIM_FI_K");
	double budget = s->budget ? s->budget :
			getenv("GENSIM_FI_BUDGET_S") ? atof(getenv("GENSIM_FI_BUDGET_S")) : 6;
	struct sweep_stats st = { 0 };
	struct fi_run r;
	unsigned int total, k, stride = 1, sample_stride = 1;
	char steps[512] = "";
	size_t off = 0;
	double t0, t_count;
	bool ended = false, sampled = false, last = false;

	/* The counting run: how many points each step reaches when nothing fails. */
	cur_scenario = s->name;
	n_leaks = n_enospc_noted = 0;
	t_count = now_s();
	run_once(s, 0, &r);
	t_count = now_s() - t_count;
	total = 0;
	for (int i = 0; i < r.nsteps; i++) {
		total += r.step_points[i];
		if (off < sizeof(steps))
			off += snprintf(steps + off, sizeof(steps) - off, "%s%s %u", i ? ", " : "",
					r.step_name[i], r.step_points[i]);
	}
	igt_info("%s: %u injection points when nothing fails (%s); one run takes %.2f s\n",
		 s->name, total, steps, t_count);
	if (!total) {
		igt_info("%s: nothing to inject into\n", s->name);
		return;
	}

	if (only) {
		k = strtoul(only, NULL, 0);
		run_once(s, k, &r);
		igt_info("%s: %s: ended with %s in %s\n", s->name, where(&r), errname(r.err),
			 step_of(&r, r.err_step));
		return;
	}

	/*
	 * Sampled sweeps: the first and the last four points, and evenly
	 * between as many as the budget allows (8 at least).
	 */
	if (s->sample && total > 24) {
		double n = budget / (t_count > 0.01 ? t_count : 0.01) - 8;

		n = n < 8 ? 8 : n > total - 8 ? total - 8 : n;
		sample_stride = (total - 8) / n;
		if (sample_stride < 1)
			sample_stride = 1;
	}
	t0 = now_s();
	t_waited = 0;
	for (k = 1;;) {
		double spent, per_run;
		unsigned int old_stride = stride;

		run_once(s, k, &r);
		st.runs++;
		if (!r.injected) {
			ended = true;
			break;
		}
		st.injected++;
		st.site[r.site]++;
		st.absorbed += !r.err;
		st.failed[0] += r.err == -ENOMEM;
		st.failed[1] += r.err == -EFAULT;
		st.failed[2] += r.err == -ENOSPC;
		st.failed[3] += r.err == -EINTR;

		/* Waits for leaked objects are the kernel's: outside the budget. */
		spent = now_s() - t0 - t_waited;
		per_run = spent / st.runs;
		if (st.runs >= MAX_POINTS || spent > 2 * budget || (last && k > total + 8)) {
			igt_info("%s: stopped at k=%u (%u runs, %.1f s)\n", s->name, k, st.runs,
				 spent);
			break;
		}
		if (sample_stride > 1) {
			if (k < 4 || k + 5 >= total) {
				k++;
			} else {
				k += sample_stride;
				if (k + 4 > total)
					k = total - 4;
				sampled = true;
			}
			continue;
		}
		/*
		 * Keep within the time budget: past half of it, spread what is
		 * left over the points to go; out of it, the run past the last
		 * point (nothing left to fail) and stop.
		 */
		if (last) {
			/* Past the counted points and still failing: the count varies. */
			stride = 1;
		} else if (spent > budget / 2 && total > k) {
			double can = (budget - spent) / per_run;

			if (can < 1) {
				stride = total + 1 - k;
				last = true;
			} else if ((total - k) / can + 1 > stride) {
				stride = (total - k) / can + 1;
			}
			if (stride != old_stride)
				igt_info("%s: time budget: %s%u from k=%u\n", s->name,
					 last ? "the end, k+" : "every ", stride, k);
			sampled |= stride > 1;
		}
		k += stride;
	}
	igt_info("%s: %u runs in %.1f s, %u with a failure injected (%u slab, %u page, %u user "
		 "copy, %u quiet): %u -ENOMEM, %u -EFAULT, %u -ENOSPC, %u -EINTR, %u absorbed "
		 "(the calls succeeded)%s%s\n",
		 s->name, st.runs, now_s() - t0, st.injected, st.site[SITE_SLAB],
		 st.site[SITE_PAGE], st.site[SITE_USERCOPY], st.site[SITE_QUIET], st.failed[0],
		 st.failed[1], st.failed[2], st.failed[3], st.absorbed,
		 ended ? "; then a run with nothing left to fail" : "",
		 sampled ? "; points sampled" : "");
}

/* ------------------------------------------------------------------ */
/* Scenarios.                                                          */

/* GEM_CREATE, GEM_MMAP_OFFSET, mmap, and the CPU touching the pages. */
static sigjmp_buf touch_jmp;
static volatile sig_atomic_t touch_sig;

static void touch_handler(int sig)
{
	touch_sig = sig;
	siglongjmp(touch_jmp, 1);
}

static void gem_setup(const struct scenario *s)
{
	(void)s;
	C.fd = gensim_open_render();
}

static void gem_run(const struct scenario *s, struct fi_run *r)
{
	struct drm_gensim_gem_create c = { .size = 16 * SZ_4K };
	struct drm_gensim_gem_mmap_offset o = { 0 };
	struct sigaction sa = { .sa_handler = touch_handler }, old_bus, old_segv;
	volatile uint32_t *p;
	int err;

	(void)s;
	if (!fi_ok(r, fi_ioctl(r, "GEM_CREATE", C.fd, DRM_IOCTL_GENSIM_GEM_CREATE, &c),
		   ALLOW_ENOSPC))
		return;
	C.bo[0] = c.handle;
	o.handle = c.handle;
	if (!fi_ok(r, fi_ioctl(r, "GEM_MMAP_OFFSET", C.fd, DRM_IOCTL_GENSIM_GEM_MMAP_OFFSET, &o),
		   0))
		return;

	fi_arm(r, "mmap");
	p = mmap(NULL, c.size, PROT_READ | PROT_WRITE, MAP_SHARED, C.fd, o.offset);
	err = p == MAP_FAILED ? -errno : 0;
	fi_disarm(r);
	if (!fi_ok(r, err, 0))
		return;
	ctx_track_map((void *)p, c.size);

	/* Page faults: a failure there must be retried, never a SIGBUS. */
	sigaction(SIGBUS, &sa, &old_bus);
	sigaction(SIGSEGV, &sa, &old_segv);
	touch_sig = 0;
	fi_arm(r, "touch the pages");
	if (!sigsetjmp(touch_jmp, 1))
		for (unsigned int i = 0; i < c.size / 4; i += 1024 / 4)
			p[i] = 0x70000000 + i;
	fi_disarm(r);
	sigaction(SIGBUS, &old_bus, NULL);
	sigaction(SIGSEGV, &old_segv, NULL);
	igt_assert_f(!touch_sig, "%s: touching the buffer's mapping raised %s", where(r),
		     strsignal(touch_sig));
	for (unsigned int i = 0; i < c.size / 4; i += 1024 / 4)
		igt_assert_f(p[i] == 0x70000000 + i, "%s: word %u of the mapping reads %#x",
			     where(r), i, p[i]);
}

static void gem_teardown(const struct scenario *s, struct fi_run *r)
{
	(void)s;
	(void)r;
	ctx_unmap_all();
	bo_close(C.fd, &C.bo[0]);
}

/* VM_CREATE, plain and with the scratch page; whatever it made works. */
static void vm_create_setup(const struct scenario *s)
{
	(void)s;
	C.fd = gensim_open_render();
	C.bo[0] = patterned_bo(C.fd, SZ_64K, 0x5a000000, 0);
}

static void vm_create_run(const struct scenario *s, struct fi_run *r)
{
	struct drm_gensim_vm_create plain = { 0 };
	struct drm_gensim_vm_create scratch = { .flags = DRM_GENSIM_VM_CREATE_SCRATCH_PAGE };
	uint32_t data = 1;

	(void)s;
	if (!fi_ok(r, fi_ioctl(r, "VM_CREATE", C.fd, DRM_IOCTL_GENSIM_VM_CREATE, &plain),
		   ALLOW_ENOSPC))
		return;
	C.vm = plain.vm_id;
	if (!fi_ok(r, fi_ioctl(r, "VM_CREATE scratch", C.fd, DRM_IOCTL_GENSIM_VM_CREATE,
			       &scratch), ALLOW_ENOSPC))
		return;
	C.vm2 = scratch.vm_id;

	gensim_vm_map(C.fd, C.vm, C.bo[0], 0, SZ_64K, 0x12340000, 0);
	gensim_vm_map(C.fd, C.vm2, C.bo[0], 0, SZ_64K, 0x12340000, 0);
	expect_probe(r, C.fd, C.vm, 0x12345000, 0x5a000000 + 0x5000 / 4);
	expect_probe(r, C.fd, C.vm2, 0x12345000, 0x5a000000 + 0x5000 / 4);
	expect_probe(r, C.fd, C.vm, 0x40000000, ~0u);
	igt_assert_f(gensim_probe_ppgtt_read(C.fd, C.vm2, 0x40000000, &data) == DMA_PROBE_OK &&
		     !data, "%s: the scratch VM does not read zeros where nothing is bound",
		     where(r));
}

static void vm_create_teardown(const struct scenario *s, struct fi_run *r)
{
	(void)s;
	(void)r;
	if (C.vm)
		gensim_vm_destroy(C.fd, C.vm);
	if (C.vm2)
		gensim_vm_destroy(C.fd, C.vm2);
	C.vm = C.vm2 = 0;
	bo_close(C.fd, &C.bo[0]);
}

/*
 * VM_BIND with several operations at once: A (64 KiB) is bound at 0x100000
 * beforehand; the ioctl maps B across the 1 GiB boundary (new page
 * directories), maps 8 KiB of B over the middle of A (a split), maps a
 * VM-private buffer read-only and unmaps 8 KiB of A (another split).
 */
#define A_PAT	0xa0000000u
#define B_PAT	0xb0000000u
#define P_PAT	0xc0000000u
#define B_SIZE	(4 * SZ_64K)
#define B_VA	0x3ffe0000ull
#define P_VA	0x200000000ull

static void bind_setup_common(void)
{
	C.fd = gensim_open_render();
	C.vm = gensim_vm_create(C.fd, 0);
	C.bo[0] = patterned_bo(C.fd, SZ_64K, A_PAT, 0);
	C.bo[1] = patterned_bo(C.fd, B_SIZE, B_PAT, 0);
	gensim_vm_map(C.fd, C.vm, C.bo[0], 0, SZ_64K, 0x100000, 0);
}

static void bind_map_setup(const struct scenario *s)
{
	(void)s;
	bind_setup_common();
	C.bo[2] = patterned_bo(C.fd, 4 * SZ_4K, P_PAT, C.vm);
}

static void bind_map_ops(struct drm_gensim_vm_bind_op *ops)
{
	memset(ops, 0, 4 * sizeof(*ops));
	ops[0] = (struct drm_gensim_vm_bind_op){ .op = DRM_GENSIM_VM_BIND_OP_MAP,
		.handle = C.bo[1], .range = B_SIZE, .addr = B_VA };
	ops[1] = (struct drm_gensim_vm_bind_op){ .op = DRM_GENSIM_VM_BIND_OP_MAP,
		.handle = C.bo[1], .obj_offset = SZ_64K, .range = 2 * SZ_4K, .addr = 0x104000 };
	ops[2] = (struct drm_gensim_vm_bind_op){ .op = DRM_GENSIM_VM_BIND_OP_MAP,
		.handle = C.bo[2], .range = 4 * SZ_4K, .addr = P_VA,
		.flags = DRM_GENSIM_VM_BIND_FLAG_READONLY };
	ops[3] = (struct drm_gensim_vm_bind_op){ .op = DRM_GENSIM_VM_BIND_OP_UNMAP,
		.range = 2 * SZ_4K, .addr = 0x10c000 };
}

static void bind_map_run(const struct scenario *s, struct fi_run *r)
{
	struct drm_gensim_vm_bind_op ops[4];
	struct drm_gensim_vm_bind b = { .vm_id = 0, .num_binds = 4 };

	(void)s;
	bind_map_ops(ops);
	b.vm_id = C.vm;
	b.binds = (uintptr_t)ops;
	if (!fi_ok(r, fi_ioctl(r, "VM_BIND 3 maps + unmap", C.fd, DRM_IOCTL_GENSIM_VM_BIND, &b),
		   ALLOW_ENOSPC)) {
		/* Some operations may have been applied: the same again must succeed. */
		bind_map_ops(ops);
		igt_assert_f(!__gensim_vm_bind(C.fd, C.vm, ops, 4),
			     "%s: VM_BIND again, with nothing injected, failed", where(r));
	}
	expect_probe(r, C.fd, C.vm, 0x40010000, B_PAT + 0x30000 / 4);
	expect_probe(r, C.fd, C.vm, 0x104000, B_PAT + SZ_64K / 4);
	expect_probe(r, C.fd, C.vm, 0x10c000, ~0u);
	expect_probe(r, C.fd, C.vm, P_VA + 0x1000, P_PAT + 0x1000 / 4);
}

static void bind_teardown(const struct scenario *s, struct fi_run *r)
{
	(void)s;
	(void)r;
	if (C.vm)
		gensim_vm_destroy(C.fd, C.vm);
	C.vm = 0;
	for (int i = 0; i < 4; i++)
		bo_close(C.fd, &C.bo[i]);
}

/* VM_BIND of several UNMAPs at once, splitting mappings and crossing 1 GiB. */
static void bind_unmap_setup(const struct scenario *s)
{
	(void)s;
	bind_setup_common();
	gensim_vm_map(C.fd, C.vm, C.bo[1], 0, B_SIZE, B_VA, 0);
}

static void bind_unmap_ops(struct drm_gensim_vm_bind_op *ops)
{
	memset(ops, 0, 3 * sizeof(*ops));
	for (int i = 0; i < 3; i++)
		ops[i].op = DRM_GENSIM_VM_BIND_OP_UNMAP;
	ops[0].addr = 0x104000;
	ops[0].range = 2 * SZ_4K;
	ops[1].addr = 0x3fff0000;
	ops[1].range = 2 * SZ_64K;
	ops[2].addr = 0x10e000;
	ops[2].range = 2 * SZ_4K;
}

static void bind_unmap_run(const struct scenario *s, struct fi_run *r)
{
	struct drm_gensim_vm_bind_op ops[3];
	struct drm_gensim_vm_bind b = { .num_binds = 3 };

	(void)s;
	bind_unmap_ops(ops);
	b.vm_id = C.vm;
	b.binds = (uintptr_t)ops;
	if (!fi_ok(r, fi_ioctl(r, "VM_BIND 3 unmaps", C.fd, DRM_IOCTL_GENSIM_VM_BIND, &b), 0)) {
		bind_unmap_ops(ops);
		igt_assert_f(!__gensim_vm_bind(C.fd, C.vm, ops, 3),
			     "%s: VM_BIND again, with nothing injected, failed", where(r));
	}
	expect_probe(r, C.fd, C.vm, 0x104000, ~0u);
	expect_probe(r, C.fd, C.vm, 0x106000, A_PAT + 0x6000 / 4);
	expect_probe(r, C.fd, C.vm, 0x10e000, ~0u);
	expect_probe(r, C.fd, C.vm, 0x4000f000, ~0u);
	expect_probe(r, C.fd, C.vm, 0x40010000, B_PAT + 0x30000 / 4);
}

/* QUEUE_CREATE on one engine; a queue it made runs a batch. */
static void queue_setup(const struct scenario *s)
{
	(void)s;
	C.fd = gensim_open_render();
	C.vm = gensim_vm_create(C.fd, 0);
	batch_setup(C.fd, C.vm, 0x0e000000);
}

static void queue_create_run(const struct scenario *s, struct fi_run *r)
{
	struct drm_gensim_queue_create c = {
		.engine_class = engines[s->engine].class,
		.engine_instance = engines[s->engine].instance,
		.priority = DRM_GENSIM_QUEUE_PRIORITY_NORMAL,
	};

	c.vm_id = C.vm;
	if (!fi_ok(r, fi_ioctl(r, "QUEUE_CREATE", C.fd, DRM_IOCTL_GENSIM_QUEUE_CREATE, &c),
		   ALLOW_ENOSPC))
		return;
	C.queue[0] = c.queue_id;
	good_exec(r, C.fd, C.queue[0], C.data.map, 0x0e000000);
}

static void queue_teardown(const struct scenario *s, struct fi_run *r)
{
	(void)s;
	(void)r;
	for (int i = 0; i < 4; i++)
		if (C.queue[i]) {
			struct drm_gensim_queue_destroy d = { .queue_id = C.queue[i] };

			igt_assert_eq(gensim_ioctl(C.fd, DRM_IOCTL_GENSIM_QUEUE_DESTROY, &d), 0);
			C.queue[i] = 0;
		}
	for (int i = 0; i < 4; i++)
		if (C.syncobj[i]) {
			drmSyncobjDestroy(C.fd, C.syncobj[i]);
			C.syncobj[i] = 0;
		}
	batch_teardown();
	if (C.vm)
		gensim_vm_destroy(C.fd, C.vm);
	C.vm = 0;
}

/*
 * EXEC of a good batch that waits on a binary and a timeline syncobj and
 * signals a binary and a timeline one.  After success the batch completes
 * (or its fence carries an error) and both signal syncobjs end; after a
 * failure neither got a fence, and the queue still runs a good batch.
 */
static void exec_setup(const struct scenario *s)
{
	uint64_t one = 1;

	queue_setup(s);
	C.queue[0] = gensim_queue_create(C.fd, engines[s->engine].class, C.vm);
	C.syncobj[0] = syncobj_new(C.fd, DRM_SYNCOBJ_CREATE_SIGNALED);	/* wait, binary */
	C.syncobj[1] = syncobj_new(C.fd, 0);				/* wait, timeline 1 */
	igt_assert_eq(drmSyncobjTimelineSignal(C.fd, &C.syncobj[1], &one, 1), 0);
	C.syncobj[2] = syncobj_new(C.fd, 0);				/* signal, binary */
	C.syncobj[3] = syncobj_new(C.fd, 0);				/* signal, timeline 1 */
}

static void exec_run(const struct scenario *s, struct fi_run *r)
{
	struct drm_gensim_sync syncs[4] = {
		{ .handle = C.syncobj[0] },
		{ .handle = C.syncobj[1], .timeline_value = 1 },
		{ .handle = C.syncobj[2], .flags = DRM_GENSIM_SYNC_SIGNAL },
		{ .handle = C.syncobj[3], .flags = DRM_GENSIM_SYNC_SIGNAL, .timeline_value = 1 },
	};
	struct drm_gensim_exec e = {
		.queue_id = C.queue[0], .num_syncs = 4, .syncs = (uintptr_t)syncs,
		.batch_address = BB_VA,
	};
	uint64_t point = 0;
	int st;

	(void)s;
	if (fi_ok(r, fi_ioctl(r, "EXEC", C.fd, DRM_IOCTL_GENSIM_EXEC, &e), 0)) {
		uint64_t one = 1;
		int64_t deadline;
		struct timespec t;

		st = gensim_wait_fence_error(C.fd, C.syncobj[2], WAIT_MS);
		igt_assert_f(st != 0, "%s: the EXEC's fence did not end in %d ms", where(r),
			     WAIT_MS);
		if (st < 0)
			igt_info("%s: the batch's fence ended with %s\n", where(r), errname(st));
		else
			igt_assert_f(C.data.map[0] == 0x0e000000,
				     "%s: the batch completed but stored %#x", where(r),
				     C.data.map[0]);
		clock_gettime(CLOCK_MONOTONIC, &t);
		deadline = t.tv_sec * 1000000000ll + t.tv_nsec + WAIT_MS * 1000000ll;
		igt_assert_f(!drmSyncobjTimelineWait(C.fd, &C.syncobj[3], &one, 1, deadline,
						     DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT,
						     NULL),
			     "%s: timeline point 1 did not signal: %s", where(r), strerror(errno));
		return;
	}
	/* Failed: no fence went into either signal syncobj. */
	igt_assert_f(drmSyncobjWait(C.fd, &C.syncobj[2], 1, 0, 0, NULL) && errno == EINVAL,
		     "%s: the failed EXEC left a fence in its binary signal syncobj", where(r));
	igt_assert_eq(drmSyncobjQuery(C.fd, &C.syncobj[3], &point, 1), 0);
	igt_assert_f(point == 0, "%s: the failed EXEC added point %" PRIu64 " to its timeline",
		     where(r), point);
	/* The queue is not poisoned by the failure. */
	good_exec(r, C.fd, C.queue[0], C.data.map, 0x0e000000);
}

/*
 * PRIME: export a gensim buffer and import it into vgem (or, without vgem,
 * into a second gensim file); import a vgem buffer into gensim and bind it
 * (without vgem: bind the self-import).  The device reads the bound pages.
 */
#define V_PAT	0x7e000000u
#define IMPORT_VA 0x800000ull

static void prime_setup(const struct scenario *s)
{
	(void)s;
	C.fd = gensim_open_render();
	C.bo[0] = patterned_bo(C.fd, SZ_64K, A_PAT, 0);
	C.vgem = gensim_open_vgem();
	if (C.vgem >= 0) {
		struct drm_mode_create_dumb c = { .width = SZ_64K / 4, .height = 1, .bpp = 32 };
		struct drm_mode_map_dumb m = { 0 };
		uint32_t *p;

		igt_assert_eq(gensim_ioctl(C.vgem, DRM_IOCTL_MODE_CREATE_DUMB, &c), 0);
		C.vgem_bo[0] = c.handle;
		m.handle = c.handle;
		igt_assert_eq(gensim_ioctl(C.vgem, DRM_IOCTL_MODE_MAP_DUMB, &m), 0);
		p = mmap(NULL, SZ_64K, PROT_READ | PROT_WRITE, MAP_SHARED, C.vgem, m.offset);
		igt_assert(p != MAP_FAILED);
		for (unsigned int i = 0; i < SZ_64K / 4; i++)
			p[i] = V_PAT + i;
		munmap(p, SZ_64K);
		igt_assert_eq(drmPrimeHandleToFD(C.vgem, c.handle, DRM_CLOEXEC | DRM_RDWR,
						 &C.dmabuf2), 0);
		C.vm = gensim_vm_create(C.fd, 0);
	} else {
		C.fd2 = gensim_open_render();
		C.vm2 = gensim_vm_create(C.fd2, 0);
	}
}

static void prime_run(const struct scenario *s, struct fi_run *r)
{
	struct drm_prime_handle exp = { .handle = C.bo[0], .flags = DRM_CLOEXEC | DRM_RDWR };
	struct drm_prime_handle imp = { 0 };
	struct drm_gensim_vm_bind_op op = {
		.op = DRM_GENSIM_VM_BIND_OP_MAP, .range = SZ_64K, .addr = IMPORT_VA,
	};
	struct drm_gensim_vm_bind b = { .num_binds = 1, .binds = (uintptr_t)&op };
	bool vgem = C.vgem >= 0;

	(void)s;
	if (!fi_ok(r, fi_ioctl(r, "PRIME_HANDLE_TO_FD", C.fd, DRM_IOCTL_PRIME_HANDLE_TO_FD, &exp),
		   0))
		return;
	C.dmabuf = exp.fd;

	imp.fd = C.dmabuf;
	if (!fi_ok(r, fi_ioctl(r, vgem ? "PRIME_FD_TO_HANDLE into vgem" :
			       "PRIME_FD_TO_HANDLE into another file", vgem ? C.vgem : C.fd2,
			       DRM_IOCTL_PRIME_FD_TO_HANDLE, &imp), 0))
		return;
	C.other = imp.handle;

	if (vgem) {
		memset(&imp, 0, sizeof(imp));
		imp.fd = C.dmabuf2;
		if (!fi_ok(r, fi_ioctl(r, "PRIME_FD_TO_HANDLE from vgem", C.fd,
				       DRM_IOCTL_PRIME_FD_TO_HANDLE, &imp), 0))
			return;
		C.import = imp.handle;
		op.handle = C.import;
		b.vm_id = C.vm;
	} else {
		op.handle = C.other;
		b.vm_id = C.vm2;
	}
	if (!fi_ok(r, fi_ioctl(r, "VM_BIND the import", vgem ? C.fd : C.fd2,
			       DRM_IOCTL_GENSIM_VM_BIND, &b), ALLOW_ENOSPC))
		return;
	if (vgem)
		expect_probe(r, C.fd, C.vm, IMPORT_VA + 0x2000, V_PAT + 0x2000 / 4);
	else
		expect_probe(r, C.fd2, C.vm2, IMPORT_VA + 0x2000, A_PAT + 0x2000 / 4);
}

static void prime_teardown(const struct scenario *s, struct fi_run *r)
{
	(void)s;
	(void)r;
	if (C.vm)
		gensim_vm_destroy(C.fd, C.vm);
	if (C.vm2)
		gensim_vm_destroy(C.fd2, C.vm2);
	C.vm = C.vm2 = 0;
	bo_close(C.fd, &C.import);
	if (C.vgem >= 0) {
		for (int i = 0; i < 2; i++) {
			uint32_t h = i ? C.other : C.vgem_bo[0];
			struct drm_gem_close c = { .handle = h };

			if (h)
				igt_assert_eq(gensim_ioctl(C.vgem, DRM_IOCTL_GEM_CLOSE, &c), 0);
		}
		C.other = C.vgem_bo[0] = 0;
	} else {
		bo_close(C.fd2, &C.other);
	}
	close_fd(&C.dmabuf);
	close_fd(&C.dmabuf2);
	bo_close(C.fd, &C.bo[0]);
}

/* QUERY, both queries, both calls each. */
static void query_setup(const struct scenario *s)
{
	(void)s;
	C.fd = gensim_open_render();
}

static void query_run(const struct scenario *s, struct fi_run *r)
{
	static const char *const names[2][2] = {
		{ "QUERY device size", "QUERY device" },
		{ "QUERY engines size", "QUERY engines" },
	};
	uint8_t buf[1024];

	(void)s;
	for (unsigned int q = 0; q < 2; q++) {
		struct drm_gensim_query a = { .query = q };

		if (!fi_ok(r, fi_ioctl(r, names[q][0], C.fd, DRM_IOCTL_GENSIM_QUERY, &a), 0))
			return;
		igt_assert_f(a.size && a.size <= sizeof(buf), "%s: QUERY %u size %u", where(r), q,
			     a.size);
		memset(buf, 0, sizeof(buf));
		a.data = (uintptr_t)buf;
		if (!fi_ok(r, fi_ioctl(r, names[q][1], C.fd, DRM_IOCTL_GENSIM_QUERY, &a), 0))
			return;
		if (q == DRM_GENSIM_QUERY_DEVICE)
			igt_assert_f(((struct drm_gensim_query_device *)buf)->vendor_id == 0x8086,
				     "%s: QUERY device answered vendor %#x", where(r),
				     ((struct drm_gensim_query_device *)buf)->vendor_id);
		else
			igt_assert_f(((struct drm_gensim_query_engines *)buf)->num_engines ==
				     n_engines, "%s: QUERY engines answered %u engines", where(r),
				     ((struct drm_gensim_query_engines *)buf)->num_engines);
	}
}

/* QUEUE_GET_STATE of a good queue. */
static void get_state_setup(const struct scenario *s)
{
	(void)s;
	C.fd = gensim_open_render();
	C.vm = gensim_vm_create(C.fd, 0);
	C.queue[0] = gensim_queue_create(C.fd, engines[0].class, C.vm);
}

static void get_state_run(const struct scenario *s, struct fi_run *r)
{
	struct drm_gensim_queue_get_state g = { .queue_id = C.queue[0] };

	(void)s;
	if (!fi_ok(r, fi_ioctl(r, "QUEUE_GET_STATE", C.fd, DRM_IOCTL_GENSIM_QUEUE_GET_STATE, &g),
		   0))
		return;
	igt_assert_f(!g.flags && !g.ban_error && !g.guilty_resets,
		     "%s: a good queue's state: flags %#x, ban_error %d, guilty %u", where(r),
		     g.flags, g.ban_error, g.guilty_resets);
}

/*
 * close() of a file holding a VM with bound buffers (one private to it), a
 * queue on every engine with a finished job, a job maybe still in flight,
 * syncobjs and an exported buffer; then close() of that dma-buf, its last
 * reference.  The release work runs in this thread (task work before the
 * return to user space): the failures land in the teardown paths.
 */
static void close_setup(const struct scenario *s)
{
	struct drm_prime_handle exp = { .flags = DRM_CLOEXEC | DRM_RDWR };

	(void)s;
	C.fd = gensim_open_render();
	C.vm = gensim_vm_create(C.fd, DRM_GENSIM_VM_CREATE_SCRATCH_PAGE);
	batch_setup(C.fd, C.vm, 0xc1053000);
	/* A buffer bound in the VM and shared: every EXEC waits for it and writes it. */
	C.bo[1] = patterned_bo(C.fd, SZ_64K, A_PAT, 0);
	gensim_vm_map(C.fd, C.vm, C.bo[1], 0, SZ_64K, 0x3000000, 0);
	exp.handle = C.bo[1];
	igt_assert_eq(gensim_ioctl(C.fd, DRM_IOCTL_PRIME_HANDLE_TO_FD, &exp), 0);
	C.dmabuf = exp.fd;
	C.bo[0] = patterned_bo(C.fd, 4 * SZ_4K, P_PAT, C.vm);
	gensim_vm_map(C.fd, C.vm, C.bo[0], 0, 4 * SZ_4K, P_VA, 0);
	for (unsigned int e = 0; e < n_engines && e < 4; e++) {
		C.queue[e] = gensim_queue_create(C.fd, engines[e].class, C.vm);
		C.syncobj[e] = gensim_exec_sync(C.fd, C.queue[e], BB_VA);
		if (e)
			igt_assert_eq(gensim_syncobj_wait(C.fd, C.syncobj[e], WAIT_MS), 0);
	}
	ctx_unmap_all();
}

static void close_run(const struct scenario *s, struct fi_run *r)
{
	struct drm_gensim_queue_destroy qd = { .queue_id = C.queue[0] };
	struct drm_gensim_vm_destroy vd = { .vm_id = C.vm };
	int ret;

	(void)s;
	/* The rcs0 queue, whose job may still run; then the VM, which the other queues hold. */
	if (!fi_ok(r, fi_ioctl(r, "QUEUE_DESTROY", C.fd, DRM_IOCTL_GENSIM_QUEUE_DESTROY, &qd), 0))
		return;
	C.queue[0] = 0;
	if (!fi_ok(r, fi_ioctl(r, "VM_DESTROY", C.fd, DRM_IOCTL_GENSIM_VM_DESTROY, &vd), 0))
		return;
	C.vm = 0;

	fi_arm(r, "close the DRM file");
	ret = close(C.fd) ? -errno : 0;
	fi_disarm(r);
	C.fd = -1;
	if (ret)
		violation(r, "close of the DRM file: %s", errname(ret));
	C.have_bb = C.have_data = false;
	fi_arm(r, "close the dma-buf");
	ret = close(C.dmabuf) ? -errno : 0;
	fi_disarm(r);
	C.dmabuf = -1;
	if (ret)
		violation(r, "close of the dma-buf: %s", errname(ret));
}

/*
 * fail_page_alloc only (failslab's cache filter on, no cache selected):
 * VM_BIND of a 4 MiB buffer never touched, whose pages the bind brings in
 * (gensim_bo_populate()) and pins.  The points are sampled: the first and
 * last eight, 32 evenly between.
 */
#define BIG_SIZE	(4ull << 20)
#define BIG_VA		0x40000000ull

static void populate_setup(const struct scenario *s)
{
	(void)s;
	C.fd = gensim_open_render();
	C.vm = gensim_vm_create(C.fd, 0);
	C.bo[0] = gensim_gem_create(C.fd, BIG_SIZE);
}

static void populate_run(const struct scenario *s, struct fi_run *r)
{
	struct drm_gensim_vm_bind_op op = {
		.op = DRM_GENSIM_VM_BIND_OP_MAP, .handle = C.bo[0], .range = BIG_SIZE,
		.addr = BIG_VA,
	};
	struct drm_gensim_vm_bind b = { .num_binds = 1, .binds = (uintptr_t)&op };

	(void)s;
	b.vm_id = C.vm;
	if (!fi_ok(r, fi_ioctl(r, "VM_BIND 4 MiB", C.fd, DRM_IOCTL_GENSIM_VM_BIND, &b),
		   ALLOW_ENOSPC))
		gensim_vm_map(C.fd, C.vm, C.bo[0], 0, BIG_SIZE, BIG_VA, 0);
	expect_probe(r, C.fd, C.vm, BIG_VA, 0);
	expect_probe(r, C.fd, C.vm, BIG_VA + BIG_SIZE - 4, 0);
	igt_assert_eq(gensim_probe_ppgtt_write(C.fd, C.vm, BIG_VA + BIG_SIZE / 2, 0x5eed),
		      DMA_PROBE_OK);
	expect_probe(r, C.fd, C.vm, BIG_VA + BIG_SIZE / 2, 0x5eed);
}

/* ------------------------------------------------------------------ */

static double t_subtest, t_start;

static void subtest_end(const char *name)
{
	igt_info("%s: %.1f s with the counting run and the health check (%.0f s since the "
		 "first subtest)\n", name, now_s() - t_subtest, now_s() - t_start);
}

static void subtest_begin(void)
{
	struct gensim_objects now;

	t_subtest = now_s();
	if (!t_start)
		t_start = t_subtest;
	violations_reset();
	/* What a failed subtest left behind. */
	if (nth_fd >= 0 && write(nth_fd, "0", 1) < 0)
		igt_info("clearing fail-nth: %s\n", strerror(errno));
	ctx_close_all();
	ctx_reset();
	knob_set("failslab/cache-filter", "N");
	if (!gensim_objects_wait(&baseline, SETTLE_MS, &now)) {
		char diff[256];

		gensim_objects_diff(&now, &baseline, diff, sizeof(diff));
		igt_info("the counts are not at the first baseline (%s): a new one\n", diff);
		baseline = now;
	}
}

static const struct scenario scenarios[] = {
	{ "gem-create-mmap", gem_setup, gem_run, gem_teardown, 0, false, 0 },
	{ "vm-create", vm_create_setup, vm_create_run, vm_create_teardown, 0, false, 0 },
	{ "vm-bind-map", bind_map_setup, bind_map_run, bind_teardown, 0, false, 0 },
	{ "vm-bind-unmap", bind_unmap_setup, bind_unmap_run, bind_teardown, 0, false, 0 },
	{ "exec-syncobjs", exec_setup, exec_run, queue_teardown, 0, false, 0 },
	{ "prime", prime_setup, prime_run, prime_teardown, 0, false, 0 },
	{ "query", query_setup, query_run, NULL, 0, false, 0 },
	{ "queue-get-state", get_state_setup, get_state_run, queue_teardown, 0, false, 0 },
	{ "close-fd", close_setup, close_run, NULL, 0, false, 10 },
};

static unsigned int scenario_i;	/* static: survives the harness longjmp */

igt_main
{
	igt_fixture {
		const char *v = getenv("GENSIM_FI_VERBOSE");
		int fd;
		uint32_t size;
		void *data;
		struct drm_gensim_query_engines *q;
		struct utsname u;

		uname(&u);
		if (access(DEBUGFS "failslab", F_OK) || access(DEBUGFS "fail_page_alloc", F_OK))
			igt_skip("no %s{failslab,fail_page_alloc}: this kernel (%s) has no fault "
				 "injection (CONFIG_FAILSLAB, CONFIG_FAIL_PAGE_ALLOC, "
				 "CONFIG_FAULT_INJECTION_DEBUG_FS); run it on the debug kernel "
				 "(scripts/vm-run --kernel debug)", DEBUGFS, u.release);
		if (access(FAIL_NTH, F_OK))
			igt_skip("no %s: this kernel has no CONFIG_FAULT_INJECTION", FAIL_NTH);
		if (v)
			fi_verbose = atoi(v);

		if (gensim_render_minor() < 0)
			gensim_load();
		fd = gensim_open_render();
		igt_assert_eq(__gensim_query(fd, DRM_GENSIM_QUERY_ENGINES, &data, &size), 0);
		q = data;
		for (unsigned int i = 0; i < q->num_engines && i < ARRAY_SIZE(engines); i++) {
			engines[i].class = q->engines[i].engine_class;
			engines[i].instance = q->engines[i].engine_instance;
			snprintf(engines[i].name, sizeof(engines[i].name), "%s",
				 q->engines[i].name);
			n_engines++;
		}
		free(data);
		close(fd);
		igt_assert(n_engines > 0);
		igt_require(gensim_objects(&baseline) == 0);

		fi_configure();
		nth_fd = open(FAIL_NTH, O_RDWR | O_CLOEXEC);
		igt_assert_f(nth_fd >= 0, "open %s: %s", FAIL_NTH, strerror(errno));
		fi_kmsg = open("/dev/kmsg", O_RDONLY | O_NONBLOCK | O_CLOEXEC);
		if (fi_kmsg < 0)
			igt_info("no /dev/kmsg (%s): failures are not told apart\n",
				 strerror(errno));
		ctx_reset();
	}

	for (scenario_i = 0; scenario_i < ARRAY_SIZE(scenarios); scenario_i++) {
		igt_subtest(scenarios[scenario_i].name) {
			subtest_begin();
			sweep(&scenarios[scenario_i]);
			device_healthy();
			subtest_end(scenarios[scenario_i].name);
			violations_check(scenarios[scenario_i].name);
		}
	}

	igt_subtest("queue-create") {
		subtest_begin();
		for (unsigned int e = 0; e < n_engines; e++) {
			char name[48];
			struct scenario s = {
				.setup = queue_setup, .run = queue_create_run,
				.teardown = queue_teardown, .engine = e, .budget = 3,
			};

			snprintf(name, sizeof(name), "queue-create %s", engines[e].name);
			s.name = name;
			sweep(&s);
		}
		device_healthy();
		subtest_end("queue-create");
		violations_check("queue-create");
	}

	igt_subtest("page-alloc-bind-populate") {
		struct scenario s = {
			.name = "page-alloc-bind-populate", .setup = populate_setup,
			.run = populate_run, .teardown = bind_teardown, .sample = true,
			.budget = 10,
		};

		subtest_begin();
		/* Slab allocations never fail here: only pages (and user copies). */
		knob_set("failslab/cache-filter", "Y");
		sweep(&s);
		knob_set("failslab/cache-filter", "N");
		device_healthy();
		subtest_end("page-alloc-bind-populate");
		violations_check("page-alloc-bind-populate");
	}

	igt_fixture {
		if (nth_fd >= 0 && write(nth_fd, "0", 1) < 0)
			igt_info("clearing fail-nth: %s\n", strerror(errno));
		close_fd(&nth_fd);
		close_fd(&fi_kmsg);
		knobs_restore();
		ctx_close_all();
		gensim_unload();
	}
}
