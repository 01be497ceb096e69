// SPDX-License-Identifier: MIT
/*
 * gensim-run: run one Gen8 compute kernel on gensim's render engine.
 *
 *   gensim-run --kernel add.s --simd 16 --groups 4 --group-size 2 \
 *              --buffer 0:4K:iota --buffer 1:4K:iota --buffer 2:4K \
 *              --curbe 1024 --dump 2
 *
 * The kernel is assembler text (gseu_assemble(), the syntax of eu-isa.rst)
 * or machine code from gensim-as.  gensim-run is a libgensim client: it
 * lays the job out with the library's dispatch helpers (gensim/dispatch.h,
 * which also describes the kernel ABI) and runs it either in this process
 * - gsim_open_inprocess(), the device model behind a loopback channel, no
 * kernel, no root - or with --drm through the gensim driver's render node
 * (gsim_open()).  Only the open differs; the calls and the batch are the
 * same.  Then it prints or saves the buffers.
 *
 * With --cl-binary (an ocloc output file) or --cl (OpenCL C that it
 * compiles with Intel's ocloc -device bdw) it runs an OpenCL kernel
 * instead, laid out by libgensim's OpenCL loader (gensim/ocl.h) as
 * Intel's runtime would, on the same two backends:
 *
 *   gensim-run --cl vadd.cl --kernel vadd --global 1024 --local 64 \
 *              --arg 0:buffer:4K:iota --arg 1:buffer:4K:iota \
 *              --arg 2:buffer:4K --dump 2
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <gensim/gensim.h>
#include <gensim/ocl.h>

#include "gseu/eu.h"

struct out_spec {
	unsigned int bti;
	const char *fmt;	/* u32 i32 f32 x32 u8 */
	uint64_t count;		/* elements; 0: all */
	const char *path;	/* --out */
};

#define CL_MAX_ARGS	32

/* --arg N:KIND:... */
struct cl_arg_spec {
	bool given;
	uint32_t kind;			/* enum gsim_cl_arg_kind */
	uint64_t size;			/* buffer or local bytes */
	uint32_t init;			/* buffers: enum gsim_init */
	uint64_t seed;
	const char *path;		/* file:PATH */
	uint8_t value[16];		/* by value */
	unsigned int value_size;
	uint32_t width, height, format;	/* an image */
	uint32_t sampler;		/* a sampler: GSIM_CL_SAMPLER_* */
	void *bytes;			/* the buffer's host copy */
};

struct opts {
	const char *kernel;
	const char *cl_binary, *cl_source, *cl_options;	/* OpenCL mode */
	bool cl_stateless, cl_list;
	struct gsim_cl_ndrange nd;
	struct cl_arg_spec arg[CL_MAX_ARGS];
	struct gsim_dispatch job;
	const char *path[GSIM_DISPATCH_MAX_BUFFERS];	/* file:PATH contents, by buffer */
	struct out_spec dump[GSIM_DISPATCH_MAX_BUFFERS], out[GSIM_DISPATCH_MAX_BUFFERS];
	unsigned int ndump, nout;
	unsigned int workers;
	int timeout_ms;
	bool drm;
	const char *node;
	int verbose;
};

static void usage(FILE *f)
{
	fprintf(f,
		"usage: gensim-run --kernel FILE [options]\n"
		"       gensim-run --cl-binary FILE|--cl FILE.cl --kernel NAME [options]\n"
		"  --kernel FILE          assembler text, or machine code from gensim-as\n"
		"  --simd 8|16|32         SIMD width of the kernel (default 16)\n"
		"  --groups X[,Y[,Z]]     thread groups (default 1,1,1)\n"
		"  --group-size W[,H[,D]] threads per group (default 1,1,1)\n"
		"  --buffer N:SIZE[:INIT] a buffer at binding table index N; SIZE in bytes\n"
		"                         (K/M suffixes); INIT zero, iota (dword i = i),\n"
		"                         fiota (dword i = (float)i), random:SEED or\n"
		"                         file:PATH (default zero)\n"
		"  --curbe V[,V...]       up to 16 constant dwords (decimal, 0x..., f:FLOAT)\n"
		"  --slm BYTES            shared local memory per group (up to 64K)\n"
		"  --barrier              a barrier for each group\n"
		"  --workers N            host threads of the EU array (in process)\n"
		"  --dump N[:FMT[:COUNT]] print buffer N: u32 (default), i32, f32, x32, u8\n"
		"  --out N:FILE           write buffer N's bytes to FILE\n"
		"  --drm [NODE]           run through the gensim render node, not in process\n"
		"  --timeout MS           give up after MS milliseconds (default 60000)\n"
		"  -v                     dispatch statistics; -vv also the device log\n"
		"Kernel ABI: r1 the constants, r2 per thread [index, w, h, d, W, H, D, SIMD],\n"
		"r0.1/r0.6/r0.7 the group ID; buffer N at binding table index N (see\n"
		"libgensim's gensim/dispatch.h).\n"
		"OpenCL kernels (libgensim's gensim/ocl.h, as Intel's runtime runs them):\n"
		"  --cl-binary FILE       an ocloc output (ocloc compile -device bdw)\n"
		"  --cl FILE.cl           OpenCL C, compiled now by ocloc -device bdw\n"
		"  --cl-options OPTS      with --cl: ocloc -options (e.g. -cl-std=CL2.0)\n"
		"  --stateless            with --cl: every buffer access A64 (stateless)\n"
		"  --kernel NAME          the kernel to run; --list shows them all\n"
		"  --global X[,Y[,Z]]     the NDRange (its dimensions give work_dim)\n"
		"  --local X[,Y[,Z]]      the work-group size (default: the kernel's, or\n"
		"                         the largest power of two up to 64 dividing X)\n"
		"  --offset X[,Y[,Z]]     the global offset\n"
		"  --arg N:buffer:SIZE[:INIT]  argument N a buffer (INIT as --buffer)\n"
		"  --arg N:local:SIZE     argument N __local memory of SIZE bytes\n"
		"  --arg N:TYPE:V[,V...]  argument N by value; TYPE i8 u8 i16 u16 i32 u32\n"
		"                         i64 u64 f32 f64 (a vector: up to 16 bytes)\n"
		"  --arg N:image:WxH:FMT[:INIT]  a linear 2D image, FMT rgba32f, rgba8, r32f,\n"
		"                                rgba8ui, rgba32i, r32ui\n"
		"  --arg N:sampler:MODES  normalized, none|clamp_to_edge|clamp|repeat|\n"
		"                         mirrored_repeat, nearest|linear (comma-separated)\n"
		"  --dump N, --out N      print or save buffer argument N after the run\n");
}

