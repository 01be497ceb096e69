// SPDX-License-Identifier: MIT
/*
 * The 3D pipeline tests' environment (r3d_env.h).  State in memory is
 * packed by hand from the Gen8 layouts (EXT Mesa gen8.xml
 * RENDER_SURFACE_STATE, SF_CLIP_VIEWPORT, BLEND_STATE, SCISSOR_RECT), not
 * by the code under test.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "r3d_env.h"
#include "tap.h"

static void *map(struct r3e *e, uint64_t va, uint64_t bytes)
{
	void *p = gp_map(&e->env, va, bytes);

	memset(p, 0, bytes);
	return p;
}

void r3e_start(struct r3e *e, unsigned int workers)
{
	memset(e, 0, sizeof(*e));
	gp_start(&e->env, workers);
	e->batch = map(e, R3E_BATCH, R3E_BATCH_BYTES);
	e->isa = map(e, R3E_ISA, R3E_HEAP_BYTES);
	e->ssh = map(e, R3E_SSH, R3E_HEAP_BYTES);
	e->dsh = map(e, R3E_DSH, R3E_HEAP_BYTES);
	e->cst = map(e, R3E_CONST, 4 * 4096);
	e->vb = map(e, R3E_VB, R3E_VB_BYTES);
	e->ib = map(e, R3E_IB, R3E_VB_BYTES);
	e->rt = map(e, R3E_RT, R3E_RT_BYTES);
	e->tex = map(e, R3E_TEX, R3E_RT_BYTES);
	e->ctx_id = 0x300;
}

void r3e_stop(struct r3e *e)
{
	ee_stop(&e->env);
}

uint32_t r3e_kernel(struct r3e *e, const char *text)
{
	struct gseu_asm_result res;
	uint32_t at = e->isa_used;

	gp_asm(text, &res);
	CHECK(at + res.size <= R3E_HEAP_BYTES);
	memcpy((uint8_t *)e->isa + at, res.code, res.size);
	e->isa_used = (at + (uint32_t)res.size + 63) & ~63u;
	gseu_asm_free(&res);
	return at;
}

void r3e_surface(struct r3e *e, unsigned int bti, uint64_t va, unsigned int w, unsigned int h,
		 unsigned int pitch, uint32_t format)
{
	uint32_t *ss = e->ssh + R3E_SURF(bti) / 4;

	memset(ss, 0, 64);
	ss[0] = 1u << 29 | format << 18 | 1u << 16 | 1u << 14;	/* 2D, VALIGN 4, HALIGN 4, linear */
	ss[2] = (h - 1) << 16 | (w - 1);
	ss[3] = pitch - 1;
	ss[7] = 4u << 25 | 5u << 22 | 6u << 19 | 7u << 16;	/* R, G, B, A */
	ss[8] = (uint32_t)va;
	ss[9] = (uint32_t)(va >> 32);
	e->ssh[R3E_BT / 4 + bti] = R3E_SURF(bti);
}

void r3e_target(struct r3e *e, unsigned int w, unsigned int h, uint32_t format, uint32_t clear)
{
	CHECK((uint64_t)w * h * 4 <= R3E_RT_BYTES);
	e->rt_w = w;
	e->rt_h = h;
	e->rt_pitch = w * 4;
	e->rt_format = format;
	for (unsigned int i = 0; i < w * h; i++)
		wr32(e->rt + 4 * i, clear);
	r3e_surface(e, 0, R3E_RT, w, h, e->rt_pitch, format);
	/* BLEND_STATE: DW0 0, every entry writes every channel, no blending. */
	memset((uint8_t *)e->dsh + R3E_BLEND, 0, 4 + 8 * 8);
	r3e_viewport(e, 0, 0, (float)w, (float)h, 1.0f);
	r3e_scissor_rect(e, 0, 0, w - 1, h - 1);
	/* CC_VIEWPORT: depth range [0, 1] */
	{
		const float cc[2] = { 0.0f, 1.0f };

		memcpy((uint8_t *)e->dsh + R3E_CC_VP, cc, sizeof(cc));
	}
}

void r3e_viewport(struct r3e *e, float x, float y, float w, float h, float gb)
{
	float vp[16] = { 0 };

	vp[0] = w / 2;			/* m00 */
	vp[1] = h / 2;			/* m11 */
	vp[2] = 1.0f;			/* m22 */
	vp[3] = x + w / 2;		/* m30 */
	vp[4] = y + h / 2;		/* m31 */
	vp[5] = 0.0f;			/* m32 */
	vp[8] = -gb;
	vp[9] = gb;
	vp[10] = -gb;
	vp[11] = gb;
	memcpy((uint8_t *)e->dsh + R3E_SF_CLIP, vp, sizeof(vp));
}

