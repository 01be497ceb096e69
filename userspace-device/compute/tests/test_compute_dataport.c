// SPDX-License-Identifier: MIT
/*
 * The data port (hw-spec-compute "Data port messages"): untyped surface
 * read/write at SIMD8 and SIMD16 with one to four channels, byte
 * scattered read/write of every size, OWord block read/write and the
 * unaligned OWord block read (byte offsets) of every block size, the stateless (BTI 255) and A64 forms, shared local memory
 * (BTI 254), a NULL surface, and out-of-bounds accesses.  Kernels copy
 * from buffer A to buffer B through the message under test; the expected
 * bytes are computed here from the message's definition.  Disabled lanes
 * must not write (T06).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compute_env.h"
#include "tap.h"

#define SENTINEL	0xaaaaaaaau
#define ABYTES		8192u

static uint32_t desc(unsigned int mlen, unsigned int rlen, bool header, unsigned int type,
		     unsigned int ctrl, unsigned int bti)
{
	return mlen << 25 | rlen << 20 | (header ? 1u : 0) << 19 | type << 14 | ctrl << 8 | bti;
}

/* Untyped surface read (1) / write (9) on DC1, or A64 (0x11 / 0x19). */
static uint32_t untyped(bool write, bool a64, unsigned int lanes, unsigned int nch,
			unsigned int bti)
{
	unsigned int regs = lanes / 8, aregs = a64 ? 2 * regs : regs;
	unsigned int ctrl = (lanes == 16 ? 1u : 2u) << 4 | (0xfu & (0xfu << nch));

	return desc(aregs + (write ? nch * regs : 0), write ? 0 : nch * regs, false,
		    a64 ? (write ? 0x19 : 0x11) : (write ? 9 : 1), ctrl, a64 ? 253 : bti);
}

struct bufs {
	struct compute_env e;
	uint64_t a, b;
	uint32_t ha[ABYTES / 4], hb[ABYTES / 4];
};

static void bufs_start_n(struct bufs *s, unsigned int workers)
{
	cse_start(&s->e, workers);
	s->a = cse_alloc(&s->e, ABYTES);
	s->b = cse_alloc(&s->e, ABYTES);
	for (unsigned int i = 0; i < ABYTES / 4; i++) {
		s->ha[i] = 0x10000000u + i * 0x01010101u;
		s->hb[i] = SENTINEL;
	}
	cse_write(&s->e, s->a, s->ha, ABYTES);
	cse_write(&s->e, s->b, s->hb, ABYTES);
}

static void bufs_start(struct bufs *s)
{
	bufs_start_n(s, 2);
}

static void bufs_result(struct bufs *s)
{
	cse_read(&s->e, s->b, s->hb, ABYTES);
}

/* g12.. = lane * @stride bytes (UD), for 16 lanes. */
#define LANE_OFFSETS(stride) \
	"mov(8) g10<1>UW 0x76543210V { align1 1Q NoMask }\n" \
	"add(8) g10.8<1>UW g10<8,8,1>UW 8UW { align1 1Q NoMask }\n" \
	"mul(16) g12<1>UD g10<8,8,1>UW " #stride "UW { align1 1H NoMask }\n"

/*
 * A copies to B with untyped messages: lane k, channel c moves the dword
 * at k * 16 + 4c.  SIMD8 or SIMD16, nch channels, the dispatch mask
 * @mask; B's surface is @bsize bytes (A's is the whole buffer).
 */
