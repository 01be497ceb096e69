// SPDX-License-Identifier: MIT
/*
 * The register table as a table: unique, aligned, named rows; the access
 * rules (RW, RO, W1C, masked, WO) on their own; reset values and rules
 * end to end through the loopback channel.
 */
#include <stdio.h>
#include <string.h>

#include "core/device.h"
#include "device/loopback.h"
#include "tap.h"

static void t_table_is_unambiguous(void)
{
	struct gs_regfile rf;
	char why[160] = "";

	CHECK_MSG(!gs_regfile_init(&rf, 0xf, why, sizeof(why)), "%s", why);
	CHECK(rf.nr > 40);
	for (size_t i = 0; i < rf.nr; i++) {
		CHECK(rf.regs[i].desc->name && rf.regs[i].desc->name[0]);
		CHECK_EQ(rf.regs[i].offset & 3, 0);
		if (i)
			CHECK(rf.regs[i - 1].offset < rf.regs[i].offset);
		CHECK(gs_reg_lookup(&rf, rf.regs[i].offset) == &rf.regs[i]);
	}
	CHECK(gs_reg_lookup(&rf, 0x4) == NULL);
	CHECK(gs_reg_lookup(&rf, GEN8_MASTER_IRQ + 4) == NULL);
	gs_regfile_fini(&rf);
}

static void t_engine_rows_follow_engine_mask(void)
{
	struct gs_regfile rf;
	char why[160], name[64];
	const struct gs_reg *r;

	CHECK(!gs_regfile_init(&rf, BIT(GS_BCS), why, sizeof(why)));
	r = gs_reg_lookup(&rf, RING_IMR(BLT_RING_BASE));
	CHECK(r && r->engine == GS_BCS);
	gs_reg_name(r, name, sizeof(name));
	CHECK_MSG(!strcmp(name, "bcs0 IMR"), "name %s", name);
	CHECK(gs_reg_lookup(&rf, RING_IMR(RENDER_RING_BASE)) == NULL);
	r = gs_reg_lookup(&rf, GEN8_GT_IIR(2));
	CHECK(r && r->index == 2);
	gs_reg_name(r, name, sizeof(name));
	CHECK_MSG(!strcmp(name, "GT_IIR[2]"), "name %s", name);
	gs_regfile_fini(&rf);
}

static void t_access_rules(void)
{
	struct gs_reg_desc rw = { .access = GS_RW, .ro_mask = 0xff000000 };
	struct gs_reg_desc ro = { .access = GS_RO };
	struct gs_reg_desc w1c = { .access = GS_W1C, .ro_mask = 0x1 };
	struct gs_reg_desc masked = { .access = GS_MASKED, .ro_mask = BIT(9) };
	struct gs_reg_desc wo = { .access = GS_WO };

	CHECK_EQ(gs_reg_apply_rule(&rw, 0xaa000000, 0x12345678), 0xaa345678);
	CHECK_EQ(gs_reg_apply_rule(&ro, 0xcafe, 0xffffffff), 0xcafe);
	/* W1C: written ones clear, zeros keep, ro bits survive a one. */
	CHECK_EQ(gs_reg_apply_rule(&w1c, 0xf1, 0x31), 0xc1);
	CHECK_EQ(gs_reg_apply_rule(&w1c, 0xf1, 0), 0xf1);
	/* Masked: only bits enabled in 31:16 change; 31:16 read back 0. */
	CHECK_EQ(gs_reg_apply_rule(&masked, 0x0200, 0x01000100), 0x0300);
	CHECK_EQ(gs_reg_apply_rule(&masked, 0x0300, 0x01000000), 0x0200);
	CHECK_EQ(gs_reg_apply_rule(&masked, 0x0300, 0x00000000), 0x0300);
	CHECK_EQ(gs_reg_apply_rule(&masked, 0x0200, 0x02000000), 0x0200);	/* RO bit 9 */
	CHECK_EQ(gs_reg_apply_rule(&masked, 0x0000, 0x00ff00ff), 0x00ff);
	CHECK_EQ(gs_reg_apply_rule(&wo, 0x1234, 0x5678), 0);
}

