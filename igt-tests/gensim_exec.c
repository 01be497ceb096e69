// SPDX-License-Identifier: MIT
/*
 * gensim_exec: batches through EXEC on every engine: nops by the thousand,
 * stores, chained and second-level batches, MI_MATH, semaphores between
 * engines, ordering across queues with binary and timeline syncobjs, all
 * four engines at once (a ring of semaphores; thousands of pipelined nops
 * with every job checked), a hang recovered while another queue completes, a
 * privilege violation with nothing written, invalid arguments, fdinfo.
 */
#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <time.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <xf86drm.h>

#include "lib/gensim_batch.h"
#include "lib/igt.h"
#include "lib/igt_gensim.h"

#define WAIT_MS		30000
#define NOP_WINDOW	500	/* nop batches per bounded wait */
#define PIPE_ROUNDS	300	/* pipelined-nops-four-engines: rounds of */
#define PIPE_NOPS	1000	/* nop batches over the four engines' queues */
#define PIPE_MIN_ROUNDS	10	/* then rounds go on until */
#define PIPE_BUDGET_S	90	/* seconds have passed (a slow kernel runs fewer) */
#define BB_VA		0x1000000ull
#define DATA_VA		0x2000000ull

static int fd = -1;	/* static: survive the harness longjmp */
static uint32_t vm;

static const char *const class_name[] = { "rcs0", "bcs0", "vcs0", "vecs0" };

static void wait_ok(uint32_t syncobj)
{
	igt_assert_eq(gensim_syncobj_wait(fd, syncobj, WAIT_MS), 0);
	igt_assert_eq(gensim_syncobj_status(fd, syncobj), 1);
}

static uint64_t fdinfo_engine_ns(const char *engine)
{
	char path[64], key[48], *info, *p;
	uint64_t ns = 0;

	snprintf(path, sizeof(path), "/proc/self/fdinfo/%d", fd);
	snprintf(key, sizeof(key), "drm-engine-%s:", engine);
	info = gensim_read_file(path);
	igt_assert(info);
	p = strstr(info, key);
	igt_assert_f(p, "no %s in fdinfo", key);
	ns = strtoull(p + strlen(key), NULL, 10);
	free(info);
	return ns;
}

/* fdinfo's drm-active-memory in bytes: buffers of the file that jobs in flight use. */
static uint64_t fdinfo_active_bytes(void)
{
	char path[64], *info, *p, *end;
	uint64_t v;

	snprintf(path, sizeof(path), "/proc/self/fdinfo/%d", fd);
	info = gensim_read_file(path);
	igt_assert(info);
	p = strstr(info, "drm-active-memory:");
	igt_assert_f(p, "no drm-active-memory in fdinfo");
	v = strtoull(p + strlen("drm-active-memory:"), &end, 10);
	while (*end == ' ' || *end == '\t')
		end++;
	if (!strncmp(end, "KiB", 3))
		v <<= 10;
	else if (!strncmp(end, "MiB", 3))
		v <<= 20;
	free(info);
	return v;
}

/* The sum of every "KEY N" in debugfs file @name (all engines). */
static long debugfs_sum(const char *name, const char *key)
{
	char *info = gensim_debugfs(name), *p;
	long n = 0;

	igt_assert(info);
	for (p = info; (p = strstr(p, key)); p++)
		n += strtol(p + strlen(key), NULL, 10);
	free(info);
	return n;
}

/* The driver's count of interrupts its timeout handler found missed, all engines. */
static long missed_irqs(void)
{
	return debugfs_sum("info", " missed interrupts: ");
}

/* Engine resets so far, all engines (debugfs engines, "resets N"). */
static long engine_resets(void)
{
	return debugfs_sum("engines", " resets ");
}

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

struct unmap_arg {
	uint32_t vm;
	uint64_t va, size;
	int ret;
	double done;
};

static void *unmap_thread(void *p)
{
	struct unmap_arg *a = p;
	struct drm_gensim_vm_bind_op op = {
		.op = DRM_GENSIM_VM_BIND_OP_UNMAP, .addr = a->va, .range = a->size,
	};

	a->ret = __gensim_vm_bind(fd, a->vm, &op, 1);
	a->done = now_s();
	return NULL;
}

/* The text of a gensim devcoredump, or NULL. */
static char *find_coredump(void)
{
	for (int i = 0; i < 64; i++) {
		char path[64], *d;

		snprintf(path, sizeof(path), "/sys/class/devcoredump/devcd%d/data", i);
		d = gensim_read_file(path);
		if (d && strstr(d, "gensim coredump v1"))
			return d;
		free(d);
	}
	return NULL;
}


/*
 * One plausible command for the random-batches subtest: a real MI command
 * with its right length and random operands (addresses mostly inside the
 * data buffer or the batch itself, sometimes anywhere), or now and then a
 * random dword.  Plausible commands get past the decoder, so the fuzz
 * reaches the handlers, the memory paths and the engine's error paths.
 */
static unsigned int fuzz_seed = 0x9e3779b9u;

static uint32_t rnd(void)
{
	return (uint32_t)rand_r(&fuzz_seed) << 16 ^ (uint32_t)rand_r(&fuzz_seed);
}

static uint64_t fuzz_addr(void)
{
	switch (rnd() % 8) {
	case 0:
		return (uint64_t)rnd() << 32 | rnd();		/* anywhere */
	case 1:
		return BB_VA + (rnd() % 512) * 4;		/* the batch itself */
	default:
		return DATA_VA + (rnd() % 1024) * 4;	/* the data buffer */
	}
}

