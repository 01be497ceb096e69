# SPDX-License-Identifier: MIT
#
# engine/: an engine as a whole. Its thread, the execlists it runs, context
# save and restore (the LRC image and the render context's GPGPU state),
# engine reset and the engine registers' side effects.

LIB_SRCS += \
	engine/engine.c \
	engine/execlist.c \
	engine/lrc.c \
	engine/lrc_gpgpu.c \
	engine/lrc_3d.c \
	engine/engine_regs.c
