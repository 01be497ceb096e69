/* SPDX-License-Identifier: MIT */
/* Sub-group operations (test_ocl_corpus.c, "subgroup"): a sub-group is
 * one hardware thread's SIMD lanes. */
#include "corpus.h"

#pragma OPENCL EXTENSION cl_intel_subgroups : enable

/* reductions: add, min, max */
KATTR kernel void s_reduce(global const int *a, global int *c)
{
	size_t i = get_global_id(0);
	int x = a[i];

	c[3 * i + 0] = sub_group_reduce_add(x);
	c[3 * i + 1] = sub_group_reduce_min(x);
	c[3 * i + 2] = sub_group_reduce_max(x);
}

/* scans: inclusive and exclusive add */
KATTR kernel void s_scan(global const int *a, global int *c)
{
	size_t i = get_global_id(0);
	int x = a[i];

	c[2 * i + 0] = sub_group_scan_inclusive_add(x);
	c[2 * i + 1] = sub_group_scan_exclusive_add(x);
}

/* broadcast, any, all, and the sub-group IDs */
KATTR kernel void s_ids(global const int *a, global int *c)
{
	size_t i = get_global_id(0);
	int x = a[i];

	c[6 * i + 0] = sub_group_broadcast(x, 1);
	c[6 * i + 1] = sub_group_any(x > 1000);
	c[6 * i + 2] = sub_group_all(x > -1000000);
	c[6 * i + 3] = (int)get_sub_group_local_id();
	c[6 * i + 4] = (int)get_sub_group_id();
	c[6 * i + 5] = (int)get_sub_group_size();
}

/* shuffles: by index, down, up, xor */
KATTR kernel void s_shuffle(global const int *a, global int *c)
{
	size_t i = get_global_id(0);
	int x = a[i];
	uint l = get_sub_group_local_id(), n = get_max_sub_group_size();

	c[4 * i + 0] = intel_sub_group_shuffle(x, (l * 3 + 1) % n);
	c[4 * i + 1] = intel_sub_group_shuffle_down(x, x + 1, 3);
	c[4 * i + 2] = intel_sub_group_shuffle_up(x - 1, x, 2);
	c[4 * i + 3] = intel_sub_group_shuffle_xor(x, 5);
}

/* block read and write: one sub-group of SIMD lanes per row (IGC: "Block
 * reads not supported in SIMD32") */
#if SIMD != 32
KATTR kernel void s_block(global const uint *a, global uint *c)
{
	size_t base = (get_global_id(0) - get_sub_group_local_id());
	uint v = intel_sub_group_block_read(a + base);

	intel_sub_group_block_write(c + base, v * 3u + 1u);
}
#endif

/* float reduction: add order is the hardware's, inputs are small integers */
KATTR kernel void s_fmax(global const float *a, global float *c)
{
	size_t i = get_global_id(0);

	c[2 * i + 0] = sub_group_reduce_max(a[i]);
	c[2 * i + 1] = sub_group_reduce_add(a[i]);
}
