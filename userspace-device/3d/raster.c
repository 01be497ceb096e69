// SPDX-License-Identifier: MIT
/*
 * The rasterizer and the pixel shader dispatch (hw-spec-3d "Rasterization",
 * "Pixel shader"; EXT Mesa gen8.xml 3DSTATE_WM, 3DSTATE_PS,
 * 3DSTATE_PS_EXTRA; the payload as Mesa's brw_fs setup_fs_payload_gen6()
 * and brw_compute_barycentric_interp_modes() read it, and as IGT's gen8
 * rendercopy blit kernel uses it).
 *
 * Coverage: a pixel is covered when its sample point - its centre, or its
 * upper-left corner with 3DSTATE_MULTISAMPLE Pixel Location UL_CORNER -
 * is inside the primitive, computed exactly on the snapped vertices with
 * 64-bit edge functions.  A sample exactly on an edge belongs to the
 * primitive only if the edge is a top edge (horizontal, the primitive
 * below it) or a left edge (the primitive to its right): the upper-left
 * rule, so that two triangles sharing an edge never both cover a pixel on
 * it and never both miss it.  A RECTLIST rectangle covers the samples of
 * [xmin, xmax) x [ymin, ymax) of its three vertices.  Only pixels inside
 * the clipped drawing rectangle and, when enabled, the scissor rectangle
 * are covered.
 *
 * With a depth or stencil buffer, a covered pixel is then stencil and
 * depth tested (and the buffers written) at once, in primitive order
 * (depth.c): the early tests.
 *
 * Covered pixels are grouped in subspans (2x2 pixels at even
 * coordinates), and the subspans of one primitive, in raster order, in
 * pixel shader threads of 4 (SIMD16) or 2 (SIMD8).  Every pixel of a
 * thread's subspans runs (helpers included, for derivatives); the
 * render target write writes covered pixels only.
 *
 * Threads are dispatched in batches: one batch is one dispatch on the EU
 * array, whose threads may run in any order.  gensim starts a new batch
 * before a primitive that covers a pixel the batch already covers, so
 * the pixels of overlapping primitives are written in primitive order and
 * every result is the same whatever the number of workers.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "3d/r3d_priv.h"
#include "core/device.h"
#include "gseu/eu_thread.h"

#define MAX_BATCH_THREADS	(1u << 16)

static int grow(void **p, uint32_t *cap, uint32_t need, size_t elem)
{
	uint32_t n = *cap ? *cap : 64;
	void *q;

	if (need <= *cap)
		return 0;
	while (n < need)
		n *= 2;
	q = realloc(*p, (size_t)n * elem);
	if (!q)
		return -1;
	*p = q;
	*cap = n;
	return 0;
}

static enum gs_cmd_result nomem(struct r3d_draw *d)
{
	return gs_cs_instruction_error(d->cs, "3DPRIMITIVE: out of host memory rasterizing");
}

static int64_t floordiv(int64_t a, int64_t b)
{
	return a >= 0 ? a / b : -((-a + b - 1) / b);
}

/* The pixel shader's state, decoded once per draw. */
enum gs_cmd_result r3d_ps_check(struct r3d_draw *d)
{
	const uint32_t *ps = d->st->dw[R3D_S_PS], *psx = d->st->dw[R3D_S_PS_EXTRA];
	uint32_t wm = SDW(d, R3D_S_WM, 1), force = FIELD_GET(WM_DW1_FORCE_DISPATCH, wm);
	bool px8 = ps[6] & PS_DW6_8PX, px16 = ps[6] & PS_DW6_16PX;
	unsigned int nbary = 0, per, setup;

