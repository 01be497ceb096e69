// SPDX-License-Identifier: MIT
/*
 * Building the OpenCL corpus with ocloc and reading its manifest
 * (corpus.h, ocl/corpus/README).
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "corpus.h"

const struct corpus_variant corpus_variants[CORPUS_NVARIANTS] = {
	{ false, 8 }, { false, 16 }, { false, 32 },
	{ true, 8 }, { true, 16 }, { true, 32 },
};

const char *corpus_build_name(const struct corpus_variant *v)
{
	return v->stateless ? "stateless" : "default";
}

/* Run @cmd through the shell; its output (stdout and stderr) into @out. */
static int run(const char *cmd, char *out, size_t len)
{
	FILE *p = popen(cmd, "r");
	size_t n = 0;
	int st;

	if (!p) {
		snprintf(out, len, "cannot run %s", cmd);
		return -1;
	}
	if (len)
		out[0] = 0;
	while (len && n + 1 < len) {
		size_t got = fread(out + n, 1, len - 1 - n, p);

		if (!got)
			break;
		n += got;
	}
	if (len)
		out[n] = 0;
	/* Drain what did not fit. */
	while (fgetc(p) != EOF)
		;
	st = pclose(p);
	return st ? -1 : 0;
}

bool corpus_have_ocloc(char *why, size_t len)
{
	char out[512];

	if (!run("command -v ocloc 2>&1", out, sizeof(out)) && out[0])
		return true;
	snprintf(why, len, "ocloc (Intel's OpenCL offline compiler: Debian intel-opencl-icd, "
		 "scripts/install-deps) is not installed: the corpus cannot be compiled");
	return false;
}

static char *trim(char *s)
{
	char *e;

	while (isspace((unsigned char)*s))
		s++;
	e = s + strlen(s);
	while (e > s && isspace((unsigned char)e[-1]))
		*--e = 0;
	return s;
}

int corpus_load_manifest(struct corpus *c, const char *dir, char *why, size_t len)
{
	char path[600], line[512];
	struct corpus_kernel *k = NULL;
	unsigned int lineno = 0;
	FILE *f;

	memset(c, 0, sizeof(*c));
	snprintf(c->dir, sizeof(c->dir), "%s", dir);
	snprintf(path, sizeof(path), "%s/MANIFEST", dir);
	f = fopen(path, "r");
	if (!f) {
		snprintf(why, len, "%s: cannot open", path);
		return -1;
	}
	while (fgets(line, sizeof(line), f)) {
		bool cont = isspace((unsigned char)line[0]);
		char *s, *w1, *w2, *rest, *save = NULL;
		unsigned int i;

		lineno++;
		s = trim(line);
		if (!*s || *s == '#')
			continue;
		w1 = strtok_r(s, " \t", &save);
		w2 = strtok_r(NULL, " \t", &save);
		rest = save ? trim(save) : NULL;
		if (!cont) {
			/* "name file.cl" */
			if (!w2 || (rest && *rest) || c->nkernel == CORPUS_MAX_KERNELS)
				goto bad;
			k = &c->k[c->nkernel++];
			snprintf(k->name, sizeof(k->name), "%s", w1);
			snprintf(k->file, sizeof(k->file), "%s", w2);
			for (i = 0; i < c->nfile && strcmp(c->file[i], w2); i++)
				;
			if (i == c->nfile) {
				if (c->nfile == CORPUS_MAX_FILES)
					goto bad;
				snprintf(c->file[c->nfile++], sizeof(c->file[0]), "%s", w2);
			}
			continue;
		}
		/* "  error VARIANTS TEXT", "  absent VARIANTS WHY", "  bug VARIANTS WHAT" */
		if (!k || !w2 || !rest || !*rest || k->nexpect == CORPUS_MAX_EXPECT ||
		    (strcmp(w1, "error") && strcmp(w1, "absent") && strcmp(w1, "bug")))
			goto bad;
		k->expect[k->nexpect].kind = !strcmp(w1, "error") ? CORPUS_ERROR :
					     !strcmp(w1, "absent") ? CORPUS_ABSENT : CORPUS_BUG;
		snprintf(k->expect[k->nexpect].when, sizeof(k->expect[0].when), "%s", w2);
		snprintf(k->expect[k->nexpect].text, sizeof(k->expect[0].text), "%s", rest);
		k->nexpect++;
	}
	fclose(f);
	if (!c->nkernel) {
		snprintf(why, len, "%s: no kernels", path);
		return -1;
	}
	return 0;
bad:
	fclose(f);
	snprintf(why, len, "%s:%u: not \"kernel file.cl\", \"  error VARIANTS TEXT\", "
		 "\"  absent VARIANTS WHY\" or \"  bug VARIANTS WHAT\"", path, lineno);
	return -1;
}

/* @bin exists and is newer than the sources it was compiled from. */
static bool fresh(const struct corpus *c, const char *bin, const char *file)
{
	struct stat b, s;
	char src[600];

	if (stat(bin, &b))
		return false;
	snprintf(src, sizeof(src), "%s/%s", c->dir, file);
	if (stat(src, &s) || s.st_mtime > b.st_mtime)
		return false;
	snprintf(src, sizeof(src), "%s/corpus.h", c->dir);
	return !stat(src, &s) && s.st_mtime <= b.st_mtime;
}

