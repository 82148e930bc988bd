// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * gpl_lib.c - a library module: it exports gpl_lib_hash() with
 * EXPORT_SYMBOL_GPL, so only GPL-compatible modules may bind to it.
 *
 * A module that binds to it (gpl_user) holds a reference on it, shown in
 * /module/gpl_lib/holders/gpl_user and in the /proc/modules listing; while
 * that user is loaded, unloading gpl_lib fails with -EWOULDBLOCK. Unload
 * the user first, then the library.
 */
#include <ldm/kernel.h>
#include <ldm/module.h>

#include "gpl_lib.h"

/**
 * gpl_lib_hash - the 32-bit FNV-1a hash of a string
 * @s: the string
 */
u32 gpl_lib_hash(const char *s)
{
	u32 h = 2166136261u;

	while (*s) {
		h ^= (unsigned char)*s++;
		h *= 16777619u;
	}
	return h;
}
EXPORT_SYMBOL_GPL(gpl_lib_hash);

static int __init gpl_lib_init(void)
{
	printk(KERN_INFO "gpl_lib: loaded\n");
	return 0;
}

static void __exit gpl_lib_exit(void)
{
	printk(KERN_INFO "gpl_lib: unloaded\n");
}

module_init(gpl_lib_init);
module_exit(gpl_lib_exit);

MODULE_LICENSE("GPL");
MODULE_AUTHOR("The ldm developers");
MODULE_DESCRIPTION("Exports a helper to GPL-compatible modules only");
