// SPDX-License-Identifier: MIT
/*
 * Binding tables, RENDER_SURFACE_STATE, and where a data-port message's
 * bytes live (hw-spec-compute "Surfaces"; PRM Vol. 6 3D-Media-GPGPU
 * (Broxton 2017), "Shared Functions", "3D Sampler", "State" for the
 * binding table walk; special BTIs from EXT Mesa brw_eu_defines.h; Gen8
 * layouts from EXT Mesa genxml gen8.xml, the buffer size split from EXT
 * Mesa isl_surface_state.c).
 *
 * Binding table entry (BINDING_TABLE_STATE): bits 31:6 = offset of the
 * RENDER_SURFACE_STATE from Surface State Base.  The table itself is at
 * Surface State Base + the IDD's Binding Table Pointer; entry n is at +4n.
 *
 * RENDER_SURFACE_STATE (Gen8, 16 DW) fields gensim reads:
 *   DW0 31:29 type (0 1D, 1 2D, 2 3D, 3 CUBE, 4 BUFFER, 5 STRBUF, 7 NULL),
 *       28 array, 26:18 format, 13:12 tile mode (0 linear)
 *   DW2 29:16 height - 1, 13:0 width - 1
 *   DW3 31:21 depth - 1, 17:0 pitch - 1
 *   DW5 7:4 surface min LOD, 3:0 MIP count
 *   DW7 27:25 / 24:22 / 21:19 / 18:16 shader channel select R/G/B/A
 *       (0 zero, 1 one, 4 red, 5 green, 6 blue, 7 alpha)
 *   DW8-9 surface base address (bits 47:0)
 * A BUFFER holds (entries) elements of (pitch) bytes, entries - 1 split
 * as Width[6:0] = bits 6:0, Height[13:0] = bits 20:7, Depth[9:0] = bits
 * 30:21.  Data-port messages address buffers in bytes; gensim bounds them
 * at entries x pitch bytes (RAW buffers have pitch 1).
 *
 * Special binding table indices (Gen8): 255 stateless (IA-coherent), 253
 * stateless non-coherent, 254 shared local memory; both stateless ones
 * address General State Base + a 32-bit offset.  gensim: 240..252 are
 * reserved and refused.
 *
 * Out of bounds (965/G35 PRM Vol. 4 Subsystem and Cores (2008), 5.10.2
 * "OWord Block Read/Write" and 5.10.5 "DWord Scattered Read/Write"): reads
 * return 0 and writes are dropped, per element; a NULL surface reads 0
 * and drops every write.  gensim applies the same rule to SLM offsets
 * past the group's SLM size and to stateless offsets past General State
 * Buffer Size.  Only an access that is in bounds touches memory, so only
 * it can fault.
 *
 * SLM addresses: only bits 15:0 of an SLM (BTI 254) offset are
 * significant -- 64 KiB is the most SLM a group can have (IDD SLM size
 * 16) -- and the data port ignores bits 31:16, for every message that
 * reaches SLM (untyped, atomic, scattered, block).  Intel's compiler
 * relies on it: it sets bit 28 of every __local pointer so that no valid
 * local pointer is the null bit pattern (EXT IGC InlineLocalsResolution.hpp,
 * VALID_LOCAL_HIGH_BITS: "only the low 16 bits of SLM addresses are
 * significant").  gensim drops bits 31:16 first, then bounds the rest by
 * the group's SLM size; an element that straddles 64 KiB is out of bounds
 * (it would wrap; nothing sends one).
 */
#include <string.h>

#include "compute/array_priv.h"

#define BTI_STATELESS_NC	253
#define BTI_SLM			254
#define BTI_STATELESS		255
#define BTI_FIRST_RESERVED	240
#define VA_MASK			((1ull << 48) - 1)
#define SLM_ADDR_MASK		0xffffull	/* SLM offset bits 15:0 */

/* The offset @tg's memory sees: SLM drops bits 31:16 (above). */
static uint64_t target_off(const struct ea_target *tg, uint64_t off)
{
	return tg->kind == EA_T_SLM ? off & SLM_ADDR_MASK : off;
}

/*
 * SLM is shared by a group's threads, which run on different workers: two
 * threads may write one dword at once (IGC's work_group_any/all have every
 * thread store the same flag) or read what another writes.  The hardware
 * makes each dword access whole; gensim copies SLM bytes with relaxed
 * atomics, so that such a race is the hardware's (either value, never a
 * torn one within a dword when both are dword aligned) and not undefined
 * behaviour of the simulator.  Ordering between threads is the barrier's.
 */
static void slm_copy(uint8_t *dst, const uint8_t *src, size_t len)
{
	if (!((uintptr_t)dst & 3) && !((uintptr_t)src & 3) && !(len & 3)) {
		uint32_t *d = (uint32_t *)dst;
		const uint32_t *s = (const uint32_t *)src;

		for (size_t i = 0; i < len / 4; i++)
			__atomic_store_n(&d[i], __atomic_load_n(&s[i], __ATOMIC_RELAXED),
					 __ATOMIC_RELAXED);
		return;
	}
	for (size_t i = 0; i < len; i++)
		__atomic_store_n(&dst[i], __atomic_load_n(&src[i], __ATOMIC_RELAXED),
				 __ATOMIC_RELAXED);
}

