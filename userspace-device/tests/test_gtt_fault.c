// SPDX-License-Identifier: MIT
/*
 * Fault reporting (the engine's RING_FAULT_REG, FAULT_TLB_DATA0/1 and the
 * page-fault interrupt) and the DMA probe in its three spaces
 * (hw-spec-memory "Fault reporting", "The DMA probe"), through the
 * loopback channel as the driver sees them.  Expected register values are
 * written out by hand from the bit layout, not computed by the code under
 * test.
 */
#include <errno.h>
#include <string.h>

#include "gtt_env.h"
#include "tap.h"

#define RW		(GEN8_PAGE_PRESENT | GEN8_PAGE_RW)
#define RO		GEN8_PAGE_PRESENT

static const uint32_t fault_regs[GS_NUM_ENGINES] = {
	[GS_RCS] = 0x4094, [GS_VCS] = 0x4194, [GS_BCS] = 0x4294, [GS_VECS] = 0x4394,
};

static void ack_all(struct gtt_env *env)
{
	gs_loop_write(env->loop, GEN8_MASTER_IRQ, 0);
	for (int b = 0; b < GEN8_GT_NR_BANKS; b++)
		gs_loop_write(env->loop, GEN8_GT_IIR(b), ~0u);
	gs_loop_write(env->loop, GEN8_MASTER_IRQ, GEN8_MASTER_IRQ_CONTROL);
	CHECK_EQ(gs_loop_flush(env->loop, 5000), 0);
	gs_loop_wait_msgs(env->loop, GENSIM_MSG_IRQ, 0);	/* forget earlier messages */
}

