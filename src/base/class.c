// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * class.c - device classes, class devices and class interfaces
 * (drivers/base/class.c of 2.6.9): /class/<class>/<class_id>, with a
 * "device" link to the device a class device belongs to, and interfaces told
 * of every class device, present and future. A class device with a device
 * number has a "dev" file; in the modern tree also a uevent file, a
 * subsystem link, /dev/char/<major>:<minor> and MAJOR, MINOR and DEVNAME
 * in its events (DOC below).
 */
#include <stdio.h>
#include <string.h>
#include <ldm/export.h>
#include <ldm/kdev_t.h>
#include <ldm/slab.h>

#include <libldm/sysfs.h>

#include "base.h"
#include "devnode.h"
#include "sysfs_compat.h"
#include "uevent.h"

/**
 * DOC: class devices in the modern tree
 *
 * 2.6.9 puts a class device's directory at /class/<class>/<class_id>, and
 * 2.6.9 code relies on it (its kobject's parent is the class's), so it stays
 * there; modern Linux instead makes class devices struct devices under
 * /devices and links /class/<class>/<name> to them. libudev takes either:
 * a directory outside /devices is a device once it is a directory, and its
 * subsystem comes from its "subsystem" link. So in the modern tree a class
 * device gets what modern Linux gives it, in its 2.6.9 place: a uevent file,
 * a subsystem link to /class/<class>, and, with a device number, the link
 * /dev/char/<major>:<minor> to it and MAJOR, MINOR, DEVNAME (the node's
 * path under /dev, devnode.c) in its events. A class device whose driver
 * gave it a "dev" file of its own rather than a devt (2.6.9's i2c-dev)
 * gets the three from what that file reads, once it is there. Its devpath is
 * /class/<class>/<class_id>, and `udevadm info -a` walks up to /class/<class>
 * rather than to the device: the device is its "device" link.
 */

#define to_class_attr(_attr)	 container_of(_attr, struct class_attribute, attr)
#define to_class(obj)		 container_of(obj, struct class, subsys.kset.kobj)
#define to_class_dev(obj)	 container_of(obj, struct class_device, kobj)
#define to_class_dev_attr(_attr) container_of(_attr, struct class_device_attribute, attr)

static ssize_t class_attr_show(struct kobject *kobj, struct attribute *attr, char *buf)
{
	struct class_attribute *class_attr = to_class_attr(attr);

	return class_attr->show ? class_attr->show(to_class(kobj), buf) : 0;
}

static ssize_t class_attr_store(struct kobject *kobj, struct attribute *attr, const char *buf,
				size_t count)
{
	struct class_attribute *class_attr = to_class_attr(attr);

	return class_attr->store ? class_attr->store(to_class(kobj), buf, count) : 0;
}

static void class_release(struct kobject *kobj)
{
	struct class *class = to_class(kobj);

	pr_debug("class '%s': release.\n", class->name);
	if (class->class_release)
		class->class_release(class);
}

static struct sysfs_ops class_sysfs_ops = {
	.show = class_attr_show,
	.store = class_attr_store,
};

static struct kobj_type ktype_class = {
	.sysfs_ops = &class_sysfs_ops,
	.release = class_release,
};

/* Hotplug events of class devices go through class_obj_subsys below. */
static decl_subsys(class, &ktype_class, NULL);

/**
 * class_create_file - create an attribute file of a class (/class/<c>/<a>)
 * @cls: the class
 * @attr: the attribute
 */
int class_create_file(struct class *cls, const struct class_attribute *attr)
{
	if (!cls || !attr)
		return -EINVAL;
	return sysfs_create_file(&cls->subsys.kset.kobj, &attr->attr);
}
EXPORT_SYMBOL_GPL(class_create_file);

/**
 * class_remove_file - remove an attribute file of a class
 * @cls: the class
 * @attr: the attribute
 */
void class_remove_file(struct class *cls, const struct class_attribute *attr)
{
	if (cls && attr)
		sysfs_remove_file(&cls->subsys.kset.kobj, &attr->attr);
}
EXPORT_SYMBOL_GPL(class_remove_file);

/**
 * class_get - take a reference on a class
 * @cls: the class, or NULL
 */
struct class *class_get(struct class *cls)
{
	return cls ? container_of(subsys_get(&cls->subsys), struct class, subsys) : NULL;
}
EXPORT_SYMBOL_GPL(class_get);

