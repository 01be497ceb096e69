/* SPDX-License-Identifier: MIT */
/*
 * The GT interrupt controller (channel/irq.c): per-bank IIR, IMR and IER,
 * the master interrupt control, and the interrupt message to the driver.
 * Engines and memory raise events into it; it never calls them back except
 * through gs_device_isr_changed().
 */
#ifndef GS_CHANNEL_IRQ_H
#define GS_CHANNEL_IRQ_H

#include <stdbool.h>
#include <stdint.h>

#include "core/regfile.h"

struct gs_device;

/* irq.c */
void gs_irq_engine_event(struct gs_device *dev, int engine, uint32_t bits);
void gs_irq_engine_event_locked(struct gs_device *dev, int engine, uint32_t bits);
uint32_t gs_irq_engine_isr_locked(struct gs_device *dev, int engine);
void gs_irq_update_locked(struct gs_device *dev, bool new_event);
void gs_irq_send_pending(struct gs_device *dev);
gs_reg_write_fn master_irq_write;
gs_reg_write_fn gt_irq_write;
gs_reg_write_fn irq_force_write;

#endif
