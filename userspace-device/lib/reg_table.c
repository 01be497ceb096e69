// SPDX-License-Identifier: MIT
/*
 * THE register table.  Every register the device implements is one row
 * here: offset, name, access rule, reset value and side-effect handler.
 * Global rows use absolute BAR0 offsets; engine rows are relative to the
 * engine base and exist once per engine present (GVT-g's MMIO_RING_*,
 * without its macros).  A write to an offset with no row is an unclaimed
 * access: logged as an error and flagged in FPGA_DBG (regfile.c).
 *
 * Reset values follow the hardware spec (Documentation/gpu/gensim/
 * hw-spec.rst, "Register reference"); handlers live in the file of the
 * block whose behaviour they start, named <register>_write.
 */
#include "gsdev/device.h"
#include "gsdev/hw.h"
#include "gsdev/mem.h"

const uint32_t gs_engine_mmio_base[GS_NUM_ENGINES] = {
	[GS_RCS] = RENDER_RING_BASE,
	[GS_BCS] = BLT_RING_BASE,
	[GS_VCS] = GEN6_BSD_RING_BASE,
	[GS_VECS] = VEBOX_RING_BASE,
};

const char *const gs_engine_names[GS_NUM_ENGINES] = {
	[GS_RCS] = "rcs0",
	[GS_BCS] = "bcs0",
	[GS_VCS] = "vcs0",
	[GS_VECS] = "vecs0",
};

