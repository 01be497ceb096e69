/* SPDX-License-Identifier: MIT */
/*
 * Private to the EU interpreter: the predecoded instruction (built once
 * per kernel by interp_program.c), the per-instruction scratch lanes, and
 * the entry points the executor files share.
 *
 * Execution of an ALU instruction is gather -> kernel -> flags -> scatter:
 * each source is read through its precomputed byte offsets and converted
 * into one of three computation classes (F: float, DF: double, I: int64),
 * an op kernel specialised for that class runs over all lanes, and the
 * result is converted into the destination type under the write enables.
 * Gather, kernel and scatter are chosen when the kernel is predecoded, so
 * nothing switches on a type per channel.  That is the reference path;
 * most instructions run a fast path on native 32-bit lanes instead
 * (interp_fast.c, chosen at predecode too), held bit-identical to it by
 * tests/test_interp_fast.c.
 *
 * What an instruction does is its row of include/gseu/eu_insns.def (class,
 * computation classes, GSEU_X_* properties) plus its semantic definition,
 * a struct gsi_sem in eu/interp/insns/; predecode turns both into the
 * handler and the flags of struct gsi_insn, so no executor tests an opcode.
 */
#ifndef GSEU_INTERP_H
#define GSEU_INTERP_H

#include <string.h>

#include "gseu/eu_thread.h"

#if !defined(__BYTE_ORDER__) || __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "the EU interpreter assumes a little-endian host (GRF byte layout)"
#endif

enum gsi_cls { GSI_F, GSI_DF, GSI_I, GSI_NCLS };

union gsi_lanes {
	float f[32];
	double d[32];
	int64_t i[32];
	uint64_t u[32];
};

/* Where an operand lives. */
enum gsi_kind {
	GSI_K_NONE, GSI_K_GRF, GSI_K_GRF_IND, GSI_K_ARF, GSI_K_IMM, GSI_K_NULL,
};

/* Architecture registers the interpreter gives a byte image. */
enum gsi_arf {
	GSI_ARF_NULL, GSI_ARF_A0, GSI_ARF_ACC, GSI_ARF_F, GSI_ARF_CE,
	GSI_ARF_SR0, GSI_ARF_CR0, GSI_ARF_N0, GSI_ARF_IP, GSI_ARF_TDR,
	GSI_ARF_TM0,
};

struct gsi_opnd {
	uint8_t kind;		/* enum gsi_kind */
	uint8_t type;		/* enum gseu_type (V/UV/VF already expanded) */
	uint8_t size;		/* element bytes */
	uint8_t arf;		/* enum gsi_arf */
	bool contig;		/* off[k] == off[0] + k * size */
	bool neg, abs;
	/* direct: byte offset from the file's base (GRF: r0 byte 0; ARF: the
	 * register's image; IMM: gsi_insn.imm).  Indirect: offset added to
	 * the address a0.(a0sub + sel[k]) + aimm. */
	uint16_t off[32];
	uint8_t sel[32];	/* indirect: which a0 word, relative */
	uint8_t a0sub;
	int16_t aimm;
};

struct gsi_run;
struct gsi_insn;
struct gsi_exec;

/* Returns 0 to go on with run->next_ip, or a gseu_run_status + 1. */
typedef int (*gsi_exec_fn)(struct gsi_run *r, const struct gsi_insn *pi);
typedef void (*gsi_gather_fn)(union gsi_lanes *out, const uint8_t *base,
			      const uint16_t *off, bool contig, unsigned n,
			      bool ftz);
/* flags: GSI_SC_* */
typedef void (*gsi_scatter_fn)(uint8_t *base, const uint16_t *off, bool contig,
			       const union gsi_lanes *v, uint32_t wr,
			       unsigned n, unsigned flags);
typedef void (*gsi_kernel_fn)(struct gsi_exec *e);

/*
 * The fast path (interp_fast.c): an ALU instruction whose operands are
 * all 32-bit floats (shape F) or all integers of at most 32 bits (shape
 * I), in direct GRF registers or immediates, runs on native 32-bit lanes:
 * sources are read in place (contiguous regions), broadcast (scalars) or
 * gathered once, a fast kernel of its semantics computes every lane with
 * plain loops the compiler vectorises, and the result is stored as a
 * block.  Predecode decides it (struct gsi_insn.fast); the reference path
 * (gsi_exec_alu) stays the definition and the differential test
 * (tests/test_interp_fast.c) holds the two bit-identical.
 */
enum gsi_shape { GSI_FS_F, GSI_FS_I, GSI_NSHAPE };

