/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/firmware.h> for an unchanged 2.6.9 driver: <ldm/firmware.h>.
 */
#ifndef _LDM_COMPAT_LINUX_FIRMWARE_H
#define _LDM_COMPAT_LINUX_FIRMWARE_H

#include <ldm/firmware.h>

#endif /* _LDM_COMPAT_LINUX_FIRMWARE_H */
