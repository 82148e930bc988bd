// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * module.c - the links between drivers and the modules that own them
 * (drivers/base/module.c of modern Linux), in the modern tree:
 * /bus/<bus>/drivers/<drv>/module -> /module/<name>, and
 * /module/<name>/drivers/<bus>:<drv> -> the driver. The drivers/
 * directory comes with a module's first driver and, unlike Linux's, goes
 * with its last.
 */
#include <pthread.h>
#include <stdio.h>
#include <ldm/device.h>
#include <ldm/slab.h>

#include "base.h"
#include "module_kobject.h"
#include "sysfs_compat.h"

struct kobject *(*ldm_module_kobject)(struct module *mod);

/* /module/<name>/drivers of a module with drivers registered. */
struct module_drivers {
	struct list_head list;
	struct module *mod;
	struct kobject *mk; /* /module/<name>, referenced */
	struct kobject kobj;
	unsigned int count;
};

static LIST_HEAD(module_drivers_list);
static pthread_mutex_t module_drivers_lock = PTHREAD_MUTEX_INITIALIZER;

static void module_drivers_release(struct kobject *kobj)
{
	kfree(container_of(kobj, struct module_drivers, kobj));
}

static struct kobj_type module_drivers_ktype = {
	.release = module_drivers_release,
};

/* The drivers/ of @mod, made if it is the first; under the lock. */
static struct module_drivers *drivers_dir_get(struct module *mod)
{
	struct module_drivers *md;
	struct kobject *mk;

	list_for_each_entry(md, &module_drivers_list, list)
		if (md->mod == mod)
			return md;
	mk = ldm_module_kobject ? ldm_module_kobject(mod) : NULL;
	if (!mk)
		return NULL;
	md = kzalloc(sizeof(*md), GFP_KERNEL);
	if (!md)
		goto err_put;
	md->mod = mod;
	md->mk = mk;
	md->kobj.ktype = &module_drivers_ktype;
	md->kobj.parent = mk;
	if (kobject_set_name(&md->kobj, "drivers") || kobject_register(&md->kobj)) {
		kobject_put(&md->kobj); /* frees md */
		goto err_put;
	}
	list_add(&md->list, &module_drivers_list);
	return md;

err_put:
	kobject_put(mk);
	return NULL;
}

static void drivers_dir_put(struct module_drivers *md)
{
	struct kobject *mk = md->mk;

	if (--md->count)
		return;
	list_del(&md->list);
	kobject_unregister(&md->kobj);
	kobject_put(mk);
}

/* "<bus>:<drv>", the name of a driver's link in its module's drivers/. */
static char *driver_link_name(struct device_driver *drv)
{
	return kasprintf(GFP_KERNEL, "%s:%s", drv->bus->name, drv->name);
}

/**
 * module_add_driver - link a driver and the module that owns it, both ways
 * @mod: the owner (drv->owner); nothing for NULL or a module not loaded
 * @drv: the driver, registered
 *
 * Best effort, as in Linux: a link that cannot be made is left out.
 */
void module_add_driver(struct module *mod, struct device_driver *drv)
{
	struct module_drivers *md;
	char *name;

	if (!mod || !ldm_sysfs_modern())
		return;
	name = driver_link_name(drv);
	if (!name)
		return;
	pthread_mutex_lock(&module_drivers_lock);
	md = drivers_dir_get(mod);
	if (md) {
		md->count++;
		if (sysfs_create_link(&drv->kobj, md->mk, "module") == 0 &&
		    sysfs_create_link(&md->kobj, &drv->kobj, name))
			sysfs_remove_link(&drv->kobj, "module");
	}
	pthread_mutex_unlock(&module_drivers_lock);
	kfree(name);
}

/**
 * module_remove_driver - undo module_add_driver()
 * @drv: the driver
 */
void module_remove_driver(struct device_driver *drv)
{
	struct module_drivers *md;
	char *name;

	if (!drv->owner || !ldm_sysfs_modern())
		return;
	name = driver_link_name(drv);
	pthread_mutex_lock(&module_drivers_lock);
	list_for_each_entry(md, &module_drivers_list, list) {
		if (md->mod != drv->owner)
			continue;
		sysfs_remove_link(&drv->kobj, "module");
		if (name)
			sysfs_remove_link(&md->kobj, name);
		drivers_dir_put(md);
		break;
	}
	pthread_mutex_unlock(&module_drivers_lock);
	kfree(name);
}
