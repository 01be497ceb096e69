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
#include "3d/r3d_cmds.h"
#include "blt/blt.h"
#include "channel/irq.h"
#include "core/device.h"
#include "core/hw.h"
#include "cs/engine.h"
#include "device/device.h"
#include "engine/engine.h"
#include "gpgpu/gpgpu.h"
#include "mem/mem.h"

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
	/* EU instructions retired by rcs0's EU array (gpgpu_array.c); no reset clears them. */
	{ .offset = GENSIM_EU_RETIRED_LO, .name = "GENSIM_EU_RETIRED_LO", .access = GS_RO,
	  .reset_fn = eu_retired_reset },
	{ .offset = GENSIM_EU_RETIRED_HI, .name = "GENSIM_EU_RETIRED_HI", .access = GS_RO,
	  .reset_fn = eu_retired_reset },
	/* Rows bcs0's blitter completed (blt/blt_exec.c); no reset clears them. */
	{ .offset = GENSIM_BLT_ROWS_LO, .name = "GENSIM_BLT_ROWS_LO", .access = GS_RO,
	  .reset_fn = gs_blt_rows_reset },
	{ .offset = GENSIM_BLT_ROWS_HI, .name = "GENSIM_BLT_ROWS_HI", .access = GS_RO,
	  .reset_fn = gs_blt_rows_reset },
	/* The driver removed window pages: what the device saw present may not be (present.c). */
	{ .offset = GENSIM_DMAWIN_INVALIDATE, .name = "GENSIM_DMAWIN_INVALIDATE", .access = GS_WO,
	  .write = dmawin_invalidate_write },
};
const size_t gs_global_reg_table_len = sizeof(gs_global_reg_table) / sizeof(gs_global_reg_table[0]);

/*
 * Offsets relative to the engine base
 * (Documentation/gpu/gensim/hw-spec-engines.rst "Engine registers";
 * PRM Vol. 6 Command Stream Programming (Cherryview 2015), "Interrupt
 * Control Registers", EIR/EMR/ESR; EXT i915 for offsets the PRM only
 * names).  The rows the context image may load (hw-spec-engines "ctx") are
 * plain RW or masked: the image is executed through these same rules.
 * While a context runs, its engine stores RING_HEAD, BB_ADDR, ACTHD and
 * the status registers itself (cs_fetch.c, execlist.c, csb.c).
 */
