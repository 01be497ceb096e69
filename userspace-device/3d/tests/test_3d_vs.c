// SPDX-License-Identifier: MIT
/*
 * Vertex shader threads and push constants through rcs0 (hw-spec-3d
 * "Vertex shader", "Push constants"): a SIMD8 VS that passes its VUE
 * through, for vertex counts that leave threads partly empty and that
 * need more than one round of the VS URB entries; a VS that transforms
 * positions with a matrix from its push constants and varies w, so the
 * pixel shader's perspective barycentrics matter; a pixel shader whose
 * colour is a push constant; instancing.  Each image against the CPU
 * reference.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "r3d_env.h"
#include "tap.h"

#define CLEAR	0x01020304u

static struct r3e E;
static uint32_t ps8, ps16;

/* Position (r3-r6) and colour (r7-r10) after one push constant register (r2). */
static const char vs_matrix[] =
	"mov(8) g20<1>UD g1<8,8,1>UD { align1 1Q NoMask }\n"
	"mov(8) g21<1>F 0.0F { align1 1Q }\n"
	"mov(8) g22<1>F 0.0F { align1 1Q }\n"
	"mov(8) g23<1>F 0.0F { align1 1Q }\n"
	"mov(8) g24<1>F 0.0F { align1 1Q }\n"
	"mul(8) g25<1>F g3<8,8,1>F g2<0,1,0>F { align1 1Q }\n"
	"mul(8) g40<1>F g4<8,8,1>F g2.1<0,1,0>F { align1 1Q }\n"
	"add(8) g25<1>F g25<8,8,1>F g40<8,8,1>F { align1 1Q }\n"
	"add(8) g25<1>F g25<8,8,1>F g2.4<0,1,0>F { align1 1Q }\n"
	"mul(8) g26<1>F g3<8,8,1>F g2.2<0,1,0>F { align1 1Q }\n"
	"mul(8) g41<1>F g4<8,8,1>F g2.3<0,1,0>F { align1 1Q }\n"
	"add(8) g26<1>F g26<8,8,1>F g41<8,8,1>F { align1 1Q }\n"
	"add(8) g26<1>F g26<8,8,1>F g2.5<0,1,0>F { align1 1Q }\n"
	"mov(8) g27<1>F g5<8,8,1>F { align1 1Q }\n"
	"mov(8) g28<1>F g6<8,8,1>F { align1 1Q }\n"
	"send(8) null<1>UD g20<8,8,1>UD urb 0x12080007UD { align1 1Q }\n"
	"mov(8) g30<1>UD g1<8,8,1>UD { align1 1Q NoMask }\n"
	"mov(8) g31<1>F g7<8,8,1>F { align1 1Q }\n"
	"mov(8) g32<1>F g8<8,8,1>F { align1 1Q }\n"
	"mov(8) g33<1>F g9<8,8,1>F { align1 1Q }\n"
	"mov(8) g34<1>F g10<8,8,1>F { align1 1Q }\n"
	"send(8) null<1>UD g30<8,8,1>UD urb 0x0a080027UD { align1 1Q EOT }\n";

/* SIMD16, colour from push constant register r6 (after r0, r1 and four barycentric registers). */
static const char ps_push16[] =
	"mov(16) g120<1>F g6<0,1,0>F { align1 1H }\n"
	"mov(16) g122<1>F g6.1<0,1,0>F { align1 1H }\n"
	"mov(16) g124<1>F g6.2<0,1,0>F { align1 1H }\n"
	"mov(16) g126<1>F g6.3<0,1,0>F { align1 1H }\n"
	"send(16) null<1>UW g120<8,8,1>UD dp_render 0x10031000UD { align1 1H EOT }\n";

static uint32_t rng = 777;

static float frand(float lo, float hi)
{
	rng = rng * 1103515245u + 12345u;
	return lo + (hi - lo) * (float)(rng >> 8) / (float)(1u << 24);
}

static void begin_vs(uint32_t vs, unsigned int grf, unsigned int simd)
{
	struct gsim_3d_vs v = { .kernel = vs, .grf_start = grf, .urb_read_offset = 0,
				.urb_read_length = 1, .max_threads = 8 };
	struct gsim_3d_ps p = { .kernel = simd == 16 ? ps16 : ps8, .simd = simd,
				.grf_start = simd == 16 ? 6 : 4, .barycentric = GSIM_BARY_PERSPECTIVE,
				.flags = GSIM_PS_ATTRIBUTES };

	r3e_begin(&E);
	gsim_emit_3d_vs(&E.b, &v);
	gsim_emit_3d_ps(&E.b, &p);
	gsim_emit_3d_sf(&E.b, GSIM_SF_VIEWPORT_TRANSFORM, 0, 1);
}

