/* SPDX-License-Identifier: MIT */
/*
 * The device's trace recorder (Documentation/gpu/gensim/trace-timeline.rst):
 * what the device did, with CLOCK_MONOTONIC timestamps, for
 * scripts/gensim-trace to put beside the driver's tracepoints on one
 * timeline.
 *
 * Off by default.  gs_trace_start() opens a session: from then on every
 * hook below appends one fixed-size record to a buffer of the thread that
 * calls it (no lock, no system call: a clock read and a copy), and a
 * flusher thread turns the records into JSON lines in the session's file
 * every few milliseconds.  gs_trace_stop() ends the session: the last
 * records are written, then a "stop" line with how many were written and
 * how many were dropped (a thread whose buffer was full).  gensim-device
 * starts a session with --trace FILE, or on SIGUSR1, and ends it on
 * SIGUSR2 or at exit.
 *
 * Off, a hook costs one relaxed load and a branch: each is an inline
 * wrapper that calls the recorder only while a session is open.  A span
 * (a command, a drain, a walker) takes its start with gs_trace_begin(),
 * which is 0 while off, and is recorded at its end only if it began in a
 * session.
 *
 * core/ is the bottom of the device: the hooks take plain numbers, never
 * a block's structures, so any block may call them.
 */
#ifndef GSDEV_TRACE_H
#define GSDEV_TRACE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

enum gs_trace_type {
	GS_TR_DOORBELL,		/* the doorbell rang */
	GS_TR_DRAIN,		/* span: the write log drained; u32[0] writes applied */
	GS_TR_CMD,		/* span: one command parsed and executed */
	GS_TR_CTX,		/* a context starts running on an engine */
	GS_TR_CSB,		/* a context status buffer entry written */
	GS_TR_IRQ_EVENT,	/* an engine raised interrupt bits (past RING_IMR) */
	GS_TR_IRQ_MSG,		/* the interrupt message went to the driver */
	GS_TR_WALKER,		/* span: a GPGPU dispatch on the EU array */
	GS_TR_GROUP_START,	/* a thread group issued to a subslice */
	GS_TR_GROUP_END,	/* its last thread ended */
	GS_TR_THREAD_END,	/* an EU thread ended (EOT), with its instructions */
	GS_TR_MARK,		/* free text (tests, tools) */
	GS_TR_NR_TYPES
};

/* GS_TR_CMD flags (u32[0]) */
#define GS_TR_CMD_GGTT		(1u << 0)	/* fetched through the GGTT */
#define GS_TR_CMD_LEVEL(l)	((uint32_t)(l) << 1)	/* 0 ring, 1 and 2 batches */
#define GS_TR_CMD_RESULT(r)	((uint32_t)(r) << 4)	/* enum gs_cmd_result */

/*
 * One record: 64 bytes.  @name is a string that outlives the process's
 * sessions (a command table row's name, a literal), or NULL.  The meaning
 * of @u32 and @u64 is the type's (the hooks below; trace.c writes them).
 */
struct gs_trace_rec {
	uint64_t ts;		/* CLOCK_MONOTONIC, ns */
	uint64_t dur;		/* spans: ns */
	const char *name;
	uint16_t type;		/* enum gs_trace_type */
	int16_t engine;		/* enum gs_engine_id, or -1 */
	uint32_t ctx;		/* Context ID, 0: none */
	uint32_t u32[6];
	uint64_t u64;
};

/* A session's totals (gs_trace_stop(), the stop line). */
struct gs_trace_stats {
	uint64_t written;	/* records written to the file */
	uint64_t dropped;	/* records lost to a full thread buffer */
};

extern atomic_bool gs_trace_enabled;

static inline bool gs_tracing(void)
{
	return atomic_load_explicit(&gs_trace_enabled, memory_order_relaxed);
}

/* Session control: one session at a time; start while one is open restarts it. */
int gs_trace_start(const char *path);
int gs_trace_stop(struct gs_trace_stats *stats);

uint64_t gs_trace_now(void);
void gs_trace_emit(const struct gs_trace_rec *r);

/* A span's start: now while tracing, else 0 (the span is not recorded). */
static inline uint64_t gs_trace_begin(void)
{
	return gs_tracing() ? gs_trace_now() : 0;
}

/* The recorder's halves of the hooks (trace.c). */
void gs_tr_doorbell(void);
void gs_tr_drain(uint64_t t0, unsigned int writes, uint32_t elsp);
uint32_t gs_tr_elsp_bit(uint32_t offset);
void gs_tr_cmd(uint64_t t0, int engine, uint32_t ctx, const char *name, uint64_t addr,
	       uint32_t flags, const uint32_t *dw, unsigned int len);