static void t_fault_register_bits(void)
{
	struct gtt_env env;
	struct gs_fault f = {
		.type = FAULT_TYPE_WRITE, .ggtt = false, .write = true, .va = 0x0000abcde1234567ull,
	};

	env_start(&env, NULL);
	enable_fault_irq(&env, GS_VCS);
	for (int e = 0; e < GS_NUM_ENGINES; e++)
		CHECK_EQ(gs_fault_reg_offset(e), fault_regs[e]);

	/* VADDR 0xe1234 << 12 | SRCID 1 << 3 | TYPE 2 << 1 | VALID */
	gs_fault_report(env.dev, GS_VCS, FAULT_SRC_DATAPORT, &f);
	CHECK_EQ(gs_loop_wait_msgs(env.loop, GENSIM_MSG_IRQ, 5000), GENSIM_MSG_IRQ);
	CHECK_EQ(gs_loop_read(env.loop, RING_FAULT_REG_VCS), 0xe123400d);
	CHECK_EQ(gs_loop_read(env.loop, GEN8_FAULT_TLB_DATA0), 0xbcde1234);	/* VA[43:12] */
	CHECK_EQ(gs_loop_read(env.loop, GEN8_FAULT_TLB_DATA1), 0xa);		/* VA[47:44] */
	CHECK_EQ(gs_loop_read(env.loop, RING_FAULT_REG_RCS), 0);
	CHECK_EQ(gs_loop_read(env.loop, RING_FAULT_REG_BCS), 0);
	CHECK_EQ(gs_loop_read(env.loop, RING_FAULT_REG_VECS), 0);
	CHECK_EQ(gs_loop_read(env.loop, GEN8_GT_IIR(1)), GT_PAGE_FAULT_INTERRUPT);
	CHECK_EQ(gs_loop_read(env.loop, GEN8_MASTER_IRQ),
		 GEN8_MASTER_IRQ_CONTROL | GEN8_GT_VCS0_IRQ);

	/* A second fault while VALID: the first is kept, the interrupt still fires. */
	ack_all(&env);
	f = (struct gs_fault){ .type = FAULT_TYPE_PTE, .ggtt = true, .va = 0x5000 };
	gs_fault_report(env.dev, GS_VCS, FAULT_SRC_CS, &f);
	CHECK_EQ(gs_loop_wait_msgs(env.loop, GENSIM_MSG_IRQ, 5000), GENSIM_MSG_IRQ);
	CHECK_EQ(gs_loop_read(env.loop, RING_FAULT_REG_VCS), 0xe123400d);
	CHECK_EQ(gs_loop_read(env.loop, GEN8_FAULT_TLB_DATA0), 0xbcde1234);
	CHECK_EQ(gs_loop_read(env.loop, GEN8_FAULT_TLB_DATA1), 0xa);
	CHECK_EQ(gs_loop_read(env.loop, GEN8_GT_IIR(1)), GT_PAGE_FAULT_INTERRUPT);

	/* The driver clears it (writes 0, as i915 does); the next fault is recorded. */
	gs_loop_write(env.loop, RING_FAULT_REG_VCS, 0);
	CHECK_EQ(gs_loop_read(env.loop, RING_FAULT_REG_VCS), 0);
	f = (struct gs_fault){ .type = FAULT_TYPE_PTE, .ggtt = true, .va = 0xfedcb123 };
	gs_fault_report(env.dev, GS_VCS, FAULT_SRC_CS, &f);
	/* VADDR 0xfedcb << 12 | GTTSEL | SRCID 0 | TYPE 0 | VALID */
	CHECK_EQ(gs_loop_read(env.loop, RING_FAULT_REG_VCS), 0xfedcb801);
	CHECK_EQ(gs_loop_read(env.loop, GEN8_FAULT_TLB_DATA0), 0xfedcb);
	CHECK_EQ(gs_loop_read(env.loop, GEN8_FAULT_TLB_DATA1), 0x10);		/* GTT_SEL */

	/*
	 * RANGE, source 0xff, the top page of the space, on rcs0 whose RING_IMR
	 * masks the interrupt: recorded, but nothing reaches IIR.
	 */
	ack_all(&env);
	f = (struct gs_fault){ .type = FAULT_TYPE_RANGE, .va = 0xfffffffff000ull };
	gs_fault_report(env.dev, GS_RCS, FAULT_SRC_PROBE, &f);
	/* VADDR 0xfffff << 12 | SRCID 0xff << 3 | TYPE 3 << 1 | VALID */
	CHECK_EQ(gs_loop_read(env.loop, RING_FAULT_REG_RCS), 0xfffff7ff);
	CHECK_EQ(gs_loop_read(env.loop, GEN8_FAULT_TLB_DATA0), 0xffffffff);
	CHECK_EQ(gs_loop_read(env.loop, GEN8_FAULT_TLB_DATA1), 0xf);
	CHECK_EQ(gs_loop_read(env.loop, GEN8_GT_IIR(0)), 0);
	CHECK_EQ(gs_loop_read(env.loop, GEN8_GT_ISR(0)), 0);
	CHECK_EQ(gs_loop_wait_msgs(env.loop, GENSIM_MSG_IRQ, 50), 0);

	/* The fault registers are RW; the DATA registers are RO. */
	gs_loop_write(env.loop, GEN8_FAULT_TLB_DATA0, 0);
	gs_loop_write(env.loop, GEN8_FAULT_TLB_DATA1, 0);
	CHECK_EQ(gs_loop_read(env.loop, GEN8_FAULT_TLB_DATA0), 0xffffffff);
	CHECK_EQ(gs_loop_read(env.loop, GEN8_FAULT_TLB_DATA1), 0xf);

	/* A full reset clears them all. */
	gs_loop_write(env.loop, GEN6_GDRST, GEN6_GRDOM_FULL);
	CHECK_EQ(gs_loop_read(env.loop, GEN6_GDRST), 0);
	CHECK_EQ(gs_loop_read(env.loop, RING_FAULT_REG_RCS), 0);
	CHECK_EQ(gs_loop_read(env.loop, RING_FAULT_REG_VCS), 0);
	CHECK_EQ(gs_loop_read(env.loop, GEN8_FAULT_TLB_DATA0), 0);
	CHECK_EQ(gs_loop_read(env.loop, GEN8_FAULT_TLB_DATA1), 0);
	CHECK_EQ(gs_loop_read(env.loop, FPGA_DBG), 0);	/* every register above has a row */
	env_stop(&env);
}

