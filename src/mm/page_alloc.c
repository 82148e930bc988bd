// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * page_alloc.c - whole pages for drivers (the by-address calls of
 * mm/page_alloc.c of 2.6.9): 2^order pages, page-aligned, from the C
 * library's aligned allocator.
 */
#include <stdlib.h>
#include <string.h>
#include <ldm/export.h>
#include <ldm/gfp.h>

/* More than a driver of 2.6.9 could ask (MAX_ORDER was 11). */
#define MAX_ORDER 11

/**
 * __get_free_pages - 2^@order pages
 * @gfp_mask: GFP_* (advisory); __GFP_ZERO clears them
 * @order: log2 of how many, below 11
 *
 * Return: their address, page-aligned, or 0.
 */
unsigned long __get_free_pages(unsigned int gfp_mask, unsigned int order)
{
	size_t size;
	void *p;

	if (order >= MAX_ORDER)
		return 0;
	size = PAGE_SIZE << order;
	if (posix_memalign(&p, PAGE_SIZE, size))
		return 0;
	if (gfp_mask & __GFP_ZERO)
		memset(p, 0, size);
	return (unsigned long)p;
}
EXPORT_SYMBOL(__get_free_pages);

/**
 * get_zeroed_page - one page, cleared
 * @gfp_mask: GFP_*
 *
 * Return: its address, or 0.
 */
unsigned long get_zeroed_page(unsigned int gfp_mask)
{
	return __get_free_pages(gfp_mask | __GFP_ZERO, 0);
}
EXPORT_SYMBOL(get_zeroed_page);

/**
 * free_pages - give back what __get_free_pages() gave
 * @addr: their address, or 0
 * @order: as asked (the whole allocation is freed whatever it says)
 */
void free_pages(unsigned long addr, unsigned int order)
{
	(void)order;
	free((void *)addr);
}
EXPORT_SYMBOL(free_pages);