int ea_surface_load(struct ea_sf *c, unsigned int src, unsigned int bti, struct ea_surface *surf)
{
	const struct gs_eu_dispatch *d = &c->run->d;
	uint64_t bt = d->surface_state_base + (d->binding_table_ptr & ~31u) + 4ull * bti;
	uint32_t entry, dw[16];

	if (ea_gpu_read(c, src, bt & VA_MASK, &entry, 4) ||
	    ea_gpu_read(c, src, (d->surface_state_base + (entry & ~63u)) & VA_MASK, dw,
			sizeof(dw)))
		return -1;
	memset(surf, 0, sizeof(*surf));
	surf->type = dw[0] >> 29;
	surf->array = dw[0] >> 28 & 1;
	surf->format = dw[0] >> 18 & 0x1ff;
	surf->tile_mode = dw[0] >> 12 & 3;
	surf->width = (dw[2] & 0x3fff) + 1;
	surf->height = (dw[2] >> 16 & 0x3fff) + 1;
	surf->depth = dw[3] >> 21;
	surf->pitch = (dw[3] & 0x3ffff) + 1;
	surf->mip_count = dw[5] & 0xf;
	surf->min_lod = dw[5] >> 4 & 0xf;
	surf->samples = dw[4] >> 3 & 7;
	surf->x_offset = dw[5] >> 25 & 0x7f;
	surf->y_offset = dw[5] >> 21 & 7;
	for (unsigned int i = 0; i < 4; i++)
		surf->scs[i] = (uint8_t)(dw[7] >> (25 - 3 * i) & 7);
	surf->base = ((uint64_t)dw[9] << 32 | dw[8]) & VA_MASK;
	if (surf->type == EA_SURF_BUFFER) {
		uint64_t entries = ((uint64_t)(dw[3] >> 21 & 0x3ff) << 21 |
				    (uint64_t)(dw[2] >> 16 & 0x3fff) << 7 | (dw[2] & 0x7f)) + 1;

		surf->size = entries * surf->pitch;
	}
	return 0;
}

static const char *const type_names[8] = {
	"1D", "2D", "3D", "CUBE", "BUFFER", "STRBUF", "type 6 (reserved)", "NULL",
};

int ea_target_bti(struct ea_sf *c, unsigned int bti, struct ea_target *tg)
{
	const struct gs_eu_dispatch *d = &c->run->d;
	struct ea_surface surf;

	memset(tg, 0, sizeof(*tg));
	if (bti == BTI_SLM) {
		if (!d->slm_size) {
			ea_sf_error(c, GS_EU_ERR_MESSAGE,
				    "shared local memory (BTI 254), but the dispatch has none "
				    "(IDD SLM size 0)");
			return -1;
		}
		tg->kind = EA_T_SLM;
		tg->slm = c->s->grp->slm;
		tg->size = d->slm_size;
		return 0;
	}
	if (bti == BTI_STATELESS || bti == BTI_STATELESS_NC) {
		tg->kind = EA_T_MEM;
		tg->base = d->general_state_base;
		tg->size = d->general_state_size ? d->general_state_size : 1ull << 32;
		return 0;
	}
	if (bti >= BTI_FIRST_RESERVED) {
		ea_sf_error(c, GS_EU_ERR_MESSAGE,
			    "binding table index %u is reserved (0..239 are surfaces, 253/255 "
			    "stateless, 254 SLM)", bti);
		return -1;
	}
	if (ea_surface_load(c, FAULT_SRC_DATAPORT, bti, &surf))
		return -1;
	if (surf.type == EA_SURF_NULL) {
		tg->kind = EA_T_NULL;
		return 0;
	}
	if (surf.type != EA_SURF_BUFFER) {
		ea_sf_error(c, GS_EU_ERR_MESSAGE,
			    "binding table index %u is a %s surface; this message needs a BUFFER",
			    bti, type_names[surf.type]);
		return -1;
	}
	if (surf.tile_mode) {
		ea_sf_error(c, GS_EU_ERR_MESSAGE, "binding table index %u: a tiled BUFFER", bti);
		return -1;
	}
	tg->kind = EA_T_MEM;
	tg->base = surf.base;
	tg->size = surf.size;
	return 0;
}

