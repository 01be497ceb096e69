// SPDX-License-Identifier: MIT
/*
 * Kernels compiled by Intel's production OpenCL compiler (IGC, through
 * ocloc -device bdw) run on the EU array, bit-exact against C.  The
 * kernels are compute/tests/data/gensim_kernels.cl, built twice (the
 * README there says how): the default build, where IGC turns most global
 * accesses into untyped surface messages through a binding table, and a
 * stateless one (-cl-intel-greater-than-4GB-buffer-required), where every
 * access is an A64 message: dword, qword and byte scattered, A64 atomics.
 *
 * The dispatch is laid out as Intel's runtime (NEO) lays it out for
 * Gen8, from the kernel's patch tokens (igc_bin.h): the walker's indirect
 * data holds the cross-thread data (work sizes, offsets, pointers and
 * scalar arguments at the offsets the tokens give), then each thread's
 * local IDs (one 16-bit ID a lane per dimension; one register per
 * dimension at SIMD8/16, two at SIMD32; one unused register for a kernel
 * without them); the IDD reads both
 * (hw-spec-compute "The thread payload": per-thread registers first for
 * indirect data, which is what IGC's code expects).  Each pointer
 * argument gets its own buffer; the binding table entries follow the
 * kernel's surface state heap.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compute_env.h"
#include "igc_bin.h"
#include "tap.h"

#ifndef CSE_DATA_DIR
#define CSE_DATA_DIR "compute/tests/data"
#endif

#define MAX_ARGS	8

/* One enqueue: global and local sizes, and the arguments by number. */
struct job {
	uint32_t global[3], local[3];
	unsigned int dims;
	uint64_t va[MAX_ARGS];		/* pointer arguments: their buffers */
	uint32_t size[MAX_ARGS];	/* ... and their sizes in bytes */
	uint32_t scalar[MAX_ARGS];	/* 32-bit scalar arguments */
};

static const char *const builds[2] = {
	CSE_DATA_DIR "/gensim_kernels_Gen8core.bin",
	CSE_DATA_DIR "/gensim_kernels_a64_Gen8core.bin",
};

static uint32_t bin_u32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* The cross-thread value of data parameter @p. */
static uint32_t param_value(const struct igc_kernel *k, const struct igc_param *p,
			    const struct job *j)
{
	unsigned int d = p->source_offset / 4;

	CHECK_MSG(p->size == 4, "%s: data parameter %u of %u bytes", k->name, p->type, p->size);
	switch (p->type) {
	case IGC_DP_GLOBAL_WORK_OFFSET:
		return 0;
	case IGC_DP_LOCAL_WORK_SIZE:
	case IGC_DP_ENQUEUED_LOCAL_WORK_SIZE:
		return d < 3 ? j->local[d] : 0;
	case IGC_DP_GLOBAL_WORK_SIZE:
		return d < 3 ? j->global[d] : 0;
	case IGC_DP_NUM_WORK_GROUPS:
		return d < 3 ? j->global[d] / j->local[d] : 0;
	case IGC_DP_WORK_DIMENSIONS:
		return j->dims;
	case IGC_DP_KERNEL_ARGUMENT:
		CHECK(p->arg < MAX_ARGS && p->source_offset == 0);
		return j->scalar[p->arg];
	}
	tap_fail(__FILE__, __LINE__, "%s: data parameter type %u is not handled", k->name,
		 p->type);
}

/*
 * Run kernel @k of the loaded program on @e as NEO would enqueue it.
 * The pointer arguments' buffers must be allocated (j->va) and, for the
 * binding table, no surface created before.
 */
