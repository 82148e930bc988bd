// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * ioremap.c - ioremap() and the memory-mapped I/O accessors
 * (arch/i386/mm/ioremap.c and include/asm-i386/io.h of 2.6.9).
 *
 * ioremap() gives a cookie: an address range of its own that no memory
 * backs (mapped PROT_NONE), so that a driver's arithmetic on it works and
 * readl(cookie + 4) finds the physical address back, while a direct
 * dereference faults instead of touching anything: the fault is reported,
 * naming the driver, the cookie and the physical address, and the process
 * stops (docs/hardware.md). Every access through the accessors goes to the
 * model that claims the physical address (kernel/iospace.c), or reads all
 * ones.
 */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <ucontext.h>
#include <unistd.h>
#include <string.h>
#include <sys/mman.h>
#include <ldm/errno.h>
#include <ldm/export.h>
#include <ldm/io.h>
#include <ldm/kernel.h>
#include <ldm/list.h>
#include <ldm/slab.h>

#include "boot.h"
#include "iospace.h"

/**
 * struct io_mapping - one ioremap()
 * @virt: the cookie's page-aligned base
 * @len: the length reserved there
 * @phys: the physical address @virt stands for
 * @list: in io_mappings
 */
struct io_mapping {
	unsigned long virt;
	size_t len;
	unsigned long phys;
	struct list_head list;
};

static pthread_rwlock_t mappings_lock = PTHREAD_RWLOCK_INITIALIZER;
static LIST_HEAD(io_mappings);

/* The module whose code holds an address, set by the loader; NULL for none. */
const char *(*ldm_text_owner)(unsigned long ip);

static pthread_once_t fault_once = PTHREAD_ONCE_INIT;
static struct sigaction old_segv;
static struct io_mapping *find_mapping(unsigned long addr);

/* The faulting instruction's address, where the C library says it. */
static unsigned long fault_ip(void *ctx)
{
#if defined(__x86_64__)
	return (unsigned long)((ucontext_t *)ctx)->uc_mcontext.gregs[REG_RIP];
#elif defined(__i386__)
	return (unsigned long)((ucontext_t *)ctx)->uc_mcontext.gregs[REG_EIP];
#else
	(void)ctx;
	return 0;
#endif
}

/*
 * SIGSEGV: a fault inside a cookie is a driver dereferencing it; another
 * fault of a module's code is its bug (an oops, in the kernel); a fault
 * elsewhere, say at address 0 after a module smashed its stack, is said
 * without a name. Say who and where, then let the fault kill the process
 * as it would have; any fault goes on to the handler there was before (a
 * sanitizer's).
 */
static void cookie_fault(int sig, siginfo_t *si, void *ctx)
{
	unsigned long addr = (unsigned long)si->si_addr, ip = fault_ip(ctx);
	bool locked = !pthread_rwlock_tryrdlock(&mappings_lock);
	struct io_mapping *m = find_mapping(addr);
	const char *who = NULL;
	char msg[384];
	int n;

	if (ldm_text_owner && ip)
		who = ldm_text_owner(ip);
	n = 0;
	if (m)
		n = snprintf(msg, sizeof(msg),
			     "ldm: %s: dereferenced the ioremap() cookie %#lx (physical %#lx) "
			     "directly, at %#lx: only readb() ... writel(), memcpy_fromio() and "
			     "the like reach a device here; stopping\n",
			     who ? who : "kernel", addr, m->phys + (addr - m->virt), ip);
	else if (who)
		n = snprintf(msg, sizeof(msg),
			     "ldm: Oops: %s: bad memory access at %#lx, at %#lx in its code; "
			     "stopping\n",
			     who, addr, ip);
	else if (si->si_code > 0) /* a fault, not a kill(2) */
		n = snprintf(msg, sizeof(msg),
			     "ldm: Oops: bad memory access at %#lx, at %#lx, outside any "
			     "module's code (a module's call through a bad pointer or return "
			     "on a smashed stack lands there, as does a fault of ldm or of "
			     "the program); stopping\n",
			     addr, ip);
	if (n > 0 && write(STDERR_FILENO, msg, (size_t)n) < 0)
		n = 0;
	if (locked)
		pthread_rwlock_unlock(&mappings_lock);
	(void)sig;
	/* Returning faults again, in the handler there was before (or the default). */
	sigaction(SIGSEGV, &old_segv, NULL);
}

