// SPDX-License-Identifier: MIT
/*
 * The media pipeline's commands that run root threads: MEDIA_OBJECT,
 * MEDIA_OBJECT_WALKER, MEDIA_OBJECT_PRT and MEDIA_OBJECT_GRPID
 * (hw-spec-compute "Media threads", "The media walker", "The media
 * scoreboard"; PRM Vol. 2 Part 2 Media and General Purpose Pipeline
 * (Ivy Bridge 2012), 1.4.2.1 "Generic Mode", 1.7.1 "Thread Payload
 * Messages", 1.8.6 "MEDIA_OBJECT Command", 1.8.7 "MEDIA_OBJECT_PRT
 * Command", 1.8.8 "MEDIA_OBJECT_WALKER Command"; Gen8 layouts EXT Mesa
 * gen8.xml and media-driver mhw_render_hwcmd_g8_X.h).
 *
 * Each command decodes into one struct gs_media_job (gpgpu/media.h): the
 * threads' positions, the r0 they start from and the registers after it,
 * the same for every thread of the command: the constant registers the
 * descriptor reads (the cross-thread ones, then the per-thread ones, from
 * the Constant URB Entry Read Offset), then the inline data, then the
 * indirect data, each rounded up to whole registers with zeros (T13,
 * T33).  They run on the EU array before the command ends, like
 * GPGPU_WALKER (cmd_gpgpu_walker.c).
 *
 * Refused by name, for every one of them: Children Present and Thread
 * Synchronization (child and synchronized root threads need the thread
 * spawner's spawn message, which gensim does not implement), Force
 * Destination, the non-stalling scoreboard (the documents do not say how
 * a dispatched thread waits for its dependencies), a payload of no
 * register or of more than 63, and a descriptor with a barrier or shared
 * local memory (media threads get neither from these commands; see
 * MEDIA_OBJECT_GRPID).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "cmd/cmd_gpgpu.h"
#include "core/device.h"
#include "core/log.h"
#include "cs/engine.h"
#include "gpgpu/media.h"

/* One media command, decoded. */
struct media_cmd {
	const char *me;
	unsigned int idd_off;
	const uint32_t *inl;		/* inline dwords */
	unsigned int ninline;
	uint32_t ind_off, ind_len;	/* indirect data */
	bool use_sb;
	uint8_t sb_mask;
	bool prt;			/* r0 of a MEDIA_OBJECT_PRT root */
	const uint32_t *pos;		/* GS_MEDIA_POS, dispatch order */
	uint32_t count;
};

/* An instruction error if @dw has any of @bits. */
static bool reserved(struct gs_cs *cs, const char *me, unsigned int n, uint32_t dw,
		     uint32_t bits)
{
	if (!(dw & bits))
		return false;
	gs_cs_instruction_error(cs, "%s DW%u = %#x: reserved bits %#x are set", me, n, dw,
				dw & bits);
	return true;
}

/* A field that names a feature gensim refuses: an instruction error naming it. */
struct refused {
	uint32_t bit;
	const char *name;
	const char *why;
};

static bool refuse(struct gs_cs *cs, const char *me, uint32_t dw, const struct refused *r,
		   size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (dw & r[i].bit) {
			gs_cs_instruction_error(cs, "%s: %s is not implemented by gensim (%s)", me,
						r[i].name, r[i].why);
			return true;
		}
	return false;
}

#define NO_SPAWN	"it needs the thread spawner's spawn message"

/*
 * What every media command checks before its threads: the pipeline, the
 * state, the descriptor (into @idd), the dispatch's common fields (@d) and
 * the scoreboard (@sb, with @mc's Use Scoreboard).  0, or -1 after an
 * instruction error.
 */
static int media_begin(struct gs_cs *cs, const struct media_cmd *mc, struct gs_gpgpu_idd *idd,
		       struct gs_eu_dispatch *d, struct gs_media_sb *sb)
{
	const char *me = mc->me;
	struct gs_gpgpu *st = cs->gpgpu;

	if (st->pipeline != PIPELINE_SELECT_MEDIA) {
		gs_cs_instruction_error(cs, "%s with the %s pipeline selected: it needs "
					"PIPELINE_SELECT media (1)", me,
					gs_gpgpu_pipeline_name(st->pipeline));
		return -1;
	}
	if (gs_gpgpu_need_state(cs, me) || gs_gpgpu_decode_idd(cs, me, mc->idd_off, idd) ||
	    gs_gpgpu_fill(cs, me, idd, d))
		return -1;
	gs_media_sb_decode(st->vfe_dw, sb);
	if (mc->use_sb && sb->enable && sb->non_stalling) {
		gs_cs_instruction_error(cs, "%s: Use Scoreboard with MEDIA_VFE_STATE's "
					"Non-Stalling Scoreboard: not implemented by gensim "
					"(the documents do not say how a dispatched thread "
					"waits for its dependencies)", me);
		return -1;
	}
	return 0;
}

