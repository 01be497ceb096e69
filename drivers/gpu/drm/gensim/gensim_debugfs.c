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
 *   by name, read through posting reads.
 *
 * Called from: gensim_device.c before the DRM device is registered.
 */

#include <linux/bitops.h>
#include <linux/seq_file.h>

#include <drm/drm_debugfs.h>
#include <drm/drm_file.h>

#include "gensim_drv.h"

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

static const u32 engine_base[GENSIM_NUM_ENGINES] = {
	[GENSIM_RCS] = RENDER_RING_BASE,
	[GENSIM_BCS] = BLT_RING_BASE,
	[GENSIM_VCS] = GEN6_BSD_RING_BASE,
	[GENSIM_VECS] = VEBOX_RING_BASE,
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
	seq_printf(m, "interrupts: %lld handled, %lld spurious\n",
		   atomic64_read(&gdev->irq_stats.count), atomic64_read(&gdev->irq_stats.spurious));
	for (id = 0; id < GENSIM_NUM_ENGINES; id++)
		if (info->engine_mask & BIT(id))
			seq_printf(m, "%s user interrupts: %lld\n", gensim_engine_name(id),
				   atomic64_read(&gdev->irq_stats.engine[id]));
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
			u32 reg = engine_base[id] + gensim_engine_regs[i].reg;

			seq_printf(m, "%-5s %-18s %#08x: %#010x\n", gensim_engine_name(id),
				   gensim_engine_regs[i].name, reg, gensim_read(gdev, reg));
		}
	}
	return 0;
}

static const struct drm_debugfs_info gensim_debugfs_list[] = {
	{ "info", gensim_debugfs_info, 0 },
	{ "regs", gensim_debugfs_regs, 0 },
};

void gensim_debugfs_init(struct gensim_device *gdev)
{
	drm_debugfs_add_files(&gdev->drm, gensim_debugfs_list, ARRAY_SIZE(gensim_debugfs_list));
}
