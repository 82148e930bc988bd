/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/io.h> - port and memory-mapped I/O, as <asm-i386/io.h> of 2.6.9:
 * inb() ... outl() with their _p and string forms, ioremap() and
 * readb() ... writel(), memcpy_fromio()/memcpy_toio()/memset_io(), the isa_
 * forms, and the bus and physical address conversions.
 *
 * Every access goes to the device model that owns the address, with its
 * width, or reads all ones (and is logged once per driver and address)
 * when none does; none ever reaches the host's hardware. The calling
 * module's name goes with each access, for that log and for models.
 */
#ifndef _LDM_IO_H
#define _LDM_IO_H

#include <stddef.h>
#include <string.h>
#include <ldm/compiler.h>
#include <ldm/kernel.h>
#include <ldm/types.h>

#ifdef MODULE
#include <ldm/module.h>
/* Who makes an access: the module's name, for the log of unanswered ones. */
#define __LDM_IO_WHO (__this_module.name)
#else
#define __LDM_IO_WHO ((const char *)0)
#endif

#pragma GCC visibility push(default)

#define IO_SPACE_LIMIT 0xffff

u32 __ldm_port_in(unsigned long port, unsigned int width, const char *who);
void __ldm_port_out(u32 value, unsigned long port, unsigned int width, const char *who);
void __ldm_port_ins(unsigned long port, void *buf, unsigned long count, unsigned int width,
		    const char *who);
void __ldm_port_outs(unsigned long port, const void *buf, unsigned long count, unsigned int width,
		     const char *who);

u32 __ldm_mmio_read(const volatile void __iomem *addr, unsigned int width, const char *who);
void __ldm_mmio_write(u32 value, volatile void __iomem *addr, unsigned int width, const char *who);
u32 __ldm_isa_read(unsigned long phys, unsigned int width, const char *who);
void __ldm_isa_write(u32 value, unsigned long phys, unsigned int width, const char *who);
void __ldm_memcpy_fromio(void *to, const volatile void __iomem *from, size_t count,
			 const char *who);
void __ldm_memcpy_toio(volatile void __iomem *to, const void *from, size_t count, const char *who);
void __ldm_memset_io(volatile void __iomem *addr, int c, size_t count, const char *who);

void __iomem *__ioremap(unsigned long phys_addr, unsigned long size, unsigned long flags);
void __iomem *ioremap(unsigned long offset, unsigned long size);
void __iomem *ioremap_nocache(unsigned long offset, unsigned long size);
void iounmap(volatile void __iomem *addr);

/*
 * The readers are functions, as 2.6.9's are, not casts in macros: a driver
 * that reads a port or a register only for its side effect (wdt.c's
 * inb_p(WDT_DC) turns its card off) compiles without "value computed is
 * not used".
 */
static inline unsigned char __ldm_in8(unsigned long port, const char *who)
{
	return (unsigned char)__ldm_port_in(port, 1, who);
}

static inline unsigned short __ldm_in16(unsigned long port, const char *who)
{
	return (unsigned short)__ldm_port_in(port, 2, who);
}

static inline unsigned int __ldm_in32(unsigned long port, const char *who)
{
	return (unsigned int)__ldm_port_in(port, 4, who);
}

static inline unsigned char __ldm_read8(const volatile void __iomem *addr, const char *who)
{
	return (unsigned char)__ldm_mmio_read(addr, 1, who);
}

static inline unsigned short __ldm_read16(const volatile void __iomem *addr, const char *who)
{
	return (unsigned short)__ldm_mmio_read(addr, 2, who);
}

static inline unsigned int __ldm_read32(const volatile void __iomem *addr, const char *who)
{
	return (unsigned int)__ldm_mmio_read(addr, 4, who);
}

