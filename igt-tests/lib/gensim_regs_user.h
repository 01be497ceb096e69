/* SPDX-License-Identifier: MIT */
/* The driver's register header, for tests that play the device. */
#ifndef GENSIM_REGS_USER_H
#define GENSIM_REGS_USER_H

#include "core/kcompat.h"
#include "gensim_regs.h"

#endif
