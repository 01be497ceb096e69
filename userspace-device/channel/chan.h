/* SPDX-License-Identifier: MIT */
/*
 * The device half of the channel (uapi/gensim_channel.h): the three maps,
 * the doorbell and the message path, over UIO (the real driver) or over the
 * in-process loopback that unit tests drive (device/loopback.h).
 */
#ifndef GSDEV_CHAN_H
#define GSDEV_CHAN_H

#include <stddef.h>
#include <stdint.h>

#include "core/hw.h"

enum gs_chan_kind {
	GS_CHAN_UIO,
	GS_CHAN_LOOP,
};

/*
 * The loopback transport's half of the channel (device/loopback.c), which
 * lives above the channel: wait for the doorbell, send messages.
 */
struct gs_chan_loop_ops {
	int (*wait)(void *ctx, int timeout_ms);
	int (*send)(void *ctx, uint32_t msgs);
};

struct gs_chan {
	enum gs_chan_kind kind;
	uint32_t *bar0;				/* map 0 */
	struct gensim_wlog_header *wlog;	/* map 1 */
	struct gensim_wlog_record *records;
	uint8_t *dma;				/* map 2 */
	uint64_t dma_size;

	int uio_fd;				/* GS_CHAN_UIO */
	int uio_index;
	const struct gs_chan_loop_ops *loop_ops;	/* GS_CHAN_LOOP */
	void *loop_ctx;
};

int gs_chan_open_uio(struct gs_chan *chan, const char *name);
int gs_chan_check_wlog(const struct gs_chan *chan);
int gs_chan_wait(struct gs_chan *chan, int timeout_ms);
int gs_chan_send(struct gs_chan *chan, uint32_t msgs);
void gs_chan_close(struct gs_chan *chan);


/*
 * wlog.c: apply every record of the write log, in order, through @apply
 * (the device's MMIO write path), then answer a drain request.
 */
typedef void gs_wlog_apply_fn(void *arg, uint32_t offset, uint32_t val);
void gs_wlog_drain(struct gs_chan *chan, gs_wlog_apply_fn *apply, void *arg);

#endif