static void fuzz_command(struct gensim_bb *bb, int engine)
{
	static const uint32_t regs[] = { 0x34, 0x30, 0x74, 0x600, 0x604, 0x608, 0x9c, 0x244,
					 0x2400, 0x2408, 0x240c, 0x2410, 0x0b0, 0x4000 };
	uint64_t a = fuzz_addr();
	static const uint32_t bases[] = { 0x2000, 0x22000, 0x12000, 0x1a000 };
	uint32_t base = bases[engine];
	unsigned int n;

	switch (rnd() % 16) {
	case 0:
		gensim_bb_emit(bb, rnd());
		break;
	case 1:
		gensim_bb_emit(bb, rnd() & 1 ? MI_ARB_CHECK : MI_USER_INTERRUPT);
		break;
	case 2:
		gensim_bb_emit(bb, MI_STORE_DATA_IMM | (rnd() & (MI_SDI_USE_GGTT | MI_SDI_QWORD)) |
				   (rnd() % 4 == 0));
		gensim_bb_emit(bb, (uint32_t)a);
		gensim_bb_emit(bb, a >> 32);
		gensim_bb_emit(bb, rnd());
		break;
	case 3:
		n = 1 + rnd() % 3;
		gensim_bb_emit(bb, MI_LOAD_REGISTER_IMM(n));
		for (unsigned int i = 0; i < n; i++) {
			gensim_bb_emit(bb, rnd() % 4 ? base + regs[rnd() % 14] : rnd() & 0x7ffffc);
			gensim_bb_emit(bb, rnd());
		}
		break;
	case 4:
		gensim_bb_emit(bb, (rnd() & 1 ? MI_STORE_REGISTER_MEM : MI_LOAD_REGISTER_MEM) |
				   (rnd() & BIT(22)));
		gensim_bb_emit(bb, base + regs[rnd() % 14]);
		gensim_bb_emit(bb, (uint32_t)a);
		gensim_bb_emit(bb, a >> 32);
		break;
	case 5:
		n = 1 + rnd() % 8;
		gensim_bb_emit(bb, MI_MATH(n));
		for (unsigned int i = 0; i < n; i++) {
			static const uint32_t ops[] = { MI_ALU_LOAD, MI_ALU_ADD, MI_ALU_SUB,
							MI_ALU_AND, MI_ALU_STORE, MI_ALU_LOAD0,
							MI_ALU_XOR, MI_ALU_STOREINV };
			uint32_t op = ops[rnd() % 8];

			gensim_bb_emit(bb, rnd() % 4 ? MI_MATH_INSTR(op, rnd() % 0x40, rnd() % 0x40) :
					   rnd());
		}
		break;
	case 6:
		gensim_bb_emit(bb, MI_SEMAPHORE_WAIT | MI_SEMAPHORE_POLL |
				   FIELD_PREP(MI_SEMAPHORE_COMPARE, rnd() % 8));
		gensim_bb_emit(bb, rnd() % 4);
		gensim_bb_emit(bb, (uint32_t)a);
		gensim_bb_emit(bb, a >> 32);
		break;
	case 7:
		gensim_bb_emit(bb, MI_FLUSH_DW | (rnd() & (MI_FLUSH_DW_OP_MASK |
							    MI_FLUSH_DW_INVALIDATE_TLB)) | 1);
		gensim_bb_emit(bb, (uint32_t)a & ~7u);
		gensim_bb_emit(bb, a >> 32);
		gensim_bb_emit(bb, rnd());
		gensim_bb_emit(bb, rnd());
		break;
	case 8:
		gensim_bb_emit(bb, MI_BATCH_BUFFER_START | MI_BB_PPGTT | (rnd() & MI_BB_SECOND_LEVEL));
		gensim_bb_emit(bb, (uint32_t)a & ~3u);
		gensim_bb_emit(bb, a >> 32);
		break;
	case 9:
		gensim_bb_emit(bb, MI_CONDITIONAL_BATCH_BUFFER_END | (rnd() & MI_CBBE_COMPARE_SEMAPHORE));
		gensim_bb_emit(bb, rnd());
		gensim_bb_emit(bb, (uint32_t)a & ~7u);
		gensim_bb_emit(bb, a >> 32);
		break;
	case 10:
		gensim_bb_emit(bb, MI_ATOMIC | (rnd() & (MI_ATOMIC_INLINE_DATA | MI_ATOMIC_RETURN_DATA |
							  MI_ATOMIC_SIZE)) |
				   FIELD_PREP(MI_ATOMIC_OPCODE, rnd() % 0x30) | 9);
		gensim_bb_emit(bb, (uint32_t)a & ~7u);
		gensim_bb_emit(bb, a >> 32);
		for (int i = 0; i < 8; i++)
			gensim_bb_emit(bb, rnd());
		break;
	case 11:
		gensim_bb_emit(bb, MI_COPY_MEM_MEM);
		gensim_bb_emit(bb, (uint32_t)a);
		gensim_bb_emit(bb, a >> 32);
		a = fuzz_addr();
		gensim_bb_emit(bb, (uint32_t)a);
		gensim_bb_emit(bb, a >> 32);
		break;
	case 12:
		gensim_bb_emit(bb, rnd() & 1 ? MI_PREDICATE | (rnd() & 0xdb) :
				   MI_SET_PREDICATE | (rnd() & 0xf));
		break;
	case 13:
		gensim_bb_emit(bb, PIPE_CONTROL);
		gensim_bb_emit(bb, rnd());
		gensim_bb_emit(bb, (uint32_t)a & ~7u);
		gensim_bb_emit(bb, a >> 32);
		gensim_bb_emit(bb, rnd());
		gensim_bb_emit(bb, rnd());
		break;
	default:
		gensim_bb_emit(bb, MI_NOOP | (rnd() & (MI_NOOP_WRITE_ID | MI_NOOP_ID)));
		break;
	}
}

