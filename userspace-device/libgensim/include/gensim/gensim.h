/* SPDX-License-Identifier: MIT */
/*
 * libgensim: the userspace driver library of the gensim GPU
 * (Documentation/gpu/gensim/libgensim.rst).
 *
 * One API over two backends, chosen when the device is opened:
 *   gsim_open()            the gensim driver's render node (uapi/drm/
 *                          gensim_drm.h): buffers, VMs, queues, EXEC and
 *                          DRM syncobjs in the kernel;
 *   gsim_open_inprocess()  the device model running in this process
 *                          behind a loopback channel, with the library
 *                          doing in userspace what the driver does
 *                          (page tables, context images, ELSP, the CSB).
 *                          Only in the static libgensim.a, linked with
 *                          the device library libgsdev.a.
 * Everything after the open is the same calls.
 *
 * Conventions:
 * - Every call that can fail returns 0 or a negative errno, and then
 *   leaves a message for gsim_last_error().  The library never prints and
 *   never exits.
 * - Handles (buffers, VMs, queues, syncobjs) are the uapi's: 32-bit ids,
 *   0 never valid.  GPU addresses are the caller's choice: no relocations.
 * - Structures the caller fills are zeroed first (reserved fields must be
 *   zero, so later versions can give them a meaning).
 * - The prefix is gsim_: gensim_ names belong to the kernel driver and to
 *   the IGT tests' helpers, which link this library statically.
 *
 * The batch emitter and the GPGPU dispatch helpers are in gensim/batch.h
 * and gensim/dispatch.h, included below.
 */
#ifndef GSIM_GENSIM_H
#define GSIM_GENSIM_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define GSIM_VERSION_MAJOR	0
#define GSIM_VERSION_MINOR	1

struct gsim_device;

/* The message of this thread's last failing call; "" if none failed yet. */
const char *gsim_last_error(void);

/* --- Opening --------------------------------------------------------- */

enum gsim_backend {
	GSIM_BACKEND_DRM = 1,		/* a render node of the gensim driver */
	GSIM_BACKEND_INPROCESS = 2,	/* the device model in this process */
};

/* The first /dev/dri/renderD* whose driver is "gensim", into @path. */
int gsim_find_render_node(char *path, size_t len);

/*
 * Open @node (NULL: gsim_find_render_node()).  Nothing is asked of the
 * driver yet, so any DRM node opens; the calls below fail on others.
 */
int gsim_open(const char *node, struct gsim_device **dev);

/* gsim_open_fd(): with BORROW, gsim_close() leaves @fd open. */
#define GSIM_OPEN_FD_BORROW	(1u << 0)
int gsim_open_fd(int fd, uint32_t flags, struct gsim_device **dev);

/*
 * struct gsim_inprocess_config - the device model gsim_open_inprocess() starts
 * @eu_workers: host threads of the EU array; 0: one per core
 * @job_timeout_ms: a batch still running after this is stopped, its
 *	engine reset and its queue banned, as the driver's job timeout does
 *	(0: 10000)
 * @log_level: the device model's log on stderr: -1 leave it, 0 errors,
 *	1 info, 2 every register write (gensim-device -v, -vv)
 * @reserved: zero
 */
struct gsim_inprocess_config {
	uint32_t eu_workers;
	uint32_t job_timeout_ms;
	int32_t log_level;
	uint32_t reserved[5];
};

void gsim_inprocess_config_init(struct gsim_inprocess_config *cfg);

/*
 * The device model in this process (@cfg NULL: the defaults).  In the
 * shared library this fails with -ENOTSUP: link libgensim.a and libgsdev.a.
 */
int gsim_open_inprocess(const struct gsim_inprocess_config *cfg, struct gsim_device **dev);

/* Frees what the device still holds (the kernel does the same on close). */
void gsim_close(struct gsim_device *dev);

enum gsim_backend gsim_backend_of(const struct gsim_device *dev);

/* The DRM file descriptor; -EOPNOTSUPP in process. */
int gsim_fd(const struct gsim_device *dev);

/*
 * The uapi ioctl @request on a DRM @fd, retried on EINTR and EAGAIN: for
 * callers that speak uapi/drm/gensim_drm.h themselves.  0 or -errno.
 */
int gsim_drm_ioctl(int fd, unsigned long request, void *arg);

/* --- What the device is ---------------------------------------------- */

/* struct gsim_version - the driver (DRM_IOCTL_VERSION); in process "gensim-inprocess" */
struct gsim_version {
	int32_t major, minor, patchlevel;
	char name[32];
	char date[32];
	char desc[128];
};

int gsim_query_version(struct gsim_device *dev, struct gsim_version *v);

