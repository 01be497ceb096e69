/* SPDX-License-Identifier: MIT */
/*
 * One GPGPU walker dispatch: the contract between the render command
 * streamer (which parses STATE_BASE_ADDRESS, MEDIA_VFE_STATE,
 * MEDIA_CURBE_LOAD, MEDIA_INTERFACE_DESCRIPTOR_LOAD and GPGPU_WALKER) and
 * the EU array that runs the threads.  The chapter is
 * Documentation/gpu/gensim/hw-spec-compute.rst ("The dispatch contract");
 * the hardware facts are PRM Vol. 2 Part 2 Media and General Purpose
 * Pipeline (Ivy Bridge 2012), 1.4.2.4 "GPGPU Mode", 1.7.1.5 "GPGPU
 * Thread" and 1.8 (the commands), with the Gen8 layouts of EXT Mesa
 * genxml gen8.xml (Documentation/gpu/gensim/sources.rst).
 *
 * The command streamer fills one struct gs_eu_dispatch from the state it
 * latched when the walker arrived and calls gs_eu_dispatch() (eu_array.h),
 * which returns when every thread of every group has ended, or with the
 * first error.  Every field is a plain value of the command or state it
 * comes from, converted only where the comment says so (counts are counts,
 * not "count - 1"; sizes are bytes, not encodings).
 *
 * Nothing here is trusted: a description the hardware could not run is
 * refused with GS_EU_ERR_INVALID and a message that names the field.
 */
#ifndef GSCOMPUTE_DISPATCH_H
#define GSCOMPUTE_DISPATCH_H

#include <stdbool.h>
#include <stdint.h>

#include "mem/mem.h"
#include "gseu/eu_thread.h"

/* How a dispatch ended.  Every error comes with gs_eu_result.msg. */
enum gs_eu_status {
	GS_EU_OK = 0,
	GS_EU_ERR_INVALID,	/* the description cannot be run (names the field) */
	GS_EU_ERR_BUSY,		/* another dispatch is running on this array */
	GS_EU_ERR_NOMEM,
	GS_EU_ERR_EXCEPTION,	/* a thread took an EU exception (result.exc) */
	GS_EU_ERR_FAULT,	/* a GPU memory access faulted; it was reported
				 * with gs_fault_report() on the engine */
	GS_EU_ERR_UNSUPPORTED,	/* a message, surface format or mode gensim does
				 * not implement (named in msg) */
	GS_EU_ERR_MESSAGE,	/* a malformed message: lengths, reserved values,
				 * a bad binding table index, bad state */
	GS_EU_ERR_HANG,		/* the instruction bound, a barrier that can never
				 * complete, or the time bound */
	GS_EU_ERR_ABORTED,	/* gs_eu_abort() */
	GS_EU_STATUS_COUNT
};

const char *gs_eu_status_name(enum gs_eu_status s);

/*
 * 3D threads (Documentation/gpu/gensim/hw-spec-3d.rst "Thread dispatch").
 *
 * struct gs_eu_ps_thread - one pixel shader thread, as the render target
 * write message (SFID 5) needs it: which pixels it was dispatched for.
 * @x, @y: upper-left pixel of subspans 0..3 (2x2 pixels each; a SIMD8
 *	thread has two)
 * @covered: the covered pixels: bit 4s + p is pixel p of subspan s, p 0
 *	upper left, 1 upper right, 2 lower left, 3 lower right
 */
struct gs_eu_ps_thread {
	uint16_t x[4], y[4];
	uint32_t covered;
};

/*
 * A URB handle: the entry's byte offset in the URB in 64-byte units (the
 * URB's row size; EXT Mesa gen8.xml 3DSTATE_URB_VS "Entry Allocation
 * Size").  urb_msg.c reads handles back with the same unit; the 3D
 * stages write them into their threads' payloads with gs_urb_handle().
 */
#define GS_URB_HANDLE_UNIT	64u

static inline uint32_t gs_urb_handle(uint32_t byte)
{
	return byte / GS_URB_HANDLE_UNIT;
}

