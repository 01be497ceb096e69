// SPDX-License-Identifier: MIT
/*
 * gensim_uio: the device channel from the device side, with this test
 * playing the device process: the UIO node's name and maps, one device at
 * a time, the DMA window's refusal to show pages nobody mapped, the
 * message protocol, and a probe of a device that never answers (bounded,
 * then wedged).
 */
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "gensim_channel.h"
#include "lib/gensim_regs_user.h"
#include "lib/igt.h"
#include "lib/igt_gensim.h"

static int uio_index = -1;

static int find_uio(void)
{
	for (int i = 0; i < 16; i++) {
		char path[64], *name;

		snprintf(path, sizeof(path), "/sys/class/uio/uio%d/name", i);
		name = gensim_read_file(path);
		if (name && !strcmp(name, GENSIM_UIO_NAME "\n")) {
			free(name);
			return i;
		}
		free(name);
	}
	return -1;
}

static uint64_t map_size(int map)
{
	char path[128], *s;
	uint64_t v;

	snprintf(path, sizeof(path), "/sys/class/uio/uio%d/maps/map%d/size", uio_index, map);
	s = gensim_read_file(path);
	igt_assert_f(s, "%s missing", path);
	v = strtoull(s, NULL, 0);
	free(s);
	return v;
}

static int open_uio(void)
{
	char path[64];

	snprintf(path, sizeof(path), "/dev/uio%d", uio_index);
	return open(path, O_RDWR | O_CLOEXEC);
}

static sigjmp_buf fault_jmp;

static void on_fault(int sig)
{
	(void)sig;
	siglongjmp(fault_jmp, 1);
}

/* Returns 1 if reading *p raised SIGBUS, 0 if it read a value. */
static int read_faults(volatile uint32_t *p)
{
	struct sigaction sa = { .sa_handler = on_fault, .sa_flags = SA_NODEFER }, old;
	int faulted = 0;

	sigemptyset(&sa.sa_mask);
	sigaction(SIGBUS, &sa, &old);
	if (sigsetjmp(fault_jmp, 0))
		faulted = 1;
	else
		(void)*p;
	sigaction(SIGBUS, &old, NULL);
	return faulted;
}

static int send_msg(int fd, int32_t msg)
{
	return write(fd, &msg, sizeof(msg)) == sizeof(msg) ? 0 : -errno;
}

