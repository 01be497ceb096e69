# SPDX-License-Identifier: MIT
#
# channel/: the link to the driver. The UIO and loopback transports, the
# shared pages, the write log the driver's register writes arrive through,
# and the interrupt controller that turns events into interrupt messages.

LIB_SRCS += \
	channel/chan.c \
	channel/chan_uio.c \
	channel/wlog.c \
	channel/irq.c