	d->ps_dispatch = force != 1 && (force == 2 || (psx[1] & PSX_DW1_VALID));
	if (!d->ps_dispatch)
		return GS_CMD_NEXT;
	if (!px8 && !px16)
		return gs_cs_instruction_error(d->cs, "3DPRIMITIVE: the pixel shader is valid, but "
					       "3DSTATE_PS enables neither 8 nor 16 pixel dispatch");
	/* EXT Mesa brw_fs_simd_width_for_ksp(): with both, SIMD16 is kernel 2. */
	d->ps_simd = px16 ? 16 : 8;
	if (px16 && px8) {
		d->ps_ksp = ((uint64_t)ps[11] << 32 | ps[10]) & ~63ull;
		d->ps_grf = FIELD_GET(PS_DW7_GRF_START2, ps[7]);
	} else {
		d->ps_ksp = ((uint64_t)ps[2] << 32 | ps[1]) & ~63ull;
		d->ps_grf = FIELD_GET(PS_DW7_GRF_START0, ps[7]);
	}
	d->ps_bt = SDW(d, R3D_S_BT_PS, 1) & GENMASK(15, 5);
	d->ps_sampler = SDW(d, R3D_S_SAMPLER_PS, 1) & ~31u;
	d->ps_cr0 = (ps[3] & PS_DW3_FP_ALT ? GSEU_CR0_ALT_MODE : 0) |
		    FIELD_GET(PS_DW3_ROUNDING, ps[3]) << GSEU_CR0_RND_SHIFT |
		    (ps[3] & PS_DW3_DENORM_RETAIN ? GSEU_CR0_F_DENORM_KEEP : 0);
	d->bary = wm & WM_DW1_BARYCENTRIC;
	d->src_depth = psx[1] & PSX_DW1_SOURCE_DEPTH;
	d->src_w = psx[1] & PSX_DW1_SOURCE_W;
	d->attr_enable = psx[1] & PSX_DW1_ATTRIBUTE_ENABLE;
	for (uint32_t b = d->bary; b; b &= b - 1)
		nbary++;
	per = d->ps_simd / 8;
	d->ps_payload_regs = 2 + nbary * 2 * per + (d->src_depth ? per : 0) +
			     (d->src_w ? per : 0);
	d->ps_push_regs = 0;
	if ((ps[6] & PS_DW6_PUSH_CONSTANTS) &&
	    r3d_push_constants(d, "PS", R3D_S_CONST_PS, R3D_S_PUSH_PS, d->ps_push,
			       &d->ps_push_regs) != GS_CMD_NEXT)
		return GS_CMD_HALT;
	setup = d->attr_enable ? 2 * d->nattr : 0;
	if (d->ps_grf < d->ps_payload_regs)
		return gs_cs_instruction_error(d->cs, "3DPRIMITIVE: 3DSTATE_PS Dispatch GRF Start "
					       "Register %u overlaps the %u registers of the SIMD%u "
					       "payload", d->ps_grf, d->ps_payload_regs, d->ps_simd);
	if (d->ps_grf + d->ps_push_regs + setup > GSEU_NUM_GRF)
		return gs_cs_instruction_error(d->cs, "3DPRIMITIVE: the pixel shader payload (%u "
					       "push constant and %u setup registers from r%u) is "
					       "past r127", d->ps_push_regs, setup, d->ps_grf);
	return r3d_blend_state(d);
}

/* The barycentric coordinates and depth of one pixel (hw-spec-3d "Interpolation"). */
struct bary {
	float b1, b2;		/* linear (screen space) */
	float p1, p2;		/* perspective-correct */
	float z, w;
};

static void barycentric(const struct r3d_draw *d, const struct r3d_prim *p, int64_t sx,
			int64_t sy, struct bary *o)
{
	int64_t e[3];
	double b[3], q[3], s;

	for (unsigned int k = 0; k < 3; k++) {
		unsigned int i = (k + 1) % 3, j = (k + 2) % 3;

		e[k] = (p->x[j] - p->x[i]) * (sy - p->y[i]) - (p->y[j] - p->y[i]) * (sx - p->x[i]);
		b[k] = (double)e[k] / (double)p->area;
		q[k] = b[k] * p->invw[k];
	}
	s = q[0] + q[1] + q[2];
	o->b1 = (float)b[1];
	o->b2 = (float)b[2];
	if (s > 0) {
		o->p1 = (float)(q[1] / s);
		o->p2 = (float)(q[2] / s);
		o->w = (float)(1.0 / s);
	} else {
		o->p1 = o->b1;
		o->p2 = o->b2;
		o->w = 1.0f;
	}
	o->z = (float)(p->z[0] + b[1] * (p->z[1] - p->z[0]) + b[2] * (p->z[2] - p->z[0]));
	(void)d;
}

