// SPDX-License-Identifier: MIT
/*
 * In process, memory: window pages (the device's "physical" memory) for
 * buffers and page tables, and VMs as 4-level PPGTTs built in them
 * (hw-spec-memory "PPGTT"), as the driver's gensim_vm.c does: a buffer's
 * pages are contiguous in the window, VM_BIND writes PTEs, then one write
 * of GFX_FLSH_CNTL invalidates the device's TLBs.  A mapping holds its
 * buffer, so a closed buffer lives until its last binding goes.
 */
#include <errno.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "core/device.h"
#include "device/loopback.h"
#include "inproc.h"

#define PTE_RW		(GEN8_PAGE_PRESENT | GEN8_PAGE_RW)
#define PTE_RO		GEN8_PAGE_PRESENT

uint64_t ip_range_get(struct ip_ranges *r, uint64_t size)
{
	for (uint32_t i = 0; i < r->nfree; i++) {
		struct ip_run *run = &r->free[i];
		uint64_t start = run->start;

		if (run->size < size)
			continue;
		run->start += size;
		run->size -= size;
		if (!run->size)
			*run = r->free[--r->nfree];
		return start;
	}
	if (r->end - r->next < size)
		return 0;
	r->next += size;
	return r->next - size;
}

/* Without room to remember it, a freed range is simply not reused. */
void ip_range_put(struct ip_ranges *r, uint64_t start, uint64_t size)
{
	if (r->nfree == r->cap) {
		uint32_t cap = r->cap ? 2 * r->cap : 64;
		struct ip_run *f = realloc(r->free, cap * sizeof(*f));

		if (!f)
			return;
		r->free = f;
		r->cap = cap;
	}
	r->free[r->nfree++] = (struct ip_run){ start, size };
}

/*
 * @size bytes of zeroed, contiguous window pages, and an unmapped page
 * after them so a device access past the end faults instead of reading
 * the next buffer.  Their window address, or 0.
 */
uint64_t ip_pages(struct inproc *ip, uint64_t size)
{
	uint64_t dma = ip_range_get(&ip->window, size + LGSIM_PAGE);

	if (!dma)
		return 0;
	if (gs_loop_map(ip->loop, dma, size)) {
		ip_range_put(&ip->window, dma, size + LGSIM_PAGE);
		return 0;
	}
	return dma;
}

/* Unmapping zeroes them (MADV_DONTNEED): a reuse starts clean. */
void ip_pages_free(struct inproc *ip, uint64_t dma, uint64_t size)
{
	gs_loop_unmap(ip->loop, dma, size);
	ip_range_put(&ip->window, dma, size + LGSIM_PAGE);
}

void *ip_cpu(struct inproc *ip, uint64_t dma)
{
	return gs_loop_dma(ip->loop, dma);
}

/* What a driver does after GTT updates; returns once the device applied it. */
void ip_flush_tlbs(struct inproc *ip)
{
	gs_loop_write(ip->loop, GFX_FLSH_CNTL_GEN6, GFX_FLSH_CNTL_EN);
	gs_loop_flush(ip->loop, 5000);
}

void ip_bo_put(struct inproc *ip, struct ip_bo *bo)
{
	if (--bo->refs)
		return;
	ip_pages_free(ip, bo->dma, bo->size);
	free(bo);
}

int ip_bo_create(struct gsim_device *dev, uint64_t size, uint32_t flags, uint32_t vm_id,
		 uint32_t *handle)
{
	struct inproc *ip = ip_of(dev);
	struct ip_bo *bo;
	int ret = 0;

	if (!size || flags & ~GSIM_BO_CPU_WC)
		return lgsim_fail(-EINVAL, "GEM_CREATE: size %llu, flags %#x",
				  (unsigned long long)size, flags);
	if (size > IP_BO_MAX_SIZE)
		return lgsim_fail(-E2BIG, "GEM_CREATE of %llu bytes: above 32 GiB",
				  (unsigned long long)size);
	bo = calloc(1, sizeof(*bo));
	if (!bo)
		return lgsim_fail(-ENOMEM, "GEM_CREATE: out of memory");
	bo->refs = 1;
	bo->vm_id = vm_id;
	bo->size = lgsim_round_up(size, LGSIM_PAGE);
	pthread_mutex_lock(&ip->lock);
	if (vm_id && !ip_table_get(&ip->vms, vm_id))
		ret = lgsim_fail(-ENOENT, "GEM_CREATE: no VM %u", vm_id);
	if (!ret) {
		bo->dma = ip_pages(ip, bo->size);
		if (!bo->dma)
			ret = lgsim_fail(-ENOMEM, "GEM_CREATE: the DMA window has no room for "
					 "%llu bytes", (unsigned long long)bo->size);
	}
	if (!ret) {
		ret = ip_table_add(&ip->bos, bo, handle);
		if (ret)
			ip_pages_free(ip, bo->dma, bo->size);
	}
	pthread_mutex_unlock(&ip->lock);
	if (ret)
		free(bo);
	return ret;
}

