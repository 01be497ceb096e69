/* SPDX-License-Identifier: MIT */
/* NDRanges: 1D/2D/3D, partial work-groups, offsets (test_ocl_corpus.c, "ndrange"). */
#include "corpus.h"

/* Every work-item built-in of dimension 0..2, at the item's linear place. */
KATTR kernel void n_builtins(global uint *o)
{
	size_t gx = get_global_id(0) - get_global_offset(0);
	size_t gy = get_global_id(1) - get_global_offset(1);
	size_t gz = get_global_id(2) - get_global_offset(2);
	size_t i = (gz * get_global_size(1) + gy) * get_global_size(0) + gx;
	global uint *p = o + 16 * i;

	p[0] = get_work_dim();
	for (uint d = 0; d < 3; d++) {
		p[1 + 5 * d] = (uint)get_global_id(d);
		p[2 + 5 * d] = (uint)get_local_id(d);
		p[3 + 5 * d] = (uint)get_group_id(d);
		p[4 + 5 * d] = (uint)get_local_size(d);
		p[5 + 5 * d] = (uint)(get_num_groups(d) << 16 | get_enqueued_local_size(d));
	}
}

/* 1D with partial groups: c = a + i */
KATTR kernel void n_1d(global const int *a, global int *c)
{
	size_t i = get_global_id(0);

	c[i] = a[i] + (int)i;
}

/* 2D with partial groups in X and Y */
KATTR kernel void n_2d(global uint *o, uint pitch)
{
	size_t x = get_global_id(0), y = get_global_id(1);

	o[y * pitch + x] = (uint)(y << 16 | x) ^ (uint)get_local_linear_id() << 8;
}

/* 3D with partial groups */
KATTR kernel void n_3d(global uint *o)
{
	size_t x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);
	size_t i = (z * get_global_size(1) + y) * get_global_size(0) + x;

	o[i] = (uint)(z << 20 | y << 10 | x) + (uint)get_group_id(2);
}

/* a global offset: items start at the offset */
KATTR kernel void n_offset(global uint *o)
{
	size_t i = get_global_id(0);

	o[i - get_global_offset(0)] = (uint)(i * 7 + get_local_id(0));
}

/* get_global_linear_id and get_local_linear_id in 2D */
KATTR kernel void n_linear(global uint *o)
{
	size_t i = get_global_linear_id();

	o[2 * i] = (uint)get_local_linear_id();
	o[2 * i + 1] = (uint)(get_group_id(0) + 100 * get_group_id(1));
}
