// SPDX-License-Identifier: MIT
/*
 * Reading ocloc's output (gensim/ocl.h).  The file is ELF64; its section
 * of type SHT_OPENCL_DEV_BINARY (0xff000005, "Intel compute-runtime (NEO)
 * ELF definitions") holds the patch-token program:
 *
 *   SProgramBinaryHeader     Magic "INTC", Version, Device, pointer size,
 *                            NumberOfKernels, SteppingId, PatchListSize
 *   program patch list       constant and global data (with their bytes
 *                            inline), pointers between them
 *   per kernel:
 *     SKernelBinaryHeaderCommon  CheckSum, ShaderHashCode, KernelNameSize,
 *                            PatchListSize, KernelHeapSize, General-,
 *                            Dynamic-, SurfaceStateHeapSize,
 *                            KernelUnpaddedSize
 *     the name, the kernel heap (machine code), the general, dynamic and
 *     surface state heaps, the kernel's patch list
 *
 * Layouts and numbers: "Intel Graphics Compiler (IGC) patch token
 * definitions" (patch_list.h, patch_shared.h, namespace iOpenCL); what
 * each token asks of the runtime: "Intel compute-runtime (NEO) patch token
 * decoder" (patchtokens_decoder.cpp).  Every offset and size is checked
 * against the file before it is used.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ocl_priv.h"
#include "priv.h"

#define SHT_OPENCL_DEV_BINARY	0xff000005u
#define PROGRAM_MAGIC		0x494e5443u	/* 'I' 'N' 'T' 'C', little-endian "CTNI" */
#define PROGRAM_HDR		28u		/* SProgramBinaryHeader: 7 dwords */
#define KERNEL_HDR		40u		/* SKernelBinaryHeaderCommon */
#define GEN8_DEVICE		11u		/* IGFX_GEN8_CORE */

static uint32_t u32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint64_t u64(const uint8_t *p)
{
	return u32(p) | (uint64_t)u32(p + 4) << 32;
}

/* Dword @i of a token's body (after Token and Size). */
static uint32_t field(const uint8_t *tok, unsigned int i)
{
	return u32(tok + 8 + 4 * i);
}

/* The token names the messages use (patch_list.h enum PATCH_TOKEN). */
static const char *token_name(uint32_t tok)
{
	static const char *const names[] = {
		[LCL_TOK_STATE_SIP] = "STATE_SIP",
		[LCL_TOK_SAMPLER_STATE_ARRAY] = "SAMPLER_STATE_ARRAY",
		[LCL_TOK_BINDING_TABLE_STATE] = "BINDING_TABLE_STATE",
		[LCL_TOK_ALLOCATE_SCRATCH_SURFACE] = "ALLOCATE_SCRATCH_SURFACE",
		[LCL_TOK_ALLOCATE_SIP_SURFACE] = "ALLOCATE_SIP_SURFACE",
		[LCL_TOK_GLOBAL_MEMORY_OBJECT_KERNEL_ARGUMENT] =
			"GLOBAL_MEMORY_OBJECT_KERNEL_ARGUMENT",
		[LCL_TOK_IMAGE_MEMORY_OBJECT_KERNEL_ARGUMENT] =
			"IMAGE_MEMORY_OBJECT_KERNEL_ARGUMENT",
		[LCL_TOK_CONSTANT_MEMORY_OBJECT_KERNEL_ARGUMENT] =
			"CONSTANT_MEMORY_OBJECT_KERNEL_ARGUMENT",
		[LCL_TOK_ALLOCATE_LOCAL_SURFACE] = "ALLOCATE_LOCAL_SURFACE",
		[LCL_TOK_SAMPLER_KERNEL_ARGUMENT] = "SAMPLER_KERNEL_ARGUMENT",
		[LCL_TOK_DATA_PARAMETER_BUFFER] = "DATA_PARAMETER_BUFFER",
		[LCL_TOK_MEDIA_VFE_STATE] = "MEDIA_VFE_STATE",
		[LCL_TOK_MEDIA_INTERFACE_DESCRIPTOR_LOAD] = "MEDIA_INTERFACE_DESCRIPTOR_LOAD",
		[LCL_TOK_INTERFACE_DESCRIPTOR_DATA] = "INTERFACE_DESCRIPTOR_DATA",
		[LCL_TOK_THREAD_PAYLOAD] = "THREAD_PAYLOAD",
		[LCL_TOK_EXECUTION_ENVIRONMENT] = "EXECUTION_ENVIRONMENT",
		[LCL_TOK_DATA_PARAMETER_STREAM] = "DATA_PARAMETER_STREAM",
		[LCL_TOK_KERNEL_ARGUMENT_INFO] = "KERNEL_ARGUMENT_INFO",
		[LCL_TOK_KERNEL_ATTRIBUTES_INFO] = "KERNEL_ATTRIBUTES_INFO",
		[LCL_TOK_STRING] = "STRING",
		[LCL_TOK_STATELESS_GLOBAL_MEMORY_OBJECT_KERNEL_ARGUMENT] =
			"STATELESS_GLOBAL_MEMORY_OBJECT_KERNEL_ARGUMENT",
		[LCL_TOK_STATELESS_CONSTANT_MEMORY_OBJECT_KERNEL_ARGUMENT] =
			"STATELESS_CONSTANT_MEMORY_OBJECT_KERNEL_ARGUMENT",
		[LCL_TOK_ALLOCATE_STATELESS_PRINTF_SURFACE] = "ALLOCATE_STATELESS_PRINTF_SURFACE",
		[LCL_TOK_ALLOCATE_STATELESS_EVENT_POOL_SURFACE] =
			"ALLOCATE_STATELESS_EVENT_POOL_SURFACE",
		[LCL_TOK_ALLOCATE_STATELESS_PRIVATE_MEMORY] = "ALLOCATE_STATELESS_PRIVATE_MEMORY",
		[LCL_TOK_ALLOCATE_GLOBAL_MEMORY_SURFACE_PROGRAM_BINARY_INFO] =
			"ALLOCATE_GLOBAL_MEMORY_SURFACE_PROGRAM_BINARY_INFO",
		[LCL_TOK_ALLOCATE_CONSTANT_MEMORY_SURFACE_PROGRAM_BINARY_INFO] =
			"ALLOCATE_CONSTANT_MEMORY_SURFACE_PROGRAM_BINARY_INFO",
		[LCL_TOK_ALLOCATE_STATELESS_GLOBAL_MEMORY_SURFACE_WITH_INITIALIZATION] =
			"ALLOCATE_STATELESS_GLOBAL_MEMORY_SURFACE_WITH_INITIALIZATION",
		[LCL_TOK_ALLOCATE_STATELESS_CONSTANT_MEMORY_SURFACE_WITH_INITIALIZATION] =
			"ALLOCATE_STATELESS_CONSTANT_MEMORY_SURFACE_WITH_INITIALIZATION",
		[LCL_TOK_ALLOCATE_STATELESS_DEFAULT_DEVICE_QUEUE_SURFACE] =
			"ALLOCATE_STATELESS_DEFAULT_DEVICE_QUEUE_SURFACE",
		[LCL_TOK_STATELESS_DEVICE_QUEUE_KERNEL_ARGUMENT] =
			"STATELESS_DEVICE_QUEUE_KERNEL_ARGUMENT",
		[LCL_TOK_GLOBAL_POINTER_PROGRAM_BINARY_INFO] = "GLOBAL_POINTER_PROGRAM_BINARY_INFO",
		[LCL_TOK_CONSTANT_POINTER_PROGRAM_BINARY_INFO] =
			"CONSTANT_POINTER_PROGRAM_BINARY_INFO",
		[LCL_TOK_GTPIN_FREE_GRF_INFO] = "GTPIN_FREE_GRF_INFO",
		[LCL_TOK_GTPIN_INFO] = "GTPIN_INFO",
		[LCL_TOK_PROGRAM_SYMBOL_TABLE] = "PROGRAM_SYMBOL_TABLE",
		[LCL_TOK_PROGRAM_RELOCATION_TABLE] = "PROGRAM_RELOCATION_TABLE",
		[LCL_TOK_MEDIA_VFE_STATE_SLOT1] = "MEDIA_VFE_STATE_SLOT1",
		[LCL_TOK_ALLOCATE_SYNC_BUFFER] = "ALLOCATE_SYNC_BUFFER",
		[LCL_TOK_GLOBAL_HOST_ACCESS_TABLE] = "GLOBAL_HOST_ACCESS_TABLE",
		[LCL_TOK_ALLOCATE_RT_GLOBAL_BUFFER] = "ALLOCATE_RT_GLOBAL_BUFFER",
	};

	return tok < sizeof(names) / sizeof(names[0]) && names[tok] ? names[tok] : NULL;
}

