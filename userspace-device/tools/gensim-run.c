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
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gensim/gensim.h>

#include "gseu/eu.h"

struct out_spec {
	unsigned int bti;
	const char *fmt;	/* u32 i32 f32 x32 u8 */
	uint64_t count;		/* elements; 0: all */
	const char *path;	/* --out */
};

struct opts {
	const char *kernel;
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
		"libgensim's gensim/dispatch.h).\n");
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
		case 'h': usage(stdout); exit(0);
		default: usage(stderr); return -EINVAL;
		}
	}
	if (err)
		return err;
	if (!o->kernel || optind != argc) {
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
