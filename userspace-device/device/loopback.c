// SPDX-License-Identifier: MIT
/*
 * The loopback transport (loopback.h).  The device half is an ordinary
 * struct gs_chan of kind GS_CHAN_LOOP run by gs_device_run() on a thread;
 * the driver half below mirrors the kernel's gensim_mmio.c: it appends
 * records, rings the doorbell (an eventfd here, uio_event_notify() there)
 * and waits for GENSIM_MSG_DRAINED behind want_drained for posting reads.
 */
#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "channel/chan.h"
#include "core/device.h"
#include "core/log.h"
#include "core/shm.h"
#include "device/device.h"
#include "device/loopback.h"

#define PAGE	4096u

struct gs_loop {
	struct gs_chan chan;
	struct gs_device *dev;
	pthread_t thread;
	int doorbell;			/* eventfd, driver -> device */

	/* Protects: msgs.  cond is signalled on every message. */
	pthread_mutex_t lock;
	pthread_cond_t cond;
	uint32_t msgs;

	/* Protects: head (the producer index), like the kernel's wlog_lock. */
	pthread_mutex_t wlog_lock;
	uint32_t head;
};

static void *map_anon(size_t size, int prot)
{
	void *p = mmap(NULL, size, prot, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);

	return p == MAP_FAILED ? NULL : p;
}

static int loop_chan_wait(void *ctx, int timeout_ms)
{
	struct gs_loop *loop = ctx;
	struct pollfd pfd = { .fd = loop->doorbell, .events = POLLIN };
	uint64_t count;
	int ret = poll(&pfd, 1, timeout_ms);

	if (ret <= 0)
		return ret < 0 ? -errno : 0;
	if (read(loop->doorbell, &count, sizeof(count)) != sizeof(count))
		return -errno;
	return 1;
}

static int loop_chan_send(void *ctx, uint32_t msgs)
{
	struct gs_loop *loop = ctx;
	if (!msgs || (msgs & ~GENSIM_MSG_ALL))
		return -EINVAL;
	pthread_mutex_lock(&loop->lock);
	loop->msgs |= msgs;
	pthread_cond_broadcast(&loop->cond);
	pthread_mutex_unlock(&loop->lock);
	return 0;
}

static const struct gs_chan_loop_ops loop_ops = {
	.wait = loop_chan_wait,
	.send = loop_chan_send,
};

static void *device_thread(void *arg)
{
	struct gs_loop *loop = arg;

	gs_device_run(loop->dev);
	return NULL;
}

static void free_maps(struct gs_loop *loop)
{
	if (loop->chan.bar0)
		munmap(loop->chan.bar0, GENSIM_BAR0_SIZE);
	if (loop->chan.wlog)
		munmap(loop->chan.wlog, GENSIM_WLOG_SIZE);
	if (loop->chan.dma)
		munmap(loop->chan.dma, GENSIM_DMA_WINDOW_SIZE);
}

/*
 * Set up both halves, reset the device and start it; NULL on failure.
 * @wlog_start: the initial head and tail of the write log, so tests can put
 * the free-running indices next to their 32-bit wrap.
 */
struct gs_loop *gs_loop_create_at(const struct gs_config *cfg, uint32_t wlog_start)
{
	struct gs_loop *loop = calloc(1, sizeof(*loop));
	struct gensim_wlog_header *h;

	if (!loop)
		return NULL;
	loop->chan.kind = GS_CHAN_LOOP;
	loop->chan.loop_ops = &loop_ops;
	loop->chan.loop_ctx = loop;
	loop->chan.uio_fd = -1;
	loop->chan.bar0 = map_anon(GENSIM_BAR0_SIZE, PROT_READ | PROT_WRITE);
	loop->chan.wlog = map_anon(GENSIM_WLOG_SIZE, PROT_READ | PROT_WRITE);
	loop->chan.dma = map_anon(GENSIM_DMA_WINDOW_SIZE, PROT_NONE);
	loop->chan.dma_size = GENSIM_DMA_WINDOW_SIZE;
	loop->doorbell = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
	pthread_mutex_init(&loop->lock, NULL);
	pthread_cond_init(&loop->cond, NULL);
	pthread_mutex_init(&loop->wlog_lock, NULL);
	if (!loop->chan.bar0 || !loop->chan.wlog || !loop->chan.dma || loop->doorbell < 0)
		goto fail;

