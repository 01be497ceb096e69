// SPDX-License-Identifier: MIT
/*
 * gensim_hostile: a device that lies to the driver.
 *
 * The test process is the device: it runs the real device model
 * (build/release/libgsdev.a) on the UIO channel, so the driver probes it
 * and real jobs run, but with its own channel loop instead of
 * gs_device_run(), which gives an adversary these hooks:
 *
 * - sticky register overrides: BAR0 registers stored again after every
 *   write-log record the device applies and every 20 ms, so the driver
 *   reads garbage whenever it looks (identity and fuses before READY,
 *   RING_HEAD and friends at dump time, GDRST that never clears, fault
 *   registers);
 * - a stall switch: the loop stops applying the write log (tail never
 *   moves, DRAINED is never sent), while the engines go on;
 * - the context descriptors the driver writes to ELSP, snooped from the
 *   log, so the adversary can find each context's status page;
 * - direct writes to any GGTT page through the device's DMA window (the
 *   engine status page with its CSB, a context's breadcrumb), and
 *   interrupts raised at will, through the device's own interrupt tree or
 *   as raw GENSIM_MSG_IRQ messages with arbitrary IIR and MASTER_IRQ bits.
 *
 * Every subtest starts the hostile device, provokes, checks that jobs end
 * (with the error contract.rst gives), then detaches the device and
 * checks the render node goes, ioctls on the old file say -ENODEV, every
 * object count in /sys/kernel/debug/gensim/objects returns to 0, the
 * module unloads and loads again and a normal gensim-device runs a job.
 * The harness fails a subtest whose kernel log gained a WARN, Oops, KASAN
 * or lockdep report (igt-tests/dmesg-bad-patterns).
 */
#define _GNU_SOURCE	/* memmem() */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <linux/sync_file.h>
#include <xf86drm.h>

#include "channel/chan.h"
#include "channel/irq.h"
#include "core/device.h"
#include "core/log.h"
#include "core/shm.h"
#include "cs/engine.h"
#include "device/device.h"
#include "lib/gensim_batch.h"
#include "lib/igt.h"
#include "lib/igt_gensim.h"
#include "mem/mem.h"

#define BB_VA		0x1000000ull
#define DATA_VA		0x2000000ull
#define SEM_OFF		0x800	/* the semaphore dword in the data buffer */
#define BATCH_SLOTS	256	/* 256-byte batches in a 64 KiB buffer */
#define OBJECTS_PATH	"/sys/kernel/debug/gensim/objects"
#define ENGINES		(GS_ENG_RCS | GS_ENG_BCS)	/* vcs0 and vecs0 do not exist */

#ifndef DRM_GENSIM_QUEUE_STATE_WEDGED
#define DRM_GENSIM_QUEUE_STATE_WEDGED	(1u << 1)
#endif

static const uint32_t engine_base[GS_NUM_ENGINES] = {
	[GS_RCS] = RENDER_RING_BASE, [GS_BCS] = BLT_RING_BASE,
	[GS_VCS] = GEN6_BSD_RING_BASE, [GS_VECS] = VEBOX_RING_BASE,
};

static double now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static void sleep_ms(int ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	nanosleep(&ts, NULL);
}

static uint32_t rnd(unsigned int *seed)
{
	return (uint32_t)rand_r(seed) << 16 ^ (uint32_t)rand_r(seed);
}

/*
 * The hostile device.
 */
#define MAX_OV	32
#define MAX_CTX	64

struct hostile {
	struct gs_chan chan;
	struct gs_device *dev;
	bool chan_open;

	pthread_t loop;
	bool loop_started;
	atomic_bool quit;
	atomic_bool stall;		/* stop applying the write log */
	atomic_int loop_err;

	/* Protects ov, nr_ov, ctx, nr_ctx, elsp_*.  Taken before dev->reg_lock. */
	pthread_mutex_t lock;
	struct { uint32_t reg, val; } ov[MAX_OV];
	unsigned int nr_ov;
	struct { int engine; uint32_t lrca; } ctx[MAX_CTX];
	unsigned int nr_ctx;
	uint32_t elsp_dw[GS_NUM_ENGINES][4];
	unsigned int elsp_count[GS_NUM_ENGINES];

	atomic_uint_fast64_t applied;

	/* One adversary thread at a time. */
	pthread_t adv;
	bool adv_started;
	atomic_bool adv_stop;
	atomic_bool adv_done;
	void (*adv_fn)(struct hostile *h);
	atomic_uint_fast64_t adv_count;
	int adv_ms;
};

/*
 * Soft checks: what the contract says the kernel must do is checked with
 * check(), which logs a failure and goes on, so one run shows everything a
 * subtest saw; finish() fails the subtest if any check failed.  igt_assert
 * is for what the test itself needs to go on.
 */
static char soft_first[600];
static int soft_failed;

static void __attribute__((format(printf, 2, 3))) soft_fail(int line, const char *fmt, ...)
{
	char msg[400];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	igt_info("CHECK FAILED (line %d): %s\n", line, msg);
	if (!soft_failed++)
		snprintf(soft_first, sizeof(soft_first), "line %d: %s", line, msg);
}

#define check(cond, ...) \
	do { if (!(cond)) soft_fail(__LINE__, __VA_ARGS__); } while (0)

static void soft_verdict(void)
{
	int n = soft_failed;

	soft_failed = 0;
	igt_assert_f(!n, "%d check(s) failed; the first: %s", n, soft_first);
}

/* static: the harness longjmps out of a failed subtest; the next one cleans up. */
static struct hostile H;
static int fd = -1;
static pid_t normal_pid = -1;
static bool module_fresh;
static double subtest_t0;

static void apply_overrides(struct hostile *h)
{
	pthread_mutex_lock(&h->lock);
	if (h->nr_ov) {
		pthread_mutex_lock(&h->dev->reg_lock);
		for (unsigned int i = 0; i < h->nr_ov; i++)
			gs_reg_store_locked(h->dev, h->ov[i].reg, h->ov[i].val);
		pthread_mutex_unlock(&h->dev->reg_lock);
	}
	pthread_mutex_unlock(&h->lock);
}

static void ov_set(struct hostile *h, uint32_t reg, uint32_t val)
{
	unsigned int i;

	pthread_mutex_lock(&h->lock);
	for (i = 0; i < h->nr_ov && h->ov[i].reg != reg; i++)
		;
	igt_assert(i < MAX_OV);
	h->ov[i].reg = reg;
	h->ov[i].val = val;
	if (i == h->nr_ov)
		h->nr_ov++;
	pthread_mutex_unlock(&h->lock);
	if (h->dev)
		apply_overrides(h);
}

static void ov_clear(struct hostile *h)
{
	pthread_mutex_lock(&h->lock);
	h->nr_ov = 0;
	pthread_mutex_unlock(&h->lock);
}

/* Remember the LRCA of every context the driver submits. */
static void add_ctx_locked(struct hostile *h, int e, uint64_t desc)
{
	uint32_t lrca = (uint32_t)desc & CTX_DESC_LRCA;

	if (!(desc & CTX_DESC_VALID) || !lrca)
		return;
	for (unsigned int i = 0; i < h->nr_ctx; i++)
		if (h->ctx[i].lrca == lrca && h->ctx[i].engine == e)
			return;
	if (h->nr_ctx < MAX_CTX) {
		h->ctx[h->nr_ctx].engine = e;
		h->ctx[h->nr_ctx].lrca = lrca;
		h->nr_ctx++;
	}
}

static void snoop(struct hostile *h, uint32_t reg, uint32_t val)
{
	for (int e = 0; e < GS_NUM_ENGINES; e++) {
		uint32_t *dw = h->elsp_dw[e];

		if (reg != RING_ELSP(engine_base[e]))
			continue;
		pthread_mutex_lock(&h->lock);
		dw[h->elsp_count[e]++] = val;
		if (h->elsp_count[e] == 4) {
			h->elsp_count[e] = 0;
			add_ctx_locked(h, e, (uint64_t)dw[0] << 32 | dw[1]);
			add_ctx_locked(h, e, (uint64_t)dw[2] << 32 | dw[3]);
		}
		pthread_mutex_unlock(&h->lock);
	}
}