const struct gs_reg_desc gs_global_reg_table[] = {
	/*
	 * Page-fault reporting (fault.c): one fault register per engine, in the
	 * GT range whether or not the engine is present; the driver clears
	 * VALID by writing the register back without it (or 0), which lets the
	 * next fault be recorded.  DATA0/1 hold the last recorded fault's VA.
	 */
	{ .offset = RING_FAULT_REG_RCS, .name = "RING_FAULT_REG_RCS", .access = GS_RW },
	{ .offset = RING_FAULT_REG_VCS, .name = "RING_FAULT_REG_VCS", .access = GS_RW },
	{ .offset = RING_FAULT_REG_BCS, .name = "RING_FAULT_REG_BCS", .access = GS_RW },
	{ .offset = RING_FAULT_REG_VECS, .name = "RING_FAULT_REG_VECS", .access = GS_RW },
	{ .offset = GEN8_FAULT_TLB_DATA0, .name = "FAULT_TLB_DATA0", .access = GS_RO },
	{ .offset = GEN8_FAULT_TLB_DATA1, .name = "FAULT_TLB_DATA1", .access = GS_RO },

	/* Reset domains (EXT i915 GEN6_GDRST); the bits clear when done. */
	{ .offset = GEN6_GDRST, .name = "GDRST", .access = GS_RW,
	  .ro_mask = ~GENMASK(4, 0), .write = gdrst_write },

	/* Fuses: the topology from the command line (identity.c). */
	{ .offset = GEN8_FUSE2, .name = "FUSE2", .access = GS_RO,
	  .reset_fn = fuse2_reset },
	{ .offset = GEN8_EU_DISABLE0, .name = "EU_DISABLE", .access = GS_RO,
	  .reset_fn = eu_disable_reset, .count = 3, .stride = 4 },

	/* Unclaimed-access detector. */
	{ .offset = FPGA_DBG, .name = "FPGA_DBG", .access = GS_W1C,
	  .ro_mask = ~FPGA_DBG_RM_NOCLAIM },

	/* Interrupt tree (irq.c): only the enable bit of MASTER_IRQ is writable. */
	{ .offset = GEN8_MASTER_IRQ, .name = "MASTER_IRQ", .access = GS_RW,
	  .ro_mask = ~GEN8_MASTER_IRQ_CONTROL, .write = master_irq_write },
	{ .offset = GEN8_GT_ISR(0), .name = "GT_ISR", .access = GS_RO,
	  .count = GEN8_GT_NR_BANKS, .stride = 0x10 },
	{ .offset = GEN8_GT_IMR(0), .name = "GT_IMR", .access = GS_RW, .reset = ~0u,
	  .count = GEN8_GT_NR_BANKS, .stride = 0x10, .write = gt_irq_write },
	{ .offset = GEN8_GT_IIR(0), .name = "GT_IIR", .access = GS_W1C,
	  .count = GEN8_GT_NR_BANKS, .stride = 0x10, .write = gt_irq_write },
	{ .offset = GEN8_GT_IER(0), .name = "GT_IER", .access = GS_RW,
	  .count = GEN8_GT_NR_BANKS, .stride = 0x10, .write = gt_irq_write },

	/* TLB invalidation (tlb.c): bit 0 invalidates every TLB of the device. */
	{ .offset = GFX_FLSH_CNTL_GEN6, .name = "GFX_FLSH_CNTL", .access = GS_WO,
	  .write = gfx_flsh_cntl_write },

	/* PCI configuration mirror (identity.c). */
	{ .offset = GENSIM_PCI_ID, .name = "PCI_ID", .access = GS_RO,
	  .reset_fn = pci_id_reset },
	{ .offset = GENSIM_PCI_CLASS_REV, .name = "PCI_CLASS_REV", .access = GS_RO,
	  .reset_fn = pci_class_rev_reset },
	{ .offset = GENSIM_PCI_GMCH_CTRL, .name = "GMCH_CTRL", .access = GS_RO,
	  .reset_fn = gmch_ctrl_reset },

	/* gensim identity block. */
	{ .offset = GENSIM_MAGIC, .name = "GENSIM_MAGIC", .access = GS_RO,
	  .reset = GENSIM_MAGIC_VALUE },
	{ .offset = GENSIM_ABI_VERSION, .name = "GENSIM_ABI_VERSION", .access = GS_RO,
	  .reset = GENSIM_CHANNEL_ABI_VERSION },
	{ .offset = GENSIM_ENGINE_MASK, .name = "GENSIM_ENGINE_MASK", .access = GS_RO,
	  .reset_fn = engine_mask_reset },
	{ .offset = GENSIM_THREADS_PER_EU, .name = "GENSIM_THREADS_PER_EU", .access = GS_RO,
	  .reset_fn = threads_per_eu_reset },
	{ .offset = GENSIM_SCRATCH, .name = "GENSIM_SCRATCH", .access = GS_RW },
	{ .offset = GENSIM_UNCLAIMED_OFFSET, .name = "GENSIM_UNCLAIMED_OFFSET",
	  .access = GS_RO },
	{ .offset = GENSIM_IRQ_FORCE(0), .name = "GENSIM_IRQ_FORCE", .access = GS_WO,
	  .count = GEN8_GT_NR_BANKS, .stride = 4, .write = irq_force_write },
	{ .offset = GENSIM_DMA_PROBE_ADDR_LO, .name = "GENSIM_DMA_PROBE_ADDR_LO",
	  .access = GS_RW },
	{ .offset = GENSIM_DMA_PROBE_ADDR_HI, .name = "GENSIM_DMA_PROBE_ADDR_HI",
	  .access = GS_RW },
	{ .offset = GENSIM_DMA_PROBE_DATA, .name = "GENSIM_DMA_PROBE_DATA", .access = GS_RW },
	{ .offset = GENSIM_DMA_PROBE_CMD, .name = "GENSIM_DMA_PROBE_CMD", .access = GS_WO,
	  .write = dma_probe_cmd_write },
	{ .offset = GENSIM_DMA_PROBE_STATUS, .name = "GENSIM_DMA_PROBE_STATUS",
	  .access = GS_RO },
	/* The PML4 a PPGTT probe walks (hw-spec-memory "The DMA probe"). */
	{ .offset = GENSIM_DMA_PROBE_ROOT_LO, .name = "GENSIM_DMA_PROBE_ROOT_LO",
	  .access = GS_RW },
	{ .offset = GENSIM_DMA_PROBE_ROOT_HI, .name = "GENSIM_DMA_PROBE_ROOT_HI",
	  .access = GS_RW },
};
const size_t gs_global_reg_table_len = sizeof(gs_global_reg_table) / sizeof(gs_global_reg_table[0]);

/* Offsets relative to the engine base (seed 004 "Interrupt Control Registers", EIR/EMR/ESR). */
const struct gs_reg_desc gs_engine_reg_table[] = {
	{ .offset = RING_HWSTAM(0), .name = "HWSTAM", .access = GS_RW, .reset = ~0u },
	/* Engines are idle: MODE_IDLE reads 1; STOP_RING is stored and obeyed. */
	{ .offset = RING_MI_MODE(0), .name = "MI_MODE", .access = GS_MASKED,
	  .reset = MODE_IDLE, .ro_mask = MODE_IDLE },
	{ .offset = RING_IMR(0), .name = "IMR", .access = GS_RW, .reset = ~0u },
	{ .offset = RING_EIR(0), .name = "EIR", .access = GS_W1C },
	{ .offset = RING_EMR(0), .name = "EMR", .access = GS_RW, .reset = ~0u },
	{ .offset = RING_ESR(0), .name = "ESR", .access = GS_RO },
};
const size_t gs_engine_reg_table_len = sizeof(gs_engine_reg_table) / sizeof(gs_engine_reg_table[0]);
