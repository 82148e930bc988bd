// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-gfp.c - whole pages by address (<linux/gfp.h>): page-aligned runs
 * of 2^order pages, cleared when asked, and get_order().
 */
#include <ldm/gfp.h>
#include <ldm/ldm.h>

#include "harness.h"

DEFINE_TEST(test_free_pages_are_page_aligned_runs,
	    .description = "__get_free_pages() gives 2^order page-aligned pages (cleared by "
			   "get_zeroed_page), refuses an order of 11 or more, and free_pages() "
			   "takes them back; get_order() is the order that holds a size",
	    .no_runtime = true)
{
	unsigned long page, pages;
	unsigned char *p;
	size_t i;

	ASSERT_EQ(get_order(1), 0);
	ASSERT_EQ(get_order(PAGE_SIZE), 0);
	ASSERT_EQ(get_order(PAGE_SIZE + 1), 1);
	ASSERT_EQ(get_order(4 * PAGE_SIZE), 2);
	ASSERT_EQ(get_order(5 * PAGE_SIZE), 3);
	page = get_zeroed_page(GFP_KERNEL);
	ASSERT(page);
	ASSERT_EQ(page % PAGE_SIZE, 0UL);
	for (p = (unsigned char *)page, i = 0; i < PAGE_SIZE; i++)
		ASSERT_EQ(p[i], 0);
	pages = __get_free_pages(GFP_KERNEL | GFP_DMA, 3);
	ASSERT(pages);
	ASSERT_EQ(pages % PAGE_SIZE, 0UL);
	memset((void *)pages, 0x5a, 8 * PAGE_SIZE);
	ASSERT_EQ(__get_free_pages(GFP_KERNEL, 11), 0UL);
	free_pages(pages, 3);
	free_page(page);
	free_page(0);
}
