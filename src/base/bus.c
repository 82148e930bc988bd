// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * bus.c - buses: registration, the devices and drivers on them, matching
 * and binding (drivers/base/bus.c of 2.6.9).
 *
 * Locking, as 2.6.9: a bus's subsystem rwsem guards its lists of devices
 * and drivers and is held for writing across match, probe and remove, so a
 * device is bound or unbound by one thread at a time. Iterators hold it for
 * reading: their callbacks must not add or remove devices or drivers on the
 * same bus.
 */
#include <stdio.h>
#include <string.h>
#include <ldm/export.h>
#include <ldm/slab.h>

#include "base.h"
#include "htable.h"
#include "module_kobject.h"
#include "power/power.h"
#include "sysfs_compat.h"
#include "sysfs_lazy.h"
#include "uevent.h"

#define to_drv(obj)	   container_of(obj, struct device_driver, kobj)
#define to_drv_attr(_attr) container_of(_attr, struct driver_attribute, attr)
#define to_bus_attr(_attr) container_of(_attr, struct bus_attribute, attr)
#define to_bus(obj)	   container_of(obj, struct bus_type, subsys.kset.kobj)

static ssize_t drv_attr_show(struct kobject *kobj, struct attribute *attr, char *buf)
{
	struct driver_attribute *drv_attr = to_drv_attr(attr);

	return drv_attr->show ? drv_attr->show(to_drv(kobj), buf) : 0;
}

static ssize_t drv_attr_store(struct kobject *kobj, struct attribute *attr, const char *buf,
			      size_t count)
{
	struct driver_attribute *drv_attr = to_drv_attr(attr);

	return drv_attr->store ? drv_attr->store(to_drv(kobj), buf, count) : 0;
}

static struct sysfs_ops driver_sysfs_ops = {
	.show = drv_attr_show,
	.store = drv_attr_store,
};

/* The last reference to a driver is gone: driver_unregister() may return. */
static void driver_release(struct kobject *kobj)
{
	up(&to_drv(kobj)->unload_sem);
}

static struct kobj_type ktype_driver = {
	.sysfs_ops = &driver_sysfs_ops,
	.release = driver_release,
};

static ssize_t bus_attr_show(struct kobject *kobj, struct attribute *attr, char *buf)
{
	struct bus_attribute *bus_attr = to_bus_attr(attr);

	return bus_attr->show ? bus_attr->show(to_bus(kobj), buf) : 0;
}

static ssize_t bus_attr_store(struct kobject *kobj, struct attribute *attr, const char *buf,
			      size_t count)
{
	struct bus_attribute *bus_attr = to_bus_attr(attr);

	return bus_attr->store ? bus_attr->store(to_bus(kobj), buf, count) : 0;
}

static struct sysfs_ops bus_sysfs_ops = {
	.show = bus_attr_show,
	.store = bus_attr_store,
};

static struct kobj_type ktype_bus = {
	.sysfs_ops = &bus_sysfs_ops,
};

decl_subsys(bus, &ktype_bus, NULL);

/*
 * Modern tree: a write to a bus's or a driver's uevent file (0200) sends an
 * event with SUBSYSTEM=bus or drivers, their ksets' names, as Linux's does
 * (udevadm trigger --type=subsystems). Their own add and remove ldm does
 * not send (docs/sysfs.md).
 */
static ssize_t bus_uevent_store(struct bus_type *bus, const char *buf, size_t count)
{
	int error = kobject_synth_uevent(&bus->subsys.kset.kobj, buf, count);

	return error ? error : (ssize_t)count;
}

static struct bus_attribute bus_attr_uevent = __ATTR(uevent, 0200, NULL, bus_uevent_store);

static ssize_t driver_uevent_store(struct device_driver *drv, const char *buf, size_t count)
{
	int error = kobject_synth_uevent(&drv->kobj, buf, count);

	return error ? error : (ssize_t)count;
}