	/* What gensim_channel_mmio_init() does in the kernel. */
	h = loop->chan.wlog;
	h->magic = GENSIM_WLOG_MAGIC;
	h->version = GENSIM_CHANNEL_ABI_VERSION;
	h->nr_records = GENSIM_WLOG_NR_RECORDS;
	h->records_offset = GENSIM_WLOG_RECORDS_OFFSET;
	h->head = h->tail = loop->head = wlog_start;
	loop->chan.records = (void *)((uint8_t *)h + GENSIM_WLOG_RECORDS_OFFSET);

	loop->dev = gs_device_create(cfg, &loop->chan);
	if (!loop->dev)
		goto fail;
	gs_device_reset(loop->dev);
	if (pthread_create(&loop->thread, NULL, device_thread, loop))
		goto fail_dev;
	gs_chan_send(&loop->chan, GENSIM_MSG_READY);
	return loop;

fail_dev:
	gs_device_destroy(loop->dev);
fail:
	if (loop->doorbell >= 0)
		close(loop->doorbell);
	free_maps(loop);
	free(loop);
	return NULL;
}

struct gs_loop *gs_loop_create(const struct gs_config *cfg)
{
	return gs_loop_create_at(cfg, 0);
}

void gs_loop_destroy(struct gs_loop *loop)
{
	gs_device_stop(loop->dev);
	pthread_join(loop->thread, NULL);
	gs_device_destroy(loop->dev);
	close(loop->doorbell);
	pthread_cond_destroy(&loop->cond);
	pthread_mutex_destroy(&loop->lock);
	pthread_mutex_destroy(&loop->wlog_lock);
	free_maps(loop);
	free(loop);
}

struct gs_device *gs_loop_device(struct gs_loop *loop)
{
	return loop->dev;
}

uint32_t gs_loop_wlog_tail(struct gs_loop *loop)
{
	return shm_load_acquire(&loop->chan.wlog->tail);
}

static void ring_doorbell(struct gs_loop *loop)
{
	uint64_t one = 1;

	if (write(loop->doorbell, &one, sizeof(one)) != sizeof(one))
		gs_err("loopback doorbell: %m");
}

/* The producer: append one record; waits for room if the device lags 64K behind. */
void gs_loop_write(struct gs_loop *loop, uint32_t reg, uint32_t val)
{
	struct gensim_wlog_header *h = loop->chan.wlog;
	struct gensim_wlog_record *rec;

	pthread_mutex_lock(&loop->wlog_lock);
	while (loop->head - shm_load_acquire(&h->tail) >= GENSIM_WLOG_NR_RECORDS) {
		ring_doorbell(loop);
		sched_yield();
	}
	rec = &loop->chan.records[loop->head & (GENSIM_WLOG_NR_RECORDS - 1)];
	shm_store(&rec->offset, reg);
	shm_store(&rec->value, val);
	shm_store_release(&h->head, ++loop->head);
	pthread_mutex_unlock(&loop->wlog_lock);
	ring_doorbell(loop);
}

static int pending(struct gs_loop *loop)
{
	return shm_load(&loop->chan.wlog->head) != shm_load_acquire(&loop->chan.wlog->tail);
}

static void deadline_after(struct timespec *ts, int ms)
{
	clock_gettime(CLOCK_REALTIME, ts);
	ts->tv_sec += ms / 1000;
	ts->tv_nsec += (long)(ms % 1000) * 1000000;
	if (ts->tv_nsec >= 1000000000) {
		ts->tv_sec++;
		ts->tv_nsec -= 1000000000;
	}
}

