/* SPDX-License-Identifier: MIT */
/*
 * One corpus kernel's test case: how to call it (setup: arguments, the
 * NDRange) and what it must compute (ref: a C reference implementation
 * writing the expected contents of every buffer).  test_ocl_corpus runs
 * the kernel and compares every buffer with the reference, bit for bit,
 * or for float results within the ULP bound the case sets: the OpenCL C
 * specification's for full-precision built-ins ("The OpenCL C
 * Specification", 7.4 "Relative Error as ULPs"), 1 ulp for native_*
 * (gensim's math box is the host's float libm, eu-interpreter.rst
 * "Choices where the documents are silent").
 */
#ifndef OCL_CASES_H
#define OCL_CASES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <gensim/ocl.h>

#define CASE_MAX_ARGS	16

enum cmp {
	CMP_EXACT = 0,		/* every byte */
	CMP_F32,		/* floats within @ulp of the reference */
	CMP_F64,		/* doubles within @ulp */
	CMP_CUSTOM,		/* the case's check() says */
};

struct run {
	unsigned int simd;		/* the kernel's SIMD width: its sub-group size */
	bool stateless;
	struct gsim_cl_ndrange nd;
	unsigned int nargs;
	struct gsim_cl_arg arg[CASE_MAX_ARGS];
	uint8_t *in[CASE_MAX_ARGS];	/* a buffer's initial contents */
	uint8_t *want[CASE_MAX_ARGS];	/* ... what the reference says it ends as */
	uint8_t *out[CASE_MAX_ARGS];	/* ... what the kernel left */
	uint8_t val[CASE_MAX_ARGS][64];	/* by-value arguments */
	uint8_t cmp[CASE_MAX_ARGS];
	uint32_t ulp[CASE_MAX_ARGS];
	uint64_t seed;
	double worst_ulp;		/* the largest float difference seen */
	/* set by a case that cannot check all it asks for yet: a run that
	 * succeeds fails, naming this, so that the case gets finished */
	const char *cannot_check;
};

struct ocl_case {
	const char *kernel;
	void (*setup)(struct run *r);
	void (*ref)(struct run *r);
	/* for CMP_CUSTOM buffers: true if r->out is right, else why */
	bool (*check)(const struct run *r, char *why, size_t len);
};

#define CASE(k, s, r)	{ (k), (s), (r), NULL }
#define CASE_END	{ NULL, NULL, NULL, NULL }

/* Arguments, in order of their index. */
void *arg_buf(struct run *r, unsigned int i, size_t bytes);	/* in = want: random bytes */
void *arg_zero(struct run *r, unsigned int i, size_t bytes);	/* zeros */
void *arg_poison(struct run *r, unsigned int i, size_t bytes);	/* 0xa5 bytes: unwritten shows */
void arg_val(struct run *r, unsigned int i, const void *v, size_t bytes);
void arg_local(struct run *r, unsigned int i, size_t bytes);
/* A linear 2D image (random pixels, compared like a buffer); a sampler. */
void *arg_image(struct run *r, unsigned int i, uint32_t width, uint32_t height,
		uint32_t format, size_t bytes);
void arg_sampler(struct run *r, unsigned int i, uint32_t bits);
void arg_f32_ulp(struct run *r, unsigned int i, uint32_t ulp);
void arg_f64_ulp(struct run *r, unsigned int i, uint32_t ulp);

/* The NDRange: 1, 2 or 3 dimensions. */
void nd1(struct run *r, uint64_t g, uint64_t l);
void nd2(struct run *r, uint64_t gx, uint64_t gy, uint64_t lx, uint64_t ly);
void nd3(struct run *r, const uint64_t g[3], const uint64_t l[3]);

/* Reproducible data (xorshift64* from the case's seed). */
uint32_t rnd(struct run *r);
void fill_u32(struct run *r, uint32_t *p, size_t n, uint32_t mask);
void fill_i32_range(struct run *r, int32_t *p, size_t n, int32_t lo, int32_t hi);
void fill_f32_range(struct run *r, float *p, size_t n, float lo, float hi);

/* The reference's typed views of buffer @i. */
#define IN(r, i, T)	((const T *)(r)->in[i])
#define WANT(r, i, T)	((T *)(r)->want[i])
#define VAL(r, i, T)	(*(const T *)(r)->val[i])

/* Work items of the NDRange, as the reference walks them. */
static inline uint64_t gsize(const struct run *r, unsigned int d)
{
	return d < r->nd.work_dim ? r->nd.global_size[d] : 1;
}

static inline uint64_t lsize(const struct run *r, unsigned int d)
{
	return d < r->nd.work_dim ? r->nd.local_size[d] : 1;
}

/* Float helpers: the correctly rounded float of a double, and bits. */
float f32_of(double d);
uint32_t f32_bits(float f);
float bits_f32(uint32_t u);

extern const struct ocl_case cases_float[], cases_int[], cases_atomic[], cases_local[],
	cases_vector[], cases_subgroup[], cases_ndrange[], cases_flow[], cases_misc[],
	cases_image[], cases_apps[], cases_builtins2[], cases_mathfn[],
	cases_misc2[], cases_indep[];

#endif
