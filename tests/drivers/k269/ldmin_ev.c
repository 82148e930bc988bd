// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ldmin_ev.c - the event handler of the input-style test stack, written as
 * 2.6.9's evdev.c is: a node "lev<n>" per device (minor 64 + n, made with
 * class_simple_device_add), events stamped with do_gettimeofday() and
 * queued per open file, read blocking or not, poll, fasync (SIGIO), and
 * ioctls that read a version, an id and a name into the caller's memory.
 */
#include <linux/init.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/poll.h>
#include <linux/major.h>
#include <linux/smp_lock.h>
#include <linux/device.h>
#include <linux/devfs_fs_kernel.h>
#include <linux/ldmin.h>

#define LEV_MINOR_BASE	64
#define LEV_MINORS	32
#define LEV_BUFFER_SIZE 64

struct lev {
	int exist;
	int open;
	int minor;
	char name[16];
	struct ldmin_handle handle;
	wait_queue_head_t wait;
	struct list_head list;
};

struct lev_list {
	struct ldmin_event buffer[LEV_BUFFER_SIZE];
	int head;
	int tail;
	struct fasync_struct *fasync;
	struct lev *lev;
	struct list_head node;
};

static struct lev *lev_table[LEV_MINORS];
static unsigned long lev_minors[NBITS(LEV_MINORS)];

static void lev_event(struct ldmin_handle *handle, unsigned int type, unsigned int code, int value)
{
	struct lev *lev = handle->private;
	struct lev_list *list;

	list_for_each_entry(list, &lev->list, node) {
		do_gettimeofday(&list->buffer[list->head].time);
		list->buffer[list->head].type = type;
		list->buffer[list->head].code = code;
		list->buffer[list->head].value = value;
		list->head = (list->head + 1) & (LEV_BUFFER_SIZE - 1);
		kill_fasync(&list->fasync, SIGIO, POLL_IN);
	}
	wake_up_interruptible(&lev->wait);
}

static int lev_fasync(int fd, struct file *file, int on)
{
	struct lev_list *list = file->private_data;
	int retval = fasync_helper(fd, file, on, &list->fasync);

	return retval < 0 ? retval : 0;
}

static void lev_free(struct lev *lev)
{
	lev_table[lev->minor] = NULL;
	clear_bit(lev->minor, lev_minors);
	kfree(lev);
}

static int lev_release(struct inode *inode, struct file *file)
{
	struct lev_list *list = file->private_data;
	struct lev *lev = list->lev;

	lev_fasync(-1, file, 0);
	list_del(&list->node);
	kfree(list);
	if (!--lev->open) {
		if (lev->exist)
			lev->handle.open = 0;
		else
			lev_free(lev);
	}
	return 0;
}

static int lev_open(struct inode *inode, struct file *file)
{
	int i = iminor(inode) - LEV_MINOR_BASE;
	struct lev_list *list;

	if (i < 0 || i >= LEV_MINORS || !lev_table[i] || !lev_table[i]->exist)
		return -ENODEV;
	list = kmalloc(sizeof(*list), GFP_KERNEL);
	if (!list)
		return -ENOMEM;
	memset(list, 0, sizeof(*list));
	list->lev = lev_table[i];
	list_add_tail(&list->node, &lev_table[i]->list);
	file->private_data = list;
	if (!list->lev->open++)
		list->lev->handle.open = 1;
	return 0;
}

static ssize_t lev_read(struct file *file, char __user *buffer, size_t count, loff_t *ppos)
{
	struct lev_list *list = file->private_data;
	int retval = 0;

	if (count < sizeof(struct ldmin_event))
		return -EINVAL;
	if (list->head == list->tail && list->lev->exist && (file->f_flags & O_NONBLOCK))
		return -EAGAIN;
	retval = wait_event_interruptible(list->lev->wait,
					  list->head != list->tail || !list->lev->exist);
	if (retval)
		return retval;
	if (!list->lev->exist)
		return -ENODEV;
	retval = 0;
	while (list->head != list->tail && retval + sizeof(struct ldmin_event) <= count) {
		if (copy_to_user(buffer + retval, list->buffer + list->tail,
				 sizeof(struct ldmin_event)))
			return -EFAULT;
		list->tail = (list->tail + 1) & (LEV_BUFFER_SIZE - 1);
		retval += sizeof(struct ldmin_event);
	}
	return retval;
}

