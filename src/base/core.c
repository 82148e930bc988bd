// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * core.c - devices: registration, references, attributes, children
 * (drivers/base/core.c of 2.6.9); in the modern tree, each device's uevent
 * file and the variables modern Linux gives its events (DRIVER, OF_*).
 */
#include <string.h>
#include <ldm/export.h>
#include <ldm/of_device.h>
#include <ldm/slab.h>

#include "base.h"
#include "power/power.h"
#include "sysfs_compat.h"
#include "sysfs_lazy.h"
#include "uevent.h"

int (*platform_notify)(struct device *dev);
int (*platform_notify_remove)(struct device *dev);

#define to_dev(obj)	   container_of(obj, struct device, kobj)
#define to_dev_attr(_attr) container_of(_attr, struct device_attribute, attr)

static ssize_t dev_attr_show(struct kobject *kobj, struct attribute *attr, char *buf)
{
	struct device_attribute *dev_attr = to_dev_attr(attr);

	return dev_attr->show ? dev_attr->show(to_dev(kobj), buf) : 0;
}

static ssize_t dev_attr_store(struct kobject *kobj, struct attribute *attr, const char *buf,
			      size_t count)
{
	struct device_attribute *dev_attr = to_dev_attr(attr);

	return dev_attr->store ? dev_attr->store(to_dev(kobj), buf, count) : 0;
}

static struct sysfs_ops dev_sysfs_ops = {
	.show = dev_attr_show,
	.store = dev_attr_store,
};

/* The last reference is gone: hand the device to its owner's release(). */
static void device_release(struct kobject *kobj)
{
	struct device *dev = to_dev(kobj);

	if (dev->release) {
		dev->release(dev);
	} else {
		printk(KERN_ERR "Device '%s' does not have a release() function, "
				"it is broken and must be fixed.\n",
		       dev->bus_id);
		WARN_ON(1);
	}
}

static struct kobj_type ktype_device = {
	.release = device_release,
	.sysfs_ops = &dev_sysfs_ops,
};

/* Only devices on a bus raise events, named after the bus (as 2.6.9). */
static int dev_hotplug_filter(struct kset *kset, struct kobject *kobj)
{
	(void)kset;
	return get_ktype(kobj) == &ktype_device && to_dev(kobj)->bus;
}

static char *dev_hotplug_name(struct kset *kset, struct kobject *kobj)
{
	(void)kset;
	return to_dev(kobj)->bus->name;
}

/*
 * The bus's variables; in the modern tree first DRIVER= for a bound device
 * and the OF_* of its node, as modern Linux's dev_uevent() adds them.
 */
static int dev_hotplug(struct kset *kset, struct kobject *kobj, char **envp, int num_envp,
		       char *buffer, int buffer_size)
{
	struct device *dev = to_dev(kobj);
	int i = 0, len = 0;

	(void)kset;
	if (ldm_sysfs_modern()) {
		if (dev->driver && add_hotplug_env_var(envp, num_envp, &i, buffer, buffer_size,
						       &len, "DRIVER=%s", dev->driver->name))
			return -ENOMEM;
		if (of_device_uevent(dev, envp, num_envp, &i, buffer, buffer_size, &len))
			return -ENOMEM;
	}
	if (!dev->bus->hotplug)
		return 0;
	return dev->bus->hotplug(dev, envp + i, num_envp - i, buffer + len, buffer_size - len);
}

static struct kset_hotplug_ops device_hotplug_ops = {
	.filter = dev_hotplug_filter,
	.name = dev_hotplug_name,
	.hotplug = dev_hotplug,
};

decl_subsys(devices, &ktype_device, &device_hotplug_ops);

/*
 * DRIVER= reads dev->driver, which an unbind clears and whose driver an
 * rmmod then frees: the device's semaphore, held over every bind and
 * unbind, keeps it still while the properties are made. (An event sent
 * by a bind or unbind is made by the thread that holds it.)
 */
