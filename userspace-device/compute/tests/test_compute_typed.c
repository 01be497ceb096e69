// SPDX-License-Identifier: MIT
/*
 * Typed surface messages (hw-spec-compute "Typed surface messages"):
 * typed reads of a 2D surface with lanes past its edges, typed writes
 * that convert to UNORM8, UINT8 and SINT8 (clamping, saturation, a
 * channel subset, the header's sample mask and the high slot group), typed
 * atomics on a 1D R32_UINT surface with returned values, a BUFFER
 * surface, and the errors for what is not implemented.  Expected values
 * are computed here from the message's definition.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "compute_env.h"
#include "tap.h"

#define FMT_R32G32B32A32_UINT	0x002
#define FMT_R8G8B8A8_SINT	0x0ca
#define FMT_R8G8B8A8_UINT	0x0cb
#define FMT_R16G16B16A16_FLOAT	0x084
#define SURF_1D			0
#define SURF_3D			2
#define DC1_TYPED_READ		5
#define DC1_TYPED_ATOMIC	6
#define DC1_TYPED_WRITE		13
#define AOP_ADD			7
#define SCS_RGBA		(4u << 25 | 5u << 22 | 6u << 19 | 7u << 16)	/* channel selects */

static uint32_t desc(unsigned int mlen, unsigned int rlen, bool header, unsigned int type,
		     unsigned int ctrl, unsigned int bti)
{
	return mlen << 25 | rlen << 20 | (header ? 1u : 0) << 19 | type << 14 | ctrl << 8 | bti;
}

/* Typed read/write: slot group @sg, channels not accessed @skip. */
static uint32_t typed_rw(bool write, unsigned int naddr, unsigned int skip, unsigned int sg,
			 unsigned int bti)
{
	unsigned int nch = 4u - (unsigned int)__builtin_popcount(skip);

	return desc(1 + naddr + (write ? nch : 0), write ? 0 : nch, true,
		    write ? DC1_TYPED_WRITE : DC1_TYPED_READ, sg << 4 | skip, bti);
}

/*
 * g2 = the header (M0.7 = @smask), g3 = U = lane, g4 = V = @v for 8
 * lanes; g10 = lane * 16 (an untyped write's offsets).
 */
#define PROLOGUE(smask, v) \
	"mov(8) g2<1>UD 0UD { align1 1Q NoMask }\n" \
	"mov(1) g2.7<1>UD " #smask "UD { align1 1N NoMask }\n" \
	"mov(8) g3<1>UW 0x76543210V { align1 1Q NoMask }\n" \
	"mov(8) g3<1>UD g3<8,8,1>UW { align1 1Q NoMask }\n" \
	"mov(8) g4<1>UD " #v "UD { align1 1Q NoMask }\n" \
	"mul(8) g10<1>UD g3<8,8,1>UD 16UW { align1 1Q NoMask }\n"

/* SIMD8 untyped write of g11..g14 (4 channels) to lane * 16 of @bti. */
static uint32_t untyped_w4(unsigned int bti)
{
	return desc(5, 0, false, 9, 2u << 4, bti);
}

static void run_ok(struct compute_env *e, const char *text)
{
	struct gs_eu_dispatch d;

	cse_desc(e, &d, cse_kernel(e, text));
	d.simd = 8;
	cse_ok(e, &d);
}

