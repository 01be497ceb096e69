// SPDX-License-Identifier: MIT
/*
 * Geometry shader threads through rcs0 (hw-spec-3d "Geometry shader"):
 * SIMD8 GS kernels written in gensim-as text, one input primitive a
 * channel, reading their input vertices pushed into the payload or
 * pulled with URB reads through the vertex handles, writing vertices,
 * cut bits and the vertex count into their output URB entries (with and
 * without per-slot offsets).  A pass-through GS against the same draw
 * without one; two triangles per input; a LINESTRIP and a POINTLIST
 * output; a point expanded to a quad; cuts in a TRISTRIP; the subset's
 * named errors.  Every image against the CPU reference drawing the
 * output primitives the documented rules give.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "r3d_env.h"
#include "tap.h"

#define CLEAR	0x01020304u
#define W	64
#define H	48
#define GS_URB_KB	24	/* after r3e_begin()'s push constants and 64 VS entries of 256 bytes */

static struct r3e E;
static uint32_t ps8;

/* ---- GS kernels, written as text ---- */

static char text[32768];
static size_t tlen;

static void put(const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(text + tlen, sizeof(text) - tlen, fmt, ap);
	va_end(ap);
	CHECK(n > 0 && (size_t)n < sizeof(text) - tlen);
	tlen += (size_t)n;
}

/* A SIMD8 URB write (or read) descriptor: mlen, rlen, header, global offset in OWords. */
static uint32_t urb_desc(unsigned int mlen, unsigned int rlen, unsigned int goff, bool per_slot,
			 bool read)
{
	return mlen << 25 | rlen << 20 | 1u << 19 | (per_slot ? 1u << 17 : 0) | goff << 4 |
	       (read ? 8u : 7u);
}

/*
 * Write a vertex at OWord @ow of the channels' output entries: a zero VUE
 * header, the position in g@pr..+3, the colour in g@cr..+3.  With
 * @per_slot the offset goes in the per-slot offsets (global offset 2).
 */
static void put_vertex(unsigned int ow, unsigned int pr, unsigned int cr, bool per_slot)
{
	unsigned int d = per_slot ? 2 : 1;	/* the first data register after g100 / g110 */

	put("mov(8) g100<1>UD g1<8,8,1>UD { align1 1Q NoMask }\n");
	if (per_slot)
		put("mov(8) g101<1>UD %uUD { align1 1Q NoMask }\n", ow - 2);
	for (unsigned int c = 0; c < 4; c++)
		put("mov(8) g%u<1>F 0.0F { align1 1Q }\n", 100 + d + c);
	for (unsigned int c = 0; c < 4; c++)
		put("mov(8) g%u<1>F g%u<8,8,1>F { align1 1Q }\n", 104 + d + c, pr + c);
	put("send(8) null<1>UD g100<8,8,1>UD urb %#xUD { align1 1Q }\n",
	    urb_desc(8 + d, 0, per_slot ? 2 : ow, per_slot, false));
	put("mov(8) g110<1>UD g1<8,8,1>UD { align1 1Q NoMask }\n");
	if (per_slot)
		put("mov(8) g111<1>UD %uUD { align1 1Q NoMask }\n", ow);
	for (unsigned int c = 0; c < 4; c++)
		put("mov(8) g%u<1>F g%u<8,8,1>F { align1 1Q }\n", 110 + d + c, cr + c);
	put("send(8) null<1>UD g110<8,8,1>UD urb %#xUD { align1 1Q }\n",
	    urb_desc(4 + d, 0, per_slot ? 2 : ow + 2, per_slot, false));
}

/* g80..83: g@pr..+3 moved by (@dx, @dy); g84..87: the colour @col. */
static void put_moved(unsigned int pr, float dx, float dy, const float col[4])
{
	put("add(8) g80<1>F g%u<8,8,1>F %.9gF { align1 1Q }\n", pr, dx);
	put("add(8) g81<1>F g%u<8,8,1>F %.9gF { align1 1Q }\n", pr + 1, dy);
	put("mov(8) g82<1>F g%u<8,8,1>F { align1 1Q }\n", pr + 2);
	put("mov(8) g83<1>F g%u<8,8,1>F { align1 1Q }\n", pr + 3);
	for (unsigned int c = 0; c < 4; c++)
		put("mov(8) g%u<1>F %.9gF { align1 1Q }\n", 84 + c, col[c]);
}

