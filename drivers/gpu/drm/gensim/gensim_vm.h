/* SPDX-License-Identifier: GPL-2.0 */
/* VMs and VM_BIND: see the DOC block of gensim_vm.c. */
#ifndef _GENSIM_VM_H_
#define _GENSIM_VM_H_

#include <linux/bits.h>
#include <linux/sizes.h>
#include <linux/xarray.h>

#include <drm/drm_gpuvm.h>

#include "gensim_ppgtt.h"
#include "gensim_regs.h"

struct drm_device;
struct drm_file;
struct gensim_device;
struct gensim_file;

/*
 * The GPU virtual addresses userspace may bind (DRM_GENSIM_QUERY_DEVICE
 * va_start/va_end): not the first 64 KiB, so that small and NULL-based
 * addresses always fault, and not the top 4 GiB, which is kept for the
 * driver's own mappings in user VMs.
 */
#define GENSIM_VA_START		SZ_64K
#define GENSIM_VA_END		(BIT_ULL(GEN8_PPGTT_VA_BITS) - SZ_4G)

/**
 * struct gensim_vm - a GPU virtual address space
 * @base: the mapping tree
 * @gdev: the device
 * @ppgtt: its page tables
 * @destroyed: set under the device's bind_lock when the VM is torn down
 */
struct gensim_vm {
	struct drm_gpuvm base;
	struct gensim_device *gdev;
	struct gensim_ppgtt ppgtt;
	bool destroyed;
};

struct gensim_vm *gensim_vm_create(struct gensim_device *gdev, bool scratch);
void gensim_vm_destroy(struct gensim_vm *vm);
struct gensim_vm *gensim_vm_lookup(struct gensim_file *gfile, u32 id);
void gensim_vm_file_fini(struct gensim_file *gfile);
int gensim_ioctl_vm_create(struct drm_device *drm, void *data, struct drm_file *file);
int gensim_ioctl_vm_destroy(struct drm_device *drm, void *data, struct drm_file *file);
int gensim_ioctl_vm_bind(struct drm_device *drm, void *data, struct drm_file *file);

#endif /* _GENSIM_VM_H_ */
