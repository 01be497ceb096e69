/* SPDX-License-Identifier: MIT */
/*
 * The few kernel bit macros that drivers/gpu/drm/gensim/gensim_regs.h uses,
 * so the device process can include that header verbatim.
 */
#ifndef GSDEV_KCOMPAT_H
#define GSDEV_KCOMPAT_H

#include <stdint.h>

#ifndef BIT
#define BIT(n)			(1u << (n))
#endif
#ifndef GENMASK
#define GENMASK(h, l)		((~0u >> (31 - (h))) & (~0u << (l)))
#endif

/* Extract or place a field given its mask, as linux/bitfield.h does. */
#define FIELD_GET(mask, v)	(((v) & (mask)) >> __builtin_ctz(mask))
#define FIELD_PREP(mask, v)	(((uint32_t)(v) << __builtin_ctz(mask)) & (mask))

#endif
