// SPDX-License-Identifier: MIT
/*
 * gensim-run through the driver: the gensim render node and its uapi
 * (uapi/drm/gensim_drm.h) with libdrm, as igt-tests/lib/gensim_ioctl.c and
 * gensim_batch.c use it: a VM, one GEM object per mapping (GEM_CREATE,
 * MMAP_OFFSET, VM_BIND at the job's address), a render queue and one EXEC
 * that signals a syncobj.  The batch runs non-privileged, in the queue's
 * render context, exactly as gensim-run builds it in process.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>
#include <linux/sync_file.h>
#include <xf86drm.h>

#include "gensim_drm.h"
#include "gsrun/gsrun.h"

struct gsr_drm_map {
	uint32_t handle;
	uint64_t va, size;
	void *cpu;
};

struct gsr_drm {
	int fd;
	uint32_t vm, queue;
	uint32_t threads;
	struct gsr_drm_map *maps;
	unsigned int nmaps;
};

static int gs_ioctl(int fd, unsigned long req, void *arg)
{
	int ret;

	do {
		ret = ioctl(fd, req, arg);
	} while (ret == -1 && (errno == EINTR || errno == EAGAIN));
	return ret ? -errno : 0;
}

/* The first render node whose driver is gensim. */
static int open_gensim(const char *node, char *err, size_t len)
{
	char path[64];

	if (node) {
		int fd = open(node, O_RDWR | O_CLOEXEC);

		if (fd < 0)
			snprintf(err, len, "%s: %s", node, strerror(errno));
		return fd;
	}
	for (int minor = 128; minor < 192; minor++) {
		drmVersionPtr v;
		int fd;

		snprintf(path, sizeof(path), "/dev/dri/renderD%d", minor);
		fd = open(path, O_RDWR | O_CLOEXEC);
		if (fd < 0)
			continue;
		v = drmGetVersion(fd);
		if (v && !strcmp(v->name, "gensim")) {
			drmFreeVersion(v);
			return fd;
		}
		if (v)
			drmFreeVersion(v);
		close(fd);
	}
	snprintf(err, len, "no gensim render node in /dev/dri (is the driver loaded?)");
	return -1;
}

struct gsr_drm *gsr_drm_open(const char *node, char *err, size_t len)
{
	struct gsr_drm *d = calloc(1, sizeof(*d));
	struct drm_gensim_query q = { .query = DRM_GENSIM_QUERY_DEVICE };
	struct drm_gensim_query_device dev = { 0 };
	struct drm_gensim_vm_create vc = { 0 };
	struct drm_gensim_queue_create qc = {
		.engine_class = DRM_GENSIM_ENGINE_CLASS_RENDER,
		.priority = DRM_GENSIM_QUEUE_PRIORITY_NORMAL,
	};
	int ret;

	if (!d) {
		snprintf(err, len, "out of memory");
		return NULL;
	}
	d->fd = open_gensim(node, err, len);
	if (d->fd < 0) {
		free(d);
		return NULL;
	}
	q.size = sizeof(dev);
	q.data = (uintptr_t)&dev;
	ret = gs_ioctl(d->fd, DRM_IOCTL_GENSIM_QUERY, &q);
	if (!ret)
		ret = gs_ioctl(d->fd, DRM_IOCTL_GENSIM_VM_CREATE, &vc);
	if (!ret) {
		d->vm = vc.vm_id;
		qc.vm_id = d->vm;
		ret = gs_ioctl(d->fd, DRM_IOCTL_GENSIM_QUEUE_CREATE, &qc);
	}
	if (ret) {
		snprintf(err, len, "QUERY, VM_CREATE or QUEUE_CREATE: %s", strerror(-ret));
		gsr_drm_close(d);
		return NULL;
	}
	d->queue = qc.queue_id;
	d->threads = dev.eu_total * dev.threads_per_eu;
	if (!d->threads)
		d->threads = 1;
	return d;
}

void gsr_drm_close(struct gsr_drm *d)
{
	if (!d)
		return;
	for (unsigned int i = 0; i < d->nmaps; i++) {
		struct gsr_drm_map *m = &d->maps[i];
		struct drm_gensim_vm_bind_op op = {
			.op = DRM_GENSIM_VM_BIND_OP_UNMAP, .addr = m->va, .range = m->size,
		};
		struct drm_gensim_vm_bind b = { .vm_id = d->vm, .num_binds = 1,
						.binds = (uintptr_t)&op };
		struct drm_gem_close c = { .handle = m->handle };

		gs_ioctl(d->fd, DRM_IOCTL_GENSIM_VM_BIND, &b);
		munmap(m->cpu, m->size);
		gs_ioctl(d->fd, DRM_IOCTL_GEM_CLOSE, &c);
	}
	free(d->maps);
	if (d->queue) {
		struct drm_gensim_queue_destroy qd = { .queue_id = d->queue };

		gs_ioctl(d->fd, DRM_IOCTL_GENSIM_QUEUE_DESTROY, &qd);
	}
	if (d->vm) {
		struct drm_gensim_vm_destroy vd = { .vm_id = d->vm };

		gs_ioctl(d->fd, DRM_IOCTL_GENSIM_VM_DESTROY, &vd);
	}
	close(d->fd);
	free(d);
}

