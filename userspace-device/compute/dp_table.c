// SPDX-License-Identifier: MIT
/*
 * The Gen8 data cache data port: the message types of DC0 (SFID 10) and
 * DC1 (SFID 12), each with its handler or with the reason gensim does not
 * implement it (hw-spec-compute "Data port messages"; types from EXT Mesa
 * brw_eu_defines.h GEN7_DATAPORT_DC_*, HSW_DATAPORT_DC_PORT1_*,
 * GEN8_/GEN9_DATAPORT_DC_PORT1_A64_*, and EXT IGC's IGA decoder,
 * MessageDecoderHDC.cpp).
 * Mesa names the A64 scattered read and the A64 OWord block messages
 * GEN9, but Intel's compiler emits them for Broadwell (IGC through ocloc
 * -device bdw, in a stateless build; compute/tests/data) and IGA decodes
 * them for Gen8: they are Gen8 messages.  The float atomics (0x1b, A64 0x1d; IGA
 * MSD1W_DWAF, MSD1W_A64_DWAF) are Gen9.
 *
 * The message type is descriptor bits 18:14 (5 bits on Gen8; Gen7 used
 * 17:14 plus a category bit 18, and DC0 types 16..31 are the scratch
 * messages of that category: on Gen8 too, bit 18 picks the scratch block
 * messages, whose bits 17:14 are fields, dp_scratch.c).
 */
#include <string.h>

#include "compute/array_priv.h"

struct dp_msg {
	const char *name;
	ea_dp_fn fn;			/* NULL: not implemented, see why */
	const char *why;
};

#define SCRATCH_READ { "scratch block read", ea_dp_scratch, NULL }
#define SCRATCH_WRITE { "scratch block write", ea_dp_scratch, NULL }

static const struct dp_msg dc0[32] = {
	[0] = { "OWord block read", ea_dp_oword_block, NULL },
	[1] = { "unaligned OWord block read", ea_dp_oword_block, NULL },
	[2] = { "OWord dual block read", NULL, "not implemented" },
	[3] = { "DWord scattered read", NULL, "not implemented (use untyped or byte scattered)" },
	[4] = { "byte scattered read", ea_dp_byte_scattered, NULL },
	[5] = { "untyped surface read (DC0)", NULL, "Gen7 only: Gen8 sends it to DC1 (SFID 12)" },
	[6] = { "untyped atomic (DC0)", NULL, "Gen7 only: Gen8 sends it to DC1 (SFID 12)" },
	[7] = { "memory fence", ea_dp_fence, NULL },
	[8] = { "OWord block write", ea_dp_oword_block, NULL },
	[10] = { "OWord dual block write", NULL, "not implemented" },
	[11] = { "DWord scattered write", NULL, "not implemented (use untyped or byte scattered)" },
	[12] = { "byte scattered write", ea_dp_byte_scattered, NULL },
	[13] = { "untyped surface write (DC0)", NULL, "Gen7 only: Gen8 sends it to DC1 (SFID 12)" },
	/* bit 18 set: the scratch block messages, bits 17:14 are their fields (dp_scratch.c) */
	[16] = SCRATCH_READ,
	[17] = SCRATCH_READ,
	[18] = SCRATCH_READ,
	[19] = SCRATCH_READ,
	[20] = SCRATCH_READ,
	[21] = SCRATCH_READ,
	[22] = SCRATCH_READ,
	[23] = SCRATCH_READ,
	[24] = SCRATCH_WRITE,
	[25] = SCRATCH_WRITE,
	[26] = SCRATCH_WRITE,
	[27] = SCRATCH_WRITE,
	[28] = SCRATCH_WRITE,
	[29] = SCRATCH_WRITE,
	[30] = SCRATCH_WRITE,
	[31] = SCRATCH_WRITE,
};

