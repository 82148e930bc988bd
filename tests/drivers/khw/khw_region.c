// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * khw_region.c - a second driver for the ports of khw_ports: its init
 * claims the ports it is told, and fails with -EBUSY when another driver
 * holds them, as 2.6.9's ISA drivers do. check_region() is asked first,
 * as older drivers ask it.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/ioport.h>
#include <linux/errno.h>

static int io = 0x300;
module_param(io, int, 0444);
static int len = 8;
module_param(len, int, 0444);

static int __init khw_region_init(void)
{
	if (check_region(io, len)) {
		printk(KERN_INFO "khw_region: ports %#x-%#x are busy\n", io, io + len - 1);
		return -EBUSY;
	}
	if (!request_region(io, len, "khw_region"))
		return -EBUSY;
	return 0;
}

static void __exit khw_region_exit(void)
{
	release_region(io, len);
}

module_init(khw_region_init);
module_exit(khw_region_exit);
MODULE_LICENSE("GPL");
