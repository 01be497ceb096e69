// SPDX-License-Identifier: MIT
/*
 * The sampler on linear 2D surfaces (hw-spec-compute "Sampler messages",
 * "Sampling"): ld with in- and out-of-range coordinates and a LOD past the
 * MIP count, sample with nearest and bilinear filtering under clamp, wrap,
 * mirror and clamp-border addressing, a header with a channel mask and
 * texel offsets (T42, T45), resinfo, at SIMD8 and SIMD16, on
 * R8G8B8A8_UNORM, R32_FLOAT and R32G32B32A32_FLOAT.  The reference here is
 * written from the definitions (965/G35 PRM Vol. 4 Subsystem and Cores
 * (2008), 4 "Sampling Engine"), not from the code under test.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compute_env.h"
#include "tap.h"

#define W	8
#define H	6
#define TC_WRAP		0
#define TC_MIRROR	1
#define TC_CLAMP	2
#define TC_BORDER	4
#define BORDER_OFF	0x200u

static const float border[4] = { 0.25f, 0.5f, 0.75f, 0.125f };

struct fmt {
	unsigned int code, bpp;
	const char *name;
};

static const struct fmt fmts[] = {
	{ FMT_R8G8B8A8_UNORM, 4, "R8G8B8A8_UNORM" },
	{ FMT_R32_FLOAT, 4, "R32_FLOAT" },
	{ FMT_R32G32B32A32_FLOAT, 16, "R32G32B32A32_FLOAT" },
};

/* Texel (x, y) of the test image as the sampler should return it. */
static void texel(const struct fmt *f, int x, int y, float out[4])
{
	switch (f->code) {
	case FMT_R8G8B8A8_UNORM:
		for (int c = 0; c < 4; c++)
			out[c] = (float)((x * 29 + y * 53 + c * 71) & 0xff) / 255.0f;
		break;
	case FMT_R32_FLOAT:
		out[0] = (float)x * 1.5f - (float)y * 0.25f;
		out[1] = out[2] = 0.0f;
		out[3] = 1.0f;
		break;
	default:
		for (int c = 0; c < 4; c++)
			out[c] = (float)x + (float)y * 10.0f + (float)c * 0.125f;
	}
}

/* The bytes of the image, rows @pitch apart. */
static void image(const struct fmt *f, uint8_t *buf, uint32_t pitch)
{
	for (int y = 0; y < H; y++)
		for (int x = 0; x < W; x++) {
			uint8_t *p = buf + y * pitch + x * f->bpp;
			float t[4];

			texel(f, x, y, t);
			if (f->code == FMT_R8G8B8A8_UNORM)
				for (int c = 0; c < 4; c++)
					p[c] = (uint8_t)((x * 29 + y * 53 + c * 71) & 0xff);
			else
				memcpy(p, t, f->bpp);
		}
}

static int wrap(int i, int n, unsigned int mode, bool *out)
{
	*out = false;
	if (mode == TC_WRAP)
		return ((i % n) + n) % n;
	if (mode == TC_MIRROR) {
		int m = ((i % (2 * n)) + 2 * n) % (2 * n);

		return m < n ? m : 2 * n - 1 - m;
	}
	if (mode == TC_BORDER) {
		*out = i < 0 || i >= n;
		return i;
	}
	return i < 0 ? 0 : i >= n ? n - 1 : i;
}

static void fetch(const struct fmt *f, int x, int y, unsigned int mode, float out[4])
{
	bool bx, by;

	x = wrap(x, W, mode, &bx);
	y = wrap(y, H, mode, &by);
	if (bx || by) {
		memcpy(out, border, sizeof(border));
		/*
		 * DX10/OGL border mode: the channels the format lacks read as
		 * its texels do (OpenCL's (0, 0, 0, 1) border for CL_R images)
		 */
		if (f->code == FMT_R32_FLOAT) {
			out[1] = out[2] = 0.0f;
			out[3] = 1.0f;
		}
	} else
		texel(f, x, y, out);
}

