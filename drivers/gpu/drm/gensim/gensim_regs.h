/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * gensim BAR0 register map, in BAR order.
 *
 * This header is shared verbatim with the device process
 * (userspace-device/), so it uses only BIT() and GENMASK(), which the
 * device side defines for itself.  Offsets are Gen8 (Broadwell) offsets
 * unless marked "gensim": those registers exist only on gensim because it
 * has no PCI bus and no fuses of its own.  The spec is
 * Documentation/gpu/gensim/hw-spec.rst; access (RO/RW/W1C/masked/WO) and
 * reset values are in the device's register table, reg_table.c.
 */
#ifndef _GENSIM_REGS_H_
#define _GENSIM_REGS_H_

/*
 * Engine MMIO bases (PRM Vol. 6 Command Stream Programming (Cherryview 2015),
 * its per-engine command streamer chapters; EXT i915 *_RING_BASE)
 */
#define RENDER_RING_BASE		0x02000
#define GEN6_BSD_RING_BASE		0x12000
#define VEBOX_RING_BASE			0x1a000
#define BLT_RING_BASE			0x22000

/* Per-engine registers, as offsets from the engine base */
#define RING_TAIL(base)			((base) + 0x30)
#define   TAIL_ADDR			GENMASK(20, 3)
#define RING_HEAD(base)			((base) + 0x34)
#define   HEAD_WRAP_COUNT		GENMASK(31, 21)
#define   HEAD_ADDR			GENMASK(20, 2)
#define RING_START(base)		((base) + 0x38)
#define RING_CTL(base)			((base) + 0x3c)
#define   RING_NR_PAGES			GENMASK(20, 12)
#define   RING_WAIT			BIT(11)
#define   RING_WAIT_SEMAPHORE		BIT(10)
#define   RING_VALID			BIT(0)
#define RING_ACTHD_UDW(base)		((base) + 0x5c)
#define RING_IPEIR(base)		((base) + 0x64)
#define RING_IPEHR(base)		((base) + 0x68)
#define RING_ACTHD(base)		((base) + 0x74)
#define RING_HWS_PGA(base)		((base) + 0x80)
#define RING_NOPID(base)		((base) + 0x94)	/* MI_NOOP's identification number */
#define RING_HWSTAM(base)		((base) + 0x98)
#define RING_MI_MODE(base)		((base) + 0x9c)
#define   MODE_IDLE			BIT(9)
#define   STOP_RING			BIT(8)
#define RING_IMR(base)			((base) + 0xa8)
#define RING_EIR(base)			((base) + 0xb0)
#define RING_EMR(base)			((base) + 0xb4)
#define RING_ESR(base)			((base) + 0xb8)
#define   EIR_INSTRUCTION_ERROR		BIT(0)
#define   EIR_PAGE_TABLE_ERROR		BIT(4)
#define   EIR_PRIVILEGE_VIOLATION	BIT(5)	/* gensim's bit: hw-spec "Errors" */
#define RING_INSTPM(base)		((base) + 0xc0)
#define RING_RESET_CTL(base)		((base) + 0xd0)
#define   RESET_CTL_CAT_ERROR		BIT(2)
#define   RESET_CTL_READY_TO_RESET	BIT(1)
#define   RESET_CTL_REQUEST_RESET	BIT(0)
#define RING_BBSTATE(base)		((base) + 0x110)
#define   BBSTATE_PPGTT			BIT(5)
#define   BBSTATE_ACTIVE		BIT(0)	/* gensim: a batch of this level runs */
#define RING_SBBADDR(base)		((base) + 0x114)
#define RING_SBBSTATE(base)		((base) + 0x118)
#define RING_SBBADDR_UDW(base)		((base) + 0x11c)
#define RING_BBADDR(base)		((base) + 0x140)
#define RING_BBADDR_UDW(base)		((base) + 0x168)
#define BCS_SWCTRL			0x22200	/* [PRM-CSP] bcs0 whitelist */
#define RING_ELSP(base)			((base) + 0x230)
#define RING_EXECLIST_STATUS_LO(base)	((base) + 0x234)
#define   EL_STATUS_CURRENT_POINTER	BIT(0)
#define   EL_STATUS_QUEUE_FULL		BIT(2)
#define   EL_STATUS_EL1_VALID		BIT(3)
#define   EL_STATUS_EL0_VALID		BIT(4)
#define   EL_STATUS_ACTIVE_ELEMENT	GENMASK(15, 14)
#define   EL_STATUS_ARB_ENABLE		BIT(16)
#define RING_EXECLIST_STATUS_HI(base)	((base) + 0x238)
#define RING_CONTEXT_CONTROL(base)	((base) + 0x244)
#define   CTX_CTRL_RESTORE_INHIBIT	BIT(0)
#define   CTX_CTRL_SAVE_INHIBIT		BIT(2)
#define   CTX_CTRL_INHIBIT_SYN_CTX_SWITCH BIT(3)
#define RING_PDP_LDW(base, n)		((base) + 0x270 + (n) * 8)
#define RING_PDP_UDW(base, n)		((base) + 0x274 + (n) * 8)
#define RING_MODE(base)			((base) + 0x29c)
#define   GFX_RUN_LIST_ENABLE		BIT(15)
#define   GFX_PPGTT_ENABLE		BIT(9)
#define   GFX_PRIV_CHECK_DISABLE	BIT(0)
#define RING_TIMESTAMP(base)		((base) + 0x358)
#define RING_TIMESTAMP_UDW(base)	((base) + 0x35c)
#define RING_CONTEXT_STATUS_BUF_LO(base, i)	((base) + 0x370 + (i) * 8)
#define RING_CONTEXT_STATUS_BUF_HI(base, i)	((base) + 0x374 + (i) * 8)
#define RING_CONTEXT_STATUS_PTR(base)	((base) + 0x3a0)
#define   CSB_WRITE_PTR			GENMASK(2, 0)
#define   CSB_READ_PTR			GENMASK(10, 8)
#define   CSB_PTR_RESET			0x0707	/* gensim: both pointers 7 */
#define GEN8_CSB_ENTRIES		6
#define RING_CTX_TIMESTAMP(base)	((base) + 0x3a8)
#define RING_GPR(base, n)		((base) + 0x600 + (n) * 8)
#define RING_GPR_UDW(base, n)		((base) + 0x604 + (n) * 8)
#define GEN8_NR_GPRS			16