/* The cut bits (dword 0 of the control data header, OWord 2), then the vertex count with EOT. */
static uint32_t put_end(unsigned int count, int cuts)
{
	if (cuts >= 0) {
		put("mov(8) g120<1>UD g1<8,8,1>UD { align1 1Q NoMask }\n");
		put("mov(8) g121<1>UD %#xUD { align1 1Q }\n", (unsigned int)cuts);
		put("send(8) null<1>UD g120<8,8,1>UD urb %#xUD { align1 1Q }\n",
		    urb_desc(2, 0, 2, false, false));
	}
	put("mov(8) g122<1>UD g1<8,8,1>UD { align1 1Q NoMask }\n");
	put("mov(8) g123<1>UD %uUD { align1 1Q }\n", count);
	put("send(8) null<1>UD g122<8,8,1>UD urb %#xUD { align1 1Q EOT }\n",
	    urb_desc(2, 0, 0, false, false));
	return r3e_kernel(&E, text);
}

static void begin_text(void)
{
	tlen = 0;
	text[0] = 0;
}

/* Pushed input (Vertex URB Entry Read Length 2 from r@g): vertex v's position, colour. */
#define POS(g, v)	((g) + 16 * (v) + 4)
#define COL(g, v)	((g) + 16 * (v) + 8)

/* ---- the draws ---- */

struct cfg {
	uint32_t in_topo, in_vertices;
	uint32_t out_topo, out_vertex_bytes, header_bytes;
	uint32_t grf, read_len, flags;
	uint32_t entries, entry_bytes;
	bool lines, points;		/* the SF's line or point state */
	bool sbe_from_gs;		/* the SBE's read window from 3DSTATE_GS DW9, not forced */
};

static void begin(const struct cfg *c, uint32_t gs, const struct r3e_vertex *v, unsigned int n)
{
	struct gsim_3d_ps ps = { .kernel = ps8, .simd = 8, .grf_start = 4,
				 .barycentric = GSIM_BARY_PERSPECTIVE, .flags = GSIM_PS_ATTRIBUTES };
	struct gsim_3d_gs g = { .kernel = gs, .grf_start = c->grf, .urb_read_offset = 0,
				.urb_read_length = c->read_len, .in_vertices = c->in_vertices,
				.out_topology = c->out_topo, .out_vertex_bytes = c->out_vertex_bytes,
				.control_header_bytes = c->header_bytes, .out_read_offset = 1,
				.out_length = 1, .max_threads = 4, .flags = c->flags };

	r3e_target(&E, W, H, R3D_FMT_R8G8B8A8_UNORM, CLEAR);
	r3e_begin(&E);
	gsim_emit_3d_ps(&E.b, &ps);
	if (c->lines)
		CHECK(!gsim_emit_3d_sf_line(&E.b, 0, 0, 128));
	if (c->points)
		CHECK(!gsim_emit_3d_sf_point(&E.b, GSIM_SF_POINT_WIDTH_STATE, 0, 1, 24));
	if (c->sbe_from_gs && gs) {
		gsim_emit_3d_sbe(&E.b, 1, 0, 0, 0);
		/* 3DSTATE_SBE then 3DSTATE_SBE_SWIZ (11 dwords): clear the force bits */
		E.b.cpu[E.b.len - 11 - 4 + 1] &= ~(SBE_DW1_FORCE_READ_LENGTH |
						   SBE_DW1_FORCE_READ_OFFSET);
	}
	if (gs) {
		CHECK(!gsim_emit_3d_urb_gs(&E.b, GS_URB_KB, c->entries, c->entry_bytes));
		CHECK(!gsim_emit_3d_gs(&E.b, &g));
	}
	r3e_vertices(&E, v, n);
	gsim_emit_3d_topology(&E.b, c->in_topo);
	gsim_emit_3d_primitive(&E.b, n, 0, 1, 0, 0, 0);
}

static void ref_start(struct r3e_ref *ref, const struct cfg *c)
{
	r3e_ref_init(ref, W, H, CLEAR);
	ref->line_width = 128;
	ref->line_pv = 0;
	ref->point_state = c->points;
	ref->point_width = 3.0f;
}

