/* SPDX-License-Identifier: MIT */
/*
 * The OpenCL binary loader's inside (gensim/ocl.h): a program as parsed
 * by ocl_bin.c, what ocl_run.c lays out from it.  Token and structure
 * names are the public ones of IGC's patch_list.h and patch_shared.h
 * (namespace iOpenCL, "Intel Graphics Compiler patch token definitions"),
 * which NEO reads with the same meaning.
 */
#ifndef LGSIM_OCL_PRIV_H
#define LGSIM_OCL_PRIV_H

#include <stdbool.h>
#include <stdint.h>

#include "gensim/ocl.h"

/* PATCH_TOKEN values (patch_list.h enum PATCH_TOKEN) */
enum lcl_token {
	LCL_TOK_STATE_SIP = 2,
	LCL_TOK_SAMPLER_STATE_ARRAY = 5,
	LCL_TOK_BINDING_TABLE_STATE = 8,
	LCL_TOK_ALLOCATE_SCRATCH_SURFACE = 9,
	LCL_TOK_ALLOCATE_SIP_SURFACE = 10,
	LCL_TOK_GLOBAL_MEMORY_OBJECT_KERNEL_ARGUMENT = 11,
	LCL_TOK_IMAGE_MEMORY_OBJECT_KERNEL_ARGUMENT = 12,
	LCL_TOK_CONSTANT_MEMORY_OBJECT_KERNEL_ARGUMENT = 13,
	LCL_TOK_ALLOCATE_LOCAL_SURFACE = 15,
	LCL_TOK_SAMPLER_KERNEL_ARGUMENT = 16,
	LCL_TOK_DATA_PARAMETER_BUFFER = 17,
	LCL_TOK_MEDIA_VFE_STATE = 18,
	LCL_TOK_MEDIA_INTERFACE_DESCRIPTOR_LOAD = 19,
	LCL_TOK_INTERFACE_DESCRIPTOR_DATA = 21,
	LCL_TOK_THREAD_PAYLOAD = 22,
	LCL_TOK_EXECUTION_ENVIRONMENT = 23,
	LCL_TOK_DATA_PARAMETER_STREAM = 25,
	LCL_TOK_KERNEL_ARGUMENT_INFO = 26,
	LCL_TOK_KERNEL_ATTRIBUTES_INFO = 27,
	LCL_TOK_STRING = 28,
	LCL_TOK_STATELESS_GLOBAL_MEMORY_OBJECT_KERNEL_ARGUMENT = 30,
	LCL_TOK_STATELESS_CONSTANT_MEMORY_OBJECT_KERNEL_ARGUMENT = 31,
	LCL_TOK_ALLOCATE_STATELESS_PRINTF_SURFACE = 33,
	LCL_TOK_ALLOCATE_STATELESS_EVENT_POOL_SURFACE = 36,
	LCL_TOK_ALLOCATE_STATELESS_PRIVATE_MEMORY = 38,
	LCL_TOK_ALLOCATE_GLOBAL_MEMORY_SURFACE_PROGRAM_BINARY_INFO = 41,
	LCL_TOK_ALLOCATE_CONSTANT_MEMORY_SURFACE_PROGRAM_BINARY_INFO = 42,
	LCL_TOK_ALLOCATE_STATELESS_GLOBAL_MEMORY_SURFACE_WITH_INITIALIZATION = 43,
	LCL_TOK_ALLOCATE_STATELESS_CONSTANT_MEMORY_SURFACE_WITH_INITIALIZATION = 44,
	LCL_TOK_ALLOCATE_STATELESS_DEFAULT_DEVICE_QUEUE_SURFACE = 45,
	LCL_TOK_STATELESS_DEVICE_QUEUE_KERNEL_ARGUMENT = 46,
	LCL_TOK_GLOBAL_POINTER_PROGRAM_BINARY_INFO = 47,
	LCL_TOK_CONSTANT_POINTER_PROGRAM_BINARY_INFO = 48,
	LCL_TOK_GTPIN_FREE_GRF_INFO = 51,
	LCL_TOK_GTPIN_INFO = 52,
	LCL_TOK_PROGRAM_SYMBOL_TABLE = 53,
	LCL_TOK_PROGRAM_RELOCATION_TABLE = 54,
	LCL_TOK_MEDIA_VFE_STATE_SLOT1 = 55,
	LCL_TOK_ALLOCATE_SYNC_BUFFER = 56,
	LCL_TOK_GLOBAL_HOST_ACCESS_TABLE = 57,
	LCL_TOK_ALLOCATE_RT_GLOBAL_BUFFER = 58,
};