/* Each engine's fault lands in its own register and its own bank bits. */
static void t_fault_per_engine(void)
{
	static const uint32_t master[GS_NUM_ENGINES] = {
		[GS_RCS] = GEN8_GT_RCS_IRQ, [GS_BCS] = GEN8_GT_BCS_IRQ,
		[GS_VCS] = GEN8_GT_VCS0_IRQ, [GS_VECS] = GEN8_GT_VECS_IRQ,
	};
	struct gtt_env env;

	env_start(&env, NULL);
	for (int e = 0; e < GS_NUM_ENGINES; e++)
		enable_fault_irq(&env, e);
	for (int e = 0; e < GS_NUM_ENGINES; e++) {
		struct gs_fault f = { .type = FAULT_TYPE_DIRECTORY, .va = 0x1000ull * (e + 1) };
		const struct fault_irq_bit *b = &fault_irq_bits[e];

		ack_all(&env);
		gs_fault_report(env.dev, e, FAULT_SRC_SAMPLER, &f);
		CHECK_EQ(gs_loop_wait_msgs(env.loop, GENSIM_MSG_IRQ, 5000), GENSIM_MSG_IRQ);
		/* VADDR (e + 1) << 12 | SRCID 2 << 3 | TYPE 1 << 1 | VALID */
		CHECK_EQ(gs_loop_read(env.loop, fault_regs[e]), 0x1000u * (e + 1) | 0x13);
		CHECK_EQ(gs_loop_read(env.loop, GEN8_GT_IIR(b->bank)), 0x80u << b->shift);
		CHECK_EQ(gs_loop_read(env.loop, GEN8_MASTER_IRQ), GEN8_MASTER_IRQ_CONTROL | master[e]);
		for (int o = 0; o < GS_NUM_ENGINES; o++)
			if (o > e)
				CHECK_EQ(gs_loop_read(env.loop, fault_regs[o]), 0);
	}
	env_stop(&env);
}

/* A fault on an engine the device does not have is refused, loudly. */
static void t_fault_absent_engine(void)
{
	struct gtt_env env;
	struct gs_config cfg;
	struct gs_fault f = { .type = FAULT_TYPE_PTE, .va = 0x1000 };

	gs_config_defaults(&cfg);
	cfg.engine_mask = BIT(GS_RCS);
	env_start(&env, &cfg);
	gs_fault_report(env.dev, GS_VECS, FAULT_SRC_CS, &f);
	gs_fault_report(env.dev, 7, FAULT_SRC_CS, &f);
	gs_fault_report(env.dev, GS_RCS, 0x100, &f);		/* SRCID is 8 bits */
	CHECK_EQ(gs_loop_read(env.loop, RING_FAULT_REG_VECS), 0);
	CHECK_EQ(gs_loop_read(env.loop, RING_FAULT_REG_RCS), 0);
	CHECK_EQ(gs_loop_read(env.loop, GEN8_GT_ISR(3)), 0);
	/* The fault registers exist even for an absent engine (GT range). */
	gs_loop_write(env.loop, RING_FAULT_REG_VECS, 0);
	CHECK_EQ(gs_loop_read(env.loop, FPGA_DBG), 0);
	env_stop(&env);
}

/* GENSIM_DMA_PROBE_CMD: op 3:0, space 7:4, engine 11:8 */
#define cmd(op, space, engine)	((uint32_t)(op) | (uint32_t)(space) << 4 | (uint32_t)(engine) << 8)

static uint32_t probe(struct gtt_env *env, uint64_t addr, uint32_t command, uint32_t *data)
{
	gs_loop_write(env->loop, GENSIM_DMA_PROBE_ADDR_LO, (uint32_t)addr);
	gs_loop_write(env->loop, GENSIM_DMA_PROBE_ADDR_HI, addr >> 32);
	gs_loop_write(env->loop, GENSIM_DMA_PROBE_DATA, *data);
	gs_loop_write(env->loop, GENSIM_DMA_PROBE_CMD, command);
	*data = gs_loop_read(env->loop, GENSIM_DMA_PROBE_DATA);
	return gs_loop_read(env->loop, GENSIM_DMA_PROBE_STATUS);
}