/*
 * The registers after r0 of a thread of @mc (*@out, malloc'd, *@nregs of
 * them): the descriptor's cross-thread constant registers and then its
 * per-thread slice @slice (0 but in a MEDIA_OBJECT_GRPID thread group,
 * where thread i reads slice i), from the Constant URB Entry Read Offset;
 * then the inline data; then the indirect data.  0, or -1 after an
 * instruction error.
 */
static int media_payload(struct gs_cs *cs, const struct media_cmd *mc,
			 const struct gs_gpgpu_idd *idd, unsigned int slice, uint8_t **out,
			 unsigned int *nregs_out)
{
	const char *me = mc->me;
	struct gs_gpgpu *st = cs->gpgpu;
	unsigned int cross = idd->cross_length, per = idd->read_length;
	unsigned int cregs = cross + per, iregs, nregs;
	size_t own = ((size_t)idd->read_offset + cross + (size_t)slice * per) * 32;
	uint8_t *indirect, *payload;

	*out = NULL;
	*nregs_out = 0;
	if (cregs && (!st->curbe_valid || own + (size_t)per * 32 > st->curbe_len)) {
		if (slice)
			gs_cs_instruction_error(cs, "%s: thread %u of the thread group reads its %u "
						"constant registers at register %zu, but the CURBE "
						"holds %u bytes", me, slice, per, own / 32,
						st->curbe_valid ? st->curbe_len : 0);
		else
			gs_cs_instruction_error(cs, "%s: the descriptor reads %u constant "
						"registers at register %u, but the CURBE holds %u "
						"bytes", me, cregs, idd->read_offset,
						st->curbe_valid ? st->curbe_len : 0);
		return -1;
	}
	iregs = (mc->ninline * 4 + 31) / 32;
	nregs = cregs + iregs + (mc->ind_len + 31) / 32;
	if (!nregs) {
		gs_cs_instruction_error(cs, "%s: no constant, inline or indirect data: the "
					"thread would have no payload", me);
		return -1;
	}
	if (nregs > 63) {
		gs_cs_instruction_error(cs, "%s: %u payload registers (at most 63)", me, nregs);
		return -1;
	}
	if (gs_gpgpu_read_indirect(cs, me, mc->ind_off, mc->ind_len, &indirect))
		return -1;
	payload = calloc(nregs, 32);
	if (!payload) {
		free(indirect);
		gs_cs_instruction_error(cs, "%s: out of host memory", me);
		return -1;
	}
	if (cross)
		memcpy(payload, st->curbe + (size_t)idd->read_offset * 32, (size_t)cross * 32);
	if (per)
		memcpy(payload + (size_t)cross * 32, st->curbe + own, (size_t)per * 32);
	if (mc->ninline)
		memcpy(payload + (size_t)cregs * 32, mc->inl, (size_t)mc->ninline * 4);
	if (indirect)
		memcpy(payload + (size_t)(cregs + iregs) * 32, indirect, mc->ind_len);
	free(indirect);
	*out = payload;
	*nregs_out = nregs;
	return 0;
}

/*
 * r0 (1.7.1.1 "Generic Mode Root Thread", 1.7.1.3): 0 31:24 the
 * scoreboard mask, 15:0 the URB handle (gensim: none, 0); 1 24:16 Y,
 * 8:0 X; 2 27:24 the barrier ID (a thread group's, put in by the EU
 * array), 9:4 descriptor offset, 3:0 colour; 3 the sampler state
 * pointer; 4 the binding table pointer; 5 9:0 FFTID.  A PRT root
 * (1.7.1.2): 2 31:4 its descriptor's pointer (the dynamic state offset
 * MEDIA_INTERFACE_DESCRIPTOR_LOAD read it from), 0 Thread Restart Enable
 * (gensim never restarts a thread: 0), 0 and 1 zero.  With the
 * descriptor's modes, into @job and @d.
 */
static void media_r0(struct gs_cs *cs, const struct media_cmd *mc, const struct gs_gpgpu_idd *idd,
		     struct gs_media_job *job, struct gs_eu_dispatch *d)
{
	struct gs_gpgpu *st = cs->gpgpu;

