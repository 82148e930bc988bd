// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * devtest.c - the misc devices the tests of DIR/dev talk to:
 *
 *   devtest      a pipe: write(2) appends (at most DEVTEST_SIZE bytes
 *                held), read(2) takes from the front and sleeps while it
 *                is empty (interruptibly; -EAGAIN with O_NONBLOCK); poll
 *                says POLLIN when there is something to read, and a
 *                write signals the owners of the files with O_ASYNC
 *                (fasync, kill_fasync with POLL_IN); opened with
 *                nonseekable_open(); the ioctls of devtest.h, one of
 *                which asks capable()
 *                With the parameter hold_release set, its release waits
 *                until release_go is written (release_waiting says it
 *                does).
 *   devtest_ctl  reads "plugged" or "unplugged"; writing "unplug"
 *                deregisters devtest (its sleeping readers are woken
 *                first), "plug" registers it again
 */
#include <ldm/capability.h>
#include <ldm/delay.h>
#include <ldm/fs.h>
#include <ldm/kernel.h>
#include <ldm/miscdevice.h>
#include <ldm/module.h>
#include <ldm/moduleparam.h>
#include <ldm/mutex.h>
#include <ldm/poll.h>
#include <ldm/sched.h>
#include <ldm/string.h>
#include <ldm/uaccess.h>
#include <ldm/wait.h>

#include "devtest.h"

#define DEVTEST_SIZE 4096

static DEFINE_MUTEX(pipe_lock); /* guards data, len, gone, sleepers, bits */
static DECLARE_WAIT_QUEUE_HEAD(readq);
static char data[DEVTEST_SIZE];
static size_t len;
static int gone; /* deregistered: wake and leave */
static int sleepers;
static unsigned int bits;	    /* DEVTEST_IOC_SETBIT's mask */
static struct fasync_struct *async; /* the files that asked for SIGIO */

static DEFINE_MUTEX(plug_lock); /* guards plugged */
static int plugged;

static int pipe_open(struct inode *inode, struct file *file)
{
	return nonseekable_open(inode, file);
}

static bool readable(void)
{
	bool ret;

	mutex_lock(&pipe_lock);
	ret = len > 0 || gone;
	mutex_unlock(&pipe_lock);
	return ret;
}

/* Under pipe_lock, held again on return: wait for data; 0, or -errno and unlocked. */
static int wait_data(struct file *file)
{
	int ret;

	while (!len && !gone) {
		if (file->f_flags & O_NONBLOCK) {
			mutex_unlock(&pipe_lock);
			return -EAGAIN;
		}
		sleepers++;
		mutex_unlock(&pipe_lock);
		ret = wait_event_interruptible(readq, readable());
		mutex_lock(&pipe_lock);
		sleepers--;
		if (ret) {
			mutex_unlock(&pipe_lock);
			return ret;
		}
	}
	if (gone) {
		mutex_unlock(&pipe_lock);
		return -ENODEV;
	}
	return 0;
}

static ssize_t pipe_read(struct file *file, char __user *buf, size_t count, loff_t *ppos)
{
	ssize_t ret;
	size_t n;

	(void)ppos;
	mutex_lock(&pipe_lock);
	ret = wait_data(file);
	if (ret)
		return ret;
	n = min(count, len);
	if (copy_to_user(buf, data, n)) {
		ret = -EFAULT;
	} else {
		memmove(data, data + n, len - n);
		len -= n;
		ret = (ssize_t)n;
	}
	mutex_unlock(&pipe_lock);
	return ret;
}

static ssize_t pipe_write(struct file *file, const char __user *buf, size_t count, loff_t *ppos)
{
	ssize_t ret;

	(void)file, (void)ppos;
	mutex_lock(&pipe_lock);
	if (count > DEVTEST_SIZE - len) {
		ret = -ENOSPC;
	} else if (copy_from_user(data + len, buf, count)) {
		ret = -EFAULT;
	} else {
		len += count;
		ret = (ssize_t)count;
	}
	mutex_unlock(&pipe_lock);
	if (ret > 0) {
		wake_up_interruptible(&readq);
		kill_fasync(&async, SIGIO, POLL_IN);
	}
	return ret;
}

static int pipe_fasync(int fd, struct file *file, int on)
{
	int ret = fasync_helper(fd, file, on, &async);

	return ret < 0 ? ret : 0;
}

/*
 * With hold_release set, a release waits (at most a minute) until
 * release_go is written, saying so in release_waiting: a release that
 * waits on what another request does, for the test of ldmd's stop.
 */
static int hold_release;
module_param(hold_release, int, 0644);
static int release_waiting;
module_param(release_waiting, int, 0444);
static int release_go;
module_param(release_go, int, 0644);

static void hold(void)
{
	int i;

	if (!__atomic_load_n(&hold_release, __ATOMIC_SEQ_CST))
		return;
	__atomic_store_n(&release_waiting, 1, __ATOMIC_SEQ_CST);
	for (i = 0; i < 60000 && !__atomic_load_n(&release_go, __ATOMIC_SEQ_CST); i++)
		msleep(1);
}

static int pipe_release(struct inode *inode, struct file *file)
{
	(void)inode;
	hold();
	return pipe_fasync(-1, file, 0);
}

static unsigned int pipe_poll(struct file *file, poll_table *pt)
{
	poll_wait(file, &readq, pt);
	return POLLOUT | POLLWRNORM | (readable() ? POLLIN | POLLRDNORM : 0);
}

static int put_int(unsigned long arg, int v)
{
	return copy_to_user((void __user *)arg, &v, sizeof(v)) ? -EFAULT : 0;
}