/* Port I/O. The port may be any integer; ports past 0xffff read all ones. */
#define inb(port)	    __ldm_in8((unsigned long)(port), __LDM_IO_WHO)
#define inw(port)	    __ldm_in16((unsigned long)(port), __LDM_IO_WHO)
#define inl(port)	    __ldm_in32((unsigned long)(port), __LDM_IO_WHO)
#define outb(value, port)   __ldm_port_out((u8)(value), (unsigned long)(port), 1, __LDM_IO_WHO)
#define outw(value, port)   __ldm_port_out((u16)(value), (unsigned long)(port), 2, __LDM_IO_WHO)
#define outl(value, port)   __ldm_port_out((u32)(value), (unsigned long)(port), 4, __LDM_IO_WHO)
/* The pausing forms: no bus to slow down here. */
#define inb_p(port)	    inb(port)
#define inw_p(port)	    inw(port)
#define inl_p(port)	    inl(port)
#define outb_p(value, port) outb(value, port)
#define outw_p(value, port) outw(value, port)
#define outl_p(value, port) outl(value, port)
#define insb(port, addr, count) \
	__ldm_port_ins((unsigned long)(port), (addr), (count), 1, __LDM_IO_WHO)
#define insw(port, addr, count) \
	__ldm_port_ins((unsigned long)(port), (addr), (count), 2, __LDM_IO_WHO)
#define insl(port, addr, count) \
	__ldm_port_ins((unsigned long)(port), (addr), (count), 4, __LDM_IO_WHO)
#define outsb(port, addr, count) \
	__ldm_port_outs((unsigned long)(port), (addr), (count), 1, __LDM_IO_WHO)
#define outsw(port, addr, count) \
	__ldm_port_outs((unsigned long)(port), (addr), (count), 2, __LDM_IO_WHO)
#define outsl(port, addr, count) \
	__ldm_port_outs((unsigned long)(port), (addr), (count), 4, __LDM_IO_WHO)

static inline void slow_down_io(void)
{
}

/*
 * Memory-mapped I/O through an ioremap() cookie. As in 2.6.9 these take a
 * pointer or an unsigned long holding one.
 */
#define readb(addr) __ldm_read8((const volatile void __iomem *)(addr), __LDM_IO_WHO)
#define readw(addr) __ldm_read16((const volatile void __iomem *)(addr), __LDM_IO_WHO)
#define readl(addr) __ldm_read32((const volatile void __iomem *)(addr), __LDM_IO_WHO)
#define writeb(value, addr) \
	__ldm_mmio_write((u8)(value), (volatile void __iomem *)(addr), 1, __LDM_IO_WHO)
#define writew(value, addr) \
	__ldm_mmio_write((u16)(value), (volatile void __iomem *)(addr), 2, __LDM_IO_WHO)
#define writel(value, addr) \
	__ldm_mmio_write((u32)(value), (volatile void __iomem *)(addr), 4, __LDM_IO_WHO)
#define readb_relaxed(addr)	  readb(addr)
#define readw_relaxed(addr)	  readw(addr)
#define readl_relaxed(addr)	  readl(addr)
#define __raw_readb(addr)	  readb(addr)
#define __raw_readw(addr)	  readw(addr)
#define __raw_readl(addr)	  readl(addr)
#define __raw_writeb(value, addr) writeb(value, addr)
#define __raw_writew(value, addr) writew(value, addr)
#define __raw_writel(value, addr) writel(value, addr)
#define mmiowb() \
	do { \
	} while (0)

#define memcpy_fromio(to, from, count) \
	__ldm_memcpy_fromio((to), (const volatile void __iomem *)(from), (count), __LDM_IO_WHO)
#define memcpy_toio(to, from, count) \
	__ldm_memcpy_toio((volatile void __iomem *)(to), (from), (count), __LDM_IO_WHO)
#define memset_io(addr, c, count) \
	__ldm_memset_io((volatile void __iomem *)(addr), (c), (count), __LDM_IO_WHO)

