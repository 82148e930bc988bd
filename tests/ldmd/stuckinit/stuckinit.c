// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * stuckinit.c - the driver of "stuck" platform devices (alias
 * platform:stuck), whose init never returns: it sleeps, uninterruptibly,
 * as a driver waiting for hardware that never answers. test-autoload.c
 * hotplugs such a device under ldmd --modules, and checks that other
 * devices still get their drivers and that SIGTERM still stops ldmd.
 */
#include <ldm/kernel.h>
#include <ldm/module.h>
#include <ldm/wait.h>

static DECLARE_WAIT_QUEUE_HEAD(stuck_wq);
static int stuck_released; /* nobody sets it */

static int __init stuckinit_init(void)
{
	printk(KERN_INFO "stuckinit: init sleeps for good\n");
	wait_event(stuck_wq, __atomic_load_n(&stuck_released, __ATOMIC_ACQUIRE));
	return 0;
}

static void __exit stuckinit_exit(void)
{
}

module_init(stuckinit_init);
module_exit(stuckinit_exit);
MODULE_ALIAS("platform:stuck");
MODULE_LICENSE("GPL");
