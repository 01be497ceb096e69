// SPDX-License-Identifier: MIT
/*
 * libgensim's OpenCL binary loader on its own (gensim/ocl.h), from the
 * ocloc outputs kept in the tree (compute/tests/data/, so this test needs
 * no compiler): what it reads from the patch tokens, the clear error it
 * gives for a file that is not such a binary or holds a token it does not
 * know, the errors of a wrong enqueue, and gensim-run's OpenCL mode on
 * the same binary, in process.  Only the last test compiles (gensim-run
 * --cl, through ocloc); without ocloc it is skipped, naming it.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gensim/gensim.h>
#include <gensim/ocl.h>

#include "tap.h"

#ifndef OCL_DATA
#error OCL_DATA: the directory of the prebuilt binaries
#endif
#ifndef OCL_BINDIR
#error OCL_BINDIR: where gensim-run is
#endif

static const char *const bins[2] = {
	OCL_DATA "/gensim_kernels_Gen8core.bin",
	OCL_DATA "/gensim_kernels_a64_Gen8core.bin",
};

static uint8_t *slurp(const char *path, size_t *size)
{
	FILE *f = fopen(path, "rb");
	uint8_t *b;
	long n;

	CHECK_MSG(f, "%s", path);
	CHECK(!fseek(f, 0, SEEK_END) && (n = ftell(f)) > 0 && !fseek(f, 0, SEEK_SET));
	b = malloc((size_t)n);
	CHECK(b && fread(b, 1, (size_t)n, f) == (size_t)n);
	fclose(f);
	*size = (size_t)n;
	return b;
}

static uint32_t rd32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static void wr32(uint8_t *p, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

/* Offset of the patch-token program inside the ELF file. */
static size_t program_offset(const uint8_t *d)
{
	uint64_t shoff = rd32(d + 0x28) | (uint64_t)rd32(d + 0x2c) << 32;
	unsigned int n = d[0x3c] | d[0x3d] << 8;

	for (unsigned int i = 0; i < n; i++) {
		const uint8_t *sh = d + shoff + 0x40ull * i;

		if (rd32(sh + 4) == 0xff000005u)
			return rd32(sh + 0x18);
	}
	CHECK_MSG(0, "no device binary section");
	return 0;
}

/* The first patch token @tok of kernel 0 (its offset in the file), or 0. */
static size_t find_token(const uint8_t *d, size_t size, uint32_t tok)
{
	size_t p = program_offset(d);
	size_t k = p + 28 + rd32(d + p + 24);	/* past the program header and list */
	uint32_t plist = rd32(d + k + 16);
	/* the kernel header (40 bytes), its name, its four heaps, then the list */
	size_t off = k + 40 + rd32(d + k + 12) + rd32(d + k + 20) + rd32(d + k + 24) +
		     rd32(d + k + 28) + rd32(d + k + 32);

	for (size_t t = off; t < off + plist && t + 8 <= size; t += rd32(d + t + 4))
		if (rd32(d + t) == tok)
			return t;
	return 0;
}

/* Load @d (@size bytes): expect failure with @needle in the message. */
static void expect_bad(const uint8_t *d, size_t size, const char *needle)
{
	struct gsim_cl_program *p = NULL;
	int r = gsim_cl_program_load(d, size, &p);

	CHECK_MSG(r < 0 && !p, "a bad binary loaded (wanted \"%s\")", needle);
	CHECK_MSG(strstr(gsim_last_error(), needle), "message \"%s\" lacks \"%s\"",
		  gsim_last_error(), needle);
}

static void t_reads(void)
{
	for (unsigned int b = 0; b < 2; b++) {
		struct gsim_cl_program *p;
		const struct gsim_cl_kernel *k;
		struct gsim_cl_kernel_info ki;
		struct gsim_cl_arg_info ai;

		CHECK_MSG(!gsim_cl_program_open(bins[b], &p), "%s", gsim_last_error());
		CHECK_EQ(gsim_cl_program_kernels(p), 8);
		CHECK(!gsim_cl_kernel_find(p, "grid", &k));
		CHECK(!gsim_cl_kernel_info(k, &ki));
		CHECK_EQ(ki.nargs, 2);
		CHECK_EQ(ki.stateless, b);
		CHECK(!ki.unsupported && ki.isa_size && ki.isa_size % 8 == 0);
		CHECK(!gsim_cl_arg_info(k, 0, &ai));
		CHECK_EQ(ai.kind, GSIM_CL_ARG_BUFFER);
		CHECK(!strcmp(ai.name, "out") && !strcmp(ai.qualifier, "__global"));
		CHECK(!gsim_cl_arg_info(k, 1, &ai));
		CHECK_EQ(ai.kind, GSIM_CL_ARG_VALUE);
		CHECK_EQ(ai.value_size, 4);
		CHECK(!strcmp(ai.type, "uint") && !strcmp(ai.name, "pitch"));
		CHECK(!gsim_cl_kernel_find(p, "block", &k));
		gsim_cl_kernel_info(k, &ki);
		CHECK_EQ(ki.simd, 16);
		CHECK_EQ(gsim_cl_kernel_find(p, "nope", &k), -ENOENT);
		CHECK(strstr(gsim_last_error(), "vadd"));	/* names the ones there are */
		gsim_cl_program_free(p);
	}
}

