// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The gensim authors
 */

/**
 * DOC: KUnit tests of the driver's parsers of device state
 *
 * The device process is untrusted: every value the driver reads from it
 * goes through a parser that bounds it.  These tests feed those parsers
 * the values a broken or hostile device could write, and check that the
 * result stays inside what the driver can follow:
 *
 * - gensim_csb_check(): context status entries, including entries with no
 *   switch type and switches the driver's execlist mirror cannot follow;
 * - gensim_dump_ring_window(): the ring head a hang dump starts from,
 *   including heads far outside the ring (a real Oops once);
 * - gensim_topology_decode(): the fuse registers, including values with
 *   bits beyond the Gen8 maxima and fuses that leave no EU;
 * - gensim_seqno_passed(): breadcrumbs across the 32-bit wrap.
 *
 * Built as gensim_kunit.ko when the kernel has KUnit (the rig's debug
 * kernel); loading it after gensim.ko runs the suite "gensim", whose
 * results are in dmesg and /sys/kernel/debug/kunit/gensim/results.
 */

#include <kunit/test.h>
#include <linux/bitfield.h>
#include <linux/module.h>
#include <linux/sizes.h>
#include <linux/string.h>

#include "gensim_drv.h"

static void csb_accepts_what_it_can_follow(struct kunit *test)
{
	KUNIT_EXPECT_NULL(test, gensim_csb_check(CSB_IDLE_TO_ACTIVE, true, false));
	KUNIT_EXPECT_NULL(test, gensim_csb_check(CSB_PREEMPTED | CSB_IDLE_TO_ACTIVE, true, true));
	KUNIT_EXPECT_NULL(test, gensim_csb_check(CSB_ELEMENT_SWITCH, false, true));
	KUNIT_EXPECT_NULL(test, gensim_csb_check(CSB_ACTIVE_TO_IDLE | CSB_CONTEXT_COMPLETE,
						 false, true));
}

static void csb_rejects_what_it_cannot(struct kunit *test)
{
	/* A promotion with nothing pending, a retirement with nothing in flight. */
	KUNIT_EXPECT_NOT_NULL(test, gensim_csb_check(CSB_IDLE_TO_ACTIVE, false, true));
	KUNIT_EXPECT_NOT_NULL(test, gensim_csb_check(CSB_PREEMPTED, false, false));
	KUNIT_EXPECT_NOT_NULL(test, gensim_csb_check(CSB_ELEMENT_SWITCH, true, false));
	KUNIT_EXPECT_NOT_NULL(test, gensim_csb_check(CSB_ACTIVE_TO_IDLE, false, false));
	/* No switch type at all. */
	KUNIT_EXPECT_NOT_NULL(test, gensim_csb_check(0, true, true));
	KUNIT_EXPECT_NOT_NULL(test, gensim_csb_check(CSB_CONTEXT_COMPLETE, true, true));
}

static void ring_window_stays_inside(struct kunit *test)
{
	static const u32 heads[] = { 0, 4, 60, 64, 128, 192, 0x1000, SZ_16K - 64, SZ_16K - 4,
				     SZ_16K, SZ_16K + 4, 0x100000, 0x1ffffc, U32_MAX & ~3u };
	int i;

	for (i = 0; i < ARRAY_SIZE(heads); i++) {
		u32 start = U32_MAX, n = U32_MAX;
		bool inside = gensim_dump_ring_window(heads[i], SZ_16K, &start, &n);

		KUNIT_EXPECT_EQ_MSG(test, inside, heads[i] < SZ_16K, "head %#x", heads[i]);
		KUNIT_EXPECT_LT_MSG(test, start, (u32)SZ_16K, "head %#x", heads[i]);
		KUNIT_EXPECT_GT_MSG(test, n, 0u, "head %#x", heads[i]);
		KUNIT_EXPECT_LE_MSG(test, start + 4 * n, (u32)SZ_16K, "head %#x", heads[i]);
		if (inside) {
			/* The dumped dwords surround the head. */
			KUNIT_EXPECT_LE(test, start, heads[i]);
			KUNIT_EXPECT_TRUE(test, heads[i] < start + 4 * n ||
					  start + 4 * n == SZ_16K);
		}
	}
}