/*
 * The payload of pixel shader thread @index (hw-spec-3d "The pixel shader
 * payload"): r0, r1, the enabled barycentric sets, source depth and W,
 * then at the dispatch GRF start the push constants and the attributes'
 * setup data.
 */
static void ps_payload(void *arg, uint32_t index, uint32_t fftid, struct gseu_hw_thread *t)
{
	const struct r3d_draw *d = arg;
	const struct r3d_ps_thread *th = &d->threads[index];
	const struct gs_eu_ps_thread *px = &d->px[index];
	const struct r3d_prim *p = &d->prims[th->prim];
	unsigned int simd = d->ps_simd, reg = 2, S = 1u << d->subpixel;
	unsigned int half = d->ul_corner ? 0 : S / 2;
	struct bary bc[16];

	gseu_thread_reset(t, th->dmask);
	t->cr0.d[0] = d->ps_cr0;
	t->grf[0].d[0] = p->back ? 1u << 15 : 0;
	t->grf[0].d[3] = d->ps_sampler;
	t->grf[0].d[4] = d->ps_bt;
	t->grf[0].d[5] = fftid & 0x3ff;
	for (unsigned int s = 0; s < simd / 4; s++)
		t->grf[1].d[2 + s] = (uint32_t)px->x[s] | (uint32_t)px->y[s] << 16;
	t->grf[1].d[7] = px->covered;
	for (unsigned int l = 0; l < simd; l++) {
		unsigned int s = l / 4;
		int64_t sx = ((int64_t)px->x[s] + (l & 1)) * S + half;
		int64_t sy = ((int64_t)px->y[s] + (l >> 1 & 1)) * S + half;

		barycentric(d, p, sx, sy, &bc[l]);
	}
	for (unsigned int m = 11; m <= 16; m++) {
		bool persp = m <= 13;

		if (!(d->bary >> m & 1))
			continue;
		for (unsigned int l = 0; l < simd; l++) {
			unsigned int r = reg + (l / 8) * 2;

			t->grf[r].f[l % 8] = persp ? bc[l].p1 : bc[l].b1;
			t->grf[r + 1].f[l % 8] = persp ? bc[l].p2 : bc[l].b2;
		}
		reg += 2 * (simd / 8);
	}
	if (d->src_depth) {
		for (unsigned int l = 0; l < simd; l++)
			t->grf[reg + l / 8].f[l % 8] = bc[l].z;
		reg += simd / 8;
	}
	if (d->src_w)
		for (unsigned int l = 0; l < simd; l++)
			t->grf[reg + l / 8].f[l % 8] = bc[l].w;
	memcpy(t->grf[d->ps_grf].b, d->ps_push, (size_t)d->ps_push_regs * 32);
	if (d->attr_enable)
		memcpy(t->grf[d->ps_grf + d->ps_push_regs].b, d->attrs + p->attr,
		       (size_t)d->nattr * 64);
}

static void clear_tiles(struct r3d_draw *d)
{
	for (uint32_t i = 0; i < d->ntouched; i++)
		memset(d->tiles[d->touched[i]], 0, sizeof(struct r3d_tile));
	d->ntouched = 0;
}

enum gs_cmd_result r3d_flush(struct r3d_draw *d)
{
	struct gs_eu_dispatch e;
	struct gs_eu_3d r3d = { .ps = d->px, .blend_state = d->blend_state,
				.blend_dw0 = d->blend_dw0, .blend_const_valid = d->cc_valid };
	enum gs_cmd_result r = GS_CMD_NEXT;

