/* SPDX-License-Identifier: MIT */
/*
 * Private to the EU array (compute/; names start with ea_): hardware
 * thread slots, thread groups, the dispatch in flight, and the
 * shared-function helpers.
 * Documentation/gpu/gensim/hw-spec-compute.rst describes the model.
 *
 * Locking: gs_eu_array.lock protects the run queue, slot states, group
 * states and the dispatch's counters and result.  A worker holds it only
 * between run slices, never while a hardware thread runs and never while
 * it calls into the device: the one fault a dispatch reports goes to
 * gs_fault_report() (which takes reg_lock) from gs_eu_dispatch() once the
 * workers are out, so gs_eu_abort() may be called with reg_lock held.  The registers of a
 * slot belong to the worker that popped it until it is handed back.
 */
#ifndef GS_COMPUTE_PRIV_H
#define GS_COMPUTE_PRIV_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "compute/eu_array.h"
#include "core/device.h"
#include "core/hw.h"
#include "mem/mem.h"
#include "gseu/eu_thread.h"

#define EA_MAX_SLOTS		1024	/* FFTID is r0.5[9:0] */
#define EA_GROUPS_PER_SS	16	/* barriers per subslice (T11) */
#define EA_SLM_PER_SS		(64u * 1024)	/* [PRM-MEDIA] 1.7.1.5: 64 KiB */
#define EA_ATOMIC_STRIPES	64
#define EA_WAKE_SLICE		8	/* the first slice after a wake-up (pool.c) */

enum ea_slot_state {
	EA_FREE,	/* no thread */
	EA_READY,	/* in the run queue */
	EA_RUNNING,	/* a worker runs it */
	EA_WAITING,	/* blocked in `wait`; a notification requeues it */
	EA_DONE,	/* ended (EOT) */
};

struct ea_run;
struct ea_group;

/* One hardware thread of one EU. */
struct ea_slot {
	struct gseu_hw_thread *t;
	struct ea_run *run;		/* the dispatch it belongs to, when live */
	struct ea_group *grp;
	struct ea_slot *next;		/* run queue link */
	uint32_t fftid;			/* global slot index */
	uint16_t subslice;
	uint8_t eu, tid;
	uint8_t state;			/* enum ea_slot_state */
	uint8_t tig;			/* thread index in its group */
	uint32_t ran_size;		/* prog_size of the program its last slice ran */
	uint32_t slice;			/* its next slice after a wake-up (pool.c), 0: the array's */

	/* Set by a shared function before it answers GSEU_SEND_ERROR. */
	enum gs_eu_status sf_status;
	char sf_msg[224];
	bool sf_fault;
	uint8_t fault_src;		/* FAULT_SRC_* */
	struct gs_fault fault;
};

/* A thread group on a subslice (one of EA_GROUPS_PER_SS places). */
struct ea_group {
	bool busy;
	uint32_t seq;			/* walker order */
	uint32_t id[3];
	uint16_t live;			/* threads not yet ended */
	uint16_t arrived;		/* barrier messages this round */
	uint8_t barrier_id;
	uint32_t slm_off;		/* byte offset in the subslice's SLM */
	uint8_t *slm;			/* slm_size bytes, or NULL */
	struct ea_slot *first;		/* tpg consecutive slots */
};

struct ea_subslice {
	struct ea_slot *slots;		/* slots_per_ss */
	uint8_t *slm;			/* EA_SLM_PER_SS bytes */
	struct ea_group groups[EA_GROUPS_PER_SS];
};

/* The kernel as fetched so far (kernel.c). */
struct ea_kernel {
	uint64_t va;			/* instruction_base + KSP */
	uint32_t max;			/* kernel_max_size */
	uint32_t fetched;		/* bytes read from memory */
	bool end_fault;			/* reading stopped at a fault */
	struct gs_fault fault;		/* ... this one */
	uint8_t *bytes;
	struct gseu_program *prog;	/* decodes bytes[0, prog_size) */
	uint32_t prog_size;
	struct gseu_program **old;	/* earlier programs, freed at the end */
	unsigned int nold;
};

/* The dispatch in flight. */
struct ea_run {
	struct gs_eu_dispatch d;	/* a copy; d.curbe points at curbe */
	uint8_t *curbe;
	struct gs_mem_space space;	/* its own TLB: space.tlb */
	struct ea_kernel kernel;