/*
 * Render predicate registers (PRM Vol. 6 Command Stream Programming
 * (Cherryview 2015), "User Mode Non-Privileged Registers" (RCS), the
 * rcs0 whitelist; EXT Mesa/i915 for their use): 64-bit sources and data,
 * and the results MI_PREDICATE and MI_SET_PREDICATE work with.  rcs0
 * only.
 */
#define MI_PREDICATE_RESULT_2		0x23bc
#define MI_PREDICATE_SRC0		0x2400
#define MI_PREDICATE_SRC0_UDW		0x2404
#define MI_PREDICATE_SRC1		0x2408
#define MI_PREDICATE_SRC1_UDW		0x240c
#define MI_PREDICATE_DATA		0x2410
#define MI_PREDICATE_DATA_UDW		0x2414
#define MI_PREDICATE_RESULT		0x2418
#define MI_PREDICATE_RESULT_1		0x241c
#define   MI_PREDICATE_RESULT_BIT	BIT(0)

/*
 * The group counts of a GPGPU_WALKER with Indirect Parameter Enable
 * (PRM Vol. 6 Command Stream Programming (Cherryview 2015), "User Mode
 * Non-Privileged Registers" (RCS), rcs0's whitelist; PRM Vol. 2 Part 2
 * Media and General Purpose Pipeline (Ivy Bridge 2012), 1.3.4 "GPGPU
 * Indirect Thread Dispatch").  rcs0 only.
 */