/* Reads of row 1 of a 6 x 3 R32G32B32A32_UINT surface: lanes 6, 7 are past it. */
static void t_read_2d(void)
{
	struct compute_env e;
	uint32_t px[6 * 3 * 4], out[8 * 4];
	uint64_t img, buf;
	unsigned int bi, bb;
	char text[2048];

	cse_start(&e, 2);
	img = cse_alloc(&e, sizeof(px));
	buf = cse_alloc(&e, sizeof(out));
	for (unsigned int i = 0; i < 6 * 3 * 4; i++)
		px[i] = 0x1000u * i + 7;
	cse_write(&e, img, px, sizeof(px));
	bi = cse_surface(&e, SURF_2D, FMT_R32G32B32A32_UINT, img, 6, 3, 6 * 16);
	bb = cse_buffer(&e, buf, sizeof(out));
	snprintf(text, sizeof(text),
		 PROLOGUE(0xffff, 1)
		 "mov(8) g11<1>UD 0x55555555UD { align1 1Q NoMask }\n"
		 "send(8) g11<1>UD g2<8,8,1>UD dp_data1 0x%08xUD { align1 1Q }\n"
		 "send(8) null<1>UD g10<8,8,1>UD dp_data1 0x%08xUD { align1 1Q }\n"
		 CSE_EOT,
		 typed_rw(false, 2, 0, 1, bi), untyped_w4(bb));
	run_ok(&e, text);
	cse_read(&e, buf, out, sizeof(out));
	for (unsigned int k = 0; k < 8; k++)
		for (unsigned int c = 0; c < 4; c++) {
			uint32_t want = k < 6 ? px[(6 + k) * 4 + c] : 0;

			CHECK_MSG(out[k * 4 + c] == want, "lane %u ch %u: %#x want %#x", k, c,
				  out[k * 4 + c], want);
		}
	cse_stop(&e);
}

static uint8_t unorm8(float f)
{
	return isnan(f) || f <= 0.0f ? 0 : f >= 1.0f ? 255 : (uint8_t)rintf(f * 255.0f);
}

/*
 * Writes to row 0 of three 8 x 1 surfaces: R8G8B8A8_UNORM from floats
 * (all channels), R8G8B8A8_UINT from large integers (R and A only, G and
 * B keep their bytes), R8G8B8A8_SINT with the high slot group and a
 * sample mask that leaves lanes 0..3 out.
 */
