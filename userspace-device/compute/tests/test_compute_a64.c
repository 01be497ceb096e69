// SPDX-License-Identifier: MIT
/*
 * The A64 data-port messages (hw-spec-compute "A64 messages"): scattered
 * read and write of the byte, dword and qword subtypes at SIMD8 and
 * SIMD16 with every element count the descriptor can carry, the OWord
 * block read and write of every block size and both address alignments,
 * and the 32- and 64-bit atomics; lanes the dispatch mask disables, the
 * refused forms (header, BTI, misalignment, sizes, subtypes) and faults.
 *
 * One thread runs each message.  Its payload comes from the CURBE: the
 * test writes the addresses and the data into the thread's constant
 * registers (r1 on), so the kernel is only: fill the response registers
 * g60..g75 with MARK, send, dump g60..g75 with A32 OWord block writes
 * (tested in test_compute_dataport).  The expected memory and response
 * are computed here from the definitions in the chapter, not by the code
 * under test.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compute_env.h"
#include "tap.h"

#define MARK		0x77777777u
#define SENT		0xaa
#define NRESP		16		/* response registers g60..g75 */
#define ABYTES		8192u		/* buffers A and B; a hole page follows each */

enum { T_SREAD = 0x10, T_BREAD = 0x14, T_BWRITE = 0x15, T_ATOMIC = 0x12, T_SWRITE = 0x1a };

struct a64_env {
	struct compute_env e;
	uint64_t a, b, dump;
	unsigned int bdump;
	uint8_t ha[ABYTES], hb[ABYTES];
};

/* One message: its descriptor, execution size, dispatch mask and payload. */
struct msg {
	uint32_t desc;
	unsigned int exec;		/* 8 or 16 */
	uint32_t mask;			/* the thread's dispatch mask (right mask) */
	unsigned int mlen;		/* payload registers written below */
	uint32_t pay[15][8];
	unsigned int groups;		/* thread groups running it (default 1) */
};

static uint32_t desc(unsigned int mlen, unsigned int rlen, bool header, unsigned int type,
		     unsigned int ctrl, unsigned int bti)
{
	return mlen << 25 | rlen << 20 | (header ? 1u : 0) << 19 | type << 14 | ctrl << 8 | bti;
}

static void a64_start(struct a64_env *s, unsigned int workers)
{
	cse_start(&s->e, workers);
	s->a = cse_alloc(&s->e, ABYTES);
	s->b = cse_alloc(&s->e, ABYTES);
	s->dump = cse_alloc(&s->e, 4096);
	s->bdump = cse_buffer(&s->e, s->dump, 4096);
	for (unsigned int i = 0; i < ABYTES; i++) {
		s->ha[i] = (uint8_t)(i * 37 + 11);
		s->hb[i] = SENT;
	}
	cse_write(&s->e, s->a, s->ha, ABYTES);
	cse_write(&s->e, s->b, s->hb, ABYTES);
}

static void msg_init(struct msg *m, uint32_t dsc, unsigned int exec, uint32_t mask)
{
	memset(m, 0, sizeof(*m));
	m->desc = dsc;
	m->exec = exec;
	m->mask = mask;
	m->mlen = dsc >> 25 & 0xf;
}

/* Payload dword @i counted from register @reg (a flat index over registers). */
static void put_dw(struct msg *m, unsigned int reg, unsigned int i, uint32_t v)
{
	m->pay[reg + i / 8][i % 8] = v;
}

static void put_addr(struct msg *m, unsigned int lane, uint64_t a)
{
	put_dw(m, 0, 2 * lane, (uint32_t)a);
	put_dw(m, 0, 2 * lane + 1, (uint32_t)(a >> 32));
}

/*
 * Run @m; return the status, the response registers in @resp, the result
 * in @res.  Memory is read back into s->ha / s->hb.
 */
