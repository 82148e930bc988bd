// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * prop_core.c - plays a proprietary driver that goes around the upper
 * layer and registers a struct device itself with device_register(): the
 * rare driver the article speaks of. It declares
 * MODULE_LICENSE("Proprietary") to play that part; its source is ours,
 * under the GPL like every example of ldm.
 */
#include <ldm/device.h>
#include <ldm/kernel.h>
#include <ldm/module.h>

/**
 * DOC: how prop_core.c works
 *
 * device_register() and device_unregister() are EXPORT_SYMBOL_GPL, so
 * this module does not see them. The build's modpost step says so; this
 * module is built with LDM_MODPOST_WARN=1 so that the .ko is made anyway,
 * and its load is refused, naming each GPL-only symbol:
 *
 *   prop_core: symbol device_register is GPL-only (EXPORT_SYMBOL_GPL by
 *   ldm), and the module's license 'Proprietary' is not GPL-compatible
 */

static void prop_core_release(struct device *dev)
{
	(void)dev;
}

static struct device prop_core_dev = {
	.bus_id = "prop_core0",
	.release = prop_core_release,
};

static int __init prop_core_init(void)
{
	return device_register(&prop_core_dev);
}

static void __exit prop_core_exit(void)
{
	device_unregister(&prop_core_dev);
}

module_init(prop_core_init);
module_exit(prop_core_exit);

MODULE_LICENSE("Proprietary");
MODULE_AUTHOR("The ldm developers");
MODULE_DESCRIPTION("Plays a proprietary driver that calls device_register directly");
