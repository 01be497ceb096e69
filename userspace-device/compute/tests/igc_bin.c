// SPDX-License-Identifier: MIT
/*
 * Reading ocloc's output (igc_bin.h).  Every offset and size is checked
 * against the file before it is used: the tests trust the compiler, not
 * the bytes on disk.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "igc_bin.h"

#define SHT_OPENCL_DEV_BINARY	0xff000005u	/* NEO elf: SHT_OPENCL_DEV_BINARY */
#define PROGRAM_MAGIC		0x494e5443u	/* "CTNI" */
#define PROGRAM_HDR		28u		/* 7 dwords */
#define KERNEL_HDR		40u		/* CheckSum, ShaderHashCode (8), 7 dwords */

/* Patch tokens (patch_list.h) */
enum {
	TOK_BINDING_TABLE_STATE = 8,
	TOK_DATA_PARAMETER_BUFFER = 17,
	TOK_MEDIA_INTERFACE_DESCRIPTOR_LOAD = 19,
	TOK_INTERFACE_DESCRIPTOR_DATA = 21,
	TOK_THREAD_PAYLOAD = 22,
	TOK_EXECUTION_ENVIRONMENT = 23,
	TOK_DATA_PARAMETER_STREAM = 25,
	TOK_KERNEL_ARGUMENT_INFO = 26,
	TOK_KERNEL_ATTRIBUTES_INFO = 27,
	TOK_STATELESS_GLOBAL_MEMORY_OBJECT_KERNEL_ARGUMENT = 30,
};

static int fail(char *why, size_t len, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int fail(char *why, size_t len, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, len, fmt, ap);
	va_end(ap);
	return -1;
}

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

static int patch_list(struct igc_kernel *k, const uint8_t *p, uint32_t size, char *why,
		      size_t len)
{
	for (uint32_t off = 0; off < size;) {
		const uint8_t *t = p + off;
		uint32_t tok, tsize;

		if (size - off < 8)
			return fail(why, len, "%s: truncated patch token at %u", k->name, off);
		tok = u32(t);
		tsize = u32(t + 4);
		if (tsize < 8 || tsize > size - off)
			return fail(why, len, "%s: token %u of %u bytes at %u", k->name, tok, tsize,
				    off);
		switch (tok) {
		case TOK_BINDING_TABLE_STATE:
			k->bt_offset = field(t, 0);
			k->bt_count = field(t, 1);
			break;
		case TOK_DATA_PARAMETER_BUFFER:
			if (k->nparam == IGC_MAX_PARAMS)
				return fail(why, len, "%s: too many data parameters", k->name);
			k->param[k->nparam++] = (struct igc_param){
				field(t, 0), field(t, 1), field(t, 2), field(t, 3), field(t, 4),
			};
			break;
		case TOK_THREAD_PAYLOAD:
			if (field(t, 0) || field(t, 4))
				return fail(why, len, "%s: a header or flattened local IDs in the "
					    "payload", k->name);
			for (int i = 0; i < 3; i++)
				k->local_id[i] = field(t, 1 + i);
			k->indirect_payload = field(t, 5);
			k->unused_per_thread = field(t, 6);
			break;
		case TOK_EXECUTION_ENVIRONMENT:
			k->simd = field(t, 3);
			k->barriers = field(t, 5);
			break;
		case TOK_DATA_PARAMETER_STREAM:
			k->ctd_size = field(t, 0);
			break;
		case TOK_STATELESS_GLOBAL_MEMORY_OBJECT_KERNEL_ARGUMENT:
			if (k->nptr == IGC_MAX_PTRS)
				return fail(why, len, "%s: too many pointers", k->name);
			k->ptr[k->nptr++] = (struct igc_ptr){
				field(t, 0), field(t, 1), field(t, 2), field(t, 3),
			};
			break;
		case TOK_MEDIA_INTERFACE_DESCRIPTOR_LOAD:
		case TOK_INTERFACE_DESCRIPTOR_DATA:
		case TOK_KERNEL_ARGUMENT_INFO:
		case TOK_KERNEL_ATTRIBUTES_INFO:
			break;		/* the test builds its own descriptor */
		default:
			return fail(why, len, "%s: patch token %u is not handled (scratch, "
				    "private memory, SLM, samplers, images?)", k->name, tok);
		}
		off += tsize;
	}
	if (k->simd != 8 && k->simd != 16 && k->simd != 32)
		return fail(why, len, "%s: SIMD%u", k->name, k->simd);
	return 0;
}