static enum gs_eu_status run_msg(struct a64_env *s, const struct msg *m,
				 uint32_t resp[NRESP][8], struct gs_eu_result *res)
{
	struct gs_eu_dispatch d;
	enum gs_eu_status st;
	char text[8192];
	int n = 0;

	for (unsigned int r = 0; r < NRESP; r += 2)
		n += snprintf(text + n, sizeof(text) - n,
			      "mov(16) g%u<1>UD 0x%08xUD { align1 1H NoMask }\n", 60 + r, MARK);
	n += snprintf(text + n, sizeof(text) - n,
		      "send(%u) g60<1>UD g1<8,8,1>UD dp_data1 0x%08xUD { align1 %s }\n",
		      m->exec, m->desc, m->exec == 16 ? "1H" : "1Q");
	for (unsigned int blk = 0; blk < NRESP / 4; blk++)
		n += snprintf(text + n, sizeof(text) - n,
			      "mov(8) g100<1>UD g0<8,8,1>UD { align1 1Q NoMask }\n"
			      "mov(1) g100.2<1>UD %uUD { align1 1N NoMask }\n"
			      "mov(16) g101<1>UD g%u<8,8,1>UD { align1 1H NoMask }\n"
			      "mov(16) g103<1>UD g%u<8,8,1>UD { align1 1H NoMask }\n"
			      "send(8) null<1>UD g100<8,8,1>UD dp_data 0x%08xUD "
			      "{ align1 1Q NoMask }\n",
			      8 * blk, 60 + 4 * blk, 62 + 4 * blk, desc(5, 0, true, 8, 4, s->bdump));
	n += snprintf(text + n, sizeof(text) - n, "%s", CSE_EOT);
	CHECK(n > 0 && (size_t)n < sizeof(text));
	cse_desc(&s->e, &d, cse_kernel(&s->e, text));
	d.simd = 16;
	d.right_mask = m->mask;
	d.curbe = m->pay;
	d.curbe_size = sizeof(m->pay);
	d.curbe_read_length = m->mlen ? m->mlen : 1;
	d.dim[0] = m->groups ? m->groups : 1;
	st = cse_run(&s->e, &d, res);
	if (resp)
		cse_read(&s->e, s->dump, resp, NRESP * 32);
	cse_read(&s->e, s->a, s->ha, ABYTES);
	cse_read(&s->e, s->b, s->hb, ABYTES);
	return st;
}

static void run_ok(struct a64_env *s, const struct msg *m, uint32_t resp[NRESP][8])
{
	struct gs_eu_result res;

	CHECK_MSG(run_msg(s, m, resp, &res) == GS_EU_OK, "desc %#010x: %s: %s", m->desc,
		  gs_eu_status_name(res.status), res.msg);
}

/* Run @m, expect @st with @needle in the message. */
static struct gs_eu_result run_err(struct a64_env *s, const struct msg *m, enum gs_eu_status st,
				   const char *needle)
{
	struct gs_eu_result res;
	enum gs_eu_status got = run_msg(s, m, NULL, &res);

	CHECK_MSG(got == st, "desc %#010x: want %s, got %s: %s", m->desc,
		  gs_eu_status_name(st), gs_eu_status_name(got), res.msg);
	CHECK_MSG(strstr(res.msg, needle), "message \"%s\" lacks \"%s\"", res.msg, needle);
	return res;
}

static uint32_t rd_le(const uint8_t *p, unsigned int n)
{
	uint32_t v = 0;

	for (unsigned int i = 0; i < n; i++)
		v |= (uint32_t)p[i] << (8 * i);
	return v;
}

static void fill_mark(uint32_t want[NRESP][8])
{
	for (unsigned int r = 0; r < NRESP; r++)
		for (unsigned int i = 0; i < 8; i++)
			want[r][i] = MARK;
}

static void check_resp(uint32_t got[NRESP][8], uint32_t want[NRESP][8], const char *what)
{
	for (unsigned int r = 0; r < NRESP; r++)
		for (unsigned int i = 0; i < 8; i++)
			CHECK_MSG(got[r][i] == want[r][i], "%s: response r%u.%u = %#x, want %#x",
				  what, r, i, got[r][i], want[r][i]);
}

static void check_b(const struct a64_env *s, const uint8_t *want, const char *what)
{
	for (unsigned int i = 0; i < ABYTES; i++)
		CHECK_MSG(s->hb[i] == want[i], "%s: B byte %u = %#x, want %#x", what, i,
			  s->hb[i], want[i]);
}

/* ------------------------------------------------------------------ */
/* Scattered: byte subtype                                              */

/* Lane k reads @size bytes at A + 3k + 1 (no alignment needed), zero-extended. */
static void byte_read(unsigned int size, unsigned int lanes, uint32_t mask, unsigned int bti)
{
	unsigned int ds = size == 1 ? 0 : size == 2 ? 1 : 2, regs = lanes / 8;
	uint32_t resp[NRESP][8], want[NRESP][8];
	struct a64_env s;
	struct msg m;
	char what[64];

	a64_start(&s, 1);
	msg_init(&m, desc(2 * regs, regs, false, T_SREAD, (lanes == 16) << 4 | ds << 2, bti),
		 lanes, mask);
	fill_mark(want);
	for (unsigned int k = 0; k < lanes; k++) {
		put_addr(&m, k, s.a + 3 * k + 1);
		if (mask >> k & 1)
			want[k / 8][k % 8] = rd_le(&s.ha[3 * k + 1], size);
	}
	run_ok(&s, &m, resp);
	snprintf(what, sizeof(what), "byte read %u SIMD%u mask %#x", size, lanes, mask);
	check_resp(resp, want, what);
	cse_stop(&s.e);
}

