// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * khw_deref.c - a driver that reads its card's ROM by dereferencing the
 * pointer ioremap() gave, as some 2.6.9 drivers do, instead of readl();
 * with phys=1, the physical address itself, as 2.6.9's ipmi_si does on
 * its memory-mapped path; with call=1, a call through a null pointer, as
 * a return on a stack a driver smashed lands (2.6.9's applicom read()):
 * what ldm does then (docs/hardware.md) is what the test checks.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/errno.h>
#include <asm/io.h>

static int phys;
module_param(phys, int, 0);
static int call;
module_param(call, int, 0);

/* Null, but the compiler cannot know. */
static void (*volatile khw_deref_hook)(void);

static int __init khw_deref_init(void)
{
	void __iomem *rom = ioremap(0xd0000, 0x1000);
	unsigned int sig;

	if (call)
		khw_deref_hook();
	if (phys)
		printk(KERN_INFO "khw_deref: physical %#x\n", *(volatile unsigned int *)0xd0010UL);
	if (!rom)
		return -ENOMEM;
	sig = *(volatile unsigned int *)((char *)rom + 0x10);
	printk(KERN_INFO "khw_deref: signature %#x\n", sig);
	iounmap(rom);
	return 0;
}

static void __exit khw_deref_exit(void)
{
}

module_init(khw_deref_init);
module_exit(khw_deref_exit);
MODULE_LICENSE("GPL");
