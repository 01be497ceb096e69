// SPDX-License-Identifier: MIT
/*
 * The tests' buffers, batches, queues and EXEC (gensim_batch.h) as thin
 * wrappers over libgensim: struct gensim_buf is a struct gsim_buffer that
 * remembers its file, a struct gensim_bb is emitted into through
 * libgensim's emitter (gensim/batch.h), and every failure asserts.
 */
#include <errno.h>
#include <string.h>

#include <gensim/gensim.h>

#include "gensim_batch.h"
#include "igt.h"

static struct gsim_device *borrow(int fd)
{
	struct gsim_device *d;
	int ret = gensim_dev_borrow(fd, &d);

	igt_assert_f(!ret, "a libgensim device on fd %d: %s", fd, gsim_last_error());
	return d;
}

struct gensim_buf gensim_buf_new(int fd, uint32_t vm, uint64_t va, uint64_t size)
{
	struct gsim_device *d = borrow(fd);
	struct gsim_buffer g;
	int ret;

	/* Private to the VM, as a userspace driver makes its batch and data buffers. */
	ret = gsim_buffer_create(d, vm, va, size, 0, &g);
	gsim_close(d);
	igt_assert_f(!ret, "a buffer of %#llx bytes at %#llx: %s", (unsigned long long)size,
		     (unsigned long long)va, gsim_last_error());
	return (struct gensim_buf){ .fd = fd, .vm = vm, .handle = g.handle, .va = g.va,
				    .size = g.size, .map = g.cpu };
}

void gensim_buf_free(struct gensim_buf *b)
{
	struct gsim_buffer g = { .handle = b->handle, .vm = b->vm, .va = b->va, .size = b->size,
				 .cpu = b->map };
	struct gsim_device *d = borrow(b->fd);
	int ret = gsim_buffer_destroy(d, &g);

	gsim_close(d);
	igt_assert_f(!ret, "freeing the buffer at %#llx: %s", (unsigned long long)b->va,
		     gsim_last_error());
}

struct gensim_bb gensim_bb_new(int fd, uint32_t vm, uint64_t va)
{
	struct gensim_bb bb = { .buf = gensim_buf_new(fd, vm, va, 65536) };

	return bb;
}

/* The batch as libgensim's emitter sees it: where @bb->len left off. */
static struct gsim_batch view(struct gensim_bb *bb)
{
	struct gsim_batch b;

	igt_assert_eq(gsim_batch_init(&b, bb->buf.map, bb->buf.va, bb->buf.size), 0);
	b.len = bb->len;
	return b;
}

static void emitted(struct gensim_bb *bb, const struct gsim_batch *b, int ret)
{
	igt_assert_f(!ret, "%s", gsim_last_error());
	bb->len = b->len;
}

void gensim_bb_emit(struct gensim_bb *bb, uint32_t dw)
{
	struct gsim_batch b = view(bb);

	emitted(bb, &b, gsim_batch_dword(&b, dw));
}

void gensim_bb_end(struct gensim_bb *bb)
{
	struct gsim_batch b = view(bb);

	emitted(bb, &b, gsim_batch_end(&b));
}

void gensim_bb_free(struct gensim_bb *bb)
{
	gensim_buf_free(&bb->buf);
}

void gensim_bb_store_dword(struct gensim_bb *bb, uint64_t va, uint32_t value)
{
	struct gsim_batch b = view(bb);

	emitted(bb, &b, gsim_emit_store_dword(&b, va, value));
}

void gensim_bb_semaphore_wait(struct gensim_bb *bb, uint64_t va, uint32_t value,
			      uint32_t compare)
{
	struct gsim_batch b = view(bb);

	/* @compare is the command's field (SEMA_SAD_*), the emitter takes the operation. */
	emitted(bb, &b, gsim_emit_semaphore_wait(&b, va, value, compare >> 12));
}

void gensim_bb_lri(struct gensim_bb *bb, uint32_t reg, uint32_t value)
{
	struct gsim_batch b = view(bb);

	emitted(bb, &b, gsim_emit_load_register_imm(&b, reg, value));
}

