/* SPDX-License-Identifier: GPL-2.0 */
/*
 * gensim: a Gen8 DRM driver whose hardware is a userspace process.
 *
 * struct gensim_device is the index of the hardware: one per attachment of
 * a device process, embedding its drm_device.  Prototypes are grouped by
 * the file that defines them.
 */
#ifndef _GENSIM_DRV_H_
#define _GENSIM_DRV_H_

#include <linux/atomic.h>
#include <linux/idr.h>
#include <linux/bits.h>
#include <linux/mutex.h>
#include <linux/spinlock.h>
#include <linux/types.h>
#include <linux/wait.h>
#include <linux/xarray.h>

#include <drm/drm_device.h>
#include <drm/drm_mm.h>

#include "gensim_engine.h"
#include "gensim_ggtt.h"
#include "gensim_ppgtt.h"
#include "gensim_regs.h"
#include "gensim_uif.h"

struct drm_file;
struct drm_minor;
struct gensim_bo;
struct seq_file;

#define DRIVER_NAME		"gensim"
#define DRIVER_DESC		"Gen8 GPU backed by a userspace device process"
#define DRIVER_MAJOR		0
#define DRIVER_MINOR		1

/* Engine ids; bit n of GENSIM_ENGINE_MASK is engine id n. */
enum gensim_engine_id {
	GENSIM_RCS,
	GENSIM_BCS,
	GENSIM_VCS,
	GENSIM_VECS,
	GENSIM_NUM_ENGINES,
};

/**
 * struct gensim_info - what the probe read from the device's registers
 * @vendor_id: PCI vendor, 0x8086
 * @device_id: PCI device id
 * @revision: PCI revision
 * @class_code: PCI class code
 * @abi_version: the device's channel ABI version
 * @engine_mask: bit per &enum gensim_engine_id
 * @slice_mask: enabled slices (FUSE2)
 * @subslice_mask: enabled subslices, the same in every slice on Gen8
 * @eu_mask: enabled EUs per slice and subslice (EU_DISABLE0..2)
 * @eu_total: number of enabled EUs
 * @threads_per_eu: hardware threads per EU
 * @ggtt_size: bytes of GGTT address space (GMCH_CTRL)
 *
 * Written once by gensim_device.c before the DRM device is registered,
 * read-only afterwards.
 */
struct gensim_info {
	u16 vendor_id;
	u16 device_id;
	u8 revision;
	u32 class_code;
	u32 abi_version;
	u32 engine_mask;
	u8 slice_mask;
	u8 subslice_mask;
	u32 eu_mask[GEN8_MAX_SLICES][GEN8_MAX_SUBSLICES];
	u32 eu_total;
	u32 threads_per_eu;
	u64 ggtt_size;
};

/**
 * struct gensim_irq_stats - interrupt counters, updated in hard irq
 * @count: interrupts that had something pending
 * @spurious: interrupts with nothing pending (merged or spurious)
 * @deferred: interrupts that arrived before the device applied the
 *	previous handler's acknowledgment, left for the one it raises then
 * @engine: user interrupts per engine
 * @missed: per engine, timeouts that found the job's breadcrumb written or
 *	context status entries unread: an interrupt the driver never handled
 */
struct gensim_irq_stats {
	atomic64_t count;
	atomic64_t spurious;
	atomic64_t deferred;
	atomic64_t engine[GENSIM_NUM_ENGINES];
	atomic64_t missed[GENSIM_NUM_ENGINES];
};

/**
 * struct gensim_mem_stats - live memory objects, for debugfs and leak tests
 * @bos: buffer objects, created or imported
 * @vms: VMs not yet freed
 * @page_tables: PPGTT table pages of all VMs (not the scratch tables)
 */
struct gensim_mem_stats {
	atomic_t bos;
	atomic_t vms;
	atomic_t page_tables;
};