static void ref_start(struct r3e_ref *ref)
{
	r3e_ref_init(ref, E.rt_w, E.rt_h, CLEAR);
	ref->vp_transform = true;
	ref->vp[2] = 1.0f;
	ref->vp[0] = (float)E.rt_w / 2;
	ref->vp[1] = (float)E.rt_h / 2;
	ref->vp[3] = (float)E.rt_w / 2;
	ref->vp[4] = (float)E.rt_h / 2;
}

static void finish(struct r3e_ref *ref, const char *what)
{
	unsigned int bad = r3e_compare(&E, ref, what), drawn = 0;

	for (unsigned int i = 0; i < E.rt_w * E.rt_h; i++)
		drawn += ref->count[i] != 0;
	r3e_ref_free(ref);
	CHECK_MSG(!bad, "%s: %u pixels differ", what, bad);
	CHECK_MSG(drawn > 0, "%s: nothing drawn", what);
}

/* The pass-through VS: 3, 9 (two threads, the second of one lane), 96 (two rounds of entries). */
static void t_pass(void)
{
	static const unsigned int counts[] = { 3, 9, 96 };
	static struct r3e_vertex v[96];
	uint32_t vs = r3e_kernel(&E, r3d_vs_pass);

	for (unsigned int t = 0; t < 3; t++) {
		struct r3e_ref ref;
		char what[64];

		r3e_target(&E, 64, 48, R3D_FMT_R8G8B8A8_UNORM, CLEAR);
		for (unsigned int i = 0; i < counts[t]; i++)
			v[i] = (struct r3e_vertex){ frand(-1.2f, 1.2f), frand(-1.2f, 1.2f), 0.5f, 1.0f,
						    frand(0, 1), frand(0, 1), frand(0, 1), 1.0f };
		begin_vs(vs, 2, t == 1 ? 8 : 16);
		r3e_vertices_vs(&E, v, counts[t]);
		gsim_emit_3d_topology(&E.b, GSIM_TOPO_TRILIST);
		gsim_emit_3d_primitive(&E.b, counts[t], 0, 1, 0, 0, 0);
		r3e_run(&E);
		ref_start(&ref);
		r3e_ref_draw(&ref, GSIM_TOPO_TRILIST, v, counts[t]);
		snprintf(what, sizeof(what), "VS pass-through, %u vertices", counts[t]);
		finish(&ref, what);
	}
}

/*
 * A 2x2 matrix and a translation in the VS's push constants; w from 1 to
 * 4 (x, y scaled by it: the same screen position, perspective-correct
 * colours).
 */
static void t_transform(void)
{
	static const float m[8] = { 0.8f, -0.3f, 0.25f, 0.9f, 0.05f, -0.1f, 0, 0 };
	struct r3e_vertex v[12], t[12];
	struct r3e_ref ref;
	uint32_t vs = r3e_kernel(&E, vs_matrix);
	const uint64_t va[4] = { R3E_CONST, 0, 0, 0 };
	const uint32_t regs[4] = { 1, 0, 0, 0 };

	memcpy(E.cst, m, sizeof(m));
	r3e_target(&E, 64, 48, R3D_FMT_R8G8B8A8_UNORM, CLEAR);
	for (unsigned int i = 0; i < 12; i++) {
		float w = frand(1, 4);

		v[i] = (struct r3e_vertex){ frand(-1, 1) * w, frand(-1, 1) * w, 0.5f * w, w,
					    frand(0, 1), frand(0, 1), frand(0, 1), 1.0f };
		t[i] = v[i];
		t[i].x = m[0] * v[i].x + m[1] * v[i].y + m[4];
		t[i].y = m[2] * v[i].x + m[3] * v[i].y + m[5];
	}
	begin_vs(vs, 3, 16);
	gsim_emit_3d_constants(&E.b, GSIM_STAGE_VS, va, regs);
	r3e_vertices_vs(&E, v, 12);
	gsim_emit_3d_topology(&E.b, GSIM_TOPO_TRILIST);
	gsim_emit_3d_primitive(&E.b, 12, 0, 1, 0, 0, 0);
	r3e_run(&E);
	ref_start(&ref);
	r3e_ref_draw(&ref, GSIM_TOPO_TRILIST, t, 12);
	finish(&ref, "VS matrix, perspective");
}

