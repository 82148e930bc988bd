/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/gfp.h> - whole pages for a driver, as <linux/gfp.h> of 2.6.9 gives
 * them by address: __get_free_pages() of 2^order pages, page-aligned,
 * and free_pages() back. The allocation contexts (GFP_KERNEL...) are
 * <ldm/slab.h>'s. There is no struct page: ldm has no memory map.
 */
#ifndef _LDM_GFP_H
#define _LDM_GFP_H

#include <ldm/kernel.h>
#include <ldm/slab.h>

#pragma GCC visibility push(default)

unsigned long __get_free_pages(unsigned int gfp_mask, unsigned int order);
unsigned long get_zeroed_page(unsigned int gfp_mask);
void free_pages(unsigned long addr, unsigned int order);

#define __get_free_page(gfp_mask)	 __get_free_pages((gfp_mask), 0)
#define __get_dma_pages(gfp_mask, order) __get_free_pages((gfp_mask) | GFP_DMA, (order))
#define free_page(addr)			 free_pages((addr), 0)

/* The order of pages that holds @size bytes: the smallest n with PAGE_SIZE << n >= size. */
static inline int get_order(unsigned long size)
{
	int order = 0;

	size = (size - 1) >> PAGE_SHIFT;
	while (size) {
		size >>= 1;
		order++;
	}
	return order;
}

#pragma GCC visibility pop

#endif /* _LDM_GFP_H */
