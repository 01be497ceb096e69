# SPDX-License-Identifier: MIT
#
# cmd/: the command parser. THE command table, one step of the parser, and
# the command families: MI, flushes, blitter, GPGPU.

LIB_SRCS += \
	cmd/cmd_table.c \
	cmd/cmd_step.c \
	cmd/cmd_mi_atomic.c \
	cmd/cmd_mi_flow.c \
	cmd/cmd_mi_math.c \
	cmd/cmd_mi_predicate.c \
	cmd/cmd_mi_reg.c \
	cmd/cmd_mi_sema.c \
	cmd/cmd_mi_store.c \
	cmd/cmd_flush.c \
	cmd/cmd_blt.c \
	cmd/cmd_gpgpu_state.c \
	cmd/cmd_gpgpu_walker.c \
	cmd/cmd_gpgpu_media.c \
	cmd/cmd_3d_state.c \
	cmd/cmd_3d_prim.c