/**
 * class_put - drop a reference on a class
 * @cls: the class, or NULL
 */
void class_put(struct class *cls)
{
	if (cls)
		subsys_put(&cls->subsys);
}
EXPORT_SYMBOL_GPL(class_put);

static int add_class_attrs(struct class *cls)
{
	int i, error = 0;

	if (!cls->class_attrs)
		return 0;
	for (i = 0; attr_name(cls->class_attrs[i]); i++) {
		error = class_create_file(cls, &cls->class_attrs[i]);
		if (error)
			goto err_remove;
	}
	return 0;

err_remove:
	while (--i >= 0)
		class_remove_file(cls, &cls->class_attrs[i]);
	return error;
}

static void remove_class_attrs(struct class *cls)
{
	int i;

	if (cls->class_attrs)
		for (i = 0; attr_name(cls->class_attrs[i]); i++)
			class_remove_file(cls, &cls->class_attrs[i]);
}

/**
 * class_register - register a class: /class/<name> and its attributes
 * @cls: the class, with its name set
 *
 * Return: 0, or an error with everything undone.
 */
int class_register(struct class *cls)
{
	int error;

	if (!cls || !cls->name)
		return -EINVAL;
	pr_debug("device class '%s': registering\n", cls->name);
	INIT_LIST_HEAD(&cls->children);
	INIT_LIST_HEAD(&cls->interfaces);
	error = kobject_set_name(&cls->subsys.kset.kobj, "%s", cls->name);
	if (error)
		return error;
	subsys_set_kset(cls, class_subsys);
	error = subsystem_register(&cls->subsys);
	if (error)
		return error;
	error = add_class_attrs(cls);
	if (error)
		subsystem_unregister(&cls->subsys);
	return error;
}
EXPORT_SYMBOL_GPL(class_register);

/**
 * class_unregister - unregister a class; its class devices should be gone
 * @cls: the class
 */
void class_unregister(struct class *cls)
{
	pr_debug("device class '%s': unregistering\n", cls->name);
	remove_class_attrs(cls);
	subsystem_unregister(&cls->subsys);
}
EXPORT_SYMBOL_GPL(class_unregister);

/**
 * class_device_create_file - create an attribute file of a class device
 * @class_dev: the class device
 * @attr: the attribute
 */
int class_device_create_file(struct class_device *class_dev,
			     const struct class_device_attribute *attr)
{
	int error;

	if (!class_dev || !attr)
		return -EINVAL;
	error = sysfs_create_file(&class_dev->kobj, &attr->attr);
	if (error || strcmp(attr->attr.name, "dev"))
		return error;
	/* A device node now: index it by name and number (class_node.c). */
	error = class_node_add(class_dev, attr);
	if (error == -ENOMEM) {
		sysfs_remove_file(&class_dev->kobj, &attr->attr);
		return error;
	}
	return 0;
}
EXPORT_SYMBOL_GPL(class_device_create_file);

/**
 * class_device_remove_file - remove an attribute file of a class device
 * @class_dev: the class device
 * @attr: the attribute
 */
void class_device_remove_file(struct class_device *class_dev,
			      const struct class_device_attribute *attr)
{
	if (!class_dev || !attr)
		return;
	if (!strcmp(attr->attr.name, "dev"))
		class_node_del(class_dev);
	sysfs_remove_file(&class_dev->kobj, &attr->attr);
}
EXPORT_SYMBOL_GPL(class_device_remove_file);

static ssize_t class_device_attr_show(struct kobject *kobj, struct attribute *attr, char *buf)
{
	struct class_device_attribute *class_dev_attr = to_class_dev_attr(attr);

	return class_dev_attr->show ? class_dev_attr->show(to_class_dev(kobj), buf) : 0;
}

static ssize_t class_device_attr_store(struct kobject *kobj, struct attribute *attr,
				       const char *buf, size_t count)
{
	struct class_device_attribute *class_dev_attr = to_class_dev_attr(attr);

	return class_dev_attr->store ? class_dev_attr->store(to_class_dev(kobj), buf, count) : 0;
}

static struct sysfs_ops class_dev_sysfs_ops = {
	.show = class_device_attr_show,
	.store = class_device_attr_store,
};