/* The PS's push constants: its colour. */
static void t_ps_push(void)
{
	static const float col[8] = { 0.2f, 0.4f, 0.6f, 0.8f };
	struct r3e_vertex v[3] = { { 40, 40, 0, 1, 0, 0, 0, 0 }, { 4, 40, 0, 1, 0, 0, 0, 0 },
				   { 4, 4, 0, 1, 0, 0, 0, 0 } };
	struct gsim_3d_ps p = { .kernel = r3e_kernel(&E, ps_push16), .simd = 16, .grf_start = 6,
				.barycentric = GSIM_BARY_PERSPECTIVE,
				.flags = GSIM_PS_PUSH_CONSTANTS };
	const uint64_t va[4] = { R3E_CONST + 256, 0, 0, 0 };
	const uint32_t regs[4] = { 1, 0, 0, 0 };
	uint32_t want = (uint32_t)r3e_unorm8(0.8f) << 24 | (uint32_t)r3e_unorm8(0.6f) << 16 |
			(uint32_t)r3e_unorm8(0.4f) << 8 | r3e_unorm8(0.2f);

	memcpy((uint8_t *)E.cst + 256, col, sizeof(col));
	r3e_target(&E, 48, 48, R3D_FMT_R8G8B8A8_UNORM, CLEAR);
	r3e_begin(&E);
	gsim_emit_3d_ps(&E.b, &p);
	gsim_emit_3d_constants(&E.b, GSIM_STAGE_PS, va, regs);
	r3e_vertices(&E, v, 3);
	gsim_emit_3d_topology(&E.b, GSIM_TOPO_RECTLIST);
	gsim_emit_3d_primitive(&E.b, 3, 0, 1, 0, 0, 0);
	r3e_run(&E);
	for (unsigned int y = 0; y < 48; y++)
		for (unsigned int x = 0; x < 48; x++)
			CHECK_EQ(r3e_pixel(&E, x, y),
				 x >= 4 && x < 40 && y >= 4 && y < 40 ? want : CLEAR);
	/*
	 * INSTPM's Constant Buffer Address Offset Disable clear: buffer 0 is an
	 * offset from the dynamic state base (the colour copied there).
	 */
	{
		const uint64_t off[4] = { R3E_SAMPLER + 64, 0, 0, 0 };

		memcpy((uint8_t *)E.dsh + R3E_SAMPLER + 64, col, sizeof(col));
		r3e_target(&E, 48, 48, R3D_FMT_R8G8B8A8_UNORM, CLEAR);
		r3e_begin(&E);
		gsim_emit_load_register_imm(&E.b, RING_INSTPM(RENDER_RING_BASE), 1u << 22);
		gsim_emit_3d_ps(&E.b, &p);
		gsim_emit_3d_constants(&E.b, GSIM_STAGE_PS, off, regs);
		r3e_vertices(&E, v, 3);
		gsim_emit_3d_topology(&E.b, GSIM_TOPO_RECTLIST);
		gsim_emit_3d_primitive(&E.b, 3, 0, 1, 0, 0, 0);
		r3e_run(&E);
		CHECK_EQ(r3e_pixel(&E, 10, 10), want);
	}
}

/*
 * Instancing: element 1 (the colour) from a second buffer, one entry per
 * instance; instance 1 draws over instance 0 with its own colour, after
 * it (the flat colour of the last instance wins everywhere).
 */