static struct driver_attribute driver_attr_uevent = __ATTR(uevent, 0200, NULL, driver_uevent_store);

/**
 * bus_create_file - create an attribute file of a bus (/bus/<bus>/<attr>)
 * @bus: the bus
 * @attr: the attribute
 */
int bus_create_file(struct bus_type *bus, struct bus_attribute *attr)
{
	int error = -EINVAL;

	if (get_bus(bus)) {
		error = sysfs_create_file(&bus->subsys.kset.kobj, &attr->attr);
		put_bus(bus);
	}
	return error;
}
EXPORT_SYMBOL_GPL(bus_create_file);

/**
 * bus_remove_file - remove an attribute file of a bus
 * @bus: the bus
 * @attr: the attribute
 */
void bus_remove_file(struct bus_type *bus, struct bus_attribute *attr)
{
	if (get_bus(bus)) {
		sysfs_remove_file(&bus->subsys.kset.kobj, &attr->attr);
		put_bus(bus);
	}
}
EXPORT_SYMBOL_GPL(bus_remove_file);

/**
 * bus_for_each_dev - call @fn for each device on a bus
 * @bus: the bus
 * @start: the device after which to start, or NULL for the first
 * @data: passed to @fn
 * @fn: the callback; a non-zero return stops the walk
 *
 * Return: 0, -EINVAL for no bus, or what @fn returned.
 */
int bus_for_each_dev(struct bus_type *bus, struct device *start, void *data,
		     int (*fn)(struct device *, void *))
{
	struct list_head *head, *pos;
	int error = 0;

	if (!(bus = get_bus(bus)))
		return -EINVAL;
	head = &bus->devices.list;
	down_read(&bus->subsys.rwsem);
	for (pos = start ? start->bus_list.next : head->next; pos != head; pos = pos->next) {
		struct device *dev = get_device(container_of(pos, struct device, bus_list));

		error = fn(dev, data);
		put_device(dev);
		if (error)
			break;
	}
	up_read(&bus->subsys.rwsem);
	put_bus(bus);
	return error;
}
EXPORT_SYMBOL_GPL(bus_for_each_dev);

/**
 * bus_for_each_drv - call @fn for each driver on a bus
 * @bus: the bus
 * @start: the driver after which to start, or NULL for the first
 * @data: passed to @fn
 * @fn: the callback; a non-zero return stops the walk
 *
 * Return: 0, -EINVAL for no bus, or what @fn returned.
 */
int bus_for_each_drv(struct bus_type *bus, struct device_driver *start, void *data,
		     int (*fn)(struct device_driver *, void *))
{
	struct list_head *head, *pos;
	int error = 0;

	if (!(bus = get_bus(bus)))
		return -EINVAL;
	head = &bus->drivers.list;
	down_read(&bus->subsys.rwsem);
	for (pos = start ? start->kobj.entry.next : head->next; pos != head; pos = pos->next) {
		struct device_driver *drv =
			get_driver(container_of(pos, struct device_driver, kobj.entry));

		error = fn(drv, data);
		put_driver(drv);
		if (error)
			break;
	}
	up_read(&bus->subsys.rwsem);
	put_bus(bus);
	return error;
}
EXPORT_SYMBOL_GPL(bus_for_each_drv);

/*
 * Set from device_bind_driver() until device_release_driver() removes the
 * link: dev->driver is the driver's while the link is there.
 */
static struct kobject *driver_target(struct kobject *kobj)
{
	return &container_of(kobj, struct device, kobj)->driver->kobj;
}

/* Its target is computed: a link without a node until looked up. */
static const struct sysfs_lazy_link driver_link = {
	.name = "driver",
	.target = driver_target,
};

/**
 * device_bind_driver - record that @dev->driver drives @dev: the driver's
 * list and the link /bus/<bus>/drivers/<drv>/<dev>
 * @dev: the device, whose driver field is set
 *
 * Called with the bus's rwsem held for writing, after a successful probe.
 */
