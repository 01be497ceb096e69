// SPDX-License-Identifier: MIT
/*
 * SAMPLER_STATE, Gen8 layout (hw-spec-compute "Sampler state";
 * PRM Vol. 6 3D-Media-GPGPU (Broxton 2017), "Sampler State Fetch":
 * entry = Dynamic State Base + pointer + 16 x index; 965/G35 PRM Vol. 4
 * Subsystem and Cores (2008), 4 "Sampling Engine" for the meaning of
 * filters and address modes; Gen8 bit positions from Mesa genxml
 * gen8.xml [EXT]):
 *
 *   DW0 31 disable, 28:27 LOD pre-clamp mode, 26:22 base mip level (U4.1),
 *       21:20 mip filter, 19:17 mag filter, 16:14 min filter (0 nearest,
 *       1 linear, 2 anisotropic, 6 mono), 13:1 LOD bias (S4.8)
 *   DW1 31:20 min LOD (U4.8), 19:8 max LOD (U4.8), 7 chroma key enable,
 *       3:1 shadow function
 *   DW2 23:6 border colour pointer (offset from Dynamic State Base)
 *   DW3 21:19 max anisotropy, 10 non-normalized coordinates,
 *       8:6 / 5:3 / 2:0 TCX / TCY / TCZ address modes
 *       (0 wrap, 1 mirror, 2 clamp, 3 cube, 4 clamp border, 5 mirror once,
 *       6 half border)
 *
 * What gensim does not implement is refused by name: anisotropic and mono
 * filters, chroma key, cube and half-border address modes.
 */
#include <string.h>

#include "compute/array_priv.h"

static const char *const filter_names[8] = {
	"nearest", "linear", "anisotropic", "3 (reserved)", "4 (reserved)", "5 (reserved)",
	"mono", "7 (reserved)",
};

static const char *const tc_names[8] = {
	"wrap", "mirror", "clamp", "cube", "clamp border", "mirror once", "half border",
	"7 (reserved)",
};

static bool tc_ok(unsigned int mode)
{
	return mode <= 2 || mode == 4 || mode == 5;
}

static float fixed(uint32_t v, unsigned int bits, unsigned int frac, bool is_signed)
{
	int32_t x = (int32_t)(v & ((1u << bits) - 1));

	if (is_signed && (x & (1 << (bits - 1))))
		x -= 1 << bits;
	return (float)x / (float)(1u << frac);
}

int ea_sampler_load(struct ea_sf *c, uint32_t ssp, unsigned int index, struct ea_sampler *smp)
{
	const struct gs_eu_dispatch *d = &c->run->d;
	uint64_t va = (d->dynamic_state_base + (ssp & ~31u) + 16ull * index) & ((1ull << 48) - 1);
	uint32_t dw[4];

	if (ea_gpu_read(c, FAULT_SRC_SAMPLER, va, dw, sizeof(dw)))
		return -1;
	memset(smp, 0, sizeof(*smp));
	smp->disable = dw[0] >> 31;
	smp->preclamp = (dw[0] >> 27 & 3) != 0;
	smp->mip_filter = dw[0] >> 20 & 3;
	smp->mag_filter = dw[0] >> 17 & 7;
	smp->min_filter = dw[0] >> 14 & 7;
	smp->lod_bias = fixed(dw[0] >> 1, 13, 8, true);
	smp->min_lod = fixed(dw[1] >> 20, 12, 8, false);
	smp->max_lod = fixed(dw[1] >> 8, 12, 8, false);
	smp->border_ptr = dw[2] & 0xffffc0u;
	smp->border_dx9 = dw[0] >> 29 & 1;
	smp->unnormalized = dw[3] >> 10 & 1;
	smp->tc[0] = dw[3] >> 6 & 7;
	smp->tc[1] = dw[3] >> 3 & 7;
	smp->tc[2] = dw[3] & 7;
	if (smp->disable)
		return 0;
	if (smp->min_filter > 1 || smp->mag_filter > 1) {
		ea_sf_error(c, GS_EU_ERR_UNSUPPORTED, "sampler %u: %s min / %s mag filter", index,
			    filter_names[smp->min_filter], filter_names[smp->mag_filter]);
		return -1;
	}
	if (dw[1] >> 7 & 1) {
		ea_sf_error(c, GS_EU_ERR_UNSUPPORTED, "sampler %u: chroma key", index);
		return -1;
	}
	for (unsigned int i = 0; i < 2; i++)
		if (!tc_ok(smp->tc[i])) {
			ea_sf_error(c, GS_EU_ERR_UNSUPPORTED, "sampler %u: %s address mode on %c",
				    index, tc_names[smp->tc[i]], "UV"[i]);
			return -1;
		}
	return 0;
}