static void ref_sample(const struct fmt *f, float u, float v, bool linear, unsigned int mode,
		       float out[4])
{
	float x = u * W, y = v * H, t[4][4];

	if (!linear) {
		fetch(f, (int)floorf(x), (int)floorf(y), mode, out);
		return;
	}
	x -= 0.5f;
	y -= 0.5f;
	float fx = floorf(x), fy = floorf(y), a = x - fx, b = y - fy;

	for (int i = 0; i < 4; i++)
		fetch(f, (int)fx + (i & 1), (int)fy + (i >> 1), mode, t[i]);
	for (int c = 0; c < 4; c++)
		out[c] = (t[0][c] * (1 - a) + t[1][c] * a) * (1 - b) + (t[2][c] * (1 - a) + t[3][c] * a) * b;
}

static uint32_t sdesc(unsigned int mlen, unsigned int rlen, bool header, unsigned int simd,
		      unsigned int type, unsigned int sampler, unsigned int bti)
{
	return mlen << 25 | rlen << 20 | (header ? 1u : 0) << 19 |
	       (simd == 16 ? 2u : 1u) << 17 | type << 12 | sampler << 8 | bti;
}

/* untyped write of @nch channels, 16 bytes per lane */
static uint32_t store(unsigned int simd, unsigned int nch, unsigned int bti)
{
	unsigned int regs = simd / 8;

	return (regs + nch * regs) << 25 | 9u << 14 |
	       ((simd == 16 ? 1u : 2u) << 4 | (0xfu & (0xfu << nch))) << 8 | bti;
}

struct samp_env {
	struct compute_env e;
	uint64_t out;
	unsigned int tex, obti;
};

static void samp_start(struct samp_env *s, const struct fmt *f, unsigned int workers)
{
	uint32_t pitch = W * f->bpp + 16;
	uint8_t *img = calloc(H, pitch);
	uint64_t va;

	CHECK(img);
	cse_start(&s->e, workers);
	va = cse_alloc(&s->e, (uint64_t)H * pitch);
	image(f, img, pitch);
	cse_write(&s->e, va, img, (uint64_t)H * pitch);
	free(img);
	s->tex = cse_surface(&s->e, SURF_2D, f->code, va, W, H, pitch);
	s->out = cse_alloc(&s->e, 4096);
	s->obti = cse_buffer(&s->e, s->out, 4096);
	cse_dynamic(&s->e, BORDER_OFF, border, sizeof(border));
}

/*
 * The kernel: send the parameters that sit in r1.. (the CURBE), store the
 * @nch returned channels of each lane at lane * 16 + 4c.
 */
static void run_sampler(struct samp_env *s, unsigned int simd, uint32_t sdesc_, unsigned int nch,
			const uint32_t *params, unsigned int nparams, bool header, uint32_t m02,
			float out[16][4])
{
	unsigned int regs = simd / 8;
	struct gs_eu_dispatch d;
	uint32_t *curbe = calloc(nparams * regs, 32);
	char text[4096];
	const char *q = simd == 16 ? "1H" : "1Q";
	int n;

	CHECK(curbe);
	memcpy(curbe, params, nparams * regs * 32);
	n = snprintf(text, sizeof(text),
		     "mov(8) g40<1>UD g0<8,8,1>UD { align1 1Q NoMask }\n"
		     "mov(1) g40.2<1>UD 0x%08xUD { align1 1N NoMask }\n", m02);
	for (unsigned int r = 0; r < nparams * regs; r++)
		n += snprintf(text + n, sizeof(text) - (size_t)n,
			      "mov(8) g%u<1>UD g%u<8,8,1>UD { align1 1Q NoMask }\n", 41 + r, 1 + r);
	n += snprintf(text + n, sizeof(text) - (size_t)n,
		      "send(%u) g60<1>UW g%u<8,8,1>UD sampler 0x%08xUD { align1 %s }\n"
		      "mov(8) g10<1>UW 0x76543210V { align1 1Q NoMask }\n"
		      "add(8) g10.8<1>UW g10<8,8,1>UW 8UW { align1 1Q NoMask }\n"
		      "mul(16) g80<1>UD g10<8,8,1>UW 16UW { align1 1H NoMask }\n",
		      simd, header ? 40 : 41, sdesc_, q);
	/* address registers, then the nch channels right behind them */
	if (simd == 8)
		n += snprintf(text + n, sizeof(text) - (size_t)n,
			      "mov(8) g81<1>UD g60<8,8,1>UD { align1 1Q NoMask }\n"
			      "mov(8) g82<1>UD g61<8,8,1>UD { align1 1Q NoMask }\n"
			      "mov(8) g83<1>UD g62<8,8,1>UD { align1 1Q NoMask }\n"
			      "mov(8) g84<1>UD g63<8,8,1>UD { align1 1Q NoMask }\n");
	else
		n += snprintf(text + n, sizeof(text) - (size_t)n,
			      "mov(16) g82<1>UD g60<8,8,1>UD { align1 1H NoMask }\n"
			      "mov(16) g84<1>UD g62<8,8,1>UD { align1 1H NoMask }\n"
			      "mov(16) g86<1>UD g64<8,8,1>UD { align1 1H NoMask }\n"
			      "mov(16) g88<1>UD g66<8,8,1>UD { align1 1H NoMask }\n");
	snprintf(text + n, sizeof(text) - (size_t)n,
		 "send(%u) null<1>UD g80<8,8,1>UD dp_data1 0x%08xUD { align1 %s NoMask }\n"
		 CSE_EOT, simd, store(simd, nch, s->obti), q);
	cse_desc(&s->e, &d, cse_kernel(&s->e, text));
	d.simd = simd;
	d.curbe = curbe;
	d.curbe_size = nparams * regs * 32;
	d.cross_thread_length = (uint8_t)(nparams * regs);
	cse_ok(&s->e, &d);
	free(curbe);
	memset(out, 0, 16 * 16);
	cse_read(&s->e, s->out, out, (uint64_t)simd * 16);
}

