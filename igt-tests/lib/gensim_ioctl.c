// SPDX-License-Identifier: MIT
/*
 * The tests' uapi helpers (gensim_ioctl.h), each a call of libgensim on a
 * device that borrows the test's fd for that call: the library keeps
 * nothing of the file, so the tests' files stay theirs to close, reopen
 * or use from several threads.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <gensim/gensim.h>

#include "igt.h"
#include "igt_gensim.h"
#include "gensim_ioctl.h"

int gensim_dev_borrow(int fd, struct gsim_device **dev)
{
	return gsim_open_fd(fd, GSIM_OPEN_FD_BORROW, dev);
}

int gensim_ioctl(int fd, unsigned long request, void *arg)
{
	return gsim_drm_ioctl(fd, request, arg);
}

int __gensim_gem_create(int fd, uint64_t size, uint32_t flags, uint32_t *handle)
{
	struct gsim_device *d;
	int ret = gensim_dev_borrow(fd, &d);

	if (!ret) {
		ret = gsim_bo_create(d, size, flags, 0, handle);
		gsim_close(d);
	}
	return ret;
}

uint32_t gensim_gem_create_private(int fd, uint64_t size, uint32_t vm)
{
	struct gsim_device *d;
	uint32_t handle = 0;
	int ret = gensim_dev_borrow(fd, &d);

	if (!ret) {
		ret = gsim_bo_create(d, size, 0, vm, &handle);
		gsim_close(d);
	}
	igt_assert_f(!ret, "GEM_CREATE %" PRIu64 " private to VM %u: %s", size, vm,
		     strerror(-ret));
	return handle;
}

uint32_t gensim_gem_create(int fd, uint64_t size)
{
	uint32_t handle;
	int ret = __gensim_gem_create(fd, size, 0, &handle);

	igt_assert_f(!ret, "GEM_CREATE %" PRIu64 ": %s", size, strerror(-ret));
	return handle;
}

void *gensim_gem_mmap(int fd, uint32_t handle, uint64_t size)
{
	struct gsim_device *d;
	void *p = NULL;
	int ret = gensim_dev_borrow(fd, &d);

	if (!ret) {
		ret = gsim_bo_mmap(d, handle, size, &p);
		gsim_close(d);
	}
	igt_assert_f(!ret, "mmap: %s", gsim_last_error());
	return p;
}

void gensim_gem_close(int fd, uint32_t handle)
{
	struct gsim_device *d;
	int ret = gensim_dev_borrow(fd, &d);

	if (!ret) {
		ret = gsim_bo_close(d, handle);
		gsim_close(d);
	}
	igt_assert_eq(ret, 0);
}

int __gensim_vm_create(int fd, uint32_t flags, uint32_t *vm)
{
	struct gsim_device *d;
	int ret = gensim_dev_borrow(fd, &d);

	if (!ret) {
		ret = gsim_vm_create(d, flags, vm);
		gsim_close(d);
	}
	return ret;
}

uint32_t gensim_vm_create(int fd, uint32_t flags)
{
	uint32_t vm;

	igt_assert_eq(__gensim_vm_create(fd, flags, &vm), 0);
	return vm;
}

int __gensim_vm_destroy(int fd, uint32_t vm)
{
	struct gsim_device *d;
	int ret = gensim_dev_borrow(fd, &d);

	if (!ret) {
		ret = gsim_vm_destroy(d, vm);
		gsim_close(d);
	}
	return ret;
}

void gensim_vm_destroy(int fd, uint32_t vm)
{
	igt_assert_eq(__gensim_vm_destroy(fd, vm), 0);
}

int __gensim_vm_bind(int fd, uint32_t vm, struct drm_gensim_vm_bind_op *ops, uint32_t n)
{
	struct drm_gensim_vm_bind b = {
		.vm_id = vm, .num_binds = n, .binds = (uintptr_t)ops,
	};

	return gensim_ioctl(fd, DRM_IOCTL_GENSIM_VM_BIND, &b);
}

void gensim_vm_map(int fd, uint32_t vm, uint32_t handle, uint64_t offset, uint64_t range,
		   uint64_t addr, uint32_t flags)
{
	struct gsim_device *d;
	int ret = gensim_dev_borrow(fd, &d);

	if (!ret) {
		ret = gsim_vm_map(d, vm, handle, offset, range, addr, flags);
		gsim_close(d);
	}
	igt_assert_f(!ret, "VM_BIND map %#" PRIx64 "+%#" PRIx64 ": %s", addr, range,
		     strerror(-ret));
}

void gensim_vm_unmap(int fd, uint32_t vm, uint64_t addr, uint64_t range)
{
	struct gsim_device *d;
	int ret = gensim_dev_borrow(fd, &d);

	if (!ret) {
		ret = gsim_vm_unmap(d, vm, addr, range);
		gsim_close(d);
	}
	igt_assert_f(!ret, "VM_BIND unmap %#" PRIx64 "+%#" PRIx64 ": %s", addr, range,
		     strerror(-ret));
}

int __gensim_query(int fd, uint32_t query, void **data, uint32_t *size)
{
	struct drm_gensim_query q = { .query = query };
	int ret = gensim_ioctl(fd, DRM_IOCTL_GENSIM_QUERY, &q);

	if (ret)
		return ret;
	*size = q.size;
	*data = calloc(1, q.size);
	q.data = (uintptr_t)*data;
	return gensim_ioctl(fd, DRM_IOCTL_GENSIM_QUERY, &q);
}

void gensim_query_device(int fd, struct drm_gensim_query_device *dev)
{
	uint32_t size;
	void *data;

	igt_assert_eq(__gensim_query(fd, DRM_GENSIM_QUERY_DEVICE, &data, &size), 0);
	igt_assert_eq(size, sizeof(*dev));
	memcpy(dev, data, sizeof(*dev));
	free(data);
}

/* drm-client-id from the file's fdinfo */
uint64_t gensim_client_id(int fd)
{
	char path[64], *info, *p;
	uint64_t id;

	snprintf(path, sizeof(path), "/proc/self/fdinfo/%d", fd);
	info = gensim_read_file(path);
	igt_assert(info);
	p = strstr(info, "drm-client-id:");
	igt_assert_f(p, "no drm-client-id in %s", path);
	id = strtoull(p + strlen("drm-client-id:"), NULL, 10);
	free(info);
	return id;
}