/* The ISA hole by physical address, as 2.6.9's isa_ forms. */
static inline unsigned char __ldm_isa_read8(unsigned long phys, const char *who)
{
	return (unsigned char)__ldm_isa_read(phys, 1, who);
}

static inline unsigned short __ldm_isa_read16(unsigned long phys, const char *who)
{
	return (unsigned short)__ldm_isa_read(phys, 2, who);
}

static inline unsigned int __ldm_isa_read32(unsigned long phys, const char *who)
{
	return (unsigned int)__ldm_isa_read(phys, 4, who);
}

#define isa_readb(a)	 __ldm_isa_read8((unsigned long)(a), __LDM_IO_WHO)
#define isa_readw(a)	 __ldm_isa_read16((unsigned long)(a), __LDM_IO_WHO)
#define isa_readl(a)	 __ldm_isa_read32((unsigned long)(a), __LDM_IO_WHO)
#define isa_writeb(b, a) __ldm_isa_write((u8)(b), (unsigned long)(a), 1, __LDM_IO_WHO)
#define isa_writew(w, a) __ldm_isa_write((u16)(w), (unsigned long)(a), 2, __LDM_IO_WHO)
#define isa_writel(l, a) __ldm_isa_write((u32)(l), (unsigned long)(a), 4, __LDM_IO_WHO)
#define isa_memset_io(a, b, c) \
	do { \
		unsigned long __a = (unsigned long)(a); \
		size_t __i; \
		for (__i = 0; __i < (size_t)(c); __i++) \
			isa_writeb((b), __a + __i); \
	} while (0)
#define isa_memcpy_fromio(to, from, count) \
	do { \
		unsigned char *__t = (unsigned char *)(to); \
		size_t __i; \
		for (__i = 0; __i < (size_t)(count); __i++) \
			__t[__i] = isa_readb((unsigned long)(from) + __i); \
	} while (0)
#define isa_memcpy_toio(to, from, count) \
	do { \
		const unsigned char *__f = (const unsigned char *)(from); \
		size_t __i; \
		for (__i = 0; __i < (size_t)(count); __i++) \
			isa_writeb(__f[__i], (unsigned long)(to) + __i); \
	} while (0)

/**
 * check_signature - whether a ROM at a cookie starts with @signature
 * @io_addr: the cookie
 * @signature: the bytes
 * @length: how many
 *
 * Return: 1 if they match (never, with nothing mapped: all ones), else 0.
 */
static inline int check_signature(volatile void __iomem *io_addr, const unsigned char *signature,
				  int length)
{
	int i;

	for (i = 0; i < length; i++)
		if (readb((volatile char __iomem *)io_addr + i) != signature[i])
			return 0;
	return 1;
}

static inline int isa_check_signature(unsigned long io_addr, const unsigned char *signature,
				      int length)
{
	int i;

	for (i = 0; i < length; i++)
		if (isa_readb(io_addr + i) != signature[i])
			return 0;
	return 1;
}

/*
 * Addresses: a driver's memory is its own bus address (models reach it at
 * the same address), and physical addresses are virtual ones.
 */
static inline unsigned long virt_to_phys(volatile void *address)
{
	return (unsigned long)address;
}

static inline void *phys_to_virt(unsigned long address)
{
	return (void *)address;
}

#define virt_to_bus(addr)     virt_to_phys(addr)
#define bus_to_virt(addr)     phys_to_virt(addr)
#define isa_virt_to_bus(addr) virt_to_phys(addr)
#define isa_bus_to_virt(addr) phys_to_virt(addr)

static inline void flush_write_buffers(void)
{
}

#define dma_cache_inv(start, size) \
	do { \
	} while (0)
#define dma_cache_wback(start, size) \
	do { \
	} while (0)
#define dma_cache_wback_inv(start, size) \
	do { \
	} while (0)

#pragma GCC visibility pop

#endif /* _LDM_IO_H */
