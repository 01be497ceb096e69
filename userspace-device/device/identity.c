// SPDX-License-Identifier: MIT
/*
 * Identity and topology registers: what a Gen8 part has fused in, here
 * taken from the command line (struct gs_config).  The layouts are the
 * Gen8 ones a real driver decodes (hw-spec "Identity and topology"):
 * FUSE2 slice enables and subslice disables, EU_DISABLE0..2 with 24 EU
 * disable bits per slice packed across the three registers.
 */
#include "core/device.h"

uint32_t pci_id_reset(const struct gs_device *dev, const struct gs_reg *reg)
{
	(void)reg;
	return FIELD_PREP(PCI_ID_DEVICE, dev->cfg.device_id) | FIELD_PREP(PCI_ID_VENDOR, 0x8086);
}

uint32_t pci_class_rev_reset(const struct gs_device *dev, const struct gs_reg *reg)
{
	(void)reg;
	/* Class 0x030000: display controller, VGA compatible, as Intel GPUs report. */
	return FIELD_PREP(PCI_CLASS_CODE, 0x030000) | FIELD_PREP(PCI_REVISION, dev->cfg.revision);
}

uint32_t gmch_ctrl_reset(const struct gs_device *dev, const struct gs_reg *reg)
{
	(void)reg;
	return FIELD_PREP(GMCH_GGMS, dev->cfg.ggms);
}

uint32_t engine_mask_reset(const struct gs_device *dev, const struct gs_reg *reg)
{
	(void)reg;
	return dev->cfg.engine_mask;
}

uint32_t threads_per_eu_reset(const struct gs_device *dev, const struct gs_reg *reg)
{
	(void)reg;
	return dev->cfg.threads;
}

uint32_t fuse2_reset(const struct gs_device *dev, const struct gs_reg *reg)
{
	uint32_t slices = GENMASK(dev->cfg.slices - 1, 0);
	uint32_t ss_dis = ~GENMASK(dev->cfg.subslices - 1, 0) & GENMASK(2, 0);

	(void)reg;
	return FIELD_PREP(GEN8_F2_S_ENA, slices) | FIELD_PREP(GEN8_F2_SS_DIS, ss_dis);
}

/* The 72 EU disable bits: slice s, subslice ss, EU e is bit 24s + 8ss + e. */
uint32_t eu_disable_reset(const struct gs_device *dev, const struct gs_reg *reg)
{
	uint32_t word = 0;

	for (unsigned int bit = 0; bit < 32; bit++) {
		unsigned int n = reg->index * 32 + bit;
		unsigned int s = n / 24, ss = n % 24 / 8, eu = n % 8;

		if (n >= 72)
			break;
		if (s >= dev->cfg.slices || ss >= dev->cfg.subslices || eu >= dev->cfg.eus)
			word |= BIT(bit);
	}
	return word;
}
