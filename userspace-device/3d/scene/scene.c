// SPDX-License-Identifier: MIT
/*
 * The 3D scene (scene.h): its triangles, and one batch that draws them on
 * rcs0 through libgensim's device API, on whichever backend the caller
 * opened.  Called by tools/gensim-draw.c and 3d/tests/test_3d_scene.c.
 *
 * The state in memory is packed here from the Gen8 layouts (Intel
 * OpenSource HD Graphics PRM Vol. 2d Command Reference: Structures,
 * Broadwell, 2014: RENDER_SURFACE_STATE, SF_CLIP_VIEWPORT, CC_VIEWPORT,
 * BLEND_STATE, SCISSOR_RECT); the commands come from libgensim's 3D
 * emitters (gensim/batch.h).
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scene.h"
#include "3d/r3d_cmds.h"
#include "3d/scene/shaders.h"
#include "gseu/eu.h"

/* GPU addresses of the scene's buffers in its VM. */
#define VA_BATCH	0x100000000ull
#define VA_ISA		0x100100000ull
#define VA_SSH		0x100200000ull
#define VA_DSH		0x100300000ull
#define VA_VB		0x101000000ull
#define VA_IB		0x102000000ull
#define VA_RT		0x104000000ull
#define VA_DEPTH	0x108000000ull

#define BATCH_BYTES	(64u * 1024)
#define HEAP_BYTES	(64u * 1024)
#define RT_PITCH	(SCENE_W * 4)
/* Y-tiled D32_FLOAT: rows of 32-row tiles, the pitch a multiple of 128. */
#define DEPTH_PITCH	(SCENE_W * 4)
#define DEPTH_BYTES	(DEPTH_PITCH * ((SCENE_H + 31) / 32 * 32))

/* Offsets in the dynamic state heap. */
#define DSH_SF_CLIP	0x000
#define DSH_CC_VP	0x040
#define DSH_BLEND	0x080
#define DSH_CC		0x0c0
#define DSH_SCISSOR	0x100
#define DSH_SAMPLER	0x140
/* The surface state heap: the binding table, then the render target's state. */
#define SSH_BT		0x000
#define SSH_RT		0x100

/* ---- The triangles ---- */

/* A linear congruential generator: the same scene on every host. */
static float frand(uint32_t *rng, float lo, float hi)
{
	*rng = *rng * 1103515245u + 12345u;
	return lo + (hi - lo) * (float)(*rng >> 8) / (float)(1u << 24);
}

/* Pixel (px, py) of the target as an NDC position at depth @z. */
static struct scene_vertex at(float px, float py, float z, float r, float g, float b)
{
	return (struct scene_vertex){ px / (SCENE_W / 2.0f) - 1.0f, py / (SCENE_H / 2.0f) - 1.0f,
				      z, 1.0f, r, g, b, 1.0f };
}

static void add_draw(struct scene *s, unsigned int topo, int indexed, unsigned int first,
		     unsigned int count, unsigned int tris)
{
	struct scene_draw *d = &s->draw[s->ndraws++];

	d->topology = topo;
	d->indexed = indexed;
	d->first = first;
	d->count = count;
	d->triangles = tris;
	s->triangles += tris;
}

enum { GRID = 16, FAN = 48, STRIP = 60, RANDOM = 1400 };

