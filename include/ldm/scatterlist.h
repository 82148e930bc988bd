/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/scatterlist.h> - struct scatterlist of <asm-i386/scatterlist.h> in
 * 2.6.9, and the page of memory it names. There is no memory map here: a
 * struct page * is the address of its page, so virt_to_page() and
 * page_address() only align.
 */
#ifndef _LDM_SCATTERLIST_H
#define _LDM_SCATTERLIST_H

#include <ldm/kernel.h>
#include <ldm/types.h>

#pragma GCC visibility push(default)

/* A bus address: the process's address of the memory, for devices and models alike. */
#ifndef _LDM_DMA_ADDR_T
#define _LDM_DMA_ADDR_T
typedef unsigned long dma_addr_t;
typedef u64 dma64_addr_t;
#endif

struct page;

#ifndef virt_to_page
#define virt_to_page(kaddr) ((struct page *)((unsigned long)(kaddr)&PAGE_MASK))
#define page_address(page)  ((void *)(page))
#define offset_in_page(p)   ((unsigned long)(p) & ~PAGE_MASK)
#endif

/**
 * struct scatterlist - one piece of a buffer in several pieces
 * @page: its page (the page's address)
 * @offset: where in @page it starts
 * @dma_address: its bus address, set by dma_map_sg()
 * @length: its length
 */
struct scatterlist {
	struct page *page;
	unsigned int offset;
	dma_addr_t dma_address;
	unsigned int length;
};

#define sg_dma_address(sg) ((sg)->dma_address)
#define sg_dma_len(sg)	   ((sg)->length)

#define ISA_DMA_THRESHOLD (0x00ffffff)

#pragma GCC visibility pop

#endif /* _LDM_SCATTERLIST_H */
