// SPDX-License-Identifier: MIT
/*
 * gensim_ocl: the OpenCL corpus (userspace-device/ocl/corpus) through the
 * driver.  Every corpus kernel, built by Intel's compiler in the default
 * and the stateless build at SIMD8, 16 and 32, runs on the gensim render
 * node (libgensim's OpenCL loader over the uapi: GEM buffers, a VM, a
 * render queue, one EXEC per dispatch) and is compared with its C
 * reference, with the MANIFEST's expectations, by the native corpus test
 * in its --drm mode (test_ocl_corpus.c; Documentation/gpu/gensim/
 * opencl.rst).
 *
 * IGC under TCG takes minutes a file, so the binaries come from
 * build/ocl-cache, which the native run of make check fills
 * (GENSIM_OCL_CACHE); without it they are compiled here, into /tmp.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/igt.h"
#include "lib/igt_gensim.h"

#define LOG	"/tmp/gensim_ocl_corpus.tap"

igt_main
{
	igt_fixture {
		if (gensim_render_minor() < 0)
			gensim_load();
	}

	igt_subtest("corpus-through-the-driver") {
		char cache[600], *log, *line;
		struct stat st;
		int rc;

		snprintf(cache, sizeof(cache), "%s/build/ocl-cache", gensim_top());
		if (stat(cache, &st)) {
			igt_info("no %s (the native corpus test fills it): compiling into /tmp\n",
				 cache);
			snprintf(cache, sizeof(cache), "/tmp/gensim-ocl-cache");
		}
		rc = gensim_system("cd %s/userspace-device && GENSIM_OCL_CACHE=%s "
				   "%s/build/release/tests/test_ocl_corpus --drm >%s 2>&1",
				   gensim_top(), cache, gensim_top(), LOG);
		log = gensim_read_file(LOG);
		igt_assert_f(log, "no output in %s", LOG);
		/* Its failures and its summary, as comments of this run. */
		for (line = strtok(log, "\n"); line; line = strtok(NULL, "\n"))
			if (!strncmp(line, "not ok", 6) || !strncmp(line, "#   ", 4) ||
			    !strncmp(line, "# summary", 9))
				igt_info("%s\n", line);
		free(log);
		igt_assert_f(rc == 0, "test_ocl_corpus --drm exited with %d (its TAP: %s)", rc,
			     LOG);
	}

	igt_fixture {
		gensim_unload();
	}
}