int scene_build(struct scene *s)
{
	const unsigned int nv = (GRID + 1) * (GRID + 1) + (FAN + 2) + 2 * (STRIP + 1) + 3 * RANDOM;
	uint32_t rng = 20240613u;
	unsigned int n = 0, first;

	memset(s, 0, sizeof(*s));
	s->v = calloc(nv, sizeof(*s->v));
	s->idx = calloc((size_t)GRID * GRID * 6, sizeof(*s->idx));
	if (!s->v || !s->idx) {
		scene_free(s);
		return -ENOMEM;
	}

	/*
	 * A jittered grid over [16, 240]^2 (z 0.6), two
	 * triangles a cell sharing their edges, drawn indexed: every
	 * covered pixel is covered once.
	 */
	for (unsigned int y = 0; y <= GRID; y++)
		for (unsigned int x = 0; x <= GRID; x++) {
			float px = 16.0f + 14.0f * (float)x, py = 16.0f + 14.0f * (float)y;

			if (x && x < GRID)
				px += frand(&rng, -4, 4);
			if (y && y < GRID)
				py += frand(&rng, -4, 4);
			s->v[n++] = at(px, py, 0.6f, (float)x / GRID, (float)y / GRID,
				       0.35f + 0.3f * (float)((x + y) & 1));
		}
	for (unsigned int y = 0; y < GRID; y++)
		for (unsigned int x = 0; x < GRID; x++) {
			uint32_t a = y * (GRID + 1) + x, b = a + 1, c = a + GRID + 1, d = c + 1;
			int flip = (x + y) & 1;

			s->idx[s->nidx++] = a;
			s->idx[s->nidx++] = b;
			s->idx[s->nidx++] = flip ? c : d;
			s->idx[s->nidx++] = flip ? b : a;
			s->idx[s->nidx++] = d;
			s->idx[s->nidx++] = c;
		}
	add_draw(s, GSIM_TOPO_TRILIST, 1, 0, s->nidx, s->nidx / 3);

	/* A fan: a disc of FAN segments in the middle, in front of the grid (z 0.4). */
	first = n;
	s->v[n++] = at(128.3f, 128.1f, 0.4f, 1.0f, 1.0f, 1.0f);
	for (unsigned int i = 0; i <= FAN; i++) {
		float a = 6.2831853f * (float)i / FAN;

		s->v[n++] = at(128.3f + 70.0f * cosf(a), 128.1f + 70.0f * sinf(a), 0.4f,
			       0.5f + 0.5f * cosf(a), 0.5f + 0.5f * sinf(a), 0.2f);
	}
	add_draw(s, GSIM_TOPO_TRIFAN, 0, first, FAN + 2, FAN);

	/* A strip: a wavy ribbon across the target, tilted in depth through the disc. */
	first = n;
	for (unsigned int i = 0; i <= STRIP; i++) {
		float px = -6.0f + 268.0f * (float)i / STRIP;
		float py = 200.0f + 28.0f * sinf((float)i * 0.35f);
		float z = 0.2f + 0.6f * (float)i / STRIP;

		s->v[n++] = at(px, py - 9.0f, z, 0.9f, 0.2f, (float)i / STRIP);
		s->v[n++] = at(px, py + 9.0f, z, 0.2f, 0.9f, 1.0f - (float)i / STRIP);
	}
	add_draw(s, GSIM_TOPO_TRISTRIP, 0, first, 2 * (STRIP + 1), 2 * STRIP);

	/*
	 * Triangles of every size at random depths, some partly off the
	 * target: about 40 % behind the grid, some through it.
	 */
	first = n;
	for (unsigned int i = 0; i < RANDOM; i++) {
		float size = i % 8 == 0 ? 30.0f : i % 8 < 4 ? 10.0f : 4.0f;
		float cx = frand(&rng, -10, 266), cy = frand(&rng, -10, 266);
		float z = frand(&rng, 0.05f, 0.99f);

		for (unsigned int k = 0; k < 3; k++)
			s->v[n++] = at(cx + frand(&rng, -size, size), cy + frand(&rng, -size, size),
				       z + frand(&rng, -0.04f, 0.04f), frand(&rng, 0, 1),
				       frand(&rng, 0, 1), frand(&rng, 0, 1));
	}
	add_draw(s, GSIM_TOPO_TRILIST, 0, first, 3 * RANDOM, RANDOM);
	s->nv = n;
	return 0;
}

void scene_free(struct scene *s)
{
	free(s->v);
	free(s->idx);
	memset(s, 0, sizeof(*s));
}

/* ---- The batch ---- */

struct ctx {
	struct gsim_device *dev;
	uint32_t vm, queue;
	struct gsim_buffer batch, isa, ssh, dsh, vb, ib, rt, depth;
	uint32_t isa_used;
	char *err;
	size_t errlen;
};

