// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * driver.c - drivers: registration, references, attributes
 * (drivers/base/driver.c of 2.6.9).
 */
#include <ldm/export.h>

#include "base.h"

#define to_drv(obj) container_of(obj, struct device_driver, kobj)

/**
 * driver_create_file - create an attribute file of a driver
 * @drv: the driver
 * @attr: the attribute
 */
int driver_create_file(struct device_driver *drv, struct driver_attribute *attr)
{
	int error = -EINVAL;

	if (get_driver(drv)) {
		error = sysfs_create_file(&drv->kobj, &attr->attr);
		put_driver(drv);
	}
	return error;
}
EXPORT_SYMBOL_GPL(driver_create_file);

/**
 * driver_remove_file - remove an attribute file of a driver
 * @drv: the driver
 * @attr: the attribute
 */
void driver_remove_file(struct device_driver *drv, struct driver_attribute *attr)
{
	if (get_driver(drv)) {
		sysfs_remove_file(&drv->kobj, &attr->attr);
		put_driver(drv);
	}
}
EXPORT_SYMBOL_GPL(driver_remove_file);

/**
 * get_driver - take a reference on a driver
 * @drv: the driver, or NULL
 */
struct device_driver *get_driver(struct device_driver *drv)
{
	return drv ? to_drv(kobject_get(&drv->kobj)) : NULL;
}
EXPORT_SYMBOL_GPL(get_driver);

/**
 * put_driver - drop a reference on a driver
 * @drv: the driver, or NULL
 */
void put_driver(struct device_driver *drv)
{
	if (drv)
		kobject_put(&drv->kobj);
}
EXPORT_SYMBOL_GPL(put_driver);

/**
 * driver_register - register a driver with its bus; it is then probed
 * against every unbound device of the bus
 * @drv: the driver, with name and bus set
 *
 * Return: 0, -EINVAL without a name or bus, or the error of the bus.
 */
int driver_register(struct device_driver *drv)
{
	if (!drv || !drv->name || !drv->bus)
		return -EINVAL;
	INIT_LIST_HEAD(&drv->devices);
	init_MUTEX_LOCKED(&drv->unload_sem);
	return bus_add_driver(drv);
}
EXPORT_SYMBOL_GPL(driver_register);

/**
 * driver_unregister - unbind a driver's devices and unregister it
 * @drv: the driver
 *
 * Returns only when the last reference to the driver is gone, so the
 * structure (and the module holding it) may go away afterwards.
 */
void driver_unregister(struct device_driver *drv)
{
	bus_remove_driver(drv);
	down(&drv->unload_sem);
	up(&drv->unload_sem);
}
EXPORT_SYMBOL_GPL(driver_unregister);

/**
 * driver_find - find a driver on a bus by name
 * @name: the driver's name
 * @bus: the bus
 *
 * Return: the driver with a reference taken (put_driver() it), or NULL.
 */
struct device_driver *driver_find(const char *name, struct bus_type *bus)
{
	struct kobject *k;

	if (!bus)
		return NULL;
	k = kset_find_obj(&bus->drivers, name);
	return k ? to_drv(k) : NULL;
}
EXPORT_SYMBOL_GPL(driver_find);
