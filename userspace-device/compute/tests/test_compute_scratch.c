// SPDX-License-Identifier: MIT
/*
 * Scratch space (hw-spec-compute "Scratch space"): the scratch fields of
 * r0 (r0.3 3:0 the per-thread size, r0.5 31:10 base + FFTID * size), the
 * DC0 scratch block write and read of every block size (1, 2, 4, 8
 * registers) at offsets up to the last 32 bytes of a 1 KiB slot, their
 * bytes in memory at General State Base + the thread's slot, the DWord
 * channel mode of a write (disabled channels keep memory), and the
 * refusals: a block past the slot, no scratch space, no header.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compute_env.h"
#include "tap.h"

#define GROUPS		48u
#define SLOT		1024u
#define SCRATCH_OFF	0x400u		/* Scratch Space Base Pointer */
#define OUT_REGS	17u		/* per group: 16 read-back registers, r0 */
#define SENTINEL	0x5a5a5a5au

/* DC0 scratch block message: bit 18, 17 write, 16 DWord mode, 13:12 log2 regs, 11:0 offset. */
static uint32_t sdesc(bool write, bool dword, unsigned int log2regs, unsigned int off)
{
	unsigned int regs = 1u << log2regs;

	return (1u + (write ? regs : 0)) << 25 | (write ? 0 : regs) << 20 | 1u << 19 | 1u << 18 |
	       (write ? 1u : 0) << 17 | (dword ? 1u : 0) << 16 | log2regs << 12 | off;
}

/* OWord block write (DC0 type 8) of 4 registers (block size 4) at BTI @bti. */
static uint32_t owrite(unsigned int regs_log2, unsigned int bti)
{
	static const unsigned int bs[3] = { 2, 3, 4 };

	return (1u + (1u << regs_log2)) << 25 | 1u << 19 | 8u << 14 | bs[regs_log2] << 8 | bti;
}

/* The value the kernel puts in dword @j of data register @r of group @g. */
static uint32_t pat(unsigned int g, unsigned int r, unsigned int j)
{
	return g << 12 | r << 4 | j;
}

struct writes {
	unsigned int log2, off, first;	/* block, offset (32-byte units), first data register */
};

/* The writes, in order, then read back in the same shapes (see t_round_trip). */
static const struct writes wr[] = {
	{ 3, 0, 0 }, { 0, 8, 0 }, { 1, 9, 1 }, { 2, 12, 3 }, { 0, 31, 7 },
};

/* The data register the writes of wr[] leave in 32-byte unit @u of a slot; -1: none. */
static int unit_reg(unsigned int u)
{
	int reg = -1;

	for (unsigned int w = 0; w < sizeof(wr) / sizeof(wr[0]); w++)
		if (u >= wr[w].off && u < wr[w].off + (1u << wr[w].log2))
			reg = (int)(wr[w].first + u - wr[w].off);
	return reg;
}

