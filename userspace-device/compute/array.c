// SPDX-License-Identifier: MIT
/*
 * The EU array: hardware thread slots laid out by the device's topology,
 * each subslice's 64 KiB of shared local memory and the worker pool (hw-spec-compute "The EU
 * array"; PRM Vol. 2 Part 2 Media and General Purpose Pipeline (Ivy Bridge 2012), 1.5.1.10.2
 * "Shared Local Memory Allocation" SLM per subslice, PRM Vol. 6 3D-Media-GPGPU (Broxton 2017),
 * "Thread Pools" "one group -> one subslice", [PRM-MEDIA] 1.5.1.10.2 "Shared Local Memory
 * Allocation"; [PRM-BXT] "Shared Local Memory" topology).
 *
 * Slots are numbered subslice-major: slot = ss * slots_per_ss + eu *
 * threads + tid, and that number is the thread's FFTID (r0.5[9:0]).
 * gensim: FFTID has 10 bits, so an array whose configuration has more than
 * 1024 hardware threads uses the first 1024 (fewer threads per EU); a real
 * Gen8 has at most 48 EUs x 7 threads = 336.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "compute/array_priv.h"
#include "core/log.h"

const char *gs_eu_status_name(enum gs_eu_status s)
{
	static const char *const names[GS_EU_STATUS_COUNT] = {
		[GS_EU_OK] = "ok",
		[GS_EU_ERR_INVALID] = "invalid dispatch",
		[GS_EU_ERR_BUSY] = "busy",
		[GS_EU_ERR_NOMEM] = "out of memory",
		[GS_EU_ERR_EXCEPTION] = "EU exception",
		[GS_EU_ERR_FAULT] = "memory fault",
		[GS_EU_ERR_UNSUPPORTED] = "unsupported",
		[GS_EU_ERR_MESSAGE] = "bad message",
		[GS_EU_ERR_HANG] = "hang",
		[GS_EU_ERR_ABORTED] = "aborted",
	};

	return (unsigned int)s < GS_EU_STATUS_COUNT ? names[s] : "?";
}

static void free_slots(struct gs_eu_array *a)
{
	if (a->slots)
		for (unsigned int i = 0; i < a->nslots; i++)
			gseu_thread_free(a->slots[i].t);
	free(a->slots);
	if (a->ss)
		for (unsigned int i = 0; i < a->nss; i++)
			free(a->ss[i].slm);
	free(a->ss);
}

static int alloc_slots(struct gs_eu_array *a)
{
	a->ss = calloc(a->nss, sizeof(*a->ss));
	a->slots = calloc(a->nslots, sizeof(*a->slots));
	if (!a->ss || !a->slots)
		return -1;
	for (unsigned int i = 0; i < a->nslots; i++) {
		struct ea_slot *s = &a->slots[i];
		unsigned int in_ss = i % a->slots_per_ss;

		s->t = gseu_thread_new();
		if (!s->t)
			return -1;
		s->t->sfids = &a->sfids;
		s->t->user = s;
		s->fftid = i;
		s->subslice = (uint16_t)(i / a->slots_per_ss);
		s->eu = (uint8_t)(in_ss / a->threads);
		s->tid = (uint8_t)(in_ss % a->threads);
	}
	for (unsigned int i = 0; i < a->nss; i++) {
		a->ss[i].slots = &a->slots[i * a->slots_per_ss];
		a->ss[i].slm = calloc(1, EA_SLM_PER_SS);
		if (!a->ss[i].slm)
			return -1;
	}
	return 0;
}

static unsigned int host_cores(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n < 1 ? 1 : n > 256 ? 256 : (unsigned int)n;
}

struct gs_eu_array *gs_eu_array_create(struct gs_device *dev,
				       const struct gs_eu_array_opts *opts)
{
	const struct gs_config *cfg = &dev->cfg;
	struct gs_eu_array *a = calloc(1, sizeof(*a));
	unsigned int workers = opts && opts->workers ? opts->workers : host_cores();

	if (!a)
		return NULL;
	a->dev = dev;
	a->nss = cfg->slices * cfg->subslices;
	a->eus = cfg->eus;
	a->threads = cfg->threads;
	if (!a->nss || !a->eus || !a->threads) {
		gs_err("EU array: empty topology %u slices x %u subslices x %u EUs x %u threads",
		       cfg->slices, cfg->subslices, cfg->eus, cfg->threads);
		free(a);
		return NULL;
	}
	while (a->nss * a->eus * a->threads > EA_MAX_SLOTS)
		a->threads--;
	if (a->threads != cfg->threads)
		gs_info("EU array: %u threads per EU (FFTID has 10 bits), not %u",
			a->threads, cfg->threads);
	a->slots_per_ss = a->eus * a->threads;
	a->nslots = a->nss * a->slots_per_ss;
	a->slice_insns = opts && opts->slice_insns ? opts->slice_insns : 4096;
	ea_sfid_table_init(&a->sfids, a);
	pthread_mutex_init(&a->lock, NULL);
	pthread_mutex_init(&a->dispatch_lock, NULL);
	pthread_cond_init(&a->work_cv, NULL);
	pthread_cond_init(&a->done_cv, NULL);
	for (unsigned int i = 0; i < EA_ATOMIC_STRIPES; i++)
		pthread_mutex_init(&a->stripes[i], NULL);
	if (alloc_slots(a) || ea_pool_start(a, workers)) {
		gs_err("EU array: out of memory or threads");
		gs_eu_array_destroy(a);
		return NULL;
	}
	return a;
}

void gs_eu_array_destroy(struct gs_eu_array *a)
{
	if (!a)
		return;
	ea_pool_stop(a);
	free_slots(a);
	for (unsigned int i = 0; i < EA_ATOMIC_STRIPES; i++)
		pthread_mutex_destroy(&a->stripes[i]);
	pthread_cond_destroy(&a->done_cv);
	pthread_cond_destroy(&a->work_cv);
	pthread_mutex_destroy(&a->dispatch_lock);
	pthread_mutex_destroy(&a->lock);
	free(a);
}

void gs_eu_array_topology(const struct gs_eu_array *a, struct gs_eu_topology *t)
{
	t->subslices = a->nss;
	t->eus = a->eus;
	t->threads = a->threads;
	t->slots = a->nslots;
	t->workers = a->nworkers;
}

uint64_t gs_eu_array_retired(const struct gs_eu_array *a)
{
	return atomic_load_explicit(&a->retired, memory_order_relaxed);
}

void gs_eu_abort(struct gs_eu_array *a)
{
	pthread_mutex_lock(&a->lock);
	if (a->run && !a->run->stopping && !a->run->finished)
		ea_fail(a, a->run, NULL, GS_EU_ERR_ABORTED, "dispatch aborted (engine reset)");
	pthread_mutex_unlock(&a->lock);
}