static int bad(const char *what, const char *arg)
{
	fprintf(stderr, "gensim-run: bad %s \"%s\"\n", what, arg);
	return -EINVAL;
}

static int parse_u64(const char *s, uint64_t *v, bool suffix)
{
	char *end;

	errno = 0;
	*v = strtoull(s, &end, 0);
	if (errno || end == s)
		return -EINVAL;
	if (suffix && (*end == 'K' || *end == 'k'))
		*v <<= 10, end++;
	else if (suffix && (*end == 'M' || *end == 'm'))
		*v <<= 20, end++;
	return *end ? -EINVAL : 0;
}

/* "X[,Y[,Z]]" into v[3], missing ones 1. */
static int parse_dims(const char *s, uint32_t v[3])
{
	char buf[64], *save = NULL, *tok;
	int n = 0;

	v[0] = v[1] = v[2] = 1;
	if (strlen(s) >= sizeof(buf))
		return -EINVAL;
	strcpy(buf, s);
	for (tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		uint64_t x;

		if (n == 3 || parse_u64(tok, &x, false) || x > 0xffffffffu)
			return -EINVAL;
		v[n++] = (uint32_t)x;
	}
	return n ? 0 : -EINVAL;
}

static int parse_buffer(struct opts *o, const char *s)
{
	struct gsim_dispatch_buf *b = &o->job.buf[o->job.nbuf];
	char buf[512], *size, *init;
	uint64_t v;

	if (o->job.nbuf == GSIM_DISPATCH_MAX_BUFFERS || strlen(s) >= sizeof(buf))
		return bad("--buffer (too many, or too long)", s);
	strcpy(buf, s);
	size = strchr(buf, ':');
	if (!size)
		return bad("--buffer N:SIZE[:INIT]", s);
	*size++ = 0;
	init = strchr(size, ':');
	if (init)
		*init++ = 0;
	memset(b, 0, sizeof(*b));
	if (parse_u64(buf, &v, false) || v > GSIM_DISPATCH_MAX_BTI)
		return bad("binding table index", s);
	b->bti = (unsigned int)v;
	if (parse_u64(size, &b->size, true))
		return bad("buffer size", s);
	if (!init || !strcmp(init, "zero")) {
		b->init = GSIM_INIT_ZERO;
	} else if (!strcmp(init, "iota")) {
		b->init = GSIM_INIT_IOTA;
	} else if (!strcmp(init, "fiota")) {
		b->init = GSIM_INIT_FIOTA;
	} else if (!strncmp(init, "random:", 7)) {
		b->init = GSIM_INIT_RANDOM;
		if (parse_u64(init + 7, &b->seed, false))
			return bad("random seed", s);
	} else if (!strncmp(init, "file:", 5)) {
		/* Read once the arguments are all good (load_files()). */
		b->init = GSIM_INIT_BYTES;
		o->path[o->job.nbuf] = strdup(s + (init + 5 - buf));
		if (!o->path[o->job.nbuf])
			return -ENOMEM;
	} else {
		return bad("buffer INIT (zero, iota, fiota, random:SEED, file:PATH)", s);
	}
	o->job.nbuf++;
	return 0;
}

static int parse_curbe(struct opts *o, const char *s)
{
	char buf[1024], *save = NULL, *tok;

	if (strlen(s) >= sizeof(buf))
		return bad("--curbe", s);
	strcpy(buf, s);
	for (tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		uint64_t v;

		if (o->job.ncurbe == GSIM_DISPATCH_MAX_CURBE)
			return bad("--curbe (at most 16 dwords)", s);
		if (!strncmp(tok, "f:", 2)) {
			char *end;
			float f = strtof(tok + 2, &end);

			if (*end || end == tok + 2)
				return bad("float constant", tok);
			memcpy(&o->job.curbe[o->job.ncurbe++], &f, 4);
			continue;
		}
		if (tok[0] == '-') {
			char *end;
			long long x = strtoll(tok, &end, 0);

			if (*end || x < INT32_MIN)
				return bad("constant", tok);
			o->job.curbe[o->job.ncurbe++] = (uint32_t)(int32_t)x;
			continue;
		}
		if (parse_u64(tok, &v, false) || v > 0xffffffffu)
			return bad("constant", tok);
		o->job.curbe[o->job.ncurbe++] = (uint32_t)v;
	}
	return 0;
}

static int parse_dump(struct opts *o, const char *s)
{
	struct out_spec *d = &o->dump[o->ndump];
	char buf[128], *fmt, *count;
	uint64_t v;

	if (o->ndump == GSIM_DISPATCH_MAX_BUFFERS || strlen(s) >= sizeof(buf))
		return bad("--dump", s);
	strcpy(buf, s);
	fmt = strchr(buf, ':');
	if (fmt)
		*fmt++ = 0;
	count = fmt ? strchr(fmt, ':') : NULL;
	if (count)
		*count++ = 0;
	memset(d, 0, sizeof(*d));
	if (parse_u64(buf, &v, false) || v > GSIM_DISPATCH_MAX_BTI)
		return bad("--dump buffer", s);
	d->bti = (unsigned int)v;
	d->fmt = "u32";
	if (fmt && *fmt) {
		static const char *const fmts[] = { "u32", "i32", "f32", "x32", "u8" };
		unsigned int i;

		for (i = 0; i < 5 && strcmp(fmt, fmts[i]); i++)
			;
		if (i == 5)
			return bad("--dump format (u32, i32, f32, x32, u8)", s);
		d->fmt = fmts[i];
	}
	if (count && parse_u64(count, &d->count, false))
		return bad("--dump count", s);
	o->ndump++;
	return 0;
}