static bool close_to(float a, float b)
{
	return fabsf(a - b) <= 1e-5f * (1.0f + fabsf(b));
}

static void params_uv(uint32_t *p, unsigned int simd)
{
	for (unsigned int k = 0; k < simd; k++) {
		float u = -0.3f + (float)k * 0.11f, v = 1.4f - (float)k * 0.13f;

		memcpy(&p[k], &u, 4);
		memcpy(&p[simd + k], &v, 4);
	}
}

static void sample_modes(const struct fmt *f, unsigned int simd, unsigned int workers)
{
	static const unsigned int modes[4] = { TC_CLAMP, TC_WRAP, TC_MIRROR, TC_BORDER };
	struct samp_env s;
	uint32_t p[64];

	samp_start(&s, f, workers);
	params_uv(p, simd);
	for (unsigned int lin = 0; lin < 2; lin++)
		for (unsigned int m = 0; m < 4; m++) {
			unsigned int idx = lin * 4 + m;
			float out[16][4];

			cse_sampler(&s.e, idx, lin, modes[m], modes[m], BORDER_OFF);
			run_sampler(&s, simd, sdesc(2 * simd / 8, 4 * simd / 8, false, simd, 0, idx,
						    s.tex), 4, p, 2, false, 0, out);
			for (unsigned int k = 0; k < simd; k++) {
				float u, v, want[4];

				memcpy(&u, &p[k], 4);
				memcpy(&v, &p[simd + k], 4);
				ref_sample(f, u, v, lin, modes[m], want);
				for (int c = 0; c < 4; c++)
					CHECK_MSG(close_to(out[k][c], want[c]),
						  "%s SIMD%u %s mode %u lane %u ch %d (u %g v %g): "
						  "%g want %g", f->name, simd,
						  lin ? "linear" : "nearest", modes[m], k, c, u, v,
						  out[k][c], want[c]);
			}
		}
	cse_stop(&s.e);
}

static void t_sample_simd16(void)
{
	for (unsigned int i = 0; i < 3; i++)
		sample_modes(&fmts[i], 16, 2);
}

static void t_sample_simd8(void)
{
	for (unsigned int i = 0; i < 3; i++)
		sample_modes(&fmts[i], 8, 1);
}

