# SPDX-License-Identifier: MIT
#
# blt/: the blitter. Surfaces, raster operations and the blit executor the
# blitter commands drive.

LIB_SRCS += \
	blt/blt_exec.c \
	blt/blt_fast.c \
	blt/blt_rop.c \
	blt/blt_surface.c
