// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kparm_const.c - a MODULE_PARM() whose variable is const, so lies in the
 * module's read-only data: the load is refused, naming it, rather than
 * the variable written where the mapping is protected.
 */
#include <linux/module.h>
#include <linux/init.h>

MODULE_PARM(level, "i");
static const int level = 3;

static int __init kparm_const_init(void)
{
	return level - 3;
}

module_init(kparm_const_init);
MODULE_LICENSE("GPL");