static void enqueue(struct compute_env *e, const struct igc_kernel *k, const struct job *j)
{
	unsigned int simd = k->simd, items = j->local[0] * j->local[1] * j->local[2];
	unsigned int tpg = (items + simd - 1) / simd, ndim = 0, idregs = simd == 32 ? 2 : 1;
	unsigned int cross = (k->ctd_size + 31) / 32, per, rem = items % simd;
	struct gs_eu_dispatch d;
	uint8_t *curbe;
	size_t bytes;

	for (unsigned int i = 0; i < 3; i++)
		if (k->local_id[i])
			ndim = i + 1;
	for (unsigned int i = 0; i < ndim; i++)
		CHECK_MSG(k->local_id[i], "%s: local IDs present are not X, XY or XYZ", k->name);
	/*
	 * NEO reads at least one per-thread register (setGrfInfo: "at least 1
	 * GRF of perThreadData"); IGC marks the kernels that then find an unused
	 * one (UnusedPerThreadConstantPresent).
	 */
	per = ndim * idregs;
	if (!per) {
		CHECK_MSG(k->unused_per_thread, "%s: no per-thread register", k->name);
		per = 1;
	}
	CHECK_MSG(k->indirect_payload, "%s: compiled for a CURBE payload", k->name);
	bytes = (size_t)(cross + tpg * per) * 32;
	curbe = calloc(1, bytes);
	CHECK(curbe);

	/* cross-thread data */
	for (unsigned int i = 0; i < k->nparam; i++) {
		const struct igc_param *p = &k->param[i];
		uint32_t v;

		if (p->type == IGC_DP_BUFFER_STATEFUL)
			continue;	/* "this pointer is also bound": nothing to write */
		CHECK(p->offset + 4 <= cross * 32);
		v = param_value(k, p, j);
		memcpy(curbe + p->offset, &v, 4);
	}
	for (unsigned int i = 0; i < k->nptr; i++) {
		const struct igc_ptr *p = &k->ptr[i];

		CHECK(p->arg < MAX_ARGS && j->va[p->arg] && p->size <= 8);
		CHECK(p->offset + p->size <= cross * 32);
		memcpy(curbe + p->offset, &j->va[p->arg], p->size);	/* little-endian */
	}

	/* per-thread data: local IDs, work item t * simd + lane, X fastest */
	for (unsigned int t = 0; t < tpg; t++)
		for (unsigned int dim = 0; dim < ndim; dim++)
			for (unsigned int l = 0; l < simd; l++) {
				unsigned int w = t * simd + l;
				unsigned int id[3] = {
					w % j->local[0], w / j->local[0] % j->local[1],
					w / (j->local[0] * j->local[1]),
				};
				uint16_t v = (uint16_t)id[dim];

				memcpy(curbe + (cross + t * per + dim * idregs) * 32 + 2 * l, &v, 2);
			}

	/* the binding table: entry i names the surface state of one pointer */
	for (unsigned int i = 0; i < k->bt_count; i++) {
		uint32_t ss = bin_u32(k->ssh + k->bt_offset + 4 * i);
		const struct igc_ptr *p = NULL;

		for (unsigned int a = 0; a < k->nptr; a++)
			if (k->ptr[a].ssh_offset == ss)
				p = &k->ptr[a];
		CHECK_MSG(p, "%s: binding table entry %u (surface state %#x) names no pointer",
			  k->name, i, ss);
		CHECK_EQ(cse_buffer(e, j->va[p->arg], j->size[p->arg]), i);
	}

	cse_desc(e, &d, cse_kernel_bin(e, k->isa, k->isa_size));
	d.simd = simd;
	d.thread_width = tpg;
	for (unsigned int i = 0; i < 3; i++)
		d.dim[i] = j->global[i] / j->local[i];
	d.right_mask = rem ? (1u << rem) - 1 : simd == 32 ? ~0u : (1u << simd) - 1;
	d.curbe = curbe;
	d.curbe_size = (uint32_t)bytes;
	d.cross_thread_length = (uint8_t)cross;
	d.curbe_read_length = (uint16_t)per;
	d.indirect_payload = true;
	d.barrier_enable = k->barriers;
	d.threads_in_group = (uint16_t)tpg;
	cse_ok(e, &d);
	free(curbe);
}

struct prog {
	struct igc_bin bin;
	struct compute_env e;
};

