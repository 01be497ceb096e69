/* SPDX-License-Identifier: MIT */
/*
 * gensim DRM uapi: buffers, GPU virtual address spaces and (later) queues
 * for the gensim Gen8 GPU.  Shaped like xe's, smaller.
 *
 * Conventions, for every ioctl:
 * - Every struct starts with @extensions, a user pointer to a chain of
 *   struct drm_gensim_user_extension.  No extension is defined yet: a
 *   non-zero value fails with -EINVAL.
 * - @pad and @reserved fields must be zero (-EINVAL otherwise), so they
 *   can carry meaning later.
 * - Flags not defined here fail with -EINVAL.
 * - Every ioctl may fail with -EFAULT (a bad user pointer), -ENOMEM, and
 *   -ENODEV once the device process is gone (the DRM device is unplugged).
 *
 * No relocations, no buffer lists, no domains: userspace binds buffers into
 * a VM at addresses it chooses and submits batches by GPU address.
 */
#ifndef _UAPI_GENSIM_DRM_H_
#define _UAPI_GENSIM_DRM_H_

#include <linux/const.h>

#include "drm.h"

#if defined(__cplusplus)
extern "C" {
#endif

#define DRM_GENSIM_QUERY		0x00
#define DRM_GENSIM_GEM_CREATE		0x01
#define DRM_GENSIM_GEM_MMAP_OFFSET	0x02
#define DRM_GENSIM_VM_CREATE		0x03
#define DRM_GENSIM_VM_DESTROY		0x04
#define DRM_GENSIM_VM_BIND		0x05
#define DRM_GENSIM_QUEUE_CREATE		0x06
#define DRM_GENSIM_QUEUE_DESTROY	0x07
#define DRM_GENSIM_EXEC			0x08
#define DRM_GENSIM_QUEUE_GET_STATE	0x09

#define DRM_IOCTL_GENSIM_QUERY		DRM_IOWR(DRM_COMMAND_BASE + DRM_GENSIM_QUERY, \
						 struct drm_gensim_query)
#define DRM_IOCTL_GENSIM_GEM_CREATE	DRM_IOWR(DRM_COMMAND_BASE + DRM_GENSIM_GEM_CREATE, \
						 struct drm_gensim_gem_create)
#define DRM_IOCTL_GENSIM_GEM_MMAP_OFFSET DRM_IOWR(DRM_COMMAND_BASE + DRM_GENSIM_GEM_MMAP_OFFSET, \
						  struct drm_gensim_gem_mmap_offset)
#define DRM_IOCTL_GENSIM_VM_CREATE	DRM_IOWR(DRM_COMMAND_BASE + DRM_GENSIM_VM_CREATE, \
						 struct drm_gensim_vm_create)
#define DRM_IOCTL_GENSIM_VM_DESTROY	DRM_IOW(DRM_COMMAND_BASE + DRM_GENSIM_VM_DESTROY, \
						struct drm_gensim_vm_destroy)
#define DRM_IOCTL_GENSIM_VM_BIND	DRM_IOW(DRM_COMMAND_BASE + DRM_GENSIM_VM_BIND, \
						struct drm_gensim_vm_bind)
#define DRM_IOCTL_GENSIM_QUEUE_CREATE	DRM_IOWR(DRM_COMMAND_BASE + DRM_GENSIM_QUEUE_CREATE, \
						 struct drm_gensim_queue_create)
#define DRM_IOCTL_GENSIM_QUEUE_DESTROY	DRM_IOW(DRM_COMMAND_BASE + DRM_GENSIM_QUEUE_DESTROY, \
						struct drm_gensim_queue_destroy)
#define DRM_IOCTL_GENSIM_EXEC		DRM_IOW(DRM_COMMAND_BASE + DRM_GENSIM_EXEC, \
						struct drm_gensim_exec)
#define DRM_IOCTL_GENSIM_QUEUE_GET_STATE DRM_IOWR(DRM_COMMAND_BASE + DRM_GENSIM_QUEUE_GET_STATE, \
						  struct drm_gensim_queue_get_state)

