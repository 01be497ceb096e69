# SPDX-License-Identifier: MIT
#
# device/: the device as a whole, the top of the tree.  Creation, power-on
# and GDRST resets, the run loop, the register map that ties every block's
# registers and side effects together, the identity registers, and the
# gensim-device process.

LIB_SRCS += \
	device/device.c \
	device/reg_table.c \
	device/identity.c \
	device/loopback.c

$(eval $(call program,gensim-device,device/gensim-device.c))
