// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-dmapool.c - pools of DMA blocks (<linux/dmapool.h>): each block
 * aligned, none crossing the pool's boundary, its bus address its
 * address; bad pools refused, a destroy with blocks out reported.
 */
#include <ldm/dmapool.h>
#include <ldm/ldm.h>

#include "harness.h"

DEFINE_TEST(test_dma_pool_blocks_are_aligned_and_never_cross_the_boundary,
	    .description = "dma_pool_alloc() gives blocks of the pool's alignment that no "
			   "boundary of the pool's allocation cuts, with their address as bus "
			   "address; dma_pool_create() refuses a size of 0 and an alignment or "
			   "boundary that is not a power of two; a destroy with blocks out says "
			   "so")
{
	struct dma_pool *pool;
	dma_addr_t dma[16];
	void *blk[16];
	unsigned int i;

	ASSERT_EQ(dma_pool_create("bad", NULL, 0, 8, 0), NULL);
	ASSERT_EQ(dma_pool_create("bad", NULL, 24, 12, 0), NULL);
	ASSERT_EQ(dma_pool_create("bad", NULL, 24, 8, 16), NULL);
	ASSERT_EQ(dma_pool_create("bad", NULL, 24, 8, 96), NULL);
	pool = dma_pool_create("ehci_qtd", NULL, 24, 16, 4096);
	ASSERT(pool);
	for (i = 0; i < 16; i++) {
		blk[i] = dma_pool_alloc(pool, GFP_KERNEL, &dma[i]);
		ASSERT(blk[i]);
		ASSERT_EQ(dma[i], (dma_addr_t)(unsigned long)blk[i]);
		ASSERT_EQ(dma[i] % 16, 0UL);
		ASSERT_EQ(dma[i] / 4096, (dma[i] + 24 - 1) / 4096);
		memset(blk[i], 0xa5, 24);
	}
	for (i = 1; i < 16; i++)
		dma_pool_free(pool, blk[i], dma[i]);
	dma_pool_free(pool, blk[0], dma[0] + 1);
	ASSERT(ldm_test_log_has("dma_pool_free ehci_qtd"));
	dma_pool_destroy(pool);
	ASSERT(ldm_test_log_has("dma_pool_destroy ehci_qtd, 1 blocks busy"));
	free(blk[0]);
}