static void set_root(struct gtt_env *env, uint64_t pml4)
{
	gs_loop_write(env->loop, GENSIM_DMA_PROBE_ROOT_LO, (uint32_t)pml4);
	gs_loop_write(env->loop, GENSIM_DMA_PROBE_ROOT_HI, pml4 >> 32);
	CHECK_EQ(gs_loop_read(env->loop, GENSIM_DMA_PROBE_ROOT_LO), (uint32_t)pml4);
	CHECK_EQ(gs_loop_read(env->loop, GENSIM_DMA_PROBE_ROOT_HI), pml4 >> 32);
}

/* Reads and writes in the three spaces; translated faults reported on the engine. */
static void t_probe_spaces(void)
{
	const uint64_t va = 0x123456000ull;
	struct gtt_env env;
	uint64_t page, pml4;
	uint32_t data;

	env_start(&env, NULL);
	page = env_data_page(&env, 0x99);

	/* Space 0, the window: unchanged, the kernel's self-test relies on it. */
	data = 0;
	CHECK_EQ(probe(&env, page + 8, DMA_PROBE_CMD_READ, &data), DMA_PROBE_STATUS_OK);
	CHECK_EQ(data, 0x990002);

	/* GGTT */
	ggtt_set(&env, 0x10, page | GEN8_PAGE_PRESENT);
	data = 0;
	CHECK_EQ(probe(&env, 0x10008, cmd(1, 1, 0), &data), DMA_PROBE_STATUS_OK);
	CHECK_EQ(data, 0x990002);
	data = 0x600dcafe;
	CHECK_EQ(probe(&env, 0x1000c, cmd(2, 1, 0), &data), DMA_PROBE_STATUS_OK);
	CHECK_EQ(env_dword(&env, page + 0xc), 0x600dcafe);

	/* PPGTT under ROOT, with a dword split across two pages. */
	pml4 = env_page(&env);
	ppgtt_set(&env, pml4, va, 12, page | RW);
	ppgtt_set(&env, pml4, va + PG, 12, env_data_page(&env, 0x98) | RW);
	set_root(&env, pml4);
	data = 0;
	CHECK_EQ(probe(&env, va + 0x10, cmd(1, 2, 3), &data), DMA_PROBE_STATUS_OK);
	CHECK_EQ(data, 0x990004);
	data = 0;
	CHECK_EQ(probe(&env, va + PG - 2, cmd(1, 2, 3), &data), DMA_PROBE_STATUS_OK);
	CHECK_EQ(data, 0x00000099);	/* bytes 99 00 | 00 00 of 0x009903ff, 0x00980000 */
	data = 0x0badf00d;
	CHECK_EQ(probe(&env, va + 0x14, cmd(2, 2, 3), &data), DMA_PROBE_STATUS_OK);
	CHECK_EQ(env_dword(&env, page + 0x14), 0x0badf00d);
	for (int e = 0; e < GS_NUM_ENGINES; e++)
		CHECK_EQ(gs_loop_read(env.loop, fault_regs[e]), 0);

	/* A GGTT fault on bcs0: STATUS = FAULT, the register, the interrupt. */
	enable_fault_irq(&env, GS_BCS);
	ack_all(&env);
	data = 0x5a5a5a5a;
	CHECK_EQ(probe(&env, 0x7654321, cmd(1, 1, GS_BCS), &data), DMA_PROBE_STATUS_FAULT);
	CHECK_EQ(data, 0x5a5a5a5a);			/* DATA not changed by a failed read */
	/* VADDR 0x7654 << 12 | GTTSEL | SRCID 0xff << 3 | TYPE 0 | VALID */
	CHECK_EQ(gs_loop_read(env.loop, RING_FAULT_REG_BCS), 0x07654ff9);
	CHECK_EQ(gs_loop_read(env.loop, GEN8_FAULT_TLB_DATA0), 0x7654);
	CHECK_EQ(gs_loop_read(env.loop, GEN8_FAULT_TLB_DATA1), 0x10);
	CHECK_EQ(gs_loop_read(env.loop, GEN8_GT_IIR(0)), GT_PAGE_FAULT_INTERRUPT << 16);
	CHECK_EQ(gs_loop_wait_msgs(env.loop, GENSIM_MSG_IRQ, 5000), GENSIM_MSG_IRQ);

	/* A PPGTT write through a read-only page on vecs0. */
	ppgtt_set(&env, pml4, va, 12, page | RO);
	env_flush_tlbs(&env);
	data = 1;
	CHECK_EQ(probe(&env, va + 0x20, cmd(2, 2, GS_VECS), &data), DMA_PROBE_STATUS_FAULT);
	/* VADDR 0x23456 << 12 | SRCID 0xff << 3 | TYPE 2 << 1 | VALID */
	CHECK_EQ(gs_loop_read(env.loop, RING_FAULT_REG_VECS), 0x234567fd);
	CHECK_EQ(gs_loop_read(env.loop, GEN8_FAULT_TLB_DATA0), 0x123456);
	CHECK_EQ(gs_loop_read(env.loop, GEN8_FAULT_TLB_DATA1), 0);
	CHECK_EQ(env_dword(&env, page + 0x20), 0x990008);
	/* The read still works; a PPGTT address with no PML4E is a DIRECTORY fault. */
	data = 0;
	CHECK_EQ(probe(&env, va + 0x20, cmd(1, 2, GS_VECS), &data), DMA_PROBE_STATUS_OK);
	CHECK_EQ(data, 0x990008);
	gs_loop_write(env.loop, RING_FAULT_REG_VECS, 0);
	CHECK_EQ(probe(&env, 0x800000000000ull - PG, cmd(1, 2, GS_VECS), &data),
		 DMA_PROBE_STATUS_FAULT);
	/* VADDR 0xfffff << 12 | SRCID 0xff << 3 | TYPE 1 << 1 | VALID */
	CHECK_EQ(gs_loop_read(env.loop, RING_FAULT_REG_VECS), 0xfffff7fb);
	CHECK_EQ(gs_loop_read(env.loop, GEN8_FAULT_TLB_DATA0), 0xffffffff);	/* VA[43:12] */
	CHECK_EQ(gs_loop_read(env.loop, GEN8_FAULT_TLB_DATA1), 0x7);		/* VA[47:44] */
	/* 2^48 through the probe: RANGE. */
	gs_loop_write(env.loop, RING_FAULT_REG_VECS, 0);
	CHECK_EQ(probe(&env, 1ull << 48, cmd(1, 2, GS_VECS), &data), DMA_PROBE_STATUS_FAULT);
	/* VA[31:12], VA[43:12] and VA[47:44] of 2^48 are all 0: SRCID 0xff, TYPE 3, VALID. */
	CHECK_EQ(gs_loop_read(env.loop, RING_FAULT_REG_VECS), 0x7ff);
	CHECK_EQ(gs_loop_read(env.loop, GEN8_FAULT_TLB_DATA0), 0);
	CHECK_EQ(gs_loop_read(env.loop, GEN8_FAULT_TLB_DATA1), 0);
	env_stop(&env);
}