static int fail(struct ctx *c, int ret, const char *fmt, ...)
{
	va_list ap;
	size_t n;

	va_start(ap, fmt);
	vsnprintf(c->err, c->errlen, fmt, ap);
	va_end(ap);
	n = strlen(c->err);
	if (*gsim_last_error())
		snprintf(c->err + n, c->errlen - n, ": %s", gsim_last_error());
	return ret;
}

static int buffer(struct ctx *c, struct gsim_buffer *b, uint64_t va, uint64_t size,
		  const char *what)
{
	int ret = gsim_buffer_create(c->dev, c->vm, va, size, 0, b);

	return ret ? fail(c, ret, "the %s buffer (%llu bytes at %#llx)", what,
			  (unsigned long long)size, (unsigned long long)va) : 0;
}

/* Assemble @text into the instruction heap: its offset from the instruction base. */
static int kernel(struct ctx *c, const char *text, const char *what, uint64_t *at)
{
	struct gseu_asm_result res;
	struct gseu_error e;

	if (gseu_assemble(text, NULL, &res, &e)) {
		snprintf(c->err, c->errlen, "the %s: line %u:%u: %s", what, e.line, e.col, e.msg);
		return -EINVAL;
	}
	if (c->isa_used + res.size > HEAP_BYTES) {
		gseu_asm_free(&res);
		snprintf(c->err, c->errlen, "the %s does not fit the instruction heap", what);
		return -ENOSPC;
	}
	memcpy((uint8_t *)c->isa.cpu + c->isa_used, res.code, res.size);
	*at = c->isa_used;
	c->isa_used = (c->isa_used + (uint32_t)res.size + 63) & ~63u;
	gseu_asm_free(&res);
	return 0;
}

/* The render target's RENDER_SURFACE_STATE (linear 2D) at binding table index 0. */
static void surface_state(struct ctx *c)
{
	uint32_t *ss = (uint32_t *)((uint8_t *)c->ssh.cpu + SSH_RT);

	ss[0] = 1u << 29 | (uint32_t)R3D_FMT_R8G8B8A8_UNORM << 18 | 1u << 16 | 1u << 14;
	ss[2] = (SCENE_H - 1) << 16 | (SCENE_W - 1);
	ss[3] = RT_PITCH - 1;
	ss[7] = 4u << 25 | 5u << 22 | 6u << 19 | 7u << 16;	/* shader channel selects R, G, B, A */
	ss[8] = (uint32_t)c->rt.va;
	ss[9] = (uint32_t)(c->rt.va >> 32);
	((uint32_t *)((uint8_t *)c->ssh.cpu + SSH_BT))[0] = SSH_RT;
}

/*
 * The dynamic state: SF_CLIP_VIEWPORT (NDC to the whole target, z
 * unchanged, guardband +-1), CC_VIEWPORT (depth range [0, 1]),
 * BLEND_STATE (no blending, every channel written), COLOR_CALC_STATE
 * (zeros) and SCISSOR_RECT (the target; the scissor test is off anyway).
 */
static void dynamic_state(struct ctx *c)
{
	uint8_t *dsh = c->dsh.cpu;
	float vp[16] = { 0 };
	const float cc[2] = { 0.0f, 1.0f };
	uint32_t sc[2] = { 0, (SCENE_H - 1) << 16 | (SCENE_W - 1) };

	vp[0] = SCENE_W / 2.0f;		/* m00 */
	vp[1] = SCENE_H / 2.0f;		/* m11 */
	vp[2] = 1.0f;			/* m22 */
	vp[3] = SCENE_W / 2.0f;		/* m30 */
	vp[4] = SCENE_H / 2.0f;		/* m31 */
	vp[SFVP_GB_XMIN] = vp[SFVP_GB_YMIN] = -1.0f;
	vp[SFVP_GB_XMAX] = vp[SFVP_GB_YMAX] = 1.0f;
	memcpy(dsh + DSH_SF_CLIP, vp, sizeof(vp));
	memcpy(dsh + DSH_CC_VP, cc, sizeof(cc));
	memcpy(dsh + DSH_SCISSOR, sc, sizeof(sc));
}

