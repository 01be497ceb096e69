/* SPDX-License-Identifier: MIT */
/* Global and local atomics (test_ocl_corpus.c, "atomic"). */
#include "corpus.h"

/* a histogram with atomic_inc */
KATTR kernel void a_histo(global const uint *v, global uint *bins)
{
	atomic_inc(&bins[v[get_global_id(0)] & 63]);
}

/* add, sub, min, max, and, or, xor into a few counters */
KATTR kernel void a_ops(global const int *v, global int *c)
{
	int x = v[get_global_id(0)];

	atomic_add(&c[0], x);
	atomic_sub(&c[1], x >> 4);
	atomic_min(&c[2], x);
	atomic_max(&c[3], x);
	atomic_and(&c[4], x | 0x10000000);
	atomic_or(&c[5], x & 0x0f0f0f0f);
	atomic_xor(&c[6], x);
	atomic_min((global uint *)&c[7], (uint)x);
}

/* cmpxchg loop: a float sum built from compare-and-swap, order-free inputs */
KATTR kernel void a_cmpxchg(global const int *v, global int *c)
{
	int x = v[get_global_id(0)] & 0xff, old, seen = c[0];

	do {
		old = seen;
		seen = atomic_cmpxchg(&c[0], old, old + x);
	} while (seen != old);
	atomic_xchg(&c[1 + (get_global_id(0) & 3)], 7);
}

/* local atomics: per-group counts, then one global add per group */
KATTR kernel void a_local(global const uint *v, global uint *out)
{
	local uint cnt[16];
	size_t l = get_local_id(0);

	if (l < 16)
		cnt[l] = 0;
	barrier(CLK_LOCAL_MEM_FENCE);
	atomic_inc(&cnt[v[get_global_id(0)] & 15]);
	atomic_add(&cnt[(v[get_global_id(0)] >> 8) & 15], 2);
	barrier(CLK_LOCAL_MEM_FENCE);
	if (l < 16)
		atomic_add(&out[l], cnt[l]);
}

/* 64-bit atomic add */
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
KATTR kernel void a_long(global long *sum, global const int *v)
{
	atom_add(sum, (long)v[get_global_id(0)] << 20);
}

/* atomic_inc's return value: each work item gets a unique slot */
KATTR kernel void a_slots(global uint *counter, global uint *slots)
{
	uint s = atomic_inc(counter);

	slots[s] = (uint)get_global_id(0) + 1;
}
