// SPDX-License-Identifier: MIT
/*
 * Every kernel of the OpenCL corpus (ocl/corpus/), compiled now by Intel's
 * compiler (ocloc -device bdw) in the default and the stateless build at
 * SIMD8, 16 and 32, loaded and run by libgensim's OpenCL loader
 * (gensim/ocl.h) on the in-process device with 1 and with 3 EU workers,
 * and compared with its C reference (cases_*.c): bit for bit, or within
 * the case's ULP bound for floats.
 *
 * A kernel that stops with an error must stop with the one the corpus
 * MANIFEST names for that variant ("unsupported: ..." in the table); one
 * absent from a variant's binary must be listed absent there; a wrong
 * result is allowed only where the MANIFEST names the gensim bug that
 * causes it ("known bug: ..."), and is never counted as a pass.  Anything
 * else - an unnamed wrong result, an unlisted error, a listed error that
 * changed - fails its test.  The table at the end shows kernel, build, SIMD
 * and the outcome with each worker count.
 */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <gensim/gensim.h>
#include <gensim/ocl.h>

#include "cases.h"
#include "corpus.h"
#include "tap.h"

#ifndef OCL_CORPUS
#define OCL_CORPUS "ocl/corpus"
#endif

#define WORKERS_N	3
#define TIMEOUT_MS	60000

static const struct ocl_case *const tables[] = {
	cases_float, cases_int, cases_atomic, cases_local, cases_vector, cases_subgroup,
	cases_ndrange, cases_flow, cases_misc, cases_image, cases_apps, cases_builtins2,
	cases_mathfn, cases_misc2, cases_indep,
};

static struct corpus corpus;

/* One device per worker count, with a VM and a render queue. */
struct dev {
	unsigned int workers;
	struct gsim_device *dev;
	uint32_t vm, queue;
};

static struct dev devs[2] = { { .workers = 1 }, { .workers = WORKERS_N } };
/* Devices in use: both in process, or with --drm the driver's render node alone. */
static unsigned int ndevs = 2;
static const char *drm_node;		/* --drm=NODE; NULL: the first gensim node */
static bool use_drm;

enum outcome { O_PASS, O_EXPECTED, O_ABSENT, O_BUG, O_FAIL, O_COUNT };

struct cell {
	enum outcome o[2];
	char text[2][200];
};

static struct cell table[CORPUS_MAX_KERNELS][CORPUS_NVARIANTS];
static unsigned int counts[CORPUS_NVARIANTS][O_COUNT];
static const struct corpus_kernel *current;

static void open_dev(struct dev *d)
{
	struct gsim_inprocess_config cfg;

	if (use_drm) {
		CHECK_MSG(!gsim_open(drm_node, &d->dev), "gsim_open %s: %s",
			  drm_node ? drm_node : "(the gensim render node)", gsim_last_error());
	} else {
		gsim_inprocess_config_init(&cfg);
		cfg.eu_workers = d->workers;
		cfg.job_timeout_ms = TIMEOUT_MS;
		CHECK_MSG(!gsim_open_inprocess(&cfg, &d->dev), "gsim_open_inprocess: %s",
			  gsim_last_error());
	}
	CHECK_MSG(!gsim_vm_create(d->dev, 0, &d->vm), "%s", gsim_last_error());
	CHECK_MSG(!gsim_queue_create(d->dev, GSIM_ENGINE_CLASS_RENDER, 0, d->vm,
				     GSIM_PRIORITY_NORMAL, &d->queue), "%s", gsim_last_error());
}

/* A failed batch bans its queue: a fresh VM and queue for the next job. */
static void renew(struct dev *d)
{
	gsim_queue_destroy(d->dev, d->queue);
	gsim_vm_destroy(d->dev, d->vm);
	CHECK_MSG(!gsim_vm_create(d->dev, 0, &d->vm), "%s", gsim_last_error());
	CHECK_MSG(!gsim_queue_create(d->dev, GSIM_ENGINE_CLASS_RENDER, 0, d->vm,
				     GSIM_PRIORITY_NORMAL, &d->queue), "%s", gsim_last_error());
}

static const struct ocl_case *find_case(const char *name)
{
	for (unsigned int t = 0; t < sizeof(tables) / sizeof(tables[0]); t++)
		for (const struct ocl_case *c = tables[t]; c->kernel; c++)
			if (!strcmp(c->kernel, name))
				return c;
	return NULL;
}

static uint64_t seed_of(const char *name)
{
	uint64_t h = 0xcbf29ce484222325ull;

	for (; *name; name++)
		h = (h ^ (uint8_t)*name) * 0x100000001b3ull;
	return h | 1;
}

