// SPDX-License-Identifier: MIT
/*
 * GPU memory as the shared functions see it: the dispatch's address space
 * through the array's TLB (hw-spec-memory "The walk", "TLB and
 * invalidation"), and the locks that make atomic operations atomic.
 *
 * A failed translation or access stops the message: the fault is recorded
 * in the thread's slot (with the unit's FAULT_SRC_*), the thread takes an
 * exception, the dispatch stops, and gs_eu_dispatch() reports the fault
 * on the dispatch's engine (gs_fault_report).  gs_mem_read/write split at
 * page boundaries and stop at the first page that faults; a write that
 * faults part way has landed up to the fault, as on hardware.
 *
 * Atomics: an atomic read-modify-write takes one of 64 striped mutexes,
 * chosen by the 8-byte granule of its address, so atomics to one location
 * from any worker are serialized, dword and qword (A64 64-bit) alike.  Plain accesses take no lock: kernels that race
 * plain accesses race on hardware too.
 */
#include "compute/array_priv.h"

int ea_gpu_read(struct ea_sf *c, unsigned int src, uint64_t va, void *buf, size_t len)
{
	struct gs_fault f;

	if (!gs_mem_read(c->a->dev, &c->run->space, va, buf, len, &f))
		return 0;
	ea_sf_fault(c, src, &f, c->what);
	return -1;
}

int ea_gpu_write(struct ea_sf *c, unsigned int src, uint64_t va, const void *buf, size_t len)
{
	struct gs_fault f;

	if (!gs_mem_write(c->a->dev, &c->run->space, va, buf, len, &f))
		return 0;
	ea_sf_fault(c, src, &f, c->what);
	return -1;
}

pthread_mutex_t *ea_stripe(struct gs_eu_array *a, uint64_t key)
{
	key >>= 3;	/* 8-byte granules: dword and qword atomics share a lock */
	key ^= key >> 6 ^ key >> 12;
	return &a->stripes[key % EA_ATOMIC_STRIPES];
}