/**
 * struct gensim_objects - live driver objects of every device, module-wide
 *
 * Counted where each object is created and freed, and shown in debugfs
 * (gensim/objects) so that tests can check that teardown, resets, device
 * death and unbind leave nothing behind.  Module-wide because objects
 * outlive the device they were made on (an open file keeps its buffers
 * after the device process died).
 */
struct gensim_objects {
	/** @bos: buffer objects, created or imported, including internal ones */
	atomic_t bos;
	/** @vms: VMs not yet freed */
	atomic_t vms;
	/** @page_tables: PPGTT table pages of all VMs */
	atomic_t page_tables;
	/** @queues: queues not yet freed */
	atomic_t queues;
	/** @jobs: jobs not yet freed */
	atomic_t jobs;
	/** @contexts: context IDs allocated */
	atomic_t contexts;
	/** @hw_fences: hardware fences not yet released */
	atomic_t hw_fences;
};

extern struct gensim_objects gensim_objects;

/**
 * struct gensim_fault - one page fault the device reported
 * @engine: the engine whose fault register held it
 * @reg: RING_FAULT_REG as read
 * @addr: the faulting address, from FAULT_TLB_DATA0/1
 */
struct gensim_fault {
	enum gensim_engine_id engine;
	u32 reg;
	u64 addr;
};

/**
 * struct gensim_fault_log - the last faults, for debugfs
 */
struct gensim_fault_log {
	/** @lock: Protects @entry and @count; taken in hard irq */
	spinlock_t lock;
	/** @entry: a ring of the last faults */
	struct gensim_fault entry[16];
	/** @count: faults seen since probe */
	u64 count;
};

/**
 * struct gensim_file - per open file of the DRM device
 */
struct gensim_file {
	/** @vms: the file's VMs, by id */
	struct xarray vms;
	/** @queues: the file's queues, by id */
	struct xarray queues;
	/** @stats: engine time of the file's jobs */
	struct gensim_client_stats *stats;
};

/**
 * struct gensim_device - one gensim GPU
 */
struct gensim_device {
	/** @drm: the DRM device, embedded */
	struct drm_device drm;
	/** @uif: the UIO front end this device was probed through */
	struct gensim_uif *uif;
	/** @chan: the channel this device was probed on; holds a reference */
	struct gensim_channel *chan;
	/** @devres_group: what devres_release_group() undoes on detach */
	void *devres_group;
	/** @info: identity and topology, read at probe */
	struct gensim_info info;

	/** @irq_stats: interrupt counters */
	struct gensim_irq_stats irq_stats;
	/** @irq_wq: woken after each handled interrupt (self-test waits) */
	wait_queue_head_t irq_wq;
	/**
	 * @irq_lock: Protects @irq_acked.  One interrupt handler at a time,
	 * as the kernel guarantees for a real line: the channel's irq_work
	 * may otherwise run on two CPUs at once.  Hard irq only.
	 */
	spinlock_t irq_lock;
	/**
	 * @irq_acked: the write log position after the last IIR
	 * acknowledgment a handler wrote
	 */
	u32 irq_acked;

	/** @scratch_page: GGTT scratch page, also the DMA self-test target */
	struct page *scratch_page;
	/** @scratch_node: where @scratch_page sits in the DMA window */
	struct drm_mm_node scratch_node;

	/** @ggtt: the global GTT */
	struct gensim_ggtt ggtt;
	/** @ppgtt_scratch: what unbound addresses of scratch VMs lead to */
	struct gensim_ppgtt_scratch ppgtt_scratch;
	/** @engine: per-engine state, for the engines in info.engine_mask */
	struct gensim_engine engine[GENSIM_NUM_ENGINES];
	/** @ctx_ids: allocator of context IDs (descriptor bits 63:32) */
	struct ida ctx_ids;
	/** @reset_wq: where engine resets run */
	struct workqueue_struct *reset_wq;

