// SPDX-License-Identifier: MIT
/*
 * A GPGPU job as GPU memory and one batch (gensim/dispatch.h).  Every
 * layout is the Gen8 one the device decodes (hw-spec-compute "GPGPU
 * commands", "Surfaces"), written here from the spec's tables; no device
 * code is used, so the same batch runs in process and through the driver.
 */
#include <errno.h>
#include <stdatomic.h>
#include <string.h>

#include "core/kcompat.h"
#include "gensim_cmds.h"
#include "gpgpu/gpgpu_cmds.h"
#include "priv.h"

#define RAW_FORMAT		0x1ffu	/* RENDER_SURFACE_STATE format: RAW */
#define SURFTYPE_BUFFER		4u
/* Shader channel selects R, G, B, A = red, green, blue, alpha (DW7 27:16). */
#define SCS_IDENTITY		(4u << 25 | 5u << 22 | 6u << 19 | 7u << 16)

/* Threads per group and the cross-thread constant registers of the ABI. */
static unsigned int tpg_of(const struct gsim_dispatch *d)
{
	return d->group_size[0] * d->group_size[1] * d->group_size[2];
}

static unsigned int cross_regs(const struct gsim_dispatch *d)
{
	return d->ncurbe > 8 ? 2 : 1;
}

/* IDD DW6's SLM size: 0, or 4 KiB << n for the smallest that holds @bytes. */
static uint32_t slm_encoding(uint32_t bytes)
{
	uint32_t enc;

	if (!bytes)
		return 0;
	for (enc = 1; enc * 4096 < bytes; enc <<= 1)
		;
	return enc;
}

int gsim_dispatch_check(const struct gsim_dispatch *d)
{
	unsigned int tpg;

	if (!d)
		return lgsim_fail(-EINVAL, "gsim_dispatch_check: no job");
	if (!d->kernel || !d->kernel_size || d->kernel_size > GSIM_DISPATCH_MAX_KERNEL)
		return lgsim_fail(-EINVAL, "kernel of %zu bytes (1 byte to 1 MiB)", d->kernel_size);
	if (d->simd != 8 && d->simd != 16 && d->simd != 32)
		return lgsim_fail(-EINVAL, "SIMD %u: 8, 16 or 32", d->simd);
	for (int i = 0; i < 3; i++)
		if (!d->group_size[i] || d->group_size[i] > 64)
			return lgsim_fail(-EINVAL, "group size %u: 1..64 threads per counter",
					  d->group_size[i]);
	tpg = tpg_of(d);
	if (tpg > (d->simd == 32 ? 32u : 64u))
		return lgsim_fail(-EINVAL, "%u threads per group: at most 64 (32 at SIMD32)", tpg);
	if (d->slm > 65536)
		return lgsim_fail(-EINVAL, "SLM of %u bytes: at most 64 KiB", d->slm);
	if (d->ncurbe > GSIM_DISPATCH_MAX_CURBE)
		return lgsim_fail(-EINVAL, "%u constants: at most %u", d->ncurbe,
				  GSIM_DISPATCH_MAX_CURBE);
	if ((cross_regs(d) + tpg) * 32 > GSIM_DISPATCH_DSH_SIZE - GSIM_DISPATCH_DSH_CURBE)
		return lgsim_fail(-EINVAL, "a CURBE of %u registers does not fit",
				  cross_regs(d) + tpg);
	if (d->nbuf > GSIM_DISPATCH_MAX_BUFFERS)
		return lgsim_fail(-EINVAL, "%u buffers: at most %u", d->nbuf,
				  GSIM_DISPATCH_MAX_BUFFERS);
	for (unsigned int i = 0; i < d->nbuf; i++) {
		const struct gsim_dispatch_buf *b = &d->buf[i];

		if (b->bti > GSIM_DISPATCH_MAX_BTI)
			return lgsim_fail(-EINVAL, "binding table index %u: 0..%u", b->bti,
					  GSIM_DISPATCH_MAX_BTI);
		for (unsigned int k = 0; k < i; k++)
			if (d->buf[k].bti == b->bti)
				return lgsim_fail(-EINVAL, "two buffers at binding table index %u",
						  b->bti);
		if (!b->size || b->size > (1ull << 30))
			return lgsim_fail(-EINVAL, "buffer %u of %llu bytes: 1 byte to 1 GiB",
					  b->bti, (unsigned long long)b->size);
		if (b->init > GSIM_INIT_BYTES || (b->init == GSIM_INIT_BYTES && !b->bytes &&
						  b->bytes_len))
			return lgsim_fail(-EINVAL, "buffer %u: bad initial contents", b->bti);
	}
	return 0;
}

