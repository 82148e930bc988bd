/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * ksysfs.h - /kernel (kernel/ksysfs.c), for the layers above that add a
 * file of their own to it (Linux's kernel_kobj): the module loader's
 * export_policy.
 */
#ifndef _LDM_KSYSFS_H
#define _LDM_KSYSFS_H

#include <ldm/kobject.h>

extern struct subsystem kernel_subsys;

#endif /* _LDM_KSYSFS_H */