void gs_tr_ctx(int engine, uint32_t ctx, const char *how, uint32_t lrca, uint32_t head,
	       uint32_t tail);
void gs_tr_csb(int engine, uint32_t status, uint32_t ctx);
void gs_tr_irq_event(int engine, uint32_t bits);
void gs_tr_irq_msg(void);
void gs_tr_walker(uint64_t t0, int engine, uint32_t ctx, const char *name, int status,
		  uint64_t groups, uint64_t threads, uint64_t instructions);
void gs_tr_group(bool start, unsigned int subslice, unsigned int place, uint32_t seq,
		 const uint32_t id[3]);
void gs_tr_thread_end(unsigned int subslice, unsigned int eu, unsigned int thread,
		      uint32_t fftid, uint32_t seq, uint64_t instructions);
void gs_tr_mark(const char *name, uint64_t value);

/* The hooks: each costs a load and a branch while no session is open. */

/* channel/chan.c: the doorbell rang. */
static inline void gs_trace_doorbell(void)
{
	if (gs_tracing())
		gs_tr_doorbell();
}

/*
 * channel/wlog.c: the write log drained, @writes records applied (none:
 * nothing), among them writes to the ELSP of the engines in @elsp (bit
 * per engine: gs_trace_elsp_write() of each record's offset).
 */
static inline void gs_trace_drain(uint64_t t0, unsigned int writes, uint32_t elsp)
{
	if (t0 && writes)
		gs_tr_drain(t0, writes, elsp);
}

static inline uint32_t gs_trace_elsp_write(uint64_t t0, uint32_t offset)
{
	return t0 ? gs_tr_elsp_bit(offset) : 0;
}

/* cmd/cmd_step.c: a command (its first dwords, @len in all) from @addr done. */
static inline void gs_trace_cmd(uint64_t t0, int engine, uint32_t ctx, const char *name,
				uint64_t addr, uint32_t flags, const uint32_t *dw,
				unsigned int len)
{
	if (t0)
		gs_tr_cmd(t0, engine, ctx, name, addr, flags, dw, len);
}

/* engine/execlist.c: context @ctx runs (@how: "restore", "lite restore"). */
static inline void gs_trace_ctx(int engine, uint32_t ctx, const char *how, uint32_t lrca,
				uint32_t head, uint32_t tail)
{
	if (gs_tracing())
		gs_tr_ctx(engine, ctx, how, lrca, head, tail);
}

/* engine/execlist.c: the CSB entry the device writes for a context switch. */
static inline void gs_trace_csb(int engine, uint32_t status, uint32_t ctx)
{
	if (gs_tracing())
		gs_tr_csb(engine, status, ctx);
}

/* channel/irq.c: an engine raised @bits (RING_IMR applied). */
static inline void gs_trace_irq_event(int engine, uint32_t bits)
{
	if (gs_tracing() && bits)
		gs_tr_irq_event(engine, bits);
}

/* channel/irq.c: the interrupt message is sent. */
static inline void gs_trace_irq_msg(void)
{
	if (gs_tracing())
		gs_tr_irq_msg();
}

/* cmd/cmd_gpgpu_walker.c: a dispatch ended with @status (enum gs_eu_status). */
static inline void gs_trace_walker(uint64_t t0, int engine, uint32_t ctx, const char *name,
				   int status, uint64_t groups, uint64_t threads,
				   uint64_t instructions)
{
	if (t0)
		gs_tr_walker(t0, engine, ctx, name, status, groups, threads, instructions);
}

/* compute/sched.c: thread group @seq (walker order) issued to / done on a subslice place. */
static inline void gs_trace_group(bool start, unsigned int subslice, unsigned int place,
				  uint32_t seq, const uint32_t id[3])
{
	if (gs_tracing())
		gs_tr_group(start, subslice, place, seq, id);
}

/* compute/sched.c: an EU thread of group @seq ended after @instructions. */
static inline void gs_trace_thread_end(unsigned int subslice, unsigned int eu,
				       unsigned int thread, uint32_t fftid, uint32_t seq,
				       uint64_t instructions)
{
	if (gs_tracing())
		gs_tr_thread_end(subslice, eu, thread, fftid, seq, instructions);
}

static inline void gs_trace_mark(const char *name, uint64_t value)
{
	if (gs_tracing())
		gs_tr_mark(name, value);
}

#endif
