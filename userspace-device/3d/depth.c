// SPDX-License-Identifier: MIT
/*
 * The depth and stencil tests (hw-spec-3d "The depth test", "The stencil
 * test"; EXT Mesa gen8.xml 3DSTATE_DEPTH_BUFFER, 3DSTATE_STENCIL_BUFFER,
 * 3DSTATE_WM_DEPTH_STENCIL, COLOR_CALC_STATE, CC_VIEWPORT).
 *
 * The depth buffer is a 2D, Y-tiled buffer of D32_FLOAT, D24_UNORM_X8_UINT
 * or D16_UNORM at LOD 0; the stencil buffer an R8_UINT, W-tiled buffer of
 * the depth buffer's width and height.  Both tests run when pixels are
 * covered, in primitive order, before their pixel shader (the early
 * test): a pixel shader that kills pixels is refused with any depth or
 * stencil write.  Writes need the write enable of both
 * 3DSTATE_WM_DEPTH_STENCIL and 3DSTATE_DEPTH_BUFFER.
 */
#include <math.h>
#include <string.h>

#include "3d/r3d_priv.h"
#include "core/device.h"

static enum gs_cmd_result bad(struct r3d_draw *d, const char *what)
{
	return gs_cs_instruction_error(d->cs, "3DPRIMITIVE: %s", what);
}

/* 3DSTATE_WM_DEPTH_STENCIL's stencil fields and 3DSTATE_STENCIL_BUFFER. */
static enum gs_cmd_result stencil_state(struct r3d_draw *d, const uint32_t *wmds,
					const uint32_t *db)
{
	const uint32_t *sb = d->st->dw[R3D_S_STENCIL_BUFFER];
	bool two = wmds[1] & WMDS_DW1_DOUBLE_STENCIL;

	if (!d->st->valid[R3D_S_STENCIL_BUFFER] || !(sb[1] & SB_DW1_ENABLE))
		return bad(d, "the stencil test without an enabled 3DSTATE_STENCIL_BUFFER");
	if (!d->cc_valid)
		return bad(d, "the stencil test without a valid 3DSTATE_CC_STATE_POINTERS (the "
			   "reference values)");
	d->stencil = true;
	d->stencil_write = (wmds[1] & WMDS_DW1_STENCIL_WRITE) && (db[1] & DB_DW1_STENCIL_WRITE);
	d->stencil_pitch = FIELD_GET(SB_DW1_PITCH, sb[1]) + 1;
	d->stencil_base = ((uint64_t)sb[3] << 32 | sb[2]) & ((1ull << 48) - 1);
	if (d->stencil_pitch % 128 || d->stencil_base % 4096)
		return gs_cs_instruction_error(d->cs, "3DPRIMITIVE: 3DSTATE_STENCIL_BUFFER: a "
					       "W-tiled buffer needs a pitch of whole 128-byte "
					       "tiles and a 4 KiB aligned address (pitch %u, %#llx)",
					       d->stencil_pitch,
					       (unsigned long long)d->stencil_base);
	d->face[0] = (struct r3d_stencil_face){
		FIELD_GET(WMDS_DW1_STENCIL_FUNC, wmds[1]), FIELD_GET(WMDS_DW1_STENCIL_FAIL, wmds[1]),
		FIELD_GET(WMDS_DW1_STENCIL_ZFAIL, wmds[1]), FIELD_GET(WMDS_DW1_STENCIL_ZPASS, wmds[1]),
		FIELD_GET(WMDS_DW2_TEST_MASK, wmds[2]), FIELD_GET(WMDS_DW2_WRITE_MASK, wmds[2]),
		d->stencil_ref[0] };
	d->face[1] = !two ? d->face[0] : (struct r3d_stencil_face){
		FIELD_GET(WMDS_DW1_BACK_FUNC, wmds[1]), FIELD_GET(WMDS_DW1_BACK_FAIL, wmds[1]),
		FIELD_GET(WMDS_DW1_BACK_ZFAIL, wmds[1]), FIELD_GET(WMDS_DW1_BACK_ZPASS, wmds[1]),
		FIELD_GET(WMDS_DW2_BACK_TEST_MASK, wmds[2]),
		FIELD_GET(WMDS_DW2_BACK_WRITE_MASK, wmds[2]), d->stencil_ref[1] };
	return GS_CMD_NEXT;
}

enum gs_cmd_result r3d_depth_state(struct r3d_draw *d)
{
	const uint32_t *wmds = d->st->dw[R3D_S_WM_DEPTH_STENCIL];
	const uint32_t *db = d->st->dw[R3D_S_DEPTH_BUFFER];
	bool have_db = d->st->valid[R3D_S_DEPTH_BUFFER] && FIELD_GET(DB_DW1_TYPE, db[1]) != 7;
	unsigned int fmt = FIELD_GET(DB_DW1_FORMAT, db[1]);
	bool zwork = have_db && (wmds[1] & (WMDS_DW1_DEPTH_TEST | WMDS_DW1_DEPTH_WRITE));
	bool swork = wmds[1] & WMDS_DW1_STENCIL_TEST;

