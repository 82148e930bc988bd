// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ldmfix_lib - a fixture of the corpus tests (tests/tools/test-audit-corpus.c),
 * built with kbuild against Debian's linux-headers: a GPL module exporting a
 * plain, a GPL-only and a namespaced symbol, importing a GPL-only one.
 */
#include <linux/module.h>
#include <linux/device.h>

int ldmfix_plain(int x)
{
	return x + 1;
}
EXPORT_SYMBOL(ldmfix_plain);

int ldmfix_gpl_only(struct device *dev)
{
	return device_register(dev); /* GPL-only import from vmlinux */
}
EXPORT_SYMBOL_GPL(ldmfix_gpl_only);

int ldmfix_in_ns(int x)
{
	return x * 2;
}
EXPORT_SYMBOL_NS(ldmfix_in_ns, LDMFIX);

static int __init ldmfix_lib_init(void)
{
	return 0;
}
module_init(ldmfix_lib_init);

static void __exit ldmfix_lib_exit(void)
{
}
module_exit(ldmfix_lib_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("ldm audit fixture: exporter");
