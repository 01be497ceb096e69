/* SPDX-License-Identifier: MIT */
/*
 * The 3D scene drawn through libgensim's device API: a deterministic set
 * of a few thousand triangles (an indexed mesh with shared edges, a fan,
 * a strip and pseudo-random triangles at random depths) on a 256 x 256
 * R8G8B8A8_UNORM target with a D32_FLOAT depth test, on rcs0, with the
 * pass-through VS and the interpolated-colour PS of the 3D tests.
 *
 * Callers: tools/gensim-draw.c (renders it to a PNG) and
 * 3d/tests/test_3d_scene.c (compares it with the CPU reference).  Like
 * 3d/tests/, this is a client of libgensim (gensim/gensim.h), not part of
 * the device library: only those two link it.
 */
#ifndef GS_SCENE_H
#define GS_SCENE_H

#include <stdint.h>

#include <gensim/gensim.h>

#define SCENE_W		256u
#define SCENE_H		256u
/* The clear colour: the R8G8B8A8_UNORM bytes 10 20 30 ff read as a dword. */
#define SCENE_CLEAR	0xff302010u
#define SCENE_MAX_DRAWS	8u

/* A vertex: clip-space position (w = 1), then its colour. */
struct scene_vertex {
	float x, y, z, w;
	float r, g, b, a;
};

/*
 * One 3DPRIMITIVE: @count vertices of @topology (GSIM_TOPO_*) from
 * vertex @first, or with @indexed from index @first of the index buffer
 * (32-bit indices into the whole vertex array).
 */
struct scene_draw {
	unsigned int topology;
	int indexed;
	unsigned int first, count;
	unsigned int triangles;
};

struct scene {
	struct scene_vertex *v;
	unsigned int nv;
	uint32_t *idx;
	unsigned int nidx;
	struct scene_draw draw[SCENE_MAX_DRAWS];
	unsigned int ndraws;
	unsigned int triangles;		/* in all the draws */
};

/* What a render took. */
struct scene_stats {
	uint64_t ns;			/* the batch, submission to completion */
	uint64_t eu_instructions;	/* when @have_instructions */
	int have_instructions;
	uint32_t batch_bytes;
};

/* Build the scene (always the same one): 0 or -ENOMEM. */
int scene_build(struct scene *s);
void scene_free(struct scene *s);

/*
 * Draw @s on @dev (either backend) in a VM and render queue of its own,
 * and copy the render target into @pixels (SCENE_W x SCENE_H dwords, the
 * R8G8B8A8 bytes of each pixel).  0, or a negative errno with the reason
 * in @err (and gsim_last_error() when libgensim failed).
 */
int scene_render(struct gsim_device *dev, const struct scene *s, uint32_t *pixels,
		 struct scene_stats *st, char *err, size_t errlen);

#endif
