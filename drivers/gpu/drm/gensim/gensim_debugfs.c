// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The gensim authors
 */

/**
 * DOC: debugfs
 *
 * Under /sys/kernel/debug/dri/<minor>/:
 *
 * - ``info``: what the probe found, the channel state and the interrupt
 *   counters;
 * - ``regs``: the global registers and each present engine's registers,
 *   by name, read through posting reads;
 * - ``ggtt``: what is bound where in the global GTT;
 * - ``mem``: live buffers, VMs and page-table pages (the leak tests read it);
 * - ``client_mem``: what each open file costs the kernel: per VM its
 *   page-table pages and their bytes, per queue its engine, context image
 *   and ring bytes, and the totals (the memory benchmark reads it);
 * - ``faults``: the page faults the device reported;
 * - ``dma_probe``: write a command, read the result: the device reads or
 *   writes one dword, as it would for an engine (gensim hw-spec, "The DMA
 *   window").  Commands, one per write::
 *
 *	phys <addr> read|write [<value>]
 *	ggtt <addr> read|write [<value>]
 *	ppgtt <drm-client-id> <vm-id> <addr> read|write [<value>]
 *
 *   The drm-client-id is the one in the client's fdinfo.  Faults of ppgtt
 *   probes are reported on rcs0 as an engine's would be.  Reading returns
 *   ``status <n> data <value>`` (1 ok, 2 fault, 3 bad command).
 *
 * And module-wide, under /sys/kernel/debug/gensim/ (gensim_drv.c), while
 * the module is loaded whether or not a device is attached:
 *
 * - ``objects``: the live buffers, VMs, page tables, queues, jobs, context
 *   IDs and hardware fences of every device, ``name: count`` per line.
 *   Objects outlive their device (an open file keeps its buffers after the
 *   device process died), so this is what the teardown, reset, device
 *   death and unbind tests compare with their baseline.
 *
 * Called from: gensim_device.c before the DRM device is registered.
 */

#include <linux/bitfield.h>
#include <linux/bitops.h>
#include <linux/debugfs.h>
#include <linux/seq_file.h>
#include <linux/uaccess.h>

#include <drm/drm_debugfs.h>
#include <drm/drm_file.h>
#include <drm/drm_print.h>

#include "gensim_drv.h"
#include "gensim_engine.h"
#include "gensim_gem.h"
#include "gensim_vm.h"

#define REGDEF(reg) { reg, #reg }

static const struct {
	u32 reg;
	const char *name;
} gensim_global_regs[] = {
	REGDEF(GENSIM_PCI_ID),
	REGDEF(GENSIM_PCI_CLASS_REV),
	REGDEF(GENSIM_PCI_GMCH_CTRL),
	REGDEF(GENSIM_ENGINE_MASK),
	REGDEF(GENSIM_THREADS_PER_EU),
	REGDEF(GEN8_FUSE2),
	REGDEF(GEN8_EU_DISABLE0),
	REGDEF(GEN8_EU_DISABLE1),
	REGDEF(GEN8_EU_DISABLE2),
	REGDEF(GEN6_GDRST),
	REGDEF(FPGA_DBG),
	REGDEF(GEN8_MASTER_IRQ),
	REGDEF(GEN8_GT_ISR(0)),
	REGDEF(GEN8_GT_IMR(0)),
	REGDEF(GEN8_GT_IIR(0)),
	REGDEF(GEN8_GT_IER(0)),
	REGDEF(GEN8_GT_ISR(1)),
	REGDEF(GEN8_GT_IMR(1)),
	REGDEF(GEN8_GT_IIR(1)),
	REGDEF(GEN8_GT_IER(1)),
	REGDEF(GEN8_GT_ISR(3)),
	REGDEF(GEN8_GT_IMR(3)),
	REGDEF(GEN8_GT_IIR(3)),
	REGDEF(GEN8_GT_IER(3)),
};

