// SPDX-License-Identifier: MIT
/*
 * The 3D state as commands and as context state (hw-spec-3d "State
 * commands", "Not implemented", "The 3D state in the context image"):
 * every refused command, field, topology and state combination is an
 * instruction error whose IPEHR is the command that carries it (the state
 * command, or the 3DPRIMITIVE that finds the state unusable); a working
 * draw after each shows the engine recovers; two contexts keep their own
 * 3D state across switches, and a new context starts from power-on.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "r3d_env.h"
#include "tap.h"

static struct r3e E;
static uint32_t ps16, vs_pass, vs_overflow;

static const struct r3e_vertex tri[3] = {
	{ 4, 4, 0, 1, 1, 0, 0, 1 }, { 40, 8, 0, 1, 0, 1, 0, 1 }, { 10, 40, 0, 1, 0, 0, 1, 1 },
};

/* A VS that writes past its 256-byte URB entry (global offset 16 OWords). */
static const char vs_overflow_text[] =
	"mov(8) g20<1>UD g1<8,8,1>UD { align1 1Q NoMask }\n"
	"mov(8) g21<1>F 0.0F { align1 1Q }\n"
	"send(8) null<1>UD g20<8,8,1>UD urb 0x04080107UD { align1 1Q EOT }\n";

/* The standard draw's state, then @mod, then vertices and a 3DPRIMITIVE of @topology. */
static void draw(void (*mod)(struct gsim_batch *b), unsigned int topology)
{
	struct gsim_3d_ps p = { .kernel = ps16, .simd = 16, .grf_start = 6,
				.barycentric = GSIM_BARY_PERSPECTIVE, .flags = GSIM_PS_ATTRIBUTES };

	r3e_target(&E, 48, 48, R3D_FMT_R8G8B8A8_UNORM, 0);
	r3e_begin(&E);
	gsim_emit_3d_ps(&E.b, &p);
	r3e_vertices(&E, tri, 3);
	gsim_emit_3d_topology(&E.b, topology);
	if (mod)
		mod(&E.b);
	gsim_emit_3d_primitive(&E.b, 3, 0, 1, 0, 0, 0);
}

#define DW(...) gsim_batch_emit(b, (const uint32_t[]){ __VA_ARGS__ }, \
				sizeof((const uint32_t[]){ __VA_ARGS__ }) / 4)