static int parse_out(struct opts *o, const char *s)
{
	struct out_spec *d = &o->out[o->nout];
	const char *colon = strchr(s, ':');
	char num[16];
	uint64_t v;

	if (o->nout == GSIM_DISPATCH_MAX_BUFFERS || !colon || colon == s || colon - s >= 16 ||
	    !colon[1])
		return bad("--out N:FILE", s);
	memcpy(num, s, (size_t)(colon - s));
	num[colon - s] = 0;
	if (parse_u64(num, &v, false) || v > GSIM_DISPATCH_MAX_BTI)
		return bad("--out buffer", s);
	memset(d, 0, sizeof(*d));
	d->bti = (unsigned int)v;
	d->path = colon + 1;
	o->nout++;
	return 0;
}

/* "X[,Y[,Z]]" into v[3] (missing ones @fill); the count of values into *n. */
static int parse_nd(const char *s, uint64_t v[3], uint64_t fill, uint32_t *n)
{
	uint32_t d[3];
	char buf[64];
	int k = 1;

	if (parse_dims(s, d))
		return -EINVAL;
	snprintf(buf, sizeof(buf), "%s", s);
	for (const char *c = buf; *c; c++)
		k += *c == ',';
	for (int i = 0; i < 3; i++)
		v[i] = i < k ? d[i] : fill;
	if (n)
		*n = (uint32_t)k;
	return 0;
}

