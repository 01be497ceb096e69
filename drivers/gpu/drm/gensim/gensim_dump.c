// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The gensim authors
 */

/**
 * DOC: Hang capture (devcoredump)
 *
 * Before an engine is reset, gensim_dump_capture() writes what a developer
 * needs to see why: the engine's registers (head, tail, active head, the
 * failing command's header, errors, execlist status and the context status
 * buffer), the guilty context's descriptor, the part of its ring around
 * the head, its register-state image, and the batch around the address
 * the engine was executing.  The dump is text, versioned by its first line
 * (``gensim coredump v1``), and goes to devcoredump, in pages that
 * devcoredump itself reads and frees (a dump can outlive the module):
 * /sys/class/devcoredump/devcd<n>/data.  Each section is a header line and
 * lines of "address: dwords".
 *
 * The dump runs on the way to signalling fences (a reset ends the guilty
 * job), so it must not wait for memory reclaim, which may wait for those
 * fences: its buffer is allocated with GFP_NOWAIT, and without one there
 * is no dump.  It only reads the VM's mapping tree if no VM_BIND holds it
 * (a trylock): a bind may be waiting for the very job being reset.
 *
 * Every value read from the device is bounded before it is used: the ring
 * head selects dwords of a 16 KiB ring and a head outside it is reported,
 * not followed; the batch address is looked up in the VM, and only dwords
 * of the buffer mapped there are read.
 *
 * Called from: gensim_reset.c.
 */

#include <linux/devcoredump.h>
#include <linux/fs.h>
#include <linux/scatterlist.h>
#include <linux/mutex.h>
#include <linux/slab.h>

#include <kunit/visibility.h>

#include <drm/drm_gpuvm.h>
#include <drm/drm_print.h>

#include "gensim_drv.h"
#include "gensim_gem.h"
#include "gensim_vm.h"

static bool gensim_coredump = true;
module_param_named(coredump, gensim_coredump, bool, 0644);
MODULE_PARM_DESC(coredump, "Capture hangs with devcoredump (default true)");

#define DUMP_SIZE	SZ_64K

/* Serialises dev_coredumpm() calls: see gensim_dump_capture(). */
static DEFINE_MUTEX(dump_lock);

struct dump {
	char *buf;
	size_t len;
};

static __printf(2, 3) void dprintf(struct dump *d, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	d->len += vscnprintf(d->buf + d->len, DUMP_SIZE - d->len, fmt, ap);
	va_end(ap);
}

/* @n dwords from @src, labelled with addresses from @addr. */
static void dump_dwords(struct dump *d, u64 addr, const u32 *src, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++) {
		if (!(i % 8))
			dprintf(d, "%s%#010llx:", i ? "\n" : "", addr + 4 * i);
		dprintf(d, " %08x", src[i]);
	}
	dprintf(d, "\n");
}

static const struct {
	u32 reg;
	const char *name;
} dump_regs[] = {
	{ 0x034, "RING_HEAD" }, { 0x030, "RING_TAIL" }, { 0x038, "RING_START" },
	{ 0x03c, "RING_CTL" }, { 0x074, "RING_ACTHD" }, { 0x05c, "RING_ACTHD_UDW" },
	{ 0x068, "IPEHR" }, { 0x064, "IPEIR" }, { 0x0b0, "EIR" }, { 0x0b8, "ESR" },
	{ 0x09c, "MI_MODE" }, { 0x110, "BBSTATE" }, { 0x140, "BBADDR" },
	{ 0x168, "BBADDR_UDW" }, { 0x234, "EXECLIST_STATUS_LO" },
	{ 0x238, "EXECLIST_STATUS_HI" }, { 0x3a0, "CONTEXT_STATUS_PTR" },
};

static void dump_registers(struct dump *d, struct gensim_engine *engine)
{
	u32 base = engine->mmio_base;
	int i;

	dprintf(d, "registers:\n");
	for (i = 0; i < ARRAY_SIZE(dump_regs); i++)
		dprintf(d, "  %-20s %#010x\n", dump_regs[i].name,
			gensim_read(engine->gdev, base + dump_regs[i].reg));
	for (i = 0; i < GEN8_CSB_ENTRIES; i++)
		dprintf(d, "  CSB[%d]               %#010x %#010x\n", i,
			gensim_read(engine->gdev, RING_CONTEXT_STATUS_BUF_LO(base, i)),
			gensim_read(engine->gdev, RING_CONTEXT_STATUS_BUF_HI(base, i)));
}

/**
 * gensim_dump_ring_window - the part of a ring to dump around a head
 * @head: RING_HEAD's address bits, as the device reported them
 * @ring_size: the ring's size in bytes
 * @start: out: the byte offset of the first dword to dump
 * @n: out: how many dwords to dump, all inside the ring
 *
 * Returns: true if @head lies inside the ring; otherwise the window is the
 * start of the ring, and the caller reports the bad head.
 */
bool gensim_dump_ring_window(u32 head, u32 ring_size, u32 *start, u32 *n)
{
	bool inside = head < ring_size;
	u32 at = inside ? round_down(head, 64) : 0;

	*start = at >= 128 ? at - 128 : 0;
	*n = min_t(u32, 96, (ring_size - *start) / 4);
	return inside;
}
EXPORT_SYMBOL_IF_KUNIT(gensim_dump_ring_window);