int gsim_dispatch_add_buffer(struct gsim_dispatch *d, uint32_t bti, uint64_t size,
			     const void *init, struct gsim_dispatch_buf **buf)
{
	struct gsim_dispatch_buf *b;

	if (!d)
		return lgsim_fail(-EINVAL, "gsim_dispatch_add_buffer: no job");
	if (d->nbuf >= GSIM_DISPATCH_MAX_BUFFERS)
		return lgsim_fail(-ENOSPC, "a job has at most %u buffers",
				  GSIM_DISPATCH_MAX_BUFFERS);
	b = &d->buf[d->nbuf++];
	memset(b, 0, sizeof(*b));
	b->bti = bti;
	b->size = size;
	b->init = init ? GSIM_INIT_BYTES : GSIM_INIT_ZERO;
	b->bytes = init;
	b->bytes_len = init ? size : 0;
	if (buf)
		*buf = b;
	return 0;
}

/* xorshift64*: reproducible "random" contents from a seed. */
static uint64_t next_random(uint64_t *s)
{
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 0x2545f4914f6cdd1dull;
}

static void init_buffer(struct gsim_dispatch_buf *b)
{
	uint32_t *dw = b->cpu;
	uint64_t n = b->size / 4, s = b->seed ? b->seed : 1;
	uint8_t *bytes = b->cpu;

	switch (b->init) {
	case GSIM_INIT_IOTA:
		for (uint64_t i = 0; i < n; i++)
			dw[i] = (uint32_t)i;
		break;
	case GSIM_INIT_FIOTA:
		for (uint64_t i = 0; i < n; i++) {
			float f = (float)i;

			memcpy(&dw[i], &f, 4);
		}
		break;
	case GSIM_INIT_RANDOM:
		for (uint64_t i = 0; i < b->size; i++)
			bytes[i] = (uint8_t)(next_random(&s) >> 56);
		break;
	case GSIM_INIT_BYTES:
		memcpy(b->cpu, b->bytes, b->bytes_len < b->size ? b->bytes_len : b->size);
		break;
	}
}

/* RENDER_SURFACE_STATE of a RAW buffer: entries - 1 split as 6:0, 20:7, 30:21 (isl). */
static void raw_surface(uint32_t dw[16], uint64_t va, uint64_t size)
{
	uint64_t n = size - 1;

	memset(dw, 0, 64);
	dw[0] = SURFTYPE_BUFFER << 29 | RAW_FORMAT << 18;
	dw[2] = (uint32_t)((n >> 7) & 0x3fff) << 16 | (uint32_t)(n & 0x7f);
	dw[3] = (uint32_t)((n >> 21) & 0x3ff) << 21;	/* pitch - 1 = 0: bytes */
	dw[7] = SCS_IDENTITY;
	dw[8] = (uint32_t)va;
	dw[9] = (uint32_t)(va >> 32);
}

/* The CURBE of the ABI: the constants, then one register per thread of a group. */
static void fill_curbe(const struct gsim_dispatch *d, uint32_t *curbe)
{
	unsigned int c = cross_regs(d), tpg = tpg_of(d);

	memcpy(curbe, d->curbe, d->ncurbe * 4);
	for (unsigned int t = 0; t < tpg; t++) {
		uint32_t *r = curbe + 8 * (c + t);

		r[0] = t;
		r[1] = t % d->group_size[0];
		r[2] = (t / d->group_size[0]) % d->group_size[1];
		r[3] = t / (d->group_size[0] * d->group_size[1]);
		r[4] = d->group_size[0];
		r[5] = d->group_size[1];
		r[6] = d->group_size[2];
		r[7] = d->simd;
	}
}

static void *map(const struct gsim_va_space *vs, uint64_t va, uint64_t size, int *ret)
{
	void *cpu = NULL;

	size = lgsim_round_up(size, LGSIM_PAGE);
	*ret = vs->map(vs->ctx, va, size, &cpu);
	if (*ret || !cpu) {
		*ret = *ret ? *ret : -ENOMEM;
		/* Keep a message the callback left; else say where. */
		if (!*gsim_last_error())
			lgsim_fail(*ret, "mapping %llu bytes at %#llx: %s",
				   (unsigned long long)size, (unsigned long long)va,
				   strerror(-*ret));
		return NULL;
	}
	return cpu;
}

/* The INTERFACE_DESCRIPTOR_DATA at DSH 0: kernel at the ISH, binding table at SSH 0. */
static void fill_idd(const struct gsim_dispatch *d, uint32_t idd[IDD_DWORDS])
{
	memset(idd, 0, IDD_DWORDS * 4);
	idd[5] = FIELD_PREP(IDD_DW5_READ_LENGTH, 1) | FIELD_PREP(IDD_DW5_READ_OFFSET, 0);
	idd[6] = FIELD_PREP(IDD_DW6_THREADS, tpg_of(d)) |
		 FIELD_PREP(IDD_DW6_SLM_SIZE, slm_encoding(d->slm)) |
		 (d->barrier ? IDD_DW6_BARRIER : 0);
	idd[7] = FIELD_PREP(IDD_DW7_CROSS_THREAD_LENGTH, cross_regs(d));
}