static void class_dev_release(struct kobject *kobj)
{
	struct class_device *cd = to_class_dev(kobj);
	struct class *cls = cd->class;

	pr_debug("device class '%s': release.\n", cd->class_id);
	if (cls && cls->release) {
		cls->release(cd);
	} else {
		printk(KERN_ERR "Device class '%s' does not have a release() function, "
				"it is broken and must be fixed.\n",
		       cd->class_id);
		WARN_ON(1);
	}
}

static struct kobj_type ktype_class_device = {
	.sysfs_ops = &class_dev_sysfs_ops,
	.release = class_dev_release,
};

static int class_hotplug_filter(struct kset *kset, struct kobject *kobj)
{
	(void)kset;
	return get_ktype(kobj) == &ktype_class_device && to_class_dev(kobj)->class;
}

static char *class_hotplug_name(struct kset *kset, struct kobject *kobj)
{
	(void)kset;
	return to_class_dev(kobj)->class->name;
}

/*
 * The number of a class device's node: its devt, or what its "dev" file
 * says when its driver made the file itself (2.6.9's i2c-dev registers its
 * class device, then adds a "dev" attribute of its own); 0 if it has none.
 */
static dev_t class_device_node_devt(struct class_device *class_dev)
{
	unsigned int major, minor;
	char path[2 * KOBJ_NAME_LEN + 16], buf[64];
	ssize_t n;

	if (class_dev->devt)
		return class_dev->devt;
	snprintf(path, sizeof(path), "/class/%s/%s/dev", class_dev->class->name,
		 kobject_name(&class_dev->kobj));
	n = ldm_sysfs_read_path(path, buf, sizeof(buf) - 1);
	if (n <= 0)
		return 0;
	buf[n] = '\0';
	if (sscanf(buf, "%u:%u", &major, &minor) != 2)
		return 0;
	return MKDEV(major, minor);
}

/* The class's variables; in the modern tree first the node's, as dev_uevent(). */
static int class_hotplug(struct kset *kset, struct kobject *kobj, char **envp, int num_envp,
			 char *buffer, int buffer_size)
{
	struct class_device *class_dev = to_class_dev(kobj);
	char name[KOBJ_NAME_LEN + 32];
	int i = 0, len = 0;
	dev_t devt;

	(void)kset;
	devt = ldm_sysfs_modern() ? class_device_node_devt(class_dev) : 0;
	if (MAJOR(devt) && (class_devnode_name(class_dev->class->name, kobject_name(kobj), devt,
					       name, sizeof(name)) ||
			    add_hotplug_env_var(envp, num_envp, &i, buffer, buffer_size, &len,
						"MAJOR=%u", MAJOR(devt)) ||
			    add_hotplug_env_var(envp, num_envp, &i, buffer, buffer_size, &len,
						"MINOR=%u", MINOR(devt)) ||
			    add_hotplug_env_var(envp, num_envp, &i, buffer, buffer_size, &len,
						"DEVNAME=%s", name)))
		return -ENOMEM;
	if (!class_dev->class->hotplug)
		return 0;
	return class_dev->class->hotplug(class_dev, envp + i, num_envp - i, buffer + len,
					 buffer_size - len);
}

static struct kset_hotplug_ops class_hotplug_ops = {
	.filter = class_hotplug_filter,
	.name = class_hotplug_name,
	.hotplug = class_hotplug,
};

/* Every class device is in this kset, which is never added to the tree. */
static decl_subsys(class_obj, &ktype_class_device, &class_hotplug_ops);

/* Modern tree: /dev with char/ and block/, links to the devices by number. */
static decl_subsys(dev, NULL, NULL);
static struct kset dev_char_kset = { .kobj = { .name = "char" } };
static struct kset dev_block_kset = { .kobj = { .name = "block" } };

static ssize_t dev_show(struct class_device *class_dev, char *buf)
{
	return print_dev_t(buf, class_dev->devt);
}

/* A device number never changes: a front end may cache what it shows. */
static struct class_device_attribute class_device_attr_dev = {
	.attr = { .name = "dev", .mode = 0444, .ldm_flags = LDM_ATTR_STABLE },
	.show = dev_show,
};

static ssize_t uevent_show(struct class_device *class_dev, char *buf)
{
	return kobject_uevent_show(&class_dev->kobj, buf);
}

static ssize_t uevent_store(struct class_device *class_dev, const char *buf, size_t count)
{
	int error = kobject_synth_uevent(&class_dev->kobj, buf, count);

	return error ? error : (ssize_t)count;
}

