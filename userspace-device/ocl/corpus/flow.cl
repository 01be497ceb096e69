/* SPDX-License-Identifier: MIT */
/* Divergent control flow (test_ocl_corpus.c, "flow"). */
#include "corpus.h"

/* a data-dependent loop with a branch inside */
KATTR kernel void c_loop(global const int *a, global int *b)
{
	int x = a[get_global_id(0)], s = 0;

	for (int i = 0; i < (x & 31); i++) {
		if (i & 1)
			s += i * x;
		else
			s ^= i;
	}
	b[get_global_id(0)] = s;
}

/* nested if/else on each lane's value */
KATTR kernel void c_nested(global const int *a, global int *b)
{
	int x = a[get_global_id(0)], r;

	if (x > 0) {
		if (x & 1)
			r = x * 3;
		else if (x & 2)
			r = x - 100;
		else
			r = -x;
	} else {
		r = x & 0xff;
		if (r > 100)
			r += 1000;
	}
	b[get_global_id(0)] = r;
}

/* switch */
KATTR kernel void c_switch(global const int *a, global int *b)
{
	int x = a[get_global_id(0)], r;

	switch (x & 7) {
	case 0: r = x; break;
	case 1: r = x + 1; break;
	case 2: r = x * 2; break;
	case 3: r = x >> 1; break;
	case 5: r = ~x; break;
	default: r = 42; break;
	}
	b[get_global_id(0)] = r;
}

/* early return of some lanes */
KATTR kernel void c_return(global const int *a, global int *b)
{
	size_t i = get_global_id(0);
	int x = a[i];

	if (x % 3 == 0)
		return;
	b[i] = x * 5;
}

/* break and continue in a loop whose trip count differs by lane */
KATTR kernel void c_break(global const uint *a, global uint *b)
{
	uint x = a[get_global_id(0)], s = 0;

	for (uint i = 0; i < 64; i++) {
		if ((x >> (i & 31)) & 1)
			continue;
		s += i;
		if (s > (x & 0x3ff))
			break;
	}
	b[get_global_id(0)] = s;
}

/* a while loop: Collatz steps, bounded */
KATTR kernel void c_while(global const uint *a, global uint *b)
{
	uint x = (a[get_global_id(0)] & 0xfff) + 1, n = 0;

	while (x != 1 && n < 500) {
		x = (x & 1) ? 3 * x + 1 : x / 2;
		n++;
	}
	b[get_global_id(0)] = n;
}

/* a loop with a barrier inside uniform control flow */
KATTR kernel void c_uniform_barrier(global int *a, local int *t)
{
	size_t l = get_local_id(0), n = get_local_size(0);
	int v = a[get_global_id(0)];

	for (int r = 0; r < 4; r++) {
		t[l] = v;
		barrier(CLK_LOCAL_MEM_FENCE);
		v += t[(l + 1) % n];
		barrier(CLK_LOCAL_MEM_FENCE);
	}
	a[get_global_id(0)] = v;
}
