// SPDX-License-Identifier: MIT
/*
 * In process, queues and EXEC.  EXEC runs the batch to its end
 * before it returns: there is no scheduler to hand it to, and polling the
 * CSB on the caller's thread is what keeps the backend free of threads of
 * its own.  A job ends as the driver's would (uapi "Job errors"): 0, or
 * -ENOEXEC for a command error, -EFAULT for a page fault, -ETIME past the
 * job timeout - the engine reset and the queue banned - and its signal
 * syncobjs carry that.  A privileged command is dropped and counted.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/device.h"
#include "core/regfile.h"
#include "inproc.h"

#define POLL_US		200
#define EIR_EVERY_US	10000	/* an error stops the context without a CSB entry */

static const uint32_t fault_reg[GS_NUM_ENGINES] = {
	[GS_RCS] = RING_FAULT_REG_RCS, [GS_BCS] = RING_FAULT_REG_BCS,
	[GS_VCS] = RING_FAULT_REG_VCS, [GS_VECS] = RING_FAULT_REG_VECS,
};

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static void sleep_us(long us)
{
	struct timespec ts = { us / 1000000, (us % 1000000) * 1000 };

	nanosleep(&ts, NULL);
}

/* Engine class and instance to the device's engine id, if it has that engine. */
static int engine_of(struct inproc *ip, uint32_t engine_class, uint32_t engine_instance)
{
	static const int id[] = {
		[GSIM_ENGINE_CLASS_RENDER] = GS_RCS, [GSIM_ENGINE_CLASS_COPY] = GS_BCS,
		[GSIM_ENGINE_CLASS_VIDEO] = GS_VCS, [GSIM_ENGINE_CLASS_VIDEO_ENHANCE] = GS_VECS,
	};

	if (engine_class > GSIM_ENGINE_CLASS_VIDEO_ENHANCE || engine_instance ||
	    !(ip->engine_mask & (1u << id[engine_class])))
		return -1;
	return id[engine_class];
}

void ip_queue_free(struct inproc *ip, struct ip_queue *q)
{
	ip_context_fini(ip, q);
	ip_vm_put(ip, q->vm);
	free(q);
}

int ip_queue_create(struct gsim_device *dev, uint32_t engine_class, uint32_t engine_instance,
		    uint32_t vm_id, uint32_t priority, uint32_t *queue)
{
	struct inproc *ip = ip_of(dev);
	struct ip_queue *q = calloc(1, sizeof(*q));
	int ret = 0;

	if (!q)
		return lgsim_fail(-ENOMEM, "QUEUE_CREATE: out of memory");
	pthread_mutex_lock(&ip->lock);
	q->engine = engine_of(ip, engine_class, engine_instance);
	q->vm = ip_table_get(&ip->vms, vm_id);
	if (q->engine < 0 || priority > GSIM_PRIORITY_HIGH)
		ret = lgsim_fail(-EINVAL, "QUEUE_CREATE: engine %u:%u, priority %u", engine_class,
				 engine_instance, priority);
	else if (!q->vm)
		ret = lgsim_fail(-ENOENT, "QUEUE_CREATE: no VM %u", vm_id);
	else if (ip_engine_ready(ip, q->engine))
		ret = lgsim_fail(-EIO, "%s did not come up", ip_engine_name[q->engine]);
	if (!ret) {
		q->vm->refs++;
		if (ip_context_init(ip, q) || ip_table_add(&ip->queues, q, queue)) {
			ret = lgsim_fail(-ENOMEM, "QUEUE_CREATE: no room for a context");
			ip_queue_free(ip, q);
		}
	} else {
		free(q);
	}
	pthread_mutex_unlock(&ip->lock);
	return ret;
}

int ip_queue_destroy(struct gsim_device *dev, uint32_t queue)
{
	struct inproc *ip = ip_of(dev);
	struct ip_queue *q;

	pthread_mutex_lock(&ip->lock);
	q = ip_table_remove(&ip->queues, queue);
	if (q)
		ip_queue_free(ip, q);
	pthread_mutex_unlock(&ip->lock);
	return q ? 0 : lgsim_fail(-ENOENT, "QUEUE_DESTROY: no queue %u", queue);
}

