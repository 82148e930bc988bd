/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/dma-mapping.h> - memory a device reaches by bus address, as
 * <linux/dma-mapping.h> and <asm-i386/dma-mapping.h> of 2.6.9: coherent
 * buffers and the streaming maps of single buffers and scatterlists.
 *
 * The bus address of a driver's memory is its address in the process, so
 * a device model reads and writes the buffer where the driver sees it;
 * mapping and syncing have nothing to flush.
 */
#ifndef _LDM_DMA_MAPPING_H
#define _LDM_DMA_MAPPING_H

#include <ldm/kernel.h>
#include <ldm/scatterlist.h>
#include <ldm/types.h>

#pragma GCC visibility push(default)

struct device;

enum dma_data_direction {
	DMA_BIDIRECTIONAL = 0,
	DMA_TO_DEVICE = 1,
	DMA_FROM_DEVICE = 2,
	DMA_NONE = 3,
};

#define DMA_64BIT_MASK 0xffffffffffffffffULL
#define DMA_32BIT_MASK 0x00000000ffffffffULL

void *dma_alloc_coherent(struct device *dev, size_t size, dma_addr_t *dma_handle, int flag);
void dma_free_coherent(struct device *dev, size_t size, void *vaddr, dma_addr_t dma_handle);
int dma_map_sg(struct device *dev, struct scatterlist *sg, int nents,
	       enum dma_data_direction direction);

static inline dma_addr_t dma_map_single(struct device *dev, void *ptr, size_t size,
					enum dma_data_direction direction)
{
	(void)dev;
	(void)size;
	BUG_ON(direction == DMA_NONE);
	return (dma_addr_t)(unsigned long)ptr;
}

static inline void dma_unmap_single(struct device *dev, dma_addr_t dma_addr, size_t size,
				    enum dma_data_direction direction)
{
	(void)dev;
	(void)dma_addr;
	(void)size;
	BUG_ON(direction == DMA_NONE);
}

static inline dma_addr_t dma_map_page(struct device *dev, struct page *page, unsigned long offset,
				      size_t size, enum dma_data_direction direction)
{
	return dma_map_single(dev, (char *)page_address(page) + offset, size, direction);
}

static inline void dma_unmap_page(struct device *dev, dma_addr_t dma_address, size_t size,
				  enum dma_data_direction direction)
{
	dma_unmap_single(dev, dma_address, size, direction);
}

static inline void dma_unmap_sg(struct device *dev, struct scatterlist *sg, int nhwentries,
				enum dma_data_direction direction)
{
	(void)dev;
	(void)sg;
	(void)nhwentries;
	BUG_ON(direction == DMA_NONE);
}

#define dma_sync_single(dev, addr, size, dir)		 ((void)0)
#define dma_sync_single_for_cpu(dev, addr, size, dir)	 ((void)0)
#define dma_sync_single_for_device(dev, addr, size, dir) ((void)0)
#define dma_sync_single_range(dev, addr, off, size, dir) ((void)0)
#define dma_sync_sg(dev, sg, nelems, dir)		 ((void)0)
#define dma_sync_sg_for_cpu(dev, sg, nelems, dir)	 ((void)0)
#define dma_sync_sg_for_device(dev, sg, nelems, dir)	 ((void)0)
#define dma_cache_sync(vaddr, size, dir)		 ((void)0)
#define dma_mapping_error(dma_addr)			 0
#define dma_get_cache_alignment()			 32
#define dma_is_consistent(dma_handle)			 1

static inline int dma_supported(struct device *dev, u64 mask)
{
	(void)dev;
	(void)mask;
	return 1;
}

int dma_set_mask(struct device *dev, u64 mask);

#pragma GCC visibility pop

#endif /* _LDM_DMA_MAPPING_H */
