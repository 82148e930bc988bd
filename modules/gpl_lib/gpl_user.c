// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * gpl_user.c - a GPL module that uses gpl_lib's GPL-only export: loading it
 * binds gpl_lib_hash() and takes a reference on gpl_lib, so gpl_lib must be
 * loaded first and may be unloaded only after gpl_user.
 *
 * At load it hashes its @word parameter with gpl_lib_hash() and shows the
 * result as the read-only parameter /module/gpl_user/parameters/hash.
 */
#include <ldm/kernel.h>
#include <ldm/module.h>

#include "gpl_lib.h"

static char *word = "gpl_user";
module_param(word, charp, 0444);
MODULE_PARM_DESC(word, "the string to hash");

static unsigned int hash;
module_param(hash, uint, 0444);
MODULE_PARM_DESC(hash, "gpl_lib_hash(word), computed at load");

static int __init gpl_user_init(void)
{
	hash = gpl_lib_hash(word);
	printk(KERN_INFO "gpl_user: gpl_lib_hash(\"%s\") = %#x\n", word, hash);
	return 0;
}

static void __exit gpl_user_exit(void)
{
}

module_init(gpl_user_init);
module_exit(gpl_user_exit);

MODULE_LICENSE("GPL");
MODULE_AUTHOR("The ldm developers");
MODULE_DESCRIPTION("Uses gpl_lib's GPL-only export, and so depends on gpl_lib");