/* The probe has a TLB: a remapped GGTT page shows after GFX_FLSH_CNTL only. */
static void t_probe_tlb(void)
{
	struct gtt_env env;
	uint64_t a, b;
	uint32_t data = 0;

	env_start(&env, NULL);
	a = env_data_page(&env, 0xaa);
	b = env_data_page(&env, 0xbb);
	ggtt_set(&env, 3, a | 1);
	CHECK_EQ(probe(&env, 0x3004, cmd(1, 1, 0), &data), DMA_PROBE_STATUS_OK);
	CHECK_EQ(data, 0xaa0001);
	ggtt_set(&env, 3, b | 1);
	CHECK_EQ(probe(&env, 0x3004, cmd(1, 1, 0), &data), DMA_PROBE_STATUS_OK);
	CHECK_EQ(data, 0xaa0001);
	env_flush_tlbs(&env);
	CHECK_EQ(probe(&env, 0x3004, cmd(1, 1, 0), &data), DMA_PROBE_STATUS_OK);
	CHECK_EQ(data, 0xbb0001);
	env_stop(&env);
}

/*
 * Engine NONE: a translated fault only sets STATUS (the kernel's self-tests
 * probe expected faults that way); NONE is accepted in every space.
 */
static void t_probe_engine_none(void)
{
	const uint32_t none = DMA_PROBE_ENGINE_NONE;
	struct gtt_env env;
	uint64_t page, pml4;
	uint32_t data = 0;

	env_start(&env, NULL);
	for (int e = 0; e < GS_NUM_ENGINES; e++)
		enable_fault_irq(&env, e);
	ack_all(&env);
	page = env_data_page(&env, 0x88);
	pml4 = env_page(&env);
	ppgtt_set(&env, pml4, 0x4000, 12, page | RO);
	set_root(&env, pml4);
	ggtt_set(&env, 2, page | 1);

	CHECK_EQ(probe(&env, page + 4, cmd(1, 0, none), &data), DMA_PROBE_STATUS_OK);
	CHECK_EQ(data, 0x880001);
	CHECK_EQ(probe(&env, 0x2008, cmd(1, 1, none), &data), DMA_PROBE_STATUS_OK);
	CHECK_EQ(data, 0x880002);
	CHECK_EQ(probe(&env, 0x400c, cmd(1, 2, none), &data), DMA_PROBE_STATUS_OK);
	CHECK_EQ(data, 0x880003);
	/* Faults: not present in the GGTT, past the GGTT, a read-only PPGTT page. */
	CHECK_EQ(probe(&env, 0x3000, cmd(1, 1, none), &data), DMA_PROBE_STATUS_FAULT);
	CHECK_EQ(probe(&env, 4ull << 30, cmd(1, 1, none), &data), DMA_PROBE_STATUS_FAULT);
	CHECK_EQ(probe(&env, 0x4000, cmd(2, 2, none), &data), DMA_PROBE_STATUS_FAULT);
	CHECK_EQ(env_dword(&env, page), 0x880000);
	for (int e = 0; e < GS_NUM_ENGINES; e++)
		CHECK_EQ(gs_loop_read(env.loop, fault_regs[e]), 0);
	CHECK_EQ(gs_loop_read(env.loop, GEN8_FAULT_TLB_DATA0), 0);
	for (int b = 0; b < GEN8_GT_NR_BANKS; b++)
		CHECK_EQ(gs_loop_read(env.loop, GEN8_GT_IIR(b)), 0);
	CHECK_EQ(gs_loop_wait_msgs(env.loop, GENSIM_MSG_IRQ, 50), 0);
	env_stop(&env);
}

