// SPDX-License-Identifier: MIT
/*
 * The trace recorder (trace.h; Documentation/gpu/gensim/trace-timeline.rst).
 *
 * Each thread that records gets a buffer of its own, a single-producer
 * single-consumer ring of GS_TRACE_BUF_RECS records: the thread writes a
 * record and publishes it by storing head (release); the flusher reads up
 * to head (acquire), writes the lines and gives the slots back by storing
 * tail (release).  A full ring drops the record and counts it.  No record
 * ever waits for a lock or a system call.
 *
 * Buffers are made on a thread's first record in a session, kept on a
 * list (trace.lock) and reused by later sessions; the buffer of a thread
 * that exits is freed by the flusher once drained.  A session starts by
 * emptying every buffer and remembers its start time: a record stamped
 * before it (a span that began earlier, a straggler of the last session)
 * is never written.
 *
 * The file: one JSON object per line.
 *   {"ev":"start","clock":"CLOCK_MONOTONIC","ts":NS,"pid":P,"version":1}
 *   {"ev":"thread","tid":T,"name":"..."}     before a thread's first record
 *   {"ev":"<type>","ts":NS,"tid":T,...}      one per record (trace.c names)
 *   {"ev":"stop","ts":NS,"written":N,"dropped":D}
 * Times are nanoseconds of CLOCK_MONOTONIC, the clock the kernel's
 * tracefs "mono" trace_clock reads.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "core/hw.h"
#include "core/log.h"
#include "core/trace.h"

#define GS_TRACE_BUF_RECS	16384u		/* 1 MiB a thread */
#define FLUSH_MS		10

struct gs_trace_buf {
	struct gs_trace_buf *next;		/* trace.bufs, trace.lock */
	_Atomic uint32_t head;			/* the thread's */
	_Atomic uint32_t tail;			/* the flusher's */
	atomic_uint_fast64_t dropped;
	atomic_bool dead;			/* the thread exited */
	bool named;				/* its thread line is written (lock) */
	int tid;
	char thread_name[16];
	struct gs_trace_rec rec[GS_TRACE_BUF_RECS];
};

atomic_bool gs_trace_enabled;

static struct {
	pthread_mutex_t ctl;		/* start and stop, one at a time */
	pthread_mutex_t lock;		/* the list, the file, the counters */
	pthread_cond_t cv;		/* wakes the flusher to quit */
	struct gs_trace_buf *bufs;
	FILE *out;
	char path[4096];
	uint64_t start_ns;
	uint64_t written;
	uint64_t dropped_freed;		/* by the buffers freed this session */
	bool quit;
	bool flusher_running;
	pthread_t flusher;
} trace = {
	.ctl = PTHREAD_MUTEX_INITIALIZER,
	.lock = PTHREAD_MUTEX_INITIALIZER,
	.cv = PTHREAD_COND_INITIALIZER,
};

/*
 * The engines' names and MMIO bases, as device/reg_table.c has them: the
 * recorder links without the rest of the device (its own test).
 */
static const struct {
	const char *name;
	uint32_t base;
} engines[GS_NUM_ENGINES] = {
	[GS_RCS] = { "rcs0", RENDER_RING_BASE },
	[GS_BCS] = { "bcs0", BLT_RING_BASE },
	[GS_VCS] = { "vcs0", GEN6_BSD_RING_BASE },
	[GS_VECS] = { "vecs0", VEBOX_RING_BASE },
};

static _Thread_local struct gs_trace_buf *my_buf;
static pthread_key_t buf_key;
static pthread_once_t buf_key_once = PTHREAD_ONCE_INIT;

uint64_t gs_trace_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* The thread is exiting: its buffer is the flusher's to free once drained. */
static void buf_orphan(void *arg)
{
	struct gs_trace_buf *b = arg;

	my_buf = NULL;
	atomic_store_explicit(&b->dead, true, memory_order_release);
}

static void buf_key_init(void)
{
	pthread_key_create(&buf_key, buf_orphan);
}