	if (mc->prt) {
		job->r0[2] = (st->idd_dw[3] + 32 * mc->idd_off) & ~15u;
	} else {
		job->r0[0] = (uint32_t)mc->sb_mask << 24;
		job->r0[2] = (uint32_t)mc->idd_off << 4;
		job->r0_position = true;
	}
	job->r0[3] = (idd->sampler_ptr & ~31u) | gs_eu_scratch_enc(st->scratch_per_thread);
	job->scratch_base = st->scratch_base;
	job->scratch_per_thread = st->scratch_per_thread;
	job->r0[4] = idd->bt_ptr & ~31u;
	job->dmask = ~0u;
	job->cr0 = (idd->fp_alt ? GSEU_CR0_ALT_MODE : 0) |
		   ((uint32_t)(idd->rounding & 3) << GSEU_CR0_RND_SHIFT);
	d->idd_offset = (uint8_t)mc->idd_off;
	d->simd = 32;
	d->right_mask = d->bottom_mask = ~0u;
}

/* Run @job on the EU array with @d: the command's result. */
static enum gs_cmd_result media_run(struct gs_cs *cs, const char *me, struct gs_media_job *job,
				    struct gs_eu_dispatch *d)
{
	enum gs_cmd_result r;

	if (gs_media_job_attach(job, d)) {
		r = gs_cs_instruction_error(cs, "%s: out of host memory", me);
	} else {
		r = gs_gpgpu_run(cs, me, d);
		if (job->held)
			gs_info("%s: %s: the scoreboard held a thread %llu times", cs->eng->name,
				me, (unsigned long long)job->held);
	}
	gs_media_job_release(job);
	return r;
}

/* Build and run @mc's threads, every one with the same payload, after media_begin(). */
static enum gs_cmd_result media_threads(struct gs_cs *cs, const struct media_cmd *mc,
					const struct gs_gpgpu_idd *idd, struct gs_eu_dispatch *d,
					const struct gs_media_sb *sb)
{
	struct gs_media_job job = { 0 };
	enum gs_cmd_result r;
	unsigned int nregs;
	uint8_t *payload;

	if (media_payload(cs, mc, idd, 0, &payload, &nregs))
		return GS_CMD_HALT;
	media_r0(cs, mc, idd, &job, d);
	job.sb = *sb;
	job.payload = payload;
	job.payload_regs = nregs;
	job.pos = mc->pos;
	job.count = mc->count;
	job.use_sb = mc->use_sb;
	job.sb_mask = mc->sb_mask;
	r = media_run(cs, mc->me, &job, d);
	free(payload);
	return r;
}

/*
 * Build and run @mc's threads: the state checks, the descriptor, the
 * payload registers, the scoreboard, then the EU array.  A descriptor
 * with a barrier or SLM is MEDIA_OBJECT_GRPID's alone.
 */
static enum gs_cmd_result media_dispatch(struct gs_cs *cs, const struct media_cmd *mc)
{
	struct gs_gpgpu_idd idd;
	struct gs_eu_dispatch d;
	struct gs_media_sb sb;

	if (media_begin(cs, mc, &idd, &d, &sb))
		return GS_CMD_HALT;
	if (idd.barrier || idd.slm)
		return gs_cs_instruction_error(cs, "%s: interface descriptor %u asks for a barrier "
					       "or shared local memory, which media threads get "
					       "only as a MEDIA_OBJECT_GRPID thread group", mc->me,
					       mc->idd_off);
	return media_threads(cs, mc, &idd, &d, &sb);
}

/*
 * MEDIA_OBJECT, Gen8: 6 dwords and inline data (EXT media-driver g8):
 *   DW1  5:0 Interface Descriptor Offset
 *   DW2  31 Children Present, 24 Thread Synchronization, 22 Force
 *        Destination, 21 Use Scoreboard, 20:19 / 18:17 slice / subslice
 *        destination (ignored without Force Destination), 16:0 Indirect
 *        Data Length
 *   DW3  Indirect Data Start Address, from the indirect object base
 *   DW4  24:16 Scoreboard Y, 8:0 Scoreboard X
 *   DW5  19:16 Scoreboard Color, 7:0 Scoreboard Mask
 *   DW6+ inline data
 *
 * One root thread in generic mode (1.4.2.1).  With Use Scoreboard its
 * dependencies are the threads dispatched before it that have not ended:
 * gensim runs every command's threads before the next command, so there
 * are none and it runs at once.
 */