static int emit(struct ctx *c, const struct scene *s, uint64_t vs_at, uint64_t ps_at,
		uint32_t *bytes)
{
	const struct gsim_3d_vertex_element ve[2] = {
		{ 0, R3D_FMT_R32G32B32A32_FLOAT, 0,
		  { GSIM_VFCOMP_SRC, GSIM_VFCOMP_SRC, GSIM_VFCOMP_SRC, GSIM_VFCOMP_SRC } },
		{ 0, R3D_FMT_R32G32B32A32_FLOAT, 16,
		  { GSIM_VFCOMP_SRC, GSIM_VFCOMP_SRC, GSIM_VFCOMP_SRC, GSIM_VFCOMP_SRC } },
	};
	const struct gsim_3d_vertex_buffer vb = { .index = 0, .pitch = sizeof(struct scene_vertex),
						  .va = c->vb.va,
						  .size = (uint32_t)(s->nv * sizeof(*s->v)) };
	const struct gsim_3d_vs vs = { .kernel = vs_at, .grf_start = 2, .urb_read_length = 1,
				       .max_threads = 8 };
	const struct gsim_3d_ps ps = { .kernel = ps_at, .simd = 16, .grf_start = 6,
				       .barycentric = GSIM_BARY_PERSPECTIVE,
				       .flags = GSIM_PS_ATTRIBUTES };
	struct gsim_batch b;
	int ret = gsim_batch_init(&b, c->batch.cpu, c->batch.va, BATCH_BYTES);

	if (ret)
		return fail(c, ret, "the batch");
	ret |= gsim_emit_pipeline_select(&b, GSIM_PIPELINE_3D);
	ret |= gsim_emit_state_base_address(&b, c->ssh.va, c->dsh.va, HEAP_BYTES, c->isa.va,
					    HEAP_BYTES);
	ret |= gsim_emit_3d_urb(&b, 64, 256, 2, 2);
	ret |= gsim_emit_3d_disable_stages(&b);
	ret |= gsim_emit_3d_depth(&b, c->depth.va, SCENE_W, SCENE_H, DEPTH_PITCH,
				  GSIM_DEPTH_D32_FLOAT, COMPARE_LESS, 1);
	ret |= gsim_emit_3d_multisample(&b, 0);
	ret |= gsim_emit_3d_viewports(&b, DSH_SF_CLIP, DSH_CC_VP);
	ret |= gsim_emit_3d_blend(&b, DSH_BLEND, DSH_CC);
	ret |= gsim_emit_3d_scissor(&b, DSH_SCISSOR);
	ret |= gsim_emit_3d_drawing_rectangle(&b, 0, 0, SCENE_W - 1, SCENE_H - 1, 0, 0);
	ret |= gsim_emit_3d_clip(&b, 0);
	ret |= gsim_emit_3d_sf(&b, GSIM_SF_VIEWPORT_TRANSFORM, 0, 1);
	ret |= gsim_emit_3d_raster(&b, GSIM_CULL_NONE, 0);
	ret |= gsim_emit_3d_vs(&b, &vs);
	ret |= gsim_emit_3d_sbe(&b, 1, 1, 1, 0);
	ret |= gsim_emit_3d_stage_pointers(&b, GSIM_STAGE_PS, SSH_BT, DSH_SAMPLER);
	ret |= gsim_emit_3d_ps(&b, &ps);
	ret |= gsim_emit_3d_vertex_buffers(&b, &vb, 1);
	ret |= gsim_emit_3d_vertex_elements(&b, ve, 2);
	ret |= gsim_emit_3d_index_buffer(&b, c->ib.va, s->nidx * 4, 4);
	for (unsigned int i = 0; i < s->ndraws && !ret; i++) {
		const struct scene_draw *d = &s->draw[i];

		ret |= gsim_emit_3d_topology(&b, d->topology);
		ret |= gsim_emit_3d_primitive(&b, d->count, d->first, 1, 0, 0,
					      d->indexed ? GSIM_PRIM_INDEXED : 0);
	}
	if (!ret)
		ret = gsim_batch_end(&b);
	*bytes = 4 * b.len;
	return ret ? fail(c, ret, "writing the batch") : 0;
}