static void finish(struct r3e_ref *ref, const char *what)
{
	unsigned int bad = r3e_compare(&E, ref, what), drawn = 0;

	for (unsigned int i = 0; i < W * H; i++)
		drawn += ref->count[i] != 0;
	r3e_ref_free(ref);
	CHECK_MSG(!bad, "%s: %u pixels differ", what, bad);
	CHECK_MSG(drawn > 0, "%s: nothing drawn", what);
}

static uint32_t rng = 4242;

static float frand(float lo, float hi)
{
	rng = rng * 1103515245u + 12345u;
	return lo + (hi - lo) * (float)(rng >> 8) / (float)(1u << 24);
}

static struct r3e_vertex rvert(float x0, float x1, float y0, float y1)
{
	return (struct r3e_vertex){ frand(x0, x1), frand(y0, y1), 0.5f, 1.0f,
				    frand(0, 1), frand(0, 1), frand(0, 1), 1.0f };
}

/* 11 small triangles over the target: two GS threads (8 + 3 channels) */
#define NTRI	11
static struct r3e_vertex tris[3 * NTRI];

static void make_tris(float size)
{
	for (unsigned int t = 0; t < NTRI; t++) {
		float cx = frand(size, W - 2 * size), cy = frand(size, H - 2 * size);

		for (unsigned int i = 0; i < 3; i++)
			tris[3 * t + i] = rvert(cx - size, cx + size, cy - size, cy + size);
	}
}

/* The pass-through GS: each input vertex out again, one TRISTRIP of three. */
static uint32_t gs_pass(unsigned int grf, bool pull)
{
	begin_text();
	for (unsigned int v = 0; v < 3; v++) {
		unsigned int pr = POS(grf, v), cr = COL(grf, v);

		if (pull) {
			/* slots 0-1 (header, position) and 2 (colour) through vertex handle r(2+v) */
			put("mov(8) g20<1>UD g%u<8,8,1>UD { align1 1Q NoMask }\n", 2 + v);
			put("send(8) g30<1>UD g20<8,8,1>UD urb %#xUD { align1 1Q }\n",
			    urb_desc(1, 8, 0, false, true));
			put("send(8) g40<1>UD g20<8,8,1>UD urb %#xUD { align1 1Q }\n",
			    urb_desc(1, 4, 2, false, true));
			pr = 34;
			cr = 40;
		}
		put_vertex(2 + 3 * v, pr, cr, false);
	}
	return put_end(3, -1);
}

static const struct cfg tri_cfg = {
	.in_topo = GSIM_TOPO_TRILIST, .in_vertices = 3, .out_topo = GSIM_TOPO_TRISTRIP,
	.out_vertex_bytes = 48, .grf = 2, .read_len = 2, .entries = 64, .entry_bytes = 192,
};

/*
 * (a) The pass-through GS: the image of the same draw without a GS and of
 * the reference; pushed input, input pulled through the vertex handles,
 * the SBE's read window from 3DSTATE_GS; a TRISTRIP input (Reorder Mode
 * TRAILING: odd triangles as (k+1, k, k+2)).
 */
static void t_pass(void)
{
	uint32_t plain = gs_pass(2, false), pull = gs_pass(6, true);
	static uint32_t nogs[W * H];

	make_tris(8);
	for (unsigned int pass = 0; pass < 4; pass++) {
		struct cfg c = tri_cfg;
		struct r3e_ref ref;
		const char *what = pass == 0 ? "pass-through, pushed input" :
				   pass == 1 ? "pass-through, pulled through vertex handles" :
				   pass == 2 ? "pass-through, SBE window from 3DSTATE_GS" :
					       "pass-through, TRISTRIP input";
		unsigned int n = 3 * NTRI, bad = 0;

		if (pass == 1) {
			c.grf = 6;
			c.read_len = 0;
			c.flags = GSIM_GS_VERTEX_HANDLES;
		}
		c.sbe_from_gs = pass == 2;
		if (pass == 3) {
			c.in_topo = GSIM_TOPO_TRISTRIP;
			n = 12;
		}
		/* without a GS first */
		begin(&c, 0, tris, n);
		r3e_run(&E);
		for (unsigned int i = 0; i < W * H; i++)
			nogs[i] = r3e_pixel(&E, i % W, i / W);
		begin(&c, pass == 1 ? pull : plain, tris, n);
		r3e_run(&E);
		for (unsigned int i = 0; i < W * H; i++)
			bad += r3e_pixel(&E, i % W, i / W) != nogs[i];
		CHECK_MSG(!bad, "%s: %u pixels differ from the draw without a GS", what, bad);
		ref_start(&ref, &c);
		r3e_ref_draw(&ref, c.in_topo, tris, n);
		finish(&ref, what);
	}
}