static const struct igc_kernel *start(struct prog *p, unsigned int build, const char *name)
{
	const struct igc_kernel *k;
	char why[256];

	CHECK_MSG(!igc_bin_load(&p->bin, builds[build], why, sizeof(why)), "%s", why);
	k = igc_bin_kernel(&p->bin, name);
	CHECK_MSG(k, "%s: no kernel %s", builds[build], name);
	cse_start(&p->e, 2);
	return k;
}

static void stop(struct prog *p)
{
	cse_stop(&p->e);
	igc_bin_free(&p->bin);
}

/* Pointer argument @arg: a buffer of @bytes, a pattern from @seed (0: zeros). */
static void arg_buffer(struct prog *p, struct job *j, unsigned int arg, uint32_t bytes,
		       uint32_t seed, void *host)
{
	uint8_t *h = host;

	j->va[arg] = cse_alloc(&p->e, bytes);
	j->size[arg] = bytes;
	for (uint32_t i = 0; i < bytes; i++)
		h[i] = seed ? (uint8_t)((i * 2654435761u ^ seed) >> 7) : 0;
	cse_write(&p->e, j->va[arg], h, bytes);
}

/*
 * c[i] = a[i] + b[i] over 960 ints in groups of 48: at SIMD32 the second
 * thread of each group runs 16 lanes (the right mask).
 */
static void vadd(unsigned int build)
{
	enum { N = 960, PAD = 1024 };
	static int32_t a[PAD], b[PAD], c[PAD], c0[PAD];
	const struct igc_kernel *k;
	struct prog p;
	struct job j = { { N, 1, 1 }, { 48, 1, 1 }, 1, { 0 }, { 0 }, { 0 } };

	k = start(&p, build, "vadd");
	arg_buffer(&p, &j, 0, sizeof(a), 1, a);
	arg_buffer(&p, &j, 1, sizeof(b), 2, b);
	arg_buffer(&p, &j, 2, sizeof(c0), 3, c0);
	enqueue(&p.e, k, &j);
	cse_read(&p.e, j.va[2], c, sizeof(c));
	for (unsigned int i = 0; i < PAD; i++) {
		/* past N: the pattern, never written */
		int32_t want = i < N ? (int32_t)((uint32_t)a[i] + (uint32_t)b[i]) : c0[i];

		CHECK_MSG(c[i] == want, "build %u: c[%u] = %#x, want %#x", build, i, c[i], want);
	}
	stop(&p);
}

static void t_vadd(void)
{
	vadd(0);
	vadd(1);
}

/* uchar and short: c[i] = a[i] ^ 0x5a, d[i] = b[i] - 7. */
static void narrow(unsigned int build)
{
	enum { N = 1024 };
	static uint8_t a[N], c[N], c0[N];
	static int16_t b[N], dd[N], d0[N];
	const struct igc_kernel *k;
	struct prog p;
	struct job j = { { N, 1, 1 }, { 64, 1, 1 }, 1, { 0 }, { 0 }, { 0 } };

	k = start(&p, build, "narrow");
	arg_buffer(&p, &j, 0, sizeof(a), 4, a);
	arg_buffer(&p, &j, 1, sizeof(b), 5, b);
	arg_buffer(&p, &j, 2, sizeof(c0), 6, c0);
	arg_buffer(&p, &j, 3, sizeof(d0), 7, d0);
	enqueue(&p.e, k, &j);
	cse_read(&p.e, j.va[2], c, sizeof(c));
	cse_read(&p.e, j.va[3], dd, sizeof(dd));
	for (unsigned int i = 0; i < N; i++) {
		CHECK_MSG(c[i] == (uint8_t)(a[i] ^ 0x5a), "build %u: c[%u] = %#x", build, i, c[i]);
		CHECK_MSG(dd[i] == (int16_t)(b[i] - 7), "build %u: d[%u] = %#x", build, i,
			  (uint16_t)dd[i]);
	}
	stop(&p);
}