/* Floats as integers in the order of their values, for ULP distances. */
static int64_t ordered(uint64_t bits, unsigned int size)
{
	uint64_t sign = 1ull << (8 * size - 1);

	return bits & sign ? -(int64_t)(bits & ~sign) : (int64_t)bits;
}

/* Compare buffer @i; false with @why at the first difference. */
static bool compare(const struct ocl_case *c, struct run *r, unsigned int i, char *why, size_t len)
{
	size_t n = r->arg[i].size;
	unsigned int es = r->cmp[i] == CMP_F64 ? 8 : 4;

	switch (r->cmp[i]) {
	case CMP_CUSTOM:
		return c->check(r, why, len);
	case CMP_EXACT:
		for (size_t b = 0; b < n; b++)
			if (r->out[i][b] != r->want[i][b]) {
				size_t w = b & ~(size_t)3;
				uint32_t got = 0, want = 0;

				memcpy(&got, r->out[i] + w, n - w < 4 ? n - w : 4);
				memcpy(&want, r->want[i] + w, n - w < 4 ? n - w : 4);
				snprintf(why, len, "argument %u, byte %zu: dword %#010x, want %#010x",
					 i, b, got, want);
				return false;
			}
		return true;
	case CMP_F32:
	case CMP_F64:
		for (size_t b = 0; b + es <= n; b += es) {
			uint64_t got = 0, want = 0;
			int64_t d;

			memcpy(&got, r->out[i] + b, es);
			memcpy(&want, r->want[i] + b, es);
			d = ordered(got, es) - ordered(want, es);
			d = d < 0 ? -d : d;
			if ((uint64_t)d > r->ulp[i]) {
				double g = es == 4 ? bits_f32((uint32_t)got) : 0, wv = es == 4 ?
					   bits_f32((uint32_t)want) : 0;

				if (es == 8) {
					memcpy(&g, &got, 8);
					memcpy(&wv, &want, 8);
				}
				snprintf(why, len, "argument %u, element %zu: %.9g, want %.9g (%lld "
					 "ulp, at most %u)", i, b / es, g, wv, (long long)d,
					 r->ulp[i]);
				return false;
			}
			if ((double)d > r->worst_ulp)
				r->worst_ulp = (double)d;
		}
		return true;
	}
	return false;
}

static void free_run(struct run *r)
{
	for (unsigned int i = 0; i < CASE_MAX_ARGS; i++) {
		free(r->in[i]);
		free(r->want[i]);
		free(r->out[i]);
	}
}

/*
 * The device's log while @fn runs: the in-process device reports a
 * stopped dispatch on stderr ("gensim-device: error: ..."), the library
 * only that the engine stopped.  The first error line goes into @log.
 */
static int run_logged(struct dev *d, const struct gsim_cl_kernel *k, struct run *r,
		      char *log, size_t len)
{
	char path[] = "/tmp/gensim-ocl-log-XXXXXX";
	int fd = mkstemp(path), saved, ret;
	FILE *f;
	char line[512];

	log[0] = 0;
	fflush(stderr);
	saved = dup(2);
	if (fd >= 0 && saved >= 0)
		dup2(fd, 2);
	ret = gsim_cl_enqueue(d->dev, d->vm, d->queue, k, &r->nd, r->arg, r->nargs, TIMEOUT_MS,
			      NULL);
	fflush(stderr);
	if (saved >= 0) {
		dup2(saved, 2);
		close(saved);
	}
	if (fd < 0)
		return ret;
	f = fdopen(fd, "r");
	if (f) {
		rewind(f);
		while (fgets(line, sizeof(line), f)) {
			char *e = strstr(line, "error: ");

			char *w, *cmd;

			if (!e || log[0])
				continue;
			line[strcspn(line, "\n")] = 0;
			/* the walker's own words: after "GPGPU_WALKER: ", before "; command" */
			w = strstr(e, "GPGPU_WALKER: ");
			cmd = strstr(e, "; command ");
			if (cmd)
				*cmd = 0;
			snprintf(log, len, "%s", w ? w + 14 : e + 7);
		}
		fclose(f);
	} else {
		close(fd);
	}
	unlink(path);
	return ret;
}