static struct gs_loop *start(const struct gs_config *cfg)
{
	struct gs_loop *loop = gs_loop_create(cfg);

	CHECK(loop);
	CHECK_EQ(gs_loop_wait_msgs(loop, GENSIM_MSG_READY, 5000), GENSIM_MSG_READY);
	return loop;
}

/* Decode the fuses as a Gen8 driver does and count EUs. */
static unsigned int fused_eus(struct gs_loop *loop)
{
	uint32_t fuse2 = gs_loop_read(loop, GEN8_FUSE2);
	uint32_t d0 = gs_loop_read(loop, GEN8_EU_DISABLE0);
	uint32_t d1 = gs_loop_read(loop, GEN8_EU_DISABLE1);
	uint32_t d2 = gs_loop_read(loop, GEN8_EU_DISABLE2);
	uint32_t slice_dis[3] = { d0 & 0xffffff, d0 >> 24 | (d1 & 0xffff) << 8,
				  d1 >> 16 | (d2 & 0xff) << 16 };
	unsigned int s_ena = FIELD_GET(GEN8_F2_S_ENA, fuse2);
	unsigned int ss_ena = ~FIELD_GET(GEN8_F2_SS_DIS, fuse2) & 7;
	unsigned int n = 0;

	for (int s = 0; s < 3; s++)
		for (int ss = 0; ss < 3; ss++)
			if ((s_ena & BIT(s)) && (ss_ena & BIT(ss)))
				n += __builtin_popcount(~(slice_dis[s] >> (8 * ss)) & 0xff);
	return n;
}

static void t_reset_values(void)
{
	struct gs_config cfg;
	struct gs_loop *loop;

	gs_config_defaults(&cfg);
	loop = start(&cfg);
	CHECK_EQ(gs_loop_read(loop, GENSIM_PCI_ID), 0x16168086);
	CHECK_EQ(gs_loop_read(loop, GENSIM_PCI_CLASS_REV), 0x03000009);
	CHECK_EQ(FIELD_GET(GMCH_GGMS, gs_loop_read(loop, GENSIM_PCI_GMCH_CTRL)), 3);
	CHECK_EQ(gs_loop_read(loop, GENSIM_MAGIC), GENSIM_MAGIC_VALUE);
	CHECK_EQ(gs_loop_read(loop, GENSIM_ABI_VERSION), GENSIM_CHANNEL_ABI_VERSION);
	CHECK_EQ(gs_loop_read(loop, GENSIM_ENGINE_MASK), 0xf);
	CHECK_EQ(gs_loop_read(loop, GENSIM_THREADS_PER_EU), 7);
	CHECK_EQ(gs_loop_read(loop, GEN8_FUSE2), (1u << 25) | (0u << 21));
	CHECK_EQ(gs_loop_read(loop, GEN8_EU_DISABLE0), 0xff000000);
	CHECK_EQ(gs_loop_read(loop, GEN8_EU_DISABLE1), 0xffffffff);
	CHECK_EQ(gs_loop_read(loop, GEN8_EU_DISABLE2), 0xff);
	CHECK_EQ(fused_eus(loop), 24);
	CHECK_EQ(gs_loop_read(loop, GEN8_MASTER_IRQ), 0);
	for (int b = 0; b < GEN8_GT_NR_BANKS; b++) {
		CHECK_EQ(gs_loop_read(loop, GEN8_GT_IMR(b)), 0xffffffff);
		CHECK_EQ(gs_loop_read(loop, GEN8_GT_IIR(b)), 0);
		CHECK_EQ(gs_loop_read(loop, GEN8_GT_IER(b)), 0);
	}
	for (int e = 0; e < GS_NUM_ENGINES; e++) {
		CHECK_EQ(gs_loop_read(loop, RING_IMR(gs_engine_mmio_base[e])), 0xffffffff);
		CHECK_EQ(gs_loop_read(loop, RING_MI_MODE(gs_engine_mmio_base[e])), MODE_IDLE);
	}
	CHECK_EQ(gs_loop_read(loop, GEN6_GDRST), 0);
	CHECK_EQ(gs_loop_read(loop, FPGA_DBG), 0);
	gs_loop_destroy(loop);
}

