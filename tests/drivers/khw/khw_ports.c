// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * khw_ports.c - an ISA-style driver probing its card: it claims its ports,
 * reads the card's ID register and the memory window of its ROM, as a
 * 2.6.9 driver does, and reports what it read. With no device model there,
 * everything reads all ones.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/ioport.h>
#include <linux/errno.h>
#include <asm/io.h>

static int io = 0x300;
module_param(io, int, 0444);
MODULE_PARM_DESC(io, "the card's base port");

static unsigned long rom = 0xd0000;
module_param(rom, ulong, 0444);
MODULE_PARM_DESC(rom, "the card's ROM window");

static void __iomem *rom_base;

static int __init khw_ports_init(void)
{
	unsigned char id, again, buf[4];
	unsigned short w;
	unsigned int l, sig;

	if (!request_region(io, 8, "khw_ports"))
		return -EBUSY;
	if (!request_mem_region(rom, 0x1000, "khw_ports rom")) {
		release_region(io, 8);
		return -EBUSY;
	}
	rom_base = ioremap(rom, 0x1000);
	if (!rom_base) {
		release_mem_region(rom, 0x1000);
		release_region(io, 8);
		return -ENOMEM;
	}
	id = inb(io);
	again = inb_p(io);
	w = inw(io + 2);
	l = inl(io + 4);
	insb(io + 1, buf, sizeof(buf));
	outb(0x5a, io + 1);
	outb_p(0x5a, io + 1);
	sig = readl(rom_base + 0x10);
	/* A read for its side effect alone, as wdt.c's inb_p(WDT_DC): no warning. */
	inb_p(io);
	readb(rom_base + 0x10);
	writeb(0x01, rom_base);
	printk(KERN_INFO "khw_ports: id %#x then %#x, word %#x, long %#x, string %02x%02x%02x%02x, "
			 "rom %#x\n",
	       id, again, w, l, buf[0], buf[1], buf[2], buf[3], sig);
	return 0;
}

static void __exit khw_ports_exit(void)
{
	iounmap(rom_base);
	release_mem_region(rom, 0x1000);
	release_region(io, 8);
}

module_init(khw_ports_init);
module_exit(khw_ports_exit);
MODULE_LICENSE("GPL");
