// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The gensim authors
 */

/**
 * DOC: QUERY
 *
 * DRM_IOCTL_GENSIM_QUERY tells userspace what the probe found: the device
 * (identity, topology, address-space layout) and its engines.  Two calls:
 * size 0 asks for the size, the exact size gets the data.
 *
 * Called from: gensim_drv.c (the ioctl table).
 */

#include <linux/slab.h>
#include <linux/uaccess.h>

#include <drm/drm_print.h>

#include "gensim_drm.h"
#include "gensim_drv.h"
#include "gensim_vm.h"

static const struct {
	u16 class;
	u16 instance;
} engine_class[GENSIM_NUM_ENGINES] = {
	[GENSIM_RCS] = { DRM_GENSIM_ENGINE_CLASS_RENDER, 0 },
	[GENSIM_BCS] = { DRM_GENSIM_ENGINE_CLASS_COPY, 0 },
	[GENSIM_VCS] = { DRM_GENSIM_ENGINE_CLASS_VIDEO, 0 },
	[GENSIM_VECS] = { DRM_GENSIM_ENGINE_CLASS_VIDEO_ENHANCE, 0 },
};

static void *query_device(struct gensim_device *gdev, u32 *size)
{
	const struct gensim_info *info = &gdev->info;
	struct drm_gensim_query_device *d;

	*size = sizeof(*d);
	d = kzalloc(*size, GFP_KERNEL);
	if (!d)
		return ERR_PTR(-ENOMEM);
	d->vendor_id = info->vendor_id;
	d->device_id = info->device_id;
	d->revision = info->revision;
	d->engine_mask = info->engine_mask;
	d->slice_mask = info->slice_mask;
	d->subslice_mask = info->subslice_mask;
	d->eu_total = info->eu_total;
	d->threads_per_eu = info->threads_per_eu;
	d->va_bits = GEN8_PPGTT_VA_BITS;
	d->page_sizes = SZ_4K;
	d->ggtt_size = info->ggtt_size;
	d->va_start = GENSIM_VA_START;
	d->va_end = GENSIM_VA_END;
	return d;
}

static void *query_engines(struct gensim_device *gdev, u32 *size)
{
	struct drm_gensim_query_engines *q;
	int id, n = hweight32(gdev->info.engine_mask);

	*size = struct_size(q, engines, n);
	q = kzalloc(*size, GFP_KERNEL);
	if (!q)
		return ERR_PTR(-ENOMEM);
	for (id = 0; id < GENSIM_NUM_ENGINES; id++) {
		struct drm_gensim_engine_info *e;

		if (!(gdev->info.engine_mask & BIT(id)))
			continue;
		e = &q->engines[q->num_engines++];
		e->engine_class = engine_class[id].class;
		e->engine_instance = engine_class[id].instance;
		strscpy(e->name, gensim_engine_name(id), sizeof(e->name));
	}
	return q;
}

int gensim_ioctl_query(struct drm_device *drm, void *data, struct drm_file *file)
{
	struct gensim_device *gdev = to_gensim(drm);
	struct drm_gensim_query *args = data;
	void *answer;
	u32 size;
	int err = 0;

	if (args->extensions || args->reserved[0] || args->reserved[1])
		return -EINVAL;

	switch (args->query) {
	case DRM_GENSIM_QUERY_DEVICE:
		answer = query_device(gdev, &size);
		break;
	case DRM_GENSIM_QUERY_ENGINES:
		answer = query_engines(gdev, &size);
		break;
	default:
		drm_dbg(drm, "QUERY: unknown query %u\n", args->query);
		return -EINVAL;
	}
	if (IS_ERR(answer))
		return PTR_ERR(answer);

	if (!args->size)
		args->size = size;
	else if (args->size != size)
		err = -EINVAL;
	else if (copy_to_user(u64_to_user_ptr(args->data), answer, size))
		err = -EFAULT;
	kfree(answer);
	return err;
}
