// SPDX-License-Identifier: MIT
/*
 * The in-process backend's device: start the model behind a loopback
 * channel, answer the queries from its configuration as the driver
 * answers them from the device's registers, and keep the objects by id.
 * Only in the static library (libgensim.mk): it needs libgsdev.a.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "core/config.h"
#include "core/device.h"
#include "core/log.h"
#include "device/loopback.h"
#include "inproc.h"

#define ALLOC_BASE	0x10000000ull		/* window pages, far from 0 */
#define GGTT_BASE	0x00100000ull		/* a GGTT address 0 must fault */

int ip_table_add(struct ip_table *t, void *obj, uint32_t *id)
{
	uint32_t i;

	for (i = 0; i < t->n && t->slot[i]; i++)
		;
	if (i == t->n) {
		uint32_t n = t->n ? 2 * t->n : 16;
		void **s = realloc(t->slot, n * sizeof(*s));

		if (!s)
			return lgsim_fail(-ENOMEM, "out of memory");
		memset(s + t->n, 0, (n - t->n) * sizeof(*s));
		t->slot = s;
		t->n = n;
	}
	t->slot[i] = obj;
	*id = i + 1;
	return 0;
}

void *ip_table_get(const struct ip_table *t, uint32_t id)
{
	return id && id <= t->n ? t->slot[id - 1] : NULL;
}

void *ip_table_remove(struct ip_table *t, uint32_t id)
{
	void *obj = ip_table_get(t, id);

	if (obj)
		t->slot[id - 1] = NULL;
	return obj;
}

static int query_version(struct gsim_device *dev, struct gsim_version *v)
{
	(void)dev;
	v->major = GSIM_VERSION_MAJOR;
	v->minor = GSIM_VERSION_MINOR;
	strcpy(v->name, "gensim-inprocess");
	strcpy(v->desc, "the gensim device model in this process (libgensim)");
	return 0;
}

/* What gensim_query.c reports, from the configuration the device's fuses come from. */
static int query_device(struct gsim_device *dev, struct gsim_device_info *info)
{
	const struct gs_config *c = &ip_of(dev)->dev->cfg;

	info->vendor_id = 0x8086;
	info->device_id = c->device_id;
	info->revision = c->revision;
	info->engine_mask = c->engine_mask;
	info->slice_mask = (1u << c->slices) - 1;
	info->subslice_mask = (1u << c->subslices) - 1;
	info->eu_total = c->slices * c->subslices * c->eus;
	info->threads_per_eu = c->threads;
	info->va_bits = 48;
	info->page_sizes = LGSIM_PAGE;
	info->ggtt_size = (1ull << 20 << c->ggms) / 8 * LGSIM_PAGE;
	info->va_start = IP_VA_START;
	info->va_end = IP_VA_END;
	return 0;
}

static int query_engines(struct gsim_device *dev, struct gsim_engine_info *e, uint32_t max,
			 uint32_t *count)
{
	static const uint16_t engine_class[GS_NUM_ENGINES] = {
		[GS_RCS] = GSIM_ENGINE_CLASS_RENDER, [GS_BCS] = GSIM_ENGINE_CLASS_COPY,
		[GS_VCS] = GSIM_ENGINE_CLASS_VIDEO, [GS_VECS] = GSIM_ENGINE_CLASS_VIDEO_ENHANCE,
	};
	uint32_t n = 0;

	for (int id = 0; id < GS_NUM_ENGINES; id++) {
		if (!(ip_of(dev)->engine_mask & (1u << id)))
			continue;
		if (n < max) {
			e[n].engine_class = engine_class[id];
			strcpy(e[n].name, ip_engine_name[id]);
		}
		n++;
	}
	*count = n;
	return 0;
}

