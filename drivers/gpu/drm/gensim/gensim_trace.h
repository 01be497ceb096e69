/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Tracepoints: every register access, so one batch can be followed from
 * the ioctl to the device (trace-cmd record -e gensim).
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

#endif /* _GENSIM_TRACE_H_ */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#include <trace/define_trace.h>
