// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * dma.c - memory for devices (arch/i386/kernel/pci-dma.c of 2.6.9):
 * coherent buffers, page-aligned and zeroed, whose bus address is their
 * address in the process; and the scatterlist map, which only writes the
 * bus addresses down.
 */
#include <stdlib.h>
#include <string.h>
#include <ldm/dma-mapping.h>
#include <ldm/errno.h>
#include <ldm/export.h>
#include <ldm/kernel.h>

/**
 * dma_alloc_coherent - a buffer a device and its driver both see at once
 * @dev: the device (may be NULL, as pci_alloc_consistent() gives it)
 * @size: bytes
 * @dma_handle: where its bus address goes
 * @flag: GFP_ flags (unused)
 *
 * Return: the buffer, page-aligned and zeroed, or NULL.
 */
void *dma_alloc_coherent(struct device *dev, size_t size, dma_addr_t *dma_handle, int flag)
{
	void *p;

	(void)dev;
	(void)flag;
	if (!size || posix_memalign(&p, PAGE_SIZE, size))
		return NULL;
	memset(p, 0, size);
	*dma_handle = (dma_addr_t)(unsigned long)p;
	return p;
}
EXPORT_SYMBOL(dma_alloc_coherent);

/**
 * dma_free_coherent - give back what dma_alloc_coherent() gave
 * @dev: the device
 * @size: its size
 * @vaddr: the buffer
 * @dma_handle: its bus address
 */
void dma_free_coherent(struct device *dev, size_t size, void *vaddr, dma_addr_t dma_handle)
{
	(void)dev;
	(void)size;
	if (vaddr && (dma_addr_t)(unsigned long)vaddr != dma_handle)
		printk(KERN_ERR "dma_free_coherent: bus address %#lx is not that of %p\n",
		       (unsigned long)dma_handle, vaddr);
	free(vaddr);
}
EXPORT_SYMBOL(dma_free_coherent);

/**
 * dma_map_sg - give each piece of a scatterlist its bus address
 * @dev: the device
 * @sg: the list
 * @nents: its length
 * @direction: which way the data goes (not DMA_NONE)
 *
 * Return: @nents: pieces are never merged.
 */
int dma_map_sg(struct device *dev, struct scatterlist *sg, int nents,
	       enum dma_data_direction direction)
{
	int i;

	(void)dev;
	BUG_ON(direction == DMA_NONE);
	for (i = 0; i < nents; i++)
		sg[i].dma_address =
			(dma_addr_t)((unsigned long)page_address(sg[i].page) + sg[i].offset);
	return nents;
}
EXPORT_SYMBOL(dma_map_sg);

/**
 * dma_set_mask - say which bus addresses a device reaches
 * @dev: the device
 * @mask: the mask
 *
 * Return: 0: every buffer here is reachable.
 */
int dma_set_mask(struct device *dev, u64 mask)
{
	(void)dev;
	(void)mask;
	return 0;
}
EXPORT_SYMBOL(dma_set_mask);