static void untyped_copy(unsigned int lanes, unsigned int nch, uint32_t mask, uint32_t bsize,
			 unsigned int workers)
{
	struct bufs s;
	struct gs_eu_dispatch d;
	unsigned int ba, bb;
	const char *q = lanes == 16 ? "1H" : "1Q";
	char text[4096];

	bufs_start_n(&s, workers);
	ba = cse_buffer(&s.e, s.a, ABYTES);
	bb = cse_buffer(&s.e, s.b, bsize);
	snprintf(text, sizeof(text),
		 LANE_OFFSETS(16)
		 "send(%u) g20<1>UD g12<8,8,1>UD dp_data1 0x%08xUD { align1 %s }\n"
		 "mov(16) g30<1>UD g12<8,8,1>UD { align1 1H NoMask }\n"
		 "mov(16) g32<1>UD g20<8,8,1>UD { align1 1H NoMask }\n"
		 "mov(16) g34<1>UD g22<8,8,1>UD { align1 1H NoMask }\n"
		 "mov(16) g36<1>UD g24<8,8,1>UD { align1 1H NoMask }\n"
		 "mov(16) g38<1>UD g26<8,8,1>UD { align1 1H NoMask }\n"
		 "%s"
		 "send(%u) null<1>UD g30<8,8,1>UD dp_data1 0x%08xUD { align1 %s }\n"
		 CSE_EOT,
		 lanes, untyped(false, false, lanes, nch, ba), q,
		 lanes == 8 ? "mov(8) g31<1>UD g20<8,8,1>UD { align1 1Q NoMask }\n"
			      "mov(8) g32<1>UD g21<8,8,1>UD { align1 1Q NoMask }\n"
			      "mov(8) g33<1>UD g22<8,8,1>UD { align1 1Q NoMask }\n"
			      "mov(8) g34<1>UD g23<8,8,1>UD { align1 1Q NoMask }\n" : "",
		 lanes, untyped(true, false, lanes, nch, bb), q);
	cse_desc(&s.e, &d, cse_kernel(&s.e, text));
	d.simd = lanes;
	d.right_mask = mask;
	cse_ok(&s.e, &d);
	bufs_result(&s);
	for (unsigned int k = 0; k < 16; k++)
		for (unsigned int c = 0; c < 4; c++) {
			unsigned int i = k * 4 + c;
			bool on = k < lanes && (mask >> k & 1) && c < nch;
			uint32_t want = on && i * 4 + 4 <= bsize ? s.ha[i] : SENTINEL;

			CHECK_MSG(s.hb[i] == want, "lanes %u nch %u lane %u ch %u: %#x, want %#x",
				  lanes, nch, k, c, s.hb[i], want);
		}
	cse_stop(&s.e);
}

static void t_untyped_simd8(void)
{
	for (unsigned int n = 1; n <= 4; n++)
		untyped_copy(8, n, 0xff, ABYTES, 1);
}

static void t_untyped_simd16(void)
{
	for (unsigned int n = 1; n <= 4; n++)
		untyped_copy(16, n, 0xffff, ABYTES, 2);
}

/* T06: lanes off in the dispatch mask neither read nor write. */
static void t_untyped_masked_lanes(void)
{
	untyped_copy(16, 2, 0x5a3c, ABYTES, 2);
	untyped_copy(8, 3, 0x81, ABYTES, 1);
}

/* Out of bounds per dword: B is 100 bytes, so lane 6 channel 0 is the last. */
static void t_untyped_out_of_bounds(void)
{
	untyped_copy(16, 2, 0xffff, 100, 2);
}

/*
 * Lanes reading the same address (a broadcast, as matmul's A[i][k]): lane
 * k reads channels 0-1 at (k / 4) * 16 of an A of 36 bytes (lanes 12-15
 * and channel 1 of lanes 8-11 out of bounds: 0), lanes 1 and 6 off, and
 * writes them to B at k * 16.  Each lane gets its own address's value.
 */
static void t_untyped_repeated_addresses(void)
{
	const uint32_t asize = 36, mask = 0xffbd;
	struct bufs s;
	struct gs_eu_dispatch d;
	unsigned int ba, bb;
	char text[4096];

	bufs_start(&s);
	ba = cse_buffer(&s.e, s.a, asize);
	bb = cse_buffer(&s.e, s.b, ABYTES);
	snprintf(text, sizeof(text),
		 LANE_OFFSETS(4)
		 "and(16) g12<1>UD g12<8,8,1>UD 0xfffffff0UD { align1 1H NoMask }\n"
		 "send(16) g20<1>UD g12<8,8,1>UD dp_data1 0x%08xUD { align1 1H }\n"
		 "mul(16) g30<1>UD g10<8,8,1>UW 16UW { align1 1H NoMask }\n"
		 "mov(16) g32<1>UD g20<8,8,1>UD { align1 1H NoMask }\n"
		 "mov(16) g34<1>UD g22<8,8,1>UD { align1 1H NoMask }\n"
		 "send(16) null<1>UD g30<8,8,1>UD dp_data1 0x%08xUD { align1 1H }\n"
		 CSE_EOT,
		 untyped(false, false, 16, 2, ba), untyped(true, false, 16, 2, bb));
	cse_desc(&s.e, &d, cse_kernel(&s.e, text));
	d.simd = 16;
	d.right_mask = mask;
	cse_ok(&s.e, &d);
	bufs_result(&s);
	for (unsigned int k = 0; k < 16; k++)
		for (unsigned int c = 0; c < 4; c++) {
			unsigned int src = (k / 4) * 4 + c;
			uint32_t want = !(mask >> k & 1) || c >= 2 ? SENTINEL :
					src * 4 + 4 <= asize ? s.ha[src] : 0;

			CHECK_MSG(s.hb[k * 4 + c] == want, "lane %u ch %u: %#x, want %#x", k, c,
				  s.hb[k * 4 + c], want);
		}
	cse_stop(&s.e);
}

