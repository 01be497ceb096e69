// SPDX-License-Identifier: MIT
/*
 * The batch emitter's core and the MI commands every engine runs
 * (hw-spec-commands), encoded with the driver's gensim_cmds.h: the same
 * header the device decodes with.  Addresses are the batch's own address
 * space (PPGTT): a non-privileged batch has no other.
 */
#include <errno.h>
#include <stdint.h>
#include <string.h>

#include "core/kcompat.h"
#include "gensim_cmds.h"
#include "priv.h"

#define LO(a)	((uint32_t)(a))
#define HI(a)	((uint32_t)((uint64_t)(a) >> 32))

int gsim_batch_init(struct gsim_batch *b, void *cpu, uint64_t va, uint64_t bytes)
{
	if (!b || !cpu)
		return lgsim_fail(-EINVAL, "gsim_batch_init: NULL argument");
	memset(b, 0, sizeof(*b));
	/* MI_BATCH_BUFFER_START takes a dword address; qwords keep the end padding simple. */
	if (va & 7 || (uintptr_t)cpu & 3)
		return lgsim_fail(-EINVAL, "batch at %#llx: not 8-byte aligned",
				  (unsigned long long)va);
	b->cpu = cpu;
	b->va = va;
	b->size = bytes / 4 > UINT32_MAX ? UINT32_MAX : (uint32_t)(bytes / 4);
	return 0;
}

int gsim_batch_emit(struct gsim_batch *b, const uint32_t *dw, uint32_t n)
{
	if (b->error)
		return b->error;
	if (n > b->size - b->len) {
		b->error = lgsim_fail(-ENOSPC, "batch at %#llx full: %u dwords at %u of %u",
				      (unsigned long long)b->va, n, b->len, b->size);
		return b->error;
	}
	memcpy(b->cpu + b->len, dw, n * 4);
	b->len += n;
	return 0;
}

int gsim_batch_dword(struct gsim_batch *b, uint32_t dw)
{
	return gsim_batch_emit(b, &dw, 1);
}

/* Emit a command given as its dwords. */
#define EMIT(b, ...)							\
	gsim_batch_emit(b, (const uint32_t[]){ __VA_ARGS__ },		\
			sizeof((const uint32_t[]){ __VA_ARGS__ }) / sizeof(uint32_t))

int gsim_batch_end(struct gsim_batch *b)
{
	/*
	 * Submissions are qword multiples (PRM Vol. 6 Command Stream
	 * Programming (Cherryview 2015), "Graphics Command Formats").
	 */
	if (b->len & 1)
		EMIT(b, MI_BATCH_BUFFER_END);
	else
		EMIT(b, MI_BATCH_BUFFER_END, MI_NOOP);
	return b->error;
}

int gsim_emit_noop(struct gsim_batch *b)
{
	return EMIT(b, MI_NOOP);
}

int gsim_emit_store_dword(struct gsim_batch *b, uint64_t va, uint32_t value)
{
	return EMIT(b, MI_STORE_DATA_IMM, LO(va), HI(va), value);
}

int gsim_emit_store_qword(struct gsim_batch *b, uint64_t va, uint64_t value)
{
	/* One more data dword, paired into a qword. */
	return EMIT(b, (MI_STORE_DATA_IMM + 1) | MI_SDI_QWORD, LO(va), HI(va), LO(value),
		    HI(value));
}

int gsim_emit_load_register_imm(struct gsim_batch *b, uint32_t reg, uint32_t value)
{
	return EMIT(b, MI_LOAD_REGISTER_IMM(1), reg, value);
}

int gsim_emit_load_register_mem(struct gsim_batch *b, uint32_t reg, uint64_t va)
{
	return EMIT(b, MI_LOAD_REGISTER_MEM, reg, LO(va), HI(va));
}

int gsim_emit_store_register_mem(struct gsim_batch *b, uint32_t reg, uint64_t va)
{
	return EMIT(b, MI_STORE_REGISTER_MEM, reg, LO(va), HI(va));
}

int gsim_emit_load_register_reg(struct gsim_batch *b, uint32_t dst, uint32_t src)
{
	return EMIT(b, MI_LOAD_REGISTER_REG, src, dst);
}

int gsim_emit_copy_mem_mem(struct gsim_batch *b, uint64_t dst, uint64_t src)
{
	return EMIT(b, MI_COPY_MEM_MEM, LO(dst), HI(dst), LO(src), HI(src));
}

int gsim_emit_semaphore_wait(struct gsim_batch *b, uint64_t va, uint32_t value, uint32_t op)
{
	if (op > GSIM_SEMA_NEQ)
		return lgsim_fail(-EINVAL, "semaphore compare operation %u", op);
	return EMIT(b, MI_SEMAPHORE_WAIT | MI_SEMAPHORE_POLL | FIELD_PREP(MI_SEMAPHORE_COMPARE, op),
		    value, LO(va), HI(va));
}

int gsim_emit_batch_start(struct gsim_batch *b, uint64_t va, uint32_t flags)
{
	if (flags & ~GSIM_BB_SECOND_LEVEL)
		return lgsim_fail(-EINVAL, "MI_BATCH_BUFFER_START flags %#x", flags);
	return EMIT(b, MI_BATCH_BUFFER_START | MI_BB_PPGTT |
		       (flags & GSIM_BB_SECOND_LEVEL ? MI_BB_SECOND_LEVEL : 0), LO(va), HI(va));
}

int gsim_emit_pipe_control_write(struct gsim_batch *b, uint64_t va, uint32_t value,
				 uint32_t flags)
{
	uint32_t dw1 = PIPE_CONTROL_CS_STALL | PIPE_CONTROL_WRITE_IMM;

	if (flags & ~GSIM_FLUSH_INVALIDATE_TLB)
		return lgsim_fail(-EINVAL, "PIPE_CONTROL flags %#x", flags);
	if (flags & GSIM_FLUSH_INVALIDATE_TLB)
		dw1 |= PIPE_CONTROL_TLB_INVALIDATE;
	return EMIT(b, PIPE_CONTROL, dw1, LO(va), HI(va), value, 0);
}

static uint32_t flush_dw(uint32_t flags)
{
	return MI_FLUSH_DW | (flags & GSIM_FLUSH_INVALIDATE_TLB ? MI_FLUSH_DW_INVALIDATE_TLB : 0);
}

int gsim_emit_flush_dw(struct gsim_batch *b, uint32_t flags)
{
	if (flags & ~GSIM_FLUSH_INVALIDATE_TLB)
		return lgsim_fail(-EINVAL, "MI_FLUSH_DW flags %#x", flags);
	return EMIT(b, flush_dw(flags), 0, 0, 0);
}

int gsim_emit_flush_dw_store(struct gsim_batch *b, uint64_t va, uint32_t value, uint32_t flags)
{
	if (flags & ~GSIM_FLUSH_INVALIDATE_TLB || va & 7)
		return lgsim_fail(-EINVAL, "MI_FLUSH_DW flags %#x, address %#llx", flags,
				  (unsigned long long)va);
	/* Length 2: the post-sync write is one dword. */
	return EMIT(b, flush_dw(flags) | MI_FLUSH_DW_OP_STOREDW, LO(va), HI(va), value);
}