#define GPGPU_DISPATCHDIMX		0x2500
#define GPGPU_DISPATCHDIMY		0x2504
#define GPGPU_DISPATCHDIMZ		0x2508

/*
 * Context status (PRM Vol. 6 Command Stream Programming (Cherryview 2015),
 * "Format of Context Status QWord"), low dword
 */
#define CSB_IDLE_TO_ACTIVE		BIT(0)
#define CSB_PREEMPTED			BIT(1)
#define CSB_ELEMENT_SWITCH		BIT(2)
#define CSB_ACTIVE_TO_IDLE		BIT(3)
#define CSB_CONTEXT_COMPLETE		BIT(4)
#define CSB_LITE_RESTORE		BIT(15)

/* Hardware status page dwords (EXT i915; hw-spec "The context status buffer") */
#define HWSP_ISR			0x00
#define HWSP_RING_HEAD			0x04	/* MI_REPORT_HEAD (EXT i915) */
#define HWSP_CSB_ENTRY0			0x10	/* entry i: status 0x10 + 2i, ID 0x11 + 2i */
#define HWSP_CSB_WRITE_PTR		0x1f
#define HWSP_DRIVER_FIRST		0x30	/* from here on the page is the driver's */

/* Context descriptor (EXT i915 GEN8_CTX_*; hw-spec "The context descriptor") */
#define CTX_DESC_VALID			BIT(0)
#define CTX_DESC_FORCE_PD_RESTORE	BIT(1)
#define CTX_DESC_FORCE_RESTORE		BIT(2)
#define CTX_DESC_ADDRESSING_MODE	GENMASK(4, 3)
#define   CTX_ADDRESSING_LEGACY_64B	3
#define CTX_DESC_PRIVILEGE		BIT(8)
#define CTX_DESC_LRCA			GENMASK(31, 12)

/*
 * The register-state page of a context image (the LRCA's second page),
 * dword indices (hw-spec "The context image").  Each register's value is
 * at its index + 1.
 */
#define LRC_STATE_PAGE			1
/*
 * gensim: a render context image is LRC_RENDER_PAGES pages.  The third holds
 * the GPGPU state commands and the interface descriptors they latched, the
 * next 16 the latched CURBE (hw-spec "The render context's GPGPU state"),
 * the last the 3D state commands (hw-spec-3d "The 3D state in the context
 * image").
 */
#define LRC_GPGPU_PAGE			2
#define LRC_GPGPU_CURBE_PAGE		3
#define LRC_3D_PAGE			19
#define LRC_RENDER_PAGES		20
#define CTX_LRI_HEADER_0		0x01
#define CTX_CONTEXT_CONTROL		0x02
#define CTX_RING_HEAD			0x04
#define CTX_RING_TAIL			0x06
#define CTX_RING_START			0x08
#define CTX_RING_CTL			0x0a
#define CTX_BB_HEAD_U			0x0c
#define CTX_BB_HEAD_L			0x0e
#define CTX_BB_STATE			0x10
#define CTX_SECOND_BB_HEAD_U		0x12
#define CTX_SECOND_BB_HEAD_L		0x14
#define CTX_SECOND_BB_STATE		0x16
#define CTX_LRI_HEADER_1		0x21
#define CTX_CTX_TIMESTAMP		0x22
#define CTX_PDP3_UDW			0x24	/* PDPn UDW at 0x24 + 4(3 - n), LDW 2 later */
#define CTX_PDP0_UDW			0x30
#define CTX_PDP0_LDW			0x32
#define CTX_LRI_HEADER_2		0x40
#define CTX_GPR0			0x41	/* GPR n low at 0x41 + 4n, high at 0x43 + 4n */
#define CTX_END				0x81
#define CTX_GPR_PAIRS			32	/* CTX_LRI_HEADER_2's LRI length */

/*
 * Per-engine interrupt bits (PRM Vol. 6 Command Stream Programming
 * (Cherryview 2015), "Interrupt Control Registers"): the same layout in
 * RING_IMR and, shifted per engine, in the GT ISR/IMR/IIR/IER banks.
 */
