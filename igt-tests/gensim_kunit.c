// SPDX-License-Identifier: MIT
/*
 * gensim_kunit: run the driver's KUnit suite (gensim_kunit.ko, the parsers
 * of device state: context status entries, ring heads, fuses, seqnos) and
 * report each case.  Only on a kernel with KUnit (the rig's debug kernel,
 * make debug-kernel); elsewhere every subtest skips.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/igt.h"
#include "lib/igt_gensim.h"

#define RESULTS	"/sys/kernel/debug/kunit/gensim/results"

static const char *const cases[] = {
	"csb_accepts_what_it_can_follow",
	"csb_rejects_what_it_cannot",
	"ring_window_stays_inside",
	"topology_decodes_fuses",
	"topology_bounds_hostile_fuses",
	"seqno_wraps",
};

/* static: survives the harness longjmp */
static unsigned int case_i;

/* gensim_kunit.ko built for the running kernel, or NULL. */
static char *kunit_module(void)
{
	static const char *const where[] = {
		"build/debug-module/drivers/gpu/drm/gensim/gensim_kunit.ko",
		"drivers/gpu/drm/gensim/gensim_kunit.ko",
	};
	static char path[512];

	for (unsigned int i = 0; i < sizeof(where) / sizeof(where[0]); i++) {
		snprintf(path, sizeof(path), "%s/%s", gensim_top(), where[i]);
		if (access(path, R_OK) == 0 &&
		    gensim_system("[ \"$(modinfo -F vermagic %s | cut -d' ' -f1)\" = \"$(uname -r)\" ]",
				  path) == 0)
			return path;
	}
	return NULL;
}

igt_main
{
	static char *results;

	igt_fixture {
		char *ko;

		igt_require(access("/sys/kernel/debug/kunit", F_OK) == 0);
		ko = kunit_module();
		igt_require(ko);
		if (!gensim_module_loaded())
			gensim_load();
		gensim_system("rmmod gensim_kunit 2>/dev/null");
		/* Loading the module runs the suite. */
		igt_assert_eq(gensim_system("insmod %s", ko), 0);
		results = gensim_read_file(RESULTS);
		igt_assert_f(results, "no %s after loading %s", RESULTS, ko);
		igt_info("%s", results);
	}

	for (case_i = 0; case_i < sizeof(cases) / sizeof(cases[0]); case_i++) {
		unsigned int i = case_i;

		igt_subtest(cases[i]) {
			char ok[128], bad[128];

			snprintf(ok, sizeof(ok), "ok %u %s\n", i + 1, cases[i]);
			snprintf(bad, sizeof(bad), "not ok %u %s", i + 1, cases[i]);
			igt_assert_f(!strstr(results, bad), "KUnit: %s", bad);
			igt_assert_f(strstr(results, ok), "KUnit did not report \"%.*s\"",
				     (int)strlen(ok) - 1, ok);
		}
	}

	igt_subtest("suite") {
		igt_assert_f(!strstr(results, "not ok"), "a KUnit case failed");
		igt_assert_f(strstr(results, " gensim\n") || strstr(results, " gensim"),
			     "no result line for the gensim suite");
	}

	igt_fixture {
		free(results);
		gensim_system("rmmod gensim_kunit 2>/dev/null");
		gensim_unload();
	}
}