/* Lane k stores the low @size bytes of 0x44332211 + k * 0x01010101 at B + 5k + 2. */
static void byte_write(unsigned int size, unsigned int lanes, uint32_t mask)
{
	unsigned int ds = size == 1 ? 0 : size == 2 ? 1 : 2, regs = lanes / 8;
	uint8_t want[ABYTES];
	struct a64_env s;
	struct msg m;
	char what[64];

	a64_start(&s, 1);
	msg_init(&m, desc(3 * regs, 0, false, T_SWRITE, (lanes == 16) << 4 | ds << 2, 253),
		 lanes, mask);
	memset(want, SENT, sizeof(want));
	for (unsigned int k = 0; k < lanes; k++) {
		uint32_t v = 0x44332211u + k * 0x01010101u;

		put_addr(&m, k, s.b + 5 * k + 2);
		put_dw(&m, 2 * regs, k, v);
		if (mask >> k & 1)
			for (unsigned int j = 0; j < size; j++)
				want[5 * k + 2 + j] = (uint8_t)(v >> (8 * j));
	}
	run_ok(&s, &m, NULL);
	snprintf(what, sizeof(what), "byte write %u SIMD%u mask %#x", size, lanes, mask);
	check_b(&s, want, what);
	cse_stop(&s.e);
}

static void t_byte(void)
{
	for (unsigned int size = 1; size <= 4; size *= 2) {
		byte_read(size, 8, 0xff, 255);
		byte_read(size, 16, 0xffff, 253);
		byte_read(size, 16, 0xa5c3, 255);
		byte_write(size, 8, 0xff);
		byte_write(size, 16, 0xffff);
		byte_write(size, 16, 0x3c5a);
	}
}

/* ------------------------------------------------------------------ */
/* Scattered: dword and qword subtypes                                  */

/*
 * Lane k's address is @base + @stride * k; element e of lane k is dword
 * (qword) e * lanes + k of the data, at address + e * size.
 */
static void vector_read(unsigned int size, unsigned int n, unsigned int lanes, uint32_t mask)
{
	unsigned int ds = n == 1 ? 0 : n == 2 ? 1 : n == 4 ? 2 : 3, regs = lanes / 8;
	unsigned int dw = size / 4, stride = 72, dregs = regs * n * dw;
	uint32_t resp[NRESP][8], want[NRESP][8];
	struct a64_env s;
	struct msg m;
	char what[80];

	a64_start(&s, 1);
	msg_init(&m, desc(2 * regs, dregs, false, T_SREAD,
			  (lanes == 16) << 4 | ds << 2 | (size == 4 ? 1 : 2), 255), lanes, mask);
	fill_mark(want);
	for (unsigned int k = 0; k < lanes; k++) {
		uint64_t off = 8 + (uint64_t)stride * k;

		put_addr(&m, k, s.a + off);
		if (!(mask >> k & 1))
			continue;
		for (unsigned int e = 0; e < n; e++)
			for (unsigned int j = 0; j < dw; j++) {
				unsigned int i = (e * lanes + k) * dw + j;

				want[i / 8][i % 8] = rd_le(&s.ha[off + e * size + 4 * j], 4);
			}
	}
	run_ok(&s, &m, resp);
	snprintf(what, sizeof(what), "%s x%u read SIMD%u mask %#x", size == 4 ? "dword" : "qword",
		 n, lanes, mask);
	check_resp(resp, want, what);
	cse_stop(&s.e);
}

static void vector_write(unsigned int size, unsigned int n, unsigned int lanes, uint32_t mask)
{
	unsigned int ds = n == 1 ? 0 : n == 2 ? 1 : n == 4 ? 2 : 3, regs = lanes / 8;
	unsigned int dw = size / 4, stride = 72, dregs = regs * n * dw;
	uint8_t want[ABYTES];
	struct a64_env s;
	struct msg m;
	char what[80];

	a64_start(&s, 1);
	msg_init(&m, desc(2 * regs + dregs, 0, false, T_SWRITE,
			  (lanes == 16) << 4 | ds << 2 | (size == 4 ? 1 : 2), 253), lanes, mask);
	memset(want, SENT, sizeof(want));
	for (unsigned int k = 0; k < lanes; k++) {
		uint64_t off = 16 + (uint64_t)stride * k;

		put_addr(&m, k, s.b + off);
		for (unsigned int e = 0; e < n; e++)
			for (unsigned int j = 0; j < dw; j++) {
				unsigned int i = (e * lanes + k) * dw + j;
				uint32_t v = 0xd0000000u | j << 16 | e << 8 | k;

				put_dw(&m, 2 * regs, i, v);
				if (mask >> k & 1)
					for (unsigned int b = 0; b < 4; b++)
						want[off + e * size + 4 * j + b] = (uint8_t)(v >> (8 * b));
			}
	}
	run_ok(&s, &m, NULL);
	snprintf(what, sizeof(what), "%s x%u write SIMD%u mask %#x",
		 size == 4 ? "dword" : "qword", n, lanes, mask);
	check_b(&s, want, what);
	cse_stop(&s.e);
}

