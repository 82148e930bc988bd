// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * sys.c - system devices (drivers/base/sys.c of 2.6.9): classes under
 * /devices/system/<class>, devices named <class><id>, and drivers told of
 * every device of their class (or of every class, for global drivers).
 * Suspended last and resumed first.
 */
#include <ldm/export.h>
#include <ldm/sysdev.h>

#include "base.h"

#define to_sysdev(k)	  container_of(k, struct sys_device, kobj)
#define to_sysdev_attr(a) container_of(a, struct sysdev_attribute, attr)

static ssize_t sysdev_show(struct kobject *kobj, struct attribute *attr, char *buffer)
{
	struct sysdev_attribute *sysdev_attr = to_sysdev_attr(attr);

	return sysdev_attr->show ? sysdev_attr->show(to_sysdev(kobj), buffer) : 0;
}

static ssize_t sysdev_store(struct kobject *kobj, struct attribute *attr, const char *buffer,
			    size_t count)
{
	struct sysdev_attribute *sysdev_attr = to_sysdev_attr(attr);

	return sysdev_attr->store ? sysdev_attr->store(to_sysdev(kobj), buffer, count) : 0;
}

static struct sysfs_ops sysdev_sysfs_ops = {
	.show = sysdev_show,
	.store = sysdev_store,
};

/* System devices are static in 2.6.9; nothing to free when released. */
static void sysdev_release(struct kobject *kobj)
{
	(void)kobj;
}

static struct kobj_type ktype_sysdev = {
	.sysfs_ops = &sysdev_sysfs_ops,
	.release = sysdev_release,
};

/**
 * sysdev_create_file - create an attribute file of a system device
 * @s: the device
 * @a: the attribute
 */
int sysdev_create_file(struct sys_device *s, struct sysdev_attribute *a)
{
	return sysfs_create_file(&s->kobj, &a->attr);
}
EXPORT_SYMBOL_GPL(sysdev_create_file);

/**
 * sysdev_remove_file - remove an attribute file of a system device
 * @s: the device
 * @a: the attribute
 */
void sysdev_remove_file(struct sys_device *s, struct sysdev_attribute *a)
{
	sysfs_remove_file(&s->kobj, &a->attr);
}
EXPORT_SYMBOL_GPL(sysdev_remove_file);

decl_subsys(system, &ktype_sysdev, NULL);

/**
 * sysdev_class_register - register a class of system devices
 * @cls: the class, its kset named (set_kset_name())
 */
int sysdev_class_register(struct sysdev_class *cls)
{
	pr_debug("Registering sysdev class '%s'\n", kobject_name(&cls->kset.kobj));
	INIT_LIST_HEAD(&cls->drivers);
	cls->kset.subsys = &system_subsys;
	kset_set_kset_s(cls, system_subsys);
	return kset_register(&cls->kset);
}
EXPORT_SYMBOL_GPL(sysdev_class_register);

/**
 * sysdev_class_unregister - unregister a class of system devices
 * @cls: the class
 */
void sysdev_class_unregister(struct sysdev_class *cls)
{
	pr_debug("Unregistering sysdev class '%s'\n", kobject_name(&cls->kset.kobj));
	kset_unregister(&cls->kset);
}
EXPORT_SYMBOL_GPL(sysdev_class_unregister);

static LIST_HEAD(global_drivers);

/**
 * sysdev_driver_register - add a driver to a class (or, with no class, to
 * every class); its add() is called for each device already there
 * @cls: the class, or NULL
 * @drv: the driver
 */
int sysdev_driver_register(struct sysdev_class *cls, struct sysdev_driver *drv)
{
	struct sys_device *dev;

	down_write(&system_subsys.rwsem);
	if (cls && kset_get(&cls->kset)) {
		list_add_tail(&drv->entry, &cls->drivers);
		if (drv->add)
			list_for_each_entry(dev, &cls->kset.list, kobj.entry)
				drv->add(dev);
	} else {
		list_add_tail(&drv->entry, &global_drivers);
	}
	up_write(&system_subsys.rwsem);
	return 0;
}
EXPORT_SYMBOL_GPL(sysdev_driver_register);

/**
 * sysdev_driver_unregister - remove a driver; its remove() is called for
 * each device of the class
 * @cls: the class it was registered with, or NULL
 * @drv: the driver
 */
void sysdev_driver_unregister(struct sysdev_class *cls, struct sysdev_driver *drv)
{
	struct sys_device *dev;

	down_write(&system_subsys.rwsem);
	list_del_init(&drv->entry);
	if (cls) {
		if (drv->remove)
			list_for_each_entry(dev, &cls->kset.list, kobj.entry)
				drv->remove(dev);
		kset_put(&cls->kset);
	}
	up_write(&system_subsys.rwsem);
}
EXPORT_SYMBOL_GPL(sysdev_driver_unregister);

/**
 * sysdev_register - add a system device, /devices/system/<class>/<class><id>,
 * and tell the global drivers, then its class's drivers
 * @sysdev: the device, with cls and id set
 */