const struct gs_reg_desc gs_engine_reg_table[] = {
	/* The ring (ctx).  TAIL keeps every bit: the engine checks alignment. */
	{ .offset = RING_TAIL(0), .name = "RING_TAIL", .access = GS_RW },
	{ .offset = RING_HEAD(0), .name = "RING_HEAD", .access = GS_RW },
	{ .offset = RING_START(0), .name = "RING_START", .access = GS_RW, .ro_mask = 0xfff },
	/* RING_WAIT/RING_WAIT_SEMAPHORE are status the engine sets. */
	{ .offset = RING_CTL(0), .name = "RING_CTL", .access = GS_RW,
	  .ro_mask = ~(RING_NR_PAGES | RING_VALID) },
	{ .offset = RING_ACTHD_UDW(0), .name = "ACTHD_UDW", .access = GS_RO },
	/* The last error: its EIR bits and the failing command's header. */
	{ .offset = RING_IPEIR(0), .name = "IPEIR", .access = GS_RO },
	{ .offset = RING_IPEHR(0), .name = "IPEHR", .access = GS_RO },
	{ .offset = RING_ACTHD(0), .name = "ACTHD", .access = GS_RO },
	/* A new status page gets the ISR mirror (cs_error.c) on the next event. */
	{ .offset = RING_HWS_PGA(0), .name = "HWS_PGA", .access = GS_RW, .ro_mask = 0xfff,
	  .write = hwstam_write },
	/* MI_NOOP with its write-enable bit stores its identification number here. */
	{ .offset = RING_NOPID(0), .name = "NOPID", .access = GS_RW },
	{ .offset = RING_HWSTAM(0), .name = "HWSTAM", .access = GS_RW, .reset = ~0u,
	  .write = hwstam_write },
	/* STOP_RING stops the engine at a command boundary; MODE_IDLE is status. */
	{ .offset = RING_MI_MODE(0), .name = "MI_MODE", .access = GS_MASKED,
	  .reset = MODE_IDLE, .ro_mask = MODE_IDLE, .write = mi_mode_write },
	{ .offset = RING_IMR(0), .name = "IMR", .access = GS_RW, .reset = ~0u },
	/* Clearing EIR drops the master-error bit of the HWSP ISR mirror. */
	{ .offset = RING_EIR(0), .name = "EIR", .access = GS_W1C, .write = eir_write },
	{ .offset = RING_EMR(0), .name = "EMR", .access = GS_RW, .reset = ~0u },
	{ .offset = RING_ESR(0), .name = "ESR", .access = GS_RO },
	{ .offset = RING_INSTPM(0), .name = "INSTPM", .access = GS_MASKED },
	/* Bit 0 requests a reset; the engine answers with READY at a boundary. */
	{ .offset = RING_RESET_CTL(0), .name = "RESET_CTL", .access = GS_MASKED,
	  .ro_mask = RESET_CTL_READY_TO_RESET | RESET_CTL_CAT_ERROR, .write = reset_ctl_write },
	/* Batch state (ctx): BBSTATE_ACTIVE says a batch of that level runs. */
	{ .offset = RING_BBSTATE(0), .name = "BB_STATE", .access = GS_RW },
	{ .offset = RING_SBBADDR(0), .name = "SBB_ADDR", .access = GS_RW },
	{ .offset = RING_SBBSTATE(0), .name = "SBB_STATE", .access = GS_RW },
	{ .offset = RING_SBBADDR_UDW(0), .name = "SBB_ADDR_UDW", .access = GS_RW },
	{ .offset = RING_BBADDR(0), .name = "BB_ADDR", .access = GS_RW },
	{ .offset = RING_BBADDR_UDW(0), .name = "BB_ADDR_UDW", .access = GS_RW },
	/* Execlists (elsp.c): the fourth dword written submits. */
	{ .offset = RING_ELSP(0), .name = "ELSP", .access = GS_WO, .write = elsp_write },
	{ .offset = RING_EXECLIST_STATUS_LO(0), .name = "EXECLIST_STATUS_LO", .access = GS_RO },
	{ .offset = RING_EXECLIST_STATUS_HI(0), .name = "EXECLIST_STATUS_HI", .access = GS_RO },
	{ .offset = RING_CONTEXT_CONTROL(0), .name = "CONTEXT_CONTROL", .access = GS_MASKED },
	{ .offset = RING_PDP_LDW(0, 0), .name = "PDP_LDW", .access = GS_RW, .count = 4,
	  .stride = 8 },
	{ .offset = RING_PDP_UDW(0, 0), .name = "PDP_UDW", .access = GS_RW, .count = 4,
	  .stride = 8 },
	/* Execlist enable and privilege-check disable; read when used. */
	{ .offset = RING_MODE(0), .name = "RING_MODE", .access = GS_MASKED },
	/* The engine clock (cs_time.c), refreshed by the device. */
	{ .offset = RING_TIMESTAMP(0), .name = "TIMESTAMP", .access = GS_RO },
	{ .offset = RING_TIMESTAMP_UDW(0), .name = "TIMESTAMP_UDW", .access = GS_RO },
	/* The context status buffer (csb.c); the driver owns only the read pointer. */
	{ .offset = RING_CONTEXT_STATUS_BUF_LO(0, 0), .name = "CTX_STATUS_BUF", .access = GS_RO,
	  .count = 2 * GEN8_CSB_ENTRIES, .stride = 4 },
	{ .offset = RING_CONTEXT_STATUS_PTR(0), .name = "CTX_STATUS_PTR", .access = GS_MASKED,
	  .reset = CSB_PTR_RESET, .ro_mask = 0xffff & ~CSB_READ_PTR },
	{ .offset = RING_CTX_TIMESTAMP(0), .name = "CTX_TIMESTAMP", .access = GS_RW },
	/* The ALU's general purpose registers (ctx), 16 x 64 bits. */
	{ .offset = RING_GPR(0, 0), .name = "GPR", .access = GS_RW, .count = 2 * GEN8_NR_GPRS,
	  .stride = 4 },
	/*
	 * bcs0's one other whitelisted register (PRM Vol. 6 Command Stream
	 * Programming (Cherryview 2015), "User Mode Non-Privileged Registers"
	 * (BCS)): bit 0 the blitter's tiled source is Y-major, bit 1 its
	 * destination (cmd_blt.c).  Masked, as Gen8's (EXT IGT
	 * gem_ctx_isolation, i915 selftests); the other bits read 0.  A context
	 * register of bcs0's image (lrc.c).
	 */
	{ .offset = BCS_SWCTRL - BLT_RING_BASE, .name = "BCS_SWCTRL", .access = GS_MASKED,
	  .ro_mask = 0xfffc, .engines = BIT(GS_BCS) },
	/* rcs0's predicate registers (cmd_mi_predicate.c). */
	{ .offset = MI_PREDICATE_RESULT_2 - RENDER_RING_BASE, .name = "MI_PREDICATE_RESULT_2",
	  .access = GS_RW, .engines = BIT(GS_RCS) },
	{ .offset = MI_PREDICATE_SRC0 - RENDER_RING_BASE, .name = "MI_PREDICATE_SRC0",
	  .access = GS_RW, .engines = BIT(GS_RCS) },
	{ .offset = MI_PREDICATE_SRC0_UDW - RENDER_RING_BASE, .name = "MI_PREDICATE_SRC0_UDW",
	  .access = GS_RW, .engines = BIT(GS_RCS) },
	{ .offset = MI_PREDICATE_SRC1 - RENDER_RING_BASE, .name = "MI_PREDICATE_SRC1",
	  .access = GS_RW, .engines = BIT(GS_RCS) },
	{ .offset = MI_PREDICATE_SRC1_UDW - RENDER_RING_BASE, .name = "MI_PREDICATE_SRC1_UDW",
	  .access = GS_RW, .engines = BIT(GS_RCS) },
	{ .offset = MI_PREDICATE_DATA - RENDER_RING_BASE, .name = "MI_PREDICATE_DATA",
	  .access = GS_RW, .engines = BIT(GS_RCS) },
	{ .offset = MI_PREDICATE_DATA_UDW - RENDER_RING_BASE, .name = "MI_PREDICATE_DATA_UDW",
	  .access = GS_RW, .engines = BIT(GS_RCS) },
	{ .offset = MI_PREDICATE_RESULT - RENDER_RING_BASE, .name = "MI_PREDICATE_RESULT",
	  .access = GS_RW, .engines = BIT(GS_RCS) },
	{ .offset = MI_PREDICATE_RESULT_1 - RENDER_RING_BASE, .name = "MI_PREDICATE_RESULT_1",
	  .access = GS_RW, .engines = BIT(GS_RCS) },
	/* rcs0's indirect GPGPU_WALKER group counts (cmd_gpgpu_walker.c; GPGPU context state). */
	{ .offset = GPGPU_DISPATCHDIMX - RENDER_RING_BASE, .name = "GPGPU_DISPATCHDIMX",
	  .access = GS_RW, .engines = BIT(GS_RCS) },
	{ .offset = GPGPU_DISPATCHDIMY - RENDER_RING_BASE, .name = "GPGPU_DISPATCHDIMY",
	  .access = GS_RW, .engines = BIT(GS_RCS) },
	{ .offset = GPGPU_DISPATCHDIMZ - RENDER_RING_BASE, .name = "GPGPU_DISPATCHDIMZ",
	  .access = GS_RW, .engines = BIT(GS_RCS) },
	/* rcs0's indirect 3DPRIMITIVE parameters (3d/draw.c; hw-spec-3d "3DPRIMITIVE"). */
	{ .offset = R3D_3DPRIM_END_OFFSET - RENDER_RING_BASE, .name = "3DPRIM_END_OFFSET",
	  .access = GS_RW, .engines = BIT(GS_RCS) },
	{ .offset = R3D_3DPRIM_START_VERTEX - RENDER_RING_BASE, .name = "3DPRIM_START_VERTEX",
	  .access = GS_RW, .engines = BIT(GS_RCS) },
	{ .offset = R3D_3DPRIM_VERTEX_COUNT - RENDER_RING_BASE, .name = "3DPRIM_VERTEX_COUNT",
	  .access = GS_RW, .engines = BIT(GS_RCS) },
	{ .offset = R3D_3DPRIM_INSTANCE_COUNT - RENDER_RING_BASE, .name = "3DPRIM_INSTANCE_COUNT",
	  .access = GS_RW, .engines = BIT(GS_RCS) },
	{ .offset = R3D_3DPRIM_START_INSTANCE - RENDER_RING_BASE, .name = "3DPRIM_START_INSTANCE",
	  .access = GS_RW, .engines = BIT(GS_RCS) },
	{ .offset = R3D_3DPRIM_BASE_VERTEX - RENDER_RING_BASE, .name = "3DPRIM_BASE_VERTEX",
	  .access = GS_RW, .engines = BIT(GS_RCS) },
};
const size_t gs_engine_reg_table_len = sizeof(gs_engine_reg_table) / sizeof(gs_engine_reg_table[0]);