static void t_bad(void)
{
	size_t size, prog, t;
	uint8_t *d = slurp(bins[0], &size), *m = malloc(size);

	CHECK(m);
	expect_bad(d, 10, "not an ELF file");
	memcpy(m, d, size);
	m[4] = 1;				/* ELF32 */
	expect_bad(m, size, "ELF64");
	prog = program_offset(d);
	memcpy(m, d, size);
	wr32(m + prog, 0x12345678);
	expect_bad(m, size, "no patch-token program in the device binary (magic 0x12345678");
	memcpy(m, d, size);
	wr32(m + prog + 8, 12);			/* Gen9 */
	expect_bad(m, size, "device family 12, not Gen8");
	expect_bad(d, prog + 200, "past the");	/* truncated */
	/* a token this loader does not know: named, with its size */
	t = find_token(d, size, 22);		/* THREAD_PAYLOAD */
	CHECK(t);
	memcpy(m, d, size);
	wr32(m + t, 200);
	expect_bad(m, size, "unknown patch token 200");
	/* a token whose size runs past its patch list */
	memcpy(m, d, size);
	wr32(m + t + 4, 0x100000);
	expect_bad(m, size, "patch token 22 of 1048576 bytes");
	/* a known token for something gensim lacks: the kernel loads, named unsupported */
	memcpy(m, d, size);
	wr32(m + t, 33);			/* ALLOCATE_STATELESS_PRINTF_SURFACE */
	{
		struct gsim_cl_program *p;
		const struct gsim_cl_kernel *k;
		struct gsim_cl_kernel_info ki;

		CHECK_MSG(!gsim_cl_program_load(m, size, &p), "%s", gsim_last_error());
		k = gsim_cl_kernel_at(p, 0);
		gsim_cl_kernel_info(k, &ki);
		CHECK_MSG(ki.unsupported && strstr(ki.unsupported, "printf"), "%s",
			  ki.unsupported ? ki.unsupported : "(supported)");
		gsim_cl_program_free(p);
	}
	CHECK_EQ(gsim_cl_program_open("/nonexistent/x.bin", &(struct gsim_cl_program *){ 0 }),
		 -ENOENT);
	free(m);
	free(d);
}

/*
 * Every byte of the patch-token program's headers and of kernel 0's patch
 * list, set to 0, 0xff and its bit flip: the file loads or fails with a
 * message, never reads outside itself (the sanitizer builds watch).
 */
static void t_corrupt(void)
{
	static const uint8_t vals[3] = { 0x00, 0xff, 0x80 };
	size_t size, prog, t;
	uint8_t *d = slurp(bins[1], &size), *m = malloc(size);
	unsigned long loaded = 0, refused = 0;

	CHECK(m);
	prog = program_offset(d);
	t = find_token(d, size, 23);		/* inside kernel 0's patch list */
	CHECK(t > prog);
	/* from the program header to ~1 KiB into the patch list */
	for (size_t at = prog; at < t + 1024 && at < size; at++) {
		if (at >= prog + 28 + 40 + 64 && at < t - 512)
			continue;		/* the code and heaps: opaque bytes */
		for (unsigned int v = 0; v < 3; v++) {
			struct gsim_cl_program *p = NULL;

			memcpy(m, d, size);
			m[at] = v == 2 ? (uint8_t)(d[at] ^ 0x80) : vals[v];
			if (!gsim_cl_program_load(m, size, &p)) {
				/* what loaded must describe itself */
				for (uint32_t k = 0; k < gsim_cl_program_kernels(p); k++) {
					struct gsim_cl_kernel_info ki;
					struct gsim_cl_arg_info ai;

					CHECK(!gsim_cl_kernel_info(gsim_cl_kernel_at(p, k), &ki));
					for (uint32_t a = 0; a < ki.nargs; a++)
						CHECK(!gsim_cl_arg_info(gsim_cl_kernel_at(p, k), a,
									&ai));
				}
				gsim_cl_program_free(p);
				loaded++;
			} else {
				CHECK(!p && *gsim_last_error());
				refused++;
			}
		}
	}
	printf("# %lu corrupted files loaded, %lu refused with a message\n", loaded, refused);
	CHECK(loaded && refused);
	free(m);
	free(d);
}

