/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/sysdev.h> for an unchanged 2.6.9 driver: <ldm/sysdev.h>.
 */
#ifndef _LDM_COMPAT_LINUX_SYSDEV_H
#define _LDM_COMPAT_LINUX_SYSDEV_H

#include <ldm/sysdev.h>

#endif /* _LDM_COMPAT_LINUX_SYSDEV_H */
