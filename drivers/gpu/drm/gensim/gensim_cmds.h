/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Command encodings, shared verbatim with the device process like
 * gensim_regs.h.  Opcodes are the MI opcode table of PRM Vol. 6 Command
 * Stream Programming (Cherryview 2015), "Memory Interface Commands for
 * RCP" and 2D map ("2D Command Map"); field positions and lengths are EXT
 * (Mesa gen8.xml, i915 intel_gpu_commands.h), checked and chosen in
 * Documentation/gpu/gensim/hw-spec-commands.rst.  Length fields hold the
 * total dwords minus 2.
 */
#ifndef _GENSIM_CMDS_H_
#define _GENSIM_CMDS_H_

#define CMD_CLIENT			GENMASK(31, 29)
#define   CMD_CLIENT_MI			0
#define   CMD_CLIENT_2D			2
#define   CMD_CLIENT_3D			3
#define CMD_LENGTH_7_0			GENMASK(7, 0)	/* most length fields */

/* MI: client 0, opcode in 28:23 */
#define MI_OPCODE			GENMASK(28, 23)
#define MI_INSTR(op, flags)		(((op) << 23) | (flags))

#define MI_NOOP				MI_INSTR(0x00, 0)
#define   MI_NOOP_WRITE_ID		BIT(22)
#define   MI_NOOP_ID			GENMASK(21, 0)
#define MI_SET_PREDICATE		MI_INSTR(0x01, 0)
#define   MI_SET_PREDICATE_ENABLE	GENMASK(3, 0)
#define   MI_SET_PREDICATE_NOOP_NEVER	0
#define   MI_SET_PREDICATE_NOOP_RESULT2_CLEAR	1
#define   MI_SET_PREDICATE_NOOP_RESULT2_SET	2
#define   MI_SET_PREDICATE_NOOP_RESULT_CLEAR	3
#define   MI_SET_PREDICATE_NOOP_RESULT_SET	4
#define   MI_SET_PREDICATE_ONE_SLICE	5	/* execute only with 1 slice enabled */
#define   MI_SET_PREDICATE_TWO_SLICES	6
#define   MI_SET_PREDICATE_THREE_SLICES	7
#define   MI_SET_PREDICATE_NOOP_ALWAYS	15
#define MI_USER_INTERRUPT		MI_INSTR(0x02, 0)
#define MI_WAIT_FOR_EVENT		MI_INSTR(0x03, 0)
#define MI_ARB_CHECK			MI_INSTR(0x05, 0)
#define MI_REPORT_HEAD			MI_INSTR(0x07, 0)
#define MI_ARB_ON_OFF			MI_INSTR(0x08, 0)
#define   MI_ARB_ENABLE			BIT(0)
#define MI_BATCH_BUFFER_END		MI_INSTR(0x0a, 0)
#define MI_SUSPEND_FLUSH		MI_INSTR(0x0b, 0)
#define MI_PREDICATE			MI_INSTR(0x0c, 0)
#define   MI_PREDICATE_LOADOP		GENMASK(7, 6)
#define   MI_PREDICATE_LOADOP_KEEP	0
#define   MI_PREDICATE_LOADOP_LOAD	2
#define   MI_PREDICATE_LOADOP_LOADINV	3
#define   MI_PREDICATE_COMBINEOP	GENMASK(4, 3)
#define   MI_PREDICATE_COMBINEOP_SET	0
#define   MI_PREDICATE_COMBINEOP_AND	1
#define   MI_PREDICATE_COMBINEOP_OR	2
#define   MI_PREDICATE_COMBINEOP_XOR	3
#define   MI_PREDICATE_COMPAREOP	GENMASK(1, 0)
#define   MI_PREDICATE_COMPARE_TRUE	0
#define   MI_PREDICATE_COMPARE_FALSE	1
#define   MI_PREDICATE_COMPARE_SRCS_EQUAL	2
#define   MI_PREDICATE_COMPARE_DELTAS_EQUAL	3
#define MI_MATH(n)			MI_INSTR(0x1a, (n) - 1)
#define MI_SEMAPHORE_SIGNAL		MI_INSTR(0x1b, 0)
#define   MI_SEMAPHORE_SIGNAL_POST_SYNC	BIT(21)
#define   MI_SEMAPHORE_SIGNAL_TARGET	GENMASK(17, 15)
#define   MI_SEMAPHORE_TARGET_RCS	0
#define   MI_SEMAPHORE_TARGET_VCS0	1
#define   MI_SEMAPHORE_TARGET_BCS	2
#define   MI_SEMAPHORE_TARGET_VECS	3
#define   MI_SEMAPHORE_TARGET_VCS1	4
#define MI_SEMAPHORE_WAIT		MI_INSTR(0x1c, 2)
#define   MI_SEMAPHORE_GLOBAL_GTT	BIT(22)
#define   MI_SEMAPHORE_POLL		BIT(15)	/* clear: signal mode */
#define   MI_SEMAPHORE_COMPARE		GENMASK(14, 12)
#define   MI_SEMAPHORE_SAD_GT_SDD	0
#define   MI_SEMAPHORE_SAD_GTE_SDD	1
#define   MI_SEMAPHORE_SAD_LT_SDD	2
#define   MI_SEMAPHORE_SAD_LTE_SDD	3
#define   MI_SEMAPHORE_SAD_EQ_SDD	4
#define   MI_SEMAPHORE_SAD_NEQ_SDD	5
#define MI_STORE_DATA_IMM		MI_INSTR(0x20, 2)
#define   MI_SDI_USE_GGTT		BIT(22)
#define   MI_SDI_QWORD			BIT(21)
#define MI_STORE_DATA_INDEX		MI_INSTR(0x21, 1)
#define   MI_SDI_USE_PPHWSP		BIT(21)	/* the context's per-process HWSP */
#define   MI_SDI_OFFSET			GENMASK(11, 2)	/* in DW1: byte offset in the page */
#define MI_LOAD_REGISTER_IMM(n)		MI_INSTR(0x22, 2 * (n) - 1)
#define   MI_LRI_FORCE_POSTED		BIT(12)
#define   MI_LRI_BYTE_DISABLE		GENMASK(11, 8)
#define MI_REGISTER_OFFSET		GENMASK(22, 2)	/* register dwords of LRI/LRM/LRR/SRM */
#define MI_UPDATE_GTT			MI_INSTR(0x23, 0)
#define   MI_UPDATE_GTT_LENGTH		GENMASK(9, 0)	/* gensim: 2 per 64-bit PTE */
#define   MI_UPDATE_GTT_ENTRIES(n)	(2 * (n))
#define MI_STORE_REGISTER_MEM		MI_INSTR(0x24, 2)
#define   MI_SRM_USE_GGTT		BIT(22)
#define   MI_SRM_PREDICATE		BIT(21)
#define MI_FLUSH_DW			MI_INSTR(0x26, 2)
#define   MI_FLUSH_DW_STORE_INDEX	BIT(21)
#define   MI_FLUSH_DW_INVALIDATE_TLB	BIT(18)
#define   MI_FLUSH_DW_OP(op)		((op) << 14)	/* post-sync operation */
#define   MI_FLUSH_DW_OP_STOREDW	MI_FLUSH_DW_OP(1)	/* a qword with length 3 */
#define   MI_FLUSH_DW_OP_TIMESTAMP	MI_FLUSH_DW_OP(3)
#define   MI_FLUSH_DW_OP_MASK		GENMASK(15, 14)
#define   MI_FLUSH_DW_LENGTH		GENMASK(5, 0)
#define   MI_FLUSH_DW_NOTIFY		BIT(8)
#define   MI_FLUSH_DW_USE_GGTT		BIT(2)	/* in DW1 */
#define MI_LOAD_REGISTER_MEM		MI_INSTR(0x29, 2)
#define   MI_LRM_USE_GGTT		BIT(22)
#define   MI_LRM_ASYNC			BIT(21)
#define MI_LOAD_REGISTER_REG		MI_INSTR(0x2a, 1)
#define MI_COPY_MEM_MEM			MI_INSTR(0x2e, 3)
#define   MI_COPY_MEM_MEM_SRC_GGTT	BIT(22)
#define   MI_COPY_MEM_MEM_DST_GGTT	BIT(21)
#define MI_ATOMIC			MI_INSTR(0x2f, 1)
#define   MI_ATOMIC_GGTT		BIT(22)
#define   MI_ATOMIC_POST_SYNC		BIT(21)
#define   MI_ATOMIC_SIZE		GENMASK(20, 19)	/* 0 dword, 1 qword, 2 octword */
#define   MI_ATOMIC_INLINE_DATA		BIT(18)
#define   MI_ATOMIC_CS_STALL		BIT(17)
#define   MI_ATOMIC_RETURN_DATA		BIT(16)	/* old value into GPR4 */
#define   MI_ATOMIC_OPCODE		GENMASK(15, 8)
#define   MI_ATOMIC_OP_AND		0x01
#define   MI_ATOMIC_OP_OR		0x02
#define   MI_ATOMIC_OP_XOR		0x03
#define   MI_ATOMIC_OP_MOVE		0x04
#define   MI_ATOMIC_OP_INC		0x05
#define   MI_ATOMIC_OP_DEC		0x06
#define   MI_ATOMIC_OP_ADD		0x07
#define   MI_ATOMIC_OP_SUB		0x08
#define   MI_ATOMIC_OP_RSUB		0x09
#define   MI_ATOMIC_OP_IMAX		0x0a
#define   MI_ATOMIC_OP_IMIN		0x0b
#define   MI_ATOMIC_OP_UMAX		0x0c
#define   MI_ATOMIC_OP_UMIN		0x0d
#define   MI_ATOMIC_OP_CMP_WR		0x0e
#define   MI_ATOMIC_OP_PREDEC		0x0f
#define   MI_ATOMIC_OP_QWORD		0x20	/* added to the above: 8-byte form */
#define   MI_ATOMIC_OP_CMP_WR16B	0x4e
#define MI_BATCH_BUFFER_START		MI_INSTR(0x31, 1)
#define   MI_BB_SECOND_LEVEL		BIT(22)
#define   MI_BB_ADD_OFFSET		BIT(16)
#define   MI_BB_PREDICATE		BIT(15)
#define   MI_BB_RESOURCE_STREAMER	BIT(10)
#define   MI_BB_PPGTT			BIT(8)	/* address space indicator */
#define MI_CONDITIONAL_BATCH_BUFFER_END	MI_INSTR(0x36, 2)
#define   MI_CBBE_USE_GGTT		BIT(22)
#define   MI_CBBE_COMPARE_SEMAPHORE	BIT(21)

