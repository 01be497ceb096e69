// SPDX-License-Identifier: MIT
/*
 * The GPGPU state commands and their errors, through rcs0 (hw-spec-compute
 * "GPGPU commands", hw-spec-engines "The render context's GPGPU state").
 * Batches here are written dword by dword from the spec's layout tables,
 * not by gensim-run's builder: STATE_BASE_ADDRESS modify enables, the
 * CURBE latched when MEDIA_CURBE_LOAD executes (T37), MEDIA_OBJECT with
 * inline data (T33), Indirect Parameter Enable (T30) and Predicate Enable
 * (T29); each refused command or field an instruction error with IPEHR
 * naming it; a kernel's page fault reported as a page-table error with the
 * fault registers; an endless kernel that the progress register shows
 * running and an engine reset ends; and two contexts whose different
 * state survives switching between them, while a new context starts from
 * the power-on state.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gpgpu_env.h"
#include "tap.h"

/* GPU addresses of the tests' heaps and buffers. */
#define ISH		0x40000000ull
#define SSH		0x40100000ull
#define DSH		0x40200000ull
#define DSH2		0x40280000ull	/* a second context's dynamic state */
#define OUT		0x40300000ull
#define OUT2		0x40380000ull
#define BB		0x40400000ull	/* batches, 64 KiB apart */
#define UNMAPPED	0x7f0000000ull
#define SURF_OUT	0x400u		/* SURFACE_STATE offsets in the SSH */
#define SURF_OUT2	0x440u
#define SURF_BAD	0x480u
#define CURBE_OFF	0x100u		/* CURBE offset in a DSH */

struct st {
	struct eng_env env;
	uint32_t *ish, *ssh, *dsh, *dsh2, *out, *out2;
	uint32_t ksp_g1, ksp_media, ksp_loop;
	unsigned int nbb;
};

/* Kernel: thread of group X stores its first payload register g1 at OUT + 32 X (SIMD8). */
static const char k_store_g1[] =
	"mov(8) g10<1>UW 0x76543210V { align1 1Q NoMask }\n"
	"mov(8) g12<1>UD g10<8,8,1>UW { align1 1Q NoMask }\n"
	"shl(8) g12<1>UD g12<8,8,1>UD 2UD { align1 1Q NoMask }\n"
	"shl(1) g14<1>UD g0.1<0,1,0>UD 5UD { align1 1N NoMask }\n"
	"add(8) g30<1>UD g12<8,8,1>UD g14<0,1,0>UD { align1 1Q NoMask }\n"
	"mov(8) g31<1>UD g1<8,8,1>UD { align1 1Q NoMask }\n"
	"send(8) null<1>UD g30<8,8,1>UD dp_data1 0x04026e00UD { align1 1Q NoMask }\n"
	GP_EOT;

/* Kernel: a media thread stores g1, g2 and r0.2 at OUT + 0, 32, 64. */
static const char k_store_media[] =
	"mov(8) g10<1>UW 0x76543210V { align1 1Q NoMask }\n"
	"mov(8) g12<1>UD g10<8,8,1>UW { align1 1Q NoMask }\n"
	"shl(8) g30<1>UD g12<8,8,1>UD 2UD { align1 1Q NoMask }\n"
	"mov(8) g31<1>UD g1<8,8,1>UD { align1 1Q NoMask }\n"
	"send(8) null<1>UD g30<8,8,1>UD dp_data1 0x04026e00UD { align1 1Q NoMask }\n"
	"add(8) g30<1>UD g30<8,8,1>UD 32UD { align1 1Q NoMask }\n"
	"mov(8) g31<1>UD g2<8,8,1>UD { align1 1Q NoMask }\n"
	"send(8) null<1>UD g30<8,8,1>UD dp_data1 0x04026e00UD { align1 1Q NoMask }\n"
	"add(8) g30<1>UD g30<8,8,1>UD 32UD { align1 1Q NoMask }\n"
	"mov(8) g31<1>UD g0<8,8,1>UD { align1 1Q NoMask }\n"
	"send(8) null<1>UD g30<8,8,1>UD dp_data1 0x04026e00UD { align1 1Q NoMask }\n"
	GP_EOT;

