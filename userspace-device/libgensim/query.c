// SPDX-License-Identifier: MIT
/* What the device is: version, identity and topology, engines. */
#include <errno.h>
#include <string.h>

#include "priv.h"

int gsim_query_version(struct gsim_device *dev, struct gsim_version *v)
{
	if (!dev || !v)
		return lgsim_fail(-EINVAL, "gsim_query_version: NULL argument");
	memset(v, 0, sizeof(*v));
	return dev->ops->query_version(dev, v);
}

int gsim_query_device(struct gsim_device *dev, struct gsim_device_info *info)
{
	if (!dev || !info)
		return lgsim_fail(-EINVAL, "gsim_query_device: NULL argument");
	memset(info, 0, sizeof(*info));
	return dev->ops->query_device(dev, info);
}

int gsim_query_topology(struct gsim_device *dev, struct gsim_topology *t)
{
	struct gsim_device_info info;
	int ret;

	if (!t)
		return lgsim_fail(-EINVAL, "gsim_query_topology: NULL argument");
	ret = gsim_query_device(dev, &info);
	if (ret)
		return ret;
	memset(t, 0, sizeof(*t));
	t->slices = (uint32_t)__builtin_popcount(info.slice_mask);
	t->subslices = (uint32_t)__builtin_popcount(info.subslice_mask);
	/* The uapi gives the total: EUs are fused off per subslice, evenly here. */
	if (t->slices && t->subslices)
		t->eus = info.eu_total / (t->slices * t->subslices);
	t->threads_per_eu = info.threads_per_eu;
	t->hw_threads = info.eu_total * info.threads_per_eu;
	return 0;
}

int gsim_query_engines(struct gsim_device *dev, struct gsim_engine_info *engines, uint32_t max,
		       uint32_t *count)
{
	if (!dev || !count || (max && !engines))
		return lgsim_fail(-EINVAL, "gsim_query_engines: NULL argument");
	if (max)
		memset(engines, 0, max * sizeof(*engines));
	return dev->ops->query_engines(dev, engines, max, count);
}