/* Byte scattered: lane k moves @size bytes from A + 3k to B + 5k. */
static void byte_scattered(unsigned int size, unsigned int lanes)
{
	struct bufs s;
	struct gs_eu_dispatch d;
	unsigned int ba, bb, ds = size == 1 ? 0 : size == 2 ? 1 : 2, regs = lanes / 8;
	unsigned int simd16 = lanes == 16;
	const char *q = lanes == 16 ? "1H" : "1Q";
	uint8_t a8[ABYTES], b8[ABYTES];
	char text[4096];

	bufs_start(&s);
	ba = cse_buffer(&s.e, s.a, ABYTES);
	bb = cse_buffer(&s.e, s.b, ABYTES);
	snprintf(text, sizeof(text),
		 LANE_OFFSETS(3)
		 "send(%u) g20<1>UD g12<8,8,1>UD dp_data 0x%08xUD { align1 %s }\n"
		 "mul(16) g30<1>UD g10<8,8,1>UW 5UW { align1 1H NoMask }\n"
		 "mov(16) g%u<1>UD g20<8,8,1>UD { align1 1H NoMask }\n"
		 "send(%u) null<1>UD g30<8,8,1>UD dp_data 0x%08xUD { align1 %s }\n"
		 CSE_EOT,
		 lanes, desc(regs, regs, false, 4, ds << 2 | simd16, ba), q,
		 30 + regs,
		 lanes, desc(2 * regs, 0, false, 12, ds << 2 | simd16, bb), q);
	cse_desc(&s.e, &d, cse_kernel(&s.e, text));
	d.simd = lanes;
	cse_ok(&s.e, &d);
	bufs_result(&s);
	memcpy(a8, s.ha, ABYTES);
	memcpy(b8, s.hb, ABYTES);
	for (unsigned int i = 0; i < 16 * 5 + 8; i++) {
		unsigned int k = i / 5, j = i % 5;
		uint8_t want = k < lanes && j < size ? a8[3 * k + j] : 0xaa;

		CHECK_MSG(b8[i] == want, "size %u lanes %u byte %u: %#x want %#x", size, lanes, i,
			  b8[i], want);
	}
	cse_stop(&s.e);
}

static void t_byte_scattered(void)
{
	for (unsigned int size = 1; size <= 4; size *= 2) {
		byte_scattered(size, 8);
		byte_scattered(size, 16);
	}
}

/*
 * OWord block: read block size @bs at OWord offset 3 of A (unaligned
 * read, DC0 type 1: at byte offset 52, in bytes) into registers preset to
 * 0x77, write it (whole registers, 2 OWords each) at OWord 1 of B.
 * Header M0 = r0 with M0.2 = the offset.
 */
