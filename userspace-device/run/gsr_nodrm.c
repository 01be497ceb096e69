// SPDX-License-Identifier: MIT
/*
 * gensim-run built without libdrm: --drm cannot open the render node, and
 * says why instead of pretending (run/run.mk picks this file).
 */
#include <errno.h>
#include <stdio.h>

#include "gsrun/gsrun.h"

struct gsr_drm *gsr_drm_open(const char *node, char *err, size_t len)
{
	(void)node;
	snprintf(err, len, "--drm: gensim-run was built without libdrm (install libdrm-dev)");
	return NULL;
}

void gsr_drm_close(struct gsr_drm *d)
{
	(void)d;
}

struct gsr_mem gsr_drm_mem(struct gsr_drm *d)
{
	(void)d;
	return (struct gsr_mem){ 0 };
}

int gsr_drm_exec(struct gsr_drm *d, uint64_t batch_va, int timeout_ms, struct gsr_result *r)
{
	(void)d;
	(void)batch_va;
	(void)timeout_ms;
	snprintf(r->msg, sizeof(r->msg), "built without libdrm");
	return -ENOSYS;
}
