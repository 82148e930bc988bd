/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * base.h - what the files of the driver core share (drivers/base/base.h).
 */
#ifndef _LDM_BASE_H
#define _LDM_BASE_H

#include <ldm/device.h>

extern struct subsystem devices_subsys;
extern struct subsystem bus_subsys;

int bus_add_device(struct device *dev);
void bus_remove_device(struct device *dev);
int bus_add_driver(struct device_driver *drv);
void bus_remove_driver(struct device_driver *drv);

/* Boot and shutdown of the driver core (init.c), called by ldm_init/exit. */
int devices_init(void);
void devices_exit(void);
int buses_init(void);
void buses_exit(void);
int platform_bus_init(void);
void platform_bus_exit(void);
int classes_init(void);
void classes_exit(void);
int firmware_init(void);
void firmware_exit(void);
int firmware_class_init(const char *path);
void firmware_class_exit(void);
int system_bus_init(void);
void system_bus_exit(void);

#endif /* _LDM_BASE_H */
