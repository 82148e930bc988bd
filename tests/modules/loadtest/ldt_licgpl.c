// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ldt_licgpl.c - uses two GPL-only symbols (a function and a data object);
 * its license is a placeholder that the license tests replace in memory.
 */
#include <ldm/device.h>
#include <ldm/kernel.h>
#include <ldm/module.h>

#include "loadtest.h"

static int __init ldt_licgpl_init(void)
{
	struct device_driver *drv = driver_find("no_such_driver", &platform_bus_type);

	return drv ? -EEXIST : 0;
}

static void __exit ldt_licgpl_exit(void)
{
}

module_init(ldt_licgpl_init);
module_exit(ldt_licgpl_exit);

MODULE_LICENSE(LDT_LICENSE_PLACEHOLDER);
