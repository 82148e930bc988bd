/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/ioport.h> - resource trees, as <linux/ioport.h> of 2.6.9: the I/O
 * port and memory ranges devices claim, nested as the hardware nests them.
 */
#ifndef _LDM_IOPORT_H
#define _LDM_IOPORT_H

#include <ldm/compiler.h>
#include <ldm/err.h>
#include <ldm/types.h>

#pragma GCC visibility push(default)

struct resource {
	const char *name;
	unsigned long start, end;
	unsigned long flags;
	struct resource *parent, *sibling, *child;
};

#define IORESOURCE_BITS	       0x000000ff /* bus-specific bits */
#define IORESOURCE_IO	       0x00000100 /* resource types */
#define IORESOURCE_MEM	       0x00000200
#define IORESOURCE_IRQ	       0x00000400
#define IORESOURCE_DMA	       0x00000800
#define IORESOURCE_PREFETCH    0x00001000
#define IORESOURCE_READONLY    0x00002000
#define IORESOURCE_CACHEABLE   0x00004000
#define IORESOURCE_RANGELENGTH 0x00008000
#define IORESOURCE_SHADOWABLE  0x00010000
#define IORESOURCE_BUS_HAS_VGA 0x00080000
#define IORESOURCE_DISABLED    0x10000000
#define IORESOURCE_UNSET       0x20000000
#define IORESOURCE_AUTO	       0x40000000
#define IORESOURCE_BUSY	       0x80000000 /* a driver has claimed it */

extern struct resource ioport_resource;
extern struct resource iomem_resource;

int request_resource(struct resource *root, struct resource *new);
int release_resource(struct resource *old);
int allocate_resource(struct resource *root, struct resource *new, unsigned long size,
		      unsigned long min, unsigned long max, unsigned long align,
		      void (*alignf)(void *, struct resource *, unsigned long, unsigned long),
		      void *alignf_data);

struct resource *__request_region(struct resource *parent, unsigned long start, unsigned long n,
				  const char *name);
int __check_region(struct resource *parent, unsigned long start, unsigned long n);
void __release_region(struct resource *parent, unsigned long start, unsigned long n);

/* A driver's claim of ports or memory: NULL when another holds part of it. */
#define request_region(start, n, name)	   __request_region(&ioport_resource, (start), (n), (name))
#define request_mem_region(start, n, name) __request_region(&iomem_resource, (start), (n), (name))
#define rename_region(region, newname) \
	do { \
		(region)->name = (newname); \
	} while (0)
#define release_region(start, n)     __release_region(&ioport_resource, (start), (n))
#define release_mem_region(start, n) __release_region(&iomem_resource, (start), (n))
/* 2.6.9 deprecates these: 0 if the range is free now, else -EBUSY. */
#define check_region(start, n)	     __check_region(&ioport_resource, (start), (n))
#define check_mem_region(start, n)   __check_region(&iomem_resource, (start), (n))

/**
 * resource_size - the length of a resource's range
 * @res: the resource
 */
static inline unsigned long resource_size(const struct resource *res)
{
	return res->end - res->start + 1;
}

#pragma GCC visibility pop

#endif /* _LDM_IOPORT_H */
