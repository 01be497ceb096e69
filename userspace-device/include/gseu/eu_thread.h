/* SPDX-License-Identifier: MIT */
/*
 * One Gen8 EU hardware thread: its architectural state and the call that
 * runs Gen8 machine code on it.  The chapter is
 * Documentation/gpu/gensim/eu-interpreter.rst; hardware facts come from
 * 965/G35 PRM Vol. 4 Subsystem and Cores (2008): 11 "Execution
 * Environment" (registers, regions, SIMD control), 14.2 "Instruction
 * Description" (instructions), 6 "Extended Math" and 7 "Message Gateway"
 * (gateway, notifications).
 *
 * Use:
 *
 *   struct gseu_program *p;
 *   gseu_program_create(code, size, &p, &err);   // decode once, per kernel
 *   struct gseu_hw_thread *t = gseu_thread_new();   // or embed and _reset()
 *   gseu_thread_reset(t, dispatch_mask);
 *   memcpy(t->grf[0].b, payload, ...);             // the thread payload
 *   t->sfids = &my_shared_functions;               // send handlers
 *   switch (gseu_thread_run(t, p, budget)) { ... }
 *
 * A program is read-only once created and may be shared by any number of
 * threads on any number of host threads.  A gseu_thread belongs to one
 * host thread at a time; only gseu_thread_notify() and
 * gseu_thread_yield_at_wait() may be called concurrently with
 * gseu_thread_run() on the same thread.
 */
#ifndef GSEU_EU_THREAD_H
#define GSEU_EU_THREAD_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gseu/eu.h"

/* One 256-bit register seen at every element size (host is little-endian). */
union gseu_reg256 {
	uint8_t b[32];
	uint16_t w[16];
	uint32_t d[8];
	uint64_t q[4];
	float f[8];
	double df[4];
};

/* A small ARF register (at most 16 bytes populated). */
union gseu_reg128 {
	uint8_t b[16];
	uint16_t w[8];
	uint32_t d[4];
};

#define GSEU_NUM_GRF	128
#define GSEU_NUM_ACC	10	/* acc0-acc1, and acc2-acc9 of the IEEE macros */
#define GSEU_NUM_MME	8	/* math-macro selections .mme0-.mme7 */

/*
 * cr0.0 bits (Mesa brw_eu_defines.h; 965/G35 PRM Vol. 4 Subsystem and Cores
 * (2008), 10.3 "Floating Point Modes", 10.3.1.2 "Complete Listing of Deviations
 * or Additional Requirements").
 */
#define GSEU_CR0_ALT_MODE	 (1u << 0)	/* 1 = ALT floating-point mode */
#define GSEU_CR0_RND_SHIFT	 4		/* 0 RNE, 1 +inf, 2 -inf, 3 RTZ */
#define GSEU_CR0_RND_MASK	 (3u << 4)
#define GSEU_CR0_DF_DENORM_KEEP	 (1u << 6)
#define GSEU_CR0_F_DENORM_KEEP	 (1u << 7)
#define GSEU_CR0_HF_DENORM_KEEP	 (1u << 10)

/* Why a run stopped. */
enum gseu_run_status {
	GSEU_RUN_EOT = 0,	/* a send with EOT retired: the thread is over */
	GSEU_RUN_BLOCKED,	/* `wait` on n0 with no notification (or a send
				 * handler asked to retry): call run again
				 * after gseu_thread_notify() */
	GSEU_RUN_BUDGET,	/* the instruction budget ran out: preemptible */
	GSEU_RUN_EXCEPTION,	/* see gseu_thread.exc / exc_msg / exc_ip */
};

/* The exception reasons.  Every one comes with a message in exc_msg. */
enum gseu_exc {
	GSEU_EXC_NONE = 0,
	GSEU_EXC_ILLEGAL,	/* the bytes at ip do not decode (opcode 0...) */
	GSEU_EXC_REGION,	/* a region or address leaves its register file */
	GSEU_EXC_OPERAND,	/* operand types/files the instruction forbids */
	GSEU_EXC_IP,		/* ip outside the kernel or inside an instruction */
	GSEU_EXC_UNSUPPORTED,	/* a Gen8 feature gensim does not implement */
	GSEU_EXC_NO_SFID,	/* send to an SFID with no registered handler */
	GSEU_EXC_SEND,		/* a shared-function handler reported an error */
	GSEU_EXC_BREAKPOINT,	/* DebugCtrl set on the instruction */
	GSEU_EXC_COUNT
};