/* How the fast path reads a source (struct gsi_insn.fsrc). */
enum gsi_fsrc {
	GSI_FSRC_CONTIG,	/* 4-byte elements in a row from off[0]: in place */
	GSI_FSRC_SCALAR,	/* one element (off[0]) for every lane */
	GSI_FSRC_IMM,		/* gsi_insn.fimm, already in 32-bit lanes */
	GSI_FSRC_GATHER,	/* element k at off[k], extended to 32 bits */
};

struct gsi_fexec {
	const struct gsi_insn *pi;
	unsigned n;
	bool ftz;		/* F: flush denormal inputs and results */
	bool has_cond;		/* the kernel computed cond (cmp) */
	uint32_t cond;		/* in: the predicate of a PRED_SELECTS row;
				 * out: the kernel's condition bits */
	const void *s[3];	/* 32-bit lanes: float (F) or uint32 (I) */
	union {
		float f[32];
		uint32_t u[32];
		int32_t i[32];
	} r __attribute__((aligned(32)));
};
typedef void (*gsi_fast_fn)(struct gsi_fexec *x);

#define GSI_SC_FTZ	1u	/* flush denormal float results */
#define GSI_SC_ALT	2u	/* ALT mode: +-INF results become +-FLT_MAX */
#define GSI_SC_UNS	4u	/* I class: the lanes hold uint64 values */

struct gsi_insn {
	gsi_exec_fn exec;
	struct gseu_insn in;	/* the decoded instruction */
	uint32_t ip, size;	/* byte offset and 8/16 */
	bool join;		/* a control-flow target: wake parked channels */

	/* ALU plumbing, chosen at predecode */
	uint8_t cls;		/* enum gsi_cls of the computation */
	uint8_t n;		/* execution size */
	uint8_t c0;		/* first channel (QtrCtrl * 8 + NibCtrl * 4) */
	uint8_t nsrc;
	uint8_t iw;		/* integer execution width in bits (16/32/64) */
	bool isigned;		/* integer execution type is signed */
	bool raw;		/* raw move/select: bits copied unchanged */
	bool logic;		/* negate means bitwise not */
	bool acc_wr;		/* implicit accumulator write */
	bool uns;		/* I-class results are unsigned 64-bit */
	bool pred_sel;		/* the predicate selects, it does not mask */
	bool flag_wr;		/* the condition modifier writes the flag */
	uint32_t wm_lanes;	/* Align16 write mask as lanes (else all) */
	uint32_t lanes;		/* (1 << n) - 1 */
	struct gsi_opnd dst, src[3];
	gsi_gather_fn gather[3];
	gsi_kernel_fn kernel;
	gsi_scatter_fn scatter;
	gsi_scatter_fn acc_scatter;	/* implicit acc write (dst type) */
	gsi_gather_fn acc_gather;	/* implicit acc read (mac, mach...) */
	uint8_t acc_type;
	uint16_t acc_off[32];	/* implicit accumulator byte offsets */

	/*
	 * An IEEE macro step (GSEU_EXEC_MACRO; insns/macro.c): which one,
	 * and each operand's math-macro selection (dst, src0..2: 0..7 =
	 * .mme0-.mme7, GSI_NOMME = .nomme), taken out of the Align16 write
	 * mask and swizzle fields, which then address as the identity.
	 */
	uint8_t macro;		/* enum gsi_macro */
	uint8_t mme[4];

	/* flow control: absolute byte targets (may be out of range) */
	int64_t jip_ip, uip_ip;

	/* an instruction that faults whenever it executes */
	uint8_t fault;		/* enum gseu_exc, 0 = none */
	char fault_buf[160];

	uint8_t imm[256] __attribute__((aligned(8)));	/* expanded immediate */

	/* the fast path (interp_fast.c); fast == NULL: the reference path */
	gsi_fast_fn fast;
	uint8_t shape;		/* enum gsi_shape */
	uint8_t fsrc[3];	/* enum gsi_fsrc */
	bool fdst_contig;	/* dst: 4-byte elements in a row */
	bool fdirect;		/* every source CONTIG or IMM, modifiers as masks */
	uint8_t fmod_src;	/* bit s: source s has modifiers: (v & fam) ^ fxm */
	uint32_t fam[3], fxm[3];
	bool fsimple;		/* contiguous GRF dst, no flag, no saturation */
	bool finplace;		/* fsimple, and no source overlaps the dst but
				 * lane for lane: results go straight there */
	uint8_t fimm_src;	/* bit s: source s is the immediate */
	uint16_t foff[3];	/* fdirect: byte offset from r0 (0 for IMM) */
	uint32_t fimm[32] __attribute__((aligned(32)));	/* an immediate source */
};

struct gseu_program {
	struct gsi_insn *insns;
	unsigned count;
	uint32_t size;		/* bytes of code */
	int32_t *slot;		/* per 8-byte slot: insn index or -1 */
};