/*
 * struct gs_eu_3d - what the 3D shared functions of one dispatch reach
 * @urb, @urb_size: the URB's bytes (the 3D pipeline owns them); NULL: the
 *	threads have no URB entries and URB messages are refused
 * @urb_start, @urb_end: the bytes of the URB the threads' entries are in
 * @urb_entry: bytes of one entry; a handle (64-byte units) must name the
 *	start of an entry in [@urb_start, @urb_end)
 * @in_start, @in_end, @in_entry: a second region whose entries the threads
 *	may read but not write (a geometry shader's input VUEs, named by its
 *	payload's vertex handles); @in_entry 0: none
 * @ps: per thread (its index), the pixels of a pixel shader thread; NULL:
 *	render target writes are refused
 * @blend_state: GPU address (in the dispatch's space) of the BLEND_STATE
 *	whose entry for the written render target a render target write
 *	applies (blending, logic op, write-disable bits)
 * @blend_dw0: that BLEND_STATE's DW0 (Independent Alpha Blend Enable)
 * @blend_const: COLOR_CALC_STATE's Blend Constant Color RGBA, when
 *	@blend_const_valid (a valid 3DSTATE_CC_STATE_POINTERS); a constant
 *	blend factor without it is refused
 */
struct gs_eu_3d {
	uint8_t *urb;
	uint32_t urb_size;
	uint32_t urb_start, urb_end;
	uint32_t urb_entry;
	uint32_t in_start, in_end, in_entry;
	const struct gs_eu_ps_thread *ps;
	uint64_t blend_state;
	uint32_t blend_dw0;
	bool blend_const_valid;
	float blend_const[4];
};

/*
 * A 3D or media dispatch's payload callback: reset @t (gseu_thread_reset()
 * with the thread's dispatch mask) and write its payload.  @index is the
 * thread's number in the dispatch (group number x thread_width + its index
 * in the group; 0..dim[0]-1 with one thread a group), @fftid its hardware
 * thread slot.
 * Called with the array's lock held, on the dispatching thread or a
 * worker: it may only read what the caller prepared.
 */
typedef void gs_eu_payload_fn(void *arg, uint32_t index, uint32_t fftid,
			      struct gseu_hw_thread *t);

