/* SPDX-License-Identifier: MIT */
/*
 * The device as a whole (device/): its lifecycle and the registers that
 * belong to no block.  The device's state is core/device.h.
 */
#ifndef GS_DEVICE_DEVICE_H
#define GS_DEVICE_DEVICE_H

#include "core/device.h"
#include "core/regfile.h"

/* device.c */
struct gs_device *gs_device_create(const struct gs_config *cfg, struct gs_chan *chan);
void gs_device_destroy(struct gs_device *dev);
void gs_device_reset(struct gs_device *dev);
int gs_device_run(struct gs_device *dev);
void gs_device_stop(struct gs_device *dev);
void gs_mmio_write(struct gs_device *dev, uint32_t offset, uint32_t val);
gs_reg_write_fn gdrst_write;

/* identity.c */
gs_reg_reset_fn pci_id_reset;
gs_reg_reset_fn pci_class_rev_reset;
gs_reg_reset_fn gmch_ctrl_reset;
gs_reg_reset_fn engine_mask_reset;
gs_reg_reset_fn threads_per_eu_reset;
gs_reg_reset_fn fuse2_reset;
gs_reg_reset_fn eu_disable_reset;

#endif
