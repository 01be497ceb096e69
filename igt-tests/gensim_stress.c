// SPDX-License-Identifier: MIT
/*
 * gensim_stress: what broke the driver, done on purpose and bounded (each
 * subtest by iteration counts; time only bounds "ended within N s").
 *
 *   hang-storm              200 hanging batches (self-jumping, endless
 *                           MI_SEMAPHORE_WAIT) over every engine with
 *                           job_timeout_ms 300, two endless EU kernels on rcs0
 *                           (gensim-run --drm, compute_timeout_ms 1000), and
 *                           innocent queues checked all along: every hang ends
 *                           -ETIME (-EIO recorded), its queue BANNED with
 *                           ban_error = the fence error, the job behind it
 *                           -ECANCELED and never run, EXEC on it -EIO; every
 *                           innocent batch done with its value written
 *   teardown-races          150 times: a batch waits on a semaphore; its queue,
 *                           VM and BOs go at once while another queue (engine)
 *                           releases it; then hangs on every engine whose fds
 *                           are closed (or queues and VMs destroyed) around
 *                           job_timeout_ms, while the reset runs
 *   device-kill-under-load  SIGKILL of gensim-device with 60 fences in flight
 *                           and two clients looping: every fence ends within
 *                           10 s (-ENODEV expected), every ioctl of the old
 *                           files -ENODEV; then a new device works
 *   device-stop-under-load  SIGSTOP with job_timeout_ms 500, device_timeout_ms
 *                           1000: every fence ends within 4 x 1.5 s + 2 s
 *                           (-EIO, -ETIME or -ENODEV), EXEC -EIO, queues say
 *                           WEDGED, SIGCONT changes nothing; kill, restart
 *   unbind-rebind           sysfs unbind with a client and running batches:
 *                           fences end with an error, ioctls -ENODEV, the
 *                           device process exits by itself; bind, a new device
 *                           works, make unload succeeds
 *   churn                   6 processes create, run and tear down BOs, VMs and
 *                           queues in random order while their batches (some
 *                           slow: noop chains, semaphore waits released from a
 *                           thread) run, or close the whole fd; one more opens
 *                           and closes the render node; then a good batch
 *
 * Every subtest ends by checking /sys/kernel/debug/gensim/objects against
 * its baseline (or 0 once the device is gone and its clients closed).
 * Children report through stdout ("# [name] ...") and their exit status;
 * every one is reaped; a failing subtest kills its children, restores the
 * module parameters and unloads the stack (bounded), so the next subtest
 * starts clean.  Expected results follow the driver contract (fence errors:
 * -ETIME hang, -ECANCELED never ran after a ban, -ESRCH never ran because
 * its queue or file went, -EIO wedged, -ENODEV device gone).
 * churn runs last: it is the one that has oopsed the kernel.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <xf86drm.h>

#include "lib/gensim_batch.h"
#include "lib/igt.h"
#include "lib/igt_gensim.h"

#define BB_VA		0x1000000ull
#define DATA_VA		0x2000000ull
#define BB_SIZE		0x10000ull
#define DATA_SIZE	0x1000ull

/* In the data page: the semaphore nothing ever writes, and the one a release writes. */
#define SEMA_NEVER_OFF	0xf00
#define SEMA_NEVER_VAL	0xdeadbeefu
#define SEMA_GO_OFF	0x4

#ifndef DRM_GENSIM_QUEUE_STATE_WEDGED
#define DRM_GENSIM_QUEUE_STATE_WEDGED	(1u << 1)
#endif

/* QUEUE_GET_STATE as the contract lays it out (dropped_commands, ban_error). */
struct queue_state {
	uint64_t extensions;
	uint32_t queue_id;
	uint32_t flags;
	uint32_t guilty_resets;
	uint32_t innocent_resets;
	uint32_t dropped_commands;
	int32_t ban_error;
	uint64_t reserved[1];
};
_Static_assert(sizeof(struct queue_state) == sizeof(struct drm_gensim_queue_get_state),
	       "QUEUE_GET_STATE layout");

/* ------------------------------------------------------------------ */
/* Failures in the parent (igt) and in children (message, exit 1)      */
/* ------------------------------------------------------------------ */

static bool in_child;
static char who[48] = "main";

static void __attribute__((noreturn, format(printf, 3, 4)))
stress_fail(const char *file, int line, const char *fmt, ...)
{
	char msg[600];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (in_child) {
		printf("# [%s, pid %d] %s:%d: %s\n", who, (int)getpid(), file, line, msg);
		fflush(stdout);
		_exit(1);
	}
	igt_fail_at(file, line, "%s", msg);
}

#define check(cond, ...) \
	do { if (!(cond)) stress_fail(__FILE__, __LINE__, __VA_ARGS__); } while (0)