/* vadd in process, and the enqueue's argument errors. */
static void t_enqueue(void)
{
	enum { N = 200 };
	static int32_t a[N], b[N], c[N];
	struct gsim_cl_program *p;
	const struct gsim_cl_kernel *k;
	struct gsim_device *dev;
	struct gsim_cl_stats st;
	uint32_t vm, q;
	struct gsim_cl_arg args[3] = {
		{ .kind = GSIM_CL_ARG_BUFFER, .size = sizeof(a), .data = a },
		{ .kind = GSIM_CL_ARG_BUFFER, .size = sizeof(b), .data = b },
		{ .kind = GSIM_CL_ARG_BUFFER, .size = sizeof(c), .out = c },
	};
	struct gsim_cl_ndrange nd = { .work_dim = 1, .global_size = { N } };

	CHECK_MSG(!gsim_cl_program_open(bins[1], &p), "%s", gsim_last_error());
	CHECK(!gsim_cl_kernel_find(p, "vadd", &k));
	CHECK_MSG(!gsim_open_inprocess(NULL, &dev), "%s", gsim_last_error());
	CHECK(!gsim_vm_create(dev, 0, &vm));
	CHECK(!gsim_queue_create(dev, GSIM_ENGINE_CLASS_RENDER, 0, vm, GSIM_PRIORITY_NORMAL, &q));
	for (int i = 0; i < N; i++)
		a[i] = i, b[i] = 1000 * i;
	/* 200 items: the default work-group of 8 (the largest power of two dividing it) */
	CHECK_MSG(!gsim_cl_enqueue(dev, vm, q, k, &nd, args, 3, 20000, &st), "%s",
		  gsim_last_error());
	for (int i = 0; i < N; i++)
		CHECK_EQ(c[i], 1001 * i);
	CHECK_EQ(st.groups, N / 8);
	CHECK_EQ(st.walkers, 1);
	/* partial work-groups: a second walker */
	nd.local_size[0] = 64;
	memset(c, 0, sizeof(c));
	CHECK_MSG(!gsim_cl_enqueue(dev, vm, q, k, &nd, args, 3, 20000, &st), "%s",
		  gsim_last_error());
	CHECK_EQ(st.walkers, 2);
	CHECK_EQ(st.groups, 4);
	for (int i = 0; i < N; i++)
		CHECK_EQ(c[i], 1001 * i);
	/* wrong enqueues, named */
	CHECK_EQ(gsim_cl_enqueue(dev, vm, q, k, &nd, args, 2, 20000, NULL), -EINVAL);
	CHECK(strstr(gsim_last_error(), "takes 3 arguments, 2 given"));
	args[1].kind = GSIM_CL_ARG_LOCAL;
	CHECK_EQ(gsim_cl_enqueue(dev, vm, q, k, &nd, args, 3, 20000, NULL), -EINVAL);
	CHECK_MSG(strstr(gsim_last_error(), "argument 1 (b) is a buffer, not __local"), "%s",
		  gsim_last_error());
	args[1].kind = GSIM_CL_ARG_BUFFER;
	nd.local_size[0] = 512;
	CHECK_EQ(gsim_cl_enqueue(dev, vm, q, k, &nd, args, 3, 20000, NULL), -EINVAL);
	CHECK(strstr(gsim_last_error(), "local size 512"));
	gsim_close(dev);
	gsim_cl_program_free(p);
}

/* Run the shell command @cmd: its output in @out, its status as pclose() gives it. */
static int run_cmd(const char *cmd, char *out, size_t size)
{
	FILE *f = popen(cmd, "r");
	size_t n;

	CHECK(f);
	n = fread(out, 1, size - 1, f);
	out[n] = 0;
	return pclose(f);
}

