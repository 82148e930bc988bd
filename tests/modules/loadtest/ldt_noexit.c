// SPDX-License-Identifier: GPL-2.0-or-later
/* ldt_noexit.c - a module with an init and no exit: unloaded only by force. */
#include <ldm/kernel.h>
#include <ldm/module.h>

static int __init ldt_noexit_init(void)
{
	return 0;
}

module_init(ldt_noexit_init);

MODULE_LICENSE("GPL");