/* Kernel @ck in variant @v on device @d: the outcome, and its text. */
static enum outcome run_one(const struct corpus_kernel *ck, unsigned int v, struct dev *d,
			    char *text, size_t len)
{
	const struct ocl_case *c = find_case(ck->name);
	struct gsim_cl_program *prog = corpus_program(&corpus, ck, v);
	const struct corpus_expect *absent = corpus_expected(ck, v, CORPUS_ABSENT);
	const struct corpus_expect *err = corpus_expected(ck, v, CORPUS_ERROR);
	const struct corpus_expect *bug = corpus_expected(ck, v, CORPUS_BUG);
	const struct gsim_cl_kernel *k = NULL;
	struct gsim_cl_kernel_info info;
	char msg[600], log[300], why[300];
	struct run r;
	bool ok = true;
	int ret;

	if (!prog || gsim_cl_kernel_find(prog, ck->name, &k)) {
		if (absent) {
			snprintf(text, len, "absent: %s", absent->text);
			return O_ABSENT;
		}
		snprintf(text, len, "FAIL: not in the binary and not listed absent");
		return O_FAIL;
	}
	if (absent) {
		snprintf(text, len, "FAIL: in the binary, but listed absent");
		return O_FAIL;
	}
	gsim_cl_kernel_info(k, &info);
	memset(&r, 0, sizeof(r));
	r.simd = info.simd;
	r.stateless = corpus_variants[v].stateless;
	r.seed = seed_of(ck->name);
	c->setup(&r);
	for (unsigned int i = 0; i < r.nargs; i++)
		if (r.in[i])
			memcpy(r.want[i], r.in[i], r.arg[i].size);
	c->ref(&r);

	ret = run_logged(d, k, &r, log, sizeof(log));
	if (ret) {
		snprintf(msg, sizeof(msg), "%s%s%s", gsim_last_error(), log[0] ? " | " : "", log);
		renew(d);
		free_run(&r);
		if (err && corpus_matches(err, msg)) {
			/* the device's own words when it has them, else the library's */
			snprintf(text, len, "unsupported: %.180s", log[0] ? log : msg);
			return O_EXPECTED;
		}
		/*
		 * Through the driver the device's words stay in its log: a
		 * client sees the fence's -ENOEXEC, an instruction error.  The
		 * words are checked in process; here the kind of failure.
		 */
		if (err && use_drm && ret == -ENOEXEC) {
			snprintf(text, len, "unsupported (an instruction error, -ENOEXEC): %.140s",
				 msg);
			return O_EXPECTED;
		}
		snprintf(text, len, "FAIL: %.180s", msg);
		return O_FAIL;
	}
	for (unsigned int i = 0; i < r.nargs && ok; i++)
		if (r.arg[i].kind == GSIM_CL_ARG_BUFFER || r.arg[i].kind == GSIM_CL_ARG_IMAGE)
			ok = compare(c, &r, i, why, sizeof(why));
	free_run(&r);
	if (ok && r.cannot_check) {
		snprintf(text, len, "FAIL: it ran, but the case cannot check it: %.150s",
			 r.cannot_check);
		return O_FAIL;
	}
	if (!ok && bug) {
		snprintf(text, len, "known bug: %.80s (%.90s)", bug->text, why);
		return O_BUG;
	}
	if (!ok)
		snprintf(text, len, "FAIL: wrong result: %.170s", why);
	else if (r.worst_ulp > 0)
		snprintf(text, len, "pass (%.0f ulp)", r.worst_ulp);
	else
		snprintf(text, len, "pass");
	if (ok && (err || bug))
		snprintf(text + strlen(text), len - strlen(text),
			 " [MANIFEST lists \"%.60s\": drop it]", err ? err->text : bug->text);
	return ok ? O_PASS : O_FAIL;
}

static void t_kernel(void)
{
	const struct corpus_kernel *ck = current;
	unsigned int ki = (unsigned int)(ck - corpus.k), bad = 0;
	char first[300] = "";

	CHECK_MSG(find_case(ck->name), "%s: in the MANIFEST, no case in ocl/tests/cases_*.c",
		  ck->name);
	for (unsigned int v = 0; v < CORPUS_NVARIANTS; v++) {
		struct cell *cell = &table[ki][v];

		for (unsigned int w = 0; w < ndevs; w++) {
			cell->o[w] = run_one(ck, v, &devs[w], cell->text[w], sizeof(cell->text[w]));
			if (cell->o[w] == O_FAIL && !bad++)
				snprintf(first, sizeof(first), "%s SIMD%u, %s: %.200s",
					 corpus_build_name(&corpus_variants[v]),
					 corpus_variants[v].simd,
					 use_drm ? "through the driver" :
					 devs[w].workers == 1 ? "1 worker" : "3 workers",
					 cell->text[w]);
		}
		if (ndevs == 1) {	/* one column: the table shows it twice */
			cell->o[1] = cell->o[0];
			memcpy(cell->text[1], cell->text[0], sizeof(cell->text[1]));
		}
		if (cell->o[0] != cell->o[1] && !bad++)
			snprintf(first, sizeof(first), "%s SIMD%u: 1 worker \"%.100s\", %u: \"%.100s\"",
				 corpus_build_name(&corpus_variants[v]), corpus_variants[v].simd,
				 cell->text[0], WORKERS_N, cell->text[1]);
		counts[v][cell->o[0] == O_FAIL || cell->o[1] == O_FAIL ? O_FAIL : cell->o[0]]++;
	}
	CHECK_MSG(!bad, "%s: %u variant(s) wrong; first: %s", ck->name, bad, first);
}