/* A kernel gensim cannot run: the first reason is kept. */
static void unsupported(struct gsim_cl_kernel *k, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void unsupported(struct gsim_cl_kernel *k, const char *fmt, ...)
{
	va_list ap;

	if (k->unsupported[0])
		return;
	va_start(ap, fmt);
	vsnprintf(k->unsupported, sizeof(k->unsupported), fmt, ap);
	va_end(ap);
}

/* The argument @n, growing the list; NULL (and the message) past LCL_MAX_ARGS. */
static struct lcl_arg *arg_at(struct gsim_cl_kernel *k, uint32_t n)
{
	if (n >= LCL_MAX_ARGS) {
		lgsim_fail(-E2BIG, "kernel %s: argument %u: at most %u arguments", k->name, n,
			   LCL_MAX_ARGS);
		return NULL;
	}
	while (k->narg <= n) {
		struct lcl_arg *a = &k->arg[k->narg++];

		memset(a, 0, sizeof(*a));
		a->ssh_offset = a->ptr_offset = a->slm_offset = a->sampler_offset = LCL_UNDEF;
	}
	return &k->arg[n];
}

/* An argument of @kind: it must not already be something else. */
static struct lcl_arg *arg_of(struct gsim_cl_kernel *k, uint32_t n, uint32_t kind,
			      const char *tok)
{
	struct lcl_arg *a = arg_at(k, n);

	if (!a)
		return NULL;
	if (a->kind && a->kind != kind) {
		lgsim_fail(-EINVAL, "kernel %s: argument %u is both kind %u and %s", k->name, n,
			   a->kind, tok);
		return NULL;
	}
	a->kind = kind;
	return a;
}

/* Copy a NUL-padded string of @len bytes into @dst (truncating). */
static void copy_string(char *dst, size_t cap, const uint8_t *src, uint32_t len)
{
	size_t n = strnlen((const char *)src, len);

	if (n >= cap)
		n = cap - 1;
	memcpy(dst, src, n);
	dst[n] = 0;
}

/* KERNEL_ARGUMENT_INFO: number, five string sizes, then the strings. */
static int arg_info(struct gsim_cl_kernel *k, const uint8_t *t, uint32_t tsize)
{
	uint32_t sz[5], off = 8 + 24;
	struct lcl_arg *a;
	char *semi;

	if (tsize < off)
		return lgsim_fail(-EINVAL, "kernel %s: KERNEL_ARGUMENT_INFO of %u bytes", k->name,
				  tsize);
	a = arg_at(k, field(t, 0));
	if (!a)
		return -E2BIG;
	for (int i = 0; i < 5; i++)
		sz[i] = field(t, 1 + i);
	for (int i = 0; i < 5; i++) {
		if (sz[i] > tsize - off)
			return lgsim_fail(-EINVAL, "kernel %s: KERNEL_ARGUMENT_INFO string %d past "
					  "the token", k->name, i);
		if (i == 0)
			copy_string(a->qualifier, sizeof(a->qualifier), t + off, sz[i]);
		else if (i == 2)
			copy_string(a->name, sizeof(a->name), t + off, sz[i]);
		else if (i == 3)
			copy_string(a->type, sizeof(a->type), t + off, sz[i]);
		off += sz[i];
	}
	semi = strchr(a->type, ';');	/* "float*;8": the type, then its size */
	if (semi)
		*semi = 0;
	return 0;
}

static int data_parameter(struct gsim_cl_kernel *k, const uint8_t *t)
{
	struct lcl_param p = { field(t, 0), field(t, 1), field(t, 2), field(t, 3), field(t, 4) };
	struct lcl_param *grown;
	struct lcl_arg *a;

	if ((p.type == LCL_DP_KERNEL_ARGUMENT ? p.size > 256 : p.size > 8) ||
	    (uint64_t)p.offset + p.size > 0x10000 || p.source_offset > 0x10000)
		return lgsim_fail(-EINVAL, "kernel %s: data parameter %u of %u bytes at %u",
				  k->name, p.type, p.size, p.offset);
	switch (p.type) {
	case LCL_DP_KERNEL_ARGUMENT:
		a = arg_of(k, p.arg, GSIM_CL_ARG_VALUE, "a value");
		if (!a)
			return -EINVAL;
		if (p.source_offset + p.size > a->value_size)
			a->value_size = p.source_offset + p.size;
		break;
	case LCL_DP_SUM_OF_LOCAL_MEMORY_OBJECT_ARGUMENT_SIZES:
		a = arg_of(k, p.arg, GSIM_CL_ARG_LOCAL, "__local");
		if (!a)
			return -EINVAL;
		a->slm_offset = p.offset;
		a->slm_size = p.size;
		a->slm_align = p.source_offset ? p.source_offset : 1;
		return 0;
	case LCL_DP_BUFFER_STATEFUL:	/* "this pointer is also bound": nothing to write */
		return 0;
	case LCL_DP_LOCAL_WORK_SIZE:
	case LCL_DP_GLOBAL_WORK_SIZE:
	case LCL_DP_NUM_WORK_GROUPS:
	case LCL_DP_WORK_DIMENSIONS:
	case LCL_DP_GLOBAL_WORK_OFFSET:
	case LCL_DP_ENQUEUED_LOCAL_WORK_SIZE:
	case LCL_DP_MAX_WORKGROUP_SIZE:
	case LCL_DP_PREFERRED_WORKGROUP_MULTIPLE:
	case LCL_DP_NUM_HARDWARE_THREADS:
	case LCL_DP_SIMD_SIZE:
	case LCL_DP_PRIVATE_MEMORY_STATELESS_SIZE:
	case LCL_DP_BUFFER_OFFSET:
	case LCL_DP_LOCAL_MEMORY_STATELESS_WINDOW_SIZE:
		break;
	case LCL_DP_IMAGE_WIDTH:
	case LCL_DP_IMAGE_HEIGHT:
	case LCL_DP_IMAGE_DEPTH:
	case LCL_DP_IMAGE_CHANNEL_DATA_TYPE:
	case LCL_DP_IMAGE_CHANNEL_ORDER:
	case LCL_DP_IMAGE_ARRAY_SIZE:
	case LCL_DP_IMAGE_NUM_SAMPLES:
	case LCL_DP_IMAGE_NUM_MIP_LEVELS:
	case LCL_DP_FLAT_IMAGE_BASEOFFSET:
	case LCL_DP_FLAT_IMAGE_WIDTH:
	case LCL_DP_FLAT_IMAGE_HEIGHT:
	case LCL_DP_FLAT_IMAGE_PITCH:
	case LCL_DP_SAMPLER_ADDRESS_MODE:
	case LCL_DP_SAMPLER_NORMALIZED_COORDS:
	case LCL_DP_SAMPLER_COORDINATE_SNAP_WA_REQUIRED:
		if (!arg_at(k, p.arg))	/* the image's or sampler's argument fills them */
			return -E2BIG;
		break;
	case LCL_DP_PRINTF_SURFACE_SIZE:
		unsupported(k, "printf (DATA_PARAMETER_PRINTF_SURFACE_SIZE)");
		break;
	default:
		unsupported(k, "data parameter %u (patch_list.h DATA_PARAMETER_TOKEN) is not "
			    "handled", p.type);
		break;
	}
	grown = realloc(k->param, (k->nparam + 1) * sizeof(*grown));
	if (!grown)
		return lgsim_fail(-ENOMEM, "out of memory");
	k->param = grown;
	k->param[k->nparam++] = p;
	return 0;
}

static int pointer_arg(struct gsim_cl_kernel *k, const uint8_t *t, bool stateless)
{
	struct lcl_arg *a = arg_of(k, field(t, 0), GSIM_CL_ARG_BUFFER, "a buffer");

	if (!a)
		return -EINVAL;
	a->ssh_offset = field(t, 1);
	if (stateless) {
		a->ptr_offset = field(t, 2);
		a->ptr_size = field(t, 3);
		if ((a->ptr_size != 4 && a->ptr_size != 8) || a->ptr_offset > 0xfff8)
			return lgsim_fail(-EINVAL, "kernel %s: argument %u: a %u-byte pointer at %u",
					  k->name, field(t, 0), a->ptr_size, a->ptr_offset);
	}
	return 0;
}

/* One token of a kernel's patch list. */
static int kernel_token(struct gsim_cl_kernel *k, const uint8_t *t, uint32_t tok, uint32_t tsize)
{
	struct lcl_arg *a;

	/* Every token's body is read by dword index: check it holds them. */
	static const uint8_t body[] = {
		[LCL_TOK_SAMPLER_STATE_ARRAY] = 3, [LCL_TOK_BINDING_TABLE_STATE] = 3,
		[LCL_TOK_ALLOCATE_SCRATCH_SURFACE] = 2,
		[LCL_TOK_GLOBAL_MEMORY_OBJECT_KERNEL_ARGUMENT] = 2,
		[LCL_TOK_IMAGE_MEMORY_OBJECT_KERNEL_ARGUMENT] = 6,
		[LCL_TOK_CONSTANT_MEMORY_OBJECT_KERNEL_ARGUMENT] = 2,
		[LCL_TOK_ALLOCATE_LOCAL_SURFACE] = 2, [LCL_TOK_SAMPLER_KERNEL_ARGUMENT] = 3,
		[LCL_TOK_DATA_PARAMETER_BUFFER] = 5, [LCL_TOK_MEDIA_VFE_STATE] = 2,
		[LCL_TOK_THREAD_PAYLOAD] = 7, [LCL_TOK_EXECUTION_ENVIRONMENT] = 20,
		[LCL_TOK_DATA_PARAMETER_STREAM] = 1, [LCL_TOK_KERNEL_ARGUMENT_INFO] = 6,
		[LCL_TOK_STATELESS_GLOBAL_MEMORY_OBJECT_KERNEL_ARGUMENT] = 4,
		[LCL_TOK_STATELESS_CONSTANT_MEMORY_OBJECT_KERNEL_ARGUMENT] = 4,
		[LCL_TOK_ALLOCATE_STATELESS_PRIVATE_MEMORY] = 4,
		[LCL_TOK_ALLOCATE_STATELESS_GLOBAL_MEMORY_SURFACE_WITH_INITIALIZATION] = 4,
		[LCL_TOK_ALLOCATE_STATELESS_CONSTANT_MEMORY_SURFACE_WITH_INITIALIZATION] = 4,
		[LCL_TOK_MEDIA_VFE_STATE_SLOT1] = 2,
	};

	if (tok < sizeof(body) && tsize < 8u + 4u * body[tok])
		return lgsim_fail(-EINVAL, "kernel %s: patch token %u (%s) of %u bytes, at least "
				  "%u expected", k->name, tok, token_name(tok), tsize,
				  8 + 4 * body[tok]);
	switch (tok) {
	case LCL_TOK_BINDING_TABLE_STATE:
		k->bt_offset = field(t, 0);
		k->bt_count = field(t, 1);
		return 0;
	case LCL_TOK_DATA_PARAMETER_BUFFER:
		return data_parameter(k, t);
	case LCL_TOK_THREAD_PAYLOAD:
		if (field(t, 0))
			unsupported(k, "a thread payload with a header (THREAD_PAYLOAD "
				    "HeaderPresent)");
		if (field(t, 4))
			unsupported(k, "flattened local IDs (THREAD_PAYLOAD "
				    "LocalIDFlattenedPresent)");
		for (int i = 0; i < 3; i++)
			k->local_id[i] = field(t, 1 + i);
		k->indirect_payload = field(t, 5);
		k->unused_per_thread = field(t, 6);
		if (!k->indirect_payload)
			unsupported(k, "a CURBE payload (THREAD_PAYLOAD IndirectPayloadStorage 0)");
		return 0;
	case LCL_TOK_EXECUTION_ENVIRONMENT:
		for (int i = 0; i < 3; i++)
			k->required_local[i] = field(t, i);
		k->simd = field(t, 3);
		k->barriers = field(t, 5) ? 1 : 0;
		k->stateless = field(t, 19) ? 1 : 0;
		if (field(t, 10))
			unsupported(k, "device-side enqueue (EXECUTION_ENVIRONMENT "
				    "HasDeviceEnqueue)");
		return 0;
	case LCL_TOK_DATA_PARAMETER_STREAM:
		k->ctd_size = field(t, 0);
		if (k->ctd_size > 0x10000)
			return lgsim_fail(-EINVAL, "kernel %s: %u bytes of cross-thread data",
					  k->name, k->ctd_size);
		return 0;
	case LCL_TOK_STATELESS_GLOBAL_MEMORY_OBJECT_KERNEL_ARGUMENT:
	case LCL_TOK_STATELESS_CONSTANT_MEMORY_OBJECT_KERNEL_ARGUMENT:
		return pointer_arg(k, t, true);
	case LCL_TOK_GLOBAL_MEMORY_OBJECT_KERNEL_ARGUMENT:
	case LCL_TOK_CONSTANT_MEMORY_OBJECT_KERNEL_ARGUMENT:
		return pointer_arg(k, t, false);
	case LCL_TOK_ALLOCATE_LOCAL_SURFACE:
		k->slm_static = field(t, 1);
		return 0;
	case LCL_TOK_KERNEL_ARGUMENT_INFO:
		return arg_info(k, t, tsize);
	case LCL_TOK_IMAGE_MEMORY_OBJECT_KERNEL_ARGUMENT:
		a = arg_of(k, field(t, 0), GSIM_CL_ARG_IMAGE, "an image");
		if (!a)
			return -EINVAL;
		a->image_type = field(t, 1);
		a->ssh_offset = field(t, 2);
		a->writeable = field(t, 5);
		if (a->image_type != LCL_IMAGE_2D)
			unsupported(k, "image type %u (IMAGE_MEMORY_OBJECT_KERNEL_ARGUMENT): only "
				    "2D images are laid out", a->image_type);
		return 0;
	case LCL_TOK_SAMPLER_KERNEL_ARGUMENT:
		a = arg_of(k, field(t, 0), GSIM_CL_ARG_SAMPLER, "a sampler");
		if (!a)
			return -EINVAL;
		a->sampler_offset = field(t, 2);
		if (field(t, 1) != LCL_SAMPLER_TEXTURE)
			unsupported(k, "sampler type %u (SAMPLER_KERNEL_ARGUMENT): only texture "
				    "samplers", field(t, 1));
		if ((uint64_t)a->sampler_offset + 16 > k->dsh_size)
			return lgsim_fail(-EINVAL, "kernel %s: sampler argument %u's state at %u "
					  "is past the %u-byte dynamic state heap", k->name,
					  field(t, 0), a->sampler_offset, k->dsh_size);
		return 0;
	case LCL_TOK_SAMPLER_STATE_ARRAY:
		k->sampler_offset = field(t, 0);
		k->sampler_count = field(t, 1);
		k->border_offset = field(t, 2);
		return 0;
	case LCL_TOK_ALLOCATE_STATELESS_PRIVATE_MEMORY:
		k->private_ssh = field(t, 0);
		k->private_ctd = field(t, 1);
		k->private_ctd_size = field(t, 2);
		k->private_size = field(t, 3);
		if ((k->private_ctd_size != 4 && k->private_ctd_size != 8) ||
		    k->private_ctd > 0xfff8)
			return lgsim_fail(-EINVAL, "kernel %s: private memory's %u-byte address at "
					  "%u", k->name, k->private_ctd_size, k->private_ctd);
		return 0;
	case LCL_TOK_ALLOCATE_STATELESS_GLOBAL_MEMORY_SURFACE_WITH_INITIALIZATION:
	case LCL_TOK_ALLOCATE_STATELESS_CONSTANT_MEMORY_SURFACE_WITH_INITIALIZATION: {
		struct lcl_surface_ref *r =
			tok == LCL_TOK_ALLOCATE_STATELESS_GLOBAL_MEMORY_SURFACE_WITH_INITIALIZATION ?
			&k->global : &k->constant;

		*r = (struct lcl_surface_ref){ true, field(t, 0), field(t, 1), field(t, 2),
					       field(t, 3) };
		if ((r->ctd_size != 4 && r->ctd_size != 8) || r->ctd_offset > 0xfff8)
			return lgsim_fail(-EINVAL, "kernel %s: %s: a %u-byte address at %u",
					  k->name, token_name(tok), r->ctd_size, r->ctd_offset);
		if (r->index)
			unsupported(k, "program-scope buffer %u (%s): only buffer 0 is loaded",
				    r->index, token_name(tok));
		return 0;
	}
	case LCL_TOK_MEDIA_VFE_STATE:
		/* IGC's spills: PerThreadScratchSpace bytes, at most 2 MiB (gen8.xml) */
		k->scratch_size = field(t, 1);
		if (k->scratch_size > 2u << 20)
			unsupported(k, "scratch space of %u bytes per thread (at most 2 MiB)",
				    k->scratch_size);
		return 0;
	case LCL_TOK_MEDIA_VFE_STATE_SLOT1:
		if (field(t, 1))
			unsupported(k, "a second scratch space (%s: %u bytes per thread): "
				    "gensim has one", token_name(tok), field(t, 1));
		return 0;
	case LCL_TOK_ALLOCATE_SCRATCH_SURFACE:
		unsupported(k, "scratch space (ALLOCATE_SCRATCH_SURFACE)");
		return 0;
	case LCL_TOK_STRING:
		/*
		 * A printf format string.  IGC gives every kernel of a program
		 * the program's strings, also kernels that do not call printf;
		 * only ALLOCATE_STATELESS_PRINTF_SURFACE says a kernel does.
		 */
		return 0;
	case LCL_TOK_ALLOCATE_STATELESS_PRINTF_SURFACE:
		unsupported(k, "printf (%s)", token_name(tok));
		return 0;
	case LCL_TOK_ALLOCATE_STATELESS_EVENT_POOL_SURFACE:
	case LCL_TOK_ALLOCATE_STATELESS_DEFAULT_DEVICE_QUEUE_SURFACE:
	case LCL_TOK_STATELESS_DEVICE_QUEUE_KERNEL_ARGUMENT:
		unsupported(k, "device-side enqueue (%s)", token_name(tok));
		return 0;
	case LCL_TOK_ALLOCATE_SYNC_BUFFER:
		unsupported(k, "a sync buffer (ALLOCATE_SYNC_BUFFER)");
		return 0;
	case LCL_TOK_ALLOCATE_SIP_SURFACE:
	case LCL_TOK_STATE_SIP:
		unsupported(k, "a system routine (%s)", token_name(tok));
		return 0;
	case LCL_TOK_MEDIA_INTERFACE_DESCRIPTOR_LOAD:
	case LCL_TOK_INTERFACE_DESCRIPTOR_DATA:
	case LCL_TOK_KERNEL_ATTRIBUTES_INFO:
	case LCL_TOK_GTPIN_FREE_GRF_INFO:
	case LCL_TOK_GTPIN_INFO:
		return 0;	/* the loader builds its own descriptor; tools' data */
	}
	if (token_name(tok))
		return lgsim_fail(-EINVAL, "kernel %s: patch token %u (%s) is not expected in a "
				  "kernel's patch list", k->name, tok, token_name(tok));
	return lgsim_fail(-EINVAL, "kernel %s: unknown patch token %u (%u bytes): not in "
			  "IGC's patch_list.h as this loader knows it", k->name, tok, tsize);
}

static int kernel_patch_list(struct gsim_cl_kernel *k, const uint8_t *p, uint32_t size)
{
	for (uint32_t off = 0; off < size;) {
		const uint8_t *t = p + off;
		uint32_t tok, tsize;
		int ret;

		if (size - off < 8)
			return lgsim_fail(-EINVAL, "kernel %s: truncated patch token at byte %u of "
					  "its patch list", k->name, off);
		tok = u32(t);
		tsize = u32(t + 4);
		if (tsize < 8 || tsize > size - off)
			return lgsim_fail(-EINVAL, "kernel %s: patch token %u of %u bytes at byte %u "
					  "of a %u-byte patch list", k->name, tok, tsize, off, size);
		ret = kernel_token(k, t, tok, tsize);
		if (ret)
			return ret;
		off += tsize;
	}
	if (k->simd != 8 && k->simd != 16 && k->simd != 32)
		return lgsim_fail(-EINVAL, "kernel %s: SIMD%u (EXECUTION_ENVIRONMENT "
				  "LargestCompiledSIMDSize): 8, 16 or 32", k->name, k->simd);
	if (k->bt_count && (uint64_t)k->bt_offset + 4ull * k->bt_count > k->ssh_size)
		return lgsim_fail(-EINVAL, "kernel %s: binding table (%u entries at %u) past the "
				  "%u-byte surface state heap", k->name, k->bt_count, k->bt_offset,
				  k->ssh_size);
	for (unsigned int i = 0; i < k->narg; i++) {
		const struct lcl_arg *a = &k->arg[i];

		if (a->ssh_offset != LCL_UNDEF && (uint64_t)a->ssh_offset + 64 > k->ssh_size)
			return lgsim_fail(-EINVAL, "kernel %s: argument %u's surface state at %u is "
					  "past the %u-byte surface state heap", k->name, i,
					  a->ssh_offset, k->ssh_size);
		if (a->ptr_offset != LCL_UNDEF && a->ptr_offset + a->ptr_size > k->ctd_size)
			return lgsim_fail(-EINVAL, "kernel %s: argument %u's address is past the "
					  "%u bytes of cross-thread data", k->name, i, k->ctd_size);
		if (a->slm_offset != LCL_UNDEF && a->slm_offset + a->slm_size > k->ctd_size)
			return lgsim_fail(-EINVAL, "kernel %s: argument %u's SLM offset is past the "
					  "cross-thread data", k->name, i);
	}
	for (unsigned int i = 0; i < k->nparam; i++)
		if (k->param[i].offset + k->param[i].size > k->ctd_size)
			return lgsim_fail(-EINVAL, "kernel %s: data parameter %u at %u is past the "
					  "%u bytes of cross-thread data", k->name,
					  k->param[i].type, k->param[i].offset, k->ctd_size);
	if (k->constant.present && k->constant.ctd_offset + k->constant.ctd_size > k->ctd_size)
		return lgsim_fail(-EINVAL, "kernel %s: the constant buffer's address is past the "
				  "cross-thread data", k->name);
	if (k->global.present && k->global.ctd_offset + k->global.ctd_size > k->ctd_size)
		return lgsim_fail(-EINVAL, "kernel %s: the global buffer's address is past the "
				  "cross-thread data", k->name);
	if (k->private_size && k->private_ctd + k->private_ctd_size > k->ctd_size)
		return lgsim_fail(-EINVAL, "kernel %s: the private memory's address is past the "
				  "cross-thread data", k->name);
	return 0;
}

/* The program's own patch list: constant and global data, pointers in them. */
static int program_patch_list(struct gsim_cl_program *pg, const uint8_t *p, uint32_t size)
{
	for (uint32_t off = 0; off < size;) {
		const uint8_t *t = p + off;
		uint32_t tok, tsize, inl, index;
		struct lcl_surface *s;

		if (size - off < 8)
			return lgsim_fail(-EINVAL, "program patch list: truncated token at byte %u",
					  off);
		tok = u32(t);
		tsize = u32(t + 4);
		if (tsize < 8 || tsize > size - off)
			return lgsim_fail(-EINVAL, "program patch list: token %u of %u bytes at byte "
					  "%u", tok, tsize, off);
		switch (tok) {
		case LCL_TOK_ALLOCATE_CONSTANT_MEMORY_SURFACE_PROGRAM_BINARY_INFO:
		case LCL_TOK_ALLOCATE_GLOBAL_MEMORY_SURFACE_PROGRAM_BINARY_INFO: {
			/* constant: index, size; global: type, index, size; then the bytes */
			bool cst = tok == LCL_TOK_ALLOCATE_CONSTANT_MEMORY_SURFACE_PROGRAM_BINARY_INFO;
			uint32_t hdr = cst ? 16 : 20;

			if (tsize < hdr)
				return lgsim_fail(-EINVAL, "program patch list: %s of %u bytes",
						  token_name(tok), tsize);
			index = field(t, cst ? 0 : 1);
			inl = field(t, cst ? 1 : 2);
			s = cst ? &pg->constant : &pg->global;
			if (index)
				return lgsim_fail(-EINVAL, "program patch list: %s buffer %u: only one "
						  "of each is loaded", token_name(tok), index);
			if (s->size)
				return lgsim_fail(-EINVAL, "program patch list: a second %s",
						  token_name(tok));
			/* The inline bytes follow the token, counted outside its Size. */
			if (inl > size - off - tsize)
				return lgsim_fail(-EINVAL, "program patch list: %s: %u bytes of data "
						  "past the list", token_name(tok), inl);
			s->init = t + tsize;
			s->init_size = inl;
			s->size = inl ? inl : 1;
			off += tsize + inl;
			continue;
		}
		case LCL_TOK_GLOBAL_POINTER_PROGRAM_BINARY_INFO:
		case LCL_TOK_CONSTANT_POINTER_PROGRAM_BINARY_INFO: {
			struct lcl_reloc *r = &pg->reloc[pg->nreloc];

			if (tsize < 28)
				return lgsim_fail(-EINVAL, "program patch list: %s of %u bytes",
						  token_name(tok), tsize);
			if (pg->nreloc == LCL_MAX_RELOCS)
				return lgsim_fail(-E2BIG, "program patch list: more than %u pointers",
						  LCL_MAX_RELOCS);
			/* buffer index, 64-bit offset, buffer type (0 global, 1 constant), index */
			if (u32(t + 8) || u32(t + 24))
				return lgsim_fail(-EINVAL, "program patch list: %s between buffers "
						  "other than 0", token_name(tok));
			r->in_constant = tok == LCL_TOK_CONSTANT_POINTER_PROGRAM_BINARY_INFO;
			r->offset = u64(t + 12);
			r->to_constant = u32(t + 20) == 1;
			pg->nreloc++;
			break;
		}
		default:
			if (token_name(tok))
				return lgsim_fail(-EINVAL, "program patch list: token %u (%s) is not "
						  "handled (function pointers, host access tables?)",
						  tok, token_name(tok));
			return lgsim_fail(-EINVAL, "program patch list: unknown patch token %u (%u "
					  "bytes)", tok, tsize);
		}
		off += tsize;
	}
	for (unsigned int i = 0; i < pg->nreloc; i++) {
		const struct lcl_reloc *r = &pg->reloc[i];
		const struct lcl_surface *in = r->in_constant ? &pg->constant : &pg->global;

		if (r->offset + pg->pointer_size > in->init_size)
			return lgsim_fail(-EINVAL, "program patch list: a pointer at %llu past the "
					  "%u bytes of its buffer", (unsigned long long)r->offset,
					  in->init_size);
	}
	return 0;
}

static int program(struct gsim_cl_program *pg, const uint8_t *p, uint64_t size)
{
	uint32_t n, plist;
	uint64_t off;
	int ret;

	if (size < PROGRAM_HDR || u32(p) != PROGRAM_MAGIC)
		return lgsim_fail(-EINVAL, "no patch-token program in the device binary (magic "
				  "%#x, \"INTC\" expected)", size >= 4 ? u32(p) : 0);
	if (u32(p + 8) != GEN8_DEVICE)
		return lgsim_fail(-EINVAL, "compiled for device family %u, not Gen8 (%u): "
				  "ocloc -device bdw", u32(p + 8), GEN8_DEVICE);
	pg->pointer_size = u32(p + 12);
	if (pg->pointer_size != 4 && pg->pointer_size != 8)
		return lgsim_fail(-EINVAL, "GPU pointers of %u bytes", pg->pointer_size);
	n = u32(p + 16);
	plist = u32(p + 24);
	if (plist > size - PROGRAM_HDR)
		return lgsim_fail(-EINVAL, "a program patch list of %u bytes past the program",
				  plist);
	ret = program_patch_list(pg, p + PROGRAM_HDR, plist);
	if (ret)
		return ret;
	if (!n || n > 4096)
		return lgsim_fail(-EINVAL, "%u kernels in the program", n);
	pg->k = calloc(n, sizeof(*pg->k));
	if (!pg->k)
		return lgsim_fail(-ENOMEM, "out of memory for %u kernels", n);
	off = PROGRAM_HDR + plist;
	for (uint32_t i = 0; i < n; i++) {
		struct gsim_cl_kernel *k = &pg->k[i];
		uint32_t name, kplist, heaps[5];
		uint64_t need;

		k->prog = pg;
		pg->nkernel = i + 1;	/* freed with the program from here on */
		if (size - off < KERNEL_HDR)
			return lgsim_fail(-EINVAL, "kernel %u: truncated header", i);
		name = u32(p + off + 12);
		kplist = u32(p + off + 16);
		for (int h = 0; h < 5; h++)	/* kernel, general, dynamic, surface, unpadded */
			heaps[h] = u32(p + off + 20 + 4 * h);
		need = (uint64_t)KERNEL_HDR + name + heaps[0] + heaps[1] + heaps[2] + heaps[3] +
		       kplist;
		if (need > size - off)
			return lgsim_fail(-EINVAL, "kernel %u: %llu bytes past the %llu-byte program",
					  i, (unsigned long long)(need - (size - off)),
					  (unsigned long long)size);
		if (!name || name > GSIM_CL_NAME_MAX || heaps[4] > heaps[0] || !heaps[0])
			return lgsim_fail(-EINVAL, "kernel %u: a %u-byte name, %u of %u bytes of "
					  "code", i, name, heaps[4], heaps[0]);
		off += KERNEL_HDR;
		copy_string(k->name, sizeof(k->name), p + off, name);
		off += name;
		k->isa = p + off;
		k->isa_size = heaps[0];
		k->isa_unpadded = heaps[4] ? heaps[4] : heaps[0];
		off += (uint64_t)heaps[0] + heaps[1];
		k->dsh = p + off;
		k->dsh_size = heaps[2];
		off += heaps[2];
		k->ssh = p + off;
		k->ssh_size = heaps[3];
		off += heaps[3];
		ret = kernel_patch_list(k, p + off, kplist);
		if (ret)
			return ret;
		off += kplist;
		if ((k->constant.present && !pg->constant.size) ||
		    (k->global.present && !pg->global.size))
			return lgsim_fail(-EINVAL, "kernel %s reads a program-scope buffer the "
					  "program does not have", k->name);
	}
	return 0;
}

static int elf(struct gsim_cl_program *pg)
{
	const uint8_t *d = pg->data;
	unsigned int shentsize, shnum;
	uint64_t shoff;

	if (pg->size < 64 || memcmp(d, "\x7f" "ELF", 4))
		return lgsim_fail(-EINVAL, "not an ELF file (ocloc writes one)");
	if (d[4] != 2 || d[5] != 1)
		return lgsim_fail(-EINVAL, "not a little-endian ELF64 file");
	shoff = u64(d + 0x28);
	shentsize = d[0x3a] | d[0x3b] << 8;
	shnum = d[0x3c] | d[0x3d] << 8;
	if (shentsize < 0x40 || shoff > pg->size ||
	    (uint64_t)shnum * shentsize > pg->size - shoff)
		return lgsim_fail(-EINVAL, "ELF section headers past the file");
	for (unsigned int i = 0; i < shnum; i++) {
		const uint8_t *sh = d + shoff + (uint64_t)i * shentsize;
		uint64_t off = u64(sh + 0x18), sz = u64(sh + 0x20);

		if (u32(sh + 4) != SHT_OPENCL_DEV_BINARY)
			continue;
		if (off > pg->size || sz > pg->size - off)
			return lgsim_fail(-EINVAL, "the device binary section is past the file");
		return program(pg, d + off, sz);
	}
	return lgsim_fail(-EINVAL, "no OpenCL device binary section (type %#x) in the ELF file",
			  SHT_OPENCL_DEV_BINARY);
}

int gsim_cl_program_load(const void *bin, size_t size, struct gsim_cl_program **prog)
{
	struct gsim_cl_program *pg;
	int ret;

	if (!prog || (!bin && size))
		return lgsim_fail(-EINVAL, "gsim_cl_program_load: NULL argument");
	*prog = NULL;
	pg = calloc(1, sizeof(*pg));
	if (!pg || !(pg->data = malloc(size ? size : 1))) {
		free(pg);
		return lgsim_fail(-ENOMEM, "out of memory for a %zu-byte program", size);
	}
	memcpy(pg->data, bin, size);
	pg->size = size;
	ret = elf(pg);
	if (ret) {
		gsim_cl_program_free(pg);
		return ret;
	}
	*prog = pg;
	return 0;
}

int gsim_cl_program_open(const char *path, struct gsim_cl_program **prog)
{
	FILE *f;
	long size;
	void *buf;
	int ret;

	if (!path || !prog)
		return lgsim_fail(-EINVAL, "gsim_cl_program_open: NULL argument");
	*prog = NULL;
	f = fopen(path, "rb");
	if (!f)
		return lgsim_fail(-errno, "%s: %s", path, strerror(errno));
	if (fseek(f, 0, SEEK_END) || (size = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) ||
	    size > (256l << 20)) {
		fclose(f);
		return lgsim_fail(-EINVAL, "%s: cannot size the file (at most 256 MiB)", path);
	}
	buf = malloc(size ? (size_t)size : 1);
	if (!buf || fread(buf, 1, (size_t)size, f) != (size_t)size) {
		fclose(f);
		free(buf);
		return lgsim_fail(buf ? -EIO : -ENOMEM, "%s: cannot read", path);
	}
	fclose(f);
	ret = gsim_cl_program_load(buf, (size_t)size, prog);
	free(buf);
	if (ret) {
		char why[200];

		snprintf(why, sizeof(why), "%s", gsim_last_error());
		lgsim_fail(ret, "%s: %s", path, why);
	}
	return ret;
}

void gsim_cl_program_free(struct gsim_cl_program *prog)
{
	if (!prog)
		return;
	for (uint32_t i = 0; i < prog->nkernel; i++)
		free(prog->k[i].param);
	free(prog->k);
	free(prog->data);
	free(prog);
}

uint32_t gsim_cl_program_kernels(const struct gsim_cl_program *prog)
{
	return prog ? prog->nkernel : 0;
}

const struct gsim_cl_kernel *gsim_cl_kernel_at(const struct gsim_cl_program *prog, uint32_t i)
{
	return prog && i < prog->nkernel ? &prog->k[i] : NULL;
}

int gsim_cl_kernel_find(const struct gsim_cl_program *prog, const char *name,
			const struct gsim_cl_kernel **kernel)
{
	char list[160] = "";
	size_t len = 0;

	if (!prog || !name || !kernel)
		return lgsim_fail(-EINVAL, "gsim_cl_kernel_find: NULL argument");
	*kernel = NULL;
	for (uint32_t i = 0; i < prog->nkernel; i++) {
		if (!strcmp(prog->k[i].name, name)) {
			*kernel = &prog->k[i];
			return 0;
		}
		if (len < sizeof(list))
			len += (size_t)snprintf(list + len, sizeof(list) - len, "%s%s",
						i ? " " : "", prog->k[i].name);
	}
	return lgsim_fail(-ENOENT, "no kernel \"%s\" in the program (it has: %s)", name, list);
}

int gsim_cl_kernel_info(const struct gsim_cl_kernel *k, struct gsim_cl_kernel_info *info)
{
	if (!k || !info)
		return lgsim_fail(-EINVAL, "gsim_cl_kernel_info: NULL argument");
	memset(info, 0, sizeof(*info));
	memcpy(info->name, k->name, sizeof(info->name));
	info->simd = k->simd;
	info->nargs = k->narg;
	info->stateless = k->stateless;
	info->slm_static = k->slm_static;
	info->barriers = k->barriers;
	memcpy(info->required_local, k->required_local, sizeof(info->required_local));
	info->isa = k->isa;
	info->isa_size = k->isa_unpadded;
	info->unsupported = k->unsupported[0] ? k->unsupported : NULL;
	return 0;
}

int gsim_cl_arg_info(const struct gsim_cl_kernel *k, uint32_t arg, struct gsim_cl_arg_info *info)
{
	const struct lcl_arg *a;

	if (!k || !info)
		return lgsim_fail(-EINVAL, "gsim_cl_arg_info: NULL argument");
	if (arg >= k->narg)
		return lgsim_fail(-ENOENT, "kernel %s has %u arguments, not %u", k->name, k->narg,
				  arg + 1);
	a = &k->arg[arg];
	memset(info, 0, sizeof(*info));
	info->kind = a->kind;
	info->value_size = a->value_size;
	memcpy(info->name, a->name, sizeof(info->name));
	memcpy(info->type, a->type, sizeof(info->type));
	memcpy(info->qualifier, a->qualifier, sizeof(info->qualifier));
	return 0;
}