int ip_bo_mmap(struct gsim_device *dev, uint32_t handle, uint64_t size, void **cpu)
{
	struct inproc *ip = ip_of(dev);
	struct ip_bo *bo;
	int ret = 0;

	pthread_mutex_lock(&ip->lock);
	bo = ip_table_get(&ip->bos, handle);
	if (!bo)
		ret = lgsim_fail(-ENOENT, "GEM_MMAP_OFFSET: no buffer %u", handle);
	else if (!size || size > bo->size)
		ret = lgsim_fail(-EINVAL, "mmap of %llu bytes of a %llu-byte buffer",
				 (unsigned long long)size, (unsigned long long)bo->size);
	else
		*cpu = ip_cpu(ip, bo->dma);	/* the window is this process's memory */
	pthread_mutex_unlock(&ip->lock);
	return ret;
}

int ip_bo_munmap(struct gsim_device *dev, void *cpu, uint64_t size)
{
	/* Nothing was mapped: the view is the window itself. */
	(void)dev;
	(void)cpu;
	(void)size;
	return 0;
}

int ip_bo_close(struct gsim_device *dev, uint32_t handle)
{
	struct inproc *ip = ip_of(dev);
	struct ip_bo *bo;

	pthread_mutex_lock(&ip->lock);
	bo = ip_table_remove(&ip->bos, handle);
	/* Its mappings keep it until they go. */
	if (bo)
		ip_bo_put(ip, bo);
	pthread_mutex_unlock(&ip->lock);
	return bo ? 0 : lgsim_fail(-ENOENT, "GEM_CLOSE: no buffer %u", handle);
}

static _Atomic uint64_t *entry(struct inproc *ip, uint64_t table, unsigned int i)
{
	return (_Atomic uint64_t *)ip_cpu(ip, table + 8ull * i);
}

/* A page-table page, remembered for the VM's destruction; 0 without room. */
static uint64_t table_page(struct inproc *ip, struct ip_vm *vm)
{
	uint64_t t;

	if (vm->ntables == vm->tables_cap) {
		uint32_t cap = vm->tables_cap ? 2 * vm->tables_cap : 16;
		uint64_t *p = realloc(vm->tables, cap * sizeof(*p));

		if (!p)
			return 0;
		vm->tables = p;
		vm->tables_cap = cap;
	}
	t = ip_pages(ip, LGSIM_PAGE);
	if (t)
		vm->tables[vm->ntables++] = t;
	return t;
}

/* What an entry of a new table at @level (0: the PDP's) holds: scratch, or nothing. */
static uint64_t empty_entry(const struct ip_vm *vm, unsigned int level)
{
	if (!(vm->flags & GSIM_VM_SCRATCH_PAGE))
		return 0;
	/* The scratch page itself is read-only: writes to unbound addresses fault. */
	return vm->scratch[level + 1] | (level + 1 == 3 ? PTE_RO : PTE_RW);
}

static uint64_t new_table(struct inproc *ip, struct ip_vm *vm, unsigned int level)
{
	uint64_t t = table_page(ip, vm), e = empty_entry(vm, level);

	for (unsigned int i = 0; t && e && i < 512; i++)
		atomic_store_explicit(entry(ip, t, i), e, memory_order_relaxed);
	return t;
}

/*
 * The PTE slot of @va, making the tables above it if @create (4 levels of
 * 9 bits; a scratch table on the way is replaced by a table of its own).
 * NULL if there is none, or no room.
 */
static _Atomic uint64_t *pte_of(struct inproc *ip, struct ip_vm *vm, uint64_t va, bool create)
{
	uint64_t table = vm->pml4;
	unsigned int level = 0;

	for (unsigned int shift = 39; shift > 12; shift -= 9, level++) {
		_Atomic uint64_t *e = entry(ip, table, (va >> shift) & 511);
		uint64_t v = atomic_load_explicit(e, memory_order_relaxed);
		bool scratch = (vm->flags & GSIM_VM_SCRATCH_PAGE) &&
			       (v & GEN8_PTE_ADDR_MASK) == vm->scratch[level];

		if (!(v & GEN8_PAGE_PRESENT) || scratch) {
			uint64_t t;

			if (!create)
				return NULL;
			t = new_table(ip, vm, level);
			if (!t)
				return NULL;
			v = t | PTE_RW;
			atomic_store_explicit(e, v, memory_order_relaxed);
		}
		table = v & GEN8_PTE_ADDR_MASK;
	}
	return entry(ip, table, (va >> 12) & 511);
}