	memcpy(r3d.blend_const, d->blend_const, sizeof(r3d.blend_const));
	if (d->nthreads) {
		r3d_dispatch_init(d, &e, d->ps_ksp, d->ps_simd, d->nthreads);
		e.binding_table_ptr = d->ps_bt;
		e.sampler_state_ptr = d->ps_sampler;
		e.thread_payload = ps_payload;
		e.payload_arg = d;
		e.r3d = &r3d;
		r = r3d_dispatch(d, "3DPRIMITIVE: pixel shader", &e);
		d->ps_threads += d->nthreads;
		d->batches++;
	}
	d->nthreads = d->nprims = d->nattrs = 0;
	clear_tiles(d);
	return r;
}

/* The tile of pixel (@x, @y): NULL only when out of host memory. */
static struct r3d_tile *tile(struct r3d_draw *d, uint32_t x, uint32_t y)
{
	uint32_t i = (y / R3D_TILE - d->tile_y0) * d->tiles_w + (x / R3D_TILE - d->tile_x0);

	if (!d->tiles[i]) {
		d->tiles[i] = calloc(1, sizeof(struct r3d_tile));
		if (!d->tiles[i])
			return NULL;
	}
	return d->tiles[i];
}

/* Covered pixels of the current primitive's subspans: does the batch cover one already? */
static int overlaps(struct r3d_draw *d, bool mark)
{
	for (uint32_t q = 0; q < d->nquads; q++) {
		for (unsigned int b = 0; b < 4; b++) {
			uint32_t x = d->quads[q].x + (b & 1), y = d->quads[q].y + (b >> 1);
			struct r3d_tile *t;
			uint64_t bit = 1ull << (x % R3D_TILE);
			uint32_t i;

			if (!(d->quads[q].mask >> b & 1))
				continue;
			t = tile(d, x, y);
			if (!t)
				return -1;
			if (!mark) {
				if (t->rows[y % R3D_TILE] & bit)
					return 1;
				continue;
			}
			if (!t->used) {
				i = (y / R3D_TILE - d->tile_y0) * d->tiles_w +
				    (x / R3D_TILE - d->tile_x0);
				t->used = true;
				d->touched[d->ntouched++] = i;
			}
			t->rows[y % R3D_TILE] |= bit;
		}
	}
	return 0;
}

/* The setup data of @p's attributes (hw-spec-3d "Attribute setup"). */
static void attribute_setup(struct r3d_draw *d, const uint32_t *const v[3], const uint32_t *flat,
			    float *out)
{
	for (unsigned int a = 0; a < d->nattr; a++) {
		unsigned int slot = d->attr[a].slot;

		for (unsigned int c = 0; c < 4; c++) {
			float *o = out + 16 * a + 4 * c, a0, a1, a2;

			if (d->attr[a].override >> c & 1) {
				o[0] = o[1] = o[2] = 0;
				o[3] = d->attr[a].konst[c];
				continue;
			}
			if (d->const_interp >> a & 1) {
				memcpy(&o[3], &flat[slot * 4 + c], 4);
				o[0] = o[1] = o[2] = 0;
				continue;
			}
			memcpy(&a0, &v[0][slot * 4 + c], 4);
			memcpy(&a1, &v[1][slot * 4 + c], 4);
			memcpy(&a2, &v[2][slot * 4 + c], 4);
			o[0] = a1 - a0;
			o[1] = a2 - a0;
			o[2] = 0;
			o[3] = a0;
		}
	}
}

/*
 * Is (@sx, @sy) on the inner side of the edge (@x0, @y0) -> (@x1, @y1) of
 * a polygon whose signed area is negative when @neg, with the upper-left
 * rule for a sample exactly on it (hw-spec-3d "Rasterization")?
 */
