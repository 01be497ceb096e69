/* SPDX-License-Identifier: MIT */
/*
 * The device half of the channel (uapi/gensim_channel.h): the three maps,
 * the doorbell and the message path, over UIO (the real driver) or over the
 * in-process loopback that unit tests drive (loop.h).
 */
#ifndef GSDEV_CHAN_H
#define GSDEV_CHAN_H

#include <stddef.h>
#include <stdint.h>

#include "gsdev/hw.h"

enum gs_chan_kind {
	GS_CHAN_UIO,
	GS_CHAN_LOOP,
};

struct gs_loop;

struct gs_chan {
	enum gs_chan_kind kind;
	uint32_t *bar0;				/* map 0 */
	struct gensim_wlog_header *wlog;	/* map 1 */
	struct gensim_wlog_record *records;
	uint8_t *dma;				/* map 2 */
	uint64_t dma_size;

	int uio_fd;				/* GS_CHAN_UIO */
	int uio_index;
	struct gs_loop *loop;			/* GS_CHAN_LOOP */
};

int gs_chan_open_uio(struct gs_chan *chan, const char *name);
int gs_chan_check_wlog(const struct gs_chan *chan);
int gs_chan_wait(struct gs_chan *chan, int timeout_ms);
int gs_chan_send(struct gs_chan *chan, uint32_t msgs);
void gs_chan_close(struct gs_chan *chan);

/* chan_loop.c, the loopback halves of gs_chan_wait() and gs_chan_send() */
int gs_loop_chan_wait(struct gs_loop *loop, int timeout_ms);
int gs_loop_chan_send(struct gs_loop *loop, uint32_t msgs);

#endif
