/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * module_kobject.h - how the driver core reaches /module/<name> of the
 * module that owns a driver (base/module.c), which the module loader
 * owns: a hook it sets at boot. Private to libldm.
 */
#ifndef _LDM_MODULE_KOBJECT_H
#define _LDM_MODULE_KOBJECT_H

struct device_driver;
struct kobject;
struct module;

/* Set by the loader: @mod's kobject, referenced, or NULL (not loaded). */
extern struct kobject *(*ldm_module_kobject)(struct module *mod);

/* base/module.c: the links between a driver and its module (modern tree). */
void module_add_driver(struct module *mod, struct device_driver *drv);
void module_remove_driver(struct device_driver *drv);

#endif /* _LDM_MODULE_KOBJECT_H */
