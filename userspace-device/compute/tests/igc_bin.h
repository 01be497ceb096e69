/* SPDX-License-Identifier: MIT */
/*
 * Kernels compiled by Intel's OpenCL compiler (IGC through `ocloc compile
 * -device bdw`), read from the file ocloc writes, for the tests that run
 * them (compute/tests/data/README).
 *
 * The file is ELF64; its section of type 0xff000005 (SHT_OPENCL_DEV_BINARY) holds the "patch
 * token" program binary that Intel's runtime (NEO) loads: a program
 * header, the program's patch list, then per kernel a kernel header, its
 * name, the kernel heap (the machine code), the general, dynamic and
 * surface state heaps and the kernel's patch list.  The layouts and token
 * numbers are IGC's public patch_list.h / patch_shared.h (iOpenCL
 * namespace); this reader takes only what a GPGPU walker dispatch needs
 * and refuses a kernel that asks for more (scratch, private memory, SLM,
 * samplers, images, printf).
 */
#ifndef GS_IGC_BIN_H
#define GS_IGC_BIN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* DATA_PARAMETER_* types (patch_shared.h) the tests fill in */
enum {
	IGC_DP_KERNEL_ARGUMENT = 1,
	IGC_DP_LOCAL_WORK_SIZE = 2,
	IGC_DP_GLOBAL_WORK_SIZE = 3,
	IGC_DP_NUM_WORK_GROUPS = 4,
	IGC_DP_WORK_DIMENSIONS = 5,
	IGC_DP_GLOBAL_WORK_OFFSET = 16,
	IGC_DP_ENQUEUED_LOCAL_WORK_SIZE = 28,
	IGC_DP_BUFFER_STATEFUL = 43,
};

#define IGC_MAX_PARAMS	48
#define IGC_MAX_PTRS	16
#define IGC_MAX_KERNELS	16

/* PATCH_TOKEN_DATA_PARAMETER_BUFFER: a value in the cross-thread data */
struct igc_param {
	uint32_t type, arg, offset, size, source_offset;
};

/* PATCH_TOKEN_STATELESS_GLOBAL_MEMORY_OBJECT_KERNEL_ARGUMENT: a pointer */
struct igc_ptr {
	uint32_t arg, ssh_offset, offset, size;
};

struct igc_kernel {
	char name[64];
	const uint8_t *isa;
	uint32_t isa_size;
	const uint8_t *ssh;
	uint32_t ssh_size;
	unsigned int simd;		/* LargestCompiledSIMDSize */
	bool barriers;
	bool local_id[3];		/* THREAD_PAYLOAD LocalIDX/Y/ZPresent */
	bool indirect_payload;		/* THREAD_PAYLOAD IndirectPayloadStorage */
	bool unused_per_thread;		/* ... UnusedPerThreadConstantPresent */
	uint32_t ctd_size;		/* DATA_PARAMETER_STREAM: cross-thread bytes */
	uint32_t bt_offset, bt_count;	/* BINDING_TABLE_STATE, in the SSH */
	struct igc_param param[IGC_MAX_PARAMS];
	unsigned int nparam;
	struct igc_ptr ptr[IGC_MAX_PTRS];
	unsigned int nptr;
};

struct igc_bin {
	uint8_t *data;
	size_t size;
	unsigned int nkernel;
	struct igc_kernel k[IGC_MAX_KERNELS];
};

/* 0, or -1 with the reason in @why. */
int igc_bin_load(struct igc_bin *b, const char *path, char *why, size_t len);
const struct igc_kernel *igc_bin_kernel(const struct igc_bin *b, const char *name);
void igc_bin_free(struct igc_bin *b);

#endif
