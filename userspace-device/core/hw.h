/* SPDX-License-Identifier: MIT */
/*
 * The hardware interface the device implements: the driver's register and
 * command headers and the channel ABI, shared verbatim with the kernel.
 */
#ifndef GSDEV_HW_H
#define GSDEV_HW_H

#include <linux/types.h>

#include "core/kcompat.h"
#include "gensim_channel.h"
#include "gensim_cmds.h"
#include "gensim_regs.h"

/* Engine ids: bit n of GENSIM_ENGINE_MASK is engine n (hw-spec "Identity"). */
enum gs_engine_id {
	GS_RCS,
	GS_BCS,
	GS_VCS,
	GS_VECS,
	GS_NUM_ENGINES,
};

#endif
