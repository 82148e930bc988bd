// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * misc.c - misc devices (drivers/char/misc.c of 2.6.9): character devices
 * of major 10, each with a minor of its own, in the class "misc" made with
 * class_simple. misc_register() and misc_deregister() are EXPORT_SYMBOL:
 * the upper layer that, as the article says, most drivers use instead of
 * the GPL-only driver core below it.
 *
 * Each device is a cdev of its own minor of major 10 (the range "misc" of
 * /proc/devices), so its files are opened by number as any character
 * device's (<libldm/chrdev.h>), or by name (ldm_misc_open()). What ldm
 * adds: a device deregistered while files are open has their release
 * methods called then (as cdev_del() does), and the minors it held stay
 * taken until misc_deregister() returns.
 */
#include <pthread.h>
#include <string.h>
#include <ldm/cdev.h>
#include <ldm/device.h>
#include <ldm/export.h>
#include <ldm/kdev_t.h>
#include <ldm/kernel.h>
#include <ldm/miscdevice.h>
#include <ldm/proc_fs.h>
#include <ldm/seq_file.h>
#include <ldm/slab.h>
#include <libldm/chrdev.h>
#include <libldm/misc.h>

#include "boot.h"

/* Dynamic minors are given from the top of this range down, as in 2.6.9. */
#define DYNAMIC_MINORS 64
#define MISC_MINORS    256 /* minors 0-254; 255 is MISC_DYNAMIC_MINOR */

static LIST_HEAD(misc_list);
/* Guards misc_list, misc_minors and the registration of each device. */
static pthread_mutex_t misc_mtx = PTHREAD_MUTEX_INITIALIZER;
/* Minors taken, from misc_register() until misc_deregister() returns. */
static unsigned char misc_minors[MISC_MINORS / 8];
static struct class_simple *misc_class;
static struct proc_dir_entry *misc_proc;

static bool minor_taken(int minor)
{
	return misc_minors[minor >> 3] & (1 << (minor & 7));
}

static void take_minor(int minor)
{
	misc_minors[minor >> 3] |= (unsigned char)(1 << (minor & 7));
}

static void free_minor(int minor)
{
	misc_minors[minor >> 3] &= (unsigned char)~(1 << (minor & 7));
}

static struct miscdevice *find_by_name_locked(const char *name)
{
	struct miscdevice *c;

	list_for_each_entry(c, &misc_list, list)
		if (!strcmp(c->name, name))
			return c;
	return NULL;
}

/* A free dynamic minor, the highest first, or -1. */
static int dynamic_minor_locked(void)
{
	int i;

	for (i = DYNAMIC_MINORS - 1; i >= 0; i--)
		if (!minor_taken(i))
			return i;
	return -1;
}

/**
 * misc_register - register a misc device
 * @misc: the device: minor (or MISC_DYNAMIC_MINOR), name and fops set
 *
 * Gives the device its minor (for MISC_DYNAMIC_MINOR the highest free one
 * below 64, written back to @misc->minor) and its class device
 * /class/misc/<name>, whose "dev" reads "10:<minor>". @misc stays the
 * caller's, and must not be freed before misc_deregister() returns.
 *
 * Return: 0; -EINVAL without a name or fops, or a minor outside 0-255;
 * -ENAMETOOLONG for a name longer than the class device's (BUS_ID_SIZE - 1);
 * -EBUSY if the minor is taken, no dynamic minor is left or @misc is
 * registered already; -EEXIST if a misc device has that name; -ENOMEM; or
 * the error of the class device.
 */
