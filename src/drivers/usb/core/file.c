// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * file.c - the character devices of USB drivers (drivers/usb/core/file.c
 * of 2.6.9): usb_register_dev() gives an interface a minor of USB_MAJOR
 * (180) and a class device in the class "usb"; its file operations are the
 * driver's own.
 *
 * Each minor is a cdev of its own, as misc.c's devices are, so a node is
 * opened by number as any character device's. The class "usb" is made
 * with the first minor and taken away with the last (2.6.9 made it at
 * boot): the runtime then leaves nothing behind.
 */
#include <pthread.h>
#include <string.h>
#include <ldm/cdev.h>
#include <ldm/device.h>
#include <ldm/errno.h>
#include <ldm/export.h>
#include <ldm/kdev_t.h>
#include <ldm/kernel.h>
#include <ldm/usb.h>

#define MAX_USB_MINORS 256

/* Guards usb_minors, usb_class and usb_class_users. */
static pthread_mutex_t usb_minors_mtx = PTHREAD_MUTEX_INITIALIZER;
static struct cdev *usb_minors[MAX_USB_MINORS];
static struct class_simple *usb_class;
static unsigned int usb_class_users;

/* The class "usb", made for its first user. */
static int usb_class_get_locked(void)
{
	struct class_simple *class;

	if (!usb_class_users) {
		class = class_simple_create(NULL, "usb");
		if (IS_ERR(class))
			return (int)PTR_ERR(class);
		usb_class = class;
	}
	usb_class_users++;
	return 0;
}

static void usb_class_put_locked(void)
{
	if (--usb_class_users)
		return;
	class_simple_destroy(usb_class);
	usb_class = NULL;
}

/*
 * The node's name: the driver's format ("lp%d") with the minor's offset
 * from its base for its one "%d" (other conversions are copied as they
 * are: the format is the driver's), what follows its last '/'.
 */
static void usb_node_name(const struct usb_class_driver *class_driver, int minor, char *name,
			  size_t size)
{
	const char *fmt = class_driver->name, *pct = strstr(fmt, "%d"), *slash;
	char full[BUS_ID_SIZE];

	if (pct)
		snprintf(full, sizeof(full), "%.*s%d%s", (int)(pct - fmt), fmt,
			 minor - class_driver->minor_base, pct + 2);
	else
		snprintf(full, sizeof(full), "%s", fmt);
	slash = strrchr(full, '/');
	snprintf(name, size, "%s", slash ? slash + 1 : full);
}

/**
 * usb_register_dev - give an interface a character device of USB_MAJOR
 * @intf: the interface, which its driver's probe is binding
 * @class_driver: the node's name format, file operations, mode, and the
 *	first minor to try
 *
 * The minor is the first free one from class_driver->minor_base; it is
 * written to intf->minor, and the class device "usb/<name>" reads
 * "180:<minor>".
 * Return: 0; -EINVAL for a bad argument; -EXFULL when no minor is free
 * (2.6.9's value); -ENOMEM; the class device's error.
 */
int usb_register_dev(struct usb_interface *intf, struct usb_class_driver *class_driver)
{
	struct class_device *class_dev;
	char name[BUS_ID_SIZE];
	struct cdev *cdev;
	int minor, err;

	if (!intf || !class_driver || !class_driver->name || !class_driver->fops ||
	    class_driver->minor_base < 0 || class_driver->minor_base >= MAX_USB_MINORS)
		return -EINVAL;
	intf->minor = -1;
	cdev = cdev_alloc();
	if (!cdev)
		return -ENOMEM;
	cdev->owner = class_driver->fops->owner;
	cdev->ops = class_driver->fops;

	pthread_mutex_lock(&usb_minors_mtx);
	for (minor = class_driver->minor_base; minor < MAX_USB_MINORS; minor++)
		if (!usb_minors[minor])
			break;
	err = -EXFULL;
	if (minor == MAX_USB_MINORS)
		goto err_unlock;
	err = usb_class_get_locked();
	if (err)
		goto err_unlock;
	err = cdev_add(cdev, MKDEV(USB_MAJOR, minor), 1);
	if (err)
		goto err_class;
	usb_node_name(class_driver, minor, name, sizeof(name));
	class_dev =
		class_simple_device_add(usb_class, MKDEV(USB_MAJOR, minor), &intf->dev, "%s", name);
	if (IS_ERR(class_dev)) {
		err = (int)PTR_ERR(class_dev);
		goto err_class;
	}
	usb_minors[minor] = cdev;
	intf->minor = minor;
	intf->class_dev = class_dev;
	pthread_mutex_unlock(&usb_minors_mtx);
	return 0;

err_class:
	usb_class_put_locked();
err_unlock:
	pthread_mutex_unlock(&usb_minors_mtx);
	cdev_del(cdev);
	return err;
}
EXPORT_SYMBOL(usb_register_dev);

/**
 * usb_deregister_dev - take back what usb_register_dev() gave
 * @intf: the interface
 * @class_driver: what it was registered with
 *
 * Open files of the node have their release called now, as misc
 * devices' do.
 */
void usb_deregister_dev(struct usb_interface *intf, struct usb_class_driver *class_driver)
{
	struct cdev *cdev;
	int minor;

	(void)class_driver;
	if (!intf || intf->minor < 0 || intf->minor >= MAX_USB_MINORS)
		return;
	minor = intf->minor;
	pthread_mutex_lock(&usb_minors_mtx);
	cdev = usb_minors[minor];
	pthread_mutex_unlock(&usb_minors_mtx);
	if (!cdev)
		return;
	cdev_del(cdev);

	pthread_mutex_lock(&usb_minors_mtx);
	class_simple_device_remove(MKDEV(USB_MAJOR, minor));
	usb_minors[minor] = NULL;
	usb_class_put_locked();
	intf->minor = -1;
	intf->class_dev = NULL;
	pthread_mutex_unlock(&usb_minors_mtx);
}
EXPORT_SYMBOL(usb_deregister_dev);
