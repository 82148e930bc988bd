// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-isa-dma.c - the ISA DMA channels (<asm/dma.h> of 2.6.9): their
 * registry, and the 8237 controllers programmed through ports, which a
 * model of the controllers claims here to see what a driver writes.
 */
#include <ldm/isa_dma.h>

#include "../modules/modtest.h"

DEFINE_TEST(test_isa_dma_channels_are_claimed_one_driver_at_a_time,
	    .description = "request_dma() gives a channel to one driver, refuses channel 4 "
			   "(the cascade) and channels past 7, and free_dma() gives it back, "
			   "warning for a channel that was free")
{
	ASSERT_OK(request_dma(3, "sb"));
	ASSERT_EQ(request_dma(3, "other"), -EBUSY);
	ASSERT_EQ(request_dma(4, "cascade?"), -EBUSY);
	ASSERT_EQ(request_dma(8, "past"), -EINVAL);
	ASSERT_OK(request_dma(5, "sb16"));
	free_dma(3);
	ASSERT_OK(request_dma(3, "other"));
	free_dma(3);
	free_dma(5);
	free_dma(5);
	ASSERT(ldm_test_log_has("Trying to free free DMA5"));
	free_dma(4);
	ASSERT(ldm_test_log_has("Trying to free DMA4"));
	ASSERT_EQ(request_dma(4, "cascade?"), -EBUSY);
}

/* The controllers' ports, as a model sees them: the last byte written to each. */
static uint8_t regs[0x100];
/* Channel 5's current count, 0x01ff words, read low byte first. */
static int count_reads;

static uint32_t dma_read(unsigned long addr, unsigned int width, void *data)
{
	(void)data;
	(void)width;
	if ((addr & 0xff) == DMA_CNT_5)
		return count_reads++ & 1 ? 0x01 : 0xff;
	return regs[addr & 0xff];
}

static void dma_write(unsigned long addr, unsigned int width, uint32_t value, void *data)
{
	uint8_t *log = data;

	(void)width;
	regs[addr & 0xff] = (uint8_t)value;
	if ((addr & 0xff) == 0x02 || (addr & 0xff) == 0x03 || (addr & 0xff) == 0xc4 ||
	    (addr & 0xff) == 0xc6)
		log[addr & 0xff] = (uint8_t)(log[addr & 0xff] ? log[addr & 0xff] : value);
}

static const struct ldm_hw_ops dma_ops = { .read = dma_read, .write = dma_write };

DEFINE_TEST(test_isa_dma_registers_are_programmed_through_ports,
	    .description = "set_dma_mode, set_dma_addr, set_dma_count, enable_dma and "
			   "disable_dma write the 8237's mode, page, address, count and mask "
			   "registers of the channel's controller, low byte first, a 16-bit "
			   "channel in words; get_dma_residue reads the count back")
{
	uint8_t first[0x100] = { 0 };
	unsigned long flags;

	ASSERT_OK(ldm_hw_claim(LDM_HW_PORT, 0x00, 0x10, "dma1", &dma_ops, first));
	ASSERT_OK(ldm_hw_claim(LDM_HW_PORT, 0x80, 0x10, "dma page", &dma_ops, first));
	ASSERT_OK(ldm_hw_claim(LDM_HW_PORT, 0xc0, 0x20, "dma2", &dma_ops, first));

	flags = claim_dma_lock();
	disable_dma(1);
	ASSERT_EQ(regs[DMA1_MASK_REG], 0x05);
	clear_dma_ff(1);
	set_dma_mode(1, DMA_MODE_READ);
	ASSERT_EQ(regs[DMA1_MODE_REG], 0x45);
	set_dma_addr(1, 0x123456);
	ASSERT_EQ(regs[DMA_PAGE_1], 0x12);
	ASSERT_EQ(first[DMA_ADDR_1], 0x56);
	ASSERT_EQ(regs[DMA_ADDR_1], 0x34);
	set_dma_count(1, 0x200);
	ASSERT_EQ(first[DMA_CNT_1], 0xff);
	ASSERT_EQ(regs[DMA_CNT_1], 0x01);
	enable_dma(1);
	ASSERT_EQ(regs[DMA1_MASK_REG], 0x01);

	set_dma_mode(5, DMA_MODE_WRITE | DMA_AUTOINIT);
	ASSERT_EQ(regs[DMA2_MODE_REG], 0x59);
	set_dma_addr(5, 0x123456);
	ASSERT_EQ(regs[DMA_PAGE_5], 0x12);
	ASSERT_EQ(first[DMA_ADDR_5], 0x2b);
	ASSERT_EQ(regs[DMA_ADDR_5], 0x1a);
	set_dma_count(5, 0x400);
	ASSERT_EQ(first[DMA_CNT_5], 0xff);
	ASSERT_EQ(regs[DMA_CNT_5], 0x01);
	/* 0x01ff is one less than 0x200 words left: 0x400 bytes. */
	ASSERT_EQ(get_dma_residue(5), 0x400);
	release_dma_lock(flags);

	ASSERT_OK(ldm_hw_unclaim(LDM_HW_PORT, 0xc0));
	ASSERT_OK(ldm_hw_unclaim(LDM_HW_PORT, 0x80));
	ASSERT_OK(ldm_hw_unclaim(LDM_HW_PORT, 0x00));
}

DEFINE_TEST(test_isa_dma_driver_holds_its_channel_until_rmmod,
	    .description = "a 2.6.9-style driver naming <asm/dma.h>, <linux/irq.h> and "
			   "<linux/hardirq.h> claims its channel at init and programs it; a "
			   "second claim is refused until rmmod gives it back; channel 4 is refused")
{
	ASSERT_OK(ko_load("kisa_dma", "dma=6"));
	ASSERT(ldm_test_log_has("kisa_dma: channel 6 of 8, 512 bytes"));
	ASSERT_EQ(request_dma(6, "test"), -EBUSY);
	ASSERT_OK(ldm_delete_module("kisa_dma", 0));
	ASSERT_OK(request_dma(6, "test"));
	free_dma(6);
	/* The cascade is never a driver's. */
	ASSERT_EQ(ko_load("kisa_dma", "dma=4"), -EBUSY);
}
