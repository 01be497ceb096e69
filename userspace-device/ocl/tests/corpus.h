/* SPDX-License-Identifier: MIT */
/*
 * The OpenCL corpus (ocl/corpus/README): its files compiled by ocloc at
 * test time, once per variant (build x SIMD), into a temporary directory,
 * and its MANIFEST: every kernel, its file, and the named errors it is
 * expected to stop with where gensim lacks a feature.
 */
#ifndef OCL_CORPUS_H
#define OCL_CORPUS_H

#include <stdbool.h>
#include <stddef.h>

#include <gensim/ocl.h>

#define CORPUS_MAX_KERNELS	160
#define CORPUS_MAX_FILES	16
#define CORPUS_MAX_EXPECT	4

/* A variant: the default build (stateful where IGC can) or stateless, at a SIMD width. */
struct corpus_variant {
	bool stateless;
	unsigned int simd;
};

#define CORPUS_NVARIANTS	6
extern const struct corpus_variant corpus_variants[CORPUS_NVARIANTS];

/* "default" or "stateless" */
const char *corpus_build_name(const struct corpus_variant *v);

/* What the manifest expects of a kernel in some variants. */
enum corpus_kind {
	CORPUS_ERROR,		/* the run stops with an error naming @text */
	CORPUS_ABSENT,		/* the kernel is not in those binaries: @text says why */
	CORPUS_BUG,		/* a known gensim bug gives a wrong result: @text names it */
};

struct corpus_expect {
	enum corpus_kind kind;
	char when[64];		/* "*", or "simd32", "stateless", "default/simd16", comma lists */
	char text[160];		/* ERROR: substrings of the run's message, '|' between */
};

struct corpus_kernel {
	char name[64];
	char file[32];
	struct corpus_expect expect[CORPUS_MAX_EXPECT];
	unsigned int nexpect;
};

struct corpus {
	char dir[512];			/* the corpus sources */
	char tmp[256];			/* the compiled binaries */
	bool cached;			/* tmp is GENSIM_OCL_CACHE: kept */
	struct corpus_kernel k[CORPUS_MAX_KERNELS];
	unsigned int nkernel;
	char file[CORPUS_MAX_FILES][32];
	unsigned int nfile;
	/* per file and variant: the program, or NULL with the compiler's why */
	struct gsim_cl_program *prog[CORPUS_MAX_FILES][CORPUS_NVARIANTS];
	char bin[CORPUS_MAX_FILES][CORPUS_NVARIANTS][384];
};

/* True if ocloc runs; else @why says what is missing. */
bool corpus_have_ocloc(char *why, size_t len);
/* Read the manifest of @dir: 0, or -1 with @why. */
int corpus_load_manifest(struct corpus *c, const char *dir, char *why, size_t len);
/*
 * Compile every file in every variant and load the programs: 0, or -1 with
 * @why.  With GENSIM_OCL_CACHE=DIR in the environment the binaries go to
 * DIR and stay there; one newer than its .cl file and corpus.h is used
 * without ocloc (how the VM, which has no time for IGC under TCG, runs
 * the corpus through the driver: igt-tests/gensim_ocl.c).
 */
int corpus_build(struct corpus *c, char *why, size_t len);
void corpus_free(struct corpus *c);

const struct corpus_kernel *corpus_kernel(const struct corpus *c, const char *name);
/* The kernel's program in variant @v (NULL if the file failed to build). */
struct gsim_cl_program *corpus_program(const struct corpus *c, const struct corpus_kernel *k,
				       unsigned int v);
/* The expectation of @kind for @k in variant @v, or NULL. */
const struct corpus_expect *corpus_expected(const struct corpus_kernel *k, unsigned int v,
					    enum corpus_kind kind);
/* Does @msg contain one of the '|'-separated substrings of @e->text? */
bool corpus_matches(const struct corpus_expect *e, const char *msg);

#endif