enum gs_cmd_result gs_cmd_media_object(struct gs_cs *cs, const struct gs_cmd_desc *cmd,
				       const uint32_t *dw, unsigned int len)
{
	static const struct refused refused[] = {
		{ MO_DW2_CHILDREN_PRESENT, "Children Present", NO_SPAWN },
		{ MO_DW2_THREAD_SYNC, "Thread Synchronization", NO_SPAWN },
		{ MO_DW2_FORCE_DESTINATION, "Force Destination", "slices and subslices are not "
		  "modelled" },
	};
	struct media_cmd mc = { .me = "MEDIA_OBJECT" };
	uint32_t pos;

	(void)cmd;
	if (reserved(cs, mc.me, 1, dw[1], ~MEDIA_IDD_OFFSET) ||
	    reserved(cs, mc.me, 2, dw[2], BIT(23) | GENMASK(30, 25)) ||
	    reserved(cs, mc.me, 4, dw[4], GENMASK(31, 25) | GENMASK(15, 9)) ||
	    reserved(cs, mc.me, 5, dw[5], GENMASK(31, 20) | GENMASK(15, 8)) ||
	    refuse(cs, mc.me, dw[2], refused, sizeof(refused) / sizeof(refused[0])))
		return GS_CMD_HALT;
	pos = GS_MEDIA_POS(FIELD_GET(MO_DW4_SCOREBOARD_X, dw[4]),
			   FIELD_GET(MO_DW4_SCOREBOARD_Y, dw[4]),
			   FIELD_GET(MO_DW5_SCOREBOARD_COLOR, dw[5]));
	mc.idd_off = FIELD_GET(MEDIA_IDD_OFFSET, dw[1]);
	mc.inl = &dw[6];
	mc.ninline = len - 6;
	mc.ind_off = dw[3];
	mc.ind_len = FIELD_GET(MO_DW2_INDIRECT_LENGTH, dw[2]);
	mc.use_sb = dw[2] & MO_DW2_USE_SCOREBOARD;
	mc.sb_mask = (uint8_t)FIELD_GET(MO_DW5_SCOREBOARD_MASK, dw[5]);
	mc.pos = &pos;
	mc.count = 1;
	return media_dispatch(cs, &mc);
}

static int sext(uint32_t v, unsigned int bits)
{
	uint32_t sign = 1u << (bits - 1);

	return (int)((v & (2 * sign - 1)) ^ sign) - (int)sign;
}

/* An S9 pair of the walker (X 9:0, Y 25:16) into @v. */
static void s9(uint32_t dw, int *v)
{
	v[0] = sext(FIELD_GET(MW_S9_X, dw), 10);
	v[1] = sext(FIELD_GET(MW_S9_Y, dw), 10);
}

static void u9(uint32_t dw, int *v)
{
	v[0] = (int)FIELD_GET(MW_U9_X, dw);
	v[1] = (int)FIELD_GET(MW_U9_Y, dw);
}

/*
 * MEDIA_OBJECT_WALKER, Gen8: 17 dwords and inline data (EXT Mesa gen8.xml,
 * media-driver g8; 1.8.8 for the meaning of each field):
 *   DW1  5:0 Interface Descriptor Offset
 *   DW2  31 Children Present, 24 Thread Synchronization, 21 Use
 *        Scoreboard, 16:0 Indirect Data Length (the walker loads none: 0)
 *   DW3  Indirect Data Start Address (ignored without indirect data)
 *   DW4  reserved
 *   DW5  31:8 Group ID Loop Select, 7:0 Scoreboard Mask (every thread's)
 *   DW6  27:24 Color Count Minus One, 20:16 Middle Loop Extra Steps,
 *        13:12 / 9:8 Mid-Loop Unit Y / X (S1)
 *   DW7  25:16 Global / 9:0 Local Loop Exec Count
 *   DW8  Block Resolution, DW9 Local Start, DW13 Global Resolution (U9:
 *        Y 24:16, X 8:0)
 *   DW10 reserved (IVB's Local End)
 *   DW11 Local Outer Loop Stride, DW12 Local Inner Loop Unit, DW14 Global
 *        Start, DW15 Global Outer Loop Stride, DW16 Global Inner Loop
 *        Unit (S9: Y 25:16, X 9:0)
 *   DW17+ inline data, the same for every thread (T35)
 *
 * Group ID Loop Select is refused by name: which group ID a thread gets,
 * and where it finds it, is in none of the documents.
 */
