// SPDX-License-Identifier: MIT
/*
 * Gen8 instruction compaction tables, as data.
 *
 * A compacted instruction (Mesa src/intel/compiler/brw_eu_compact.c)
 * stores 5-bit indices into four 32-entry tables (control, datatype,
 * subregister, source region); each entry is a run of native bits, and the
 * maps below say which native bit ranges an entry fills, most significant
 * first.  The compacted three-source form uses two 4-entry tables the same
 * way.
 *
 * Values: the Broadwell tables of Mesa's brw_eu_compact.c (the three-source
 * ones are Cherryview's with the two/three high bits dropped, which Mesa
 * notes are zero on Broadwell), rewritten here in hex.  The maps are the
 * bit ranges Mesa's set_uncompacted_*() functions write.
 */
#include "eu_compact.h"

/* control index: 33:31 (sat, flag), 23:12, 10:9 (depctrl), 34 (NoMask), 8 */
static const struct gseu_cpiece ctl_map[] = {
	{ 33, 31 }, { 23, 12 }, { 10, 9 }, { 34, 34 }, { 8, 8 },
};
static const uint64_t ctl_tab[32] = {
	0x00002, 0x04000, 0x04001, 0x04002, 0x04003, 0x04004, 0x04005, 0x04007,
	0x04008, 0x04009, 0x0400d, 0x06000, 0x06001, 0x06002, 0x06003, 0x06004,
	0x06005, 0x06007, 0x06009, 0x0600d, 0x06010, 0x06100, 0x08000, 0x08002,
	0x08004, 0x08100, 0x16000, 0x16010, 0x18000, 0x18100, 0x28000, 0x28100,
};

/* datatype index: 63:61 (dst mode, hstride), 94:89 (src1 file/type),
 * 46:35 (src0 type/file, dst type/file) */
static const struct gseu_cpiece dt_map[] = {
	{ 63, 61 }, { 94, 89 }, { 46, 35 },
};
static const uint64_t dt_tab[32] = {
	0x040001, 0x040040, 0x040041, 0x0400c1, 0x04015d, 0x0405dd, 0x040741, 0x040745,
	0x04075d, 0x041041, 0x043040, 0x043041, 0x045145, 0x047144, 0x047145, 0x05c75d,
	0x05d71d, 0x05d75c, 0x05d75d, 0x05f75c, 0x00040c, 0x04005d, 0x040145, 0x041040,
	0x045144, 0x047104, 0x049209, 0x05775d, 0x05f75d, 0x04f34c, 0x049248, 0x04b248,
};

/* subregister index: src1 100:96, src0 68:64, dst 52:48 */
static const struct gseu_cpiece sr_map[] = {
	{ 100, 96 }, { 68, 64 }, { 52, 48 },
};
static const uint64_t sr_tab[32] = {
	0x0000, 0x0001, 0x0008, 0x000f, 0x0010, 0x0080, 0x0100, 0x0180,
	0x0200, 0x0210, 0x0280, 0x1000, 0x1001, 0x1081, 0x1082, 0x1083,
	0x1084, 0x1087, 0x1088, 0x108e, 0x108f, 0x1180, 0x11e8, 0x2000,
	0x2180, 0x3000, 0x3c87, 0x4000, 0x5000, 0x6000, 0x7000, 0x701c,
};

/* source index: vstride, width, hstride, mode, negate, abs of one source */
static const struct gseu_cpiece src0_map[] = { { 88, 77 } };
static const struct gseu_cpiece src1_map[] = { { 120, 109 } };
static const uint64_t src_tab[32] = {
	0x000, 0x002, 0x010, 0x012, 0x018, 0x020, 0x028, 0x048,
	0x050, 0x070, 0x078, 0x300, 0x302, 0x308, 0x310, 0x312,
	0x320, 0x328, 0x338, 0x340, 0x342, 0x348, 0x350, 0x360,
	0x368, 0x370, 0x371, 0x378, 0x468, 0x469, 0x46a, 0x588,
};

/* three-source control index: 34:32 (NoMask, flag), 28:8 (header) */
static const struct gseu_cpiece ctl3_map[] = { { 34, 32 }, { 28, 8 } };
static const uint64_t ctl3_tab[4] = { 0x806001, 0x006001, 0x008001, 0x008021 };

/* three-source source index: top bits of the three register numbers,
 * the three swizzles, and 55:37 (dst subreg, writemask, types, modifiers) */
static const struct gseu_cpiece src3_map[] = {
	{ 125, 125 }, { 104, 104 }, { 83, 83 }, { 114, 107 }, { 93, 86 },
	{ 72, 65 }, { 55, 37 },
};
static const uint64_t src3_tab[4] = {
	0x7272720f000, 0x7272720f002, 0x7272720f008, 0x7272720f020,
};

#define MAP(name, m, t, nb) \
	{ name, m, sizeof(m) / sizeof(m[0]), t, sizeof(t) / sizeof(t[0]), nb }

const struct gseu_ctable gseu_ct_control = MAP("control", ctl_map, ctl_tab, 19);
const struct gseu_ctable gseu_ct_datatype = MAP("datatype", dt_map, dt_tab, 21);
const struct gseu_ctable gseu_ct_subreg = MAP("subregister", sr_map, sr_tab, 15);
const struct gseu_ctable gseu_ct_src0 = MAP("src0 region", src0_map, src_tab, 12);
const struct gseu_ctable gseu_ct_src1 = MAP("src1 region", src1_map, src_tab, 12);
const struct gseu_ctable gseu_ct_control3 = MAP("3-src control", ctl3_map, ctl3_tab, 24);
const struct gseu_ctable gseu_ct_source3 = MAP("3-src source", src3_map, src3_tab, 46);