/* Kernel: forever. */
static const char k_loop[] =
	"loop: add(1) g20<1>UD g20<0,1,0>UD 1UD { align1 1N NoMask }\n"
	"jmpi(1) loop { align1 1N NoMask }\n"
	GP_EOT;

static uint32_t put_kernel(struct st *s, uint32_t at, const char *text)
{
	struct gseu_asm_result res;

	gp_asm(text, &res);
	memcpy((uint8_t *)s->ish + at, res.code, res.size);
	gseu_asm_free(&res);
	return at;
}

/* A RAW buffer's RENDER_SURFACE_STATE (hw-spec-compute "Surfaces"), by hand. */
static void surface(struct st *s, uint32_t off, uint64_t va, uint32_t bytes)
{
	uint32_t *p = s->ssh + off / 4, n = bytes - 1;

	memset(p, 0, 64);
	p[0] = 4u << 29 | 0x1ffu << 18;				/* BUFFER, RAW */
	p[2] = ((n >> 7) & 0x3fff) << 16 | (n & 0x7f);
	p[3] = ((n >> 21) & 0x3ff) << 21;
	p[8] = (uint32_t)va;
	p[9] = (uint32_t)(va >> 32);
}

/* INTERFACE_DESCRIPTOR_DATA (Gen8, 8 dwords) at @idd: one per-thread register. */
static void idd(uint32_t *p, uint32_t ksp, uint32_t bt, uint32_t dw2, uint32_t dw6)
{
	memset(p, 0, 32);
	p[0] = ksp;
	p[2] = dw2;
	p[4] = bt;
	p[5] = 1u << 16;		/* read length 1, offset 0 */
	p[6] = dw6 ? dw6 : 1;		/* one thread a group */
}

static void start(struct st *s)
{
	memset(s, 0, sizeof(*s));
	gp_start(&s->env, 2);
	s->ish = gp_map(&s->env, ISH, 4 * PG);
	s->ssh = gp_map(&s->env, SSH, 4 * PG);
	s->dsh = gp_map(&s->env, DSH, 4 * PG);
	s->dsh2 = gp_map(&s->env, DSH2, 4 * PG);
	s->out = gp_map(&s->env, OUT, PG);
	s->out2 = gp_map(&s->env, OUT2, PG);
	s->ksp_g1 = put_kernel(s, 0, k_store_g1);
	s->ksp_media = put_kernel(s, 0x400, k_store_media);
	s->ksp_loop = put_kernel(s, 0x800, k_loop);
	/* Binding tables: at 0 -> OUT, at 0x40 -> OUT2, at 0x80 -> unmapped memory. */
	surface(s, SURF_OUT, OUT, PG);
	surface(s, SURF_OUT2, OUT2, PG);
	surface(s, SURF_BAD, UNMAPPED, PG);
	s->ssh[0] = SURF_OUT;
	s->ssh[0x40 / 4] = SURF_OUT2;
	s->ssh[0x80 / 4] = SURF_BAD;
	/* IDD 0: store g1 to BT 0; IDD 1: the same to BT 0x40 (OUT2). */
	idd(s->dsh, s->ksp_g1, 0, 0, 0);
	idd(s->dsh + 8, s->ksp_g1, 0x40, 0, 0);
	for (unsigned int i = 0; i < 8; i++) {
		s->dsh[CURBE_OFF / 4 + i] = 0xc0de0000 + i;
		s->dsh2[CURBE_OFF / 4 + i] = 0xb0b00000 + i;
	}
	idd(s->dsh2, s->ksp_g1, 0x40, 0, 0);
}

/* A new batch page: its GPU address and CPU view. */
static uint32_t *batch(struct st *s, uint64_t *va)
{
	*va = BB + 0x10000ull * s->nbb++;
	return gp_map(&s->env, *va, PG);
}

static unsigned int put(uint32_t *b, unsigned int n, const uint32_t *dw, unsigned int k)
{
	memcpy(b + n, dw, k * 4);
	return n + k;
}
#define PUT(b, n, ...) do {						\
	const uint32_t dw_[] = { __VA_ARGS__ };				\
	n = put(b, n, dw_, sizeof(dw_) / sizeof(dw_[0]));		\
} while (0)