#define check_ok(expr) \
	do { int r_ = (expr); \
	     check(r_ == 0, "%s: %s", #expr, strerror(-r_)); } while (0)

static double now_s(void);
static double subtest_t0;

/* Child-safe info line, with the seconds since the subtest began. */
static void __attribute__((format(printf, 1, 2))) note(const char *fmt, ...)
{
	char msg[600];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (in_child)
		printf("# [%s] %5.1f s: %s", who, now_s() - subtest_t0, msg);
	else
		printf("# %5.1f s: %s", now_s() - subtest_t0, msg);
	fflush(stdout);
}

/*
 * Soft failures: the subtest goes on (to clean up and to find the next
 * bug) and fails at its end with every message.
 */
static char soft_msgs[4096];
static int soft_count;

static void __attribute__((format(printf, 3, 4)))
soft_fail_at(const char *file, int line, const char *fmt, ...)
{
	char msg[600];
	size_t off = strlen(soft_msgs);
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	printf("# FAIL %5.1f s %s:%d: %s\n", now_s() - subtest_t0, file, line, msg);
	fflush(stdout);
	if (off < sizeof(soft_msgs) - 1)
		snprintf(soft_msgs + off, sizeof(soft_msgs) - off, "%s%s", soft_count ? " | " : "",
			 msg);
	soft_count++;
}

#define expect(cond, ...) \
	do { if (!(cond)) soft_fail_at(__FILE__, __LINE__, __VA_ARGS__); } while (0)

static void soft_done(void)
{
	igt_assert_f(!soft_count, "%d check(s) failed: %s", soft_count, soft_msgs);
}

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void sleep_ms(int ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	while (nanosleep(&ts, &ts) && errno == EINTR)
		;
}

static const char *err_name(int status)
{
	static char buf[8][32];
	static int i;

	switch (status) {
	case 1: return "done";
	case 0: return "pending";
	case -ETIME: return "-ETIME";
	case -EIO: return "-EIO";
	case -ENODEV: return "-ENODEV";
	case -ECANCELED: return "-ECANCELED";
	case -ESRCH: return "-ESRCH";
	case -ENOEXEC: return "-ENOEXEC";
	case -EFAULT: return "-EFAULT";
	case -ENOENT: return "-ENOENT";
	case -EINVAL: return "-EINVAL";
	case -ETIMEDOUT: return "-ETIMEDOUT";
	}
	i = (i + 1) % 8;
	snprintf(buf[i], sizeof(buf[i]), "%d (%s)", status, strerror(-status));
	return buf[i];
}

/* ------------------------------------------------------------------ */
/* Children                                                             */
/* ------------------------------------------------------------------ */

#define MAX_KIDS	32

struct kid {
	pid_t pid;
	char name[40];
	bool reaped;
	int status;	/* wait status */
};

static struct kid kids[MAX_KIDS];
static int nkids;

/* Fork a child running fn(arg); it exits 0 unless a check fails. */
static int spawn(const char *name, int watchdog_s, void (*fn)(void *), void *arg)
{
	pid_t pid;

	igt_assert(nkids < MAX_KIDS);
	fflush(stdout);
	pid = fork();
	igt_assert_f(pid >= 0, "fork: %s", strerror(errno));
	if (pid == 0) {
		in_child = true;
		snprintf(who, sizeof(who), "%s", name);
		/* A lib helper's igt_assert lands here: exit instead of running on. */
		if (sigsetjmp(igt_subtest_jmp, 1)) {
			fflush(stdout);
			_exit(99);
		}
		signal(SIGALRM, SIG_DFL);
		alarm(watchdog_s);
		fn(arg);
		fflush(stdout);
		_exit(0);
	}
	kids[nkids] = (struct kid){ .pid = pid };
	snprintf(kids[nkids].name, sizeof(kids[nkids].name), "%s", name);
	return nkids++;
}

static void describe_status(int st, char *buf, size_t len)
{
	if (WIFEXITED(st))
		snprintf(buf, len, "exit %d%s", WEXITSTATUS(st),
			 WEXITSTATUS(st) == 99 ? " (hit an igt assertion)" : "");
	else if (WIFSIGNALED(st))
		snprintf(buf, len, "killed by signal %d%s", WTERMSIG(st),
			 WTERMSIG(st) == SIGALRM ? " (its watchdog: stuck)" : "");
	else
		snprintf(buf, len, "status %#x", st);
}

/*
 * Wait for kid @i until @deadline (now_s()); false if it is still running.
 * Failing kids are reported (soft).
 */
static bool reap_one(int i, double deadline)
{
	struct kid *k = &kids[i];

	while (!k->reaped) {
		int st;
		pid_t r = waitpid(k->pid, &st, WNOHANG);

		if (r == k->pid) {
			char how[80];

			k->reaped = true;
			k->status = st;
			describe_status(st, how, sizeof(how));
			expect(WIFEXITED(st) && WEXITSTATUS(st) == 0, "child %s (pid %d): %s",
			       k->name, (int)k->pid, how);
			break;
		}
		if (r < 0) {
			k->reaped = true;
			k->status = -1;
			expect(0, "waitpid %s (pid %d): %s", k->name, (int)k->pid, strerror(errno));
			break;
		}
		if (now_s() > deadline)
			return false;
		sleep_ms(20);
	}
	return true;
}

/* SIGKILL and reap every kid still running; true if all were reaped. */
static bool kill_kids(void)
{
	bool all = true;

	for (int i = 0; i < nkids; i++)
		if (!kids[i].reaped)
			kill(kids[i].pid, SIGKILL);
	for (int i = 0; i < nkids; i++) {
		double deadline = now_s() + 10;

		while (!kids[i].reaped) {
			int st;
			pid_t r = waitpid(kids[i].pid, &st, WNOHANG);

			if (r == kids[i].pid || r < 0) {
				kids[i].reaped = true;
				kids[i].status = r < 0 ? -1 : st;
				break;
			}
			if (now_s() > deadline) {
				printf("# child %s (pid %d) survives SIGKILL for 10 s (state %c)\n",
				       kids[i].name, (int)kids[i].pid, gensim_pid_state(kids[i].pid));
				all = false;
				break;
			}
			sleep_ms(20);
		}
	}
	return all;
}

/* Reap every kid within @timeout_s; kill the late ones and report them. */
static void reap_all(int timeout_s)
{
	double deadline = now_s() + timeout_s;

	for (int i = 0; i < nkids; i++)
		if (!reap_one(i, deadline))
			expect(0, "child %s (pid %d) still running after %d s (state %c): killed",
			       kids[i].name, (int)kids[i].pid, timeout_s,
			       gensim_pid_state(kids[i].pid));
	kill_kids();
}

/* Shared between the parent and its children. */
static void *shared_alloc(size_t size)
{
	void *p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);

	igt_assert(p != MAP_FAILED);
	memset(p, 0, size);
	return p;
}

/* ------------------------------------------------------------------ */
/* The stack: module parameters, device process, engines               */
/* ------------------------------------------------------------------ */

struct saved_param {
	char name[32];
	int value;
};
static struct saved_param saved[8];
static int nsaved;

static void param_set(const char *name, int value)
{
	char v[16];
	int i, ret;

	for (i = 0; i < nsaved; i++)
		if (!strcmp(saved[i].name, name))
			break;
	if (i == nsaved) {
		int old = gensim_param_get(name);

		igt_assert_f(old >= 0, "module parameter %s: %s", name, strerror(-old));
		igt_assert(nsaved < 8);
		snprintf(saved[nsaved].name, sizeof(saved[nsaved].name), "%s", name);
		saved[nsaved++].value = old;
	}
	snprintf(v, sizeof(v), "%d", value);
	ret = gensim_param_set(name, v);
	igt_assert_f(!ret, "setting %s=%d: %s", name, value, strerror(-ret));
}

static void params_restore(void)
{
	for (int i = 0; i < nsaved; i++) {
		char v[16];

		snprintf(v, sizeof(v), "%d", saved[i].value);
		if (gensim_module_loaded())
			gensim_param_set(saved[i].name, v);
	}
	nsaved = 0;
}

/* The device process we started (gensim_device_start()), or -1. */
static pid_t dev_child = -1;

static pid_t device_pid(void)
{
	if (dev_child > 0 && gensim_pid_alive(dev_child))
		return dev_child;
	return gensim_device_pid();
}

/* Wait for a device process to be gone (reaped if it is ours); false on timeout. */
static bool device_wait_gone(pid_t pid, int timeout_ms)
{
	if (pid == dev_child) {
		int st = gensim_device_wait(pid, timeout_ms);

		if (st == -ETIMEDOUT)
			return false;
		dev_child = -1;
		return true;
	}
	for (int t = 0; t <= timeout_ms; t += 20) {
		if (!gensim_pid_alive(pid))
			return true;
		sleep_ms(20);
	}
	return false;
}

static pid_t device_restart(void)
{
	const char *args = getenv("GENSIM_DEVICE_ARGS");

	dev_child = gensim_device_start(args && *args ? args : NULL);
	return dev_child;
}

struct engine {
	uint16_t class, instance;
	char name[16];
};
static struct engine engines[8];
static int nengines;

static int open_render(void)
{
	int minor = gensim_render_minor();
	char path[64];
	int fd;

	if (minor < 0)
		return -ENODEV;
	snprintf(path, sizeof(path), "/dev/dri/renderD%d", minor);
	fd = open(path, O_RDWR | O_CLOEXEC);
	return fd < 0 ? -errno : fd;
}

static void query_engines(void)
{
	struct drm_gensim_query_engines *e;
	uint32_t size;
	void *data;
	int fd = gensim_open_render();

	igt_assert_eq(__gensim_query(fd, DRM_GENSIM_QUERY_ENGINES, &data, &size), 0);
	e = data;
	nengines = 0;
	for (uint32_t i = 0; i < e->num_engines && nengines < 8; i++) {
		engines[nengines].class = e->engines[i].engine_class;
		engines[nengines].instance = e->engines[i].engine_instance;
		snprintf(engines[nengines].name, sizeof(engines[nengines].name), "%s",
			 e->engines[i].name);
		nengines++;
	}
	free(data);
	close(fd);
	igt_assert(nengines > 0);
}

/* The stack up, with a device process that runs: reuse it or reload. */
static void ensure_stack(void)
{
	pid_t pid = device_pid();
	char st = pid > 0 ? gensim_pid_state(pid) : 0;

	if (!(pid > 0 && st != 'T' && st != 't' && gensim_render_minor() >= 0 &&
	      gensim_wait_render_node(true, 1000))) {
		if (gensim_module_loaded() || gensim_device_pid() > 0)
			gensim_unload();
		gensim_load();
	}
	query_engines();
}

/* /proc/self: close every DRM and sync_file fd, unmap every DRM mapping. */
static void drop_drm_fds(void)
{
	FILE *maps = fopen("/proc/self/maps", "r");
	char line[512];

	while (maps && fgets(line, sizeof(line), maps)) {
		unsigned long start, end;

		if (strstr(line, "/dev/dri/") && sscanf(line, "%lx-%lx", &start, &end) == 2)
			munmap((void *)start, end - start);
	}
	if (maps)
		fclose(maps);
	for (int fd = 3; fd < 1024; fd++) {
		char path[64], link[128];
		ssize_t n;

		snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
		n = readlink(path, link, sizeof(link) - 1);
		if (n <= 0)
			continue;
		link[n] = 0;
		if (!strncmp(link, "/dev/dri/", 9) || strstr(link, "sync_file"))
			close(fd);
	}
}

static bool subtest_ran, subtest_passed;

/*
 * Set when a failed subtest could not unload the stack within 90 s (a
 * process stuck in the kernel): later subtests fail at once instead of
 * hanging in make load.
 */
static char stack_broken[256];


static const char *cur_subtest = "?";

static void begin(void)
{
	igt_assert_f(!stack_broken[0], "the stack is broken: %s", stack_broken);
	subtest_ran = true;
	subtest_passed = false;
	subtest_t0 = now_s();
	soft_msgs[0] = 0;
	soft_count = 0;
	nkids = 0;
	ensure_stack();
	note("stack up\n");
}

/* Why the module cannot go: its refcount, who holds a DRM node, the counts. */
static void diagnose_stack(void)
{
	char *mods = gensim_read_file("/proc/modules"), *line, *objs;
	DIR *d = opendir("/proc");
	struct dirent *de;

	line = mods ? strstr(mods, "gensim ") : NULL;
	if (line && (line == mods || line[-1] == '\n'))
		printf("# /proc/modules: %.*s\n", (int)strcspn(line, "\n"), line);
	free(mods);
	objs = gensim_read_file("/sys/kernel/debug/gensim/objects");
	if (objs) {
		for (char *p = objs; *p; p++)
			if (*p == '\n')
				*p = ' ';
		printf("# objects: %s\n", objs);
	}
	free(objs);
	while (d && (de = readdir(d))) {
		char path[300], link[128], *comm;
		int pid = atoi(de->d_name), n = 0;
		DIR *fds;
		struct dirent *fe;

		if (pid <= 0)
			continue;
		snprintf(path, sizeof(path), "/proc/%d/fd", pid);
		fds = opendir(path);
		while (fds && (fe = readdir(fds))) {
			ssize_t len;

			snprintf(path, sizeof(path), "/proc/%d/fd/%s", pid, fe->d_name);
			len = readlink(path, link, sizeof(link) - 1);
			if (len > 0) {
				link[len] = 0;
				n += !strncmp(link, "/dev/dri/", 9) || !strncmp(link, "/dev/uio", 8);
			}
		}
		if (fds)
			closedir(fds);
		snprintf(path, sizeof(path), "/proc/%d/comm", pid);
		comm = gensim_read_file(path);
		if (n || (comm && !strcmp(comm, "gensim-device\n")))
			printf("# pid %d (%.*s, state %c) holds %d DRM/UIO fds\n", pid,
			       comm ? (int)strcspn(comm, "\n") : 1, comm ? comm : "?",
			       gensim_pid_state(pid), n);
		free(comm);
	}
	if (d)
		closedir(d);
	fflush(stdout);
}

/* `make unload` from a child, bounded: it may block in a broken kernel. */
static bool unload_bounded(int timeout_s)
{
	pid_t pid;
	double deadline = now_s() + timeout_s;

	fflush(stdout);
	pid = fork();
	if (pid < 0)
		return false;
	if (pid == 0) {
		int st = gensim_system("make -s -C %s unload >/dev/null 2>&1", gensim_top());

		_exit(st);
	}
	for (;;) {
		int st;

		if (waitpid(pid, &st, WNOHANG) == pid)
			return WIFEXITED(st) && WEXITSTATUS(st) == 0;
		if (now_s() > deadline) {
			kill(pid, SIGKILL);
			for (int t = 0; t < 100 && waitpid(pid, &st, WNOHANG) != pid; t++)
				sleep_ms(50);
			return false;
		}
		sleep_ms(50);
	}
}

/* After every subtest, passed or not: nothing of it may outlive it. */
static void cleanup(void)
{
	pid_t pid;

	if (!subtest_ran)
		return;
	subtest_ran = false;
	if (!kill_kids())
		printf("# some children could not be killed\n");
	nkids = 0;
	params_restore();
	if (subtest_passed)
		return;
	/* A failed subtest may leave anything: a stopped device, open fds, an unbound driver. */
	drop_drm_fds();
	pid = device_pid();
	if (pid > 0) {
		kill(pid, SIGCONT);
		kill(pid, SIGKILL);
		device_wait_gone(pid, 10000);
	}
	if (gensim_module_loaded() &&
	    access("/sys/bus/platform/drivers/gensim/gensim", F_OK) != 0)
		gensim_system("echo gensim > /sys/bus/platform/drivers/gensim/bind 2>/dev/null");
	if (!unload_bounded(90)) {
		diagnose_stack();
		snprintf(stack_broken, sizeof(stack_broken), "make unload after the failed "
			 "subtest %s failed or took more than 90 s", cur_subtest);
		printf("# cleanup: %s: later subtests will not run\n", stack_broken);
	}
	if (dev_child > 0 && gensim_device_wait(dev_child, 1000) != -ETIMEDOUT)
		dev_child = -1;
}

/* ------------------------------------------------------------------ */
/* Object counts                                                        */
/* ------------------------------------------------------------------ */

struct baseline {
	bool valid;
	struct gensim_objects o;
};

static struct baseline objects_baseline(void)
{
	struct baseline b = { 0 };
	int ret = gensim_objects(&b.o);

	b.valid = ret == 0;
	if (!b.valid)
		printf("# no /sys/kernel/debug/gensim/objects: %s\n", strerror(-ret));
	return b;
}

/* The counts return to @b within 10 s (soft). */
static void expect_objects(const struct baseline *b, const char *when)
{
	struct gensim_objects last;
	char diff[512];
	int ret;

	if (!b->valid) {
		ret = gensim_objects(&last);
		expect(0, "%s: no object counts to compare: /sys/kernel/debug/gensim/objects: %s "
		       "(the module does not export them)", when,
		       ret ? strerror(-ret) : "missing when the baseline was taken");
		return;
	}
	if (gensim_objects_wait(&b->o, 10000, &last))
		return;
	if (gensim_objects(&last)) {
		expect(0, "%s: /sys/kernel/debug/gensim/objects disappeared", when);
		return;
	}
	gensim_objects_diff(&last, &b->o, diff, sizeof(diff));
	expect(0, "%s: object counts not back to baseline after 10 s: %s", when, diff);
}

/* After the device detached and every client closed: all counts 0. */
static void expect_objects_zero(const char *when)
{
	struct baseline zero = { .valid = true };
	struct gensim_objects o;

	if (gensim_objects(&o)) {
		expect(0, "%s: no /sys/kernel/debug/gensim/objects (the module does not export "
		       "its object counts)", when);
		return;
	}
	expect_objects(&zero, when);
}

/* ------------------------------------------------------------------ */
/* Buffers, batches, queues, fences: child-safe, errors returned        */
/* ------------------------------------------------------------------ */

struct sbuf {
	uint32_t handle;
	uint64_t va, size;
	uint32_t *map;
};

static int sbuf_new(int fd, uint32_t vm, uint64_t va, uint64_t size, struct sbuf *b)
{
	struct drm_gensim_gem_mmap_offset o = { 0 };
	struct drm_gensim_vm_bind_op op = { .op = DRM_GENSIM_VM_BIND_OP_MAP };
	int ret;

	*b = (struct sbuf){ .va = va, .size = size };
	ret = __gensim_gem_create(fd, size, 0, &b->handle);
	if (ret)
		return ret;
	o.handle = b->handle;
	ret = gensim_ioctl(fd, DRM_IOCTL_GENSIM_GEM_MMAP_OFFSET, &o);
	if (ret)
		return ret;
	b->map = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, o.offset);
	if (b->map == MAP_FAILED) {
		b->map = NULL;
		return -errno;
	}
	memset(b->map, 0, size);
	op.handle = b->handle;
	op.range = size;
	op.addr = va;
	return __gensim_vm_bind(fd, vm, &op, 1);
}

