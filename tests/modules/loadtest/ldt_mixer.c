// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ldt_mixer.c - GPL, uses a GPL-only symbol of the runtime and an export of
 * ldt_lic: refused (-EPERM) when ldt_lic is proprietary.
 */
#include <ldm/device.h>
#include <ldm/kernel.h>
#include <ldm/module.h>

int ldt_lic_value(void);

static int __init ldt_mixer_init(void)
{
	return ldt_lic_value() == 1234 && platform_bus_type.name ? 0 : -EINVAL;
}

static void __exit ldt_mixer_exit(void)
{
}

module_init(ldt_mixer_init);
module_exit(ldt_mixer_exit);

MODULE_LICENSE("GPL");
