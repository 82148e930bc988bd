// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * dmapool.c - pools of small DMA blocks (drivers/base/dmapool.c of 2.6.9,
 * mm/dmapool.c of modern Linux): blocks of one size, aligned, none
 * crossing the pool's boundary, whose bus address is their address, as
 * every DMA buffer of ldm (src/kernel/dma.c).
 *
 * Each block is its own aligned allocation: the alignment is the larger
 * of the pool's and, with a boundary, the block size rounded up to a power
 * of two, which no boundary (a power of two at least as large) then cuts.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <ldm/dmapool.h>
#include <ldm/errno.h>
#include <ldm/export.h>
#include <ldm/kernel.h>
#include <ldm/slab.h>
#include <ldm/string.h>

struct dma_pool {
	char name[32];
	size_t size, align;
	unsigned long blocks; /* given and not freed; under lock */
	pthread_mutex_t lock;
};

static bool is_power_of_2(size_t n)
{
	return n && !(n & (n - 1));
}

static size_t round_up_pow2(size_t n)
{
	size_t p = 1;

	while (p < n)
		p <<= 1;
	return p;
}

/**
 * dma_pool_create - a pool of DMA blocks
 * @name: its name, for messages
 * @dev: the device that will use them (unused here: all memory is DMA-able)
 * @size: a block's size
 * @align: a block's alignment, a power of two (0 for none)
 * @allocation: a boundary no block crosses, a power of two at least
 *	@size (0 for none)
 *
 * It may sleep.
 * Return: the pool, or NULL for a size of 0, an alignment or boundary that
 * is not a power of two, a boundary smaller than a block, or no memory.
 */
struct dma_pool *dma_pool_create(const char *name, struct device *dev, size_t size, size_t align,
				 size_t allocation)
{
	struct dma_pool *pool;

	(void)dev;
	if (!size || (align && !is_power_of_2(align)) ||
	    (allocation && (!is_power_of_2(allocation) || allocation < size)))
		return NULL;
	pool = kzalloc(sizeof(*pool), GFP_KERNEL);
	if (!pool)
		return NULL;
	strlcpy(pool->name, name ? name : "", sizeof(pool->name));
	pool->size = size;
	pool->align = align > sizeof(void *) ? align : sizeof(void *);
	if (allocation && round_up_pow2(size) > pool->align)
		pool->align = round_up_pow2(size);
	pthread_mutex_init(&pool->lock, NULL);
	return pool;
}
EXPORT_SYMBOL(dma_pool_create);

/**
 * dma_pool_destroy - free a pool
 * @pool: the pool, or NULL
 *
 * Blocks still given are reported, as 2.6.9 does, and stay the driver's.
 */
void dma_pool_destroy(struct dma_pool *pool)
{
	if (!pool)
		return;
	if (pool->blocks)
		printk(KERN_ERR "dma_pool_destroy %s, %lu blocks busy\n", pool->name, pool->blocks);
	pthread_mutex_destroy(&pool->lock);
	kfree(pool);
}
EXPORT_SYMBOL(dma_pool_destroy);

/**
 * dma_pool_alloc - a block of a pool
 * @pool: the pool
 * @mem_flags: GFP_* (advisory)
 * @handle: set to its bus address
 *
 * Return: the block (its contents undefined, as 2.6.9's), or NULL.
 */
void *dma_pool_alloc(struct dma_pool *pool, int mem_flags, dma_addr_t *handle)
{
	void *p;

	(void)mem_flags;
	if (!pool || !handle || posix_memalign(&p, pool->align, pool->size))
		return NULL;
	*handle = (dma_addr_t)(unsigned long)p;
	pthread_mutex_lock(&pool->lock);
	pool->blocks++;
	pthread_mutex_unlock(&pool->lock);
	return p;
}
EXPORT_SYMBOL(dma_pool_alloc);

/**
 * dma_pool_free - give a block back to its pool
 * @pool: the pool
 * @vaddr: the block, or NULL
 * @addr: its bus address; a block whose address is not this one is
 *	reported and kept, as 2.6.9 does
 */
void dma_pool_free(struct dma_pool *pool, void *vaddr, dma_addr_t addr)
{
	if (!pool || !vaddr)
		return;
	if (addr != (dma_addr_t)(unsigned long)vaddr) {
		printk(KERN_ERR "dma_pool_free %s, %p (bad dma %#lx)\n", pool->name, vaddr,
		       (unsigned long)addr);
		return;
	}
	pthread_mutex_lock(&pool->lock);
	pool->blocks--;
	pthread_mutex_unlock(&pool->lock);
	free(vaddr);
}
EXPORT_SYMBOL(dma_pool_free);