/*
 * (b) Two triangles per input: the triangle, a cut, a copy moved by
 * (7, 5) in one colour; with 4 GS entries (batches of 4 primitives).
 */
static const float copy_col[4] = { 0.25f, 0.5f, 0.75f, 1.0f };

static void t_two(void)
{
	struct cfg c = tri_cfg;
	struct r3e_ref ref;
	uint32_t gs;

	begin_text();
	for (unsigned int v = 0; v < 3; v++)
		put_vertex(4 + 3 * v, POS(2, v), COL(2, v), false);
	for (unsigned int v = 0; v < 3; v++) {
		put_moved(POS(2, v), 7, 5, copy_col);
		put_vertex(4 + 3 * (3 + v), 80, 84, false);
	}
	gs = put_end(6, 1 << 2);
	make_tris(6);
	for (unsigned int pass = 0; pass < 2; pass++) {
		c.header_bytes = 32;
		c.entries = pass ? 4 : 64;
		c.entry_bytes = 384;	/* 32 + 32 + 6 x 48 */
		begin(&c, gs, tris, 3 * NTRI);
		r3e_run(&E);
		ref_start(&ref, &c);
		for (unsigned int t = 0; t < NTRI; t++) {
			struct r3e_vertex o[6];

			for (unsigned int v = 0; v < 3; v++) {
				o[v] = tris[3 * t + v];
				o[3 + v] = o[v];
				o[3 + v].x += 7;
				o[3 + v].y += 5;
				memcpy(&o[3 + v].r, copy_col, sizeof(copy_col));
			}
			r3e_ref_draw(&ref, GSIM_TOPO_TRILIST, o, 6);
		}
		finish(&ref, pass ? "two triangles per input, 4 GS entries" :
			     "two triangles per input");
	}
}

/* (c) LINESTRIP out: each triangle's outline v0 v1 v2 v0 as lines of width 1. */
static void t_linestrip(void)
{
	struct cfg c = tri_cfg;
	struct r3e_ref ref;
	uint32_t gs;

	begin_text();
	for (unsigned int v = 0; v < 4; v++)
		put_vertex(2 + 3 * v, POS(2, v % 3), COL(2, v % 3), false);
	gs = put_end(4, -1);
	make_tris(10);
	c.out_topo = GSIM_TOPO_LINESTRIP;
	c.lines = true;
	c.entry_bytes = 256;
	begin(&c, gs, tris, 3 * 5);
	r3e_run(&E);
	ref_start(&ref, &c);
	for (unsigned int t = 0; t < 5; t++) {
		struct r3e_vertex o[4] = { tris[3 * t], tris[3 * t + 1], tris[3 * t + 2],
					   tris[3 * t] };

		r3e_ref_draw(&ref, GSIM_TOPO_LINESTRIP, o, 4);
	}
	finish(&ref, "LINESTRIP output");
}