/* STATE_BASE_ADDRESS, 16 dwords, every base and size set (modify enables). */
static unsigned int sba(uint32_t *b, unsigned int n, uint64_t dynamic)
{
	PUT(b, n, STATE_BASE_ADDRESS,
	    1, 0,					/* general state 0 */
	    0,						/* stateless MOCS */
	    (uint32_t)SSH | 1, (uint32_t)(SSH >> 32),
	    (uint32_t)dynamic | 1, (uint32_t)(dynamic >> 32),
	    1, 0,					/* indirect objects 0 */
	    (uint32_t)ISH | 1, (uint32_t)(ISH >> 32),
	    0, 0x4000 | 1, 0, 0x4000 | 1);		/* DSH and ISH: 16 KiB */
	return n;
}

/* MEDIA_VFE_STATE: 16 threads, 2 URB entries, bypass gateway, CURBE 2016 x 32 bytes. */
static unsigned int vfe(uint32_t *b, unsigned int n)
{
	PUT(b, n, MEDIA_VFE_STATE, 0, 0, 15u << 16 | 2u << 8 | 1u << 6, 0, 2u << 16 | 2016, 0, 0, 0);
	return n;
}

/* The usual state: pipeline, SBA, VFE, 32 bytes of CURBE, @nidd descriptors. */
static unsigned int prologue(uint32_t *b, unsigned int n, unsigned int pipeline, uint64_t dynamic,
			     unsigned int nidd)
{
	PUT(b, n, PIPELINE_SELECT | PIPELINE_SELECT_GPGPU);
	n = sba(b, n, dynamic);
	n = vfe(b, n);
	PUT(b, n, MEDIA_CURBE_LOAD, 0, 32, CURBE_OFF);
	PUT(b, n, MEDIA_INTERFACE_DESCRIPTOR_LOAD, 0, 32 * nidd, 0);
	PUT(b, n, PIPELINE_SELECT | pipeline);
	return n;
}

/*
 * GPGPU_WALKER, SIMD8, one thread a group, IDD @idd_off: groups X = @x0 ..
 * @x1 - 1 (Starting X @x0, X Dimension @x1; Y and Z one group).
 */
static unsigned int walker(uint32_t *b, unsigned int n, uint32_t flags, unsigned int idd_off,
			   uint32_t x0, uint32_t x1)
{
	PUT(b, n, GPGPU_WALKER | flags, idd_off, 0, 0, 0, x0, 0, x1, 0, 0, 1, 0, 1, 0xff, 0xff);
	return n;
}

static unsigned int end(uint32_t *b, unsigned int n)
{
	PUT(b, n, MEDIA_STATE_FLUSH, 0, MI_BATCH_BUFFER_END);
	if (n & 1)
		PUT(b, n, MI_NOOP);
	return n;
}

static void stop(struct st *s)
{
	CHECK_EQ(ee_read(&s->env, RING_EIR(ee_base(GS_RCS))), 0);
	ee_stop(&s->env);
}

/*
 * The CURBE is what MEDIA_CURBE_LOAD read when it executed (T37): the
 * memory rewritten after it does not reach the walker, a second load
 * does.  A STATE_BASE_ADDRESS with no modify enable changes nothing.
 */
static void t_curbe_latched(void)
{
	struct st s;
	uint64_t va;
	uint32_t *b, n = 0;

	start(&s);
	b = batch(&s, &va);
	n = prologue(b, n, PIPELINE_SELECT_GPGPU, DSH, 1);
	/* Overwrite the CURBE memory: the loaded copy must not see it. */
	PUT(b, n, MI_STORE_DATA_IMM | 1, (uint32_t)(DSH + CURBE_OFF), (uint32_t)(DSH >> 32),
	    0x11111111, 0x22222222);
	/* No modify enables: every base stays. */
	PUT(b, n, STATE_BASE_ADDRESS, 0, 0, 0, 0xdead000, 0, 0xbeef000, 0, 0, 0, 0xf00d000, 0,
	    0, 0, 0, 0);
	n = walker(b, n, 0, 0, 0, 2);
	PUT(b, n, MEDIA_CURBE_LOAD, 0, 32, CURBE_OFF);
	n = walker(b, n, 0, 0, 2, 4);
	n = end(b, n);
	gp_run(&s.env, va, 1);
	for (unsigned int g = 0; g < 4; g++)
		for (unsigned int i = 0; i < 8; i++) {
			uint32_t want = g < 2 ? 0xc0de0000 + i :
					i == 0 ? 0x11111111 : i == 1 ? 0x22222222 : 0xc0de0000 + i;

			CHECK_MSG(rd32(&s.out[g * 8 + i]) == want, "group %u dword %u: %#x, want %#x",
				  g, i, rd32(&s.out[g * 8 + i]), want);
		}
	stop(&s);
}