#define GT_RENDER_USER_INTERRUPT	BIT(0)
#define GT_CS_MASTER_ERROR_INTERRUPT	BIT(3)
#define GT_FLUSH_NOTIFY_INTERRUPT	BIT(4)
#define GT_PAGE_FAULT_INTERRUPT		BIT(7)
#define GT_CONTEXT_SWITCH_INTERRUPT	BIT(8)
#define GT_WAIT_SEMAPHORE_INTERRUPT	BIT(11)

/*
 * Page-fault reporting (EXT i915 RING_FAULT_REG, GEN8_FAULT_TLB_DATA0/1).
 * One fault register per engine; VA[47:12] of the last fault in DATA0/1.
 * Fault types and source ids are gensim's (hw-spec "Fault reporting").
 */
#define RING_FAULT_REG_RCS		0x4094
#define RING_FAULT_REG_VCS		0x4194
#define RING_FAULT_REG_BCS		0x4294
#define RING_FAULT_REG_VECS		0x4394
#define   RING_FAULT_VADDR		GENMASK(31, 12)
#define   RING_FAULT_GTTSEL		BIT(11)		/* 1: GGTT, 0: PPGTT */
#define   RING_FAULT_SRCID		GENMASK(10, 3)
#define   RING_FAULT_TYPE		GENMASK(2, 1)
#define   RING_FAULT_VALID		BIT(0)
#define   FAULT_TYPE_PTE		0	/* leaf entry not present */
#define   FAULT_TYPE_DIRECTORY		1	/* PML4E, PDPE or PDE not present */
#define   FAULT_TYPE_WRITE		2	/* write through a read-only entry */
#define   FAULT_TYPE_RANGE		3	/* outside the GTT, or no device memory */
#define   FAULT_SRC_CS			0	/* command streamer */
#define   FAULT_SRC_DATAPORT		1	/* EU data port */
#define   FAULT_SRC_SAMPLER		2
#define   FAULT_SRC_BLITTER		3
#define   FAULT_SRC_PROBE		0xff	/* GENSIM_DMA_PROBE */
#define GEN8_FAULT_TLB_DATA0		0x4b10	/* VA[43:12] */
#define GEN8_FAULT_TLB_DATA1		0x4b14
#define   FAULT_GTT_SEL			BIT(4)
#define   FAULT_VA_HIGH_BITS		GENMASK(3, 0)	/* VA[47:44] */

/* Reset (EXT i915 GEN6_GDRST): write a domain bit, it clears when done */
#define GEN6_GDRST			0x941c
#define   GEN6_GRDOM_FULL		BIT(0)
#define   GEN6_GRDOM_RENDER		BIT(1)
#define   GEN6_GRDOM_MEDIA		BIT(2)
#define   GEN6_GRDOM_BLT		BIT(3)
#define   GEN6_GRDOM_VECS		BIT(4)

/* Fuses (EXT i915 broadwell_sseu_info_init): slices, subslices, EUs */
#define GEN8_FUSE2			0x9120
#define   GEN8_F2_S_ENA			GENMASK(27, 25)
#define   GEN8_F2_SS_DIS		GENMASK(23, 21)
#define GEN8_EU_DISABLE0		0x9134	/* slice 0 in 23:0, slice 1 in 31:24 */
#define GEN8_EU_DISABLE1		0x9138	/* slice 1 in 15:0, slice 2 in 31:16 */
#define GEN8_EU_DISABLE2		0x913c	/* slice 2 in 7:0 */
#define GEN8_MAX_SLICES			3
#define GEN8_MAX_SUBSLICES		3
#define GEN8_MAX_EUS_PER_SUBSLICE	8

/* Unclaimed-access detector (EXT i915 FPGA_DBG) */
#define FPGA_DBG			0x42300
#define   FPGA_DBG_RM_NOCLAIM		BIT(31)