/* gensim-run --cl-binary, in process: the 2D kernel with a scalar argument. */
static void t_gensim_run(void)
{
	char cmd[1024], out[8192];
	int st;

	snprintf(cmd, sizeof(cmd), "'%s/gensim-run' --cl-binary '%s' --kernel grid "
		 "--global 8,3 --local 4,2 --arg 0:buffer:128 --arg 1:u32:10 --dump 0:x32:30 2>&1",
		 OCL_BINDIR, bins[0]);
	st = run_cmd(cmd, out, sizeof(out));
	CHECK_MSG(!st, "gensim-run failed:\n%s", out);
	/* out[y * 10 + x] = y << 16 | x for x < 8, y < 3; the rest untouched */
	CHECK_MSG(strstr(out, "0x00000000 0x00000001 0x00000002 0x00000003 0x00000004 "
			 "0x00000005 0x00000006 0x00000007"), "%s", out);
	CHECK_MSG(strstr(out, "0x00000000 0x00000000 0x00010000 0x00010001"), "%s", out);
	CHECK_MSG(strstr(out, "0x00020006 0x00020007"), "%s", out);

	/* a missing argument is named */
	snprintf(cmd, sizeof(cmd), "'%s/gensim-run' --cl-binary '%s' --kernel grid --global 8 "
		 "--arg 0:buffer:128 2>&1", OCL_BINDIR, bins[0]);
	st = run_cmd(cmd, out, sizeof(out));
	CHECK(st);
	CHECK_MSG(strstr(out, "argument 1 (__private uint pitch) is a value"), "%s", out);

	/* a value of the wrong size (8 bytes for a uint) is refused, naming both sizes */
	snprintf(cmd, sizeof(cmd), "'%s/gensim-run' --cl-binary '%s' --kernel grid --global 8 "
		 "--arg 0:buffer:128 --arg 1:u64:10 2>&1", OCL_BINDIR, bins[0]);
	st = run_cmd(cmd, out, sizeof(out));
	CHECK(st);
	CHECK_MSG(strstr(out, "argument 1 (uint pitch) takes 4 bytes; --arg 1 gives 8"), "%s", out);
}

/* gensim-run --cl: ocloc compiles a corpus file; an image and a sampler argument. */
static void t_gensim_run_cl(void)
{
	char cmd[1024], out[8192];

	snprintf(cmd, sizeof(cmd), "'%s/gensim-run' --cl '%s/image.cl' --cl-options "
		 "'-DSIMD=16 -cl-std=CL2.0' --kernel img_linear --global 4,2 --local 4,2 "
		 "--arg 0:image:4x2:rgba32f:fiota --arg 1:sampler:normalized,linear "
		 "--arg 2:buffer:128 --arg 3:i32:4 --arg 4:i32:2 --dump 2:f32 2>&1",
		 OCL_BINDIR, OCL_CORPUS);
	CHECK_MSG(!run_cmd(cmd, out, sizeof(out)), "gensim-run failed:\n%s", out);
	/*
	 * Texel (x, y) holds 4 (4y + x) + c; bilinear at (x + 1/4, y + 1/2),
	 * clamped to the edge: 3/8 t(x,y) + 1/8 t(x+1,y) + 3/8 t(x,y+1) + 1/8 t(x+1,y+1).
	 */
	CHECK_MSG(strstr(out, "[     0] 9 10 11 12 13 14 15 16"), "%s", out);
	CHECK_MSG(strstr(out, "[     8] 17 18 19 20 20 21 22 23"), "%s", out);
}

int main(void)
{
	char why[256];
	FILE *p = popen("command -v ocloc", "r");
	bool have = p && fgetc(p) != EOF;

	tap_run("the loader reads kernels, SIMD widths, arguments from the patch tokens",
		t_reads);
	tap_run("bad binaries and unknown patch tokens are named errors", t_bad);
	tap_run("corrupted headers and patch tokens load or fail cleanly", t_corrupt);
	tap_run("gsim_cl_enqueue runs vadd in process, partial groups, argument errors",
		t_enqueue);
	tap_run("gensim-run --cl-binary in process", t_gensim_run);
	if (p)
		pclose(p);
	snprintf(why, sizeof(why), "ocloc (Intel's OpenCL compiler, intel-opencl-icd) is not "
		 "installed");
	if (have)
		tap_run("gensim-run --cl compiles with ocloc: a 2D image, a sampler argument",
			t_gensim_run_cl);
	else
		tap_skip("gensim-run --cl compiles with ocloc", why);
	return tap_done();
}
