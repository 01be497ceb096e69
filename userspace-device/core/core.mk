# SPDX-License-Identifier: MIT
#
# core/: what every block shares. The device's state (struct gs_device),
# the register file and its access rules (MMIO dispatch to the side effects
# the blocks above register in the register map), the configuration and the
# log.

LIB_SRCS += \
	core/config.c \
	core/log.c \
	core/regfile.c \
	core/mmio.c \
	core/trace.c