/* DATA_PARAMETER_TOKEN values (patch_list.h) */
enum lcl_dp {
	LCL_DP_KERNEL_ARGUMENT = 1,
	LCL_DP_LOCAL_WORK_SIZE = 2,
	LCL_DP_GLOBAL_WORK_SIZE = 3,
	LCL_DP_NUM_WORK_GROUPS = 4,
	LCL_DP_WORK_DIMENSIONS = 5,
	LCL_DP_SUM_OF_LOCAL_MEMORY_OBJECT_ARGUMENT_SIZES = 8,
	LCL_DP_IMAGE_WIDTH = 9,
	LCL_DP_IMAGE_HEIGHT = 10,
	LCL_DP_IMAGE_DEPTH = 11,
	LCL_DP_IMAGE_CHANNEL_DATA_TYPE = 12,
	LCL_DP_IMAGE_CHANNEL_ORDER = 13,
	LCL_DP_SAMPLER_ADDRESS_MODE = 14,
	LCL_DP_SAMPLER_NORMALIZED_COORDS = 15,
	LCL_DP_GLOBAL_WORK_OFFSET = 16,
	LCL_DP_NUM_HARDWARE_THREADS = 17,
	LCL_DP_IMAGE_ARRAY_SIZE = 18,
	LCL_DP_PRINTF_SURFACE_SIZE = 19,
	LCL_DP_IMAGE_NUM_SAMPLES = 20,
	LCL_DP_SAMPLER_COORDINATE_SNAP_WA_REQUIRED = 21,
	LCL_DP_PARENT_EVENT = 22,
	LCL_DP_IMAGE_NUM_MIP_LEVELS = 27,
	LCL_DP_ENQUEUED_LOCAL_WORK_SIZE = 28,
	LCL_DP_MAX_WORKGROUP_SIZE = 29,
	LCL_DP_PREFERRED_WORKGROUP_MULTIPLE = 30,
	LCL_DP_LOCAL_MEMORY_STATELESS_WINDOW_START_ADDRESS = 31,
	LCL_DP_LOCAL_MEMORY_STATELESS_WINDOW_SIZE = 32,
	LCL_DP_PRIVATE_MEMORY_STATELESS_SIZE = 33,
	LCL_DP_SIMD_SIZE = 34,
	LCL_DP_OBJECT_ID = 35,
	LCL_DP_BUFFER_OFFSET = 42,
	LCL_DP_BUFFER_STATEFUL = 43,
	LCL_DP_FLAT_IMAGE_BASEOFFSET = 44,
	LCL_DP_FLAT_IMAGE_WIDTH = 45,
	LCL_DP_FLAT_IMAGE_HEIGHT = 46,
	LCL_DP_FLAT_IMAGE_PITCH = 47,
};

/* IMAGE_MEMORY_OBJECT_TYPE, SAMPLER_OBJECT_TYPE values (patch_list.h) */
#define LCL_IMAGE_2D		4
#define LCL_SAMPLER_TEXTURE	1

/* One DATA_PARAMETER_BUFFER token: @size bytes at @offset of the cross-thread data. */
struct lcl_param {
	uint32_t type, arg, offset, size, source_offset;
};

#define LCL_MAX_ARGS		32
#define LCL_UNDEF		0xffffffffu

/* Where one argument goes. */
struct lcl_arg {
	uint32_t kind;			/* enum gsim_cl_arg_kind */
	uint32_t value_size;		/* VALUE: bytes the tokens read from it */
	uint32_t ptr_offset, ptr_size;	/* BUFFER: its address in the cross-thread data */
	uint32_t ssh_offset;		/* BUFFER, IMAGE: its surface state; else LCL_UNDEF */
	uint32_t slm_offset, slm_size;	/* LOCAL: its SLM offset in the cross-thread data */
	uint32_t slm_align;
	uint32_t image_type, writeable;	/* IMAGE */
	uint32_t sampler_offset;	/* SAMPLER: its SAMPLER_STATE in the DSH */
	char name[GSIM_CL_NAME_MAX];
	char type[GSIM_CL_NAME_MAX];
	char qualifier[16];
};

/* A program-scope buffer's address, where a kernel reads it. */
struct lcl_surface_ref {
	bool present;
	uint32_t index, ssh_offset, ctd_offset, ctd_size;
};

struct gsim_cl_kernel {
	const struct gsim_cl_program *prog;
	char name[GSIM_CL_NAME_MAX];
	const uint8_t *isa;
	uint32_t isa_size, isa_unpadded;
	const uint8_t *dsh;
	uint32_t dsh_size;
	const uint8_t *ssh;
	uint32_t ssh_size;
	uint32_t simd;
	uint32_t barriers;
	uint32_t stateless;
	uint32_t required_local[3];
	bool local_id[3];
	bool indirect_payload;
	bool unused_per_thread;
	uint32_t ctd_size;		/* DATA_PARAMETER_STREAM */
	uint32_t bt_offset, bt_count;	/* BINDING_TABLE_STATE */
	uint32_t slm_static;		/* ALLOCATE_LOCAL_SURFACE */
	uint32_t sampler_offset, sampler_count, border_offset;
	uint32_t private_size;		/* per work item */
	uint32_t scratch_size;		/* MEDIA_VFE_STATE: bytes per hardware thread */
	uint32_t private_ssh, private_ctd, private_ctd_size;
	struct lcl_surface_ref constant, global;
	struct lcl_param *param;
	unsigned int nparam;
	struct lcl_arg arg[LCL_MAX_ARGS];
	unsigned int narg;
	char unsupported[192];		/* empty, or what gensim lacks */
};

/* A program-scope buffer: its initial bytes (size bytes, the rest zero). */
struct lcl_surface {
	const uint8_t *init;
	uint32_t init_size, size;
};

/* A pointer the program's data holds: patched with the buffer's address. */
struct lcl_reloc {
	uint32_t in_constant;		/* 1: in the constant buffer, 0: the global one */
	uint32_t to_constant;		/* 1: the constant buffer's address, 0: the global one */
	uint64_t offset;
};

#define LCL_MAX_RELOCS		64

struct gsim_cl_program {
	uint8_t *data;
	size_t size;
	uint32_t pointer_size;
	struct lcl_surface constant, global;
	struct lcl_reloc reloc[LCL_MAX_RELOCS];
	unsigned int nreloc;
	struct gsim_cl_kernel *k;
	uint32_t nkernel;
};

#endif