static int emit(const struct gsim_dispatch *d, const struct gsim_va_space *vs, uint32_t *cpu,
		uint32_t ish_size, struct gsim_dispatch_layout *out)
{
	uint32_t curbe_bytes = (cross_regs(d) + tpg_of(d)) * 32;
	struct gsim_batch b;
	int ret;

	gsim_batch_init(&b, cpu, GSIM_DISPATCH_BATCH_VA, GSIM_DISPATCH_BATCH_SIZE);
	gsim_emit_pipeline_select(&b, GSIM_PIPELINE_GPGPU);
	gsim_emit_state_base_address(&b, GSIM_DISPATCH_SSH_VA, GSIM_DISPATCH_DSH_VA,
				     GSIM_DISPATCH_DSH_SIZE, GSIM_DISPATCH_ISH_VA, ish_size);
	gsim_emit_vfe_state(&b, vs->threads ? vs->threads : 1, curbe_bytes);
	gsim_emit_curbe_load(&b, curbe_bytes, GSIM_DISPATCH_DSH_CURBE);
	gsim_emit_idd_load(&b, 32, 0);
	gsim_emit_gpgpu_walker(&b, 0, d->simd, d->group_size, d->groups);
	gsim_emit_media_state_flush(&b);
	gsim_emit_pipe_control_write(&b, GSIM_DISPATCH_FENCE_VA, GSIM_DISPATCH_FENCE_MAGIC, 0);
	ret = gsim_batch_end(&b);
	out->batch_dwords = b.len;
	return ret;
}

int gsim_dispatch_build(struct gsim_dispatch *d, const struct gsim_va_space *vs,
			struct gsim_dispatch_layout *out)
{
	uint32_t ish_size, *batch, *ssh, *dsh, idd[IDD_DWORDS];
	uint64_t va = GSIM_DISPATCH_BUF_VA;
	uint8_t *ish;
	int ret;

	if (!vs || !vs->map || !out)
		return lgsim_fail(-EINVAL, "gsim_dispatch_build: NULL argument");
	ret = gsim_dispatch_check(d);
	if (ret)
		return ret;
	/* Messages from the callback are told from none by an empty one. */
	lgsim_clear_error();
	memset(out, 0, sizeof(*out));
	ish_size = (uint32_t)lgsim_round_up(d->kernel_size, LGSIM_PAGE);
	batch = map(vs, GSIM_DISPATCH_BATCH_VA, GSIM_DISPATCH_BATCH_SIZE, &ret);
	out->fence = batch ? map(vs, GSIM_DISPATCH_FENCE_VA, LGSIM_PAGE, &ret) : NULL;
	ish = out->fence ? map(vs, GSIM_DISPATCH_ISH_VA, ish_size, &ret) : NULL;
	ssh = ish ? map(vs, GSIM_DISPATCH_SSH_VA, GSIM_DISPATCH_SSH_SIZE, &ret) : NULL;
	dsh = ssh ? map(vs, GSIM_DISPATCH_DSH_VA, GSIM_DISPATCH_DSH_SIZE, &ret) : NULL;
	if (!dsh)
		return ret;
	memcpy(ish, d->kernel, d->kernel_size);

	for (unsigned int i = 0; i < d->nbuf; i++) {
		struct gsim_dispatch_buf *b = &d->buf[i];
		uint32_t surf[16];

		b->va = va;
		b->cpu = map(vs, va, b->size, &ret);
		if (!b->cpu)
			return ret;
		init_buffer(b);
		raw_surface(surf, va, b->size);
		memcpy((uint8_t *)ssh + GSIM_DISPATCH_SSH_SURFACES + 64 * b->bti, surf,
		       sizeof(surf));
		/* BINDING_TABLE_STATE: 31:6 the surface state's offset in the SSH. */
		ssh[b->bti] = GSIM_DISPATCH_SSH_SURFACES + 64 * b->bti;
		va += lgsim_round_up(b->size, 0x10000) + 0x10000;
	}

	/* INTERFACE_DESCRIPTOR_DATA at DSH 0, the CURBE after it. */
	fill_idd(d, idd);
	memcpy(dsh, idd, sizeof(idd));
	fill_curbe(d, (uint32_t *)((uint8_t *)dsh + GSIM_DISPATCH_DSH_CURBE));

	ret = emit(d, vs, batch, ish_size, out);
	if (ret)
		return ret;
	out->batch_va = GSIM_DISPATCH_BATCH_VA;
	out->batch = batch;
	out->groups = (uint64_t)d->groups[0] * d->groups[1] * d->groups[2];
	out->threads = out->groups * tpg_of(d);
	return 0;
}

int gsim_dispatch_done(const struct gsim_dispatch_layout *l)
{
	/* The device writes the fence from its own thread. */
	return l && l->fence &&
	       atomic_load_explicit((_Atomic uint32_t *)l->fence, memory_order_acquire) ==
	       GSIM_DISPATCH_FENCE_MAGIC;
}
