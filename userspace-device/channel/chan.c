// SPDX-License-Identifier: MIT
/*
 * The two channel operations the device needs, whichever the transport:
 * wait for the doorbell, and send messages to the driver.
 */
#include <errno.h>
#include <poll.h>
#include <stdint.h>
#include <unistd.h>

#include "channel/chan.h"
#include "core/log.h"
#include "core/shm.h"
#include "core/trace.h"

/* Returns 1 if the doorbell rang, 0 on timeout, -errno on failure. */
int gs_chan_wait(struct gs_chan *chan, int timeout_ms)
{
	struct pollfd pfd = { .fd = chan->uio_fd, .events = POLLIN };
	uint32_t count;
	int ret;

	if (chan->kind == GS_CHAN_LOOP)
		return chan->loop_ops->wait(chan->loop_ctx, timeout_ms);

	ret = poll(&pfd, 1, timeout_ms);
	if (ret <= 0)
		return ret < 0 ? -errno : 0;
	if (pfd.revents & (POLLERR | POLLHUP))
		return -EIO;
	/* The event count itself does not matter: the write log says what to do. */
	if (read(chan->uio_fd, &count, sizeof(count)) != sizeof(count))
		return -errno;
	gs_trace_doorbell();
	return 1;
}

int gs_chan_send(struct gs_chan *chan, uint32_t msgs)
{
	int32_t value = (int32_t)msgs;

	if (chan->kind == GS_CHAN_LOOP)
		return chan->loop_ops->send(chan->loop_ctx, msgs);

	if (write(chan->uio_fd, &value, sizeof(value)) != sizeof(value)) {
		gs_err("sending message %#x to the driver: %m", msgs);
		return -errno;
	}
	return 0;
}

/* The driver initialises the log header; refuse one we do not understand. */
int gs_chan_check_wlog(const struct gs_chan *chan)
{
	const struct gensim_wlog_header *h = chan->wlog;

	if (shm_load(&h->magic) != GENSIM_WLOG_MAGIC ||
	    shm_load(&h->version) != GENSIM_CHANNEL_ABI_VERSION ||
	    shm_load(&h->nr_records) != GENSIM_WLOG_NR_RECORDS ||
	    shm_load(&h->records_offset) != GENSIM_WLOG_RECORDS_OFFSET) {
		gs_err("write log header: magic %#x version %u records %u at %u; expected %#x %u %u %u",
		       shm_load(&h->magic), shm_load(&h->version), shm_load(&h->nr_records),
		       shm_load(&h->records_offset), GENSIM_WLOG_MAGIC,
		       GENSIM_CHANNEL_ABI_VERSION, GENSIM_WLOG_NR_RECORDS,
		       GENSIM_WLOG_RECORDS_OFFSET);
		return -EPROTO;
	}
	return 0;
}
