// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * vmalloc.c - vmalloc and its kin (mm/vmalloc.c of the kernel). A process's
 * memory is virtually contiguous whatever its size, so a vmalloc area is a
 * kmalloc one: the page tables 2.6.9 builds for it are the host's business.
 */
#include <ldm/export.h>
#include <ldm/slab.h>
#include <ldm/vmalloc.h>

/**
 * vmalloc - allocate a virtually contiguous area
 * @size: bytes wanted
 *
 * Return: the area, not zeroed (as in 2.6.9), or NULL; vmalloc(0) is NULL,
 * as 2.6.9's.
 */
void *vmalloc(unsigned long size)
{
	if (!size)
		return NULL;
	return kmalloc(size, GFP_KERNEL);
}
EXPORT_SYMBOL(vmalloc);

/**
 * vmalloc_32 - vmalloc for memory a 32-bit device could address; any here
 * @size: bytes wanted
 */
void *vmalloc_32(unsigned long size)
{
	return vmalloc(size);
}
EXPORT_SYMBOL(vmalloc_32);

/**
 * __vmalloc - vmalloc with the allocation flags and page protection given
 * @size: bytes wanted
 * @gfp_mask: __GFP_ZERO zeroes the area; the others are advisory here
 * @prot: the page protection, ignored: the area is read-write
 */
void *__vmalloc(unsigned long size, unsigned int gfp_mask, unsigned long prot)
{
	(void)prot;
	if (!size)
		return NULL;
	return kmalloc(size, gfp_mask);
}
EXPORT_SYMBOL(__vmalloc);

/**
 * vfree - free a vmalloc area
 * @addr: what vmalloc returned, or NULL
 */
void vfree(void *addr)
{
	kfree(addr);
}
EXPORT_SYMBOL(vfree);
