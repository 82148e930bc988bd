/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/cdev.h> for an unchanged 2.6.9 driver: <ldm/cdev.h>.
 */
#ifndef _LDM_COMPAT_LINUX_CDEV_H
#define _LDM_COMPAT_LINUX_CDEV_H

#include <ldm/cdev.h>

#endif /* _LDM_COMPAT_LINUX_CDEV_H */
