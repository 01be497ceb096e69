// SPDX-License-Identifier: MIT
/*
 * libgensim's objects through the in-process backend, checked by what
 * batches see: queries answer as the driver would; buffers bound where
 * asked (aliases, read-only bindings, partial unmaps, a closed buffer
 * kept by its binding, a scratch-page VM); the uapi's argument errors;
 * syncobjs and EXEC dependencies; a queue's context kept across batches;
 * and a job that faults, one with a bad command, one that never ends and
 * one with a privileged command - each ending as uapi "Job errors" says.
 */
#include <errno.h>
#include <stdatomic.h>
#include <string.h>

#include "gsim_env.h"

#define BB_VA		0x100000ull
#define DATA_VA		0x200000ull
#define ALIAS_VA	0x300000ull
#define UNBOUND_VA	0x7000000000ull
#define PG		4096u
#define GDRST		0x941c			/* privileged: an LRI to it is dropped */
#define GPR0(base)	((base) + 0x600)
#define RCS_BASE	0x2000u

static uint32_t rd(const void *p)
{
	return atomic_load_explicit((const _Atomic uint32_t *)p, memory_order_relaxed);
}

static void t_queries(void)
{
	struct gsim_device *dev = ge_open(1, WAIT_MS);
	struct gsim_engine_info e[4];
	struct gsim_device_info info;
	struct gsim_topology t;
	struct gsim_version v;
	uint32_t n;

	CHECK_EQ(gsim_backend_of(dev), GSIM_BACKEND_INPROCESS);
	FAILS(gsim_fd(dev), -EOPNOTSUPP);
	OK(gsim_query_version(dev, &v));
	CHECK(!strcmp(v.name, "gensim-inprocess"));
	OK(gsim_query_device(dev, &info));
	CHECK_EQ(info.vendor_id, 0x8086);
	CHECK(info.eu_total && info.threads_per_eu);
	CHECK_EQ(info.va_bits, 48);
	CHECK_EQ(info.va_start, 0x10000);
	CHECK_EQ(info.va_end, (1ull << 48) - (1ull << 32));
	OK(gsim_query_topology(dev, &t));
	CHECK_EQ(t.hw_threads, info.eu_total * info.threads_per_eu);
	CHECK_EQ(t.slices * t.subslices * t.eus, info.eu_total);
	/* Fewer slots than engines: the count is still all of them. */
	OK(gsim_query_engines(dev, e, 1, &n));
	CHECK_EQ(n, (uint32_t)__builtin_popcount(info.engine_mask));
	CHECK(!strcmp(e[0].name, "rcs0"));
	OK(gsim_query_engines(dev, e, 4, &n));
	CHECK(!strcmp(e[1].name, "bcs0") && e[1].engine_class == GSIM_ENGINE_CLASS_COPY);
	gsim_close(dev);
}