/* GSIM_VM_SCRATCH_PAGE: a PDP, PD, PT and page that every unbound address reaches. */
static int scratch_init(struct inproc *ip, struct ip_vm *vm)
{
	for (int level = 3; level >= 0; level--) {
		vm->scratch[level] = level == 3 ? table_page(ip, vm) : new_table(ip, vm, level);
		if (!vm->scratch[level])
			return -ENOMEM;
	}
	for (unsigned int i = 0; i < 512; i++)
		atomic_store_explicit(entry(ip, vm->pml4, i), vm->scratch[0] | PTE_RW,
				      memory_order_relaxed);
	return 0;
}

/* Drop @bo's reference of mapping @i, which goes away. */
static void map_remove(struct inproc *ip, struct ip_vm *vm, uint32_t i)
{
	ip_bo_put(ip, vm->maps[i].bo);
	vm->maps[i] = vm->maps[--vm->nmaps];
}

static int map_add(struct ip_vm *vm, const struct ip_map *m)
{
	if (vm->nmaps == vm->maps_cap) {
		uint32_t cap = vm->maps_cap ? 2 * vm->maps_cap : 16;
		struct ip_map *p = realloc(vm->maps, cap * sizeof(*p));

		if (!p)
			return -ENOMEM;
		vm->maps = p;
		vm->maps_cap = cap;
	}
	vm->maps[vm->nmaps++] = *m;
	m->bo->refs++;
	return 0;
}

/* Take [@a, @e) out of every mapping, splitting those it cuts through. */
static int unmap_range(struct inproc *ip, struct ip_vm *vm, uint64_t a, uint64_t e)
{
	uint64_t none = empty_entry(vm, 2);

	for (uint32_t i = 0; i < vm->nmaps;) {
		struct ip_map *m = &vm->maps[i];
		uint64_t end = m->addr + m->range;

		if (end <= a || m->addr >= e) {
			i++;
			continue;
		}
		if (m->addr < a && end > e) {
			struct ip_map right = *m;

			right.offset += e - m->addr;
			right.addr = e;
			right.range = end - e;
			if (map_add(vm, &right))
				return -ENOMEM;
			m = &vm->maps[i];
			m->range = a - m->addr;
		} else if (m->addr < a) {
			m->range = a - m->addr;
		} else if (end > e) {
			m->offset += e - m->addr;
			m->range = end - e;
			m->addr = e;
		} else {
			map_remove(ip, vm, i);
			continue;
		}
		i++;
	}
	for (uint64_t va = a; va < e; va += LGSIM_PAGE) {
		_Atomic uint64_t *pte = pte_of(ip, vm, va, false);

		if (pte)
			atomic_store_explicit(pte, none, memory_order_relaxed);
	}
	return 0;
}

static int map_range(struct inproc *ip, struct ip_vm *vm, const struct gsim_bind_op *op,
		     struct ip_bo *bo)
{
	struct ip_map m = { op->addr, op->range, op->obj_offset, bo,
			    op->flags & GSIM_BIND_READONLY };
	uint64_t flags = m.readonly ? PTE_RO : PTE_RW;

	if (unmap_range(ip, vm, op->addr, op->addr + op->range) || map_add(vm, &m))
		return -ENOMEM;
	for (uint64_t off = 0; off < op->range; off += LGSIM_PAGE) {
		_Atomic uint64_t *pte = pte_of(ip, vm, op->addr + off, true);

		if (!pte) {
			/* Keep the list what the page tables say: only what was written. */
			unmap_range(ip, vm, op->addr + off, op->addr + op->range);
			return -ENOMEM;
		}
		atomic_store_explicit(pte, (bo->dma + op->obj_offset + off) | flags,
				      memory_order_relaxed);
	}
	return 0;
}

void ip_vm_put(struct inproc *ip, struct ip_vm *vm)
{
	if (--vm->refs)
		return;
	while (vm->nmaps)
		map_remove(ip, vm, vm->nmaps - 1);
	for (uint32_t i = 0; i < vm->ntables; i++)
		ip_pages_free(ip, vm->tables[i], LGSIM_PAGE);
	free(vm->tables);
	free(vm->maps);
	free(vm);
}

int ip_vm_create(struct gsim_device *dev, uint32_t flags, uint32_t *id)
{
	struct inproc *ip = ip_of(dev);
	struct ip_vm *vm;
	int ret = 0;

	if (flags & ~GSIM_VM_SCRATCH_PAGE)
		return lgsim_fail(-EINVAL, "VM_CREATE: flags %#x", flags);
	vm = calloc(1, sizeof(*vm));
	if (!vm)
		return lgsim_fail(-ENOMEM, "VM_CREATE: out of memory");
	vm->refs = 1;
	vm->flags = flags;
	pthread_mutex_lock(&ip->lock);
	vm->pml4 = table_page(ip, vm);
	if (!vm->pml4 || ((flags & GSIM_VM_SCRATCH_PAGE) && scratch_init(ip, vm)))
		ret = lgsim_fail(-ENOMEM, "VM_CREATE: no room for page tables");
	if (!ret)
		ret = ip_table_add(&ip->vms, vm, id);
	if (!ret)
		vm->id = *id;
	else
		ip_vm_put(ip, vm);
	pthread_mutex_unlock(&ip->lock);
	return ret;
}