int gensim_probe(const char *cmd, uint32_t *data)
{
	char path[128], *res;
	unsigned int status, value;
	int fd, minor = gensim_card_minor();
	ssize_t n;

	snprintf(path, sizeof(path), "/sys/kernel/debug/dri/%d/dma_probe", minor);
	fd = open(path, O_WRONLY);
	igt_assert_f(fd >= 0, "%s: %s", path, strerror(errno));
	n = write(fd, cmd, strlen(cmd));
	close(fd);
	if (n < 0)
		return -errno;
	res = gensim_read_file(path);
	igt_assert(res && sscanf(res, "status %u data %x", &status, &value) == 2);
	free(res);
	*data = value;
	return status;
}

int gensim_probe_ppgtt_read(int fd, uint32_t vm, uint64_t addr, uint32_t *data)
{
	char cmd[128];

	snprintf(cmd, sizeof(cmd), "ppgtt %" PRIu64 " %u %#" PRIx64 " read", gensim_client_id(fd),
		 vm, addr);
	return gensim_probe(cmd, data);
}

int gensim_probe_ppgtt_write(int fd, uint32_t vm, uint64_t addr, uint32_t data)
{
	char cmd[128];

	snprintf(cmd, sizeof(cmd), "ppgtt %" PRIu64 " %u %#" PRIx64 " write %#x",
		 gensim_client_id(fd), vm, addr, data);
	return gensim_probe(cmd, &data);
}