/* One run of gseu_thread_run(). */
struct gsi_run {
	struct gseu_hw_thread *t;
	const struct gseu_program *p;
	uint32_t next_ip;	/* where to go after this instruction */
	bool jumped;		/* next_ip is not the fall-through */
	union gseu_reg128 scratch;	/* image of ip / ce0 for a read */
};

/* Per-instruction scratch. */
struct gsi_exec {
	struct gseu_hw_thread *t;
	const struct gsi_insn *pi;
	unsigned n;
	uint32_t wr;		/* lanes enabled for writing */
	uint32_t cond;		/* lanes whose condition is true (cmp & co) */
	bool has_cond;		/* the kernel computed cond itself */
	union gsi_lanes s[3];
	union gsi_lanes acc;	/* implicit accumulator input */
	union gsi_lanes r;
	union gsi_lanes r2;	/* carry/borrow, remainder, acc result */
	bool r2_to_acc;
	bool r2_to_next;	/* math intdivmod: remainder to dst + 32 */
};

enum gsi_macro { GSI_MACRO_MADM, GSI_MACRO_INVM, GSI_MACRO_RSQTM };
#define GSI_NOMME 8

/* insns/macro.c: the executor of the IEEE macro steps. */
int gsi_exec_macro(struct gsi_run *r, const struct gsi_insn *pi);

/* interp_convert.c: the per-type gather/scatter tables. */
extern const gsi_gather_fn gsi_gather_tab[GSEU_TYPE_COUNT][GSI_NCLS];
extern const gsi_scatter_fn gsi_scatter_tab[GSI_NCLS][GSEU_TYPE_COUNT];
void gsi_scatter_bool(uint8_t *base, const uint16_t *off, bool contig,
		      uint32_t cond, uint32_t wr, unsigned n, unsigned size);
void gsi_copy_raw(uint8_t *dbase, const uint16_t *doff, bool dcontig,
		  const uint8_t *sbase, const uint16_t *soff, bool scontig,
		  uint32_t wr, unsigned n, unsigned size);
void gsi_gather_raw(uint8_t *tmp, const uint8_t *sbase, const uint16_t *soff, bool scontig,
		    uint32_t wr, unsigned n, unsigned size);
void gsi_scatter_raw(uint8_t *dbase, const uint16_t *doff, bool dcontig, const uint8_t *tmp,
		     uint32_t wr, unsigned n, unsigned size);
uint32_t gsi_cond(unsigned cls, const union gsi_lanes *r, unsigned n,
		  unsigned cmod, bool uns, unsigned dst_type);
void gsi_saturate(unsigned cls, union gsi_lanes *r, unsigned n,
		  unsigned dst_type, bool uns);
void gsi_modifiers(unsigned cls, union gsi_lanes *v, unsigned n, bool neg,
		   bool abs, bool logic);

/*
 * The semantics of one instruction: what the semantics column of its row
 * in eu_insns.def names (GSI_SEM(name) in eu/interp/insns/).  Which members
 * count depends on the row's execution class:
 *
 *   ALU    k[cls] for every computation class the row lists (NULL for the
 *          others), or pick() when another field chooses the kernel (sel's
 *          condition modifier, math's function); pick() returns NULL, after
 *          gsi_fault() if it has a better reason, when there is none
 *   FLOW, SEND, PLAIN   exec, the handler
 *   NONE   why, the message of the "unsupported" exception
 *
 * and for any class check(), operand rules of this instruction checked at
 * predecode (gsi_fault() on a violation), and link(), run for a branch once
 * every instruction is decoded (to inspect its targets).
 */
struct gsi_sem {
	const char *name;
	gsi_kernel_fn k[GSI_NCLS];
	gsi_kernel_fn (*pick)(struct gsi_insn *pi);
	gsi_exec_fn exec;
	void (*check)(struct gsi_insn *pi);
	void (*link)(struct gseu_program *p, struct gsi_insn *pi);
	const char *why;
	/*
	 * ALU, optional: the same semantics on native 32-bit lanes, by
	 * shape (GSI_FAST in insns.h); predecode uses one when the operands
	 * allow it (interp_fast.c) and the differential test checks it
	 * against k[].
	 */
	gsi_fast_fn fast[GSI_NSHAPE];
	gsi_exec_fn fast_x[GSI_NSHAPE];	/* the same, fused into an executor */
	uint8_t fast_flags;	/* GSI_FAST_* */
};

/* The I-shape fast kernel needs exact source values (it compares them or
 * keeps carries): one signedness, no source modifiers. */
#define GSI_FAST_EXACT	1u
/* The fast kernel sets x->cond and x->has_cond itself (cmp, cmpn). */
#define GSI_FAST_COND	2u

/* interp_insns.c: the semantics column of eu_insns.def, by enum gseu_op. */
extern const struct gsi_sem *const gsi_sem_tab[GSEU_OP_COUNT];