static void t_dword(void)
{
	for (unsigned int n = 1; n <= 8; n *= 2) {
		vector_read(4, n, 8, 0xff);
		vector_read(4, n, 16, 0xffff);
		vector_write(4, n, 8, 0xff);
		if (n <= 4)
			vector_write(4, n, 16, 0xffff);	/* x8 needs 20 registers */
	}
	vector_read(4, 4, 16, 0x8181);
	vector_write(4, 2, 8, 0x5a);
	vector_write(4, 4, 16, 0xc3a5);
}

static void t_qword(void)
{
	for (unsigned int n = 1; n <= 8; n *= 2) {
		vector_read(8, n, 8, 0xff);
		if (n <= 4)
			vector_read(8, n, 16, 0xffff);	/* x8 needs 32 registers */
		if (n <= 4)
			vector_write(8, n, 8, 0xff);
		if (n <= 2)
			vector_write(8, n, 16, 0xffff);
	}
	vector_read(8, 2, 16, 0x0ff0);
	vector_write(8, 4, 8, 0x96);
}

/* IGC's own descriptors for Broadwell (ocloc -device bdw, stateless build). */
static void t_igc_descriptors(void)
{
	struct a64_env s;
	uint32_t resp[NRESP][8], want[NRESP][8];
	struct msg m;

	/* 0x041401ff: a64 dword gathering read, SIMD8, BTI 255 */
	a64_start(&s, 1);
	msg_init(&m, 0x041401ffu, 8, 0xff);
	fill_mark(want);
	for (unsigned int k = 0; k < 8; k++) {
		put_addr(&m, k, s.a + 4 * k);
		want[0][k] = rd_le(&s.ha[4 * k], 4);
	}
	run_ok(&s, &m, resp);
	check_resp(resp, want, "0x041401ff");
	/* 0x042402ff: a64 qword gathering read, SIMD8 */
	msg_init(&m, 0x042402ffu, 8, 0xff);
	fill_mark(want);
	for (unsigned int k = 0; k < 8; k++) {
		put_addr(&m, k, s.a + 64 + 8 * k);
		want[k / 4][2 * (k % 4)] = rd_le(&s.ha[64 + 8 * k], 4);
		want[k / 4][2 * (k % 4) + 1] = rd_le(&s.ha[64 + 8 * k + 4], 4);
	}
	run_ok(&s, &m, resp);
	check_resp(resp, want, "0x042402ff");
	cse_stop(&s.e);
}

/* ------------------------------------------------------------------ */
/* Scattered: refused forms and faults                                  */

static void t_scattered_refused(void)
{
	struct a64_env s;
	struct msg m;
	uint8_t want[ABYTES];

	a64_start(&s, 1);
	memset(want, SENT, sizeof(want));
	/* lane 3 misaligned: nothing is written, not even lanes 0-2 */
	msg_init(&m, desc(3, 0, false, T_SWRITE, 1, 255), 8, 0xff);
	for (unsigned int k = 0; k < 8; k++)
		put_addr(&m, k, s.b + 4 * k + (k == 3 ? 2 : 0));
	run_err(&s, &m, GS_EU_ERR_MESSAGE, "lane 3: address");
	check_b(&s, want, "misaligned dword write");
	/* a qword at a dword boundary; a disabled lane's address is not checked */
	msg_init(&m, desc(2, 2, false, T_SREAD, 2, 255), 8, 0xff);
	for (unsigned int k = 0; k < 8; k++)
		put_addr(&m, k, s.a + 8 * k + (k == 5 ? 4 : 0));
	run_err(&s, &m, GS_EU_ERR_MESSAGE, "not 8-byte aligned");
	m.mask = 0xdf;
	run_ok(&s, &m, NULL);
	/* header, BTI, subtype 3, byte data size 3, lengths */
	msg_init(&m, desc(3, 1, true, T_SREAD, 1, 255), 8, 0xff);
	run_err(&s, &m, GS_EU_ERR_MESSAGE, "header");
	msg_init(&m, desc(2, 1, false, T_SREAD, 1, 0), 8, 0xff);
	run_err(&s, &m, GS_EU_ERR_MESSAGE, "255 or 253");
	msg_init(&m, desc(2, 1, false, T_SREAD, 3, 255), 8, 0xff);
	run_err(&s, &m, GS_EU_ERR_UNSUPPORTED, "status return");
	msg_init(&m, desc(2, 1, false, T_SREAD, 3 << 2, 255), 8, 0xff);
	run_err(&s, &m, GS_EU_ERR_UNSUPPORTED, "8 bytes");
	msg_init(&m, desc(4, 31, false, T_SREAD, 1 << 4 | 3 << 2 | 2, 255), 16, 0xffff);
	run_err(&s, &m, GS_EU_ERR_MESSAGE, "more than a message carries");
	msg_init(&m, desc(15, 0, false, T_SWRITE, 1 << 4 | 3 << 2 | 1, 255), 16, 0xffff);
	run_err(&s, &m, GS_EU_ERR_MESSAGE, "more than a message carries");
	msg_init(&m, desc(2, 2, false, T_SREAD, 1, 255), 8, 0xff);
	run_err(&s, &m, GS_EU_ERR_MESSAGE, "response length 2, this message returns 1");
	msg_init(&m, desc(3, 0, false, T_SWRITE, 1 << 2 | 1, 255), 8, 0xff);
	run_err(&s, &m, GS_EU_ERR_MESSAGE, "message length 3, this message is 4");
	cse_stop(&s.e);
}