/* wlog.c's consumer, with the hooks: stall, snoop, overrides after each record. */
static void hostile_drain(struct hostile *h)
{
	struct gensim_wlog_header *w = h->chan.wlog;
	const uint32_t mask = GENSIM_WLOG_NR_RECORDS - 1;
	uint32_t tail = shm_load(&w->tail);

	for (;;) {
		uint32_t head = shm_load_acquire(&w->head);

		if (head == tail)
			break;
		if (head - tail > GENSIM_WLOG_NR_RECORDS) {
			fprintf(stderr, "gensim_hostile: write log overrun: head %u tail %u\n",
				head, tail);
			shm_store_release(&w->tail, head);
			return;
		}
		while (tail != head) {
			const struct gensim_wlog_record *rec = &h->chan.records[tail & mask];
			uint32_t reg = shm_load(&rec->offset), val = shm_load(&rec->value);

			if (atomic_load(&h->stall))
				return;
			gs_mmio_write(h->dev, reg, val);
			snoop(h, reg, val);
			apply_overrides(h);
			atomic_fetch_add(&h->applied, 1);
			shm_store_release(&w->tail, ++tail);
		}
	}
	atomic_thread_fence(memory_order_seq_cst);
	if (shm_load(&w->want_drained) && shm_xchg(&w->want_drained, 0))
		gs_chan_send(&h->chan, GENSIM_MSG_DRAINED);
}

static void *hostile_loop(void *arg)
{
	struct hostile *h = arg;

	while (!atomic_load(&h->quit)) {
		int ret = gs_chan_wait(&h->chan, 20);

		if (ret < 0 && ret != -EINTR) {
			atomic_store(&h->loop_err, ret);
			break;
		}
		if (!atomic_load(&h->stall))
			hostile_drain(h);
		apply_overrides(h);
		pthread_mutex_lock(&h->dev->reg_lock);
		gs_timestamps_refresh_locked(h->dev);
		pthread_mutex_unlock(&h->dev->reg_lock);
	}
	return NULL;
}

static void *adv_thread(void *arg)
{
	struct hostile *h = arg;

	h->adv_fn(h);
	atomic_store(&h->adv_done, true);
	return NULL;
}

static void adv_start(struct hostile *h, void (*fn)(struct hostile *), int ms)
{
	igt_assert(!h->adv_started);
	h->adv_fn = fn;
	h->adv_ms = ms;
	atomic_store(&h->adv_stop, false);
	atomic_store(&h->adv_done, false);
	atomic_store(&h->adv_count, 0);
	igt_assert_eq(pthread_create(&h->adv, NULL, adv_thread, h), 0);
	h->adv_started = true;
}

static uint64_t adv_join(struct hostile *h)
{
	if (h->adv_started) {
		atomic_store(&h->adv_stop, true);
		pthread_join(h->adv, NULL);
		h->adv_started = false;
	}
	return atomic_load(&h->adv_count);
}

/* Whether the adversary should go on: not stopped, within its time. */
static bool adv_go(struct hostile *h, double t0)
{
	return !atomic_load(&h->adv_stop) && now_ms() - t0 < h->adv_ms;
}

/* Detach: stop every thread, destroy the model, close the UIO file. */
static void hostile_stop(struct hostile *h)
{
	adv_join(h);
	if (h->loop_started) {
		atomic_store(&h->quit, true);
		pthread_join(h->loop, NULL);
		h->loop_started = false;
	}
	if (h->dev) {
		gs_device_destroy(h->dev);
		h->dev = NULL;
	}
	if (h->chan_open) {
		gs_chan_close(&h->chan);
		h->chan_open = false;
	}
}

/*
 * Attach, reset the model, store the overrides set so far (@ov: pairs, 0
 * terminated) and say READY.  Does not wait for the probe.
 */
static void hostile_start(struct hostile *h, const uint32_t (*ov)[2])
{
	struct gs_config cfg;
	int ret;

	hostile_stop(h);
	memset(h, 0, sizeof(*h));
	pthread_mutex_init(&h->lock, NULL);
	gs_config_defaults(&cfg);
	cfg.engine_mask = ENGINES;
	cfg.eu_workers = 1;

	ret = gs_chan_open_uio(&h->chan, GENSIM_UIO_NAME);
	igt_assert_f(!ret, "attaching to the gensim UIO device: %s", strerror(-ret));
	h->chan_open = true;
	h->dev = gs_device_create(&cfg, &h->chan);
	igt_assert_f(h->dev, "gs_device_create failed");
	gs_device_reset(h->dev);
	for (; ov && ov[0][0]; ov++)
		ov_set(h, ov[0][0], ov[0][1]);
	igt_assert_eq(pthread_create(&h->loop, NULL, hostile_loop, h), 0);
	h->loop_started = true;
	igt_assert_eq(gs_chan_send(&h->chan, GENSIM_MSG_READY), 0);
}

static bool engine_running(struct hostile *h, int e)
{
	struct gs_engine *eng = h->dev->engine[e];
	bool running;

	pthread_mutex_lock(&eng->lock);
	running = eng->running;
	pthread_mutex_unlock(&eng->lock);
	return running;
}

static void wait_engine_running(struct hostile *h, int e)
{
	for (int t = 0; t < 20000 && !engine_running(h, e); t += 10)
		sleep_ms(10);
	igt_assert_f(engine_running(h, e), "%s never started the job (20 s)",
		     gs_engine_names[e]);
	/* Let it reach the semaphore. */
	sleep_ms(200);
}

/* The DMA address of a GGTT address, through the driver's PTEs. */
static int ggtt_to_dma(struct hostile *h, uint64_t ggtt, uint64_t *dma)
{
	struct gs_xlate x;
	struct gs_fault f;

	if (gs_ggtt_walk(h->dev, ggtt, GS_MEM_READ, &x, &f))
		return -EFAULT;
	*dma = x.dma_page + (ggtt & 0xfff);
	return 0;
}

static int ggtt_write(struct hostile *h, uint64_t ggtt, uint32_t val)
{
	uint64_t dma;

	if (ggtt_to_dma(h, ggtt, &dma))
		return -EFAULT;
	return gs_dma_write(h->dev, dma, &val, sizeof(val));
}

static int ggtt_read(struct hostile *h, uint64_t ggtt, uint32_t *val)
{
	uint64_t dma;

	if (ggtt_to_dma(h, ggtt, &dma))
		return -EFAULT;
	return gs_dma_read(h->dev, dma, val, sizeof(*val));
}

/*
 * The kernel log of the subtest, for messages the driver reports.
 */
static int klog_fd = -1;
static char *klog;
static size_t klog_len, klog_size;