enum gs_cmd_result gs_cmd_media_object_walker(struct gs_cs *cs, const struct gs_cmd_desc *cmd,
					      const uint32_t *dw, unsigned int len)
{
	static const struct refused refused[] = {
		{ MO_DW2_CHILDREN_PRESENT, "Children Present", NO_SPAWN },
		{ MO_DW2_THREAD_SYNC, "Thread Synchronization", NO_SPAWN },
	};
	/* the reserved bits of DW1-DW16 (0: none; DW3 is ignored) */
	static const uint32_t rsvd[17] = {
		[1] = ~MEDIA_IDD_OFFSET,
		[2] = GENMASK(30, 25) | GENMASK(23, 22) | GENMASK(20, 17),
		[4] = ~0u,
		[6] = GENMASK(31, 28) | GENMASK(23, 21) | GENMASK(15, 14) | GENMASK(11, 10) |
		      GENMASK(7, 0),
		[7] = GENMASK(31, 26) | GENMASK(15, 10),
		[8] = GENMASK(31, 25) | GENMASK(15, 9),
		[9] = GENMASK(31, 25) | GENMASK(15, 9),
		[10] = ~0u,
		[11] = GENMASK(31, 26) | GENMASK(15, 10),
		[12] = GENMASK(31, 26) | GENMASK(15, 10),
		[13] = GENMASK(31, 25) | GENMASK(15, 9),
		[14] = GENMASK(31, 26) | GENMASK(15, 10),
		[15] = GENMASK(31, 26) | GENMASK(15, 10),
		[16] = GENMASK(31, 26) | GENMASK(15, 10),
	};
	struct media_cmd mc = { .me = "MEDIA_OBJECT_WALKER" };
	struct gs_media_walk w;
	enum gs_cmd_result r;
	uint32_t *pos, n;
	char why[160];

	(void)cmd;
	if (dw[10])
		return gs_cs_instruction_error(cs, "%s: DW10 = %#x: reserved on Gen8 (IVB's Local "
					       "End X/Y; Gen8 has no Local End)", mc.me, dw[10]);
	if (dw[2] & MO_DW2_INDIRECT_LENGTH)
		return gs_cs_instruction_error(cs, "%s: Indirect Data Length %u: the walker loads "
					       "no indirect data, it must be 0", mc.me,
					       FIELD_GET(MO_DW2_INDIRECT_LENGTH, dw[2]));
	for (unsigned int i = 1; i < 17; i++)
		if (reserved(cs, mc.me, i, dw[i], rsvd[i]))
			return GS_CMD_HALT;
	if (refuse(cs, mc.me, dw[2], refused, sizeof(refused) / sizeof(refused[0])))
		return GS_CMD_HALT;
	if (dw[5] & MW_DW5_GROUP_ID_LOOP_SELECT)
		return gs_cs_instruction_error(cs, "%s: Group ID Loop Select %u is not implemented "
					       "by gensim (the documents do not say which group "
					       "ID a thread gets, nor where)", mc.me,
					       FIELD_GET(MW_DW5_GROUP_ID_LOOP_SELECT, dw[5]));
	memset(&w, 0, sizeof(w));
	w.colors = FIELD_GET(MW_DW6_COLOR_COUNT_M1, dw[6]) + 1;
	w.extra_steps = FIELD_GET(MW_DW6_MIDDLE_EXTRA_STEPS, dw[6]);
	w.mid_unit[0] = sext(FIELD_GET(MW_DW6_MID_UNIT_X, dw[6]), 2);
	w.mid_unit[1] = sext(FIELD_GET(MW_DW6_MID_UNIT_Y, dw[6]), 2);
	w.global_exec = FIELD_GET(MW_DW7_GLOBAL_EXEC_COUNT, dw[7]);
	w.local_exec = FIELD_GET(MW_DW7_LOCAL_EXEC_COUNT, dw[7]);
	u9(dw[8], w.block_res);
	u9(dw[9], w.local_start);
	s9(dw[11], w.local_outer);
	s9(dw[12], w.local_inner);
	u9(dw[13], w.global_res);
	s9(dw[14], w.global_start);
	s9(dw[15], w.global_outer);
	s9(dw[16], w.global_inner);
	if (gs_media_walk(&w, &pos, &n, why, sizeof(why)))
		return gs_cs_instruction_error(cs, "%s: %s", mc.me, why);
	if (!n) {
		/* a walk of no position runs no thread (1.4.3.6: every loop fails its bound) */
		gs_info("%s: %s generates no thread", cs->eng->name, mc.me);
		free(pos);
		return GS_CMD_NEXT;
	}
	mc.idd_off = FIELD_GET(MEDIA_IDD_OFFSET, dw[1]);
	mc.inl = &dw[17];
	mc.ninline = len - 17;
	mc.use_sb = dw[2] & MO_DW2_USE_SCOREBOARD;
	mc.sb_mask = (uint8_t)FIELD_GET(MW_DW5_SCOREBOARD_MASK, dw[5]);
	mc.pos = pos;
	mc.count = n;
	r = media_dispatch(cs, &mc);
	free(pos);
	return r;
}