static const struct dp_msg dc1[32] = {
	[1] = { "untyped surface read", ea_dp_untyped_rw, NULL },
	[2] = { "untyped atomic", ea_dp_untyped_atomic, NULL },
	[3] = { "untyped atomic SIMD4x2", NULL, "SIMD4x2 is not implemented" },
	[4] = { "media block read", ea_dp_media_block, NULL },
	[5] = { "typed surface read", ea_dp_typed, NULL },
	[6] = { "typed atomic", ea_dp_typed, NULL },
	[7] = { "typed atomic SIMD4x2", NULL, "SIMD4x2 is not implemented" },
	[9] = { "untyped surface write", ea_dp_untyped_rw, NULL },
	[10] = { "media block write", ea_dp_media_block, NULL },
	[11] = { "atomic counter", NULL, "not implemented" },
	[12] = { "atomic counter SIMD4x2", NULL, "not implemented" },
	[13] = { "typed surface write", ea_dp_typed, NULL },
	[0x10] = { "A64 scattered read", ea_dp_a64_scattered, NULL },
	[0x11] = { "A64 untyped surface read", ea_dp_a64_untyped_rw, NULL },
	[0x12] = { "A64 untyped atomic", ea_dp_a64_untyped_atomic, NULL },
	[0x14] = { "A64 OWord block read", ea_dp_a64_block, NULL },
	[0x15] = { "A64 OWord block write", ea_dp_a64_block, NULL },
	[0x19] = { "A64 untyped surface write", ea_dp_a64_untyped_rw, NULL },
	[0x1a] = { "A64 scattered write", ea_dp_a64_scattered, NULL },
	[0x1b] = { "untyped float atomic", NULL, "a Gen9 message" },
	[0x1d] = { "A64 untyped float atomic", NULL, "a Gen9 message" },
};

/*
 * The hardware sends the payload before the response comes back, so a
 * response may land on the payload's own registers (IGC: an A64 gather
 * whose destination is the second of its two address registers).  The
 * handlers write the response as they go: when the two ranges overlap,
 * they read a copy of the payload.
 */
static bool overlaps(const struct gseu_send_msg *m)
{
	return m->response && m->rlen && m->mlen &&
	       m->response_nr < m->payload_nr + m->mlen && m->payload_nr < m->response_nr + m->rlen;
}

static enum gseu_send_result dp(const struct dp_msg *table, const char *port, void *ctx,
				struct gseu_hw_thread *t, const struct gseu_send_msg *m)
{
	unsigned int type = m->func_ctrl >> 14 & 0x1f;
	const struct dp_msg *msg = &table[type];
	union gseu_reg256 copy[16];
	struct gseu_send_msg mc;
	struct ea_sf c;

	if (overlaps(m) && m->mlen <= 16) {
		memcpy(copy, m->payload, (size_t)m->mlen * sizeof(copy[0]));
		mc = *m;
		mc.payload = copy;
		m = &mc;
	}

	ea_sf_init(&c, ctx, t, m, msg->name ? msg->name : port);
	if (m->eot)
		return ea_sf_error(&c, GS_EU_ERR_MESSAGE,
				   "EOT on a data port message: a GPGPU thread ends with its "
				   "message to the thread spawner (SFID 7)");
	if (!msg->name)
		return ea_sf_error(&c, GS_EU_ERR_UNSUPPORTED, "message type %#x is not a Gen8 %s "
				   "message", type, port);
	if (!msg->fn)
		return ea_sf_error(&c, GS_EU_ERR_UNSUPPORTED, "%s", msg->why);
	return msg->fn(&c, type);
}

enum gseu_send_result ea_sfid_dc0(void *ctx, struct gseu_hw_thread *t,
				  const struct gseu_send_msg *m)
{
	return dp(dc0, "data cache (DC0)", ctx, t, m);
}

enum gseu_send_result ea_sfid_dc1(void *ctx, struct gseu_hw_thread *t,
				  const struct gseu_send_msg *m)
{
	return dp(dc1, "data cache 1 (DC1)", ctx, t, m);
}
