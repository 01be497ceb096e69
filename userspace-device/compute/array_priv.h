/* SPDX-License-Identifier: MIT */
/*
 * Private to the EU array (compute/): hardware thread slots, thread
 * groups, the dispatch in flight, and the shared-function helpers.
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

#define CS_MAX_SLOTS		1024	/* FFTID is r0.5[9:0] */
#define CS_GROUPS_PER_SS	16	/* barriers per subslice (T11) */
#define CS_SLM_PER_SS		(64u * 1024)	/* 64 KiB per subslice (§2.6) */
#define CS_ATOMIC_STRIPES	64

enum cs_slot_state {
	CS_FREE,	/* no thread */
	CS_READY,	/* in the run queue */
	CS_RUNNING,	/* a worker runs it */
	CS_WAITING,	/* blocked in `wait`; a notification requeues it */
	CS_DONE,	/* ended (EOT) */
};

struct cs_run;
struct cs_group;

/* One hardware thread of one EU. */
struct cs_slot {
	struct gseu_hw_thread *t;
	struct cs_run *run;		/* the dispatch it belongs to, when live */
	struct cs_group *grp;
	struct cs_slot *next;		/* run queue link */
	uint32_t fftid;			/* global slot index */
	uint16_t subslice;
	uint8_t eu, tid;
	uint8_t state;			/* enum cs_slot_state */
	uint8_t tig;			/* thread index in its group */
	uint32_t ran_size;		/* prog_size of the program its last slice ran */

	/* Set by a shared function before it answers GSEU_SEND_ERROR. */
	enum gs_eu_status sf_status;
	char sf_msg[224];
	bool sf_fault;
	uint8_t fault_src;		/* FAULT_SRC_* */
	struct gs_fault fault;
};

/* A thread group on a subslice (one of CS_GROUPS_PER_SS places). */
struct cs_group {
	bool busy;
	uint32_t seq;			/* walker order */
	uint32_t id[3];
	uint16_t live;			/* threads not yet ended */
	uint16_t arrived;		/* barrier messages this round */
	uint8_t barrier_id;
	uint32_t slm_off;		/* byte offset in the subslice's SLM */
	uint8_t *slm;			/* slm_size bytes, or NULL */
	struct cs_slot *first;		/* tpg consecutive slots */
};

struct cs_subslice {
	struct cs_slot *slots;		/* slots_per_ss */
	uint8_t *slm;			/* CS_SLM_PER_SS bytes */
	struct cs_group groups[CS_GROUPS_PER_SS];
};

/* The kernel as fetched so far (kernel.c). */
struct cs_kernel {
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
struct cs_run {
	struct gs_eu_dispatch d;	/* a copy; d.curbe points at curbe */
	uint8_t *curbe;
	struct gs_mem_space space;	/* its own TLB: space.tlb */
	struct cs_kernel kernel;

	unsigned int tpg;		/* threads per group */
	unsigned int gps;		/* groups per subslice */
	uint32_t simd_mask;
	uint64_t max_insns;

	/* walker: the next group to issue */
	bool walk_done;
	uint32_t next_id[3];
	uint32_t next_seq;

	/* scheduler */
	struct cs_slot *qhead, *qtail;
	unsigned int running;		/* workers inside a run slice */
	unsigned int live;		/* live threads */
	unsigned int waiting;		/* threads in CS_WAITING */
	unsigned int busy_groups;
	bool stopping;			/* an error or abort: run nothing more */
	bool finished;			/* every group issued and ended */
	unsigned int fault_src;		/* of res.fault, reported at the end */

	struct gs_eu_result res;
};

struct gs_eu_array {
	struct gs_device *dev;
	unsigned int nss, eus, threads, slots_per_ss, nslots;
	struct cs_subslice *ss;
	struct cs_slot *slots;
	uint64_t slice_insns;
	struct gseu_sfid_table sfids;

	pthread_mutex_t lock;
	pthread_cond_t work_cv;		/* workers: something to run, or stop */
	pthread_cond_t done_cv;		/* the dispatcher: finished or stopped */
	struct cs_run *run;		/* NULL when idle */
	bool stop;
	unsigned int nworkers;
	pthread_t *workers;