static void klog_begin(void)
{
	if (klog_fd < 0)
		klog_fd = open("/dev/kmsg", O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (klog_fd >= 0)
		lseek(klog_fd, 0, SEEK_END);
	klog_len = 0;
	if (klog)
		klog[0] = 0;
}

static void klog_poll(void)
{
	char rec[2048];

	if (klog_fd < 0)
		return;
	for (;;) {
		ssize_t n = read(klog_fd, rec, sizeof(rec) - 1);
		char *msg;
		size_t len;

		if (n < 0 && errno == EPIPE)
			continue;
		if (n <= 0)
			return;
		rec[n] = 0;
		msg = strchr(rec, ';');
		msg = msg ? msg + 1 : rec;
		msg[strcspn(msg, "\n")] = 0;
		len = strlen(msg);
		if (klog_len + len + 2 > klog_size) {
			size_t size = (klog_size ? klog_size * 2 : 65536) + len;
			char *p;

			if (size > 16u << 20)
				continue;	/* enough for any report */
			p = realloc(klog, size);
			if (!p)
				continue;
			klog = p;
			klog_size = size;
		}
		memcpy(klog + klog_len, msg, len);
		klog_len += len;
		klog[klog_len++] = '\n';
		klog[klog_len] = 0;
	}
}

static unsigned int klog_count(const char *needle)
{
	unsigned int n = 0;

	klog_poll();
	for (const char *p = klog; p && (p = strstr(p, needle)); p++)
		n++;
	return n;
}

static bool klog_wait(const char *needle, int timeout_ms)
{
	for (double t0 = now_ms(); now_ms() - t0 < timeout_ms; sleep_ms(50))
		if (klog_count(needle))
			return true;
	return klog_count(needle) != 0;
}

/* Print up to @max lines of the subtest's log that contain @needle. */
static void klog_show(const char *needle, unsigned int max)
{
	unsigned int shown = 0, total = 0;

	klog_poll();
	for (char *line = klog; line && *line;) {
		char *nl = strchr(line, '\n');
		size_t len = nl ? (size_t)(nl - line) : strlen(line);

		if (memmem(line, len, needle, strlen(needle))) {
			if (shown < max)
				igt_info("  dmesg: %.*s\n", (int)len, line);
			shown += shown < max;
			total++;
		}
		line = nl ? nl + 1 : NULL;
	}
	if (total > shown)
		igt_info("  dmesg: ... %u more lines with \"%s\"\n", total - shown, needle);
}

/*
 * What the harness calls a bad kernel message (igt-tests/dmesg-bad-patterns,
 * the main ones).  The harness fails the subtest for it; this prints the
 * report itself, 30 lines of it, even when the subtest fails for another
 * reason first.
 */
static const char *const bad_words[] = {
	"WARNING:", "BUG:", "Oops", "KASAN", "UBSAN:", "lockdep", "general protection",
	"Unable to handle", "refcount_t:", "sleeping function called", "INFO: task",
	"circular locking", "list_add corruption", "list_del corruption", "ODEBUG:",
	"blocked for more than",
};

static void klog_bad_report(void)
{
	char *first = NULL;

	klog_poll();
	for (size_t i = 0; i < sizeof(bad_words) / sizeof(bad_words[0]); i++) {
		char *p = klog ? strstr(klog, bad_words[i]) : NULL;

		if (p && (!first || p < first))
			first = p;
	}
	if (!first)
		return;
	while (first > klog && first[-1] != '\n')
		first--;
	igt_info("kernel report:\n");
	for (int i = 0; i < 30 && first && *first; i++) {
		char *nl = strchr(first, '\n');

		igt_info("  %.*s\n", nl ? (int)(nl - first) : (int)strlen(first), first);
		first = nl ? nl + 1 : NULL;
	}
	check(0, "the kernel log has a bad report (above)");
}

/*
 * The client side: one file, one VM, a batch buffer of 256-byte slots and
 * a data page.
 */
static uint32_t vm;
static struct gensim_buf bb, data;
static bool client_up;

static void client_open(void)
{
	fd = gensim_open_render();
	vm = gensim_vm_create(fd, 0);
	bb = gensim_buf_new(fd, vm, BB_VA, BATCH_SLOTS * 256);
	data = gensim_buf_new(fd, vm, DATA_VA, 4096);
	client_up = true;
}

/* Close the file; the CPU maps go first, they hold the objects. */
static void client_close(void)
{
	if (client_up) {
		munmap(bb.map, bb.size);
		munmap(data.map, data.size);
		client_up = false;
	}
	if (fd >= 0) {
		close(fd);
		fd = -1;
	}
}

static uint32_t *slot_begin(int slot, uint64_t *va)
{
	igt_assert(slot >= 0 && slot < BATCH_SLOTS);
	*va = bb.va + slot * 256;
	return bb.map + slot * 64;
}

static unsigned int emit_store(uint32_t *p, unsigned int n, uint32_t off, uint32_t val)
{
	uint64_t a = data.va + off;

	p[n++] = MI_STORE_DATA_IMM;
	p[n++] = (uint32_t)a;
	p[n++] = (uint32_t)(a >> 32);
	p[n++] = val;
	return n;
}

static unsigned int emit_end(uint32_t *p, unsigned int n)
{
	p[n++] = MI_BATCH_BUFFER_END;
	if (n & 1)
		p[n++] = MI_NOOP;
	return n;
}

/* A batch that stores @val at @off. */
static uint64_t batch_store(int slot, uint32_t off, uint32_t val)
{
	uint64_t va;
	uint32_t *p = slot_begin(slot, &va);

	emit_end(p, emit_store(p, 0, off, val));
	return va;
}

/* A batch that waits for the semaphore dword to be 1, then stores @val at @off. */
static uint64_t batch_wait_store(int slot, uint32_t off, uint32_t val)
{
	uint64_t va, sem = data.va + SEM_OFF;
	uint32_t *p = slot_begin(slot, &va);
	unsigned int n = 0;

	p[n++] = MI_SEMAPHORE_WAIT | SEMA_POLL | SEMA_SAD_EQ_SDD;
	p[n++] = 1;
	p[n++] = (uint32_t)sem;
	p[n++] = (uint32_t)(sem >> 32);
	emit_end(p, emit_store(p, n, off, val));
	return va;
}

static void release_semaphore(void)
{
	__atomic_store_n(&data.map[SEM_OFF / 4], 1, __ATOMIC_SEQ_CST);
}

static int __queue_create(int engine_class, uint32_t *id)
{
	struct drm_gensim_queue_create c = {
		.engine_class = engine_class, .vm_id = vm,
		.priority = DRM_GENSIM_QUEUE_PRIORITY_NORMAL,
	};
	int ret = gensim_ioctl(fd, DRM_IOCTL_GENSIM_QUEUE_CREATE, &c);

	*id = c.queue_id;
	return ret;
}

/* EXEC signalling a new syncobj; 0 and *syncobj, or the ioctl's error. */
static int __exec(uint32_t queue, uint64_t batch, uint32_t *syncobj)
{
	struct drm_gensim_sync s = { .flags = DRM_GENSIM_SYNC_SIGNAL };
	int ret;

	igt_assert_eq(drmSyncobjCreate(fd, 0, &s.handle), 0);
	ret = __gensim_exec(fd, queue, batch, &s, 1);
	if (ret)
		drmSyncobjDestroy(fd, s.handle);
	else
		*syncobj = s.handle;
	return ret;
}

static uint32_t exec(uint32_t queue, uint64_t batch)
{
	uint32_t s = 0;
	int ret = __exec(queue, batch, &s);

	igt_assert_f(!ret, "EXEC: %s", strerror(-ret));
	return s;
}

static const char *status_name(int st)
{
	static char buf[8][32];
	static int i;

	switch (st) {
	case 1: return "done";
	case 0: return "PENDING";
	case -ETIME: return "-ETIME";
	case -EIO: return "-EIO";
	case -ENODEV: return "-ENODEV";
	case -ECANCELED: return "-ECANCELED";
	case -ENOEXEC: return "-ENOEXEC";
	case -EFAULT: return "-EFAULT";
	default:
		i = (i + 1) % 8;
		snprintf(buf[i], sizeof(buf[i]), "%d", st);
		return buf[i];
	}
}

/*
 * Wait until every fence of @s ended or @timeout_ms passed; status[i]: 1
 * done, a negative error, 0 still pending.  Returns the ms it took.
 */
static double wait_fences(const uint32_t *s, int n, int timeout_ms, int *status)
{
	double t0 = now_ms();

	for (int i = 0; i < n; i++) {
		int left = timeout_ms - (int)(now_ms() - t0);

		gensim_syncobj_wait(fd, s[i], left > 0 ? left : 0);
		status[i] = gensim_syncobj_status(fd, s[i]);
	}
	return now_ms() - t0;
}

static void show_statuses(const char *what, const int *status, int n)
{
	char line[512];
	int len = 0;

	for (int i = 0; i < n && len < (int)sizeof(line) - 16; i++)
		len += snprintf(line + len, sizeof(line) - len, " %s", status_name(status[i]));
	igt_info("%s:%s\n", what, line);
}

static uint32_t queue_flags(uint32_t q)
{
	struct drm_gensim_queue_get_state st = { .queue_id = q };

	igt_assert_eq(gensim_ioctl(fd, DRM_IOCTL_GENSIM_QUEUE_GET_STATE, &st), 0);
	return st.flags;
}

/*
 * A store job on a new queue of @engine_class: returns its fence status
 * (1, or an error), or the error of QUEUE_CREATE or EXEC.  @ms: how long
 * it may take.
 */
static int good_job(int engine_class, int ms)
{
	uint32_t q, s;
	int ret, st;

	ret = __queue_create(engine_class, &q);
	if (ret)
		return ret;
	data.map[0xff0 / 4] = 0;
	ret = __exec(q, batch_store(BATCH_SLOTS - 1, 0xff0, 0x900d), &s);
	if (ret)
		return ret;
	wait_fences(&s, 1, ms, &st);
	if (st == 1)
		check(data.map[0xff0 / 4] == 0x900d, "job done but its store is missing");
	drmSyncobjDestroy(fd, s);
	return st;
}

/*
 * Module-wide object counts (contract.rst).  NULL when the file is
 * missing (a kernel from before the contract).
 */
static const char *const object_names[] = {
	"bos", "vms", "page_tables", "queues", "jobs", "contexts", "hw_fences",
};

static char *objects_text(void)
{
	return gensim_read_file(OBJECTS_PATH);
}

static long objects_get(const char *text, const char *name)
{
	size_t len = strlen(name);

	for (const char *p = text; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL)
		if (!strncmp(p, name, len) && p[len] == ':')
			return strtol(p + len + 1, NULL, 10);
	return -1;
}

static bool objects_match(const char *text, const char *baseline)
{
	for (size_t i = 0; i < sizeof(object_names) / sizeof(object_names[0]); i++) {
		long want = baseline ? objects_get(baseline, object_names[i]) : 0;

		if (objects_get(text, object_names[i]) != want)
			return false;
	}
	return true;
}

/* Poll (10 s) until the counts equal @baseline, or 0 when it is NULL. */
static void objects_check(const char *baseline, const char *when)
{
	char *text = objects_text();

	if (!text) {
		igt_info("%s: no %s (a kernel from before the contract): object counts not checked\n",
			 when, OBJECTS_PATH);
		return;
	}
	for (double t0 = now_ms(); !objects_match(text, baseline) && now_ms() - t0 < 10000;) {
		free(text);
		sleep_ms(100);
		text = objects_text();
		igt_assert(text);
	}
	if (!objects_match(text, baseline)) {
		igt_info("%s: objects now:\n%s", when, text);
		if (baseline)
			igt_info("baseline:\n%s", baseline);
		check(0, "%s: object counts not back to %s after 10 s", when,
		      baseline ? "the baseline" : "0");
	} else {
		igt_info("%s: object counts back to %s\n", when, baseline ? "the baseline" : "0");
	}
	free(text);
}

/*
 * Subtest frame.
 */
static void drop_coredumps(void);

/* Dumps hold a reference on the module: drop them first. */
static int unload(void)
{
	drop_coredumps();
	return gensim_system("timeout -k 5 120 make -s -C %s unload >/dev/null", gensim_top());
}

/*
 * The module alone, bounded (make unload also hunts gensim-device
 * processes, slow on TCG; this test starts none but its own): a second
 * try after a second, as make unload does.
 */
static int rmmod(void)
{
	drop_coredumps();
	if (!gensim_module_loaded())
		return 0;
	if (!gensim_system("timeout -k 5 120 rmmod gensim"))
		return 0;
	sleep_ms(1000);
	return gensim_system("timeout -k 5 120 rmmod gensim");
}

static void cleanup_leftovers(void)
{
	hostile_stop(&H);
	client_close();
	if (normal_pid > 0) {
		kill(normal_pid, SIGKILL);
		waitpid(normal_pid, NULL, 0);
		normal_pid = -1;
	}
}

static void set_param(const char *name, int value)
{
	char v[32];

	snprintf(v, sizeof(v), "%d", value);
	igt_assert_f(gensim_param_set(name, v) == 0, "cannot set gensim parameter %s", name);
}

/* A freshly loaded module with no device, and the timeouts of the subtest. */
static void begin(int job_timeout_ms, int device_timeout_ms)
{
	cleanup_leftovers();
	if (!module_fresh || gensim_render_minor() >= 0) {
		igt_assert_f(rmmod() == 0, "rmmod gensim failed before the subtest");
		module_fresh = false;
	}
	if (!gensim_module_loaded())
		igt_assert_eq(gensim_system("%s/scripts/gensim-insmod", gensim_top()), 0);
	module_fresh = false;
	set_param("job_timeout_ms", job_timeout_ms);
	set_param("device_timeout_ms", device_timeout_ms);
	igt_assert_eq(gensim_param_set("coredump", "Y"), 0);
	klog_begin();
	soft_failed = 0;
	subtest_t0 = now_ms();
}

/* Start the hostile device and wait for the driver to register it. */
static void start_and_probe(const uint32_t (*ov)[2])
{
	hostile_start(&H, ov);
	igt_assert_f(gensim_wait_render_node(true, 30000),
		     "no render node 30 s after the hostile device said READY");
}

/* A normal device after a reload: attach, a job, detach. */
static void normal_device_works(void)
{
	int st;

	normal_pid = gensim_device_start(NULL);
	client_open();
	st = good_job(DRM_GENSIM_ENGINE_CLASS_RENDER, 30000);
	igt_assert_f(st == 1, "a normal gensim-device after reload: rcs0 job %s",
		     status_name(st));
	client_close();
	igt_assert_eq(gensim_device_stop(normal_pid, SIGTERM), 0);
	normal_pid = -1;
}

/*
 * The end of every subtest: detach the hostile device, check the old
 * file, the counts, unload, load, and a normal device.
 */
static void finish(void)
{
	double t0 = now_ms();

	hostile_stop(&H);
	igt_info("detached in %.0f ms\n", now_ms() - t0);
	check(gensim_wait_render_node(false, 10000),
	      "render node still present 10 s after the hostile device detached");
	if (fd >= 0) {
		struct drm_gensim_query q = { .query = DRM_GENSIM_QUERY_DEVICE };
		int ret = gensim_ioctl(fd, DRM_IOCTL_GENSIM_QUERY, &q);

		check(ret == -ENODEV,
		      "QUERY on the file of the detached device: %d, expected -ENODEV", ret);
	}
	client_close();
	objects_check(NULL, "after detach and close");
	t0 = now_ms();
	igt_assert_f(rmmod() == 0, "rmmod gensim failed after the hostile device");
	igt_assert_f(!gensim_module_loaded(), "gensim still loaded after rmmod");
	igt_info("unloaded in %.0f ms\n", now_ms() - t0);
	igt_assert_eq(gensim_system("%s/scripts/gensim-insmod", gensim_top()), 0);
	normal_device_works();
	module_fresh = true;
	igt_info("subtest took %.0f s\n", (now_ms() - subtest_t0) / 1000);
	klog_bad_report();
	soft_verdict();
}

/* The gensim lines the kernel logged during the subtest. */
static void show_reports(void)
{
	igt_info("gensim lines in dmesg during the subtest: %u\n", klog_count("gensim"));
	klog_show("gensim", 12);
}

/* The text of a gensim devcoredump, or NULL. */
static char *find_coredump(void)
{
	DIR *dir = opendir("/sys/class/devcoredump");
	struct dirent *de;
	char *found = NULL;

	while (dir && !found && (de = readdir(dir))) {
		char path[300];

		if (strncmp(de->d_name, "devcd", 5))
			continue;
		snprintf(path, sizeof(path), "/sys/class/devcoredump/%s/data", de->d_name);
		found = gensim_read_file(path);
		if (found && !strstr(found, "gensim coredump v1")) {
			free(found);
			found = NULL;
		}
	}
	if (dir)
		closedir(dir);
	return found;
}

static void drop_coredumps(void)
{
	gensim_system("for d in /sys/class/devcoredump/devcd*; do "
		      "[ -e $d/data ] && echo 1 > $d/data; done; true");
}

/*
 * 1. ring-head-out-of-range
 */
static void ring_head_out_of_range(void)
{
	const uint32_t base = RENDER_RING_BASE;
	uint32_t q, s;
	int st;
	char *dump, *eng;
	double ms;

	begin(500, 1000);
	start_and_probe(NULL);
	client_open();
	drop_coredumps();

	/* A job that hangs on a semaphore: no progress, the engine is reset and dumped. */
	q = gensim_queue_create(fd, DRM_GENSIM_ENGINE_CLASS_RENDER, vm);
	s = exec(q, batch_wait_store(0, 0, 1));
	wait_engine_running(&H, GS_RCS);

	/*
	 * From now on the ring registers read as garbage, at dump time and
	 * after the reset.  RING_HEAD first just past the 16 KiB ring (a dump
	 * that follows it reads the guard page after the ring's mapping),
	 * wrap count bits set.
	 */
	ov_set(&H, RING_HEAD(base), 0xffe04100);
	ov_set(&H, RING_TAIL(base), 0xfffffff8);
	ov_set(&H, RING_START(base), 0xfffff000);
	ov_set(&H, RING_CTL(base), 0xffffffff);
	ov_set(&H, RING_ACTHD(base), 0xfffffffc);
	ov_set(&H, RING_ACTHD_UDW(base), 0xffffffff);
	ov_set(&H, RING_BBADDR(base), 0xfffffffc);
	ov_set(&H, RING_BBADDR_UDW(base), 0xffffffff);
	ov_set(&H, RING_IPEHR(base), 0xffffffff);
	ov_set(&H, RING_IPEIR(base), 0xffffffff);
	ov_set(&H, RING_EXECLIST_STATUS_LO(base), 0xffffffff);
	ov_set(&H, RING_EXECLIST_STATUS_HI(base), 0xffffffff);
	for (int i = 0; i < GEN8_CSB_ENTRIES; i++) {
		ov_set(&H, RING_CONTEXT_STATUS_BUF_LO(base, i), 0xffffffff);
		ov_set(&H, RING_CONTEXT_STATUS_BUF_HI(base, i), 0xffffffff);
	}

	ms = wait_fences(&s, 1, 30000, &st);
	igt_info("hung job: %s after %.0f ms\n", status_name(st), ms);
	check(st != 0, "the hung job did not end 30 s after its 500 ms timeout");
	check(st == -ETIME || st == -EIO,
	      "the hung job ended with %s, expected -ETIME (or -EIO if wedged)",
	      status_name(st));

	/* debugfs engines reads the same registers. */
	eng = gensim_debugfs("engines");
	igt_assert(eng);
	igt_info("debugfs engines:\n%.400s", eng);
	free(eng);

	dump = find_coredump();
	if (dump) {
		char *ring = strstr(dump, "\nring:");

		igt_info("devcoredump: %zu bytes%s%.*s\n", strlen(dump), ring ? ", " : "",
			 ring ? (int)strcspn(ring + 1, "\n") : 0, ring ? ring + 1 : "");
		check(strstr(dump, "\nend\n"), "the devcoredump is cut short");
		free(dump);
	} else {
		igt_info("no devcoredump\n");
	}

	/* A second hang, the head now 2 MiB into the 16 KiB ring: the same path once more. */
	ov_set(&H, RING_HEAD(base), 0xfffffffc);
	drop_coredumps();
	s = exec(gensim_queue_create(fd, DRM_GENSIM_ENGINE_CLASS_RENDER, vm),
		 batch_wait_store(1, 4, 1));
	ms = wait_fences(&s, 1, 30000, &st);
	igt_info("second hung job: %s after %.0f ms\n", status_name(st), ms);
	check(st != 0, "the second hung job did not end in 30 s");
	check(st == -ETIME || st == -EIO,
	      "the second hung job ended with %s, expected -ETIME (or -EIO if wedged)",
	      status_name(st));
	dump = find_coredump();
	if (dump) {
		char *ring = strstr(dump, "\nring:");

		igt_info("devcoredump: %zu bytes%s%.*s\n", strlen(dump), ring ? ", " : "",
			 ring ? (int)strcspn(ring + 1, "\n") : 0, ring ? ring + 1 : "");
		free(dump);
	}

	/* Honest registers again: the engine takes work (or the device is wedged). */
	ov_clear(&H);
	st = good_job(DRM_GENSIM_ENGINE_CLASS_RENDER, 30000);
	igt_info("a good job afterwards: %s\n", status_name(st));
	check(st == 1 || st == -EIO, "a good job after the resets: %s", status_name(st));
	show_reports();
	finish();
}

/*
 * 2. csb-garbage
 */
static const uint32_t csb_statuses[] = {
	0,						/* no switch type */
	CSB_CONTEXT_COMPLETE,				/* no switch type */
	CSB_LITE_RESTORE,				/* no switch type */
	CSB_IDLE_TO_ACTIVE,				/* promote, maybe nothing pending */
	CSB_PREEMPTED | CSB_CONTEXT_COMPLETE,		/* promote */
	CSB_PREEMPTED | CSB_LITE_RESTORE,
	CSB_ELEMENT_SWITCH | CSB_CONTEXT_COMPLETE,	/* maybe nothing in flight */
	CSB_ACTIVE_TO_IDLE | CSB_CONTEXT_COMPLETE,
	CSB_ACTIVE_TO_IDLE | CSB_IDLE_TO_ACTIVE | CSB_ELEMENT_SWITCH,
	0xffffffff,
};

static void csb_garbage_adv(struct hostile *h)
{
	unsigned int seed = 0xc5b;
	double t0 = now_ms();

	while (adv_go(h, t0)) {
		int e = rnd(&seed) & 1 ? GS_RCS : GS_BCS;
		uint32_t hwsp = gs_reg_read(h->dev, RING_HWS_PGA(engine_base[e])) & ~0xfffu;
		uint32_t ptr = 0, k = 1 + rnd(&seed) % 3;

		if (!hwsp) {
			sleep_ms(5);
			continue;
		}
		ggtt_read(h, hwsp + HWSP_CSB_WRITE_PTR * 4, &ptr);
		for (uint32_t i = 1; i <= k; i++) {
			uint32_t idx = (ptr % GEN8_CSB_ENTRIES + i) % GEN8_CSB_ENTRIES;
			uint32_t r = rnd(&seed);
			uint32_t status = r % 8 == 7 ? rnd(&seed) :
					  csb_statuses[r % (sizeof(csb_statuses) / 4)];
			uint32_t ids[] = { 0, 0xffffffff, 0xdead, rnd(&seed) };

			ggtt_write(h, hwsp + (HWSP_CSB_ENTRY0 + 2 * idx) * 4, status);
			ggtt_write(h, hwsp + (HWSP_CSB_ENTRY0 + 2 * idx + 1) * 4, ids[r >> 8 & 3]);
		}
		/* The write pointer: next to the entries, or anything 0..255. */
		ptr = rnd(&seed) & 1 ? (ptr % GEN8_CSB_ENTRIES + k) % GEN8_CSB_ENTRIES :
				       rnd(&seed) % 256;
		ggtt_write(h, hwsp + HWSP_CSB_WRITE_PTR * 4, ptr);
		gs_irq_engine_event(h->dev, e, GT_CONTEXT_SWITCH_INTERRUPT);
		atomic_fetch_add(&h->adv_count, 1);
		sleep_ms(2 + rnd(&seed) % 6);
	}
}

static void csb_garbage(void)
{
	uint32_t q[3], s[12];
	int st[12], n = 0, st2;
	double end_ms[12] = {}, t0, last = 0;
	bool released = false;
	char *baseline;
	uint64_t events;

	begin(500, 1000);
	start_and_probe(NULL);
	baseline = objects_text();
	client_open();
	q[0] = gensim_queue_create(fd, DRM_GENSIM_ENGINE_CLASS_RENDER, vm);
	q[1] = gensim_queue_create(fd, DRM_GENSIM_ENGINE_CLASS_RENDER, vm);
	q[2] = gensim_queue_create(fd, DRM_GENSIM_ENGINE_CLASS_COPY, vm);
	/* Contexts in flight (waiting on the semaphore) and work queued behind them. */
	for (int i = 0; i < 3; i++, n++)
		s[n] = exec(q[i], batch_wait_store(n, 4 * n, n + 1));
	for (int i = 0; i < 9; i++, n++)
		s[n] = exec(q[i % 3], batch_store(n, 4 * n, n + 1));
	wait_engine_running(&H, GS_RCS);

	adv_start(&H, csb_garbage_adv, 3000);
	t0 = now_ms();
	while (!atomic_load(&H.adv_done)) {
		if (!released && now_ms() - t0 > 1500) {
			release_semaphore();
			released = true;
		}
		for (int i = 0; i < n; i++)
			if (!end_ms[i] && gensim_syncobj_status(fd, s[i]))
				end_ms[i] = now_ms() - t0;
		sleep_ms(20);
	}
	events = adv_join(&H);
	release_semaphore();
	igt_info("%" PRIu64 " garbage CSB events with context-switch interrupts\n", events);

	wait_fences(s, n, 30000, st);
	show_statuses("fences", st, n);
	for (int i = 0; i < n; i++) {
		if (!end_ms[i] && st[i])
			end_ms[i] = now_ms() - t0;
		check(st[i] != 0, "job %d still pending 30 s after the garbage stopped", i);
		last = end_ms[i] > last ? end_ms[i] : last;
	}
	igt_info("the last fence ended %.0f ms after the garbage started\n", last);
	for (int i = 0; i < 3; i++)
		igt_info("queue %u flags %#x\n", q[i], queue_flags(q[i]));

	/* Later work: runs, or fails with -EIO if the driver wedged the device. */
	st2 = good_job(DRM_GENSIM_ENGINE_CLASS_RENDER, 30000);
	igt_info("a good job afterwards: %s\n", status_name(st2));
	check(st2 == 1 || st2 == -EIO, "a good job after the garbage: %s",
	      status_name(st2));

	/* Tear the clients down with the device attached: nothing of theirs stays. */
	client_close();
	objects_check(baseline, "clients closed, device attached");
	free(baseline);
	/* The mirror may still point at those queues: more real CSB events now. */
	client_open();
	st2 = good_job(DRM_GENSIM_ENGINE_CLASS_COPY, 30000);
	igt_info("a good job from a new file: %s\n", status_name(st2));
	check(st2 == 1 || st2 == -EIO, "a good job from a new file: %s",
	      status_name(st2));
	show_reports();
	finish();
}

/*
 * 3. irq-flood
 */
struct worker {
	pthread_t thread;
	atomic_bool stop;
	uint64_t batch;
	uint32_t queue;
	unsigned int iterations, execs, exec_eio, exec_other;
	int first_error;
	double max_ioctl_ms, max_fence_ms;
};

static void worker_note(struct worker *w, double t0, int ret)
{
	double dt = now_ms() - t0;

	if (dt > w->max_ioctl_ms)
		w->max_ioctl_ms = dt;
	if (ret && !w->first_error)
		w->first_error = ret;
}

/* Another client: QUERY, GEM_CREATE/CLOSE, EXEC and a fence wait, over and over. */
static void *worker_fn(void *arg)
{
	struct worker *w = arg;

	while (!atomic_load(&w->stop)) {
		struct drm_gensim_query q = { .query = DRM_GENSIM_QUERY_DEVICE };
		struct drm_gensim_gem_create c = { .size = 4096 };
		double t0 = now_ms();
		int ret;

		ret = gensim_ioctl(fd, DRM_IOCTL_GENSIM_QUERY, &q);
		worker_note(w, t0, ret);
		t0 = now_ms();
		ret = gensim_ioctl(fd, DRM_IOCTL_GENSIM_GEM_CREATE, &c);
		worker_note(w, t0, ret);
		if (!ret) {
			struct drm_gem_close cl = { .handle = c.handle };

			t0 = now_ms();
			worker_note(w, t0, gensim_ioctl(fd, DRM_IOCTL_GEM_CLOSE, &cl));
		}
		if (w->iterations % 8 == 0) {
			struct drm_gensim_sync s = { .flags = DRM_GENSIM_SYNC_SIGNAL };

			if (drmSyncobjCreate(fd, 0, &s.handle) == 0) {
				t0 = now_ms();
				ret = __gensim_exec(fd, w->queue, w->batch, &s, 1);
				worker_note(w, t0, ret);
				if (!ret) {
					int64_t deadline;
					struct timespec ts;

					clock_gettime(CLOCK_MONOTONIC, &ts);
					deadline = ts.tv_sec * 1000000000ll + ts.tv_nsec + 30000000000ll;
					t0 = now_ms();
					ret = drmSyncobjWait(fd, &s.handle, 1, deadline, 0, NULL);
					if (now_ms() - t0 > w->max_fence_ms)
						w->max_fence_ms = now_ms() - t0;
					if (ret && !w->first_error)
						w->first_error = -errno;
					w->execs++;
				} else if (ret == -EIO) {
					w->exec_eio++;
				} else {
					w->exec_other++;
				}
				drmSyncobjDestroy(fd, s.handle);
			}
		}
		w->iterations++;
	}
	return NULL;
}

static atomic_uint_fast64_t flood_throttled;

/*
 * Up to 300000 interrupts with random IIR and MASTER_IRQ bits.  Each costs
 * the handler a few write-log records; the flood waits while more than
 * 4096 records are pending, so that the kernel sees a device that is noisy
 * but keeps up (one that falls 64K records behind, or lets a posting read
 * wait device_timeout_ms, is rightly wedged: unthrottled, on a TCG VM
 * whose two CPUs this process shares, it does).
 */
static void irq_flood_adv(struct hostile *h)
{
	struct gensim_wlog_header *w = h->chan.wlog;
	unsigned int seed = 0x1f100d;
	double t0 = now_ms();
	int32_t msg = GENSIM_MSG_IRQ;

	atomic_store(&flood_throttled, 0);
	while (adv_go(h, t0) && atomic_load(&h->adv_count) < 300000) {
		uint32_t r = rnd(&seed);

		if (shm_load(&w->head) - shm_load(&w->tail) > 4096) {
			atomic_fetch_add(&flood_throttled, 1);
			sleep_ms(1);
			continue;
		}

		if (r % 16) {
			pthread_mutex_lock(&h->dev->reg_lock);
			for (unsigned int bank = 0; bank < GEN8_GT_NR_BANKS; bank++)
				if (r >> (4 + bank) & 1)
					gs_reg_store_locked(h->dev, GEN8_GT_IIR(bank),
							    gs_reg_read(h->dev, GEN8_GT_IIR(bank)) |
							    (rnd(&seed) & rnd(&seed)));
			/* Master bits for every bank, the two VCS and PM included. */
			gs_reg_store_locked(h->dev, GEN8_MASTER_IRQ,
					    (rnd(&seed) & 0x7f) |
					    (r & 0x100 ? rnd(&seed) & 0x7fffff00 : 0) |
					    (r & 0x200 ? 0 : GEN8_MASTER_IRQ_CONTROL));
			pthread_mutex_unlock(&h->dev->reg_lock);
		}
		if (write(h->chan.uio_fd, &msg, sizeof(msg)) != sizeof(msg))
			break;
		atomic_fetch_add(&h->adv_count, 1);
	}
}

static void irq_flood(void)
{
	static struct worker w;
	uint64_t sent;
	double t0, dt;
	int st;

	begin(2000, 5000);
	start_and_probe(NULL);
	client_open();
	memset(&w, 0, sizeof(w));
	w.queue = gensim_queue_create(fd, DRM_GENSIM_ENGINE_CLASS_RENDER, vm);
	w.batch = batch_store(0, 0, 1);
	igt_assert_eq(pthread_create(&w.thread, NULL, worker_fn, &w), 0);
	sleep_ms(200);

	t0 = now_ms();
	adv_start(&H, irq_flood_adv, 5000);
	while (!atomic_load(&H.adv_done) && now_ms() - t0 < 5500)
		sleep_ms(100);
	sent = adv_join(&H);
	dt = now_ms() - t0;
	sleep_ms(500);
	atomic_store(&w.stop, true);
	pthread_join(w.thread, NULL);

	igt_info("%" PRIu64 " IRQ messages in %.0f ms (%.0f/s), %" PRIu64 " pauses for the write "
		 "log; device applied %" PRIu64 " writes\n", sent, dt, sent * 1000.0 / dt,
		 (uint64_t)atomic_load(&flood_throttled), (uint64_t)atomic_load(&H.applied));
	igt_info("other client: %u iterations, %u EXECs waited, %u EXEC -EIO, %u EXEC other errors, "
		 "first error %d, slowest ioctl %.0f ms, slowest fence %.0f ms\n",
		 w.iterations, w.execs, w.exec_eio, w.exec_other, w.first_error, w.max_ioctl_ms,
		 w.max_fence_ms);
	check(sent >= 1000, "only %" PRIu64 " IRQ messages could be sent", sent);
	check(w.iterations >= 5,
	      "the other client made only %u iterations during the flood", w.iterations);
	check(w.max_ioctl_ms < 10000, "an ioctl took %.0f ms during the flood",
	      w.max_ioctl_ms);
	check(w.max_fence_ms < 30000, "a fence wait took %.0f ms during the flood",
	      w.max_fence_ms);

	st = good_job(DRM_GENSIM_ENGINE_CLASS_RENDER, 30000);
	igt_info("a good job after the flood: %s\n", status_name(st));
	check(st == 1 || st == -EIO, "a good job after the flood: %s", status_name(st));
	show_reports();
	finish();
}

/*
 * 4. undrained-write-log
 */
static void undrained_write_log(void)
{
	const int job_ms = 1000, dev_ms = 1000;
	uint32_t q[3], s[10], sq;
	int st[10], n = 0, ret, st2;
	double t0;

	begin(job_ms, dev_ms);
	start_and_probe(NULL);
	client_open();
	q[0] = gensim_queue_create(fd, DRM_GENSIM_ENGINE_CLASS_RENDER, vm);
	q[1] = gensim_queue_create(fd, DRM_GENSIM_ENGINE_CLASS_COPY, vm);
	q[2] = gensim_queue_create(fd, DRM_GENSIM_ENGINE_CLASS_RENDER, vm);
	/* Jobs in flight on both engines that never complete, and work queued behind. */
	s[n++] = exec(q[0], batch_wait_store(0, 0, 1));
	s[n++] = exec(q[1], batch_wait_store(1, 4, 1));
	s[n++] = exec(q[0], batch_store(2, 8, 1));
	s[n++] = exec(q[1], batch_store(3, 12, 1));
	s[n++] = exec(q[2], batch_store(4, 16, 1));
	wait_engine_running(&H, GS_RCS);
	wait_engine_running(&H, GS_BCS);

	atomic_store(&H.stall, true);
	t0 = now_ms();
	/* Submissions after the stall only reach the write log. */
	s[n++] = exec(q[2], batch_store(5, 20, 1));
	s[n++] = exec(q[0], batch_store(6, 24, 1));

	wait_fences(s, n, job_ms + dev_ms + 10000, st);
	show_statuses("fences", st, n);
	igt_info("ended %.0f ms after the stall (job_timeout_ms %d + device_timeout_ms %d)\n",
		 now_ms() - t0, job_ms, dev_ms);
	for (int i = 0; i < n; i++) {
		check(st[i] != 0, "job %d still pending %d ms after the device stalled", i,
		      job_ms + dev_ms + 10000);
		check(st[i] == -EIO || st[i] == -ETIME,
		      "job %d ended with %s, expected -EIO (or -ETIME for a timed-out one)",
		      i, status_name(st[i]));
	}
	check(klog_wait("wedged", 2000), "no \"wedged\" report in dmesg");

	/* The device is wedged: later EXECs fail with -EIO. */
	ret = __exec(q[2], batch_store(7, 28, 1), &sq);
	if (!ret) {
		wait_fences(&sq, 1, 10000, &st2);
		check(0, "EXEC on a wedged device succeeded (fence %s), expected -EIO",
		      status_name(st2));
	} else {
		check(ret == -EIO, "EXEC on a wedged device: %d, expected -EIO", ret);
	}
	st2 = good_job(DRM_GENSIM_ENGINE_CLASS_COPY, 10000);
	check(st2 == -EIO, "new queue and EXEC on a wedged device: %s, expected -EIO",
	      status_name(st2));
	check(queue_flags(q[2]) & DRM_GENSIM_QUEUE_STATE_WEDGED,
	      "QUEUE_GET_STATE flags %#x without WEDGED", queue_flags(q[2]));
	show_reports();
	finish();
}

/*
 * 5. bad-registers
 */
struct probe_variant {
	const char *name;
	uint32_t ov[4][2];
};

static const struct probe_variant probe_variants[] = {
	{ "engine mask with unknown bits", { { GENSIM_ENGINE_MASK, 0xfffffff3 } } },
	{ "engine mask 0", { { GENSIM_ENGINE_MASK, 0 } } },
	{ "0 EUs (every EU fused off)", { { GEN8_EU_DISABLE0, ~0u }, { GEN8_EU_DISABLE1, ~0u },
					  { GEN8_EU_DISABLE2, ~0u } } },
	{ "no slice enabled", { { GEN8_FUSE2, 0 } } },
	{ "threads_per_eu 0", { { GENSIM_THREADS_PER_EU, 0 } } },
	{ "threads_per_eu 1000", { { GENSIM_THREADS_PER_EU, 1000 } } },
	{ "GMCH_CTRL GGMS 0", { { GENSIM_PCI_GMCH_CTRL, 0 } } },
	{ "channel ABI mismatch", { { GENSIM_ABI_VERSION, GENSIM_CHANNEL_ABI_VERSION + 1 } } },
	{ "bad magic", { { GENSIM_MAGIC, 0xdeadbeef } } },
	{ "vendor not Intel", { { GENSIM_PCI_ID, 0x16161002 } } },
};

static void bad_probe(const struct probe_variant *v)
{
	unsigned int before = klog_count("probe failed");
	double t0 = now_ms();

	hostile_start(&H, (const uint32_t (*)[2])v->ov);
	while (klog_count("probe failed") == before && now_ms() - t0 < 15000)
		sleep_ms(20);
	check(klog_count("probe failed") > before,
	      "%s: no \"probe failed\" in dmesg 15 s after READY", v->name);
	check(gensim_render_minor() < 0, "%s: a render node appeared", v->name);
	igt_info("%s: probe failed after %.0f ms\n", v->name, now_ms() - t0);
	hostile_stop(&H);
}

static void raise_raw(struct hostile *h, unsigned int bank, uint32_t iir, uint32_t master)
{
	pthread_mutex_lock(&h->dev->reg_lock);
	gs_reg_store_locked(h->dev, GEN8_GT_IIR(bank),
			    gs_reg_read(h->dev, GEN8_GT_IIR(bank)) | iir);
	gs_reg_store_locked(h->dev, GEN8_MASTER_IRQ, master | GEN8_MASTER_IRQ_CONTROL);
	pthread_mutex_unlock(&h->dev->reg_lock);
	gs_chan_send(&h->chan, GENSIM_MSG_IRQ);
}

/* Fault registers full of garbage, and page-fault interrupts nobody caused. */
static void bad_fault_registers(void)
{
	static const uint32_t fault_regs[] = {
		RING_FAULT_REG_RCS, RING_FAULT_REG_BCS, RING_FAULT_REG_VCS, RING_FAULT_REG_VECS,
	};
	char *faults;
	int st;

	start_and_probe(NULL);
	client_open();
	for (unsigned int i = 0; i < 4; i++)
		ov_set(&H, fault_regs[i], 0xffffffff);
	ov_set(&H, GEN8_FAULT_TLB_DATA0, 0xffffffff);
	ov_set(&H, GEN8_FAULT_TLB_DATA1, 0xffffffff);
	for (int i = 0; i < 50; i++) {
		gs_irq_engine_event(H.dev, i & 1 ? GS_BCS : GS_RCS, GT_PAGE_FAULT_INTERRUPT);
		/* vcs0 and vecs0 do not exist: their banks anyway. */
		raise_raw(&H, 1, GT_PAGE_FAULT_INTERRUPT << GEN8_VCS0_IRQ_SHIFT, GEN8_GT_VCS0_IRQ);
		raise_raw(&H, 3, GT_PAGE_FAULT_INTERRUPT << GEN8_VECS_IRQ_SHIFT, GEN8_GT_VECS_IRQ);
		sleep_ms(5);
	}
	sleep_ms(300);
	faults = gensim_debugfs("faults");
	igt_assert(faults);
	igt_info("fault registers: debugfs faults says %.*s\n", (int)strcspn(faults, "\n"), faults);
	free(faults);
	ov_clear(&H);
	st = good_job(DRM_GENSIM_ENGINE_CLASS_RENDER, 30000);
	igt_info("fault registers: a good job afterwards: %s\n", status_name(st));
	check(st == 1 || st == -EIO, "a good job after fault garbage: %s", status_name(st));
	client_close();
	hostile_stop(&H);
	igt_assert(gensim_wait_render_node(false, 10000));
}

/* EIR error bits and master-error interrupts with no error behind them. */
static void bad_eir(void)
{
	uint32_t q, s;
	int st;
	double ms;

	start_and_probe(NULL);
	client_open();
	/* An idle engine first. */
	for (int e = GS_RCS; e <= GS_BCS; e++) {
		pthread_mutex_lock(&H.dev->reg_lock);
		gs_reg_store_locked(H.dev, RING_EIR(engine_base[e]), 0xffffffff);
		gs_reg_store_locked(H.dev, RING_IPEHR(engine_base[e]), 0xffffffff);
		pthread_mutex_unlock(&H.dev->reg_lock);
		gs_irq_engine_event(H.dev, e, GT_CS_MASTER_ERROR_INTERRUPT);
	}
	sleep_ms(1500);
	st = good_job(DRM_GENSIM_ENGINE_CLASS_RENDER, 30000);
	igt_info("EIR on idle engines: a good job afterwards: %s\n", status_name(st));
	check(st == 1 || st == -EIO, "a good job after EIR garbage: %s", status_name(st));

	/* Then a busy one: the job must end, one way or another. */
	q = gensim_queue_create(fd, DRM_GENSIM_ENGINE_CLASS_RENDER, vm);
	s = exec(q, batch_wait_store(0, 0, 1));
	wait_engine_running(&H, GS_RCS);
	pthread_mutex_lock(&H.dev->reg_lock);
	gs_reg_store_locked(H.dev, RING_EIR(RENDER_RING_BASE), EIR_INSTRUCTION_ERROR | 0xffff0000);
	pthread_mutex_unlock(&H.dev->reg_lock);
	gs_irq_engine_event(H.dev, GS_RCS, GT_CS_MASTER_ERROR_INTERRUPT);
	ms = wait_fences(&s, 1, 3000, &st);
	if (!st) {
		/* The driver ignored it: the batch is still waiting; let it finish. */
		release_semaphore();
		ms += wait_fences(&s, 1, 30000, &st);
	}
	igt_info("EIR on a busy engine: the job %s after %.0f ms\n", status_name(st), ms);
	check(st != 0, "the job did not end after an EIR report without cause");
	client_close();
	hostile_stop(&H);
	igt_assert(gensim_wait_render_node(false, 10000));
}

/* GDRST that never clears: an engine reset must give up within its bound and wedge. */
static void bad_gdrst(void)
{
	uint32_t q, s, s2;
	int st, ret;
	double ms;

	start_and_probe(NULL);
	client_open();
	q = gensim_queue_create(fd, DRM_GENSIM_ENGINE_CLASS_RENDER, vm);
	s = exec(q, batch_wait_store(0, 0, 1));
	wait_engine_running(&H, GS_RCS);
	ov_set(&H, GEN6_GDRST, GEN6_GRDOM_RENDER | GEN6_GRDOM_MEDIA | GEN6_GRDOM_BLT |
			       GEN6_GRDOM_VECS);
	ms = wait_fences(&s, 1, 30000, &st);
	igt_info("GDRST stuck: the hung job %s after %.0f ms\n", status_name(st), ms);
	check(st != 0, "the hung job did not end 30 s after its timeout (GDRST stuck)");
	check(st < 0, "the hung job completed");
	sleep_ms(500);
	ret = __exec(gensim_queue_create(fd, DRM_GENSIM_ENGINE_CLASS_COPY, vm),
		     batch_store(1, 4, 1), &s2);
	if (!ret) {
		wait_fences(&s2, 1, 10000, &st);
		check(0, "EXEC after a reset that never completed succeeded (fence %s): "
		      "the device was not wedged", status_name(st));
	} else {
		check(ret == -EIO, "EXEC after a reset that never completed: %d, expected -EIO",
		      ret);
	}
	ov_clear(&H);
}

static void bad_registers(void)
{
	begin(500, 1000);
	for (size_t i = 0; i < sizeof(probe_variants) / sizeof(probe_variants[0]); i++)
		bad_probe(&probe_variants[i]);
	klog_show("gensim", 30);
	objects_check(NULL, "after the failed probes");
	bad_fault_registers();
	bad_eir();
	bad_gdrst();
	show_reports();
	finish();
}

/*
 * 6. seqno-garbage
 */
static void seqno_garbage_adv(struct hostile *h)
{
	unsigned int seed = 0x5e9;
	double t0 = now_ms();

	while (adv_go(h, t0)) {
		uint32_t cur = 0, val, lrca;
		unsigned int n, i;
		int e;

		pthread_mutex_lock(&h->lock);
		n = h->nr_ctx;
		i = n ? rnd(&seed) % n : 0;
		e = n ? h->ctx[i].engine : 0;
		lrca = n ? h->ctx[i].lrca : 0;
		pthread_mutex_unlock(&h->lock);
		if (!n) {
			sleep_ms(5);
			continue;
		}
		if (ggtt_read(h, lrca + 0x40 * 4, &cur))
			continue;	/* the context is gone */
		switch (rnd(&seed) % 9) {
		case 0: val = cur + 0x40000000; break;	/* far ahead */
		case 1: val = cur - 1000; break;	/* far behind */
		case 2: val = 0xffffffff; break;
		case 3: val = 0x7fffffff; break;
		case 4: val = 0x80000000; break;
		case 5: val = 0; break;
		case 6: val = cur + 1; break;
		case 7: val = cur + 2; break;
		default: val = rnd(&seed); break;
		}
		ggtt_write(h, lrca + 0x40 * 4, val);
		gs_irq_engine_event(h->dev, e, GT_RENDER_USER_INTERRUPT);
		atomic_fetch_add(&h->adv_count, 1);
		sleep_ms(1 + rnd(&seed) % 2);
	}
}

static void seqno_garbage(void)
{
	uint32_t q[3], s[15], s2[3];
	int st[15], st2[3], ret[3], n = 0, early = 0;
	bool seen[15] = {}, released = false;
	double t0;
	char *baseline;
	uint64_t events;
	unsigned int nr_ctx;

	begin(1000, 1000);
	start_and_probe(NULL);
	baseline = objects_text();
	client_open();
	q[0] = gensim_queue_create(fd, DRM_GENSIM_ENGINE_CLASS_RENDER, vm);
	q[1] = gensim_queue_create(fd, DRM_GENSIM_ENGINE_CLASS_RENDER, vm);
	q[2] = gensim_queue_create(fd, DRM_GENSIM_ENGINE_CLASS_COPY, vm);
	for (int i = 0; i < 3; i++, n++)
		s[n] = exec(q[i], batch_wait_store(n, 4 * n, n + 1));
	for (int i = 0; i < 12; i++, n++)
		s[n] = exec(q[i % 3], batch_store(n, 4 * n, n + 1));
	wait_engine_running(&H, GS_RCS);
	for (int t = 0; t < 5000 && !H.nr_ctx; t += 10)
		sleep_ms(10);
	pthread_mutex_lock(&H.lock);
	nr_ctx = H.nr_ctx;
	pthread_mutex_unlock(&H.lock);
	igt_assert_f(nr_ctx, "no context descriptor seen on ELSP");

	adv_start(&H, seqno_garbage_adv, 3000);
	t0 = now_ms();
	while (!atomic_load(&H.adv_done)) {
		if (!released && now_ms() - t0 > 1000) {
			release_semaphore();
			/* More work while the breadcrumbs lie (a queue may be banned by now). */
			for (int i = 0; i < 3; i++)
				ret[i] = __exec(q[i], batch_store(32 + i, 0x100 + 4 * i, 7), &s2[i]);
			released = true;
		}
		/* Fences that signal before their batch stored: the lie believed. */
		for (int i = 0; i < n; i++) {
			if (seen[i])
				continue;
			st[i] = gensim_syncobj_status(fd, s[i]);
			if (st[i]) {
				seen[i] = true;
				early += st[i] == 1 && data.map[i] != (uint32_t)i + 1;
			}
		}
		sleep_ms(20);
	}
	events = adv_join(&H);
	pthread_mutex_lock(&H.lock);
	nr_ctx = H.nr_ctx;
	pthread_mutex_unlock(&H.lock);
	igt_info("%" PRIu64 " garbage breadcrumbs with user interrupts over %u contexts; "
		 "%d fences signalled before their batch wrote\n", events, nr_ctx, early);
	igt_assert(released);

	wait_fences(s, n, 30000, st);
	for (int i = 0; i < 3; i++) {
		if (ret[i])
			st2[i] = ret[i];	/* EXEC failed */
		else
			wait_fences(&s2[i], 1, 30000, &st2[i]);
	}
	show_statuses("fences", st, n);
	show_statuses("fences submitted during the garbage", st2, 3);
	for (int i = 0; i < n; i++)
		check(st[i] != 0, "job %d still pending 30 s after the garbage stopped", i);
	for (int i = 0; i < 3; i++)
		check(st2[i] != 0, "late job %d still pending 30 s after the garbage", i);

	st[0] = good_job(DRM_GENSIM_ENGINE_CLASS_RENDER, 30000);
	igt_info("a good job on a new queue: %s\n", status_name(st[0]));
	check(st[0] == 1 || st[0] == -EIO, "a good job after the garbage: %s",
	      status_name(st[0]));

	client_close();
	objects_check(baseline, "clients closed, device attached");
	free(baseline);
	show_reports();
	finish();
}

igt_main
{
	igt_fixture {
		igt_require(getuid() == 0);
		if (gensim_module_loaded())
			igt_assert_f(unload() == 0, "make unload failed");
		igt_assert_eq(gensim_system("%s/scripts/gensim-insmod", gensim_top()), 0);
		module_fresh = true;
	}

	igt_subtest("ring-head-out-of-range")
		ring_head_out_of_range();
	igt_subtest("csb-garbage")
		csb_garbage();
	igt_subtest("irq-flood")
		irq_flood();
	igt_subtest("undrained-write-log")
		undrained_write_log();
	igt_subtest("bad-registers")
		bad_registers();
	igt_subtest("seqno-garbage")
		seqno_garbage();

	igt_fixture {
		cleanup_leftovers();
		unload();
	}
}