void device_bind_driver(struct device *dev)
{
	pr_debug("bound device '%s' to driver '%s'\n", dev->bus_id, dev->driver->name);
	list_add_tail(&dev->driver_list, &dev->driver->devices);
	sysfs_create_link(&dev->driver->kobj, &dev->kobj, kobject_name(&dev->kobj));
	if (!ldm_sysfs_modern())
		return;
	/* The device's own link to its driver came after 2.6.9; the events in 4.14. */
	sysfs_lazy_link(&dev->kobj, &driver_link);
	kobject_hotplug("bind", &dev->kobj);
}
EXPORT_SYMBOL_GPL(device_bind_driver);

/*
 * Try @drv on @dev: 0 bound, -ENODEV no match, else the probe's error.
 * Under @dev->sem, so that a suspend or resume of @dev sees it bound or not.
 */
static int bus_match(struct device *dev, struct device_driver *drv)
{
	int error = 0;

	if (!dev->bus->match || !dev->bus->match(dev, drv))
		return -ENODEV;
	down(&dev->sem);
	dev->driver = drv;
	if (drv->probe) {
		error = drv->probe(dev);
		if (error)
			dev->driver = NULL;
	}
	if (!error)
		device_bind_driver(dev);
	up(&dev->sem);
	return error;
}

static void report_probe_failure(struct device_driver *drv, struct device *dev, int error)
{
	printk(KERN_WARNING "%s: probe of %s failed with error %d\n", drv->name, dev->bus_id,
	       error);
}

/*
 * The driver index of a bus with match_name: its drivers hashed by the
 * first BUS_ID_SIZE bytes of their name (what platform_match compares),
 * each with its registration order so that drivers of one name are still
 * tried in that order, as 2.6.9's walk of the whole list tried them. A
 * driver with an id_table matches other names: while one is registered,
 * each driver is tried, in order, as without an index.
 */
struct bus_driver_index {
	struct ldm_htable table;
	unsigned long next_seq;
	unsigned int with_ids; /* drivers with an id_table */
};

struct index_entry {
	struct ldm_hnode hnode;
	struct device_driver *drv;
	unsigned long seq;
};

static u64 index_hash(const char *name)
{
	char key[BUS_ID_SIZE + 1];

	snprintf(key, sizeof(key), "%s", name);
	return ldm_hash_name(key);
}

static u64 index_hash_of(const struct ldm_hnode *n)
{
	return index_hash(container_of(n, struct index_entry, hnode)->drv->name);
}

static bool index_key_equal(const char *a, const char *b)
{
	return !strncmp(a, b, BUS_ID_SIZE);
}

/* Under the bus's rwsem, for writing. */
static int index_add(struct bus_type *bus, struct device_driver *drv)
{
	struct index_entry *e;
	int error;

	if (!bus->ldm_index)
		return 0;
	e = kzalloc(sizeof(*e), GFP_KERNEL);
	if (!e)
		return -ENOMEM;
	e->drv = drv;
	e->seq = ++bus->ldm_index->next_seq; /* from 1: 0 is "before all" */
	error = ldm_htable_add(&bus->ldm_index->table, &e->hnode, index_hash(drv->name),
			       index_hash_of);
	if (error)
		kfree(e);
	else if (drv->id_table)
		bus->ldm_index->with_ids++;
	return error;
}

/* Under the bus's rwsem, for writing. */
static void index_del(struct bus_type *bus, struct device_driver *drv)
{
	u64 hash = index_hash(drv->name);
	struct index_entry *e;

	if (!bus->ldm_index)
		return;
	ldm_htable_for_each_possible(&bus->ldm_index->table, e, hnode, hash) {
		if (e->drv == drv) {
			ldm_htable_del(&bus->ldm_index->table, &e->hnode);
			kfree(e);
			if (drv->id_table)
				bus->ldm_index->with_ids--;
			return;
		}
	}
}