static void oword_block(unsigned int bs, bool unaligned)
{
	static const unsigned int regs[5] = { 1, 1, 1, 2, 4 };
	struct bufs s;
	struct gs_eu_dispatch d;
	unsigned int ba, bb, r = regs[bs], wbs = r == 1 ? 2 : bs, src = unaligned ? 13 : 12;
	char text[4096];

	bufs_start(&s);
	ba = cse_buffer(&s.e, s.a, ABYTES);
	bb = cse_buffer(&s.e, s.b, ABYTES);
	snprintf(text, sizeof(text),
		 "mov(8) g4<1>UD g0<8,8,1>UD { align1 1Q NoMask }\n"
		 "mov(1) g4.2<1>UD %uUD { align1 1N NoMask }\n"
		 "mov(16) g20<1>UD 0x77777777UD { align1 1H NoMask }\n"
		 "mov(16) g22<1>UD 0x77777777UD { align1 1H NoMask }\n"
		 "send(8) g20<1>UD g4<8,8,1>UD dp_data 0x%08xUD { align1 1Q NoMask }\n"
		 "mov(8) g30<1>UD g0<8,8,1>UD { align1 1Q NoMask }\n"
		 "mov(1) g30.2<1>UD 1UD { align1 1N NoMask }\n"
		 "mov(16) g31<1>UD g20<8,8,1>UD { align1 1H NoMask }\n"
		 "mov(16) g33<1>UD g22<8,8,1>UD { align1 1H NoMask }\n"
		 "send(8) null<1>UD g30<8,8,1>UD dp_data 0x%08xUD { align1 1Q NoMask }\n"
		 CSE_EOT,
		 unaligned ? 4 * src : 3, desc(1, r, true, unaligned ? 1 : 0, bs, ba),
		 desc(1 + r, 0, true, 8, wbs, bb));
	cse_desc(&s.e, &d, cse_kernel(&s.e, text));
	cse_ok(&s.e, &d);
	bufs_result(&s);
	for (unsigned int i = 0; i < 64; i++) {
		unsigned int reg_dw = i - 4;	/* B dword i holds register dword i - 4 */
		uint32_t want = SENTINEL;

		if (i >= 4 && reg_dw < 8 * r) {
			want = 0x77777777u;
			if (bs == 0 && reg_dw < 4)
				want = s.ha[src + reg_dw];
			else if (bs == 1 && reg_dw >= 4 && reg_dw < 8)
				want = s.ha[src + reg_dw - 4];
			else if (bs >= 2)
				want = s.ha[src + reg_dw];
		}
		CHECK_MSG(s.hb[i] == want, "%s block size %u dword %u: %#x want %#x",
			  unaligned ? "unaligned" : "aligned", bs, i, s.hb[i], want);
	}
	cse_stop(&s.e);
}

static void t_oword_block(void)
{
	for (unsigned int bs = 0; bs <= 4; bs++) {
		oword_block(bs, false);
		oword_block(bs, true);
	}
}

/* Stateless (BTI 255 and 253): offsets from General State Base. */
static void t_stateless(void)
{
	struct bufs s;
	struct gs_eu_dispatch d;
	char text[4096];

	bufs_start(&s);
	snprintf(text, sizeof(text),
		 LANE_OFFSETS(4)
		 "send(16) g20<1>UD g12<8,8,1>UD dp_data1 0x%08xUD { align1 1H }\n"
		 "add(16) g30<1>UD g12<8,8,1>UD %uUD { align1 1H NoMask }\n"
		 "mov(16) g32<1>UD g20<8,8,1>UD { align1 1H NoMask }\n"
		 "send(16) null<1>UD g30<8,8,1>UD dp_data1 0x%08xUD { align1 1H }\n"
		 CSE_EOT,
		 untyped(false, false, 16, 1, 255), (unsigned int)(s.b - s.a + 64),
		 untyped(true, false, 16, 1, 253));
	cse_desc(&s.e, &d, cse_kernel(&s.e, text));
	d.general_state_base = s.a;
	cse_ok(&s.e, &d);
	bufs_result(&s);
	for (unsigned int i = 0; i < 40; i++)
		CHECK_EQ(s.hb[i], i >= 16 && i < 32 ? s.ha[i - 16] : SENTINEL);
	/* past General State Buffer Size: reads 0, writes dropped */
	d.general_state_size = 32;
	cse_ok(&s.e, &d);
	bufs_result(&s);
	for (unsigned int i = 16; i < 32; i++)
		CHECK_EQ(s.hb[i], s.ha[i - 16]);
	cse_stop(&s.e);
}