static struct gs_trace_buf *buf_get(void)
{
	struct gs_trace_buf *b;

	if (my_buf)
		return my_buf;
	pthread_once(&buf_key_once, buf_key_init);
	b = calloc(1, sizeof(*b));
	if (!b)
		return NULL;
	b->tid = gettid();
	if (pthread_getname_np(pthread_self(), b->thread_name, sizeof(b->thread_name)))
		strcpy(b->thread_name, "?");
	pthread_setspecific(buf_key, b);
	pthread_mutex_lock(&trace.lock);
	b->next = trace.bufs;
	trace.bufs = b;
	pthread_mutex_unlock(&trace.lock);
	my_buf = b;
	return b;
}

void gs_trace_emit(const struct gs_trace_rec *r)
{
	struct gs_trace_buf *b = buf_get();
	uint32_t head, tail;

	if (!b)
		return;
	head = atomic_load_explicit(&b->head, memory_order_relaxed);
	tail = atomic_load_explicit(&b->tail, memory_order_acquire);
	if (head - tail >= GS_TRACE_BUF_RECS) {
		atomic_fetch_add_explicit(&b->dropped, 1, memory_order_relaxed);
		return;
	}
	b->rec[head % GS_TRACE_BUF_RECS] = *r;
	atomic_store_explicit(&b->head, head + 1, memory_order_release);
}

/* ------------------------------------------------------------------ */
/* The hooks' halves                                                    */

static void emit(uint16_t type, uint64_t ts, uint64_t dur, int engine, uint32_t ctx,
		 const char *name, const uint32_t *u32, unsigned int n, uint64_t u64)
{
	struct gs_trace_rec r = {
		.ts = ts ? ts : gs_trace_now(),
		.dur = dur,
		.name = name,
		.type = type,
		.engine = (int16_t)engine,
		.ctx = ctx,
		.u64 = u64,
	};

	for (unsigned int i = 0; i < n && i < 6; i++)
		r.u32[i] = u32[i];
	gs_trace_emit(&r);
}

static uint64_t since(uint64_t t0)
{
	uint64_t now = gs_trace_now();

	return now > t0 ? now - t0 : 0;
}

void gs_tr_doorbell(void)
{
	emit(GS_TR_DOORBELL, 0, 0, -1, 0, NULL, NULL, 0, 0);
}

void gs_tr_drain(uint64_t t0, unsigned int writes, uint32_t elsp)
{
	const uint32_t u[2] = { writes, elsp };

	emit(GS_TR_DRAIN, t0, since(t0), -1, 0, NULL, u, 2, 0);
}

/* The engine bit of the ELSP at @offset, 0 for any other register. */
uint32_t gs_tr_elsp_bit(uint32_t offset)
{
	for (int e = 0; e < GS_NUM_ENGINES; e++)
		if (offset == RING_ELSP(engines[e].base))
			return 1u << e;
	return 0;
}

void gs_tr_cmd(uint64_t t0, int engine, uint32_t ctx, const char *name, uint64_t addr,
	       uint32_t flags, const uint32_t *dw, unsigned int len)
{
	uint32_t u[6] = { flags, 0, 0, 0, 0, len };

	for (unsigned int i = 0; i < len && i < 4; i++)
		u[1 + i] = dw[i];
	emit(GS_TR_CMD, t0, since(t0), engine, ctx, name, u, 6, addr);
}

void gs_tr_ctx(int engine, uint32_t ctx, const char *how, uint32_t lrca, uint32_t head,
	       uint32_t tail)
{
	const uint32_t u[3] = { lrca, head, tail };

	emit(GS_TR_CTX, 0, 0, engine, ctx, how, u, 3, 0);
}

void gs_tr_csb(int engine, uint32_t status, uint32_t ctx)
{
	const uint32_t u[1] = { status };

	emit(GS_TR_CSB, 0, 0, engine, ctx, NULL, u, 1, 0);
}

