// SPDX-License-Identifier: MIT
/*
 * A gensim-run job as GPU memory and one batch (include/gsrun/gsrun.h).
 * Every layout is the Gen8 one the device decodes (hw-spec-compute "GPGPU
 * commands", "Surfaces"), written here from the spec's tables, through the
 * shared encodings of gpgpu/gpgpu_cmds.h and gensim_cmds.h; no device code
 * is used, so the same batch runs in process and through the driver.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>

#include "core/kcompat.h"
#include "gensim_cmds.h"
#include "gpgpu/gpgpu_cmds.h"
#include "gsrun/gsrun.h"

#define PAGE			4096ull
#define RAW_FORMAT		0x1ffu	/* RENDER_SURFACE_STATE format: RAW */
#define SURFTYPE_BUFFER		4u
/* Shader channel selects R, G, B, A = red, green, blue, alpha (DW7 27:16). */
#define SCS_IDENTITY		(4u << 25 | 5u << 22 | 6u << 19 | 7u << 16)

static uint64_t round_up(uint64_t v, uint64_t a)
{
	return (v + a - 1) / a * a;
}

static int fail(char *err, size_t len, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int fail(char *err, size_t len, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, len, fmt, ap);
	va_end(ap);
	return -EINVAL;
}

/* Threads per group and the cross-thread constant registers of the ABI. */
static unsigned int tpg_of(const struct gsr_job *j)
{
	return j->group_size[0] * j->group_size[1] * j->group_size[2];
}

static unsigned int cross_regs(const struct gsr_job *j)
{
	return j->ncurbe > 8 ? 2 : 1;
}

uint32_t gsr_slm_encoding(uint32_t bytes)
{
	uint32_t enc = 0;

	if (!bytes)
		return 0;
	for (enc = 1; enc * 4096 < bytes; enc <<= 1)
		;
	return enc;
}