/*
 * Indirect Parameter Enable: the group counts come from GPGPU_DISPATCHDIMX/
 * Y/Z (written by MI_LOAD_REGISTER_IMM from this non-privileged batch;
 * they are in rcs0's whitelist) and the walker's own are ignored (T30).
 * Predicate Enable: the walker runs only while MI_PREDICATE_RESULT is set
 * (T29).
 */
static void t_indirect_and_predicate(void)
{
	struct st s;
	uint64_t va;
	uint32_t *b, n = 0;

	start(&s);
	b = batch(&s, &va);
	n = prologue(b, n, PIPELINE_SELECT_GPGPU, DSH, 1);
	PUT(b, n, MI_LOAD_REGISTER_IMM(3), GPGPU_DISPATCHDIMX, 3, GPGPU_DISPATCHDIMY, 1,
	    GPGPU_DISPATCHDIMZ, 1);
	n = walker(b, n, WALKER_INDIRECT_PARAMS, 0, 0, 99);	/* 3 groups, not 99 */
	PUT(b, n, MI_LOAD_REGISTER_IMM(1), MI_PREDICATE_RESULT, 0);
	n = walker(b, n, WALKER_PREDICATE, 0, 4, 5);		/* skipped */
	PUT(b, n, MI_LOAD_REGISTER_IMM(1), MI_PREDICATE_RESULT, 1);
	n = walker(b, n, WALKER_PREDICATE, 0, 5, 6);		/* runs */
	n = end(b, n);
	gp_run(&s.env, va, 2);
	for (unsigned int g = 0; g < 8; g++) {
		bool ran = g < 3 || g == 5;

		CHECK_MSG(rd32(&s.out[g * 8]) == (ran ? 0xc0de0000 : 0), "group %u: %#x", g,
			  rd32(&s.out[g * 8]));
	}
	CHECK_EQ(ee_read(&s.env, GPGPU_DISPATCHDIMX), 3);
	stop(&s);
}

/*
 * MEDIA_OBJECT in the media pipeline: one thread whose payload is r0, the
 * CURBE register the descriptor reads, then 8 inline dwords (T13, T33);
 * r0.2 carries the descriptor offset in 9:4.
 */
static void t_media_object(void)
{
	struct st s;
	uint64_t va;
	uint32_t *b, n = 0;

	start(&s);
	idd(s.dsh + 16, s.ksp_media, 0, 0, 0);		/* IDD 2: the media kernel */
	b = batch(&s, &va);
	n = prologue(b, n, PIPELINE_SELECT_MEDIA, DSH, 3);
	PUT(b, n, MEDIA_OBJECT + 8, 2, 0, 0, 0, 0,
	    0xa0, 0xa1, 0xa2, 0xa3, 0xa4, 0xa5, 0xa6, 0xa7);
	n = end(b, n);
	gp_run(&s.env, va, 3);
	for (unsigned int i = 0; i < 8; i++) {
		CHECK_EQ(rd32(&s.out[i]), 0xc0de0000 + i);
		CHECK_EQ(rd32(&s.out[8 + i]), 0xa0 + i);
	}
	CHECK_EQ((rd32(&s.out[16 + 2]) >> 4) & 0x3f, 2);
	stop(&s);
}

/* One bad command after an optional prologue: an instruction error naming it. */
struct bad_case {
	const char *what;
	int pipeline;		/* -1: no prologue */
	unsigned int n;
	uint32_t dw[20];
};

