// SPDX-License-Identifier: MIT
/*
 * gensim-run, in process (libgensim's in-process backend), on each
 * example of userspace-device/examples/: the inputs go in as files, the
 * outputs come back with --out (bytes) and --dump (text), and are checked
 * against the same computation in C.  Also -v's statistics and how bad
 * input, a missing input file and a failing kernel end.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tap.h"

#ifndef GSRUN_BIN
#error GSRUN_BIN: the gensim-run to test
#endif
#ifndef GSRUN_EXAMPLES
#error GSRUN_EXAMPLES: the examples directory
#endif

static char dir[64];

static void path(char *buf, size_t len, const char *name)
{
	snprintf(buf, len, "%s/%s", dir, name);
}

static void write_file(const char *name, const void *data, size_t len)
{
	char p[128];
	FILE *f;

	path(p, sizeof(p), name);
	f = fopen(p, "wb");
	CHECK(f);
	CHECK_EQ(fwrite(data, 1, len, f), len);
	CHECK_EQ(fclose(f), 0);
}

static void read_file(const char *name, void *data, size_t len)
{
	char p[128];
	FILE *f;

	path(p, sizeof(p), name);
	f = fopen(p, "rb");
	CHECK_MSG(f, "%s: %s", p, strerror(errno));
	CHECK_EQ(fread(data, 1, len, f), len);
	fclose(f);
}

/*
 * Run gensim-run with @args (a printf format) in @dir; its stdout into
 * @out (NUL-terminated, at most @len - 1 bytes).  Returns the exit status.
 */
