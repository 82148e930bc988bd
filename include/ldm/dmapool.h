/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/dmapool.h> - pools of small blocks of DMA memory, as
 * <linux/dmapool.h> of 2.6.9: blocks of one size and alignment that never
 * cross a given boundary, each with its bus address (its own address here,
 * as every DMA buffer of ldm: docs/kernel-services.md).
 */
#ifndef _LDM_DMAPOOL_H
#define _LDM_DMAPOOL_H

#include <ldm/scatterlist.h>
#include <ldm/types.h>

#pragma GCC visibility push(default)

struct device;
struct dma_pool;

struct dma_pool *dma_pool_create(const char *name, struct device *dev, size_t size, size_t align,
				 size_t allocation);
void dma_pool_destroy(struct dma_pool *pool);
void *dma_pool_alloc(struct dma_pool *pool, int mem_flags, dma_addr_t *handle);
void dma_pool_free(struct dma_pool *pool, void *vaddr, dma_addr_t addr);

#pragma GCC visibility pop

#endif /* _LDM_DMAPOOL_H */