igt_main
{
	igt_fixture {
		if (gensim_render_minor() < 0)
			gensim_load();
		fd = gensim_open_render();
		vm = gensim_vm_create(fd, 0);
	}

	igt_subtest("nop-every-engine") {
		for (int e = 0; e < 4; e++) {
			struct gensim_bb bb = gensim_bb_new(fd, vm, BB_VA);
			uint32_t q = gensim_queue_create(fd, e, vm), prev = 0, last = 0;
			double t0 = now_s(), longest = 0, tw;

			gensim_bb_end(&bb);
			/*
			 * 10000 nops, pipelined in windows of NOP_WINDOW: after
			 * submitting a window, wait for the previous window's last
			 * batch.  The queue never runs dry, and each wait covers
			 * a bounded amount of work, so a slow or loaded machine
			 * (TCG, a debug kernel) cannot turn throughput into a
			 * timeout: only a batch that stops completing fails.
			 */
			for (int i = 0; i < 10000; i++) {
				if (last && i % NOP_WINDOW) {
					drmSyncobjDestroy(fd, last);
				} else if (last) {
					if (prev) {
						tw = now_s();
						igt_assert_f(gensim_syncobj_wait(fd, prev, WAIT_MS) == 0,
							     "%s: batch %d not done after %d ms\n",
							     class_name[e], i - NOP_WINDOW - 1, WAIT_MS);
						drmSyncobjDestroy(fd, prev);
						if (now_s() - tw > longest)
							longest = now_s() - tw;
					}
					prev = last;
				}
				last = gensim_exec_sync(fd, q, BB_VA);
			}
			if (prev) {
				wait_ok(prev);
				drmSyncobjDestroy(fd, prev);
			}
			wait_ok(last);
			drmSyncobjDestroy(fd, last);
			igt_info("%s: 10000 nop batches done in %.1f s (longest wait for %d: %.2f s)\n",
				 class_name[e], now_s() - t0, NOP_WINDOW, longest);
			gensim_bb_free(&bb);
		}
	}

	igt_subtest("store-dword-many-addresses") {
		for (int e = 0; e < 4; e++) {
			struct gensim_bb bb = gensim_bb_new(fd, vm, BB_VA);
			struct gensim_buf data = gensim_buf_new(fd, vm, DATA_VA, 1 << 20);
			uint32_t q = gensim_queue_create(fd, e, vm), s;

			for (int i = 0; i < 1024; i++)
				gensim_bb_store_dword(&bb, DATA_VA + i * 1024 + (i % 256) * 4,
						      0xd0000000 + i * 7 + e);
			gensim_bb_end(&bb);
			s = gensim_exec_sync(fd, q, BB_VA);
			wait_ok(s);
			for (int i = 0; i < 1024; i++)
				igt_assert_eq(data.map[(i * 1024 + (i % 256) * 4) / 4],
					      0xd0000000 + i * 7 + e);
			drmSyncobjDestroy(fd, s);
			gensim_buf_free(&data);
			gensim_bb_free(&bb);
		}
	}

	igt_subtest("chained-and-second-level") {
		struct gensim_bb first = gensim_bb_new(fd, vm, BB_VA);
		struct gensim_bb second = gensim_bb_new(fd, vm, BB_VA + 0x10000);
		struct gensim_bb chained = gensim_bb_new(fd, vm, BB_VA + 0x20000);
		struct gensim_buf data = gensim_buf_new(fd, vm, DATA_VA, 4096);
		uint32_t q = gensim_queue_create(fd, DRM_GENSIM_ENGINE_CLASS_RENDER, vm), s;

		/* first: store 1, call second (returns), store 3, chain to chained */
		gensim_bb_store_dword(&first, DATA_VA, 1);
		gensim_bb_start(&first, second.buf.va, 1);
		gensim_bb_store_dword(&first, DATA_VA + 8, 3);
		gensim_bb_start(&first, chained.buf.va, 0);
		gensim_bb_store_dword(&first, DATA_VA + 16, 0xbad);	/* never reached */
		gensim_bb_end(&first);
		gensim_bb_store_dword(&second, DATA_VA + 4, 2);
		gensim_bb_end(&second);
		gensim_bb_store_dword(&chained, DATA_VA + 12, 4);
		gensim_bb_end(&chained);

		s = gensim_exec_sync(fd, q, first.buf.va);
		wait_ok(s);
		igt_assert_eq(data.map[0], 1);
		igt_assert_eq(data.map[1], 2);
		igt_assert_eq(data.map[2], 3);
		igt_assert_eq(data.map[3], 4);
		igt_assert_eq(data.map[4], 0);
		drmSyncobjDestroy(fd, s);
		gensim_buf_free(&data);
		gensim_bb_free(&chained);
		gensim_bb_free(&second);
		gensim_bb_free(&first);
	}

	igt_subtest("mi-math") {
		const uint32_t gpr = RING_GPR(RENDER_RING_BASE, 0);
		struct gensim_bb bb = gensim_bb_new(fd, vm, BB_VA);
		struct gensim_buf data = gensim_buf_new(fd, vm, DATA_VA, 4096);
		uint32_t q = gensim_queue_create(fd, DRM_GENSIM_ENGINE_CLASS_RENDER, vm), s;

		/* R0 = 0xffffffff00000005, R1 = 0x00000001fffffffe; R2 = R0 + R1; R3 = R0 - R1 */
		gensim_bb_lri(&bb, gpr + 0, 5);
		gensim_bb_lri(&bb, gpr + 4, 0xffffffff);
		gensim_bb_lri(&bb, gpr + 8, 0xfffffffe);
		gensim_bb_lri(&bb, gpr + 12, 1);
		gensim_bb_emit(&bb, MI_MATH(8));
		gensim_bb_emit(&bb, 0x080 << 20 | 0x20 << 10 | 0x00);	/* LOAD SRCA, R0 */
		gensim_bb_emit(&bb, 0x080 << 20 | 0x21 << 10 | 0x01);	/* LOAD SRCB, R1 */
		gensim_bb_emit(&bb, 0x100 << 20);			/* ADD */
		gensim_bb_emit(&bb, 0x180 << 20 | 0x02 << 10 | 0x31);	/* STORE R2, ACCU */
		gensim_bb_emit(&bb, 0x101 << 20);			/* SUB */
		gensim_bb_emit(&bb, 0x180 << 20 | 0x03 << 10 | 0x31);	/* STORE R3, ACCU */
		gensim_bb_emit(&bb, 0x102 << 20);			/* AND */
		gensim_bb_emit(&bb, 0x180 << 20 | 0x04 << 10 | 0x31);	/* STORE R4, ACCU */
		for (int r = 2; r <= 4; r++) {
			gensim_bb_srm(&bb, gpr + 8 * r, DATA_VA + 8 * r);
			gensim_bb_srm(&bb, gpr + 8 * r + 4, DATA_VA + 8 * r + 4);
		}
		gensim_bb_end(&bb);
		s = gensim_exec_sync(fd, q, BB_VA);
		wait_ok(s);
		/* 0xffffffff00000005 + 0x1fffffffe = 0x1_0000_0000_0000_0003 -> low 64 bits */
		igt_assert_eq(data.map[4], 0x00000003);
		igt_assert_eq(data.map[5], 0x00000001);
		igt_assert_eq(data.map[6], 0x00000007);	/* 0xffffffff00000005 - 0x1fffffffe */
		igt_assert_eq(data.map[7], 0xfffffffd);
		igt_assert_eq(data.map[8], 0x00000004);	/* AND */
		igt_assert_eq(data.map[9], 0x00000001);
		drmSyncobjDestroy(fd, s);
		gensim_buf_free(&data);
		gensim_bb_free(&bb);
	}

	igt_subtest("semaphore-blitter-to-render") {
		struct gensim_bb consumer = gensim_bb_new(fd, vm, BB_VA);
		struct gensim_bb producer = gensim_bb_new(fd, vm, BB_VA + 0x10000);
		struct gensim_buf data = gensim_buf_new(fd, vm, DATA_VA, 4096);
		uint32_t rq = gensim_queue_create(fd, DRM_GENSIM_ENGINE_CLASS_RENDER, vm);
		uint32_t bq = gensim_queue_create(fd, DRM_GENSIM_ENGINE_CLASS_COPY, vm);
		uint32_t sc, sp;

		gensim_bb_semaphore_wait(&consumer, DATA_VA, 0x1234, SEMA_SAD_EQ_SDD);
		gensim_bb_store_dword(&consumer, DATA_VA + 4, 0x600d);
		gensim_bb_end(&consumer);
		gensim_bb_store_dword(&producer, DATA_VA, 0x1234);
		gensim_bb_end(&producer);

		/* The consumer waits on the engine, not in the scheduler. */
		sc = gensim_exec_sync(fd, rq, consumer.buf.va);
		usleep(200000);
		igt_assert_eq(gensim_syncobj_status(fd, sc), 0);
		igt_assert_eq(data.map[1], 0);
		sp = gensim_exec_sync(fd, bq, producer.buf.va);
		wait_ok(sp);
		wait_ok(sc);
		igt_assert_eq(data.map[1], 0x600d);
		drmSyncobjDestroy(fd, sc);
		drmSyncobjDestroy(fd, sp);
		gensim_buf_free(&data);
		gensim_bb_free(&producer);
		gensim_bb_free(&consumer);
	}

	igt_subtest("fence-ordering-across-queues") {
		struct gensim_bb a = gensim_bb_new(fd, vm, BB_VA), b = gensim_bb_new(fd, vm, BB_VA + 0x10000);
		struct gensim_buf data = gensim_buf_new(fd, vm, DATA_VA, 4096);
		uint32_t qa = gensim_queue_create(fd, DRM_GENSIM_ENGINE_CLASS_VIDEO, vm);
		uint32_t qb = gensim_queue_create(fd, DRM_GENSIM_ENGINE_CLASS_VIDEO_ENHANCE, vm);
		struct drm_gensim_sync syncs[2] = { { .flags = 0 }, { .flags = DRM_GENSIM_SYNC_SIGNAL } };
		uint32_t sa;

		/* A waits for the CPU's flag, then writes 1; B runs after A, writes 2. */
		gensim_bb_semaphore_wait(&a, DATA_VA + 8, 1, SEMA_SAD_EQ_SDD);
		gensim_bb_store_dword(&a, DATA_VA, 1);
		gensim_bb_end(&a);
		gensim_bb_store_dword(&b, DATA_VA, 2);
		gensim_bb_end(&b);
		sa = gensim_exec_sync(fd, qa, a.buf.va);
		syncs[0].handle = sa;
		igt_assert_eq(drmSyncobjCreate(fd, 0, &syncs[1].handle), 0);
		igt_assert_eq(__gensim_exec(fd, qb, b.buf.va, syncs, 2), 0);
		usleep(200000);
		/* B is held back by its dependency while A waits. */
		igt_assert_eq(gensim_syncobj_status(fd, syncs[1].handle), 0);
		igt_assert_eq(data.map[0], 0);
		data.map[2] = 1;	/* release A */
		wait_ok(syncs[1].handle);
		igt_assert_eq(data.map[0], 2);
		drmSyncobjDestroy(fd, sa);
		drmSyncobjDestroy(fd, syncs[1].handle);
		gensim_buf_free(&data);
		gensim_bb_free(&b);
		gensim_bb_free(&a);
	}

	igt_subtest("timeline-syncobj") {
		struct gensim_bb bb[3];
		struct gensim_buf data = gensim_buf_new(fd, vm, DATA_VA, 4096);
		uint32_t q = gensim_queue_create(fd, DRM_GENSIM_ENGINE_CLASS_COPY, vm);
		uint32_t q2 = gensim_queue_create(fd, DRM_GENSIM_ENGINE_CLASS_RENDER, vm);
		uint32_t tl;
		uint64_t point = 0;

		igt_assert_eq(drmSyncobjCreate(fd, 0, &tl), 0);
		for (int i = 0; i < 3; i++) {
			bb[i] = gensim_bb_new(fd, vm, BB_VA + 0x10000 * i);
			gensim_bb_store_dword(&bb[i], DATA_VA + 4 * i, 10 + i);
			gensim_bb_end(&bb[i]);
		}
		/* Points 1 and 2 from two executions on the copy engine. */
		for (int i = 0; i < 2; i++) {
			struct drm_gensim_sync s = { .handle = tl, .flags = DRM_GENSIM_SYNC_SIGNAL,
						     .timeline_value = i + 1 };

			igt_assert_eq(__gensim_exec(fd, q, bb[i].buf.va, &s, 1), 0);
		}
		/* The render queue waits for point 2, then signals point 5. */
		{
			struct drm_gensim_sync s[2] = {
				{ .handle = tl, .timeline_value = 2 },
				{ .handle = tl, .flags = DRM_GENSIM_SYNC_SIGNAL, .timeline_value = 5 },
			};

			igt_assert_eq(__gensim_exec(fd, q2, bb[2].buf.va, s, 2), 0);
		}
		point = 5;
		igt_assert_eq(drmSyncobjTimelineWait(fd, &tl, &point, 1, INT64_MAX,
						     DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT, NULL), 0);
		igt_assert_eq(drmSyncobjQuery(fd, &tl, &point, 1), 0);
		igt_assert_eq(point, 5);
		for (int i = 0; i < 3; i++)
			igt_assert_eq(data.map[i], 10 + i);
		drmSyncobjDestroy(fd, tl);
		gensim_buf_free(&data);
		for (int i = 0; i < 3; i++)
			gensim_bb_free(&bb[i]);
	}

	igt_subtest("all-engines-at-once") {
		struct gensim_bb bb[4];
		struct gensim_buf data = gensim_buf_new(fd, vm, DATA_VA, 4096);
		uint32_t s[4];

		/*
		 * A ring of handshakes: engine i waits for engine i-1's flag and
		 * raises its own; rcs0 raises first and waits for vecs0.  Only
		 * engines running at the same time get through.
		 */
		for (int e = 0; e < 4; e++) {
			bb[e] = gensim_bb_new(fd, vm, BB_VA + 0x10000 * e);
			if (e)
				gensim_bb_semaphore_wait(&bb[e], DATA_VA + 4 * (e - 1), 1, SEMA_SAD_EQ_SDD);
			gensim_bb_store_dword(&bb[e], DATA_VA + 4 * e, 1);
			if (!e)
				gensim_bb_semaphore_wait(&bb[e], DATA_VA + 12, 1, SEMA_SAD_EQ_SDD);
			gensim_bb_store_dword(&bb[e], DATA_VA + 64 + 4 * e, 0xd0e + e);
			gensim_bb_end(&bb[e]);
		}
		for (int e = 0; e < 4; e++)
			s[e] = gensim_exec_sync(fd, gensim_queue_create(fd, e, vm), bb[e].buf.va);
		for (int e = 0; e < 4; e++) {
			wait_ok(s[e]);
			igt_assert_eq(data.map[16 + e], 0xd0e + e);
			drmSyncobjDestroy(fd, s[e]);
		}
		gensim_buf_free(&data);
		for (int e = 0; e < 4; e++)
			gensim_bb_free(&bb[e]);
	}

	/*
	 * The interrupt handler once acknowledged IIR bits it read before the
	 * device had applied its previous acknowledgment, clearing events
	 * that latched in between: an engine's last job never signalled (its
	 * breadcrumb or the context switch that would submit it unheard) and
	 * was reset with -ETIME.  Thousands of interrupts from four engines
	 * at once give that window many chances.  Every job must end with
	 * status 1, no engine may have been reset (the reset that ended the
	 * stall often let every job complete, 6 s late), and the timeout
	 * handler must not have had to catch up with a missed interrupt.
	 * Before the fix the stall took 66 to 99 rounds on the stock kernel;
	 * the debug kernel runs a round in seconds, hence the time budget.
	 */
	igt_subtest("pipelined-nops-four-engines") {
		struct gensim_bb bb = gensim_bb_new(fd, vm, BB_VA);
		uint32_t *s = calloc(PIPE_NOPS, sizeof(*s));
		long missed = missed_irqs(), resets = engine_resets();
		double start = now_s();
		uint32_t q[4];

		igt_assert(s);
		gensim_bb_end(&bb);
		for (int e = 0; e < 4; e++)
			q[e] = gensim_queue_create(fd, e, vm);
		for (int r = 0; r < PIPE_ROUNDS; r++) {
			double t0 = now_s(), t;

			for (int i = 0; i < PIPE_NOPS; i++)
				s[i] = gensim_exec_sync(fd, q[i % 4], bb.buf.va);
			/* The last of each queue first: its completion implies the rest. */
			for (int i = PIPE_NOPS - 4; i < PIPE_NOPS; i++)
				igt_assert_f(gensim_syncobj_wait(fd, s[i], WAIT_MS) == 0,
					     "round %d: %s's last job did not complete in %d ms\n", r,
					     class_name[i % 4], WAIT_MS);
			for (int i = 0; i < PIPE_NOPS; i++) {
				igt_assert_eq(gensim_syncobj_wait(fd, s[i], WAIT_MS), 0);
				igt_assert_f(gensim_syncobj_status(fd, s[i]) == 1,
					     "round %d: job %d on %s ended with status %d\n", r, i,
					     class_name[i % 4], gensim_syncobj_status(fd, s[i]));
				drmSyncobjDestroy(fd, s[i]);
			}
			t = now_s() - t0;
			igt_info("round %d: %d jobs on 4 engines in %.3f s, missed interrupts %ld, "
				 "resets %ld\n", r, PIPE_NOPS, t, missed_irqs() - missed,
				 engine_resets() - resets);
			igt_assert_eq(engine_resets() - resets, 0);
			/* Rounds, not a speed: a slow kernel runs fewer of them. */
			if (r + 1 >= PIPE_MIN_ROUNDS && now_s() - start > PIPE_BUDGET_S)
				break;
		}
		igt_assert_eq(missed_irqs() - missed, 0);
		{
			char *info = gensim_debugfs("info"), *l;

			l = info ? strstr(info, "interrupts:") : NULL;
			if (l)
				igt_info("%.*s\n", (int)strcspn(l, "\n"), l);
			free(info);
		}
		free(s);
		gensim_bb_free(&bb);
	}

	igt_subtest("hang-recovery") {
		struct gensim_bb endless = gensim_bb_new(fd, vm, BB_VA);
		struct gensim_bb good = gensim_bb_new(fd, vm, BB_VA + 0x10000);
		struct gensim_buf data = gensim_buf_new(fd, vm, DATA_VA, 4096);
		uint32_t hq = gensim_queue_create(fd, DRM_GENSIM_ENGINE_CLASS_RENDER, vm);
		uint32_t gq = gensim_queue_create(fd, DRM_GENSIM_ENGINE_CLASS_RENDER, vm);
		struct drm_gensim_queue_get_state st = { .queue_id = hq };
		uint32_t sh, sg;
		char *dump;

		/*
		 * Drop older dumps: devcoredump keeps one per device and drops
		 * new ones while it is there.  (Never write "disabled": that
		 * is a one-way lockdown switch.)
		 */
		gensim_system("for d in /sys/class/devcoredump/devcd*; do "
			      "[ -e $d/data ] && echo 1 > $d/data; done; true");
		/* A batch that jumps to itself forever. */
		gensim_bb_start(&endless, endless.buf.va, 0);
		gensim_bb_store_dword(&good, DATA_VA, 0x900d);
		gensim_bb_end(&good);
		sh = gensim_exec_sync(fd, hq, endless.buf.va);
		sg = gensim_exec_sync(fd, gq, good.buf.va);
		/* The good queue's work completes; the endless one ends in error. */
		wait_ok(sg);
		igt_assert_eq(data.map[0], 0x900d);
		igt_assert_eq(gensim_syncobj_wait(fd, sh, WAIT_MS), 0);
		igt_assert_eq(gensim_syncobj_status(fd, sh), -ETIME);
		igt_assert_eq(gensim_ioctl(fd, DRM_IOCTL_GENSIM_QUEUE_GET_STATE, &st), 0);
		igt_assert_eq(st.flags, DRM_GENSIM_QUEUE_STATE_BANNED);
		igt_assert_eq(st.guilty_resets, 1);
		igt_assert_eq(st.ban_error, -ETIME);
		igt_assert_eq(__gensim_exec(fd, hq, good.buf.va, NULL, 0), -EIO);
		st = (struct drm_gensim_queue_get_state){ .queue_id = gq };
		igt_assert_eq(gensim_ioctl(fd, DRM_IOCTL_GENSIM_QUEUE_GET_STATE, &st), 0);
		igt_assert_eq(st.flags, 0);
		igt_assert_eq(st.guilty_resets, 0);
		/* The hang was captured. */
		dump = find_coredump();
		igt_assert_f(dump, "no gensim devcoredump");
		igt_assert(strstr(dump, "engine: rcs0"));
		igt_info("%.400s\n", dump);
		free(dump);
		/* The engine still works. */
		sg = gensim_exec_sync(fd, gq, good.buf.va);
		wait_ok(sg);
		drmSyncobjDestroy(fd, sh);
		drmSyncobjDestroy(fd, sg);
		gensim_buf_free(&data);
		gensim_bb_free(&good);
		gensim_bb_free(&endless);
	}

	/*
	 * A buffer private to a VM (GEM_CREATE vm_id) shares the VM's
	 * reservation: only that VM binds it, it cannot be exported, and
	 * batches in the VM use it like any other.
	 */
	igt_subtest("vm-private-buffer") {
		struct drm_gensim_gem_create c = { .size = 4096, .vm_id = vm };
		struct gensim_bb bb = gensim_bb_new(fd, vm, BB_VA);
		uint32_t other = gensim_vm_create(fd, 0);
		uint32_t q = gensim_queue_create(fd, DRM_GENSIM_ENGINE_CLASS_COPY, vm), s;
		struct drm_gensim_vm_bind_op op = {
			.op = DRM_GENSIM_VM_BIND_OP_MAP, .range = 4096, .addr = DATA_VA,
		};
		uint32_t *map;
		int dmabuf = -1;

		igt_assert_eq(gensim_ioctl(fd, DRM_IOCTL_GENSIM_GEM_CREATE, &c), 0);
		op.handle = c.handle;
		igt_assert_eq(__gensim_vm_bind(fd, other, &op, 1), -EINVAL);
		igt_assert_eq(__gensim_vm_bind(fd, vm, &op, 1), 0);
		igt_assert(drmPrimeHandleToFD(fd, c.handle, DRM_CLOEXEC, &dmabuf) != 0);
		igt_assert_eq(dmabuf, -1);
		map = gensim_gem_mmap(fd, c.handle, 4096);
		gensim_bb_store_dword(&bb, DATA_VA + 8, 0x9417);
		gensim_bb_end(&bb);
		s = gensim_exec_sync(fd, q, BB_VA);
		wait_ok(s);
		igt_assert_eq(map[2], 0x9417);
		drmSyncobjDestroy(fd, s);
		munmap(map, 4096);
		gensim_vm_unmap(fd, vm, DATA_VA, 4096);
		gensim_gem_close(fd, c.handle);
		gensim_vm_destroy(fd, other);
		gensim_bb_free(&bb);
	}

	/*
	 * UNMAP waits for the VM's jobs in flight before the pages go, and
	 * fdinfo counts the buffers of running jobs as active.  The batch
	 * blocks on a semaphore the CPU releases: the unmap must return after
	 * the release, never before.
	 */
	igt_subtest("unmap-waits-for-jobs") {
		struct gensim_bb bb = gensim_bb_new(fd, vm, BB_VA);
		struct gensim_buf data = gensim_buf_new(fd, vm, DATA_VA, 4096);
		struct gensim_buf victim = gensim_buf_new(fd, vm, DATA_VA + 0x100000, 4096);
		uint32_t q = gensim_queue_create(fd, DRM_GENSIM_ENGINE_CLASS_RENDER, vm), s;
		struct unmap_arg a = { .vm = vm, .va = victim.va, .size = victim.size };
		pthread_t t;
		double released;

		gensim_bb_semaphore_wait(&bb, DATA_VA, 0x5e4, SEMA_SAD_EQ_SDD);
		gensim_bb_store_dword(&bb, DATA_VA + 4, 0xd09e);
		gensim_bb_end(&bb);
		s = gensim_exec_sync(fd, q, BB_VA);
		/* The job is on the engine: its buffers are active. */
		usleep(100000);
		igt_assert_eq(gensim_syncobj_status(fd, s), 0);
		igt_assert_f(fdinfo_active_bytes() >= 4096, "drm-active-memory %" PRIu64 " while a job runs",
			     fdinfo_active_bytes());
		igt_assert_eq(pthread_create(&t, NULL, unmap_thread, &a), 0);
		usleep(300000);
		released = now_s();
		data.map[0] = 0x5e4;
		igt_assert_eq(pthread_join(t, NULL), 0);
		igt_assert_eq(a.ret, 0);
		igt_assert_f(a.done >= released, "UNMAP returned %.3f s before the job could end",
			     released - a.done);
		wait_ok(s);
		igt_assert_eq(data.map[1], 0xd09e);
		igt_assert_eq(fdinfo_active_bytes(), 0);
		drmSyncobjDestroy(fd, s);
		munmap(victim.map, victim.size);
		gensim_gem_close(fd, victim.handle);
		gensim_buf_free(&data);
		gensim_bb_free(&bb);
	}

	igt_subtest("privilege-violation-writes-nothing") {
		struct gensim_bb bb = gensim_bb_new(fd, vm, BB_VA);
		struct gensim_buf data = gensim_buf_new(fd, vm, DATA_VA, 4096);
		uint32_t q = gensim_queue_create(fd, DRM_GENSIM_ENGINE_CLASS_COPY, vm), s;
		uint32_t target = 0x10000 + 0x800;	/* GGTT: the first status page, driver area */
		struct drm_gensim_queue_get_state st = {};
		char cmd[64];
		uint32_t before, after;

		snprintf(cmd, sizeof(cmd), "ggtt %#x read", target);
		igt_assert_eq(gensim_probe(cmd, &before), DMA_PROBE_OK);
		/* A GGTT store from a PPGTT batch: dropped; the batch goes on. */
		gensim_bb_emit(&bb, MI_STORE_DATA_IMM | MI_SDI_USE_GGTT);
		gensim_bb_emit(&bb, target);
		gensim_bb_emit(&bb, 0);
		gensim_bb_emit(&bb, ~before);
		gensim_bb_store_dword(&bb, DATA_VA, 0xa11ce);
		gensim_bb_end(&bb);
		s = gensim_exec_sync(fd, q, BB_VA);
		wait_ok(s);
		igt_assert_eq(data.map[0], 0xa11ce);
		igt_assert_eq(gensim_probe(cmd, &after), DMA_PROBE_OK);
		igt_assert_eq(after, before);
		/* The submitter sees what was dropped; the queue is not banned. */
		st.queue_id = q;
		igt_assert_eq(gensim_ioctl(fd, DRM_IOCTL_GENSIM_QUEUE_GET_STATE, &st), 0);
		igt_assert_eq(st.dropped_commands, 1);
		igt_assert_eq(st.flags, 0);
		igt_assert_eq(st.ban_error, 0);
		drmSyncobjDestroy(fd, s);
		gensim_buf_free(&data);
		gensim_bb_free(&bb);
	}

	/*
	 * Garbage in, no harm out: batches of plausible commands with random
	 * operands (fuzz_command()) on every engine.  Each job must end, done
	 * or with an error after a reset, within the (shortened) job timeout;
	 * the device process must survive; a good batch must then run on
	 * every engine.  The run-wide dmesg check catches any kernel warning.
	 */
	igt_subtest("random-batches") {
		struct gensim_buf data = gensim_buf_new(fd, vm, DATA_VA, 4096);
		char *old = gensim_read_file("/sys/module/gensim/parameters/job_timeout_ms");
		unsigned int done = 0, errors = 0;

		igt_assert(old);
		igt_assert_eq(gensim_system("echo 300 > /sys/module/gensim/parameters/job_timeout_ms"), 0);
		for (int b = 0; b < 40; b++) {
			struct gensim_bb bb = gensim_bb_new(fd, vm, BB_VA);
			int e = b % 4, status;
			uint32_t q = gensim_queue_create(fd, e, vm), sync;

			/* From 1 to 37 commands: short ones often complete. */
			for (int i = 0; i <= (b / 4) * 4; i++)
				fuzz_command(&bb, e);
			gensim_bb_end(&bb);
			sync = gensim_exec_sync(fd, q, BB_VA);
			igt_assert_eq(gensim_syncobj_wait(fd, sync, WAIT_MS), 0);
			status = gensim_syncobj_status(fd, sync);
			igt_assert_f(status == 1 || status < 0, "status %d", status);
			if (status == 1)
				done++;
			else
				errors++;
			drmSyncobjDestroy(fd, sync);
			gensim_bb_free(&bb);
		}
		igt_info("40 random batches: %u completed, %u ended in an error\n", done, errors);
		/* Every engine still runs good work. */
		for (int e = 0; e < 4; e++) {
			struct gensim_bb bb = gensim_bb_new(fd, vm, BB_VA);
			uint32_t q = gensim_queue_create(fd, e, vm), s;

			gensim_bb_store_dword(&bb, DATA_VA + 4 * e, 0x600d0000 | e);
			gensim_bb_end(&bb);
			s = gensim_exec_sync(fd, q, BB_VA);
			wait_ok(s);
			igt_assert_eq(data.map[e], 0x600d0000 | e);
			drmSyncobjDestroy(fd, s);
			gensim_bb_free(&bb);
		}
		gensim_system("echo %d > /sys/module/gensim/parameters/job_timeout_ms", atoi(old));
		free(old);
		gensim_buf_free(&data);
	}

	igt_subtest("fdinfo-engine-busy") {
		uint64_t before = fdinfo_engine_ns("bcs0");
		struct gensim_bb bb = gensim_bb_new(fd, vm, BB_VA);
		uint32_t q = gensim_queue_create(fd, DRM_GENSIM_ENGINE_CLASS_COPY, vm), s;

		for (int i = 0; i < 200; i++)
			gensim_bb_store_dword(&bb, BB_VA + 0x8000 + 4 * i, i);
		gensim_bb_end(&bb);
		s = gensim_exec_sync(fd, q, BB_VA);
		wait_ok(s);
		igt_assert(fdinfo_engine_ns("bcs0") > before);
		drmSyncobjDestroy(fd, s);
		gensim_bb_free(&bb);
	}

	igt_subtest("queue-and-exec-invalid") {
		struct drm_gensim_queue_create c;
		struct drm_gensim_exec e;
		struct drm_gensim_sync bad = { .flags = 4 };
		uint32_t q = gensim_queue_create(fd, 0, vm);

		c = (struct drm_gensim_queue_create){ .engine_class = 9, .vm_id = vm };
		igt_assert_eq(gensim_ioctl(fd, DRM_IOCTL_GENSIM_QUEUE_CREATE, &c), -EINVAL);
		c = (struct drm_gensim_queue_create){ .engine_instance = 1, .vm_id = vm };
		igt_assert_eq(gensim_ioctl(fd, DRM_IOCTL_GENSIM_QUEUE_CREATE, &c), -EINVAL);
		c = (struct drm_gensim_queue_create){ .vm_id = vm + 100 };
		igt_assert_eq(gensim_ioctl(fd, DRM_IOCTL_GENSIM_QUEUE_CREATE, &c), -ENOENT);
		c = (struct drm_gensim_queue_create){ .vm_id = vm, .priority = 3 };
		igt_assert_eq(gensim_ioctl(fd, DRM_IOCTL_GENSIM_QUEUE_CREATE, &c), -EINVAL);
		c = (struct drm_gensim_queue_create){ .vm_id = vm, .extensions = 1 };
		igt_assert_eq(gensim_ioctl(fd, DRM_IOCTL_GENSIM_QUEUE_CREATE, &c), -EINVAL);
		c = (struct drm_gensim_queue_create){ .vm_id = vm, .reserved = { 1, 0 } };
		igt_assert_eq(gensim_ioctl(fd, DRM_IOCTL_GENSIM_QUEUE_CREATE, &c), -EINVAL);

		e = (struct drm_gensim_exec){ .queue_id = q + 100, .batch_address = BB_VA };
		igt_assert_eq(gensim_ioctl(fd, DRM_IOCTL_GENSIM_EXEC, &e), -ENOENT);
		e = (struct drm_gensim_exec){ .queue_id = q, .batch_address = BB_VA + 2 };
		igt_assert_eq(gensim_ioctl(fd, DRM_IOCTL_GENSIM_EXEC, &e), -EINVAL);
		e = (struct drm_gensim_exec){ .queue_id = q, .batch_address = 0 };
		igt_assert_eq(gensim_ioctl(fd, DRM_IOCTL_GENSIM_EXEC, &e), -EINVAL);
		e = (struct drm_gensim_exec){ .queue_id = q, .batch_address = BB_VA,
					      .num_syncs = DRM_GENSIM_EXEC_MAX_SYNCS + 1 };
		igt_assert_eq(gensim_ioctl(fd, DRM_IOCTL_GENSIM_EXEC, &e), -EINVAL);
		e = (struct drm_gensim_exec){ .queue_id = q, .batch_address = BB_VA,
					      .num_syncs = 1, .syncs = (uintptr_t)&bad };
		igt_assert_eq(gensim_ioctl(fd, DRM_IOCTL_GENSIM_EXEC, &e), -EINVAL);
		bad = (struct drm_gensim_sync){ .handle = 9999 };
		igt_assert_eq(gensim_ioctl(fd, DRM_IOCTL_GENSIM_EXEC, &e), -ENOENT);
		bad = (struct drm_gensim_sync){ .handle = 9999, .flags = DRM_GENSIM_SYNC_SIGNAL };
		igt_assert_eq(gensim_ioctl(fd, DRM_IOCTL_GENSIM_EXEC, &e), -ENOENT);
		e = (struct drm_gensim_exec){ .queue_id = q, .batch_address = BB_VA,
					      .num_syncs = 1, .syncs = 8 };
		igt_assert_eq(gensim_ioctl(fd, DRM_IOCTL_GENSIM_EXEC, &e), -EFAULT);
		e = (struct drm_gensim_exec){ .queue_id = q, .batch_address = BB_VA, .extensions = 1 };
		igt_assert_eq(gensim_ioctl(fd, DRM_IOCTL_GENSIM_EXEC, &e), -EINVAL);
		{
			struct drm_gensim_queue_destroy d = { .queue_id = q, .pad = 1 };

			igt_assert_eq(gensim_ioctl(fd, DRM_IOCTL_GENSIM_QUEUE_DESTROY, &d), -EINVAL);
			d.pad = 0;
			igt_assert_eq(gensim_ioctl(fd, DRM_IOCTL_GENSIM_QUEUE_DESTROY, &d), 0);
			igt_assert_eq(gensim_ioctl(fd, DRM_IOCTL_GENSIM_QUEUE_DESTROY, &d), -ENOENT);
		}
	}

	igt_fixture {
		close(fd);
		gensim_unload();
	}
}