/* What the kernel does when the file closes: every object goes. */
static void free_all(struct inproc *ip)
{
	for (uint32_t i = 0; i < ip->queues.n; i++)
		if (ip->queues.slot[i])
			ip_queue_free(ip, ip->queues.slot[i]);
	for (uint32_t i = 0; i < ip->vms.n; i++)
		if (ip->vms.slot[i])
			ip_vm_put(ip, ip->vms.slot[i]);
	for (uint32_t i = 0; i < ip->bos.n; i++)
		if (ip->bos.slot[i])
			ip_bo_put(ip, ip->bos.slot[i]);
	for (uint32_t i = 0; i < ip->syncobjs.n; i++)
		free(ip->syncobjs.slot[i]);
	free(ip->queues.slot);
	free(ip->vms.slot);
	free(ip->bos.slot);
	free(ip->syncobjs.slot);
	free(ip->window.free);
	free(ip->ggtt.free);
}

static void inproc_close(struct gsim_device *dev)
{
	struct inproc *ip = ip_of(dev);

	if (!ip)
		return;
	if (ip->dev)
		free_all(ip);
	if (ip->loop)
		gs_loop_destroy(ip->loop);
	pthread_mutex_destroy(&ip->lock);
	free(ip);
}

static const struct lgsim_ops inproc_ops = {
	.close = inproc_close,
	.query_version = query_version,
	.query_device = query_device,
	.query_engines = query_engines,
	.bo_create = ip_bo_create,
	.bo_mmap = ip_bo_mmap,
	.bo_munmap = ip_bo_munmap,
	.bo_close = ip_bo_close,
	.vm_create = ip_vm_create,
	.vm_destroy = ip_vm_destroy,
	.vm_bind = ip_vm_bind,
	.queue_create = ip_queue_create,
	.queue_destroy = ip_queue_destroy,
	.queue_get_state = ip_queue_get_state,
	.syncobj_create = ip_syncobj_create,
	.syncobj_destroy = ip_syncobj_destroy,
	.syncobj_wait = ip_syncobj_wait,
	.syncobj_status = ip_syncobj_status,
	.syncobj_export = ip_syncobj_export,
	.exec = ip_exec,
	.exec_wait = ip_exec_wait,
};

int gsim_open_inprocess(const struct gsim_inprocess_config *cfg, struct gsim_device **dev)
{
	struct gsim_inprocess_config def;
	struct gs_config gc;
	struct gsim_device *d;
	struct inproc *ip;

	if (!dev)
		return lgsim_fail(-EINVAL, "gsim_open_inprocess: no place for the device");
	*dev = NULL;
	if (!cfg) {
		gsim_inprocess_config_init(&def);
		cfg = &def;
	}
	for (unsigned int i = 0; i < sizeof(cfg->reserved) / sizeof(cfg->reserved[0]); i++)
		if (cfg->reserved[i])
			return lgsim_fail(-EINVAL, "gsim_open_inprocess: reserved fields set");
	gs_config_defaults(&gc);
	gc.eu_workers = cfg->eu_workers;
	/* Before any device thread runs: they read it unlocked. */
	if (cfg->log_level >= 0)
		gs_log_verbosity = cfg->log_level;

	d = calloc(1, sizeof(*d));
	ip = calloc(1, sizeof(*ip));
	if (!d || !ip) {
		free(d);
		free(ip);
		return lgsim_fail(-ENOMEM, "out of memory");
	}
	pthread_mutex_init(&ip->lock, NULL);
	d->backend = GSIM_BACKEND_INPROCESS;
	d->ops = &inproc_ops;
	d->fd = -1;
	d->priv = ip;
	ip->loop = gs_loop_create(&gc);
	if (!ip->loop || gs_loop_wait_msgs(ip->loop, GENSIM_MSG_READY, 5000) != GENSIM_MSG_READY) {
		gsim_close(d);
		return lgsim_fail(-EIO, "the device model did not start");
	}
	ip->dev = gs_loop_device(ip->loop);
	ip->engine_mask = gc.engine_mask;
	ip->job_timeout_ms = cfg->job_timeout_ms ? cfg->job_timeout_ms : 10000;
	ip->window = (struct ip_ranges){ .next = ALLOC_BASE, .end = GENSIM_DMA_WINDOW_SIZE };
	ip->ggtt = (struct ip_ranges){
		.next = GGTT_BASE, .end = (1ull << 20 << gc.ggms) / 8 * LGSIM_PAGE,
	};
	*dev = d;
	return 0;
}