void r3e_blend(struct r3e *e, unsigned int rt, uint32_t write_disable, uint32_t entry0_extra)
{
	uint32_t *bs = (uint32_t *)((uint8_t *)e->dsh + R3E_BLEND);

	bs[1 + 2 * rt] = (write_disable & 0xf) | entry0_extra;
}

void r3e_scissor_rect(struct r3e *e, uint32_t x0, uint32_t y0, uint32_t x1, uint32_t y1)
{
	uint32_t *sc = (uint32_t *)((uint8_t *)e->dsh + R3E_SCISSOR);

	sc[0] = y0 << 16 | x0;
	sc[1] = y1 << 16 | x1;
}

void r3e_batch(struct r3e *e, unsigned int slot)
{
	uint32_t *cpu = e->batch + slot * (R3E_SLOT_BYTES / 4);

	CHECK(slot < R3E_BATCH_BYTES / R3E_SLOT_BYTES);
	memset(cpu, 0, R3E_SLOT_BYTES);
	CHECK(!gsim_batch_init(&e->b, cpu, R3E_BATCH + slot * R3E_SLOT_BYTES, R3E_SLOT_BYTES));
	e->slot = slot;
}

void r3e_begin(struct r3e *e)
{
	r3e_begin_slot(e, 0);
}

void r3e_begin_slot(struct r3e *e, unsigned int slot)
{
	struct gsim_batch *b = &e->b;

	r3e_batch(e, slot);
	gsim_emit_pipeline_select(b, GSIM_PIPELINE_3D);
	gsim_emit_state_base_address(b, R3E_SSH, R3E_DSH, R3E_HEAP_BYTES, R3E_ISA,
				     R3E_HEAP_BYTES);
	/* INSTPM Constant Buffer Address Offset Disable: push constant addresses are GPU addresses */
	gsim_emit_load_register_imm(b, RING_INSTPM(RENDER_RING_BASE), 1u << 22 | 1u << 6);
	gsim_emit_3d_urb(b, 64, 256, 2, 2);
	gsim_emit_3d_disable_stages(b);
	gsim_emit_3d_no_depth(b);
	gsim_emit_3d_multisample(b, 0);
	gsim_emit_3d_viewports(b, R3E_SF_CLIP, R3E_CC_VP);
	gsim_emit_3d_blend(b, R3E_BLEND, R3E_CC);
	gsim_emit_3d_scissor(b, R3E_SCISSOR);
	gsim_emit_3d_drawing_rectangle(b, 0, 0, e->rt_w - 1, e->rt_h - 1, 0, 0);
	gsim_emit_3d_clip(b, 0);
	gsim_emit_3d_sf(b, 0, 0, 1);
	gsim_emit_3d_raster(b, GSIM_CULL_NONE, 0);
	gsim_emit_3d_vs(b, NULL);
	gsim_emit_3d_sbe(b, 1, 1, 1, 0);
	gsim_emit_3d_stage_pointers(b, GSIM_STAGE_PS, R3E_BT, R3E_SAMPLER);
	gsim_emit_3d_ps(b, NULL);
}

static void vertex_buffer(struct r3e *e, const struct r3e_vertex *v, unsigned int n)
{
	struct gsim_3d_vertex_buffer vb = { .index = 0, .pitch = sizeof(*v), .va = R3E_VB,
					    .size = (uint32_t)(n * sizeof(*v)) };

	CHECK(n * sizeof(*v) <= R3E_VB_BYTES);
	memcpy(e->vb, v, n * sizeof(*v));
	gsim_emit_3d_vertex_buffers(&e->b, &vb, 1);
}

void r3e_vertices(struct r3e *e, const struct r3e_vertex *v, unsigned int n)
{
	const struct gsim_3d_vertex_element ve[3] = {
		{ 0, R3D_FMT_R32G32B32A32_FLOAT, 0,
		  { GSIM_VFCOMP_0, GSIM_VFCOMP_0, GSIM_VFCOMP_0, GSIM_VFCOMP_0 } },
		{ 0, R3D_FMT_R32G32B32A32_FLOAT, 0,
		  { GSIM_VFCOMP_SRC, GSIM_VFCOMP_SRC, GSIM_VFCOMP_SRC, GSIM_VFCOMP_SRC } },
		{ 0, R3D_FMT_R32G32B32A32_FLOAT, 16,
		  { GSIM_VFCOMP_SRC, GSIM_VFCOMP_SRC, GSIM_VFCOMP_SRC, GSIM_VFCOMP_SRC } },
	};

	vertex_buffer(e, v, n);
	gsim_emit_3d_vertex_elements(&e->b, ve, 3);
}