/* RING_FAULT_REG: VA 31:12, SRCID 10:3, TYPE 2:1, VALID 0; then the driver's ack. */
static void check_fault(struct a64_env *s, const struct gs_eu_result *res, uint64_t va,
			bool write)
{
	uint32_t want = ((uint32_t)va & 0xfffff000u) | FAULT_SRC_DATAPORT << 3 |
			FAULT_TYPE_PTE << 1 | 1u;

	CHECK(res->has_fault);
	CHECK_EQ(res->fault.va, va);
	CHECK_EQ(res->fault.write, write);
	CHECK_EQ(gs_loop_read(s->e.g.loop, RING_FAULT_REG_RCS), want);
	/*
	 * The ack is a posted write and the next dispatch does not go through
	 * the write log: a posting read makes it land first, as a driver's
	 * would (else the next fault finds VALID still set and is dropped).
	 */
	gs_loop_write(s->e.g.loop, RING_FAULT_REG_RCS, 0);
	CHECK_EQ(gs_loop_read(s->e.g.loop, RING_FAULT_REG_RCS), 0);
}

static void t_scattered_faults(void)
{
	struct a64_env s;
	struct gs_eu_result res;
	uint8_t want[ABYTES];
	uint64_t hole;
	struct msg m;

	a64_start(&s, 2);
	/* a byte read in the page after A, which is not mapped */
	hole = s.a + ABYTES;
	msg_init(&m, desc(2, 1, false, T_SREAD, 0, 255), 8, 0xff);
	for (unsigned int k = 0; k < 8; k++)
		put_addr(&m, k, k == 6 ? hole + 100 : s.a + k);
	res = run_err(&s, &m, GS_EU_ERR_FAULT, "faulted");
	check_fault(&s, &res, hole + 100, false);
	/*
	 * dword x4 writes: lane 0 lands, lane 1 straddles the end of B and
	 * lands its first two dwords, then faults; lane 2 never runs.
	 */
	hole = s.b + ABYTES;
	msg_init(&m, desc(6, 0, false, T_SWRITE, 2 << 2 | 1, 253), 8, 0x7);
	put_addr(&m, 0, s.b);
	put_addr(&m, 1, hole - 8);
	put_addr(&m, 2, s.b + 64);
	for (unsigned int i = 0; i < 32; i++)
		put_dw(&m, 2, i, 0x1000 + i);
	res = run_err(&s, &m, GS_EU_ERR_FAULT, "write");
	check_fault(&s, &res, hole, true);
	memset(want, SENT, sizeof(want));
	for (unsigned int e = 0; e < 4; e++)
		for (unsigned int b = 0; b < 4; b++) {
			want[4 * e + b] = (uint8_t)((0x1000 + e * 8) >> (8 * b));
			if (e < 2)
				want[ABYTES - 8 + 4 * e + b] = (uint8_t)((0x1000 + e * 8 + 1) >> (8 * b));
		}
	check_b(&s, want, "faulting dword x4 write");
	cse_stop(&s.e);
}

/* ------------------------------------------------------------------ */
/* OWord block                                                          */

/* Block size @bs: OWords, data registers, and where (0 low, 1 high, 2 whole). */
static const struct { unsigned int ow, regs, half; } bsz[5] = {
	{ 1, 1, 0 }, { 1, 1, 1 }, { 2, 1, 2 }, { 4, 2, 2 }, { 8, 4, 2 },
};

