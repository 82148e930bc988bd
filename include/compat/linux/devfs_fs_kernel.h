/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/devfs_fs_kernel.h> for an unchanged 2.6.9 driver: <ldm/devfs_fs_kernel.h>.
 */
#ifndef _LDM_COMPAT_LINUX_DEVFS_FS_KERNEL_H
#define _LDM_COMPAT_LINUX_DEVFS_FS_KERNEL_H

#include <ldm/devfs_fs_kernel.h>

#endif /* _LDM_COMPAT_LINUX_DEVFS_FS_KERNEL_H */
