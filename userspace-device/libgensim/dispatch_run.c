// SPDX-License-Identifier: MIT
/*
 * A GPGPU job on a device: laid out in VM-private buffers bound where
 * gensim/dispatch.h says, run on a render queue, its fence checked.  The
 * same on both backends: only the memory and the EXEC differ, and those
 * are the device's.
 */
#include <errno.h>
#include <string.h>

#include "priv.h"

struct prepare {
	struct gsim_device *dev;
	uint32_t vm;
	struct gsim_dispatch_layout *out;
};

static int prepare_map(void *ctx, uint64_t va, uint64_t size, void **cpu)
{
	struct prepare *p = ctx;
	struct gsim_buffer *buf = &p->out->mem[p->out->nmem];
	int ret;

	if (p->out->nmem == GSIM_DISPATCH_MAX_MEM)
		return lgsim_fail(-ENOSPC, "a job maps at most %u buffers", GSIM_DISPATCH_MAX_MEM);
	ret = gsim_buffer_create(p->dev, p->vm, va, size, 0, buf);
	if (ret)
		return ret;
	p->out->nmem++;
	*cpu = buf->cpu;
	return 0;
}

int gsim_dispatch_prepare(struct gsim_device *dev, uint32_t vm, struct gsim_dispatch *d,
			  struct gsim_dispatch_layout *out)
{
	struct prepare p = { .dev = dev, .vm = vm, .out = out };
	struct gsim_va_space vs = { .ctx = &p, .map = prepare_map };
	struct gsim_topology t;
	int ret;

	if (!dev || !d || !out)
		return lgsim_fail(-EINVAL, "gsim_dispatch_prepare: NULL argument");
	memset(out, 0, sizeof(*out));
	ret = gsim_dispatch_check(d);
	if (!ret)
		ret = gsim_query_topology(dev, &t);
	if (ret)
		return ret;
	vs.threads = t.hw_threads;
	ret = gsim_dispatch_build(d, &vs, out);
	if (ret) {
		char why[256];

		/* Releasing may fail too; the build's failure is the one to report. */
		strncpy(why, gsim_last_error(), sizeof(why) - 1);
		why[sizeof(why) - 1] = 0;
		gsim_dispatch_release(dev, out);
		lgsim_fail(ret, "%s", why);
	}
	return ret;
}

int gsim_dispatch_run(struct gsim_device *dev, uint32_t queue,
		      const struct gsim_dispatch_layout *l, int timeout_ms,
		      struct gsim_exec_stats *stats)
{
	int ret;

	if (!l || !l->batch)
		return lgsim_fail(-EINVAL, "gsim_dispatch_run: no job laid out");
	ret = gsim_exec_wait(dev, queue, l->batch_va, timeout_ms, stats);
	if (!ret && !gsim_dispatch_done(l))
		ret = lgsim_fail(-EIO, "the batch ended without its PIPE_CONTROL fence");
	return ret;
}

int gsim_dispatch_release(struct gsim_device *dev, struct gsim_dispatch_layout *l)
{
	int ret = 0;

	if (!dev || !l)
		return lgsim_fail(-EINVAL, "gsim_dispatch_release: NULL argument");
	while (l->nmem) {
		int err = gsim_buffer_destroy(dev, &l->mem[--l->nmem]);

		ret = ret ? ret : err;
	}
	l->batch = NULL;
	l->fence = NULL;
	return ret;
}