int gsr_check(const struct gsr_job *j, char *err, size_t len)
{
	unsigned int tpg = tpg_of(j);

	if (!j->kernel || !j->kernel_size || j->kernel_size > GSR_MAX_KERNEL)
		return fail(err, len, "kernel of %zu bytes (1 byte to 1 MiB)", j->kernel_size);
	if (j->simd != 8 && j->simd != 16 && j->simd != 32)
		return fail(err, len, "SIMD %u: 8, 16 or 32", j->simd);
	for (int i = 0; i < 3; i++)
		if (!j->group_size[i] || j->group_size[i] > 64)
			return fail(err, len, "group size %u: 1..64 threads per counter",
				    j->group_size[i]);
	if (tpg > (j->simd == 32 ? 32u : 64u))
		return fail(err, len, "%u threads per group: at most 64 (32 at SIMD32)", tpg);
	if (j->slm > 65536)
		return fail(err, len, "SLM of %u bytes: at most 64 KiB", j->slm);
	if (j->ncurbe > GSR_MAX_CURBE)
		return fail(err, len, "%u constants: at most %u", j->ncurbe, GSR_MAX_CURBE);
	if ((cross_regs(j) + tpg) * 32 > GSR_DSH_SIZE - GSR_DSH_CURBE)
		return fail(err, len, "a CURBE of %u registers does not fit", cross_regs(j) + tpg);
	if (j->nbuf > GSR_MAX_BUFFERS)
		return fail(err, len, "%u buffers: at most %u", j->nbuf, GSR_MAX_BUFFERS);
	for (unsigned int i = 0; i < j->nbuf; i++) {
		const struct gsr_buffer *b = &j->buf[i];

		if (b->bti > GSR_MAX_BTI)
			return fail(err, len, "binding table index %u: 0..%u", b->bti, GSR_MAX_BTI);
		for (unsigned int k = 0; k < i; k++)
			if (j->buf[k].bti == b->bti)
				return fail(err, len, "two buffers at binding table index %u",
					    b->bti);
		if (!b->size || b->size > (1ull << 30))
			return fail(err, len, "buffer %u of %llu bytes: 1 byte to 1 GiB", b->bti,
				    (unsigned long long)b->size);
		if ((b->init == GSR_INIT_FILE && !b->path) || (b->init == GSR_INIT_BYTES && !b->bytes))
			return fail(err, len, "buffer %u: no data to initialise it from", b->bti);
	}
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

static int init_buffer(struct gsr_buffer *b, char *err, size_t len)
{
	uint32_t *dw = b->cpu;
	uint64_t n = b->size / 4, s = b->seed ? b->seed : 1;
	uint8_t *bytes = b->cpu;
	FILE *f;

	switch (b->init) {
	case GSR_INIT_ZERO:
		break;
	case GSR_INIT_IOTA:
		for (uint64_t i = 0; i < n; i++)
			dw[i] = (uint32_t)i;
		break;
	case GSR_INIT_FIOTA:
		for (uint64_t i = 0; i < n; i++) {
			float f = (float)i;

			memcpy(&dw[i], &f, 4);
		}
		break;
	case GSR_INIT_RANDOM:
		for (uint64_t i = 0; i < b->size; i++)
			bytes[i] = (uint8_t)(next_random(&s) >> 56);
		break;
	case GSR_INIT_BYTES:
		memcpy(b->cpu, b->bytes, b->size);
		break;
	case GSR_INIT_FILE:
		f = fopen(b->path, "rb");
		if (!f)
			return fail(err, len, "%s: %s", b->path, strerror(errno));
		(void)!fread(b->cpu, 1, b->size, f);
		fclose(f);
		break;
	}
	return 0;
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

unsigned int gsr_emit_sba(uint32_t *p, uint64_t surface, uint64_t dynamic, uint32_t dynamic_size,
			  uint64_t instruction, uint32_t instruction_size)
{
	memset(p, 0, 16 * 4);
	p[0] = STATE_BASE_ADDRESS;
	p[SBA_GENERAL] = SBA_MODIFY;		/* general state at 0, no bound */
	p[SBA_SURFACE] = (uint32_t)surface | SBA_MODIFY;
	p[SBA_SURFACE + 1] = (uint32_t)(surface >> 32);
	p[SBA_DYNAMIC] = (uint32_t)dynamic | SBA_MODIFY;
	p[SBA_DYNAMIC + 1] = (uint32_t)(dynamic >> 32);
	p[SBA_INDIRECT] = SBA_MODIFY;		/* indirect objects at 0 */
	p[SBA_INSTRUCTION] = (uint32_t)instruction | SBA_MODIFY;
	p[SBA_INSTRUCTION + 1] = (uint32_t)(instruction >> 32);
	p[SBA_DYNAMIC_SIZE] = (dynamic_size & SBA_SIZE) | SBA_MODIFY;
	p[SBA_INSTRUCTION_SIZE] = (instruction_size & SBA_SIZE) | SBA_MODIFY;
	return 16;
}

unsigned int gsr_emit_vfe(uint32_t *p, uint32_t max_threads, uint32_t curbe_bytes)
{
	memset(p, 0, 9 * 4);
	p[0] = MEDIA_VFE_STATE;
	p[3] = FIELD_PREP(VFE_DW3_MAX_THREADS, max_threads - 1) |
	       FIELD_PREP(VFE_DW3_URB_ENTRIES, 2) | VFE_DW3_BYPASS_GW;
	p[5] = FIELD_PREP(VFE_DW5_URB_ENTRY_SIZE, 2) |
	       FIELD_PREP(VFE_DW5_CURBE_SIZE, (curbe_bytes + 31) / 32);
	return 9;
}

unsigned int gsr_emit_load(uint32_t *p, uint32_t header, uint32_t bytes, uint32_t offset)
{
	p[0] = header;
	p[1] = 0;
	p[2] = bytes;
	p[3] = offset;
	return 4;
}

unsigned int gsr_emit_walker(uint32_t *p, unsigned int idd, unsigned int simd,
			     const uint32_t gs[3], const uint32_t groups[3])
{
	memset(p, 0, 15 * 4);
	p[0] = GPGPU_WALKER;
	p[1] = idd;
	p[4] = FIELD_PREP(WALKER_DW4_SIMD, simd == 8 ? 0 : simd == 16 ? 1 : 2) |
	       FIELD_PREP(WALKER_DW4_DEPTH_MAX, gs[2] - 1) |
	       FIELD_PREP(WALKER_DW4_HEIGHT_MAX, gs[1] - 1) |
	       FIELD_PREP(WALKER_DW4_WIDTH_MAX, gs[0] - 1);
	p[7] = groups[0];
	p[10] = groups[1];
	p[12] = groups[2];
	p[13] = simd == 32 ? ~0u : (1u << simd) - 1;	/* every lane of the last column */
	p[14] = ~0u;
	return 15;
}

/* PIPE_CONTROL: a CS stall with a post-sync write of @value to @va (PPGTT). */
unsigned int gsr_emit_fence(uint32_t *p, uint64_t va, uint32_t value)
{
	p[0] = PIPE_CONTROL;
	p[1] = PIPE_CONTROL_CS_STALL | PIPE_CONTROL_WRITE_IMM;
	p[2] = (uint32_t)va;
	p[3] = (uint32_t)(va >> 32);
	p[4] = value;
	p[5] = 0;
	return 6;
}

/* The CURBE of the ABI: the constants, then one register per thread of a group. */
static void fill_curbe(const struct gsr_job *j, uint32_t *curbe)
{
	unsigned int c = cross_regs(j), tpg = tpg_of(j);

	memcpy(curbe, j->curbe, j->ncurbe * 4);
	for (unsigned int t = 0; t < tpg; t++) {
		uint32_t *r = curbe + 8 * (c + t);

		r[0] = t;
		r[1] = t % j->group_size[0];
		r[2] = (t / j->group_size[0]) % j->group_size[1];
		r[3] = t / (j->group_size[0] * j->group_size[1]);
		r[4] = j->group_size[0];
		r[5] = j->group_size[1];
		r[6] = j->group_size[2];
		r[7] = j->simd;
	}
}

static void *map(const struct gsr_mem *m, uint64_t va, uint64_t size, char *err, size_t len)
{
	return m->map(m->ctx, va, round_up(size, PAGE), err, len);
}

int gsr_build(struct gsr_job *j, const struct gsr_mem *m, struct gsr_built *out, char *err,
	      size_t len)
{
	unsigned int tpg = tpg_of(j), c = cross_regs(j), n = 0;
	uint32_t curbe_bytes = (c + tpg) * 32, ish_size = (uint32_t)round_up(j->kernel_size, PAGE);
	uint32_t *batch, *ssh, *dsh, idd[IDD_DWORDS] = { 0 };
	uint8_t *ish;
	uint64_t va = GSR_BUF_VA;
	int ret = gsr_check(j, err, len);

	if (ret)
		return ret;
	memset(out, 0, sizeof(*out));
	batch = map(m, GSR_BATCH_VA, GSR_BATCH_SIZE, err, len);
	out->fence = batch ? map(m, GSR_FENCE_VA, PAGE, err, len) : NULL;
	ish = out->fence ? map(m, GSR_ISH_VA, ish_size, err, len) : NULL;
	ssh = ish ? map(m, GSR_SSH_VA, GSR_SSH_SIZE, err, len) : NULL;
	dsh = ssh ? map(m, GSR_DSH_VA, GSR_DSH_SIZE, err, len) : NULL;
	if (!dsh)
		return -ENOMEM;
	memcpy(ish, j->kernel, j->kernel_size);

	for (unsigned int i = 0; i < j->nbuf; i++) {
		struct gsr_buffer *b = &j->buf[i];
		uint32_t surf[16];

		b->va = va;
		b->cpu = map(m, va, b->size, err, len);
		if (!b->cpu)
			return -ENOMEM;
		ret = init_buffer(b, err, len);
		if (ret)
			return ret;
		raw_surface(surf, va, b->size);
		memcpy((uint8_t *)ssh + GSR_SSH_SURFACES + 64 * b->bti, surf, sizeof(surf));
		/* BINDING_TABLE_STATE: 31:6 the surface state's offset in the SSH. */
		ssh[b->bti] = GSR_SSH_SURFACES + 64 * b->bti;
		va += round_up(b->size, 0x10000) + 0x10000;
	}

	/* INTERFACE_DESCRIPTOR_DATA at DSH 0, the CURBE after it. */
	idd[0] = 0;				/* kernel at the instruction base */
	idd[4] = 0;				/* binding table at SSH 0 */
	idd[5] = FIELD_PREP(IDD_DW5_READ_LENGTH, 1) | FIELD_PREP(IDD_DW5_READ_OFFSET, 0);
	idd[6] = FIELD_PREP(IDD_DW6_THREADS, tpg) |
		 FIELD_PREP(IDD_DW6_SLM_SIZE, gsr_slm_encoding(j->slm)) |
		 (j->barrier ? IDD_DW6_BARRIER : 0);
	idd[7] = FIELD_PREP(IDD_DW7_CROSS_THREAD_LENGTH, c);
	memcpy(dsh, idd, sizeof(idd));
	fill_curbe(j, (uint32_t *)((uint8_t *)dsh + GSR_DSH_CURBE));

	batch[n++] = PIPELINE_SELECT | PIPELINE_SELECT_GPGPU;
	n += gsr_emit_sba(&batch[n], GSR_SSH_VA, GSR_DSH_VA, GSR_DSH_SIZE, GSR_ISH_VA, ish_size);
	n += gsr_emit_vfe(&batch[n], m->threads, curbe_bytes);
	n += gsr_emit_load(&batch[n], MEDIA_CURBE_LOAD, curbe_bytes, GSR_DSH_CURBE);
	n += gsr_emit_load(&batch[n], MEDIA_INTERFACE_DESCRIPTOR_LOAD, 32, 0);
	n += gsr_emit_walker(&batch[n], 0, j->simd, j->group_size, j->groups);
	batch[n++] = MEDIA_STATE_FLUSH;
	batch[n++] = 0;
	n += gsr_emit_fence(&batch[n], GSR_FENCE_VA, GSR_FENCE_MAGIC);
	batch[n++] = MI_BATCH_BUFFER_END;
	if (n & 1)
		batch[n++] = MI_NOOP;

	out->batch_va = GSR_BATCH_VA;
	out->batch = batch;
	out->batch_dwords = n;
	out->groups = (uint64_t)j->groups[0] * j->groups[1] * j->groups[2];
	out->threads = out->groups * tpg;
	return 0;
}

/*
 * Append a buffer at binding table index @bti: @size bytes, a copy of
 * @init (which stays the caller's until gsr_build()) or zeroes.  Returns
 * it for further fields, or NULL if the job has GSR_MAX_BUFFERS already.
 */
struct gsr_buffer *gsr_add_buffer(struct gsr_job *job, unsigned int bti, uint64_t size,
				  const void *init)
{
	struct gsr_buffer *b;

	if (job->nbuf >= GSR_MAX_BUFFERS)
		return NULL;
	b = &job->buf[job->nbuf++];
	memset(b, 0, sizeof(*b));
	b->bti = bti;
	b->size = size;
	b->init = init ? GSR_INIT_BYTES : GSR_INIT_ZERO;
	b->bytes = init;
	return b;
}

bool gsr_fence_done(const struct gsr_built *b)
{
	return atomic_load_explicit((_Atomic uint32_t *)b->fence, memory_order_acquire) ==
	       GSR_FENCE_MAGIC;
}
