/* SPDX-License-Identifier: MIT */
/*
 * The command streamer executor (hw-spec-engines "The context image",
 * "Execution", "Errors"; Documentation/gpu/gensim/hw-spec-commands.rst):
 * the state of the context an engine runs and the interface of the command
 * handlers.  Everything here belongs to the engine thread: no lock guards
 * it because no other thread touches it.
 *
 * A command goes: fetch (cs_fetch.c: ring through the GGTT, batches
 * through the GGTT or the PPGTT) -> the ONE command table (cmd_table.c:
 * which command, how long, valid on this engine, privilege rule) ->
 * predication and privilege (cmd_step.c) -> its handler (cmd_*.c) -> the
 * position advances and RING_HEAD/BBADDR/ACTHD follow.
 *
 * Prototypes are grouped by the file that defines them.
 */
#ifndef GSDEV_CS_H
#define GSDEV_CS_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mem/mem.h"

struct gs_device;
struct gs_engine;
struct gs_cs;
struct gs_cmd_desc;
struct gs_gpgpu;
struct gs_3d;
struct gs_blt_state;

/* The longest command: a 16-bit length field plus its bias (media, MFX). */
#define GS_CS_MAX_CMD_DWORDS	(0xffff + 2)
/* Register (offset, value) pairs one image page can hold. */
#define GS_CS_MAX_SLOTS		512

/* What a handler did with its command. */
enum gs_cmd_result {
	GS_CMD_NEXT,		/* done: the position moves past the command */
	GS_CMD_JUMP,		/* done: the handler moved the position itself */
	GS_CMD_RETRY,		/* not done (a wait): execute it again */
	GS_CMD_HALT,		/* an error stopped the context */
};

typedef enum gs_cmd_result gs_cmd_handler_fn(struct gs_cs *cs, const struct gs_cmd_desc *cmd,
					     const uint32_t *dw, unsigned int len);

/*
 * How a command behaves in a non-privileged batch (PRM Vol. 6 Command Stream
 * Programming (Cherryview 2015), "User Mode Privileged Commands" (RCS, BCS,
 * VCS, VECS)).
 */
enum gs_cmd_priv {
	GS_PRIV_NONE,		/* allowed */
	GS_PRIV_ALWAYS,		/* dropped (a NOOP) with a privilege violation */
	GS_PRIV_GGTT,		/* dropped with a violation if dw[priv_dw] & priv_mask */
	GS_PRIV_HANDLER,	/* the handler applies its own rule (cs->nonpriv) */
};

/* The mask of an MI row: client and opcode (the MI lookup index keys on it). */
#define GS_CMD_MI_MASK		(CMD_CLIENT | MI_OPCODE)

/* gs_cmd_desc.flags */
#define GS_CMD_F_NOPRED		(1u << 0)	/* MI_SET_PREDICATE never drops it */
#define GS_CMD_F_ARB		(1u << 1)	/* a preemption point (MI_ARB_CHECK) */

/**
 * struct gs_cmd_desc - one row of the command table (cmd_table.c)
 * @name: the PRM name
 * @mask: the header bits that identify the command
 * @value: their value: header & @mask == @value
 * @len_mask: the header's length field; 0: the command is @len_bias dwords
 * @len_bias: total dwords = field + @len_bias (2 for multi-dword commands)
 * @min_len: shortest valid total length in dwords
 * @max_len: longest valid total length in dwords
 * @engines: GS_ENG_* mask of the engines that take it
 * @priv: enum gs_cmd_priv
 * @priv_dw: GS_PRIV_GGTT: the dword holding the GGTT bit(s)
 * @flags: GS_CMD_F_*
 * @priv_mask: GS_PRIV_GGTT: the GGTT bit(s)
 * @handler: executes it; NULL: known but not implemented, an instruction
 *	error that names it
 * @ref: where the command comes from (seed line or EXT source)
 */
struct gs_cmd_desc {
	const char *name;
	uint32_t mask;
	uint32_t value;
	uint32_t len_mask;
	uint16_t len_bias;
	uint16_t min_len;
	uint32_t max_len;
	uint8_t engines;
	uint8_t priv;
	uint8_t priv_dw;
	uint8_t flags;
	uint32_t priv_mask;
	gs_cmd_handler_fn *handler;
	const char *ref;
};

/* One level of batch (hw-spec-engines "Execution"). */
struct gs_bb {
	uint64_t addr;		/* the next command */
	bool ppgtt;
	bool priv;
};

/* Where the image loaded a register from: the value's dword, the register. */
struct gs_ctx_slot {
	uint16_t index;
	uint16_t rel;		/* offset from the engine base */
};

struct gs_cs {
	struct gs_engine *eng;
	struct gs_device *dev;
	unsigned int epoch;	/* the engine epoch this work belongs to */

	/* The running context. */
	bool loaded;
	bool hung;		/* an instruction or page-table error stopped it */
	uint64_t desc;
	uint32_t lrca;
	uint32_t ctx_id;
	struct gs_ctx_slot slot[GS_CS_MAX_SLOTS];
	unsigned int nr_slots;
	uint32_t ring_start;	/* GGTT */
	uint32_t ring_size;	/* bytes */
	uint32_t head;		/* byte offset */
	uint32_t wrap;		/* RING_HEAD's wrap count */
	uint32_t tail;
	uint64_t pml4;		/* PDP0: the PPGTT root */
	unsigned int level;	/* 0 ring, 1 and 2 batches */
	struct gs_bb bb[3];
	bool arb_on;
	unsigned int set_pred;	/* MI_SET_PREDICATE mode */
	uint64_t ts_start;	/* engine tick the context started at */
	uint32_t ts_base;	/* CTX_TIMESTAMP then */
	bool sema_waiting;	/* an unsuccessful MI_SEMAPHORE_WAIT at the position */
	uint64_t sema_seen;	/* engine->sema_seq when it last evaluated */
	unsigned int sema_poll_us;

