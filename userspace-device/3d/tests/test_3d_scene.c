// SPDX-License-Identifier: MIT
/*
 * The 3D scene (3d/scene/scene.c: a mesh, a fan, a strip and 1400 random
 * triangles with a depth test, about 2000 triangles on a 256 x 256
 * target) drawn through libgensim's device API - in process by default,
 * or with --drm[=NODE] through the gensim driver's render node, as the
 * IGT test gensim_3d runs it in the VM - and compared pixel for pixel
 * with the CPU reference (r3d_ref.c).  Run by make check (native) and by
 * igt-tests/gensim_3d.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "r3d_env.h"
#include "tap.h"
#include "3d/scene/scene.h"

static const char *drm_node;	/* --drm=NODE; NULL: the first gensim node */
static bool use_drm;
static struct gsim_device *dev;
static struct scene S;
static uint32_t *img;

static void t_open(void)
{
	if (use_drm) {
		CHECK_MSG(!gsim_open(drm_node, &dev), "gsim_open %s: %s",
			  drm_node ? drm_node : "(the gensim render node)", gsim_last_error());
		CHECK_EQ(gsim_backend_of(dev), GSIM_BACKEND_DRM);
	} else {
		CHECK_MSG(!gsim_open_inprocess(NULL, &dev), "gsim_open_inprocess: %s",
			  gsim_last_error());
		CHECK_EQ(gsim_backend_of(dev), GSIM_BACKEND_INPROCESS);
	}
}

static void t_build(void)
{
	CHECK(!scene_build(&S));
	CHECK_MSG(S.triangles >= 1000, "only %u triangles", S.triangles);
	for (unsigned int i = 0; i < S.nidx; i++)
		CHECK(S.idx[i] < S.nv);
	for (unsigned int i = 0; i < S.ndraws; i++)
		CHECK(S.draw[i].indexed || S.draw[i].first + S.draw[i].count <= S.nv);
}

static struct r3e_vertex rv(const struct scene_vertex *v)
{
	return (struct r3e_vertex){ v->x, v->y, v->z, v->w, v->r, v->g, v->b, v->a };
}

/* The scene on the reference: the same draws, indexed ones through their indices. */
static void reference(struct r3e_ref *ref)
{
	r3e_ref_init(ref, SCENE_W, SCENE_H, SCENE_CLEAR);
	ref->vp_transform = true;
	ref->vp[0] = SCENE_W / 2.0f;
	ref->vp[1] = SCENE_H / 2.0f;
	ref->vp[2] = 1.0f;
	ref->vp[3] = SCENE_W / 2.0f;
	ref->vp[4] = SCENE_H / 2.0f;
	ref->depth = true;
	ref->depth_func = COMPARE_LESS;
	ref->depth_write = true;
	for (unsigned int i = 0; i < S.ndraws; i++) {
		const struct scene_draw *d = &S.draw[i];
		struct r3e_vertex *v = malloc(d->count * sizeof(*v));

		CHECK(v);
		for (unsigned int k = 0; k < d->count; k++)
			v[k] = rv(&S.v[d->indexed ? S.idx[d->first + k] : d->first + k]);
		r3e_ref_draw(ref, d->topology, v, d->count);
		free(v);
	}
}

static void t_draw(void)
{
	struct scene_stats st;
	struct r3e_ref ref;
	char err[512];
	unsigned int bad, covered = 0, overdrawn = 0, changed = 0;
	int ret;

	CHECK(dev);
	img = malloc(SCENE_W * SCENE_H * 4);
	CHECK(img);
	ret = scene_render(dev, &S, img, &st, err, sizeof(err));
	CHECK_MSG(!ret, "scene_render: %d: %s", ret, err);
	printf("# %u triangles in %u draws, batch %u bytes, %.3f s on rcs0%s\n", S.triangles,
	       S.ndraws, st.batch_bytes, (double)st.ns / 1e9,
	       use_drm ? " through the driver" : " in process");
	reference(&ref);
	CHECK_EQ(ref.prims, S.triangles);
	bad = r3e_compare_pixels(img, &ref, use_drm ? "scene (driver)" : "scene (in process)");
	for (unsigned int i = 0; i < SCENE_W * SCENE_H; i++) {
		covered += ref.count[i] != 0;
		overdrawn += ref.count[i] > 1;
		changed += img[i] != SCENE_CLEAR;
	}
	printf("# %u pixels covered (%u more than once), %u differ from the clear colour\n",
	       covered, overdrawn, changed);
	r3e_ref_free(&ref);
	CHECK_MSG(!bad, "%u of %u pixels differ from the reference", bad, SCENE_W * SCENE_H);
	/* Not an empty or trivial picture: most of the target drawn, with overlaps. */
	CHECK_MSG(covered > SCENE_W * SCENE_H / 2, "only %u pixels covered", covered);
	CHECK_MSG(changed > SCENE_W * SCENE_H / 2, "only %u pixels drawn", changed);
	CHECK_MSG(overdrawn > 1000, "only %u pixels drawn over: the depth test is not exercised",
		  overdrawn);
}

/* Drawn again in a new VM and queue: the same image. */
static void t_again(void)
{
	struct scene_stats st;
	uint32_t *again = malloc(SCENE_W * SCENE_H * 4);
	char err[512];
	unsigned int diff = 0;
	int ret;

	CHECK(dev && img && again);
	ret = scene_render(dev, &S, again, &st, err, sizeof(err));
	CHECK_MSG(!ret, "scene_render: %d: %s", ret, err);
	for (unsigned int i = 0; i < SCENE_W * SCENE_H; i++)
		diff += again[i] != img[i];
	free(again);
	CHECK_MSG(!diff, "%u pixels differ from the first drawing", diff);
}

static void usage(void)
{
	fprintf(stderr, "usage: test_3d_scene [--drm[=NODE]]\n"
		"  Draws the 3D scene with the in-process device, or with --drm through the\n"
		"  gensim driver's render node NODE (default: the first gensim node), and\n"
		"  compares it with the CPU reference.\n");
}

int main(int argc, char **argv)
{
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
	tap_run(use_drm ? "the gensim render node opens" : "the in-process device opens", t_open);
	tap_run("the scene: a mesh, a fan, a strip and random triangles", t_build);
	tap_run(use_drm ? "the scene through the driver is the reference's, pixel for pixel" :
		"the scene in process is the reference's, pixel for pixel", t_draw);
	tap_run("drawn again: the same image", t_again);
	free(img);
	scene_free(&S);
	gsim_close(dev);
	return tap_done();
}
