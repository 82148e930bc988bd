/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/proc_fs.h> for an unchanged 2.6.9 driver: <ldm/proc_fs.h>.
 */
#ifndef _LDM_COMPAT_LINUX_PROC_FS_H
#define _LDM_COMPAT_LINUX_PROC_FS_H

#include <ldm/proc_fs.h>

#endif /* _LDM_COMPAT_LINUX_PROC_FS_H */