/*
 * interp_fast.c: choose the fast path for a predecoded ALU instruction
 * (after setup_alu), and its executor.  gsi_program_create() with
 * reference = true never chooses it: the switch the differential test
 * and GSEU_INTERP=reference use.
 */
void gsi_fast_setup(struct gsi_insn *pi, const struct gsi_sem *sem);
int gsi_exec_fast(struct gsi_run *r, const struct gsi_insn *pi);
/* What a fused executor leaves: flags, saturation, a partial or strided store. */
int gsi_fast_finish(struct gsi_run *r, const struct gsi_insn *pi, const uint32_t *res,
		    uint32_t wr);
/* A compare's end: the flag, and all ones / zero in the dst. */
int gsi_fast_cond(struct gsi_run *r, const struct gsi_insn *pi, uint32_t cond, uint32_t wr);
int gsi_program_create(const void *code, size_t size, bool reference,
		       struct gseu_program **out, struct gseu_error *err);

/* interp_exec.c: the generic executors. */
int gsi_exec_alu(struct gsi_run *r, const struct gsi_insn *pi);
int gsi_exec_raw(struct gsi_run *r, const struct gsi_insn *pi);
int gsi_exec_raw_sel(struct gsi_run *r, const struct gsi_insn *pi);
int gsi_exec_fault(struct gsi_run *r, const struct gsi_insn *pi);
uint32_t gsi_emask(const struct gseu_hw_thread *t, const struct gsi_insn *pi);
uint32_t gsi_pmask(const struct gseu_hw_thread *t, const struct gsi_insn *pi);
uint8_t *gsi_arf_base(struct gseu_hw_thread *t, unsigned arf);
unsigned gsi_arf_bytes(unsigned arf);
/* Resolve an operand to base + offsets (indirect: into offbuf). */
int gsi_operand(struct gsi_run *r, const struct gsi_insn *pi,
		const struct gsi_opnd *o, uint8_t **base, const uint16_t **off,
		bool *contig, uint16_t *offbuf);
void gsi_flags_write(struct gseu_hw_thread *t, const struct gsi_insn *pi,
		     uint32_t cond, uint32_t wr);

/* gsi_pmask() with the common case (Align1, normal predicate) inline. */
static inline uint32_t gsi_pmask_fast(const struct gseu_hw_thread *t,
				      const struct gsi_insn *pi)
{
	if (pi->in.pred == GSEU_PRED_NORMAL && pi->in.access == GSEU_ALIGN1) {
		unsigned pos = pi->in.flag_nr * 32u + pi->in.flag_subnr * 16u + pi->c0;

		if (pos < 64) {
			uint64_t f = (t->f.d[0] | (uint64_t)t->f.d[1] << 32) >> pos;

			return ((uint32_t)f ^ (pi->in.pred_inv ? 0xffffffffu : 0)) &
			       pi->lanes;
		}
	}
	return gsi_pmask(t, pi);
}

/*
 * interp_flow.c: the channel-enable model the branch handlers share.
 * Branch masks are thread-wide: bit c is channel c (lane k is c0 + k).
 */
static inline uint32_t gsi_flow_exec(const struct gseu_hw_thread *t,
				     const struct gsi_insn *pi)
{
	return gsi_emask(t, pi) << pi->c0;
}

static inline uint32_t gsi_flow_pred(const struct gseu_hw_thread *t,
				     const struct gsi_insn *pi)
{
	return (pi->in.pred ? gsi_pmask(t, pi) : pi->lanes) << pi->c0;
}

void gsi_park(struct gseu_hw_thread *t, uint32_t m, int64_t target);
void gsi_jump(struct gsi_run *r, int64_t target);
void gsi_converge(struct gsi_run *r, const struct gsi_insn *pi);
int32_t gsi_scalar_d(struct gsi_run *r, const struct gsi_insn *pi,
		     const struct gsi_opnd *o, unsigned dword, int *ret);

/* interp_program.c: predecode-time helpers for check() and link(). */
void gsi_fault(struct gsi_insn *pi, enum gseu_exc e, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
const char *gsi_opname(const struct gsi_insn *pi);
struct gsi_insn *gsi_at_ip(const struct gseu_program *p, int64_t ip);

/* interp_run.c: raise an exception (returns the run status + 1). */
int gsi_raise(struct gsi_run *r, const struct gsi_insn *pi, enum gseu_exc e,
	      const char *fmt, ...) __attribute__((format(printf, 4, 5)));

#define GSI_STOP(status) ((int)(status) + 1)

static inline uint32_t gsi_lanes_mask(unsigned n)
{
	return n >= 32 ? 0xffffffffu : (1u << n) - 1;
}

#endif
