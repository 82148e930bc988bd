// SPDX-License-Identifier: GPL-2.0-or-later
/* ldt_user.c - uses an export of ldt_params, so that it holds ldt_params. */
#include <ldm/kernel.h>
#include <ldm/module.h>

int ldt_params_hidden(void);

static int __init ldt_user_init(void)
{
	return ldt_params_hidden() == 9 ? 0 : -EINVAL;
}

static void __exit ldt_user_exit(void)
{
}

module_init(ldt_user_init);
module_exit(ldt_user_exit);

MODULE_LICENSE("Dual BSD/GPL");