void gensim_bb_srm(struct gensim_bb *bb, uint32_t reg, uint64_t va)
{
	struct gsim_batch b = view(bb);

	emitted(bb, &b, gsim_emit_store_register_mem(&b, reg, va));
}

void gensim_bb_start(struct gensim_bb *bb, uint64_t va, int second_level)
{
	struct gsim_batch b = view(bb);

	emitted(bb, &b, gsim_emit_batch_start(&b, va, second_level ? GSIM_BB_SECOND_LEVEL : 0));
}

uint32_t gensim_queue_create(int fd, int engine_class, uint32_t vm)
{
	struct gsim_device *d = borrow(fd);
	uint32_t q = 0;
	int ret = gsim_queue_create(d, (uint32_t)engine_class, 0, vm, GSIM_PRIORITY_NORMAL, &q);

	gsim_close(d);
	igt_assert_eq(ret, 0);
	return q;
}

/* The uapi's syncs as they are: tests hand the kernel invalid ones on purpose. */
int __gensim_exec(int fd, uint32_t queue, uint64_t batch, struct drm_gensim_sync *syncs,
		  uint32_t n)
{
	struct drm_gensim_exec e = {
		.queue_id = queue, .batch_address = batch,
		.num_syncs = n, .syncs = (uintptr_t)syncs,
	};

	return gensim_ioctl(fd, DRM_IOCTL_GENSIM_EXEC, &e);
}

uint32_t gensim_exec_sync(int fd, uint32_t queue, uint64_t batch)
{
	struct gsim_sync s = { .flags = GSIM_SYNC_SIGNAL };
	struct gsim_device *d = borrow(fd);
	int ret;

	igt_assert_eq(gsim_syncobj_create(d, 0, &s.handle), 0);
	ret = gsim_exec(d, queue, batch, &s, 1);
	gsim_close(d);
	igt_assert_f(!ret, "EXEC: %s", strerror(-ret));
	return s.handle;
}

int gensim_syncobj_wait(int fd, uint32_t syncobj, int64_t timeout_ms)
{
	struct gsim_device *d;
	int ret = gensim_dev_borrow(fd, &d);

	if (!ret) {
		ret = gsim_syncobj_wait(d, &syncobj, 1, timeout_ms, GSIM_WAIT_FOR_SUBMIT);
		gsim_close(d);
	}
	return ret;
}

/* 1 signalled, 0 not yet, or the fence's error (negative), via sync_file. */
int gensim_syncobj_status(int fd, uint32_t syncobj)
{
	struct gsim_device *d = borrow(fd);
	int status = 0, ret = gsim_syncobj_status(d, syncobj, &status);

	gsim_close(d);
	igt_assert_eq(ret, 0);
	return status;
}

void gensim_dispatch_mem_init(struct gensim_dispatch_mem *m, int fd)
{
	m->fd = fd;
	m->n = 0;
	m->vm = gensim_vm_create(fd, 0);
}

int gensim_dispatch_mem_map(void *ctx, uint64_t va, uint64_t size, void **cpu)
{
	struct gensim_dispatch_mem *m = ctx;

	igt_assert(m->n < GENSIM_DISPATCH_MEM_BUFS);
	m->bufs[m->n] = gensim_buf_new(m->fd, m->vm, va, size);
	*cpu = m->bufs[m->n++].map;
	return 0;
}

uint32_t *gensim_dispatch_mem_cpu(struct gensim_dispatch_mem *m, uint64_t va)
{
	for (unsigned int i = 0; i < m->n; i++)
		if (va >= m->bufs[i].va && va < m->bufs[i].va + m->bufs[i].size)
			return m->bufs[i].map + (va - m->bufs[i].va) / 4;
	igt_assert_f(0, "nothing mapped at %#llx", (unsigned long long)va);
	return NULL;
}

void gensim_dispatch_mem_fini(struct gensim_dispatch_mem *m)
{
	while (m->n)
		gensim_buf_free(&m->bufs[--m->n]);
	gensim_vm_destroy(m->fd, m->vm);
}