/* Register dword @i of a block of size @bs holds byte offset: -1 if none. */
static int block_off(unsigned int bs, unsigned int i)
{
	if (bsz[bs].half == 0)
		return i < 4 ? (int)(4 * i) : -1;
	if (bsz[bs].half == 1)
		return i >= 4 && i < 8 ? (int)(4 * (i - 4)) : -1;
	return i < 8 * bsz[bs].regs ? (int)(4 * i) : -1;
}

static void block_read(unsigned int bs, unsigned int sub, uint64_t off)
{
	uint32_t resp[NRESP][8], want[NRESP][8];
	struct a64_env s;
	struct msg m;
	char what[64];

	a64_start(&s, 1);
	msg_init(&m, desc(1, bsz[bs].regs, true, T_BREAD, sub << 3 | bs, 255), 16, 0x1);
	for (unsigned int i = 2; i < 8; i++)
		m.pay[0][i] = 0xdead0000u | i;		/* the rest of the header: ignored */
	put_addr(&m, 0, s.a + off);
	fill_mark(want);
	for (unsigned int i = 0; i < 8 * NRESP; i++) {
		int o = block_off(bs, i);

		if (o >= 0)
			want[i / 8][i % 8] = rd_le(&s.ha[off + (unsigned int)o], 4);
	}
	run_ok(&s, &m, resp);
	snprintf(what, sizeof(what), "block read size %u subtype %u at %#llx", bs, sub,
		 (unsigned long long)off);
	check_resp(resp, want, what);
	cse_stop(&s.e);
}

static void block_write(unsigned int bs, uint64_t off)
{
	uint8_t want[ABYTES];
	struct a64_env s;
	struct msg m;
	char what[64];

	a64_start(&s, 1);
	msg_init(&m, desc(1 + bsz[bs].regs, 0, true, T_BWRITE, bs, 253), 8, 0x1);
	put_addr(&m, 0, s.b + off);
	memset(want, SENT, sizeof(want));
	for (unsigned int i = 0; i < 8 * bsz[bs].regs; i++) {
		uint32_t v = 0xb0000000u | i;
		int o = block_off(bs, i);

		put_dw(&m, 1, i, v);
		if (o >= 0)
			for (unsigned int b = 0; b < 4; b++)
				want[off + (unsigned int)o + b] = (uint8_t)(v >> (8 * b));
	}
	run_ok(&s, &m, NULL);
	snprintf(what, sizeof(what), "block write size %u at %#llx", bs, (unsigned long long)off);
	check_b(&s, want, what);
	cse_stop(&s.e);
}

static void t_block(void)
{
	for (unsigned int bs = 0; bs < 5; bs++) {
		block_read(bs, 0, 48);
		block_read(bs, 1, 20);		/* DWord aligned */
		block_write(bs, 80);
	}
}

static void t_block_refused(void)
{
	struct gs_eu_result res;
	struct a64_env s;
	struct msg m;
	uint8_t want[ABYTES];

	a64_start(&s, 1);
	msg_init(&m, desc(1, 2, true, T_BREAD, 3, 255), 8, 0xff);
	put_addr(&m, 0, s.a + 20);
	run_err(&s, &m, GS_EU_ERR_MESSAGE, "not 16-byte aligned");
	msg_init(&m, desc(1, 2, true, T_BREAD, 1 << 3 | 3, 255), 8, 0xff);
	put_addr(&m, 0, s.a + 22);
	run_err(&s, &m, GS_EU_ERR_MESSAGE, "not 4-byte aligned");
	msg_init(&m, desc(3, 0, true, T_BWRITE, 1 << 3 | 3, 255), 8, 0xff);
	put_addr(&m, 0, s.b + 32);
	run_err(&s, &m, GS_EU_ERR_MESSAGE, "on a write");
	msg_init(&m, desc(2, 2, false, T_BREAD, 3, 255), 8, 0xff);
	run_err(&s, &m, GS_EU_ERR_MESSAGE, "no header");
	msg_init(&m, desc(1, 2, true, T_BREAD, 3, 1), 8, 0xff);
	run_err(&s, &m, GS_EU_ERR_MESSAGE, "255 or 253");
	msg_init(&m, desc(1, 2, true, T_BREAD, 2 << 3 | 3, 255), 8, 0xff);
	run_err(&s, &m, GS_EU_ERR_UNSUPPORTED, "dual block");
	msg_init(&m, desc(1, 2, true, T_BREAD, 3 << 3 | 1, 255), 8, 0xff);
	run_err(&s, &m, GS_EU_ERR_UNSUPPORTED, "HWord block");
	msg_init(&m, desc(1, 2, true, T_BREAD, 5, 255), 8, 0xff);
	run_err(&s, &m, GS_EU_ERR_MESSAGE, "block size 5");
	msg_init(&m, desc(1, 1, true, T_BREAD, 3, 255), 8, 0xff);
	run_err(&s, &m, GS_EU_ERR_MESSAGE, "response length 1, this message returns 2");
	/* 8 OWords from 32 bytes before the hole after B: 2 OWords land, then the fault */
	msg_init(&m, desc(5, 0, true, T_BWRITE, 4, 255), 8, 0xff);
	put_addr(&m, 0, s.b + ABYTES - 32);
	for (unsigned int i = 0; i < 32; i++)
		put_dw(&m, 1, i, 0xc0000000u | i);
	res = run_err(&s, &m, GS_EU_ERR_FAULT, "write");
	check_fault(&s, &res, s.b + ABYTES, true);
	memset(want, SENT, sizeof(want));
	for (unsigned int i = 0; i < 8; i++)
		for (unsigned int b = 0; b < 4; b++)
			want[ABYTES - 32 + 4 * i + b] = (uint8_t)((0xc0000000u | i) >> (8 * b));
	check_b(&s, want, "faulting block write");
	cse_stop(&s.e);
}