static int run(char *out, size_t len, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static int run(char *out, size_t len, const char *fmt, ...)
{
	char cmd[2048];
	va_list ap;
	size_t n = 0, got;
	FILE *p;
	int st;

	n = (size_t)snprintf(cmd, sizeof(cmd), "cd %s && %s ", dir, GSRUN_BIN);
	va_start(ap, fmt);
	vsnprintf(cmd + n, sizeof(cmd) - n, fmt, ap);
	va_end(ap);
	p = popen(cmd, "r");
	CHECK(p);
	n = 0;
	while (n + 1 < len && (got = fread(out + n, 1, len - 1 - n, p)) > 0)
		n += got;
	out[n] = 0;
	st = pclose(p);
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static float frand(unsigned int i, unsigned int seed)
{
	return (float)((i * seed + 11) % 977) * 0.5f - 200.0f;
}

static void t_vector_add(void)
{
	enum { N = 1000, BYTES = 4096 };
	static float a[BYTES / 4], b[BYTES / 4], c[BYTES / 4];
	static char out[1 << 16];

	for (unsigned int i = 0; i < BYTES / 4; i++) {
		a[i] = frand(i, 7);
		b[i] = frand(i, 19);
	}
	write_file("a.bin", a, sizeof(a));
	write_file("b.bin", b, sizeof(b));
	/* 4 groups of 16 SIMD16 threads: 1024 lanes for 1000 elements. */
	CHECK_EQ(run(out, sizeof(out), "--kernel %s/vector_add.s --simd 16 --groups 4 "
		     "--group-size 16 --buffer 0:4K:file:a.bin --buffer 1:4K:file:b.bin "
		     "--buffer 2:4K --curbe %u --out 2:c.bin -v", GSRUN_EXAMPLES, N), 0);
	read_file("c.bin", c, sizeof(c));
	for (unsigned int i = 0; i < BYTES / 4; i++)
		CHECK_MSG(i < N ? c[i] == a[i] + b[i] : c[i] == 0.0f, "c[%u] = %g", i, c[i]);
	CHECK_MSG(strstr(out, "dispatch: 4 groups (4 x 1 x 1), 64 threads"), "%s", out);
	{
		const char *p = strstr(out, "instructions: ");
		unsigned long long n;

		CHECK_MSG(p && sscanf(p, "instructions: %llu", &n) == 1, "%s", out);
		/* 64 threads, each at least its ~20 instructions */
		CHECK_MSG(n >= 64 * 15, "%llu instructions", n);
	}
}

static void t_saxpy(void)
{
	enum { N = 777, BYTES = 4096 };
	static float x[BYTES / 4], y[BYTES / 4], r[BYTES / 4];
	const float alpha = 2.5f;
	static char out[4096];

	for (unsigned int i = 0; i < BYTES / 4; i++) {
		x[i] = frand(i, 3);
		y[i] = frand(i, 29);
	}
	write_file("x.bin", x, sizeof(x));
	write_file("y.bin", y, sizeof(y));
	CHECK_EQ(run(out, sizeof(out), "--kernel %s/saxpy.s --simd 16 --groups 13 --group-size 4 "
		     "--buffer 0:4K:file:x.bin --buffer 1:4K:file:y.bin --curbe %u,f:2.5 "
		     "--out 1:r.bin --workers 2", GSRUN_EXAMPLES, N), 0);
	read_file("r.bin", r, sizeof(r));
	for (unsigned int i = 0; i < BYTES / 4; i++) {
		volatile float p = alpha * x[i];
		float want = i < N ? p + y[i] : y[i];

		CHECK_MSG(r[i] == want, "y[%u] = %g, want %g", i, r[i], want);
	}
}

/* --dump's text: "buffer 1: ..." then "  [     i] v v v ..." lines. */
static void parse_dump(const char *text, uint32_t *v, unsigned int n)
{
	const char *p = strstr(text, "buffer 1:");
	unsigned int got = 0;

	CHECK_MSG(p, "%s", text);
	p = strchr(p, '\n');
	while (p && got < n) {
		unsigned int at;
		int k;

		p++;
		if (sscanf(p, " [ %u]%n", &at, &k) != 1)
			break;
		CHECK_EQ(at, got);
		p += k;
		while (*p == ' ') {
			char *e;

			v[got++] = (uint32_t)strtoul(p, &e, 10);
			p = e;
		}
		p = strchr(p, '\n');
	}
	CHECK_EQ(got, n);
}

static void t_prefix_sum(void)
{
	enum { W = 8, GROUPS = 3, N = 16 * W * GROUPS };
	static char out[1 << 16];
	uint32_t v[N];

	CHECK_EQ(run(out, sizeof(out), "--kernel %s/prefix_sum_slm.s --simd 16 --groups %u "
		     "--group-size %u --slm 8K --barrier --buffer 0:%u:iota --buffer 1:%u "
		     "--dump 1", GSRUN_EXAMPLES, GROUPS, W, N * 4, N * 4), 0);
	parse_dump(out, v, N);
	for (unsigned int g = 0; g < GROUPS; g++) {
		uint32_t sum = 0;

		for (unsigned int k = 0; k < 16 * W; k++) {
			unsigned int i = g * 16 * W + k;

			sum += i;
			CHECK_MSG(v[i] == sum, "out[%u] = %u, want %u", i, v[i], sum);
		}
	}
}

/* Usage errors exit 2; a kernel the device refuses exits 1 and says why. */
static void t_errors(void)
{
	static char out[4096];

	CHECK_EQ(run(out, sizeof(out), "--simd 16 2>/dev/null"), 2);
	CHECK_EQ(run(out, sizeof(out), "--kernel /nonexistent.s 2>/dev/null"), 2);
	CHECK_EQ(run(out, sizeof(out), "--kernel %s/saxpy.s --simd 12 2>/dev/null",
		     GSRUN_EXAMPLES), 2);
	CHECK_EQ(run(out, sizeof(out), "--kernel %s/saxpy.s --buffer 0:4K:bogus 2>/dev/null",
		     GSRUN_EXAMPLES), 2);
	write_file("bad.s", "mov(8) g1<1>UD nonsense\n", 24);
	CHECK_EQ(run(out, sizeof(out), "--kernel bad.s 2>/dev/null"), 2);
	/* 65 threads a group: refused before anything runs. */
	CHECK_EQ(run(out, sizeof(out), "--kernel %s/saxpy.s --group-size 65 2>/dev/null",
		     GSRUN_EXAMPLES), 2);
	/* A buffer's file is read before the device starts, and named when it is missing. */
	CHECK_EQ(run(out, sizeof(out), "--kernel %s/saxpy.s --buffer 0:4K:file:missing.bin 2>&1",
		     GSRUN_EXAMPLES), 1);
	CHECK_MSG(strstr(out, "gensim-run: missing.bin: No such file"), "%s", out);
	/*
	 * Binding table entries 0 and 1 are empty: the kernel's reads find no
	 * buffer surface there, the device stops the context with an
	 * instruction error, and gensim-run says so.
	 */
	CHECK_EQ(run(out, sizeof(out), "--kernel %s/vector_add.s --buffer 2:4K --curbe 16 2>&1",
		     GSRUN_EXAMPLES), 1);
	CHECK_MSG(strstr(out, "EIR 0x1"), "%s", out);
}

int main(void)
{
	snprintf(dir, sizeof(dir), "/tmp/gsrun-test-XXXXXX");
	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		return 1;
	}
	tap_run("vector_add.s: files in, --out, -v statistics", t_vector_add);
	tap_run("saxpy.s: in place, two workers", t_saxpy);
	tap_run("prefix_sum_slm.s: SLM and a barrier, --dump", t_prefix_sum);
	tap_run("usage errors and a kernel the device stops", t_errors);
	{
		char cmd[128];

		snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
		if (system(cmd))
			fprintf(stderr, "# could not remove %s\n", dir);
	}
	return tap_done();
}