	pthread_mutex_t dispatch_lock;	/* one dispatch at a time */
	_Atomic uint64_t retired;	/* instructions, all dispatches (no lock) */
	pthread_mutex_t stripes[CS_ATOMIC_STRIPES];	/* atomic RMWs */
};

/* pool.c: the workers */
struct timespec;
void cs_deadline(struct timespec *ts, unsigned int ms);
int cs_pool_start(struct gs_eu_array *a, unsigned int n);
void cs_pool_stop(struct gs_eu_array *a);

/* sched.c: with a->lock held */
void cs_enqueue(struct cs_run *run, struct cs_slot *s);
struct cs_slot *cs_dequeue(struct cs_run *run);
void cs_admit(struct gs_eu_array *a, struct cs_run *run);
void cs_after_slice(struct gs_eu_array *a, struct cs_run *run, struct cs_slot *s,
		    enum gseu_run_status st);
void cs_fail(struct gs_eu_array *a, struct cs_run *run, struct cs_slot *s,
	     enum gs_eu_status status, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
void cs_notify(struct gs_eu_array *a, struct cs_slot *s, unsigned int sub);

/* walker.c */
void cs_walk_first(struct cs_run *run);
void cs_walk_next(struct cs_run *run);
uint32_t cs_thread_mask(const struct cs_run *run, unsigned int tig);
void cs_build_payload(const struct cs_run *run, const struct cs_group *g, struct cs_slot *s);

/* kernel.c */
int cs_kernel_fetch(struct gs_eu_array *a, struct cs_run *run, char *why, size_t len);
bool cs_kernel_grow(struct gs_eu_array *a, struct cs_run *run, struct cs_slot *s);
void cs_kernel_free(struct cs_kernel *k);

/* validate.c */
int cs_validate(const struct gs_eu_array *a, const struct gs_eu_dispatch *d,
		char *why, size_t len);

/* ------------------------------------------------------------------ */
/* Shared functions                                                     */

/* What a handler works on: one send of one thread. */
struct cs_sf {
	struct gs_eu_array *a;
	struct cs_run *run;
	struct cs_slot *s;
	const struct gseu_send_msg *m;
	const char *what;		/* the message's name, for errors */
};

/* sfid.c */
void cs_sfid_table_init(struct gseu_sfid_table *tab, struct gs_eu_array *a);
void cs_sf_init(struct cs_sf *c, void *ctx, struct gseu_hw_thread *t,
		const struct gseu_send_msg *m, const char *what);
enum gseu_send_result cs_sf_error(struct cs_sf *c, enum gs_eu_status st, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
enum gseu_send_result cs_sf_fault(struct cs_sf *c, unsigned int src, const struct gs_fault *f,
				  const char *what);
enum gseu_send_result cs_sf_check_len(struct cs_sf *c, unsigned int mlen, unsigned int rlen);
bool cs_lane(const struct gseu_send_msg *m, unsigned int lane);
uint32_t cs_pdw(const struct gseu_send_msg *m, unsigned int reg, unsigned int lane);
void cs_rdw(const struct gseu_send_msg *m, unsigned int reg, unsigned int lane, uint32_t v);

/* gpumem.c: GPU memory for shared functions; -1 = faulted (recorded) */
int cs_gpu_read(struct cs_sf *c, unsigned int src, uint64_t va, void *buf, size_t len);
int cs_gpu_write(struct cs_sf *c, unsigned int src, uint64_t va, const void *buf, size_t len);
pthread_mutex_t *cs_stripe(struct gs_eu_array *a, uint64_t key);

/* surface.c: binding tables and RENDER_SURFACE_STATE */
enum cs_surf_type {
	CS_SURF_1D = 0, CS_SURF_2D = 1, CS_SURF_3D = 2, CS_SURF_CUBE = 3,
	CS_SURF_BUFFER = 4, CS_SURF_STRBUF = 5, CS_SURF_NULL = 7,
};

struct cs_surface {
	unsigned int type;		/* enum cs_surf_type */
	unsigned int format;		/* 9-bit code */
	uint64_t base;
	uint32_t width, height;		/* texels (2D) */
	uint32_t pitch;			/* bytes per row (2D) / element (buffer) */
	uint64_t size;			/* buffer: bytes */
	unsigned int mip_count, min_lod, tile_mode, depth;
	bool array;
	uint8_t scs[4];			/* shader channel select R, G, B, A */
};

int cs_surface_load(struct cs_sf *c, unsigned int src, unsigned int bti, struct cs_surface *surf);

/* Where a data-port message goes. */
enum cs_target_kind { CS_T_MEM, CS_T_SLM, CS_T_NULL };

struct cs_target {
	enum cs_target_kind kind;
	uint64_t base;			/* CS_T_MEM: GPU address of offset 0 */
	uint64_t size;			/* bytes addressable (bounds) */
	uint8_t *slm;			/* CS_T_SLM */
};

int cs_target_bti(struct cs_sf *c, unsigned int bti, struct cs_target *tg);
void cs_target_a64(struct cs_target *tg);
bool cs_target_in(const struct cs_target *tg, uint64_t off, unsigned int len);
int cs_target_read(struct cs_sf *c, const struct cs_target *tg, uint64_t off, void *buf,
		   unsigned int len);
int cs_target_write(struct cs_sf *c, const struct cs_target *tg, uint64_t off,
		    const void *buf, unsigned int len);
int cs_target_atomic(struct cs_sf *c, const struct cs_target *tg, uint64_t off,
		     unsigned int op, uint32_t src0, uint32_t src1, uint32_t *ret);

/* dp_atomic.c */
struct cs_atomic_op {
	const char *name;
	uint8_t nsrc;			/* payload operands after the address */
	bool ret_new;			/* returns the new value (predec) */
};
extern const struct cs_atomic_op cs_atomic_ops[16];
uint32_t cs_atomic_apply(unsigned int op, uint32_t old, uint32_t src0, uint32_t src1);

/* data port message handlers (dp_*.c), selected by dp_table.c */
typedef enum gseu_send_result (*cs_dp_fn)(struct cs_sf *c, unsigned int type);
enum gseu_send_result cs_dp_untyped_rw(struct cs_sf *c, unsigned int type);
enum gseu_send_result cs_dp_a64_untyped_rw(struct cs_sf *c, unsigned int type);
enum gseu_send_result cs_dp_untyped_atomic(struct cs_sf *c, unsigned int type);
enum gseu_send_result cs_dp_a64_untyped_atomic(struct cs_sf *c, unsigned int type);
enum gseu_send_result cs_dp_byte_scattered(struct cs_sf *c, unsigned int type);
enum gseu_send_result cs_dp_a64_scattered_write(struct cs_sf *c, unsigned int type);
enum gseu_send_result cs_dp_oword_block(struct cs_sf *c, unsigned int type);
enum gseu_send_result cs_dp_fence(struct cs_sf *c, unsigned int type);
enum gseu_send_result cs_dp_media_block(struct cs_sf *c, unsigned int type);

enum gseu_send_result cs_sfid_dc0(void *ctx, struct gseu_hw_thread *t,
				  const struct gseu_send_msg *m);
enum gseu_send_result cs_sfid_dc1(void *ctx, struct gseu_hw_thread *t,
				  const struct gseu_send_msg *m);

/* ts.c, gateway.c, sampler.c */
enum gseu_send_result cs_sfid_ts(void *ctx, struct gseu_hw_thread *t,
				 const struct gseu_send_msg *m);
enum gseu_send_result cs_sfid_gateway(void *ctx, struct gseu_hw_thread *t,
				      const struct gseu_send_msg *m);
enum gseu_send_result cs_sfid_sampler(void *ctx, struct gseu_hw_thread *t,
				      const struct gseu_send_msg *m);

/* formats.c: the surface formats the sampler decodes */
enum cs_fmt_kind { CS_FMT_FLOAT, CS_FMT_UINT, CS_FMT_SINT };

/* One texel as the sampler returns it: floats, or 32-bit integers. */
typedef union { float f[4]; uint32_t u[4]; } cs_texel;

struct cs_format {
	uint16_t code;
	const char *name;
	uint8_t bpp;			/* bytes per texel */
	uint8_t kind;			/* enum cs_fmt_kind: what the sampler returns */
	bool has_alpha;
	/* texel bytes -> RGBA as float (FLOAT) or as 32-bit integers */
	void (*decode)(const uint8_t *p, cs_texel *out);
};

const struct cs_format *cs_format_find(unsigned int code);
float cs_half_to_float(uint16_t h);

/* sampler_state.c */
struct cs_sampler {
	bool disable;
	unsigned int min_filter, mag_filter, mip_filter;
	float lod_bias, min_lod, max_lod;
	bool preclamp;
	unsigned int tc[3];		/* TCX, TCY, TCZ address modes */
	bool unnormalized;
	uint32_t border_ptr;		/* offset from dynamic state base */
};

int cs_sampler_load(struct cs_sf *c, uint32_t ssp, unsigned int index, struct cs_sampler *smp);

/* texel.c */
int cs_texel_fetch(struct cs_sf *c, const struct cs_surface *surf, const struct cs_format *fmt,
		   int x, int y, cs_texel *out);
int cs_sample_2d(struct cs_sf *c, const struct cs_surface *surf, const struct cs_format *fmt,
		 const struct cs_sampler *smp, const cs_texel *border, float u, float v,
		 bool linear, int du, int dv, cs_texel *out);
void cs_texel_defaults(const struct cs_format *fmt, cs_texel *t);

#endif