/**
 * struct drm_gensim_user_extension - the head of every extension
 * @next_extension: user pointer to the next one, or 0
 * @name: which extension, per ioctl
 * @pad: must be zero
 */
struct drm_gensim_user_extension {
	__u64 next_extension;
	__u32 name;
	__u32 pad;
};

/*
 * DRM_IOCTL_GENSIM_QUERY - what the GPU is
 *
 * Two calls: with @size 0 the kernel writes the size the query needs into
 * @size and copies nothing; with @size equal to that size it fills @data.
 *
 * Errors: -EINVAL for an unknown @query, a @size that is neither 0 nor the
 * exact size, or non-zero @extensions/@reserved.
 */
#define DRM_GENSIM_QUERY_DEVICE		0	/* struct drm_gensim_query_device */
#define DRM_GENSIM_QUERY_ENGINES	1	/* struct drm_gensim_query_engines */

/**
 * struct drm_gensim_query - argument of DRM_IOCTL_GENSIM_QUERY
 * @extensions: must be 0
 * @query: DRM_GENSIM_QUERY_*
 * @size: in: 0, or the size of @data; out: the size of the answer
 * @data: user pointer to the answer
 * @reserved: must be zero
 */
struct drm_gensim_query {
	__u64 extensions;
	__u32 query;
	__u32 size;
	__u64 data;
	__u64 reserved[2];
};

/**
 * struct drm_gensim_query_device - the answer to DRM_GENSIM_QUERY_DEVICE
 * @vendor_id: PCI vendor id, 0x8086
 * @device_id: PCI device id
 * @revision: PCI revision
 * @pad0: zero
 * @engine_mask: bit n set: engine n of DRM_GENSIM_QUERY_ENGINES exists
 * @slice_mask: enabled slices
 * @subslice_mask: enabled subslices, the same in every slice
 * @eu_total: enabled EUs
 * @threads_per_eu: hardware threads per EU
 * @va_bits: bits of a GPU virtual address (48)
 * @page_sizes: bit n set: VM_BIND maps pages of 2^n bytes
 * @ggtt_size: size of the global GTT in bytes
 * @va_start: lowest GPU virtual address VM_BIND accepts
 * @va_end: one past the highest
 * @reserved: zero
 */
struct drm_gensim_query_device {
	__u16 vendor_id;
	__u16 device_id;
	__u8 revision;
	__u8 pad0[3];
	__u32 engine_mask;
	__u32 slice_mask;
	__u32 subslice_mask;
	__u32 eu_total;
	__u32 threads_per_eu;
	__u32 va_bits;
	__u64 page_sizes;
	__u64 ggtt_size;
	__u64 va_start;
	__u64 va_end;
	__u64 reserved[4];
};

#define DRM_GENSIM_ENGINE_CLASS_RENDER		0
#define DRM_GENSIM_ENGINE_CLASS_COPY		1
#define DRM_GENSIM_ENGINE_CLASS_VIDEO		2
#define DRM_GENSIM_ENGINE_CLASS_VIDEO_ENHANCE	3

/**
 * struct drm_gensim_engine_info - one engine
 * @engine_class: DRM_GENSIM_ENGINE_CLASS_*
 * @engine_instance: instance within the class, from 0
 * @pad: zero
 * @name: "rcs0", "bcs0", "vcs0", "vecs0": the names of fdinfo and debugfs
 * @reserved: zero
 */
struct drm_gensim_engine_info {
	__u16 engine_class;
	__u16 engine_instance;
	__u32 pad;
	char name[16];
	__u64 reserved[2];
};

/**
 * struct drm_gensim_query_engines - the answer to DRM_GENSIM_QUERY_ENGINES
 * @num_engines: entries in @engines
 * @pad: zero
 * @engines: the engines present
 */
struct drm_gensim_query_engines {
	__u32 num_engines;
	__u32 pad;
	struct drm_gensim_engine_info engines[];
};