static void dump_ring(struct dump *d, struct gensim_queue *q, u32 head)
{
	u32 start, n;

	dprintf(d, "ring: ggtt %#llx head %#x tail %#x\n", q->ring_node.start, head, q->tail);
	if (!gensim_dump_ring_window(head, GENSIM_RING_SIZE, &start, &n))
		dprintf(d, "  (the device reports a head outside the %u-byte ring)\n",
			GENSIM_RING_SIZE);
	dump_dwords(d, q->ring_node.start + start, q->ring_vaddr + start / 4, n);
}

/* The batch dwords around @addr in the queue's VM, if a buffer maps it. */
static void dump_batch(struct dump *d, struct gensim_queue *q, u64 addr)
{
	struct gensim_device *gdev = q->gdev;
	struct drm_gpuva *va;
	u64 off, start;
	u32 buf[64];
	int i;

	dprintf(d, "batch: %#llx\n", addr);
	if (addr < GENSIM_VA_START || addr >= GENSIM_VA_END) {
		dprintf(d, "  (outside the VM's user range)\n");
		return;
	}
	if (!mutex_trylock(&gdev->bind_lock)) {
		dprintf(d, "  (a VM_BIND is in progress)\n");
		return;
	}
	va = drm_gpuva_find_first(&q->vm->base, addr, 4);
	if (!va || !va->gem.obj || va->gem.obj->import_attach) {
		dprintf(d, "  (no buffer of the driver's is mapped there)\n");
		goto out;
	}
	off = va->gem.offset + (addr - va->va.addr);
	start = round_down(off, 64) >= 64 ? round_down(off, 64) - 64 : 0;
	for (i = 0; i < ARRAY_SIZE(buf); i++) {
		struct page **pages = to_gensim_bo(va->gem.obj)->base.pages;
		u64 o = start + 4 * i;
		u32 *page;

		buf[i] = 0;
		if (!pages || o + 4 > va->gem.obj->size)
			continue;
		page = page_address(pages[o >> PAGE_SHIFT]);
		buf[i] = page[(o & ~PAGE_MASK) / 4];
	}
	dump_dwords(d, addr - (off - start), buf, ARRAY_SIZE(buf));
out:
	mutex_unlock(&gdev->bind_lock);
}

/*
 * The text, copied into pages that devcoredump's own sg-table functions
 * read and free: a dump may outlive the module (it is freed from
 * devcoredump's work item), so none of its callbacks may be ours.
 */
static void dump_publish(struct device *dev, const char *text, size_t len)
{
	unsigned int i, n = DIV_ROUND_UP(len, PAGE_SIZE);
	struct scatterlist *table;

	table = kmalloc_array(n, sizeof(*table), GFP_NOWAIT | __GFP_NOWARN);
	if (!table)
		return;
	sg_init_table(table, n);
	for (i = 0; i < n; i++) {
		struct page *page = alloc_page(GFP_NOWAIT | __GFP_NOWARN);

		if (!page) {
			while (i--)
				__free_page(sg_page(&table[i]));
			kfree(table);
			return;
		}
		sg_set_page(&table[i], page, PAGE_SIZE, 0);
	}
	sg_copy_from_buffer(table, n, text, len);
	/*
	 * No module reference and no callback of ours.  One at a time:
	 * devcoredump checks for a pending dump of the device and then adds
	 * its own without a lock, and two engines' timeouts (on the system
	 * workqueue) can capture at once (a duplicate sysfs link).
	 */
	mutex_lock(&dump_lock);
	dev_coredumpsg(dev, table, len, GFP_NOWAIT);
	mutex_unlock(&dump_lock);
}

/**
 * gensim_dump_capture - write the evidence of a hang to devcoredump
 * @engine: the engine about to be reset
 * @guilty: the context it was running, or NULL
 * @reason: why it is reset
 *
 * Context: process; sleeps.
 */
void gensim_dump_capture(struct gensim_engine *engine, struct gensim_queue *guilty,
			 const char *reason)
{
	struct gensim_device *gdev = engine->gdev;
	struct dump d = {};
	u64 bbaddr;
	u32 head;

	if (!gensim_coredump)
		return;
	d.buf = kmalloc(DUMP_SIZE, GFP_NOWAIT | __GFP_NOWARN);
	if (!d.buf)
		return;

	dprintf(&d, "gensim coredump v1\nreason: %s\nengine: %s\ntime: %lld\n", reason,
		gensim_engine_name(engine->id), ktime_get_ns());
	dprintf(&d, "device: %04x:%04x rev %#04x\n", gdev->info.vendor_id,
		gdev->info.device_id, gdev->info.revision);
	dump_registers(&d, engine);
	if (guilty) {
		head = gensim_read(gdev, RING_HEAD(engine->mmio_base)) & HEAD_ADDR;
		bbaddr = (u64)gensim_read(gdev, RING_BBADDR_UDW(engine->mmio_base)) << 32 |
			 gensim_read(gdev, RING_BBADDR(engine->mmio_base));
		dprintf(&d, "context: id %u desc %#llx lrca %#llx\n", guilty->ctx_id,
			guilty->desc, guilty->lrc_node.start);
		dump_ring(&d, guilty, head);
		dprintf(&d, "image:\n");
		dump_dwords(&d, guilty->lrc_node.start + PAGE_SIZE, guilty->lrc_state,
			    CTX_END + 1);
		dump_batch(&d, guilty, bbaddr & ~3ull);
	} else {
		dprintf(&d, "context: none\n");
	}
	dprintf(&d, "end\n");
	/* devcoredump owns the buffer now and frees it with dump_free(). */
	dump_publish(gdev->drm.dev, d.buf, d.len);
	kfree(d.buf);
}
