/* SPDX-License-Identifier: MIT */
/*
 * Accessors for memory shared with the driver (BAR0, the write log): the
 * ABI declares plain __u32 fields, and every access from the device goes
 * through one of these so that its ordering is explicit.
 */
#ifndef GSDEV_SHM_H
#define GSDEV_SHM_H

#include <stdatomic.h>
#include <stdint.h>

static inline uint32_t shm_load(const uint32_t *p)
{
	return atomic_load_explicit((_Atomic uint32_t *)p, memory_order_relaxed);
}

static inline uint32_t shm_load_acquire(const uint32_t *p)
{
	return atomic_load_explicit((_Atomic uint32_t *)p, memory_order_acquire);
}

static inline void shm_store(uint32_t *p, uint32_t v)
{
	atomic_store_explicit((_Atomic uint32_t *)p, v, memory_order_relaxed);
}

static inline void shm_store_release(uint32_t *p, uint32_t v)
{
	atomic_store_explicit((_Atomic uint32_t *)p, v, memory_order_release);
}

static inline uint32_t shm_xchg(uint32_t *p, uint32_t v)
{
	return atomic_exchange_explicit((_Atomic uint32_t *)p, v, memory_order_seq_cst);
}

#endif
