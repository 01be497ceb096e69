// SPDX-License-Identifier: MIT
/*
 * The depth and stencil tests through rcs0 (hw-spec-3d "The depth test",
 * "The stencil test"), against the CPU reference: every depth compare
 * function with and without writes over a random D32_FLOAT buffer; the
 * stencil test with random functions, operations, masks and reference
 * values, one- and two-sided, over a random W-tiled R8 buffer, with and
 * without the depth test - the image, the depth values and the stencil
 * bytes all compared.
 */
#include <stdlib.h>
#include <string.h>

#include "r3d_env.h"
#include "tap.h"

enum { W = 64, H = 48, ZPITCH = W * 4, SPITCH = 128 };
#define STENCIL_VA	(R3E_TEX + 0x10000)

static struct r3e E;
static uint32_t ps16;
static uint32_t rng = 4242;

static uint32_t rnd(void)
{
	rng = rng * 1103515245u + 12345u;
	return rng >> 8;
}

static float frand(float lo, float hi)
{
	return lo + (hi - lo) * (float)(rnd() & 0xffffff) / (float)(1u << 24);
}

/* Pixel (x, y) of a Y-tiled surface (hw-spec-blitter "Tiling"). */
static uint64_t ytile(unsigned int x, unsigned int y, unsigned int cpp, unsigned int pitch)
{
	unsigned int xb = x * cpp;

	return ((uint64_t)(y / 32) * (pitch / 128) + xb / 128) * 4096 + (xb % 128) / 16 * 512 +
	       (y % 32) * 16 + xb % 16;
}

/* Pixel (x, y) of a W-tiled R8 surface: 64x64-byte tiles, 8x8 blocks, 2x2 interleaves. */
static uint64_t wtile(unsigned int x, unsigned int y, unsigned int pitch)
{
	uint64_t tile = (uint64_t)(y / 64) * (pitch / 128) + x / 64;
	unsigned int bx = x % 64, by = y % 64, off = 0;

	off += (bx / 8) * 512 + (by / 8) * 64;
	off += (by >> 2 & 1) * 32 + (bx >> 2 & 1) * 16 + (by >> 1 & 1) * 8 + (bx >> 1 & 1) * 4 +
	       (by & 1) * 2 + (bx & 1);
	return tile * 4096 + off;
}

struct ds_case {
	struct gsim_3d_depth_stencil ds;
	uint8_t ref[2];
	float zlo, zhi;
};

/* 30 triangles of both windings at random depths; image, depth and stencil against the reference. */
static void run_case(const struct ds_case *c, const char *what)
{
	static struct r3e_vertex v[3 * 30];
	struct gsim_3d_ps ps = { .kernel = ps16, .simd = 16, .grf_start = 6,
				 .barycentric = GSIM_BARY_PERSPECTIVE, .flags = GSIM_PS_ATTRIBUTES };
	uint8_t *sb = E.tex + (STENCIL_VA - R3E_TEX);
	uint32_t *cc = (uint32_t *)((uint8_t *)E.dsh + R3E_CC);
	struct r3e_ref ref;
	unsigned int bad;

	for (unsigned int i = 0; i < 30; i++) {
		float cx = frand(0, W), cy = frand(0, H);

		for (unsigned int k = 0; k < 3; k++) {
			v[3 * i + k] = (struct r3e_vertex){ cx + frand(-20, 20), cy + frand(-20, 20),
							    frand(c->zlo, c->zhi), 1.0f,
							    frand(0, 1), frand(0, 1), frand(0, 1),
							    1.0f };
		}
		if (i % 7 == 0)		/* some flat at 0.5, for EQUAL */
			v[3 * i].z = v[3 * i + 1].z = v[3 * i + 2].z = 0.5f;
	}
	r3e_target(&E, W, H, R3D_FMT_R8G8B8A8_UNORM, 0x10203040u);
	r3e_ref_init(&ref, W, H, 0x10203040u);
	for (unsigned int y = 0; y < 64; y++)
		for (unsigned int x = 0; x < W; x++) {
			float z = (rnd() & 3) == 0 ? 0.5f : frand(0, 1);
			uint8_t s = (uint8_t)rnd();

			memcpy(E.tex + ytile(x, y, 4, ZPITCH), &z, 4);
			sb[wtile(x, y, SPITCH)] = s;
			if (y < H) {
				ref.zbuf[y * W + x] = z;
				ref.sbuf[y * W + x] = s;
			}
		}
	memset(cc, 0, 24);
	cc[0] = (uint32_t)c->ref[0] << 24 | (uint32_t)c->ref[1] << 16;
	r3e_begin(&E);
	gsim_emit_3d_ps(&E.b, &ps);
	CHECK(!gsim_emit_3d_depth_stencil(&E.b, &c->ds));
	r3e_vertices(&E, v, 3 * 30);
	gsim_emit_3d_topology(&E.b, GSIM_TOPO_TRILIST);
	gsim_emit_3d_primitive(&E.b, 3 * 30, 0, 1, 0, 0, 0);
	r3e_run(&E);

	ref.depth = c->ds.depth_test || c->ds.depth_write;
	ref.depth_func = c->ds.depth_test ? c->ds.depth_func : COMPARE_ALWAYS;
	ref.depth_write = c->ds.depth_write;
	ref.stencil = c->ds.stencil_test;
	ref.stencil_write = c->ds.stencil_write;
	ref.double_sided = c->ds.double_sided;
	for (unsigned int f = 0; f < 2; f++) {
		const struct gsim_3d_stencil_face *sf = f ? &c->ds.back : &c->ds.front;

		ref.sface[f] = (struct r3e_ref_stencil){ sf->func, sf->fail, sf->depth_fail, sf->pass,
							 (uint8_t)sf->test_mask,
							 (uint8_t)sf->write_mask, c->ref[f] };
	}
	r3e_ref_draw(&ref, GSIM_TOPO_TRILIST, v, 3 * 30);
	bad = r3e_compare(&E, &ref, what);
	for (unsigned int y = 0; y < H; y++)
		for (unsigned int x = 0; x < W; x++) {
			uint32_t gz, wz;
			uint8_t gs = sb[wtile(x, y, SPITCH)], ws = ref.sbuf[y * W + x];

			memcpy(&gz, E.tex + ytile(x, y, 4, ZPITCH), 4);
			memcpy(&wz, &ref.zbuf[y * W + x], 4);
			if (gz != wz && bad++ < 8)
				printf("# %s: depth (%u, %u) %#x, want %#x\n", what, x, y, gz, wz);
			if (gs != ws && bad++ < 8)
				printf("# %s: stencil (%u, %u) %u, want %u\n", what, x, y, gs, ws);
		}
	r3e_ref_free(&ref);
	CHECK_MSG(!bad, "%s: %u differences", what, bad);
}