static void release(struct ctx *c)
{
	struct gsim_buffer *bufs[] = { &c->batch, &c->isa, &c->ssh, &c->dsh,
				       &c->vb, &c->ib, &c->rt, &c->depth };

	for (unsigned int i = 0; i < sizeof(bufs) / sizeof(bufs[0]); i++)
		if (bufs[i]->handle)
			gsim_buffer_destroy(c->dev, bufs[i]);
	if (c->queue)
		gsim_queue_destroy(c->dev, c->queue);
	if (c->vm)
		gsim_vm_destroy(c->dev, c->vm);
}

int scene_render(struct gsim_device *dev, const struct scene *s, uint32_t *pixels,
		 struct scene_stats *st, char *err, size_t errlen)
{
	struct ctx c = { .dev = dev, .err = err, .errlen = errlen };
	struct gsim_exec_stats es;
	uint64_t vs_at = 0, ps_at = 0;
	const float one = 1.0f;
	int ret;

	memset(st, 0, sizeof(*st));
	err[0] = 0;
	ret = gsim_vm_create(dev, 0, &c.vm);
	if (ret)
		return fail(&c, ret, "creating a VM");
	ret = gsim_queue_create(dev, GSIM_ENGINE_CLASS_RENDER, 0, c.vm, GSIM_PRIORITY_NORMAL,
				&c.queue);
	if (ret) {
		fail(&c, ret, "creating a queue on rcs0");
		goto out;
	}
	if ((ret = buffer(&c, &c.batch, VA_BATCH, BATCH_BYTES, "batch")) ||
	    (ret = buffer(&c, &c.isa, VA_ISA, HEAP_BYTES, "instruction heap")) ||
	    (ret = buffer(&c, &c.ssh, VA_SSH, HEAP_BYTES, "surface state heap")) ||
	    (ret = buffer(&c, &c.dsh, VA_DSH, HEAP_BYTES, "dynamic state heap")) ||
	    (ret = buffer(&c, &c.vb, VA_VB, s->nv * sizeof(*s->v), "vertex")) ||
	    (ret = buffer(&c, &c.ib, VA_IB, s->nidx * 4u + 4, "index")) ||
	    (ret = buffer(&c, &c.rt, VA_RT, (uint64_t)RT_PITCH * SCENE_H, "render target")) ||
	    (ret = buffer(&c, &c.depth, VA_DEPTH, DEPTH_BYTES, "depth")))
		goto out;
	if ((ret = kernel(&c, r3d_vs_pass, "vertex shader", &vs_at)) ||
	    (ret = kernel(&c, r3d_ps_interp16, "pixel shader", &ps_at)))
		goto out;
	memcpy(c.vb.cpu, s->v, s->nv * sizeof(*s->v));
	memcpy(c.ib.cpu, s->idx, s->nidx * 4u);
	for (unsigned int i = 0; i < SCENE_W * SCENE_H; i++)
		((uint32_t *)c.rt.cpu)[i] = SCENE_CLEAR;
	for (unsigned int i = 0; i < DEPTH_BYTES / 4; i++)
		memcpy((uint8_t *)c.depth.cpu + 4 * i, &one, 4);
	surface_state(&c);
	dynamic_state(&c);
	ret = emit(&c, s, vs_at, ps_at, &st->batch_bytes);
	if (ret)
		goto out;
	ret = gsim_exec_wait(dev, c.queue, c.batch.va, 120000, &es);
	if (ret) {
		fail(&c, ret, "the batch on rcs0");
		goto out;
	}
	memcpy(pixels, c.rt.cpu, (size_t)RT_PITCH * SCENE_H);
	st->ns = es.ns;
	st->have_instructions = !!(es.flags & GSIM_STATS_INSTRUCTIONS);
	st->eu_instructions = es.eu_instructions;
out:
	release(&c);
	return ret;
}