static void sbuf_unmap_cpu(struct sbuf *b)
{
	if (b->map)
		munmap(b->map, b->size);
	b->map = NULL;
}

static int gem_close(int fd, uint32_t handle)
{
	struct drm_gem_close c = { .handle = handle };

	return gensim_ioctl(fd, DRM_IOCTL_GEM_CLOSE, &c);
}

static int queue_create(int fd, const struct engine *e, uint32_t vm, uint32_t *q)
{
	struct drm_gensim_queue_create c = {
		.engine_class = e->class, .engine_instance = e->instance, .vm_id = vm,
		.priority = DRM_GENSIM_QUEUE_PRIORITY_NORMAL,
	};
	int ret = gensim_ioctl(fd, DRM_IOCTL_GENSIM_QUEUE_CREATE, &c);

	if (!ret)
		*q = c.queue_id;
	return ret;
}

static int queue_destroy(int fd, uint32_t q)
{
	struct drm_gensim_queue_destroy d = { .queue_id = q };

	return gensim_ioctl(fd, DRM_IOCTL_GENSIM_QUEUE_DESTROY, &d);
}

static int queue_state(int fd, uint32_t q, struct queue_state *st)
{
	*st = (struct queue_state){ .queue_id = q };
	return gensim_ioctl(fd, DRM_IOCTL_GENSIM_QUEUE_GET_STATE, st);
}

static int vm_unmap(int fd, uint32_t vm, uint64_t va, uint64_t size)
{
	struct drm_gensim_vm_bind_op op = {
		.op = DRM_GENSIM_VM_BIND_OP_UNMAP, .addr = va, .range = size,
	};

	return __gensim_vm_bind(fd, vm, &op, 1);
}

/*
 * EXEC signalling a new syncobj; its fence as a sync_file in *sync_fd
 * (which outlives the DRM device).  0 or -errno.
 */
static int exec_fence(int fd, uint32_t q, uint64_t batch, int *sync_fd)
{
	struct drm_gensim_sync s = { .flags = DRM_GENSIM_SYNC_SIGNAL };
	int ret;

	*sync_fd = -1;
	if (drmSyncobjCreate(fd, 0, &s.handle))
		return -errno;
	ret = __gensim_exec(fd, q, batch, &s, 1);
	if (!ret) {
		*sync_fd = gensim_syncobj_export(fd, s.handle);
		if (*sync_fd < 0)
			ret = *sync_fd;
	}
	drmSyncobjDestroy(fd, s.handle);
	return ret;
}

/* A batch written through a CPU mapping at @off of a batch buffer. */
struct bb {
	uint32_t *p;
	uint32_t n, max;
	uint64_t va;
};

static struct bb bb_at(struct sbuf *b, uint32_t off)
{
	return (struct bb){ .p = b->map + off / 4, .max = (b->size - off) / 4, .va = b->va + off };
}

static void emit(struct bb *bb, uint32_t dw)
{
	check(bb->n < bb->max, "batch at %#" PRIx64 " overflows", bb->va);
	bb->p[bb->n++] = dw;
}

static void emit_sdi(struct bb *bb, uint64_t va, uint32_t v)
{
	emit(bb, MI_STORE_DATA_IMM);
	emit(bb, (uint32_t)va);
	emit(bb, (uint32_t)(va >> 32));
	emit(bb, v);
}

/* Wait until the dword at @va equals @v (poll mode). */
static void emit_sema_eq(struct bb *bb, uint64_t va, uint32_t v)
{
	emit(bb, MI_SEMAPHORE_WAIT | MI_SEMAPHORE_POLL |
		 (MI_SEMAPHORE_SAD_EQ_SDD << 12));
	emit(bb, v);
	emit(bb, (uint32_t)va);
	emit(bb, (uint32_t)(va >> 32));
}

static void emit_end(struct bb *bb)
{
	emit(bb, MI_BATCH_BUFFER_END);
	if (bb->n & 1)
		emit(bb, MI_NOOP);
}

/* A batch that jumps to itself forever. */
static uint64_t write_self_jump(struct sbuf *b, uint32_t off)
{
	struct bb bb = bb_at(b, off);

	emit(&bb, MI_BATCH_BUFFER_START | MI_BB_PPGTT);
	emit(&bb, (uint32_t)bb.va);
	emit(&bb, (uint32_t)(bb.va >> 32));
	emit(&bb, MI_NOOP);
	return bb.va;
}

/* A batch waiting on a semaphore nobody releases (@data_va + SEMA_NEVER_OFF). */
static uint64_t write_sema_never(struct sbuf *b, uint32_t off, uint64_t data_va)
{
	struct bb bb = bb_at(b, off);

	emit_sema_eq(&bb, data_va + SEMA_NEVER_OFF, SEMA_NEVER_VAL);
	emit_end(&bb);
	return bb.va;
}

/* Store @v at @va, then end. */
static uint64_t write_store(struct sbuf *b, uint32_t off, uint64_t va, uint32_t v)
{
	struct bb bb = bb_at(b, off);

	emit_sdi(&bb, va, v);
	emit_end(&bb);
	return bb.va;
}

/* @noops MI_NOOPs, then store @v at @va. */
static uint64_t write_noops_store(struct sbuf *b, uint32_t off, uint32_t noops, uint64_t va,
				  uint32_t v)
{
	struct bb bb = bb_at(b, off);

	for (uint32_t i = 0; i < noops; i++)
		emit(&bb, MI_NOOP);
	emit_sdi(&bb, va, v);
	emit_end(&bb);
	return bb.va;
}

/* Wait until @sema_va holds 1, then store @v at @va. */
static uint64_t write_sema_store(struct sbuf *b, uint32_t off, uint64_t sema_va, uint64_t va,
				 uint32_t v)
{
	struct bb bb = bb_at(b, off);

	emit_sema_eq(&bb, sema_va, 1);
	emit_sdi(&bb, va, v);
	emit_end(&bb);
	return bb.va;
}

/* One client: a render fd, a VM, a batch buffer and a data page. */
struct client {
	int fd;
	uint32_t vm;
	struct sbuf bb, data;
};

static int client_open(struct client *c)
{
	int ret;

	memset(c, 0, sizeof(*c));
	c->fd = open_render();
	if (c->fd < 0)
		return c->fd;
	ret = __gensim_vm_create(c->fd, 0, &c->vm);
	if (!ret)
		ret = sbuf_new(c->fd, c->vm, BB_VA, BB_SIZE, &c->bb);
	if (!ret)
		ret = sbuf_new(c->fd, c->vm, DATA_VA, DATA_SIZE, &c->data);
	return ret;
}

/* Close without ioctls: what a crashing client does. */
static void client_drop(struct client *c)
{
	sbuf_unmap_cpu(&c->bb);
	sbuf_unmap_cpu(&c->data);
	if (c->fd >= 0)
		close(c->fd);
	c->fd = -1;
}