/* Malformed commands: BAD_CMD, nothing accessed, nothing reported. */
static void t_probe_bad_cmd(void)
{
	static const uint32_t bad[] = {
		0, 3, 0xf, cmd(0, 1, 0),		/* operations */
		cmd(1, 3, 0), cmd(2, 0xf, 0),		/* spaces */
		cmd(1, 1, 4), cmd(2, 2, 0xe),		/* engines */
		cmd(1, 0, 1), cmd(2, 0, 3),		/* an engine for a window probe */
		cmd(1, 1, 0) | BIT(12), cmd(1, 0, 0) | BIT(31),	/* reserved bits */
	};
	struct gtt_env env;
	struct gs_config cfg;
	uint64_t page;
	uint32_t data;

	env_start(&env, NULL);
	page = env_data_page(&env, 0x77);
	ggtt_set(&env, 0, page | 1);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		data = 0x1234;
		CHECK_MSG(probe(&env, page, bad[i], &data) == DMA_PROBE_STATUS_BAD_CMD,
			  "command %#x", bad[i]);
		CHECK_EQ(data, 0x1234);
		CHECK_EQ(env_dword(&env, page), 0x770000);
	}
	for (int e = 0; e < GS_NUM_ENGINES; e++)
		CHECK_EQ(gs_loop_read(env.loop, fault_regs[e]), 0);
	/* A good command after bad ones. */
	CHECK_EQ(probe(&env, 0, cmd(1, 1, 2), &data), DMA_PROBE_STATUS_OK);
	CHECK_EQ(data, 0x770000);
	env_stop(&env);

	/* An engine the device does not have. */
	gs_config_defaults(&cfg);
	cfg.engine_mask = BIT(GS_RCS) | BIT(GS_BCS);
	env_start(&env, &cfg);
	CHECK_EQ(probe(&env, 0, cmd(1, 1, GS_VECS), &data), DMA_PROBE_STATUS_BAD_CMD);
	CHECK_EQ(probe(&env, 0, cmd(1, 1, GS_VCS), &data), DMA_PROBE_STATUS_BAD_CMD);
	CHECK_EQ(probe(&env, 0, cmd(1, 1, GS_BCS), &data), DMA_PROBE_STATUS_FAULT);
	CHECK_EQ(gs_loop_read(env.loop, RING_FAULT_REG_BCS) & RING_FAULT_VALID, 1);
	env_stop(&env);
}