/* The uapi's errors, before anything is applied. */
static void t_argument_errors(void)
{
	struct gsim_device *dev = ge_open(1, WAIT_MS);
	uint32_t vm = ge_vm(dev, 0), other = ge_vm(dev, 0), bo, priv, h, q;
	struct gsim_bind_op ops[2] = {
		{ .op = GSIM_BIND_MAP, .range = PG, .addr = DATA_VA },
		{ .op = GSIM_BIND_MAP, .range = PG, .addr = DATA_VA + 1 },
	};
	struct gsim_sync bad = { .handle = 999 };

	FAILS(gsim_bo_create(dev, 0, 0, 0, &h), -EINVAL);
	FAILS(gsim_bo_create(dev, PG, 1u << 5, 0, &h), -EINVAL);
	FAILS(gsim_bo_create(dev, 1ull << 36, 0, 0, &h), -E2BIG);
	FAILS(gsim_bo_create(dev, PG, 0, 77, &h), -ENOENT);
	OK(gsim_bo_create(dev, 2 * PG, 0, 0, &bo));
	OK(gsim_bo_create(dev, PG, 0, vm, &priv));
	FAILS(gsim_vm_map(dev, 77, bo, 0, PG, DATA_VA, 0), -ENOENT);
	FAILS(gsim_vm_map(dev, vm, 77, 0, PG, DATA_VA, 0), -ENOENT);
	FAILS(gsim_vm_map(dev, vm, bo, 0, PG, DATA_VA + 8, 0), -EINVAL);
	FAILS(gsim_vm_map(dev, vm, bo, 0, 0, DATA_VA, 0), -EINVAL);
	FAILS(gsim_vm_map(dev, vm, bo, PG, 2 * PG, DATA_VA, 0), -EINVAL);
	FAILS(gsim_vm_map(dev, vm, bo, 0, PG, 0, 0), -EINVAL);
	FAILS(gsim_vm_map(dev, vm, bo, 0, PG, 1ull << 48, 0), -EINVAL);
	FAILS(gsim_vm_map(dev, vm, bo, 0, PG, DATA_VA, 1u << 3), -EINVAL);
	/* A VM-private buffer: only its VM binds it. */
	FAILS(gsim_vm_map(dev, other, priv, 0, PG, DATA_VA, 0), -EINVAL);
	OK(gsim_vm_map(dev, vm, priv, 0, PG, DATA_VA, 0));
	/* Checked before applied: the first (good) operation did not happen either. */
	ops[0].handle = ops[1].handle = bo;
	FAILS(gsim_vm_bind(dev, vm, ops, 2), -EINVAL);
	FAILS(gsim_vm_bind(dev, vm, ops, 0), -EINVAL);
	ops[0] = (struct gsim_bind_op){ .op = GSIM_BIND_UNMAP, .handle = bo, .range = PG,
					.addr = DATA_VA };
	FAILS(gsim_vm_bind(dev, vm, ops, 1), -EINVAL);
	FAILS(gsim_queue_create(dev, 9, 0, vm, GSIM_PRIORITY_NORMAL, &q), -EINVAL);
	FAILS(gsim_queue_create(dev, GSIM_ENGINE_CLASS_COPY, 1, vm, GSIM_PRIORITY_NORMAL, &q),
	      -EINVAL);
	FAILS(gsim_queue_create(dev, GSIM_ENGINE_CLASS_COPY, 0, vm, 3, &q), -EINVAL);
	FAILS(gsim_queue_create(dev, GSIM_ENGINE_CLASS_COPY, 0, 77, GSIM_PRIORITY_NORMAL, &q),
	      -ENOENT);
	q = ge_queue(dev, GSIM_ENGINE_CLASS_COPY, vm);
	FAILS(gsim_exec(dev, q + 100, BB_VA, NULL, 0), -ENOENT);
	FAILS(gsim_exec(dev, q, BB_VA + 2, NULL, 0), -EINVAL);
	FAILS(gsim_exec(dev, q, 0, NULL, 0), -EINVAL);
	FAILS(gsim_exec(dev, q, BB_VA, &bad, 1), -ENOENT);
	bad.flags = 4;
	FAILS(gsim_exec(dev, q, BB_VA, &bad, 1), -EINVAL);
	FAILS(gsim_queue_destroy(dev, q + 100), -ENOENT);
	OK(gsim_queue_destroy(dev, q));
	FAILS(gsim_queue_destroy(dev, q), -ENOENT);
	FAILS(gsim_bo_close(dev, 77), -ENOENT);
	FAILS(gsim_vm_destroy(dev, 77), -ENOENT);
	FAILS(gsim_syncobj_create(dev, 2, &h), -EINVAL);
	FAILS(gsim_syncobj_destroy(dev, 77), -ENOENT);
	gsim_close(dev);
}