static unsigned int lev_poll(struct file *file, poll_table *wait)
{
	struct lev_list *list = file->private_data;

	poll_wait(file, &list->lev->wait, wait);
	return ((list->head == list->tail) ? 0 : (POLLIN | POLLRDNORM)) |
	       (list->lev->exist ? 0 : (POLLHUP | POLLERR));
}

static int lev_ioctl(struct inode *inode, struct file *file, unsigned int cmd, unsigned long arg)
{
	struct lev_list *list = file->private_data;
	struct ldmin_dev *dev = list->lev->handle.dev;
	void __user *p = (void __user *)arg;
	int len;

	if (!list->lev->exist)
		return -ENODEV;
	switch (cmd) {
	case LDMIOCGVERSION:
		return put_user(LDMIN_VERSION, (int __user *)p);
	case LDMIOCGID:
		return put_user(dev->id, (__u16 __user *)p);
	}
	if (_IOC_TYPE(cmd) != LDMIN_IOC || _IOC_DIR(cmd) != _IOC_READ)
		return -EINVAL;
	if (_IOC_NR(cmd) == _IOC_NR(LDMIOCGNAME(0))) {
		if (!dev->name)
			return -ENOENT;
		len = strlen(dev->name) + 1;
		if (len > _IOC_SIZE(cmd))
			len = _IOC_SIZE(cmd);
		return copy_to_user(p, dev->name, len) ? -EFAULT : len;
	}
	return -EINVAL;
}

static struct file_operations lev_fops = {
	.owner = THIS_MODULE,
	.read = lev_read,
	.poll = lev_poll,
	.open = lev_open,
	.release = lev_release,
	.ioctl = lev_ioctl,
	.fasync = lev_fasync,
};

static struct ldmin_handle *lev_connect(struct ldmin_handler *handler, struct ldmin_dev *dev)
{
	struct lev *lev;
	int minor;

	minor = find_first_zero_bit(lev_minors, LEV_MINORS);
	if (minor >= LEV_MINORS) {
		printk(KERN_ERR "ldmin_ev: no more free minors\n");
		return NULL;
	}
	lev = kmalloc(sizeof(*lev), GFP_KERNEL);
	if (!lev)
		return NULL;
	memset(lev, 0, sizeof(*lev));
	set_bit(minor, lev_minors);
	INIT_LIST_HEAD(&lev->list);
	init_waitqueue_head(&lev->wait);
	lev->exist = 1;
	lev->minor = minor;
	lev->handle.dev = dev;
	lev->handle.name = lev->name;
	lev->handle.handler = handler;
	lev->handle.private = lev;
	sprintf(lev->name, "lev%d", minor);
	lev_table[minor] = lev;
	devfs_mk_cdev(MKDEV(ldmin_major, LEV_MINOR_BASE + minor), S_IFCHR | S_IRUGO | S_IWUSR,
		      "ldmin/event%d", minor);
	class_simple_device_add(ldmin_class, MKDEV(ldmin_major, LEV_MINOR_BASE + minor), NULL,
				"lev%d", minor);
	return &lev->handle;
}

static void lev_disconnect(struct ldmin_handle *handle)
{
	struct lev *lev = handle->private;
	struct lev_list *list;

	class_simple_device_remove(MKDEV(ldmin_major, LEV_MINOR_BASE + lev->minor));
	devfs_remove("ldmin/event%d", lev->minor);
	lev->exist = 0;
	if (lev->open) {
		wake_up_interruptible(&lev->wait);
		list_for_each_entry(list, &lev->list, node)
			kill_fasync(&list->fasync, SIGIO, POLL_HUP);
	} else {
		lev_free(lev);
	}
}

static struct ldmin_handler lev_handler = {
	.event = lev_event,
	.connect = lev_connect,
	.disconnect = lev_disconnect,
	.fops = &lev_fops,
	.minor = LEV_MINOR_BASE,
	.name = "lev",
};

static int __init lev_init(void)
{
	return ldmin_register_handler(&lev_handler);
}

static void __exit lev_exit(void)
{
	ldmin_unregister_handler(&lev_handler);
}

module_init(lev_init);
module_exit(lev_exit);

MODULE_AUTHOR("ldm");
MODULE_DESCRIPTION("evdev-style event nodes for ldm's tests");
MODULE_LICENSE("GPL");