int sysdev_register(struct sys_device *sysdev)
{
	struct sysdev_class *cls = sysdev->cls;
	struct sysdev_driver *drv;
	int error;

	if (!cls)
		return -EINVAL;
	sysdev->kobj.kset = &cls->kset;
	sysdev->kobj.ktype = &ktype_sysdev;
	error = kobject_set_name(&sysdev->kobj, "%s%d", kobject_name(&cls->kset.kobj), sysdev->id);
	if (error)
		return error;
	pr_debug("Registering sys device '%s'\n", kobject_name(&sysdev->kobj));
	error = kobject_register(&sysdev->kobj);
	if (error) {
		kobject_put(&sysdev->kobj);
		return error;
	}
	down_write(&system_subsys.rwsem);
	list_for_each_entry(drv, &global_drivers, entry)
		if (drv->add)
			drv->add(sysdev);
	list_for_each_entry(drv, &cls->drivers, entry)
		if (drv->add)
			drv->add(sysdev);
	up_write(&system_subsys.rwsem);
	return 0;
}
EXPORT_SYMBOL_GPL(sysdev_register);

/**
 * sysdev_unregister - tell the drivers, then remove a system device
 * @sysdev: the device
 */
void sysdev_unregister(struct sys_device *sysdev)
{
	struct sysdev_driver *drv;

	down_write(&system_subsys.rwsem);
	list_for_each_entry(drv, &global_drivers, entry)
		if (drv->remove)
			drv->remove(sysdev);
	list_for_each_entry(drv, &sysdev->cls->drivers, entry)
		if (drv->remove)
			drv->remove(sysdev);
	up_write(&system_subsys.rwsem);
	kobject_unregister(&sysdev->kobj);
}
EXPORT_SYMBOL_GPL(sysdev_unregister);

#define to_sysdev_class(k) container_of(k, struct sysdev_class, kset.kobj)

/* Each device of a system device class. */
#define for_each_sysdev(cls, sysdev) list_for_each_entry(sysdev, &(cls)->kset.list, kobj.entry)

/**
 * sysdev_shutdown - shut every system device down, last class first
 */
void sysdev_shutdown(void)
{
	struct kobject *k;

	down_write(&system_subsys.rwsem);
	list_for_each_entry_reverse(k, &system_subsys.kset.list, entry) {
		struct sysdev_class *cls = to_sysdev_class(k);
		struct sys_device *sysdev;
		struct sysdev_driver *drv;

		for_each_sysdev(cls, sysdev)
		{
			list_for_each_entry(drv, &global_drivers, entry)
				if (drv->shutdown)
					drv->shutdown(sysdev);
			list_for_each_entry(drv, &cls->drivers, entry)
				if (drv->shutdown)
					drv->shutdown(sysdev);
			if (cls->shutdown)
				cls->shutdown(sysdev);
		}
	}
	up_write(&system_subsys.rwsem);
}

/**
 * sysdev_suspend - suspend every system device, last class first; called
 * with every other device already suspended
 * @state: the state to enter
 *
 * Return: 0 (2.6.9 ignored their errors, and so does this).
 */
int sysdev_suspend(u32 state)
{
	struct kobject *k;

	down_read(&system_subsys.rwsem);
	list_for_each_entry_reverse(k, &system_subsys.kset.list, entry) {
		struct sysdev_class *cls = to_sysdev_class(k);
		struct sys_device *sysdev;
		struct sysdev_driver *drv;

		for_each_sysdev(cls, sysdev)
		{
			list_for_each_entry(drv, &global_drivers, entry)
				if (drv->suspend)
					drv->suspend(sysdev, state);
			list_for_each_entry(drv, &cls->drivers, entry)
				if (drv->suspend)
					drv->suspend(sysdev, state);
			if (cls->suspend)
				cls->suspend(sysdev, state);
		}
	}
	up_read(&system_subsys.rwsem);
	return 0;
}

/**
 * sysdev_resume - resume every system device, first class first; called
 * before any other device resumes
 */
int sysdev_resume(void)
{
	struct kobject *k;

	down_read(&system_subsys.rwsem);
	list_for_each_entry(k, &system_subsys.kset.list, entry) {
		struct sysdev_class *cls = to_sysdev_class(k);
		struct sys_device *sysdev;
		struct sysdev_driver *drv;

		for_each_sysdev(cls, sysdev)
		{
			if (cls->resume)
				cls->resume(sysdev);
			list_for_each_entry(drv, &cls->drivers, entry)
				if (drv->resume)
					drv->resume(sysdev);
			list_for_each_entry(drv, &global_drivers, entry)
				if (drv->resume)
					drv->resume(sysdev);
		}
	}
	up_read(&system_subsys.rwsem);
	return 0;
}

int system_bus_init(void)
{
	system_subsys.kset.kobj.parent = &devices_subsys.kset.kobj;
	return subsystem_register(&system_subsys);
}

void system_bus_exit(void)
{
	subsystem_unregister(&system_subsys);
}