/* "N:buffer:SIZE[:INIT]", "N:local:SIZE", "N:TYPE:V[,V...]" */
static int parse_cl_arg(struct opts *o, const char *s)
{
	static const struct { const char *n; unsigned int size; char k; } types[] = {
		{ "i8", 1, 'i' }, { "u8", 1, 'u' }, { "i16", 2, 'i' }, { "u16", 2, 'u' },
		{ "i32", 4, 'i' }, { "u32", 4, 'u' }, { "i64", 8, 'i' }, { "u64", 8, 'u' },
		{ "f32", 4, 'f' }, { "f64", 8, 'f' },
	};
	char buf[600], *kind, *rest, *save = NULL;
	struct cl_arg_spec *a;
	uint64_t n;

	if (strlen(s) >= sizeof(buf))
		return bad("--arg (too long)", s);
	strcpy(buf, s);
	kind = strchr(buf, ':');
	rest = kind ? strchr(kind + 1, ':') : NULL;
	if (!kind || !rest)
		return bad("--arg N:buffer:SIZE[:INIT], N:local:SIZE or N:TYPE:VALUE", s);
	*kind++ = 0;
	*rest++ = 0;
	if (parse_u64(buf, &n, false) || n >= CL_MAX_ARGS)
		return bad("--arg index (0..31)", s);
	a = &o->arg[n];
	if (a->given)
		return bad("--arg (given twice)", s);
	memset(a, 0, sizeof(*a));
	a->given = true;
	if (!strcmp(kind, "buffer")) {
		struct gsim_dispatch_buf b;
		char spec[620];

		/* the --buffer syntax for SIZE[:INIT], borrowed */
		snprintf(spec, sizeof(spec), "0:%s", rest);
		if (o->job.nbuf == GSIM_DISPATCH_MAX_BUFFERS)
			return bad("--arg (too many buffers)", s);
		if (parse_buffer(o, spec))
			return -EINVAL;
		b = o->job.buf[--o->job.nbuf];
		a->kind = GSIM_CL_ARG_BUFFER;
		a->size = b.size;
		a->init = b.init;
		a->seed = b.seed;
		a->path = o->path[o->job.nbuf];
		o->path[o->job.nbuf] = NULL;
		if (!a->size)
			return bad("--arg buffer size", s);
		return 0;
	}
	if (!strcmp(kind, "image")) {
		static const char *const fmts[] = { NULL, "rgba32f", "rgba8", "r32f", "rgba8ui",
						    "rgba32i", "r32ui" };
		static const unsigned int bpp[] = { 0, 16, 4, 4, 4, 16, 4 };
		char *f = strchr(rest, ':'), *init, spec[620];
		unsigned int w, h, k;

		if (!f || sscanf(rest, "%ux%u", &w, &h) != 2 || !w || !h || w > 16384 || h > 16384)
			return bad("--arg N:image:WxH:FORMAT[:INIT]", s);
		f++;
		init = strchr(f, ':');
		if (init)
			*init++ = 0;
		for (k = 1; k < 7 && strcmp(f, fmts[k]); k++)
			;
		if (k == 7)
			return bad("--arg image format (rgba32f, rgba8, r32f, rgba8ui, rgba32i, "
				   "r32ui)", f);
		a->width = w;
		a->height = h;
		a->format = k;
		/* the pixels: a buffer of W x H x bpp bytes, --buffer's INIT */
		snprintf(spec, sizeof(spec), "0:%u%s%s", w * h * bpp[k], init ? ":" : "",
			 init ? init : "");
		if (o->job.nbuf == GSIM_DISPATCH_MAX_BUFFERS || parse_buffer(o, spec))
			return bad("--arg image", s);
		a->kind = GSIM_CL_ARG_IMAGE;
		a->size = o->job.buf[--o->job.nbuf].size;
		a->init = o->job.buf[o->job.nbuf].init;
		a->seed = o->job.buf[o->job.nbuf].seed;
		a->path = o->path[o->job.nbuf];
		o->path[o->job.nbuf] = NULL;
		return 0;
	}
	if (!strcmp(kind, "sampler")) {
		static const struct { const char *n; uint32_t bits, mask; } w[] = {
			{ "normalized", GSIM_CL_SAMPLER_NORMALIZED, GSIM_CL_SAMPLER_NORMALIZED },
			{ "none", GSIM_CL_SAMPLER_ADDRESS_NONE, GSIM_CL_SAMPLER_ADDRESS_MASK },
			{ "clamp_to_edge", GSIM_CL_SAMPLER_CLAMP_TO_EDGE, GSIM_CL_SAMPLER_ADDRESS_MASK },
			{ "clamp", GSIM_CL_SAMPLER_CLAMP, GSIM_CL_SAMPLER_ADDRESS_MASK },
			{ "repeat", GSIM_CL_SAMPLER_REPEAT, GSIM_CL_SAMPLER_ADDRESS_MASK },
			{ "mirrored_repeat", GSIM_CL_SAMPLER_MIRRORED_REPEAT,
			  GSIM_CL_SAMPLER_ADDRESS_MASK },
			{ "nearest", GSIM_CL_SAMPLER_NEAREST, 0x30 },
			{ "linear", GSIM_CL_SAMPLER_LINEAR, 0x30 },
		};

		a->kind = GSIM_CL_ARG_SAMPLER;
		a->sampler = GSIM_CL_SAMPLER_CLAMP_TO_EDGE | GSIM_CL_SAMPLER_NEAREST;
		for (char *t = strtok_r(rest, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
			unsigned int k;

			for (k = 0; k < sizeof(w) / sizeof(w[0]) && strcmp(t, w[k].n); k++)
				;
			if (k == sizeof(w) / sizeof(w[0]))
				return bad("--arg sampler (normalized, none, clamp_to_edge, clamp, "
					   "repeat, mirrored_repeat, nearest, linear)", t);
			a->sampler = (a->sampler & ~w[k].mask) | w[k].bits;
		}
		return 0;
	}
	if (!strcmp(kind, "local")) {
		a->kind = GSIM_CL_ARG_LOCAL;
		if (parse_u64(rest, &a->size, true) || !a->size || a->size > 65536)
			return bad("--arg local size (1..64K)", s);
		return 0;
	}
	for (unsigned int t = 0; t < sizeof(types) / sizeof(types[0]); t++) {
		if (strcmp(kind, types[t].n))
			continue;
		a->kind = GSIM_CL_ARG_VALUE;
		for (char *v = strtok_r(rest, ",", &save); v; v = strtok_r(NULL, ",", &save)) {
			uint8_t bytes[8];
			char *end;

			if (a->value_size + types[t].size > sizeof(a->value))
				return bad("--arg value (at most 16 bytes)", s);
			errno = 0;
			if (types[t].k == 'f') {
				double d = strtod(v, &end);
				float f = (float)d;

				if (types[t].size == 4)
					memcpy(bytes, &f, 4);
				else
					memcpy(bytes, &d, 8);
			} else {
				uint64_t u = types[t].k == 'i' ? (uint64_t)strtoll(v, &end, 0) :
					     strtoull(v, &end, 0);

				memcpy(bytes, &u, 8);	/* little-endian: the low bytes */
			}
			if (*end || end == v || errno)
				return bad("--arg value", v);
			memcpy(a->value + a->value_size, bytes, types[t].size);
			a->value_size += types[t].size;
		}
		if (!a->value_size)
			return bad("--arg value", s);
		return 0;
	}
	return bad("--arg kind (buffer, local, i8..u64, f32, f64)", s);
}

static int parse_args(int argc, char **argv, struct opts *o)
{
	static const struct option lo[] = {
		{ "kernel", required_argument, NULL, 'k' },
		{ "simd", required_argument, NULL, 's' },
		{ "groups", required_argument, NULL, 'g' },
		{ "group-size", required_argument, NULL, 'G' },
		{ "buffer", required_argument, NULL, 'b' },
		{ "curbe", required_argument, NULL, 'c' },
		{ "slm", required_argument, NULL, 'S' },
		{ "barrier", no_argument, NULL, 'B' },
		{ "workers", required_argument, NULL, 'w' },
		{ "dump", required_argument, NULL, 'd' },
		{ "out", required_argument, NULL, 'o' },
		{ "drm", optional_argument, NULL, 'D' },
		{ "timeout", required_argument, NULL, 't' },
		{ "help", no_argument, NULL, 'h' },
		{ "cl-binary", required_argument, NULL, 'C' },
		{ "cl", required_argument, NULL, 'L' },
		{ "cl-options", required_argument, NULL, 'O' },
		{ "stateless", no_argument, NULL, 'A' },
		{ "list", no_argument, NULL, 'l' },
		{ "global", required_argument, NULL, 'x' },
		{ "local", required_argument, NULL, 'y' },
		{ "offset", required_argument, NULL, 'z' },
		{ "arg", required_argument, NULL, 'a' },
		{ 0 },
	};
	uint64_t v;
	int c, err = 0;

	memset(o, 0, sizeof(*o));
	o->job.simd = 16;
	o->job.groups[0] = o->job.groups[1] = o->job.groups[2] = 1;
	o->job.group_size[0] = o->job.group_size[1] = o->job.group_size[2] = 1;
	o->timeout_ms = 60000;
	while (!err && (c = getopt_long(argc, argv, "vh", lo, NULL)) != -1) {
		switch (c) {
		case 'k': o->kernel = optarg; break;
		case 's':
			err = parse_u64(optarg, &v, false) || v > 32 ? bad("--simd", optarg) : 0;
			o->job.simd = (unsigned int)v;
			break;
		case 'g': err = parse_dims(optarg, o->job.groups) ? bad("--groups", optarg) : 0; break;
		case 'G':
			err = parse_dims(optarg, o->job.group_size) ? bad("--group-size", optarg) : 0;
			break;
		case 'b': err = parse_buffer(o, optarg); break;
		case 'c': err = parse_curbe(o, optarg); break;
		case 'S':
			err = parse_u64(optarg, &v, true) || v > 65536 ? bad("--slm", optarg) : 0;
			o->job.slm = (uint32_t)v;
			break;
		case 'B': o->job.barrier = true; break;
		case 'w':
			err = parse_u64(optarg, &v, false) || !v || v > 256 ?
			      bad("--workers", optarg) : 0;
			o->workers = (unsigned int)v;
			break;
		case 'd': err = parse_dump(o, optarg); break;
		case 'o': err = parse_out(o, optarg); break;
		case 'D': o->drm = true; o->node = optarg; break;
		case 't':
			err = parse_u64(optarg, &v, false) || !v || v > 3600000 ?
			      bad("--timeout", optarg) : 0;
			o->timeout_ms = (int)v;
			break;
		case 'v': o->verbose++; break;
		case 'C': o->cl_binary = optarg; break;
		case 'L': o->cl_source = optarg; break;
		case 'O': o->cl_options = optarg; break;
		case 'A': o->cl_stateless = true; break;
		case 'l': o->cl_list = true; break;
		case 'x':
			err = parse_nd(optarg, o->nd.global_size, 1, &o->nd.work_dim) ?
			      bad("--global", optarg) : 0;
			break;
		case 'y':
			err = parse_nd(optarg, o->nd.local_size, 1, NULL) ? bad("--local", optarg) : 0;
			break;
		case 'z':
			err = parse_nd(optarg, o->nd.global_offset, 0, NULL) ?
			      bad("--offset", optarg) : 0;
			break;
		case 'a': err = parse_cl_arg(o, optarg); break;
		case 'h': usage(stdout); exit(0);
		default: usage(stderr); return -EINVAL;
		}
	}
	if (err)
		return err;
	if (o->cl_binary && o->cl_source)
		return bad("--cl-binary and --cl", "both given");
	if ((!o->kernel && !(o->cl_list && (o->cl_binary || o->cl_source))) || optind != argc) {
		usage(stderr);
		return -EINVAL;
	}
	return 0;
}

static uint8_t *slurp(const char *path, size_t *size)
{
	FILE *f = fopen(path, "rb");
	size_t cap = 4096, n = 0, got;
	uint8_t *buf = malloc(cap + 1);

	if (!f || !buf) {
		if (f)
			fclose(f);
		free(buf);
		return NULL;
	}
	while ((got = fread(buf + n, 1, cap - n, f)) > 0) {
		n += got;
		if (n == cap) {
			uint8_t *q = realloc(buf, cap * 2 + 1);

			if (!q || cap > (64u << 20)) {
				free(q ? q : buf);
				fclose(f);
				return NULL;
			}
			buf = q;
			cap *= 2;
		}
	}
	fclose(f);
	buf[n] = 0;
	*size = n;
	return buf;
}

/*
 * The kernel: machine code as it is, or text assembled.  Text is what has
 * no NUL byte (gensim-as output always has some: every instruction's
 * opcode dword has zero bytes or its high fields are sparse).
 */
static int load_kernel(const char *path, struct gseu_asm_result *res)
{
	size_t size = 0;
	uint8_t *bytes = slurp(path, &size);
	struct gseu_error err;

	if (!bytes) {
		fprintf(stderr, "gensim-run: %s: %s\n", path, errno ? strerror(errno) : "cannot read");
		return -EIO;
	}
	if (memchr(bytes, 0, size)) {
		if (size % 8) {
			fprintf(stderr, "gensim-run: %s: %zu bytes is not whole instructions\n", path,
				size);
			free(bytes);
			return -EINVAL;
		}
		res->code = bytes;
		res->size = size;
		return 0;
	}
	if (gseu_assemble((const char *)bytes, NULL, res, &err)) {
		fprintf(stderr, "%s:%u:%u: error: %s\n", path, err.line, err.col, err.msg);
		free(bytes);
		return -EINVAL;
	}
	free(bytes);
	return 0;
}

/*
 * The file:PATH buffers' contents: up to the buffer's size, the rest
 * zero, read now so a missing file fails before the device starts.
 */
static int load_files(struct opts *o)
{
	for (unsigned int i = 0; i < o->job.nbuf; i++) {
		struct gsim_dispatch_buf *b = &o->job.buf[i];
		FILE *f;
		void *data;

		if (!o->path[i])
			continue;
		f = fopen(o->path[i], "rb");
		data = f ? calloc(1, b->size) : NULL;
		if (!data) {
			fprintf(stderr, "gensim-run: %s: %s\n", o->path[i], strerror(errno));
			if (f)
				fclose(f);
			return -EIO;
		}
		(void)!fread(data, 1, b->size, f);
		fclose(f);
		b->bytes = data;
		b->bytes_len = b->size;
	}
	return 0;
}

static const struct gsim_dispatch_buf *find_buffer(const struct gsim_dispatch *j, unsigned int bti)
{
	for (unsigned int i = 0; i < j->nbuf; i++)
		if (j->buf[i].bti == bti)
			return &j->buf[i];
	return NULL;
}

static void dump(const struct gsim_dispatch_buf *b, const char *fmt, uint64_t count)
{
	unsigned int esz = strcmp(fmt, "u8") ? 4 : 1, per = esz == 1 ? 16 : 8;
	uint64_t n = b->size / esz;
	const uint8_t *p = b->cpu;

	if (count && count < n)
		n = count;
	printf("buffer %u: %llu bytes, %llu x %s\n", b->bti, (unsigned long long)b->size,
	       (unsigned long long)n, fmt);
	for (uint64_t i = 0; i < n; i++) {
		uint32_t v = 0;
		float f;

		memcpy(&v, p + i * esz, esz);
		if (i % per == 0)
			printf("  [%6llu]", (unsigned long long)i);
		if (!strcmp(fmt, "f32")) {
			memcpy(&f, &v, 4);
			printf(" %.9g", f);
		} else if (!strcmp(fmt, "i32")) {
			printf(" %d", (int32_t)v);
		} else if (!strcmp(fmt, "x32")) {
			printf(" 0x%08x", v);
		} else {
			printf(" %u", v);
		}
		if (i % per == per - 1 || i == n - 1)
			printf("\n");
	}
}

static int write_out(const struct gsim_dispatch_buf *b, const char *path)
{
	FILE *f = fopen(path, "wb");

	if (!f || fwrite(b->cpu, 1, b->size, f) != b->size) {
		fprintf(stderr, "gensim-run: %s: %s\n", path, strerror(errno));
		if (f)
			fclose(f);
		return -EIO;
	}
	return fclose(f) ? -EIO : 0;
}

static int report(const struct opts *o, const struct gsim_dispatch_layout *l,
		  const struct gsim_exec_stats *st)
{
	int ret = 0;

	if (o->verbose) {
		printf("dispatch: %llu groups (%u x %u x %u), %llu threads (%u x %u x %u per "
		       "group), SIMD%u, %s\n", (unsigned long long)l->groups,
		       o->job.groups[0], o->job.groups[1], o->job.groups[2],
		       (unsigned long long)l->threads, o->job.group_size[0],
		       o->job.group_size[1], o->job.group_size[2], o->job.simd,
		       o->drm ? "through the render node" : "in process");
		if (st->flags & GSIM_STATS_INSTRUCTIONS)
			printf("instructions: %llu (GENSIM_EU_RETIRED)\n",
			       (unsigned long long)st->eu_instructions);
		else
			printf("instructions: not visible through the render node\n");
		printf("time: %.3f s\n", (double)st->ns / 1e9);
	}
	for (unsigned int i = 0; i < o->nout; i++) {
		const struct gsim_dispatch_buf *b = find_buffer(&o->job, o->out[i].bti);

		if (!b) {
			fprintf(stderr, "gensim-run: --out: no buffer %u\n", o->out[i].bti);
			ret = -EINVAL;
		} else if (write_out(b, o->out[i].path)) {
			ret = -EIO;
		}
	}
	for (unsigned int i = 0; i < o->ndump; i++) {
		const struct gsim_dispatch_buf *b = find_buffer(&o->job, o->dump[i].bti);

		if (!b) {
			fprintf(stderr, "gensim-run: --dump: no buffer %u\n", o->dump[i].bti);
			ret = -EINVAL;
		} else {
			dump(b, o->dump[i].fmt, o->dump[i].count);
		}
	}
	if (!o->ndump && !o->nout)
		for (unsigned int i = 0; i < o->job.nbuf; i++)
			dump(&o->job.buf[i], "u32", 64);
	return ret;
}

static void free_opts(struct opts *o)
{
	for (unsigned int i = 0; i < o->job.nbuf; i++) {
		free((void *)o->path[i]);
		if (o->path[i])
			free((void *)o->job.buf[i].bytes);
	}
}

/* The driver's render node (--drm), or the device model in this process. */
static int open_device(const struct opts *o, struct gsim_device **dev)
{
	struct gsim_inprocess_config cfg;

	if (o->drm) {
		if (o->workers)
			fprintf(stderr, "gensim-run: --workers applies in process only: ignored\n");
		return gsim_open(o->node, dev);
	}
	gsim_inprocess_config_init(&cfg);
	cfg.eu_workers = o->workers;
	cfg.job_timeout_ms = (uint32_t)o->timeout_ms;
	cfg.log_level = o->verbose > 1 ? o->verbose - 1 : 0;
	return gsim_open_inprocess(&cfg, dev);
}

/* A VM, a render queue on it, the job laid out in it and run: 0 or -errno. */
static int run(struct opts *o, struct gsim_device *dev)
{
	struct gsim_dispatch_layout l;
	struct gsim_exec_stats st;
	uint32_t vm = 0, queue = 0;
	int ret;

	ret = gsim_vm_create(dev, 0, &vm);
	if (!ret)
		ret = gsim_queue_create(dev, GSIM_ENGINE_CLASS_RENDER, 0, vm, GSIM_PRIORITY_NORMAL,
					&queue);
	if (!ret) {
		ret = gsim_dispatch_prepare(dev, vm, &o->job, &l);
		if (!ret) {
			ret = gsim_dispatch_run(dev, queue, &l, o->timeout_ms, &st);
			if (ret)
				fprintf(stderr, "gensim-run: %s\n", gsim_last_error());
			else
				ret = report(o, &l, &st);
			gsim_dispatch_release(dev, &l);
			return ret;
		}
	}
	fprintf(stderr, "gensim-run: %s\n", gsim_last_error());
	return ret;
}

/* ---- OpenCL mode -------------------------------------------------------- */

/* The same xorshift64* bytes as libgensim's GSIM_INIT_RANDOM. */
static void fill_random(uint8_t *p, uint64_t n, uint64_t seed)
{
	uint64_t s = seed ? seed : 1;

	for (uint64_t i = 0; i < n; i++) {
		s ^= s >> 12;
		s ^= s << 25;
		s ^= s >> 27;
		p[i] = (uint8_t)((s * 0x2545f4914f6cdd1dull) >> 56);
	}
}

static int cl_buffer_init(struct cl_arg_spec *a, unsigned int n)
{
	uint32_t *dw;
	FILE *f;

	a->bytes = calloc(1, a->size);
	if (!a->bytes) {
		fprintf(stderr, "gensim-run: argument %u: out of memory\n", n);
		return -ENOMEM;
	}
	dw = a->bytes;
	switch (a->init) {
	case GSIM_INIT_IOTA:
		for (uint64_t i = 0; i < a->size / 4; i++)
			dw[i] = (uint32_t)i;
		break;
	case GSIM_INIT_FIOTA:
		for (uint64_t i = 0; i < a->size / 4; i++) {
			float v = (float)i;

			memcpy(&dw[i], &v, 4);
		}
		break;
	case GSIM_INIT_RANDOM:
		fill_random(a->bytes, a->size, a->seed);
		break;
	case GSIM_INIT_BYTES:
		f = fopen(a->path, "rb");
		if (!f) {
			fprintf(stderr, "gensim-run: %s: %s\n", a->path, strerror(errno));
			return -EIO;
		}
		(void)!fread(a->bytes, 1, a->size, f);
		fclose(f);
		break;
	}
	return 0;
}

/* --cl: compile @src with ocloc into a new directory; the binary's path into @bin. */
static int cl_compile(const struct opts *o, char *dir, size_t dlen, char *bin, size_t blen)
{
	char cmd[PATH_MAX * 3 + 512], out[4096], src[PATH_MAX], inc[PATH_MAX];
	size_t n = 0;
	FILE *p;

	if (!realpath(o->cl_source, src)) {
		fprintf(stderr, "gensim-run: %s: %s\n", o->cl_source, strerror(errno));
		return -EIO;
	}
	snprintf(dir, dlen, "/tmp/gensim-run-XXXXXX");
	if (!mkdtemp(dir)) {
		fprintf(stderr, "gensim-run: mkdtemp: %s\n", strerror(errno));
		dir[0] = 0;
		return -EIO;
	}
	/* ocloc runs in the new directory: the source's own includes by -I */
	snprintf(inc, sizeof(inc), "%s", src);
	if (strrchr(inc, '/'))
		*strrchr(inc, '/') = 0;
	snprintf(cmd, sizeof(cmd), "cd '%s' && ocloc compile -q -file '%s' -device bdw "
		 "-options '-I%s%s%s'%s -output kernel 2>&1", dir, src, inc,
		 o->cl_options ? " " : "", o->cl_options ? o->cl_options : "",
		 o->cl_stateless ? " -internal_options "
		 "-cl-intel-greater-than-4GB-buffer-required" : "");
	p = popen(cmd, "r");
	if (p)
		n = fread(out, 1, sizeof(out) - 1, p);
	out[n] = 0;
	if (!p || pclose(p)) {
		fprintf(stderr, "gensim-run: ocloc (Intel's OpenCL compiler, intel-opencl-icd) "
			"could not compile %s:\n%s", o->cl_source, out);
		return -EINVAL;
	}
	snprintf(bin, blen, "%s/kernel_Gen8core.bin", dir);
	return 0;
}

static void cl_cleanup(const char *dir)
{
	char p[PATH_MAX];

	if (!dir[0])
		return;
	snprintf(p, sizeof(p), "%s/kernel_Gen8core.bin", dir);
	unlink(p);
	snprintf(p, sizeof(p), "%s/kernel_Gen8core.spv", dir);
	unlink(p);
	rmdir(dir);
}

static const char *const cl_kind_name[] = { "dropped", "value", "buffer", "local", "image",
					    "sampler" };

/*
 * The bytes of an OpenCL C built-in scalar or vector type as the compiler
 * spells it in the argument information ("int", "float4", "uchar3"), or
 * 0 for a type this does not know (a struct, a typedef).  A 3-component
 * vector takes the size of the 4-component one (OpenCL C specification,
 * "Built-in Vector Data Types").
 */
static unsigned int cl_type_size(const char *type)
{
	static const struct { const char *name; unsigned int size; } scalars[] = {
		{ "char", 1 }, { "uchar", 1 }, { "bool", 1 }, { "short", 2 }, { "ushort", 2 },
		{ "half", 2 }, { "int", 4 }, { "uint", 4 }, { "float", 4 }, { "long", 8 },
		{ "ulong", 8 }, { "double", 8 }, { "size_t", 8 }, { "intptr_t", 8 },
		{ "uintptr_t", 8 }, { "ptrdiff_t", 8 },
	};

	for (size_t i = 0; i < sizeof(scalars) / sizeof(scalars[0]); i++) {
		size_t len = strlen(scalars[i].name);
		char *end;
		unsigned long n;

		if (strncmp(type, scalars[i].name, len))
			continue;
		if (!type[len])
			return scalars[i].size;
		n = strtoul(type + len, &end, 10);
		if (*end || !(n == 2 || n == 3 || n == 4 || n == 8 || n == 16))
			continue;
		return scalars[i].size * (unsigned int)(n == 3 ? 4 : n);
	}
	return 0;
}

static void cl_list(const struct gsim_cl_program *prog)
{
	for (uint32_t k = 0; k < gsim_cl_program_kernels(prog); k++) {
		const struct gsim_cl_kernel *kern = gsim_cl_kernel_at(prog, k);
		struct gsim_cl_kernel_info ki;

		gsim_cl_kernel_info(kern, &ki);
		printf("%s: SIMD%u, %u bytes of code%s%s\n", ki.name, ki.simd, ki.isa_size,
		       ki.stateless ? ", stateless" : "", ki.barriers ? ", barrier" : "");
		if (ki.unsupported)
			printf("  unsupported: %s\n", ki.unsupported);
		for (uint32_t a = 0; a < ki.nargs; a++) {
			struct gsim_cl_arg_info ai;

			gsim_cl_arg_info(kern, a, &ai);
			printf("  arg %u: %-7s %s %s %s", a, ai.kind < 6 ? cl_kind_name[ai.kind] : "?",
			       ai.qualifier, ai.type, ai.name);
			if (ai.kind == GSIM_CL_ARG_VALUE)
				printf(" (%u bytes)", ai.value_size);
			printf("\n");
		}
	}
}

static int run_cl(struct opts *o)
{
	struct gsim_cl_arg args[CL_MAX_ARGS];
	struct gsim_cl_program *prog = NULL;
	const struct gsim_cl_kernel *kern;
	struct gsim_cl_kernel_info ki;
	struct gsim_device *dev = NULL;
	struct gsim_cl_stats st;
	char dir[64] = "", bin[PATH_MAX];
	uint32_t vm = 0, queue = 0;
	int ret = 1;

	/* --cl-binary x.cl: the source, compiled */
	if (o->cl_binary && strlen(o->cl_binary) > 3 &&
	    !strcmp(o->cl_binary + strlen(o->cl_binary) - 3, ".cl")) {
		o->cl_source = o->cl_binary;
		o->cl_binary = NULL;
	}
	if (o->cl_source) {
		if (cl_compile(o, dir, sizeof(dir), bin, sizeof(bin)))
			goto out;
	} else {
		snprintf(bin, sizeof(bin), "%s", o->cl_binary);
	}
	if (gsim_cl_program_open(bin, &prog)) {
		fprintf(stderr, "gensim-run: %s\n", gsim_last_error());
		goto out;
	}
	if (o->cl_list) {
		cl_list(prog);
		ret = 0;
		goto out;
	}
	if (gsim_cl_kernel_find(prog, o->kernel, &kern)) {
		fprintf(stderr, "gensim-run: %s\n", gsim_last_error());
		goto out;
	}
	gsim_cl_kernel_info(kern, &ki);
	if (ki.unsupported) {
		fprintf(stderr, "gensim-run: kernel %s: unsupported: %s\n", ki.name, ki.unsupported);
		goto out;
	}
	if (!o->nd.work_dim) {
		fprintf(stderr, "gensim-run: --global: the NDRange is needed\n");
		goto out;
	}
	memset(args, 0, sizeof(args));
	for (uint32_t a = 0; a < CL_MAX_ARGS; a++) {
		struct cl_arg_spec *s = &o->arg[a];
		struct gsim_cl_arg_info ai = { 0 };

		if (a >= ki.nargs) {
			if (s->given) {
				fprintf(stderr, "gensim-run: --arg %u: kernel %s has %u arguments\n",
					a, ki.name, ki.nargs);
				goto out;
			}
			continue;
		}
		gsim_cl_arg_info(kern, a, &ai);
		if (ai.kind == GSIM_CL_ARG_NONE)
			continue;	/* dropped by the compiler: nothing to pass */
		if (!s->given || s->kind != ai.kind) {
			fprintf(stderr, "gensim-run: kernel %s argument %u (%s %s %s) is a %s: "
				"--arg %u:%s\n", ki.name, a, ai.qualifier, ai.type, ai.name,
				cl_kind_name[ai.kind], a, ai.kind == GSIM_CL_ARG_BUFFER ?
				"buffer:SIZE[:INIT]" : ai.kind == GSIM_CL_ARG_LOCAL ? "local:SIZE" :
				ai.kind == GSIM_CL_ARG_IMAGE ? "image:WxH:FORMAT[:INIT]" :
				ai.kind == GSIM_CL_ARG_SAMPLER ? "sampler:MODES" : "TYPE:VALUE");
			goto out;
		}
		/* A value of the wrong size would be cut or padded with zeros, as NEO does. */
		if (s->kind == GSIM_CL_ARG_VALUE && cl_type_size(ai.type) &&
		    cl_type_size(ai.type) != s->value_size) {
			fprintf(stderr, "gensim-run: kernel %s argument %u (%s %s) takes %u bytes; "
				"--arg %u gives %u\n", ki.name, a, ai.type, ai.name,
				cl_type_size(ai.type), a, s->value_size);
			goto out;
		}
		args[a].kind = s->kind;
		if (s->kind == GSIM_CL_ARG_VALUE) {
			args[a].size = s->value_size;
			args[a].data = s->value;
		} else {
			args[a].size = s->size;
		}
		args[a].width = s->width;
		args[a].height = s->height;
		args[a].format = s->format;
		args[a].sampler = s->sampler;
		if (s->kind == GSIM_CL_ARG_BUFFER || s->kind == GSIM_CL_ARG_IMAGE) {
			if (cl_buffer_init(s, a))
				goto out;
			args[a].data = s->bytes;
			args[a].out = s->bytes;
		}
	}
	if (open_device(o, &dev) || gsim_vm_create(dev, 0, &vm) ||
	    gsim_queue_create(dev, GSIM_ENGINE_CLASS_RENDER, 0, vm, GSIM_PRIORITY_NORMAL, &queue)) {
		fprintf(stderr, "gensim-run: %s\n", gsim_last_error());
		goto out;
	}
	/* The same call on both backends: only open_device() differs. */
	if (gsim_cl_enqueue(dev, vm, queue, kern, &o->nd, args, ki.nargs, o->timeout_ms, &st)) {
		fprintf(stderr, "gensim-run: %s\n", gsim_last_error());
		goto out;
	}
	if (o->verbose) {
		printf("kernel %s: SIMD%u, %llu work-groups, %llu threads, %u walker%s, %s\n",
		       ki.name, ki.simd, (unsigned long long)st.groups,
		       (unsigned long long)st.threads, st.walkers, st.walkers == 1 ? "" : "s",
		       o->drm ? "through the render node" : "in process");
		if (st.exec.flags & GSIM_STATS_INSTRUCTIONS)
			printf("instructions: %llu (GENSIM_EU_RETIRED)\n",
			       (unsigned long long)st.exec.eu_instructions);
		printf("time: %.3f s\n", (double)st.exec.ns / 1e9);
	}
	ret = 0;
	for (unsigned int i = 0; i < o->nout + o->ndump; i++) {
		const struct out_spec *d = i < o->nout ? &o->out[i] : &o->dump[i - o->nout];
		struct gsim_dispatch_buf b = { 0 };

		if (d->bti >= CL_MAX_ARGS || !o->arg[d->bti].bytes) {
			fprintf(stderr, "gensim-run: --%s %u: not a buffer argument\n",
				i < o->nout ? "out" : "dump", d->bti);
			ret = 1;
			continue;
		}
		b.bti = d->bti;
		b.size = o->arg[d->bti].size;
		b.cpu = o->arg[d->bti].bytes;
		if (i < o->nout)
			ret |= write_out(&b, d->path) ? 1 : 0;
		else
			dump(&b, d->fmt, d->count);
	}
out:
	gsim_close(dev);
	gsim_cl_program_free(prog);
	cl_cleanup(dir);
	for (unsigned int a = 0; a < CL_MAX_ARGS; a++) {
		free(o->arg[a].bytes);
		free((void *)o->arg[a].path);
	}
	return ret;
}

int main(int argc, char **argv)
{
	struct gseu_asm_result kernel = { 0 };
	struct gsim_device *dev = NULL;
	struct opts o;
	int ret = 2;

	if (parse_args(argc, argv, &o)) {
		free_opts(&o);
		return 2;
	}
	if (o.cl_binary || o.cl_source) {
		ret = run_cl(&o);
		free_opts(&o);
		return ret;
	}
	if (load_kernel(o.kernel, &kernel))
		goto out;
	o.job.kernel = kernel.code;
	o.job.kernel_size = kernel.size;
	if (gsim_dispatch_check(&o.job)) {
		fprintf(stderr, "gensim-run: %s\n", gsim_last_error());
		goto out;
	}
	ret = 1;
	if (load_files(&o))
		goto out;
	if (open_device(&o, &dev)) {
		fprintf(stderr, "gensim-run: %s\n", gsim_last_error());
		goto out;
	}
	/* Closing the device frees the VM and the queue with it. */
	ret = run(&o, dev) ? 1 : 0;
out:
	gsim_close(dev);
	gseu_asm_free(&kernel);
	free_opts(&o);
	return ret;
}