/*
 * MEDIA_OBJECT_PRT, 16 dwords (1.8.7; EXT Mesa gen8.xml):
 *   DW1  5:0 Interface Descriptor Offset
 *   DW2  31 Children Present, 23 PRT_Fence Needed, 22 PRT_FenceType
 *        (used only with the fence)
 *   DW3  reserved
 *   DW4-DW15 inline data, 12 dwords (two registers, the second half
 *        zero)
 *
 * A persistent root thread must honour a context switch and is
 * dispatched again when its context comes back, with Thread Restart
 * Enable set (1.7.1.2).  gensim switches contexts only between commands,
 * so a PRT runs to its end like any root thread and is never restarted.
 * The fence is refused by name: only a spawn message lifts it, and gensim
 * has none.
 */
enum gs_cmd_result gs_cmd_media_object_prt(struct gs_cs *cs, const struct gs_cmd_desc *cmd,
					   const uint32_t *dw, unsigned int len)
{
	static const struct refused refused[] = {
		{ PRT_DW2_CHILDREN_PRESENT, "Children Present", NO_SPAWN },
		{ PRT_DW2_FENCE_NEEDED, "PRT_Fence Needed", "only a thread spawn message lifts "
		  "the fence" },
	};
	struct media_cmd mc = { .me = "MEDIA_OBJECT_PRT" };
	uint32_t pos = 0;

	(void)cmd;
	(void)len;
	if (reserved(cs, mc.me, 1, dw[1], ~MEDIA_IDD_OFFSET) ||
	    reserved(cs, mc.me, 2, dw[2], GENMASK(30, 24) | GENMASK(21, 0)) ||
	    reserved(cs, mc.me, 3, dw[3], ~0u) ||
	    refuse(cs, mc.me, dw[2], refused, sizeof(refused) / sizeof(refused[0])))
		return GS_CMD_HALT;
	mc.idd_off = FIELD_GET(MEDIA_IDD_OFFSET, dw[1]);
	mc.inl = &dw[4];
	mc.ninline = PRT_INLINE_DWORDS;
	mc.prt = true;
	mc.pos = &pos;
	mc.count = 1;
	return media_dispatch(cs, &mc);
}

/*
 * The open thread group, described for an error message: "the thread
 * group of GroupID g (interface descriptor d, n of t threads)".
 */
static const char *group_desc(const struct gs_media_group *g, unsigned int threads, char *buf,
			      size_t len)
{
	snprintf(buf, len, "the thread group of GroupID %u (interface descriptor %u, %u of %u "
		 "threads)", g->group_id, g->idd_off, g->count, threads);
	return buf;
}

/* The open group's descriptor's thread count (0 if it cannot be read now). */
static unsigned int group_threads(const struct gs_gpgpu *st, const struct gs_media_group *g)
{
	if (!st->idd_valid || g->idd_off >= st->idd_count)
		return 0;
	return FIELD_GET(IDD_DW6_THREADS, st->idd[g->idd_off][6]);
}

/* Drop the open group: none of its threads ran. */
static void group_drop(struct gs_gpgpu *st)
{
	gs_media_group_free(st->group);
	st->group = NULL;
}

/*
 * An instruction error that ends the open group (dropped, unrun): @fmt
 * says what the command did, and the message goes on to name the group.
 */