static ssize_t uevent_show(struct device *dev, char *buf)
{
	ssize_t ret;

	down(&dev->sem);
	ret = kobject_uevent_show(&dev->kobj, buf);
	up(&dev->sem);
	return ret;
}

static ssize_t uevent_store(struct device *dev, const char *buf, size_t count)
{
	int error;

	down(&dev->sem);
	error = kobject_synth_uevent(&dev->kobj, buf, count);
	up(&dev->sem);
	return error ? error : (ssize_t)count;
}

/* Modern tree: what the device's events carry; a write replays one. */
static struct device_attribute dev_attr_uevent = __ATTR(uevent, 0644, uevent_show, uevent_store);

/**
 * device_create_file - create an attribute file for a device
 * @dev: the device
 * @attr: the attribute
 */
int device_create_file(struct device *dev, struct device_attribute *attr)
{
	int error = -EINVAL;

	if (get_device(dev)) {
		error = sysfs_create_file(&dev->kobj, &attr->attr);
		put_device(dev);
	}
	return error;
}
EXPORT_SYMBOL_GPL(device_create_file);

/**
 * device_remove_file - remove an attribute file of a device
 * @dev: the device
 * @attr: the attribute
 */
void device_remove_file(struct device *dev, struct device_attribute *attr)
{
	if (get_device(dev)) {
		sysfs_remove_file(&dev->kobj, &attr->attr);
		put_device(dev);
	}
}
EXPORT_SYMBOL_GPL(device_remove_file);

/**
 * device_initialize - prepare a device for use; the first half of
 * device_register()
 * @dev: the device, zeroed but for the fields its owner sets
 */
void device_initialize(struct device *dev)
{
	kobj_set_kset_s(dev, devices_subsys);
	kobject_init(&dev->kobj);
	INIT_LIST_HEAD(&dev->node);
	INIT_LIST_HEAD(&dev->children);
	INIT_LIST_HEAD(&dev->driver_list);
	INIT_LIST_HEAD(&dev->bus_list);
	INIT_LIST_HEAD(&dev->dma_pools);
	INIT_LIST_HEAD(&dev->power.entry);
	init_MUTEX(&dev->sem);
}
EXPORT_SYMBOL_GPL(device_initialize);

/**
 * device_add - add a device to the hierarchy; the second half of
 * device_register()
 * @dev: the device, initialized, with bus_id set
 *
 * Adds the kobject (under the parent device, or /devices), the power
 * state, the bus (which binds a driver if one matches) and the parent's
 * list of children.
 * Return: 0, -EINVAL without a bus_id, or the error of a step; then every
 * earlier step is undone and the caller drops its reference with
 * put_device().
 */
int device_add(struct device *dev)
{
	struct device *parent;
	int error;

	dev = get_device(dev);
	if (!dev)
		return -EINVAL;
	if (!strlen(dev->bus_id)) {
		put_device(dev);
		return -EINVAL;
	}
	parent = get_device(dev->parent);
	pr_debug("DEV: registering device: ID = '%s'\n", dev->bus_id);

	error = kobject_set_name(&dev->kobj, "%s", dev->bus_id);
	if (error)
		goto err_unset_parent;
	if (parent)
		dev->kobj.parent = &parent->kobj;
	/* Modern tree: "add" once its files are there (bus_add_device()), as Linux. */
	if (ldm_sysfs_modern() && dev->bus)
		dev->kobj.ldm_flags |= LDM_KOBJ_DEFER_ADD;
	error = kobject_add(&dev->kobj);
	if (error)
		goto err_unset_parent;
	if (ldm_sysfs_modern()) {
		/* Every device has it: served from here, a node only once looked up. */
		error = sysfs_lazy_file(&dev->kobj, &dev_attr_uevent.attr);
		if (error)
			goto err_kobj_del;
	}
	error = device_pm_add(dev);
	if (error)
		goto err_remove_uevent;
	error = bus_add_device(dev);
	if (error)
		goto err_pm_remove;
	down_write(&devices_subsys.rwsem);
	if (parent)
		list_add_tail(&dev->node, &parent->children);
	up_write(&devices_subsys.rwsem);
	if (platform_notify)
		platform_notify(dev);
	put_device(dev);
	return 0;

err_pm_remove:
	device_pm_remove(dev);
err_remove_uevent:
	if (ldm_sysfs_modern())
		device_remove_file(dev, &dev_attr_uevent);
err_kobj_del:
	kobject_del(&dev->kobj); /* the kobject keeps its parent until released */
	goto err_put_parent;
err_unset_parent:
	dev->kobj.parent = NULL;
err_put_parent:
	put_device(parent);
	put_device(dev);
	return error;
}
EXPORT_SYMBOL_GPL(device_add);