static void t_write_formats(void)
{
	static const float fv[8] = { -1.0f, 0.0f, 0.25f, 0.5f, 1.0f / 3.0f, 1.0f, 2.0f, NAN };
	struct compute_env e;
	uint8_t un[32], ui[32], si[32], init[32];
	uint64_t a, b, c;
	unsigned int ba, bb, bc;
	char text[4096];

	cse_start(&e, 2);
	a = cse_alloc(&e, 32);
	b = cse_alloc(&e, 32);
	c = cse_alloc(&e, 32);
	for (unsigned int i = 0; i < 32; i++)
		init[i] = (uint8_t)(0xa0 + i);
	cse_write(&e, a, init, 32);
	cse_write(&e, b, init, 32);
	cse_write(&e, c, init, 32);
	ba = cse_surface(&e, SURF_2D, FMT_R8G8B8A8_UNORM, a, 8, 1, 32);
	bb = cse_surface(&e, SURF_2D, FMT_R8G8B8A8_UINT, b, 8, 1, 32);
	bc = cse_surface(&e, SURF_2D, FMT_R8G8B8A8_SINT, c, 8, 1, 32);
	snprintf(text, sizeof(text),
		 PROLOGUE(0xf0ff, 0)
		 /* UNORM: R = fv[lane], G = 1 - fv, B = fv / 2, A = 0.75 */
		 "mov(1) g20<1>F -1.0F { align1 1N NoMask }\n"
		 "mov(1) g20.1<1>F 0.0F { align1 1N NoMask }\n"
		 "mov(1) g20.2<1>F 0.25F { align1 1N NoMask }\n"
		 "mov(1) g20.3<1>F 0.5F { align1 1N NoMask }\n"
		 "mov(1) g20.4<1>UD 0x3eaaaaabUD { align1 1N NoMask }\n"
		 "mov(1) g20.5<1>F 1.0F { align1 1N NoMask }\n"
		 "mov(1) g20.6<1>F 2.0F { align1 1N NoMask }\n"
		 "mov(1) g20.7<1>UD 0x7fc00000UD { align1 1N NoMask }\n"
		 "add(8) g21<1>F -g20<8,8,1>F 1.0F { align1 1Q NoMask }\n"
		 "mul(8) g22<1>F g20<8,8,1>F 0.5F { align1 1Q NoMask }\n"
		 "mov(8) g23<1>F 0.75F { align1 1Q NoMask }\n"
		 "mov(8) g30<1>UD g2<8,8,1>UD { align1 1Q NoMask }\n"
		 "mov(1) g30.7<1>UD 0xffffUD { align1 1N NoMask }\n"
		 "mov(8) g31<1>UD g3<8,8,1>UD { align1 1Q NoMask }\n"
		 "mov(8) g32<1>UD g4<8,8,1>UD { align1 1Q NoMask }\n"
		 "mov(8) g33<1>UD g20<8,8,1>UD { align1 1Q NoMask }\n"
		 "mov(8) g34<1>UD g21<8,8,1>UD { align1 1Q NoMask }\n"
		 "mov(8) g35<1>UD g22<8,8,1>UD { align1 1Q NoMask }\n"
		 "mov(8) g36<1>UD g23<8,8,1>UD { align1 1Q NoMask }\n"
		 "send(8) null<1>UD g30<8,8,1>UD dp_data1 0x%08xUD { align1 1Q }\n"
		 /* UINT, channels R and A: R = lane * 100, A = 7 */
		 "mul(8) g33<1>UD g3<8,8,1>UD 100UW { align1 1Q NoMask }\n"
		 "mov(8) g34<1>UD 7UD { align1 1Q NoMask }\n"
		 "send(8) null<1>UD g30<8,8,1>UD dp_data1 0x%08xUD { align1 1Q }\n"
		 /* SINT, high slot group (M0.7 15:8 = 0xf0: lanes 4..7): lane * 60 - 300 */
		 "mul(8) g33<1>D g3<8,8,1>D 60W { align1 1Q NoMask }\n"
		 "add(8) g33<1>D g33<8,8,1>D -300D { align1 1Q NoMask }\n"
		 "mov(8) g34<1>D -5D { align1 1Q NoMask }\n"
		 "mov(8) g35<1>D 127D { align1 1Q NoMask }\n"
		 "mov(8) g36<1>D 1000D { align1 1Q NoMask }\n"
		 "mov(8) g5<1>UD g33<8,8,1>UD { align1 1Q NoMask }\n"
		 "mov(8) g6<1>UD g34<8,8,1>UD { align1 1Q NoMask }\n"
		 "mov(8) g7<1>UD g35<8,8,1>UD { align1 1Q NoMask }\n"
		 "mov(8) g8<1>UD g36<8,8,1>UD { align1 1Q NoMask }\n"
		 "send(8) null<1>UD g2<8,8,1>UD dp_data1 0x%08xUD { align1 1Q }\n"
		 CSE_EOT,
		 typed_rw(true, 2, 0, 1, ba), typed_rw(true, 2, 0x6, 1, bb),
		 typed_rw(true, 2, 0, 2, bc));
	run_ok(&e, text);
	cse_read(&e, a, un, 32);
	cse_read(&e, b, ui, 32);
	cse_read(&e, c, si, 32);
	for (unsigned int k = 0; k < 8; k++) {
		float f = fv[k];
		uint8_t wun[4] = { unorm8(f), unorm8(1.0f - f), unorm8(f * 0.5f), unorm8(0.75f) };
		uint32_t r = k * 100;
		uint8_t wui[4] = { (uint8_t)(r > 255 ? 255 : r), init[4 * k + 1], init[4 * k + 2], 7 };
		int s = (int)k * 60 - 300;
		int8_t wsi[4] = { (int8_t)(s < -128 ? -128 : s > 127 ? 127 : s), -5, 127, 127 };

		for (unsigned int ch = 0; ch < 4; ch++) {
			uint8_t w = k >= 4 ? (uint8_t)wsi[ch] : init[4 * k + ch];

			CHECK_MSG(un[4 * k + ch] == wun[ch], "UNORM lane %u ch %u: %u want %u", k,
				  ch, un[4 * k + ch], wun[ch]);
			CHECK_MSG(ui[4 * k + ch] == wui[ch], "UINT lane %u ch %u: %u want %u", k,
				  ch, ui[4 * k + ch], wui[ch]);
			CHECK_MSG(si[4 * k + ch] == w, "SINT lane %u ch %u: %u want %u", k, ch,
				  si[4 * k + ch], w);
		}
	}
	cse_stop(&e);
}