static void m_hs(struct gsim_batch *b)
{
	DW(CMD_3DSTATE_HS, 0, HS_DW2_ENABLE, 0, 0, 0, 0, 0, 0);
}
static void m_gs(struct gsim_batch *b)
{
	DW(CMD_3DSTATE_GS, 0, 0, 0, 0, 0, 0, GS_DW7_ENABLE, 0, 0);
}
static void m_te(struct gsim_batch *b)
{
	DW(CMD_3DSTATE_TE, TE_DW1_ENABLE, 0, 0);
}
static void m_ds(struct gsim_batch *b)
{
	DW(CMD_3DSTATE_DS, 0, 0, 0, 0, 0, 0, DS_DW7_ENABLE, 0);
}
static void m_so(struct gsim_batch *b)
{
	DW(CMD_3DSTATE_STREAMOUT, SO_DW1_ENABLE, 0, 0, 0);
}
static void m_vs_simd4x2(struct gsim_batch *b)
{
	DW(CMD_3DSTATE_VS, 0, 0, 0, 0, 0, 0, VS_DW7_ENABLE, 0);
}
static void m_lines(struct gsim_batch *b)
{
	gsim_emit_3d_topology(b, TOPO_LINELIST);
}
static void m_points(struct gsim_batch *b)
{
	gsim_emit_3d_topology(b, TOPO_POINTLIST);
	DW(CMD_3DSTATE_SF, 0, 0, SF_DW3_SMOOTH_POINT);
}
static void m_quads(struct gsim_batch *b)
{
	gsim_emit_3d_topology(b, TOPO_QUADLIST);
}
static void m_patches(struct gsim_batch *b)
{
	gsim_emit_3d_topology(b, 34);
}
static void m_urb_few(struct gsim_batch *b)
{
	gsim_emit_3d_urb(b, 32, 256, 2, 2);
}
static void m_urb_overlap(struct gsim_batch *b)
{
	DW(CMD_3DSTATE_URB_VS, 64 | 3u << 16);		/* at 0: over the VS push constants */
}
static void m_blend_ps(struct gsim_batch *b)
{
	DW(CMD_3DSTATE_PS_BLEND, PSB_DW1_BLEND_ENABLE);
}
static void m_depth(struct gsim_batch *b)
{
	struct gsim_3d_ps p = { .kernel = ps16, .simd = 16, .grf_start = 6,
				.barycentric = GSIM_BARY_PERSPECTIVE,
				.flags = GSIM_PS_ATTRIBUTES | GSIM_PS_KILLS };

	gsim_emit_3d_ps(b, &p);
	DW(CMD_3DSTATE_DEPTH_BUFFER,
	   1u << 29 | DB_DW1_DEPTH_WRITE | DB_FORMAT_D32_FLOAT << 18 | (256 - 1),
	   (uint32_t)R3E_TEX, (uint32_t)(R3E_TEX >> 32), 47u << 18 | 47u << 4, 0, 0, 0);
	DW(CMD_3DSTATE_WM_DEPTH_STENCIL,
	   WMDS_DW1_DEPTH_TEST | WMDS_DW1_DEPTH_WRITE | COMPARE_LESS << 5, 0);
}
static void m_32px(struct gsim_batch *b)
{
	DW(CMD_3DSTATE_PS, 0, 0, 0, 0, 0, PS_DW6_32PX | PS_DW6_16PX, 6u << 24, 0, 0, 0, 0);
}
static void m_wireframe(struct gsim_batch *b)
{
	DW(CMD_3DSTATE_RASTER, CULL_NONE << 16 | 1u << 5 | 1u << 3, 0, 0, 0);
}
static void m_aa(struct gsim_batch *b)
{
	DW(CMD_3DSTATE_RASTER, CULL_NONE << 16 | RASTER_DW1_AA, 0, 0, 0);
}
static void m_format(struct gsim_batch *b)
{
	const struct gsim_3d_vertex_element ve[1] = {
		{ 0, 0x1ff, 0, { GSIM_VFCOMP_SRC, GSIM_VFCOMP_SRC, GSIM_VFCOMP_SRC, GSIM_VFCOMP_SRC } },
	};

	gsim_emit_3d_vertex_elements(b, ve, 1);
}
static void m_vp_index(struct gsim_batch *b)
{
	DW(CMD_3DSTATE_CLIP, 0, 0, 1);
}
static void m_so_decl(struct gsim_batch *b)
{
	DW(GFXPIPE(3, 1, 0x17) | 1, 0, 0);
}
static void m_msaa(struct gsim_batch *b)
{
	DW(CMD_3DSTATE_MULTISAMPLE, 2u << 1);
}
static void m_grf(struct gsim_batch *b)
{
	struct gsim_3d_ps p = { .kernel = ps16, .simd = 16, .grf_start = 3,
				.barycentric = GSIM_BARY_PERSPECTIVE, .flags = GSIM_PS_ATTRIBUTES };

	gsim_emit_3d_ps(b, &p);
}
static void m_sbe_window(struct gsim_batch *b)
{
	gsim_emit_3d_sbe(b, 3, 1, 1, 0);	/* three attributes from a window of two slots */
}
static void m_vs_overflow(struct gsim_batch *b)
{
	struct gsim_3d_vs v = { .kernel = vs_overflow, .grf_start = 2, .urb_read_length = 1 };

	gsim_emit_3d_vs(b, &v);
}
static void m_blend_state(struct gsim_batch *b)
{
	r3e_blend(&E, 0, 0, BLEND_E0_ENABLE);	/* factors 0: reserved */
	gsim_emit_3d_ps_blend(b, 1, 0, 0, 0, 0, 0);
}
static void m_blend_src1(struct gsim_batch *b)
{
	r3e_blend(&E, 0, 0, BLEND_E0_ENABLE | BLENDFACTOR_SRC1_COLOR << 26 | BLENDFACTOR_ONE << 21);
	gsim_emit_3d_ps_blend(b, 1, BLENDFACTOR_SRC1_COLOR, BLENDFACTOR_ONE, 0, 0, 0);
}
static void m_blend_const(struct gsim_batch *b)
{
	r3e_blend(&E, 0, 0, BLEND_E0_ENABLE | BLENDFACTOR_CONST_COLOR << 26 |
		  BLENDFACTOR_ONE << 21);
	gsim_emit_3d_ps_blend(b, 1, BLENDFACTOR_CONST_COLOR, BLENDFACTOR_ONE, 0, 0, 0);
	DW(CMD_3DSTATE_CC_STATE_POINTERS, R3E_CC);	/* not valid */
}
static void m_blend_logic(struct gsim_batch *b)
{
	uint32_t *bs = (uint32_t *)((uint8_t *)E.dsh + R3E_BLEND);

	r3e_blend(&E, 0, 0, BLEND_E0_ENABLE | BLENDFACTOR_ONE << 26 | BLENDFACTOR_ONE << 21);
	bs[2] = BLEND_E1_LOGIC_OP | 6u << 27;
	gsim_emit_3d_ps_blend(b, 1, BLENDFACTOR_ONE, BLENDFACTOR_ONE, 0, 0, 0);
}
static void m_stencil_nobuf(struct gsim_batch *b)
{
	DW(CMD_3DSTATE_WM_DEPTH_STENCIL, WMDS_DW1_STENCIL_TEST, 0);	/* NULL depth, no stencil */
}
static void m_stencil_disabled(struct gsim_batch *b)
{
	struct gsim_3d_depth_stencil ds = { .depth_va = R3E_TEX, .width = 48, .height = 48,
					    .stencil_test = 1 };	/* stencil pitch 0: disabled */

	gsim_emit_3d_depth_stencil(b, &ds);
}
static void m_gpgpu(struct gsim_batch *b)
{
	gsim_emit_pipeline_select(b, GSIM_PIPELINE_GPGPU);
	DW(CMD_3DSTATE_SF, 0, 0, 0);
}
static void m_end_offset(struct gsim_batch *b)
{
	DW(CMD_3DPRIMITIVE, PRIM_DW1_END_OFFSET, 3, 0, 1, 0, 0);
}
static void m_hiz(struct gsim_batch *b)
{
	DW(CMD_3DSTATE_DEPTH_BUFFER, 1u << 29 | DB_DW1_HIZ | DB_FORMAT_D32_FLOAT << 18 | 191,
	   (uint32_t)R3E_TEX, (uint32_t)(R3E_TEX >> 32), 47u << 18 | 47u << 4, 0, 0, 0);
}

