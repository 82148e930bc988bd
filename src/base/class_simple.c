// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * class_simple.c - the simple class interface (drivers/base/class_simple.c
 * of 2.6.9): a class and class devices with a "dev" attribute reading
 * "major:minor", for drivers that want only that. It stays EXPORT_SYMBOL,
 * as the article notes: it is one of the wrappers every module may use.
 * The driver core makes the "dev" file of a class device with a device
 * number (class.c); this one makes it only for the number 0:0.
 */
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <ldm/export.h>
#include <ldm/kdev_t.h>
#include <ldm/slab.h>

#include "base.h"

struct class_simple {
	struct class_device_attribute attr;
	struct class class;
};

#define to_class_simple(d) container_of(d, struct class_simple, class)

struct simple_dev {
	struct list_head node;
	dev_t dev;
	struct class_device class_dev;
};

#define to_simple_dev(d) container_of(d, struct simple_dev, class_dev)

static LIST_HEAD(simple_dev_list);
static pthread_mutex_t simple_dev_list_lock = PTHREAD_MUTEX_INITIALIZER;

static void release_simple_dev(struct class_device *class_dev)
{
	kfree(to_simple_dev(class_dev));
}

static ssize_t show_dev(struct class_device *class_dev, char *buf)
{
	return print_dev_t(buf, to_simple_dev(class_dev)->dev);
}

static void class_simple_release(struct class *class)
{
	kfree(to_class_simple(class));
}

/**
 * class_simple_create - create and register a simple class
 * @owner: the module that owns it (THIS_MODULE)
 * @name: the class's name; not copied
 *
 * Return: the class, or an ERR_PTR.
 */
struct class_simple *class_simple_create(struct module *owner, char *name)
{
	struct class_simple *cs;
	int retval;

	cs = kzalloc(sizeof(*cs), GFP_KERNEL);
	if (!cs)
		return ERR_PTR(-ENOMEM);
	cs->class.name = name;
	cs->class.release = release_simple_dev;
	cs->attr.attr.name = "dev";
	cs->attr.attr.mode = 0444;
	cs->attr.attr.owner = owner;
	cs->attr.attr.ldm_flags = LDM_ATTR_STABLE; /* a device number never changes */
	cs->attr.show = show_dev;
	retval = class_register(&cs->class);
	if (retval) {
		/* It may have released the class: no class_release yet to free it. */
		kfree(cs);
		return ERR_PTR(retval);
	}
	cs->class.class_release = class_simple_release;
	return cs;
}
EXPORT_SYMBOL(class_simple_create);

/**
 * class_simple_destroy - unregister a simple class; it is freed when the
 * last reference goes
 * @cs: the class, or NULL or an ERR_PTR (ignored)
 */
void class_simple_destroy(struct class_simple *cs)
{
	if (IS_ERR_OR_NULL(cs))
		return;
	class_unregister(&cs->class);
}
EXPORT_SYMBOL(class_simple_destroy);

/**
 * class_simple_device_add - add a class device with a "dev" attribute
 * @cs: the simple class
 * @dev: the device number "dev" shows
 * @device: the device it belongs to (its "device" link), or NULL
 * @fmt: printf format of its class_id
 *
 * Return: the class device, or an ERR_PTR (-ENODEV without a class).
 */
struct class_device *class_simple_device_add(struct class_simple *cs, dev_t dev,
					     struct device *device, const char *fmt, ...)
{
	struct simple_dev *s_dev;
	va_list args;
	int retval;

	if (IS_ERR_OR_NULL(cs))
		return ERR_PTR(-ENODEV);
	s_dev = kzalloc(sizeof(*s_dev), GFP_KERNEL);
	if (!s_dev)
		return ERR_PTR(-ENOMEM);
	s_dev->dev = dev;
	s_dev->class_dev.dev = device;
	s_dev->class_dev.class = &cs->class;
	s_dev->class_dev.devt = dev;
	va_start(args, fmt);
	vsnprintf(s_dev->class_dev.class_id, BUS_ID_SIZE, fmt, args);
	va_end(args);

	retval = class_device_register(&s_dev->class_dev);
	if (retval)
		goto err_put;
	/* 2.6.9 gave every simple class device one, 0:0 too. */
	retval = dev ? 0 : class_device_create_file(&s_dev->class_dev, &cs->attr);
	if (retval)
		goto err_unregister;
	pthread_mutex_lock(&simple_dev_list_lock);
	list_add(&s_dev->node, &simple_dev_list);
	pthread_mutex_unlock(&simple_dev_list_lock);
	return &s_dev->class_dev;

err_unregister:
	class_device_unregister(&s_dev->class_dev); /* release frees s_dev */
	return ERR_PTR(retval);
err_put:
	class_device_put(&s_dev->class_dev); /* release frees s_dev */
	return ERR_PTR(retval);
}
EXPORT_SYMBOL(class_simple_device_add);

/**
 * class_simple_set_hotplug - set the hotplug() of a simple class
 * @cs: the class
 * @hotplug: adds variables to the class's events
 */
int class_simple_set_hotplug(struct class_simple *cs,
			     int (*hotplug)(struct class_device *dev, char **envp, int num_envp,
					    char *buffer, int buffer_size))
{
	if (IS_ERR_OR_NULL(cs))
		return -ENODEV;
	cs->class.hotplug = hotplug;
	return 0;
}
EXPORT_SYMBOL(class_simple_set_hotplug);

/**
 * class_simple_device_remove - remove the class device of a device number
 * @dev: the number given to class_simple_device_add()
 */
void class_simple_device_remove(dev_t dev)
{
	struct simple_dev *s_dev, *found = NULL;

	pthread_mutex_lock(&simple_dev_list_lock);
	list_for_each_entry(s_dev, &simple_dev_list, node) {
		if (s_dev->dev == dev) {
			found = s_dev;
			list_del(&s_dev->node);
			break;
		}
	}
	pthread_mutex_unlock(&simple_dev_list_lock);
	if (found)
		class_device_unregister(&found->class_dev);
}
EXPORT_SYMBOL(class_simple_device_remove);