/* Stores through one binding show through another of the same pages; read-only ones fault. */
static void t_bindings(void)
{
	struct gsim_device *dev = ge_open(1, WAIT_MS);
	uint32_t vm = ge_vm(dev, 0), q = ge_queue(dev, GSIM_ENGINE_CLASS_COPY, vm), bo;
	struct gsim_buffer bb;
	struct gsim_batch b;
	uint32_t *cpu;
	struct gsim_queue_state st;

	ge_buffer(dev, vm, BB_VA, 4 * PG, &bb);
	OK(gsim_bo_create(dev, 4 * PG, 0, 0, &bo));
	OK(gsim_bo_mmap(dev, bo, 4 * PG, (void **)&cpu));
	OK(gsim_vm_map(dev, vm, bo, 0, 4 * PG, DATA_VA, 0));
	/* Pages 1..2 of the buffer again, elsewhere. */
	OK(gsim_vm_map(dev, vm, bo, PG, 2 * PG, ALIAS_VA, 0));
	ge_batch(&bb, &b);
	OK(gsim_emit_store_dword(&b, DATA_VA, 0x11));
	OK(gsim_emit_store_dword(&b, ALIAS_VA + 4, 0x22));		/* page 1, dword 1 */
	OK(gsim_emit_store_qword(&b, DATA_VA + 3 * PG, 0x4444444433333333ull));
	OK(gsim_emit_copy_mem_mem(&b, DATA_VA + 8, DATA_VA + PG + 4));
	OK(ge_run(dev, q, &b));
	CHECK_EQ(rd(&cpu[0]), 0x11);
	CHECK_EQ(rd(&cpu[PG / 4 + 1]), 0x22);
	CHECK_EQ(rd(&cpu[3 * PG / 4]), 0x33333333);
	CHECK_EQ(rd(&cpu[3 * PG / 4 + 1]), 0x44444444);
	CHECK_EQ(rd(&cpu[2]), 0x22);
	/* Remapped read-only: reading works, the store faults and bans the queue. */
	OK(gsim_vm_map(dev, vm, bo, 0, PG, DATA_VA, GSIM_BIND_READONLY));
	ge_batch(&bb, &b);
	OK(gsim_emit_copy_mem_mem(&b, DATA_VA + PG, DATA_VA));
	OK(ge_run(dev, q, &b));
	CHECK_EQ(rd(&cpu[PG / 4]), 0x11);
	ge_batch(&bb, &b);
	OK(gsim_emit_store_dword(&b, DATA_VA, 0x55));
	FAILS(ge_run(dev, q, &b), -EFAULT);
	CHECK(strstr(gsim_last_error(), "bcs0 stopped with an error"));
	CHECK_EQ(rd(&cpu[0]), 0x11);
	OK(gsim_queue_get_state(dev, q, &st));
	CHECK_EQ(st.flags, GSIM_QUEUE_BANNED);
	CHECK_EQ(st.guilty_resets, 1);
	CHECK_EQ(st.ban_error, -EFAULT);
	FAILS(gsim_exec(dev, q, bb.va, NULL, 0), -EIO);
	gsim_close(dev);
}

/*
 * Unmapping the middle page of a mapping splits it; a closed buffer lives
 * while bound; a scratch-page VM reads zeros where nothing is bound, and
 * still faults on writes there.
 */
static void t_unmap_and_scratch(void)
{
	struct gsim_device *dev = ge_open(1, WAIT_MS);
	uint32_t vm = ge_vm(dev, 0), sv = ge_vm(dev, GSIM_VM_SCRATCH_PAGE), bo, q;
	struct gsim_buffer bb, sb, data;
	struct gsim_batch b;
	uint32_t *cpu;

	q = ge_queue(dev, GSIM_ENGINE_CLASS_COPY, vm);
	ge_buffer(dev, vm, BB_VA, PG, &bb);
	OK(gsim_bo_create(dev, 4 * PG, 0, 0, &bo));
	OK(gsim_bo_mmap(dev, bo, 4 * PG, (void **)&cpu));
	OK(gsim_vm_map(dev, vm, bo, 0, 4 * PG, DATA_VA, 0));
	OK(gsim_vm_unmap(dev, vm, DATA_VA + PG, PG));
	OK(gsim_bo_close(dev, bo));
	ge_batch(&bb, &b);
	OK(gsim_emit_store_dword(&b, DATA_VA, 1));
	OK(gsim_emit_store_dword(&b, DATA_VA + 2 * PG, 2));
	OK(gsim_emit_store_dword(&b, DATA_VA + 3 * PG, 3));
	OK(ge_run(dev, q, &b));
	CHECK_EQ(rd(&cpu[0]), 1);
	CHECK_EQ(rd(&cpu[2 * PG / 4]), 2);
	CHECK_EQ(rd(&cpu[3 * PG / 4]), 3);
	ge_batch(&bb, &b);
	OK(gsim_emit_store_dword(&b, DATA_VA + PG, 4));
	FAILS(ge_run(dev, q, &b), -EFAULT);
	CHECK_EQ(rd(&cpu[PG / 4]), 0);
	OK(gsim_vm_unmap(dev, vm, DATA_VA, 4 * PG));

	q = ge_queue(dev, GSIM_ENGINE_CLASS_COPY, sv);
	ge_buffer(dev, sv, BB_VA, PG, &sb);
	ge_buffer(dev, sv, DATA_VA, PG, &data);
	((uint32_t *)data.cpu)[0] = 0xdead;
	ge_batch(&sb, &b);
	OK(gsim_emit_copy_mem_mem(&b, DATA_VA, UNBOUND_VA));
	OK(ge_run(dev, q, &b));
	CHECK_EQ(rd(data.cpu), 0);
	ge_batch(&sb, &b);
	OK(gsim_emit_store_dword(&b, UNBOUND_VA, 1));
	FAILS(ge_run(dev, q, &b), -EFAULT);
	OK(gsim_buffer_destroy(dev, &data));
	OK(gsim_buffer_destroy(dev, &sb));
	OK(gsim_buffer_destroy(dev, &bb));
	OK(gsim_vm_destroy(dev, sv));
	gsim_close(dev);
}