int misc_register(struct miscdevice *misc)
{
	struct class_device *class_dev;
	struct cdev *cdev;
	bool dynamic;
	int minor, err;

	if (!misc || !misc->name || !*misc->name || !misc->fops || misc->minor < 0 ||
	    misc->minor > MISC_DYNAMIC_MINOR)
		return -EINVAL;
	if (strlen(misc->name) >= BUS_ID_SIZE)
		return -ENAMETOOLONG;
	cdev = cdev_alloc();
	if (!cdev)
		return -ENOMEM;
	cdev->owner = misc->fops->owner;
	cdev->ops = misc->fops;

	pthread_mutex_lock(&misc_mtx);
	err = -EBUSY;
	if (misc->ldm_cdev)
		goto err_unlock;
	err = -EEXIST;
	if (find_by_name_locked(misc->name))
		goto err_unlock;
	dynamic = misc->minor == MISC_DYNAMIC_MINOR;
	minor = dynamic ? dynamic_minor_locked() : misc->minor;
	err = -EBUSY;
	if (minor < 0 || minor_taken(minor))
		goto err_unlock;
	take_minor(minor);
	if (misc->devfs_name[0] == '\0')
		snprintf(misc->devfs_name, sizeof(misc->devfs_name), "misc/%s", misc->name);

	err = cdev_add(cdev, MKDEV(MISC_MAJOR, minor), 1);
	if (err)
		goto err_minor;
	class_dev = class_simple_device_add(misc_class, MKDEV(MISC_MAJOR, minor), misc->dev, "%s",
					    misc->name);
	if (IS_ERR(class_dev)) {
		err = (int)PTR_ERR(class_dev);
		goto err_minor;
	}
	misc->minor = minor;
	misc->class = class_dev;
	misc->ldm_cdev = cdev;
	/* At the front, so that later devices can override earlier defaults. */
	list_add(&misc->list, &misc_list);
	pthread_mutex_unlock(&misc_mtx);
	return 0;

err_minor:
	free_minor(minor);
err_unlock:
	pthread_mutex_unlock(&misc_mtx);
	cdev_del(cdev);
	return err;
}
EXPORT_SYMBOL(misc_register);

/**
 * misc_deregister - deregister a misc device
 * @misc: a device registered with misc_register()
 *
 * Open files of the device have their release method called now, once; from
 * then on every call on them returns -ENODEV. Waits for the calls into the
 * driver in progress (a thread sleeping in ldm_misc_poll() is woken), but not
 * for the calling thread's own. When it returns, nothing of the runtime
 * refers to @misc, its fops or its module any more.
 *
 * Return: 0, or -EINVAL if @misc is not registered.
 */
int misc_deregister(struct miscdevice *misc)
{
	struct cdev *cdev;

	if (!misc)
		return -EINVAL;
	pthread_mutex_lock(&misc_mtx);
	cdev = misc->ldm_cdev;
	if (!cdev || list_empty(&misc->list)) {
		pthread_mutex_unlock(&misc_mtx);
		return -EINVAL;
	}
	/* Not found by name any more. */
	list_del_init(&misc->list);
	pthread_mutex_unlock(&misc_mtx);

	/* No new call enters the driver, and the open files are released. */
	cdev_del(cdev);

	pthread_mutex_lock(&misc_mtx);
	class_simple_device_remove(MKDEV(MISC_MAJOR, misc->minor));
	free_minor(misc->minor);
	misc->class = NULL;
	misc->ldm_cdev = NULL;
	pthread_mutex_unlock(&misc_mtx);
	return 0;
}
EXPORT_SYMBOL(misc_deregister);

/**
 * ldm_misc_open - open a misc device by name, as open(2) on /dev/<name>
 * @name: the device's name (as in /class/misc/<name>)
 * @flags: open(2) flags, as for ldm_chrdev_open()
 * @ret: the open file, for the ldm_chrdev_ calls and ldm_chrdev_release()
 *
 * Return: 0, -EINVAL, -ENODEV if no misc device of that name is
 * registered, or an error of ldm_chrdev_open().
 */
int ldm_misc_open(const char *name, int flags, struct ldm_chrdev_file **ret)
{
	struct miscdevice *c;
	int minor = -1, err;

	if (!name || !ret)
		return -EINVAL;
	pthread_mutex_lock(&misc_mtx);
	c = find_by_name_locked(name);
	if (c)
		minor = c->minor;
	pthread_mutex_unlock(&misc_mtx);
	if (minor < 0)
		return -ENODEV;
	err = ldm_chrdev_open(MKDEV(MISC_MAJOR, minor), flags, ret);
	return err == -ENXIO ? -ENODEV : err;
}

struct misc_entry {
	char name[BUS_ID_SIZE];
	int minor;
};

/**
 * ldm_misc_for_each - call a function for each registered misc device
 * @fn: called with the device's name and minor, most recently registered
 *	first; a non-zero return stops the walk and is returned
 * @data: passed to @fn
 *
 * The devices are taken as one snapshot and @fn is called with no lock
 * held, so it may open them, or register and deregister misc devices.
 * Return: 0, the first non-zero return of @fn, or -EINVAL or -ENOMEM.
 */