static struct class_device_attribute class_device_attr_uevent =
	__ATTR(uevent, 0644, uevent_show, uevent_store);

/* "<major>:<minor>", the name of a class device's link in /dev/char. */
static void devt_name(dev_t devt, char *buf, size_t size)
{
	snprintf(buf, size, "%u:%u", MAJOR(devt), MINOR(devt));
}

/* Modern tree: uevent, subsystem and /dev/char/<major>:<minor>. */
static int class_device_add_modern(struct class_device *class_dev)
{
	char name[32];
	int error;

	if (!ldm_sysfs_modern())
		return 0;
	error = class_device_create_file(class_dev, &class_device_attr_uevent);
	if (error)
		return error;
	error = sysfs_create_link(&class_dev->kobj, &class_dev->class->subsys.kset.kobj,
				  "subsystem");
	if (error)
		goto err_remove_uevent;
	if (!class_dev->devt)
		return 0;
	devt_name(class_dev->devt, name, sizeof(name));
	error = sysfs_create_link(&dev_char_kset.kobj, &class_dev->kobj, name);
	if (error)
		goto err_remove_link;
	return 0;

err_remove_link:
	sysfs_remove_link(&class_dev->kobj, "subsystem");
err_remove_uevent:
	class_device_remove_file(class_dev, &class_device_attr_uevent);
	return error;
}

static void class_device_remove_modern(struct class_device *class_dev)
{
	char name[32];

	if (!ldm_sysfs_modern())
		return;
	if (class_dev->devt) {
		devt_name(class_dev->devt, name, sizeof(name));
		sysfs_remove_link(&dev_char_kset.kobj, name);
	}
	sysfs_remove_link(&class_dev->kobj, "subsystem");
	class_device_remove_file(class_dev, &class_device_attr_uevent);
}

static int class_device_add_attrs(struct class_device *cd)
{
	struct class *cls = cd->class;
	int i, error = 0;

	if (!cls->class_dev_attrs)
		return 0;
	for (i = 0; attr_name(cls->class_dev_attrs[i]); i++) {
		error = class_device_create_file(cd, &cls->class_dev_attrs[i]);
		if (error)
			goto err_remove;
	}
	return 0;

err_remove:
	while (--i >= 0)
		class_device_remove_file(cd, &cls->class_dev_attrs[i]);
	return error;
}

static void class_device_remove_attrs(struct class_device *cd)
{
	struct class *cls = cd->class;
	int i;

	if (cls->class_dev_attrs)
		for (i = 0; attr_name(cls->class_dev_attrs[i]); i++)
			class_device_remove_file(cd, &cls->class_dev_attrs[i]);
}

/* The "device" link, to the device this class device belongs to. */
static int class_device_dev_link(struct class_device *class_dev)
{
	/*
	 * A device initialized but never added (request_firmware() for one is
	 * legal) has no directory to point to: 2.6.9 made no link and went on.
	 */
	if (!class_dev->dev || !class_dev->dev->kobj.dentry)
		return 0;
	return sysfs_create_link(&class_dev->kobj, &class_dev->dev->kobj, "device");
}

/* The "driver" link, to that device's driver, if bound. */
static int class_device_driver_link(struct class_device *class_dev)
{
	if (!class_dev->dev || !class_dev->dev->driver)
		return 0;
	return sysfs_create_link(&class_dev->kobj, &class_dev->dev->driver->kobj, "driver");
}

/**
 * class_device_initialize - prepare a class device; the first half of
 * class_device_register()
 * @class_dev: the class device
 */
void class_device_initialize(struct class_device *class_dev)
{
	kobj_set_kset_s(class_dev, class_obj_subsys);
	kobject_init(&class_dev->kobj);
	INIT_LIST_HEAD(&class_dev->node);
}
EXPORT_SYMBOL_GPL(class_device_initialize);

/* Undo the 2.6.9 links and attributes of class_device_add(). */
static void class_device_remove_links(struct class_device *class_dev)
{
	sysfs_remove_link(&class_dev->kobj, "driver");
	sysfs_remove_link(&class_dev->kobj, "device");
	if (class_dev->devt)
		class_device_remove_file(class_dev, &class_device_attr_dev);
	class_device_remove_attrs(class_dev);
}

/* Undo all that class_device_add() added beside the directory. */
static void class_device_remove_extras(struct class_device *class_dev)
{
	class_device_remove_modern(class_dev);
	class_device_remove_links(class_dev);
}