	/* The command being executed. */
	uint32_t *cmd;
	unsigned int cmd_len;	/* dwords of it in cmd[] */
	uint64_t cmd_addr;
	bool cmd_ggtt;
	bool nonpriv;		/* privilege checks apply to it */
	bool preempt_point;	/* it ended at a preemption point */

	/* The HWSP ISR mirror last written, and where. */
	uint32_t isr_last;
	uint32_t isr_hwsp;

	/* rcs0: the running context's GPGPU state (gpgpu.h); NULL elsewhere. */
	struct gs_gpgpu *gpgpu;
	/* rcs0: the running context's 3D state and the engine's URB (3d/r3d.h). */
	struct gs_3d *r3d;

	/* The blitter's setup registers and an unfinished blit (bcs0; blt.h). */
	struct gs_blt_state *blt;
};

/*
 * cs_cmd.c: lookups in THE command table; cmd/cmd_table.c defines its rows
 * (the parser knows every family's handlers)
 */
extern const struct gs_cmd_desc gs_cmd_table[];
extern const size_t gs_cmd_table_len;
const struct gs_cmd_desc *gs_cmd_find(uint32_t header, int engine,
				      const struct gs_cmd_desc **elsewhere);
unsigned int gs_cmd_length(const struct gs_cmd_desc *d, uint32_t header);
const char *gs_cmd_unknown_why(uint32_t header, int engine, char *buf, size_t len);
int gs_cmd_describe(char *buf, size_t len, int engine, const uint32_t *dw, unsigned int n);

/* cs_fetch.c: the position in the ring and the batches */
uint64_t gs_cs_position(const struct gs_cs *cs, bool *ggtt);
int gs_cs_fetch(struct gs_cs *cs, unsigned int len, bool *fault_done);
uint32_t gs_cs_ring_space(const struct gs_cs *cs);
void gs_cs_advance(struct gs_cs *cs, unsigned int dwords);
void gs_cs_batch_start(struct gs_cs *cs, unsigned int level, uint64_t addr, bool ppgtt,
		       bool priv);
void gs_cs_batch_return(struct gs_cs *cs, bool all);
bool gs_cs_publish_position(struct gs_cs *cs);

/* cs_mem.c: memory as a command sees it */
int gs_cs_mem(struct gs_cs *cs, bool ggtt, uint64_t va, void *buf, size_t len, bool write,
	      struct gs_fault *fault);
int gs_cs_read(struct gs_cs *cs, bool ggtt, uint64_t va, void *buf, size_t len);
int gs_cs_write(struct gs_cs *cs, bool ggtt, uint64_t va, const void *buf, size_t len);
int gs_cs_atomic(struct gs_cs *cs, bool ggtt, uint64_t va, unsigned int size,
		 uint64_t (*op)(uint64_t old, void *arg), void *arg, uint64_t *old);
int gs_cs_hwsp_write(struct gs_cs *cs, bool pphwsp, uint32_t offset, const void *buf,
		     size_t len);
uint64_t gs_cs_addr48(uint32_t lo, uint32_t hi, uint32_t lo_mask);

/* cs_reg.c: registers as a command sees them */
uint32_t gs_cs_reg_read(struct gs_cs *cs, uint32_t offset);
void gs_cs_reg_write(struct gs_cs *cs, uint32_t offset, uint32_t val);
uint64_t gs_cs_gpr(struct gs_cs *cs, unsigned int n);
void gs_cs_set_gpr(struct gs_cs *cs, unsigned int n, uint64_t val);
bool gs_cs_store(struct gs_cs *cs, uint32_t offset, uint32_t val);
uint32_t gs_cs_ctx_timestamp(struct gs_cs *cs);

/*
 * cs_priv.c: the non-privileged register whitelist (PRM Vol. 6 Command Stream
 * Programming (Cherryview 2015), "User Mode Non-Privileged Registers" (RCS,
 * BCS, VCS, VECS))
 */
bool gs_cs_reg_whitelisted(int engine, uint32_t offset);

/* cs_error.c: errors, interrupts, the HWSP ISR mirror */
enum gs_cmd_result gs_cs_instruction_error(struct gs_cs *cs, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
enum gs_cmd_result gs_cs_fault_error(struct gs_cs *cs, const struct gs_fault *fault,
				     const char *what);
enum gs_cmd_result gs_cs_reported_fault_error(struct gs_cs *cs, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void gs_cs_report_fault(struct gs_cs *cs, const struct gs_fault *fault, const char *what);
void gs_cs_privilege_violation(struct gs_cs *cs, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void gs_cs_context_error(struct gs_cs *cs, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void gs_cs_raise(struct gs_cs *cs, uint32_t bits);
void gs_engine_error_locked(struct gs_engine *eng, uint32_t bit, uint32_t header,
			    uint64_t addr);
void gs_cs_hwsp_isr_update(struct gs_cs *cs);

/* elsp.c: EXECLIST_STATUS and MODE_IDLE after a transition */
void gs_execlist_status_update(struct gs_cs *cs);

/* cs_reg.c (the same path as the driver's writes: core/mmio.c) */
void gs_cs_mmio_write(struct gs_device *dev, int engine, uint32_t offset, uint32_t val);

/* csb.c: the context status buffer */
void gs_csb_write(struct gs_cs *cs, uint32_t status, uint32_t ctx_id);

#endif