int ip_vm_destroy(struct gsim_device *dev, uint32_t id)
{
	struct inproc *ip = ip_of(dev);
	struct ip_vm *vm;

	pthread_mutex_lock(&ip->lock);
	vm = ip_table_remove(&ip->vms, id);
	/* Its queues keep it until they go, as the kernel's do. */
	if (vm)
		ip_vm_put(ip, vm);
	pthread_mutex_unlock(&ip->lock);
	return vm ? 0 : lgsim_fail(-ENOENT, "VM_DESTROY: no VM %u", id);
}

static bool aligned(uint64_t v)
{
	return !(v & (LGSIM_PAGE - 1));
}

/* The uapi's checks of one operation, before any is applied. */
static int check_op(struct inproc *ip, const struct ip_vm *vm, const struct gsim_bind_op *op,
		    struct ip_bo **bo)
{
	*bo = NULL;
	if (op->op > GSIM_BIND_UNMAP || op->pad || op->flags & ~GSIM_BIND_READONLY)
		return lgsim_fail(-EINVAL, "VM_BIND: operation %u, flags %#x", op->op, op->flags);
	if (!aligned(op->addr) || !aligned(op->range) || !aligned(op->obj_offset) || !op->range)
		return lgsim_fail(-EINVAL, "VM_BIND: %#llx+%#llx not whole pages",
				  (unsigned long long)op->addr, (unsigned long long)op->range);
	if (op->addr < IP_VA_START || op->addr > IP_VA_END || op->range > IP_VA_END - op->addr)
		return lgsim_fail(-EINVAL, "VM_BIND: %#llx+%#llx outside [%#llx, %#llx)",
				  (unsigned long long)op->addr, (unsigned long long)op->range,
				  IP_VA_START, IP_VA_END);
	if (op->op == GSIM_BIND_UNMAP) {
		if (op->handle || op->obj_offset || op->flags)
			return lgsim_fail(-EINVAL, "VM_BIND: an unmap names a buffer");
		return 0;
	}
	*bo = ip_table_get(&ip->bos, op->handle);
	if (!*bo)
		return lgsim_fail(-ENOENT, "VM_BIND: no buffer %u", op->handle);
	if (op->obj_offset > (*bo)->size || op->range > (*bo)->size - op->obj_offset)
		return lgsim_fail(-EINVAL, "VM_BIND: %#llx+%#llx outside buffer %u",
				  (unsigned long long)op->obj_offset,
				  (unsigned long long)op->range, op->handle);
	/* A VM-private buffer shares its VM's reservation: only that VM. */
	if ((*bo)->vm_id && (*bo)->vm_id != vm->id)
		return lgsim_fail(-EINVAL, "VM_BIND: buffer %u is private to VM %u", op->handle,
				  (*bo)->vm_id);
	return 0;
}

int ip_vm_bind(struct gsim_device *dev, uint32_t id, const struct gsim_bind_op *ops, uint32_t n)
{
	struct inproc *ip = ip_of(dev);
	struct ip_bo **bos;
	struct ip_vm *vm;
	int ret = 0;

	if (!n || n > IP_BIND_MAX_OPS)
		return lgsim_fail(-EINVAL, "VM_BIND: %u operations (1..%u)", n, IP_BIND_MAX_OPS);
	bos = calloc(n, sizeof(*bos));
	if (!bos)
		return lgsim_fail(-ENOMEM, "VM_BIND: out of memory");
	pthread_mutex_lock(&ip->lock);
	vm = ip_table_get(&ip->vms, id);
	if (!vm)
		ret = lgsim_fail(-ENOENT, "VM_BIND: no VM %u", id);
	for (uint32_t i = 0; !ret && i < n; i++)
		ret = check_op(ip, vm, &ops[i], &bos[i]);
	/* Applied in order; a failure leaves the earlier ones applied, as the uapi says. */
	for (uint32_t i = 0; !ret && i < n; i++) {
		if (ops[i].op == GSIM_BIND_MAP)
			ret = map_range(ip, vm, &ops[i], bos[i]);
		else
			ret = unmap_range(ip, vm, ops[i].addr, ops[i].addr + ops[i].range);
		if (ret)
			lgsim_fail(ret, "VM_BIND: no room for page tables");
	}
	if (vm)
		ip_flush_tlbs(ip);
	pthread_mutex_unlock(&ip->lock);
	free(bos);
	return ret;
}