	if (!zwork && !swork)
		return GS_CMD_NEXT;
	if (!have_db)
		return bad(d, "the stencil test with a NULL 3DSTATE_DEPTH_BUFFER (its width and "
			   "height are the stencil buffer's: gensim needs a 2D one)");
	d->depth = true;
	d->depth_buf = zwork;
	d->depth_func = zwork && (wmds[1] & WMDS_DW1_DEPTH_TEST) ?
			FIELD_GET(WMDS_DW1_DEPTH_FUNC, wmds[1]) : COMPARE_ALWAYS;
	d->depth_write = zwork && (wmds[1] & WMDS_DW1_DEPTH_WRITE) && (db[1] & DB_DW1_DEPTH_WRITE);
	d->depth_format = fmt;
	d->depth_cpp = fmt == DB_FORMAT_D16_UNORM ? 2 : 4;
	d->depth_pitch = FIELD_GET(DB_DW1_PITCH, db[1]) + 1;
	d->depth_base = ((uint64_t)db[3] << 32 | db[2]) & ((1ull << 48) - 1);
	d->depth_w = FIELD_GET(DB_DW4_WIDTH, db[4]) + 1;
	d->depth_h = FIELD_GET(DB_DW4_HEIGHT, db[4]) + 1;
	if (FIELD_GET(DB_DW4_LOD, db[4]) || db[5] >> 10)
		return bad(d, "3DSTATE_DEPTH_BUFFER: LOD, Depth and Minimum Array Element other "
			   "than 0 are not implemented by gensim");
	if (zwork) {
		if (fmt != DB_FORMAT_D32_FLOAT && fmt != DB_FORMAT_D24_UNORM_X8 &&
		    fmt != DB_FORMAT_D16_UNORM)
			return gs_cs_instruction_error(d->cs, "3DPRIMITIVE: 3DSTATE_DEPTH_BUFFER "
						       "Surface Format %u is reserved", fmt);
		if (d->depth_pitch % 128 || d->depth_base % 4096)
			return gs_cs_instruction_error(d->cs, "3DPRIMITIVE: 3DSTATE_DEPTH_BUFFER: a "
						       "Y-tiled buffer needs a pitch of whole "
						       "128-byte tiles and a 4 KiB aligned address "
						       "(pitch %u, %#llx)", d->depth_pitch,
						       (unsigned long long)d->depth_base);
	}
	if (swork && stencil_state(d, wmds, db) != GS_CMD_NEXT)
		return GS_CMD_HALT;
	if ((d->depth_write || d->stencil_write) && d->ps_dispatch &&
	    (SDW(d, R3D_S_PS_EXTRA, 1) & PSX_DW1_KILLS))
		return bad(d, "depth or stencil writes with a pixel shader that kills pixels are "
			   "not implemented by gensim (the tests run before the shader)");
	if (d->st->valid[R3D_S_VP_CC]) {
		float mm[2];

		if (gs_cs_read(d->cs, false, d->sba->dynamic + (SDW(d, R3D_S_VP_CC, 1) & ~31u), mm,
			       sizeof(mm)))
			return GS_CMD_HALT;
		d->depth_clamp = true;
		d->depth_min = mm[0];
		d->depth_max = mm[1];
	}
	return GS_CMD_NEXT;
}

/* Byte offset of pixel (@x, @y) in a Y-tiled surface (hw-spec-blitter "Tiling"). */
static uint64_t ytile(uint32_t x, uint32_t y, unsigned int cpp, uint32_t pitch)
{
	uint32_t xb = x * cpp;

	return ((uint64_t)(y / 32) * (pitch / 128) + xb / 128) * 4096 + (xb % 128) / 16 * 512 +
	       (y % 32) * 16 + xb % 16;
}

/*
 * Byte offset of pixel (@x, @y) in a W-tiled R8 surface of @pitch bytes
 * (EXT Mesa i965 intel_offset_S8()): 4 KiB tiles of 64 x 64 bytes, pitch /
 * 128 of them a row (the pitch is the tiles' 128-byte-wide physical
 * layout's); in a tile, 8x8 blocks of 64 bytes in columns, each block 2x2
 * interleaved three times.
 */
static uint64_t wtile(uint32_t x, uint32_t y, uint32_t pitch)
{
	uint32_t bx = x % 64, by = y % 64;

	return ((uint64_t)(y / 64) * (pitch / 128) + x / 64) * 4096 + 512 * (bx / 8) +
	       64 * (by / 8) + 32 * (by / 4 % 2) + 16 * (bx / 4 % 2) + 8 * (by / 2 % 2) +
	       4 * (bx / 2 % 2) + 2 * (by % 2) + bx % 2;
}

static bool compare(unsigned int func, double src, double dst)
{
	switch (func) {
	case COMPARE_ALWAYS: return true;
	case COMPARE_NEVER: return false;
	case COMPARE_LESS: return src < dst;
	case COMPARE_EQUAL: return src == dst;
	case COMPARE_LEQUAL: return src <= dst;
	case COMPARE_GREATER: return src > dst;
	case COMPARE_NOTEQUAL: return src != dst;
	default: return src >= dst;
	}
}