/*
 * EXEC and syncobjs: a signal syncobj carries the job's result, a wait on
 * one that never got a fence times out (or is refused without
 * WAIT_FOR_SUBMIT), and a job that waits for a failed one fails with its
 * error without running.
 */
static void t_syncobjs(void)
{
	struct gsim_device *dev = ge_open(1, WAIT_MS);
	uint32_t vm = ge_vm(dev, 0), qa = ge_queue(dev, GSIM_ENGINE_CLASS_RENDER, vm);
	uint32_t qb = ge_queue(dev, GSIM_ENGINE_CLASS_COPY, vm), s[3];
	struct gsim_buffer ba, bb, data;
	struct gsim_sync sync[2];
	struct gsim_batch b;
	int st;

	ge_buffer(dev, vm, BB_VA, PG, &ba);
	ge_buffer(dev, vm, BB_VA + 0x10000, PG, &bb);
	ge_buffer(dev, vm, DATA_VA, PG, &data);
	for (int i = 0; i < 3; i++)
		OK(gsim_syncobj_create(dev, 0, &s[i]));
	FAILS(gsim_syncobj_wait(dev, &s[0], 1, 10, 0), -EINVAL);
	FAILS(gsim_syncobj_wait(dev, &s[0], 1, 10, GSIM_WAIT_FOR_SUBMIT), -ETIME);
	FAILS(gsim_syncobj_export(dev, s[0], &st), -EOPNOTSUPP);

	ge_batch(&ba, &b);
	OK(gsim_emit_store_dword(&b, DATA_VA, 7));
	OK(gsim_batch_end(&b));
	sync[0] = (struct gsim_sync){ .handle = s[0], .flags = GSIM_SYNC_SIGNAL };
	OK(gsim_exec(dev, qa, ba.va, sync, 1));
	OK(gsim_syncobj_wait(dev, &s[0], 1, WAIT_MS, 0));
	OK(gsim_syncobj_status(dev, s[0], &st));
	CHECK_EQ(st, 1);
	CHECK_EQ(rd(data.cpu), 7);

	/* Waits for s[0] (fine), signals s[1] with a fault. */
	ge_batch(&bb, &b);
	OK(gsim_emit_store_dword(&b, UNBOUND_VA, 1));
	OK(gsim_batch_end(&b));
	sync[0] = (struct gsim_sync){ .handle = s[0] };
	sync[1] = (struct gsim_sync){ .handle = s[1], .flags = GSIM_SYNC_SIGNAL };
	OK(gsim_exec(dev, qb, bb.va, sync, 2));
	OK(gsim_syncobj_status(dev, s[1], &st));
	CHECK_EQ(st, -EFAULT);

	/* Waits for s[1]: never runs, fails with its error. */
	ge_batch(&ba, &b);
	OK(gsim_emit_store_dword(&b, DATA_VA, 8));
	OK(gsim_batch_end(&b));
	sync[0] = (struct gsim_sync){ .handle = s[1] };
	sync[1] = (struct gsim_sync){ .handle = s[2], .flags = GSIM_SYNC_SIGNAL };
	OK(gsim_exec(dev, qa, ba.va, sync, 2));
	OK(gsim_syncobj_wait(dev, s, 3, WAIT_MS, GSIM_WAIT_ALL));
	OK(gsim_syncobj_status(dev, s[2], &st));
	CHECK_EQ(st, -EFAULT);
	CHECK_EQ(rd(data.cpu), 7);
	for (int i = 0; i < 3; i++)
		OK(gsim_syncobj_destroy(dev, s[i]));
	gsim_close(dev);
}

/*
 * A queue is one context: the GPRs a batch leaves are the next batch's,
 * and another queue's are its own.  A privileged command is dropped and
 * counted; the batch goes on.
 */
