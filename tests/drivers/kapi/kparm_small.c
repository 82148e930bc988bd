// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kparm_small.c - a MODULE_PARM() whose type asks for more than its
 * variable holds (four ints of one int): the load is refused rather than
 * a value written past the variable.
 */
#include <linux/module.h>
#include <linux/init.h>

MODULE_PARM(small, "1-4i");
static int small;

static int __init kparm_small_init(void)
{
	return small;
}

module_init(kparm_small_init);
MODULE_LICENSE("GPL");
