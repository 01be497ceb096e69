LIB_SRCS += \
	lib/chan.c \
	lib/chan_loop.c \
	lib/chan_uio.c \
	lib/config.c \
	lib/device.c \
	lib/dma.c \
	lib/fault.c \
	lib/ggtt.c \
	lib/identity.c \
	lib/irq.c \
	lib/log.c \
	lib/mem.c \
	lib/ppgtt.c \
	lib/reg_table.c \
	lib/regfile.c \
	lib/tlb.c \
	lib/wlog.c