static inline bool edge_in(int64_t x0, int64_t y0, int64_t x1, int64_t y1, int64_t sx,
			   int64_t sy, bool neg)
{
	int64_t dx = x1 - x0, dy = y1 - y0;
	int64_t e = dx * (sy - y0) - dy * (sx - x0);

	if (neg) {
		e = -e;
		dx = -dx;
		dy = -dy;
	}
	return e > 0 || (e == 0 && (dy < 0 || (dy == 0 && dx > 0)));
}

/*
 * A line's parallelogram (hw-spec-3d "Lines"): its four edges as a
 * triangle's, oriented so that its area is positive, with the upper-left
 * rule on each.
 */
static bool inside_line(const struct r3d_prim *p, int64_t sx, int64_t sy)
{
	int64_t a2 = 0;

	for (unsigned int i = 0; i < 4; i++) {
		unsigned int j = (i + 1) % 4;

		a2 += p->lx[i] * p->ly[j] - p->lx[j] * p->ly[i];
	}
	for (unsigned int i = 0; i < 4; i++) {
		unsigned int j = (i + 1) % 4;

		if (!edge_in(p->lx[i], p->ly[i], p->lx[j], p->ly[j], sx, sy, a2 < 0))
			return false;
	}
	return true;
}

/* Is the sample (@sx, @sy) inside @p, with the upper-left rule on its edges? */
static bool inside(const struct r3d_prim *p, int64_t sx, int64_t sy, const int64_t minx,
		   const int64_t miny, const int64_t maxx, const int64_t maxy)
{
	if (p->rect)
		return sx >= minx && sx < maxx && sy >= miny && sy < maxy;
	if (p->line)
		return inside_line(p, sx, sy);
	for (unsigned int k = 0; k < 3; k++) {
		unsigned int i = (k + 1) % 3, j = (k + 2) % 3;

		if (!edge_in(p->x[i], p->y[i], p->x[j], p->y[j], sx, sy, p->area < 0))
			return false;
	}
	return true;
}