static void topology_decodes_fuses(struct kunit *test)
{
	struct gensim_info info = {};
	/* One slice, three subslices, every EU enabled: 24 EUs. */
	u32 dis[3] = { 0, 0, 0 };
	u32 fuse2 = FIELD_PREP(GEN8_F2_S_ENA, 1);

	KUNIT_ASSERT_EQ(test, gensim_topology_decode(&info, fuse2, dis), 0);
	KUNIT_EXPECT_EQ(test, info.slice_mask, 1);
	KUNIT_EXPECT_EQ(test, info.subslice_mask, 7);
	KUNIT_EXPECT_EQ(test, info.eu_total, 24u);

	/* Subslice 1 disabled and two EUs of subslice 0 fused off: 14 EUs. */
	fuse2 |= FIELD_PREP(GEN8_F2_SS_DIS, 2);
	dis[0] = 0x3;
	KUNIT_ASSERT_EQ(test, gensim_topology_decode(&info, fuse2, dis), 0);
	KUNIT_EXPECT_EQ(test, info.subslice_mask, 5);
	KUNIT_EXPECT_EQ(test, info.eu_mask[0][0], 0xfcu);
	KUNIT_EXPECT_EQ(test, info.eu_mask[0][1], 0u);
	KUNIT_EXPECT_EQ(test, info.eu_total, 14u);
}

static void topology_bounds_hostile_fuses(struct kunit *test)
{
	struct gensim_info info = {};
	u32 dis[3] = { U32_MAX, U32_MAX, U32_MAX };

	/* Every bit set: every EU disabled, so the probe refuses the device. */
	KUNIT_EXPECT_EQ(test, gensim_topology_decode(&info, U32_MAX, dis), -ENODEV);
	KUNIT_EXPECT_EQ(test, info.eu_total, 0u);
	KUNIT_EXPECT_EQ(test, info.slice_mask & ~GENMASK(GEN8_MAX_SLICES - 1, 0), 0);

	/* No slice enabled. */
	memset(dis, 0, sizeof(dis));
	KUNIT_EXPECT_EQ(test, gensim_topology_decode(&info, 0, dis), -ENODEV);

	/* All three slices: at most 3 x 3 x 8 EUs, whatever else is set. */
	KUNIT_EXPECT_EQ(test, gensim_topology_decode(&info, GEN8_F2_S_ENA, dis), 0);
	KUNIT_EXPECT_EQ(test, info.eu_total, 72u);
}

static void seqno_wraps(struct kunit *test)
{
	KUNIT_EXPECT_TRUE(test, gensim_seqno_passed(5, 5));
	KUNIT_EXPECT_TRUE(test, gensim_seqno_passed(6, 5));
	KUNIT_EXPECT_FALSE(test, gensim_seqno_passed(4, 5));
	KUNIT_EXPECT_TRUE(test, gensim_seqno_passed(2, U32_MAX - 1));
	KUNIT_EXPECT_FALSE(test, gensim_seqno_passed(U32_MAX - 1, 2));
}

static struct kunit_case gensim_parser_cases[] = {
	KUNIT_CASE(csb_accepts_what_it_can_follow),
	KUNIT_CASE(csb_rejects_what_it_cannot),
	KUNIT_CASE(ring_window_stays_inside),
	KUNIT_CASE(topology_decodes_fuses),
	KUNIT_CASE(topology_bounds_hostile_fuses),
	KUNIT_CASE(seqno_wraps),
	{}
};

static struct kunit_suite gensim_parser_suite = {
	.name = "gensim",
	.test_cases = gensim_parser_cases,
};

kunit_test_suite(gensim_parser_suite);

MODULE_DESCRIPTION("KUnit tests of gensim's parsers of device state");
MODULE_LICENSE("GPL");
MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);
