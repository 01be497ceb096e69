// SPDX-License-Identifier: MIT
/*
 * The shared library as a client of it sees it: found by its soname,
 * exporting exactly the functions the public headers declare (nm -D
 * against the headers' declarations, both ways), no in-process backend,
 * and the driver backend's errors without a driver.
 */
#include <ctype.h>
#include <dlfcn.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gensim/gensim.h>

#include "tap.h"

#define MAX_NAMES	256

struct names {
	char *v[MAX_NAMES];
	unsigned int n;
};

static void add(struct names *s, const char *name, size_t len)
{
	for (unsigned int i = 0; i < s->n; i++)
		if (strlen(s->v[i]) == len && !strncmp(s->v[i], name, len))
			return;
	CHECK(s->n < MAX_NAMES);
	s->v[s->n++] = strndup(name, len);
}

static void drop(struct names *s)
{
	while (s->n)
		free(s->v[--s->n]);
}

static bool has(const struct names *s, const char *name)
{
	for (unsigned int i = 0; i < s->n; i++)
		if (!strcmp(s->v[i], name))
			return true;
	return false;
}

/* Every "gsim_name(" of the public headers: declarations, and calls named in comments. */
static void header_names(struct names *s)
{
	static const char *const headers[] = { "gensim.h", "batch.h", "dispatch.h" };

	for (unsigned int h = 0; h < 3; h++) {
		char path[512], line[512];
		FILE *f;

		snprintf(path, sizeof(path), "%s/%s", GSIM_HEADERS, headers[h]);
		f = fopen(path, "r");
		CHECK_MSG(f, "%s", path);
		while (fgets(line, sizeof(line), f)) {
			for (char *p = strstr(line, "gsim_"); p; p = strstr(p + 1, "gsim_")) {
				size_t n = 0;

				if (p > line && (isalnum((unsigned char)p[-1]) || p[-1] == '_'))
					continue;
				while (isalnum((unsigned char)p[n]) || p[n] == '_')
					n++;
				if (p[n] == '(')
					add(s, p, n);
			}
		}
		fclose(f);
	}
}

/* The defined dynamic symbols of the library, by nm (binutils, which the build needs). */
static bool exported(struct names *s)
{
	char cmd[600], line[256];
	FILE *p;

	snprintf(cmd, sizeof(cmd), "nm -D --defined-only %s 2>/dev/null", GSIM_SO);
	p = popen(cmd, "r");
	if (!p)
		return false;
	while (fgets(line, sizeof(line), p)) {
		char type, name[200];

		if (sscanf(line, "%*s %c %199s", &type, name) == 2 && type == 'T')
			add(s, name, strcspn(name, "@"));
	}
	return pclose(p) == 0 && s->n;
}

static void t_exports(void)
{
	struct names decl = { 0 }, exp = { 0 };

	header_names(&decl);
	CHECK(decl.n > 60);
	CHECK_MSG(exported(&exp), "nm -D %s found no symbols", GSIM_SO);
	for (unsigned int i = 0; i < decl.n; i++)
		CHECK_MSG(has(&exp, decl.v[i]), "%s is declared but not exported", decl.v[i]);
	for (unsigned int i = 0; i < exp.n; i++)
		CHECK_MSG(has(&decl, exp.v[i]), "%s is exported but not declared", exp.v[i]);
	drop(&decl);
	drop(&exp);
	/* The library's insides are not reachable by name. */
	CHECK(!dlsym(RTLD_DEFAULT, "lgsim_fail"));
	CHECK(dlsym(RTLD_DEFAULT, "gsim_open") == (void *)gsim_open);
}

static void t_soname(void)
{
	void *h = dlopen("libgensim.so.0", RTLD_NOW | RTLD_NOLOAD);

	/* Loaded already, under its soname, by this program's DT_NEEDED. */
	CHECK_MSG(h, "%s", dlerror());
	dlclose(h);
}

static void t_no_inprocess(void)
{
	struct gsim_device *dev = (struct gsim_device *)1;

	CHECK_EQ(gsim_open_inprocess(NULL, &dev), -ENOTSUP);
	CHECK(!dev);
	CHECK(strstr(gsim_last_error(), "libgensim.a"));
}

static void t_driver_errors(void)
{
	struct gsim_device *dev;
	int st;

	CHECK_EQ(gsim_open("/nonexistent/renderD128", &dev), -ENOENT);
	CHECK(strstr(gsim_last_error(), "/nonexistent/renderD128"));
	CHECK_EQ(gsim_open_fd(-1, 0, &dev), -EBADF);
	CHECK_EQ(gsim_open_fd(0, 0x80, &dev), -EINVAL);
	/* Any file opens (nothing is asked yet); the first ioctl says it is not DRM. */
	CHECK_EQ(gsim_open_fd(0, GSIM_OPEN_FD_BORROW, &dev), 0);
	CHECK_EQ(gsim_backend_of(dev), GSIM_BACKEND_DRM);
	CHECK_EQ(gsim_fd(dev), 0);
	CHECK(gsim_syncobj_create(dev, 0, (uint32_t *)&st) < 0);
	gsim_close(dev);
	CHECK_EQ(gsim_sync_file_status(-1, &st), -EBADF);
}

int main(void)
{
	tap_run("exports: exactly the headers' functions", t_exports);
	tap_run("found by its soname", t_soname);
	tap_run("no in-process backend in the shared library", t_no_inprocess);
	tap_run("the driver backend's errors without a driver", t_driver_errors);
	return tap_done();
}