/* Engine registers as offsets from the engine base. */
static const struct {
	u32 reg;
	const char *name;
} gensim_engine_regs[] = {
	REGDEF(RING_HWSTAM(0)),
	REGDEF(RING_IMR(0)),
	REGDEF(RING_EIR(0)),
	REGDEF(RING_EMR(0)),
	REGDEF(RING_ESR(0)),
};

static int gensim_debugfs_info(struct seq_file *m, void *data)
{
	struct drm_debugfs_entry *entry = m->private;
	struct gensim_device *gdev = to_gensim(entry->dev);
	const struct gensim_info *info = &gdev->info;
	int s, ss, id;

	seq_printf(m, "pci id: %04x:%04x rev %#04x class %06x\n", info->vendor_id,
		   info->device_id, info->revision, info->class_code);
	seq_printf(m, "channel abi: %u\n", info->abi_version);
	seq_puts(m, "engines:");
	for (id = 0; id < GENSIM_NUM_ENGINES; id++)
		if (info->engine_mask & BIT(id))
			seq_printf(m, " %s", gensim_engine_name(id));
	seq_printf(m, "\nslice mask: %#x\nsubslice mask: %#x\n", info->slice_mask,
		   info->subslice_mask);
	for (s = 0; s < GEN8_MAX_SLICES; s++)
		for (ss = 0; ss < GEN8_MAX_SUBSLICES; ss++)
			if (info->eu_mask[s][ss])
				seq_printf(m, "slice %d subslice %d eu mask: %#04x\n", s, ss,
					   info->eu_mask[s][ss]);
	seq_printf(m, "eu total: %u\nthreads per eu: %u\nggtt size: %llu MiB\n",
		   info->eu_total, info->threads_per_eu, info->ggtt_size >> 20);
	seq_printf(m, "channel: %s%s\n", gensim_channel_dead(gdev->chan) ? "dead" : "attached",
		   gensim_channel_wedged(gdev->chan) ? ", wedged" : "");
	seq_printf(m, "interrupts: %lld handled, %lld spurious, %lld deferred\n",
		   atomic64_read(&gdev->irq_stats.count), atomic64_read(&gdev->irq_stats.spurious),
		   atomic64_read(&gdev->irq_stats.deferred));
	for (id = 0; id < GENSIM_NUM_ENGINES; id++)
		if (info->engine_mask & BIT(id))
			seq_printf(m, "%s user interrupts: %lld\n%s missed interrupts: %lld\n",
				   gensim_engine_name(id),
				   atomic64_read(&gdev->irq_stats.engine[id]),
				   gensim_engine_name(id),
				   atomic64_read(&gdev->irq_stats.missed[id]));
	return 0;
}

static int gensim_debugfs_regs(struct seq_file *m, void *data)
{
	struct drm_debugfs_entry *entry = m->private;
	struct gensim_device *gdev = to_gensim(entry->dev);
	int i, id;

	for (i = 0; i < ARRAY_SIZE(gensim_global_regs); i++)
		seq_printf(m, "%-24s %#08x: %#010x\n", gensim_global_regs[i].name,
			   gensim_global_regs[i].reg, gensim_read(gdev, gensim_global_regs[i].reg));

	for (id = 0; id < GENSIM_NUM_ENGINES; id++) {
		if (!(gdev->info.engine_mask & BIT(id)))
			continue;
		for (i = 0; i < ARRAY_SIZE(gensim_engine_regs); i++) {
			u32 reg = gensim_engine_mmio_base(id) + gensim_engine_regs[i].reg;

			seq_printf(m, "%-5s %-18s %#08x: %#010x\n", gensim_engine_name(id),
				   gensim_engine_regs[i].name, reg, gensim_read(gdev, reg));
		}
	}
	return 0;
}

static int gensim_debugfs_ggtt(struct seq_file *m, void *data)
{
	struct drm_debugfs_entry *entry = m->private;

	gensim_ggtt_show(to_gensim(entry->dev), m);
	return 0;
}