/* A posting read's wait.  Returns 0, or -ETIMEDOUT (the kernel would wedge). */
int gs_loop_flush(struct gs_loop *loop, int timeout_ms)
{
	struct timespec ts;
	int ret = 0;

	deadline_after(&ts, timeout_ms);
	pthread_mutex_lock(&loop->lock);
	for (;;) {
		if (!pending(loop))
			break;
		shm_store(&loop->chan.wlog->want_drained, 1);
		atomic_thread_fence(memory_order_seq_cst);
		if (!pending(loop))
			break;
		if (loop->msgs & GENSIM_MSG_DRAINED) {
			loop->msgs &= ~GENSIM_MSG_DRAINED;
			continue;
		}
		if (pthread_cond_timedwait(&loop->cond, &loop->lock, &ts) == ETIMEDOUT) {
			ret = pending(loop) ? -ETIMEDOUT : 0;
			break;
		}
	}
	pthread_mutex_unlock(&loop->lock);
	return ret;
}

uint32_t gs_loop_read(struct gs_loop *loop, uint32_t reg)
{
	if (gs_loop_flush(loop, 5000))
		gs_err("loopback posting read of %#x: the device did not drain the log", reg);
	return shm_load(&loop->chan.bar0[reg / 4]);
}

/* Wait for any of @mask; returns and consumes the ones that arrived (0 on timeout). */
uint32_t gs_loop_wait_msgs(struct gs_loop *loop, uint32_t mask, int timeout_ms)
{
	struct timespec ts;
	uint32_t got;

	deadline_after(&ts, timeout_ms);
	pthread_mutex_lock(&loop->lock);
	while (!(loop->msgs & mask))
		if (pthread_cond_timedwait(&loop->cond, &loop->lock, &ts) == ETIMEDOUT)
			break;
	got = loop->msgs & mask;
	loop->msgs &= ~mask;
	pthread_mutex_unlock(&loop->lock);
	return got;
}

static int window_range(uint64_t addr, size_t len)
{
	return !(addr % PAGE) && !(len % PAGE) && len && addr < GENSIM_DMA_WINDOW_SIZE &&
	       len <= GENSIM_DMA_WINDOW_SIZE - addr;
}

/* Make window pages present (zero-filled), as gensim_dmawin_map() does. */
int gs_loop_map(struct gs_loop *loop, uint64_t addr, size_t len)
{
	if (!window_range(addr, len))
		return -EINVAL;
	return mprotect(loop->chan.dma + addr, len, PROT_READ | PROT_WRITE) ? -errno : 0;
}

/*
 * Remove window pages without telling the device: what a driver that
 * forgot GENSIM_DMAWIN_INVALIDATE would do.  For tests; use gs_loop_unmap().
 */
int gs_loop_unmap_no_invalidate(struct gs_loop *loop, uint64_t addr, size_t len)
{
	if (!window_range(addr, len))
		return -EINVAL;
	if (madvise(loop->chan.dma + addr, len, MADV_DONTNEED))
		return -errno;
	return mprotect(loop->chan.dma + addr, len, PROT_NONE) ? -errno : 0;
}

/*
 * Remove window pages, as gensim_dmawin_unmap() does: once they are gone,
 * tell the device (a posted write, in order with every later one), so a
 * command submitted after this sees the pages missing.
 */
int gs_loop_unmap(struct gs_loop *loop, uint64_t addr, size_t len)
{
	int ret = gs_loop_unmap_no_invalidate(loop, addr, len);

	if (!ret)
		gs_loop_write(loop, GENSIM_DMAWIN_INVALIDATE, 1);
	return ret;
}

void *gs_loop_dma(struct gs_loop *loop, uint64_t addr)
{
	return loop->chan.dma + addr;
}