/* (c) POINTLIST out from a LINELIST: both ends and the midpoint (in one colour). */
static void t_points(void)
{
	static const float mid_col[4] = { 1.0f, 0.5f, 0.0f, 1.0f };
	struct cfg c = { .in_topo = GSIM_TOPO_LINELIST, .in_vertices = 2,
			 .out_topo = GSIM_TOPO_POINTLIST, .out_vertex_bytes = 48, .grf = 2,
			 .read_len = 2, .entries = 64, .entry_bytes = 192, .points = true };
	struct r3e_vertex v[18];
	struct r3e_ref ref;
	uint32_t gs;

	begin_text();
	put_vertex(2, POS(2, 0), COL(2, 0), false);
	put_vertex(5, POS(2, 1), COL(2, 1), false);
	for (unsigned int k = 0; k < 4; k++) {
		put("add(8) g%u<1>F g%u<8,8,1>F g%u<8,8,1>F { align1 1Q }\n", 80 + k, POS(2, 0) + k,
		    POS(2, 1) + k);
		put("mul(8) g%u<1>F g%u<8,8,1>F 0.5F { align1 1Q }\n", 80 + k, 80 + k);
		put("mov(8) g%u<1>F %.9gF { align1 1Q }\n", 84 + k, mid_col[k]);
	}
	put_vertex(8, 80, 84, false);
	gs = put_end(3, -1);
	for (unsigned int i = 0; i < 18; i++)
		v[i] = rvert(4, W - 4, 4, H - 4);
	begin(&c, gs, v, 18);
	r3e_run(&E);
	ref_start(&ref, &c);
	for (unsigned int l = 0; l < 9; l++) {
		struct r3e_vertex o[3] = { v[2 * l], v[2 * l + 1], v[2 * l] };

		o[2].x = (v[2 * l].x + v[2 * l + 1].x) * 0.5f;
		o[2].y = (v[2 * l].y + v[2 * l + 1].y) * 0.5f;
		o[2].z = (v[2 * l].z + v[2 * l + 1].z) * 0.5f;
		o[2].w = (v[2 * l].w + v[2 * l + 1].w) * 0.5f;
		memcpy(&o[2].r, mid_col, sizeof(mid_col));
		r3e_ref_draw(&ref, GSIM_TOPO_POINTLIST, o, 3);
	}
	finish(&ref, "POINTLIST output from a LINELIST");
}

/* A point to a quad: a TRISTRIP of four corners +-3 pixels, written with per-slot offsets. */
static void t_sprite(void)
{
	static const float corner[4][2] = { { -3, -3 }, { 3, -3 }, { -3, 3 }, { 3, 3 } };
	struct cfg c = { .in_topo = GSIM_TOPO_POINTLIST, .in_vertices = 1,
			 .out_topo = GSIM_TOPO_TRISTRIP, .out_vertex_bytes = 48, .grf = 2,
			 .read_len = 2, .entries = 64, .entry_bytes = 256 };
	struct r3e_vertex v[13];
	struct r3e_ref ref;
	uint32_t gs;

	begin_text();
	for (unsigned int k = 0; k < 4; k++) {
		put("add(8) g80<1>F g%u<8,8,1>F %.9gF { align1 1Q }\n", POS(2, 0), corner[k][0]);
		put("add(8) g81<1>F g%u<8,8,1>F %.9gF { align1 1Q }\n", POS(2, 0) + 1, corner[k][1]);
		put("mov(8) g82<1>F g%u<8,8,1>F { align1 1Q }\n", POS(2, 0) + 2);
		put("mov(8) g83<1>F g%u<8,8,1>F { align1 1Q }\n", POS(2, 0) + 3);
		put_vertex(2 + 3 * k, 80, COL(2, 0), true);
	}
	gs = put_end(4, -1);
	for (unsigned int i = 0; i < 13; i++)
		v[i] = rvert(4, W - 4, 4, H - 4);
	begin(&c, gs, v, 13);
	r3e_run(&E);
	ref_start(&ref, &c);
	for (unsigned int p = 0; p < 13; p++) {
		struct r3e_vertex o[4];

		for (unsigned int k = 0; k < 4; k++) {
			o[k] = v[p];
			o[k].x += corner[k][0];
			o[k].y += corner[k][1];
		}
		r3e_ref_draw(&ref, GSIM_TOPO_TRISTRIP, o, 4);
	}
	finish(&ref, "points to quads, per-slot offsets");
}

/*
 * (d) Cuts in a TRISTRIP: A B C D | E F G | H, cut bits 3 and 6: strips
 * ABCD (two triangles) and EFG; H alone draws nothing.  A B C the input
 * triangle, D = A moved by (9, 0), E F G the triangle moved by (0, 9),
 * H = B moved by (-9, 0).
 */