/*
 * DRM_IOCTL_GENSIM_GEM_CREATE - a buffer object
 *
 * Backed by shmem pages, allocated on first use.  @size is rounded up to
 * the page size.
 *
 * Errors: -EINVAL for @size 0, unknown @flags, non-zero @extensions,
 * @pad or @reserved; -ENOENT for an unknown @vm_id; -E2BIG for @size above
 * DRM_GENSIM_GEM_MAX_SIZE or above half of the machine's RAM; -ENOMEM, or
 * -ENOSPC when shmem cannot allocate the buffer's file (memory pressure).
 */
#define DRM_GENSIM_GEM_CREATE_CPU_WC	_BITUL(0)	/* CPU mmap write-combined, not cached */
#define DRM_GENSIM_GEM_MAX_SIZE		_BITULL(35)	/* 32 GiB */

/**
 * struct drm_gensim_gem_create - argument of DRM_IOCTL_GENSIM_GEM_CREATE
 * @extensions: must be 0
 * @size: in: bytes; out: the size, rounded up to the page size
 * @flags: DRM_GENSIM_GEM_CREATE_*
 * @handle: out: the GEM handle
 * @vm_id: 0, or a VM of the file the buffer is private to: it shares the
 *	VM's reservation (an EXEC on the VM locks it with the VM, not on its
 *	own), only that VM may bind it, and it cannot be exported
 * @pad: must be zero
 * @reserved: must be zero
 */
struct drm_gensim_gem_create {
	__u64 extensions;
	__u64 size;
	__u32 flags;
	__u32 handle;
	__u32 vm_id;
	__u32 pad;
	__u64 reserved;
};

/*
 * DRM_IOCTL_GENSIM_GEM_MMAP_OFFSET - the fake offset to mmap() a buffer
 *
 * mmap() on the DRM fd at @offset maps the buffer, cached or
 * write-combined as chosen at creation.
 *
 * Errors: -ENOENT for an unknown @handle; -EINVAL for non-zero @flags,
 * @extensions or @reserved.
 */

/**
 * struct drm_gensim_gem_mmap_offset - argument of DRM_IOCTL_GENSIM_GEM_MMAP_OFFSET
 * @extensions: must be 0
 * @handle: the buffer
 * @flags: must be 0
 * @offset: out: the mmap offset
 * @reserved: must be zero
 */
struct drm_gensim_gem_mmap_offset {
	__u64 extensions;
	__u32 handle;
	__u32 flags;
	__u64 offset;
	__u64 reserved[2];
};

/*
 * DRM_IOCTL_GENSIM_VM_CREATE - a GPU virtual address space (a PPGTT)
 *
 * A new VM maps nothing: the device reports a page fault for any access to
 * an address not bound.  With DRM_GENSIM_VM_CREATE_SCRATCH_PAGE, reads of
 * unbound addresses return zeros instead; writes to them still fault (the
 * scratch page is mapped read-only, so no VM can leave data in it).
 *
 * Errors: -EINVAL for unknown @flags, non-zero @extensions or @reserved.
 */
#define DRM_GENSIM_VM_CREATE_SCRATCH_PAGE	_BITUL(0)

/**
 * struct drm_gensim_vm_create - argument of DRM_IOCTL_GENSIM_VM_CREATE
 * @extensions: must be 0
 * @flags: DRM_GENSIM_VM_CREATE_*
 * @vm_id: out: the VM, valid on this file
 * @reserved: must be zero
 */
struct drm_gensim_vm_create {
	__u64 extensions;
	__u32 flags;
	__u32 vm_id;
	__u64 reserved[2];
};

/*
 * DRM_IOCTL_GENSIM_VM_DESTROY - drop a VM
 *
 * Its bindings go with it; buffers stay.  Errors: -ENOENT for an unknown
 * @vm_id; -EINVAL for non-zero @pad, @extensions or @reserved.
 */

/**
 * struct drm_gensim_vm_destroy - argument of DRM_IOCTL_GENSIM_VM_DESTROY
 * @extensions: must be 0
 * @vm_id: the VM
 * @pad: must be 0
 * @reserved: must be zero
 */