	/**
	 * @bind_lock: serialises VM_BIND, VM destruction and file close;
	 * protects every VM's mapping tree and page tables and every buffer's
	 * list of mappings (see gensim_vm.c)
	 */
	struct mutex bind_lock;
	/** @mem_stats: live memory objects */
	struct gensim_mem_stats mem_stats;
	/** @faults: page faults the device reported */
	struct gensim_fault_log faults;

	/** @probe_lock: Protects @probe_result; serialises DMA probes */
	struct mutex probe_lock;
	/** @probe_result: debugfs dma_probe: the last status and data */
	u32 probe_result[2];
};

/* Masked registers (MI_MODE, RING_MODE...): bits 31:16 enable bits 15:0. */
static inline u32 masked_enable(u32 bits)
{
	return bits << 16 | bits;
}

static inline u32 masked_disable(u32 bits)
{
	return bits << 16;
}

static inline struct gensim_device *to_gensim(struct drm_device *drm)
{
	return container_of(drm, struct gensim_device, drm);
}

/* gensim_drv.c */
extern unsigned int gensim_device_timeout_ms;
extern struct workqueue_struct *gensim_wq;
extern struct dentry *gensim_debugfs_root;
u32 gensim_engine_mmio_base(enum gensim_engine_id id);
const char *gensim_engine_name(enum gensim_engine_id id);
extern const struct drm_driver gensim_drm_driver;

/* gensim_device.c */
void gensim_device_probe_work(struct work_struct *work);
void gensim_device_unplug(struct gensim_device *gdev);
void gensim_device_wedged(struct gensim_device *gdev);
int gensim_topology_decode(struct gensim_info *info, u32 fuse2, const u32 dis[3]);

/* gensim_mmio.c */
u32 gensim_read(struct gensim_device *gdev, u32 reg);
u32 gensim_read_irq(struct gensim_device *gdev, u32 reg);
void gensim_write(struct gensim_device *gdev, u32 reg, u32 val);
u32 gensim_write_pos(struct gensim_device *gdev, u32 reg, u32 val);
bool gensim_write_applied(struct gensim_device *gdev, u32 pos);
int gensim_wait_for(struct gensim_device *gdev, u32 reg, u32 mask, u32 value,
		    unsigned int timeout_ms);

/* gensim_dmawin.c */
int gensim_dmawin_map_pfns(struct gensim_channel *chan, struct drm_mm_node *node,
			   const unsigned long *pfns, unsigned int count);
int gensim_dmawin_map(struct gensim_channel *chan, struct drm_mm_node *node,
		      struct page **pages, unsigned int count);
void gensim_dmawin_unmap(struct gensim_channel *chan, struct drm_mm_node *node);

/* gensim_selftest.c */
int gensim_dma_probe(struct gensim_device *gdev, u32 cmd, u64 addr, u64 root, u32 *data);
int gensim_selftest_dma_window(struct gensim_device *gdev);
int gensim_selftest_ggtt(struct gensim_device *gdev);

/* gensim_dump.c */
void gensim_dump_capture(struct gensim_engine *engine, struct gensim_queue *guilty,
			 const char *reason);
bool gensim_dump_ring_window(u32 head, u32 ring_size, u32 *start, u32 *n);

/* gensim_fault.c */
void gensim_fault_irq(struct gensim_device *gdev, enum gensim_engine_id id);
void gensim_fault_show(struct gensim_device *gdev, struct seq_file *m);

/* gensim_query.c */
int gensim_ioctl_query(struct drm_device *drm, void *data, struct drm_file *file);

/* gensim_irq.c */
void gensim_irq_handler(struct gensim_device *gdev);
int gensim_irq_init(struct gensim_device *gdev);
void gensim_irq_engine_unmask(struct gensim_device *gdev, int id);
void gensim_irq_fini(struct gensim_device *gdev);

/* gensim_debugfs.c */
void gensim_debugfs_init(struct gensim_device *gdev);
void gensim_debugfs_minor_init(struct drm_minor *minor);

#endif /* _GENSIM_DRV_H_ */