void gensim_mem_counts(struct gensim_mem_counts *c)
{
	char *mem = gensim_debugfs("mem");

	igt_assert(mem && sscanf(mem, "bos: %d\nvms: %d\npage tables: %d", &c->bos, &c->vms,
				 &c->page_tables) == 3);
	free(mem);
}

/* The line of debugfs client_mem under @fd's client that starts with @prefix. */
static char *client_line(int fd, const char *prefix)
{
	char *text = gensim_debugfs("client_mem"), *p, *line = NULL;
	char head[48];

	igt_assert(text);
	snprintf(head, sizeof(head), "client %" PRIu64 "\n", gensim_client_id(fd));
	p = strstr(text, head);
	if (p) {
		p += strlen(head);
		/* The client's lines are indented; the next client's are not. */
		for (; *p == ' '; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : p + strlen(p))
			if (!strncmp(p, prefix, strlen(prefix))) {
				line = strndup(p, strcspn(p, "\n"));
				break;
			}
	}
	free(text);
	return line;
}

int gensim_client_vm_mem(int fd, uint32_t vm, int *tables, long *bytes)
{
	char prefix[32], *line;
	int n;

	snprintf(prefix, sizeof(prefix), "  vm %u:", vm);
	line = client_line(fd, prefix);
	if (!line)
		return -1;
	n = sscanf(line + strlen(prefix), " %d page-table pages, %ld bytes", tables, bytes);
	free(line);
	igt_assert_eq(n, 2);
	return 0;
}

int gensim_client_queue_mem(int fd, uint32_t queue, char engine[8], long *lrc, long *ring)
{
	char prefix[32], *line;
	int n;

	snprintf(prefix, sizeof(prefix), "  queue %u on", queue);
	line = client_line(fd, prefix);
	if (!line)
		return -1;
	n = sscanf(line + strlen(prefix), " %7[a-z0-9]: context image %ld, ring %ld", engine, lrc,
		   ring);
	free(line);
	igt_assert_eq(n, 3);
	return 0;
}

uint64_t gensim_fault_count(void)
{
	char *f = gensim_debugfs("faults");
	uint64_t n = 0;

	igt_assert(f && sscanf(f, "faults: %" SCNu64, &n) == 1);
	free(f);
	return n;
}

/* The last line of debugfs faults (the newest fault), or NULL. */
char *gensim_last_fault(void)
{
	char *f = gensim_debugfs("faults"), *last, *end;

	igt_assert(f);
	end = f + strlen(f);
	while (end > f && end[-1] == '\n')
		*--end = 0;
	last = strrchr(f, '\n');
	last = strdup(last ? last + 1 : f);
	free(f);
	return last;
}

int gensim_syncobj_export(int fd, uint32_t syncobj)
{
	struct gsim_device *d;
	int sync_fd = -1, ret = gensim_dev_borrow(fd, &d);

	if (!ret) {
		ret = gsim_syncobj_export(d, syncobj, &sync_fd);
		gsim_close(d);
	}
	return ret ? ret : sync_fd;
}

/* 1 signalled, 0 pending, the fence's error (negative); -errno of the ioctl is returned as is. */
int gensim_sync_file_status(int sync_fd)
{
	int status, ret = gsim_sync_file_status(sync_fd, &status);

	return ret ? ret : status;
}

int gensim_sync_file_wait(int sync_fd, int timeout_ms)
{
	int status, ret = gsim_sync_file_wait(sync_fd, timeout_ms, &status);

	return ret ? ret : status;
}

int gensim_wait_fence_error(int fd, uint32_t syncobj, int timeout_ms)
{
	int sync_fd = gensim_syncobj_export(fd, syncobj), status;

	igt_assert_f(sync_fd >= 0, "exporting syncobj %u to a sync_file: %s", syncobj,
		     strerror(-sync_fd));
	status = gensim_sync_file_wait(sync_fd, timeout_ms);
	close(sync_fd);
	return status;
}