static int program(struct igc_bin *b, const uint8_t *p, uint64_t size, char *why, size_t len)
{
	uint64_t off;
	unsigned int n;

	if (size < PROGRAM_HDR || u32(p) != PROGRAM_MAGIC)
		return fail(why, len, "no patch-token program (magic %#x)", size >= 4 ? u32(p) : 0);
	if (u32(p + 24))
		return fail(why, len, "program-scope patch tokens (%u bytes): not handled",
			    u32(p + 24));
	n = u32(p + 16);
	if (n > IGC_MAX_KERNELS)
		return fail(why, len, "%u kernels", n);
	off = PROGRAM_HDR;
	for (unsigned int i = 0; i < n; i++) {
		struct igc_kernel *k = &b->k[i];
		uint32_t name, plist, heaps[4];
		uint64_t need;

		if (size - off < KERNEL_HDR)
			return fail(why, len, "kernel %u: truncated header", i);
		name = u32(p + off + 12);
		plist = u32(p + off + 16);
		for (int h = 0; h < 4; h++)	/* kernel, general, dynamic, surface heaps */
			heaps[h] = u32(p + off + 20 + 4 * h);
		need = (uint64_t)KERNEL_HDR + name + heaps[0] + heaps[1] + heaps[2] + heaps[3] +
		       plist;
		if (need > size - off || !name || name > sizeof(k->name))
			return fail(why, len, "kernel %u: %llu bytes past the program", i,
				    (unsigned long long)need);
		off += KERNEL_HDR;
		memcpy(k->name, p + off, name);
		k->name[sizeof(k->name) - 1] = 0;
		off += name;
		k->isa = p + off;
		k->isa_size = heaps[0];
		off += (uint64_t)heaps[0] + heaps[1] + heaps[2];
		k->ssh = p + off;
		k->ssh_size = heaps[3];
		off += heaps[3];
		if (patch_list(k, p + off, plist, why, len))
			return -1;
		if (k->bt_count && ((uint64_t)k->bt_offset + 4ull * k->bt_count > k->ssh_size))
			return fail(why, len, "%s: binding table past the surface state heap",
				    k->name);
		off += plist;
	}
	b->nkernel = n;
	return 0;
}

int igc_bin_load(struct igc_bin *b, const char *path, char *why, size_t len)
{
	FILE *f = fopen(path, "rb");
	uint64_t shoff;
	unsigned int shentsize, shnum;
	long size;

	memset(b, 0, sizeof(*b));
	if (!f)
		return fail(why, len, "%s: cannot open", path);
	if (fseek(f, 0, SEEK_END) || (size = ftell(f)) < 64 || fseek(f, 0, SEEK_SET)) {
		fclose(f);
		return fail(why, len, "%s: not a file ocloc writes", path);
	}
	b->data = malloc((size_t)size);
	b->size = (size_t)size;
	if (!b->data || fread(b->data, 1, b->size, f) != b->size) {
		fclose(f);
		return fail(why, len, "%s: cannot read", path);
	}
	fclose(f);
	if (memcmp(b->data, "\x7f" "ELF\x02\x01", 6))
		return fail(why, len, "%s: not a little-endian ELF64 file", path);
	shoff = u64(b->data + 0x28);
	shentsize = b->data[0x3a] | b->data[0x3b] << 8;
	shnum = b->data[0x3c] | b->data[0x3d] << 8;
	if (shentsize < 0x28 || shoff > b->size || (uint64_t)shnum * shentsize > b->size - shoff)
		return fail(why, len, "%s: bad section headers", path);
	for (unsigned int i = 0; i < shnum; i++) {
		const uint8_t *sh = b->data + shoff + (uint64_t)i * shentsize;
		uint64_t off = u64(sh + 0x18), sz = u64(sh + 0x20);

		if (u32(sh + 4) != SHT_OPENCL_DEV_BINARY)
			continue;
		if (off > b->size || sz > b->size - off)
			return fail(why, len, "%s: device binary past the file", path);
		return program(b, b->data + off, sz, why, len);
	}
	return fail(why, len, "%s: no OpenCL device binary section", path);
}

const struct igc_kernel *igc_bin_kernel(const struct igc_bin *b, const char *name)
{
	for (unsigned int i = 0; i < b->nkernel; i++)
		if (!strcmp(b->k[i].name, name))
			return &b->k[i];
	return NULL;
}

void igc_bin_free(struct igc_bin *b)
{
	free(b->data);
	b->data = NULL;
}
