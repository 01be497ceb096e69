// SPDX-License-Identifier: MIT
/*
 * In process, syncobjs: a flag and an error each, since every fence is
 * signalled by the time the EXEC that made it returns (inproc_exec.c).  A
 * syncobj without a fence is one no EXEC signalled yet; waiting for it
 * needs GSIM_WAIT_FOR_SUBMIT, as with the kernel's, and polls, so an EXEC
 * on another thread can still signal it.
 */
#include <errno.h>
#include <stdlib.h>
#include <time.h>

#include "inproc.h"

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static void sleep_ms(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000 };

	nanosleep(&ts, NULL);
}

int ip_syncobj_create(struct gsim_device *dev, uint32_t flags, uint32_t *syncobj)
{
	struct inproc *ip = ip_of(dev);
	struct ip_syncobj *s = calloc(1, sizeof(*s));
	int ret;

	if (!s)
		return lgsim_fail(-ENOMEM, "SYNCOBJ_CREATE: out of memory");
	s->signalled = flags & GSIM_SYNCOBJ_SIGNALED;
	pthread_mutex_lock(&ip->lock);
	ret = ip_table_add(&ip->syncobjs, s, syncobj);
	pthread_mutex_unlock(&ip->lock);
	if (ret)
		free(s);
	return ret;
}

int ip_syncobj_destroy(struct gsim_device *dev, uint32_t syncobj)
{
	struct inproc *ip = ip_of(dev);
	struct ip_syncobj *s;

	pthread_mutex_lock(&ip->lock);
	s = ip_table_remove(&ip->syncobjs, syncobj);
	pthread_mutex_unlock(&ip->lock);
	free(s);
	return s ? 0 : lgsim_fail(-ENOENT, "SYNCOBJ_DESTROY: no syncobj %u", syncobj);
}

/* 1 done, 0 not yet, or -errno; with the lock held. */
static int wait_done(struct inproc *ip, const uint32_t *h, uint32_t n, uint32_t flags)
{
	uint32_t signalled = 0;

	for (uint32_t i = 0; i < n; i++) {
		struct ip_syncobj *s = ip_table_get(&ip->syncobjs, h[i]);

		if (!s)
			return lgsim_fail(-ENOENT, "SYNCOBJ_WAIT: no syncobj %u", h[i]);
		/* Every fence is signalled when EXEC returns: none means none was submitted. */
		if (!s->signalled && !(flags & GSIM_WAIT_FOR_SUBMIT))
			return lgsim_fail(-EINVAL, "SYNCOBJ_WAIT: syncobj %u has no fence", h[i]);
		signalled += s->signalled;
	}
	return flags & GSIM_WAIT_ALL ? signalled == n : signalled > 0;
}

/* Another thread's EXEC can still signal: poll, without the lock in between. */
int ip_syncobj_wait(struct gsim_device *dev, const uint32_t *syncobjs, uint32_t n,
		    int64_t timeout_ms, uint32_t flags)
{
	struct inproc *ip = ip_of(dev);
	uint64_t deadline = now_ns() + (uint64_t)(timeout_ms < 0 ? 0 : timeout_ms) * 1000000ull;

	for (;;) {
		int ret;

		pthread_mutex_lock(&ip->lock);
		ret = wait_done(ip, syncobjs, n, flags);
		pthread_mutex_unlock(&ip->lock);
		if (ret)
			return ret < 0 ? ret : 0;
		if (now_ns() >= deadline)
			return lgsim_fail(-ETIME, "not signalled within %lld ms",
					  (long long)timeout_ms);
		sleep_ms(1);
	}
}

int ip_syncobj_status(struct gsim_device *dev, uint32_t syncobj, int *status)
{
	struct inproc *ip = ip_of(dev);
	struct ip_syncobj *s;
	int ret = 0;

	pthread_mutex_lock(&ip->lock);
	s = ip_table_get(&ip->syncobjs, syncobj);
	if (!s)
		ret = lgsim_fail(-ENOENT, "no syncobj %u", syncobj);
	else if (!s->signalled)
		ret = lgsim_fail(-EINVAL, "syncobj %u has no fence", syncobj);
	else
		*status = s->error ? s->error : 1;
	pthread_mutex_unlock(&ip->lock);
	return ret;
}

int ip_syncobj_export(struct gsim_device *dev, uint32_t syncobj, int *sync_fd)
{
	(void)dev;
	(void)sync_fd;
	return lgsim_fail(-EOPNOTSUPP, "syncobj %u: no sync_file in process", syncobj);
}