static void t_instancing(void)
{
	struct r3e_vertex v[3] = { { -0.5f, -0.5f, 0, 1, 0, 0, 0, 0 }, { 0.5f, -0.5f, 0, 1, 0, 0, 0, 0 },
				   { 0, 0.6f, 0, 1, 0, 0, 0, 0 } };
	static const float colors[2][4] = { { 1, 0, 0, 1 }, { 0, 0, 1, 1 } };
	const struct gsim_3d_vertex_buffer vb[2] = {
		{ .index = 0, .pitch = sizeof(v[0]), .va = R3E_VB, .size = sizeof(v) },
		{ .index = 1, .pitch = 16, .va = R3E_VB + 4096, .size = sizeof(colors) },
	};
	const struct gsim_3d_vertex_element ve[2] = {
		{ 0, R3D_FMT_R32G32B32A32_FLOAT, 0,
		  { GSIM_VFCOMP_SRC, GSIM_VFCOMP_SRC, GSIM_VFCOMP_SRC, GSIM_VFCOMP_SRC } },
		{ 1, R3D_FMT_R32G32B32A32_FLOAT, 0,
		  { GSIM_VFCOMP_SRC, GSIM_VFCOMP_SRC, GSIM_VFCOMP_SRC, GSIM_VFCOMP_SRC } },
	};
	uint32_t vs = r3e_kernel(&E, r3d_vs_pass);
	struct r3e_vertex last[3];
	struct r3e_ref ref;

	r3e_target(&E, 64, 48, R3D_FMT_R8G8B8A8_UNORM, CLEAR);
	memcpy(E.vb, v, sizeof(v));
	memcpy(E.vb + 4096, colors, sizeof(colors));
	begin_vs(vs, 2, 8);
	gsim_emit_3d_vertex_buffers(&E.b, vb, 2);
	gsim_emit_3d_vertex_elements(&E.b, ve, 2);
	gsim_emit_3d_instancing(&E.b, 1, 1, 1);
	gsim_emit_3d_topology(&E.b, GSIM_TOPO_TRILIST);
	gsim_emit_3d_primitive(&E.b, 3, 0, 2, 0, 0, 0);
	r3e_run(&E);
	for (unsigned int i = 0; i < 3; i++) {
		last[i] = v[i];
		memcpy(&last[i].r, colors[1], 16);
	}
	ref_start(&ref);
	r3e_ref_draw(&ref, GSIM_TOPO_TRILIST, last, 3);
	finish(&ref, "instancing");
}

/*
 * A VS that reads VertexID (slot 2 x, r10) and InstanceID (slot 2 y, r11)
 * as the vertex fetcher wrote them (3DSTATE_VF_SGVS): x moves by 0.25 an
 * instance, red is VertexID / 8.
 */
static const char vs_sgvs[] =
	"mov(8) g20<1>UD g1<8,8,1>UD { align1 1Q NoMask }\n"
	"mov(8) g21<1>F 0.0F { align1 1Q }\n"
	"mov(8) g22<1>F 0.0F { align1 1Q }\n"
	"mov(8) g23<1>F 0.0F { align1 1Q }\n"
	"mov(8) g24<1>F 0.0F { align1 1Q }\n"
	"mov(8) g40<1>F g11<8,8,1>UD { align1 1Q }\n"
	"mul(8) g40<1>F g40<8,8,1>F 0.25F { align1 1Q }\n"
	"add(8) g25<1>F g2<8,8,1>F g40<8,8,1>F { align1 1Q }\n"
	"mov(8) g26<1>F g3<8,8,1>F { align1 1Q }\n"
	"mov(8) g27<1>F g4<8,8,1>F { align1 1Q }\n"
	"mov(8) g28<1>F g5<8,8,1>F { align1 1Q }\n"
	"send(8) null<1>UD g20<8,8,1>UD urb 0x12080007UD { align1 1Q }\n"
	"mov(8) g30<1>UD g1<8,8,1>UD { align1 1Q NoMask }\n"
	"mov(8) g41<1>F g10<8,8,1>UD { align1 1Q }\n"
	"mul(8) g31<1>F g41<8,8,1>F 0.125F { align1 1Q }\n"
	"mov(8) g32<1>F g7<8,8,1>F { align1 1Q }\n"
	"mov(8) g33<1>F g8<8,8,1>F { align1 1Q }\n"
	"mov(8) g34<1>F g9<8,8,1>F { align1 1Q }\n"
	"send(8) null<1>UD g30<8,8,1>UD urb 0x0a080027UD { align1 1Q EOT }\n";

/*
 * 3DSTATE_VF_SGVS with instancing: VertexID from 0 whatever the start
 * vertex (sequential) and the raw index (indexed, base vertex not added),
 * InstanceID from 0 whatever the start instance.
 */