/* ------------------------------------------------------------------ */
/* Atomics                                                              */

static uint64_t sext(uint64_t v, unsigned int size)
{
	return size == 8 ? v : (uint64_t)(int64_t)(int32_t)v;
}

/* The operations as hw-spec-compute "Untyped atomics" defines them. */
static uint64_t ref_op(unsigned int op, unsigned int size, uint64_t old, uint64_t s0,
		       uint64_t s1)
{
	uint64_t m = size == 8 ? ~0ull : 0xffffffffull;
	int64_t so = (int64_t)sext(old, size), ss = (int64_t)sext(s0, size);
	uint64_t v = 0;

	switch (op) {
	case 1: v = old & s0; break;
	case 2: v = old | s0; break;
	case 3: v = old ^ s0; break;
	case 4: v = s0; break;
	case 5: v = old + 1; break;
	case 6: v = old - 1; break;
	case 7: v = old + s0; break;
	case 8: v = old - s0; break;
	case 9: v = s0 - old; break;
	case 10: v = (uint64_t)(so > ss ? so : ss); break;
	case 11: v = (uint64_t)(so < ss ? so : ss); break;
	case 12: v = old > s0 ? old : s0; break;
	case 13: v = old < s0 ? old : s0; break;
	case 14: v = old == s0 ? s1 : old; break;
	case 15: v = old - 1; break;
	}
	return v & m;
}

static const unsigned int nsrc[16] = { 0, 1, 1, 1, 1, 0, 0, 1, 1, 1, 1, 1, 1, 1, 2, 0 };

/*
 * Every op at @size (4 or 8) bytes on 8 lanes, each on its own element of
 * B at 8k, under @mask, returning the old value (the new one for predec).
 */
static void atomic_op(unsigned int op, unsigned int size, uint32_t mask)
{
	static const uint64_t olds[8] = {
		0x8000000000000005ull, 0x00000000ffffffffull, 0x7fffffff00000003ull, 5,
		0xfffffffffffffffeull, 0x0000000180000000ull, 42, 0x123456789abcdef0ull,
	};
	static const uint64_t srcs[8] = {
		0x7fffffff00000003ull, 1, 0x8000000000000001ull, 5,
		0x0000000000000002ull, 0x00000000ffffffffull, 41, 0x0fedcba987654321ull,
	};
	unsigned int dregs = size / 4, n = nsrc[op];
	uint32_t resp[NRESP][8], want[NRESP][8];
	uint64_t m64 = size == 8 ? ~0ull : 0xffffffffull;
	uint8_t wantb[ABYTES];
	struct a64_env s;
	struct msg m;
	char what[64];

	a64_start(&s, 1);
	msg_init(&m, desc(2 + dregs * n, dregs, false, T_ATOMIC,
			  1u << 5 | (size == 8) << 4 | op, 255), 8, mask);
	fill_mark(want);
	memset(wantb, SENT, sizeof(wantb));
	for (unsigned int k = 0; k < 8; k++) {
		uint64_t old = olds[k] & m64, s0 = srcs[k] & m64, s1 = ~olds[k] & m64, v;

		if (op == 14 && k % 2)
			s0 = old;			/* half the lanes compare equal */
		for (unsigned int b = 0; b < size; b++)
			s.hb[8 * k + b] = (uint8_t)(old >> (8 * b));
		put_addr(&m, k, s.b + 8 * k);
		for (unsigned int j = 0; j < dregs; j++) {
			put_dw(&m, 2, k * dregs + j, (uint32_t)(s0 >> (32 * j)));
			put_dw(&m, 2 + dregs, k * dregs + j, (uint32_t)(s1 >> (32 * j)));
		}
		v = mask >> k & 1 ? ref_op(op, size, old, s0, s1) : old;
		for (unsigned int b = 0; b < size; b++)
			wantb[8 * k + b] = (uint8_t)(v >> (8 * b));
		if (mask >> k & 1) {
			uint64_t r = op == 15 ? v : old;

			for (unsigned int j = 0; j < dregs; j++) {
				unsigned int i = k * dregs + j;

				want[i / 8][i % 8] = (uint32_t)(r >> (32 * j));
			}
		}
	}
	cse_write(&s.e, s.b, s.hb, ABYTES);
	run_ok(&s, &m, resp);
	snprintf(what, sizeof(what), "A64 %u-bit atomic op %u mask %#x", 8 * size, op, mask);
	check_resp(resp, want, what);
	check_b(&s, wantb, what);
	cse_stop(&s.e);
}

