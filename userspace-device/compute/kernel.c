// SPDX-License-Identifier: MIT
/*
 * Fetching the kernel (hw-spec-compute "Kernel fetch"; PRM Vol. 2 Part 2
 * Media and General Purpose Pipeline (Ivy Bridge 2012), 1.8.4
 * "INTERFACE_DESCRIPTOR_DATA": the kernel starts at Instruction Base +
 * KSP[47:6]).
 *
 * A kernel has no length: the hardware fetches instructions as it runs
 * them.  gensim fetches a first window (4 KiB, or up to the first page
 * that does not translate), decodes it once for every thread of the
 * dispatch, and when a thread runs or jumps past the end of what was
 * decoded, fetches four times more (up to kernel_max_size) and lets the
 * thread go on: the interpreter stopped it at an instruction boundary
 * with its state intact (GSEU_EXC_IP, ip = the next instruction), so
 * clearing the exception resumes it exactly there.  Other threads that
 * stopped at the old end resume on the program another thread grew.  Instructions past a
 * fault are never fetched; a thread that reaches that point takes the
 * fault, which is reported like any other (gensim: with SRCID 0, the
 * command streamer's, as the documents give no source ID for the EU's
 * instruction fetch).
 *
 * Called with a->lock held (the fetch reads GPU memory, never reg_lock).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compute/array_priv.h"
#include "core/log.h"

#define FIRST_WINDOW	4096u

/* Read more of the kernel, up to @want bytes in all; stops at a fault. */
static int read_to(struct gs_eu_array *a, struct ea_run *run, uint32_t want)
{
	struct ea_kernel *k = &run->kernel;
	uint8_t *nb;

	if (want > k->max)
		want = k->max;
	if (want <= k->fetched || k->end_fault)
		return 0;
	nb = realloc(k->bytes, want);
	if (!nb)
		return -1;
	k->bytes = nb;
	while (k->fetched < want) {
		uint64_t va = k->va + k->fetched;
		uint32_t n = GS_PAGE_SIZE - (uint32_t)(va & (GS_PAGE_SIZE - 1));

		if (n > want - k->fetched)
			n = want - k->fetched;
		if (gs_mem_read(a->dev, &run->space, va, k->bytes + k->fetched, n, &k->fault)) {
			k->end_fault = true;
			break;
		}
		k->fetched += n;
	}
	return 0;
}

/*
 * Decode what was fetched.  The window may end inside a native
 * instruction (compacted ones shift the 16-byte grid by 8): decode one
 * slot less, the next window completes it.
 */
static int decode(struct ea_run *run)
{
	struct ea_kernel *k = &run->kernel;
	uint32_t size = k->fetched & ~7u;
	struct gseu_program *p = NULL;
	struct gseu_error err;

	for (int tries = 0; tries < 2 && size >= 8; tries++, size -= 8)
		if (!gseu_program_create(k->bytes, size, &p, &err))
			break;
	if (!p)
		return -1;
	if (k->prog) {
		struct gseu_program **o = realloc(k->old, (k->nold + 1) * sizeof(*o));

		if (!o) {
			gseu_program_free(p);
			return -1;
		}
		k->old = o;
		k->old[k->nold++] = k->prog;	/* a worker may still run it */
	}
	k->prog = p;
	k->prog_size = size;
	return 0;
}

int ea_kernel_fetch(struct gs_eu_array *a, struct ea_run *run, char *why, size_t len)
{
	struct ea_kernel *k = &run->kernel;

	k->va = run->d.instruction_base + (run->d.kernel_start & ~63ull);
	k->max = run->d.kernel_max_size ? run->d.kernel_max_size : 1u << 20;
	if (read_to(a, run, FIRST_WINDOW))
		return snprintf(why, len, "out of memory fetching the kernel"), -1;
	if (k->fetched < 8) {
		snprintf(why, len, "kernel fetch at %#llx faulted: %s",
			 (unsigned long long)k->va, gs_fault_type_name(k->fault.type));
		return -2;
	}
	if (decode(run))
		return snprintf(why, len, "out of memory decoding the kernel"), -1;
	return 0;
}

bool ea_kernel_grow(struct gs_eu_array *a, struct ea_run *run, struct ea_slot *s)
{
	struct ea_kernel *k = &run->kernel;
	struct gseu_hw_thread *t = s->t;
	uint32_t want;

	/* only a thread that went past the end of the program it ran */
	if (t->exc != GSEU_EXC_IP || t->ip < s->ran_size || t->ip >= k->max)
		return false;
	if (t->ip >= k->prog_size && !k->end_fault && k->fetched < k->max) {
		want = k->fetched * 4;
		if (want < t->ip + FIRST_WINDOW)
			want = t->ip + FIRST_WINDOW;
		if (read_to(a, run, want) || (k->fetched > k->prog_size && decode(run)))
			return false;
	}
	if (t->ip < k->prog_size) {
		/* resume where the interpreter stopped it */
		t->exc = GSEU_EXC_NONE;
		t->exc_msg[0] = 0;
		return true;
	}
	if (k->end_fault) {
		s->sf_fault = true;
		s->fault = k->fault;
		s->fault_src = FAULT_SRC_CS;
		snprintf(s->sf_msg, sizeof(s->sf_msg),
			 "ip %#x: instruction fetch at %#llx faulted: %s", t->ip,
			 (unsigned long long)k->fault.va, gs_fault_type_name(k->fault.type));
	}
	return false;
}

void ea_kernel_free(struct ea_kernel *k)
{
	for (unsigned int i = 0; i < k->nold; i++)
		gseu_program_free(k->old[i]);
	free(k->old);
	if (k->prog)
		gseu_program_free(k->prog);
	free(k->bytes);
	memset(k, 0, sizeof(*k));
}
