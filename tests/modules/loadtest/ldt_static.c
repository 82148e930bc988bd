// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ldt_static.c - a module that leaves things in its own memory at unload,
 * as 2.6.9 drivers may: a static struct device that was
 * device_initialize()d and never put (the firmware sample driver), and,
 * with the parameter armed=1, a timer still pending (softdog after an
 * unexpected close).
 */
#include <ldm/device.h>
#include <ldm/jiffies.h>
#include <ldm/kernel.h>
#include <ldm/module.h>
#include <ldm/string.h>
#include <ldm/timer.h>

static int armed;
module_param(armed, int, 0);

static struct device ghost;
static struct timer_list ticktock;

static void ldt_static_tick(unsigned long data)
{
	(void)data;
	printk(KERN_CRIT "ldt_static: timer fired\n");
}

static int __init ldt_static_init(void)
{
	device_initialize(&ghost);
	strcpy(ghost.bus_id, "ghost0");
	init_timer(&ticktock);
	ticktock.function = ldt_static_tick;
	if (armed)
		mod_timer(&ticktock, jiffies + HZ);
	return 0;
}

static void __exit ldt_static_exit(void)
{
}

module_init(ldt_static_init);
module_exit(ldt_static_exit);
MODULE_LICENSE("GPL");