enum gs_cmd_result r3d_raster(struct r3d_draw *d, struct r3d_prim *p, const uint32_t *const v[3],
			      const uint32_t *flat)
{
	int64_t S = 1 << d->subpixel, half = d->ul_corner ? 0 : S / 2;
	int64_t minx = p->x[0], maxx = p->x[0], miny = p->y[0], maxy = p->y[0];
	int64_t px0, px1, py0, py1;
	unsigned int per = d->ps_simd / 4;
	int ov;

	if (!d->ps_dispatch && !d->depth)
		return GS_CMD_NEXT;	/* nothing a pixel would do is visible */
	for (unsigned int i = 1; i < 3; i++) {
		minx = p->x[i] < minx ? p->x[i] : minx;
		maxx = p->x[i] > maxx ? p->x[i] : maxx;
		miny = p->y[i] < miny ? p->y[i] : miny;
		maxy = p->y[i] > maxy ? p->y[i] : maxy;
	}
	if (p->line) {
		minx = maxx = p->lx[0];
		miny = maxy = p->ly[0];
		for (unsigned int i = 1; i < 4; i++) {
			minx = p->lx[i] < minx ? p->lx[i] : minx;
			maxx = p->lx[i] > maxx ? p->lx[i] : maxx;
			miny = p->ly[i] < miny ? p->ly[i] : miny;
			maxy = p->ly[i] > maxy ? p->ly[i] : maxy;
		}
	}
	px0 = floordiv(minx - half + S - 1, S);
	px1 = floordiv(maxx - half, S);
	py0 = floordiv(miny - half + S - 1, S);
	py1 = floordiv(maxy - half, S);
	px0 = px0 < d->clip_x0 ? d->clip_x0 : px0;
	py0 = py0 < d->clip_y0 ? d->clip_y0 : py0;
	px1 = px1 > d->clip_x1 ? d->clip_x1 : px1;
	py1 = py1 > d->clip_y1 ? d->clip_y1 : py1;
	if (px0 > px1 || py0 > py1)
		return GS_CMD_NEXT;
	d->nquads = 0;
	for (int64_t qy = py0 & ~1ll; qy <= py1; qy += 2) {
		if (((qy >> 1) & 63) == 0 && gs_gpgpu_must_stop(d->cs))
			return GS_CMD_RETRY;	/* a reset request, in a huge primitive */
		for (int64_t qx = px0 & ~1ll; qx <= px1; qx += 2) {
			uint8_t mask = 0;

			for (unsigned int b = 0; b < 4; b++) {
				int64_t x = qx + (b & 1), y = qy + (b >> 1);

				if (x < px0 || x > px1 || y < py0 || y > py1)
					continue;
				if (!inside(p, x * S + half, y * S + half, minx, miny, maxx, maxy))
					continue;
				if (d->depth) {
					int t = r3d_depth_stencil(d, p, (uint32_t)x, (uint32_t)y,
								  x * S + half, y * S + half);

					if (t < 0)
						return GS_CMD_HALT;
					if (!t)
						continue;
				}
				mask |= (uint8_t)(1u << b);
			}
			if (!mask)
				continue;
			if (grow((void **)&d->quads, &d->cap_quads, d->nquads + 1,
				 sizeof(*d->quads)))
				return nomem(d);
			d->quads[d->nquads].x = (uint16_t)qx;
			d->quads[d->nquads].y = (uint16_t)qy;
			d->quads[d->nquads++].mask = mask;
		}
	}
	if (!d->nquads || !d->ps_dispatch)
		return GS_CMD_NEXT;
	ov = overlaps(d, false);
	if (ov < 0)
		return nomem(d);
	if (ov || d->nthreads + (d->nquads + per - 1) / per > MAX_BATCH_THREADS) {
		enum gs_cmd_result r = r3d_flush(d);

		if (r != GS_CMD_NEXT)
			return r;
	}
	if (overlaps(d, true) < 0)
		return nomem(d);
	if (grow((void **)&d->prims, &d->cap_prims, d->nprims + 1, sizeof(*d->prims)) ||
	    grow((void **)&d->attrs, &d->cap_attrs, d->nattrs + 16 * d->nattr + 1, sizeof(float)))
		return nomem(d);
	p->attr = d->nattrs;
	attribute_setup(d, v, flat, d->attrs + d->nattrs);
	d->nattrs += 16 * d->nattr;
	d->prims[d->nprims] = *p;
	for (uint32_t q = 0; q < d->nquads; q += per) {
		uint32_t cap = d->cap_threads;
		struct gs_eu_ps_thread *px;
		struct r3d_ps_thread *th;

		if (grow((void **)&d->threads, &cap, d->nthreads + 1, sizeof(*d->threads)) ||
		    grow((void **)&d->px, &d->cap_threads, d->nthreads + 1, sizeof(*d->px)))
			return nomem(d);
		px = &d->px[d->nthreads];
		th = &d->threads[d->nthreads++];
		memset(px, 0, sizeof(*px));
		th->prim = d->nprims;
		th->dmask = 0;
		for (unsigned int s = 0; s < per && q + s < d->nquads; s++) {
			px->x[s] = d->quads[q + s].x;
			px->y[s] = d->quads[q + s].y;
			px->covered |= (uint32_t)d->quads[q + s].mask << (4 * s);
			th->dmask |= 0xfu << (4 * s);
		}
	}
	d->nprims++;
	return GS_CMD_NEXT;
}

void r3d_raster_free(struct r3d_draw *d)
{
	if (d->tiles)
		for (uint32_t i = 0; i < d->tiles_w * d->tiles_h; i++)
			free(d->tiles[i]);
	free(d->tiles);
	free(d->touched);
	free(d->prims);
	free(d->attrs);
	free(d->px);
	free(d->threads);
	free(d->quads);
}