static void t_topologies(void)
{
	static const unsigned int shapes[][3] = {
		{ 1, 1, 1 }, { 1, 2, 6 }, { 2, 3, 8 }, { 3, 3, 8 }, { 3, 2, 5 },
	};

	for (size_t i = 0; i < sizeof(shapes) / sizeof(shapes[0]); i++) {
		struct gs_config cfg;
		struct gs_loop *loop;

		gs_config_defaults(&cfg);
		cfg.slices = shapes[i][0];
		cfg.subslices = shapes[i][1];
		cfg.eus = shapes[i][2];
		loop = start(&cfg);
		CHECK_EQ(fused_eus(loop), shapes[i][0] * shapes[i][1] * shapes[i][2]);
		gs_loop_destroy(loop);
	}
}

static void t_rules_through_channel(void)
{
	struct gs_config cfg;
	struct gs_loop *loop;
	const uint32_t mi_mode = RING_MI_MODE(BLT_RING_BASE);

	gs_config_defaults(&cfg);
	loop = start(&cfg);

	/* RO: the identity cannot be rewritten. */
	gs_loop_write(loop, GENSIM_PCI_ID, 0xdeadbeef);
	CHECK_EQ(gs_loop_read(loop, GENSIM_PCI_ID), 0x16168086);

	/* RW */
	gs_loop_write(loop, GENSIM_SCRATCH, 0x12345678);
	CHECK_EQ(gs_loop_read(loop, GENSIM_SCRATCH), 0x12345678);

	/* Masked: STOP_RING set and cleared through the enable half; MODE_IDLE stays. */
	gs_loop_write(loop, mi_mode, STOP_RING << 16 | STOP_RING);
	CHECK_EQ(gs_loop_read(loop, mi_mode), MODE_IDLE | STOP_RING);
	gs_loop_write(loop, mi_mode, STOP_RING);		/* no enable: ignored */
	gs_loop_write(loop, mi_mode, MODE_IDLE << 16);		/* RO bit */
	CHECK_EQ(gs_loop_read(loop, mi_mode), MODE_IDLE | STOP_RING);
	gs_loop_write(loop, mi_mode, STOP_RING << 16);
	CHECK_EQ(gs_loop_read(loop, mi_mode), MODE_IDLE);

	/* Unclaimed: flagged in FPGA_DBG with the offset; FPGA_DBG is W1C. */
	gs_loop_write(loop, 0x4, 1);
	CHECK_EQ(gs_loop_read(loop, FPGA_DBG), FPGA_DBG_RM_NOCLAIM);
	CHECK_EQ(gs_loop_read(loop, GENSIM_UNCLAIMED_OFFSET), 0x4);
	gs_loop_write(loop, GENSIM_BAR0_GGTT_OFFSET, 1);	/* PTEs are not registers */
	CHECK_EQ(gs_loop_read(loop, GENSIM_UNCLAIMED_OFFSET), GENSIM_BAR0_GGTT_OFFSET);
	gs_loop_write(loop, FPGA_DBG, 0);
	CHECK_EQ(gs_loop_read(loop, FPGA_DBG), FPGA_DBG_RM_NOCLAIM);
	gs_loop_write(loop, FPGA_DBG, FPGA_DBG_RM_NOCLAIM);
	CHECK_EQ(gs_loop_read(loop, FPGA_DBG), 0);
	CHECK_EQ(gs_loop_device(loop)->unclaimed, 2);

	/* WO: reads 0 after the write. */
	gs_loop_write(loop, GENSIM_DMA_PROBE_CMD, 0x77);
	CHECK_EQ(gs_loop_read(loop, GENSIM_DMA_PROBE_CMD), 0);
	CHECK_EQ(gs_loop_read(loop, GENSIM_DMA_PROBE_STATUS), DMA_PROBE_STATUS_BAD_CMD);
	gs_loop_destroy(loop);
}