int ldm_misc_for_each(int (*fn)(const char *name, int minor, void *data), void *data)
{
	struct misc_entry *entries;
	struct miscdevice *c;
	size_t n = 0, i;
	int ret = 0;

	if (!fn)
		return -EINVAL;
	/* At most one device per minor is registered. */
	entries = kcalloc(MISC_MINORS, sizeof(*entries), GFP_KERNEL);
	if (!entries)
		return -ENOMEM;
	pthread_mutex_lock(&misc_mtx);
	list_for_each_entry(c, &misc_list, list) {
		strcpy(entries[n].name, c->name);
		entries[n++].minor = c->minor;
	}
	pthread_mutex_unlock(&misc_mtx);
	for (i = 0; i < n && !ret; i++)
		ret = fn(entries[i].name, entries[i].minor, data);
	kfree(entries);
	return ret;
}

/* /proc/misc: "minor name" per device, as 2.6.9 lists them. */
static void *misc_seq_start(struct seq_file *seq, loff_t *pos)
{
	struct miscdevice *c;
	loff_t off = 0;

	(void)seq;
	pthread_mutex_lock(&misc_mtx);
	list_for_each_entry(c, &misc_list, list)
		if (off++ == *pos)
			return c;
	return NULL;
}

static void *misc_seq_next(struct seq_file *seq, void *v, loff_t *pos)
{
	struct list_head *n = ((struct miscdevice *)v)->list.next;

	(void)seq;
	++*pos;
	return n != &misc_list ? list_entry(n, struct miscdevice, list) : NULL;
}

static void misc_seq_stop(struct seq_file *seq, void *v)
{
	(void)seq;
	(void)v;
	pthread_mutex_unlock(&misc_mtx);
}

static int misc_seq_show(struct seq_file *seq, void *v)
{
	const struct miscdevice *p = v;

	seq_printf(seq, "%3i %s\n", p->minor, p->name ? p->name : "");
	return 0;
}

static struct seq_operations misc_seq_ops = {
	.start = misc_seq_start,
	.next = misc_seq_next,
	.stop = misc_seq_stop,
	.show = misc_seq_show,
};

static int misc_seq_open(struct inode *inode, struct file *file)
{
	(void)inode;
	return seq_open(file, &misc_seq_ops);
}

static const struct file_operations misc_proc_fops = {
	.open = misc_seq_open,
	.read = seq_read,
	.llseek = seq_lseek,
	.release = seq_release,
};

/**
 * misc_init - make the class "misc" (2.6.9's misc_init, a subsys_initcall)
 *
 * Return: 0, or the error of class_simple_create().
 */
int misc_init(void)
{
	struct class_simple *cs;
	int err;

	/* The major, for /proc/devices; each device adds its own minor's cdev. */
	err = register_chrdev_region(MKDEV(MISC_MAJOR, 0), 256, "misc");
	if (err)
		return err;
	cs = class_simple_create(NULL, "misc");
	if (IS_ERR(cs)) {
		unregister_chrdev_region(MKDEV(MISC_MAJOR, 0), 256);
		return (int)PTR_ERR(cs);
	}
	misc_class = cs;
	misc_proc = create_proc_entry("misc", 0, NULL);
	if (misc_proc)
		misc_proc->proc_fops = (struct file_operations *)&misc_proc_fops;
	return 0;
}

/**
 * misc_exit - deregister what the program left registered, with a warning,
 * and remove the class "misc"
 */
void misc_exit(void)
{
	struct miscdevice *c;

	for (;;) {
		pthread_mutex_lock(&misc_mtx);
		c = list_empty(&misc_list) ? NULL :
					     list_first_entry(&misc_list, struct miscdevice, list);
		pthread_mutex_unlock(&misc_mtx);
		if (!c)
			break;
		printk(KERN_WARNING "misc: device '%s' (minor %d) still registered at exit; "
				    "deregistering it\n",
		       c->name, c->minor);
		misc_deregister(c);
	}
	if (misc_proc)
		remove_proc_entry("misc", NULL);
	misc_proc = NULL;
	class_simple_destroy(misc_class);
	misc_class = NULL;
	unregister_chrdev_region(MKDEV(MISC_MAJOR, 0), 256);
}
