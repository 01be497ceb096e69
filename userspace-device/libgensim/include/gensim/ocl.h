/* SPDX-License-Identifier: MIT */
/*
 * libgensim's OpenCL binary loader: kernels compiled by Intel's OpenCL
 * compiler for Broadwell (IGC, through `ocloc compile -device bdw`), run
 * the way Intel's OpenCL runtime (NEO) runs them
 * (Documentation/gpu/gensim/opencl.rst).
 *
 * ocloc writes an ELF file whose device-binary section holds the "patch
 * token" program: a program header, program-scope tokens (constant and
 * global data), then per kernel its machine code, its state heaps and the
 * patch tokens that say how to dispatch it - where each argument goes in
 * the cross-thread data or the binding table, which built-in values
 * (sizes, offsets, group counts) the code reads and where, the SIMD width,
 * the barrier, shared local memory.  gsim_cl_enqueue() does from those
 * tokens what NEO does: a surface state per stateful buffer and 2D image,
 * a sampler state per sampler, 64-bit addresses for stateless buffers,
 * SLM offsets for __local arguments, the
 * cross-thread data, each thread's local IDs in its indirect payload, and
 * one GPGPU_WALKER per region of equal work-group size (a partial last
 * group has its own).  The memory is laid out through struct
 * gsim_va_space (gensim/dispatch.h), so the same batch runs in process and
 * through the driver.
 *
 * A file that is not such a binary, or a token this loader does not know,
 * fails gsim_cl_program_load() with a message naming it.  A known token
 * for something gensim does not implement (scratch space, printf, images
 * other than 2D...) leaves the kernel loadable and listed, and
 * gsim_cl_kernel_info() and gsim_cl_enqueue() name it.
 */
#ifndef GSIM_OCL_H
#define GSIM_OCL_H

#include <stddef.h>
#include <stdint.h>

#include "gensim/gensim.h"

