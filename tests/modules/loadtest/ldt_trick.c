// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ldt_trick.c - the 2004 trick: a license string that reads "GPL" to
 * strcmp() and hides more behind a NUL. It uses a GPL-only symbol, which
 * the loader must refuse it.
 */
#include <ldm/device.h>
#include <ldm/kernel.h>
#include <ldm/module.h>

static int __init ldt_trick_init(void)
{
	return platform_bus_type.name ? 0 : -EINVAL;
}

static void __exit ldt_trick_exit(void)
{
}

module_init(ldt_trick_init);
module_exit(ldt_trick_exit);

MODULE_LICENSE("GPL\0for files in the \"GPL\" directory; for others, only the LICENSE file applies");
