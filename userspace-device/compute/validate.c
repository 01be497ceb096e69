// SPDX-License-Identifier: MIT
/*
 * Checks a dispatch description before anything runs (hw-spec-compute
 * "The dispatch contract"; PRM Vol. 2 Part 2 Media and General Purpose
 * Pipeline (Ivy Bridge 2012), 1.4.2.4 "GPGPU Mode", 1.5.1.10.2 "Shared
 * Local Memory Allocation" SLM sizes, 1.8.4
 * "INTERFACE_DESCRIPTOR_DATA"; Mesa src/intel/genxml/gen8.xml,
 * INTERFACE_DESCRIPTOR_DATA IDD fields, T12 CURBE slicing, T25, T27,
 * T32).  A description the hardware could not run, or whose result the
 * documents leave undefined, is refused with a message naming the
 * field: the command streamer passes that on as a command error.
 */
#include <stdarg.h>
#include <stdio.h>

#include "compute/array_priv.h"

static int bad(char *why, size_t len, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int bad(char *why, size_t len, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, len, fmt, ap);
	va_end(ap);
	return -1;
}

static bool slm_size_ok(uint32_t size)
{
	switch (size) {
	case 0: case 4096: case 8192: case 16384: case 32768: case 65536:
		return true;
	}
	return false;
}

static int check_group(const struct gs_eu_array *a, const struct gs_eu_dispatch *d,
		       char *why, size_t len)
{
	unsigned int tpg, max;

	if (d->simd != 8 && d->simd != 16 && d->simd != 32)
		return bad(why, len, "SIMD size %u: the walker has 8, 16 or 32", d->simd);
	if (!d->thread_width || !d->thread_height || !d->thread_depth ||
	    d->thread_width > 64 || d->thread_height > 64 || d->thread_depth > 64)
		return bad(why, len, "threads per group %ux%ux%u: each counter counts 1..64",
			   d->thread_width, d->thread_height, d->thread_depth);
	tpg = d->thread_width * d->thread_height * d->thread_depth;
	/* a payload callback's threads are not a walker's SIMD32 group: 64 */
	max = d->simd == 32 && !d->thread_payload ? 32u : 64u;
	if (tpg > max)
		return bad(why, len, "%u threads per group: at most %u at SIMD%u", tpg, max,
			   d->simd);
	if (tpg > a->slots_per_ss)
		return bad(why, len, "%u threads per group do not fit a subslice of %u threads",
			   tpg, a->slots_per_ss);
	if (d->barrier_enable && d->threads_in_group != tpg)
		return bad(why, len,
			   "barrier enabled with %u threads in the group (IDD), but the walker "
			   "dispatches %u per group: the barrier could never complete",
			   d->threads_in_group, tpg);
	if (d->max_threads && d->max_threads < tpg)
		return bad(why, len, "maximum %u threads is less than a group of %u",
			   d->max_threads, tpg);
	if (!slm_size_ok(d->slm_size))
		return bad(why, len, "SLM size %u bytes: 0, 4, 8, 16, 32 or 64 KiB", d->slm_size);
	return 0;
}

static int check_payload(const struct gs_eu_dispatch *d, char *why, size_t len)
{
	unsigned int tpg = d->thread_width * d->thread_height * d->thread_depth;
	uint64_t need;

	if (d->curbe_read_length > 63)
		return bad(why, len, "constant URB read length %u: 0..63 registers",
			   d->curbe_read_length);
	if (1u + d->cross_thread_length + d->curbe_read_length > GSEU_NUM_GRF)
		return bad(why, len, "payload of r0 + %u cross-thread + %u per-thread registers "
			   "exceeds the %u GRFs", d->cross_thread_length, d->curbe_read_length,
			   GSEU_NUM_GRF);
	need = ((uint64_t)d->curbe_read_offset + d->cross_thread_length +
		(uint64_t)tpg * d->curbe_read_length) * 32;
	if ((d->cross_thread_length || d->curbe_read_length) &&
	    (!d->curbe || need > d->curbe_size))
		return bad(why, len, "the threads read %llu bytes of constant data (offset %u "
			   "registers, %u cross-thread, %u x %u per-thread); the CURBE has %u",
			   (unsigned long long)need, d->curbe_read_offset,
			   d->cross_thread_length, tpg, d->curbe_read_length,
			   d->curbe ? d->curbe_size : 0);
	return 0;
}

int ea_validate(const struct gs_eu_array *a, const struct gs_eu_dispatch *d,
		char *why, size_t len)
{
	const struct gs_device *dev = a->dev;

	if (d->engine < 0 || d->engine >= GS_NUM_ENGINES ||
	    !(dev->cfg.engine_mask & BIT(d->engine)))
		return bad(why, len, "engine %d: not an engine of this device", d->engine);
	if (d->space != GS_MEM_GGTT && d->space != GS_MEM_PPGTT)
		return bad(why, len, "address space kind %d: GGTT or PPGTT", (int)d->space);
	if (d->rounding > 3)
		return bad(why, len, "rounding mode %u: 0..3", d->rounding);
	if (d->idd_offset > 63)
		return bad(why, len, "interface descriptor offset %u: 0..63", d->idd_offset);
	if (d->instruction_base + (d->kernel_start & ~63ull) >= (1ull << 48) ||
	    d->kernel_start >= (1ull << 48))
		return bad(why, len, "kernel at %#llx + %#llx is past 48 bits",
			   (unsigned long long)d->instruction_base,
			   (unsigned long long)d->kernel_start);
	if (d->kernel_max_size && (d->kernel_max_size < 16 || d->kernel_max_size > (64u << 20)))
		return bad(why, len, "kernel size bound %u bytes: 16 bytes .. 64 MiB",
			   d->kernel_max_size);
	if (d->thread_payload &&
	    (d->thread_height != 1 || d->thread_depth != 1 || d->dim[1] != 1 || d->dim[2] != 1 ||
	     d->curbe || (d->thread_width != 1 && !d->barrier_enable && !d->slm_size)))
		return bad(why, len, "a payload callback's dispatch runs dim[0] groups of "
			   "thread_width threads, without CURBE; more than one thread a group "
			   "only with a barrier or SLM");
	if ((d->thread_may_issue || d->thread_retired) && !d->thread_payload)
		return bad(why, len, "thread_may_issue and thread_retired need thread_payload");
	if (d->thread_may_issue && d->thread_width != 1)
		return bad(why, len, "thread_may_issue holds single threads: groups of %u "
			   "threads cannot use it", d->thread_width);
	if (check_group(a, d, why, len))
		return -1;
	return check_payload(d, why, len);
}
