/* SPDX-License-Identifier: (GPL-2.0 WITH Linux-syscall-note) OR MIT */
/*
 * gensim device channel ABI
 *
 * What the gensim kernel driver and the gensim device process share. The
 * channel is a UIO device named GENSIM_UIO_NAME whose parent is the
 * "gensim" platform device. The device process opens /dev/uioN, maps the
 * three regions below by index, and from then on behaves as the hardware:
 *
 *   map 0  BAR0: 8 MiB of registers, then the GGTT PTE array.  The device
 *          is the only writer of the register half; the driver reads it
 *          directly and writes it only through the write log.  The driver
 *          writes GGTT PTEs directly (they are memory, as on Gen8).
 *   map 1  the write log: a single-producer (driver) single-consumer
 *          (device) ring of (offset, value) records, one per register
 *          write, applied by the device in order.
 *   map 2  the DMA window: the device's physical address space.  Only the
 *          pages the driver mapped for the device are present; any other
 *          access raises SIGBUS in the device process.
 *
 * Doorbell (driver -> device): the UIO event counter (read()/poll() on the
 * UIO fd).  Messages (device -> driver): a 4-byte write of a GENSIM_MSG_*
 * mask on the UIO fd.  The full protocol is Documentation/gpu/gensim/
 * hw-spec.rst, chapter "The device channel".
 */
#ifndef _UAPI_GENSIM_CHANNEL_H_
#define _UAPI_GENSIM_CHANNEL_H_

#include <linux/const.h>
#include <linux/types.h>

#define GENSIM_UIO_NAME			"gensim"
#define GENSIM_CHANNEL_ABI_VERSION	1

/* UIO map indices (the mmap offset is index * page size) */
#define GENSIM_MAP_BAR0			0
#define GENSIM_MAP_WLOG			1
#define GENSIM_MAP_DMA			2

/* BAR0: registers in the lower half, GGTT PTEs (8 bytes each) in the upper */
#define GENSIM_BAR0_SIZE		(16u << 20)
#define GENSIM_BAR0_REGS_SIZE		(8u << 20)
#define GENSIM_BAR0_GGTT_OFFSET		(8u << 20)
#define GENSIM_BAR0_GGTT_SIZE		(8u << 20)

/*
 * The DMA window: device physical addresses 0 .. GENSIM_DMA_WINDOW_SIZE - 1.
 * Address 0 .. GENSIM_DMA_WINDOW_RESERVED - 1 is never mapped, so a zeroed
 * PTE or descriptor can never reach a real page.
 */
#define GENSIM_DMA_WINDOW_SIZE		_BITULL(36)
#define GENSIM_DMA_WINDOW_RESERVED	_BITULL(20)

/* Write log */
#define GENSIM_WLOG_MAGIC		0x474f4c57u	/* "WLOG" */
#define GENSIM_WLOG_NR_RECORDS		65536u
#define GENSIM_WLOG_RECORDS_OFFSET	4096u
#define GENSIM_WLOG_SIZE		(GENSIM_WLOG_RECORDS_OFFSET + \
					 GENSIM_WLOG_NR_RECORDS * 8u)

/**
 * struct gensim_wlog_record - one register write
 * @offset: BAR0 byte offset of the register (dword aligned, < 8 MiB)
 * @value: the value the driver wrote
 */
struct gensim_wlog_record {
	__u32 offset;
	__u32 value;
};

/**
 * struct gensim_wlog_header - first page of map 1
 * @magic: GENSIM_WLOG_MAGIC, written by the driver before the device attaches
 * @version: GENSIM_CHANNEL_ABI_VERSION
 * @nr_records: ring size in records, a power of two
 * @records_offset: byte offset of the record array in map 1
 * @head: records produced, free running; written only by the driver, after
 *        the record itself (release), read by the device (acquire)
 * @tail: records applied, free running; written only by the device after it
 *        applied the record (release), read by the driver (acquire)
 * @want_drained: set by the driver before it sleeps on a posting read; the
 *                device clears it and sends GENSIM_MSG_DRAINED once
 *                tail == head
 *
 * head, tail and want_drained sit on their own cache lines.
 */
struct gensim_wlog_header {
	__u32 magic;
	__u32 version;
	__u32 nr_records;
	__u32 records_offset;
	__u32 pad0[12];
	__u32 head;
	__u32 pad1[15];
	__u32 tail;
	__u32 pad2[15];
	__u32 want_drained;
	__u32 pad3[15];
};

/*
 * Device -> driver messages: the s32 written to the UIO fd is a mask of
 * these.  Messages coalesce: one write may carry several, and several
 * interrupts may arrive as one.  Any other bit makes the write fail with
 * EINVAL.
 */
#define GENSIM_MSG_IRQ		_BITUL(0)	/* the interrupt line was raised */
#define GENSIM_MSG_DRAINED	_BITUL(1)	/* tail caught up with head */
#define GENSIM_MSG_READY	_BITUL(2)	/* registers at reset values: probe */
#define GENSIM_MSG_ALL		(GENSIM_MSG_IRQ | GENSIM_MSG_DRAINED | \
				 GENSIM_MSG_READY)

#endif /* _UAPI_GENSIM_CHANNEL_H_ */