static void t_instruction_errors(void)
{
	static const struct bad_case bad[] = {
		{ "walker without PIPELINE_SELECT GPGPU", -1, 15, { GPGPU_WALKER } },
		{ "walker in the 3D pipeline", PIPELINE_SELECT_3D, 15,
		  { GPGPU_WALKER, 0, 0, 0, 0, 0, 0, 1, 0, 1, 0, 1, 1, 0xff, 0xff } },
		{ "walker in the media pipeline", PIPELINE_SELECT_MEDIA, 15,
		  { GPGPU_WALKER, 0, 0, 0, 0, 0, 0, 1, 0, 1, 0, 1, 1, 0xff, 0xff } },
		{ "walker naming IDD 1 of 1", PIPELINE_SELECT_GPGPU, 15,
		  { GPGPU_WALKER, 1, 0, 0, 0, 0, 0, 1, 0, 1, 0, 1, 1, 0xff, 0xff } },
		{ "walker SIMD size 3", PIPELINE_SELECT_GPGPU, 15,
		  { GPGPU_WALKER, 0, 0, 0, 3u << 30, 0, 0, 1, 0, 1, 0, 1, 1, 0xff, 0xff } },
		{ "walker of 14 dwords (IVB is 11, Gen8 15)", PIPELINE_SELECT_GPGPU, 14,
		  { GPGPU_WALKER - 1 } },
		{ "walker reserved DW6", PIPELINE_SELECT_GPGPU, 15,
		  { GPGPU_WALKER, 0, 0, 0, 0, 0, 7, 1, 0, 1, 0, 1, 1, 0xff, 0xff } },
		{ "MEDIA_VFE_STATE of 8 dwords", PIPELINE_SELECT_GPGPU, 8, { MEDIA_VFE_STATE - 1 } },
		{ "MEDIA_VFE_STATE scratch size without a pointer", PIPELINE_SELECT_GPGPU, 9,
		  { MEDIA_VFE_STATE, 0x3, 0, 15u << 16 } },
		{ "MEDIA_VFE_STATE scratch size 12 (reserved)", PIPELINE_SELECT_GPGPU, 9,
		  { MEDIA_VFE_STATE, 0x400 | 12, 0, 15u << 16 } },
		{ "MEDIA_VFE_STATE scratch pointer high", PIPELINE_SELECT_GPGPU, 9,
		  { MEDIA_VFE_STATE, 0x400, 1, 15u << 16 } },
		{ "MEDIA_VFE_STATE scratch past 4 GiB", PIPELINE_SELECT_GPGPU, 9,
		  { MEDIA_VFE_STATE, 0xfffffc00, 0, 15u << 16 } },
		{ "MEDIA_VFE_STATE over the device's threads", PIPELINE_SELECT_GPGPU, 9,
		  { MEDIA_VFE_STATE, 0, 0, 0xffffu << 16 } },
		{ "MEDIA_VFE_STATE in the 3D pipeline", PIPELINE_SELECT_3D, 9,
		  { MEDIA_VFE_STATE, 0, 0, 15u << 16 } },
		{ "MEDIA_INTERFACE_DESCRIPTOR_LOAD of 48 bytes", PIPELINE_SELECT_GPGPU, 4,
		  { MEDIA_INTERFACE_DESCRIPTOR_LOAD, 0, 48, 0 } },
		{ "MEDIA_INTERFACE_DESCRIPTOR_LOAD of 0 bytes", PIPELINE_SELECT_GPGPU, 4,
		  { MEDIA_INTERFACE_DESCRIPTOR_LOAD, 0, 0, 0 } },
		{ "MEDIA_CURBE_LOAD past its allocation", PIPELINE_SELECT_GPGPU, 4,
		  { MEDIA_CURBE_LOAD, 0, 2017 * 32, 0 } },
		{ "MEDIA_CURBE_LOAD unaligned", PIPELINE_SELECT_GPGPU, 4,
		  { MEDIA_CURBE_LOAD, 0, 32, 0x104 } },
		{ "MEDIA_CURBE_LOAD past the Dynamic State Buffer Size", PIPELINE_SELECT_GPGPU, 4,
		  { MEDIA_CURBE_LOAD, 0, 64, 0x4000 - 32 } },
		{ "MEDIA_STATE_FLUSH watermark for IDD 5", PIPELINE_SELECT_GPGPU, 2,
		  { MEDIA_STATE_FLUSH, MSF_WATERMARK_REQUIRED | 5 } },
		{ "MEDIA_OBJECT in the GPGPU pipeline", PIPELINE_SELECT_GPGPU, 7,
		  { MEDIA_OBJECT + 1, 0, 0, 0, 0, 0, 1 } },
		{ "MEDIA_OBJECT with Force Destination", PIPELINE_SELECT_MEDIA, 7,
		  { MEDIA_OBJECT + 1, 0, MO_DW2_FORCE_DESTINATION, 0, 0, 0, 1 } },
		{ "MEDIA_OBJECT with Children Present", PIPELINE_SELECT_MEDIA, 7,
		  { MEDIA_OBJECT + 1, 0, MO_DW2_CHILDREN_PRESENT, 0, 0, 0, 1 } },
		{ "MEDIA_OBJECT of 5 dwords", PIPELINE_SELECT_MEDIA, 5, { MEDIA_OBJECT - 1 } },
		{ "PIPELINE_SELECT 3 (reserved)", -1, 1, { PIPELINE_SELECT | 3 } },
		{ "PIPELINE_SELECT with Gen9 mask bits", -1, 1, { PIPELINE_SELECT | 3u << 8 | 2 } },
		{ "STATE_BASE_ADDRESS past 48 bits", -1, 16,
		  { STATE_BASE_ADDRESS, 0, 0, 0, 1, 0x10000 } },
		{ "STATE_BASE_ADDRESS of 10 dwords (Gen7)", -1, 10, { STATE_BASE_ADDRESS - 6 } },
		{ "MEDIA_OBJECT_WALKER with Local Inner Loop Unit (0, 0)", PIPELINE_SELECT_MEDIA, 17,
		  { MEDIA_OBJECT_WALKER, 0, 0, 0, 0, 0, 0, 0, 1 << 16 | 1, 0, 0, 0, 0,
		    1 << 16 | 1, 0, 1, 1 << 16 } },
		{ "MEDIA_GATEWAY_STATE (not implemented)", PIPELINE_SELECT_MEDIA, 2,
		  { GFXPIPE(2, 0, 0x03) } },
	};
	struct st s;

	start(&s);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		uint64_t va;
		uint32_t *b = batch(&s, &va), n = 0, ipehr;

		if (bad[i].pipeline >= 0)
			n = prologue(b, n, (unsigned int)bad[i].pipeline, DSH, 1);
		n = put(b, n, bad[i].dw, bad[i].n);
		n = end(b, n);
		ipehr = gp_run_error(&s.env, va, 0x100 + (uint32_t)i, EIR_INSTRUCTION_ERROR);
		CHECK_MSG(ipehr == bad[i].dw[0], "%s: IPEHR %#x", bad[i].what, ipehr);
	}
	/* The engine still runs a good walker. */
	{
		uint64_t va;
		uint32_t *b = batch(&s, &va), n = 0;

		n = prologue(b, n, PIPELINE_SELECT_GPGPU, DSH, 1);
		n = walker(b, n, 0, 0, 7, 8);
		n = end(b, n);
		gp_run(&s.env, va, 0x200);
		CHECK_EQ(rd32(&s.out[7 * 8]), 0xc0de0000);
	}
	stop(&s);
}