static void t_cases_listed(void)
{
	for (unsigned int t = 0; t < sizeof(tables) / sizeof(tables[0]); t++)
		for (const struct ocl_case *c = tables[t]; c->kernel; c++)
			CHECK_MSG(corpus_kernel(&corpus, c->kernel), "case %s is not in "
				  "ocl/corpus/MANIFEST", c->kernel);
}

static void t_open(void)
{
	for (unsigned int w = 0; w < ndevs; w++)
		open_dev(&devs[w]);
}

static void print_table(void)
{
	static const char *const name[] = { "pass", "unsupported", "absent", "known-bug",
					    "FAIL" };

	printf("# %-18s %-9s %-6s %s\n", "kernel", "build", "SIMD",
	       use_drm ? "result (through the driver)" :
	       "result (1 worker | 3 workers when they differ)");
	for (unsigned int k = 0; k < corpus.nkernel; k++)
		for (unsigned int v = 0; v < CORPUS_NVARIANTS; v++) {
			const struct cell *c = &table[k][v];

			if (!c->text[0][0])
				continue;
			printf("# %-18s %-9s SIMD%-2u %s", corpus.k[k].name,
			       corpus_build_name(&corpus_variants[v]), corpus_variants[v].simd,
			       c->text[0]);
			if (strcmp(c->text[0], c->text[1]))
				printf(" | %s", c->text[1]);
			printf("\n");
		}
	printf("# summary (kernel x variant, %s):\n",
	       use_drm ? "through the driver" : "both worker counts");
	for (unsigned int v = 0; v < CORPUS_NVARIANTS; v++) {
		printf("#   %-9s SIMD%-2u", corpus_build_name(&corpus_variants[v]),
		       corpus_variants[v].simd);
		for (unsigned int o = 0; o < O_COUNT; o++)
			printf("  %s %u", name[o], counts[v][o]);
		printf("\n");
	}
}

static void usage(void)
{
	fprintf(stderr, "usage: test_ocl_corpus [--drm[=NODE]]\n"
		"  Every corpus kernel in six builds on the in-process device with 1 and %u EU\n"
		"  workers, or with --drm through the gensim driver's render node NODE (default:\n"
		"  the first gensim node).  GENSIM_OCL_CACHE=DIR keeps the ocloc binaries in DIR\n"
		"  and reuses the fresh ones.\n", WORKERS_N);
}

int main(int argc, char **argv)
{
	char why[1024];

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--drm")) {
			use_drm = true;
		} else if (!strncmp(argv[i], "--drm=", 6)) {
			use_drm = true;
			drm_node = argv[i] + 6;
		} else {
			usage();
			return 2;
		}
	}
	if (use_drm) {
		ndevs = 1;
		devs[0].workers = 0;
	}
	if (!corpus_have_ocloc(why, sizeof(why))) {
		fprintf(stderr, "test_ocl_corpus: SKIPPED: %s\n", why);
		tap_skip("OpenCL corpus on gensim", why);
		return tap_done();
	}
	if (corpus_load_manifest(&corpus, OCL_CORPUS, why, sizeof(why)) ||
	    corpus_build(&corpus, why, sizeof(why))) {
		printf("# %s\nnot ok 1 - the OpenCL corpus builds\n1..1\n", why);
		corpus_free(&corpus);
		return 1;
	}
	tap_run("every case is in the MANIFEST", t_cases_listed);
	tap_run(use_drm ? "the gensim render node opens" :
		"the in-process devices open (1 and 3 EU workers)", t_open);
	for (unsigned int w = 0; w < ndevs; w++)
		if (!devs[w].dev) {
			corpus_free(&corpus);
			return tap_done();
		}
	for (unsigned int k = 0; k < corpus.nkernel; k++) {
		char name[128];

		current = &corpus.k[k];
		if (use_drm)
			snprintf(name, sizeof(name), "%s (%s): 2 builds x SIMD8/16/32 through the "
				 "driver", current->name, current->file);
		else
			snprintf(name, sizeof(name), "%s (%s): 2 builds x SIMD8/16/32 x 1 and %u "
				 "workers", current->name, current->file, WORKERS_N);
		tap_run(name, t_kernel);
	}
	print_table();
	for (unsigned int w = 0; w < ndevs; w++)
		gsim_close(devs[w].dev);
	corpus_free(&corpus);
	return tap_done();
}