igt_main
{
	igt_fixture {
		if (gensim_module_loaded())
			gensim_unload();
		igt_assert_eq(gensim_system("%s/scripts/gensim-insmod", gensim_top()), 0);
		uio_index = find_uio();
		igt_assert_f(uio_index >= 0, "no UIO device named gensim");
	}

	igt_subtest("maps-match-the-abi") {
		igt_assert_eq(map_size(GENSIM_MAP_BAR0), GENSIM_BAR0_SIZE);
		igt_assert_eq(map_size(GENSIM_MAP_WLOG), GENSIM_WLOG_SIZE);
		igt_assert_eq(map_size(GENSIM_MAP_DMA), GENSIM_DMA_WINDOW_SIZE);
	}

	igt_subtest("one-device-at-a-time") {
		int fd = open_uio(), fd2;

		igt_assert(fd >= 0);
		fd2 = open_uio();
		igt_assert_eq(fd2, -1);
		igt_assert_eq(errno, EBUSY);
		close(fd);
		/* After the release a new device may attach. */
		fd = open_uio();
		igt_assert(fd >= 0);
		close(fd);
	}

	igt_subtest("write-log-header") {
		int fd = open_uio();
		struct gensim_wlog_header *h;

		igt_assert(fd >= 0);
		h = mmap(NULL, GENSIM_WLOG_SIZE, PROT_READ | PROT_WRITE, MAP_SHARED, fd,
			 GENSIM_MAP_WLOG * getpagesize());
		igt_assert(h != MAP_FAILED);
		igt_assert_eq(h->magic, GENSIM_WLOG_MAGIC);
		igt_assert_eq(h->version, GENSIM_CHANNEL_ABI_VERSION);
		igt_assert_eq(h->nr_records, GENSIM_WLOG_NR_RECORDS);
		igt_assert_eq(h->records_offset, GENSIM_WLOG_RECORDS_OFFSET);
		igt_assert_eq(h->head, h->tail);
		/* Too long a mapping is refused. */
		igt_assert(mmap(NULL, GENSIM_WLOG_SIZE + 4096, PROT_READ, MAP_SHARED, fd,
				GENSIM_MAP_WLOG * getpagesize()) == MAP_FAILED);
		munmap(h, GENSIM_WLOG_SIZE);
		close(fd);
	}

	igt_subtest("dma-window-shows-nothing-unmapped") {
		int fd = open_uio();
		uint8_t *win;

		igt_assert(fd >= 0);
		/* Private mappings of the window are refused: the device must see writes. */
		igt_assert(mmap(NULL, GENSIM_DMA_WINDOW_SIZE, PROT_READ, MAP_PRIVATE, fd,
				GENSIM_MAP_DMA * getpagesize()) == MAP_FAILED);
		win = mmap(NULL, GENSIM_DMA_WINDOW_SIZE, PROT_READ | PROT_WRITE,
			   MAP_SHARED | MAP_NORESERVE, fd, GENSIM_MAP_DMA * getpagesize());
		igt_assert(win != MAP_FAILED);
		/* Nothing is mapped before a probe: every page faults, none reads memory. */
		igt_assert(read_faults((uint32_t *)win));
		igt_assert(read_faults((uint32_t *)(win + GENSIM_DMA_WINDOW_RESERVED)));
		igt_assert(read_faults((uint32_t *)(win + (1ull << 32))));
		igt_assert(read_faults((uint32_t *)(win + GENSIM_DMA_WINDOW_SIZE - 4)));
		munmap(win, GENSIM_DMA_WINDOW_SIZE);
		close(fd);
	}

	igt_subtest("messages-are-checked") {
		int fd = open_uio();
		int64_t big = 1;

		igt_assert(fd >= 0);
		igt_assert_eq(send_msg(fd, 0), -EINVAL);
		igt_assert_eq(send_msg(fd, 1 << 7), -EINVAL);
		igt_assert_eq(send_msg(fd, -1), -EINVAL);
		igt_assert(write(fd, &big, sizeof(big)) < 0);
		igt_assert_eq(errno, EINVAL);
		/* An interrupt or DRAINED with no DRM device behind is harmless. */
		igt_assert_eq(send_msg(fd, GENSIM_MSG_IRQ | GENSIM_MSG_DRAINED), 0);
		close(fd);
	}

	igt_subtest("device-that-stops-answering-is-wedged") {
		static uint32_t *bar0;	/* static: survives the harness longjmp */
		struct timespec t0, t1;
		int fd = open_uio();
		char *log = NULL;

		igt_assert(fd >= 0);
		bar0 = mmap(NULL, GENSIM_BAR0_SIZE, PROT_READ | PROT_WRITE, MAP_SHARED, fd,
			    GENSIM_MAP_BAR0 * getpagesize());
		igt_assert(bar0 != MAP_FAILED);
		/*
		 * Look like a Broadwell GT2 to the probe's reads, then never apply
		 * a write: the probe's first posting read (after the GDRST write)
		 * must give up after device_timeout_ms and wedge the device.
		 */
		bar0[GENSIM_MAGIC / 4] = GENSIM_MAGIC_VALUE;
		bar0[GENSIM_ABI_VERSION / 4] = GENSIM_CHANNEL_ABI_VERSION;
		bar0[GENSIM_PCI_ID / 4] = 0x16168086;
		bar0[GENSIM_PCI_GMCH_CTRL / 4] = 3 << 6;
		bar0[GENSIM_ENGINE_MASK / 4] = 1;
		bar0[GENSIM_THREADS_PER_EU / 4] = 7;
		bar0[GEN8_FUSE2 / 4] = 1 << 25;
		igt_assert_eq(gensim_param_set("device_timeout_ms", "1000"), 0);
		clock_gettime(CLOCK_MONOTONIC, &t0);
		igt_assert_eq(send_msg(fd, GENSIM_MSG_READY), 0);
		igt_assert_eq(send_msg(fd, GENSIM_MSG_READY), -EALREADY);
		for (int i = 0; i < 100 && !log; i++) {
			log = gensim_dmesg();
			if (!strstr(log, "probe failed")) {
				free(log);
				log = NULL;
				usleep(100000);
			}
		}
		clock_gettime(CLOCK_MONOTONIC, &t1);
		igt_assert_eq(gensim_param_set("device_timeout_ms", "5000"), 0);
		igt_assert_f(log, "no 'probe failed' in dmesg after 10 s");
		igt_assert_f(strstr(log, "device wedged: write log not drained"), "%s", log);
		free(log);
		igt_info("probe gave up after %.1f s\n",
			 (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9);
		igt_assert(gensim_render_minor() < 0);
		munmap(bar0, GENSIM_BAR0_SIZE);
		close(fd);
		/* A real device attaches fine afterwards. */
		igt_assert_eq(gensim_device_stop(gensim_device_start(NULL), SIGTERM), 0);
	}

	igt_fixture
		gensim_unload();
}
