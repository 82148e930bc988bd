// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ldmin_inject.c - the injector of the input-style test stack, written as
 * 2.6.9's uinput.c is: a misc device whose every open may make one device,
 * set up with ioctls whose argument is a value (LDMIN_SET_EVBIT), a
 * pointer to the caller's structure (LDMIN_DEV_SETUP) or nothing
 * (LDMIN_DEV_CREATE), and fed with events written to it.
 */
#include <linux/init.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <asm/uaccess.h>
#include <linux/ldmin.h>

struct inj {
	struct ldmin_dev dev;
	struct ldmin_setup setup;
	int created;
	struct semaphore sem;
};

static int inj_open(struct inode *inode, struct file *file)
{
	struct inj *inj = kmalloc(sizeof(*inj), GFP_KERNEL);

	if (!inj)
		return -ENOMEM;
	memset(inj, 0, sizeof(*inj));
	init_MUTEX(&inj->sem);
	file->private_data = inj;
	return 0;
}

static int inj_release(struct inode *inode, struct file *file)
{
	struct inj *inj = file->private_data;

	if (inj->created)
		ldmin_unregister_device(&inj->dev);
	kfree(inj);
	return 0;
}

static ssize_t inj_write(struct file *file, const char __user *buffer, size_t count, loff_t *ppos)
{
	struct inj *inj = file->private_data;
	struct ldmin_event ev;
	size_t done = 0;

	if (!inj->created)
		return -ENODEV;
	while (done + sizeof(ev) <= count) {
		if (copy_from_user(&ev, buffer + done, sizeof(ev)))
			return -EFAULT;
		ldmin_event(&inj->dev, ev.type, ev.code, ev.value);
		done += sizeof(ev);
	}
	return done;
}

static int inj_ioctl(struct inode *inode, struct file *file, unsigned int cmd, unsigned long arg)
{
	struct inj *inj = file->private_data;
	int retval = 0;

	down(&inj->sem);
	switch (cmd) {
	case LDMIN_SET_EVBIT:
		if (inj->created)
			retval = -EINVAL;
		else if (arg > EV_MAX)
			retval = -EINVAL;
		else
			set_bit(arg, inj->dev.evbit);
		break;
	case LDMIN_DEV_SETUP:
		if (inj->created)
			retval = -EINVAL;
		else if (copy_from_user(&inj->setup, (void __user *)arg, sizeof(inj->setup)))
			retval = -EFAULT;
		inj->setup.name[LDMIN_NAME_SIZE - 1] = '\0';
		break;
	case LDMIN_DEV_CREATE:
		if (inj->created || !inj->setup.name[0]) {
			retval = -EINVAL;
			break;
		}
		inj->dev.name = inj->setup.name;
		inj->dev.id = inj->setup.id;
		retval = ldmin_register_device(&inj->dev);
		if (!retval)
			inj->created = 1;
		break;
	case LDMIN_DEV_DESTROY:
		if (!inj->created) {
			retval = -EINVAL;
			break;
		}
		ldmin_unregister_device(&inj->dev);
		inj->created = 0;
		break;
	default:
		retval = -ENOTTY;
	}
	up(&inj->sem);
	return retval;
}

static struct file_operations inj_fops = {
	.owner = THIS_MODULE,
	.open = inj_open,
	.release = inj_release,
	.write = inj_write,
	.ioctl = inj_ioctl,
};

static struct miscdevice inj_misc = {
	.fops = &inj_fops,
	.minor = MISC_DYNAMIC_MINOR,
	.name = "ldmin_inject",
};

static int __init inj_init(void)
{
	return misc_register(&inj_misc);
}

static void __exit inj_exit(void)
{
	misc_deregister(&inj_misc);
}

module_init(inj_init);
module_exit(inj_exit);

MODULE_AUTHOR("ldm");
MODULE_DESCRIPTION("uinput-style injector for ldm's tests");
MODULE_LICENSE("GPL");