static void t_context_kept(void)
{
	struct gsim_device *dev = ge_open(1, WAIT_MS);
	uint32_t vm = ge_vm(dev, 0), qa = ge_queue(dev, GSIM_ENGINE_CLASS_RENDER, vm);
	uint32_t qb = ge_queue(dev, GSIM_ENGINE_CLASS_RENDER, vm);
	struct gsim_buffer bb, data;
	struct gsim_queue_state st;
	struct gsim_batch b;

	ge_buffer(dev, vm, BB_VA, PG, &bb);
	ge_buffer(dev, vm, DATA_VA, PG, &data);
	ge_batch(&bb, &b);
	OK(gsim_emit_load_register_imm(&b, GPR0(RCS_BASE), 0x1234));
	OK(ge_run(dev, qa, &b));
	ge_batch(&bb, &b);
	OK(gsim_emit_load_register_imm(&b, GPR0(RCS_BASE), 0x5678));
	OK(gsim_emit_load_register_imm(&b, GDRST, 1));
	OK(gsim_emit_store_dword(&b, DATA_VA + 8, 9));
	OK(ge_run(dev, qb, &b));
	OK(gsim_queue_get_state(dev, qb, &st));
	CHECK_EQ(st.dropped_commands, 1);
	CHECK_EQ(st.flags, 0);
	CHECK_EQ(rd((uint32_t *)data.cpu + 2), 9);
	for (int i = 0; i < 3; i++) {
		ge_batch(&bb, &b);
		OK(gsim_emit_store_register_mem(&b, GPR0(RCS_BASE), DATA_VA));
		OK(gsim_emit_store_register_mem(&b, GPR0(RCS_BASE), DATA_VA + 4));
		OK(ge_run(dev, qa, &b));
		CHECK_EQ(rd(data.cpu), 0x1234);
		ge_batch(&bb, &b);
		OK(gsim_emit_store_register_mem(&b, GPR0(RCS_BASE), DATA_VA + 4));
		OK(ge_run(dev, qb, &b));
		CHECK_EQ(rd((uint32_t *)data.cpu + 1), 0x5678);
	}
	gsim_close(dev);
}

/* A bad command, and a batch that never ends: reset, banned; the engine goes on. */
static void t_hangs(void)
{
	struct gsim_device *dev = ge_open(1, 300);
	uint32_t vm = ge_vm(dev, 0), q = ge_queue(dev, GSIM_ENGINE_CLASS_COPY, vm);
	struct gsim_buffer bb, data;
	struct gsim_queue_state st;
	struct gsim_batch b;

	ge_buffer(dev, vm, BB_VA, PG, &bb);
	ge_buffer(dev, vm, DATA_VA, PG, &data);
	ge_batch(&bb, &b);
	OK(gsim_batch_dword(&b, 0x1fffffff));		/* MI opcode 0x3f: none */
	FAILS(ge_run(dev, q, &b), -ENOEXEC);
	CHECK_MSG(strstr(gsim_last_error(), "EIR 0x1,"), "%s", gsim_last_error());

	q = ge_queue(dev, GSIM_ENGINE_CLASS_COPY, vm);
	ge_batch(&bb, &b);
	OK(gsim_emit_semaphore_wait(&b, DATA_VA, 1, GSIM_SEMA_EQ));
	FAILS(ge_run(dev, q, &b), -ETIME);
	OK(gsim_queue_get_state(dev, q, &st));
	CHECK_EQ(st.flags, GSIM_QUEUE_BANNED);
	CHECK_EQ(st.ban_error, -ETIME);

	q = ge_queue(dev, GSIM_ENGINE_CLASS_COPY, vm);
	ge_batch(&bb, &b);
	FAILS(gsim_emit_flush_dw_store(&b, DATA_VA + 4, 0xf1, 0), -EINVAL);
	OK(gsim_emit_flush_dw_store(&b, DATA_VA + 8, 0xf1, 0));
	OK(ge_run(dev, q, &b));
	CHECK_EQ(rd((uint32_t *)data.cpu + 2), 0xf1);
	gsim_close(dev);
}

int main(void)
{
	tap_run("queries: version, device, topology, engines", t_queries);
	tap_run("the uapi's argument errors", t_argument_errors);
	tap_run("bindings: aliases, qwords, read-only, a fault bans", t_bindings);
	tap_run("partial unmap, a closed buffer kept bound, the scratch page", t_unmap_and_scratch);
	tap_run("syncobjs: signal, wait, a failed dependency", t_syncobjs);
	tap_run("a queue's context across batches; a dropped command", t_context_kept);
	tap_run("a bad command and a hang: reset, banned, the engine goes on", t_hangs);
	return tap_done();
}