/* A store on every engine from a fresh client: the stack works. */
static void expect_good_batches(const char *when)
{
	struct client c;
	int ret = client_open(&c);

	expect(!ret, "%s: a new client: %s", when, strerror(-ret));
	if (ret) {
		client_drop(&c);
		return;
	}
	for (int e = 0; e < nengines; e++) {
		uint32_t q;
		int sfd, status;

		ret = queue_create(c.fd, &engines[e], c.vm, &q);
		expect(!ret, "%s: QUEUE_CREATE %s: %s", when, engines[e].name, strerror(-ret));
		if (ret)
			continue;
		ret = exec_fence(c.fd, q, write_store(&c.bb, 0x100 * e, DATA_VA + 4 * e,
						       0x600d0000 | e), &sfd);
		expect(!ret, "%s: EXEC %s: %s", when, engines[e].name, strerror(-ret));
		if (ret)
			continue;
		status = gensim_sync_file_wait(sfd, 30000);
		close(sfd);
		expect(status == 1, "%s: a good batch on %s ended %s", when, engines[e].name,
		       err_name(status));
		expect(c.data.map[e] == (0x600d0000u | e), "%s: %s stored %#x, want %#x", when,
		       engines[e].name, c.data.map[e], 0x600d0000u | e);
	}
	client_drop(&c);
}

/* ------------------------------------------------------------------ */
/* churn                                                                */
/* ------------------------------------------------------------------ */

#define CHURN_WORKERS		6
#define CHURN_ITERS		30
#define CHURN_OPEN_CLOSE	300
#define CHURN_NOOPS		8000

struct churn_stats {
	int iters, execs, waited, torn_early, fd_closed, sema, noops, cancelled;
};

struct release {
	pthread_t thread;
	volatile uint32_t *word;
	int delay_us;
};

static void *release_thread(void *arg)
{
	struct release *r = arg;

	usleep(r->delay_us);
	__atomic_store_n(r->word, 1, __ATOMIC_SEQ_CST);
	return NULL;
}

static void release_start(struct release *r, volatile uint32_t *word, int delay_us)
{
	r->word = word;
	r->delay_us = delay_us;
	check(!pthread_create(&r->thread, NULL, release_thread, r), "pthread_create");
}

static unsigned int rnd(unsigned int *seed)
{
	return (unsigned int)rand_r(seed);
}

static struct churn_stats *churn_shared;

static void churn_worker(void *arg)
{
	int id = (int)(intptr_t)arg;
	struct churn_stats *st = &churn_shared[id];
	unsigned int seed = 0x5eed + id * 7919;
	int fd = -1;

	for (int it = 0; it < igt_iterations(CHURN_ITERS); it++) {
		enum { WAIT, TEAR_EARLY, CLOSE_FD } mode = rnd(&seed) % 3;
		enum { GOOD, NOOPS, SEMA } kind = rnd(&seed) % 3;
		const struct engine *e = &engines[rnd(&seed) % nengines];
		uint32_t value = 0xc0de0000u | (id << 12) | it, vm, q;
		struct sbuf bb, data;
		int sfd[3], nexec = 1 + rnd(&seed) % 3, ret;
		bool vm_gone = false, threaded = false;
		struct release rel;
		uint64_t batch;
		int ops[5], nops = 0;
		const char *kind_name = kind == SEMA ? "semaphore" : kind == NOOPS ? "noop-chain" :
					"store";

		if (fd < 0) {
			fd = open_render();
			check(fd >= 0, "opening the render node: %s", strerror(-fd));
		}
		check_ok(__gensim_vm_create(fd, 0, &vm));
		check_ok(sbuf_new(fd, vm, BB_VA, BB_SIZE, &bb));
		check_ok(sbuf_new(fd, vm, DATA_VA, DATA_SIZE, &data));
		check_ok(queue_create(fd, e, vm, &q));
		switch (kind) {
		case GOOD:
			batch = write_store(&bb, 0, DATA_VA, value);
			break;
		case NOOPS:
			batch = write_noops_store(&bb, 0, CHURN_NOOPS, DATA_VA, value);
			st->noops++;
			break;
		default:
			batch = write_sema_store(&bb, 0, DATA_VA + SEMA_GO_OFF, DATA_VA, value);
			st->sema++;
			break;
		}
		for (int i = 0; i < nexec; i++) {
			ret = exec_fence(fd, q, batch, &sfd[i]);
			check(!ret, "EXEC %d on %s: %s", i, e->name, strerror(-ret));
			st->execs++;
		}
		if (kind == SEMA && mode != WAIT) {
			release_start(&rel, &data.map[SEMA_GO_OFF / 4], rnd(&seed) % 20000);
			threaded = true;
		}

		switch (mode) {
		case WAIT:
			if (kind == SEMA) {
				usleep(rnd(&seed) % 5000);
				__atomic_store_n(&data.map[SEMA_GO_OFF / 4], 1, __ATOMIC_SEQ_CST);
			}
			for (int i = 0; i < nexec; i++) {
				int s = gensim_sync_file_wait(sfd[i], 30000);

				check(s == 1, "iteration %d: %s batch %d/%d on %s ended %s", it,
				      kind_name, i, nexec, e->name, err_name(s));
			}
			check(data.map[0] == value, "iteration %d on %s: stored %#x, want %#x", it,
			      e->name, data.map[0], value);
			st->waited++;
			/* Then tear down in a random order, idle. */
			__attribute__((fallthrough));
		case TEAR_EARLY:
			/* 0 queue, 1 VM, 2 batch BO, 3 data BO, 4 unmap data */
			for (int i = 0; i < 5; i++)
				ops[nops++] = i;
			for (int i = nops - 1; i > 0; i--) {
				int j = rnd(&seed) % (i + 1), t = ops[i];

				ops[i] = ops[j];
				ops[j] = t;
			}
			for (int i = 0; i < nops; i++) {
				switch (ops[i]) {
				case 0:
					check_ok(queue_destroy(fd, q));
					break;
				case 1:
					check_ok(__gensim_vm_destroy(fd, vm));
					vm_gone = true;
					break;
				case 2:
					check_ok(gem_close(fd, bb.handle));
					break;
				case 3:
					check_ok(gem_close(fd, data.handle));
					break;
				case 4:
					if (!vm_gone)
						check_ok(vm_unmap(fd, vm, DATA_VA, DATA_SIZE));
					break;
				}
			}
			if (threaded)
				pthread_join(rel.thread, NULL);
			if (mode == TEAR_EARLY) {
				bool all_done = true;

				for (int i = 0; i < nexec; i++) {
					int s = gensim_sync_file_wait(sfd[i], 30000);

					check(s == 1 || s == -ESRCH,
					      "iteration %d: %s batch %d/%d on %s torn down early "
					      "ended %s (want done, or -ESRCH if it never ran)", it,
					      kind_name, i, nexec, e->name, err_name(s));
					if (s != 1)
						all_done = false;
					st->cancelled += s == -ESRCH;
				}
				if (all_done)
					check(data.map[0] == value, "iteration %d on %s: done, but "
					      "stored %#x, want %#x", it, e->name, data.map[0], value);
				st->torn_early++;
			}
			sbuf_unmap_cpu(&bb);
			sbuf_unmap_cpu(&data);
			break;
		case CLOSE_FD:
			/* The mappings keep the file: the last one to go closes it. */
			close(fd);
			fd = -1;
			sbuf_unmap_cpu(&bb);
			if (threaded)
				pthread_join(rel.thread, NULL);
			sbuf_unmap_cpu(&data);
			for (int i = 0; i < nexec; i++) {
				int s = gensim_sync_file_wait(sfd[i], 30000);

				check(s == 1 || s == -ESRCH,
				      "iteration %d: %s batch %d/%d on %s of a closed fd ended %s "
				      "(want done, or -ESRCH if it never ran)", it, kind_name, i, nexec,
				      e->name, err_name(s));
				st->cancelled += s == -ESRCH;
			}
			st->fd_closed++;
			break;
		}
		for (int i = 0; i < nexec; i++)
			close(sfd[i]);
		st->iters++;
	}
	if (fd >= 0)
		close(fd);
}

static void open_close_worker(void *arg)
{
	(void)arg;
	for (int i = 0; i < CHURN_OPEN_CLOSE; i++) {
		int fd = open_render();
		uint32_t vm, bo;

		check(fd >= 0, "open %d: %s", i, strerror(-fd));
		if (i % 3 == 0) {
			check_ok(__gensim_vm_create(fd, 0, &vm));
			check_ok(__gensim_gem_create(fd, 4096, 0, &bo));
		}
		if (i % 5 == 0) {
			drmVersionPtr v = drmGetVersion(fd);

			check(v && !strcmp(v->name, "gensim"), "DRM_IOCTL_VERSION");
			drmFreeVersion(v);
		}
		close(fd);
	}
}

static void test_churn(void)
{
	struct baseline base = objects_baseline();
	struct churn_stats sum = { 0 };
	double t0 = now_s();

	churn_shared = shared_alloc(sizeof(*churn_shared) * CHURN_WORKERS);
	for (int i = 0; i < CHURN_WORKERS; i++) {
		char name[32];

		snprintf(name, sizeof(name), "churn%d", i);
		spawn(name, 240, churn_worker, (void *)(intptr_t)i);
	}
	spawn("open-close", 240, open_close_worker, NULL);
	reap_all(270);
	for (int i = 0; i < CHURN_WORKERS; i++) {
		struct churn_stats *s = &churn_shared[i];

		sum.iters += s->iters;
		sum.execs += s->execs;
		sum.waited += s->waited;
		sum.torn_early += s->torn_early;
		sum.fd_closed += s->fd_closed;
		sum.sema += s->sema;
		sum.noops += s->noops;
		sum.cancelled += s->cancelled;
	}
	note("churn: %d iterations, %d execs in %.1f s: %d waited, %d torn down early, %d fds "
	     "closed under work; %d semaphore and %d noop-chain batches; %d fences -ESRCH\n",
	     sum.iters, sum.execs, now_s() - t0, sum.waited, sum.torn_early, sum.fd_closed,
	     sum.sema, sum.noops, sum.cancelled);
	munmap(churn_shared, sizeof(*churn_shared) * CHURN_WORKERS);
	expect_objects(&base, "after churn");
	expect_good_batches("after churn");
	expect_objects(&base, "after the last good batch");
	soft_done();
}

/* ------------------------------------------------------------------ */
/* hang-storm                                                           */
/* ------------------------------------------------------------------ */

#define STORM_HANGS		200	/* in all, over every engine */
#define STORM_ROUND		4	/* hanging queues in flight per engine */
#define STORM_JOB_TIMEOUT	300
#define STORM_EU_RUNS		2

