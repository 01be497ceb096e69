// SPDX-License-Identifier: MIT
/*
 * The public headers stand alone: each one first in a translation unit,
 * compiled as C11 and as C++11 with every warning an error (-pedantic
 * included), so a client's compiler and language do not matter.  The
 * compilers are the build's, run now: the headers are this test's input.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"

/* Compile "#include <gensim/@header>" with @cc as @lang; 0 if it compiled cleanly. */
static int compile(const char *cc, const char *lang, const char *std, const char *header)
{
	char cmd[1024], out[2048];
	size_t n;
	FILE *p;

	snprintf(cmd, sizeof(cmd), "printf '#include <gensim/%s>\\n' | %s -x %s -std=%s "
		 "-Wall -Wextra -Werror -pedantic -fsyntax-only -I%s - 2>&1", header, cc, lang,
		 std, GSIM_INCLUDE);
	p = popen(cmd, "r");
	CHECK(p);
	n = fread(out, 1, sizeof(out) - 1, p);
	out[n] = 0;
	if (pclose(p)) {
		printf("# %s\n%s", cmd, out);
		return 1;
	}
	return 0;
}

static const char *const headers[] = { "gensim.h", "batch.h", "dispatch.h" };

static void t_c11(void)
{
	for (unsigned int i = 0; i < 3; i++)
		CHECK_MSG(!compile(GSIM_CC, "c", "c11", headers[i]), "%s as C11", headers[i]);
}

static void t_cxx(void)
{
	for (unsigned int i = 0; i < 3; i++)
		CHECK_MSG(!compile(GSIM_CXX, "c++", "c++11", headers[i]), "%s as C++11",
			  headers[i]);
}

int main(void)
{
	tap_run("gensim.h, batch.h, dispatch.h alone as C11", t_c11);
	tap_run("gensim.h, batch.h, dispatch.h alone as C++11", t_cxx);
	return tap_done();
}
