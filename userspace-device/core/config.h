/* SPDX-License-Identifier: MIT */
/*
 * What the device is: identity and topology, chosen on the command line
 * (hw-spec "Identity and topology").  Defaults are a Broadwell GT2.
 */
#ifndef GSDEV_CONFIG_H
#define GSDEV_CONFIG_H

#include <stdint.h>

struct gs_config {
	uint16_t device_id;
	uint8_t revision;
	uint32_t engine_mask;		/* bit per enum gs_engine_id */
	unsigned int slices;		/* 1..3 */
	unsigned int subslices;		/* per slice, 1..3 */
	unsigned int eus;		/* per subslice, 1..8 */
	unsigned int threads;		/* per EU, 1..16 */
	unsigned int ggms;		/* GMCH_CTRL GGMS: 2^ggms MiB of PTEs, 1..3 */
	unsigned int eu_workers;	/* host threads of the EU array; 0: one per core */
};

void gs_config_defaults(struct gs_config *cfg);
int gs_config_validate(const struct gs_config *cfg, char *why, unsigned int len);
int gs_config_parse_engines(const char *list, uint32_t *mask);

#endif
