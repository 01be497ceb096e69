/* SPDX-License-Identifier: MIT */
/*
 * The command streamers (Documentation/gpu/gensim/hw-spec-engines.rst):
 * one struct gs_engine per engine present, each with an executor thread.
 *
 * Architectural state (what the driver sees) is the register file in BAR0,
 * as for every block of the device.  What only the executor needs - the
 * decoded running context, the batch stack, the command buffer - lives in
 * struct gs_cs (cs.h) and belongs to the engine thread alone.  Between the
 * two sits the small shared part below, under gs_engine.lock: the execlist
 * slots that ELSP fills and the requests (stop, reset, quit) other threads
 * make of the engine.
 *
 * Locks, outermost first: dev->reg_lock, then engine->lock.  Register side
 * effects run with reg_lock held and may take engine->lock; the engine
 * thread never takes reg_lock while it holds its engine->lock, and holds
 * neither while it touches memory through the DMA window.
 *
 * Prototypes are grouped by the file that defines them.
 */
#ifndef GSDEV_ENGINE_H
#define GSDEV_ENGINE_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "core/regfile.h"

struct gs_device;
struct gs_cs;
struct gs_tlb;

/* Engine bit masks for tables (bit per enum gs_engine_id, hw.h). */
#define GS_ENG_RCS		(1u << 0)
#define GS_ENG_BCS		(1u << 1)
#define GS_ENG_VCS		(1u << 2)
#define GS_ENG_VECS		(1u << 3)
#define GS_ENG_XCS		(GS_ENG_BCS | GS_ENG_VCS | GS_ENG_VECS)
#define GS_ENG_ALL		(GS_ENG_RCS | GS_ENG_XCS)

/*
 * One execlist (hw-spec-engines "Submission"): up to two context
 * descriptors, element 0 first; desc[1] == 0 is an empty element 1.  @slot
 * is the hardware execlist (0 or 1) it was written into, for
 * EXECLIST_STATUS.
 */
struct gs_execlist {
	uint64_t desc[2];
	unsigned int slot;
};

struct gs_engine {
	struct gs_device *dev;
	int id;				/* enum gs_engine_id */
	uint32_t base;			/* MMIO base */
	const char *name;
	struct gs_tlb *tlb;		/* the engine's own TLB */
	struct gs_cs *cs;		/* the executor: engine thread only */
	pthread_t thread;
	bool thread_started;

	/* The ELSP port: dwords collected so far.  Under reg_lock (elsp.c). */
	uint32_t elsp_dw[4];
	unsigned int elsp_count;

	/*
	 * Bumped by every engine reset, under reg_lock and lock.  The engine
	 * thread stores registers only under reg_lock and only while epoch is
	 * the one its work started under, so nothing it does after a reset
	 * lands in the reset registers.
	 */
	atomic_uint epoch;

	/*
	 * Something for the engine thread: checked between commands without
	 * the lock, so a running context notices a request at the next
	 * command boundary.
	 */
	atomic_bool kick;
	/* A list is pending: the next preemption point switches to it. */
	atomic_bool pending_flag;
	/*
	 * rcs0: a reset was requested (RESET_CTL) or the device is going
	 * away, so a running GPGPU dispatch must end now (gpgpu_array.c).
	 */
	atomic_bool dispatch_abort;

	pthread_mutex_t lock;
	/* Signalled for every request below and every semaphore signal. */
	pthread_cond_t cond;

	/* Protected by lock. */
	bool cur_valid;			/* the current execlist */
	bool cur_started;		/* the thread took it up (IDLE_TO_ACTIVE sent) */
	struct gs_execlist cur;
	unsigned int active;		/* its element that runs: 0 or 1 */
	bool pend_valid;		/* the pending execlist */
	struct gs_execlist pend;
	unsigned int write_slot;	/* the hardware execlist the next ELSP fills */
	bool running;			/* a context is loaded (maybe hung or parked) */
	uint32_t running_ctx_id;	/* its Context ID, for status and signals */
	bool arb_on;			/* its arbitration (MI_ARB_ON_OFF) */
	bool stop_req;			/* MI_MODE STOP_RING or RESET_CTL request */
	bool quiescent;			/* the thread waits: it is at a boundary */
	bool parked;			/* the thread honoured stop_req */
	bool quit;			/* device destruction */
	bool hwsp_dirty;		/* the HWSP ISR mirror needs a status write */
	uint64_t sema_seq;		/* semaphore signals for the running context */
};

/* engine_signal.c: requests to the engine's thread (engine/engine.c runs it) */
struct gs_engine *gs_engine(struct gs_device *dev, int id);
void gs_engine_kick_locked(struct gs_engine *eng);
void gs_engine_wait_locked(struct gs_engine *eng, unsigned int us);
void gs_engine_hwsp_dirty(struct gs_device *dev, int id);
void gs_engine_signal(struct gs_engine *eng, uint32_t ctx_id);
uint64_t gs_engine_sema_seq(struct gs_engine *eng);
void gs_engine_sema_wait(struct gs_engine *eng, uint64_t seen, unsigned int us, bool preemptible);

/* elsp.c: the ELSP port and EXECLIST_STATUS */
gs_reg_write_fn elsp_write;
void gs_execlist_status_store_locked(struct gs_engine *eng);

/* cs_time.c: the engine clock */
#define GS_CS_TICK_NS		80	/* 12.5 MHz (hw-spec-engines) */
void gs_timestamps_restart(struct gs_device *dev);
uint64_t gs_timestamp_now(struct gs_device *dev);
void gs_timestamps_refresh_locked(struct gs_device *dev);

#endif