void r3e_vertices_vs(struct r3e *e, const struct r3e_vertex *v, unsigned int n)
{
	const struct gsim_3d_vertex_element ve[2] = {
		{ 0, R3D_FMT_R32G32B32A32_FLOAT, 0,
		  { GSIM_VFCOMP_SRC, GSIM_VFCOMP_SRC, GSIM_VFCOMP_SRC, GSIM_VFCOMP_SRC } },
		{ 0, R3D_FMT_R32G32B32A32_FLOAT, 16,
		  { GSIM_VFCOMP_SRC, GSIM_VFCOMP_SRC, GSIM_VFCOMP_SRC, GSIM_VFCOMP_SRC } },
	};

	vertex_buffer(e, v, n);
	gsim_emit_3d_vertex_elements(&e->b, ve, 2);
}

void r3e_indices(struct r3e *e, const void *idx, unsigned int n, unsigned int bytes)
{
	CHECK(n * bytes <= R3E_VB_BYTES);
	memcpy(e->ib, idx, n * bytes);
	gsim_emit_3d_index_buffer(&e->b, R3E_IB, n * bytes, bytes);
}

void r3e_end(struct r3e *e)
{
	CHECK_MSG(!gsim_batch_end(&e->b), "batch: %s", gsim_last_error());
}

void r3e_run(struct r3e *e)
{
	r3e_end(e);
	gp_run(&e->env, e->b.va, ++e->ctx_id);
}

uint32_t r3e_run_error(struct r3e *e)
{
	r3e_end(e);
	return gp_run_error(&e->env, e->b.va, ++e->ctx_id, EIR_INSTRUCTION_ERROR);
}

uint32_t r3e_pixel(const struct r3e *e, unsigned int x, unsigned int y)
{
	return rd32(e->rt + (size_t)y * e->rt_pitch + 4 * x);
}

char *r3e_ps_const(unsigned int simd, float r, float g, float b, float a)
{
	char *t = malloc(1024);
	unsigned int n = simd / 8;

	CHECK(t);
	if (simd == 16)
		snprintf(t, 1024,
			 "mov(16) g120<1>F %.9gF { align1 1H }\n"
			 "mov(16) g122<1>F %.9gF { align1 1H }\n"
			 "mov(16) g124<1>F %.9gF { align1 1H }\n"
			 "mov(16) g126<1>F %.9gF { align1 1H }\n"
			 "send(16) null<1>UW g120<8,8,1>UD dp_render %#xUD { align1 1H EOT }\n",
			 r, g, b, a, RT_WRITE_DESC(8, RT_SUB_SIMD16, 1, 0));
	else
		snprintf(t, 1024,
			 "mov(8) g120<1>F %.9gF { align1 1Q }\n"
			 "mov(8) g121<1>F %.9gF { align1 1Q }\n"
			 "mov(8) g122<1>F %.9gF { align1 1Q }\n"
			 "mov(8) g123<1>F %.9gF { align1 1Q }\n"
			 "send(8) null<1>UW g120<8,8,1>UD dp_render %#xUD { align1 1Q EOT }\n",
			 r, g, b, a, RT_WRITE_DESC(4, RT_SUB_SIMD8, 1, 0));
	(void)n;
	return t;
}

/*
 * Attribute 0 (two setup registers at r4, SIMD8) interpolated with the
 * perspective barycentrics at r2 (u) and r3 (v): pln per channel.
 */
const char r3e_ps_interp8[] =
	"pln(8) g120<1>F g4<0,1,0>F g2<8,8,1>F { align1 1Q }\n"
	"pln(8) g121<1>F g4.4<0,1,0>F g2<8,8,1>F { align1 1Q }\n"
	"pln(8) g122<1>F g5<0,1,0>F g2<8,8,1>F { align1 1Q }\n"
	"pln(8) g123<1>F g5.4<0,1,0>F g2<8,8,1>F { align1 1Q }\n"
	"send(8) null<1>UW g120<8,8,1>UD dp_render 0x08031400UD { align1 1Q EOT }\n";

/*
 * The same with one SIMD16 pln a component, as IGT's gen8 rendercopy
 * kernel interpolates: the second operand r2 is u, v of lanes 0-7 (r2,
 * r3) then of lanes 8-15 (r4, r5), the order of the payload.
 */
const char r3e_ps_interp16_pln[] =
	"pln(16) g110<1>F g6<0,1,0>F g2<8,8,1>F { align1 1H }\n"
	"pln(16) g112<1>F g6.4<0,1,0>F g2<8,8,1>F { align1 1H }\n"
	"pln(16) g114<1>F g7<0,1,0>F g2<8,8,1>F { align1 1H }\n"
	"pln(16) g116<1>F g7.4<0,1,0>F g2<8,8,1>F { align1 1H }\n"
	"send(16) null<1>UW g110<8,8,1>UD dp_render 0x10031000UD { align1 1H EOT }\n";

