// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ldmfix_prop - a fixture of the corpus tests, built GPL, then given the
 * license "Proprietary" (scripts/relicense), since modpost refuses to build
 * it so: it imports GPL-only symbols of vmlinux and of ldmfix_lib, and a
 * plain one of each.
 */
#include <linux/module.h>
#include <linux/device.h>

extern int ldmfix_plain(int x);
extern int ldmfix_gpl_only(struct device *dev);

struct device *ldmfix_prop_dev; /* not static: the calls below must stay */

static int __init ldmfix_prop_init(void)
{
	if (ldmfix_prop_dev) {
		device_unregister(ldmfix_prop_dev);	 /* GPL-only, vmlinux */
		return ldmfix_gpl_only(ldmfix_prop_dev); /* GPL-only, ldmfix_lib */
	}
	pr_info("ldmfix_prop %d\n", ldmfix_plain(1)); /* plain */
	return 0;
}
module_init(ldmfix_prop_init);

static void __exit ldmfix_prop_exit(void)
{
}
module_exit(ldmfix_prop_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("ldm audit fixture: licence to be rewritten");
