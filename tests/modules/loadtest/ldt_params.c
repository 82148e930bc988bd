// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ldt_params.c - a parameter of each type and permission, exports for
 * ldt_user, and an exit that can report whether a reference was still held
 * when it ran (see loadtest.h).
 */
#include <ldm/completion.h>
#include <ldm/kernel.h>
#include <ldm/module.h>

#include "loadtest.h"

static int ival = -5;
module_param(ival, int, 0644);
MODULE_PARM_DESC(ival, "an int");

static unsigned int uval = 7;
module_param(uval, uint, 0644);

static long lval = -1234567890123L;
module_param(lval, long, 0644);

static unsigned long ulval = 1;
module_param(ulval, ulong, 0644);

static int bval;
module_param(bval, bool, 0644);

static char *sval = "default";
module_param(sval, charp, 0644);
MODULE_PARM_DESC(sval, "a string");

static int roval = 3;
module_param(roval, int, 0444);

static int hidden = 9;
module_param(hidden, int, 0);

static int woval;
module_param(woval, int, 0200);

static unsigned long report;
module_param(report, ulong, 0);

static unsigned long initwait;
module_param(initwait, ulong, 0);

int ldt_params_hidden(void)
{
	return hidden;
}
EXPORT_SYMBOL(ldt_params_hidden);

int ldt_params_woval(void)
{
	return woval;
}
EXPORT_SYMBOL(ldt_params_woval);

struct module *ldt_params_module(void)
{
	return THIS_MODULE;
}
EXPORT_SYMBOL(ldt_params_module);

static int __init ldt_params_init(void)
{
	struct ldt_initwait *w = (struct ldt_initwait *)initwait;

	if (w) {
		complete(w->entered);
		wait_for_completion(w->go);
	}
	/* A write to parameters/sval frees the string it replaces. */
	kernel_param_lock(THIS_MODULE);
	printk(KERN_INFO "ldt_params: ival=%d sval=%s\n", ival, sval);
	kernel_param_unlock(THIS_MODULE);
	return 0;
}

static void __exit ldt_params_exit(void)
{
	struct ldt_report *r = (struct ldt_report *)report;

	if (!r)
		return;
	if (module_refcount(THIS_MODULE))
		__atomic_store_n(&r->held_at_exit, 1, __ATOMIC_SEQ_CST);
	__atomic_store_n(&r->going, 1, __ATOMIC_SEQ_CST);
	wait_for_completion(r->ack);
}

module_init(ldt_params_init);
module_exit(ldt_params_exit);

MODULE_LICENSE("GPL");
MODULE_AUTHOR("The ldm developers");
MODULE_DESCRIPTION("Loader test: parameters and references");
