// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * hello.c - the smallest ldm module: a parameter, a message at load and
 * unload, an exported helper.
 */
#include <ldm/kernel.h>
#include <ldm/module.h>

static int count = 1;
module_param(count, int, 0644);
MODULE_PARM_DESC(count, "how many greetings");

static char *whom = "world";
module_param(whom, charp, 0444);

int hello_twice(int x)
{
	return 2 * x;
}
EXPORT_SYMBOL(hello_twice);

static int __init hello_init(void)
{
	int i;

	for (i = 0; i < count; i++)
		printk(KERN_INFO "hello, %s\n", whom);
	return 0;
}

static void __exit hello_exit(void)
{
	printk(KERN_INFO "goodbye, %s\n", whom);
}

module_init(hello_init);
module_exit(hello_exit);

MODULE_LICENSE("GPL");
MODULE_AUTHOR("The ldm developers");
MODULE_DESCRIPTION("Greets at load and unload");