static void t_cuts(void)
{
	struct cfg c = tri_cfg;
	struct r3e_ref ref;
	uint32_t gs;

	begin_text();
	for (unsigned int v = 0; v < 3; v++)
		put_vertex(4 + 3 * v, POS(2, v), COL(2, v), false);
	put_moved(POS(2, 0), 9, 0, copy_col);
	put_vertex(4 + 3 * 3, 80, 84, false);
	for (unsigned int v = 0; v < 3; v++) {
		put_moved(POS(2, v), 0, 9, copy_col);
		put("mov(8) g84<1>F g%u<8,8,1>F { align1 1Q }\n", COL(2, v));
		put_vertex(4 + 3 * (4 + v), 80, 84, false);
	}
	put_moved(POS(2, 1), -9, 0, copy_col);
	put_vertex(4 + 3 * 7, 80, 84, false);
	gs = put_end(8, 1 << 3 | 1 << 6);
	make_tris(7);
	c.header_bytes = 32;
	c.entry_bytes = 448;	/* 32 + 32 + 8 x 48 */
	begin(&c, gs, tris, 3 * NTRI);
	r3e_run(&E);
	ref_start(&ref, &c);
	for (unsigned int t = 0; t < NTRI; t++) {
		struct r3e_vertex s1[4], s2[3];

		for (unsigned int v = 0; v < 3; v++) {
			s1[v] = tris[3 * t + v];
			s2[v] = tris[3 * t + v];
			s2[v].y += 9;
			memcpy(&s2[v].g, &copy_col[1], 3 * sizeof(float));
		}
		s1[3] = tris[3 * t];
		s1[3].x += 9;
		memcpy(&s1[3].r, copy_col, sizeof(copy_col));
		r3e_ref_draw(&ref, GSIM_TOPO_TRISTRIP, s1, 4);
		r3e_ref_draw(&ref, GSIM_TOPO_TRISTRIP, s2, 3);
	}
	finish(&ref, "cuts in a TRISTRIP");
}

/* ---- (e) the named errors ---- */

/* A pass-through draw with 3DSTATE_GS DW@dw's @mask set to @val (not when @mask is 0). */
static void draw_mod(uint32_t gs, unsigned int dw, uint32_t mask, uint32_t val,
		     const struct cfg *cc)
{
	struct cfg c = cc ? *cc : tri_cfg;
	struct gsim_3d_ps ps = { .kernel = ps8, .simd = 8, .grf_start = 4,
				 .barycentric = GSIM_BARY_PERSPECTIVE, .flags = GSIM_PS_ATTRIBUTES };
	struct gsim_3d_gs g = { .kernel = gs, .grf_start = c.grf, .urb_read_length = c.read_len,
				.in_vertices = c.in_vertices, .out_topology = c.out_topo,
				.out_vertex_bytes = c.out_vertex_bytes,
				.control_header_bytes = c.header_bytes, .max_threads = 4 };

	r3e_target(&E, W, H, R3D_FMT_R8G8B8A8_UNORM, CLEAR);
	r3e_begin(&E);
	gsim_emit_3d_ps(&E.b, &ps);
	CHECK(!gsim_emit_3d_urb_gs(&E.b, GS_URB_KB, c.entries, c.entry_bytes));
	CHECK(!gsim_emit_3d_gs(&E.b, &g));
	if (mask)
		E.b.cpu[E.b.len - 10 + dw] = (E.b.cpu[E.b.len - 10 + dw] & ~mask) | val;
	r3e_vertices(&E, tris, 3 * NTRI);
	gsim_emit_3d_topology(&E.b, c.in_topo);
	gsim_emit_3d_primitive(&E.b, 3 * NTRI, 0, 1, 0, 0, 0);
}

struct err_case {
	const char *what;
	uint32_t gs;		/* the kernel */
	unsigned int dw;	/* 3DSTATE_GS DW@dw's @mask set to @val */
	uint32_t mask, val, ipehr;
	const struct cfg *c;	/* NULL: tri_cfg */
};