static void t_errors(void)
{
	static const struct {
		const char *what;
		void (*mod)(struct gsim_batch *b);
		uint32_t ipehr;
	} bad[] = {
		{ "the hull shader", m_hs, CMD_3DSTATE_HS },
		{ "the geometry shader", m_gs, CMD_3DSTATE_GS },
		{ "the tessellator", m_te, CMD_3DSTATE_TE },
		{ "the domain shader", m_ds, CMD_3DSTATE_DS },
		{ "stream output", m_so, CMD_3DSTATE_STREAMOUT },
		{ "a SIMD4x2 vertex shader", m_vs_simd4x2, CMD_3DSTATE_VS },
		{ "LINELIST", m_lines, CMD_3DPRIMITIVE },
		{ "smooth (antialiased) points", m_points, CMD_3DPRIMITIVE },
		{ "QUADLIST", m_quads, CMD_3DPRIMITIVE },
		{ "PATCHLIST_3", m_patches, CMD_3DPRIMITIVE },
		{ "32 VS URB entries", m_urb_few, CMD_3DPRIMITIVE },
		{ "VS URB over the push constants", m_urb_overlap, CMD_3DPRIMITIVE },
		{ "3DSTATE_PS_BLEND unlike BLEND_STATE", m_blend_ps, CMD_3DPRIMITIVE },
		{ "depth writes with a killing shader", m_depth, CMD_3DPRIMITIVE },
		{ "32-pixel dispatch", m_32px, CMD_3DSTATE_PS },
		{ "a wireframe face", m_wireframe, CMD_3DPRIMITIVE },
		{ "antialiasing", m_aa, CMD_3DSTATE_RASTER },
		{ "a vertex format", m_format, CMD_3DPRIMITIVE },
		{ "a second viewport", m_vp_index, CMD_3DSTATE_CLIP },
		{ "3DSTATE_SO_DECL_LIST (not implemented)", m_so_decl, GFXPIPE(3, 1, 0x17) | 1 },
		{ "4 samples", m_msaa, CMD_3DSTATE_MULTISAMPLE },
		{ "a PS payload overlap", m_grf, CMD_3DPRIMITIVE },
		{ "an SBE attribute outside its window", m_sbe_window, CMD_3DPRIMITIVE },
		{ "a URB write past the entry", m_vs_overflow, CMD_3DPRIMITIVE },
		{ "a reserved blend factor", m_blend_state, CMD_3DPRIMITIVE },
		{ "a dual-source blend factor", m_blend_src1, CMD_3DPRIMITIVE },
		{ "a constant factor without COLOR_CALC_STATE", m_blend_const, CMD_3DPRIMITIVE },
		{ "blending and a logic op together", m_blend_logic, CMD_3DPRIMITIVE },
		{ "the stencil test with a NULL depth buffer", m_stencil_nobuf, CMD_3DPRIMITIVE },
		{ "the stencil test without a stencil buffer", m_stencil_disabled,
		  CMD_3DPRIMITIVE },
		{ "3DSTATE_SF in the GPGPU pipeline", m_gpgpu, CMD_3DSTATE_SF },
		{ "a 3DPRIMITIVE with End Offset Enable", m_end_offset, CMD_3DPRIMITIVE },
		{ "a hierarchical depth buffer", m_hiz, CMD_3DSTATE_DEPTH_BUFFER },
	};

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		uint32_t ipehr;

		draw(bad[i].mod, GSIM_TOPO_TRILIST);
		ipehr = r3e_run_error(&E);
		CHECK_MSG(ipehr == bad[i].ipehr, "%s: IPEHR %#x, want %#x", bad[i].what, ipehr,
			  bad[i].ipehr);
		/* and the engine draws again */
		draw(NULL, GSIM_TOPO_TRILIST);
		r3e_run(&E);
		CHECK_MSG(r3e_pixel(&E, 8, 8) != 0, "after %s: nothing drawn", bad[i].what);
	}
}

