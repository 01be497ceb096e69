// SPDX-License-Identifier: MIT
/*
 * The helpers every case uses (cases.h): argument buffers, NDRanges,
 * reproducible data.
 */
#include <stdlib.h>
#include <string.h>

#include "cases.h"
#include "tap.h"

static void *alloc3(struct run *r, unsigned int i, size_t bytes, int fill)
{
	CHECK(i < CASE_MAX_ARGS && bytes);
	r->in[i] = malloc(bytes);
	r->want[i] = malloc(bytes);
	r->out[i] = malloc(bytes);
	CHECK(r->in[i] && r->want[i] && r->out[i]);
	if (fill < 0)
		for (size_t b = 0; b < bytes; b++)
			r->in[i][b] = (uint8_t)(rnd(r) >> 24);
	else
		memset(r->in[i], fill, bytes);
	memset(r->out[i], 0x5a, bytes);
	r->arg[i] = (struct gsim_cl_arg){ .kind = GSIM_CL_ARG_BUFFER, .size = bytes,
					  .data = r->in[i], .out = r->out[i] };
	if (i >= r->nargs)
		r->nargs = i + 1;
	return r->in[i];
}

void *arg_buf(struct run *r, unsigned int i, size_t bytes)
{
	return alloc3(r, i, bytes, -1);
}

void *arg_zero(struct run *r, unsigned int i, size_t bytes)
{
	return alloc3(r, i, bytes, 0);
}

void *arg_poison(struct run *r, unsigned int i, size_t bytes)
{
	return alloc3(r, i, bytes, 0xa5);
}

void arg_val(struct run *r, unsigned int i, const void *v, size_t bytes)
{
	CHECK(i < CASE_MAX_ARGS && bytes <= sizeof(r->val[i]));
	memcpy(r->val[i], v, bytes);
	r->arg[i] = (struct gsim_cl_arg){ .kind = GSIM_CL_ARG_VALUE, .size = bytes,
					  .data = r->val[i] };
	if (i >= r->nargs)
		r->nargs = i + 1;
}

void arg_local(struct run *r, unsigned int i, size_t bytes)
{
	CHECK(i < CASE_MAX_ARGS);
	r->arg[i] = (struct gsim_cl_arg){ .kind = GSIM_CL_ARG_LOCAL, .size = bytes };
	if (i >= r->nargs)
		r->nargs = i + 1;
}

void *arg_image(struct run *r, unsigned int i, uint32_t width, uint32_t height,
		uint32_t format, size_t bytes)
{
	void *p = alloc3(r, i, bytes, -1);

	r->arg[i].kind = GSIM_CL_ARG_IMAGE;
	r->arg[i].width = width;
	r->arg[i].height = height;
	r->arg[i].format = format;
	return p;
}

void arg_sampler(struct run *r, unsigned int i, uint32_t bits)
{
	CHECK(i < CASE_MAX_ARGS);
	r->arg[i] = (struct gsim_cl_arg){ .kind = GSIM_CL_ARG_SAMPLER, .sampler = bits };
	if (i >= r->nargs)
		r->nargs = i + 1;
}

void arg_f32_ulp(struct run *r, unsigned int i, uint32_t ulp)
{
	r->cmp[i] = CMP_F32;
	r->ulp[i] = ulp;
}

void arg_f64_ulp(struct run *r, unsigned int i, uint32_t ulp)
{
	r->cmp[i] = CMP_F64;
	r->ulp[i] = ulp;
}

void nd1(struct run *r, uint64_t g, uint64_t l)
{
	r->nd.work_dim = 1;
	r->nd.global_size[0] = g;
	r->nd.local_size[0] = l;
}

void nd2(struct run *r, uint64_t gx, uint64_t gy, uint64_t lx, uint64_t ly)
{
	r->nd.work_dim = 2;
	r->nd.global_size[0] = gx;
	r->nd.global_size[1] = gy;
	r->nd.local_size[0] = lx;
	r->nd.local_size[1] = ly;
}

void nd3(struct run *r, const uint64_t g[3], const uint64_t l[3])
{
	r->nd.work_dim = 3;
	memcpy(r->nd.global_size, g, sizeof(r->nd.global_size));
	memcpy(r->nd.local_size, l, sizeof(r->nd.local_size));
}

uint32_t rnd(struct run *r)
{
	uint64_t s = r->seed ? r->seed : 0x9e3779b97f4a7c15ull;

	s ^= s >> 12;
	s ^= s << 25;
	s ^= s >> 27;
	r->seed = s;
	return (uint32_t)((s * 0x2545f4914f6cdd1dull) >> 32);
}

void fill_u32(struct run *r, uint32_t *p, size_t n, uint32_t mask)
{
	for (size_t i = 0; i < n; i++)
		p[i] = rnd(r) & mask;
}

void fill_i32_range(struct run *r, int32_t *p, size_t n, int32_t lo, int32_t hi)
{
	uint64_t span = (uint64_t)((int64_t)hi - lo) + 1;

	for (size_t i = 0; i < n; i++)
		p[i] = (int32_t)((int64_t)lo + (int64_t)(rnd(r) % span));
}

void fill_f32_range(struct run *r, float *p, size_t n, float lo, float hi)
{
	for (size_t i = 0; i < n; i++)
		p[i] = lo + (hi - lo) * (float)(rnd(r) >> 8) * (1.0f / 16777216.0f);
}

float f32_of(double d)
{
	return (float)d;
}

uint32_t f32_bits(float f)
{
	uint32_t u;

	memcpy(&u, &f, 4);
	return u;
}

float bits_f32(uint32_t u)
{
	float f;

	memcpy(&f, &u, 4);
	return f;
}
