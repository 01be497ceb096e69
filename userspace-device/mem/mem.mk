# SPDX-License-Identifier: MIT
#
# mem/: memory as the GPU sees it. The DMA window onto host memory, the
# GGTT, the four-level PPGTT, the TLBs and page faults.

LIB_SRCS += \
	mem/mem.c \
	mem/batch.c \
	mem/dma.c \
	mem/present.c \
	mem/ggtt.c \
	mem/ppgtt.c \
	mem/tlb.c \
	mem/fault.c
