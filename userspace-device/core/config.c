// SPDX-License-Identifier: MIT
/*
 * Device configuration: defaults (a Broadwell GT2: device 0x1616, one
 * slice of three subslices of eight EUs, seven threads each, four engines,
 * a 4 GiB GGTT) and validation against what the Gen8 registers can express.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "core/config.h"
#include "core/hw.h"
#include "core/regfile.h"

void gs_config_defaults(struct gs_config *cfg)
{
	*cfg = (struct gs_config){
		.device_id = 0x1616,
		.revision = 0x09,
		.engine_mask = BIT(GS_RCS) | BIT(GS_BCS) | BIT(GS_VCS) | BIT(GS_VECS),
		.slices = 1,
		.subslices = 3,
		.eus = 8,
		.threads = 7,
		.ggms = 3,
	};
}

int gs_config_validate(const struct gs_config *cfg, char *why, unsigned int len)
{
	if (!cfg->engine_mask || (cfg->engine_mask & ~GENMASK(GS_NUM_ENGINES - 1, 0)))
		snprintf(why, len, "engine mask %#x: need at least one of rcs0 bcs0 vcs0 vecs0",
			 cfg->engine_mask);
	else if (cfg->slices < 1 || cfg->slices > GEN8_MAX_SLICES)
		snprintf(why, len, "%u slices: Gen8 fuses describe 1 to %d", cfg->slices,
			 GEN8_MAX_SLICES);
	else if (cfg->subslices < 1 || cfg->subslices > GEN8_MAX_SUBSLICES)
		snprintf(why, len, "%u subslices per slice: Gen8 fuses describe 1 to %d",
			 cfg->subslices, GEN8_MAX_SUBSLICES);
	else if (cfg->eus < 1 || cfg->eus > GEN8_MAX_EUS_PER_SUBSLICE)
		snprintf(why, len, "%u EUs per subslice: Gen8 fuses describe 1 to %d", cfg->eus,
			 GEN8_MAX_EUS_PER_SUBSLICE);
	else if (cfg->threads < 1 || cfg->threads > 16)
		snprintf(why, len, "%u threads per EU: gensim supports 1 to 16", cfg->threads);
	else if (cfg->ggms < 1 || cfg->ggms > 3)
		snprintf(why, len, "GGMS %u: 1 (2 MiB of PTEs) to 3 (8 MiB)", cfg->ggms);
	else if (cfg->eu_workers > 256)
		snprintf(why, len, "%u EU workers: at most 256 host threads", cfg->eu_workers);
	else
		return 0;
	return -EINVAL;
}

/* "rcs0,bcs0" or "rcs,vecs" or "all" -> engine mask */
int gs_config_parse_engines(const char *list, uint32_t *mask)
{
	char buf[128], *save = NULL;

	if (!strcmp(list, "all")) {
		*mask = GENMASK(GS_NUM_ENGINES - 1, 0);
		return 0;
	}
	if (strlen(list) >= sizeof(buf))
		return -EINVAL;
	strcpy(buf, list);
	*mask = 0;
	for (char *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		int e;

		for (e = 0; e < GS_NUM_ENGINES; e++) {
			size_t n = strlen(gs_engine_names[e]) - 1;	/* name without the 0 */

			if (!strcmp(tok, gs_engine_names[e]) ||
			    (strlen(tok) == n && !strncmp(tok, gs_engine_names[e], n)))
				break;
		}
		if (e == GS_NUM_ENGINES)
			return -EINVAL;
		*mask |= BIT(e);
	}
	return *mask ? 0 : -EINVAL;
}