int ip_queue_get_state(struct gsim_device *dev, uint32_t queue, struct gsim_queue_state *st)
{
	struct inproc *ip = ip_of(dev);
	struct ip_queue *q;

	pthread_mutex_lock(&ip->lock);
	q = ip_table_get(&ip->queues, queue);
	if (q)
		*st = q->st;
	pthread_mutex_unlock(&ip->lock);
	return q ? 0 : lgsim_fail(-ENOENT, "QUEUE_GET_STATE: no queue %u", queue);
}

static uint64_t retired(struct inproc *ip)
{
	uint32_t hi, lo;

	/* hi, lo, hi: a carry between the two reads shows as a change of hi */
	do {
		hi = ip_read(ip, GENSIM_EU_RETIRED_HI);
		lo = ip_read(ip, GENSIM_EU_RETIRED_LO);
	} while (ip_read(ip, GENSIM_EU_RETIRED_HI) != hi);
	return (uint64_t)hi << 32 | lo;
}

/*
 * EIR after a privileged command: dropped, counted on the queue, cleared,
 * the batch goes on (as gensim_reset.c).  Returns the EIR bits that stop it.
 */
static uint32_t stopping_errors(struct inproc *ip, struct ip_queue *q, bool *violation_noted)
{
	uint32_t eir_reg = RING_EIR(gs_engine_mmio_base[q->engine]), eir = ip_read(ip, eir_reg);

	if (eir & EIR_PRIVILEGE_VIOLATION) {
		if (!*violation_noted)
			q->st.dropped_commands++;
		*violation_noted = true;
		if (!(eir & (EIR_INSTRUCTION_ERROR | EIR_PAGE_TABLE_ERROR)))
			ip_write(ip, eir_reg, eir);
	}
	return eir & (EIR_INSTRUCTION_ERROR | EIR_PAGE_TABLE_ERROR);
}

/* Run the batch on @q to its end; the job's fence error, with the message set if not 0. */
static int run(struct inproc *ip, struct ip_queue *q, uint64_t batch_va, int timeout_ms,
	       struct gsim_exec_stats *stats)
{
	uint32_t base = gs_engine_mmio_base[q->engine], stop = 0;
	const char *name = ip_engine_name[q->engine];
	bool done = false, noted = false;
	uint64_t t0, before;
	int err;

	if (ip_engine_ready(ip, q->engine))
		return lgsim_fail(-EIO, "%s did not come up", name);
	before = retired(ip);
	t0 = now_ns();
	ip_submit(ip, q, batch_va);
	for (long us = 0; us < (long)timeout_ms * 1000; us += POLL_US) {
		if (ip_went_idle(ip, q->engine)) {
			done = true;
			break;
		}
		if (us % EIR_EVERY_US == 0 && (stop = stopping_errors(ip, q, &noted)))
			break;
		sleep_us(POLL_US);
	}
	stats->ns = now_ns() - t0;
	if (!stop)
		stop = stopping_errors(ip, q, &noted);
	stats->eir = ip_read(ip, RING_EIR(base));
	stats->ipehr = ip_read(ip, RING_IPEHR(base));
	stats->fault = ip_read(ip, fault_reg[q->engine]);
	stats->eu_instructions = retired(ip) - before;
	stats->flags = GSIM_STATS_INSTRUCTIONS | GSIM_STATS_REGISTERS;
	/* Order what the device wrote before this thread reads the buffers. */
	pthread_mutex_lock(&ip->dev->reg_lock);
	pthread_mutex_unlock(&ip->dev->reg_lock);
	if (done && !stop)
		return 0;
	if (stop) {
		err = stop & EIR_PAGE_TABLE_ERROR ? -EFAULT : -ENOEXEC;
		lgsim_fail(err, "%s stopped with an error: EIR %#x, IPEHR %#x (the command), "
			   "RING_FAULT_REG %#x (see the device log)", name, stats->eir,
			   stats->ipehr, stats->fault);
		/* The fault is handled: the next one may be recorded. */
		if (stats->fault & RING_FAULT_VALID)
			ip_write(ip, fault_reg[q->engine], stats->fault & ~RING_FAULT_VALID);
	} else {
		err = lgsim_fail(-ETIME, "the batch did not complete within %d ms", timeout_ms);
	}
	ip_engine_reset(ip, q->engine);
	q->st.flags |= GSIM_QUEUE_BANNED;
	q->st.guilty_resets++;
	q->st.ban_error = err;
	return err;
}