void gs_tr_irq_event(int engine, uint32_t bits)
{
	const uint32_t u[1] = { bits };

	emit(GS_TR_IRQ_EVENT, 0, 0, engine, 0, NULL, u, 1, 0);
}

void gs_tr_irq_msg(void)
{
	emit(GS_TR_IRQ_MSG, 0, 0, -1, 0, NULL, NULL, 0, 0);
}

void gs_tr_walker(uint64_t t0, int engine, uint32_t ctx, const char *name, int status,
		  uint64_t groups, uint64_t threads, uint64_t instructions)
{
	const uint32_t u[3] = { (uint32_t)status, (uint32_t)groups, (uint32_t)threads };

	emit(GS_TR_WALKER, t0, since(t0), engine, ctx, name, u, 3, instructions);
}

void gs_tr_group(bool start, unsigned int subslice, unsigned int place, uint32_t seq,
		 const uint32_t id[3])
{
	const uint32_t u[6] = { subslice, place, seq, id[0], id[1], id[2] };

	emit(start ? GS_TR_GROUP_START : GS_TR_GROUP_END, 0, 0, -1, 0, NULL, u, 6, 0);
}

void gs_tr_thread_end(unsigned int subslice, unsigned int eu, unsigned int thread,
		      uint32_t fftid, uint32_t seq, uint64_t instructions)
{
	const uint32_t u[5] = { subslice, eu, thread, fftid, seq };

	emit(GS_TR_THREAD_END, 0, 0, -1, 0, NULL, u, 5, instructions);
}

void gs_tr_mark(const char *name, uint64_t value)
{
	emit(GS_TR_MARK, 0, 0, -1, 0, name, NULL, 0, value);
}

/* ------------------------------------------------------------------ */
/* Writing                                                              */

static void put_str(FILE *f, const char *s)
{
	fputc('"', f);
	for (; s && *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c < 0x20 || c >= 0x7f)
			fprintf(f, "\\u%04x", c);
		else
			fputc(c, f);
	}
	fputc('"', f);
}

static const char *engine_name(int e)
{
	return e >= 0 && e < GS_NUM_ENGINES ? engines[e].name : "?";
}

static const char *const type_names[GS_TR_NR_TYPES] = {
	[GS_TR_DOORBELL] = "doorbell",
	[GS_TR_DRAIN] = "drain",
	[GS_TR_CMD] = "cmd",
	[GS_TR_CTX] = "ctx",
	[GS_TR_CSB] = "csb",
	[GS_TR_IRQ_EVENT] = "irq_event",
	[GS_TR_IRQ_MSG] = "irq",
	[GS_TR_WALKER] = "walker",
	[GS_TR_GROUP_START] = "group_start",
	[GS_TR_GROUP_END] = "group_end",
	[GS_TR_THREAD_END] = "thread_end",
	[GS_TR_MARK] = "mark",
};

static const char *const cmd_results[] = { "next", "jump", "retry", "halt" };