static void t_gdrst(void)
{
	struct gs_config cfg;
	struct gs_loop *loop;
	const uint32_t rcs_imr = RING_IMR(RENDER_RING_BASE), bcs_imr = RING_IMR(BLT_RING_BASE);

	gs_config_defaults(&cfg);
	loop = start(&cfg);
	gs_loop_write(loop, GENSIM_SCRATCH, 5);
	gs_loop_write(loop, rcs_imr, 0);
	gs_loop_write(loop, bcs_imr, 0);

	/* An engine domain resets only that engine's registers. */
	gs_loop_write(loop, GEN6_GDRST, GEN6_GRDOM_BLT);
	CHECK_EQ(gs_loop_read(loop, GEN6_GDRST), 0);
	CHECK_EQ(gs_loop_read(loop, bcs_imr), 0xffffffff);
	CHECK_EQ(gs_loop_read(loop, rcs_imr), 0);
	CHECK_EQ(gs_loop_read(loop, GENSIM_SCRATCH), 5);

	/* A full reset resets everything, and the bit reads back clear at once. */
	gs_loop_write(loop, GEN6_GDRST, GEN6_GRDOM_FULL);
	CHECK_EQ(gs_loop_read(loop, GEN6_GDRST), 0);
	CHECK_EQ(gs_loop_read(loop, GENSIM_SCRATCH), 0);
	CHECK_EQ(gs_loop_read(loop, rcs_imr), 0xffffffff);
	CHECK_EQ(gs_loop_read(loop, GENSIM_PCI_ID), 0x16168086);
	gs_loop_destroy(loop);
}

static void t_config_validation(void)
{
	struct gs_config cfg;
	char why[160];
	uint32_t mask;

	gs_config_defaults(&cfg);
	CHECK(!gs_config_validate(&cfg, why, sizeof(why)));
	cfg.slices = 4;
	CHECK(gs_config_validate(&cfg, why, sizeof(why)));
	CHECK(strstr(why, "slices"));
	gs_config_defaults(&cfg);
	cfg.eus = 9;
	CHECK(gs_config_validate(&cfg, why, sizeof(why)));
	gs_config_defaults(&cfg);
	cfg.engine_mask = 0;
	CHECK(gs_config_validate(&cfg, why, sizeof(why)));
	CHECK(gs_loop_create(&cfg) == NULL);

	CHECK(!gs_config_parse_engines("rcs0,vecs", &mask));
	CHECK_EQ(mask, BIT(GS_RCS) | BIT(GS_VECS));
	CHECK(!gs_config_parse_engines("all", &mask));
	CHECK_EQ(mask, 0xf);
	CHECK(gs_config_parse_engines("rcs0,gpu", &mask));
	CHECK(gs_config_parse_engines("", &mask));
}

int main(void)
{
	tap_run("register table is unambiguous", t_table_is_unambiguous);
	tap_run("engine rows follow the engine mask", t_engine_rows_follow_engine_mask);
	tap_run("access rules RW RO W1C masked WO", t_access_rules);
	tap_run("reset values", t_reset_values);
	tap_run("fuses describe the configured topology", t_topologies);
	tap_run("access rules through the channel", t_rules_through_channel);
	tap_run("GDRST engine and full reset", t_gdrst);
	tap_run("configuration validation", t_config_validation);
	return tap_done();
}