static void t_atomic64_ops(void)
{
	for (unsigned int op = 1; op < 16; op++) {
		atomic_op(op, 8, 0xff);
		atomic_op(op, 4, 0xff);
	}
	atomic_op(7, 8, 0x5a);
	atomic_op(14, 8, 0xe7);
}

/* 64 groups add 1 to the same qwords from 4 workers: the carry crosses bit 32. */
static void t_atomic64_concurrent(void)
{
	struct a64_env s;
	struct msg m;
	uint64_t got[8];

	a64_start(&s, CSE_MANY_WORKERS);
	for (unsigned int k = 0; k < 8; k++) {
		uint64_t v = 0xffffffe0ull + k;

		memcpy(&s.hb[8 * k], &v, 8);
	}
	cse_write(&s.e, s.b, s.hb, ABYTES);
	msg_init(&m, desc(4, 0, false, T_ATOMIC, 1u << 4 | 7, 253), 8, 0xff);
	for (unsigned int k = 0; k < 8; k++) {
		put_addr(&m, k, s.b + 8 * k);
		put_dw(&m, 2, 2 * k, 1);
	}
	m.groups = 64;
	run_ok(&s, &m, NULL);
	memcpy(got, s.hb, sizeof(got));
	for (unsigned int k = 0; k < 8; k++)
		CHECK_EQ(got[k], 0xffffffe0ull + k + 64);
	cse_stop(&s.e);
}

static void t_atomic_refused(void)
{
	struct a64_env s;
	struct msg m;
	uint8_t want[ABYTES];

	a64_start(&s, 1);
	memset(want, SENT, sizeof(want));
	msg_init(&m, desc(4, 2, false, T_ATOMIC, 1u << 5 | 1u << 4 | 7, 255), 8, 0xff);
	for (unsigned int k = 0; k < 8; k++)
		put_addr(&m, k, s.b + 8 * k + (k == 7 ? 4 : 0));
	run_err(&s, &m, GS_EU_ERR_MESSAGE, "lane 7: address");
	check_b(&s, want, "misaligned 64-bit atomic");
	msg_init(&m, desc(4, 1, true, T_ATOMIC, 1u << 5 | 7, 255), 8, 0xff);
	run_err(&s, &m, GS_EU_ERR_MESSAGE, "header");
	msg_init(&m, desc(4, 2, false, T_ATOMIC, 1u << 5 | 1u << 4 | 0, 255), 8, 0xff);
	run_err(&s, &m, GS_EU_ERR_MESSAGE, "operation 0 is reserved");
	msg_init(&m, desc(3, 2, false, T_ATOMIC, 1u << 5 | 1u << 4 | 7, 255), 8, 0xff);
	run_err(&s, &m, GS_EU_ERR_MESSAGE, "message length 3, this message is 4");
	cse_stop(&s.e);
}

int main(void)
{
	tap_run("A64 byte scattered read/write, 1/2/4 bytes, SIMD8/16, masks", t_byte);
	tap_run("A64 dword scattered read/write x1..x8, SIMD8/16, masks", t_dword);
	tap_run("A64 qword scattered read/write x1..x8, SIMD8/16, masks", t_qword);
	tap_run("A64 scattered reads with IGC's Broadwell descriptors", t_igc_descriptors);
	tap_run("A64 scattered: misaligned, header, BTI, subtypes, sizes, lengths",
		t_scattered_refused);
	tap_run("A64 scattered faults: reported, partial write landed", t_scattered_faults);
	tap_run("A64 OWord block read/write, every size, both alignments", t_block);
	tap_run("A64 OWord block: refused forms, a faulting write", t_block_refused);
	tap_run("A64 atomics, 32 and 64 bits, every op, masks", t_atomic64_ops);
	tap_run("A64 64-bit atomic add from 64 groups on 4 workers", t_atomic64_concurrent);
	tap_run("A64 atomics: misaligned 64-bit, header, op 0, lengths", t_atomic_refused);
	return tap_done();
}
