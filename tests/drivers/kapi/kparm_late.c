// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kparm_late.c - MODULE_PARM() lines before the variables they name, as
 * some 2.6.9 drivers wrote them (parkbd.c): the loader finds each variable
 * by name. One is never written by the code (so a compiler could fold it
 * to its initial value), one never read at all (so a compiler could drop
 * it), one a string array.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>

MODULE_PARM(late_port, "i");
MODULE_PARM(late_mode, "1i");
MODULE_PARM(late_tags, "1-2c6");
MODULE_PARM(late_unused, "i");
MODULE_PARM_DESC(late_port, "the port (declared below)");

static int late_port;
static int late_mode = 3;
static char late_tags[2][6] = { "a", "b" };
static int late_unused;

static int __init kparm_late_init(void)
{
	printk(KERN_INFO "kparm_late: port=%d mode=%d tags=%s,%s\n", late_port, late_mode,
	       late_tags[0], late_tags[1]);
	return 0;
}

static void __exit kparm_late_exit(void)
{
}

module_init(kparm_late_init);
module_exit(kparm_late_exit);
MODULE_LICENSE("GPL");