/*
 * struct gs_eu_dispatch - one GPGPU_WALKER with the state it runs under.
 *
 * Address space (where every access of the dispatch goes):
 * @space: GS_MEM_GGTT or GS_MEM_PPGTT
 * @pml4: PPGTT only: DMA address of the context's PML4 (its PDP0 slot)
 * @engine: enum gs_engine_id the faults are reported on (GS_RCS)
 *
 * STATE_BASE_ADDRESS (GPU addresses in @space, 48 bits used):
 * @general_state_base: base of stateless (BTI 255/253) data-port accesses
 * @general_state_size: General State Buffer Size in bytes; stateless
 *	accesses at or past it read 0 and drop writes.  0: no bound
 * @surface_state_base: binding tables and RENDER_SURFACE_STATEs
 * @dynamic_state_base: SAMPLER_STATEs and border colours
 * @instruction_base: kernels
 *
 * MEDIA_VFE_STATE:
 * @max_threads: Maximum Number of Threads as a count (field + 1); at most
 *	this many threads are live at once.  0: as many as the array has
 * @scratch_base: Scratch Space Base Pointer, an offset from
 *	@general_state_base (1 KiB aligned)
 * @scratch_per_thread: Per Thread Scratch Space in bytes (1 KiB << n, n
 *	0..11); 0: no scratch space.  Hardware thread FFTID owns the bytes
 *	from @scratch_base + FFTID * @scratch_per_thread, which r0.5 holds;
 *	@scratch_base plus every slot of the array must stay below 4 GiB
 *
 * INTERFACE_DESCRIPTOR_DATA (Gen8 layout):
 * @kernel_start: Kernel Start Pointer, offset from @instruction_base;
 *	bits 5:0 are ignored (64-byte aligned, T17)
 * @sampler_state_ptr: offset from @dynamic_state_base; bits 4:0 ignored
 * @binding_table_ptr: offset from @surface_state_base; bits 4:0 ignored
 * @idd_offset: the walker's Interface Descriptor Offset (0..63), reported
 *	in r0.2[9:4]
 * @threads_in_group: Number of Threads in GPGPU Thread Group; with
 *	@barrier_enable it must equal the walker's threads per group (the
 *	barrier's count); otherwise it is not used
 * @barrier_enable: allocate a barrier for each group
 * @slm_size: Shared Local Memory per group in bytes: 0, 4, 8, 16, 32 or
 *	64 KiB (the IDD encodings 0, 1, 2, 4, 8, 16)
 * @fp_alt: Floating Point Mode 1 (ALT), loaded into cr0.0 bit 0
 * @rounding: Rounding Mode, 0 RTNE, 1 RU, 2 RD, 3 RTZ, loaded into cr0.0
 * @curbe_read_length: Constant URB Entry Read Length: per-thread
 *	registers (0..63)
 * @curbe_read_offset: Constant URB Entry Read Offset, in 32-byte units
 *	from the start of @curbe
 * @cross_thread_length: Cross-Thread Constant Data Read Length: registers
 *	every thread receives
 *
 * Payload data:
 * @curbe, @curbe_size: the constant data the payloads are cut from: the
 *	bytes MEDIA_CURBE_LOAD latched, or the walker's indirect data (read
 *	by the command streamer).  From @curbe_read_offset on it holds the
 *	cross-thread registers, then each thread's slice in turn.  Copied at
 *	dispatch: the caller may reuse it once the call returns.
 * @indirect_payload: @curbe is the walker's indirect data (Indirect Data
 *	Length != 0).  It decides the order in the GRF: from the CURBE a
 *	thread receives, after r0, the cross-thread registers and then its
 *	own; from indirect data its own registers and then the cross-thread
 *	ones (hw-spec-compute "The thread payload": what Mesa's CURBE path
 *	and Intel's NEO/IGC indirect path each rely on).
 *
 * GPGPU_WALKER:
 * @simd: 8, 16 or 32 (SIMD Size 0, 1, 2)
 * @thread_width, @thread_height, @thread_depth: threads per group along
 *	each counter, as counts (the walker's maxima + 1); the product is at
 *	most 64 (32 for SIMD32)
 * @start: Thread Group ID Starting X/Y/Z (only the first row/plane
 *	starts there: the counters wrap to 0, T07/T08)
 * @dim: Thread Group ID X/Y/Z Dimension; a zero dimension runs no group
 * @right_mask: Right Execution Mask (the last thread of a row)
 * @bottom_mask: Bottom Execution Mask (the last row of a group)
 *
 * Bounds (gensim; 0 picks the default):
 * @max_thread_insns: instructions one thread may retire before the
 *	dispatch fails with GS_EU_ERR_HANG (default 2^28)
 * @timeout_ms: wall-clock bound of the whole dispatch (default 60000)
 * @kernel_max_size: how far past @kernel_start the kernel may reach
 *	(default 1 MiB)
 *
 * Progress (gensim; the render command streamer's GENSIM_EU_RETIRED and
 * its reset requests, hw-spec-compute "Progress"):
 * @progress: called on the dispatching thread about every @progress_ms
 *	while the dispatch runs, with none of the array's locks held, with
 *	the instructions the array has retired since it was created
 *	(gs_eu_array_retired()); returning true aborts the dispatch
 *	(GS_EU_ERR_ABORTED).  NULL: never called
 * @progress_arg: its argument
 * @progress_ms: how often (default 2 ms)
 *
 * 3D and media threads (gensim; hw-spec-3d "Thread dispatch",
 * hw-spec-compute "Media threads"), NULL for a walker:
 * @thread_payload: when set, the dispatch runs dim[0] groups of
 *	thread_width threads (thread_height, _depth, dim[1] and dim[2] are 1,
 *	no CURBE), and the callback writes each thread's payload instead of
 *	the GPGPU r0 and constants.  A group of more than one thread needs
 *	a barrier or SLM (a MEDIA_OBJECT_GRPID thread group): its threads
 *	share them as a walker's group does, and with the barrier the array
 *	puts the group's barrier ID into r0.2 27:24 after the callback.  The
 *	SIMD32 bound of 32 threads a group does not apply (64)
 * @payload_arg: its argument
 * @r3d: the URB and render targets the threads' messages reach
 *
 * Media threads (gensim; hw-spec-compute "The media scoreboard"), only
 * with @thread_payload, either may be NULL:
 * @thread_may_issue: one thread a group only; asked before thread @index
 *	is issued, threads being issued in index order: false holds it (and
 *	every thread after it) until a thread ends, when it is asked again.
 *	Holding a thread while none is live fails the dispatch
 *	(GS_EU_ERR_HANG): nothing could end
 * @thread_retired: thread @index ended (EOT)
 * Both, like @thread_payload, run with the array's lock held.
 */