/*
 * A kernel that writes through a surface of unmapped memory: the array
 * reports the fault (RING_FAULT_REG_RCS valid, the page-fault interrupt)
 * and the walker ends the context with a page-table error (EIR bit 4).
 */
static void t_kernel_fault(void)
{
	struct st s;
	uint64_t va;
	uint32_t *b, n = 0, base = ee_base(GS_RCS);

	start(&s);
	idd(s.dsh, s.ksp_g1, 0x80, 0, 0);	/* BT 0x80: the unmapped surface */
	b = batch(&s, &va);
	n = prologue(b, n, PIPELINE_SELECT_GPGPU, DSH, 1);
	n = walker(b, n, 0, 0, 0, 1);
	n = end(b, n);
	gp_run_error(&s.env, va, 0x30, EIR_PAGE_TABLE_ERROR);
	CHECK(ee_read(&s.env, RING_FAULT_REG_RCS) & 1);
	ee_write(&s.env, RING_FAULT_REG_RCS, 0);
	CHECK_EQ(ee_read(&s.env, RING_EIR(base)), 0);
	/* The next job runs. */
	idd(s.dsh, s.ksp_g1, 0, 0, 0);
	b = batch(&s, &va);
	n = prologue(b, 0, PIPELINE_SELECT_GPGPU, DSH, 1);
	n = walker(b, n, 0, 0, 0, 1);
	n = end(b, n);
	gp_run(&s.env, va, 0x31);
	CHECK_EQ(rd32(&s.out[0]), 0xc0de0000);
	stop(&s);
}