static int gensim_debugfs_mem(struct seq_file *m, void *data)
{
	struct drm_debugfs_entry *entry = m->private;
	struct gensim_device *gdev = to_gensim(entry->dev);

	seq_printf(m, "bos: %d\nvms: %d\npage tables: %d\n",
		   atomic_read(&gdev->mem_stats.bos), atomic_read(&gdev->mem_stats.vms),
		   atomic_read(&gdev->mem_stats.page_tables));
	return 0;
}

/*
 * Under the xarrays' locks the VMs and queues listed are alive: each file's
 * xarray holds a reference until the entry is erased, and the lock is held
 * across each walk.  filelist_mutex keeps the files (and their driver_priv)
 * from being closed meanwhile.  Nothing here sleeps.
 */
static int gensim_debugfs_client_mem(struct seq_file *m, void *data)
{
	struct drm_debugfs_entry *entry = m->private;
	struct gensim_device *gdev = to_gensim(entry->dev);
	unsigned long vm_bytes = 0, queue_bytes = 0, id;
	unsigned int vms = 0, queues = 0;
	struct drm_file *file;

	mutex_lock(&gdev->drm.filelist_mutex);
	list_for_each_entry(file, &gdev->drm.filelist, lhead) {
		struct gensim_file *gfile = file->driver_priv;
		struct gensim_queue *q;
		struct gensim_vm *vm;

		seq_printf(m, "client %llu\n", file->client_id);
		xa_lock(&gfile->vms);
		xa_for_each(&gfile->vms, id, vm) {
			unsigned long bytes = atomic_long_read(&vm->ppgtt.bytes) + sizeof(*vm);

			seq_printf(m, "  vm %lu: %d page-table pages, %lu bytes\n", id,
				   atomic_read(&vm->ppgtt.tables), bytes);
			vm_bytes += bytes;
			vms++;
		}
		xa_unlock(&gfile->vms);
		xa_lock(&gfile->queues);
		xa_for_each(&gfile->queues, id, q) {
			size_t lrc = q->lrc->base.base.size, ring = q->ring->base.base.size;

			seq_printf(m, "  queue %lu on %s: context image %zu, ring %zu, %zu bytes\n",
				   id, gensim_engine_name(q->engine->id), lrc, ring,
				   lrc + ring + sizeof(*q));
			queue_bytes += lrc + ring + sizeof(*q);
			queues++;
		}
		xa_unlock(&gfile->queues);
	}
	mutex_unlock(&gdev->drm.filelist_mutex);
	seq_printf(m, "total: %u vms %lu bytes, %u queues %lu bytes\n", vms, vm_bytes, queues,
		   queue_bytes);
	return 0;
}

static int gensim_debugfs_faults(struct seq_file *m, void *data)
{
	struct drm_debugfs_entry *entry = m->private;

	gensim_fault_show(to_gensim(entry->dev), m);
	return 0;
}

static int gensim_debugfs_engines(struct seq_file *m, void *data)
{
	struct drm_debugfs_entry *entry = m->private;

	gensim_engines_show(to_gensim(entry->dev), m);
	return 0;
}

static const struct drm_debugfs_info gensim_debugfs_list[] = {
	{ "info", gensim_debugfs_info, 0 },
	{ "regs", gensim_debugfs_regs, 0 },
	{ "ggtt", gensim_debugfs_ggtt, 0 },
	{ "mem", gensim_debugfs_mem, 0 },
	{ "client_mem", gensim_debugfs_client_mem, 0 },
	{ "faults", gensim_debugfs_faults, 0 },
	{ "engines", gensim_debugfs_engines, 0 },
};

/* The VM @vm_id of the open file whose fdinfo says drm-client-id @client. */
static struct gensim_vm *find_vm(struct gensim_device *gdev, u64 client, u32 vm_id)
{
	struct gensim_vm *vm = NULL;
	struct drm_file *file;

