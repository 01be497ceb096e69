# SPDX-License-Identifier: MIT
#
# cs/: the command streamer as a command sees it. The engine's state
# (struct gs_engine) and the running context's (struct gs_cs): the position
# in the ring and batches, memory and registers as commands reach them,
# errors and interrupts, the ELSP port, execlist status, the CSB,
# timestamps, semaphore signals.

LIB_SRCS += \
	cs/cs_cmd.c \
	cs/cs_error.c \
	cs/cs_fetch.c \
	cs/cs_mem.c \
	cs/cs_priv.c \
	cs/cs_reg.c \
	cs/cs_time.c \
	cs/csb.c \
	cs/elsp.c \
	cs/engine_signal.c