static void *drm_map(void *ctx, uint64_t va, uint64_t size, char *err, size_t len)
{
	struct gsr_drm *d = ctx;
	struct drm_gensim_gem_create gc = { .size = size };
	struct drm_gensim_gem_mmap_offset mo = { 0 };
	struct drm_gensim_vm_bind_op op = {
		.op = DRM_GENSIM_VM_BIND_OP_MAP, .range = size, .addr = va,
	};
	struct drm_gensim_vm_bind b = { .vm_id = d->vm, .num_binds = 1, .binds = (uintptr_t)&op };
	struct gsr_drm_map *maps = realloc(d->maps, (d->nmaps + 1) * sizeof(*maps));
	void *cpu;
	int ret;

	if (!maps) {
		snprintf(err, len, "out of memory");
		return NULL;
	}
	d->maps = maps;
	ret = gs_ioctl(d->fd, DRM_IOCTL_GENSIM_GEM_CREATE, &gc);
	if (ret) {
		snprintf(err, len, "GEM_CREATE of %llu bytes: %s", (unsigned long long)size,
			 strerror(-ret));
		return NULL;
	}
	mo.handle = gc.handle;
	ret = gs_ioctl(d->fd, DRM_IOCTL_GENSIM_GEM_MMAP_OFFSET, &mo);
	cpu = ret ? MAP_FAILED : mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, d->fd,
				      (off_t)mo.offset);
	op.handle = gc.handle;
	if (cpu != MAP_FAILED)
		ret = gs_ioctl(d->fd, DRM_IOCTL_GENSIM_VM_BIND, &b);
	if (cpu == MAP_FAILED || ret) {
		struct drm_gem_close c = { .handle = gc.handle };

		snprintf(err, len, "mapping %llu bytes at %#llx: %s", (unsigned long long)size,
			 (unsigned long long)va, strerror(ret ? -ret : errno));
		if (cpu != MAP_FAILED)
			munmap(cpu, size);
		gs_ioctl(d->fd, DRM_IOCTL_GEM_CLOSE, &c);
		return NULL;
	}
	memset(cpu, 0, size);
	d->maps[d->nmaps++] = (struct gsr_drm_map){ gc.handle, va, size, cpu };
	return cpu;
}

struct gsr_mem gsr_drm_mem(struct gsr_drm *d)
{
	return (struct gsr_mem){ .ctx = d, .map = drm_map, .threads = d->threads };
}

/* 1 signalled, 0 pending, or the error the fence ended with (sync_file status). */
static int fence_status(int fd, uint32_t syncobj)
{
	struct sync_file_info info = { 0 };
	int sync_fd, ret;

	if (drmSyncobjExportSyncFile(fd, syncobj, &sync_fd))
		return -errno;
	ret = ioctl(sync_fd, SYNC_IOC_FILE_INFO, &info);
	close(sync_fd);
	return ret ? -errno : info.status;
}

int gsr_drm_exec(struct gsr_drm *d, uint64_t batch_va, int timeout_ms, struct gsr_result *r)
{
	struct drm_gensim_sync s = { .flags = DRM_GENSIM_SYNC_SIGNAL };
	struct drm_gensim_exec e = { .queue_id = d->queue, .batch_address = batch_va,
				     .num_syncs = 1, .syncs = (uintptr_t)&s };
	struct timespec t0, t1;
	int64_t deadline;
	int ret, st;

	memset(r, 0, sizeof(*r));
	if (drmSyncobjCreate(d->fd, 0, &s.handle)) {
		snprintf(r->msg, sizeof(r->msg), "syncobj: %s", strerror(errno));
		return -errno;
	}
	clock_gettime(CLOCK_MONOTONIC, &t0);
	ret = gs_ioctl(d->fd, DRM_IOCTL_GENSIM_EXEC, &e);
	if (ret) {
		snprintf(r->msg, sizeof(r->msg), "EXEC: %s", strerror(-ret));
		drmSyncobjDestroy(d->fd, s.handle);
		return ret;
	}
	deadline = t0.tv_sec * 1000000000ll + t0.tv_nsec + (int64_t)timeout_ms * 1000000ll;
	ret = drmSyncobjWait(d->fd, &s.handle, 1, deadline,
			     DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT, NULL) ? -errno : 0;
	clock_gettime(CLOCK_MONOTONIC, &t1);
	r->seconds = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
	st = ret ? ret : fence_status(d->fd, s.handle);
	drmSyncobjDestroy(d->fd, s.handle);
	if (st == 1) {
		r->ok = true;
		return 0;
	}
	snprintf(r->msg, sizeof(r->msg), "%s: %s", ret ? "waiting for the batch" :
		 "the batch failed (the driver reset the engine)", strerror(-st));
	return st < 0 ? st : -EIO;
}