static void t_errors(void)
{
	uint32_t pass = gs_pass(2, false), big, past, into_input;
	struct cfg fan = tri_cfg;
	struct err_case bad[12];
	unsigned int n = 0;

	/* a vertex count of 100: the 192-byte entry holds 3 */
	begin_text();
	for (unsigned int v = 0; v < 3; v++)
		put_vertex(2 + 3 * v, POS(2, v), COL(2, v), false);
	big = put_end(100, -1);
	/* a write at OWord 12, past the 192-byte entry (OWords 0-11) */
	begin_text();
	put_vertex(11, POS(2, 0), COL(2, 0), false);
	past = put_end(1, -1);
	/* a write through vertex handle r2: an input entry, read-only */
	begin_text();
	put("mov(8) g1<1>UD g2<8,8,1>UD { align1 1Q NoMask }\n");
	put_vertex(2, POS(6, 0), COL(6, 0), false);
	into_input = put_end(1, -1);
	make_tris(8);
	fan.in_topo = GSIM_TOPO_TRIFAN;
	bad[n++] = (struct err_case){ "Dispatch Mode SINGLE", pass, 7, GS_DW7_DISPATCH_MODE,
				     0 << 11, CMD_3DSTATE_GS, NULL };
	bad[n++] = (struct err_case){ "Dispatch Mode DUAL_INSTANCE", pass, 7, GS_DW7_DISPATCH_MODE,
				     1 << 11, CMD_3DSTATE_GS, NULL };
	bad[n++] = (struct err_case){ "Dispatch Mode DUAL_OBJECT", pass, 7, GS_DW7_DISPATCH_MODE,
				     2 << 11, CMD_3DSTATE_GS, NULL };
	bad[n++] = (struct err_case){ "Control Data Format SID", pass, 8, GS_DW8_CONTROL_SID,
				     GS_DW8_CONTROL_SID, CMD_3DSTATE_GS, NULL };
	bad[n++] = (struct err_case){ "Static Output", pass, 8,
				      GS_DW8_STATIC_OUTPUT | GS_DW8_STATIC_COUNT,
				      GS_DW8_STATIC_OUTPUT | 3 << 16, CMD_3DSTATE_GS, NULL };
	bad[n++] = (struct err_case){ "Instance Control 1", pass, 7, GS_DW7_INSTANCE_CONTROL,
				     1 << 15, CMD_3DSTATE_GS, NULL };
	bad[n++] = (struct err_case){ "Output Topology TRILIST", pass, 6, GS_DW6_OUT_TOPOLOGY,
				     TOPO_TRILIST << 17, CMD_3DSTATE_GS, NULL };
	bad[n++] = (struct err_case){ "Expected Vertex Count 2 for triangles", pass, 3,
				     GS_DW3_EXPECTED_VERTICES, 2, CMD_3DPRIMITIVE, NULL };
	bad[n++] = (struct err_case){ "a TRIFAN into the GS", pass, 0, 0, 0, CMD_3DPRIMITIVE,
				     &fan };
	bad[n++] = (struct err_case){ "Vertex Count 100 > 3", big, 0, 0, 0, CMD_3DPRIMITIVE, NULL };
	bad[n++] = (struct err_case){ "a URB write past the GS entry", past, 0, 0, 0,
				     CMD_3DPRIMITIVE, NULL };
	bad[n++] = (struct err_case){ "a URB write to an input vertex", into_input, 6,
				     GS_DW6_GRF_START | GS_DW6_VERTEX_HANDLES,
				     6 | GS_DW6_VERTEX_HANDLES, CMD_3DPRIMITIVE, NULL };
	for (unsigned int i = 0; i < n; i++) {
		uint32_t ipehr;

		draw_mod(bad[i].gs, bad[i].dw, bad[i].mask, bad[i].val, bad[i].c);
		ipehr = r3e_run_error(&E);
		CHECK_MSG(ipehr == bad[i].ipehr, "%s: IPEHR %#x, want %#x", bad[i].what, ipehr,
			  bad[i].ipehr);
		/* and the engine draws again: the unmodified pass-through */
		draw_mod(pass, 0, 0, 0, NULL);
		r3e_run(&E);
		{
			unsigned int drawn = 0;

			for (unsigned int p = 0; p < W * H; p++)
				drawn += r3e_pixel(&E, p % W, p / W) != CLEAR;
			CHECK_MSG(drawn > 0, "after %s: nothing drawn", bad[i].what);
		}
	}
}

int main(void)
{
	r3e_start(&E, 3);
	ps8 = r3e_kernel(&E, r3e_ps_interp8);
	tap_run("(a) pass-through GS: the image without a GS and the reference's", t_pass);
	tap_run("(b) two triangles per input, a cut between them", t_two);
	tap_run("(c) LINESTRIP output", t_linestrip);
	tap_run("(c) POINTLIST output", t_points);
	tap_run("points to quads (TRISTRIP), per-slot offsets", t_sprite);
	tap_run("(d) cuts in a TRISTRIP output", t_cuts);
	tap_run("(e) named errors", t_errors);
	r3e_stop(&E);
	return tap_done();
}
