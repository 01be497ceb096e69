// SPDX-License-Identifier: MIT
/*
 * Untyped surface read and write: through a binding table index (DC1
 * types 1 and 9) and with 64-bit addresses (A64, DC1 types 0x11 and 0x19)
 * (hw-spec-compute "Untyped surface read/write"; EXT Mesa brw_eu.h
 * brw_dp_untyped_surface_rw_desc(), brw_dp_a64_untyped_surface_rw_desc()).
 *
 * Descriptor: BTI 7:0 (A64: 253 or 255), message control 13:8 = 5:4
 * SIMD mode (0 SIMD4x2, 1 SIMD16, 2 SIMD8) and 3:0 the channels NOT
 * accessed (bit c set: channel c skipped; Mesa sends 0xf & (0xf << n) for
 * n channels), type 18:14.
 * Payload: [header] one byte offset per lane (1 or 2 registers; A64: one
 * 64-bit address per lane, 2 or 4 registers), then for a write the data
 * of each accessed channel in R, G, B, A order, one dword per lane (1 or
 * 2 registers per channel).  Response of a read: the same layout as the
 * write data.  Channel c of lane k is the dword at address(k) + 4c.
 *
 * Lanes the channel mask disables neither read nor write memory, and
 * their response dwords are left as they were (T06).  gensim: a header,
 * if present, is skipped (its fields select pixel-shader sample masks);
 * the A64 forms forbid it and name BTI 253 or 255 (surface.c,
 * ea_target_a64); SIMD4x2 is not implemented.
 *
 * Runs of enabled lanes with consecutive addresses move as one access.
 */
#include "compute/array_priv.h"

struct untyped {
	unsigned int lanes;		/* 8 or 16 */
	unsigned int regs;		/* registers per lane-vector */
	unsigned int areg;		/* first address register */
	unsigned int aregs;		/* address registers */
	unsigned int dreg;		/* first data register (write) */
	unsigned int nch;
	uint8_t ch[4];			/* accessed channels, in order */
	bool a64;
};

static uint64_t lane_addr(const struct gseu_send_msg *m, const struct untyped *u, unsigned int k)
{
	return u->a64 ? ea_paddr(m, u->areg, k) : ea_pdw(m, u->areg, k);
}

/* Enabled lanes from @k whose addresses continue @a by 4 bytes each. */
static unsigned int run_len(const struct gseu_send_msg *m, const struct untyped *u,
			    unsigned int k, uint64_t a)
{
	unsigned int n = 1;

	while (k + n < u->lanes && ea_lane(m, k + n) && lane_addr(m, u, k + n) == a + 4ull * n)
		n++;
	return n;
}

static int one_channel(struct ea_sf *c, const struct ea_target *tg, const struct untyped *u,
		       unsigned int i, bool write)
{
	const struct gseu_send_msg *m = c->m;
	unsigned int ch = u->ch[i];
	uint32_t buf[16];
	uint64_t last = 0;
	bool have_last = false;

	for (unsigned int k = 0; k < u->lanes;) {
		uint64_t a;
		unsigned int n;

		if (!ea_lane(m, k)) {
			k++;
			continue;
		}
		a = lane_addr(m, u, k);
		/*
		 * A read of the dword the lane before read (a broadcast
		 * address, as matmul's A[i][k]) takes its value: one message
		 * reads each address once.
		 */
		if (!write && have_last && a == last) {
			ea_rdw(m, i * u->regs, k, buf[0]);
			k++;
			continue;
		}
		n = run_len(m, u, k, a);
		if (n == 1) {
			last = a;
			have_last = true;
		} else {
			have_last = false;
		}
		a += 4ull * ch;
		if (n > 1 && !ea_target_in(tg, a, 4 * n))
			n = 1;	/* bounds are per dword */
		if (write) {
			for (unsigned int j = 0; j < n; j++)
				buf[j] = ea_pdw(m, u->dreg + i * u->regs, k + j);
			if (ea_target_write(c, tg, a, buf, 4 * n))
				return -1;
		} else {
			if (ea_target_read(c, tg, a, buf, 4 * n))
				return -1;
			for (unsigned int j = 0; j < n; j++)
				ea_rdw(m, i * u->regs, k + j, buf[j]);
		}
		k += n;
	}
	return 0;
}

/* Parse the descriptor; 0, or an error answer in *res. */
static int parse(struct ea_sf *c, bool a64, bool write, struct untyped *u,
		 enum gseu_send_result *res)
{
	const struct gseu_send_msg *m = c->m;
	unsigned int simd = m->func_ctrl >> 12 & 3, cmask = m->func_ctrl >> 8 & 0xf;

	if (simd == 0 || simd == 3) {
		*res = ea_sf_error(c, GS_EU_ERR_UNSUPPORTED, "SIMD mode %u (%s)", simd,
				   simd ? "reserved" : "SIMD4x2");
		return -1;
	}
	u->a64 = a64;
	u->lanes = simd == 1 ? 16 : 8;
	u->regs = u->lanes / 8;
	u->nch = 0;
	for (unsigned int ch = 0; ch < 4; ch++)
		if (!(cmask >> ch & 1))
			u->ch[u->nch++] = (uint8_t)ch;
	if (!u->nch) {
		*res = ea_sf_error(c, GS_EU_ERR_MESSAGE, "every channel masked (bits 11:8 = 0xf)");
		return -1;
	}
	u->areg = m->header;
	u->aregs = a64 ? 2 * u->regs : u->regs;
	u->dreg = u->areg + u->aregs;
	*res = ea_sf_check_len(c, u->dreg + (write ? u->nch * u->regs : 0),
			       write ? 0 : u->nch * u->regs);
	return *res == GSEU_SEND_DONE ? 0 : -1;
}

static enum gseu_send_result untyped(struct ea_sf *c, const struct ea_target *tg,
				     const struct untyped *u, bool write)
{
	for (unsigned int i = 0; i < u->nch; i++)
		if (one_channel(c, tg, u, i, write))
			return GSEU_SEND_ERROR;
	return GSEU_SEND_DONE;
}

enum gseu_send_result ea_dp_untyped_rw(struct ea_sf *c, unsigned int type)
{
	bool write = type == 9;
	enum gseu_send_result r;
	struct ea_target tg;
	struct untyped u;

	if (parse(c, false, write, &u, &r))
		return r;
	if (ea_target_bti(c, c->m->func_ctrl & 0xff, &tg))
		return GSEU_SEND_ERROR;
	return untyped(c, &tg, &u, write);
}

enum gseu_send_result ea_dp_a64_untyped_rw(struct ea_sf *c, unsigned int type)
{
	bool write = type == 0x19;
	enum gseu_send_result r;
	struct ea_target tg;
	struct untyped u;

	if (ea_target_a64(c, false, &tg))
		return GSEU_SEND_ERROR;
	if (parse(c, true, write, &u, &r))
		return r;
	return untyped(c, &tg, &u, write);
}