/* struct gsim_device_info - DRM_GENSIM_QUERY_DEVICE, field for field */
struct gsim_device_info {
	uint16_t vendor_id;
	uint16_t device_id;
	uint8_t revision;
	uint8_t pad0[3];
	uint32_t engine_mask;		/* bit n: engine n of gsim_query_engines() */
	uint32_t slice_mask;
	uint32_t subslice_mask;		/* the same in every slice */
	uint32_t eu_total;
	uint32_t threads_per_eu;
	uint32_t va_bits;
	uint64_t page_sizes;		/* bit n: pages of 2^n bytes */
	uint64_t ggtt_size;
	uint64_t va_start;		/* the addresses gsim_vm_bind() accepts */
	uint64_t va_end;
	uint64_t reserved[4];
};

int gsim_query_device(struct gsim_device *dev, struct gsim_device_info *info);

/* struct gsim_topology - the EU array, from gsim_query_device() */
struct gsim_topology {
	uint32_t slices;
	uint32_t subslices;		/* per slice */
	uint32_t eus;			/* per subslice */
	uint32_t threads_per_eu;
	uint32_t hw_threads;		/* all of them: MEDIA_VFE_STATE's limit */
	uint32_t reserved[3];
};

int gsim_query_topology(struct gsim_device *dev, struct gsim_topology *t);

enum gsim_engine_class {
	GSIM_ENGINE_CLASS_RENDER = 0,
	GSIM_ENGINE_CLASS_COPY = 1,
	GSIM_ENGINE_CLASS_VIDEO = 2,
	GSIM_ENGINE_CLASS_VIDEO_ENHANCE = 3,
};

/* struct gsim_engine_info - one engine: class, instance, "rcs0"... */
struct gsim_engine_info {
	uint16_t engine_class;
	uint16_t engine_instance;
	uint32_t pad;
	char name[16];
};

/* Up to @max engines into @engines; how many there are into *@count. */
int gsim_query_engines(struct gsim_device *dev, struct gsim_engine_info *engines, uint32_t max,
		       uint32_t *count);

/* --- Buffers ------------------------------------------------------------ */

#define GSIM_BO_CPU_WC		(1u << 0)	/* CPU mapping write-combined */

/*
 * A buffer of @size bytes (rounded up to pages), private to @vm_id if it
 * is not 0: only that VM binds it, and it is not exported.
 */
int gsim_bo_create(struct gsim_device *dev, uint64_t size, uint32_t flags, uint32_t vm_id,
		   uint32_t *handle);
int gsim_bo_mmap(struct gsim_device *dev, uint32_t handle, uint64_t size, void **cpu);
int gsim_bo_munmap(struct gsim_device *dev, void *cpu, uint64_t size);
/* Bindings keep the memory until they go, as with GEM. */
int gsim_bo_close(struct gsim_device *dev, uint32_t handle);

/* --- GPU address spaces ------------------------------------------------- */

#define GSIM_VM_SCRATCH_PAGE	(1u << 0)	/* unbound reads return zeros */

int gsim_vm_create(struct gsim_device *dev, uint32_t flags, uint32_t *vm);
int gsim_vm_destroy(struct gsim_device *dev, uint32_t vm);

enum gsim_bind_opcode {
	GSIM_BIND_MAP = 0,
	GSIM_BIND_UNMAP = 1,
};

#define GSIM_BIND_READONLY	(1u << 0)	/* device writes fault */

/* struct gsim_bind_op - one VM_BIND operation; UNMAP uses only @addr, @range */
struct gsim_bind_op {
	uint32_t op;			/* enum gsim_bind_opcode */
	uint32_t handle;
	uint64_t obj_offset;
	uint64_t range;
	uint64_t addr;
	uint32_t flags;			/* GSIM_BIND_* */
	uint32_t pad;
};

/* Applied in order, synchronously; every operation is checked first. */
int gsim_vm_bind(struct gsim_device *dev, uint32_t vm, const struct gsim_bind_op *ops,
		 uint32_t n);
int gsim_vm_map(struct gsim_device *dev, uint32_t vm, uint32_t handle, uint64_t obj_offset,
		uint64_t range, uint64_t addr, uint32_t flags);
int gsim_vm_unmap(struct gsim_device *dev, uint32_t vm, uint64_t addr, uint64_t range);

/*
 * struct gsim_buffer - a VM-private buffer bound at @va with its CPU view,
 * what a userspace driver makes for batches and data.
 */
struct gsim_buffer {
	uint32_t handle;
	uint32_t vm;
	uint64_t va;
	uint64_t size;			/* whole pages */
	void *cpu;
};

/* Create, map, zero and bind @size bytes at @va of @vm. */
int gsim_buffer_create(struct gsim_device *dev, uint32_t vm, uint64_t va, uint64_t size,
		       uint32_t flags, struct gsim_buffer *buf);
/* Unbind, unmap (unless @buf->cpu is NULL) and close; @buf is zeroed. */
int gsim_buffer_destroy(struct gsim_device *dev, struct gsim_buffer *buf);

/* --- Queues ------------------------------------------------------------- */