static void sleep_ms(int ms)
{
	struct timespec ts = { ms / 1000, (long)(ms % 1000) * 1000000 };

	nanosleep(&ts, NULL);
}

/*
 * The kernel driver's engine reset (gensim_reset.c, after i915): STOP_RING
 * and the reset request at once, then READY_TO_RESET and GDRST, each wait
 * bounded.  STOP_RING alone waits for a walker to end; the request ends it.
 */
static void driver_reset(struct eng_env *env)
{
	uint32_t base = ee_base(GS_RCS);

	ee_write(env, RING_MI_MODE(base), MASKED_ON(STOP_RING));
	ee_write(env, RING_RESET_CTL(base), MASKED_ON(RESET_CTL_REQUEST_RESET));
	/*
	 * A driver's waits are bounded (gensim_reset.c); a sanitizer build on
	 * a loaded host is far slower than hardware, so the test allows 10 s:
	 * it checks that the handshake completes, not how fast.
	 */
	CHECK(ee_poll(env, RING_RESET_CTL(base), RESET_CTL_READY_TO_RESET,
		      RESET_CTL_READY_TO_RESET, 10000));
	ee_write(env, GEN6_GDRST, GEN6_GRDOM_RENDER);
	CHECK(ee_poll(env, GEN6_GDRST, ~0u, 0, 10000));
	ee_engine_init(env, GS_RCS);
}

/* GENSIM_EU_RETIRED once it passes @than, or its value after @ms. */
static uint64_t retired_after(struct eng_env *env, uint64_t than, int ms)
{
	uint64_t r = gp_retired(env);

	for (int waited = 0; r <= than && waited < ms; waited += 10) {
		sleep_ms(10);
		r = gp_retired(env);
	}
	return r;
}

/*
 * An endless kernel: RING_HEAD stands still on the walker's batch, but
 * GENSIM_EU_RETIRED keeps growing (hw-spec-compute "Progress"), so a
 * driver can tell it runs.  The driver's reset (STOP_RING, the RESET_CTL
 * handshake, GDRST) ends the dispatch within its bounded waits, and the
 * engine runs the next context.
 */
static void t_endless_kernel_reset(void)
{
	struct st s;
	struct eng_ctx *ctx;
	uint64_t va, r0, r1;
	uint32_t *b, n = 0, base = ee_base(GS_RCS), acthd;
	start(&s);
	idd(s.dsh, s.ksp_loop, 0, 0, 0);
	b = batch(&s, &va);
	n = prologue(b, n, PIPELINE_SELECT_GPGPU, DSH, 1);
	n = walker(b, n, 0, 0, 0, 4);
	n = end(b, n);
	r0 = gp_retired(&s.env);
	ctx = gp_submit(&s.env, va, 0x40);
	/* Bounded polls, not one sleep: a loaded host may not run the workers for a while. */
	r1 = retired_after(&s.env, r0, 10000);
	CHECK_MSG(r1 > r0, "GENSIM_EU_RETIRED %llu then %llu after 10 s", (unsigned long long)r0,
		  (unsigned long long)r1);
	acthd = ee_read(&s.env, RING_ACTHD(base));
	r1 = gp_retired(&s.env);
	CHECK_MSG(retired_after(&s.env, r1, 10000) > r1, "no progress after %llu in 10 s",
		  (unsigned long long)r1);
	CHECK_EQ(ee_read(&s.env, RING_ACTHD(base)), acthd);
	CHECK_EQ(ee_read(&s.env, RING_EIR(base)), 0);
	/* STOP_RING alone: the walker is one command, and it does not end. */
	ee_write(&s.env, RING_MI_MODE(base), MASKED_ON(STOP_RING));
	sleep_ms(50);
	CHECK_EQ(ee_read(&s.env, RING_MI_MODE(base)) & MODE_IDLE, 0);
	driver_reset(&s.env);
	ee_ctx_free(ctx);
	/* No reset clears the count: it only grows. */
	CHECK(gp_retired(&s.env) >= r1);
	idd(s.dsh, s.ksp_g1, 0, 0, 0);
	b = batch(&s, &va);
	n = prologue(b, 0, PIPELINE_SELECT_GPGPU, DSH, 1);
	n = walker(b, n, 0, 0, 0, 1);
	n = end(b, n);
	gp_run(&s.env, va, 0x41);
	CHECK_EQ(rd32(&s.out[0]), 0xc0de0000);
	stop(&s);
}