/* Top-level interrupt control (EXT i915 GEN8_MASTER_IRQ) */
#define GEN8_MASTER_IRQ			0x44200
#define   GEN8_MASTER_IRQ_CONTROL	BIT(31)
#define   GEN8_GT_VECS_IRQ		BIT(6)
#define   GEN8_GT_PM_IRQ		BIT(4)
#define   GEN8_GT_VCS1_IRQ		BIT(3)
#define   GEN8_GT_VCS0_IRQ		BIT(2)
#define   GEN8_GT_BCS_IRQ		BIT(1)
#define   GEN8_GT_RCS_IRQ		BIT(0)

/* GT interrupt banks: 0 RCS (15:0) + BCS (31:16), 1 VCS, 2 PM, 3 VECS */
#define GEN8_GT_NR_BANKS		4
#define GEN8_GT_ISR(bank)		(0x44300 + (bank) * 0x10)
#define GEN8_GT_IMR(bank)		(0x44304 + (bank) * 0x10)
#define GEN8_GT_IIR(bank)		(0x44308 + (bank) * 0x10)
#define GEN8_GT_IER(bank)		(0x4430c + (bank) * 0x10)
#define GEN8_RCS_IRQ_SHIFT		0
#define GEN8_BCS_IRQ_SHIFT		16
#define GEN8_VCS0_IRQ_SHIFT		0
#define GEN8_VECS_IRQ_SHIFT		0

/*
 * TLB flush (EXT i915 GFX_FLSH_CNTL_GEN6): write 1 after GTT updates.
 * gensim: invalidates every TLB of the device, GGTT and PPGTT alike.
 */
#define GFX_FLSH_CNTL_GEN6		0x101008
#define   GFX_FLSH_CNTL_EN		BIT(0)

/*
 * GTT entry formats (EXT i915 gen8_pte_encode/gen8_pde_encode), GGTT and
 * PPGTT alike: 64-bit entries, DMA address in 38:12.  The GGTT ignores RW.
 */
#define GEN8_PAGE_PRESENT		BIT(0)
#define GEN8_PAGE_RW			BIT(1)
#define GEN8_PDE_PS_2M			BIT(7)	/* in a PDE: maps a 2 MiB page */
#define GEN8_PDPE_PS_1G			BIT(7)	/* in a PDPE: maps a 1 GiB page */
#define GEN8_PTE_ADDR_MASK		0x0000007ffffff000ull
#define GEN8_PTES_PER_TABLE		512
#define GEN8_PPGTT_VA_BITS		48

/*
 * gensim: PCI configuration space mirror.  A real Gen8 driver reads these
 * from PCI config space; gensim has no PCI bus, so the 256-byte type 0
 * header sits in BAR0 at the same relative offsets, as dwords.
 */
#define GENSIM_PCI_CFG_BASE		0x7ff000
#define GENSIM_PCI_ID			(GENSIM_PCI_CFG_BASE + 0x00)
#define   PCI_ID_DEVICE			GENMASK(31, 16)
#define   PCI_ID_VENDOR			GENMASK(15, 0)
#define GENSIM_PCI_CLASS_REV		(GENSIM_PCI_CFG_BASE + 0x08)
#define   PCI_CLASS_CODE		GENMASK(31, 8)
#define   PCI_REVISION			GENMASK(7, 0)
#define GENSIM_PCI_GMCH_CTRL		(GENSIM_PCI_CFG_BASE + 0x50)
#define   GMCH_GGMS			GENMASK(7, 6)	/* 1: 2 MiB, 2: 4 MiB, 3: 8 MiB of PTEs */