/**
 * device_register - initialize and add a device
 * @dev: the device
 *
 * Return: as device_add(). On error the caller drops the reference of
 * device_initialize() with put_device(), which calls @dev->release.
 */
int device_register(struct device *dev)
{
	device_initialize(dev);
	return device_add(dev);
}
EXPORT_SYMBOL_GPL(device_register);

/**
 * get_device - take a reference on a device
 * @dev: the device, or NULL
 */
struct device *get_device(struct device *dev)
{
	return dev ? to_dev(kobject_get(&dev->kobj)) : NULL;
}
EXPORT_SYMBOL_GPL(get_device);

/**
 * put_device - drop a reference on a device
 * @dev: the device, or NULL
 */
void put_device(struct device *dev)
{
	if (dev)
		kobject_put(&dev->kobj);
}
EXPORT_SYMBOL_GPL(put_device);

/**
 * device_del - take a device out of the hierarchy; undoes device_add()
 * @dev: the device
 */
void device_del(struct device *dev)
{
	struct device *parent = dev->parent;

	down_write(&devices_subsys.rwsem);
	if (parent)
		list_del_init(&dev->node);
	up_write(&devices_subsys.rwsem);
	if (platform_notify_remove)
		platform_notify_remove(dev);
	bus_remove_device(dev);
	device_pm_remove(dev);
	if (ldm_sysfs_modern())
		device_remove_file(dev, &dev_attr_uevent);
	kobject_del(&dev->kobj);
	put_device(parent);
}
EXPORT_SYMBOL_GPL(device_del);

/**
 * device_unregister - device_del() and drop the reference of registration
 * @dev: the device
 */
void device_unregister(struct device *dev)
{
	pr_debug("DEV: Unregistering device. ID = '%s'\n", dev->bus_id);
	device_del(dev);
	put_device(dev);
}
EXPORT_SYMBOL_GPL(device_unregister);

/**
 * device_for_each_child - call @fn for each child of @dev
 * @dev: the parent
 * @data: passed to @fn
 * @fn: the callback; a non-zero return stops the walk
 *
 * Return: 0, or what @fn returned.
 */
int device_for_each_child(struct device *dev, void *data, int (*fn)(struct device *, void *))
{
	struct device *child;
	int error = 0;

	down_read(&devices_subsys.rwsem);
	list_for_each_entry(child, &dev->children, node) {
		error = fn(child, data);
		if (error)
			break;
	}
	up_read(&devices_subsys.rwsem);
	return error;
}
EXPORT_SYMBOL_GPL(device_for_each_child);

/**
 * device_find - find a device on a bus by name
 * @name: its bus_id
 * @bus: the bus
 *
 * Return: the device with a reference taken, or NULL.
 */
struct device *device_find(const char *name, struct bus_type *bus)
{
	struct device *dev, *found = NULL;

	if (!name || !get_bus(bus))
		return NULL;
	down_read(&bus->subsys.rwsem);
	list_for_each_entry(dev, &bus->devices.list, bus_list) {
		if (!strcmp(dev->bus_id, name)) {
			found = get_device(dev);
			break;
		}
	}
	up_read(&bus->subsys.rwsem);
	put_bus(bus);
	return found;
}
EXPORT_SYMBOL_GPL(device_find);

int devices_init(void)
{
	return subsystem_register(&devices_subsys);
}

void devices_exit(void)
{
	subsystem_unregister(&devices_subsys);
}