	unsigned int tpg;		/* threads per group */
	unsigned int gps;		/* groups per subslice */
	uint32_t simd_mask;
	uint64_t max_insns;

	/* walker: the next group to issue */
	bool walk_done;
	uint32_t next_id[3];
	uint32_t next_seq;

	/* scheduler */
	struct ea_slot *qhead, *qtail;
	unsigned int running;		/* workers inside a run slice */
	unsigned int live;		/* live threads */
	unsigned int waiting;		/* threads in EA_WAITING */
	unsigned int busy_groups;
	bool stopping;			/* an error or abort: run nothing more */
	bool finished;			/* every group issued and ended */
	unsigned int fault_src;		/* of res.fault, reported at the end */

	struct gs_eu_result res;
};

struct gs_eu_array {
	struct gs_device *dev;
	unsigned int nss, eus, threads, slots_per_ss, nslots;
	struct ea_subslice *ss;
	struct ea_slot *slots;
	uint64_t slice_insns;
	struct gseu_sfid_table sfids;

	pthread_mutex_t lock;
	pthread_cond_t work_cv;		/* workers: something to run, or stop */
	pthread_cond_t done_cv;		/* the dispatcher: finished or stopped */
	struct ea_run *run;		/* NULL when idle */
	bool stop;
	unsigned int nworkers;
	pthread_t *workers;

	pthread_mutex_t dispatch_lock;	/* one dispatch at a time */
	_Atomic uint64_t retired;	/* instructions, all dispatches (no lock) */
	pthread_mutex_t stripes[EA_ATOMIC_STRIPES];	/* atomic RMWs */
};

/* pool.c: the workers */
struct timespec;
void ea_deadline(struct timespec *ts, unsigned int ms);
int ea_pool_start(struct gs_eu_array *a, unsigned int n);
void ea_pool_stop(struct gs_eu_array *a);

/* sched.c: with a->lock held */
void ea_enqueue(struct ea_run *run, struct ea_slot *s);
struct ea_slot *ea_dequeue(struct ea_run *run);
void ea_admit(struct gs_eu_array *a, struct ea_run *run);
void ea_after_slice(struct gs_eu_array *a, struct ea_run *run, struct ea_slot *s,
		    enum gseu_run_status st);