/*
 * Typed atomic add with return on a 1D R32_UINT surface of 4 texels:
 * lane k adds k + 1 to texel k % 4, lane 7's U is 100 (out of bounds:
 * returns 0, adds nothing); then a BUFFER R32_UINT surface read.
 */
static void t_atomic_and_buffer(void)
{
	struct compute_env e;
	uint32_t tex[4] = { 1000, 2000, 3000, 4000 }, got[4], out[8 * 4];
	uint32_t dw[16] = { 0 };
	uint64_t img, buf;
	unsigned int bi, bb, bbuf;
	char text[4096];

	cse_start(&e, 2);
	img = cse_alloc(&e, 16);
	buf = cse_alloc(&e, sizeof(out));
	cse_write(&e, img, tex, 16);
	bi = cse_surface(&e, SURF_1D, FMT_R32_UINT, img, 4, 1, 16);
	/* the same 4 dwords as a typed BUFFER: 4 entries of 4 bytes */
	dw[0] = (uint32_t)SURF_BUFFER << 29 | FMT_R32_UINT << 18;
	dw[2] = 3;
	dw[3] = 3;
	dw[7] = SCS_RGBA;
	dw[8] = (uint32_t)img;
	dw[9] = (uint32_t)(img >> 32);
	bbuf = cse_surface_raw(&e, dw);
	bb = cse_buffer(&e, buf, sizeof(out));
	snprintf(text, sizeof(text),
		 PROLOGUE(0xffff, 0)
		 "and(8) g20<1>UD g3<8,8,1>UD 3UD { align1 1Q NoMask }\n"
		 "mov(1) g20.7<1>UD 100UD { align1 1N NoMask }\n"
		 "add(8) g21<1>UD g3<8,8,1>UD 1UD { align1 1Q NoMask }\n"
		 "mov(8) g30<1>UD g2<8,8,1>UD { align1 1Q NoMask }\n"
		 "mov(8) g31<1>UD g20<8,8,1>UD { align1 1Q NoMask }\n"
		 "mov(8) g32<1>UD g21<8,8,1>UD { align1 1Q NoMask }\n"
		 "send(8) g11<1>UD g30<8,8,1>UD dp_data1 0x%08xUD { align1 1Q }\n"
		 "mov(8) g40<1>UD g2<8,8,1>UD { align1 1Q NoMask }\n"
		 "mov(8) g41<1>UD g3<8,8,1>UD { align1 1Q NoMask }\n"
		 "send(8) g12<1>UD g40<8,8,1>UD dp_data1 0x%08xUD { align1 1Q }\n"
		 "mov(8) g13<1>UD 0UD { align1 1Q NoMask }\n"
		 "mov(8) g14<1>UD 0UD { align1 1Q NoMask }\n"
		 "send(8) null<1>UD g10<8,8,1>UD dp_data1 0x%08xUD { align1 1Q }\n"
		 CSE_EOT,
		 desc(3, 1, true, DC1_TYPED_ATOMIC, 1u << 5 | AOP_ADD, bi),
		 typed_rw(false, 1, 0xe, 1, bbuf), untyped_w4(bb));
	run_ok(&e, text);
	cse_read(&e, img, got, 16);
	cse_read(&e, buf, out, sizeof(out));
	{
		uint32_t want[4], ret[8];

		memcpy(want, tex, 16);
		for (unsigned int k = 0; k < 8; k++) {	/* lanes in ascending order */
			ret[k] = k == 7 ? 0 : want[k % 4];
			if (k != 7)
				want[k % 4] += k + 1;
		}
		for (unsigned int i = 0; i < 4; i++)
			CHECK_MSG(got[i] == want[i], "texel %u: %u want %u", i, got[i], want[i]);
		for (unsigned int k = 0; k < 8; k++) {
			CHECK_MSG(out[4 * k] == ret[k], "lane %u returned %u want %u", k,
				  out[4 * k], ret[k]);
			CHECK_MSG(out[4 * k + 1] == (k < 4 ? want[k] : 0),
				  "buffer lane %u read %u", k, out[4 * k + 1]);
		}
	}
	cse_stop(&e);
}

