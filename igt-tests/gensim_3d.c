// SPDX-License-Identifier: MIT
/*
 * gensim_3d: the 3D pipeline through the driver.  The scene of
 * userspace-device/3d/scene/ (about 2000 triangles, a depth test, a
 * 256x256 target) is drawn on the gensim render node - libgensim over the
 * uapi: GEM buffers, a VM, a render queue, one EXEC - by the native test
 * in its --drm mode (3d/tests/test_3d_scene.c), which compares every
 * pixel with the CPU reference; then by gensim-draw, whose PNG is checked
 * for its signature and kept in $GENSIM_RESULTS.  The module's object
 * counts must come back to where they were before.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/igt.h"
#include "lib/igt_gensim.h"

#define LOG	"/tmp/gensim_3d_scene.tap"

static char node[64];
static struct gensim_objects baseline;
static bool have_baseline;

/* Run @cmd with its output in @log_path, show the output, return its status. */
static int run_logged(const char *cmd, const char *log_path)
{
	char *log, *line;
	int rc = gensim_system("%s >%s 2>&1", cmd, log_path);

	log = gensim_read_file(log_path);
	igt_assert_f(log, "no output in %s", log_path);
	for (line = strtok(log, "\n"); line; line = strtok(NULL, "\n"))
		igt_info("%s\n", line);
	free(log);
	return rc;
}

igt_main
{
	igt_fixture {
		int minor;

		if (gensim_render_minor() < 0)
			gensim_load();
		minor = gensim_render_minor();
		igt_assert_f(minor >= 0, "no gensim render node after loading");
		snprintf(node, sizeof(node), "/dev/dri/renderD%d", minor);
		have_baseline = gensim_objects(&baseline) == 0;
	}

	igt_subtest("scene-through-the-driver") {
		char cmd[1024];
		char *log;
		int rc;

		snprintf(cmd, sizeof(cmd), "%s/build/release/tests/test_3d_scene --drm=%s",
			 gensim_top(), node);
		rc = run_logged(cmd, LOG);
		log = gensim_read_file(LOG);
		igt_assert(log);
		/* The comparison ran: a bare exit status 0 of a test that skipped would not do. */
		igt_assert_f(strstr(log, "\nok 3 - the scene through the driver is the reference's"),
			     "test_3d_scene did not compare the scene (its TAP: %s)", LOG);
		free(log);
		igt_assert_f(rc == 0, "test_3d_scene --drm=%s exited with %d (its TAP: %s)", node,
			     rc, LOG);
	}

	igt_subtest("gensim-draw-png") {
		const char *dir = getenv("GENSIM_RESULTS");
		char png[512], cmd[1024];
		unsigned char sig[8];
		struct stat st;
		FILE *f;
		int rc;

		snprintf(png, sizeof(png), "%s/gensim_3d-scene.png", dir && *dir ? dir : "/tmp");
		unlink(png);
		snprintf(cmd, sizeof(cmd), "%s/build/release/bin/gensim-draw --node %s -o %s",
			 gensim_top(), node, png);
		rc = run_logged(cmd, "/tmp/gensim_3d_draw.log");
		igt_assert_f(rc == 0, "gensim-draw exited with %d", rc);
		igt_assert_f(!stat(png, &st) && st.st_size > 1000, "%s: missing or tiny", png);
		f = fopen(png, "rb");
		igt_assert(f);
		igt_assert_eq(fread(sig, 1, 8, f), 8);
		fclose(f);
		igt_assert_f(!memcmp(sig, "\x89PNG\r\n\x1a\n", 8), "%s: not a PNG", png);
		igt_info("the scene: %s (%lld bytes)\n", png, (long long)st.st_size);
	}

	igt_subtest("objects-back-to-baseline") {
		struct gensim_objects now;
		char diff[256];

		if (!have_baseline)
			igt_skip("no /sys/kernel/debug/gensim/objects");
		if (!gensim_objects_wait(&baseline, 5000, &now)) {
			gensim_objects_diff(&now, &baseline, diff, sizeof(diff));
			igt_assert_f(false, "object counts not back at the baseline: %s", diff);
		}
	}

	igt_fixture {
		gensim_unload();
	}
}