void ea_fail(struct gs_eu_array *a, struct ea_run *run, struct ea_slot *s,
	     enum gs_eu_status status, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
void ea_notify(struct gs_eu_array *a, struct ea_slot *s, unsigned int sub);

/* walker.c */
void ea_walk_first(struct ea_run *run);
void ea_walk_next(struct ea_run *run);
uint32_t ea_thread_mask(const struct ea_run *run, unsigned int tig);
void ea_build_payload(const struct ea_run *run, const struct ea_group *g, struct ea_slot *s);

/* kernel.c */
int ea_kernel_fetch(struct gs_eu_array *a, struct ea_run *run, char *why, size_t len);
bool ea_kernel_grow(struct gs_eu_array *a, struct ea_run *run, struct ea_slot *s);
void ea_kernel_free(struct ea_kernel *k);

/* validate.c */
int ea_validate(const struct gs_eu_array *a, const struct gs_eu_dispatch *d,
		char *why, size_t len);

/* ------------------------------------------------------------------ */
/* Shared functions                                                     */

/* What a handler works on: one send of one thread. */
struct ea_sf {
	struct gs_eu_array *a;
	struct ea_run *run;
	struct ea_slot *s;
	const struct gseu_send_msg *m;
	const char *what;		/* the message's name, for errors */
};

/* sfid.c */
void ea_sfid_table_init(struct gseu_sfid_table *tab, struct gs_eu_array *a);
void ea_sf_init(struct ea_sf *c, void *ctx, struct gseu_hw_thread *t,
		const struct gseu_send_msg *m, const char *what);
enum gseu_send_result ea_sf_error(struct ea_sf *c, enum gs_eu_status st, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
enum gseu_send_result ea_sf_fault(struct ea_sf *c, unsigned int src, const struct gs_fault *f,
				  const char *what);
enum gseu_send_result ea_sf_check_len(struct ea_sf *c, unsigned int mlen, unsigned int rlen);
bool ea_lane(const struct gseu_send_msg *m, unsigned int lane);
uint32_t ea_pdw(const struct gseu_send_msg *m, unsigned int reg, unsigned int lane);
void ea_rdw(const struct gseu_send_msg *m, unsigned int reg, unsigned int lane, uint32_t v);
uint64_t ea_paddr(const struct gseu_send_msg *m, unsigned int reg, unsigned int lane);

/* gpumem.c: GPU memory for shared functions; -1 = faulted (recorded) */
int ea_gpu_read(struct ea_sf *c, unsigned int src, uint64_t va, void *buf, size_t len);
int ea_gpu_write(struct ea_sf *c, unsigned int src, uint64_t va, const void *buf, size_t len);
pthread_mutex_t *ea_stripe(struct gs_eu_array *a, uint64_t key);

/* surface.c: binding tables and RENDER_SURFACE_STATE */
enum ea_surf_type {
	EA_SURF_1D = 0, EA_SURF_2D = 1, EA_SURF_3D = 2, EA_SURF_CUBE = 3,
	EA_SURF_BUFFER = 4, EA_SURF_STRBUF = 5, EA_SURF_NULL = 7,
};

struct ea_surface {
	unsigned int type;		/* enum ea_surf_type */
	unsigned int format;		/* 9-bit code */
	uint64_t base;
	uint32_t width, height;		/* texels (2D) */
	uint32_t pitch;			/* bytes per row (2D) / element (buffer) */
	uint64_t size;			/* buffer: bytes */
	unsigned int mip_count, min_lod, tile_mode, depth;
	bool array;
	uint8_t scs[4];			/* shader channel select R, G, B, A */
	uint8_t samples;		/* Number of Multisamples (log2) */
	uint8_t x_offset, y_offset;	/* X/Y Offset (4 and 2 pixel units) */
};

int ea_surface_load(struct ea_sf *c, unsigned int src, unsigned int bti, struct ea_surface *surf);

/* Where a data-port message goes. */
enum ea_target_kind { EA_T_MEM, EA_T_SLM, EA_T_NULL };

struct ea_target {
	enum ea_target_kind kind;
	uint64_t base;			/* EA_T_MEM: GPU address of offset 0 */
	uint64_t size;			/* bytes addressable (bounds) */
	uint8_t *slm;			/* EA_T_SLM */
};

int ea_target_bti(struct ea_sf *c, unsigned int bti, struct ea_target *tg);
int ea_target_a64(struct ea_sf *c, bool block, struct ea_target *tg);
int ea_a64_aligned(struct ea_sf *c, unsigned int areg, unsigned int lanes, unsigned int align);
bool ea_target_in(const struct ea_target *tg, uint64_t off, unsigned int len);
int ea_target_read(struct ea_sf *c, const struct ea_target *tg, uint64_t off, void *buf,
		   unsigned int len);
int ea_target_write(struct ea_sf *c, const struct ea_target *tg, uint64_t off,
		    const void *buf, unsigned int len);
int ea_target_atomic(struct ea_sf *c, const struct ea_target *tg, uint64_t off,
		     unsigned int op, unsigned int size, uint64_t src0, uint64_t src1,
		     uint64_t *ret);

/* dp_atomic.c */
struct ea_atomic_op {
	const char *name;
	uint8_t nsrc;			/* payload operands after the address */
	bool ret_new;			/* returns the new value (predec) */
};
extern const struct ea_atomic_op ea_atomic_ops[16];
uint64_t ea_atomic_apply(unsigned int op, unsigned int size, uint64_t old, uint64_t src0,
			 uint64_t src1);

/* data port message handlers (dp_*.c), selected by dp_table.c */
typedef enum gseu_send_result (*ea_dp_fn)(struct ea_sf *c, unsigned int type);
enum gseu_send_result ea_dp_untyped_rw(struct ea_sf *c, unsigned int type);
enum gseu_send_result ea_dp_a64_untyped_rw(struct ea_sf *c, unsigned int type);
enum gseu_send_result ea_dp_untyped_atomic(struct ea_sf *c, unsigned int type);
enum gseu_send_result ea_dp_a64_untyped_atomic(struct ea_sf *c, unsigned int type);
enum gseu_send_result ea_dp_byte_scattered(struct ea_sf *c, unsigned int type);
enum gseu_send_result ea_dp_a64_scattered(struct ea_sf *c, unsigned int type);
enum gseu_send_result ea_dp_oword_block(struct ea_sf *c, unsigned int type);
enum gseu_send_result ea_dp_a64_block(struct ea_sf *c, unsigned int type);
unsigned int ea_oword_block_regs(unsigned int bs);
int ea_oword_block_move(struct ea_sf *c, const struct ea_target *tg, uint64_t off,
			unsigned int bs, bool write);
enum gseu_send_result ea_dp_scratch(struct ea_sf *c, unsigned int type);
enum gseu_send_result ea_dp_fence(struct ea_sf *c, unsigned int type);
enum gseu_send_result ea_dp_media_block(struct ea_sf *c, unsigned int type);
enum gseu_send_result ea_dp_typed(struct ea_sf *c, unsigned int type);

enum gseu_send_result ea_sfid_dc0(void *ctx, struct gseu_hw_thread *t,
				  const struct gseu_send_msg *m);
enum gseu_send_result ea_sfid_dc1(void *ctx, struct gseu_hw_thread *t,
				  const struct gseu_send_msg *m);

/* ts.c, gateway.c, sampler.c */
enum gseu_send_result ea_sfid_ts(void *ctx, struct gseu_hw_thread *t,
				 const struct gseu_send_msg *m);
enum gseu_send_result ea_sfid_gateway(void *ctx, struct gseu_hw_thread *t,
				      const struct gseu_send_msg *m);
enum gseu_send_result ea_sfid_sampler(void *ctx, struct gseu_hw_thread *t,
				      const struct gseu_send_msg *m);

/* urb_msg.c, dp_rc.c: the 3D pipeline's messages (hw-spec-3d) */
enum gseu_send_result ea_sfid_urb(void *ctx, struct gseu_hw_thread *t,
				  const struct gseu_send_msg *m);
enum gseu_send_result ea_sfid_rc(void *ctx, struct gseu_hw_thread *t,
				 const struct gseu_send_msg *m);

/* formats.c: the surface formats the sampler decodes */
enum ea_fmt_kind { EA_FMT_FLOAT, EA_FMT_UINT, EA_FMT_SINT };

/* One texel as the sampler returns it: floats, or 32-bit integers. */
typedef union { float f[4]; uint32_t u[4]; } ea_texel;

struct ea_format {
	uint16_t code;
	const char *name;
	uint8_t bpp;			/* bytes per texel */
	uint8_t kind;			/* enum ea_fmt_kind: what the sampler returns */
	bool has_alpha;
	uint8_t channels;		/* 1 R, 2 RG, 3 RGB, 4 RGBA (in any order) */
	/* texel bytes -> RGBA as float (FLOAT) or as 32-bit integers */
	void (*decode)(const uint8_t *p, ea_texel *out);
	/* RGBA -> texel bytes (typed writes); NULL: not implemented */
	void (*encode)(const ea_texel *in, uint8_t *p);
};

const struct ea_format *ea_format_find(unsigned int code);
float ea_half_to_float(uint16_t h);

/* sampler_state.c */
struct ea_sampler {
	bool disable;
	unsigned int min_filter, mag_filter, mip_filter;
	float lod_bias, min_lod, max_lod;
	bool preclamp;
	unsigned int tc[3];		/* TCX, TCY, TCZ address modes */
	bool unnormalized;
	uint32_t border_ptr;		/* offset from dynamic state base */
	bool border_dx9;		/* DW0 29: the border colour for every channel */
};

int ea_sampler_load(struct ea_sf *c, uint32_t ssp, unsigned int index, struct ea_sampler *smp);

/* texel.c */
int ea_texel_fetch(struct ea_sf *c, const struct ea_surface *surf, const struct ea_format *fmt,
		   int x, int y, ea_texel *out);
int ea_sample_2d(struct ea_sf *c, const struct ea_surface *surf, const struct ea_format *fmt,
		 const struct ea_sampler *smp, const ea_texel *border, float u, float v,
		 bool linear, int du, int dv, ea_texel *out);
void ea_texel_defaults(const struct ea_format *fmt, ea_texel *t);

#endif