/* One typed message that must stop the dispatch with @st naming @what. */
static void expect_err(unsigned int type, unsigned int format, uint32_t dw0_extra,
		       uint32_t descr_ctrl, bool header, enum gs_eu_status st, const char *what)
{
	struct compute_env e;
	struct gs_eu_dispatch d;
	struct gs_eu_result res;
	uint32_t dw[16] = { 0 };
	uint64_t img;
	unsigned int bi;
	char text[2048];

	cse_start(&e, 1);
	img = cse_alloc(&e, 4096);
	dw[0] = type << 29 | format << 18 | dw0_extra;
	dw[2] = 7u << 16 | 7;
	dw[3] = 63;
	dw[7] = SCS_RGBA;
	dw[8] = (uint32_t)img;
	dw[9] = (uint32_t)(img >> 32);
	bi = cse_surface_raw(&e, dw);
	snprintf(text, sizeof(text),
		 PROLOGUE(0xffff, 0)
		 "send(8) null<1>UD g2<8,8,1>UD dp_data1 0x%08xUD { align1 1Q }\n"
		 CSE_EOT,
		 desc(4, 0, header, DC1_TYPED_WRITE, descr_ctrl, bi));
	cse_desc(&e, &d, cse_kernel(&e, text));
	d.simd = 8;
	CHECK_MSG(cse_run(&e, &d, &res) == st, "%s: %s: %s", what,
		  gs_eu_status_name(res.status), res.msg);
	CHECK_MSG(strstr(res.msg, what) != NULL, "message \"%s\" does not name \"%s\"", res.msg,
		  what);
	cse_stop(&e);
}

static void t_errors(void)
{
	/* write of R only: header, U, V, R data = 4 registers */
	expect_err(SURF_2D, FMT_R32_UINT, 0, 1u << 4 | 0xe, false, GS_EU_ERR_MESSAGE,
		   "no header");
	expect_err(SURF_2D, FMT_R32_UINT, 0, 0u << 4 | 0xe, true, GS_EU_ERR_UNSUPPORTED,
		   "SIMD4x2");
	expect_err(SURF_2D, FMT_R32_UINT, 2u << 12, 1u << 4 | 0xe, true, GS_EU_ERR_UNSUPPORTED,
		   "tiled surface");
	expect_err(SURF_3D, FMT_R32_UINT, 0, 1u << 4 | 0xe, true, GS_EU_ERR_UNSUPPORTED,
		   "3D surface");
	expect_err(SURF_2D, FMT_R16G16B16A16_FLOAT, 0, 1u << 4 | 0xe, true,
		   GS_EU_ERR_UNSUPPORTED, "typed writes of R16G16B16A16_FLOAT");
	expect_err(SURF_2D, FMT_R32_UINT, 0, 1u << 4, true, GS_EU_ERR_MESSAGE,
		   "message length 4");
}

int main(void)
{
	tap_run("typed read of a 2D surface, lanes past the edge read 0", t_read_2d);
	tap_run("typed writes: UNORM8, UINT8 and SINT8 conversion, channel subset, sample mask",
		t_write_formats);
	tap_run("typed atomic add with return on 1D; a typed BUFFER read", t_atomic_and_buffer);
	tap_run("typed message errors", t_errors);
	return tap_done();
}
