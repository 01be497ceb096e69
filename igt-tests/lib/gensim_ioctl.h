/* SPDX-License-Identifier: MIT */
/*
 * Thin wrappers over libgensim (userspace-device/libgensim/, gensim/gensim.h)
 * for tests, which keep working on a DRM file: each call borrows the fd
 * (gsim_open_fd()).  __name() returns 0 or -errno; name() asserts success.
 * Those that take uapi structures (uapi/drm/gensim_drm.h) hand them to the
 * kernel byte for byte through gsim_drm_ioctl(): the tests build invalid
 * ones on purpose.
 */
#ifndef GENSIM_IOCTL_H
#define GENSIM_IOCTL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gensim_drm.h"

struct gsim_device;

/* A libgensim device on @fd, for a call or a few: gsim_close() it, the fd stays open. */
int gensim_dev_borrow(int fd, struct gsim_device **dev);
int gensim_ioctl(int fd, unsigned long request, void *arg);

int __gensim_gem_create(int fd, uint64_t size, uint32_t flags, uint32_t *handle);
uint32_t gensim_gem_create(int fd, uint64_t size);
/* A buffer private to @vm: it shares the VM's reservation, only @vm binds it. */
uint32_t gensim_gem_create_private(int fd, uint64_t size, uint32_t vm);
void *gensim_gem_mmap(int fd, uint32_t handle, uint64_t size);
void gensim_gem_close(int fd, uint32_t handle);

int __gensim_vm_create(int fd, uint32_t flags, uint32_t *vm);
uint32_t gensim_vm_create(int fd, uint32_t flags);
int __gensim_vm_destroy(int fd, uint32_t vm);
void gensim_vm_destroy(int fd, uint32_t vm);

int __gensim_vm_bind(int fd, uint32_t vm, struct drm_gensim_vm_bind_op *ops, uint32_t n);
void gensim_vm_map(int fd, uint32_t vm, uint32_t handle, uint64_t offset, uint64_t range,
		   uint64_t addr, uint32_t flags);
void gensim_vm_unmap(int fd, uint32_t vm, uint64_t addr, uint64_t range);

int __gensim_query(int fd, uint32_t query, void **data, uint32_t *size);
void gensim_query_device(int fd, struct drm_gensim_query_device *dev);

uint64_t gensim_client_id(int fd);

/* debugfs dma_probe: returns the status (1 ok, 2 fault, 3 bad), fills *data */
int gensim_probe(const char *cmd, uint32_t *data);
int gensim_probe_ppgtt_read(int fd, uint32_t vm, uint64_t addr, uint32_t *data);
int gensim_probe_ppgtt_write(int fd, uint32_t vm, uint64_t addr, uint32_t data);

/* debugfs mem: live buffers, VMs and page tables */
struct gensim_mem_counts {
	int bos, vms, page_tables;
};
void gensim_mem_counts(struct gensim_mem_counts *c);
uint64_t gensim_fault_count(void);

/*
 * debugfs client_mem: what one of @fd's VMs or queues costs the kernel.  The
 * VM's page-table pages and bytes; the queue's context image and ring
 * bytes and its engine's name.  0, or -1 if @fd's client has no such line.
 */
int gensim_client_vm_mem(int fd, uint32_t vm, int *tables, long *bytes);
int gensim_client_queue_mem(int fd, uint32_t queue, char engine[8], long *lrc, long *ring);
char *gensim_last_fault(void);

/*
 * Fences as sync_files: a sync_file outlives the DRM device (after an
 * unplug every ioctl on the DRM fd fails, syncobj ones included).
 * gensim_syncobj_export(): the syncobj's fence as a sync_file fd, or -errno.
 * gensim_sync_file_wait(): 1 done, the fence's error (negative), or 0 if
 * still pending after @timeout_ms.
 * gensim_wait_fence_error(): the same for a syncobj (asserts the export).
 */
int gensim_syncobj_export(int fd, uint32_t syncobj);
int gensim_sync_file_status(int sync_fd);
int gensim_sync_file_wait(int sync_fd, int timeout_ms);
int gensim_wait_fence_error(int fd, uint32_t syncobj, int timeout_ms);

#define DMA_PROBE_OK	1
#define DMA_PROBE_FAULT	2

#endif