struct drm_gensim_vm_destroy {
	__u64 extensions;
	__u32 vm_id;
	__u32 pad;
	__u64 reserved[2];
};

/*
 * DRM_IOCTL_GENSIM_VM_BIND - map and unmap buffers in a VM
 *
 * An array of operations, applied in order, synchronously: when the ioctl
 * returns, the page tables say what the operations asked and the device's
 * TLBs have been invalidated.  MAP over addresses that are already mapped
 * replaces those mappings (the old ones are split as needed); UNMAP of
 * addresses that map nothing is not an error.
 *
 * Every operation is checked before any is applied.  Errors:
 * -EINVAL: @num_binds 0 or above DRM_GENSIM_VM_BIND_MAX_OPS; non-zero
 *	@num_syncs, @syncs, @pad, @extensions or @reserved (in the ioctl or
 *	an operation); an unknown @op or @flags; @addr, @range or
 *	@obj_offset not page aligned; @range 0; [@addr, @addr + @range)
 *	outside [va_start, va_end) of DRM_GENSIM_QUERY_DEVICE;
 *	[@obj_offset, @obj_offset + @range) outside the buffer (MAP);
 *	@handle, @obj_offset or @flags non-zero in an UNMAP.
 * -ENOENT: unknown @vm_id, or unknown @handle in a MAP.
 * -ENOMEM: page tables could not be allocated.  Operations before the
 *	failing one stay applied; the failing one is not.
 */
#define DRM_GENSIM_VM_BIND_MAX_OPS		1024
#define DRM_GENSIM_VM_BIND_OP_MAP		0
#define DRM_GENSIM_VM_BIND_OP_UNMAP		1
#define DRM_GENSIM_VM_BIND_FLAG_READONLY	_BITUL(0)	/* device writes fault */

/**
 * struct drm_gensim_vm_bind_op - one operation of DRM_IOCTL_GENSIM_VM_BIND
 * @extensions: must be 0
 * @handle: MAP: the buffer; UNMAP: must be 0
 * @op: DRM_GENSIM_VM_BIND_OP_*
 * @obj_offset: MAP: where in the buffer the mapping starts; UNMAP: 0
 * @range: bytes to map or unmap
 * @addr: GPU virtual address
 * @flags: MAP: DRM_GENSIM_VM_BIND_FLAG_*; UNMAP: 0
 * @pad: must be 0
 * @reserved: must be zero
 */
struct drm_gensim_vm_bind_op {
	__u64 extensions;
	__u32 handle;
	__u32 op;
	__u64 obj_offset;
	__u64 range;
	__u64 addr;
	__u32 flags;
	__u32 pad;
	__u64 reserved[2];
};

/**
 * struct drm_gensim_vm_bind - argument of DRM_IOCTL_GENSIM_VM_BIND
 * @extensions: must be 0
 * @vm_id: the VM
 * @num_binds: entries at @binds
 * @binds: user pointer to an array of struct drm_gensim_vm_bind_op
 * @num_syncs: must be 0 (reserved for asynchronous binds)
 * @pad: must be 0
 * @syncs: must be 0
 * @reserved: must be zero
 */
struct drm_gensim_vm_bind {
	__u64 extensions;
	__u32 vm_id;
	__u32 num_binds;
	__u64 binds;
	__u32 num_syncs;
	__u32 pad;
	__u64 syncs;
	__u64 reserved[2];
};

/*
 * DRM_IOCTL_GENSIM_QUEUE_CREATE - a queue of batches for one engine
 *
 * A queue is one logical ring context on the engine named by
 * @engine_class and @engine_instance (DRM_GENSIM_QUERY_ENGINES), running
 * batches in the VM @vm_id.  Batches of one queue run in submission order;
 * queues run concurrently, ordered only by the syncs their EXECs name.
 * Higher @priority queues are put on the engine first when it has room.
 *
 * Errors: -EINVAL for an engine the device does not have, an unknown
 * @priority, non-zero @extensions/@reserved or @queue_id; -ENOENT for an
 * unknown @vm_id; -EPERM for DRM_GENSIM_QUEUE_PRIORITY_HIGH without
 * CAP_SYS_NICE; -ENOMEM, or -ENOSPC when shmem cannot allocate the ring's
 * or the context image's file, or the GGTT is full; -ENODEV once the
 * device is gone.
 */