struct gs_eu_dispatch {
	enum gs_mem_kind space;
	uint64_t pml4;
	int engine;

	uint64_t general_state_base;
	uint64_t general_state_size;
	uint64_t surface_state_base;
	uint64_t dynamic_state_base;
	uint64_t instruction_base;

	uint32_t max_threads;
	uint32_t scratch_base;
	uint32_t scratch_per_thread;

	uint64_t kernel_start;
	uint32_t sampler_state_ptr;
	uint32_t binding_table_ptr;
	uint8_t idd_offset;
	uint16_t threads_in_group;
	bool barrier_enable;
	uint32_t slm_size;
	bool fp_alt;
	uint8_t rounding;
	uint16_t curbe_read_length;
	uint16_t curbe_read_offset;
	uint8_t cross_thread_length;

	const void *curbe;
	uint32_t curbe_size;
	bool indirect_payload;

	unsigned int simd;
	unsigned int thread_width, thread_height, thread_depth;
	uint32_t start[3];
	uint32_t dim[3];
	uint32_t right_mask;
	uint32_t bottom_mask;

	uint64_t max_thread_insns;
	uint32_t timeout_ms;
	uint32_t kernel_max_size;

	bool (*progress)(void *arg, uint64_t retired);
	void *progress_arg;
	uint32_t progress_ms;

	gs_eu_payload_fn *thread_payload;
	void *payload_arg;
	const struct gs_eu_3d *r3d;
	bool (*thread_may_issue)(void *arg, uint32_t index);
	void (*thread_retired)(void *arg, uint32_t index);
};

/*
 * The scratch fields of a thread's r0 (hw-spec-compute "Scratch space"):
 * r0.3 3:0 Per Thread Scratch Space (log2 of the KiB), r0.5 31:10 the
 * thread's slot, base + FFTID * per-thread bytes ([PRM-MEDIA] 1.5.1.10.5
 * "Local Memory / Scratch Space").  Both 0 without scratch space.
 */
static inline uint32_t gs_eu_scratch_enc(uint32_t per_thread)
{
	uint32_t n = 0;

	while (per_thread > 1024u << n)
		n++;
	return per_thread ? n : 0;
}

static inline uint32_t gs_eu_scratch_ptr(uint32_t base, uint32_t per_thread, uint32_t fftid)
{
	return per_thread ? (base + fftid * per_thread) & ~0x3ffu : 0;
}

/*
 * struct gs_eu_result - how a dispatch ended
 * @status: GS_EU_OK or the first error
 * @msg: what happened, where, and why (empty on success)
 * @has_thread: the error belongs to one thread: @group, @thread, @ip
 * @group: its thread group ID
 * @thread: its index in the group (width counter fastest)
 * @ip: byte offset in the kernel of the instruction that failed
 * @exc: the EU exception the thread took (GSEU_EXC_SEND for a shared
 *	function error), GSEU_EXC_NONE otherwise
 * @has_fault: @fault is the memory fault reported on the engine
 * @groups: thread groups that completed
 * @threads: threads that ended (EOT)
 * @instructions: instructions retired by all threads
 */
struct gs_eu_result {
	enum gs_eu_status status;
	char msg[320];
	bool has_thread;
	uint32_t group[3];
	uint32_t thread;
	uint32_t ip;
	enum gseu_exc exc;
	bool has_fault;
	struct gs_fault fault;
	uint64_t groups;
	uint64_t threads;
	uint64_t instructions;
};

#endif
