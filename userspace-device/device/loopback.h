/* SPDX-License-Identifier: MIT */
/*
 * The loopback transport: a device model running on its own thread in the
 * caller's process, and the driver half of the channel for the caller.
 * The driver half follows the kernel driver's protocol exactly (records in
 * the write log, doorbell, want_drained handshake for posting reads), so
 * unit tests exercise the same device code as the real channel, without a
 * kernel.  The DMA window is an anonymous PROT_NONE reservation; the test
 * maps pages into it with gs_loop_map().
 */
#ifndef GS_DEVICE_LOOPBACK_H
#define GS_DEVICE_LOOPBACK_H

#include <stddef.h>
#include <stdint.h>

#include "core/config.h"

struct gs_device;
struct gs_loop;

struct gs_loop *gs_loop_create(const struct gs_config *cfg);
struct gs_loop *gs_loop_create_at(const struct gs_config *cfg, uint32_t wlog_start);
void gs_loop_destroy(struct gs_loop *loop);
struct gs_device *gs_loop_device(struct gs_loop *loop);

void gs_loop_write(struct gs_loop *loop, uint32_t reg, uint32_t val);
int gs_loop_flush(struct gs_loop *loop, int timeout_ms);
uint32_t gs_loop_read(struct gs_loop *loop, uint32_t reg);
uint32_t gs_loop_wait_msgs(struct gs_loop *loop, uint32_t mask, int timeout_ms);
uint32_t gs_loop_wlog_tail(struct gs_loop *loop);

int gs_loop_map(struct gs_loop *loop, uint64_t addr, size_t len);
int gs_loop_unmap(struct gs_loop *loop, uint64_t addr, size_t len);
int gs_loop_unmap_no_invalidate(struct gs_loop *loop, uint64_t addr, size_t len);
void *gs_loop_dma(struct gs_loop *loop, uint64_t addr);

#endif