static struct ds_case base(void)
{
	struct ds_case c = { .zlo = 0, .zhi = 1 };

	c.ds.depth_va = R3E_TEX;
	c.ds.width = W;
	c.ds.height = H;
	c.ds.depth_pitch = ZPITCH;
	c.ds.depth_format = GSIM_DEPTH_D32_FLOAT;
	return c;
}

/* Every compare function, with and without depth writes. */
static void t_depth_funcs(void)
{
	for (unsigned int func = COMPARE_ALWAYS; func <= COMPARE_GEQUAL; func++)
		for (unsigned int write = 0; write < 2; write++) {
			struct ds_case c = base();

			c.ds.depth_test = 1;
			c.ds.depth_func = func;
			c.ds.depth_write = (int)write;
			run_case(&c, "depth function");
		}
	/* writes without the test: every pixel passes and writes */
	{
		struct ds_case c = base();

		c.ds.depth_write = 1;
		run_case(&c, "depth writes, no test");
	}
}

static struct gsim_3d_stencil_face random_face(void)
{
	struct gsim_3d_stencil_face f = { rnd() % 8, rnd() % 8, rnd() % 8, rnd() % 8, 0, 0 };

	f.test_mask = rnd() % 3 ? 0xff : (uint8_t)rnd();
	f.write_mask = rnd() % 3 ? 0xff : (uint8_t)rnd();
	return f;
}

/* Random stencil state, one- and two-sided, with and without the depth test and writes. */
static void t_stencil(void)
{
	for (unsigned int i = 0; i < 24; i++) {
		struct ds_case c = base();

		c.ds.depth_test = i % 3 != 0;
		c.ds.depth_func = COMPARE_LESS;
		c.ds.depth_write = i % 4 == 1;
		c.ds.stencil_va = STENCIL_VA;
		c.ds.stencil_pitch = SPITCH;
		c.ds.stencil_test = 1;
		c.ds.stencil_write = i % 8 != 7;
		c.ds.double_sided = i & 1;
		c.ds.front = random_face();
		c.ds.back = random_face();
		c.ref[0] = (uint8_t)rnd();
		c.ref[1] = (uint8_t)rnd();
		run_case(&c, "stencil");
	}
	/* every operation on each outcome */
	for (unsigned int op = STENCILOP_KEEP; op <= STENCILOP_INVERT; op++) {
		struct ds_case c = base();
		struct gsim_3d_stencil_face f = { COMPARE_LESS, op, (op + 3) % 8, (op + 5) % 8,
						  0xff, 0xff };

		c.ds.depth_test = 1;
		c.ds.depth_func = COMPARE_LEQUAL;
		c.ds.stencil_va = STENCIL_VA;
		c.ds.stencil_pitch = SPITCH;
		c.ds.stencil_test = 1;
		c.ds.stencil_write = 1;
		c.ds.front = c.ds.back = f;
		c.ref[0] = c.ref[1] = 128;
		run_case(&c, "stencil operations");
	}
}

int main(void)
{
	r3e_start(&E, 2);
	ps16 = r3e_kernel(&E, r3d_ps_interp16);
	tap_run("every depth compare function, with and without writes", t_depth_funcs);
	tap_run("the stencil test: functions, operations, masks, two sides", t_stencil);
	r3e_stop(&E);
	return tap_done();
}