/*
 * A64 messages (DC1 types 0x10..0x1a) address the whole 48-bit space
 * through the dispatch's page tables: no surface and no bounds, so a bad
 * address faults (hw-spec-compute "A64 messages").  Their binding table
 * index must be one of the two stateless ones, 255 (IA-coherent) or 253
 * (non-coherent) (EXT IGC, IGA's MessageDecoderHDC.cpp: "must have 0xFF
 * or 0xFD BTI").  The block messages require a header (it holds the
 * address); the scattered, untyped and atomic ones forbid it (IGA's
 * MDC_HR and MDC_HF checks).  Address bits 63:48 are ignored (Gen8's
 * 48-bit PPGTT; canonical addresses repeat bit 47 there).
 */
int ea_target_a64(struct ea_sf *c, bool block, struct ea_target *tg)
{
	unsigned int bti = c->m->func_ctrl & 0xff;

	memset(tg, 0, sizeof(*tg));
	if (bti != BTI_STATELESS && bti != BTI_STATELESS_NC) {
		ea_sf_error(c, GS_EU_ERR_MESSAGE,
			    "binding table index %u: an A64 message names 255 or 253 (stateless)",
			    bti);
		return -1;
	}
	if (block && !c->m->header) {
		ea_sf_error(c, GS_EU_ERR_MESSAGE,
			    "no header: an A64 block message takes its address from M0.1:M0.0 "
			    "(descriptor bit 19)");
		return -1;
	}
	if (!block && c->m->header) {
		ea_sf_error(c, GS_EU_ERR_MESSAGE,
			    "a header (descriptor bit 19): A64 scattered, untyped and atomic "
			    "messages forbid it");
		return -1;
	}
	tg->kind = EA_T_MEM;
	tg->size = UINT64_MAX;	/* bounds never apply; the walk masks to 48 bits */
	return 0;
}

/*
 * Every enabled lane's A64 address (the qwords at payload register @areg)
 * is a multiple of @align, the element size of a DWord or QWord message.
 * gensim: a misaligned address is refused, before any lane accesses
 * memory: neither Mesa nor IGC sends one, and no public document says
 * what the data port does with the low bits.
 */
int ea_a64_aligned(struct ea_sf *c, unsigned int areg, unsigned int lanes, unsigned int align)
{
	for (unsigned int k = 0; k < lanes; k++) {
		uint64_t a = ea_paddr(c->m, areg, k);

		if (ea_lane(c->m, k) && (a & (align - 1))) {
			ea_sf_error(c, GS_EU_ERR_MESSAGE, "lane %u: address %#llx is not %u-byte "
				    "aligned", k, (unsigned long long)a, align);
			return -1;
		}
	}
	return 0;
}

bool ea_target_in(const struct ea_target *tg, uint64_t off, unsigned int len)
{
	off = target_off(tg, off);
	return tg->kind != EA_T_NULL && off <= tg->size && len <= tg->size - off;
}

int ea_target_read(struct ea_sf *c, const struct ea_target *tg, uint64_t off, void *buf,
		   unsigned int len)
{
	if (!ea_target_in(tg, off, len)) {
		memset(buf, 0, len);
		return 0;
	}
	if (tg->kind == EA_T_SLM) {
		slm_copy(buf, tg->slm + target_off(tg, off), len);
		return 0;
	}
	return ea_gpu_read(c, FAULT_SRC_DATAPORT, (tg->base + off) & VA_MASK, buf, len);
}

int ea_target_write(struct ea_sf *c, const struct ea_target *tg, uint64_t off,
		    const void *buf, unsigned int len)
{
	if (!ea_target_in(tg, off, len))
		return 0;
	if (tg->kind == EA_T_SLM) {
		slm_copy(tg->slm + target_off(tg, off), buf, len);
		return 0;
	}
	return ea_gpu_write(c, FAULT_SRC_DATAPORT, (tg->base + off) & VA_MASK, buf, len);
}

/*
 * One read-modify-write of @size (4 or 8) bytes; out of bounds returns 0
 * and writes nothing.  The stripe lock is chosen by the 8-byte granule,
 * so a dword and a qword atomic on the same bytes exclude each other.
 */
int ea_target_atomic(struct ea_sf *c, const struct ea_target *tg, uint64_t off,
		     unsigned int op, unsigned int size, uint64_t src0, uint64_t src1,
		     uint64_t *ret)
{
	pthread_mutex_t *mu;
	uint64_t key;
	uint64_t old = 0, val;
	int r = 0;

	*ret = 0;
	if (!ea_target_in(tg, off, size))
		return 0;
	key = tg->kind == EA_T_SLM ? (uint64_t)(uintptr_t)(tg->slm + target_off(tg, off))
				   : (tg->base + off) & VA_MASK;
	mu = ea_stripe(c->a, key);
	pthread_mutex_lock(mu);
	if (ea_target_read(c, tg, off, &old, size)) {	/* little-endian low bytes */
		r = -1;
		goto out;
	}
	val = ea_atomic_apply(op, size, old, src0, src1);
	if (ea_target_write(c, tg, off, &val, size)) {
		r = -1;
		goto out;
	}
	*ret = ea_atomic_ops[op].ret_new ? val : old;
out:
	pthread_mutex_unlock(mu);
	return r;
}