/* The driver named @name registered first after @after_seq, or NULL. */
static struct index_entry *index_next(struct bus_type *bus, const char *name,
				      unsigned long after_seq)
{
	u64 hash = index_hash(name);
	struct index_entry *e, *best = NULL;

	ldm_htable_for_each_possible(&bus->ldm_index->table, e, hnode, hash) {
		if (!index_key_equal(e->drv->name, name) || e->seq <= after_seq)
			continue;
		if (!best || e->seq < best->seq)
			best = e;
	}
	return best;
}

/* Try @drv on @dev for device_attach(); 1 if bound. */
static int attach_try(struct device *dev, struct device_driver *drv)
{
	int error = bus_match(dev, drv);

	if (!error)
		return 1;
	if (error != -ENODEV)
		report_probe_failure(drv, dev, error);
	return 0;
}

/* Find a driver for @dev; 1 if bound. Under the bus's rwsem, for writing. */
static int device_attach(struct device *dev)
{
	struct bus_type *bus = dev->bus;
	struct device_driver *drv;
	struct index_entry *e;
	const char *name;

	if (dev->driver) {
		device_bind_driver(dev);
		return 1;
	}
	if (!bus->match)
		return 0;
	/* No name from match_name: drivers may match it otherwise; try each. */
	name = bus->ldm_index && !bus->ldm_index->with_ids ? bus->match_name(dev) : NULL;
	if (name) {
		for (e = index_next(bus, name, 0); e; e = index_next(bus, name, e->seq))
			if (attach_try(dev, e->drv))
				return 1;
		return 0;
	}
	list_for_each_entry(drv, &bus->drivers.list, kobj.entry)
		if (attach_try(dev, drv))
			return 1;
	return 0;
}

/**
 * driver_attach - bind a driver to every unbound device it matches
 * @drv: the driver; the caller holds its bus's rwsem for writing
 */
void driver_attach(struct device_driver *drv)
{
	struct device *dev;
	int error;

	if (!drv->bus->match)
		return;
	list_for_each_entry(dev, &drv->bus->devices.list, bus_list) {
		if (dev->driver)
			continue;
		error = bus_match(dev, drv);
		if (error && error != -ENODEV)
			report_probe_failure(drv, dev, error);
	}
}

/**
 * device_release_driver - unbind a device from its driver: the link, the
 * driver's list, the driver's remove()
 * @dev: the device; nothing happens if it has no driver
 */
void device_release_driver(struct device *dev)
{
	struct device_driver *drv;

	down(&dev->sem); /* a suspend or resume of @dev is not half way */
	drv = dev->driver;
	if (!drv) {
		up(&dev->sem);
		return;
	}
	sysfs_remove_link(&drv->kobj, kobject_name(&dev->kobj));
	if (ldm_sysfs_modern())
		sysfs_remove_link(&dev->kobj, "driver");
	list_del_init(&dev->driver_list);
	device_detach_shutdown(dev);
	if (drv->remove)
		drv->remove(dev);
	dev->driver = NULL;
	up(&dev->sem);
	if (ldm_sysfs_modern())
		kobject_hotplug("unbind", &dev->kobj);
}
EXPORT_SYMBOL_GPL(device_release_driver);

static void driver_detach(struct device_driver *drv)
{
	struct device *dev, *next;

	list_for_each_entry_safe(dev, next, &drv->devices, driver_list)
		device_release_driver(dev);
}

static int device_add_attrs(struct bus_type *bus, struct device *dev)
{
	int error = 0;
	int i;

	if (!bus->dev_attrs)
		return 0;
	/* Every device of the bus has them: served from the bus, nodes once looked up. */
	for (i = 0; attr_name(bus->dev_attrs[i]); i++) {
		error = sysfs_lazy_file(&dev->kobj, &bus->dev_attrs[i].attr);
		if (error)
			goto err_remove;
	}
	return 0;

err_remove:
	while (--i >= 0)
		device_remove_file(dev, &bus->dev_attrs[i]);
	return error;
}