/* A draw in a context that set nothing: the pipeline is 3D but no state is latched. */
static void t_power_on(void)
{
	r3e_batch(&E, 0);
	gsim_emit_3d_primitive(&E.b, 3, 0, 1, 0, 0, 0);
	CHECK_EQ(r3e_run_error(&E), CMD_3DPRIMITIVE);
}

/*
 * Context A draws its red triangle from vertex buffer 0, context B its
 * blue one from another buffer; then both run a batch that is a bare
 * 3DPRIMITIVE, one after the other in one execlist: each draws its own
 * triangle from its own latched state, restored from its image.
 */
static void t_per_context(void)
{
	struct r3e_vertex va[3] = { { 2, 2, 0, 1, 1, 0, 0, 1 }, { 20, 2, 0, 1, 1, 0, 0, 1 },
				    { 2, 20, 0, 1, 1, 0, 0, 1 } };
	struct r3e_vertex vb[3] = { { 30, 30, 0, 1, 0, 0, 1, 1 }, { 46, 30, 0, 1, 0, 0, 1, 1 },
				    { 30, 46, 0, 1, 0, 0, 1, 1 } };
	const struct gsim_3d_vertex_buffer buf = { .index = 0, .pitch = sizeof(vb[0]),
						   .va = R3E_VB + 8192, .size = sizeof(vb) };
	struct gsim_3d_ps p = { .kernel = ps16, .simd = 16, .grf_start = 6,
				.barycentric = GSIM_BARY_PERSPECTIVE, .flags = GSIM_PS_ATTRIBUTES };
	struct eng_ctx *a, *b;
	uint32_t st[4], id[4];

	r3e_target(&E, 48, 48, R3D_FMT_R8G8B8A8_UNORM, 0);
	/* slot 0: A's state and draw; slot 1: B's, from another buffer; slot 2: a bare draw */
	r3e_begin_slot(&E, 0);
	gsim_emit_3d_ps(&E.b, &p);
	gsim_emit_3d_sbe(&E.b, 1, 1, 1, 1);
	r3e_vertices(&E, va, 3);
	gsim_emit_3d_topology(&E.b, GSIM_TOPO_TRILIST);
	gsim_emit_3d_primitive(&E.b, 3, 0, 1, 0, 0, 0);
	r3e_end(&E);
	r3e_begin_slot(&E, 1);
	gsim_emit_3d_ps(&E.b, &p);
	gsim_emit_3d_sbe(&E.b, 1, 1, 1, 1);
	r3e_vertices(&E, va, 3);		/* the elements; then B's own buffer */
	memcpy(E.vb + 8192, vb, sizeof(vb));
	gsim_emit_3d_vertex_buffers(&E.b, &buf, 1);
	gsim_emit_3d_topology(&E.b, GSIM_TOPO_TRILIST);
	gsim_emit_3d_primitive(&E.b, 3, 0, 1, 0, 0, 0);
	r3e_end(&E);
	r3e_batch(&E, 2);
	gsim_emit_3d_primitive(&E.b, 3, 0, 1, 0, 0, 0);
	r3e_end(&E);

	a = ee_ctx(&E.env, GS_RCS, 1, 0xa);
	b = ee_ctx(&E.env, GS_RCS, 1, 0xb);
	EMIT(a, BB_START_PPGTT(R3E_BATCH));
	EMIT(b, BB_START_PPGTT(R3E_BATCH + R3E_SLOT_BYTES));
	ee_run(&E.env, a);
	ee_run(&E.env, b);
	CHECK_EQ(r3e_pixel(&E, 5, 5), 0xff0000ffu);
	CHECK_EQ(r3e_pixel(&E, 33, 33), 0xffff0000u);
	for (unsigned int i = 0; i < 48 * 48; i++)
		wr32(E.rt + 4 * i, 0);
	EMIT(a, BB_START_PPGTT(R3E_BATCH + 2 * R3E_SLOT_BYTES));
	EMIT(b, BB_START_PPGTT(R3E_BATCH + 2 * R3E_SLOT_BYTES));
	ee_submit(&E.env, a, b);
	CHECK_EQ(ee_csb(&E.env, GS_RCS, 3, st, id, GP_WAIT_MS), 3);
	CHECK_EQ(st[2] & CSB_ACTIVE_TO_IDLE, CSB_ACTIVE_TO_IDLE);
	CHECK_EQ(ee_read(&E.env, RING_EIR(ee_base(GS_RCS))), 0);
	ee_sync(&E.env);
	CHECK_EQ(r3e_pixel(&E, 5, 5), 0xff0000ffu);
	CHECK_EQ(r3e_pixel(&E, 33, 33), 0xffff0000u);
	CHECK_EQ(r3e_pixel(&E, 25, 25), 0);
	ee_ctx_free(a);
	ee_ctx_free(b);
}