static void write_rec(FILE *f, const struct gs_trace_buf *b, const struct gs_trace_rec *r)
{
	const uint32_t *u = r->u32;

	if (r->type >= GS_TR_NR_TYPES)
		return;
	fprintf(f, "{\"ev\":\"%s\",\"ts\":%llu,\"tid\":%d", type_names[r->type],
		(unsigned long long)r->ts, b->tid);
	if (r->type == GS_TR_DRAIN || r->type == GS_TR_CMD || r->type == GS_TR_WALKER)
		fprintf(f, ",\"dur\":%llu", (unsigned long long)r->dur);
	if (r->engine >= 0)
		fprintf(f, ",\"eng\":\"%s\",\"ctx\":%u", engine_name(r->engine), r->ctx);
	if (r->name) {
		fputs(",\"name\":", f);
		put_str(f, r->name);
	}
	switch (r->type) {
	case GS_TR_DRAIN:
		fprintf(f, ",\"writes\":%u,\"elsp\":[", u[0]);
		for (int e = 0, n = 0; e < GS_NUM_ENGINES; e++)
			if (u[1] & (1u << e))
				fprintf(f, "%s\"%s\"", n++ ? "," : "", engine_name(e));
		fputc(']', f);
		break;
	case GS_TR_CMD:
		fprintf(f, ",\"addr\":%llu,\"space\":\"%s\",\"level\":%u,\"result\":\"%s\","
			"\"len\":%u,\"dw\":[%u,%u,%u,%u]", (unsigned long long)r->u64,
			u[0] & GS_TR_CMD_GGTT ? "ggtt" : "ppgtt", (u[0] >> 1) & 3,
			cmd_results[(u[0] >> 4) & 3], u[5], u[1], u[2], u[3], u[4]);
		break;
	case GS_TR_CTX:
		fprintf(f, ",\"lrca\":%u,\"head\":%u,\"tail\":%u", u[0], u[1], u[2]);
		break;
	case GS_TR_CSB:
	case GS_TR_IRQ_EVENT:
		fprintf(f, ",\"%s\":%u", r->type == GS_TR_CSB ? "status" : "bits", u[0]);
		break;
	case GS_TR_WALKER:
		fprintf(f, ",\"status\":%u,\"groups\":%u,\"threads\":%u,\"instructions\":%llu",
			u[0], u[1], u[2], (unsigned long long)r->u64);
		break;
	case GS_TR_GROUP_START:
	case GS_TR_GROUP_END:
		fprintf(f, ",\"ss\":%u,\"place\":%u,\"seq\":%u,\"id\":[%u,%u,%u]", u[0], u[1],
			u[2], u[3], u[4], u[5]);
		break;
	case GS_TR_THREAD_END:
		fprintf(f, ",\"ss\":%u,\"eu\":%u,\"thread\":%u,\"fftid\":%u,\"seq\":%u,"
			"\"instructions\":%llu", u[0], u[1], u[2], u[3], u[4],
			(unsigned long long)r->u64);
		break;
	case GS_TR_MARK:
		fprintf(f, ",\"value\":%llu", (unsigned long long)r->u64);
		break;
	default:
		break;
	}
	fputs("}\n", f);
}

/* Write every published record of every buffer; free the drained buffers of dead threads. */
static void flush_locked(void)
{
	struct gs_trace_buf **pb = &trace.bufs;

	while (*pb) {
		struct gs_trace_buf *b = *pb;
		bool dead = atomic_load_explicit(&b->dead, memory_order_acquire);
		uint32_t head = atomic_load_explicit(&b->head, memory_order_acquire);
		uint32_t tail = atomic_load_explicit(&b->tail, memory_order_relaxed);

		for (; tail != head; tail++) {
			const struct gs_trace_rec *r = &b->rec[tail % GS_TRACE_BUF_RECS];

			if (r->ts < trace.start_ns || !trace.out)
				continue;
			if (!b->named) {
				fprintf(trace.out, "{\"ev\":\"thread\",\"tid\":%d,\"name\":", b->tid);
				put_str(trace.out, b->thread_name);
				fputs("}\n", trace.out);
				b->named = true;
			}
			write_rec(trace.out, b, r);
			trace.written++;
		}
		atomic_store_explicit(&b->tail, tail, memory_order_release);
		if (dead) {
			*pb = b->next;
			trace.dropped_freed += atomic_load_explicit(&b->dropped, memory_order_relaxed);
			free(b);
		} else {
			pb = &b->next;
		}
	}
	if (trace.out)
		fflush(trace.out);
}

static void *flusher_main(void *arg)
{
	(void)arg;
	pthread_mutex_lock(&trace.lock);
	while (!trace.quit) {
		struct timespec ts;

		flush_locked();
		clock_gettime(CLOCK_REALTIME, &ts);
		ts.tv_nsec += FLUSH_MS * 1000000L;
		if (ts.tv_nsec >= 1000000000L) {
			ts.tv_sec++;
			ts.tv_nsec -= 1000000000L;
		}
		pthread_cond_timedwait(&trace.cv, &trace.lock, &ts);
	}
	pthread_mutex_unlock(&trace.lock);
	return NULL;
}