static void install_fault_handler(void)
{
	struct sigaction sa = { .sa_sigaction = cookie_fault, .sa_flags = SA_SIGINFO | SA_NODEFER };

	sigemptyset(&sa.sa_mask);
	sigaction(SIGSEGV, &sa, &old_segv);
}

/**
 * ldm_fault_report_install - report the faults of module code (once)
 *
 * The loader calls it, so that a module that dereferences a wild pointer
 * is named, as an oops names it, before the process stops.
 */
void ldm_fault_report_install(void)
{
	pthread_once(&fault_once, install_fault_handler);
}

/**
 * __ioremap - map a range of physical memory-mapped I/O
 * @phys_addr: its physical address
 * @size: its length
 * @flags: the page flags of 2.6.9 (ignored: nothing is cached here)
 *
 * Return: the cookie for readb() ... writel() and iounmap(), or NULL for
 * a zero @size, a range that wraps, or no memory.
 */
void __iomem *__ioremap(unsigned long phys_addr, unsigned long size, unsigned long flags)
{
	unsigned long offset = phys_addr & ~PAGE_MASK;
	struct io_mapping *m;
	void *base;

	(void)flags;
	if (!size || phys_addr + size - 1 < phys_addr)
		return NULL;
	pthread_once(&fault_once, install_fault_handler);
	m = kmalloc(sizeof(*m), GFP_KERNEL);
	if (!m)
		return NULL;
	m->len = (offset + size + PAGE_SIZE - 1) & PAGE_MASK;
	base = mmap(NULL, m->len, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (base == MAP_FAILED) {
		kfree(m);
		return NULL;
	}
	m->virt = (unsigned long)base;
	m->phys = phys_addr & PAGE_MASK;
	pthread_rwlock_wrlock(&mappings_lock);
	list_add(&m->list, &io_mappings);
	pthread_rwlock_unlock(&mappings_lock);
	return (void __iomem *)(m->virt + offset);
}
EXPORT_SYMBOL(__ioremap);

/**
 * ioremap - map physical I/O memory
 * @offset: its physical address
 * @size: its length
 *
 * Return: as __ioremap().
 */
void __iomem *ioremap(unsigned long offset, unsigned long size)
{
	return __ioremap(offset, size, 0);
}
EXPORT_SYMBOL(ioremap);

/**
 * ioremap_nocache - ioremap(), uncached (the same here)
 * @offset: its physical address
 * @size: its length
 *
 * Return: as __ioremap().
 */
void __iomem *ioremap_nocache(unsigned long offset, unsigned long size)
{
	return __ioremap(offset, size, 0);
}
EXPORT_SYMBOL(ioremap_nocache);

/* The mapping holding @addr; under mappings_lock. */
static struct io_mapping *find_mapping(unsigned long addr)
{
	struct io_mapping *m;

	list_for_each_entry(m, &io_mappings, list)
		if (addr >= m->virt && addr - m->virt < m->len)
			return m;
	return NULL;
}

/**
 * iounmap - undo an ioremap()
 * @addr: the cookie, or any address inside its range
 */
void iounmap(volatile void __iomem *addr)
{
	struct io_mapping *m;

	if (!addr)
		return;
	pthread_rwlock_wrlock(&mappings_lock);
	m = find_mapping((unsigned long)addr);
	if (m)
		list_del(&m->list);
	pthread_rwlock_unlock(&mappings_lock);
	if (!m) {
		printk(KERN_ERR "iounmap: bad address %p\n", (void __force *)addr);
		dump_stack();
		return;
	}
	munmap((void *)m->virt, m->len);
	kfree(m);
}
EXPORT_SYMBOL(iounmap);

/* The physical address a cookie stands for; false if ioremap() never gave it. */
static bool cookie_to_phys(const volatile void *addr, unsigned long *phys)
{
	struct io_mapping *m;

	pthread_rwlock_rdlock(&mappings_lock);
	m = find_mapping((unsigned long)addr);
	if (m)
		*phys = m->phys + ((unsigned long)addr - m->virt);
	pthread_rwlock_unlock(&mappings_lock);
	return m != NULL;
}

/**
 * __ldm_mmio_read - what readb(), readw() and readl() do
 * @addr: an address inside an ioremap() cookie's range
 * @width: 1, 2 or 4
 * @who: the calling module's name (from <ldm/io.h>)
 *
 * Return: the model's answer, or all ones (also for an address ioremap()
 * never gave, which is logged).
 */
u32 __ldm_mmio_read(const volatile void __iomem *addr, unsigned int width, const char *who)
{
	unsigned long phys;

	if (!cookie_to_phys(addr, &phys)) {
		ldm_iospace_stray(addr, "read", who);
		return width >= 4 ? 0xffffffffU : (1U << (8 * width)) - 1;
	}
	return ldm_iospace_read(LDM_HW_MMIO, phys, width, who);
}
EXPORT_SYMBOL(__ldm_mmio_read);

/**
 * __ldm_mmio_write - what writeb(), writew() and writel() do
 * @value: the value
 * @addr: an address inside an ioremap() cookie's range
 * @width: 1, 2 or 4
 * @who: the calling module's name
 */
void __ldm_mmio_write(u32 value, volatile void __iomem *addr, unsigned int width, const char *who)
{
	unsigned long phys;

	if (!cookie_to_phys(addr, &phys)) {
		ldm_iospace_stray(addr, "write", who);
		return;
	}
	ldm_iospace_write(LDM_HW_MMIO, phys, width, value, who);
}
EXPORT_SYMBOL(__ldm_mmio_write);

/**
 * __ldm_isa_read - what isa_readb() ... do: a read of a physical address
 * @phys: the physical address (of the ISA hole, 0xa0000 to 0xfffff, say)
 * @width: 1, 2 or 4
 * @who: the calling module's name
 *
 * Return: the model's answer, or all ones.
 */
u32 __ldm_isa_read(unsigned long phys, unsigned int width, const char *who)
{
	return ldm_iospace_read(LDM_HW_MMIO, phys, width, who);
}
EXPORT_SYMBOL(__ldm_isa_read);

/**
 * __ldm_isa_write - what isa_writeb() ... do: a write to a physical address
 * @value: the value
 * @phys: the physical address
 * @width: 1, 2 or 4
 * @who: the calling module's name
 */
void __ldm_isa_write(u32 value, unsigned long phys, unsigned int width, const char *who)
{
	ldm_iospace_write(LDM_HW_MMIO, phys, width, value, who);
}
EXPORT_SYMBOL(__ldm_isa_write);

/**
 * __ldm_memcpy_fromio - what memcpy_fromio() does: byte reads into @to
 * @to: the destination
 * @from: an address inside a cookie's range
 * @count: bytes
 * @who: the calling module's name
 */
void __ldm_memcpy_fromio(void *to, const volatile void __iomem *from, size_t count, const char *who)
{
	unsigned char *d = to;
	size_t i;

	for (i = 0; i < count; i++)
		d[i] = (unsigned char)__ldm_mmio_read((const volatile char __iomem *)from + i, 1,
						      who);
}
EXPORT_SYMBOL(__ldm_memcpy_fromio);

/**
 * __ldm_memcpy_toio - what memcpy_toio() does: byte writes from @from
 * @to: an address inside a cookie's range
 * @from: the source
 * @count: bytes
 * @who: the calling module's name
 */
void __ldm_memcpy_toio(volatile void __iomem *to, const void *from, size_t count, const char *who)
{
	const unsigned char *s = from;
	size_t i;

	for (i = 0; i < count; i++)
		__ldm_mmio_write(s[i], (volatile char __iomem *)to + i, 1, who);
}
EXPORT_SYMBOL(__ldm_memcpy_toio);

/**
 * __ldm_memset_io - what memset_io() does: @count byte writes of @c
 * @addr: an address inside a cookie's range
 * @c: the byte
 * @count: bytes
 * @who: the calling module's name
 */
void __ldm_memset_io(volatile void __iomem *addr, int c, size_t count, const char *who)
{
	size_t i;

	for (i = 0; i < count; i++)
		__ldm_mmio_write((u8)c, (volatile char __iomem *)addr + i, 1, who);
}
EXPORT_SYMBOL(__ldm_memset_io);

/**
 * ioremap_exit - unmap what drivers left mapped
 */
void ioremap_exit(void)
{
	struct io_mapping *m, *n;

	pthread_rwlock_wrlock(&mappings_lock);
	list_for_each_entry_safe(m, n, &io_mappings, list) {
		list_del(&m->list);
		munmap((void *)m->virt, m->len);
		kfree(m);
	}
	pthread_rwlock_unlock(&mappings_lock);
}
