/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/fs.h> for an unchanged 2.6.9 driver: <ldm/fs.h>.
 */
#ifndef _LDM_COMPAT_LINUX_FS_H
#define _LDM_COMPAT_LINUX_FS_H

#include <ldm/fs.h>

#endif /* _LDM_COMPAT_LINUX_FS_H */
