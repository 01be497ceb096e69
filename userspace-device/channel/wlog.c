// SPDX-License-Identifier: MIT
/*
 * The consumer side of the write log (hw-spec "The write log").  Records
 * are applied strictly in order, one at a time, and tail is published
 * after each one, so a posting read in the driver returns only after the
 * side effects of every earlier write have happened.
 *
 * Ordering: head is loaded with acquire (the driver published the record
 * before head); tail is stored with release after applying.  After the log
 * is empty a full fence separates the last tail store from the load of
 * want_drained, the mirror of the driver's store-fence-load, so a driver
 * about to sleep either sees the new tail or gets GENSIM_MSG_DRAINED.
 */
#include <stdatomic.h>

#include "channel/chan.h"
#include "core/log.h"
#include "core/shm.h"
#include "core/trace.h"

void gs_wlog_drain(struct gs_chan *chan, gs_wlog_apply_fn *apply, void *arg)
{
	struct gensim_wlog_header *h = chan->wlog;
	const uint32_t mask = GENSIM_WLOG_NR_RECORDS - 1;
	uint32_t tail = shm_load(&h->tail);
	uint32_t tr_first = tail, tr_elsp = 0;
	uint64_t tr_t0 = gs_trace_begin();

	for (;;) {
		uint32_t head = shm_load_acquire(&h->head);

		if (head == tail)
			break;
		if (head - tail > GENSIM_WLOG_NR_RECORDS) {
			gs_err("write log overrun: head %u tail %u; dropping %u records",
			       head, tail, head - tail);
			tail = head;
			shm_store_release(&h->tail, tail);
			break;
		}
		while (tail != head) {
			const struct gensim_wlog_record *rec = &chan->records[tail & mask];

			apply(arg, shm_load(&rec->offset), shm_load(&rec->value));
			tr_elsp |= gs_trace_elsp_write(tr_t0, shm_load(&rec->offset));
			shm_store_release(&h->tail, ++tail);
		}
	}

	gs_trace_drain(tr_t0, tail - tr_first, tr_elsp);
	atomic_thread_fence(memory_order_seq_cst);
	if (shm_load(&h->want_drained) && shm_xchg(&h->want_drained, 0))
		gs_chan_send(chan, GENSIM_MSG_DRAINED);
}