#ifdef __cplusplus
extern "C" {
#endif

struct gsim_cl_program;
struct gsim_cl_kernel;

/* What an argument is, from its patch tokens. */
enum gsim_cl_arg_kind {
	GSIM_CL_ARG_NONE = 0,		/* the compiler dropped it (unused) */
	GSIM_CL_ARG_VALUE = 1,		/* by value: bytes in the cross-thread data */
	GSIM_CL_ARG_BUFFER = 2,		/* a __global or __constant pointer */
	GSIM_CL_ARG_LOCAL = 3,		/* a __local pointer: SLM the caller sizes */
	GSIM_CL_ARG_IMAGE = 4,		/* image2d_t */
	GSIM_CL_ARG_SAMPLER = 5,	/* sampler_t */
};

#define GSIM_CL_NAME_MAX	64

/*
 * struct gsim_cl_arg_info - one argument (KERNEL_ARGUMENT_INFO and the
 * tokens that place it)
 * @kind: enum gsim_cl_arg_kind
 * @value_size: VALUE: the bytes of the value the cross-thread data holds
 * @name, @type, @qualifier: as the source spells them ("a", "float*",
 *	"__global"); empty when the compiler left no argument information
 */
struct gsim_cl_arg_info {
	uint32_t kind;
	uint32_t value_size;
	char name[GSIM_CL_NAME_MAX];
	char type[GSIM_CL_NAME_MAX];
	char qualifier[16];
};

/*
 * struct gsim_cl_kernel_info - one kernel of a program
 * @simd: the SIMD width it was compiled for (8, 16 or 32)
 * @stateless: compiled for buffers past 4 GiB: every access is an A64
 *	(stateless) message, the binding table holds no buffers
 * @slm_static: bytes of __local variables declared in the kernel
 * @barriers: it uses a work-group barrier
 * @required_local: reqd_work_group_size, or 0s
 * @isa, @isa_size: its machine code (the unpadded length)
 * @unsupported: NULL, or what gensim lacks to run it (a token's feature)
 */
struct gsim_cl_kernel_info {
	char name[GSIM_CL_NAME_MAX];
	uint32_t simd;
	uint32_t nargs;
	uint32_t stateless;
	uint32_t slm_static;
	uint32_t barriers;
	uint32_t required_local[3];
	uint32_t isa_size;
	const void *isa;
	const char *unsupported;
};

/* Parse an ocloc output file already in memory (copied) or on disk. */
int gsim_cl_program_load(const void *bin, size_t size, struct gsim_cl_program **prog);
int gsim_cl_program_open(const char *path, struct gsim_cl_program **prog);
void gsim_cl_program_free(struct gsim_cl_program *prog);

uint32_t gsim_cl_program_kernels(const struct gsim_cl_program *prog);
const struct gsim_cl_kernel *gsim_cl_kernel_at(const struct gsim_cl_program *prog, uint32_t i);
/* The kernel called @name: 0, or -ENOENT naming the ones there are. */
int gsim_cl_kernel_find(const struct gsim_cl_program *prog, const char *name,
			const struct gsim_cl_kernel **kernel);
int gsim_cl_kernel_info(const struct gsim_cl_kernel *kernel, struct gsim_cl_kernel_info *info);
int gsim_cl_arg_info(const struct gsim_cl_kernel *kernel, uint32_t arg,
		     struct gsim_cl_arg_info *info);

/* The linear 2D image formats the loader lays out (OpenCL order and type). */
enum gsim_cl_image_format {
	GSIM_CL_RGBA_FLOAT = 1,		/* CL_RGBA, CL_FLOAT: R32G32B32A32_FLOAT */
	GSIM_CL_RGBA_UNORM_INT8 = 2,	/* CL_RGBA, CL_UNORM_INT8: R8G8B8A8_UNORM */
	GSIM_CL_R_FLOAT = 3,		/* CL_R, CL_FLOAT: R32_FLOAT */
	GSIM_CL_RGBA_UINT8 = 4,		/* CL_RGBA, CL_UNSIGNED_INT8: R8G8B8A8_UINT */
	GSIM_CL_RGBA_SINT32 = 5,	/* CL_RGBA, CL_SIGNED_INT32: R32G32B32A32_SINT */
	GSIM_CL_R_UINT32 = 6,		/* CL_R, CL_UNSIGNED_INT32: R32_UINT */
};

/* A sampler argument: OpenCL C's sampler_t bits (CLK_* of the OpenCL C specification). */
#define GSIM_CL_SAMPLER_NORMALIZED	0x01	/* CLK_NORMALIZED_COORDS_TRUE */
#define GSIM_CL_SAMPLER_ADDRESS_MASK	0x0e
#define GSIM_CL_SAMPLER_ADDRESS_NONE	0x00
#define GSIM_CL_SAMPLER_CLAMP_TO_EDGE	0x02
#define GSIM_CL_SAMPLER_CLAMP		0x04
#define GSIM_CL_SAMPLER_REPEAT		0x06
#define GSIM_CL_SAMPLER_MIRRORED_REPEAT	0x08
#define GSIM_CL_SAMPLER_NEAREST		0x10
#define GSIM_CL_SAMPLER_LINEAR		0x20

/*
 * struct gsim_cl_arg - what the caller passes for one argument
 * @kind: enum gsim_cl_arg_kind; it must be the argument's (an argument
 *	the compiler dropped takes anything, NONE included)
 * @size: VALUE: bytes at @data; BUFFER: bytes of the buffer; LOCAL: bytes
 *	of SLM; IMAGE: bytes of the pixels, rows @size / @height bytes apart
 * @data: VALUE: the value; BUFFER, IMAGE: its initial contents (NULL: zeros)
 * @out: BUFFER, IMAGE: receives its @size bytes after the run (NULL: not read)
 * @width, @height, @format: IMAGE: a linear 2D image, enum gsim_cl_image_format
 * @sampler: SAMPLER: GSIM_CL_SAMPLER_* bits
 */
struct gsim_cl_arg {
	uint32_t kind;
	uint32_t pad;
	uint64_t size;
	const void *data;
	void *out;
	uint32_t width, height, format;
	uint32_t sampler;
};

/*
 * struct gsim_cl_ndrange - the enqueue's work
 * @work_dim: 1, 2 or 3; dimensions past it are 1 (offset 0)
 * @global_size: work items along each dimension, any size (a size that is
 *	not a multiple of @local_size makes partial work-groups, OpenCL 2.0)
 * @local_size: work-group size; 0s take the kernel's required size, else
 *	the largest power of two up to 64 that divides the global size in X
 */
struct gsim_cl_ndrange {
	uint32_t work_dim;
	uint32_t pad;
	uint64_t global_offset[3];
	uint64_t global_size[3];
	uint64_t local_size[3];
};

/*
 * struct gsim_cl_stats - what gsim_cl_enqueue() did
 * @exec: the batch's (gsim_exec_wait())
 * @walkers: GPGPU_WALKERs: 1, or one per region of partial work-groups
 * @groups, @threads: work-groups and hardware threads dispatched
 */
struct gsim_cl_stats {
	struct gsim_exec_stats exec;
	uint32_t walkers;
	uint32_t pad;
	uint64_t groups;
	uint64_t threads;
};

/*
 * Run @kernel over @nd with @args (@nargs: its argument count) in @vm on
 * @queue (a render queue of that VM): lay the job out in VM-private
 * buffers, run it, copy the buffers with an @out back and free it all.
 * Every GPU address the job uses is its own, above 8 GiB of @vm: one job
 * at a time in a VM.  0, or -errno with gsim_last_error() saying why.
 */
int gsim_cl_enqueue(struct gsim_device *dev, uint32_t vm, uint32_t queue,
		    const struct gsim_cl_kernel *kernel, const struct gsim_cl_ndrange *nd,
		    const struct gsim_cl_arg *args, uint32_t nargs, int timeout_ms,
		    struct gsim_cl_stats *stats);

/* GPU addresses of gsim_cl_enqueue()'s jobs (48-bit PPGTT, above 8 GiB). */
#define GSIM_CL_VA_BASE		0x200000000ull

#ifdef __cplusplus
}
#endif

#endif