const char *gseu_run_status_name(enum gseu_run_status s);
const char *gseu_exc_name(enum gseu_exc e);

/* ------------------------------------------------------------------ */
/* Shared functions (send/sendc targets), registered by the embedder.  */

struct gseu_hw_thread;

/*
 * What one send hands its shared function (965/G35 PRM Vol. 4 Subsystem and
 * Cores (2008), 2.6.2 "Send Instruction", encoding 2.5).
 */
struct gseu_send_msg {
	uint8_t sfid;		/* enum gseu_sfid */
	bool eot;		/* end of thread: the thread stops after this */
	bool sendc;		/* sendc (ordering against render-target writes) */
	bool header;		/* descriptor bit 19 */
	uint8_t mlen, rlen;	/* descriptor 28:25, 24:20 (registers) */
	uint32_t desc;		/* the whole 29-bit descriptor (imm or a0.0) */
	uint32_t func_ctrl;	/* descriptor 18:0 */
	uint8_t exec_size;	/* 1..32 */
	uint8_t first_channel;	/* QtrCtrl/NibCtrl: channel of lane 0 */
	uint32_t channel_mask;	/* lane k enabled (execution mask & predicate) */
	uint8_t payload_nr;	/* first payload GRF */
	const union gseu_reg256 *payload;	/* mlen registers */
	uint8_t response_nr;	/* first response GRF (when response != NULL) */
	union gseu_reg256 *response;	/* rlen registers, NULL for a null dst */
};

enum gseu_send_result {
	GSEU_SEND_DONE = 0,	/* handled; the response (if any) is written */
	GSEU_SEND_RETRY,	/* cannot complete now and did nothing: the thread
				 * returns GSEU_RUN_BLOCKED and re-executes the
				 * send when run again */
	GSEU_SEND_ERROR,	/* raise GSEU_EXC_SEND */
};

typedef enum gseu_send_result (*gseu_sfid_fn)(void *ctx, struct gseu_hw_thread *t,
					      const struct gseu_send_msg *msg);

struct gseu_sfid_table {
	gseu_sfid_fn fn[16];	/* indexed by SFID; NULL = no such unit */
	void *ctx[16];
};

/* ------------------------------------------------------------------ */
/* The architectural state of one hardware thread.                      */

struct gseu_hw_thread {
	/* r0..r127: the thread payload sits at the bottom (encoding 3.2). */
	union gseu_reg256 grf[GSEU_NUM_GRF];

	/*
	 * Accumulators.  acc[] holds the bits a `mov gN acc0` reads.  An
	 * integer dword channel holds 64 bits (965/G35 PRM Vol. 4 Subsystem
	 * and Cores (2008), 11.3.4.5 "Accumulator Registers"; PRM Vol. 6
	 * 3D-Media-GPGPU (Broxton 2017), "Accumulator Registers", Table
	 * 11-9): its high half is kept in acc_hi[] at the same dword index
	 * (acc_hi[i][j] pairs with acc[i].d[j]); mul writes it, mac/mach read
	 * it.
	 */
	union gseu_reg256 acc[GSEU_NUM_ACC];
	uint32_t acc_hi[GSEU_NUM_ACC][8];

	/*
	 * The math-macro accumulators of the IEEE macros (madm, math invm
	 * and rsqtm; operands ".mme0".".mme7"), per channel.  Hardware keeps
	 * extra exponent and mantissa bits of a GRF double there, in a format
	 * no public source gives; gensim's model (eu-interpreter.rst, "IEEE
	 * macros") keeps an IEEE binary128 value and the GRF bits it was
	 * written with: a source .mmeN whose GRF bits still match reads the
	 * binary128 value, any other reads the GRF's double.
	 */
	struct gseu_mme {
		uint64_t ext[2];	/* binary128, host byte order */
		uint64_t grf;		/* the GRF double's bits it belongs to */
	} mme[GSEU_NUM_MME][32];