static void device_remove_attrs(struct bus_type *bus, struct device *dev)
{
	int i;

	if (bus->dev_attrs)
		for (i = 0; attr_name(bus->dev_attrs[i]); i++)
			device_remove_file(dev, &bus->dev_attrs[i]);
}

static struct kobject *subsystem_target(struct kobject *kobj)
{
	return &container_of(kobj, struct device, kobj)->bus->subsys.kset.kobj;
}

/* Its target is computed: a link without a node until looked up. */
static const struct sysfs_lazy_link subsystem_link = {
	.name = "subsystem",
	.target = subsystem_target,
};

/* Modern tree: the device's "subsystem" link, to its bus (2.6.17 on). */
static int add_subsystem_link(struct bus_type *bus, struct device *dev)
{
	(void)bus; /* the link finds it through the device */
	if (!ldm_sysfs_modern())
		return 0;
	return sysfs_lazy_link(&dev->kobj, &subsystem_link);
}

static void remove_subsystem_link(struct device *dev)
{
	if (ldm_sysfs_modern())
		sysfs_remove_link(&dev->kobj, "subsystem");
}

/**
 * bus_add_device - add a device to its bus: attributes, the link
 * /bus/<bus>/devices/<dev> (and, in the modern tree, the device's
 * "subsystem" link), the bus's list, and a driver if one matches
 * @dev: the device, whose bus field is set (nothing happens without one)
 *
 * Return: 0, or the error of the attributes or the links, all undone. A
 * probe that fails is not an error: the device stays unbound.
 */
int bus_add_device(struct device *dev)
{
	struct bus_type *bus = get_bus(dev->bus);
	int error;

	if (!bus)
		return 0;
	pr_debug("bus %s: add device %s\n", bus->name, dev->bus_id);
	error = device_add_attrs(bus, dev);
	if (error)
		goto err_put_bus;
	error = sysfs_create_link(&bus->devices.kobj, &dev->kobj, dev->bus_id);
	if (error)
		goto err_remove_attrs;
	error = add_subsystem_link(bus, dev);
	if (error)
		goto err_remove_link;
	/* Its files are there: announce it (modern tree), before any driver binds. */
	kobject_hotplug_deferred_add(&dev->kobj);
	down_write(&bus->subsys.rwsem);
	list_add_tail(&dev->bus_list, &bus->devices.list);
	device_attach(dev);
	up_write(&bus->subsys.rwsem);
	return 0;

err_remove_link:
	sysfs_remove_link(&bus->devices.kobj, dev->bus_id);
err_remove_attrs:
	device_remove_attrs(bus, dev);
err_put_bus:
	put_bus(bus);
	return error;
}
EXPORT_SYMBOL_GPL(bus_add_device);

/**
 * bus_remove_device - take a device off its bus, unbinding it first
 * @dev: the device
 */
void bus_remove_device(struct device *dev)
{
	struct bus_type *bus = dev->bus;
	bool on_bus;

	if (!bus)
		return;
	/* Its neighbours' removal writes its list links: look under the lock. */
	down_read(&bus->subsys.rwsem);
	on_bus = !list_empty(&dev->bus_list);
	up_read(&bus->subsys.rwsem);
	if (!on_bus)
		return;
	remove_subsystem_link(dev);
	sysfs_remove_link(&bus->devices.kobj, dev->bus_id);
	device_remove_attrs(bus, dev);
	down_write(&bus->subsys.rwsem);
	pr_debug("bus %s: remove device %s\n", bus->name, dev->bus_id);
	device_release_driver(dev);
	list_del_init(&dev->bus_list);
	up_write(&bus->subsys.rwsem);
	put_bus(bus);
}
EXPORT_SYMBOL_GPL(bus_remove_device);