/*
 * The command streamer ALU (MI_MATH payload; EXT i915 intel_gpu_commands.h,
 * PRM Vol. 6 Command Stream Programming (Cherryview 2015), "Command
 * Streamer (CS) ALU Programming"): opcode 31:20, operand 1 19:10, operand 2
 * 9:0.
 */
#define MI_MATH_INSTR(op, o1, o2)	(((op) << 20) | ((o1) << 10) | (o2))
#define MI_MATH_OPCODE			GENMASK(31, 20)
#define MI_MATH_OPERAND1		GENMASK(19, 10)
#define MI_MATH_OPERAND2		GENMASK(9, 0)
#define   MI_ALU_NOOP			0x000
#define   MI_ALU_LOAD			0x080
#define   MI_ALU_LOADINV		0x480
#define   MI_ALU_LOAD0			0x081
#define   MI_ALU_LOAD1			0x481
#define   MI_ALU_ADD			0x100
#define   MI_ALU_SUB			0x101
#define   MI_ALU_AND			0x102
#define   MI_ALU_OR			0x103
#define   MI_ALU_XOR			0x104
#define   MI_ALU_STORE			0x180
#define   MI_ALU_STOREINV		0x580
#define   MI_ALU_R(n)			(n)	/* GPR n, 0..15 */
#define   MI_ALU_SRCA			0x20
#define   MI_ALU_SRCB			0x21
#define   MI_ALU_ACCU			0x31
#define   MI_ALU_ZF			0x32
#define   MI_ALU_CF			0x33