/* The uapi's checks of an EXEC; the queue, or NULL with the message set in *@ret. */
static struct ip_queue *exec_check(struct inproc *ip, uint32_t queue, uint64_t batch_va,
				   const struct gsim_sync *syncs, uint32_t n, int *ret)
{
	struct ip_queue *q = ip_table_get(&ip->queues, queue);

	*ret = 0;
	if (!q)
		*ret = lgsim_fail(-ENOENT, "EXEC: no queue %u", queue);
	else if (n > IP_EXEC_MAX_SYNCS || batch_va & 3 || batch_va < IP_VA_START ||
		 batch_va >= IP_VA_END)
		*ret = lgsim_fail(-EINVAL, "EXEC: batch at %#llx, %u syncs",
				  (unsigned long long)batch_va, n);
	for (uint32_t i = 0; !*ret && i < n; i++) {
		struct ip_syncobj *s = ip_table_get(&ip->syncobjs, syncs[i].handle);

		if (syncs[i].flags & ~GSIM_SYNC_SIGNAL)
			*ret = lgsim_fail(-EINVAL, "EXEC: sync flags %#x", syncs[i].flags);
		else if (syncs[i].timeline_value)
			*ret = lgsim_fail(-EOPNOTSUPP, "EXEC: no timeline syncobjs in process");
		else if (!s)
			*ret = lgsim_fail(-ENOENT, "EXEC: no syncobj %u", syncs[i].handle);
		else if (!(syncs[i].flags & GSIM_SYNC_SIGNAL) && !s->signalled)
			*ret = lgsim_fail(-EINVAL, "EXEC: syncobj %u has no fence",
					  syncs[i].handle);
	}
	if (!*ret && q->st.flags & GSIM_QUEUE_BANNED)
		*ret = lgsim_fail(-EIO, "EXEC: queue %u is banned", queue);
	return *ret ? NULL : q;
}

/* A dependency that failed fails the job without running it, as drm_sched does. */
static int dependency_error(struct inproc *ip, const struct gsim_sync *syncs, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++) {
		struct ip_syncobj *s = ip_table_get(&ip->syncobjs, syncs[i].handle);

		if (!(syncs[i].flags & GSIM_SYNC_SIGNAL) && s->error)
			return lgsim_fail(s->error, "a batch this one waits for failed");
	}
	return 0;
}

int ip_exec(struct gsim_device *dev, uint32_t queue, uint64_t batch_va,
	    const struct gsim_sync *syncs, uint32_t n)
{
	struct inproc *ip = ip_of(dev);
	struct gsim_exec_stats stats;
	struct ip_queue *q;
	int ret, err;

	pthread_mutex_lock(&ip->lock);
	q = exec_check(ip, queue, batch_va, syncs, n, &ret);
	if (q) {
		err = dependency_error(ip, syncs, n);
		if (!err)
			err = run(ip, q, batch_va, (int)ip->job_timeout_ms, &stats);
		for (uint32_t i = 0; i < n; i++) {
			struct ip_syncobj *s = ip_table_get(&ip->syncobjs, syncs[i].handle);

			if (syncs[i].flags & GSIM_SYNC_SIGNAL) {
				s->signalled = true;
				s->error = err;
			}
		}
	}
	pthread_mutex_unlock(&ip->lock);
	return ret;
}

int ip_exec_wait(struct gsim_device *dev, uint32_t queue, uint64_t batch_va, int timeout_ms,
		 struct gsim_exec_stats *stats)
{
	struct inproc *ip = ip_of(dev);
	struct ip_queue *q;
	int ret;

	/* The batch runs here: the wait's bound is the job's, if shorter. */
	if (timeout_ms < 0 || (uint32_t)timeout_ms > ip->job_timeout_ms)
		timeout_ms = (int)ip->job_timeout_ms;
	pthread_mutex_lock(&ip->lock);
	q = exec_check(ip, queue, batch_va, NULL, 0, &ret);
	if (q)
		ret = run(ip, q, batch_va, timeout_ms, stats);
	pthread_mutex_unlock(&ip->lock);
	return ret;
}