static uint64_t dropped_locked(void)
{
	uint64_t n = trace.dropped_freed;

	for (struct gs_trace_buf *b = trace.bufs; b; b = b->next)
		n += atomic_load_explicit(&b->dropped, memory_order_relaxed);
	return n;
}

/* End the open session, if any (trace.ctl held). */
static int stop_ctl(struct gs_trace_stats *stats)
{
	int ret = 0;

	if (!trace.flusher_running) {
		if (stats)
			*stats = (struct gs_trace_stats){ 0 };
		return 0;
	}
	atomic_store(&gs_trace_enabled, false);
	pthread_mutex_lock(&trace.lock);
	trace.quit = true;
	pthread_cond_broadcast(&trace.cv);
	pthread_mutex_unlock(&trace.lock);
	pthread_join(trace.flusher, NULL);
	trace.flusher_running = false;

	pthread_mutex_lock(&trace.lock);
	flush_locked();
	if (stats) {
		stats->written = trace.written;
		stats->dropped = dropped_locked();
	}
	fprintf(trace.out, "{\"ev\":\"stop\",\"ts\":%llu,\"written\":%llu,\"dropped\":%llu}\n",
		(unsigned long long)gs_trace_now(), (unsigned long long)trace.written,
		(unsigned long long)dropped_locked());
	if (fclose(trace.out))
		ret = -errno;
	trace.out = NULL;
	pthread_mutex_unlock(&trace.lock);
	if (ret)
		gs_err("trace: writing %s: %s", trace.path, strerror(-ret));
	else
		gs_info("trace: %s closed", trace.path);
	return ret;
}

int gs_trace_start(const char *path)
{
	FILE *f;
	int fd, err;

	pthread_mutex_lock(&trace.ctl);
	stop_ctl(NULL);
	/* Not through a link someone left in /tmp. */
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0644);
	f = fd < 0 ? NULL : fdopen(fd, "w");
	if (!f) {
		err = -errno;
		if (fd >= 0)
			close(fd);
		pthread_mutex_unlock(&trace.ctl);
		gs_err("trace: cannot open %s: %s", path, strerror(-err));
		return err;
	}
	snprintf(trace.path, sizeof(trace.path), "%s", path);

	pthread_mutex_lock(&trace.lock);
	trace.out = f;
	trace.written = 0;
	trace.dropped_freed = 0;
	trace.quit = false;
	trace.start_ns = gs_trace_now();
	/* What earlier sessions left behind is not this session's. */
	for (struct gs_trace_buf *b = trace.bufs; b; b = b->next) {
		atomic_store_explicit(&b->tail, atomic_load_explicit(&b->head, memory_order_acquire),
				      memory_order_release);
		atomic_store_explicit(&b->dropped, 0, memory_order_relaxed);
		b->named = false;
	}
	fprintf(f, "{\"ev\":\"start\",\"clock\":\"CLOCK_MONOTONIC\",\"ts\":%llu,\"pid\":%d,"
		"\"version\":1}\n", (unsigned long long)trace.start_ns, (int)getpid());
	fflush(f);
	pthread_mutex_unlock(&trace.lock);

	err = pthread_create(&trace.flusher, NULL, flusher_main, NULL);
	if (err) {
		pthread_mutex_lock(&trace.lock);
		fclose(trace.out);
		trace.out = NULL;
		pthread_mutex_unlock(&trace.lock);
		pthread_mutex_unlock(&trace.ctl);
		gs_err("trace: cannot start the flusher: %s", strerror(err));
		return -err;
	}
	trace.flusher_running = true;
	atomic_store(&gs_trace_enabled, true);
	pthread_mutex_unlock(&trace.ctl);
	gs_info("trace: recording to %s", path);
	return 0;
}

int gs_trace_stop(struct gs_trace_stats *stats)
{
	int ret;

	pthread_mutex_lock(&trace.ctl);
	ret = stop_ctl(stats);
	pthread_mutex_unlock(&trace.ctl);
	return ret;
}
