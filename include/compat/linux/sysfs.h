/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/sysfs.h> for an unchanged 2.6.9 driver: <ldm/sysfs.h>.
 */
#ifndef _LDM_COMPAT_LINUX_SYSFS_H
#define _LDM_COMPAT_LINUX_SYSFS_H

#include <ldm/sysfs.h>

#endif /* _LDM_COMPAT_LINUX_SYSFS_H */
