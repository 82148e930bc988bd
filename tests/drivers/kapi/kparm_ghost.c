// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kparm_ghost.c - a MODULE_PARM() naming no variable of the module: the
 * load is refused, naming it, as 2.6.9 refused it.
 */
#include <linux/module.h>
#include <linux/init.h>

MODULE_PARM(ghost, "i");

static int __init kparm_ghost_init(void)
{
	return 0;
}

module_init(kparm_ghost_init);
MODULE_LICENSE("GPL");
