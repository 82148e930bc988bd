/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/miscdevice.h> - misc devices, as <linux/miscdevice.h> of 2.6.9: a
 * character device of major 10 with a minor of its own and a file_operations,
 * in the class "misc" (/class/misc/<name>/dev reads "10:<minor>").
 *
 * misc_register() and misc_deregister() are EXPORT_SYMBOL: the upper layer
 * every module may use, built on the GPL-only driver core (docs/misc.md).
 *
 * Below them, the runtime's own API for front ends (a FUSE /dev, tools,
 * tests): open a misc device by name and do what read(2), write(2),
 * lseek(2), ioctl(2), poll(2) and close(2) do on a device node. An open file
 * holds a reference on the module of the device's file_operations, so the
 * module cannot be unloaded while the file is open. A device deregistered
 * while files are open has the release method of each called then, once;
 * every later call on such a file but ldm_misc_release() returns -ENODEV
 * and never reaches the driver again.
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
#define PSMOUSE_MINOR		1
#define WATCHDOG_MINOR		130
#define TEMP_MINOR		131
#define RTC_MINOR		135
#define NVRAM_MINOR		144
#define TUN_MINOR		200
#define HPET_MINOR		228

/* Ask misc_register() for a free minor. */
#define MISC_DYNAMIC_MINOR	255

struct device;
struct class_device;
struct ldm_misc_node;

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
 * @ldm: private to drivers/char/misc.c (ldm addition)
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
	struct ldm_misc_node *ldm;
};

int misc_register(struct miscdevice *misc);
int misc_deregister(struct miscdevice *misc);

#define MODULE_ALIAS_MISCDEV(minor)					\
	MODULE_ALIAS("char-major-" __stringify(MISC_MAJOR) "-" __stringify(minor))

/*
 * The front-end API (ldm). A struct ldm_misc_file is one open of a device,
 * usable from several threads at once, as a file descriptor is; no call may
 * be in progress or follow on it once ldm_misc_release() is called.
 */
struct ldm_misc_file;

int ldm_misc_open(const char *name, int flags, struct ldm_misc_file **ret);
ssize_t ldm_misc_read(struct ldm_misc_file *file, char *buf, size_t count, loff_t *pos);
ssize_t ldm_misc_write(struct ldm_misc_file *file, const char *buf, size_t count,
		       loff_t *pos);
loff_t ldm_misc_llseek(struct ldm_misc_file *file, loff_t offset, int whence);
long ldm_misc_ioctl(struct ldm_misc_file *file, unsigned int cmd, unsigned long arg);
int ldm_misc_poll(struct ldm_misc_file *file, unsigned int events, int timeout_ms);
int ldm_misc_release(struct ldm_misc_file *file);
bool ldm_misc_seekable(struct ldm_misc_file *file);
int ldm_misc_set_flags(struct ldm_misc_file *file, int flags);

int ldm_misc_for_each(int (*fn)(const char *name, int minor, void *data), void *data);

#pragma GCC visibility pop

#endif /* _LDM_MISCDEVICE_H */
