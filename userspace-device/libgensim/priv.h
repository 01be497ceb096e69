/* SPDX-License-Identifier: MIT */
/*
 * libgensim's inside: the backend interface and the helpers every file
 * uses.  Not installed.  Names here are lgsim_: the version script
 * (libgensim.map) exports only the gsim_ API, and the static library
 * should not take names a program might use.
 */
#ifndef LGSIM_PRIV_H
#define LGSIM_PRIV_H

#include <stdbool.h>
#include <stdint.h>

#include "gensim/gensim.h"

/*
 * struct lgsim_ops - a backend.  device.c has checked the arguments the
 * API documents (non-NULL pointers, a device of this backend); each op
 * returns 0 or -errno and sets the message itself.  @exec_wait may be
 * NULL: buffer.c then builds it from the syncobj ops.
 */
struct lgsim_ops {
	void (*close)(struct gsim_device *dev);
	int (*query_version)(struct gsim_device *dev, struct gsim_version *v);
	int (*query_device)(struct gsim_device *dev, struct gsim_device_info *info);
	int (*query_engines)(struct gsim_device *dev, struct gsim_engine_info *e, uint32_t max,
			     uint32_t *count);
	int (*bo_create)(struct gsim_device *dev, uint64_t size, uint32_t flags, uint32_t vm_id,
			 uint32_t *handle);
	int (*bo_mmap)(struct gsim_device *dev, uint32_t handle, uint64_t size, void **cpu);
	int (*bo_munmap)(struct gsim_device *dev, void *cpu, uint64_t size);
	int (*bo_close)(struct gsim_device *dev, uint32_t handle);
	int (*vm_create)(struct gsim_device *dev, uint32_t flags, uint32_t *vm);
	int (*vm_destroy)(struct gsim_device *dev, uint32_t vm);
	int (*vm_bind)(struct gsim_device *dev, uint32_t vm, const struct gsim_bind_op *ops,
		       uint32_t n);
	int (*queue_create)(struct gsim_device *dev, uint32_t engine_class,
			    uint32_t engine_instance, uint32_t vm, uint32_t priority,
			    uint32_t *queue);
	int (*queue_destroy)(struct gsim_device *dev, uint32_t queue);
	int (*queue_get_state)(struct gsim_device *dev, uint32_t queue,
			       struct gsim_queue_state *st);
	int (*syncobj_create)(struct gsim_device *dev, uint32_t flags, uint32_t *syncobj);
	int (*syncobj_destroy)(struct gsim_device *dev, uint32_t syncobj);
	int (*syncobj_wait)(struct gsim_device *dev, const uint32_t *syncobjs, uint32_t n,
			    int64_t timeout_ms, uint32_t flags);
	int (*syncobj_status)(struct gsim_device *dev, uint32_t syncobj, int *status);
	int (*syncobj_export)(struct gsim_device *dev, uint32_t syncobj, int *sync_fd);
	int (*exec)(struct gsim_device *dev, uint32_t queue, uint64_t batch_va,
		    const struct gsim_sync *syncs, uint32_t n);
	int (*exec_wait)(struct gsim_device *dev, uint32_t queue, uint64_t batch_va,
			 int timeout_ms, struct gsim_exec_stats *stats);
};

/*
 * struct gsim_device - an open device
 * @fd: the DRM file (the driver backend), else -1
 * @own_fd: gsim_close() closes @fd
 * @priv: the backend's state
 */
struct gsim_device {
	enum gsim_backend backend;
	const struct lgsim_ops *ops;
	int fd;
	bool own_fd;
	void *priv;
};

/* error.c: set this thread's message; returns @err (a negative errno). */
int lgsim_fail(int err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void lgsim_clear_error(void);

/* drm_backend.c: a device on @fd. */
int lgsim_drm_open(int fd, bool own_fd, struct gsim_device **dev);

#define LGSIM_PAGE		4096ull

static inline uint64_t lgsim_round_up(uint64_t v, uint64_t a)
{
	return (v + a - 1) / a * a;
}

#endif
