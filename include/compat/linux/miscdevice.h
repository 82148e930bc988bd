/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/miscdevice.h> for an unchanged 2.6.9 driver: <ldm/miscdevice.h>.
 */
#ifndef _LDM_COMPAT_LINUX_MISCDEVICE_H
#define _LDM_COMPAT_LINUX_MISCDEVICE_H

#include <ldm/miscdevice.h>

#endif /* _LDM_COMPAT_LINUX_MISCDEVICE_H */