static int driver_add_attrs(struct bus_type *bus, struct device_driver *drv)
{
	int error = 0;
	int i;

	if (!bus->drv_attrs)
		return 0;
	for (i = 0; attr_name(bus->drv_attrs[i]); i++) {
		error = driver_create_file(drv, &bus->drv_attrs[i]);
		if (error)
			goto err_remove;
	}
	return 0;

err_remove:
	while (--i >= 0)
		driver_remove_file(drv, &bus->drv_attrs[i]);
	return error;
}

static void driver_remove_attrs(struct bus_type *bus, struct device_driver *drv)
{
	int i;

	if (bus->drv_attrs)
		for (i = 0; attr_name(bus->drv_attrs[i]); i++)
			driver_remove_file(drv, &bus->drv_attrs[i]);
}

/* The device of @drv's bus named by a write to bind/unbind, referenced. */
static struct device *written_device(struct device_driver *drv, const char *buf, size_t count)
{
	char name[BUS_ID_SIZE];

	if (count && buf[count - 1] == '\n')
		count--;
	if (!count || count >= sizeof(name))
		return NULL;
	memcpy(name, buf, count);
	name[count] = '\0';
	return device_find(name, drv->bus);
}

/* bind (modern Linux): bind the named device to this driver, if it matches. */
static ssize_t bind_store(struct device_driver *drv, const char *buf, size_t count)
{
	struct device *dev = written_device(drv, buf, count);
	int error = -ENODEV;

	if (!dev)
		return -ENODEV;
	down_write(&drv->bus->subsys.rwsem);
	if (list_empty(&dev->bus_list))
		error = -ENODEV; /* left the bus since device_find() */
	else if (dev->driver)
		error = -EBUSY;
	else
		error = bus_match(dev, drv);
	up_write(&drv->bus->subsys.rwsem);
	put_device(dev);
	return error ? error : (ssize_t)count;
}

/* unbind (modern Linux): unbind the named device from this driver. */
static ssize_t unbind_store(struct device_driver *drv, const char *buf, size_t count)
{
	struct device *dev = written_device(drv, buf, count);
	int error = -ENODEV;

	if (!dev)
		return -ENODEV;
	down_write(&drv->bus->subsys.rwsem);
	if (!list_empty(&dev->bus_list) && dev->driver == drv) {
		device_release_driver(dev);
		error = 0;
	}
	up_write(&drv->bus->subsys.rwsem);
	put_device(dev);
	return error ? error : (ssize_t)count;
}

static struct driver_attribute driver_attr_bind = __ATTR(bind, 0200, NULL, bind_store);
static struct driver_attribute driver_attr_unbind = __ATTR(unbind, 0200, NULL, unbind_store);

/* bind and unbind, and in the modern tree uevent. */
static int add_bind_files(struct device_driver *drv)
{
	int error = driver_create_file(drv, &driver_attr_bind);

	if (error)
		return error;
	error = driver_create_file(drv, &driver_attr_unbind);
	if (error)
		goto err_remove_bind;
	if (ldm_sysfs_modern()) {
		error = driver_create_file(drv, &driver_attr_uevent);
		if (error)
			goto err_remove_unbind;
	}
	return 0;

err_remove_unbind:
	driver_remove_file(drv, &driver_attr_unbind);
err_remove_bind:
	driver_remove_file(drv, &driver_attr_bind);
	return error;
}

static void remove_bind_files(struct device_driver *drv)
{
	if (ldm_sysfs_modern())
		driver_remove_file(drv, &driver_attr_uevent);
	driver_remove_file(drv, &driver_attr_unbind);
	driver_remove_file(drv, &driver_attr_bind);
}

/**
 * bus_add_driver - add a driver to its bus: /bus/<bus>/drivers/<drv>, its
 * attributes, and every unbound device it matches
 * @drv: the driver, whose bus field is set
 *
 * Return: 0, or an error with everything undone.
 */