static void sleep_ms(int ms)
{
	struct timespec ts = { ms / 1000, (long)(ms % 1000) * 1000000 };

	nanosleep(&ts, NULL);
}

/*
 * An endless pixel shader: the draw is one command that does not end;
 * the driver's engine reset (STOP_RING and the RESET_CTL request, then
 * READY_TO_RESET and GDRST, each wait bounded) ends it, and the engine
 * draws again.
 */
static void t_endless_reset(void)
{
	static const char loop[] =
		"loop: add(1) g20<1>UD g20<0,1,0>UD 1UD { align1 1N NoMask }\n"
		"jmpi(1) loop { align1 1N NoMask }\n";
	struct gsim_3d_ps p = { .kernel = r3e_kernel(&E, loop), .simd = 16, .grf_start = 6,
				.barycentric = GSIM_BARY_PERSPECTIVE, .flags = GSIM_PS_ATTRIBUTES };
	uint32_t base = ee_base(GS_RCS);
	struct eng_ctx *ctx;

	r3e_target(&E, 48, 48, R3D_FMT_R8G8B8A8_UNORM, 0);
	r3e_begin(&E);
	gsim_emit_3d_ps(&E.b, &p);
	r3e_vertices(&E, tri, 3);
	gsim_emit_3d_topology(&E.b, GSIM_TOPO_TRILIST);
	gsim_emit_3d_primitive(&E.b, 3, 0, 1, 0, 0, 0);
	r3e_end(&E);
	ctx = gp_submit(&E.env, R3E_BATCH, 0x50);
	sleep_ms(100);
	CHECK_EQ(ee_read(&E.env, RING_EIR(base)), 0);
	CHECK_EQ(ee_read(&E.env, RING_MI_MODE(base)) & MODE_IDLE, 0);
	ee_write(&E.env, RING_MI_MODE(base), MASKED_ON(STOP_RING));
	ee_write(&E.env, RING_RESET_CTL(base), MASKED_ON(RESET_CTL_REQUEST_RESET));
	CHECK(ee_poll(&E.env, RING_RESET_CTL(base), RESET_CTL_READY_TO_RESET,
		      RESET_CTL_READY_TO_RESET, 2000));
	ee_write(&E.env, GEN6_GDRST, GEN6_GRDOM_RENDER);
	CHECK(ee_poll(&E.env, GEN6_GDRST, ~0u, 0, 2000));
	ee_engine_init(&E.env, GS_RCS);
	ee_ctx_free(ctx);
	draw(NULL, GSIM_TOPO_TRILIST);
	r3e_run(&E);
	CHECK(r3e_pixel(&E, 8, 8) != 0);
}

int main(void)
{
	r3e_start(&E, 2);
	ps16 = r3e_kernel(&E, r3d_ps_interp16);
	vs_pass = r3e_kernel(&E, r3d_vs_pass);
	vs_overflow = r3e_kernel(&E, vs_overflow_text);
	tap_run("refused state and draws are instruction errors naming their command", t_errors);
	tap_run("a context without 3D state cannot draw", t_power_on);
	tap_run("3D state belongs to the context", t_per_context);
	tap_run("an endless pixel shader: the driver's reset ends the draw", t_endless_reset);
	r3e_stop(&E);
	return tap_done();
}