/*
 * 2D (blitter) commands: client 2, opcode 28:22 (PRM Vol. 6 Command Stream
 * Programming (Cherryview 2015), "Blitter Command Header Format")
 */
#define BLT_OPCODE			GENMASK(28, 22)

/* Render pipe commands: client 3, subtype 28:27, opcode 26:24, sub-opcode 23:16 */
#define GFXPIPE_SUBTYPE			GENMASK(28, 27)
#define GFXPIPE_OPCODE			GENMASK(26, 24)
#define GFXPIPE_SUBOPCODE		GENMASK(23, 16)
#define GFXPIPE(sub, op, subop)		((3u << 29) | ((sub) << 27) | ((op) << 24) | \
					 ((subop) << 16))
#define PIPE_CONTROL			(GFXPIPE(3, 2, 0) | (6 - 2))
#define   PIPE_CONTROL_GLOBAL_GTT	BIT(24)	/* in DW1 */
#define   PIPE_CONTROL_LRI_POST_SYNC	BIT(23)
#define   PIPE_CONTROL_STORE_DATA_INDEX	BIT(21)
#define   PIPE_CONTROL_CS_STALL		BIT(20)
#define   PIPE_CONTROL_TLB_INVALIDATE	BIT(18)
#define   PIPE_CONTROL_POST_SYNC_OP	GENMASK(15, 14)
#define   PIPE_CONTROL_POST_SYNC(op)	((op) << 14)
#define   PIPE_CONTROL_WRITE_IMM	PIPE_CONTROL_POST_SYNC(1)
#define   PIPE_CONTROL_WRITE_DEPTH_COUNT	PIPE_CONTROL_POST_SYNC(2)
#define   PIPE_CONTROL_WRITE_TIMESTAMP	PIPE_CONTROL_POST_SYNC(3)
#define   PIPE_CONTROL_NOTIFY		BIT(8)

#endif /* _GENSIM_CMDS_H_ */