/* ld: u, lod, v; some lanes outside the surface, lane 5 at lod 1. */
static void ld_fmt(const struct fmt *f, unsigned int simd)
{
	struct samp_env s;
	uint32_t p[3 * 16];
	float out[16][4];

	samp_start(&s, f, 2);
	for (unsigned int k = 0; k < simd; k++) {
		p[k] = (uint32_t)((int)k % 10 - 1);		/* u: -1..8 */
		p[simd + k] = k == 5;				/* lod */
		p[2 * simd + k] = (uint32_t)((int)(k * 3) % 8 - 1);	/* v: -1..6 */
	}
	run_sampler(&s, simd, sdesc(3 * simd / 8, 4 * simd / 8, false, simd, 7, 0, s.tex), 4, p,
		    3, false, 0, out);
	for (unsigned int k = 0; k < simd; k++) {
		int x = (int)p[k], y = (int)p[2 * simd + k];
		float want[4] = { 0, 0, 0, f->code == FMT_R32_FLOAT ? 1.0f : 0.0f };

		if (k != 5 && x >= 0 && x < W && y >= 0 && y < H)
			texel(f, x, y, want);
		for (int c = 0; c < 4; c++)
			CHECK_MSG(out[k][c] == want[c], "%s ld lane %u (%d,%d) ch %d: %g want %g",
				  f->name, k, x, y, c, out[k][c], want[c]);
	}
	cse_stop(&s.e);
}

static void t_ld(void)
{
	for (unsigned int i = 0; i < 3; i++) {
		ld_fmt(&fmts[i], 16);
		ld_fmt(&fmts[i], 8);
	}
}

/*
 * A header: M0.2 = G and B masked (bits 14:13), U offset +1 (11:8),
 * V offset -1 (7:4 = 0xf): R and A come back in two registers.
 */
static void t_header_mask_offsets(void)
{
	const struct fmt *f = &fmts[0];
	struct samp_env s;
	uint32_t p[16];
	float out[16][4];

	samp_start(&s, f, 1);
	params_uv(p, 8);
	cse_sampler(&s.e, 3, 0, TC_CLAMP, TC_CLAMP, 0);
	run_sampler(&s, 8, sdesc(3, 2, true, 8, 0, 3, s.tex), 2, p, 2, true,
		    0x6000u | 1u << 8 | 0xfu << 4, out);
	for (unsigned int k = 0; k < 8; k++) {
		float u, v, want[4];
		int x, y;

		memcpy(&u, &p[k], 4);
		memcpy(&v, &p[8 + k], 4);
		x = (int)floorf(u * W) + 1;
		y = (int)floorf(v * H) - 1;
		fetch(f, x, y, TC_CLAMP, want);
		CHECK_MSG(out[k][0] == want[0], "lane %u R %g want %g", k, out[k][0], want[0]);
		CHECK_MSG(out[k][1] == want[3], "lane %u A %g want %g", k, out[k][1], want[3]);
	}
	cse_stop(&s.e);
}

/* resinfo: lod 0 gives the size; a lod past the MIP count gives 0. */
static void t_resinfo(void)
{
	struct samp_env s;
	uint32_t p[8] = { 0, 1, 0, 3, 0, 0, 0, 0 };
	uint32_t out[16][4];

	samp_start(&s, &fmts[1], 1);
	run_sampler(&s, 8, sdesc(1, 4, false, 8, 10, 0, s.tex), 4, p, 1, false, 0,
		    (float (*)[4])out);
	for (unsigned int k = 0; k < 8; k++) {
		CHECK_EQ(out[k][0], p[k] ? 0 : W);
		CHECK_EQ(out[k][1], p[k] ? 0 : H);
		CHECK_EQ(out[k][2], p[k] ? 0 : 1);
		CHECK_EQ(out[k][3], p[k] ? 0 : 1);
	}
	cse_stop(&s.e);
}

int main(void)
{
	tap_run("sample SIMD16: nearest/bilinear x clamp/wrap/mirror/border, 3 formats",
		t_sample_simd16);
	tap_run("sample SIMD8: nearest/bilinear x clamp/wrap/mirror/border, 3 formats",
		t_sample_simd8);
	tap_run("ld in and out of range, lod past the MIP count, SIMD8/16", t_ld);
	tap_run("T42/T45 header channel mask and texel offsets", t_header_mask_offsets);
	tap_run("resinfo", t_resinfo);
	return tap_done();
}
