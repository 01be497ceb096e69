/* SPDX-License-Identifier: MIT */
/*
 * The EU array: the device's slices, subslices, EUs and hardware threads
 * (from struct gs_config), the shared functions their `send`s reach, and
 * the host worker pool that runs them.  The chapter is
 * Documentation/gpu/gensim/hw-spec-compute.rst.
 *
 * Use (the render command streamer, once per GPGPU_WALKER):
 *
 *   struct gs_eu_array *a = gs_eu_array_create(dev, NULL);  // at start
 *   struct gs_eu_result res;
 *   if (gs_eu_dispatch(a, &desc, &res) != GS_EU_OK)
 *           ... res.msg says what; a fault is already reported ...
 *   gs_eu_abort(a);            // from any thread: engine reset
 *   gs_eu_array_destroy(a);    // at exit
 *
 * One dispatch runs at a time on an array (a second concurrent call gets
 * GS_EU_ERR_BUSY).  gs_eu_abort() may be called from any thread at any
 * time, also with the device's reg_lock held: it only flags the running
 * dispatch, which returns GS_EU_ERR_ABORTED once every worker has left
 * its current run slice.  The array never takes reg_lock while holding
 * its own lock.
 */
#ifndef GSCOMPUTE_EU_ARRAY_H
#define GSCOMPUTE_EU_ARRAY_H

#include <stdint.h>

#include "compute/dispatch.h"

struct gs_device;
struct gs_eu_array;

/*
 * struct gs_eu_array_opts - how the array runs on the host (not hardware)
 * @workers: host threads in the pool; 0: the host's online cores
 * @slice_insns: instructions a worker runs of one hardware thread before
 *	it looks at the queue again (the preemption quantum); 0: 4096
 */
struct gs_eu_array_opts {
	unsigned int workers;
	uint64_t slice_insns;
};

/* Topology as the array uses it (hw-spec-compute "The EU array"). */
struct gs_eu_topology {
	unsigned int subslices;		/* slices x subslices per slice */
	unsigned int eus;		/* per subslice */
	unsigned int threads;		/* per EU */
	unsigned int slots;		/* hardware threads in use, <= 1024 */
	unsigned int workers;
};

struct gs_eu_array *gs_eu_array_create(struct gs_device *dev,
				       const struct gs_eu_array_opts *opts);
void gs_eu_array_destroy(struct gs_eu_array *a);
void gs_eu_array_topology(const struct gs_eu_array *a, struct gs_eu_topology *t);

/*
 * Run one walker dispatch to completion.  Returns res->status (res may
 * not be NULL).  Thread groups are issued in walker order (X fastest) and
 * may complete in any order; results of data-race-free kernels do not
 * depend on the number of workers.
 */
enum gs_eu_status gs_eu_dispatch(struct gs_eu_array *a, const struct gs_eu_dispatch *d,
				 struct gs_eu_result *res);

/* Stop the running dispatch, if any (engine reset). */
void gs_eu_abort(struct gs_eu_array *a);

/*
 * Instructions retired by every thread of every dispatch since the array
 * was created.  Workers add each run slice's count as it ends (one relaxed
 * atomic add per slice, no lock), so a reader sees it grow at least every
 * slice_insns instructions of each running thread.
 */
uint64_t gs_eu_array_retired(const struct gs_eu_array *a);

#endif