static void t_narrow(void)
{
	narrow(0);
	narrow(1);
}

/* int4: c[i] = a[i].wzyx + (1, 2, 3, 4) */
static void vec4(unsigned int build)
{
	enum { N = 256 };
	static int32_t a[4 * N], c[4 * N];
	const struct igc_kernel *k;
	struct prog p;
	struct job j = { { N, 1, 1 }, { 64, 1, 1 }, 1, { 0 }, { 0 }, { 0 } };

	k = start(&p, build, "vec4");
	arg_buffer(&p, &j, 0, sizeof(a), 8, a);
	arg_buffer(&p, &j, 1, sizeof(c), 0, c);
	enqueue(&p.e, k, &j);
	cse_read(&p.e, j.va[1], c, sizeof(c));
	for (unsigned int i = 0; i < N; i++)
		for (unsigned int e = 0; e < 4; e++) {
			int32_t want = (int32_t)((uint32_t)a[4 * i + 3 - e] + e + 1);

			CHECK_MSG(c[4 * i + e] == want, "build %u: c[%u].%u = %#x, want %#x", build,
				  i, e, c[4 * i + e], want);
		}
	stop(&p);
}

static void t_vec4(void)
{
	vec4(0);
	vec4(1);
}

/* long: c[i] = a[i] + (b[i] ^ 0x0123456789abcdef) */
static void ladd(unsigned int build)
{
	enum { N = 512 };
	static uint64_t a[N], b[N], c[N];
	const struct igc_kernel *k;
	struct prog p;
	struct job j = { { N, 1, 1 }, { 64, 1, 1 }, 1, { 0 }, { 0 }, { 0 } };

	k = start(&p, build, "ladd");
	arg_buffer(&p, &j, 0, sizeof(a), 9, a);
	arg_buffer(&p, &j, 1, sizeof(b), 10, b);
	arg_buffer(&p, &j, 2, sizeof(c), 0, c);
	enqueue(&p.e, k, &j);
	cse_read(&p.e, j.va[2], c, sizeof(c));
	for (unsigned int i = 0; i < N; i++) {
		uint64_t want = a[i] + (b[i] ^ 0x0123456789abcdefull);

		CHECK_MSG(c[i] == want, "build %u: c[%u] = %#llx, want %#llx", build, i,
			  (unsigned long long)c[i], (unsigned long long)want);
	}
	stop(&p);
}

static void t_ladd(void)
{
	ladd(0);
	ladd(1);
}

/* atomic_inc of bins[v[i] & 15] for 4096 values, groups of 128 (4 threads) */
static void histo(unsigned int build)
{
	enum { N = 4096 };
	static uint32_t v[N], bins[16], want[16];
	const struct igc_kernel *k;
	struct prog p;
	struct job j = { { N, 1, 1 }, { 128, 1, 1 }, 1, { 0 }, { 0 }, { 0 } };

	k = start(&p, build, "histo");
	arg_buffer(&p, &j, 0, sizeof(v), 11, v);
	arg_buffer(&p, &j, 1, sizeof(bins), 0, bins);
	enqueue(&p.e, k, &j);
	cse_read(&p.e, j.va[1], bins, sizeof(bins));
	memset(want, 0, sizeof(want));
	for (unsigned int i = 0; i < N; i++)
		want[v[i] & 15]++;
	for (unsigned int i = 0; i < 16; i++)
		CHECK_MSG(bins[i] == want[i], "build %u: bin %u = %u, want %u", build, i, bins[i],
			  want[i]);
	stop(&p);
}

static void t_histo(void)
{
	histo(0);
	histo(1);
}