struct storm_stats {
	int hangs, etime, eio, other_err, not_banned, ban_error_wrong, followup_ran;
	int followup_wrong, wedged;
	int followup_err[4];	/* -ECANCELED, -ETIME, -EIO, other */
	int exec_not_eio;
	int good, good_bad;
	int eu_runs, eu_failed_ok;
	char first_other[160];
};

struct storm_shared {
	volatile int stop;
	struct storm_stats eng[8];
	struct storm_stats good, eu;
};
static struct storm_shared *storm;

static void storm_hang_worker(void *arg)
{
	int e = (int)(intptr_t)arg, hangs = STORM_HANGS / nengines;
	struct storm_stats *st = &storm->eng[e];
	uint64_t jump_va, sema_va;
	struct client c;
	int slot = 0;

	check_ok(client_open(&c));
	jump_va = write_self_jump(&c.bb, 0);
	sema_va = write_sema_never(&c.bb, 0x100, DATA_VA);
	while (slot < hangs) {
		int n = hangs - slot < STORM_ROUND ? hangs - slot : STORM_ROUND;
		uint32_t q[STORM_ROUND];
		int hang_fd[STORM_ROUND], next_fd[STORM_ROUND];

		for (int i = 0; i < n; i++) {
			int s = slot + i;
			uint64_t next = write_store(&c.bb, 0x1000 + 0x20 * s, DATA_VA + 4 * s,
						    0xf0110000u | s);

			int ret;

			check_ok(queue_create(c.fd, &engines[e], c.vm, &q[i]));
			ret = exec_fence(c.fd, q[i], s % 2 ? sema_va : jump_va, &hang_fd[i]);
			check(!ret, "EXEC of hang %d on %s: %s%s", s, engines[e].name, strerror(-ret),
			      ret == -EIO ? " (the device is wedged)" : "");
			/* Behind the hang on the same queue: must never run. */
			check_ok(exec_fence(c.fd, q[i], next, &next_fd[i]));
		}
		for (int i = 0; i < n; i++) {
			int s = slot + i, status = gensim_sync_file_wait(hang_fd[i], 60000), fs;
			struct queue_state qs;
			int ret;

			check(status != 0, "%s hang %d (%s) still pending after 60 s", engines[e].name,
			      s, s % 2 ? "semaphore" : "self-jump");
			st->hangs++;
			if (status == -ETIME) {
				st->etime++;
			} else if (status == -EIO) {
				st->eio++;
			} else {
				st->other_err++;
				if (!st->first_other[0])
					snprintf(st->first_other, sizeof(st->first_other),
						 "hang %d (%s) ended %s", s, s % 2 ? "semaphore" :
						 "self-jump", err_name(status));
			}
			fs = gensim_sync_file_wait(next_fd[i], 30000);
			check(fs != 0, "%s: the job behind hang %d still pending 30 s after it",
			      engines[e].name, s);
			if (fs == 1 || c.data.map[s] != 0)
				st->followup_ran++;
			st->followup_err[fs == -ECANCELED ? 0 : fs == -ETIME ? 1 : fs == -EIO ? 2 : 3]++;
			check_ok(queue_state(c.fd, q[i], &qs));
			st->wedged += !!(qs.flags & DRM_GENSIM_QUEUE_STATE_WEDGED);
			if (status == -EIO) {
				/* A wedged device: every job -EIO, the queue banned or the device wedged. */
				if (!(qs.flags & (DRM_GENSIM_QUEUE_STATE_BANNED |
						  DRM_GENSIM_QUEUE_STATE_WEDGED)))
					st->not_banned++;
				if (fs >= 0)
					st->followup_wrong++;
			} else {
				/* A reset: the queue banned for it, the job behind cancelled. */
				if (!(qs.flags & DRM_GENSIM_QUEUE_STATE_BANNED) || qs.guilty_resets < 1)
					st->not_banned++;
				if (qs.ban_error != status)
					st->ban_error_wrong++;
				if (fs != -ECANCELED)
					st->followup_wrong++;
			}
			ret = __gensim_exec(c.fd, q[i], jump_va, NULL, 0);
			if (ret != -EIO)
				st->exec_not_eio++;
			check_ok(queue_destroy(c.fd, q[i]));
			close(hang_fd[i]);
			close(next_fd[i]);
		}
		slot += n;
	}
	client_drop(&c);
}

static void storm_good_worker(void *arg)
{
	struct storm_stats *st = &storm->good;
	uint32_t q[8];
	struct client c;

	(void)arg;
	check_ok(client_open(&c));
	for (int e = 0; e < nengines; e++)
		check_ok(queue_create(c.fd, &engines[e], c.vm, &q[e]));
	for (int it = 0; it < 5000 && !storm->stop; it++) {
		for (int e = 0; e < nengines; e++) {
			uint32_t v = 0x900d0000u | (it << 4) | e;
			int sfd, s;

			check_ok(exec_fence(c.fd, q[e], write_store(&c.bb, 0x100 * e, DATA_VA + 4 * e,
								     v), &sfd));
			s = gensim_sync_file_wait(sfd, 60000);
			close(sfd);
			check(s == 1, "innocent batch %d on %s ended %s", it, engines[e].name,
			      err_name(s));
			check(c.data.map[e] == v, "innocent batch %d on %s stored %#x, want %#x", it,
			      engines[e].name, c.data.map[e], v);
			st->good++;
		}
	}
	for (int e = 0; e < nengines; e++) {
		struct queue_state qs;

		check_ok(queue_state(c.fd, q[e], &qs));
		check(!(qs.flags & DRM_GENSIM_QUEUE_STATE_BANNED) && qs.guilty_resets == 0,
		      "innocent queue on %s: flags %#x, guilty resets %u", engines[e].name,
		      qs.flags, qs.guilty_resets);
		note("innocent queue on %s: %u innocent resets\n", engines[e].name,
		     qs.innocent_resets);
	}
	client_drop(&c);
}

/* An endless EU kernel through gensim-run --drm (it links the batch builder). */
static void storm_eu_worker(void *arg)
{
	struct storm_stats *st = &storm->eu;
	const char *text =
		"loop: add(1) g20<1>UD g20<0,1,0>UD 1UD { align1 1N NoMask }\n"
		"jmpi(1) loop { align1 1N NoMask }\n"
		"mov(8) g127<1>UD g0<8,8,1>UD { align1 1Q NoMask }\n"
		"send(8) null<1>UD g127<8,8,1>UD ts 0x02000010UD { align1 1Q NoMask EOT }\n";
	char path[] = "/tmp/gensim-stress-endless.s";
	FILE *f = fopen(path, "w");

	(void)arg;
	check(f && fputs(text, f) >= 0 && !fclose(f), "writing %s", path);
	for (int i = 0; i < STORM_EU_RUNS; i++) {
		char out[64], *log;
		int rc;

		snprintf(out, sizeof(out), "/tmp/gensim-stress-eu%d.txt", i);
		rc = gensim_system("%s/build/release/bin/gensim-run --drm --kernel %s --simd 8 "
				   "--groups 2 --buffer 0:4K --timeout 60000 >%s 2>&1",
				   gensim_top(), path, out);
		log = gensim_read_file(out);
		st->eu_runs++;
		check(rc != 0, "the endless kernel completed?! %s", log ? log : "");
		check(log && strstr(log, "the batch failed"),
		      "gensim-run on the endless kernel exited %d: %s", rc, log ? log : "(no output)");
		if (strstr(log, strerror(ETIME)))
			st->etime++;
		else if (strstr(log, strerror(EIO)))
			st->eio++;
		else
			st->other_err++;
		log[strcspn(log, "\n")] = 0;
		note("endless EU kernel %d: %s\n", i, strstr(log, "the batch failed"));
		free(log);
	}
}

static void test_hang_storm(void)
{
	struct baseline base = objects_baseline();
	int hang_kids[8], eu_kid = -1, good_kid;
	double t0 = now_s(), deadline;
	struct storm_stats sum = { 0 };
	bool has_rcs = false;

	/* Read when a queue's scheduler is made: before any queue. */
	param_set("job_timeout_ms", STORM_JOB_TIMEOUT);
	param_set("compute_timeout_ms", 1000);
	storm = shared_alloc(sizeof(*storm));
	for (int e = 0; e < nengines; e++) {
		char name[32];

		snprintf(name, sizeof(name), "hang-%s", engines[e].name);
		hang_kids[e] = spawn(name, 200, storm_hang_worker, (void *)(intptr_t)e);
		has_rcs |= engines[e].class == DRM_GENSIM_ENGINE_CLASS_RENDER;
	}
	good_kid = spawn("innocent", 240, storm_good_worker, NULL);
	if (has_rcs)
		eu_kid = spawn("endless-eu", 200, storm_eu_worker, NULL);

	deadline = now_s() + 210;
	for (int e = 0; e < nengines; e++)
		if (!reap_one(hang_kids[e], deadline))
			expect(0, "hang worker %s still running after 210 s", engines[e].name);
	if (eu_kid >= 0 && !reap_one(eu_kid, deadline))
		expect(0, "the endless-EU worker still running after 210 s");
	storm->stop = 1;
	if (!reap_one(good_kid, now_s() + 90))
		expect(0, "the innocent worker did not stop within 90 s");
	kill_kids();

	for (int e = 0; e < nengines; e++) {
		struct storm_stats *s = &storm->eng[e];

		note("%s: %d hangs: %d -ETIME, %d -EIO, %d other%s%s; jobs behind them: %d "
		     "-ECANCELED, %d -ETIME, %d -EIO, %d other, %d ran\n", engines[e].name,
		     s->hangs, s->etime, s->eio, s->other_err, s->first_other[0] ? ": " : "",
		     s->first_other, s->followup_err[0], s->followup_err[1], s->followup_err[2],
		     s->followup_err[3], s->followup_ran);
		sum.hangs += s->hangs;
		sum.etime += s->etime;
		sum.eio += s->eio;
		sum.other_err += s->other_err;
		sum.not_banned += s->not_banned;
		sum.ban_error_wrong += s->ban_error_wrong;
		sum.followup_wrong += s->followup_wrong;
		sum.wedged += s->wedged;
		sum.followup_ran += s->followup_ran;
		sum.exec_not_eio += s->exec_not_eio;
		for (int i = 0; i < 4; i++)
			sum.followup_err[i] += s->followup_err[i];
	}
	note("hang-storm: %d hangs in %.1f s (job_timeout_ms %d): %d -ETIME, %d -EIO, %d other; "
	     "%d innocent batches done; endless EU kernels: %d runs, %d -ETIME, %d -EIO, %d other\n",
	     sum.hangs, now_s() - t0, STORM_JOB_TIMEOUT, sum.etime, sum.eio, sum.other_err,
	     storm->good.good, storm->eu.eu_runs, storm->eu.etime, storm->eu.eio,
	     storm->eu.other_err);
	expect(sum.hangs == STORM_HANGS / nengines * nengines, "%d of %d hangs checked", sum.hangs,
	       STORM_HANGS / nengines * nengines);
	expect(!sum.other_err, "%d hangs ended with neither -ETIME nor -EIO", sum.other_err);
	if (sum.eio)
		note("%d hangs ended -EIO, not -ETIME (%d queues report the device WEDGED)\n",
		     sum.eio, sum.wedged);
	expect(!sum.not_banned, "%d hanging queues not BANNED with a guilty reset (nor the "
	       "device WEDGED for an -EIO hang)", sum.not_banned);
	expect(!sum.ban_error_wrong, "%d banned queues report a ban_error other than their "
	       "hang's fence error", sum.ban_error_wrong);
	expect(!sum.followup_ran, "%d jobs behind a hang on a banned queue ran", sum.followup_ran);
	expect(!sum.followup_wrong, "%d jobs behind a hang ended wrong: %d -ECANCELED, %d -ETIME, "
	       "%d -EIO, %d other of %d (the contract says -ECANCELED after an -ETIME hang)",
	       sum.followup_wrong, sum.followup_err[0], sum.followup_err[1], sum.followup_err[2],
	       sum.followup_err[3], sum.hangs);
	expect(!sum.exec_not_eio, "%d EXECs on a banned queue did not fail with -EIO",
	       sum.exec_not_eio);
	expect(storm->good.good > 0, "no innocent batch completed");
	expect(!storm->eu.other_err, "%d endless EU kernels ended with neither -ETIME nor -EIO",
	       storm->eu.other_err);
	munmap(storm, sizeof(*storm));
	params_restore();
	expect_good_batches("after the hang storm");
	expect_objects(&base, "after the hang storm");
	soft_done();
}