/* A64 untyped read/write and the A64 byte scattered write, SIMD8. */
static void t_a64(void)
{
	struct bufs s;
	struct gs_eu_dispatch d;
	char text[8192];

	bufs_start(&s);
	snprintf(text, sizeof(text),
		 LANE_OFFSETS(8)
		 "mov(8) g40<1>UQ g12<8,8,1>UD { align1 1Q NoMask }\n"
		 "mov(1) g45<1>UQ 0x%llxUQ { align1 1N NoMask }\n"
		 "add(8) g40<1>UQ g40<4,4,1>UQ g45<0,1,0>UQ { align1 1Q NoMask }\n"
		 "send(8) g20<1>UD g40<8,8,1>UD dp_data1 0x%08xUD { align1 1Q }\n"
		 "mov(1) g45<1>UQ %lluUQ { align1 1N NoMask }\n"
		 "add(8) g50<1>UQ g40<4,4,1>UQ g45<0,1,0>UQ { align1 1Q NoMask }\n"
		 "mov(16) g52<1>UD g20<8,8,1>UD { align1 1H NoMask }\n"
		 "send(8) null<1>UD g50<8,8,1>UD dp_data1 0x%08xUD { align1 1Q }\n"
		 /* bytes: lane k writes the low 2 bytes of 0x1234 + k at B + 512 + 3k */
		 "mul(8) g60<1>UQ g10<8,8,1>UW 3UW { align1 1Q NoMask }\n"
		 "mov(1) g45<1>UQ 0x%llxUQ { align1 1N NoMask }\n"
		 "add(8) g60<1>UQ g60<4,4,1>UQ g45<0,1,0>UQ { align1 1Q NoMask }\n"
		 "add(8) g62<1>UD g10<8,8,1>UW 0x1234UD { align1 1Q NoMask }\n"
		 "send(8) null<1>UD g60<8,8,1>UD dp_data1 0x%08xUD { align1 1Q }\n"
		 CSE_EOT,
		 (unsigned long long)s.a, untyped(false, true, 8, 2, 0),
		 (unsigned long long)(s.b - s.a + 1024), untyped(true, true, 8, 2, 0),
		 (unsigned long long)(s.b + 512), desc(3, 0, false, 0x1a, 1u << 2, 253));
	cse_desc(&s.e, &d, cse_kernel(&s.e, text));
	d.simd = 8;
	cse_ok(&s.e, &d);
	bufs_result(&s);
	for (unsigned int k = 0; k < 8; k++) {
		CHECK_EQ(s.hb[256 + 2 * k], s.ha[2 * k]);
		CHECK_EQ(s.hb[256 + 2 * k + 1], s.ha[2 * k + 1]);
	}
	for (unsigned int i = 0; i < 30; i++) {
		const uint8_t *b8 = (const uint8_t *)s.hb + 512;
		unsigned int k = i / 3, j = i % 3;
		uint8_t want = k < 8 && j < 2 ? (uint8_t)((0x1234 + k) >> (8 * j)) : 0xaa;

		CHECK_MSG(b8[i] == want, "A64 byte %u: %#x want %#x", i, b8[i], want);
	}
	cse_stop(&s.e);
}

/*
 * SLM (BTI 254): write lane * 3 + 7 with untyped, read back bytes and
 * dwords, copy to B.  A read past the SLM size returns 0.
 */
static void t_slm(void)
{
	struct bufs s;
	struct gs_eu_dispatch d;
	unsigned int bb;
	char text[4096];

	bufs_start(&s);
	bb = cse_buffer(&s.e, s.b, ABYTES);
	snprintf(text, sizeof(text),
		 LANE_OFFSETS(4)
		 "mov(16) g30<1>UD g12<8,8,1>UD { align1 1H NoMask }\n"
		 "mul(16) g32<1>UD g10<8,8,1>UW 3UW { align1 1H NoMask }\n"
		 "add(16) g32<1>UD g32<8,8,1>UD 7UD { align1 1H NoMask }\n"
		 "send(16) null<1>UD g30<8,8,1>UD dp_data1 0x%08xUD { align1 1H }\n"
		 "send(16) g20<1>UD g12<8,8,1>UD dp_data1 0x%08xUD { align1 1H }\n"
		 "send(16) g22<1>UD g12<8,8,1>UD dp_data 0x%08xUD { align1 1H }\n"
		 "add(16) g24<1>UD g12<8,8,1>UD 4092UD { align1 1H NoMask }\n"
		 "send(16) g26<1>UD g24<8,8,1>UD dp_data1 0x%08xUD { align1 1H }\n"
		 "mul(16) g40<1>UD g10<8,8,1>UW 12UW { align1 1H NoMask }\n"
		 "mov(16) g42<1>UD g20<8,8,1>UD { align1 1H NoMask }\n"
		 "mov(16) g44<1>UD g22<8,8,1>UD { align1 1H NoMask }\n"
		 "mov(16) g46<1>UD g26<8,8,1>UD { align1 1H NoMask }\n"
		 "send(16) null<1>UD g40<8,8,1>UD dp_data1 0x%08xUD { align1 1H }\n"
		 CSE_EOT,
		 untyped(true, false, 16, 1, 254), untyped(false, false, 16, 1, 254),
		 desc(2, 2, false, 4, 0 << 2 | 1, 254), untyped(false, false, 16, 1, 254),
		 untyped(true, false, 16, 3, bb));
	cse_desc(&s.e, &d, cse_kernel(&s.e, text));
	d.slm_size = 4096;
	cse_ok(&s.e, &d);
	bufs_result(&s);
	for (unsigned int k = 0; k < 16; k++) {
		uint32_t v = k * 3 + 7;

		CHECK_EQ(s.hb[3 * k], v);		/* untyped dword */
		CHECK_EQ(s.hb[3 * k + 1], v & 0xff);	/* byte at offset 4k */
		CHECK_EQ(s.hb[3 * k + 2], 0);	/* SLM never written there, or past 4096 */
	}
	cse_stop(&s.e);
}