static enum gs_cmd_result group_error(struct gs_cs *cs, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static enum gs_cmd_result group_error(struct gs_cs *cs, const char *fmt, ...)
{
	struct gs_gpgpu *st = cs->gpgpu;
	char what[256], grp[128];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	group_desc(st->group, group_threads(st, st->group), grp, sizeof(grp));
	group_drop(st);
	return gs_cs_instruction_error(cs, "%s while %s is open; dropped, none of its threads "
				       "ran", what, grp);
}

bool gs_media_group_gate(struct gs_cs *cs, const struct gs_cmd_desc *d)
{
	if (!cs->gpgpu || !cs->gpgpu->group || d->handler == gs_cmd_media_object_grpid ||
	    d->handler == gs_cmd_noop)
		return false;
	group_error(cs, "%s: a MEDIA_OBJECT_GRPID thread group takes nothing between its "
		    "commands but MI_NOOP", d->name);
	return true;
}

/*
 * One thread of a thread group (the descriptor @idd has a barrier or
 * SLM), after media_begin(): opened by its first command, collected, and
 * run as one group with End of Thread Group (@eog).
 */
static enum gs_cmd_result group_thread(struct gs_cs *cs, const struct media_cmd *mc,
				       uint32_t gid, bool eog, const struct gs_gpgpu_idd *idd,
				       struct gs_eu_dispatch *d, const struct gs_media_sb *sb)
{
	const char *me = mc->me;
	struct gs_gpgpu *st = cs->gpgpu;
	struct gs_media_group *g = st->group;
	struct gs_media_job job = { 0 };
	struct gs_media_thread *t;
	enum gs_cmd_result r;
	unsigned int n = g ? g->count : 0;

	if (!idd->threads || idd->threads > GS_MEDIA_GROUP_MAX) {
		if (g)
			group_drop(st);
		return gs_cs_instruction_error(cs, "%s: interface descriptor %u has a barrier or "
					       "shared local memory and Number of Threads in "
					       "GPGPU Thread Group %u: a thread group has 1 to "
					       "%u threads", me, mc->idd_off, idd->threads,
					       GS_MEDIA_GROUP_MAX);
	}
	if (mc->use_sb && sb->enable) {
		if (g)
			return group_error(cs, "%s: Use Scoreboard in a thread group is not "
					   "implemented by gensim", me);
		return gs_cs_instruction_error(cs, "%s: Use Scoreboard in a thread group (interface "
					       "descriptor %u has a barrier or shared local "
					       "memory) is not implemented by gensim (a thread the "
					       "scoreboard holds on another of its group could "
					       "keep the barrier from completing)", me,
					       mc->idd_off);
	}
	if (cs->level == 0)
		return gs_cs_instruction_error(cs, "%s: a thread group (interface descriptor %u has "
					       "a barrier or shared local memory) in the ring: "
					       "gensim takes thread groups only from a batch "
					       "buffer", me, mc->idd_off);
	if (n + 1 > idd->threads)
		return group_error(cs, "%s: thread %u of GroupID %u is more than the Number of "
				   "Threads in GPGPU Thread Group of interface descriptor %u",
				   me, n + 1, gid, mc->idd_off);
	if (eog && idd->barrier && n + 1 != idd->threads) {
		if (g)
			return group_error(cs, "%s: End of Thread Group after %u threads, but the "
					   "barrier of interface descriptor %u counts %u "
					   "(Number of Threads in GPGPU Thread Group): it could "
					   "never complete", me, n + 1, mc->idd_off, idd->threads);
		return gs_cs_instruction_error(cs, "%s: End of Thread Group after 1 thread, but "
					       "the barrier of interface descriptor %u counts %u "
					       "(Number of Threads in GPGPU Thread Group): it "
					       "could never complete", me, mc->idd_off,
					       idd->threads);
	}
	if (!g) {
		g = calloc(1, sizeof(*g));
		if (!g)
			return gs_cs_instruction_error(cs, "%s: out of host memory", me);
		g->group_id = gid;
		g->idd_off = mc->idd_off;
		st->group = g;
	}
	t = &g->thr[n];
	if (media_payload(cs, mc, idd, n, &t->payload, &t->payload_regs)) {
		group_drop(st);
		return GS_CMD_HALT;
	}
	t->pos = mc->pos[0];
	t->sb_mask = mc->sb_mask;
	g->count = n + 1;
	if (!eog)
		return GS_CMD_NEXT;

	media_r0(cs, mc, idd, &job, d);
	job.group = g->thr;
	job.count = g->count;
	d->threads_in_group = idd->threads;
	d->barrier_enable = idd->barrier;
	d->slm_size = idd->slm;
	r = media_run(cs, me, &job, d);
	if (r == GS_CMD_RETRY) {
		/* the command runs again: its thread comes back then */
		free(t->payload);
		t->payload = NULL;
		g->count = n;
		return r;
	}
	group_drop(st);
	return r;
}

/*
 * MEDIA_OBJECT_GRPID, Gen8: 7 dwords and inline data (EXT Mesa gen8.xml):
 * MEDIA_OBJECT's DW1-DW5 with 23 End of Thread Group in DW2 (where
 * MEDIA_OBJECT has Thread Synchronization at 24 and Children Present at
 * 31, GRPID has neither), DW6 GroupID, DW7+ inline data.
 *
 * The group ID and End of Thread Group exist for the barrier and the
 * shared local memory that threads of one group share ([PRM-MEDIA] 1.3.6
 * "Media GPGPU Payload Limitations": "Media using Barrier/SLM").  A
 * descriptor without either gives the thread nothing of its group: it
 * runs as the MEDIA_OBJECT it otherwise is, whatever the two fields say.
 *
 * With a barrier or SLM, a thread group is the GRPID commands with one
 * GroupID up to and including the one with End of Thread Group (as
 * GPGPU_OBJECT's, 1.8.9 "GPGPU_OBJECT": "this dispatch is the last for
 * the current thread group").  gensim collects the group's threads as
 * their commands arrive, each with its own payload, and runs them as one
 * group when End of Thread Group arrives: they run concurrently and share
 * one SLM allocation and one barrier, the EU array's, as a walker's group
 * does.  The group is open in between, and then takes nothing but its own
 * next commands and MI_NOOP (gs_media_group_gate(); 1.3.3 "Programming
 * the GPGPU Pipeline": "finish dispatching a thread group before starting
 * a different one").  Every ill-formed group is an instruction error
 * naming the field, and drops the group: hw-spec-compute
 * "MEDIA_OBJECT_GRPID" has the list.
 */
enum gs_cmd_result gs_cmd_media_object_grpid(struct gs_cs *cs, const struct gs_cmd_desc *cmd,
					     const uint32_t *dw, unsigned int len)
{
	static const struct refused refused[] = {
		{ MO_DW2_FORCE_DESTINATION, "Force Destination", "slices and subslices are not "
		  "modelled" },
	};
	struct media_cmd mc = { .me = "MEDIA_OBJECT_GRPID" };
	struct gs_media_group *g = cs->gpgpu->group;
	struct gs_gpgpu_idd idd;
	struct gs_eu_dispatch d;
	struct gs_media_sb sb;
	uint32_t pos, gid = dw[6];

	(void)cmd;
	if (reserved(cs, mc.me, 1, dw[1], ~MEDIA_IDD_OFFSET) ||
	    reserved(cs, mc.me, 2, dw[2], GENMASK(31, 24)) ||
	    reserved(cs, mc.me, 4, dw[4], GENMASK(31, 25) | GENMASK(15, 9)) ||
	    reserved(cs, mc.me, 5, dw[5], GENMASK(31, 20) | GENMASK(15, 8)) ||
	    refuse(cs, mc.me, dw[2], refused, sizeof(refused) / sizeof(refused[0]))) {
		if (g)
			group_drop(cs->gpgpu);
		return GS_CMD_HALT;
	}
	pos = GS_MEDIA_POS(FIELD_GET(MO_DW4_SCOREBOARD_X, dw[4]),
			   FIELD_GET(MO_DW4_SCOREBOARD_Y, dw[4]),
			   FIELD_GET(MO_DW5_SCOREBOARD_COLOR, dw[5]));
	mc.idd_off = FIELD_GET(MEDIA_IDD_OFFSET, dw[1]);
	mc.inl = &dw[7];
	mc.ninline = len - 7;
	mc.ind_off = dw[3];
	mc.ind_len = FIELD_GET(MO_DW2_INDIRECT_LENGTH, dw[2]);
	mc.use_sb = dw[2] & MO_DW2_USE_SCOREBOARD;
	mc.sb_mask = (uint8_t)FIELD_GET(MO_DW5_SCOREBOARD_MASK, dw[5]);
	mc.pos = &pos;
	mc.count = 1;
	if (g && mc.idd_off != g->idd_off)
		return group_error(cs, "%s: Interface Descriptor Offset %u: a thread group's "
				   "commands name one descriptor", mc.me, mc.idd_off);
	if (g && gid != g->group_id)
		return group_error(cs, "%s: GroupID %u: a thread group ends with End of Thread "
				   "Group before another begins", mc.me, gid);
	if (media_begin(cs, &mc, &idd, &d, &sb)) {
		if (g)
			group_drop(cs->gpgpu);
		return GS_CMD_HALT;
	}
	if (idd.barrier || idd.slm)
		return group_thread(cs, &mc, gid, dw[2] & GRPID_DW2_END_OF_GROUP, &idd, &d, &sb);
	return media_threads(cs, &mc, &idd, &d, &sb);
}
