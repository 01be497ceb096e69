/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Tracepoints: one batch from the ioctl to its fence, and every register
 * access on the way (trace-cmd record -e gensim; tracing.rst).
 *
 * A job is named by its scheduler fence, (fence context, seqno) of
 * drm_sched's finished fence, from gensim_exec on: gensim_job_run and
 * gensim_job_done carry the same pair beside the queue's own breadcrumb
 * seqno, so a trace reader can link the ioctl, the submission to the
 * engine and the fence that ends it.
 */
#if !defined(_GENSIM_TRACE_H_) || defined(TRACE_HEADER_MULTI_READ)
#define _GENSIM_TRACE_H_

#include <linux/tracepoint.h>
#include <linux/types.h>

#include <drm/drm_device.h>
#include <drm/drm_file.h>

#include "gensim_drv.h"

#undef TRACE_SYSTEM
#define TRACE_SYSTEM gensim
#define TRACE_INCLUDE_FILE gensim_trace

DECLARE_EVENT_CLASS(gensim_reg,
		    TP_PROTO(struct gensim_device *gdev, u32 reg, u32 val),
		    TP_ARGS(gdev, reg, val),
		    TP_STRUCT__entry(__field(u32, minor)
				     __field(u32, reg)
				     __field(u32, val)),
		    TP_fast_assign(__entry->minor = gdev->drm.primary ?
						    gdev->drm.primary->index : 0;
				   __entry->reg = reg;
				   __entry->val = val;),
		    TP_printk("card=%u reg=%#x val=%#x", __entry->minor, __entry->reg,
			      __entry->val)
);

DEFINE_EVENT(gensim_reg, gensim_reg_read,
	     TP_PROTO(struct gensim_device *gdev, u32 reg, u32 val),
	     TP_ARGS(gdev, reg, val)
);

DEFINE_EVENT(gensim_reg, gensim_reg_write,
	     TP_PROTO(struct gensim_device *gdev, u32 reg, u32 val),
	     TP_ARGS(gdev, reg, val)
);

TRACE_EVENT(gensim_elsp,
	    TP_PROTO(struct gensim_device *gdev, int engine, u64 desc0, u64 desc1),
	    TP_ARGS(gdev, engine, desc0, desc1),
	    TP_STRUCT__entry(__field(int, engine)
			     __field(u64, desc0)
			     __field(u64, desc1)),
	    TP_fast_assign(__entry->engine = engine;
			   __entry->desc0 = desc0;
			   __entry->desc1 = desc1;),
	    TP_printk("engine=%d elem0=%#llx elem1=%#llx", __entry->engine, __entry->desc0,
		      __entry->desc1)
);

TRACE_EVENT(gensim_csb,
	    TP_PROTO(struct gensim_device *gdev, int engine, u32 index, u32 status, u32 id),
	    TP_ARGS(gdev, engine, index, status, id),
	    TP_STRUCT__entry(__field(int, engine)
			     __field(u32, index)
			     __field(u32, status)
			     __field(u32, id)),
	    TP_fast_assign(__entry->engine = engine;
			   __entry->index = index;
			   __entry->status = status;
			   __entry->id = id;),
	    TP_printk("engine=%d entry=%u status=%#x ctx=%u", __entry->engine, __entry->index,
		      __entry->status, __entry->id)
);

TRACE_EVENT(gensim_exec,
	    TP_PROTO(struct gensim_device *gdev, int engine, u32 ctx, u64 job_ctx, u64 job,
		     u64 batch, u32 num_syncs),
	    TP_ARGS(gdev, engine, ctx, job_ctx, job, batch, num_syncs),
	    TP_STRUCT__entry(__field(int, engine)
			     __field(u32, ctx)
			     __field(u64, job_ctx)
			     __field(u64, job)
			     __field(u64, batch)
			     __field(u32, num_syncs)),
	    TP_fast_assign(__entry->engine = engine;
			   __entry->ctx = ctx;
			   __entry->job_ctx = job_ctx;
			   __entry->job = job;
			   __entry->batch = batch;
			   __entry->num_syncs = num_syncs;),
	    TP_printk("engine=%d ctx=%u job=%llu:%llu batch=%#llx syncs=%u", __entry->engine,
		      __entry->ctx, __entry->job_ctx, __entry->job, __entry->batch,
		      __entry->num_syncs)
);