static void t_sgvs(void)
{
	static struct r3e_vertex v[10];
	static const uint32_t idx[6] = { 7, 4, 5, 5, 6, 9 };
	const struct gsim_3d_vertex_element ve[3] = {
		{ 0, R3D_FMT_R32G32B32A32_FLOAT, 0,
		  { GSIM_VFCOMP_SRC, GSIM_VFCOMP_SRC, GSIM_VFCOMP_SRC, GSIM_VFCOMP_SRC } },
		{ 0, R3D_FMT_R32G32B32A32_FLOAT, 16,
		  { GSIM_VFCOMP_SRC, GSIM_VFCOMP_SRC, GSIM_VFCOMP_SRC, GSIM_VFCOMP_SRC } },
		{ 0, R3D_FMT_R32G32B32A32_FLOAT, 0,
		  { GSIM_VFCOMP_0, GSIM_VFCOMP_0, GSIM_VFCOMP_1_FLOAT, GSIM_VFCOMP_1_FLOAT } },
	};
	const struct gsim_3d_vertex_buffer vb = { .index = 0, .pitch = sizeof(v[0]), .va = R3E_VB,
						  .size = sizeof(v) };
	uint32_t vs = r3e_kernel(&E, vs_sgvs);

	for (unsigned int i = 0; i < 10; i++)
		v[i] = (struct r3e_vertex){ -0.9f + 0.17f * (float)(i % 5), i & 1 ? 0.7f : -0.6f,
					    0, 1, 0, (float)i / 10.0f, 0.5f, 1 };
	for (unsigned int pass = 0; pass < 3; pass++) {
		bool indexed = pass > 0, indirect = pass == 2;
		struct gsim_3d_vs p = { .kernel = vs, .grf_start = 2, .urb_read_length = 2,
					.max_threads = 8 };
		struct r3e_vertex inst[6];
		struct r3e_ref ref;

		r3e_target(&E, 64, 48, R3D_FMT_R8G8B8A8_UNORM, CLEAR);
		memcpy(E.vb, v, sizeof(v));
		begin_vs(vs, 2, 16);
		gsim_emit_3d_vs(&E.b, &p);
		gsim_emit_3d_vertex_buffers(&E.b, &vb, 1);
		gsim_emit_3d_vertex_elements(&E.b, ve, 3);
		CHECK(!gsim_emit_3d_sgvs(&E.b, 2, 0, 2, 1));
		gsim_emit_3d_topology(&E.b, GSIM_TOPO_TRILIST);
		if (indirect) {
			/*
			 * The same indexed draw from the 3DPRIM_* registers:
			 * the vertex count from memory, the rest immediate;
			 * the command's own parameters are nonsense.
			 */
			r3e_indices(&E, idx, 6, 4);
			E.cst[0] = 6;
			gsim_emit_load_register_mem(&E.b, R3D_3DPRIM_VERTEX_COUNT, R3E_CONST);
			gsim_emit_load_register_imm(&E.b, R3D_3DPRIM_START_VERTEX, 0);
			gsim_emit_load_register_imm(&E.b, R3D_3DPRIM_INSTANCE_COUNT, 3);
			gsim_emit_load_register_imm(&E.b, R3D_3DPRIM_START_INSTANCE, 5);
			gsim_emit_load_register_imm(&E.b, R3D_3DPRIM_BASE_VERTEX, (uint32_t)-4);
			gsim_emit_3d_primitive(&E.b, 99, 7, 50, 1, 1000,
					       GSIM_PRIM_INDEXED | GSIM_PRIM_INDIRECT);
		} else if (indexed) {
			r3e_indices(&E, idx, 6, 4);
			/* indices 7, 4, 5, 5, 6, 9 with base vertex -4: vertices 3, 0, 1, 1, 2, 5 */
			gsim_emit_3d_primitive(&E.b, 6, 0, 3, 5, -4, GSIM_PRIM_INDEXED);
		} else {
			gsim_emit_3d_primitive(&E.b, 6, 2, 3, 5, 0, 0);
		}
		r3e_run(&E);
		ref_start(&ref);
		for (unsigned int k = 0; k < 3; k++) {
			for (unsigned int i = 0; i < 6; i++) {
				uint32_t id = indexed ? idx[i] : i;

				inst[i] = v[indexed ? idx[i] - 4 : 2 + i];
				inst[i].x += (float)k * 0.25f;
				inst[i].r = (float)id * 0.125f;
			}
			r3e_ref_draw(&ref, GSIM_TOPO_TRILIST, inst, 6);
		}
		finish(&ref, indirect ? "SGVS indexed, indirect" : indexed ? "SGVS indexed" :
			     "SGVS sequential");
	}
}

int main(void)
{
	r3e_start(&E, 3);
	ps8 = r3e_kernel(&E, r3e_ps_interp8);
	ps16 = r3e_kernel(&E, r3d_ps_interp16);
	tap_run("VS pass-through: partial threads, two rounds of URB entries", t_pass);
	tap_run("VS transform from push constants, perspective-correct colours", t_transform);
	tap_run("PS push constants", t_ps_push);
	tap_run("instancing: a per-instance element", t_instancing);
	tap_run("VertexID and InstanceID from 3DSTATE_VF_SGVS, instanced; an indirect draw",
		t_sgvs);
	r3e_stop(&E);
	return tap_done();
}
