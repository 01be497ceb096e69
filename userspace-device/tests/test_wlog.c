// SPDX-License-Identifier: MIT
/*
 * The write log: order (dependent writes), no loss across the 64K-record
 * ring wrap and the 32-bit index wrap, posting reads that see every side
 * effect, and a producer that overran the ring.
 */
#include <string.h>

#include "channel/chan.h"
#include "core/device.h"
#include "core/shm.h"
#include "device/loopback.h"
#include "tap.h"

#define WIN_BASE	0x100000ull	/* GENSIM_DMA_WINDOW_RESERVED */
#define WIN_LEN		(64u * 4096)

static struct gs_loop *start_at(uint32_t wlog_start)
{
	struct gs_config cfg;
	struct gs_loop *loop;

	gs_config_defaults(&cfg);
	loop = gs_loop_create_at(&cfg, wlog_start);
	CHECK(loop);
	CHECK_EQ(gs_loop_wait_msgs(loop, GENSIM_MSG_READY, 5000), GENSIM_MSG_READY);
	return loop;
}

/*
 * Each DMA probe is four writes whose effect depends on the three before
 * it; 25000 probes are 100000 records, more than the ring holds, so the
 * ring wraps while the device consumes.  Every dword must hold its own
 * index: any reordering, loss or duplication shows.
 */
static void dependent_writes(struct gs_loop *loop, unsigned int probes)
{
	uint32_t *mem;

	CHECK(!gs_loop_map(loop, WIN_BASE, WIN_LEN));
	for (unsigned int i = 0; i < probes; i++) {
		uint64_t addr = WIN_BASE + (i % (WIN_LEN / 4)) * 4;

		gs_loop_write(loop, GENSIM_DMA_PROBE_ADDR_LO, (uint32_t)addr);
		gs_loop_write(loop, GENSIM_DMA_PROBE_ADDR_HI, addr >> 32);
		gs_loop_write(loop, GENSIM_DMA_PROBE_DATA, i);
		gs_loop_write(loop, GENSIM_DMA_PROBE_CMD, DMA_PROBE_CMD_WRITE);
	}
	CHECK(!gs_loop_flush(loop, 10000));
	mem = gs_loop_dma(loop, WIN_BASE);
	for (unsigned int slot = 0; slot < WIN_LEN / 4 && slot < probes; slot++) {
		unsigned int last = slot + (probes - 1 - slot) / (WIN_LEN / 4) * (WIN_LEN / 4);

		CHECK_MSG(mem[slot] == last, "slot %u holds %u, expected %u", slot, mem[slot], last);
	}
	CHECK_EQ(gs_loop_read(loop, GENSIM_DMA_PROBE_STATUS), DMA_PROBE_STATUS_OK);
}

static void t_order_and_ring_wrap(void)
{
	struct gs_loop *loop = start_at(0);
	uint64_t before = gs_loop_device(loop)->writes_applied;

	dependent_writes(loop, 25000);
	CHECK_EQ(gs_loop_device(loop)->writes_applied - before, 100000);
	gs_loop_destroy(loop);
}

static void t_index_wrap(void)
{
	struct gs_loop *loop = start_at(0xffffff00u);

	dependent_writes(loop, 1000);
	CHECK(gs_loop_wlog_tail(loop) < 0x10000);	/* wrapped past 2^32 */
	gs_loop_destroy(loop);
}

/* Four writes to one offset stay four writes: each one's side effect happens. */
static void t_repeated_writes_to_one_offset(void)
{
	struct gs_loop *loop = start_at(0);

	gs_loop_write(loop, GEN8_GT_IER(0), ~0u);
	gs_loop_write(loop, GEN8_GT_IMR(0), 0);
	for (int bit = 0; bit < 4; bit++)
		gs_loop_write(loop, GENSIM_IRQ_FORCE(0), BIT(bit));
	CHECK_EQ(gs_loop_read(loop, GEN8_GT_IIR(0)), 0xf);
	gs_loop_destroy(loop);
}

static void t_posting_read_sees_side_effects(void)
{
	struct gs_loop *loop = start_at(0);

	for (int i = 0; i < 200; i++) {
		gs_loop_write(loop, GENSIM_SCRATCH, i);
		gs_loop_write(loop, GEN6_GDRST, GEN6_GRDOM_FULL);
		CHECK_EQ(gs_loop_read(loop, GEN6_GDRST), 0);
		CHECK_EQ(gs_loop_read(loop, GENSIM_SCRATCH), 0);
	}
	gs_loop_destroy(loop);
}

/* A producer that claims more records than the ring holds loses them, loudly. */
static void t_overrun_is_survived(void)
{
	struct gs_loop *loop = start_at(0);
	struct gs_device *dev = gs_loop_device(loop);
	struct gensim_wlog_header *h = dev->chan->wlog;

	/* No doorbell: the device's periodic wake-up finds it. */
	shm_store_release(&h->head, GENSIM_WLOG_NR_RECORDS + 10);
	CHECK(!gs_loop_flush(loop, 5000));
	CHECK_EQ(gs_loop_wlog_tail(loop), GENSIM_WLOG_NR_RECORDS + 10);
	CHECK_EQ(gs_reg_read(dev, GENSIM_MAGIC), GENSIM_MAGIC_VALUE);
	gs_loop_destroy(loop);
}

int main(void)
{
	tap_run("dependent writes keep their order across the ring wrap", t_order_and_ring_wrap);
	tap_run("free-running indices wrap at 2^32", t_index_wrap);
	tap_run("repeated writes to one offset are all applied", t_repeated_writes_to_one_offset);
	tap_run("posting reads see every earlier side effect", t_posting_read_sees_side_effects);
	tap_run("a write log overrun is reported and survived", t_overrun_is_survived);
	return tap_done();
}