static int class_device_add_extras(struct class_device *class_dev)
{
	int error;

	error = class_device_add_attrs(class_dev);
	if (!error && class_dev->devt)
		error = class_device_create_file(class_dev, &class_device_attr_dev);
	if (!error)
		error = class_device_dev_link(class_dev);
	if (!error)
		error = class_device_driver_link(class_dev);
	/* It undoes itself: another device's /dev/char link may bear its name. */
	if (!error)
		error = class_device_add_modern(class_dev);
	if (error)
		class_device_remove_links(class_dev);
	return error;
}

/**
 * class_device_add - add a class device: /class/<class>/<class_id>, its
 * attributes, its device and driver links, and every interface's add()
 * @class_dev: the class device, initialized, with class and class_id set
 *	(and devt, for a "dev" file)
 *
 * Return: 0, -EINVAL without a class or class_id, or the error of a step
 * with everything undone.
 */
int class_device_add(struct class_device *class_dev)
{
	struct class_interface *class_intf;
	struct class *parent;
	int error;

	class_dev = class_device_get(class_dev);
	if (!class_dev)
		return -EINVAL;
	parent = class_get(class_dev->class);
	error = -EINVAL;
	if (!parent || !strlen(class_dev->class_id))
		goto err_put;
	pr_debug("CLASS: registering class device: ID = '%s'\n", class_dev->class_id);
	error = kobject_set_name(&class_dev->kobj, "%s", class_dev->class_id);
	if (error)
		goto err_put;
	class_dev->kobj.parent = &parent->subsys.kset.kobj;
	/* Modern tree: "add" once its files are there, as Linux. */
	if (ldm_sysfs_modern())
		class_dev->kobj.ldm_flags |= LDM_KOBJ_DEFER_ADD;
	error = kobject_add(&class_dev->kobj);
	if (error) {
		class_dev->kobj.parent = NULL;
		goto err_put;
	}
	error = class_device_add_extras(class_dev);
	if (error)
		goto err_del;
	kobject_hotplug_deferred_add(&class_dev->kobj);
	down_write(&parent->subsys.rwsem);
	list_add_tail(&class_dev->node, &parent->children);
	list_for_each_entry(class_intf, &parent->interfaces, node)
		if (class_intf->add)
			class_intf->add(class_dev);
	up_write(&parent->subsys.rwsem);
	class_device_put(class_dev);
	return 0;

err_del:
	kobject_del(&class_dev->kobj);
err_put:
	class_put(parent);
	class_device_put(class_dev);
	return error;
}
EXPORT_SYMBOL_GPL(class_device_add);

/**
 * class_device_register - initialize and add a class device
 * @class_dev: the class device
 *
 * Return: as class_device_add(); on error the caller drops the reference
 * of class_device_initialize() with class_device_put().
 */
int class_device_register(struct class_device *class_dev)
{
	class_device_initialize(class_dev);
	return class_device_add(class_dev);
}
EXPORT_SYMBOL_GPL(class_device_register);

/**
 * class_device_del - take a class device out: every interface's remove(),
 * its links and attributes, its directory
 * @class_dev: the class device
 */
void class_device_del(struct class_device *class_dev)
{
	struct class *parent = class_dev->class;
	struct class_interface *class_intf;

	down_write(&parent->subsys.rwsem);
	list_del_init(&class_dev->node);
	list_for_each_entry(class_intf, &parent->interfaces, node)
		if (class_intf->remove)
			class_intf->remove(class_dev);
	up_write(&parent->subsys.rwsem);
	class_device_remove_extras(class_dev);
	class_node_del(class_dev); /* a dev file a driver made goes with the directory */
	kobject_del(&class_dev->kobj);
	class_put(parent);
}
EXPORT_SYMBOL_GPL(class_device_del);

/**
 * class_device_unregister - class_device_del() and drop the reference of
 * registration
 * @class_dev: the class device
 */
void class_device_unregister(struct class_device *class_dev)
{
	pr_debug("CLASS: Unregistering class device. ID = '%s'\n", class_dev->class_id);
	class_device_del(class_dev);
	class_device_put(class_dev);
}
EXPORT_SYMBOL_GPL(class_device_unregister);

/**
 * class_device_rename - rename a class device and its directory
 * @class_dev: the class device
 * @new_name: the new class_id (at most BUS_ID_SIZE - 1 bytes)
 */
