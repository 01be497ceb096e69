// SPDX-License-Identifier: MIT
/*
 * The UIO transport: find the UIO device whose sysfs name is "gensim",
 * check that its three maps have the sizes of the channel ABI, open it
 * (which attaches this process to the driver) and map the regions by
 * index (offset = index * page size).
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "channel/chan.h"
#include "core/log.h"

static int read_sysfs(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "r");
	size_t n;

	if (!f)
		return -errno;
	n = fread(buf, 1, len - 1, f);
	fclose(f);
	buf[n] = 0;
	while (n && (buf[n - 1] == '\n' || buf[n - 1] == ' '))
		buf[--n] = 0;
	return 0;
}

static int find_uio(const char *name)
{
	DIR *d = opendir("/sys/class/uio");
	struct dirent *de;
	int index = -ENODEV;
	char path[300], buf[64];

	if (!d)
		return -ENODEV;
	while ((de = readdir(d))) {
		if (strncmp(de->d_name, "uio", 3))
			continue;
		snprintf(path, sizeof(path), "/sys/class/uio/%s/name", de->d_name);
		if (!read_sysfs(path, buf, sizeof(buf)) && !strcmp(buf, name)) {
			index = atoi(de->d_name + 3);
			break;
		}
	}
	closedir(d);
	return index;
}

static int map_size(int index, int map, uint64_t *size)
{
	char path[128], buf[64];
	int ret;

	snprintf(path, sizeof(path), "/sys/class/uio/uio%d/maps/map%d/size", index, map);
	ret = read_sysfs(path, buf, sizeof(buf));
	if (ret)
		return ret;
	*size = strtoull(buf, NULL, 0);
	return 0;
}

static void *map_region(int fd, int map, uint64_t size)
{
	void *p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_NORESERVE, fd,
		       (off_t)map * sysconf(_SC_PAGESIZE));

	return p == MAP_FAILED ? NULL : p;
}

int gs_chan_open_uio(struct gs_chan *chan, const char *name)
{
	static const uint64_t want[3] = { GENSIM_BAR0_SIZE, GENSIM_WLOG_SIZE,
					  GENSIM_DMA_WINDOW_SIZE };
	uint64_t size[3];
	char path[64];
	int index, ret;

	memset(chan, 0, sizeof(*chan));
	chan->kind = GS_CHAN_UIO;
	chan->uio_fd = -1;

	index = find_uio(name);
	if (index < 0) {
		gs_err("no UIO device named \"%s\" in /sys/class/uio: is the gensim module loaded?",
		       name);
		return index;
	}
	for (int m = 0; m < 3; m++) {
		ret = map_size(index, m, &size[m]);
		if (ret || size[m] != want[m]) {
			gs_err("uio%d map%d: size %#" PRIx64 ", channel ABI %d expects %#" PRIx64,
			       index, m, ret ? 0 : size[m], GENSIM_CHANNEL_ABI_VERSION, want[m]);
			return -EPROTO;
		}
	}

	snprintf(path, sizeof(path), "/dev/uio%d", index);
	chan->uio_fd = open(path, O_RDWR | O_CLOEXEC);
	if (chan->uio_fd < 0) {
		ret = -errno;
		if (ret == -EBUSY)
			gs_err("%s: another gensim device process is attached", path);
		else
			gs_err("%s: %m", path);
		return ret;
	}
	chan->uio_index = index;
	chan->bar0 = map_region(chan->uio_fd, GENSIM_MAP_BAR0, size[0]);
	chan->wlog = map_region(chan->uio_fd, GENSIM_MAP_WLOG, size[1]);
	chan->dma = map_region(chan->uio_fd, GENSIM_MAP_DMA, size[2]);
	chan->dma_size = size[2];
	if (!chan->bar0 || !chan->wlog || !chan->dma) {
		ret = -errno;
		gs_err("%s: mapping the channel regions: %m", path);
		gs_chan_close(chan);
		return ret;
	}
	chan->records = (void *)((uint8_t *)chan->wlog + GENSIM_WLOG_RECORDS_OFFSET);
	ret = gs_chan_check_wlog(chan);
	if (ret) {
		gs_chan_close(chan);
		return ret;
	}
	gs_info("attached to %s: BAR0 %u MiB, write log %u records, DMA window %" PRIu64 " GiB",
		path, GENSIM_BAR0_SIZE >> 20, GENSIM_WLOG_NR_RECORDS, chan->dma_size >> 30);
	return 0;
}

void gs_chan_close(struct gs_chan *chan)
{
	if (chan->kind != GS_CHAN_UIO)
		return;
	if (chan->dma)
		munmap(chan->dma, chan->dma_size);
	if (chan->wlog)
		munmap(chan->wlog, GENSIM_WLOG_SIZE);
	if (chan->bar0)
		munmap(chan->bar0, GENSIM_BAR0_SIZE);
	/* The close is the detach: the driver unplugs its DRM device. */
	if (chan->uio_fd >= 0)
		close(chan->uio_fd);
	memset(chan, 0, sizeof(*chan));
	chan->uio_fd = -1;
}