#define DRM_GENSIM_QUEUE_PRIORITY_LOW		0
#define DRM_GENSIM_QUEUE_PRIORITY_NORMAL	1
#define DRM_GENSIM_QUEUE_PRIORITY_HIGH		2

/**
 * struct drm_gensim_queue_create - argument of DRM_IOCTL_GENSIM_QUEUE_CREATE
 * @extensions: must be 0
 * @engine_class: DRM_GENSIM_ENGINE_CLASS_*
 * @engine_instance: instance within the class
 * @vm_id: the VM the queue's batches run in
 * @priority: DRM_GENSIM_QUEUE_PRIORITY_*
 * @queue_id: out: the queue, valid on this file
 * @reserved: must be zero
 */
struct drm_gensim_queue_create {
	__u64 extensions;
	__u16 engine_class;
	__u16 engine_instance;
	__u32 vm_id;
	__u32 priority;
	__u32 queue_id;
	__u64 reserved[2];
};

/*
 * DRM_IOCTL_GENSIM_QUEUE_DESTROY - drop a queue
 *
 * Batches already submitted still run; their syncs still signal.
 * Errors: -ENOENT for an unknown @queue_id; -EINVAL for non-zero @pad,
 * @extensions or @reserved.
 */

/**
 * struct drm_gensim_queue_destroy - argument of DRM_IOCTL_GENSIM_QUEUE_DESTROY
 * @extensions: must be 0
 * @queue_id: the queue
 * @pad: must be 0
 * @reserved: must be zero
 */
struct drm_gensim_queue_destroy {
	__u64 extensions;
	__u32 queue_id;
	__u32 pad;
	__u64 reserved[2];
};

/**
 * struct drm_gensim_sync - one syncobj an EXEC waits on or signals
 * @extensions: must be 0
 * @handle: the DRM syncobj
 * @flags: DRM_GENSIM_SYNC_SIGNAL to signal it when the batch is done;
 *	without it, the batch waits for it
 * @timeline_value: 0 for a binary syncobj; else the point of a timeline
 *	syncobj to wait for or to signal
 * @reserved: must be zero
 */
struct drm_gensim_sync {
	__u64 extensions;
	__u32 handle;
	__u32 flags;
	__u64 timeline_value;
	__u64 reserved[2];
};

#define DRM_GENSIM_SYNC_SIGNAL		_BITUL(0)
#define DRM_GENSIM_EXEC_MAX_SYNCS	1024

