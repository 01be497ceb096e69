// SPDX-License-Identifier: MIT
/*
 * One OpenCL enqueue as NEO makes it for Gen8 ("Intel compute-runtime
 * (NEO)": Kernel::setArg*, HardwareCommandsHelper::sendIndirectState,
 * GpgpuWalkerHelper, generateLocalIDs), from the kernel's patch tokens
 * (ocl_bin.c), in GPU memory mapped through struct gsim_va_space:
 *
 *   SSH   the kernel's surface state heap, its binding table where IGC put
 *         it, a RAW buffer RENDER_SURFACE_STATE written over each stateful
 *         argument's (and the program buffers') surface state, a 2D one
 *         over each image argument's
 *   DSH   the kernel's dynamic state heap (its inline samplers' states), a
 *         SAMPLER_STATE over each sampler argument's, then one
 *         INTERFACE_DESCRIPTOR_DATA per walker region
 *   IOH   per region: the cross-thread data (sizes, offsets, group counts,
 *         argument values, buffer addresses, SLM offsets), then each
 *         thread's local IDs - the walker's indirect data, which the
 *         hardware delivers as the thread's own registers (from r1) and
 *         then the cross-thread ones (hw-spec-compute "The thread payload")
 *   batch PIPELINE_SELECT, STATE_BASE_ADDRESS, MEDIA_VFE_STATE, then per
 *         walker MEDIA_INTERFACE_DESCRIPTOR_LOAD, GPGPU_WALKER,
 *         MEDIA_STATE_FLUSH; a PIPE_CONTROL fence; MI_BATCH_BUFFER_END
 *
 * Partial work-groups (a global size that is not a multiple of the local
 * size, OpenCL 2.0 non-uniform groups) split the range into up to 2^dim
 * regions of equal group size, each with its own LOCAL_WORK_SIZE (what
 * get_local_size() returns) while ENQUEUED_LOCAL_WORK_SIZE stays the
 * enqueue's (what get_global_id() multiplies the group ID by), as NEO's
 * dispatch-info builder does.  A region that starts at a group X (or Y)
 * other than 0 becomes one walker per row (plane): the walker's starting
 * X applies only to its first row (hw-spec-compute "Walking thread
 * groups").
 */
#include <errno.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/kcompat.h"
#include "gensim_cmds.h"
#include "gpgpu/gpgpu_cmds.h"
#include "ocl_priv.h"
#include "priv.h"

#define RAW_FORMAT		0x1ffu	/* RENDER_SURFACE_STATE format: RAW */
#define SURFTYPE_BUFFER		4u
#define SCS_IDENTITY		(4u << 25 | 5u << 22 | 6u << 19 | 7u << 16)
#define FENCE_MAGIC		GSIM_DISPATCH_FENCE_MAGIC

/* Where a job lives (offsets from GSIM_CL_VA_BASE). */
#define VA_BATCH		0x0000000ull	/* up to 1 MiB */
#define VA_FENCE		0x0100000ull
#define VA_ISH			0x0200000ull	/* the kernel, up to 14 MiB */
#define VA_SSH			0x1000000ull	/* 64 KiB */
#define VA_DSH			0x1100000ull	/* up to 1 MiB */
#define VA_IOH			0x1200000ull	/* up to 14 MiB */
#define VA_BUFFERS		0x2000000ull	/* then every buffer, 64 KiB apart */
#define SSH_SIZE		0x10000u
#define MAX_WALKERS		4096u
#define MAX_GROUP_ITEMS		256u	/* NEO's maximum work-group size on Gen8 */

/* One region of equal-sized work-groups, and the walkers that cover it. */
struct region {
	uint32_t start[3], end[3];	/* group IDs [start, end) */
	uint32_t lws[3];		/* its work-group size */
	uint32_t tpg, per;		/* threads a group, registers a thread */
	uint32_t payload_off, payload_len;	/* its indirect data in the IOH */
	uint32_t idd_off;		/* its descriptor in the DSH */
};

struct job {
	const struct gsim_cl_kernel *k;
	const struct gsim_cl_ndrange *nd;
	const struct gsim_cl_arg *args;
	uint64_t lws[3];		/* the enqueued local size */
	uint64_t groups[3];		/* work-groups along each dimension, partial ones too */
	uint32_t cross;			/* cross-thread registers */
	uint32_t slm_total;
	uint32_t slm_arg[LCL_MAX_ARGS];	/* each __local argument's SLM offset */
	uint64_t buf_va[LCL_MAX_ARGS];
	void *buf_cpu[LCL_MAX_ARGS];
	uint64_t constant_va, global_va, private_va;
	uint64_t private_size;
	uint64_t scratch_va;		/* General State Base: SCRATCH_PTR below the slots */
	uint32_t scratch_slot;		/* per hardware thread: a power of two, 0: none */
	struct region reg[8];
	unsigned int nreg;
	uint32_t nwalkers;
	uint32_t hw_threads;
};

/* A layout's mappings, for gsim_cl_enqueue() to read back and free. */
struct mapping {
	struct gsim_device *dev;
	uint32_t vm;
	struct gsim_buffer *mem;
	unsigned int nmem, cap;
};

static void *map(const struct gsim_va_space *vs, uint64_t va, uint64_t size, int *ret)
{
	void *cpu = NULL;

	size = lgsim_round_up(size ? size : 1, LGSIM_PAGE);
	*ret = vs->map(vs->ctx, va, size, &cpu);
	if (*ret || !cpu) {
		*ret = *ret ? *ret : -ENOMEM;
		if (!*gsim_last_error())
			lgsim_fail(*ret, "mapping %llu bytes at %#llx: %s",
				   (unsigned long long)size, (unsigned long long)va,
				   strerror(-*ret));
		return NULL;
	}
	return cpu;
}