TRACE_EVENT(gensim_job_run,
	    TP_PROTO(struct gensim_device *gdev, int engine, u32 ctx, u64 job_ctx, u64 job,
		     u32 seqno, u64 batch),
	    TP_ARGS(gdev, engine, ctx, job_ctx, job, seqno, batch),
	    TP_STRUCT__entry(__field(int, engine)
			     __field(u32, ctx)
			     __field(u64, job_ctx)
			     __field(u64, job)
			     __field(u32, seqno)
			     __field(u64, batch)),
	    TP_fast_assign(__entry->engine = engine;
			   __entry->ctx = ctx;
			   __entry->job_ctx = job_ctx;
			   __entry->job = job;
			   __entry->seqno = seqno;
			   __entry->batch = batch;),
	    TP_printk("engine=%d ctx=%u job=%llu:%llu seqno=%u batch=%#llx", __entry->engine,
		      __entry->ctx, __entry->job_ctx, __entry->job, __entry->seqno,
		      __entry->batch)
);

TRACE_EVENT(gensim_job_done,
	    TP_PROTO(struct gensim_device *gdev, int engine, u32 ctx, u64 job_ctx, u64 job,
		     u32 seqno, int error),
	    TP_ARGS(gdev, engine, ctx, job_ctx, job, seqno, error),
	    TP_STRUCT__entry(__field(int, engine)
			     __field(u32, ctx)
			     __field(u64, job_ctx)
			     __field(u64, job)
			     __field(u32, seqno)
			     __field(int, error)),
	    TP_fast_assign(__entry->engine = engine;
			   __entry->ctx = ctx;
			   __entry->job_ctx = job_ctx;
			   __entry->job = job;
			   __entry->seqno = seqno;
			   __entry->error = error;),
	    TP_printk("engine=%d ctx=%u job=%llu:%llu seqno=%u error=%d", __entry->engine,
		      __entry->ctx, __entry->job_ctx, __entry->job, __entry->seqno,
		      __entry->error)
);

TRACE_EVENT(gensim_irq,
	    TP_PROTO(struct gensim_device *gdev, int engine, u32 iir),
	    TP_ARGS(gdev, engine, iir),
	    TP_STRUCT__entry(__field(int, engine)
			     __field(u32, iir)),
	    TP_fast_assign(__entry->engine = engine;
			   __entry->iir = iir;),
	    TP_printk("engine=%d iir=%#x", __entry->engine, __entry->iir)
);

DECLARE_EVENT_CLASS(gensim_gtt,
		    TP_PROTO(struct gensim_device *gdev, u64 root, u64 start, u64 length,
			     u64 addr),
		    TP_ARGS(gdev, root, start, length, addr),
		    TP_STRUCT__entry(__field(u64, root)
				     __field(u64, start)
				     __field(u64, length)
				     __field(u64, addr)),
		    TP_fast_assign(__entry->root = root;
				   __entry->start = start;
				   __entry->length = length;
				   __entry->addr = addr;),
		    TP_printk("root=%#llx va=%#llx+%#llx window=%#llx", __entry->root,
			      __entry->start, __entry->length, __entry->addr)
);

/* root 0: the GGTT; else the PPGTT's PML4 (gensim_ppgtt_root()). */
DEFINE_EVENT(gensim_gtt, gensim_gtt_map,
	     TP_PROTO(struct gensim_device *gdev, u64 root, u64 start, u64 length, u64 addr),
	     TP_ARGS(gdev, root, start, length, addr)
);

DEFINE_EVENT(gensim_gtt, gensim_gtt_unmap,
	     TP_PROTO(struct gensim_device *gdev, u64 root, u64 start, u64 length, u64 addr),
	     TP_ARGS(gdev, root, start, length, addr)
);

#endif /* _GENSIM_TRACE_H_ */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#include <trace/define_trace.h>