/* gensim: identity block (what Gen8 hard-wires per SKU, made visible) */
#define GENSIM_ID_BASE			0x7ff100
#define GENSIM_MAGIC			(GENSIM_ID_BASE + 0x00)
#define   GENSIM_MAGIC_VALUE		0x4d495347	/* "GSIM" */
#define GENSIM_ABI_VERSION		(GENSIM_ID_BASE + 0x04)
#define GENSIM_ENGINE_MASK		(GENSIM_ID_BASE + 0x08)	/* bit n: engine id n */
#define   GENSIM_ENGINE_RCS		BIT(0)
#define   GENSIM_ENGINE_BCS		BIT(1)
#define   GENSIM_ENGINE_VCS		BIT(2)
#define   GENSIM_ENGINE_VECS		BIT(3)
#define GENSIM_THREADS_PER_EU		(GENSIM_ID_BASE + 0x0c)
#define GENSIM_SCRATCH			(GENSIM_ID_BASE + 0x10)
#define GENSIM_UNCLAIMED_OFFSET		(GENSIM_ID_BASE + 0x14)
#define GENSIM_IRQ_FORCE(bank)		(GENSIM_ID_BASE + 0x20 + (bank) * 4)	/* WO */

/*
 * gensim: DMA probe.  The device reads or writes one dword of its DMA window
 * on command, so the driver can check what the device sees at an address.
 */
#define GENSIM_DMA_PROBE_ADDR_LO	(GENSIM_ID_BASE + 0x30)
#define GENSIM_DMA_PROBE_ADDR_HI	(GENSIM_ID_BASE + 0x34)
#define GENSIM_DMA_PROBE_DATA		(GENSIM_ID_BASE + 0x38)
#define GENSIM_DMA_PROBE_CMD		(GENSIM_ID_BASE + 0x3c)	/* WO */
#define   DMA_PROBE_CMD_OP		GENMASK(3, 0)
#define   DMA_PROBE_CMD_READ		1
#define   DMA_PROBE_CMD_WRITE		2
#define   DMA_PROBE_CMD_SPACE		GENMASK(7, 4)
#define   DMA_PROBE_SPACE_PHYS		0	/* ADDR is a DMA-window address */
#define   DMA_PROBE_SPACE_GGTT		1	/* ADDR is a GGTT address */
#define   DMA_PROBE_SPACE_PPGTT		2	/* ADDR is a PPGTT address under ROOT */
#define   DMA_PROBE_CMD_ENGINE		GENMASK(11, 8)	/* whose fault register */
#define   DMA_PROBE_ENGINE_NONE		0xf	/* a fault only sets STATUS */
#define GENSIM_DMA_PROBE_STATUS		(GENSIM_ID_BASE + 0x40)
#define   DMA_PROBE_STATUS_IDLE		0
#define   DMA_PROBE_STATUS_OK		1
#define   DMA_PROBE_STATUS_FAULT	2
#define   DMA_PROBE_STATUS_BAD_CMD	3
#define GENSIM_DMA_PROBE_ROOT_LO	(GENSIM_ID_BASE + 0x44)	/* PML4 DMA address */
#define GENSIM_DMA_PROBE_ROOT_HI	(GENSIM_ID_BASE + 0x48)

/*
 * gensim: EU instructions retired by the render engine's EU array since the
 * device started (hw-spec-compute "Progress"), refreshed at least every few
 * milliseconds while a dispatch runs.  RO; no reset clears it.
 */
#define GENSIM_EU_RETIRED_LO		(GENSIM_ID_BASE + 0x50)
#define GENSIM_EU_RETIRED_HI		(GENSIM_ID_BASE + 0x54)

/*
 * gensim: rows the blitter (bcs0) has completed since the device started
 * (hw-spec-blitter "Blitter progress"), refreshed while a blit runs.  RO; no reset
 * clears it.
 */
#define GENSIM_BLT_ROWS_LO		(GENSIM_ID_BASE + 0x58)
#define GENSIM_BLT_ROWS_HI		(GENSIM_ID_BASE + 0x5c)

/*
 * gensim: the driver removed pages from the DMA window (hw-spec "The DMA
 * window").  WO, any value: the device forgets which window pages it has
 * seen present, as GFX_FLSH_CNTL makes it forget translations.
 */
#define GENSIM_DMAWIN_INVALIDATE	(GENSIM_ID_BASE + 0x60)

#endif /* _GENSIM_REGS_H_ */