	union gseu_reg256 a0;	/* a0.0-a0.15 (16-bit words) */
	union {
		uint32_t d[2];	/* f0, f1; f0.0 = bits 15:0 of d[0] */
		uint8_t b[8];
	} f;
	union gseu_reg128 sr0;	/* .0 embedder-defined id, .2 dispatch mask,
				 * .3 vector mask; read-only to kernels */
	union gseu_reg128 cr0;	/* .0 = GSEU_CR0_* mode bits */
	union gseu_reg128 n0;	/* notification counts; `wait n0.N` uses .N */
	union gseu_reg128 tdr0;	/* thread dependency (kept, no semantics) */
	union gseu_reg128 tm0;	/* timestamp: .0/.1 = retired instructions */

	uint32_t ip;		/* byte offset in the kernel of the next insn */

	/*
	 * Channel enables (965/G35 PRM Vol. 4 Subsystem and Cores (2008),
	 * 11.4 "SIMD Execution Control", 14.2 "Instruction Description";
	 * Mesa src/intel/compiler/brw_eu_emit.c).  dispatch_mask is the
	 * payload's mask; `active` are the channels executing at ip; a
	 * channel in `waiting` is parked by control flow until ip reaches
	 * wait_ip[n] (its per-channel IP).  active and waiting are disjoint
	 * subsets of dispatch_mask; channels in neither have halted for
	 * good or were never dispatched.
	 */
	uint32_t dispatch_mask;
	uint32_t active;
	uint32_t waiting;
	uint32_t wait_ip[32];

	/* Notifications delivered by gseu_thread_notify(), not yet in n0. */
	_Atomic uint32_t notify_pending[4];
	/*
	 * Set by the embedder (gseu_thread_yield_at_wait()): the next `wait`
	 * that goes on ends the slice, GSEU_RUN_BUDGET with ip past it, so
	 * that a thread notified while it ran takes its turn with the others.
	 */
	atomic_bool yield_at_wait;

	/* The embedder's shared functions and its own pointer. */
	const struct gseu_sfid_table *sfids;
	void *user;

	/* Outcome of the last run. */
	bool ended;		/* EOT retired */
	enum gseu_exc exc;	/* GSEU_EXC_NONE unless the thread faulted */
	uint32_t exc_ip;	/* byte offset of the faulting instruction */
	char exc_msg[192];

	uint64_t retired;	/* instructions retired since reset */
};

/* Allocate (32-byte aligned, zeroed and reset with dispatch mask 0xff). */
struct gseu_hw_thread *gseu_thread_new(void);
void gseu_thread_free(struct gseu_hw_thread *t);

/*
 * Reset to a fresh dispatch: every register zero, ip 0, cr0 0 (IEEE,
 * round to nearest even, denormals flushed), the given dispatch mask
 * active.  sfids and user are kept.
 */
void gseu_thread_reset(struct gseu_hw_thread *t, uint32_t dispatch_mask);

/*
 * Deliver one notification to n0.<sub> (0..3): what the message gateway
 * does for a barrier or a ForwardMsg with Notify (shared-functions 2.6).
 * Safe to call from any host thread, also while the thread runs.  A
 * thread blocked in `wait` continues on the next gseu_thread_run().
 */
void gseu_thread_notify(struct gseu_hw_thread *t, unsigned sub);

/*
 * Make the thread's next `wait` that goes on (a notification there) end
 * the slice with GSEU_RUN_BUDGET, ip past the wait.  Safe from any host
 * thread, also while the thread runs.
 */
void gseu_thread_yield_at_wait(struct gseu_hw_thread *t);

/* ------------------------------------------------------------------ */
/* Programs: a kernel decoded once.                                     */

struct gseu_program;

/*
 * Decode `size` bytes of kernel code (native and compacted instructions).
 * Instructions that do not decode are kept as "illegal" and raise
 * GSEU_EXC_ILLEGAL only if executed, as the hardware would.  Fails (-1,
 * *err) only for a truncated last instruction or out of memory.
 */
int gseu_program_create(const void *code, size_t size,
			struct gseu_program **out, struct gseu_error *err);
void gseu_program_free(struct gseu_program *p);
unsigned gseu_program_count(const struct gseu_program *p);

/*
 * Run the thread from t->ip for at most `budget` instructions.  Returns
 * why it stopped; t->ip then points at the next instruction to execute
 * (the `wait` or send that blocked, the faulting instruction).  Running
 * a thread that ended or faulted returns the same status again.
 */
enum gseu_run_status gseu_thread_run(struct gseu_hw_thread *t,
				     const struct gseu_program *p,
				     uint64_t budget);

#endif