/* Faults that need the guard: a window probe reports nowhere, a translated one does. */
static void t_probe_unmapped(void)
{
	struct gtt_env env;
	uint64_t pml4;
	uint32_t data = 0;

	env_start(&env, NULL);
	enable_fault_irq(&env, GS_RCS);
	ack_all(&env);
	CHECK_EQ(probe(&env, 0x1000, DMA_PROBE_CMD_READ, &data), DMA_PROBE_STATUS_FAULT);
	for (int e = 0; e < GS_NUM_ENGINES; e++)
		CHECK_EQ(gs_loop_read(env.loop, fault_regs[e]), 0);
	CHECK_EQ(gs_loop_read(env.loop, GEN8_GT_IIR(0)), 0);
	CHECK_EQ(gs_loop_wait_msgs(env.loop, GENSIM_MSG_IRQ, 50), 0);

	/* A GGTT PTE at an unmapped page: RANGE, reported on rcs0. */
	ggtt_set(&env, 1, 0x900000000ull | 1);
	CHECK_EQ(probe(&env, 0x1008, cmd(2, 1, GS_RCS), &data), DMA_PROBE_STATUS_FAULT);
	/* VADDR 0x1 << 12 | GTTSEL | SRCID 0xff << 3 | TYPE 3 << 1 | VALID */
	CHECK_EQ(gs_loop_read(env.loop, RING_FAULT_REG_RCS), 0x1fff);
	CHECK_EQ(gs_loop_wait_msgs(env.loop, GENSIM_MSG_IRQ, 5000), GENSIM_MSG_IRQ);

	/* A PPGTT root in unmapped memory. */
	gs_loop_write(env.loop, RING_FAULT_REG_RCS, 0);
	pml4 = 0x800000000ull;
	set_root(&env, pml4);
	CHECK_EQ(probe(&env, 0x2000, cmd(1, 2, GS_RCS), &data), DMA_PROBE_STATUS_FAULT);
	CHECK_EQ(gs_loop_read(env.loop, RING_FAULT_REG_RCS), 0x27ff);
	CHECK_EQ(gs_loop_read(env.loop, GENSIM_MAGIC), GENSIM_MAGIC_VALUE);
	env_stop(&env);
}

int main(void)
{
	tap_run("fault register, TLB data and interrupt, bit by bit", t_fault_register_bits);
	tap_run("fault registers and interrupt bits per engine", t_fault_per_engine);
	tap_run("faults on absent engines are refused", t_fault_absent_engine);
	tap_run("DMA probe: window, GGTT and PPGTT; faults reported", t_probe_spaces);
	tap_run("DMA probe: its TLB is flushed by GFX_FLSH_CNTL", t_probe_tlb);
	tap_run("DMA probe: engine NONE reports nowhere", t_probe_engine_none);
	tap_run("DMA probe: malformed commands are BAD_CMD", t_probe_bad_cmd);
	if (UNDER_TSAN)
		tap_skip("DMA probe: unmapped memory in each space", "fault recovery is not TSan-safe");
	else
		tap_run("DMA probe: unmapped memory in each space", t_probe_unmapped);
	return tap_done();
}