int corpus_build(struct corpus *c, char *why, size_t len)
{
	const char *cache = getenv("GENSIM_OCL_CACHE");
	char cmd[2048], out[4096];

	c->cached = cache && *cache;
	if (c->cached) {
		snprintf(c->tmp, sizeof(c->tmp), "%s", cache);
		if (mkdir(c->tmp, 0755) && errno != EEXIST) {
			snprintf(why, len, "GENSIM_OCL_CACHE %s: %s", c->tmp, strerror(errno));
			c->tmp[0] = 0;
			return -1;
		}
	} else {
		snprintf(c->tmp, sizeof(c->tmp), "/tmp/gensim-ocl-XXXXXX");
		if (!mkdtemp(c->tmp)) {
			snprintf(why, len, "mkdtemp %s failed", c->tmp);
			c->tmp[0] = 0;
			return -1;
		}
	}
	for (unsigned int f = 0; f < c->nfile; f++)
		for (unsigned int v = 0; v < CORPUS_NVARIANTS; v++) {
			const struct corpus_variant *cv = &corpus_variants[v];
			char stem[64];

			snprintf(stem, sizeof(stem), "%.*s_%s%u", (int)strcspn(c->file[f], "."),
				 c->file[f], cv->stateless ? "a64_" : "", cv->simd);
			/* ocloc writes STEM_Gen8core.bin (and a .spv) into the directory */
			snprintf(cmd, sizeof(cmd),
				 "cd '%s' && ocloc compile -q -file '%s/%s' -device bdw "
				 "-options '-DSIMD=%u -I%s -cl-std=CL2.0' %s -output '%s' 2>&1",
				 c->tmp, c->dir, c->file[f], cv->simd, c->dir,
				 cv->stateless ? "-internal_options "
				 "-cl-intel-greater-than-4GB-buffer-required" : "", stem);
			snprintf(c->bin[f][v], sizeof(c->bin[f][v]), "%s/%s_Gen8core.bin", c->tmp,
				 stem);
			if (!(c->cached && fresh(c, c->bin[f][v], c->file[f])) &&
			    run(cmd, out, sizeof(out))) {
				snprintf(why, len, "ocloc failed on %s (SIMD%u, %s): %.300s",
					 c->file[f], cv->simd, corpus_build_name(cv), out);
				return -1;
			}
			if (gsim_cl_program_open(c->bin[f][v], &c->prog[f][v])) {
				snprintf(why, len, "%s", gsim_last_error());
				return -1;
			}
		}
	return 0;
}

void corpus_free(struct corpus *c)
{
	for (unsigned int f = 0; f < c->nfile; f++)
		for (unsigned int v = 0; v < CORPUS_NVARIANTS; v++) {
			gsim_cl_program_free(c->prog[f][v]);
			c->prog[f][v] = NULL;
		}
	if (c->tmp[0] && !c->cached) {
		DIR *d = opendir(c->tmp);
		struct dirent *e;

		while (d && (e = readdir(d))) {
			char p[600];

			if (e->d_name[0] == '.')
				continue;
			snprintf(p, sizeof(p), "%s/%s", c->tmp, e->d_name);
			unlink(p);
		}
		if (d)
			closedir(d);
		rmdir(c->tmp);
		c->tmp[0] = 0;
	}
}

const struct corpus_kernel *corpus_kernel(const struct corpus *c, const char *name)
{
	for (unsigned int i = 0; i < c->nkernel; i++)
		if (!strcmp(c->k[i].name, name))
			return &c->k[i];
	return NULL;
}

struct gsim_cl_program *corpus_program(const struct corpus *c, const struct corpus_kernel *k,
				       unsigned int v)
{
	for (unsigned int f = 0; f < c->nfile; f++)
		if (!strcmp(c->file[f], k->file))
			return c->prog[f][v];
	return NULL;
}

/* Does @when ("*", "simd32", "stateless/simd8", "default,simd16"...) cover variant @v? */
static bool covers(const char *when, unsigned int v)
{
	const struct corpus_variant *cv = &corpus_variants[v];
	char buf[64], *save = NULL;

	snprintf(buf, sizeof(buf), "%s", when);
	for (char *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
		char *simd = strchr(t, '/');
		bool ok = true;

		if (!strcmp(t, "*"))
			return true;
		if (simd)
			*simd++ = 0;
		else if (!strncmp(t, "simd", 4))
			simd = t, t = NULL;
		if (t && strcmp(t, corpus_build_name(cv)))
			ok = false;
		if (simd && (strncmp(simd, "simd", 4) || (unsigned int)atoi(simd + 4) != cv->simd))
			ok = false;
		if (ok)
			return true;
	}
	return false;
}

const struct corpus_expect *corpus_expected(const struct corpus_kernel *k, unsigned int v,
					    enum corpus_kind kind)
{
	for (unsigned int i = 0; i < k->nexpect; i++)
		if (k->expect[i].kind == kind && covers(k->expect[i].when, v))
			return &k->expect[i];
	return NULL;
}

bool corpus_matches(const struct corpus_expect *e, const char *msg)
{
	char buf[sizeof(e->text)], *save = NULL;

	snprintf(buf, sizeof(buf), "%s", e->text);
	for (char *t = strtok_r(buf, "|", &save); t; t = strtok_r(NULL, "|", &save))
		if (strstr(msg, t))
			return true;
	return false;
}