int bus_add_driver(struct device_driver *drv)
{
	struct bus_type *bus = get_bus(drv->bus);
	int error;

	if (!bus)
		return 0;
	pr_debug("bus %s: add driver %s\n", bus->name, drv->name);
	error = kobject_set_name(&drv->kobj, "%s", drv->name);
	if (error)
		goto err_put_bus;
	drv->kobj.kset = &bus->drivers;
	error = kobject_register(&drv->kobj);
	if (error)
		goto err_put_kobj;
	error = driver_add_attrs(bus, drv);
	if (error)
		goto err_unregister;
	error = add_bind_files(drv);
	if (error)
		goto err_remove_attrs;
	down_write(&bus->subsys.rwsem);
	error = index_add(bus, drv);
	if (!error)
		driver_attach(drv);
	up_write(&bus->subsys.rwsem);
	if (error)
		goto err_remove_bind_files;
	module_add_driver(drv->owner, drv);
	return 0;

err_remove_bind_files:
	remove_bind_files(drv);
err_remove_attrs:
	driver_remove_attrs(bus, drv);
err_unregister:
	kobject_unregister(&drv->kobj);
	goto err_put_bus;
err_put_kobj:
	kobject_put(&drv->kobj);
err_put_bus:
	put_bus(bus);
	return error;
}

/**
 * bus_remove_driver - take a driver off its bus, unbinding its devices
 * @drv: the driver
 */
void bus_remove_driver(struct device_driver *drv)
{
	struct bus_type *bus = drv->bus;

	if (!bus)
		return;
	module_remove_driver(drv);
	remove_bind_files(drv);
	driver_remove_attrs(bus, drv);
	down_write(&bus->subsys.rwsem);
	pr_debug("bus %s: remove driver %s\n", bus->name, drv->name);
	driver_detach(drv);
	index_del(bus, drv);
	/*
	 * Off the bus's list now, under the lock, not at kobject_unregister():
	 * a device added in between would bind to the driver going away, and
	 * stay bound to it once the caller frees it (2.6.9 had this window).
	 */
	list_del_init(&drv->kobj.entry);
	up_write(&bus->subsys.rwsem);
	kobject_unregister(&drv->kobj);
	put_bus(bus);
}

static int bus_rescan_devices_helper(struct device *dev, void *data)
{
	int *count = data;

	if (!dev->driver && device_attach(dev))
		(*count)++;
	return 0;
}

/**
 * bus_rescan_devices - try again to bind every unbound device of a bus
 * @bus: the bus
 *
 * Return: how many devices got a driver.
 */
int bus_rescan_devices(struct bus_type *bus)
{
	struct device *dev;
	int count = 0;

	if (!(bus = get_bus(bus)))
		return 0;
	/* Binding changes the bus: hold the lock for writing, not reading. */
	down_write(&bus->subsys.rwsem);
	list_for_each_entry(dev, &bus->devices.list, bus_list)
		bus_rescan_devices_helper(dev, &count);
	up_write(&bus->subsys.rwsem);
	put_bus(bus);
	return count;
}
EXPORT_SYMBOL_GPL(bus_rescan_devices);

/**
 * get_bus - take a reference on a bus
 * @bus: the bus, or NULL
 */
struct bus_type *get_bus(struct bus_type *bus)
{
	return bus ? container_of(subsys_get(&bus->subsys), struct bus_type, subsys) : NULL;
}
EXPORT_SYMBOL_GPL(get_bus);

/**
 * put_bus - drop a reference on a bus
 * @bus: the bus
 */
void put_bus(struct bus_type *bus)
{
	subsys_put(&bus->subsys);
}
EXPORT_SYMBOL_GPL(put_bus);

/**
 * find_bus - find a registered bus by name
 * @name: its name
 *
 * Return: the bus with a reference taken (put_bus() it), or NULL.
 */
struct bus_type *find_bus(char *name)
{
	struct kobject *k = kset_find_obj(&bus_subsys.kset, name);

