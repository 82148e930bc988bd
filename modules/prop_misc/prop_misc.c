// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * prop_misc.c - plays a proprietary driver that, as the article says most
 * drivers do, uses only the upper layer: a misc device registered with
 * misc_register(), which is EXPORT_SYMBOL and hides the GPL-only driver
 * core (device, class, sysfs) beneath it. It declares
 * MODULE_LICENSE("Proprietary") to play that part: it loads, and taints
 * the runtime with 'P'. Its source is ours, under the GPL like every
 * example of ldm.
 *
 * The device, /class/misc/prop_misc, reads back a message; a write
 * replaces the message (at most PROP_MISC_SIZE bytes, else -ENOSPC).
 */
#include <ldm/fs.h>
#include <ldm/kernel.h>
#include <ldm/miscdevice.h>
#include <ldm/module.h>
#include <ldm/mutex.h>
#include <ldm/string.h>
#include <ldm/uaccess.h>

#define PROP_MISC_SIZE 256

static DEFINE_MUTEX(prop_misc_lock); /* guards message and message_len */
static char message[PROP_MISC_SIZE] = "hello from a proprietary module\n";
static size_t message_len;

static ssize_t prop_misc_read(struct file *file, char __user *buf, size_t count, loff_t *ppos)
{
	ssize_t ret = 0;
	size_t n;

	(void)file;
	mutex_lock(&prop_misc_lock);
	if (*ppos >= 0 && (size_t)*ppos < message_len) {
		n = min_t(size_t, count, message_len - (size_t)*ppos);
		if (copy_to_user(buf, message + *ppos, n)) {
			ret = -EFAULT;
		} else {
			*ppos += (loff_t)n;
			ret = (ssize_t)n;
		}
	}
	mutex_unlock(&prop_misc_lock);
	return ret;
}

static ssize_t prop_misc_write(struct file *file, const char __user *buf, size_t count,
			       loff_t *ppos)
{
	ssize_t ret = (ssize_t)count;

	(void)file;
	if (count > PROP_MISC_SIZE)
		return -ENOSPC;
	mutex_lock(&prop_misc_lock);
	if (copy_from_user(message, buf, count)) {
		ret = -EFAULT;
	} else {
		message_len = count;
		*ppos += (loff_t)count;
	}
	mutex_unlock(&prop_misc_lock);
	return ret;
}

static const struct file_operations prop_misc_fops = {
	.owner = THIS_MODULE,
	.read = prop_misc_read,
	.write = prop_misc_write,
};

static struct miscdevice prop_misc_dev = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "prop_misc",
	.fops = &prop_misc_fops,
};

static int __init prop_misc_init(void)
{
	int err;

	message_len = strlen(message);
	err = misc_register(&prop_misc_dev);
	if (err)
		return err;
	printk(KERN_INFO "prop_misc: misc device 10:%d\n", prop_misc_dev.minor);
	return 0;
}

static void __exit prop_misc_exit(void)
{
	misc_deregister(&prop_misc_dev);
}

module_init(prop_misc_init);
module_exit(prop_misc_exit);

MODULE_LICENSE("Proprietary");
MODULE_AUTHOR("The ldm developers");
MODULE_DESCRIPTION("Plays a proprietary driver: a misc device through misc_register only");