static void put_le(uint8_t *p, uint64_t v, uint32_t size)
{
	for (uint32_t i = 0; i < size; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

/* RENDER_SURFACE_STATE of a RAW buffer: entries - 1 split as 6:0, 20:7, 30:21. */
static void raw_surface(uint8_t *at, uint64_t va, uint64_t size)
{
	uint32_t dw[16] = { 0 };
	uint64_t n = (size ? size : 1) - 1;

	dw[0] = SURFTYPE_BUFFER << 29 | RAW_FORMAT << 18;
	dw[2] = (uint32_t)((n >> 7) & 0x3fff) << 16 | (uint32_t)(n & 0x7f);
	dw[3] = (uint32_t)((n >> 21) & 0x3ff) << 21;
	dw[7] = SCS_IDENTITY;
	dw[8] = (uint32_t)va;
	dw[9] = (uint32_t)(va >> 32);
	memcpy(at, dw, sizeof(dw));
}

/* An image format: its RENDER_SURFACE_STATE code, bytes a pixel, OpenCL's order and type. */
struct img_fmt {
	uint32_t hw, bpp, order, type;
};

static const struct img_fmt *image_fmt(uint32_t f)
{
	/*
	 * CL_RGBA 0x10b5, CL_R 0x10b0; CL_FLOAT 0x10de, CL_UNORM_INT8 0x10d2,
	 * CL_UNSIGNED_INT8 0x10da, CL_SIGNED_INT32 0x10d9, CL_UNSIGNED_INT32
	 * 0x10dc (cl.h)
	 */
	static const struct img_fmt tab[] = {
		[GSIM_CL_RGBA_FLOAT] = { 0x000, 16, 0x10b5, 0x10de },
		[GSIM_CL_RGBA_UNORM_INT8] = { 0x0c7, 4, 0x10b5, 0x10d2 },
		[GSIM_CL_R_FLOAT] = { 0x0d8, 4, 0x10b0, 0x10de },
		[GSIM_CL_RGBA_UINT8] = { 0x0cb, 4, 0x10b5, 0x10da },
		[GSIM_CL_RGBA_SINT32] = { 0x001, 16, 0x10b5, 0x10d9 },
		[GSIM_CL_R_UINT32] = { 0x0d7, 4, 0x10b0, 0x10dc },
	};

	return f >= GSIM_CL_RGBA_FLOAT && f <= GSIM_CL_R_UINT32 ? &tab[f] : NULL;
}

/*
 * RENDER_SURFACE_STATE of a linear 2D image (hw-spec-compute "Surfaces";
 * NEO Image::setImageArg, with the alignments isl gives linear surfaces).
 */
static void image_surface(uint8_t *at, uint64_t va, const struct gsim_cl_arg *c)
{
	const struct img_fmt *f = image_fmt(c->format);
	uint32_t dw[16] = { 0 }, pitch = (uint32_t)(c->size / c->height);

	dw[0] = 1u << 29 | f->hw << 18 | 1u << 16 | 1u << 14;	/* 2D, VALIGN_4, HALIGN_4 */
	dw[2] = (c->height - 1) << 16 | (c->width - 1);
	dw[3] = pitch - 1;
	dw[7] = SCS_IDENTITY;
	dw[8] = (uint32_t)va;
	dw[9] = (uint32_t)(va >> 32);
	memcpy(at, dw, sizeof(dw));
}

/*
 * SAMPLER_STATE of a sampler argument, as NEO's SamplerHw::setArg() writes
 * it for Gen8: the filter for min and mag, no mip filter, LOD 0..14,
 * the address mode on all three coordinates, non-normalized coordinates
 * when asked, the address rounding enables, the kernel's border colour.
 */
static void sampler_state(uint8_t *at, uint32_t bits, uint32_t border)
{
	uint32_t dw[4] = { 0 }, filt = bits & GSIM_CL_SAMPLER_LINEAR ? 1 : 0, tc;

	switch (bits & GSIM_CL_SAMPLER_ADDRESS_MASK) {
	case GSIM_CL_SAMPLER_CLAMP_TO_EDGE: tc = 2; break;	/* clamp */
	case GSIM_CL_SAMPLER_REPEAT: tc = 0; break;		/* wrap */
	case GSIM_CL_SAMPLER_MIRRORED_REPEAT: tc = 1; break;	/* mirror */
	default: tc = 4; break;					/* clamp to border */
	}
	dw[0] = filt << 17 | filt << 14;
	dw[1] = (14u * 256) << 8;
	dw[2] = border & 0xffffc0u;
	dw[3] = (bits & GSIM_CL_SAMPLER_NORMALIZED ? 0 : 1u << 10) | 0x3fu << 13 |
		tc << 6 | tc << 3 | tc;
	memcpy(at, dw, sizeof(dw));
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

static const char *kind_name(uint32_t kind)
{
	static const char *const n[] = { "none (dropped)", "a value", "a buffer", "__local",
					 "an image", "a sampler" };

	return kind < 6 ? n[kind] : "?";
}

/* The enqueue against the kernel: arguments, sizes, SLM. */
static int check(struct job *j)
{
	const struct gsim_cl_kernel *k = j->k;
	const struct gsim_cl_ndrange *nd = j->nd;
	uint64_t items = 1;
	uint32_t slm = 0;

	if (k->unsupported[0])
		return lgsim_fail(-ENOTSUP, "kernel %s: unsupported: %s", k->name, k->unsupported);
	if (!nd->work_dim || nd->work_dim > 3)
		return lgsim_fail(-EINVAL, "kernel %s: work_dim %u: 1, 2 or 3", k->name,
				  nd->work_dim);
	for (unsigned int d = 0; d < 3; d++) {
		uint64_t g = d < nd->work_dim ? nd->global_size[d] : 1;
		uint64_t l = d < nd->work_dim ? nd->local_size[d] : 1;

		if (!nd->local_size[0] && d < nd->work_dim) {
			if (k->required_local[0])
				l = k->required_local[d];
			else if (d == 0)
				for (l = 64; g % l; l >>= 1)
					;
			else
				l = 1;
		}
		if (!g || g > 0xffffffffu || !l || l > MAX_GROUP_ITEMS)
			return lgsim_fail(-EINVAL, "kernel %s: dimension %u: global size %llu, "
					  "local size %llu", k->name, d, (unsigned long long)g,
					  (unsigned long long)l);
		if (d >= nd->work_dim && nd->global_offset[d])
			return lgsim_fail(-EINVAL, "kernel %s: an offset in dimension %u past "
					  "work_dim", k->name, d);
		if (k->required_local[0] && l != k->required_local[d])
			return lgsim_fail(-EINVAL, "kernel %s: local size %llu in dimension %u, "
					  "the kernel requires %u", k->name, (unsigned long long)l,
					  d, k->required_local[d]);
		j->lws[d] = l;
		j->groups[d] = (g + l - 1) / l;
		items *= l;
	}
	if (items > MAX_GROUP_ITEMS)
		return lgsim_fail(-EINVAL, "kernel %s: work-groups of %llu items: at most %u",
				  k->name, (unsigned long long)items, MAX_GROUP_ITEMS);
	/* SLM: the kernel's own, then each __local argument aligned (NEO setArgLocal) */
	for (unsigned int i = 0; i < k->narg; i++) {
		const struct lcl_arg *a = &k->arg[i];
		const struct gsim_cl_arg *c = &j->args[i];

		if (a->kind == GSIM_CL_ARG_NONE)
			continue;	/* the compiler dropped it: whatever is passed */
		if (c->kind != a->kind)
			return lgsim_fail(-EINVAL, "kernel %s: argument %u (%s) is %s, not %s",
					  k->name, i, a->name[0] ? a->name : "?",
					  kind_name(a->kind), kind_name(c->kind));
		switch (a->kind) {
		case GSIM_CL_ARG_VALUE:
			/* NEO copies what the value has of each piece, zeros the rest */
			if (!c->data || !c->size || c->size > a->value_size + 64)
				return lgsim_fail(-EINVAL, "kernel %s: argument %u (%s): %llu bytes "
						  "given, the kernel reads %u", k->name, i, a->name,
						  (unsigned long long)c->size, a->value_size);
			break;
		case GSIM_CL_ARG_BUFFER:
			if (!c->size || c->size > (1ull << 32))
				return lgsim_fail(-EINVAL, "kernel %s: argument %u (%s): a buffer of "
						  "%llu bytes (1 byte to 4 GiB)", k->name, i,
						  a->name, (unsigned long long)c->size);
			break;
		case GSIM_CL_ARG_IMAGE:
			if (!image_fmt(c->format) || !c->width || !c->height ||
			    c->width > 16384 || c->height > 16384 ||
			    c->size < (uint64_t)c->width * image_fmt(c->format)->bpp * c->height ||
			    c->size % c->height || c->size > (1ull << 30))
				return lgsim_fail(-EINVAL, "kernel %s: argument %u (%s): an image of "
						  "%u x %u pixels, format %u, %llu bytes", k->name,
						  i, a->name, c->width, c->height, c->format,
						  (unsigned long long)c->size);
			break;
		case GSIM_CL_ARG_LOCAL:
			if (!c->size || c->size > 65536)
				return lgsim_fail(-EINVAL, "kernel %s: argument %u (%s): %llu bytes "
						  "of local memory", k->name, i, a->name,
						  (unsigned long long)c->size);
			slm = (slm + a->slm_align - 1) / a->slm_align * a->slm_align;
			j->slm_arg[i] = slm;
			slm += (uint32_t)c->size;
			break;
		}
	}
	j->slm_total = k->slm_static + (slm + 1023) / 1024 * 1024;
	if (j->slm_total > 65536)
		return lgsim_fail(-EINVAL, "kernel %s: %u bytes of local memory: at most 64 KiB",
				  k->name, j->slm_total);
	return 0;
}

/* Threads a group and registers a thread for @items work items. */
static int thread_shape(struct job *j, struct region *r)
{
	const struct gsim_cl_kernel *k = j->k;
	uint32_t items = r->lws[0] * r->lws[1] * r->lws[2], ndim = 0;
	uint32_t idregs = k->simd == 32 ? 2 : 1;

	for (unsigned int i = 0; i < 3; i++)
		if (k->local_id[i])
			ndim = i + 1;
	for (unsigned int i = 0; i < ndim; i++)
		if (!k->local_id[i])
			return lgsim_fail(-ENOTSUP, "kernel %s: local IDs Y or Z without X: "
					  "unsupported", k->name);
	r->tpg = (items + k->simd - 1) / k->simd;
	/* NEO sends at least one per-thread register; IGC marks the unused one. */
	r->per = ndim * idregs;
	if (!r->per) {
		if (!k->unused_per_thread)
			return lgsim_fail(-ENOTSUP, "kernel %s: no local IDs and no unused "
					  "per-thread register (THREAD_PAYLOAD)", k->name);
		r->per = 1;
	}
	r->payload_len = (j->cross + r->tpg * r->per) * 32;
	return 0;
}

/* Split the range into regions of equal group size (at most 2 per dimension). */
static int regions(struct job *j)
{
	const struct gsim_cl_ndrange *nd = j->nd;
	uint32_t full[3], rem[3];

	for (unsigned int d = 0; d < 3; d++) {
		uint64_t g = d < nd->work_dim ? nd->global_size[d] : 1;

		full[d] = (uint32_t)(g / j->lws[d]);
		rem[d] = (uint32_t)(g % j->lws[d]);
	}
	j->nreg = 0;
	for (unsigned int m = 0; m < 8; m++) {
		struct region *r = &j->reg[j->nreg];
		bool empty = false;

		memset(r, 0, sizeof(*r));
		for (unsigned int d = 0; d < 3; d++) {
			bool part = m >> d & 1;

			if (part ? !rem[d] : !full[d])
				empty = true;
			r->start[d] = part ? full[d] : 0;
			r->end[d] = part ? full[d] + 1 : full[d];
			r->lws[d] = part ? rem[d] : (uint32_t)j->lws[d];
		}
		if (empty)
			continue;
		if (thread_shape(j, r))
			return -ENOTSUP;
		j->nreg++;
		if (r->start[0])
			j->nwalkers += (r->end[1] - r->start[1]) * (r->end[2] - r->start[2]);
		else if (r->start[1])
			j->nwalkers += r->end[2] - r->start[2];
		else
			j->nwalkers++;
	}
	if (j->nwalkers > MAX_WALKERS)
		return lgsim_fail(-E2BIG, "kernel %s: %u walkers for the partial work-groups: at "
				  "most %u", j->k->name, j->nwalkers, MAX_WALKERS);
	return 0;
}

/* The value of an image's or a sampler's data parameter (NEO Kernel::setArgImage, setArgSampler). */
static uint64_t object_value(const struct job *j, const struct lcl_param *p)
{
	const struct gsim_cl_arg *c = &j->args[p->arg];
	const struct img_fmt *f = image_fmt(c->format);
	uint32_t s = c->sampler;

	switch (p->type) {
	case LCL_DP_IMAGE_WIDTH: return c->width;
	case LCL_DP_IMAGE_HEIGHT: return c->height;
	case LCL_DP_IMAGE_CHANNEL_DATA_TYPE: return f ? f->type : 0;
	case LCL_DP_IMAGE_CHANNEL_ORDER: return f ? f->order : 0;
	case LCL_DP_FLAT_IMAGE_BASEOFFSET: return j->buf_va[p->arg];
	case LCL_DP_FLAT_IMAGE_WIDTH: return f ? (uint64_t)c->width * f->bpp - 1 : 0;
	case LCL_DP_FLAT_IMAGE_HEIGHT: return c->height - 1;
	case LCL_DP_FLAT_IMAGE_PITCH: return c->height ? c->size / c->height - 1 : 0;
	case LCL_DP_SAMPLER_ADDRESS_MODE:
		/* NEO's sampler patch enum: none 0, clamp 1, to edge 2, repeat 3, mirrored 4 */
		switch (s & GSIM_CL_SAMPLER_ADDRESS_MASK) {
		case GSIM_CL_SAMPLER_CLAMP: return 1;
		case GSIM_CL_SAMPLER_CLAMP_TO_EDGE: return 2;
		case GSIM_CL_SAMPLER_REPEAT: return 3;
		case GSIM_CL_SAMPLER_MIRRORED_REPEAT: return 4;
		}
		return 0;
	case LCL_DP_SAMPLER_NORMALIZED_COORDS:
		return s & GSIM_CL_SAMPLER_NORMALIZED ? 8 : 0;
	case LCL_DP_SAMPLER_COORDINATE_SNAP_WA_REQUIRED:
		return !(s & GSIM_CL_SAMPLER_LINEAR) &&
		       (s & GSIM_CL_SAMPLER_ADDRESS_MASK) == GSIM_CL_SAMPLER_CLAMP ? 0xffffffffu : 0;
	}
	return 0;	/* depth, array size, samples, MIP levels: 0 for a 2D image */
}

/* The value of built-in data parameter @p in region @r. */
static uint64_t param_value(const struct job *j, const struct region *r, const struct lcl_param *p)
{
	const struct gsim_cl_ndrange *nd = j->nd;
	unsigned int d = p->source_offset / 4;

	switch (p->type) {
	case LCL_DP_IMAGE_WIDTH: case LCL_DP_IMAGE_HEIGHT: case LCL_DP_IMAGE_DEPTH:
	case LCL_DP_IMAGE_CHANNEL_DATA_TYPE: case LCL_DP_IMAGE_CHANNEL_ORDER:
	case LCL_DP_IMAGE_ARRAY_SIZE: case LCL_DP_IMAGE_NUM_SAMPLES:
	case LCL_DP_IMAGE_NUM_MIP_LEVELS: case LCL_DP_FLAT_IMAGE_BASEOFFSET:
	case LCL_DP_FLAT_IMAGE_WIDTH: case LCL_DP_FLAT_IMAGE_HEIGHT: case LCL_DP_FLAT_IMAGE_PITCH:
	case LCL_DP_SAMPLER_ADDRESS_MODE: case LCL_DP_SAMPLER_NORMALIZED_COORDS:
	case LCL_DP_SAMPLER_COORDINATE_SNAP_WA_REQUIRED:
		return p->arg < j->k->narg ? object_value(j, p) : 0;
	case LCL_DP_LOCAL_WORK_SIZE:
		return d < 3 ? r->lws[d] : 0;
	case LCL_DP_ENQUEUED_LOCAL_WORK_SIZE:
		return d < 3 ? j->lws[d] : 0;
	case LCL_DP_GLOBAL_WORK_SIZE:
		return d < 3 ? (d < nd->work_dim ? nd->global_size[d] : 1) : 0;
	case LCL_DP_NUM_WORK_GROUPS:
		return d < 3 ? j->groups[d] : 0;
	case LCL_DP_GLOBAL_WORK_OFFSET:
		return d < 3 ? nd->global_offset[d] : 0;
	case LCL_DP_WORK_DIMENSIONS:
		return nd->work_dim;
	case LCL_DP_MAX_WORKGROUP_SIZE:
		return MAX_GROUP_ITEMS;
	case LCL_DP_PREFERRED_WORKGROUP_MULTIPLE:
	case LCL_DP_SIMD_SIZE:
		return j->k->simd;
	case LCL_DP_NUM_HARDWARE_THREADS:
		return j->hw_threads;
	case LCL_DP_PRIVATE_MEMORY_STATELESS_SIZE:
		return j->private_size;
	case LCL_DP_LOCAL_MEMORY_STATELESS_WINDOW_SIZE:
		return 65536;
	}
	return 0;		/* BUFFER_OFFSET: every buffer starts at its allocation */
}

/* Region @r's indirect data: cross-thread data, then each thread's local IDs. */
static void fill_payload(const struct job *j, const struct region *r, uint8_t *out)
{
	const struct gsim_cl_kernel *k = j->k;
	uint32_t idregs = k->simd == 32 ? 2 : 1;
	uint8_t *ctd = out;
	uint8_t *per = out + j->cross * 32;

	memset(out, 0, r->payload_len);
	for (unsigned int i = 0; i < k->nparam; i++) {
		const struct lcl_param *p = &k->param[i];

		if (p->type == LCL_DP_BUFFER_STATEFUL || !p->size)
			continue;
		if (p->type == LCL_DP_KERNEL_ARGUMENT) {
			/* the value's bytes as they are; what it lacks stays zero */
			const struct gsim_cl_arg *c = &j->args[p->arg];

			if (p->source_offset < c->size)
				memcpy(ctd + p->offset, (const uint8_t *)c->data + p->source_offset,
				       c->size - p->source_offset < p->size ?
				       c->size - p->source_offset : p->size);
		} else {
			put_le(ctd + p->offset, param_value(j, r, p), p->size);
		}
	}
	for (unsigned int i = 0; i < k->narg; i++) {
		const struct lcl_arg *a = &k->arg[i];

		if (a->kind == GSIM_CL_ARG_BUFFER && a->ptr_offset != LCL_UNDEF)
			put_le(ctd + a->ptr_offset, j->buf_va[i], a->ptr_size);
		if (a->kind == GSIM_CL_ARG_LOCAL && a->slm_offset != LCL_UNDEF)
			put_le(ctd + a->slm_offset, j->slm_arg[i], a->slm_size);
	}
	if (k->constant.present)
		put_le(ctd + k->constant.ctd_offset, j->constant_va, k->constant.ctd_size);
	if (k->global.present)
		put_le(ctd + k->global.ctd_offset, j->global_va, k->global.ctd_size);
	if (k->private_size)
		put_le(ctd + k->private_ctd, j->private_va, k->private_ctd_size);

	/* Local IDs: work item t * simd + lane, X fastest; 16 bits a lane per dimension. */
	for (uint32_t t = 0; t < r->tpg; t++)
		for (unsigned int dim = 0; dim < 3; dim++) {
			if (!k->local_id[dim])
				continue;
			for (uint32_t l = 0; l < k->simd; l++) {
				uint32_t w = t * k->simd + l;
				uint32_t id[3] = {
					w % r->lws[0], w / r->lws[0] % r->lws[1],
					w / (r->lws[0] * r->lws[1]),
				};

				put_le(per + (t * r->per + dim * idregs) * 32 + 2 * l, id[dim], 2);
			}
		}
}

static void fill_idd(const struct job *j, const struct region *r, uint8_t *at)
{
	const struct gsim_cl_kernel *k = j->k;
	uint32_t idd[IDD_DWORDS] = { 0 };

	idd[0] = 0;				/* the kernel at the instruction base */
	idd[2] = IDD_DW2_DENORM;		/* NEO: denormals as the kernel sets cr0 */
	if (k->sampler_count)
		idd[3] = FIELD_PREP(IDD_DW3_SAMPLER_PTR, k->sampler_offset >> 5) |
			 FIELD_PREP(IDD_DW3_SAMPLER_COUNT, (k->sampler_count + 3) / 4 > 4 ? 4 :
				    (k->sampler_count + 3) / 4);
	if (k->bt_count)
		idd[4] = FIELD_PREP(IDD_DW4_BT_PTR, k->bt_offset >> 5) |
			 FIELD_PREP(IDD_DW4_BT_COUNT, k->bt_count > 31 ? 31 : k->bt_count);
	idd[5] = FIELD_PREP(IDD_DW5_READ_LENGTH, r->per);
	idd[6] = FIELD_PREP(IDD_DW6_THREADS, r->tpg) |
		 FIELD_PREP(IDD_DW6_SLM_SIZE, slm_encoding(j->slm_total)) |
		 (k->barriers ? IDD_DW6_BARRIER : 0);
	idd[7] = FIELD_PREP(IDD_DW7_CROSS_THREAD_LENGTH, j->cross);
	memcpy(at, idd, sizeof(idd));
}

/*
 * Scratch space (hw-spec-compute "Scratch space"): the Scratch Space Base
 * Pointer is an offset from General State Base that must fit r0.5's 32
 * bits, and the job's buffers are above 8 GiB: General State Base is put
 * SCRATCH_PTR (4 KiB) bytes below the scratch buffer (a pointer of 0 would mean
 * "no scratch" to gensim).  Stateless A32 messages (BTI 255) cannot reach
 * a job's buffers above 4 GiB whatever the base; IGC's stateless accesses
 * are A64.
 */
#define SCRATCH_PTR		0x1000u	/* General State Base is 4 KiB aligned */

static void emit_sba(struct gsim_batch *b, uint64_t base, uint64_t general, uint32_t ish_size,
		     uint32_t dsh_size, uint32_t ioh_size)
{
	uint32_t p[16] = { 0 };
	uint64_t ssh = base + VA_SSH, dsh = base + VA_DSH, ioh = base + VA_IOH;
	uint64_t ish = base + VA_ISH;

	p[0] = STATE_BASE_ADDRESS;
	p[SBA_GENERAL] = (uint32_t)general | SBA_MODIFY;	/* 0 or the scratch's; unbounded */
	p[SBA_GENERAL + 1] = (uint32_t)(general >> 32);
	p[SBA_SURFACE] = (uint32_t)ssh | SBA_MODIFY;
	p[SBA_SURFACE + 1] = (uint32_t)(ssh >> 32);
	p[SBA_DYNAMIC] = (uint32_t)dsh | SBA_MODIFY;
	p[SBA_DYNAMIC + 1] = (uint32_t)(dsh >> 32);
	p[SBA_INDIRECT] = (uint32_t)ioh | SBA_MODIFY;
	p[SBA_INDIRECT + 1] = (uint32_t)(ioh >> 32);
	p[SBA_INSTRUCTION] = (uint32_t)ish | SBA_MODIFY;
	p[SBA_INSTRUCTION + 1] = (uint32_t)(ish >> 32);
	p[SBA_DYNAMIC_SIZE] = (dsh_size & SBA_SIZE) | SBA_MODIFY;
	p[SBA_INDIRECT_SIZE] = (ioh_size & SBA_SIZE) | SBA_MODIFY;
	p[SBA_INSTRUCTION_SIZE] = (ish_size & SBA_SIZE) | SBA_MODIFY;
	gsim_batch_emit(b, p, 16);
}

static void emit_walker(struct gsim_batch *b, const struct job *j, const struct region *r,
			const uint32_t start[3], const uint32_t end[3])
{
	uint32_t simd = j->k->simd, rem = (r->lws[0] * r->lws[1] * r->lws[2]) % simd;
	uint32_t p[15] = { 0 };

	gsim_emit_idd_load(b, 32, r->idd_off);
	p[0] = GPGPU_WALKER;
	p[1] = 0;
	p[2] = r->payload_len;
	p[3] = r->payload_off;
	p[4] = FIELD_PREP(WALKER_DW4_SIMD, simd == 8 ? 0 : simd == 16 ? 1 : 2) |
	       FIELD_PREP(WALKER_DW4_WIDTH_MAX, r->tpg - 1);
	p[5] = start[0];
	p[7] = end[0];
	p[8] = start[1];
	p[10] = end[1];
	p[11] = start[2];
	p[12] = end[2];
	p[13] = rem ? (1u << rem) - 1 : simd == 32 ? ~0u : (1u << simd) - 1;
	p[14] = ~0u;
	gsim_batch_emit(b, p, 15);
	gsim_emit_media_state_flush(b);
}

/* Every walker of region @r: one, or one per row or plane (see the top). */
static void emit_region(struct gsim_batch *b, const struct job *j, const struct region *r)
{
	uint32_t s[3], e[3];

	memcpy(s, r->start, sizeof(s));
	memcpy(e, r->end, sizeof(e));
	if (!r->start[0] && !r->start[1]) {
		emit_walker(b, j, r, s, e);
		return;
	}
	for (uint32_t z = r->start[2]; z < r->end[2]; z++) {
		s[2] = z;
		e[2] = z + 1;
		if (!r->start[0]) {
			emit_walker(b, j, r, s, e);
			continue;
		}
		for (uint32_t y = r->start[1]; y < r->end[1]; y++) {
			s[1] = y;
			e[1] = y + 1;
			emit_walker(b, j, r, s, e);
		}
	}
}

/* The program's constant or global buffer: its bytes, pointers patched. */
static void fill_program_buffer(const struct job *j, uint8_t *cpu, bool constant)
{
	const struct gsim_cl_program *pg = j->k->prog;
	const struct lcl_surface *s = constant ? &pg->constant : &pg->global;

	memcpy(cpu, s->init, s->init_size);
	for (unsigned int i = 0; i < pg->nreloc; i++) {
		const struct lcl_reloc *r = &pg->reloc[i];
		uint64_t target = r->to_constant ? j->constant_va : j->global_va;
		uint64_t v = 0;

		if (r->in_constant != constant)
			continue;
		/* The pointer holds an offset into its target: add the target's address. */
		memcpy(&v, cpu + r->offset, pg->pointer_size);
		put_le(cpu + r->offset, v + target, pg->pointer_size);
	}
}

/* A buffer the job maps at *@va, which moves on past it and a 64 KiB gap. */
static void *buffer(const struct gsim_va_space *vs, uint64_t *va, uint64_t size, uint64_t *at,
		    int *ret)
{
	void *cpu = map(vs, *va, size, ret);

	*at = *va;
	*va += lgsim_round_up(size ? size : 1, 0x10000) + 0x10000;
	return cpu;
}

/* The surface state for binding table entry pointing at @ss, if the job binds one there. */
static void bind_surfaces(const struct job *j, uint8_t *ssh)
{
	const struct gsim_cl_kernel *k = j->k;
	const struct gsim_cl_program *pg = k->prog;

	for (unsigned int i = 0; i < k->narg; i++) {
		const struct lcl_arg *a = &k->arg[i];

		if (a->kind == GSIM_CL_ARG_BUFFER && a->ssh_offset != LCL_UNDEF)
			raw_surface(ssh + a->ssh_offset, j->buf_va[i],
				    lgsim_round_up(j->args[i].size, 4));
		if (a->kind == GSIM_CL_ARG_IMAGE && a->ssh_offset != LCL_UNDEF)
			image_surface(ssh + a->ssh_offset, j->buf_va[i], &j->args[i]);
	}
	if (k->constant.present && k->constant.ssh_offset + 64 <= k->ssh_size)
		raw_surface(ssh + k->constant.ssh_offset, j->constant_va, pg->constant.size);
	if (k->global.present && k->global.ssh_offset + 64 <= k->ssh_size)
		raw_surface(ssh + k->global.ssh_offset, j->global_va, pg->global.size);
	if (k->private_size && k->private_ssh + 64 <= k->ssh_size)
		raw_surface(ssh + k->private_ssh, j->private_va, j->private_size);
}

/*
 * Lay the job out through @vs; the batch's GPU address is
 * GSIM_CL_VA_BASE + VA_BATCH, *@fence its fence dword.
 */
static int build(struct job *j, const struct gsim_va_space *vs, uint32_t **fence)
{
	const struct gsim_cl_kernel *k = j->k;
	const struct gsim_cl_program *pg = k->prog;
	uint64_t base = GSIM_CL_VA_BASE, va = base + VA_BUFFERS;
	uint32_t ish_size, dsh_size, ioh_size = 0, batch_size, dsh_idd, max_payload = 0;
	uint8_t *ish, *ssh, *dsh, *ioh;
	struct gsim_batch b;
	uint32_t *batch;
	int ret = 0;

	ish_size = (uint32_t)lgsim_round_up(k->isa_size, LGSIM_PAGE);
	dsh_idd = (uint32_t)lgsim_round_up(k->dsh_size, 64);
	dsh_size = (uint32_t)lgsim_round_up(dsh_idd + 64 * j->nreg, LGSIM_PAGE);
	for (unsigned int i = 0; i < j->nreg; i++) {
		j->reg[i].payload_off = ioh_size;
		j->reg[i].idd_off = dsh_idd + 64 * i;
		ioh_size += (uint32_t)lgsim_round_up(j->reg[i].payload_len, 64);
		if (j->reg[i].payload_len > max_payload)
			max_payload = j->reg[i].payload_len;
	}
	ioh_size = (uint32_t)lgsim_round_up(ioh_size, LGSIM_PAGE);
	batch_size = (uint32_t)lgsim_round_up(512 + 96 * j->nwalkers, LGSIM_PAGE);
	if (ish_size > VA_SSH - VA_ISH || k->ssh_size > SSH_SIZE || dsh_size > VA_IOH - VA_DSH ||
	    ioh_size > VA_BUFFERS - VA_IOH || batch_size > VA_FENCE - VA_BATCH)
		return lgsim_fail(-E2BIG, "kernel %s: %u bytes of code, %u of surface state, %u of "
				  "dynamic state, %u of indirect data: past the loader's layout",
				  k->name, ish_size, k->ssh_size, dsh_size, ioh_size);

	batch = map(vs, base + VA_BATCH, batch_size, &ret);
	*fence = batch ? map(vs, base + VA_FENCE, LGSIM_PAGE, &ret) : NULL;
	ish = *fence ? map(vs, base + VA_ISH, ish_size, &ret) : NULL;
	ssh = ish ? map(vs, base + VA_SSH, SSH_SIZE, &ret) : NULL;
	dsh = ssh ? map(vs, base + VA_DSH, dsh_size, &ret) : NULL;
	ioh = dsh ? map(vs, base + VA_IOH, ioh_size, &ret) : NULL;
	if (!ioh)
		return ret;
	memcpy(ish, k->isa, k->isa_size);
	memcpy(ssh, k->ssh, k->ssh_size);
	memcpy(dsh, k->dsh, k->dsh_size);

	/* Buffers: the arguments', the program's, private memory. */
	for (unsigned int i = 0; i < k->narg; i++) {
		const struct gsim_cl_arg *c = &j->args[i];

		if (k->arg[i].kind != GSIM_CL_ARG_BUFFER && k->arg[i].kind != GSIM_CL_ARG_IMAGE)
			continue;
		j->buf_cpu[i] = buffer(vs, &va, c->size, &j->buf_va[i], &ret);
		if (!j->buf_cpu[i])
			return ret;
		if (c->data)
			memcpy(j->buf_cpu[i], c->data, c->size);
	}
	if (pg->constant.size || pg->global.size) {
		uint8_t *cst = NULL, *glb = NULL;

		if (pg->constant.size && !(cst = buffer(vs, &va, pg->constant.size,
							&j->constant_va, &ret)))
			return ret;
		if (pg->global.size && !(glb = buffer(vs, &va, pg->global.size, &j->global_va,
						      &ret)))
			return ret;
		if (cst)
			fill_program_buffer(j, cst, true);
		if (glb)
			fill_program_buffer(j, glb, false);
	}
	if (k->private_size) {
		j->private_size = (uint64_t)k->private_size * k->simd * j->hw_threads;
		if (!buffer(vs, &va, j->private_size, &j->private_va, &ret))
			return ret;
	}
	if (k->scratch_size) {
		j->scratch_slot = 1024;
		while (j->scratch_slot < k->scratch_size)
			j->scratch_slot *= 2;
		if (!buffer(vs, &va, (uint64_t)j->scratch_slot * j->hw_threads, &j->scratch_va,
			    &ret))
			return ret;
	}
	bind_surfaces(j, ssh);
	for (unsigned int i = 0; i < k->narg; i++)
		if (k->arg[i].kind == GSIM_CL_ARG_SAMPLER)
			sampler_state(dsh + k->arg[i].sampler_offset, j->args[i].sampler,
				      k->border_offset);

	for (unsigned int i = 0; i < j->nreg; i++) {
		fill_payload(j, &j->reg[i], ioh + j->reg[i].payload_off);
		fill_idd(j, &j->reg[i], dsh + j->reg[i].idd_off);
	}

	gsim_batch_init(&b, batch, base + VA_BATCH, batch_size);
	gsim_emit_pipeline_select(&b, GSIM_PIPELINE_GPGPU);
	emit_sba(&b, base, j->scratch_slot ? j->scratch_va - SCRATCH_PTR : 0, ish_size, dsh_size,
		 ioh_size);
	gsim_emit_vfe_state_scratch(&b, j->hw_threads,
				    max_payload > 2016 * 32 ? 2016 * 32 : max_payload,
				    j->scratch_slot ? SCRATCH_PTR : 0, j->scratch_slot);
	for (unsigned int i = 0; i < j->nreg; i++)
		emit_region(&b, j, &j->reg[i]);
	gsim_emit_pipe_control_write(&b, base + VA_FENCE, FENCE_MAGIC, 0);
	return gsim_batch_end(&b);
}

static int prepare_map(void *ctx, uint64_t va, uint64_t size, void **cpu)
{
	struct mapping *m = ctx;
	int ret;

	if (m->nmem == m->cap) {
		unsigned int cap = m->cap ? 2 * m->cap : 16;
		struct gsim_buffer *n = realloc(m->mem, cap * sizeof(*n));

		if (!n)
			return lgsim_fail(-ENOMEM, "out of memory");
		m->mem = n;
		m->cap = cap;
	}
	ret = gsim_buffer_create(m->dev, m->vm, va, size, 0, &m->mem[m->nmem]);
	if (ret)
		return ret;
	*cpu = m->mem[m->nmem++].cpu;
	return 0;
}

static void release(struct mapping *m)
{
	while (m->nmem)
		gsim_buffer_destroy(m->dev, &m->mem[--m->nmem]);
	free(m->mem);
	m->mem = NULL;
}

int gsim_cl_enqueue(struct gsim_device *dev, uint32_t vm, uint32_t queue,
		    const struct gsim_cl_kernel *kernel, const struct gsim_cl_ndrange *nd,
		    const struct gsim_cl_arg *args, uint32_t nargs, int timeout_ms,
		    struct gsim_cl_stats *stats)
{
	struct mapping m = { .dev = dev, .vm = vm };
	struct gsim_va_space vs = { .ctx = &m, .map = prepare_map };
	struct gsim_cl_stats local;
	struct gsim_topology t;
	uint32_t *fence = NULL;
	struct job *j;
	int ret;

	if (!dev || !kernel || !nd || (nargs && !args))
		return lgsim_fail(-EINVAL, "gsim_cl_enqueue: NULL argument");
	if (nargs != kernel->narg)
		return lgsim_fail(-EINVAL, "kernel %s takes %u arguments, %u given", kernel->name,
				  kernel->narg, nargs);
	if (!stats)
		stats = &local;
	memset(stats, 0, sizeof(*stats));
	j = calloc(1, sizeof(*j));
	if (!j)
		return lgsim_fail(-ENOMEM, "out of memory");
	j->k = kernel;
	j->nd = nd;
	j->args = args;
	j->cross = (kernel->ctd_size + 31) / 32;
	ret = check(j);
	if (!ret)
		ret = regions(j);
	if (!ret)
		ret = gsim_query_topology(dev, &t);
	if (ret)
		goto out;
	j->hw_threads = t.hw_threads ? t.hw_threads : 1;
	lgsim_clear_error();
	ret = build(j, &vs, &fence);
	if (ret) {
		if (!*gsim_last_error())
			lgsim_fail(ret, "kernel %s: the batch does not fit", kernel->name);
		goto out;
	}
	ret = gsim_exec_wait(dev, queue, GSIM_CL_VA_BASE + VA_BATCH,
			     timeout_ms > 0 ? timeout_ms : 60000, &stats->exec);
	if (ret) {
		char why[224];

		snprintf(why, sizeof(why), "%s", gsim_last_error());
		lgsim_fail(ret, "kernel %s: %s", kernel->name, why);
		goto out;
	}
	if (atomic_load_explicit((_Atomic uint32_t *)fence, memory_order_acquire) != FENCE_MAGIC) {
		ret = lgsim_fail(-EIO, "kernel %s: the batch ended without its fence", kernel->name);
		goto out;
	}
	for (unsigned int i = 0; i < kernel->narg; i++)
		if ((kernel->arg[i].kind == GSIM_CL_ARG_BUFFER ||
		     kernel->arg[i].kind == GSIM_CL_ARG_IMAGE) && args[i].out)
			memcpy(args[i].out, j->buf_cpu[i], args[i].size);
	stats->walkers = j->nwalkers;
	for (unsigned int i = 0; i < j->nreg; i++) {
		const struct region *r = &j->reg[i];
		uint64_t g = (uint64_t)(r->end[0] - r->start[0]) * (r->end[1] - r->start[1]) *
			     (r->end[2] - r->start[2]);

		stats->groups += g;
		stats->threads += g * r->tpg;
	}
out:
	release(&m);
	free(j);
	return ret;
}