int class_device_rename(struct class_device *class_dev, char *new_name)
{
	char old[BUS_ID_SIZE];
	int error;

	if (!new_name || strlen(new_name) >= BUS_ID_SIZE)
		return -EINVAL;
	class_dev = class_device_get(class_dev);
	if (!class_dev)
		return -EINVAL;
	error = kobject_rename(&class_dev->kobj, new_name);
	if (!error) {
		memcpy(old, class_dev->class_id, sizeof(old));
		strcpy(class_dev->class_id, new_name);
		class_node_rename(class_dev, old);
	}
	class_device_put(class_dev);
	return error;
}

/**
 * class_device_get - take a reference on a class device
 * @class_dev: the class device, or NULL
 */
struct class_device *class_device_get(struct class_device *class_dev)
{
	return class_dev ? to_class_dev(kobject_get(&class_dev->kobj)) : NULL;
}
EXPORT_SYMBOL_GPL(class_device_get);

/**
 * class_device_put - drop a reference on a class device
 * @class_dev: the class device, or NULL
 */
void class_device_put(struct class_device *class_dev)
{
	if (class_dev)
		kobject_put(&class_dev->kobj);
}
EXPORT_SYMBOL_GPL(class_device_put);

/**
 * class_interface_register - add an interface to a class; its add() is
 * called for every class device already there, and every later one
 * @class_intf: the interface, with its class set
 *
 * Return: 0, or -ENODEV without a class.
 */
int class_interface_register(struct class_interface *class_intf)
{
	struct class_device *class_dev;
	struct class *parent;

	if (!class_intf || !class_intf->class)
		return -ENODEV;
	parent = class_get(class_intf->class);
	down_write(&parent->subsys.rwsem);
	list_add_tail(&class_intf->node, &parent->interfaces);
	if (class_intf->add)
		list_for_each_entry(class_dev, &parent->children, node)
			class_intf->add(class_dev);
	up_write(&parent->subsys.rwsem);
	return 0;
}
EXPORT_SYMBOL_GPL(class_interface_register);

/**
 * class_interface_unregister - remove an interface; its remove() is called
 * for every class device of the class
 * @class_intf: the interface
 */
void class_interface_unregister(struct class_interface *class_intf)
{
	struct class *parent = class_intf->class;
	struct class_device *class_dev;

	if (!parent)
		return;
	down_write(&parent->subsys.rwsem);
	list_del_init(&class_intf->node);
	if (class_intf->remove)
		list_for_each_entry(class_dev, &parent->children, node)
			class_intf->remove(class_dev);
	up_write(&parent->subsys.rwsem);
	class_put(parent);
}
EXPORT_SYMBOL_GPL(class_interface_unregister);

/* Modern tree: /dev/char and /dev/block (2.6.27 on). */
static int dev_dirs_init(void)
{
	int error;

	if (!ldm_sysfs_modern())
		return 0;
	error = subsystem_register(&dev_subsys);
	if (error)
		return error;
	dev_char_kset.kobj.parent = &dev_subsys.kset.kobj;
	error = kset_register(&dev_char_kset);
	if (error)
		goto err_dev;
	dev_block_kset.kobj.parent = &dev_subsys.kset.kobj;
	error = kset_register(&dev_block_kset);
	if (error)
		goto err_char;
	return 0;

err_char:
	kset_unregister(&dev_char_kset);
err_dev:
	subsystem_unregister(&dev_subsys);
	return error;
}

static void dev_dirs_exit(void)
{
	if (!ldm_sysfs_modern())
		return;
	kset_unregister(&dev_block_kset);
	kset_unregister(&dev_char_kset);
	subsystem_unregister(&dev_subsys);
}

int classes_init(void)
{
	int error = subsystem_register(&class_subsys);

	if (error)
		return error;
	error = dev_dirs_init();
	if (error) {
		subsystem_unregister(&class_subsys);
		return error;
	}
	/* A kset for hotplug only: initialized, never added to the tree. */
	subsystem_init(&class_obj_subsys);
	if (!class_obj_subsys.kset.subsys)
		class_obj_subsys.kset.subsys = &class_obj_subsys;
	return 0;
}

void classes_exit(void)
{
	kset_put(&class_obj_subsys.kset);
	dev_dirs_exit();
	subsystem_unregister(&class_subsys);
}