/* DEVTEST_IOC_PEEK: the structure at @arg names a second buffer, of the caller's. */
static long pipe_peek(unsigned long arg)
{
	struct devtest_peek p;
	long ret;

	if (copy_from_user(&p, (void __user *)arg, sizeof(p)))
		return -EFAULT;
	mutex_lock(&pipe_lock);
	ret = (long)min((size_t)p.len, len);
	if (copy_to_user((void __user *)(unsigned long)p.buf, data, (size_t)ret))
		ret = -EFAULT;
	mutex_unlock(&pipe_lock);
	return ret;
}

static long pipe_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	int v;

	switch (cmd) {
	case DEVTEST_IOC_LEN:
		mutex_lock(&pipe_lock);
		v = (int)len;
		mutex_unlock(&pipe_lock);
		return put_int(arg, v);
	case DEVTEST_IOC_ADD:
		if (copy_from_user(&v, (void __user *)arg, sizeof(v)))
			return -EFAULT;
		return put_int(arg, v + 1000);
	case DEVTEST_IOC_CLEAR:
		mutex_lock(&pipe_lock);
		v = (int)len;
		len = 0;
		mutex_unlock(&pipe_lock);
		return v;
	case DEVTEST_IOC_SLEEPERS:
		mutex_lock(&pipe_lock);
		v = sleepers;
		mutex_unlock(&pipe_lock);
		return put_int(arg, v);
	case DEVTEST_IOC_WAITED:
		return put_int(arg, waitqueue_active(&readq));
	case DEVTEST_IOC_SETBIT:
		if (arg > 31)
			return -EINVAL;
		mutex_lock(&pipe_lock);
		v = (int)(bits |= 1U << arg);
		mutex_unlock(&pipe_lock);
		return v;
	case DEVTEST_IOC_PEEK:
		return pipe_peek(arg);
	case DEVTEST_IOC_CAPABLE:
		return put_int(arg, capable(CAP_SYS_ADMIN));
	case DEVTEST_IOC_WAIT:
		mutex_lock(&pipe_lock);
		v = wait_data(file);
		if (!v)
			mutex_unlock(&pipe_lock);
		return v;
	default:
		return -ENOIOCTLCMD;
	}
}

static const struct file_operations pipe_fops = {
	.owner = THIS_MODULE,
	.open = pipe_open,
	.read = pipe_read,
	.write = pipe_write,
	.poll = pipe_poll,
	.unlocked_ioctl = pipe_ioctl,
	.fasync = pipe_fasync,
	.release = pipe_release,
};

static struct miscdevice pipe_dev = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "devtest",
	.fops = &pipe_fops,
};

/* Under plug_lock. */
static int plug(void)
{
	int err;

	if (plugged)
		return 0;
	mutex_lock(&pipe_lock);
	gone = 0;
	len = 0;
	mutex_unlock(&pipe_lock);
	pipe_dev.minor = MISC_DYNAMIC_MINOR;
	err = misc_register(&pipe_dev);
	if (!err)
		plugged = 1;
	return err;
}

/* Under plug_lock: wake the sleepers, or misc_deregister() would wait for them. */
static void unplug(void)
{
	if (!plugged)
		return;
	mutex_lock(&pipe_lock);
	gone = 1;
	mutex_unlock(&pipe_lock);
	wake_up_interruptible_all(&readq);
	misc_deregister(&pipe_dev);
	plugged = 0;
}

static ssize_t ctl_read(struct file *file, char __user *buf, size_t count, loff_t *ppos)
{
	const char *s;
	size_t n, l;

	(void)file;
	mutex_lock(&plug_lock);
	s = plugged ? "plugged\n" : "unplugged\n";
	mutex_unlock(&plug_lock);
	l = strlen(s);
	if (*ppos < 0 || (size_t)*ppos >= l)
		return 0;
	n = min(count, l - (size_t)*ppos);
	if (copy_to_user(buf, s + *ppos, n))
		return -EFAULT;
	*ppos += (loff_t)n;
	return (ssize_t)n;
}

static ssize_t ctl_write(struct file *file, const char __user *buf, size_t count, loff_t *ppos)
{
	char cmd[16] = "";
	int err = -EINVAL;

	(void)file, (void)ppos;
	if (count >= sizeof(cmd) || copy_from_user(cmd, buf, count))
		return -EINVAL;
	mutex_lock(&plug_lock);
	if (!strncmp(cmd, "unplug", 6)) {
		unplug();
		err = 0;
	} else if (!strncmp(cmd, "plug", 4)) {
		err = plug();
	}
	mutex_unlock(&plug_lock);
	return err ? err : (ssize_t)count;
}

static const struct file_operations ctl_fops = {
	.owner = THIS_MODULE,
	.read = ctl_read,
	.write = ctl_write,
};

static struct miscdevice ctl_dev = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "devtest_ctl",
	.fops = &ctl_fops,
};

static int __init devtest_init(void)
{
	int err;

	mutex_lock(&plug_lock);
	err = plug();
	mutex_unlock(&plug_lock);
	if (err)
		return err;
	err = misc_register(&ctl_dev);
	if (err) {
		mutex_lock(&plug_lock);
		unplug();
		mutex_unlock(&plug_lock);
	}
	return err;
}

static void __exit devtest_exit(void)
{
	misc_deregister(&ctl_dev);
	mutex_lock(&plug_lock);
	unplug();
	mutex_unlock(&plug_lock);
}

module_init(devtest_init);
module_exit(devtest_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Misc devices for the tests of ldmd's DIR/dev");