/*
 * SLM offsets keep only bits 15:0 (hw-spec-compute "Surfaces"): IGC sets
 * bit 28 of every __local pointer.  Untyped writes at lane * 4 | bit 28,
 * an untyped read at lane * 4 | 0x7fff0000, an atomic add of 100 at
 * lane * 4 | 0x20000000 returning the old value, a byte scattered read
 * at lane * 4 | 0xffff0000 and an untyped read at 4096 + lane * 4 |
 * 0x10000000 (past the 4 KiB of SLM after masking: 0) all name the same
 * SLM dwords; the results go to B.
 */
static void t_slm_high_bits(void)
{
	struct bufs s;
	struct gs_eu_dispatch d;
	unsigned int bb;
	char text[4096];

	bufs_start(&s);
	bb = cse_buffer(&s.e, s.b, ABYTES);
	snprintf(text, sizeof(text),
		 LANE_OFFSETS(4)
		 "or(16) g30<1>UD g12<8,8,1>UD 0x10000000UD { align1 1H NoMask }\n"
		 "mul(16) g32<1>UD g10<8,8,1>UW 3UW { align1 1H NoMask }\n"
		 "add(16) g32<1>UD g32<8,8,1>UD 7UD { align1 1H NoMask }\n"
		 "send(16) null<1>UD g30<8,8,1>UD dp_data1 0x%08xUD { align1 1H }\n"
		 "or(16) g34<1>UD g12<8,8,1>UD 0x7fff0000UD { align1 1H NoMask }\n"
		 "send(16) g42<1>UD g34<8,8,1>UD dp_data1 0x%08xUD { align1 1H }\n"
		 "or(16) g50<1>UD g12<8,8,1>UD 0x20000000UD { align1 1H NoMask }\n"
		 "mov(16) g52<1>UD 100UD { align1 1H NoMask }\n"
		 "send(16) g44<1>UD g50<8,8,1>UD dp_data1 0x%08xUD { align1 1H }\n"
		 "or(16) g54<1>UD g12<8,8,1>UD 0xffff0000UD { align1 1H NoMask }\n"
		 "send(16) g46<1>UD g54<8,8,1>UD dp_data 0x%08xUD { align1 1H }\n"
		 "add(16) g56<1>UD g30<8,8,1>UD 4096UD { align1 1H NoMask }\n"
		 "send(16) g48<1>UD g56<8,8,1>UD dp_data1 0x%08xUD { align1 1H }\n"
		 "mul(16) g40<1>UD g10<8,8,1>UW 16UW { align1 1H NoMask }\n"
		 "send(16) null<1>UD g40<8,8,1>UD dp_data1 0x%08xUD { align1 1H }\n"
		 CSE_EOT,
		 untyped(true, false, 16, 1, 254), untyped(false, false, 16, 1, 254),
		 desc(4, 2, false, 2, 1u << 5 | 7, 254), desc(2, 2, false, 4, 2 << 2 | 1, 254),
		 untyped(false, false, 16, 1, 254), untyped(true, false, 16, 4, bb));
	cse_desc(&s.e, &d, cse_kernel(&s.e, text));
	d.slm_size = 4096;
	cse_ok(&s.e, &d);
	bufs_result(&s);
	for (unsigned int k = 0; k < 16; k++) {
		uint32_t v = k * 3 + 7;

		CHECK_EQ(s.hb[4 * k], v);		/* untyped read, bits 31:16 set */
		CHECK_EQ(s.hb[4 * k + 1], v);		/* the atomic's old value */
		CHECK_EQ(s.hb[4 * k + 2], v + 100);	/* scattered dword after the atomic */
		CHECK_EQ(s.hb[4 * k + 3], 0);		/* 4096 + 4k: past the SLM */
	}
	cse_stop(&s.e);
}

