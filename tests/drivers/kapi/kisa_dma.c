// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kisa_dma.c - an ISA card's DMA set-up as 2.6.9 drivers wrote it
 * (<asm/dma.h>): claim the channel at init, program a transfer under the
 * DMA lock, give the channel back at rmmod. It also names <linux/irq.h>
 * and <linux/hardirq.h>, as such drivers do.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/irq.h>
#include <linux/hardirq.h>
#include <asm/dma.h>
#include <asm/io.h>

static int dma = 1;
MODULE_PARM(dma, "i");

static unsigned char buffer[512];

static int __init kisa_dma_init(void)
{
	unsigned long flags;
	int err;

	if (in_interrupt())
		return -EINVAL;
	err = request_dma(dma, "kisa_dma");
	if (err)
		return err;
	flags = claim_dma_lock();
	disable_dma(dma);
	clear_dma_ff(dma);
	set_dma_mode(dma, DMA_MODE_READ);
	set_dma_addr(dma, isa_virt_to_bus(buffer));
	set_dma_count(dma, sizeof(buffer));
	enable_dma(dma);
	release_dma_lock(flags);
	printk(KERN_INFO "kisa_dma: channel %d of %d, %u bytes\n", dma, MAX_DMA_CHANNELS,
	       (unsigned)sizeof(buffer));
	return 0;
}

static void __exit kisa_dma_exit(void)
{
	free_dma(dma);
}

module_init(kisa_dma_init);
module_exit(kisa_dma_exit);
MODULE_LICENSE("GPL");
