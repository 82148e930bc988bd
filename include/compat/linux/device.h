/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/device.h> for an unchanged 2.6.9 driver: <ldm/device.h>.
 */
#ifndef _LDM_COMPAT_LINUX_DEVICE_H
#define _LDM_COMPAT_LINUX_DEVICE_H

#include <ldm/device.h>

#endif /* _LDM_COMPAT_LINUX_DEVICE_H */
