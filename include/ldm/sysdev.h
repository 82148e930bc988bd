/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/sysdev.h> - system devices, as <linux/sysdev.h> of 2.6.9: devices
 * that are not on a bus (CPUs, timers, interrupt controllers), in classes
 * under /devices/system, with auxiliary drivers told of each.
 */
#ifndef _LDM_SYSDEV_H
#define _LDM_SYSDEV_H

#include <ldm/kobject.h>

#pragma GCC visibility push(default)

struct sys_device;

struct sysdev_class {
	struct list_head drivers;
	int (*shutdown)(struct sys_device *dev);
	int (*suspend)(struct sys_device *dev, u32 state);
	int (*resume)(struct sys_device *dev);
	struct kset kset;
};

int sysdev_class_register(struct sysdev_class *cls);
void sysdev_class_unregister(struct sysdev_class *cls);

struct sysdev_driver {
	struct list_head entry;
	int (*add)(struct sys_device *dev);
	int (*remove)(struct sys_device *dev);
	int (*shutdown)(struct sys_device *dev);
	int (*suspend)(struct sys_device *dev, u32 state);
	int (*resume)(struct sys_device *dev);
};

int sysdev_driver_register(struct sysdev_class *cls, struct sysdev_driver *drv);
void sysdev_driver_unregister(struct sysdev_class *cls, struct sysdev_driver *drv);

struct sys_device {
	u32 id;
	struct sysdev_class *cls;
	struct kobject kobj;
};

int sysdev_register(struct sys_device *dev);
void sysdev_unregister(struct sys_device *dev);

struct sysdev_attribute {
	struct attribute attr;
	ssize_t (*show)(struct sys_device *dev, char *buf);
	ssize_t (*store)(struct sys_device *dev, const char *buf, size_t count);
};

#define SYSDEV_ATTR(_name, _mode, _show, _store) \
	struct sysdev_attribute attr_##_name = { \
		.attr = { .name = __stringify(_name), .mode = _mode }, \
		.show = _show, \
		.store = _store, \
	}

int sysdev_create_file(struct sys_device *dev, struct sysdev_attribute *attr);
void sysdev_remove_file(struct sys_device *dev, struct sysdev_attribute *attr);

/* Called by the power-management core (drivers/base/power). */
int sysdev_suspend(u32 state);
int sysdev_resume(void);
void sysdev_shutdown(void);

#pragma GCC visibility pop

#endif /* _LDM_SYSDEV_H */
