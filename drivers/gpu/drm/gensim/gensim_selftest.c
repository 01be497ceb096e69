// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The gensim authors
 */

/**
 * DOC: Probe self-tests and the DMA probe
 *
 * gensim's DMA probe (hw-spec "The DMA window") makes the device read or
 * write one dword at an address, as a DMA-window address, through the
 * GGTT, or through a PPGTT whose PML4 the driver names.  The probe uses it
 * to check, at every attachment, that what the driver believes the device
 * sees is what it sees:
 *
 * - the DMA window: the device reads what the CPU wrote in a page the
 *   driver mapped, its write lands in that page, and an address nobody
 *   mapped faults instead of reading anything;
 * - the GGTT: the device reads an engine's status page at its GGTT address,
 *   an unused GGTT entry reads the scratch page, and an address past the
 *   GGTT faults.
 *
 * debugfs ``dma_probe`` offers the same probe to tests (gensim_debugfs.c).
 *
 * Called from: gensim_device.c, gensim_debugfs.c.
 */

#include <linux/bitfield.h>
#include <linux/highmem.h>

#include <drm/drm_print.h>

#include "gensim_drv.h"
#include "gensim_gem.h"

#define SCRATCH_PATTERN		0x5ca7c400u
#define HWSP_PATTERN		0x600d5eedu

/**
 * gensim_dma_probe - one device access on command
 * @gdev: the device
 * @cmd: GENSIM_DMA_PROBE_CMD: op, space and engine fields
 * @addr: the address, in the command's space
 * @root: for the PPGTT space, the PML4's DMA address
 * @data: in: the dword to write; out: the dword read
 *
 * Context: process; sleeps.
 * Returns: the probe's status (DMA_PROBE_STATUS_*), or a negative errno if
 * the device went away.
 */
int gensim_dma_probe(struct gensim_device *gdev, u32 cmd, u64 addr, u64 root, u32 *data)
{
	u32 status;
	int err;

	mutex_lock(&gdev->probe_lock);
	gensim_write(gdev, GENSIM_DMA_PROBE_ADDR_LO, lower_32_bits(addr));
	gensim_write(gdev, GENSIM_DMA_PROBE_ADDR_HI, upper_32_bits(addr));
	gensim_write(gdev, GENSIM_DMA_PROBE_ROOT_LO, lower_32_bits(root));
	gensim_write(gdev, GENSIM_DMA_PROBE_ROOT_HI, upper_32_bits(root));
	gensim_write(gdev, GENSIM_DMA_PROBE_DATA, *data);
	/* The write that starts the access. */
	gensim_write(gdev, GENSIM_DMA_PROBE_CMD, cmd);
	err = gensim_channel_flush(gdev->chan);
	status = gensim_read(gdev, GENSIM_DMA_PROBE_STATUS);
	*data = gensim_read(gdev, GENSIM_DMA_PROBE_DATA);
	gdev->probe_result[0] = status;
	gdev->probe_result[1] = *data;
	mutex_unlock(&gdev->probe_lock);
	return err ? err : status;
}

static u32 probe_cmd(u32 op, u32 space)
{
	/* Self-test faults are expected: keep them out of the engines' fault registers. */
	return FIELD_PREP(DMA_PROBE_CMD_OP, op) | FIELD_PREP(DMA_PROBE_CMD_SPACE, space) |
	       FIELD_PREP(DMA_PROBE_CMD_ENGINE, DMA_PROBE_ENGINE_NONE);
}

/**
 * gensim_selftest_dma_window - the DMA window, end to end
 * @gdev: the device
 *
 * Maps the scratch page (which then serves the GGTT) and checks reads,
 * writes and a fault through the DMA probe.
 *
 * Returns: 0, or -EIO with the mismatch logged.
 */