	mutex_lock(&gdev->drm.filelist_mutex);
	list_for_each_entry(file, &gdev->drm.filelist, lhead) {
		if (file->client_id == client) {
			vm = gensim_vm_lookup(file->driver_priv, vm_id);
			break;
		}
	}
	mutex_unlock(&gdev->drm.filelist_mutex);
	return vm;
}

static int run_probe(struct gensim_device *gdev, char *cmd)
{
	char space[8], op[8];
	u32 engine = DMA_PROBE_ENGINE_NONE, vm_id, data = 0, code;
	struct gensim_vm *vm = NULL;
	u64 addr, client, root = 0;
	int n, status;

	if (sscanf(cmd, "%7s", space) != 1)
		return -EINVAL;
	if (!strcmp(space, "ppgtt")) {
		n = sscanf(cmd, "%*s %llu %u %llx %7s %x", &client, &vm_id, &addr, op, &data);
		if (n < 4)
			return -EINVAL;
		vm = find_vm(gdev, client, vm_id);
		if (!vm)
			return -ENOENT;
		root = gensim_ppgtt_root(&vm->ppgtt);
		code = DMA_PROBE_SPACE_PPGTT;
		engine = GENSIM_RCS;
	} else {
		n = sscanf(cmd, "%*s %llx %7s %x", &addr, op, &data);
		if (n < 2)
			return -EINVAL;
		if (!strcmp(space, "phys"))
			code = DMA_PROBE_SPACE_PHYS;
		else if (!strcmp(space, "ggtt"))
			code = DMA_PROBE_SPACE_GGTT;
		else
			return -EINVAL;
	}
	code = FIELD_PREP(DMA_PROBE_CMD_SPACE, code) | FIELD_PREP(DMA_PROBE_CMD_ENGINE, engine);
	if (!strcmp(op, "read"))
		code |= FIELD_PREP(DMA_PROBE_CMD_OP, DMA_PROBE_CMD_READ);
	else if (!strcmp(op, "write"))
		code |= FIELD_PREP(DMA_PROBE_CMD_OP, DMA_PROBE_CMD_WRITE);
	else
		status = -EINVAL;
	if (FIELD_GET(DMA_PROBE_CMD_OP, code))
		status = gensim_dma_probe(gdev, code, addr, root, &data);
	if (vm)
		drm_gpuvm_put(&vm->base);
	return status < 0 ? status : 0;
}

static ssize_t dma_probe_write(struct file *f, const char __user *ubuf, size_t len,
			       loff_t *pos)
{
	struct gensim_device *gdev = file_inode(f)->i_private;
	char buf[128];
	int err;

	if (len >= sizeof(buf))
		return -EINVAL;
	if (copy_from_user(buf, ubuf, len))
		return -EFAULT;
	buf[len] = 0;
	err = run_probe(gdev, buf);
	return err ? err : len;
}

static int dma_probe_show(struct seq_file *m, void *data)
{
	struct gensim_device *gdev = m->private;

	mutex_lock(&gdev->probe_lock);
	seq_printf(m, "status %u data %#x\n", gdev->probe_result[0], gdev->probe_result[1]);
	mutex_unlock(&gdev->probe_lock);
	return 0;
}

static int dma_probe_open(struct inode *inode, struct file *f)
{
	return single_open(f, dma_probe_show, inode->i_private);
}

static const struct file_operations dma_probe_fops = {
	.owner = THIS_MODULE,
	.open = dma_probe_open,
	.read = seq_read,
	.write = dma_probe_write,
	.llseek = seq_lseek,
	.release = single_release,
};

/**
 * gensim_debugfs_minor_init - &drm_driver.debugfs_init: the writable files
 * @minor: the primary minor
 */
void gensim_debugfs_minor_init(struct drm_minor *minor)
{
	debugfs_create_file("dma_probe", 0600, minor->debugfs_root, to_gensim(minor->dev),
			    &dma_probe_fops);
}

void gensim_debugfs_init(struct gensim_device *gdev)
{
	drm_debugfs_add_files(&gdev->drm, gensim_debugfs_list, ARRAY_SIZE(gensim_debugfs_list));
}
