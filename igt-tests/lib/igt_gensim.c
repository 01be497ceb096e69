// SPDX-License-Identifier: MIT
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/klog.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <xf86drm.h>

#include "igt.h"
#include "igt_gensim.h"

/* GENSIM_TOP, or two levels above build/igt/<test>. */
const char *gensim_top(void)
{
	static char top[PATH_MAX];
	ssize_t n;

	if (top[0])
		return top;
	if (getenv("GENSIM_TOP")) {
		snprintf(top, sizeof(top), "%s", getenv("GENSIM_TOP"));
		return top;
	}
	n = readlink("/proc/self/exe", top, sizeof(top) - 1);
	igt_assert(n > 0);
	top[n] = 0;
	for (int i = 0; i < 3; i++)
		*strrchr(top, '/') = 0;
	return top;
}

int gensim_system(const char *fmt, ...)
{
	char cmd[1024];
	va_list ap;
	int st;

	va_start(ap, fmt);
	vsnprintf(cmd, sizeof(cmd), fmt, ap);
	va_end(ap);
	fflush(stdout);
	st = system(cmd);
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

char *gensim_read_file(const char *path)
{
	FILE *f = fopen(path, "r");
	char *buf = NULL;
	size_t len = 0;

	if (!f)
		return NULL;
	if (getdelim(&buf, &len, 0, f) < 0) {
		free(buf);
		buf = strdup("");
	}
	fclose(f);
	return buf;
}

bool gensim_module_loaded(void)
{
	char *mods = gensim_read_file("/proc/modules");
	bool loaded = mods && (!strncmp(mods, "gensim ", 7) || strstr(mods, "\ngensim "));

	free(mods);
	return loaded;
}

void gensim_load(void)
{
	igt_assert_f(gensim_system("make -s -C %s load", gensim_top()) == 0, "make load failed");
}

void gensim_unload(void)
{
	igt_assert_f(gensim_system("make -s -C %s unload", gensim_top()) == 0, "make unload failed");
}

/* The minor of the DRM node named PREFIX<n> whose device is bound to gensim. */
static int find_minor(const char *prefix)
{
	DIR *d = opendir("/sys/class/drm");
	struct dirent *de;
	int minor = -1;

	if (!d)
		return -1;
	while ((de = readdir(d))) {
		char path[PATH_MAX], link[PATH_MAX];
		ssize_t n;

		if (strncmp(de->d_name, prefix, strlen(prefix)) || strchr(de->d_name, '-'))
			continue;
		snprintf(path, sizeof(path), "/sys/class/drm/%s/device/driver", de->d_name);
		n = readlink(path, link, sizeof(link) - 1);
		if (n <= 0)
			continue;
		link[n] = 0;
		if (!strcmp(strrchr(link, '/') + 1, "gensim")) {
			minor = atoi(de->d_name + strlen(prefix));
			break;
		}
	}
	closedir(d);
	return minor;
}

int gensim_render_minor(void)
{
	return find_minor("renderD");
}

int gensim_card_minor(void)
{
	return find_minor("card");
}

int gensim_open_render(void)
{
	int minor = gensim_render_minor();
	char path[64];
	int fd;

	igt_assert_f(minor >= 0, "no gensim render node");
	snprintf(path, sizeof(path), "/dev/dri/renderD%d", minor);
	fd = open(path, O_RDWR | O_CLOEXEC);
	igt_assert_f(fd >= 0, "open %s: %s", path, strerror(errno));
	return fd;
}

int gensim_open_vgem(void)
{
	for (int i = 0; i < 16; i++) {
		char path[32];
		drmVersionPtr v;
		int f;

		snprintf(path, sizeof(path), "/dev/dri/card%d", i);
		f = open(path, O_RDWR | O_CLOEXEC);
		if (f < 0)
			continue;
		v = drmGetVersion(f);
		if (v && !strcmp(v->name, "vgem")) {
			drmFreeVersion(v);
			return f;
		}
		drmFreeVersion(v);
		close(f);
	}
	return -1;
}

static void sleep_ms(int ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	nanosleep(&ts, NULL);
}

/*
 * drm_dev_register() creates the node (sysfs, then devtmpfs) a moment
 * before it makes the minor openable: present means "opens", absent means
 * "no sysfs entry".
 */
static bool render_node_present(bool want)
{
	int minor = gensim_render_minor(), fd;
	char path[64];

	if (minor < 0 || !want)
		return minor >= 0;
	snprintf(path, sizeof(path), "/dev/dri/renderD%d", minor);
	fd = open(path, O_RDWR | O_CLOEXEC);
	if (fd < 0)
		return false;
	close(fd);
	return true;
}

bool gensim_wait_render_node(bool present, int timeout_ms)
{
	for (int t = 0; t <= timeout_ms; t += 20) {
		if (render_node_present(present) == present)
			return true;
		sleep_ms(20);
	}
	return false;
}

/* Start gensim-device with ARGS (split on spaces); its log goes to the results dir. */
pid_t gensim_device_spawn(const char *args)
{
	char path[PATH_MAX], log[PATH_MAX], buf[512];
	char *argv[32];
	int argc = 0;
	pid_t pid;

	snprintf(path, sizeof(path), "%s/build/release/bin/gensim-device", gensim_top());
	snprintf(log, sizeof(log), "%s/gensim-device.log",
		 getenv("GENSIM_RESULTS") ? getenv("GENSIM_RESULTS") : "/tmp");
	snprintf(buf, sizeof(buf), "%s", args ? args : "");
	argv[argc++] = path;
	for (char *save, *tok = strtok_r(buf, " ", &save); tok && argc < 31;
	     tok = strtok_r(NULL, " ", &save))
		argv[argc++] = tok;
	argv[argc] = NULL;

	fflush(stdout);
	pid = fork();
	igt_assert(pid >= 0);
	if (pid == 0) {
		int fd = open(log, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);

		if (fd >= 0) {
			dup2(fd, 1);
			dup2(fd, 2);
		}
		execv(path, argv);
		_exit(127);
	}
	return pid;
}

/* Start the device and wait until the driver registered its render node. */
pid_t gensim_device_start(const char *args)
{
	pid_t pid = gensim_device_spawn(args);

	igt_assert_f(gensim_wait_render_node(true, 30000),
		     "no render node 30 s after starting gensim-device %s", args ? args : "");
	return pid;
}

/* Exit status (or 128 + signal), -ETIMEDOUT if still running after TIMEOUT_MS. */
int gensim_device_wait(pid_t pid, int timeout_ms)
{
	for (int t = 0; t <= timeout_ms; t += 10) {
		int st;
		pid_t r = waitpid(pid, &st, WNOHANG);

		if (r == pid)
			return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
		if (r < 0)
			return -errno;
		sleep_ms(10);
	}
	return -ETIMEDOUT;
}

/* Signal the device, reap it, and wait for its render node to go away. */
int gensim_device_stop(pid_t pid, int sig)
{
	int st;

	kill(pid, sig);
	st = gensim_device_wait(pid, 10000);
	igt_assert_f(st != -ETIMEDOUT, "gensim-device %d still running 10 s after signal %d",
		     pid, sig);
	igt_assert_f(gensim_wait_render_node(false, 10000),
		     "render node still present 10 s after the device process exited");
	return st;
}

char *gensim_debugfs(const char *file)
{
	char path[PATH_MAX];
	int minor = gensim_card_minor();

	igt_assert_f(minor >= 0, "no gensim card node");
	snprintf(path, sizeof(path), "/sys/kernel/debug/dri/%d/%s", minor, file);
	return gensim_read_file(path);
}

/* The whole kernel log. */
char *gensim_dmesg(void)
{
	int len = klogctl(10 /* SYSLOG_ACTION_SIZE_BUFFER */, NULL, 0);
	char *buf;

	igt_assert(len > 0);
	buf = calloc(1, len + 1);
	igt_assert(buf);
	len = klogctl(3 /* SYSLOG_ACTION_READ_ALL */, buf, len);
	igt_assert(len >= 0);
	buf[len] = 0;
	return buf;
}

int gensim_param_set(const char *name, const char *value)
{
	char path[PATH_MAX];
	FILE *f;
	int ret;

	snprintf(path, sizeof(path), "/sys/module/gensim/parameters/%s", name);
	f = fopen(path, "w");
	if (!f)
		return -errno;
	ret = fputs(value, f) < 0 ? -EIO : 0;
	if (fclose(f))
		ret = -errno;
	return ret;
}

/* A module parameter's value as a number, or -errno. */
int gensim_param_get(const char *name)
{
	char path[PATH_MAX], *v;
	int ret;

	snprintf(path, sizeof(path), "/sys/module/gensim/parameters/%s", name);
	v = gensim_read_file(path);
	if (!v)
		return -errno;
	ret = atoi(v);
	free(v);
	return ret;
}

const char *const gensim_object_names[GENSIM_OBJECT_KINDS] = {
	"bos", "vms", "page_tables", "queues", "jobs", "contexts", "hw_fences",
};

/* 0, or -ENOENT (-errno) when the module does not export the counts. */
int gensim_objects(struct gensim_objects *o)
{
	char *text = gensim_read_file("/sys/kernel/debug/gensim/objects");

	if (!text)
		return errno ? -errno : -ENOENT;
	for (int i = 0; i < GENSIM_OBJECT_KINDS; i++) {
		size_t len = strlen(gensim_object_names[i]);
		char *p = text;

		o->n[i] = -1;
		while (p && *p) {
			if (!strncmp(p, gensim_object_names[i], len) && p[len] == ':') {
				o->n[i] = strtol(p + len + 1, NULL, 10);
				break;
			}
			p = strchr(p, '\n');
			p = p ? p + 1 : NULL;
		}
	}
	free(text);
	return 0;
}

/* How many kinds differ; "name N (want M), ..." in @buf. */
int gensim_objects_diff(const struct gensim_objects *have, const struct gensim_objects *want,
			char *buf, size_t len)
{
	int n = 0;
	size_t off = 0;

	if (len)
		buf[0] = 0;
	for (int i = 0; i < GENSIM_OBJECT_KINDS; i++) {
		if (have->n[i] == want->n[i])
			continue;
		if (off < len)
			off += snprintf(buf + off, len - off, "%s%s %ld (want %ld)", n ? ", " : "",
					gensim_object_names[i], have->n[i], want->n[i]);
		n++;
	}
	return n;
}

/* Poll until the counts equal @want (teardown runs from work items). */
bool gensim_objects_wait(const struct gensim_objects *want, int timeout_ms,
			 struct gensim_objects *last)
{
	for (int t = 0;; t += 50) {
		char buf[8];

		if (gensim_objects(last))
			return false;
		if (!gensim_objects_diff(last, want, buf, 0))
			return true;
		if (t >= timeout_ms)
			return false;
		sleep_ms(50);
	}
}

/* The state letter of /proc/PID/stat (R, S, D, T, Z...), or 0 if there is no such process. */
char gensim_pid_state(pid_t pid)
{
	char path[64], *stat, *p, state = 0;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	stat = gensim_read_file(path);
	if (!stat)
		return 0;
	p = strrchr(stat, ')');
	if (p && p[1] == ' ')
		state = p[2];
	free(stat);
	return state;
}

/* The process exists and has not exited (a zombie has). */
bool gensim_pid_alive(pid_t pid)
{
	char s = gensim_pid_state(pid);

	return s && s != 'Z' && s != 'X';
}

/* A live gensim-device process, or -1. */
pid_t gensim_device_pid(void)
{
	DIR *d = opendir("/proc");
	struct dirent *de;
	pid_t pid = -1;

	if (!d)
		return -1;
	while ((de = readdir(d))) {
		char path[PATH_MAX], *comm;
		pid_t p = atoi(de->d_name);

		if (p <= 0)
			continue;
		snprintf(path, sizeof(path), "/proc/%d/comm", (int)p);
		comm = gensim_read_file(path);
		if (comm && !strcmp(comm, "gensim-device\n") && gensim_pid_alive(p)) {
			free(comm);
			pid = p;
			break;
		}
		free(comm);
	}
	closedir(d);
	return pid;
}
