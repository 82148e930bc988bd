/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/miscdevice.h> - misc devices, as <linux/miscdevice.h> of 2.6.9: a
 * character device of major 10 with a minor of its own and a file_operations,
 * in the class "misc" (/class/misc/<name>/dev reads "10:<minor>").
 *
 * misc_register() and misc_deregister() are EXPORT_SYMBOL: the upper layer
 * every module may use, built on the GPL-only driver core (docs/misc.md).
 * A misc device is a character device of its own minor of major 10: the
 * host opens it by number (<libldm/chrdev.h>) or by name (<libldm/misc.h>).
 */
#ifndef _LDM_MISCDEVICE_H
#define _LDM_MISCDEVICE_H

#include <ldm/compiler.h>
#include <ldm/fs.h>
#include <ldm/list.h>
#include <ldm/major.h>
#include <ldm/module.h>
#include <ldm/types.h>

#pragma GCC visibility push(default)

/* A few of the fixed minors of Documentation/devices.txt. */
#define PSMOUSE_MINOR  1
#define WATCHDOG_MINOR 130
#define TEMP_MINOR     131
#define RTC_MINOR      135
#define NVRAM_MINOR    144
#define TUN_MINOR      200
#define HPET_MINOR     228

/* Ask misc_register() for a free minor. */
#define MISC_DYNAMIC_MINOR 255

struct device;
struct class_device;
struct cdev;

/**
 * struct miscdevice - a misc device, owned by its driver
 * @minor: the minor wanted, or MISC_DYNAMIC_MINOR (misc_register() then
 *	writes the one it gave)
 * @name: its name, in /class/misc and for ldm_misc_open(); not copied
 * @fops: its methods
 * @list: on the list of misc devices, while registered
 * @dev: the device it belongs to (its class device's "device" link), or NULL
 * @devfs_name: "misc/<name>" unless set; kept for 2.6.9's drivers (no devfs)
 * @class: its class device in /class/misc, while registered (ldm addition;
 *	2.6.9 kept it in class_simple only)
 * @ldm_cdev: its cdev, while registered (ldm addition; private to
 *	drivers/char/misc.c)
 */
struct miscdevice {
	int minor;
	const char *name;
	const struct file_operations *fops;
	struct list_head list;
	struct device *dev;
	char devfs_name[64];
	/* ldm additions */
	struct class_device *class;
	struct cdev *ldm_cdev;
};

int misc_register(struct miscdevice *misc);
int misc_deregister(struct miscdevice *misc);

#define MODULE_ALIAS_MISCDEV(minor) \
	MODULE_ALIAS("char-major-" __stringify(MISC_MAJOR) "-" __stringify(minor))

#pragma GCC visibility pop

#endif /* _LDM_MISCDEVICE_H */
