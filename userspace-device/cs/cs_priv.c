// SPDX-License-Identifier: MIT
/*
 * The non-privileged register whitelist (PRM Vol. 6 Command Stream
 * Programming (Cherryview 2015), "User Mode Non-Privileged Registers",
 * one table in each engine's chapter: RCS, BCS, VCS and VECS).
 *
 * These are the registers a non-privileged batch may write with
 * MI_LOAD_REGISTER_IMM, _MEM or _REG; any other destination is privileged
 * (PRM Vol. 6 Command Stream Programming (Cherryview 2015), "User Mode
 * Non-Privileged Registers" (RCS)).  gensim choices: reads are not
 * restricted (MI_STORE_REGISTER_MEM may read any register: the PRM speaks
 * of writes only); BCS_SWCTRL, listed as "32" dwords, is one register;
 * the second video engine's entries are kept although gensim has no vcs1.
 */
#include "cs/cs.h"
#include "cs/engine.h"
#include "core/hw.h"

struct range {
	uint32_t offset;
	uint16_t dwords;
};

static const struct range rcs[] = {
	{ 0x2094, 1 },	/* NOPID */
	{ 0x23bc, 1 },	/* MI_PREDICATE_RESULT_2 */
	{ 0x20c0, 1 },	/* INSTPM */
	{ 0x2310, 2 },	/* IA_VERTICES_COUNT */
	{ 0x2318, 2 },	/* IA_PRIMITIVES_COUNT */
	{ 0x2320, 2 },	/* VS_INVOCATION_COUNT */
	{ 0x2300, 2 },	/* HS_INVOCATION_COUNT */
	{ 0x2308, 2 },	/* DS_INVOCATION_COUNT */
	{ 0x2328, 2 },	/* GS_INVOCATION_COUNT */
	{ 0x2330, 2 },	/* GS_PRIMITIVES_COUNT */
	{ 0x2338, 2 },	/* CL_INVOCATION_COUNT */
	{ 0x2340, 2 },	/* CL_PRIMITIVES_COUNT */
	{ 0x22c8, 2 },	/* PS_INVOCATION_COUNT_0 */
	{ 0x22d8, 2 },	/* PS_DEPTH_COUNT_0 */
	{ 0x2500, 1 },	/* GPGPU_DISPATCHDIMX */
	{ 0x2504, 1 },	/* GPGPU_DISPATCHDIMY */
	{ 0x2508, 1 },	/* GPGPU_DISPATCHDIMZ */
	{ 0x2400, 2 },	/* MI_PREDICATE_SRC0 */
	{ 0x2408, 2 },	/* MI_PREDICATE_SRC1 */
	{ 0x2410, 2 },	/* MI_PREDICATE_DATA */
	{ 0x2418, 1 },	/* MI_PRED_RESULT */
	{ 0x2420, 1 },	/* 3DPRIM_END_OFFSET */
	{ 0x2430, 1 },	/* 3DPRIM_START_VERTEX */
	{ 0x2434, 1 },	/* 3DPRIM_VERTEX_COUNT */
	{ 0x2438, 1 },	/* 3DPRIM_INSTANCE_COUNT */
	{ 0x243c, 1 },	/* 3DPRIM_START_INSTANCE */
	{ 0x2440, 1 },	/* 3DPRIM_BASE_VERTEX */
	{ 0x2290, 2 },	/* GPGPU_THREADS_DISPATCHED */
	{ 0x22f0, 2 },	/* PS_INVOCATION_COUNT_1 */
	{ 0x22f8, 2 },	/* PS_DEPTH_COUNT_1 */
	{ 0x2158, 1 },	/* BB_OFFSET */
	{ 0x241c, 1 },	/* MI_PREDICATE_RESULT_1 */
	{ 0x2600, 32 },	/* CS_GPR 0-15 */
	{ 0x2448, 2 },	/* PS_INVOCATION_COUNT_2 */
	{ 0x2450, 2 },	/* PS_DEPTH_COUNT_2 */
	{ 0x7000, 1 },	/* CACHE_MODE_0 */
	{ 0x7004, 1 },	/* CACHE_MODE_1 */
	{ 0x7008, 1 },	/* GT_MODE */
	{ 0x7034, 1 },	/* L3_CONFIG */
	{ 0xe400, 1 },	/* TD_CTL */
	{ 0xe404, 1 },	/* TD_CTL2 */
	{ 0x5200, 2 }, { 0x5208, 2 }, { 0x5210, 2 }, { 0x5218, 2 },	/* SO_NUM_PRIMS_WRITTEN0-3 */
	{ 0x5240, 2 }, { 0x5248, 2 }, { 0x5250, 2 }, { 0x5258, 2 },	/* SO_PRIM_STORAGE_NEEDED0-3 */
	{ 0x5280, 1 }, { 0x5284, 1 }, { 0x5288, 1 }, { 0x528c, 1 },	/* SO_WRITE_OFFSET0-3 */
	{ 0x91b8, 1 }, { 0x91bc, 1 },	/* PERF_CNT_1_DW0/1 */
	{ 0x91c0, 1 }, { 0x91c4, 1 },	/* PERF_CNT_2_DW0/1 */
};

static const struct range bcs[] = {
	{ 0x22600, 32 },	/* BCS_GPR */
	{ 0x22200, 1 },		/* BCS_SWCTRL */
};

static const struct range vcs[] = {
	{ 0x12600, 32 },	/* VCS_GPR */
	{ 0x1c600, 32 },	/* VCS_GPR of the second VCS */
	{ 0x12800, 64 },	/* MFC_VDBOX1 */
	{ 0x1c800, 64 },	/* MFC_VDBOX2 */
};

static const struct range vecs[] = {
	{ 0x1a600, 32 },	/* VECS_GPR */
};

static const struct {
	const struct range *r;
	size_t n;
} lists[GS_NUM_ENGINES] = {
	[GS_RCS] = { rcs, sizeof(rcs) / sizeof(rcs[0]) },
	[GS_BCS] = { bcs, sizeof(bcs) / sizeof(bcs[0]) },
	[GS_VCS] = { vcs, sizeof(vcs) / sizeof(vcs[0]) },
	[GS_VECS] = { vecs, sizeof(vecs) / sizeof(vecs[0]) },
};

/* May a non-privileged batch on @engine write the register at @offset? */
bool gs_cs_reg_whitelisted(int engine, uint32_t offset)
{
	if (engine < 0 || engine >= GS_NUM_ENGINES)
		return false;
	for (size_t i = 0; i < lists[engine].n; i++) {
		const struct range *r = &lists[engine].r[i];

		if (offset >= r->offset && offset < r->offset + 4u * r->dwords)
			return true;
	}
	return false;
}