int gensim_selftest_dma_window(struct gensim_device *gdev)
{
	struct drm_mm_node *node = &gdev->scratch_node;
	u32 *vaddr, data = 0;
	int status, err, i;
	u64 base;

	gdev->scratch_page = alloc_page(GFP_KERNEL | __GFP_ZERO);
	if (!gdev->scratch_page)
		return -ENOMEM;
	vaddr = kmap_local_page(gdev->scratch_page);
	for (i = 0; i < PAGE_SIZE / 4; i++)
		vaddr[i] = SCRATCH_PATTERN + i;

	err = gensim_dmawin_map(gdev->chan, node, &gdev->scratch_page, 1);
	if (err)
		goto out;
	base = node->start << PAGE_SHIFT;

	status = gensim_dma_probe(gdev, probe_cmd(DMA_PROBE_CMD_READ, DMA_PROBE_SPACE_PHYS),
				  base + 0x10, 0, &data);
	if (status != DMA_PROBE_STATUS_OK || data != SCRATCH_PATTERN + 4) {
		drm_err(&gdev->drm, "DMA self-test: device read %#x (status %d) at %#llx, expected %#x\n",
			data, status, base + 0x10, SCRATCH_PATTERN + 4);
		err = status < 0 ? status : -EIO;
		goto out;
	}

	data = 0xfeedf00d;
	status = gensim_dma_probe(gdev, probe_cmd(DMA_PROBE_CMD_WRITE, DMA_PROBE_SPACE_PHYS),
				  base + 0x20, 0, &data);
	if (status != DMA_PROBE_STATUS_OK || READ_ONCE(vaddr[8]) != 0xfeedf00d) {
		drm_err(&gdev->drm, "DMA self-test: device write status %d, page holds %#x\n",
			status, READ_ONCE(vaddr[8]));
		err = status < 0 ? status : -EIO;
		goto out;
	}
	vaddr[8] = SCRATCH_PATTERN + 8;

	/* Below GENSIM_DMA_WINDOW_RESERVED nothing is ever mapped. */
	status = gensim_dma_probe(gdev, probe_cmd(DMA_PROBE_CMD_READ, DMA_PROBE_SPACE_PHYS),
				  SZ_4K, 0, &data);
	if (status != DMA_PROBE_STATUS_FAULT) {
		drm_err(&gdev->drm, "DMA self-test: unmapped address gave status %d data %#x, not a fault\n",
			status, data);
		err = status < 0 ? status : -EIO;
	}
out:
	kunmap_local(vaddr);
	return err;
}

/**
 * gensim_selftest_ggtt - the GGTT, end to end
 * @gdev: the device, with its engines' status pages bound
 *
 * Returns: 0, or -EIO with the mismatch logged.
 */
int gensim_selftest_ggtt(struct gensim_device *gdev)
{
	struct gensim_engine *engine = &gdev->engine[ffs(gdev->info.engine_mask) - 1];
	u32 read = probe_cmd(DMA_PROBE_CMD_READ, DMA_PROBE_SPACE_GGTT);
	u64 hwsp = engine->hwsp_node.start, unused = gdev->ggtt.size - SZ_4K;
	u32 *vaddr, data = 0;
	int status;

	/* The status page is pinned while bound: write through its page. */
	vaddr = kmap_local_page(engine->hwsp->base.pages[0]);
	WRITE_ONCE(vaddr[0x40 / 4], HWSP_PATTERN);
	kunmap_local(vaddr);

	status = gensim_dma_probe(gdev, read, hwsp + 0x40, 0, &data);
	if (status != DMA_PROBE_STATUS_OK || data != HWSP_PATTERN) {
		drm_err(&gdev->drm, "GGTT self-test: read %#x (status %d) at GGTT %#llx, expected %#x\n",
			data, status, hwsp + 0x40, HWSP_PATTERN);
		return status < 0 ? status : -EIO;
	}
	/* The last page is never allocated: it reads the scratch page. */
	status = gensim_dma_probe(gdev, read, unused + 0x10, 0, &data);
	if (status != DMA_PROBE_STATUS_OK || data != SCRATCH_PATTERN + 4) {
		drm_err(&gdev->drm, "GGTT self-test: unused entry read %#x (status %d), not scratch\n",
			data, status);
		return status < 0 ? status : -EIO;
	}
	status = gensim_dma_probe(gdev, read, gdev->ggtt.size, 0, &data);
	if (status != DMA_PROBE_STATUS_FAULT) {
		drm_err(&gdev->drm, "GGTT self-test: address past the GGTT gave status %d, not a fault\n",
			status);
		return status < 0 ? status : -EIO;
	}
	return 0;
}
