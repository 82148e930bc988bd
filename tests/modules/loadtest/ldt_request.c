// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ldt_request.c - a module whose init asks for another with
 * request_module(want), as a driver asks for a protocol or a helper, and
 * shows what it got in the parameter "result".
 */
#include <ldm/kmod.h>
#include <ldm/module.h>

static char *want = "";
module_param(want, charp, 0444);

static int result = 1;
module_param(result, int, 0444);

static int __init ldt_request_init(void)
{
	if (*want)
		result = request_module("%s", want);
	return 0;
}

static void __exit ldt_request_exit(void)
{
}

module_init(ldt_request_init);
module_exit(ldt_request_exit);
MODULE_LICENSE("GPL");