/* ------------------------------------------------------------------ */
/* device-kill-under-load, device-stop-under-load                       */
/* ------------------------------------------------------------------ */

#define LOSS_CLIENTS	3
#define LOSS_LOOPERS	2
#define MAX_FENCES	128

struct fence {
	int sfd;
	bool must_fail;		/* a hang, or a job queued behind one */
	bool pending;		/* at the kill/stop */
	int status;
	double ended;
	char what[40];
};

struct looper_stats {
	volatile int iters;
	int first_error;	/* the first failed fence or EXEC */
	int error_in;		/* 1 fence, 2 EXEC */
	int exec_after;		/* an EXEC after the first error */
};
static struct looper_stats *loopers;

/* Runs good batches round the engines until the device goes away. */
static void loss_looper(void *arg)
{
	int id = (int)(intptr_t)arg;
	struct looper_stats *st = &loopers[id];
	uint32_t q[8];
	struct client c;
	int ret;

	check_ok(client_open(&c));
	for (int e = 0; e < nengines; e++)
		check_ok(queue_create(c.fd, &engines[e], c.vm, &q[e]));
	for (int it = 0; it < 1000000; it++) {
		int e = (it + id) % nengines, sfd, s;
		uint32_t v = 0x1000000u * (id + 1) + it;

		ret = exec_fence(c.fd, q[e], write_store(&c.bb, 0x100 * e, DATA_VA + 4 * e, v), &sfd);
		if (ret) {
			st->first_error = ret;
			st->error_in = 2;
			break;
		}
		s = gensim_sync_file_wait(sfd, 30000);
		close(sfd);
		check(s != 0, "batch %d on %s still pending after 30 s", it, engines[e].name);
		if (s != 1) {
			st->first_error = s;
			st->error_in = 1;
			break;
		}
		check(c.data.map[e] == v, "batch %d on %s stored %#x, want %#x", it,
		      engines[e].name, c.data.map[e], v);
		st->iters++;
	}
	st->exec_after = __gensim_exec(c.fd, q[0], BB_VA, NULL, 0);
	client_drop(&c);
}

static int nfences;
static struct fence fences[MAX_FENCES];