/* 2D: out[y * pitch + x] = y << 16 | x over 64 x 8, groups of 16 x 4 */
static void grid(unsigned int build)
{
	enum { W = 64, H = 8, PITCH = 80 };
	static uint32_t out[PITCH * H];
	const struct igc_kernel *k;
	struct prog p;
	struct job j = { { W, H, 1 }, { 16, 4, 1 }, 2, { 0 }, { 0 }, { 0 } };

	k = start(&p, build, "grid");
	arg_buffer(&p, &j, 0, sizeof(out), 0, out);
	j.scalar[1] = PITCH;
	enqueue(&p.e, k, &j);
	cse_read(&p.e, j.va[0], out, sizeof(out));
	for (unsigned int y = 0; y < H; y++)
		for (unsigned int x = 0; x < PITCH; x++) {
			uint32_t want = x < W ? y << 16 | x : 0;

			CHECK_MSG(out[y * PITCH + x] == want, "build %u: (%u, %u) = %#x, want %#x",
				  build, x, y, out[y * PITCH + x], want);
		}
	stop(&p);
}

static void t_grid(void)
{
	grid(0);
	grid(1);
}

/*
 * Sub-group block read at a + g + 1 (DWord aligned) and write at c + g
 * (OWord aligned), one SIMD16 sub-group a group: A64 OWord block messages.
 */
static void block(unsigned int build)
{
	enum { N = 256, G = 16 };
	static uint32_t a[N + 4], c[N];
	const struct igc_kernel *k;
	struct prog p;
	struct job j = { { N, 1, 1 }, { G, 1, 1 }, 1, { 0 }, { 0 }, { 0 } };

	k = start(&p, build, "block");
	CHECK_EQ(k->simd, 16);
	arg_buffer(&p, &j, 0, sizeof(a), 12, a);
	arg_buffer(&p, &j, 1, sizeof(c), 0, c);
	enqueue(&p.e, k, &j);
	cse_read(&p.e, j.va[1], c, sizeof(c));
	for (unsigned int i = 0; i < N; i++)
		CHECK_MSG(c[i] == (a[i + 1] ^ 0x5a5a5a5au) + 1, "build %u: c[%u] = %#x", build, i,
			  c[i]);
	stop(&p);
}

static void t_block(void)
{
	block(0);
	block(1);
}

/* a 64-bit atomic add of 2048 signed ints into one long, from many threads */
static void lsum(unsigned int build)
{
	enum { N = 2048 };
	static int32_t v[N];
	static int64_t sum[4];
	const struct igc_kernel *k;
	struct prog p;
	struct job j = { { N, 1, 1 }, { 64, 1, 1 }, 1, { 0 }, { 0 }, { 0 } };
	int64_t want;

	k = start(&p, build, "lsum");
	arg_buffer(&p, &j, 0, sizeof(sum), 0, sum);
	arg_buffer(&p, &j, 1, sizeof(v), 13, v);
	sum[0] = want = 0xfffffff0ll;		/* the sum carries across bit 32 */
	cse_write(&p.e, j.va[0], sum, sizeof(sum));
	for (unsigned int i = 0; i < N; i++)
		want += v[i];
	enqueue(&p.e, k, &j);
	cse_read(&p.e, j.va[0], sum, sizeof(sum));
	CHECK_MSG(sum[0] == want, "build %u: sum %#llx, want %#llx", build,
		  (unsigned long long)sum[0], (unsigned long long)want);
	CHECK_EQ(sum[1], 0);
	stop(&p);
}

static void t_lsum(void)
{
	lsum(0);
	lsum(1);
}

int main(void)
{
	tap_run("IGC vadd, SIMD32, partial last thread (surface and A64 dword)", t_vadd);
	tap_run("IGC uchar/short (untyped and A64 byte scattered)", t_narrow);
	tap_run("IGC int4 (untyped 4 channels and A64 dword x4)", t_vec4);
	tap_run("IGC long add (A64 qword read, dword x2 write)", t_ladd);
	tap_run("IGC histogram with atomic_inc (A64 atomics)", t_histo);
	tap_run("IGC 2D grid: local IDs X and Y, a scalar argument", t_grid);
	tap_run("IGC sub-group block read/write (A64 OWord block)", t_block);
	tap_run("IGC 64-bit atomic add (A64 64-bit atomics)", t_lsum);
	return tap_done();
}