static char *append(char *p, const char *end, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static char *append(char *p, const char *end, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(p, (size_t)(end - p), fmt, ap);
	va_end(ap);
	CHECK(n >= 0 && n < end - p);
	return p + n;
}

/*
 * Every group (one SIMD8 thread) fills g51..g58 with pat(group, r, j),
 * writes them to its scratch slot with the writes of wr[], reads each
 * block back into g60.. and stores g60..g75 and r0 to the output buffer.
 * The host checks the read-back registers, r0's scratch fields, and the
 * slot bytes in memory.
 */
static void t_round_trip(void)
{
	struct compute_env e;
	struct gs_eu_dispatch d;
	char text[16384], *p = text, *end = text + sizeof(text);
	unsigned int slots, bo, dst = 60;
	uint64_t scratch, out;
	uint32_t *o, *mem;
	struct gs_eu_topology topo;

	cse_start(&e, CSE_MANY_WORKERS);
	gs_eu_array_topology(e.a, &topo);
	slots = topo.slots;
	scratch = cse_alloc(&e, (uint64_t)slots * SLOT);
	out = cse_alloc(&e, GROUPS * OUT_REGS * 32);
	mem = malloc((size_t)slots * SLOT);
	o = malloc(GROUPS * OUT_REGS * 32);
	CHECK(mem && o);
	memset(mem, 0xa5, (size_t)slots * SLOT);
	cse_write(&e, scratch, mem, (uint64_t)slots * SLOT);
	bo = cse_buffer(&e, out, GROUPS * OUT_REGS * 32);

	p = append(p, end, "mov(8) g40<1>UW 0x76543210V { align1 1Q NoMask }\n"
		   "mov(8) g41<1>UD g40<8,8,1>UW { align1 1Q NoMask }\n"
		   "shl(1) g42<1>UD g0.1<0,1,0>UD 12UD { align1 1N NoMask }\n"
		   "add(8) g43<1>UD g41<8,8,1>UD g42<0,1,0>UD { align1 1Q NoMask }\n"
		   "mov(8) g50<1>UD g0<8,8,1>UD { align1 1Q NoMask }\n");
	for (unsigned int r = 0; r < 8; r++)
		p = append(p, end, "add(8) g%u<1>UD g43<8,8,1>UD %uUD { align1 1Q NoMask }\n",
			   51 + r, r << 4);
	for (unsigned int w = 0; w < sizeof(wr) / sizeof(wr[0]); w++) {
		unsigned int regs = 1u << wr[w].log2;

		/* the payload: header g50 (r0), then the data */
		p = append(p, end, "mov(8) g90<1>UD g50<8,8,1>UD { align1 1Q NoMask }\n");
		for (unsigned int r = 0; r < regs; r++)
			p = append(p, end, "mov(8) g%u<1>UD g%u<8,8,1>UD { align1 1Q NoMask }\n",
				   91 + r, 51 + wr[w].first + r);
		p = append(p, end, "send(8) null<1>UD g90<8,8,1>UD dp_data 0x%08xUD "
			   "{ align1 1Q NoMask }\n", sdesc(true, false, wr[w].log2, wr[w].off));
	}
	for (unsigned int w = 0; w < sizeof(wr) / sizeof(wr[0]); w++) {
		p = append(p, end, "send(8) g%u<1>UD g50<8,8,1>UD dp_data 0x%08xUD "
			   "{ align1 1Q NoMask }\n", dst, sdesc(false, false, wr[w].log2,
								 wr[w].off));
		dst += 1u << wr[w].log2;
	}
	CHECK_EQ(dst, 60u + 16u);
	/* out: group g's 17 registers at OWord g * 34: g60..g75 then r0 */
	p = append(p, end, "mov(8) g80<1>UD g0<8,8,1>UD { align1 1Q NoMask }\n"
		   "mul(1) g44<1>UD g0.1<0,1,0>UD 34UD { align1 1N NoMask }\n");
	for (unsigned int k = 0; k < 4; k++) {
		p = append(p, end, "add(1) g80.2<1>UD g44<0,1,0>UD %uUD { align1 1N NoMask }\n",
			   8 * k);
		for (unsigned int r = 0; r < 4; r++)
			p = append(p, end, "mov(8) g%u<1>UD g%u<8,8,1>UD { align1 1Q NoMask }\n",
				   81 + r, 60 + 4 * k + r);
		p = append(p, end, "send(8) null<1>UD g80<8,8,1>UD dp_data 0x%08xUD "
			   "{ align1 1Q NoMask }\n", owrite(2, bo));
	}
	p = append(p, end, "add(1) g80.2<1>UD g44<0,1,0>UD 32UD { align1 1N NoMask }\n"
		   "mov(8) g81<1>UD g0<8,8,1>UD { align1 1Q NoMask }\n"
		   "send(8) null<1>UD g80<8,8,1>UD dp_data 0x%08xUD { align1 1Q NoMask }\n"
		   CSE_EOT, owrite(0, bo));

	cse_desc(&e, &d, cse_kernel(&e, text));
	d.simd = 8;
	d.dim[0] = GROUPS;
	d.general_state_base = scratch - SCRATCH_OFF;
	d.scratch_base = SCRATCH_OFF;
	d.scratch_per_thread = SLOT;
	cse_ok(&e, &d);
	cse_read(&e, out, o, GROUPS * OUT_REGS * 32);
	cse_read(&e, scratch, mem, (uint64_t)slots * SLOT);

	for (unsigned int g = 0; g < GROUPS; g++) {
		const uint32_t *go = o + g * OUT_REGS * 8, *r0 = go + 16 * 8;
		uint32_t fftid = r0[5] & 0x3ff, ptr = r0[5] & ~0x3ffu;
		const uint32_t *slot;
		unsigned int reg = 0;

		CHECK_EQ(r0[1], g);
		CHECK_EQ(r0[3] & 0xf, 0u);		/* 1 KiB: 2^0 KiB */
		CHECK_MSG(fftid < slots, "group %u FFTID %u of %u slots", g, fftid, slots);
		CHECK_MSG(ptr == SCRATCH_OFF + fftid * SLOT, "group %u r0.5 %#x, FFTID %u", g,
			  r0[5], fftid);
		/* the read-back registers: each block as written */
		for (unsigned int w = 0; w < sizeof(wr) / sizeof(wr[0]); w++)
			for (unsigned int r = 0; r < 1u << wr[w].log2; r++, reg++)
				for (unsigned int j = 0; j < 8; j++)
					CHECK_MSG(go[reg * 8 + j] == pat(g, wr[w].first + r, j),
						  "group %u block %u reg %u dw %u: %#x", g, w, r, j,
						  go[reg * 8 + j]);
		/* the slot in memory: the last group with this FFTID left its data */
		slot = mem + (ptr - SCRATCH_OFF) / 4;
		for (unsigned int u = 0; u < 32; u++) {
			int want = unit_reg(u);

			if (want < 0) {
				CHECK_MSG(slot[u * 8] == 0xa5a5a5a5u, "slot %u unit %u written: %#x",
					  fftid, u, slot[u * 8]);
				continue;
			}
			for (unsigned int j = 0; j < 8; j++)
				CHECK_MSG(slot[u * 8 + j] == pat(slot[0] >> 12, (unsigned int)want, j),
					  "slot %u unit %u dw %u: %#x", fftid, u, j, slot[u * 8 + j]);
		}
	}
	free(mem);
	free(o);
	cse_stop(&e);
}

/*
 * A DWord-mode write (bit 16) stores only the enabled channels' dwords:
 * SIMD8 with the right mask 0x5a writes a 2-register block; register k
 * dword j belongs to channel (8k + j) % 8.  An OWord-mode write of the
 * same thread stores every dword of its block.
 */
static void t_dword_mode(void)
{
	struct compute_env e;
	struct gs_eu_dispatch d;
	char text[4096];
	uint64_t scratch;
	uint32_t mem[2 * SLOT / 4];
	const uint32_t mask = 0x5a;

	cse_start(&e, 1);
	scratch = cse_alloc(&e, 2 * SLOT * 1024);
	memset(mem, 0xa5, sizeof(mem));
	for (unsigned int i = 0; i < 1024; i++)
		cse_write(&e, scratch + (uint64_t)i * SLOT, mem, SLOT);
	snprintf(text, sizeof(text),
		 "mov(8) g40<1>UW 0x76543210V { align1 1Q NoMask }\n"
		 "mov(8) g20<1>UD g0<8,8,1>UD { align1 1Q NoMask }\n"
		 "mov(8) g21<1>UD g40<8,8,1>UW { align1 1Q NoMask }\n"
		 "add(8) g22<1>UD g21<8,8,1>UD 0x100UD { align1 1Q NoMask }\n"
		 "send(8) null<1>UD g20<8,8,1>UD dp_data 0x%08xUD { align1 1Q }\n"
		 "send(8) null<1>UD g20<8,8,1>UD dp_data 0x%08xUD { align1 1Q }\n"
		 "mov(8) g30<1>UD g0<8,8,1>UD { align1 1Q NoMask }\n"
		 CSE_EOT, sdesc(true, true, 1, 0), sdesc(true, false, 1, 4));
	cse_desc(&e, &d, cse_kernel(&e, text));
	d.simd = 8;
	d.right_mask = mask;
	d.general_state_base = scratch;
	d.scratch_base = SLOT;		/* slot FFTID at SLOT * (FFTID + 1) */
	d.scratch_per_thread = SLOT;
	cse_ok(&e, &d);
	/* the dispatch's one thread: find its slot, the only one written */
	for (unsigned int f = 0; f < 1023; f++) {
		cse_read(&e, scratch + SLOT * (uint64_t)(f + 1), mem, SLOT);
		if (mem[0] == 0xa5a5a5a5u && mem[1] == 0xa5a5a5a5u && mem[32] == 0xa5a5a5a5u)
			continue;
		for (unsigned int k = 0; k < 2; k++)
			for (unsigned int j = 0; j < 8; j++) {
				uint32_t v = j + 0x100 * k;
				bool on = mask >> ((8 * k + j) % 8) & 1;

				CHECK_MSG(mem[8 * k + j] == (on ? v : 0xa5a5a5a5u),
					  "DWord mode reg %u dw %u: %#x", k, j, mem[8 * k + j]);
				CHECK_MSG(mem[32 + 8 * k + j] == v, "OWord mode reg %u dw %u: %#x",
					  k, j, mem[32 + 8 * k + j]);
			}
		cse_stop(&e);
		return;
	}
	CHECK_MSG(false, "no scratch slot was written");
	cse_stop(&e);
}

/* One thread's scratch send with descriptor @desc (header r0 unless @no_header). */
static void refused(uint32_t per_thread, uint32_t desc, bool no_header, enum gs_eu_status st,
		    const char *needle)
{
	struct compute_env e;
	struct gs_eu_dispatch d;
	struct gs_eu_result res;
	char text[2048];
	uint64_t scratch;

	cse_start(&e, 1);
	scratch = cse_alloc(&e, 4096);
	snprintf(text, sizeof(text),
		 "mov(8) g20<1>UD g0<8,8,1>UD { align1 1Q NoMask }\n"
		 "send(8) g30<1>UD g20<8,8,1>UD dp_data 0x%08xUD { align1 1Q NoMask }\n"
		 CSE_EOT, no_header ? desc & ~(1u << 19) : desc);
	cse_desc(&e, &d, cse_kernel(&e, text));
	d.simd = 8;
	d.general_state_base = scratch;
	d.scratch_per_thread = per_thread;
	CHECK_MSG(cse_run(&e, &d, &res) == st, "want %s, got %s: %s", gs_eu_status_name(st),
		  gs_eu_status_name(res.status), res.msg);
	CHECK_MSG(strstr(res.msg, needle), "message \"%s\" lacks \"%s\"", res.msg, needle);
	cse_stop(&e);
}

static void t_refused(void)
{
	/* 1 KiB slot = 32 units: 2 registers at unit 31 reach past it */
	refused(SLOT, sdesc(false, false, 1, 31), false, GS_EU_ERR_MESSAGE,
		"reach past the thread's 1024-byte scratch slot");
	refused(SLOT, sdesc(false, false, 0, 32), false, GS_EU_ERR_MESSAGE,
		"reach past the thread's 1024-byte scratch slot");
	refused(0, sdesc(false, false, 0, 0), false, GS_EU_ERR_MESSAGE,
		"the dispatch has no scratch space");
	refused(SLOT, sdesc(false, false, 0, 0), true, GS_EU_ERR_MESSAGE, "no header");
	refused(SLOT, sdesc(false, false, 0, 0) | 1u << 14, false, GS_EU_ERR_MESSAGE,
		"bit 14 is reserved");
}

/*
 * Not scratch, but what m_spill's SIMD8 build needed: a response that
 * lands on its own payload.  An A64 dword gather with its 8 addresses in
 * r1-r2 (the CURBE) returns into r2; every lane must read the address it
 * was sent with (dp_table.c reads a copy of the payload).
 */
static void t_response_over_payload(void)
{
	struct compute_env e;
	struct gs_eu_dispatch d;
	char text[2048];
	uint64_t src, out, addr[8];
	uint32_t val[8], got[16];
	unsigned int bo;

	cse_start(&e, 1);
	src = cse_alloc(&e, 4096);
	out = cse_alloc(&e, 4096);
	for (unsigned int k = 0; k < 8; k++) {
		val[k] = 0x1000u * (k + 1) + k;
		addr[k] = src + 4 * (7 - k);	/* lane k reads dword 7 - k */
	}
	cse_write(&e, src, val, sizeof(val));
	bo = cse_buffer(&e, out, 4096);
	snprintf(text, sizeof(text),
		 "send(8) g2<1>UD g1<8,8,1>UD dp_data1 0x041401ffUD { align1 1Q NoMask }\n"
		 "mov(8) g80<1>UD g0<8,8,1>UD { align1 1Q NoMask }\n"
		 "mov(1) g80.2<1>UD 0UD { align1 1N NoMask }\n"
		 "mov(8) g81<1>UD g2<8,8,1>UD { align1 1Q NoMask }\n"
		 "send(8) null<1>UD g80<8,8,1>UD dp_data 0x%08xUD { align1 1Q NoMask }\n"
		 CSE_EOT, owrite(0, bo));
	cse_desc(&e, &d, cse_kernel(&e, text));
	d.simd = 8;
	d.curbe = addr;
	d.curbe_size = sizeof(addr);
	d.cross_thread_length = 2;
	cse_ok(&e, &d);
	cse_read(&e, out, got, sizeof(got));
	for (unsigned int k = 0; k < 8; k++)
		CHECK_MSG(got[k] == val[7 - k], "lane %u: %#x, want %#x", k, got[k], val[7 - k]);
	cse_stop(&e);
}

int main(void)
{
	tap_run("scratch block write/read x1/x2/x4/x8: registers, r0, slot bytes", t_round_trip);
	tap_run("scratch block write, DWord channel mode", t_dword_mode);
	tap_run("scratch refusals: past the slot, no scratch, no header, bit 14", t_refused);
	tap_run("a data port response over its own payload (A64 gather into r2)",
		t_response_over_payload);
	return tap_done();
}