enum gsim_priority {
	GSIM_PRIORITY_LOW = 0,
	GSIM_PRIORITY_NORMAL = 1,
	GSIM_PRIORITY_HIGH = 2,		/* through the driver: CAP_SYS_NICE */
};

/* A queue: one context on one engine, running batches in @vm in order. */
int gsim_queue_create(struct gsim_device *dev, uint32_t engine_class, uint32_t engine_instance,
		      uint32_t vm, uint32_t priority, uint32_t *queue);
int gsim_queue_destroy(struct gsim_device *dev, uint32_t queue);

#define GSIM_QUEUE_BANNED	(1u << 0)	/* a batch of it was stopped */
#define GSIM_QUEUE_WEDGED	(1u << 1)	/* the device stopped answering */

/* struct gsim_queue_state - DRM_GENSIM_QUEUE_GET_STATE's answer */
struct gsim_queue_state {
	uint32_t flags;			/* GSIM_QUEUE_* */
	uint32_t guilty_resets;
	uint32_t innocent_resets;
	uint32_t dropped_commands;	/* privileged commands the engine dropped */
	int32_t ban_error;		/* the fence error that banned it */
	uint32_t reserved[3];
};

int gsim_queue_get_state(struct gsim_device *dev, uint32_t queue, struct gsim_queue_state *st);

/* --- Syncobjs ----------------------------------------------------------- */

#define GSIM_SYNCOBJ_SIGNALED	(1u << 0)	/* created signalled */

int gsim_syncobj_create(struct gsim_device *dev, uint32_t flags, uint32_t *syncobj);
int gsim_syncobj_destroy(struct gsim_device *dev, uint32_t syncobj);

#define GSIM_WAIT_ALL		(1u << 0)	/* every one, not the first */
#define GSIM_WAIT_FOR_SUBMIT	(1u << 1)	/* a syncobj with no fence yet is waited for */

/* 0 once signalled (with or without an error), -ETIME after @timeout_ms. */
int gsim_syncobj_wait(struct gsim_device *dev, const uint32_t *syncobjs, uint32_t n,
		      int64_t timeout_ms, uint32_t flags);
/* *@status: 1 signalled, 0 pending, or the fence's error (negative). */
int gsim_syncobj_status(struct gsim_device *dev, uint32_t syncobj, int *status);
/* The fence as a sync_file (it outlives the device); through the driver only. */
int gsim_syncobj_export(struct gsim_device *dev, uint32_t syncobj, int *sync_fd);
/* *@status of a sync_file, as gsim_syncobj_status(); _wait polls @timeout_ms first. */
int gsim_sync_file_status(int sync_fd, int *status);
int gsim_sync_file_wait(int sync_fd, int timeout_ms, int *status);

/* --- Running batches ---------------------------------------------------- */

#define GSIM_SYNC_SIGNAL	(1u << 0)	/* signalled when the batch is done */

/* struct gsim_sync - a syncobj an EXEC waits for, or signals with SIGNAL */
struct gsim_sync {
	uint32_t handle;
	uint32_t flags;			/* GSIM_SYNC_* */
	uint64_t timeline_value;	/* 0: a binary syncobj */
};

/*
 * Run the batch at GPU address @batch_va of the queue's VM, non-privileged;
 * it ends with MI_BATCH_BUFFER_END.  The job's outcome is its signal
 * syncobjs' fence: 0, or -ETIME, -ENOEXEC, -EFAULT, -ECANCELED... as the
 * uapi's "Job errors" lists.  In process the batch runs before this returns.
 */
int gsim_exec(struct gsim_device *dev, uint32_t queue, uint64_t batch_va,
	      const struct gsim_sync *syncs, uint32_t n);

#define GSIM_STATS_INSTRUCTIONS	(1u << 0)	/* @eu_instructions is known */
#define GSIM_STATS_REGISTERS	(1u << 1)	/* @eir, @ipehr, @fault are known */

/* struct gsim_exec_stats - how a batch went; in process there is more to see */
struct gsim_exec_stats {
	uint64_t ns;			/* submission to completion */
	uint64_t eu_instructions;	/* GENSIM_EU_RETIRED's growth */
	uint32_t flags;			/* GSIM_STATS_* */
	uint32_t eir, ipehr, fault;	/* RING_EIR, RING_IPEHR, RING_FAULT_REG after it */
	uint64_t reserved[4];
};

/*
 * EXEC with a new syncobj and wait up to @timeout_ms for it.  Returns 0
 * when the batch completed, else its fence error or -ETIME, with
 * gsim_last_error() saying what happened.  @stats may be NULL.
 */
int gsim_exec_wait(struct gsim_device *dev, uint32_t queue, uint64_t batch_va, int timeout_ms,
		   struct gsim_exec_stats *stats);

#ifdef __cplusplus
}
#endif

#include "gensim/batch.h"
#include "gensim/dispatch.h"

#endif
