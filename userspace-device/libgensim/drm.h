/* SPDX-License-Identifier: MIT */
/*
 * The driver backend's files (drm_*.c) share the uapi and this: the
 * device's DRM file.  Needs the libdrm headers (drm.h) to build, not
 * libdrm itself: every call is a plain ioctl.
 */
#ifndef LGSIM_DRM_H
#define LGSIM_DRM_H

#include "gensim_drm.h"
#include "priv.h"

/* drm_sync.c */
int lgsim_drm_syncobj_create(struct gsim_device *dev, uint32_t flags, uint32_t *syncobj);
int lgsim_drm_syncobj_destroy(struct gsim_device *dev, uint32_t syncobj);
int lgsim_drm_syncobj_wait(struct gsim_device *dev, const uint32_t *syncobjs, uint32_t n,
			   int64_t timeout_ms, uint32_t flags);
int lgsim_drm_syncobj_status(struct gsim_device *dev, uint32_t syncobj, int *status);
int lgsim_drm_syncobj_export(struct gsim_device *dev, uint32_t syncobj, int *sync_fd);

/* drm_node.c */
int lgsim_drm_query_version(struct gsim_device *dev, struct gsim_version *v);

#endif