/* A NULL surface reads 0 and drops writes; nothing faults. */
static void t_null_surface(void)
{
	struct bufs s;
	struct gs_eu_dispatch d;
	uint32_t ss[16] = { (uint32_t)SURF_NULL << 29 };
	unsigned int bn, bb;
	char text[4096];

	bufs_start(&s);
	bn = cse_surface_raw(&s.e, ss);
	bb = cse_buffer(&s.e, s.b, ABYTES);
	snprintf(text, sizeof(text),
		 LANE_OFFSETS(4)
		 "mov(16) g20<1>UD 0x55555555UD { align1 1H NoMask }\n"
		 "send(16) g20<1>UD g12<8,8,1>UD dp_data1 0x%08xUD { align1 1H }\n"
		 "mov(16) g30<1>UD g12<8,8,1>UD { align1 1H NoMask }\n"
		 "mov(16) g32<1>UD g20<8,8,1>UD { align1 1H NoMask }\n"
		 "send(16) null<1>UD g30<8,8,1>UD dp_data1 0x%08xUD { align1 1H }\n"
		 "send(16) null<1>UD g30<8,8,1>UD dp_data1 0x%08xUD { align1 1H }\n"
		 CSE_EOT,
		 untyped(false, false, 16, 1, bn), untyped(true, false, 16, 1, bn),
		 untyped(true, false, 16, 1, bb));
	cse_desc(&s.e, &d, cse_kernel(&s.e, text));
	cse_ok(&s.e, &d);
	bufs_result(&s);
	for (unsigned int i = 0; i < 16; i++)
		CHECK_EQ(s.hb[i], 0);
	CHECK_EQ(s.hb[16], SENTINEL);
	cse_stop(&s.e);
}


/*
 * IGT lib/gpgpu_fill.c gen8_gpgpu_kernel, as gensim-dis prints the words
 * of eu/tests/test_eu_codec.c: its media block write names acc0 as the
 * destination of an empty (rlen 0) response.
 */
static const char igt_gpgpu_fill[] =
	"mov(4) g1<1>UB g1<0,1,0>UB { align1 1N }\n"
	"mul(1) g2<1>UD g0.1<0,1,0>UD 0x00000010UD { align1 1N }\n"
	"mov(1) g2.1<1>UD g0.6<0,1,0>UD { align1 1N }\n"
	"mov(8) g4<1>UD g0<8,8,1>UD { align1 1Q }\n"
	"mov(2) g4<1>UD g2<2,2,1>UD { align1 1N }\n"
	"mov(1) g4.2<1>UD 0x0000000fUD { align1 1N }\n"
	"mov(16) g5<1>UD g1<0,1,0>UD { align1 1H }\n"
	"send(16) acc0<1>UW g4<0,1,0>D dp_data1 0x060a8000:D { align1 1H }\n"
	"mov(8) g112<1>UD g0<8,8,1>UD { align1 1Q }\n"
	"send(16) null<1>UW g112<0,1,0>D ts 0x02000010:D { align1 1H EOT }\n";

/*
 * IGT's gpgpu fill as IGT dispatches it: SIMD16, one thread a group, a
 * group per 16 bytes of a row; each thread media-block-writes the CURBE's
 * colour byte 16 times at (group X * 16, group Y) of an R8_UNORM surface.
 */
static void t_igt_gpgpu_fill(void)
{
	enum { SW = 64, SH = 8 };
	struct compute_env e;
	struct gs_eu_dispatch d;
	uint32_t curbe[8] = { 0x5c };
	uint8_t img[SW * SH];
	uint64_t va;

	cse_start(&e, 2);
	va = cse_alloc(&e, sizeof(img));
	CHECK_EQ(cse_surface(&e, SURF_2D, 0x140 /* R8_UNORM */, va, SW, SH, SW), 0);
	cse_desc(&e, &d, cse_kernel(&e, igt_gpgpu_fill));
	d.curbe = curbe;
	d.curbe_size = sizeof(curbe);
	d.curbe_read_length = 1;
	d.dim[0] = SW / 16;
	d.dim[1] = SH - 1;		/* the last row stays untouched */
	cse_ok(&e, &d);
	cse_read(&e, va, img, sizeof(img));
	for (unsigned int i = 0; i < sizeof(img); i++)
		CHECK_MSG(img[i] == (i < SW * (SH - 1) ? 0x5c : 0), "byte %u: %#x", i, img[i]);
	cse_stop(&e);
}

/*
 * Media block read of 8 bytes x 2 rows at X = -4 bytes, Y = 7 from a 4x8
 * R8G8B8A8 surface: everything comes from pixel (0, 7), replicated at the
 * left and bottom edges.  A write of the same block at X = 12 drops what
 * falls past the right edge.
 */