/*
 * Context A (dynamic state DSH: its CURBE 0xc0de..., IDD to OUT) and B
 * (DSH2: 0xb0b0..., IDD to OUT2) each set their state and run a walker;
 * then each runs a walker alone, after the other ran: each finds its own
 * state in its image.  A new context starts from the power-on state: its
 * lone walker is refused (3D pipeline).
 */
static void t_state_per_context(void)
{
	struct st s;
	struct eng_ctx *a, *bc, *c;
	uint32_t st[4], id[4];
	uint64_t va[4];
	uint32_t *b[4], n;

	start(&s);
	for (int i = 0; i < 4; i++)
		b[i] = batch(&s, &va[i]);
	n = prologue(b[0], 0, PIPELINE_SELECT_GPGPU, DSH, 1);
	n = walker(b[0], n, 0, 0, 0, 1);
	end(b[0], n);
	n = prologue(b[1], 0, PIPELINE_SELECT_GPGPU, DSH2, 1);
	n = walker(b[1], n, 0, 0, 0, 1);
	end(b[1], n);
	end(b[2], walker(b[2], 0, 0, 0, 1, 2));	/* walker only, group 1 */
	a = ee_ctx(&s.env, GS_RCS, 1, 0xa);
	bc = ee_ctx(&s.env, GS_RCS, 1, 0xb);
	EMIT(a, BB_START_PPGTT(va[0]));
	EMIT(bc, BB_START_PPGTT(va[1]));
	ee_run(&s.env, a);
	ee_run(&s.env, bc);
	EMIT(a, BB_START_PPGTT(va[2]));
	EMIT(bc, BB_START_PPGTT(va[2]));
	/* Both in one execlist: A, then B after an element switch. */
	ee_submit(&s.env, a, bc);
	CHECK_EQ(ee_csb(&s.env, GS_RCS, 3, st, id, GP_WAIT_MS), 3);
	CHECK_EQ(st[2] & CSB_ACTIVE_TO_IDLE, CSB_ACTIVE_TO_IDLE);
	ee_sync(&s.env);
	for (unsigned int g = 0; g < 2; g++)
		for (unsigned int i = 0; i < 8; i++) {
			CHECK_EQ(rd32(&s.out[g * 8 + i]), 0xc0de0000 + i);
			CHECK_EQ(rd32(&s.out2[g * 8 + i]), 0xb0b00000 + i);
		}
	/* A new context: nothing latched, the 3D pipeline. */
	c = ee_ctx(&s.env, GS_RCS, 1, 0xc);
	EMIT(c, BB_START_PPGTT(va[2]));
	ee_submit(&s.env, c, NULL);
	CHECK(ee_poll(&s.env, RING_EIR(ee_base(GS_RCS)), ~0u, EIR_INSTRUCTION_ERROR, GP_WAIT_MS));
	CHECK_EQ(ee_read(&s.env, RING_IPEHR(ee_base(GS_RCS))), GPGPU_WALKER);
	ee_engine_reset(&s.env, GS_RCS);
	ee_ctx_free(a);
	ee_ctx_free(bc);
	ee_ctx_free(c);
	stop(&s);
}

int main(void)
{
	tap_run("the CURBE is latched at MEDIA_CURBE_LOAD; SBA modify enables", t_curbe_latched);
	tap_run("indirect group counts and predicated walkers", t_indirect_and_predicate);
	tap_run("MEDIA_OBJECT with CURBE and inline data", t_media_object);
	tap_run("refused commands and fields are instruction errors", t_instruction_errors);
	tap_run("a kernel's page fault: fault registers and EIR bit 4", t_kernel_fault);
	tap_run("an endless kernel: progress, then an engine reset", t_endless_kernel_reset);
	tap_run("GPGPU state belongs to the context", t_state_per_context);
	return tap_done();
}
