/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/config.h> - the kernel configuration a 2.6.9 driver tests, as
 * <linux/config.h> gave it (autoconf.h). These are facts about ldm: the
 * ones set are the services it provides; every module must see the same
 * (CONFIG_PROC_FS changes struct i2c_adapter, for one), so a module should
 * not define CONFIG_ symbols of its own.
 *
 * Not set, on purpose: CONFIG_HOTPLUG (2.6.9 drivers then run
 * /sbin/hotplug themselves with call_usermodehelper(); here kobject
 * hotplug events reach the helper and the uevent socket), CONFIG_DEVFS_FS
 * (devfs calls are no-ops, as without it), CONFIG_KMOD (request_module()
 * gives -ENOSYS), CONFIG_X86 (no CPU data for drivers), CONFIG_PREEMPT.
 */
#ifndef _LDM_CONFIG_H
#define _LDM_CONFIG_H

#define CONFIG_MODULES	     1
#define CONFIG_MODULE_UNLOAD 1
#define CONFIG_PROC_FS	     1
#define CONFIG_SYSFS	     1
#define CONFIG_PM	     1
#define CONFIG_SMP	     1
#define CONFIG_64BIT	     1
#define CONFIG_FW_LOADER     1
#define CONFIG_PCI	     1

#endif /* _LDM_CONFIG_H */
