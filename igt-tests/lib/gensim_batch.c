// SPDX-License-Identifier: MIT
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <linux/sync_file.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <xf86drm.h>

#include "gensim_batch.h"
#include "igt.h"

struct gensim_buf gensim_buf_new(int fd, uint32_t vm, uint64_t va, uint64_t size)
{
	/* Objects and bindings are whole pages; the caller uses what it asked for. */
	struct gensim_buf b = { .fd = fd, .vm = vm, .va = va, .size = (size + 4095) & ~4095ull };

	/* Private to the VM, as a userspace driver makes its batch and data buffers. */
	b.handle = gensim_gem_create_private(fd, b.size, vm);
	b.map = gensim_gem_mmap(fd, b.handle, b.size);
	memset(b.map, 0, b.size);
	gensim_vm_map(fd, vm, b.handle, 0, b.size, va, 0);
	return b;
}

void gensim_buf_free(struct gensim_buf *b)
{
	gensim_vm_unmap(b->fd, b->vm, b->va, b->size);
	munmap(b->map, b->size);
	gensim_gem_close(b->fd, b->handle);
}

struct gensim_bb gensim_bb_new(int fd, uint32_t vm, uint64_t va)
{
	struct gensim_bb bb = { .buf = gensim_buf_new(fd, vm, va, 65536) };

	return bb;
}

void gensim_bb_emit(struct gensim_bb *bb, uint32_t dw)
{
	igt_assert(bb->len < bb->buf.size / 4);
	bb->buf.map[bb->len++] = dw;
}

void gensim_bb_end(struct gensim_bb *bb)
{
	gensim_bb_emit(bb, MI_BATCH_BUFFER_END);
	if (bb->len & 1)
		gensim_bb_emit(bb, MI_NOOP);
}

void gensim_bb_free(struct gensim_bb *bb)
{
	gensim_buf_free(&bb->buf);
}

void gensim_bb_store_dword(struct gensim_bb *bb, uint64_t va, uint32_t value)
{
	gensim_bb_emit(bb, MI_STORE_DATA_IMM);
	gensim_bb_emit(bb, (uint32_t)va);
	gensim_bb_emit(bb, (uint32_t)(va >> 32));
	gensim_bb_emit(bb, value);
}

void gensim_bb_semaphore_wait(struct gensim_bb *bb, uint64_t va, uint32_t value,
			      uint32_t compare)
{
	gensim_bb_emit(bb, MI_SEMAPHORE_WAIT | SEMA_POLL | compare);
	gensim_bb_emit(bb, value);
	gensim_bb_emit(bb, (uint32_t)va);
	gensim_bb_emit(bb, (uint32_t)(va >> 32));
}

void gensim_bb_lri(struct gensim_bb *bb, uint32_t reg, uint32_t value)
{
	gensim_bb_emit(bb, MI_LOAD_REGISTER_IMM(1));
	gensim_bb_emit(bb, reg);
	gensim_bb_emit(bb, value);
}

void gensim_bb_srm(struct gensim_bb *bb, uint32_t reg, uint64_t va)
{
	gensim_bb_emit(bb, MI_STORE_REGISTER_MEM);
	gensim_bb_emit(bb, reg);
	gensim_bb_emit(bb, (uint32_t)va);
	gensim_bb_emit(bb, (uint32_t)(va >> 32));
}

void gensim_bb_start(struct gensim_bb *bb, uint64_t va, int second_level)
{
	gensim_bb_emit(bb, MI_BATCH_BUFFER_START | MI_BB_PPGTT |
			   (second_level ? MI_BB_SECOND_LEVEL : 0));
	gensim_bb_emit(bb, (uint32_t)va);
	gensim_bb_emit(bb, (uint32_t)(va >> 32));
}

uint32_t gensim_queue_create(int fd, int engine_class, uint32_t vm)
{
	struct drm_gensim_queue_create c = {
		.engine_class = engine_class, .vm_id = vm,
		.priority = DRM_GENSIM_QUEUE_PRIORITY_NORMAL,
	};

	igt_assert_eq(gensim_ioctl(fd, DRM_IOCTL_GENSIM_QUEUE_CREATE, &c), 0);
	return c.queue_id;
}

int __gensim_exec(int fd, uint32_t queue, uint64_t batch, struct drm_gensim_sync *syncs,
		  uint32_t n)
{
	struct drm_gensim_exec e = {
		.queue_id = queue, .batch_address = batch,
		.num_syncs = n, .syncs = (uintptr_t)syncs,
	};

	return gensim_ioctl(fd, DRM_IOCTL_GENSIM_EXEC, &e);
}

uint32_t gensim_exec_sync(int fd, uint32_t queue, uint64_t batch)
{
	struct drm_gensim_sync s = { .flags = DRM_GENSIM_SYNC_SIGNAL };
	int ret;

	igt_assert_eq(drmSyncobjCreate(fd, 0, &s.handle), 0);
	ret = __gensim_exec(fd, queue, batch, &s, 1);
	igt_assert_f(!ret, "EXEC: %s", strerror(-ret));
	return s.handle;
}

int gensim_syncobj_wait(int fd, uint32_t syncobj, int64_t timeout_ms)
{
	struct timespec now;
	int64_t deadline;
	int ret;

	clock_gettime(CLOCK_MONOTONIC, &now);
	deadline = now.tv_sec * 1000000000ll + now.tv_nsec + timeout_ms * 1000000ll;
	ret = drmSyncobjWait(fd, &syncobj, 1, deadline, DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT,
			     NULL);
	return ret ? -errno : 0;
}

/* 1 signalled, 0 not yet, or the fence's error (negative), via sync_file. */
int gensim_syncobj_status(int fd, uint32_t syncobj)
{
	struct sync_file_info info = { 0 };
	int sync_fd, ret;

	igt_assert_eq(drmSyncobjExportSyncFile(fd, syncobj, &sync_fd), 0);
	ret = ioctl(sync_fd, SYNC_IOC_FILE_INFO, &info);
	close(sync_fd);
	igt_assert_eq(ret, 0);
	return info.status;
}