static void add_fence(int sfd, bool must_fail, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static void add_fence(int sfd, bool must_fail, const char *fmt, ...)
{
	va_list ap;

	igt_assert(nfences < MAX_FENCES);
	fences[nfences] = (struct fence){ .sfd = sfd, .must_fail = must_fail };
	va_start(ap, fmt);
	vsnprintf(fences[nfences].what, sizeof(fences[nfences].what), fmt, ap);
	va_end(ap);
	nfences++;
}

/* Every ioctl of a file of a gone DRM device fails with -ENODEV. */
static void expect_enodev(int fd, const char *what)
{
	struct drm_gensim_query q = { .query = DRM_GENSIM_QUERY_DEVICE };
	uint32_t h, vm, so;
	int ret;

	ret = gensim_ioctl(fd, DRM_IOCTL_GENSIM_QUERY, &q);
	expect(ret == -ENODEV, "%s: QUERY returned %s, want -ENODEV", what, err_name(ret));
	ret = __gensim_gem_create(fd, 4096, 0, &h);
	expect(ret == -ENODEV, "%s: GEM_CREATE returned %s, want -ENODEV", what, err_name(ret));
	ret = __gensim_vm_create(fd, 0, &vm);
	expect(ret == -ENODEV, "%s: VM_CREATE returned %s, want -ENODEV", what, err_name(ret));
	ret = __gensim_exec(fd, 1, BB_VA, NULL, 0);
	expect(ret == -ENODEV, "%s: EXEC returned %s, want -ENODEV", what, err_name(ret));
	ret = drmSyncobjCreate(fd, 0, &so) ? -errno : 0;
	expect(ret == -ENODEV, "%s: SYNCOBJ_CREATE returned %s, want -ENODEV", what,
	       err_name(ret));
}

static void device_loss_under_load(bool stop)
{
	const int job_ms = stop ? 500 : 20000, dev_ms = stop ? 1000 : 5000;
	/* Kill: "at once", give it 10 s; stop: 4 x (job + device timeout) + 2 s. */
	const int bound_ms = stop ? 4 * (job_ms + dev_ms) + 2000 : 10000;
	struct baseline base = objects_baseline();
	struct client cl[LOSS_CLIENTS];
	uint32_t good_q[LOSS_CLIENTS][8];
	int hist_n = 0, hist_err[16], hist_cnt[16] = { 0 };
	int looper_kids[LOSS_LOOPERS], unended = 0, ret;
	double t0, worst = 0;
	pid_t dev;
	char hist[256] = "";

	nfences = 0;
	/* Read when a queue is made: before any. */
	param_set("job_timeout_ms", job_ms);
	dev = device_pid();
	igt_assert_f(dev > 0, "no gensim-device process");

	loopers = shared_alloc(sizeof(*loopers) * LOSS_LOOPERS);
	for (int i = 0; i < LOSS_LOOPERS; i++) {
		char name[32];

		snprintf(name, sizeof(name), "looper%d", i);
		looper_kids[i] = spawn(name, 150, loss_looper, (void *)(intptr_t)i);
	}
	/* The loopers run batches before the hangs take the engines. */
	for (int t = 0; t < 600; t++) {
		bool all = true;

		for (int i = 0; i < LOSS_LOOPERS; i++)
			all &= loopers[i].iters >= 3 || kids[looper_kids[i]].reaped;
		if (all)
			break;
		sleep_ms(50);
	}
	for (int i = 0; i < LOSS_LOOPERS; i++)
		expect(loopers[i].iters >= 3, "looper %d ran %d batches in 30 s", i,
		       loopers[i].iters);
	for (int i = 0; i < LOSS_CLIENTS; i++) {
		struct client *c = &cl[i];
		uint64_t jump, sema, slow, store;

		ret = client_open(c);
		check(!ret, "client %d: %s", i, strerror(-ret));
		jump = write_self_jump(&c->bb, 0);
		sema = write_sema_never(&c->bb, 0x100, DATA_VA);
		slow = write_noops_store(&c->bb, 0x1000, 12000, DATA_VA + 0x100, 0x51000 + i);
		store = write_store(&c->bb, 0x200, DATA_VA + 0x200, 0x5700 + i);
		for (int e = 0; e < nengines; e++) {
			uint32_t hq;
			int sfd;

			check_ok(queue_create(c->fd, &engines[e], c->vm, &hq));
			check_ok(queue_create(c->fd, &engines[e], c->vm, &good_q[i][e]));
			/* Half self-jumps, half semaphore waits. */
			ret = exec_fence(c->fd, hq, (i + e) % 2 ? jump : sema, &sfd);
			check(!ret, "client %d: EXEC of a hang on %s before the %s: %s", i,
			      engines[e].name, stop ? "SIGSTOP" : "SIGKILL", strerror(-ret));
			add_fence(sfd, true, "client %d %s hang", i, engines[e].name);
			check_ok(exec_fence(c->fd, hq, store, &sfd));
			add_fence(sfd, true, "client %d %s behind hang", i, engines[e].name);
			for (int k = 0; k < 2; k++) {
				check_ok(exec_fence(c->fd, good_q[i][e], slow, &sfd));
				add_fence(sfd, false, "client %d %s slow %d", i, engines[e].name, k);
			}
			check_ok(exec_fence(c->fd, good_q[i][e], store, &sfd));
			add_fence(sfd, false, "client %d %s store", i, engines[e].name);
		}
	}
	sleep_ms(100);

	/* Read at every wait: only the stall itself meets the short one. */
	param_set("device_timeout_ms", dev_ms);
	if (stop) {
		kill(dev, SIGSTOP);
		for (int t = 0; t < 250 && gensim_pid_state(dev) != 'T'; t++)
			sleep_ms(20);
		igt_assert_f(gensim_pid_state(dev) == 'T', "gensim-device did not stop");
	} else {
		kill(dev, SIGKILL);
	}
	t0 = now_s();
	for (int i = 0; i < nfences; i++) {
		fences[i].status = gensim_sync_file_status(fences[i].sfd);
		fences[i].pending = fences[i].status == 0;
		expect(!fences[i].must_fail || fences[i].status <= 0,
		       "%s completed before the %s", fences[i].what, stop ? "stop" : "kill");
	}
	note("%s gensim-device %d with %d of %d fences pending\n", stop ? "SIGSTOP" : "SIGKILL",
	     (int)dev, ({ int n = 0; for (int i = 0; i < nfences; i++) n += fences[i].pending; n; }),
	     nfences);

	/* Every fence ends within the bound. */
	for (int i = 0; i < nfences; i++) {
		struct fence *f = &fences[i];
		int left = bound_ms - (int)((now_s() - t0) * 1000), j;

		if (!f->pending)
			continue;
		f->status = gensim_sync_file_wait(f->sfd, left > 0 ? left : 0);
		f->ended = now_s() - t0;
		if (f->status == 0) {
			unended++;
			continue;
		}
		if (f->ended > worst)
			worst = f->ended;
		for (j = 0; j < hist_n && hist_err[j] != f->status; j++)
			;
		if (j == hist_n && hist_n < 16)
			hist_err[hist_n++] = f->status;
		hist_cnt[j]++;
		expect(!f->must_fail || f->status < 0, "%s ended %s", f->what, err_name(f->status));
		/*
		 * A job of a queue whose hang timed out just before the stop was
		 * banned with it (uapi: -ECANCELED), whatever it was.
		 */
		if (stop)
			expect(f->status == 1 || f->status == -EIO || f->status == -ETIME ||
			       f->status == -ENODEV || f->status == -ECANCELED,
			       "%s ended %s, want -EIO (or -ETIME, -ECANCELED, -ENODEV)", f->what,
			       err_name(f->status));
	}
	for (int j = 0; j < hist_n; j++)
		snprintf(hist + strlen(hist), sizeof(hist) - strlen(hist), "%s%d %s", j ? ", " : "",
			 hist_cnt[j], err_name(hist_err[j]));
	note("pending fences ended within %.2f s: %s\n", worst, hist);
	expect(!unended, "%d fences still pending %.1f s after the %s", unended, bound_ms / 1000.0,
	       stop ? "SIGSTOP" : "SIGKILL");
	if (!stop)
		for (int j = 0; j < hist_n; j++)
			if (hist_err[j] != -ENODEV && hist_err[j] != 1)
				note("the contract says -ENODEV for every fence in flight at the kill; "
				     "%d ended %s\n", hist_cnt[j], err_name(hist_err[j]));

	if (stop) {
		/* Wedged: EXEC fails, the queues say so, SIGCONT changes nothing. */
		for (int i = 0; i < LOSS_CLIENTS; i++) {
			struct queue_state qs;
			int ret = __gensim_exec(cl[i].fd, good_q[i][0], BB_VA + 0x200, NULL, 0);

			expect(ret == -EIO || ret == -ENODEV, "client %d: EXEC on the wedged device: "
			       "%s, want -EIO", i, err_name(ret));
			ret = queue_state(cl[i].fd, good_q[i][0], &qs);
			expect(!ret && (qs.flags & DRM_GENSIM_QUEUE_STATE_WEDGED),
			       "client %d: QUEUE_GET_STATE %s, flags %#x: no WEDGED", i,
			       err_name(ret), qs.flags);
		}
		kill(dev, SIGCONT);
		sleep_ms(500);
		for (int i = 0; i < LOSS_CLIENTS; i++) {
			int ret = __gensim_exec(cl[i].fd, good_q[i][1 % nengines], BB_VA + 0x200,
						NULL, 0);

			expect(ret == -EIO || ret == -ENODEV, "client %d: EXEC after SIGCONT: %s, "
			       "want -EIO (SIGCONT does not un-wedge)", i, err_name(ret));
		}
		kill(dev, SIGKILL);
	}
	expect(device_wait_gone(dev, 10000), "gensim-device %d still there 10 s after SIGKILL "
	       "(state %c)", (int)dev, gensim_pid_state(dev));
	expect(gensim_wait_render_node(false, 10000), "render node still there 10 s after the "
	       "device process died");
	for (int i = 0; i < LOSS_CLIENTS; i++) {
		char what[32];

		snprintf(what, sizeof(what), "client %d, device gone", i);
		expect_enodev(cl[i].fd, what);
	}

	reap_all(60);
	for (int i = 0; i < LOSS_LOOPERS; i++) {
		struct looper_stats *l = &loopers[i];

		note("looper %d: %d batches, then %s %s; EXEC after: %s\n", i, l->iters,
		     l->error_in == 2 ? "EXEC" : "a fence", err_name(l->first_error),
		     err_name(l->exec_after));
		expect(l->first_error < 0, "looper %d saw no error", i);
		expect(l->exec_after == -ENODEV || l->exec_after == -EIO,
		       "looper %d: EXEC after the first error: %s", i, err_name(l->exec_after));
	}
	munmap(loopers, sizeof(*loopers) * LOSS_LOOPERS);

	for (int i = 0; i < nfences; i++)
		close(fences[i].sfd);
	for (int i = 0; i < LOSS_CLIENTS; i++)
		client_drop(&cl[i]);
	expect_objects_zero("device gone, every client closed");

	device_restart();
	expect_objects(&base, "a new device, no client");
	params_restore();
	expect_good_batches("on the new device");
	expect_objects(&base, "after a good batch on the new device");
	soft_done();
}

/* ------------------------------------------------------------------ */
/* unbind-rebind                                                        */
/* ------------------------------------------------------------------ */

#define DRV_DIR "/sys/bus/platform/drivers/gensim"

static const char *sysfs_path;

static void sysfs_write_gensim(void *arg)
{
	int fd = open(sysfs_path, O_WRONLY);

	(void)arg;
	check(fd >= 0, "open %s: %s", sysfs_path, strerror(errno));
	check(write(fd, "gensim", 6) == 6, "write gensim > %s: %s", sysfs_path, strerror(errno));
	close(fd);
}

/* Write "gensim" to DRV_DIR/@file from a child, bounded. */
static bool driver_op(const char *file, int timeout_s)
{
	static char path[128];
	int k;

	snprintf(path, sizeof(path), "%s/%s", DRV_DIR, file);
	sysfs_path = path;
	k = spawn(file, timeout_s + 5, sysfs_write_gensim, NULL);
	if (!reap_one(k, now_s() + timeout_s)) {
		expect(0, "echo gensim > %s did not return within %d s (state %c)", path,
		       timeout_s, gensim_pid_state(kids[k].pid));
		return false;
	}
	return WIFEXITED(kids[k].status) && WEXITSTATUS(kids[k].status) == 0;
}

static void test_unbind_rebind(void)
{
	struct baseline base = objects_baseline();
	struct client c;
	pid_t dev = device_pid();
	int sfd[8], n = 0, ended = 0;
	double t0;

	igt_assert_f(dev > 0, "no gensim-device process");
	igt_assert_f(access(DRV_DIR "/gensim", F_OK) == 0, "%s/gensim: the platform device is "
		     "not bound to the driver", DRV_DIR);
	/* The batches must still run at the unbind. */
	param_set("job_timeout_ms", 30000);
	igt_assert_eq(client_open(&c), 0);
	for (int e = 0; e < nengines; e++) {
		uint32_t q;

		igt_assert_eq(queue_create(c.fd, &engines[e], c.vm, &q), 0);
		igt_assert_eq(exec_fence(c.fd, q, write_sema_never(&c.bb, 0x100 * e, DATA_VA),
					 &sfd[n]), 0);
		n++;
	}
	sleep_ms(200);
	for (int i = 0; i < n; i++)
		igt_assert_f(gensim_sync_file_status(sfd[i]) == 0, "the hang on %s ended before "
			     "the unbind", engines[i].name);

	t0 = now_s();
	igt_assert_f(driver_op("unbind", 60), "unbind failed (see above)");
	note("unbind returned after %.2f s\n", now_s() - t0);
	for (int i = 0; i < n; i++) {
		int s = gensim_sync_file_wait(sfd[i], 10000);

		expect(s < 0, "the running batch on %s: %s 10 s after the unbind, want an error",
		       engines[i].name, err_name(s));
		if (s < 0) {
			ended++;
			expect(s == -ENODEV, "the running batch on %s ended %s, the contract says "
			       "-ENODEV", engines[i].name, err_name(s));
		}
		close(sfd[i]);
	}
	note("%d of %d running batches ended with an error\n", ended, n);
	expect_enodev(c.fd, "after unbind");
	if (!device_wait_gone(dev, 10000)) {
		expect(0, "gensim-device %d still running 10 s after the unbind (state %c): it "
		       "does not notice that its UIO device went away", (int)dev,
		       gensim_pid_state(dev));
		kill(dev, SIGKILL);
		expect(device_wait_gone(dev, 10000), "gensim-device %d survives SIGKILL", (int)dev);
	}
	expect(!gensim_wait_render_node(true, 0), "a gensim render node after the unbind");
	client_drop(&c);
	expect_objects_zero("unbound, the client closed");

	igt_assert_f(driver_op("bind", 60), "bind failed (see above)");
	igt_assert_f(access(DRV_DIR "/gensim", F_OK) == 0, "not bound after bind");
	params_restore();
	device_restart();
	expect_objects(&base, "bound again, a new device");
	expect_good_batches("after bind");
	expect_objects(&base, "after a good batch");
	dev = dev_child;
	expect(gensim_system("make -s -C %s unload", gensim_top()) == 0, "make unload after the "
	       "rebind failed");
	if (dev > 0)
		device_wait_gone(dev, 10000);
	expect(!gensim_module_loaded(), "gensim still loaded after make unload");
	soft_done();
}

/* ------------------------------------------------------------------ */
/* teardown-races                                                       */
/* ------------------------------------------------------------------ */

#define RACE_ITERS	150
#define RESET_ITERS	12
#define RESET_JOB_MS	200

struct race_stats {
	int iters, done, cancelled, thread_vm_destroy;
	int reset_iters, reset_hist[5];	/* -ETIME, -ESRCH, -ECANCELED, -EIO, other */
	int reset_closed, reset_destroyed;
};
static struct race_stats *race;

struct vm_destroyer {
	pthread_t thread;
	int fd;
	uint32_t vm;
	int ret;
};

static void *vm_destroy_thread(void *arg)
{
	struct vm_destroyer *d = arg;

	d->ret = __gensim_vm_destroy(d->fd, d->vm);
	return NULL;
}

struct releaser {
	pthread_t thread;
	int fd, delay_us, ret, sfd;
	uint32_t q;
	uint64_t batch;
};

static void *releaser_thread(void *arg)
{
	struct releaser *r = arg;

	usleep(r->delay_us);
	r->ret = exec_fence(r->fd, r->q, r->batch, &r->sfd);
	return NULL;
}

/*
 * A batch in VM A waits on a semaphore in a BO bound in A and B; at once
 * its queue, A and the BO handles go, while a queue of B on another engine
 * releases it: from a thread at a random moment, or from here while
 * VM_DESTROY of A waits in a thread.
 */
static void race_semaphore_worker(void *arg)
{
	unsigned int seed = 0xace;
	uint32_t vm_b, qb[8];
	struct sbuf bb_b;
	int fd = open_render();

	(void)arg;
	check(fd >= 0, "open: %s", strerror(-fd));
	check(nengines > 1, "needs two engines");
	check_ok(__gensim_vm_create(fd, 0, &vm_b));
	check_ok(sbuf_new(fd, vm_b, BB_VA, BB_SIZE, &bb_b));
	for (int e = 0; e < nengines; e++)
		check_ok(queue_create(fd, &engines[e], vm_b, &qb[e]));
	/* B's release batch: S[SEMA_GO] = 1 (S is bound at DATA_VA in B too). */
	write_store(&bb_b, 0, DATA_VA + SEMA_GO_OFF, 1);

	for (int it = 0; it < igt_iterations(RACE_ITERS); it++) {
		int ea = rnd(&seed) % nengines, eb = (ea + 1 + rnd(&seed) % (nengines - 1)) % nengines;
		uint32_t vm_a, qa, value = 0xace00000u | it;
		struct sbuf s, bb_a;
		struct drm_gensim_vm_bind_op op = { .op = DRM_GENSIM_VM_BIND_OP_MAP };
		int sfd_a, ops[3], st;
		bool thread_destroys_vm = rnd(&seed) % 2;
		struct releaser rel = { .fd = fd, .q = qb[eb], .batch = BB_VA,
					.delay_us = rnd(&seed) % 3000, .sfd = -1 };
		struct vm_destroyer vd = { .fd = fd };

		check_ok(__gensim_vm_create(fd, 0, &vm_a));
		check_ok(sbuf_new(fd, vm_a, DATA_VA, DATA_SIZE, &s));
		check_ok(sbuf_new(fd, vm_a, BB_VA, BB_SIZE, &bb_a));
		op.handle = s.handle;
		op.range = DATA_SIZE;
		op.addr = DATA_VA;
		/* Replaces the last iteration's S in B (its last reference). */
		check_ok(__gensim_vm_bind(fd, vm_b, &op, 1));
		check_ok(queue_create(fd, &engines[ea], vm_a, &qa));
		check_ok(exec_fence(fd, qa, write_sema_store(&bb_a, 0, DATA_VA + SEMA_GO_OFF,
							    DATA_VA, value), &sfd_a));
		if (!thread_destroys_vm)
			check(!pthread_create(&rel.thread, NULL, releaser_thread, &rel), "thread");
		/* 0 queue, 1 batch BO, 2 semaphore BO; the VM last or in a thread. */
		for (int i = 0; i < 3; i++)
			ops[i] = i;
		for (int i = 2; i > 0; i--) {
			int j = rnd(&seed) % (i + 1), t = ops[i];

			ops[i] = ops[j];
			ops[j] = t;
		}
		for (int i = 0; i < 3; i++) {
			if (ops[i] == 0)
				check_ok(queue_destroy(fd, qa));
			else
				check_ok(gem_close(fd, ops[i] == 1 ? bb_a.handle : s.handle));
		}
		if (thread_destroys_vm) {
			vd.vm = vm_a;
			check(!pthread_create(&vd.thread, NULL, vm_destroy_thread, &vd), "thread");
			usleep(rel.delay_us);
			releaser_thread(&rel);
			pthread_join(vd.thread, NULL);
			check(vd.ret == 0, "VM_DESTROY (in a thread) of the waiting batch's VM: %s",
			      strerror(-vd.ret));
			race->thread_vm_destroy++;
		} else {
			check_ok(__gensim_vm_destroy(fd, vm_a));
			pthread_join(rel.thread, NULL);
		}
		check(rel.ret == 0, "iteration %d: the release EXEC on %s: %s", it,
		      engines[eb].name, strerror(-rel.ret));
		st = gensim_sync_file_wait(rel.sfd, 30000);
		check(st == 1, "iteration %d: the release on %s ended %s", it, engines[eb].name,
		      err_name(st));
		st = gensim_sync_file_wait(sfd_a, 30000);
		check(st == 1 || st == -ESRCH, "iteration %d: the waiting batch on %s ended %s "
		      "(want done, or -ESRCH if it never ran)", it, engines[ea].name, err_name(st));
		if (st == 1) {
			check(s.map[0] == value, "iteration %d: the waiting batch on %s is done but "
			      "stored %#x, want %#x", it, engines[ea].name, s.map[0], value);
			race->done++;
		} else {
			race->cancelled++;
		}
		close(rel.sfd);
		close(sfd_a);
		sbuf_unmap_cpu(&s);
		sbuf_unmap_cpu(&bb_a);
		race->iters++;
	}
	close(fd);
}

/* Hangs on every engine; their fds closed (or queues destroyed) around the job timeout. */
static void race_reset_worker(void *arg)
{
	(void)arg;
	for (int it = 0; it < RESET_ITERS; it++) {
		struct client c[8];
		uint32_t q[8];
		int sfd[8], at[8], order[8];

		for (int e = 0; e < nengines; e++) {
			check_ok(client_open(&c[e]));
			check_ok(queue_create(c[e].fd, &engines[e], c[e].vm, &q[e]));
			check_ok(exec_fence(c[e].fd, q[e], (it + e) % 2 ?
					    write_sema_never(&c[e].bb, 0, DATA_VA) :
					    write_self_jump(&c[e].bb, 0), &sfd[e]));
			/* From job_timeout/2 to 2 job_timeouts after the EXEC. */
			at[e] = RESET_JOB_MS / 2 + ((it * 4 + e) * 37) % (RESET_JOB_MS * 3 / 2);
			order[e] = e;
		}
		for (int i = 0; i < nengines; i++)
			for (int j = i + 1; j < nengines; j++)
				if (at[order[j]] < at[order[i]]) {
					int t = order[i];

					order[i] = order[j];
					order[j] = t;
				}
		for (int i = 0, slept = 0; i < nengines; i++) {
			int e = order[i];

			usleep((at[e] - slept) * 1000);
			slept = at[e];
			if ((it + e) % 3 == 0) {
				check_ok(queue_destroy(c[e].fd, q[e]));
				check_ok(__gensim_vm_destroy(c[e].fd, c[e].vm));
				check_ok(gem_close(c[e].fd, c[e].bb.handle));
				race->reset_destroyed++;
			} else {
				race->reset_closed++;
			}
			client_drop(&c[e]);
		}
		for (int e = 0; e < nengines; e++) {
			int s = gensim_sync_file_wait(sfd[e], 30000);

			check(s < 0, "iteration %d: a hang on %s whose %s at %d ms ended %s", it,
			      engines[e].name, (it + e) % 3 ? "fd was closed" : "queue was destroyed",
			      at[e], err_name(s));
			race->reset_hist[s == -ETIME ? 0 : s == -ESRCH ? 1 : s == -ECANCELED ? 2 :
					 s == -EIO ? 3 : 4]++;
			close(sfd[e]);
		}
		race->reset_iters++;
	}
}

static void test_teardown_races(void)
{
	struct baseline base = objects_baseline();
	double t0 = now_s();
	int k;

	race = shared_alloc(sizeof(*race));
	k = spawn("semaphore-race", 150, race_semaphore_worker, NULL);
	reap_one(k, now_s() + 160);
	note("semaphore races: %d iterations in %.1f s: %d done, %d -ESRCH, %d with VM_DESTROY "
	     "in a thread\n", race->iters, now_s() - t0, race->done, race->cancelled,
	     race->thread_vm_destroy);
	expect(race->iters == igt_iterations(RACE_ITERS), "%d of %d semaphore races ran",
	       race->iters, igt_iterations(RACE_ITERS));
	expect_objects(&base, "after the semaphore races");

	t0 = now_s();
	param_set("job_timeout_ms", RESET_JOB_MS);
	k = spawn("reset-race", 120, race_reset_worker, NULL);
	reap_one(k, now_s() + 130);
	note("resets vs close: %d iterations in %.1f s, %d fds closed and %d queues destroyed "
	     "around the job timeout; hangs ended: %d -ETIME, %d -ESRCH, %d -ECANCELED, %d -EIO, "
	     "%d other\n", race->reset_iters, now_s() - t0, race->reset_closed,
	     race->reset_destroyed, race->reset_hist[0], race->reset_hist[1], race->reset_hist[2],
	     race->reset_hist[3], race->reset_hist[4]);
	expect(race->reset_iters == RESET_ITERS, "%d of %d reset races ran", race->reset_iters,
	       RESET_ITERS);
	kill_kids();
	munmap(race, sizeof(*race));
	params_restore();
	expect_good_batches("after the teardown races");
	expect_objects(&base, "after the teardown races");
	soft_done();
}

/* ------------------------------------------------------------------ */

#define stress_subtest(name, body) \
	igt_subtest(name) { \
		cur_subtest = name; \
		begin(); \
		body; \
		subtest_passed = true; \
	} \
	cleanup()

igt_main
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	signal(SIGPIPE, SIG_IGN);

	/* churn last: the one that has oopsed the kernel takes no other down with it. */
	stress_subtest("hang-storm", test_hang_storm());
	stress_subtest("teardown-races", test_teardown_races());
	stress_subtest("device-kill-under-load", device_loss_under_load(false));
	stress_subtest("device-stop-under-load", device_loss_under_load(true));
	stress_subtest("unbind-rebind", test_unbind_rebind());
	stress_subtest("churn", test_churn());

	igt_fixture {
		drop_drm_fds();
		if (gensim_module_loaded() || gensim_device_pid() > 0)
			gensim_unload();
		if (dev_child > 0)
			gensim_device_wait(dev_child, 10000);
	}
}