static void t_media_block_edges(void)
{
	struct bufs s;
	struct gs_eu_dispatch d;
	unsigned int bt, bb;
	char text[4096];
	uint8_t a8[ABYTES], b8[64];

	bufs_start(&s);
	bt = cse_surface(&s.e, SURF_2D, FMT_R8G8B8A8_UNORM, s.a, 4, 8, 16);
	bb = cse_buffer(&s.e, s.b, ABYTES);
	snprintf(text, sizeof(text),
		 "mov(8) g4<1>UD g0<8,8,1>UD { align1 1Q NoMask }\n"
		 "mov(1) g4<1>D -4D { align1 1N NoMask }\n"
		 "mov(1) g4.1<1>UD 7UD { align1 1N NoMask }\n"
		 "mov(1) g4.2<1>UD 0x00010007UD { align1 1N NoMask }\n"
		 "send(8) g20<1>UD g4<8,8,1>UD dp_data1 0x%08xUD { align1 1Q NoMask }\n"
		 "mov(8) g30<1>UW 0x76543210V { align1 1Q NoMask }\n"
		 "shl(8) g30<1>UD g30<8,8,1>UW 2UD { align1 1Q NoMask }\n"
		 "mov(8) g31<1>UD g20<8,8,1>UD { align1 1Q NoMask }\n"
		 "send(8) null<1>UD g30<8,8,1>UD dp_data1 0x%08xUD { align1 1Q NoMask }\n"
		 "mov(1) g4<1>UD 12UD { align1 1N NoMask }\n"
		 "mov(1) g4.1<1>UD 0UD { align1 1N NoMask }\n"
		 "mov(8) g5<1>UD g20<8,8,1>UD { align1 1Q NoMask }\n"
		 "send(8) null<1>UD g4<8,8,1>UD dp_data1 0x%08xUD { align1 1Q NoMask }\n"
		 CSE_EOT,
		 1u << 25 | 1u << 20 | 1u << 19 | 4u << 14 | bt,
		 2u << 25 | 9u << 14 | (2u << 4 | 0xe) << 8 | bb,
		 2u << 25 | 1u << 19 | 10u << 14 | bt);
	cse_desc(&s.e, &d, cse_kernel(&s.e, text));
	d.simd = 8;
	cse_ok(&s.e, &d);
	memcpy(a8, s.ha, ABYTES);
	bufs_result(&s);
	memcpy(b8, s.hb, sizeof(b8));
	for (unsigned int i = 0; i < 16; i++)
		CHECK_MSG(b8[i] == a8[7 * 16 + i % 4], "read byte %u: %#x want %#x", i, b8[i],
			  a8[7 * 16 + i % 4]);
	cse_read(&s.e, s.a, a8, 32);
	for (unsigned int i = 0; i < 32; i++) {
		const uint8_t *orig = (const uint8_t *)s.ha;
		bool written = (i >= 12 && i < 16) || i >= 28;	/* bytes 12..15 of rows 0, 1 */

		CHECK_MSG(a8[i] == (written ? orig[7 * 16 + i % 4] : orig[i]),
			  "surface byte %u: %#x", i, a8[i]);
	}
	cse_stop(&s.e);
}

int main(void)
{
	tap_run("untyped read/write SIMD8, 1-4 channels", t_untyped_simd8);
	tap_run("untyped read/write SIMD16, 1-4 channels", t_untyped_simd16);
	tap_run("T06 disabled lanes do not access memory", t_untyped_masked_lanes);
	tap_run("untyped out of bounds: read 0, write dropped", t_untyped_out_of_bounds);
	tap_run("untyped read: lanes sharing an address, off lanes between, out of bounds",
		t_untyped_repeated_addresses);
	tap_run("byte scattered read/write, 1/2/4 bytes, SIMD8/16", t_byte_scattered);
	tap_run("OWord block read/write and unaligned read, every block size", t_oword_block);
	tap_run("stateless BTI 255/253 and General State Buffer Size", t_stateless);
	tap_run("A64 untyped read/write and A64 byte scattered write", t_a64);
	tap_run("shared local memory through BTI 254", t_slm);
	tap_run("SLM offsets: bits 31:16 are ignored", t_slm_high_bits);
	tap_run("NULL surface", t_null_surface);
	tap_run("IGT gen8 gpgpu_fill kernel (media block write)", t_igt_gpgpu_fill);
	tap_run("media block read edges, write past the edge", t_media_block_edges);
	return tap_done();
}
