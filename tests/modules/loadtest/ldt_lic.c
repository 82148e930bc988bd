// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ldt_lic.c - uses only EXPORT_SYMBOL symbols and exports one; its license
 * is a placeholder that the license tests replace in memory.
 */
#include <ldm/kernel.h>
#include <ldm/module.h>

#include "loadtest.h"

int ldt_lic_value(void)
{
	return 1234;
}
EXPORT_SYMBOL(ldt_lic_value);

static int __init ldt_lic_init(void)
{
	printk(KERN_INFO "ldt_lic: loaded\n");
	return 0;
}

static void __exit ldt_lic_exit(void)
{
}

module_init(ldt_lic_init);
module_exit(ldt_lic_exit);

MODULE_LICENSE(LDT_LICENSE_PLACEHOLDER);