	return k ? to_bus(k) : NULL;
}
EXPORT_SYMBOL_GPL(find_bus);

/* The bus's own attributes, and in the modern tree uevent. */
static int bus_add_attrs(struct bus_type *bus)
{
	int error = 0;
	int i = 0;

	if (ldm_sysfs_modern()) {
		error = bus_create_file(bus, &bus_attr_uevent);
		if (error)
			return error;
	}
	if (!bus->bus_attrs)
		return 0;
	for (; attr_name(bus->bus_attrs[i]); i++) {
		error = bus_create_file(bus, &bus->bus_attrs[i]);
		if (error)
			goto err_remove;
	}
	return 0;

err_remove:
	while (--i >= 0)
		bus_remove_file(bus, &bus->bus_attrs[i]);
	if (ldm_sysfs_modern())
		bus_remove_file(bus, &bus_attr_uevent);
	return error;
}

static void bus_remove_attrs(struct bus_type *bus)
{
	int i;

	if (bus->bus_attrs)
		for (i = 0; attr_name(bus->bus_attrs[i]); i++)
			bus_remove_file(bus, &bus->bus_attrs[i]);
	if (ldm_sysfs_modern())
		bus_remove_file(bus, &bus_attr_uevent);
}

/**
 * bus_register - register a bus: /bus/<name> with devices/ and drivers/
 * @bus: the bus, with its name set
 *
 * Return: 0, or an error with everything undone.
 */
int bus_register(struct bus_type *bus)
{
	int error;

	if (!bus || !bus->name)
		return -EINVAL;
	error = kobject_set_name(&bus->subsys.kset.kobj, "%s", bus->name);
	if (error)
		return error;
	subsys_set_kset(bus, bus_subsys);
	error = subsystem_register(&bus->subsys);
	if (error)
		return error;

	error = kobject_set_name(&bus->devices.kobj, "devices");
	if (error)
		goto err_unregister_subsys;
	bus->devices.subsys = &bus->subsys;
	error = kset_register(&bus->devices);
	if (error)
		goto err_unregister_subsys;

	error = kobject_set_name(&bus->drivers.kobj, "drivers");
	if (error)
		goto err_unregister_devices;
	bus->drivers.subsys = &bus->subsys;
	bus->drivers.ktype = &ktype_driver;
	error = kset_register(&bus->drivers);
	if (error)
		goto err_unregister_devices;

	error = bus_add_attrs(bus);
	if (error)
		goto err_unregister_drivers;
	if (bus->match_name) {
		bus->ldm_index = kzalloc(sizeof(*bus->ldm_index), GFP_KERNEL);
		if (!bus->ldm_index) {
			error = -ENOMEM;
			goto err_remove_attrs;
		}
	}
	pr_debug("bus type '%s' registered\n", bus->name);
	return 0;

err_remove_attrs:
	bus_remove_attrs(bus);
err_unregister_drivers:
	kset_unregister(&bus->drivers);
err_unregister_devices:
	kset_unregister(&bus->devices);
err_unregister_subsys:
	subsystem_unregister(&bus->subsys);
	return error;
}
EXPORT_SYMBOL_GPL(bus_register);

/**
 * bus_unregister - unregister a bus
 * @bus: the bus; its devices and drivers should be gone already
 */
void bus_unregister(struct bus_type *bus)
{
	pr_debug("bus %s: unregistering\n", bus->name);
	if (bus->ldm_index) {
		ldm_htable_destroy(&bus->ldm_index->table);
		kfree(bus->ldm_index);
		bus->ldm_index = NULL;
	}
	bus_remove_attrs(bus);
	kset_unregister(&bus->drivers);
	kset_unregister(&bus->devices);
	subsystem_unregister(&bus->subsys);
}
EXPORT_SYMBOL_GPL(bus_unregister);

int buses_init(void)
{
	return subsystem_register(&bus_subsys);
}

void buses_exit(void)
{
	subsystem_unregister(&bus_subsys);
}
