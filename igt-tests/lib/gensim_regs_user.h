/* SPDX-License-Identifier: MIT */
/* The driver's register header, for tests that play the device. */
#ifndef GENSIM_REGS_USER_H
#define GENSIM_REGS_USER_H

#ifndef BIT
#define BIT(n)		(1u << (n))
#endif
#ifndef GENMASK
#define GENMASK(h, l)	((~0u >> (31 - (h))) & (~0u << (l)))
#endif

#include "gensim_regs.h"

#endif