/* 3D_Stencil_Operation @op on stencil value @v with reference @ref. */
static uint8_t stencil_op(unsigned int op, uint8_t v, uint8_t ref)
{
	switch (op) {
	case STENCILOP_KEEP: return v;
	case STENCILOP_ZERO: return 0;
	case STENCILOP_REPLACE: return ref;
	case STENCILOP_INCRSAT: return v == 255 ? 255 : (uint8_t)(v + 1);
	case STENCILOP_DECRSAT: return v == 0 ? 0 : (uint8_t)(v - 1);
	case STENCILOP_INCR: return (uint8_t)(v + 1);
	case STENCILOP_DECR: return (uint8_t)(v - 1);
	default: return (uint8_t)~v;	/* STENCILOP_INVERT */
	}
}

/*
 * The depth test of pixel (@x, @y) at sample (@sx, @sy): 1 passes, 0
 * fails, -1 after a fault.  The pixel's depth is the primitive's screen z
 * at the sample, clamped to CC_VIEWPORT 0, as float (D32_FLOAT) or UNORM
 * (D24, D16: clamped to [0, 1], times 2^n - 1, rounded half up); it is
 * written when @write and the test passes.
 */
static int depth_test(struct r3d_draw *d, const struct r3d_prim *p, uint32_t x, uint32_t y,
		      int64_t sx, int64_t sy, bool write)
{
	uint64_t va;
	double z, e1, e2, src, dst;
	uint32_t raw = 0, val;
	float f;

	e1 = (double)((p->x[0] - p->x[2]) * (sy - p->y[2]) - (p->y[0] - p->y[2]) * (sx - p->x[2]));
	e2 = (double)((p->x[1] - p->x[0]) * (sy - p->y[0]) - (p->y[1] - p->y[0]) * (sx - p->x[0]));
	z = p->z[0] + e1 / (double)p->area * (p->z[1] - p->z[0]) +
	    e2 / (double)p->area * (p->z[2] - p->z[0]);
	f = (float)z;
	if (d->depth_clamp)
		f = f < d->depth_min ? d->depth_min : f > d->depth_max ? d->depth_max : f;
	va = d->depth_base + ytile(x, y, d->depth_cpp, d->depth_pitch);
	if (gs_cs_read(d->cs, false, va, &raw, d->depth_cpp))
		return -1;
	if (d->depth_format == DB_FORMAT_D32_FLOAT) {
		float df;

		memcpy(&df, &raw, 4);
		memcpy(&val, &f, 4);
		src = f;
		dst = df;
	} else {
		unsigned int bits = d->depth_format == DB_FORMAT_D16_UNORM ? 16 : 24;
		double max = (double)((1u << bits) - 1);
		double c = isnan(f) || f < 0 ? 0 : f > 1 ? 1 : f;

		val = (uint32_t)floor(c * max + 0.5);
		src = val;
		dst = raw & ((1u << bits) - 1);
		if (bits == 24)
			val |= raw & 0xff000000u;
	}
	if (!compare(d->depth_func, src, dst))
		return 0;
	if (write && gs_cs_write(d->cs, false, va, &val, d->depth_cpp))
		return -1;
	return 1;
}

/*
 * The stencil test, then the depth test, of one covered pixel (hw-spec-3d
 * "The stencil test"): the face's reference and stored value, both ANDed
 * with its test mask, compared (the reference is the source); the
 * stencil fail, depth fail or depth pass operation then updates the
 * stored value under the write mask.  Pixels outside the depth buffer
 * are not covered (gensim).
 */
int r3d_depth_stencil(struct r3d_draw *d, const struct r3d_prim *p, uint32_t x, uint32_t y,
		      int64_t sx, int64_t sy)
{
	const struct r3d_stencil_face *f = &d->face[p->back];
	uint64_t sva = 0;
	uint8_t s = 0, ns;
	int z;
	unsigned int op;

	if (x >= d->depth_w || y >= d->depth_h)
		return 0;
	if (!d->stencil)
		return d->depth_buf ? depth_test(d, p, x, y, sx, sy, d->depth_write) : 1;
	sva = d->stencil_base + wtile(x, y, d->stencil_pitch);
	if (gs_cs_read(d->cs, false, sva, &s, 1))
		return -1;
	if (!compare(f->func, f->ref & f->test_mask, s & f->test_mask)) {
		z = 0;
		op = f->fail;
	} else {
		z = d->depth_buf ? depth_test(d, p, x, y, sx, sy, d->depth_write) : 1;
		if (z < 0)
			return -1;
		op = z ? f->zpass : f->zfail;
	}
	ns = (uint8_t)((s & ~f->write_mask) | (stencil_op(op, s, f->ref) & f->write_mask));
	if (d->stencil_write && ns != s && gs_cs_write(d->cs, false, sva, &ns, 1))
		return -1;
	return z;
}