/*
 * DRM_IOCTL_GENSIM_EXEC - run a batch
 *
 * The batch is the command buffer at GPU virtual address @batch_address of
 * the queue's VM, ended by MI_BATCH_BUFFER_END.  It runs non-privileged
 * (PRM Vol. 6 Command Stream Programming (Cherryview 2015), "User Mode
 * Privileged Commands") after every sync without DRM_GENSIM_SYNC_SIGNAL and
 * after the last write of any buffer of the VM that other devices or files
 * share (implicit sync); when it is done, every sync with
 * DRM_GENSIM_SYNC_SIGNAL signals.  A batch that hangs the engine or faults
 * is stopped, its queue banned, and its signal syncs signal with an error
 * (see "Job errors" below).
 *
 * Errors: -ENOENT for an unknown @queue_id or syncobj; -EINVAL for
 * @num_syncs above DRM_GENSIM_EXEC_MAX_SYNCS, @batch_address not 4-byte
 * aligned or outside [va_start, va_end), unknown sync @flags, non-zero
 * @extensions/@reserved; -EIO for a banned queue or a wedged device;
 * -ENODEV once the device process detached or the driver was unbound;
 * -ENOMEM.
 *
 * Job errors.  The fence of a batch (what its signal syncobjs carry, and
 * the status a sync_file exported from them reports) ends with:
 *
 *  0           the batch ran to MI_BATCH_BUFFER_END;
 *  -ETIME      it made no progress for the module parameter job_timeout_ms
 *              (on rcs0, an EU kernel that keeps retiring instructions is
 *              progress for up to compute_timeout_ms): the engine was reset
 *              and the queue banned;
 *  -ENOEXEC    the engine stopped on a command error (an unknown or
 *              malformed command): reset, banned;
 *  -EFAULT     the engine stopped on a GPU page fault: reset, banned;
 *  -ECANCELED  it never ran, or was cut short, because its queue was banned
 *              by an earlier batch;
 *  -ESRCH      it never ran because its queue was destroyed (QUEUE_DESTROY,
 *              or the file closed) before the scheduler gave it to the
 *              engine (drm_sched's entity kill);
 *  -EIO        the device stopped answering for device_timeout_ms and is
 *              wedged; every batch in flight and every later one ends so;
 *  -ENODEV     the device process detached or the driver was unbound;
 *  the error of a dependency that failed, for a batch that waited on it.
 *
 * A privileged command in a batch is not an error: the engine drops it and
 * the batch goes on; QUEUE_GET_STATE counts them (@dropped_commands).  The
 * module parameters job_timeout_ms, compute_timeout_ms and
 * device_timeout_ms (/sys/module/gensim/parameters/) set the bounds.
 */

/**
 * struct drm_gensim_exec - argument of DRM_IOCTL_GENSIM_EXEC
 * @extensions: must be 0
 * @queue_id: the queue
 * @num_syncs: entries at @syncs
 * @syncs: user pointer to an array of struct drm_gensim_sync
 * @batch_address: GPU virtual address of the batch
 * @reserved: must be zero
 */
struct drm_gensim_exec {
	__u64 extensions;
	__u32 queue_id;
	__u32 num_syncs;
	__u64 syncs;
	__u64 batch_address;
	__u64 reserved[2];
};

/*
 * DRM_IOCTL_GENSIM_QUEUE_GET_STATE - what resets and errors did to a queue
 *
 * Errors: -ENOENT for an unknown @queue_id; -EINVAL for non-zero
 * @extensions or @reserved.
 */
#define DRM_GENSIM_QUEUE_STATE_BANNED	_BITUL(0)	/* a batch of it was stopped */
#define DRM_GENSIM_QUEUE_STATE_WEDGED	_BITUL(1)	/* the device stopped answering */

/**
 * struct drm_gensim_queue_get_state - argument of DRM_IOCTL_GENSIM_QUEUE_GET_STATE
 * @extensions: must be 0
 * @queue_id: the queue
 * @flags: out: DRM_GENSIM_QUEUE_STATE_*
 * @guilty_resets: out: engine resets this queue's batch caused
 * @innocent_resets: out: engine resets that interrupted this queue while
 *	another queue was guilty
 * @dropped_commands: out: privileged commands (PRM Vol. 6 Command Stream
 *	Programming (Cherryview 2015), "User Mode Privileged Commands") that
 *	the queue's batches issued and the engine dropped: they did nothing,
 *	and the batch went on.  Counted on the queue the engine was running,
 *	once each time the driver handles the engine's error register, so
 *	violations that come faster than the driver handles them count once.
 * @ban_error: out: 0, or the fence error of the job that got the queue
 *	banned (-ETIME, -ENOEXEC, -EFAULT; see "Job errors" above)
 * @reserved: must be zero
 */
struct drm_gensim_queue_get_state {
	__u64 extensions;
	__u32 queue_id;
	__u32 flags;
	__u32 guilty_resets;
	__u32 innocent_resets;
	__u32 dropped_commands;
	__s32 ban_error;
	__u64 reserved;
};

#if defined(__cplusplus)
}
#endif

#endif /* _UAPI_GENSIM_DRM_H_ */
